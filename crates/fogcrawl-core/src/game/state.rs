//! The game state and its rules: levels in a run, actors on the energy
//! clock, the player's actions, the monsters' turns, sight and memory.
//!
//! Only this module (and what it calls) changes the game; the UI reads it.
//! It never imports a terminal crate and never reads a clock for anything
//! but the AI-time statistics, so the same seed plays the same game.
//! Monsters act on what their faction knows (`crate::ai`); the true level
//! only decides whether a step they try succeeds.

use std::collections::BTreeMap;
use std::time::Instant;

use rand_chacha::ChaCha8Rng;
use rayon::prelude::*;
use serde::{Deserialize, Serialize};
use thiserror::Error;

use crate::ai::{
    Faction, Sight, ViewRequest, Viewpoint, far_from_player, mark_presence, view_radius,
};
use crate::config::MonsterConfig;
use crate::game::action::Action;
use crate::game::actor::Actor;
use crate::game::behaviour::{BehaviourCounters, BehaviourTracker};
use crate::game::clock::Schedule;
use crate::game::direction::Direction;
use crate::game::experience::Experience;
use crate::game::gear::Equipment;
use crate::game::items::Inventory;
use crate::game::message_log::{Importance, MessageLog, capitalised};
use crate::game::monster_action::ActionRecord;
use crate::game::monster_kind::MonsterKind;
use crate::game::navigation::{Navigation, PLAYER_PROFILE};
use crate::game::occupancy::Occupancy;
use crate::game::regeneration::Regeneration;
use crate::game::stealth::Stealth;
use crate::game::terrain_changes::TerrainChanges;
use crate::game::tools::ToolMarks;
use crate::game::turn_guard::TurnGuard;
use crate::world::action_time::{BASE_ACTION_TIME, action_time};
use crate::world::fov::{Fov, VisibleSet};
use crate::world::{ItemKind, Level, Terrain};
use gridpath::Pos;

mod action_notes;
mod blocked_move;
mod config_install;
mod descent;
mod entering;
mod first_looks;
mod hearing;
mod item_use;
mod melee;
mod monster_turns;
mod noticing;
mod prowess;
mod ranged;
mod reading;
mod recorded_inputs;
mod search_tracing;
mod stealth_rules;
#[cfg(any(test, feature = "test-support"))]
mod test_hands;
mod tool_use;
pub(crate) use config_install::ConfigApplied;
use recorded_inputs::InputLog;
pub(crate) use recorded_inputs::RecordedInput;

