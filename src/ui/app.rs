//! The application state: the game being played plus what the screen is
//! showing (popups, prompts, notices, auto-advance), and the update code
//! that turns [`Command`]s into game actions.
//!
//! It changes the game only through `Game::player_act` (and by starting or
//! loading games); the debug overlay's commands go to `overlay::controller`,
//! the one other UI code that touches the game (which monster is traced).
//! It never draws and never touches the terminal; `screen` draws an `&App`.

use std::path::PathBuf;
use std::time::Duration;

mod acting;
mod firing;
mod lifecycle;
mod lure_aim;
mod pointing;
mod save_slot;
mod screen_facts;

use save_slot::SaveSlot;

use crate::ui::command::{Command, InputMode, Scroll};
use crate::ui::history_view::HistoryPopup;
use crate::ui::overlay::DebugOverlay;
use crate::ui::overlay::controller::OverlayReply;
use crate::ui::popups::HelpPopup;
use crate::ui::screen_layout::is_too_small;
use crate::ui::theme::Palette;
use fogcrawl_core::{
    Action, Activity, ConfigReloader, ConfigSource, Direction, Game, Importance, Installed,
    ItemKind, PlayerMap, ReloadReport, RunRecord, SaveFailure, SavedTo,
};
use gridpath::Pos;
use ratatui::layout::Rect;

mod recording;
pub use crate::ui::screen_state::{DoorAction, Notice, NoticeKind, Overlay};
pub use recording::RecordingOptions;

/// The screen size assumed until the session says otherwise (tests draw at
/// their own sizes).
const DEFAULT_SCREEN_SIZE: (u16, u16) = (80, 24);

/// How often auto-advance waits for the player: about eight turns a second.
pub(crate) const AUTO_ADVANCE_INTERVAL: Duration = Duration::from_millis(125);

/// Where and how a game starts (from the command line).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PlayOptions {
    /// `--level` (or `--map`): a level name or file; `None` plays the standard run.
    pub level: Option<String>,
    /// `--seed`; `None` takes a fresh seed from the clock.
    pub seed: Option<u64>,
    /// `--depth`: the level of a run played (see `GameSetup::play_at_depth`).
    pub depth: Option<usize>,
    /// Where the game is saved and resumed from.
    pub save_path: PathBuf,
    /// The monster config; a file is watched while the game runs.
    pub config: ConfigSource,
    /// Where the game goes if `save_path` cannot be written.
    pub fallback_save_path: PathBuf,
    /// Where games are recorded; `None` records nothing (tests).
    pub recordings: Option<RecordingOptions>,
    /// Where run summaries and the high scores go (see `user_dirs`).
    pub data_dir: PathBuf,
}

impl PlayOptions {
    /// An explicit `--level`, `--seed` or `--depth` starts a new game
    /// instead of resuming the save (which that game replaces when you quit).
    pub(crate) fn starts_fresh(&self) -> bool {
        self.level.is_some() || self.seed.is_some() || self.depth.is_some()
    }
}

pub struct App {
    pub game: Game,
    pub palette: Palette,
    overlay: Overlay,
    auto_advance: bool,
    notice: Option<Notice>,
    /// A step into slow ground the game warned about: the same step again
    /// takes it; any other key forgets it.
    pending_step: Option<Direction>,
    /// The save, its fallback and its lock; `None` in tests: nothing is
    /// written or removed.
    save: Option<SaveSlot>,
    /// Where quitting saved the game.
    saved_to: Option<SavedTo>,
    quit_requested: bool,
    /// The death screen asked to replay the death (the session does it).
    watch_death_requested: bool,
    /// Whether the end of the game has been dealt with (save removed).
    ending_handled: bool,
    /// Reloads the monster config file as it changes; `None` in tests and
    /// for the built-in config.
    config_reloader: Option<ConfigReloader>,
    /// The debug overlay (Tab).
    debug: DebugOverlay,
    /// The player's routes for explore and travel (reused buffers).
    player_map: PlayerMap,
    /// The look cursor of normal play.
    look_cursor: Option<Pos>,
    /// Lines scrolled down from the top of the help.
    help_scroll: u16,
    /// Lines scrolled up from the newest message in the history.
    messages_scroll: u16,
    /// The terminal's size when last drawn (columns, rows).
    screen_size: (u16, u16),
    /// The game's recording; `None` in tests.
    recording: Option<recording::AppRecording>,
    /// Where the mouse pointer is on the screen (column, row), once moved.
    pointer: Option<(u16, u16)>,
    /// The cell last clicked while no path was drawn to it (a terminal
    /// that reports no motion): its path is drawn until the pointer moves.
    clicked: Option<Pos>,
    /// The path travel would take to the cell pointed or looked at.
    travel_preview: Option<pointing::TravelPreview>,
    /// Where run summaries and the high scores go (`None` in tests).
    data_dir: Option<PathBuf>,
    /// What the end of the run wrote (summary, score), once it ended.
    run_record: Option<RunRecord>,
    /// What the fire key throws (the item last thrown from the pack).
    quiver: ItemKind,
    /// Shown by a replay, which has keys of its own: the end of the run
    /// offers no new game, same seed or watching it again, and opening the
    /// overlay marks nothing assisted.
    watched: bool,
}

