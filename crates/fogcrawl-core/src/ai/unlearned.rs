//! Where a faction could still learn something by looking: the cells it
//! could see from somewhere whose terrain it does not know, or knows wrong,
//! counted per block of the level.
//!
//! A look around changes a faction's beliefs only where it sees a cell it
//! believes wrong. Shadowcasting reveals a cell only if it is transparent
//! or touches a transparent cell (the scan reaches a row only through the
//! transparent cells of the row before it), so a look from `at` can teach
//! nothing when no such cell within `radius` of `at` is believed wrong. On
//! a big level most members wander where their faction has looked before:
//! their views are skipped, and the faction learns exactly what it would
//! have learned from them (nothing). Only the overlay's "last seen" times
//! of those cells are not refreshed.
//!
//! This is the engine keeping its own books, like a cache: it reads the
//! true level to know where a look would be wasted, and the faction's
//! beliefs still come only from sight.

use crate::world::Level;
use gridpath::{GridShape, Pos};

use super::knowledge::FactionKnowledge;

/// Side of a counting block, in cells.
const BLOCK: usize = 16;

#[derive(Debug, Clone, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub(crate) struct Unlearned {
    shape: GridShape,
    /// A bit per cell: seeable and believed wrong.
    cells: Vec<u64>,
    /// How many such cells each block holds.
    blocks: Vec<u32>,
    blocks_wide: usize,
}

impl Unlearned {
    /// Whether the books were built (they are built on a faction's first
    /// look, and after a load).
    pub(crate) fn is_built(&self) -> bool {
        !self.cells.is_empty()
    }

    /// Counts every cell of `level` the faction could still learn.
    pub(crate) fn build(level: &Level, knowledge: &FactionKnowledge) -> Self {
        let (width, height) = (level.width(), level.height());
        let blocks_wide = width.div_ceil(BLOCK);
        let mut unlearned = Self {
            shape: GridShape::new(width, height),
            cells: vec![0; (width * height).div_ceil(64)],
            blocks: vec![0; blocks_wide * height.div_ceil(BLOCK)],
            blocks_wide,
        };
        // What `recheck` would find of each cell, 64 cells to a word (every
        // faction builds these books for a whole level as it enters it): a
        // cell is wrong where it is seeable (a cell of the 3x3 square
        // around it is transparent) and not believed as it is. Sizes that
        // disagree (a damaged save) are checked cell by cell.
        if level.cells().len() != width * height
            || width == 0
            || (knowledge.width(), knowledge.height()) != (width, height)
            || knowledge.beliefs().len() != width * height
        {
            for pos in level.positions() {
                unlearned.recheck(level, knowledge, pos);
            }
            return unlearned;
        }
        let (cells, beliefs) = (level.cells(), knowledge.beliefs());
        // 1. The seeable cells, 64 to a word: a row's transparent cells
        // spread a cell sideways, then the rows above and below are added.
        let row_words = width.div_ceil(64);
        let mut near: Vec<u64> = Vec::with_capacity(row_words * height);
        for row in cells.chunks(width) {
            let start = near.len();
            near.extend(row.chunks(64).map(|chunk| {
                chunk.iter().enumerate().fold(0u64, |bits, (bit, t)| {
                    bits | u64::from(!t.is_opaque()) << bit
                })
            }));
            let clear = near[start..].to_vec();
            for (w, word) in near[start..].iter_mut().enumerate() {
                let from_left = clear[w] << 1 | w.checked_sub(1).map_or(0, |l| clear[l] >> 63);
                let from_right = clear[w] >> 1 | clear.get(w + 1).map_or(0, |r| r << 63);
                *word = clear[w] | from_left | from_right;
            }
            // Nothing past the row's end.
            if width % 64 != 0 {
                near[start + row_words - 1] &= (1u64 << (width % 64)) - 1;
            }
        }
        // 2. Into the linear bits (row y starts at bit y * width), the rows
        // above and below taken in.
        for y in 0..height {
            let row = |y: usize| &near[y * row_words..(y + 1) * row_words];
            for w in 0..row_words {
                let mut bits = row(y)[w];
                if y > 0 {
                    bits |= row(y - 1)[w];
                }
                if y + 1 < height {
                    bits |= row(y + 1)[w];
                }
                let first = y * width + w * 64;
                let (word, shift) = (first / 64, first % 64);
                unlearned.cells[word] |= bits << shift;
                if shift != 0
                    && let Some(next) = unlearned.cells.get_mut(word + 1)
                {
                    *next |= bits >> (64 - shift);
                }
            }
        }
        // 3. Cells believed as they are teach nothing.
        for (index, (belief, truth)) in beliefs.iter().zip(cells).enumerate() {
            if *belief == Some(*truth) {
                unlearned.cells[index / 64] &= !(1u64 << (index % 64));
            }
        }
        // 4. Each block's count, a row's 16 bits at a time.
        let bits_at = |from: usize, count: usize| -> u32 {
            let (word, shift) = (from / 64, from % 64);
            let mut bits = unlearned.cells[word] >> shift;
            if shift + count > 64 {
                bits |= unlearned.cells[word + 1] << (64 - shift);
            }
            (bits & ((1u64 << count) - 1)).count_ones()
        };
        let mut blocks = vec![0u32; unlearned.blocks.len()];
        for y in 0..height {
            let block_row = (y / BLOCK) * blocks_wide;
            for (bx, count) in blocks[block_row..block_row + blocks_wide]
                .iter_mut()
                .enumerate()
            {
                let x = bx * BLOCK;
                *count += bits_at(y * width + x, BLOCK.min(width - x));
            }
        }
        unlearned.blocks = blocks;
        unlearned
    }

