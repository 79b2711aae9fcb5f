//! A query over a [`Hierarchy`]: join the start and goal to their clusters'
//! nodes, search the coarse graph with [`GraphAStar`], refine each coarse
//! step into cells inside its cluster, then smooth.
//!
//! Near queries (start and goal at most two clusters apart each way) are
//! first tried with one search inside a box around both, one cluster wider
//! on every side: that is exact whenever the cheapest path stays in the
//! box, and the coarse graph would only add detours through transitions.

use super::box_search::{BoxSearch, CellBox};
use super::least_costs::least_cost_in_box;
use super::{Hierarchy, Layout};
use crate::astar::QueryError;
use crate::endpoints::check_endpoints;
use crate::graph_search::{Graph, GraphAStar, GraphSearchOutcome};
use crate::grid::{Diagonals, Grid};
use crate::heuristic::Heuristic;
use crate::pos::Pos;
use crate::smoothing::{path_cost, string_pull_into};

/// What the last query did.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct HierarchyStats {
    /// Coarse nodes expanded.
    pub coarse_expanded: u64,
    /// Grid cells expanded: joining the start and goal to their clusters,
    /// refining coarse steps, and the near search.
    pub fine_expanded: u64,
    /// Whether the near search answered (no coarse search).
    pub near: bool,
    /// Grid cells a search would have expanded to find it had no way, had
    /// the records of the last one not already shown it (see
    /// [`HierarchicalSearch::way_in_cluster`]): no work was done for them.
    pub fine_recalled: u64,
    /// Grid cells settled pricing the clusters the coarse search reached
    /// that were not priced yet.
    pub cells_priced: u64,
    /// Whether a coarse search stopped because pricing the next cluster it
    /// reached would have gone over its node budget (see
    /// [`HierarchicalSearch::find_coarse_path`]).
    pub pricing_stopped: bool,
    /// Coarse nodes expanded on estimated crossings, their clusters not
    /// priced as pricing them would have gone over the pricing budget (see
    /// [`HierarchicalSearch::find_coarse_path_pricing_within`]).
    pub nodes_estimated: u64,
}

impl HierarchyStats {
    /// Coarse and fine expansions together.
    pub fn expanded(&self) -> u64 {
        self.coarse_expanded + self.fine_expanded
    }
}

/// A path found through a hierarchy.
#[derive(Debug, Clone, PartialEq)]
pub struct HierarchicalPath {
    /// The cells from start to goal, both included: every step legal.
    pub cells: Vec<Pos>,
    /// What walking the cells costs.
    pub cost: f64,
    /// The coarse path: the start, the transition cells it passed, the goal
    /// (just the two ends when the near search answered).
    pub coarse: Vec<Pos>,
}

/// A coarse plan without its cells: for a walker that refines only the
/// stretch ahead of it.
#[derive(Debug, Clone, PartialEq)]
pub struct CoarsePlan {
    /// The start, the transition cells the coarse path passes, the goal.
    pub waypoints: Vec<Pos>,
    /// The coarse path's cost (what the refined path costs before smoothing).
    pub cost: f64,
}

/// How a budgeted coarse search ended.
#[derive(Debug, Clone, PartialEq)]
pub enum CoarseOutcome {
    /// A coarse plan.
    Found(CoarsePlan),
    /// No way from the start to the goal.
    NoPath,
    /// The node budget ran out first.
    OverBudget,
}

/// Reusable state for queries over hierarchies.
#[derive(Debug, Clone, Default)]
pub struct HierarchicalSearch {
    coarse: GraphAStar,
    /// Near searches, refinement without kept paths, and the search from
    /// the start over its cluster (whose ways refine the first coarse step).
    cells: BoxSearch,
    /// The backward search from the goal over its cluster (whose ways
    /// refine the last coarse step).
    goal_cells: BoxSearch,
    start_edges: Vec<(usize, f64)>,
    goal_costs: Vec<f64>,
    stats: HierarchyStats,
    refined: Vec<Pos>,
    /// [`HierarchicalSearch::way_in_cluster`]'s own records (no other
    /// search writes them, so [`HierarchicalSearch::flooded`] stays true
    /// of them).
    cluster_cells: BoxSearch,
    /// The last [`HierarchicalSearch::way_in_cluster`] that found no way:
    /// it settled every cell of its cluster it could reach.
    flooded: Option<FloodedCluster>,
    /// What the coarse search under way may spend on pricing (`None`:
    /// pricing is not counted).
    pricing_budget: Option<PricingBudget>,
}

