//! What a recording says about the game's sources: a hash of each level
//! file of the run, and the monster config's own text (read back and
//! checked to be the config in force), so a replay plays with the same
//! config anywhere and refuses levels that changed.

use std::path::Path;

use crate::config::{ConfigSource, MonsterConfig, SHIPPED_CONFIG, load::read_config_text};
use crate::game::recording::event::{Header, LevelPrint, Start};
use crate::game::recording::recording_error::RecordingError;
use crate::game::recording::stable_hash::hash_bytes;
use crate::game::save::format as save_format;
use crate::game::save::save_error::EncodeError;
use crate::game::setup::GameSetup;
use crate::game::state::Game;
use crate::world::level::dir::{LevelLocation, resolve_level};

/// The biggest level file fingerprinted: the biggest Moving AI map read.
const MAX_LEVEL_FILE_BYTES: u64 = gridpath::movingai::map::MAX_MAP_FILE_BYTES;

/// This build's version, as recordings name it.
pub(crate) const BUILD_VERSION: &str = env!("CARGO_PKG_VERSION");

/// The level `arg` resolves to here, fingerprinted.
///
/// # Errors
/// A message saying why it cannot be found or read.
pub(crate) fn level_print(arg: &str) -> Result<LevelPrint, String> {
    let location = resolve_level(arg).map_err(|err| err.to_string())?;
    let hash = match &location {
        LevelLocation::File(path) => {
            let bytes = crate::regular_file::read_capped(path, MAX_LEVEL_FILE_BYTES)
                .map_err(|err| format!("{}: {err}", path.display()))?;
            hash_bytes(&bytes)
        }
        LevelLocation::Shipped(level) => hash_bytes(level.text.as_bytes()),
    };
    Ok(LevelPrint {
        arg: arg.to_owned(),
        location: location.path().display().to_string(),
        hash,
    })
}

/// The levels of `run` fingerprinted; a level that cannot be read gets a
/// print no file matches (a replay then says it is missing or differs).
fn level_prints(run: &[String]) -> Vec<LevelPrint> {
    run.iter()
        .map(|arg| {
            level_print(arg).unwrap_or_else(|reason| LevelPrint {
                arg: arg.clone(),
                location: reason,
                hash: 0,
            })
        })
        .collect()
}

/// Checks that every level of `header` is here as it was recorded.
///
/// # Errors
/// [`RecordingError::LevelMissing`] or [`RecordingError::LevelDiffers`].
pub(crate) fn check_levels(path: &Path, header: &Header) -> Result<(), RecordingError> {
    for print in &header.levels {
        let now = level_print(&print.arg).map_err(|reason| RecordingError::LevelMissing {
            path: path.to_owned(),
            level: print.arg.clone(),
            reason,
        })?;
        if now.hash != print.hash {
            return Err(RecordingError::LevelDiffers {
                path: path.to_owned(),
                level: print.arg.clone(),
                location: now.location,
            });
        }
    }
    Ok(())
}

/// The text of the config `source` holds now, if it is `config` (the file
/// may have changed since it was read: then `None`).
pub fn config_text(source: &ConfigSource, config: &MonsterConfig) -> Option<String> {
    let (name, text) = match source {
        ConfigSource::File(path) => (path.clone(), read_config_text(path).ok()?),
        ConfigSource::BuiltIn => (
            Path::new("monsters.toml").to_owned(),
            SHIPPED_CONFIG.to_owned(),
        ),
    };
    let parsed = MonsterConfig::parse(&name, &text).ok()?;
    (parsed == *config).then_some(text)
}

impl Header {
    /// The header of a new game set up by `setup`, whose config came from
    /// `source`.
    pub fn new_game(setup: &GameSetup, source: &ConfigSource, hash_every: u64) -> Self {
        Self {
            build_version: BUILD_VERSION.to_owned(),
            seed: setup.seed,
            run: setup.run.clone(),
            start_depth: setup.start_depth,
            omniscient: setup.omniscient,
            undying_player: setup.undying_player,
            levels: level_prints(&setup.run),
            config_name: source.to_string(),
            config_text: config_text(source, &setup.config),
            hash_every,
            start: Start::New,
        }
    }

    /// The header of `game` as it is now (a resumed save), whose config came
    /// from `source`.
    ///
    /// # Errors
    /// When the game cannot be encoded.
    pub fn resumed(
        game: &Game,
        source: &ConfigSource,
        hash_every: u64,
    ) -> Result<Self, EncodeError> {
        let text = game.config().and_then(|config| config_text(source, config));
        Ok(Self {
            build_version: BUILD_VERSION.to_owned(),
            seed: game.seed(),
            run: game.run().to_vec(),
            start_depth: game.depth(),
            omniscient: game.is_omniscient(),
            undying_player: game.is_undying(),
            levels: level_prints(game.run()),
            config_name: source.to_string(),
            config_text: text,
            hash_every,
            start: Start::Save(save_format::encode(game)?),
        })
    }
}
