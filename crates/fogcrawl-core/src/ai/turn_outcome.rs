//! What came of a monster's action, as the game reports it once, and what
//! the monster's mind concludes from it: a step along its plan advances
//! the plan, a step the true level refused teaches its faction the wall
//! and sends it to plan again, a turn that went nowhere counts toward a
//! stall. The game says what happened; the AI draws the conclusions.

use crate::ai::brain::LastSwap;
use crate::ai::brain::{Brain, Mode, PlanSource};
use crate::ai::counters::ReplanReason;
use crate::ai::faction::Faction;
use crate::ai::thought::Thought;
use crate::world::Terrain;
use gridpath::Pos;

/// What a monster's action came to on the true level.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Happened {
    /// It stepped onto `to`.
    Stepped { to: Pos },
    /// It traded places with the monster `with`, moving onto `to`.
    Swapped { to: Pos, with: usize },
    /// The monster `by` traded places with it: it stands on `to` now.
    Displaced { to: Pos, by: usize },
    /// The true level refused its step onto `to` (a wall it did not know,
    /// or a corner).
    Bumped { to: Pos },
    /// It struck or shot at the player.
    Struck,
    /// It battered or broke a door.
    WorkedDoor,
    /// It stood where it was.
    Waited,
}

impl Happened {
    /// Whether it did something other than moving or waiting.
    fn acted(self) -> bool {
        matches!(self, Happened::Struck | Happened::WorkedDoor)
    }
}

/// One monster's action as the game carried it out: where it stood
/// before, what happened, and when.
#[derive(Debug, Clone, Copy)]
pub(crate) struct TurnOutcome {
    pub started_at: Pos,
    pub happened: Happened,
    pub now: f64,
}

/// The monster whose mind is `brain`, of `faction`, concludes from what
/// came of its action (`truth` is the true terrain, read only where a
/// step was refused: the bump is how it learns the wall). A monster moved
/// by a packmate concludes too (`Happened::Displaced`), but its own turn
/// was not spent: no stall is counted for it.
pub(crate) fn conclude(
    faction: &mut Faction,
    brain: &mut Brain,
    outcome: TurnOutcome,
    truth: impl Fn(Pos) -> Option<Terrain>,
) {
    let TurnOutcome {
        started_at,
        happened,
        now,
    } = outcome;
    let ended_at = match happened {
        Happened::Stepped { to } => {
            advance_along(brain, to);
            to
        }
        Happened::Swapped { to, with } => {
            advance_along(brain, to);
            brain.swapped_with = Some(LastSwap {
                with,
                when: now,
                left_me_at: to,
                left_them_at: started_at,
            });
            to
        }
        Happened::Displaced { to, by } => {
            advance_along(brain, to);
            brain.swapped_with = Some(LastSwap {
                with: by,
                when: now,
                left_me_at: to,
                left_them_at: started_at,
            });
            if brain.mode == Mode::Wander && brain.plan.is_empty() {
                // Moved aside while it idled: it idles where it now stands
                // rather than walk straight back (pacing). Being moved is
                // a step for that rule: its next stroll does not set out
                // back onto the cell it was moved off, trailing the one
                // that passed (a rat passed west by a packmate strolled
                // west next, back onto its old cell: A-B-A-B).
                brain.wander_target = None;
                brain.plan_goal = Some(to);
                brain.came_from = Some(started_at);
                brain.came_strolling = true;
            }
            return;
        }
        Happened::Bumped { to } => {
            learn_from_bump(faction, brain, started_at, to, truth, now);
            started_at
        }
        Happened::Struck | Happened::WorkedDoor | Happened::Waited => started_at,
    };
    count_stall(faction, brain, started_at, ended_at, happened.acted());
}

/// The monster now stands on `to`: its plan goes on from there.
fn advance_along(brain: &mut Brain, to: Pos) {
    if brain.plan.first() == Some(&to) {
        brain.advance_plan();
    }
}

/// A step from `at` to `to` failed on the true level: the faction learns
/// what blocked it (the cell, and for a diagonal the corners it passes),
/// and the monster plans again.
fn learn_from_bump(
    faction: &mut Faction,
    brain: &mut Brain,
    at: Pos,
    to: Pos,
    truth: impl Fn(Pos) -> Option<Terrain>,
    now: f64,
) {
    let mut unknown = false;
    for cell in [to, Pos::new(to.x, at.y), Pos::new(at.x, to.y)] {
        if let Some(terrain) = truth(cell) {
            unknown |= faction.knowledge().belief(cell).is_none();
            faction.observe(cell, terrain, now);
        }
    }
    let counters = faction.counters_mut();
    if unknown {
        counters.unknown_bumps += 1;
    } else {
        counters.changed_terrain_bumps += 1;
    }
    if !brain.plan.is_empty() && brain.plan_source == PlanSource::Search {
        counters.replans.add(ReplanReason::Blocked);
    }
    brain.forget_plan();
}

/// Its turn is over, ended on `ended_at` having started on `started_at`;
/// `acted` when it attacked or worked a door. Counts stalls.
fn count_stall(
    faction: &mut Faction,
    brain: &mut Brain,
    started_at: Pos,
    ended_at: Pos,
    acted: bool,
) {
    let far_goal = brain.goal.is_some_and(|goal| ended_at.chebyshev(goal) > 2);
    // Held up by a packmate is a stall however near the goal: a hunter
    // two cells from its place next to the player, behind the one
    // fighting in the doorway, would otherwise never plan round it.
    let held_up = matches!(brain.thought, Thought::BlockedByPackmate(_));
    brain.held_turns = if brain.mode == Mode::Hunt && ended_at == started_at && !acted {
        brain.held_turns.saturating_add(1)
    } else {
        0
    };
    if (far_goal || held_up) && ended_at == started_at && !acted {
        brain.stall_turns += 1;
        if brain.stall_turns == 1 {
            brain.detour_asked_at = 0;
        }
        let counters = faction.counters_mut();
        counters.longest_stall = counters.longest_stall.max(brain.stall_turns);
    } else {
        brain.stall_turns = 0;
    }
    if ended_at != started_at {
        brain.came_from = Some(started_at);
        brain.came_strolling = brain.mode == Mode::Wander;
    }
}
