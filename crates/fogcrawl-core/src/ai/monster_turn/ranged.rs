//! A shooter's turn while it hunts a player it sees: it keeps its kind's
//! distance (stepping back when the player comes within it and there is
//! room, so a player one step from it is not let in), shoots only along a
//! line no monster stands on (moving to a clear line otherwise), and does
//! not stand in one cell for ever while its shots from there keep failing
//! to end the fight. Out of range, or with no line at all, it closes in as
//! any hunter does.
//!
//! Its steps back lead to a cell with a way on beyond it (a look two
//! steps ahead: not a nook where the next step back is gone), then down
//! its faction's safety map where they can (away toward open ground, as
//! Brogue CE's `MA_MAINTAINS_DISTANCE` monsters back off, not into a dead
//! end where it must fight hand to hand); with no step that gains
//! distance two or more cells off (its back to a wall) it slips along to
//! a cell from which one does, rather than stand until it is caught; with
//! no free step back at all (a one-wide corridor, a monster behind it) it
//! trades places with the one behind when that one would let it pass, as
//! Brogue CE lets allies going opposite ways pass ([`MemberTurn::swap_back`]). A
//! player inside its distance with no step that keeps it in sight is left
//! out of sight (round a corner) rather than fought, and so is a player
//! under a smoke cloud (its search then waits the cloud out from its
//! distance, not next to the player); and a shooter that
//! stepped back does not step straight back onto the cell it left while
//! it does not see the player (it would walk back into reach and back off
//! again, to and fro): it holds there a moment, and the player who follows
//! comes round the corner into its sight, a step or more off.
//!
//! Too near is judged by time as well as by the straight line: a player
//! on a road (or any quick ground) who could stand next to it before its
//! shot and its quickest step back are done is backed off from further
//! out, and a spitter at its range may step a cell beyond it to do so
//! ([`MemberTurn::closes_within_shot_and_step`]); back on the cell it
//! left, the straight line alone decides.
//!
//! Its keep/shoot band has hysteresis, as Brogue CE's
//! `MA_MAINTAINS_DISTANCE` monsters hold their ground between too near and
//! too far rather than mirror every step: a spitter that keeps 3 and
//! shoots from 4 has one cell to stand on, and a player pacing at its edge
//! walked it in and out, A-B-A-B. Backed off, it holds while it shoots
//! from there (the hold counts from its last shot) and takes no step into
//! range while the player paces a step beyond it; stepped back in onto the
//! cell it left, it shoots at a player at the edge of its distance rather
//! than back off again, unless the player's walk by time
//! ([`crate::ai::player_reach::PlayerReach::by_time`]) could bring it next
//! to the shooter before its next turn.
//!
//! Within a few cells of the player it also looks a few of its own steps
//! ahead ([`MemberTurn::retreat_routes`]): each cell it could reach is
//! weighed by how long after it gets there the player could first stand
//! next to it ([`crate::ai::player_reach`], the player's own walk priced by
//! the ground, one map for the whole faction while the player's cell and
//! what it believes round it stand), as Brogue CE's
//! safety maps and `MA_MAINTAINS_DISTANCE` keep a kiting monster out of
//! reach; it leaves the step above for a clearly safer way only (a pool
//! it swims, shallows it crosses faster than the player), and beside the
//! player with no step further off it slips along the player's side to
//! such a way rather than fight. With no such way at all (every cell it
//! could reach within those steps the player could stand next to first:
//! a spitter on open floor, no faster than the player), it stands and
//! fights hand to hand, as Brogue CE's cornered monsters do, rather than
//! back off turn after turn with the player at its side, never shooting.
//!
//! Its distance is the player's walk to it ([`crate::ai::player_reach::PlayerReach::by_steps`]), not the
//! straight line: round a corridor's bend a step that keeps the straight
//! line as it is may add to the walk. And after a few shots from one cell
//! it walks (a few steps at most) to another cell it has a clear shot
//! from, one it did not shoot from lately: at the end of a row of firing
//! cells it turns back along the row rather than stand there, and two
//! cells are traded only seldom (never to and fro).

use gridpath::Pos;

use super::{Body, Intent, MemberTurn, NEIGHBOURS};
use crate::ai::brain::{BackedOff, Mode};
use crate::ai::faction::line_of_sight;
use crate::ai::player_reach::{Ticks, ticks};
use crate::ai::thought::Thought;
use crate::world::action_time::{action_time, move_time};

/// Shots in a row from one cell after which a shooter moves to another
/// cell with a clear line (if it has one) before shooting again.
const SHOTS_BEFORE_MOVING: u32 = 5;

/// Shots in a row from one cell after which a shooter with no other
/// firing cell but ones it shot from lately goes back to one of those
/// rather than stand (two cells traded this seldom are no to and fro).
const SHOTS_BEFORE_GOING_BACK: u32 = 15;

/// How many steps beyond a step back a shooter looks for a way on (a
/// cell further still): two tells a dead-end nook from open ground.
const RETREAT_LOOKAHEAD: u32 = 2;

/// Within how many cells (Chebyshev) of the player a shooter backing off
/// looks further than a step ([`MemberTurn::retreat_routes`]): the
/// distance the shipped shooters keep, where the player's next moves may
/// bring it next to them.
const LOOKAHEAD_WITHIN: i32 = 3;

/// How many of its own steps ahead a shooter backing off weighs the cells
/// it could reach.
const RETREAT_SEARCH_STEPS: u32 = 6;

/// How much sooner (in game time) than by the step its walk picks a route
/// must leave it out of the player's reach before a shooter takes that
/// route's first step instead: one floor step of the player's, so two
/// routes about as good never trade places turn by turn.
const RETREAT_SWITCH_TIME: f64 = 1.0;

/// What a route's end is worth more when the player stands in its sight
/// and range from there (it can shoot on): half a floor step's time.
const RETREAT_LINE_TIME: f64 = 0.5;

/// With no step back by the walk, a shooter the player could not stand next
/// to within this much game time (three steps over floor) holds where it
/// is rather than take a route of the look ahead.
const RETREAT_SAFE_TIME: f64 = 3.0;

/// The margin of a cell the player's walk does not come next to within its
/// map (across deep water, or far round a wall): beyond any walk's time.
const OUT_OF_REACH: Ticks = 1_000_000;

/// The most steps a shooter walks to another firing cell.
const FIRING_CELL_STEPS: i32 = 3;

/// Game time a shooter that stepped back holds its new cell rather than
/// step straight back onto the one it left, while it does not see the
/// player: about ten of the player's steps, for a player who follows to
/// come round the corner (into its sight, a step or more off) or to go.
const HOLD_AFTER_BACKING_OFF: f64 = 10.0;

/// A first step back and what the cells it leads to are worth
/// ([`MemberTurn::retreat_routes`]).
#[derive(Debug, Clone, Copy)]
struct Route {
    first: Pos,
    /// The best margin of the cells it leads to (a line of fire counted).
    margin: Ticks,
    /// The margin of the first step's own cell, no line counted: at or
    /// below 0 the player could stand next to it when its next turn comes.
    first_margin: Ticks,
}

/// How a kind that shoots fights: its range and the distance it keeps
/// from the player (both in cells, Chebyshev).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Shooter {
    pub range: u32,
    pub keep_distance: u32,
}

