//! The terminal session: sets the terminal up, runs the event loop (keys,
//! resizes, auto-advance ticks, shutdown signals), and always saves and
//! restores the terminal on the way out.
//!
//! Every exit path goes through [`run`]'s ending: quit keys, SIGTERM,
//! SIGINT, SIGHUP and loop errors save the game, then `ratatui::restore()`
//! runs; a panic is covered by the hook `ratatui::init()` installs. This
//! module never changes the game itself: it hands commands to `App`.

use std::io::{self, IsTerminal, Write};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc;
use std::time::{Duration, Instant};

use color_eyre::eyre::{Result, WrapErr};
use crossterm::event::{self, Event};
use ratatui::DefaultTerminal;
use signal_hook::consts::{SIGHUP, SIGINT, SIGTERM};

use crate::ui::app::{AUTO_ADVANCE_INTERVAL, App, PlayOptions};
use crate::ui::input::command_for_key;
use crate::ui::logging;
use crate::ui::theme::Palette;

/// How long the loop waits for a key before looking at the signal flags.
const SIGNAL_CHECK_INTERVAL: Duration = Duration::from_millis(100);
/// The signals that end the game the same way as `q`.
const SHUTDOWN_SIGNALS: [i32; 3] = [SIGTERM, SIGINT, SIGHUP];

/// Why the event loop ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum LoopEnd {
    Quit,
    Signal,
}

/// Plays a game in this terminal until the player quits or a signal asks
/// the game to end.
pub fn run(options: &PlayOptions) -> Result<()> {
    color_eyre::install()?;
    if !(io::stdin().is_terminal() && io::stdout().is_terminal()) {
        // Nothing to draw on (a pipe, a file, a service): say so, no panic.
        color_eyre::eyre::bail!(
            "playing needs a terminal on standard input and output; `fogcrawl sim` plays without one"
        );
    }

    let log_path = logging::log_path(&options.save_path);
    // No log is no reason not to play; the terminal is not ours yet, so say so.
    if let Err(reason) = logging::init(&log_path) {
        eprintln!("fogcrawl: playing without a log: {reason}");
    }
    let shutdown = register_shutdown_signals().wrap_err("cannot watch for shutdown signals")?;
    let palette = Palette::detect();
    tracing::info!(colours = palette.support.name(), "starting");
    // Errors such as an unknown --level are printed on the normal screen.
    let mut app = App::start(options, palette).wrap_err("cannot start the game")?;

    let mut terminal = ratatui::try_init().wrap_err("cannot take over the terminal")?;
    let ended = event_loop(&mut terminal, &mut app, &shutdown);
    let saved = app.save_on_exit();
    match &ended {
        Ok(LoopEnd::Quit) => tracing::info!("quit"),
        Ok(LoopEnd::Signal) => tracing::info!("ended by a signal"),
        Err(err) => tracing::error!(%err, "the event loop failed"),
    }
    ratatui::restore();
    match saved {
        Ok(Some(path)) => {
            // The terminal may be gone (a hangup): a failed write is no
            // reason to panic after a good save.
            let _ = writeln!(
                io::stdout(),
                "fogcrawl: game saved to {}; run fogcrawl again to resume.",
                path.display()
            );
        }
        Ok(None) => {}
        Err(err) => {
            tracing::error!(%err, "saving failed");
            return Err(err).wrap_err("the game could not be saved");
        }
    }
    ended.wrap_err("the terminal failed")?;
    Ok(())
}

/// One flag set by any of the shutdown signals. A second signal while the
/// first is being handled exits at once (for a game that hangs).
fn register_shutdown_signals() -> io::Result<Arc<AtomicBool>> {
    let flag = Arc::new(AtomicBool::new(false));
    for signal in SHUTDOWN_SIGNALS {
        signal_hook::flag::register_conditional_shutdown(signal, 1, Arc::clone(&flag))?;
        signal_hook::flag::register(signal, Arc::clone(&flag))?;
    }
    Ok(flag)
}

/// Reads terminal events on a thread of its own and hands them over.
///
/// crossterm 0.29 spins inside `event::poll`/`event::read` once its terminal
/// is gone (crossterm issue #793: a hung-up tty reads 0 bytes forever), so
/// reading on the main thread would keep the loop from ever seeing the
/// hangup signal and saving. On its own thread a stuck read only stalls that
/// thread; the main loop still saves, restores and exits, which ends it.
fn spawn_input_reader() -> mpsc::Receiver<io::Result<Event>> {
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
    shutdown: &AtomicBool,
) -> io::Result<LoopEnd> {
    let input = spawn_input_reader();
    let mut needs_redraw = true;
    let mut next_tick = Instant::now();
    loop {
        if shutdown.load(Ordering::Relaxed) {
            return Ok(LoopEnd::Signal);
        }
        if app.should_quit() {
            return Ok(LoopEnd::Quit);
        }
        if needs_redraw {
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
                    if app.is_auto_advancing() && !was_auto_advancing {
                        next_tick = Instant::now();
                    }
                }
            }
            Ok(Ok(Event::Resize(..))) => needs_redraw = true,
            Ok(Ok(_)) | Err(mpsc::RecvTimeoutError::Timeout) => {}
            // A signal interrupted the read: the flag check above handles it.
            Ok(Err(err)) if err.kind() == io::ErrorKind::Interrupted => {}
            Ok(Err(err)) => return Err(err),
            // The input thread is gone: the terminal went away.
            Err(mpsc::RecvTimeoutError::Disconnected) => return Ok(LoopEnd::Signal),
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
