//! Where a drawing comes from and where it goes: a shipped level or a level
//! file (read by the game's own loader), a Moving AI map, or a preset; and
//! saved as a level file the game plays (`fogcrawl --level FILE`) or as a
//! Moving AI `.map` with a `.scen` of its start and goal and the optimal
//! length, which `fogcrawl scen` checks.
//!
//! Fog and painted influence belong to the lab, not to levels: they are not
//! saved. A level file is at least 16 cells a side, so a smaller drawing is
//! saved with walls added on the right and at the bottom (every cell keeps
//! its coordinates).

use std::fmt::Write as _;
use std::path::{Path, PathBuf};

use gridpath::movingai::MovingAiMap;
use gridpath::{AStar, Grid, Movement, Pos, SearchOptions};
use thiserror::Error;

use fogcrawl_core::{CostProfile, SIDE_RANGE, Terrain, is_movingai_map, load_level, terrain_char};

use super::drawing::Drawing;

/// Why a drawing could not be read or written.
#[derive(Debug, Error)]
pub enum LabFileError {
    /// The game's level loader refused the file (its message names the
    /// file, line and field).
    #[error("{0}")]
    Level(String),
    /// Writing failed.
    #[error("cannot write {path}: {source}")]
    Write {
        path: PathBuf,
        source: std::io::Error,
    },
    /// The game would refuse the level: its stairs must be reachable.
    #[error(
        "not saved: the goal {goal} cannot be reached from the start {start} on the true map, and the game refuses a level whose stairs cannot be reached"
    )]
    Unreachable { start: Pos, goal: Pos },
    /// The drawing is larger than a level may be.
    #[error("not saved: a level is at most {max} cells a side; this drawing is {width}x{height}")]
    TooLarge {
        width: usize,
        height: usize,
        max: usize,
    },
    /// The map was written but could not be read back (should not happen).
    #[error("{path} was written but cannot be read back: {reason}")]
    ReadBack { path: PathBuf, reason: String },
}

/// Loads a level name, a level file or a Moving AI `.map` as a drawing
/// searched from the level's start to its stairs.
///
/// # Errors
/// [`LabFileError::Level`] with the loader's message.
pub(crate) fn load(arg: &str, seed: Option<u64>) -> Result<Drawing, LabFileError> {
    let loaded = load_level(arg, seed).map_err(|err| LabFileError::Level(err.to_string()))?;
    Ok(Drawing::from_level(loaded.level))
}

/// What saving wrote, for the status line.
#[derive(Debug, Clone, PartialEq)]
pub struct Saved {
    pub files: Vec<PathBuf>,
    /// What the saved files leave out, if anything.
    pub note: Option<String>,
}

/// Saves `drawing` to `path`: a Moving AI map (and its `.scen`) if the
/// name ends in `.map`, else a level file.
///
/// # Errors
/// A [`LabFileError`] saying what went wrong.
pub fn save(drawing: &Drawing, path: &Path) -> Result<Saved, LabFileError> {
    let dropped = if drawing.has_fog() || drawing.has_influence() {
        Some("fog and influence are the lab's and not saved".to_owned())
    } else {
        None
    };
    if is_movingai_map(path) {
        let scen = save_map(drawing, path)?;
        let note = Some(
            [
                Some("a .map knows only walkable, swamp, water and wall: other costs become plain ground".to_owned()),
                dropped,
            ]
            .into_iter()
            .flatten()
            .collect::<Vec<_>>()
            .join("; "),
        );
        Ok(Saved {
            files: vec![path.to_path_buf(), scen],
            note,
        })
    } else {
        save_level(drawing, path)?;
        Ok(Saved {
            files: vec![path.to_path_buf()],
            note: dropped,
        })
    }
}

