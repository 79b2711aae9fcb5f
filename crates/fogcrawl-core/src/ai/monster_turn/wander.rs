//! A wanderer's life: where it strolls next (along its faction's coarse
//! graph far from the player, seen ground near it), never setting out
//! back the way it just came while it has another, and how long it
//! loiters where a stroll ended.

use std::ops::ControlFlow;

use gridpath::{Grid, Path, Pos, cheapest_straight_path, path_cost};
use rand::{Rng, RngExt};

use super::{Body, DANGEROUS, Intent, MemberTurn, STALL_PATIENCE, far_from_player};
use crate::ai::brain::{Brain, Mode};
use crate::ai::coarse::MIN_GRAPH_STROLL;
use crate::ai::faction::Faction;
use crate::ai::thought::Thought;

/// How far from itself a wandering monster picks a place to stroll to.
const WANDER_RANGE: i32 = 12;

/// The nearest spot a stroll goes to (while it can find one further): a
/// stroll of a step or two, then one back, is pacing, not wandering.
pub(super) const MIN_STROLL: i32 = 4;

/// Walks along the ground a far wanderer tries when the cheapest way to
/// the end of one sets out back the way it came (the walk turned round a
/// room and ends behind it). Such a walk, walked as drawn, is a detour
/// round the room: on warrens (seeds 1-2) 30 of 103 were dearer than 1.5
/// times the cheapest way to their end, most of the costly wandering
/// legs. Another walk often ends ahead; when every one tried ends
/// behind, the wanderer goes back (see [`pick_far_stroll`]).
const CORRIDOR_TRIES: usize = 3;

/// Attempts at picking a reachable wander target before standing still.
pub(super) const WANDER_TRIES: usize = 8;

/// How long (game time, drawn from this range) a wanderer loiters where
/// its stroll ended.
pub(super) const LOITER_TIME: (f64, f64) = (2.0, 8.0);

/// How long a wanderer far from the player loiters: longer (nobody sees it,
/// and a thousand far strollers were most of a big level's AI time), but
/// never so long that a level looks asleep when the player gets near.
const FAR_LOITER_TIME: (f64, f64) = (6.0, 24.0);

/// Game turns over which the far wanderers of a level just entered set
/// out on their first strolls ([`stagger_first_stroll`]): as long as the
/// longest far loiter ([`FAR_LOITER_TIME`]), as if each were loitering
/// when the player came.
pub(crate) const FIRST_STROLL_SPREAD: usize = FAR_LOITER_TIME.1 as usize;

/// Far wanderers a level must hold, on entering it, for their first
/// strolls to be spread ([`stagger_first_stroll`]): fewer pick in one turn
/// no more than its usual strolls do, and spread they only waited (rooms
/// at depth 5, seeds 1-8: far wanderers' waits 12.0% -> 20.7% on the
/// worst seed).
pub(crate) const FIRST_STROLL_CROWD: usize = 4 * FIRST_STROLL_SPREAD;

/// Game time a monster strolls toward one wander target before it gives up.
const WANDER_PATIENCE: f64 = 30.0;

/// How far (Chebyshev, each stroll's start to its end, added up) a
/// wanderer strolls before it loiters: a stroll's worth, as far as the
/// shortest stroll it picks where it has room (near the player
/// [`MIN_STROLL`]; far from it, a stroll on its faction's graph,
/// [`MIN_GRAPH_STROLL`]), so where it has room it loiters after every
/// stroll as before. In a small room, or a pocket shut in by doors it
/// cannot open, its strolls are a few cells each; loitering at the end of
/// every one left it standing about most of its actions (a rat pacing two
/// cells in a room of 5 by 4, rooms depth 5 seed 5: a quarter of its far
/// actions waits).
fn stroll_before_loitering(far_from_player: bool) -> u32 {
    let cells = if far_from_player {
        MIN_GRAPH_STROLL
    } else {
        MIN_STROLL
    };
    cells.unsigned_abs()
}

