//! How `fogcrawl sim` prints its reports as tables: one level's statistics
//! (and the fog-of-war walks), and the balance of full runs. The reports
//! themselves (and their JSON) are `game::sim`'s and `game::balance`'s.

use std::fmt;

use crate::game::balance::BalanceReport;
use crate::game::sim::{SimReport, WalkReport};

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

/// `part` as a percentage of `whole` (0 when there is none).
fn percent(part: u64, whole: u64) -> f64 {
    if whole == 0 {
        0.0
    } else {
        100.0 * part as f64 / whole as f64
    }
}

impl fmt::Display for SimReport {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.write_totals(f)?;
        self.write_faction_table(f)?;
        self.write_behaviour_table(f)?;
        self.write_time_and_stealth(f)
    }
}

impl SimReport {
    /// The game's outcome and the whole level's counts.
    fn write_totals(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
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
        writeln!(f, "nodes expanded: {}", self.expanded)
    }

    /// A row per faction: its searches and what its planning met.
    fn write_faction_table(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(
            f,
            "{:<11} {:>5} {:>8} {:>9} {:>6} {:>5} {:>7} {:>7} {:>5} {:>7} {:>7} {:>6} {:>6}",
            "faction",
            "alive",
            "searches",
            "expanded",
            "fields",
            "stale",
            "knownbl",
            "unknown",
            "stall",
            "replans",
            "wrong",
            "steps",
            "caught"
        )?;
        for faction in &self.factions {
            let caught = faction
                .counters
                .caught_on_turn
                .map_or_else(|| "-".to_owned(), |turn| format!("t{turn}"));
            writeln!(
                f,
                "{:<11} {:>5} {:>8} {:>9} {:>6} {:>5} {:>7} {:>7} {:>5} {:>7} {:>7} {:>6} {:>6}",
                faction.name,
                faction.alive,
                faction.planner.searches,
                faction.expanded,
                faction.counters.shared_fields,
                faction.counters.stale_plans,
                faction.counters.known_blocked_bumps,
                faction.counters.unknown_bumps,
                faction.counters.longest_stall,
                faction.counters.replans.total(),
                faction.counters.wrong_guesses,
                faction.counters.steps,
                caught
            )?;
        }
        Ok(())
    }

    /// A row per faction: how its monsters behaved (greedy steps, flight,
    /// oscillation, searching).
    fn write_behaviour_table(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(
            f,
            "{:<11} {:>6} {:>7} {:>6} {:>6} {:>9} {:>5} {:>6} {:>9} {:>5} {:>6}",
            "behaviour",
            "greedy",
            "of",
            "gaveup",
            "flee",
            "parked",
            "osc",
            "search",
            "flaps",
            "froze",
            "fleeep"
        )?;
        for faction in &self.factions {
            let b = &faction.behaviour;
            let moves = b.plan_steps + b.greedy_steps + b.swaps;
            writeln!(
                f,
                "{:<11} {:>5.1}% {:>7} {:>6} {:>6} {:>8.0}% {:>5} {:>6} {:>8.0}% {:>5} {:>6}",
                faction.name,
                percent(b.greedy_steps, moves),
                moves,
                faction.planner.given_up,
                b.flee_turns,
                percent(b.flee_parked, b.flee_turns),
                b.oscillations,
                b.search_episodes,
                percent(b.search_flaps, b.search_episodes),
                b.longest_frozen_hunt,
                format!("{}/{}", b.flee_episodes.ended, b.flee_episodes.started),
            )?;
        }
        Ok(())
    }

    /// The AI's time (not deterministic), the stealth counts and the
    /// player's turn length.
    fn write_time_and_stealth(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(
            f,
            "ai time per turn: p50 {} µs, p99 {} µs, max {} µs",
            self.ai_micros.p50, self.ai_micros.p99, self.ai_micros.max
        )?;
        let entries: Vec<String> = self
            .level_entry_micros
            .iter()
            .map(|micros| format!("{micros} µs"))
            .collect();
        writeln!(
            f,
            "ai time on entering each level (first looks): {}",
            entries.join(", ")
        )?;
        let stealth = &self.stealth;
        writeln!(
            f,
            "stealth: {} asleep at start, {} woken, sneak attacks {} asleep / {} unaware, {} heard the player, {} drawn by rest, {} turns sneaking",
            stealth.asleep_at_start,
            stealth.woken,
            stealth.sneak_attacks_asleep,
            stealth.sneak_attacks_unaware,
            stealth.heard_player,
            stealth.drawn_by_rest,
            stealth.sneaking_turns
        )?;
        let length = &self.player_turn_length;
        write!(
            f,
            "player turn length (game time): p50 {:.2}, p99 {:.2}, max {:.2}",
            length.p50, length.p99, length.max
        )
    }
}

