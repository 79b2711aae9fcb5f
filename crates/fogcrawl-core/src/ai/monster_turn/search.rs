//! A searcher's goal: where it looks for a player it lost, about the
//! cell the player was last known at, from cover and not where a packmate
//! already looked; and how long it looks ([`Sweep`]) before it gives the
//! player up and goes back to its life.
//!
//! A search keeps to the place, in the manner of Brogue CE (to the last
//! known cell, a look about, then back to wandering): a member with no way
//! out of where it stands to the place does not take it up, a step out
//! of [`SEARCH_SPREAD`] about the place is not taken (a chase aside), and
//! a player watched out of reach is given up after a look's length. Each
//! is decided once and held for the give-up time, never re-chosen a turn
//! later.

use gridpath::{Pos, Reach};
use rand::{Rng, RngExt};
use serde::{Deserialize, Serialize};

use super::reach::{FloodReach, flood_reach};
use super::wander::{WANDER_TRIES, random_cell_near};
use super::{Body, DANGEROUS, FIELD_RETARGET, Intent, MemberTurn};
use crate::ai::alert::Source;
use crate::ai::brain::{Mode, SEARCH_SPREAD};
use crate::ai::faction::Faction;
use crate::ai::thought::Thought;

/// Spots near the player's last known position a searcher weighs before it
/// picks the one where danger and threat weigh least.
const SEARCH_CANDIDATES: usize = 8;
/// Game time a searcher looks about the player's last known cell, once it
/// got there (or found it looked at, out of reach or in danger) and found
/// nobody, before it gives the player up: about 25 goblin steps, two or
/// three spots within [`SEARCH_SPREAD`] of the cell. Half the time news of
/// the player keeps ([`crate::ai::brain::PURSUIT_MEMORY`]): without it a
/// search lasted as long as the news, and news renewed by packmates'
/// shouts of the same cell kept a searcher at it past that.
pub(crate) const SWEEP_TIME: f64 = 20.0;
/// Its own turns a searcher looks about at the least, however slow the
/// ground: a look is a turn, and on swamp [`SWEEP_TIME`] is four or five
/// of a goblin's (swamp with the evader, seed 3: a goblin gave up after
/// five looks, a flap).
pub(crate) const SWEEP_MIN_TURNS: u32 = 10;

/// A searcher's look about the player's last known cell (`around`), begun
/// at game time `began`, and its own turns spent on it (`counted_at`: the
/// game time of the last one counted, so a turn it decides twice in counts
/// once). News of the player at another cell begins another; news of the
/// same cell (a packmate's shout) does not: the place is searched however
/// often it is shouted.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct Sweep {
    pub around: Pos,
    pub began: f64,
    pub turns: u32,
    pub counted_at: f64,
}

impl Sweep {
    /// A look about `around` begun at `now` (its first turn).
    fn new(around: Pos, now: f64) -> Self {
        Self {
            around,
            began: now,
            turns: 1,
            counted_at: now,
        }
    }

    /// Counts its turn at `now`, once however often it decides in it.
    fn count_turn(&mut self, now: f64) {
        if now > self.counted_at {
            self.turns += 1;
            self.counted_at = now;
        }
    }

    /// Whether it has looked about long enough at `now`: for
    /// [`SWEEP_TIME`] and [`SWEEP_MIN_TURNS`] of its turns.
    pub(crate) fn is_over(&self, now: f64) -> bool {
        self.turns >= SWEEP_MIN_TURNS && now - self.began >= SWEEP_TIME
    }
}

