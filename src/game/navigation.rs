//! Pathfinding for the game: one engine grid per way of moving (the player's
//! and each monster kind's cost profile) over the level, one reusable search
//! space, and the counters the sim reports.
//!
//! Grids are derived state: rebuilt from the level on load, patched when a
//! cell's terrain changes. Never saved.

use crate::game::level_access::LevelAccess;
use crate::pathfinding::{AStar, Grid, GridError, Movement, Path, Pos, SearchOptions};
use crate::world::{CostProfile, Level, Terrain};

/// The profile index used by the player.
pub const PLAYER_PROFILE: usize = 0;

#[derive(Debug, Default)]
pub struct Navigation {
    profiles: Vec<CostProfile>,
    grids: Vec<Grid>,
    astar: AStar,
    /// Searches run since the game started.
    pub searches: u64,
    /// Nodes expanded by those searches.
    pub expanded: u64,
}

impl Navigation {
    /// Grids for `level`, one per profile (the player's first).
    pub fn new(level: &Level, profiles: Vec<CostProfile>) -> Result<Self, GridError> {
        let grids = profiles
            .iter()
            .map(|profile| build_grid(level, profile))
            .collect::<Result<_, _>>()?;
        Ok(Self {
            profiles,
            grids,
            ..Self::default()
        })
    }

    pub fn grid(&self, profile: usize) -> &Grid {
        &self.grids[profile]
    }

    pub fn profile(&self, profile: usize) -> &CostProfile {
        &self.profiles[profile]
    }

    /// The cost of entering `terrain` for a profile.
    pub fn cost(&self, profile: usize, terrain: Terrain) -> Option<f64> {
        self.profiles[profile].cost(terrain)
    }

    /// Re-reads one cell after its terrain changed.
    pub fn update_cell(&mut self, level: &Level, pos: Pos) {
        let terrain = level.terrain_of(pos);
        for (grid, profile) in self.grids.iter_mut().zip(&self.profiles) {
            let cost = terrain.and_then(|t| profile.cost(t));
            // The profile's costs were valid when the grid was built.
            let _ = grid.set_cost(pos, cost);
        }
    }

    /// A cheapest path for a walker with `profile`, counted in the stats.
    pub fn find_path(&mut self, profile: usize, from: Pos, to: Pos) -> Option<Path> {
        let grid = &self.grids[profile];
        let result = self
            .astar
            .find_path(grid, from, to, &SearchOptions::default());
        self.searches += 1;
        self.expanded += self.astar.stats().expanded;
        result.ok().flatten()
    }
}

fn build_grid(level: &Level, profile: &CostProfile) -> Result<Grid, GridError> {
    let mut grid = Grid::from_fn(
        level.width(),
        level.height(),
        Movement::default(),
        |x, y| {
            level
                .terrain_of(Pos::new(x, y))
                .and_then(|t| profile.cost(t))
        },
    )?;
    if let Some(min) = profile.min_cost() {
        grid.declare_min_cost(min)?;
    }
    Ok(grid)
}
