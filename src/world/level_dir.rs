//! Finding level files: `--level` resolution (a name in a levels folder, or a path),
//! listing the shipped levels, the run order in `levels/run.toml`, and loading. A file
//! ending in `.map` loads as a Moving AI map ([`movingai_level`]),
//! so `--map` is `--level` with such a file.
//!
//! Folders searched, in order: `./levels` (relative to the current directory), then
//! the crate's own `levels/` (`CARGO_MANIFEST_DIR/levels`, baked in at build time).
//! This module must never parse level content itself: that is [`level_file`](super::level_file).

use std::path::{Path, PathBuf};

use serde::Deserialize;

use super::Level;
use super::level_error::LevelError;
use super::level_file::LevelFile;
use super::movingai_level;
use super::source_text::line_col;

/// The levels folder name, relative to the current directory.
pub const LEVELS_DIR: &str = "levels";
/// The run order file inside a levels folder.
pub const RUN_FILE: &str = "run.toml";
/// Files in a levels folder that are not levels.
pub const NOT_LEVELS: [&str; 2] = [RUN_FILE, "monsters.toml"];
const LEVEL_EXTENSION: &str = "toml";

/// The folders searched for level names, in order, without duplicates.
#[must_use]
pub fn level_dirs() -> Vec<PathBuf> {
    let mut dirs = vec![PathBuf::from(LEVELS_DIR)];
    let shipped = Path::new(env!("CARGO_MANIFEST_DIR")).join(LEVELS_DIR);
    let same = |a: &Path, b: &Path| match (a.canonicalize(), b.canonicalize()) {
        (Ok(a), Ok(b)) => a == b,
        _ => a == b,
    };
    if !same(&dirs[0], &shipped) {
        dirs.push(shipped);
    }
    dirs
}

/// The level names (file stems) in `dir`, sorted; empty if it cannot be read.
#[must_use]
pub fn level_names(dir: &Path) -> Vec<String> {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return Vec::new();
    };
    let mut names: Vec<String> = entries
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|e| e == LEVEL_EXTENSION))
        .filter(|p| {
            p.file_name()
                .is_none_or(|n| !NOT_LEVELS.iter().any(|&skip| n == skip))
        })
        .filter_map(|p| p.file_stem().map(|s| s.to_string_lossy().into_owned()))
        .collect();
    names.sort();
    names
}

/// Resolves a `--level` argument: an existing file path, else `NAME` looked up as
/// `NAME.toml` in each of [`level_dirs`] (a name ending in `.toml` or `.map` is looked
/// up as it is).
///
/// # Errors
/// [`LevelError::NotFound`] listing the folders searched and the levels available.
pub fn resolve_level(arg: &str) -> Result<PathBuf, LevelError> {
    let direct = Path::new(arg);
    if direct.is_file() {
        return Ok(direct.to_owned());
    }
    let dirs = level_dirs();
    let file_name = if arg.ends_with(".toml") || movingai_level::is_movingai_map(direct) {
        arg.to_owned()
    } else {
        format!("{arg}.{LEVEL_EXTENSION}")
    };
    if !arg.contains(['/', '\\']) {
        for dir in &dirs {
            let candidate = dir.join(&file_name);
            if candidate.is_file() {
                return Ok(candidate);
            }
        }
    }
    let mut available: Vec<String> = dirs.iter().flat_map(|d| level_names(d)).collect();
    available.sort();
    available.dedup();
    Err(LevelError::NotFound {
        name: arg.to_owned(),
        searched: dirs
            .iter()
            .map(|d| d.display().to_string())
            .collect::<Vec<_>>()
            .join(", "),
        available: available.join(", "),
    })
}

/// A level loaded from a `--level` argument.
#[derive(Debug, Clone, PartialEq)]
pub struct LoadedLevel {
    /// The checked file.
    pub file: LevelFile,
    /// The built level.
    pub level: Level,
    /// The seed it was built with (ignored by layouts).
    pub seed: u64,
}

/// Resolves, reads, checks and builds a level; the seed is chosen by
/// [`LevelFile::choose_seed`] (`--seed`, else the recipe's, else the clock). A `.map`
/// file is read as a Moving AI map, anything else as a TOML level file.
///
/// # Errors
/// Any [`LevelError`] from resolving or reading the file.
pub fn load_level(arg: &str, cli_seed: Option<u64>) -> Result<LoadedLevel, LevelError> {
    let path = resolve_level(arg)?;
    let file = if movingai_level::is_movingai_map(&path) {
        movingai_level::load_level_file(&path)?
    } else {
        LevelFile::load(&path)?
    };
    let seed = file.choose_seed(cli_seed);
    let level = file.build(seed);
    Ok(LoadedLevel { file, level, seed })
}

/// `levels/run.toml`: the order levels are played in a run.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct RunToml {
    levels: Vec<String>,
}

/// Reads the run order (level names or paths) from `RUN_FILE` in `dir`.
///
/// # Errors
/// [`LevelError::Io`] or [`LevelError::Syntax`].
pub fn run_order(dir: &Path) -> Result<Vec<String>, LevelError> {
    let path = dir.join(RUN_FILE);
    let text = std::fs::read_to_string(&path).map_err(|source| LevelError::Io {
        file: path.clone(),
        source,
    })?;
    let run: RunToml = toml::from_str(&text).map_err(|err| {
        let at = line_col(&text, err.span().map_or(0, |s| s.start));
        LevelError::Syntax {
            file: path.clone(),
            line: at.line,
            column: at.column,
            message: err.message().trim_end().to_owned(),
        }
    })?;
    Ok(run.levels)
}
