//! Starting a run, resuming a loaded one and entering a level: the
//! factions, the navigation, the people of the level and what the player
//! first sees. Nothing here decides a turn.

use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;
use rayon::prelude::*;

use crate::ai::monster_turn::FIRST_STROLL_CROWD;
use crate::ai::{
    Brain, FactionKnowledge, Sight, faction_profile, is_far_wanderer, stagger_first_stroll,
};
use crate::config::MonsterConfig;
use crate::game::actor::{Actor, Species};
use crate::game::behaviour::BehaviourTracker;
use crate::game::experience::Experience;
use crate::game::game_error::GameError;
use crate::game::gear::Equipment;
use crate::game::items::Inventory;
use crate::game::message_log::{Importance, MessageLog};
use crate::game::navigation::Navigation;
use crate::game::occupancy::Occupancy;
use crate::game::regeneration::Regeneration;
use crate::game::setup::GameSetup;
use crate::game::stealth::Stealth;
use crate::game::terrain_changes::TerrainChanges;
use crate::game::tools::ToolMarks;
use crate::world::fov::{Fov, VisibleSet};
use crate::world::{CostProfile, Level};
use gridpath::Pos;

use super::{ConfigApplied, Game, GameStats, PLAYER_MAX_HP, config_print, fresh_memory_epoch};

/// What a faction knows of `level` as it enters: nothing, or (the
/// baseline) all of it.
fn fresh_knowledge(level: &Level, omniscient: bool) -> FactionKnowledge {
    if omniscient {
        FactionKnowledge::omniscient(level)
    } else {
        FactionKnowledge::new(level.width(), level.height())
    }
}

impl Game {
    /// Starts a run.
    pub fn new(setup: &GameSetup) -> Result<Self, GameError> {
        if setup.run.is_empty() {
            return Err(GameError::EmptyRun);
        }
        let depth = setup.start_depth.min(setup.run.len() - 1);
        let level = setup.build_level(depth)?;
        let mut game = Self {
            seed: setup.seed,
            rng: ChaCha8Rng::seed_from_u64(setup.seed),
            run: setup.run.clone(),
            depth,
            start_depth: depth,
            assisted: false,
            level,
            kinds: Vec::new(),
            kind_factions: Vec::new(),
            factions: Vec::new(),
            omniscient: setup.omniscient,
            undying_player: setup.undying_player,
            parallel_planning: setup.parallel_planning,
            config: None,
            actors: Vec::new(),
            time: 0.0,
            remembered: Vec::new(),
            memory_epoch: fresh_memory_epoch(),
            log: MessageLog::default(),
            outcome: None,
            stats: GameStats::default(),
            inventory: Inventory::starting(),
            regeneration: Regeneration::default(),
            nav: Navigation::default(),
            occupancy: Occupancy::default(),
            fov: Fov::new(),
            sight: Sight::new(),
            visible: VisibleSet::new(),
            awareness: VisibleSet::new(),
            terrain_version: 0,
            terrain_changes: TerrainChanges::default(),
            behaviour: BehaviourTracker::default(),
            action_log: None,
            input_log: None,
            equipment: Equipment::default(),
            experience: Experience::default(),
            config_print: 0,
            recording: None,
            tools: ToolMarks::default(),
            resumed_whole: false,
            stealth: Stealth::default(),
            woken_untold: Vec::new(),
        };
        game.install_config(setup.config.clone())?;
        let player = Actor {
            species: Species::Player,
            pos: game.level.start,
            hp: PLAYER_MAX_HP,
            max_hp: PLAYER_MAX_HP,
            ready_at: 0.0,
            brain: None,
        };
        game.people_level(player)?;
        game.note_level_start();
        game.log.push(
            0.0,
            Importance::System,
            format!(
                "You enter {}. Find the stairs (>) down. Press ? for help.",
                game.level.name
            ),
        );
        Ok(game)
    }

