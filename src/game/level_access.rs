//! The game's reads and writes of level cells, by [`Pos`], in one place.

use crate::pathfinding::Pos;
use crate::world::{Level, Terrain};

pub trait LevelAccess {
    /// The terrain at `pos`, `None` outside the level.
    fn terrain_of(&self, pos: Pos) -> Option<Terrain>;
    fn set_terrain(&mut self, pos: Pos, terrain: Terrain);
}

impl LevelAccess for Level {
    fn terrain_of(&self, pos: Pos) -> Option<Terrain> {
        self.terrain_at(pos.x, pos.y)
    }

    fn set_terrain(&mut self, pos: Pos, terrain: Terrain) {
        self.set(pos, terrain);
    }
}
