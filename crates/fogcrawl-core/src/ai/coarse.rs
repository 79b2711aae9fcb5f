//! Far strolls on a faction's coarse graph: the clusters of its planning
//! grid (16x16 cells, as `gridpath::hierarchy` cuts it, HPA* over cell
//! costs) and the entrances on their borders.
//!
//! A stroll far from the player walks the graph: from where it stands to
//! a node of its cluster, the cheapest way inside the cluster for the
//! faction (roads taken when they are cheaper for it, round walls), and
//! one step across the border, so the next stroll sets out from the next
//! cluster. That way is then priced as a walk chosen blind is (below):
//! the cheapest way inside the cluster can be a detour round marsh that
//! the cheapest way to its end leaves the cluster to avoid, along a road
//! just over the border. The nodes are read off one of the cluster's borders (a side
//! drawn at random) as the graph has them (`gridpath::cluster_exits`),
//! not from a graph kept current: a thousand far wanderers learn cells
//! all over the level, and re-pricing every cluster they pass would cost
//! more than their small searches (one cluster's cells at most each).
//! When the graph gives none (no exit it may reach, or the turn's
//! allowance for these searches is spent), a walkable straight line to a
//! spot near it. A walk chosen without pricing the ground (such a line,
//! or a walk along corridors, `monster_turn::wander`) is then swapped
//! for the cheapest way to its end in a box round it, while the turn's
//! allowance lasts ([`CoarseMap::cheapest_way`]): a straight line
//! through the marsh beside a road, or a walk that turned round a room
//! back to near where it began, cost wolves two to ten times the
//! cheapest way (caves, seeds 1-4, `--omniscient`: most of the far
//! wandering legs dearer than 1.5 times it).
//!
//! Nothing here is saved and nothing is kept between strolls but reused
//! buffers: a stroll is a function of the planning grid, the spot and the
//! random draws, so a resumed game strolls exactly as the unbroken one.
//! Far hunts and searches are not planned here (yet): they go to the
//! faction's planner as near ones do.

use gridpath::{
    DijkstraMap, Grid, HierarchicalSearch, Pos, cluster_exits, path_cost, walkable_straight_path,
};
use rand::{Rng, RngExt};

/// The side of a cluster, in cells: the engine's default (see
/// `crates/gridpath/README.md` for what it costs and saves).
pub const CLUSTER_SIZE: usize = 16;
/// A far stroll ends at least this far (Chebyshev) from where it begins.
pub(crate) const MIN_FAR_STROLL: i32 = 4;
/// A far stroll on the graph ends at least this far (Chebyshev) from
/// where it begins: half a cluster, so a wanderer near a border crosses
/// the cluster rather than step over the border and stop (every stroll
/// ends in a wait: short ones made a quarter of far wanderers' actions
/// waits).
pub(crate) const MIN_GRAPH_STROLL: i32 = 8;
/// How far (Chebyshev) a far stroll's fallback line may go, and spots it
/// tries one to.
pub(crate) const LINE_RANGE: i32 = 12;
pub(crate) const LINE_TRIES: usize = 8;
/// Nodes of its cluster a far wanderer searches a way to in one pick
/// (each a search inside the cluster, at most its cells) before it gives
/// up until its next pick.
pub(crate) const FAR_STROLL_TRIES: usize = 2;
/// How far round a walk chosen without pricing the ground the search for
/// the cheapest way to its end may go (cells beyond the walk's own box on
/// every side): a road or a dry bank a few cells off a line through the
/// marsh.
pub(crate) const WALK_MARGIN: i32 = 4;
/// A walk chosen without pricing the ground is kept, with no search, when
/// it costs at most this many times the straight way between its ends
/// over the cheapest ground near it (so at most that much more than the
/// cheapest way): a few steps round a pillar are not worth a search. The
/// search is weighted by it too (a way at most this much dearer than the
/// cheapest), for far fewer cells searched where the cheapest ground near
/// it (a road) is rare.
pub(crate) const WALK_SLACK: f64 = 1.25;
/// How far (in the faction's cost of walking, from where it stands) a
/// wanderer with no stroll ahead looks for a spot whose cheapest way does
/// not set out back ([`CoarseMap::way_ahead`]): a stroll's worth, as far as
/// the nearest stroll on the graph ([`MIN_GRAPH_STROLL`]), so a door-opener
/// looks past the door of a small room and one shut in a closet sees all
/// of it.
pub(crate) const WAY_AHEAD_REACH: f64 = MIN_GRAPH_STROLL as f64;

