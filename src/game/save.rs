//! Saves: quitting writes the game, starting again resumes it. Writes are
//! atomic (a temporary file beside the save, fsync, rename), so a crash
//! mid-write never leaves half a save. A save that cannot be read is set
//! aside under a new name, never deleted, and a new game starts.

use std::io::Write;
use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};
use thiserror::Error;

use crate::config::MonsterConfig;
use crate::game::save_check::check_save;
use crate::game::state::Game;

/// Bumped whenever the saved form changes incompatibly.
pub const SAVE_FORMAT: u32 = 1;
/// Overrides where the save lives (tests use it).
pub use crate::user_dirs::SAVE_PATH_VARIABLE;
/// Overrides where a save goes when its own path cannot be written.
pub const FALLBACK_PATH_VARIABLE: &str = "FOGCRAWL_FALLBACK_SAVE";
const FALLBACK_FILE_NAME: &str = "fogcrawl-rescued-save.json";

#[derive(Debug, Error)]
pub enum SaveError {
    #[error("cannot write the save {path}: {source}")]
    Write {
        path: PathBuf,
        source: std::io::Error,
    },
    #[error("cannot encode the game: {0}")]
    Encode(#[from] serde_json::Error),
}

/// What was found where the save should be.
#[derive(Debug)]
pub enum Loaded {
    /// No save: start a new game.
    Nothing,
    Game(Box<Game>),
    /// The save could not be used; it was renamed to `kept_as`.
    SetAside {
        reason: String,
        kept_as: PathBuf,
    },
}

#[derive(Serialize)]
struct SaveOut<'a> {
    format: u32,
    game: &'a Game,
}

#[derive(Deserialize)]
struct SaveIn {
    format: u32,
    game: serde_json::Value,
}

/// Where the save lives: `$FOGCRAWL_SAVE`, else the user's data folder (see
/// [`user_dirs`](crate::user_dirs) for each platform's folder).
pub fn default_save_path() -> PathBuf {
    crate::user_dirs::save_path()
}

/// Where a game goes when its save cannot be written (a read-only or full
/// save folder): a file in the system's temporary folder, named in every
/// message about it. `FOGCRAWL_FALLBACK_SAVE` overrides it.
pub fn fallback_save_path() -> PathBuf {
    // Empty counts as unset, as for FOGCRAWL_SAVE: an empty path names no file.
    if let Some(path) = crate::user_dirs::non_empty_var(FALLBACK_PATH_VARIABLE) {
        return PathBuf::from(path);
    }
    std::env::temp_dir().join(FALLBACK_FILE_NAME)
}

/// Whether a save can be written at `path` now: its folder exists (or can
/// be made) and takes a new file. Nothing is left behind.
pub fn check_writable(path: &Path) -> Result<(), SaveError> {
    let failed = |source| SaveError::Write {
        path: path.to_owned(),
        source,
    };
    let dir = save_dir(path);
    std::fs::create_dir_all(&dir).map_err(failed)?;
    let mut probe = tempfile::NamedTempFile::new_in(&dir).map_err(failed)?;
    probe.write_all(b"fogcrawl").map_err(failed)?;
    probe.as_file().sync_all().map_err(failed)?;
    probe.close().map_err(failed)
}

fn save_dir(path: &Path) -> PathBuf {
    match path.parent() {
        Some(dir) if !dir.as_os_str().is_empty() => dir.to_owned(),
        _ => PathBuf::from("."),
    }
}

/// Writes the game atomically.
pub fn write_save(path: &Path, game: &Game) -> Result<(), SaveError> {
    let failed = |source| SaveError::Write {
        path: path.to_owned(),
        source,
    };
    let dir = save_dir(path);
    std::fs::create_dir_all(&dir).map_err(failed)?;
    let bytes = serde_json::to_vec(&SaveOut {
        format: SAVE_FORMAT,
        game,
    })?;
    let mut temp = tempfile::NamedTempFile::new_in(&dir).map_err(failed)?;
    temp.write_all(&bytes).map_err(failed)?;
    temp.as_file().sync_all().map_err(failed)?;
    temp.persist(path).map_err(|e| failed(e.error))?;
    // Make the rename itself durable.
    if let Ok(dir) = std::fs::File::open(&dir) {
        let _ = dir.sync_all();
    }
    Ok(())
}

/// Reads the save, setting it aside if it is corrupt or incompatible; the
/// game continues under `config` (the monster config in force now).
pub fn load_save(path: &Path, config: &MonsterConfig) -> Loaded {
    let bytes = match std::fs::read(path) {
        Ok(bytes) => bytes,
        Err(err) if err.kind() == std::io::ErrorKind::NotFound => return Loaded::Nothing,
        Err(err) => return set_aside(path, format!("cannot read it: {err}")),
    };
    let save: SaveIn = match serde_json::from_slice(&bytes) {
        Ok(save) => save,
        Err(err) => return set_aside(path, format!("it is not a fogcrawl save ({err})")),
    };
    if save.format != SAVE_FORMAT {
        return set_aside(
            path,
            format!(
                "it was written in save format {}, this version reads format {SAVE_FORMAT}",
                save.format
            ),
        );
    }
    let mut game: Game = match serde_json::from_value(save.game) {
        Ok(game) => game,
        Err(err) => return set_aside(path, format!("it is damaged ({err})")),
    };
    if let Err(problem) = check_save(&game) {
        return set_aside(path, format!("it is inconsistent: {problem}"));
    }
    if let Err(err) = game.after_load(config.clone()) {
        return set_aside(path, format!("its level cannot be rebuilt ({err})"));
    }
    Loaded::Game(Box::new(game))
}

/// Removes the save of a finished game (death is permanent).
pub fn remove_save(path: &Path) {
    let _ = std::fs::remove_file(path);
}

fn set_aside(path: &Path, reason: String) -> Loaded {
    let mut kept_as = path.with_extension("json.bad");
    let mut n = 1;
    while kept_as.exists() {
        n += 1;
        kept_as = path.with_extension(format!("json.bad{n}"));
    }
    match std::fs::rename(path, &kept_as) {
        Ok(()) => Loaded::SetAside { reason, kept_as },
        Err(err) => Loaded::SetAside {
            reason: format!("{reason}; it could not be renamed either ({err})"),
            kept_as: path.to_owned(),
        },
    }
}