    /// Rebuilds derived state after loading a save, with the config in
    /// force now. A save of format 4 or later under the same config holds
    /// every mind whole: the game goes on exactly as if it had never
    /// stopped (only what the level and the config say is built again).
    /// An older save, or one made under another config, has its factions
    /// rebuilt for the config and its monsters plan afresh.
    pub(crate) fn after_load(&mut self, config: MonsterConfig) -> Result<(), GameError> {
        self.after_load_reusing(config, None)
    }

    /// As [`Game::after_load`], taking `movement` (the movement grids of a
    /// game on `level`, see [`Game::release_for_replacement`]) rather than
    /// building them again when that level has this one's size and the
    /// grids are for the same profiles (the cells whose terrain differs are
    /// re-read): a replay loading a keyframe of the level it is on.
    pub(crate) fn after_load_reusing(
        &mut self,
        config: MonsterConfig,
        movement: Option<(Navigation, &Level)>,
    ) -> Result<(), GameError> {
        self.resumed_whole =
            self.config_print == config_print(&config) && self.resume_minds(&config, movement)?;
        if self.resumed_whole {
            // What only the config says of a kind (its range, the distance
            // it keeps, how often and from when it spawns) is not saved.
            for kind in &mut self.kinds {
                if let Some(wanted) = config.monsters.iter().find(|k| k.name == kind.name) {
                    kind.take_unsaved_fields(wanted);
                }
            }
            self.config = Some(config);
        } else {
            self.terrain_changes = TerrainChanges::new(self.level.width(), self.level.height());
            self.install_config(config)?;
        }
        self.lay_smoke_again();
        self.rebuild_occupancy();
        self.update_sight();
        Ok(())
    }

    /// Gives the factions of a whole save back what the config says and
    /// builds the level's movement grids; false (nothing changed) when the
    /// save does not hold every faction whole for this config.
    pub(super) fn resume_minds(
        &mut self,
        config: &MonsterConfig,
        movement: Option<(Navigation, &Level)>,
    ) -> Result<bool, GameError> {
        let whole = self.factions.len() == config.factions.len()
            && self
                .factions
                .iter()
                .zip(&config.factions)
                .all(|(faction, wanted)| faction.name() == wanted.name && faction.grid().is_some())
            && self
                .terrain_changes
                .fits(self.level.width(), self.level.height());
        if !whole {
            return Ok(false);
        }
        let resumed = self
            .factions
            .iter_mut()
            .zip(&config.factions)
            .all(|(faction, wanted)| faction.resume(wanted.clone()));
        if !resumed {
            return Ok(false);
        }
        let (width, height) = (self.level.width(), self.level.height());
        let profiles = self.navigation_profiles();
        // Movement grids for the same level and profiles are taken, and the
        // cells whose terrain differs (doors opened or shut between the
        // two games) re-read: their legal moves depend on nothing else (see
        // `Navigation`), and building the grids anew was most of a replay's
        // step back on colossus (12 profiles' grids of 1M cells).
        let fitting = movement.and_then(|(mut nav, level)| {
            let same_size = level.width() == width && level.height() == height;
            if !same_size || nav.profiles() != profiles.as_slice() {
                return None;
            }
            let changed = level
                .cells()
                .iter()
                .zip(self.level.cells())
                .enumerate()
                .filter(|(_, (was, now))| was != now)
                .filter_map(|(index, _)| self.level.pos_of(index));
            for pos in changed {
                nav.update_cell(&self.level, pos);
            }
            Some(nav)
        });
        if let Some(nav) = fitting {
            crate::ai::planner::prepare_shared_records(width, height);
            self.nav = nav;
            return Ok(true);
        }
        let (nav, ()) = rayon::join(
            || self.build_navigation(),
            || crate::ai::planner::prepare_shared_records(width, height),
        );
        self.nav = nav?;
        Ok(true)
    }

