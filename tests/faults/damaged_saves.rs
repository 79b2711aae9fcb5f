//! Class 4: saves that still parse but are damaged. Each is set aside with
//! a reason that says what is wrong (never a panic on load or on the first
//! move, never a spin), in the binary format the game writes and in the
//! JSON of format 1 it still reads, and a state that would make the
//! monsters' turn loop forever stops it with an error instead.

use fogcrawl_core::{Action, Game, Loaded, is_binary_save, load_save};
use serde_json::{Value, json};

use crate::fixtures::{binary_save_of, duel, duel_save_text, play, shipped};
use crate::timebox::must_finish;

/// How a load ended, as plain data to hand across the time box.
#[derive(Debug)]
pub(crate) enum Ending {
    SetAside { reason: String, kept: bool },
    Played,
    NoSave,
    Refused(String),
}

/// Writes `text` as a save, loads it and, if it loads, plays a few turns;
/// all within the time box.
pub(crate) fn load_and_play(text: Vec<u8>) -> Ending {
    must_finish("loading and playing a damaged save", move || {
        let dir = tempfile::tempdir().expect("a temp dir");
        let name = if is_binary_save(&text) {
            "save.bin"
        } else {
            "save.json"
        };
        let path = dir.path().join(name);
        std::fs::write(&path, text).expect("the save is written");
        match load_save(&path, &shipped()) {
            Loaded::Game(mut game) => {
                play(&mut game, 6);
                Ending::Played
            }
            Loaded::SetAside { reason, kept_as } => Ending::SetAside {
                reason,
                kept: kept_as.exists() && !path.exists(),
            },
            Loaded::Nothing => Ending::NoSave,
            Loaded::NotAFile(err) => Ending::Refused(err.to_string()),
        }
    })
}

/// A save of format 1 with its game edited.
pub(crate) fn damaged(edit: impl FnOnce(&mut Value)) -> Value {
    let mut save: Value = serde_json::from_str(&duel_save_text()).expect("a save is JSON");
    edit(&mut save["game"]);
    save
}

/// The damaged game is set aside for `because`, both as JSON and written
/// in the binary format.
pub(crate) fn assert_set_aside(save: Value, because: &str) {
    let binary = binary_save_of(&save).expect("the damage keeps the types, so it is a game");
    let json = serde_json::to_vec(&save).expect("JSON out");
    for (format, bytes) in [("JSON", json), ("binary", binary)] {
        match load_and_play(bytes) {
            Ending::SetAside { reason, kept } => {
                assert!(
                    reason.contains(because),
                    "expected '{because}' in the {format} save's reason: {reason}"
                );
                assert!(kept, "the damaged save is kept under its new name");
            }
            other => panic!("a {format} save with {because} was not set aside: {other:?}"),
        }
    }
}

#[test]
fn short_or_empty_cell_arrays_are_set_aside() {
    assert_set_aside(
        damaged(|g| g["remembered"] = json!([])),
        "the player's map memory holds 0 cells",
    );
    assert_set_aside(
        damaged(|g| {
            let cells = g["level"]["cells"].as_array_mut().expect("cells");
            cells.truncate(cells.len() / 2);
        }),
        "the level's terrain holds",
    );
    assert_set_aside(
        damaged(|g| g["factions"][0]["knowledge"]["believed"] = json!([])),
        "knowledge (beliefs) holds 0 cells",
    );
}

#[test]
fn impossible_hp_time_depth_positions_and_players_are_set_aside() {
    assert_set_aside(
        damaged(|g| g["actors"][0]["hp"] = json!(0)),
        &format!("the player has 0 of {} hp", fogcrawl_core::PLAYER_MAX_HP),
    );
    assert_set_aside(
        damaged(|g| g["time"] = json!(1e308)),
        "the game time is 1e308",
    );
    assert_set_aside(damaged(|g| g["depth"] = json!(9)), "depth 10 of a run of");
    assert_set_aside(
        damaged(|g| g["actors"][0]["pos"] = json!({"x": 500, "y": 1})),
        "the player at (500, 1) is off the 10x4 level",
    );
    assert_set_aside(
        damaged(|g| g["actors"][0]["species"] = json!({"Monster": 0})),
        "the player must be the first actor and the only one: there is none",
    );
    assert_set_aside(
        damaged(|g| g["actors"][1]["species"] = json!({"Monster": 99})),
        "monster 1 is of monster kind 99",
    );
    assert_set_aside(
        damaged(|g| g["level"]["items"] = json!([[{"x": 3, "y": 40}, "noisemaker"]])),
        "a noisemaker at (3, 40) is off the 10x4 level",
    );
}

/// A player the duel's goblin cannot kill within a turn's bound, so the
/// bound, not a death, ends the spin.
fn tough_player(game: &mut Game) {
    game.actor_mut(0).hp = 10_000_000;
    game.actor_mut(0).max_hp = 10_000_000;
}

/// The last few lines of the message log.
fn recent_log(game: &Game) -> String {
    let lines: Vec<String> = game.log().recent(3).map(|m| m.text.clone()).collect();
    lines.join("\n")
}

/// A game clock far ahead of the monsters': the player's turn comes only
/// after the monsters have caught up, one step at a time (a spin at 100%
/// CPU that ignored every key). The turn stops with an error instead.
#[test]
fn a_clock_far_ahead_stops_the_turn_with_an_error() {
    let log = must_finish("a turn with the clock far ahead", || {
        let mut game: Game = duel();
        tough_player(&mut game);
        game.set_time(1e308);
        let _ = game.player_act(Action::Wait);
        recent_log(&game)
    });
    assert!(
        log.contains("the monsters' turn was stopped after"),
        "{log}"
    );
}

/// A clock so large that a step does not move it: the same monster would
/// act forever. The turn stops with an error instead.
#[test]
fn a_clock_that_cannot_move_stops_the_turn_with_an_error() {
    let log = must_finish("a turn on a stuck clock", || {
        let mut game: Game = duel();
        tough_player(&mut game);
        for actor in game.actors_mut().iter_mut().skip(1) {
            actor.ready_at = 1e308;
        }
        // The player's wait ends at f64::MAX, after every monster step.
        game.set_time(f64::MAX);
        let _ = game.player_act(Action::Wait);
        recent_log(&game)
    });
    assert!(log.contains("the clock stood at 1.000e308"), "{log}");
}
