//! The monster turn, as one pipeline: what a monster perceives and its
//! faction's mind go in, an intent (step, attack, bash, wait) comes out; the
//! game applies it and reports back once what happened, which the
//! monster concludes from ([`crate::ai::turn_outcome`]). A [`MemberTurn`] holds what one member's
//! decision borrows (its faction, its brain, its senses); the steps of the
//! decision are its methods.
//!
//! - Members pursuing the player's last known position follow the
//!   faction's shared field (one search for all of them, repaired as
//!   knowledge changes); individual goals (a noise, a stroll) get an
//!   individual A* through the faction's planner.
//! - A plan is checked against what the faction knows when it arrives and
//!   every turn after: a cell known blocked, cells dearer than planned by
//!   the faction's margin, or a clearly cheaper route makes it plan again.
//! - While its search runs a monster steps toward the goal on what its
//!   faction believes walkable; a packmate in the way is swapped with or
//!   walked round, and one that stays in the way makes it plan round.
//!
//! Never reads the true level to plan: sight (`look_around`) and bumps are
//! how a faction learns. Never imports a terminal crate.

use std::ops::ControlFlow;

use rand::Rng;

mod adopt;
mod flee;
mod look;
mod look_about;
mod pack;
mod plan;
mod ranged;
mod reach;
mod search;
mod steps;
mod wander;

pub(crate) use look::{look_around, mark_presence, view_radius};
pub(crate) use look_about::LookingAbout;
pub(crate) use pack::same_business;
use pack::{PackTurn, SURROUND_PAUSE};
pub(crate) use plan::plan_overrides;
use plan::{FIELD_RADIUS, FIELD_RETARGET, NEAR_TARGET, STALL_PATIENCE};
pub(crate) use ranged::Shooter;
pub(crate) use search::{SWEEP_MIN_TURNS, SWEEP_TIME, Sweep};
#[cfg(test)]
pub(crate) use wander::FIRST_STROLL_SPREAD;
pub(crate) use wander::{FIRST_STROLL_CROWD, is_far_wanderer, stagger_first_stroll};

use crate::ai::brain::{Brain, Mode, Perception};
use crate::ai::faction::Faction;
use crate::ai::give_way::{Body, WaitFor};
use crate::ai::thought::Thought;
use gridpath::Pos;

/// What danger and threat must add to a cell's cost (a floor step costs 1)
/// before a searcher keeps off the player's last known position itself.
const DANGEROUS: f64 = 1.0;
/// Distance (Chebyshev, in cells) from the player beyond which a monster is
/// far from it: half a wide screen and more than any sight radius, so its
/// view cannot show the player, and what it learns bears on no hunt soon.
pub(crate) const FAR_FROM_PLAYER: i32 = 48;

/// Whether a monster at `at` is far from the player at `player`.
pub(crate) fn far_from_player(at: Pos, player: Pos) -> bool {
    at.chebyshev(player) > FAR_FROM_PLAYER
}

/// What a monster senses at the start of its turn.
pub(crate) struct Senses<'a> {
    pub actor: usize,
    pub at: Pos,
    pub now: f64,
    /// The player turn number.
    pub turn: u64,
    /// The player's cell, if this monster sees it.
    pub player_seen: Option<Pos>,
    /// Share of hit points left, 0..=1.
    pub health: f64,
    /// Whether it is far from the player ([`far_from_player`]): out there
    /// a wanderer's stroll is one small search of its cluster on its
    /// faction's coarse graph (see [`crate::ai::coarse`]), not a request
    /// to its faction's planner (hundreds of them would starve the
    /// searches near the player).
    pub far_from_player: bool,
    /// Who stands on a cell (monsters see their neighbours, and the cells
    /// round a player they see).
    pub body_at: &'a dyn Fn(Pos) -> Body,
    /// What the packmate standing on a cell waits for, if it waits for a
    /// cell of its way a body held ([`crate::ai::give_way::awaits`]): a free cell one
    /// waited for longer is left to it.
    pub awaited_at: &'a dyn Fn(Pos) -> Option<WaitFor>,
    /// Whether a smoke cloud hangs over a cell it sees (asked of its
    /// neighbours, of the player's cell while it sees the player, and of
    /// a cell a shooter's search would look at that it sees): a cloud
    /// hides all that is not side by side.
    pub smoke_at: &'a dyn Fn(Pos) -> bool,
    /// How it shoots, for a kind with a range.
    pub shooter: Option<Shooter>,
    /// How many turns a monster of its kind lasts fighting the player (its
    /// kind's hit points over the blow the player lands in a turn, on
    /// average): the wait a hunter queued behind one fighting packmate
    /// can expect (see `plan::plan_overrides`).
    pub fight_turns: f64,
}