    /// Frees what the game holds the size of its level, for a game kept
    /// only to be swapped with another (a replay's placeholder; see
    /// `Game::release_for_replacement`).
    pub fn free_level_sized_state(&mut self) {
        drop(self.release_for_replacement());
        crate::ai::knowledge::drop_spares();
    }

    /// Frees what a game holds the size of its level (every faction's
    /// mind, the movement grids, sight), before a replay loads a keyframe
    /// in its place, so that the two are never in memory at once; hands
    /// back the movement grids for the load to take (see
    /// [`Game::after_load_reusing`]). The factions' largest arrays are
    /// kept spare for the game read next (`Faction::into_spares`; the
    /// caller frees what it does not take with
    /// `ai::knowledge::drop_spares`). The game is then only good for
    /// reading its level and being replaced.
    pub(crate) fn release_for_replacement(&mut self) -> Navigation {
        for faction in std::mem::take(&mut self.factions) {
            faction.into_spares();
        }
        self.sight = Sight::new();
        self.fov = Fov::new();
        self.visible = VisibleSet::new();
        self.awareness = VisibleSet::new();
        self.occupancy = Occupancy::default();
        self.remembered = Vec::new();
        std::mem::take(&mut self.nav)
    }

    /// Applies a new monster config while playing: kinds keep their
    /// monsters, factions keep what they know. On an error the game is
    /// unchanged (see `config_install`). Returns what it did to living
    /// monsters.
    pub fn apply_config(&mut self, config: MonsterConfig) -> Result<ConfigApplied, GameError> {
        self.install_config(config)
    }

    /// Takes over what belongs to the session playing `other` rather than
    /// to its game (a game just loaded from `other`'s save goes on in the
    /// same session): the logs being taken, planning on all cores and the
    /// AI time measured so far.
    pub(crate) fn take_session_from(&mut self, other: &mut Game) {
        self.parallel_planning = other.parallel_planning;
        // The clock's readings are the session's, not the game's.
        self.stats.ai_micros = std::mem::take(&mut other.stats.ai_micros);
        self.stats.level_entry_micros = std::mem::take(&mut other.stats.level_entry_micros);
        self.stats.coarse_priced = std::mem::take(&mut other.stats.coarse_priced);
        self.action_log = other.action_log.take();
        self.input_log = other.input_log.take();
    }

    /// Whether this game was loaded whole from its save (see
    /// `Game::after_load`): it is exactly the game that was saved.
    pub(crate) fn resumed_whole(&self) -> bool {
        self.resumed_whole
    }

    /// The file name of the run's recording, once one was started.
    pub(crate) fn recording_name(&self) -> Option<&str> {
        self.recording.as_deref()
    }

    /// Names the run's recording (a file in the recordings folder).
    pub fn set_recording_name(&mut self, name: Option<String>) {
        self.recording = name;
    }

    /// The monster config in force.
    pub fn config(&self) -> Option<&MonsterConfig> {
        self.config.as_ref()
    }

    pub(super) fn fresh_knowledge(&self) -> FactionKnowledge {
        fresh_knowledge(&self.level, self.omniscient)
    }

    /// The ways of moving the movement grids are for: the player's, then
    /// each faction's.
    pub(super) fn navigation_profiles(&self) -> Vec<CostProfile> {
        let mut profiles = vec![CostProfile::default()];
        profiles.extend(
            self.factions
                .iter()
                .filter_map(|f| f.config().map(faction_profile)),
        );
        profiles
    }

    pub(super) fn build_navigation(&self) -> Result<Navigation, GameError> {
        Navigation::new(&self.level, self.navigation_profiles()).map_err(|source| GameError::Grid {
            level: self.level.name.clone(),
            source,
        })
    }