/// A far wanderer's stroll: along its faction's coarse graph, from where
/// it stands to a node of its cluster and one step across (see
/// [`crate::ai::coarse`]), the cheapest way inside the cluster for the
/// faction (roads when roads are cheaper for it, round walls), ending
/// where kin did not die and the player's eye does not fall; when the
/// graph gives none (a room whose doors it cannot open) or one that sets
/// out back onto `came_from`, a walk along the ground about it
/// ([`corridor_walk`]), `past_body` when `came_from` is a body that
/// turned it back this turn; `free` says where no body stands. `None`
/// when there is none from here this time.
fn pick_far_stroll(
    faction: &mut Faction,
    at: Pos,
    came_from: Option<Pos>,
    past_body: bool,
    free: &dyn Fn(Pos) -> bool,
    rng: &mut impl Rng,
) -> Option<(Pos, Path)> {
    let stroll = faction
        .far_stroll(at, DANGEROUS, rng)
        .filter(|cells| !line_turns_back(cells, came_from));
    if let Some(cells) = stroll {
        return walk_end(faction.grid()?, cells);
    }
    // None on the graph (a room whose doors it cannot open) or one back
    // the way it came: a walk along the ground about it ([`walk_ahead`]).
    // When every one tried sets out back, nothing lies ahead (as near the
    // player, a dead end): the first one's cheapest way, back the way it
    // came; but past a body that turned it back only as drawn, round it.
    let (walk, way) = match walk_ahead(faction, at, came_from, rng)? {
        WalkAhead::Ahead(way) | WalkAhead::DeadEnd(way) => return walk_end(faction.grid()?, way),
        WalkAhead::Behind { walk, way } => (walk, way),
    };
    if past_body {
        return walk_end(faction.grid()?, walk);
    }
    // In a closet ([`in_a_closet`]), walked on round it as drawn, it was a
    // round of the rim ending beside where it began, five to thirteen
    // times the cheapest way between its ends (barracks of shut cells,
    // seed 3: 14 of 16 costly legs, rats and wolves shut in, a goblin
    // round a room it could have left). It takes the cheapest way to a
    // cell ahead of it instead: out through the door for one that opens
    // doors, across the closet for one shut in; with none, it rests. Never
    // past a body: walked round, a packmate resting mid-closet made the way
    // a round.
    if in_a_closet(&way) {
        let back = came_from?;
        let ahead = faction.way_ahead(at, back, DANGEROUS, free, rng)?;
        return walk_end(faction.grid()?, ahead);
    }
    walk_end(faction.grid()?, way)
}

/// Whether `way`, the cheapest way to the end of a walk that turned round
/// and ended behind the wanderer, is shorter than a stroll: a step in a
/// closet. Walked, it is walked back the next turn, and again (A-B-A-B, a
/// far rat in a closet of two by two cells, 73 times in 400 turns; near
/// the player, rats in the two by two closets of shut-cells, unseen21,
/// depth 5, seed 1: a step, a rest, the step back).
fn in_a_closet(way: &[Pos]) -> bool {
    way.len() <= MIN_STROLL.unsigned_abs() as usize
}

/// In a closet ([`in_a_closet`]) a near wanderer walks on round it instead
/// ([`near_walk_on`], by the cheapest way to the round's end), along `walk`
/// up to the cell before `came_from`, the one it left: never back. `None`
/// when that is not a step. A far one takes [`Faction::way_ahead`].
fn round_before(walk: Vec<Pos>, came_from: Option<Pos>) -> Option<Vec<Pos>> {
    let round: Vec<Pos> = walk
        .into_iter()
        .take_while(|&cell| Some(cell) != came_from)
        .collect();
    (round.len() >= 2).then_some(round)
}

/// What walks along the ground about a wanderer found ([`walk_ahead`]):
/// cells from where it stands.
enum WalkAhead {
    /// The cheapest way to a walk's end, setting out ahead (not back onto
    /// the cell its last step left).
    Ahead(Vec<Pos>),
    /// The only walk there is sets out back (a dead end): the cheapest way
    /// to its end.
    DeadEnd(Vec<Pos>),
    /// Every walk tried ([`CORRIDOR_TRIES`]) went on ahead, but the
    /// cheapest way to its end set out back (the walk turned round a room
    /// or a pillar and ended behind): the first one, as drawn and its way.
    Behind { walk: Vec<Pos>, way: Vec<Pos> },
}

