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

mod firing;
mod pointing;

use crate::config::{ConfigSource, ConfigWatcher, MonsterConfig, Reload};
use crate::game::activity::{Activity, Stop};
use crate::game::items::needs_direction;
use crate::game::message_log::{Importance, counted};
use crate::game::player_map::PlayerMap;
use crate::game::run_record::{RunRecord, record_run};
use crate::game::run_summary::unix_now;
use crate::game::save::lock::{self as save_lock, LockError, SaveLock};
use crate::game::save::notice as save_notice;
use crate::game::save::rescue::{SaveFailure, SavedTo, save_or_rescue};
use crate::game::save::{self, Loaded, SaveError};
use crate::game::{Action, Direction, Game, GameError, GameSetup};
use crate::ui::command::{Command, InputMode, Scroll};
use crate::ui::history_view::HistoryPopup;
use crate::ui::overlay::DebugOverlay;
use crate::ui::overlay::controller::OverlayReply;
use crate::ui::popups::HelpPopup;
use crate::ui::theme::Palette;
use crate::world::ItemKind;
use crate::world::level::file::fresh_seed;
use gridpath::Pos;
use ratatui::layout::Rect;

mod recording;
pub use recording::RecordingOptions;

/// The screen size assumed until the session says otherwise (tests draw at
/// their own sizes).
const DEFAULT_SCREEN_SIZE: (u16, u16) = (80, 24);

/// How often auto-advance waits for the player: about eight turns a second.
pub const AUTO_ADVANCE_INTERVAL: Duration = Duration::from_millis(125);

/// Where and how a game starts (from the command line).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PlayOptions {
    /// `--level` (or `--map`): a level name or file; `None` plays the standard run.
    pub level: Option<String>,
    /// `--seed`; `None` takes a fresh seed from the clock.
    pub seed: Option<u64>,
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
    /// An explicit `--level` or `--seed` starts a new game instead of
    /// resuming the save (which that game replaces when you quit).
    pub fn starts_fresh(&self) -> bool {
        self.level.is_some() || self.seed.is_some()
    }
}

/// Which door action a direction prompt is asking about.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DoorAction {
    Open,
    Close,
}

impl DoorAction {
    fn action(self, direction: Direction) -> Action {
        match self {
            DoorAction::Open => Action::OpenDoor(direction),
            DoorAction::Close => Action::CloseDoor(direction),
        }
    }

    pub fn verb(self) -> &'static str {
        match self {
            DoorAction::Open => "Open",
            DoorAction::Close => "Close",
        }
    }
}

/// What is drawn over the map, if anything.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Overlay {
    None,
    Help,
    DirectionPrompt(DoorAction),
    /// "Throw which way?" for an item that needs a direction.
    ThrowPrompt(ItemKind),
    /// Aiming an item at a monster (the target: `App::look_cursor`).
    TargetPrompt(ItemKind),
    Inventory,
    Messages,
    /// The look cursor of normal play (where it is: `App::look_cursor`).
    Look,
    /// The whole level as the player knows it.
    LevelMap,
    /// The character sheet.
    Character,
}

/// How a one-line notice should look.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum NoticeKind {
    /// An action was refused or had nothing to act on: no time passed.
    Refusal,
    /// Information about the interface (auto-advance on or off, ...).
    Info,
    /// Something the player must not miss (auto-advance stopped by a blow).
    Alert,
}

