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

use fogcrawl_core::{
    Action, Game, GameSetup, Loaded, MonsterConfig, SAVE_FORMAT, decode_save_format as decode,
    encode_save_format as encode, load_save,
};

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

/// Format 3 saved a monster's mode and stroll but not its plans, alerts or
/// its faction's searches: such a save still loads, and the game goes on
/// with forgetful monsters (docs/SAVES.md).
#[test]
fn a_committed_save_of_format_3_still_loads_with_forgetful_monsters() {
    let committed = std::fs::read(fixture(3)).expect("the format-3 fixture is committed");
    assert_eq!(&committed[14..18], &3u32.to_le_bytes(), "it is of format 3");
    let dir = tempfile::tempdir().expect("a temporary folder");
    let copy = dir.path().join("save.bin");
    std::fs::write(&copy, &committed).expect("the copy is written");
    let mut game = match load_save(&copy, &config()) {
        Loaded::Game(game) => game,
        Loaded::SetAside { reason, .. } => panic!("the format-3 save is set aside: {reason}"),
        Loaded::Nothing => panic!("the format-3 save is not found"),
        Loaded::NotAFile(err) => panic!("the format-3 save is not a file: {err}"),
    };
    assert_eq!(game.seed(), 1);
    assert_eq!(game.stats().player_turns(), FIXTURE_TURNS);
    assert_eq!(game.actors().len(), 2, "the player and the goblin");
    let goblin = game.actors()[1]
        .brain
        .as_ref()
        .expect("the goblin has a mind");
    assert!(
        goblin.plan.is_empty() && goblin.alert.is_none(),
        "a format-3 save held no plan or alert"
    );
    // It plays on, and saves in the current format.
    game.player_act(Action::Wait).expect("waiting is allowed");
    let again = encode(&game).expect("it encodes");
    assert_eq!(&again[14..18], &SAVE_FORMAT.to_le_bytes());
}

/// Format 5 held neither how a search ended in flight or at a noise nor
/// what a plan's coarse waypoints cost: such a save loads with those at 0
/// and every other saved thing as it was, plays on, and saves in the current
/// format (docs/SAVES.md).
/// The committed fixture of an older `format`, loaded as a player's save.
fn load_committed(format: u32) -> Box<Game> {
    let committed = std::fs::read(fixture(format)).expect("the older fixture is committed");
    assert_eq!(
        &committed[14..18],
        &format.to_le_bytes(),
        "it is of format {format}"
    );
    let dir = tempfile::tempdir().expect("a temporary folder");
    let copy = dir.path().join("save.bin");
    std::fs::write(&copy, &committed).expect("the copy is written");
    match load_save(&copy, &config()) {
        Loaded::Game(game) => game,
        Loaded::SetAside { reason, .. } => {
            panic!("the format-{format} save is set aside: {reason}")
        }
        Loaded::Nothing => panic!("the format-{format} save is not found"),
        Loaded::NotAFile(err) => panic!("the format-{format} save is not a file: {err}"),
    }
}

#[test]
fn a_committed_save_of_format_5_still_loads_and_plays_on() {
    let mut game = load_committed(5);
    let unbroken = fixture_game();
    assert_eq!(game.seed(), 1);
    assert_eq!(game.stats().player_turns(), FIXTURE_TURNS);
    assert_eq!(game.time(), unbroken.time(), "the clock as it was saved");
    assert_eq!(
        game.actors().len(),
        unbroken.actors().len(),
        "the player and the goblin"
    );
    let goblin = game.actors()[1]
        .brain
        .as_ref()
        .expect("the goblin has a mind");
    assert_eq!(
        goblin.coarse_route_cost, 0.0,
        "a format-5 save held no coarse cost"
    );
    game.player_act(Action::Wait).expect("waiting is allowed");
    let again = encode(&game).expect("it encodes");
    assert_eq!(&again[14..18], &SAVE_FORMAT.to_le_bytes());
}

