//! Hot reload: watching the monster config while the game runs.
//!
//! The file's folder is watched, not the file, because editors save by writing a new
//! file and renaming it over the old one (a watch on the old file would go stale).
//! Events are filtered on the file's name. Reading the file must never trigger another
//! reload: inotify reports our own opens and reads, so access events are ignored; the
//! file is read again only when its modification time, length or inode changed (or an
//! event says it was written, for a same-size save within one clock tick), and parsed
//! only when its text changed. This module must never block: [`ConfigWatcher::poll`]
//! returns at once.
//!
//! Events alone are not enough. A watch dies with its folder (`rm -rf dir; mkdir dir`
//! leaves no watch on the new folder), and a symlinked config's target changes in a
//! folder nobody watches. So every [`RECHECK_INTERVAL`] the watcher also compares the
//! file's stamp (`stat` follows symlinks) and the folder's identity: a changed stamp
//! is read like an event, and a folder that was re-created is watched again.
//!
//! Only a regular file is read, opened without blocking and up to
//! [`MAX_CONFIG_BYTES`](super::load::MAX_CONFIG_BYTES): a FIFO or a device put in its
//! place is reported as an invalid edit, never waited on.

use std::ffi::OsString;
use std::path::{Path, PathBuf};
use std::sync::mpsc::{Receiver, channel};
use std::time::{Duration, Instant, SystemTime};

use notify::event::{AccessKind, AccessMode, ModifyKind};
use notify::{Event, EventKind, RecommendedWatcher, RecursiveMode, Watcher};

use super::changes::describe_changes;
use super::config_error::ConfigError;
use super::load::{ConfigSource, read_config_text};
use super::schema::MonsterConfig;

/// How long the file must be quiet after an event before it is read, so that a save in
/// several writes (truncate, then write) is read once, whole. Well under the one second
/// in which a change must take effect.
pub(crate) const SETTLE_TIME: Duration = Duration::from_millis(100);
/// How often the file's stamp and the folder's identity are checked without an event:
/// a `stat` each, cheap; with [`SETTLE_TIME`] a change still shows within a second.
pub(crate) const RECHECK_INTERVAL: Duration = Duration::from_millis(300);

/// What [`ConfigWatcher::poll`] found.
#[derive(Debug)]
pub enum Reload {
    /// The file changed and is valid: use `config` from now on. `changes` are lines for
    /// the message log (`describe_changes`); empty when the file is valid again after
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
        /// Changes when an editor renames a new file over the old one.
        inode: u64,
    },
}

impl FileStamp {
    fn of(path: &Path) -> FileStamp {
        match std::fs::metadata(path) {
            Ok(metadata) => FileStamp::Present {
                modified: metadata.modified().ok(),
                len: metadata.len(),
                inode: inode(&metadata),
            },
            Err(_) => FileStamp::Missing,
        }
    }
}

/// The folder's inode, `None` if it is missing (a re-created folder has a new one).
fn folder_inode(folder: &Path) -> Option<u64> {
    std::fs::metadata(folder)
        .ok()
        .map(|metadata| inode(&metadata))
}

#[cfg(unix)]
fn inode(metadata: &std::fs::Metadata) -> u64 {
    std::os::unix::fs::MetadataExt::ino(metadata)
}

#[cfg(not(unix))]
fn inode(_metadata: &std::fs::Metadata) -> u64 {
    0
}

/// What the events since the last read say about the file; ordered so that the
/// stronger of two is the larger.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
enum Pending {
    /// Only its metadata may have changed (a `touch`, a `chmod`): read if the stamp did.
    Metadata,
    /// It was written, created, renamed or removed: read even if the stamp looks the same.
    Content,
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
    watcher: RecommendedWatcher,
    /// The watched folder and its inode when last looked at (`None`: missing).
    folder: PathBuf,
    folder_inode: Option<u64>,
    /// When the stamp and folder were last checked without an event.
    last_recheck: Instant,
    last_stamp: FileStamp,
    /// The text last read, valid or not; `None` if the last read failed.
    last_text: Option<String>,
    last_good: MonsterConfig,
    last_read_was_invalid: bool,
    /// When an event about the file last arrived, while its read is pending.
    pending_since: Option<Instant>,
    /// The strongest kind of event seen since the last read.
    pending: Option<Pending>,
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

