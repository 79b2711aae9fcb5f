//! One slow step, many blows: a step's time is spent in legs.
//!
//! Time is terrain: a step into swamp takes 4 game time, a diagonal one
//! 5.7, a sneaking one twice that. Spent at once, such a step handed the
//! monsters all of it before the player's next key: a goblin woken by a
//! sneaking diagonal step into swamp struck ten times in its 11.3 (24
//! hit points to dead on one key, play19, seed 1903), and goblin archers
//! shot a player wading through the warrens' mud and swamp five to eight
//! times a step.
//!
//! Neither model game hands out such stretches. In DCSS a move is one
//! action whose delay the monsters get, but movement delays are bounded
//! (no terrain makes a step many turns long), and what does take many
//! turns is a multi-turn delay that a blow or a monster coming into view
//! interrupts. In Brogue CE every creature's step lasts its own
//! `movementDuration`; slow ground is a terrain flag (a net or a web
//! holds the player turn after turn, and each of those turns is the
//! player's choice).
//!
//! So here a step still takes its whole time, but no more than
//! [`WADE_LEG`] of it passes before the player chooses again. What is
//! left of it is owed: a step on (to another cell) first waits it out,
//! so crossing the swamp takes as long as ever and the monsters' cost
//! model (which prices the player's way the same) still holds. Anything
//! done in place meanwhile (a blow, a throw, a draught, a wait) runs
//! alongside the wade, as a monster standing in swamp strikes at its
//! usual pace.

use super::Game;

/// The most game time one step hands the monsters before the player
/// chooses again: two floor steps (a straight step into mud; a goblin
/// strikes twice, an archer shoots two or three times).
pub(crate) const WADE_LEG: f64 = 2.0;

impl Game {
    /// The game time until the player's next choice after an action of
    /// `duration`: for a step (`stepped`: the player moved to another
    /// cell), what the last step still owed and this step's time, at
    /// most [`WADE_LEG`] of it now and the rest owed; any other action
    /// takes its own time beside the wade.
    pub(super) fn wade(&mut self, stepped: bool, duration: f64) -> f64 {
        if !stepped {
            return duration;
        }
        let owed = (self.wading_until - self.time).max(0.0);
        let whole = owed + duration;
        self.wading_until = self.time + whole;
        whole.min(WADE_LEG)
    }

    /// Game time the player's last step still owes: a step on waits it
    /// out first.
    pub fn wading_left(&self) -> f64 {
        (self.wading_until - self.time).max(0.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ai::Mode;
    use crate::game::action::Action;
    use crate::game::direction::Direction;
    use crate::game::test_levels::{game_on, set_mode};
    use gridpath::Pos;

    /// The player stands on floor west of a swamp, a goblin beside it.
    const SWAMP: &str = "#########\n#.......#\n#.@%%%%.#\n#.g%%%%.#\n#......>#\n#########\n";

    #[test]
    fn a_sneaking_step_into_swamp_beside_a_goblin_hands_it_one_leg_not_eight_turns() {
        let (mut game, _dir) = game_on(SWAMP);
        set_mode(&mut game, 1, Mode::Hunt);
        game.player_act(Action::Sneak(true)).expect("sneaks");
        let before = game.time();
        game.player_act(Action::Move(Direction::East))
            .expect("steps into the swamp");
        assert_eq!(game.player().pos, Pos::new(3, 2));
        let waited = game.time() - before;
        assert!(
            waited <= WADE_LEG + 1e-9,
            "the player chooses again {waited} after the step (a sneaking step into swamp is 8)"
        );
        assert!(
            (game.wading_left() - (8.0 - waited)).abs() < 1e-9,
            "the rest of the step is owed"
        );
    }

    #[test]
    fn crossing_the_swamp_takes_its_whole_time_and_a_blow_in_place_runs_beside_the_wade() {
        let (mut game, _dir) = game_on(SWAMP);
        game.actor_mut(1).hp = 0;
        let start = game.time();
        game.player_act(Action::Move(Direction::East))
            .expect("steps into the swamp");
        assert!((game.time() - start - WADE_LEG).abs() < 1e-9);
        game.player_act(Action::Move(Direction::East))
            .expect("wades on");
        // The second step waited out the first's 2 owed, then its own 4
        // (2 now, 2 owed): the player is in the second swamp cell at 4 and
        // the crossing of two cells is owed until 8, as it always was.
        assert!((game.time() - start - 4.0).abs() < 1e-9);
        assert!((game.wading_left() - 4.0).abs() < 1e-9);
        game.player_act(Action::Wait).expect("waits");
        assert!((game.time() - start - 5.0).abs() < 1e-9, "a wait is 1");
        assert!(
            (game.wading_left() - 3.0).abs() < 1e-9,
            "and counts toward the wade"
        );
    }
}
