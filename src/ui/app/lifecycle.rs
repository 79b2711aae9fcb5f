//! Games starting and ending in a session: the first game (the save
//! resumed, or the game the command line asks for, with what the player
//! must be told), the end of a run (its save removed, its record written)
//! and a new game after it.
//!
//! Part of `App`'s update code: a game is replaced only here.

use crate::ui::app::save_slot::SaveSlot;
use crate::ui::app::{App, NoticeKind, Overlay, PlayOptions, recording};
use crate::ui::overlay::DebugOverlay;
use crate::ui::theme::Palette;
use fogcrawl_core::{
    ConfigReloader, Game, GameError, GameSetup, Importance, Loaded, MonsterConfig, fresh_seed,
    ignore_file_size_signal, leave_save_notice, load_save, read_save_notice, record_run, unix_now,
};

impl App {
    /// The app a player starts: resumes the save, or starts the game the
    /// options ask for, and says in the log what happened.
    pub fn start(options: &PlayOptions, palette: Palette) -> Result<Self, GameError> {
        // A save past `ulimit -f` must fail and fall back, not kill the game
        // mid-write with the terminal still taken.
        ignore_file_size_signal();
        let (config, watcher) = options.config.load_watched()?;
        let path = &options.save_path;
        let (slot, lock_alert) = SaveSlot::claim(path, &options.fallback_save_path)?;
        // A save set aside by an earlier start that never showed it.
        let earlier_note = read_save_notice(path);
        let first = first_game(options, &config)?;
        let mut app = Self::new(first.game, palette);
        app.data_dir = Some(options.data_dir.clone());
        app.config_reloader = watcher.map(ConfigReloader::new);
        if let Some(recordings) = &options.recordings {
            app.recording = Some(recording::AppRecording::new(
                recordings.clone(),
                options.config.clone(),
            ));
            app.begin_recording(first.resumed);
        }
        let mut slot = slot;
        let mut alerts = Vec::new();
        for text in [earlier_note, first.note].into_iter().flatten() {
            app.game.tell(Importance::Danger, text.clone());
            slot.show_note();
            alerts.push(text);
        }
        if let Some(text) = slot.unwritable().or(lock_alert) {
            app.game.tell(Importance::Danger, text.clone());
            alerts.push(text);
        }
        app.save = Some(slot);
        if !alerts.is_empty() {
            app.set_notice(NoticeKind::Alert, alerts.join(" "));
        }
        Ok(app)
    }

    /// After the end: the run that ended again, from the level it started
    /// on, on a fresh seed or with `same_seed` on the same one. Read from
    /// the game, not the command line, so a resumed game's start counts: a
    /// game of `--level swamp` resumed without options went on, after `n`,
    /// to the standard run's first level.
    pub(super) fn start_new_game(&mut self, same_seed: Option<u64>) {
        if !self.game.is_over() {
            return;
        }
        let Some(config) = self.game.config().cloned() else {
            return;
        };
        let mut setup = GameSetup::new(None, same_seed.unwrap_or_else(fresh_seed), config);
        setup.run = self.game.run().to_vec();
        setup.start_depth = self.game.start_depth();
        let started = Game::new(&setup);
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

    /// Death or victory: the run is over, so its save goes.
    pub(super) fn handle_ending(&mut self) {
        if self.ending_handled {
            return;
        }
        self.ending_handled = true;
        self.auto_advance = false;
        self.overlay = Overlay::None;
        tracing::info!(outcome = ?self.game.outcome(), "game over");
        self.name_recording();
        if let Some(slot) = &self.save {
            slot.remove();
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
}

/// The game a start plays, whether it resumed the save, and the note of a
/// save set aside (left beside the save too, in case the new game fails).
struct FirstGame {
    game: Game,
    resumed: bool,
    note: Option<String>,
}

/// The game `options` ask for: a new one for an explicit `--level`,
/// `--map` or `--seed` (the save is replaced when the player quits), else
/// the save resumed, else a new game (a save that cannot be read is set
/// aside, and the player told).
fn first_game(options: &PlayOptions, config: &MonsterConfig) -> Result<FirstGame, GameError> {
    let path = &options.save_path;
    let fresh = |game| FirstGame {
        game,
        resumed: false,
        note: None,
    };
    if options.starts_fresh() {
        let mut game = new_game(
            options.level.as_deref(),
            options.seed,
            options.depth,
            config,
        )?;
        if path.exists() {
            tracing::info!(save = %path.display(), "explicit start: the save will be replaced");
            game.tell(Importance::System,
                format!(
                    "--level/--map/--seed/--depth start a new game: the saved game ({}) is replaced when you quit.",
                    path.display()
                ),
            );
        }
        return Ok(fresh(game));
    }
    match load_save(path, config) {
        Loaded::Game(game) => {
            let mut game = *game;
            tracing::info!(save = %path.display(), time = game.time(), "resumed");
            game.tell(
                Importance::System,
                format!(
                    "Welcome back: your game was resumed from {}.",
                    path.display()
                ),
            );
            Ok(FirstGame {
                game,
                resumed: true,
                note: None,
            })
        }
        Loaded::SetAside { reason, kept_as } => {
            tracing::warn!(%reason, kept_as = %kept_as.display(), "save set aside");
            let text = format!(
                "Your saved game could not be loaded: {reason}. It was kept as {}; a new game has started.",
                kept_as.display()
            );
            // Left before the new game starts, which may fail: then
            // the next start tells the player.
            leave_save_notice(path, &text);
            Ok(FirstGame {
                note: Some(text),
                ..fresh(new_game(None, None, None, config)?)
            })
        }
        Loaded::Nothing => Ok(fresh(new_game(None, None, None, config)?)),
        Loaded::NotAFile(err) => Err(err.into()),
    }
}

/// A new game on `level` (the standard run if `None`) with `seed` (a fresh
/// one if `None`), at `depth` if given (as `sim --depth` plays it).
fn new_game(
    level: Option<&str>,
    seed: Option<u64>,
    depth: Option<usize>,
    config: &MonsterConfig,
) -> Result<Game, GameError> {
    let seed = seed.unwrap_or_else(fresh_seed);
    let mut setup = GameSetup::new(level, seed, config.clone());
    if let Some(depth) = depth {
        setup.play_at_depth(level, depth)?;
    }
    let game = Game::new(&setup)?;
    tracing::info!(seed, level = ?level, depth = ?depth, "new game started");
    Ok(game)
}
