//! Taking the stairs: the next level of the run, or victory after the last.
//!
//! A next level that cannot be loaded or entered (a broken level file, a
//! faction the config no longer has) is refused before anything changes:
//! the player stays where they are, the reason is shown, and the game (and
//! its save) goes on. Victory comes only when the run really ends.

use crate::game::game_error::GameError;
use crate::game::message_log::Importance;
use crate::game::navigation::Navigation;
use crate::game::setup::{GameSetup, level_seed, spawning_factions};
use crate::world::{CostProfile, Level};

use super::{Game, Outcome, PLAYER, Refusal};

impl Game {
    /// Goes down the stairs the player stands on.
    pub(super) fn descend(&mut self) -> Result<(), Refusal> {
        if self.depth + 1 >= self.run.len() {
            self.log
                .push(self.time, Importance::Good, "You escape the dungeon!");
            self.outcome = Some(Outcome::Won { time: self.time });
            return Ok(());
        }
        let next = self.depth + 1;
        let arg = self.run[next].clone();
        let factions = self.config().map(spawning_factions).unwrap_or_default();
        let entered = GameSetup::load_run_level(&arg, level_seed(self.seed, next), &factions)
            .map_err(GameError::from)
            .and_then(|level| self.check_enterable(&level).map(|()| level));
        let level = match entered {
            Ok(level) => level,
            Err(err) => return Err(self.stairs_refused(&err)),
        };
        let old_level = std::mem::replace(&mut self.level, level);
        let player = self.actors[PLAYER].clone();
        if let Err(err) = self.enter_level(player) {
            // Checked above, so not expected; the old level comes back so
            // the game stays playable.
            self.level = old_level;
            if let Ok(nav) = self.navigation_for(&self.level) {
                self.nav = nav;
            }
            return Err(self.stairs_refused(&err));
        }
        self.depth = next;
        self.note_level_start();
        self.log.push(
            self.time,
            Importance::System,
            format!(
                "You descend to {} (level {} of {}).",
                self.level.name,
                self.depth + 1,
                self.run.len()
            ),
        );
        Ok(())
    }

    /// What entering `level` needs that can fail: a monster kind for every
    /// faction it spawns, and navigation grids for every faction's costs.
    fn check_enterable(&self, level: &Level) -> Result<(), GameError> {
        for faction in level.spawns.keys() {
            if !self.kinds.iter().any(|k| &k.faction == faction) {
                let mut known: Vec<&str> = self.factions.iter().map(|f| f.name()).collect();
                known.sort_unstable();
                return Err(GameError::UnknownFaction {
                    level: level.name.clone(),
                    faction: faction.clone(),
                    known: known.join(", "),
                });
            }
        }
        self.navigation_for(level).map(|_| ())
    }

    fn navigation_for(&self, level: &Level) -> Result<Navigation, GameError> {
        let mut profiles = vec![CostProfile::default()];
        profiles.extend(
            self.factions
                .iter()
                .filter_map(|f| f.config().map(crate::ai::faction_profile)),
        );
        Navigation::new(level, profiles).map_err(|source| GameError::Grid {
            level: level.name.clone(),
            source,
        })
    }

    /// Logs why the stairs cannot be taken and makes the refusal that says so.
    fn stairs_refused(&mut self, err: &GameError) -> Refusal {
        let reason = err.to_string();
        self.log.push(
            self.time,
            Importance::Danger,
            format!("The stairs lead nowhere: {reason}. You stay here; your game goes on."),
        );
        Refusal::StairsLeadNowhere(reason)
    }
}
