//! Out of a shooter's line of fire. A goblin archer hunting the player
//! keeps its distance, stepping back as the player closes in, and it is
//! quicker than the player: charged across open ground it shoots all the
//! way (archers were the main killer of the scripted player's runs). So
//! when a shooter has a line to it, the scripted player steps behind
//! cover (a cell no hunting shooter in sight has a line to) and waits
//! there: the shooter, having lost it, comes to where it last saw it, and
//! rounds the corner close enough to be struck.
//!
//! Reads what the screen shows: the monsters in sight and the walls (and
//! smoke) between.

use crate::ai::Mode;
use crate::ai::faction::line_of_sight;
use crate::game::direction::Direction;
use crate::game::state::Game;
use gridpath::Pos;

use super::open_step;

/// A hunting shooter in sight this near or nearer is closed with, not
/// hidden from: one step brings the player next to it.
const CHARGE_WITHIN: i32 = 2;

/// The hunting shooters in sight that could shoot the player at `at` now:
/// within their range, not beside it, on an open line.
pub(super) fn shooters_with_a_line(game: &Game, at: Pos) -> Vec<Pos> {
    game.visible_monsters()
        .filter_map(|(_, monster)| {
            let kind = game.kind_of(monster)?;
            let hunting = monster.brain.as_ref()?.mode == Mode::Hunt;
            let distance = monster.pos.chebyshev(at);
            let in_range = i64::from(distance) <= i64::from(kind.range);
            (kind.is_ranged()
                && hunting
                && in_range
                && distance >= 2
                && has_line(game, monster.pos, at))
            .then_some(monster.pos)
        })
        .collect()
}

/// Whether sight runs both ways between `a` and `b` past walls and smoke.
fn has_line(game: &Game, a: Pos, b: Pos) -> bool {
    let opaque = |pos: Pos| game.level().is_opaque(pos) || game.tools().smoky(pos);
    line_of_sight(a, b, opaque) && line_of_sight(b, a, opaque)
}

/// A step from `at` onto open, empty ground that no shooter in `shooters`
/// has a line to (or beside one, where it strikes rather than shoots),
/// the cheapest first; none when a shooter is within
/// [`CHARGE_WITHIN`] (closing in is better) or no such cell is next to
/// the player.
pub(super) fn step_out_of_fire(game: &Game, at: Pos, shooters: &[Pos]) -> Option<Direction> {
    if shooters.is_empty() || shooters.iter().any(|s| s.chebyshev(at) <= CHARGE_WITHIN) {
        return None;
    }
    Direction::ALL
        .into_iter()
        .filter_map(|direction| {
            let (to, cost) = open_step(game, at, direction)?;
            let covered = shooters
                .iter()
                .all(|&s| s.chebyshev(to) < 2 || !has_line(game, s, to));
            covered.then_some((cost, direction))
        })
        .min_by(|a, b| a.0.total_cmp(&b.0))
        .map(|(_, direction)| direction)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::test_levels::{game_on, hunting_archer};

    #[test]
    fn shot_at_by_a_corridor_mouth_it_steps_into_the_corridor() {
        // The archer hunts the player from 5 cells east; the corridor
        // south of the player is out of its line.
        let (mut game, _dir) =
            game_on("##########\n#.....g..#\n#@.......#\n#.########\n#.......>#\n##########\n");
        hunting_archer(&mut game, 1);
        let at = game.player().pos;
        let shooters = shooters_with_a_line(&game, at);
        assert_eq!(shooters, vec![Pos::new(6, 1)]);
        assert_eq!(
            step_out_of_fire(&game, at, &shooters),
            Some(Direction::South)
        );
        assert!(shooters_with_a_line(&game, Pos::new(1, 3)).is_empty());
    }

    #[test]
    fn in_open_ground_there_is_no_cover_and_next_to_it_it_charges() {
        let (mut game, _dir) = game_on(
            "############\n#..........#\n#...@....g.#\n#..........#\n#.........>#\n############\n",
        );
        hunting_archer(&mut game, 1);
        let at = game.player().pos;
        let shooters = shooters_with_a_line(&game, at);
        assert_eq!(step_out_of_fire(&game, at, &shooters), None, "open ground");
        game.actor_mut(1).pos = Pos::new(6, 2);
        let shooters = shooters_with_a_line(&game, at);
        assert_eq!(step_out_of_fire(&game, at, &shooters), None, "close it");
    }
}
