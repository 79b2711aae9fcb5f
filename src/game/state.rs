//! The game state and its rules: levels in a run, actors on the energy
//! clock, the player's actions, the monsters' turns, sight and memory.
//!
//! Only this module (and what it calls) changes the game; the UI reads it.
//! It never imports a terminal crate and never reads a clock for anything
//! but the AI-time statistics, so the same seed plays the same game.
//! Monsters act on what their faction knows (`crate::ai`); the true level
//! only decides whether a step they try succeeds.

use std::time::Instant;

use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;
use serde::{Deserialize, Serialize};
use thiserror::Error;

use crate::ai::cost_view::faction_profile;
use crate::ai::faction::{
    BODY_CROWDING, DEATH_DANGER, Faction, PLANNED_CELLS_CROWDED, PLANNED_CROWDING, Sighting,
    WOUND_DANGER,
};
use crate::ai::knowledge::FactionKnowledge;
use crate::ai::planner::PlanOutcome;
use crate::config::MonsterConfig;
use crate::game::action::Action;
use crate::game::actor::{Actor, Species};
use crate::game::brain::{Brain, Mode, Perception};
use crate::game::clock::{action_time, move_time, next_actor};
use crate::game::combat::{Blow, roll_attack};
use crate::game::direction::Direction;
use crate::game::level_access::LevelAccess;
use crate::game::message_log::{Importance, MessageLog};
use crate::game::monster_kind::MonsterKind;
use crate::game::navigation::{Navigation, PLAYER_PROFILE};
use crate::game::setup::GameSetup;
use crate::game::turn_guard::TurnGuard;
use crate::pathfinding::{GridError, Heuristic, Pos};
use crate::world::fov::{Fov, VisibleSet, within_radius};
use crate::world::level_error::LevelError;
use crate::world::{CostProfile, Level, Terrain};

mod config_install;
mod descent;
pub use config_install::ConfigApplied;

/// The player's hit points at the start of a run.
pub const PLAYER_MAX_HP: i32 = 30;
/// How far the player sees.
pub const PLAYER_SIGHT_RADIUS: u32 = 10;
const PLAYER_DAMAGE: (i32, i32) = (2, 5);
const PLAYER_ACCURACY: u32 = 80;
const PLAYER_SPEED: f64 = 1.0;
/// How far from itself a wandering monster picks a place to stroll to.
const WANDER_RANGE: i32 = 12;
/// Attempts at picking a reachable wander target before standing still.
const WANDER_TRIES: usize = 8;
/// How far the sound of a fight carries.
const HEARING_RADIUS: i32 = 10;
/// How many of the next planned cells are checked against new knowledge.
const PLAN_LOOKAHEAD: usize = 8;
/// How often (in player turns) a faction relabels stale islands of its
/// planning grid.
const ISLAND_REFRESH_TURNS: u64 = 10;
/// Chance in percent that a blow breaks a closed door.
const BASH_CHANCE: u32 = 35;

/// How a game ended.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub enum Outcome {
    Died { cause: String, time: f64 },
    Won { time: f64 },
}

/// Why a player action was not taken (no time passes).
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum Refusal {
    #[error("The game is over.")]
    GameOver,
    #[error("A wall blocks the way.")]
    Blocked,
    #[error("There are no stairs here.")]
    NoStairs,
    #[error("There is no closed door there.")]
    NoClosedDoor,
    #[error("There is no open door there.")]
    NoOpenDoor,
    #[error("Something is standing in the doorway.")]
    DoorwayOccupied,
    /// The next level could not be loaded or entered; the game goes on here.
    #[error("The stairs lead nowhere: {0}")]
    StairsLeadNowhere(String),
}

#[derive(Debug, Error)]
pub enum GameError {
    #[error(transparent)]
    Level(#[from] LevelError),
    #[error(
        "level '{level}' spawns faction '{faction}', which no monster kind belongs to; known factions: {known}"
    )]
    UnknownFaction {
        level: String,
        faction: String,
        known: String,
    },
    #[error("level '{level}' cannot be searched: {source}")]
    Grid { level: String, source: GridError },
    #[error("the run has no levels")]
    EmptyRun,
    #[error(transparent)]
    Config(#[from] crate::config::ConfigError),
    #[error("monster kind '{kind}' names faction '{faction}', which the config does not define")]
    KindWithoutFaction { kind: String, faction: String },
}

/// Counters for the sim and the side panel.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct GameStats {
    /// Cells whose terrain changed during play (doors, bashing): knowledge
    /// of them can go stale.
    pub terrain_changes: u64,
    pub player_turns: u64,
    pub kills: u32,
    /// AI time of each player turn, in microseconds (not saved).
    #[serde(skip)]
    pub ai_micros: Vec<u32>,
}