/// A search inside a cluster that found no way and so settled every cell
/// of the cluster reachable from its start: on the same grid state, from
/// the same start, a search to any cell it did not settle finds none
/// either, and would expand these same `expanded` cells again.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct FloodedCluster {
    version: u64,
    from: Pos,
    cluster: CellBox,
    expanded: u64,
}

/// The weight on the coarse search's estimate. A coarse path crosses each
/// border by a straight step, so a diagonal way pays about 0.59 more at
/// every border it crosses: the cost of coarse paths runs a few percent
/// above the fine one, and an exact search would expand every node in
/// that margin. Refinement and smoothing take the extra back.
const COARSE_WEIGHT: f64 = 1.0;

/// Whether near queries try a box search first: start and goal at most
/// this many clusters apart on each axis.
const NEAR_CLUSTERS: i32 = 2;

impl HierarchicalSearch {
    /// A search with no records yet.
    pub fn new() -> Self {
        Self::default()
    }

    /// What the last query did.
    pub fn stats(&self) -> HierarchyStats {
        self.stats
    }

    /// A path from `start` to `goal` and its cost, or `None` when there is
    /// none. Unless the near search answers, the hierarchy is first brought
    /// up to date with `grid` ([`Hierarchy::sync`]).
    pub fn find_path(
        &mut self,
        hierarchy: &mut Hierarchy,
        grid: &Grid,
        start: Pos,
        goal: Pos,
    ) -> Result<Option<HierarchicalPath>, QueryError> {
        self.find_path_within(hierarchy, grid, start, goal, u64::MAX)
    }

    /// [`HierarchicalSearch::find_path`] spending at most about
    /// `node_budget` expansions on its searches: the near search stops at
    /// the budget, and the coarse search at what the near search left
    /// (joining each end to its cluster, and refining a coarse step, search
    /// inside one cluster each, beside the budget). `None` when no
    /// path was found within it. A game's monsters share a node budget per
    /// turn; this keeps one query's share of it bounded.
    pub fn find_path_within(
        &mut self,
        hierarchy: &mut Hierarchy,
        grid: &Grid,
        start: Pos,
        goal: Pos,
        node_budget: u64,
    ) -> Result<Option<HierarchicalPath>, QueryError> {
        check_endpoints(grid, start, goal)?;
        self.stats = HierarchyStats::default();
        if start == goal {
            return Ok(Some(HierarchicalPath {
                cells: vec![start],
                cost: 0.0,
                coarse: vec![start, goal],
            }));
        }
        if (hierarchy.layout().width, hierarchy.layout().height)
            != (grid.width() as i32, grid.height() as i32)
        {
            // Another grid altogether: rebuilt for it.
            hierarchy.sync(grid);
        }
        let layout = hierarchy.layout();
        self.cells.limit = Some(node_budget);
        let near = self.near(grid, layout, start, goal);
        self.cells.limit = None;
        if let Some((cells, _)) = near {
            self.stats.near = true;
            return Ok(Some(self.smoothed(grid, &cells, vec![start, goal])));
        }
        let left = node_budget.saturating_sub(self.stats.fine_expanded);
        if left == 0 {
            return Ok(None);
        }
        // Only the coarse search reads the coarse graph: a near answer
        // needs no repair.
        hierarchy.sync(grid);
        let left = usize::try_from(left).unwrap_or(usize::MAX);
        let plan = match self.coarse_plan(hierarchy, grid, start, goal, left) {
            CoarseOutcome::Found(plan) => plan,
            CoarseOutcome::NoPath | CoarseOutcome::OverBudget => return Ok(None),
        };
        let mut cells = vec![start];
        let mut piece = Vec::new();
        let last = plan.waypoints.len().saturating_sub(2);
        for (leg, pair) in plan.waypoints.windows(2).enumerate() {
            let (from, to) = (pair[0], pair[1]);
            if from == to {
                continue;
            }
            // The first step leaves the start and the last reaches the goal
            // along the ways the searches joining them found; the others
            // are kept crossings or steps over a border.
            piece.clear();
            let found = if leg == 0 && from == start {
                self.cells.way(to, &mut piece)
            } else if leg == last && to == goal {
                self.goal_cells.way(from, &mut piece)
            } else {
                hierarchy.kept_crossing(from, to, &mut piece)
            };
            if !found {
                let Some(refined) = self.refine_step(hierarchy, grid, from, to) else {
                    // The hierarchy was current, so every coarse step has its
                    // cells; none here would be a bug, reported as no path
                    // rather than an illegal one.
                    return Ok(None);
                };
                piece = refined;
            }
            cells.extend_from_slice(&piece[1..]);
        }
        Ok(Some(self.smoothed(grid, &cells, plan.waypoints)))
    }

