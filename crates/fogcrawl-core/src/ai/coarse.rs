//! A faction's coarse graph: the two-tier planner (`gridpath::hierarchy`,
//! HPA* over cell costs) of its planning grid, and the two uses the game
//! makes of it.
//!
//! - A goal far off (a hunt, a search) is planned coarse first: a search of
//!   the graph of cluster entrances, then only the first stretch of it is
//!   refined into cells near the monster. It walks that stretch and plans
//!   again from its end, so what it learns on the way counts.
//! - A stroll far from the player walks the graph: from where it stands to
//!   a node of its cluster, the cheapest way inside the cluster for the
//!   faction (roads taken when they are cheaper for it, round walls), and
//!   one step across the border, so the next stroll sets out from the next
//!   cluster. The nodes are read off one of the cluster's borders (a side
//!   drawn at random) as the graph has them (`gridpath::cluster_exits`),
//!   not from a graph kept
//!   current: a thousand far wanderers learn cells all over the level, and
//!   re-pricing every cluster they pass would cost more than their small
//!   searches (one cluster's cells at most each). When the graph gives
//!   none (no exit it may reach, or the turn's allowance for these searches
//!   is spent), a walkable straight line to a spot near it, with no search.
//!
//! The graph is built with the planning grid (on all cores with the other
//! factions' at a level's start); a cluster's crossings are worked out when
//! first used. It is not saved: it is a function of the planning grid alone
//! (its cells' prices), so it is built again from the loaded grid when
//! first needed, and a resumed game plans exactly as the unbroken one. So
//! that this holds for every kept crossing too, repairs price a changed
//! cluster again rather than patch it (see
//! `gridpath::Hierarchy::set_patching`), and the work of pricing (which a
//! rebuilt graph does again, and the unbroken one did before) is never
//! charged to a turn's node budget. It is kept current by repair: before a
//! coarse search it catches up with the cells whose price changed since
//! (the grid keeps that record), re-pricing only the clusters they lie in.

