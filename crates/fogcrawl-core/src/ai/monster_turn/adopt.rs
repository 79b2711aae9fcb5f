//! Taking a plan: a finished search joined to where the member now stands,
//! smoothed and checked against what its faction knows, or a straight line
//! taken as it is.

use gridpath::{Grid, Path, Pos, path_cost, string_pull};

use super::plan::detoured_bodies;
use super::{Body, MemberTurn, is_adjacent};
use crate::ai::brain::{Mode, PlanSource};
use crate::ai::counters::ReplanReason;
use crate::ai::faction::Faction;
use crate::ai::planner::{Finished, PlanOutcome};
use crate::ai::thought::Thought;

/// Cells of a found path searched for the monster's current cell when the
/// search began elsewhere (it stepped while the search ran).
const SPLICE_WINDOW: usize = 16;

impl MemberTurn<'_> {
    /// Takes a finished search as the monster's plan, if it still fits: it is
    /// joined to where the monster now stands (it may have stepped while the
    /// search ran), smoothed, and checked against what the faction knows now.
    pub(super) fn adopt(&mut self, finished: Finished) {
        let at = self.senses.at;
        let Finished { goal, outcome, .. } = finished;
        let outcome_gave_up = outcome == PlanOutcome::GaveUp;
        let path = match outcome {
            PlanOutcome::Path(path) => path,
            PlanOutcome::Unreachable | PlanOutcome::GaveUp => {
                if outcome_gave_up {
                    self.brain.thought = Thought::GaveUp { goal };
                }
                // The player in view, given up on for the budget alone, is no
                // less reachable: a hunter that marked it so would stand and
                // stare while its packmates fight. It asks again.
                let in_view = outcome_gave_up && self.senses.player_seen == Some(goal);
                if self.brain.pending_replan != Some(ReplanReason::CheaperRoute) {
                    self.brain.forget_plan();
                    if !in_view {
                        self.brain.unreachable = Some(goal);
                    }
                }
                self.brain.pending_replan = None;
                return;
            }
        };
        let (Some(grid), Some(config)) = (self.faction.grid(), self.faction.config()) else {
            return;
        };
        let Some(rest) = splice(grid, at, &path.cells) else {
            // It wandered off the path's start: ask again from here.
            self.brain.pending_replan = None;
            return;
        };
        if self.brain.mode == Mode::Wander
            && self.brain.wander_target == Some(goal)
            && self.brain.came_from.is_some()
            && rest.first() == self.brain.came_from.as_ref()
        {
            // A stroll whose way sets out back onto the cell its last step
            // left is pacing, as a straight one would be (the stroll
            // picker's rule). A spot drawn ahead as the crow flies may lie
            // round behind it in a maze: a goblin moved west off 45,7 drew
            // a spot west whose way began east, back onto 45,7 (a maze of
            // our own, seed 1). It walks on along the ground ahead this
            // same turn, keeping the way it came: another stroll drawn any
            // way went back (a rat come from 35,14 given a way back to
            // 26,14 drew 33,7 next and stepped back onto 35,14: shut-cells
            // of unseen21, depth 5, seed 3, turns 219-220). With nothing
            // ahead (a dead end) it rests, then may go back.
            self.brain.forget_plan();
            self.brain.pending_replan = None;
            self.brain.unreachable = Some(goal);
            if self.lies_low_in_a_dead_end() {
                // Hurt and shaken, it does not go back the way it fled:
                // it lies low a while where it stands.
                self.brain.wander_target = None;
                self.brain.loiter_until = self.senses.now + super::wander::LOITER_TIME.0;
                return;
            }
            self.walks_on = true;
            return;
        }
        let mut walked = Vec::with_capacity(rest.len() + 1);
        walked.push(at);
        walked.extend_from_slice(&rest);
        if self.brain.pending_replan == Some(ReplanReason::CheaperRoute) {
            // A check, not a need: switch only for a route clearly cheaper
            // than what is left of the current one.
            let mut current = vec![at];
            current.extend_from_slice(&self.brain.plan);
            let remaining = path_cost(grid, &current).unwrap_or(f64::INFINITY);
            let found = path_cost(grid, &walked).unwrap_or(f64::INFINITY);
            self.brain.pending_replan = None;
            if found >= remaining * (1.0 - config.replan_margin) {
                return;
            }
        }
        self.brain.pending_replan = None;
        if !steps_believed_open(self.faction, &walked) {
            // Knowledge moved on while it was searched for: plan again.
            self.brain.forget_plan();
            return;
        }
        let plan: Vec<Pos> = if config.smoothing.uses_string_pull() {
            let pulled: Vec<Pos> = string_pull(grid, &walked).into_iter().skip(1).collect();
            // The search went round the bodies its request priced dear
            // (after a stall, or about the cell it holds: `plan_overrides`);
            // pulling the string knows only walls, and a corner cut back
            // through such a body leaves it waiting behind it (warrens
            // seed 1, the evader: a goblin two cells from the player stood
            // 7 turns behind a fighting rat, with free cells beside the
            // player).
            if pulled != rest && self.cuts_through_a_detour(&pulled, &rest) {
                rest.clone()
            } else {
                pulled
            }
        } else {
            rest.clone()
        };
        self.brain.plan_costs = believed_costs(self.faction, &plan);
        self.brain.plan = plan;
        self.brain.raw_plan = rest;
        self.brain.plan_goal = Some(goal);
        self.brain.plan_source = PlanSource::Search;
        self.brain.plan_fresh = true;
        self.brain.unreachable = None;
    }

    /// Whether the smoothed plan `pulled` enters a cell the search for
    /// it went round (`rest`, the path as found): a body its request
    /// priced dear.
    fn cuts_through_a_detour(&self, pulled: &[Pos], rest: &[Pos]) -> bool {
        let body_at = self.senses.body_at;
        let detoured = detoured_bodies(self.brain, self.senses.at, |cell| {
            matches!(body_at(cell), Body::Packmate { .. } | Body::Stranger { .. })
        });
        pulled
            .iter()
            .any(|cell| !rest.contains(cell) && detoured.contains(cell))
    }

    /// Takes the straight line to `target` as the monster's plan.
    pub(super) fn follow_line(&mut self, target: Pos, line: Path) {
        let rest: Vec<Pos> = line.cells.into_iter().skip(1).collect();
        self.brain.plan_costs = believed_costs(self.faction, &rest);
        self.brain.raw_plan = rest.clone();
        self.brain.plan = rest;
        self.brain.plan_goal = Some(target);
        self.brain.plan_source = PlanSource::Search;
        self.brain.plan_fresh = true;
        self.brain.unreachable = None;
    }
}

