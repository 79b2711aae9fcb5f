//! The rules of movement on the true level: which steps are legal for each
//! way of moving (the player's, then each faction's cost profile), and what
//! a step costs (from the profile itself).
//!
//! A step's legality depends only on which terrains a profile can enter
//! (and the corner rule), so profiles that enter the same terrains share
//! one engine grid of legal moves, whatever their costs. Grids are derived
//! state: rebuilt from the level on load, patched when a cell's terrain
//! changes. Never saved. Monsters never plan on these: they plan on their
//! faction's cost view.

use rayon::prelude::*;

use crate::world::{CostProfile, Level, Terrain};
use gridpath::{Grid, GridError, Movement, Pos};

/// The profile index used by the player.
pub(crate) const PLAYER_PROFILE: usize = 0;

/// What a legal-moves grid holds for a cell a profile can enter: its
/// costs are never read (a step's cost comes from the profile).
const ENTERABLE: f64 = 1.0;

/// Which terrains a profile can enter, by [`Terrain::index`].
type Enterable = [bool; Terrain::COUNT];

fn enterable(profile: &CostProfile) -> Enterable {
    Terrain::ALL.map(|terrain| profile.is_passable(terrain))
}

#[derive(Debug, Clone, Default)]
pub(crate) struct Navigation {
    profiles: Vec<CostProfile>,
    /// One grid of legal moves per set of enterable terrains (profiles
    /// that enter the same ones share it: a 1024x1024 grid is about 5 MB
    /// and a sixth of a colossus load to build).
    grids: Vec<Grid>,
    /// The terrains each grid's cells may be entered on.
    enterable: Vec<Enterable>,
    /// For each profile, the grid it moves on.
    grid_of: Vec<usize>,
}

impl Navigation {
    /// Grids for `level`, one per distinct set of enterable terrains.
    pub(crate) fn new(level: &Level, profiles: Vec<CostProfile>) -> Result<Self, GridError> {
        let mut kinds: Vec<Enterable> = Vec::new();
        let grid_of = profiles
            .iter()
            .map(|profile| {
                let kind = enterable(profile);
                match kinds.iter().position(|&k| k == kind) {
                    Some(shared) => shared,
                    None => {
                        kinds.push(kind);
                        kinds.len() - 1
                    }
                }
            })
            .collect();
        // One grid of the whole level per set, side by side; the rules ask
        // a grid only which steps are legal, so none labels its islands.
        let grids = kinds
            .par_iter()
            .map(|kind| {
                Grid::from_fn_without_islands(
                    level.width(),
                    level.height(),
                    Movement::default(),
                    |x, y| {
                        level
                            .terrain_at(Pos::new(x, y))
                            .filter(|t| kind[t.index()])
                            .map(|_| ENTERABLE)
                    },
                )
            })
            .collect::<Result<_, _>>()?;
        Ok(Self {
            profiles,
            grids,
            enterable: kinds,
            grid_of,
        })
    }

    /// The profiles the grids are for, the player's first.
    pub(crate) fn profiles(&self) -> &[CostProfile] {
        &self.profiles
    }

    /// The legal moves of `profile` (its cells' costs mean nothing: see
    /// [`Navigation::cost`]).
    pub(crate) fn grid(&self, profile: usize) -> &Grid {
        &self.grids[self.grid_of[profile]]
    }

    /// The cost of entering `terrain` for a profile.
    pub(crate) fn cost(&self, profile: usize, terrain: Terrain) -> Option<f64> {
        self.profiles[profile].cost(terrain)
    }

    /// Re-reads one cell after its terrain changed.
    pub(crate) fn update_cell(&mut self, level: &Level, pos: Pos) {
        let terrain = level.terrain_at(pos);
        for (grid, kind) in self.grids.iter_mut().zip(&self.enterable) {
            let cost = terrain.filter(|t| kind[t.index()]).map(|_| ENTERABLE);
            // A constant, valid cost.
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
        assert!(nav.grid(1).is_passable(water));
    }

    #[test]
    fn profiles_that_enter_the_same_terrains_share_a_grid_whatever_their_costs() {
        let level = Level::filled(4, 3, Terrain::Floor);
        let plain = CostProfile::default();
        let wader = CostProfile::default()
            .with_cost(Terrain::Floor, Some(3.0))
            .expect("a valid cost");
        let nav = Navigation::new(&level, vec![plain, wader]).expect("grids");
        assert_eq!(nav.grids.len(), 1);
        assert!(std::ptr::eq(nav.grid(0), nav.grid(1)));
        // Each profile's costs still come from the profile.
        assert_eq!(nav.cost(0, Terrain::Floor), Some(1.0));
        assert_eq!(nav.cost(1, Terrain::Floor), Some(3.0));
    }
}
