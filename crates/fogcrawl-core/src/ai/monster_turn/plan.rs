//! A member's own plan: asking the faction's planner for one, checking
//! that the plan it has still serves, following the faction's shared field
//! toward the player's last known cell, and waiting (or stepping closer)
//! while a search runs.

use gridpath::{Pos, Reach};

use super::{Body, Intent, MemberTurn, NEIGHBOURS};
use crate::ai::brain::{Brain, Mode, PlanSource};
use crate::ai::coarse_plan::{FAR_GOAL, FarAnswer};
use crate::ai::counters::ReplanReason;
use crate::ai::faction::Faction;
use crate::ai::planner::{Finished, PlanOutcome, PlanRequest, priority_of};
use crate::ai::thought::Thought;

/// Members within this distance (octile, in cells) of the target follow the
/// shared field; those further away plan on their own until they are near
/// (a field reaching far members would cost more than their searches).
pub(super) const FIELD_RADIUS: f64 = 24.0;

/// Members this close to the target plan to its exact cell on their own
/// (a short search), so the field need not follow every step the target
/// takes.
pub(super) const NEAR_TARGET: i32 = 4;

/// The shared field is aimed anew only when the target moved more than
/// this many cells from the field's source.
pub(super) const FIELD_RETARGET: i32 = 3;

/// Cells of the shared field's route a follower keeps as its plan (for the
/// stale-plan check, crowding and the overlay).
const FIELD_ROUTE_CELLS: usize = 16;

/// How many of the next planned cells are compared with their planned cost.
const COST_LOOKAHEAD: usize = 8;

/// Stalled own turns after which a monster plans round its packmates.
pub(super) const STALL_PATIENCE: u32 = 3;

/// What a cell a packmate stands on costs in a plan made to go round it.
const PACKMATE_DETOUR_COST: f64 = 25.0;

/// How far round the cell a member holds (Chebyshev, in cells) the bodies
/// standing there are gone round by its plan.
const SPOT_DETOUR_RADIUS: i32 = 2;

/// Own turns a monster waits without a plan for its search before it gives
/// the goal up (stepping closer meanwhile when it can).
pub(super) const MAX_WAIT_TURNS: u32 = 6;

/// Own turns a hunter waits for its search with no plan before it takes
/// the coarse way its faction's graph answers at once.
const HUNT_WAITS_BEFORE_COARSE: u32 = 2;

/// Own turns an investigator waits without a plan before it loses
/// interest in the noise.
pub(super) const MAX_INVESTIGATE_WAIT_TURNS: u32 = 3;

/// Player turns between a monster's checks for a cheaper route.
const CHEAPER_CHECK_TURNS: u64 = 5;

