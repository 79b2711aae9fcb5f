//! The run level by level: where each level began (the turn, the kills so
//! far, the game time), kept in the game's stats as the player arrives, so
//! the run summary can give a line per level (turns, kills, time spent).
//!
//! Saved since save format 5; a game resumed from an older save knows only
//! the levels entered since (the summary says so).

use crate::game::state::{Game, LevelStart};

/// One level of the run as the summary tells it.
#[derive(Debug, Clone, PartialEq)]
pub struct LevelVisit {
    pub name: String,
    pub depth: usize,
    pub turns: u64,
    pub kills: u32,
    /// Game time spent on it.
    pub time: f64,
}

/// The levels of the run so far, in order, the current one last (counted
/// up to now).
pub fn level_visits(game: &Game) -> Vec<LevelVisit> {
    let starts = game.stats().level_starts();
    let now = LevelStart {
        name: String::new(),
        depth: game.depth(),
        turn: game.stats().player_turns(),
        kills: game.stats().kills(),
        time: game.time(),
    };
    starts
        .iter()
        .zip(starts.iter().skip(1).chain(std::iter::once(&now)))
        .map(|(start, end)| LevelVisit {
            name: start.name.clone(),
            depth: start.depth,
            turns: end.turn.saturating_sub(start.turn),
            kills: end.kills.saturating_sub(start.kills),
            time: (end.time - start.time).max(0.0),
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Action;
    use crate::game::test_levels::game_on;

    #[test]
    fn a_new_game_starts_its_first_level_and_counts_it_up_to_now() {
        let (mut game, _dir) = game_on("#####\n#@.>#\n#####\n");
        for _ in 0..3 {
            game.player_act(Action::Wait).unwrap();
        }
        let visits = level_visits(&game);
        assert_eq!(visits.len(), 1);
        assert_eq!(visits[0].name, "fixture");
        assert_eq!(
            (visits[0].depth, visits[0].turns, visits[0].kills),
            (0, 3, 0)
        );
        assert!((visits[0].time - game.time()).abs() < 1e-9);
    }

    #[test]
    fn the_stairs_start_a_new_line() {
        let duel = "../../tests/fixtures/game/duel.toml".to_owned();
        let mut setup = crate::game::GameSetup::new(
            Some(&duel),
            1,
            crate::config::MonsterConfig::shipped().unwrap(),
        );
        setup.run = vec![duel.clone(), duel];
        let mut game = Game::new(&setup).unwrap();
        game.player_act(Action::Wait).unwrap();
        let stairs = game.level().stairs;
        game.actor_mut(0).pos = stairs;
        game.player_act(Action::Descend).unwrap();
        let visits = level_visits(&game);
        assert_eq!(visits.len(), 2, "{visits:?}");
        // The turn that took the stairs ends on the level below.
        assert_eq!((visits[0].depth, visits[0].turns), (0, 1));
        assert_eq!((visits[1].depth, visits[1].turns), (1, 1));
    }
}