/// The player's hit points at the start of a run.
pub const PLAYER_MAX_HP: i32 = 18;
/// How far the player sees.
pub(crate) const PLAYER_SIGHT_RADIUS: u32 = 10;
/// The player's chance to hit before gear and experience, in percent.
const PLAYER_ACCURACY: i32 = 80;
const PLAYER_SPEED: f64 = 1.0;
/// A game turn: the time of a plain action at speed 1 (a step on floor).
const GAME_TURN: f64 = BASE_ACTION_TIME;
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
    Wall,
    #[error("Deep water blocks the way: it is too deep to wade.")]
    DeepWater,
    /// Ground the mover cannot enter, other than wall and deep water.
    #[error("The {0} blocks the way.")]
    Impassable(&'static str),
    #[error("The edge of the map blocks the way.")]
    Edge,
    /// The corner rule: a diagonal step needs both cells beside it open.
    #[error("You cannot cut the corner: the {0} beside you blocks a diagonal step.")]
    Corner(&'static str),
    /// The corner rule holds for blows too.
    #[error(
        "You cannot attack around the corner: the {0} beside you blocks a diagonal blow; step beside it first."
    )]
    CornerAttack(&'static str),
    #[error("There is nothing here to pick up.")]
    NothingToPickUp,
    #[error("You have no {0}.")]
    NoSuchItem(ItemKind),
    #[error("There is no monster in sight to throw at.")]
    NoTarget,
    /// A chosen target that is no monster in sight and in range.
    #[error("There is no monster there in sight and in range to throw at.")]
    OutOfReach,
    #[error("Throw it which way? (a direction is needed)")]
    NeedsDirection,
    /// A lure thrown into the wall beside the player would land at the
    /// player's own feet, where its noise draws monsters to the player.
    #[error("The {0} would land at your feet: a wall is right there. Throw it another way.")]
    WouldLandAtYourFeet(ItemKind),
    /// A cell aimed at beyond what the item reaches.
    #[error("The {item} reaches {range} cells; that cell is {distance} away.")]
    TooFar {
        item: ItemKind,
        range: i32,
        distance: i32,
    },
    #[error("You are already at full health.")]
    FullHealth,
    /// A monster in view threatens the player (see `Game::threat`).
    #[error("Not with {name} {doing}!")]
    Threatened { name: String, doing: &'static str },
    #[error("{0}")]
    NowhereToGo(&'static str),
    /// Explore or travel's next step would wake a sleeper in sight.
    #[error("{0}")]
    WouldWake(String),
    /// Autofight has no foe: no monster in sight hunts the player; a
    /// sleeper in sight is named, with where it lies and how to take it.
    #[error("{0}")]
    NoFoe(String),
    /// Autofight knows no way to its foe (named, with where it stands).
    #[error("{0}")]
    NoWayToFoe(String),
    /// Autofight's next step is onto slow ground within a threat's reach
    /// (`Game::step_risk`), with the warning.
    #[error("{0}")]
    RiskyStep(String),
    /// Autofight will not start below 30% (`AUTOFIGHT_LOW_HEALTH_PERCENT`) of
    /// the player's hit points: a blind fight is for the healthy.
    #[error("You are too hurt to autofight ({hp}/{max_hp} hp): fight by hand, drink or flee.")]
    TooHurtToAutofight { hp: i32, max_hp: i32 },
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

/// Where the player stood in the run on arriving at a level.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub(crate) struct LevelStart {
    /// The level's name.
    pub name: String,
    /// Its index in the run (0 the first).
    pub depth: usize,
    /// Player turns taken before it (the turn that took the stairs is
    /// counted on the level it led to).
    pub turn: u64,
    /// Monsters killed before it.
    pub kills: u32,
    /// The game time on arriving.
    pub time: f64,
}

/// Counters for the sim and the side panel.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct GameStats {
    /// Cells whose terrain changed during play (doors, bashing): knowledge
    /// of them can go stale.
    terrain_changes: u64,
    player_turns: u64,
    kills: u32,
    /// The player's kills by monster kind name (the run summary's list).
    #[serde(default)]
    kills_by_kind: BTreeMap<String, u32>,
    /// AI time of each player turn, in microseconds (not saved: a clock's
    /// reading, and a save's bytes are the game's alone).
    #[serde(skip)]
    ai_micros: Vec<u32>,
    /// Game time each player turn lasted (saved since format 4).
    #[serde(
        default,
        deserialize_with = "crate::save_version::since_format::<4, _, _>"
    )]
    player_turn_lengths: Vec<f64>,
    /// AI time on entering each level, in microseconds: the monsters' first
    /// looks and their factions taking them in (not part of any turn's
    /// `ai_micros`; not saved).
    #[serde(skip)]
    level_entry_micros: Vec<u32>,
    /// Cells settled pricing the factions' coarse graphs in each player
    /// turn (work on a cache a loaded game builds anew: not saved).
    #[serde(skip)]
    coarse_priced: Vec<u64>,
    /// Where each level of the run began (the run summary's line per
    /// level; saved since format 5).
    #[serde(
        default,
        deserialize_with = "crate::save_version::since_format::<5, _, _>"
    )]
    level_starts: Vec<LevelStart>,
}

