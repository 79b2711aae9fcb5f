//! A* over a [`Grid`]: a reusable search space with flat, generation-stamped
//! node records, a bucket-queue open list, and searches that can be cut into
//! node-budget slices and resumed.
//!
//! Vocabulary (Red Blob Games): `g` is the cost so far from the start, `h` the
//! heuristic estimate to the goal, `f = g + weight * h` the priority. A cell is
//! *open* once reached and *closed* once expanded.
//!
//! Why it is fast (what each step measured is in `docs/ENGINE-NOTES.md`):
//! - Node records are 16 bytes (g, one word holding generation stamp, closed
//!   bit and parent direction, and a copy of the cell's cost) in an array
//!   indexed by padded cell, never cleared: a record from an older
//!   generation reads as untouched.
//! - A space made with [`AStar::new`] keeps its records and every cell's
//!   cost copy, brought up to date with the cells its grid changed. Spaces
//!   made with [`AStar::sharing`] hold records only while a search runs or
//!   is paused, lent by a [`SpacePool`], so searches that take turns share
//!   the memory: their records take a cell's cost from the grid when a
//!   search first reaches the cell (so they hold nothing of any grid
//!   between searches), and a paused search keeps only the records it has
//!   touched, written back into a set from the pool when it goes on. That
//!   costs a second cache line per cell reached: on the 1024x1024 Moving AI
//!   maps about half as much search time again, in the game's short
//!   searches next to nothing.
//! - The grid's wall border and precomputed move masks make the inner loop
//!   branch only on moves that are legal.
//! - The open list is a bucket queue over f (see `bucket_queue`), ordered
//!   by one `u64` key: f (rounded to 2^-33 relative, so float noise does not
//!   hide ties) above the tie-break bits.
//! - Neighbours whose f equals the f last taken from the queue are pushed
//!   on a plain stack drained before the queue: each is a valid minimum, so
//!   the search stays optimal while skipping queue operations. Those whose
//!   f is smaller (a weight above 1 or an inconsistent heuristic lets f drop
//!   along a path) go to a small heap drained first, smallest first. The
//!   queue only ever receives keys above the last one it gave out, which it
//!   needs.
//! - Each push prefetches the record its cell will reach next, which is
//!   often cold on a large map.
//! - A cell does not look at the moves its parent made pointless (back to
//!   the parent and to the parent's cardinal neighbours; see
//!   `DOMINATED_MOVES`): the same search with a third fewer looks. Where
//!   every cell costs the same it also skips the sideways moves onto cells
//!   the parent reached by a diagonal (`SIDEWAYS_AFTER_CARDINAL`).
//!
//! This module must never know about monsters, terrain kinds or terminals.

mod options;
mod priority;
mod records;
mod results;
#[cfg(feature = "serde")]
mod saved_space;
mod search;
#[cfg(test)]
mod tests;

pub use crate::path::Path;
pub use options::{Endpoint, QueryError, SearchOptions, TieBreak};
pub(crate) use priority::{TIE_BITS, priority_key_larger_g_first};
pub use results::{SearchStats, SearchStatus};

use crate::bucket_queue::BucketQueue;
use crate::grid::{Grid, Pos};
use crate::node_records::Node;
use crate::space_pool::SpacePool;
use crate::trace::{SearchTrace, TraceEvent};
use search::Outcome;

/// The query a paused or running search is answering.
#[derive(Debug, Clone, Copy)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
struct Query {
    start: usize,
    goal: usize,
    start_pos: Pos,
    goal_pos: Pos,
    options: SearchOptions,
    #[cfg_attr(feature = "serde", serde(with = "crate::saved::version"))]
    grid_version: u64,
    /// The heuristic's scale and the uniform-cost shortcut the search began
    /// with: a change to either voids what it has done.
    min_cost: f64,
    uniform_cost: bool,
    /// The f part of the key last taken from the queue.
    f_bound: u64,
    /// Already answered without searching (islands or start == goal).
    settled: Option<Settled>,
    /// The lowest and highest cell expanded so far (the start before any):
    /// every cell the search has touched lies within a move of this span,
    /// so a change far outside it cannot have been seen.
    closed_span: (usize, usize),
}

#[derive(Debug, Clone, Copy, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
enum Settled {
    NoPath,
    AtGoal,
}

/// A reusable A* search space. Create one per thread (or per planner) and
/// run any number of searches on grids of any size through it.
#[derive(Debug, Clone, Default)]
pub struct AStar {
    nodes: Vec<Node>,
    generation: u32,
    /// Where the records go between searches, and come from for the next
    /// (none: this space keeps its own, with every cell's cost copied).
    pool: Option<std::sync::Arc<SpacePool>>,
    /// In a space that keeps its records: the grid state whose costs the
    /// records hold (0: none yet), and the cells whose copies hold a past
    /// search's override instead.
    copied_version: u64,
    overridden_copies: Vec<usize>,
    /// The cells whose records the current search has stamped, in a
    /// sharing space (so a paused search can keep just those).
    touched: Vec<u32>,
    /// A paused search's records, one per `touched` cell, and the size of
    /// the set they came from, while its space has given the set back.
    shelf: Option<(usize, Vec<Node>)>,
    open: BucketQueue,
    equal_f: Vec<u32>,
    /// Entries whose f fell below the last f taken from the queue (a
    /// weight above 1 or an inconsistent heuristic lets f drop along a
    /// path): smallest key first, ahead of everything else.
    below: std::collections::BinaryHeap<std::cmp::Reverse<(u64, u32)>>,
    query: Option<Query>,
    /// Cells priced differently for the current search only (see
    /// [`AStar::start_search_with_overrides`]), as padded cell and cost.
    overrides: Vec<(usize, f32)>,
    stats: SearchStats,
    tracing: bool,
    trace: SearchTrace,
}

