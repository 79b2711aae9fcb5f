//! The line the log gives when a monster the player can see first notices
//! the player: "The goblin archer notices you (6 cells north-east)." It
//! was missing: a many-turn command stopped on the news, but a player
//! stepping by hand read nothing, and an archer began to shoot with no
//! warning (play19, seed 1901, level 5). Brogue says "you see a goblin",
//! DCSS "a goblin comes into view"; here the news is that it saw you.
//!
//! The line is a danger, so it also stops every repeated action (explore,
//! travel, rest, auto-advance, and autofight's pursuit of another foe),
//! the same turn the monster turns hunter.

use crate::ai::Mode;
use crate::ai::brain::Source;
use crate::game::autofight::where_from;
use crate::game::message_log::{Importance, capitalised};

use super::{Game, PLAYER};

/// What a monster knew of the player before its turn: its mode, and how
/// it knew where the player was (if it did).
#[derive(Debug, Clone, Copy)]
pub(super) struct KnewBefore {
    pub mode: Mode,
    pub source: Option<Source>,
}

impl Game {
    /// After the turn of `actor`, which `saw` the player this turn and
    /// knew `before` it: tells the player if it has just noticed them.
    /// News is a monster that turns hunter having been unaware (wandering,
    /// or gone to look at a noise) or knowing of the player only by a
    /// packmate's shout; one that lost the player and finds them again
    /// (searching on its own sighting) or that flees is no news. Said only
    /// when the player sees it (an unseen watcher gives no line).
    pub(super) fn tell_if_noticed(&mut self, actor: usize, saw: bool, before: KnewBefore) {
        let Some(brain) = self.actors[actor].brain.as_ref() else {
            return;
        };
        let unaware = matches!(before.mode, Mode::Wander | Mode::Investigate);
        let knew_only_by_word = before.mode == Mode::Search && before.source != Some(Source::Saw);
        if !saw || brain.mode != Mode::Hunt || !(unaware || knew_only_by_word) {
            return;
        }
        let at = self.actors[actor].pos;
        if !self.is_visible(at) {
            return;
        }
        let from = self.actors[PLAYER].pos;
        let where_ = where_from(from, at);
        let name = capitalised(&self.name_of(actor));
        self.log.push(
            self.time,
            Importance::Danger,
            format!("{name} notices you ({where_})."),
        );
    }
}

#[cfg(test)]
mod tests {
    use crate::game::Action;
    use crate::game::activity::{Activity, Stop};
    use crate::game::direction::Direction;
    use crate::game::player_map::PlayerMap;
    use crate::game::test_levels::game_on;

    fn notices(game: &crate::game::Game) -> Vec<String> {
        game.log()
            .all()
            .filter(|m| m.text.contains("notices you"))
            .map(|m| m.text.clone())
            .collect()
    }

    #[test]
    fn a_monster_that_first_sees_the_player_says_so_once_with_where_it_stands() {
        // The goblin, round the corner, comes into the player's view and
        // sees the player as the player steps east.
        let (mut game, _dir) = game_on(
            "############\n\
             #@.........#\n\
             #>.........#\n\
             #......g...#\n\
             ############\n",
        );
        game.undying_player = true;
        game.player_act(Action::Wait).unwrap();
        assert_eq!(notices(&game), ["The goblin notices you (6 cells east)."]);
        for _ in 0..3 {
            game.player_act(Action::Wait).unwrap();
        }
        assert_eq!(notices(&game).len(), 1, "said once: {:?}", notices(&game));
        let line = game
            .log()
            .all()
            .find(|m| m.text.contains("notices"))
            .unwrap();
        assert_eq!(
            line.importance,
            crate::game::message_log::Importance::Danger
        );
    }

    #[test]
    fn a_monster_sees_the_player_where_its_step_took_it_the_same_turn() {
        // The player at 1,1 in a passage, walled off from the room; the
        // goblin awake in the room at 5,2. The player steps south to
        // 1,2 (still walled off: the wall at 2,1 and 2,2 hides the room)
        // and then to 1,3, where the room opens before it: the goblin at
        // 5,2 sees it in the monsters' turn right after that step (it
        // used to see the player only from the cell it had stood on
        // before its step, a turn late: twin-halls depth 5 seed 4, a wolf
        // beside the door the player had just stepped into).
        let (mut game, _dir) = game_on(
            "########\n\
             #@#....#\n\
             #.#..g.#\n\
             #......#\n\
             #>######\n",
        );
        game.undying_player = true;
        let goblin = 1;
        game.player_act(Action::Move(Direction::South)).unwrap();
        assert_eq!(
            game.actors[super::super::PLAYER].pos,
            gridpath::Pos::new(1, 2)
        );
        assert!(notices(&game).is_empty(), "walled off at 1,2");
        game.player_act(Action::Move(Direction::South)).unwrap();
        assert_eq!(
            game.actors[super::super::PLAYER].pos,
            gridpath::Pos::new(1, 3)
        );
        assert_eq!(
            game.actors[goblin].brain.as_ref().map(|b| b.mode),
            Some(crate::ai::Mode::Hunt),
            "it saw the player at 1,3 the turn it stepped there: {:?}",
            game.actors[goblin].pos
        );
    }

    #[test]
    fn a_monster_the_player_cannot_see_gives_no_line() {
        // A wall and a closed door hide each from the other.
        let (mut game, _dir) = game_on(
            "############\n\
             #@...#.....#\n\
             #>...+..g..#\n\
             ############\n",
        );
        game.player_act(Action::Wait).unwrap();
        assert!(notices(&game).is_empty());
    }

    #[test]
    fn stepping_by_hand_toward_an_unaware_goblin_is_told_when_it_notices() {
        // A goblin wanders out of sight behind the door: explore stops when
        // it comes close (no news of noticing yet: it has not); the player
        // walks on by hand until it notices them, and the log says so.
        let (mut game, _dir) = game_on(
            "################\n\
             #@.....#.......#\n\
             #......+....g..#\n\
             #......#.......#\n\
             #......#......>#\n\
             ################\n",
        );
        game.undying_player = true;
        let mut map = PlayerMap::new();
        let report = game.run_activity(Activity::Explore, &mut map).unwrap();
        assert!(matches!(report.stop, Stop::Interrupted(_)), "{report:?}");
        for _ in 0..20 {
            if !notices(&game).is_empty() {
                break;
            }
            game.player_act(Action::Move(Direction::East))
                .or_else(|_| game.player_act(Action::Wait))
                .unwrap();
        }
        let said = notices(&game);
        assert_eq!(said.len(), 1, "{said:?}");
        assert!(said[0].starts_with("The goblin notices you ("), "{said:?}");
    }
}