use gridpath::{
    CoarseOutcome, Grid, HierarchicalSearch, Hierarchy, HierarchyOptions, Pos, cluster_exits,
    walkable_straight_path,
};
use rand::{Rng, RngExt};

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
/// A far stroll ends at least this far (Chebyshev) from where it begins.
pub const MIN_FAR_STROLL: i32 = 4;
/// How far (Chebyshev) a far stroll's fallback line may go, and spots it
/// tries one to.
pub const LINE_RANGE: i32 = 12;
pub const LINE_TRIES: usize = 8;
/// Nodes of its cluster a far wanderer searches a way to in one pick
/// (each a search inside the cluster, at most its cells) before it gives
/// up until its next pick.
pub const FAR_STROLL_TRIES: usize = 2;

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
    /// A far stroll's cluster exits (reused).
    exits: Vec<(Pos, Pos)>,
    /// Coarse searches run, and nodes they and their refinement expanded.
    pub searches: u64,
    pub expanded: u64,
    /// Clusters re-priced by repairs, and whole rebuilds.
    pub repriced: u64,
    pub rebuilds: u64,
    /// Far strolls walked on the graph, and along a straight line when the
    /// graph gave none.
    pub strolls: u64,
    pub lines: u64,
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

    /// A far stroll from `at` on the graph (see the module header): the
    /// cells from `at` (included) to its end, one step across a border
    /// from a node of `at`'s cluster, the end one `accept` takes, chosen
    /// with `rng` among them; or `None`. At most [`FAR_STROLL_TRIES`]
    /// searches inside the cluster, none once `node_budget` is spent.
    /// Also the cells those searches expanded. It reads the grid alone,
    /// not the kept graph: the same grid, the same strolls.
    pub fn far_stroll(
        &mut self,
        grid: &Grid,
        at: Pos,
        rng: &mut impl Rng,
        accept: impl Fn(Pos) -> bool,
        node_budget: u64,
    ) -> (Option<Vec<Pos>>, u64) {
        let (mut spent, mut searched) = (0, 0);
        // The sides in an order drawn at random, a border read only when
        // the ones before it gave nothing.
        let first_side = rng.random_range(0..4);
        for side in (0..4).map(|turn| (first_side + turn) % 4) {
            self.exits.clear();
            cluster_exits(grid, CLUSTER_SIZE, at, side, &mut self.exits);
            let count = self.exits.len();
            if count == 0 {
                continue;
            }
            let first = rng.random_range(0..count);
            for turn in 0..count {
                let (node, end) = self.exits[(first + turn) % count];
                if at.chebyshev(end) < MIN_FAR_STROLL || !accept(end) || !grid.connected(at, node) {
                    continue;
                }
                if searched == FAR_STROLL_TRIES || spent >= node_budget {
                    return (self.walkable_line(grid, at, rng, &accept), spent);
                }
                searched += 1;
                let way = self.search.way_in_cluster(grid, CLUSTER_SIZE, at, node);
                spent += self.search.stats().fine_expanded;
                if let Some(mut way) = way {
                    way.push(end);
                    self.strolls += 1;
                    return (Some(way), spent);
                }
            }
        }
        (self.walkable_line(grid, at, rng, &accept), spent)
    }

    /// The stroll when the graph gave none (no exit it may reach, or the
    /// searches' allowance spent this turn): a walkable straight line to a
    /// spot near `at`, every cell of it one `accept` takes, with no search
    /// (the rule far strolls had before the graph: better than standing
    /// about, which a thousand far wanderers would do turn after turn).
    fn walkable_line(
        &mut self,
        grid: &Grid,
        at: Pos,
        rng: &mut impl Rng,
        accept: &impl Fn(Pos) -> bool,
    ) -> Option<Vec<Pos>> {
        for _ in 0..LINE_TRIES {
            let dx = rng.random_range(-LINE_RANGE..=LINE_RANGE);
            let dy = rng.random_range(-LINE_RANGE..=LINE_RANGE);
            let spot = Pos::new(at.x + dx, at.y + dy);
            if at.chebyshev(spot) < MIN_FAR_STROLL || !grid.is_passable(spot) {
                continue;
            }
            if let Some(line) = walkable_straight_path(grid, at, spot)
                && line.cells.iter().all(|&cell| accept(cell))
            {
                self.lines += 1;
                return Some(line.cells);
            }
        }
        None
    }
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
        if let Some(hierarchy) = slot.as_mut() {
            // Every kept crossing a function of the grid alone (see the
            // module header).
            hierarchy.set_patching(false);
        }
        *rebuilds += 1;
    }
    slot.as_mut()
}

#[cfg(test)]
mod tests {
    use super::*;
    use gridpath::{AStar, Movement, SearchOptions, path_cost, steps_are_legal};
    use rand::SeedableRng;
    use rand_chacha::ChaCha8Rng;

    /// The cheapest cost from `from` to `to` moving inside the cluster of
    /// `hierarchy` both lie in: A* on a copy of that cluster alone.
    fn cheapest_inside(hierarchy: &Hierarchy, grid: &Grid, from: Pos, to: Pos) -> f64 {
        let cluster = hierarchy.cluster_of(from).unwrap();
        let (corner, width, height) = hierarchy.cluster_bounds(cluster);
        let inside = Grid::from_fn(width, height, grid.movement(), |x, y| {
            grid.cost(Pos::new(corner.x + x, corner.y + y))
        })
        .unwrap();
        let local = |p: Pos| Pos::new(p.x - corner.x, p.y - corner.y);
        AStar::new()
            .find_path(&inside, local(from), local(to), &SearchOptions::default())
            .unwrap()
            .unwrap()
            .cost
    }

