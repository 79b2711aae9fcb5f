//! Noise painting: turns plain floor into coherent patches of water, swamp, mud and
//! grass, plus scattered rubble.
//!
//! Two fBm Perlin fields seeded from the level's RNG: "wetness" orders floor cells from
//! wettest (deep water, then shallow water, swamp, mud) and "growth" picks grass among
//! the rest. Thresholds are quantiles of the sampled values (fBm does not span -1..1),
//! so each `PaintParams` fraction is the share of floor cells that gets that terrain.
//! Only [`Terrain::Floor`] is painted: roads, doors and stairs keep their terrain. It
//! must never make cells unreachable on purpose nor fix connectivity; the connectivity
//! pass runs after it.

use noise::{Fbm, MultiFractal, NoiseFn, Perlin};
use rand::{Rng, RngExt};
use rayon::prelude::*;
use serde::Deserialize;

use super::{Level, Terrain};

/// fBm octaves: enough detail for ragged shores, few enough to stay fast.
pub(crate) const OCTAVES: usize = 4;
/// The growth field is finer-grained than wetness, so grass comes in smaller tufts.
pub(crate) const GROWTH_FREQUENCY_FACTOR: f64 = 1.7;
/// Noise is sampled on a lattice this many cells apart and interpolated between
/// (bilinear), which keeps 512x512 maps fast; the features are larger than the lattice.
pub(crate) const SAMPLE_STEP: usize = 2;

/// Parameters of the painter (`[generator.paint]` in a level file). Fractions are
/// shares of floor cells, from 0 to 1, and together at most 1.
#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct PaintParams {
    /// Noise frequency in cycles per cell: smaller means bigger patches.
    pub frequency: f64,
    /// Share of floor turned to deep water (impassable by default).
    pub deep_water: f64,
    /// Share of floor turned to shallow water.
    pub shallow_water: f64,
    /// Share of floor turned to swamp.
    pub swamp: f64,
    /// Share of floor turned to mud.
    pub mud: f64,
    /// Share of floor turned to grass.
    pub grass: f64,
    /// Chance for each remaining floor cell to become rubble.
    pub rubble: f64,
}

impl Default for PaintParams {
    fn default() -> Self {
        Self {
            frequency: 0.07,
            deep_water: 0.04,
            shallow_water: 0.06,
            swamp: 0.10,
            mud: 0.08,
            grass: 0.12,
            rubble: 0.02,
        }
    }
}

impl PaintParams {
    /// Total share of floor the wetness and growth fields claim.
    #[must_use]
    pub(crate) fn painted_share(&self) -> f64 {
        self.deep_water + self.shallow_water + self.swamp + self.mud + self.grass
    }
}

/// A noise field sampled on a coarse lattice and interpolated per cell.
struct Field {
    lattice: Vec<f64>,
    lattice_width: usize,
}

impl Field {
    fn new(width: usize, height: usize, frequency: f64, seed: u32) -> Self {
        let fbm = Fbm::<Perlin>::new(seed)
            .set_octaves(OCTAVES)
            .set_frequency(frequency);
        let lattice_width = width / SAMPLE_STEP + 2;
        let lattice_height = height / SAMPLE_STEP + 2;
        // Each point depends on its coordinates alone: rows are sampled side
        // by side on all cores, the same field as one after another.
        let mut lattice = vec![0.0; lattice_width * lattice_height];
        lattice
            .par_chunks_mut(lattice_width)
            .enumerate()
            .for_each(|(ly, row)| {
                for (lx, value) in row.iter_mut().enumerate() {
                    let (x, y) = ((lx * SAMPLE_STEP) as f64, (ly * SAMPLE_STEP) as f64);
                    *value = fbm.get([x, y]);
                }
            });
        Self {
            lattice,
            lattice_width,
        }
    }

    fn at(&self, x: usize, y: usize) -> f64 {
        let (lx, ly) = (x / SAMPLE_STEP, y / SAMPLE_STEP);
        let step = SAMPLE_STEP as f64;
        let (fx, fy) = (
            (x % SAMPLE_STEP) as f64 / step,
            (y % SAMPLE_STEP) as f64 / step,
        );
        let i = ly * self.lattice_width + lx;
        let top = self.lattice[i] * (1.0 - fx) + self.lattice[i + 1] * fx;
        let j = i + self.lattice_width;
        let bottom = self.lattice[j] * (1.0 - fx) + self.lattice[j + 1] * fx;
        top * (1.0 - fy) + bottom * fy
    }
}

/// The value below which the top `share` of `values` lies (descending quantile);
/// `f64::INFINITY` when the share rounds to no cell.
fn top_share_threshold(values: &mut [f64], share: f64) -> f64 {
    let count = (values.len() as f64 * share).round() as usize;
    if count == 0 || values.is_empty() {
        return f64::INFINITY;
    }
    let rank = count.min(values.len()) - 1;
    let (_, nth, _) = values.select_nth_unstable_by(rank, |a, b| b.total_cmp(a));
    *nth
}

