//! Playing a recording back: the game is started again as it was (a new
//! game from the seed, or the save it was resumed from) and fed the
//! recorded actions and config reloads, checking the state against the
//! recorded checks and hashes as it goes. Monsters think again on every
//! turn, so everything they thought can be looked at.
//!
//! Seeking back starts from the nearest keyframe: the game's save (format
//! 4 holds the whole game, every monster's mind included, so a keyframe
//! loaded is the game as it was, exactly), kept in memory every
//! [`KEYFRAME_EVERY`] turns as the replay passes, most of them as their
//! difference from a whole one ([`keyframes`](super::keyframes)): on
//! colossus a save is 12.7 MB after 1,200 turns, a difference 1-3 MB.
//! Stepping back frees the game replayed so far, rebuilds the keyframe,
//! loads it (taking the old game's movement grids when the terrain is the
//! same) and replays the few turns after it.

use std::path::{Path, PathBuf};

use crate::config::MonsterConfig;
use crate::game::navigation::Navigation;
use crate::game::recording::event::{Event, Header, Start};
use crate::game::recording::fingerprint::{BUILD_VERSION, check_levels};
use crate::game::recording::format::{Ending, Recording, read_recording, turn_after};
use crate::game::recording::keyframes::Keyframes;
use crate::game::recording::recording_error::RecordingError;
use crate::game::setup::GameSetup;
use crate::game::state::Game;

/// Turns between keyframes at first (doubled each time they hold more
/// than their budget).
pub(crate) const KEYFRAME_EVERY: u64 = 16;
/// The packed bytes of keyframes held before they are taken less often:
/// on colossus (1024x1024, 1,000 monsters) 1,200 turns end with keyframes
/// 64 turns apart; a small level's never reach it.
const KEYFRAME_BYTE_BUDGET: usize = 40 << 20;

/// A recording being played back.
#[derive(Debug)]
pub struct Replayer {
    path: PathBuf,
    header: Header,
    events: Vec<Event>,
    ending: Ending,
    /// The config the game started with.
    config: MonsterConfig,
    game: Game,
    /// The next event to apply.
    next: usize,
    /// In turn order; the first is the start.
    keyframes: Keyframes,
    /// Off while verifying: nothing seeks back then, and a step ends at
    /// the first difference found.
    keep_keyframes: bool,
    /// The first difference from the recorded game, once found.
    diverged: Option<RecordingError>,
}

/// What a full verification found.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Verified {
    /// Player turns replayed and found as recorded.
    pub turns: u64,
    /// Full state hashes compared.
    pub hashes: u64,
}

impl Replayer {
    /// Reads the recording at `path` and starts its game again.
    ///
    /// # Errors
    /// See [`Replayer::new`] and [`read_recording`].
    pub fn open(path: &Path) -> Result<Self, RecordingError> {
        Self::new(path, read_recording(path)?)
    }

    /// Starts `recording`'s game again (`path` names it in messages).
    ///
    /// # Errors
    /// When it was made by another build, with levels that differ from
    /// those here, or holds no valid config; or its game cannot start.
    pub fn new(path: &Path, recording: Recording) -> Result<Self, RecordingError> {
        let Recording {
            header,
            events,
            ending,
        } = recording;
        if header.build_version != BUILD_VERSION {
            return Err(RecordingError::BuildVersion {
                path: path.to_owned(),
                recorded: header.build_version,
                this: BUILD_VERSION.to_owned(),
            });
        }
        check_levels(path, &header)?;
        let config = parse_config(path, &header, header.config_text.as_deref(), 0)?;
        let game = start_game(path, &header, &config)?;
        let mut keyframes = Keyframes::new(KEYFRAME_EVERY, KEYFRAME_BYTE_BUDGET);
        let kept = keyframes
            .push(game.stats().player_turns(), 0, config.clone(), |buffer| {
                crate::game::save::format::encode_raw_into(&game, buffer).ok()
            })
            .map_err(|err| setup_failed(path, err.to_string()))?;
        if !kept {
            return Err(setup_failed(path, "its game does not encode".to_owned()));
        }
        Ok(Self {
            path: path.to_owned(),
            header,
            events,
            ending,
            config,
            game,
            next: 0,
            keyframes,
            keep_keyframes: true,
            diverged: None,
        })
    }

    /// The replayed game as it stands.
    pub fn game(&self) -> &Game {
        &self.game
    }

    /// The replayed game, for what does not change the rules (the debug
    /// overlay's tracing).
    pub fn game_mut(&mut self) -> &mut Game {
        &mut self.game
    }

    pub fn path(&self) -> &Path {
        &self.path
    }

    /// The turn count now.
    pub fn turn(&self) -> u64 {
        self.game.stats().player_turns()
    }

    /// The turn the game started on (0, or the resumed save's).
    pub fn first_turn(&self) -> u64 {
        self.keyframes.first_turn().unwrap_or(0)
    }

