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
use std::sync::mpsc;
use std::time::{Duration, Instant};

use color_eyre::eyre::{Result, WrapErr};
use crossterm::event::Event;
use ratatui::DefaultTerminal;

use crate::ui::app::{AUTO_ADVANCE_INTERVAL, App, PlayOptions};
use crate::ui::input::command_for_key;
use crate::ui::logging;
use crate::ui::mouse::command_for_mouse;
pub(crate) use crate::ui::terminal_session::SessionEnd;
use crate::ui::terminal_session::{
    ShutdownFlags, capture_mouse, register_shutdown_signals, release_mouse, spawn_input_reader,
};
use crate::ui::theme::Palette;
use fogcrawl_core::{ConfigSource, GameError, SavedTo, escape_controls};

/// Why the game could not start, as the player reads it. A level and the
/// monster config that do not fit together (a faction the level spawns
/// with no monster kind in the config) name the config too: the error
/// alone named the level and the factions, not which file to mend (play30,
/// `--config` with goblins only on caves).
fn start_failure(err: &GameError, config: &ConfigSource) -> String {
    match err {
        GameError::UnknownFaction { .. } | GameError::KindWithoutFaction { .. } => {
            format!("cannot start the game: {err} (the monster config: {config})")
        }
        _ => format!("cannot start the game: {err}"),
    }
}

/// How long the loop waits for a key before looking at the signal flags.
const SIGNAL_CHECK_INTERVAL: Duration = Duration::from_millis(100);
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
                "{}{note}",
                start_failure(&err, &options.config)
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
        // Auto-advance holds while the game cannot be seen.
        let ticking = app.is_auto_advancing() && !app.is_too_small();
        let timeout = if ticking {
            next_tick
                .saturating_duration_since(Instant::now())
                .min(SIGNAL_CHECK_INTERVAL)
        } else {
            SIGNAL_CHECK_INTERVAL
        };
        match input.recv_timeout(timeout) {
            Ok(Ok(Event::Key(key))) => {
                let was_auto_advancing = app.is_auto_advancing();
                if let Some(command) = command_for_key(key, app.key_mode()) {
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
                if let Some(command) =
                    command_for_mouse(mouse, app.key_mode(), app.screen().as_ref())
                {
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
        if app.is_auto_advancing() && !app.is_too_small() && Instant::now() >= next_tick {
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

#[cfg(test)]
mod tests {
    use std::path::PathBuf;

    use super::*;

    #[test]
    fn a_level_and_config_that_do_not_fit_name_the_config() {
        let err = GameError::UnknownFaction {
            level: "caves".into(),
            faction: "wolves".into(),
            known: "goblins".into(),
        };
        let config = ConfigSource::File(PathBuf::from("m2.toml"));
        assert_eq!(
            start_failure(&err, &config),
            "cannot start the game: level 'caves' spawns faction 'wolves', which no monster \
             kind belongs to; known factions: goblins (the monster config: m2.toml)"
        );
        assert_eq!(
            start_failure(&GameError::EmptyRun, &config),
            "cannot start the game: the run has no levels"
        );
    }
}
