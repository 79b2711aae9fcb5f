//! What a fight with the monsters in sight that come at the player would
//! cost it, reckoned as a player reckons from look: each monster's hit
//! points, its chance to hit through the player's armour, its damage and
//! its speed, against the player's own blow. The player kills them one
//! at a time, nearest first; each strikes until it dies. A fight whose
//! expected cost is the player's hit points or more is one it would lose:
//! it drinks (or reaches for a tool) before it, not at its last hit point.

use crate::ai::Mode;
use crate::game::actor::Actor;
use crate::game::state::Game;
use gridpath::Pos;

/// One monster in the reckoning: how many of the player's blows it takes
/// and the hit points it takes off the player per player turn.
struct Foe {
    at: Pos,
    blows: f64,
    harm_per_turn: f64,
}

/// Each monster in sight that hunts the player or comes at it
/// (searching, investigating), nearest first, with the hit points it is
/// expected to take off the player in a fight with all of them: the
/// player kills them one by one nearest first, and each strikes until it
/// dies.
pub(super) fn costs(game: &Game) -> Vec<(Pos, f64)> {
    let me = game.player().pos;
    let (accuracy, (low, high)) = game.player_attack();
    let blow = (f64::from(accuracy) / 100.0 * f64::from(low + high) / 2.0).max(0.1);
    let mut foes: Vec<(i32, usize, Foe)> = game
        .visible_monsters()
        .filter(|(_, monster)| coming(monster))
        .filter_map(|(index, monster)| {
            let kind = game.kind_of(monster)?;
            let hit = f64::from(game.chance_to_hit_player(index)) / 100.0;
            let damage = f64::from(kind.damage.0 + kind.damage.1) / 2.0;
            let speed = speed_of(game, &kind.faction);
            let foe = Foe {
                at: monster.pos,
                blows: (f64::from(monster.hp.max(1)) / blow).ceil(),
                harm_per_turn: hit * damage * speed,
            };
            Some((monster.pos.chebyshev(me), index, foe))
        })
        .collect();
    foes.sort_by_key(|(distance, index, _)| (*distance, *index));
    let mut turns = 0.0;
    foes.into_iter()
        .map(|(_, _, foe)| {
            turns += foe.blows;
            (foe.at, foe.harm_per_turn * turns)
        })
        .collect()
}

/// The hit points the player is expected to lose killing every monster
/// in sight that comes at it ([`costs`]); 0 with none.
pub(super) fn expected_loss(game: &Game) -> f64 {
    costs(game).iter().map(|(_, cost)| cost).sum()
}

/// Whether the fight with what is in sight would cost the player all its
/// hit points (or more).
pub(super) fn would_lose(game: &Game) -> bool {
    expected_loss(game) >= f64::from(game.player().hp)
}

fn coming(monster: &Actor) -> bool {
    monster.brain.as_ref().is_some_and(|b| {
        !b.asleep && matches!(b.mode, Mode::Hunt | Mode::Search | Mode::Investigate)
    })
}

/// The speed of the faction named `faction` (the player's is 1).
fn speed_of(game: &Game, faction: &str) -> f64 {
    game.factions()
        .iter()
        .find(|f| f.name() == faction)
        .and_then(|f| f.config())
        .map_or(1.0, |c| c.speed)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::action::Action;
    use crate::game::autopilot::Autopilot;
    use crate::game::test_levels::{game_on, set_mode};
    use crate::world::ItemKind;

    #[test]
    fn one_goblin_is_a_fight_it_wins_and_four_hunting_goblins_are_not() {
        let (mut game, _dir) = game_on(
            "############\n\
             #@....g....#\n\
             #.....g....#\n\
             #.....g....#\n\
             #.....g...>#\n\
             ############\n",
        );
        for goblin in 1..=4 {
            set_mode(&mut game, goblin, Mode::Wander);
        }
        assert_eq!(expected_loss(&game), 0.0, "wanderers are no fight yet");
        set_mode(&mut game, 1, Mode::Hunt);
        let one = expected_loss(&game);
        assert!(one > 0.0 && !would_lose(&game), "one goblin: {one}");
        for goblin in 2..=4 {
            set_mode(&mut game, goblin, Mode::Hunt);
        }
        let four = expected_loss(&game);
        // Each goblin strikes until it dies, the last for the whole fight.
        assert!(
            four > 4.0 * one,
            "four goblins cost more than four one-goblin fights: {four}"
        );
        assert!(
            would_lose(&game),
            "four goblins at {} hp: {four}",
            game.player().hp
        );
    }

    #[test]
    fn it_drinks_before_a_fight_it_would_lose_not_before_one_it_wins() {
        let (mut game, _dir) = game_on(
            "############\n\
             #@...g.....#\n\
             #....g.....#\n\
             #....g.....#\n\
             #.........>#\n\
             ############\n",
        );
        game.inventory_mut().add(ItemKind::HealingDraught);
        game.actor_mut(0).max_hp = 40;
        game.actor_mut(0).hp = 24;
        let drink = Action::UseItem {
            item: ItemKind::HealingDraught,
            toward: None,
            at: None,
        };
        set_mode(&mut game, 1, Mode::Hunt);
        for goblin in [2, 3] {
            set_mode(&mut game, goblin, Mode::Wander);
        }
        // 60% of its hit points, one goblin coming: it fights.
        assert!(!would_lose(&game));
        assert_ne!(Autopilot::new().choose(&game), drink);
        // Three coming: it drinks now, while the draught is not wasted.
        for goblin in [2, 3] {
            set_mode(&mut game, goblin, Mode::Hunt);
        }
        assert!(would_lose(&game));
        assert_eq!(Autopilot::new().choose(&game), drink);
        // Not when the draught would heal past its maximum.
        game.actor_mut(0).hp = 35;
        assert_ne!(Autopilot::new().choose(&game), drink);
    }
}