#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Game {
    seed: u64,
    rng: ChaCha8Rng,
    /// Level arguments of the run, in order.
    run: Vec<String>,
    /// Index of the current level in `run`.
    depth: usize,
    /// Index in `run` of the level the game started on (playing the same
    /// seed again starts there).
    #[serde(default)]
    start_depth: usize,
    /// The debug overlay, which shows the true level and every monster, was
    /// opened during play: the run summary and the scores say "assisted".
    #[serde(default)]
    assisted: bool,
    level: Level,
    kinds: Vec<MonsterKind>,
    /// Each kind's faction, as an index into `factions`.
    kind_factions: Vec<usize>,
    /// One shared mind per faction, in config order (saved whole since
    /// format 4; see `game::save::versioned` for older saves).
    #[serde(deserialize_with = "crate::game::save::versioned::factions")]
    factions: Vec<Faction>,
    /// Factions know the true level (the baseline `--omniscient`).
    omniscient: bool,
    /// Blows never take the player below 1 hit point (`sim --undying`).
    #[serde(default)]
    undying_player: bool,
    /// Factions start their turns, and monsters' views are cast, on all
    /// cores (not saved: a loaded game plans on one).
    #[serde(skip)]
    parallel_planning: bool,
    /// The monster config in force (not saved: read from the file).
    #[serde(skip)]
    config: Option<MonsterConfig>,
    /// The player is actor 0.
    actors: Vec<Actor>,
    /// The game time now: when the actor acting now became ready.
    time: f64,
    /// Cells of this level the player has seen (read it with
    /// [`Game::remembered`]; only the game's own sight writes it, so the
    /// player's map can trust its epoch).
    remembered: Vec<bool>,
    /// Which level, in which game, `remembered` belongs to: a number no
    /// other level entered or game loaded in this process had (a map kept
    /// from the player's memory starts over when it changes).
    #[serde(skip, default = "fresh_memory_epoch")]
    memory_epoch: u64,
    log: MessageLog,
    outcome: Option<Outcome>,
    stats: GameStats,
    /// What the player carries.
    #[serde(default)]
    inventory: Inventory,
    /// The player's slow healing.
    #[serde(default)]
    regeneration: Regeneration,
    #[serde(skip)]
    nav: Navigation,
    /// Who stands where (rebuilt every player turn).
    #[serde(skip)]
    occupancy: Occupancy,
    #[serde(skip)]
    fov: Fov,
    /// What the player sees now.
    #[serde(skip)]
    visible: VisibleSet,
    /// The cells from which a monster could see the player (sight is
    /// symmetric), out to the longest monster sight radius.
    #[serde(skip)]
    awareness: VisibleSet,
    /// Bumped whenever a cell's terrain changes.
    terrain_version: u64,
    /// Where on this level the terrain last changed (saved since format 4;
    /// rebuilt empty on loading an older save, and every monster looks
    /// around anew then).
    #[serde(
        default,
        deserialize_with = "crate::save_version::since_format::<4, _, _>"
    )]
    terrain_changes: TerrainChanges,
    /// Scratch: the monsters' views, cast before their turns.
    #[serde(skip)]
    sight: Sight,
    /// The monsters' behaviour as a player would see it, counted from
    /// every action (saved since format 4; counts start again on loading
    /// an older save).
    #[serde(
        default,
        deserialize_with = "crate::save_version::since_format::<4, _, _>"
    )]
    behaviour: BehaviourTracker,
    /// Every monster action since it was last taken, while the action log
    /// is on (`sim --actions`); `None` when off.
    #[serde(skip)]
    action_log: Option<Vec<ActionRecord>>,
    /// The player's actions since they were last taken, while a recording
    /// is made (`game::recording`); `None` when off.
    #[serde(skip)]
    input_log: Option<InputLog>,
    /// What the player wields and wears.
    #[serde(default)]
    equipment: Equipment,
    /// The player's experience points and level.
    #[serde(default)]
    experience: Experience,
    /// A fingerprint of the monster config the game was saved under
    /// (since format 4): a load under the same config resumes every mind
    /// as it was; under another, the factions are rebuilt for it.
    #[serde(
        default,
        deserialize_with = "crate::save_version::since_format::<4, _, _>"
    )]
    config_print: u64,
    /// The file name of the run's recording in the recordings folder
    /// (since format 4): a resumed game goes on writing it.
    #[serde(
        default,
        deserialize_with = "crate::save_version::since_format::<4, _, _>"
    )]
    recording: Option<String>,
    /// What the player's tools left on this level: caltrops, smoke,
    /// slowed monsters, the last lure (since format 4).
    #[serde(
        default,
        deserialize_with = "crate::save_version::since_format::<4, _, _>"
    )]
    tools: ToolMarks,
    /// This game was loaded from a save that held it whole (format 4 or
    /// later, under the same config): it is the game as it was saved.
    #[serde(skip)]
    resumed_whole: bool,
    /// Sneak mode, the last noise the player made, waiting not yet paid
    /// for and stealth's counters (since format 4).
    #[serde(
        default,
        deserialize_with = "crate::save_version::since_format::<4, _, _>"
    )]
    stealth: Stealth,
    /// Sleepers an action under way has woken, and whether the player saw
    /// each wake: told ("The goblin wakes up.") once the action's own
    /// messages are, so the log reads cause before effect (not saved: an
    /// action is over before the game is).
    #[serde(skip)]
    woken_untold: Vec<(usize, bool)>,
}

