//! The validated monster config: factions and monster kinds, as the AI reads them.
//!
//! Every value here has passed validation (ranges, names, cross references), so the AI
//! uses it without checking. This module must never read files or parse text: that is
//! [`load`](super::load) and `validate`.

use std::fmt;

use crate::world::{CostProfile, Terrain};
use gridpath::{Heuristic, TieBreak};

/// The whole monster config: every faction, then every kind of monster.
#[derive(Debug, Clone, PartialEq)]
pub struct MonsterConfig {
    /// Factions in file order. Names are unique.
    pub factions: Vec<FactionConfig>,
    /// Monster kinds in file order. Names are unique; each names a faction above.
    pub monsters: Vec<MonsterKindConfig>,
}

impl MonsterConfig {
    /// The same config with every kind awake at a level's start (`asleep`
    /// 0): for tests and measures of the hunt that must not hang on the
    /// seed's draw of sleepers.
    #[must_use]
    pub fn all_awake(mut self) -> Self {
        for kind in &mut self.monsters {
            kind.asleep = 0;
        }
        self
    }

    /// The faction called `name`.
    #[must_use]
    pub fn faction(&self, name: &str) -> Option<&FactionConfig> {
        self.factions.iter().find(|faction| faction.name == name)
    }

    /// The monster kind called `name`.
    #[must_use]
    pub(crate) fn monster(&self, name: &str) -> Option<&MonsterKindConfig> {
        self.monsters.iter().find(|monster| monster.name == name)
    }

    #[cfg(test)]
    /// The monster kinds that belong to faction `faction`, in file order.
    pub(crate) fn monsters_of<'a>(
        &'a self,
        faction: &'a str,
    ) -> impl Iterator<Item = &'a MonsterKindConfig> + 'a {
        self.monsters
            .iter()
            .filter(move |monster| monster.faction == faction)
    }
}

/// How one faction plans, senses and moves. Shared by all its members.
#[derive(Debug, Clone, PartialEq)]
pub struct FactionConfig {
    /// The table name in `[factions.NAME]`; level spawns name it.
    pub name: String,
    /// A*'s distance estimate.
    pub heuristic: Heuristic,
    /// Multiplies the heuristic: 1 is optimal A*, above 1 is weighted A*
    /// (faster, paths at most `weight` times the optimal cost).
    pub weight: f64,
    /// Which of several equally promising cells A* expands first.
    pub tie_break: TieBreak,
    /// What the faction assumes about cells it has never seen.
    pub unknown_cells: UnknownCellPolicy,
    /// A* nodes per game turn, shared by all members of the faction.
    pub node_budget: u32,
    /// How far members see, in cells.
    pub sight_radius: u32,
    /// Time factor: 2 acts twice as often as 1.
    pub speed: f64,
    /// How planned paths are straightened.
    pub smoothing: Smoothing,
    /// Extra cost per change of direction, when `Smoothing::uses_turn_penalty`.
    pub turn_penalty: f64,
    /// Whether members can open closed doors; if not, a closed door is a wall to them.
    pub opens_doors: bool,
    /// Whether members batter closed doors down to rubble.
    pub bashes_doors: bool,
    /// Members flee when their hp falls below this share of their max hp (0 never flees).
    pub flee_below: f64,
    /// How far (in cells) a member hears a fight, a door battered or a
    /// noisemaker (0 hears nothing).
    pub hearing_radius: u32,
    /// How far (in cells) a member that sees the player is heard by its
    /// packmates, who then know where the player is (0: it keeps quiet).
    pub shout_radius: u32,
    /// Game time a member takes to regain one hit point (0 never heals).
    pub regeneration_time: f64,
    /// A member plans again when the cells ahead of it turn out dearer than
    /// planned by more than this share (or a route cheaper by it appears).
    pub replan_margin: f64,
    /// Overrides of the terrain table's base costs, in file order; `None` is impassable.
    pub terrain_costs: Vec<(Terrain, Option<f64>)>,
    /// Weights, decays and radii of the faction's influence maps.
    pub influence: InfluenceConfig,
}

impl FactionConfig {
    /// The base terrain costs with this faction's overrides applied.
    #[must_use]
    pub(crate) fn cost_profile(&self) -> CostProfile {
        let mut profile = CostProfile::default();
        for &(terrain, cost) in &self.terrain_costs {
            // Validation only lets through costs that CostProfile accepts, so this
            // cannot fail; were it to, the base cost would stay, which is harmless.
            let _ = profile.set_cost(terrain, cost);
        }
        profile
    }
}

/// What a faction assumes about a cell it has never seen.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum UnknownCellPolicy {
    /// Walkable at floor cost: the optimistic default. Members walk into dead ends
    /// and learn.
    Open,
    /// Impassable until seen: members only plan through explored ground.
    Blocked,
    /// Walkable at this cost (0.001 to 1000).
    Cost(f64),
}

