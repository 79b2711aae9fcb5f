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

use thiserror::Error;

use crate::bucket_queue::BucketQueue;
use crate::grid::{
    DIRECTION_DELTAS, DIRECTION_LENGTHS, DOMINATED_MOVES, Grid, Pos, SIDEWAYS_AFTER_CARDINAL,
};
use crate::heuristic::{Chebyshev, Estimate, Euclidean, Heuristic, Manhattan, Octile, Zero};
use crate::open_list::OpenEntry;
use crate::prefetch::prefetch;
use crate::smoothing::path_cost;
use crate::space_pool::SpacePool;
use crate::trace::{SearchTrace, TraceEvent};

/// Which of several cells with equal f is expanded first.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
pub enum TieBreak {
    /// Toward larger g (the cell furthest from the start): heads for the
    /// goal and expands far fewer cells on open ground. The default. Equal-f
    /// cells are taken newest first (a cell reached later is deeper), not by
    /// comparing g: comparing g exactly measured 1.7x slower on the Moving AI
    /// maps for the same number of expansions.
    #[default]
    LargerG,
    /// Prefer the cell nearest the start (smaller g): a broader search.
    SmallerG,
}

/// How a search ranks cells.
#[derive(Debug, Clone, Copy, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct SearchOptions {
    /// The estimate of the cost still to go.
    pub heuristic: Heuristic,
    /// Multiplies the heuristic. 1 is optimal A* (with an admissible
    /// heuristic); above 1 is weighted A*: fewer expansions, and a path that
    /// costs at most `weight` times the optimum.
    pub weight: f64,
    /// Which of two cells with equal f is expanded first.
    pub tie_break: TieBreak,
    /// Added to g for every step whose direction differs from the step that
    /// entered the cell it leaves (the start has no entering step), so paths
    /// with fewer turns rank first. 0 (the default) adds nothing and runs
    /// exactly the search without the option; it must be finite and not
    /// negative.
    ///
    /// A penalty is a bias, not part of the cost: the returned
    /// [`Path::cost`] is what walking the cells costs, without penalties.
    /// It voids the guarantees above: the path may cost more than the
    /// optimum (or than `weight` times it), trading cost for straightness.
    /// Nor is it surely the path with the least cost plus penalties: a
    /// cell is expanded once, from whichever direction reached it cheapest,
    /// as in plain A*, while the penalty depends on that direction. The g
    /// values in a [`SearchTrace`] include the penalties.
    pub turn_penalty: f64,
}

impl Default for SearchOptions {
    fn default() -> Self {
        Self {
            heuristic: Heuristic::Octile,
            weight: 1.0,
            tie_break: TieBreak::LargerG,
            turn_penalty: 0.0,
        }
    }
}

/// A found path: its cells from start to goal (both included) and what
/// walking them costs (step lengths times entered cell costs, as
/// [`path_cost`] counts them; never including turn penalties).
#[derive(Debug, Clone, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Path {
    /// The cells from start to goal, both included.
    pub cells: Vec<Pos>,
    /// What walking the cells costs.
    pub cost: f64,
}

/// What one `step` of a search ended with.
#[derive(Debug, Clone, PartialEq)]
pub enum SearchStatus {
    /// The goal was reached; the search is over.
    Found(Path),
    /// Every reachable cell was expanded without reaching the goal, or no
    /// search is running; the search is over.
    NoPath,
    /// The node budget ran out; call `step` again to go on.
    Pending,
}

/// A query the engine cannot run. "No path" is not an error.
#[derive(Debug, Clone, PartialEq, Error)]
pub enum QueryError {
    /// An endpoint lies outside the grid.
    #[error("{which} {pos} is outside the {width}x{height} grid")]
    OutOfBounds {
        /// Which end of the query.
        which: Endpoint,
        /// The cell.
        pos: Pos,
        /// The grid's width.
        width: usize,
        /// The grid's height.
        height: usize,
    },
    /// An endpoint is a wall.
    #[error("{which} {pos} is impassable")]
    Impassable {
        /// Which end of the query.
        which: Endpoint,
        /// The cell.
        pos: Pos,
    },
    /// The heuristic weight is not finite or below 1.
    #[error("heuristic weight {weight} is not allowed: it must be finite and at least 1")]
    BadWeight {
        /// The weight given.
        weight: f64,
    },
    /// The turn penalty is not finite or below 0.
    #[error(
        "turn penalty {penalty} is not allowed: it must be finite and at least 0 (0 turns it off)"
    )]
    BadTurnPenalty {
        /// The penalty given.
        penalty: f64,
    },
}

/// Which end of a query an error is about.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Endpoint {
    /// The start of the query.
    Start,
    /// The goal of the query.
    Goal,
}

impl std::fmt::Display for Endpoint {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Endpoint::Start => "start",
            Endpoint::Goal => "goal",
        })
    }
}

/// Counters for the current (or last) search.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct SearchStats {
    /// Cells expanded (closed).
    pub expanded: u64,
    /// Entries put on the open list or the equal-f stack.
    pub pushed: u64,
    /// `step` calls that did work.
    pub slices: u32,
    /// The grid changed under a paused search near the cells it had
    /// reached, so it started over.
    pub restarts: u32,
    /// The grid changed under a paused search only away from the cells it
    /// had reached, so it went on where it stopped.
    pub resumed_after_changes: u32,
    /// Answered "no path" from the islands, without a search.
    pub rejected_by_islands: bool,
}

/// Per-cell search state: 16 bytes, one quarter of a cache line.
#[derive(Debug, Clone, Copy, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[repr(C)]
pub(crate) struct Node {
    g: f64,
    /// `generation << GENERATION_SHIFT | CLOSED? | parent direction`.
    tag: u32,
    /// A copy of the grid's cost of entering this cell (or the search's
    /// override), so looking at a neighbour touches one cache line, not
    /// two. A space that keeps its records copies every cell's cost and
    /// keeps the copies up to date; in a sharing space a copy is valid only
    /// while `tag` holds the current generation (a search takes it from
    /// the grid when it first reaches the cell).
    cost: f32,
}

// SAFETY: all-zero bits are a valid `Node` (g 0.0, tag 0, cost 0.0), and
// `Node` has no padding (8 + 4 + 4 bytes, `repr(C)`).
unsafe impl bytemuck::Zeroable for Node {}

/// The node records of a search space and the generation they were last
/// stamped with: they travel together (a record's stamp means something
/// only beside its own counter), between spaces through a [`SpacePool`].
#[derive(Debug, Clone, Default)]
pub(crate) struct Records {
    pub(crate) nodes: Vec<Node>,
    pub(crate) generation: u32,
}

impl Records {
    /// Records for `cells` padded cells, allocated zeroed: pages no search
    /// reaches are never written, so they take no memory.
    pub(crate) fn zeroed(cells: usize) -> Self {
        Self {
            nodes: bytemuck::allocation::zeroed_vec(cells),
            generation: 0,
        }
    }

