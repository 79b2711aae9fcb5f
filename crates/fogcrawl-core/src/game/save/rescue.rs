//! Saving when the save's own place fails: the game goes to a named
//! fallback file instead, so it is never lost silently (a read-only or full
//! save folder, a folder removed while playing).

use std::path::{Path, PathBuf};

use thiserror::Error;

use crate::game::save::save_error::SaveError;
use crate::game::save::write_save;
use crate::game::state::Game;

/// Where a game was saved.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SavedTo {
    /// Its own save path.
    Save(PathBuf),
    /// The fallback, because the save path failed for `reason`.
    Fallback { path: PathBuf, reason: String },
}

impl SavedTo {
    /// The file the game is in now.
    pub fn path(&self) -> &Path {
        match self {
            SavedTo::Save(path) | SavedTo::Fallback { path, .. } => path,
        }
    }
}

/// Neither the save nor the fallback could be written.
#[derive(Debug, Error)]
#[error("{primary}; the fallback failed too: {fallback}")]
pub struct SaveFailure {
    pub primary: SaveError,
    pub fallback: SaveError,
}

/// Writes the game to `path`, or else to `fallback`.
pub fn save_or_rescue(path: &Path, fallback: &Path, game: &Game) -> Result<SavedTo, SaveFailure> {
    let primary = match write_save(path, game) {
        Ok(()) => return Ok(SavedTo::Save(path.to_owned())),
        Err(err) => err,
    };
    tracing::error!(err = %primary, fallback = %fallback.display(), "saving failed; trying the fallback");
    match write_save(fallback, game) {
        Ok(()) => Ok(SavedTo::Fallback {
            path: fallback.to_owned(),
            reason: primary.to_string(),
        }),
        Err(err) => Err(SaveFailure {
            primary,
            fallback: err,
        }),
    }
}
