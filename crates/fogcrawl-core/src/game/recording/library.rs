//! The recordings folder: `recordings/` in the data folder (beside the
//! save), one file per game played, named by when it started; only the
//! newest few are kept.
//!
//! The folder is shared by every game the player runs, perhaps several at
//! once (one per save), and may hold files that are not the game's. So:
//! - only a regular file named `game-*.fcrec` that starts with the
//!   recording header counts as a recording: anything else there (a link,
//!   a folder, an empty file a full disk left, the player's notes) is never
//!   chosen, never removed;
//! - "newest" is the time a recording was last written (its modification
//!   time), not its name, whose clock may be anyone's;
//! - a game holds a shared lock (`File::try_lock_shared`) on its recording
//!   while it writes it, and pruning takes an exclusive lock before it
//!   removes a file, so it never removes a recording another game is still
//!   writing. A new file is created (`create_new`, never over another) and
//!   locked before its header is written: until then it is no recording,
//!   so no pruning looks at it.

use std::fs::File;
use std::io::Read;
use std::path::{Path, PathBuf};
use std::time::{SystemTime, UNIX_EPOCH};

use crate::game::recording::format::MAGIC;

/// The folder's name in the data folder.
pub(crate) const RECORDINGS_DIR: &str = "recordings";
/// Overrides where recordings go.
pub const RECORDINGS_DIR_VARIABLE: &str = "FOGCRAWL_RECORDINGS";
/// A recording's file extension.
pub(crate) const RECORDING_EXTENSION: &str = "fcrec";
/// How many recordings play keeps unless told otherwise.
pub const DEFAULT_KEPT: usize = 20;
/// Overrides how many recordings are kept (0 records nothing).
pub const KEEP_VARIABLE: &str = "FOGCRAWL_KEEP_RECORDINGS";
const PREFIX: &str = "game-";
/// How many names a new recording tries before giving up (two games
/// starting in the same millisecond with the same seed take two).
const MAX_NAME_TRIES: usize = 1000;

/// Where recordings go for this process: `$FOGCRAWL_RECORDINGS`, else
/// `recordings/` in the data folder (`$FOGCRAWL_DATA`, else the user's).
#[must_use]
pub fn recordings_dir() -> PathBuf {
    if let Some(dir) = crate::user_dirs::non_empty_var(RECORDINGS_DIR_VARIABLE) {
        return PathBuf::from(dir);
    }
    crate::user_dirs::data_dir().join(RECORDINGS_DIR)
}

/// How many recordings to keep: `$FOGCRAWL_KEEP_RECORDINGS` if it is a
/// number, else [`DEFAULT_KEPT`].
#[must_use]
pub fn kept_count() -> usize {
    kept_count_from(crate::user_dirs::non_empty_var(KEEP_VARIABLE))
}

/// [`kept_count`] with the variable's value given.
#[must_use]
pub(crate) fn kept_count_from(value: Option<std::ffi::OsString>) -> usize {
    value
        .and_then(|v| v.to_str().and_then(|v| v.trim().parse().ok()))
        .unwrap_or(DEFAULT_KEPT)
}

/// Creates a new recording file in `dir` (made if need be) for a game with
/// `seed` starting now, never over another file, and takes this game's
/// shared lock on it. The name says when the game started (to the
/// millisecond); a name already taken gets a suffix.
///
/// # Errors
/// When the folder or the file cannot be made, or the lock taken.
pub(crate) fn create_recording(dir: &Path, seed: u64) -> std::io::Result<(PathBuf, File)> {
    std::fs::create_dir_all(dir)?;
    let millis = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_millis());
    let stem = format!("{PREFIX}{millis:015}-seed-{seed}");
    for extra in 0..MAX_NAME_TRIES {
        let name = if extra == 0 {
            format!("{stem}.{RECORDING_EXTENSION}")
        } else {
            format!("{stem}-{extra}.{RECORDING_EXTENSION}")
        };
        let path = dir.join(name);
        match std::fs::OpenOptions::new()
            .write(true)
            .create_new(true)
            .open(&path)
        {
            Ok(file) => {
                if let Err(err) = hold(&file) {
                    let _ = std::fs::remove_file(&path);
                    return Err(err);
                }
                return Ok((path, file));
            }
            Err(err) if err.kind() == std::io::ErrorKind::AlreadyExists => {}
            Err(err) => return Err(err),
        }
    }
    Err(std::io::Error::new(
        std::io::ErrorKind::AlreadyExists,
        format!("{MAX_NAME_TRIES} recordings named {stem} already"),
    ))
}

/// Marks `file` as a recording a running game writes: pruning leaves it.
fn hold(file: &File) -> std::io::Result<()> {
    match file.try_lock_shared() {
        Ok(()) => Ok(()),
        Err(std::fs::TryLockError::WouldBlock) => Err(std::io::Error::new(
            std::io::ErrorKind::WouldBlock,
            "another process is removing it",
        )),
        Err(std::fs::TryLockError::Error(err)) => Err(err),
    }
}

/// Whether `file` starts with the recording header.
fn starts_as_recording(file: &File) -> bool {
    let mut opening = Vec::with_capacity(MAGIC.len());
    let read = file
        .take(MAGIC.len() as u64)
        .read_to_end(&mut opening)
        .is_ok();
    read && opening == MAGIC
}

/// Whether `path` is a regular file that starts with the recording header
/// (opened without blocking, so a FIFO put there is no recording).
#[must_use]
pub(crate) fn is_recording(path: &Path) -> bool {
    crate::regular_file::open_regular(path).is_ok_and(|file| starts_as_recording(&file))
}

