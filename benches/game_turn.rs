//! AI time per game turn in the real game loop: the scripted player (kept
//! alive, so every turn is played) on `warrens` (about 70 monsters),
//! `horde` (200 on 256x256) and `colossus` (1,000 on 1024x1024). Every
//! player turn's monster time is collected and its percentiles printed,
//! then the AI's search throughput as a whole: nodes expanded (individual
//! searches and shared fields) per second of AI time.
//!
//! Run: `cargo bench --bench game_turn`

use fogcrawl_core::{Action, AiMicros, Autopilot, Game, GameSetup, percentiles};

/// Level, seeds, turns per seed.
const RUNS: [(&str, u64, u64); 3] = [("warrens", 4, 400), ("horde", 2, 400), ("colossus", 1, 200)];

fn main() {
    let config = match fogcrawl_core::MonsterConfig::shipped() {
        Ok(config) => config,
        Err(err) => {
            eprintln!("game_turn: {err}");
            std::process::exit(1);
        }
    };
    let (mut all_expanded, mut all_micros) = (0u64, 0u64);
    for (level, seeds, turns) in RUNS {
        let mut samples = Vec::new();
        let mut monsters = Vec::new();
        for seed in 1..=seeds {
            let mut setup = GameSetup::new(Some(level), seed, config.clone());
            setup.run = vec![level.to_owned()];
            setup.start_depth = 0;
            setup.undying_player = true;
            let Ok(mut game) = Game::new(&setup) else {
                eprintln!("game_turn: cannot start {level}");
                std::process::exit(1);
            };
            monsters.push(game.living_monsters());
            let mut pilot = Autopilot::new();
            while game.stats().player_turns() < turns && !game.is_over() {
                let action = pilot.choose(&game);
                if game.player_act(action).is_err() {
                    let _ = game.player_act(Action::Wait);
                }
            }
            all_expanded += game.search_counts().1;
            all_micros += game
                .stats()
                .ai_micros()
                .iter()
                .map(|&m| u64::from(m))
                .sum::<u64>();
            samples.extend_from_slice(game.stats().ai_micros());
        }
        let AiMicros { p50, p99, max } = percentiles(&samples);
        println!(
            "game turn AI time on {level} ({} monsters at the start, {} turns over {seeds} seeds): p50 {p50} µs, p99 {p99} µs, max {max} µs",
            monsters.iter().max().unwrap_or(&0),
            samples.len()
        );
    }
    let per_second = all_expanded as f64 / (all_micros.max(1) as f64 / 1e6);
    println!(
        "AI as a whole: {all_expanded} nodes expanded in {:.2} s of AI time, {:.2} M expansions/s",
        all_micros as f64 / 1e6,
        per_second / 1e6
    );
}