/// Paints the floor of `level` as described in the module docs.
pub(crate) fn paint(level: &mut Level, params: &PaintParams, rng: &mut impl Rng) {
    let (width, height) = (level.width(), level.height());
    let wetness = Field::new(width, height, params.frequency, rng.random());
    let growth = Field::new(
        width,
        height,
        params.frequency * GROWTH_FREQUENCY_FACTOR,
        rng.random(),
    );
    let floor: Vec<usize> = (0..width * height)
        .filter(|&i| level.cells()[i] == Terrain::Floor)
        .collect();
    let shape = level.shape();
    let wet: Vec<f64> = floor
        .iter()
        .map(|&i| {
            let (x, y) = shape.column_row(i);
            wetness.at(x, y)
        })
        .collect();
    let mut scratch = wet.clone();
    let mut share = 0.0;
    let mut bands = Vec::new();
    for (terrain, part) in [
        (Terrain::DeepWater, params.deep_water),
        (Terrain::ShallowWater, params.shallow_water),
        (Terrain::Swamp, params.swamp),
        (Terrain::Mud, params.mud),
    ] {
        share += part;
        if part > 0.0 {
            bands.push((top_share_threshold(&mut scratch, share), terrain));
        }
    }
    let mut dry = Vec::with_capacity(floor.len());
    for (&i, &w) in floor.iter().zip(&wet) {
        match bands.iter().find(|(threshold, _)| w >= *threshold) {
            Some(&(_, terrain)) => level.cells_mut()[i] = terrain,
            None => dry.push(i),
        }
    }
    let mut lush: Vec<f64> = dry
        .iter()
        .map(|&i| {
            let (x, y) = shape.column_row(i);
            growth.at(x, y)
        })
        .collect();
    let grass_share = if dry.is_empty() {
        0.0
    } else {
        params.grass * floor.len() as f64 / dry.len() as f64
    };
    let grass_threshold = if params.grass > 0.0 {
        top_share_threshold(&mut lush.clone(), grass_share.min(1.0))
    } else {
        f64::INFINITY
    };
    for (&i, g) in dry.iter().zip(lush.iter_mut()) {
        if *g >= grass_threshold {
            level.cells_mut()[i] = Terrain::Grass;
        } else if params.rubble > 0.0 && rng.random_bool(params.rubble) {
            level.cells_mut()[i] = Terrain::Rubble;
        }
    }
}

#[cfg(test)]
mod tests {
    use rand::SeedableRng;
    use rand_chacha::ChaCha8Rng;

    use super::*;
    use crate::world::Pos;

    fn share_of(level: &Level, terrain: Terrain) -> f64 {
        let n = level.cells().iter().filter(|&&t| t == terrain).count();
        n as f64 / level.cells().len() as f64
    }

    #[test]
    fn shares_follow_the_parameters() {
        let mut level = Level::filled(100, 80, Terrain::Floor);
        let mut rng = ChaCha8Rng::seed_from_u64(5);
        let params = PaintParams::default();
        paint(&mut level, &params, &mut rng);
        for (terrain, want) in [
            (Terrain::DeepWater, params.deep_water),
            (Terrain::ShallowWater, params.shallow_water),
            (Terrain::Swamp, params.swamp),
            (Terrain::Mud, params.mud),
            (Terrain::Grass, params.grass),
        ] {
            let got = share_of(&level, terrain);
            assert!((got - want).abs() < 0.01, "{terrain}: {got} vs {want}");
        }
    }

    #[test]
    fn only_floor_is_painted() {
        let mut level = Level::filled(40, 20, Terrain::Road);
        let mut rng = ChaCha8Rng::seed_from_u64(5);
        paint(&mut level, &PaintParams::default(), &mut rng);
        assert!(level.cells().iter().all(|&t| t == Terrain::Road));
    }

    #[test]
    fn patches_are_coherent() {
        // Most swamp cells touch another swamp cell: patches, not salt and pepper.
        let mut level = Level::filled(100, 80, Terrain::Floor);
        let mut rng = ChaCha8Rng::seed_from_u64(9);
        paint(&mut level, &PaintParams::default(), &mut rng);
        let (mut swamp, mut clustered) = (0, 0);
        for y in 1..79 {
            for x in 1..99 {
                if level.terrain_at(Pos::new(x, y)) == Some(Terrain::Swamp) {
                    swamp += 1;
                    let near = [(x - 1, y), (x + 1, y), (x, y - 1), (x, y + 1)]
                        .iter()
                        .filter(|&&(nx, ny)| {
                            level.terrain_at(Pos::new(nx, ny)) == Some(Terrain::Swamp)
                        })
                        .count();
                    clustered += usize::from(near >= 2);
                }
            }
        }
        assert!(
            clustered * 10 > swamp * 7,
            "{clustered} of {swamp} swamp cells clustered"
        );
    }
}
