//! The energy clock: every action takes time (how much:
//! [`crate::world::action_time`]), and whoever is ready soonest acts next
//! (ties go to the lower actor id, so same seed, same game).

use std::cmp::Reverse;
use std::collections::BinaryHeap;

use crate::game::actor::Actor;

/// The living actor that acts next (the scheduler's answer, as the tests
/// check it against).
#[cfg(test)]
pub(crate) fn next_actor(actors: &[Actor]) -> Option<usize> {
    actors
        .iter()
        .enumerate()
        .filter(|(_, a)| a.is_alive())
        .min_by(|(ia, a), (ib, b)| a.ready_at.total_cmp(&b.ready_at).then(ia.cmp(ib)))
        .map(|(i, _)| i)
}

/// The energy clock as a priority queue: who acts next among a thousand
/// actors costs a logarithm, not a scan. It answers exactly what
/// [`next_actor`] answers: the soonest living actor, ties to the lower id.
#[derive(Debug, Default)]
pub(crate) struct Schedule {
    queue: BinaryHeap<Reverse<(ReadyAt, usize)>>,
}

/// A time as a queue key, in `f64::total_cmp` order: the IEEE total order,
/// equal only for the same bits (times are never NaN).
#[derive(Debug, Clone, Copy)]
struct ReadyAt(f64);

impl PartialEq for ReadyAt {
    fn eq(&self, other: &Self) -> bool {
        self.cmp(other).is_eq()
    }
}

impl Eq for ReadyAt {}

impl PartialOrd for ReadyAt {
    fn partial_cmp(&self, other: &Self) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for ReadyAt {
    fn cmp(&self, other: &Self) -> std::cmp::Ordering {
        self.0.total_cmp(&other.0)
    }
}

impl Schedule {
    /// The living actors, by when each is ready.
    pub(crate) fn new(actors: &[Actor]) -> Self {
        let queue = actors
            .iter()
            .enumerate()
            .filter(|(_, a)| a.is_alive())
            .map(|(i, a)| Reverse((ReadyAt(a.ready_at), i)))
            .collect();
        Self { queue }
    }

    /// The living actor that acts next (taken off the queue: put it back
    /// with [`Schedule::ready_again`] once it has acted). Entries of actors
    /// that died, or whose time changed, are dropped on the way.
    pub(crate) fn next(&mut self, actors: &[Actor]) -> Option<usize> {
        while let Some(Reverse((key, actor))) = self.queue.pop() {
            if actors
                .get(actor)
                .is_some_and(|a| a.is_alive() && ReadyAt(a.ready_at) == key)
            {
                return Some(actor);
            }
        }
        None
    }

    /// `actor` acted and is ready again at `ready_at`.
    pub(crate) fn ready_again(&mut self, actor: usize, ready_at: f64) {
        self.queue.push(Reverse((ReadyAt(ready_at), actor)));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::actor::Species;
    use gridpath::Pos;

    fn actor(ready_at: f64, hp: i32) -> Actor {
        Actor {
            species: Species::Player,
            pos: Pos::new(0, 0),
            hp,
            max_hp: hp.max(1),
            ready_at,
            brain: None,
        }
    }

    #[test]
    fn soonest_living_actor_goes_first_and_ties_go_to_the_lower_id() {
        let actors = [actor(2.0, 5), actor(1.0, 0), actor(1.5, 5), actor(1.5, 5)];
        assert_eq!(next_actor(&actors), Some(2));
    }

    #[test]
    fn the_schedule_answers_what_the_scan_answers() {
        use rand::{RngExt, SeedableRng};
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(3);
        let mut actors: Vec<Actor> = (0..40)
            .map(|_| actor(f64::from(rng.random_range(0..20u32)) / 4.0, 5))
            .collect();
        let mut schedule = Schedule::new(&actors);
        for _ in 0..500 {
            let expected = next_actor(&actors);
            let got = schedule.next(&actors);
            assert_eq!(got, expected);
            let Some(next) = got else { break };
            // Act: take some time, and now and then kill someone.
            actors[next].ready_at += f64::from(rng.random_range(1..8u32)) / 4.0;
            if rng.random_range(0..10) == 0 {
                let victim = rng.random_range(0..actors.len());
                actors[victim].hp = 0;
            }
            if actors[next].is_alive() {
                schedule.ready_again(next, actors[next].ready_at);
            }
        }
    }
}
