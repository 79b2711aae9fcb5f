//! A level: the terrain grid plus where the player starts, the stairs, and faction spawns.
//!
//! It is plain data with cheap lookups for the pathfinding engine, FOV and the game, and
//! it builds the engine's [`Grid`] for a traveller. Cells are addressed by the engine's
//! signed [`Pos`]: anything off the grid, negative coordinates included, reads as `None`
//! and is ignored on write. It must never generate, parse files or draw: generators and
//! loaders build it, the UI reads it.

pub(crate) mod dir;
pub(crate) mod error;
pub(crate) mod file;
mod shape_error;
pub(crate) mod source;
pub(crate) mod text;

use std::collections::BTreeMap;

use super::opacity::{OpacityBits, OpacityCache};
use super::{CostProfile, ItemKind, Pos, Terrain};
use gridpath::grid::MAX_GRID_SIDE;
use gridpath::{Grid, GridError, GridShape, Movement};

/// A playable map: `width * height` cells in row-major order.
#[derive(Debug, Clone, PartialEq, serde::Serialize, serde::Deserialize)]
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
    /// Items lying on the level when it is entered, in placement order.
    #[serde(default)]
    pub items: Vec<(Pos, ItemKind)>,
    /// Which cells block sight, as bits (for field of view).
    #[serde(skip)]
    opacity: OpacityCache,
}

/// The position of column `x`, row `y` counted as `usize` (as generators and text rows
/// count them). A value past `i32::MAX` saturates, which is off every level (sides are at
/// most [`Level::MAX_SIDE`]), so such a position is simply out of bounds.
#[must_use]
#[inline]
pub(crate) fn pos_from_usize(x: usize, y: usize) -> Pos {
    Pos::new(saturating_coordinate(x), saturating_coordinate(y))
}

/// `value` as a coordinate, `i32::MAX` (off every level) if it does not fit.
#[inline]
fn saturating_coordinate(value: usize) -> i32 {
    i32::try_from(value).unwrap_or(i32::MAX)
}

/// Accepted map sides for levels from files: generated and hand-drawn alike. Kept
/// here, below both the level file and its layouts, so neither imports the other for it.
pub const SIDE_RANGE: std::ops::RangeInclusive<usize> = 16..=1024;

/// The most spawn cells a level may have, over all its factions. Each spawn
/// is a monster with its own turn, so the count bounds a turn's time and a
/// game's memory; the largest shipped level (colossus) has 1,000.
pub const MAX_SPAWNS: usize = 4096;

impl Level {
    /// The longest side a level can have: the search engine's limit, so every level can
    /// be searched and every cell has an `i32` coordinate.
    pub(crate) const MAX_SIDE: usize = MAX_GRID_SIDE;

