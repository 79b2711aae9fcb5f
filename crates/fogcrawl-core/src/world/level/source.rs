//! Where a level comes from on disk: a TOML level file or a Moving AI `.map`, told
//! apart by the file's extension, both read into a [`LevelFile`].
//!
//! It sits above both readers so neither knows the other: the level file format never
//! mentions Moving AI maps, and the map reader never builds a level file. It must never
//! parse either format itself.

use std::path::Path;

use super::error::LevelError;
use super::file::{LevelFile, LevelSource};
use crate::world::movingai_level::{is_movingai_map, level_from_movingai};

/// Reads the level at `path`: a Moving AI map (`.map`, any case) as an already built
/// level named by its file stem (seeds are ignored), anything else as a TOML level file.
///
/// # Errors
/// For a map, as [`level_from_movingai`]; else as [`LevelFile::load`].
pub(crate) fn load_level_file(path: &Path) -> Result<LevelFile, LevelError> {
    if !is_movingai_map(path) {
        return LevelFile::load(path);
    }
    let level = level_from_movingai(path)?;
    Ok(LevelFile {
        path: path.to_owned(),
        name: level.name.clone(),
        description: level.description.clone(),
        source: LevelSource::MovingAi(level),
    })
}
