//! The terminal session: sets the terminal up, runs the event loop (keys,
//! resizes, auto-advance ticks, shutdown signals), and always saves and
//! restores the terminal on the way out.
//!
//! Every exit path goes through [`run`]'s ending: quit keys, SIGTERM,
//! SIGINT, SIGHUP (Unix only) and loop errors save the game, turn mouse
//! capture off and then `ratatui::restore()` runs; a panic is covered by
//! the hook `ratatui::init()` installs, with ours before it turning mouse
//! capture off (`restore()` does not). This
//! module never changes the game itself: it hands commands to `App`.
//!
//! Signals only set flags, however many arrive and in whatever order: the
//! game saves once and restores the terminal once. There is no "a second
//! signal exits at once" rule, because a shell re-sends SIGHUP to its job
//! when the terminal closes, and that second hangup used to end the game
//! before it was saved. The process then exits with 128 + the signal's
//! number, as shells expect.

use std::io::{self, IsTerminal, Write};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc;
use std::time::{Duration, Instant};

use color_eyre::eyre::{Result, WrapErr};
use crossterm::event::{self, DisableMouseCapture, EnableMouseCapture, Event};
use ratatui::DefaultTerminal;
#[cfg(unix)]
use signal_hook::consts::SIGHUP;
use signal_hook::consts::{SIGINT, SIGTERM};

use crate::ui::app::{AUTO_ADVANCE_INTERVAL, App, PlayOptions};
use crate::ui::input::command_for_key;
use crate::ui::logging;
use crate::ui::mouse::command_for_mouse;
use crate::ui::theme::Palette;
use fogcrawl_core::{SavedTo, escape_controls};

/// How long the loop waits for a key before looking at the signal flags.
const SIGNAL_CHECK_INTERVAL: Duration = Duration::from_millis(100);
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
    pub fn exit_status(self) -> u8 {
        match self {
            SessionEnd::Quit => 0,
            SessionEnd::Signal(signal) => u8::try_from(128 + signal).unwrap_or(1),
            SessionEnd::TerminalGone => 1,
        }
    }
}

