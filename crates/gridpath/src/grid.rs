//! The search space's static side: a width x height grid of cell costs, with
//! the legal moves out of every cell precomputed as an 8-bit mask.
//!
//! Cells are stored with a one-cell wall border (the "padded" layout) so the
//! search loop can step to any neighbour of an interior cell without a bounds
//! check. Nothing here knows about monsters, terrain kinds or terminals.

use thiserror::Error;

use crate::grid_shape::GridShape;
use crate::grid_version::next_version;
use crate::islands::Islands;
/// Re-exported so `pathfinding::grid::Pos` keeps naming the crate's one position.
pub use crate::pos::Pos;
use crate::prefetch::prefetch;

/// Which diagonal moves are legal. The names follow PathFinding.js.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Diagonals {
    /// 4-connected: cardinal moves only.
    Never,
    /// 8-connected, no corner cutting: a diagonal needs both orthogonal
    /// neighbours passable (the Moving AI benchmark rule).
    #[default]
    NoCornerCutting,
    /// 8-connected: a diagonal is legal if at most one orthogonal neighbour is
    /// blocked (corner cutting allowed, squeezing between two walls is not).
    AtMostOneBlocked,
    /// 8-connected: every diagonal to a passable cell is legal.
    Always,
}

/// The movement rule of a grid: which of the 8 moves a walker may take.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Movement {
    /// Whether and how diagonal moves are allowed.
    pub diagonals: Diagonals,
}

impl Movement {
    /// Moves to the four side neighbours only.
    pub const FOUR_CONNECTED: Self = Self {
        diagonals: Diagonals::Never,
    };
    /// Moves to all eight neighbours, a diagonal only where both cells it
    /// passes between are open (no corner cutting: the Moving AI rule).
    pub const EIGHT_CONNECTED: Self = Self {
        diagonals: Diagonals::NoCornerCutting,
    };
}

/// The 8 move directions as (dx, dy): cardinals first (north, east, south,
/// west: bits 0..4 of a cell's move mask), then diagonals (north-east,
/// south-east, south-west, north-west).
pub const DIRECTION_DELTAS: [(i32, i32); 8] = [
    (0, -1),  // north
    (1, 0),   // east
    (0, 1),   // south
    (-1, 0),  // west
    (1, -1),  // north-east
    (1, 1),   // south-east
    (-1, 1),  // south-west
    (-1, -1), // north-west
];

/// Length of a move in each direction: 1 for cardinals, sqrt 2 for diagonals.
pub(crate) const DIRECTION_LENGTHS: [f64; 8] = [
    1.0,
    1.0,
    1.0,
    1.0,
    std::f64::consts::SQRT_2,
    std::f64::consts::SQRT_2,
    std::f64::consts::SQRT_2,
    std::f64::consts::SQRT_2,
];

/// For each direction a cell was entered by, the moves out of it that can
/// never lower a neighbour's cost: back to the parent, and to the parent's
/// cardinal neighbours that are no nearer the parent than this cell is.
/// The parent already offered each of those a cardinal step (always legal
/// onto a passable cell) at most as long as the step from here, with no
/// cell in between, so for any positive costs that offer is no dearer
/// than parent, here, neighbour; a search that skips these moves changes
/// nothing but the work. (Turn penalties break this: they depend on the
/// direction a cell is reached from.)
pub(crate) const DOMINATED_MOVES: [u8; 8] = dominated_moves_table();

const fn dominated_moves_table() -> [u8; 8] {
    let mut table = [0u8; 8];
    let mut entered = 0;
    while entered < 8 {
        let mut out = 0;
        while out < 8 {
            // Where the move out lands, seen from the parent.
            let x = DIRECTION_DELTAS[entered].0 + DIRECTION_DELTAS[out].0;
            let y = DIRECTION_DELTAS[entered].1 + DIRECTION_DELTAS[out].1;
            let parent = x == 0 && y == 0;
            // A cardinal step from the parent (length 1) is never longer
            // than any move out of here (1 or sqrt 2).
            let beside_parent = x.abs() + y.abs() == 1;
            if parent || beside_parent {
                table[entered] |= 1 << out;
            }
            out += 1;
        }
        entered += 1;
    }
    table
}

/// On a grid where every cell costs the same, more moves are pointless for
/// a cell entered by a cardinal step: the two sideways steps land on cells
/// the parent could reach by one diagonal (sqrt 2 against 2 steps). For
/// each cardinal direction entered by: the two (sideways move, parent's
/// diagonal onto the same cell) pairs. The parent made that diagonal only
/// if its move mask allowed it, so A* checks the parent's mask.
pub(crate) const SIDEWAYS_AFTER_CARDINAL: [[(u8, u8); 2]; 4] = [
    [(1, 4), (3, 7)], // entered going north: east lands where north-east did
    [(0, 4), (2, 5)], // east: north / north-east, south / south-east
    [(1, 5), (3, 6)], // south: east / south-east, west / south-west
    [(0, 7), (2, 6)], // west: north / north-west, south / south-west
];

/// For each diagonal direction (index - 4), the two cardinal directions it
/// passes between.
const DIAGONAL_SIDES: [(usize, usize); 4] = [(0, 1), (2, 1), (2, 3), (0, 3)];

/// Why a grid could not be built or changed.
#[derive(Debug, Clone, PartialEq, Error)]
pub enum GridError {
    /// A side is 0 or too large, or the cells do not fit in `u32`.
    #[error(
        "grid size {width}x{height} is not allowed: both sides must be 1 to {max}, and the cells must fit in u32"
    )]
    BadSize {
        /// The grid's width.
        width: usize,
        /// The grid's height.
        height: usize,
        /// The largest side allowed.
        max: usize,
    },
    /// A cell lies outside the grid.
    #[error("cell {pos} is outside the {width}x{height} grid")]
    OutOfBounds {
        /// The cell.
        pos: Pos,
        /// The grid's width.
        width: usize,
        /// The grid's height.
        height: usize,
    },
    /// A passable cell's cost is not finite or not above 0.
    #[error("cell {pos} has cost {cost}: a passable cell's cost must be finite and greater than 0")]
    BadCost {
        /// The cell.
        pos: Pos,
        /// The cost given.
        cost: f64,
    },
    /// A declared minimum cost is not finite or not above 0.
    #[error("declared minimum cell cost {cost} must be finite and greater than 0")]
    BadMinimumCost {
        /// The cost given.
        cost: f64,
    },
}