    /// The near search alone, in a box `margin` cells wider than the ends
    /// on every side: the cheapest path inside it, expanding at most
    /// `node_budget` cells, or `None` when the ends are more than two
    /// clusters apart or no path was found within the box and the budget.
    /// It reads the grid only: the hierarchy is not synced.
    pub fn find_near_path(
        &mut self,
        hierarchy: &Hierarchy,
        grid: &Grid,
        (start, goal): (Pos, Pos),
        margin: i32,
        node_budget: u64,
    ) -> Result<Option<HierarchicalPath>, QueryError> {
        check_endpoints(grid, start, goal)?;
        self.stats = HierarchyStats::default();
        let layout = hierarchy.layout();
        if (layout.width, layout.height) != (grid.width() as i32, grid.height() as i32) {
            return Ok(None);
        }
        self.cells.limit = Some(node_budget);
        let near = self.near_within(grid, layout, start, goal, margin.max(0));
        self.cells.limit = None;
        self.stats.near = true;
        Ok(near.map(|(cells, _)| self.smoothed(grid, &cells, vec![start, goal])))
    }

    /// The coarse plan from `start` to `goal` alone, within `node_budget`:
    /// coarse nodes expanded and grid cells settled pricing the clusters
    /// it reaches that are not priced yet, together (joining the ends to
    /// their clusters is not counted against it). A cluster is priced only
    /// when an upper bound on what that settles (its nodes times its
    /// cells) fits in what is left, but for the first one a query prices,
    /// which is priced whatever: so a query spends at most `node_budget`
    /// and one cluster's pricing, and one whose clusters cost more than
    /// its budget to price gets further each time it is asked, as the
    /// clusters it priced stay priced until their cells change. Stopped
    /// short, it answers [`CoarseOutcome::OverBudget`] (and
    /// [`HierarchyStats::pricing_stopped`] says why). The hierarchy is
    /// synced with `grid` first.
    ///
    /// ```
    /// use gridpath::{CoarseOutcome, Grid, HierarchicalSearch, Hierarchy, HierarchyOptions, Movement, Pos};
    ///
    /// // Two prices of ground, so pricing a cluster searches its cells.
    /// let grid = Grid::from_fn(96, 32, Movement::default(), |x, y| {
    ///     Some(if (x + y) % 5 == 0 { 2.0 } else { 1.0 })
    /// })
    /// .unwrap();
    /// let mut hierarchy = Hierarchy::build(&grid, HierarchyOptions::default()).unwrap();
    /// let mut search = HierarchicalSearch::new();
    /// let (from, to) = (Pos::new(2, 2), Pos::new(93, 29));
    /// let mut tries = 0;
    /// let plan = loop {
    ///     tries += 1;
    ///     match search.find_coarse_path(&mut hierarchy, &grid, from, to, 2_000).unwrap() {
    ///         CoarseOutcome::Found(plan) => break plan,
    ///         CoarseOutcome::OverBudget => {
    ///             // At most the budget and one cluster's pricing.
    ///             let stats = search.stats();
    ///             assert!(stats.coarse_expanded + stats.cells_priced <= 2_000 + 16 * 16 * 16);
    ///         }
    ///         CoarseOutcome::NoPath => unreachable!(),
    ///     }
    /// };
    /// assert!(tries > 1, "spread over several tries");
    /// assert_eq!((plan.waypoints[0], *plan.waypoints.last().unwrap()), (from, to));
    /// ```
    pub fn find_coarse_path(
        &mut self,
        hierarchy: &mut Hierarchy,
        grid: &Grid,
        start: Pos,
        goal: Pos,
        node_budget: usize,
    ) -> Result<CoarseOutcome, QueryError> {
        let budget = PricingBudget::Shared(node_budget as u64);
        self.coarse_query(hierarchy, grid, (start, goal), node_budget, budget)
    }

