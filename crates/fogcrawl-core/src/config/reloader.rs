//! Hot reload's policy, "keep the last good config", in one place: a
//! [`ConfigReloader`] polls the file's [`ConfigWatcher`], hands a valid
//! config to whoever installs it (the game, through a closure, as this
//! module knows nothing of the game), and when the file is invalid or the
//! install refuses it, keeps the config in force as the last good one. It
//! answers with a [`ReloadReport`] for the front end to show; the front end
//! decides nothing.
//!
//! Headless: `sim`, a replay or a test can drive it as the terminal does.

use std::fmt;
use std::path::Path;

use super::config_error::ConfigError;
use super::schema::MonsterConfig;
use super::watch::{ConfigWatcher, Reload};

/// What installing a new config did: the config in force before it and
/// the notes of the install, or why it was refused (the game unchanged).
#[derive(Debug)]
pub struct Installed {
    pub before: Option<MonsterConfig>,
    pub outcome: Result<Vec<String>, String>,
}

/// What one reload did, for the player to read.
#[derive(Debug)]
pub enum ReloadReport {
    /// The new config is in force.
    Reloaded {
        /// What changed in the file, one line each.
        changes: Vec<String>,
        /// The changes and what installing did, in one line.
        summary: String,
        /// The config in force before (the overlay compares the two).
        before: Option<MonsterConfig>,
    },
    /// The file is not a valid config: the last good one stays.
    Invalid(ConfigError),
    /// The file is valid but could not be installed: the last good one
    /// stays, and later changes are described against it.
    NotApplied(String),
}

impl fmt::Display for ReloadReport {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ReloadReport::Reloaded { summary, .. } => write!(f, "Config reloaded: {summary}."),
            ReloadReport::Invalid(err) => {
                write!(f, "Config error, keeping the last good config: {err}")
            }
            ReloadReport::NotApplied(reason) => {
                write!(
                    f,
                    "Config not applied, keeping the last good config: {reason}"
                )
            }
        }
    }
}

/// Reloads the monster config file as it changes, keeping the last good
/// config whenever a change cannot be used.
#[derive(Debug)]
pub struct ConfigReloader {
    watcher: ConfigWatcher,
}

impl ConfigReloader {
    pub fn new(watcher: ConfigWatcher) -> Self {
        Self { watcher }
    }

    /// The config file watched.
    pub fn path(&self) -> &Path {
        self.watcher.path()
    }

    /// Checks the file without blocking (call it every frame or turn);
    /// a valid change goes to `install`. `None` when nothing changed.
    pub fn poll(
        &mut self,
        install: impl FnOnce(MonsterConfig) -> Installed,
    ) -> Option<ReloadReport> {
        let report = match self.watcher.poll()? {
            Reload::Changed { config, changes } => {
                let Installed { before, outcome } = install(config);
                match outcome {
                    Ok(notes) => {
                        let mut lines = changes.clone();
                        lines.extend(notes);
                        let summary = if lines.is_empty() {
                            "the file is valid again".to_owned()
                        } else {
                            lines.join("; ")
                        };
                        ReloadReport::Reloaded {
                            changes,
                            summary,
                            before,
                        }
                    }
                    Err(reason) => {
                        if let Some(in_force) = before {
                            self.watcher.keep_last_good(in_force);
                        }
                        ReloadReport::NotApplied(reason)
                    }
                }
            }
            Reload::Invalid(err) => ReloadReport::Invalid(err),
        };
        Some(report)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::{Duration, Instant};

    /// Polls until the watcher reports (it settles changes first).
    fn next_report(
        reloader: &mut ConfigReloader,
        mut install: impl FnMut(MonsterConfig) -> Installed,
    ) -> ReloadReport {
        let deadline = Instant::now() + Duration::from_secs(10);
        loop {
            if let Some(report) = reloader.poll(&mut install) {
                return report;
            }
            assert!(Instant::now() < deadline, "no reload reported");
            std::thread::sleep(Duration::from_millis(20));
        }
    }

    #[test]
    fn a_refused_install_keeps_the_last_good_config_and_an_invalid_file_says_why() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("monsters.toml");
        let shipped = super::super::load::SHIPPED_CONFIG;
        std::fs::write(&path, shipped).unwrap();
        let mut reloader = ConfigReloader::new(ConfigWatcher::new(&path).unwrap());
        let in_force = MonsterConfig::shipped().unwrap();

        std::fs::write(&path, shipped.replacen("hp = ", "hp = 1", 1)).unwrap();
        let report = next_report(&mut reloader, |_| Installed {
            before: Some(in_force.clone()),
            outcome: Err("the game refused it".to_owned()),
        });
        assert!(matches!(report, ReloadReport::NotApplied(_)), "{report:?}");
        assert!(report.to_string().contains("keeping the last good config"));

        std::fs::write(&path, "not = [valid").unwrap();
        let report = next_report(&mut reloader, |_| {
            unreachable!("an invalid file is never installed")
        });
        assert!(matches!(report, ReloadReport::Invalid(_)), "{report:?}");

        std::fs::write(&path, shipped.replacen("hp = ", "hp = 1", 1)).unwrap();
        let report = next_report(&mut reloader, |_| Installed {
            before: Some(in_force.clone()),
            outcome: Ok(vec!["a note".to_owned()]),
        });
        let ReloadReport::Reloaded {
            summary, before, ..
        } = &report
        else {
            panic!("{report:?}");
        };
        assert!(summary.ends_with("a note"), "{summary}");
        assert!(
            !summary.starts_with("a note"),
            "changes come first: {summary}"
        );
        assert_eq!(before.as_ref(), Some(&in_force));
    }
}
