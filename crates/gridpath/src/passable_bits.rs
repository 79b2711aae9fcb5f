//! A grid's passable cells as bits, kept twice: along rows and along
//! columns, so a straight scan reads 64 cells a word at a time (as
//! `world::opacity` does for sight), with the cells where jump point
//! search's straight jumps stop worked out from them.
//!
//! Bits are laid out on the grid's padded coordinates (the wall ring
//! included), with a margin of [`MARGIN`] clear bits before and after each
//! line: a 64-bit window may start anywhere from one cell before the ring
//! to the ring's far side without a bounds check. A set bit is a passable
//! cell. The ring is never passable, so every scan stops inside its line.
//!
//! This module never knows about monsters, terrain kinds or terminals.

use crate::grid::Grid;

/// Clear bits before the first cell of each line.
const MARGIN: usize = 64;

/// Where a straight scan stopped.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Stop {
    /// At this position along the line, a wall: the cells before it were
    /// passable and none of them had a forced neighbour.
    Wall(usize),
    /// At this passable position, a cell with a forced neighbour: a side
    /// line is open here but closed one cell back along the scan.
    Forced(usize),
}

/// One line to scan: where a scan along it stops, and which cells are open
/// (to tell a wall from a forced cell).
#[derive(Debug, Clone, Copy)]
pub(crate) struct Line<'a> {
    stops: &'a [u64],
    open: &'a [u64],
}

/// Passability bits of one grid state, by row and by column, and for each
/// of the four straight directions the cells where a scan going that way
/// stops: a wall, or an open cell with a side open and the cell behind
/// that side a wall. The stop bits are worked out once per grid state
/// (and again around changed cells), so a scan reads one word per 64
/// cells instead of combining three lines every time.
#[derive(Debug, Clone, Default)]
pub(crate) struct PassableBits {
    /// Padded width and height of the grid.
    stride: usize,
    padded_height: usize,
    /// Row `y` (padded) is words `y * row_words ..`; padded column `x` is
    /// bit `MARGIN + x` of that run. The same layout for `east` and `west`.
    rows: Vec<u64>,
    east: Vec<u64>,
    west: Vec<u64>,
    row_words: usize,
    /// Column `x` (padded) is words `x * column_words ..`; padded row `y`
    /// is bit `MARGIN + y` of that run. The same for `south` and `north`.
    columns: Vec<u64>,
    south: Vec<u64>,
    north: Vec<u64>,
    column_words: usize,
    /// The grid state copied (0: none yet).
    version: u64,
}

impl PassableBits {
    /// Brings the bits up to `grid`'s state: only around the changed cells
    /// when the grid remembers them, else every cell.
    pub(crate) fn sync(&mut self, grid: &Grid) {
        if self.version == grid.version() && self.fits(grid) {
            return;
        }
        let costs = grid.costs();
        match grid.changes_since(self.version) {
            Some(changed) if self.version != 0 && self.fits(grid) => {
                // Every bit first, then the stops around each change: a
                // stop reads the cells on both sides of it.
                let changed: Vec<usize> = changed.collect();
                for &cell in &changed {
                    self.set(
                        cell % self.stride,
                        cell / self.stride,
                        costs[cell].is_finite(),
                    );
                }
                for &cell in &changed {
                    self.redo_stops_around(cell % self.stride, cell / self.stride);
                }
            }
            _ => self.rebuild(grid),
        }
        self.version = grid.version();
    }

    fn fits(&self, grid: &Grid) -> bool {
        self.stride == grid.stride() && self.stride * self.padded_height == grid.padded_len()
    }

    fn rebuild(&mut self, grid: &Grid) {
        self.stride = grid.stride();
        self.padded_height = grid.padded_len() / self.stride;
        // Room for a window (two words) starting at any cell of the line.
        self.row_words = (MARGIN + self.stride).div_ceil(64) + 2;
        self.column_words = (MARGIN + self.padded_height).div_ceil(64) + 2;
        let row_bits = self.row_words * self.padded_height;
        let column_bits = self.column_words * self.stride;
        for (bits, len) in [
            (&mut self.rows, row_bits),
            (&mut self.east, row_bits),
            (&mut self.west, row_bits),
            (&mut self.columns, column_bits),
            (&mut self.south, column_bits),
            (&mut self.north, column_bits),
        ] {
            bits.clear();
            bits.resize(len, 0);
        }
        for (cell, cost) in grid.costs().iter().enumerate() {
            if cost.is_finite() {
                self.set(cell % self.stride, cell / self.stride, true);
            }
        }
        for y in 0..self.padded_height {
            self.redo_row_stops(y, 0..self.row_words);
        }
        for x in 0..self.stride {
            self.redo_column_stops(x, 0..self.column_words);
        }
    }