#[derive(Debug, Serialize, Deserialize)]
pub struct Game {
    pub seed: u64,
    rng: ChaCha8Rng,
    /// Level arguments of the run, in order.
    pub run: Vec<String>,
    /// Index of the current level in `run`.
    pub depth: usize,
    pub level: Level,
    pub kinds: Vec<MonsterKind>,
    /// Each kind's faction, as an index into `factions`.
    kind_factions: Vec<usize>,
    /// One shared mind per faction, in config order.
    pub factions: Vec<Faction>,
    /// Factions know the true level (the baseline `--omniscient`).
    pub omniscient: bool,
    /// The monster config in force (not saved: read from the file).
    #[serde(skip)]
    config: Option<MonsterConfig>,
    /// The player is actor 0.
    pub actors: Vec<Actor>,
    /// The game time now: when the actor acting now became ready.
    pub time: f64,
    /// Cells of this level the player has seen.
    pub remembered: Vec<bool>,
    pub log: MessageLog,
    pub outcome: Option<Outcome>,
    pub stats: GameStats,
    #[serde(skip)]
    nav: Navigation,
    #[serde(skip)]
    fov: Fov,
    /// What the player sees now.
    #[serde(skip)]
    visible: VisibleSet,
    /// The cells from which a monster could see the player (sight is
    /// symmetric), out to the longest monster sight radius.
    #[serde(skip)]
    awareness: VisibleSet,
    /// Scratch: what the monster taking its turn sees.
    #[serde(skip)]
    monster_view: VisibleSet,
    /// Bumped whenever a cell's terrain changes.
    terrain_version: u64,
}

