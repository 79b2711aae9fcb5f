//! Where fogcrawl keeps a player's files: the save, the log and a user copy of
//! the monster config.
//!
//! The folders come from the `etcetera` crate's native strategy, so each
//! platform gets its own convention:
//!
//! | file   | Linux and other Unix (XDG)                          | macOS                                      | Windows                          |
//! |--------|-----------------------------------------------------|--------------------------------------------|----------------------------------|
//! | save   | `$XDG_DATA_HOME/fogcrawl/save.bin` (`~/.local/share`) | `~/Library/Application Support/fogcrawl/` | `%APPDATA%\fogcrawl\data\`       |
//! | log    | `$XDG_STATE_HOME/fogcrawl/fogcrawl.log` (`~/.local/state`) | beside the save                     | beside the save                  |
//! | config | `$XDG_CONFIG_HOME/fogcrawl/monsters.toml` (`~/.config`) | `~/Library/Application Support/fogcrawl/` | `%APPDATA%\fogcrawl\config\`     |
//!
//! An empty or relative `XDG_*` variable counts as unset, as the XDG base
//! directory spec says (etcetera checks that). `FOGCRAWL_SAVE` and
//! `FOGCRAWL_LOG` override the save and the log, `FOGCRAWL_DATA` the data
//! folder that the save, run summaries (`runs/`), recordings and the high
//! scores (`scores.json`) go to (a save already in the user's data folder
//! is still found there); empty, they count as unset too. The overrides are applied by pure functions ([`save_path_from`],
//! [`log_path_from`]) so tests can give the environment explicitly.

use std::ffi::OsString;
use std::path::PathBuf;

use etcetera::app_strategy::{AppStrategy, AppStrategyArgs, choose_native_strategy};

/// Overrides where the save lives.
pub const SAVE_PATH_VARIABLE: &str = "FOGCRAWL_SAVE";
/// Overrides where the log is written.
pub const LOG_PATH_VARIABLE: &str = "FOGCRAWL_LOG";
/// Overrides the data folder: the save, run summaries, recordings and the
/// high scores.
pub const DATA_DIR_VARIABLE: &str = "FOGCRAWL_DATA";
/// The save's file name in the data folder.
pub(crate) const SAVE_FILE_NAME: &str = "save.bin";
/// The log's file name in the state folder.
pub(crate) const LOG_FILE_NAME: &str = "fogcrawl.log";
/// The folder name under each base folder.
const APP_NAME: &str = "fogcrawl";

/// The per-user folders fogcrawl writes to, already ending in `fogcrawl`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct UserDirs {
    /// Where a user copy of the monster config is looked for.
    pub config: PathBuf,
    /// Where the save lives.
    pub data: PathBuf,
    /// Where the log goes (platforms without a state folder use `data`).
    pub state: PathBuf,
}

impl UserDirs {
    /// The platform's folders for this user, or `None` when there is no home
    /// folder to put them in.
    #[must_use]
    pub(crate) fn from_system() -> Option<UserDirs> {
        // An empty top-level domain and author leave the folders called plain
        // `fogcrawl` (etcetera drops empty parts).
        let strategy = choose_native_strategy(AppStrategyArgs {
            top_level_domain: String::new(),
            author: String::new(),
            app_name: APP_NAME.to_owned(),
        })
        .ok()?;
        let data = strategy.data_dir();
        Some(UserDirs {
            config: strategy.config_dir(),
            state: strategy.state_dir().unwrap_or_else(|| data.clone()),
            data,
        })
    }
}

/// An environment variable's value, with an empty value counted as unset.
#[must_use]
pub(crate) fn non_empty_var(name: &str) -> Option<OsString> {
    std::env::var_os(name).filter(|value| !value.is_empty())
}

/// Where the save lives, given `$FOGCRAWL_SAVE`, `$FOGCRAWL_DATA` and the
/// user's folders: `$FOGCRAWL_SAVE` if set and not empty; else `save.bin` in
/// `$FOGCRAWL_DATA` (the whole data folder moves), except that a save left
/// in the user's data folder from before, with none in `$FOGCRAWL_DATA`
/// yet, is still the one played (a game is never lost by setting the
/// variable); else `save.bin` in the data folder, else (no home folder at
/// all) `save.bin` in the current folder.
#[must_use]
pub(crate) fn save_path_from(
    save_variable: Option<OsString>,
    data_variable: Option<OsString>,
    dirs: Option<&UserDirs>,
) -> PathBuf {
    let usual = override_or(
        save_variable.clone(),
        dirs.map(|dirs| &dirs.data),
        SAVE_FILE_NAME,
    );
    if save_variable.is_some_and(|value| !value.is_empty()) {
        return usual;
    }
    let Some(data) = data_variable.filter(|value| !value.is_empty()) else {
        return usual;
    };
    let moved = PathBuf::from(data).join(SAVE_FILE_NAME);
    if !has_save(&moved) && dirs.is_some() && has_save(&usual) {
        return usual;
    }
    moved
}

/// Whether a save (or the older JSON save the game still reads beside it)
/// is at `path`; a link counts, even a dangling one, as the player's.
fn has_save(path: &std::path::Path) -> bool {
    let is_there = |path: &std::path::Path| std::fs::symlink_metadata(path).is_ok();
    is_there(path) || is_there(&path.with_extension("json"))
}

/// Where the log goes, given `$FOGCRAWL_LOG` and the user's folders: the
/// variable if set and not empty, else `fogcrawl.log` in the state folder,
/// else (no home folder) `fogcrawl.log` in the current folder.
#[must_use]
pub(crate) fn log_path_from(log_variable: Option<OsString>, dirs: Option<&UserDirs>) -> PathBuf {
    override_or(log_variable, dirs.map(|dirs| &dirs.state), LOG_FILE_NAME)
}

