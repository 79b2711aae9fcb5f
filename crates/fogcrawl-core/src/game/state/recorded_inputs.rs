//! What a recording needs from the game: the player's actions as they are
//! taken (with a cheap check of the state after each), a full state hash
//! every K turns, and an exact copy of the game for replay keyframes.
//!
//! The actions are logged here, not by the front end, because explore,
//! travel and rest take many turns inside one call. Logging changes
//! nothing in the game; the log is drained by `game::recording`.

use std::hash::Hasher;

use crate::game::action::Action;
use crate::game::recording::StableHasher;
use crate::game::state::{Game, fresh_memory_epoch};

/// One thing the game logged for its recording.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum RecordedInput {
    /// The player asked for `action` on `turn` (taken or refused); `check`
    /// is [`Game::turn_check`] after it.
    Act {
        turn: u64,
        action: Action,
        check: u32,
    },
    /// [`Game::state_hash`] after `turn` player turns.
    Hash { turn: u64, hash: u64 },
}

/// The input log while recording.
#[derive(Debug, Clone, Default)]
pub(crate) struct InputLog {
    pub(crate) hash_every: u64,
    pub(crate) inputs: Vec<RecordedInput>,
}

impl Game {
    /// Starts logging the player's actions, with a full state hash every
    /// `hash_every` turns (at least 1); see [`Game::take_recorded_inputs`].
    pub(crate) fn record_inputs(&mut self, hash_every: u64) {
        self.input_log = Some(InputLog {
            hash_every: hash_every.max(1),
            inputs: Vec::new(),
        });
    }

    /// Stops logging the player's actions.
    pub(crate) fn stop_recording_inputs(&mut self) {
        self.input_log = None;
    }

    /// The actions and hashes logged since the last call, in order.
    pub(crate) fn take_recorded_inputs(&mut self) -> Vec<RecordedInput> {
        self.input_log
            .as_mut()
            .map(|log| std::mem::take(&mut log.inputs))
            .unwrap_or_default()
    }

    /// Logs a player action just taken (or refused) on `turn`.
    pub(super) fn log_input(&mut self, turn: u64, action: Action) {
        if self.input_log.is_none() {
            return;
        }
        let check = self.turn_check();
        let now = self.stats.player_turns;
        let full_hash = self
            .input_log
            .as_ref()
            .is_some_and(|log| now != turn && now.is_multiple_of(log.hash_every));
        let hash = full_hash.then(|| self.state_hash());
        if let Some(log) = self.input_log.as_mut() {
            log.inputs.push(RecordedInput::Act {
                turn,
                action,
                check,
            });
            if let Some(hash) = hash {
                log.inputs.push(RecordedInput::Hash { turn: now, hash });
            }
        }
    }

    /// A cheap check of the state, taken after every recorded action: the
    /// clock, the random stream's position, the player, the turn count.
    /// A replay that differs from the game almost always differs here on
    /// the first turn it goes wrong.
    pub(crate) fn turn_check(&self) -> u32 {
        let mut hasher = StableHasher::new();
        hasher.write_f64(self.time);
        hasher.write_u128(self.rng.get_word_pos());
        hasher.write_u64(self.stats.player_turns);
        let player = self.player();
        hasher.write_i32(player.pos.x);
        hasher.write_i32(player.pos.y);
        hasher.write_i32(player.hp);
        hasher.write_usize(self.depth);
        let hash = hasher.finish();
        // Folded: both halves count.
        (hash ^ (hash >> 32)) as u32
    }

    /// A hash of everything that decides what happens next and what the
    /// player sees: the clock and random stream, every actor (with its
    /// monster's mode, goal and plan), the terrain's version, items, the
    /// pack, and how the game stands. The message log is left out (the
    /// front end writes notes into it that a replay does not).
    pub fn state_hash(&self) -> u64 {
        let mut hasher = StableHasher::new();
        hasher.write_u64(self.seed);
        hasher.write_usize(self.depth);
        hasher.write_f64(self.time);
        hasher.write_u128(self.rng.get_word_pos());
        hasher.write_u64(self.stats.player_turns);
        hasher.write_u32(self.stats.kills);
        hasher.write_u64(self.terrain_version);
        hasher.write_usize(self.actors.len());
        for actor in &self.actors {
            hasher.write_usize(actor.kind().map_or(usize::MAX, |kind| kind));
            hasher.write_i32(actor.pos.x);
            hasher.write_i32(actor.pos.y);
            hasher.write_i32(actor.hp);
            hasher.write_i32(actor.max_hp);
            hasher.write_f64(actor.ready_at);
            if let Some(brain) = &actor.brain {
                hasher.write_str(&format!("{:?}", brain.mode));
                for pos in brain.goal.iter().chain(&brain.plan) {
                    hasher.write_i32(pos.x);
                    hasher.write_i32(pos.y);
                }
            }
        }
        hasher.write_str(&format!("{:?}", self.level.items));
        hasher.write_str(&format!("{:?}", self.inventory));
        hasher.write_str(&format!("{:?}", self.outcome));
        hasher.finish()
    }

    /// An exact copy of the game, as a replay keyframe: everything,
    /// including what a save leaves out (a save and load would not play on
    /// the same). The copy's player memory counts as a new one.
    pub fn keyframe(&self) -> Game {
        let mut copy = self.clone();
        copy.memory_epoch = fresh_memory_epoch();
        copy
    }
}
