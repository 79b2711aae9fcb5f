//! Jump point search (Harabor and Grastien, 2011) over a [`Grid`] where
//! every passable cell costs the same, 8-connected without corner cutting
//! (the Moving AI rule): the same path costs as A*, with a fraction of the
//! open-list work.
//!
//! A* looks at every neighbour of every cell it expands. Jump point search
//! expands only *jump points*: from each one it follows a straight line or
//! a diagonal until something could make a turn there worth taking, and
//! puts only that cell on the open list. The rules, with no corner cutting
//! (a diagonal needs both cells beside it open):
//! - Going straight, a cell is a jump point when a cell beside it is open
//!   while the cell behind that one (one step back along the line) is a
//!   wall: the side cell could not have been reached by a diagonal from
//!   behind, so the path may have to turn here. It then also tries the
//!   side and the diagonal toward it.
//! - Going diagonally, a cell is a jump point when a straight jump from it
//!   along either of the diagonal's two directions finds one. Without
//!   corner cutting a diagonal move has no forced neighbours of its own:
//!   the cells behind it were reachable from the parent directly.
//! - The goal is a jump point wherever a jump meets it.
//!
//! Straight jumps read 64 cells at a time from bit rows and bit columns
//! (`passable_bits`): the grid's passable cells, and for each straight
//! direction the cells where a jump going that way stops (a wall, or a
//! forced neighbour), worked out from them once per grid state. The next
//! stop is one `trailing_zeros` (`leading_zeros` going backward) on a
//! word, not a loop over cells.
//!
//! The search state is A*'s: flat per-cell records stamped with a
//! generation number instead of being cleared. The open list is a binary
//! heap (see [`Jps`]). A found path is returned cell by cell (the jumps
//! filled in, what a walker consumes); the jump points themselves are kept
//! as [`Jps::waypoints`].
//!
//! This module must never know about monsters, terrain kinds or terminals.

use std::cmp::Reverse;
use std::collections::BinaryHeap;
use std::f64::consts::SQRT_2;

use thiserror::Error;

use crate::astar::{
    Endpoint, Path, QueryError, SearchStats, TIE_BITS, priority_key_larger_g_first,
};
use crate::grid::{DIRECTION_DELTAS, DIRECTION_LENGTHS, Diagonals, Grid, Pos};
use crate::passable_bits::{PassableBits, Stop, scan_backward, scan_forward};
use crate::prefetch::prefetch;
use crate::trace::{SearchTrace, TraceEvent};

/// Why jump point search cannot answer a query on a grid.
#[derive(Debug, Clone, PartialEq, Error)]
pub enum JpsError {
    /// The query itself is one no search can run.
    #[error(transparent)]
    Query(#[from] QueryError),
    /// The grid's passable cells do not all cost the same.
    #[error("jump point search needs every passable cell to cost the same (use A* on this grid)")]
    MixedCosts,
    /// The grid's movement rule is not 8-connected without corner cutting.
    #[error(
        "jump point search needs 8-connected moves without corner cutting, not {diagonals:?} (use A* on this grid)"
    )]
    Movement {
        /// The grid's diagonal rule.
        diagonals: Diagonals,
    },
}

/// Per-cell search state: 16 bytes, as A*'s.
#[derive(Debug, Clone, Copy, Default)]
#[repr(C)]
struct JumpNode {
    g: f64,
    /// The jump point this one was jumped to from (padded cell).
    parent: u32,
    /// `generation << GENERATION_SHIFT | CLOSED? | direction of the jump in`.
    tag: u32,
}

const DIRECTION_MASK: u32 = 0b111;
const CLOSED: u32 = 0b1000;
const GENERATION_SHIFT: u32 = 4;
const MAX_GENERATION: u32 = u32::MAX >> GENERATION_SHIFT;

/// Direction indexes (see `grid::DIRECTION_DELTAS`).
const NORTH: usize = 0;
const EAST: usize = 1;
const SOUTH: usize = 2;
const WEST: usize = 3;

/// For each diagonal (index - 4): its horizontal and vertical parts.
const DIAGONAL_PARTS: [(usize, usize); 4] =
    [(EAST, NORTH), (EAST, SOUTH), (WEST, SOUTH), (WEST, NORTH)];