    /// Marks padded cell `(x, y)` passable or not (stops not redone).
    fn set(&mut self, x: usize, y: usize, passable: bool) {
        let (row_bit, column_bit) = (MARGIN + x, MARGIN + y);
        let row_word = &mut self.rows[y * self.row_words + row_bit / 64];
        let column_word = &mut self.columns[x * self.column_words + column_bit / 64];
        if passable {
            *row_word |= 1 << (row_bit % 64);
            *column_word |= 1 << (column_bit % 64);
        } else {
            *row_word &= !(1 << (row_bit % 64));
            *column_word &= !(1 << (column_bit % 64));
        }
    }

    /// Recomputes the stops a change at padded `(x, y)` can move: those of
    /// the cells within one step of it.
    fn redo_stops_around(&mut self, x: usize, y: usize) {
        let row_words = (MARGIN + x - 1) / 64..(MARGIN + x + 1) / 64 + 1;
        for row in y.saturating_sub(1)..(y + 2).min(self.padded_height) {
            self.redo_row_stops(row, row_words.clone());
        }
        let column_words = (MARGIN + y - 1) / 64..(MARGIN + y + 1) / 64 + 1;
        for column in x.saturating_sub(1)..(x + 2).min(self.stride) {
            self.redo_column_stops(column, column_words.clone());
        }
    }

    fn redo_row_stops(&mut self, y: usize, words: std::ops::Range<usize>) {
        let n = self.row_words;
        let rows = &self.rows;
        let line = |y: usize| &rows[y * n..][..n];
        let sides = (y > 0 && y + 1 < self.padded_height).then(|| (line(y - 1), line(y + 1)));
        for i in words {
            let (forward, backward) = stop_words(line(y), sides, i);
            self.east[y * n + i] = forward;
            self.west[y * n + i] = backward;
        }
    }

    fn redo_column_stops(&mut self, x: usize, words: std::ops::Range<usize>) {
        let n = self.column_words;
        let columns = &self.columns;
        let line = |x: usize| &columns[x * n..][..n];
        let sides = (x > 0 && x + 1 < self.stride).then(|| (line(x - 1), line(x + 1)));
        for i in words {
            let (forward, backward) = stop_words(line(x), sides, i);
            self.south[x * n + i] = forward;
            self.north[x * n + i] = backward;
        }
    }

    /// Padded row `y` scanned east (`forward`) or west.
    #[inline(always)]
    pub(crate) fn row(&self, y: usize, forward: bool) -> Line<'_> {
        let stops = if forward { &self.east } else { &self.west };
        Line {
            stops: &stops[y * self.row_words..][..self.row_words],
            open: &self.rows[y * self.row_words..][..self.row_words],
        }
    }

    /// Padded column `x` scanned south (`forward`) or north.
    #[inline(always)]
    pub(crate) fn column(&self, x: usize, forward: bool) -> Line<'_> {
        let stops = if forward { &self.south } else { &self.north };
        Line {
            stops: &stops[x * self.column_words..][..self.column_words],
            open: &self.columns[x * self.column_words..][..self.column_words],
        }
    }
}

/// Word `i` of the stops along `line` going forward (toward higher
/// positions) and backward: a wall, or a side open where the side cell one
/// step back is a wall. Lines without both sides (the wall ring) stop
/// only at walls, and are never scanned along anyway.
fn stop_words(line: &[u64], sides: Option<(&[u64], &[u64])>, i: usize) -> (u64, u64) {
    let walls = !line[i];
    let Some((a, b)) = sides else {
        return (walls, walls);
    };
    // Bit p of `before` is the side's bit p - 1; of `after`, bit p + 1.
    let before = |side: &[u64]| (side[i] << 1) | i.checked_sub(1).map_or(0, |j| side[j] >> 63);
    let after = |side: &[u64]| (side[i] >> 1) | side.get(i + 1).map_or(0, |next| next << 63);
    let forward = walls | (a[i] & !before(a)) | (b[i] & !before(b));
    let backward = walls | (a[i] & !after(a)) | (b[i] & !after(b));
    (forward, backward)
}

/// The 64 bits of `line` from bit `bit` (a padded position plus
/// [`MARGIN`]), as the low bits of a word: two loads and a shift.
#[inline(always)]
fn window(line: &[u64], bit: usize) -> u64 {
    let word = bit / 64;
    let pair = (u128::from(line[word + 1]) << 64) | u128::from(line[word]);
    (pair >> (bit % 64)) as u64
}

/// Whether position `at` of `line` is open.
#[inline(always)]
fn is_open(line: &[u64], at: usize) -> bool {
    let bit = MARGIN + at;
    (line[bit / 64] >> (bit % 64)) & 1 != 0
}

