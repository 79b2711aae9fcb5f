//! A distance field that grows on demand and repairs itself: for every cell
//! it has settled, the cost of walking from that cell to the nearest source,
//! over the same moves and costs as A*.
//!
//! It is the shared search of many walkers heading for one place (Brogue's
//! Dijkstra maps, an RTS flow field): one field from the target serves every
//! walker, each stepping downhill. Three things make it fit a game turn:
//! - **Growth on demand, within a budget.** Cells are settled in order of
//!   distance only until the walker who asks is settled (or the budget runs
//!   out); the frontier waits for the next question. The work is
//!   proportional to the area around the target that walkers need, not to
//!   the grid.
//! - **Repair, not rebuild** (in the spirit of LPA*, Koenig & Likhachev):
//!   when grid cells change, only the cells whose distance ran through a
//!   changed cell (or past one, for a corner) are unsettled and re-queued
//!   from their settled neighbours; a cheaper cell re-opens its neighbours.
//!   What nothing changed keeps its distance.
//! - **Reset in proportion to what was touched**, not the grid's area.
//!
//! Never knows about monsters or terrain kinds.

use std::cmp::Reverse;
use std::collections::BinaryHeap;

use crate::distances::Distances;
use crate::float_order::order_bits;
use crate::grid::{DIRECTION_LENGTHS, Grid, Pos};

/// No parent: a source, or a cell not reached.
const NO_PARENT: u8 = 8;

/// What the field knows of a cell (stored as its `u8`, zero for untouched,
/// so a new field's states are zeroed memory).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[repr(u8)]
enum CellState {
    Untouched = 0,
    /// Reached with a tentative distance, waiting in the queue.
    Open = 1,
    /// Its distance is final (until the grid changes).
    Settled = 2,
}

impl CellState {
    fn from_stored(stored: u8) -> Self {
        match stored {
            0 => Self::Untouched,
            1 => Self::Open,
            _ => Self::Settled,
        }
    }
}

/// What a question to the field ended with.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Reach {
    /// The cell's distance to the nearest source.
    Settled(f64),
    /// No source can be reached from the cell.
    Unreachable,
    /// The budget ran out first; ask again.
    Pending,
}

/// Counters since the field was made.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct FieldStats {
    /// Cells settled (a cell settled again after a repair counts again).
    pub expanded: u64,
    /// Times the field started from new sources.
    pub resets: u64,
    /// Repairs after grid changes.
    pub repairs: u64,
    /// Cells unsettled by repairs.
    pub repaired_cells: u64,
}

/// A distance field over one grid. Reusable: `reset` starts it over.
#[derive(Debug, Clone, Default)]
pub struct DistanceField {
    /// Padded layout of the grid it was last reset on.
    stride: usize,
    width: usize,
    height: usize,
    distance: Distances,
    /// Per cell: the direction its distance came from, XOR [`NO_PARENT`]
    /// (so zero, the value of a new field, means no parent).
    parent: Vec<u8>,
    /// Per cell: its [`CellState`] as a `u8`.
    state: Vec<u8>,
    /// Cells not untouched, so a reset costs what the last use touched.
    touched: Vec<u32>,
    open: BinaryHeap<Reverse<(u64, u32)>>,
    sources: Vec<(Pos, f64)>,
    /// The grid state the distances are true to.
    grid_version: u64,
    stats: FieldStats,
}

impl DistanceField {
    /// A field with no goal yet.
    pub fn new() -> Self {
        Self::default()
    }

    /// What the field has done so far (cells settled, repairs).
    pub fn stats(&self) -> FieldStats {
        self.stats
    }

    /// The sources the field grows from.
    pub fn sources(&self) -> &[(Pos, f64)] {
        &self.sources
    }

