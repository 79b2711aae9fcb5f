//! Property tests: A* on random small grids with varied terrain costs,
//! cross-checked against two oracles that share none of its code paths for
//! searching: the engine's own Dijkstra map, and `pathfinding::prelude::dijkstra`
//! driven by successors written here from the movement rules.
//!
//! The engine scales every heuristic by the grid's cheapest passable cost
//! (`Grid::min_cost`), so costs below 1 (0.5, 0.75) are included to check that
//! the heuristics stay admissible.

use std::f64::consts::SQRT_2;

use gridpath::{AStar, DijkstraMap, Grid, Heuristic, Movement, Pos, SearchOptions, SearchStatus};
use proptest::prelude::*;
use proptest::sample::Index;

const MAX_SIDE: usize = 24;
/// Terrain costs drawn for passable cells: some cheaper than 1.
const TERRAIN_COSTS: [f64; 6] = [0.5, 0.75, 1.0, 1.5, 2.0, 3.0];
/// Relative tolerance when comparing costs summed in different orders.
const RELATIVE_TOLERANCE: f64 = 1e-9;
/// Largest weight tried for weighted A*.
const MAX_WEIGHT: f64 = 3.0;
/// Node budgets for sliced searches are drawn from 1 to this.
const MAX_SLICE_BUDGET: usize = 40;

#[path = "support/total_cost.rs"]
mod total_cost;
use total_cost::Cost;

/// A random grid as plain data, independent of the engine's representation.
#[derive(Debug, Clone)]
struct Terrain {
    width: usize,
    height: usize,
    /// Row-major; `None` is a wall.
    costs: Vec<Option<f64>>,
}

impl Terrain {
    fn cost(&self, x: i32, y: i32) -> Option<f64> {
        let (Ok(x), Ok(y)) = (usize::try_from(x), usize::try_from(y)) else {
            return None;
        };
        if x >= self.width || y >= self.height {
            return None;
        }
        self.costs[y * self.width + x]
    }

    fn passable_cells(&self) -> Vec<Pos> {
        (0..self.height)
            .flat_map(|y| (0..self.width).map(move |x| (x, y)))
            .filter(|&(x, y)| self.costs[y * self.width + x].is_some())
            .map(|(x, y)| pos(x, y))
            .collect()
    }

    fn grid(&self, movement: Movement) -> Grid {
        Grid::from_fn(self.width, self.height, movement, |x, y| self.cost(x, y))
            .expect("the strategy draws sides of at least one cell")
    }

    /// The legal moves out of `from`, written from the rules rather than from
    /// the engine's masks: a move enters a passable cell and costs its length
    /// times that cell's cost; a diagonal also needs both cells it passes
    /// between passable (no corner cutting).
    fn successors(&self, from: Pos, diagonals: bool) -> Vec<(Pos, Cost)> {
        let mut moves = Vec::with_capacity(8);
        for dy in -1..=1 {
            for dx in -1..=1 {
                let is_diagonal = dx != 0 && dy != 0;
                if (dx == 0 && dy == 0) || (is_diagonal && !diagonals) {
                    continue;
                }
                let Some(cost) = self.cost(from.x + dx, from.y + dy) else {
                    continue;
                };
                if is_diagonal
                    && (self.cost(from.x + dx, from.y).is_none()
                        || self.cost(from.x, from.y + dy).is_none())
                {
                    continue;
                }
                let length = if is_diagonal { SQRT_2 } else { 1.0 };
                moves.push((Pos::new(from.x + dx, from.y + dy), Cost(length * cost)));
            }
        }
        moves
    }

    fn oracle_cost(&self, start: Pos, goal: Pos, diagonals: bool) -> Option<f64> {
        pathfinding::prelude::dijkstra(
            &start,
            |&cell| self.successors(cell, diagonals),
            |&cell| cell == goal,
        )
        .map(|(_, cost)| cost.0)
    }

    /// The cost of walking `cells`, or why it is not a legal walk.
    fn walk_cost(&self, cells: &[Pos], diagonals: bool) -> Result<f64, String> {
        let mut total = 0.0;
        for step in cells.windows(2) {
            let (_, cost) = self
                .successors(step[0], diagonals)
                .into_iter()
                .find(|&(next, _)| next == step[1])
                .ok_or_else(|| format!("illegal step {} -> {}", step[0], step[1]))?;
            total += cost.0;
        }
        Ok(total)
    }
}

fn pos(x: usize, y: usize) -> Pos {
    Pos::new(
        i32::try_from(x).expect("test grids are small"),
        i32::try_from(y).expect("test grids are small"),
    )
}

fn close(a: f64, b: f64) -> bool {
    (a - b).abs() <= RELATIVE_TOLERANCE * a.abs().max(b.abs()).max(1.0)
}