    /// The turn count after the last recorded event.
    pub fn last_turn(&self) -> u64 {
        turn_after(&self.events).max(self.first_turn())
    }

    /// Whether every event has been replayed.
    pub fn at_end(&self) -> bool {
        self.next >= self.events.len()
    }

    /// How the recording ends, as an error to show once the replay gets
    /// there; `None` when it ends whole.
    pub fn ending_problem(&self) -> Option<RecordingError> {
        let turn = self.last_turn();
        match self.ending {
            Ending::Complete => None,
            Ending::Truncated => Some(RecordingError::Truncated {
                path: self.path.clone(),
                turn,
            }),
            Ending::Damaged { record } => Some(RecordingError::Damaged {
                path: self.path.clone(),
                turn,
                record,
            }),
        }
    }

    /// The first difference from the recorded game found so far.
    pub fn divergence(&self) -> Option<&RecordingError> {
        self.diverged.as_ref()
    }

    /// Replays one player turn (and the checks and reloads that came with
    /// it). Returns whether anything was replayed.
    ///
    /// # Errors
    /// A config reload the recording could not hold: the replay cannot go
    /// on past it.
    pub fn step(&mut self) -> Result<bool, RecordingError> {
        let start = self.turn();
        let mut any = false;
        while let Some(event) = self.events.get(self.next) {
            // A turn ends at the first action that advanced it; its hash
            // and any reload right after belong to it.
            if self.turn() > start && matches!(event, Event::Act { .. }) {
                break;
            }
            let event = event.clone();
            self.apply(&event)?;
            self.next += 1;
            any = true;
            // Verifying ends at the first difference: nothing after it can
            // be trusted, and a crafted recording could go on for long.
            if !self.keep_keyframes && self.diverged.is_some() {
                break;
            }
        }
        self.keep_keyframe();
        Ok(any)
    }

    /// Goes to turn `target` (clamped to the recording), forward by
    /// replaying, back from the nearest keyframe before it.
    ///
    /// # Errors
    /// As [`Replayer::step`].
    pub fn seek(&mut self, target: u64) -> Result<(), RecordingError> {
        let target = target.clamp(self.first_turn(), self.last_turn());
        let keyframe = self.keyframe_before(target);
        if target < self.turn() || keyframe > self.turn() {
            self.load_keyframe(target)?;
        }
        while self.turn() < target && self.step()? {}
        Ok(())
    }

    /// Replaces the game with the newest keyframe at or before `target`.
    /// The game replayed so far is freed first (two colossus games at once
    /// were most of a replay's memory), its movement grids kept for the
    /// keyframe if it is the same size (cells whose terrain differs are
    /// re-read). Should the keyframe not
    /// load, the replay starts again from its beginning.
    fn load_keyframe(&mut self, target: u64) -> Result<(), RecordingError> {
        let loaded = match self.keyframes.rebuild_at(target) {
            Ok(Some(rebuilt)) => {
                let turn = rebuilt.turn;
                let next = rebuilt.next;
                let movement = self.game.release_for_replacement();
                let loaded = load_raw(rebuilt.raw, rebuilt.config, movement, &self.game);
                // What the keyframe's game did not take of the old one's.
                crate::ai::knowledge::drop_spares();
                loaded
                    .map(|game| (game, next))
                    .map_err(|reason| (turn, reason))
            }
            Ok(None) => return Ok(()),
            Err(err) => Err((target, err.to_string())),
        };
        match loaded {
            Ok((game, next)) => {
                self.game = game;
                self.next = next;
                Ok(())
            }
            Err((turn, reason)) => {
                if let Ok(game) = start_game(&self.path, &self.header, &self.config) {
                    self.game = game;
                    self.next = 0;
                }
                Err(setup_failed(
                    &self.path,
                    format!("its keyframe at turn {turn} does not load: {reason}"),
                ))
            }
        }
    }

    /// Replays the whole recording from where it is, checking every turn,
    /// and stops at the first difference.
    ///
    /// # Errors
    /// The first difference from the recorded game, or how the recording
    /// is damaged or cut short (after replaying what came before).
    pub fn verify(&mut self) -> Result<Verified, RecordingError> {
        // Nothing seeks back while verifying, and the first difference
        // ends it (see `step`).
        self.keep_keyframes = false;
        while self.step()? {
            if let Some(diverged) = self.diverged.take() {
                return Err(diverged);
            }
        }
        if let Some(diverged) = self.diverged.take() {
            return Err(diverged);
        }
        if let Some(problem) = self.ending_problem() {
            return Err(problem);
        }
        let hashes = self
            .events
            .iter()
            .filter(|event| matches!(event, Event::Hash { .. }))
            .count() as u64;
        Ok(Verified {
            turns: self.turn() - self.first_turn(),
            hashes,
        })
    }

