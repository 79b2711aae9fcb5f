//! Level files: the documented TOML format (see `levels/FORMAT.md`), parsed, validated
//! and built into a [`Level`].
//!
//! A file holds a one-line `description` and exactly one of `[generator]` (a recipe:
//! size, carver and its parameters, painting, seed or none, spawns per faction) or
//! `[layout]` (hand-drawn rows plus a legend). Unknown keys are rejected by name, and
//! every value is range-checked here, so building never fails. This module must never
//! search folders (that is [`level::dir`](super::dir)) or draw anything.

use std::ops::RangeInclusive;
use std::path::{Path, PathBuf};
use std::time::{SystemTime, UNIX_EPOCH};

use serde::Deserialize;
use toml::de::DeTable;

use super::error::LevelError;
use super::shape_error::shape_error;
use crate::diagnostic::Diagnostic;
use crate::world::generate::{Recipe, generate_for};
use crate::world::layout::{LayoutSpec, build_layout};
use crate::world::source_text::{line_col, locate};
use crate::world::spawn_factions::SpawnFactions;
use crate::world::{ItemKind, Level};

pub(crate) use super::{MAX_SPAWNS, SIDE_RANGE};
/// Accepted room sides.
pub(crate) const ROOM_SIDE_RANGE: RangeInclusive<usize> = 2..=64;
/// Accepted smoothing passes for caves.
pub(crate) const SMOOTHING_RANGE: RangeInclusive<u32> = 0..=16;
/// Accepted noise frequencies (cycles per cell).
pub(crate) const FREQUENCY_RANGE: RangeInclusive<f64> = 0.001..=1.0;
/// Accepted chances and shares.
pub(crate) const SHARE_RANGE: RangeInclusive<f64> = 0.0..=1.0;

/// The file as written (before checks).
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct FileToml {
    description: String,
    #[serde(default)]
    generator: Option<Recipe>,
    #[serde(default)]
    layout: Option<LayoutSpec>,
}

/// What a level file describes, checked and ready to build.
#[derive(Debug, Clone, PartialEq)]
pub enum LevelSource {
    /// A generator recipe; built from a seed.
    Recipe(Recipe),
    /// A hand-drawn level, already built.
    Layout(Level),
    /// A Moving AI benchmark map (`.map`), already built by
    /// `movingai_level`.
    MovingAi(Level),
}

/// The largest level file read (a layout of 1024x1024 cells takes about
/// 1 MB; Moving AI maps, read elsewhere, are bigger).
pub(crate) const MAX_LEVEL_FILE_BYTES: u64 = 64 << 20;

/// A parsed, checked level file.
#[derive(Debug, Clone, PartialEq)]
pub struct LevelFile {
    /// Where it was read from.
    pub path: PathBuf,
    /// The file stem: the level's name.
    pub name: String,
    /// One line saying what the level shows.
    pub description: String,
    /// The recipe or the layout.
    pub source: LevelSource,
}

impl LevelFile {
    /// Reads and checks a level file.
    ///
    /// # Errors
    /// [`LevelError::Io`] if unreadable, not a regular file (a FIFO is
    /// refused without waiting for a writer) or larger than
    /// `MAX_LEVEL_FILE_BYTES`, or any content error from [`LevelFile::parse`].
    pub fn load(path: &Path) -> Result<Self, LevelError> {
        let text =
            crate::regular_file::read_capped_text(path, MAX_LEVEL_FILE_BYTES).map_err(|err| {
                LevelError::Io {
                    file: path.to_owned(),
                    source: err.into(),
                }
            })?;
        Self::parse(path, &text)
    }

