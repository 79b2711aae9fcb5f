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

use rand::{Rng, RngExt};

mod pack;
mod ranged;

use pack::{Investigation, SURROUND_RADIUS};
pub use ranged::Shooter;

use crate::ai::brain::{
    Brain, CORNERED_TIME, Mode, PURSUIT_MEMORY, Perception, PlanSource, SEARCH_SPREAD,
};
use crate::ai::coarse::{COARSE_FROM, CoarseAnswer};
use crate::ai::counters::ReplanReason;
use crate::ai::faction::{BODY_CROWDING, Faction, PLANNED_CELLS_CROWDED, PLANNED_CROWDING};
use crate::ai::give_way::Body;
use crate::ai::planner::{Finished, PlanOutcome, PlanRequest};
use crate::ai::sight::{Sight, Viewpoint};
use crate::ai::thought::Thought;
use crate::world::Level;
use gridpath::{Grid, Heuristic, Pos, Reach, cheapest_straight_path, path_cost, string_pull};

/// Cells a wanderer walks between looks around.
const WANDER_LOOK_EVERY: i32 = 2;
/// Spots near the player's last known position a searcher weighs before it
/// picks the one where danger and threat weigh least.
const SEARCH_CANDIDATES: usize = 8;
/// What danger and threat must add to a cell's cost (a floor step costs 1)
/// before a searcher keeps off the player's last known position itself.
const DANGEROUS: f64 = 1.0;
/// Distance (Chebyshev, in cells) from the player beyond which a monster is
/// far from it: half a wide screen and more than any sight radius, so its
/// view cannot show the player, and what it learns bears on no hunt soon.
pub const FAR_FROM_PLAYER: i32 = 48;

/// Whether a monster at `at` is far from the player at `player`.
pub fn far_from_player(at: Pos, player: Pos) -> bool {
    chebyshev(at, player) > FAR_FROM_PLAYER
}

/// Cells a wanderer walks between looks around. Far from the player it
/// looks again only once it has walked as far as it sees: every cell of
/// its way was then within its sight radius of a look. Out there a look
/// can only fill in its faction's map for later strolls: on colossus and
/// an unseen 1024x1024 cave level (200 turns, seeds 1-3) the factions cast
/// 30-50% fewer views than looking every 6 cells, and two to three times as
/// many steps bump into a wall nobody had seen (about 700 rather than 270
/// among 1,100 members on the cave level).
fn wander_look_every(far_from_player: bool, sight_radius: u32) -> i32 {
    if far_from_player {
        i32::try_from(sight_radius).map_or(i32::MAX, |r| r.max(WANDER_LOOK_EVERY))
    } else {
        WANDER_LOOK_EVERY
    }
}

/// How far from itself a wandering monster picks a place to stroll to.
const WANDER_RANGE: i32 = 12;
/// The nearest spot a stroll goes to (while it can find one further): a
/// stroll of a step or two, then one back, is pacing, not wandering.
const MIN_STROLL: i32 = 4;
/// Attempts at picking a reachable wander target before standing still.
const WANDER_TRIES: usize = 8;
/// How long (game time, drawn from this range) a wanderer loiters where
/// its stroll ended.
const LOITER_TIME: (f64, f64) = (2.0, 8.0);
/// How long a wanderer far from the player loiters: longer (nobody sees it,
/// and a thousand far strollers were most of a big level's AI time), but
/// never so long that a level looks asleep when the player gets near.
const FAR_LOITER_TIME: (f64, f64) = (6.0, 24.0);
/// Game time a monster strolls toward one wander target before it gives up.
const WANDER_PATIENCE: f64 = 30.0;
/// Members within this distance (octile, in cells) of the target follow the
/// shared field; those further away plan on their own until they are near
/// (a field reaching far members would cost more than their searches).
const FIELD_RADIUS: f64 = 24.0;
/// Members this close to the target plan to its exact cell on their own
/// (a short search), so the field need not follow every step the target
/// takes.
const NEAR_TARGET: i32 = 4;
/// The shared field is aimed anew only when the target moved more than
/// this many cells from the field's source.
const FIELD_RETARGET: i32 = 3;
/// Cells of the shared field's route a follower keeps as its plan (for the
/// stale-plan check, crowding and the overlay).
const FIELD_ROUTE_CELLS: usize = 16;
/// How many of the next planned cells are compared with their planned cost.
const COST_LOOKAHEAD: usize = 8;
/// Stalled own turns after which a monster plans round its packmates.
const STALL_PATIENCE: u32 = 3;
/// What a cell a packmate stands on costs in a plan made to go round it.
const PACKMATE_DETOUR_COST: f64 = 25.0;
/// How far round the cell a member holds (Chebyshev, in cells) the bodies
/// standing there are gone round by its plan.
const SPOT_DETOUR_RADIUS: i32 = 2;
/// Own turns a monster waits without a plan for its search before it gives
/// the goal up (stepping closer meanwhile when it can).
const MAX_WAIT_TURNS: u32 = 6;
/// Own turns an investigator waits without a plan before it loses
/// interest in the noise.
const MAX_INVESTIGATE_WAIT_TURNS: u32 = 3;
/// Player turns between a monster's checks for a cheaper route.
const CHEAPER_CHECK_TURNS: u64 = 5;
/// Cells of a found path searched for the monster's current cell when the
/// search began elsewhere (it stepped while the search ran).
const SPLICE_WINDOW: usize = 16;
/// What a monster senses at the start of its turn.
pub struct Senses<'a> {
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
    /// a wanderer's stroll is one small search round it and its spot (see
    /// [`crate::ai::coarse`]), not a request to its faction's planner
    /// (hundreds of them would starve the searches near the player).
    pub far_from_player: bool,
    /// Who stands on a cell (monsters see their neighbours, and the cells
    /// round a player they see).
    pub body_at: &'a dyn Fn(Pos) -> Body,
    /// How it shoots, for a kind with a range.
    pub shooter: Option<Shooter>,
}

/// What a monster wants to do; the game decides whether it works.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Intent {
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
    Bash(Pos),
    Wait,
    /// Stand until its loitering is over, in one action: far from the
    /// player nobody sees it, and a wait a turn for a thousand idle
    /// monsters was most of a big level's AI time.
    Loiter,
}

/// The monster's field of view goes into its faction's knowledge (only
/// when it moved or the level changed since it last looked). Sight is the
/// one place the true level is read.
pub fn look_around(
    faction: &mut Faction,
    brain: &mut Brain,
    level: &Level,
    sight: &mut Sight,
    viewpoint: &Viewpoint,
) {
    let (at, level_version) = (viewpoint.at, viewpoint.level_version);
    let Some(radius) = view_radius(faction, brain, viewpoint) else {
        return;
    };
    brain.looked_from = Some((at, level_version));
    // Members share a radius: a packmate that looked from this very cell
    // since the level last changed saw all this one would; and where the
    // faction already knows every cell a look could show, it would learn
    // nothing.
    if !faction.first_look_from(at) || !faction.could_learn_near(level, at, radius) {
        faction.counters_mut().views_skipped += 1;
        return;
    }
    faction.counters_mut().views_cast += 1;
    // Cells on the quadrants' borders may be revealed twice: seeing a cell
    // again at the same moment changes nothing.
    sight.look(level, viewpoint, radius, |pos| {
        faction.look_at(pos, viewpoint.now, || level.terrain_at(pos));
    });
}

