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
    /// One grid per distinct profile (factions that move alike share one:
    /// a 1024x1024 grid with its islands is about 25 MB).
    grids: Vec<Grid>,
    /// For each profile, the grid it moves on.
    grid_of: Vec<usize>,
}

impl Navigation {
    /// Grids for `level`, one per distinct profile (the player's first).
    pub fn new(level: &Level, profiles: Vec<CostProfile>) -> Result<Self, GridError> {
        // The first profile of each distinct kind stands for its grid.
        let mut representatives: Vec<usize> = Vec::new();
        let grid_of = (0..profiles.len())
            .map(|i| {
                match representatives
                    .iter()
                    .position(|&r| profiles[r] == profiles[i])
                {
                    Some(shared) => shared,
                    None => {
                        representatives.push(i);
                        representatives.len() - 1
                    }
                }
            })
            .collect();
        // One grid of the whole level per distinct profile, side by side.
        let grids = representatives
            .par_iter()
            .map(|&r| level.cost_grid(&profiles[r], Movement::default()))
            .collect::<Result<_, _>>()?;
        Ok(Self {
            profiles,
            grids,
            grid_of,
        })
    }

    pub fn grid(&self, profile: usize) -> &Grid {
        &self.grids[self.grid_of[profile]]
    }

    /// The cost of entering `terrain` for a profile.
    pub fn cost(&self, profile: usize, terrain: Terrain) -> Option<f64> {
        self.profiles[profile].cost(terrain)
    }

    /// Re-reads one cell after its terrain changed.
    pub fn update_cell(&mut self, level: &Level, pos: Pos) {
        let terrain = level.terrain_at(pos);
        for (index, grid) in self.grids.iter_mut().enumerate() {
            // Every profile on a grid moves alike: the first one speaks.
            let Some(profile) = self.grid_of.iter().position(|&g| g == index) else {
                continue;
            };
            let cost = terrain.and_then(|t| self.profiles[profile].cost(t));
            // The profile's costs were valid when the grid was built.
            let _ = grid.set_cost(pos, cost);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn profiles_that_move_alike_share_a_grid_and_its_updates() {
        let mut level = Level::filled(5, 3, Terrain::Wall);
        for x in 1..=3 {
            level.set(Pos::new(x, 1), Terrain::Floor);
        }
        let water = Pos::new(3, 1);
        level.set(water, Terrain::DeepWater);
        let plain = CostProfile::default();
        let swimmer = CostProfile::default()
            .with_cost(Terrain::DeepWater, Some(2.0))
            .expect("a valid cost");
        let mut nav = Navigation::new(&level, vec![plain.clone(), swimmer, plain]).expect("grids");
        assert_eq!(nav.grids.len(), 2);
        assert!(std::ptr::eq(nav.grid(0), nav.grid(2)));
        assert!(!nav.grid(0).is_passable(water));
        assert!(nav.grid(1).is_passable(water));
        // Drained: both grids take the change.
        level.set(water, Terrain::Floor);
        nav.update_cell(&level, water);
        assert!(nav.grid(2).is_passable(water));
        assert_eq!(nav.grid(1).cost(water), Some(1.0));
    }
}