impl MemberTurn<'_> {
    /// What a shooter hunting the player it sees at `player` does, or
    /// `None` to close in as any hunter would (out of range; or next to
    /// the player with no room to step back, where it fights hand to hand).
    pub(super) fn fight_at_range(&mut self, player: Pos, shooter: Shooter) -> Option<Intent> {
        let at = self.senses.at;
        let distance = at.chebyshev(player);
        let range = i32::try_from(shooter.range).unwrap_or(i32::MAX);
        let keep = i32::try_from(shooter.keep_distance).unwrap_or(0);
        let too_near = too_near(shooter);
        // Inside its distance it backs off out of the player's sight too
        // (round a corner, rather than fight hand to hand); at its
        // distance only while it keeps the player in sight (from there it
        // can still shoot).
        let may_lose_sight = distance < too_near.max(2);
        // Beyond its distance by the straight line, a player on a road (or
        // any quick ground) may still be upon it sooner than its own shot
        // and one step back take: too near by time. Not on the cell it
        // backed off from and stepped back onto (the band: there the
        // straight line alone says too near, or a player pacing on a road
        // at its range walked a spitter out of range and in, A-B-A-B: river
        // depth 5 seed 17). Only with a clear line: the shot is what it
        // would trade for the step (with packmates on the line, in a
        // one-wide road, it stepped back, and fleeing packmates swapped it
        // back and forth: pass depth 5 seed 7 with the evader).
        let stepped_in = self
            .brain
            .backed_off
            .is_some_and(|backed| backed.left == at);
        let near_by_time = distance > too_near
            && distance <= range
            && !stepped_in
            && !(self.senses.smoke_at)(player)
            && self.line_of_fire_clear(at, player)
            && self.closes_within_shot_and_step(player, range);
        let back = ((distance <= too_near || near_by_time)
            && !self.shoots_after_stepping_in(player, shooter))
        .then(|| {
            // Too near by time, its step back may leave its range by
            // a cell: a spitter keeps 3 and shoots from 4, where no
            // step back stays in range.
            let reach = if near_by_time { range + 1 } else { range };
            self.step_back(player, reach, may_lose_sight)
                .map(|cell| (cell, false))
                .or_else(|| self.swap_back(player, range).map(|cell| (cell, true)))
        })
        .flatten();
        if let Some((back, swap)) = back {
            self.brain.shooting_from = None;
            let until = self.senses.now + HOLD_AFTER_BACKING_OFF;
            self.brain.backed_off = Some(BackedOff {
                left: at,
                to: back,
                until,
                beyond: None,
            });
            if self.brain.search_given_up_until > self.senses.now {
                // It gave the player up round a corner a moment ago (a
                // standoff) and met it again on a stroll: the search it
                // gave up does not come back while it holds, nor the
                // moment the hold ends, when it leaves the standoff again
                // (it used to search, standing, for the few actions
                // between the two, and give up: pass depth 5 seed 3).
                self.brain.search_given_up_until = self
                    .brain
                    .search_given_up_until
                    .max(until + HOLD_AFTER_BACKING_OFF);
            }
            self.brain.thought = Thought::KeepsDistance { to: back };
            if swap {
                self.brain.forget_plan();
                return Some(Intent::Step {
                    to: back,
                    swap: true,
                    guided: true,
                });
            }
            return Some(self.plain_step(back));
        }
        if distance < 2 || distance > range {
            return None;
        }
        let shots_here = match self.brain.shooting_from {
            Some((from, shots)) if from == at => shots,
            _ => 0,
        };
        let clear = self.line_of_fire_clear(at, player);
        if clear && shots_here < SHOTS_BEFORE_MOVING {
            self.brain.shooting_from = Some((at, shots_here + 1));
            self.brain.thought = Thought::Shoots(player);
            return Some(Intent::Shoot(player));
        }
        // A monster on the line, or shots enough from here: another
        // firing cell, one it did not shoot from lately nor came from
        // (after many shots from here, one it did: trading two cells
        // every few shots, or whenever a packmate crosses the line, is
        // to and fro).
        let near = keep.max(too_near + 1);
        let any = shots_here >= SHOTS_BEFORE_GOING_BACK;
        if let Some((step, to)) = self.toward_firing_cell(player, (near, range), too_near, any) {
            if shots_here > 0 {
                self.brain.fired_from =
                    [Some(at), self.brain.fired_from[0], self.brain.fired_from[1]];
            }
            self.brain.shooting_from = None;
            self.brain.thought = Thought::SeeksClearShot { to };
            return Some(self.plain_step(step));
        }
        if clear {
            // Nowhere else to shoot from: it keeps shooting from here.
            self.brain.shooting_from = Some((at, shots_here + 1));
            self.brain.thought = Thought::Shoots(player);
            return Some(Intent::Shoot(player));
        }
        self.brain.thought = Thought::WaitsForClearShot;
        Some(Intent::Wait)
    }

    /// Whether a shooter at the edge of its distance (the player
    /// `too_near` cells off, no nearer) shoots rather than back off: the
    /// band's other half. Back on the cell it last backed off from (the
    /// player stood beyond its range a whole turn, and it stepped in), it
    /// does not step straight back out while the player stays at that
    /// edge, unless the player's walk by time
    /// ([`crate::ai::player_reach::PlayerReach::by_time`]) could stand
    /// next to it before its next turn: a player one step in, on ground as
    /// quick as the shooter's turn, must be backed off from; one wading
    /// up, or who must walk round, is shot at. It backed off the moment
    /// the player stepped in again, and stepped in when it stood beyond:
    /// A-B-A-B on the player's beat (peat-causeways depth 5 seed 4, a
    /// spitter at 32,34 and 31,33, turns 159-165, the player wading).
    fn shoots_after_stepping_in(&mut self, player: Pos, shooter: Shooter) -> bool {
        let at = self.senses.at;
        let stepped_in = self
            .brain
            .backed_off
            .is_some_and(|backed| backed.left == at);
        if !stepped_in
            || at.chebyshev(player) != too_near(shooter)
            || at.chebyshev(player) < 2
            || (self.senses.smoke_at)(player)
            || !self.faction.believes_seen_from(at, player)
            || !self.line_of_fire_clear(at, player)
        {
            return false;
        }
        let speed = self.faction.config().map_or(1.0, |config| config.speed);
        let next_turn = ticks(action_time(speed));
        self.faction
            .player_reach(player)
            .next_to(at)
            .is_none_or(|next| next > next_turn)
    }

    /// Whether the player, by its walk priced by the ground it walks on
    /// ([`crate::ai::player_reach::PlayerReach::by_time`]), could stand
    /// next to this shooter before it has shot once and then taken its
    /// quickest step back (to a free cell further from the player by its
    /// walk, priced by the shooter's own ground and speed): shooting here
    /// would let the player in. A player on a road covers two floor cells
    /// in a floor step's time: four cells off when the shooter shot, it
    /// stood two off after the shot and next to it after the step back
    /// (of 72 catches of a shooter two or more cells off, at depth 5 over
    /// seeds 1-8 of every level, 27 had the player on a road; river and
    /// moor-roads most). Brogue CE's `MA_MAINTAINS_DISTANCE` monsters keep
    /// their distance for the same reason, measured by what the player can
    /// do next. Strictly sooner: over floor a spitter as quick as the
    /// player, four cells off, is stood next to at 2.0, as its shot and a
    /// step are done, and the straight line's distance holds there as it
    /// did. With no step back at all, `false`: the straight line decides.
    fn closes_within_shot_and_step(&mut self, player: Pos, range: i32) -> bool {
        let at = self.senses.at;
        let Some(rules) = self.faction.rules() else {
            return false;
        };
        let speed = self.faction.config().map_or(1.0, |config| config.speed);
        let step_costs: Vec<(Pos, f64)> = self
            .free_steps()
            .filter(|&cell| !(self.senses.smoke_at)(cell))
            .filter_map(|cell| {
                let cost = rules.terrain_cost(self.faction.knowledge().belief(cell))?;
                Some((cell, move_time(at.octile(cell), cost, speed)))
            })
            .collect();
        let walk = self.faction.player_steps(player, range + 2);
        let far = |cell: Pos| (walk.steps(cell), cell.chebyshev(player));
        let here = far(at);
        let Some(step) = step_costs
            .iter()
            .filter(|&&(cell, _)| far(cell) > here)
            .map(|&(_, time)| ticks(time))
            .min()
        else {
            return false;
        };
        let shot = ticks(action_time(speed));
        self.faction
            .player_reach(player)
            .next_to(at)
            .is_some_and(|next| next < shot + step)
    }

    /// A free cell a step away, further from the player (by its walk,
    /// then the straight line: [`crate::ai::player_reach::PlayerReach::by_steps`]): one from which the player
    /// stays within `range` and in sight as the faction believes (a clear
    /// line first, then the step down the safety map, then the furthest);
    /// else, with `may_lose_sight`, the step down the safety map if it is
    /// further (or as far and out of the player's sight), else the
    /// furthest.
    ///
    /// Within [`LOOKAHEAD_WITHIN`] of the player it also looks a few of its
    /// own steps ahead ([`Self::retreat_routes`]): when another first step
    /// leads to a cell the player could not stand next to until clearly
    /// later (a pool it swims and the player cannot enter, swamp it crosses
    /// faster, a door or a wall the player must walk round), it takes that
    /// step; and with no step further off by the walk (its back to a wall,
    /// or every cell round it next to the player), a route that ends out
    /// of the player's reach before the player gets there (a spitter in a
    /// nook of a pool slipped past the player into deep water rather than
    /// bite: 66 of 131 adjacent turns on a cavern of pools were `cornered`).
    /// Beside the player with no route that ends out of its reach before
    /// the player gets there, none: every step back would be followed, and
    /// it fights where it stands.
    fn step_back(&mut self, player: Pos, range: i32, may_lose_sight: bool) -> Option<Pos> {
        let near = self.step_back_by_walk(player, range, may_lose_sight);
        if self.senses.at.chebyshev(player) > LOOKAHEAD_WITHIN || (self.senses.smoke_at)(player) {
            return near;
        }
        let routes = self.retreat_routes(player, range);
        // Two or more cells off, not by a step the player could stand next
        // to before its next turn (it would begin that turn next to it).
        let beside = self.senses.at.chebyshev(player) <= 1;
        if beside && !routes.is_empty() && routes.iter().all(|route| route.margin <= 0) {
            // Beside the player with no cell within its look ahead that it
            // reaches before the player could stand next to it: every step
            // back is followed (a spitter on open floor is no faster than
            // the player). It stands and fights, as a cornered monster
            // does in Brogue CE, rather than back off turn after turn with
            // the player at its side: such chases were 60 of 155 adjacent
            // turns on our levels at depth 5, seeds 1-4, the shooter never
            // shooting and never getting away. (`None`: a packmate behind
            // it may still trade places, [`Self::swap_back`].)
            return None;
        }
        // Beside it, a first step out of its reach before one along its
        // side (that begins the next turn beside it again: spitters in a
        // pool slid from one cell by the player's shore to the next).
        let best = routes
            .iter()
            .filter(|route| beside || route.first_margin > 0)
            .max_by_key(|route| {
                (
                    route.margin > 0 && route.first_margin > 0,
                    route.margin,
                    std::cmp::Reverse(route.first),
                )
            })
            .map(|route| (route.first, route.margin));
        let via = |cell: Pos| {
            routes
                .iter()
                .find(|route| route.first == cell)
                .map(|route| route.margin)
        };
        match (near, best) {
            // A step back the walk found is left only for one that too
            // ends two or more cells off (beside the player, a step along
            // its side for a better way on cost a step back: rooms and
            // swamp depth 5).
            (Some(step), Some((first, margin)))
                if margin > 0
                    && first.chebyshev(player) >= 2
                    && via(step).is_none_or(|kept| margin > kept + ticks(RETREAT_SWITCH_TIME)) =>
            {
                Some(first)
            }
            // With no step back by the walk, a route only when the player
            // could soon stand next to it here: a shooter in a door the
            // player must walk eight steps round to reach holds and shoots
            // rather than walk off along a route whose end is no safer.
            (None, Some((first, margin)))
                if margin > 0
                    && self
                        .faction
                        .player_reach(player)
                        .next_to(self.senses.at)
                        .is_some_and(|next| next <= ticks(RETREAT_SAFE_TIME)) =>
            {
                Some(first)
            }
            _ => near,
        }
    }

    /// With no free step back ([`Self::step_back`] found none): the cell
    /// of a monster a step away that hunts the player, would trade places
    /// with it (`give_way`: one coming its way, or stuck behind it) and
    /// stands further from the player by its walk, two or more cells off
    /// (not a wanderer: pushed toward the player it has no business with,
    /// it would only walk off again). The two go opposite ways, as Brogue CE lets allies pass:
    /// in a one-wide corridor an archer with a goblin (or a rat) behind it
    /// shot at a player walking up, then fought it hand to hand, while the
    /// one behind waited to reach the player through it (rooms depth 5
    /// seeds 2 and 3: 10 of 29 adjacent turns on rooms, warrens and maze).
    fn swap_back(&mut self, player: Pos, range: i32) -> Option<Pos> {
        let at = self.senses.at;
        if (self.senses.smoke_at)(player) {
            return None;
        }
        let hunters: Vec<Pos> = NEIGHBOURS
            .iter()
            .map(|&(dx, dy)| Pos::new(at.x + dx, at.y + dy))
            .filter(|&cell| {
                matches!(
                    (self.senses.body_at)(cell),
                    Body::Packmate {
                        yields: true,
                        keeps_place: false,
                        hunts: true,
                    } | Body::Stranger {
                        yields: true,
                        keeps_place: false,
                        hunts: true,
                    }
                )
            })
            .filter(|&cell| cell.chebyshev(player) >= 2)
            .filter(|&cell| !(self.senses.smoke_at)(cell))
            .filter(|&cell| !self.faction.believes_step_blocked(at, cell))
            .collect();
        if hunters.is_empty() {
            // The walk is priced only for a shooter with one to trade with.
            return None;
        }
        let walk = self.faction.player_steps(player, range + 2).clone();
        let far = |cell: Pos| (walk.steps(cell), cell.chebyshev(player));
        let here = far(at);
        hunters
            .into_iter()
            .filter(|&cell| far(cell) > here)
            .max_by_key(|&cell| (far(cell), std::cmp::Reverse(cell)))
    }

    /// The first steps of the routes a shooter could take within
    /// [`RETREAT_SEARCH_STEPS`] of its own steps (over free cells, on its
    /// faction's ground at its speed), each with the best margin of the
    /// cells it leads to: how long after the shooter's next turn there
    /// comes the player could first stand next to it
    /// ([`crate::ai::player_reach::PlayerReach`]; below 0: sooner), more
    /// by [`RETREAT_LINE_TIME`] for a cell with the player in its sight and
    /// range. Never the cell it just backed off from, nor the firing cell
    /// it just left for another (no to and fro), nor into smoke.
    fn retreat_routes(&mut self, player: Pos, range: i32) -> Vec<Route> {
        let at = self.senses.at;
        let Some(rules) = self.faction.rules() else {
            return Vec::new();
        };
        let speed = self.faction.config().map_or(1.0, |config| config.speed);
        let left = self
            .brain
            .backed_off
            .filter(|backed| backed.to == at)
            .map(|backed| backed.left);
        // Nor the firing cell it has just left for another after its shots
        // there: from a nook of deep water out of the player's reach a
        // spitter moved to a firing cell at the pool's edge and straight
        // back, every six turns (our cavern of pools, seed 3).
        let shot_from = self
            .brain
            .came_from
            .filter(|&cell| self.brain.fired_from[0] == Some(cell));
        let reach = i32::try_from(RETREAT_SEARCH_STEPS).unwrap_or(0);
        let side = 2 * reach + 1;
        let index = |cell: Pos| {
            let (dx, dy) = (cell.x - at.x, cell.y - at.y);
            (dx.abs() <= reach && dy.abs() <= reach)
                .then(|| usize::try_from((dy + reach) * side + dx + reach).ok())
                .flatten()
        };
        // Each cell's (time the shooter is ready there, steps, first step).
        let mut best: Vec<Option<(Ticks, u32, Pos)>> =
            vec![None; usize::try_from(side * side).unwrap_or(0)];
        let mut frontier = std::collections::BinaryHeap::new();
        frontier.push(std::cmp::Reverse((0, 0_u32, at.y, at.x, at.y, at.x)));
        while let Some(std::cmp::Reverse((time, steps, y, x, fy, fx))) = frontier.pop() {
            let from = Pos::new(x, y);
            let first = Pos::new(fx, fy);
            if from != at {
                let Some(i) = index(from) else {
                    continue;
                };
                if best[i].is_some() {
                    continue;
                }
                best[i] = Some((time, steps, first));
            }
            if steps >= RETREAT_SEARCH_STEPS {
                continue;
            }
            for &(dx, dy) in &NEIGHBOURS {
                let to = Pos::new(from.x + dx, from.y + dy);
                let first_step = from == at;
                if to == at
                    || to == player
                    || index(to).is_none_or(|i| best[i].is_some())
                    || first_step
                        && (Some(to) == left || Some(to) == shot_from || (self.senses.smoke_at)(to))
                    || (self.senses.body_at)(to) != Body::Empty
                    || self.faction.believes_step_blocked(from, to)
                {
                    continue;
                }
                let Some(cost) = rules.terrain_cost(self.faction.knowledge().belief(to)) else {
                    continue;
                };
                let ready = time + ticks(move_time(from.octile(to), cost, speed));
                let first = if first_step { to } else { first };
                frontier.push(std::cmp::Reverse((
                    ready,
                    steps + 1,
                    to.y,
                    to.x,
                    first.y,
                    first.x,
                )));
            }
        }
        let cells: Vec<(Pos, Ticks, Pos)> = best
            .iter()
            .enumerate()
            .filter_map(|(i, node)| {
                let i = i32::try_from(i).ok()?;
                let cell = Pos::new(at.x - reach + i % side, at.y - reach + i / side);
                node.map(|(time, _, first)| (cell, time, first))
            })
            .collect();
        let lines: Vec<bool> = cells
            .iter()
            .map(|&(cell, _, _)| {
                cell.chebyshev(player) <= range && self.faction.believes_seen_from(cell, player)
            })
            .collect();
        let map = self.faction.player_reach(player);
        let mut routes: Vec<Route> = Vec::new();
        for (&(cell, time, first), &line) in cells.iter().zip(&lines) {
            let bare = map.next_to(cell).map_or(OUT_OF_REACH, |next| next - time);
            let margin = bare + if line { ticks(RETREAT_LINE_TIME) } else { 0 };
            let index = match routes.iter().position(|route| route.first == first) {
                Some(index) => index,
                None => {
                    routes.push(Route {
                        first,
                        margin,
                        first_margin: OUT_OF_REACH,
                    });
                    routes.len() - 1
                }
            };
            let route = &mut routes[index];
            route.margin = route.margin.max(margin);
            if cell == first {
                route.first_margin = bare;
            }
        }
        routes
    }

    /// [`Self::step_back`] by the step alone: a free cell a step away,
    /// further from the player (by its walk, then the straight line:
    /// [`crate::ai::player_reach::PlayerReach::by_steps`]), as that method describes.
    fn step_back_by_walk(&mut self, player: Pos, range: i32, may_lose_sight: bool) -> Option<Pos> {
        let at = self.senses.at;
        // Smoke over the player hides it from all but its neighbours:
        // from any step back it loses the player. It steps out of reach
        // all the same, and its search waits the cloud out from its
        // distance rather than walk back in ([`Self::shooter_search_goal`]);
        // it used to fight hand to hand here (river depth 5 seeds 1, 3, 4).
        let smoky_player = (self.senses.smoke_at)(player);
        let walk = self.faction.player_steps(player, range + 2).clone();
        // Round a corridor's bend the straight line may stay as it is
        // while the player's walk grows; across a wall or water, where
        // the walk is long either way, the straight line tells.
        let far = |cell: Pos| (walk.steps(cell), cell.chebyshev(player));
        let here = far(at);
        // Nor into smoke: from there it would not see the player either.
        // Nor onto a cell next to the player that leads no further: the
        // player's walk there may be long (a doorway whose only way in is
        // a diagonal past deep water), but from a cell next to it a
        // shooter cannot shoot nor back off again, so it closed in as a
        // hunter, back onto the cell it left, and backed off into the
        // nook again, 18 times in 16 turns (corridor-doors depth 5 seed 7,
        // an archer at the doors 11,16 and 12,16, the player at 10,15).
        // Round a corner, a cell next to the player with a way on is still
        // a step back.
        let steps: Vec<Pos> = self
            .free_steps()
            .filter(|&cell| !(self.senses.smoke_at)(cell))
            .filter(|&cell| {
                cell.chebyshev(player) >= 2 || self.retreat_ahead(cell, &far, RETREAT_LOOKAHEAD) > 0
            })
            .collect();
        if steps.is_empty() {
            return None;
        }
        // Downhill on the safety map: away toward open ground, not into
        // a corner where the next step back is gone (ranked after the
        // distance gained, archers backed down a dead-end corridor and
        // fought there: horde depth 5 seed 1).
        let safer = self
            .faction
            .flee_step(self.senses.turn, player, at, |_| true)
            .filter(|cell| steps.contains(cell));
        let away: Vec<Pos> = steps
            .iter()
            .copied()
            .filter(|&cell| far(cell) > here)
            .collect();
        // A step with a way on beyond it, further still, before one into a
        // dead end where the next step back is gone (Brogue CE's kiting
        // monsters flee down a safety map for the same reason; the map
        // looks far, this looks at the cells in front of it).
        let ahead = |cell: Pos| self.retreat_ahead(cell, &far, RETREAT_LOOKAHEAD);
        let rank = |cell: Pos| {
            (
                ahead(cell),
                Some(cell) == safer,
                far(cell),
                std::cmp::Reverse(cell),
            )
        };
        if away.is_empty() {
            // Cornered two or more cells off (against a wall, say): no
            // step gains distance, and standing to shoot it lets the
            // player walk up and fight it hand to hand. It slips along
            // to a cell no nearer from which a step does gain, within two.
            return (!smoky_player && at.chebyshev(player) >= 2)
                .then(|| self.step_aside(&steps, &far, player))
                .flatten();
        }
        if smoky_player {
            return away.into_iter().max_by_key(|&cell| rank(cell));
        }
        let in_sight = away
            .iter()
            .copied()
            .filter(|&cell| cell.chebyshev(player) <= range)
            .filter(|&cell| self.faction.believes_seen_from(cell, player))
            .max_by_key(|&cell| {
                let dead_end = ahead(cell) == 0;
                (!dead_end, self.line_of_fire_clear(cell, player), rank(cell))
            });
        if in_sight.is_some() || !may_lose_sight {
            return in_sight;
        }
        // Out of its sight (round a corner) a step as far as here still
        // hides it; one along its side in its sight gains nothing, and
        // the next step back would undo it.
        if let Some(cell) = safer.filter(|&cell| {
            far(cell) > here || far(cell) == here && !self.faction.believes_seen_from(cell, player)
        }) {
            return Some(cell);
        }
        away.into_iter().max_by_key(|&cell| rank(cell))
    }

    /// How many steps on from `cell` (up to `depth`) a shooter could back
    /// off further still, each step to a free cell further from the player
    /// by `far` than the one before: 0 for a dead end, where after this
    /// step the next is gone.
    fn retreat_ahead<F: Fn(Pos) -> (i32, i32)>(&self, cell: Pos, far: &F, depth: u32) -> u32 {
        if depth == 0 {
            return 0;
        }
        let here = far(cell);
        NEIGHBOURS
            .iter()
            .map(|&(dx, dy)| Pos::new(cell.x + dx, cell.y + dy))
            .filter(|&next| next != self.senses.at && far(next) > here)
            .filter(|&next| (self.senses.body_at)(next) == Body::Empty)
            .filter(|&next| !(self.senses.smoke_at)(next))
            .filter(|&next| !self.faction.believes_step_blocked(cell, next))
            .map(|next| 1 + self.retreat_ahead(next, far, depth - 1))
            .max()
            .unwrap_or(0)
    }

    /// For a shooter no step of which gains distance from the player: one
    /// of `steps` as far by `far` (none is further), from which a way on
    /// leads further within [`RETREAT_LOOKAHEAD`] steps never nearer (not
    /// the cell it backed off from last: no to and fro), a clear line
    /// first.
    fn step_aside<F: Fn(Pos) -> (i32, i32)>(
        &self,
        steps: &[Pos],
        far: &F,
        player: Pos,
    ) -> Option<Pos> {
        let here = far(self.senses.at);
        let left = self.brain.backed_off.map(|backed| backed.left);
        steps
            .iter()
            .copied()
            .filter(|&cell| far(cell) >= here && Some(cell) != left)
            .filter(|&cell| self.way_on(cell, far, here, RETREAT_LOOKAHEAD))
            .max_by_key(|&cell| {
                (
                    self.line_of_fire_clear(cell, player),
                    std::cmp::Reverse(cell),
                )
            })
    }

    /// Whether from `cell` a shooter reaches a cell further than `here` by
    /// `far` within `depth` steps through free cells, none nearer.
    fn way_on<F: Fn(Pos) -> (i32, i32)>(
        &self,
        cell: Pos,
        far: &F,
        here: (i32, i32),
        depth: u32,
    ) -> bool {
        if far(cell) > here {
            return true;
        }
        depth > 0
            && NEIGHBOURS
                .iter()
                .map(|&(dx, dy)| Pos::new(cell.x + dx, cell.y + dy))
                .filter(|&next| next != self.senses.at && far(next) >= here)
                .filter(|&next| (self.senses.body_at)(next) == Body::Empty)
                .filter(|&next| !(self.senses.smoke_at)(next))
                .filter(|&next| !self.faction.believes_step_blocked(cell, next))
                .any(|next| self.way_on(next, far, here, depth - 1))
    }

    /// `intent`, unless it steps straight back onto the cell this shooter
    /// left when it last stepped back, a moment ago, and it does not see
    /// the player (or sees it a step beyond its range): then it holds
    /// where it stands (it would walk back into the player's reach, see it
    /// there too near and back off again, to and fro). An investigator
    /// drawn back so is done with the noise instead: `None`, to decide its
    /// turn again. The moment over, with the player still last known
    /// within a step of its distance of the cell it left (it waits round
    /// the corner: a standoff), a searcher gives the search up rather than
    /// walk back into reach or hold for ever (in a corridor it blocked its
    /// packmates' way, and they crowded behind it), and its strolls keep
    /// off that cell a moment more; so does a stroller that had given the
    /// search up and met the player again, and one whose stroll would lead
    /// it round the corner while its faction's latest news of the player
    /// is there, however old (`None`: it picks another stroll). A
    /// searcher with such news at the corner gives the search up at its
    /// first hold, not at the moment's end, and stands the moment out as a
    /// stroller (a search of holds alone, then left, was no search: the
    /// player saw the same archer stand at its corner, and the panel read
    /// searching, then wandering). A member in flight runs where it must.
    pub(super) fn hold_after_backing_off(&mut self, intent: Intent) -> Option<Intent> {
        let Some(backed) = self.brain.backed_off else {
            return Some(intent);
        };
        if backed.left == self.senses.at {
            // It steps back this very turn.
            return Some(intent);
        }
        if backed.to != self.senses.at {
            // It moved on.
            self.brain.backed_off = None;
            return Some(intent);
        }
        let Some(shooter) = self.senses.shooter else {
            return Some(intent);
        };
        let range = i32::try_from(shooter.range).unwrap_or(i32::MAX);
        // Out of its sight, or in sight a step beyond its range (a player
        // that steps to and fro at the edge of its reach: a spitter of
        // range 4 that kept 3 off stepped in and back 200 turns running,
        // river depth 7 seed 1, never shooting), the cell it left is back
        // into reach: it holds, and the player who comes on is in range.
        // But a player that stays a whole turn of its own on that cell is
        // neither coming on nor going: holding would wait for ever (an
        // archer stood 10 actions 7 cells from a player standing still,
        // rooms depth 5 seed 3). It steps in and shoots.
        let just_beyond = self
            .senses
            .player_seen
            .filter(|&player| self.senses.at.chebyshev(player) == range + 1);
        // Since when it has seen the player there, without a break (seen
        // elsewhere or lost from sight meanwhile, it may be stepping to
        // and fro: the count starts again).
        let beyond = just_beyond.map(|player| match backed.beyond {
            Some((cell, since)) if cell == player => (cell, since),
            _ => (player, self.senses.turn),
        });
        let stands_beyond = beyond.is_some_and(|(_, since)| since < self.senses.turn);
        if beyond != backed.beyond {
            self.brain.backed_off = Some(BackedOff { beyond, ..backed });
        }
        let unseen_or_just_beyond =
            self.senses.player_seen.is_none() || just_beyond.is_some() && !stands_beyond;
        // The band: a player pacing in and out of its range (a step in, a
        // step out) is not followed in either, onto any cell nearer it:
        // the shooter steps in only once the player stands beyond a whole
        // turn. Followed in, it was back inside its distance the moment
        // the player stepped in again, and backed off: A-B-A-B on the
        // player's beat (spitter-caverns depth 5 seed 3, a spitter at
        // 54,27 and 55,27 from turn 258 to 279, the player pacing 50,26
        // and 51,26, the spitter's hold running out between).
        let nearer = |to: Pos| {
            just_beyond.is_some_and(|player| to.chebyshev(player) < range + 1) && !stands_beyond
        };
        let back_into_reach = matches!(intent, Intent::Step { to, .. }
                if to == backed.left && unseen_or_just_beyond || nearer(to))
            && self.brain.mode != Mode::Flee;
        // Measured from the cell it would walk back to: from there the
        // player last known a step beyond its distance is in reach again.
        let waits_near = self
            .brain
            .alert
            .map(|alert| alert.pos)
            .filter(|&pos| pos.chebyshev(backed.left) <= too_near(shooter) + 1);
        // A searcher out of the player's sight that waits for its plan to
        // news at the corner has not set out another way: that plan leads
        // back round the corner as a step would (maze depth 5 seed 2: an
        // archer that shot, lost the player, waited a turn for its plan
        // and left the standoff on the next).
        let plans_back = self.brain.mode == Mode::Search
            && self.senses.player_seen.is_none()
            && intent == Intent::Wait
            && matches!(self.brain.thought, Thought::WaitsForPlan { .. });
        if self.senses.now <= backed.until && matches!(intent, Intent::Shoot(_)) {
            // It holds while it shoots from here: the hold's time counts
            // from its last shot, so a player who paces at the edge of
            // its range, in range one turn and beyond the next, finds it
            // where it stood (held ten time units from the step back
            // alone, it stepped in the moment the hold ran out, and back
            // out when the player stepped in).
            self.brain.backed_off = Some(BackedOff {
                until: self.senses.now + HOLD_AFTER_BACKING_OFF,
                ..self.brain.backed_off.unwrap_or(backed)
            });
            return Some(intent);
        }
        if self.senses.now <= backed.until {
            if back_into_reach && self.brain.mode == Mode::Investigate {
                // A noise that draws it back round the corner it backed
                // off from is the fight it left: done with the place, it
                // goes back to its life next turn rather than wait out its
                // hold there (archers stood 8 and 10 actions investigating:
                // pass and warrens depth 5).
                self.leave_noise_behind_corner(backed.left);
                return None;
            }
            if back_into_reach || plans_back && waits_near.is_some() {
                if self.brain.mode == Mode::Search && waits_near.is_some() {
                    // News at the corner: the search would be holds, then
                    // the standoff left without a step. It leaves it now
                    // and holds the moment out as a stroller.
                    self.leave_standoff_holding(BackedOff { beyond, ..backed });
                }
                self.brain.forget_plan();
                // It holds its cell: it heads nowhere else (three
                // searchers holding round one last known cell were counted
                // as a pile-up on it).
                self.brain.goal = Some(self.senses.at);
                self.brain.thought = Thought::HoldsAfterBackingOff { left: backed.left };
                return Some(Intent::Wait);
            }
            return Some(intent);
        }
        // The record as it stands (its `beyond` brought up to date).
        let kept = self.brain.backed_off;
        self.brain.backed_off = None;
        // A searcher, or a stroller that gave the search up (met the
        // player again, it backed off round the corner once more).
        let standoff = matches!(self.brain.mode, Mode::Search | Mode::Wander);
        // The faction's latest news of the player is at the corner: a
        // stroller that gave the standoff up does not stroll back round
        // it (into the player's sight, to back off again: an archer in a
        // corridor beside a door the player stood in went hunt, search,
        // wander and back every 20 turns, swamp depth 6 seed 3). The news
        // holds, however old, until a packmate sees the player elsewhere
        // or a searcher finds the spot empty (the faction forgets it), as
        // Brogue CE's monsters keep the last place they saw their target:
        // with a time limit on it, the stroll led back round the corner
        // once the news was 40 old, to look at a player who had not
        // moved, back off and hold again, every 40 turns (maze depth 5
        // seed 8, an archer at 16,23 and 17,23, the player at 19,22 from
        // turn 178 to 222 and on).
        let news_at_corner = self
            .faction
            .sighting()
            .is_some_and(|news| news.pos.chebyshev(backed.left) <= too_near(shooter) + 1);
        match waits_near {
            None if back_into_reach && news_at_corner && self.brain.mode == Mode::Wander => {
                self.brain.backed_off = Some(BackedOff {
                    until: self.senses.now + HOLD_AFTER_BACKING_OFF,
                    ..backed
                });
                // Another stroll, this same turn, that does not set out
                // round the corner.
                self.turned_back_from = Some(backed.left);
                self.brain.wander_target = None;
                self.brain.forget_plan();
                None
            }
            Some(player) if (back_into_reach || plans_back) && standoff => {
                self.brain.give_up_search(self.senses.now);
                // Given up, it waits this turn as a stroller: a search
                // that came of news at the corner after its hold (a shot
                // in sight meanwhile) was this one wait.
                self.brain.mode = Mode::Wander;
                // Its next stroll must not lead it straight back round
                // the corner either (into reach, and back off: to and fro).
                self.brain.backed_off = Some(BackedOff {
                    until: self.senses.now + HOLD_AFTER_BACKING_OFF,
                    ..backed
                });
                self.brain.forget_plan();
                self.brain.thought = Thought::LeavesStandoff { player };
                Some(Intent::Wait)
            }
            _ => {
                // A turn that does not walk back round the corner (a wait
                // for its stroll's plan, a rest) keeps the record while it
                // stands there: dropped then, the stroll planned meanwhile
                // led it back round the corner on the same news, into
                // reach, and it backed off again (maze depth 5 seed 2: an
                // archer at 14,1 went 13,1 and back three times, turns
                // 273-332, the player standing at 11,2).
                if !back_into_reach {
                    self.brain.backed_off = kept;
                }
                Some(intent)
            }
        }
    }

    /// A searcher holding after backing off whose news of the player is at
    /// the corner it left (`backed` its record): it gives the search up
    /// now rather than when its hold is over (the search would be holds
    /// alone, then the standoff left without a step), and stands as a
    /// stroller until its hold's end, where the player who follows comes
    /// into its sight as before. All else as if it had given up then: the
    /// search stays given up from then on, and its strolls keep off the
    /// corner a moment more after (given up now without them, its stroll
    /// at the hold's end could lead it round the corner, into the reach
    /// of the player waiting there, which the give-up at the hold's end
    /// kept it from).
    fn leave_standoff_holding(&mut self, backed: BackedOff) {
        self.brain.give_up_search(backed.until);
        self.brain.mode = Mode::Wander;
        self.brain.wander_target = None;
        self.brain.loiter_until = backed.until;
        self.brain.backed_off = Some(BackedOff {
            until: backed.until + HOLD_AFTER_BACKING_OFF,
            ..backed
        });
    }

    /// An investigator drawn back onto `left`, the cell it backed off
    /// from: done with the noise (as one that leaves it to a packmate in
    /// its way), it drops the noise when it decides again.
    fn leave_noise_behind_corner(&mut self, left: Pos) {
        self.brain.forget_plan();
        self.brain.unreachable = Some(self.brain.goal.unwrap_or(left));
        self.brain.investigating = self
            .brain
            .investigating
            .map(|(noise, _)| (noise, super::pack::INVESTIGATE_PATIENCE));
    }

    /// The first step toward the nearest other cell (at most
    /// [`FIRING_CELL_STEPS`] away, over free cells outside `too_near`)
    /// with a clear line to the player, `band.0` to `band.1` cells from it
    /// (beyond the distance it keeps, or it would step back from there
    /// next turn, to and fro), and the cell. Not the cell it came from
    /// nor one it shot from lately, unless `any`. Of the nearest, one no
    /// nearer the player than it stands first, then the one nearest
    /// `band.0`.
    fn toward_firing_cell(
        &self,
        player: Pos,
        band: (i32, i32),
        too_near: i32,
        any: bool,
    ) -> Option<(Pos, Pos)> {
        let here = self.senses.at.chebyshev(player);
        let (near, range) = band;
        let shunned = |cell: Pos| {
            !any && (Some(cell) == self.brain.came_from
                || self.brain.fired_from.contains(&Some(cell)))
        };
        self.nearest_cell_round(
            player,
            (too_near, range),
            None,
            FIRING_CELL_STEPS,
            |cell| {
                (near..=range).contains(&cell.chebyshev(player))
                    && !shunned(cell)
                    && self.faction.believes_seen_from(cell, player)
                    && self.line_of_fire_clear(cell, player)
            },
            |cell| {
                let distance = cell.chebyshev(player);
                (distance < here, (distance - near).abs(), cell)
            },
        )
    }

    /// Whether this member shoots and, from where it stands, sees `spot`
    /// (not under smoke, which may hide the player) within its range: it
    /// has looked at the spot, and a search has no need to walk there.
    pub(super) fn shooter_looked_at(&self, spot: Pos) -> bool {
        self.shooter_looked_at_from(self.senses.at, spot)
    }

    /// Whether this member shoots and, from `from`, sees `spot` (not under
    /// smoke) within its range: from the cell it just left, it looked at
    /// the spot a turn ago.
    pub(super) fn shooter_looked_at_from(&self, from: Pos, spot: Pos) -> bool {
        let Some(shooter) = self.senses.shooter else {
            return false;
        };
        let range = i32::try_from(shooter.range).unwrap_or(i32::MAX);
        from.chebyshev(spot) <= range && self.sees_unsmoked_from(from, spot)
    }

    /// Whether, by what its faction knows, `spot` can be seen from `from`
    /// and is not under smoke (which may hide the player): how a shooter
    /// tells a spot it has looked at, in range or beyond it.
    pub(super) fn sees_unsmoked_from(&self, from: Pos, spot: Pos) -> bool {
        !(self.senses.smoke_at)(spot) && self.faction.believes_seen_from(from, spot)
    }

    /// Where a shooter that lost sight of the player heads for `goal` (the
    /// player's last known cell, or a spot its search looks at): from
    /// where it cannot see the goal, the nearest cell a few steps off from
    /// which it would, beyond its distance and within its range (it looks
    /// for a line of fire rather than walk onto the cell; its packmates
    /// find their own, and do not crowd one cell); from where it sees the
    /// goal (the player is gone from it), the goal itself. But a goal it
    /// sees under a smoke cloud may hide the player: from there it holds
    /// where it stands if that is beyond its distance, else it heads for
    /// the nearest cell beyond it, out of the cloud.
    pub(super) fn shooter_search_goal(&self, goal: Option<Pos>) -> Option<Pos> {
        let (Some(spot), Some(shooter)) = (goal, self.senses.shooter) else {
            return goal;
        };
        let at = self.senses.at;
        let range = i32::try_from(shooter.range).unwrap_or(i32::MAX);
        let too_near = too_near(shooter);
        let near = i32::try_from(shooter.keep_distance)
            .unwrap_or(0)
            .max(too_near + 1);
        let distance = at.chebyshev(spot);
        if distance <= range + FIRING_CELL_STEPS
            && self.faction.believes_seen_from(at, spot)
            && (self.senses.smoke_at)(spot)
        {
            // A cloud it sees over the spot hides the player from all but
            // its neighbours: it waits the cloud out from its distance
            // (the player still there is in its sight and range once it
            // clears) rather than walk in and fight hand to hand.
            if (near..=range).contains(&distance) {
                return Some(at);
            }
            if distance > range {
                return goal;
            }
            let outside = self.nearest_cell_round(
                spot,
                (too_near, range),
                None,
                FIRING_CELL_STEPS,
                |cell| {
                    (near..=range).contains(&cell.chebyshev(spot))
                        && !(self.senses.smoke_at)(cell)
                        && self.faction.believes_seen_from(cell, spot)
                },
                |cell| (cell.chebyshev(spot), cell),
            );
            return Some(outside.map_or(at, |(_, cell)| cell));
        }
        if distance > range + FIRING_CELL_STEPS || self.faction.believes_seen_from(at, spot) {
            return goal;
        }
        // Not by way of the cell it just came from: it would step back
        // and forth between losing the player and finding it.
        self.nearest_cell_round(
            spot,
            (too_near, range),
            self.brain.came_from,
            FIRING_CELL_STEPS,
            |cell| {
                (near..=range).contains(&cell.chebyshev(spot))
                    && self.faction.believes_seen_from(cell, spot)
            },
            |cell| (cell.chebyshev(spot), cell),
        )
        .map_or(goal, |(_, cell)| Some(cell))
    }

    /// Breadth first from where it stands, at most `steps` steps
    /// over free cells beyond `bounds.0` and at most `bounds.1` + 1 cells
    /// from `centre` (none nearer, or it would step back from there, and
    /// none nearer than it stands): of the nearest cells
    /// `wanted` takes, the one `key` ranks least, with the first step
    /// toward it (never `avoid_first`, nor a way through it, nor that
    /// cell itself: the caller heads for the cell, by the planner's way,
    /// and a cell next to it the planner walks to straight, so the cell it
    /// came from a step round was walked back to: rooms depth 5 seed 6).
    fn nearest_cell_round<K: Ord>(
        &self,
        centre: Pos,
        bounds: (i32, i32),
        avoid_first: Option<Pos>,
        steps: i32,
        wanted: impl Fn(Pos) -> bool,
        key: impl Fn(Pos) -> K,
    ) -> Option<(Pos, Pos)> {
        let at = self.senses.at;
        // Never nearer than it stands (cornered inside its distance, it
        // may still walk along its side of the player to a firing cell).
        let lowest = bounds.0.min(at.chebyshev(centre) - 1);
        let mut seen = vec![at];
        // Each cell of the last ring with the first step toward it.
        let mut frontier: Vec<(Pos, Pos)> = vec![(at, at)];
        for ring in 0..steps {
            let mut next = Vec::new();
            for &(from, first) in &frontier {
                for &(dx, dy) in &NEIGHBOURS {
                    let cell = Pos::new(from.x + dx, from.y + dy);
                    let distance = cell.chebyshev(centre);
                    if seen.contains(&cell)
                        || Some(cell) == avoid_first
                        || distance <= lowest
                        || distance > bounds.1 + 1
                        || (self.senses.body_at)(cell) != Body::Empty
                        || self.faction.believes_step_blocked(from, cell)
                    {
                        continue;
                    }
                    seen.push(cell);
                    next.push((cell, if ring == 0 { cell } else { first }));
                }
            }
            let best = next
                .iter()
                .copied()
                .filter(|&(cell, _)| wanted(cell))
                .min_by_key(|&(cell, _)| key(cell));
            if let Some((cell, first)) = best {
                return Some((first, cell));
            }
            if next.is_empty() {
                return None;
            }
            frontier = next;
        }
        None
    }

    /// The free cells a step away that the faction believes open to step
    /// onto.
    fn free_steps(&self) -> impl Iterator<Item = Pos> + '_ {
        let at = self.senses.at;
        NEIGHBOURS
            .iter()
            .map(move |&(dx, dy)| Pos::new(at.x + dx, at.y + dy))
            .filter(|&cell| (self.senses.body_at)(cell) == Body::Empty)
            .filter(move |&cell| !self.faction.believes_step_blocked(at, cell))
    }

    /// Whether no other monster stands on the line from `from` to `target`
    /// (between them: the shooter and the player are its ends, and the
    /// shooter's own cell is no obstacle when it weighs a cell to move to).
    fn line_of_fire_clear(&self, from: Pos, target: Pos) -> bool {
        line_of_sight(from, target, |cell| {
            cell != target
                && cell != self.senses.at
                && matches!(
                    (self.senses.body_at)(cell),
                    Body::Packmate { .. } | Body::Stranger { .. }
                )
        })
    }

    /// A step onto a free cell, not along any plan.
    fn plain_step(&mut self, to: Pos) -> Intent {
        self.brain.forget_plan();
        Intent::Step {
            to,
            swap: false,
            guided: true,
        }
    }
}