    /// [`HierarchicalSearch::find_coarse_path`] with pricing out of a
    /// budget of its own: at most `node_budget` coarse nodes expanded, and
    /// clusters priced while an upper bound on what that settles
    /// ([`Hierarchy::pricing_bound`]) fits in what is left of
    /// `pricing_budget` cells, so it never settles more than
    /// `pricing_budget` (with 0, only clusters that settle nothing: open and of one cost, or with one node). For a caller whose
    /// pricing has an allowance of its own beside the searches' budget,
    /// and which sees to it that a walker's next clusters get priced
    /// ([`Hierarchy::price_cluster`]).
    ///
    /// A cluster it cannot price is not a reason to stop: it is crossed on
    /// estimates, each pair of its nodes that lie on one island of the grid
    /// joined at the straight way between them over the cluster's cheapest
    /// cell (never above the cheapest crossing, but it may go through
    /// walls inside the cluster), and counted in
    /// [`HierarchyStats::nodes_estimated`]. The plan's steps inside such
    /// a cluster have no kept cells: [`HierarchicalSearch::refine_step`]
    /// searches them (and finds none where the estimate went through a
    /// wall), and a later query that has the budget prices it.
    pub fn find_coarse_path_pricing_within(
        &mut self,
        hierarchy: &mut Hierarchy,
        grid: &Grid,
        (start, goal): (Pos, Pos),
        node_budget: usize,
        pricing_budget: u64,
    ) -> Result<CoarseOutcome, QueryError> {
        let budget = PricingBudget::Own(pricing_budget);
        self.coarse_query(hierarchy, grid, (start, goal), node_budget, budget)
    }

    fn coarse_query(
        &mut self,
        hierarchy: &mut Hierarchy,
        grid: &Grid,
        (start, goal): (Pos, Pos),
        node_budget: usize,
        pricing: PricingBudget,
    ) -> Result<CoarseOutcome, QueryError> {
        check_endpoints(grid, start, goal)?;
        hierarchy.sync(grid);
        self.stats = HierarchyStats::default();
        self.pricing_budget = Some(pricing);
        let outcome = self.coarse_plan(hierarchy, grid, start, goal, node_budget);
        self.pricing_budget = None;
        Ok(outcome)
    }

    /// The cells of one coarse step (both ends included): the step across
    /// a border, the crossing kept when the cluster was priced (no search,
    /// while the hierarchy is current with `grid`), or else a search inside
    /// the cluster both ends lie in.
    pub fn refine_step(
        &mut self,
        hierarchy: &Hierarchy,
        grid: &Grid,
        from: Pos,
        to: Pos,
    ) -> Option<Vec<Pos>> {
        let layout = hierarchy.layout();
        let (a, b) = (layout.cluster_of(from), layout.cluster_of(to));
        if a != b {
            return grid.is_legal_step(from, to).then(|| vec![from, to]);
        }
        let mut kept = Vec::new();
        if hierarchy.is_current(grid) && hierarchy.kept_crossing(from, to, &mut kept) {
            return Some(kept);
        }
        let found = self.cells.astar(grid, layout.cluster_box(a), from, to);
        self.stats.fine_expanded += std::mem::take(&mut self.cells.expanded);
        found.map(|(cells, _)| cells)
    }

