//! Watching a recording: the replayed game drawn exactly as in play (the
//! map, panels and debug overlay of an [`App`] that saves nothing), with a
//! REPLAY bar on top and the replay's keys at the bottom. Pause and play,
//! speed, a turn at a time, seeking forward and back, following a monster
//! through the overlay.
//!
//! Nothing the player presses reaches the game's rules: only the overlay's
//! commands and the popups pass to the app; the replayer alone moves time.

use std::time::Duration;

use crossterm::event::{KeyCode, KeyEvent, KeyEventKind};
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::Widget;

use crate::ui::app::App;
use crate::ui::command::Command;
use crate::ui::input::command_for_key;
use crate::ui::theme::{Palette, UiRole};
use fogcrawl_core::{Outcome, RecordingError, Replayer};

/// Turns a second while playing, slowest to fastest.
const SPEEDS: [u32; 7] = [1, 2, 4, 8, 16, 32, 64];
/// Where the speed starts.
const START_SPEED: usize = 3;
/// Turns `<` and `>` jump.
const SHORT_JUMP: u64 = 10;
/// Turns Page Up and Page Down jump.
const LONG_JUMP: u64 = 100;
/// Turns "watch how you died" starts before the end.
pub(crate) const DEATH_REWIND: u64 = 20;

/// A recording on screen.
pub struct ReplayViewer {
    replayer: Replayer,
    /// Draws the replayed game; its `game` is the replayed one between
    /// steps (see [`ReplayViewer::with_game`]).
    app: App,
    playing: bool,
    speed: usize,
    /// A line for the bar: what the last key did, or what went wrong.
    notice: Option<String>,
    quit: bool,
}

impl ReplayViewer {
    /// A viewer on `replayer`, paused at its start.
    pub(crate) fn new(mut replayer: Replayer, palette: Palette) -> Self {
        let mut app = App::new(replayer.game().keyframe(), palette);
        // The app holds the game from now on; the replayer's own is only
        // swapped with it while the replayer acts (`with_game`), so all it
        // holds the level's size (every faction's mind, the movement
        // grids, sight) is freed: on colossus a second whole game.
        replayer.game_mut().free_level_sized_state();
        app.watched_in_replay();
        let notice = Some(replayer.path().display().to_string());
        Self {
            replayer,
            app,
            playing: false,
            speed: START_SPEED,
            notice,
            quit: false,
        }
    }

    pub fn app(&self) -> &App {
        &self.app
    }

    /// The turn on screen (the replayer's own copy of the game is stale
    /// between steps: the app holds the game).
    pub(crate) fn turn(&self) -> u64 {
        self.app.game.stats().player_turns()
    }

    pub(crate) fn should_quit(&self) -> bool {
        self.quit || self.app.should_quit()
    }

    pub(crate) fn is_playing(&self) -> bool {
        self.playing
    }

    /// How long a turn lasts while playing.
    pub(crate) fn turn_interval(&self) -> Duration {
        Duration::from_millis(1000 / u64::from(SPEEDS[self.speed]))
    }

    /// Tells the app the terminal's size.
    pub(crate) fn set_screen_size(&mut self, columns: u16, rows: u16) {
        self.app.set_screen_size(columns, rows);
    }

    /// Runs `act` on the replayer holding the displayed game (so the
    /// overlay's tracing follows it through every turn), then hands the
    /// game back to the app.
    fn with_game(&mut self, act: impl FnOnce(&mut Replayer) -> Result<(), RecordingError>) {
        std::mem::swap(&mut self.app.game, self.replayer.game_mut());
        let result = act(&mut self.replayer);
        std::mem::swap(&mut self.app.game, self.replayer.game_mut());
        self.app.sync_overlay();
        if let Err(err) = result {
            self.playing = false;
            self.notice = Some(err.to_string());
        } else if let Some(diverged) = self.replayer.divergence() {
            self.notice = Some(diverged.to_string());
        }
    }

    /// One turn forward (while playing: stops at the end).
    pub(crate) fn tick(&mut self) {
        if !self.playing {
            return;
        }
        self.step();
        if self.replayer.at_end() {
            self.playing = false;
        }
    }

    fn step(&mut self) {
        self.with_game(|replayer| replayer.step().map(|_| ()));
        if self.replayer.at_end() && self.notice.is_none() {
            self.notice = Some(match self.replayer.ending_problem() {
                Some(problem) => problem.to_string(),
                None => "The end of the recording.".to_owned(),
            });
        }
    }

    /// Goes to `turn`.
    pub(crate) fn seek(&mut self, turn: u64) {
        self.with_game(|replayer| replayer.seek(turn));
    }

