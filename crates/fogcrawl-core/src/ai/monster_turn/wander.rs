//! A wanderer's life: where it strolls next (along its faction's coarse
//! graph far from the player, seen ground near it) and how long it
//! loiters where a stroll ended.

use std::ops::ControlFlow;

use gridpath::{Path, Pos, cheapest_straight_path, path_cost};
use rand::{Rng, RngExt};

use super::{DANGEROUS, Intent, MemberTurn, chebyshev};
use crate::ai::brain::Mode;
use crate::ai::faction::Faction;
use crate::ai::thought::Thought;

/// How far from itself a wandering monster picks a place to stroll to.
const WANDER_RANGE: i32 = 12;

/// The nearest spot a stroll goes to (while it can find one further): a
/// stroll of a step or two, then one back, is pacing, not wandering.
pub(super) const MIN_STROLL: i32 = 4;

/// Attempts at picking a reachable wander target before standing still.
pub(super) const WANDER_TRIES: usize = 8;

/// How long (game time, drawn from this range) a wanderer loiters where
/// its stroll ended.
const LOITER_TIME: (f64, f64) = (2.0, 8.0);

/// How long a wanderer far from the player loiters: longer (nobody sees it,
/// and a thousand far strollers were most of a big level's AI time), but
/// never so long that a level looks asleep when the player gets near.
const FAR_LOITER_TIME: (f64, f64) = (6.0, 24.0);

/// Game time a monster strolls toward one wander target before it gives up.
const WANDER_PATIENCE: f64 = 30.0;

/// A far wanderer's stroll: along its faction's coarse graph, from where
/// it stands to a node of its cluster and one step across (see
/// [`crate::ai::coarse`]), the cheapest way inside the cluster for the
/// faction (roads when roads are cheaper for it, round walls), ending
/// where kin did not die and the player's eye does not fall. `None` when
/// there is none from here this time.
fn pick_far_stroll(faction: &mut Faction, at: Pos, rng: &mut impl Rng) -> Option<(Pos, Path)> {
    let cells = faction.far_stroll(at, DANGEROUS, rng)?;
    let target = *cells.last()?;
    let cost = path_cost(faction.grid()?, &cells)?;
    Some((target, Path { cells, cost }))
}

/// A cell near the monster, reachable as far as its faction knows and not
/// where kin died or the player's eye falls, and the straight way there
/// when that is a cheapest path: a spot in plain view
/// over open ground first (no search needed), then seen ground (a guess
/// about unseen cells can send a search round the whole level), else any
/// cell its faction believes connected.
fn pick_wander_target(
    faction: &Faction,
    at: Pos,
    rng: &mut impl Rng,
) -> (Option<Pos>, Option<Path>) {
    let Some(grid) = faction.grid() else {
        return (None, None);
    };
    let mut seen_target = None;
    for attempt in 0..2 * WANDER_TRIES {
        let target = random_cell_near(at, WANDER_RANGE, rng);
        // A stroll of one cell, and the one back after it, is pacing.
        let too_near = chebyshev(at, target) < MIN_STROLL && attempt < WANDER_TRIES
            || chebyshev(at, target) < 2;
        if target == at || too_near || faction.avoidance_at(target) > DANGEROUS {
            continue;
        }
        let seen = faction.knowledge().belief(target).is_some();
        if attempt < WANDER_TRIES {
            if seen && let Some(line) = cheapest_straight_path(grid, at, target) {
                return (Some(target), Some(line));
            }
            if seen && seen_target.is_none() && grid.connected(at, target) {
                seen_target = Some(target);
            }
            continue;
        }
        if seen_target.is_some() {
            break;
        }
        if grid.connected(at, target) {
            return (Some(target), None);
        }
    }
    (seen_target, None)
}

/// A cell drawn at random within `range` cells (Chebyshev) of `center`:
/// the column first, then the row.
pub(super) fn random_cell_near(center: Pos, range: i32, rng: &mut impl Rng) -> Pos {
    let dx = rng.random_range(-range..=range);
    let dy = rng.random_range(-range..=range);
    Pos::new(center.x + dx, center.y + dy)
}

impl MemberTurn<'_> {
    /// Whether a far wanderer's stroll has gone wrong: a wall (or a
    /// member's body it cannot pass) learned across its way, or no way left
    /// to walk before it got there. Asking the planner for a way to a spot
    /// drawn for a stroll would spend near members' searches on it.
    pub(super) fn far_stroll_lost(&self) -> bool {
        if !self.senses.far_from_player
            || self.brain.mode != Mode::Wander
            || self.brain.wander_target.is_none()
            || self.faction.is_planning(self.senses.actor)
        {
            return false;
        }
        self.brain.plan.is_empty()
            || self
                .faction
                .believes_walk_blocked(self.senses.at, &self.brain.plan)
    }

    /// A wanderer with nothing else to do: it loiters a while where its
    /// stroll ended (`Break`, with what it does), else picks where to
    /// stroll next (`Continue`, `None` when it finds nowhere).
    pub(super) fn wander_goal(&mut self, rng: &mut impl Rng) -> ControlFlow<Intent, Option<Pos>> {
        let at = self.senses.at;
        if self.brain.wander_target.is_none()
            && self.brain.loiter_until == 0.0
            && self.brain.plan_goal == Some(at)
        {
            // Just arrived: it loiters a while, as idle monsters do (and
            // idle ones cost nothing: no view, no search).
            let (least, most) = if self.senses.far_from_player {
                FAR_LOITER_TIME
            } else {
                LOITER_TIME
            };
            self.brain.loiter_until = self.senses.now + rng.random_range(least..most);
        }
        if self.senses.now < self.brain.loiter_until {
            self.brain.forget_plan();
            self.brain.goal = None;
            self.brain.thought = if self.brain.shaken {
                Thought::LiesLow
            } else {
                Thought::Loiters
            };
            return ControlFlow::Break(if self.senses.far_from_player {
                Intent::Loiter
            } else {
                Intent::Wait
            });
        }
        self.brain.loiter_until = 0.0;
        let (target, way) = if self.senses.far_from_player {
            pick_far_stroll(self.faction, at, rng).unzip()
        } else {
            pick_wander_target(self.faction, at, rng)
        };
        if self.senses.far_from_player && target.is_none() {
            // Nowhere to stroll from here this time (or the strolls'
            // allowance is spent this turn): it loiters a little, in one
            // action, rather than try again at every one.
            let (least, most) = LOITER_TIME;
            self.brain.loiter_until = self.senses.now + rng.random_range(least..most);
            self.brain.forget_plan();
            self.brain.goal = None;
            self.brain.thought = Thought::Loiters;
            return ControlFlow::Break(Intent::Loiter);
        }
        self.brain.wander_target = target;
        self.brain.wander_until = self.senses.now + WANDER_PATIENCE;
        if let (Some(target), Some(way)) = (target, way) {
            // A spot in plain view over the cheapest ground (the straight
            // way there is a cheapest path), or a far stroll's way on the
            // coarse graph: it needs no request to the planner.
            self.follow_line(target, way);
        }
        ControlFlow::Continue(target)
    }
}