/// A one-line message on the status line, gone after the next key.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Notice {
    pub text: String,
    pub kind: NoticeKind,
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
    /// `None` in tests: nothing is written or removed.
    save_path: Option<PathBuf>,
    /// Where the game goes when `save_path` fails (see `save_rescue`).
    fallback_save_path: Option<PathBuf>,
    /// Failed saves on quitting: the first keeps the game running so the
    /// player can mend the folder, the next one falls back.
    quit_save_failures: u32,
    /// Where quitting saved the game.
    saved_to: Option<SavedTo>,
    /// This game's hold on its save (none in tests); released when the app
    /// is dropped or the process ends.
    save_lock: Option<SaveLock>,
    /// A set-aside note is on screen: the next key means it was seen.
    clear_note_on_key: bool,
    /// The `--level` a new game (`n`) starts from.
    start_level: Option<String>,
    quit_requested: bool,
    /// The death screen asked to replay the death (the session does it).
    watch_death_requested: bool,
    /// Whether the end of the game has been dealt with (save removed).
    ending_handled: bool,
    /// Watches the monster config file; `None` in tests and for the built-in config.
    config_watcher: Option<ConfigWatcher>,
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
            save_path: None,
            fallback_save_path: None,
            quit_save_failures: 0,
            saved_to: None,
            save_lock: None,
            clear_note_on_key: false,
            start_level: None,
            quit_requested: false,
            watch_death_requested: false,
            ending_handled: false,
            config_watcher: None,
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
    pub fn is_watched(&self) -> bool {
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

    /// The app a player starts: resumes the save, or starts the game the
    /// options ask for, and says in the log what happened.
    pub fn start(options: &PlayOptions, palette: Palette) -> Result<Self, GameError> {
        // A save past `ulimit -f` must fail and fall back, not kill the game
        // mid-write with the terminal still taken.
        save::ignore_file_size_signal();
        let (config, watcher) = options.config.load_watched()?;
        let path = &options.save_path;
        // A FIFO, a device or a folder where the save should be is refused
        // before anything reads, renames or replaces it.
        save::check_save_path(path)?;
        // One game per save: a second one would overwrite this one's play.
        let (held_lock, lock_alert) = match save_lock::lock_save(path) {
            Ok(lock) => (Some(lock), None),
            Err(err @ LockError::InUse { .. }) => return Err(SaveError::from(err).into()),
            Err(err) => {
                // No lock where the save cannot be written either: the
                // check below says so; else the game plays on unlocked.
                tracing::warn!(%err, "playing without a lock on the save");
                (
                    None,
                    Some(format!(
                        "{err}; another game could resume this save at the same time."
                    )),
                )
            }
        };
        // A save set aside by an earlier start that never showed it.
        let earlier_note = save_notice::read(path);
        let mut note = None;
        let mut resumed = false;
        let game = if options.starts_fresh() {
            let mut game = new_game(options.level.as_deref(), options.seed, &config)?;
            if path.exists() {
                tracing::info!(save = %path.display(), "explicit start: the save will be replaced");
                game.tell(Importance::System,
                    format!(
                        "--level/--map/--seed start a new game: the saved game ({}) is replaced when you quit.",
                        path.display()
                    ),
                );
            }
            game
        } else {
            match save::load_save(path, &config) {
                Loaded::Game(game) => {
                    resumed = true;
                    let mut game = *game;
                    tracing::info!(save = %path.display(), time = game.time(), "resumed");
                    game.tell(
                        Importance::System,
                        format!(
                            "Welcome back: your game was resumed from {}.",
                            path.display()
                        ),
                    );
                    game
                }
                Loaded::SetAside { reason, kept_as } => {
                    tracing::warn!(%reason, kept_as = %kept_as.display(), "save set aside");
                    let text = format!(
                        "Your saved game could not be loaded: {reason}. It was kept as {}; a new game has started.",
                        kept_as.display()
                    );
                    // Left before the new game starts, which may fail: then
                    // the next start tells the player.
                    save_notice::leave(path, &text);
                    note = Some(text);
                    new_game(None, None, &config)?
                }
                Loaded::Nothing => new_game(None, None, &config)?,
                Loaded::NotAFile(err) => return Err(err.into()),
            }
        };
        let mut app = Self::new(game, palette);
        app.save_path = Some(path.clone());
        app.fallback_save_path = Some(options.fallback_save_path.clone());
        app.data_dir = Some(options.data_dir.clone());
        app.start_level.clone_from(&options.level);
        app.config_watcher = watcher;
        app.save_lock = held_lock;
        if let Some(recordings) = &options.recordings {
            app.recording = Some(recording::AppRecording::new(
                recordings.clone(),
                options.config.clone(),
            ));
            app.begin_recording(resumed);
        }
        let mut alerts = Vec::new();
        for text in [earlier_note, note].into_iter().flatten() {
            app.game.tell(Importance::Danger, text.clone());
            app.clear_note_on_key = true;
            alerts.push(text);
        }
        if let Err(err) = save::check_writable(path) {
            tracing::error!(%err, "the save cannot be written");
            let text = format!(
                "{err}. Playing on: mend it before you quit, or the game is saved to {}.",
                options.fallback_save_path.display()
            );
            app.game.tell(Importance::Danger, text.clone());
            alerts.push(text);
        } else if let Some(text) = lock_alert {
            app.game.tell(Importance::Danger, text.clone());
            alerts.push(text);
        }
        if !alerts.is_empty() {
            app.set_notice(NoticeKind::Alert, alerts.join(" "));
        }
        Ok(app)
    }

    /// Applies an edit of the monster config file, if one happened: the log
    /// says what changed, or why the edit was refused (the last good config
    /// stays). Returns whether anything was reported.
    pub fn poll_config(&mut self) -> bool {
        let Some(reload) = self.config_watcher.as_mut().and_then(ConfigWatcher::poll) else {
            return false;
        };
        match reload {
            Reload::Changed { config, changes } => {
                // The overlay can show a monster's search under both.
                let before = self.game.config().cloned();
                self.apply_reload(config, changes, before);
            }
            Reload::Invalid(err) => {
                tracing::warn!(%err, "monster config edit refused");
                self.game.tell(
                    Importance::Danger,
                    format!("Config error, keeping the last good config: {err}"),
                );
            }
        }
        true
    }

    /// Installs a reloaded config and reports it; on success the config
    /// `before` is kept for the overlay's config A/B.
    fn apply_reload(
        &mut self,
        config: crate::config::MonsterConfig,
        changes: Vec<String>,
        before: Option<crate::config::MonsterConfig>,
    ) {
        match self.game.apply_config(config) {
            Ok(applied) => {
                if let Some(config) = before {
                    self.debug
                        .remember_reload(crate::ui::overlay::BeforeReload {
                            config,
                            changes: changes.clone(),
                        });
                }
                let mut lines = changes;
                lines.extend(applied.notes);
                let summary = if lines.is_empty() {
                    "the file is valid again".to_owned()
                } else {
                    lines.join("; ")
                };
                tracing::info!(%summary, "monster config reloaded");
                let watched = self.config_watcher.as_ref().map(|w| w.path().to_owned());
                self.record_config_reload(watched.as_deref());
                self.game
                    .tell(Importance::System, format!("Config reloaded: {summary}."));
            }
            Err(err) => {
                tracing::warn!(%err, "monster config not applied");
                let text = format!("Config not applied, keeping the last good config: {err}");
                if let (Some(watcher), Some(in_force)) =
                    (self.config_watcher.as_mut(), self.game.config())
                {
                    watcher.keep_last_good(in_force.clone());
                }
                self.set_notice(NoticeKind::Alert, text.clone());
                self.game.tell(Importance::Danger, text);
            }
        }
    }

    pub fn overlay(&self) -> Overlay {
        self.overlay
    }

    pub fn notice(&self) -> Option<&Notice> {
        self.notice.as_ref()
    }

    pub fn is_auto_advancing(&self) -> bool {
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
    pub fn help_popup(&self) -> HelpPopup<'_> {
        HelpPopup {
            palette: self.palette,
            overlay_on: self.debug.on,
            kinds: self.game.kinds(),
            scroll: self.help_scroll,
        }
    }

    /// The message history as it stands (see [`App::help_popup`]).
    pub fn history_popup(&self) -> HistoryPopup<'_> {
        HistoryPopup {
            log: self.game.log(),
            palette: self.palette,
            scroll: self.messages_scroll,
        }
    }

    /// Brings the debug overlay up to date with a game changed from
    /// outside (a replay stepping or seeking).
    pub fn sync_overlay(&mut self) {
        self.debug.sync(&mut self.game);
    }

    /// Opens the debug overlay on `monster` (the nearest one if `None`),
    /// as a replay's "follow" does.
    pub fn watch_monster(&mut self, monster: Option<usize>) {
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

    /// What keys mean right now.
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
        if std::mem::take(&mut self.clear_note_on_key)
            && let Some(path) = &self.save_path
        {
            save_notice::clear(path);
        }
        self.notice = None;
        let warned_step = self.pending_step.take();
        let acts = matches!(
            command,
            Command::Step(_)
                | Command::Wait
                | Command::Descend
                | Command::OpenDoor
                | Command::CloseDoor
                | Command::ToggleAutoAdvance
                | Command::Rest
                | Command::ToggleSneak
                | Command::Explore
                | Command::Travel
                | Command::PickUp
                | Command::UseLetter(_)
                | Command::Confirm
                | Command::Fire
                | Command::AutoFight
                | Command::TravelToItem
        );
        if acts && self.debug.replay.is_some() {
            // A replay pauses the game: nothing may let time pass.
            self.set_notice(NoticeKind::Refusal, "Paused for the replay: p resumes.");
            return;
        }
        match command {
            Command::Quit => self.quit(),
            Command::ShowHelp => {
                self.help_scroll = 0;
                self.overlay = Overlay::Help;
            }
            Command::Dismiss => self.overlay = Overlay::None,
            Command::Rest => self.run_activity(Activity::Rest),
            Command::ToggleSneak => self.act(Action::Sneak(!self.game.is_sneaking())),
            Command::Explore => self.run_activity(Activity::Explore),
            Command::Travel => self.run_activity(Activity::TravelToStairs),
            Command::TravelToItem => self.run_activity(Activity::TravelToItem),
            Command::AutoFight => self.run_activity(Activity::AutoFight),
            Command::Fire => self.fire(),
            Command::ShowLevelMap => self.overlay = Overlay::LevelMap,
            Command::ShowCharacter => self.overlay = Overlay::Character,
            Command::PickUp => self.act(Action::PickUp),
            Command::ShowInventory => self.overlay = Overlay::Inventory,
            Command::UseLetter(letter) => self.use_letter(letter),
            Command::ShowMessages => {
                self.messages_scroll = 0;
                self.overlay = Overlay::Messages;
            }
            Command::Look => {
                self.look_cursor = Some(self.game.player().pos);
                self.overlay = Overlay::Look;
            }
            Command::Scroll(scroll) => self.scroll(scroll),
            Command::ToggleAutoAdvance => self.toggle_auto_advance(),
            Command::Step(direction) => self.step(direction, warned_step == Some(direction)),
            Command::Wait => self.act(Action::Wait),
            Command::Descend => self.act(Action::Descend),
            Command::OpenDoor => self.door(DoorAction::Open),
            Command::CloseDoor => self.door(DoorAction::Close),
            Command::ChooseDirection(direction) => match self.overlay {
                Overlay::DirectionPrompt(door) => {
                    self.overlay = Overlay::None;
                    self.act(door.action(direction));
                }
                Overlay::ThrowPrompt(item) => {
                    self.overlay = Overlay::None;
                    self.act(Action::UseItem {
                        item,
                        toward: Some(direction),
                        at: None,
                    });
                }
                _ => {}
            },
            Command::NewGame => self.start_new_game(None),
            Command::SameSeed => self.start_new_game(Some(self.game.seed())),
            Command::WatchDeath => self.ask_to_watch_death(),
            Command::Pointer(column, row) => self.set_pointer(column, row),
            Command::Click(cell) => self.click(cell),
            Command::Describe(cell) => self.describe(cell),
            Command::NextMonster => self.cycle_monster(true),
            Command::PreviousMonster => self.cycle_monster(false),
            Command::Confirm => self.confirm(),
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
            // What is left are the overlay's commands (`Command::is_overlay`,
            // the one list of them, which a replay also reads).
            command => {
                debug_assert!(command.is_overlay(), "{command:?} is not the overlay's");
                match self.debug.command(command, &mut self.game) {
                    OverlayReply::Done => {}
                    OverlayReply::Say(text) => self.set_notice(NoticeKind::Info, text),
                    OverlayReply::Paused => self.auto_advance = false,
                }
                // The overlay shows the true level: the run is assisted,
                // but not by watching its replay afterwards.
                if self.debug.on && !self.watched {
                    self.game.mark_assisted();
                }
            }
        }
        self.debug.sync(&mut self.game);
        self.record();
        self.refresh_preview();
    }

    /// One auto-advance step: the player waits while the monsters move.
    /// Stops by itself when the player gets hurt or the game ends.
    pub fn tick(&mut self) {
        if !self.auto_advance
            || self.overlay != Overlay::None
            || self.debug.replay.is_some()
            || self.game.is_over()
        {
            return;
        }
        let hp_before = self.game.player().hp;
        let mark = self.game.log().pushed();
        // Monsters already a threat when it was turned on were watched on
        // purpose; a new threat (or a searcher turning hunter) stops it.
        let threats_before = self.game.threats();
        self.act_keeping_auto_advance(Action::Wait);
        let why = if self.game.player().hp < hp_before {
            Some("You are hurt!".to_owned())
        } else if let Some(news) = self.game.new_threat(&threats_before) {
            Some(news)
        } else {
            self.game
                .log()
                .since(mark)
                .find(|m| m.importance == Importance::Danger)
                .map(|m| m.text.clone())
        };
        if self.auto_advance
            && let Some(why) = why
        {
            self.auto_advance = false;
            self.set_notice(NoticeKind::Alert, format!("Auto-advance stopped. {why}"));
        }
        self.debug.sync(&mut self.game);
        self.record();
        self.refresh_preview();
    }

    /// Explore, travel or rest: many turns, until done or something happens.
    fn run_activity(&mut self, activity: Activity) {
        self.auto_advance = false;
        match self.game.run_activity(activity, &mut self.player_map) {
            Ok(report) => {
                let kind = match report.stop {
                    Stop::Done(_) => NoticeKind::Info,
                    Stop::Interrupted(_) => NoticeKind::Alert,
                };
                let text = format!(
                    "You stop ({} for {}): {}",
                    activity.name(),
                    counted(report.turns, "turn", "turns"),
                    report.stop.text()
                );
                if kind == NoticeKind::Alert {
                    self.game.tell(Importance::Info, text.clone());
                }
                self.set_notice(kind, text);
                if self.game.is_over() {
                    self.handle_ending();
                }
            }
            Err(refusal) => self.set_notice(NoticeKind::Refusal, refusal.to_string()),
        }
    }

    /// A letter on the inventory screen: use that item, asking which way
    /// first if it is thrown at a place.
    fn use_letter(&mut self, letter: char) {
        let Some(item) = self.game.inventory().by_letter(letter) else {
            self.set_notice(
                NoticeKind::Refusal,
                format!("No item is listed under {letter}."),
            );
            return;
        };
        if needs_direction(item) {
            self.quiver = item;
            self.overlay = Overlay::ThrowPrompt(item);
            return;
        }
        if crate::game::items::aimed_at_monster(item) {
            self.quiver = item;
            self.aim(item);
            return;
        }
        self.overlay = Overlay::None;
        self.act(Action::UseItem {
            item,
            toward: None,
            at: None,
        });
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
        let (Some(path), false) = (self.save_path.as_deref(), self.game.is_over()) else {
            return Ok(None);
        };
        let fallback = self
            .fallback_save_path
            .clone()
            .unwrap_or_else(save::fallback_save_path);
        let saved = save_or_rescue(path, &fallback, &self.game)?;
        tracing::info!(save = %saved.path().display(), time = self.game.time(), "saved");
        self.saved_to = Some(saved.clone());
        Ok(Some(saved))
    }

    /// `q`: saves, then ends. A save that fails keeps the game running and
    /// says why, so the player can mend the folder and press `q` again; a
    /// second failure saves to the fallback path instead.
    fn quit(&mut self) {
        let first_try = self.quit_save_failures == 0;
        let result = match (&self.save_path, first_try) {
            (Some(path), true) if !self.game.is_over() => save::write_save(path, &self.game)
                .map(|()| Some(SavedTo::Save(path.clone())))
                .map_err(|err| err.to_string()),
            _ => self.save_on_exit().map_err(|err| err.to_string()),
        };
        match result {
            Ok(saved) => {
                self.saved_to = saved;
                self.quit_requested = true;
            }
            Err(reason) => {
                self.quit_save_failures += 1;
                tracing::error!(%reason, "saving on quit failed; playing on");
                let fallback = self
                    .fallback_save_path
                    .clone()
                    .unwrap_or_else(save::fallback_save_path);
                let text = if first_try {
                    format!(
                        "The game could not be saved: {reason}. Playing on: mend it and press q again (if it fails again, the game goes to {}).",
                        fallback.display()
                    )
                } else {
                    format!("The game could not be saved anywhere: {reason}. Playing on.")
                };
                self.game.tell(Importance::Danger, text.clone());
                self.set_notice(NoticeKind::Alert, text);
            }
        }
    }

    fn toggle_auto_advance(&mut self) {
        if self.game.is_over() {
            return;
        }
        self.auto_advance = !self.auto_advance;
        if self.auto_advance {
            self.set_notice(
                NoticeKind::Info,
                "Auto-advance: time runs while you watch. Press a or any action key to stop.",
            );
        } else {
            self.set_notice(NoticeKind::Info, "Auto-advance stopped.");
        }
    }

    fn door(&mut self, door: DoorAction) {
        self.auto_advance = false;
        let candidates = self.game.adjacent_doors(door == DoorAction::Open);
        match candidates.as_slice() {
            [] => {
                let text = match door {
                    DoorAction::Open => "There is no closed door next to you.",
                    DoorAction::Close => "There is no open door next to you.",
                };
                self.set_notice(NoticeKind::Refusal, text);
            }
            [only] => self.act(door.action(*only)),
            _ => self.overlay = Overlay::DirectionPrompt(door),
        }
    }

    /// A step from a key. A step into slow ground within reach of a
    /// threatening monster waits for the same key again (`confirmed`),
    /// saying what it costs (see `Game::step_risk`).
    fn step(&mut self, direction: Direction, confirmed: bool) {
        if !confirmed && let Some(risk) = self.game.step_risk(direction) {
            self.pending_step = Some(direction);
            self.auto_advance = false;
            self.set_notice(
                NoticeKind::Alert,
                format!(
                    "{} Same key again to step; any other key stays.",
                    risk.warning(&self.game)
                ),
            );
            return;
        }
        self.act(Action::Move(direction));
    }

    /// A player action from a key: stops auto-advance first.
    fn act(&mut self, action: Action) {
        self.auto_advance = false;
        self.act_keeping_auto_advance(action);
    }

    fn act_keeping_auto_advance(&mut self, action: Action) {
        match self.game.player_act(action) {
            Ok(()) => {
                if self.game.is_over() {
                    self.handle_ending();
                }
            }
            Err(refusal) => self.set_notice(NoticeKind::Refusal, refusal.to_string()),
        }
    }

    /// Death or victory: the run is over, so its save goes.
    fn handle_ending(&mut self) {
        if self.ending_handled {
            return;
        }
        self.ending_handled = true;
        self.auto_advance = false;
        self.overlay = Overlay::None;
        tracing::info!(outcome = ?self.game.outcome(), "game over");
        self.name_recording();
        if let Some(path) = &self.save_path {
            save::remove_save(path);
        }
        let record = record_run(&self.game, self.data_dir.as_deref(), unix_now());
        match (&record.summary, &record.scores) {
            (Ok(path), Ok(_)) => tracing::info!(summary = %path.display(), "run recorded"),
            (summary, scores) => {
                tracing::warn!(?summary, scores = ?scores.as_ref().err(), "run not fully recorded");
            }
        }
        self.run_record = Some(record);
    }

    /// After the end: a new game, or with `same_seed` the same run on the
    /// same seed again (from the level it started on).
    fn start_new_game(&mut self, same_seed: Option<u64>) {
        if !self.game.is_over() {
            return;
        }
        let Some(config) = self.game.config().cloned() else {
            return;
        };
        let started = match same_seed {
            Some(seed) => {
                let mut setup = GameSetup::new(None, seed, config);
                setup.run = self.game.run().to_vec();
                setup.start_depth = self.game.start_depth();
                Game::new(&setup)
            }
            None => new_game(self.start_level.as_deref(), None, &config),
        };
        match started {
            Ok(game) => {
                tracing::info!(seed = game.seed(), "new game");
                self.game = game;
                self.ending_handled = false;
                self.overlay = Overlay::None;
                self.begin_recording(false);
                self.run_record = None;
                self.debug = DebugOverlay::default();
                self.clicked = None;
                self.travel_preview = None;
            }
            Err(err) => self.set_notice(
                NoticeKind::Refusal,
                format!("A new game could not start: {err}"),
            ),
        }
    }

    fn set_notice(&mut self, kind: NoticeKind, text: impl Into<String>) {
        self.notice = Some(Notice {
            text: text.into(),
            kind,
        });
    }
}

