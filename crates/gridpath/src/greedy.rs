//! Greedy best-first search: always expands the open cell that looks
//! nearest the goal by the heuristic alone, ignoring what the way there
//! cost. It is usually very quick on open ground and gives no guarantee:
//! the path it returns can cost far more than the cheapest (it walks
//! straight into a swamp or along the wrong side of a wall).
//!
//! It is A* with the weight on h taken to infinity, which is how
//! PathFinding.js's "Best-First-Search" works: a cell's g (and parent) is
//! still lowered when a cheaper way to it turns up while it is open, so the
//! path is the cheapest through the cells it happened to expand. Ties in h
//! go to the cell opened first.
//!
//! This module must never know about monsters, terrain kinds or terminals.

use std::cmp::Reverse;
use std::collections::BinaryHeap;

use crate::astar::{Path, QueryError, SearchStats};
use crate::endpoints::check_endpoints;
use crate::grid::{Grid, Pos};
use crate::heuristic::Heuristic;
use crate::trace::{SearchTrace, TraceEvent};

/// A reusable greedy best-first search space.
///
/// ```
/// use gridpath::{GreedyBestFirst, Grid, Heuristic, Movement, Pos};
/// // A wall with a gap at the bottom: greedy heads for the goal, meets the
/// // wall, and slides round it.
/// let grid = Grid::from_ascii(
///     "..#..\n\
///      ..#..\n\
///      .....",
///     Movement::default(),
/// ).unwrap();
/// let mut greedy = GreedyBestFirst::new();
/// let path = greedy
///     .find_path(&grid, Pos::new(0, 0), Pos::new(4, 0), Heuristic::Octile)
///     .unwrap()
///     .expect("round the bottom of the wall");
/// assert_eq!(path.cells.first(), Some(&Pos::new(0, 0)));
/// assert_eq!(path.cells.last(), Some(&Pos::new(4, 0)));
/// // A path, round the wall: longer than the 4 steps straight across.
/// assert!(path.cost > 4.0);
/// ```
#[derive(Debug, Clone, Default)]
pub struct GreedyBestFirst {
    tracing: bool,
    trace: SearchTrace,
    stats: SearchStats,
}

impl GreedyBestFirst {
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

    /// Finds a path from `start` to `goal`, expanding by `heuristic` (times
    /// the grid's cheapest cell cost, as A* scales it) alone.
    ///
    /// # Errors
    /// [`QueryError`] for an end outside the grid or on a wall.
    pub fn find_path(
        &mut self,
        grid: &Grid,
        start: Pos,
        goal: Pos,
        heuristic: Heuristic,
    ) -> Result<Option<Path>, QueryError> {
        check_endpoints(grid, start, goal)?;
        self.stats = SearchStats::default();
        if self.tracing {
            self.trace.reset(start, goal);
        }
        let shape = grid.shape();
        let cells = grid.width() * grid.height();
        let mut g = vec![f64::INFINITY; cells];
        let mut parent: Vec<Option<Pos>> = vec![None; cells];
        let mut closed = vec![false; cells];
        let scale = grid.min_cost();
        let estimate = |pos: Pos| {
            scale * heuristic.estimate(f64::from(goal.x - pos.x), f64::from(goal.y - pos.y))
        };
        let index = |pos: Pos| shape.index(pos).unwrap_or(0);
        let mut open = BinaryHeap::new();
        let mut opened = 0u64;
        g[index(start)] = 0.0;
        let h = estimate(start);
        open.push(Reverse((h.to_bits(), opened, start)));
        self.stats.pushed = 1;
        self.record_open(start, 0.0, h, None);
        while let Some(Reverse((_, _, cell))) = open.pop() {
            let here = index(cell);
            if closed[here] {
                continue;
            }
            closed[here] = true;
            self.stats.expanded += 1;
            if self.tracing {
                self.trace.events.push(TraceEvent::Close {
                    cell,
                    cost: grid.cost(cell),
                });
            }
            if cell == goal {
                let mut cells_back = vec![goal];
                let mut at = goal;
                while let Some(previous) = parent[index(at)] {
                    cells_back.push(previous);
                    at = previous;
                }
                cells_back.reverse();
                return Ok(Some(Path {
                    cells: cells_back,
                    cost: g[here],
                }));
            }
            for (next, step) in grid.neighbours(cell) {
                let there = index(next);
                let next_g = g[here] + step;
                if closed[there] || next_g >= g[there] {
                    continue;
                }
                let first_reach = g[there].is_infinite();
                g[there] = next_g;
                parent[there] = Some(cell);
                let h = estimate(next);
                if first_reach {
                    opened += 1;
                    open.push(Reverse((h.to_bits(), opened, next)));
                    self.stats.pushed += 1;
                }
                self.record_open(next, next_g, h, Some(cell));
            }
        }
        Ok(None)
    }

