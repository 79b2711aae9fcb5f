//! A searcher's goal when it lost the player, in the manner of Brogue's
//! and DCSS's "lost track": it goes to the cell the player was last known
//! at; found empty, it looks about the places the player could have gone
//! from there (cells a few steps on, out of its sight, from cover), a few
//! of them for a short while
//! ([`Sweep`]); then it gives the search up and goes back to its life.

use std::collections::{HashMap, VecDeque};

use gridpath::Pos;
use rand::{Rng, RngExt};

use super::{Body, DANGEROUS, MemberTurn, octile};
use crate::ai::brain::{SEARCH_SPREAD, Source, Sweep};
use crate::ai::faction::{Faction, line_of_sight};
use crate::ai::thought::Thought;

/// How old (game time) its own sighting of the player may be and still
/// send a searcher straight to where it saw the player: about one turn of
/// a goblin (longer than a player's), so its last look was a hunt; older,
/// it keeps out of the player's eye as any searcher does.
const LOST_SIGHT_TIME: f64 = 1.5;

/// What a spot the searcher sees from where it stands adds to its score
/// (going there shows it nothing new, so any spot out of its sight comes
/// first), and what one in the player's eye as last seen adds for each
/// unit of the faction's threat weight (a searcher keeps to cover as
/// much as it looks somewhere new).
const IN_VIEW_PENALTY: f64 = 4.0;
/// The most a random draw adds to a spot's score: searchers of one pack
/// spread over the spots about the same cell rather than all pick one.
const SPOT_JITTER: f64 = 0.5;
/// The longest walk (in steps) a searcher takes to a spot about the last
/// known position: one further round is not "about" it any more.
const SWEEP_WALK: i32 = 3 * SEARCH_SPREAD;

/// Whether a member at `at` sees `pos` on what its faction knows for
/// sure: within sight, and every cell between known and clear. A guess
/// through cells nobody saw is no look: in a maze it took an unseen wall
/// for open ground and turned back from a player standing behind it.
pub(super) fn clearly_seen_from(faction: &Faction, at: Pos, pos: Pos) -> bool {
    faction.believes_seen_from(at, pos)
        && line_of_sight(at, pos, |cell| {
            faction
                .knowledge()
                .belief(cell)
                .is_none_or(|terrain| terrain.is_opaque())
        })
}

/// The cells within `limit` steps of `from` on the faction's grid, each
/// with its steps from it, nearest first (by the walk, not the straight
/// line: in a maze a cell six columns over can be forty steps round).
fn cells_within_steps(faction: &Faction, from: Pos, limit: i32) -> Vec<(Pos, i32)> {
    let Some(grid) = faction.grid() else {
        return Vec::new();
    };
    if !grid.is_passable(from) {
        return Vec::new();
    }
    let mut steps: HashMap<Pos, i32> = HashMap::from([(from, 0)]);
    let mut order = vec![(from, 0)];
    let mut queue = VecDeque::from([from]);
    while let Some(cell) = queue.pop_front() {
        let here = steps.get(&cell).copied().unwrap_or(limit);
        if here >= limit {
            continue;
        }
        for (next, _) in grid.neighbours(cell) {
            if steps.contains_key(&next) {
                continue;
            }
            steps.insert(next, here + 1);
            order.push((next, here + 1));
            queue.push_back(next);
        }
    }
    order
}

/// A spot about `around` for a searcher at `at` to look at: a cell the
/// player could have walked to from there (within [`SEARCH_SPREAD`]
/// steps) and the searcher can walk to soon (within [`SWEEP_WALK`]
/// steps), out of the searcher's sight, further on rather than back
/// toward the searcher, away from where kin died and out of the player's
/// eye, and not the spot found out of reach (`unreachable`); a little
/// chance spreads a pack's searchers over the spots.
fn pick_search_spot(
    faction: &Faction,
    at: Pos,
    around: Pos,
    unreachable: Option<Pos>,
    rng: &mut impl Rng,
) -> Option<Pos> {
    let walk: HashMap<Pos, i32> = cells_within_steps(faction, at, SWEEP_WALK)
        .into_iter()
        .collect();
    let spread = f64::from(SEARCH_SPREAD);
    let mut best: Option<(f64, Pos)> = None;
    for (spot, steps) in cells_within_steps(faction, around, SEARCH_SPREAD) {
        if steps < 2 || spot == at || unreachable == Some(spot) {
            continue;
        }
        let Some(&walk) = walk.get(&spot) else {
            continue;
        };
        let in_view = if clearly_seen_from(faction, at, spot) {
            IN_VIEW_PENALTY
        } else {
            0.0
        };
        // Further from the last known cell is where a player who left it
        // is; a shorter walk is a quicker look; cover first.
        let score = faction.avoidance_at(spot)
            + faction.players_eye_at(spot, around) * IN_VIEW_PENALTY
            + in_view
            + f64::from(walk) / spread
            - f64::from(steps) / spread
            + rng.random_range(0.0..SPOT_JITTER);
        if best.is_none_or(|(least, _)| score < least) {
            best = Some((score, spot));
        }
    }
    best.map(|(_, spot)| spot)
}