/// Plays a game in this terminal until the player quits or a signal asks
/// the game to end.
pub fn run(options: &PlayOptions) -> Result<SessionEnd> {
    // Before anything writes (the log comes first): past `ulimit -f`, a
    // write must fail with an error, not kill the game with SIGXFSZ.
    fogcrawl_core::ignore_file_size_signal();
    color_eyre::install()?;
    if !(io::stdin().is_terminal() && io::stdout().is_terminal()) {
        // Nothing to draw on (a pipe, a file, a service): say so, no panic.
        color_eyre::eyre::bail!(
            "playing needs a terminal on standard input and output; `fogcrawl sim` plays without one"
        );
    }

    let log_path = logging::log_path();
    // No log is no reason not to play; the terminal is not ours yet, so say so.
    if let Err(reason) = logging::init(&log_path) {
        let _ = writeln!(
            io::stderr(),
            "fogcrawl: playing without a log: {}",
            escape_controls(&reason.to_string())
        );
    }
    let shutdown = register_shutdown_signals().wrap_err("cannot watch for shutdown signals")?;
    let palette = Palette::detect();
    // The built-in config has no file, so edits cannot reach it: the log says
    // which config a game runs on.
    tracing::info!(colours = palette.support.name(), config = %options.config, "starting");
    // Errors such as an unknown --level are printed on the normal screen.
    let mut app = match App::start(options, palette) {
        Ok(app) => app,
        Err(err) => {
            // A save set aside on the way is news the player must not miss.
            let note = fogcrawl_core::read_save_notice(&options.save_path)
                .map(|note| format!("\n{note}"))
                .unwrap_or_default();
            return Err(color_eyre::eyre::eyre!(
                "cannot start the game: {err}{note}"
            ));
        }
    };

    let mut terminal = ratatui::try_init().wrap_err("cannot take over the terminal")?;
    capture_mouse();
    let ended = event_loop(&mut terminal, &mut app, &shutdown);
    // Saved before the terminal is given back: a hangup may end the process
    // soon after, and the game matters more than the screen.
    let saved = app.save_on_exit();
    match &ended {
        Ok(SessionEnd::Quit) => tracing::info!("quit"),
        Ok(SessionEnd::Signal(signal)) => tracing::info!(signal, "ended by a signal"),
        Ok(SessionEnd::TerminalGone) => tracing::info!("ended: the terminal went away"),
        Err(err) => tracing::error!(%err, "the event loop failed"),
    }
    release_mouse();
    ratatui::restore();
    // The terminal may be gone (a hangup): a failed write is no reason to
    // panic after a good save.
    match saved {
        Ok(Some(SavedTo::Save(path))) => {
            let _ = writeln!(
                io::stdout(),
                "fogcrawl: game saved to {}; run fogcrawl again to resume.",
                escape_controls(&path.display().to_string())
            );
        }
        Ok(Some(SavedTo::Fallback { path, reason })) => {
            let path = escape_controls(&path.display().to_string()).into_owned();
            let _ = writeln!(
                io::stdout(),
                "fogcrawl: the save could not be written ({}); the game was saved to {path} instead. Resume it with: FOGCRAWL_SAVE='{path}' fogcrawl",
                escape_controls(&reason)
            );
        }
        Ok(None) => {}
        Err(err) => {
            tracing::error!(%err, "saving failed");
            return Err(err).wrap_err("the game could not be saved");
        }
    }
    ended.wrap_err("the terminal failed")
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

fn event_loop(
    terminal: &mut DefaultTerminal,
    app: &mut App,
    shutdown: &ShutdownFlags,
) -> io::Result<SessionEnd> {
    let input = spawn_input_reader();
    let mut needs_redraw = true;
    let mut next_tick = Instant::now();
    loop {
        if let Some(signal) = shutdown.received() {
            return Ok(SessionEnd::Signal(signal));
        }
        if app.should_quit() {
            return Ok(SessionEnd::Quit);
        }
        if needs_redraw {
            // The app keeps the screen's size so long screens scroll no
            // further than their last line.
            if let Ok(size) = terminal.size() {
                app.set_screen_size(size.width, size.height);
            }
            terminal.draw(|frame| frame.render_widget(&*app, frame.area()))?;
            needs_redraw = false;
        }
        let timeout = if app.is_auto_advancing() {
            next_tick
                .saturating_duration_since(Instant::now())
                .min(SIGNAL_CHECK_INTERVAL)
        } else {
            SIGNAL_CHECK_INTERVAL
        };
        match input.recv_timeout(timeout) {
            Ok(Ok(Event::Key(key))) => {
                let was_auto_advancing = app.is_auto_advancing();
                if let Some(command) = command_for_key(key, app.input_mode()) {
                    app.update(command);
                    needs_redraw = true;
                    if let Some(recording) = app.take_watch_death()
                        && let Some(signal) =
                            watch_death(terminal, app, &recording, &input, shutdown)
                    {
                        return Ok(SessionEnd::Signal(signal));
                    }
                    if app.is_auto_advancing() && !was_auto_advancing {
                        next_tick = Instant::now();
                    }
                }
            }
            Ok(Ok(Event::Mouse(mouse))) => {
                if let Some(command) = command_for_mouse(mouse, app) {
                    app.update(command);
                    needs_redraw = true;
                }
            }
            Ok(Ok(Event::Resize(..))) => needs_redraw = true,
            Ok(Ok(_)) | Err(mpsc::RecvTimeoutError::Timeout) => {}
            // A signal interrupted the read: the flag check above handles it.
            Ok(Err(err)) if err.kind() == io::ErrorKind::Interrupted => {}
            Ok(Err(err)) => return Err(err),
            // The input thread is gone: the terminal went away.
            Err(mpsc::RecvTimeoutError::Disconnected) => {
                // A hangup usually comes with it: report the signal if so.
                return Ok(shutdown
                    .received()
                    .map_or(SessionEnd::TerminalGone, SessionEnd::Signal));
            }
        }
        // A saved edit of the monster config takes effect within a poll.
        if app.poll_config() {
            needs_redraw = true;
        }
        if app.is_auto_advancing() && Instant::now() >= next_tick {
            app.tick();
            needs_redraw = true;
            next_tick += AUTO_ADVANCE_INTERVAL;
            // After a stall, do not try to catch up with a burst of turns.
            next_tick = next_tick.max(Instant::now());
        }
    }
}

/// `w` on the death screen: the death's last turns, following the killer,
/// in this terminal; back to the death screen after. A recording that
/// cannot be replayed is said on the status line. A shutdown signal while
/// watching ends the game as it would on the death screen: its number.
fn watch_death(
    terminal: &mut DefaultTerminal,
    app: &mut App,
    recording: &std::path::Path,
    input: &mpsc::Receiver<io::Result<Event>>,
    shutdown: &ShutdownFlags,
) -> Option<i32> {
    match fogcrawl_core::Replayer::open(recording) {
        Ok(replayer) => {
            let mut viewer = crate::ui::replay_view::ReplayViewer::new(replayer, app.palette);
            viewer.watch_death();
            match crate::ui::replay_session::event_loop(terminal, &mut viewer, input, shutdown) {
                Ok(signal) => return signal,
                Err(err) => tracing::warn!(%err, "the replay of the death failed"),
            }
        }
        Err(err) => app.say(&format!("The death cannot be replayed: {err}")),
    }
    shutdown.received()
}
