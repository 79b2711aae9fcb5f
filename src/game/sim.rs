//! `fogcrawl sim`: the same game loop with no terminal and a scripted
//! player, reporting what happened and what the AI cost.

use std::fmt;

use crate::game::autopilot::Autopilot;
use crate::game::setup::GameSetup;
use crate::game::state::{Game, GameError, Outcome};

#[derive(Debug, Clone, PartialEq)]
pub struct SimReport {
    pub level: String,
    pub seed: u64,
    pub turns: u64,
    pub outcome: String,
    pub time: f64,
    pub depth: usize,
    pub monsters_alive: usize,
    pub kills: u32,
    pub searches: u64,
    pub expanded: u64,
    /// AI time per player turn, microseconds: (p50, p99). Not deterministic.
    pub ai_micros: (u32, u32),
}

impl SimReport {
    /// The report without the timing line: equal for equal seeds.
    pub fn deterministic_part(&self) -> String {
        let full = self.to_string();
        full.lines()
            .filter(|l| !l.starts_with("ai time"))
            .collect::<Vec<_>>()
            .join("\n")
    }
}

impl fmt::Display for SimReport {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "level: {} (seed {})", self.level, self.seed)?;
        writeln!(f, "turns: {}", self.turns)?;
        writeln!(f, "outcome: {}", self.outcome)?;
        writeln!(f, "time: {:.1}", self.time)?;
        writeln!(f, "depth: {}", self.depth)?;
        writeln!(
            f,
            "monsters: {} alive, {} killed",
            self.monsters_alive, self.kills
        )?;
        writeln!(f, "searches: {}", self.searches)?;
        writeln!(f, "nodes expanded: {}", self.expanded)?;
        write!(
            f,
            "ai time per turn: p50 {} µs, p99 {} µs",
            self.ai_micros.0, self.ai_micros.1
        )
    }
}

/// Plays up to `turns` player turns with the autopilot.
pub fn run_sim(setup: &GameSetup, turns: u64) -> Result<SimReport, GameError> {
    let mut game = Game::new(setup)?;
    let mut pilot = Autopilot::new();
    while game.stats.player_turns < turns && !game.is_over() {
        let action = pilot.choose(&game);
        if game.player_act(action).is_err() {
            // The pilot chose something the rules refuse: let time pass.
            let _ = game.player_act(crate::game::Action::Wait);
        }
    }
    Ok(report(&game))
}

fn report(game: &Game) -> SimReport {
    let outcome = match &game.outcome {
        None => "still exploring".to_owned(),
        Some(Outcome::Died { cause, .. }) => format!("died, {cause}"),
        Some(Outcome::Won { .. }) => "escaped the dungeon".to_owned(),
    };
    let (searches, expanded) = game.search_counts();
    SimReport {
        level: game.level.name.clone(),
        seed: game.seed,
        turns: game.stats.player_turns,
        outcome,
        time: game.time,
        depth: game.depth + 1,
        monsters_alive: game.living_monsters(),
        kills: game.stats.kills,
        searches,
        expanded,
        ai_micros: percentiles(&game.stats.ai_micros),
    }
}

/// The 50th and 99th percentiles (nearest rank).
pub fn percentiles(samples: &[u32]) -> (u32, u32) {
    if samples.is_empty() {
        return (0, 0);
    }
    let mut sorted = samples.to_vec();
    sorted.sort_unstable();
    let rank =
        |p: f64| sorted[((p * sorted.len() as f64).ceil() as usize).clamp(1, sorted.len()) - 1];
    (rank(0.50), rank(0.99))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn percentiles_by_nearest_rank() {
        let samples: Vec<u32> = (1..=100).collect();
        assert_eq!(percentiles(&samples), (50, 99));
        assert_eq!(percentiles(&[7]), (7, 7));
        assert_eq!(percentiles(&[]), (0, 0));
    }
}