/// Walks along the ground about `at` ([`corridor_walk`]), each walked by
/// the cheapest way to where it ends for the faction
/// ([`Faction::cheapest_walk`]: a walk that keeps its heading goes
/// straight through the marsh, one that turns round a room ends near where
/// it began, and walked as drawn such walks cost 2.4 times the cheapest
/// way between their ends on rooms, seeds 1-8). A way that sets out back
/// onto `came_from` is refused and another walk tried, up to
/// [`CORRIDOR_TRIES`]; `None` when every way from `at` is shut.
fn walk_ahead(
    faction: &mut Faction,
    at: Pos,
    came_from: Option<Pos>,
    rng: &mut impl Rng,
) -> Option<WalkAhead> {
    let mut first = None;
    for _ in 0..CORRIDOR_TRIES {
        let (_, walk) = corridor_walk(faction, faction.grid()?, at, came_from, rng)?;
        let way = faction.cheapest_walk(walk.cells.clone(), DANGEROUS);
        if line_turns_back(&walk.cells, came_from) {
            return Some(WalkAhead::DeadEnd(way));
        }
        if !line_turns_back(&way, came_from) {
            return Some(WalkAhead::Ahead(way));
        }
        first.get_or_insert(WalkAhead::Behind {
            walk: walk.cells,
            way,
        });
    }
    first
}

/// A near wanderer's walk on when no spot drawn at random will do (in a
/// maze most fall on rock, or behind it) or the planned way to the spot
/// it drew set out back: the cheapest way to the end of a walk along the
/// ground ahead ([`walk_ahead`]), or in a closet a round of it
/// ([`round_before`], as far from the player), walked the cheapest way to
/// its end. `Err(true)` when nothing
/// lies ahead (a dead end, or every walk's way sets out back): it rests,
/// and may then go back; `Err(false)` when every way is shut.
fn near_walk_on(
    faction: &mut Faction,
    at: Pos,
    came_from: Option<Pos>,
    rng: &mut impl Rng,
) -> Result<(Pos, Path), bool> {
    let way = match walk_ahead(faction, at, came_from, rng).ok_or(false)? {
        WalkAhead::Ahead(way) => way,
        // In a closet, a round of it walked the cheapest way to its end:
        // walked as drawn, a walk that turned round a room and ended
        // beside where it began was a detour 3 to 13 times the cheapest
        // way between its ends (rooms seeds 1-4: 6 of 92 wandering legs).
        WalkAhead::Behind { walk, way } if in_a_closet(&way) => {
            let round = round_before(walk, came_from).ok_or(true)?;
            let way = faction.cheapest_walk(round, DANGEROUS);
            if line_turns_back(&way, came_from) {
                return Err(true);
            }
            way
        }
        // Its cheapest way sets out back: refused.
        WalkAhead::DeadEnd(_) | WalkAhead::Behind { .. } => return Err(true),
    };
    faction
        .grid()
        .and_then(|grid| walk_end(grid, way))
        .ok_or(false)
}

/// A cell near the monster, reachable as far as its faction knows and not
/// where kin died or the player's eye falls, and the straight way there
/// when that is a cheapest path: a spot in plain view
/// over open ground first (no search needed), then seen ground (a guess
/// about unseen cells can send a search round the whole level), else any
/// cell its faction believes connected. None that sets out back onto
/// `came_from` (see [`line_turns_back`] and [`lies_behind`]); the last
/// value says whether it found none because of that rule (nothing ahead).
fn pick_wander_target(
    faction: &Faction,
    at: Pos,
    came_from: Option<Pos>,
    rng: &mut impl Rng,
) -> (Option<Pos>, Option<Path>, bool) {
    let Some(grid) = faction.grid() else {
        return (None, None, false);
    };
    let mut seen_target = None;
    let mut refused_behind = false;
    for attempt in 0..2 * WANDER_TRIES {
        let target = random_cell_near(at, WANDER_RANGE, rng);
        // A stroll of one cell, and the one back after it, is pacing.
        let too_near =
            at.chebyshev(target) < MIN_STROLL && attempt < WANDER_TRIES || at.chebyshev(target) < 2;
        if target == at || too_near || faction.avoidance_at(target) > DANGEROUS {
            continue;
        }
        let seen = faction.knowledge().belief(target).is_some();
        if attempt < WANDER_TRIES {
            if seen && let Some(line) = cheapest_straight_path(grid, at, target) {
                if line_turns_back(&line.cells, came_from) {
                    refused_behind = true;
                    continue;
                }
                return (Some(target), Some(line), false);
            }
            if seen && seen_target.is_none() && lies_behind(at, came_from, target) {
                refused_behind = true;
            } else if seen && seen_target.is_none() && grid.connected(at, target) {
                seen_target = Some(target);
            }
            continue;
        }
        if seen_target.is_some() {
            break;
        }
        if lies_behind(at, came_from, target) {
            refused_behind = true;
        } else if grid.connected(at, target) {
            return (Some(target), None, false);
        }
    }
    (seen_target, None, refused_behind && seen_target.is_none())
}

