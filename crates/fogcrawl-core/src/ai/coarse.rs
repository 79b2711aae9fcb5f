//! A faction's coarse graph: the two-tier planner (`gridpath::hierarchy`,
//! HPA* over cell costs) of its planning grid, and the two uses the game
//! makes of it.
//!
//! - A goal far off (a hunt, a search) is planned coarse first: a search of
//!   the graph of cluster entrances, then only the first stretch of it is
//!   refined into cells near the monster. It walks that stretch and plans
//!   again from its end, so what it learns on the way counts.
//! - A stroll far from the player is one search inside a small box round
//!   the monster and its spot: the cheapest way inside it (roads taken
//!   when they are cheaper for the faction), with a hard node cap.
//!
//! The graph is built with the planning grid (on all cores with the other
//! factions' at a level's start). It is not saved: it is a function of the
//! planning grid alone (its cells' prices), so it is built again from the
//! loaded grid when first needed, and a resumed game plans exactly as the
//! unbroken one. It
//! is kept current by repair: before a coarse search it catches up with
//! the cells whose price changed since its last search (the grid keeps
//! that record), re-pricing only the clusters they lie in.

use gridpath::{
    CoarseOutcome, Grid, Heuristic, HierarchicalSearch, Hierarchy, HierarchyOptions, Pos,
    path_cost, walkable_straight_path,
};

/// The side of a cluster, in cells: the engine's default (see
/// `crates/gridpath/README.md` for what it costs and saves).
pub const CLUSTER_SIZE: usize = 16;
/// Goals further than this (Chebyshev, in cells) are planned coarse first;
/// nearer ones get one A* through the faction's planner as before (four
/// clusters: the engine's own near search answers within two).
pub const COARSE_FROM: i32 = 64;
/// A coarse plan is refined into cells until the refined stretch is at
/// least this many cells long (or reaches the goal): what the monster walks
/// before it plans again.
pub const REFINE_AHEAD: usize = 24;
/// Cells round a stroll's two ends that its search may use.
pub const STROLL_MARGIN: i32 = 2;
/// A stroll's straight line is taken without a search when it is walkable
/// and costs at most this many times what any way inside its box could
/// (the line's length at the box's cheapest cell): on ground of one price,
/// most of a big level, no search finds better.
pub const LINE_SLACK: f64 = 1.3;
/// The most cells one stroll's search expands: a box of a 12-cell range
/// and the margin holds at most 17 x 17 cells.
pub const STROLL_NODES: u64 = 300;

/// A coarse plan, refined near the monster.
#[derive(Debug, Clone, PartialEq)]
pub struct CoarseRoute {
    /// The refined cells from the start (included) to the end of the
    /// stretch: every step legal.
    pub cells: Vec<Pos>,
    /// The coarse path: the start, the transition cells, the goal.
    pub waypoints: Vec<Pos>,
    /// Whether the refined stretch reaches the goal.
    pub complete: bool,
}

/// How a coarse planning ended, and what it spent.
#[derive(Debug, Clone, PartialEq)]
pub enum CoarseAnswer {
    Route(CoarseRoute),
    /// No way there as far as the faction knows.
    NoPath,
    /// Not within the nodes it was given.
    OverBudget,
}

/// The coarse graph of one faction's planning grid (see the module
/// header).
#[derive(Debug, Clone, Default)]
pub struct CoarseMap {
    hierarchy: Option<Hierarchy>,
    search: HierarchicalSearch,
    /// Coarse searches run, and nodes they and their refinement expanded.
    pub searches: u64,
    pub expanded: u64,
    /// Clusters re-priced by repairs, and whole rebuilds.
    pub repriced: u64,
    pub rebuilds: u64,
}

impl CoarseMap {
    /// Forgets the graph (a new level or grid): it is built again when
    /// first needed.
    pub fn reset(&mut self) {
        self.hierarchy = None;
    }

    /// The graph as last brought up to date, if it was ever built (the
    /// overlay draws it; it does not build or repair it).
    pub fn hierarchy(&self) -> Option<&Hierarchy> {
        self.hierarchy.as_ref()
    }

    /// Builds the graph now if it is not built (a level's start does it
    /// beside the other level-sized work, not in a turn).
    pub fn prepare(&mut self, grid: &Grid) {
        built(&mut self.hierarchy, &mut self.rebuilds, grid);
    }

