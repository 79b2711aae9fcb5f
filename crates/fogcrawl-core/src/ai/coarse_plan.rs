//! Far goals planned coarse first: a player hunted from afar, the last
//! known position searched, a noise or a shout heard from far off.
//!
//! A goal more than [`FAR_GOAL`] cells from the member is planned over the
//! coarse graph of its faction's own planning grid (what the faction
//! believes, priced by its rules and influences: knowledge still travels
//! only by sight, hearing and shouts), as `gridpath::hierarchy` cuts it
//! (clusters of [`CLUSTER_SIZE`], HPA* over cell costs). Only the first
//! stretch is refined into cells: the coarse path's waypoints up to
//! [`FINE_STRETCH`] cells from the member. When the member has walked it,
//! it plans again from where it got to (the coarse path as the faction
//! then knows the ground), so each stretch is refined on what it learned
//! on the way. The rest of the coarse path is kept for the debug overlay
//! and its "why" line.
//!
//! The hierarchy is built from the planning grid on the faction's first
//! far plan and brought up to date from the grid's own change log before
//! each one after (`Hierarchy::sync`): the borders a changed cell lies on
//! get their entrances found again, and the priced clusters it lies in, or
//! across those borders, are left unpriced, to be priced again when a
//! search next reaches them (the grid changes every turn where monsters
//! crowd, so pricing on each change would cost more than the plans).
//! Repairs never patch: every crossing is priced afresh from the grid.
//!
//! Pricing is most of what a far plan costs (a search from each node of a
//! cluster over its cells: one plan over an unpriced horde priced 40,000
//! cells), so it has a budget: the faction's pricing allowance per turn
//! (`faction::PRICING_BUDGET_SHARE`). A cluster is priced only while an
//! upper bound on its cells fits what is left of it, and the stretch next
//! to the member first: the coarse path is found on what is priced
//! (estimates elsewhere), the clusters its stretch would cross on
//! estimates are priced nearest first, and the path found again; what is
//! left then prices the way beyond as far as the search reaches, the rest
//! crossed on estimates. When even the stretch does not fit, the plan is
//! not made this turn (the member steps closer meanwhile, as while a
//! search runs) and the clusters it priced stay priced, so the next
//! turn's try goes further. The turn's first far plan, on an allowance
//! not yet touched, prices its stretch while any of it is left, whatever
//! the next cluster's bound, until a stretch stands on prices (at most
//! one cluster past it; pricing the way beyond never goes past): on open ground
//! a stretch's clusters cost more than a turn's allowance (their bounds,
//! the cells each node's search can reach, are what pricing settles, to
//! a few per cent), and an investigator kept waiting for them gave its
//! noise up. Which
//! clusters are priced is then history, not a function of the grid: it is
//! saved (the clusters, as of which grid state), and a loaded game
//! prices them again when it builds the hierarchy on its next far plan
//! (`Hierarchy::restore_priced`), so it plans exactly as the unbroken one.

use gridpath::{
    CoarseOutcome, CoarsePlan, Grid, HierarchicalSearch, Hierarchy, HierarchyOptions,
    HierarchyStats, Path, Pos, PricedClusters, path_cost,
};
use serde::{Deserialize, Deserializer, Serialize, Serializer};

use crate::ai::coarse::CLUSTER_SIZE;

/// A goal further than this (Chebyshev, in cells) from the member is
/// planned coarse first: two clusters. Nearer, the hierarchy's own query
/// answers with one fine search in a box round both ends, as the
/// coarse graph would only add detours through entrances there; further,
/// the fine search's cost grows with the area between the ends, the
/// coarse one with the clusters along the way.
pub(crate) const FAR_GOAL: i32 = 2 * CLUSTER_SIZE as i32;

/// The refined stretch ends at the last waypoint of the coarse path within
/// this distance (Chebyshev) of the member, or at the first waypoint when
/// none is: about two clusters' walk before it plans again.
pub(crate) const FINE_STRETCH: i32 = 2 * CLUSTER_SIZE as i32;

/// A far plan is not tried with less of the turn's node budget left than
/// this, or half the faction's `node_budget` if less: joining the start
/// and the goal to their clusters alone may take two clusters' cells
/// (see `Faction::plan_far`).
pub(crate) const MIN_FAR_BUDGET: u64 = 2 * (CLUSTER_SIZE * CLUSTER_SIZE) as u64;