    /// The cheapest way from `from` to `to` without leaving the cluster
    /// (of `cluster_size` cells) both lie in: its cells, both ends
    /// included, or `None` (no way inside it, the two in different
    /// clusters, or off the grid). A search of the cluster's cells alone,
    /// with no hierarchy (see [`crate::hierarchy::cluster_exits`] for its
    /// nodes); [`HierarchicalSearch::stats`] then gives the cells it
    /// expanded. Right after a search from `from` that found no way, on the
    /// same grid state, a cell that search did not reach is answered `None`
    /// from its records with no search (`fine_recalled` says what the
    /// search would have cost): a caller trying several nodes of a cluster
    /// walled off from it pays for the flood once.
    pub fn way_in_cluster(
        &mut self,
        grid: &Grid,
        cluster_size: usize,
        from: Pos,
        to: Pos,
    ) -> Option<Vec<Pos>> {
        self.stats = HierarchyStats::default();
        if cluster_size < 4 || !grid.in_bounds(from) || !grid.in_bounds(to) {
            return None;
        }
        let layout = Layout::new(grid.width(), grid.height(), cluster_size);
        let cluster = layout.cluster_of(from);
        if layout.cluster_of(to) != cluster {
            return None;
        }
        let cell_box = layout.cluster_box(cluster);
        let flood = FloodedCluster {
            version: grid.version(),
            from,
            cluster: cell_box,
            expanded: 0,
        };
        if let Some(last) = self.flooded
            && (last.version, last.from, last.cluster) == (flood.version, flood.from, flood.cluster)
            && !self.cluster_cells.settled(to)
        {
            self.stats.fine_recalled = last.expanded;
            return None;
        }
        // The cluster's own cheapest cell: on a level whose cheapest ground
        // (a road) is elsewhere, the heuristic stays tight here.
        let corner = Pos::new(cell_box.x0, cell_box.y0);
        self.cluster_cells.min_cost =
            least_cost_in_box(grid, corner, cell_box.width, cell_box.height);
        let found = self.cluster_cells.astar(grid, cell_box, from, to);
        self.cluster_cells.min_cost = None;
        let expanded = std::mem::take(&mut self.cluster_cells.expanded);
        self.stats.fine_expanded += expanded;
        self.flooded = found
            .is_none()
            .then_some(FloodedCluster { expanded, ..flood });
        found.map(|(cells, _)| cells)
    }

    /// The cheapest way from the first cell of `walk` to its last without
    /// leaving the box round the walk's cells, `margin` cells wider on
    /// every side (clipped to the grid): its cells, both ends included,
    /// or `None` (an empty walk, or an end off the grid or walled in).
    /// The walk lies in the box, so when its steps are legal the way found
    /// costs no more than it. A walk that costs at most `slack` times the
    /// straight way between its ends over the box's cheapest ground is
    /// returned as it is, with no search: with a `slack` of 1, only a walk
    /// that is a cheapest way already; with more, a walk that costs at
    /// most that much more than the cheapest way. The search is weighted
    /// by the same `slack` (its estimate of the cost to go multiplied by
    /// it, as weighted A*): the way it finds costs at most `slack` times
    /// the cheapest in the box, for far fewer cells expanded where the
    /// box's cheapest ground (a road) is rare. A walker that chose where to go by some rule
    /// that does not price the ground (a straight line, a heading kept)
    /// pays for the ground on the way there; [`HierarchicalSearch::stats`]
    /// then gives the cells it expanded (at most the box's).
    ///
    /// ```
    /// use gridpath::{Grid, HierarchicalSearch, Movement, Pos, path_cost};
    /// // A straight walk along the marsh (`9`), dry ground on either side.
    /// let grid = Grid::from_ascii(
    ///     ".......\n\
    ///      9999999\n\
    ///      .......",
    ///     Movement::default(),
    /// )
    /// .unwrap();
    /// let walk: Vec<Pos> = (0..7).map(|x| Pos::new(x, 1)).collect();
    /// let way = HierarchicalSearch::default().way_in_box(&grid, &walk, 1, 1.0).unwrap();
    /// assert_eq!((way[0], *way.last().unwrap()), (walk[0], walk[6]));
    /// assert!(path_cost(&grid, &way).unwrap() < path_cost(&grid, &walk).unwrap());
    /// ```
    pub fn way_in_box(
        &mut self,
        grid: &Grid,
        walk: &[Pos],
        margin: i32,
        slack: f64,
    ) -> Option<Vec<Pos>> {
        self.stats = HierarchyStats::default();
        let (&from, &to) = (walk.first()?, walk.last()?);
        if !grid.in_bounds(from) || !grid.in_bounds(to) {
            return None;
        }
        let width = i32::try_from(grid.width()).unwrap_or(i32::MAX);
        let height = i32::try_from(grid.height()).unwrap_or(i32::MAX);
        let margin = margin.max(0);
        let (mut x0, mut y0, mut x1, mut y1) = (from.x, from.y, from.x, from.y);
        for cell in walk {
            (x0, y0) = (x0.min(cell.x), y0.min(cell.y));
            (x1, y1) = (x1.max(cell.x), y1.max(cell.y));
        }
        let (x0, y0) = ((x0 - margin).max(0), (y0 - margin).max(0));
        let (x1, y1) = ((x1 + margin).min(width - 1), (y1 + margin).min(height - 1));
        let cell_box = CellBox {
            x0,
            y0,
            width: x1 - x0 + 1,
            height: y1 - y0 + 1,
        };
        // The box's own cheapest cell keeps the heuristic tight (most of a
        // box of plain floor near a road elsewhere on the level), and the
        // straight way over that cheapest ground bounds the cheapest way
        // from below.
        let least = least_cost_in_box(grid, Pos::new(x0, y0), cell_box.width, cell_box.height);
        if let (Some(least), Some(walked)) = (least, path_cost(grid, walk)) {
            let (dx, dy) = (f64::from(to.x - from.x), f64::from(to.y - from.y));
            let straight = if grid.movement().diagonals == Diagonals::Never {
                Heuristic::Manhattan
            } else {
                Heuristic::Octile
            };
            if walked <= straight.estimate(dx, dy) * least * slack {
                return Some(walk.to_vec());
            }
        }
        self.cells.min_cost = least.map(|least| least * slack.max(1.0));
        let found = self.cells.astar(grid, cell_box, from, to);
        self.cells.min_cost = None;
        self.stats.fine_expanded += std::mem::take(&mut self.cells.expanded);
        found.map(|(cells, _)| cells)
    }

