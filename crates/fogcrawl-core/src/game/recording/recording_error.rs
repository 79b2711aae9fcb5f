//! Why a recording cannot be written, read or replayed. Every message names
//! the file and fits on one line.

use std::path::PathBuf;

use thiserror::Error;

#[derive(Debug, Error)]
pub enum RecordingError {
    #[error("{path}: {source}")]
    Io {
        path: PathBuf,
        source: std::io::Error,
    },
    #[error("{path} cannot be read: {reason}")]
    Unreadable { path: PathBuf, reason: String },
    #[error("{path} is not a fogcrawl recording (it does not start with the recording header)")]
    NotARecording { path: PathBuf },
    #[error("{path} is a recording of format {found}; this fogcrawl reads format {supported} only")]
    FormatVersion {
        path: PathBuf,
        found: u16,
        supported: u16,
    },
    #[error("{path}: its header is damaged or cut short ({reason})")]
    BadHeader { path: PathBuf, reason: String },
    #[error(
        "{path} was recorded by fogcrawl {recorded}; this is fogcrawl {this}, whose games may differ: replay it with fogcrawl {recorded}"
    )]
    BuildVersion {
        path: PathBuf,
        recorded: String,
        this: String,
    },
    #[error(
        "{path} was recorded with another level '{level}' than {location} holds now (its file changed): replay it where that level is as it was"
    )]
    LevelDiffers {
        path: PathBuf,
        level: String,
        location: String,
    },
    #[error("{path} needs level '{level}', which cannot be found here: {reason}")]
    LevelMissing {
        path: PathBuf,
        level: String,
        reason: String,
    },
    #[error(
        "{path} does not hold the monster config it was recorded with (on turn {turn} the config file could not be read back), so it cannot be replayed past turn {turn}"
    )]
    ConfigMissing { path: PathBuf, turn: u64 },
    #[error("{path}: the monster config it holds is not valid here: {reason}")]
    ConfigInvalid { path: PathBuf, reason: String },
    #[error("{path} cannot be continued by this game: {reason}")]
    NotContinued { path: PathBuf, reason: String },
    #[error("{path}: its game cannot be started again: {reason}")]
    Setup { path: PathBuf, reason: String },
    #[error("{path}: the replay differs from the recorded game on turn {turn} ({what})")]
    Diverged {
        path: PathBuf,
        turn: u64,
        what: String,
    },
    #[error(
        "{path} is cut short after turn {turn} (its last record is incomplete: a crash or a full disk?); the turns before it replay"
    )]
    Truncated { path: PathBuf, turn: u64 },
    #[error(
        "{path} is damaged after turn {turn} (record {record} fails its checksum); the turns before it replay"
    )]
    Damaged {
        path: PathBuf,
        turn: u64,
        record: usize,
    },
}