/// The fight length ([`Senses::fight_turns`]) taken where the game gives
/// none (a walker of the fog-of-war experiment, which meets no player).
pub(crate) const FALLBACK_FIGHT_TURNS: f64 = 3.0;

/// What a monster wants to do; the game decides whether it works.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Intent {
    /// Step onto `to`; with `swap`, trade places with the packmate there;
    /// `guided` when the step follows a finished plan, a shared field or
    /// the safety map, not a guess toward the goal while a search runs.
    Step {
        to: Pos,
        swap: bool,
        guided: bool,
    },
    Attack(Pos),
    /// Shoot at the player on this cell (a kind with a range).
    Shoot(Pos),
    /// Batter the closed door at this cell.
    #[expect(
        dead_code,
        reason = "no decision of the monster turn makes it today; the game still carries it out"
    )]
    Bash(Pos),
    Wait,
    /// Stand until its loitering is over, in one action: far from the
    /// player nobody sees it, and a wait a turn for a thousand idle
    /// monsters was most of a big level's AI time.
    Loiter,
}

/// One member's turn: its faction's mind, its own, and what it senses,
/// borrowed together while it decides (the steps of the turn are its
/// methods, so none passes the three along).
pub(crate) struct MemberTurn<'a> {
    faction: &'a mut Faction,
    brain: &'a mut Brain,
    senses: &'a Senses<'a>,
    /// The cell of a body that turned its stroll back this turn: its next
    /// stroll, picked this same turn, sets out any other way
    /// ([`MemberTurn::wander_goal`]).
    turned_back_from: Option<Pos>,
    /// The planned way to its stroll's spot set out back onto the cell its
    /// last step left: its next stroll, picked this same turn, walks on
    /// along the ground ahead rather than draw another spot
    /// ([`MemberTurn::adopt`]).
    walks_on: bool,
}

impl<'a> MemberTurn<'a> {
    /// The turn of the member whose mind is `brain`, in `faction`, sensing `senses`.
    pub(crate) fn new(
        faction: &'a mut Faction,
        brain: &'a mut Brain,
        senses: &'a Senses<'a>,
    ) -> Self {
        Self {
            faction,
            brain,
            senses,
            turned_back_from: None,
            walks_on: false,
        }
    }

    /// Decides what the monster does this turn.
    pub(crate) fn think(&mut self, rng: &mut impl Rng) -> Intent {
        let intent = self.decide_turn(rng);
        // A shooter that just backed off does not walk straight back.
        match self.hold_after_backing_off(intent) {
            Some(intent) => intent,
            // It dropped a noise (or a stroll) round the corner it backed
            // off from: the rest of its life decides this same turn (no
            // wait at it).
            None => {
                let again = self.decide_turn(rng);
                self.hold_after_backing_off(again).unwrap_or(Intent::Wait)
            }
        }
    }