/// A far goal's plan: the refined first stretch and what lies beyond it.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct FarPlan {
    /// The cells from the member (included) to the stretch's end, every
    /// step legal on the planning grid, and their cost.
    pub path: Path,
    /// The coarse path's waypoints after the stretch's end, the goal last
    /// (empty when the stretch reaches the goal).
    pub ahead: Vec<Pos>,
    /// What the way along `ahead` from the stretch's end costs on the
    /// planning grid: the coarse edges' costs (the ground each crosses,
    /// as the cluster crossings were priced), not a straight step a cell.
    /// A way round a marsh by the road is priced by the road's cells, a
    /// way across it by the marsh's (0 when `ahead` is empty).
    pub ahead_cost: f64,
}

/// How a far plan went.
#[derive(Debug, Clone, PartialEq)]
pub(crate) enum FarAnswer {
    Plan(FarPlan),
    /// No way there on what the faction knows.
    Unreachable,
    /// Not within the turn's budget: asked again next turn.
    OverBudget,
}

/// What a far plan cost (pricing out of the turn's pricing allowance, the
/// rest out of its node budget).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub(crate) struct FarCost {
    /// Coarse nodes expanded, cells expanded joining the ends to their
    /// clusters and refining the stretch, and cells settled pricing the
    /// clusters the coarse search reached.
    pub expanded: u64,
    /// Priced clusters whose cells changed since they were priced, left
    /// to be priced again when a search reaches them (the repair before
    /// this plan).
    pub clusters_unpriced: u64,
    /// Changed cells the repair read.
    pub cells_repaired: u64,
    /// Of `expanded`, the cells settled pricing clusters the coarse search
    /// reached (the part of a far plan that grows with the ground it
    /// crosses rather than with its coarse nodes).
    pub cells_priced: u64,
    /// Coarse nodes expanded on estimated crossings (clusters the pricing
    /// allowance did not reach).
    pub nodes_estimated: u64,
}

/// A faction's far planning: its hierarchy (built on its first far plan)
/// and a reused search. Saved as which clusters are priced (see the
/// module header).
#[derive(Debug, Clone, Default)]
pub(crate) struct FarPlanner {
    hierarchy: Option<Hierarchy>,
    search: HierarchicalSearch,
    /// The clusters a loaded game's hierarchy had priced: priced again
    /// when it is built on the next far plan.
    restore: Option<PricedClusters>,
    /// Cells settled pricing clusters by every far plan since this
    /// planner was made, and the most by one plan (measures of a cache's
    /// work: a loaded game starts them again at 0).
    cells_priced: u64,
    priced_most: u64,
}

impl FarPlanner {
    /// Forgets the hierarchy (the faction plans on another grid now).
    pub(crate) fn reset(&mut self) {
        self.hierarchy = None;
        self.restore = None;
    }

    /// Cells settled pricing clusters by every far plan since this planner
    /// was made, and the most by one plan.
    pub(crate) fn cells_priced(&self) -> (u64, u64) {
        (self.cells_priced, self.priced_most)
    }

    /// The hierarchy as of the last far plan, if there was one.
    #[cfg(test)]
    pub(crate) fn hierarchy(&self) -> Option<&Hierarchy> {
        self.hierarchy.as_ref()
    }

    /// Plans from `from` to the far `goal` on `grid` (see the module
    /// header), searching the coarse graph for at most `node_budget` nodes
    /// (none: over budget at once) and pricing the clusters it reaches out
    /// of the same budget (see [`Self::plan_pricing_within`]).
    #[cfg(test)]
    pub(crate) fn plan(
        &mut self,
        grid: &Grid,
        from: Pos,
        goal: Pos,
        node_budget: u64,
    ) -> (FarAnswer, FarCost) {
        self.plan_pricing_within(grid, (from, goal), node_budget, None)
    }

