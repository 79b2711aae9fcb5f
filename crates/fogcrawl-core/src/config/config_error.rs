//! Errors from reading, checking and watching the monster config, each telling the user
//! what to fix: the file, the line and column, the field's dotted path, and the
//! accepted values.
//!
//! It must never hide the file or the position: every variant about the file's content
//! is a [`Diagnostic`], the format level files share.

use std::path::PathBuf;

use thiserror::Error;

use crate::diagnostic::Diagnostic;

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
    /// The text is not valid TOML; the problem is toml's own message.
    #[error(transparent)]
    Syntax(Box<Diagnostic>),
    /// Well-formed TOML with a key or value the config does not accept; the field is a
    /// dotted path such as `factions.goblins.weight` or `monsters[0].hp`.
    #[error(transparent)]
    Invalid(Box<Diagnostic>),
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