impl App {
    /// An app around a game, saving nowhere (tests and benchmarks).
    pub fn new(game: Game, palette: Palette) -> Self {
        Self {
            game,
            palette,
            overlay: Overlay::None,
            auto_advance: false,
            notice: None,
            pending_step: None,
            save: None,
            saved_to: None,
            quit_requested: false,
            watch_death_requested: false,
            ending_handled: false,
            config_reloader: None,
            debug: DebugOverlay::default(),
            player_map: PlayerMap::new(),
            look_cursor: None,
            help_scroll: 0,
            messages_scroll: 0,
            screen_size: DEFAULT_SCREEN_SIZE,
            recording: None,
            pointer: None,
            clicked: None,
            travel_preview: None,
            data_dir: None,
            run_record: None,
            quiver: ItemKind::ThrowingKnife,
            watched: false,
        }
    }

    /// Marks the app as shown by a replay (see `watched`).
    pub fn watched_in_replay(&mut self) {
        self.watched = true;
    }

    /// Whether a replay shows this app.
    pub(crate) fn is_watched(&self) -> bool {
        self.watched
    }

    /// Where run summaries and the high scores go when this game ends
    /// (`App::start` sets it from the options; an app made with
    /// [`App::new`] keeps no files until told).
    pub fn set_data_dir(&mut self, data_dir: PathBuf) {
        self.data_dir = Some(data_dir);
    }

    /// Tells the app the terminal's size (the session does, before drawing).
    pub fn set_screen_size(&mut self, columns: u16, rows: u16) {
        self.screen_size = (columns, rows);
    }

    /// Applies an edit of the monster config file, if one happened: the
    /// reloader installs it in the game (or keeps the last good config)
    /// and the app shows its report. Returns whether anything was reported.
    pub(crate) fn poll_config(&mut self) -> bool {
        let Some(reloader) = self.config_reloader.as_mut() else {
            return false;
        };
        let game = &mut self.game;
        let Some(report) = reloader.poll(|config| {
            // The overlay can show a monster's search under both.
            let before = game.config().cloned();
            let outcome = game
                .apply_config(config)
                .map(|applied| applied.notes)
                .map_err(|err| err.to_string());
            Installed { before, outcome }
        }) else {
            return false;
        };
        self.show_reload(report);
        true
    }

    /// Shows what a reload did: in the log, and for a config not applied,
    /// on the status line; a config installed is also recorded and kept
    /// for the overlay's config A/B.
    fn show_reload(&mut self, report: ReloadReport) {
        let text = report.to_string();
        match report {
            ReloadReport::Reloaded {
                changes,
                summary,
                before,
            } => {
                if let Some(config) = before {
                    self.debug
                        .remember_reload(crate::ui::overlay::BeforeReload { config, changes });
                }
                tracing::info!(%summary, "monster config reloaded");
                let watched = self.config_reloader.as_ref().map(|r| r.path().to_owned());
                self.record_config_reload(watched.as_deref());
                self.game.tell(Importance::System, text);
            }
            ReloadReport::Invalid(err) => {
                tracing::warn!(%err, "monster config edit refused");
                self.game.tell(Importance::Danger, text);
            }
            ReloadReport::NotApplied(err) => {
                tracing::warn!(%err, "monster config not applied");
                self.set_notice(NoticeKind::Alert, text.clone());
                self.game.tell(Importance::Danger, text);
            }
        }
    }

    pub(crate) fn overlay(&self) -> Overlay {
        self.overlay
    }

    pub fn notice(&self) -> Option<&Notice> {
        self.notice.as_ref()
    }

    pub(crate) fn is_auto_advancing(&self) -> bool {
        self.auto_advance
    }

    pub fn should_quit(&self) -> bool {
        self.quit_requested
    }

