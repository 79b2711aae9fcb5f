//! Hands for tests (feature `test-support`): set up a situation that the
//! rules would take many turns to make, or forge a state they never would
//! (a save with absurd numbers). Never built into the game itself, so the
//! game's own rules stay the only writers of its state.

use crate::ai::Faction;
use crate::game::actor::Actor;
use crate::game::gear::Equipment;
use crate::game::items::Inventory;

use super::{Game, GameStats};

impl Game {
    /// Actor `index`, to change (a test's wound, a forged position).
    pub fn actor_mut(&mut self, index: usize) -> &mut Actor {
        &mut self.actors[index]
    }

    /// Puts the monster `index` to sleep, as a level may start it.
    #[cfg(test)]
    pub(crate) fn put_to_sleep(&mut self, index: usize) {
        if let Some(brain) = self.actors[index].brain.as_mut() {
            brain.asleep = true;
        }
    }

    /// Slows the monster `index` until `until`, as the wand does.
    #[cfg(test)]
    pub(crate) fn slow_until(&mut self, index: usize, until: f64) {
        self.tools.slow(index, until);
    }

    /// Every actor, to change.
    pub fn actors_mut(&mut self) -> &mut [Actor] {
        &mut self.actors
    }

    /// Faction `index`, to change (danger marked by hand, a plan dropped).
    pub fn faction_mut(&mut self, index: usize) -> &mut Faction {
        &mut self.factions[index]
    }

    /// Sets the game clock (a forged save's time).
    pub fn set_time(&mut self, time: f64) {
        self.time = time;
    }

    /// Sets which level of the run the game says it is on, without going
    /// there (a forged depth).
    pub fn set_depth(&mut self, depth: usize) {
        self.depth = depth;
    }

    /// The run's counters, to change (fixed AI times for a snapshot).
    pub fn stats_mut(&mut self) -> &mut GameStats {
        &mut self.stats
    }

    /// What the player carries, to change.
    pub fn inventory_mut(&mut self) -> &mut Inventory {
        &mut self.inventory
    }

    /// What the player wields and wears, to change.
    pub fn equipment_mut(&mut self) -> &mut Equipment {
        &mut self.equipment
    }

    /// The player's experience, to change (kept at a new run's).
    pub fn experience_mut(&mut self) -> &mut crate::game::experience::Experience {
        &mut self.experience
    }
}

impl GameStats {
    /// Sets the AI time of each player turn (a snapshot's fixed timings).
    pub fn set_ai_micros(&mut self, micros: Vec<u32>) {
        self.ai_micros = micros;
    }
}
