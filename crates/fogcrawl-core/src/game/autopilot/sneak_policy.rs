//! When the scripted player sneaks, and how it creeps up on a sleeper.
//!
//! A careful step is quiet but takes twice as long, and a monster that
//! notices the player in the middle of one gets that time for free blows
//! (a wolf, half again as fast as the player, struck five times while
//! the autopilot crept one step across grass toward it). So it sneaks
//! only where quiet pays: to pass or reach a monster asleep near its way,
//! and never with an awake monster close by or anything coming at it;
//! awake wanderers farther off are left to the ordinary walk (sneaking
//! only halves how far they see, and they wander into sight anyway).
//! Creeping up on a sleeper, it steps only where its careful step cannot
//! wake a sleeper in sight (noisy ground carries a sneak 4 cells, which
//! a sleeper hears within 2).

use crate::game::awareness::Awareness;
use crate::game::direction::Direction;
use crate::game::state::Game;
use crate::game::stealth::{PlayerNoise, SLEEPER_HEARING};
use gridpath::Pos;

use super::step_toward;

/// A sleeper in sight this near (king moves) is worth sneaking for: a
/// walking step wakes one within 3 cells (4 on noisy ground), and the way
/// may lead past it.
pub(super) const SNEAK_NEAR: i32 = 7;
/// An awake monster in sight this near ends sneaking (as does one coming
/// at the player from anywhere in sight): it may notice the player in the
/// middle of a slow step.
pub(super) const AWAKE_NEAR: i32 = 5;
/// A sleeper this near (in cells) is crept up on and struck, if no other
/// monster in sight is within [`STALK_ALONE`] of it (the fight would wake
/// them).
const STALK_WITHIN: i32 = 6;
const STALK_ALONE: i32 = 5;

/// Whether to sneak now: a monster asleep within [`SNEAK_NEAR`] is in
/// sight, no awake one is within [`AWAKE_NEAR`], and none in sight hunts,
/// searches for or comes to look at the player.
pub(super) fn sneaking_pays(game: &Game) -> bool {
    let at = game.player().pos;
    let mut sleeper_near = false;
    for (index, monster) in game.visible_monsters() {
        let distance = monster.pos.chebyshev(at);
        match game.awareness_of(index) {
            Some(Awareness::Asleep) => sleeper_near |= distance <= SNEAK_NEAR,
            Some(Awareness::Hunting | Awareness::Searching | Awareness::Noticed) => return false,
            Some(Awareness::Unaware | Awareness::Fleeing) if distance <= AWAKE_NEAR => {
                return false;
            }
            _ => {}
        }
    }
    sleeper_near
}

/// A quiet step toward the nearest sleeper in sight within
/// [`STALK_WITHIN`] (not one in `gave_up`) with no other monster in sight
/// near it, if a step brings the player nearer without waking a sleeper.
pub(super) fn stalk_sleeper(
    game: &Game,
    at: Pos,
    gave_up: &[(usize, usize)],
) -> Option<(usize, Direction)> {
    let (index, target) = game
        .visible_monsters()
        .filter(|(index, monster)| {
            game.is_asleep(*index)
                && monster.pos.chebyshev(at) <= STALK_WITHIN
                && !gave_up.contains(&(game.depth(), *index))
        })
        .min_by_key(|(index, monster)| (monster.pos.chebyshev(at), *index))?;
    let alone = game
        .visible_monsters()
        .all(|(_, other)| other.pos == target.pos || other.pos.chebyshev(target.pos) > STALK_ALONE);
    if !alone {
        return None;
    }
    step_toward(game, at, target.pos, |to| wakes_no_sleeper(game, to)).map(|d| (index, d))
}

/// Whether a careful step onto `to` is too quiet for every sleeper in
/// sight to hear (a sleeper hears a noise within [`SLEEPER_HEARING`] of
/// its loudness; the step's noise is measured as the crow flies, never
/// farther than along the sound's way round walls).
pub(super) fn wakes_no_sleeper(game: &Game, to: Pos) -> bool {
    let Some(terrain) = game.level().terrain_at(to) else {
        return false;
    };
    let heard_within = f64::from(PlayerNoise::step(terrain, true).loudness) * SLEEPER_HEARING;
    game.visible_monsters()
        .filter(|(index, _)| game.is_asleep(*index))
        .all(|(_, sleeper)| f64::from(sleeper.pos.chebyshev(to)) > heard_within)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ai::Mode;
    use crate::game::test_levels::game_on;

    #[test]
    fn it_sneaks_for_a_sleeper_near_and_not_for_an_awake_wanderer() {
        let (mut game, _dir) = game_on(
            "################\n#@.....g.......#\n#..............#\n#.............>#\n################\n",
        );
        game.actor_mut(1).brain.as_mut().expect("a monster").mode = Mode::Wander;
        assert!(!sneaking_pays(&game), "an awake goblin 6 cells off");
        game.put_to_sleep(1);
        assert!(sneaking_pays(&game), "the goblin sleeps 6 cells off");
        game.actor_mut(1).pos = Pos::new(12, 1);
        assert!(!sneaking_pays(&game), "a sleeper 11 cells off is no matter");
    }

    #[test]
    fn an_awake_monster_near_or_one_coming_ends_sneaking() {
        // Two goblins: one asleep 6 cells east, one awake 3 cells south-east.
        let (mut game, _dir) = game_on(
            "################\n#@.....g.......#\n#..............#\n#...g.........>#\n################\n",
        );
        game.put_to_sleep(1);
        game.actor_mut(2).brain.as_mut().expect("a monster").mode = Mode::Wander;
        assert!(!sneaking_pays(&game), "an awake goblin 3 cells off");
        game.actor_mut(2).pos = Pos::new(9, 3);
        assert!(sneaking_pays(&game), "the awake one 8 cells off");
        game.actor_mut(2).brain.as_mut().expect("a monster").mode = Mode::Hunt;
        assert!(!sneaking_pays(&game), "a hunter in sight, however far");
    }

    #[test]
    fn creeping_up_it_steps_round_water_that_would_wake_the_sleeper() {
        // The goblin sleeps at the east end; the straight way there crosses
        // shallow water (a careful splash is heard 4 cells off, by a sleeper
        // within 2), so the step beside the water is taken instead.
        let (mut game, _dir) =
            game_on("##########\n#....@~g.#\n#........#\n#.......>#\n##########\n");
        game.put_to_sleep(1);
        let at = game.player().pos;
        assert!(!wakes_no_sleeper(&game, Pos::new(6, 1)), "the water");
        assert!(wakes_no_sleeper(&game, Pos::new(6, 2)), "the floor");
        let (monster, direction) = stalk_sleeper(&game, at, &[]).expect("a quiet step");
        assert_eq!(monster, 1);
        assert_eq!(direction, Direction::SouthEast);
    }
}