/// For each cardinal direction: the two sides, each with the diagonal
/// that leans toward it (the moves a forced side opens).
const FORCED_TURNS: [[(usize, usize); 2]; 4] = [
    [(EAST, 4), (WEST, 7)],   // north: north-east, north-west
    [(NORTH, 4), (SOUTH, 5)], // east: north-east, south-east
    [(EAST, 5), (WEST, 6)],   // south: south-east, south-west
    [(NORTH, 7), (SOUTH, 6)], // west: north-west, south-west
];

/// The clutter ([`Jps::jump_point_share`]) above which [`Jps::suits`]
/// prefers A*. Measured on the Moving AI dev maps (`fogcrawl scen --timing
/// --engine astar|jps`); the figures are in `docs/ENGINE-NOTES.md`.
pub const MAX_JUMP_POINT_SHARE: f64 = 0.1;

/// A reusable jump point search space. Create one per thread and run any
/// number of searches on grids of any size through it; the passability
/// bits are copied from a grid once and caught up on its changes.
///
/// ```
/// use gridpath::{Grid, Jps, Movement, Pos};
/// let grid = Grid::from_ascii(
///     "......\n\
///      .####.\n\
///      ......",
///     Movement::default(),
/// ).unwrap();
/// let mut jps = Jps::new();
/// let path = jps
///     .find_path(&grid, Pos::new(0, 1), Pos::new(5, 1))
///     .unwrap()
///     .expect("a way around the wall");
/// // Cell by cell: up, along the top row, and down again.
/// assert_eq!(path.cells.len(), 8);
/// assert_eq!(path.cost, 7.0);
/// // The turns it jumped between.
/// assert_eq!(
///     jps.waypoints(),
///     [Pos::new(0, 1), Pos::new(0, 0), Pos::new(5, 0), Pos::new(5, 1)]
/// );
/// ```
#[derive(Debug, Clone, Default)]
pub struct Jps {
    nodes: Vec<JumpNode>,
    generation: u32,
    /// Open jump points by key (smallest first): a binary heap, as the
    /// open list of a jump point search holds few entries spread over a
    /// wide range of f (a jump away from the goal raises f by up to twice
    /// its length), where A*'s bucket queue and the radix heap redistribute
    /// entries again and again.
    open: BinaryHeap<Reverse<(u64, u32)>>,
    /// Jump points whose f is no more than the f last taken from `open`:
    /// minima, expanded before the heap is touched again.
    equal_f: Vec<u32>,
    bits: PassableBits,
    stats: SearchStats,
    /// The jump points of the last path found, start to goal.
    waypoints: Vec<Pos>,
    /// Whether searches record a trace (of jump points: each open is a
    /// jump's landing, its parent the jump point it jumped from).
    tracing: bool,
    trace: SearchTrace,
}

impl Jps {
    /// An empty search space; it sizes itself to each grid it searches.
    pub fn new() -> Self {
        Self::default()
    }

    /// Whether jump point search can run on `grid`: every passable cell
    /// costs the same, and moves are 8-connected without corner cutting.
    pub fn supports(grid: &Grid) -> Result<(), JpsError> {
        let diagonals = grid.movement().diagonals;
        if diagonals != Diagonals::NoCornerCutting {
            return Err(JpsError::Movement { diagonals });
        }
        if !grid.has_uniform_cost() {
            return Err(JpsError::MixedCosts);
        }
        Ok(())
    }

    /// Whether jump point search is the better engine for `grid`: it
    /// [`supports`](Jps::supports) the grid, and at most
    /// [`MAX_JUMP_POINT_SHARE`] of its passable cells are places where a
    /// straight jump stops (see [`Jps::jump_point_share`]). On cluttered
    /// ground (scattered single walls) jumps are short and each costs more
    /// than the A* steps it replaces.
    pub fn suits(grid: &Grid) -> bool {
        Self::supports(grid).is_ok() && Self::jump_point_share(grid) <= MAX_JUMP_POINT_SHARE
    }

