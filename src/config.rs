//! Monster and faction configuration (temporary types: the parsed, validated
//! file and its hot reload land with the config branch).

use crate::pathfinding::{Heuristic, TieBreak};
use crate::world::Terrain;

#[derive(Debug, Clone, PartialEq)]
pub struct MonsterConfig {
    pub factions: Vec<FactionConfig>,
    pub monsters: Vec<MonsterKindConfig>,
}

impl MonsterConfig {
    pub fn faction(&self, name: &str) -> Option<&FactionConfig> {
        self.factions.iter().find(|f| f.name == name)
    }
}

#[derive(Debug, Clone, PartialEq)]
pub struct FactionConfig {
    pub name: String,
    pub heuristic: Heuristic,
    pub weight: f64,
    pub tie_break: TieBreak,
    pub unknown_cells: UnknownCellPolicy,
    pub node_budget: u32,
    pub sight_radius: u32,
    pub speed: f64,
    pub smoothing: Smoothing,
    pub turn_penalty: f64,
    pub opens_doors: bool,
    pub bashes_doors: bool,
    pub flee_below: f64,
    pub terrain_costs: Vec<(Terrain, Option<f64>)>,
    pub influence: InfluenceConfig,
}

#[derive(Debug, Clone, Copy, PartialEq)]
pub enum UnknownCellPolicy {
    Open,
    Blocked,
    Cost(f64),
}

#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Smoothing {
    None,
    StringPull,
    TurnPenalty,
    Both,
}

impl Smoothing {
    pub fn uses_string_pull(self) -> bool {
        matches!(self, Smoothing::StringPull | Smoothing::Both)
    }
    pub fn uses_turn_penalty(self) -> bool {
        matches!(self, Smoothing::TurnPenalty | Smoothing::Both)
    }
}

#[derive(Debug, Clone, Copy, PartialEq)]
pub struct InfluenceConfig {
    pub danger: InfluenceLayer,
    pub crowding: InfluenceLayer,
    pub threat: InfluenceLayer,
}

#[derive(Debug, Clone, Copy, PartialEq)]
pub struct InfluenceLayer {
    pub weight: f64,
    pub decay: f64,
    pub radius: u32,
}

#[derive(Debug, Clone, PartialEq)]
pub struct MonsterKindConfig {
    pub name: String,
    pub faction: String,
    pub letter: char,
    pub hp: i32,
    pub damage: (i32, i32),
    pub accuracy: u32,
}

impl MonsterConfig {
    /// Temporary roster until `levels/monsters.toml` is read.
    pub fn builtin() -> Self {
        let layer = |weight, decay, radius| InfluenceLayer {
            weight,
            decay,
            radius,
        };
        let faction = |name: &str,
                       speed,
                       sight,
                       unknown,
                       opens,
                       bashes,
                       costs: Vec<(Terrain, Option<f64>)>| FactionConfig {
            name: name.into(),
            heuristic: Heuristic::Octile,
            weight: 1.0,
            tie_break: TieBreak::LargerG,
            unknown_cells: unknown,
            node_budget: 4000,
            sight_radius: sight,
            speed,
            smoothing: Smoothing::StringPull,
            turn_penalty: 0.0,
            opens_doors: opens,
            bashes_doors: bashes,
            flee_below: 0.3,
            terrain_costs: costs,
            influence: InfluenceConfig {
                danger: layer(4.0, 0.98, 3),
                crowding: layer(0.5, 0.5, 1),
                threat: layer(0.0, 0.9, 6),
            },
        };
        let kind = |name: &str, faction: &str, letter, hp, damage, accuracy| MonsterKindConfig {
            name: name.into(),
            faction: faction.into(),
            letter,
            hp,
            damage,
            accuracy,
        };
        Self {
            factions: vec![
                faction(
                    "goblins",
                    1.25,
                    9,
                    UnknownCellPolicy::Open,
                    true,
                    false,
                    vec![(Terrain::ShallowWater, Some(6.0))],
                ),
                faction(
                    "rats",
                    1.5,
                    6,
                    UnknownCellPolicy::Blocked,
                    false,
                    false,
                    vec![],
                ),
                faction(
                    "wolves",
                    1.5,
                    10,
                    UnknownCellPolicy::Open,
                    false,
                    false,
                    vec![(Terrain::Swamp, Some(8.0)), (Terrain::Mud, Some(3.0))],
                ),
                faction(
                    "lizardfolk",
                    1.0,
                    8,
                    UnknownCellPolicy::Cost(2.0),
                    true,
                    false,
                    vec![
                        (Terrain::ShallowWater, Some(0.75)),
                        (Terrain::DeepWater, Some(1.0)),
                        (Terrain::Swamp, Some(1.0)),
                        (Terrain::Mud, Some(1.0)),
                    ],
                ),
                faction(
                    "undead",
                    0.75,
                    7,
                    UnknownCellPolicy::Open,
                    false,
                    true,
                    vec![],
                ),
            ],
            monsters: vec![
                kind("goblin", "goblins", 'g', 7, (1, 3), 70),
                kind("giant rat", "rats", 'r', 4, (1, 2), 60),
                kind("wolf", "wolves", 'w', 9, (2, 4), 70),
                kind("lizardfolk", "lizardfolk", 'l', 10, (2, 4), 65),
                kind("skeleton", "undead", 'z', 14, (2, 5), 60),
            ],
        }
    }
}