/// The eight directions of a step.
const DIRECTIONS: [(i32, i32); 8] = [
    (1, 0),
    (1, 1),
    (0, 1),
    (-1, 1),
    (-1, 0),
    (-1, -1),
    (0, -1),
    (1, -1),
];

/// A far wanderer's stroll where no spot drawn at random lies on a
/// straight walkable line (a maze's corridors, a small room, a room whose
/// doors it cannot open): a walk set out in one of the eight directions
/// that keeps its heading while it can and otherwise turns the least it
/// must (an eighth, then a quarter, then three eighths of a turn, right
/// before left), never onto a cell it walked, stopping before a wall or
/// where kin died or the player's eye falls, at least two steps and at
/// most a length drawn up to [`WANDER_RANGE`]. The directions are tried
/// from one drawn at random; a walk that sets out back onto `came_from`
/// only when no other goes two steps. Its end, and the walk (cells from
/// `at`); `None` when every way is shut. No search: a wanderer in a maze
/// strolls along its corridors, round their bends, instead of standing
/// about (`far_wander_waits`).
fn corridor_walk(
    faction: &Faction,
    grid: &Grid,
    at: Pos,
    came_from: Option<Pos>,
    rng: &mut impl Rng,
) -> Option<(Pos, Path)> {
    let reach = rng.random_range(MIN_STROLL..=WANDER_RANGE);
    let first = rng.random_range(0..DIRECTIONS.len());
    let open =
        |from: Pos, to: Pos| grid.is_legal_step(from, to) && faction.avoidance_at(to) <= DANGEROUS;
    let walk = |heading: usize| {
        let mut cells = vec![at];
        let mut heading = heading;
        let mut here = at;
        'steps: for _ in 0..reach {
            for turn in TURNS {
                let d = (heading + turn) % DIRECTIONS.len();
                let (dx, dy) = DIRECTIONS[d];
                let next = Pos::new(here.x + dx, here.y + dy);
                // The first step keeps the heading drawn: another one is
                // another walk.
                if (turn == 0 || cells.len() > 1) && open(here, next) && !cells.contains(&next) {
                    cells.push(next);
                    heading = d;
                    here = next;
                    continue 'steps;
                }
            }
            break;
        }
        (cells.len() > 2).then_some(cells)
    };
    let mut backward = None;
    for turn in 0..DIRECTIONS.len() {
        let Some(cells) = walk((first + turn) % DIRECTIONS.len()) else {
            continue;
        };
        if came_from.is_some() && cells.get(1).copied() == came_from {
            backward = backward.or(Some(cells));
            continue;
        }
        return walk_end(grid, cells);
    }
    walk_end(grid, backward?)
}

/// The turns a corridor walk tries, in eighths of a turn added to its
/// heading: straight on, then an eighth right and left, a quarter, three
/// eighths (never straight back).
const TURNS: [usize; 7] = [0, 1, 7, 2, 6, 3, 5];

/// A walk's end and the walk as a path.
fn walk_end(grid: &Grid, cells: Vec<Pos>) -> Option<(Pos, Path)> {
    let end = *cells.last()?;
    let cost = path_cost(grid, &cells)?;
    Some((end, Path { cells, cost }))
}

/// Whether a stroll along `line` (from the monster's cell) sets out by
/// stepping back onto `came_from`, the cell its last step left: a stroller
/// that took a step, was turned back (a packmate in its way, a stall) and
/// picked a spot behind it would walk A-B-A-B. A wanderer commits to the
/// way it was going while it finds a spot ahead.
fn line_turns_back(line: &[Pos], came_from: Option<Pos>) -> bool {
    came_from.is_some() && line.get(1).copied() == came_from
}