/// The level file text of `drawing`: start `@`, the goal as the stairs.
///
/// # Errors
/// [`LabFileError::Unreachable`] when the game would refuse the level.
pub(crate) fn level_text(drawing: &Drawing) -> Result<String, LabFileError> {
    let (start, goal) = (drawing.start(), drawing.goal());
    let (width, height) = (drawing.width(), drawing.height());
    let max = *SIDE_RANGE.end();
    if width > max || height > max {
        return Err(LabFileError::TooLarge { width, height, max });
    }
    let truth = drawing
        .level()
        .cost_grid(&CostProfile::default(), Movement::default())
        .map_err(|err| LabFileError::Level(err.to_string()))?;
    if !truth.connected(start, goal) {
        return Err(LabFileError::Unreachable { start, goal });
    }
    let (out_width, out_height) = (
        width.max(*SIDE_RANGE.start()),
        height.max(*SIDE_RANGE.start()),
    );
    let start_terrain = drawing.terrain(start).unwrap_or(Terrain::Floor);
    let mut rows = String::new();
    for y in 0..out_height {
        for x in 0..out_width {
            let pos = Pos::new(
                i32::try_from(x).unwrap_or(i32::MAX),
                i32::try_from(y).unwrap_or(i32::MAX),
            );
            let c = if pos == start {
                '@'
            } else if pos == goal {
                terrain_char(Terrain::StairsDown)
            } else {
                match drawing.terrain(pos) {
                    // One stairs: the goal's.
                    Some(Terrain::StairsDown) => terrain_char(Terrain::Floor),
                    Some(terrain) => terrain_char(terrain),
                    None => terrain_char(Terrain::Wall),
                }
            };
            rows.push(c);
        }
        rows.push('\n');
    }
    // An open door is `'`: three in a row would end the TOML string.
    let open_door = terrain_char(Terrain::OpenDoor);
    let mut legend = Vec::new();
    if rows.contains("'''") {
        rows = rows.replace(open_door, "D");
        legend.push(("D".to_owned(), "open_door".to_owned()));
    }
    if start_terrain != Terrain::Floor {
        legend.push(("@".to_owned(), format!("start on {}", start_terrain.name())));
    }
    let mut text = String::new();
    let name = &drawing.level().name;
    let _ = writeln!(
        text,
        "description = \"Drawn in fogcrawl lab{}: from {} to the stairs at {}.\"",
        if name.is_empty() || name == "lab" {
            String::new()
        } else {
            format!(" from {}", name.replace(['"', '\\'], ""))
        },
        start,
        goal
    );
    text.push_str("\n[layout]\nmap = '''\n");
    text.push_str(&rows);
    text.push_str("'''\n");
    if !legend.is_empty() {
        text.push_str("\n[layout.legend]\n");
        for (key, value) in legend {
            let _ = writeln!(text, "\"{key}\" = \"{value}\"");
        }
    }
    Ok(text)
}

fn save_level(drawing: &Drawing, path: &Path) -> Result<(), LabFileError> {
    let text = level_text(drawing)?;
    write(path, text.as_bytes())
}

fn write(path: &Path, bytes: &[u8]) -> Result<(), LabFileError> {
    std::fs::write(path, bytes).map_err(|source| LabFileError::Write {
        path: path.to_path_buf(),
        source,
    })
}

/// The Moving AI tile of a terrain: walls `@`, deep water `W`, swamp `S`,
/// every other passable ground `.`.
fn map_tile(terrain: Option<Terrain>) -> char {
    match terrain {
        Some(Terrain::Swamp) => 'S',
        Some(Terrain::DeepWater) => 'W',
        Some(terrain) if terrain.is_passable() => '.',
        _ => '@',
    }
}

/// The `.map` text of `drawing`.
pub(crate) fn map_text(drawing: &Drawing) -> String {
    let mut text = format!(
        "type octile\nheight {}\nwidth {}\nmap\n",
        drawing.height(),
        drawing.width()
    );
    for pos_row in 0..drawing.height() {
        for x in 0..drawing.width() {
            let pos = Pos::new(
                i32::try_from(x).unwrap_or(i32::MAX),
                i32::try_from(pos_row).unwrap_or(i32::MAX),
            );
            text.push(map_tile(drawing.terrain(pos)));
        }
        text.push('\n');
    }
    text
}

