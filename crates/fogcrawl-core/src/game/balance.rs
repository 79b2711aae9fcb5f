//! `fogcrawl sim --runs N`: N seeded full runs (seeds S, S+1, ...) through
//! the run order with the scripted player, summed up as wins, deaths, the
//! depth each run reached and the turns it took. The balance measure of the
//! shipped config (see docs/MONSTER-CONFIG.md).
//!
//! Each run is a game of its own, so runs are split across threads and the
//! report is the same for the same seeds however they were scheduled.

use std::collections::BTreeMap;

use serde::Serialize;

use crate::config::MonsterConfig;
use crate::game::action::Action;
use crate::game::autopilot::{Autopilot, AutopilotSkills};
use crate::game::game_error::GameError;
use crate::game::setup::GameSetup;
use crate::game::state::{Game, Outcome};

/// What one full run came to.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct RunResult {
    pub seed: u64,
    pub won: bool,
    pub died: bool,
    /// The level reached, counted from 1.
    pub depth: usize,
    pub turns: u64,
    /// What killed it (the end screen's words), when it died.
    pub cause: Option<String>,
    /// What was left in its pack at the end, by name (draughts, knives,
    /// tools): what it died with unused.
    pub pack: BTreeMap<String, u32>,
}

/// Turns per run (nearest-rank percentiles).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize)]
pub struct TurnPercentiles {
    pub p10: u64,
    pub p50: u64,
    pub p90: u64,
    pub max: u64,
}

/// The summary `sim --runs` prints.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct BalanceReport {
    pub runs: usize,
    pub won: usize,
    pub died: usize,
    /// Runs that hit the turn limit still alive.
    pub unfinished: usize,
    /// Won runs as a share of all runs.
    pub win_rate: f64,
    /// How many runs ended on each level (1 = the first).
    pub depth_reached: BTreeMap<usize, usize>,
    /// How many runs died on each level (1 = the first): where the run is
    /// hard.
    pub deaths_by_level: BTreeMap<usize, usize>,
    pub turns: TurnPercentiles,
    pub first_seed: u64,
    /// Whether the scripted player used the tools (`sim --no-tools`: not).
    pub tools: bool,
    pub results: Vec<RunResult>,
}

impl BalanceReport {
    pub fn to_json(&self) -> String {
        // Plain data with string-able keys: encoding cannot fail.
        serde_json::to_string_pretty(self).unwrap_or_default()
    }
}

/// Plays one full run with seed `seed` for at most `max_turns` turns, the
/// scripted player with `skills` (`sim --no-sneak`, `sim --no-tools` take
/// some away).
pub(crate) fn play_run(
    level: Option<&str>,
    seed: u64,
    config: &MonsterConfig,
    max_turns: u64,
    skills: AutopilotSkills,
) -> Result<RunResult, GameError> {
    let mut game = Game::new(&GameSetup::new(level, seed, config.clone()))?;
    let mut pilot = Autopilot::with_skills(skills);
    while game.stats().player_turns() < max_turns && !game.is_over() {
        let action = pilot.choose(&game);
        if game.player_act(action).is_err() {
            // Refused (no time passed): let a moment pass instead.
            let _ = game.player_act(Action::Wait);
        }
    }
    let cause = match game.outcome() {
        Some(Outcome::Died { cause, .. }) => Some(cause.clone()),
        _ => None,
    };
    let pack = game
        .inventory()
        .entries()
        .into_iter()
        .map(|(_, kind, count)| (kind.to_string(), count))
        .collect();
    Ok(RunResult {
        seed,
        won: matches!(game.outcome(), Some(Outcome::Won { .. })),
        died: matches!(game.outcome(), Some(Outcome::Died { .. })),
        depth: game.depth() + 1,
        turns: game.stats().player_turns(),
        cause,
        pack,
    })
}

