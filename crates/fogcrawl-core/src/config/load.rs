//! Reading the monster config: finding the file, parsing TOML, and turning toml's
//! errors into messages that name the line, column, field and accepted values.
//!
//! Parsing goes in three steps: the TOML syntax (toml's own message), the file's shape
//! (`raw`: unknown keys, wrong types), then `validate`.
//! This module must never check values itself.

use std::fmt;
use std::path::{Path, PathBuf};

use toml::de::DeTable;

use super::config_error::ConfigError;
use super::raw::RawFile;
use super::rules;
use super::schema::MonsterConfig;
use super::validate::Validator;
use crate::diagnostic::Diagnostic;
use crate::key_path::{self, KeyPath, Segment, key_span, one_line, plain_list};
use crate::user_dirs::UserDirs;
use crate::world::level::dir::override_dir;
use crate::world::shipped_levels::BUILT_IN_PREFIX;
use crate::world::source_text::line_col;

/// The config's file name inside a levels folder or the user's config folder.
pub(crate) const CONFIG_FILE_NAME: &str = "monsters.toml";

/// The largest config file read: the shipped one is 9 KB, and a config at
/// every cap ([`MAX_FACTIONS`](rules::MAX_FACTIONS) factions,
/// [`MAX_MONSTER_KINDS`](rules::MAX_MONSTER_KINDS) kinds, all fields set)
/// is well under this. Only regular files are read (never a FIFO or a
/// device, see [`regular_file`](crate::regular_file)).
pub(crate) const MAX_CONFIG_BYTES: u64 = 1 << 20;

/// The text of the config file at `path`: a regular file of at most
/// [`MAX_CONFIG_BYTES`], opened without blocking.
///
/// # Errors
/// [`ConfigError::Io`] naming the file and what is wrong with it.
pub(crate) fn read_config_text(path: &Path) -> Result<String, ConfigError> {
    crate::regular_file::read_capped_text(path, MAX_CONFIG_BYTES).map_err(|err| ConfigError::Io {
        file: path.to_owned(),
        source: err.into(),
    })
}

/// The shipped `levels/monsters.toml`, built into the binary.
pub const SHIPPED_CONFIG: &str = include_str!("../../../../levels/monsters.toml");

/// Where the monster config comes from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ConfigSource {
    /// A file: `--config`, `./levels/monsters.toml` or the user's copy. Hot
    /// reload watches it while a game runs.
    File(PathBuf),
    /// The config built into the binary ([`SHIPPED_CONFIG`]). There is no
    /// file to watch, so it never changes while a game runs; `fogcrawl config
    /// --init` writes a user copy to edit (and watch) instead.
    BuiltIn,
}

impl fmt::Display for ConfigSource {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ConfigSource::File(path) => write!(f, "{}", path.display()),
            ConfigSource::BuiltIn => f.write_str("the built-in monster config"),
        }
    }
}

impl ConfigSource {
    /// Reads and checks the config.
    ///
    /// # Errors
    /// As [`MonsterConfig::load`] for a file; [`MonsterConfig::shipped`] cannot fail
    /// (a test checks the built-in file).
    pub fn load(&self) -> Result<MonsterConfig, ConfigError> {
        match self {
            ConfigSource::File(path) => MonsterConfig::load(path),
            ConfigSource::BuiltIn => MonsterConfig::shipped(),
        }
    }
}

/// Where the user's own copy of the config lives (`monsters.toml` in the config
/// folder, e.g. `~/.config/fogcrawl/`); `None` without a home folder.
#[must_use]
pub fn user_config_path() -> Option<PathBuf> {
    UserDirs::from_system().map(|dirs| dirs.config.join(CONFIG_FILE_NAME))
}

/// Where the monster config comes from when `--config` is not given, first found:
/// `./levels/monsters.toml`, then the user's copy ([`user_config_path`]), then the
/// built-in config.
#[must_use]
pub fn default_config_source() -> ConfigSource {
    default_config_source_from(
        &override_dir().join(CONFIG_FILE_NAME),
        user_config_path().as_deref(),
    )
}