    /// A `width x height` level filled with `fill`, start and stairs at the origin, no
    /// spawns. Sides longer than `Level::MAX_SIDE` are cut to it.
    #[must_use]
    pub fn filled(width: usize, height: usize, fill: Terrain) -> Self {
        let (width, height) = (width.min(Self::MAX_SIDE), height.min(Self::MAX_SIDE));
        Self {
            name: String::new(),
            description: String::new(),
            width,
            height,
            cells: vec![fill; width * height],
            start: Pos::default(),
            stairs: Pos::default(),
            spawns: BTreeMap::new(),
            items: Vec::new(),
            opacity: OpacityCache::default(),
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

    /// The row-major shape the cells are laid out in (the fields stay the saved form).
    #[must_use]
    #[inline]
    pub(crate) fn shape(&self) -> GridShape {
        GridShape::new(self.width, self.height)
    }

    /// How many cells the grid holds: `width * height` unless a save was
    /// damaged (loading checks it).
    #[must_use]
    pub(crate) fn stored_cells(&self) -> usize {
        self.cells.len()
    }

    /// All cells, row-major (see [`Level::index`]).
    #[must_use]
    pub fn cells(&self) -> &[Terrain] {
        &self.cells
    }

    /// Every cell's position, row by row (the order of [`Level::cells`]).
    pub fn positions(&self) -> impl Iterator<Item = Pos> + use<> {
        self.shape().positions()
    }

    /// Row-major index of `pos` (`y * width + x`); `None` off the grid, negative
    /// coordinates included.
    #[must_use]
    #[inline]
    pub fn index(&self, pos: Pos) -> Option<usize> {
        self.shape().index(pos)
    }

    /// The cell at a row-major index; `None` past the last cell.
    #[must_use]
    #[inline]
    pub fn pos_of(&self, index: usize) -> Option<Pos> {
        // A level with cells has a width above zero, so the division is safe.
        (index < self.cells.len()).then(|| self.shape().pos(index))
    }

    /// Whether `pos` lies on the grid.
    #[must_use]
    #[inline]
    pub fn in_bounds(&self, pos: Pos) -> bool {
        self.index(pos).is_some()
    }

    /// Terrain at `pos`; `None` off the grid.
    #[must_use]
    #[inline]
    pub fn terrain_at(&self, pos: Pos) -> Option<Terrain> {
        self.index(pos).and_then(|i| self.cells.get(i).copied())
    }

    /// Time to enter `pos` for a traveller with `profile`; `None` if impassable or off
    /// the grid. This is the engine's cost function shape: see [`Level::cost_grid`].
    #[must_use]
    #[inline]
    pub fn cost_at(&self, pos: Pos, profile: &CostProfile) -> Option<f64> {
        self.terrain_at(pos).and_then(|t| profile.cost(t))
    }

    /// The search engine's grid of this level as a traveller with `profile` sees it.
    /// The profile's cheapest cost is declared to the grid even when no cell has that
    /// terrain, so heuristics stay admissible if such cells appear later.
    ///
    /// # Errors
    /// [`GridError::BadSize`] for a level with no cells.
    pub fn cost_grid(&self, profile: &CostProfile, movement: Movement) -> Result<Grid, GridError> {
        let mut grid = Grid::from_fn(self.width, self.height, movement, |x, y| {
            self.cost_at(Pos::new(x, y), profile)
        })?;
        if let Some(min_cost) = profile.min_cost() {
            grid.declare_min_cost(min_cost)?;
        }
        Ok(grid)
    }

    /// Whether `pos` blocks sight; off the grid counts as opaque.
    #[must_use]
    #[inline]
    pub fn is_opaque(&self, pos: Pos) -> bool {
        self.terrain_at(pos).is_none_or(Terrain::is_opaque)
    }

    /// Sets the terrain at an in-bounds cell; off-grid writes are ignored.
    #[inline]
    pub fn set(&mut self, pos: Pos, terrain: Terrain) {
        if let Some(cell) = self.index(pos).and_then(|i| self.cells.get_mut(i)) {
            *cell = terrain;
            if let Some(bits) = self.opacity.made_mut() {
                bits.set(pos.x as usize, pos.y as usize, terrain.is_opaque());
            }
        }
    }

    /// Veils `pos` (smoke hangs there: it blocks sight whatever its
    /// terrain) or lifts the veil. Only field of view reads veils; they are
    /// not saved with the level (its opacity is derived), so the game lays
    /// them again after a load.
    pub(crate) fn set_veiled(&mut self, pos: Pos, veiled: bool) {
        let Some(terrain) = self.terrain_at(pos) else {
            return;
        };
        let _ = self.opacity();
        if let Some(bits) = self.opacity.made_mut() {
            bits.set(
                pos.x as usize,
                pos.y as usize,
                veiled || terrain.is_opaque(),
            );
        }
    }

    /// Mutable row-major cells, for generators working on whole grids.
    #[must_use]
    pub fn cells_mut(&mut self) -> &mut [Terrain] {
        self.opacity = OpacityCache::default();
        &mut self.cells
    }

    /// Which cells block sight, a bit per cell (made on first use).
    #[must_use]
    pub(crate) fn opacity(&self) -> &OpacityBits {
        self.opacity
            .get_or_make(self.width, self.height, &self.cells)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::world::level;
    use gridpath::{AStar, DijkstraMap, SearchOptions};

    #[test]
    fn lookups_respect_bounds() {
        let mut level = Level::filled(3, 2, Terrain::Floor);
        level.set(Pos::new(2, 1), Terrain::Road);
        level.set(Pos::new(5, 5), Terrain::Road);
        level.set(Pos::new(-1, 0), Terrain::Road);
        assert_eq!(level.terrain_at(Pos::new(2, 1)), Some(Terrain::Road));
        assert_eq!(level.terrain_at(Pos::new(3, 0)), None);
        assert_eq!(level.terrain_at(Pos::new(-1, 0)), None);
        assert_eq!(level.terrain_at(Pos::new(0, i32::MIN)), None);
        let profile = CostProfile::default();
        assert_eq!(level.cost_at(Pos::new(2, 1), &profile), Some(0.5));
        assert_eq!(level.cost_at(Pos::new(0, 2), &profile), None);
        assert_eq!(level.cost_at(Pos::new(-1, -1), &profile), None);
        assert!(level.is_opaque(Pos::new(9, 9)));
        assert!(level.is_opaque(Pos::new(-1, 0)));
        assert!(!level.is_opaque(Pos::new(0, 0)));
        assert_eq!(
            level
                .cells()
                .iter()
                .filter(|&&t| t == Terrain::Road)
                .count(),
            1
        );
    }

    #[test]
    fn indices_and_positions_agree() {
        let level = Level::filled(3, 2, Terrain::Floor);
        assert_eq!(level.index(Pos::new(1, 1)), Some(4));
        for pos in [
            Pos::new(3, 0),
            Pos::new(0, 2),
            Pos::new(-1, 0),
            Pos::new(0, -1),
        ] {
            assert_eq!(level.index(pos), None, "{pos}");
            assert!(!level.in_bounds(pos));
        }
        let positions: Vec<Pos> = level.positions().collect();
        assert_eq!(positions.len(), level.cells().len());
        for (i, &pos) in positions.iter().enumerate() {
            assert_eq!(level.pos_of(i), Some(pos));
            assert_eq!(level.index(pos), Some(i));
        }
        assert_eq!(level.pos_of(6), None);
        assert_eq!(Level::filled(0, 4, Terrain::Floor).pos_of(0), None);
    }

    #[test]
    fn sides_are_capped_so_every_cell_has_a_coordinate() {
        let level = Level::filled(Level::MAX_SIDE + 7, 1, Terrain::Wall);
        assert_eq!(level.width(), Level::MAX_SIDE);
        assert_eq!(pos_from_usize(usize::MAX, 0), Pos::new(i32::MAX, 0));
        assert!(!level.in_bounds(pos_from_usize(usize::MAX, 0)));
    }

    /// Start and stairs face each other across a swamp; a road runs around it.
    const SWAMP_AND_RING_ROAD: &str = "\
###########
#=========#
#=#######=#
#='@%%%>'=#
#=#######=#
#=========#
###########
";

    #[test]
    fn the_cost_grid_routes_around_the_swamp_like_a_dijkstra_map() {
        let level = level::text::parse(SWAMP_AND_RING_ROAD).expect("valid fixture");
        let profile = CostProfile::default();
        let grid = level
            .cost_grid(&profile, Movement::default())
            .expect("a level with cells");
        let path = AStar::new()
            .find_path(&grid, level.start, level.stairs, &SearchOptions::default())
            .expect("start and stairs are on the grid and passable")
            .expect("the road leads round");
        let straight: f64 = (level.start.x + 1..=level.stairs.x)
            .filter_map(|x| level.cost_at(Pos::new(x, level.start.y), &profile))
            .sum();
        assert!(
            path.cost < straight,
            "road {} vs straight {straight}",
            path.cost
        );
        assert!(
            path.cells
                .iter()
                .any(|p| level.terrain_at(*p) == Some(Terrain::Road))
        );
        let mut to_stairs = DijkstraMap::new();
        to_stairs.compute(&grid, [(level.stairs, 0.0)]);
        let distance = to_stairs.distance(level.start).expect("stairs reachable");
        assert!(
            (distance - path.cost).abs() <= 1e-9 * distance,
            "A* {} vs Dijkstra {distance}",
            path.cost
        );
    }

    #[test]
    fn the_cost_grid_declares_the_cheapest_terrain_even_when_absent() {
        let level = level::text::parse("#####\n#@.>#\n#####\n").expect("valid fixture");
        let grid = level
            .cost_grid(&CostProfile::default(), Movement::default())
            .expect("a level with cells");
        assert_eq!(grid.cost(Pos::new(2, 1)), Some(1.0));
        assert_eq!(grid.cost(Pos::new(0, 0)), None);
        assert_eq!(
            grid.min_cost(),
            0.5,
            "road is cheapest though none is on the map"
        );
        assert!(matches!(
            Level::filled(0, 0, Terrain::Floor)
                .cost_grid(&CostProfile::default(), Movement::default()),
            Err(GridError::BadSize { .. })
        ));
    }
}