pub use crate::grid_shape::MAX_GRID_SIDE;

/// A grid of cell costs with precomputed move masks and connected components.
///
/// Entering a cell costs the move's length (1 or sqrt 2) times the cell's
/// cost. `None` is impassable. Costs are stored at `f32` precision.
#[derive(Debug, Clone)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Grid {
    /// The unpadded size: what callers address, and its bounds.
    shape: GridShape,
    /// Row length of the padded layout (`width + 2`).
    stride: usize,
    movement: Movement,
    /// Padded cost per cell; infinity marks impassable cells. Costs are
    /// rounded to `f32` as they are set ([`check_cost`]), so 4 bytes hold
    /// them exactly: reads widen them back to the same `f64`.
    #[cfg_attr(feature = "serde", serde(with = "crate::saved::le_runs"))]
    costs: Vec<f32>,
    /// Padded legal-move mask per cell (bit d = direction d is legal).
    #[cfg_attr(feature = "serde", serde(with = "crate::saved::le_runs"))]
    masks: Vec<u8>,
    /// The mask of a passable cell for each set of passable neighbours
    /// (bit d: direction d), under this grid's corner rule: a mask is then
    /// eight cost reads and one look-up.
    #[cfg_attr(feature = "serde", serde(with = "crate::saved::le_fixed"))]
    moves_by_neighbours: [u8; 256],
    /// A bit per padded cell, set while a batch of changes has already
    /// recomputed that cell's mask (all clear between batches; empty until
    /// the first batch).
    #[cfg_attr(feature = "serde", serde(with = "crate::saved::le_array"))]
    masks_redone: Vec<u64>,
    /// Signed index offset of each direction in the padded layout.
    offsets: [isize; 8],
    /// The cheapest cost a heuristic may assume for one unit of distance.
    min_cost: f64,
    /// Cheapest cost the caller declared (if any); `min_cost` never exceeds it.
    declared_min_cost: Option<f64>,
    /// The cost every passable cell has, while they all have the same one
    /// (NaN while none is passable). Once two differ it stays `None` until
    /// [`Grid::recompute_min_cost`] looks again.
    uniform_cost: Option<f64>,
    /// Unique across all grids and all their states: a new number on every
    /// change, so a search space can tell which grid state it has copied.
    #[cfg_attr(feature = "serde", serde(with = "crate::saved::version"))]
    version: u64,
    /// Every change made after state `history_start`, in order, with the
    /// version each change made.
    #[cfg_attr(feature = "serde", serde(with = "crate::saved::change_log"))]
    change_log: Vec<(u64, u32)>,
    /// A state this grid (or the grid it was cloned from) had, from which
    /// `change_log` is complete.
    #[cfg_attr(feature = "serde", serde(with = "crate::saved::version"))]
    history_start: u64,
    islands: Islands,
    /// Set when batched changes skipped the island updates.
    islands_stale: bool,
    /// Set when a skipped change made a cell passable: two islands may have
    /// joined, so differing labels no longer prove "not connected". While
    /// only cells closed, differing labels still do (closing never joins).
    islands_may_have_joined: bool,
    /// The islands' work counter when they were last rebuilt: incremental
    /// updates since then may cost at most one more rebuild.
    island_work_at_rebuild: u64,
}

impl Grid {
    /// A grid where every cell is impassable.
    pub fn new(width: usize, height: usize, movement: Movement) -> Result<Self, GridError> {
        if width == 0 || height == 0 || width > MAX_GRID_SIDE || height > MAX_GRID_SIDE {
            return Err(GridError::BadSize {
                width,
                height,
                max: MAX_GRID_SIDE,
            });
        }
        let stride = width + 2;
        let padded_cells = padded_cells(width, height);
        let stride_i = stride as isize;
        let offsets = DIRECTION_DELTAS.map(|(dx, dy)| dy as isize * stride_i + dx as isize);
        let mut grid = Self {
            shape: GridShape::new(width, height),
            stride,
            movement,
            costs: vec![f32::INFINITY; padded_cells],
            masks: vec![0; padded_cells],
            moves_by_neighbours: [0; 256],
            masks_redone: Vec::new(),
            offsets,
            min_cost: 1.0,
            declared_min_cost: None,
            uniform_cost: Some(f64::NAN),
            version: 0,
            change_log: Vec::new(),
            history_start: 0,
            islands: Islands::empty(padded_cells),
            islands_stale: false,
            islands_may_have_joined: false,
            island_work_at_rebuild: 0,
        };
        grid.moves_by_neighbours =
            std::array::from_fn(|neighbours| grid.mask_of_neighbours(neighbours as u8));
        grid.start_history();
        Ok(grid)
    }

    /// A grid whose cell costs come from `cost(x, y)` (`None` = impassable).
    pub fn from_fn(
        width: usize,
        height: usize,
        movement: Movement,
        cost: impl FnMut(i32, i32) -> Option<f64>,
    ) -> Result<Self, GridError> {
        let mut grid = Self::from_fn_without_islands(width, height, movement, cost)?;
        grid.rebuild_islands();
        Ok(grid)
    }

