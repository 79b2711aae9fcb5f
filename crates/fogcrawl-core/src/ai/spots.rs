//! The cells members of one faction have claimed round a common goal, so
//! a pack spreads instead of piling onto one cell: hunters claim free
//! cells next to the player (or, with none left, a place to wait out of
//! the way), investigators of a noise claim distinct spots about it. A
//! reservation table in the manner of cooperative pathfinding (Silver
//! 2005), kept for places rather than for every step in time: a claim
//! lasts while its member keeps it, and is dropped when the member claims
//! another, takes up something else, or dies.
//!
//! A packmate takes a claim over only when it is nearer the cell than the
//! holder stands now (in legal steps round the bodies, for a cell next to
//! the player): the table follows each holder's steps
//! ([`Spots::holder_stands`]), so a cell changes hands at most once while
//! the bodies stand, and is not bid for back and forth.
//!
//! A claim next to the player lasts only while its holder's way there
//! goes on ([`SpotWay`]): one whose way round stalls gives the cell up
//! and approaches plainly a while, so no hunter stands frozen holding a
//! cell it cannot reach.
//!
//! Hunters with no free cell next to the player wait their turn for one
//! first come, first served ([`Waiter`]): when a cell next to the player
//! comes free (its fighter fled or fell), the member that has waited
//! longest a step from it takes it, not whichever packmate happens to act
//! first in the turn (twin-halls, depth 5, seed 8: a wolf waited 16 turns
//! diagonal to a player in a doorway while packmates that came later took
//! the freed cell twice). One that sets out for the freed cell keeps its
//! place in the queue until it strikes from there, so one a step from the
//! cell that came later does not take it from a longer waiter two cells
//! off (three-doors, stander, seed 5: a wolf that had stepped aside after
//! 55 turns of waiting lost the cell to one that came 3 turns before).
//!
//! Never changes what the faction believes of the level: a claim only
//! keeps packmates from choosing the same cell.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use gridpath::Pos;

/// Claimed cells, both ways: who holds a cell (and where it stands: where
/// it stood when it last chose it, moved on with each step it has taken
/// since, see [`Spots::holder_stands`]), and which cell a member holds.
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
pub(crate) struct Spots {
    #[serde(with = "crate::map_as_pairs")]
    holder: BTreeMap<Pos, (usize, Pos)>,
    #[serde(with = "crate::map_as_pairs")]
    held: BTreeMap<usize, Pos>,
    /// Members waiting for a free cell next to the player, by actor.
    #[serde(
        default,
        deserialize_with = "crate::save_version::since_format::<7, _, _>"
    )]
    waiting: Waiting,
}

/// The waiting members, by actor (saved as pairs, like the claims).
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
#[serde(transparent)]
struct Waiting(#[serde(with = "crate::map_as_pairs")] BTreeMap<usize, Waiter>);

/// A member waiting for a cell next to the player: which player cell,
/// since when, where it stood and when it last said it still waits.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub(crate) struct Waiter {
    /// The player's cell it waits to strike.
    pub player: Pos,
    /// Game time its wait began.
    pub since: f64,
    /// Where it stood when it last said it waits.
    pub at: Pos,
    /// Game time it last said it waits.
    pub seen: f64,
}

/// Game time within which a waiter must have said it still waits for its
/// place in the queue to count: a member that fell, stopped hunting or
/// took a cell says nothing more, and its old wait keeps nobody out.
pub(crate) const WAIT_FRESH: f64 = 2.0;

/// How far from the player (Chebyshev, in cells) a hunter with no cell
/// next to it to walk to may join the queue for one. A hunter further off
/// is still walking in: counted as waiting from the turn its search first
/// reached no free cell next to the player, it got ahead of packmates
/// already standing at the doorway (twin-halls, depth 5, seed 8: wolf 6,
/// six cells off and first in the turn, queued before wolf 4, four cells
/// off, and both stood two cells from a player in a doorway).
pub(crate) const QUEUE_REACH: i32 = 2;

impl Spots {
    /// The member holding `cell`, if any.
    pub(crate) fn holder(&self, cell: Pos) -> Option<usize> {
        self.holder.get(&cell).map(|&(actor, _)| actor)
    }

    /// Where the member holding `cell` stands now: where it chose it, or
    /// the cell it has stepped to since ([`Self::holder_stands`]).
    pub(crate) fn holder_at(&self, cell: Pos) -> Option<Pos> {
        self.holder.get(&cell).map(|&(_, from)| from)
    }

    /// `actor`, which may hold a cell or wait for one, now stands at `at`
    /// (it stepped, or a packmate traded places with it): a packmate
    /// judging whether to take its cell over, or whether it stands a step
    /// from a freed cell it waited longer for, judges against where it
    /// stands now, not where it chose a step before. Judged against the
    /// cell it chose from, a waiter that had stepped beside a freed cell
    /// was not seen there: a packmate three steps off took the cell, lost
    /// it to the waiter the next turn and walked back the way it came
    /// (twin-halls of unseen24, depth 5, seed 8: wolf 7, turns 15-19).
    pub(crate) fn holder_stands(&mut self, actor: usize, at: Pos) {
        if let Some(cell) = self.held.get(&actor)
            && let Some(entry) = self.holder.get_mut(cell)
            && entry.0 == actor
        {
            entry.1 = at;
        }
        if let Some(waiter) = self.waiting.0.get_mut(&actor) {
            waiter.at = at;
        }
    }