    /// [`Self::plan`], pricing clusters out of a pricing `allowance` of
    /// their own (`None`: out of `node_budget` with the coarse nodes, the
    /// first cluster priced whatever, so a plan whose clusters cost more
    /// than a turn's budget gets further each turn). With an allowance, the
    /// stretch is priced first: the coarse path is found on what is priced
    /// (estimates elsewhere), the clusters its stretch crosses on estimates
    /// are priced nearest first while an upper bound on their cells fits
    /// what is left, and the path found again, until the stretch stands on
    /// prices; then what is left prices the clusters the coarse search
    /// reaches beyond it, and the rest is crossed on estimates. It never
    /// settles more than `allowance.left` cells, but on an allowance not
    /// yet touched this turn (the turn's first far plan), whose stretch is
    /// priced while any is left until one stands on prices, so at most one
    /// cluster past it. When even
    /// the stretch does not fit, it answers
    /// [`FarAnswer::OverBudget`] (the member plans next turn), and what it
    /// priced stays priced.
    pub(crate) fn plan_pricing_within(
        &mut self,
        grid: &Grid,
        (from, goal): (Pos, Pos),
        node_budget: u64,
        allowance: Option<Allowance>,
    ) -> (FarAnswer, FarCost) {
        let mut cost = FarCost::default();
        if node_budget == 0 {
            return (FarAnswer::OverBudget, cost);
        }
        let hierarchy = match &mut self.hierarchy {
            Some(hierarchy) => {
                let repair = hierarchy.sync(grid);
                cost.clusters_unpriced = repair.clusters_unpriced as u64;
                cost.cells_repaired = repair.cells as u64;
                hierarchy
            }
            None => {
                let options = HierarchyOptions {
                    cluster_size: CLUSTER_SIZE,
                };
                let Ok(mut built) = Hierarchy::build(grid, options) else {
                    // A grid that cuts corners has no hierarchy: the
                    // faction's grids never do.
                    return (FarAnswer::OverBudget, cost);
                };
                built.set_patching(false);
                built.set_pricing_on_demand(true);
                if let Some(saved) = self.restore.take() {
                    // What the unbroken game had priced (the cells this
                    // takes are the load's, not this plan's).
                    built.restore_priced(grid, &saved);
                }
                self.hierarchy.insert(built)
            }
        };
        let mut spent = Spent {
            grid,
            ends: (from, goal),
            node_budget,
            stats: HierarchyStats::default(),
        };
        let outcome = match allowance {
            None => spent.query(&mut self.search, hierarchy, None),
            Some(allowance) => spent.stretch_first(&mut self.search, hierarchy, allowance),
        };
        let fine_before = self.search.stats().fine_expanded;
        let answer = match outcome {
            Ok(CoarseOutcome::Found(plan)) => {
                match refine_stretch(&mut self.search, hierarchy, grid, &plan) {
                    Some(plan) => FarAnswer::Plan(plan),
                    // The stretch crosses a cluster on estimates (the
                    // turn's allowance did not reach it): no plan this
                    // turn; the clusters priced stay priced, and the next
                    // turn's allowance goes on from them.
                    None => FarAnswer::OverBudget,
                }
            }
            Ok(CoarseOutcome::OverBudget) => FarAnswer::OverBudget,
            Ok(CoarseOutcome::NoPath) | Err(_) => FarAnswer::Unreachable,
        };
        // Refining the stretch searched too.
        let mut spent = spent.stats;
        spent.fine_expanded += self.search.stats().fine_expanded - fine_before;
        cost.cells_priced = spent.cells_priced;
        cost.nodes_estimated = spent.nodes_estimated;
        cost.expanded = spent.coarse_expanded + spent.fine_expanded + cost.cells_priced;
        self.cells_priced += cost.cells_priced;
        self.priced_most = self.priced_most.max(cost.cells_priced);
        (answer, cost)
    }
}

/// A faction's pricing allowance as one far plan finds it (see
/// [`FarPlanner::plan_pricing_within`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Allowance {
    /// Cells still to be settled pricing clusters this turn.
    pub left: u64,
    /// A whole turn's allowance.
    pub whole: u64,
}

/// How many times a far plan's coarse path is found again as the clusters
/// of its stretch get priced: each time at least one more is, and past
/// this it waits for the next turn with the clusters it priced kept.
const STRETCH_TRIES: usize = 6;

/// One far plan's coarse searches and what they spent together.
struct Spent<'a> {
    grid: &'a Grid,
    ends: (Pos, Pos),
    /// Coarse nodes the plan's searches may expand, all together.
    node_budget: u64,
    /// Their work summed, the cells priced outside them included (its
    /// `nodes_estimated` is the answered plan's).
    stats: HierarchyStats,
}