    /// The share of passable cells at which a straight jump coming in from
    /// some direction would stop for a forced neighbour: a measure of
    /// clutter, 0 on open ground and in plain rooms, high among scattered
    /// walls. One pass over the grid's move masks.
    pub fn jump_point_share(grid: &Grid) -> f64 {
        let masks = grid.masks();
        let offsets = grid.offsets();
        let (mut passable, mut stops) = (0usize, 0usize);
        for (cell, &here) in masks.iter().enumerate() {
            if grid.costs()[cell].is_infinite() {
                continue;
            }
            passable += 1;
            let stop = (0..4).any(|entered: usize| {
                let back = (entered + 2) % 4;
                if here & (1 << back) == 0 {
                    return false;
                }
                let behind = masks[cell.wrapping_add_signed(offsets[back])];
                FORCED_TURNS[entered]
                    .iter()
                    .any(|&(side, _)| here & (1 << side) != 0 && behind & (1 << side) == 0)
            });
            stops += usize::from(stop);
        }
        if passable == 0 {
            return 0.0;
        }
        stops as f64 / passable as f64
    }

    /// Counters of the last search: `expanded` counts jump points taken
    /// from the open list, `pushed` the entries put on it.
    pub fn stats(&self) -> SearchStats {
        self.stats
    }

    /// Records a [`SearchTrace`] of every following search (off by
    /// default): the jump points opened and expanded, each opened one's
    /// parent the jump point it was jumped to from (not a neighbour).
    pub fn set_tracing(&mut self, on: bool) {
        self.tracing = on;
    }

    /// The trace of the last search (empty unless tracing is on).
    pub fn trace(&self) -> &SearchTrace {
        &self.trace
    }

    /// The jump points of the last path found, start and goal included (a
    /// path's turns: straight or diagonal runs lie between each pair).
    /// Empty when the last search found none.
    pub fn waypoints(&self) -> &[Pos] {
        &self.waypoints
    }

    /// Finds a cheapest path in one go (see [`Jps::find_path_into`]).
    pub fn find_path(
        &mut self,
        grid: &Grid,
        start: Pos,
        goal: Pos,
    ) -> Result<Option<Path>, JpsError> {
        let mut cells = Vec::new();
        Ok(self
            .find_path_into(grid, start, goal, &mut cells)?
            .map(|cost| Path { cells, cost }))
    }

    /// Finds a cheapest path, writing its cells one step apart into `cells`
    /// (cleared first; start and goal included) and returning its cost:
    /// the number of straight steps plus sqrt 2 times the diagonal ones,
    /// times the grid's one cell cost. `Ok(None)` when there is no path.
    ///
    /// # Errors
    /// [`JpsError::Query`] for a start or goal outside the grid or on a
    /// wall; the other [`JpsError`]s when [`Jps::supports`] refuses the grid.
    pub fn find_path_into(
        &mut self,
        grid: &Grid,
        start: Pos,
        goal: Pos,
        cells: &mut Vec<Pos>,
    ) -> Result<Option<f64>, JpsError> {
        Self::supports(grid)?;
        for (which, pos) in [(Endpoint::Start, start), (Endpoint::Goal, goal)] {
            if !grid.in_bounds(pos) {
                return Err(QueryError::OutOfBounds {
                    which,
                    pos,
                    width: grid.width(),
                    height: grid.height(),
                }
                .into());
            }
            if !grid.is_passable(pos) {
                return Err(QueryError::Impassable { which, pos }.into());
            }
        }
        cells.clear();
        self.waypoints.clear();
        self.stats = SearchStats::default();
        if self.tracing {
            self.trace.reset(start, goal);
        }
        if start == goal {
            cells.push(start);
            self.waypoints.push(start);
            return Ok(Some(0.0));
        }
        if !grid.connected(start, goal) {
            self.stats.rejected_by_islands = true;
            return Ok(None);
        }
        self.prepare(grid);
        let (start_cell, goal_cell) = (grid.index_of(start), grid.index_of(goal));
        let Some(g) = self.search(grid, start_cell, goal_cell) else {
            return Ok(None);
        };
        self.reconstruct(grid, start_cell, goal_cell, cells);
        Ok(Some(g))
    }

    /// Sizes the search space for `grid`, copies its passability bits and
    /// opens a new generation.
    fn prepare(&mut self, grid: &Grid) {
        self.bits.sync(grid);
        if self.nodes.len() != grid.padded_len() {
            self.nodes.clear();
            self.nodes.resize(grid.padded_len(), JumpNode::default());
            self.generation = 0;
        }
        if self.generation >= MAX_GENERATION {
            for node in &mut self.nodes {
                node.tag = 0;
            }
            self.generation = 0;
        }
        self.generation += 1;
        self.open.clear();
    }