/// The coarse graph of one faction's planning grid (see the module
/// header).
#[derive(Debug, Clone, Default)]
pub(crate) struct CoarseMap {
    search: HierarchicalSearch,
    /// A far stroll's cluster exits (reused).
    exits: Vec<(Pos, Pos)>,
    /// Far strolls walked on the graph, and along a straight line when the
    /// graph gave none.
    pub(crate) strolls: u64,
    pub(crate) lines: u64,
    /// The cost of every way from the wanderer within
    /// [`WAY_AHEAD_REACH`], and of the ways that do not pass the cell it
    /// came from ([`Self::way_ahead`], reused).
    every_way: DijkstraMap,
    ways_ahead: DijkstraMap,
}

impl CoarseMap {
    /// A far stroll from `at` on the graph (see the module header): the
    /// cells from `at` (included) to its end, one step across a border
    /// from a node of `at`'s cluster, the end one `accept` takes, chosen
    /// with `rng` among them; or `None`. At most [`FAR_STROLL_TRIES`]
    /// searches inside the cluster, none once `node_budget` is spent, and
    /// the way found then swapped for a cheaper one near it
    /// ([`Self::cheapest_way`]) with what is left of `node_budget`.
    /// Also the cells those searches expanded. It reads the grid alone,
    /// not the kept graph: the same grid, the same strolls.
    pub(crate) fn far_stroll(
        &mut self,
        grid: &Grid,
        at: Pos,
        rng: &mut impl Rng,
        accept: impl Fn(Pos) -> bool,
        node_budget: u64,
    ) -> (Option<Vec<Pos>>, u64) {
        let (mut spent, mut searched) = (0, 0);
        // Half a cluster off first; where no exit that far serves (a
        // cluster cut by walls), the nearer ones.
        for nearest in [MIN_GRAPH_STROLL, MIN_FAR_STROLL] {
            // The sides in an order drawn at random, a border read only
            // when the ones before it gave nothing.
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
                    if at.chebyshev(end) < nearest || !accept(end) || !grid.connected(at, node) {
                        continue;
                    }
                    if searched == FAR_STROLL_TRIES || spent >= node_budget {
                        return self.paid_line(grid, at, rng, &accept, node_budget, spent);
                    }
                    searched += 1;
                    let way = self.search.way_in_cluster(grid, CLUSTER_SIZE, at, node);
                    // A node its last search already showed walled off is
                    // charged what searching it cost before (the same
                    // strolls), though no cell is searched again.
                    let stats = self.search.stats();
                    spent += stats.fine_expanded + stats.fine_recalled;
                    if let Some(mut way) = way {
                        way.push(end);
                        self.strolls += 1;
                        // Priced as a blind walk is (see the header).
                        let left = node_budget.saturating_sub(spent);
                        let (way, more) = self.cheapest_way(grid, way, &accept, left);
                        return (Some(way), spent + more);
                    }
                }
            }
        }
        self.paid_line(grid, at, rng, &accept, node_budget, spent)
    }

    /// [`Self::walkable_line`], then the cheapest way to its end
    /// ([`Self::cheapest_way`]) with what is left of `node_budget` once
    /// `spent` is taken off it; and `spent` with that search added.
    fn paid_line(
        &mut self,
        grid: &Grid,
        at: Pos,
        rng: &mut impl Rng,
        accept: &impl Fn(Pos) -> bool,
        node_budget: u64,
        spent: u64,
    ) -> (Option<Vec<Pos>>, u64) {
        let Some(line) = self.walkable_line(grid, at, rng, accept) else {
            return (None, spent);
        };
        let (way, more) = self.cheapest_way(grid, line, accept, node_budget.saturating_sub(spent));
        (Some(way), spent + more)
    }

    /// `walk` (cells from where the walker stands, every step legal), or
    /// the cheapest way from its first cell to its last inside the box
    /// round it [`WALK_MARGIN`] cells wider (at most [`WALK_SLACK`]
    /// times the cheapest there), when that is cheaper and
    /// every cell of it one `accept` takes; and the cells that search
    /// expanded. A walk within [`WALK_SLACK`] of the straight way over the
    /// box's cheapest ground is kept with no search. No search once `node_budget` is spent, nor for a walk of
    /// a step: the walk as it is. The same grid and walk, the same way.
    pub(crate) fn cheapest_way(
        &mut self,
        grid: &Grid,
        walk: Vec<Pos>,
        accept: &impl Fn(Pos) -> bool,
        node_budget: u64,
    ) -> (Vec<Pos>, u64) {
        if node_budget == 0 || walk.len() < 3 {
            return (walk, 0);
        }
        let way = self.search.way_in_box(grid, &walk, WALK_MARGIN, WALK_SLACK);
        let spent = self.search.stats().fine_expanded;
        let cheaper = |way: &Vec<Pos>| {
            let (Some(cost), Some(walked)) = (path_cost(grid, way), path_cost(grid, &walk)) else {
                return false;
            };
            cost < walked && way.iter().all(|&cell| accept(cell))
        };
        match way {
            Some(way) if cheaper(&way) => (way, spent),
            _ => (walk, spent),
        }
    }

    /// A stroll for a wanderer at `at` that came from `came_from` and has
    /// no other ahead (every walk about it ended behind it: a small room,
    /// a closet shut in by doors it cannot open): the cheapest way to a
    /// cell within [`WAY_AHEAD_REACH`] whose cheapest way does not pass
    /// `came_from` (as Brogue's wanderers walk the cheapest way to a spot
    /// they chose), every cell of it one `accept` takes; and the cells
    /// the two searches reached. Of those cells, one drawn with `rng`
    /// among the farther half (past the door of a small room for one
    /// that opens doors; across the closet for one shut in), at least two
    /// cells off where there is one. `None` (it rests) when there is no
    /// such cell or `node_budget` is spent: never a round of the room's
    /// rim that ends beside where it began (a walk as drawn, five to
    /// thirteen times the cheapest way between its ends), nor a step back
    /// (A-B-A-B).
    pub(crate) fn way_ahead(
        &mut self,
        grid: &Grid,
        at: Pos,
        came_from: Pos,
        rng: &mut impl Rng,
        accept: &impl Fn(Pos) -> bool,
        node_budget: u64,
    ) -> (Option<Vec<Pos>>, u64) {
        if node_budget == 0 {
            return (None, 0);
        }
        // A cell's price is what entering it costs (infinite: never
        // entered on the way); the maps hold the cost of walking from each
        // cell to `at`, the reverse of the stroll, over the same cells.
        let price = |cell: Pos| match grid.cost(cell) {
            Some(cost) if cell == at || accept(cell) => cost,
            _ => f64::INFINITY,
        };
        let source = [(at, 0.0)];
        self.every_way
            .compute_within_priced(grid, source, WAY_AHEAD_REACH, price);
        self.ways_ahead
            .compute_within_priced(grid, source, WAY_AHEAD_REACH, |cell| {
                if cell == came_from {
                    f64::INFINITY
                } else {
                    price(cell)
                }
            });
        let spent = (self.every_way.reached().count() + self.ways_ahead.reached().count()) as u64;
        // Cells whose cheapest way does not pass `came_from`.
        let ahead: Vec<(Pos, f64)> = self
            .ways_ahead
            .reached()
            .filter(|&(cell, cost)| {
                cell != at
                    && cell != came_from
                    && accept(cell)
                    && self
                        .every_way
                        .distance(cell)
                        .is_some_and(|cheapest| cost <= cheapest + COST_EPSILON)
            })
            .collect();
        let off = |cell: Pos| at.chebyshev(cell) >= 2;
        let any_off = ahead.iter().any(|&(cell, _)| off(cell));
        let farthest = ahead
            .iter()
            .filter(|&&(cell, _)| off(cell) || !any_off)
            .map(|&(_, cost)| cost)
            .fold(0.0, f64::max);
        let pool: Vec<Pos> = ahead
            .iter()
            .filter(|&&(cell, cost)| (off(cell) || !any_off) && cost >= farthest / 2.0)
            .map(|&(cell, _)| cell)
            .collect();
        if pool.is_empty() {
            return (None, spent);
        }
        let end = pool[rng.random_range(0..pool.len())];
        // Down the map from the end to `at`, never through `came_from`
        // nor a cell `accept` refuses (the map's values there are the
        // cost of stepping onto them, not through).
        let mut way = vec![end];
        let mut here = end;
        while here != at && way.len() <= spent as usize {
            let Some(next) = self.ways_ahead.downhill_where(grid, here, |cell| {
                cell == at || (cell != came_from && accept(cell))
            }) else {
                return (None, spent);
            };
            way.push(next);
            here = next;
        }
        if here != at {
            return (None, spent);
        }
        way.reverse();
        (Some(way), spent)
    }

    /// The stroll when the graph gave none (no exit it may reach, or the
    /// searches' allowance spent this turn): a walkable straight line to a
    /// spot near `at`, every cell of it one `accept` takes, with no search
    /// (better than standing about, which a thousand far wanderers would
    /// do turn after turn). Of the [`LINE_TRIES`] spots drawn, the line
    /// whose ground is cheapest for the faction per cell of length: a
    /// line along a road rather than one through the marsh beside it.
    fn walkable_line(
        &mut self,
        grid: &Grid,
        at: Pos,
        rng: &mut impl Rng,
        accept: &impl Fn(Pos) -> bool,
    ) -> Option<Vec<Pos>> {
        let mut best: Option<(f64, Vec<Pos>)> = None;
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
                let per_cell = line.cost / at.octile(spot);
                if best.as_ref().is_none_or(|(least, _)| per_cell < *least) {
                    best = Some((per_cell, line.cells));
                }
            }
        }
        let (_, cells) = best?;
        self.lines += 1;
        Some(cells)
    }
}