    /// Starts over from `sources` (a source `(cell, value)` costs `value` to
    /// end at; sources outside the grid or impassable are ignored). Nothing
    /// is settled until a question asks for it.
    pub fn reset(&mut self, grid: &Grid, sources: &[(Pos, f64)]) {
        let padded = grid.padded_len();
        if self.distance.len() != padded || self.stride != grid.stride() {
            // Zeroed memory: pages are written only where the field goes.
            self.distance = Distances::infinite(padded);
            self.parent = vec![0; padded];
            self.state = vec![0; padded];
            self.touched.clear();
        } else {
            for &cell in &self.touched {
                let cell = cell as usize;
                // Back to the zero of a new field: infinite, no parent,
                // untouched.
                self.distance.set(cell, f64::INFINITY);
                self.parent[cell] = 0;
                self.state[cell] = CellState::Untouched as u8;
            }
            self.touched.clear();
        }
        self.stride = grid.stride();
        self.width = grid.width();
        self.height = grid.height();
        self.open.clear();
        self.sources.clear();
        self.sources.extend_from_slice(sources);
        self.grid_version = grid.version();
        self.stats.resets += 1;
        for &(pos, value) in sources {
            if !grid.is_passable(pos) || !value.is_finite() {
                continue;
            }
            let cell = grid.index_of(pos);
            if value < self.distance.get(cell) {
                self.offer(cell, value, NO_PARENT);
            }
        }
    }

    /// Whether the field was reset on a grid of this shape.
    fn fits(&self, grid: &Grid) -> bool {
        self.distance.len() == grid.padded_len() && self.stride == grid.stride()
    }

    /// Brings the field up to the grid's current state: unsettles what the
    /// changed cells invalidate and re-queues it. Returns the number of
    /// cells unsettled. A grid of another shape, or one whose change
    /// history no longer reaches back to the field's state, resets it.
    pub fn repair(&mut self, grid: &Grid) -> usize {
        if self.grid_version == grid.version() {
            return 0;
        }
        if !self.fits(grid) {
            let sources = std::mem::take(&mut self.sources);
            self.reset(grid, &sources);
            return 0;
        }
        let Some(changes) = grid.changes_since(self.grid_version) else {
            let sources = std::mem::take(&mut self.sources);
            self.reset(grid, &sources);
            return 0;
        };
        let mut changed: Vec<usize> = changes.collect();
        changed.sort_unstable();
        changed.dedup();
        self.grid_version = grid.version();
        self.stats.repairs += 1;
        let offsets = *grid.offsets();
        // A changed cell's own cost prices the steps into it, and its
        // passability the moves around it (corners): every touched cell in
        // its neighbourhood, and all that hung from them, is unsettled.
        let mut invalid: Vec<usize> = Vec::new();
        for &cell in &changed {
            for candidate in std::iter::once(cell).chain(
                offsets
                    .iter()
                    .map(|&offset| cell.wrapping_add_signed(offset)),
            ) {
                if self
                    .state_of(candidate)
                    .is_some_and(|s| s != CellState::Untouched)
                    && self.distance.get(candidate).is_finite()
                {
                    self.unsettle(candidate, &mut invalid);
                }
            }
        }
        let mut next = 0;
        while next < invalid.len() {
            let cell = invalid[next];
            next += 1;
            // Its children: neighbours whose parent direction points here.
            for (direction, &offset) in offsets.iter().enumerate() {
                let child = cell.wrapping_add_signed(offset);
                if self
                    .state_of(child)
                    .is_some_and(|s| s != CellState::Untouched)
                    && self.distance.get(child).is_finite()
                    && usize::from(self.parent_of(child)) == opposite(direction)
                {
                    self.unsettle(child, &mut invalid);
                }
            }
        }
        let unsettled = invalid.len();
        self.stats.repaired_cells += unsettled as u64;
        // Re-seed: sources again, then every unsettled cell from its
        // settled neighbours.
        for &(pos, value) in &self.sources.clone() {
            if grid.is_passable(pos) && value.is_finite() {
                let cell = grid.index_of(pos);
                if value < self.distance.get(cell) {
                    self.offer(cell, value, NO_PARENT);
                }
            }
        }
        let costs = grid.costs();
        let masks = grid.masks();
        for &cell in &invalid {
            if !costs[cell].is_finite() {
                continue;
            }
            let mut mask = masks[cell];
            while mask != 0 {
                let direction = mask.trailing_zeros() as usize;
                mask &= mask - 1;
                let neighbour = cell.wrapping_add_signed(offsets[direction]);
                if self.state_of(neighbour) == Some(CellState::Settled) {
                    let through = self.distance.get(neighbour)
                        + DIRECTION_LENGTHS[direction] * f64::from(costs[neighbour]);
                    if through < self.distance.get(cell) {
                        self.offer(cell, through, direction as u8);
                    }
                }
            }
        }
        // A changed cell that stayed settled (none of the above) re-opens so
        // a lower cost reaches its neighbours.
        for &cell in &changed {
            if self.state_of(cell) == Some(CellState::Settled) && costs[cell].is_finite() {
                self.set_state(cell, CellState::Open);
                self.open
                    .push(Reverse((order_bits(self.distance.get(cell)), cell as u32)));
            }
        }
        unsettled
    }