    fn smoothed(&mut self, grid: &Grid, cells: &[Pos], coarse: Vec<Pos>) -> HierarchicalPath {
        string_pull_into(grid, cells, &mut self.refined);
        let cost = path_cost(grid, &self.refined).unwrap_or(f64::INFINITY);
        HierarchicalPath {
            cells: self.refined.clone(),
            cost,
            coarse,
        }
    }

    /// The near search, if the ends are near and a path lies in the box.
    fn near(
        &mut self,
        grid: &Grid,
        layout: Layout,
        start: Pos,
        goal: Pos,
    ) -> Option<(Vec<Pos>, f64)> {
        let reach = NEAR_CLUSTERS * layout.size;
        if (start.x - goal.x).abs() > reach || (start.y - goal.y).abs() > reach {
            return None;
        }
        self.near_within(grid, layout, start, goal, layout.size)
    }

    /// The near search in a box `margin` cells wider than the ends.
    fn near_within(
        &mut self,
        grid: &Grid,
        layout: Layout,
        start: Pos,
        goal: Pos,
        margin: i32,
    ) -> Option<(Vec<Pos>, f64)> {
        let reach = NEAR_CLUSTERS * layout.size;
        if (start.x - goal.x).abs() > reach || (start.y - goal.y).abs() > reach {
            return None;
        }
        let x0 = (start.x.min(goal.x) - margin).max(0);
        let y0 = (start.y.min(goal.y) - margin).max(0);
        let x1 = (start.x.max(goal.x) + margin).min(layout.width - 1);
        let y1 = (start.y.max(goal.y) + margin).min(layout.height - 1);
        let cell_box = CellBox {
            x0,
            y0,
            width: x1 - x0 + 1,
            height: y1 - y0 + 1,
        };
        let found = self.cells.astar(grid, cell_box, start, goal);
        self.stats.fine_expanded += std::mem::take(&mut self.cells.expanded);
        found
    }