/// [`default_config_source`] with the two candidate files given explicitly.
#[must_use]
pub(crate) fn default_config_source_from(
    levels_copy: &Path,
    user_copy: Option<&Path>,
) -> ConfigSource {
    [Some(levels_copy), user_copy]
        .into_iter()
        .flatten()
        .find(|candidate| candidate.is_file())
        .map_or(ConfigSource::BuiltIn, |found| {
            ConfigSource::File(found.to_owned())
        })
}

/// Writes the built-in config to `path` (making its folder) so it can be edited,
/// never over an existing file.
///
/// # Errors
/// [`ConfigError::Io`] if the folder cannot be made, the file exists, or it cannot
/// be written.
pub fn write_user_copy(path: &Path) -> Result<(), ConfigError> {
    let failed = |source| ConfigError::Io {
        file: path.to_owned(),
        source,
    };
    if let Some(dir) = path.parent().filter(|dir| !dir.as_os_str().is_empty()) {
        std::fs::create_dir_all(dir).map_err(failed)?;
    }
    // `create_new` refuses an existing file, so an edited copy is never lost.
    let mut file = std::fs::OpenOptions::new()
        .write(true)
        .create_new(true)
        .open(path)
        .map_err(failed)?;
    std::io::Write::write_all(&mut file, SHIPPED_CONFIG.as_bytes()).map_err(failed)?;
    file.sync_all().map_err(failed)
}

impl MonsterConfig {
    /// The shipped `levels/monsters.toml`, as built into the binary.
    ///
    /// # Errors
    /// As [`MonsterConfig::parse`]; a test checks that the built-in file is valid.
    pub fn shipped() -> Result<MonsterConfig, ConfigError> {
        MonsterConfig::parse(
            &Path::new(BUILT_IN_PREFIX).join(CONFIG_FILE_NAME),
            SHIPPED_CONFIG,
        )
    }

    /// Reads and checks the config at `path`.
    ///
    /// # Errors
    /// [`ConfigError::Io`] if the file cannot be read, else as [`MonsterConfig::parse`].
    pub fn load(path: &Path) -> Result<MonsterConfig, ConfigError> {
        let text = read_config_text(path)?;
        MonsterConfig::parse(path, &text)
    }

    /// Checks config `text`; `path` is only used in error messages.
    ///
    /// # Errors
    /// [`ConfigError::Syntax`] for text that is not TOML; [`ConfigError::Invalid`] for
    /// unknown keys, values of the wrong type or out of range, unknown names, missing
    /// required fields, a monster of an undeclared faction, or no faction at all.
    pub fn parse(path: &Path, text: &str) -> Result<MonsterConfig, ConfigError> {
        let root = DeTable::parse(text).map_err(|error| {
            let at = line_col(text, error.span().map_or(0, |span| span.start));
            ConfigError::Syntax(
                Diagnostic::new(path, at.line, at.column, one_line(error.message())).into(),
            )
        })?;
        let validator = Validator::new(path, text);
        let raw: RawFile = serde_path_to_error::deserialize(toml::Deserializer::from(root.clone()))
            .map_err(|error| shape_error(&validator, root.get_ref(), &error))?;
        validator.config(&raw)
    }
}

