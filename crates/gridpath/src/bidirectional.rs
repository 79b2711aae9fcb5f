//! Bidirectional A*: one A* from the start toward the goal and one from the
//! goal back toward the start, expanding a cell from each in turn, until
//! the cheapest way found between them (through a cell both have reached)
//! is no dearer than the smallest f left open on either side. With an
//! admissible heuristic that path is a cheapest one: any cheaper path would
//! have to pass through an open cell of each side, whose f is a lower bound
//! on it. Cells reached more cheaply after they were closed are opened
//! again, so an admissible but inconsistent heuristic keeps the guarantee.
//!
//! The backward search walks the moves in reverse: the step from `a` to
//! `b` costs its length times the cost of entering `b`, whichever side
//! takes it. PathFinding.js's "Bi-directional A*" stops at the first cell
//! both sides reach, which can miss the cheapest path; this one does not.
//!
//! In the trace, a cell's g, h and parent are those of the side that last
//! reached it: g from that side's end, h toward the other end.
//!
//! This module must never know about monsters, terrain kinds or terminals.

use std::cmp::Reverse;
use std::collections::BinaryHeap;

use crate::astar::{Path, QueryError, SearchStats};
use crate::endpoints::check_endpoints;
use crate::grid::{Grid, Pos};
use crate::heuristic::Heuristic;
use crate::smoothing::path_cost;
use crate::trace::{SearchTrace, TraceEvent};

/// Which of the two searches.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Side {
    Forward = 0,
    Backward = 1,
}

impl Side {
    /// The side whose turn comes after this one's.
    fn other(self) -> Self {
        match self {
            Side::Forward => Side::Backward,
            Side::Backward => Side::Forward,
        }
    }

    /// This side's frontier to change, and the other side's to read.
    fn split(self, sides: &mut [Frontier; 2]) -> (&mut Frontier, &Frontier) {
        let [forward, backward] = sides;
        match self {
            Side::Forward => (forward, &*backward),
            Side::Backward => (backward, &*forward),
        }
    }
}

/// The path through `meeting`: the forward side's parents back to the
/// start, then the backward side's on to the goal.
fn stitch(sides: &[Frontier; 2], meeting: Pos, index: impl Fn(Pos) -> usize) -> Vec<Pos> {
    let mut cells = vec![meeting];
    let mut at = meeting;
    while let Some(previous) = sides[0].parent[index(at)] {
        cells.push(previous);
        at = previous;
    }
    cells.reverse();
    let mut at = meeting;
    while let Some(next) = sides[1].parent[index(at)] {
        cells.push(next);
        at = next;
    }
    cells
}

/// One side's search state.
#[derive(Debug, Default)]
struct Frontier {
    g: Vec<f64>,
    parent: Vec<Option<Pos>>,
    closed: Vec<bool>,
    /// (f bits, g bits, cell): stale entries (a cheaper g since, or
    /// closed) are skipped when they come up.
    open: BinaryHeap<Reverse<(u64, u64, Pos)>>,
}

impl Frontier {
    fn new(cells: usize) -> Self {
        Self {
            g: vec![f64::INFINITY; cells],
            parent: vec![None; cells],
            closed: vec![false; cells],
            open: BinaryHeap::new(),
        }
    }

    /// Starts this side at its end `cell` (index `at`), estimated `h` from
    /// the other end.
    fn seed(&mut self, at: usize, cell: Pos, h: f64) {
        self.g[at] = 0.0;
        self.open.push(Reverse((h.to_bits(), 0f64.to_bits(), cell)));
    }

    /// Drops stale entries off the top; the smallest live f, if any.
    fn min_f(&mut self, index: impl Fn(Pos) -> usize) -> Option<f64> {
        while let Some(&Reverse((f, g, cell))) = self.open.peek() {
            let at = index(cell);
            if self.closed[at] || f64::from_bits(g) != self.g[at] {
                self.open.pop();
            } else {
                return Some(f64::from_bits(f));
            }
        }
        None
    }
}

/// A reusable bidirectional A* search space.
///
/// ```
/// use gridpath::{AStar, BidirectionalAStar, Grid, Heuristic, Movement, Pos, SearchOptions};
/// let grid = Grid::from_ascii(
///     "......\n\
///      .####.\n\
///      ......",
///     Movement::default(),
/// ).unwrap();
/// let (start, goal) = (Pos::new(0, 1), Pos::new(5, 1));
/// let both_ways = BidirectionalAStar::new()
///     .find_path(&grid, start, goal, Heuristic::Octile)
///     .unwrap()
///     .expect("round the wall");
/// let one_way = AStar::new()
///     .find_path(&grid, start, goal, &SearchOptions::default())
///     .unwrap()
///     .unwrap();
/// assert_eq!(both_ways.cost, one_way.cost);
/// ```
#[derive(Debug, Clone, Default)]
pub struct BidirectionalAStar {
    tracing: bool,
    trace: SearchTrace,
    stats: SearchStats,
    meeting: Option<Pos>,
    backward_cells: Vec<Pos>,
}