    /// Puts the player on a new level (down the stairs): each faction
    /// starts it over knowing nothing of it (or all), its planning grid
    /// (the whole level) built beside the others on all cores, and the
    /// movement grids are built for it; then the level is peopled.
    pub(super) fn enter_level(&mut self, player: Actor) -> Result<(), GameError> {
        let (level, omniscient, time) = (&self.level, self.omniscient, self.time);
        self.factions
            .par_iter_mut()
            .try_for_each(|faction| faction.enter_level(fresh_knowledge(level, omniscient), time))
            .map_err(|source| GameError::Grid {
                level: self.level.name.clone(),
                source,
            })?;
        self.nav = self.build_navigation()?;
        self.people_level(player)
    }

    /// Notes, for the run summary, that the player arrived on the current
    /// level now (once `depth` names it).
    pub(super) fn note_level_start(&mut self) {
        self.stats.level_starts.push(super::LevelStart {
            name: self.level.name.clone(),
            depth: self.depth,
            turn: self.stats.player_turns,
            kills: self.stats.kills,
            time: self.time,
        });
    }

    /// Puts the player on the current level with its monsters. The factions
    /// and movement grids are already new for this level: a new game's
    /// config install built them, or `enter_level` did.
    pub(super) fn people_level(&mut self, mut player: Actor) -> Result<(), GameError> {
        player.pos = self.level.start;
        player.ready_at = self.time;
        self.actors = vec![player];
        self.tools = ToolMarks::default();
        self.behaviour.new_level();
        self.terrain_changes = TerrainChanges::new(self.level.width(), self.level.height());
        let level = &self.level;
        self.factions
            .par_iter_mut()
            .for_each(|faction| faction.prepare_sight(level));
        let spawns: Vec<(String, Vec<Pos>)> = self
            .level
            .spawns
            .iter()
            .map(|(f, cells)| (f.clone(), cells.clone()))
            .collect();
        for (faction, cells) in spawns {
            let kinds: Vec<usize> = (0..self.kinds.len())
                .filter(|&k| self.kinds[k].faction == faction)
                .collect();
            if kinds.is_empty() {
                let mut known: Vec<&str> = self.factions.iter().map(|f| f.name()).collect();
                known.sort_unstable();
                return Err(GameError::UnknownFaction {
                    level: self.level.name.clone(),
                    faction,
                    known: known.join(", "),
                });
            }
            // Later kinds join from their level of the run on (the
            // faction's first kind always may spawn).
            let level = u32::try_from(self.depth + 1).unwrap_or(u32::MAX);
            let mut spawnable: Vec<usize> = kinds
                .iter()
                .copied()
                .filter(|&k| self.kinds[k].from_level <= level)
                .collect();
            if spawnable.is_empty() {
                spawnable.push(kinds[0]);
            }
            for pos in cells {
                let kind = self.pick_kind(&spawnable);
                let max_hp = self.kinds[kind].max_hp;
                let speed = self.faction_speed(kind);
                // Stagger first turns so monsters do not move in lockstep.
                let stagger = self.rng.random_range(0.0..1.0) / speed;
                self.actors.push(Actor {
                    species: Species::Monster(kind),
                    pos,
                    hp: max_hp,
                    max_hp,
                    ready_at: self.time + stagger,
                    brain: Some(Brain::default()),
                });
            }
        }
        self.remembered = vec![false; self.level.width() * self.level.height()];
        self.memory_epoch = fresh_memory_epoch();
        self.rebuild_occupancy();
        self.put_some_to_sleep();
        let (player, now) = (self.actors[super::PLAYER].pos, self.time);
        let far_wanderers = self.actors[1..]
            .iter()
            .filter(|m| {
                m.brain
                    .as_ref()
                    .is_some_and(|b| is_far_wanderer(b, m.pos, player))
            })
            .count();
        let crowd = far_wanderers > FIRST_STROLL_CROWD;
        for (actor, monster) in self.actors.iter_mut().enumerate().skip(1) {
            if let Some(brain) = monster.brain.as_mut() {
                stagger_first_stroll(brain, actor, monster.pos, player, now, crowd);
            }
        }
        self.take_first_looks();
        self.update_sight();
        Ok(())
    }
}
