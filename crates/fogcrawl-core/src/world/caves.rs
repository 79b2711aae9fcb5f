//! Caves by cellular automaton: random rock, then smoothing passes that grow
//! blobs of open floor.
//!
//! Each pass a cell becomes rock when at least [`ROCK_BIRTH`] of its 8 neighbours are
//! rock, floor when at most [`FLOOR_SURVIVAL`] are, and otherwise keeps its state. The
//! outer ring stays rock. It must never connect pockets, paint terrain or place
//! anything: the connectivity pass and the painter do that afterwards.

use rand::{Rng, RngExt};
use rayon::prelude::*;
use serde::Deserialize;

use super::{Level, Terrain};

/// A cell with at least this many rock neighbours (of 8) turns to rock.
pub(crate) const ROCK_BIRTH: u8 = 5;
/// A cell with at most this many rock neighbours (of 8) turns to floor.
pub(crate) const FLOOR_SURVIVAL: u8 = 3;

/// Parameters of the caves generator (`[generator.caves]` in a level file).
#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct CavesParams {
    /// Chance (0 to 1) that a cell starts as rock; about 0.45 gives open caverns.
    pub fill: f64,
    /// Smoothing passes of the automaton.
    pub smoothing: u32,
}

impl Default for CavesParams {
    fn default() -> Self {
        Self {
            fill: 0.45,
            smoothing: 4,
        }
    }
}

/// Fills `level` with a cave: every cell becomes wall or floor, the outer ring wall.
pub(crate) fn carve_caves(level: &mut Level, params: &CavesParams, rng: &mut impl Rng) {
    let (width, height) = (level.width(), level.height());
    if width < 3 || height < 3 {
        return;
    }
    let border = |x: usize, y: usize| x == 0 || y == 0 || x + 1 == width || y + 1 == height;
    let mut rock: Vec<bool> = (0..width * height)
        .map(|i| {
            let (x, y) = level.shape().column_row(i);
            border(x, y) || rng.random_bool(params.fill)
        })
        .collect();
    let mut next = rock.clone();
    for _ in 0..params.smoothing {
        smooth(&rock, &mut next, width);
        std::mem::swap(&mut rock, &mut next);
    }
    for (cell, is_rock) in level.cells_mut().iter_mut().zip(rock) {
        *cell = if is_rock {
            Terrain::Wall
        } else {
            Terrain::Floor
        };
    }
}

/// One step of the cellular automaton: each inner cell of `next` becomes
/// rock, floor or stays as it is in `rock` by the rock among its eight
/// neighbours. The border is never written (it is rock in both). Rows are
/// independent of each other, so they are worked side by side on all cores:
/// the result is the same as one row after another.
fn smooth(rock: &[bool], next: &mut [bool], width: usize) {
    let height = rock.len() / width;
    next.par_chunks_mut(width)
        .enumerate()
        .take(height - 1)
        .skip(1)
        .for_each(|(y, row)| {
            let above = &rock[(y - 1) * width..y * width];
            let here = &rock[y * width..(y + 1) * width];
            let below = &rock[(y + 1) * width..(y + 2) * width];
            // The rock in column x of the three rows, slid along the row.
            let column = |x: usize| u8::from(above[x]) + u8::from(here[x]) + u8::from(below[x]);
            let (mut left, mut middle) = (column(0), column(1));
            for x in 1..width - 1 {
                let right = column(x + 1);
                let rock_around = left + middle + right - u8::from(here[x]);
                row[x] = if rock_around >= ROCK_BIRTH {
                    true
                } else if rock_around <= FLOOR_SURVIVAL {
                    false
                } else {
                    here[x]
                };
                (left, middle) = (middle, right);
            }
        });
}

#[cfg(test)]
mod tests {
    use rand::SeedableRng;
    use rand_chacha::ChaCha8Rng;

    use super::*;
    use crate::world::Pos;

    #[test]
    fn caves_have_open_floor_and_a_solid_border() {
        let mut level = Level::filled(50, 30, Terrain::Wall);
        let mut rng = ChaCha8Rng::seed_from_u64(11);
        carve_caves(&mut level, &CavesParams::default(), &mut rng);
        let floor = level
            .cells()
            .iter()
            .filter(|&&t| t == Terrain::Floor)
            .count();
        assert!(floor > 50 * 30 / 4, "only {floor} floor cells");
        for y in 0..30 {
            assert_eq!(level.terrain_at(Pos::new(0, y)), Some(Terrain::Wall));
            assert_eq!(level.terrain_at(Pos::new(49, y)), Some(Terrain::Wall));
        }
    }
}