/// The recordings in `dir`, oldest written first (then by name).
#[must_use]
pub fn recordings_in(dir: &Path) -> Vec<PathBuf> {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return Vec::new();
    };
    let mut found: Vec<(SystemTime, PathBuf)> = entries
        .flatten()
        .filter(|entry| {
            let name = entry.file_name();
            let name = name.to_string_lossy();
            name.starts_with(PREFIX)
                && name.ends_with(&format!(".{RECORDING_EXTENSION}"))
                // The entry itself, not what a link names: a link is not ours.
                && entry.file_type().is_ok_and(|kind| kind.is_file())
        })
        .filter(|entry| is_recording(&entry.path()))
        .filter_map(|entry| {
            let written = entry.metadata().and_then(|m| m.modified()).ok()?;
            Some((written, entry.path()))
        })
        .collect();
    found.sort();
    found.into_iter().map(|(_, path)| path).collect()
}

/// The recording in `dir` written last.
#[must_use]
pub fn newest_recording(dir: &Path) -> Option<PathBuf> {
    recordings_in(dir).pop()
}

/// Removes all but the newest `keep` recordings in `dir`, leaving
/// `except` (the one this game writes) and every recording another running
/// game holds. Failures are logged, never fatal.
pub fn prune(dir: &Path, keep: usize, except: Option<&Path>) {
    let all = recordings_in(dir);
    let excess = all.len().saturating_sub(keep);
    for old in all.iter().take(excess) {
        if Some(old.as_path()) == except {
            continue;
        }
        if let Err(err) = remove_unheld(old) {
            tracing::warn!(recording = %old.display(), %err, "an old recording could not be removed");
        }
    }
}

/// Removes the recording at `path` unless a running game holds it.
fn remove_unheld(path: &Path) -> std::io::Result<()> {
    let file = crate::regular_file::open_regular(path)?;
    match file.try_lock() {
        Ok(()) => {}
        Err(std::fs::TryLockError::WouldBlock) => {
            tracing::info!(recording = %path.display(), "kept: a running game writes it");
            return Ok(());
        }
        Err(std::fs::TryLockError::Error(err)) => return Err(err),
    }
    // Checked again on the file locked: the name may have been reused.
    if starts_as_recording(&file) {
        std::fs::remove_file(path)?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::Write;

    /// A recording's opening in a new file of `dir`, not held.
    fn made(dir: &Path, seed: u64) -> PathBuf {
        let (path, mut file) = create_recording(dir, seed).expect("created");
        file.write_all(MAGIC).expect("written");
        path
    }

    /// Sets `path`'s modification time to `seconds` after 2026-01-01.
    fn written_at(path: &Path, seconds: u64) {
        let when = UNIX_EPOCH + std::time::Duration::from_secs(1_767_225_600 + seconds);
        File::options()
            .write(true)
            .open(path)
            .and_then(|file| file.set_modified(when))
            .expect("time set");
    }

    #[test]
    fn the_newest_written_are_kept_and_found_whatever_their_names() {
        let dir = tempfile::tempdir().expect("a temporary folder");
        let mut made_paths = Vec::new();
        for seed in 0..5 {
            let path = made(dir.path(), seed);
            // Names sort the other way round from the times written.
            written_at(&path, 100 - seed);
            made_paths.push(path);
        }
        made_paths.reverse();
        std::fs::write(dir.path().join("notes.txt"), b"mine").expect("written");
        std::fs::write(dir.path().join("game-9-empty.fcrec"), b"").expect("written");
        assert_eq!(
            recordings_in(dir.path()),
            made_paths,
            "oldest written first"
        );
        prune(dir.path(), 2, None);
        assert_eq!(recordings_in(dir.path()), made_paths[3..].to_vec());
        assert_eq!(newest_recording(dir.path()), made_paths.last().cloned());
        assert!(dir.path().join("notes.txt").exists(), "other files stay");
        assert!(
            dir.path().join("game-9-empty.fcrec").exists(),
            "a file that is no recording stays"
        );
    }

    #[test]
    fn a_recording_another_game_holds_is_never_pruned() {
        let dir = tempfile::tempdir().expect("a temporary folder");
        let (held, mut file) = create_recording(dir.path(), 1).expect("created");
        file.write_all(MAGIC).expect("written");
        written_at(&held, 0);
        for seed in 2..6 {
            made(dir.path(), seed);
        }
        prune(dir.path(), 1, None);
        assert!(held.exists(), "held by a running game");
        assert_eq!(recordings_in(dir.path()).len(), 2);
        drop(file);
        prune(dir.path(), 1, None);
        assert!(!held.exists(), "free once its game ended");
    }

    #[test]
    fn two_recordings_started_at_once_get_two_files() {
        let dir = tempfile::tempdir().expect("a temporary folder");
        let (first, _a) = create_recording(dir.path(), 7).expect("created");
        let (second, _b) = create_recording(dir.path(), 7).expect("created");
        assert_ne!(first, second);
    }

    #[test]
    fn the_kept_count_is_a_number_or_the_default() {
        assert_eq!(kept_count_from(None), DEFAULT_KEPT);
        assert_eq!(kept_count_from(Some("3".into())), 3);
        assert_eq!(kept_count_from(Some("0".into())), 0);
        assert_eq!(kept_count_from(Some("many".into())), DEFAULT_KEPT);
    }
}
