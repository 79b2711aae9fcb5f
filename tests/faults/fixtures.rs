//! What the fault tests start from: the shipped config, the duel level (a
//! player, a door and one goblin), a real save of it, and a few turns of
//! play.

use std::path::{Path, PathBuf};

use fogcrawl::config::MonsterConfig;
use fogcrawl::game::save::write_save;
use fogcrawl::game::{Action, Direction, Game, GameSetup};

pub const DUEL: &str = "tests/fixtures/game/duel.toml";

pub fn shipped_path() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("levels/monsters.toml")
}

pub fn shipped_text() -> String {
    std::fs::read_to_string(shipped_path()).expect("the shipped config is readable")
}

pub fn shipped() -> MonsterConfig {
    MonsterConfig::load(&shipped_path()).unwrap_or_else(|e| panic!("{e}"))
}

pub fn duel() -> Game {
    Game::new(&GameSetup::new(Some(DUEL), 1, shipped())).expect("the duel loads")
}

/// A few turns of waiting and stepping; refusals are fine, panics are not.
pub fn play(game: &mut Game, turns: usize) {
    for turn in 0..turns {
        if game.is_over() {
            return;
        }
        let action = match turn % 3 {
            0 => Action::Wait,
            1 => Action::Move(Direction::East),
            _ => Action::Move(Direction::West),
        };
        let _ = game.player_act(action);
    }
}

/// The text of a real save of the duel after two turns.
pub fn duel_save_text() -> String {
    let mut game = duel();
    play(&mut game, 2);
    let dir = tempfile::tempdir().expect("a temp dir");
    let path = dir.path().join("save.json");
    write_save(&path, &game).expect("the save is written");
    std::fs::read_to_string(&path).expect("the save is readable")
}