/// Whether `target` lies behind a monster at `at` that last stepped off
/// `came_from`: on `came_from`'s side of the line through `at` square to
/// that step (a spot the planner will find the way to, so the first step
/// of that way is not known yet; see [`line_turns_back`]).
fn lies_behind(at: Pos, came_from: Option<Pos>, target: Pos) -> bool {
    came_from.is_some_and(|back| {
        let (bx, by) = (back.x - at.x, back.y - at.y);
        let (tx, ty) = (target.x - at.x, target.y - at.y);
        bx * tx + by * ty > 0
    })
}

/// A wanderer at `at` far from the player at `player` on a level entered
/// at `now` (`actor` its id) loiters there for its id modulo
/// [`FIRST_STROLL_SPREAD`] turns before its first stroll, as if it were
/// loitering when the player came: every wanderer of a level picks its
/// first stroll at its first action, and on colossus a thousand far ones
/// in the same turn made the slowest turn of the level (seed 1, 100 turns:
/// 26.0M instructions of monster AI against a median of 9.4M, most of them
/// strolls picked blind once the faction's allowance for searching them
/// was spent). Spread by id, not by a draw: the random stream is not
/// touched, and each turn gets as many of them. Near the player it sets
/// out at once; so does every wanderer of a level with no more than
/// [`FIRST_STROLL_CROWD`] far ones (`crowd`, whether it has more).
pub(crate) fn stagger_first_stroll(
    brain: &mut Brain,
    actor: usize,
    at: Pos,
    player: Pos,
    now: f64,
    crowd: bool,
) {
    if crowd && is_far_wanderer(brain, at, player) {
        let turns = actor % FIRST_STROLL_SPREAD;
        brain.loiter_until = now + turns as f64;
    }
}

/// Whether a monster with `brain` at `at` wanders far from the player at
/// `player` (see [`stagger_first_stroll`]).
pub(crate) fn is_far_wanderer(brain: &Brain, at: Pos, player: Pos) -> bool {
    brain.mode == Mode::Wander && far_from_player(at, player)
}

/// A cell drawn at random within `range` cells (Chebyshev) of `center`:
/// the column first, then the row.
pub(super) fn random_cell_near(center: Pos, range: i32, rng: &mut impl Rng) -> Pos {
    let dx = rng.random_range(-range..=range);
    let dy = rng.random_range(-range..=range);
    Pos::new(center.x + dx, center.y + dy)
}