    /// Writes every record once, so the first searches in them take no
    /// page faults (better while a level is made than mid-turn).
    pub(crate) fn touch_all(&mut self) {
        for node in &mut self.nodes {
            node.tag = 0;
        }
        self.generation = 0;
    }
}

const PARENT_MASK: u32 = 0b111;
const CLOSED: u32 = 0b1000;
const GENERATION_SHIFT: u32 = 4;
const MAX_GENERATION: u32 = u32::MAX >> GENERATION_SHIFT;

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

enum Outcome {
    Found(f64),
    NoPath,
    Pending,
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

    /// A sharing space pauses: the records its search touched are copied
    /// out and the set goes back to the pool.
    fn shelve(&mut self) {
        if self.pool.is_none() || self.nodes.is_empty() {
            return;
        }
        let kept = self
            .touched
            .iter()
            .map(|&cell| self.nodes[cell as usize])
            .collect();
        self.shelf = Some((self.nodes.len(), kept));
        self.release_records();
    }

    /// The paused search goes on: its records are written into a set from
    /// the pool, stamped with that set's next generation (every other
    /// record of the set then reads as untouched, as it did before).
    fn unshelve(&mut self) {
        let Some((cells, kept)) = self.shelf.take() else {
            return;
        };
        self.fit_records(cells);
        self.next_generation();
        let stamp = self.generation << GENERATION_SHIFT;
        let low_bits = (1 << GENERATION_SHIFT) - 1;
        for (&cell, node) in self.touched.iter().zip(kept) {
            self.nodes[cell as usize] = Node {
                tag: stamp | (node.tag & low_bits),
                ..node
            };
        }
    }

    /// Moves to a new generation (clearing every stamp when the counter
    /// would overflow): every record reads as untouched.
    fn next_generation(&mut self) {
        if self.generation >= MAX_GENERATION {
            for node in &mut self.nodes {
                node.tag = 0;
            }
            self.generation = 0;
        }
        self.generation += 1;
    }

    /// Gives the records to the pool (a sharing space with no search).
    fn release_records(&mut self) {
        if let Some(pool) = &self.pool
            && !self.nodes.is_empty()
        {
            pool.give(Records {
                nodes: std::mem::take(&mut self.nodes),
                generation: self.generation,
            });
            self.generation = 0;
        }
    }

    /// Makes sure this space has records for `padded_len` cells: its own,
    /// one from its pool, or fresh zeroed ones.
    fn fit_records(&mut self, padded_len: usize) {
        if self.nodes.len() == padded_len {
            return;
        }
        let records = match self.pool.clone() {
            Some(pool) => {
                self.release_records();
                pool.take(padded_len)
            }
            None => Records::zeroed(padded_len),
        };
        self.nodes = records.nodes;
        self.generation = records.generation;
        self.copied_version = 0;
        self.overridden_copies.clear();
    }

    /// In a space that keeps its records: brings their cost copies up to
    /// the grid's state (the cells changed since the last copy, or all of
    /// them), first giving back their grid costs to cells a past search
    /// overrode.
    fn copy_costs(&mut self, grid: &Grid) {
        let costs = grid.costs();
        for cell in self.overridden_copies.drain(..) {
            if let (Some(node), Some(&cost)) = (self.nodes.get_mut(cell), costs.get(cell)) {
                node.cost = cost;
            }
        }
        if self.copied_version == grid.version() {
            return;
        }
        match grid.changes_since(self.copied_version) {
            Some(changed) if self.copied_version != 0 => {
                for cell in changed {
                    self.nodes[cell].cost = costs[cell];
                }
            }
            _ => {
                for (node, &cost) in self.nodes.iter_mut().zip(costs) {
                    node.cost = cost;
                }
            }
        }
        self.copied_version = grid.version();
    }

    /// Records a [`SearchTrace`] of every following search (off by default).
    pub fn set_tracing(&mut self, on: bool) {
        self.tracing = on;
    }

    /// The trace of the current or last search (empty unless tracing is on).
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

    /// Whether the grid changed where the paused search `q` has looked:
    /// at a cell it reached or next to one (a cell's passability also
    /// decides its neighbours' moves), or in the cheapest cost or the
    /// uniform-cost shortcut it runs with. Otherwise every cell and move it
    /// has read is as it was, and it can go on.
    fn changes_reach_search(&self, grid: &Grid, q: &Query) -> bool {
        if q.settled.is_some()
            || grid.min_cost() != q.min_cost
            || grid.has_uniform_cost() != q.uniform_cost
            || self.nodes.len() != grid.padded_len()
        {
            return true;
        }
        let Some(changed) = grid.changes_since(q.grid_version) else {
            return true;
        };
        let offsets = grid.offsets();
        // An overridden cell carries the stamp before it is reached, with
        // an infinite g.
        let reached = |cell: usize| {
            self.nodes.get(cell).is_some_and(|node| {
                node.tag >> GENERATION_SHIFT == self.generation && node.g.is_finite()
            })
        };
        let overridden = |cell: usize| self.overrides.iter().any(|&(c, _)| c == cell);
        // Touched cells lie within a move of the expanded span; a change
        // matters if it is touched or beside a touched cell.
        let one_move = offsets.iter().map(|o| o.unsigned_abs()).max().unwrap_or(0);
        let (lowest, highest) = q.closed_span;
        let near = |cell: usize| cell + 2 * one_move >= lowest && cell <= highest + 2 * one_move;
        for cell in changed {
            if !near(cell) {
                continue;
            }
            // An overridden cell costs what the search was told, whatever
            // the grid says now; only its passability could matter, and
            // overrides never cover impassable cells.
            if overridden(cell) && grid.costs()[cell].is_finite() {
                continue;
            }
            if reached(cell)
                || offsets
                    .iter()
                    .any(|&offset| reached(cell.wrapping_add_signed(offset)))
            {
                return true;
            }
        }
        false
    }