/// Format 6 held neither the queue for a cell next to the player nor how
/// long a hunter had stood without striking: such a save loads with nobody
/// queued and no turns held, every other saved thing as it was, plays on,
/// and saves in the current format (docs/SAVES.md).
#[test]
fn a_committed_save_of_format_6_still_loads_and_plays_on() {
    let mut game = load_committed(6);
    let unbroken = fixture_game();
    assert_eq!(game.seed(), 1);
    assert_eq!(game.stats().player_turns(), FIXTURE_TURNS);
    assert_eq!(game.time(), unbroken.time(), "the clock as it was saved");
    let goblin = game.actors()[1]
        .brain
        .as_ref()
        .expect("the goblin has a mind");
    let kept = unbroken.actors()[1].brain.as_ref().expect("a mind");
    assert_eq!(goblin.held_turns, 0, "a format-6 save held no turns held");
    assert_eq!(
        (goblin.mode, goblin.goal, goblin.plan.clone()),
        (kept.mode, kept.goal, kept.plan.clone()),
        "the rest of its mind as it was saved"
    );
    game.player_act(Action::Wait).expect("waiting is allowed");
    let again = encode(&game).expect("it encodes");
    assert_eq!(&again[14..18], &SAVE_FORMAT.to_le_bytes());
}

/// Format 7 held neither the longest frozen hunt in player turns (a
/// behaviour counter) nor the player turn a monster's frozen run began:
/// such a save loads with every monster's mind as it was saved (format 8
/// added nothing to a mind), plays on as the unbroken game does, and
/// saves in the current format (docs/SAVES.md).
#[test]
fn a_committed_save_of_format_7_still_loads_and_plays_on() {
    loads_as_saved_and_plays_on(7);
}

/// Format 8 held not which clusters of a faction's coarse graph were
/// priced: such a save loads with none priced (the duel's goblins never
/// planned far, so none were), every mind as it was saved, plays on as the
/// unbroken game does, and saves in the current format (docs/SAVES.md).
#[test]
fn a_committed_save_of_format_8_still_loads_and_plays_on() {
    loads_as_saved_and_plays_on(8);
}

/// Format 9 held neither the longest frozen hunt with a way in (a
/// behaviour counter) nor the player turn a monster's such run began: such
/// a save loads with every mind as it was saved (format 10 added nothing
/// to a mind), plays on as the unbroken game does, and saves in the
/// current format (docs/SAVES.md).
#[test]
fn a_committed_save_of_format_9_still_loads_and_plays_on() {
    loads_as_saved_and_plays_on(9);
}

/// Format 10 held not the moves that went round three cells (a pack
/// counter): such a save loads with every mind as it was saved (format 11
/// added nothing to a mind), plays on as the unbroken game does, and saves
/// in the current format (docs/SAVES.md).
#[test]
fn a_committed_save_of_format_10_still_loads_and_plays_on() {
    loads_as_saved_and_plays_on(10);
}

/// The committed save of `format` loads with the clock and every mind as
/// the unbroken fixture game has them, plays five turns on as that game
/// does, and saves in the current format.
fn loads_as_saved_and_plays_on(format: u32) {
    let mut game = load_committed(format);
    let mut unbroken = fixture_game();
    assert_eq!(game.seed(), 1);
    assert_eq!(game.stats().player_turns(), FIXTURE_TURNS);
    assert_eq!(game.time(), unbroken.time(), "the clock as it was saved");
    assert_eq!(
        game.actors(),
        unbroken.actors(),
        "every mind as it was saved"
    );
    for _ in 0..5 {
        let a = unbroken.player_act(Action::Wait);
        let b = game.player_act(Action::Wait);
        assert_eq!(a, b);
        assert_eq!(game.actors(), unbroken.actors());
    }
    let again = encode(&game).expect("it encodes");
    assert_eq!(&again[14..18], &SAVE_FORMAT.to_le_bytes());
}

/// The fixture of the current format holds the goblin's whole mind, and a
/// game loaded from it plays on exactly as the unbroken game.
#[test]
fn the_committed_save_resumes_exactly_where_the_unbroken_game_is() {
    let committed = std::fs::read(fixture(SAVE_FORMAT)).expect("the fixture is committed");
    let dir = tempfile::tempdir().expect("a temporary folder");
    let copy = dir.path().join("save.bin");
    std::fs::write(&copy, &committed).expect("the copy is written");
    let Loaded::Game(mut resumed) = load_save(&copy, &config()) else {
        panic!("the committed save loads");
    };
    let mut unbroken = fixture_game();
    assert_eq!(
        resumed.actors(),
        unbroken.actors(),
        "every mind as it was saved"
    );
    for _ in 0..20 {
        if unbroken.is_over() {
            break;
        }
        let a = unbroken.player_act(Action::Wait);
        let b = resumed.player_act(Action::Wait);
        assert_eq!(a, b);
        assert_eq!(resumed.actors(), unbroken.actors());
        assert_eq!(resumed.time(), unbroken.time());
    }
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
