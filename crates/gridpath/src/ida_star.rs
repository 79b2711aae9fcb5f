//! Iterative deepening A* (IDA*, Korf 1985): depth-first searches bounded
//! by f = g + h, each with the bound raised to the smallest f the last one
//! cut off, until one reaches the goal. It keeps only the current path in
//! memory, no open or closed list, and pays for it in time: a cell is
//! expanded again on every path and every iteration that reaches it, so on
//! a grid, with its many equal-cost ways round, it can expand far more
//! cells than A*. With an admissible heuristic its path is a cheapest one.
//!
//! PathFinding.js's "IDA*" is the same algorithm; its time limit is a node
//! limit here (a search that reaches it gives up, as it does), so a search
//! always ends. Children are tried in order of f, lowest first.
//!
//! This module must never know about monsters, terrain kinds or terminals.

use crate::astar::{Path, QueryError, SearchStats};
use crate::endpoints::check_endpoints;
use crate::grid::{Grid, Pos};
use crate::heuristic::Heuristic;
use crate::smoothing::path_cost;
use crate::trace::{SearchTrace, TraceEvent};

/// One cell on the current depth-first path.
#[derive(Debug, Clone)]
struct Frame {
    cell: Pos,
    /// Its children still to try, best last (popped first).
    children: Vec<(Pos, f64)>,
}

/// A reusable IDA* search.
///
/// ```
/// use gridpath::{AStar, Grid, Heuristic, IdaStar, Movement, Pos, SearchOptions};
/// let grid = Grid::from_ascii("....\n.##.\n....", Movement::default()).unwrap();
/// let (start, goal) = (Pos::new(0, 1), Pos::new(3, 1));
/// let mut ida = IdaStar::new();
/// let path = ida
///     .find_path(&grid, start, goal, Heuristic::Octile, 10_000)
///     .unwrap()
///     .expect("round the wall");
/// let astar = AStar::new()
///     .find_path(&grid, start, goal, &SearchOptions::default())
///     .unwrap()
///     .unwrap();
/// assert_eq!(path.cost, astar.cost);
/// assert!(!ida.gave_up());
/// ```
#[derive(Debug, Clone, Default)]
pub struct IdaStar {
    tracing: bool,
    trace: SearchTrace,
    stats: SearchStats,
    gave_up: bool,
    iterations: u32,
}

impl IdaStar {
    /// A search that records no trace until told to.
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

    /// What the last search did (`expanded` counts every visit).
    pub fn stats(&self) -> SearchStats {
        self.stats
    }

    /// Whether the last search stopped at its node limit.
    pub fn gave_up(&self) -> bool {
        self.gave_up
    }

    /// How many bounded depth-first passes the last search made.
    pub fn iterations(&self) -> u32 {
        self.iterations
    }

    /// Finds a path from `start` to `goal`, expanding at most `node_limit`
    /// cells in all (then `Ok(None)` and [`IdaStar::gave_up`]).
    ///
    /// # Errors
    /// [`QueryError`] for an end outside the grid or on a wall.
    pub fn find_path(
        &mut self,
        grid: &Grid,
        start: Pos,
        goal: Pos,
        heuristic: Heuristic,
        node_limit: u64,
    ) -> Result<Option<Path>, QueryError> {
        check_endpoints(grid, start, goal)?;
        self.stats = SearchStats::default();
        self.gave_up = false;
        self.iterations = 0;
        if self.tracing {
            self.trace.reset(start, goal);
        }
        if !grid.connected(start, goal) {
            self.stats.rejected_by_islands = true;
            return Ok(None);
        }
        let scale = grid.min_cost();
        let estimate = |pos: Pos| {
            scale * heuristic.estimate(f64::from(goal.x - pos.x), f64::from(goal.y - pos.y))
        };
        let mut bound = estimate(start);
        loop {
            self.iterations += 1;
            if self.tracing {
                let h = estimate(start);
                self.trace.events.push(TraceEvent::Open {
                    cell: start,
                    g: 0.0,
                    h,
                    f: h,
                    parent: None,
                });
            }
            match self.bounded(grid, start, goal, bound, node_limit, &estimate) {
                Pass::Found(cells) => {
                    let cost = path_cost(grid, &cells).unwrap_or(f64::INFINITY);
                    return Ok(Some(Path { cells, cost }));
                }
                Pass::Raise(next) if next.is_finite() => bound = next,
                Pass::Raise(_) => return Ok(None),
                Pass::GaveUp => {
                    self.gave_up = true;
                    return Ok(None);
                }
            }
        }
    }

