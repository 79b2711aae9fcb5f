//! Everyone who takes turns: the player and the monsters.

use serde::{Deserialize, Serialize};

use crate::ai::Brain;
use gridpath::Pos;

/// Who an actor is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Species {
    Player,
    /// A monster of the kind at this index in `Game::kinds`.
    Monster(usize),
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Actor {
    pub species: Species,
    pub pos: Pos,
    pub hp: i32,
    pub max_hp: i32,
    /// The game time at which this actor acts next (the energy clock).
    pub ready_at: f64,
    /// A monster's mind; `None` for the player (saved whole since format
    /// 4; see `game::save::versioned` for older saves).
    #[serde(deserialize_with = "crate::game::save::versioned::brain")]
    pub brain: Option<Brain>,
}

impl Actor {
    pub fn is_alive(&self) -> bool {
        self.hp > 0
    }

    pub(crate) fn is_player(&self) -> bool {
        self.species == Species::Player
    }

    /// The monster kind index, if this is a monster.
    pub(crate) fn kind(&self) -> Option<usize> {
        match self.species {
            Species::Monster(kind) => Some(kind),
            Species::Player => None,
        }
    }
}