    /// Starts the replay at `turn` (`--turn`), saying so when the
    /// recording has no such turn: one that began later (a resumed game's
    /// recording starts at the turn it was resumed on) starts at its first
    /// turn, one past its end at its last.
    pub(crate) fn start_at(&mut self, turn: u64) {
        self.seek(turn);
        let (first, last) = (self.replayer.first_turn(), self.replayer.last_turn());
        if turn < first {
            self.notice = Some(format!(
                "Turn {turn} is before this recording starts (it begins at turn {first}, where the game was resumed): showing turn {first}."
            ));
        } else if turn > last {
            self.notice = Some(format!(
                "Turn {turn} is past the end of this recording (turn {last}): showing turn {last}."
            ));
        }
    }

    /// The line the bar shows: what the last key did, or what went wrong.
    pub fn notice(&self) -> Option<&str> {
        self.notice.as_deref()
    }

    /// "Watch how you died": the last turns again, following the monster
    /// that killed the player if the recording ends in a death.
    pub(crate) fn watch_death(&mut self) {
        let end = self.replayer.last_turn();
        self.seek(end);
        let killer = killer(&self.app);
        self.seek(end.saturating_sub(DEATH_REWIND));
        if killer.is_some() {
            self.app.watch_monster(killer);
        }
        self.notice = None;
        self.playing = true;
    }

    /// A key pressed while watching.
    pub(crate) fn key(&mut self, key: KeyEvent) {
        if key.kind != KeyEventKind::Press {
            return;
        }
        self.notice = None;
        let turn = self.turn();
        let popup = self.app.overlay() != crate::ui::app::Overlay::None;
        if !popup {
            match key.code {
                KeyCode::Char(' ') => {
                    self.playing = !self.playing && !self.replayer.at_end();
                    return;
                }
                KeyCode::Char('.') => {
                    self.playing = false;
                    self.step();
                    return;
                }
                KeyCode::Char(',') => {
                    self.playing = false;
                    self.seek(turn.saturating_sub(1));
                    return;
                }
                KeyCode::Char('>') => return self.seek(turn + SHORT_JUMP),
                KeyCode::Char('<') => return self.seek(turn.saturating_sub(SHORT_JUMP)),
                KeyCode::PageDown => return self.seek(turn + LONG_JUMP),
                KeyCode::PageUp => return self.seek(turn.saturating_sub(LONG_JUMP)),
                KeyCode::Home => return self.seek(0),
                KeyCode::End => return self.seek(self.replayer.last_turn()),
                KeyCode::Char('s') => {
                    self.speed = self.speed.saturating_sub(1);
                    return;
                }
                KeyCode::Char('S' | 'F') => {
                    self.speed = (self.speed + 1).min(SPEEDS.len() - 1);
                    return;
                }
                KeyCode::Char('w') if self.app.game.is_over() => {
                    return self.watch_death();
                }
                KeyCode::Char('f') if !self.app.debug().on => {
                    self.app.watch_monster(None);
                    return;
                }
                KeyCode::Char('q') => {
                    self.quit = true;
                    return;
                }
                _ => {}
            }
        }
        if let Some(command) = command_for_key(key, self.app.input_mode())
            && watching_only(command)
        {
            self.app.update(command);
        }
    }
}

/// The commands a replay passes to the app: looking, never acting.
fn watching_only(command: Command) -> bool {
    matches!(
        command,
        Command::Quit
            | Command::ShowHelp
            | Command::Dismiss
            | Command::ShowInventory
            | Command::ShowMessages
            | Command::Look
            | Command::Scroll(_)
    ) || command.is_overlay()
}

/// The monster that killed the player: one next to the body, of the kind
/// the death names.
fn killer(app: &App) -> Option<usize> {
    let Some(Outcome::Died { cause, .. }) = app.game.outcome() else {
        return None;
    };
    let at = app.game.player().pos;
    let near =
        |a: &fogcrawl_core::Actor| (a.pos.x - at.x).abs() <= 1 && (a.pos.y - at.y).abs() <= 1;
    (1..app.game.actors().len())
        .filter(|&i| app.game.actors()[i].is_alive() && near(&app.game.actors()[i]))
        .find(|&i| cause.ends_with(&app.game.name_of(i)))
}

