//! Out of a shooter's line of fire. A goblin archer hunting the player
//! keeps its distance, stepping back as the player closes in, and it is
//! quicker than the player: charged across open ground it shoots all the
//! way (archers were the main killer of the scripted player's runs). So
//! when a shooter has a line to it, the scripted player steps behind
//! cover (a cell no hunting shooter in sight has a line to) and waits
//! there: the shooter, having lost it, comes to where it last saw it, and
//! rounds the corner close enough to be struck.
//!
//! Cover is judged by the game's own sight, the symmetric field of view
//! (`world::fov`): a shooter shoots a player it sees, and it sees the
//! player when the player would see it. A straight line both ways is not
//! that rule: past a corridor's mouth it found walls where the field of
//! view looks round them, and the player stepped to and fro between a
//! cell it thought hidden and a cell in the open, shot at in both (pass,
//! `sim --runs` seeds 4242421 and 4242468, depth 6).
//!
//! Reads what the screen shows: the monsters in sight and the walls (and
//! smoke) between.

use crate::ai::Mode;
use crate::game::direction::Direction;
use crate::game::state::Game;
use crate::world::fov::Fov;
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
                && sees(game, monster.pos, at))
            .then_some(monster.pos)
        })
        .collect()
}

/// Whether a monster at `from` would see the player at `to`: the field of
/// view from `to` reaches `from` (sight is symmetric: what the player
/// there would see sees it), and smoke on neither end hides it.
fn sees(game: &Game, from: Pos, to: Pos) -> bool {
    if game.smoke_hides(from, to) {
        return false;
    }
    let (dx, dy) = (
        (from.x - to.x).unsigned_abs(),
        (from.y - to.y).unsigned_abs(),
    );
    // The disc of this radius holds `from`: dx + dy is at least its
    // straight distance.
    let radius = dx + dy;
    let mut seen = false;
    Fov::new().compute(game.level(), to, radius, |cell| seen |= cell == from);
    seen
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
                .all(|&s| s.chebyshev(to) < 2 || !sees(game, s, to));
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

    /// An archer (`g`, hunting) one cell inside a corridor through a
    /// wall, the player in the room beyond: two cells beside the
    /// corridor's mouth, diagonal to it, are walled off from the archer
    /// by a straight line either way, yet the field of view sees them
    /// (and so does the archer, which shoots there).
    fn at_the_corridor_mouth(player: Pos) -> (Game, tempfile::TempDir) {
        let mut rows: Vec<Vec<u8>> = [
            "#############",
            "#......#....#",
            "#......#....#",
            "#......#....#",
            "#....g......#",
            "#......#....#",
            "#......#....#",
            "#......#...>#",
            "#############",
        ]
        .iter()
        .map(|row| row.as_bytes().to_vec())
        .collect();
        let (x, y) = (player.x as usize, player.y as usize);
        rows[y][x] = b'@';
        let text: String = rows
            .iter()
            .map(|row| format!("{}\n", String::from_utf8_lossy(row)))
            .collect();
        let (mut game, dir) = game_on(&text);
        hunting_archer(&mut game, 1);
        (game, dir)
    }

    #[test]
    fn cover_is_what_the_shooter_cannot_see_by_the_field_of_view() {
        let archer = Pos::new(5, 4);
        // Beside the mouth: the straight line both ways meets the wall,
        // but the player there sees the archer, so the archer sees (and
        // shoots) the player.
        let beside = Pos::new(9, 3);
        let (game, _dir) = at_the_corridor_mouth(beside);
        assert!(game.visible_monsters().any(|(_, m)| m.pos == archer));
        assert_eq!(shooters_with_a_line(&game, beside), vec![archer]);
        // In the archer's line in the mouth, it steps behind the wall
        // (north-west or south-west), not to the cells beside the mouth.
        let in_line = Pos::new(9, 4);
        let (game, _dir) = at_the_corridor_mouth(in_line);
        let shooters = shooters_with_a_line(&game, in_line);
        assert_eq!(shooters, vec![archer]);
        let step = step_out_of_fire(&game, in_line, &shooters).expect("cover beside the wall");
        let hidden = step.from(in_line);
        assert!(
            [Pos::new(8, 3), Pos::new(8, 5)].contains(&hidden),
            "stepped to {hidden}"
        );
        let (there, _there_dir) = at_the_corridor_mouth(hidden);
        assert!(
            !there.visible_monsters().any(|(_, m)| m.pos == archer),
            "the archer is out of sight from {hidden}"
        );
    }
}