/// How far a member at `at` would look this turn, or `None` when it would
/// not look at all: it looked from here already, or it wanders and looked
/// a step ago. Asks nothing of the faction's books (see [`look_around`]).
pub fn view_radius(faction: &Faction, brain: &Brain, viewpoint: &Viewpoint) -> Option<u32> {
    let at = viewpoint.at;
    // What it saw from its last look still holds unless the terrain
    // changed in sight since (a door opening across the level does not
    // count).
    let unchanged_since = |looked_at: u64| viewpoint.changed_in_sight <= looked_at;
    if brain
        .looked_from
        .is_some_and(|(from, looked_at)| from == at && unchanged_since(looked_at))
    {
        return None;
    }
    // A wanderer (most monsters, most of the time) looks around every
    // other cell, or every few when far from the player: one step shows
    // little its last view did not, and only its next stroll could use it.
    // Monsters closing in look every step.
    let sight_radius = faction.config()?.sight_radius;
    if brain.mode == Mode::Wander
        && let Some((from, looked_at)) = brain.looked_from
        && unchanged_since(looked_at)
        && chebyshev(from, at) < wander_look_every(viewpoint.far_from_player, sight_radius)
    {
        return None;
    }
    Some(sight_radius)
}

/// Once a turn, a member closing in marks its body and next cells as
/// crowding for its packmates (and remembers the marks, so its own
/// searches leave them out).
pub fn mark_presence(faction: &mut Faction, brain: &mut Brain, at: Pos) {
    let closing_in = matches!(brain.mode, Mode::Hunt | Mode::Search | Mode::Investigate);
    if !closing_in {
        brain.crowding_marks.clear();
        return;
    }
    let mut cells = vec![(at, BODY_CROWDING)];
    cells.extend(
        brain
            .plan
            .iter()
            .take(PLANNED_CELLS_CROWDED)
            .map(|&cell| (cell, PLANNED_CROWDING)),
    );
    brain.crowding_marks = faction.mark_crowding(&cells);
}

/// One member's turn: its faction's mind, its own, and what it senses,
/// borrowed together while it decides (the steps of the turn are its
/// methods, so none passes the three along).
pub struct MemberTurn<'a> {
    faction: &'a mut Faction,
    brain: &'a mut Brain,
    senses: &'a Senses<'a>,
}

impl<'a> MemberTurn<'a> {
    /// The turn of the member whose mind is `brain`, in `faction`, sensing `senses`.
    pub fn new(faction: &'a mut Faction, brain: &'a mut Brain, senses: &'a Senses<'a>) -> Self {
        Self {
            faction,
            brain,
            senses,
        }
    }

    /// Decides what the monster does this turn.
    pub fn think(&mut self, rng: &mut impl Rng) -> Intent {
        // Whatever members saw so far reaches the planning grid first.
        self.faction.sync_view();
        let at = self.senses.at;
        if let Some(player) = self.senses.player_seen {
            self.faction.note_sighting(player, self.senses.now);
        }
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
        // A goal just found out of reach is dropped at once: the monster takes
        // up its next concern this same turn rather than stand still.
        let dropped = first == Intent::Wait
            && self.brain.goal.is_some()
            && self.brain.unreachable == self.brain.goal
            && matches!(
                self.brain.thought,
                Thought::NoPath { .. } | Thought::GaveUp { .. }
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
            // A cell next to the player out of reach: so, as far as the
            // faction knows, is the player (it searches instead of trying
            // every cell round it in turn).
            if self.brain.mode == Mode::Hunt
                && self.brain.spot.is_some()
                && self.brain.spot == self.brain.goal
            {
                self.brain.unreachable = self.senses.player_seen;
                self.release_spot();
            }
            return self.decide_and_act(&perception, rng);
        }
        first
    }