impl BidirectionalAStar {
    /// A search space that records no trace until told to.
    pub fn new() -> Self {
        Self::default()
    }

    /// Records a [`SearchTrace`] of every following search (off by default).
    pub fn set_tracing(&mut self, on: bool) {
        self.tracing = on;
    }

    /// The trace of the last search (empty unless tracing is on): both
    /// sides' events, interleaved as they happened.
    pub fn trace(&self) -> &SearchTrace {
        &self.trace
    }

    /// What the last search did (both sides' expansions together).
    pub fn stats(&self) -> SearchStats {
        self.stats
    }

    /// Where the two sides' halves of the last path found meet.
    pub fn meeting(&self) -> Option<Pos> {
        self.meeting
    }

    /// The cells the backward search (from the goal) reached in the last
    /// search, in the order it first reached them.
    pub fn backward_cells(&self) -> &[Pos] {
        &self.backward_cells
    }

    /// Finds a path from `start` to `goal`, each side estimating with
    /// `heuristic` (times the grid's cheapest cell cost) toward the other
    /// side's end. Cheapest when the heuristic is admissible for the
    /// grid's movement.
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
        self.reset(start, goal);
        if let Some(answer) = self.answer_without_search(grid, start, goal) {
            return Ok(answer);
        }
        let shape = grid.shape();
        let index = |pos: Pos| shape.index(pos).unwrap_or(0);
        let cells = grid.width() * grid.height();
        let mut sides = [Frontier::new(cells), Frontier::new(cells)];
        let scale = grid.min_cost();
        let toward = [goal, start];
        let estimate = |side: Side, pos: Pos| {
            let end = toward[side as usize];
            scale * heuristic.estimate(f64::from(end.x - pos.x), f64::from(end.y - pos.y))
        };
        for (side, end) in [(Side::Forward, start), (Side::Backward, goal)] {
            let h = estimate(side, end);
            sides[side as usize].seed(index(end), end, h);
            self.stats.pushed += 1;
            self.record_open(end, 0.0, h, None);
        }
        let mut best = f64::INFINITY;
        let mut turn = Side::Forward;
        loop {
            let low = [sides[0].min_f(index), sides[1].min_f(index)];
            let (Some(forward_low), Some(backward_low)) = (low[0], low[1]) else {
                break;
            };
            if best <= forward_low.max(backward_low) {
                break;
            }
            let side = turn;
            turn = side.other();
            let (mine, theirs) = side.split(&mut sides);
            let Some(Reverse((_, _, cell))) = mine.open.pop() else {
                break;
            };
            let here = index(cell);
            mine.closed[here] = true;
            self.stats.expanded += 1;
            if self.tracing {
                self.trace.events.push(TraceEvent::Close {
                    cell,
                    cost: grid.cost(cell),
                });
            }
            for (next, _) in grid.neighbours(cell) {
                // Forward: cell -> next enters next; backward: the forward
                // move is next -> cell, which enters cell.
                let entered = match side {
                    Side::Forward => next,
                    Side::Backward => cell,
                };
                let Some(cost) = grid.cost(entered) else {
                    continue;
                };
                let there = index(next);
                let next_g = mine.g[here] + cell.octile(next) * cost;
                if next_g >= mine.g[there] {
                    continue;
                }
                if side == Side::Backward && mine.g[there].is_infinite() {
                    self.backward_cells.push(next);
                }
                mine.g[there] = next_g;
                mine.parent[there] = Some(cell);
                mine.closed[there] = false;
                let h = estimate(side, next);
                mine.open
                    .push(Reverse(((next_g + h).to_bits(), next_g.to_bits(), next)));
                self.stats.pushed += 1;
                self.record_open(next, next_g, h, Some(cell));
                let through = next_g + theirs.g[there];
                if through < best {
                    best = through;
                    self.meeting = Some(next);
                }
            }
        }
        let Some(meeting) = self.meeting.filter(|_| best.is_finite()) else {
            return Ok(None);
        };
        let cells_out = stitch(&sides, meeting, index);
        // Summed again start to goal, as A* reports it: the two halves'
        // sums can differ from that in the last bit.
        let cost = path_cost(grid, &cells_out).unwrap_or(best);
        Ok(Some(Path {
            cells: cells_out,
            cost,
        }))
    }

    /// The answer when no search is needed: the one-cell path when `start`
    /// is `goal`, none when the grid's islands part them.
    fn answer_without_search(
        &mut self,
        grid: &Grid,
        start: Pos,
        goal: Pos,
    ) -> Option<Option<Path>> {
        if start == goal {
            self.meeting = Some(start);
            return Some(Some(Path {
                cells: vec![start],
                cost: 0.0,
            }));
        }
        if !grid.connected(start, goal) {
            self.stats.rejected_by_islands = true;
            return Some(None);
        }
        None
    }

    /// Forgets the last query's statistics, meeting cell and trace.
    fn reset(&mut self, start: Pos, goal: Pos) {
        self.stats = SearchStats::default();
        self.meeting = None;
        self.backward_cells.clear();
        if self.tracing {
            self.trace.reset(start, goal);
        }
    }

    fn record_open(&mut self, cell: Pos, g: f64, h: f64, parent: Option<Pos>) {
        if self.tracing {
            self.trace.events.push(TraceEvent::Open {
                cell,
                g,
                h,
                f: g + h,
                parent,
            });
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{AStar, Movement, SearchOptions};

    /// A small deterministic generator, so the random grids repeat.
    fn next(state: &mut u64) -> u64 {
        *state = state
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        *state >> 33
    }

    #[test]
    fn matches_a_star_cost_on_random_costly_grids() {
        let mut state = 7;
        for round in 0..200 {
            let (width, height) = (12, 9);
            let rows: Vec<String> = (0..height)
                .map(|_| {
                    (0..width)
                        .map(|_| match next(&mut state) % 10 {
                            0 | 1 => '#',
                            2 => '5',
                            3 => '3',
                            _ => '.',
                        })
                        .collect()
                })
                .collect();
            let diagonals = [
                crate::Diagonals::Never,
                crate::Diagonals::NoCornerCutting,
                crate::Diagonals::AtMostOneBlocked,
                crate::Diagonals::Always,
            ][round % 4];
            let Ok(grid) = Grid::from_ascii(&rows.join("\n"), Movement { diagonals }) else {
                continue;
            };
            let start = Pos::new(0, 0);
            let goal = Pos::new(width - 1, height - 1);
            if !grid.is_passable(start) || !grid.is_passable(goal) {
                continue;
            }
            let dijkstra = AStar::new()
                .find_path(
                    &grid,
                    start,
                    goal,
                    &SearchOptions {
                        heuristic: Heuristic::Zero,
                        ..SearchOptions::default()
                    },
                )
                .unwrap();
            for heuristic in [Heuristic::Octile, Heuristic::Zero, Heuristic::Chebyshev] {
                let both = BidirectionalAStar::new()
                    .find_path(&grid, start, goal, heuristic)
                    .unwrap();
                match (&both, &dijkstra) {
                    (Some(both), Some(one)) => {
                        assert!(
                            (both.cost - one.cost).abs() < 1e-9,
                            "round {round} {heuristic}: {} vs {}\n{}",
                            both.cost,
                            one.cost,
                            rows.join("\n")
                        );
                        assert_eq!(crate::path_cost(&grid, &both.cells), Some(both.cost));
                        assert!(crate::steps_are_legal(&grid, start, &both.cells[1..]));
                    }
                    (None, None) => {}
                    _ => panic!("round {round}: {both:?} vs {dijkstra:?}"),
                }
            }
        }
    }

    #[test]
    fn both_sides_expand_and_the_halves_meet() {
        let grid = Grid::from_ascii(&".".repeat(20), Movement::default()).unwrap();
        let mut search = BidirectionalAStar::new();
        search.set_tracing(true);
        let path = search
            .find_path(&grid, Pos::new(0, 0), Pos::new(19, 0), Heuristic::Octile)
            .unwrap()
            .unwrap();
        assert_eq!(path.cells.len(), 20);
        assert_eq!(path.cost, 19.0);
        assert!(!search.backward_cells().is_empty());
        assert!(search.meeting().is_some());
        assert_eq!(
            search.trace().closed_cells().count() as u64,
            search.stats().expanded
        );
    }

    #[test]
    fn disconnected_ends_have_no_path() {
        let grid = Grid::from_ascii("..#..", Movement::default()).unwrap();
        let mut search = BidirectionalAStar::new();
        assert_eq!(
            search
                .find_path(&grid, Pos::new(0, 0), Pos::new(4, 0), Heuristic::Octile)
                .unwrap(),
            None
        );
        assert!(search.stats().rejected_by_islands);
    }
}
