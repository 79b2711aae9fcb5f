//! Logging to a file (tracing), never to the screen: the terminal belongs
//! to the game while it runs.
//!
//! The log lives beside the save as `fogcrawl.log` unless `$FOGCRAWL_LOG`
//! names another file; `RUST_LOG` overrides the default filter.

use std::fs::OpenOptions;
use std::path::{Path, PathBuf};
use std::sync::Mutex;

use tracing_subscriber::EnvFilter;

/// Overrides where the log is written.
pub const LOG_PATH_VARIABLE: &str = "FOGCRAWL_LOG";
const LOG_FILE_NAME: &str = "fogcrawl.log";
/// What is logged when `RUST_LOG` is not set.
const DEFAULT_FILTER: &str = "fogcrawl=info";

/// Where the log goes: `$FOGCRAWL_LOG`, else beside the save.
pub fn log_path(save_path: &Path) -> PathBuf {
    if let Some(path) = std::env::var_os(LOG_PATH_VARIABLE) {
        return PathBuf::from(path);
    }
    match save_path.parent() {
        Some(dir) if !dir.as_os_str().is_empty() => dir.join(LOG_FILE_NAME),
        _ => PathBuf::from(LOG_FILE_NAME),
    }
}

/// Sends tracing output to the file at `path` (appending). Returns why not
/// if the file cannot be opened; the game then runs without a log.
pub fn init(path: &Path) -> Result<(), String> {
    if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
        std::fs::create_dir_all(dir)
            .map_err(|e| format!("cannot create {}: {e}", dir.display()))?;
    }
    let file = OpenOptions::new()
        .create(true)
        .append(true)
        .open(path)
        .map_err(|e| format!("cannot open {}: {e}", path.display()))?;
    let filter =
        EnvFilter::try_from_default_env().unwrap_or_else(|_| EnvFilter::new(DEFAULT_FILTER));
    tracing_subscriber::fmt()
        .with_env_filter(filter)
        .with_writer(Mutex::new(file))
        .with_ansi(false)
        .try_init()
        .map_err(|e| format!("cannot start logging: {e}"))
}