    /// What the monster would do this turn, before a shooter's hold.
    fn decide_turn(&mut self, rng: &mut impl Rng) -> Intent {
        // Whatever members saw so far reaches the planning grid first.
        self.faction.sync_view();
        let at = self.senses.at;
        if let Some(player) = self.senses.player_seen {
            self.faction.note_sighting(player, self.senses.now);
        }
        self.judge_reach_of_player();
        let Some(flee_below) = self.faction.config().map(|c| c.flee_below) else {
            return Intent::Wait;
        };
        let perception = Perception {
            at,
            now: self.senses.now,
            player_seen: self.senses.player_seen,
            health: self.senses.health,
            flee_below,
        };
        if self.brain.mode == Mode::Wander
            && self.brain.stall_turns >= STALL_PATIENCE
            && self.brain.stall_turns >= self.brain.detour_asked_at + STALL_PATIENCE
        {
            // Going nowhere: a stroll somewhere else.
            self.brain.wander_target = None;
            self.brain.forget_plan();
        }
        let first = self.decide_and_act(&perception, rng);
        if matches!(self.brain.thought, Thought::Cornered { .. }) {
            // No way to gain distance: it fights this same turn.
            return self.decide_and_act(&perception, rng);
        }
        if let Some(body) = self.turned_back(first) {
            // A stroll a body turned back: another, this same turn, that
            // does not set out past it (standing to pick again next turn
            // picked the way past it again: two strollers face to face in
            // a corridor waited on each other for good).
            self.turned_back_from = Some(body);
            return self.decide_and_act(&perception, rng);
        }
        // A goal just found out of reach is dropped at once: the monster takes
        // up its next concern this same turn rather than stand still.
        let dropped = first == Intent::Wait
            && self.brain.goal.is_some()
            && self.brain.unreachable == self.brain.goal
            && matches!(
                self.brain.thought,
                Thought::NoPath { .. } | Thought::GaveUp { .. } | Thought::LeavesNoiseToPackmate(_)
            );
        if dropped {
            // Out of reach is a miss; too slow to plan for (given up) is the
            // budget's doing, not the spot's: the searcher tries again, about
            // the same place, until the news is stale.
            if self.brain.mode == Mode::Search
                && matches!(self.brain.thought, Thought::NoPath { .. })
            {
                self.brain.miss_search_goal(self.senses.now);
            }
            // But past its floor of turns, a search whose planner gave its
            // goal up is given up where it stands: news of the moving
            // player shouted anew every few turns began the spots and
            // the misses afresh, and a wolf in the swamp waited for plans
            // to spot after spot for 118 actions, 65 game time (swamp seed
            // 3 with the evader, from turn 42).
            if self.brain.mode == Mode::Search
                && matches!(self.brain.thought, Thought::GaveUp { .. })
                && self
                    .brain
                    .search_run
                    .is_some_and(|run| run.turns >= SWEEP_MIN_TURNS)
            {
                self.brain.give_up_search(self.senses.now);
            }
            // A cell next to the player out of reach: so, as far as the
            // faction knows, is the player (it searches instead of trying
            // every cell round it in turn).
            // Given up for the planner's budget, it is the spot's doing
            // no more than the player's: the spot alone is marked, and it
            // takes another (a wolf whose plan to a spot two cells off was
            // given up after four turns took the player as out of reach
            // and watched it 17 actions: unseen22's wolf-den at depth 5,
            // seed 2, turns 116-127).
            if self.brain.mode == Mode::Hunt
                && self.brain.spot.is_some()
                && self.brain.spot == self.brain.goal
            {
                if matches!(self.brain.thought, Thought::NoPath { .. }) {
                    self.brain.unreachable = self.senses.player_seen;
                }
                self.release_spot();
            }
            return self.decide_and_act(&perception, rng);
        }
        first
    }

