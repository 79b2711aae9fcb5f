//! The energy clock: time is terrain. Every action takes time, a move takes
//! `step length x cost of the entered cell / speed`, and whoever is ready
//! soonest acts next (ties go to the lower actor id, so same seed, same game).

use crate::game::actor::Actor;

/// Time of actions that are not moves, at speed 1.
pub const BASE_ACTION_TIME: f64 = 1.0;

/// How long a move takes: the AI's cost model and the game's rule agree.
pub fn move_time(step_length: f64, entered_cost: f64, speed: f64) -> f64 {
    step_length * entered_cost / speed
}

/// How long an attack, a wait or a door action takes.
pub fn action_time(speed: f64) -> f64 {
    BASE_ACTION_TIME / speed
}

/// The living actor that acts next.
pub fn next_actor(actors: &[Actor]) -> Option<usize> {
    actors
        .iter()
        .enumerate()
        .filter(|(_, a)| a.is_alive())
        .min_by(|(ia, a), (ib, b)| a.ready_at.total_cmp(&b.ready_at).then(ia.cmp(ib)))
        .map(|(i, _)| i)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::actor::Species;
    use crate::pathfinding::Pos;

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
    fn a_swamp_takes_longer_than_a_road() {
        assert_eq!(move_time(1.0, 4.0, 1.0), 4.0);
        assert_eq!(move_time(1.0, 0.5, 2.0), 0.25);
        assert_eq!(
            move_time(std::f64::consts::SQRT_2, 3.0, 1.5),
            std::f64::consts::SQRT_2 * 2.0
        );
    }
}