impl fmt::Display for WalkReport {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "one walker from start to stairs, fog vs omniscient:")?;
        writeln!(
            f,
            "{:<12} {:>13} {:>13} {:>9} {:>10} {:>9} {:>10} {:>9}",
            "faction",
            "exp/srch fog",
            "exp/srch omni",
            "steps fog",
            "steps omni",
            "time fog",
            "time omni",
            "arrived"
        )?;
        for (name, fog, omni) in &self.walks {
            writeln!(
                f,
                "{:<12} {:>13.1} {:>13.1} {:>9} {:>10} {:>9.1} {:>10.1} {:>9}",
                name,
                fog.expanded_per_search(),
                omni.expanded_per_search(),
                fog.steps,
                omni.steps,
                fog.time,
                omni.time,
                format!("{}/{}", yes_no(fog.arrived), yes_no(omni.arrived))
            )?;
        }
        Ok(())
    }
}

fn yes_no(flag: bool) -> &'static str {
    if flag { "yes" } else { "no" }
}

impl fmt::Display for BalanceReport {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(
            f,
            "runs: {} from seed {} (won {}, died {}, unfinished {}): win rate {:.0}%",
            self.runs,
            self.first_seed,
            self.won,
            self.died,
            self.unfinished,
            self.win_rate * 100.0
        )?;
        let depths: Vec<String> = self
            .depth_reached
            .iter()
            .map(|(depth, count)| format!("{depth}: {count}"))
            .collect();
        writeln!(f, "ended on level: {}", depths.join(", "))?;
        let deaths: Vec<String> = self
            .deaths_by_level
            .iter()
            .map(|(depth, count)| format!("{depth}: {count}"))
            .collect();
        writeln!(f, "died on level: {}", deaths.join(", "))?;
        if !self.tools {
            writeln!(f, "(the scripted player left its tools unused: --no-tools)")?;
        }
        write!(
            f,
            "turns per run: p10 {}, p50 {}, p90 {}, max {}",
            self.turns.p10, self.turns.p50, self.turns.p90, self.turns.max
        )
    }
}

/// `sim --versus`: per faction, the figures a config change moves most, A
/// (the config in use) beside B (the other).
pub fn versus_table(a: &SimReport, b: &SimReport) -> String {
    let mut out = format!(
        "{:<11} {:>15} {:>15} {:>13} {:>13} {:>11} {:>11}\n",
        "A | B", "greedy %", "expanded", "given up", "flee parked %", "caught", "alive"
    );
    for (fa, fb) in a.factions.iter().zip(&b.factions) {
        let greedy = |f: &crate::game::sim::FactionReport| {
            let x = &f.behaviour;
            percent(x.greedy_steps, x.plan_steps + x.greedy_steps + x.swaps)
        };
        let parked = |f: &crate::game::sim::FactionReport| {
            percent(f.behaviour.flee_parked, f.behaviour.flee_turns)
        };
        let caught = |f: &crate::game::sim::FactionReport| {
            f.counters
                .caught_on_turn
                .map_or_else(|| "-".to_owned(), |turn| format!("t{turn}"))
        };
        out.push_str(&format!(
            "{:<11} {:>7.1}|{:<7.1} {:>7}|{:<7} {:>6}|{:<6} {:>6.0}|{:<6.0} {:>5}|{:<5} {:>5}|{:<5}\n",
            fa.name,
            greedy(fa),
            greedy(fb),
            fa.expanded,
            fb.expanded,
            fa.planner.given_up,
            fb.planner.given_up,
            parked(fa),
            parked(fb),
            caught(fa),
            caught(fb),
            fa.alive,
            fb.alive,
        ));
    }
    out.push_str(&format!(
        "ai time per turn p50|p99: {}|{} µs against {}|{} µs\n",
        a.ai_micros.p50, a.ai_micros.p99, b.ai_micros.p50, b.ai_micros.p99
    ));
    out
}