    /// What the field knows of `cell` (`None` past the end).
    #[inline]
    fn state_of(&self, cell: usize) -> Option<CellState> {
        self.state.get(cell).copied().map(CellState::from_stored)
    }

    #[inline]
    fn set_state(&mut self, cell: usize, state: CellState) {
        self.state[cell] = state as u8;
    }

    /// The direction `cell`'s distance came from, or [`NO_PARENT`].
    #[inline]
    fn parent_of(&self, cell: usize) -> u8 {
        self.parent[cell] ^ NO_PARENT
    }

    #[inline]
    fn set_parent(&mut self, cell: usize, parent: u8) {
        self.parent[cell] = parent ^ NO_PARENT;
    }

    /// Forgets a cell's distance (it is re-derived later).
    fn unsettle(&mut self, cell: usize, invalid: &mut Vec<usize>) {
        self.distance.set(cell, f64::INFINITY);
        self.set_parent(cell, NO_PARENT);
        self.set_state(cell, CellState::Open);
        invalid.push(cell);
    }

    /// Gives `cell` a tentative distance and queues it.
    fn offer(&mut self, cell: usize, distance: f64, parent: u8) {
        if self.state_of(cell) == Some(CellState::Untouched) {
            self.touched.push(cell as u32);
        }
        self.distance.set(cell, distance);
        self.set_parent(cell, parent);
        self.set_state(cell, CellState::Open);
        self.open.push(Reverse((order_bits(distance), cell as u32)));
    }

    /// Settles cells until `pos`'s distance is final, at most `budget` of
    /// them. Call [`DistanceField::repair`] first if the grid may have
    /// changed. Returns the cells settled too, for the caller's budget.
    pub fn reach(&mut self, grid: &Grid, pos: Pos, budget: u64) -> (Reach, u64) {
        if !grid.in_bounds(pos) || !self.fits(grid) {
            return (Reach::Unreachable, 0);
        }
        let target = grid.index_of(pos);
        let costs = grid.costs();
        let masks = grid.masks();
        let offsets = *grid.offsets();
        let mut settled = 0;
        loop {
            // Drop entries a cheaper offer or an unsettling made stale.
            while let Some(&Reverse((key, cell))) = self.open.peek() {
                let cell = cell as usize;
                if self.state_of(cell) != Some(CellState::Open)
                    || order_bits(self.distance.get(cell)) != key
                {
                    self.open.pop();
                } else {
                    break;
                }
            }
            let frontier = self.open.peek().map(|Reverse((key, _))| *key);
            if self.state_of(target) == Some(CellState::Settled)
                && frontier.is_none_or(|key| key >= order_bits(self.distance.get(target)))
            {
                return (Reach::Settled(self.distance.get(target)), settled);
            }
            let Some(Reverse((_, cell))) = self.open.pop() else {
                return (Reach::Unreachable, settled);
            };
            if settled >= budget {
                self.open.push(Reverse((
                    order_bits(self.distance.get(cell as usize)),
                    cell,
                )));
                return (Reach::Pending, settled);
            }
            let cell = cell as usize;
            self.set_state(cell, CellState::Settled);
            settled += 1;
            self.stats.expanded += 1;
            let distance = self.distance.get(cell);
            // Moves are symmetric: a neighbour that can step here pays this
            // cell's cost plus this cell's distance.
            let mut mask = masks[cell];
            while mask != 0 {
                let direction = mask.trailing_zeros() as usize;
                mask &= mask - 1;
                let neighbour = cell.wrapping_add_signed(offsets[direction]);
                let through = distance + DIRECTION_LENGTHS[direction] * f64::from(costs[cell]);
                if through < self.distance.get(neighbour) {
                    self.offer(neighbour, through, opposite(direction) as u8);
                }
            }
        }
    }

