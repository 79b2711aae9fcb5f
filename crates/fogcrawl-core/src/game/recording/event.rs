//! What a recording holds: a header saying which game it is (build, seed,
//! levels, config, how it started) and the events that followed, in order.

use serde::{Deserialize, Serialize};

use crate::game::action::Action;

/// How the recorded game started.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum Start {
    /// A new game from the header's seed, run and config.
    New,
    /// A saved game resumed: the save's bytes as the game was resumed
    /// (`game::save::format`), loaded again with the header's config.
    Save(Vec<u8>),
}

/// One level of the run and a hash of the file it was read from, so a
/// replay with another file is refused instead of played wrong.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct LevelPrint {
    /// The level argument, as the run names it.
    pub arg: String,
    /// Where it was found (a path, or `<built-in>/NAME.toml`).
    pub location: String,
    /// [`crate::game::recording::hash_bytes`] of the file's bytes.
    pub hash: u64,
}

/// The first record of a recording.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Header {
    /// `CARGO_PKG_VERSION` of the build that recorded it.
    pub build_version: String,
    pub seed: u64,
    /// Level arguments of the run, in order, and where it started.
    pub run: Vec<String>,
    pub start_depth: usize,
    pub omniscient: bool,
    pub undying_player: bool,
    /// Every level of the run, fingerprinted.
    pub levels: Vec<LevelPrint>,
    /// Where the monster config came from (for messages).
    pub config_name: String,
    /// The monster config's text, checked again on replay; `None` when it
    /// could not be read back as the config in force.
    pub config_text: Option<String>,
    /// A full state hash (and, on replay, a keyframe) every this many turns.
    pub hash_every: u64,
    pub start: Start,
}

/// One thing that happened after the header, in the order it happened.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum Event {
    /// The player asked for `action` with `turn` turns played (taken or
    /// refused); `check` is `Game::turn_check` after it.
    Act {
        turn: u64,
        action: Action,
        check: u32,
    },
    /// `Game::state_hash` with `turn` turns played.
    Hash { turn: u64, hash: u64 },
    /// The monster config was reloaded with `turn` turns played: its text,
    /// or `None` if it could not be captured (a replay stops there).
    Config { turn: u64, text: Option<String> },
}

impl Event {
    /// The turn count the event happened at.
    pub(crate) fn turn(&self) -> u64 {
        match self {
            Event::Act { turn, .. } | Event::Hash { turn, .. } | Event::Config { turn, .. } => {
                *turn
            }
        }
    }
}
