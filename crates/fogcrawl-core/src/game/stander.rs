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
        // The weakest hunter it can strike, then the first by its cell: a
        // blow that kills opens a cell for the pack to close again. One
        // diagonal past a wall corner is out of reach (the rules refuse
        // the blow and the turn would pass as a wait): three-doors, seed
        // 5, a player in a doorway aimed 55 turns at a wolf queueing
        // across the door's corner while the one below it fought on.
        hunters
            .iter()
            .filter(|&&(_, pos)| pos != at && game.player_can_strike(at, pos))
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

    #[test]
    fn it_strikes_the_hunter_it_can_reach_not_one_past_a_wall_corner() {
        // The player at 3,2 stands in a gap in the wall; goblins at 2,3
        // (diagonal, past the wall corner at 2,2: no blow) and 3,3 (below
        // it) hunt it. It strikes the one below, not the first by its cell.
        let (mut game, _dir) = game_on(
            "#######\n\
             #....>#\n\
             ###@###\n\
             #.gg..#\n\
             #######\n",
        );
        game.remember_whole_level();
        let mut stander = Stander::new();
        let past_corner = game
            .actor_at(Pos::new(2, 3))
            .expect("the goblin past the corner");
        let below = game.actor_at(Pos::new(3, 3)).expect("the goblin below");
        for goblin in [past_corner, below] {
            game.actor_mut(goblin).brain.as_mut().expect("a brain").mode = Mode::Hunt;
        }
        assert!(!game.player_can_strike(Pos::new(3, 2), Pos::new(2, 3)));
        assert_eq!(stander.choose(&game), Action::Move(Direction::South));
        // With the one below gone, the one past the corner is out of reach.
        game.actor_mut(below).hp = 0;
        assert_eq!(stander.choose(&game), Action::Wait);
    }
}
