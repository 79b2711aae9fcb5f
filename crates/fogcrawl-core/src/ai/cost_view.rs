//! A faction's cost view: the engine grid it plans on, built only from its
//! knowledge (with the unknown-cell policy) and its influence maps, never
//! from the true level.
//!
//! cost(cell) = the faction's cost of the believed terrain (or the policy's
//! cost when unknown) + sum of weight x influence. Kept up to date cell by
//! cell from the knowledge's and influences' change lists.

use crate::ai::influence::InfluenceMap;
use crate::ai::knowledge::FactionKnowledge;
use crate::ai::known_hazards::KnownHazards;
use crate::config::{FactionConfig, UnknownCellPolicy};
use crate::world::{CostProfile, Terrain};
use gridpath::{Grid, GridError, GridShape, Movement, Pos};

/// Cost of a closed door for a faction that batters doors down: a few
/// blows' worth of time.
pub(crate) const BASH_DOOR_COST: f64 = 5.0;
/// Influence penalties reach the planning grid in steps of this size (an
/// eighth of a floor step): a fading layer then changes the grid only when
/// it crosses a step, not on every turn, so searches paused on the grid
/// rarely have to start over and the grid's change log stays short.
pub const PENALTY_STEP: f64 = 0.125;

/// The three influence layers of a faction, in a fixed order.
#[derive(Debug, Clone, Default, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct Influences {
    pub danger: InfluenceMap,
    pub crowding: InfluenceMap,
    pub threat: InfluenceMap,
    /// Cells the faction knows the player strewed with caltrops: each
    /// costs its extra on top of everything else (saved since format 4).
    #[serde(
        default,
        deserialize_with = "crate::save_version::since_format::<4, _, _>"
    )]
    pub hazards: KnownHazards,
}

impl Influences {
    pub fn new(width: usize, height: usize) -> Self {
        Self {
            danger: InfluenceMap::new(width, height),
            crowding: InfluenceMap::new(width, height),
            threat: InfluenceMap::new(width, height),
            hazards: KnownHazards::default(),
        }
    }

    /// Whether all three layers cover a `width x height` level (a damaged
    /// save may bring layers of other sizes).
    pub(crate) fn fit(&self, width: usize, height: usize) -> bool {
        [&self.danger, &self.crowding, &self.threat]
            .iter()
            .all(|layer| layer.shape() == GridShape::new(width, height))
    }
}

/// How a faction prices a cell.
#[derive(Debug, Clone, PartialEq)]
pub struct CostRules {
    pub profile: CostProfile,
    pub unknown: UnknownCellPolicy,
    pub weights: [f64; 3],
}

impl CostRules {
    pub(crate) fn from_config(config: &FactionConfig) -> Self {
        Self {
            profile: faction_profile(config),
            unknown: config.unknown_cells,
            weights: [
                config.influence.danger.weight,
                config.influence.crowding.weight,
                config.influence.threat.weight,
            ],
        }
    }

    /// The terrain part of a cell's cost, as the faction believes it.
    pub fn terrain_cost(&self, belief: Option<Terrain>) -> Option<f64> {
        match belief {
            Some(terrain) => self.profile.cost(terrain),
            None => match self.unknown {
                UnknownCellPolicy::Open => self.profile.cost(Terrain::Floor),
                UnknownCellPolicy::Blocked => None,
                UnknownCellPolicy::Cost(cost) => Some(cost),
            },
        }
    }

    /// What a cell's danger and the player's threat add to its cost (the
    /// crowding left out): how much a member would rather not stand there.
    pub(crate) fn avoidance(&self, influences: &Influences, pos: Pos) -> f64 {
        self.penalty_with_crowding(influences, pos, 0.0) + influences.hazards.extra(pos)
    }

    /// The influence penalty of a cell.
    pub fn penalty(&self, influences: &Influences, pos: Pos) -> f64 {
        self.penalty_with_crowding(influences, pos, layer_value(&influences.crowding, pos))
    }

    /// The penalty of a cell were its crowding `crowding` (a member's own
    /// share left out, say).
    fn penalty_with_crowding(&self, influences: &Influences, pos: Pos, crowding: f32) -> f64 {
        self.weights[0] * f64::from(layer_value(&influences.danger, pos))
            + self.weights[1] * f64::from(crowding)
            + self.weights[2] * f64::from(layer_value(&influences.threat, pos))
    }

    /// What the planning grid charges for a cell whose crowding is
    /// `crowding`: the believed terrain's cost plus the penalty in steps of
    /// [`PENALTY_STEP`].
    pub(crate) fn cost_with_crowding(
        &self,
        knowledge: &FactionKnowledge,
        influences: &Influences,
        pos: Pos,
        crowding: f32,
    ) -> Option<f64> {
        let penalty = self.penalty_with_crowding(influences, pos, crowding);
        self.terrain_cost(knowledge.belief(pos)).map(|c| {
            c + (penalty / PENALTY_STEP).round() * PENALTY_STEP + influences.hazards.extra(pos)
        })
    }