pub const PLAYER: usize = 0;

impl Game {
    pub fn player(&self) -> &Actor {
        &self.actors[PLAYER]
    }

    pub fn is_over(&self) -> bool {
        self.outcome.is_some()
    }

    /// Marks the game as assisted (the debug overlay was opened during
    /// play); only a game still going can be marked.
    pub fn mark_assisted(&mut self) {
        if !self.is_over() {
            self.assisted = true;
        }
    }

    /// Whether the player sees `pos` now.
    pub fn is_visible(&self, pos: Pos) -> bool {
        self.visible.contains(pos)
    }

    /// Which level and game the player's memory belongs to (see
    /// `PlayerMap`), and the cells whose terrain changed on the level
    /// since it was entered, in order.
    pub(crate) fn player_memory(&self) -> (u64, &[Pos]) {
        (self.memory_epoch, self.terrain_changes.in_order())
    }

    /// The cells of this level the player has seen, a flag per cell in
    /// row-major order.
    pub(crate) fn remembered(&self) -> &[bool] {
        &self.remembered
    }

    /// The player remembers every cell of this level, as if the map were
    /// revealed (benchmarks and tests that draw the whole level). A map
    /// kept from the player's memory starts over.
    pub fn remember_whole_level(&mut self) {
        self.remembered.fill(true);
        self.memory_epoch = fresh_memory_epoch();
    }

    /// Whether the player has ever seen `pos` on this level.
    pub fn is_remembered(&self, pos: Pos) -> bool {
        self.level.index(pos).is_some_and(|i| self.remembered[i])
    }

    /// Living monsters the player sees now.
    pub fn visible_monsters(&self) -> impl Iterator<Item = (usize, &Actor)> {
        self.actors.iter().enumerate().skip(1).filter(|(_, a)| {
            a.is_alive()
                && self.visible.contains(a.pos)
                && !self.smoke_hides(self.actors[PLAYER].pos, a.pos)
        })
    }

    pub fn living_monsters(&self) -> usize {
        self.actors.iter().skip(1).filter(|a| a.is_alive()).count()
    }

    /// The living actor standing on `pos`.
    pub fn actor_at(&self, pos: Pos) -> Option<usize> {
        self.occupancy.at(pos)
    }

    /// Rebuilds who-stands-where from the actors.
    fn rebuild_occupancy(&mut self) {
        let (width, height) = (self.level.width(), self.level.height());
        self.occupancy.rebuild(width, height, &self.actors);
    }

    pub fn kind_of(&self, actor: &Actor) -> Option<&MonsterKind> {
        actor.kind().map(|k| &self.kinds[k])
    }

    /// The faction index of an actor (`None` for the player).
    pub fn faction_index_of(&self, actor: usize) -> Option<usize> {
        self.actors[actor].kind().map(|k| self.kind_factions[k])
    }

    /// The pack figures of the faction at `index` (`game::pack_counters`).
    pub(crate) fn pack_counters(&self, index: usize) -> crate::game::pack_counters::PackCounters {
        self.behaviour.pack_counters(index)
    }

    /// The behaviour counters of faction `index`.
    pub(crate) fn behaviour(&self, index: usize) -> BehaviourCounters {
        self.behaviour.counters(index)
    }

    /// Turns the monster action log on or off (it changes nothing in the
    /// game; see [`Game::take_actions`]).
    pub(crate) fn log_actions(&mut self, on: bool) {
        self.action_log = on.then(Vec::new);
    }

    /// The monster actions since the last call, in the order they happened
    /// (none while the log is off).
    pub(crate) fn take_actions(&mut self) -> Vec<ActionRecord> {
        self.action_log
            .as_mut()
            .map(std::mem::take)
            .unwrap_or_default()
    }

