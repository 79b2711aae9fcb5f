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

#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Unlearned {
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
    pub fn is_built(&self) -> bool {
        !self.cells.is_empty()
    }

    /// Counts every cell of `level` the faction could still learn.
    pub fn build(level: &Level, knowledge: &FactionKnowledge) -> Self {
        let (width, height) = (level.width(), level.height());
        let blocks_wide = width.div_ceil(BLOCK);
        let mut unlearned = Self {
            shape: GridShape::new(width, height),
            cells: vec![0; (width * height).div_ceil(64)],
            blocks: vec![0; blocks_wide * height.div_ceil(BLOCK)],
            blocks_wide,
        };
        // Row by row, as `recheck` would find each cell (every faction
        // builds these books for a whole level on its first look): a cell
        // is seeable when a cell of the 3x3 square around it is
        // transparent, so each row keeps which of its cells have a
        // transparent cell beside them or on them, and three such rows
        // answer for the middle one.
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
        // Whether each cell of row `y` has a transparent cell beside it or
        // on it, written into `row` (three rows kept, none allocated per
        // row).
        let clear_beside = |y: usize, row: &mut [bool]| {
            let terrain = &cells[y * width..(y + 1) * width];
            for (x, near) in row.iter_mut().enumerate() {
                let (from, to) = (x.saturating_sub(1), (x + 1).min(width - 1));
                *near = terrain[from..=to].iter().any(|t| !t.is_opaque());
            }
        };
        let mut above = vec![false; width];
        let mut here = vec![false; width];
        let mut below = vec![false; width];
        clear_beside(0, &mut here);
        for y in 0..height {
            if y + 1 < height {
                clear_beside(y + 1, &mut below);
            } else {
                below.fill(false);
            }
            let block_row = (y / BLOCK) * blocks_wide;
            for x in 0..width {
                let index = y * width + x;
                if (above[x] || here[x] || below[x]) && beliefs[index] != Some(cells[index]) {
                    // Built from nothing: the bit is clear, so set and count it.
                    unlearned.cells[index / 64] |= 1u64 << (index % 64);
                    unlearned.blocks[block_row + x / BLOCK] += 1;
                }
            }
            std::mem::swap(&mut above, &mut here);
            std::mem::swap(&mut here, &mut below);
        }
        unlearned
    }

    /// The faction saw the truth at `pos`: nothing is left to learn there.
    pub fn learned(&mut self, pos: Pos) {
        self.set(pos, false);
    }

    /// The terrain at `pos` changed: it and its neighbours are counted again
    /// (a door that opens lets its neighbours be seen; one that closes may
    /// hide them).
    pub fn terrain_changed(&mut self, level: &Level, knowledge: &FactionKnowledge, pos: Pos) {
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
    pub fn nothing_near(&self, at: Pos, radius: u32) -> bool {
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
    pub fn may_teach(&self, pos: Pos) -> bool {
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
    use super::*;
    use crate::world::fov::{Fov, VisibleSet};
    use crate::world::{Level, Terrain, level_text};

    fn level(rows: &[&str]) -> Level {
        level_text::parse(&rows.join("\n")).expect("fixture")
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

    /// The row-by-row build counts what checking each cell counts, edges
    /// and corners included, with part of the level known (some of it
    /// wrongly).
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
        let mut checked = Unlearned {
            shape: built.shape,
            cells: vec![0; built.cells.len()],
            blocks: vec![0; built.blocks.len()],
            blocks_wide: built.blocks_wide,
        };
        for pos in level.positions() {
            checked.recheck(&level, &knowledge, pos);
        }
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