/// The cells a searcher could walk to from `around` in [`SEARCH_SPREAD`]
/// steps or fewer over its faction's planning grid, `around` first, in
/// the order a breadth-first walk reaches them, over cells its faction
/// has seen (`known`) only: the ways out of the place it knows. "About
/// the place" is a walk, not a straight line: in the maze a spot six
/// cells from the last known cell through a wall was forty steps round,
/// and a searcher sent there gave the search up 17 cells from the place
/// (maze seed 4). The planning grid takes unseen cells for open, so a
/// walk through them went through the maze's walls all the same: a goblin
/// searching about 4,1 was sent to 5,5, four unseen cells south and over
/// thirty steps round, and gave up 12 cells from the place on the way
/// (maze seed 3). Where it knows no way out of the place, the grid's
/// guess is all it has: unseen cells are walked too.
fn cells_within_walk(grid: &gridpath::Grid, around: Pos, known: impl Fn(Pos) -> bool) -> Vec<Pos> {
    let cells = walk_from(grid, around, &known);
    if cells.len() > 1 {
        return cells;
    }
    walk_from(grid, around, &|_| true)
}

/// [`cells_within_walk`]'s breadth-first walk, over cells `open` allows.
fn walk_from(grid: &gridpath::Grid, around: Pos, open: &impl Fn(Pos) -> bool) -> Vec<Pos> {
    // A walk of SEARCH_SPREAD steps stays within SEARCH_SPREAD cells
    // (Chebyshev) of `around`: the square about it is the visited set.
    const SIDE: usize = 2 * SEARCH_SPREAD.unsigned_abs() as usize + 1;
    let slot = |cell: Pos| {
        let dx = usize::try_from(cell.x - around.x + SEARCH_SPREAD).ok()?;
        let dy = usize::try_from(cell.y - around.y + SEARCH_SPREAD).ok()?;
        (dx < SIDE && dy < SIDE).then_some(dy * SIDE + dx)
    };
    let mut visited = [false; SIDE * SIDE];
    let mut cells = vec![around];
    if let Some(index) = slot(around) {
        visited[index] = true;
    }
    let mut ring = 0;
    for _ in 0..SEARCH_SPREAD {
        let end = cells.len();
        for index in ring..end {
            let cell = cells[index];
            for (next, _) in grid.neighbours(cell) {
                if let Some(seen) = slot(next).and_then(|i| visited.get_mut(i))
                    && !*seen
                    && open(next)
                {
                    *seen = true;
                    cells.push(next);
                }
            }
        }
        ring = end;
    }
    cells
}