/// The part of `cells` still to walk from `at`: after `at` if the path
/// crosses it near its start, else from a cell next to `at` (a legal step).
pub(super) fn splice(grid: &Grid, at: Pos, cells: &[Pos]) -> Option<Vec<Pos>> {
    let window = &cells[..cells.len().min(SPLICE_WINDOW)];
    if let Some(i) = window.iter().rposition(|&c| c == at) {
        return Some(cells[i + 1..].to_vec());
    }
    let i = window
        .iter()
        .rposition(|&c| is_adjacent(at, c) && grid.is_legal_step(at, c))?;
    Some(cells[i..].to_vec())
}

/// Whether every step of `cells` is one the faction believes open.
fn steps_believed_open(faction: &Faction, cells: &[Pos]) -> bool {
    match cells {
        [] => true,
        [first, rest @ ..] => !faction.believes_walk_blocked(*first, rest),
    }
}

/// What entering each of `cells` costs by what the faction believes of it
/// (infinite where its rules price nothing): a plan's costs as planned.
fn believed_costs(faction: &Faction, cells: &[Pos]) -> Vec<f64> {
    let rules = faction.rules();
    cells
        .iter()
        .map(|&cell| {
            rules
                .and_then(|r| r.terrain_cost(faction.knowledge().belief(cell)))
                .unwrap_or(f64::INFINITY)
        })
        .collect()
}
