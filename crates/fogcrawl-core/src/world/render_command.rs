//! `fogcrawl render`: a level as plain text, one character per cell, for looking at,
//! diffing and attaching to bug reports.
//!
//! It must never print by itself or exit: it returns text for `cli::render`
//! to write.

use super::level;
use super::level::dir::{LoadedLevel, load_level};
use super::level::error::LevelError;
use super::level::file::LevelSource;

/// What `fogcrawl render` prints.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RenderedLevel {
    /// The map, one line per row (for standard output).
    pub text: String,
    /// Which seed a generated level used and how to get it again (for standard error).
    pub seed_note: Option<String>,
}

/// Loads `level_arg` (a name in `levels/` or a path) and draws it. A recipe uses
/// `seed` if given, else its own `seed` field, else a fresh seed from the clock.
///
/// # Errors
/// Any [`LevelError`] from resolving, reading or checking the level file.
pub fn render_level(level_arg: &str, seed: Option<u64>) -> Result<RenderedLevel, LevelError> {
    let loaded = load_level(level_arg, seed)?;
    Ok(RenderedLevel {
        text: level::text::render(&loaded.level),
        seed_note: seed_note(&loaded),
    })
}

/// For a generated level, which seed it was built with and how to get it again
/// (`caves: seed 7 (repeat with --seed 7)`); `None` for hand-drawn levels and maps.
#[must_use]
pub fn seed_note(loaded: &LoadedLevel) -> Option<String> {
    matches!(loaded.file.source, LevelSource::Recipe(_)).then(|| {
        format!(
            "{}: seed {} (repeat with --seed {})",
            loaded.file.name, loaded.seed, loaded.seed
        )
    })
}