impl Widget for &ReplayViewer {
    fn render(self, area: Rect, buf: &mut Buffer) {
        self.app.render(area, buf);
        if area.height < 2 {
            return;
        }
        let palette = self.app.palette;
        let state = if self.playing {
            format!("playing {}/s", SPEEDS[self.speed])
        } else {
            "paused".to_owned()
        };
        let mut spans = vec![
            Span::styled(
                " REPLAY ",
                palette
                    .ui(UiRole::Alert)
                    .add_modifier(ratatui::style::Modifier::REVERSED),
            ),
            Span::styled(
                format!(
                    " turn {}/{} {state} ",
                    self.turn(),
                    self.replayer.last_turn()
                ),
                palette.ui(UiRole::Title),
            ),
        ];
        if let Some(notice) = &self.notice {
            // A file name or a message naming one: never control bytes.
            let text = fogcrawl_core::escape_controls(notice).into_owned();
            spans.push(Span::styled(text, palette.ui(UiRole::Notice)));
        }
        // The bar takes the whole header: a long title wrapped onto a
        // second row on a tall terminal left its tail ("  maps.") under
        // the bar, the first row gone.
        let header = self
            .app
            .screen_in(area)
            .map_or(1, |screen| screen.parts.title.height.max(1));
        let cleared = Rect::new(area.x, area.y, area.width, header.min(area.height));
        buf.set_style(cleared, ratatui::style::Style::reset());
        for y in cleared.top()..cleared.bottom() {
            for x in cleared.left()..cleared.right() {
                buf[(x, y)].set_symbol(" ");
            }
        }
        let top = Rect::new(area.x, area.y, area.width, 1);
        Line::from(spans).render(top, buf);
        if self.app.overlay() == crate::ui::app::Overlay::None {
            let keys = if self.app.debug().on {
                "space play  ., turn  <> 10  PgUp/Dn 100  sS speed  [ ] monster  q quit"
            } else {
                "space play  ., turn  <> 10  PgUp/Dn 100  sS speed  f follow  Tab overlay  q quit"
            };
            let bottom = Rect::new(area.x, area.bottom() - 1, area.width, 1);
            for x in bottom.left()..bottom.right() {
                buf[(x, bottom.y)]
                    .set_symbol(" ")
                    .set_style(ratatui::style::Style::reset());
            }
            Line::from(Span::styled(keys, palette.ui(UiRole::KeyHint))).render(bottom, buf);
        }
    }
}

#[cfg(test)]
mod tests {
    use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
    use ratatui::buffer::Buffer;
    use ratatui::layout::Rect;
    use ratatui::widgets::Widget;

    use super::*;
    use crate::ui::theme::ColorSupport;
    use fogcrawl_core::{ConfigSource, GameSetup, Header, RecordTo, run_sim_recorded};

    const LEVEL: &str = "tests/fixtures/game/overlay.toml";

    fn viewer(dir: &std::path::Path) -> ReplayViewer {
        let mut setup = GameSetup::new(
            Some(LEVEL),
            3,
            fogcrawl_core::MonsterConfig::shipped().expect("shipped"),
        );
        setup.undying_player = true;
        let to = RecordTo {
            path: dir.join("game.fcrec"),
            header: Header::new_game(&setup, &ConfigSource::BuiltIn, 10),
        };
        run_sim_recorded(&setup, 40, None, Some(&to)).expect("plays");
        let replayer = Replayer::open(&to.path).expect("reads");
        ReplayViewer::new(replayer, Palette::new(ColorSupport::None))
    }

    fn press(viewer: &mut ReplayViewer, code: KeyCode) {
        viewer.key(KeyEvent::new(code, KeyModifiers::NONE));
    }

    fn screen(viewer: &ReplayViewer) -> String {
        screen_of(viewer, 80, 24)
    }

    fn screen_of(viewer: &ReplayViewer, width: u16, height: u16) -> String {
        let area = Rect::new(0, 0, width, height);
        let mut buf = Buffer::empty(area);
        viewer.render(area, &mut buf);
        (0..area.height)
            .map(|y| {
                (0..area.width)
                    .map(|x| buf[(x, y)].symbol())
                    .collect::<String>()
            })
            .collect::<Vec<_>>()
            .join("\n")
    }

    /// On a tall terminal a title too long for one row takes two; the
    /// REPLAY bar takes both, so no tail of the description is left
    /// under it (play31's replay of a death on pass showed "  maps.").
    #[test]
    fn the_replay_bar_takes_a_two_row_header_whole() {
        let dir = tempfile::tempdir().expect("a temporary folder");
        let viewer = viewer(dir.path());
        let (width, height) = (60, 40);
        let title_rows = viewer
            .app
            .screen_in(Rect::new(0, 0, width, height))
            .expect("fits")
            .parts
            .title
            .height;
        assert_eq!(
            title_rows, 2,
            "the fixture's title wraps at {width}x{height}"
        );
        let text = screen_of(&viewer, width, height);
        let rows: Vec<&str> = text.lines().collect();
        assert!(rows[0].starts_with(" REPLAY "), "{text}");
        assert_eq!(rows[1].trim(), "", "{text}");
        assert!(!text.contains("swamp between"), "{text}");
    }