    /// One pass of choosing a goal and acting on it.
    fn decide_and_act(&mut self, perception: &Perception, rng: &mut impl Rng) -> Intent {
        let at = self.senses.at;
        let mut goal = self.brain.decide(perception);
        if self.brain.mode == Mode::Search && self.senses.player_seen.is_none() {
            // Reaching the last sighting without finding the player: the trail
            // is cold for the faction's shared field.
            if self.faction.sighting().is_some_and(|s| s.pos == at) {
                self.faction.forget_sighting();
            }
            let last_known = self.brain.alert.map(|alert| alert.pos);
            // A packmate stands there or stood there and found the trail cold,
            // and it sees the place: it need not stand on it too (the first one
            // there looks round the corner the player took; the pack trading
            // places on it would only go round and round).
            let checked_by_mate = last_known.is_some_and(|pos| {
                (self.faction.sighting().is_none_or(|s| s.pos != pos)
                    || matches!((self.senses.body_at)(pos), Body::Packmate { .. }))
                    && octile(at, pos) <= f64::from(SEARCH_SPREAD)
                    && self.faction.believes_seen_from(at, pos)
            });
            // A chase closes in on where the player is however much threat
            // lies there; a search of older news keeps to cover.
            let chase = self.brain.chases(self.senses.now).is_some();
            let dangerous =
                !chase && goal.is_some_and(|g| self.faction.avoidance_at(g) > DANGEROUS);
            if goal.is_some() && goal == last_known && (checked_by_mate || dangerous) {
                // Where the player was is checked and in plain sight, or where
                // kin died: it searches about it from somewhere safer.
                goal = None;
            }
            if goal.is_none() {
                // It looks about near where the player was last known to be.
                let around = last_known.unwrap_or(at);
                self.brain.search_spot =
                    pick_search_spot(self.faction, at, around, self.brain.unreachable, rng);
                goal = self.brain.search_spot;
                if let Some(spot) = goal {
                    self.brain.thought = Thought::SearchesAbout { spot };
                }
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
        if let (Some(player), Some(shooter)) = (hunted, self.senses.shooter) {
            self.release_spot();
            if let Some(intent) = self.fight_at_range(player, shooter) {
                self.brain.goal = Some(player);
                return intent;
            }
        }
        if let Some(player) = hunted
            && is_adjacent(at, player)
            && !self.faction.believes_step_blocked(at, player)
        {
            self.brain.goal = Some(player);
            if self.senses.shooter.is_none()
                && let Some(side) = self.make_room(player)
            {
                return Intent::Step {
                    to: side,
                    swap: false,
                    guided: true,
                };
            }
            self.brain.thought = Thought::Attacking(player);
            return Intent::Attack(player);
        }
        match (hunted, self.brain.mode, goal) {
            (Some(player), _, _)
                if self.senses.shooter.is_none() && chebyshev(at, player) <= SURROUND_RADIUS =>
            {
                if let Some(spot) = self.surround_spot(player) {
                    if spot == at {
                        // Waiting for room, out of the way.
                        self.brain.goal = Some(spot);
                        self.brain.forget_plan();
                        return Intent::Wait;
                    }
                    goal = Some(spot);
                }
            }
            (_, Mode::Investigate, Some(noise)) => match self.investigate(noise) {
                Investigation::GoTo(spot) => goal = Some(spot),
                Investigation::Done => {
                    // It saw where the noise was made (or lost interest):
                    // it goes back to its life this same turn.
                    self.brain.noise = None;
                    self.brain.investigating = None;
                    self.release_spot();
                    return self.decide_and_act(perception, rng);
                }
            },
            _ => self.release_spot(),
        }
        if goal.is_none() && self.brain.mode == Mode::Wander {
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
                self.brain.thought = Thought::Loiters;
                return if self.senses.far_from_player {
                    Intent::Loiter
                } else {
                    Intent::Wait
                };
            }
            self.brain.loiter_until = 0.0;
            let (target, way) = if self.senses.far_from_player {
                pick_far_stroll(self.faction, at, rng).unzip()
            } else {
                pick_wander_target(self.faction, at, rng)
            };
            if self.senses.far_from_player && target.is_none() {
                // Nowhere to stroll from here this time (or the strolls'
                // allowance is spent this turn): it loiters a little, in
                // one action, rather than try again at every one.
                let (least, most) = LOITER_TIME;
                self.brain.loiter_until = self.senses.now + rng.random_range(least..most);
                self.brain.forget_plan();
                self.brain.goal = None;
                self.brain.thought = Thought::Idle;
                return Intent::Loiter;
            }
            goal = target;
            self.brain.wander_target = goal;
            self.brain.wander_until = self.senses.now + WANDER_PATIENCE;
            if let (Some(target), Some(way)) = (target, way) {
                // A spot in plain view over the cheapest ground (the straight
                // way there is a cheapest path), or a far stroll's own
                // search: it needs no request to the planner.
                self.follow_way(target, way);
            }
        }
        self.brain.goal = goal;
        let Some(goal) = goal else {
            self.brain.forget_plan();
            self.brain.thought = Thought::Idle;
            return Intent::Wait;
        };
        // Members heading for where the faction last saw the player share one
        // field; one chasing older news (or a spot it searches) plans alone.
        let shared = matches!(self.brain.mode, Mode::Hunt | Mode::Search)
            && chebyshev(at, goal) > NEAR_TARGET
            && octile(at, goal) <= FIELD_RADIUS
            && self
                .faction
                .sighting()
                .is_some_and(|s| chebyshev(s.pos, goal) <= FIELD_RETARGET);
        // Why it heads for a cell it holds (surrounding, waiting for room,
        // investigating) says more than "following its plan".
        let holding = (self.brain.spot == Some(goal)).then_some(self.brain.thought);
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

    /// Heads for the faction's target down its shared field.
    fn follow_shared_field(&mut self, target: Pos) -> Intent {
        let at = self.senses.at;
        let source = self
            .faction
            .shared_target()
            .filter(|&source| chebyshev(source, target) <= FIELD_RETARGET)
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
                self.brain.raw_plan = route.clone();
                self.brain.plan = route;
                self.brain.plan_goal = Some(target);
                self.brain.plan_source = PlanSource::SharedField;
                self.brain.plan_fresh = true;
                self.brain.plan_costs.clear();
                self.brain.unreachable = None;
                self.brain.thought = Thought::FollowingField { target };
                self.step_along(next)
            }
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
    pub fn pursue(&mut self, goal: Pos) -> Intent {
        if self.brain.plan_source != PlanSource::Search {
            self.brain.forget_plan();
            self.brain.plan_source = PlanSource::Search;
        }
        // A result that finished since its last turn comes first.
        if let Some(finished) = self.faction.take_finished_plan(self.senses.actor) {
            self.adopt(finished);
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
        if let Some(finished) = self.faction.plan_now(self.senses.actor) {
            self.adopt(finished);
        }
        match self.brain.plan.first().copied() {
            Some(next) => {
                self.brain.waiting_turns = 0;
                self.brain.thought = match self.brain.plan.last() {
                    Some(&until) if !self.brain.coarse_route.is_empty() => {
                        Thought::FollowingCoarsePlan { goal, until }
                    }
                    _ => Thought::FollowingPlan { goal },
                };
                self.step_along(next)
            }
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
                if self.brain.waiting_turns > patience && !chase {
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

    /// Why the plan the monster has no longer serves, if it does not.
    fn plan_problem(&mut self, goal: Pos) -> Option<ReplanReason> {
        if self.brain.plan.is_empty() {
            return None;
        }
        if self.brain.stall_turns >= STALL_PATIENCE
            && self.brain.stall_turns >= self.brain.detour_asked_at + STALL_PATIENCE
        {
            return Some(ReplanReason::Stalled);
        }
        if self.brain.needs_plan_for(goal) {
            return Some(ReplanReason::GoalMoved);
        }
        let at = self.senses.at;
        if self.faction.believes_walk_blocked(at, &self.brain.plan) {
            return Some(ReplanReason::Blocked);
        }
        if self.senses.far_from_player && self.brain.mode == Mode::Wander {
            // A far stroll is short and nobody sees it: what its ground
            // turns out to cost is no reason to search again.
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
        let overrides = plan_overrides(self.faction, self.brain, at, |cell| {
            matches!(
                (self.senses.body_at)(cell),
                Body::Packmate { .. } | Body::Stranger { .. }
            )
        });
        if self.brain.stall_turns >= STALL_PATIENCE {
            self.brain.detour_asked_at = self.brain.stall_turns;
        }
        let distance = octile(at, goal);
        let priority = if self.brain.plan.is_empty() {
            distance.min(f64::from(u16::MAX)) as u32
        } else {
            u32::from(u16::MAX) + distance.min(f64::from(u16::MAX)) as u32
        };
        if let Some(reason) = reason {
            self.faction.counters_mut().replans.add(reason);
        }
        if chebyshev(at, goal) > COARSE_FROM && self.plan_coarse(goal) {
            self.brain.pending_replan = None;
            return;
        }
        self.brain.pending_replan = reason;
        self.faction.request_plan(PlanRequest {
            actor: self.senses.actor,
            from: at,
            goal,
            priority,
            has_plan,
            overrides,
        });
    }

    /// Plans for a far goal coarse first (see [`crate::ai::coarse`]): the
    /// refined first stretch becomes its plan, or the goal is out of reach.
    /// False when the coarse search did not fit in what is left of the
    /// turn's budget: the planner's search is asked for instead.
    fn plan_coarse(&mut self, goal: Pos) -> bool {
        let at = self.senses.at;
        let route = match self.faction.plan_coarse(at, goal) {
            CoarseAnswer::Route(route) => route,
            CoarseAnswer::NoPath => {
                self.brain.forget_plan();
                self.brain.unreachable = Some(goal);
                return true;
            }
            CoarseAnswer::OverBudget => return false,
        };
        let (Some(grid), Some(config)) = (self.faction.grid(), self.faction.config()) else {
            return false;
        };
        let plan: Vec<Pos> = if config.smoothing.uses_string_pull() {
            string_pull(grid, &route.cells)
                .into_iter()
                .skip(1)
                .collect()
        } else {
            route.cells[1..].to_vec()
        };
        if plan.is_empty() || !steps_believed_open(self.faction, &route.cells) {
            return false;
        }
        self.brain.plan_costs = believed_costs(self.faction, &plan);
        self.brain.plan = plan;
        self.brain.raw_plan = route.cells[1..].to_vec();
        self.brain.plan_goal = Some(goal);
        self.brain.plan_source = PlanSource::Search;
        self.brain.plan_fresh = true;
        self.brain.unreachable = None;
        self.brain.coarse_route = route.waypoints;
        true
    }

    /// Takes a finished search as the monster's plan, if it still fits: it is
    /// joined to where the monster now stands (it may have stepped while the
    /// search ran), smoothed, and checked against what the faction knows now.
    fn adopt(&mut self, finished: Finished) {
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
            string_pull(grid, &walked).into_iter().skip(1).collect()
        } else {
            rest.clone()
        };
        self.brain.plan_costs = believed_costs(self.faction, &plan);
        self.brain.plan = plan;
        self.brain.raw_plan = rest;
        self.brain.coarse_route.clear();
        self.brain.plan_goal = Some(goal);
        self.brain.plan_source = PlanSource::Search;
        self.brain.plan_fresh = true;
        self.brain.unreachable = None;
    }

    /// The next step along the monster's plan, round or through packmates.
    fn step_along(&mut self, next: Pos) -> Intent {
        let at = self.senses.at;
        if self.faction.believes_step_blocked(at, next) {
            self.brain.forget_plan();
            return match self.greedy_step(self.brain.goal.unwrap_or(next)) {
                Some(step) => Intent::Step {
                    to: step,
                    swap: false,
                    guided: false,
                },
                None => Intent::Wait,
            };
        }
        if self.brain.plan_fresh {
            // Starts to follow this plan: count it if it crosses a cell the
            // faction holds as blocked (the checks above should make it never).
            self.brain.plan_fresh = false;
            if self
                .brain
                .plan
                .iter()
                .any(|&cell| self.faction.believes_blocked(cell))
            {
                self.faction.counters_mut().stale_plans += 1;
            }
        }
        match (self.senses.body_at)(next) {
            Body::Empty => Intent::Step {
                to: next,
                swap: false,
                guided: true,
            },
            Body::Player => Intent::Attack(next),
            Body::Packmate { .. } | Body::Stranger { .. }
                if self.brain.mode == Mode::Wander
                    && self.brain.plan_source == PlanSource::Search =>
            {
                // A stroll has nowhere it must be: rather than push past
                // (and be pushed back on the way home, pacing in a
                // corridor), it strolls somewhere else.
                self.brain.wander_target = None;
                self.brain.forget_plan();
                self.brain.thought = Thought::TurnsBack(next);
                Intent::Wait
            }
            Body::Packmate { yields: true, .. } | Body::Stranger { yields: true, .. } => {
                self.brain.thought = Thought::SwapsWith(next);
                Intent::Step {
                    to: next,
                    swap: true,
                    guided: true,
                }
            }
            Body::Packmate { yields: false, .. } | Body::Stranger { yields: false, .. } => {
                match self.sidestep(next) {
                    Some(side) => {
                        self.brain.thought = Thought::Sidesteps(side);
                        Intent::Step {
                            to: side,
                            swap: false,
                            guided: true,
                        }
                    }
                    None => {
                        self.brain.thought = Thought::BlockedByPackmate(next);
                        Intent::Wait
                    }
                }
            }
        }
    }

    /// A free cell beside the monster from which its plan goes on (next to the
    /// cell after the blocked one), or nearer the goal.
    fn sidestep(&mut self, blocked: Pos) -> Option<Pos> {
        let at = self.senses.at;
        let rejoin = self.brain.plan.get(1).copied();
        let goal = self.brain.goal?;
        let here = octile(at, goal);
        let side = NEIGHBOURS
            .iter()
            .map(|&(dx, dy)| Pos::new(at.x + dx, at.y + dy))
            .filter(|&cell| cell != blocked)
            .filter(|&cell| (self.senses.body_at)(cell) == Body::Empty)
            .filter(|&cell| !self.faction.believes_step_blocked(at, cell))
            .filter(|&cell| match rejoin {
                Some(rejoin) => {
                    is_adjacent(cell, rejoin) && !self.faction.believes_step_blocked(cell, rejoin)
                }
                None => octile(cell, goal) < here,
            })
            .min_by(|&a, &b| octile(a, goal).total_cmp(&octile(b, goal)).then(a.cmp(&b)))?;
        if rejoin.is_some() && !self.brain.plan.is_empty() {
            self.brain.plan[0] = side;
            if let Some(cost) = self.brain.plan_costs.first_mut() {
                *cost = self
                    .faction
                    .rules()
                    .and_then(|r| r.terrain_cost(self.faction.knowledge().belief(side)))
                    .unwrap_or(*cost);
            }
        }
        Some(side)
    }

    /// While the search runs: a step closer to the goal over ground the
    /// faction believes walkable, if one exists.
    fn step_while_planning(&mut self, goal: Pos) -> Intent {
        match self
            .greedy_step(goal)
            .filter(|&next| self.brain.came_from != Some(next))
        {
            Some(next) => {
                self.brain.thought = Thought::StepsWhilePlanning { goal };
                Intent::Step {
                    to: next,
                    swap: false,
                    guided: false,
                }
            }
            None => {
                self.brain.thought = Thought::WaitsForPlan { goal };
                Intent::Wait
            }
        }
    }

    /// The free neighbour that brings the monster closest to `goal` (as the
    /// crow flies) over ground its faction believes walkable.
    fn greedy_step(&self, goal: Pos) -> Option<Pos> {
        let at = self.senses.at;
        let grid = self.faction.grid()?;
        let here = octile(at, goal);
        // Cheapest test first: only the few neighbours closer to the goal are
        // asked about walls and bodies.
        grid.neighbours(at)
            .map(|(next, _)| (next, octile(next, goal)))
            .filter(|&(_, d)| d < here)
            .filter(|&(next, _)| !self.faction.believes_step_blocked(at, next))
            .filter(|&(next, _)| matches!((self.senses.body_at)(next), Body::Empty | Body::Player))
            .min_by(|a, b| a.1.total_cmp(&b.1).then(a.0.cmp(&b.0)))
            .map(|(next, _)| next)
    }

    /// A hurt monster steps downhill on its faction's safety map (trading
    /// places with a packmate in its way); where the map offers nothing, any
    /// step that gains distance from the threat; where no step does, it is
    /// cornered and turns to fight (`Thought::Cornered`: the caller decides
    /// again).
    fn flee(&mut self, threat: Pos) -> Intent {
        self.brain.forget_plan();
        let at = self.senses.at;
        let downhill = self
            .faction
            .flee_step(self.senses.turn, threat, at, self.brain.fled_from)
            .filter(|&next| !self.faction.believes_step_blocked(at, next));
        if let Some(next) = downhill {
            match (self.senses.body_at)(next) {
                Body::Empty => {
                    let thought = Thought::Flees {
                        from: threat,
                        to: Some(next),
                    };
                    return flight_step(self.brain, at, thought, next, false, true);
                }
                // A packmate always lets a fleeing member past; a stranger when
                // it would make way anyway.
                Body::Packmate {
                    lately_swapped: false,
                    ..
                }
                | Body::Stranger {
                    yields: true,
                    lately_swapped: false,
                } => {
                    let thought = Thought::FleesPast {
                        from: threat,
                        mate: next,
                    };
                    return flight_step(self.brain, at, thought, next, true, true);
                }
                Body::Player | Body::Packmate { .. } | Body::Stranger { .. } => {}
            }
        }
        let here = octile(at, threat);
        let away = NEIGHBOURS
            .iter()
            .map(|&(dx, dy)| Pos::new(at.x + dx, at.y + dy))
            .filter(|&cell| octile(cell, threat) > here && self.brain.fled_from != Some(cell))
            .filter(|&cell| (self.senses.body_at)(cell) == Body::Empty)
            .filter(|&cell| !self.faction.believes_step_blocked(at, cell))
            .max_by(|&a, &b| {
                octile(a, threat)
                    .total_cmp(&octile(b, threat))
                    .then(b.cmp(&a))
            });
        if let Some(next) = away {
            let thought = Thought::Flees {
                from: threat,
                to: Some(next),
            };
            return flight_step(self.brain, at, thought, next, false, false);
        }
        self.brain.thought = Thought::Cornered { by: threat };
        if self.senses.player_seen.is_none() {
            // Nothing in sight to fight: it stops running and goes back to its
            // life, away from where it last saw the player. Nobody cornered
            // it, so it does not turn to fight: shaken, it runs again at the
            // next sight of the player until healed.
            self.brain.alert = None;
            self.brain.search_given_up_until = self.senses.now + PURSUIT_MEMORY;
        } else {
            self.brain.cornered_until = self.senses.now + CORNERED_TIME;
        }
        Intent::Wait
    }

    /// Takes `way` (its cells from here to `target`) as the monster's plan.
    fn follow_way(&mut self, target: Pos, way: Vec<Pos>) {
        let rest: Vec<Pos> = way.into_iter().skip(1).collect();
        self.brain.coarse_route.clear();
        self.brain.plan_costs = believed_costs(self.faction, &rest);
        self.brain.raw_plan = rest.clone();
        self.brain.plan = rest;
        self.brain.plan_goal = Some(target);
        self.brain.plan_source = PlanSource::Search;
        self.brain.plan_fresh = true;
        self.brain.unreachable = None;
    }
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
    let straight = octile(at, goal);
    cheaper.iter().take(256).any(|&cell| {
        octile(at, cell) + octile(cell, goal) <= straight * (1.0 + margin) + 2.0
            && !plan.contains(&cell)
    })
}

/// The cells a member's search at `at` prices differently from its
/// faction's grid: its own crowding left out, and after a stall, the
/// monsters beside it (`monster_at`) made dear to go round. The debug
/// overlay's preview prices its search with this too, so it shows the
/// search the member would really ask for.
pub fn plan_overrides(
    faction: &Faction,
    brain: &Brain,
    at: Pos,
    monster_at: impl Fn(Pos) -> bool,
) -> Vec<(Pos, f64)> {
    let mut overrides = faction.own_crowding_overrides(&brain.crowding_marks);
    let mut detour = |cell: Pos| {
        if cell != at && monster_at(cell) {
            overrides.retain(|&(pos, _)| pos != cell);
            overrides.push((cell, PACKMATE_DETOUR_COST));
        }
    };
    if brain.stall_turns >= STALL_PATIENCE {
        // Stuck behind bodies: this plan goes round the monsters beside it
        // where it can.
        for (dx, dy) in NEIGHBOURS {
            detour(Pos::new(at.x + dx, at.y + dy));
        }
    }
    if let Some(spot) = brain.spot {
        // Heading for a cell it holds round the player or a noise: the
        // bodies already about it are gone round (to the far side when the
        // near side is full), not queued behind.
        for dy in -SPOT_DETOUR_RADIUS..=SPOT_DETOUR_RADIUS {
            for dx in -SPOT_DETOUR_RADIUS..=SPOT_DETOUR_RADIUS {
                detour(Pos::new(spot.x + dx, spot.y + dy));
            }
        }
    }
    overrides
}

/// The part of `cells` still to walk from `at`: after `at` if the path
/// crosses it near its start, else from a cell next to `at` (a legal step).
fn splice(grid: &Grid, at: Pos, cells: &[Pos]) -> Option<Vec<Pos>> {
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

/// A flight step from `at` onto `to` (trading places with whoever stands
/// there when `swap`), remembered so a later step off the safety map does
/// not go straight back.
fn flight_step(
    brain: &mut Brain,
    at: Pos,
    thought: Thought,
    to: Pos,
    swap: bool,
    guided: bool,
) -> Intent {
    brain.thought = thought;
    brain.fled_from = Some(at);
    Intent::Step { to, swap, guided }
}

/// A cell within [`SEARCH_SPREAD`] of `around` for a searcher at `at` to
/// look at: one its faction believes reachable, seen ground first, and of
/// a few such candidates the one where danger and the player's threat
/// weigh least (searchers keep out of where kin died and out of the
/// player's sight).
fn pick_search_spot(
    faction: &Faction,
    at: Pos,
    around: Pos,
    brain_unreachable: Option<Pos>,
    rng: &mut impl Rng,
) -> Option<Pos> {
    let grid = faction.grid()?;
    let mut best: Option<(f64, Pos)> = None;
    let mut candidates = 0;
    for attempt in 0..2 * WANDER_TRIES {
        let spot = random_cell_near(around, SEARCH_SPREAD, rng);
        let seen = faction.knowledge().belief(spot).is_some();
        if spot != at && (seen || attempt >= WANDER_TRIES) && grid.connected(at, spot) {
            // Danger and the player's eye first, then nearness: it
            // searches from cover, on the side it comes from.
            let score = faction.avoidance_at(spot)
                + faction.players_eye_at(spot, around)
                + octile(at, spot) / f64::from(SEARCH_SPREAD);
            if brain_unreachable != Some(spot) && best.is_none_or(|(least, _)| score < least) {
                best = Some((score, spot));
            }
            candidates += 1;
            if candidates == SEARCH_CANDIDATES {
                break;
            }
        }
    }
    best.map(|(_, spot)| spot)
}

/// A far wanderer's stroll: along its faction's coarse graph, from a
/// node of its cluster to the next cluster (see [`Faction::far_stroll`]),
/// the cheapest way inside the cluster for the faction (roads when roads
/// are cheaper for it, round walls), and not to where kin died or the
/// player's eye falls. `None` when there is none from here this time.
fn pick_far_stroll(faction: &mut Faction, at: Pos, rng: &mut impl Rng) -> Option<(Pos, Vec<Pos>)> {
    let way = faction.far_stroll(at, DANGEROUS, rng)?;
    Some((*way.last()?, way))
}

/// A cell near the monster, reachable as far as its faction knows and not
/// where kin died or the player's eye falls, and the straight way there
/// when that is a cheapest path: a spot in plain view over open ground
/// first (no search needed), then seen ground (a guess about unseen cells
/// can send a search round the whole level), else any cell its faction
/// believes connected.
fn pick_wander_target(
    faction: &Faction,
    at: Pos,
    rng: &mut impl Rng,
) -> (Option<Pos>, Option<Vec<Pos>>) {
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
                return (Some(target), Some(line.cells));
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

/// A cell drawn at random within `range` cells (Chebyshev) of `center`:
/// the column first, then the row.
fn random_cell_near(center: Pos, range: i32, rng: &mut impl Rng) -> Pos {
    let dx = rng.random_range(-range..=range);
    let dy = rng.random_range(-range..=range);
    Pos::new(center.x + dx, center.y + dy)
}

const NEIGHBOURS: [(i32, i32); 8] = [
    (0, -1),
    (1, 0),
    (0, 1),
    (-1, 0),
    (1, -1),
    (1, 1),
    (-1, 1),
    (-1, -1),
];

fn is_adjacent(a: Pos, b: Pos) -> bool {
    a != b && chebyshev(a, b) == 1
}

fn chebyshev(a: Pos, b: Pos) -> i32 {
    a.chebyshev(b)
}

fn octile(a: Pos, b: Pos) -> f64 {
    Heuristic::Octile.estimate(f64::from(a.x - b.x), f64::from(a.y - b.y))
}

#[cfg(test)]
mod tests {
    use rand::SeedableRng;
    use rand_chacha::ChaCha8Rng;

    use super::*;
    use crate::ai::knowledge::FactionKnowledge;
    use crate::config::MonsterConfig;
    use crate::world::{Terrain, level};

    /// Goblins that know the level drawn in `rows` (`@` marks a floor cell).
    fn goblins_knowing(rows: &str) -> (Faction, Level) {
        let config = MonsterConfig::shipped().unwrap();
        let goblins = config.faction("goblins").unwrap().clone();
        let level = level::text::parse(rows).unwrap();
        let mut faction = Faction::new(goblins.clone(), FactionKnowledge::omniscient(&level));
        faction.rebuild(goblins).unwrap();
        faction.start_turn(0.0);
        (faction, level)
    }

    fn senses<'a>(at: Pos, body_at: &'a dyn Fn(Pos) -> Body) -> Senses<'a> {
        Senses {
            actor: 1,
            at,
            now: 1.0,
            turn: 1,
            player_seen: None,
            health: 1.0,
            far_from_player: false,
            body_at,
            shooter: None,
        }
    }

    fn empty(_: Pos) -> Body {
        Body::Empty
    }

    #[test]
    fn a_wanderer_far_from_the_player_looks_every_few_cells() {
        let (faction, _) = goblins_knowing("@......\n");
        let viewpoint = |x: i32, far_from_player: bool| Viewpoint {
            actor: 1,
            at: Pos::new(x, 0),
            now: 1.0,
            level_version: 0,
            changed_in_sight: 0,
            far_from_player,
        };
        let brain = Brain {
            looked_from: Some((Pos::new(0, 0), 0)),
            ..Brain::default()
        };
        let radius = faction.config().map(|c| c.sight_radius);
        // Near the player: every other cell.
        assert_eq!(view_radius(&faction, &brain, &viewpoint(1, false)), None);
        assert_eq!(view_radius(&faction, &brain, &viewpoint(2, false)), radius);
        // Far from it: once it walked as far as it sees.
        let sight = radius.unwrap() as i32;
        assert_eq!(view_radius(&faction, &brain, &viewpoint(2, true)), None);
        assert_eq!(
            view_radius(&faction, &brain, &viewpoint(sight - 1, true)),
            None
        );
        assert_eq!(
            view_radius(&faction, &brain, &viewpoint(sight, true)),
            radius
        );
        // Closing in, it looks every step wherever it is.
        let hunting = Brain {
            mode: Mode::Hunt,
            ..brain
        };
        assert_eq!(view_radius(&faction, &hunting, &viewpoint(1, true)), radius);
        assert!(far_from_player(
            Pos::new(0, 0),
            Pos::new(FAR_FROM_PLAYER + 1, 3)
        ));
        assert!(!far_from_player(
            Pos::new(0, 0),
            Pos::new(FAR_FROM_PLAYER, 3)
        ));
    }

    #[test]
    fn only_a_change_in_sight_makes_a_monster_look_again_from_where_it_stands() {
        let (faction, _) = goblins_knowing("@......\n");
        let at = Pos::new(3, 0);
        let brain = Brain {
            looked_from: Some((at, 5)),
            ..Brain::default()
        };
        let viewpoint = |changed_in_sight| Viewpoint {
            actor: 1,
            at,
            now: 1.0,
            // The level changed since (a door across the level, say).
            level_version: 9,
            changed_in_sight,
            far_from_player: false,
        };
        assert_eq!(view_radius(&faction, &brain, &viewpoint(0)), None);
        assert_eq!(view_radius(&faction, &brain, &viewpoint(5)), None);
        let radius = faction.config().map(|c| c.sight_radius);
        assert_eq!(view_radius(&faction, &brain, &viewpoint(6)), radius);
        // A wanderer a step on looks again too once its sight changed.
        let stepped = Brain {
            looked_from: Some((Pos::new(2, 0), 5)),
            ..Brain::default()
        };
        assert_eq!(view_radius(&faction, &stepped, &viewpoint(5)), None);
        assert_eq!(view_radius(&faction, &stepped, &viewpoint(9)), radius);
    }

    /// A monster at 1,1 planning east along row 1 to 5,1.
    /// A member investigating something east of it (a stroller would turn
    /// back from a packmate instead of passing it).
    fn heading_east() -> Brain {
        Brain {
            mode: Mode::Investigate,
            plan: vec![Pos::new(2, 1), Pos::new(3, 1)],
            goal: Some(Pos::new(5, 1)),
            ..Brain::default()
        }
    }

    /// Nobody about but one packmate at `at`.
    fn packmate_at(at: Pos, yields: bool) -> impl Fn(Pos) -> Body {
        move |p| {
            if p == at {
                Body::Packmate {
                    yields,
                    lately_swapped: false,
                }
            } else {
                Body::Empty
            }
        }
    }

    #[test]
    fn a_stroller_that_meets_a_packmate_strolls_elsewhere_instead_of_passing() {
        let (mut faction, _) = goblins_knowing("@.....\n......\n......");
        let mut brain = Brain {
            mode: Mode::Wander,
            wander_target: Some(Pos::new(5, 1)),
            ..heading_east()
        };
        let yielding = packmate_at(Pos::new(2, 1), true);
        let intent = MemberTurn::new(&mut faction, &mut brain, &senses(Pos::new(1, 1), &yielding))
            .step_along(Pos::new(2, 1));
        assert_eq!(intent, Intent::Wait);
        assert_eq!(brain.thought, Thought::TurnsBack(Pos::new(2, 1)));
        assert_eq!(brain.wander_target, None);
        assert!(brain.plan.is_empty());
    }

    #[test]
    fn a_packmate_that_makes_way_is_swapped_with_and_one_that_does_not_is_walked_round() {
        let (mut faction, _) = goblins_knowing(
            "@.....\n\
             ......\n\
             ......",
        );
        let mut brain = heading_east();
        let yielding = packmate_at(Pos::new(2, 1), true);
        let at = Pos::new(1, 1);
        assert_eq!(
            MemberTurn::new(&mut faction, &mut brain, &senses(at, &yielding))
                .step_along(Pos::new(2, 1)),
            Intent::Step {
                to: Pos::new(2, 1),
                swap: true,
                guided: true
            }
        );
        let fighting = packmate_at(Pos::new(2, 1), false);
        let Intent::Step {
            to, swap: false, ..
        } = MemberTurn::new(&mut faction, &mut brain, &senses(at, &fighting))
            .step_along(Pos::new(2, 1))
        else {
            panic!("expected a sidestep");
        };
        assert!(
            is_adjacent(to, Pos::new(3, 1)) && to != Pos::new(2, 1),
            "{to}"
        );
        assert_eq!(brain.plan[0], to, "the plan goes on from the side cell");
        assert_eq!(brain.thought, Thought::Sidesteps(to));
    }

    #[test]
    fn boxed_in_by_a_fighting_packmate_it_waits_and_says_why() {
        let (mut faction, _) = goblins_knowing(
            "@#####\n\
             ......\n\
             ######",
        );
        let mut brain = heading_east();
        let fighting = packmate_at(Pos::new(2, 1), false);
        let at = Pos::new(1, 1);
        let intent = MemberTurn::new(&mut faction, &mut brain, &senses(at, &fighting))
            .step_along(Pos::new(2, 1));
        assert_eq!(intent, Intent::Wait);
        assert_eq!(
            brain.thought.describe("goblins"),
            "waiting: packmate blocks 2,1"
        );
        // Three stalled turns: the next plan goes round the packmates.
        for _ in 0..STALL_PATIENCE {
            let outcome = crate::ai::TurnOutcome {
                started_at: at,
                happened: crate::ai::Happened::Waited,
                now: 1.0,
            };
            crate::ai::conclude(&mut faction, &mut brain, outcome, |_| None);
        }
        assert_eq!(faction.counters().longest_stall, STALL_PATIENCE);
        assert_eq!(
            MemberTurn::new(&mut faction, &mut brain, &senses(at, &fighting))
                .plan_problem(Pos::new(5, 1)),
            Some(ReplanReason::Stalled)
        );
    }

    #[test]
    fn a_plan_through_a_cell_now_known_blocked_or_dearer_is_redone() {
        let (mut faction, _) = goblins_knowing(
            "@.........\n\
             ..........",
        );
        let at = Pos::new(0, 0);
        let goal = Pos::new(9, 0);
        let mut brain = Brain {
            plan: (1..=9).map(|x| Pos::new(x, 0)).collect(),
            plan_costs: vec![1.0; 9],
            plan_goal: Some(goal),
            goal: Some(goal),
            ..Brain::default()
        };
        let s = senses(at, &empty);
        assert_eq!(
            MemberTurn::new(&mut faction, &mut brain, &s).plan_problem(goal),
            None
        );
        // The "floor" two cells ahead turns out to be swamp (6 for goblins).
        faction.observe(Pos::new(2, 0), Terrain::Swamp, 1.0);
        assert_eq!(
            MemberTurn::new(&mut faction, &mut brain, &s).plan_problem(goal),
            Some(ReplanReason::CostSurprise)
        );
        // And one further on, a wall (it reaches the grid as thinking
        // begins).
        faction.observe(Pos::new(6, 0), Terrain::Wall, 1.0);
        faction.sync_view();
        assert_eq!(
            MemberTurn::new(&mut faction, &mut brain, &s).plan_problem(goal),
            Some(ReplanReason::Blocked)
        );
    }

    #[test]
    fn a_found_path_is_joined_to_where_the_monster_stepped_meanwhile() {
        let (faction, _) = goblins_knowing("@......\n.......");
        let grid = faction.grid().unwrap();
        let path: Vec<Pos> = (0..7).map(|x| Pos::new(x, 0)).collect();
        // It stepped onto the path's second cell.
        assert_eq!(
            splice(grid, Pos::new(1, 0), &path).unwrap(),
            path[2..].to_vec()
        );
        // It stepped beside the path: it rejoins at the furthest cell next
        // to it.
        assert_eq!(
            splice(grid, Pos::new(1, 1), &path).unwrap(),
            path[2..].to_vec()
        );
        assert_eq!(splice(grid, Pos::new(6, 1), &path[..3]), None);
    }

    #[test]
    fn hunters_follow_the_faction_s_shared_field_and_near_ones_plan_alone() {
        let (mut faction, _) = goblins_knowing(
            "@...............\n\
             ....#######.....\n\
             ................",
        );
        let mut rng = ChaCha8Rng::seed_from_u64(1);
        let player = Pos::new(15, 2);
        let mut far = Brain::default();
        let mut s = senses(Pos::new(0, 0), &empty);
        s.player_seen = Some(player);
        let intent = MemberTurn::new(&mut faction, &mut far, &s).think(&mut rng);
        assert!(matches!(intent, Intent::Step { .. }), "{intent:?}");
        assert_eq!(far.thought, Thought::FollowingField { target: player });
        assert_eq!(faction.counters().shared_fields, 1);
        // A packmate elsewhere uses the same field: no new one.
        let mut other = Brain::default();
        s.at = Pos::new(2, 2);
        MemberTurn::new(&mut faction, &mut other, &s).think(&mut rng);
        assert_eq!(faction.counters().shared_fields, 1);
        assert_eq!(faction.planner_stats().searches, 0, "no A* for the hunt");
        // Within four cells it plans alone to a free cell next to the
        // player, which it holds (the open floor between them is a
        // cheapest path: no search either).
        let mut near = Brain::default();
        s.at = Pos::new(12, 2);
        s.actor = 2;
        MemberTurn::new(&mut faction, &mut near, &s).think(&mut rng);
        let beside = Pos::new(14, 2);
        assert_eq!(faction.planner_stats().straight_paths, 1);
        assert_eq!(faction.planner_stats().searches, 0);
        assert_eq!(near.thought, Thought::TakesSpotBeside { spot: beside });
        assert_eq!(near.plan.last(), Some(&beside));
        assert_eq!(near.spot, Some(beside));
        assert_eq!(faction.spots().holder(beside), Some(2));
    }

    #[test]
    fn a_fleeing_member_trades_places_with_a_packmate_in_its_way() {
        // A corridor: the player at its west end, the hurt goblin at 3,1
        // and a packmate (hunting, not making way) at 4,1 behind it.
        let (mut faction, _) = goblins_knowing(
            "########\n\
             #@.....#\n\
             ########",
        );
        let mut rng = ChaCha8Rng::seed_from_u64(1);
        let player = Pos::new(1, 1);
        let packmate = packmate_at(Pos::new(4, 1), false);
        let mut s = senses(Pos::new(3, 1), &packmate);
        s.player_seen = Some(player);
        s.health = 0.1;
        let mut brain = Brain::default();
        let intent = MemberTurn::new(&mut faction, &mut brain, &s).think(&mut rng);
        assert_eq!(brain.mode, Mode::Flee);
        assert_eq!(
            intent,
            Intent::Step {
                to: Pos::new(4, 1),
                swap: true,
                guided: true
            }
        );
        assert_eq!(
            brain.thought.describe("goblins"),
            "fleeing from the player at 1,1: swapping past a packmate at 4,1"
        );
    }

    #[test]
    fn cornered_it_turns_and_fights_and_out_of_sight_it_calms_down() {
        // A dead end: the hurt goblin at its east end, the player beside it.
        let (mut faction, _) = goblins_knowing(
            "######\n\
             #@...#\n\
             ######",
        );
        let mut rng = ChaCha8Rng::seed_from_u64(1);
        let player = Pos::new(3, 1);
        let at = Pos::new(4, 1);
        let mut s = senses(at, &empty);
        s.player_seen = Some(player);
        s.health = 0.1;
        let mut brain = Brain::default();
        let intent = MemberTurn::new(&mut faction, &mut brain, &s).think(&mut rng);
        assert_eq!(intent, Intent::Attack(player));
        assert_eq!(brain.mode, Mode::Hunt);
        assert!(brain.cornered_until > s.now);
        // Fled into the same dead end from news alone, with nothing in
        // sight: it stops running and goes back to its life.
        let mut brain = Brain::default();
        brain.decide(&Perception {
            at,
            now: 0.5,
            player_seen: Some(player),
            health: 0.1,
            flee_below: 0.3,
        });
        assert_eq!(brain.mode, Mode::Flee);
        s.player_seen = None;
        let intent = MemberTurn::new(&mut faction, &mut brain, &s).think(&mut rng);
        assert_ne!(brain.mode, Mode::Flee, "{intent:?}");
        assert_eq!(brain.alert, None);
        // Nobody cornered it there: at the next sight of the player, still
        // hurt, it runs (or, cornered now, fights), not hunts at leisure.
        assert!(brain.cornered_until <= s.now);
        s.now += 1.0;
        s.player_seen = Some(Pos::new(1, 1));
        // Over its flee line (0.3) but not healed.
        s.health = 0.35;
        MemberTurn::new(&mut faction, &mut brain, &s).think(&mut rng);
        assert!(brain.shaken);
        assert!(
            brain.mode == Mode::Flee || brain.cornered_until > s.now,
            "{:?}",
            brain.thought
        );
    }

    #[test]
    fn far_from_the_player_a_wanderer_strolls_its_cheapest_way_without_the_planner() {
        // Open floor, 31 by 31, nothing seen of the player.
        let rows = format!("@{}", vec![".".repeat(31); 31].join("\n")[1..].to_owned());
        let (mut faction, _) = goblins_knowing(&rows);
        let mut rng = ChaCha8Rng::seed_from_u64(3);
        let mut s = senses(Pos::new(15, 15), &empty);
        s.far_from_player = true;
        for _ in 0..10 {
            let mut brain = Brain::default();
            let intent = MemberTurn::new(&mut faction, &mut brain, &s).think(&mut rng);
            assert!(
                matches!(intent, Intent::Step { guided: true, .. }),
                "{intent:?}"
            );
            let target = brain.wander_target.unwrap();
            assert!(chebyshev(target, s.at) >= MIN_STROLL);
            assert_eq!(brain.plan.last(), Some(&target));
            let mut walked = vec![s.at];
            walked.extend_from_slice(&brain.plan);
            let cost = path_cost(faction.grid().unwrap(), &walked).unwrap();
            // Open floor: the cheapest way to a node of its cluster's
            // border, and one step across.
            assert!(cost <= octile(s.at, target) + 2.0, "{cost}");
        }
        assert_eq!(faction.planner_stats().searches, 0);
    }

    #[test]
    fn a_far_goal_is_planned_coarse_first_and_refined_near_the_monster() {
        // A wall across a 120x24 field with one gap near the bottom.
        let mut rows: Vec<String> = (0..24).map(|_| ".".repeat(120)).collect();
        for (y, row) in rows.iter_mut().enumerate() {
            if y != 21 {
                row.replace_range(60..61, "#");
            }
        }
        rows[2].replace_range(0..1, "@");
        let (mut faction, _) = goblins_knowing(&rows.join("\n"));
        let mut brain = Brain {
            mode: Mode::Hunt,
            ..Brain::default()
        };
        let s = senses(Pos::new(2, 2), &empty);
        let goal = Pos::new(118, 2);
        let intent = MemberTurn::new(&mut faction, &mut brain, &s).pursue(goal);
        assert!(
            matches!(intent, Intent::Step { guided: true, .. }),
            "{intent:?}"
        );
        assert!(
            matches!(brain.thought, Thought::FollowingCoarsePlan { goal: g, .. } if g == goal),
            "{:?}",
            brain.thought
        );
        assert_eq!(brain.coarse_route.first(), Some(&s.at));
        assert_eq!(brain.coarse_route.last(), Some(&goal));
        assert!(
            brain.coarse_route.iter().any(|p| p.y >= 16),
            "the coarse path goes by the gap: {:?}",
            brain.coarse_route
        );
        // Only the first stretch is in cells, heading down toward the gap.
        assert!(brain.raw_plan.len() < 60, "{}", brain.raw_plan.len());
        assert!(brain.plan.last().unwrap().y > s.at.y);
        let grid = faction.grid().unwrap();
        assert!(gridpath::steps_are_legal(grid, s.at, &brain.raw_plan));
        assert_eq!(
            faction.planner_stats().searches,
            0,
            "no cell-by-cell search"
        );
        assert!(faction.coarse().searches == 1);
    }

    /// Goblins on an unknown 60x20 level whose searches take many turns
    /// (a small budget, no heuristic), with a wall seen across the straight
    /// way from the top-left corner to the bottom-right one (so reaching
    /// that takes a search).
    fn slow_goblins() -> Faction {
        let config = MonsterConfig::shipped().unwrap();
        let mut goblins = config.faction("goblins").unwrap().clone();
        goblins.node_budget = 50;
        goblins.heuristic = gridpath::Heuristic::Zero;
        let mut faction = Faction::new(goblins.clone(), FactionKnowledge::new(60, 20));
        faction.rebuild(goblins).unwrap();
        for y in 1..=5 {
            faction.observe(Pos::new(10, y), Terrain::Wall, 0.0);
        }
        faction.sync_view();
        faction
    }

    #[test]
    fn the_planning_grid_learns_a_wall_while_a_search_is_paused() {
        let mut faction = slow_goblins();
        faction.start_turn(0.0);
        let mut brain = Brain::default();
        let s = senses(Pos::new(0, 0), &empty);
        MemberTurn::new(&mut faction, &mut brain, &s).pursue(Pos::new(59, 19));
        assert!(faction.is_planning(1), "the search is paused");
        // A member sees a wall; next turn the grid knows it although the
        // search is still under way.
        faction.observe(Pos::new(30, 10), Terrain::Wall, 1.0);
        faction.start_turn(1.0);
        assert!(faction.is_planning(1));
        assert_eq!(faction.grid().unwrap().cost(Pos::new(30, 10)), None);
    }

    #[test]
    fn a_monster_that_waits_too_long_for_its_search_gives_the_goal_up() {
        let mut faction = slow_goblins();
        let mut brain = Brain {
            mode: Mode::Investigate,
            ..Brain::default()
        };
        // Hemmed in by strangers: no step brings it closer while it waits.
        let at = Pos::new(0, 0);
        let goal = Pos::new(59, 19);
        let hemmed = |p: Pos| {
            if is_adjacent(p, at) {
                Body::Stranger {
                    yields: false,
                    lately_swapped: false,
                }
            } else {
                Body::Empty
            }
        };
        let s = senses(at, &hemmed);
        let mut waited = 0;
        while brain.thought != (Thought::GaveUp { goal }) {
            faction.start_turn(f64::from(waited));
            assert_eq!(
                MemberTurn::new(&mut faction, &mut brain, &s).pursue(goal),
                Intent::Wait
            );
            waited += 1;
            assert!(waited <= MAX_WAIT_TURNS + 1, "{:?}", brain.thought);
        }
        // The planner's limit (turns) or the monster's (its own turns),
        // whichever comes first.
        assert!(waited >= 2);
        assert_eq!(brain.unreachable, Some(goal));
        assert!(!faction.is_planning(1));
    }
}