    /// Best-first over jump points; the goal's g when it is reached.
    fn search(&mut self, grid: &Grid, start: usize, goal: usize) -> Option<f64> {
        let masks = grid.masks();
        let splitter = grid.cell_splitter();
        let (goal_x, goal_y) = splitter.split(goal);
        let jumper = Jumper::toward(goal, grid, &self.bits);
        // Every passable cell costs this (checked by `supports`).
        let unit = f64::from(grid.costs()[start]);
        let estimate = |cell: usize| {
            let (x, y) = splitter.split(cell);
            let (dx, dy) = ((x - goal_x).unsigned_abs(), (y - goal_y).unsigned_abs());
            let (low, high) = (dx.min(dy), dx.max(dy));
            unit * (f64::from(high - low) + SQRT_2 * f64::from(low))
        };
        let generation = self.generation;
        let nodes = &mut self.nodes[..masks.len()];
        nodes[start] = JumpNode {
            g: 0.0,
            parent: start as u32,
            tag: generation << GENERATION_SHIFT,
        };
        let h = estimate(start);
        self.open
            .push(Reverse((priority_key_larger_g_first(h, h), start as u32)));
        if self.tracing {
            trace_open(&mut self.trace, grid, start, 0.0, h, None);
        }
        let (mut expanded, mut pushed) = (0u64, 1u64);
        // The f part of the key last taken from the heap.
        let mut f_bound = 0;
        self.equal_f.clear();
        let found = loop {
            let cell = if let Some(cell) = self.equal_f.pop() {
                cell
            } else if let Some(Reverse((key, cell))) = self.open.pop() {
                f_bound = key >> TIE_BITS;
                cell
            } else {
                break None;
            };
            let cell = cell as usize;
            let node = &mut nodes[cell];
            if node.tag & CLOSED != 0 {
                continue; // a stale entry: expanded already
            }
            node.tag |= CLOSED;
            expanded += 1;
            let g = node.g;
            if self.tracing {
                self.trace.events.push(TraceEvent::Close {
                    cell: grid.pos_of(cell),
                    cost: grid.cost(grid.pos_of(cell)),
                });
            }
            if cell == goal {
                break Some(g);
            }
            let (x, y) = splitter.split(cell);
            let (x, y) = (x as usize, y as usize);
            let directions = if cell == start {
                masks[cell]
            } else {
                jumper.directions_on(cell, (node.tag & DIRECTION_MASK) as usize)
            };
            let (jumps, jumped) = jumper.jumps(cell, (x, y), directions, nodes);
            for &(next, steps, direction) in &jumps[..jumped] {
                let next_g = g + steps as f64 * DIRECTION_LENGTHS[direction] * unit;
                let neighbour = &mut nodes[next];
                if neighbour.tag >> GENERATION_SHIFT == generation
                    && (neighbour.tag & CLOSED != 0 || next_g >= neighbour.g)
                {
                    continue;
                }
                *neighbour = JumpNode {
                    g: next_g,
                    parent: cell as u32,
                    tag: (generation << GENERATION_SHIFT) | direction as u32,
                };
                let h = estimate(next);
                if self.tracing {
                    trace_open(&mut self.trace, grid, next, next_g, h, Some(cell));
                }
                let key = priority_key_larger_g_first(next_g + h, h);
                if key >> TIE_BITS <= f_bound {
                    // No more than anything on the heap: a minimum already
                    // (as in A*, a straight run toward the goal keeps f).
                    self.equal_f.push(next as u32);
                } else {
                    self.open.push(Reverse((key, next as u32)));
                }
                pushed += 1;
            }
        };
        self.stats.expanded = expanded;
        self.stats.pushed = pushed;
        found
    }

    /// Follows parents back from the goal into `waypoints`, and fills the
    /// runs between them into `cells`.
    fn reconstruct(&mut self, grid: &Grid, start: usize, goal: usize, cells: &mut Vec<Pos>) {
        let mut cell = goal;
        self.waypoints.push(grid.pos_of(goal));
        while cell != start {
            cell = self.nodes[cell].parent as usize;
            self.waypoints.push(grid.pos_of(cell));
        }
        self.waypoints.reverse();
        cells.push(grid.pos_of(start));
        for pair in self.waypoints.windows(2) {
            let (from, to) = (pair[0], pair[1]);
            let (dx, dy) = ((to.x - from.x).signum(), (to.y - from.y).signum());
            let mut at = from;
            while at != to {
                at = Pos::new(at.x + dx, at.y + dy);
                cells.push(at);
            }
        }
    }
}