/// The distance (Chebyshev) at or within which a shooter steps back: its
/// kept distance, for a player one step further would be inside it (so a
/// shooter as fast as the player it kites never lets it close in), but
/// never its whole range (it must shoot from somewhere), and at least
/// next to it.
fn too_near(shooter: Shooter) -> i32 {
    let keep = i32::try_from(shooter.keep_distance).unwrap_or(0);
    let range = i32::try_from(shooter.range).unwrap_or(i32::MAX);
    keep.min(range - 1).max(1)
}

#[cfg(test)]
mod tests {
    use rand::SeedableRng;
    use rand_chacha::ChaCha8Rng;

    use super::*;
    use crate::ai::brain::{Brain, PURSUIT_MEMORY};
    use crate::ai::faction::Faction;
    use crate::ai::monster_turn::{FALLBACK_FIGHT_TURNS, Senses};

    /// The goblins of the monster turn's tests, without the level.
    fn goblins_knowing(rows: &str) -> Faction {
        crate::ai::monster_turn::tests::goblins_knowing(rows).0
    }

    const ARCHER: Shooter = Shooter {
        range: 6,
        keep_distance: 3,
    };

    /// What an archer at `at` does about the player it sees at `player`,
    /// with a packmate standing at `mate` (if any).
    fn decide(faction: &mut Faction, at: Pos, player: Pos, mate: Option<Pos>) -> Intent {
        decide_with(faction, &mut Brain::default(), at, (player, true), mate)
    }

