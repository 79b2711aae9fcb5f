//! Moving AI benchmark maps (`.map`) as playable levels: `--map FILE.map`, or any
//! `--level` argument ending in `.map`.
//!
//! The file is read by [`gridpath::movingai`], whose errors (file, line, what
//! was expected) pass through unchanged; this module only translates terrain and places
//! the start and stairs. It must never parse the format itself, nor move or reshape
//! cells: cell (x, y) of the map is cell (x, y) of the level, so the benchmark's
//! coordinates still apply.

use std::path::Path;

use super::connectivity::{self, UNREACHED};
use super::level::error::LevelError;
use super::{Level, Terrain};
use gridpath::movingai::{self, MovingAiMap};

/// The file extension of Moving AI maps: level arguments ending in it load here.
pub(crate) const MAP_EXTENSION: &str = "map";

/// The fewest connected walkable cells a map needs: one for the start, one for the
/// stairs.
pub(crate) const MIN_REGION_SIZE: usize = 2;

/// Whether `path` names a Moving AI map, judged by its extension (`.map`, any case).
#[must_use]
pub fn is_movingai_map(path: &Path) -> bool {
    path.extension()
        .is_some_and(|extension| extension.eq_ignore_ascii_case(MAP_EXTENSION))
}

/// Our terrain for a Moving AI map's tile. Walkability matches the benchmark's ground
/// traveller: ground and swamp are walkable, the rest is not. Trees become wall (we have
/// no tree terrain, and they block sight much as a wall does); water becomes deep water,
/// which stays impassable unless a faction's cost profile lets it swim.
#[must_use]
pub(crate) const fn terrain_of(tile: movingai::MapTile) -> Terrain {
    match tile {
        movingai::MapTile::Ground => Terrain::Floor,
        movingai::MapTile::Swamp => Terrain::Swamp,
        movingai::MapTile::Trees | movingai::MapTile::OutOfBounds => Terrain::Wall,
        movingai::MapTile::Water => Terrain::DeepWater,
    }
}

/// Reads the Moving AI map at `path` and builds a level from it (see `level_from_map`).
///
/// # Errors
/// [`LevelError::MovingAiMap`] with the reader's message (file, line, what was
/// expected) if the file cannot be read or parsed, or [`LevelError::NoRoomOnMap`] if
/// it has no two connected walkable cells.
pub fn level_from_movingai(path: &Path) -> Result<Level, LevelError> {
    let map = MovingAiMap::load(path)?;
    level_from_map(&map, path)
}

