//! The terminal session of `fogcrawl replay`: takes the terminal, runs the
//! viewer's loop (keys, resizes, the replay's clock, shutdown signals), and
//! gives the terminal back on every way out. A replay saves nothing.
//!
//! SIGTERM, SIGINT and SIGHUP are watched from the start (before the
//! recording is read), as play does: each only sets a flag, the loop ends,
//! the terminal is restored and the process exits with 128 + the signal's
//! number.

use std::io::{self, IsTerminal};
use std::path::Path;
use std::time::{Duration, Instant};

use std::sync::mpsc;

use color_eyre::eyre::{Result, WrapErr, bail};
use crossterm::event::Event;

use crate::ui::replay_view::ReplayViewer;
use crate::ui::terminal_session::{
    SessionEnd, ShutdownFlags, register_shutdown_signals, spawn_input_reader,
};
use crate::ui::theme::Palette;
use fogcrawl_core::Replayer;

/// How long the loop waits for a key at most.
const POLL: Duration = Duration::from_millis(50);

/// Plays the recording at `path` in this terminal, from `turn` if given.
/// How it ended: quit, or the signal that ended it.
pub(crate) fn run(path: &Path, turn: Option<u64>) -> Result<SessionEnd> {
    let shutdown = register_shutdown_signals().wrap_err("cannot watch for shutdown signals")?;
    let replayer = Replayer::open(path).map_err(|err| color_eyre::eyre::eyre!("{err}"))?;
    if let Some(signal) = shutdown.received() {
        return Ok(SessionEnd::Signal(signal));
    }
    if !(io::stdin().is_terminal() && io::stdout().is_terminal()) {
        bail!(
            "a replay needs a terminal on standard input and output; `fogcrawl replay FILE --verify` checks one without"
        );
    }
    let mut viewer = ReplayViewer::new(replayer, Palette::detect());
    if let Some(turn) = turn {
        viewer.start_at(turn);
    }
    watch(viewer, &shutdown)
}

/// Runs `viewer` until the player quits or a shutdown signal comes.
fn watch(mut viewer: ReplayViewer, shutdown: &ShutdownFlags) -> Result<SessionEnd> {
    let mut terminal = ratatui::try_init().wrap_err("cannot take over the terminal")?;
    let input = spawn_input_reader();
    let result = event_loop(&mut terminal, &mut viewer, &input, shutdown);
    ratatui::restore();
    let signal = result.wrap_err("the terminal failed")?;
    Ok(signal.map_or(SessionEnd::Quit, SessionEnd::Signal))
}

/// The viewer's loop on `terminal`, reading keys from `input` (the game's
/// reader thread when a death is watched from the death screen: one
/// reader per terminal, or the two would take turns at the keys). Ends
/// when the player quits (`None`) or a shutdown signal came (its number).
pub(crate) fn event_loop(
    terminal: &mut ratatui::DefaultTerminal,
    viewer: &mut ReplayViewer,
    input: &mpsc::Receiver<io::Result<Event>>,
    shutdown: &ShutdownFlags,
) -> io::Result<Option<i32>> {
    let mut next_turn = Instant::now();
    loop {
        if let Some(signal) = shutdown.received() {
            return Ok(Some(signal));
        }
        if viewer.should_quit() {
            return Ok(None);
        }
        if let Ok(size) = terminal.size() {
            viewer.set_screen_size(size.width, size.height);
        }
        terminal.draw(|frame| frame.render_widget(&*viewer, frame.area()))?;
        let wait = if viewer.is_playing() {
            next_turn
                .saturating_duration_since(Instant::now())
                .min(POLL)
        } else {
            POLL
        };
        match input.recv_timeout(wait) {
            Ok(Ok(Event::Key(key))) => {
                let was_playing = viewer.is_playing();
                viewer.key(key);
                if viewer.is_playing() && !was_playing {
                    next_turn = Instant::now();
                }
            }
            Ok(Ok(_)) | Err(mpsc::RecvTimeoutError::Timeout) => {}
            Ok(Err(err)) if err.kind() == io::ErrorKind::Interrupted => {}
            Ok(Err(err)) => return Err(err),
            // The terminal went away: nothing left to show (a hangup
            // usually comes with it).
            Err(mpsc::RecvTimeoutError::Disconnected) => return Ok(shutdown.received()),
        }
        if viewer.is_playing() && Instant::now() >= next_turn {
            viewer.tick();
            next_turn = (next_turn + viewer.turn_interval()).max(Instant::now());
        }
    }
}