impl MemberTurn<'_> {
    /// Whether a wanderer's stroll has gone wrong: a wall (or a member's
    /// body it cannot pass) learned across its way, or, far from the
    /// player, no way left to walk before it got there. A stroll is to a
    /// spot drawn at random, not one worth a detour: one gone wrong is
    /// dropped for another from where it stands (near the player too: a
    /// way planned into unseen ground that turns out a dead end is not
    /// walked round the level to the same spot), and far from the player
    /// asking the planner for a way to it would spend near members'
    /// searches on it.
    pub(super) fn stroll_lost(&self) -> bool {
        if self.brain.mode != Mode::Wander
            || self.brain.wander_target.is_none()
            || self.faction.is_planning(self.senses.actor)
        {
            return false;
        }
        if self.brain.plan.is_empty() {
            return self.senses.far_from_player;
        }
        self.faction
            .believes_walk_blocked(self.senses.at, &self.brain.plan)
    }

    /// Loiters from now for a time drawn from [`LOITER_TIME`] (from
    /// [`FAR_LOITER_TIME`] far from the player); its strolls so far are
    /// done with.
    fn loiter(&mut self, rng: &mut impl Rng) {
        let (least, most) = if self.senses.far_from_player {
            FAR_LOITER_TIME
        } else {
            LOITER_TIME
        };
        self.brain.loiter_until = self.senses.now + rng.random_range(least..most);
        self.brain.strolled = 0;
    }

    /// Whether a wanderer with nowhere ahead (a dead end) lies low there
    /// rather than go back the way it came: hurt and shaken (it fled and
    /// has not healed), near the player. Back the way it came is back the
    /// way it fled, into the player's sight: it fled again, lay low, and
    /// strolled back out, to and fro on the same news (maze with the
    /// evader, seed 2: a goblin in the dead end 9,19, 6 A-B-A-B moves with
    /// the player standing at 11,21). Healed, or at the next news (a
    /// sight, a noise), it goes its way; so it does when the way back is
    /// out of the sight of where its faction last saw the player (lying
    /// low in every dead end, the survivors on the pass held the gap a
    /// sixth longer).
    pub(super) fn lies_low_in_a_dead_end(&self) -> bool {
        // Back the way it came leads into the sight of the player where
        // its faction last saw it: the same news it fled from.
        let back_into_sight = self
            .brain
            .came_from
            .zip(self.faction.sighting())
            .is_some_and(|(back, news)| self.faction.believes_seen_from(back, news.pos));
        self.brain.shaken && !self.senses.far_from_player && back_into_sight
    }

    /// What it does while it loiters: it stands, in one action far from
    /// the player, a turn at a time near it.
    fn loitering(&mut self) -> Intent {
        self.brain.forget_plan();
        self.brain.goal = None;
        self.brain.thought = if self.brain.shaken {
            Thought::LiesLow
        } else {
            Thought::Loiters
        };
        if self.senses.far_from_player {
            Intent::Loiter
        } else {
            Intent::Wait
        }
    }

    /// The cell of the body that turned this wanderer's stroll back
    /// (`intent` the wait that came of it), the first time this turn: it
    /// then picks another stroll at once ([`Self::wander_goal`] sets out
    /// any other way; only when every way goes past the body does it ask
    /// to pass, [`Self::step_along`]).
    pub(super) fn turned_back(&self, intent: Intent) -> Option<Pos> {
        match self.brain.thought {
            Thought::TurnsBack(body)
                if intent == Intent::Wait
                    && self.brain.mode == Mode::Wander
                    && self.turned_back_from.is_none() =>
            {
                Some(body)
            }
            _ => None,
        }
    }

    /// A wanderer with nothing else to do: it loiters a while where its
    /// stroll ended (`Break`, with what it does), else picks where to
    /// stroll next (`Continue`, `None` when it finds nowhere).
    pub(super) fn wander_goal(&mut self, rng: &mut impl Rng) -> ControlFlow<Intent, Option<Pos>> {
        let at = self.senses.at;
        if self.brain.wander_target.is_none()
            && self.brain.loiter_until == 0.0
            && self.brain.plan_goal == Some(at)
            && self.brain.strolled >= stroll_before_loitering(self.senses.far_from_player)
        {
            // Just arrived, having strolled a while: it loiters a while, as
            // idle monsters do (and idle ones cost nothing: no view, no
            // search). After a short stroll it strolls on.
            self.loiter(rng);
        }
        if self.senses.now < self.brain.loiter_until {
            return ControlFlow::Break(self.loitering());
        }
        self.brain.loiter_until = 0.0;
        // Held where it stands (a sleeper or a fighter in its way) it may
        // go back the way it came. Turned back by a body, it sets out
        // neither past that body nor back the way it came while it finds
        // a stroll that does neither, else past the body, asking it to
        // pass ([`Self::pick_stroll_aside`]); else any way but past it.
        let stalled = self.brain.stall_turns >= STALL_PATIENCE;
        let behind = self.brain.came_from.filter(|_| !stalled);
        let (target, way, nothing_ahead) = match (self.turned_back_from, behind) {
            (Some(body), Some(back)) if body != back => self
                .pick_stroll_aside(at, back, body, rng)
                .unwrap_or_else(|| self.pick_stroll(at, Some(body), true, rng)),
            (body, _) => self.pick_stroll(at, body.or(behind), body.is_some(), rng),
        };
        if nothing_ahead {
            if self.lies_low_in_a_dead_end() {
                self.brain.wander_target = None;
                self.loiter(rng);
                return ControlFlow::Break(self.loitering());
            }
            // Nowhere ahead (a dead end, say): the next pick may go back
            // the way it came.
            self.brain.came_from = None;
        }
        if target.is_none() {
            // Nowhere to stroll from here (shut in by doors it cannot
            // open, say), or nowhere ahead: a rest, then it looks again
            // (after nowhere ahead, any way), not a wait and a pick every
            // turn.
            self.brain.wander_target = None;
            self.loiter(rng);
            return ControlFlow::Break(self.loitering());
        }
        self.brain.wander_target = target;
        self.brain.wander_until = self.senses.now + WANDER_PATIENCE;
        if let Some(target) = target {
            let far = at.chebyshev(target).unsigned_abs();
            self.brain.strolled = self.brain.strolled.saturating_add(far);
        }
        if let (Some(target), Some(way)) = (target, way) {
            // A spot in plain view over the cheapest ground (the straight
            // way there is a cheapest path), or a far stroll's way on the
            // coarse graph: it needs no request to the planner.
            self.follow_line(target, way);
        }
        ControlFlow::Continue(target)
    }

    /// A stroll from `at` (far from the player on its faction's graph,
    /// near it [`Self::pick_near_stroll`]) that does not set out back
    /// onto `came_from`, `past_body` when that is the cell of a body that
    /// turned it back this turn: its end, its way when known, and whether
    /// nothing lies ahead.
    fn pick_stroll(
        &mut self,
        at: Pos,
        came_from: Option<Pos>,
        past_body: bool,
        rng: &mut impl Rng,
    ) -> (Option<Pos>, Option<Path>, bool) {
        if !self.senses.far_from_player {
            return self.pick_near_stroll(at, came_from, rng);
        }
        let body_at = self.senses.body_at;
        let free = |cell: Pos| matches!(body_at(cell), Body::Empty);
        let (target, way) =
            pick_far_stroll(self.faction, at, came_from, past_body, &free, rng).unzip();
        (target, way, false)
    }

    /// The stroll of a wanderer at `at` that a body on `body` turned back,
    /// when it finds one in [`WANDER_TRIES`] that does not set out back
    /// onto `back`, the cell its last step left (its end and way as
    /// [`Self::pick_stroll`]): the first that does not set out onto
    /// `body` either, else the first past the body (it asks the body to
    /// pass, [`Self::step_along`]); `None` when every one it found goes
    /// back (or it found none: then back the way it came is as good as
    /// any). Back the way it came, a stroller that had just set out back
    /// from where its last stroll ended, turned back by a body, went back
    /// there and on, to and fro (colossus seed 4, turns 173-181: a goblin
    /// between 223,16 and 223,17, a lizardfolk on 222,18; door-halls of
    /// unseen22, seed 1, turn 23: a goblin between a room and its
    /// doorway, a wolf loitering beyond the door and a packmate in the
    /// room, two A-B-A-B moves); in a corridor with a body at each end it
    /// went to and fro between them, two or three times a turn for a
    /// wolf (barracks-doors of unseen24 with the evader, seed 1, turns
    /// 339-343, with the aside rule alone).
    fn pick_stroll_aside(
        &mut self,
        at: Pos,
        back: Pos,
        body: Pos,
        rng: &mut impl Rng,
    ) -> Option<(Option<Pos>, Option<Path>, bool)> {
        let mut past_body = None;
        for _ in 0..WANDER_TRIES {
            let (target, way, _) = self.pick_stroll(at, Some(back), false, rng);
            let target = target?;
            let first = match &way {
                Some(way) => way.cells.get(1).copied(),
                None if lies_behind(at, Some(body), target) => Some(body),
                None => None,
            };
            if first == Some(back) {
                continue;
            }
            if first != Some(body) {
                return Some((Some(target), way, false));
            }
            past_body.get_or_insert((Some(target), way, false));
        }
        past_body
    }

    /// A near wanderer's stroll from `at`: a spot drawn at random
    /// ([`pick_wander_target`]), else, or at once when the planned way to
    /// the spot it drew this turn set out back (`walks_on`), a walk on
    /// along the ground ahead ([`near_walk_on`]). Concluded from the draws
    /// alone, "nothing ahead" let the next stroll go back the way it came
    /// though the corridor went on: a rat come up a side passage onto a
    /// maze's corridor drew spots that fell on rock or behind it, forgot
    /// the way it came and stepped back down (maze seed 1, turns 169-171:
    /// 33,2 to 33,1 and back; seeds 1-4, 5 of the 15 near wanderers'
    /// A-B-A-B moves). The last value says nothing lies ahead.
    fn pick_near_stroll(
        &mut self,
        at: Pos,
        came_from: Option<Pos>,
        rng: &mut impl Rng,
    ) -> (Option<Pos>, Option<Path>, bool) {
        if !self.walks_on {
            let (target, way, _) = pick_wander_target(self.faction, at, came_from, rng);
            if target.is_some() {
                return (target, way, false);
            }
        }
        match near_walk_on(self.faction, at, came_from, rng) {
            Ok((end, way)) => (Some(end), Some(way), false),
            Err(nothing_ahead) => (None, None, nothing_ahead),
        }
    }
}

#[cfg(test)]
mod tests;
