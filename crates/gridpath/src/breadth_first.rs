//! Breadth-first search: expands cells in the order they were reached, so
//! it finds a path with the fewest steps (a diagonal counts as one step,
//! like a straight one). It ignores cell costs altogether: on a grid where
//! every cell costs the same and moves are 4-connected that path is also a
//! cheapest one; with diagonals or terrain it need not be.
//!
//! PathFinding.js's "Breadth-First-Search" is the same algorithm. The trace
//! records each cell's g as what walking the search tree's way to it costs
//! (so its path cost is honest), h as 0, and f as g.
//!
//! This module must never know about monsters, terrain kinds or terminals.

use std::collections::VecDeque;

use crate::astar::{Path, QueryError, SearchStats};
use crate::endpoints::check_endpoints;
use crate::grid::{Grid, Pos};
use crate::trace::{SearchTrace, TraceEvent};

/// A reusable breadth-first search space.
///
/// ```
/// use gridpath::{BreadthFirst, Grid, Movement, Pos};
/// // The 9s cost nine times floor, but breadth-first counts steps only:
/// // it walks straight through them.
/// let grid = Grid::from_ascii(".....\n.999.\n.....", Movement::FOUR_CONNECTED).unwrap();
/// let mut search = BreadthFirst::new();
/// let path = search
///     .find_path(&grid, Pos::new(0, 1), Pos::new(4, 1))
///     .unwrap()
///     .expect("a path");
/// assert_eq!(path.cells.len(), 5); // the fewest steps: 4
/// assert_eq!(path.cost, 28.0); // three 9s and a 1
/// ```
#[derive(Debug, Clone, Default)]
pub struct BreadthFirst {
    tracing: bool,
    trace: SearchTrace,
    stats: SearchStats,
}

impl BreadthFirst {
    /// A search space that records no trace until told to.
    pub fn new() -> Self {
        Self::default()
    }

    /// Records a [`SearchTrace`] of every following search (off by default).
    pub fn set_tracing(&mut self, on: bool) {
        self.tracing = on;
    }

    /// The trace of the last search (empty unless tracing is on).
    pub fn trace(&self) -> &SearchTrace {
        &self.trace
    }

    /// What the last search did.
    pub fn stats(&self) -> SearchStats {
        self.stats
    }

    /// Finds a path with the fewest steps from `start` to `goal`; its
    /// [`Path::cost`] is what walking it costs.
    ///
    /// # Errors
    /// [`QueryError`] for an end outside the grid or on a wall.
    pub fn find_path(
        &mut self,
        grid: &Grid,
        start: Pos,
        goal: Pos,
    ) -> Result<Option<Path>, QueryError> {
        check_endpoints(grid, start, goal)?;
        self.stats = SearchStats::default();
        if self.tracing {
            self.trace.reset(start, goal);
        }
        let shape = grid.shape();
        let index = |pos: Pos| shape.index(pos).unwrap_or(0);
        let mut g = vec![f64::INFINITY; grid.width() * grid.height()];
        let mut parent: Vec<Option<Pos>> = vec![None; g.len()];
        let mut queue = VecDeque::from([start]);
        g[index(start)] = 0.0;
        self.stats.pushed = 1;
        self.record_open(start, 0.0, None);
        while let Some(cell) = queue.pop_front() {
            self.stats.expanded += 1;
            if self.tracing {
                self.trace.events.push(TraceEvent::Close {
                    cell,
                    cost: grid.cost(cell),
                });
            }
            let here = index(cell);
            if cell == goal {
                let mut cells = vec![goal];
                let mut at = goal;
                while let Some(previous) = parent[index(at)] {
                    cells.push(previous);
                    at = previous;
                }
                cells.reverse();
                return Ok(Some(Path {
                    cells,
                    cost: g[here],
                }));
            }
            for (next, step) in grid.neighbours(cell) {
                let there = index(next);
                if g[there].is_finite() {
                    continue; // reached already, in as few steps or fewer
                }
                g[there] = g[here] + step;
                parent[there] = Some(cell);
                queue.push_back(next);
                self.stats.pushed += 1;
                self.record_open(next, g[there], Some(cell));
            }
        }
        Ok(None)
    }

    fn record_open(&mut self, cell: Pos, g: f64, parent: Option<Pos>) {
        if self.tracing {
            self.trace.events.push(TraceEvent::Open {
                cell,
                g,
                h: 0.0,
                f: g,
                parent,
            });
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{AStar, Movement, SearchOptions};

    #[test]
    fn matches_dijkstra_on_a_uniform_four_connected_grid() {
        let grid = Grid::from_ascii(
            "........\n\
             .####.#.\n\
             .#....#.\n\
             .#.####.\n\
             ........",
            Movement::FOUR_CONNECTED,
        )
        .unwrap();
        for goal in [Pos::new(2, 2), Pos::new(7, 0), Pos::new(5, 2)] {
            let bfs = BreadthFirst::new()
                .find_path(&grid, Pos::new(0, 0), goal)
                .unwrap()
                .unwrap();
            let dijkstra = AStar::new()
                .find_path(
                    &grid,
                    Pos::new(0, 0),
                    goal,
                    &SearchOptions {
                        heuristic: crate::Heuristic::Zero,
                        ..SearchOptions::default()
                    },
                )
                .unwrap()
                .unwrap();
            assert_eq!(bfs.cost, dijkstra.cost, "to {goal}");
            assert_eq!(crate::path_cost(&grid, &bfs.cells), Some(bfs.cost));
        }
    }

    #[test]
    fn counts_steps_not_costs() {
        let grid = Grid::from_ascii("...\n.9.\n...", Movement::FOUR_CONNECTED).unwrap();
        let bfs = BreadthFirst::new()
            .find_path(&grid, Pos::new(1, 0), Pos::new(1, 2))
            .unwrap()
            .unwrap();
        assert_eq!(bfs.cells.len(), 3, "straight through the 9");
        assert_eq!(bfs.cost, 10.0);
    }

    #[test]
    fn no_path_is_none_and_the_trace_expands_every_reachable_cell() {
        let grid = Grid::from_ascii("..#.\n..#.", Movement::default()).unwrap();
        let mut bfs = BreadthFirst::new();
        bfs.set_tracing(true);
        assert_eq!(
            bfs.find_path(&grid, Pos::new(0, 0), Pos::new(3, 1))
                .unwrap(),
            None
        );
        assert_eq!(bfs.trace().closed_cells().count(), 4);
        assert_eq!(bfs.stats().expanded, 4);
    }
}