impl MemberTurn<'_> {
    /// Heads for the faction's target down its shared field.
    pub(super) fn follow_shared_field(&mut self, target: Pos) -> Intent {
        let at = self.senses.at;
        let source = self
            .faction
            .shared_target()
            .filter(|&source| source.chebyshev(target) <= FIELD_RETARGET)
            .unwrap_or(target);
        match self.faction.reach_shared_field(source, at) {
            Reach::Settled(_) => {
                let route = self.faction.shared_route(at, FIELD_ROUTE_CELLS);
                let Some(&next) = route.first() else {
                    self.brain.thought = Thought::Idle;
                    return Intent::Wait;
                };
                if self.brain.came_from == Some(next) {
                    // Straight back where it came from: the field may be older
                    // than what it just saw (a door found open); its own
                    // search, on what it knows now, decides.
                    return self.pursue(target);
                }
                // Its own search asked for before (the field had not
                // reached it then) is dropped: the field plans its way now.
                // Left running, it ran out of the planner's turns while the
                // member walked the field, and its "given up", taken when
                // the field next lagged a turn, marked the goal out of
                // reach (swamp seed 4 with the evader: a goblin on the ring
                // road round the marsh, 8 actions into its search of 25,3,
                // turned to a spot across the marsh it had no plan for and
                // gave up 22 cells from the place).
                self.faction.cancel_plan(self.senses.actor);
                self.brain.raw_plan = route.clone();
                self.brain.plan = route;
                self.brain.set_coarse_route(Vec::new(), 0.0);
                self.brain.plan_goal = Some(target);
                self.brain.plan_source = PlanSource::SharedField;
                self.brain.plan_fresh = true;
                self.brain.plan_costs.clear();
                self.brain.unreachable = None;
                self.brain.thought = Thought::FollowingField { target };
                self.step_along(next)
            }
            // A field from a cell near the target, out of reach, says
            // nothing of the target: its own search decides. The field
            // kept its source at the doorway the player stood in, shut
            // since, and a wolf told no way to the cell beyond it drew
            // spot after spot (kiln-lanes of open31 with the evader, seed
            // 8, turn 213: wolf 24 at 24,12, the player at 25,3 behind the
            // door 25,4, which it reached round by the lane at 30,3).
            Reach::Unreachable if source != target => self.pursue(target),
            Reach::Unreachable => {
                self.brain.forget_plan();
                self.brain.unreachable = Some(target);
                self.brain.thought = Thought::NoPath { goal: target };
                Intent::Wait
            }
            // The field has not reached it within this turn's budget: its
            // own search (and steps toward the target meanwhile).
            Reach::Pending => self.pursue(target),
        }
    }

    /// Heads for an individual goal along its own planned path: asks for a
    /// plan when it has none (or the one it has went wrong), and follows it.
    pub(crate) fn pursue(&mut self, goal: Pos) -> Intent {
        if self.brain.plan_source != PlanSource::Search {
            self.brain.forget_plan();
            self.brain.plan_source = PlanSource::Search;
        }
        // A result that finished since its last turn comes first.
        if let Some(finished) = self.faction.take_finished_plan(self.senses.actor) {
            self.take_search(finished);
        }
        if self.brain.unreachable == Some(goal) && self.brain.plan.is_empty() {
            if !matches!(self.brain.thought, Thought::GaveUp { .. }) {
                self.brain.thought = Thought::NoPath { goal };
            }
            return Intent::Wait;
        }
        let reason = self.plan_problem(goal);
        if let Some(reason) = reason {
            let has_plan = reason == ReplanReason::CheaperRoute;
            if !has_plan {
                self.brain.forget_plan();
            }
            self.ask_for_plan(goal, Some(reason), has_plan);
        } else if self.brain.plan.is_empty() && !self.faction.is_planning(self.senses.actor) {
            self.ask_for_plan(goal, None, false);
        }
        if self.search_lags_for_a_hunter() {
            // Its search has run its own turns and more with no plan: the
            // coarse way, answered at once, rather than stand in plain view
            // (a wolf of a cave level at depth 5 stood 28 actions seeing the
            // player 8 cells off across a lake, its search round it never
            // done in the planner's turns). The search goes on when the
            // coarse graph gives nothing. Its way may set out back onto the
            // cell it just left (it stepped to the water's edge while the
            // search ran): a plan, not a guess, it is then walked on.
            self.plan_coarse_now(goal, true);
        }
        if let Some(finished) = self.faction.plan_now(self.senses.actor) {
            self.take_search(finished);
        }
        match self.brain.plan.first().copied() {
            Some(next) => self.follow_plan_to(goal, next),
            _ if self.brain.unreachable == Some(goal) => {
                self.brain.waiting_turns = 0;
                if !matches!(self.brain.thought, Thought::GaveUp { .. }) {
                    self.brain.thought = Thought::NoPath { goal };
                }
                Intent::Wait
            }
            _ => {
                // Its own turns, not the faction's: a fast monster beside a
                // slow player waits many of its turns in one of the player's.
                self.brain.waiting_turns += 1;
                // Fresh news of the player is a chase: too slow a plan is no
                // reason to turn to a spot elsewhere (and back once the plan
                // comes); it keeps closing in while the faction plans.
                let chase = self.brain.chases(self.senses.now) == Some(goal);
                // A noise is worth less patience than a goal of its own: an
                // investigator that cannot get a plan soon loses interest.
                let patience = if self.brain.mode == Mode::Investigate {
                    MAX_INVESTIGATE_WAIT_TURNS
                } else {
                    MAX_WAIT_TURNS
                };
                if self.brain.waiting_turns == patience
                    && self.plans_coarse_before_giving_up(goal)
                    && let Some(next) = self.brain.plan.first().copied()
                {
                    return self.follow_plan_to(goal, next);
                }
                if self.brain.waiting_turns > patience && !chase {
                    if self.brain.mode != Mode::Wander && is_far(self.senses.at, goal) {
                        self.faction.counters_mut().far_given_up += 1;
                    }
                    self.faction.give_up_plan(self.senses.actor);
                    self.brain.waiting_turns = 0;
                    self.brain.unreachable = Some(goal);
                    self.brain.thought = Thought::GaveUp { goal };
                    return Intent::Wait;
                }
                if self.brain.mode == Mode::Wander {
                    // A stroll is in no hurry: a guess toward it would only be
                    // walked back once the plan comes.
                    self.brain.thought = Thought::WaitsForPlan { goal };
                    return Intent::Wait;
                }
                self.step_while_planning(goal)
            }
        }
    }

    /// Steps to `next`, the first cell of its plan toward `goal`, saying
    /// which plan it follows (coarse first, or fine).
    pub(super) fn follow_plan_to(&mut self, goal: Pos, next: Pos) -> Intent {
        self.brain.waiting_turns = 0;
        self.brain.thought = match self.brain.coarse_clusters() {
            Some(clusters) => Thought::FollowingCoarsePlan { goal, clusters },
            None => Thought::FollowingPlan { goal },
        };
        self.step_along(next)
    }

    /// On the last own turn of its patience with no plan, a member (not a
    /// stroller) takes the way its faction's coarse graph answers at once,
    /// whatever the turn's budget has left (`lagging`): it gives a goal up
    /// for no way there, not for want of nodes. Its search, queued behind
    /// urgent ones on a busy level, may never get its turn in time (caves
    /// at depth 5, seed 7: a wolf heard a fight 21 cells off, 28 by
    /// walking, waited three turns for a search that never ran and went
    /// back to its life); a far goal's coarse plan may have come over the
    /// budget each turn. One coarse search per goal given up at most,
    /// counted in nodes like every other. Returns whether it took a plan;
    /// when not, the search under way goes on (and it gives up as before).
    fn plans_coarse_before_giving_up(&mut self, goal: Pos) -> bool {
        if self.brain.mode == Mode::Wander {
            return false;
        }
        self.plan_coarse_now(goal, true)
    }

    /// Whether it hunts the player in its plain view: its search is urgent
    /// (see [`priority_of`]).
    fn hunts_in_view(&self) -> bool {
        self.brain.mode == Mode::Hunt && self.senses.player_seen.is_some()
    }

    /// Whether it hunts with no plan while its own search has run
    /// [`HUNT_WAITS_BEFORE_COARSE`] of its turns or more.
    fn search_lags_for_a_hunter(&self) -> bool {
        self.brain.mode == Mode::Hunt
            && self.brain.plan.is_empty()
            && self.brain.waiting_turns >= HUNT_WAITS_BEFORE_COARSE
            && self.faction.is_planning(self.senses.actor)
    }

    /// Takes a finished search (see `adopt`), counting a far goal given up.
    fn take_search(&mut self, finished: Finished) {
        if finished.outcome == PlanOutcome::GaveUp
            && self.brain.mode != Mode::Wander
            && is_far(finished.from, finished.goal)
        {
            self.faction.counters_mut().far_given_up += 1;
        }
        self.brain.set_coarse_route(Vec::new(), 0.0);
        self.adopt(finished);
    }

    /// Plans the far `goal` coarse first (see `crate::ai::coarse_plan`):
    /// the stretch ahead is taken at once as a finished search's path would
    /// be, and the coarse waypoints beyond it kept; no way there is taken
    /// as a search that found none; over the turn's budget, it asks again
    /// next turn (stepping closer meanwhile, as while a search runs).
    fn plan_far(&mut self, goal: Pos) {
        let (actor, at) = (self.senses.actor, self.senses.at);
        // A search asked for before (the goal was near then) is dropped.
        self.faction.cancel_plan(actor);
        let (outcome, ahead, ahead_cost) = match self.faction.plan_far(at, goal, false) {
            FarAnswer::Plan(plan) => (PlanOutcome::Path(plan.path), plan.ahead, plan.ahead_cost),
            FarAnswer::Unreachable => (PlanOutcome::Unreachable, Vec::new(), 0.0),
            FarAnswer::OverBudget => return,
        };
        let before = self.brain.raw_plan.clone();
        self.adopt(Finished {
            actor,
            from: at,
            goal,
            outcome,
        });
        if self.brain.raw_plan != before || self.brain.plan.is_empty() {
            // Taken (not a cheaper-route check that kept the old plan).
            self.brain.set_coarse_route(ahead, ahead_cost);
        }
    }

    /// Plans `goal` on the faction's coarse graph now, whatever its
    /// distance, and takes the stretch ahead as its plan (as
    /// [`Self::plan_far`]), even when it sets out back onto the cell the
    /// member just left: a plan on what the faction knows, not a guess,
    /// so no pacing (a greedy step or a stroll that led into a pocket's
    /// end is walked back out of). With `lagging`, it is tried whatever
    /// the turn's budget has left ([`Faction::plan_far`]). Returns whether
    /// it took one; when it takes none (the coarse search over budget or
    /// no way), the search under way goes on untouched.
    pub(super) fn plan_coarse_now(&mut self, goal: Pos, lagging: bool) -> bool {
        let (actor, at) = (self.senses.actor, self.senses.at);
        let FarAnswer::Plan(plan) = self.faction.plan_far(at, goal, lagging) else {
            return false;
        };
        self.faction.cancel_plan(actor);
        self.adopt(Finished {
            actor,
            from: at,
            goal,
            outcome: PlanOutcome::Path(plan.path),
        });
        if self.brain.plan.is_empty() {
            return false;
        }
        self.brain.set_coarse_route(plan.ahead, plan.ahead_cost);
        true
    }

    /// Why the plan the monster has no longer serves, if it does not.
    pub(super) fn plan_problem(&mut self, goal: Pos) -> Option<ReplanReason> {
        if self.brain.plan.is_empty() {
            return None;
        }
        if self.brain.stall_turns >= STALL_PATIENCE
            && self.brain.stall_turns >= self.brain.detour_asked_at + STALL_PATIENCE
        {
            return Some(ReplanReason::Stalled);
        }
        if self.brain.needs_plan_for(self.senses.at, goal) {
            return Some(ReplanReason::GoalMoved);
        }
        let at = self.senses.at;
        if self.faction.believes_walk_blocked(at, &self.brain.plan) {
            return Some(ReplanReason::Blocked);
        }
        if self.senses.far_from_player && self.brain.mode == Mode::Wander {
            // Far strolls are walks, not cheapest paths (see
            // `pick_wander_target`): what their ground costs is no reason to
            // search again.
            return None;
        }
        let config = self.faction.config()?;
        let rules = self.faction.rules()?;
        let margin = config.replan_margin;
        let (planned, now): (f64, f64) = self
            .brain
            .plan
            .iter()
            .zip(&self.brain.plan_costs)
            .take(COST_LOOKAHEAD)
            .map(|(&cell, &planned)| {
                let now = rules
                    .terrain_cost(self.faction.knowledge().belief(cell))
                    .unwrap_or(f64::INFINITY);
                (planned, now)
            })
            .fold((0.0, 0.0), |(a, b), (p, n)| (a + p, b + n));
        if now > planned * (1.0 + margin) + 1e-9 {
            return Some(ReplanReason::CostSurprise);
        }
        if self.senses.turn >= self.brain.cheaper_checked_turn + CHEAPER_CHECK_TURNS
            && !self.faction.is_planning(self.senses.actor)
            && cheaper_ground_near_the_way(
                self.faction.cheaper_this_turn(),
                at,
                goal,
                margin,
                &self.brain.plan,
            )
        {
            self.brain.cheaper_checked_turn = self.senses.turn;
            return Some(ReplanReason::CheaperRoute);
        }
        None
    }

    /// Queues a search for the monster's goal, leaving out its own crowding
    /// (and, after a stall, going round the packmates beside it).
    fn ask_for_plan(&mut self, goal: Pos, reason: Option<ReplanReason>, has_plan: bool) {
        let at = self.senses.at;
        let overrides = plan_overrides(
            self.faction,
            self.brain,
            at,
            self.senses.fight_turns,
            |cell| {
                matches!(
                    (self.senses.body_at)(cell),
                    Body::Packmate { .. } | Body::Stranger { .. }
                )
            },
        );
        if self.brain.stall_turns >= STALL_PATIENCE {
            self.brain.detour_asked_at = self.brain.stall_turns;
        }
        let priority = priority_of(
            self.hunts_in_view(),
            !self.brain.plan.is_empty(),
            at.octile(goal),
        );
        if let Some(reason) = reason {
            self.faction.counters_mut().replans.add(reason);
        }
        let far = self.brain.mode != Mode::Wander && is_far(at, goal);
        if far {
            self.faction.counters_mut().far_plans += 1;
        }
        self.brain.pending_replan = reason;
        // Far goals are planned coarse first; but one stalled behind its
        // packmates plans round them on the fine grid, where they are.
        if far && reason != Some(ReplanReason::Stalled) {
            self.plan_far(goal);
            return;
        }
        self.faction.request_plan(PlanRequest {
            actor: self.senses.actor,
            from: at,
            goal,
            priority,
            has_plan,
            overrides,
        });
    }
}