    /// Where the look cursor of normal play is, while looking.
    pub fn look_cursor(&self) -> Option<Pos> {
        self.look_cursor
            .filter(|_| matches!(self.overlay, Overlay::Look | Overlay::TargetPrompt(_)))
    }

    /// The help popup as it stands: drawn by the screen, and asked here how
    /// far it scrolls, so both read the same lines.
    pub(crate) fn help_popup(&self) -> HelpPopup<'_> {
        HelpPopup {
            palette: self.palette,
            overlay_on: self.debug.on,
            kinds: self.game.kinds(),
            scroll: self.help_scroll,
        }
    }

    /// The message history as it stands (see [`App::help_popup`]).
    pub(crate) fn history_popup(&self) -> HistoryPopup<'_> {
        HistoryPopup {
            log: self.game.log(),
            palette: self.palette,
            scroll: self.messages_scroll,
        }
    }

    /// Brings the debug overlay up to date with a game changed from
    /// outside (a replay stepping or seeking).
    pub(crate) fn sync_overlay(&mut self) {
        self.debug.sync(&mut self.game);
    }

    /// Opens the debug overlay on `monster` (the nearest one if `None`),
    /// as a replay's "follow" does.
    pub(crate) fn watch_monster(&mut self, monster: Option<usize>) {
        if !self.debug.on {
            self.update(Command::ToggleOverlay);
        }
        if let Some(monster) = monster {
            self.debug.followed = Some(monster);
        }
        self.debug.sync(&mut self.game);
    }

    /// The debug overlay's state (`debug().on` says whether it is shown).
    pub fn debug(&self) -> &DebugOverlay {
        &self.debug
    }

    /// What a key press means right now: as [`App::input_mode`] says,
    /// unless the terminal is too small to show the game (then only
    /// quitting works).
    pub fn key_mode(&self) -> InputMode {
        if self.is_too_small() {
            InputMode::TooSmall
        } else {
            self.input_mode()
        }
    }

    /// Whether the terminal is below the minimum size, the game not drawn:
    /// then keys do nothing but quit and auto-advance holds its turns.
    pub fn is_too_small(&self) -> bool {
        let (width, height) = self.screen_size;
        is_too_small(Rect::new(0, 0, width, height))
    }

    /// What keys mean right now, on a screen large enough to show them.
    pub fn input_mode(&self) -> InputMode {
        match self.overlay {
            Overlay::Help => InputMode::Help,
            Overlay::DirectionPrompt(_) | Overlay::ThrowPrompt(_) => InputMode::DirectionPrompt,
            Overlay::Inventory => InputMode::Inventory,
            Overlay::Messages => InputMode::Messages,
            Overlay::LevelMap | Overlay::Character => InputMode::Sheet,
            Overlay::Look => InputMode::Looking,
            Overlay::TargetPrompt(_) => InputMode::Targeting,
            Overlay::None if self.game.is_over() => InputMode::GameOver,
            Overlay::None if self.debug.on && self.debug.replay.is_some() => InputMode::Replay,
            Overlay::None if self.debug.on && self.debug.cursor.is_some() => InputMode::Look,
            Overlay::None if self.debug.on => InputMode::Overlay,
            Overlay::None => InputMode::Playing,
        }
    }

    /// Carries out a command.
    pub fn update(&mut self, command: Command) {
        // Pointing is no key: notices stay, nothing else changes.
        if let Command::Pointer(column, row) = command {
            self.set_pointer(column, row);
            return;
        }
        if let Some(slot) = &mut self.save {
            slot.key_pressed();
        }
        self.notice = None;
        let warned_step = self.pending_step.take();
        if command.lets_time_pass() && self.debug.replay.is_some() {
            // A replay pauses the game: nothing may let time pass.
            self.set_notice(NoticeKind::Refusal, "Paused for the replay: p resumes.");
            return;
        }
        if !self.change_screen(command) && !self.play(command, warned_step) {
            self.overlay_command(command);
        }
        self.debug.sync(&mut self.game);
        self.record();
        self.refresh_preview();
    }

    /// The commands that change only what the screen shows: popups,
    /// scrolling, the look cursor. Returns whether `command` was one.
    fn change_screen(&mut self, command: Command) -> bool {
        match command {
            Command::ShowHelp => {
                self.help_scroll = 0;
                self.overlay = Overlay::Help;
            }
            Command::Dismiss => {
                if self.overlay == Overlay::None && !self.game.is_over() {
                    self.set_notice(
                        NoticeKind::Info,
                        "Esc closes menus and prompts; q saves and quits.",
                    );
                }
                self.overlay = Overlay::None;
            }
            Command::ShowLevelMap => self.overlay = Overlay::LevelMap,
            Command::ShowCharacter => self.overlay = Overlay::Character,
            Command::ShowInventory => self.overlay = Overlay::Inventory,
            Command::ShowMessages => {
                self.messages_scroll = 0;
                self.overlay = Overlay::Messages;
            }
            Command::Look => {
                self.look_cursor = Some(self.game.player().pos);
                self.overlay = Overlay::Look;
            }
            Command::Scroll(scroll) => self.scroll(scroll),
            Command::Pointer(column, row) => self.set_pointer(column, row),
            Command::Describe(cell) => self.describe(cell),
            Command::NextMonster => self.cycle_monster(true),
            Command::PreviousMonster => self.cycle_monster(false),
            Command::MoveCursor(direction)
                if matches!(self.overlay, Overlay::Look | Overlay::TargetPrompt(_)) =>
            {
                if let Some(cursor) = self.look_cursor {
                    let next = direction.from(cursor);
                    if self.game.level().terrain_at(next).is_some() {
                        self.look_cursor = Some(next);
                    }
                }
            }
            _ => return false,
        }
        true
    }

    /// The player's commands to the game, and the ones that end or start
    /// a game. Returns whether `command` was one.
    fn play(&mut self, command: Command, warned_step: Option<Direction>) -> bool {
        match command {
            Command::Quit => self.quit(),
            Command::Rest => self.run_activity(Activity::Rest),
            Command::ToggleSneak => self.act(Action::Sneak(!self.game.is_sneaking())),
            Command::Explore => self.run_activity(Activity::Explore),
            Command::Travel => self.run_activity(Activity::TravelToStairs),
            Command::TravelToItem => self.run_activity(Activity::TravelToItem),
            Command::AutoFight => self.run_activity(Activity::AutoFight),
            Command::Fire => self.fire(),
            Command::PickUp => self.act(Action::PickUp),
            Command::UseLetter(letter) => self.use_letter(letter),
            Command::ToggleAutoAdvance => self.toggle_auto_advance(),
            Command::Step(direction) => self.step(direction, warned_step == Some(direction)),
            Command::Wait => self.act(Action::Wait),
            Command::Descend => self.act(Action::Descend),
            Command::OpenDoor => self.door(DoorAction::Open),
            Command::CloseDoor => self.door(DoorAction::Close),
            Command::ChooseDirection(direction) => self.choose_direction(direction),
            Command::NewGame => self.start_new_game(None),
            Command::SameSeed => self.start_new_game(Some(self.game.seed())),
            Command::WatchDeath => self.ask_to_watch_death(),
            Command::Click(cell) => self.click(cell),
            Command::Confirm => self.confirm(),
            _ => return false,
        }
        true
    }

    /// What is left are the overlay's commands (`Command::is_overlay`, the
    /// one list of them, which a replay also reads).
    fn overlay_command(&mut self, command: Command) {
        debug_assert!(command.is_overlay(), "{command:?} is not the overlay's");
        match self.debug.command(command, &mut self.game) {
            OverlayReply::Done => {}
            OverlayReply::Say(text) => self.set_notice(NoticeKind::Info, text),
            OverlayReply::Paused => self.auto_advance = false,
        }
        // The overlay shows the true level: the run is assisted, but not by
        // watching its replay afterwards.
        if self.debug.on && !self.watched {
            self.game.mark_assisted();
        }
    }

    fn scroll(&mut self, scroll: Scroll) {
        let area = Rect::new(0, 0, self.screen_size.0, self.screen_size.1);
        let (most, value, toward_top_is_up) = match self.overlay {
            Overlay::Help => (
                self.help_popup().scroll_limit(area),
                &mut self.help_scroll,
                false,
            ),
            Overlay::Messages => (
                self.history_popup().scroll_limit(area),
                &mut self.messages_scroll,
                true,
            ),
            _ => return,
        };
        // Help counts lines down from its top; the history counts lines up
        // from its newest message. Drawing clamps both to what there is.
        *value = match (scroll, toward_top_is_up) {
            (Scroll::Up(lines), false) | (Scroll::Down(lines), true) => value.saturating_sub(lines),
            (Scroll::Down(lines), false) | (Scroll::Up(lines), true) => value.saturating_add(lines),
            (Scroll::Top, false) | (Scroll::Bottom, true) => 0,
            (Scroll::Bottom, false) | (Scroll::Top, true) => most,
        };
        *value = (*value).min(most);
    }

    /// Saves a game still in progress (to the fallback if its save path
    /// fails); a finished game has no save. Returns where it was saved.
    /// After a quit that saved, says where that went without saving again.
    pub fn save_on_exit(&mut self) -> Result<Option<SavedTo>, SaveFailure> {
        if let Some(saved) = &self.saved_to {
            return Ok(Some(saved.clone()));
        }
        let (Some(slot), false) = (&self.save, self.game.is_over()) else {
            return Ok(None);
        };
        let saved = slot.save_or_rescue(&self.game)?;
        self.saved_to = Some(saved.clone());
        Ok(Some(saved))
    }

    /// `q`: saves, then ends. A save that fails keeps the game running and
    /// says why, so the player can mend the folder and press `q` again; a
    /// second failure saves to the fallback path instead.
    fn quit(&mut self) {
        let result = match &self.save {
            Some(slot) if slot.first_quit() && !self.game.is_over() => slot
                .write(&self.game)
                .map(Some)
                .map_err(|err| err.to_string()),
            _ => self.save_on_exit().map_err(|err| err.to_string()),
        };
        match result {
            Ok(saved) => {
                self.saved_to = saved;
                self.quit_requested = true;
            }
            Err(reason) => {
                let text = match &mut self.save {
                    Some(slot) => slot.quit_failed(&reason),
                    None => format!("The game could not be saved: {reason}. Playing on."),
                };
                self.game.tell(Importance::Danger, text.clone());
                self.set_notice(NoticeKind::Alert, text);
            }
        }
    }

    fn set_notice(&mut self, kind: NoticeKind, text: impl Into<String>) {
        self.notice = Some(Notice {
            text: text.into(),
            kind,
        });
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use std::path::Path;

    use super::*;
    use crate::ui::theme::ColorSupport;
    use fogcrawl_core::{GameSetup, Mode, MonsterConfig};

    const DUEL: &str = "tests/fixtures/game/duel.toml";

    /// An app on the duel fixture: the player and one goblin (the overlay's
    /// tests use it too).
    pub(crate) fn duel() -> App {
        // Awake, as the tests of the AI's overlay need a monster that acts.
        let game = Game::new(&GameSetup::new(
            Some(DUEL),
            1,
            MonsterConfig::shipped().unwrap().all_awake(),
        ))
        .unwrap();
        App::new(game, Palette::new(ColorSupport::None))
    }

    /// An app on the corridor fixture: the player, a door, the stairs and
    /// no monster.
    pub(crate) fn corridor() -> App {
        let game = Game::new(&GameSetup::new(
            Some("tests/fixtures/game/corridor.toml"),
            1,
            MonsterConfig::shipped().unwrap(),
        ))
        .unwrap();
        App::new(game, Palette::new(ColorSupport::None))
    }

    /// The pack letter of the first `kind` the player carries.
    pub(crate) fn pack_letter(app: &App, kind: fogcrawl_core::ItemKind) -> char {
        app.game
            .inventory()
            .letter_of(kind)
            .expect("the item is carried")
    }

    #[test]
    fn esc_in_play_neither_quits_nor_passes_time_and_says_what_q_does() {
        let mut app = duel();
        app.update(Command::ShowInventory);
        app.update(Command::Dismiss);
        assert_eq!(app.input_mode(), InputMode::Playing);
        assert!(app.notice().is_none(), "closing the pack says nothing");
        // The habitual second Esc.
        app.update(Command::Dismiss);
        assert!(!app.should_quit());
        assert_eq!(app.game.stats().player_turns(), 0);
        assert_eq!(
            app.notice().map(|n| n.text.as_str()),
            Some("Esc closes menus and prompts; q saves and quits.")
        );
    }

    /// After a reload, compare's last variant shows the followed monster's
    /// search under the new config and under the one before it.
    #[test]
    fn after_a_reload_compare_shows_the_search_under_the_old_and_the_new_config() {
        let mut app = duel();
        app.update(Command::ToggleOverlay);
        for _ in 0..6 {
            app.update(Command::Wait);
        }
        let goblin = app.debug().followed.expect("the goblin");
        assert!(
            app.game.actors()[goblin]
                .brain
                .as_ref()
                .unwrap()
                .goal
                .is_some(),
            "it heads somewhere"
        );
        let before = app.game.config().cloned();
        let mut config = before.clone().unwrap();
        for faction in &mut config.factions {
            faction.heuristic = gridpath::Heuristic::Zero;
        }
        let changes = vec!["goblins: heuristic octile -> zero".to_owned()];
        app.game.apply_config(config).unwrap();
        app.show_reload(ReloadReport::Reloaded {
            summary: changes.join("; "),
            changes,
            before,
        });
        // Compare's variants: the other heuristics and weights, then A/B.
        let mut ab = None;
        for _ in 0..12 {
            app.update(Command::CycleCompare);
            if let Some(c) = app
                .debug()
                .comparison
                .as_ref()
                .filter(|c| c.config_ab.is_some())
            {
                ab = Some(c.clone());
                break;
            }
        }
        let ab = ab.expect("a config A/B among compare's variants");
        let now = ab.config_ab.as_ref().unwrap();
        assert_eq!(ab.own.heuristic, gridpath::Heuristic::Zero);
        assert_eq!(ab.options.heuristic, gridpath::Heuristic::Octile);
        assert!(now.now_expanded > 0 && ab.expanded > 0);
        assert!(
            now.now_expanded >= ab.expanded,
            "Dijkstra expands at least what octile A* does: {} vs {}",
            now.now_expanded,
            ab.expanded
        );
        assert_eq!(
            now.now_cost.map(|c| (c * 100.0).round()),
            ab.cost.map(|c| (c * 100.0).round())
        );
        let lines = ab.differences(None);
        assert!(lines[0].contains("heuristic octile -> zero"), "{lines:?}");
    }

    #[test]
    fn a_refused_move_takes_no_time_and_says_why() {
        let mut app = duel();
        let before = app.game.time();
        app.update(Command::Step(Direction::North));
        assert_eq!(app.game.time(), before);
        assert_eq!(
            app.notice().map(|n| n.text.as_str()),
            Some("A wall blocks the way.")
        );
        app.update(Command::Wait);
        assert!(app.game.time() > before);
        assert_eq!(app.notice(), None);
    }

    #[test]
    fn door_keys_act_on_the_only_door_or_say_there_is_none() {
        let mut app = duel();
        // The duel's door is two cells east of the start: step next to it.
        app.update(Command::Step(Direction::East));
        app.update(Command::OpenDoor);
        assert_eq!(app.overlay(), Overlay::None);
        assert_eq!(
            app.game.adjacent_doors(false).len(),
            1,
            "{:?}",
            app.notice()
        );
        app.update(Command::OpenDoor);
        assert_eq!(
            app.notice().map(|n| n.text.as_str()),
            Some("There is no closed door next to you.")
        );
    }

    #[test]
    fn auto_advance_runs_on_ticks_and_stops_on_an_action_key() {
        let mut app = duel();
        app.tick();
        assert_eq!(app.game.time(), 0.0, "no ticks unless auto-advance is on");
        app.update(Command::ToggleAutoAdvance);
        assert!(app.is_auto_advancing());
        app.tick();
        assert!(app.game.time() > 0.0);
        app.update(Command::Wait);
        assert!(!app.is_auto_advancing());
    }

    #[test]
    fn auto_advance_stops_when_a_monster_becomes_a_threat() {
        let mut app = duel();
        assert!(app.game.threats().is_empty(), "the door hides the goblin");
        app.update(Command::ToggleAutoAdvance);
        for _ in 0..60 {
            if !app.is_auto_advancing() {
                break;
            }
            app.tick();
        }
        assert!(!app.is_auto_advancing());
        let &(goblin, threat) = app
            .game
            .threats()
            .first()
            .expect("it stopped for the goblin");
        assert_eq!(
            app.notice().map(|n| n.text.clone()),
            Some(format!(
                "Auto-advance stopped. {}",
                threat.news(&app.game.name_of(goblin))
            ))
        );
    }

    #[test]
    fn auto_advance_runs_on_past_a_fleeing_monster() {
        let mut app = duel();
        app.update(Command::Step(Direction::East));
        app.update(Command::OpenDoor);
        let (goblin, _) = app
            .game
            .visible_monsters()
            .next()
            .expect("the goblin is in sight through the open door");
        app.game.actor_mut(goblin).hp = 1;
        app.game
            .actor_mut(goblin)
            .brain
            .as_mut()
            .expect("a monster")
            .mode = Mode::Flee;
        app.update(Command::ToggleAutoAdvance);
        app.tick();
        assert!(
            app.is_auto_advancing(),
            "a fleeing goblin is no threat: {:?}",
            app.notice()
        );
    }

    #[test]
    fn explore_from_a_key_stops_and_says_why() {
        let mut app = duel();
        app.update(Command::Explore);
        let notice = app.notice().expect("explore says why it stopped").clone();
        assert!(
            notice.text.starts_with("You stop (explore for "),
            "{notice:?}"
        );
        assert!(app.game.time() > 0.0);
        app.update(Command::Travel);
        assert_eq!(
            app.notice().map(|n| n.kind),
            Some(NoticeKind::Refusal),
            "the goblin is in sight, or the stairs unseen"
        );
    }

    fn options(dir: &Path, level: Option<&str>, seed: Option<u64>) -> PlayOptions {
        PlayOptions {
            level: level.map(str::to_owned),
            seed,
            depth: None,
            save_path: dir.join("save.json"),
            config: ConfigSource::BuiltIn,
            fallback_save_path: dir.join("rescued.json"),
            recordings: None,
            data_dir: dir.join("data"),
        }
    }

    fn log_text(app: &App) -> String {
        let texts: Vec<&str> = app.game.log().recent(10).map(|m| m.text.as_str()).collect();
        texts.join("\n")
    }

    #[test]
    fn a_saved_game_resumes_and_says_so() {
        let dir = tempfile::tempdir().unwrap();
        let mut app =
            App::start(&options(dir.path(), Some(DUEL), Some(1)), duel().palette).unwrap();
        app.update(Command::Step(Direction::East));
        assert_eq!(
            app.save_on_exit().unwrap(),
            Some(SavedTo::Save(dir.path().join("save.json")))
        );
        let (pos, palette) = (app.game.player().pos, app.palette);
        // A game holds its save: the next one starts after it ended.
        drop(app);
        let resumed = App::start(&options(dir.path(), None, None), palette).unwrap();
        assert_eq!(resumed.game.player().pos, pos);
        assert!(
            log_text(&resumed).contains("resumed from"),
            "{}",
            log_text(&resumed)
        );
    }

    /// `--depth` plays as `sim --depth` does: the level named, as the last
    /// of a run of N of it, with the kinds of that depth (goblin archers on
    /// the warrens), and a fresh start although a save is there.
    #[test]
    fn a_depth_starts_the_game_sim_plays_at_that_depth() {
        let dir = tempfile::tempdir().unwrap();
        let mut asked = options(dir.path(), Some("warrens"), Some(2));
        asked.depth = Some(5);
        assert!(options(dir.path(), None, None).depth.is_none());
        let app = App::start(&asked, duel().palette).unwrap();
        assert_eq!(app.game.depth(), 4);
        assert_eq!(app.game.run(), vec!["warrens".to_owned(); 5].as_slice());
        let mut setup = GameSetup::new(Some("warrens"), 2, MonsterConfig::shipped().unwrap());
        setup.play_at_depth(Some("warrens"), 5).unwrap();
        let sim = Game::new(&setup).unwrap();
        let kinds = |game: &Game| -> Vec<String> {
            (1..game.actors().len()).map(|i| game.name_of(i)).collect()
        };
        assert_eq!(app.game.player().pos, sim.player().pos);
        assert_eq!(kinds(&app.game), kinds(&sim));
        assert!(
            kinds(&app.game).iter().any(|k| k.contains("archer")),
            "{:?}",
            kinds(&app.game)
        );
    }

    #[test]
    fn a_corrupt_save_is_kept_aside_and_named() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::write(dir.path().join("save.json"), "not a save").unwrap();
        let app = App::start(&options(dir.path(), None, None), duel().palette).unwrap();
        let log = log_text(&app);
        let kept = dir.path().join("save.json.bad");
        assert!(kept.exists());
        assert!(log.contains("could not be loaded"), "{log}");
        assert!(log.contains(&kept.display().to_string()), "{log}");
    }

    #[test]
    fn an_explicit_start_replaces_the_save_and_the_end_removes_it() {
        let dir = tempfile::tempdir().unwrap();
        let save = dir.path().join("save.json");
        let mut first =
            App::start(&options(dir.path(), Some(DUEL), Some(1)), duel().palette).unwrap();
        first.save_on_exit().unwrap();
        let palette = first.palette;
        drop(first);
        let mut app = App::start(&options(dir.path(), Some(DUEL), Some(1)), palette).unwrap();
        assert!(
            log_text(&app).contains("replaced when you quit"),
            "{}",
            log_text(&app)
        );
        win_the_duel(&mut app);
        assert!(app.game.is_over());
        assert!(!save.exists(), "a finished game leaves no save");
        assert_eq!(app.save_on_exit().unwrap(), None);
        assert_eq!(app.input_mode(), InputMode::GameOver);
        app.update(Command::NewGame);
        assert!(!app.game.is_over());
        assert_eq!(app.game.level().name, "duel");
    }

    /// Walks the duel to its stairs, fighting the goblin on the way, and
    /// goes down them: the game is won.
    fn win_the_duel(app: &mut App) {
        for direction in [Direction::East; 7].into_iter().chain([Direction::South]) {
            let target = direction.from(app.game.player().pos);
            for _ in 0..40 {
                if app.game.player().pos == target || app.game.is_over() {
                    break;
                }
                app.update(Command::Step(direction));
            }
        }
        app.update(Command::Descend);
    }

    /// `n` after a resumed game starts that game's level again, as after
    /// one begun in the session: it went to the standard run's first level.
    #[test]
    fn a_new_game_after_a_resumed_one_starts_where_that_one_did() {
        let dir = tempfile::tempdir().unwrap();
        let mut first =
            App::start(&options(dir.path(), Some(DUEL), Some(1)), duel().palette).unwrap();
        first.save_on_exit().unwrap();
        let palette = first.palette;
        drop(first);
        let mut app = App::start(&options(dir.path(), None, None), palette).unwrap();
        assert!(
            log_text(&app).contains("resumed from"),
            "{}",
            log_text(&app)
        );
        win_the_duel(&mut app);
        assert!(app.game.is_over());
        app.update(Command::NewGame);
        assert!(!app.game.is_over());
        assert_eq!(app.game.level().name, "duel");
        assert_eq!(app.game.run(), [DUEL.to_owned()].as_slice());
    }

    #[test]
    fn two_doors_ask_which_way_and_esc_cancels() {
        let dir = tempfile::tempdir().unwrap();
        let level = dir.path().join("doors.toml");
        let map = "#####\n#+#>#\n#@..#\n#+###\n#####\n";
        let file = format!("description = \"Two doors.\"\n\n[layout]\nmap = '''\n{map}'''\n");
        std::fs::write(&level, file).unwrap();
        let level = level.display().to_string();
        let game = Game::new(&GameSetup::new(
            Some(&level),
            1,
            MonsterConfig::shipped().unwrap(),
        ))
        .unwrap();
        let mut app = App::new(game, Palette::new(ColorSupport::None));
        app.update(Command::OpenDoor);
        assert_eq!(app.overlay(), Overlay::DirectionPrompt(DoorAction::Open));
        assert_eq!(app.input_mode(), InputMode::DirectionPrompt);
        app.update(Command::Dismiss);
        assert_eq!(app.overlay(), Overlay::None);
        assert_eq!(app.game.time(), 0.0, "cancelling takes no time");
        app.update(Command::OpenDoor);
        app.update(Command::ChooseDirection(Direction::South));
        assert_eq!(app.overlay(), Overlay::None);
        assert_eq!(app.game.adjacent_doors(false), vec![Direction::South]);
    }

    #[test]
    fn a_terminal_too_small_to_show_the_game_takes_no_key_but_quit() {
        use crate::ui::input::command_for_key;
        use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
        let press = |code| KeyEvent::new(code, KeyModifiers::NONE);
        let mut app = duel();
        app.set_screen_size(40, 12);
        assert!(app.is_too_small());
        assert_eq!(app.key_mode(), InputMode::TooSmall);
        // A step, explore, rest, the help, the stairs: nothing acts blind.
        for code in ['l', 'e', 'R', '?', '>', 'F', 'a'].map(KeyCode::Char) {
            assert_eq!(command_for_key(press(code), app.key_mode()), None, "{code}");
        }
        assert_eq!(
            command_for_key(press(KeyCode::Char('q')), app.key_mode()),
            Some(Command::Quit)
        );
        app.set_screen_size(60, 20);
        assert_eq!(app.key_mode(), InputMode::Playing);
        assert_eq!(
            command_for_key(press(KeyCode::Char('l')), app.key_mode()),
            Some(Command::Step(Direction::East))
        );
    }

    #[test]
    fn help_opens_and_closes() {
        let mut app = duel();
        app.update(Command::ShowHelp);
        assert_eq!(app.input_mode(), InputMode::Help);
        app.update(Command::Dismiss);
        assert_eq!(app.input_mode(), InputMode::Playing);
    }
}
