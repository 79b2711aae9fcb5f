//! The run level by level: where each level began (the turn, the kills so
//! far, the game time), kept in the game's stats as the player arrives, so
//! the run summary can give a line per level (turns, kills, time spent).
//!
//! Saved since save format 5; a game resumed from an older save knows only
//! the levels entered since (the summary says so).

use crate::game::state::{Game, LevelStart, Outcome};

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

/// When the run ended, for its records: the time of death or victory (the
/// clock may have run on past it: a death at 345.9 was followed by a log
/// line at 346.0), or now for a run still going.
pub fn run_end_time(game: &Game) -> f64 {
    match game.outcome() {
        Some(Outcome::Died { time, .. } | Outcome::Won { time }) => *time,
        None => game.time(),
    }
}

/// Each visit's time as the end screen and the summary file write it (to a
/// tenth, "48.6"), given the game time spent on each (the last counted up
/// to the clock `now`) and the run's end `end` (`run_end_time`): the clock
/// at each arrival is rounded to a tenth, and each line is the difference,
/// the last ending at `end`. So the lines add up to the total written
/// above them, and a one-level run's line is the total.
pub fn shown_level_times(visits: &[LevelVisit], now: f64, end: f64) -> Vec<String> {
    // Tenths of a time unit, as `{:.1}` writes it.
    let tenths = |time: f64| -> i64 {
        let shown = format!("{time:.1}");
        let (whole, tenth) = shown.split_once('.').unwrap_or((&shown, "0"));
        let whole: i64 = whole.parse().unwrap_or(0);
        let tenth: i64 = tenth.parse().unwrap_or(0);
        if shown.starts_with('-') {
            whole * 10 - tenth
        } else {
            whole * 10 + tenth
        }
    };
    let mut clock = now - visits.iter().map(|visit| visit.time).sum::<f64>();
    let mut previous = tenths(clock);
    visits
        .iter()
        .enumerate()
        .map(|(index, visit)| {
            clock += visit.time;
            let arrival = if index + 1 == visits.len() {
                tenths(end)
            } else {
                tenths(clock)
            };
            let spent = (arrival - previous).max(0);
            previous = arrival;
            format!("{}.{}", spent / 10, spent % 10)
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Action;
    use crate::game::test_levels::game_on;

    fn spans(times: &[f64]) -> Vec<LevelVisit> {
        times
            .iter()
            .map(|&time| LevelVisit {
                name: "rooms".to_owned(),
                depth: 0,
                turns: 1,
                kills: 0,
                time,
            })
            .collect()
    }

    #[test]
    fn shown_level_times_add_up_to_the_total_shown() {
        // Each 48.64 alone reads 48.6; together the run took 97.3.
        assert_eq!(
            shown_level_times(&spans(&[48.64, 48.64]), 97.28, 97.28),
            vec!["48.6".to_owned(), "48.7".to_owned()]
        );
        // One level: its line is the total, whatever the float noise.
        let span = 97.35 - 0.000_000_1;
        assert_eq!(
            shown_level_times(&spans(&[span]), span, 97.35),
            vec![format!("{:.1}", 97.35)]
        );
        // The clock ran on past the death (seed 1812 at 120x40: died at
        // 1976.8, the clock at 1976.9): the lines still add up to 1976.8.
        assert_eq!(
            shown_level_times(&spans(&[1266.4, 450.1, 260.4]), 1976.9, 1976.8),
            vec!["1266.4".to_owned(), "450.1".to_owned(), "260.3".to_owned()]
        );
        assert_eq!(
            shown_level_times(&spans(&[345.95]), 345.95, 345.92),
            vec![format!("{:.1}", 345.92)]
        );
        assert!(shown_level_times(&[], 5.0, 5.0).is_empty());
    }

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