/// Whether `goal` is far from `at` (see `crate::ai::coarse_plan`).
fn is_far(at: Pos, goal: Pos) -> bool {
    at.chebyshev(goal) > FAR_GOAL
}

/// Whether newly cheaper ground lies near the straight way from `at` to
/// `goal` (within the margin's detour) and off the current plan: a route
/// through it may be cheaper, worth a search to find out.
fn cheaper_ground_near_the_way(
    cheaper: &[Pos],
    at: Pos,
    goal: Pos,
    margin: f64,
    plan: &[Pos],
) -> bool {
    let straight = at.octile(goal);
    cheaper.iter().take(256).any(|&cell| {
        at.octile(cell) + cell.octile(goal) <= straight * (1.0 + margin) + 2.0
            && !plan.contains(&cell)
    })
}

/// The cells with a body on them that a member's search at `at` is
/// asked to go round (priced by [`plan_overrides`]): after a stall the
/// monsters beside it, and about the cell it holds those near that cell.
/// A plan smoothed afterwards must not cut back through them.
pub(super) fn detoured_bodies(
    brain: &Brain,
    at: Pos,
    monster_at: impl Fn(Pos) -> bool,
) -> Vec<Pos> {
    let (stalled, about_spot) = bodies_to_go_round(brain, at, monster_at);
    let mut cells = stalled;
    cells.extend(about_spot);
    cells
}