    /// The faction saw the truth at `pos`: nothing is left to learn there.
    pub(crate) fn learned(&mut self, pos: Pos) {
        self.set(pos, false);
    }

    /// The terrain at `pos` changed: it and its neighbours are counted again
    /// (a door that opens lets its neighbours be seen; one that closes may
    /// hide them).
    pub(crate) fn terrain_changed(
        &mut self,
        level: &Level,
        knowledge: &FactionKnowledge,
        pos: Pos,
    ) {
        if !self.is_built() {
            return;
        }
        for dy in -1..=1 {
            for dx in -1..=1 {
                self.recheck(level, knowledge, Pos::new(pos.x + dx, pos.y + dy));
            }
        }
    }

    /// Whether a look from `at` within `radius` cannot change what the
    /// faction believes. Conservative: whole blocks are checked.
    pub(crate) fn nothing_near(&self, at: Pos, radius: u32) -> bool {
        if !self.is_built() {
            return false;
        }
        let r = i64::from(radius);
        let clamp = |v: i64, side: usize| v.clamp(0, side as i64 - 1) as usize;
        let (width, height) = (self.shape.width(), self.shape.height());
        let (x0, x1) = (
            clamp(i64::from(at.x) - r, width),
            clamp(i64::from(at.x) + r, width),
        );
        let (y0, y1) = (
            clamp(i64::from(at.y) - r, height),
            clamp(i64::from(at.y) + r, height),
        );
        (y0 / BLOCK..=y1 / BLOCK).all(|by| {
            (x0 / BLOCK..=x1 / BLOCK).all(|bx| self.blocks[by * self.blocks_wide + bx] == 0)
        })
    }

    /// Whether seeing `pos` could change the faction's belief there: the
    /// books hold it as believed wrong, or were never built. A cell a look
    /// reveals is seeable, so when this is false the faction already
    /// believes its truth.
    pub(crate) fn may_teach(&self, pos: Pos) -> bool {
        if !self.is_built() {
            return true;
        }
        self.shape.index(pos).is_none_or(|index| {
            self.cells
                .get(index / 64)
                .is_none_or(|word| word & (1u64 << (index % 64)) != 0)
        })
    }