    /// One depth-first pass within `bound`.
    fn bounded(
        &mut self,
        grid: &Grid,
        start: Pos,
        goal: Pos,
        bound: f64,
        node_limit: u64,
        estimate: &impl Fn(Pos) -> f64,
    ) -> Pass {
        let mut next_bound = f64::INFINITY;
        let mut stack: Vec<Frame> = Vec::new();
        let mut on_path = std::collections::HashSet::new();
        if let Some(pass) = self.visit(grid, start, 0.0, goal, &mut stack, &mut on_path, estimate) {
            return pass;
        }
        while let Some(frame) = stack.last_mut() {
            let Some((child, g)) = frame.children.pop() else {
                on_path.remove(&frame.cell);
                stack.pop();
                continue;
            };
            if on_path.contains(&child) {
                continue;
            }
            let f = g + estimate(child);
            if f > bound * (1.0 + 1e-12) {
                next_bound = next_bound.min(f);
                continue;
            }
            if self.stats.expanded >= node_limit {
                return Pass::GaveUp;
            }
            if let Some(pass) = self.visit(grid, child, g, goal, &mut stack, &mut on_path, estimate)
            {
                return pass;
            }
        }
        Pass::Raise(next_bound)
    }

    /// Expands `cell` (reached with cost `g`): the goal ends the pass;
    /// otherwise its children go on the stack, best tried first.
    #[expect(
        clippy::too_many_arguments,
        reason = "one pass's state, borrowed apart"
    )]
    fn visit(
        &mut self,
        grid: &Grid,
        cell: Pos,
        g: f64,
        goal: Pos,
        stack: &mut Vec<Frame>,
        on_path: &mut std::collections::HashSet<Pos>,
        estimate: &impl Fn(Pos) -> f64,
    ) -> Option<Pass> {
        self.stats.expanded += 1;
        if self.tracing {
            self.trace.events.push(TraceEvent::Close {
                cell,
                cost: grid.cost(cell),
            });
        }
        if cell == goal {
            let mut cells: Vec<Pos> = stack.iter().map(|frame| frame.cell).collect();
            cells.push(goal);
            return Some(Pass::Found(cells));
        }
        let mut children: Vec<(Pos, f64)> = grid
            .neighbours(cell)
            .filter(|(next, _)| !on_path.contains(next))
            .map(|(next, step)| (next, g + step))
            .collect();
        // Best (lowest f) last, so it is popped first.
        children.sort_by(|a, b| {
            let fa = a.1 + estimate(a.0);
            let fb = b.1 + estimate(b.0);
            fb.total_cmp(&fa)
        });
        if self.tracing {
            for &(next, next_g) in children.iter().rev() {
                let h = estimate(next);
                self.trace.events.push(TraceEvent::Open {
                    cell: next,
                    g: next_g,
                    h,
                    f: next_g + h,
                    parent: Some(cell),
                });
            }
        }
        self.stats.pushed += children.len() as u64;
        on_path.insert(cell);
        stack.push(Frame { cell, children });
        None
    }
}

/// How one bounded pass ended.
enum Pass {
    Found(Vec<Pos>),
    /// No path within the bound: the next bound (infinite: no path at all).
    Raise(f64),
    GaveUp,
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{AStar, Movement, SearchOptions};

    #[test]
    fn matches_a_star_on_small_costly_grids() {
        for (rows, goal) in [
            ("....\n.##.\n....", Pos::new(3, 1)),
            ("......\n.9999.\n......\n.####.", Pos::new(5, 1)),
            ("..#...\n..#.#.\n....#.", Pos::new(5, 0)),
        ] {
            for movement in [Movement::default(), Movement::FOUR_CONNECTED] {
                let grid = Grid::from_ascii(rows, movement).unwrap();
                let start = Pos::new(0, 1);
                let mut ida = IdaStar::new();
                let found = ida
                    .find_path(&grid, start, goal, Heuristic::Octile, 1_000_000)
                    .unwrap();
                let best = AStar::new()
                    .find_path(&grid, start, goal, &SearchOptions::default())
                    .unwrap();
                let (found, best) = (found.unwrap(), best.unwrap());
                assert!(
                    (found.cost - best.cost).abs() < 1e-9,
                    "{rows}: {found:?} vs {best:?}"
                );
                assert!(crate::steps_are_legal(&grid, start, &found.cells[1..]));
            }
        }
    }

    #[test]
    fn gives_up_at_its_node_limit_and_says_so() {
        let grid = Grid::from_ascii(&"..........\n".repeat(8), Movement::default()).unwrap();
        let mut ida = IdaStar::new();
        ida.set_tracing(true);
        let found = ida
            .find_path(&grid, Pos::new(0, 0), Pos::new(9, 7), Heuristic::Zero, 50)
            .unwrap();
        assert_eq!(found, None);
        assert!(ida.gave_up());
        assert_eq!(ida.stats().expanded, 50);
        assert_eq!(ida.trace().closed_cells().count(), 50);
        assert!(ida.iterations() > 1);
    }
}