/// Traces the opening of `cell` (reached from `parent`) at `g`, `h`.
fn trace_open(
    trace: &mut SearchTrace,
    grid: &Grid,
    cell: usize,
    g: f64,
    h: f64,
    parent: Option<usize>,
) {
    trace.events.push(TraceEvent::Open {
        cell: grid.pos_of(cell),
        g,
        h,
        f: g + h,
        parent: parent.map(|p| grid.pos_of(p)),
    });
}

/// What a jump reads: the grid's bits and moves, and where the goal is.
struct Jumper<'a> {
    bits: &'a PassableBits,
    masks: &'a [u8],
    offsets: [isize; 8],
    stride: usize,
    goal: usize,
    /// The goal's padded column and row.
    goal_x: usize,
    goal_y: usize,
}

impl<'a> Jumper<'a> {
    /// Jumps over `grid` (its passable `bits`) toward `goal`.
    fn toward(goal: usize, grid: &'a Grid, bits: &'a PassableBits) -> Self {
        let (goal_x, goal_y) = grid.cell_splitter().split(goal);
        Jumper {
            bits,
            masks: grid.masks(),
            offsets: *grid.offsets(),
            stride: grid.stride(),
            goal,
            goal_x: goal_x as usize,
            goal_y: goal_y as usize,
        }
    }

    /// The jumps from `cell` (at padded column and row `at`) in each of
    /// `directions`: (jump point, steps, direction) for the first `.1`.
    /// All jumps first, each found jump point's record asked for at once:
    /// on a large map it is usually a cache miss, which the remaining
    /// jumps then hide.
    #[inline]
    fn jumps(
        &self,
        cell: usize,
        (x, y): (usize, usize),
        mut directions: u8,
        nodes: &[JumpNode],
    ) -> ([(usize, usize, usize); 8], usize) {
        let mut jumps = [(0usize, 0usize, 0usize); 8];
        let mut jumped = 0;
        while directions != 0 {
            let direction = directions.trailing_zeros() as usize;
            directions &= directions - 1;
            if let Some((next, steps)) = self.jump(cell, x, y, direction) {
                prefetch(&nodes[next]);
                jumps[jumped] = (next, steps, direction);
                jumped += 1;
            }
        }
        (jumps, jumped)
    }

    /// The directions worth jumping in from jump point `cell`, entered by
    /// a jump in direction `entered`: straight on, and after a straight
    /// jump the forced sides and the diagonals toward them; after a
    /// diagonal one, the diagonal and its two parts. Only legal moves.
    #[inline]
    fn directions_on(&self, cell: usize, entered: usize) -> u8 {
        let here = self.masks[cell];
        if entered >= 4 {
            let (horizontal, vertical) = DIAGONAL_PARTS[entered - 4];
            return here & ((1 << entered) | (1 << horizontal) | (1 << vertical));
        }
        // The cell one step back along the jump is open (the jump crossed
        // it, or started there), so its cardinal moves say which of its
        // sides are open.
        let behind = self.masks[cell.wrapping_add_signed(-self.offsets[entered])];
        let mut directions = 1 << entered;
        for (side, diagonal) in FORCED_TURNS[entered] {
            if here & (1 << side) != 0 && behind & (1 << side) == 0 {
                directions |= (1 << side) | (1 << diagonal);
            }
        }
        here & directions
    }

    /// Jumps from `cell` (at padded `(x, y)`) in `direction` (a legal move or not): the jump
    /// point reached and how many steps away, or `None` if the jump runs
    /// into a wall first.
    #[inline]
    fn jump(&self, cell: usize, x: usize, y: usize, direction: usize) -> Option<(usize, usize)> {
        // One copy of each jump per direction, so the direction's tests
        // are compiled away inside the scanning loops.
        match direction {
            NORTH => self.straight::<NORTH>(x, y),
            EAST => self.straight::<EAST>(x, y),
            SOUTH => self.straight::<SOUTH>(x, y),
            WEST => self.straight::<WEST>(x, y),
            4 => self.diagonal::<4, EAST, NORTH>(cell, x, y),
            5 => self.diagonal::<5, EAST, SOUTH>(cell, x, y),
            6 => self.diagonal::<6, WEST, SOUTH>(cell, x, y),
            _ => self.diagonal::<7, WEST, NORTH>(cell, x, y),
        }
    }