    /// The settled distance of `pos`, if final.
    pub fn distance(&self, pos: Pos) -> Option<f64> {
        let cell = self.cell(pos)?;
        let frontier = self.open.peek().map(|Reverse((key, _))| *key);
        (self.state_of(cell) == Some(CellState::Settled)
            && frontier.is_none_or(|key| key >= order_bits(self.distance.get(cell))))
        .then_some(self.distance.get(cell))
    }

    fn cell(&self, pos: Pos) -> Option<usize> {
        (pos.x >= 0
            && pos.y >= 0
            && (pos.x as usize) < self.width
            && (pos.y as usize) < self.height)
            .then(|| (pos.y as usize + 1) * self.stride + pos.x as usize + 1)
    }

    /// The step a walker at `pos` should take: the legal move with the least
    /// step cost plus distance among settled neighbours (`None` at a source,
    /// or when `pos` is not settled).
    pub fn downhill(&self, grid: &Grid, pos: Pos) -> Option<Pos> {
        let here = self.distance(pos)?;
        grid.neighbours(pos)
            .filter_map(|(next, step)| self.distance(next).map(|d| (next, step + d)))
            .filter(|&(_, total)| total < here + 1e-9 * here.abs().max(1.0))
            .min_by(|a, b| a.1.total_cmp(&b.1).then(a.0.cmp(&b.0)))
            .map(|(next, _)| next)
    }

    /// The cells a walker at `pos` would cross going downhill, up to
    /// `limit` of them (`pos` itself not included).
    pub fn route(&self, grid: &Grid, pos: Pos, limit: usize) -> Vec<Pos> {
        let mut cells = Vec::new();
        let mut at = pos;
        while cells.len() < limit {
            let Some(next) = self.downhill(grid, at) else {
                break;
            };
            cells.push(next);
            at = next;
        }
        cells
    }

    /// How many cells the field has touched (for memory and overlay figures).
    pub fn touched_cells(&self) -> usize {
        self.touched.len()
    }

    /// Every settled cell and its distance (for the overlay).
    pub fn settled_cells(&self) -> impl Iterator<Item = (Pos, f64)> + '_ {
        self.touched.iter().filter_map(move |&cell| {
            let cell = cell as usize;
            (self.state_of(cell) == Some(CellState::Settled)).then(|| {
                let x = (cell % self.stride) as i32 - 1;
                let y = (cell / self.stride) as i32 - 1;
                (Pos::new(x, y), self.distance.get(cell))
            })
        })
    }
}

/// The direction that undoes `direction` (see `DIRECTION_DELTAS`: the four
/// cardinals, then the four diagonals, each half a turn from its opposite).
fn opposite(direction: usize) -> usize {
    if direction < 4 {
        (direction + 2) % 4
    } else {
        4 + (direction - 4 + 2) % 4
    }
}

/// A distance field in a save: its level-sized arrays only at the cells it
/// touched (the rest are zero), read back into zeroed memory.
#[cfg(feature = "serde")]
mod saved_field {
    use super::*;
    use crate::saved::{values_at, zeroed_with};
    use serde::{Deserialize, Deserializer, Serialize, Serializer};

    #[derive(Serialize, Deserialize)]
    struct Field {
        stride: usize,
        width: usize,
        height: usize,
        cells: usize,
        touched: Vec<u32>,
        distance: Vec<u64>,
        parent: Vec<u8>,
        state: Vec<u8>,
        open: BinaryHeap<Reverse<(u64, u32)>>,
        sources: Vec<(Pos, f64)>,
        grid_version: u64,
        stats: FieldStats,
    }