impl MemberTurn<'_> {
    /// The goal of a searcher that does not see the player, from the goal
    /// its brain chose (`goal`): that one, unless a packmate checked it or
    /// it is where kin died; then a spot about it, for as long as its
    /// [`Sweep`] lasts. A search it gave up leaves it no news (`alert` is
    /// gone): the caller decides again.
    pub(super) fn search_goal(&mut self, goal: Option<Pos>, rng: &mut impl Rng) -> Option<Pos> {
        let at = self.senses.at;
        let now = self.senses.now;
        let mut goal = goal;
        let asked = goal;
        // Reaching the last sighting without finding the player: the trail
        // is cold for the faction's shared field.
        if self.faction.sighting().is_some_and(|s| s.pos == at) {
            self.faction.forget_sighting();
        }
        let last_known = self.brain.alert.map(|alert| alert.pos);
        let near = last_known.is_some_and(|pos| octile(at, pos) <= f64::from(SEARCH_SPREAD));
        // A packmate stands there or stood there and found the trail cold,
        // and it sees the place: it need not stand on it too (the first one
        // there looks round the corner the player took; the pack trading
        // places on it would only go round and round).
        let checked_by_mate = last_known.is_some_and(|pos| {
            (self.faction.sighting().is_none_or(|s| s.pos != pos)
                || matches!((self.senses.body_at)(pos), Body::Packmate { .. }))
                && near
                && clearly_seen_from(self.faction, at, pos)
        });
        // A chase closes in on where the player is however much threat
        // lies there; a search of older news keeps to cover (spots about
        // it; none within a short walk yet, it walks on toward it). So
        // does one that saw the player there itself a moment ago: it
        // goes to look round the corner the player took, as a hunter would
        // (rooms seed 7: a goblin that lost sight at a corner turned back
        // to cover, saw the player again, stepped in, lost it, to and fro).
        let chase = self.brain.chases(now).is_some()
            || self
                .brain
                .alert
                .is_some_and(|a| a.source == Source::Saw && now - a.time <= LOST_SIGHT_TIME);
        let dangerous = !chase && goal.is_some_and(|g| self.faction.avoidance_at(g) > DANGEROUS);
        // No way there on what the faction knows: at most a spot about it.
        let cut_off = goal.is_some_and(|g| {
            self.faction
                .grid()
                .is_none_or(|grid| !grid.connected(at, g))
        });
        if goal.is_some() && goal == last_known && (checked_by_mate || dangerous || cut_off) {
            // Where the player was is checked and in plain sight, or where
            // kin died, or out of reach: it searches about it from
            // somewhere safer (or gives up).
            goal = None;
        }
        // Its look about is over: it gives up on its way to the spot too.
        let swept = self
            .brain
            .sweep
            .is_some_and(|sweep| Some(sweep.around) == last_known && sweep.is_over(now));
        if swept {
            self.brain.give_up_search(now);
            return None;
        }
        if goal.is_some() {
            return goal;
        }
        // It looks about near where the player was last known to be, a
        // few spots for a short while: then the player is lost to it.
        let around = last_known.unwrap_or(at);
        let mut sweep = match self.brain.sweep {
            Some(sweep) if sweep.around == around => sweep,
            _ => Sweep {
                around,
                began: now,
                spots: 0,
            },
        };
        let spot = if sweep.is_over(now) {
            None
        } else {
            pick_search_spot(self.faction, at, around, self.brain.unreachable, rng)
        };
        let Some(spot) = spot else {
            if let Some(last) = asked.filter(|_| !cut_off && sweep.spots == 0) {
                // Nothing about it a short walk away yet (a maze: near as
                // the crow flies, far round): it keeps going there first.
                return Some(last);
            }
            self.brain.give_up_search(now);
            return None;
        };
        sweep.spots += 1;
        self.brain.sweep = Some(sweep);
        self.brain.search_spot = Some(spot);
        self.brain.thought = Thought::SearchesAbout { spot };
        Some(spot)
    }
}

#[cfg(test)]
mod tests;
