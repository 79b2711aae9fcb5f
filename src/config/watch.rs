//! Hot reload: watching the monster config while the game runs.
//!
//! The file's folder is watched, not the file, because editors save by writing a new
//! file and renaming it over the old one (a watch on the old file would go stale).
//! Events are filtered on the file's name. Reading the file must never trigger another
//! reload: inotify reports our own opens and reads, so access events are ignored and
//! the file is only read again when its modification time or length changed, and only
//! parsed when its content changed. This module must never block: [`ConfigWatcher::poll`]
//! returns at once.

use std::ffi::OsString;
use std::path::{Path, PathBuf};
use std::sync::mpsc::{Receiver, channel};
use std::time::{Duration, Instant, SystemTime};

use notify::event::{AccessKind, AccessMode};
use notify::{Event, EventKind, RecommendedWatcher, RecursiveMode, Watcher};

use super::changes::describe_changes;
use super::config_error::ConfigError;
use super::schema::MonsterConfig;

/// How long the file must be quiet after an event before it is read, so that a save in
/// several writes (truncate, then write) is read once, whole. Well under the one second
/// in which a change must take effect.
pub const SETTLE_TIME: Duration = Duration::from_millis(100);

/// What [`ConfigWatcher::poll`] found.
#[derive(Debug)]
pub enum Reload {
    /// The file changed and is valid: use `config` from now on. `changes` are lines for
    /// the message log ([`describe_changes`]); empty when the file is valid again after
    /// an invalid edit but says the same as the last good config.
    Changed {
        /// The new config (the watcher keeps a copy as the last good one).
        config: MonsterConfig,
        /// What changed, one line each.
        changes: Vec<String>,
    },
    /// The file changed and is invalid: keep the last good config and show the error.
    /// Reported once per change of the file.
    Invalid(ConfigError),
}

/// The file's modification time and length, cheap to read without opening the file.
#[derive(Debug, Clone, PartialEq, Eq)]
enum FileStamp {
    /// The file cannot be inspected (deleted, mid-rename, unreadable folder).
    Missing,
    /// The file as `stat` sees it.
    Present {
        modified: Option<SystemTime>,
        len: u64,
    },
}

impl FileStamp {
    fn of(path: &Path) -> FileStamp {
        match std::fs::metadata(path) {
            Ok(metadata) => FileStamp::Present {
                modified: metadata.modified().ok(),
                len: metadata.len(),
            },
            Err(_) => FileStamp::Missing,
        }
    }
}

/// Watches a monster config file and re-reads it when it changes.
///
/// Keeps the last good config: an invalid edit is reported once as
/// [`Reload::Invalid`] and changes nothing until the file changes again.
#[derive(Debug)]
pub struct ConfigWatcher {
    path: PathBuf,
    file_name: OsString,
    events: Receiver<notify::Result<Event>>,
    /// Dropping the watcher stops the watch, so it lives as long as we do.
    _watcher: RecommendedWatcher,
    last_stamp: FileStamp,
    /// The text last read, valid or not; `None` if the last read failed.
    last_text: Option<String>,
    last_good: MonsterConfig,
    last_read_was_invalid: bool,
    /// When an event about the file last arrived, while its read is pending.
    pending_since: Option<Instant>,
}

impl ConfigWatcher {
    /// Loads the config at `path` and starts watching its folder.
    ///
    /// # Errors
    /// Any [`ConfigError`] from loading the file (the game should not start with an
    /// invalid config), or [`ConfigError::Watch`] if the folder cannot be watched.
    pub fn new(path: &Path) -> Result<ConfigWatcher, ConfigError> {
        let file_name = path
            .file_name()
            .map(OsString::from)
            .ok_or_else(|| ConfigError::Io {
                file: path.to_owned(),
                source: std::io::Error::new(
                    std::io::ErrorKind::InvalidInput,
                    "the path names a folder, not a file",
                ),
            })?;
        let folder = match path.parent() {
            Some(parent) if !parent.as_os_str().is_empty() => parent,
            _ => Path::new("."),
        };
        let watch_error = |source| ConfigError::Watch {
            file: path.to_owned(),
            source,
        };
        let (sender, events) = channel();
        // Watch before reading, so that an edit made while we read is not missed.
        let mut watcher = notify::recommended_watcher(sender).map_err(watch_error)?;
        watcher
            .watch(folder, RecursiveMode::NonRecursive)
            .map_err(watch_error)?;

        let last_stamp = FileStamp::of(path);
        let text = std::fs::read_to_string(path).map_err(|source| ConfigError::Io {
            file: path.to_owned(),
            source,
        })?;
        let config = MonsterConfig::parse(path, &text)?;
        Ok(ConfigWatcher {
            path: path.to_owned(),
            file_name,
            events,
            _watcher: watcher,
            last_stamp,
            last_text: Some(text),
            last_good: config,
            last_read_was_invalid: false,
            pending_since: None,
        })
    }

    /// The watched file.
    #[must_use]
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// The last good config.
    #[must_use]
    pub fn config(&self) -> &MonsterConfig {
        &self.last_good
    }

    /// Checks for a change without blocking; call it every frame or turn.
    /// `None` when nothing changed (or a change is still settling).
    pub fn poll(&mut self) -> Option<Reload> {
        let now = Instant::now();
        while let Ok(event) = self.events.try_recv() {
            if self.concerns_the_file(&event) {
                self.pending_since = Some(now);
            }
        }
        let since = self.pending_since?;
        if now.duration_since(since) < SETTLE_TIME {
            return None;
        }
        self.pending_since = None;
        self.reread()
    }

    /// Whether an event may mean the file's content changed. Opens, reads and
    /// read-only closes are ours (or harmless); a watcher error is checked to be safe.
    fn concerns_the_file(&self, event: &notify::Result<Event>) -> bool {
        let Ok(event) = event else {
            return true;
        };
        let only_reads = matches!(event.kind, EventKind::Access(kind)
            if kind != AccessKind::Close(AccessMode::Write));
        if only_reads {
            return false;
        }
        event.need_rescan()
            || event
                .paths
                .iter()
                .any(|path| path.file_name() == Some(self.file_name.as_os_str()))
    }

    /// Reads the file if its stamp changed, and parses it if its text changed.
    fn reread(&mut self) -> Option<Reload> {
        let stamp = FileStamp::of(&self.path);
        if stamp == self.last_stamp {
            return None;
        }
        self.last_stamp = stamp;
        let text = match std::fs::read_to_string(&self.path) {
            Ok(text) => text,
            Err(source) => {
                // Reported once: a file that stays unreadable stays quiet.
                self.last_text.take()?;
                self.last_read_was_invalid = true;
                return Some(Reload::Invalid(ConfigError::Io {
                    file: self.path.clone(),
                    source,
                }));
            }
        };
        if self.last_text.as_ref() == Some(&text) {
            return None;
        }
        let parsed = MonsterConfig::parse(&self.path, &text);
        self.last_text = Some(text);
        match parsed {
            Ok(config) => {
                let was_invalid = std::mem::replace(&mut self.last_read_was_invalid, false);
                if config == self.last_good && !was_invalid {
                    return None;
                }
                let changes = describe_changes(&self.last_good, &config);
                self.last_good = config.clone();
                Some(Reload::Changed { config, changes })
            }
            Err(error) => {
                self.last_read_was_invalid = true;
                Some(Reload::Invalid(error))
            }
        }
    }
}