    /// `CostRules::cost_with_crowding` at the cell's own crowding, the
    /// same number to the bit, reading only the layers that can add
    /// anything: most cells a faction learns lie where no layer has a value
    /// (or its weight is 0), and looking them up there was a good part of
    /// pricing them. A skipped layer adds weight x 0 (weights and values are
    /// finite), and a zero penalty of either sign leaves the terrain cost
    /// as it is.
    /// Whether no influence layer adds to any cell's price: each layer is
    /// weighed 0 or holds nothing (the layers `CostRules::cost` skips).
    pub(crate) fn ignores(&self, influences: &Influences) -> bool {
        let layers = [&influences.danger, &influences.crowding, &influences.threat];
        self.weights
            .iter()
            .zip(layers)
            .all(|(&weight, layer)| weight == 0.0 || layer.active_cells() == 0)
            && influences.hazards.is_empty()
    }

    /// A bit per cell (of `cells`, row-major, 64 a word): set where a layer
    /// this faction weighs holds a value, the only cells a penalty can
    /// reach.
    fn penalised_cells(&self, influences: &Influences, cells: usize) -> Vec<u64> {
        let mut bits = vec![0u64; cells.div_ceil(64)];
        let layers = [&influences.danger, &influences.crowding, &influences.threat];
        for (&weight, layer) in self.weights.iter().zip(layers) {
            if weight == 0.0 {
                continue;
            }
            for &index in layer.active_indices() {
                let index = index as usize;
                if let Some(word) = bits.get_mut(index / 64) {
                    *word |= 1 << (index % 64);
                }
            }
        }
        // Known caltrops are priced like a penalty (the layers share a shape).
        let shape = influences.danger.shape();
        for index in influences
            .hazards
            .cells()
            .filter_map(|pos| shape.index(pos))
        {
            if let Some(word) = bits.get_mut(index / 64) {
                *word |= 1 << (index % 64);
            }
        }
        bits
    }

    pub fn cost(
        &self,
        knowledge: &FactionKnowledge,
        influences: &Influences,
        pos: Pos,
    ) -> Option<f64> {
        let terrain = self.terrain_cost(knowledge.belief(pos))?;
        let layers = [&influences.danger, &influences.crowding, &influences.threat];
        let mut penalty = 0.0;
        for (&weight, layer) in self.weights.iter().zip(layers) {
            if weight != 0.0 && layer.active_cells() > 0 {
                penalty += weight * f64::from(layer.value(pos));
            }
        }
        Some(
            terrain
                + (penalty / PENALTY_STEP).round() * PENALTY_STEP
                + influences.hazards.extra(pos),
        )
    }
}

/// A layer's value at `pos`, read only when the layer holds any: every
/// value of an empty layer is 0, and its level-sized array, allocated
/// zeroed, then stays unread (each first read of a page of it is a page
/// fault, even for zeros).
fn layer_value(layer: &InfluenceMap, pos: Pos) -> f32 {
    if layer.active_cells() == 0 {
        0.0
    } else {
        layer.value(pos)
    }
}

/// A faction's terrain costs: the base table with its overrides and its
/// way with doors.
pub(crate) fn faction_profile(config: &FactionConfig) -> CostProfile {
    let mut profile = config.cost_profile();
    if !config.opens_doors {
        let door = config.bashes_doors.then_some(BASH_DOOR_COST);
        let _ = profile.set_cost(Terrain::ClosedDoor, door);
    }
    profile
}

/// The grid a faction plans on.
#[derive(Debug, Clone)]
pub(crate) struct CostView {
    pub rules: CostRules,
    grid: Grid,
    /// Scratch for [`CostView::refresh`]: the new prices of a batch.
    changes: Vec<(Pos, Option<f64>)>,
}

impl CostView {
    /// Gives the grid's level-sized arrays to `gridpath::spare_buffers`
    /// (see `Faction::into_spares`).
    pub(crate) fn into_spares(self) {
        self.grid.into_spares();
    }

    pub(crate) fn new(
        rules: CostRules,
        knowledge: &FactionKnowledge,
        influences: &Influences,
    ) -> Result<Self, GridError> {
        let (width, height) = (knowledge.width(), knowledge.height());
        let movement = Movement::default();
        let grid = if knowledge.knows_nothing() && rules.ignores(influences) {
            // Nothing believed yet and no layer adding anything (a faction
            // entering a level: five 1M-cell grids a new colossus game):
            // one price for every cell.
            let unknown = rules.terrain_cost(None);
            Grid::from_fn(width, height, movement, |_, _| unknown)?
        } else {
            // Only cells some weighed layer holds a value in pay a penalty;
            // every other cell's price is its believed terrain's (the
            // penalty `CostRules::cost` adds there is 0). Marking those cells
            // first spares reading three level-sized layers per cell.
            let penalised = rules.penalised_cells(influences, width * height);
            Grid::from_fn(width, height, movement, |x, y| {
                let pos = Pos::new(x, y);
                let index = y as usize * width + x as usize;
                if penalised[index / 64] & (1 << (index % 64)) == 0 {
                    rules.terrain_cost(knowledge.belief(pos))
                } else {
                    rules.cost(knowledge, influences, pos)
                }
            })?
        };
        // The heuristic is scaled by the cheapest cell the grid holds, not
        // the cheapest terrain the rules know: a level without roads keeps
        // the search twice as well informed. Cheaper ground learned later
        // lowers it, and a paused search started under the old scale then
        // starts over (see `AStar::step`).
        Ok(Self {
            rules,
            grid,
            changes: Vec::new(),
        })
    }