/// A new game on `level` (the standard run if `None`) with `seed` (a fresh
/// one if `None`).
fn new_game(
    level: Option<&str>,
    seed: Option<u64>,
    config: &MonsterConfig,
) -> Result<Game, GameError> {
    let seed = seed.unwrap_or_else(fresh_seed);
    let game = Game::new(&GameSetup::new(level, seed, config.clone()))?;
    tracing::info!(seed, level = ?level, "new game started");
    Ok(game)
}

#[cfg(test)]
pub(crate) mod tests {
    use std::path::Path;

    use super::*;
    use crate::ai::Mode;
    use crate::ui::theme::ColorSupport;

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
        app.apply_reload(config, changes, before);
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
        // Walk to the stairs (fighting the goblin on the way) and win.
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
        assert!(app.game.is_over());
        assert!(!save.exists(), "a finished game leaves no save");
        assert_eq!(app.save_on_exit().unwrap(), None);
        assert_eq!(app.input_mode(), InputMode::GameOver);
        app.update(Command::NewGame);
        assert!(!app.game.is_over());
        assert_eq!(app.game.level().name, "duel");
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
    fn help_opens_and_closes() {
        let mut app = duel();
        app.update(Command::ShowHelp);
        assert_eq!(app.input_mode(), InputMode::Help);
        app.update(Command::Dismiss);
        assert_eq!(app.input_mode(), InputMode::Playing);
    }
}