    #[test]
    fn far_strolls_walk_the_graph_cluster_to_cluster_at_the_cheapest_cost_inside() {
        // Walls and four prices of ground, 64 by 48.
        let grid = Grid::from_fn(64, 48, Movement::default(), |x, y| {
            let n = (x * 7 + y * 13 + x * y) % 17;
            match n {
                0 | 1 => None,
                2..=4 => Some(0.5),
                5..=7 => Some(6.0),
                _ => Some(1.0 + f64::from(n % 2)),
            }
        })
        .unwrap();
        let mut coarse = CoarseMap::default();
        let mut rng = ChaCha8Rng::seed_from_u64(5);
        let mut at = Pos::new(30, 20);
        assert!(grid.is_passable(at));
        let mut clusters = Vec::new();
        let mut searched = 0;
        for stroll in 0..60 {
            let lines = coarse.lines;
            let (way, spent) = coarse.far_stroll(&grid, at, &mut rng, |_| true, 1000);
            let way = way.unwrap_or_else(|| panic!("stroll {stroll} from {at:?}"));
            searched += spent;
            let end = *way.last().unwrap();
            assert_eq!(way[0], at);
            assert!(steps_are_legal(&grid, at, &way[1..]));
            assert!(at.chebyshev(end) >= MIN_FAR_STROLL);
            if coarse.lines > lines {
                // The graph gave none: a straight line.
                at = end;
                continue;
            }

            let hierarchy = Hierarchy::build(&grid, HierarchyOptions::default()).unwrap();
            let hierarchy = &hierarchy;
            let (here, there) = (hierarchy.cluster_of(at), hierarchy.cluster_of(end));
            assert_ne!(here, there, "it ends across a border");
            // Up to the border, the cheapest way inside the cluster.
            let node = way[way.len() - 2];
            let cost = path_cost(&grid, &way[..way.len() - 1]).unwrap();
            let best = cheapest_inside(hierarchy, &grid, at, node);
            assert!(
                (cost - best).abs() < 1e-9,
                "stroll {stroll}: {cost} against {best}"
            );
            clusters.push(there);
            at = end;
        }
        assert!(searched > 0, "the searches are counted");
        assert!(
            coarse.strolls >= 40,
            "mostly on the graph: {}",
            coarse.strolls
        );
        clusters.sort_unstable();
        clusters.dedup();
        assert!(clusters.len() >= 4, "it roams: {clusters:?}");
    }

    #[test]
    fn a_far_stroll_keeps_off_what_it_must_avoid_and_off_the_graph_spends_its_allowance() {
        let grid = Grid::from_fn(48, 48, Movement::default(), |_, _| Some(1.0)).unwrap();
        let mut coarse = CoarseMap::default();
        let mut rng = ChaCha8Rng::seed_from_u64(1);
        let at = Pos::new(20, 20);
        // Nowhere it may go: nothing, and no search spent on it.
        let (way, spent) = coarse.far_stroll(&grid, at, &mut rng, |_| false, 1000);
        assert_eq!((way, spent), (None, 0));
        // Nothing left to search with: a straight line, no search.
        let (way, spent) = coarse.far_stroll(&grid, at, &mut rng, |_| true, 0);
        let way = way.unwrap();
        assert_eq!(spent, 0);
        assert_eq!(coarse.lines, 1);
        assert!(steps_are_legal(&grid, at, &way[1..]));
        // Only ends right of it: every stroll ends there.
        for _ in 0..10 {
            let (way, _) = coarse.far_stroll(&grid, at, &mut rng, |end| end.x > 31, 1000);
            assert!(way.unwrap().last().unwrap().x > 31);
        }
    }

    #[test]
    fn a_coarse_map_built_again_from_the_same_grid_strolls_the_same_ways() {
        // The unbroken game's map, used as the grid changes, against one
        // made afresh (a loaded game's).
        let mut grid = Grid::from_fn(64, 64, Movement::default(), |x, y| {
            Some(1.0 + f64::from((x / 3 + y / 5) % 3))
        })
        .unwrap();
        let mut kept = CoarseMap::default();
        kept.prepare(&grid);
        kept.plan(&grid, Pos::new(1, 1), Pos::new(62, 62), 10_000);
        let mut rng = ChaCha8Rng::seed_from_u64(9);
        let mut at = Pos::new(8, 8);
        for round in 0..40 {
            let cell = Pos::new((round * 11) % 64, (round * 17) % 64);
            if cell != at {
                grid.set_cost(cell, Some(0.5 + f64::from(round % 4)))
                    .unwrap();
            }
            let mut fresh = CoarseMap::default();
            let mut fresh_rng = rng.clone();
            let (way, _) = kept.far_stroll(&grid, at, &mut rng, |_| true, 1000);
            let (again, _) = fresh.far_stroll(&grid, at, &mut fresh_rng, |_| true, 1000);
            assert_eq!(way, again, "round {round}");
            at = *way.unwrap().last().unwrap();
        }
    }
}