    impl Serialize for DistanceField {
        fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
            Field {
                stride: self.stride,
                width: self.width,
                height: self.height,
                cells: self.distance.len(),
                touched: self.touched.clone(),
                distance: values_at(self.distance.stored(), &self.touched),
                parent: values_at(&self.parent, &self.touched),
                state: values_at(&self.state, &self.touched),
                open: self.open.clone(),
                sources: self.sources.clone(),
                grid_version: crate::saved::version_out(self.grid_version),
                stats: self.stats,
            }
            .serialize(serializer)
        }
    }

    impl<'de> Deserialize<'de> for DistanceField {
        fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
            let f = Field::deserialize(deserializer)?;
            let (parent, state) = if f.cells == 0 {
                (Vec::new(), Vec::new())
            } else {
                (
                    zeroed_with(f.cells, &f.touched, &f.parent)?,
                    zeroed_with(f.cells, &f.touched, &f.state)?,
                )
            };
            let distance = if f.cells == 0 {
                Distances::default()
            } else {
                Distances::from_stored(zeroed_with(f.cells, &f.touched, &f.distance)?)
            };
            if f.open
                .iter()
                .any(|Reverse((_, cell))| *cell as usize >= f.cells)
            {
                return Err(serde::de::Error::custom(
                    "a distance field's open cell lies outside it",
                ));
            }
            Ok(Self {
                stride: f.stride,
                width: f.width,
                height: f.height,
                distance,
                parent,
                state,
                touched: f.touched,
                open: f.open,
                sources: f.sources,
                grid_version: crate::saved::version_in(f.grid_version),
                stats: f.stats,
            })
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::DIRECTION_DELTAS;
    use crate::{DijkstraMap, Movement};

    fn grid(rows: &str) -> Grid {
        Grid::from_ascii(rows, Movement::default()).unwrap()
    }

    /// Every cell's distance, settled all the way.
    fn all_distances(field: &mut DistanceField, g: &Grid) -> Vec<Option<f64>> {
        let mut out = Vec::new();
        for y in 0..g.height() as i32 {
            for x in 0..g.width() as i32 {
                let pos = Pos::new(x, y);
                out.push(match field.reach(g, pos, u64::MAX).0 {
                    Reach::Settled(d) => Some(d),
                    _ => None,
                });
            }
        }
        out
    }

    fn oracle(g: &Grid, sources: &[(Pos, f64)]) -> Vec<Option<f64>> {
        let mut map = DijkstraMap::new();
        map.compute(g, sources.iter().copied());
        let mut out = Vec::new();
        for y in 0..g.height() as i32 {
            for x in 0..g.width() as i32 {
                out.push(map.distance(Pos::new(x, y)));
            }
        }
        out
    }

    fn assert_close(a: &[Option<f64>], b: &[Option<f64>]) {
        assert_eq!(a.len(), b.len());
        for (i, (x, y)) in a.iter().zip(b).enumerate() {
            match (x, y) {
                (Some(x), Some(y)) => assert!((x - y).abs() < 1e-9, "cell {i}: {x} vs {y}"),
                _ => assert_eq!(x, y, "cell {i}"),
            }
        }
    }

    #[test]
    fn opposite_directions_undo_each_other() {
        for d in 0..8 {
            let (dx, dy) = DIRECTION_DELTAS[d];
            let (ox, oy) = DIRECTION_DELTAS[opposite(d)];
            assert_eq!((dx + ox, dy + oy), (0, 0), "direction {d}");
        }
    }

    #[test]
    fn grows_only_as_far_as_the_question_needs_and_agrees_with_dijkstra() {
        let g = grid(
            "..........\n\
             .####.###.\n\
             .#..#...#.\n\
             .#..3...#.\n\
             ..........",
        );
        let sources = [(Pos::new(0, 0), 0.0)];
        let mut field = DistanceField::new();
        field.reset(&g, &sources);
        let (reach, settled) = field.reach(&g, Pos::new(1, 0), 1000);
        assert_eq!(reach, Reach::Settled(1.0));
        assert!(settled < 6, "settled {settled} cells for a neighbour");
        assert_eq!(field.distance(Pos::new(9, 4)), None, "not grown that far");
        assert_close(&all_distances(&mut field, &g), &oracle(&g, &sources));
    }

    #[test]
    fn a_small_budget_answers_pending_and_finishes_later() {
        let g = grid(&".".repeat(30));
        let mut field = DistanceField::new();
        field.reset(&g, &[(Pos::new(0, 0), 0.0)]);
        assert_eq!(field.reach(&g, Pos::new(29, 0), 5).0, Reach::Pending);
        let mut rounds = 1;
        while field.reach(&g, Pos::new(29, 0), 5).0 == Reach::Pending {
            rounds += 1;
        }
        assert!(rounds > 3);
        assert_eq!(field.distance(Pos::new(29, 0)), Some(29.0));
        assert_eq!(field.downhill(&g, Pos::new(29, 0)), Some(Pos::new(28, 0)));
        assert_eq!(field.route(&g, Pos::new(3, 0), 10).len(), 3);
    }

    #[test]
    fn repairs_after_walls_and_swamps_match_a_fresh_field() {
        let rows = "............\n\
                    .##########.\n\
                    ............\n\
                    .####..####.\n\
                    ............";
        let mut g = grid(rows);
        let sources = [(Pos::new(0, 4), 0.0)];
        let mut field = DistanceField::new();
        field.reset(&g, &sources);
        assert_close(&all_distances(&mut field, &g), &oracle(&g, &sources));
        // Close the gap (an increase), then open a wall (a decrease), then
        // make a swamp: each time the repaired field equals a fresh one.
        let edits: [&[(Pos, Option<f64>)]; 3] = [
            &[(Pos::new(5, 3), None), (Pos::new(6, 3), None)],
            &[(Pos::new(4, 1), Some(1.0))],
            &[(Pos::new(0, 2), Some(4.0)), (Pos::new(1, 2), Some(4.0))],
        ];
        for edit in edits {
            for &(pos, cost) in edit {
                g.set_cost(pos, cost).unwrap();
            }
            let unsettled = field.repair(&g);
            assert!(unsettled > 0);
            assert_close(&all_distances(&mut field, &g), &oracle(&g, &sources));
        }
        assert_eq!(field.stats().repairs, 3);
        assert_eq!(field.stats().resets, 1);
    }

    #[test]
    fn a_repair_far_from_the_settled_area_unsettles_nothing() {
        let mut g = grid(&[".".repeat(40), ".".repeat(40)].join("\n"));
        let mut field = DistanceField::new();
        field.reset(&g, &[(Pos::new(0, 0), 0.0)]);
        field.reach(&g, Pos::new(3, 0), 1000);
        g.set_cost(Pos::new(35, 1), None).unwrap();
        assert_eq!(field.repair(&g), 0);
        assert_eq!(field.distance(Pos::new(3, 0)), Some(3.0));
    }

    #[test]
    fn repairs_on_random_edits_match_a_fresh_field() {
        use rand::{RngExt, SeedableRng};
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(7);
        for round in 0..30 {
            let (w, h) = (12, 9);
            let mut g = Grid::from_fn(w, h, Movement::default(), |_, _| {
                match rng.random_range(0..10) {
                    0 | 1 => None,
                    2 => Some(3.0),
                    _ => Some(1.0),
                }
            })
            .unwrap();
            let source = Pos::new(rng.random_range(0..w as i32), rng.random_range(0..h as i32));
            let sources = [(source, 0.0)];
            let mut field = DistanceField::new();
            field.reset(&g, &sources);
            // Grow part of the way, then edit, then ask for everything.
            field.reach(&g, Pos::new(0, 0), rng.random_range(0..60));
            for _ in 0..rng.random_range(1..6) {
                let pos = Pos::new(rng.random_range(0..w as i32), rng.random_range(0..h as i32));
                let cost = match rng.random_range(0..3) {
                    0 => None,
                    1 => Some(0.5),
                    _ => Some(2.0),
                };
                g.set_cost(pos, cost).unwrap();
            }
            field.repair(&g);
            let got = all_distances(&mut field, &g);
            let want = oracle(&g, &sources);
            for (i, (a, b)) in got.iter().zip(&want).enumerate() {
                match (a, b) {
                    (Some(a), Some(b)) => {
                        assert!((a - b).abs() < 1e-9, "round {round} cell {i}: {a} vs {b}")
                    }
                    _ => assert_eq!(a, b, "round {round} cell {i}"),
                }
            }
        }
    }
}
