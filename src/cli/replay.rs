//! `fogcrawl replay`: plays a recording back in the terminal, or with
//! `--verify` checks without a terminal that it replays as it was played.

use std::path::PathBuf;
use std::process::ExitCode;

use clap::{ArgGroup, Args};

use crate::cli::output::{print_err, print_out};
use fogcrawl_core::{Replayer, escape_controls, newest_recording, recordings_dir};

/// `fogcrawl replay`'s arguments.
#[derive(Debug, Args)]
#[command(group(ArgGroup::new("which").required(true).args(["file", "last"])))]
pub struct ReplayArgs {
    /// The recording to play (`.fcrec`).
    pub file: Option<PathBuf>,
    /// The recording in the recordings folder written last (the game
    /// played last; files that are not recordings are passed over).
    #[arg(long, conflicts_with = "file")]
    pub last: bool,
    /// Replay without a terminal and check every turn against the
    /// recording: prints `verified: N turns` and exits 0, or names the
    /// first turn that differs and exits 1.
    #[arg(long)]
    pub verify: bool,
    /// Start the replay at this turn (one before the recording's start, as
    /// in a resumed game's recording, or past its end starts at its first
    /// or last turn and says so).
    #[arg(long, value_name = "TURN")]
    pub turn: Option<u64>,
}

/// Says `message` on standard error (control bytes escaped) and fails.
fn fail(message: &str) -> ExitCode {
    print_err(&format!("fogcrawl: {}", escape_controls(message)));
    ExitCode::FAILURE
}

/// The recording the arguments name.
fn chosen(args: &ReplayArgs) -> Result<PathBuf, String> {
    if let Some(file) = &args.file {
        return Ok(file.clone());
    }
    let dir = recordings_dir();
    newest_recording(&dir).ok_or_else(|| {
        format!(
            "there is no recording in {} yet: every game played is recorded there",
            dir.display()
        )
    })
}

pub fn run(args: &ReplayArgs) -> ExitCode {
    let path = match chosen(args) {
        Ok(path) => path,
        Err(message) => return fail(&message),
    };
    if args.verify {
        return verify(&path);
    }
    play(&path, args.turn)
}

/// `--verify`: the whole recording, headless.
fn verify(path: &std::path::Path) -> ExitCode {
    let mut replayer = match Replayer::open(path) {
        Ok(replayer) => replayer,
        Err(err) => return fail(&err.to_string()),
    };
    match replayer.verify() {
        Ok(verified) => print_out(&format!(
            "verified: {} turns ({} state {})\n",
            verified.turns,
            verified.hashes,
            if verified.hashes == 1 {
                "hash"
            } else {
                "hashes"
            }
        )),
        Err(err) => fail(&err.to_string()),
    }
}

#[cfg(feature = "tui")]
fn play(path: &std::path::Path, turn: Option<u64>) -> ExitCode {
    match crate::ui::replay_session::run(path, turn) {
        Ok(end) => ExitCode::from(end.exit_status()),
        Err(err) => fail(&format!("{err:#}")),
    }
}

#[cfg(not(feature = "tui"))]
fn play(_path: &std::path::Path, _turn: Option<u64>) -> ExitCode {
    fail(
        "this binary was built without the terminal front end (the `tui` feature), so it cannot show a replay; `fogcrawl replay FILE --verify` works",
    )
}