        let folder_inode = folder_inode(folder);
        let last_stamp = FileStamp::of(path);
        let text = read_config_text(path)?;
        let config = MonsterConfig::parse(path, &text)?;
        Ok(ConfigWatcher {
            path: path.to_owned(),
            file_name,
            events,
            watcher,
            folder: folder.to_owned(),
            folder_inode,
            last_recheck: Instant::now(),
            last_stamp,
            last_text: Some(text),
            last_good: config,
            last_read_was_invalid: false,
            pending_since: None,
            pending: None,
        })
    }

    /// The watched file.
    #[must_use]
    pub(crate) fn path(&self) -> &Path {
        &self.path
    }

    /// The last good config.
    #[must_use]
    pub(crate) fn config(&self) -> &MonsterConfig {
        &self.last_good
    }

    /// Puts `config` back as the last good config: the game could not apply the
    /// one just reported, so later changes are described against what is in force.
    pub(crate) fn keep_last_good(&mut self, config: MonsterConfig) {
        self.last_good = config;
    }

    /// Checks for a change without blocking; call it every frame or turn.
    /// `None` when nothing changed (or a change is still settling).
    pub fn poll(&mut self) -> Option<Reload> {
        let now = Instant::now();
        while let Ok(event) = self.events.try_recv() {
            if self.is_folder_removal(&event) {
                // Its watch is gone; a folder made again (even one that reuses
                // the inode) is watched at the next recheck.
                self.folder_inode = None;
            }
            if let Some(pending) = self.what_event_means(&event) {
                self.pending_since = Some(now);
                self.pending = self.pending.max(Some(pending));
            }
        }
        if now.duration_since(self.last_recheck) >= RECHECK_INTERVAL {
            self.last_recheck = now;
            if self.recheck() && self.pending_since.is_none() {
                self.pending_since = Some(now);
                self.pending = self.pending.max(Some(Pending::Content));
            }
        }
        let since = self.pending_since?;
        if now.duration_since(since) < SETTLE_TIME {
            return None;
        }
        self.pending_since = None;
        let pending = self.pending.take();
        self.reread(pending == Some(Pending::Content))
    }

    /// Without an event: whether the file may have changed (its stamp did, or its
    /// folder was re-created, which is then watched again).
    fn recheck(&mut self) -> bool {
        let inode = folder_inode(&self.folder);
        let mut changed = false;
        if inode != self.folder_inode {
            self.folder_inode = inode;
            if inode.is_some() {
                // The old watch died with the old folder; a failed watch is
                // retried at the next change of the folder.
                let _ = self.watcher.unwatch(&self.folder);
                if let Err(err) = self
                    .watcher
                    .watch(&self.folder, RecursiveMode::NonRecursive)
                {
                    tracing::warn!(%err, folder = %self.folder.display(), "cannot watch the config folder again");
                }
            }
            changed = true;
        }
        changed || FileStamp::of(&self.path) != self.last_stamp
    }

    /// Whether the event says the watched folder itself went away.
    fn is_folder_removal(&self, event: &notify::Result<Event>) -> bool {
        event.as_ref().is_ok_and(|event| {
            matches!(event.kind, EventKind::Remove(_))
                && event.paths.iter().any(|path| path == &self.folder)
        })
    }

    /// What an event may mean for the file; `None` if nothing. Opens, reads and
    /// read-only closes are ours (or harmless); a watcher error is checked to be safe.
    fn what_event_means(&self, event: &notify::Result<Event>) -> Option<Pending> {
        let Ok(event) = event else {
            return Some(Pending::Content);
        };
        let about_the_file = event.need_rescan()
            || event
                .paths
                .iter()
                .any(|path| path.file_name() == Some(self.file_name.as_os_str()));
        if !about_the_file {
            return None;
        }
        match event.kind {
            EventKind::Access(AccessKind::Close(AccessMode::Write)) => Some(Pending::Content),
            EventKind::Access(_) => None,
            EventKind::Modify(ModifyKind::Metadata(_)) => Some(Pending::Metadata),
            _ => Some(Pending::Content),
        }
    }

    /// Reads the file if its stamp changed or it was `written`, and parses it if its
    /// text changed.
    fn reread(&mut self, written: bool) -> Option<Reload> {
        let stamp = FileStamp::of(&self.path);
        if stamp == self.last_stamp && !written {
            return None;
        }
        self.last_stamp = stamp;
        // Never blocks: a FIFO or a device put in the file's place is
        // refused without being opened for a blocking read.
        let text = match read_config_text(&self.path) {
            Ok(text) => text,
            Err(error) => {
                // Reported once: a file that stays unreadable stays quiet.
                self.last_text.take()?;
                self.last_read_was_invalid = true;
                return Some(Reload::Invalid(error));
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

/// Reading a config and watching it live in two files: this half is the
/// watcher's, so `load` never imports it.
impl ConfigSource {
    /// Loads the config for a game, and a watcher for hot reload if it is a file.
    ///
    /// # Errors
    /// As [`ConfigSource::load`], or [`ConfigError::Watch`] if a file's folder cannot
    /// be watched.
    pub fn load_watched(&self) -> Result<(MonsterConfig, Option<ConfigWatcher>), ConfigError> {
        match self {
            ConfigSource::File(path) => {
                let watcher = ConfigWatcher::new(path)?;
                Ok((watcher.config().clone(), Some(watcher)))
            }
            ConfigSource::BuiltIn => Ok((MonsterConfig::shipped()?, None)),
        }
    }
}
