//! Why a save could not be written or read back. The game's own error
//! names these, so they stand apart from the format and the save files,
//! which know the game.

use std::path::{Path, PathBuf};

use thiserror::Error;

use crate::game::save::lock::LockError;
use crate::regular_file::FileKind;
use crate::save_version::{LEGACY_FORMAT, OLDEST_BINARY_FORMAT, SAVE_FORMAT};

/// Why a save's bytes could not be read back into a game. The texts end
/// the sentence "Your saved game could not be loaded: ...".
#[derive(Debug, Error, PartialEq, Eq)]
pub enum DecodeError {
    #[error("it is not a fogcrawl save ({0})")]
    NotASave(String),
    #[error(
        "it was written in save format {found}, this version reads formats {LEGACY_FORMAT} and {OLDEST_BINARY_FORMAT} to {SAVE_FORMAT}"
    )]
    Format { found: u64 },
    #[error("it is damaged ({0})")]
    Damaged(String),
}

/// Errors that cannot happen with the game's own types, but are reported
/// rather than unwrapped.
#[derive(Debug, Error)]
#[error("cannot encode the game: {0}")]
pub struct EncodeError(#[from] postcard::Error);

#[derive(Debug, Error)]
pub enum SaveError {
    #[error("cannot write the save {path}: {source}")]
    Write {
        path: PathBuf,
        source: std::io::Error,
    },
    #[error(transparent)]
    Encode(#[from] EncodeError),
    /// The save path names something that is not a regular file; it is
    /// never read, renamed or replaced.
    #[error("{}", not_a_file_message(path, *kind))]
    NotAFile { path: PathBuf, kind: FileKind },
    #[error(transparent)]
    Lock(#[from] LockError),
    /// The save path is a symlink that cannot be followed (a loop).
    #[error("cannot follow the save path {path}: {source}")]
    Path {
        path: PathBuf,
        source: std::io::Error,
    },
}

fn not_a_file_message(path: &Path, kind: FileKind) -> String {
    let path = path.display();
    if kind == FileKind::Folder {
        format!(
            "the save path {path} is a folder: set FOGCRAWL_SAVE to a file in it, such as {path}/save.bin"
        )
    } else {
        format!(
            "the save path {path} is {kind}: fogcrawl keeps its save only in a regular file, and leaves this one alone; remove it or set FOGCRAWL_SAVE to another path"
        )
    }
}
