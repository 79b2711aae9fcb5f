//! AI time per game turn: the scripted player plays the 200x100 `warrens`
//! level (about 70 monsters: goblins and rats) over several seeds; every
//! player turn's monster time is collected and its percentiles printed.
//!
//! Run: `cargo bench --bench game_turn`

use fogcrawl::game::GameSetup;
use fogcrawl::game::autopilot::Autopilot;
use fogcrawl::game::sim::percentiles;
use fogcrawl::game::{Action, Game};

const LEVEL: &str = "warrens";
const SEEDS: u64 = 8;
const TURNS_PER_SEED: u64 = 400;

fn main() {
    let config = match fogcrawl::config::MonsterConfig::shipped() {
        Ok(config) => config,
        Err(err) => {
            eprintln!("game_turn: {err}");
            std::process::exit(1);
        }
    };
    let mut samples = Vec::new();
    let mut monsters = Vec::new();
    for seed in 0..SEEDS {
        let Ok(mut game) = Game::new(&GameSetup::new(Some(LEVEL), seed, config.clone())) else {
            eprintln!("game_turn: cannot start {LEVEL}");
            std::process::exit(1);
        };
        monsters.push(game.living_monsters());
        let mut pilot = Autopilot::new();
        while game.stats.player_turns < TURNS_PER_SEED && !game.is_over() {
            let action = pilot.choose(&game);
            if game.player_act(action).is_err() {
                let _ = game.player_act(Action::Wait);
            }
        }
        samples.extend_from_slice(&game.stats.ai_micros);
    }
    let fogcrawl::game::sim::AiMicros { p50, p99, .. } = percentiles(&samples);
    println!(
        "game turn AI time on {LEVEL} ({} to {} monsters at the start, {} turns over {SEEDS} seeds): p50 {p50} µs, p99 {p99} µs",
        monsters.iter().min().unwrap_or(&0),
        monsters.iter().max().unwrap_or(&0),
        samples.len()
    );
}