impl Spent<'_> {
    /// A coarse search on what is left of the plan's node budget, pricing
    /// out of `cells` (`None`: out of the node budget, see
    /// [`HierarchicalSearch::find_coarse_path`]).
    fn query(
        &mut self,
        search: &mut HierarchicalSearch,
        hierarchy: &mut Hierarchy,
        cells: Option<u64>,
    ) -> Result<CoarseOutcome, gridpath::QueryError> {
        let left = self.node_budget.saturating_sub(self.stats.coarse_expanded);
        if left == 0 {
            return Ok(CoarseOutcome::OverBudget);
        }
        let budget = usize::try_from(left).unwrap_or(usize::MAX);
        let (grid, (from, goal)) = (self.grid, self.ends);
        let outcome = match cells {
            None => search.find_coarse_path(hierarchy, grid, from, goal, budget),
            Some(cells) => {
                search.find_coarse_path_pricing_within(hierarchy, grid, (from, goal), budget, cells)
            }
        };
        let stats = search.stats();
        self.stats.coarse_expanded += stats.coarse_expanded;
        self.stats.fine_expanded += stats.fine_expanded;
        self.stats.cells_priced += stats.cells_priced;
        self.stats.nodes_estimated = stats.nodes_estimated;
        outcome
    }

    /// The coarse plan with its stretch priced first out of `allowance`
    /// (see [`FarPlanner::plan_pricing_within`]): a plan whose stretch
    /// stands on prices, or the searches' last answer (a plan whose stretch
    /// does not: the allowance did not reach it).
    fn stretch_first(
        &mut self,
        search: &mut HierarchicalSearch,
        hierarchy: &mut Hierarchy,
        allowance: Allowance,
    ) -> Result<CoarseOutcome, gridpath::QueryError> {
        let mut left = allowance.left;
        // The first plan of the turn prices its stretch while any of the
        // allowance is left, whatever the next cluster's bound (so at most
        // one cluster past it): on open mixed ground a member's next
        // clusters cost more than a turn's allowance, by their bounds and
        // in fact (pricing settles nearly all of a bound that counts only
        // the cells each node's search can reach: three clusters of 12
        // nodes settle about 9,000 cells, against a wolf's 5,600), and a
        // stretch priced over turns is unpriced meanwhile where monsters
        // move, while an investigator waiting for it gives its noise up
        // (held strictly to the allowance, fewer far plans are made:
        // docs/SIM.md).
        let fresh = allowance.left == allowance.whole;
        let mut outcome = self.query(search, hierarchy, Some(0));
        // The last plan whose stretch stood on prices, with the coarse
        // nodes it expanded on estimates.
        let mut standing: Option<(CoarsePlan, u64)> = None;
        let mut priced_beyond = false;
        for _ in 0..STRETCH_TRIES {
            let Ok(CoarseOutcome::Found(plan)) = &outcome else {
                break;
            };
            let guessed = guessed_clusters(hierarchy, &plan.waypoints);
            if guessed.is_empty() {
                standing = Some((plan.clone(), self.stats.nodes_estimated));
                if priced_beyond || left == 0 || self.stats.nodes_estimated == 0 {
                    break;
                }
                // What is left prices the way beyond, as far as the
                // coarse search reaches: it may move the stretch onto a
                // cluster not priced yet (priced again below, if it fits).
                priced_beyond = true;
                let before = self.stats.cells_priced;
                outcome = self.query(search, hierarchy, Some(left));
                left = left.saturating_sub(self.stats.cells_priced - before);
                continue;
            }
            let mut priced = 0;
            for cluster in guessed {
                // Past the allowance only for a stretch to walk: once one
                // stood on prices, it stands rather than the allowance go.
                let past = fresh && left > 0 && standing.is_none();
                if hierarchy.pricing_bound(self.grid, cluster) > left && !past {
                    break;
                }
                let cells = hierarchy.price_cluster(self.grid, cluster);
                self.stats.cells_priced += cells;
                left = left.saturating_sub(cells);
                priced += 1;
            }
            if priced == 0 {
                break;
            }
            outcome = self.query(search, hierarchy, Some(0));
        }
        let stretch_priced = match &outcome {
            Ok(CoarseOutcome::Found(plan)) => {
                guessed_clusters(hierarchy, &plan.waypoints).is_empty()
            }
            Ok(CoarseOutcome::OverBudget) => false,
            Ok(CoarseOutcome::NoPath) | Err(_) => true,
        };
        match standing {
            // Pricing beyond moved the stretch where the allowance did not
            // reach, or the node budget ran out: the plan before stands.
            Some((plan, estimated)) if !stretch_priced => {
                self.stats.nodes_estimated = estimated;
                Ok(CoarseOutcome::Found(plan))
            }
            _ => outcome,
        }
    }
}

/// Saved as the clusters its hierarchy has priced (none without one), so
/// a loaded game prices the same ones again ([`Hierarchy::restore_priced`]).
impl Serialize for FarPlanner {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let priced = match &self.hierarchy {
            Some(hierarchy) => Some(hierarchy.priced_clusters()),
            None => self.restore.clone(),
        };
        priced.serialize(serializer)
    }
}

impl<'de> Deserialize<'de> for FarPlanner {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        Ok(Self {
            restore: Option::<PricedClusters>::deserialize(deserializer)?,
            ..Self::default()
        })
    }
}

