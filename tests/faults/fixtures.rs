//! What the fault tests start from: the shipped config, the duel level (a
//! player, a door and one goblin), real saves of it (the binary format the
//! game writes, and the JSON of format 1 that it still reads), and a few
//! turns of play.

use std::path::{Path, PathBuf};

use fogcrawl_core::{
    Action, Direction, Game, GameSetup, LEGACY_FORMAT, MonsterConfig, encode_save_format,
    write_save,
};

pub(crate) const DUEL: &str = "tests/fixtures/game/duel.toml";

pub(crate) fn shipped_path() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("levels/monsters.toml")
}

pub(crate) fn shipped_text() -> String {
    std::fs::read_to_string(shipped_path()).expect("the shipped config is readable")
}

pub(crate) fn shipped() -> MonsterConfig {
    MonsterConfig::load(&shipped_path()).unwrap_or_else(|e| panic!("{e}"))
}

pub(crate) fn duel() -> Game {
    Game::new(&GameSetup::new(Some(DUEL), 1, shipped())).expect("the duel loads")
}

/// A few turns of waiting and stepping; refusals are fine, panics are not.
pub(crate) fn play(game: &mut Game, turns: usize) {
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

/// The duel after two turns.
fn duel_played() -> Game {
    let mut game = duel();
    play(&mut game, 2);
    game
}

/// The bytes of a real save of the duel after two turns, as the game
/// writes it (the binary format).
pub(crate) fn duel_save_bytes() -> Vec<u8> {
    let dir = tempfile::tempdir().expect("a temp dir");
    let path = dir.path().join("save.bin");
    write_save(&path, &duel_played()).expect("the save is written");
    std::fs::read(&path).expect("the save is readable")
}

/// The text of a save of the duel after two turns in the JSON of format 1,
/// as older versions wrote it.
pub(crate) fn duel_save_text() -> String {
    json_save(&duel_played())
}

/// `game` as a save of format 1: `{"format": 1, "game": ...}`.
pub(crate) fn json_save(game: &Game) -> String {
    let game = serde_json::to_value(game).expect("a game is JSON");
    serde_json::json!({ "format": LEGACY_FORMAT, "game": game }).to_string()
}

/// A save in the binary format of the game in `save` (a format-1 JSON
/// value, edited perhaps), or `None` if it is no longer a game at all.
pub(crate) fn binary_save_of(save: &serde_json::Value) -> Option<Vec<u8>> {
    let game: Game = serde_json::from_value(save.get("game")?.clone()).ok()?;
    Some(encode_save_format(&game).expect("a game encodes"))
}
