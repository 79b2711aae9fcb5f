//! The picture's colours and what they mean: terrain shaded by its cost, the
//! fog over unseen cells, closed cells shaded by expansion order, the frontier,
//! the two paths and the two ends.
//!
//! Chosen for a light page: warm ground that darkens as it gets dearer, a
//! yellow-to-orange ramp for the search, cool colours for the frontier and the
//! paths so they stand out from it, and a disc and a square for start and
//! goal so the ends differ by shape as well as by colour.

use fogcrawl_core::{CostProfile, Terrain};

use super::colour::Rgb;

/// The page behind everything.
pub(crate) const BACKGROUND: Rgb = Rgb::hex(0xfbfaf5);
/// Text.
pub(crate) const INK: Rgb = Rgb::hex(0x1f2430);
/// Impassable cells (walls, and deep water for a walker).
pub(crate) const WALL: Rgb = Rgb::hex(0x2f3340);
/// The cheapest ground (road).
pub(crate) const CHEAPEST_GROUND: Rgb = Rgb::hex(0xf4f1e4);
/// The dearest ground (swamp).
pub(crate) const DEAREST_GROUND: Rgb = Rgb::hex(0x8d7650);
/// What unseen cells are tinted towards, and how far: enough to set them apart,
/// little enough that unseen walls stay darker than unseen ground.
pub(crate) const FOG: Rgb = Rgb::hex(0x9fb0cc);
pub(crate) const FOG_AMOUNT: f64 = 0.45;
/// The first cell expanded: a saturated yellow, far from the beige ground
/// and the blue-grey fog (a pale yellow read as ground).
pub(crate) const FIRST_CLOSED: Rgb = Rgb::hex(0xffcf1f);
/// The last cell expanded.
pub(crate) const LAST_CLOSED: Rgb = Rgb::hex(0xe8622c);
/// How many shades the expansion order is cut into: few enough that neighbouring
/// cells share a shade (so they merge into few SVG rectangles), enough to read
/// the order at a glance.
pub(crate) const CLOSED_SHADES: usize = 12;
/// Came-from arrows, from a searched cell toward its parent.
pub(crate) const CAME_FROM: Rgb = Rgb::hex(0x4a3b2a);
/// Came-from arrows under printed numbers: pale, so the digits read.
pub(crate) const CAME_FROM_UNDER_NUMBERS: Rgb = Rgb::hex(0xfff4dc);
/// Cells on the open list when the search ended.
pub(crate) const FRONTIER: Rgb = Rgb::hex(0x6fcdbf);
/// Searched cells that are really impassable (the planner had not seen them):
/// their shade is pulled this far towards [`WALL`].
pub(crate) const HIDDEN_WALL_AMOUNT: f64 = 0.6;
/// The path the search returned: a wide, bright blue...
pub(crate) const RAW_PATH: Rgb = Rgb::hex(0x1e7bf0);
/// ...and the string-pulled path, a narrow dark magenta, so where the two run
/// together the smoothed one shows as a core inside the raw one.
pub(crate) const SMOOTHED_PATH: Rgb = Rgb::hex(0x9d0a6e);
/// The start marker.
pub(crate) const START: Rgb = Rgb::hex(0x16a34a);
/// The hierarchy's cluster borders: thin grey-blue lines.
pub(crate) const CLUSTER_BORDER: Rgb = Rgb::hex(0x5b6b8c);
/// The hierarchy's entrances (coarse nodes).
pub(crate) const ENTRANCE: Rgb = Rgb::hex(0x3a4a6b);
/// The hierarchy's coarse path, over the refined one.
pub(crate) const COARSE_PATH: Rgb = Rgb::hex(0x0f9d8a);
/// The goal marker.
pub(crate) const GOAL: Rgb = Rgb::hex(0xdc2626);
/// Around markers, so they show on any cell.
pub(crate) const MARKER_OUTLINE: Rgb = Rgb::hex(0xffffff);

/// The shade of the cell expanded `rank`-th (0 first) of `total`, from
/// [`FIRST_CLOSED`] to [`LAST_CLOSED`] in [`CLOSED_SHADES`] steps.
#[must_use]
pub(crate) fn closed_shade(rank: usize, total: usize) -> Rgb {
    FIRST_CLOSED.mix(LAST_CLOSED, closed_step_fraction(rank, total))
}

/// Where `rank` of `total` falls on the shade ramp, cut to a step: 0 for the first
/// step, 1 for the last.
fn closed_step_fraction(rank: usize, total: usize) -> f64 {
    if total <= 1 {
        return 0.0;
    }
    let last_step = CLOSED_SHADES - 1;
    let step = rank.min(total - 1) * CLOSED_SHADES / total;
    step.min(last_step) as f64 / last_step as f64
}

/// Every closed shade, first to last (for the legend).
#[must_use]
pub(crate) fn closed_shades() -> Vec<Rgb> {
    (0..CLOSED_SHADES)
        .map(|step| FIRST_CLOSED.mix(LAST_CLOSED, step as f64 / (CLOSED_SHADES - 1) as f64))
        .collect()
}

/// An unseen cell's colour: `colour` under the fog.
#[must_use]
pub(crate) fn fogged(colour: Rgb) -> Rgb {
    colour.mix(FOG, FOG_AMOUNT)
}