    /// One pass of choosing a goal and acting on it.
    fn decide_and_act(&mut self, perception: &Perception, rng: &mut impl Rng) -> Intent {
        let mut goal = self.brain.decide(perception);
        if self.brain.mode == Mode::Search
            && self.senses.player_seen.is_none()
            && self.search_swept()
        {
            // It looked about where the player was long enough: it gives
            // the player up and goes back to its life this same turn.
            self.brain.give_up_search(self.senses.now);
            goal = self.brain.decide(perception);
        }
        if self.search_shut_away() {
            // No way out of where it stands to the place: it does not take
            // the search up, and holds to that for the give-up time.
            self.brain.give_up_search(self.senses.now);
            goal = self.brain.decide(perception);
        }
        self.count_search_turn();
        if self.search_watched_out_of_reach() {
            // It watched a player it cannot reach for a look's length.
            self.brain.give_up_search(self.senses.now);
            goal = self.brain.decide(perception);
        }
        if self.brain.mode == Mode::Search
            && self.senses.player_seen.is_none()
            && self.search_out_of_reach_in_time(goal)
        {
            // Its way there is longer than the news keeps: it gives the
            // player up where it stands, not on the way.
            self.brain.give_up_search(self.senses.now);
            goal = self.brain.decide(perception);
        }
        if self.brain.mode == Mode::Search && self.senses.player_seen.is_none() {
            goal = self.search_goal(goal, rng);
            // A shooter looks for it from a firing cell.
            goal = self.shooter_search_goal(goal);
            if self.search_way_outlasts_floor(goal) && !self.search_way_leads_nearer(goal) {
                // Its way there outlasts the news, and it has not searched
                // its floor of turns: it looks about where it stands
                // rather than walk the way round and give up on it. A way
                // that leads nearer the place it walks meanwhile.
                self.brain.goal = goal;
                self.brain.thought = Thought::Idle;
                return Intent::Wait;
            }
            if self.search_place_out_of_reach(goal) {
                // No way to the place nor to any spot about it: it goes
                // back to its life this same turn.
                self.brain.give_up_search(self.senses.now);
                goal = self.brain.decide(perception);
            }
        }
        if self.brain.mode == Mode::Flee {
            self.brain.goal = None;
            // Running, it holds no cell round the player for its packmates
            // to leave free.
            self.release_spot();
            return match goal {
                Some(threat) => self.flee(threat),
                None => Intent::Wait,
            };
        }
        // Out of flight, the cell it last fled from is just a cell again.
        self.brain.fled_from = None;
        let hunted = self
            .senses
            .player_seen
            .filter(|&player| goal == Some(player));
        if let Some(intent) = self.fight_in_reach(hunted) {
            return intent;
        }
        goal = match self.pack_goal(hunted, goal) {
            ControlFlow::Continue(goal) => goal,
            ControlFlow::Break(PackTurn::Acts(intent)) => return intent,
            // It saw where the noise was made (or lost interest): it goes
            // back to its life this same turn.
            ControlFlow::Break(PackTurn::DecideAgain) => {
                return self.decide_and_act(perception, rng);
            }
        };
        if goal.is_some() && self.stroll_lost() {
            // A stroll gone wrong is dropped for another (see
            // `stroll_lost`), never walked round by the planner.
            goal = None;
            self.brain.wander_target = None;
            self.brain.forget_plan();
        }
        if goal.is_none() && self.brain.mode == Mode::Wander {
            goal = match self.wander_goal(rng) {
                ControlFlow::Continue(goal) => goal,
                ControlFlow::Break(intent) => return intent,
            };
        }
        let intent = self.head_for(goal);
        if self.search_steps_out(intent) {
            // Its way leads out of the place it searches: it looks about
            // where it stands, and past its floor of turns gives the
            // player up there.
            if self
                .brain
                .search_run
                .is_some_and(|run| run.turns >= SWEEP_MIN_TURNS)
            {
                self.brain.give_up_search(self.senses.now);
                self.brain.forget_plan();
                return self.decide_and_act(perception, rng);
            }
            self.brain.thought = Thought::Idle;
            return Intent::Wait;
        }
        if self.brain.mode == Mode::Search
            && self.senses.player_seen.is_none()
            && self.brain.search_run.is_some_and(|run| run.turns == 1)
            && self.search_sets_out_too_late(goal)
        {
            // The plan it made on taking the search up shows a way longer
            // than the news keeps: it does not set out (a search given up
            // steps later would be a flap), and goes on with its life.
            self.brain.give_up_search(self.senses.now);
            self.brain.forget_plan();
            return self.decide_and_act(perception, rng);
        }
        intent
    }