    pub(crate) fn grid(&self) -> &Grid {
        &self.grid
    }

    /// Re-prices the given cells; returns those that became cheaper (or
    /// walkable), where a better route may have opened.
    pub(crate) fn refresh(
        &mut self,
        knowledge: &FactionKnowledge,
        influences: &Influences,
        cells: impl IntoIterator<Item = Pos>,
    ) -> Vec<Pos> {
        let rules = &self.rules;
        let grid = &self.grid;
        let mut cheaper = Vec::new();
        // Kept between calls: a view learns thousands of cells a turn.
        let changes = &mut self.changes;
        changes.clear();
        changes.extend(cells.into_iter().map(|pos| {
            let cost = rules.cost(knowledge, influences, pos);
            let was = grid.cost(pos).unwrap_or(f64::INFINITY);
            if cost.is_some_and(|c| c < was) {
                cheaper.push(pos);
            }
            (pos, cost)
        }));
        // Costs come from a validated config and finite influences. The
        // faction relabels islands on its own turn of a cycle.
        let _ = self
            .grid
            .set_costs_deferring_islands(self.changes.iter().copied());
        cheaper
    }
}

/// `#[serde(with = "saved_view")]`: a faction's planning grid in a save.
/// The grid is saved whole, history and islands included (a paused search
/// checks what changed since it last ran against it); the pricing rules
/// come from the config and are set again on a load
/// ([`Faction::resume`](crate::ai::Faction::resume)), until then a
/// placeholder that prices nothing.
pub(crate) mod saved_view {
    use super::*;
    use serde::{Deserialize, Deserializer, Serialize, Serializer};

    /// Also numbers the grid's versions, and those the faction's searches
    /// and field (written after it) remember, within this grid's history
    /// (`gridpath::saved`): the same game saves to the same bytes.
    pub(crate) fn serialize<S: Serializer>(
        view: &Option<CostView>,
        serializer: S,
    ) -> Result<S::Ok, S::Error> {
        match view {
            Some(view) => gridpath::saved::save_versions_of(view.grid()),
            None => gridpath::saved::raw_versions(),
        }
        view.as_ref().map(CostView::grid).serialize(serializer)
    }

    pub(crate) fn deserialize<'de, D: Deserializer<'de>>(
        deserializer: D,
    ) -> Result<Option<CostView>, D::Error> {
        gridpath::saved::load_versions_fresh();
        Ok(
            Option::<Grid>::deserialize(deserializer)?.map(|grid| CostView {
                rules: CostRules {
                    profile: CostProfile::default(),
                    unknown: UnknownCellPolicy::Blocked,
                    weights: [0.0; 3],
                },
                grid,
                changes: Vec::new(),
            }),
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::config::MonsterConfig;

    #[test]
    fn pricing_skips_quiet_layers_without_changing_a_bit() {
        let level = crate::world::level::text::parse(
            "@....#....\n\
             ..+..#..~.\n\
             .....#....\n\
             ..........",
        )
        .unwrap();
        let knowledge = FactionKnowledge::omniscient(&level);
        let config = MonsterConfig::shipped().unwrap();
        let goblins = config.faction("goblins").unwrap();
        let mut influences = Influences::new(level.width(), level.height());
        let check = |influences: &Influences, weights: [f64; 3]| {
            let rules = CostRules {
                weights,
                ..CostRules::from_config(goblins)
            };
            for pos in level.positions() {
                let full = rules.cost_with_crowding(
                    &knowledge,
                    influences,
                    pos,
                    influences.crowding.value(pos),
                );
                let fast = rules.cost(&knowledge, influences, pos);
                assert_eq!(
                    fast.map(f64::to_bits),
                    full.map(f64::to_bits),
                    "{pos} {weights:?}"
                );
            }
        };
        let weightings = [[0.0, 0.0, 0.0], [1.0, 0.0, 2.5], [0.3, 1.7, 0.0]];
        for weights in weightings {
            check(&influences, weights);
        }
        // One layer, then all three, with values.
        influences.danger.stamp(Pos::new(2, 1), 3.0, 2);
        for weights in weightings {
            check(&influences, weights);
        }
        influences.crowding.stamp(Pos::new(7, 2), 0.7, 1);
        influences.threat.stamp(Pos::new(0, 3), 5.0, 4);
        for weights in weightings {
            check(&influences, weights);
        }
        // Faded away: quiet again.
        influences.danger.decay(0.0);
        for weights in weightings {
            check(&influences, weights);
        }
    }
}
