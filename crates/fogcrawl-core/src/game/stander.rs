//! A scripted player that holds its ground (`sim --player stander`): it
//! explores as the autopilot does, but while a monster in sight hunts it,
//! it stays on its cell, striking a hunter next to it (else waiting), so a
//! pack's placement round a player who does not walk away is measured
//! (`surround_` in `sim --json`): the autopilot and the evader walk, and
//! hunters trailing a walking player, or still arriving, are most of the
//! turns the surround figure finds short. After [`STAND_PATIENCE`] turns
//! in a row of standing (a hunter across water may watch it for ever) it
//! plays as the autopilot for [`CALM_TURNS`]. Like the autopilot it acts
//! on what a player knows: the monsters in sight.

use crate::ai::Mode;
use crate::game::action::Action;
use crate::game::autopilot::Autopilot;
use crate::game::direction::Direction;
use crate::game::state::Game;

/// Player turns in a row it holds its ground against hunters in sight
/// before it plays as the autopilot a while ...
const STAND_PATIENCE: u32 = 60;
/// ... for this many turns.
const CALM_TURNS: u32 = 30;

/// The scripted player that holds its ground.
#[derive(Debug, Default)]
pub(crate) struct Stander {
    pilot: Autopilot,
    /// Turns in a row spent holding its ground.
    standing: u32,
    /// Turns left of playing as the autopilot after standing long.
    calm: u32,
}

impl Stander {
    pub(crate) fn new() -> Self {
        Self::default()
    }

    /// The player's next action.
    pub(crate) fn choose(&mut self, game: &Game) -> Action {
        if self.calm > 0 {
            self.calm -= 1;
            return self.pilot.choose(game);
        }
        let at = game.player().pos;
        let hunters: Vec<_> = game
            .visible_monsters()
            .filter(|(_, m)| m.brain.as_ref().is_some_and(|b| b.mode == Mode::Hunt))
            .map(|(_, m)| (m.hp, m.pos))
            .collect();
        if hunters.is_empty() {
            self.standing = 0;
            return self.pilot.choose(game);
        }
        self.standing += 1;
        if self.standing > STAND_PATIENCE {
            self.standing = 0;
            self.calm = CALM_TURNS;
            return self.pilot.choose(game);
        }
        // The weakest hunter next to it, then the first by its cell: a
        // blow that kills opens a cell for the pack to close again.
        hunters
            .iter()
            .filter(|&&(_, pos)| pos != at && Direction::between(at, pos).is_some())
            .min()
            .and_then(|&(_, pos)| Direction::between(at, pos))
            .map_or(Action::Wait, Action::Move)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::test_levels::game_on;
    use gridpath::Pos;

    #[test]
    fn with_a_hunter_in_sight_it_stays_on_its_cell_and_strikes_the_one_beside_it() {
        // Goblins at 6,1 (two cells off) and 4,2 (beside it, diagonally)
        // hunt the player at 3,1; the stairs lie east, where the
        // autopilot would walk.
        let (mut game, _dir) = game_on(
            "#########\n\
             #..@..g>#\n\
             #...g...#\n\
             #########\n",
        );
        game.remember_whole_level();
        let mut stander = Stander::new();
        let far = game.actor_at(Pos::new(6, 1)).expect("the far goblin");
        let near = game.actor_at(Pos::new(4, 2)).expect("the near goblin");
        for goblin in [far, near] {
            game.actor_mut(goblin).brain.as_mut().expect("a brain").mode = Mode::Hunt;
        }
        assert_eq!(stander.choose(&game), Action::Move(Direction::SouthEast));
        // With the near one gone it waits where it stands.
        game.actor_mut(near).hp = 0;
        assert_eq!(stander.choose(&game), Action::Wait);
    }
}
