//! Finding level files: `--level` resolution (a path, a name in `./levels`, or a
//! built-in level), listing levels, the run order in `run.toml`, and loading. A file
//! ending in `.map` loads as a Moving AI map ([`movingai_level`]),
//! so `--map` is `--level` with such a file.
//!
//! Search order for a name: `./levels` (relative to the current directory: the
//! override for people who make levels), then the levels built into the binary
//! ([`shipped_levels`]), so a copied or installed binary plays from any folder.
//! This module must never parse level content itself: that is [`level::file`](super::file).

use std::path::{Path, PathBuf};

use serde::Deserialize;

use super::Level;
use super::error::LevelError;
use super::file::LevelFile;
use super::source;
use crate::diagnostic::Diagnostic;
use crate::regular_file::{FileKind, ReadError, kind_at, read_capped_text};
use crate::world::movingai_level;
use crate::world::shipped_levels::{
    self, BUILT_IN_PREFIX, SHIPPED_LEVELS, SHIPPED_RUN, ShippedLevel,
};
use crate::world::source_text::line_col;
use crate::world::spawn_factions::SpawnFactions;

/// The levels folder name, relative to the current directory.
pub(crate) const LEVELS_DIR: &str = "levels";
/// The run order file inside a levels folder.
pub(crate) const RUN_FILE: &str = "run.toml";
/// The largest run order read (a list of level names).
const MAX_RUN_FILE_BYTES: u64 = 1 << 20;
/// Files in a levels folder that are not levels.
pub(crate) const NOT_LEVELS: [&str; 2] = [RUN_FILE, "monsters.toml"];
const LEVEL_EXTENSION: &str = "toml";
/// How the built-in levels are named where folders are listed.
const BUILT_IN_LEVELS: &str = "the built-in levels";

/// The override folder searched before the built-in levels: `./levels`.
#[must_use]
pub(crate) fn override_dir() -> PathBuf {
    PathBuf::from(LEVELS_DIR)
}

/// Where a `--level` argument was found.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum LevelLocation {
    /// A file on disk: a path given as it is, or a name found in `./levels`.
    File(PathBuf),
    /// A level built into the binary.
    Shipped(&'static ShippedLevel),
}

impl LevelLocation {
    /// The path that names the level in messages: the file, or
    /// `<built-in>/NAME.toml` for a built-in level.
    #[must_use]
    pub fn path(&self) -> PathBuf {
        match self {
            LevelLocation::File(path) => path.clone(),
            LevelLocation::Shipped(level) => built_in_path(level.name),
        }
    }
}