/// Plays `runs` full runs from `first_seed` on, on up to `threads` threads
/// (the scripted player with `skills`).
pub fn play_runs(
    level: Option<&str>,
    first_seed: u64,
    runs: usize,
    config: &MonsterConfig,
    max_turns: u64,
    threads: usize,
    skills: AutopilotSkills,
) -> Result<BalanceReport, GameError> {
    let seeds: Vec<u64> = (0..runs as u64)
        .map(|i| first_seed.wrapping_add(i))
        .collect();
    let threads = threads.clamp(1, runs.max(1));
    let chunk = seeds.len().div_ceil(threads).max(1);
    let mut results: Vec<RunResult> = Vec::with_capacity(runs);
    std::thread::scope(|scope| -> Result<(), GameError> {
        let handles: Vec<_> = seeds
            .chunks(chunk)
            .map(|part| {
                scope.spawn(move || {
                    part.iter()
                        .map(|&seed| play_run(level, seed, config, max_turns, skills))
                        .collect::<Result<Vec<_>, _>>()
                })
            })
            .collect();
        for handle in handles {
            match handle.join() {
                Ok(part) => results.extend(part?),
                Err(panic) => std::panic::resume_unwind(panic),
            }
        }
        Ok(())
    })?;
    Ok(summarise(first_seed, skills.tools, results))
}

fn summarise(first_seed: u64, tools: bool, results: Vec<RunResult>) -> BalanceReport {
    let runs = results.len();
    let won = results.iter().filter(|r| r.won).count();
    let died = results.iter().filter(|r| r.died).count();
    let mut depth_reached = BTreeMap::new();
    let mut deaths_by_level = BTreeMap::new();
    for result in &results {
        *depth_reached.entry(result.depth).or_insert(0) += 1;
        if result.died {
            *deaths_by_level.entry(result.depth).or_insert(0) += 1;
        }
    }
    let mut turns: Vec<u64> = results.iter().map(|r| r.turns).collect();
    turns.sort_unstable();
    let rank = |p: f64| -> u64 {
        if turns.is_empty() {
            return 0;
        }
        turns[((p * turns.len() as f64).ceil() as usize).clamp(1, turns.len()) - 1]
    };
    BalanceReport {
        runs,
        won,
        died,
        unfinished: runs - won - died,
        win_rate: if runs == 0 {
            0.0
        } else {
            won as f64 / runs as f64
        },
        depth_reached,
        deaths_by_level,
        turns: TurnPercentiles {
            p10: rank(0.10),
            p50: rank(0.50),
            p90: rank(0.90),
            max: turns.last().copied().unwrap_or(0),
        },
        first_seed,
        tools,
        results,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_handful_of_runs_adds_up_and_repeats_with_the_seeds() {
        let config = MonsterConfig::shipped().unwrap();
        let level = Some(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../../tests/fixtures/game/pantry.toml"
        ));
        let report = play_runs(level, 3, 4, &config, 2000, 2, AutopilotSkills::default()).unwrap();
        assert_eq!(report.runs, 4);
        assert_eq!(report.won + report.died + report.unfinished, 4);
        assert_eq!(report.depth_reached.values().sum::<usize>(), 4);
        let seeds: Vec<u64> = report.results.iter().map(|r| r.seed).collect();
        assert_eq!(seeds, [3, 4, 5, 6]);
        assert!(
            report.won > 0,
            "the scripted player can win the hall: {report:?}"
        );
        let again = play_runs(level, 3, 4, &config, 2000, 1, AutopilotSkills::default()).unwrap();
        assert_eq!(again, report, "threads change nothing");
        let json = report.to_json();
        for key in [
            "\"runs\"",
            "\"won\"",
            "\"died\"",
            "\"depth_reached\"",
            "\"p50\"",
            "\"cause\"",
            "\"pack\"",
        ] {
            assert!(json.contains(key), "{key} missing from {json}");
        }
    }

    #[test]
    fn a_summary_counts_outcomes_depths_and_turns() {
        let result = |seed, won, died, depth, turns| RunResult {
            seed,
            won,
            died,
            depth,
            turns,
            cause: None,
            pack: BTreeMap::new(),
        };
        let report = summarise(
            5,
            true,
            vec![
                result(5, true, false, 7, 300),
                result(6, false, true, 2, 100),
                result(7, false, false, 3, 200),
            ],
        );
        assert_eq!((report.won, report.died, report.unfinished), (1, 1, 1));
        assert_eq!(
            report.depth_reached,
            BTreeMap::from([(2, 1), (3, 1), (7, 1)])
        );
        assert_eq!(report.deaths_by_level, BTreeMap::from([(2, 1)]));
        assert_eq!(report.turns.p50, 200);
        assert_eq!(report.turns.max, 300);
        assert!((report.win_rate - 1.0 / 3.0).abs() < 1e-12);
    }
}
