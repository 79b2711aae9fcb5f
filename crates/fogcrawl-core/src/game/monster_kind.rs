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
    /// How far it shoots, in cells (1 or less: melee only). Not saved: the
    /// config installed after a load sets it (saves of format 2 had no
    /// such field, and a kind's range is the config's to say).
    #[serde(skip)]
    pub range: u32,
    /// How often a spawn of its faction is this kind, relative to the
    /// faction's other kinds (not saved: spawns happen on entering a level,
    /// under the config in force).
    #[serde(skip)]
    pub frequency: u32,
    /// How far from the player a shooter keeps, in cells (not saved, like
    /// `range`).
    #[serde(skip)]
    pub keep_distance: u32,
    /// The first level of a run (from 1) its faction's spawns may be this
    /// kind (not saved, like `frequency`).
    #[serde(skip)]
    pub from_level: u32,
    /// The chance in percent that a spawn of it starts asleep (not saved,
    /// like `frequency`: spawns happen under the config in force).
    #[serde(skip)]
    pub asleep: u32,
}

impl MonsterKind {
    /// Takes what a save does not keep of a kind (`range`, `keep_distance`,
    /// `frequency`, `from_level`) from the config's kind of the same name.
    pub(crate) fn take_unsaved_fields(&mut self, config: &MonsterKindConfig) {
        self.range = config.range;
        self.keep_distance = config.keep_distance;
        self.frequency = config.frequency;
        self.from_level = config.from_level;
        self.asleep = config.asleep;
    }

    /// Whether it shoots from afar.
    pub fn is_ranged(&self) -> bool {
        self.range > 1
    }
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
            range: config.range,
            frequency: config.frequency,
            keep_distance: config.keep_distance,
            from_level: config.from_level,
            asleep: config.asleep,
        }
    }
}