fn built_in_path(name: &str) -> PathBuf {
    Path::new(BUILT_IN_PREFIX).join(format!("{name}.{LEVEL_EXTENSION}"))
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
/// `NAME.toml` in `./levels`, then among the built-in levels (a name ending in
/// `.toml` or `.map` is looked up as it is).
///
/// # Errors
/// [`LevelError::NotFound`] listing the places searched and the levels available.
pub fn resolve_level(arg: &str) -> Result<LevelLocation, LevelError> {
    resolve_level_in(arg, &override_dir())
}

/// [`resolve_level`] with `dir` as the override folder.
///
/// # Errors
/// As [`resolve_level`].
pub(crate) fn resolve_level_in(arg: &str, dir: &Path) -> Result<LevelLocation, LevelError> {
    let direct = Path::new(arg);
    refuse_non_regular(direct)?;
    if direct.is_file() {
        return Ok(LevelLocation::File(direct.to_owned()));
    }
    let file_name = if arg.ends_with(".toml") || movingai_level::is_movingai_map(direct) {
        arg.to_owned()
    } else {
        format!("{arg}.{LEVEL_EXTENSION}")
    };
    // A name, not a path: a path that is not a file is simply not found.
    if !arg.contains(['/', '\\']) {
        let candidate = dir.join(&file_name);
        refuse_non_regular(&candidate)?;
        if candidate.is_file() {
            return Ok(LevelLocation::File(candidate));
        }
        let stem = file_name.strip_suffix(".toml").unwrap_or(&file_name);
        if let Some(level) = shipped_levels::shipped_level(stem) {
            return Ok(LevelLocation::Shipped(level));
        }
    }
    let mut available = level_names(dir);
    available.extend(SHIPPED_LEVELS.iter().map(|level| level.name.to_owned()));
    available.sort();
    available.dedup();
    Err(LevelError::NotFound {
        name: arg.to_owned(),
        searched: format!("{} or {BUILT_IN_LEVELS}", dir.display()),
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
    load_level_for(arg, cli_seed, &SpawnFactions::default())
}

/// [`load_level`], a recipe's spawns placed where their faction can move (see
/// [`LevelFile::build_for`]).
///
/// # Errors
/// Any [`LevelError`] from resolving or reading the file.
pub(crate) fn load_level_for(
    arg: &str,
    cli_seed: Option<u64>,
    factions: &SpawnFactions,
) -> Result<LoadedLevel, LevelError> {
    let file = match resolve_level(arg)? {
        LevelLocation::File(path) => source::load_level_file(&path)?,
        LevelLocation::Shipped(level) => LevelFile::parse(&built_in_path(level.name), level.text)?,
    };
    let seed = file.choose_seed(cli_seed);
    let level = file.build_for(seed, factions);
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
/// [`LevelError::RunOrder`] or [`LevelError::Syntax`].
pub fn run_order(dir: &Path) -> Result<Vec<String>, LevelError> {
    let path = dir.join(RUN_FILE);
    let text = read_capped_text(&path, MAX_RUN_FILE_BYTES).map_err(|err| LevelError::RunOrder {
        file: path.clone(),
        source: err.into(),
    })?;
    parse_run_order(&path, &text)
}

/// The run order played when no `--level` is given: `./levels/run.toml` if
/// there is one, else the built-in one.
///
/// # Errors
/// [`LevelError::RunOrder`] when `./levels/run.toml` is there but cannot be read
/// (a FIFO, a device, a folder, too large: refused without reading or
/// waiting), [`LevelError::Syntax`] when it is broken.
pub fn standard_run_order() -> Result<Vec<String>, LevelError> {
    match run_order(&override_dir()) {
        Err(LevelError::RunOrder { source, .. })
            if source.kind() == std::io::ErrorKind::NotFound =>
        {
            parse_run_order(&Path::new(BUILT_IN_PREFIX).join(RUN_FILE), SHIPPED_RUN)
        }
        other => other,
    }
}

/// Refuses what a level name or path names when it is there but no regular
/// file (a FIFO, a device): a level is never read from one.
fn refuse_non_regular(path: &Path) -> Result<(), LevelError> {
    match kind_at(path) {
        Some(kind) if kind != FileKind::Regular && kind != FileKind::Folder => {
            Err(LevelError::Io {
                file: path.to_owned(),
                source: ReadError::NotRegular(kind).into(),
            })
        }
        _ => Ok(()),
    }
}

fn parse_run_order(path: &Path, text: &str) -> Result<Vec<String>, LevelError> {
    let run: RunToml = toml::from_str(text).map_err(|err| {
        let at = line_col(text, err.span().map_or(0, |s| s.start));
        LevelError::Syntax(
            Diagnostic::new(path, at.line, at.column, err.message().trim_end()).into(),
        )
    })?;
    Ok(run.levels)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_built_in_table_matches_the_levels_folder() {
        let folder = Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("../..")
            .join(LEVELS_DIR);
        let built_in: Vec<&str> = SHIPPED_LEVELS.iter().map(|level| level.name).collect();
        assert_eq!(level_names(&folder), built_in);
        for level in SHIPPED_LEVELS {
            let on_disk = std::fs::read_to_string(folder.join(format!("{}.toml", level.name)))
                .expect("a shipped level file");
            assert_eq!(on_disk, level.text, "{}", level.name);
        }
    }

    #[test]
    fn every_built_in_level_and_the_run_order_load_without_a_levels_folder() {
        let empty = tempfile::tempdir().expect("a temp dir");
        let run = parse_run_order(Path::new("run.toml"), SHIPPED_RUN).expect("the built-in run");
        assert!(run.len() >= 6, "{run:?}");
        for name in SHIPPED_LEVELS
            .iter()
            .map(|level| level.name)
            .chain(run.iter().map(String::as_str))
        {
            let found = resolve_level_in(name, empty.path()).expect("a built-in level");
            assert!(
                matches!(found, LevelLocation::Shipped(_)),
                "{name}: {found:?}"
            );
            let file = LevelFile::parse(
                &found.path(),
                shipped_levels::shipped_level(name).expect("shipped").text,
            )
            .unwrap_or_else(|err| panic!("{err}"));
            assert_eq!(file.name, name);
            let level = file.build(file.choose_seed(Some(1)));
            assert!(
                level.index(level.stairs).is_some(),
                "{name}: stairs off the map"
            );
        }
    }

    #[test]
    fn the_override_folder_comes_before_the_built_in_levels() {
        let dir = tempfile::tempdir().expect("a temp dir");
        std::fs::write(dir.path().join("swamp.toml"), "not read here").expect("a level file");
        assert_eq!(
            resolve_level_in("swamp", dir.path()).expect("found"),
            LevelLocation::File(dir.path().join("swamp.toml"))
        );
        assert_eq!(
            resolve_level_in("swamp.toml", dir.path()).expect("found"),
            LevelLocation::File(dir.path().join("swamp.toml"))
        );
        assert!(matches!(
            resolve_level_in("caves.toml", dir.path()),
            Ok(LevelLocation::Shipped(ShippedLevel { name: "caves", .. }))
        ));
        let err = resolve_level_in("atlantis", dir.path()).expect_err("no such level");
        assert!(err.to_string().contains("or the built-in levels"), "{err}");
        assert!(
            err.to_string().contains("one of: caves, colossus, horde"),
            "{err}"
        );
    }
}
