//! A hurt member's flight: downhill on its faction's safety map, past a
//! packmate in the way, else any step away; cornered (or a step from a
//! corner the player still sees), it turns to fight.

use gridpath::Pos;

use super::{Body, Intent, MemberTurn, NEIGHBOURS, is_adjacent};
use crate::ai::brain::{Brain, CORNERED_TIME, FLEE_CALM_TIME, PURSUIT_MEMORY};
use crate::ai::thought::Thought;

/// Game time a hurt member that hid where it could run no further lies low
/// before it strolls again: as long as it takes to calm down from flight.
const LIE_LOW_TIME: f64 = FLEE_CALM_TIME;

impl MemberTurn<'_> {
    /// A hurt monster steps downhill on its faction's safety map (trading
    /// places with a packmate in its way); where the map offers nothing, any
    /// step that gains distance from the threat; where no step does, it is
    /// cornered and turns to fight (`Thought::Cornered`: the caller decides
    /// again).
    pub(super) fn flee(&mut self, threat: Pos) -> Intent {
        self.brain.forget_plan();
        let (at, turn, fled_from) = (self.senses.at, self.senses.turn, self.brain.fled_from);
        let downhill = self
            .faction
            .flee_step(turn, threat, at, |cell| Some(cell) != fled_from)
            .filter(|&next| !self.faction.believes_step_blocked(at, next));
        if downhill.is_some_and(|next| self.cornered_there(threat, next)) {
            // Its way down the map ends a step on, still in the player's
            // view: cornered there, it would turn and walk straight back
            // out to fight (an A-B-A-B: a shaken wolf that strolled a step
            // out of its dead end, saw the player, ran back in and came
            // out hunting; twin-halls seed 2 at depth 5, turn 30). As
            // Brogue's cornered fleers, it turns to fight where it stands.
            return self.rest_from_flight(threat);
        }
        // A fighter that falls back through its packmates gives its cell
        // next to the player to the one that queued for such a cell
        // longest, when that one stands on another step down the map.
        let downhill = downhill.map(|next| self.first_in_queue_down(threat, next).unwrap_or(next));
        if let Some(next) = downhill {
            match (self.senses.body_at)(next) {
                Body::Empty => {
                    let thought = Thought::Flees {
                        from: threat,
                        to: Some(next),
                    };
                    return flight_step(self.brain, at, thought, next, false, true);
                }
                // A packmate lets a fleeing member past unless it keeps its
                // place (`give_way`: a trade just made, or one fleeing ahead
                // it would push back); a stranger when it would make way anyway.
                Body::Packmate {
                    keeps_place: false, ..
                }
                | Body::Stranger {
                    yields: true,
                    keeps_place: false,
                    ..
                } => {
                    let thought = Thought::FleesPast {
                        from: threat,
                        mate: next,
                    };
                    return flight_step(self.brain, at, thought, next, true, true);
                }
                Body::Player | Body::Packmate { .. } | Body::Stranger { .. } => {}
            }
            // Held by one that keeps its place: the next way down the map
            // round it, while one goes down (swamp seed 3, a goblin whose
            // way down was a packmate's cell stepped off the map instead).
            let body_at = self.senses.body_at;
            let round = self
                .faction
                .flee_step(turn, threat, at, |cell| {
                    Some(cell) != fled_from && body_at(cell) == Body::Empty
                })
                .filter(|&next| !self.faction.believes_step_blocked(at, next));
            if let Some(next) = round {
                let thought = Thought::Flees {
                    from: threat,
                    to: Some(next),
                };
                return flight_step(self.brain, at, thought, next, false, true);
            }
        } else if self.senses.player_seen.is_none()
            && self.faction.at_safety_bottom(turn, threat, at)
        {
            // Out of the player's sight with nowhere safer within a step:
            // as Brogue's fleeing monsters at the bottom of the safety map,
            // it stays put and lies low (a step off the map only leads down
            // it again: swamp seed 4, a wolf out of sight stepped off its
            // bottom at 34,10 on three flights). In the player's sight it
            // still steps away or, cornered, fights: staying put there was
            // a rat cowering 45 actions in a dead end as the player walked
            // off (warrens seed 1, turns 224-237).
            return self.rest_from_flight(threat);
        }
        let here = at.octile(threat);
        let away = NEIGHBOURS
            .iter()
            .map(|&(dx, dy)| Pos::new(at.x + dx, at.y + dy))
            .filter(|&cell| cell.octile(threat) > here && self.brain.fled_from != Some(cell))
            .filter(|&cell| (self.senses.body_at)(cell) == Body::Empty)
            .filter(|&cell| !self.faction.believes_step_blocked(at, cell))
            .max_by(|&a, &b| {
                a.octile(threat)
                    .total_cmp(&b.octile(threat))
                    .then(b.cmp(&a))
            });
        if away.is_some_and(|next| self.cornered_there(threat, next)) {
            // As down the map: a step into a corner the player sees only
            // puts off the fight a turn (pillar-arena seed 5 at depth 5,
            // turn 296: a wolf stepped off the player into the room's
            // corner and straight back out to bite).
            return self.rest_from_flight(threat);
        }
        if let Some(next) = away {
            let thought = Thought::Flees {
                from: threat,
                to: Some(next),
            };
            return flight_step(self.brain, at, thought, next, false, false);
        }
        self.rest_from_flight(threat)
    }

    /// A member leaving its cell next to the player at `threat`, whose way
    /// down the safety map trades places with a packmate at `downhill`:
    /// the cell of the packmate that has waited longest for a cell next
    /// to the player ([`Spots::waited_longer`]), when it stands beside
    /// this member on another step down the map, or on a cell out of the
    /// player's reach farther from it that does not corner the fighter,
    /// and would trade places (none when that is the one at `downhill`). The trade puts it on the cell the fighter leaves: first
    /// come, first served, as for a cell that comes free, not whoever
    /// happens to stand on the way out (twin-halls, depth 5, evader,
    /// seed 6, the good case: wolf 7 at 2 of 9 hit points fell back
    /// through wolf 6, queued behind it for 9 actions).
    ///
    /// [`Spots::waited_longer`]: crate::ai::spots::Spots::waited_longer
    fn first_in_queue_down(&mut self, threat: Pos, downhill: Pos) -> Option<Pos> {
        let (actor, at, now, turn) = (
            self.senses.actor,
            self.senses.at,
            self.senses.now,
            self.senses.turn,
        );
        if at.chebyshev(threat) != 1
            || !matches!((self.senses.body_at)(downhill), Body::Packmate { .. })
        {
            return None;
        }
        let (_, first) = self
            .faction
            .spots()
            .waited_longer(actor, threat, now)
            .filter(|(_, waiter)| is_adjacent(waiter.at, at))
            .min_by(|a, b| a.1.since.total_cmp(&b.1.since).then(a.0.cmp(&b.0)))?;
        let cell = first.at;
        let fled_from = self.brain.fled_from;
        let trades = matches!(
            (self.senses.body_at)(cell),
            Body::Packmate {
                keeps_place: false,
                ..
            }
        );
        if cell == downhill
            || !trades
            || Some(cell) == fled_from
            || self.faction.believes_step_blocked(at, cell)
        {
            return None;
        }
        // A step down the map, or one out of the player's reach that gains
        // distance and does not corner it: the first in the queue often
        // stands off the map's way down, beside the doorway the fighter
        // holds (twin-halls, depth 5, seed 8: wolf 4 at 8,2, queued since
        // turn 8 behind wolf 5 in 9,3, the map's way down through 8,4).
        let down = self
            .faction
            .flee_step(turn, threat, at, |c| c == cell)
            .is_some();
        let away = cell.chebyshev(threat) > 1
            && cell.octile(threat) > at.octile(threat)
            && !self.cornered_there(threat, cell);
        (down || away).then_some(cell)
    }

    /// Whether a flight step onto `next` only corners it there: it sees
    /// the player at `threat` now, `next` is, as far as the faction knows,
    /// in the player's line of sight still, and from `next` flight goes no
    /// further: no way down its safety map and no step that gains
    /// distance, but back onto the cell it stands on (what corners it
    /// there its next turn).
    fn cornered_there(&mut self, threat: Pos, next: Pos) -> bool {
        let (at, turn) = (self.senses.at, self.senses.turn);
        // In the player's line of sight, not within its own sight radius:
        // a member that steps just past its radius from the player is
        // seen all the same, and sees the player again the moment it
        // closes in (pass seed 3, turns 151-153).
        if self.senses.player_seen.is_none() || !self.faction.believes_in_sight(next, threat) {
            return false;
        }
        if self
            .faction
            .flee_step(turn, threat, next, |cell| cell != at)
            .is_some()
        {
            return false;
        }
        let there = next.octile(threat);
        !NEIGHBOURS
            .iter()
            .map(|&(dx, dy)| Pos::new(next.x + dx, next.y + dy))
            .any(|cell| {
                cell != at
                    && cell.octile(threat) > there
                    && !self.faction.believes_step_blocked(next, cell)
            })
    }

    /// A fleeing member that takes no step: nothing in sight, it stops
    /// running and lies low; else it is cornered and turns to fight.
    fn rest_from_flight(&mut self, threat: Pos) -> Intent {
        self.brain.thought = Thought::Cornered { by: threat };
        if self.senses.player_seen.is_none() {
            // Nothing in sight to fight: it stops running and goes back to its
            // life, away from where it last saw the player. Nobody cornered
            // it, so it does not turn to fight: shaken, it runs again at the
            // next sight of the player until healed.
            self.brain.alert = None;
            self.brain.search_given_up_until = self.senses.now + PURSUIT_MEMORY;
            // Hidden where it could run no further, it lies low a while (its
            // wounds mending) rather than stroll straight back into view
            // and run again, to and fro.
            self.brain.wander_target = None;
            self.brain.loiter_until = self.senses.now + LIE_LOW_TIME;
        } else {
            self.brain.cornered_until = self.senses.now + CORNERED_TIME;
        }
        Intent::Wait
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