/// Mixed terrain most of the time; a quarter of the grids give every
/// passable cell one cost, where the engine skips more moves.
fn terrain() -> impl Strategy<Value = Terrain> {
    prop_oneof![3 => mixed_terrain(), 1 => uniform_terrain()]
}

fn mixed_terrain() -> impl Strategy<Value = Terrain> {
    let cell = prop_oneof![
        1 => Just(None),
        3 => proptest::sample::select(TERRAIN_COSTS.as_slice()).prop_map(Some),
    ];
    (1..=MAX_SIDE, 1..=MAX_SIDE).prop_flat_map(move |(width, height)| {
        proptest::collection::vec(cell.clone(), width * height).prop_map(move |costs| Terrain {
            width,
            height,
            costs,
        })
    })
}

fn uniform_terrain() -> impl Strategy<Value = Terrain> {
    (
        1..=MAX_SIDE,
        1..=MAX_SIDE,
        proptest::sample::select(TERRAIN_COSTS.as_slice()),
    )
        .prop_flat_map(|(width, height, cost)| {
            proptest::collection::vec(proptest::bool::weighted(0.75), width * height).prop_map(
                move |open| Terrain {
                    width,
                    height,
                    costs: open.into_iter().map(|open| open.then_some(cost)).collect(),
                },
            )
        })
}

/// A terrain, a movement rule and two passable endpoints.
fn query() -> impl Strategy<Value = (Terrain, Movement, Pos, Pos)> {
    (
        terrain(),
        prop_oneof![
            Just(Movement::EIGHT_CONNECTED),
            Just(Movement::FOUR_CONNECTED)
        ],
        any::<Index>(),
        any::<Index>(),
    )
        .prop_filter_map("no passable cell", |(terrain, movement, start, goal)| {
            let cells = terrain.passable_cells();
            if cells.is_empty() {
                return None;
            }
            let (start, goal) = (*start.get(&cells), *goal.get(&cells));
            Some((terrain, movement, start, goal))
        })
}

/// Two terrains of the same size (so the second reuses the first's search
/// space records without a resize) and two endpoints passable in the second.
fn same_size_pair() -> impl Strategy<Value = (Terrain, Terrain, Pos, Pos)> {
    terrain()
        .prop_flat_map(|first| {
            let (width, height) = (first.width, first.height);
            let cell = prop_oneof![
                1 => Just(None),
                3 => proptest::sample::select(TERRAIN_COSTS.as_slice()).prop_map(Some),
            ];
            let second =
                proptest::collection::vec(cell, width * height).prop_map(move |costs| Terrain {
                    width,
                    height,
                    costs,
                });
            (Just(first), second, any::<Index>(), any::<Index>())
        })
        .prop_filter_map("no passable cell", |(first, second, start, goal)| {
            let cells = second.passable_cells();
            if cells.is_empty() {
                return None;
            }
            let (start, goal) = (*start.get(&cells), *goal.get(&cells));
            Some((first, second, start, goal))
        })
}

/// Regression: an `AStar` keeps a copy of each cell's cost and refreshes it
/// from the grid's change log. It once trusted the log of any newer grid, so
/// a search space moving to another grid of the same size kept the old
/// grid's costs (found by the Moving AI bench; fixed in main dd2c671). Here
/// the goal was a wall in the first grid, so the path came back costing
/// infinity.
#[test]
fn a_search_space_reused_on_another_grid_of_the_same_size_uses_the_new_costs() {
    let first = Grid::from_ascii("#..\n...\n...", Movement::default()).unwrap();
    let second = Grid::from_ascii("...\n...\n...", Movement::default()).unwrap();
    let options = SearchOptions::default();
    let mut reused = AStar::new();
    reused
        .find_path(&first, Pos::new(2, 2), Pos::new(1, 1), &options)
        .unwrap();
    let fresh = AStar::new()
        .find_path(&second, Pos::new(2, 2), Pos::new(0, 0), &options)
        .unwrap();
    let after_reuse = reused
        .find_path(&second, Pos::new(2, 2), Pos::new(0, 0), &options)
        .unwrap();
    assert_eq!(fresh.as_ref().map(|path| path.cost), Some(2.0 * SQRT_2));
    assert_eq!(after_reuse, fresh);
}

fn has_diagonals(movement: Movement) -> bool {
    movement != Movement::FOUR_CONNECTED
}

