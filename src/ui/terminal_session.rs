//! What every terminal session shares (play, `replay`, the lab): how a
//! session ends and its exit status, the shutdown signals (each only sets
//! a flag), the thread that reads terminal events, and mouse capture that
//! a panic turns off again.
//!
//! Below the sessions that use it and knowing none of them, so a session
//! can call another (play's death screen runs a replay's loop) without a
//! circle.

use std::io;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc;

use crossterm::event::{self, DisableMouseCapture, EnableMouseCapture, Event};
#[cfg(unix)]
use signal_hook::consts::SIGHUP;
use signal_hook::consts::{SIGINT, SIGTERM};

/// The signals that end the game the same way as `q`.
#[cfg(unix)]
const SHUTDOWN_SIGNALS: [i32; 3] = [SIGTERM, SIGINT, SIGHUP];
/// Windows has no hangup signal; signal-hook maps these two to console events.
#[cfg(not(unix))]
const SHUTDOWN_SIGNALS: [i32; 2] = [SIGTERM, SIGINT];

/// Why a game session ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SessionEnd {
    /// The player quit (the game was saved, or it was over).
    Quit,
    /// A shutdown signal (its number) ended the game, after saving it.
    Signal(i32),
    /// The terminal went away without a signal (its input closed).
    TerminalGone,
}

impl SessionEnd {
    /// The process exit status: 0 after quitting, 128 + N after signal N
    /// (as a shell reports a process a signal ended), 1 otherwise.
    pub(crate) fn exit_status(self) -> u8 {
        match self {
            SessionEnd::Quit => 0,
            SessionEnd::Signal(signal) => u8::try_from(128 + signal).unwrap_or(1),
            SessionEnd::TerminalGone => 1,
        }
    }
}

/// Turns mouse reporting on (clicks, motion, the wheel), and makes a panic
/// turn it off again before ratatui's hook restores the rest: a terminal
/// left reporting the mouse prints escape codes at every move. A terminal
/// that cannot report the mouse still plays by keys.
pub(crate) fn capture_mouse() {
    let previous = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        release_mouse();
        previous(info);
    }));
    if let Err(err) = crossterm::execute!(io::stdout(), EnableMouseCapture) {
        tracing::warn!(%err, "no mouse: the terminal refused mouse capture");
    }
}

/// Turns mouse reporting off (every exit path, the panic hook too).
pub(crate) fn release_mouse() {
    let _ = crossterm::execute!(io::stdout(), DisableMouseCapture);
}

/// One flag per shutdown signal, in [`SHUTDOWN_SIGNALS`] order. Setting a
/// flag is all a signal does, so any number of them, in any order, ask for
/// the same single save and restore.
pub(crate) struct ShutdownFlags([(i32, Arc<AtomicBool>); SHUTDOWN_SIGNALS.len()]);

impl ShutdownFlags {
    /// The signal that asked the game to end, if one did (the first in
    /// [`SHUTDOWN_SIGNALS`] order when several did before a check).
    pub(crate) fn received(&self) -> Option<i32> {
        self.0
            .iter()
            .find(|(_, flag)| flag.load(Ordering::SeqCst))
            .map(|(signal, _)| *signal)
    }
}

/// Watches the shutdown signals from now on: each only sets its flag, so
/// the session's loop ends through its restoring exit (a replay's too).
pub(crate) fn register_shutdown_signals() -> io::Result<ShutdownFlags> {
    let flags = SHUTDOWN_SIGNALS.map(|signal| (signal, Arc::new(AtomicBool::new(false))));
    for (signal, flag) in &flags {
        signal_hook::flag::register(*signal, Arc::clone(flag))?;
    }
    Ok(ShutdownFlags(flags))
}

/// Reads terminal events on a thread of its own and hands them over.
///
/// crossterm 0.29 spins inside `event::poll`/`event::read` once its terminal
/// is gone (crossterm issue #793: a hung-up tty reads 0 bytes forever), so
/// reading on the main thread would keep the loop from ever seeing the
/// hangup signal and saving. On its own thread a stuck read only stalls that
/// thread; the main loop still saves, restores and exits, which ends it.
pub(crate) fn spawn_input_reader() -> mpsc::Receiver<io::Result<Event>> {
    let (sender, receiver) = mpsc::channel();
    std::thread::spawn(move || {
        loop {
            let event = event::read();
            let failed = event.is_err();
            if sender.send(event).is_err() || failed {
                break;
            }
        }
    });
    receiver
}
