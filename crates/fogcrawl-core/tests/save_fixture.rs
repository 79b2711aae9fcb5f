//! Saves that cannot break silently. `postcard` is not self-describing, so
//! adding, removing or retyping a field of any saved type changes the save
//! format without a compiler error. A save of the current format is
//! committed beside this test; the test loads it the way the game does and
//! encodes it again, which must give back the very same bytes.
//!
//! The policy (docs/SAVES.md): a change that breaks this test bumps
//! `SAVE_FORMAT`, and the old format's fixture stays and keeps passing: it
//! either still loads, or its test asserts that it is set aside with a
//! message naming the format. Then a fixture of the new format is added:
//! `FOGCRAWL_WRITE_SAVE_FIXTURE=1 cargo test -p fogcrawl-core --test save_fixture`
//! writes `tests/fixtures/save-format-N.bin` for the current format N.

use std::path::{Path, PathBuf};

use fogcrawl_core::config::MonsterConfig;
use fogcrawl_core::game::action::Action;
use fogcrawl_core::game::save::format::{SAVE_FORMAT, decode, encode};
use fogcrawl_core::game::save::{Loaded, load_save};
use fogcrawl_core::game::{Game, GameSetup};

/// How many turns the fixture's game was played (waiting) before saving.
const FIXTURE_TURNS: u64 = 12;

fn fixture(format: u32) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join(format!("tests/fixtures/save-format-{format}.bin"))
}

fn config() -> MonsterConfig {
    MonsterConfig::shipped().expect("the shipped config")
}

/// The fixture's game: the duel corridor (a door, a swamp cell, a road and a
/// goblin), seed 1, a dozen turns waited so the goblin has seen and moved.
/// The level path is relative (tests run in this package's folder), so no
/// machine's path is written into the committed file.
fn fixture_game() -> Game {
    let setup = GameSetup::new(Some("../../tests/fixtures/game/duel.toml"), 1, config());
    let mut game = Game::new(&setup).expect("the duel level plays");
    for _ in 0..FIXTURE_TURNS {
        if game.is_over() {
            break;
        }
        game.player_act(Action::Wait)
            .expect("waiting is always allowed");
    }
    game
}

#[test]
fn the_committed_save_of_the_current_format_loads_and_encodes_to_the_same_bytes() {
    let path = fixture(SAVE_FORMAT);
    if std::env::var_os("FOGCRAWL_WRITE_SAVE_FIXTURE").is_some() && !path.exists() {
        let bytes = encode(&fixture_game()).expect("the fixture game encodes");
        std::fs::write(&path, bytes).expect("the fixture is written");
    }
    let committed = std::fs::read(&path).unwrap_or_else(|err| {
        panic!(
            "{}: {err}. SAVE_FORMAT is {SAVE_FORMAT}: a format change needs a fixture of the new \
             format (FOGCRAWL_WRITE_SAVE_FIXTURE=1, see docs/SAVES.md)",
            path.display()
        )
    });

    // Loaded the way the game loads a save: decoded, checked, set up.
    let dir = tempfile::tempdir().expect("a temporary folder");
    let copy = dir.path().join("save.bin");
    std::fs::write(&copy, &committed).expect("the copy is written");
    let game = match load_save(&copy, &config()) {
        Loaded::Game(game) => game,
        Loaded::SetAside { reason, .. } => panic!("the committed save is set aside: {reason}"),
        Loaded::Nothing => panic!("the committed save is not found"),
        Loaded::NotAFile(err) => panic!("the committed save is not a file: {err}"),
    };
    assert_eq!(game.seed(), 1);
    assert_eq!(game.stats().player_turns(), FIXTURE_TURNS);
    assert_eq!((game.level().width(), game.level().height()), (10, 4));
    assert_eq!(game.actors().len(), 2, "the player and the goblin");

    // Every byte accounted for: the same game encodes to the same file. A
    // field added to (or removed from) a saved type fails here.
    let decoded = decode(&committed).expect("the committed save decodes");
    let again = encode(&decoded).expect("it encodes");
    assert!(
        again == committed,
        "the save format changed ({} bytes now, {} committed): bump SAVE_FORMAT and follow docs/SAVES.md",
        again.len(),
        committed.len()
    );
}

#[test]
fn a_new_game_of_the_fixtures_recipe_encodes_the_same_way_twice() {
    let first = encode(&fixture_game()).expect("encodes");
    let second = encode(&fixture_game()).expect("encodes");
    assert_eq!(
        first, second,
        "encoding must be deterministic for the fixture test to mean anything"
    );
}