    /// Parses and checks `text`; `path` names the file in errors and gives the name.
    ///
    /// # Errors
    /// A [`LevelError`] with the file, line, column, field and accepted values:
    /// [`LevelError::Syntax`] for text that is not TOML, [`LevelError::Invalid`] for a
    /// value not allowed or a file not shaped as a level (an unknown key, a value of
    /// the wrong type, a missing field).
    pub fn parse(path: &Path, text: &str) -> Result<Self, LevelError> {
        let root = DeTable::parse(text).map_err(|err| {
            let at = line_col(text, err.span().map_or(0, |s| s.start));
            LevelError::Syntax(
                Diagnostic::new(path, at.line, at.column, err.message().trim_end()).into(),
            )
        })?;
        let file: FileToml =
            serde_path_to_error::deserialize(toml::Deserializer::from(root.clone()))
                .map_err(|err| shape_error(path, text, root.get_ref(), &err))?;
        let source = match (file.generator, file.layout) {
            (Some(recipe), None) => {
                check_recipe(&recipe, path, text)?;
                LevelSource::Recipe(recipe)
            }
            (None, Some(layout)) => LevelSource::Layout(build_layout(&layout, path, text)?),
            (generator, _) => {
                let at = if generator.is_some() {
                    locate(text, &["layout"])
                } else {
                    line_col(text, 0)
                };
                return Err(LevelError::Invalid(
                    Diagnostic::invalid(
                        path,
                        (at.line, at.column),
                        "generator/layout",
                        if generator.is_some() {
                            "both are present"
                        } else {
                            "both are missing"
                        },
                        "exactly one of a [generator] table or a [layout] table",
                    )
                    .into(),
                ));
            }
        };
        let name = path
            .file_stem()
            .map_or_else(String::new, |s| s.to_string_lossy().into_owned());
        Ok(Self {
            path: path.to_owned(),
            name,
            description: file.description,
            source,
        })
    }

    /// The seed a recipe fixes, if any (layouts and maps have none).
    #[must_use]
    pub(crate) fn fixed_seed(&self) -> Option<u64> {
        match &self.source {
            LevelSource::Recipe(recipe) => recipe.seed,
            LevelSource::Layout(_) | LevelSource::MovingAi(_) => None,
        }
    }

    /// The seed to build with: `--seed` if given, else the recipe's fixed seed, else a
    /// fresh one from the clock (report it so the map can be reproduced).
    #[must_use]
    pub fn choose_seed(&self, cli_seed: Option<u64>) -> u64 {
        cli_seed.or(self.fixed_seed()).unwrap_or_else(fresh_seed)
    }

    /// The level: generated from `seed` for a recipe, as drawn for a layout or a Moving
    /// AI map (which ignore the seed). Carries the file's name and description.
    #[must_use]
    pub fn build(&self, seed: u64) -> Level {
        self.build_for(seed, &SpawnFactions::default())
    }

    /// [`Self::build`], a recipe's spawns placed where their faction can move (see
    /// [`generate_for`]); a layout's stay where they were drawn.
    #[must_use]
    pub(crate) fn build_for(&self, seed: u64, factions: &SpawnFactions) -> Level {
        let mut level = match &self.source {
            LevelSource::Recipe(recipe) => generate_for(recipe, seed, factions),
            LevelSource::Layout(level) | LevelSource::MovingAi(level) => level.clone(),
        };
        level.name.clone_from(&self.name);
        level.description.clone_from(&self.description);
        level
    }
}

/// A seed from the clock, for recipes without a fixed seed and no `--seed`.
#[must_use]
pub fn fresh_seed() -> u64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_secs() ^ u64::from(d.subsec_nanos()))
}

/// Refuses a recipe value at a key path (`generator.rooms.loops`): the
/// problem and what is accepted, as an error at the key's place in the file.
type Refuse<'a> = &'a dyn Fn(&[&str], String, String) -> Result<(), LevelError>;

/// Checks every recipe value against its accepted range.
fn check_recipe(recipe: &Recipe, file: &Path, text: &str) -> Result<(), LevelError> {
    let fail = |path: &[&str], problem: String, accepted: String| {
        let at = locate(text, path);
        Err(LevelError::Invalid(
            Diagnostic::invalid(
                file,
                (at.line, at.column),
                path.join("."),
                problem,
                accepted,
            )
            .into(),
        ))
    };
    check_sizes(recipe, &fail)?;
    check_shares(recipe, &fail)
}

