//! Which cells of a level block sight, a bit per cell, kept twice: along
//! rows and along columns.
//!
//! Field of view reads walls a row (or column) segment at a time. Read
//! from the level's cells that is a byte and a terrain look-up per cell,
//! and on a big level a cache miss per row; here a segment of up to 64
//! cells is one or two words, and the whole map of a 1024x1024 level is
//! 128 KB each way, small enough to stay in cache between views.

use crate::world::Terrain;

/// The opaque cells of a `width x height` level.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct OpacityBits {
    width: usize,
    height: usize,
    /// Row-major: row `y` is words `y * row_words ..`, bit `x % 64` of
    /// word `x / 64`.
    rows: Vec<u64>,
    row_words: usize,
    /// Column-major: column `x` is words `x * column_words ..`, bit
    /// `y % 64` of word `y / 64`.
    columns: Vec<u64>,
    column_words: usize,
}

impl OpacityBits {
    /// The opacity of `cells`, a `width x height` level in row-major order.
    pub(crate) fn new(width: usize, height: usize, cells: &[Terrain]) -> Self {
        let row_words = width.div_ceil(64);
        let column_words = height.div_ceil(64);
        let mut bits = Self {
            width,
            height,
            rows: vec![0; row_words * height],
            row_words,
            columns: vec![0; column_words * width],
            column_words,
        };
        // A cell missing from a short (damaged) store blocks sight, as an
        // off-grid cell does.
        for index in 0..width * height {
            if cells.get(index).is_none_or(|terrain| terrain.is_opaque()) {
                bits.set(index % width, index / width, true);
            }
        }
        bits
    }

    /// Marks the cell `(x, y)` opaque or not.
    pub(crate) fn set(&mut self, x: usize, y: usize, opaque: bool) {
        if x >= self.width || y >= self.height {
            return;
        }
        let row_word = &mut self.rows[y * self.row_words + x / 64];
        let column_word = &mut self.columns[x * self.column_words + y / 64];
        if opaque {
            *row_word |= 1 << (x % 64);
            *column_word |= 1 << (y % 64);
        } else {
            *row_word &= !(1 << (x % 64));
            *column_word &= !(1 << (y % 64));
        }
    }

    /// The opacity of `count` (1 to 64) cells in a line from `(x, y)`, a
    /// step of `(step_x, step_y)` (one of them 0, the other 1 or -1) at a
    /// time: bit `i` is the `i`-th cell. Every cell must be on the level.
    #[inline]
    pub(crate) fn run(&self, x: usize, y: usize, step_x: i32, step_y: i32, count: u32) -> u64 {
        let (line, along, forward) = if step_y == 0 {
            (
                &self.rows[y * self.row_words..][..self.row_words],
                x,
                step_x > 0,
            )
        } else {
            (
                &self.columns[x * self.column_words..][..self.column_words],
                y,
                step_y > 0,
            )
        };
        if forward {
            window(line, along, count)
        } else {
            // The cells `along - count + 1 ..= along`, read back to front.
            let first = along + 1 - count as usize;
            window(line, first, count).reverse_bits() >> (64 - count)
        }
    }
}

/// A level's [`OpacityBits`], made on first use and kept in step as its
/// cells change. Derived from the cells, so never saved, and two caches
/// always compare equal (whether one was made yet says nothing of the
/// level).
#[derive(Debug, Clone, Default)]
pub(crate) struct OpacityCache(std::sync::OnceLock<OpacityBits>);

impl OpacityCache {
    /// The bits, made from `cells` if not yet.
    pub(crate) fn get_or_make(
        &self,
        width: usize,
        height: usize,
        cells: &[Terrain],
    ) -> &OpacityBits {
        self.0
            .get_or_init(|| OpacityBits::new(width, height, cells))
    }

    /// The bits, if made, to keep in step with a change.
    pub(crate) fn made_mut(&mut self) -> Option<&mut OpacityBits> {
        self.0.get_mut()
    }
}

impl PartialEq for OpacityCache {
    fn eq(&self, _: &Self) -> bool {
        true
    }
}

/// Bits `first .. first + count` of the bit string `line` (count 1 to 64,
/// all within the line), as the low bits of a word.
#[inline]
fn window(line: &[u64], first: usize, count: u32) -> u64 {
    let (word, shift) = (first / 64, first % 64);
    let mut bits = line[word] >> shift;
    if shift != 0
        && shift + count as usize > 64
        && let Some(&next) = line.get(word + 1)
    {
        bits |= next << (64 - shift);
    }
    bits & (u64::MAX >> (64 - count))
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::*;

    fn cells(width: usize, height: usize, walls: &[bool]) -> Vec<Terrain> {
        (0..width * height)
            .map(|i| {
                if walls[i] {
                    Terrain::Wall
                } else {
                    Terrain::Floor
                }
            })
            .collect()
    }

    /// What `run` must answer, read cell by cell.
    fn slow_run(
        walls: &[bool],
        width: usize,
        (x, y): (usize, usize),
        (step_x, step_y): (i32, i32),
        count: u32,
    ) -> u64 {
        (0..count).fold(0, |bits, i| {
            let cx = x as i64 + i64::from(step_x) * i64::from(i);
            let cy = y as i64 + i64::from(step_y) * i64::from(i);
            bits | u64::from(walls[cy as usize * width + cx as usize]) << i
        })
    }

    proptest! {
        #[test]
        fn runs_read_what_the_cells_say(
            (width, height, walls) in (1usize..150, 1usize..150).prop_flat_map(|(w, h)| {
                (Just(w), Just(h), proptest::collection::vec(any::<bool>(), w * h))
            }),
            picks in proptest::collection::vec((any::<u32>(), any::<u32>(), 0usize..4, 1u32..65), 20),
        ) {
            let bits = OpacityBits::new(width, height, &cells(width, height, &walls));
            for (px, py, direction, count) in picks {
                let (x, y) = (px as usize % width, py as usize % height);
                let (step_x, step_y) = [(1, 0), (-1, 0), (0, 1), (0, -1)][direction];
                // As many cells as fit before the edge, up to `count`.
                let room = match (step_x, step_y) {
                    (1, _) => width - x,
                    (-1, _) => x + 1,
                    (_, 1) => height - y,
                    _ => y + 1,
                };
                let count = count.min(room as u32);
                prop_assert_eq!(
                    bits.run(x, y, step_x, step_y, count),
                    slow_run(&walls, width, (x, y), (step_x, step_y), count),
                    "from ({}, {}) step ({}, {}) count {}", x, y, step_x, step_y, count
                );
            }
        }
    }

    #[test]
    fn a_cell_set_open_or_opaque_reads_so_both_ways() {
        let mut bits = OpacityBits::new(70, 3, &cells(70, 3, &[false; 210]));
        bits.set(65, 2, true);
        assert_eq!(bits.run(60, 2, 1, 0, 10), 1 << 5);
        assert_eq!(bits.run(65, 0, 0, 1, 3), 0b100);
        assert_eq!(bits.run(65, 2, 0, -1, 3), 0b001);
        bits.set(65, 2, false);
        assert_eq!(bits.run(60, 2, 1, 0, 10), 0);
        bits.set(70, 0, true);
        assert_eq!(bits, OpacityBits::new(70, 3, &cells(70, 3, &[false; 210])));
    }
}