    fn coarse_plan(
        &mut self,
        hierarchy: &mut Hierarchy,
        grid: &Grid,
        start: Pos,
        goal: Pos,
        node_budget: usize,
    ) -> CoarseOutcome {
        let layout = hierarchy.layout();
        let (start_cluster, goal_cluster) = (layout.cluster_of(start), layout.cluster_of(goal));
        // Join the start to its cluster's nodes, and its cluster's nodes to
        // the goal (a backward search from it).
        let start_box = layout.cluster_box(start_cluster);
        self.cells.dijkstra(grid, start_box, start, false);
        let base = hierarchy.offsets[start_cluster] as usize;
        self.start_edges.clear();
        for (i, &node) in hierarchy.clusters[start_cluster].nodes.iter().enumerate() {
            let cost = self.cells.cost_to(node);
            if cost.is_finite() {
                self.start_edges.push((base + i, cost));
            }
        }
        let real = hierarchy.node_count();
        let (start_node, goal_node) = (real, real + 1);
        if start_cluster == goal_cluster {
            let direct = self.cells.cost_to(goal);
            if direct.is_finite() {
                self.start_edges.push((goal_node, direct));
            }
        }
        self.goal_cells
            .dijkstra(grid, layout.cluster_box(goal_cluster), goal, true);
        self.goal_costs.clear();
        let goal_nodes = &hierarchy.clusters[goal_cluster].nodes;
        self.goal_costs
            .extend(goal_nodes.iter().map(|&node| self.goal_cells.cost_to(node)));
        self.stats.fine_expanded += std::mem::take(&mut self.cells.expanded);
        self.stats.fine_expanded += std::mem::take(&mut self.goal_cells.expanded);

        let heuristic = if grid.movement().diagonals == Diagonals::Never {
            Heuristic::Manhattan
        } else {
            Heuristic::Octile
        };
        let mut graph = CoarseGraph {
            hierarchy,
            grid,
            start,
            goal,
            goal_cluster,
            start_edges: &self.start_edges,
            goal_costs: &self.goal_costs,
            heuristic,
            min_cost: grid.min_cost(),
            pricing: PricingSpent {
                budget: self.pricing_budget,
                ..PricingSpent::default()
            },
        };
        let outcome = self
            .coarse
            .find_path_within(&mut graph, start_node, goal_node, node_budget);
        self.stats.cells_priced += graph.pricing.cells;
        self.stats.nodes_estimated += graph.pricing.estimated;
        let shared = matches!(graph.pricing.budget, Some(PricingBudget::Shared(_)));
        if graph.pricing.stopped && shared {
            // Nodes whose neighbours it could not price were left
            // unexpanded: what it found, if anything, may not be the
            // cheapest. Past the stop it read no neighbours (the open
            // list was only emptied).
            self.stats.coarse_expanded += graph.pricing.expanded;
            self.stats.pricing_stopped = true;
            return CoarseOutcome::OverBudget;
        }
        self.stats.coarse_expanded += self.coarse.expanded();
        match outcome {
            GraphSearchOutcome::Found(path) => CoarseOutcome::Found(CoarsePlan {
                waypoints: path.nodes.iter().map(|&n| graph.cell(n)).collect(),
                cost: path.cost,
            }),
            GraphSearchOutcome::NoPath => CoarseOutcome::NoPath,
            GraphSearchOutcome::OverBudget => CoarseOutcome::OverBudget,
        }
    }
}

/// The coarse graph of one query: the hierarchy's nodes, then the start
/// and the goal.
struct CoarseGraph<'a> {
    hierarchy: &'a mut Hierarchy,
    grid: &'a Grid,
    start: Pos,
    goal: Pos,
    goal_cluster: usize,
    start_edges: &'a [(usize, f64)],
    goal_costs: &'a [f64],
    heuristic: Heuristic,
    min_cost: f64,
    pricing: PricingSpent,
}

/// What a coarse search may spend pricing clusters.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum PricingBudget {
    /// Cells priced and coarse nodes expanded together, at most this
    /// ([`HierarchicalSearch::find_coarse_path`]).
    Shared(u64),
    /// Cells priced, at most this
    /// ([`HierarchicalSearch::find_coarse_path_pricing_within`]).
    Own(u64),
}

/// What a coarse search spent, against the budget it prices clusters
/// within (see [`HierarchicalSearch::find_coarse_path`]).
#[derive(Debug, Clone, Copy, Default)]
struct PricingSpent {
    budget: Option<PricingBudget>,
    /// Nodes whose neighbours were read.
    expanded: u64,
    /// Cells settled pricing clusters.
    cells: u64,
    /// Whether a cluster was priced (out of a shared budget the first
    /// always is).
    priced_any: bool,
    /// Whether the next cluster did not fit: no neighbours from here on
    /// (a shared budget), or clusters crossed on estimates from here on
    /// (an own one).
    stopped: bool,
    /// Nodes expanded on estimated crossings.
    estimated: u64,
}

