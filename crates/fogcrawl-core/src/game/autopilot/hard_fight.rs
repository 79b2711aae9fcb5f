//! The tools in a fight the scripted player would lose
//! ([`fight_odds`](super::fight_odds)), before it trades blows, as a
//! player would reach for them: the wand at the hunter that would cost it
//! most (slowed, it strikes half as often and cannot keep up), else
//! caltrops between it and a hunter still walking up to strike (it comes
//! in hurt and limping, or goes round). Without them it fought such
//! fights out and died with the wand in its pack. Off with
//! `sim --no-tools`.

use crate::ai::Mode;
use crate::game::action::Action;
use crate::game::items::{CALTROPS_RANGE, WAND_RANGE};
use crate::game::state::Game;
use crate::world::ItemKind;

use super::fight_odds;
use super::tool_use::{monsters_in_sight, shoots, slowed, throw, toward, zap};

/// A tool for a fight with the monsters in sight that it would lose, or
/// none (a fight it wins, or no tool that helps).
pub(super) fn in_a_losing_fight(game: &Game) -> Option<Action> {
    let costs = fight_odds::costs(game);
    let loss: f64 = costs.iter().map(|(_, cost)| cost).sum();
    if loss < f64::from(game.player().hp) {
        return None;
    }
    let has = |kind| game.inventory().count(kind) > 0;
    let me = game.player().pos;
    let seen = monsters_in_sight(game);
    let hunting = |at| seen.iter().any(|s| s.at == at && s.mode == Mode::Hunt);
    if has(ItemKind::WandOfSlowing) {
        let worst = costs
            .iter()
            .filter(|(at, _)| at.chebyshev(me) <= WAND_RANGE && hunting(*at) && !slowed(game, *at))
            .max_by(|a, b| {
                a.1.total_cmp(&b.1)
                    .then(b.0.y.cmp(&a.0.y))
                    .then(b.0.x.cmp(&a.0.x))
            });
        if let Some((at, _)) = worst {
            return Some(zap(*at));
        }
    }
    if has(ItemKind::Caltrops) {
        for s in seen.iter().filter(|s| {
            s.mode == Mode::Hunt
                && (2..=CALTROPS_RANGE + 1).contains(&s.distance)
                && !shoots(game, s.at)
        }) {
            let Some(direction) = toward(me, s.at) else {
                continue;
            };
            let landing = game.landing(ItemKind::Caltrops, direction);
            let between = landing != me
                && landing.chebyshev(s.at) < s.distance
                && landing.chebyshev(me) < s.distance;
            if between && !game.tools().has_caltrops(landing) {
                return Some(throw(ItemKind::Caltrops, direction));
            }
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::autopilot::{Autopilot, AutopilotSkills};
    use crate::game::direction::Direction;
    use crate::game::test_levels::game_on;
    use gridpath::Pos;

    const PACK: &str = "############\n\
                        #@g........#\n\
                        #....g.....#\n\
                        #.......g..#\n\
                        #.........>#\n\
                        ############\n";

    fn hunt(game: &mut Game, monster: usize) {
        game.actor_mut(monster)
            .brain
            .as_mut()
            .expect("a monster")
            .mode = Mode::Hunt;
    }

    #[test]
    fn in_a_fight_it_would_lose_it_zaps_the_costliest_hunter_before_striking() {
        let (mut game, _dir) = game_on(PACK);
        game.inventory_mut().add(ItemKind::WandOfSlowing);
        hunt(&mut game, 1);
        // One goblin beside it: a fight it wins, so it strikes.
        assert_eq!(in_a_losing_fight(&game), None);
        assert_eq!(
            Autopilot::new().choose(&game),
            Action::Move(Direction::East)
        );
        for goblin in [2, 3] {
            hunt(&mut game, goblin);
        }
        assert!(fight_odds::would_lose(&game));
        // The last it would kill strikes longest: it gets the wand.
        let last = game.actors()[3].pos;
        assert_eq!(Autopilot::new().choose(&game), zap(last));
        // Without its tools it strikes the one beside it.
        let no_tools = AutopilotSkills {
            sneaks: true,
            tools: false,
        };
        assert_eq!(
            Autopilot::with_skills(no_tools).choose(&game),
            Action::Move(Direction::East)
        );
        game.player_act(zap(last)).expect("zapped");
        assert!(slowed(&game, game.actors()[3].pos) || !game.actors()[3].is_alive());
    }

    #[test]
    fn with_no_wand_caltrops_go_between_it_and_a_hunter_walking_up() {
        let (mut game, _dir) = game_on(PACK);
        game.inventory_mut().add(ItemKind::Caltrops);
        for goblin in [1, 2, 3] {
            hunt(&mut game, goblin);
        }
        let Some(Action::UseItem {
            item: ItemKind::Caltrops,
            toward: Some(direction),
            at: None,
        }) = in_a_losing_fight(&game)
        else {
            panic!("caltrops before the pack");
        };
        let landing = game.landing(ItemKind::Caltrops, direction);
        assert_ne!(landing, Pos::new(1, 1));
        assert!(
            [2, 3].iter().any(|&g| {
                let at = game.actors()[g].pos;
                landing.chebyshev(at) < at.chebyshev(Pos::new(1, 1))
            }),
            "{landing} is not between it and a goblin"
        );
    }
}