    /// Sets the bit of `pos` to whether it is seeable and believed wrong.
    fn recheck(&mut self, level: &Level, knowledge: &FactionKnowledge, pos: Pos) {
        let Some(truth) = level.terrain_at(pos) else {
            return;
        };
        let wrong = knowledge.belief(pos) != Some(truth) && seeable(level, pos);
        self.set(pos, wrong);
    }

    fn set(&mut self, pos: Pos, wrong: bool) {
        let Some(index) = self.shape.index(pos).filter(|_| self.is_built()) else {
            return;
        };
        // On the level, so both coordinates are at least 0.
        let (x, y) = (pos.x as usize, pos.y as usize);
        let (word, bit) = (index / 64, 1u64 << (index % 64));
        let was = self.cells[word] & bit != 0;
        if was == wrong {
            return;
        }
        let block = (y / BLOCK) * self.blocks_wide + x / BLOCK;
        if wrong {
            self.cells[word] |= bit;
            self.blocks[block] += 1;
        } else {
            self.cells[word] &= !bit;
            self.blocks[block] -= 1;
        }
    }
}

/// Whether any look could reveal `pos`: it is transparent, or touches a
/// transparent cell.
fn seeable(level: &Level, pos: Pos) -> bool {
    (-1..=1).any(|dy| (-1..=1).any(|dx| !level.is_opaque(Pos::new(pos.x + dx, pos.y + dy))))
}

#[cfg(test)]
mod tests {
    use rand::{RngExt, SeedableRng};
    use rand_chacha::ChaCha8Rng;

    use super::*;
    use crate::world::fov::{Fov, VisibleSet};
    use crate::world::{Level, Terrain, level};

    fn level(rows: &[&str]) -> Level {
        level::text::parse(&rows.join("\n")).expect("fixture")
    }

    /// Knows what a look from each cell shows, then checks that every
    /// floor cell is then reported as having nothing left to learn, and
    /// that a wall hidden in rock is never counted.
    #[test]
    fn a_faction_that_has_looked_everywhere_has_nothing_left_to_learn() {
        let level = level(&[
            "##########",
            "#@...#...#",
            "#....#...#",
            "#....+...#",
            "##########",
            "##########",
        ]);
        let mut knowledge = FactionKnowledge::new(level.width(), level.height());
        let mut unlearned = Unlearned::build(&level, &knowledge);
        assert!(!unlearned.nothing_near(Pos::new(2, 2), 3));
        let (mut fov, mut seen) = (Fov::new(), VisibleSet::new());
        for pos in level.positions() {
            if level.terrain_at(pos) != Some(Terrain::Floor) {
                continue;
            }
            fov.compute_into(&level, pos, 20, &mut seen);
            for &cell in seen.cells() {
                let truth = level.terrain_at(cell).expect("in bounds");
                knowledge.observe(cell, truth, 0.0);
                unlearned.learned(cell);
            }
        }
        // The bottom row of rock touches no transparent cell: never seen,
        // never counted.
        assert_eq!(knowledge.belief(Pos::new(4, 5)), None);
        assert!(unlearned.nothing_near(Pos::new(2, 2), 3));
        assert_eq!(unlearned, Unlearned::build(&level, &knowledge));
    }

    /// Every cell any look reveals is counted while unknown: the claim the
    /// skip rests on, checked on a cave with pillars and doors.
    #[test]
    fn every_cell_a_look_can_reveal_is_counted_until_known() {
        let level = level(&[
            "############",
            "#@.#.....#.#",
            "#.##.#.#.+.#",
            "#....#...#.#",
            "#.#..+.#...#",
            "#...#....#.#",
            "############",
        ]);
        let knowledge = FactionKnowledge::new(level.width(), level.height());
        let unlearned = Unlearned::build(&level, &knowledge);
        let (mut fov, mut seen) = (Fov::new(), VisibleSet::new());
        for pos in level.positions() {
            if level.is_opaque(pos) {
                continue;
            }
            fov.compute_into(&level, pos, 30, &mut seen);
            for &cell in seen.cells() {
                let index = level.index(cell).expect("a revealed cell is on the level");
                assert!(
                    unlearned.cells[index / 64] & (1 << (index % 64)) != 0,
                    "{cell:?} seen from {pos:?} but not counted"
                );
            }
        }
    }

