//! The game state and its rules: levels in a run, actors on the energy
//! clock, the player's actions, the monsters' turns, sight and memory.
//!
//! Only this module (and what it calls) changes the game; the UI reads it.
//! It never imports a terminal crate and never reads a clock for anything
//! but the AI-time statistics, so the same seed plays the same game.

use std::time::Instant;

use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;
use serde::{Deserialize, Serialize};
use thiserror::Error;

use crate::game::action::Action;
use crate::game::actor::{Actor, Species};
use crate::game::brain::Brain;
use crate::game::clock::{action_time, move_time, next_actor};
use crate::game::combat::{Blow, roll_attack};
use crate::game::direction::Direction;
use crate::game::level_access::LevelAccess;
use crate::game::message_log::{Importance, MessageLog};
use crate::game::monster_kind::MonsterKind;
use crate::game::navigation::{Navigation, PLAYER_PROFILE};
use crate::game::setup::{GameSetup, level_seed};
use crate::pathfinding::{GridError, Pos};
use crate::world::fov::{Fov, VisibleSet, within_radius};
use crate::world::level_error::LevelError;
use crate::world::{CostProfile, Level, Terrain};

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
}

/// Counters for the sim and the side panel.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct GameStats {
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
            kinds: setup.kinds.clone(),
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
        };
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

    /// Rebuilds derived state after loading a save.
    pub fn after_load(&mut self) -> Result<(), GameError> {
        self.nav = self.build_navigation()?;
        self.update_sight();
        Ok(())
    }

    fn build_navigation(&self) -> Result<Navigation, GameError> {
        let mut profiles = vec![CostProfile::default()];
        profiles.extend(self.kinds.iter().map(MonsterKind::cost_profile));
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
                let mut known: Vec<&str> = self.kinds.iter().map(|k| k.faction.as_str()).collect();
                known.sort_unstable();
                known.dedup();
                return Err(GameError::UnknownFaction {
                    level: self.level.name.clone(),
                    faction,
                    known: known.join(", "),
                });
            }
            for pos in cells {
                let kind = kinds[self.rng.random_range(0..kinds.len())];
                let max_hp = self.kinds[kind].max_hp;
                // Stagger first turns so monsters do not move in lockstep.
                let stagger = self.rng.random_range(0.0..1.0) / self.kinds[kind].speed;
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

    /// The name an actor goes by in messages.
    pub fn name_of(&self, actor: usize) -> String {
        match self.kind_of(&self.actors[actor]) {
            Some(kind) => format!("the {}", kind.name),
            None => "you".to_owned(),
        }
    }

    /// Pathfinding counters: searches run and nodes expanded.
    pub fn search_counts(&self) -> (u64, u64) {
        (self.nav.searches, self.nav.expanded)
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
        while let Some(next) = next_actor(&self.actors) {
            self.time = self.actors[next].ready_at;
            if next == PLAYER || self.is_over() {
                break;
            }
            let duration = self.monster_turn(next);
            self.actors[next].ready_at = self.time + duration;
        }
        let micros = started.elapsed().as_micros().min(u128::from(u32::MAX)) as u32;
        self.stats.ai_micros.push(micros);
        self.update_sight();
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
                self.descend();
                Ok(action_time(speed))
            }
            Action::OpenDoor(direction) => {
                let at = direction.from(self.actors[actor].pos);
                if self.level.terrain_of(at) != Some(Terrain::ClosedDoor) {
                    return Err(Refusal::NoClosedDoor);
                }
                self.set_terrain(at, Terrain::OpenDoor);
                self.say_if_seen(
                    at,
                    Importance::Info,
                    format!("{} open the door.", capitalize(&self.name_of(actor))),
                );
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
                self.say_if_seen(
                    at,
                    Importance::Info,
                    format!("{} close the door.", capitalize(&self.name_of(actor))),
                );
                Ok(action_time(speed))
            }
        }
    }

    fn move_or_attack(&mut self, actor: usize, direction: Direction) -> Result<f64, Refusal> {
        let from = self.actors[actor].pos;
        let to = direction.from(from);
        let speed = self.speed_of(actor);
        if let Some(other) = self.actor_at(to) {
            if self.actors[other].is_player() != self.actors[actor].is_player() {
                self.attack(actor, other);
                return Ok(action_time(speed));
            }
            // Monsters do not swap places: wait a moment instead.
            return Ok(action_time(speed));
        }
        let profile = self.profile_of(actor);
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
        Ok(move_time(direction.length(), cost, speed))
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
                if !self.actors[defender].is_alive() {
                    self.on_death(attacker, defender);
                }
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
            let name = capitalize(&self.name_of(victim));
            self.log
                .push(self.time, Importance::Good, format!("{name} dies."));
        }
    }

    fn descend(&mut self) {
        if self.depth + 1 >= self.run.len() {
            self.log
                .push(self.time, Importance::Good, "You escape the dungeon!");
            self.outcome = Some(Outcome::Won { time: self.time });
            return;
        }
        self.depth += 1;
        let arg = self.run[self.depth].clone();
        match GameSetup::load_run_level(&arg, level_seed(self.seed, self.depth)) {
            Ok(level) => {
                self.level = level;
                let player = self.actors[PLAYER].clone();
                if let Err(err) = self.enter_level(player) {
                    self.log.push(
                        self.time,
                        Importance::System,
                        format!("Cannot enter the next level: {err}"),
                    );
                    self.outcome = Some(Outcome::Won { time: self.time });
                    return;
                }
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
            }
            Err(err) => {
                self.log.push(
                    self.time,
                    Importance::System,
                    format!("The stairs lead nowhere: {err}"),
                );
                self.outcome = Some(Outcome::Won { time: self.time });
            }
        }
    }

    /// One monster's turn: perceive, decide, act. Returns its duration.
    fn monster_turn(&mut self, actor: usize) -> f64 {
        let Some(kind_index) = self.actors[actor].kind() else {
            return action_time(1.0);
        };
        let kind = &self.kinds[kind_index];
        let (sight, speed) = (kind.sight_radius, kind.speed);
        let at = self.actors[actor].pos;
        let player = self.actors[PLAYER].pos;
        let sees_player = self.awareness.contains(at)
            && within_radius(
                i64::from(at.x - player.x),
                i64::from(at.y - player.y),
                sight,
            );
        let Some(mut brain) = self.actors[actor].brain.take() else {
            return action_time(speed);
        };
        let mut goal = brain.perceive(at, sees_player.then_some(player));
        if goal.is_none() {
            goal = self.pick_wander_target(actor);
            brain.wander_target = goal;
        }
        let duration = match goal {
            Some(goal) => self.walk_toward(actor, &mut brain, goal),
            None => action_time(speed),
        };
        self.actors[actor].brain = Some(brain);
        duration
    }

    /// Steps along the monster's plan toward `goal`, replanning when needed.
    fn walk_toward(&mut self, actor: usize, brain: &mut Brain, goal: Pos) -> f64 {
        let at = self.actors[actor].pos;
        let speed = self.speed_of(actor);
        if let Some(direction) = Direction::between(at, goal) {
            // Adjacent: attack the player, or step onto the goal cell.
            if goal == self.actors[PLAYER].pos
                || self
                    .nav
                    .grid(self.profile_of(actor))
                    .is_legal_step(at, goal)
            {
                brain.plan.clear();
                return self
                    .perform(actor, Action::Move(direction))
                    .unwrap_or_else(|_| action_time(speed));
            }
        }
        let profile = self.profile_of(actor);
        let next_is_legal = brain
            .plan
            .first()
            .is_some_and(|&next| self.nav.grid(profile).is_legal_step(at, next));
        if brain.needs_plan_for(goal) || !next_is_legal {
            match self.nav.find_path(profile, at, goal) {
                Some(path) => {
                    brain.plan = path.cells.into_iter().skip(1).collect();
                    brain.plan_goal = Some(goal);
                }
                None => {
                    brain.plan.clear();
                    brain.plan_goal = None;
                    brain.wander_target = None;
                    return action_time(speed);
                }
            }
        }
        let Some(&next) = brain.plan.first() else {
            return action_time(speed);
        };
        let Some(direction) = Direction::between(at, next) else {
            brain.plan.clear();
            return action_time(speed);
        };
        if self.actor_at(next).is_some_and(|other| other != PLAYER) {
            // A packmate is in the way: wait for it to move on.
            return action_time(speed);
        }
        match self.perform(actor, Action::Move(direction)) {
            Ok(duration) => {
                if self.actors[actor].pos == next {
                    brain.plan.remove(0);
                }
                duration
            }
            Err(_) => {
                brain.plan.clear();
                action_time(speed)
            }
        }
    }

    /// A reachable cell near the monster to stroll to.
    fn pick_wander_target(&mut self, actor: usize) -> Option<Pos> {
        let at = self.actors[actor].pos;
        let grid = self.nav.grid(self.profile_of(actor));
        for _ in 0..WANDER_TRIES {
            let dx = self.rng.random_range(-WANDER_RANGE..=WANDER_RANGE);
            let dy = self.rng.random_range(-WANDER_RANGE..=WANDER_RANGE);
            let target = Pos::new(at.x + dx, at.y + dy);
            if target != at && grid.connected(at, target) {
                return Some(target);
            }
        }
        None
    }

    fn set_terrain(&mut self, pos: Pos, terrain: Terrain) {
        self.level.set_terrain(pos, terrain);
        self.nav.update_cell(&self.level, pos);
    }

    fn speed_of(&self, actor: usize) -> f64 {
        self.kind_of(&self.actors[actor])
            .map_or(PLAYER_SPEED, |k| k.speed)
    }

    /// The navigation profile an actor moves with.
    fn profile_of(&self, actor: usize) -> usize {
        match self.actors[actor].kind() {
            Some(kind) => kind + 1,
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
        self.compute_fov(player, PLAYER_SIGHT_RADIUS, true);
        let longest = self.kinds.iter().map(|k| k.sight_radius).max().unwrap_or(0);
        self.compute_fov(player, longest, false);
        for i in 0..self.visible.cells().len() {
            let pos = self.visible.cells()[i];
            if let Some(index) = self.cell_index(pos) {
                self.remembered[index] = true;
            }
        }
    }

    fn compute_fov(&mut self, origin: Pos, radius: u32, for_player: bool) {
        let out = if for_player {
            &mut self.visible
        } else {
            &mut self.awareness
        };
        self.fov.compute_into(&self.level, origin, radius, out);
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
