//! What the level builder knows of the factions that spawn: their names (a Moving AI
//! map's default spawns take them in turn) and which of them a closed door stops.
//!
//! The game builds it from the monster config and hands it down, so the world places
//! spawns where their faction can move without importing the config (data flows
//! world -> ai -> game, never back). It holds no rule of its own.

use std::collections::BTreeSet;

/// The spawning factions, as the level builder needs them.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub(crate) struct SpawnFactions {
    /// Names in config order.
    names: Vec<String>,
    /// The factions that neither open nor batter closed doors: to them a closed door
    /// is a wall.
    door_stopped: BTreeSet<String>,
}

impl SpawnFactions {
    /// Factions by name, in config order, with whether a closed door stops each.
    pub(crate) fn new<'a>(factions: impl IntoIterator<Item = (&'a str, bool)>) -> Self {
        let mut names = Vec::new();
        let mut door_stopped = BTreeSet::new();
        for (name, stopped) in factions {
            names.push(name.to_owned());
            if stopped {
                door_stopped.insert(name.to_owned());
            }
        }
        Self {
            names,
            door_stopped,
        }
    }

    /// The factions' names, in config order.
    pub(crate) fn names(&self) -> &[String] {
        &self.names
    }

    /// Whether a closed door is a wall to `faction` (false for a faction not listed:
    /// a level read without a config places every spawn as a door-opener's).
    pub(crate) fn stopped_by_closed_doors(&self, faction: &str) -> bool {
        self.door_stopped.contains(faction)
    }

    /// Whether a closed door stops any of them.
    pub(crate) fn any_stopped_by_closed_doors(&self) -> bool {
        !self.door_stopped.is_empty()
    }
}