/// A searched cell's colour where the cell is really impassable.
#[must_use]
pub(crate) fn over_hidden_wall(colour: Rgb) -> Rgb {
    colour.mix(WALL, HIDDEN_WALL_AMOUNT)
}

/// Terrain shaded by its cost for one traveller: the cheapest passable terrain
/// lightest, the dearest darkest, on a log scale (so halving and doubling a cost
/// look like steps of the same size), impassable terrain `WALL`.
#[derive(Debug, Clone, PartialEq)]
pub struct CostShading {
    profile: CostProfile,
    cheapest: f64,
    dearest: f64,
}

impl CostShading {
    /// The shading for `profile`'s passable terrains.
    #[must_use]
    pub(crate) fn new(profile: &CostProfile) -> Self {
        let costs = Terrain::ALL.iter().filter_map(|&t| profile.cost(t));
        let (cheapest, dearest) = costs.fold((f64::INFINITY, 0.0_f64), |(low, high), cost| {
            (low.min(cost), high.max(cost))
        });
        Self {
            profile: profile.clone(),
            cheapest,
            dearest,
        }
    }

    /// The shading for the passable terrains `level` holds: the legend's
    /// range is then the pictured grid's, not every terrain's (a map where
    /// every cell costs 1 says so).
    #[must_use]
    pub fn for_level(profile: &CostProfile, level: &fogcrawl_core::Level) -> Self {
        let mut present = [false; Terrain::ALL.len()];
        for &ground in level.cells() {
            if let Some(index) = Terrain::ALL.iter().position(|&t| t == ground) {
                present[index] = true;
            }
        }
        let costs = Terrain::ALL
            .iter()
            .zip(present)
            .filter(|&(_, here)| here)
            .filter_map(|(&t, _)| profile.cost(t));
        let (cheapest, dearest) = costs.fold((f64::INFINITY, 0.0_f64), |(low, high), cost| {
            (low.min(cost), high.max(cost))
        });
        if cheapest.is_finite() {
            Self {
                profile: profile.clone(),
                cheapest,
                dearest,
            }
        } else {
            Self::new(profile)
        }
    }

    /// The cheapest and dearest passable costs (for the legend).
    #[must_use]
    pub(crate) fn cost_range(&self) -> (f64, f64) {
        (self.cheapest, self.dearest)
    }

    /// The colour of a cell that costs `cost` to enter (`None`: impassable).
    #[must_use]
    pub(crate) fn colour_of_cost(&self, cost: Option<f64>) -> Rgb {
        let Some(cost) = cost else { return WALL };
        let span = (self.dearest / self.cheapest).ln();
        let position = if span.is_finite() && span > 0.0 {
            (cost / self.cheapest).ln() / span
        } else {
            0.0
        };
        CHEAPEST_GROUND.mix(DEAREST_GROUND, position)
    }

    /// The colour of `terrain` for this traveller.
    #[must_use]
    pub(crate) fn colour_of(&self, terrain: Terrain) -> Rgb {
        self.colour_of_cost(self.profile.cost(terrain))
    }

    /// Whether this traveller cannot enter `terrain` (it is drawn as [`WALL`]).
    #[must_use]
    pub(crate) fn is_impassable(&self, terrain: Terrain) -> bool {
        !self.profile.is_passable(terrain)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_expansion_order_runs_from_first_to_last_shade() {
        assert_eq!(closed_shade(0, 100), FIRST_CLOSED);
        assert_eq!(closed_shade(99, 100), LAST_CLOSED);
        assert_eq!(closed_shade(0, 1), FIRST_CLOSED, "a lone cell");
        let shades: std::collections::BTreeSet<Rgb> =
            (0..1000).map(|rank| closed_shade(rank, 1000)).collect();
        assert_eq!(shades.len(), CLOSED_SHADES);
        assert_eq!(closed_shades().len(), CLOSED_SHADES);
        assert!(
            (0..1000).all(|rank| closed_shades().contains(&closed_shade(rank, 1000))),
            "the legend shows every shade a cell can have"
        );
    }

    #[test]
    fn dearer_ground_is_darker_and_walls_darkest() {
        let shading = CostShading::new(&CostProfile::default());
        assert_eq!(shading.cost_range(), (0.5, 4.0));
        let brightness =
            |colour: Rgb| u32::from(colour.red) + u32::from(colour.green) + u32::from(colour.blue);
        let order = [
            Terrain::Road,
            Terrain::Floor,
            Terrain::Mud,
            Terrain::Swamp,
            Terrain::Wall,
        ];
        for pair in order.windows(2) {
            assert!(
                brightness(shading.colour_of(pair[0])) > brightness(shading.colour_of(pair[1])),
                "{} should be lighter than {}",
                pair[0],
                pair[1]
            );
        }
        assert_eq!(shading.colour_of(Terrain::Road), CHEAPEST_GROUND);
        assert_eq!(shading.colour_of(Terrain::Swamp), DEAREST_GROUND);
        assert_eq!(shading.colour_of(Terrain::DeepWater), WALL);
        assert!(shading.is_impassable(Terrain::DeepWater));
        assert!(!shading.is_impassable(Terrain::ClosedDoor));
    }

    #[test]
    fn fog_and_hidden_walls_change_a_colour() {
        assert_ne!(fogged(CHEAPEST_GROUND), CHEAPEST_GROUND);
        assert_ne!(over_hidden_wall(FIRST_CLOSED), FIRST_CLOSED);
    }
}
