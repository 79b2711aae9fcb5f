//! Tracing costs nothing when the overlay is off: the scripted player plays
//! the 200x100 `warrens` (about 70 monsters) over several seeds twice, once
//! with no tracing (the overlay off) and once tracing one monster's
//! searches (the overlay on, following it). Tracing records but never
//! steers, so both runs play the same game; the AI time per player turn is
//! compared (median, 99th percentile, mean) and the traced searches
//! counted.
//!
//! Run: `cargo bench --bench overlay`

use fogcrawl_core::{Action, Autopilot, Game, GameSetup, percentiles};

const LEVEL: &str = "warrens";
const SEEDS: u64 = 6;
const TURNS_PER_SEED: u64 = 300;
/// Each seed is played this many times per mode, alternating, so that
/// machine noise falls on both modes alike.
const ROUNDS: usize = 2;

fn main() {
    let config = match fogcrawl_core::MonsterConfig::shipped() {
        Ok(config) => config,
        Err(err) => {
            eprintln!("overlay bench: {err}");
            std::process::exit(1);
        }
    };
    let mut off = Vec::new();
    let mut on = Vec::new();
    let mut traces = 0;
    for seed in 0..SEEDS {
        for _ in 0..ROUNDS {
            for tracing in [false, true] {
                let Ok(mut game) = Game::new(&GameSetup::new(Some(LEVEL), seed, config.clone()))
                else {
                    eprintln!("overlay bench: cannot start {LEVEL}");
                    std::process::exit(1);
                };
                let (samples, traced) = play(&mut game, tracing);
                traces += traced;
                if tracing {
                    on.extend(samples);
                } else {
                    off.extend(samples);
                }
            }
        }
    }
    let report = |what: &str, samples: &[u32]| {
        let fogcrawl_core::AiMicros { p50, p99, .. } = percentiles(samples);
        let mean = samples.iter().map(|&s| f64::from(s)).sum::<f64>() / samples.len().max(1) as f64;
        println!(
            "AI time per turn on {LEVEL}, {what}: p50 {p50} µs, p99 {p99} µs, mean {mean:.1} µs ({} turns)",
            samples.len()
        );
        mean
    };
    let mean_off = report("overlay off (no tracing)", &off);
    let mean_on = report("overlay on (tracing one monster)", &on);
    println!(
        "tracing one monster: mean {:+.1}% ({traces} traced searches recorded); overlay off records none",
        (mean_on / mean_off.max(f64::MIN_POSITIVE) - 1.0) * 100.0
    );
}

/// Plays one game; with `tracing`, the first living monster (then the next
/// when it dies) is traced, as the overlay does for the one it follows.
/// Returns the AI time of every turn and how many searches were traced.
fn play(game: &mut Game, tracing: bool) -> (Vec<u32>, usize) {
    let mut pilot = Autopilot::new();
    let mut traced_searches = 0;
    let mut last_trace_len = None;
    while game.stats().player_turns() < TURNS_PER_SEED && !game.is_over() {
        if tracing {
            let followed = (1..game.actors().len()).find(|&i| game.actors()[i].is_alive());
            game.set_traced_monster(followed);
            let now = followed
                .and_then(|f| game.traced_search(f))
                .map(|t| (t.start, t.goal, t.events.len()));
            if now.is_some() && now != last_trace_len {
                traced_searches += 1;
                last_trace_len = now;
            }
        }
        let action = pilot.choose(game);
        if game.player_act(action).is_err() {
            let _ = game.player_act(Action::Wait);
        }
    }
    (game.stats().ai_micros().to_vec(), traced_searches)
}