    /// [`Grid::from_fn`] with no island labels, for a grid asked only
    /// which moves are legal and what they cost: labelling a 1024x1024
    /// grid's islands takes 4 MB and a sixth of building it. Until
    /// [`Grid::rebuild_islands`] labels them, the islands read as stale
    /// after openings: [`Grid::connected`] says "maybe" for any two
    /// passable cells, and searches find "no path" by searching.
    pub fn from_fn_without_islands(
        width: usize,
        height: usize,
        movement: Movement,
        mut cost: impl FnMut(i32, i32) -> Option<f64>,
    ) -> Result<Self, GridError> {
        let mut grid = Self::new(width, height, movement)?;
        let mut cheapest = f64::INFINITY;
        // What `note_cost` would make of each cost, kept in locals: the one
        // cost seen so far, and whether another came.
        let (mut only, mut mixed) = (None, false);
        let stride = grid.stride;
        for y in 0..height {
            // The row's cells, inside the padding.
            let row = &mut grid.costs[(y + 1) * stride + 1..(y + 1) * stride + 1 + width];
            for (x, slot) in row.iter_mut().enumerate() {
                let pos = Pos::new(x as i32, y as i32);
                if let Some(c) = cost(pos.x, pos.y) {
                    let c = check_cost(pos, c)?;
                    *slot = c as f32;
                    cheapest = cheapest.min(c);
                    match only {
                        None => only = Some(c),
                        Some(seen) if seen != c => mixed = true,
                        Some(_) => {}
                    }
                }
            }
        }
        if let Some(c) = only {
            grid.note_cost(c);
        }
        if mixed {
            grid.uniform_cost = None;
        }
        if cheapest.is_finite() {
            grid.min_cost = cheapest;
        }
        grid.start_history();
        grid.rebuild_masks();
        grid.islands_stale = true;
        grid.islands_may_have_joined = true;
        Ok(grid)
    }

    /// A grid parsed from ASCII rows, for tests and documentation: `#` is a
    /// wall, `.` costs 1, and a digit `1`..`9` costs that much.
    ///
    /// ```
    /// use gridpath::{Grid, Movement, Pos};
    /// let grid = Grid::from_ascii("..#\n.3.", Movement::default()).unwrap();
    /// assert_eq!(grid.cost(Pos::new(1, 1)), Some(3.0));
    /// assert_eq!(grid.cost(Pos::new(2, 0)), None);
    /// ```
    pub fn from_ascii(rows: &str, movement: Movement) -> Result<Self, GridError> {
        let lines: Vec<&[u8]> = rows.lines().map(str::as_bytes).collect();
        let width = lines.iter().map(|l| l.len()).max().unwrap_or(0);
        Self::from_fn(width, lines.len(), movement, |x, y| {
            match lines[y as usize].get(x as usize) {
                Some(b'.') => Some(1.0),
                Some(d @ b'1'..=b'9') => Some(f64::from(d - b'0')),
                _ => None,
            }
        })
    }

    /// How many columns the grid has.
    pub fn width(&self) -> usize {
        self.shape.width()
    }

    /// How many rows the grid has.
    pub fn height(&self) -> usize {
        self.shape.height()
    }

    /// The unpadded row-major shape callers address cells by.
    pub fn shape(&self) -> GridShape {
        self.shape
    }

    /// The movement rule the grid was built with.
    pub fn movement(&self) -> Movement {
        self.movement
    }

    /// Identifies this grid's current state: every change gives the grid a
    /// number no grid had before.
    pub fn version(&self) -> u64 {
        self.version
    }

