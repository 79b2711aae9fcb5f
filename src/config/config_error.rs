//! Errors from reading, checking and watching the monster config, each telling the user
//! what to fix: the file, the line and column, the field's dotted path, and the
//! accepted values.
//!
//! It must never hide the file or the position: every variant about the file's content
//! starts its message with `file:line:column:`.

use std::path::PathBuf;

use thiserror::Error;

/// What went wrong with the monster config.
#[derive(Debug, Error)]
pub enum ConfigError {
    /// The file could not be read.
    #[error("{}: cannot read the monster config: {source}", file.display())]
    Io {
        /// The file.
        file: PathBuf,
        /// Why.
        #[source]
        source: std::io::Error,
    },
    /// The text is not valid TOML; the message is toml's own.
    #[error("{}:{line}:{column}: {message}", file.display())]
    Syntax {
        /// The file.
        file: PathBuf,
        /// 1-based line.
        line: usize,
        /// 1-based column, in characters.
        column: usize,
        /// The TOML parser's message.
        message: String,
    },
    /// Well-formed TOML with a key or value the config does not accept.
    #[error("{}:{line}:{column}: {field}: {problem}; accepted values: {accepted}", file.display())]
    Invalid {
        /// The file.
        file: PathBuf,
        /// 1-based line.
        line: usize,
        /// 1-based column, in characters.
        column: usize,
        /// Dotted path of the field, e.g. `factions.goblins.weight` or `monsters[0].hp`.
        field: String,
        /// What is wrong with it.
        problem: String,
        /// What would be accepted.
        accepted: String,
    },
    /// The file's folder could not be watched for changes.
    #[error("{}: cannot watch the monster config's folder for changes: {source}", file.display())]
    Watch {
        /// The config file.
        file: PathBuf,
        /// Why.
        #[source]
        source: notify::Error,
    },
}