    #[test]
    fn a_turn_past_the_end_is_said() {
        let dir = tempfile::tempdir().expect("a temporary folder");
        let mut viewer = viewer(dir.path());
        let last = viewer.replayer.last_turn();
        viewer.start_at(5);
        assert_eq!(viewer.turn(), 5);
        assert!(
            viewer.notice().is_none_or(|n| !n.starts_with("Turn")),
            "{:?}",
            viewer.notice()
        );
        viewer.start_at(100_000);
        assert_eq!(viewer.turn(), last);
        assert_eq!(
            viewer.notice(),
            Some(
                format!(
                    "Turn 100000 is past the end of this recording (turn {last}): showing turn {last}."
                )
                .as_str()
            )
        );
    }

    #[test]
    fn a_turn_before_a_resumed_game_s_recording_starts_is_said() {
        let dir = tempfile::tempdir().expect("a temporary folder");
        let setup = GameSetup::new(
            Some(LEVEL),
            3,
            fogcrawl_core::MonsterConfig::shipped().expect("shipped"),
        );
        let mut game = fogcrawl_core::Game::new(&setup).expect("starts");
        let wait = |game: &mut fogcrawl_core::Game| {
            for _ in 0..5 {
                let _ = game.player_act(fogcrawl_core::Action::Wait);
            }
        };
        wait(&mut game);
        let first = game.stats().player_turns();
        let header = Header::resumed(&game, &ConfigSource::BuiltIn, 10).expect("encodes");
        let path = dir.path().join("resumed.fcrec");
        let mut recorder =
            fogcrawl_core::Recorder::start(&path, &header, &mut game).expect("records");
        wait(&mut game);
        recorder.catch_up(&mut game);
        let replayer = Replayer::open(&path).expect("reads");
        let mut viewer = ReplayViewer::new(replayer, Palette::new(ColorSupport::None));
        viewer.start_at(2);
        assert_eq!(viewer.turn(), first);
        assert_eq!(
            viewer.notice(),
            Some(
                format!(
                    "Turn 2 is before this recording starts (it begins at turn {first}, where the game was resumed): showing turn {first}."
                )
                .as_str()
            )
        );
    }

    #[test]
    fn keys_step_and_seek_and_never_play_the_game() {
        let dir = tempfile::tempdir().expect("a temporary folder");
        let mut viewer = viewer(dir.path());
        let last = viewer.replayer.last_turn();
        assert!(last > 20, "{last} turns");
        assert!(
            screen(&viewer).contains(&format!("REPLAY  turn 0/{last} paused")),
            "{}",
            screen(&viewer)
        );
        press(&mut viewer, KeyCode::Char('.'));
        assert_eq!(viewer.turn(), 1);
        press(&mut viewer, KeyCode::End);
        assert_eq!(viewer.turn(), last);
        press(&mut viewer, KeyCode::Char(','));
        assert_eq!(viewer.turn(), last - 1);
        press(&mut viewer, KeyCode::Char('<'));
        assert_eq!(viewer.turn(), last - 11);
        let before = viewer.app().game.state_hash();
        // Movement, waiting, exploring: the replay is not played by keys.
        for code in [KeyCode::Char('l'), KeyCode::Char('e'), KeyCode::Char('R')] {
            press(&mut viewer, code);
        }
        assert_eq!(viewer.app().game.state_hash(), before);
        // The overlay follows a monster on the replayed turn.
        press(&mut viewer, KeyCode::Char('f'));
        assert!(viewer.app().debug().on);
        assert!(
            !viewer.app().game.is_assisted(),
            "watching a replay with the overlay assists no run"
        );
        assert!(
            screen(&viewer).contains("Overlay: search"),
            "{}",
            screen(&viewer)
        );
        press(&mut viewer, KeyCode::Home);
        assert_eq!(viewer.turn(), 0);
        assert_eq!(viewer.app().game.stats().player_turns(), 0);
        // Playing runs to the end and stops there.
        press(&mut viewer, KeyCode::Char(' '));
        while viewer.is_playing() {
            viewer.tick();
        }
        assert_eq!(viewer.turn(), last);
        assert!(screen(&viewer).contains("The end of the recording."));
        press(&mut viewer, KeyCode::Char('q'));
        assert!(viewer.should_quit());
    }
}