    /// Plans from `from` to `goal` coarse first, spending at most
    /// `node_budget` coarse expansions, then refines the coarse steps into
    /// cells until the stretch is [`REFINE_AHEAD`] cells long. Returns the
    /// answer and the nodes it expanded (coarse and fine together).
    pub fn plan(
        &mut self,
        grid: &Grid,
        from: Pos,
        goal: Pos,
        node_budget: u64,
    ) -> (CoarseAnswer, u64) {
        let Some(hierarchy) = built(&mut self.hierarchy, &mut self.rebuilds, grid) else {
            return (CoarseAnswer::NoPath, 0);
        };
        // Catch up with what the faction learned since the last search.
        let repair = hierarchy.sync(grid);
        self.repriced += repair.clusters_repriced as u64;
        self.rebuilds += u64::from(repair.rebuilt);
        let budget = usize::try_from(node_budget).unwrap_or(usize::MAX);
        let outcome = self
            .search
            .find_coarse_path(hierarchy, grid, from, goal, budget);
        let spent = self.search.stats().expanded();
        let plan = match outcome {
            Ok(CoarseOutcome::Found(plan)) => plan,
            Ok(CoarseOutcome::NoPath) | Err(_) => return (CoarseAnswer::NoPath, spent),
            Ok(CoarseOutcome::OverBudget) => return (CoarseAnswer::OverBudget, spent),
        };
        self.searches += 1;
        let mut cells = vec![from];
        let mut complete = true;
        for pair in plan.waypoints.windows(2) {
            if cells.len() > REFINE_AHEAD {
                complete = false;
                break;
            }
            let (a, b) = (pair[0], pair[1]);
            if a == b {
                continue;
            }
            let Some(piece) = self.search.refine_step(hierarchy, grid, a, b) else {
                // The graph was current, so every coarse step has cells:
                // none would be a bug, answered as no way rather than an
                // illegal one.
                return (CoarseAnswer::NoPath, self.search.stats().expanded());
            };
            cells.extend_from_slice(&piece[1..]);
        }
        // Refinement searches count too (the stats add them up).
        let spent = self.search.stats().expanded();
        self.expanded += spent;
        let route = CoarseRoute {
            cells,
            waypoints: plan.waypoints,
            complete,
        };
        (CoarseAnswer::Route(route), spent)
    }

    /// The way from `from` to `to` for a stroll: the straight line when it
    /// is walkable and within [`LINE_SLACK`] of the cheapest any way in
    /// the box could cost, else the cheapest way inside a box
    /// [`STROLL_MARGIN`] cells wider than the two ends, expanding at most
    /// `node_budget` cells; `None` when there is none within it. Also the
    /// nodes spent.
    pub fn stroll(
        &mut self,
        grid: &Grid,
        from: Pos,
        to: Pos,
        node_budget: u64,
    ) -> (Option<Vec<Pos>>, u64) {
        if let Some(line) = walkable_straight_path(grid, from, to) {
            let length =
                Heuristic::Octile.estimate(f64::from(to.x - from.x), f64::from(to.y - from.y));
            if line.cost <= LINE_SLACK * length * box_min_cost(grid, from, to) + 1e-9 {
                return (Some(line.cells), 0);
            }
        }
        let Some(hierarchy) = built(&mut self.hierarchy, &mut self.rebuilds, grid) else {
            return (None, 0);
        };
        let found =
            self.search
                .find_near_path(hierarchy, grid, (from, to), STROLL_MARGIN, node_budget);
        let spent = self.search.stats().fine_expanded;
        match found {
            Ok(Some(path)) if path_cost(grid, &path.cells).is_some() => (Some(path.cells), spent),
            _ => (None, spent),
        }
    }
}

/// The cheapest cell cost in the box [`STROLL_MARGIN`] cells round `a`
/// and `b` (infinite if none is passable).
fn box_min_cost(grid: &Grid, a: Pos, b: Pos) -> f64 {
    let x0 = (a.x.min(b.x) - STROLL_MARGIN).max(0);
    let y0 = (a.y.min(b.y) - STROLL_MARGIN).max(0);
    let x1 = (a.x.max(b.x) + STROLL_MARGIN).min(grid.width() as i32 - 1);
    let y1 = (a.y.max(b.y) + STROLL_MARGIN).min(grid.height() as i32 - 1);
    let mut least = f64::INFINITY;
    for y in y0..=y1 {
        for x in x0..=x1 {
            if let Some(cost) = grid.cost(Pos::new(x, y)) {
                least = least.min(cost);
            }
        }
    }
    least
}

/// The graph in `slot` if it covers `grid`, else one built now for it.
fn built<'a>(
    slot: &'a mut Option<Hierarchy>,
    rebuilds: &mut u64,
    grid: &Grid,
) -> Option<&'a mut Hierarchy> {
    let fits = slot.as_ref().is_some_and(|h| {
        h.cluster_count() > 0 && {
            let (corner, width, height) = h.cluster_bounds(h.cluster_count() - 1);
            corner.x as usize + width == grid.width() && corner.y as usize + height == grid.height()
        }
    });
    if !fits {
        let options = HierarchyOptions {
            cluster_size: CLUSTER_SIZE,
        };
        *slot = Hierarchy::build(grid, options).ok();
        *rebuilds += 1;
    }
    slot.as_mut()
}