    /// As [`decide`], with smoke over the cells `smoke`.
    fn decide_by_smoke(
        faction: &mut Faction,
        at: Pos,
        player: Pos,
        mate: Option<Pos>,
        smoke: &[Pos],
    ) -> Intent {
        decide_in_smoke(
            faction,
            &mut Brain::default(),
            at,
            (player, true),
            mate,
            smoke,
        )
    }

    /// What an archer at `at` with the mind `brain` does, the player
    /// standing at `player.0`, seen if `player.1`.
    fn decide_with(
        faction: &mut Faction,
        brain: &mut Brain,
        at: Pos,
        player: (Pos, bool),
        mate: Option<Pos>,
    ) -> Intent {
        decide_in_smoke(faction, brain, at, player, mate, &[])
    }

    /// As [`decide_with`], with smoke over the cells `smoke`.
    fn decide_in_smoke(
        faction: &mut Faction,
        brain: &mut Brain,
        at: Pos,
        player: (Pos, bool),
        mate: Option<Pos>,
        smoke: &[Pos],
    ) -> Intent {
        decide_on_turn(faction, brain, at, player, (mate, smoke), (1, 1.0))
    }

    /// As [`decide_in_smoke`] (`others`: the packmate and the smoke), on
    /// the player's turn and at the game time of `moment`.
    fn decide_on_turn(
        faction: &mut Faction,
        brain: &mut Brain,
        at: Pos,
        (player, seen): (Pos, bool),
        (mate, smoke): (Option<Pos>, &[Pos]),
        (turn, now): (u64, f64),
    ) -> Intent {
        let mate = mate.map(|cell| {
            (
                cell,
                Body::Packmate {
                    yields: false,
                    keeps_place: false,
                    hunts: false,
                },
            )
        });
        decide_among(
            faction,
            brain,
            at,
            (player, seen),
            (mate, smoke),
            (turn, now),
        )
    }