impl AStar {
    /// A searcher with no search running; its buffers grow with the first grid it searches and are reused after.
    pub fn new() -> Self {
        Self::default()
    }

    /// A search space that holds node records only while a search is
    /// under way (or paused): it takes them from `pool` when a search
    /// starts and gives them back when it ends, so spaces whose searches
    /// take turns share a few level-sized sets of records.
    pub fn sharing(pool: std::sync::Arc<SpacePool>) -> Self {
        Self {
            pool: Some(pool),
            ..Self::default()
        }
    }

    /// Ends the current search, if any, unfinished: a sharing space gives
    /// its records back to its pool.
    pub fn abandon(&mut self) {
        self.query = None;
        self.shelf = None;
        self.touched.clear();
        self.release_records();
    }

    /// Records a [`SearchTrace`] of every following search (off by default).
    pub fn set_tracing(&mut self, on: bool) {
        self.tracing = on;
    }

    /// Whether the current search (or the next, when none runs) is traced:
    /// tracing switched on after a search began takes effect at the next.
    pub fn is_tracing(&self) -> bool {
        self.tracing
    }

    /// The trace of the current or last search (empty unless tracing was
    /// on when it began).
    pub fn trace(&self) -> &SearchTrace {
        &self.trace
    }

    /// What the current (or last) search has done so far.
    pub fn stats(&self) -> SearchStats {
        self.stats
    }

    /// Search state bytes per grid cell.
    pub const BYTES_PER_CELL: usize = std::mem::size_of::<Node>();

    /// Finds a cheapest path in one go.
    ///
    /// ```
    /// use gridpath::{AStar, Grid, Movement, Pos, SearchOptions};
    /// let grid = Grid::from_ascii(
    ///     "....\n\
    ///      .##.\n\
    ///      ....",
    ///     Movement::default(),
    /// ).unwrap();
    /// let path = AStar::new()
    ///     .find_path(&grid, Pos::new(0, 1), Pos::new(3, 1), &SearchOptions::default())
    ///     .unwrap()
    ///     .expect("a way around the wall");
    /// // No corner cutting: up, along the top row, and down again.
    /// assert_eq!(path.cells.len(), 6);
    /// assert_eq!(path.cost, 5.0);
    /// ```
    pub fn find_path(
        &mut self,
        grid: &Grid,
        start: Pos,
        goal: Pos,
        options: &SearchOptions,
    ) -> Result<Option<Path>, QueryError> {
        let mut cells = Vec::new();
        Ok(self
            .find_path_into(grid, start, goal, options, &mut cells)?
            .map(|cost| Path { cells, cost }))
    }

    /// Finds a cheapest path, writing its cells into `cells` (cleared first)
    /// and returning its cost; allocates nothing once `cells` and the search
    /// space are warm.
    pub fn find_path_into(
        &mut self,
        grid: &Grid,
        start: Pos,
        goal: Pos,
        options: &SearchOptions,
        cells: &mut Vec<Pos>,
    ) -> Result<Option<f64>, QueryError> {
        self.start_search(grid, start, goal, options)?;
        cells.clear();
        match self.advance(grid, usize::MAX) {
            Outcome::Found(g) => {
                self.reconstruct(grid, cells);
                let cost = self.walking_cost(grid, cells, g);
                self.abandon();
                Ok(Some(cost))
            }
            Outcome::NoPath | Outcome::Pending => {
                self.abandon();
                Ok(None)
            }
        }
    }

    /// Starts a search to be driven by [`AStar::step`].
    pub fn start_search(
        &mut self,
        grid: &Grid,
        start: Pos,
        goal: Pos,
        options: &SearchOptions,
    ) -> Result<(), QueryError> {
        self.start_search_with_overrides(grid, start, goal, options, &[])
    }

