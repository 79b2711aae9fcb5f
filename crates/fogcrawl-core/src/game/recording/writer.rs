//! Writing a recording as the game goes: the header first, then the
//! player's actions, hashes and config reloads, flushed after every batch
//! (every key in play, every turn in a sim), so a crash or a hangup loses
//! at most the last turn. A failed write never stops the game: the
//! recording stops, and the failure is reported once.

use std::fs::File;
use std::io::{BufWriter, Write};
use std::path::{Path, PathBuf};

use crate::game::recording::event::{Event, Header};
use crate::game::recording::format::{opening, write_record};
use crate::game::recording::library::create_recording;
use crate::game::recording::recording_error::RecordingError;
use crate::game::state::{Game, RecordedInput};
use crate::regular_file::{FileKind, kind_at};

/// A state hash (and a replay keyframe) every this many turns unless told
/// otherwise: seeking anywhere replays at most this many turns.
pub const DEFAULT_HASH_EVERY: u64 = 100;

/// The run's recording in the recordings folder `dir`, as the game names it
/// (see [`Recorder::append`]): a plain file name of a recording
/// (`game-*.fcrec`, no folder in it, whatever a save claims) naming a
/// regular file there.
pub fn run_recording(dir: &Path, game: &Game) -> Option<PathBuf> {
    let name = game.recording_name()?;
    let plain = Path::new(name).file_name().is_some_and(|file| file == name);
    let extension = crate::game::recording::library::RECORDING_EXTENSION;
    if !plain || !name.starts_with("game-") || !name.ends_with(&format!(".{extension}")) {
        return None;
    }
    let path = dir.join(name);
    std::fs::symlink_metadata(&path)
        .is_ok_and(|meta| meta.is_file())
        .then_some(path)
}

/// Records one game into one file.
#[derive(Debug)]
pub struct Recorder {
    out: Option<BufWriter<File>>,
    path: PathBuf,
    /// Why writing stopped, until it is reported.
    failure: Option<String>,
    events: u64,
}

impl Recorder {
    /// Creates (or replaces) the recording at `path` with `header` (a path
    /// that names a FIFO, a device or a folder is refused), and has
    /// `game` log its inputs from now on; the first event is the state's
    /// hash now.
    ///
    /// # Errors
    /// When the file cannot be created or written.
    pub fn start(path: &Path, header: &Header, game: &mut Game) -> Result<Self, RecordingError> {
        let failed = |source| RecordingError::Io {
            path: path.to_owned(),
            source,
        };
        // Opening a FIFO for writing waits for a reader; a device is no
        // recording. Only a regular file (or nothing) is written.
        if let Some(kind) = kind_at(path).filter(|&kind| kind != FileKind::Regular) {
            return Err(failed(std::io::Error::new(
                std::io::ErrorKind::InvalidInput,
                format!("it is {kind}, not a regular file"),
            )));
        }
        let file = File::create(path).map_err(failed)?;
        Self::start_in(file, path, header, game)
    }

    /// Starts a new recording in the recordings folder `dir` (see
    /// `create_recording`): held for this game while it is written, and
    /// removed again if not even its header can be written (a full disk
    /// leaves no empty recording behind).
    ///
    /// # Errors
    /// When the file cannot be created or written.
    pub fn start_new_in(
        dir: &Path,
        header: &Header,
        game: &mut Game,
    ) -> Result<Self, RecordingError> {
        let (path, file) =
            create_recording(dir, game.seed()).map_err(|source| RecordingError::Io {
                path: dir.to_owned(),
                source,
            })?;
        let started = Self::start_in(file, &path, header, game);
        if started.is_err()
            && let Err(err) = std::fs::remove_file(&path)
        {
            tracing::warn!(recording = %path.display(), %err, "a recording that failed could not be removed");
        }
        started
    }

    /// [`Recorder::start`] into `file`, already open at `path`.
    fn start_in(
        file: File,
        path: &Path,
        header: &Header,
        game: &mut Game,
    ) -> Result<Self, RecordingError> {
        let io = |source| RecordingError::Io {
            path: path.to_owned(),
            source,
        };
        let mut out = BufWriter::new(file);
        out.write_all(&opening()).map_err(io)?;
        write_record(&mut out, header).map_err(io)?;
        let first = Event::Hash {
            turn: game.stats().player_turns(),
            hash: game.state_hash(),
        };
        write_record(&mut out, &first).map_err(io)?;
        out.flush().map_err(io)?;
        game.record_inputs(header.hash_every);
        game.set_recording_name(
            path.file_name()
                .map(|name| name.to_string_lossy().into_owned()),
        );
        Ok(Self {
            out: Some(out),
            path: path.to_owned(),
            failure: None,
            events: 1,
        })
    }

