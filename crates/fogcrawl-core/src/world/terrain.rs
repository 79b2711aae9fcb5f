//! The terrain table: every kind of ground, its base movement cost, passability and opacity.
//!
//! This is the one place terrain rules live; everything else asks this table.
//! It must never hold glyphs or colours (those belong to the UI) nor per-faction
//! costs (those are [`CostProfile`](super::CostProfile) overrides).

use std::fmt;

/// A kind of ground. The discriminant indexes [`Terrain::ALL`] and per-terrain arrays.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, serde::Serialize, serde::Deserialize,
)]
#[serde(rename_all = "snake_case")]
pub enum Terrain {
    /// Solid rock: impassable and opaque.
    Wall,
    /// Plain dungeon floor: the unit of movement cost.
    Floor,
    /// Paved road: cheaper than floor, so travellers prefer it.
    Road,
    /// Grass: a little slower than floor.
    Grass,
    /// Mud: twice the time of floor.
    Mud,
    /// Swamp: the slowest walkable ground.
    Swamp,
    /// Wadeable water.
    ShallowWater,
    /// Water too deep to walk: impassable unless a cost profile allows swimming.
    DeepWater,
    /// Broken stone: passable but slow.
    Rubble,
    /// A closed door: passable (opening it takes time) and blocks sight.
    ClosedDoor,
    /// An open door: like floor.
    OpenDoor,
    /// The way down: the level's goal.
    StairsDown,
}

/// One row of the terrain table.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) struct TerrainInfo {
    /// The name used in level files (`snake_case`).
    pub name: &'static str,
    /// Time to enter the cell for a default traveller; `None` means impassable.
    pub base_cost: Option<f64>,
    /// Whether the cell blocks sight.
    pub opaque: bool,
}

/// Cost of entering plain floor: every other cost is relative to it.
pub(crate) const FLOOR_COST: f64 = 1.0;
/// Roads halve travel time (exact in binary floating point, so sums stay exact).
pub(crate) const ROAD_COST: f64 = 0.5;
/// Grass slows a little.
pub(crate) const GRASS_COST: f64 = 1.25;
/// Mud doubles travel time.
pub(crate) const MUD_COST: f64 = 2.0;
/// Rubble must be clambered over.
pub(crate) const RUBBLE_COST: f64 = 2.5;
/// Wading through shallow water.
pub(crate) const SHALLOW_WATER_COST: f64 = 3.0;
/// Swamp: the costliest walkable ground, so a road around it often wins.
pub(crate) const SWAMP_COST: f64 = 4.0;
/// Opening a closed door and stepping through.
pub(crate) const CLOSED_DOOR_COST: f64 = 2.0;

impl Terrain {
    /// Number of terrain kinds.
    pub const COUNT: usize = 12;

    /// Every terrain kind, in table order.
    pub const ALL: [Terrain; Terrain::COUNT] = [
        Terrain::Wall,
        Terrain::Floor,
        Terrain::Road,
        Terrain::Grass,
        Terrain::Mud,
        Terrain::Swamp,
        Terrain::ShallowWater,
        Terrain::DeepWater,
        Terrain::Rubble,
        Terrain::ClosedDoor,
        Terrain::OpenDoor,
        Terrain::StairsDown,
    ];

    /// The table row for this terrain.
    #[must_use]
    #[inline]
    pub(crate) const fn info(self) -> TerrainInfo {
        let (name, base_cost, opaque) = match self {
            Terrain::Wall => ("wall", None, true),
            Terrain::Floor => ("floor", Some(FLOOR_COST), false),
            Terrain::Road => ("road", Some(ROAD_COST), false),
            Terrain::Grass => ("grass", Some(GRASS_COST), false),
            Terrain::Mud => ("mud", Some(MUD_COST), false),
            Terrain::Swamp => ("swamp", Some(SWAMP_COST), false),
            Terrain::ShallowWater => ("shallow_water", Some(SHALLOW_WATER_COST), false),
            Terrain::DeepWater => ("deep_water", None, false),
            Terrain::Rubble => ("rubble", Some(RUBBLE_COST), false),
            Terrain::ClosedDoor => ("closed_door", Some(CLOSED_DOOR_COST), true),
            Terrain::OpenDoor => ("open_door", Some(FLOOR_COST), false),
            Terrain::StairsDown => ("stairs_down", Some(FLOOR_COST), false),
        };
        TerrainInfo {
            name,
            base_cost,
            opaque,
        }
    }

    /// Position in [`Terrain::ALL`], for per-terrain arrays.
    #[must_use]
    pub(crate) const fn index(self) -> usize {
        self as usize
    }

    /// The name used in level files.
    #[must_use]
    pub const fn name(self) -> &'static str {
        self.info().name
    }

    /// Time to enter for a default traveller; `None` if impassable.
    #[must_use]
    pub const fn base_cost(self) -> Option<f64> {
        self.info().base_cost
    }

    /// Whether a default traveller can enter the cell.
    #[must_use]
    pub const fn is_passable(self) -> bool {
        self.info().base_cost.is_some()
    }

    /// Whether the cell blocks sight.
    #[must_use]
    #[inline]
    pub const fn is_opaque(self) -> bool {
        self.info().opaque
    }

    /// Looks a terrain up by its level-file name.
    #[must_use]
    pub(crate) fn from_name(name: &str) -> Option<Terrain> {
        Terrain::ALL.into_iter().find(|t| t.name() == name)
    }

    /// All level-file names, comma separated, for error messages.
    #[must_use]
    pub(crate) fn accepted_names() -> String {
        Terrain::ALL
            .iter()
            .map(|t| t.name())
            .collect::<Vec<_>>()
            .join(", ")
    }
}

impl fmt::Display for Terrain {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn table_order_matches_discriminants() {
        for (i, t) in Terrain::ALL.iter().enumerate() {
            assert_eq!(t.index(), i);
        }
    }

    #[test]
    fn names_round_trip_and_are_unique() {
        for t in Terrain::ALL {
            assert_eq!(Terrain::from_name(t.name()), Some(t));
        }
        assert_eq!(Terrain::from_name("lava"), None);
    }

    #[test]
    fn costs_follow_the_rules() {
        assert_eq!(Terrain::Floor.base_cost(), Some(1.0));
        let road = Terrain::Road.base_cost().unwrap_or(f64::MAX);
        assert!(road < 1.0);
        for t in [
            Terrain::Mud,
            Terrain::Swamp,
            Terrain::Rubble,
            Terrain::ShallowWater,
        ] {
            assert!(
                t.base_cost().unwrap_or(0.0) > 1.0,
                "{t} should cost more than floor"
            );
        }
        assert!(!Terrain::Wall.is_passable());
        assert!(!Terrain::DeepWater.is_passable());
        assert!(Terrain::Wall.is_opaque() && Terrain::ClosedDoor.is_opaque());
        assert!(!Terrain::OpenDoor.is_opaque() && !Terrain::DeepWater.is_opaque());
    }
}