    /// Writes the current search's cost overrides into the node records,
    /// stamped with the search's generation but not reached (infinite g),
    /// so the search reads their cost from the record, not the grid.
    ///
    /// A space that keeps its records writes the costs alone (its copies
    /// are read whatever the stamp), and gives the cells their grid costs
    /// back before its next search.
    fn apply_overrides(&mut self) {
        if self.pool.is_none() {
            for &(cell, cost) in &self.overrides {
                if let Some(node) = self.nodes.get_mut(cell) {
                    node.cost = cost;
                    self.overridden_copies.push(cell);
                }
            }
            return;
        }
        let stamp = self.generation << GENERATION_SHIFT;
        for &(cell, cost) in &self.overrides {
            if let Some(node) = self.nodes.get_mut(cell) {
                if node.tag != stamp {
                    self.touched.push(cell as u32);
                }
                node.cost = cost;
                node.g = f64::INFINITY;
                node.tag = stamp;
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

    fn open_start(&mut self, grid: &Grid) {
        self.shelf = None;
        self.touched.clear();
        self.fit_records(grid.padded_len());
        if self.pool.is_none() {
            self.copy_costs(grid);
        }
        self.next_generation();
        self.apply_overrides();
        self.equal_f.clear();
        self.below.clear();
        let Some(query) = self.query.filter(|q| q.settled.is_none()) else {
            self.open.reset(grid.min_cost(), 0.0);
            return;
        };
        let h = self.estimate(grid, query.start, &query);
        let f = query.options.weight * h;
        self.open.reset(grid.min_cost(), f);
        let start = &mut self.nodes[query.start];
        if self.pool.is_some() && start.tag >> GENERATION_SHIFT != self.generation {
            start.cost = grid.costs()[query.start];
            self.touched.push(query.start as u32);
        }
        start.g = 0.0;
        start.tag = self.generation << GENERATION_SHIFT;
        self.open.push(
            f,
            OpenEntry {
                key: priority_key(f, h, query.options.tie_break),
                cell: query.start as u32,
            },
        );
        self.stats.pushed += 1;
        if self.tracing {
            self.trace.events.push(TraceEvent::Open {
                cell: query.start_pos,
                g: 0.0,
                h,
                f,
                parent: None,
            });
        }
    }

    /// The heuristic (scaled by the grid's cheapest cost, not weighted).
    fn estimate(&self, grid: &Grid, cell: usize, query: &Query) -> f64 {
        let pos = grid.pos_of(cell);
        let dx = f64::from(pos.x - query.goal_pos.x);
        let dy = f64::from(pos.y - query.goal_pos.y);
        grid.min_cost() * query.options.heuristic.estimate(dx, dy)
    }

    fn advance(&mut self, grid: &Grid, node_budget: usize) -> Outcome {
        let Some(query) = self.query else {
            return Outcome::NoPath;
        };
        match query.settled {
            Some(Settled::AtGoal) => return Outcome::Found(0.0),
            Some(Settled::NoPath) => return Outcome::NoPath,
            None => {}
        }
        if node_budget > 0 {
            self.stats.slices += 1;
        }
        let turns = query.options.turn_penalty > 0.0;
        match query.options.heuristic {
            Heuristic::Octile => self.run_for::<Octile>(grid, node_budget, turns),
            Heuristic::Manhattan => self.run_for::<Manhattan>(grid, node_budget, turns),
            Heuristic::Euclidean => self.run_for::<Euclidean>(grid, node_budget, turns),
            Heuristic::Chebyshev => self.run_for::<Chebyshev>(grid, node_budget, turns),
            Heuristic::Zero => self.run_for::<Zero>(grid, node_budget, turns),
        }
    }

    /// Picks the search loop compiled for the tracing and turn-penalty
    /// choices.
    fn run_for<E: Estimate>(&mut self, grid: &Grid, node_budget: usize, turns: bool) -> Outcome {
        match (self.tracing, turns) {
            (false, false) => self.run::<E, false, false>(grid, node_budget),
            (true, false) => self.run::<E, true, false>(grid, node_budget),
            (false, true) => self.run::<E, false, true>(grid, node_budget),
            (true, true) => self.run::<E, true, true>(grid, node_budget),
        }
    }

    /// What walking the found `cells` costs. Without a turn penalty that is
    /// the goal's g, summed step by step in the same order [`path_cost`]
    /// sums; with one, g also holds the penalties and the cells are priced
    /// again.
    fn walking_cost(&self, grid: &Grid, cells: &[Pos], g: f64) -> f64 {
        if self.query.is_none_or(|q| q.options.turn_penalty <= 0.0) {
            return g;
        }
        let cost = path_cost(grid, cells);
        // Always legal: each step is a move the search took from a mask.
        debug_assert!(cost.is_some(), "a found path has an illegal step");
        cost.unwrap_or(g)
    }

    /// The search loop, compiled once per heuristic, tracing choice and
    /// turn-penalty choice: with `TURNS` false (no penalty) the penalty code
    /// is not in the loop at all.
    ///
    /// Turn penalties and the open list. A penalty only ever adds to a
    /// neighbour's g, so its key is at least what it would be without one.
    /// With a consistent heuristic and weight 1, f never drops from a cell
    /// to a neighbour (`h(cell) <= step + h(next) <= step + penalty +
    /// h(next)`), so every key pushed has f >= `f_bound`, the f last taken
    /// from the queue, just as without penalties. Where that fails (weights
    /// above 1, inconsistent heuristics) nothing rests on it: the push rule
    /// below sends any key with f under `f_bound` or under the queue's floor
    /// to the `below` heap, so the queue stays monotone whatever g holds;
    /// `below` gives back its smallest key, which is under every other, and
    /// the equal-f stack only holds f == `f_bound`, no more than any queued
    /// key. Either way what is expanded next is a minimum of the open list.
    /// Penalties change which cells take which route, never the soundness
    /// of either rule.
    #[inline(never)]
    fn run<E: Estimate, const TRACE: bool, const TURNS: bool>(
        &mut self,
        grid: &Grid,
        node_budget: usize,
    ) -> Outcome {
        let Some(query) = self.query.as_mut() else {
            return Outcome::NoPath;
        };
        let masks = grid.masks();
        let offsets = *grid.offsets();
        let splitter = grid.cell_splitter();
        let uniform = grid.has_uniform_cost();
        let nodes = &mut self.nodes[..masks.len()];
        let costs = grid.costs();
        // A sharing space takes costs as cells are first reached (and
        // notes which it touched); one that keeps its records has copies.
        let sharing = self.pool.is_some();
        let touched = &mut self.touched;
        let generation = self.generation;
        let goal = query.goal;
        let (goal_x, goal_y) = splitter.split(goal);
        let h_scale = grid.min_cost();
        let f_scale = h_scale * query.options.weight;
        let tie_break = query.options.tie_break;
        let tie_mask = tie_mask(tie_break);
        let use_equal_f_stack = tie_break == TieBreak::LargerG;
        let turn_penalty = query.options.turn_penalty;
        let start = query.start;
        let mut f_bound = query.f_bound;
        let (mut lowest_closed, mut highest_closed) = query.closed_span;
        let mut expanded = 0usize;
        let mut pushed = 0u64;

        let outcome = loop {
            if expanded == node_budget {
                break Outcome::Pending;
            }
            let cell = if let Some(std::cmp::Reverse((_, cell))) = self.below.pop() {
                cell as usize
            } else if let Some(cell) = self.equal_f.pop() {
                cell as usize
            } else if let Some(entry) = self.open.pop() {
                f_bound = entry.key >> TIE_BITS;
                entry.cell as usize
            } else {
                break Outcome::NoPath;
            };
            let node = &mut nodes[cell];
            if node.tag & CLOSED != 0 {
                continue; // a stale entry: the cell was expanded already
            }
            node.tag |= CLOSED;
            lowest_closed = lowest_closed.min(cell);
            highest_closed = highest_closed.max(cell);
            let g = node.g;
            // The direction this cell was entered by, and what turning away
            // from it costs (nothing at the start, which was not entered).
            let entered = (node.tag & PARENT_MASK) as usize;
            let penalty_here = if TURNS && cell != start {
                turn_penalty
            } else {
                0.0
            };
            expanded += 1;
            if TRACE {
                self.trace.events.push(TraceEvent::Close {
                    cell: grid.pos_of(cell),
                });
            }
            if cell == goal {
                break Outcome::Found(g);
            }
            let (x, y) = splitter.split(cell);
            let mut mask = masks[cell];
            // Skip the moves the parent made pointless (it relaxed those
            // cells no dearer): the same search, a third fewer looks.
            if !TURNS && cell != start {
                mask &= !DOMINATED_MOVES[entered];
                if uniform && entered < 4 {
                    let parent = cell.wrapping_add_signed(-offsets[entered]);
                    let parent_mask = masks[parent];
                    for (sideways, diagonal) in SIDEWAYS_AFTER_CARDINAL[entered] {
                        mask &= !(((parent_mask >> diagonal) & 1) << sideways);
                    }
                }
            }
            while mask != 0 {
                let direction = mask.trailing_zeros() as usize;
                mask &= mask - 1;
                let next = cell.wrapping_add_signed(offsets[direction]);
                let neighbour = &mut nodes[next];
                if sharing && neighbour.tag >> GENERATION_SHIFT != generation {
                    // First reached by this search: its cost copy is taken
                    // now (the record is about to be stamped below).
                    neighbour.cost = costs[next];
                    touched.push(next as u32);
                }
                let mut next_g = g + DIRECTION_LENGTHS[direction] * f64::from(neighbour.cost);
                if TURNS && direction != entered {
                    next_g += penalty_here;
                }
                if neighbour.tag >> GENERATION_SHIFT == generation
                    && (neighbour.tag & CLOSED != 0 || next_g >= neighbour.g)
                {
                    continue;
                }
                neighbour.g = next_g;
                neighbour.tag = (generation << GENERATION_SHIFT) | direction as u32;
                // Ask for the record two cells on in this direction: the one
                // `next` will reach when expanded, often not yet touched by
                // this search and cold on a large map (on the 512x512 maze
                // this saved 8% of the search time), and in a sharing space
                // its cost, which the search reads from the grid when it
                // first reaches it.
                let ahead = next
                    .wrapping_add_signed(2 * offsets[direction])
                    .min(nodes.len() - 1);
                prefetch(&nodes[ahead]);
                if sharing {
                    prefetch(&costs[ahead]);
                }
                let (dx, dy) = DIRECTION_DELTAS[direction];
                let h_dx = f64::from((x + dx - goal_x).abs());
                let h_dy = f64::from((y + dy - goal_y).abs());
                let estimate = E::estimate(h_dx, h_dy);
                let f = next_g + f_scale * estimate;
                let key = priority_key_masked(f, estimate, tie_mask);
                pushed += 1;
                // Keys the queue may not take (not above the last one popped)
                // are minima already: expand them next, from the stack.
                let key_f = key >> TIE_BITS;
                if key_f < f_bound || key < self.open.floor() {
                    // Below everything queued: taken smallest first, so
                    // the search stays best-first even where f drops.
                    self.below.push(std::cmp::Reverse((key, next as u32)));
                } else if use_equal_f_stack && key_f == f_bound {
                    self.equal_f.push(next as u32);
                } else {
                    self.open.push(
                        f,
                        OpenEntry {
                            key,
                            cell: next as u32,
                        },
                    );
                }
                if TRACE {
                    let (px, py) = (x - 1, y - 1);
                    self.trace.events.push(TraceEvent::Open {
                        cell: Pos::new(px + dx, py + dy),
                        g: next_g,
                        h: h_scale * estimate,
                        f,
                        parent: Some(Pos::new(px, py)),
                    });
                }
            }
        };
        query.f_bound = f_bound;
        query.closed_span = (lowest_closed, highest_closed);
        self.stats.expanded += expanded as u64;
        self.stats.pushed += pushed;
        outcome
    }

    /// Walks parent directions back from the goal.
    fn reconstruct(&self, grid: &Grid, cells: &mut Vec<Pos>) {
        cells.clear();
        let Some(query) = self.query else {
            return;
        };
        let offsets = grid.offsets();
        let mut cell = query.goal;
        cells.push(query.goal_pos);
        while cell != query.start {
            let direction = (self.nodes[cell].tag & PARENT_MASK) as usize;
            cell = cell.wrapping_add_signed(-offsets[direction]);
            cells.push(grid.pos_of(cell));
        }
        cells.reverse();
    }
}

/// Low bits of f's float pattern left out of the priority key. Keeping 33
/// mantissa bits makes f values equal to 1.2e-10 relative compare equal, so
/// the tie-break sees the ties that float rounding would otherwise hide
/// (g + sqrt2 plus h - sqrt2 rarely rounds back to the same f). A path found
/// this way costs at most (1 + 2^-33) times the optimum.
const F_DROPPED_BITS: u32 = 19;
/// Bits of the key below f that hold the tie-break: the top bits of h's
/// float pattern (exponent and 8 mantissa bits). `LargerG` leaves them 0 so
/// equal-f entries share a key and come out of the queue newest first.
pub(crate) const TIE_BITS: u32 = 20;
const TIE_MASK: u64 = (1 << TIE_BITS) - 1;

/// The open-list priority of a cell: f, then the tie-break, in one `u64`
/// (for non-negative floats the bit pattern orders like the value).
/// Larger h at equal f means smaller g.
#[inline(always)]
fn priority_key(f: f64, h: f64, tie_break: TieBreak) -> u64 {
    priority_key_masked(f, h, tie_mask(tie_break))
}

/// Which tie bits a tie-break keeps: all of them for `SmallerG`, none
/// otherwise. Worked out once per search, so the loop has no `match`.
fn tie_mask(tie_break: TieBreak) -> u64 {
    match tie_break {
        TieBreak::SmallerG => TIE_MASK,
        TieBreak::LargerG => 0,
    }
}

/// An open-list key for searches that break f ties toward larger g
/// (smaller h) by the key itself rather than by push order, as jump point
/// search does on a radix heap: f above the top bits of h.
#[inline(always)]
pub(crate) fn priority_key_larger_g_first(f: f64, h: f64) -> u64 {
    let f_part = (f.to_bits() >> F_DROPPED_BITS) << TIE_BITS;
    f_part | (h.to_bits() >> (63 - TIE_BITS))
}

/// [`priority_key`] with the tie-break given as its [`tie_mask`].
#[inline(always)]
fn priority_key_masked(f: f64, h: f64, tie_mask: u64) -> u64 {
    let f_part = (f.to_bits() >> F_DROPPED_BITS) << TIE_BITS;
    let h_part = h.to_bits() >> (63 - TIE_BITS);
    f_part | (!h_part & tie_mask)
}

/// A search space in a save: the paused search it holds (its query, open
/// list and the records of the cells it touched), never the level-sized set
/// of records a sharing space borrows, nor its pool: a loaded space is given
/// its pool again ([`AStar::share`]). A space that keeps its own records
/// is saved without its search (it starts none after a load).
#[cfg(feature = "serde")]
mod saved_space {
    use super::*;
    use serde::{Deserialize, Deserializer, Serialize, Serializer};

    #[derive(Serialize)]
    struct SpaceRef<'a> {
        touched: &'a [u32],
        shelf: Option<(usize, Vec<Node>)>,
        open: &'a BucketQueue,
        equal_f: &'a [u32],
        below: &'a std::collections::BinaryHeap<std::cmp::Reverse<(u64, u32)>>,
        query: Option<Query>,
        overrides: &'a [(usize, f32)],
        stats: SearchStats,
        tracing: bool,
        trace: &'a SearchTrace,
    }

    #[derive(Deserialize)]
    struct Space {
        touched: Vec<u32>,
        shelf: Option<(usize, Vec<Node>)>,
        open: BucketQueue,
        equal_f: Vec<u32>,
        below: std::collections::BinaryHeap<std::cmp::Reverse<(u64, u32)>>,
        query: Option<Query>,
        overrides: Vec<(usize, f32)>,
        stats: SearchStats,
        tracing: bool,
        trace: SearchTrace,
    }

    impl Serialize for AStar {
        fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
            // A search running in a borrowed set (not shelved yet) is saved
            // as shelving would keep it.
            let shelf = match (&self.shelf, self.pool.is_some() && !self.nodes.is_empty()) {
                (Some(shelf), _) => Some(shelf.clone()),
                (None, true) => Some((
                    self.nodes.len(),
                    self.touched
                        .iter()
                        .filter_map(|&cell| self.nodes.get(cell as usize).copied())
                        .collect(),
                )),
                (None, false) => None,
            };
            // A record's generation stamp names the borrowed set it was in
            // (which depends on what else the process searched): going on
            // stamps the records anew and reads only the bits below it, so
            // only those are saved, and the same search saves alike.
            let low_bits = (1 << GENERATION_SHIFT) - 1;
            let shelf = shelf.map(|(cells, kept): (usize, Vec<Node>)| {
                let kept = kept
                    .into_iter()
                    .map(|node| Node {
                        tag: node.tag & low_bits,
                        ..node
                    })
                    .collect();
                (cells, kept)
            });
            let kept = self.pool.is_some() && self.query.is_some();
            SpaceRef {
                touched: if kept { &self.touched } else { &[] },
                shelf: if kept { shelf } else { None },
                open: &self.open,
                equal_f: &self.equal_f,
                below: &self.below,
                query: if kept { self.query } else { None },
                overrides: &self.overrides,
                stats: self.stats,
                tracing: self.tracing,
                trace: &self.trace,
            }
            .serialize(serializer)
        }
    }

    impl<'de> Deserialize<'de> for AStar {
        fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
            let space = Space::deserialize(deserializer)?;
            let touched_records = space.shelf.as_ref().map_or(0, |(_, kept)| kept.len());
            if space.shelf.is_some() && touched_records != space.touched.len() {
                return Err(serde::de::Error::custom(format!(
                    "a paused search keeps {touched_records} records for {} cells",
                    space.touched.len()
                )));
            }
            if let Some((cells, _)) = &space.shelf {
                crate::saved::claim::<D::Error>(*cells)?;
                if space.touched.iter().any(|&cell| cell as usize >= *cells) {
                    return Err(serde::de::Error::custom(
                        "a paused search touched a cell outside its grid",
                    ));
                }
            }
            Ok(Self {
                touched: space.touched,
                // A search with no records to go on from is dropped.
                query: space.query.filter(|_| space.shelf.is_some()),
                shelf: space.shelf,
                open: space.open,
                equal_f: space.equal_f,
                below: space.below,
                overrides: space.overrides,
                stats: space.stats,
                tracing: space.tracing,
                trace: space.trace,
                ..Self::default()
            })
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

#[cfg(test)]
mod tests {
    use std::f64::consts::SQRT_2;

    use super::*;
    use crate::Movement;

    fn grid(rows: &str) -> Grid {
        Grid::from_ascii(rows, Movement::default()).unwrap()
    }

    /// Runs a search in slices of `budget` expansions until it ends.
    fn sliced_search(
        g: &Grid,
        start: Pos,
        goal: Pos,
        options: &SearchOptions,
        budget: usize,
    ) -> Path {
        let mut astar = AStar::new();
        astar.start_search(g, start, goal, options).unwrap();
        loop {
            match astar.step(g, budget) {
                SearchStatus::Pending => continue,
                SearchStatus::Found(path) => break path,
                SearchStatus::NoPath => panic!("lost the path with budget {budget}"),
            }
        }
    }

    fn cost_between(grid: &Grid, start: Pos, goal: Pos, options: &SearchOptions) -> Option<f64> {
        AStar::new()
            .find_path(grid, start, goal, options)
            .unwrap()
            .map(|p| p.cost)
    }

    #[test]
    fn straight_and_diagonal_costs_are_exact() {
        let g = grid(".....\n.....\n.....");
        let path = AStar::new()
            .find_path(
                &g,
                Pos::new(0, 0),
                Pos::new(4, 2),
                &SearchOptions::default(),
            )
            .unwrap()
            .unwrap();
        assert_eq!(path.cells.len(), 5);
        assert!((path.cost - (2.0 + 2.0 * SQRT_2)).abs() < 1e-12);
        assert_eq!(path.cells[0], Pos::new(0, 0));
        assert_eq!(*path.cells.last().unwrap(), Pos::new(4, 2));
    }

    #[test]
    fn goes_around_a_swamp_when_that_is_cheaper() {
        // Straight through the 9s costs 4 * 9; around costs about 8.
        let g = grid(
            "......\n\
             .9999.\n\
             ......",
        );
        let path = AStar::new()
            .find_path(
                &g,
                Pos::new(0, 1),
                Pos::new(5, 1),
                &SearchOptions::default(),
            )
            .unwrap()
            .unwrap();
        assert!(path.cells.iter().all(|p| p.y != 1 || p.x == 0 || p.x == 5));
        assert!((path.cost - (3.0 + 2.0 * SQRT_2)).abs() < 1e-12);
    }

    #[test]
    fn no_corner_cutting_by_default() {
        let g = grid(
            ".#\n\
             ..",
        );
        let path = AStar::new()
            .find_path(
                &g,
                Pos::new(0, 0),
                Pos::new(1, 1),
                &SearchOptions::default(),
            )
            .unwrap()
            .unwrap();
        assert_eq!(
            path.cells,
            vec![Pos::new(0, 0), Pos::new(0, 1), Pos::new(1, 1)]
        );
    }

    #[test]
    fn walled_off_goal_is_no_path_without_expanding() {
        let g = grid("..#..\n..#..");
        let mut astar = AStar::new();
        let result = astar
            .find_path(
                &g,
                Pos::new(0, 0),
                Pos::new(4, 1),
                &SearchOptions::default(),
            )
            .unwrap();
        assert_eq!(result, None);
        assert!(astar.stats().rejected_by_islands);
        assert_eq!(astar.stats().expanded, 0);
    }

    #[test]
    fn bad_endpoints_and_weights_are_error_values() {
        let g = grid("..#\n...");
        let mut astar = AStar::new();
        let options = SearchOptions::default();
        let err = astar
            .find_path(&g, Pos::new(-1, 0), Pos::new(1, 1), &options)
            .unwrap_err();
        assert_eq!(err.to_string(), "start (-1, 0) is outside the 3x2 grid");
        let err = astar
            .find_path(&g, Pos::new(0, 0), Pos::new(2, 0), &options)
            .unwrap_err();
        assert_eq!(err.to_string(), "goal (2, 0) is impassable");
        let weighted = SearchOptions {
            weight: 0.5,
            ..options
        };
        let err = astar
            .find_path(&g, Pos::new(0, 0), Pos::new(1, 1), &weighted)
            .unwrap_err();
        assert!(err.to_string().contains("at least 1"));
    }

    #[test]
    fn start_equal_to_goal_is_a_one_cell_path() {
        let g = grid("...");
        let path = AStar::new()
            .find_path(
                &g,
                Pos::new(1, 0),
                Pos::new(1, 0),
                &SearchOptions::default(),
            )
            .unwrap()
            .unwrap();
        assert_eq!(path.cells, vec![Pos::new(1, 0)]);
        assert_eq!(path.cost, 0.0);
    }

    #[test]
    fn cheap_roads_keep_the_heuristic_admissible() {
        // A road of cost 1 shown as '.', floor of cost 2 as '2': with the
        // heuristic scaled by the cheapest cost the detour is found.
        let g = Grid::from_fn(7, 3, Movement::default(), |x, y| {
            Some(if y == 0 || x == 0 || x == 6 { 0.5 } else { 2.0 })
        })
        .unwrap();
        let options = SearchOptions::default();
        let found = cost_between(&g, Pos::new(0, 2), Pos::new(6, 2), &options).unwrap();
        let dijkstra = cost_between(
            &g,
            Pos::new(0, 2),
            Pos::new(6, 2),
            &SearchOptions {
                heuristic: Heuristic::Zero,
                ..options
            },
        )
        .unwrap();
        assert!((found - dijkstra).abs() < 1e-12, "{found} vs {dijkstra}");
    }

    /// A goal behind walls with two ways in, one past a costly cell: the
    /// heuristics and tie-breaks disagree on which cells to try first.
    fn walled_garden() -> (Grid, Pos, Pos) {
        let g = grid(
            "..........\n\
             .####.###.\n\
             .#......#.\n\
             .#.####.#.\n\
             ...#..3...",
        );
        (g, Pos::new(0, 4), Pos::new(5, 4))
    }

    #[test]
    fn every_tie_break_and_heuristic_finds_the_optimum() {
        let (g, start, goal) = walled_garden();
        let optimum = cost_between(
            &g,
            start,
            goal,
            &SearchOptions {
                heuristic: Heuristic::Zero,
                ..SearchOptions::default()
            },
        )
        .unwrap();
        for heuristic in [
            Heuristic::Octile,
            Heuristic::Euclidean,
            Heuristic::Chebyshev,
        ] {
            for tie_break in [TieBreak::LargerG, TieBreak::SmallerG] {
                let options = SearchOptions {
                    heuristic,
                    tie_break,
                    ..SearchOptions::default()
                };
                let found = cost_between(&g, start, goal, &options).unwrap();
                assert!((found - optimum).abs() < 1e-9, "{heuristic} {tie_break:?}");
            }
        }
    }

    /// Corridors that wind back on themselves past a swampy cell, and the
    /// two bottom corners they join: many equal-f ties and a long way round.
    fn winding_corridors() -> (Grid, Pos, Pos) {
        let g = grid(
            "...........\n\
             .#########.\n\
             .#.......#.\n\
             .#.#####.#.\n\
             ...#...#...\n\
             ####.#.####\n\
             ....2#.....",
        );
        (g, Pos::new(0, 6), Pos::new(10, 6))
    }

    #[test]
    fn sliced_search_matches_one_shot() {
        let (g, start, goal) = winding_corridors();
        let options = SearchOptions::default();
        let one_shot = AStar::new()
            .find_path(&g, start, goal, &options)
            .unwrap()
            .unwrap();
        for budget in 1..6 {
            let path = sliced_search(&g, start, goal, &options, budget);
            assert_eq!(path, one_shot, "budget {budget}");
        }
    }

    #[test]
    fn a_changed_grid_restarts_a_paused_search() {
        let mut g = grid(".....\n.....\n.....");
        let mut astar = AStar::new();
        astar
            .start_search(
                &g,
                Pos::new(0, 1),
                Pos::new(4, 1),
                &SearchOptions::default(),
            )
            .unwrap();
        assert_eq!(astar.step(&g, 1), SearchStatus::Pending);
        g.set_cost(Pos::new(2, 0), None).unwrap();
        g.set_cost(Pos::new(2, 1), None).unwrap();
        let SearchStatus::Found(path) = astar.step(&g, 1000) else {
            panic!("expected a path on the changed grid");
        };
        assert!(path.cells.contains(&Pos::new(2, 2)));
        assert_eq!(astar.stats().restarts, 1);
    }

    #[test]
    fn a_change_away_from_a_paused_search_lets_it_go_on_as_a_fresh_search_would() {
        // Not all one cost (a change would void the uniform-cost shortcut).
        let rows = [
            ".".repeat(40),
            ".".repeat(40),
            format!("3{}", ".".repeat(39)),
        ]
        .join("\n");
        let mut g = grid(&rows);
        let (start, goal) = (Pos::new(0, 1), Pos::new(39, 1));
        let options = SearchOptions::default();
        let mut astar = AStar::new();
        astar.start_search(&g, start, goal, &options).unwrap();
        assert_eq!(astar.step(&g, 5), SearchStatus::Pending);
        // Far ahead of everything the search has reached: a swamp and a wall.
        g.set_cost(Pos::new(30, 1), Some(4.0)).unwrap();
        g.set_cost(Pos::new(31, 0), None).unwrap();
        let SearchStatus::Found(resumed) = astar.step(&g, 10_000) else {
            panic!("expected a path");
        };
        assert_eq!(astar.stats().restarts, 0);
        assert_eq!(astar.stats().resumed_after_changes, 1);
        let resumed_expanded = astar.stats().expanded;
        let mut fresh = AStar::new();
        let fresh_path = fresh.find_path(&g, start, goal, &options).unwrap().unwrap();
        assert_eq!(resumed, fresh_path);
        assert_eq!(resumed_expanded, fresh.stats().expanded);
        assert!(
            !resumed.cells.contains(&Pos::new(30, 1)),
            "the swamp is avoided"
        );
    }

    #[test]
    fn overrides_price_cells_for_one_search_only() {
        let g = grid(".....\n.....\n.....");
        let (start, goal) = (Pos::new(0, 1), Pos::new(4, 1));
        let options = SearchOptions::default();
        let mut astar = AStar::new();
        let dear = [(Pos::new(2, 1), 9.0), (Pos::new(2, 0), 0.01)];
        astar
            .start_search_with_overrides(&g, start, goal, &options, &dear)
            .unwrap();
        let SearchStatus::Found(around) = astar.step(&g, 1000) else {
            panic!("expected a path");
        };
        assert!(!around.cells.contains(&Pos::new(2, 1)));
        // An override under the grid's cheapest cost is raised to it.
        assert_eq!(around.cost, 4.0 + 2.0 * (SQRT_2 - 1.0));
        let straight = astar.find_path(&g, start, goal, &options).unwrap().unwrap();
        assert_eq!(straight.cost, 4.0);
        assert!(straight.cells.contains(&Pos::new(2, 1)));
    }

    #[test]
    fn weighted_searches_stay_best_first_where_f_drops() {
        // With a weight above 1, f falls along a straight run to the goal;
        // entries below the last f taken must still come out smallest
        // first (a last-in-first-out stack made the search depth-first and
        // its paths zig-zag at nearly `weight` times the optimum).
        let rows = vec![".".repeat(40); 30].join("\n");
        let g = grid(&rows);
        let (start, goal) = (Pos::new(0, 0), Pos::new(39, 21));
        let optimal = cost_between(&g, start, goal, &SearchOptions::default()).unwrap();
        for weight in [1.5, 2.0, 5.0] {
            for heuristic in [Heuristic::Octile, Heuristic::Manhattan] {
                let options = SearchOptions {
                    weight,
                    heuristic,
                    ..SearchOptions::default()
                };
                let cost = cost_between(&g, start, goal, &options).unwrap();
                assert!(
                    cost <= optimal * 1.05,
                    "{heuristic:?} weight {weight}: {cost} against {optimal}"
                );
            }
        }
    }

    #[test]
    fn trace_records_open_and_closed_cells() {
        let g = grid("...\n.#.\n...");
        let mut astar = AStar::new();
        astar.set_tracing(true);
        let path = astar
            .find_path(
                &g,
                Pos::new(0, 0),
                Pos::new(2, 2),
                &SearchOptions::default(),
            )
            .unwrap()
            .unwrap();
        let trace = astar.trace();
        let closed: Vec<Pos> = trace.closed_cells().collect();
        assert_eq!(closed.first(), Some(&Pos::new(0, 0)));
        assert_eq!(closed.last(), Some(&Pos::new(2, 2)));
        assert_eq!(closed.len() as u64, astar.stats().expanded);
        let values = trace.cell_values(None);
        let goal = values[&Pos::new(2, 2)];
        assert!((goal.g - path.cost).abs() < 1e-12);
        assert_eq!(goal.h, 0.0);
        assert!(goal.closed);
        // Tracing changes nothing about the result.
        let untraced = AStar::new()
            .find_path(
                &g,
                Pos::new(0, 0),
                Pos::new(2, 2),
                &SearchOptions::default(),
            )
            .unwrap()
            .unwrap();
        assert_eq!(untraced, path);
    }

    #[test]
    fn weighted_search_stays_within_its_bound() {
        let g = grid(
            "..........\n\
             .########.\n\
             ..........\n\
             ########..\n\
             ..........",
        );
        let (start, goal) = (Pos::new(0, 0), Pos::new(0, 4));
        let optimum = cost_between(&g, start, goal, &SearchOptions::default()).unwrap();
        for weight in [1.5, 2.0, 5.0] {
            let options = SearchOptions {
                weight,
                ..SearchOptions::default()
            };
            let found = cost_between(&g, start, goal, &options).unwrap();
            assert!(found <= weight * optimum + 1e-9 && found >= optimum - 1e-9);
        }
    }

    #[test]
    fn a_search_space_moved_to_another_grid_uses_its_costs() {
        // Same size, different costs: the search space must not keep the
        // first grid's copy of the costs.
        let cheap_middle = grid("...\n...\n...");
        let costly_middle = grid("...\n.9.\n...");
        let options = SearchOptions::default();
        let (start, goal) = (Pos::new(0, 1), Pos::new(2, 1));
        let mut astar = AStar::new();
        let first = astar
            .find_path(&cheap_middle, start, goal, &options)
            .unwrap()
            .unwrap();
        assert_eq!(first.cost, 2.0);
        let second = astar
            .find_path(&costly_middle, start, goal, &options)
            .unwrap()
            .unwrap();
        let fresh = AStar::new()
            .find_path(&costly_middle, start, goal, &options)
            .unwrap()
            .unwrap();
        assert_eq!(second, fresh);
        assert!((second.cost - 2.0 * std::f64::consts::SQRT_2).abs() < 1e-12);
        // And back, after editing the first grid.
        let mut edited = cheap_middle.clone();
        edited.set_cost(Pos::new(1, 0), None).unwrap();
        let third = astar
            .find_path(&edited, start, goal, &options)
            .unwrap()
            .unwrap();
        assert_eq!(third.cost, 2.0);
        let around = astar
            .find_path(&costly_middle, start, goal, &options)
            .unwrap()
            .unwrap();
        assert_eq!(around, fresh);
    }

    #[test]
    fn search_space_is_reused_across_grid_sizes() {
        let mut astar = AStar::new();
        let big = grid(&".........\n".repeat(9));
        let small = grid("...\n...");
        for _ in 0..3 {
            assert!(
                astar
                    .find_path(
                        &big,
                        Pos::new(0, 0),
                        Pos::new(8, 8),
                        &SearchOptions::default()
                    )
                    .unwrap()
                    .is_some()
            );
            assert!(
                astar
                    .find_path(
                        &small,
                        Pos::new(0, 0),
                        Pos::new(2, 1),
                        &SearchOptions::default()
                    )
                    .unwrap()
                    .is_some()
            );
        }
        assert_eq!(AStar::BYTES_PER_CELL, 16);
    }

    fn direction_changes(cells: &[Pos]) -> usize {
        let moves: Vec<(i32, i32)> = cells
            .windows(2)
            .map(|w| (w[1].x - w[0].x, w[1].y - w[0].y))
            .collect();
        moves.windows(2).filter(|m| m[0] != m[1]).count()
    }

    fn with_turn_penalty(options: SearchOptions, turn_penalty: f64) -> SearchOptions {
        SearchOptions {
            turn_penalty,
            ..options
        }
    }

    #[test]
    fn a_turn_penalty_straightens_paths_and_reports_their_true_cost() {
        // A goal a knight's move (scaled) away on open ground: every path
        // of 5 diagonal and 5 straight moves is a cheapest one. The default
        // options already return one with a single turn; these zig-zag.
        let g = grid(&"................\n".repeat(9));
        let (start, goal) = (Pos::new(1, 1), Pos::new(11, 6));
        let optimum = 5.0 + 5.0 * SQRT_2;
        for (heuristic, tie_break) in [
            (Heuristic::Euclidean, TieBreak::LargerG),
            (Heuristic::Octile, TieBreak::SmallerG),
            (Heuristic::Zero, TieBreak::LargerG),
        ] {
            let options = SearchOptions {
                heuristic,
                tie_break,
                ..SearchOptions::default()
            };
            let mut astar = AStar::new();
            let plain = astar.find_path(&g, start, goal, &options).unwrap().unwrap();
            let straight = astar
                .find_path(&g, start, goal, &with_turn_penalty(options, 0.1))
                .unwrap()
                .unwrap();
            let (before, after) = (
                direction_changes(&plain.cells),
                direction_changes(&straight.cells),
            );
            assert!(
                after < before,
                "{heuristic} {tie_break:?}: {before} -> {after}"
            );
            assert_eq!(after, 1, "{heuristic} {tie_break:?}");
            // The reported cost is the cells' cost, without the 0.1 paid for
            // the turn; here that is still the optimum.
            assert_eq!(path_cost(&g, &straight.cells), Some(straight.cost));
            assert!((straight.cost - optimum).abs() < 1e-12, "{}", straight.cost);
            assert!((plain.cost - optimum).abs() < 1e-12);
        }
    }

    #[test]
    fn a_turn_penalty_may_trade_cost_for_straightness() {
        // Around the 2 costs 4 + 2 sqrt 2 (about 6.83) with three turns;
        // through it 7 with none.
        let g = grid(".......\n...2...\n.......");
        let (start, goal) = (Pos::new(0, 1), Pos::new(6, 1));
        let mut astar = AStar::new();
        let plain = astar
            .find_path(&g, start, goal, &SearchOptions::default())
            .unwrap()
            .unwrap();
        assert!((plain.cost - (4.0 + 2.0 * SQRT_2)).abs() < 1e-12);
        let small = with_turn_penalty(SearchOptions::default(), 0.01);
        let nudged = astar.find_path(&g, start, goal, &small).unwrap().unwrap();
        assert_eq!(nudged.cost, plain.cost);
        let large = with_turn_penalty(SearchOptions::default(), 0.1);
        let straight = astar.find_path(&g, start, goal, &large).unwrap().unwrap();
        assert_eq!(direction_changes(&straight.cells), 0);
        assert_eq!(straight.cost, 7.0);
    }

    #[test]
    fn sliced_search_with_a_turn_penalty_matches_one_shot() {
        let (g, start, goal) = winding_corridors();
        for tie_break in [TieBreak::LargerG, TieBreak::SmallerG] {
            let options = SearchOptions {
                tie_break,
                turn_penalty: 0.3,
                ..SearchOptions::default()
            };
            let one_shot = AStar::new()
                .find_path(&g, start, goal, &options)
                .unwrap()
                .unwrap();
            assert_eq!(path_cost(&g, &one_shot.cells), Some(one_shot.cost));
            for budget in 1..6 {
                let path = sliced_search(&g, start, goal, &options, budget);
                assert_eq!(path, one_shot, "{tie_break:?}, budget {budget}");
            }
        }
    }

    #[test]
    fn a_zero_turn_penalty_changes_nothing() {
        let (g, start, goal) = walled_garden();
        let mut astar = AStar::new();
        astar.set_tracing(true);
        let reference = astar
            .find_path(&g, start, goal, &SearchOptions::default())
            .unwrap();
        let (stats, trace) = (astar.stats(), astar.trace().clone());
        for zero in [0.0, -0.0] {
            let options = with_turn_penalty(SearchOptions::default(), zero);
            assert_eq!(
                astar.find_path(&g, start, goal, &options).unwrap(),
                reference
            );
            assert_eq!(astar.stats(), stats);
            assert_eq!(astar.trace(), &trace);
        }
    }

    #[test]
    fn a_bad_turn_penalty_is_an_error_value() {
        let g = grid("...");
        let mut astar = AStar::new();
        for penalty in [-0.5, f64::NAN, f64::INFINITY] {
            let options = with_turn_penalty(SearchOptions::default(), penalty);
            let err = astar
                .find_path(&g, Pos::new(0, 0), Pos::new(2, 0), &options)
                .unwrap_err();
            assert!(matches!(err, QueryError::BadTurnPenalty { .. }));
            assert!(
                err.to_string()
                    .ends_with("is not allowed: it must be finite and at least 0 (0 turns it off)"),
                "{err}"
            );
        }
    }

    mod turn_penalty_properties {
        use proptest::prelude::*;

        use super::*;
        use crate::Diagonals;

        fn random_grid() -> impl Strategy<Value = Grid> {
            let diagonals = prop_oneof![
                Just(Diagonals::Never),
                Just(Diagonals::NoCornerCutting),
                Just(Diagonals::Always),
            ];
            let cell = prop_oneof![
                1 => Just(None),
                3 => Just(Some(1.0)),
                1 => (0.5f64..9.0).prop_map(Some),
            ];
            (2usize..14, 2usize..14, diagonals).prop_flat_map(move |(width, height, diagonals)| {
                proptest::collection::vec(cell.clone(), width * height).prop_map(move |costs| {
                    Grid::from_fn(width, height, Movement { diagonals }, |x, y| {
                        costs[y as usize * width + x as usize]
                    })
                    .unwrap()
                })
            })
        }

        proptest! {
            #![proptest_config(ProptestConfig::with_cases(300))]

            #[test]
            fn penalized_paths_are_legal_and_priced_truly(
                g in random_grid(),
                ends in (any::<prop::sample::Index>(), any::<prop::sample::Index>()),
                turn_penalty in 0.0f64..3.0,
                weight in prop_oneof![Just(1.0), Just(2.0)],
                budget in 1usize..20,
            ) {
                let open: Vec<Pos> = (0..g.height() as i32)
                    .flat_map(|y| (0..g.width() as i32).map(move |x| Pos::new(x, y)))
                    .filter(|&p| g.is_passable(p))
                    .collect();
                prop_assume!(!open.is_empty());
                let (start, goal) = (*ends.0.get(&open), *ends.1.get(&open));
                let options = SearchOptions { weight, turn_penalty, ..SearchOptions::default() };
                let mut astar = AStar::new();
                let found = astar.find_path(&g, start, goal, &options).unwrap();
                let optimum = astar.find_path(&g, start, goal, &SearchOptions::default()).unwrap();
                prop_assert_eq!(found.is_some(), optimum.is_some());
                let (Some(path), Some(optimum)) = (found, optimum) else {
                    return Ok(());
                };
                prop_assert_eq!(path.cells.first(), Some(&start));
                prop_assert_eq!(path.cells.last(), Some(&goal));
                prop_assert_eq!(path_cost(&g, &path.cells), Some(path.cost));
                prop_assert!(path.cost >= optimum.cost * (1.0 - 1e-12));
                astar.start_search(&g, start, goal, &options).unwrap();
                let sliced = loop {
                    match astar.step(&g, budget) {
                        SearchStatus::Pending => continue,
                        SearchStatus::Found(sliced) => break sliced,
                        SearchStatus::NoPath => panic!("lost the path"),
                    }
                };
                prop_assert_eq!(sliced, path);
            }
        }
    }
}