/// The bodies a member's search goes round, in two kinds: those beside it
/// after a stall, and those about the cell it holds round the player or a
/// noise (not already among the first).
fn bodies_to_go_round(
    brain: &Brain,
    at: Pos,
    monster_at: impl Fn(Pos) -> bool,
) -> (Vec<Pos>, Vec<Pos>) {
    let mut stalled = Vec::new();
    if brain.stall_turns >= STALL_PATIENCE {
        // Stuck behind bodies: this plan goes round the monsters beside it
        // where it can.
        for (dx, dy) in NEIGHBOURS {
            let cell = Pos::new(at.x + dx, at.y + dy);
            if monster_at(cell) {
                stalled.push(cell);
            }
        }
    }
    let mut about_spot = Vec::new();
    if let Some(spot) = brain.spot {
        // Heading for a cell it holds round the player or a noise: the
        // bodies already about it are gone round (to the far side when the
        // near side is full) when that is cheaper than queueing behind
        // them.
        for dy in -SPOT_DETOUR_RADIUS..=SPOT_DETOUR_RADIUS {
            for dx in -SPOT_DETOUR_RADIUS..=SPOT_DETOUR_RADIUS {
                let cell = Pos::new(spot.x + dx, spot.y + dy);
                if cell != at && monster_at(cell) && !stalled.contains(&cell) {
                    about_spot.push(cell);
                }
            }
        }
    }
    (stalled, about_spot)
}