/// A cell within [`SEARCH_SPREAD`] steps' walk of `around` for a searcher
/// at `at` to look at: one its faction believes reachable, seen ground
/// first, neither next to it (a step shows nothing new) nor the cell its
/// last step left (`came_from`: two spots a step apart had a wolf trade
/// between them, A-B-A-B, caves seed 2), nor `around` itself (a spot is a
/// place about the last known cell: that cell drawn as a spot is dropped
/// a step later as checked once the searcher sees it, and it turns back,
/// A-B-A-B, pass seed 1 with the evader), and of a few such candidates the
/// one where danger and the player's threat weigh least (searchers keep
/// out of where kin died and out of the player's sight), none of which
/// it has `looked_at` already.
fn pick_search_spot(
    faction: &Faction,
    (at, came_from): (Pos, Option<Pos>),
    around: Pos,
    brain_unreachable: Option<Pos>,
    looked_at: &dyn Fn(Pos) -> bool,
    rng: &mut impl Rng,
) -> Option<Pos> {
    let grid = faction.grid()?;
    let knowledge = faction.knowledge();
    let within = cells_within_walk(grid, around, |cell| knowledge.belief(cell).is_some());
    let mut best: Option<(f64, Pos)> = None;
    let mut candidates = 0;
    for attempt in 0..2 * WANDER_TRIES {
        // A last known cell the grid holds no way out of (a door now
        // known shut): any cell about it, as the crow flies.
        let spot = if within.len() > 1 {
            within[rng.random_range(0..within.len())]
        } else {
            random_cell_near(around, SEARCH_SPREAD, rng)
        };
        let seen = faction.knowledge().belief(spot).is_some();
        let fresh =
            spot.chebyshev(at) > 1 && Some(spot) != came_from && spot != around && !looked_at(spot);
        if fresh && (seen || attempt >= WANDER_TRIES) && grid.connected(at, spot) {
            // Danger and the player's eye first, then nearness: it
            // searches from cover, on the side it comes from.
            let score = faction.avoidance_at(spot)
                + faction.players_eye_at(spot, around)
                + at.octile(spot) / f64::from(SEARCH_SPREAD);
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

/// Whether `grid` (a faction's planning grid, unseen cells priced as its
/// members plan through them) holds no way from `at` to `place`: the
/// ground `at` stands on is closed (walls and doors it knows shut to it
/// all round, [`FLOOD_CELLS`](super::reach::FLOOD_CELLS) cells at most)
/// and `place` lies outside it; or the ground `place` lies on is so
/// closed and `at` lies outside it (the player behind a door shut since,
/// the member's own ground too wide to flood, its plan not answered on
/// the turn it would take the search up). A `place` its faction cannot
/// stand on (water to a wolf) is left to the spots about it.
fn shut_away(grid: &gridpath::Grid, at: Pos, place: Pos) -> bool {
    flood_reach(grid, at, place) == FloodReach::ShutAway
        || (grid.is_passable(place) && flood_reach(grid, place, at) == FloodReach::ShutAway)
}

/// Whether a searcher at `at` is about the place it searches (`place`,
/// the player's last known cell): within [`SEARCH_SPREAD`] of it. Its look
/// about begins there, not where it picks its first spot: a member told
/// of the player from afar, whose way to the last known cell was slow to
/// plan, picked a spot about it from where it stood and began its look
/// 9 cells off; its way there went round, the look's time ran out on the
/// way, and it gave up 16 cells from the place (caves seed 3 with the
/// evader, a wolf at 46,38; caves seed 4, a wolf at 79,9, 14 cells off).
/// Until it gets there, its search lasts as long as the news keeps
/// ([`PURSUIT_MEMORY`](crate::ai::brain::PURSUIT_MEMORY)).
fn about_the_place(at: Pos, place: Pos) -> bool {
    at.chebyshev(place) <= SEARCH_SPREAD
}

impl MemberTurn<'_> {
    /// Whether the searcher has looked about the player's last known cell
    /// for [`SWEEP_TIME`]: it gives the search up.
    pub(super) fn search_swept(&self) -> bool {
        let last_known = self.brain.alert.map(|alert| alert.pos);
        self.brain
            .sweep
            .is_some_and(|sweep| Some(sweep.around) == last_known && sweep.is_over(self.senses.now))
    }

    /// Whether the searcher's way to its goal (the last known cell, or a
    /// spot about it) is longer than it can walk before it would give the
    /// player up anyway: before its news of the player is
    /// [`PURSUIT_MEMORY`](crate::ai::brain::PURSUIT_MEMORY) old, or, looking about the place, before its
    /// [`SWEEP_TIME`] is over. It gives the search up where it stands
    /// rather than walk the way and give up on it (maze seed 3: a goblin
    /// at 17,25 set out for news at 11,23, six cells off and over fifty
    /// steps round the maze, walked 58 steps north and away, and gave up
    /// 16 cells from the place when the news went stale). The way is
    /// counted at its cheapest: its plan's steps (and the straight lines
    /// between the waypoints of a coarse one), or the shared field's price
    /// of it, at the faction's speed on floor. A chase (news of this very
    /// turn) is never given up so.
    pub(super) fn search_out_of_reach_in_time(&mut self, goal: Option<Pos>) -> bool {
        // A search lasts its floor of turns, the way there included: one
        // given up a few steps after it was taken up is a flap (maze seed 4:
        // a goblin took up shouted news, learned in two steps how long the
        // way round was, and turned back).
        let searched = self.brain.search_run.map_or(0, |run| run.turns);
        searched >= SWEEP_MIN_TURNS && self.search_way_outlasts_news(goal)
    }

    /// Whether the searcher, on a turn of its search after the first and
    /// before its floor of turns, has a way to `goal` that ends after it
    /// would give the player up anyway (see
    /// [`Self::search_way_outlasts_news`]): its plan came after its first
    /// turn, so it set out, and walking the way round until its floor it
    /// ended up farther from the place than it began (swamp seed 8 with
    /// the evader: a goblin 10 cells south of the place across the water
    /// walked 30 actions west along the road and gave up 21 cells off).
    /// It looks about where it stands until its floor instead.
    pub(super) fn search_way_outlasts_floor(&mut self, goal: Option<Pos>) -> bool {
        self.senses.player_seen.is_none()
            && self
                .brain
                .search_run
                .is_some_and(|run| run.turns > 1 && run.turns < SWEEP_MIN_TURNS)
            && self.search_way_outlasts_news(goal)
    }

    /// Whether the searcher's next step on its plan to `goal` takes it
    /// nearer (Chebyshev) the place it searches, the player's last known
    /// cell. A way that outlasts the news ([`Self::search_way_outlasts_floor`])
    /// is walked during the search's floor of turns while it leads there,
    /// and not where it turns away: held where it took news of a place
    /// across the marsh, a goblin stood idle its floor of turns and gave
    /// up 16 cells from the place, its way west straight at it (saltmarsh-
    /// roads of unseen25, seed 4, turns 99-115).
    pub(super) fn search_way_leads_nearer(&self, goal: Option<Pos>) -> bool {
        let (Some(goal), Some(alert)) = (goal, self.brain.alert) else {
            return false;
        };
        let at = self.senses.at;
        // Its plan leads to the goal, or to a waypoint of its coarse way
        // there (a step it stands on not yet taken off).
        let to_goal =
            self.brain.plan_goal == Some(goal) || self.brain.coarse_route.last() == Some(&goal);
        let Some(&next) = self.brain.plan.iter().find(|&&cell| cell != at) else {
            return false;
        };
        if !to_goal {
            return false;
        }
        let step = Pos::new(
            at.x + (next.x - at.x).signum(),
            at.y + (next.y - at.y).signum(),
        );
        step.chebyshev(alert.pos) < at.chebyshev(alert.pos)
    }

    /// Whether the searcher's way to `goal` ends after it would give the
    /// player up anyway (see [`Self::search_out_of_reach_in_time`]),
    /// however long it has searched: on the turn it takes a search up,
    /// with the plan that turn made, it does not set out at all (maze seed
    /// 8: a goblin at 7,13 took up news of 15,15, eight cells off, walked
    /// its floor of turns west and south, the way round, and gave up 14
    /// cells from the place).
    /// News a packmate shouted is weighed so even while the packmate
    /// still sees the player: the chase is the packmate's, and the
    /// listener's way may be long. Followed, a goblin told of an evader
    /// running west walked its way round east and south 20 actions and
    /// gave up 18 cells from the place (archer-grotto of unseen22, seed 4
    /// with the evader, turns 162-181). Its own sighting it follows.
    /// About the place, looking about it, a spot's way is weighed as
    /// before (shouts of the cell keep the look going to its end).
    pub(super) fn search_way_outlasts_news(&mut self, goal: Option<Pos>) -> bool {
        let at = self.senses.at;
        let shouted_from_afar = self.brain.alert.is_some_and(|alert| {
            matches!(alert.source, Source::Heard(_)) && !about_the_place(at, alert.pos)
        });
        self.search_way_ends_after(goal, 0.0, shouted_from_afar)
    }

    /// Whether the searcher, on the turn it takes a search up, would get
    /// to `goal` too late (see [`Self::search_way_outlasts_news`]). News
    /// a packmate shouted is taken up only from within a walk that leaves
    /// its look about ([`SWEEP_TIME`]) inside the time the news keeps: a
    /// shout carries its radius as the crow flies, and a listener across a
    /// marsh or round a wall set out for a place it would reach only as
    /// the news went stale, and gave the search up wherever the way had
    /// taken it when the way grew by what it learned (swamp seed 4 with
    /// the evader: a goblin at 42,7 told of 25,3 walked the ring road, 38
    /// steps' worth, found it 9 dearer at the far door, and gave up there,
    /// 22 cells from the place). Its own sighting it follows as before.
    pub(super) fn search_sets_out_too_late(&mut self, goal: Option<Pos>) -> bool {
        let shouted = self
            .brain
            .alert
            .is_some_and(|alert| matches!(alert.source, Source::Heard(_)));
        if shouted {
            self.search_way_ends_after(goal, SWEEP_TIME, true)
        } else {
            self.search_way_outlasts_news(goal)
        }
    }

    /// Whether the searcher's way to `goal`, and `look_about` game time
    /// after it, ends after it would give the player up anyway: news
    /// [`PURSUIT_MEMORY`](crate::ai::brain::PURSUIT_MEMORY) old, or, on its way to a spot while it looks
    /// about the place, its look about over (`look_about` then unasked).
    /// A chase is never given up so unless `even_chasing`: shouted news
    /// of a player a packmate sees now is as far a walk as older news.
    fn search_way_ends_after(
        &mut self,
        goal: Option<Pos>,
        look_about: f64,
        even_chasing: bool,
    ) -> bool {
        let now = self.senses.now;
        let (Some(goal), Some(alert)) = (goal, self.brain.alert) else {
            return false;
        };
        let Some(speed) = self.faction.config().map(|c| c.speed) else {
            return false;
        };
        if (self.brain.chases(now).is_some() && !even_chasing) || speed <= 0.0 {
            return false;
        }
        let Some(steps) = self.way_length(goal) else {
            return false;
        };
        let deadline = match self.brain.sweep {
            Some(sweep) if sweep.around == alert.pos && self.brain.search_spot == Some(goal) => {
                sweep.began + SWEEP_TIME
            }
            _ => self.brain.search_deadline(alert) - look_about,
        };
        now + steps / speed > deadline
    }

    /// Whether the searcher, with no goal left (`goal`), knows no way to
    /// the place it searches from afar: the last known cell is out of its
    /// reach, it found no spot about it it could reach, and it stands
    /// farther than [`SEARCH_SPREAD`] from it. It gives the search up
    /// rather than look about where it stands (rooms seed 3: a rat shut in
    /// a room, told of the player 12 cells off, waited 30 turns there,
    /// searching).
    pub(super) fn search_place_out_of_reach(&self, goal: Option<Pos>) -> bool {
        let Some(alert) = self.brain.alert else {
            return false;
        };
        goal.is_none()
            && self.brain.unreachable == Some(alert.pos)
            && !about_the_place(self.senses.at, alert.pos)
    }

    /// Whether the member, taking a search up (its first search turn, the
    /// player out of sight), stands on ground its faction knows closed off
    /// from the place it would search ([`shut_away`]): it does not take the
    /// search up. In the manner of Brogue CE, a monster with no way to
    /// where its prey was goes on with its life rather than set out; taken
    /// up, the search waited for plans that found no way and was given up
    /// three or four actions on, a flap (guard-posts of unseen25, plain
    /// player, seed 1 turn 114: a wolf shut in the side room at 1..6,9..11
    /// behind a door paws cannot open, told of the player at 10,3, waited
    /// four actions for plans and went back to wandering; 11 of the level's
    /// 20 searches over seeds 1-8 were such).
    pub(super) fn search_shut_away(&self) -> bool {
        let Some(alert) = self.brain.alert else {
            return false;
        };
        self.brain.mode == Mode::Search
            && self.brain.search_run.is_none()
            && self.senses.player_seen.is_none()
            && self
                .faction
                .grid()
                .is_some_and(|grid| shut_away(grid, self.senses.at, alert.pos))
    }

    /// Whether the member searches while it sees the player, one its
    /// faction knows no way to (`Brain::unreachable`), and has done so for
    /// a look's length ([`Sweep::is_over`]): it gives the player up, as a
    /// searcher that sees nobody does after its look, and goes about its
    /// life for the give-up time (a shooter shoots what it sees: never so).
    /// Held, it stood and watched as long as the player stayed (maze seed 3
    /// with the evader, turns 295-329: a rat at 20,15 idle in search mode
    /// 52 actions, the player in view at 19,13, one search of 54.7 game
    /// time, the level's worst).
    pub(super) fn search_watched_out_of_reach(&self) -> bool {
        self.brain.mode == Mode::Search
            && self.senses.shooter.is_none()
            && self
                .senses
                .player_seen
                .is_some_and(|player| self.brain.unreachable == Some(player))
            && self
                .brain
                .search_run
                .is_some_and(|run| run.is_over(self.senses.now))
    }

    /// Whether the searcher's step (`intent`) takes it out of the place it
    /// searches (the player's last known cell): from within
    /// [`SEARCH_SPREAD`] of it to beyond. A search looks about the place;
    /// a way to it that leads out first (round through ground it has not
    /// seen, or round a wall) is walked only within that. A chase (news of
    /// this very turn, its own) goes where the player went, and a member told of
    /// the place from afar walks in as its way goes (held where it stood,
    /// a wolf on colossus with the evader gave up 18 cells off instead of
    /// 3: the way-length checks bound that walk). Walked, the way out ended the search farther from the
    /// place than it began (maze seed 6 with the evader, turns 294-312: a
    /// goblin lost the player at 12,5 two cells off, behind a wall, and
    /// followed its plan there 23 steps south-west, giving up at 1,19, 14
    /// cells from the place).
    pub(super) fn search_steps_out(&self, intent: Intent) -> bool {
        let Intent::Step { to, .. } = intent else {
            return false;
        };
        let Some(alert) = self.brain.alert else {
            return false;
        };
        let from = self.senses.at.chebyshev(alert.pos);
        let after = to.chebyshev(alert.pos);
        // Its own chase only: a packmate's, shouted, is news of a place
        // like any (archer-grotto of unseen22, seed 4 with the evader,
        // turns 165-181: a goblin six cells from the place its packmates
        // shouted walked its way round out east and south, 20 actions,
        // and gave up 18 cells from it).
        let own_chase = self.brain.chases(self.senses.now).is_some() && alert.source == Source::Saw;
        self.brain.mode == Mode::Search
            && self.senses.player_seen.is_none()
            && !own_chase
            && from <= SEARCH_SPREAD
            && after > SEARCH_SPREAD
    }

    /// Counts its turn in the search under way (`Brain::search_run`), or
    /// forgets the search once out of search mode.
    pub(super) fn count_search_turn(&mut self) {
        let now = self.senses.now;
        if self.brain.mode != Mode::Search {
            self.brain.search_run = None;
            return;
        }
        match self.brain.search_run.as_mut() {
            Some(run) => run.count_turn(now),
            None => {
                let around = self.brain.alert.map_or(self.senses.at, |alert| alert.pos);
                self.brain.search_run = Some(Sweep::new(around, now));
            }
        }
    }

    /// The length of its way to `goal` in floor steps, as far as it knows
    /// it: its own plan to `goal` priced as it walks it (a diagonal step
    /// is 1.41 of a straight one, and each cell costs what its faction
    /// believed when it adopted the plan), with a coarse plan's waypoints
    /// beyond the stretch priced by the ground their coarse edges cross
    /// (`Brain::coarse_route_cost`: counted a straight step a waypoint,
    /// the road round a marsh, at half a step a cell, and a way across
    /// it, at six for a goblin, were reckoned alike);
    /// else the shared
    /// field's price of it (maze seed 3: the goblin followed the field
    /// toward the sighting at 2,1, a cell from its spot at 1,1, sixteen
    /// cells of route at a time). Counted a step a cell, a wolf on caves
    /// seed 3 with the evader set out from 46,38 for a spot 22 cells round
    /// that it reckoned 14.7 game time off; it walked 1.06 a cell, found
    /// after its floor of turns that the spot lay past its look about, and
    /// gave up 16 cells from the place.
    pub(super) fn way_length(&mut self, goal: Pos) -> Option<f64> {
        let brain = &*self.brain;
        if brain.plan_goal == Some(goal) && !brain.plan.is_empty() {
            let mut steps = 0.0;
            let mut from = self.senses.at;
            for (index, &cell) in brain.plan.iter().enumerate() {
                // A cell it has not seen is planned as floor.
                let cost = brain
                    .plan_costs
                    .get(index)
                    .copied()
                    .filter(|cost| cost.is_finite())
                    .unwrap_or(1.0);
                steps += from.octile(cell) * cost;
                from = cell;
            }
            if brain.coarse_route.last() == Some(&goal) {
                steps += brain.coarse_route_cost;
            }
            if brain.plan_source == crate::ai::brain::PlanSource::Search
                || brain.plan.last() == Some(&goal)
            {
                return Some(steps);
            }
        }
        // The field that leads there: the one toward the faction's
        // sighting, when that lies near the goal (as the searcher follows it).
        let at = self.senses.at;
        let source = self
            .faction
            .shared_target()
            .filter(|&source| source.chebyshev(goal) <= FIELD_RETARGET)
            .unwrap_or(goal);
        if let Some(distance) = self.faction.shared_distance(source, at) {
            return Some(distance);
        }
        // Its cell is not final on the field: repaired since (the faction's
        // map changes each turn where monsters move), or never reached. The
        // field is settled out to it now, as following it would (never
        // started toward another target for the question). Unasked, a
        // goblin on swamp seed 4 with the evader, told of the player 17
        // cells off across the marsh, followed the field out along the ring
        // road for its floor of turns reckoning no way at all, and gave up
        // 22 cells from the place.
        if self.faction.shared_target() != Some(source) {
            return None;
        }
        match self.faction.reach_shared_field(source, at) {
            Reach::Settled(distance) => Some(distance),
            Reach::Unreachable | Reach::Pending => None,
        }
    }

    /// Whether this member shoots and, from where it stands, sees `spot`
    /// (not under smoke, which may hide the player) within its sight,
    /// however far beyond its range: a spot to look at it need not draw.
    fn shooter_sees(&self, spot: Pos) -> bool {
        self.senses.shooter.is_some() && self.sees_unsmoked_from(self.senses.at, spot)
    }

    /// The goal of a searcher that does not see the player, from the goal
    /// its brain chose (`goal`): that one, unless a packmate checked it or
    /// it is where kin died; then a spot about it.
    pub(super) fn search_goal(&mut self, goal: Option<Pos>, rng: &mut impl Rng) -> Option<Pos> {
        let at = self.senses.at;
        let mut goal = goal;
        // Reaching the last sighting without finding the player: the trail
        // is cold for the faction's shared field.
        if self.faction.sighting().is_some_and(|s| s.pos == at) {
            self.faction.forget_sighting();
        }
        let last_known = self.brain.alert.map(|alert| alert.pos);
        // Another turn of its look about the place, if one is under way
        // (on its way to a spot as much as picking one); or the look
        // begins, on its way to a spot it picked from afar, once it is
        // about the place.
        match self.brain.sweep.as_mut() {
            Some(sweep) if Some(sweep.around) == last_known => sweep.count_turn(self.senses.now),
            _ => {
                if let Some(place) = last_known
                    && self.brain.search_spot.is_some()
                    && about_the_place(at, place)
                {
                    self.brain.sweep = Some(Sweep::new(place, self.senses.now));
                }
            }
        }
        // A packmate stands there or stood there and found the trail cold,
        // and it sees the place: it need not stand on it too (the first one
        // there looks round the corner the player took; the pack trading
        // places on it would only go round and round).
        let checked_by_mate = last_known.is_some_and(|pos| {
            (self.faction.sighting().is_none_or(|s| s.pos != pos)
                || matches!((self.senses.body_at)(pos), Body::Packmate { .. }))
                && at.octile(pos) <= f64::from(SEARCH_SPREAD)
                && self.faction.believes_seen_from(at, pos)
        });
        // A chase closes in on where the player is however much threat
        // lies there; a search of older news keeps to cover.
        let chase = self.brain.chases(self.senses.now).is_some();
        let dangerous = !chase && goal.is_some_and(|g| self.faction.avoidance_at(g) > DANGEROUS);
        if goal.is_some() && goal == last_known && (checked_by_mate || dangerous) {
            // Where the player was is checked and in plain sight, or where
            // kin died: it searches about it from somewhere safer.
            goal = None;
        }
        if goal.is_some_and(|spot| self.shooter_looked_at(spot)) {
            // A shooter that sees the cell from where it stands, in its
            // range, has looked at it (walking on to it would only take it
            // in, or to and fro between seeing it and not).
            goal = None;
        }
        if goal.is_none() {
            // It looks about near where the player was last known to be,
            // for a while from the first time it does about the place.
            let around = last_known.unwrap_or(at);
            // Whether it looked about the place at its previous turn too:
            // then what it saw from the cell it left was a look (not the
            // player there, a step before it lost sight of it).
            let looked_before = self
                .brain
                .sweep
                .is_some_and(|sweep| sweep.around == around && sweep.began < self.senses.now);
            if self.brain.sweep.is_none_or(|sweep| sweep.around != around)
                && about_the_place(at, around)
            {
                self.brain.sweep = Some(Sweep::new(around, self.senses.now));
            }
            // A shooter looks first at spots it has not looked at already,
            // from here or from the cell it just left: a spot it saw from
            // there a turn ago, out of sight a step on, drawn anew, sent
            // it back and forth between two cells that each saw one side
            // of the place (maze depth 5, seed 3: 17 A-B-A-B moves).
            // A spot it sees from here, in range or a cell or two beyond,
            // it has looked at all the same: drawn, it walked off toward
            // it away from the place, each dropped once in range and
            // another seen one drawn (warrens depth 5, seed 2: an archer
            // lost the player a step past a gap in a wall and walked off
            // north-east along its side of it).
            let came_from = self.brain.came_from;
            let looked_from = came_from.filter(|_| looked_before);
            let looked_at = |spot: Pos| {
                self.shooter_sees(spot)
                    || looked_from.is_some_and(|from| self.shooter_looked_at_from(from, spot))
            };
            let searcher = (at, came_from);
            let unreachable = self.brain.unreachable;
            let mut spot =
                pick_search_spot(self.faction, searcher, around, unreachable, &looked_at, rng);
            if spot.is_none() && self.senses.shooter.is_some() {
                // It saw every spot about the place: one on ahead, not
                // behind the step it just took (the way it came it saw
                // a turn ago: a road one cell wide, swamp depth 5 seed 6,
                // spots north and south of it in turn), else any of them.
                let behind =
                    |spot: Pos| came_from.is_some_and(|from| from.octile(spot) < at.octile(spot));
                spot = pick_search_spot(self.faction, searcher, around, unreachable, &behind, rng)
                    .or_else(|| {
                        pick_search_spot(
                            self.faction,
                            searcher,
                            around,
                            unreachable,
                            &|_| false,
                            rng,
                        )
                    });
            }
            self.brain.search_spot = spot;
            goal = self.brain.search_spot;
            if let Some(spot) = goal {
                self.brain.thought = Thought::SearchesAbout { spot };
            }
        }
        goal
    }
}

#[cfg(test)]
mod tests;