    /// The cells changed after state `since`, or `None` when `since` is not
    /// a state in this grid's remembered history (another grid's state, or
    /// too long ago): the caller should then re-read every cell.
    pub(crate) fn changes_since(&self, since: u64) -> Option<impl Iterator<Item = usize> + '_> {
        let first = if since == self.history_start {
            0
        } else {
            let at = self.change_log.partition_point(|&(v, _)| v < since);
            if self.change_log.get(at).is_none_or(|&(v, _)| v != since) {
                return None;
            }
            at + 1
        };
        Some(
            self.change_log[first..]
                .iter()
                .map(|&(_, cell)| cell as usize),
        )
    }

    /// Gives the grid a state number no grid had, with an empty history.
    fn start_history(&mut self) {
        self.version = next_version();
        self.history_start = self.version;
        self.change_log.clear();
    }

    /// Whether `pos` is a cell of the grid.
    pub fn in_bounds(&self, pos: Pos) -> bool {
        self.shape.contains(pos)
    }

    /// The cost of entering `pos`, or `None` if it is impassable or outside.
    pub fn cost(&self, pos: Pos) -> Option<f64> {
        if !self.in_bounds(pos) {
            return None;
        }
        let c = self.costs[self.index_of(pos)];
        c.is_finite().then_some(f64::from(c))
    }

    /// Whether `pos` is a cell of the grid that can be entered.
    pub fn is_passable(&self, pos: Pos) -> bool {
        self.cost(pos).is_some()
    }

    /// The cheapest cost per unit of distance a heuristic may assume: the
    /// lowest passable cost ever seen, or lower if the caller declared so.
    pub fn min_cost(&self) -> f64 {
        self.min_cost
    }

    /// Declares that cells may cost as little as `cost` (for example roads
    /// that are not on the map yet), keeping heuristics admissible.
    pub fn declare_min_cost(&mut self, cost: f64) -> Result<(), GridError> {
        if !(cost.is_finite() && cost > 0.0) {
            return Err(GridError::BadMinimumCost { cost });
        }
        self.declared_min_cost = Some(cost);
        self.min_cost = self.min_cost.min(cost);
        Ok(())
    }

    /// Sets one cell's cost (`None` = impassable), updating the move masks
    /// around it and the islands.
    pub fn set_cost(&mut self, pos: Pos, cost: Option<f64>) -> Result<(), GridError> {
        self.change_cost(pos, cost, true).map(|_| ())
    }

    /// Sets many cells' costs. Islands are updated cell by cell while that
    /// stays cheap; once the relabelling work since the last rebuild passes
    /// one full rebuild, over however many calls (a fog map learning a wall
    /// at a time can split a large region again and again), they are left
    /// stale until [`Grid::refresh_islands`]: until
    /// then [`Grid::connected`] answers conservatively ("maybe"), so a search
    /// still runs and is still correct, only without the shortcut.
    pub fn set_costs(
        &mut self,
        changes: impl IntoIterator<Item = (Pos, Option<f64>)>,
    ) -> Result<(), GridError> {
        let work_limit = self.padded_len() as u64;
        for (pos, cost) in changes {
            let update_islands = !self.islands_stale;
            let flipped = self.change_cost(pos, cost, update_islands)?;
            if flipped && !update_islands && cost.is_some() {
                self.islands_may_have_joined = true;
            }
            if update_islands && self.islands.work() - self.island_work_at_rebuild > work_limit {
                self.islands_stale = true;
            }
        }
        Ok(())
    }

    /// Sets many cells' costs for a grid that changes a little every
    /// moment (a faction's fog map): a cell that opens joins its islands at
    /// once (cheap, and it keeps "not connected" answers true), while a
    /// cell that closes is left to [`Grid::refresh_islands`] (finding a
    /// split needs a flood). Until then [`Grid::connected`] answers "maybe"
    /// for cells that shared an island, never a wrong "no".
    pub fn set_costs_deferring_islands(
        &mut self,
        changes: impl IntoIterator<Item = (Pos, Option<f64>)>,
    ) -> Result<(), GridError> {
        // The moves out of the cells around each flipped cell are worked
        // out once, after the whole batch: a faction's view flips whole
        // runs of neighbouring cells, and each cell's moves read its eight
        // neighbours.
        let mut flipped = Vec::new();
        let mut outcome = Ok(());
        for (pos, cost) in changes {
            match self.change_cost_with_masks(pos, cost, false, false) {
                Ok(false) => continue,
                Ok(true) => {}
                Err(err) => {
                    outcome = Err(err);
                    break;
                }
            }
            let index = self.index_of(pos);
            flipped.push(index);
            if cost.is_none() {
                self.islands_stale = true;
            } else if !self.islands_may_have_joined {
                self.update_islands_at(index);
            }
        }
        self.update_masks_around_all(&flipped);
        outcome
    }

    /// Whether the island labels are up to date (see [`Grid::set_costs`]).
    pub fn islands_are_current(&self) -> bool {
        !self.islands_stale
    }

    /// Relabels the islands if changes left them stale.
    pub fn refresh_islands(&mut self) {
        if self.islands_stale {
            self.rebuild_islands();
        }
    }

    /// Changes one cell; returns whether its passability flipped. Islands
    /// are updated only when `update_islands` (else the caller rebuilds).
    fn change_cost(
        &mut self,
        pos: Pos,
        cost: Option<f64>,
        update_islands: bool,
    ) -> Result<bool, GridError> {
        self.change_cost_with_masks(pos, cost, update_islands, true)
    }

    /// [`Grid::change_cost`]; the moves around a flipped cell are updated
    /// only when `update_masks` (else the caller updates them).
    fn change_cost_with_masks(
        &mut self,
        pos: Pos,
        cost: Option<f64>,
        update_islands: bool,
        update_masks: bool,
    ) -> Result<bool, GridError> {
        if !self.in_bounds(pos) {
            return Err(GridError::OutOfBounds {
                pos,
                width: self.width(),
                height: self.height(),
            });
        }
        let cost = match cost {
            Some(c) => Some(check_cost(pos, c)?),
            None => None,
        };
        let index = self.index_of(pos);
        let was_passable = self.costs[index].is_finite();
        // Exact: `check_cost` rounded the cost to f32.
        let new_cost = cost.map_or(f32::INFINITY, |c| c as f32);
        if self.costs[index] == new_cost {
            return Ok(false);
        }
        self.costs[index] = new_cost;
        if self.change_log.len() >= MIN_LOGGED_CHANGES.max(self.costs.len() / 2) {
            // Forget the oldest history: searches that copied an older state
            // re-read every cell.
            self.change_log.clear();
            self.history_start = self.version;
        }
        self.version = next_version();
        self.change_log.push((self.version, index as u32));
        if let Some(c) = cost {
            self.min_cost = self.min_cost.min(c);
            self.note_cost(c);
        }
        let flipped = was_passable != cost.is_some();
        if flipped {
            if update_masks {
                self.update_masks_around(index);
            }
            if update_islands && !self.islands_stale {
                self.update_islands_at(index);
            }
        }
        Ok(flipped)
    }

    /// Keeps `uniform_cost` true to a passable cell now costing `cost`.
    fn note_cost(&mut self, cost: f64) {
        self.uniform_cost = match self.uniform_cost {
            Some(same) if same.is_nan() || same == cost => Some(cost),
            _ => None,
        };
    }

    /// Whether every passable cell costs the same. A* then skips more
    /// moves (a diagonal from the parent is never dearer than two steps
    /// through here), which only equal costs guarantee.
    pub(crate) fn has_uniform_cost(&self) -> bool {
        self.uniform_cost.is_some()
    }

    /// Recomputes the cheapest passable cost (for example after cheap cells
    /// were removed), never above the declared minimum; and whether all
    /// passable cells cost the same.
    pub fn recompute_min_cost(&mut self) {
        self.uniform_cost = Some(f64::NAN);
        for index in 0..self.costs.len() {
            if self.costs[index].is_finite() {
                self.note_cost(f64::from(self.costs[index]));
            }
        }
        let cheapest = self
            .costs
            .iter()
            .copied()
            .filter(|c| c.is_finite())
            .map(f64::from)
            .fold(f64::INFINITY, f64::min);
        let cheapest = match self.declared_min_cost {
            Some(declared) => cheapest.min(declared),
            None => cheapest,
        };
        if cheapest.is_finite() {
            self.min_cost = cheapest;
        }
    }

    /// Whether a walker could get from `a` to `b` at all (same island).
    /// While the islands are stale (see [`Grid::set_costs`]) this is true
    /// for any two passable cells: "maybe", never a wrong "no".
    pub fn connected(&self, a: Pos, b: Pos) -> bool {
        if !(self.is_passable(a) && self.is_passable(b)) {
            return false;
        }
        if self.islands_stale && self.islands_may_have_joined {
            return true;
        }
        // Fresh labels, or stale only by cells that closed (which can split
        // an island, never join two): differing labels mean "no".
        self.islands.same(self.index_of(a), self.index_of(b))
    }

    /// How many islands (connected passable regions) the grid has.
    pub fn island_count(&self) -> usize {
        self.islands.count()
    }

    /// Relabels every island from scratch.
    pub fn rebuild_islands(&mut self) {
        let work = self.islands.work();
        self.islands = self.built_islands();
        self.islands.add_work(work);
        self.island_work_at_rebuild = self.islands.work();
        self.islands_stale = false;
        self.islands_may_have_joined = false;
    }

    /// Fresh island labels for the current costs.
    fn built_islands(&self) -> Islands {
        let eight_connected = self.movement.diagonals == Diagonals::Always;
        Islands::build(&self.costs, &self.offsets, eight_connected)
    }

    /// Brings the islands up to date after cell `index` flipped passability.
    fn update_islands_at(&mut self, index: usize) {
        self.islands = if self.islands.is_unbuilt() {
            self.built_islands()
        } else {
            std::mem::take(&mut self.islands).after_change(&self.costs, index)
        };
    }

    /// The legal moves out of `pos`: neighbour and step cost.
    pub fn neighbours(&self, pos: Pos) -> impl Iterator<Item = (Pos, f64)> + '_ {
        let mask = if self.in_bounds(pos) {
            self.masks[self.index_of(pos)]
        } else {
            0
        };
        (0..8).filter(move |d| mask & (1 << d) != 0).map(move |d| {
            let (dx, dy) = DIRECTION_DELTAS[d];
            let next = Pos::new(pos.x + dx, pos.y + dy);
            let cost = DIRECTION_LENGTHS[d] * f64::from(self.costs[self.index_of(next)]);
            (next, cost)
        })
    }

    /// Starts loading the moves out of `pos` into the cache (see
    /// [`Grid::is_legal_step`]), for a caller that will ask soon.
    pub fn prefetch_moves(&self, pos: Pos) {
        if self.in_bounds(pos) {
            prefetch(&self.masks[self.index_of(pos)]);
        }
    }

    /// Whether a single move from `from` to `to` is legal under this grid's
    /// movement rule (adjacent, passable, corner rule respected).
    pub fn is_legal_step(&self, from: Pos, to: Pos) -> bool {
        let (dx, dy) = (to.x - from.x, to.y - from.y);
        let Some(direction) = DIRECTION_DELTAS.iter().position(|&d| d == (dx, dy)) else {
            return false;
        };
        self.in_bounds(from) && self.masks[self.index_of(from)] & (1 << direction) != 0
    }

    // ---- crate-internal access for the search loops ----

    pub(crate) fn index_of(&self, pos: Pos) -> usize {
        (pos.y as usize + 1) * self.stride + pos.x as usize + 1
    }

    pub(crate) fn pos_of(&self, index: usize) -> Pos {
        Pos::new(
            (index % self.stride) as i32 - 1,
            (index / self.stride) as i32 - 1,
        )
    }

    pub(crate) fn stride(&self) -> usize {
        self.stride
    }

    /// Splits padded cell indexes into padded (x, y) without a division.
    pub(crate) fn cell_splitter(&self) -> CellSplitter {
        CellSplitter::new(self.stride)
    }

    pub(crate) fn padded_len(&self) -> usize {
        self.costs.len()
    }

    /// Padded cell costs (infinite: impassable), exactly as set.
    pub(crate) fn costs(&self) -> &[f32] {
        &self.costs
    }

    pub(crate) fn masks(&self) -> &[u8] {
        &self.masks
    }

    pub(crate) fn offsets(&self) -> &[isize; 8] {
        &self.offsets
    }

    /// Every cell's mask, in one pass over a byte per cell (is it
    /// passable?) with the masks of all 256 neighbourhoods worked out
    /// first: this runs for every grid built, 1M cells on a 1024x1024
    /// level, and reading 8-byte costs eight times a cell was most of a
    /// grid's build time.
    ///
    /// The padding is impassable (mask 0), so only the rows and columns
    /// inside it are visited, each cell's neighbours read from the three
    /// rows around it with no bounds to test.
    fn rebuild_masks(&mut self) {
        let passable: Vec<u8> = self.costs.iter().map(|c| u8::from(c.is_finite())).collect();
        let by_neighbours = &self.moves_by_neighbours;
        let stride = self.stride;
        // Every inner cell is written below; the padding's masks are 0 from
        // `Grid::new` on (nothing can leave an impassable cell), so they are
        // not written again.
        for y in 1..=self.shape.height() {
            let rows = [
                &passable[(y - 1) * stride..y * stride],
                &passable[y * stride..(y + 1) * stride],
                &passable[(y + 1) * stride..(y + 2) * stride],
            ];
            let masks = &mut self.masks[y * stride..(y + 1) * stride];
            let [up, here, down] = rows;
            for x in 1..stride - 1 {
                // The eight neighbours, bit d for direction d of
                // `DIRECTION_DELTAS` (N, E, S, W, NE, SE, SW, NW), spelled
                // out so the row reads are plain loads.
                let neighbours = up[x]
                    | here[x + 1] << 1
                    | down[x] << 2
                    | here[x - 1] << 3
                    | up[x + 1] << 4
                    | down[x + 1] << 5
                    | down[x - 1] << 6
                    | up[x - 1] << 7;
                masks[x] = if here[x] == 0 {
                    0
                } else {
                    by_neighbours[usize::from(neighbours)]
                };
            }
        }
    }

    /// [`Grid::update_masks_around`] for many cells, each mask once: a
    /// faction's view flips whole runs of neighbouring cells, whose
    /// neighbourhoods overlap. Each cell recomputed is marked in
    /// `masks_redone` (cheaper than sorting nine indices per flipped cell),
    /// and the marks are cleared afterwards. A mask depends only on the
    /// costs, which the batch has all set: the order does not matter.
    fn update_masks_around_all(&mut self, cells: &[usize]) {
        if cells.is_empty() {
            return;
        }
        let words = self.costs.len().div_ceil(64);
        if self.masks_redone.len() != words {
            self.masks_redone = vec![0; words];
        }
        let offsets = self.offsets;
        for &index in cells {
            for cell in std::iter::once(index).chain(offsets.map(|o| index.wrapping_add_signed(o)))
            {
                let (word, bit) = (cell / 64, 1u64 << (cell % 64));
                if self.masks_redone[word] & bit == 0 {
                    self.masks_redone[word] |= bit;
                    self.masks[cell] = self.mask_at(cell);
                }
            }
        }
        // Only cells of this batch were marked: clearing their whole words
        // leaves every bit clear.
        for &index in cells {
            for cell in std::iter::once(index).chain(offsets.map(|o| index.wrapping_add_signed(o)))
            {
                self.masks_redone[cell / 64] = 0;
            }
        }
    }

    fn update_masks_around(&mut self, index: usize) {
        self.masks[index] = self.mask_at(index);
        for offset in self.offsets {
            let neighbour = index.wrapping_add_signed(offset);
            self.masks[neighbour] = self.mask_at(neighbour);
        }
    }

    fn mask_at(&self, index: usize) -> u8 {
        if !self.costs[index].is_finite() {
            return 0;
        }
        // Bit d: the neighbour in direction d is passable. A passable cell
        // is never in the padding ring, so all eight neighbours are inside.
        let mut neighbours = 0u8;
        for (d, &offset) in self.offsets.iter().enumerate() {
            let passable = self.costs[index.wrapping_add_signed(offset)].is_finite();
            neighbours |= u8::from(passable) << d;
        }
        self.moves_by_neighbours[usize::from(neighbours)]
    }

    /// The legal moves out of a passable cell whose passable neighbours are
    /// the bits of `neighbours` (bit d: direction d), under the corner rule.
    fn mask_of_neighbours(&self, neighbours: u8) -> u8 {
        let open = |d: usize| neighbours & (1 << d) != 0;
        let mut mask = neighbours & 0b1111;
        for (i, &(side_a, side_b)) in DIAGONAL_SIDES.iter().enumerate() {
            let d = 4 + i;
            if !open(d) {
                continue;
            }
            let sides_open = usize::from(open(side_a)) + usize::from(open(side_b));
            let legal = match self.movement.diagonals {
                Diagonals::Never => false,
                Diagonals::NoCornerCutting => sides_open == 2,
                Diagonals::AtMostOneBlocked => sides_open >= 1,
                Diagonals::Always => true,
            };
            if legal {
                mask |= 1 << d;
            }
        }
        mask
    }
}