/// The level's sides, its spawn count and its rooms' sides.
fn check_sizes(recipe: &Recipe, fail: Refuse<'_>) -> Result<(), LevelError> {
    let sides = [("width", recipe.width), ("height", recipe.height)];
    for (key, value) in sides {
        if !SIDE_RANGE.contains(&value) {
            return fail(
                &["generator", key],
                format!("{value} is out of range"),
                format!("{} to {}", SIDE_RANGE.start(), SIDE_RANGE.end()),
            );
        }
    }
    let mut spawns: usize = 0;
    for (faction, &count) in &recipe.spawns {
        spawns = spawns.saturating_add(count);
        if spawns > MAX_SPAWNS {
            return fail(
                &["generator", "spawns", faction],
                format!(
                    "{count} would make {spawns} spawns in all, over the limit of {MAX_SPAWNS}"
                ),
                format!("at most {MAX_SPAWNS} spawns over all factions"),
            );
        }
    }
    let rooms = &recipe.rooms;
    let room_sides = [("min_room", rooms.min_room), ("max_room", rooms.max_room)];
    for (key, value) in room_sides {
        if !ROOM_SIDE_RANGE.contains(&value) {
            return fail(
                &["generator", "rooms", key],
                format!("{value} is out of range"),
                format!("{} to {}", ROOM_SIDE_RANGE.start(), ROOM_SIDE_RANGE.end()),
            );
        }
    }
    if rooms.max_room < rooms.min_room {
        return fail(
            &["generator", "rooms", "max_room"],
            format!("{} is below min_room {}", rooms.max_room, rooms.min_room),
            format!("{} to {}", rooms.min_room, ROOM_SIDE_RANGE.end()),
        );
    }
    Ok(())
}

/// The cave smoothing, the paint's frequency, every share of the level
/// (each, and the paint's together), and the item names.
fn check_shares(recipe: &Recipe, fail: Refuse<'_>) -> Result<(), LevelError> {
    let rooms = &recipe.rooms;
    if !SMOOTHING_RANGE.contains(&recipe.caves.smoothing) {
        return fail(
            &["generator", "caves", "smoothing"],
            format!("{} is out of range", recipe.caves.smoothing),
            format!("{} to {}", SMOOTHING_RANGE.start(), SMOOTHING_RANGE.end()),
        );
    }
    let paint = &recipe.paint;
    if !FREQUENCY_RANGE.contains(&paint.frequency) {
        return fail(
            &["generator", "paint", "frequency"],
            format!("{} is out of range", paint.frequency),
            format!("{} to {}", FREQUENCY_RANGE.start(), FREQUENCY_RANGE.end()),
        );
    }
    let shares = [
        (["generator", "rooms", "loops"], rooms.loops),
        (["generator", "rooms", "doors"], rooms.doors),
        (["generator", "rooms", "closed_doors"], rooms.closed_doors),
        (["generator", "caves", "fill"], recipe.caves.fill),
        (["generator", "paint", "deep_water"], paint.deep_water),
        (["generator", "paint", "shallow_water"], paint.shallow_water),
        (["generator", "paint", "swamp"], paint.swamp),
        (["generator", "paint", "mud"], paint.mud),
        (["generator", "paint", "grass"], paint.grass),
        (["generator", "paint", "rubble"], paint.rubble),
    ];
    for (path, value) in shares {
        if !SHARE_RANGE.contains(&value) {
            return fail(
                &path,
                format!("{value} is out of range"),
                "0.0 to 1.0".into(),
            );
        }
    }
    for name in recipe.items.keys() {
        if ItemKind::from_name(name).is_none() {
            return fail(
                &["generator", "items", name],
                format!("unknown item \"{name}\""),
                ItemKind::accepted_names(),
            );
        }
    }
    let total = paint.painted_share();
    if total > 1.0 {
        return fail(
            &["generator", "paint"],
            format!("shares (deep_water + shallow_water + swamp + mud + grass) add up to {total}"),
            "shares adding up to at most 1.0".into(),
        );
    }
    Ok(())
}