    /// As [`decide_on_turn`], with `mate` the cell of another monster and
    /// what it is to the archer (a packmate or a stranger, yielding or not).
    fn decide_among(
        faction: &mut Faction,
        brain: &mut Brain,
        at: Pos,
        (player, seen): (Pos, bool),
        (mate, smoke): (Option<(Pos, Body)>, &[Pos]),
        (turn, now): (u64, f64),
    ) -> Intent {
        let smoke_at = |pos: Pos| smoke.contains(&pos);
        let body_at = move |pos: Pos| {
            if pos == player {
                Body::Player
            } else {
                mate.filter(|&(cell, _)| cell == pos)
                    .map_or(Body::Empty, |(_, body)| body)
            }
        };
        let senses = Senses {
            actor: 1,
            at,
            now,
            turn,
            player_seen: seen.then_some(player),
            health: 1.0,
            far_from_player: false,
            body_at: &body_at,
            awaited_at: &|_| None,
            smoke_at: &smoke_at,
            shooter: Some(ARCHER),
            fight_turns: FALLBACK_FIGHT_TURNS,
        };
        let mut rng = ChaCha8Rng::seed_from_u64(1);
        MemberTurn::new(faction, brain, &senses).think(&mut rng)
    }

    /// What an archer at `at` thinks of the player at `player` with a
    /// packmate at `mate`.
    fn brain_thought(faction: &mut Faction, at: Pos, player: Pos, mate: Pos) -> Thought {
        let mut brain = Brain::default();
        decide_with(faction, &mut brain, at, (player, true), Some(mate));
        brain.thought
    }

    /// An L-shaped corridor: along the top, then down the right side.
    const CORNER: &str = "@.....\n\
                          #####.\n\
                          #####.\n\
                          #####.\n\
                          #####.\n";

    const ROOM: &str = "@.........\n\
                        ..........\n\
                        ..........\n\
                        ..........\n\
                        ..........\n";

    /// A one-wide corridor down from a room: an archer `a` in it two
    /// cells from the player `@`, a monster `m` behind it on the way to
    /// the player (rooms depth 5 seed 3, turns 270-275: an archer shot
    /// from here, then fought hand to hand, a goblin hunting behind it).
    const BOXED: &str = "#.@.#\n\
                         #...#\n\
                         ##a##\n\
                         ##m##\n\
                         ##.##\n\
                         ##.##\n";

    #[test]
    fn an_archer_boxed_in_a_corridor_trades_places_with_one_coming_its_way() {
        let (at, player, behind) = (Pos::new(2, 2), Pos::new(2, 0), Pos::new(2, 3));
        for (body, swaps) in [
            (
                Body::Packmate {
                    yields: true,
                    keeps_place: false,
                    hunts: true,
                },
                true,
            ),
            (
                Body::Stranger {
                    yields: true,
                    keeps_place: false,
                    hunts: true,
                },
                true,
            ),
            // One that would let it pass but does not hunt (a wanderer):
            // pushed toward the player it would only walk off again.
            (
                Body::Stranger {
                    yields: true,
                    keeps_place: false,
                    hunts: false,
                },
                false,
            ),
            // One that keeps its place (it traded places with it lately):
            // the archer shoots from where it stands.
            (
                Body::Packmate {
                    yields: false,
                    keeps_place: true,
                    hunts: false,
                },
                false,
            ),
        ] {
            let mut faction = goblins_knowing(BOXED);
            let intent = decide_among(
                &mut faction,
                &mut Brain::default(),
                at,
                (player, true),
                (Some((behind, body)), &[]),
                (1, 1.0),
            );
            let expected = if swaps {
                Intent::Step {
                    to: behind,
                    swap: true,
                    guided: true,
                }
            } else {
                Intent::Shoot(player)
            };
            assert_eq!(intent, expected, "{body:?}");
        }
        // Next to the player, it trades places too: the one behind fights.
        let mut faction = goblins_knowing(BOXED);
        let yields = Body::Packmate {
            yields: true,
            keeps_place: false,
            hunts: true,
        };
        let next_to = Pos::new(2, 1);
        let intent = decide_among(
            &mut faction,
            &mut Brain::default(),
            Pos::new(2, 2),
            (next_to, true),
            (Some((behind, yields)), &[]),
            (1, 1.0),
        );
        assert_eq!(
            intent,
            Intent::Step {
                to: behind,
                swap: true,
                guided: true
            }
        );
    }

    #[test]
    fn an_archer_next_to_the_player_steps_back_when_there_is_room() {
        let mut faction = goblins_knowing(ROOM);
        let (at, player) = (Pos::new(4, 2), Pos::new(3, 2));
        match decide(&mut faction, at, player, None) {
            Intent::Step { to, .. } => assert!(to.chebyshev(player) > 1, "to {to}"),
            other => panic!("it should step back, not {other:?}"),
        }
        // Against a wall with no room, it fights hand to hand.
        let mut cornered = goblins_knowing("@#\n.#\n");
        assert_eq!(
            decide(&mut cornered, Pos::new(0, 1), Pos::new(0, 0), None),
            Intent::Attack(Pos::new(0, 0))
        );
    }

    #[test]
    fn an_archer_beside_a_player_in_smoke_steps_out_and_waits_the_cloud_out() {
        // The player stands in a smoke cloud: from any cell a step back the
        // archer loses it (a cloud hides all but what is side by side). It
        // steps back all the same (it used to fight hand to hand, river
        // depth 5), out of the cloud.
        let mut faction = goblins_knowing(ROOM);
        let (at, player) = (Pos::new(4, 2), Pos::new(3, 2));
        let cloud = [player, Pos::new(4, 1), Pos::new(4, 2), Pos::new(4, 3)];
        match decide_by_smoke(&mut faction, at, player, None, &cloud) {
            Intent::Step { to, .. } => {
                assert_eq!(to.chebyshev(player), 2, "to {to}");
                assert!(!cloud.contains(&to), "into the cloud: {to}");
            }
            other => panic!("it should step out of reach, not {other:?}"),
        }
        // Searching, two cells off the cloud over the player's last known
        // cell it sees: it does not walk back in (next to the player it
        // would fight), it waits for the cloud to clear from its distance
        // (four cells off: the spot holds the player, in range, when it
        // does), and from beyond that distance it holds where it is.
        let empty = |_: Pos| Body::Empty;
        let smoke_at = |pos: Pos| cloud.contains(&pos);
        let goal_from = |faction: &mut Faction, at: Pos| {
            let senses = Senses {
                shooter: Some(ARCHER),
                fight_turns: FALLBACK_FIGHT_TURNS,
                smoke_at: &smoke_at,
                ..crate::ai::monster_turn::tests::senses(at, &empty)
            };
            let mut brain = Brain::default();
            MemberTurn::new(faction, &mut brain, &senses).shooter_search_goal(Some(player))
        };
        let Some(outside) = goal_from(&mut faction, Pos::new(5, 2)) else {
            panic!("it should head somewhere");
        };
        assert_eq!(outside.chebyshev(player), 4, "it heads for {outside}");
        assert!(!cloud.contains(&outside));
        let far = Pos::new(8, 2);
        assert_eq!(goal_from(&mut faction, far), Some(far));
        // Without the cloud, where it sees the spot it walks onto it.
        let clear = |_: Pos| false;
        let senses = Senses {
            shooter: Some(ARCHER),
            fight_turns: FALLBACK_FIGHT_TURNS,
            smoke_at: &clear,
            ..crate::ai::monster_turn::tests::senses(far, &empty)
        };
        let mut brain = Brain::default();
        assert_eq!(
            MemberTurn::new(&mut faction, &mut brain, &senses).shooter_search_goal(Some(player)),
            Some(player)
        );
        // Smoke over two of the three cells behind it: it steps back to the
        // one clear of the cloud.
        let behind = [Pos::new(5, 1), Pos::new(5, 2)];
        match decide_by_smoke(&mut faction, at, player, None, &behind) {
            Intent::Step { to, .. } => assert_eq!(to, Pos::new(5, 3)),
            other => panic!("it should step back clear of the smoke, not {other:?}"),
        }
    }

    #[test]
    fn an_archer_steps_back_at_its_distance_before_the_player_is_inside_it() {
        // The player three cells off, the archer's kept distance: one step
        // more and it would be inside it, so the archer backs off now (it
        // used to shoot and let the player close in).
        let mut faction = goblins_knowing(ROOM);
        let (at, player) = (Pos::new(6, 2), Pos::new(3, 2));
        match decide(&mut faction, at, player, None) {
            Intent::Step { to, .. } => assert_eq!(to.chebyshev(player), 4, "to {to}"),
            other => panic!("it should step back, not {other:?}"),
        }
        // Beyond its distance it shoots.
        let far = Pos::new(7, 2);
        assert_eq!(
            decide(&mut faction, far, player, None),
            Intent::Shoot(player)
        );
    }

    #[test]
    fn an_archer_backs_off_toward_a_way_on_not_into_a_dead_end() {
        // The player three cells off comes on; of the three cells a step
        // further, the top and bottom ones are nooks in the room's corners
        // (from there no step leads further still: the player would
        // corner it at the next step), the middle one the mouth of a
        // corridor. A packmate stands on the line from the mouth: a clear
        // line from a nook used to win, and the archer backed into it.
        const NOOKS: &str = "##########\n\
                             ......####\n\
                             .@........\n\
                             ......####\n\
                             ##########\n";
        let at = Pos::new(4, 2);
        for (player, mate) in [
            (Pos::new(1, 1), Pos::new(3, 1)),
            (Pos::new(1, 3), Pos::new(3, 3)),
        ] {
            let mut faction = goblins_knowing(NOOKS);
            match decide(&mut faction, at, player, Some(mate)) {
                Intent::Step { to, .. } => {
                    assert_eq!(to, Pos::new(5, 2), "player {player}, packmate {mate}");
                }
                other => panic!("it should step back to the corridor, not {other:?}"),
            }
        }
    }

    #[test]
    fn an_archer_against_a_wall_slips_along_it_toward_a_way_on() {
        // Two cells off the player, its back to the wall: no step gains
        // distance. It used to stand and shoot until the player walked up
        // and fought it hand to hand. It slips along the wall, to the side
        // where a step gains within two (the left is a corner).
        const WALL: &str = "###.......\n\
                            ###.......\n\
                            ###..@....\n\
                            ###.......\n\
                            ###.......\n\
                            ##########\n";
        let mut faction = goblins_knowing(WALL);
        let (at, player) = (Pos::new(5, 4), Pos::new(5, 2));
        match decide(&mut faction, at, player, None) {
            Intent::Step { to, .. } => assert_eq!(to, Pos::new(6, 4)),
            other => panic!("it should slip along the wall, not {other:?}"),
        }
        // In the corner, with nowhere along the wall that leads on, it
        // shoots.
        let mut corner = goblins_knowing(
            "###.......\n\
             ###@......\n\
             ###.......\n\
             ##########\n",
        );
        assert_eq!(
            decide(&mut corner, Pos::new(3, 2), Pos::new(5, 2), None),
            Intent::Shoot(Pos::new(5, 2))
        );
    }

    #[test]
    fn an_archer_at_a_corridor_corner_backs_round_it_rather_than_fight() {
        // The player beside it at the corner: no step keeps the player in
        // sight, but the safety map leads down the corridor (it used to
        // fight hand to hand here). The corridor leads on beyond its look
        // ahead: down CORNER's four cells to a dead end the player, as
        // quick on the last cells, would stand next to it first, and it
        // fights at the corner.
        let long_corner = format!("{CORNER}{}", "#####.\n".repeat(6));
        let mut faction = goblins_knowing(&long_corner);
        let (at, player) = (Pos::new(5, 0), Pos::new(4, 0));
        match decide(&mut faction, at, player, None) {
            Intent::Step { to, .. } => assert_eq!(to, Pos::new(5, 1)),
            other => panic!("it should back round the corner, not {other:?}"),
        }
        let mut dead_end = goblins_knowing(CORNER);
        assert_eq!(
            decide(&mut dead_end, at, player, None),
            Intent::Attack(player)
        );
        // Two cells off, the step round the corner keeps the straight
        // line as it is but lengthens the player's walk (no step cuts the
        // wall's corner): it steps round rather than shoot at two cells
        // (it used to, and fought once the player had walked up).
        let mut faction = goblins_knowing(CORNER);
        let player = Pos::new(3, 0);
        match decide(&mut faction, at, player, None) {
            Intent::Step { to, .. } => assert_eq!(to, Pos::new(5, 1)),
            other => panic!("it should step round the corner, not {other:?}"),
        }
    }

    #[test]
    fn an_archer_that_backed_round_a_corner_holds_rather_than_walk_back() {
        // It stepped from the corner (5,0) round it to (5,1); the player
        // it last saw at (3,0) is out of its sight now. Its search would
        // take it straight back to the corner, into reach (and it would
        // back off again: to and fro); it holds.
        let mut faction = goblins_knowing(CORNER);
        let (left, at, player) = (Pos::new(5, 0), Pos::new(5, 1), Pos::new(3, 0));
        faction.note_sighting(player, 0.5);
        let mut brain = backed_off_hunter(player, left, at);
        assert_eq!(
            decide_with(&mut faction, &mut brain, at, (player, false), None),
            Intent::Wait
        );
        assert_eq!(brain.thought, Thought::HoldsAfterBackingOff { left });
        // The moment over, with the player last known within a step of
        // its distance (round the corner: a standoff), it gives the
        // search up rather than walk back into reach (or hold for ever,
        // as it used to, in the way of its packmates)...
        let over = BackedOff {
            left,
            to: at,
            until: 0.5,
            beyond: None,
        };
        // (A hunter that saw the player again meanwhile, and lost it
        // once more after its moment: it kept its news.)
        let mut near = Brain {
            backed_off: Some(over),
            ..backed_off_hunter(player, left, at)
        };
        near.mode = Mode::Search;
        assert_eq!(
            decide_with(&mut faction, &mut near, at, (player, false), None),
            Intent::Wait
        );
        assert_eq!(near.thought, Thought::LeavesStandoff { player });
        assert_eq!(near.alert, None);
        // It gave the search up this turn: it waits as a stroller (its one
        // wait as a searcher was counted a search, and a flap: maze depth
        // 5 seed 8, an archer at 15,23 that shot, lost the player and
        // left at once).
        assert_eq!(near.mode, Mode::Wander);
        // Its strolls keep off the corner a moment more.
        assert!(near.backed_off.is_some_and(|held| held.until > over.until));
        // ...and searches as any member does once the news is further off.
        let mut brain = Brain {
            backed_off: Some(over),
            alert: Some(crate::ai::brain::Alert {
                pos: Pos::new(0, 0),
                time: 0.5,
                source: crate::ai::brain::Source::Saw,
            }),
            ..backed_off_hunter(player, left, at)
        };
        faction.note_sighting(Pos::new(0, 0), 0.5);
        assert_ne!(
            decide_with(&mut faction, &mut brain, at, (Pos::new(0, 0), false), None),
            Intent::Wait
        );
        assert_eq!(brain.backed_off, None);
    }