    /// A straight jump from padded `(x, y)`, 64 cells a word.
    #[inline(always)]
    fn straight<const DIRECTION: usize>(&self, x: usize, y: usize) -> Option<(usize, usize)> {
        let direction = DIRECTION;
        // Along a row the position is the column; along a column the row.
        let (from, goal_along, stop) = match direction {
            EAST => (
                x,
                self.goal_in_row(y),
                scan_forward(self.bits.row(y, true), x),
            ),
            WEST => (
                x,
                self.goal_in_row(y),
                scan_backward(self.bits.row(y, false), x),
            ),
            SOUTH => (
                y,
                self.goal_in_column(x),
                scan_forward(self.bits.column(x, true), y),
            ),
            _ => (
                y,
                self.goal_in_column(x),
                scan_backward(self.bits.column(x, false), y),
            ),
        };
        let forward = direction == EAST || direction == SOUTH;
        let (end, open) = match stop {
            Stop::Wall(end) => (end, false),
            Stop::Forced(end) => (end, true),
        };
        // The goal before the stop (it is open, so never at a wall) ends
        // the jump there.
        let at = match goal_along {
            Some(goal) if forward && from < goal && goal <= end => goal,
            Some(goal) if !forward && end <= goal && goal < from => goal,
            _ if open => end,
            _ => return None,
        };
        let cell = if direction == EAST || direction == WEST {
            y * self.stride + at
        } else {
            at * self.stride + x
        };
        Some((cell, at.abs_diff(from)))
    }

    fn goal_in_row(&self, y: usize) -> Option<usize> {
        (self.goal_y == y).then_some(self.goal_x)
    }

    fn goal_in_column(&self, x: usize) -> Option<usize> {
        (self.goal_x == x).then_some(self.goal_y)
    }

