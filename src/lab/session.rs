//! The lab's terminal session: takes the terminal with the game's own
//! setup and teardown (`ui::session`: mouse capture on, released on every
//! way out, the panic hook's too; the shutdown signals), runs the loop
//! (keys, mouse, resizes, the animation clock), and gives the terminal
//! back. The lab saves nothing by itself.

use std::io::{self, IsTerminal};
use std::sync::mpsc;
use std::time::{Duration, Instant};

use color_eyre::eyre::{Result, WrapErr, bail};
use crossterm::event::Event;

use crate::ui::terminal_session::{
    SessionEnd, ShutdownFlags, capture_mouse, register_shutdown_signals, release_mouse,
    spawn_input_reader,
};

use super::app::{Action, LabApp};
use super::input::{action_for_key, action_for_mouse};
use super::view::camera_following;

/// The animation's clock.
const TICK: Duration = Duration::from_millis(60);

/// Runs `app` in this terminal until it quits or a signal ends it.
pub(crate) fn run(mut app: LabApp) -> Result<SessionEnd> {
    color_eyre::install()?;
    if !(io::stdin().is_terminal() && io::stdout().is_terminal()) {
        bail!(
            "the lab needs a terminal on standard input and output; `fogcrawl lab --list-presets` and `--list-algorithms` print without one"
        );
    }
    let shutdown = register_shutdown_signals().wrap_err("cannot watch for shutdown signals")?;
    let mut terminal = ratatui::try_init().wrap_err("cannot take over the terminal")?;
    capture_mouse();
    let ended = event_loop(&mut terminal, &mut app, &shutdown);
    release_mouse();
    ratatui::restore();
    ended.wrap_err("the terminal failed")
}

fn event_loop(
    terminal: &mut ratatui::DefaultTerminal,
    app: &mut LabApp,
    shutdown: &ShutdownFlags,
) -> io::Result<SessionEnd> {
    let input = spawn_input_reader();
    let mut next_tick = Instant::now();
    // The camera goes to the cursor at first and after every key; the
    // wheel pans it freely in between.
    let mut follow = true;
    loop {
        if let Some(signal) = shutdown.received() {
            return Ok(SessionEnd::Signal(signal));
        }
        if app.quit {
            return Ok(SessionEnd::Quit);
        }
        if let Ok(size) = terminal.size() {
            app.screen = (size.width, size.height);
        }
        if follow {
            app.camera = camera_following(app);
            follow = false;
        }
        terminal.draw(|frame| frame.render_widget(&*app, frame.area()))?;
        let wait = next_tick
            .saturating_duration_since(Instant::now())
            .min(TICK);
        match input.recv_timeout(wait) {
            Ok(Ok(Event::Key(key))) => {
                if let Some(action) = action_for_key(key, app) {
                    app.act(action);
                    follow = true;
                }
            }
            Ok(Ok(Event::Mouse(mouse))) => {
                if let Some(action) = action_for_mouse(mouse, app) {
                    app.act(action);
                }
            }
            Ok(Ok(_)) | Err(mpsc::RecvTimeoutError::Timeout) => {}
            Ok(Err(err)) if err.kind() == io::ErrorKind::Interrupted => {}
            Ok(Err(err)) => return Err(err),
            Err(mpsc::RecvTimeoutError::Disconnected) => {
                return Ok(shutdown
                    .received()
                    .map_or(SessionEnd::TerminalGone, SessionEnd::Signal));
            }
        }
        if Instant::now() >= next_tick {
            app.act(Action::Tick);
            next_tick = Instant::now() + TICK;
        }
    }
}
