//! Kinds of monster: their body and weapon. How they move, see and plan
//! belongs to their faction (see `crate::config::FactionConfig`).

use serde::{Deserialize, Serialize};

use crate::config::MonsterKindConfig;

/// One kind of monster.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct MonsterKind {
    pub name: String,
    /// The faction it belongs to; level spawns name factions.
    pub faction: String,
    /// The letter that stands for it on the map.
    pub letter: char,
    pub max_hp: i32,
    /// Damage of a hit: a roll from `damage.0` to `damage.1` inclusive.
    pub damage: (i32, i32),
    /// Chance in percent that an attack hits.
    pub accuracy: u32,
}

impl From<&MonsterKindConfig> for MonsterKind {
    fn from(config: &MonsterKindConfig) -> Self {
        Self {
            name: config.name.clone(),
            faction: config.faction.clone(),
            letter: config.letter,
            max_hp: config.hp,
            damage: config.damage,
            accuracy: config.accuracy,
        }
    }
}
