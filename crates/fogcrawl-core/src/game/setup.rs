//! How a run is set up: which levels in which order, where it starts, the
//! seed every random choice flows from, and the monster roster.

use crate::config::MonsterConfig;
use crate::world::Level;
use crate::world::level::dir::{load_level_for, standard_run_order};
use crate::world::level::error::LevelError;
use crate::world::level::file::LevelSource;
use crate::world::map_spawns::add_default_spawns;
use crate::world::spawn_factions::SpawnFactions;

/// The run used when `levels/run.toml` cannot be read.
const FALLBACK_RUN: &str = "rooms";

/// `--depth` past the last level of the standard run.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("--depth {depth}: the run (levels/run.toml) has {levels} levels")]
pub struct DepthPastRun {
    pub depth: usize,
    pub levels: usize,
}

#[derive(Debug, Clone, PartialEq)]
pub struct GameSetup {
    /// Level arguments (names in `levels/` or paths), in play order.
    pub run: Vec<String>,
    pub start_depth: usize,
    pub seed: u64,
    /// Monster kinds and how each faction thinks.
    pub config: MonsterConfig,
    /// Factions start knowing the whole level (a baseline for comparison).
    pub omniscient: bool,
    /// Blows never take the player below 1 hit point: for measuring the
    /// AI over a fixed number of turns (`sim --undying`), never in play.
    pub undying_player: bool,
    /// Factions start their turns, and monsters' views are cast, on all
    /// cores (`sim --parallel`). The game is the same either way; on a
    /// 2-core machine one core is faster (see docs/SIM.md), so it is off.
    pub parallel_planning: bool,
}

impl GameSetup {
    /// The standard run (`levels/run.toml`), or one that starts at `level`:
    /// from its place in the run if it is part of it, else on its own.
    pub fn new(level: Option<&str>, seed: u64, config: MonsterConfig) -> Self {
        let run = standard_run();
        let (run, start_depth) = match level {
            None => (run, 0),
            Some(level) => match run.iter().position(|l| l == level) {
                Some(depth) => (run, depth),
                None => (vec![level.to_owned()], 0),
            },
        };
        Self {
            run,
            start_depth,
            seed,
            config,
            omniscient: false,
            undying_player: false,
            parallel_planning: false,
        }
    }

    /// Plays at `depth` (from 1), as `--depth` asks, so the kinds that join
    /// a faction later (`from_level`: archers, spitters) spawn: `level`, if
    /// named, as the last of a run of `depth` of it (the layout and the
    /// monsters of that depth; its stairs end the run); else the standard
    /// run from its `depth`th level on. `sim` and `play` read `--depth`
    /// alike, so a sim's game can be played by hand.
    pub fn play_at_depth(&mut self, level: Option<&str>, depth: usize) -> Result<(), DepthPastRun> {
        let depth = depth.max(1);
        match level {
            Some(level) => self.run = vec![level.to_owned(); depth],
            None if depth > self.run.len() => {
                return Err(DepthPastRun {
                    depth,
                    levels: self.run.len(),
                });
            }
            None => {}
        }
        self.start_depth = depth - 1;
        Ok(())
    }

    pub(crate) fn build_level(&self, depth: usize) -> Result<Level, LevelError> {
        let factions = spawning_factions(&self.config);
        Self::load_run_level(&self.run[depth], level_seed(self.seed, depth), &factions)
    }

    /// Loads a level of the run, a generated level's spawns placed where their
    /// faction can move; a Moving AI map without monsters gets the default
    /// spawns of `factions` (see [`add_default_spawns`]).
    pub(crate) fn load_run_level(
        arg: &str,
        seed: u64,
        factions: &SpawnFactions,
    ) -> Result<Level, LevelError> {
        let loaded = load_level_for(arg, Some(seed), factions)?;
        let mut level = loaded.level;
        if matches!(loaded.file.source, LevelSource::MovingAi(_)) {
            add_default_spawns(&mut level, factions, seed);
        }
        Ok(level)
    }
}

/// The factions that have a monster kind, in config order (the ones a map's
/// default spawns can use), each with whether a closed door stops it: it
/// neither opens nor batters doors, so the generator keeps its spawns out of
/// closets (see `world::generate::place_spawns`).
pub(crate) fn spawning_factions(config: &MonsterConfig) -> SpawnFactions {
    SpawnFactions::new(
        config
            .factions
            .iter()
            .filter(|f| config.monsters.iter().any(|m| m.faction == f.name))
            .map(|f| (f.name.as_str(), !f.opens_doors && !f.bashes_doors)),
    )
}

/// The level names of `run.toml` (`./levels`, else the built-in one). A
/// `./levels/run.toml` that cannot be used is logged here and the commands
/// refuse it before they start (see [`standard_run_order`]).
pub(crate) fn standard_run() -> Vec<String> {
    standard_run_order()
        .inspect_err(|err| tracing::warn!(%err, "the run order cannot be used"))
        .ok()
        .filter(|run| !run.is_empty())
        .unwrap_or_else(|| vec![FALLBACK_RUN.to_owned()])
}

/// The seed of the level at `depth` in a run with seed `seed` (SplitMix64,
/// so nearby seeds and depths give unrelated levels).
pub(crate) fn level_seed(seed: u64, depth: usize) -> u64 {
    let mut z = seed ^ (depth as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    z = z.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn level_seeds_differ_by_depth_and_repeat() {
        assert_eq!(level_seed(7, 2), level_seed(7, 2));
        assert_ne!(level_seed(7, 1), level_seed(7, 2));
        assert_ne!(level_seed(7, 1), level_seed(8, 1));
    }

    fn shipped_config() -> MonsterConfig {
        MonsterConfig::shipped().unwrap()
    }

    #[test]
    fn starting_level_inside_or_outside_the_run() {
        let setup = GameSetup::new(Some("swamp"), 1, shipped_config());
        assert_eq!(setup.run[setup.start_depth], "swamp");
        assert!(setup.run.len() > 1);
        let alone = GameSetup::new(Some("tests/fixtures/none.toml"), 1, shipped_config());
        assert_eq!(alone.run, vec!["tests/fixtures/none.toml".to_owned()]);
    }

    #[test]
    fn a_depth_plays_a_named_level_as_the_last_of_a_run_or_the_run_from_there() {
        let mut named = GameSetup::new(Some("warrens"), 1, shipped_config());
        named.play_at_depth(Some("warrens"), 5).unwrap();
        assert_eq!(named.run, vec!["warrens".to_owned(); 5]);
        assert_eq!(named.start_depth, 4);
        let mut run = GameSetup::new(None, 1, shipped_config());
        let levels = run.run.len();
        run.play_at_depth(None, 3).unwrap();
        assert_eq!((run.run.len(), run.start_depth), (levels, 2));
        assert_eq!(
            run.play_at_depth(None, levels + 1),
            Err(DepthPastRun {
                depth: levels + 1,
                levels
            })
        );
        assert_eq!(run.start_depth, 2, "a refused depth changes nothing");
    }
}