    /// The name an actor goes by in messages: with others of its letter in
    /// sight, its tag as the side panel and look show it ("the giant rat
    /// r2"), so a message can be matched to a monster (play31 struck the
    /// wrong goblin of two); a lone one is "the giant rat".
    pub fn name_of(&self, actor: usize) -> String {
        match self.kind_of(&self.actors[actor]) {
            Some(kind) => match self.monster_tags().remove(&actor) {
                Some(tag) if tag.chars().count() > 1 => format!("the {} {tag}", kind.name),
                _ => format!("the {}", kind.name),
            },
            None => "you".to_owned(),
        }
    }

    /// The tag of each monster in sight (actor index to `g` or `g2`): when
    /// two or more share a letter, each gets a number after it in actor
    /// order; a lone letter stays a letter. Numbers hold while the same
    /// monsters stay in sight.
    pub fn monster_tags(&self) -> BTreeMap<usize, String> {
        let mut by_letter: BTreeMap<char, Vec<usize>> = BTreeMap::new();
        for (index, monster) in self.visible_monsters() {
            if let Some(kind) = self.kind_of(monster) {
                by_letter.entry(kind.letter).or_default().push(index);
            }
        }
        let mut tags = BTreeMap::new();
        for (letter, mut actors) in by_letter {
            actors.sort_unstable();
            let numbered = actors.len() > 1;
            for (n, actor) in actors.into_iter().enumerate() {
                let tag = if numbered {
                    format!("{letter}{}", n + 1)
                } else {
                    letter.to_string()
                };
                tags.insert(actor, tag);
            }
        }
        tags
    }

