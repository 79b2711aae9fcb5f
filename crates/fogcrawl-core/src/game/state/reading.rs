//! What the front end, the command line and the tests read of a game: each
//! field behind a method named for what it gives, so only the game's own
//! rules write its state. The one change made from outside, a message from
//! the front end, is a method that says what it does ([`Game::tell`]).

use crate::ai::Faction;
use crate::game::actor::Actor;
use crate::game::experience::Experience;
use crate::game::gear::Equipment;
use crate::game::items::Inventory;
use crate::game::message_log::{Importance, MessageLog};
use crate::game::monster_kind::MonsterKind;
use crate::world::Level;

use super::{Game, GameStats, Outcome};

impl Game {
    /// The seed every random choice of the run flows from.
    pub fn seed(&self) -> u64 {
        self.seed
    }

    /// The level arguments of the run, in order.
    pub fn run(&self) -> &[String] {
        &self.run
    }

    /// The index of the current level in [`Game::run`].
    pub fn depth(&self) -> usize {
        self.depth
    }

    /// The index in [`Game::run`] of the level the game started on.
    pub fn start_depth(&self) -> usize {
        self.start_depth
    }

    /// Whether the debug overlay was opened during play (the run summary
    /// and the scores say "assisted").
    pub fn is_assisted(&self) -> bool {
        self.assisted
    }

    /// The current level: its true terrain, items and stairs.
    pub fn level(&self) -> &Level {
        &self.level
    }

    /// The monster kinds of the config in force, in config order.
    pub fn kinds(&self) -> &[MonsterKind] {
        &self.kinds
    }

    /// The factions' shared minds, in config order.
    pub fn factions(&self) -> &[Faction] {
        &self.factions
    }

    /// Whether the factions know the true level (the baseline
    /// `--omniscient`).
    pub fn is_omniscient(&self) -> bool {
        self.omniscient
    }

    /// Whether blows never take the player below 1 hit point
    /// (`sim --undying`).
    pub fn is_undying(&self) -> bool {
        self.undying_player
    }

    /// Every actor of the level: the player is [`super::PLAYER`], the
    /// monsters follow, the dead among them.
    pub fn actors(&self) -> &[Actor] {
        &self.actors
    }

    /// The game time now: when the actor acting now became ready.
    pub fn time(&self) -> f64 {
        self.time
    }

    /// The message log, oldest first.
    pub fn log(&self) -> &MessageLog {
        &self.log
    }

    /// Adds a message from outside the rules (the front end's word on a
    /// save, a replay or a setting) to the log, at the game time now.
    pub fn tell(&mut self, importance: Importance, text: impl Into<String>) {
        self.log.push(self.time, importance, text);
    }

    /// How the game ended, while it has.
    pub fn outcome(&self) -> Option<&Outcome> {
        self.outcome.as_ref()
    }

    /// The run's counters: turns, kills, AI time.
    pub fn stats(&self) -> &GameStats {
        &self.stats
    }

    /// What the player carries.
    pub fn inventory(&self) -> &Inventory {
        &self.inventory
    }

    /// What the player wields and wears.
    pub fn equipment(&self) -> &Equipment {
        &self.equipment
    }

    /// The player's experience points and level.
    pub fn experience(&self) -> &Experience {
        &self.experience
    }
}

impl GameStats {
    #[cfg(test)]
    /// Cells whose terrain changed during play (doors, bashing): knowledge
    /// of them can go stale.
    pub(crate) fn terrain_changes(&self) -> u64 {
        self.terrain_changes
    }

    /// The turns the player has taken.
    pub fn player_turns(&self) -> u64 {
        self.player_turns
    }

    /// The monsters the player has killed.
    pub fn kills(&self) -> u32 {
        self.kills
    }

    /// The player's kills by monster kind name.
    pub(crate) fn kills_by_kind(&self) -> &std::collections::BTreeMap<String, u32> {
        &self.kills_by_kind
    }

    /// The AI time of each player turn, in microseconds.
    pub fn ai_micros(&self) -> &[u32] {
        &self.ai_micros
    }

    /// Cells settled pricing the factions' coarse graphs in each player
    /// turn (of this session: not saved).
    pub fn coarse_priced(&self) -> &[u64] {
        &self.coarse_priced
    }

    /// The game time each player turn lasted.
    pub(crate) fn player_turn_lengths(&self) -> &[f64] {
        &self.player_turn_lengths
    }

    /// Where each level of the run began, in order (since the game
    /// started, or since a save of a format before 5 was resumed).
    pub(crate) fn level_starts(&self) -> &[super::LevelStart] {
        &self.level_starts
    }

    /// The AI time on entering each level, in microseconds (not part of any
    /// turn's [`GameStats::ai_micros`]).
    pub(crate) fn level_entry_micros(&self) -> &[u32] {
        &self.level_entry_micros
    }
}
