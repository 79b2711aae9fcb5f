//! One game per save: a lock held for as long as a game runs on it.
//!
//! Two games resumed from one save would each write it on quitting, and the
//! first game's play would be lost without a word. So a game takes an OS
//! advisory lock (`File::try_lock`: `flock` on Unix, `LockFileEx` on
//! Windows) on `NAME.lock` beside the save (beside the file a symlinked save
//! names, so two links to one save share the lock), and writes its process
//! id and start time into it for the message a second game shows.
//!
//! The OS drops the lock when the process ends, however it ends, so a game
//! that crashed or was killed never blocks the next start. The lock file is
//! left in place on exit: removing it while locked would let a game that
//! opened it just before the removal lock a file no one else sees.
//!
//! This module never reads or writes the save itself.

use std::fs::File;
use std::io::{Read, Seek, Write};
use std::path::{Path, PathBuf};
use std::time::{SystemTime, UNIX_EPOCH};

use thiserror::Error;

use crate::game::calendar::utc_date_time;
use crate::regular_file::{FileKind, kind_at, resolve_links};

/// The most of a lock file read back to name its holder.
const HOLDER_TEXT_LIMIT: u64 = 512;

/// A save locked by this process; the lock is released when this is dropped
/// (or the process ends).
#[derive(Debug)]
pub struct SaveLock {
    /// The lock file (the tests check where it is).
    #[cfg(test)]
    path: PathBuf,
    /// Holding the open file holds the lock.
    _file: File,
}

impl SaveLock {
    #[cfg(test)]
    /// The lock file.
    pub(crate) fn path(&self) -> &Path {
        &self.path
    }
}

/// Why the save could not be locked.
#[derive(Debug, Error)]
pub enum LockError {
    /// Another game holds the lock.
    #[error(
        "the save {save} is in use by another game ({holder}): only one game at a time can play on a save. Quit that game first, or play on another save with FOGCRAWL_SAVE=PATH"
    )]
    InUse { save: PathBuf, holder: String },
    /// The lock file cannot be made or locked (a read-only folder, a file
    /// system without locks).
    #[error("cannot lock the save with {lock}: {source}")]
    Io {
        lock: PathBuf,
        source: std::io::Error,
    },
}

/// Where the lock for the save at `save` lives: `NAME.lock` beside the file
/// `save` finally names.
pub(crate) fn lock_path(save: &Path) -> PathBuf {
    let real = resolve_links(save).unwrap_or_else(|_| save.to_owned());
    let mut name = real.file_name().unwrap_or_default().to_os_string();
    name.push(".lock");
    real.with_file_name(name)
}

/// Locks the save at `save` for this process.
///
/// # Errors
/// [`LockError::InUse`] if another game holds it (naming that game's
/// process and start), [`LockError::Io`] if the lock cannot be taken at all.
pub fn lock_save(save: &Path) -> Result<SaveLock, LockError> {
    let lock = lock_path(save);
    let failed = |source| LockError::Io {
        lock: lock.clone(),
        source,
    };
    // Only a regular file (or nothing) is opened: a FIFO put there would
    // block the open.
    if let Some(kind) = kind_at(&lock).filter(|&kind| kind != FileKind::Regular) {
        return Err(failed(std::io::Error::new(
            std::io::ErrorKind::InvalidInput,
            format!("it is {kind}, not a regular file"),
        )));
    }
    if let Some(dir) = lock.parent().filter(|dir| !dir.as_os_str().is_empty()) {
        std::fs::create_dir_all(dir).map_err(failed)?;
    }
    let mut file = std::fs::OpenOptions::new()
        .read(true)
        .write(true)
        .create(true)
        .truncate(false)
        .open(&lock)
        .map_err(failed)?;
    match file.try_lock() {
        Ok(()) => {}
        Err(std::fs::TryLockError::WouldBlock) => {
            return Err(LockError::InUse {
                save: save.to_owned(),
                holder: holder(&mut file),
            });
        }
        Err(std::fs::TryLockError::Error(err)) => return Err(failed(err)),
    }
    // Who holds it, for a second game's message; the lock holds without it.
    let stamp = format!(
        "pid {}\nstarted {}\n",
        std::process::id(),
        SystemTime::now()
            .duration_since(UNIX_EPOCH)
            .map_or(0, |since| since.as_secs())
    );
    let written = file
        .set_len(0)
        .and_then(|()| file.rewind())
        .and_then(|()| file.write_all(stamp.as_bytes()))
        .and_then(|()| file.sync_all());
    if let Err(err) = written {
        tracing::warn!(%err, lock = %lock.display(), "cannot note who holds the save");
    }
    Ok(SaveLock {
        #[cfg(test)]
        path: lock,
        _file: file,
    })
}

/// The holder a lock file names, in words: "process 1234, started
/// 2026-11-25 16:30:00 UTC".
fn holder(file: &mut File) -> String {
    let mut text = String::new();
    let _ = file.take(HOLDER_TEXT_LIMIT).read_to_string(&mut text);
    describe_holder(&text)
}

fn describe_holder(text: &str) -> String {
    let field = |key: &str| {
        text.lines()
            .find_map(|line| line.strip_prefix(key)?.trim().parse::<u64>().ok())
    };
    match (field("pid "), field("started ")) {
        (Some(pid), Some(started)) => {
            format!("process {pid}, started {}", utc_time(started))
        }
        (Some(pid), None) => format!("process {pid}"),
        // It is starting: it has the lock and has not written its stamp yet.
        _ => "a game that is starting".to_owned(),
    }
}

/// Seconds since 1970 as `YYYY-MM-DD HH:MM:SS UTC`.
fn utc_time(seconds: u64) -> String {
    let (year, month, day, hour, minute, second) = utc_date_time(seconds);
    format!("{year:04}-{month:02}-{day:02} {hour:02}:{minute:02}:{second:02} UTC")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_second_lock_on_the_same_save_names_the_first_holder() {
        let dir = tempfile::tempdir().unwrap();
        let save = dir.path().join("save.bin");
        let first = lock_save(&save).expect("the first game locks the save");
        assert_eq!(first.path(), dir.path().join("save.bin.lock"));
        let err = lock_save(&save).expect_err("the second game cannot");
        let text = err.to_string();
        assert!(
            text.contains(&format!(
                "in use by another game (process {}, started 20",
                std::process::id()
            )),
            "{text}"
        );
        drop(first);
        lock_save(&save).expect("free again once the first game ends");
    }

    #[test]
    fn a_lock_file_left_by_a_dead_game_does_not_block() {
        let dir = tempfile::tempdir().unwrap();
        let save = dir.path().join("save.bin");
        std::fs::write(lock_path(&save), "pid 4000000\nstarted 1\n").unwrap();
        let lock = lock_save(&save).expect("no process holds the old lock");
        let text = std::fs::read_to_string(lock.path()).unwrap();
        assert!(
            text.starts_with(&format!("pid {}\n", std::process::id())),
            "{text}"
        );
    }

    #[test]
    fn times_are_told_in_utc() {
        assert_eq!(utc_time(0), "1970-01-01 00:00:00 UTC");
        assert_eq!(utc_time(1_795_624_245), "2026-11-25 16:30:45 UTC");
        assert_eq!(utc_time(951_782_400), "2000-02-29 00:00:00 UTC");
        assert_eq!(
            describe_holder("pid 7\nstarted 0\n"),
            "process 7, started 1970-01-01 00:00:00 UTC"
        );
        assert_eq!(describe_holder(""), "a game that is starting");
    }
}