    #[test]
    fn an_archer_holding_round_a_corner_from_news_there_holds_as_a_stroller() {
        // It backed from the corner (5,0) round it to (5,1) and lost the
        // player it saw at (3,0): news at the corner, which it would only
        // hold on and then leave (a standoff). It gives the search up at
        // once and stands out its moment as a stroller; it was a searcher
        // of holds alone, 8 actions, then a stroller: a search flap
        // without a step (door-halls depth 5 seed 5, turns 151-158).
        let mut faction = goblins_knowing(CORNER);
        let (left, at, player) = (Pos::new(5, 0), Pos::new(5, 1), Pos::new(3, 0));
        faction.note_sighting(player, 0.5);
        let mut brain = backed_off_hunter(player, left, at);
        let until = 0.5 + HOLD_AFTER_BACKING_OFF;
        // Its turns at 1, 4 and 10 game time (the moment lasts to 10.5):
        // it stands at (5,1) on each, and never searches.
        for (turn, now) in [(1, 1.0), (4, 4.0), (10, 10.0)] {
            assert_eq!(
                decide_on_turn(
                    &mut faction,
                    &mut brain,
                    at,
                    (player, false),
                    (None, &[]),
                    (turn, now)
                ),
                Intent::Wait,
                "at {now}"
            );
            assert_eq!(brain.mode, Mode::Wander, "at {now}");
            assert_eq!(brain.alert, None, "at {now}");
        }
        // As if it had given up at its hold's end: the search stays given
        // up from then, and its strolls keep off the corner a moment
        // more after it.
        assert_eq!(
            brain.search_given_up_until,
            until + crate::ai::brain::SEARCH_GIVE_UP_TIME
        );
        assert!(
            brain
                .backed_off
                .is_some_and(|held| held.until == until + HOLD_AFTER_BACKING_OFF)
        );
        // A stroller holding so, told the player is at the corner again
        // (a packmate saw it step there, 20 game time after it gave the
        // search up), does not take the news up either: an archer at
        // 13,17 held as a stroller, searched 2 waits on such news and
        // strolled on (maze depth 5 seed 2, turns 236-237).
        let mut faction = goblins_knowing(CORNER);
        faction.note_sighting(player, 20.0);
        let mut stroller = Brain {
            mode: Mode::Wander,
            alert: Some(crate::ai::brain::Alert {
                pos: player,
                time: 20.0,
                source: crate::ai::brain::Source::Heard(2),
            }),
            backed_off: Some(BackedOff {
                left,
                to: at,
                until: 25.0,
                beyond: None,
            }),
            ..Brain::default()
        };
        assert_eq!(
            decide_on_turn(
                &mut faction,
                &mut stroller,
                at,
                (player, false),
                (None, &[]),
                (21, 21.0)
            ),
            Intent::Wait
        );
        assert_eq!(stroller.mode, Mode::Wander);
        assert_eq!(stroller.thought, Thought::HoldsAfterBackingOff { left });
    }

    #[test]
    fn a_searcher_waiting_for_its_plan_to_news_at_the_corner_leaves_the_standoff() {
        // It backed from the corner (5,0) round it to (5,1), its hold is
        // over, and it lost the player it shot at (3,0): its search waits
        // a turn for its plan (which would lead back round the corner).
        // It leaves the standoff now, a stroller's wait: it searched that
        // one wait and left on the next (maze depth 5 seed 2, an archer
        // at 17,18, turns 246-247).
        let (left, at, player) = (Pos::new(5, 0), Pos::new(5, 1), Pos::new(3, 0));
        let mut faction = goblins_knowing(CORNER);
        faction.note_sighting(player, 0.5);
        let mut brain = Brain {
            mode: Mode::Search,
            thought: Thought::WaitsForPlan { goal: player },
            backed_off: Some(BackedOff {
                left,
                to: at,
                until: 0.5,
                beyond: None,
            }),
            ..backed_off_hunter(player, left, at)
        };
        let body_at = |pos: Pos| {
            if pos == player {
                Body::Player
            } else {
                Body::Empty
            }
        };
        let senses = Senses {
            shooter: Some(ARCHER),
            ..crate::ai::monster_turn::tests::senses(at, &body_at)
        };
        let intent =
            MemberTurn::new(&mut faction, &mut brain, &senses).hold_after_backing_off(Intent::Wait);
        assert_eq!(intent, Some(Intent::Wait));
        assert_eq!(brain.thought, Thought::LeavesStandoff { player });
        assert_eq!(brain.mode, Mode::Wander);
        assert_eq!(brain.alert, None);
    }

    #[test]
    fn a_stroller_that_left_a_standoff_does_not_stroll_back_round_the_corner() {
        // It backed from the corner (5,0) round it to (5,1) and gave the
        // search up; its hold is over, and its stroll to the far end of
        // the top row would take it back round the corner, into the
        // sight of the player its faction saw at (3,0) a moment ago (to
        // back off again, and again: swamp depth 6 seed 3). It strolls
        // another way.
        let (left, at, player, over) = backed_round_the_corner();
        let stroller = || Brain {
            mode: Mode::Wander,
            backed_off: Some(over),
            wander_target: Some(Pos::new(0, 0)),
            wander_until: 100.0,
            ..Brain::default()
        };
        let round_the_corner =
            |intent: Intent| matches!(intent, Intent::Step { to, .. } if to == left);
        let mut faction = goblins_knowing(CORNER);
        faction.note_sighting(player, 0.9);
        let mut brain = stroller();
        let intent = decide_with(&mut faction, &mut brain, at, (player, false), None);
        assert!(!round_the_corner(intent), "it strolled back: {intent:?}");
        assert!(brain.backed_off.is_some_and(|held| held.until > over.until));
        // News that old is still the latest: the player has not been
        // seen to go, and the stroll still keeps off the corner (it went
        // back to look every 40 turns: maze depth 5 seed 8).
        let mut faction = goblins_knowing(CORNER);
        faction.note_sighting(player, 0.9 - 2.0 * PURSUIT_MEMORY);
        let mut brain = stroller();
        let intent = decide_with(&mut faction, &mut brain, at, (player, false), None);
        assert!(!round_the_corner(intent), "it strolled back: {intent:?}");
        // News of the player elsewhere (a packmate saw it far from the
        // corner), or none (a searcher found the spot empty): the stroll
        // goes its way.
        for news in [Some(Pos::new(0, 0)), None] {
            let mut faction = goblins_knowing(CORNER);
            match news {
                Some(pos) => faction.note_sighting(pos, 0.9),
                None => {
                    faction.note_sighting(player, 0.9);
                    faction.forget_sighting();
                }
            }
            let mut brain = stroller();
            let intent = decide_with(&mut faction, &mut brain, at, (player, false), None);
            assert!(
                round_the_corner(intent),
                "news {news:?}: it should stroll on, not {intent:?}"
            );
        }
    }

    #[test]
    fn a_stroller_that_waited_out_its_hold_still_does_not_stroll_back_round_the_corner() {
        // Maze depth 5 seed 2, turns 273-309: an archer backed from 13,1
        // round the corner to 14,1, the player standing at 11,2; it held,
        // gave the search up, and as a stroller waited for its stroll's
        // plan a few turns past its hold. The wait dropped its record of
        // the corner, and the stroll then led it back onto 13,1, into the
        // player's sight on the same news, to back off again: three times.
        // Here, the hold over, it rests a turn (its first turn, at 1.0);
        // its stroll at 2.0 would take it back round the corner while its
        // faction saw the player there at 0.9. It strolls another way.
        let (left, at, player, over) = backed_round_the_corner();
        let mut faction = goblins_knowing(CORNER);
        faction.note_sighting(player, 0.9);
        let mut brain = Brain {
            mode: Mode::Wander,
            backed_off: Some(over),
            loiter_until: 1.5,
            ..Brain::default()
        };
        let rests = decide_on_turn(
            &mut faction,
            &mut brain,
            at,
            (player, false),
            (None, &[]),
            (1, 1.0),
        );
        assert_eq!(rests, Intent::Wait, "it rests at 1.0");
        assert_eq!(
            brain.backed_off,
            Some(over),
            "it still stands round the corner"
        );
        brain.wander_target = Some(Pos::new(0, 0));
        brain.wander_until = 100.0;
        let intent = decide_on_turn(
            &mut faction,
            &mut brain,
            at,
            (player, false),
            (None, &[]),
            (2, 2.0),
        );
        assert!(
            !matches!(intent, Intent::Step { to, .. } if to == left),
            "at 2.0 it strolled back round the corner: {intent:?}"
        );
    }

    /// CORNER's standoff, over: the shooter backed off from the corner
    /// (5,0) round it to (5,1), out of the sight of the player at (3,0),
    /// and its hold ended at 0.5. The cell it left, where it stands, where
    /// the player was, and its record of backing off.
    fn backed_round_the_corner() -> (Pos, Pos, Pos, BackedOff) {
        let (left, at, player) = (Pos::new(5, 0), Pos::new(5, 1), Pos::new(3, 0));
        let over = BackedOff {
            left,
            to: at,
            until: 0.5,
            beyond: None,
        };
        (left, at, player, over)
    }

    /// A shooter hunting the player seen at `player` that backed off from
    /// `left` to `at` a moment ago.
    fn backed_off_hunter(player: Pos, left: Pos, at: Pos) -> Brain {
        Brain {
            mode: Mode::Hunt,
            alert: Some(crate::ai::brain::Alert {
                pos: player,
                time: 0.5,
                source: crate::ai::brain::Source::Saw,
            }),
            came_from: Some(left),
            backed_off: Some(BackedOff {
                left,
                to: at,
                until: 0.5 + HOLD_AFTER_BACKING_OFF,
                beyond: None,
            }),
            ..Brain::default()
        }
    }

    #[test]
    fn an_archer_that_backed_off_holds_while_the_player_stands_a_step_beyond_its_range() {
        // River depth 7 seed 1: the player stepped to and fro a cell, a
        // spitter in and back with it, 200 turns, never shooting. Backed
        // off from (6,0) to (7,0), the archer (range 6) sees the player a
        // step out of range: it holds, not back in.
        let mut faction = goblins_knowing("@.......#\n");
        let (left, at, player) = (Pos::new(6, 0), Pos::new(7, 0), Pos::new(0, 0));
        faction.note_sighting(player, 0.5);
        let mut brain = backed_off_hunter(player, left, at);
        assert_eq!(
            decide_with(&mut faction, &mut brain, at, (player, true), None),
            Intent::Wait
        );
        assert_eq!(brain.thought, Thought::HoldsAfterBackingOff { left });
        // Holding, it heads nowhere (three holders round one last known
        // cell counted as a pile-up on it).
        assert_eq!(brain.goal, Some(at));
        // The player back in range: it shoots.
        let mut brain = backed_off_hunter(player, left, at);
        let nearer = Pos::new(1, 0);
        assert_eq!(
            decide_with(&mut faction, &mut brain, at, (nearer, true), None),
            Intent::Shoot(nearer)
        );
        // Further off, the player leaves: it follows.
        let mut faction = goblins_knowing("@........#\n");
        let (left, at, player) = (Pos::new(7, 0), Pos::new(8, 0), Pos::new(0, 0));
        faction.note_sighting(player, 0.5);
        let mut brain = backed_off_hunter(player, left, at);
        assert!(
            matches!(decide_with(&mut faction, &mut brain, at, (player, true), None),
            Intent::Step { to, .. } if to == left),
            "it follows the player who leaves"
        );
    }

    #[test]
    fn an_archer_that_backed_off_steps_in_on_a_player_who_stands_a_step_beyond_its_range() {
        // Rooms depth 5 seed 3, turns 331-340: the player stood still 7
        // cells from an archer of range 6 that had backed off, and the
        // archer held, 10 actions, never shooting. Its first sight of the
        // player there it holds (a player that comes on walks into range);
        // the player still there on its next turn, it steps in to shoot.
        let mut faction = goblins_knowing("@.......#\n");
        let (left, at, player) = (Pos::new(6, 0), Pos::new(7, 0), Pos::new(0, 0));
        faction.note_sighting(player, 0.5);
        let mut brain = backed_off_hunter(player, left, at);
        let seen = (player, true);
        assert_eq!(
            decide_on_turn(&mut faction, &mut brain, at, seen, (None, &[]), (7, 1.0)),
            Intent::Wait
        );
        // Goblins are quicker than the player: a second action within
        // the same player turn still holds (the player had no turn).
        assert_eq!(
            decide_on_turn(&mut faction, &mut brain, at, seen, (None, &[]), (7, 1.0)),
            Intent::Wait
        );
        assert!(
            matches!(decide_on_turn(&mut faction, &mut brain, at, seen, (None, &[]), (8, 1.0)),
            Intent::Step { to, .. } if to == left),
            "it should step in, not {:?}",
            brain.thought
        );
        // A player stepping to and fro across the edge of its range (river
        // depth 7 seed 1) is no player standing still: back a step beyond
        // it a turn later, it is held for again.
        let mut brain = backed_off_hunter(player, left, at);
        let nearer = (Pos::new(1, 0), true);
        let turns = [(seen, Intent::Wait), (nearer, Intent::Shoot(nearer.0))];
        for (turn, (player, intent)) in (7..).zip(turns.iter().cycle().take(4)) {
            assert_eq!(
                decide_on_turn(
                    &mut faction,
                    &mut brain,
                    at,
                    *player,
                    (None, &[]),
                    (turn, 1.0)
                ),
                *intent,
                "turn {turn}"
            );
        }
    }