pub const PLAYER: usize = 0;

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
            level,
            kinds: Vec::new(),
            kind_factions: Vec::new(),
            factions: Vec::new(),
            omniscient: setup.omniscient,
            config: None,
            actors: Vec::new(),
            time: 0.0,
            remembered: Vec::new(),
            log: MessageLog::default(),
            outcome: None,
            stats: GameStats::default(),
            nav: Navigation::default(),
            fov: Fov::new(),
            visible: VisibleSet::new(),
            awareness: VisibleSet::new(),
            monster_view: VisibleSet::new(),
            terrain_version: 0,
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
        game.enter_level(player)?;
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
    /// force now.
    pub fn after_load(&mut self, config: MonsterConfig) -> Result<(), GameError> {
        self.install_config(config)?;
        self.update_sight();
        Ok(())
    }

    /// Applies a new monster config while playing: kinds keep their
    /// monsters, factions keep what they know. On an error the game is
    /// unchanged (see `config_install`). Returns what it did to living
    /// monsters.
    pub fn apply_config(&mut self, config: MonsterConfig) -> Result<ConfigApplied, GameError> {
        self.install_config(config)
    }

    /// The monster config in force.
    pub fn config(&self) -> Option<&MonsterConfig> {
        self.config.as_ref()
    }

    fn fresh_knowledge(&self) -> FactionKnowledge {
        if self.omniscient {
            FactionKnowledge::omniscient(&self.level)
        } else {
            FactionKnowledge::new(self.level.width(), self.level.height())
        }
    }

    fn build_navigation(&self) -> Result<Navigation, GameError> {
        let mut profiles = vec![CostProfile::default()];
        profiles.extend(
            self.factions
                .iter()
                .filter_map(|f| f.config().map(faction_profile)),
        );
        Navigation::new(&self.level, profiles).map_err(|source| GameError::Grid {
            level: self.level.name.clone(),
            source,
        })
    }

    /// Puts the player on the current level with its monsters.
    fn enter_level(&mut self, mut player: Actor) -> Result<(), GameError> {
        player.pos = self.level.start;
        player.ready_at = self.time;
        self.actors = vec![player];
        // Each faction starts every level knowing nothing of it (or all).
        for i in 0..self.factions.len() {
            self.factions[i].knowledge = self.fresh_knowledge();
            self.factions[i].player_sighting = None;
            self.factions[i].decayed_at = self.time;
            let (w, h) = (self.level.width(), self.level.height());
            self.factions[i].influences = crate::ai::cost_view::Influences::new(w, h);
            if let Some(config) = self.factions[i].config().cloned() {
                self.factions[i]
                    .rebuild(config)
                    .map_err(|source| GameError::Grid {
                        level: self.level.name.clone(),
                        source,
                    })?;
            }
        }
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
                let mut known: Vec<&str> = self.factions.iter().map(|f| f.name.as_str()).collect();
                known.sort_unstable();
                return Err(GameError::UnknownFaction {
                    level: self.level.name.clone(),
                    faction,
                    known: known.join(", "),
                });
            }
            for pos in cells {
                let kind = kinds[self.rng.random_range(0..kinds.len())];
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
        self.nav = self.build_navigation()?;
        self.update_sight();
        Ok(())
    }

    pub fn player(&self) -> &Actor {
        &self.actors[PLAYER]
    }

    pub fn is_over(&self) -> bool {
        self.outcome.is_some()
    }

    /// Whether the player sees `pos` now.
    pub fn is_visible(&self, pos: Pos) -> bool {
        self.visible.contains(pos)
    }

    /// Whether the player has ever seen `pos` on this level.
    pub fn is_remembered(&self, pos: Pos) -> bool {
        self.cell_index(pos).is_some_and(|i| self.remembered[i])
    }

    /// Living monsters the player sees now.
    pub fn visible_monsters(&self) -> impl Iterator<Item = (usize, &Actor)> {
        self.actors
            .iter()
            .enumerate()
            .skip(1)
            .filter(|(_, a)| a.is_alive() && self.visible.contains(a.pos))
    }

    pub fn living_monsters(&self) -> usize {
        self.actors.iter().skip(1).filter(|a| a.is_alive()).count()
    }

    /// The living actor standing on `pos`.
    pub fn actor_at(&self, pos: Pos) -> Option<usize> {
        self.actors
            .iter()
            .position(|a| a.is_alive() && a.pos == pos)
    }

    pub fn kind_of(&self, actor: &Actor) -> Option<&MonsterKind> {
        actor.kind().map(|k| &self.kinds[k])
    }

    /// The faction index of an actor (`None` for the player).
    pub fn faction_index_of(&self, actor: usize) -> Option<usize> {
        self.actors[actor].kind().map(|k| self.kind_factions[k])
    }

    /// Traces the searches of `monster` alone, for the debug overlay (its
    /// faction's planner records them; every other planner records
    /// nothing). `None` switches tracing off everywhere. Changes no rule.
    pub fn set_traced_monster(&mut self, monster: Option<usize>) {
        let traced_faction = monster
            .filter(|&m| m < self.actors.len())
            .and_then(|m| self.faction_index_of(m));
        for (index, faction) in self.factions.iter_mut().enumerate() {
            let actor = if traced_faction == Some(index) {
                monster
            } else {
                None
            };
            faction.planner.trace_actor(actor);
        }
    }

    /// The last traced search of `actor`, if its faction recorded one.
    pub fn traced_search(&self, actor: usize) -> Option<&crate::pathfinding::SearchTrace> {
        if actor >= self.actors.len() {
            return None;
        }
        let faction = self.faction_index_of(actor)?;
        self.factions[faction]
            .planner
            .last_trace()
            .filter(|(traced, _)| *traced == actor)
            .map(|(_, trace)| trace)
    }

    /// The name an actor goes by in messages.
    pub fn name_of(&self, actor: usize) -> String {
        match self.kind_of(&self.actors[actor]) {
            Some(kind) => format!("the {}", kind.name),
            None => "you".to_owned(),
        }
    }

    /// Pathfinding counters over all factions: searches run and nodes
    /// expanded.
    pub fn search_counts(&self) -> (u64, u64) {
        self.factions.iter().fold((0, 0), |(s, e), f| {
            (s + f.planner.stats.searches, e + f.planner.stats.expanded)
        })
    }

    /// Directions from the player to adjacent doors of the given state.
    pub fn adjacent_doors(&self, closed: bool) -> Vec<Direction> {
        let wanted = if closed {
            Terrain::ClosedDoor
        } else {
            Terrain::OpenDoor
        };
        let at = self.player().pos;
        Direction::ALL
            .into_iter()
            .filter(|d| self.level.terrain_of(d.from(at)) == Some(wanted))
            .collect()
    }

    /// The player takes an action, then the monsters act until the player
    /// is ready again.
    pub fn player_act(&mut self, action: Action) -> Result<(), Refusal> {
        if self.is_over() {
            return Err(Refusal::GameOver);
        }
        let duration = self.perform(PLAYER, action)?;
        self.actors[PLAYER].ready_at = self.time + duration;
        self.stats.player_turns += 1;
        if self.is_over() {
            return Ok(());
        }
        self.run_monsters();
        Ok(())
    }

    /// Lets the monsters act until it is the player's turn (or the game ends).
    fn run_monsters(&mut self) {
        let started = Instant::now();
        self.start_ai_turn();
        let mut guard = TurnGuard::new(self.time);
        while let Some(next) = next_actor(&self.actors) {
            self.time = self.actors[next].ready_at;
            if next == PLAYER || self.is_over() {
                break;
            }
            // A damaged state must not spin: stop the turn and say so.
            if let Err(stall) = guard.check(self.time) {
                tracing::error!(%stall, "monster turn stopped");
                self.log
                    .push(self.time, Importance::Danger, format!("{stall}."));
                break;
            }
            let duration = self.monster_turn(next);
            self.actors[next].ready_at = self.time + duration;
        }
        let micros = started.elapsed().as_micros().min(u128::from(u32::MAX)) as u32;
        self.stats.ai_micros.push(micros);
        self.update_sight();
    }

    /// Once per player turn: budgets refill, influences fade, and allies'
    /// bodies and plans are marked as crowding.
    fn start_ai_turn(&mut self) {
        let now = self.time;
        let turn = self.stats.player_turns;
        for (index, faction) in self.factions.iter_mut().enumerate() {
            faction.decay_influences(now);
            let budget = faction.config().map_or(0, |c| u64::from(c.node_budget));
            faction.planner.new_turn(budget);
            if let Some(sighting) = faction.player_sighting {
                faction.mark_threat(sighting.pos);
            }
            // What members saw last turn reaches the planning grid once a
            // turn; islands are relabelled on each faction's own turn of a
            // cycle, so the full relabels do not pile up on one turn.
            faction.sync_view();
            if turn % ISLAND_REFRESH_TURNS == index as u64 % ISLAND_REFRESH_TURNS {
                faction.refresh_islands();
            }
        }
        for actor in 1..self.actors.len() {
            if !self.actors[actor].is_alive() {
                continue;
            }
            let Some(f) = self.faction_index_of(actor) else {
                continue;
            };
            // Crowding is for packs closing in (so they spread out and
            // flank); wanderers about the level do not crowd anyone, and
            // stamping them churns thousands of cells a turn.
            let closing_in = self.actors[actor]
                .brain
                .as_ref()
                .is_some_and(|b| matches!(b.mode, Mode::Hunt | Mode::Search | Mode::Investigate));
            if !closing_in {
                continue;
            }
            let pos = self.actors[actor].pos;
            let planned: Vec<Pos> = self.actors[actor]
                .brain
                .as_ref()
                .map(|b| b.plan.iter().take(PLANNED_CELLS_CROWDED).copied().collect())
                .unwrap_or_default();
            let faction = &mut self.factions[f];
            faction.mark_crowding(pos, BODY_CROWDING);
            for cell in planned {
                faction.mark_crowding(cell, PLANNED_CROWDING);
            }
        }
    }

    /// Carries out an action for an actor; returns how long it took.
    fn perform(&mut self, actor: usize, action: Action) -> Result<f64, Refusal> {
        let speed = self.speed_of(actor);
        match action {
            Action::Wait => Ok(action_time(speed)),
            Action::Move(direction) => self.move_or_attack(actor, direction),
            Action::Descend => {
                if self.level.terrain_of(self.actors[actor].pos) != Some(Terrain::StairsDown) {
                    return Err(Refusal::NoStairs);
                }
                self.descend()?;
                Ok(action_time(speed))
            }
            Action::OpenDoor(direction) => {
                let at = direction.from(self.actors[actor].pos);
                if self.level.terrain_of(at) != Some(Terrain::ClosedDoor) {
                    return Err(Refusal::NoClosedDoor);
                }
                self.set_terrain(at, Terrain::OpenDoor);
                let text = self.sentence(actor, "open", "opens", "the door.");
                self.say_if_seen(at, Importance::Info, text);
                Ok(action_time(speed))
            }
            Action::CloseDoor(direction) => {
                let at = direction.from(self.actors[actor].pos);
                if self.level.terrain_of(at) != Some(Terrain::OpenDoor) {
                    return Err(Refusal::NoOpenDoor);
                }
                if self.actor_at(at).is_some() {
                    return Err(Refusal::DoorwayOccupied);
                }
                self.set_terrain(at, Terrain::ClosedDoor);
                let text = self.sentence(actor, "close", "closes", "the door.");
                self.say_if_seen(at, Importance::Info, text);
                Ok(action_time(speed))
            }
        }
    }

    fn move_or_attack(&mut self, actor: usize, direction: Direction) -> Result<f64, Refusal> {
        let from = self.actors[actor].pos;
        let to = direction.from(from);
        let speed = self.speed_of(actor);
        let profile = self.profile_of(actor);
        if let Some(other) = self.actor_at(to) {
            if self.actors[other].is_player() != self.actors[actor].is_player() {
                // Blows follow the corner rule like steps do.
                if direction.is_diagonal() && !self.corner_clear(profile, from, to) {
                    return Err(Refusal::Blocked);
                }
                self.attack(actor, other);
                return Ok(action_time(speed));
            }
            // Monsters do not swap places: wait a moment instead.
            return Ok(action_time(speed));
        }
        let grid = self.nav.grid(profile);
        if !grid.is_legal_step(from, to) {
            return Err(Refusal::Blocked);
        }
        let Some(terrain) = self.level.terrain_of(to) else {
            return Err(Refusal::Blocked);
        };
        let Some(cost) = self.nav.cost(profile, terrain) else {
            return Err(Refusal::Blocked);
        };
        if terrain == Terrain::ClosedDoor {
            // Walking into a door opens it on the way through; its cost is
            // the time that takes.
            self.set_terrain(to, Terrain::OpenDoor);
        }
        self.actors[actor].pos = to;
        if actor != PLAYER
            && let Some(f) = self.faction_index_of(actor)
        {
            self.factions[f].stats.steps += 1;
        }
        Ok(move_time(direction.length(), cost, speed))
    }

    /// Whether both orthogonal cells beside a diagonal step are passable.
    fn corner_clear(&self, profile: usize, from: Pos, to: Pos) -> bool {
        let passable = |pos: Pos| {
            self.level
                .terrain_of(pos)
                .is_some_and(|t| self.nav.cost(profile, t).is_some() || t == Terrain::ClosedDoor)
        };
        passable(Pos::new(to.x, from.y)) && passable(Pos::new(from.x, to.y))
    }

    fn attack(&mut self, attacker: usize, defender: usize) {
        let (accuracy, damage) = match self.kind_of(&self.actors[attacker]) {
            Some(kind) => (kind.accuracy, kind.damage),
            None => (PLAYER_ACCURACY, PLAYER_DAMAGE),
        };
        let blow = roll_attack(&mut self.rng, accuracy, damage);
        let attacker_name = capitalize(&self.name_of(attacker));
        let defender_name = self.name_of(defender);
        let player_hit = self.actors[defender].is_player();
        if player_hit && let Some(f) = self.faction_index_of(attacker) {
            let turn = self.stats.player_turns;
            self.factions[f].stats.caught_on_turn.get_or_insert(turn);
        }
        self.make_noise(self.actors[defender].pos);
        match blow {
            Blow::Miss => {
                let verb = if attacker == PLAYER { "miss" } else { "misses" };
                self.log.push(
                    self.time,
                    Importance::Combat,
                    format!("{attacker_name} {verb} {defender_name}."),
                );
            }
            Blow::Hit { damage } => {
                self.actors[defender].hp -= damage;
                let verb = if attacker == PLAYER { "hit" } else { "hits" };
                let importance = if player_hit {
                    Importance::Danger
                } else {
                    Importance::Combat
                };
                self.log.push(
                    self.time,
                    importance,
                    format!("{attacker_name} {verb} {defender_name} for {damage}."),
                );
                let at = self.actors[defender].pos;
                if let Some(f) = self.faction_index_of(defender) {
                    let amount = if self.actors[defender].is_alive() {
                        WOUND_DANGER
                    } else {
                        DEATH_DANGER
                    };
                    self.factions[f].mark_danger(at, amount);
                }
                if !self.actors[defender].is_alive() {
                    self.on_death(attacker, defender);
                }
            }
        }
    }

    /// Monsters within earshot that do not see the player come to look.
    fn make_noise(&mut self, at: Pos) {
        for actor in 1..self.actors.len() {
            let monster = &mut self.actors[actor];
            if !monster.is_alive()
                || (monster.pos.x - at.x)
                    .abs()
                    .max((monster.pos.y - at.y).abs())
                    > HEARING_RADIUS
            {
                continue;
            }
            if let Some(brain) = monster.brain.as_mut()
                && brain.mode != Mode::Hunt
            {
                brain.noise = Some(at);
            }
        }
    }

    fn on_death(&mut self, killer: usize, victim: usize) {
        if victim == PLAYER {
            let cause = format!("killed by {}", self.name_of(killer));
            self.log
                .push(self.time, Importance::Danger, format!("You die, {cause}."));
            self.outcome = Some(Outcome::Died {
                cause,
                time: self.time,
            });
        } else {
            if killer == PLAYER {
                self.stats.kills += 1;
            }
            if let Some(f) = self.faction_index_of(victim) {
                self.factions[f].planner.cancel(victim);
            }
            let name = capitalize(&self.name_of(victim));
            self.log
                .push(self.time, Importance::Good, format!("{name} dies."));
        }
    }

    /// One monster's turn: look, share what it saw, decide, act. Returns
    /// how long it took.
    fn monster_turn(&mut self, actor: usize) -> f64 {
        let Some(f) = self.faction_index_of(actor) else {
            return action_time(1.0);
        };
        let Some(config) = self.factions[f].config().cloned() else {
            return action_time(1.0);
        };
        let speed = config.speed;
        let at = self.actors[actor].pos;
        self.look_around(actor, f, config.sight_radius);
        let player = self.actors[PLAYER].pos;
        let sees_player = self.awareness.contains(at)
            && within_radius(
                i64::from(at.x - player.x),
                i64::from(at.y - player.y),
                config.sight_radius,
            );
        if sees_player {
            self.factions[f].player_sighting = Some(Sighting {
                pos: player,
                time: self.time,
            });
        }
        let perception = Perception {
            at,
            now: self.time,
            player_seen: sees_player.then_some(player),
            faction_sighting: self.factions[f].player_sighting.map(|s| (s.pos, s.time)),
            health: f64::from(self.actors[actor].hp) / f64::from(self.actors[actor].max_hp.max(1)),
            flee_below: config.flee_below,
        };
        let Some(brain) = self.actors[actor].brain.as_mut() else {
            return action_time(speed);
        };
        let mut goal = brain.decide(&perception);
        let mode = brain.mode;
        // Reaching the last sighting without finding the player: the trail
        // is cold for the whole faction.
        if mode == Mode::Wander
            && let Some(sighting) = self.factions[f].player_sighting
            && sighting.pos == at
        {
            self.factions[f].player_sighting = None;
        }
        self.drop_contradicted_plan(actor, f);
        if mode == Mode::Flee {
            return match goal {
                Some(threat) => self.flee(actor, f, threat),
                None => action_time(speed),
            };
        }
        if goal.is_none() {
            goal = self.pick_wander_target(actor, f);
            if let Some(brain) = self.actors[actor].brain.as_mut() {
                brain.wander_target = goal;
            }
        }
        match goal {
            Some(goal) => self.walk_toward(actor, f, goal),
            None => action_time(speed),
        }
    }

    /// The monster's field of view goes into its faction's knowledge (only
    /// when it moved or the level changed since it last looked).
    fn look_around(&mut self, actor: usize, faction: usize, sight_radius: u32) {
        let at = self.actors[actor].pos;
        let stamp = (at, self.terrain_version);
        if self.actors[actor]
            .brain
            .as_ref()
            .is_some_and(|b| b.looked_from == Some(stamp))
        {
            return;
        }
        self.fov
            .compute_into(&self.level, at, sight_radius, &mut self.monster_view);
        let faction = &mut self.factions[faction];
        let Some(rules) = faction.view.as_ref().map(|v| &v.rules) else {
            return;
        };
        let knowledge = &mut faction.knowledge;
        for &pos in self.monster_view.cells() {
            let Some(terrain) = self.level.terrain_at(pos.x, pos.y) else {
                continue;
            };
            let belief = knowledge.belief(pos);
            if belief != Some(terrain) {
                // Planned as walkable but is not (or the other way round).
                let assumed_walkable = rules.terrain_cost(belief).is_some();
                let walkable = rules.terrain_cost(Some(terrain)).is_some();
                if assumed_walkable != walkable {
                    knowledge.discoveries += 1;
                }
            }
            knowledge.observe(pos, terrain, self.time);
        }
        if let Some(brain) = self.actors[actor].brain.as_mut() {
            brain.looked_from = Some(stamp);
        }
    }

    /// Drops a plan whose next cells the faction now believes blocked.
    fn drop_contradicted_plan(&mut self, actor: usize, faction: usize) {
        let Some(view) = self.factions[faction].view.as_ref() else {
            return;
        };
        let knowledge = &self.factions[faction].knowledge;
        let Some(brain) = self.actors[actor].brain.as_mut() else {
            return;
        };
        let contradicted = brain
            .plan
            .iter()
            .take(PLAN_LOOKAHEAD)
            .any(|&cell| view.rules.terrain_cost(knowledge.belief(cell)).is_none());
        if contradicted {
            brain.forget_plan();
            self.factions[faction].stats.replans += 1;
        }
    }

    /// Steps along the monster's plan toward `goal`, asking the faction's
    /// planner for a new one when needed.
    fn walk_toward(&mut self, actor: usize, f: usize, goal: Pos) -> f64 {
        let at = self.actors[actor].pos;
        let speed = self.speed_of(actor);
        let player = self.actors[PLAYER].pos;
        if goal == player
            && let Some(direction) = Direction::between(at, player)
            && let Ok(duration) = self.perform(actor, Action::Move(direction))
        {
            return duration;
        }
        let needs_plan = self.actors[actor]
            .brain
            .as_ref()
            .is_none_or(|b| b.needs_plan_for(goal));
        if needs_plan {
            let had_plan = self.actors[actor]
                .brain
                .as_ref()
                .is_some_and(|b| !b.plan.is_empty());
            let faction = &mut self.factions[f];
            if !faction.planner.is_waiting(actor) {
                if had_plan {
                    faction.stats.replans += 1;
                }
                faction
                    .planner
                    .request(crate::ai::planner::PlanRequest { actor, goal });
            }
            self.pump_planner(f);
        }
        let (next, waiting) = {
            let Some(brain) = self.actors[actor].brain.as_ref() else {
                return action_time(speed);
            };
            (
                brain.plan.first().copied(),
                self.factions[f].planner.is_waiting(actor),
            )
        };
        let next = match next {
            Some(next) if !waiting || !needs_plan => next,
            _ => {
                if self.factions[f].planner.is_searching_for(actor) {
                    // Hold still so the search's start stays valid.
                    return action_time(speed);
                }
                match self.greedy_step(f, at, goal) {
                    Some(next) => next,
                    None => return action_time(speed),
                }
            }
        };
        self.step_to(actor, f, next)
    }

    /// Runs the faction's queued searches within its budget and hands out
    /// the finished plans.
    fn pump_planner(&mut self, f: usize) {
        let actors = &self.actors;
        self.factions[f].pump(|a| actors.get(a).filter(|m| m.is_alive()).map(|m| m.pos));
        let string_pull = self.factions[f]
            .config()
            .is_some_and(|c| c.smoothing.uses_string_pull());
        let finished = self.factions[f].planner.take_finished();
        let view_grid = self.factions[f].view.as_ref().map(|v| v.grid());
        for (actor, goal, outcome) in finished {
            let Some(brain) = self.actors.get_mut(actor).and_then(|a| a.brain.as_mut()) else {
                continue;
            };
            match outcome {
                PlanOutcome::Path(path) => {
                    let raw: Vec<Pos> = path.cells.iter().skip(1).copied().collect();
                    brain.plan = match (view_grid, string_pull) {
                        (Some(grid), true) => crate::pathfinding::string_pull(grid, &path.cells)
                            .into_iter()
                            .skip(1)
                            .collect(),
                        _ => raw.clone(),
                    };
                    brain.raw_plan = raw;
                    brain.plan_goal = Some(goal);
                    brain.unreachable = None;
                }
                PlanOutcome::Unreachable => {
                    brain.forget_plan();
                    brain.unreachable = Some(goal);
                }
            }
        }
    }

    /// While its plan is being made: a step that brings the monster closer
    /// to the goal over ground its faction believes walkable, if any.
    fn greedy_step(&self, f: usize, at: Pos, goal: Pos) -> Option<Pos> {
        let view = self.factions[f].view.as_ref()?;
        let distance =
            |p: Pos| Heuristic::Octile.estimate(f64::from(p.x - goal.x), f64::from(p.y - goal.y));
        let here = distance(at);
        view.grid()
            .neighbours(at)
            .map(|(next, _)| next)
            .filter(|&next| self.actor_at(next).is_none_or(|o| o == PLAYER))
            .map(|next| (next, distance(next)))
            .filter(|&(_, d)| d < here)
            .min_by(|a, b| a.1.total_cmp(&b.1))
            .map(|(next, _)| next)
    }

    /// Tries to step onto `next`. The true level decides: a step into what
    /// the faction did not expect teaches it, and the plan is dropped.
    fn step_to(&mut self, actor: usize, f: usize, next: Pos) -> f64 {
        let at = self.actors[actor].pos;
        let speed = self.speed_of(actor);
        let Some(direction) = Direction::between(at, next) else {
            if let Some(brain) = self.actors[actor].brain.as_mut() {
                brain.forget_plan();
            }
            return action_time(speed);
        };
        if self.actor_at(next).is_some_and(|other| other != PLAYER) {
            // A packmate is in the way: wait for it to move on.
            return action_time(speed);
        }
        let terrain = self.level.terrain_of(next);
        let bashes = self.factions[f]
            .config()
            .is_some_and(|c| c.bashes_doors && !c.opens_doors);
        if terrain == Some(Terrain::ClosedDoor) && bashes {
            return self.bash_door(actor, next);
        }
        match self.perform(actor, Action::Move(direction)) {
            Ok(duration) => {
                let arrived = self.actors[actor].pos == next;
                if let Some(brain) = self.actors[actor].brain.as_mut()
                    && arrived
                    && brain.plan.first() == Some(&next)
                {
                    brain.plan.remove(0);
                }
                duration
            }
            Err(_) => {
                // Learn what blocked the way: the cell, and for a diagonal
                // the corners it passes.
                let time = self.time;
                for pos in [next, Pos::new(next.x, at.y), Pos::new(at.x, next.y)] {
                    if let Some(t) = self.level.terrain_of(pos) {
                        let knowledge = &mut self.factions[f].knowledge;
                        if knowledge.belief(pos) != Some(t) {
                            knowledge.learn_from_bump(pos, t, time);
                        }
                    }
                }
                self.factions[f].stats.replans += 1;
                if let Some(brain) = self.actors[actor].brain.as_mut() {
                    brain.forget_plan();
                }
                action_time(speed)
            }
        }
    }

    /// A monster that cannot open doors batters one; it may break.
    fn bash_door(&mut self, actor: usize, door: Pos) -> f64 {
        let speed = self.speed_of(actor);
        if self.rng.random_range(0..100) < BASH_CHANCE {
            self.set_terrain(door, Terrain::Rubble);
            let name = capitalize(&self.name_of(actor));
            self.say_if_seen(
                door,
                Importance::Danger,
                format!("{name} smashes the door to rubble!"),
            );
        } else {
            self.make_noise(door);
            let name = capitalize(&self.name_of(actor));
            self.say_if_seen(door, Importance::Info, format!("{name} batters the door."));
        }
        action_time(speed)
    }

    /// A hurt monster steps downhill on its faction's safety map.
    fn flee(&mut self, actor: usize, f: usize, threat: Pos) -> f64 {
        let at = self.actors[actor].pos;
        let speed = self.speed_of(actor);
        let turn = self.stats.player_turns;
        let step = self.factions[f].flee_step(turn, threat, at);
        match step {
            Some(next) if self.actor_at(next).is_none() => self.step_to(actor, f, next),
            _ => action_time(speed),
        }
    }

    /// A cell near the monster, reachable as far as its faction knows.
    fn pick_wander_target(&mut self, actor: usize, f: usize) -> Option<Pos> {
        let at = self.actors[actor].pos;
        for _ in 0..WANDER_TRIES {
            let dx = self.rng.random_range(-WANDER_RANGE..=WANDER_RANGE);
            let dy = self.rng.random_range(-WANDER_RANGE..=WANDER_RANGE);
            let target = Pos::new(at.x + dx, at.y + dy);
            let grid = self.factions[f].view.as_ref()?.grid();
            if target != at && grid.connected(at, target) {
                return Some(target);
            }
        }
        None
    }

    fn set_terrain(&mut self, pos: Pos, terrain: Terrain) {
        self.level.set_terrain(pos, terrain);
        self.nav.update_cell(&self.level, pos);
        self.terrain_version += 1;
        self.stats.terrain_changes += 1;
        if self.omniscient {
            for faction in &mut self.factions {
                faction.knowledge.observe(pos, terrain, self.time);
            }
        }
    }

    fn faction_speed(&self, kind: usize) -> f64 {
        self.kind_factions
            .get(kind)
            .and_then(|&f| self.factions[f].config())
            .map_or(1.0, |c| c.speed)
    }

    fn speed_of(&self, actor: usize) -> f64 {
        match self.actors[actor].kind() {
            Some(kind) => self.faction_speed(kind),
            None => PLAYER_SPEED,
        }
    }

    /// The navigation profile an actor moves with.
    fn profile_of(&self, actor: usize) -> usize {
        match self.faction_index_of(actor) {
            Some(f) => f + 1,
            None => PLAYER_PROFILE,
        }
    }

    fn cell_index(&self, pos: Pos) -> Option<usize> {
        let (w, h) = (self.level.width() as i32, self.level.height() as i32);
        (pos.x >= 0 && pos.y >= 0 && pos.x < w && pos.y < h).then(|| (pos.y * w + pos.x) as usize)
    }

    /// Recomputes what the player sees and remembers, and where monsters
    /// could see the player from.
    fn update_sight(&mut self) {
        let player = self.actors[PLAYER].pos;
        self.fov
            .compute_into(&self.level, player, PLAYER_SIGHT_RADIUS, &mut self.visible);
        let longest = self
            .factions
            .iter()
            .filter_map(|f| f.config().map(|c| c.sight_radius))
            .max()
            .unwrap_or(0);
        self.fov
            .compute_into(&self.level, player, longest, &mut self.awareness);
        for i in 0..self.visible.cells().len() {
            let pos = self.visible.cells()[i];
            if let Some(index) = self.cell_index(pos) {
                self.remembered[index] = true;
            }
        }
    }

    /// "You open the door." / "The goblin opens the door."
    fn sentence(&self, actor: usize, you_verb: &str, it_verb: &str, rest: &str) -> String {
        let verb = if actor == PLAYER { you_verb } else { it_verb };
        format!("{} {verb} {rest}", capitalize(&self.name_of(actor)))
    }

    fn say_if_seen(&mut self, pos: Pos, importance: Importance, text: String) {
        if self.visible.contains(pos) {
            self.log.push(self.time, importance, text);
        }
    }
}

fn capitalize(text: &str) -> String {
    let mut chars = text.chars();
    match chars.next() {
        Some(first) => first.to_uppercase().chain(chars).collect(),
        None => String::new(),
    }
}
