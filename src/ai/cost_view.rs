//! A faction's cost view: the engine grid it plans on, built only from its
//! knowledge (with the unknown-cell policy) and its influence maps, never
//! from the true level.
//!
//! cost(cell) = the faction's cost of the believed terrain (or the policy's
//! cost when unknown) + sum of weight x influence. Kept up to date cell by
//! cell from the knowledge's and influences' change lists.

use crate::ai::influence::InfluenceMap;
use crate::ai::knowledge::FactionKnowledge;
use crate::config::{FactionConfig, UnknownCellPolicy};
use crate::pathfinding::{Grid, GridError, Movement, Pos};
use crate::world::{CostProfile, Terrain};

/// Cost of a closed door for a faction that batters doors down: a few
/// blows' worth of time.
pub const BASH_DOOR_COST: f64 = 5.0;
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
}

impl Influences {
    pub fn new(width: usize, height: usize) -> Self {
        Self {
            danger: InfluenceMap::new(width, height),
            crowding: InfluenceMap::new(width, height),
            threat: InfluenceMap::new(width, height),
        }
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
    pub fn from_config(config: &FactionConfig) -> Self {
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

    /// The influence penalty of a cell.
    pub fn penalty(&self, influences: &Influences, pos: Pos) -> f64 {
        self.penalty_with_crowding(influences, pos, influences.crowding.value(pos))
    }

    /// The penalty of a cell were its crowding `crowding` (a member's own
    /// share left out, say).
    fn penalty_with_crowding(&self, influences: &Influences, pos: Pos, crowding: f32) -> f64 {
        self.weights[0] * f64::from(influences.danger.value(pos))
            + self.weights[1] * f64::from(crowding)
            + self.weights[2] * f64::from(influences.threat.value(pos))
    }

    /// What the planning grid charges for a cell whose crowding is
    /// `crowding`: the believed terrain's cost plus the penalty in steps of
    /// [`PENALTY_STEP`].
    pub fn cost_with_crowding(
        &self,
        knowledge: &FactionKnowledge,
        influences: &Influences,
        pos: Pos,
        crowding: f32,
    ) -> Option<f64> {
        let penalty = self.penalty_with_crowding(influences, pos, crowding);
        self.terrain_cost(knowledge.belief(pos))
            .map(|c| c + (penalty / PENALTY_STEP).round() * PENALTY_STEP)
    }

    pub fn cost(
        &self,
        knowledge: &FactionKnowledge,
        influences: &Influences,
        pos: Pos,
    ) -> Option<f64> {
        self.cost_with_crowding(knowledge, influences, pos, influences.crowding.value(pos))
    }

    /// The cheapest a cell can cost: keeps heuristics admissible.
    fn min_cost(&self) -> Option<f64> {
        let unknown = match self.unknown {
            UnknownCellPolicy::Open => self.profile.cost(Terrain::Floor),
            UnknownCellPolicy::Blocked => None,
            UnknownCellPolicy::Cost(cost) => Some(cost),
        };
        match (self.profile.min_cost(), unknown) {
            (Some(a), Some(b)) => Some(a.min(b)),
            (a, b) => a.or(b),
        }
    }
}

/// A faction's terrain costs: the base table with its overrides and its
/// way with doors.
pub fn faction_profile(config: &FactionConfig) -> CostProfile {
    let mut profile = config.cost_profile();
    if !config.opens_doors {
        let door = config.bashes_doors.then_some(BASH_DOOR_COST);
        let _ = profile.set_cost(Terrain::ClosedDoor, door);
    }
    profile
}

/// The grid a faction plans on.
#[derive(Debug, Clone)]
pub struct CostView {
    pub rules: CostRules,
    grid: Grid,
}

impl CostView {
    pub fn new(
        rules: CostRules,
        knowledge: &FactionKnowledge,
        influences: &Influences,
    ) -> Result<Self, GridError> {
        let mut grid = Grid::from_fn(
            knowledge.width(),
            knowledge.height(),
            Movement::default(),
            |x, y| rules.cost(knowledge, influences, Pos::new(x, y)),
        )?;
        if let Some(min) = rules.min_cost() {
            grid.declare_min_cost(min)?;
        }
        Ok(Self { rules, grid })
    }

    pub fn grid(&self) -> &Grid {
        &self.grid
    }

    /// Brings stale islands up to date (a full relabel: call it sparingly).
    pub fn refresh_islands(&mut self) {
        self.grid.refresh_islands();
    }

    /// Re-prices the given cells; returns those that became cheaper (or
    /// walkable), where a better route may have opened.
    pub fn refresh(
        &mut self,
        knowledge: &FactionKnowledge,
        influences: &Influences,
        cells: &[Pos],
    ) -> Vec<Pos> {
        let rules = &self.rules;
        let grid = &self.grid;
        let mut cheaper = Vec::new();
        let changes: Vec<(Pos, Option<f64>)> = cells
            .iter()
            .map(|&pos| {
                let cost = rules.cost(knowledge, influences, pos);
                let was = grid.cost(pos).unwrap_or(f64::INFINITY);
                if cost.is_some_and(|c| c < was) {
                    cheaper.push(pos);
                }
                (pos, cost)
            })
            .collect();
        // Costs come from a validated config and finite influences. The
        // faction relabels islands on its own turn of a cycle.
        let _ = self.grid.set_costs_deferring_islands(changes);
        cheaper
    }
}