    /// The cell `actor` holds, if any.
    #[cfg(test)]
    pub(crate) fn held_by(&self, actor: usize) -> Option<Pos> {
        self.held.get(&actor).copied()
    }

    /// Whether `cell` is free for `actor` to claim: nobody holds it, or it
    /// does itself.
    pub(crate) fn free_for(&self, cell: Pos, actor: usize) -> bool {
        self.holder(cell).is_none_or(|holder| holder == actor)
    }

    /// `actor`, standing at `from`, claims `cell` (dropping any other cell
    /// it held). Returns false, claiming nothing, when another member
    /// holds it.
    pub(crate) fn claim(&mut self, actor: usize, cell: Pos, from: Pos) -> bool {
        if !self.free_for(cell, actor) {
            return false;
        }
        self.release(actor);
        self.holder.insert(cell, (actor, from));
        self.held.insert(actor, cell);
        true
    }

    /// `actor` holds nothing any more.
    pub(crate) fn release(&mut self, actor: usize) {
        if let Some(cell) = self.held.remove(&actor) {
            self.holder.remove(&cell);
        }
    }

    /// `actor`, standing at `at`, waits at `now` for a free cell next to
    /// the player at `player`: the wait it began for that player cell
    /// goes on (its time kept), any other begins now, and only within
    /// [`QUEUE_REACH`] of the player: one further off is still walking
    /// in, not waiting, and joins the queue when it gets there. Waits not
    /// renewed within [`WAIT_FRESH`] are dropped.
    pub(crate) fn wait(&mut self, actor: usize, player: Pos, at: Pos, now: f64) {
        self.waiting.0.retain(|_, w| now - w.seen <= WAIT_FRESH);
        let going_on = self
            .waiting
            .0
            .get(&actor)
            .filter(|w| w.player == player)
            .map(|w| w.since);
        if going_on.is_none() && at.chebyshev(player) > QUEUE_REACH {
            self.waiting.0.remove(&actor);
            return;
        }
        let since = going_on.unwrap_or(now);
        self.waiting.0.insert(
            actor,
            Waiter {
                player,
                since,
                at,
                seen: now,
            },
        );
    }

    /// `actor`, walking to a freed cell next to the player, keeps its place
    /// in the queue until it strikes from there (a waiter a step further
    /// off keeps the cell it heads for against one that came later): its
    /// wait, if it waits for the same player, is renewed where it stands;
    /// one not waiting is not put in the queue.
    pub(crate) fn keep_waiting(&mut self, actor: usize, player: Pos, at: Pos, now: f64) {
        let Some(waiter) = self.waiting.0.get_mut(&actor) else {
            return;
        };
        if waiter.player == player && now - waiter.seen <= WAIT_FRESH {
            waiter.at = at;
            waiter.seen = now;
        } else {
            self.waiting.0.remove(&actor);
        }
    }

    /// `actor` waits for no cell next to the player any more.
    pub(crate) fn stop_waiting(&mut self, actor: usize) {
        self.waiting.0.remove(&actor);
    }

    /// The members other than `actor` that wait, at `now`, for a cell next
    /// to the player at `player` and began before `actor` did (at `now` if
    /// it does not wait; the lower actor first among equal times), with
    /// their waits.
    pub(crate) fn waited_longer(
        &self,
        actor: usize,
        player: Pos,
        now: f64,
    ) -> impl Iterator<Item = (usize, Waiter)> + '_ {
        let own = self
            .waiting
            .0
            .get(&actor)
            .filter(|w| w.player == player)
            .map_or(now, |w| w.since);
        self.waiting
            .0
            .iter()
            .filter(move |&(&other, w)| {
                other != actor
                    && w.player == player
                    && now - w.seen <= WAIT_FRESH
                    && w.since.total_cmp(&own).then(other.cmp(&actor)).is_lt()
            })
            .map(|(&other, &w)| (other, w))
    }

    /// How many cells are held.
    #[cfg(test)]
    pub(crate) fn len(&self) -> usize {
        self.held.len()
    }
}

/// A hunter's way to the cell it holds next to the player: the cell, its
/// own turns spent heading there, and how many it is allowed (the way's
/// length when it took the cell, or when its first plan there came, and
/// a few more). Past them its way has stalled (a body in the way round, a
/// plan that keeps changing): it gives the cell up (`given_up_at`).
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct SpotWay {
    /// The cell next to the player it heads for.
    pub spot: Pos,
    /// Its own turns spent heading there.
    pub turns: u32,
    /// Its own turns allowed to get there.
    pub allowed: u32,
    /// Whether `allowed` counts a plan to the cell (taken once: a plan
    /// that keeps changing does not keep lengthening the allowance).
    pub planned: bool,
    /// Game time it gave the cell up, its way stalled.
    pub given_up_at: Option<f64>,
}

