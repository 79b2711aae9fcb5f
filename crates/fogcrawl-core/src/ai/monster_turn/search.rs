//! A searcher's goal: where it looks for a player it lost, about the
//! cell the player was last known at, from cover and not where a packmate
//! already looked.

use gridpath::Pos;
use rand::Rng;

use super::wander::{WANDER_TRIES, random_cell_near};
use super::{Body, DANGEROUS, MemberTurn, octile};
use crate::ai::brain::SEARCH_SPREAD;
use crate::ai::faction::Faction;
use crate::ai::thought::Thought;

/// Spots near the player's last known position a searcher weighs before it
/// picks the one where danger and threat weigh least.
const SEARCH_CANDIDATES: usize = 8;

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

impl MemberTurn<'_> {
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
        let dangerous = !chase && goal.is_some_and(|g| self.faction.avoidance_at(g) > DANGEROUS);
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
        goal
    }
}
