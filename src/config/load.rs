//! Reading the monster config: finding the file, parsing TOML, and turning toml's
//! errors into messages that name the line, column, field and accepted values.
//!
//! Parsing goes in three steps: the TOML syntax (toml's own message), the file's shape
//! (`raw`: unknown keys, wrong types), then `validate`.
//! This module must never check values itself.

use std::path::{Path, PathBuf};

use toml::de::DeTable;

use super::config_error::ConfigError;
use super::key_path::{KeyPath, Segment, key_span, path_at};
use super::raw::RawFile;
use super::rules;
use super::schema::MonsterConfig;
use super::validate::Validator;
use crate::world::level_dir::level_dirs;
use crate::world::source_text::line_col;

/// The config's file name inside a levels folder.
pub const CONFIG_FILE_NAME: &str = "monsters.toml";

/// Where the monster config is found when `--config` is not given: `monsters.toml` in
/// the first levels folder that has one (`./levels`, then the crate's own `levels/`);
/// the crate's own file if neither has one, so the error names the shipped path.
#[must_use]
pub fn default_config_path() -> PathBuf {
    let candidates: Vec<PathBuf> = level_dirs()
        .into_iter()
        .map(|dir| dir.join(CONFIG_FILE_NAME))
        .collect();
    candidates
        .iter()
        .find(|candidate| candidate.is_file())
        .or(candidates.last())
        .cloned()
        .unwrap_or_else(|| PathBuf::from(CONFIG_FILE_NAME))
}

impl MonsterConfig {
    /// The shipped `levels/monsters.toml` (found by [`default_config_path`]).
    ///
    /// # Errors
    /// As [`MonsterConfig::load`].
    pub fn shipped() -> Result<MonsterConfig, ConfigError> {
        MonsterConfig::load(&default_config_path())
    }

    /// Reads and checks the config at `path`.
    ///
    /// # Errors
    /// [`ConfigError::Io`] if the file cannot be read, else as [`MonsterConfig::parse`].
    pub fn load(path: &Path) -> Result<MonsterConfig, ConfigError> {
        let text = std::fs::read_to_string(path).map_err(|source| ConfigError::Io {
            file: path.to_owned(),
            source,
        })?;
        MonsterConfig::parse(path, &text)
    }

    /// Checks config `text`; `path` is only used in error messages.
    ///
    /// # Errors
    /// [`ConfigError::Syntax`] for text that is not TOML; [`ConfigError::Invalid`] for
    /// unknown keys, values of the wrong type or out of range, unknown names, missing
    /// required fields, a monster of an undeclared faction, or no faction at all.
    pub fn parse(path: &Path, text: &str) -> Result<MonsterConfig, ConfigError> {
        if let Err(error) = DeTable::parse(text) {
            let at = line_col(text, error.span().map_or(0, |span| span.start));
            return Err(ConfigError::Syntax {
                file: path.to_owned(),
                line: at.line,
                column: at.column,
                message: one_line(error.message()),
            });
        }
        let validator = Validator::new(path, text);
        let raw: RawFile =
            toml::from_str(text).map_err(|error| shape_error(&validator, text, &error))?;
        validator.config(&raw)
    }
}

/// toml's message on one line (it sometimes adds an `expected ...` line).
fn one_line(message: &str) -> String {
    message
        .lines()
        .map(str::trim)
        .filter(|line| !line.is_empty())
        .collect::<Vec<_>>()
        .join("; ")
}

/// A deserialization error (unknown key, wrong type) reworded with the field's path and
/// its accepted values.
fn shape_error(validator: &Validator<'_>, text: &str, error: &toml::de::Error) -> ConfigError {
    let span = error.span().unwrap_or(0..0);
    let mut field = path_at(text, span.start);
    let message = one_line(error.message());

    if let Some(rest) = message.strip_prefix("unknown field `")
        && let Some((key, expected)) = rest.split_once('`')
    {
        let mut span = span;
        if field.0.last() != Some(&Segment::Key(key.to_owned())) {
            // toml pointed at the table (an inline one): point at the key instead.
            field = field.key(key);
            span = key_span(text, &field).unwrap_or(span);
        }
        let accepted = if expected.contains("there are no fields") {
            "none".to_owned()
        } else {
            rules::plain_list(expected)
        };
        return validator.invalid(span, &field, "unknown key", accepted);
    }

    let accepted = rules::accepted_at(&field.0);
    for (prefix, verdict) in [
        ("invalid type: ", "is the wrong type"),
        ("invalid value: ", "is not accepted"),
    ] {
        if let Some(rest) = message.strip_prefix(prefix)
            && let Some((found, expected)) = rest.rsplit_once(", expected ")
        {
            let accepted = accepted.unwrap_or_else(|| expected.to_owned());
            return validator.invalid(span, &field, format!("{found} {verdict}"), accepted);
        }
    }
    if let Some(rest) = message.strip_prefix("missing field `")
        && let Some((key, _)) = rest.split_once('`')
    {
        let missing: KeyPath = field.key(key);
        let accepted = rules::accepted_at(&missing.0).unwrap_or_default();
        return validator.invalid(span, &missing, "missing required field", accepted);
    }
    let accepted = accepted.unwrap_or_else(|| "see levels/MONSTERS.md".to_owned());
    validator.invalid(span, &field, message, accepted)
}