/// Costs closer than this are equal (sums of the same steps in another
/// order).
const COST_EPSILON: f64 = 1e-9;

#[cfg(test)]
mod tests {
    use super::*;
    use gridpath::{
        AStar, Hierarchy, HierarchyOptions, Movement, SearchOptions, path_cost, steps_are_legal,
    };
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
    fn far_strolls_walk_the_graph_cluster_to_cluster_no_dearer_than_inside() {
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

            assert!(at.chebyshev(end) >= MIN_GRAPH_STROLL);
            let hierarchy = Hierarchy::build(&grid, HierarchyOptions::default()).unwrap();
            let hierarchy = &hierarchy;
            let (here, there) = (hierarchy.cluster_of(at), hierarchy.cluster_of(end));
            assert_ne!(here, there, "it ends across a border");
            // No dearer than the cheapest way inside the cluster to a node
            // beside its end and the step across (the way near it, which
            // may leave the cluster, is swapped in only when cheaper).
            let dearest = (-1..=1)
                .flat_map(|dx| (-1..=1).map(move |dy| Pos::new(end.x + dx, end.y + dy)))
                .filter(|&node| hierarchy.cluster_of(node) == here && grid.is_legal_step(node, end))
                .map(|node| {
                    cheapest_inside(hierarchy, &grid, at, node)
                        + path_cost(&grid, &[node, end]).unwrap()
                })
                .fold(f64::NEG_INFINITY, f64::max);
            let cost = path_cost(&grid, &way).unwrap();
            assert!(
                cost <= dearest + 1e-9,
                "stroll {stroll}: {cost} against {dearest}"
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

    /// A grid from ASCII rows: `#` a wall, `=` a road (0.5), `.` floor,
    /// `%` marsh (8).
    fn ground(rows: &str) -> Grid {
        let rows: Vec<&[u8]> = rows.lines().map(str::as_bytes).collect();
        Grid::from_fn(
            rows[0].len(),
            rows.len(),
            Movement::default(),
            |x, y| match rows[usize::try_from(y).unwrap()][usize::try_from(x).unwrap()] {
                b'#' => None,
                b'=' => Some(0.5),
                b'%' => Some(8.0),
                _ => Some(1.0),
            },
        )
        .unwrap()
    }

    #[test]
    fn a_walk_that_does_not_price_the_ground_is_swapped_for_the_cheapest_way_near_it() {
        // A walk due east through the marsh, a road two rows up.
        let grid = ground(
            "..............\n\
             ==============\n\
             ..............\n\
             .%%%%%%%%%%%%.\n\
             ..............",
        );
        let walk: Vec<Pos> = (0..14).map(|x| Pos::new(x, 3)).collect();
        let walked = path_cost(&grid, &walk).unwrap();
        let mut coarse = CoarseMap::default();
        let (way, spent) = coarse.cheapest_way(&grid, walk.clone(), &|_| true, 1000);
        assert!(spent > 0);
        assert_eq!((way[0], *way.last().unwrap()), (walk[0], walk[13]));
        assert!(steps_are_legal(&grid, way[0], &way[1..]));
        let cost = path_cost(&grid, &way).unwrap();
        assert!(
            way.iter().any(|cell| cell.y == 1),
            "along the road: {way:?}"
        );
        assert!(cost * 2.0 < walked, "{cost} against {walked}");
        // Nothing left to search with: the walk as it is, nothing spent.
        assert_eq!(
            coarse.cheapest_way(&grid, walk.clone(), &|_| true, 0),
            (walk.clone(), 0)
        );
        // The road is where the player's eye falls: the walk as it is.
        let (way, _) = coarse.cheapest_way(&grid, walk.clone(), &|cell: Pos| cell.y != 1, 1000);
        assert!(way.iter().all(|cell| cell.y != 1));
        // The same grid and walk, the same way.
        let (again, _) = CoarseMap::default().cheapest_way(&grid, walk.clone(), &|_| true, 1000);
        let (once_more, _) = coarse.cheapest_way(&grid, walk, &|_| true, 1000);
        assert_eq!(again, once_more);
    }

    #[test]
    fn a_far_stroll_leaves_its_cluster_for_a_road_just_over_the_border() {
        // Its cluster (16 by 16 cells, the top left) is marsh where it is
        // open; a road runs just over its south border. The cheapest way
        // inside the cluster to a node on its border wades the marsh; the
        // stroll takes the road, within half again the cheapest way.
        let mut rows = vec!["#".repeat(32); 12];
        rows.extend(vec!["%".repeat(32); 4]);
        rows.push("=".repeat(32));
        rows.extend(vec![".".repeat(32); 3]);
        let grid = ground(&rows.join("\n"));
        let at = Pos::new(0, 14);
        let mut coarse = CoarseMap::default();
        let mut on_road = 0;
        for seed in 0..10 {
            let mut rng = ChaCha8Rng::seed_from_u64(seed);
            let (way, spent) = coarse.far_stroll(&grid, at, &mut rng, |_| true, 1000);
            let way = way.unwrap_or_else(|| panic!("seed {seed}"));
            let end = *way.last().unwrap();
            assert!(spent > 0, "seed {seed}");
            assert_eq!(way[0], at);
            assert!(steps_are_legal(&grid, at, &way[1..]), "seed {seed}");
            let cost = path_cost(&grid, &way).unwrap();
            let cheapest = AStar::new()
                .find_path(&grid, at, end, &SearchOptions::default())
                .unwrap()
                .unwrap()
                .cost;
            assert!(
                cost <= 1.5 * cheapest,
                "seed {seed}: {way:?} costs {cost}, the cheapest {cheapest}"
            );
            on_road += usize::from(way.iter().any(|cell| cell.y == 16));
        }
        assert!(on_road >= 5, "along the road: {on_road} of 10");
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

    #[test]
    fn a_wanderer_with_nothing_ahead_goes_out_of_the_door_the_cheapest_way_or_rests() {
        // A small room (x 1-3) whose door is at 4,2, a corridor beyond it;
        // it stands at 2,2, having come from 1,2. Ahead lies the corridor:
        // its way goes out of the door, never over 1,2, and is the
        // cheapest way to its end.
        let grid = Grid::from_ascii(
            "##########\n\
             #...######\n\
             #.........\n\
             #...######\n\
             ##########",
            Movement::default(),
        )
        .unwrap();
        let (at, back) = (Pos::new(2, 2), Pos::new(1, 2));
        let mut map = CoarseMap::default();
        for seed in 0..10 {
            let mut rng = ChaCha8Rng::seed_from_u64(seed);
            let (way, spent) = map.way_ahead(&grid, at, back, &mut rng, &|_| true, 1000);
            let way = way.unwrap();
            assert!(spent > 0);
            assert_eq!(way[0], at);
            assert!(!way.contains(&back), "seed {seed}: {way:?}");
            assert!(steps_are_legal(&grid, at, &way[1..]), "seed {seed}");
            let end = *way.last().unwrap();
            assert!(end.x >= 5, "seed {seed}: out of the door: {way:?}");
            let cheapest = AStar::new()
                .find_path(&grid, at, end, &SearchOptions::default())
                .unwrap()
                .unwrap()
                .cost;
            assert!((path_cost(&grid, &way).unwrap() - cheapest).abs() < 1e-9);
        }
        // A pocket of two cells: nothing ahead but the cell it came from.
        // It rests; so it does with no allowance left.
        let pocket = Grid::from_ascii("####\n#..#\n####", Movement::default()).unwrap();
        let mut rng = ChaCha8Rng::seed_from_u64(1);
        let (way, _) = map.way_ahead(
            &pocket,
            Pos::new(2, 1),
            Pos::new(1, 1),
            &mut rng,
            &|_| true,
            1000,
        );
        assert_eq!(way, None);
        let (way, spent) = map.way_ahead(&grid, at, back, &mut rng, &|_| true, 0);
        assert_eq!((way, spent), (None, 0));
    }
}