    #[test]
    fn an_archer_that_backed_off_holds_past_its_hold_while_the_player_paces_at_its_edge() {
        // Spitter-caverns depth 5 seed 3, turns 258-279: the player paced
        // a cell to and fro at the edge of a spitter's range; the spitter
        // held ten time units from its step back, stepped in the moment
        // the hold ran out, and back out when the player stepped in:
        // A-B-A-B. Backed off from (6,0) to (7,0) at 0.5 (its hold until
        // 10.5), the archer (range 6) sees the player at (0,0), a step out
        // of range, at times 1.0, 4.0, 7.0, 10.0 and 13.0, and at (1,0),
        // in range, at 2.5, 5.5, 8.5 and 11.5: it holds and shoots, and
        // at 13.0, past the hold its step back began, it still holds (its
        // shots kept the hold).
        let mut faction = goblins_knowing("@.......#\n");
        let (left, at, player) = (Pos::new(6, 0), Pos::new(7, 0), Pos::new(0, 0));
        faction.note_sighting(player, 0.5);
        let mut brain = backed_off_hunter(player, left, at);
        let nearer = Pos::new(1, 0);
        for (step, turn) in (0..9).zip(7_u64..) {
            let now = 1.0 + 1.5 * f64::from(step);
            let (seen, expected) = if step % 2 == 0 {
                (player, Intent::Wait)
            } else {
                (nearer, Intent::Shoot(nearer))
            };
            assert_eq!(
                decide_on_turn(
                    &mut faction,
                    &mut brain,
                    at,
                    (seen, true),
                    (None, &[]),
                    (turn, now)
                ),
                expected,
                "at {now}: {:?}",
                brain.thought
            );
        }
    }

    #[test]
    fn a_spitter_back_on_the_cell_it_backed_off_from_shoots_at_a_player_wading_up() {
        // Peat-causeways depth 5 seed 4, turns 159-165: a spitter (range 4,
        // keeps 3) backed off from (32,34) to (31,33), stepped back in when
        // the player stood beyond its range, and backed off again the
        // moment the player, wading, stepped in: A-B-A-B. Back on the cell
        // it left, (3,2), the player 3 cells off at (0,2) across shallow
        // water (3 a step): the player could stand next to it at 3.0 at the
        // soonest, after the spitter's next turn. It shoots.
        const SHALLOWS: &str = "~~~~...\n\
                                ~~~~...\n\
                                @~~~...\n\
                                ~~~~...\n\
                                ~~~~...\n";
        let (left, to, player) = (Pos::new(3, 2), Pos::new(4, 2), Pos::new(0, 2));
        let stepped_in = || Brain {
            mode: Mode::Hunt,
            backed_off: Some(BackedOff {
                left,
                to,
                until: HOLD_AFTER_BACKING_OFF,
                beyond: None,
            }),
            ..Brain::default()
        };
        let mut faction = lizardfolk_knowing(SHALLOWS);
        assert_eq!(
            spitter_decides(&mut faction, &mut stepped_in(), left, player),
            Intent::Shoot(player)
        );
        // Over floor the player stands next to it at 1.0, as its next
        // turn comes: it backs off.
        let mut faction = lizardfolk_knowing(&SHALLOWS.replace('~', "."));
        assert!(matches!(
            spitter_decides(&mut faction, &mut stepped_in(), left, player),
            Intent::Step { to, .. } if to.chebyshev(player) > 3
        ));
        // Not stepped in (it stood there all along): at its distance it
        // backs off, as ever.
        let mut faction = lizardfolk_knowing(SHALLOWS);
        let mut brain = Brain {
            mode: Mode::Hunt,
            ..Brain::default()
        };
        assert!(matches!(
            spitter_decides(&mut faction, &mut brain, left, player),
            Intent::Step { to, .. } if to.chebyshev(player) > 3
        ));
    }

    #[test]
    fn an_archer_steps_back_from_a_player_on_a_road_before_it_is_upon_it() {
        // The player five cells off along a road (0.5 a step): it could
        // stand next to the archer after three road steps, at 1.5, sooner
        // than the archer's shot (0.8) and a floor step back (0.8) take.
        // It steps back rather than shoot (river and moor-roads depth 5:
        // a shooter that shot at a player on a road four cells off found
        // it two cells off after the shot, and next to it after its step).
        const ROAD: &str = "@====a....\n\
                            ##########\n";
        let (at, player) = (Pos::new(5, 0), Pos::new(0, 0));
        let mut faction = goblins_knowing(ROAD);
        assert_eq!(
            decide(&mut faction, at, player, None),
            Intent::Step {
                to: Pos::new(6, 0),
                swap: false,
                guided: true
            }
        );
        // Over floor the player needs 3.0: it shoots, as ever.
        let mut faction = goblins_knowing(&ROAD.replace('=', "."));
        assert_eq!(
            decide(&mut faction, at, player, None),
            Intent::Shoot(player)
        );
        // On the road itself its own step back takes 0.4 (1.2 with the
        // shot, under the player's 1.5): it shoots, and steps back after.
        let mut faction = goblins_knowing(&ROAD.replace('.', "="));
        assert_eq!(
            decide(&mut faction, at, player, None),
            Intent::Shoot(player)
        );
        // Back on the cell it backed off from (the band's other half), the
        // straight line alone says too near: it shoots.
        let mut faction = goblins_knowing(ROAD);
        let mut brain = Brain {
            mode: Mode::Hunt,
            backed_off: Some(BackedOff {
                left: at,
                to: Pos::new(6, 0),
                until: HOLD_AFTER_BACKING_OFF,
                beyond: None,
            }),
            ..Brain::default()
        };
        assert_eq!(
            decide_with(&mut faction, &mut brain, at, (player, true), None),
            Intent::Shoot(player)
        );
    }

    #[test]
    fn a_spitter_at_its_range_steps_out_of_it_from_a_player_on_a_road() {
        // A spitter (range 4, keeps 3) four cells from a player on a road:
        // the player could stand next to it at 1.0, before its shot (1.0)
        // and a step back (1.0) are done; no step back stays in range, and
        // it takes the one a cell beyond.
        const ROAD: &str = "@===s...\n\
                            ########\n";
        let (at, player) = (Pos::new(4, 0), Pos::new(0, 0));
        let mut faction = lizardfolk_knowing(ROAD);
        let mut brain = Brain {
            mode: Mode::Hunt,
            ..Brain::default()
        };
        assert!(matches!(
            spitter_decides(&mut faction, &mut brain, at, player),
            Intent::Step { to, .. } if to == Pos::new(5, 0)
        ));
        // Over floor the player stands next to it at 2.0, no sooner than
        // its shot and step: it shoots (the straight line's distance holds).
        let mut faction = lizardfolk_knowing(&ROAD.replace('=', "."));
        let mut brain = Brain {
            mode: Mode::Hunt,
            ..Brain::default()
        };
        assert_eq!(
            spitter_decides(&mut faction, &mut brain, at, player),
            Intent::Shoot(player)
        );
    }

    #[test]
    fn an_archer_that_meets_again_a_player_it_gave_up_on_does_not_search_while_it_holds() {
        // Pass depth 5 seed 3, turns 241-395: the player stood 2 cells up a
        // side corridor; an archer on the road below gave the standoff up,
        // strolled back past the corner, saw the player, backed off round
        // it and held; its give-up ran out mid-hold and it searched a few
        // actions, standing, then left the standoff again: a search of 2 to
        // 7 actions ending in wandering (a flap), every 23 turns.
        let mut faction = goblins_knowing(CORNER);
        let (corner, round, player) = (Pos::new(5, 0), Pos::new(5, 1), Pos::new(3, 0));
        let mut brain = Brain {
            search_given_up_until: 5.0,
            ..Brain::default()
        };
        let empty = (None, &[][..]);
        match decide_on_turn(
            &mut faction,
            &mut brain,
            corner,
            (player, true),
            empty,
            (1, 1.0),
        ) {
            Intent::Step { to, .. } => assert_eq!(to, round),
            other => panic!("it should back round the corner, not {other:?}"),
        }
        // Its give-up over, it still holds (no search of the standoff it
        // left), and when the hold is over it leaves the standoff as it
        // did before, without a search between.
        for (turn, now) in [(6, 6.0), (10, 10.5), (12, 11.5), (13, 12.3)] {
            decide_on_turn(
                &mut faction,
                &mut brain,
                round,
                (player, false),
                empty,
                (turn, now),
            );
            assert_ne!(brain.mode, Mode::Search, "at {now}: {:?}", brain.thought);
        }
    }

    #[test]
    fn a_standoff_is_measured_from_the_cell_the_archer_would_walk_back_to() {
        // Pass depth 5 seed 7: the player 4 cells off the cell the archer
        // left, 5 off the cell it held; once its hold was over it walked
        // back in, saw the player too near, backed off, every 11 turns.
        let mut faction = goblins_knowing(
            "@....\n\
             ####.\n\
             ####.\n\
             ####.\n\
             ####.\n\
             ####.\n\
             ####.\n",
        );
        let (left, at, player) = (Pos::new(4, 4), Pos::new(4, 5), Pos::new(4, 0));
        faction.note_sighting(player, 0.5);
        let mut brain = Brain {
            mode: Mode::Search,
            backed_off: Some(BackedOff {
                left,
                to: at,
                until: 0.5,
                beyond: None,
            }),
            ..backed_off_hunter(player, left, at)
        };
        assert_eq!(
            decide_with(&mut faction, &mut brain, at, (player, false), None),
            Intent::Wait
        );
        assert_eq!(brain.thought, Thought::LeavesStandoff { player });
    }

    #[test]
    fn an_archer_drawn_back_round_its_corner_by_a_noise_leaves_the_noise() {
        // Pass depth 5 seed 7: an archer that backed off round a corner
        // heard the fight there and stood 8 actions investigating it,
        // held by its hold. It gives the noise up at once.
        let mut faction = goblins_knowing(CORNER);
        let (left, at, noise) = (Pos::new(5, 1), Pos::new(5, 2), Pos::new(1, 0));
        let mut brain = Brain {
            mode: Mode::Investigate,
            noise: Some(noise),
            came_from: Some(left),
            backed_off: Some(BackedOff {
                left,
                to: at,
                until: 0.5 + HOLD_AFTER_BACKING_OFF,
                beyond: None,
            }),
            ..Brain::default()
        };
        let intent = decide_with(&mut faction, &mut brain, at, (noise, false), None);
        // Back to its life this same turn: not investigating, nor waiting
        // at the noise.
        assert_ne!(
            brain.mode,
            Mode::Investigate,
            "{intent:?} {:?}",
            brain.thought
        );
        assert!(
            !matches!(intent, Intent::Step { to, .. } if to == left),
            "it went back round the corner"
        );
        assert_eq!(
            brain.investigating.map(|(_, turns)| turns),
            Some(super::super::pack::INVESTIGATE_PATIENCE),
            "done with the place: the same business does not draw it back"
        );
    }

    /// A one-wide corridor: from its far end, the archer's firing cells
    /// (4 to 6 cells from the player) are the last three.
    const CORRIDOR: &str = "@......\n";

    /// An archer at the corridor's far end that shot `shots` times from
    /// there, having shot from `fired_from` before.
    fn standing_at_the_end(shots: u32, fired_from: [Option<Pos>; 3]) -> Brain {
        let end = Pos::new(6, 0);
        Brain {
            mode: Mode::Hunt,
            came_from: Some(Pos::new(5, 0)),
            shooting_from: Some((end, shots)),
            fired_from,
            ..Brain::default()
        }
    }

    #[test]
    fn an_archer_at_the_end_of_a_row_of_firing_cells_walks_back_along_it() {
        // It came to the end from (5,0) and shot from there before: a
        // cell two steps back is one it did not shoot from lately (it used
        // to stand at the end for ever, the cell it came from barred).
        let mut faction = goblins_knowing(CORRIDOR);
        let (end, player) = (Pos::new(6, 0), Pos::new(0, 0));
        let mut brain =
            standing_at_the_end(SHOTS_BEFORE_MOVING, [Some(Pos::new(5, 0)), None, None]);
        assert_eq!(
            decide_with(&mut faction, &mut brain, end, (player, true), None),
            Intent::Step {
                to: Pos::new(5, 0),
                swap: false,
                guided: true
            }
        );
        assert_eq!(
            brain.thought,
            Thought::SeeksClearShot { to: Pos::new(4, 0) }
        );
        assert_eq!(brain.fired_from[0], Some(end));
        // Fewer shots than that: it shoots on.
        let mut brain = standing_at_the_end(2, [Some(Pos::new(5, 0)), None, None]);
        assert_eq!(
            decide_with(&mut faction, &mut brain, end, (player, true), None),
            Intent::Shoot(player)
        );
    }

    #[test]
    fn an_archer_goes_back_to_a_firing_cell_it_used_only_after_many_shots() {
        // Every other firing cell is one it shot from lately: it stands a
        // while (trading between them every few shots would be to and
        // fro), then goes back rather than stand for ever.
        let mut faction = goblins_knowing(CORRIDOR);
        let (end, player) = (Pos::new(6, 0), Pos::new(0, 0));
        let used = [Some(Pos::new(5, 0)), Some(Pos::new(4, 0)), None];
        let mut brain = standing_at_the_end(SHOTS_BEFORE_MOVING, used);
        assert_eq!(
            decide_with(&mut faction, &mut brain, end, (player, true), None),
            Intent::Shoot(player)
        );
        let mut brain = standing_at_the_end(SHOTS_BEFORE_GOING_BACK, used);
        match decide_with(&mut faction, &mut brain, end, (player, true), None) {
            Intent::Step { to, .. } => assert_eq!(to, Pos::new(5, 0)),
            other => panic!("it should move to another firing cell, not {other:?}"),
        }
    }

