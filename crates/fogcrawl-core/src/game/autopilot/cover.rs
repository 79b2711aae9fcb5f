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
use crate::game::clock::move_time;
use crate::game::direction::Direction;
use crate::game::state::Game;
use gridpath::Pos;
use std::cmp::Reverse;
use std::collections::{BinaryHeap, HashMap};

use super::open_step;

/// A hunting shooter in sight this near or nearer is closed with, not
/// hidden from: one step brings the player next to it.
const CHARGE_WITHIN: i32 = 2;
/// How far (in game time, floor steps) the player looks for cover: a few
/// steps round a corner end the shots, while a charge at a goblin archer,
/// which keeps its distance and is quicker, does not.
const COVER_WITHIN: f64 = 6.0;

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

/// The first step of the quickest way from `at` to a cell that no
/// shooter in `shooters` has a line to (or, a step away, one beside a
/// shooter, where it strikes rather than shoots), over open, empty ground the player can
/// see is clear, within [`COVER_WITHIN`] game time; none when a shooter
/// is within [`CHARGE_WITHIN`] (closing in is better) or no cover is that
/// near.
///
/// The quickest way, not the nearest cell: in the warrens' swamps and mud
/// the one covered cell next to the player was often swamp, four game
/// time to enter (five or six of a goblin archer's shots) while three
/// floor steps round a corner took three. Most of the level-7 deaths of
/// `sim --runs` were a player wading to and fro in reach of an archer.
pub(super) fn step_out_of_fire(game: &Game, at: Pos, shooters: &[Pos]) -> Option<Direction> {
    if shooters.is_empty() || shooters.iter().any(|s| s.chebyshev(at) <= CHARGE_WITHIN) {
        return None;
    }
    // A cell beside a shooter is cover only a step away: farther, the
    // shooter steps back as the player comes.
    let covered = |to: Pos| {
        shooters
            .iter()
            .all(|&s| (s.chebyshev(to) < 2 && to.chebyshev(at) == 1) || !has_line(game, s, to))
    };
    // Dijkstra by game time (in thousandths, so the order is exact and the
    // same on every machine), each cell remembering the first step of its
    // way; ties go to the lower cell, then the lower direction.
    let mut best: HashMap<Pos, u64> = HashMap::new();
    let mut frontier = BinaryHeap::new();
    best.insert(at, 0);
    for (order, direction) in Direction::ALL.into_iter().enumerate() {
        if let Some((to, cost)) = open_step(game, at, direction) {
            push(
                game,
                &mut frontier,
                &mut best,
                to,
                step_time(direction, cost),
                order,
            );
        }
    }
    while let Some(Reverse((time, (x, y), first))) = frontier.pop() {
        let here = Pos::new(x, y);
        if best.get(&here).is_some_and(|&t| t < time) {
            continue;
        }
        if covered(here) {
            return Direction::ALL.get(first).copied();
        }
        for direction in Direction::ALL {
            if let Some((to, cost)) = open_step(game, here, direction) {
                push(
                    game,
                    &mut frontier,
                    &mut best,
                    to,
                    time + step_time(direction, cost),
                    first,
                );
            }
        }
    }
    None
}

/// Game time of a step in `direction` onto ground of `cost`, in
/// thousandths (the player's speed is 1).
fn step_time(direction: Direction, cost: f64) -> u64 {
    (move_time(direction.length(), cost, 1.0) * 1000.0).round() as u64
}

/// Puts `to` on the frontier at `time` (first step `first`) if that is
/// within [`COVER_WITHIN`] and quicker than any way to it found so far.
fn push(
    game: &Game,
    frontier: &mut BinaryHeap<Reverse<(u64, (i32, i32), usize)>>,
    best: &mut HashMap<Pos, u64>,
    to: Pos,
    time: u64,
    first: usize,
) {
    let within = (COVER_WITHIN * 1000.0) as u64;
    if time > within || !game.is_visible(to) || best.get(&to).is_some_and(|&t| t <= time) {
        return;
    }
    best.insert(to, time);
    frontier.push(Reverse((time, (to.x, to.y), first)));
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
    fn it_takes_the_quick_way_round_a_corner_over_a_slow_step_into_a_swamp_nook() {
        // The archer hunts from 3 cells east along the row. The swamp nook
        // north is out of its line but four game time away; two floor
        // steps, west then south, reach the pocket behind the wall in two.
        let (mut game, _dir) =
            game_on("##########\n###%######\n#..@..g..#\n#..#######\n#.......>#\n##########\n");
        hunting_archer(&mut game, 1);
        let at = game.player().pos;
        let shooters = shooters_with_a_line(&game, at);
        assert_eq!(shooters, vec![Pos::new(6, 2)]);
        assert!(
            shooters_with_a_line(&game, Pos::new(3, 1)).is_empty(),
            "the nook is cover, only a slow one"
        );
        assert!(shooters_with_a_line(&game, Pos::new(2, 3)).is_empty());
        assert_eq!(
            step_out_of_fire(&game, at, &shooters),
            Some(Direction::West)
        );
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