impl fmt::Display for UnknownCellPolicy {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            UnknownCellPolicy::Open => f.write_str("open"),
            UnknownCellPolicy::Blocked => f.write_str("blocked"),
            UnknownCellPolicy::Cost(cost) => write!(f, "cost {cost}"),
        }
    }
}

/// How planned paths are straightened.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Smoothing {
    /// Paths as A* found them.
    None,
    /// Cost-aware line-of-sight string pulling after the search.
    StringPull,
    /// A penalty for each change of direction during the search.
    TurnPenalty,
    /// Both: a turn penalty while searching, then string pulling.
    Both,
}

impl Smoothing {
    /// Every mode with its config name, in documentation order.
    pub(crate) const NAMED: [(&'static str, Smoothing); 4] = [
        ("none", Smoothing::None),
        ("string_pull", Smoothing::StringPull),
        ("turn_penalty", Smoothing::TurnPenalty),
        ("both", Smoothing::Both),
    ];

    /// Whether the planned path is string-pulled after the search.
    #[must_use]
    pub(crate) fn uses_string_pull(self) -> bool {
        matches!(self, Smoothing::StringPull | Smoothing::Both)
    }

    /// Whether the search adds the faction's turn penalty per change of direction.
    #[must_use]
    pub(crate) fn uses_turn_penalty(self) -> bool {
        matches!(self, Smoothing::TurnPenalty | Smoothing::Both)
    }

    /// The config name.
    #[must_use]
    pub(crate) fn name(self) -> &'static str {
        match self {
            Smoothing::None => "none",
            Smoothing::StringPull => "string_pull",
            Smoothing::TurnPenalty => "turn_penalty",
            Smoothing::Both => "both",
        }
    }
}

impl fmt::Display for Smoothing {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A faction's three influence maps. Each adds to the step cost A* sees.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct InfluenceConfig {
    /// Stamped where members died or were hurt.
    pub danger: InfluenceLayer,
    /// Cells allies occupy or plan to cross, so packs spread out and flank.
    pub crowding: InfluenceLayer,
    /// The player's threat around where the faction last saw them.
    pub threat: InfluenceLayer,
}

impl Default for InfluenceConfig {
    fn default() -> Self {
        Self {
            danger: InfluenceLayer::DEFAULT_DANGER,
            crowding: InfluenceLayer::DEFAULT_CROWDING,
            threat: InfluenceLayer::DEFAULT_THREAT,
        }
    }
}

/// One influence map's tuning.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct InfluenceLayer {
    /// Extra step cost at full influence (0 ignores the layer).
    pub weight: f64,
    /// Share of the influence kept per time unit: 1 never fades, 0 fades at once.
    pub decay: f64,
    /// Cells around a stamp that receive influence (falling off with distance).
    pub radius: u32,
}

impl InfluenceLayer {
    /// Danger when a faction does not set it: avoided, fading over some 20 turns.
    pub const DEFAULT_DANGER: InfluenceLayer = InfluenceLayer {
        weight: 2.0,
        decay: 0.95,
        radius: 2,
    };
    /// Crowding when a faction does not set it: a mild push apart, gone next turn.
    pub const DEFAULT_CROWDING: InfluenceLayer = InfluenceLayer {
        weight: 0.5,
        decay: 0.5,
        radius: 1,
    };
    /// The player's threat when a faction does not set it: ignored.
    pub(crate) const DEFAULT_THREAT: InfluenceLayer = InfluenceLayer {
        weight: 0.0,
        decay: 0.9,
        radius: 6,
    };
}

/// One kind of monster.
#[derive(Debug, Clone, PartialEq)]
pub struct MonsterKindConfig {
    /// Unique name, e.g. `giant rat`.
    pub name: String,
    /// The faction it belongs to (a [`FactionConfig::name`]).
    pub faction: String,
    /// The ASCII letter that stands for it on the map.
    pub letter: char,
    /// Maximum (and starting) hit points.
    pub hp: i32,
    /// Damage of a hit: a roll from `damage.0` to `damage.1` inclusive.
    pub damage: (i32, i32),
    /// Chance in percent that an attack hits.
    pub accuracy: u32,
    /// How far it shoots, in cells (1: it only fights in melee). A kind
    /// with a longer range shoots at a player it sees within it.
    pub range: u32,
    /// How far from the player (in cells) a kind with a range keeps: it
    /// steps back when the player comes within it, and shoots from beyond.
    /// Never more than `range`.
    pub keep_distance: u32,
    /// How often it is the one a spawn of its faction becomes, relative to
    /// the faction's other kinds.
    pub frequency: u32,
    /// The first level of a run (counted from 1) on which spawns may be
    /// this kind: later kinds make the run harder as it goes on.
    pub from_level: u32,
    /// The chance in percent that a spawn of this kind starts its level
    /// asleep (drawn from the game's seed).
    pub asleep: u32,
}