/// Scans `line` from position `from` (passable) toward higher positions,
/// to the first wall or forced cell after `from`: one word of 64 cells
/// per step, `trailing_zeros` to find the stop. The wall ring always ends
/// the scan.
#[inline]
pub(crate) fn scan_forward(line: Line<'_>, from: usize) -> Stop {
    let mut at = from + 1;
    loop {
        let stops = window(line.stops, MARGIN + at);
        if stops != 0 {
            let position = at + stops.trailing_zeros() as usize;
            return if is_open(line.open, position) {
                Stop::Forced(position)
            } else {
                Stop::Wall(position)
            };
        }
        at += 64;
    }
}

/// [`scan_forward`] toward lower positions, with `leading_zeros`.
#[inline]
pub(crate) fn scan_backward(line: Line<'_>, from: usize) -> Stop {
    // The window's highest bit is the next cell to look at.
    let mut last = from - 1;
    loop {
        let stops = window(line.stops, MARGIN + last - 63);
        if stops != 0 {
            let position = last - stops.leading_zeros() as usize;
            return if is_open(line.open, position) {
                Stop::Forced(position)
            } else {
                Stop::Wall(position)
            };
        }
        last -= 64;
    }
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::*;
    use crate::{Movement, Pos};

    /// What a scan must find, read cell by cell from the grid.
    fn slow_scan(grid: &Grid, from: Pos, (dx, dy): (i32, i32)) -> Stop {
        let open = |p: Pos| grid.is_passable(p);
        let sides = [(dy, dx), (-dy, -dx)];
        let mut at = from;
        loop {
            at = Pos::new(at.x + dx, at.y + dy);
            let along = if dx != 0 { at.x + 1 } else { at.y + 1 } as usize;
            if !open(at) {
                return Stop::Wall(along);
            }
            let forced = sides.iter().any(|&(sx, sy)| {
                open(Pos::new(at.x + sx, at.y + sy))
                    && !open(Pos::new(at.x + sx - dx, at.y + sy - dy))
            });
            if forced {
                return Stop::Forced(along);
            }
        }
    }

    fn fast_scan(bits: &PassableBits, from: Pos, (dx, dy): (i32, i32)) -> Stop {
        let (x, y) = ((from.x + 1) as usize, (from.y + 1) as usize);
        match (dx, dy) {
            (1, 0) => scan_forward(bits.row(y, true), x),
            (-1, 0) => scan_backward(bits.row(y, false), x),
            (0, 1) => scan_forward(bits.column(x, true), y),
            _ => scan_backward(bits.column(x, false), y),
        }
    }

    #[test]
    fn a_wall_behind_an_open_side_stops_the_scan() {
        // Going east along the middle row from (0, 1): (2, 0) is open and
        // (1, 0) behind it is a wall, so (2, 1) is a jump point.
        let grid = Grid::from_ascii(".#....\n......\n......", Movement::default()).unwrap();
        let mut bits = PassableBits::default();
        bits.sync(&grid);
        assert_eq!(
            fast_scan(&bits, Pos::new(0, 1), (1, 0)),
            Stop::Forced(2 + 1)
        );
        // Going west from (5, 1): the wall at (1, 0) is ahead of the open
        // (2, 0), so nothing is forced until (0, 0) opens past the wall.
        assert_eq!(fast_scan(&bits, Pos::new(5, 1), (-1, 0)), Stop::Forced(1));
        // The bottom row going east has no walls beside it: the ring ends it.
        assert_eq!(fast_scan(&bits, Pos::new(0, 2), (1, 0)), Stop::Wall(7));
    }

    proptest! {
        #[test]
        fn scans_find_what_cell_by_cell_reading_finds(
            (width, height, walls) in (1usize..150, 1usize..90).prop_flat_map(|(w, h)| {
                (Just(w), Just(h), proptest::collection::vec(prop::bool::weighted(0.1), w * h))
            }),
            picks in proptest::collection::vec((any::<u32>(), any::<u32>(), 0usize..4), 20),
            changes in proptest::collection::vec((any::<u32>(), any::<u32>(), any::<bool>()), 0..30),
        ) {
            let mut grid = Grid::from_fn(width, height, Movement::default(), |x, y| {
                (!walls[y as usize * width + x as usize]).then_some(1.0)
            }).unwrap();
            let mut bits = PassableBits::default();
            bits.sync(&grid);
            // Changes after the first copy are caught up cell by cell.
            for (cx, cy, open) in changes {
                let pos = Pos::new((cx as usize % width) as i32, (cy as usize % height) as i32);
                grid.set_cost(pos, open.then_some(1.0)).unwrap();
            }
            bits.sync(&grid);
            for (px, py, direction) in picks {
                let from = Pos::new((px as usize % width) as i32, (py as usize % height) as i32);
                if !grid.is_passable(from) {
                    continue;
                }
                let step = [(1, 0), (-1, 0), (0, 1), (0, -1)][direction];
                prop_assert_eq!(
                    fast_scan(&bits, from, step),
                    slow_scan(&grid, from, step),
                    "from {} step {:?}", from, step
                );
            }
        }
    }
}
