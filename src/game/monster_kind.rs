//! Kinds of monster: their faction, body and senses, and how they move.
//!
//! The built-in roster below is what a game uses until a monster config file
//! supplies its own (the monster AI work moves it to `levels/monsters.toml`).

use serde::{Deserialize, Serialize};

use crate::world::{CostProfile, Terrain};

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
    /// Time factor: 2 acts twice as often as 1.
    pub speed: f64,
    /// How far it sees, in cells.
    pub sight_radius: u32,
    /// Per-terrain overrides of the base movement costs.
    #[serde(default)]
    pub cost_overrides: Vec<(Terrain, Option<f64>)>,
}

impl MonsterKind {
    /// The cost profile this kind moves with.
    pub fn cost_profile(&self) -> CostProfile {
        let mut profile = CostProfile::default();
        for &(terrain, cost) in &self.cost_overrides {
            // The built-in and validated configs only hold valid costs; an
            // invalid one leaves the base cost.
            let _ = profile.set_cost(terrain, cost);
        }
        profile
    }
}

/// The built-in roster: five factions with distinct characters.
pub fn builtin_kinds() -> Vec<MonsterKind> {
    vec![
        MonsterKind {
            name: "giant rat".into(),
            faction: "rats".into(),
            letter: 'r',
            max_hp: 4,
            damage: (1, 2),
            accuracy: 60,
            speed: 1.5,
            sight_radius: 6,
            cost_overrides: Vec::new(),
        },
        MonsterKind {
            name: "wolf".into(),
            faction: "wolves".into(),
            letter: 'w',
            max_hp: 9,
            damage: (2, 4),
            accuracy: 70,
            speed: 1.5,
            sight_radius: 10,
            // Wolves keep to firm ground.
            cost_overrides: vec![(Terrain::Swamp, Some(8.0)), (Terrain::Mud, Some(3.0))],
        },
        MonsterKind {
            name: "goblin".into(),
            faction: "goblins".into(),
            letter: 'g',
            max_hp: 7,
            damage: (1, 3),
            accuracy: 70,
            speed: 1.25,
            sight_radius: 9,
            // Goblins hate water: they wade only when they must.
            cost_overrides: vec![(Terrain::ShallowWater, Some(6.0))],
        },
        MonsterKind {
            name: "lizardfolk".into(),
            faction: "lizardfolk".into(),
            letter: 'l',
            max_hp: 10,
            damage: (2, 4),
            accuracy: 65,
            speed: 1.0,
            sight_radius: 8,
            // Swimmers: water and swamp are quick, deep water is open to them.
            cost_overrides: vec![
                (Terrain::ShallowWater, Some(0.75)),
                (Terrain::DeepWater, Some(1.0)),
                (Terrain::Swamp, Some(1.0)),
                (Terrain::Mud, Some(1.0)),
            ],
        },
        MonsterKind {
            name: "skeleton".into(),
            faction: "undead".into(),
            letter: 'z',
            max_hp: 14,
            damage: (2, 5),
            accuracy: 60,
            speed: 0.75,
            sight_radius: 7,
            cost_overrides: Vec::new(),
        },
    ]
}