    /// Goes on writing the recording at `path`, the run's own, for `game`
    /// resumed from its save: one recording per run, so `replay --verify`
    /// covers the whole run across quits. The recording must be of this
    /// run (seed and levels), whole, and end at the turn the game resumes
    /// on, and the game must have been resumed whole (a save of the
    /// current format under the same config: it is then the very game the
    /// recording's inputs lead to). The state's hash is written first, so
    /// a replay checks the resumed game against the recorded one there.
    ///
    /// # Errors
    /// Why the recording cannot be continued (the caller then starts a new
    /// one from the save).
    pub fn append(path: &Path, game: &mut Game) -> Result<Self, RecordingError> {
        let refused = |reason: &str| RecordingError::NotContinued {
            path: path.to_owned(),
            reason: reason.to_owned(),
        };
        if !game.resumed_whole() {
            return Err(refused(
                "the game was not resumed whole (an older save, or another monster config)",
            ));
        }
        let recording = crate::game::recording::format::read_recording(path)?;
        if recording.header.seed != game.seed() || recording.header.run != game.run() {
            return Err(refused("it is another game's"));
        }
        if recording.ending != crate::game::recording::format::Ending::Complete {
            return Err(refused("it is damaged or cut short"));
        }
        let turn = game.stats().player_turns();
        if recording.last_turn() != turn {
            return Err(refused(&format!(
                "it ends at turn {} and the game resumes at turn {turn}",
                recording.last_turn()
            )));
        }
        let io = |source| RecordingError::Io {
            path: path.to_owned(),
            source,
        };
        let file = std::fs::OpenOptions::new()
            .append(true)
            .open(path)
            .map_err(io)?;
        let mut out = BufWriter::new(file);
        let resumed = Event::Hash {
            turn,
            hash: game.state_hash(),
        };
        write_record(&mut out, &resumed).map_err(io)?;
        out.flush().map_err(io)?;
        game.record_inputs(recording.header.hash_every);
        Ok(Self {
            out: Some(out),
            path: path.to_owned(),
            failure: None,
            events: recording.events.len() as u64 + 1,
        })
    }

    /// Where the recording goes.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// Writes what `game` logged since the last call, and flushes.
    pub fn catch_up(&mut self, game: &mut Game) {
        let inputs = game.take_recorded_inputs();
        if inputs.is_empty() {
            return;
        }
        for input in inputs {
            let event = match input {
                RecordedInput::Act {
                    turn,
                    action,
                    check,
                } => Event::Act {
                    turn,
                    action,
                    check,
                },
                RecordedInput::Hash { turn, hash } => Event::Hash { turn, hash },
            };
            self.write(&event);
        }
        self.flush(game);
    }

    /// Records a config reload (after what came before it); `text` is the
    /// config's text, if it could be read back.
    pub fn config_reloaded(&mut self, game: &mut Game, text: Option<String>) {
        self.catch_up(game);
        self.write(&Event::Config {
            turn: game.stats().player_turns(),
            text,
        });
        self.flush(game);
    }

    /// Why the recording stopped, the first time it is asked after it did.
    pub fn take_failure(&mut self) -> Option<String> {
        self.failure.take()
    }

    fn write(&mut self, event: &Event) {
        let Some(out) = self.out.as_mut() else {
            return;
        };
        match write_record(out, event) {
            Ok(()) => self.events += 1,
            Err(err) => self.stop(&err),
        }
    }

    fn flush(&mut self, game: &mut Game) {
        if let Some(out) = self.out.as_mut()
            && let Err(err) = out.flush()
        {
            self.stop(&err);
        }
        if self.out.is_none() {
            game.stop_recording_inputs();
        }
    }

    fn stop(&mut self, err: &std::io::Error) {
        tracing::warn!(recording = %self.path.display(), %err, "recording stopped");
        self.out = None;
        self.failure = Some(format!(
            "The recording {} stopped: {err}. The game goes on.",
            self.path.display()
        ));
    }
}