    /// Records a cell put on (or re-priced in) the open list. Greedy ranks
    /// by h alone, so the trace's f is h.
    fn record_open(&mut self, cell: Pos, g: f64, h: f64, parent: Option<Pos>) {
        if self.tracing {
            self.trace.events.push(TraceEvent::Open {
                cell,
                g,
                h,
                f: h,
                parent,
            });
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{AStar, Movement, SearchOptions};

    fn grid(rows: &str) -> Grid {
        Grid::from_ascii(rows, Movement::default()).unwrap()
    }

    #[test]
    fn finds_a_path_never_cheaper_than_a_star_and_expands_fewer_on_open_ground() {
        let grid = grid(
            "..........\n\
             ..........\n\
             ..........\n\
             ..........\n\
             ..........",
        );
        let (start, goal) = (Pos::new(0, 2), Pos::new(9, 2));
        let mut greedy = GreedyBestFirst::new();
        let path = greedy
            .find_path(&grid, start, goal, Heuristic::Octile)
            .unwrap()
            .unwrap();
        let optimum = AStar::new()
            .find_path(
                &grid,
                start,
                goal,
                &SearchOptions {
                    heuristic: Heuristic::Zero,
                    ..SearchOptions::default()
                },
            )
            .unwrap()
            .unwrap();
        assert!((path.cost - optimum.cost).abs() < 1e-9, "a straight line");
        assert_eq!(greedy.stats().expanded, 10, "straight at the goal");
    }

    #[test]
    fn walks_through_a_swamp_a_star_goes_round() {
        // The 9s cost nine times floor; the row above is free of them.
        let grid = grid(
            ".......\n\
             .99999.\n\
             .......",
        );
        let (start, goal) = (Pos::new(0, 1), Pos::new(6, 1));
        let greedy = GreedyBestFirst::new()
            .find_path(&grid, start, goal, Heuristic::Octile)
            .unwrap()
            .unwrap();
        let optimum = AStar::new()
            .find_path(&grid, start, goal, &SearchOptions::default())
            .unwrap()
            .unwrap();
        assert!(
            greedy.cost > optimum.cost + 1.0,
            "{greedy:?} vs {optimum:?}"
        );
        assert_eq!(crate::path_cost(&grid, &greedy.cells), Some(greedy.cost));
    }

    #[test]
    fn no_path_and_bad_ends() {
        let grid = grid("..#..\n..#..\n..#..");
        let mut greedy = GreedyBestFirst::new();
        assert_eq!(
            greedy
                .find_path(&grid, Pos::new(0, 0), Pos::new(4, 2), Heuristic::Octile)
                .unwrap(),
            None
        );
        assert!(
            greedy
                .find_path(&grid, Pos::new(2, 0), Pos::new(4, 2), Heuristic::Octile)
                .is_err()
        );
    }

    #[test]
    fn the_trace_closes_what_it_expanded_and_ranks_by_h() {
        let grid = grid("....\n.#..\n....");
        let mut greedy = GreedyBestFirst::new();
        greedy.set_tracing(true);
        greedy
            .find_path(&grid, Pos::new(0, 0), Pos::new(3, 2), Heuristic::Manhattan)
            .unwrap()
            .unwrap();
        let trace = greedy.trace();
        assert_eq!(trace.closed_cells().count() as u64, greedy.stats().expanded);
        for event in &trace.events {
            if let TraceEvent::Open { h, f, .. } = event {
                assert_eq!(h, f);
            }
        }
    }
}