fn override_or(variable: Option<OsString>, dir: Option<&PathBuf>, file_name: &str) -> PathBuf {
    match (variable.filter(|value| !value.is_empty()), dir) {
        (Some(path), _) => PathBuf::from(path),
        (None, Some(dir)) => dir.join(file_name),
        (None, None) => PathBuf::from(file_name),
    }
}

/// The data folder run summaries and the high scores go to, given
/// `$FOGCRAWL_DATA` and the user's folders: the variable if set and not
/// empty, else the data folder, else (no home folder) the current folder.
#[must_use]
pub(crate) fn data_dir_from(data_variable: Option<OsString>, dirs: Option<&UserDirs>) -> PathBuf {
    match (data_variable.filter(|value| !value.is_empty()), dirs) {
        (Some(path), _) => PathBuf::from(path),
        (None, Some(dirs)) => dirs.data.clone(),
        (None, None) => PathBuf::from("."),
    }
}

/// The data folder for this process (`$FOGCRAWL_DATA`, else the data folder).
#[must_use]
pub fn data_dir() -> PathBuf {
    data_dir_from(
        non_empty_var(DATA_DIR_VARIABLE),
        UserDirs::from_system().as_ref(),
    )
}

/// Where the save lives for this process (`$FOGCRAWL_SAVE`, else
/// `$FOGCRAWL_DATA`, else the data folder; see [`save_path_from`]).
#[must_use]
pub(crate) fn save_path() -> PathBuf {
    save_path_from(
        non_empty_var(SAVE_PATH_VARIABLE),
        non_empty_var(DATA_DIR_VARIABLE),
        UserDirs::from_system().as_ref(),
    )
}

/// Where the log goes for this process (`$FOGCRAWL_LOG`, else the state folder).
#[must_use]
pub fn log_path() -> PathBuf {
    log_path_from(
        non_empty_var(LOG_PATH_VARIABLE),
        UserDirs::from_system().as_ref(),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn dirs() -> UserDirs {
        UserDirs {
            config: PathBuf::from("/home/ann/.config/fogcrawl"),
            data: PathBuf::from("/home/ann/.local/share/fogcrawl"),
            state: PathBuf::from("/home/ann/.local/state/fogcrawl"),
        }
    }

    #[test]
    fn the_save_goes_to_the_data_folder_unless_overridden() {
        assert_eq!(
            save_path_from(None, None, Some(&dirs())),
            PathBuf::from("/home/ann/.local/share/fogcrawl/save.bin")
        );
        assert_eq!(
            save_path_from(Some("/tmp/mine.json".into()), None, Some(&dirs())),
            PathBuf::from("/tmp/mine.json")
        );
        // An empty override is no override.
        assert_eq!(
            save_path_from(Some(OsString::new()), None, Some(&dirs())),
            PathBuf::from("/home/ann/.local/share/fogcrawl/save.bin")
        );
        assert_eq!(save_path_from(None, None, None), PathBuf::from("save.bin"));
        // FOGCRAWL_DATA moves it, FOGCRAWL_SAVE wins over it.
        assert_eq!(
            save_path_from(None, Some("/tmp/data".into()), Some(&dirs())),
            PathBuf::from("/tmp/data/save.bin")
        );
        assert_eq!(
            save_path_from(Some("/tmp/s.bin".into()), Some("/tmp/data".into()), None),
            PathBuf::from("/tmp/s.bin")
        );
    }

    #[test]
    fn a_save_in_the_old_place_is_still_found_until_the_data_folder_has_one() {
        let home = tempfile::tempdir().unwrap();
        let data = tempfile::tempdir().unwrap();
        let dirs = UserDirs {
            config: home.path().join("config"),
            data: home.path().join("data"),
            state: home.path().join("state"),
        };
        let moved = data.path().join(SAVE_FILE_NAME);
        let old = dirs.data.join(SAVE_FILE_NAME);
        let path = || save_path_from(None, Some(data.path().into()), Some(&dirs));
        assert_eq!(path(), moved, "no save anywhere: the new place");
        std::fs::create_dir_all(&dirs.data).unwrap();
        std::fs::write(&old, "a save").unwrap();
        assert_eq!(path(), old, "the game in the old place is played");
        std::fs::write(&moved, "a newer save").unwrap();
        assert_eq!(path(), moved, "one in the data folder wins");
    }

    #[test]
    fn summaries_and_scores_go_to_the_data_folder_unless_overridden() {
        assert_eq!(
            data_dir_from(None, Some(&dirs())),
            PathBuf::from("/home/ann/.local/share/fogcrawl")
        );
        assert_eq!(
            data_dir_from(Some("/tmp/runs".into()), Some(&dirs())),
            PathBuf::from("/tmp/runs")
        );
        assert_eq!(
            data_dir_from(Some(OsString::new()), None),
            PathBuf::from(".")
        );
    }

    #[test]
    fn the_log_goes_to_the_state_folder_unless_overridden() {
        assert_eq!(
            log_path_from(None, Some(&dirs())),
            PathBuf::from("/home/ann/.local/state/fogcrawl/fogcrawl.log")
        );
        assert_eq!(
            log_path_from(Some("here.log".into()), Some(&dirs())),
            PathBuf::from("here.log")
        );
        assert_eq!(
            log_path_from(Some(OsString::new()), None),
            PathBuf::from("fogcrawl.log")
        );
    }
}
