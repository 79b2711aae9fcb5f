//! The rules of movement on the true level: one engine grid per way of
//! moving (the player's, then each faction's cost profile), so a step's
//! legality and time follow the same costs the AI plans with.
//!
//! Grids are derived state: rebuilt from the level on load, patched when a
//! cell's terrain changes. Never saved. Monsters never plan on these: they
//! plan on their faction's cost view.

use rayon::prelude::*;

use crate::pathfinding::{Grid, GridError, Movement, Pos};
use crate::world::{CostProfile, Level, Terrain};

/// The profile index used by the player.
pub const PLAYER_PROFILE: usize = 0;

#[derive(Debug, Clone, Default)]
pub struct Navigation {
    profiles: Vec<CostProfile>,
    grids: Vec<Grid>,
}

impl Navigation {
    /// Grids for `level`, one per profile (the player's first).
    pub fn new(level: &Level, profiles: Vec<CostProfile>) -> Result<Self, GridError> {
        // One grid of the whole level per profile, built side by side.
        let grids = profiles
            .par_iter()
            .map(|profile| level.cost_grid(profile, Movement::default()))
            .collect::<Result<_, _>>()?;
        Ok(Self { profiles, grids })
    }

    pub fn grid(&self, profile: usize) -> &Grid {
        &self.grids[profile]
    }

    /// The cost of entering `terrain` for a profile.
    pub fn cost(&self, profile: usize, terrain: Terrain) -> Option<f64> {
        self.profiles[profile].cost(terrain)
    }

    /// Re-reads one cell after its terrain changed.
    pub fn update_cell(&mut self, level: &Level, pos: Pos) {
        let terrain = level.terrain_at(pos);
        for (grid, profile) in self.grids.iter_mut().zip(&self.profiles) {
            let cost = terrain.and_then(|t| profile.cost(t));
            // The profile's costs were valid when the grid was built.
            let _ = grid.set_cost(pos, cost);
        }
    }
}