/// What waiting behind a body about the cell it holds costs a member's
/// search: a fight's length (`fight_turns`), or, once it has waited
/// longer than that ([`Brain::held_turns`]: the fight outlasts the
/// estimate, say a player who does not fall), what it has waited so far.
/// A waiter whose wait has lasted longer than the way round through
/// another door goes round at its next search.
fn waiting_cost(brain: &Brain, fight_turns: f64) -> f64 {
    fight_turns.max(f64::from(brain.held_turns)).max(0.0)
}

/// The cells a member's search at `at` prices differently from its
/// faction's grid: its own crowding left out, and the monsters it is to
/// go round ([`detoured_bodies`]) made dear. A body about the cell it
/// holds costs a step and the wait behind it, `fight_turns` (how long a
/// monster of its kind lasts against the player: the queue ahead of it
/// times that is what waiting costs), so it takes the way round, through
/// another door, only when that is cheaper than waiting its turn; one
/// beside it after a stall costs [`PACKMATE_DETOUR_COST`]. One that has
/// waited longer than `fight_turns` (or that detour cost) already prices
/// the wait at what it has waited ([`waiting_cost`]). The debug
/// overlay's preview prices its search with this too, so it shows the
/// search the member would really ask for.
pub(crate) fn plan_overrides(
    faction: &Faction,
    brain: &Brain,
    at: Pos,
    fight_turns: f64,
    monster_at: impl Fn(Pos) -> bool,
) -> Vec<(Pos, f64)> {
    let mut overrides = faction.own_crowding_overrides(&brain.crowding_marks);
    let (stalled, about_spot) = bodies_to_go_round(brain, at, monster_at);
    let grid = faction.grid();
    let priced = stalled
        .into_iter()
        .map(|cell| {
            (
                cell,
                PACKMATE_DETOUR_COST.max(waiting_cost(brain, fight_turns)),
            )
        })
        .chain(about_spot.into_iter().map(|cell| {
            let step = grid.and_then(|g| g.cost(cell)).unwrap_or(1.0);
            (cell, step + waiting_cost(brain, fight_turns))
        }));
    for (cell, cost) in priced {
        overrides.retain(|&(pos, _)| pos != cell);
        overrides.push((cell, cost));
    }
    overrides
}