    #[test]
    fn an_archer_against_a_wall_inside_its_distance_walks_along_it_to_a_firing_cell() {
        // Against the top wall three cells from the player: no step takes
        // it further. It used to stand there for good (the cells on the
        // way were inside its distance), then to shoot a few times first
        // and walk along the wall to a cell four off; now it slips along
        // the wall at once, toward where a step gains distance, no nearer
        // the player, with or without shots from there.
        let (at, player) = (Pos::new(3, 0), Pos::new(5, 3));
        for shots in [0, SHOTS_BEFORE_MOVING] {
            let mut faction = goblins_knowing(ROOM);
            let mut brain = Brain {
                mode: Mode::Hunt,
                shooting_from: Some((at, shots)),
                ..Brain::default()
            };
            match decide_with(&mut faction, &mut brain, at, (player, true), None) {
                Intent::Step { to, .. } => {
                    assert_eq!(to.y, 0, "along the wall: {to}");
                    assert!(to.chebyshev(player) >= 3, "to {to}");
                }
                other => panic!("it should walk along the wall, not {other:?}"),
            }
            assert!(
                matches!(brain.thought, Thought::KeepsDistance { .. }),
                "it thinks {:?}",
                brain.thought
            );
        }
    }

    /// A maze's corridor bend (drawn from the shipped maze): the player
    /// comes along the top row; below the archer the corridor turns.
    const BEND: &str = "#.###\n\
                        #@..#\n\
                        #.#.#\n\
                        #.#..\n";

    #[test]
    fn an_archer_two_cells_off_at_a_bend_steps_round_it_rather_than_shoot() {
        // Two cells off in a straight line from (3,1) or (3,2), but three
        // steps for the player to (3,2) (no step cuts the wall's corner):
        // the step round the bend lengthens the player's walk. It used to
        // shoot at two cells here and fight once the player walked up.
        let mut faction = goblins_knowing(BEND);
        let (at, player) = (Pos::new(3, 1), Pos::new(1, 1));
        match decide(&mut faction, at, player, None) {
            Intent::Step { to, .. } => assert_eq!(to, Pos::new(3, 2)),
            other => panic!("it should step round the bend, not {other:?}"),
        }
    }

    #[test]
    fn an_archer_that_lost_sight_looks_for_the_spot_from_a_firing_cell() {
        // Down the corridor's side, out of sight of the player's last
        // known cell on the top row: it heads for the corner cell that
        // sees along the row, four cells off, not for the cell itself
        // (three archers used to crowd onto one last known cell).
        let mut faction = goblins_knowing(CORNER);
        let spot = Pos::new(1, 0);
        let empty = |_: Pos| Body::Empty;
        let goal_from = |faction: &mut Faction, at: Pos| {
            let senses = Senses {
                shooter: Some(ARCHER),
                fight_turns: FALLBACK_FIGHT_TURNS,
                ..crate::ai::monster_turn::tests::senses(at, &empty)
            };
            let mut brain = Brain::default();
            MemberTurn::new(faction, &mut brain, &senses).shooter_search_goal(Some(spot))
        };
        assert_eq!(
            goal_from(&mut faction, Pos::new(5, 3)),
            Some(Pos::new(5, 0))
        );
        // Where it sees the spot (the player gone from it), the spot.
        assert_eq!(goal_from(&mut faction, Pos::new(5, 0)), Some(spot));
    }

    /// Rooms depth 5 seed 6 about (55,22): the player went through the
    /// open door (7,5) into the room on the right and stands at (8,3),
    /// out of sight of the archer's room.
    const DOORWAY: &str = "####+#########\n\
                           ##....########\n\
                           ##....########\n\
                           ##....##@...##\n\
                           ##....##....##\n\
                           ==....='....+=\n\
                           ##....##....##\n\
                           ##....##....##\n\
                           ##....####=###\n\
                           ##########=###\n";

    #[test]
    fn a_searching_archer_that_sees_its_search_spot_does_not_trade_two_cells() {
        // Rooms depth 5 seed 6, turns 144-152: from (5,6) the archer saw
        // its search spot (10,3) through the door, so the spot was its
        // goal, and the way there went back through (5,5); from (5,5),
        // out of the spot's sight, it stepped back to (5,6) to see it:
        // (5,5) and (5,6) traded 24 times. Seen from where it stands, the
        // spot is looked at: it searches on elsewhere.
        let mut faction = goblins_knowing(DOORWAY);
        let player = Pos::new(8, 3);
        faction.note_sighting(player, 0.5);
        let mut brain = Brain {
            mode: Mode::Search,
            alert: Some(crate::ai::brain::Alert {
                pos: player,
                time: 0.5,
                source: crate::ai::brain::Source::Saw,
            }),
            search_spot: Some(Pos::new(10, 3)),
            ..Brain::default()
        };
        let mut at = Pos::new(4, 6);
        let mut cells = vec![at];
        for turn in 1..=12_u32 {
            let seen = faction.believes_seen_from(at, player);
            let now = 1.0 + 0.8 * f64::from(turn);
            let moment = (u64::from(turn), now);
            let intent = decide_on_turn(
                &mut faction,
                &mut brain,
                at,
                (player, seen),
                (None, &[]),
                moment,
            );
            if let Intent::Step { to, .. } = intent {
                brain.came_from = Some(at);
                at = to;
            }
            cells.push(at);
        }
        let to_and_fro = cells
            .windows(4)
            .position(|w| w[0] == w[2] && w[1] == w[3] && w[0] != w[1]);
        assert_eq!(to_and_fro, None, "it went to and fro: {cells:?}");
    }

    #[test]
    fn an_archer_never_shoots_through_a_packmate_and_moves_to_a_clear_line() {
        let mut faction = goblins_knowing(ROOM);
        let (at, player) = (Pos::new(6, 2), Pos::new(2, 2));
        assert_eq!(
            decide(&mut faction, at, player, None),
            Intent::Shoot(player),
            "a clear line: it shoots"
        );
        let mate = Pos::new(4, 2);
        match decide(&mut faction, at, player, Some(mate)) {
            Intent::Shoot(_) => panic!("it shot through its packmate"),
            Intent::Step { to, .. } => {
                // A step toward a cell with a clear line (a few steps
                // off, it may pass cells without one).
                let Thought::SeeksClearShot { to: cell } =
                    brain_thought(&mut faction, at, player, mate)
                else {
                    panic!("it stepped to {to} for no clear shot");
                };
                assert!(to.chebyshev(at) == 1 && cell.chebyshev(to) < FIRING_CELL_STEPS);
                assert!(
                    line_of_sight(cell, player, |c| c == mate),
                    "it heads for {cell}, from where the line still crosses {mate}"
                );
            }
            Intent::Wait => {}
            other => panic!("unexpected {other:?}"),
        }
    }
    const SPITTER: Shooter = Shooter {
        range: 4,
        keep_distance: 3,
    };

    /// The lizardfolk of the shipped config (they swim deep water), knowing
    /// `rows` as it is.
    fn lizardfolk_knowing(rows: &str) -> Faction {
        let config = crate::config::MonsterConfig::shipped().expect("the shipped config");
        let lizardfolk = config
            .faction("lizardfolk")
            .expect("the shipped lizardfolk")
            .clone();
        let level = crate::world::level::text::parse(rows).expect("a level");
        let mut faction = Faction::new(
            lizardfolk.clone(),
            crate::ai::knowledge::FactionKnowledge::omniscient(&level),
        );
        faction.rebuild(lizardfolk).expect("a grid");
        faction.start_turn(0.0);
        faction
    }

    /// What a spitter at `at` with the mind `brain` does about the player
    /// it sees at `player`, alone on the level.
    fn spitter_decides(faction: &mut Faction, brain: &mut Brain, at: Pos, player: Pos) -> Intent {
        let body_at = move |pos: Pos| {
            if pos == player {
                Body::Player
            } else {
                Body::Empty
            }
        };
        let no_smoke = |_: Pos| false;
        let senses = Senses {
            player_seen: Some(player),
            smoke_at: &no_smoke,
            shooter: Some(SPITTER),
            fight_turns: FALLBACK_FIGHT_TURNS,
            ..crate::ai::monster_turn::tests::senses(at, &body_at)
        };
        let mut rng = ChaCha8Rng::seed_from_u64(1);
        MemberTurn::new(faction, brain, &senses).think(&mut rng)
    }

    #[test]
    fn a_spitter_cornered_beside_the_player_slips_past_it_into_deep_water() {
        // Spit-pools (our own cavern) seed 3, turn 148: a spitter in a
        // one-wide neck of a pool, the player on the cell above it. Every
        // free cell round it lies next to the player, so no step gains by
        // the walk: it bit, five actions running. Two steps off, past the
        // player's side, lies deep water the player cannot enter.
        const NECK: &str = "~~~WWW\n\
                            ~@~WWW\n\
                            #.~WWW\n\
                            ######\n";
        let mut faction = lizardfolk_knowing(NECK);
        let player = Pos::new(1, 1);
        let mut at = Pos::new(1, 2);
        let mut brain = Brain {
            mode: Mode::Hunt,
            ..Brain::default()
        };
        // Time 0: beside the player, it slips along its side toward the
        // deep water (one more turn next to it, not a fight).
        match spitter_decides(&mut faction, &mut brain, at, player) {
            Intent::Step { to, .. } => {
                assert_eq!(to.chebyshev(player), 1, "along its side: {to}");
                assert!(to.x > at.x, "toward the deep water: {to}");
                brain.came_from = Some(at);
                at = to;
            }
            other => panic!("it should slip toward the deep water, not {other:?}"),
        }
        // Its next turn, the player still at (1, 1): into the deep water,
        // two cells off, where the player cannot stand next to it.
        match spitter_decides(&mut faction, &mut brain, at, player) {
            Intent::Step { to, .. } => {
                assert_eq!(to.chebyshev(player), 2, "out of reach: {to}");
                assert_eq!(
                    faction.knowledge().belief(to),
                    Some(crate::world::Terrain::DeepWater)
                );
            }
            other => panic!("it should swim off, not {other:?}"),
        }
    }

    #[test]
    fn a_spitter_beside_a_player_as_fast_as_it_fights_rather_than_be_followed() {
        // Reedbed-roads depth 5 seed 2, turns 23-31: a spitter beside the
        // player on open ground stepped back every turn and the player
        // followed, eight turns begun next to it, not one spit. Time 0:
        // the spitter at (4, 2), the player at (5, 2), ready. Its step
        // back to (3, 2) takes 1.0; the player stands on (4, 2), next to
        // it, at once, and so for every cell within its look ahead (the
        // player walks as fast over floor). It bites.
        const FIELD: &str = "...........\n\
                             ...........\n\
                             ...........\n\
                             ...........\n\
                             .......@...\n";
        let (at, player) = (Pos::new(4, 2), Pos::new(5, 2));
        let mut faction = lizardfolk_knowing(FIELD);
        let mut brain = Brain {
            mode: Mode::Hunt,
            ..Brain::default()
        };
        assert_eq!(
            spitter_decides(&mut faction, &mut brain, at, player),
            Intent::Attack(player)
        );
        // A goblin archer in its place (1.25 times as fast) steps back: straight
        // away, 0.8 a step, it ends out of the player's reach.
        let mut goblins = goblins_knowing(FIELD);
        match decide(&mut goblins, at, player, None) {
            Intent::Step { to, .. } => assert_eq!(to.chebyshev(player), 2, "to {to}"),
            other => panic!("the archer should step back, not {other:?}"),
        }
    }

    #[test]
    fn a_spitter_two_cells_off_backs_toward_a_pool_not_along_the_floor() {
        // The player at (1, 1), the spitter three cells off at (4, 1) on
        // floor; a deep pool lies below and to its right. Straight back
        // along the floor the player walks as fast as it: it would be
        // caught at the room's end. Into the pool (its step a diagonal
        // one, the player two steps from standing next to it), the player
        // can never stand next to it.
        const POOL: &str = "........................\n\
                            .@......................\n\
                            .....WWW................\n\
                            .....WWW................\n\
                            .....WWW................\n\
                            ########################\n";
        let mut faction = lizardfolk_knowing(POOL);
        let (at, player) = (Pos::new(4, 1), Pos::new(1, 1));
        let mut brain = Brain {
            mode: Mode::Hunt,
            ..Brain::default()
        };
        match spitter_decides(&mut faction, &mut brain, at, player) {
            Intent::Step { to, .. } => assert_eq!(to, Pos::new(5, 2), "into the pool"),
            other => panic!("it should step toward the pool, not {other:?}"),
        }
    }

    #[test]
    fn a_spitter_two_cells_off_never_steps_next_to_the_player_for_a_pool() {
        // The pool lies past the player's side: every way there passes a
        // cell the player could stand next to before the spitter's next
        // turn. Two cells off, it backs along the floor instead (a step
        // next to the player only to swim off later was an adjacent turn
        // of its own making: 26 `came_round` turns on our cavern of pools).
        const PAST: &str = "WWW.......\n\
                            WWW.......\n\
                            ...@......\n\
                            ..........\n";
        let mut faction = lizardfolk_knowing(PAST);
        let (at, player) = (Pos::new(5, 2), Pos::new(3, 2));
        let mut brain = Brain {
            mode: Mode::Hunt,
            ..Brain::default()
        };
        match spitter_decides(&mut faction, &mut brain, at, player) {
            Intent::Step { to, .. } => {
                assert!(to.chebyshev(player) >= 2, "next to the player: {to}");
                assert!(to.x > at.x, "away from the player: {to}");
            }
            other => panic!("it should step back, not {other:?}"),
        }
    }
}
