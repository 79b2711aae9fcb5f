//! Saves: quitting writes the game, starting again resumes it. Writes are
//! atomic (a temporary file beside the save, fsync, rename), so a crash
//! mid-write never leaves half a save. A save that cannot be read is set
//! aside under a new name, never deleted, and a new game starts.
//!
//! The file is binary, format 3 (`save.bin`): a header with a magic line
//! and the format number, then the game encoded with `postcard` and
//! compressed with LZ4 under a CRC-32; [`save_format`] has the layout and
//! why. A 1024x1024 game takes about 1.2 MB instead of 70 MB of JSON. The
//! JSON saves of format 1 (`save.json`) are still read, told apart by their
//! first byte ([`save_legacy`]); when the save path is `NAME.bin` and only
//! an old `NAME.json` is there, that one is loaded, and the next save
//! writes `NAME.bin` and removes it.
//!
//! Only regular files are read, renamed or replaced ([`regular_file`]): a
//! save path that names a FIFO, a device, a socket or a folder is refused
//! with a message and left as it is, and a symlinked save is written
//! through (the temporary file beside the file the link names, then renamed
//! onto it), so the link stays and its target gets the game. A save is read
//! up to [`MAX_SAVE_FILE_BYTES`]; the game is locked to one process at a
//! time by [`save_lock`].
//!
//! [`save_format`]: crate::game::save::format
//! [`save_legacy`]: crate::game::save::legacy
//! [`regular_file`]: crate::regular_file
//! [`save_lock`]: crate::game::save::lock

pub(crate) mod byte_runs;
pub(crate) mod check;
pub(crate) mod file_size_signal;
pub(crate) mod format;
pub(crate) mod legacy;
pub(crate) mod lock;
pub(crate) mod notice;
pub(crate) mod rescue;
pub(crate) mod resume;
pub(crate) mod save_error;
pub(crate) mod versioned;

use std::io::Write;
use std::path::{Path, PathBuf};

use crate::config::MonsterConfig;
use crate::game::save::check::check_save;
use crate::game::save::legacy as save_legacy;
use crate::game::save::save_error::DecodeError;
use crate::game::save::save_error::SaveError;
use crate::game::state::Game;
use crate::regular_file::{self, FileKind, ReadError, kind_at, resolve_links};

/// Overrides where a save goes when its own path cannot be written.
pub const FALLBACK_PATH_VARIABLE: &str = "FOGCRAWL_FALLBACK_SAVE";
const FALLBACK_FILE_NAME: &str = "fogcrawl-rescued-save.bin";
/// The extension of saves in the binary format, and of those of format 1.
const SAVE_EXTENSION: &str = "bin";
const LEGACY_EXTENSION: &str = "json";
/// The largest save file read: a format-1 JSON save of a 1024x1024 game
/// with five factions took 70 MB, and a binary save is at most its
/// decoded game ([`MAX_GAME_BYTES`](crate::game::save::format::MAX_GAME_BYTES))
/// plus a header. A larger file is set aside unread.
pub(crate) const MAX_SAVE_FILE_BYTES: u64 = crate::game::save::format::MAX_GAME_BYTES;

/// Checks that the save path names a regular file, a symlink to one, or
/// nothing yet (the game will make it): anything else is refused before the
/// game starts, so it is never read, renamed or replaced.
/// The older `NAME.json` beside it counts only when there is no save at
/// `path`, as for loading.
pub fn check_save_path(path: &Path) -> Result<(), SaveError> {
    for path in std::iter::once(path.to_owned()).chain(legacy_path(path)) {
        let real = resolve_links(&path).map_err(|source| SaveError::Path {
            path: path.clone(),
            source,
        })?;
        match kind_at(&real) {
            None => {}
            Some(FileKind::Regular) => return Ok(()),
            Some(kind) => return Err(SaveError::NotAFile { path, kind }),
        }
    }
    Ok(())
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
    /// The save path names something that is not a regular file (it was
    /// left alone): the game must not start on it.
    NotAFile(SaveError),
}

/// Where the save lives: `$FOGCRAWL_SAVE`, else `$FOGCRAWL_DATA`, else the
/// user's data folder (see `user_dirs` for each
/// platform's folder, and a save left in the old place).
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
    let real = resolve_links(path).map_err(failed)?;
    let dir = save_dir(&real);
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

/// Writes the game atomically: a temporary file beside the save (beside the
/// file a symlinked save names, so the link stays), then renamed onto it.
/// A save path that names something other than a regular file is refused
/// and left alone. On any error the temporary file is removed (dropping it
/// does) and the old save is as it was.
pub fn write_save(path: &Path, game: &Game) -> Result<(), SaveError> {
    let failed = |source| SaveError::Write {
        path: path.to_owned(),
        source,
    };
    let real = resolve_links(path).map_err(failed)?;
    if let Some(kind) = kind_at(&real).filter(|&kind| kind != FileKind::Regular) {
        return Err(SaveError::NotAFile {
            path: path.to_owned(),
            kind,
        });
    }
    let dir = save_dir(&real);
    std::fs::create_dir_all(&dir).map_err(failed)?;
    let bytes = crate::game::save::format::encode(game)?;
    let mut temp = tempfile::NamedTempFile::new_in(&dir).map_err(failed)?;
    temp.write_all(&bytes).map_err(failed)?;
    temp.as_file().sync_all().map_err(failed)?;
    temp.persist(&real).map_err(|e| failed(e.error))?;
    // Make the rename itself durable.
    if let Ok(dir) = std::fs::File::open(&dir) {
        let _ = dir.sync_all();
    }
    // The game is in the new file now: an old JSON save beside it would
    // otherwise come back after this game ends.
    if let Some(legacy) = legacy_path(path) {
        remove_regular(&legacy);
    }
    Ok(())
}