    /// Pathfinding counters over all factions: searches run and nodes
    /// expanded.
    pub fn search_counts(&self) -> (u64, u64) {
        self.factions.iter().fold((0, 0), |(s, e), f| {
            let stats = f.planner_stats();
            (
                s + stats.searches,
                e + stats.expanded + f.counters().field_expanded,
            )
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
            .filter(|d| self.level.terrain_at(d.from(at)) == Some(wanted))
            .collect()
    }

    /// The player takes an action, then the monsters act until the player
    /// is ready again.
    pub fn player_act(&mut self, action: Action) -> Result<(), Refusal> {
        if self.is_over() {
            return Err(Refusal::GameOver);
        }
        let turn = self.stats.player_turns;
        let result = self.take_player_action(action);
        // Refusals too: a replay asks for the same and is refused the same.
        self.log_input(turn, action);
        result
    }

    fn take_player_action(&mut self, action: Action) -> Result<(), Refusal> {
        if let Action::Sneak(on) = action {
            self.set_sneaking(on);
            return Ok(());
        }
        self.rebuild_occupancy();
        let from = self.actors[PLAYER].pos;
        let door = matches!(action, Action::Move(direction)
            if self.level.terrain_at(direction.from(from)) == Some(Terrain::ClosedDoor));
        let duration = self.perform(PLAYER, action)?;
        let duration = self.after_player_action(action, from, door, duration);
        self.tell_woken();
        self.actors[PLAYER].ready_at = self.time + duration;
        self.stats.player_turns += 1;
        self.stats.player_turn_lengths.push(duration);
        let player = &mut self.actors[PLAYER];
        player.hp = self.regeneration.heal(player.hp, player.max_hp, duration);
        if self.is_over() {
            return Ok(());
        }
        // The monsters see the player where its action left it: with the
        // cells seen from where it stood before, a wolf that walked up to
        // the door the player had just stepped into did not see it beside
        // it, turned back to look about, and came back when it did, an
        // A-B-A-B (twin-halls depth 5 seeds 4 and 7, turn 8).
        self.update_awareness();
        self.run_monsters();
        Ok(())
    }

    /// Lets the monsters act until it is the player's turn (or the game ends).
    fn run_monsters(&mut self) {
        let started = Instant::now();
        let priced_before = self.coarse_cells_priced();
        self.tools_turn();
        self.start_ai_turn();
        if self.parallel_planning {
            self.foresee_views();
        }
        let mut guard = TurnGuard::new(self.time);
        let mut schedule = Schedule::new(&self.actors);
        // The factions' minds turn once per game turn (their `node_budget`
        // is nodes per game turn), not once per action of the player's: a
        // long one (a wade through a swamp, 4 game turns) starts another
        // mind turn at each game turn it spans. With one, a wolf beside the
        // wading player acted nine times on one turn's budget, its search
        // round a lake unfinished, and stood all nine in plain view (caves
        // seed 1, the evader, turn 113).
        let player_ready = self.actors[PLAYER].ready_at;
        let mut next_mind_turn = self.time + GAME_TURN;
        while let Some(next) = schedule.next(&self.actors) {
            self.time = self.actors[next].ready_at;
            if next == PLAYER || self.is_over() {
                break;
            }
            if self.time >= next_mind_turn && next_mind_turn < player_ready {
                while next_mind_turn <= self.time {
                    next_mind_turn += GAME_TURN;
                }
                self.start_ai_turn();
            }
            // A damaged state must not spin: stop the turn and say so.
            if let Err(stall) = guard.check(self.time) {
                tracing::error!(%stall, "monster turn stopped");
                self.log
                    .push(self.time, Importance::Danger, format!("{stall}."));
                break;
            }
            // A slowed monster's whole action takes longer.
            let duration = self.monster_turn(next) * self.tools.time_factor(next, self.time);
            self.tell_woken();
            self.actors[next].ready_at = self.time + duration;
            schedule.ready_again(next, self.actors[next].ready_at);
        }
        self.tell_woken();
        let micros = started.elapsed().as_micros().min(u128::from(u32::MAX)) as u32;
        self.stats.ai_micros.push(micros);
        let priced = self.coarse_cells_priced().saturating_sub(priced_before);
        self.stats.coarse_priced.push(priced);
        self.update_sight();
    }

    /// Cells settled pricing coarse graphs by every faction's far plans
    /// since they were made or loaded.
    fn coarse_cells_priced(&self) -> u64 {
        self.factions
            .iter()
            .map(|faction| faction.coarse_cells_priced().0)
            .sum()
    }

    /// Once per game turn (see `run_monsters`): each faction's mind starts its turn (influences
    /// fade, the grid catches up, paused searches go on), and members
    /// closing in mark their bodies and next cells as crowding.
    fn start_ai_turn(&mut self) {
        let now = self.time;
        for actor in 1..self.actors.len() {
            if !self.actors[actor].is_alive() {
                continue;
            }
            let Some(f) = self.faction_index_of(actor) else {
                continue;
            };
            let at = self.actors[actor].pos;
            if let Some(brain) = self.actors[actor].brain.as_mut() {
                mark_presence(&mut self.factions[f], brain, at);
            }
        }
        // Each faction's start touches only its own mind: on all cores, the
        // game is the same as one after another.
        if self.parallel_planning {
            self.factions
                .par_iter_mut()
                .for_each(|faction| faction.start_turn(now));
        } else {
            for faction in &mut self.factions {
                faction.start_turn(now);
            }
        }
    }

    /// Casts, side by side, the views the monsters due before the player
    /// will want (a monster moved aside first casts its own on its turn).
    fn foresee_views(&mut self) {
        let until = self.actors[PLAYER].ready_at;
        let version = self.terrain_version;
        let mut requests = Vec::new();
        for (actor, monster) in self.actors.iter().enumerate().skip(1) {
            if !monster.is_alive() || monster.ready_at > until {
                continue;
            }
            let (Some(f), Some(brain)) = (self.faction_index_of(actor), monster.brain.as_ref())
            else {
                continue;
            };
            let faction = &self.factions[f];
            let sight_radius = faction.config().map_or(0, |c| c.sight_radius);
            if let Some(radius) = view_radius(faction, brain, &self.viewpoint(actor, sight_radius))
                && faction.might_learn_from(monster.pos, radius)
            {
                requests.push(ViewRequest {
                    actor,
                    at: monster.pos,
                    radius,
                });
            }
        }
        self.sight.foresee(&self.level, version, &requests);
    }

    /// Where and when `actor`, who sees `sight_radius` cells, would look
    /// from now.
    fn viewpoint(&self, actor: usize, sight_radius: u32) -> Viewpoint {
        let at = self.actors[actor].pos;
        Viewpoint {
            actor,
            at,
            now: self.time,
            level_version: self.terrain_version,
            changed_in_sight: self.terrain_changes.last_near(at, sight_radius),
            far_from_player: far_from_player(at, self.actors[PLAYER].pos),
            // Its own turn says (`monster_turn`); a foreseen view leaves
            // it out, and a member that sees the player casts its own.
            sees_player: false,
        }
    }

    /// Carries out an action for an actor; returns how long it took.
    fn perform(&mut self, actor: usize, action: Action) -> Result<f64, Refusal> {
        let speed = self.speed_of(actor);
        match action {
            Action::Wait => Ok(action_time(speed)),
            // The player's mode (taken before any action is performed);
            // no time passes.
            Action::Sneak(_) => Ok(0.0),
            Action::Move(direction) => self.move_or_attack(actor, direction),
            Action::Descend => {
                if self.level.terrain_at(self.actors[actor].pos) != Some(Terrain::StairsDown) {
                    return Err(Refusal::NoStairs);
                }
                self.descend()?;
                Ok(action_time(speed))
            }
            Action::OpenDoor(direction) => {
                let at = direction.from(self.actors[actor].pos);
                if self.level.terrain_at(at) != Some(Terrain::ClosedDoor) {
                    return Err(Refusal::NoClosedDoor);
                }
                self.set_terrain(at, Terrain::OpenDoor);
                let text = self.sentence(actor, "open", "opens", "the door.");
                self.say_if_seen(at, Importance::Info, text);
                Ok(action_time(speed))
            }
            Action::CloseDoor(direction) => {
                let at = direction.from(self.actors[actor].pos);
                if self.level.terrain_at(at) != Some(Terrain::OpenDoor) {
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
            Action::PickUp => self.pick_up(actor).map(|()| action_time(speed)),
            Action::UseItem { item, toward, at } => self
                .use_item(actor, item, toward, at)
                .map(|()| action_time(speed)),
        }
    }

    fn set_terrain(&mut self, pos: Pos, terrain: Terrain) {
        self.level.set(pos, terrain);
        // Smoke hangs in its cells till it clears: a door opened or shut
        // inside a cloud stays veiled (setting the terrain reset the veil).
        if self.tools.smoky(pos) {
            self.level.set_veiled(pos, true);
        }
        self.nav.update_cell(&self.level, pos);
        self.terrain_version += 1;
        self.terrain_changes.record(pos, self.terrain_version);
        self.stats.terrain_changes += 1;
        for faction in &mut self.factions {
            faction.terrain_changed_at(&self.level, pos);
        }
        if self.omniscient {
            for faction in &mut self.factions {
                faction.know(pos, terrain, self.time);
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

    /// Recomputes what the player sees and remembers, and where monsters
    /// could see the player from.
    fn update_sight(&mut self) {
        let player = self.actors[PLAYER].pos;
        self.fov
            .compute_into(&self.level, player, PLAYER_SIGHT_RADIUS, &mut self.visible);
        self.update_awareness();
        for i in 0..self.visible.cells().len() {
            let pos = self.visible.cells()[i];
            if let Some(index) = self.level.index(pos) {
                self.remembered[index] = true;
            }
        }
    }

    /// Recomputes where monsters could see the player from, from where it
    /// stands now.
    fn update_awareness(&mut self) {
        let player = self.actors[PLAYER].pos;
        let longest = self
            .factions
            .iter()
            .filter_map(|f| f.config().map(|c| c.sight_radius))
            .max()
            .unwrap_or(0);
        self.fov
            .compute_into(&self.level, player, longest, &mut self.awareness);
    }

    /// "You open the door." / "The goblin opens the door."
    fn sentence(&self, actor: usize, you_verb: &str, it_verb: &str, rest: &str) -> String {
        let verb = if actor == PLAYER { you_verb } else { it_verb };
        format!("{} {verb} {rest}", capitalised(&self.name_of(actor)))
    }

    fn say_if_seen(&mut self, pos: Pos, importance: Importance, text: String) {
        if self.visible.contains(pos) {
            self.log.push(self.time, importance, text);
        }
    }
}

/// A number no memory epoch had before in this process.
/// A fingerprint of a monster config: a save made under it resumes whole
/// only under the same (its `Debug` text holds every field, in order).
fn config_print(config: &MonsterConfig) -> u64 {
    crate::game::recording::stable_hash::hash_bytes(format!("{config:?}").as_bytes())
}

fn fresh_memory_epoch() -> u64 {
    static NEXT: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(1);
    NEXT.fetch_add(1, std::sync::atomic::Ordering::Relaxed)
}