/// Checks a cell cost and rounds it to `f32` precision (about 7 significant
/// digits): the search keeps each cell's cost beside its node record in 4
/// bytes, and every sum stays in `f64`, so a path's cost is exact for the
/// stored cell costs.
/// How many cells a `width x height` grid keeps: its own and a ring of
/// impassable padding around them.
pub(crate) fn padded_cells(width: usize, height: usize) -> usize {
    (width + 2) * (height + 2)
}

fn check_cost(pos: Pos, cost: f64) -> Result<f64, GridError> {
    let stored = f64::from(cost as f32);
    if cost.is_finite() && cost > 0.0 && stored.is_finite() && stored > 0.0 {
        Ok(stored)
    } else {
        Err(GridError::BadCost { pos, cost })
    }
}

/// How many changes a grid remembers for search spaces to catch up on, at
/// the least; a large grid remembers up to half its cells' worth, past which
/// re-reading every cell costs about the same. (A faction's planning grid on
/// a 256x256 level changes thousands of cells a turn as influences move.)
const MIN_LOGGED_CHANGES: usize = 4096;

impl Grid {
    /// The state this grid's history starts from and the version of each
    /// change since, in order (for numbering them in a save).
    #[cfg(feature = "serde")]
    pub(crate) fn version_history(&self) -> (u64, Vec<u64>, u64) {
        (
            self.history_start,
            self.change_log
                .iter()
                .map(|&(version, _)| version)
                .collect(),
            self.version,
        )
    }

