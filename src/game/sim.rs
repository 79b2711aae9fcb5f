//! `fogcrawl sim`: the same game loop with no terminal and a scripted
//! player, reporting what happened and what the AI cost.

use std::fmt;

use crate::ai::fog_walk::{FogWalk, fog_walk};
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
    pub factions: Vec<FactionReport>,
    /// Per faction: one member walking the starting level from the start to
    /// the stairs, planning on fog (its unknown-cell policy), then knowing
    /// the whole level.
    pub walks: Vec<(String, FogWalk, FogWalk)>,
}

/// What one faction did in a sim.
#[derive(Debug, Clone, PartialEq)]
pub struct FactionReport {
    pub name: String,
    pub alive: usize,
    pub searches: u64,
    pub expanded: u64,
    pub replans: u64,
    pub discoveries: u64,
    pub steps: u64,
    pub caught_on_turn: Option<u64>,
}

impl FactionReport {
    pub fn expanded_per_search(&self) -> f64 {
        if self.searches == 0 {
            0.0
        } else {
            self.expanded as f64 / self.searches as f64
        }
    }
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
        writeln!(
            f,
            "{:<12} {:>5} {:>8} {:>10} {:>9} {:>7} {:>11} {:>6} {:>7}",
            "faction",
            "alive",
            "searches",
            "expanded",
            "per srch",
            "replans",
            "discoveries",
            "steps",
            "caught"
        )?;
        for faction in &self.factions {
            let caught = faction
                .caught_on_turn
                .map_or_else(|| "-".to_owned(), |turn| format!("t{turn}"));
            writeln!(
                f,
                "{:<12} {:>5} {:>8} {:>10} {:>9.1} {:>7} {:>11} {:>6} {:>7}",
                faction.name,
                faction.alive,
                faction.searches,
                faction.expanded,
                faction.expanded_per_search(),
                faction.replans,
                faction.discoveries,
                faction.steps,
                caught
            )?;
        }
        if !self.walks.is_empty() {
            writeln!(f, "one walker from start to stairs, fog vs omniscient:")?;
            writeln!(
                f,
                "{:<12} {:>13} {:>13} {:>11} {:>11} {:>9}",
                "faction", "exp/srch fog", "exp/srch omni", "steps fog", "steps omni", "arrived"
            )?;
            for (name, fog, omni) in &self.walks {
                writeln!(
                    f,
                    "{:<12} {:>13.1} {:>13.1} {:>11} {:>11} {:>9}",
                    name,
                    fog.expanded_per_search(),
                    omni.expanded_per_search(),
                    fog.steps,
                    omni.steps,
                    format!("{}/{}", yes_no(fog.arrived), yes_no(omni.arrived))
                )?;
            }
        }
        write!(
            f,
            "ai time per turn: p50 {} µs, p99 {} µs",
            self.ai_micros.0, self.ai_micros.1
        )
    }
}

fn yes_no(flag: bool) -> &'static str {
    if flag { "yes" } else { "no" }
}

/// Most steps a fog walk may take before it counts as lost.
const WALK_STEP_LIMIT: u64 = 20_000;

/// Plays up to `turns` player turns with the autopilot.
pub fn run_sim(setup: &GameSetup, turns: u64) -> Result<SimReport, GameError> {
    let level = setup.build_level(setup.start_depth)?;
    let mut walks = Vec::new();
    for faction in &setup.config.factions {
        let walk = |omniscient| {
            fog_walk(
                &level,
                faction,
                level.start,
                level.stairs,
                omniscient,
                WALK_STEP_LIMIT,
            )
        };
        if let (Ok(fog), Ok(omni)) = (walk(false), walk(true)) {
            walks.push((faction.name.clone(), fog, omni));
        }
    }
    let mut game = Game::new(setup)?;
    let mut pilot = Autopilot::new();
    while game.stats.player_turns < turns && !game.is_over() {
        let action = pilot.choose(&game);
        if game.player_act(action).is_err() {
            // The pilot chose something the rules refuse: let time pass.
            let _ = game.player_act(crate::game::Action::Wait);
        }
    }
    let mut report = report(&game);
    report.walks = walks;
    Ok(report)
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
        factions: game
            .factions
            .iter()
            .enumerate()
            .map(|(index, faction)| FactionReport {
                name: faction.name.clone(),
                alive: (1..game.actors.len())
                    .filter(|&a| {
                        game.actors[a].is_alive() && game.faction_index_of(a) == Some(index)
                    })
                    .count(),
                searches: faction.planner.stats.searches,
                expanded: faction.planner.stats.expanded,
                replans: faction.stats.replans,
                discoveries: faction.knowledge.discoveries,
                steps: faction.stats.steps,
                caught_on_turn: faction.stats.caught_on_turn,
            })
            .collect(),
        walks: Vec::new(),
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
