//! A controlled experiment on fog of war: one walker of a faction crosses a
//! level, planning only on what it has seen (its faction's unknown-cell
//! policy fills the rest), through the same monster-turn functions the game
//! uses (sight, planning, plan checks, bumps). The same walk with the whole
//! level known is the omniscient baseline.
//!
//! In a maze an optimistic walker's searches are short (it believes the way
//! is open) but it walks into dead ends; the omniscient walker searches the
//! maze's real corridors and walks straight there. The realised time (each
//! step's length times the true cost of the cell entered) says what the fog
//! cost the walker.

use crate::ai::brain::Brain;
use crate::ai::faction::Faction;
use crate::ai::give_way::Body;
use crate::ai::knowledge::FactionKnowledge;
use crate::ai::monster_turn::{FALLBACK_FIGHT_TURNS, Intent, MemberTurn, Senses, look_around};
use crate::ai::sight::{Sight, Viewpoint};
use crate::ai::turn_outcome::{Happened, TurnOutcome, conclude};
use crate::config::FactionConfig;
use crate::world::action_time::move_time;
use crate::world::{CostProfile, Level};
use gridpath::{GridError, Pos};

/// The walker's search budget per step: the experiment measures plans, not
/// the scheduler, so each search finishes in the step it starts.
const WALK_NODE_BUDGET: u32 = u32::MAX;

/// What one walk cost.
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct FogWalk {
    pub searches: u64,
    pub expanded: u64,
    pub steps: u64,
    /// Game time the walk took: step lengths times the true costs of the
    /// cells entered, over the faction's speed.
    pub time: f64,
    /// Cells whose walkability the faction's policy guessed wrong.
    pub wrong_guesses: u64,
    pub arrived: bool,
}

impl FogWalk {
    pub(crate) fn expanded_per_search(&self) -> f64 {
        if self.searches == 0 {
            0.0
        } else {
            self.expanded as f64 / self.searches as f64
        }
    }
}

/// Walks from `from` to `to` on `level` as a member of the faction
/// `config` describes, giving up after `max_steps` turns.
pub fn fog_walk(
    level: &Level,
    config: &FactionConfig,
    from: Pos,
    to: Pos,
    omniscient: bool,
    max_steps: u64,
) -> Result<FogWalk, GridError> {
    let mut config = config.clone();
    config.node_budget = WALK_NODE_BUDGET;
    let knowledge = if omniscient {
        FactionKnowledge::omniscient(level)
    } else {
        FactionKnowledge::new(level.width(), level.height())
    };
    let profile = crate::ai::cost_view::faction_profile(&config);
    let speed = config.speed;
    let mut faction = Faction::new(config.clone(), knowledge);
    faction.rebuild(config)?;
    let mut brain = Brain::default();
    let mut sight = Sight::new();
    let mut walk = FogWalk::default();
    let mut at = from;
    let nobody = |_: Pos| Body::Empty;
    let mut turn = 0;
    while at != to && turn < max_steps {
        turn += 1;
        faction.start_turn(turn as f64);
        let viewpoint = Viewpoint {
            actor: 0,
            at,
            now: turn as f64,
            level_version: 0,
            changed_in_sight: 0,
            far_from_player: false,
            sees_player: false,
        };
        look_around(&mut faction, &mut brain, level, &mut sight, &viewpoint);
        // What it saw reaches the planning grid, as a monster's thinking
        // begins.
        faction.sync_view();
        let senses = Senses {
            actor: 0,
            at,
            now: turn as f64,
            turn,
            player_seen: None,
            health: 1.0,
            far_from_player: false,
            body_at: &nobody,
            awaited_at: &|_| None,
            smoke_at: &|_| false,
            shooter: None,
            fight_turns: FALLBACK_FIGHT_TURNS,
        };
        match MemberTurn::new(&mut faction, &mut brain, &senses).pursue(to) {
            Intent::Step { to: next, .. } => match true_step_cost(level, &profile, at, next) {
                Some(cost) => {
                    walk.time += move_time(at.octile(next), cost, speed);
                    walk.steps += 1;
                    let outcome = TurnOutcome {
                        started_at: at,
                        happened: Happened::Stepped { to: next },
                        now: turn as f64,
                    };
                    conclude(&mut faction, &mut brain, outcome, |p| level.terrain_at(p));
                    at = next;
                }
                None => {
                    let outcome = TurnOutcome {
                        started_at: at,
                        happened: Happened::Bumped { to: next },
                        now: turn as f64,
                    };
                    conclude(&mut faction, &mut brain, outcome, |p| level.terrain_at(p));
                }
            },
            Intent::Wait if brain.unreachable == Some(to) => break,
            Intent::Wait
            | Intent::Loiter
            | Intent::Attack(_)
            | Intent::Shoot(_)
            | Intent::Bash(_) => {}
        }
    }
    let stats = faction.planner_stats();
    walk.searches = stats.searches;
    walk.expanded = stats.expanded;
    walk.wrong_guesses = faction.counters().wrong_guesses;
    walk.arrived = at == to;
    Ok(walk)
}

/// What entering `next` from `at` costs on the true level, if the step is
/// legal there (a passable cell, and for a diagonal both corners passable).
fn true_step_cost(level: &Level, profile: &CostProfile, at: Pos, next: Pos) -> Option<f64> {
    let cost = |p: Pos| level.terrain_at(p).and_then(|t| profile.cost(t));
    let adjacent = at != next && (at.x - next.x).abs() <= 1 && (at.y - next.y).abs() <= 1;
    let corners_clear = at.x == next.x
        || at.y == next.y
        || (cost(Pos::new(next.x, at.y)).is_some() && cost(Pos::new(at.x, next.y)).is_some());
    cost(next).filter(|_| adjacent && corners_clear)
}