proptest! {
    #[test]
    fn admissible_heuristics_find_the_oracles_cost((terrain, movement, start, goal) in query()) {
        let grid = terrain.grid(movement);
        let diagonals = has_diagonals(movement);
        let oracle = terrain.oracle_cost(start, goal, diagonals);
        let mut dijkstra_map = DijkstraMap::new();
        dijkstra_map.compute(&grid, [(goal, 0.0)]);
        let engine_dijkstra = dijkstra_map.distance(start);
        match (oracle, engine_dijkstra) {
            (None, None) => {}
            (Some(a), Some(b)) => prop_assert!(close(a, b), "dijkstra map {b}, oracle {a}"),
            (a, b) => prop_assert!(false, "dijkstra map {b:?}, oracle {a:?}"),
        }

        let mut astar = AStar::new();
        for heuristic in Heuristic::ALL.into_iter().filter(|h| h.is_admissible_for(movement)) {
            let options = SearchOptions { heuristic, ..SearchOptions::default() };
            let found = astar.find_path(&grid, start, goal, &options).unwrap();
            match (&found, oracle) {
                (None, None) => {}
                (Some(path), Some(optimal)) => {
                    prop_assert!(close(path.cost, optimal), "{heuristic}: cost {}, oracle {optimal}", path.cost);
                    prop_assert_eq!(path.cells.first(), Some(&start));
                    prop_assert_eq!(path.cells.last(), Some(&goal));
                    let walked = terrain.walk_cost(&path.cells, diagonals);
                    prop_assert!(
                        walked.as_ref().is_ok_and(|&walked| close(walked, path.cost)),
                        "{heuristic}: walking the path gives {walked:?}, reported {}", path.cost
                    );
                }
                (found, oracle) => prop_assert!(false, "{heuristic}: found {found:?}, oracle {oracle:?}"),
            }
        }
    }

    #[test]
    fn weighted_search_stays_within_its_bound(
        (terrain, movement, start, goal) in query(),
        weight in 1.0..=MAX_WEIGHT,
    ) {
        let grid = terrain.grid(movement);
        let diagonals = has_diagonals(movement);
        let oracle = terrain.oracle_cost(start, goal, diagonals);
        let options = SearchOptions { weight, ..SearchOptions::default() };
        let found = AStar::new().find_path(&grid, start, goal, &options).unwrap();
        match (found, oracle) {
            (None, None) => {}
            (Some(path), Some(optimal)) => {
                let walked = terrain.walk_cost(&path.cells, diagonals);
                prop_assert!(walked.as_ref().is_ok_and(|&walked| close(walked, path.cost)), "{walked:?} vs {}", path.cost);
                prop_assert!(
                    path.cost <= weight * optimal * (1.0 + RELATIVE_TOLERANCE),
                    "weight {weight}: cost {}, optimum {optimal}", path.cost
                );
            }
            (found, oracle) => prop_assert!(false, "found {found:?}, oracle {oracle:?}"),
        }
    }

    #[test]
    fn a_reused_search_space_answers_like_a_fresh_one(
        (first, second, start, goal) in same_size_pair(),
        movement in prop_oneof![Just(Movement::EIGHT_CONNECTED), Just(Movement::FOUR_CONNECTED)],
    ) {
        let (first_grid, second_grid) = (first.grid(movement), second.grid(movement));
        let options = SearchOptions::default();
        let mut reused = AStar::new();
        if let Some(&cell) = first.passable_cells().first() {
            reused.find_path(&first_grid, cell, cell, &options).unwrap();
            // A real search, so the first grid's costs are copied in.
            let last = *first.passable_cells().last().unwrap_or(&cell);
            reused.find_path(&first_grid, cell, last, &options).unwrap();
        }
        let fresh = AStar::new().find_path(&second_grid, start, goal, &options).unwrap();
        let after_reuse = reused.find_path(&second_grid, start, goal, &options).unwrap();
        prop_assert_eq!(after_reuse, fresh);
    }

    #[test]
    fn sliced_search_returns_exactly_the_one_shot_answer(
        (terrain, movement, start, goal) in query(),
        budgets in proptest::collection::vec(1..=MAX_SLICE_BUDGET, 1..8),
        weight in prop_oneof![Just(1.0), 1.0..=MAX_WEIGHT],
        heuristic in proptest::sample::select(Heuristic::ALL.as_slice()),
    ) {
        let grid = terrain.grid(movement);
        let options = SearchOptions { heuristic, weight, ..SearchOptions::default() };
        let mut astar = AStar::new();
        let one_shot = astar.find_path(&grid, start, goal, &options).unwrap();
        let one_shot_expanded = astar.stats().expanded;

        astar.start_search(&grid, start, goal, &options).unwrap();
        let mut slices = 0_usize;
        let sliced = loop {
            let budget = budgets[slices % budgets.len()];
            slices += 1;
            match astar.step(&grid, budget) {
                SearchStatus::Pending => {}
                SearchStatus::Found(path) => break Some(path),
                SearchStatus::NoPath => break None,
            }
        };
        // Exact equality: slicing must not change a single tie.
        prop_assert_eq!(&sliced, &one_shot);
        if let (Some(sliced), Some(one_shot)) = (&sliced, &one_shot) {
            prop_assert_eq!(sliced.cost.to_bits(), one_shot.cost.to_bits());
        }
        prop_assert_eq!(astar.stats().expanded, one_shot_expanded);
    }
}