impl SpotWay {
    /// Heading for `spot`, `allowed` own turns to get there.
    pub(crate) fn toward(spot: Pos, allowed: u32) -> Self {
        Self {
            spot,
            turns: 0,
            allowed,
            planned: false,
            given_up_at: None,
        }
    }

    /// Whether, given up at `given_up_at`, it still approaches plainly at
    /// `now` (within `pause` game time).
    pub(crate) fn pausing(&self, now: f64, pause: f64) -> bool {
        self.given_up_at.is_some_and(|when| now - when < pause)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Who waited longer than `actor` for a cell next to `player` at
    /// `now`, first come first.
    fn ahead_of(spots: &Spots, actor: usize, player: Pos, now: f64) -> Vec<usize> {
        spots
            .waited_longer(actor, player, now)
            .map(|(a, _)| a)
            .collect()
    }

    #[test]
    fn a_cell_has_one_holder_and_a_member_holds_one_cell() {
        let mut spots = Spots::default();
        let (a, b) = (Pos::new(1, 1), Pos::new(2, 1));
        let from = Pos::new(5, 5);
        assert!(spots.claim(7, a, from));
        assert!(!spots.claim(8, a, from), "7 holds it");
        assert!(spots.free_for(a, 7));
        assert_eq!(spots.holder_at(a), Some(from));
        spots.holder_stands(7, Pos::new(2, 2));
        assert_eq!(spots.holder_at(a), Some(Pos::new(2, 2)), "7 stepped");
        spots.holder_stands(8, Pos::new(3, 3));
        assert_eq!(spots.holder_at(a), Some(Pos::new(2, 2)), "8 holds nothing");
        assert!(spots.claim(7, b, from), "7 moves its claim");
        assert_eq!(spots.holder(a), None);
        assert_eq!(spots.held_by(7), Some(b));
        assert!(spots.claim(8, a, from));
        spots.release(7);
        assert_eq!(spots.holder(b), None);
        assert_eq!(spots.len(), 1);
    }

    #[test]
    fn waiters_queue_by_when_they_began_and_a_silent_one_drops_out() {
        let player = Pos::new(5, 5);
        let mut spots = Spots::default();
        // 4 begins waiting at time 1, 2 at time 3; both renew at 3 and 4.
        spots.wait(4, player, Pos::new(4, 4), 1.0);
        for now in [3.0, 4.0] {
            spots.wait(2, player, Pos::new(6, 4), now);
            spots.wait(4, player, Pos::new(4, 4), now);
        }
        assert_eq!(
            ahead_of(&spots, 2, player, 4.0),
            vec![4],
            "4 began at 1, 2 at 3"
        );
        assert_eq!(ahead_of(&spots, 4, player, 4.0), Vec::<usize>::new());
        assert_eq!(
            ahead_of(&spots, 9, player, 4.0),
            vec![2, 4],
            "one not waiting is last"
        );
        // 4 takes a cell and stops waiting: 2 is first.
        spots.stop_waiting(4);
        assert_eq!(ahead_of(&spots, 9, player, 4.0), vec![2]);
        // 2 says nothing past WAIT_FRESH: its wait keeps nobody out.
        assert_eq!(
            ahead_of(&spots, 9, player, 4.0 + WAIT_FRESH + 0.5),
            Vec::<usize>::new()
        );
        // A wait for another player cell begins afresh.
        spots.wait(2, Pos::new(6, 5), Pos::new(6, 4), 5.0);
        spots.wait(7, Pos::new(6, 5), Pos::new(7, 4), 5.0);
        assert_eq!(
            ahead_of(&spots, 7, player, 5.0),
            Vec::<usize>::new(),
            "player moved: 2 at 5"
        );
    }

    #[test]
    fn a_member_joins_the_queue_only_within_reach_of_the_player() {
        // .........
        // .@.......   the player at 1,1
        // ...3..9..   3 at 3,2 (2 cells off), 9 at 6,2 (5 off)
        let player = Pos::new(1, 1);
        let mut spots = Spots::default();
        // 9, five cells off, says it waits at time 0: it is walking in.
        spots.wait(9, player, Pos::new(6, 2), 0.0);
        spots.wait(3, player, Pos::new(3, 2), 1.0);
        assert_eq!(
            ahead_of(&spots, usize::MAX, player, 1.0),
            vec![3],
            "9 is not in the queue"
        );
        // At time 2, 9 stands 2 cells off at 3,3: it joins, behind 3.
        spots.wait(3, player, Pos::new(3, 2), 2.0);
        spots.wait(9, player, Pos::new(3, 3), 2.0);
        assert_eq!(ahead_of(&spots, usize::MAX, player, 2.0), vec![3, 9]);
        assert_eq!(ahead_of(&spots, 9, player, 2.0), vec![3]);
        // A waiter keeps its place when it steps a cell further off (to
        // let a hurt fighter out, say).
        spots.wait(3, player, Pos::new(4, 3), 3.0);
        spots.wait(9, player, Pos::new(3, 3), 3.0);
        assert_eq!(ahead_of(&spots, 9, player, 3.0), vec![3]);
    }
}