/// Builds a level from a parsed map; `path` gives the level's name (its stem) and names
/// the file in errors.
///
/// The start is the first walkable cell, in reading order, of the largest connected
/// walkable region (the first such region on a tie), so every map gives the same level.
/// The stairs go on the region's cell farthest from the start in steps, the first in
/// reading order on a tie. Cells unreachable from the start are kept as they are: they
/// are part of the benchmark map. There are no spawns: a game adds them by the rule of
/// [`map_spawns`](super::map_spawns).
///
/// # Errors
/// [`LevelError::NoRoomOnMap`] if no connected walkable region holds
/// [`MIN_REGION_SIZE`] cells.
pub(crate) fn level_from_map(map: &MovingAiMap, path: &Path) -> Result<Level, LevelError> {
    let name = path
        .file_stem()
        .map_or_else(String::new, |stem| stem.to_string_lossy().into_owned());
    let (width, height) = (map.width(), map.height());
    // The reader caps sides far below `Level::MAX_SIDE`, so no cell is cut off.
    let mut level = Level::filled(width, height, Terrain::Wall);
    for (cell, &terrain) in level.cells_mut().iter_mut().zip(map.cells()) {
        *cell = terrain_of(terrain);
    }
    level.description = format!("Moving AI map {name} ({width}x{height})");
    level.name = name;

    let (labels, sizes) = connectivity::label_components(&level);
    let largest = sizes
        .iter()
        .enumerate()
        // `max_by_key` keeps the last maximum; reversing makes it the first region.
        .rev()
        .max_by_key(|&(_, &size)| size)
        .map(|(id, &size)| (id, size));
    let no_room = |largest_region: usize| LevelError::NoRoomOnMap {
        file: path.to_owned(),
        largest_region,
        min_region: MIN_REGION_SIZE,
    };
    let (region, region_size) = largest.ok_or_else(|| no_room(0))?;
    if region_size < MIN_REGION_SIZE {
        return Err(no_room(region_size));
    }
    let region = u32::try_from(region).map_err(|_| no_room(region_size))?;
    let start = labels
        .iter()
        .position(|&label| label == region)
        .and_then(|index| level.pos_of(index))
        .ok_or_else(|| no_room(region_size))?;
    level.start = start;

    let distances = connectivity::step_distances(&level, start);
    let farthest = distances
        .iter()
        .enumerate()
        .filter(|&(_, &steps)| steps != UNREACHED)
        .rev()
        .max_by_key(|&(_, &steps)| steps)
        .and_then(|(index, _)| level.pos_of(index))
        .ok_or_else(|| no_room(region_size))?;
    level.stairs = farthest;
    level.set(farthest, Terrain::StairsDown);
    Ok(level)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::world::{Pos, level};

    fn build(rows: &[&str]) -> Result<Level, LevelError> {
        let map = MovingAiMap::from_rows(rows).expect("valid rows");
        level_from_map(&map, Path::new("maps/test.map"))
    }

    #[test]
    fn terrain_is_translated_and_start_and_stairs_placed() {
        let level = build(&["G.@T", "..WS", "O..S"]).expect("a level");
        assert_eq!(level.name, "test");
        assert_eq!(level.description, "Moving AI map test (4x3)");
        assert!(level.spawns.is_empty());
        assert_eq!(level.start, Pos::new(0, 0));
        assert_eq!(level.stairs, Pos::new(3, 1));
        assert_eq!(
            level::text::render(&level),
            "\
@.##
..W>
#..%
"
        );
    }

    #[test]
    fn the_start_is_in_the_largest_region_and_the_first_one_on_a_tie() {
        let level = build(&["..@...", "@@@@@@", "..@..@"]).expect("a level");
        assert_eq!(level.start, Pos::new(3, 0));
        assert_eq!(level.stairs, Pos::new(5, 0));
        let tie = build(&["..@..", "@@@@@", "..@@.", "@@@@."]).expect("a level");
        assert_eq!(tie.start, Pos::new(0, 0));
        assert_eq!(tie.stairs, Pos::new(1, 0));
    }

    #[test]
    fn diagonal_neighbours_are_not_connected() {
        // No corner cutting: the two open cells touch only at a corner.
        let error = build(&[".@", "@."]).expect_err("no two connected cells");
        assert_eq!(
            error.to_string(),
            "maps/test.map: no room for a start and stairs: the largest connected walkable \
             region has 1 cell(s); accepted values: a map with at least 2 walkable cells \
             (`.`, `G` or `S`) joined by straight steps"
        );
    }

    #[test]
    fn a_map_without_walkable_cells_is_an_error_naming_the_file() {
        let error = build(&["@TW", "OOO"]).expect_err("nothing walkable");
        let text = error.to_string();
        assert!(text.starts_with("maps/test.map: "), "{text}");
        assert!(text.contains("has 0 cell(s)"), "{text}");
    }

    #[test]
    fn only_map_files_are_recognised() {
        assert!(is_movingai_map(Path::new("a/arena.map")));
        assert!(is_movingai_map(Path::new("ARENA.MAP")));
        assert!(!is_movingai_map(Path::new("arena.map.scen")));
        assert!(!is_movingai_map(Path::new("levels/swamp.toml")));
        assert!(!is_movingai_map(Path::new("map")));
    }
}