    /// Gives the grid's level-sized arrays to
    /// [`spare_buffers`](crate::spare_buffers), for a grid read from a save
    /// in its place (a replay's next keyframe) to take.
    pub fn into_spares(self) {
        crate::spare_buffers::give(self.costs);
        crate::spare_buffers::give(self.masks);
        self.islands.into_spares();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_whole_grid_pass_gives_each_cell_the_mask_of_its_neighbours() {
        let rows = "..#.#\n#...#\n.#.##\n...#.";
        for diagonals in [
            Diagonals::Never,
            Diagonals::NoCornerCutting,
            Diagonals::AtMostOneBlocked,
            Diagonals::Always,
        ] {
            let grid = Grid::from_ascii(rows, Movement { diagonals }).unwrap();
            for index in 0..grid.padded_len() {
                assert_eq!(
                    grid.masks[index],
                    grid.mask_at(index),
                    "{diagonals:?} {index}"
                );
            }
        }
    }

    #[test]
    fn a_batch_of_flips_leaves_the_moves_a_fresh_grid_has() {
        let rows = [
            "......#...",
            "..###.#.#.",
            "..#...#.#.",
            "....#...#.",
            "##..#.##..",
        ];
        for diagonals in [
            Diagonals::Never,
            Diagonals::NoCornerCutting,
            Diagonals::Always,
        ] {
            let movement = Movement { diagonals };
            let mut batched = Grid::from_ascii(&rows.join("\n"), movement).unwrap();
            // Flip a run of cells both ways, as a faction's view does.
            let flips: Vec<(Pos, Option<f64>)> = (0..10)
                .flat_map(|x| [(Pos::new(x, 2), None), (Pos::new(x, 1), Some(1.0))])
                .collect();
            batched.set_costs_deferring_islands(flips.clone()).unwrap();
            let mut one_by_one = Grid::from_ascii(&rows.join("\n"), movement).unwrap();
            for (pos, cost) in flips {
                one_by_one.set_cost(pos, cost).unwrap();
            }
            assert_eq!(batched.masks(), one_by_one.masks(), "{diagonals:?}");
            for index in 0..batched.masks().len() {
                assert_eq!(batched.masks()[index], batched.mask_at(index), "{index}");
            }
            // A second batch over the same cells (its marks must start
            // clear) puts the first rows back.
            let back: Vec<(Pos, Option<f64>)> = (0..10)
                .flat_map(|x| [(Pos::new(x, 1), None), (Pos::new(x, 2), Some(1.0))])
                .collect();
            batched.set_costs_deferring_islands(back.clone()).unwrap();
            for (pos, cost) in back {
                one_by_one.set_cost(pos, cost).unwrap();
            }
            assert_eq!(batched.masks(), one_by_one.masks(), "{diagonals:?} back");
            assert!(batched.masks_redone.iter().all(|&word| word == 0));
        }
    }

    #[test]
    fn deferred_closings_keep_no_answers_and_openings_make_them_maybe() {
        let mut g = Grid::from_ascii("..#..\n..#..\n..#..", Movement::default()).unwrap();
        let (west, east) = (Pos::new(0, 0), Pos::new(4, 0));
        assert!(!g.connected(west, east));
        // A closing left stale: islands can only have split, "no" stays "no".
        g.set_costs_deferring_islands([(Pos::new(1, 1), None)])
            .unwrap();
        assert!(!g.islands_are_current());
        assert!(!g.connected(west, east));
        assert!(g.connected(west, Pos::new(0, 2)), "same old island: maybe");
        // An opening left stale: the wall may have a door now.
        g.set_costs_deferring_islands([(Pos::new(2, 0), Some(1.0))])
            .unwrap();
        assert!(g.connected(west, east));
        g.refresh_islands();
        assert!(g.islands_are_current());
        assert!(g.connected(west, east));
        assert!(
            !g.connected(west, Pos::new(1, 1)),
            "a wall is never connected"
        );
    }

    #[test]
    fn dominated_moves_are_the_parent_and_its_cardinal_neighbours() {
        // Entered going east: back west to the parent, and north-west and
        // south-west, which the parent reached by a step north or south.
        let west_side = (1 << 3) | (1 << 7) | (1 << 6);
        assert_eq!(DOMINATED_MOVES[1], west_side);
        // Entered going south-east: back north-west, and north and west,
        // which the parent reached by a step east or south.
        assert_eq!(DOMINATED_MOVES[5], (1 << 7) | (1 << 0) | (1 << 3));
        for (entered, &moves) in DOMINATED_MOVES.iter().enumerate() {
            assert_eq!(moves.count_ones(), 3, "entered by {entered}");
            for out in (0..8).filter(|out| moves & (1 << out) != 0) {
                let (ex, ey) = DIRECTION_DELTAS[entered];
                let (ox, oy) = DIRECTION_DELTAS[out];
                let from_parent = ((ex + ox).abs(), (ey + oy).abs());
                assert!(
                    from_parent == (0, 0) || from_parent.0 + from_parent.1 == 1,
                    "entered by {entered}, out {out}"
                );
            }
        }
    }

    #[test]
    fn sideways_moves_land_where_the_parents_diagonal_did() {
        for (entered, pairs) in SIDEWAYS_AFTER_CARDINAL.iter().enumerate() {
            for &(sideways, diagonal) in pairs {
                let (ex, ey) = DIRECTION_DELTAS[entered];
                let (sx, sy) = DIRECTION_DELTAS[usize::from(sideways)];
                assert_eq!(
                    (ex + sx, ey + sy),
                    DIRECTION_DELTAS[usize::from(diagonal)],
                    "entered by {entered}"
                );
                assert!(usize::from(sideways) < 4 && usize::from(diagonal) >= 4);
            }
        }
    }

    #[test]
    fn uniform_cost_is_tracked_through_changes() {
        let mut grid = Grid::from_ascii("...\n.#.", Movement::default()).unwrap();
        assert!(grid.has_uniform_cost());
        grid.set_cost(Pos::new(1, 1), Some(1.0)).unwrap();
        assert!(grid.has_uniform_cost());
        grid.set_cost(Pos::new(0, 0), Some(3.0)).unwrap();
        assert!(!grid.has_uniform_cost());
        grid.set_cost(Pos::new(0, 0), None).unwrap();
        assert!(
            !grid.has_uniform_cost(),
            "kept conservative until a recompute"
        );
        grid.recompute_min_cost();
        assert!(grid.has_uniform_cost());
    }

    #[test]
    fn cell_splitter_agrees_with_division() {
        for stride in [3usize, 4, 7, 64, 514, 1026, 4099, 65_538] {
            let splitter = CellSplitter::new(stride);
            let last = u32::MAX as usize;
            let samples = (0..5000).chain((0..5000).map(|i| last - i * 7919));
            for cell in samples {
                let (x, y) = splitter.split(cell);
                assert_eq!(
                    (x as usize, y as usize),
                    (cell % stride, cell / stride),
                    "stride {stride}, cell {cell}"
                );
            }
        }
    }

    fn moves(grid: &Grid, pos: Pos) -> Vec<Pos> {
        grid.neighbours(pos).map(|(p, _)| p).collect()
    }

    #[test]
    fn no_corner_cutting_blocks_diagonals_past_a_wall() {
        let grid = Grid::from_ascii("..\n#.", Movement::default()).unwrap();
        // From (0,0) the diagonal to (1,1) passes the wall at (0,1).
        assert_eq!(moves(&grid, Pos::new(0, 0)), vec![Pos::new(1, 0)]);
        assert!(!grid.is_legal_step(Pos::new(0, 0), Pos::new(1, 1)));
    }

    #[test]
    fn corner_rules_differ_as_documented() {
        let rows = ".#\n#.";
        let squeeze = |diagonals| {
            let grid = Grid::from_ascii(rows, Movement { diagonals }).unwrap();
            grid.is_legal_step(Pos::new(0, 0), Pos::new(1, 1))
        };
        assert!(!squeeze(Diagonals::NoCornerCutting));
        assert!(!squeeze(Diagonals::AtMostOneBlocked));
        assert!(squeeze(Diagonals::Always));
        let one_wall = Grid::from_ascii(
            "..\n#.",
            Movement {
                diagonals: Diagonals::AtMostOneBlocked,
            },
        )
        .unwrap();
        assert!(one_wall.is_legal_step(Pos::new(0, 0), Pos::new(1, 1)));
    }

    #[test]
    fn four_connected_has_no_diagonals() {
        let grid = Grid::from_ascii("...\n...\n...", Movement::FOUR_CONNECTED).unwrap();
        assert_eq!(moves(&grid, Pos::new(1, 1)).len(), 4);
        let grid = Grid::from_ascii("...\n...\n...", Movement::EIGHT_CONNECTED).unwrap();
        assert_eq!(moves(&grid, Pos::new(1, 1)).len(), 8);
    }

    #[test]
    fn step_cost_is_length_times_entered_cell_cost() {
        let grid = Grid::from_ascii(".3\n..", Movement::default()).unwrap();
        let costs: Vec<(Pos, f64)> = grid.neighbours(Pos::new(0, 1)).collect();
        assert!(costs.contains(&(Pos::new(1, 0), 3.0 * std::f64::consts::SQRT_2)));
        assert!(costs.contains(&(Pos::new(0, 0), 1.0)));
    }

    #[test]
    fn set_cost_updates_masks_and_version() {
        let mut grid = Grid::from_ascii("...\n...", Movement::default()).unwrap();
        let v = grid.version();
        grid.set_cost(Pos::new(1, 0), None).unwrap();
        assert!(grid.version() > v);
        assert!(!grid.is_legal_step(Pos::new(0, 0), Pos::new(1, 1)));
        grid.set_cost(Pos::new(1, 0), Some(0.5)).unwrap();
        assert!(grid.is_legal_step(Pos::new(0, 0), Pos::new(1, 1)));
        assert_eq!(grid.min_cost(), 0.5);
    }

    #[test]
    fn change_history_is_only_trusted_for_this_grid() {
        let mut grid = Grid::from_ascii("....\n....", Movement::default()).unwrap();
        let before = grid.version();
        let clone = grid.clone();
        grid.set_cost(Pos::new(1, 0), Some(3.0)).unwrap();
        let one_change = grid.version();
        grid.set_cost(Pos::new(2, 1), None).unwrap();
        let changed: Vec<usize> = grid.changes_since(before).unwrap().collect();
        assert_eq!(
            changed,
            vec![grid.index_of(Pos::new(1, 0)), grid.index_of(Pos::new(2, 1))]
        );
        let last: Vec<usize> = grid.changes_since(one_change).unwrap().collect();
        assert_eq!(last, vec![grid.index_of(Pos::new(2, 1))]);
        // A state the clone never had, and another grid's state, are unknown.
        assert!(clone.changes_since(one_change).is_none());
        let other = Grid::from_ascii("....\n....", Movement::default()).unwrap();
        assert!(other.changes_since(before).is_none());
        assert!(grid.changes_since(other.version()).is_none());
        // The clone shares the history up to the moment it was made.
        assert_eq!(clone.changes_since(before).unwrap().count(), 0);
    }

    #[test]
    fn bad_input_is_an_error_value() {
        assert!(matches!(
            Grid::new(0, 3, Movement::default()),
            Err(GridError::BadSize { .. })
        ));
        let mut grid = Grid::from_ascii("..", Movement::default()).unwrap();
        let err = grid.set_cost(Pos::new(5, 0), None).unwrap_err();
        assert_eq!(err.to_string(), "cell (5, 0) is outside the 2x1 grid");
        let err = grid.set_cost(Pos::new(0, 0), Some(-1.0)).unwrap_err();
        assert!(
            err.to_string()
                .contains("must be finite and greater than 0")
        );
        assert!(grid.cost(Pos::new(-1, 0)).is_none());
    }
}

/// Row and column of a padded cell index by a multiply instead of a
/// division (a division per expanded cell was a visible part of A*'s loop):
/// Lemire, Kaser and Kurz, "Faster remainder by direct computation" (2019),
/// exact for 32-bit indexes and strides.
#[derive(Debug, Clone, Copy)]
pub(crate) struct CellSplitter {
    stride: u32,
    /// `floor(2^64 / stride) + 1`.
    multiplier: u64,
}

impl CellSplitter {
    fn new(stride: usize) -> Self {
        let stride = u32::try_from(stride).expect("grid strides fit in 32 bits");
        Self {
            stride,
            multiplier: (u64::MAX / u64::from(stride)).wrapping_add(1),
        }
    }

    /// The padded (x, y) of padded cell `cell` (which fits in 32 bits, as
    /// every cell of a grid does).
    #[inline(always)]
    pub(crate) fn split(&self, cell: usize) -> (i32, i32) {
        let cell = cell as u32;
        let y = ((u128::from(self.multiplier) * u128::from(cell)) >> 64) as u32;
        let x = cell - y * self.stride;
        (x as i32, y as i32)
    }
}
