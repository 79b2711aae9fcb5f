//! Closing in on a shooter that hunts the player. Waiting for one only
//! lets it shoot, so the scripted player walks at it: the straight step
//! nearer is not enough, for a wall corner between them can leave no step
//! nearer as the crow flies (the corner rule forbids the diagonal past
//! it). In the warrens, a goblin archer four cells off round such a
//! corner shot a waiting player dead in most of the level-7 deaths of
//! `sim --runs`. So the step is the first of the way round over the map
//! the player knows (the travel command's route), and the straight step
//! only where it knows no way.
//!
//! Reads what the screen shows: the monsters in sight and the player's map.

use crate::ai::Mode;
use crate::game::direction::Direction;
use crate::game::player_map::{PlayerMap, Route};
use crate::game::state::Game;
use gridpath::Pos;

use super::{open_step, step_toward};

/// A step toward the nearest monster in sight that shoots and is hunting
/// the player: along the known way to it, else onto open, empty ground
/// nearer to it, cheapest first.
pub(super) fn charge_shooter(game: &Game, at: Pos, map: &mut PlayerMap) -> Option<Direction> {
    let (_, target) = game
        .visible_monsters()
        .filter(|(_, monster)| {
            game.kind_of(monster).is_some_and(|k| k.is_ranged())
                && monster.brain.as_ref().is_some_and(|b| b.mode == Mode::Hunt)
        })
        .min_by_key(|(index, monster)| (monster.pos.chebyshev(at), *index))?;
    way_round(game, at, target.pos, map).or_else(|| step_toward(game, at, target.pos, |_| true))
}

/// The first step of the known way from `at` to `target`, if it is open
/// and no one stands on it.
fn way_round(game: &Game, at: Pos, target: Pos, map: &mut PlayerMap) -> Option<Direction> {
    match map.travel_to(game, target) {
        Route::Step(direction) => open_step(game, at, direction).map(|_| direction),
        Route::Arrived | Route::NoWay => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::action::Action;
    use crate::game::autopilot::{Autopilot, COVER_STEPS};
    use crate::game::test_levels::{game_on, hunting_archer};

    /// The archer hunts from three cells south-west; the wall west of the
    /// player leaves no step nearer as the crow flies (west is wall, the
    /// corner rule forbids south-west and north-west, south keeps the
    /// distance at 3).
    const ROUND_THE_CORNER: &str = "##########\n#........#\n#...#@...#\n#........#\n#........#\n#.g......#\n#.......>#\n##########\n";

    #[test]
    fn with_no_step_nearer_it_takes_the_way_round_to_a_shooter() {
        let (mut game, _dir) = game_on(ROUND_THE_CORNER);
        hunting_archer(&mut game, 1);
        let at = game.player().pos;
        let archer = game.actors()[1].pos;
        assert_eq!(
            step_toward(&game, at, archer, |_| true),
            None,
            "no step nearer as the crow flies"
        );
        let mut map = PlayerMap::new();
        assert_eq!(
            charge_shooter(&game, at, &mut map),
            Some(Direction::South),
            "south, then south-west round the wall"
        );
    }

    #[test]
    fn done_hiding_it_walks_round_the_corner_at_the_shooter_rather_than_wait() {
        let (mut game, _dir) = game_on(ROUND_THE_CORNER);
        hunting_archer(&mut game, 1);
        let mut pilot = Autopilot::new();
        pilot.cover_steps = COVER_STEPS;
        assert_eq!(pilot.choose(&game), Action::Move(Direction::South));
    }
}