    /// A shooter's fight, or a blow at the player next to it (or a step
    /// aside to make room for a packmate), when it hunts the player it
    /// sees (`hunted`) and can fight from where it stands.
    fn fight_in_reach(&mut self, hunted: Option<Pos>) -> Option<Intent> {
        let at = self.senses.at;
        if let (Some(player), Some(shooter)) = (hunted, self.senses.shooter) {
            self.release_spot();
            if let Some(intent) = self.fight_at_range(player, shooter) {
                self.brain.goal = Some(player);
                return Some(intent);
            }
        }
        let player = hunted?;
        if !is_adjacent(at, player) || self.faction.believes_step_blocked(at, player) {
            return None;
        }
        self.brain.goal = Some(player);
        if self.senses.shooter.is_none() {
            self.hold_where_it_strikes();
            if let Some(side) = self.make_room(player) {
                return Some(Intent::Step {
                    to: side,
                    swap: false,
                    guided: true,
                });
            }
        }
        self.brain.thought = Thought::Attacking(player);
        Some(Intent::Attack(player))
    }

    /// Where its chosen goal takes it now: the shared field toward the
    /// player's last known cell, or its own plan.
    fn head_for(&mut self, goal: Option<Pos>) -> Intent {
        let at = self.senses.at;
        self.brain.goal = goal;
        let Some(goal) = goal else {
            self.brain.forget_plan();
            self.brain.thought = Thought::Idle;
            return Intent::Wait;
        };
        if goal == at {
            // A goal on its own cell (a shooter that waits a smoke cloud
            // out from its distance) is held, not planned for: asked for a
            // plan to itself, it waited "for a plan" five turns, gave its
            // own cell up as out of reach, so let a passing packmate push
            // it off the cell, and stepped straight back on (an A-B-A-B:
            // river seed 5 at depth 5, a spitter on the bridge, turns
            // 55-62). Held, it stays, and a packmate goes round or waits.
            self.brain.forget_plan();
            self.brain.thought = if self.senses.shooter.is_some() {
                Thought::WaitsForClearShot
            } else {
                Thought::Idle
            };
            return Intent::Wait;
        }
        // Members heading for where the faction last saw the player share one
        // field; one chasing older news (or a spot it searches) plans alone.
        let shared = matches!(self.brain.mode, Mode::Hunt | Mode::Search)
            && at.chebyshev(goal) > NEAR_TARGET
            && at.octile(goal) <= FIELD_RADIUS
            && self
                .faction
                .sighting()
                .is_some_and(|s| s.pos.chebyshev(goal) <= FIELD_RETARGET);
        // Why it heads for a cell it holds (surrounding, waiting for room,
        // investigating) says more than "following its plan".
        // So does giving up a cell whose way stalled, while it approaches
        // plainly.
        let holding = (self.brain.spot == Some(goal))
            .then_some(self.brain.thought)
            .or_else(|| {
                self.brain
                    .spot_way
                    .filter(|way| way.pausing(self.senses.now, SURROUND_PAUSE))
                    .map(|way| Thought::GivesUpSpot { spot: way.spot })
            });
        let intent = if shared {
            self.follow_shared_field(goal)
        } else {
            self.pursue(goal)
        };
        if let Some(why) = holding
            && matches!(self.brain.thought, Thought::FollowingPlan { .. })
        {
            self.brain.thought = why;
        }
        intent
    }
}

/// The eight steps from a cell, straight ones first.
const NEIGHBOURS: [(i32, i32); 8] = gridpath::DIRECTION_DELTAS;

/// Whether `a` and `b` are distinct cells that touch.
fn is_adjacent(a: Pos, b: Pos) -> bool {
    a != b && a.chebyshev(b) == 1
}

#[cfg(test)]
mod tests;