    /// Starts a search in which the given passable cells cost what the
    /// list says instead of what the grid says, for this search alone (a
    /// walker that should not shy away from its own footprint, say).
    /// Overrides below the grid's cheapest cost are raised to it, so the
    /// heuristic stays admissible; impassable and outside cells are
    /// ignored: overrides change prices, never the moves.
    pub fn start_search_with_overrides(
        &mut self,
        grid: &Grid,
        start: Pos,
        goal: Pos,
        options: &SearchOptions,
        overrides: &[(Pos, f64)],
    ) -> Result<(), QueryError> {
        for (which, pos) in [(Endpoint::Start, start), (Endpoint::Goal, goal)] {
            if !grid.in_bounds(pos) {
                return Err(QueryError::OutOfBounds {
                    which,
                    pos,
                    width: grid.width(),
                    height: grid.height(),
                });
            }
            if !grid.is_passable(pos) {
                return Err(QueryError::Impassable { which, pos });
            }
        }
        if !(options.weight.is_finite() && options.weight >= 1.0) {
            return Err(QueryError::BadWeight {
                weight: options.weight,
            });
        }
        if !(options.turn_penalty.is_finite() && options.turn_penalty >= 0.0) {
            return Err(QueryError::BadTurnPenalty {
                penalty: options.turn_penalty,
            });
        }
        self.stats = SearchStats::default();
        self.overrides.clear();
        for &(pos, cost) in overrides {
            if grid.is_passable(pos) && cost.is_finite() {
                let cost = cost.max(grid.min_cost()) as f32;
                self.overrides.push((grid.index_of(pos), cost));
            }
        }
        let settled = if start == goal {
            Some(Settled::AtGoal)
        } else if !grid.connected(start, goal) {
            self.stats.rejected_by_islands = true;
            Some(Settled::NoPath)
        } else {
            None
        };
        self.query = Some(Query {
            start: grid.index_of(start),
            goal: grid.index_of(goal),
            start_pos: start,
            goal_pos: goal,
            options: *options,
            grid_version: grid.version(),
            min_cost: grid.min_cost(),
            uniform_cost: grid.has_uniform_cost(),
            f_bound: 0,
            settled,
            closed_span: (grid.index_of(start), grid.index_of(start)),
        });
        if self.tracing {
            self.trace.reset(start, goal);
        } else if self.trace != SearchTrace::default() {
            // No trace of an earlier search is left to pass for this one's.
            self.trace = SearchTrace::default();
        }
        self.open_start(grid);
        Ok(())
    }

    /// Runs the current search for at most `node_budget` expansions. Cut
    /// into slices of any size, a search returns exactly what one
    /// uninterrupted run returns. If the grid changed since the last slice,
    /// the search starts over on the new grid.
    pub fn step(&mut self, grid: &Grid, node_budget: usize) -> SearchStatus {
        self.unshelve();
        if let Some(q) = self.query.filter(|q| q.grid_version != grid.version()) {
            if self.changes_reach_search(grid, &q) {
                let restarts = self.stats.restarts;
                let resumed = self.stats.resumed_after_changes;
                let overrides: Vec<(Pos, f64)> = self
                    .overrides
                    .iter()
                    .map(|&(cell, cost)| (grid.pos_of(cell), f64::from(cost)))
                    .collect();
                if self
                    .start_search_with_overrides(
                        grid,
                        q.start_pos,
                        q.goal_pos,
                        &q.options,
                        &overrides,
                    )
                    .is_err()
                {
                    self.abandon();
                    return SearchStatus::NoPath;
                }
                self.stats.restarts = restarts + 1;
                self.stats.resumed_after_changes = resumed;
            } else {
                // Nothing the search has looked at changed: going on is
                // the same search a fresh start on this grid would run
                // (the cells it has not reached take their costs from
                // the grid as it is when it reaches them, or from copies
                // brought up to date now).
                if self.pool.is_none() {
                    self.copy_costs(grid);
                    self.apply_overrides();
                }
                if let Some(query) = self.query.as_mut() {
                    query.grid_version = grid.version();
                }
                self.stats.resumed_after_changes += 1;
            }
        }
        match self.advance(grid, node_budget) {
            Outcome::Found(g) => {
                let mut cells = Vec::new();
                self.reconstruct(grid, &mut cells);
                let cost = self.walking_cost(grid, &cells, g);
                self.abandon();
                SearchStatus::Found(Path { cells, cost })
            }
            Outcome::NoPath => {
                self.abandon();
                SearchStatus::NoPath
            }
            Outcome::Pending => {
                if self.tracing {
                    self.trace.events.push(TraceEvent::SliceEnd);
                }
                self.shelve();
                SearchStatus::Pending
            }
        }
    }

    /// Makes this space's records ready for searches on `grid` now, every
    /// page written once, so the first search on it takes no page faults:
    /// on a 1024x1024 grid that is 16 MB to touch, better done as a level
    /// is entered than mid-turn. A sharing space readies a set of records
    /// in its pool instead (see [`SpacePool::prepare`]).
    pub fn prepare(&mut self, grid: &Grid) {
        match &self.pool {
            Some(pool) => pool.prepare(grid.padded_len()),
            None => {
                self.fit_records(grid.padded_len());
                self.copy_costs(grid);
            }
        }
    }
}

impl AStar {
    /// Makes this space take its records from `pool` (a space read from a
    /// save, whose pool is not saved). A space holding records keeps its own.
    pub fn share(&mut self, pool: std::sync::Arc<SpacePool>) {
        if self.nodes.is_empty() {
            self.pool = Some(pool);
        }
    }
}
