//! A level: the terrain grid plus where the player starts, the stairs, and faction spawns.
//!
//! It is plain data with cheap lookups for the pathfinding engine, FOV and the game.
//! It must never generate, parse files or draw: generators and loaders build it, the UI reads it.

use std::collections::BTreeMap;

use super::{CostProfile, Pos, Terrain};

/// A playable map: `width * height` cells in row-major order.
#[derive(Debug, Clone, PartialEq)]
pub struct Level {
    /// The level's name (its file stem, or the generator's name).
    pub name: String,
    /// One line saying what the level shows.
    pub description: String,
    width: usize,
    height: usize,
    cells: Vec<Terrain>,
    /// Where the player starts.
    pub start: Pos,
    /// The stairs down.
    pub stairs: Pos,
    /// Spawn cells per faction name, in placement order.
    pub spawns: BTreeMap<String, Vec<Pos>>,
}

impl Level {
    /// A `width x height` level filled with `fill`, start and stairs at the origin, no spawns.
    #[must_use]
    pub fn filled(width: usize, height: usize, fill: Terrain) -> Self {
        Self {
            name: String::new(),
            description: String::new(),
            width,
            height,
            cells: vec![fill; width * height],
            start: Pos::default(),
            stairs: Pos::default(),
            spawns: BTreeMap::new(),
        }
    }

    /// Columns in the grid.
    #[must_use]
    pub fn width(&self) -> usize {
        self.width
    }

    /// Rows in the grid.
    #[must_use]
    pub fn height(&self) -> usize {
        self.height
    }

    /// All cells, row-major (`index = y * width + x`).
    #[must_use]
    pub fn cells(&self) -> &[Terrain] {
        &self.cells
    }

    /// Whether `(x, y)` lies on the grid.
    #[must_use]
    #[inline]
    pub fn in_bounds(&self, x: usize, y: usize) -> bool {
        x < self.width && y < self.height
    }

    /// Row-major index of an in-bounds cell.
    #[must_use]
    #[inline]
    pub fn index(&self, pos: Pos) -> usize {
        pos.y * self.width + pos.x
    }

    /// The cell at a row-major index.
    #[must_use]
    #[inline]
    pub fn pos_of(&self, index: usize) -> Pos {
        Pos::new(index % self.width, index / self.width)
    }

    /// Terrain at `(x, y)`; `None` off the grid.
    #[must_use]
    #[inline]
    pub fn terrain_at(&self, x: usize, y: usize) -> Option<Terrain> {
        if self.in_bounds(x, y) {
            Some(self.cells[y * self.width + x])
        } else {
            None
        }
    }

    /// Time to enter `(x, y)` for a traveller with `profile`; `None` if impassable or off
    /// the grid. `|x, y| level.cost_at(x, y, &profile)` is the pathfinding engine's cost view.
    #[must_use]
    #[inline]
    pub fn cost_at(&self, x: usize, y: usize, profile: &CostProfile) -> Option<f64> {
        self.terrain_at(x, y).and_then(|t| profile.cost(t))
    }

    /// Whether `(x, y)` blocks sight; off the grid counts as opaque.
    #[must_use]
    #[inline]
    pub fn is_opaque(&self, x: usize, y: usize) -> bool {
        self.terrain_at(x, y).is_none_or(Terrain::is_opaque)
    }

    /// Sets the terrain at an in-bounds cell; off-grid writes are ignored.
    #[inline]
    pub fn set(&mut self, pos: Pos, terrain: Terrain) {
        if self.in_bounds(pos.x, pos.y) {
            let i = self.index(pos);
            self.cells[i] = terrain;
        }
    }

    /// Mutable row-major cells, for generators working on whole grids.
    #[must_use]
    pub fn cells_mut(&mut self) -> &mut [Terrain] {
        &mut self.cells
    }

    /// Whether `pos` holds the start, the stairs or any spawn.
    #[must_use]
    pub fn is_marked(&self, pos: Pos) -> bool {
        pos == self.start || pos == self.stairs || self.spawns.values().any(|s| s.contains(&pos))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lookups_respect_bounds() {
        let mut level = Level::filled(3, 2, Terrain::Floor);
        level.set(Pos::new(2, 1), Terrain::Road);
        level.set(Pos::new(5, 5), Terrain::Road);
        assert_eq!(level.terrain_at(2, 1), Some(Terrain::Road));
        assert_eq!(level.terrain_at(3, 0), None);
        let profile = CostProfile::default();
        assert_eq!(level.cost_at(2, 1, &profile), Some(0.5));
        assert_eq!(level.cost_at(0, 2, &profile), None);
        assert!(level.is_opaque(9, 9));
        assert!(!level.is_opaque(0, 0));
        assert_eq!(level.pos_of(level.index(Pos::new(1, 1))), Pos::new(1, 1));
    }
}