    fn keyframe_before(&self, target: u64) -> u64 {
        self.keyframes
            .turns()
            .into_iter()
            .rev()
            .find(|&turn| turn <= target)
            .unwrap_or(0)
    }

    /// Keeps a keyframe the first time the replay passes a turn on the
    /// spacing (see [`Keyframes`]).
    fn keep_keyframe(&mut self) {
        let turn = self.turn();
        if !self.keep_keyframes || !self.keyframes.wanted_at(turn) {
            return;
        }
        let Some(config) = self.game.config().cloned() else {
            return;
        };
        // The game's own types always encode; a keyframe that cannot be
        // taken is left out (seeking back then replays a little more).
        let game = &self.game;
        let _ = self.keyframes.push(turn, self.next, config, |buffer| {
            crate::game::save::format::encode_raw_into(game, buffer).ok()
        });
    }

    /// Holds about `bytes` of keyframes from now on before taking them
    /// less often (see `Keyframes`).
    pub fn limit_keyframe_bytes(&mut self, bytes: usize) {
        self.keyframes.set_budget(bytes);
    }

    /// The turns keyframes are kept for now, oldest first.
    pub fn keyframe_turns(&self) -> Vec<u64> {
        self.keyframes.turns()
    }

    /// The packed bytes the keyframes hold.
    pub fn keyframe_bytes(&self) -> usize {
        self.keyframes.held_bytes()
    }

    fn apply(&mut self, event: &Event) -> Result<(), RecordingError> {
        match event {
            Event::Act {
                turn,
                action,
                check,
            } => {
                if self.turn() != *turn {
                    self.diverge(*turn, format!("turn {} was replayed instead", self.turn()));
                }
                // A refusal in the recorded game is a refusal here too.
                let _ = self.game.player_act(*action);
                if self.game.turn_check() != *check {
                    self.diverge(
                        *turn + 1,
                        format!("after the player's {action:?} the clock, dice or player differ"),
                    );
                }
            }
            Event::Hash { turn, hash } => {
                if self.turn() != *turn || self.game.state_hash() != *hash {
                    self.diverge(*turn, "the state hash differs".to_owned());
                }
            }
            Event::Config { turn, text } => {
                let config = parse_config(&self.path, &self.header, text.as_deref(), *turn)?;
                // A reload refused in the game is refused here too.
                let _ = self.game.apply_config(config);
            }
        }
        Ok(())
    }

    fn diverge(&mut self, turn: u64, what: String) {
        if self.diverged.is_none() {
            self.diverged = Some(RecordingError::Diverged {
                path: self.path.clone(),
                turn,
                what,
            });
        }
    }
}

fn setup_failed(path: &Path, reason: String) -> RecordingError {
    RecordingError::Setup {
        path: path.to_owned(),
        reason,
    }
}

/// The recording's game as it started: a new game from its seed, or the
/// save it was resumed from.
fn start_game(
    path: &Path,
    header: &Header,
    config: &MonsterConfig,
) -> Result<Game, RecordingError> {
    let failed = |reason: String| setup_failed(path, reason);
    match &header.start {
        Start::New => {
            let setup = GameSetup {
                run: header.run.clone(),
                start_depth: header.start_depth,
                seed: header.seed,
                config: config.clone(),
                omniscient: header.omniscient,
                undying_player: header.undying_player,
                parallel_planning: false,
            };
            Game::new(&setup).map_err(|err| failed(err.to_string()))
        }
        Start::Save(bytes) => {
            let mut game =
                crate::game::save::format::decode(bytes).map_err(|err| failed(err.to_string()))?;
            crate::game::save::check::check_save(&game).map_err(|err| failed(err.to_string()))?;
            game.after_load(config.clone())
                .map_err(|err| failed(err.to_string()))?;
            Ok(game)
        }
    }
}

/// The game in a keyframe's raw save bytes, checked and set up under
/// `config`. `movement` (the grids of `previous`, see
/// [`Game::release_for_replacement`]) is taken if it fits.
fn load_raw(
    raw: &[u8],
    config: &MonsterConfig,
    movement: Navigation,
    previous: &Game,
) -> Result<Game, String> {
    let mut game = crate::game::save::format::decode_raw(raw).map_err(|err| err.to_string())?;
    crate::game::save::check::check_save(&game).map_err(|err| err.to_string())?;
    game.after_load_reusing(config.clone(), Some((movement, previous.level())))
        .map_err(|err| err.to_string())?;
    Ok(game)
}

fn parse_config(
    path: &Path,
    header: &Header,
    text: Option<&str>,
    turn: u64,
) -> Result<MonsterConfig, RecordingError> {
    let Some(text) = text else {
        return Err(RecordingError::ConfigMissing {
            path: path.to_owned(),
            turn,
        });
    };
    MonsterConfig::parse(Path::new(&header.config_name), text).map_err(|err| {
        RecordingError::ConfigInvalid {
            path: path.to_owned(),
            reason: err.to_string(),
        }
    })
}