/// Writes the `.map` and, beside it, a `.scen` with one scenario: the
/// drawing's start and goal and the optimal length on the map as `scen`
/// reads it (every walkable tile costs 1, octile moves, no corner
/// cutting). Returns the `.scen`'s path.
fn save_map(drawing: &Drawing, path: &Path) -> Result<PathBuf, LabFileError> {
    write(path, map_text(drawing).as_bytes())?;
    let map = MovingAiMap::load(path).map_err(|err| LabFileError::ReadBack {
        path: path.to_path_buf(),
        reason: err.to_string(),
    })?;
    let grid = Grid::from_fn(
        map.width(),
        map.height(),
        Movement::EIGHT_CONNECTED,
        |x, y| {
            let (Ok(x), Ok(y)) = (usize::try_from(x), usize::try_from(y)) else {
                return None;
            };
            map.is_passable(x, y).then_some(1.0)
        },
    )
    .map_err(|err| LabFileError::ReadBack {
        path: path.to_path_buf(),
        reason: err.to_string(),
    })?;
    let (start, goal) = (drawing.start(), drawing.goal());
    let length = AStar::new()
        .find_path(&grid, start, goal, &SearchOptions::default())
        .ok()
        .flatten()
        .map(|path| path.cost)
        .ok_or(LabFileError::Unreachable { start, goal })?;
    let map_name = path
        .file_name()
        .map_or_else(String::new, |name| name.to_string_lossy().into_owned());
    // Moving AI buckets scenarios by length / 4.
    let bucket = (length / 4.0).floor();
    let scen = format!(
        "version 1\n{bucket}\t{map_name}\t{}\t{}\t{}\t{}\t{}\t{}\t{length:.8}\n",
        drawing.width(),
        drawing.height(),
        start.x,
        start.y,
        goal.x,
        goal.y
    );
    let scen_path = path.with_extension("map.scen");
    write(&scen_path, scen.as_bytes())?;
    Ok(scen_path)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lab::drawing::Brush;
    use fogcrawl_core::LevelFile;

    #[test]
    fn a_small_drawing_saves_as_a_level_the_game_builds_with_its_ends() {
        let mut drawing = Drawing::empty(10, 5);
        for y in 0..4 {
            drawing.paint(Pos::new(5, y), Brush::Terrain(Terrain::Wall));
        }
        for x in 0..3 {
            drawing.paint(Pos::new(x, 0), Brush::Terrain(Terrain::OpenDoor));
        }
        drawing.paint(drawing.start(), Brush::Terrain(Terrain::Road));
        let text = level_text(&drawing).unwrap();
        let file = LevelFile::parse(Path::new("drawn.toml"), &text).unwrap();
        let level = file.build(0);
        assert_eq!((level.width(), level.height()), (16, 16));
        assert_eq!(level.start, drawing.start());
        assert_eq!(level.stairs, drawing.goal());
        assert_eq!(level.terrain_at(Pos::new(5, 1)), Some(Terrain::Wall));
        assert_eq!(level.terrain_at(Pos::new(1, 0)), Some(Terrain::OpenDoor));
        assert_eq!(level.terrain_at(drawing.start()), Some(Terrain::Road));
    }

    #[test]
    fn an_unreachable_goal_is_not_saved() {
        let mut drawing = Drawing::empty(10, 5);
        for y in 0..5 {
            drawing.paint(Pos::new(5, y), Brush::Terrain(Terrain::Wall));
        }
        assert!(matches!(
            level_text(&drawing),
            Err(LabFileError::Unreachable { .. })
        ));
    }
}
