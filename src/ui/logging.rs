//! Logging to a file (tracing), never to the screen: the terminal belongs
//! to the game while it runs.
//!
//! The log is `fogcrawl.log` in the user's state folder unless `$FOGCRAWL_LOG`
//! names another file (see [`user_dirs`](crate::user_dirs)); `RUST_LOG`
//! overrides the default filter.

use std::fs::OpenOptions;
use std::path::Path;
use std::sync::Mutex;

use tracing_subscriber::EnvFilter;

pub use crate::user_dirs::{LOG_PATH_VARIABLE, log_path};
/// What is logged when `RUST_LOG` is not set.
const DEFAULT_FILTER: &str = "fogcrawl=info";

/// Sends tracing output to the file at `path` (appending). Returns why not
/// if the file cannot be opened; the game then runs without a log.
pub fn init(path: &Path) -> Result<(), String> {
    if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
        std::fs::create_dir_all(dir)
            .map_err(|e| format!("cannot create {}: {e}", dir.display()))?;
    }
    // Opening a FIFO for writing waits for a reader: the log is only ever
    // a regular file (or made as one).
    if let Some(kind) = crate::regular_file::kind_at(path)
        .filter(|&kind| kind != crate::regular_file::FileKind::Regular)
    {
        return Err(format!("{} is {kind}, not a regular file", path.display()));
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

#[cfg(test)]
mod tests {
    use super::*;

    #[cfg(unix)]
    #[test]
    fn a_fifo_as_the_log_is_refused_without_waiting_for_a_reader() {
        let dir = tempfile::tempdir().unwrap();
        let fifo = dir.path().join("fogcrawl.log");
        let made = std::process::Command::new("mkfifo")
            .arg(&fifo)
            .status()
            .unwrap();
        assert!(made.success());
        let err = init(&fifo).unwrap_err();
        assert_eq!(
            err,
            format!(
                "{} is a FIFO (named pipe), not a regular file",
                fifo.display()
            )
        );
    }
}
