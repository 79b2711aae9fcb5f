//! Why a game cannot be set up or go on. `ResumeError` (a game that could
//! not go through its own save) stands here beside `GameError`, for each
//! names the other; the save files that raise it know the game, and the
//! game knows this file.

use thiserror::Error;

use crate::config::ConfigError;
use crate::game::save::save_error::{DecodeError, EncodeError, SaveError};
use crate::game::setup::DepthPastRun;
use crate::world::level::error::LevelError;
use gridpath::GridError;

#[derive(Debug, Error)]
pub enum GameError {
    #[error(transparent)]
    Level(#[from] LevelError),
    #[error(
        "level '{level}' spawns faction '{faction}', which no monster kind belongs to; known factions: {known}"
    )]
    UnknownFaction {
        level: String,
        faction: String,
        known: String,
    },
    #[error("level '{level}' cannot be searched: {source}")]
    Grid { level: String, source: GridError },
    #[error("the run has no levels")]
    EmptyRun,
    #[error(transparent)]
    Depth(#[from] DepthPastRun),
    #[error(transparent)]
    Config(#[from] ConfigError),
    #[error("monster kind '{kind}' names faction '{faction}', which the config does not define")]
    KindWithoutFaction { kind: String, faction: String },
    /// The save cannot be played on: its path is not a regular file, or
    /// another game holds it.
    #[error(transparent)]
    Save(#[from] SaveError),
    /// `sim --resume-every`: the game could not go through its save.
    #[error("saving and loading the game mid-play failed: {0}")]
    Resume(Box<ResumeError>),
}

/// Why a game could not go through its save.
#[derive(Debug, Error)]
pub enum ResumeError {
    #[error(transparent)]
    Encode(#[from] EncodeError),
    #[error("the game's own save could not be read back: {0}")]
    Decode(#[from] DecodeError),
    #[error("the game's own save is inconsistent: {0}")]
    Inconsistent(String),
    #[error("the game's own save cannot be set up: {0}")]
    Rebuild(#[from] GameError),
    #[error("the game has no monster config to load its save under")]
    NoConfig,
}
