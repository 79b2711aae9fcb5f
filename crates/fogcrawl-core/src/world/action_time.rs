//! How long an action takes, the rule the game's clock charges and the
//! monsters' planning reads alike: time is terrain. A move takes `step
//! length x cost of the entered cell / speed`; any other action (a blow, a
//! shot, a wait, a door) takes [`BASE_ACTION_TIME`] over the actor's speed.

/// Time of actions that are not moves, at speed 1.
pub(crate) const BASE_ACTION_TIME: f64 = 1.0;

/// How long a move takes: the AI's cost model and the game's rule agree.
pub(crate) fn move_time(step_length: f64, entered_cost: f64, speed: f64) -> f64 {
    step_length * entered_cost / speed
}

/// How long an attack, a shot, a wait or a door action takes.
pub(crate) fn action_time(speed: f64) -> f64 {
    BASE_ACTION_TIME / speed
}

#[cfg(test)]
mod tests {
    use super::*;

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