    /// A diagonal jump: step by step, each cell trying a straight jump
    /// along the diagonal's two parts (where the first step is open).
    #[inline]
    fn diagonal<const DIRECTION: usize, const HORIZONTAL: usize, const VERTICAL: usize>(
        &self,
        cell: usize,
        mut x: usize,
        mut y: usize,
    ) -> Option<(usize, usize)> {
        let (direction, horizontal, vertical) = (DIRECTION, HORIZONTAL, VERTICAL);
        debug_assert_eq!(DIAGONAL_PARTS[direction - 4], (horizontal, vertical));
        let (dx, dy) = DIRECTION_DELTAS[direction];
        let offset = self.offsets[direction];
        let mut at = cell;
        let mut steps = 0;
        loop {
            let moves = self.masks[at];
            if moves & (1 << direction) == 0 {
                return None;
            }
            at = at.wrapping_add_signed(offset);
            x = x.wrapping_add_signed(dx as isize);
            y = y.wrapping_add_signed(dy as isize);
            steps += 1;
            if at == self.goal {
                return Some((at, steps));
            }
            let moves = self.masks[at];
            if (moves & (1 << horizontal) != 0 && self.straight::<HORIZONTAL>(x, y).is_some())
                || (moves & (1 << vertical) != 0 && self.straight::<VERTICAL>(x, y).is_some())
            {
                return Some((at, steps));
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::*;
    use crate::{AStar, Heuristic, Movement, SearchOptions, path_cost};

    fn grid(rows: &str) -> Grid {
        Grid::from_ascii(rows, Movement::default()).unwrap()
    }

    fn jps_cost(grid: &Grid, start: Pos, goal: Pos) -> Option<f64> {
        Jps::new()
            .find_path(grid, start, goal)
            .unwrap()
            .map(|path| path.cost)
    }

    #[test]
    fn open_ground_is_one_diagonal_and_one_straight_jump() {
        let g = grid(".......\n.......\n.......");
        let mut jps = Jps::new();
        let path = jps
            .find_path(&g, Pos::new(0, 0), Pos::new(6, 2))
            .unwrap()
            .unwrap();
        assert!((path.cost - (4.0 + 2.0 * SQRT_2)).abs() < 1e-12);
        assert_eq!(path.cells.len(), 7, "filled in cell by cell");
        assert_eq!(path_cost(&g, &path.cells), Some(path.cost));
        assert_eq!(
            jps.waypoints(),
            [Pos::new(0, 0), Pos::new(2, 2), Pos::new(6, 2)]
        );
    }

    #[test]
    fn a_wall_ending_beside_a_straight_jump_forces_a_turn_there() {
        // Going east along row 1 from (0, 1), (2, 0) opens up behind the
        // wall at (1, 0): (2, 1) is a jump point, the only way to (2, 0)
        // and (3, 0) without a detour. The search turns there: up, then
        // along row 0.
        let g = grid(
            "##.......\n\
             .........\n\
             #########",
        );
        let mut jps = Jps::new();
        let path = jps
            .find_path(&g, Pos::new(0, 1), Pos::new(8, 0))
            .unwrap()
            .unwrap();
        assert!((path.cost - (7.0 + SQRT_2)).abs() < 1e-12);
        assert_eq!(jps.waypoints().first(), Some(&Pos::new(0, 1)));
        assert!(
            jps.waypoints().contains(&Pos::new(2, 1)),
            "forced at (2, 1): (2, 0) is open and (1, 0) behind it a wall: {:?}",
            jps.waypoints()
        );
        assert_eq!(path_cost(&g, &path.cells), Some(path.cost));
    }

    #[test]
    fn diagonals_never_cut_a_corner() {
        // The diagonal from (0, 0) to (1, 1) passes the wall at (0, 1).
        let g = grid("..\n#.");
        let path = Jps::new()
            .find_path(&g, Pos::new(0, 0), Pos::new(1, 1))
            .unwrap()
            .unwrap();
        assert_eq!(path.cells, [Pos::new(0, 0), Pos::new(1, 0), Pos::new(1, 1)]);
        assert_eq!(path.cost, 2.0);
        // Squeezing between two walls is no way through at all.
        let g = grid(".#\n#.");
        assert_eq!(jps_cost(&g, Pos::new(0, 0), Pos::new(1, 1)), None);
        // Around a pillar: the corner-cutting diagonal would cost 2 sqrt 2.
        let g = grid("...\n.#.\n...");
        assert_eq!(jps_cost(&g, Pos::new(0, 1), Pos::new(2, 1)), Some(4.0));
    }

    #[test]
    fn the_goal_ends_a_jump_in_the_middle_of_a_corridor() {
        let g = grid("..........\n#########.\n..........");
        assert_eq!(jps_cost(&g, Pos::new(0, 0), Pos::new(4, 0)), Some(4.0));
        assert_eq!(jps_cost(&g, Pos::new(9, 2), Pos::new(2, 2)), Some(7.0));
        assert_eq!(jps_cost(&g, Pos::new(0, 0), Pos::new(0, 2)), Some(20.0));
    }

    #[test]
    fn uniform_costs_other_than_one_scale_the_path() {
        let g = grid("333\n3#3\n333");
        assert_eq!(jps_cost(&g, Pos::new(0, 1), Pos::new(2, 1)), Some(12.0));
    }

    #[test]
    fn grids_jps_cannot_search_are_refused() {
        let mixed = grid("..3\n...");
        assert_eq!(
            Jps::new().find_path(&mixed, Pos::new(0, 0), Pos::new(2, 1)),
            Err(JpsError::MixedCosts)
        );
        let cutting = Grid::from_ascii(
            "...",
            Movement {
                diagonals: Diagonals::Always,
            },
        )
        .unwrap();
        assert!(matches!(
            Jps::new().find_path(&cutting, Pos::new(0, 0), Pos::new(2, 0)),
            Err(JpsError::Movement { .. })
        ));
        assert!(matches!(
            Jps::new().find_path(&grid(".#"), Pos::new(0, 0), Pos::new(1, 0)),
            Err(JpsError::Query(QueryError::Impassable { .. }))
        ));
    }

    #[test]
    fn one_search_space_follows_a_changing_grid() {
        let mut g = grid(".....\n.....\n.....");
        let mut jps = Jps::new();
        let (a, b) = (Pos::new(0, 1), Pos::new(4, 1));
        assert_eq!(jps.find_path(&g, a, b).unwrap().map(|p| p.cost), Some(4.0));
        for y in 0..3 {
            g.set_cost(Pos::new(2, y), None).unwrap();
        }
        assert_eq!(jps.find_path(&g, a, b).unwrap(), None);
        g.set_cost(Pos::new(2, 0), Some(1.0)).unwrap();
        assert_eq!(
            jps.find_path(&g, a, b).unwrap().map(|p| p.cost),
            Some(2.0 + 2.0 * SQRT_2)
        );
        let other = grid("..\n..");
        assert_eq!(
            jps.find_path(&other, Pos::new(0, 0), Pos::new(1, 1))
                .unwrap()
                .map(|p| p.cost),
            Some(SQRT_2)
        );
    }

    #[test]
    fn scattered_single_walls_are_clutter_that_jps_does_not_suit() {
        // Open ground with a walled room and its doorway: straight jumps
        // stop only beside the room's corners and its doorway.
        let room = Grid::from_fn(40, 40, Movement::default(), |x, y| {
            let on_wall = ((10..30).contains(&x) && (y == 10 || y == 29))
                || ((10..30).contains(&y) && (x == 10 || x == 29));
            (!on_wall || (x == 29 && y == 20)).then_some(1.0)
        })
        .unwrap();
        assert!(Jps::jump_point_share(&room) < MAX_JUMP_POINT_SHARE);
        assert!(Jps::suits(&room));
        // A wall every few cells: almost every cell is a stop.
        let scattered = grid(
            "..#...#...\n\
             #...#...#.\n\
             ..#...#...\n\
             #...#...#.",
        );
        assert!(Jps::jump_point_share(&scattered) > MAX_JUMP_POINT_SHARE);
        assert!(!Jps::suits(&scattered));
        // Open ground has no stops at all; mixed costs never suit.
        assert_eq!(Jps::jump_point_share(&grid("....\n....")), 0.0);
        assert!(!Jps::suits(&grid("..2.\n....")));
    }

    /// Random uniform grids: walls at a random density, one cell cost.
    fn uniform_grid() -> impl Strategy<Value = Grid> {
        (1usize..40, 1usize..40, 0.0f64..0.5, 1u8..4).prop_flat_map(
            |(width, height, density, cost)| {
                proptest::collection::vec(prop::bool::weighted(density), width * height).prop_map(
                    move |walls| {
                        Grid::from_fn(width, height, Movement::default(), |x, y| {
                            (!walls[y as usize * width + x as usize]).then_some(f64::from(cost))
                        })
                        .unwrap()
                    },
                )
            },
        )
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(400))]

        #[test]
        fn jps_costs_what_astar_and_dijkstra_cost(
            g in uniform_grid(),
            ends in proptest::collection::vec(
                (any::<prop::sample::Index>(), any::<prop::sample::Index>()),
                1..6,
            ),
        ) {
            let open: Vec<Pos> = (0..g.height() as i32)
                .flat_map(|y| (0..g.width() as i32).map(move |x| Pos::new(x, y)))
                .filter(|&p| g.is_passable(p))
                .collect();
            prop_assume!(!open.is_empty());
            let mut jps = Jps::new();
            let mut astar = AStar::new();
            let dijkstra = SearchOptions { heuristic: Heuristic::Zero, ..SearchOptions::default() };
            for (a, b) in ends {
                let (start, goal) = (*a.get(&open), *b.get(&open));
                let found = jps.find_path(&g, start, goal).unwrap();
                let by_astar = astar.find_path(&g, start, goal, &SearchOptions::default()).unwrap();
                let by_dijkstra = astar.find_path(&g, start, goal, &dijkstra).unwrap();
                prop_assert_eq!(found.is_some(), by_dijkstra.is_some());
                let (Some(path), Some(best), Some(astar_path)) = (found, by_dijkstra, by_astar) else {
                    continue;
                };
                let tolerance = 1e-9 * best.cost.max(1.0);
                prop_assert!((path.cost - best.cost).abs() <= tolerance,
                    "{} -> {}: jps {} dijkstra {}", start, goal, path.cost, best.cost);
                prop_assert!((path.cost - astar_path.cost).abs() <= tolerance);
                prop_assert_eq!(path.cells.first(), Some(&start));
                prop_assert_eq!(path.cells.last(), Some(&goal));
                let walked = path_cost(&g, &path.cells);
                prop_assert!(walked.is_some(), "an illegal step in {:?}", path.cells);
                prop_assert!((walked.unwrap_or(0.0) - path.cost).abs() <= tolerance);
            }
        }
    }
}