/// The refined first stretch of the coarse path `plan` (its waypoints the
/// start first, the goal last), and the waypoints beyond it with their
/// cost: the coarse path's cost less the stretch's, as the stretch is
/// refined along the same coarse edges (each refined step is the least
/// way between its two waypoints, what the edge was priced at).
fn refine_stretch(
    search: &mut HierarchicalSearch,
    hierarchy: &Hierarchy,
    grid: &Grid,
    plan: &CoarsePlan,
) -> Option<FarPlan> {
    let waypoints = &plan.waypoints;
    let &start = waypoints.first()?;
    let end = stretch_end(waypoints);
    let stretch = &waypoints[..=end.min(waypoints.len() - 1)];
    // Near the member the plan must stand on prices, not estimates (see
    // `guessed_clusters`).
    if !guessed_clusters(hierarchy, waypoints).is_empty() {
        return None;
    }
    let mut cells = vec![start];
    let mut reached = 0;
    for (at, pair) in stretch.windows(2).enumerate() {
        if pair[0] == pair[1] {
            reached = at + 1;
            continue;
        }
        // Every step has its cells (the stretch's clusters are priced, its
        // first and last steps searched); should one not, the stretch ends
        // before it rather than step illegally.
        let Some(piece) = search.refine_step(hierarchy, grid, pair[0], pair[1]) else {
            break;
        };
        cells.extend_from_slice(piece.get(1..)?);
        reached = at + 1;
    }
    if cells.len() < 2 {
        return None;
    }
    let cost = path_cost(grid, &cells)?;
    let ahead = waypoints.get(reached + 1..).unwrap_or_default().to_vec();
    let ahead_cost = if ahead.is_empty() {
        0.0
    } else {
        (plan.cost - cost).max(0.0)
    };
    Some(FarPlan {
        path: Path { cells, cost },
        ahead,
        ahead_cost,
    })
}

/// The index of the last waypoint of the stretch to refine: the last one
/// within [`FINE_STRETCH`] of the first, and at least the second.
fn stretch_end(waypoints: &[Pos]) -> usize {
    let Some((&start, rest)) = waypoints.split_first() else {
        return 0;
    };
    1 + rest
        .iter()
        .skip(1)
        .take_while(|&&waypoint| start.chebyshev(waypoint) <= FINE_STRETCH)
        .count()
}

/// The clusters the stretch of the coarse path `waypoints` crosses on
/// estimates: a step between two of a cluster's nodes (not the start's
/// way out nor the way into the goal, which were searched) in a cluster
/// that is not priced. Near the member the plan must stand on prices: a
/// stretch stepped on such estimates, which may go through walls, sent an
/// investigator three cells from its goal back and forth, each plan from
/// the next cell guessing anew (chapter-rooms seed 4). Only the coarse
/// path beyond the stretch may rest on estimates.
fn guessed_clusters(hierarchy: &Hierarchy, waypoints: &[Pos]) -> Vec<usize> {
    let (Some(&start), Some(&goal)) = (waypoints.first(), waypoints.last()) else {
        return Vec::new();
    };
    let end = stretch_end(waypoints).min(waypoints.len() - 1);
    let mut guessed: Vec<usize> = waypoints[..=end]
        .windows(2)
        .filter_map(|pair| {
            let (from, to) = (pair[0], pair[1]);
            let cluster = hierarchy.cluster_of(from)?;
            let inside = from != start && to != goal && from != to;
            (inside && hierarchy.cluster_of(to) == Some(cluster) && !hierarchy.is_priced(cluster))
                .then_some(cluster)
        })
        .collect();
    // Nearest the member first (the order they are priced in), each once.
    let mut seen = Vec::with_capacity(guessed.len());
    guessed.retain(|&cluster| {
        let first = !seen.contains(&cluster);
        seen.push(cluster);
        first
    });
    guessed
}

/// How many clusters (of [`CLUSTER_SIZE`]) the coarse waypoints `route`
/// lie in, counting a cluster again when the route comes back to it.
pub(crate) fn clusters_along(route: &[Pos]) -> usize {
    let side = CLUSTER_SIZE as i32;
    let cluster = |p: &Pos| (p.x.div_euclid(side), p.y.div_euclid(side));
    let mut count = 0;
    let mut last = None;
    for waypoint in route {
        let here = cluster(waypoint);
        if last != Some(here) {
            count += 1;
            last = Some(here);
        }
    }
    count
}

#[cfg(test)]
#[path = "coarse_plan/tests.rs"]
mod tests;