/// A deserialization error (unknown key, wrong type) reworded with the field's path
/// (the keys serde took to it, in the parsed file `root`) and its accepted values.
fn shape_error(
    validator: &Validator<'_>,
    root: &DeTable<'_>,
    error: &serde_path_to_error::Error<toml::de::Error>,
) -> ConfigError {
    let span = error.inner().span().unwrap_or(0..0);
    let mut field = key_path::from_serde(error.path(), root, span.start);
    let message = one_line(error.inner().message());

    if let Some(rest) = message.strip_prefix("unknown field `")
        && let Some((key, expected)) = rest.split_once('`')
    {
        if field.0.last() != Some(&Segment::Key(key.to_owned())) {
            field = field.key(key);
        }
        // toml may point at the table (an inline one): point at the key instead.
        let span = key_span(root, &field)
            .filter(|key_at| !key_at.contains(&span.start))
            .unwrap_or(span);
        let accepted = if expected.contains("there are no fields") {
            "none".to_owned()
        } else {
            plain_list(expected)
        };
        return validator.invalid(span, &field, "unknown key", accepted);
    }

    let accepted = rules::accepted_at(&field.0);
    if let Some((found, expected)) = key_path::wrong_value(&message) {
        let accepted = accepted.unwrap_or_else(|| expected.to_owned());
        return validator.invalid(span, &field, found, accepted);
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_built_in_config_is_valid_and_matches_the_shipped_file() {
        let on_disk = std::fs::read_to_string(
            Path::new(env!("CARGO_MANIFEST_DIR"))
                .join("../..")
                .join("levels")
                .join(CONFIG_FILE_NAME),
        )
        .expect("levels/monsters.toml");
        assert_eq!(on_disk, SHIPPED_CONFIG);
        let config = MonsterConfig::shipped().unwrap_or_else(|err| panic!("{err}"));
        assert_eq!(ConfigSource::BuiltIn.load().expect("built in"), config);
    }

    #[test]
    fn the_levels_copy_comes_first_then_the_user_copy_then_the_built_in_one() {
        let dir = tempfile::tempdir().expect("a temp dir");
        let levels_copy = dir.path().join("levels").join(CONFIG_FILE_NAME);
        let user_copy = dir.path().join("config").join(CONFIG_FILE_NAME);
        assert_eq!(
            default_config_source_from(&levels_copy, Some(&user_copy)),
            ConfigSource::BuiltIn
        );
        write_user_copy(&user_copy).expect("the user copy is written");
        assert_eq!(
            default_config_source_from(&levels_copy, Some(&user_copy)),
            ConfigSource::File(user_copy.clone())
        );
        write_user_copy(&levels_copy).expect("the levels copy is written");
        assert_eq!(
            default_config_source_from(&levels_copy, Some(&user_copy)),
            ConfigSource::File(levels_copy.clone())
        );
        assert_eq!(
            default_config_source_from(&dir.path().join("nothing"), None),
            ConfigSource::BuiltIn
        );
    }

    #[test]
    fn a_user_copy_is_the_built_in_config_and_is_never_overwritten() {
        let dir = tempfile::tempdir().expect("a temp dir");
        let path = dir.path().join(CONFIG_FILE_NAME);
        write_user_copy(&path).expect("written");
        assert_eq!(
            MonsterConfig::load(&path).expect("valid"),
            MonsterConfig::shipped().expect("valid")
        );
        std::fs::write(&path, "# edited").expect("an edit");
        let err = write_user_copy(&path).expect_err("the file exists");
        assert!(matches!(err, ConfigError::Io { .. }), "{err}");
        assert_eq!(
            std::fs::read_to_string(&path).expect("readable"),
            "# edited"
        );
    }

    #[test]
    fn a_missing_config_file_is_named_and_said_missing_in_words() {
        let dir = tempfile::tempdir().expect("a temporary folder");
        let path = dir.path().join("nope.toml");
        let err = MonsterConfig::load(&path).expect_err("no file");
        assert_eq!(
            err.to_string(),
            format!(
                "{}: cannot read the monster config: there is no such file",
                path.display()
            ),
            "not io's \"entity not found\""
        );
    }

    /// The key path of the first shape error in `text`, read as `raw::RawFile`.
    fn error_path(text: &str) -> String {
        let root = DeTable::parse(text).expect("TOML");
        let deserializer = toml::Deserializer::from(root.clone());
        let error = serde_path_to_error::deserialize::<_, super::RawFile>(deserializer)
            .expect_err("a shape error");
        let offset = error.inner().span().map_or(0, |span| span.start);
        key_path::from_serde(error.path(), root.get_ref(), offset).to_string()
    }

    #[test]
    fn a_shape_error_is_named_by_the_keys_serde_took_to_it() {
        let text =
            "[factions.goblins]\nweight = 2.0\n\n[factions.\"deep ones\"]\nspeed = \"fast\"\n";
        assert_eq!(error_path(text), "factions.\"deep ones\".speed");
        let text = "[factions.goblins]\nterrain_costs = { mud = [1] }\n";
        assert_eq!(error_path(text), "factions.goblins.terrain_costs.mud");
        let text = "[[monsters]]\nname = \"a\"\n\n[[monsters]]\nhp = \"many\"\n";
        assert_eq!(error_path(text), "monsters[1].hp");
        let text = "[[monsters]]\ndamage = [1, \"x\"]\n";
        assert_eq!(error_path(text), "monsters[0].damage[1]");
        let text = "[factions.goblins]\nwieght = 2.0\n";
        assert_eq!(error_path(text), "factions.goblins.wieght");
    }
}
