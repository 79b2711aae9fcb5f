//! The recordings folder: `recordings/` in the data folder (beside the
//! save), one file per game played, named by when it started so names
//! sort oldest first; only the newest few are kept.

use std::path::{Path, PathBuf};
use std::time::{SystemTime, UNIX_EPOCH};

/// The folder's name in the data folder.
pub const RECORDINGS_DIR: &str = "recordings";
/// Overrides where recordings go.
pub const RECORDINGS_DIR_VARIABLE: &str = "FOGCRAWL_RECORDINGS";
/// A recording's file extension.
pub const RECORDING_EXTENSION: &str = "fcrec";
/// How many recordings play keeps unless told otherwise.
pub const DEFAULT_KEPT: usize = 20;
/// Overrides how many recordings are kept (0 records nothing).
pub const KEEP_VARIABLE: &str = "FOGCRAWL_KEEP_RECORDINGS";
const PREFIX: &str = "game-";

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
pub fn kept_count_from(value: Option<std::ffi::OsString>) -> usize {
    value
        .and_then(|v| v.to_str().and_then(|v| v.trim().parse().ok()))
        .unwrap_or(DEFAULT_KEPT)
}

/// A new recording's path in `dir` for a game with `seed` starting now.
/// Names sort by start time (to the millisecond); a name already taken
/// gets a suffix.
#[must_use]
pub fn new_recording_path(dir: &Path, seed: u64) -> PathBuf {
    let millis = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_millis());
    let stem = format!("{PREFIX}{millis:015}-seed-{seed}");
    let mut path = dir.join(format!("{stem}.{RECORDING_EXTENSION}"));
    let mut extra = 1;
    while path.exists() {
        path = dir.join(format!("{stem}-{extra}.{RECORDING_EXTENSION}"));
        extra += 1;
    }
    path
}

/// The recordings in `dir`, oldest first.
#[must_use]
pub fn recordings_in(dir: &Path) -> Vec<PathBuf> {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return Vec::new();
    };
    let mut found: Vec<PathBuf> = entries
        .flatten()
        .map(|entry| entry.path())
        .filter(|path| {
            path.extension().is_some_and(|e| e == RECORDING_EXTENSION)
                && path
                    .file_name()
                    .is_some_and(|n| n.to_string_lossy().starts_with(PREFIX))
                && path.is_file()
        })
        .collect();
    found.sort();
    found
}

/// The newest recording in `dir`.
#[must_use]
pub fn newest_recording(dir: &Path) -> Option<PathBuf> {
    recordings_in(dir).pop()
}

/// Removes all but the newest `keep` recordings in `dir` (besides
/// `except`, the one being written). Failures are logged, never fatal.
pub fn prune(dir: &Path, keep: usize, except: Option<&Path>) {
    let all = recordings_in(dir);
    let excess = all.len().saturating_sub(keep);
    for old in all.iter().take(excess) {
        if Some(old.as_path()) == except {
            continue;
        }
        if let Err(err) = std::fs::remove_file(old) {
            tracing::warn!(recording = %old.display(), %err, "an old recording could not be removed");
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_newest_are_kept_and_found() {
        let dir = tempfile::tempdir().expect("a temporary folder");
        let mut made = Vec::new();
        for seed in 0..5 {
            let path = new_recording_path(dir.path(), seed);
            std::fs::write(&path, b"x").expect("written");
            made.push(path);
        }
        std::fs::write(dir.path().join("notes.txt"), b"mine").expect("written");
        assert_eq!(recordings_in(dir.path()), made, "names sort oldest first");
        prune(dir.path(), 2, None);
        assert_eq!(recordings_in(dir.path()), made[3..].to_vec());
        assert_eq!(newest_recording(dir.path()), made.last().cloned());
        assert!(dir.path().join("notes.txt").exists(), "other files stay");
    }

    #[test]
    fn the_kept_count_is_a_number_or_the_default() {
        assert_eq!(kept_count_from(None), DEFAULT_KEPT);
        assert_eq!(kept_count_from(Some("3".into())), 3);
        assert_eq!(kept_count_from(Some("0".into())), 0);
        assert_eq!(kept_count_from(Some("many".into())), DEFAULT_KEPT);
    }
}