/// Removes the regular file `path` names (through symlinks); anything else
/// is left alone.
fn remove_regular(path: &Path) {
    if let Ok(real) = resolve_links(path)
        && kind_at(&real) == Some(FileKind::Regular)
    {
        let _ = std::fs::remove_file(real);
    }
}

/// Where a save of format 1 for `path` was kept: `NAME.json` beside a
/// `NAME.bin`. Other names have no older file.
fn legacy_path(path: &Path) -> Option<PathBuf> {
    (path.extension()? == SAVE_EXTENSION).then(|| path.with_extension(LEGACY_EXTENSION))
}

/// Reads the save, setting it aside if it is corrupt or incompatible; the
/// game continues under `config` (the monster config in force now). With
/// no save at `path`, an older JSON save beside it is read instead.
pub fn load_save(path: &Path, config: &MonsterConfig) -> Loaded {
    match load_from(path, config) {
        Loaded::Nothing => match legacy_path(path) {
            Some(legacy) => load_from(&legacy, config),
            None => Loaded::Nothing,
        },
        loaded => loaded,
    }
}

fn load_from(path: &Path, config: &MonsterConfig) -> Loaded {
    let real = match resolve_links(path) {
        Ok(real) => real,
        Err(source) => {
            return Loaded::NotAFile(SaveError::Path {
                path: path.to_owned(),
                source,
            });
        }
    };
    let path = real.as_path();
    let bytes = match regular_file::read_capped(path, MAX_SAVE_FILE_BYTES) {
        Ok(bytes) => bytes,
        Err(ReadError::NotFound) => return Loaded::Nothing,
        // Not the game's own file: never renamed.
        Err(ReadError::NotRegular(kind)) => {
            return Loaded::NotAFile(SaveError::NotAFile {
                path: path.to_owned(),
                kind,
            });
        }
        Err(err) => return set_aside(path, format!("cannot read it: {err}")),
    };
    let mut game = match decode(&bytes) {
        Ok(game) => game,
        Err(err) => return set_aside(path, err.to_string()),
    };
    if let Err(problem) = check_save(&game) {
        return set_aside(path, format!("it is inconsistent: {problem}"));
    }
    if let Err(err) = game.after_load(config.clone()) {
        return set_aside(path, format!("its level cannot be rebuilt ({err})"));
    }
    Loaded::Game(Box::new(game))
}

/// The game in a save's bytes, of either format, told apart by how the
/// file starts; not yet checked.
pub fn decode(bytes: &[u8]) -> Result<Game, DecodeError> {
    if bytes.is_empty() {
        // Not a foreign file: a save whose write never got its first byte
        // down (a crash, a full disk). "It starts with neither the save
        // header nor a JSON object" sent play30 looking for what it held.
        return Err(DecodeError::Damaged(
            "the file is empty: none of the game was written".to_owned(),
        ));
    }
    if crate::game::save::format::is_binary_save(bytes) {
        crate::game::save::format::decode(bytes)
    } else if save_legacy::looks_like_json(bytes) {
        save_legacy::decode(bytes)
    } else {
        Err(DecodeError::NotASave(
            "it starts with neither the fogcrawl save header nor a JSON object".to_owned(),
        ))
    }
}

/// Removes the save of a finished game (death is permanent), and an older
/// JSON save beside it that the game may have been resumed from.
pub fn remove_save(path: &Path) {
    remove_regular(path);
    if let Some(legacy) = legacy_path(path) {
        remove_regular(&legacy);
    }
}

/// Renames the save to `NAME.bad` (`NAME.bad2`, ... if taken), beside it.
/// `path` is the regular file itself (links resolved), read just before.
fn set_aside(path: &Path, reason: String) -> Loaded {
    let named = |suffix: &str| {
        let mut name = path.file_name().unwrap_or_default().to_os_string();
        name.push(suffix);
        path.with_file_name(name)
    };
    let mut kept_as = named(".bad");
    let mut n = 1;
    while kept_as.exists() {
        n += 1;
        kept_as = named(&format!(".bad{n}"));
    }
    match std::fs::rename(path, &kept_as) {
        Ok(()) => Loaded::SetAside { reason, kept_as },
        Err(err) => Loaded::SetAside {
            reason: format!("{reason}; it could not be renamed either ({err})"),
            kept_as: path.to_owned(),
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[cfg(unix)]
    #[test]
    fn an_empty_save_is_said_empty_not_foreign() {
        assert_eq!(
            decode(&[]).map(|_| ()).unwrap_err().to_string(),
            "it is damaged (the file is empty: none of the game was written)"
        );
        assert!(
            decode(b"\x89PNG")
                .map(|_| ())
                .unwrap_err()
                .to_string()
                .starts_with("it is not a fogcrawl save")
        );
    }

    #[test]
    fn an_older_json_beside_a_save_counts_only_without_the_save() {
        let dir = tempfile::tempdir().unwrap();
        let save = dir.path().join("save.bin");
        let legacy = dir.path().join("save.json");
        std::fs::create_dir(&legacy).unwrap();
        let err = check_save_path(&save).unwrap_err();
        assert!(err.to_string().contains("save.json is a folder"), "{err}");
        std::fs::write(&save, "a save").unwrap();
        check_save_path(&save).expect("the save itself is a file");
    }

    #[cfg(unix)]
    #[test]
    fn a_loop_of_links_is_named() {
        let dir = tempfile::tempdir().unwrap();
        let save = dir.path().join("save.bin");
        std::os::unix::fs::symlink(&save, &save).unwrap();
        let err = check_save_path(&save).unwrap_err();
        assert!(
            err.to_string().starts_with(&format!(
                "cannot follow the save path {}: more than 40 symlinks",
                save.display()
            )),
            "{err}"
        );
    }
}