    /// What checking each cell of `level` one by one counts, in books the
    /// shape of `like`.
    fn checked_cell_by_cell(
        like: &Unlearned,
        level: &Level,
        knowledge: &FactionKnowledge,
    ) -> Unlearned {
        let mut checked = Unlearned {
            shape: like.shape,
            cells: vec![0; like.cells.len()],
            blocks: vec![0; like.blocks.len()],
            blocks_wide: like.blocks_wide,
        };
        for pos in level.positions() {
            checked.recheck(level, knowledge, pos);
        }
        checked
    }

    /// The word-by-word build counts what checking each cell counts, edges
    /// and corners included, on levels of every width around a word's 64
    /// cells, with part of the level known (some of it wrongly).
    #[test]
    fn the_build_counts_what_checking_every_cell_counts_on_random_levels() {
        let mut rng = ChaCha8Rng::seed_from_u64(27);
        let kinds = [
            Terrain::Floor,
            Terrain::Wall,
            Terrain::ClosedDoor,
            Terrain::Grass,
        ];
        for case in 0..120 {
            let (width, height) = (rng.random_range(1..=150), rng.random_range(1..=40));
            let mut level = Level::filled(width, height, Terrain::Wall);
            let mut knowledge = FactionKnowledge::new(width, height);
            for pos in level.positions().collect::<Vec<_>>() {
                let truth = kinds[rng.random_range(0..kinds.len())];
                level.set(pos, truth);
                match rng.random_range(0..6) {
                    0 => knowledge.observe(pos, truth, 0.0),
                    1 => knowledge.observe(pos, Terrain::Floor, 0.0),
                    _ => false,
                };
            }
            let built = Unlearned::build(&level, &knowledge);
            let checked = checked_cell_by_cell(&built, &level, &knowledge);
            assert_eq!(built, checked, "case {case}: {width}x{height}");
        }
    }

    #[test]
    fn the_build_counts_what_checking_every_cell_counts() {
        let level = level(&[
            ".#..##.#.",
            "##.#..###",
            "#@.#.+.#.",
            "#########",
            "########.",
            ".##.#.#..",
        ]);
        let mut knowledge = FactionKnowledge::new(level.width(), level.height());
        for (i, pos) in level.positions().enumerate() {
            let truth = level.terrain_at(pos).expect("in bounds");
            match i % 5 {
                0 => knowledge.observe(pos, truth, 0.0),
                1 => knowledge.observe(pos, Terrain::Floor, 0.0),
                _ => false,
            };
        }
        let built = Unlearned::build(&level, &knowledge);
        let checked = checked_cell_by_cell(&built, &level, &knowledge);
        assert!(checked.cells.iter().any(|&word| word != 0));
        assert_eq!(built, checked);
    }

    #[test]
    fn a_door_that_opens_counts_its_neighbours_again() {
        let mut level = level(&["#####", "#@+.#", "#####"]);
        let mut knowledge = FactionKnowledge::new(level.width(), level.height());
        for pos in level.positions() {
            let truth = level.terrain_at(pos).expect("in bounds");
            knowledge.observe(pos, truth, 0.0);
        }
        let mut unlearned = Unlearned::build(&level, &knowledge);
        assert!(unlearned.nothing_near(Pos::new(1, 1), 5));
        level.set(Pos::new(2, 1), Terrain::OpenDoor);
        unlearned.terrain_changed(&level, &knowledge, Pos::new(2, 1));
        assert!(!unlearned.nothing_near(Pos::new(1, 1), 5));
        knowledge.observe(Pos::new(2, 1), Terrain::OpenDoor, 1.0);
        unlearned.learned(Pos::new(2, 1));
        assert!(unlearned.nothing_near(Pos::new(1, 1), 5));
        assert_eq!(unlearned, Unlearned::build(&level, &knowledge));
    }
}