impl CoarseGraph<'_> {
    /// Prices `cluster` if it is not yet and the budget allows (see
    /// [`HierarchicalSearch::find_coarse_path`]); whether it is priced.
    fn priced_within_budget(&mut self, cluster: usize) -> bool {
        if self.hierarchy.is_priced(cluster) {
            return true;
        }
        let spent = &mut self.pricing;
        if let Some(budget) = spent.budget {
            let (used, limit) = match budget {
                PricingBudget::Shared(limit) => (spent.expanded + spent.cells, limit),
                PricingBudget::Own(limit) => (spent.cells, limit),
            };
            // Out of a shared budget the first cluster is priced whatever,
            // so a query asked again gets further; an own budget is kept.
            let shared = matches!(budget, PricingBudget::Shared(_));
            let first = shared && !spent.priced_any && limit > 0;
            if !first && used + self.hierarchy.pricing_bound(self.grid, cluster) > limit {
                spent.stopped = true;
                return false;
            }
        }
        let settled = self.hierarchy.pricer.settled;
        self.hierarchy.ensure_priced(self.grid, cluster);
        spent.cells += self.hierarchy.pricer.settled - settled;
        spent.priced_any = true;
        true
    }

    fn cell(&self, node: usize) -> Pos {
        let real = self.hierarchy.node_count();
        if node == real {
            self.start
        } else if node == real + 1 {
            self.goal
        } else {
            self.hierarchy.node_cells[node]
        }
    }
}

impl CoarseGraph<'_> {
    /// The edges out of node `local` of `cluster`, which is not priced:
    /// estimated crossings (see
    /// [`HierarchicalSearch::find_coarse_path_pricing_within`]), its links
    /// across borders, and the goal if it lies there.
    fn estimated_neighbours(
        &mut self,
        cluster: usize,
        local: usize,
        node: usize,
        out: &mut Vec<(usize, f64)>,
    ) {
        let h = &*self.hierarchy;
        let cell_box = h.layout.cluster_box(cluster);
        let least = least_cost_in_box(
            self.grid,
            Pos::new(cell_box.x0, cell_box.y0),
            cell_box.width,
            cell_box.height,
        );
        let Some(least) = least else {
            return;
        };
        self.pricing.estimated += 1;
        let entry = &h.clusters[cluster];
        let base = h.offsets[cluster] as usize;
        let from = h.node_cells[node];
        for (j, &to) in entry.nodes.iter().enumerate() {
            if j != local && self.grid.connected(from, to) {
                let (dx, dy) = (f64::from(to.x - from.x), f64::from(to.y - from.y));
                out.push((base + j, self.heuristic.estimate(dx, dy) * least));
            }
        }
        self.links_and_goal(cluster, local, out);
    }

    /// The edges out of node `local` of `cluster` that do not cross it,
    /// priced or not: its links across borders, and the goal if it lies
    /// there.
    fn links_and_goal(&self, cluster: usize, local: usize, out: &mut Vec<(usize, f64)>) {
        let h = &*self.hierarchy;
        let entry = &h.clusters[cluster];
        let links =
            &entry.links[entry.link_start[local] as usize..entry.link_start[local + 1] as usize];
        for link in links {
            out.push((
                h.offsets[link.cluster as usize] as usize + link.local as usize,
                link.cost,
            ));
        }
        if cluster == self.goal_cluster {
            let cost = self.goal_costs[local];
            if cost.is_finite() {
                out.push((h.node_count() + 1, cost));
            }
        }
    }
}

impl Graph for CoarseGraph<'_> {
    fn neighbours(&mut self, node: usize, out: &mut Vec<(usize, f64)>) {
        let real = self.hierarchy.node_count();
        if node == real {
            out.extend_from_slice(self.start_edges);
            return;
        }
        if node > real
            || (self.pricing.stopped
                && matches!(self.pricing.budget, Some(PricingBudget::Shared(_))))
        {
            return;
        }
        self.pricing.expanded += 1;
        let (cluster, local) = self.hierarchy.split(node);
        if !self.priced_within_budget(cluster) {
            if matches!(self.pricing.budget, Some(PricingBudget::Own(_))) {
                self.estimated_neighbours(cluster, local, node, out);
            }
            return;
        }
        let h = &*self.hierarchy;
        let entry = &h.clusters[cluster];
        let k = entry.nodes.len();
        let base = h.offsets[cluster] as usize;
        for (j, &cost) in entry.crossing[local * k..(local + 1) * k]
            .iter()
            .enumerate()
        {
            if j != local && cost.is_finite() {
                out.push((base + j, cost));
            }
        }
        self.links_and_goal(cluster, local, out);
    }

    fn estimate(&mut self, node: usize) -> f64 {
        let at = self.cell(node);
        let (dx, dy) = (f64::from(self.goal.x - at.x), f64::from(self.goal.y - at.y));
        self.heuristic.estimate(dx, dy) * self.min_cost * COARSE_WEIGHT
    }
}
