//! The game's rules, played headless: time is terrain, doors, combat,
//! determinism, the scripted player and saves.

use fogcrawl_core::{
    Action, Direction, Game, GameSetup, Loaded, Outcome, Refusal, SAVE_MAGIC, Terrain,
    encode_save_format, load_save, remove_save, run_sim, write_save,
};
use gridpath::Pos;

const DUEL: &str = "tests/fixtures/game/duel.toml";

/// The shipped config with every monster awake: these games test fights
/// and saves, not sleepers.
fn config() -> fogcrawl_core::MonsterConfig {
    fogcrawl_core::MonsterConfig::shipped()
        .expect("the shipped monster config loads")
        .all_awake()
}
const CORRIDOR: &str = "tests/fixtures/game/corridor.toml";

fn duel(seed: u64) -> Game {
    Game::new(&GameSetup::new(Some(DUEL), seed, config())).expect("the duel fixture loads")
}

#[test]
fn a_new_game_places_the_player_and_the_spawns() {
    let game = duel(1);
    assert_eq!(game.player().pos, Pos::new(1, 1));
    assert_eq!(game.living_monsters(), 1);
    assert_eq!(game.actors()[1].pos, Pos::new(8, 1));
    assert!(game.is_visible(Pos::new(2, 1)));
    assert!(game.is_remembered(Pos::new(2, 1)));
}

#[test]
fn moves_take_the_entered_terrains_time() {
    let mut game = Game::new(&GameSetup::new(Some(CORRIDOR), 1, config())).unwrap();
    game.player_act(Action::Move(Direction::East)).unwrap();
    assert_eq!(game.player().ready_at, 1.0, "floor costs 1");
    // Walking into the closed door opens it on the way: its cost is 2.
    game.player_act(Action::Move(Direction::East)).unwrap();
    assert_eq!(
        game.level().terrain_at(Pos::new(3, 1)),
        Some(Terrain::OpenDoor)
    );
    assert_eq!(game.player().ready_at, 3.0);
    game.player_act(Action::Move(Direction::East)).unwrap();
    assert_eq!(game.player().ready_at, 7.0, "swamp costs 4");
    game.player_act(Action::Move(Direction::East)).unwrap();
    assert_eq!(game.player().ready_at, 7.5, "road costs 0.5");
    game.player_act(Action::Move(Direction::East)).unwrap();
    game.player_act(Action::Move(Direction::East)).unwrap();
    game.player_act(Action::Descend).unwrap();
    assert!(
        matches!(game.outcome(), Some(Outcome::Won { .. })),
        "a one-level run ends on the stairs"
    );
}

#[test]
fn refused_actions_take_no_time() {
    let mut game = duel(1);
    assert_eq!(
        game.player_act(Action::Move(Direction::North)),
        Err(Refusal::Wall)
    );
    assert_eq!(game.player_act(Action::Descend), Err(Refusal::NoStairs));
    assert_eq!(
        game.player_act(Action::CloseDoor(Direction::East)),
        Err(Refusal::NoOpenDoor)
    );
    assert_eq!(game.player().ready_at, 0.0);
    game.player_act(Action::Move(Direction::East)).unwrap();
    assert_eq!(game.adjacent_doors(true), vec![Direction::East]);
    game.player_act(Action::OpenDoor(Direction::East)).unwrap();
    assert_eq!(game.adjacent_doors(false), vec![Direction::East]);
    game.player_act(Action::CloseDoor(Direction::East)).unwrap();
    assert_eq!(
        game.level().terrain_at(Pos::new(3, 1)),
        Some(Terrain::ClosedDoor)
    );
}

#[test]
fn the_goblin_comes_and_fights() {
    let mut game = duel(3);
    for _ in 0..40 {
        if game.is_over() {
            break;
        }
        game.player_act(Action::Wait).unwrap();
    }
    let fought = game.log().recent(200).any(|m| m.text.contains("goblin"));
    assert!(
        fought,
        "the goblin should reach and attack a waiting player"
    );
}

#[test]
fn same_seed_same_game() {
    let setup = GameSetup::new(Some("rooms"), 42, config());
    let a = run_sim(&setup, 300).unwrap();
    let b = run_sim(&setup, 300).unwrap();
    assert_eq!(a.deterministic_part(), b.deterministic_part());
    assert!(a.searches > 0, "monsters should have searched for paths");
    let other = run_sim(&GameSetup::new(Some("rooms"), 43, config()), 300).unwrap();
    assert_ne!(a.deterministic_part(), other.deterministic_part());
}

#[test]
fn the_autopilot_finds_the_stairs_of_a_small_level() {
    let report = run_sim(&GameSetup::new(Some(DUEL), 5, config()), 200).unwrap();
    assert!(
        report.outcome == "escaped the dungeon" || report.outcome.starts_with("died"),
        "{report}"
    );
}

#[test]
fn saves_round_trip_and_bad_saves_are_set_aside() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("save.json");
    let mut game = duel(9);
    game.player_act(Action::Move(Direction::East)).unwrap();
    // A goblin died here once: its kin remember where, across a save.
    game.faction_mut(0).mark_danger(Pos::new(5, 1), 1.0);
    write_save(&path, &game).unwrap();
    let Loaded::Game(loaded) = load_save(&path, &config()) else {
        panic!("the save should load");
    };
    assert_eq!(loaded.player().pos, game.player().pos);
    assert_eq!(loaded.time(), game.time());
    // What is saved comes back; plans are derived and rebuilt, so compare
    // the saved part of every actor.
    let saved = |g: &Game| {
        g.actors()
            .iter()
            .map(|a| {
                (
                    a.species,
                    a.pos,
                    a.hp,
                    a.ready_at.to_bits(),
                    a.brain.as_ref().map(|b| (b.mode, b.wander_target, b.noise)),
                )
            })
            .collect::<Vec<_>>()
    };
    assert_eq!(saved(&loaded), saved(&game));
    assert_eq!(loaded.factions().len(), game.factions().len());
    for (a, b) in loaded.factions().iter().zip(game.factions()) {
        assert_eq!(
            a.knowledge(),
            b.knowledge(),
            "faction {} keeps what it knows",
            a.name()
        );
        assert_eq!(
            a.influences(),
            b.influences(),
            "faction {} keeps its influence maps",
            a.name()
        );
    }
    assert!(
        loaded.factions()[0]
            .influences()
            .danger
            .value(Pos::new(5, 1))
            > 0.0
    );
    // The loaded game plays on.
    let mut resumed = *loaded;
    for _ in 0..10 {
        let _ = resumed.player_act(Action::Wait);
    }
    assert!(resumed.time() > game.time());

    std::fs::write(&path, b"{ not json").unwrap();
    match load_save(&path, &config()) {
        Loaded::SetAside { reason, kept_as } => {
            assert!(reason.contains("not a fogcrawl save"), "{reason}");
            assert!(kept_as.exists());
            assert!(!path.exists());
        }
        other => panic!("expected the corrupt save to be set aside, got {other:?}"),
    }
    std::fs::write(&path, br#"{"format": 999, "game": {}}"#).unwrap();
    match load_save(&path, &config()) {
        Loaded::SetAside { reason, .. } => assert!(reason.contains("save format 999"), "{reason}"),
        other => panic!("expected an incompatible save to be set aside, got {other:?}"),
    }
    assert!(matches!(
        load_save(&dir.path().join("none.json"), &config()),
        Loaded::Nothing
    ));
}

/// A game saved a few turns in, with a danger mark on its influence map.
fn played_duel() -> Game {
    let mut game = duel(9);
    game.player_act(Action::Move(Direction::East))
        .expect("the duel has room to the east");
    game.faction_mut(0).mark_danger(Pos::new(5, 1), 1.0);
    game
}

/// Everything a save holds, as JSON: two games with the same value here
/// are the same game as far as a save can tell.
fn saved_part(game: &Game) -> serde_json::Value {
    serde_json::to_value(game).expect("a game is JSON")
}

#[test]
fn a_saved_game_loads_back_identical() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("save.bin");
    let game = played_duel();
    write_save(&path, &game).unwrap();
    let bytes = std::fs::read(&path).unwrap();
    assert!(bytes.starts_with(SAVE_MAGIC));
    let Loaded::Game(loaded) = load_save(&path, &config()) else {
        panic!("the save should load");
    };
    assert_eq!(saved_part(&loaded), saved_part(&game));
    // Saving the loaded game writes the very same bytes.
    assert_eq!(encode_save_format(&loaded).unwrap(), bytes);
}

/// A save's JSON without the counters added after the format-1 fixture
/// was written (they load as 0 from it).
fn without_later_counters(mut saved: serde_json::Value) -> serde_json::Value {
    // Fields a later format added (the end of a run; gear and experience),
    // with defaults for old saves, and the monster kinds, which a load takes
    // from the config in force (the shipped one changed since the file was
    // written).
    if let Some(game) = saved.as_object_mut() {
        for field in [
            "start_depth",
            "assisted",
            "equipment",
            "experience",
            "kinds",
            "kind_factions",
            // Since format 4: stealth.
            "stealth",
        ] {
            game.remove(field);
        }
    }
    if let Some(stats) = saved["stats"].as_object_mut() {
        stats.remove("kills_by_kind");
        // Saved since format 4.
        stats.remove("player_turn_lengths");
        // Saved since format 5.
        stats.remove("level_starts");
    }
    // Format 4 saves the whole game: what a format-1 file holds is the
    // part kept here (a mind's mode and stroll, a faction's knowledge,
    // sighting, counters and influences); the rest loads as new.
    if let Some(game) = saved.as_object_mut() {
        for field in [
            "terrain_changes",
            "behaviour",
            "config_print",
            "recording",
            "tools",
        ] {
            game.remove(field);
        }
    }
    if let Some(actors) = saved["actors"].as_array_mut() {
        for actor in actors {
            if let Some(brain) = actor["brain"].as_object_mut() {
                brain.retain(|key, _| {
                    [
                        "mode",
                        "wander_target",
                        "wander_until",
                        "noise",
                        "loiter_until",
                    ]
                    .contains(&key.as_str())
                });
            }
        }
    }
    if let Some(factions) = saved["factions"].as_array_mut() {
        for faction in factions {
            if let Some(fields) = faction.as_object_mut() {
                fields.retain(|key, _| {
                    [
                        "name",
                        "knowledge",
                        "player_sighting",
                        "counters",
                        "decayed_at",
                        "influences",
                    ]
                    .contains(&key.as_str())
                });
            }
            if let Some(counters) = faction["counters"].as_object_mut() {
                counters.remove("views_cast");
                counters.remove("views_skipped");
                // Saved since format 5: far goals and their coarse plans.
                for counter in [
                    "far_plans",
                    "far_given_up",
                    "coarse_plans",
                    "coarse_expanded",
                    "coarse_cells_repaired",
                    "coarse_clusters_unpriced",
                ] {
                    counters.remove(counter);
                }
            }
            if let Some(layers) = faction["influences"].as_object_mut() {
                // Known caltrops: saved since format 4.
                layers.remove("hazards");
                for layer in layers.values_mut() {
                    if let Some(layer) = layer.as_object_mut() {
                        layer.remove("changed");
                    }
                }
            }
        }
    }
    saved
}

/// Where two JSON values differ, by path. Numbers count as equal within a
/// few units in the last place: the file's `f32` values were written
/// widened to `f64`, and reading that text back as `f64` may land a unit
/// away from the widened value.
fn json_differences(a: &serde_json::Value, b: &serde_json::Value, path: &str) -> Vec<String> {
    use serde_json::Value;
    match (a, b) {
        (Value::Number(x), Value::Number(y)) => {
            let as_f64 = |n: &serde_json::Number| n.as_f64().expect("JSON numbers are finite");
            let (x, y) = (as_f64(x), as_f64(y));
            if (x - y).abs() <= 1e-12 * x.abs().max(y.abs()) {
                Vec::new()
            } else {
                vec![format!("{path}: {x} against {y}")]
            }
        }
        (Value::Array(xs), Value::Array(ys)) if xs.len() == ys.len() => xs
            .iter()
            .zip(ys)
            .enumerate()
            .flat_map(|(i, (x, y))| json_differences(x, y, &format!("{path}[{i}]")))
            .collect(),
        (Value::Object(xs), Value::Object(ys)) => {
            let mut keys: Vec<&String> = xs.keys().chain(ys.keys()).collect();
            keys.sort_unstable();
            keys.dedup();
            keys.into_iter()
                .flat_map(|k| match (xs.get(k), ys.get(k)) {
                    (Some(x), Some(y)) => json_differences(x, y, &format!("{path}.{k}")),
                    _ => vec![format!("{path}.{k}: only on one side")],
                })
                .collect()
        }
        _ if a == b => Vec::new(),
        _ => vec![format!("{path}: {a} against {b}")],
    }
}

/// `tests/fixtures/game/duel-format1.json` was written in the JSON of
/// format 1 (the duel of `played_duel`, as an older build played it): such
/// saves still load, holding what the file says, and the next save replaces
/// them with the binary file.
#[test]
fn a_format_1_json_save_still_loads_and_the_next_save_replaces_it() {
    let dir = tempfile::tempdir().unwrap();
    let old = dir.path().join("save.json");
    std::fs::copy("tests/fixtures/game/duel-format1.json", &old).unwrap();
    let path = dir.path().join("save.bin");
    let Loaded::Game(loaded) = load_save(&path, &config()) else {
        panic!("the JSON save beside save.bin should load");
    };
    // The game it holds, as that file wrote it (the duel played by an
    // older build: what the game does today may differ, what the file
    // holds may not).
    let file: serde_json::Value = serde_json::from_slice(&std::fs::read(&old).unwrap()).unwrap();
    let differences = json_differences(
        &without_later_counters(saved_part(&loaded)),
        &without_later_counters(file["game"].clone()),
        "game",
    );
    assert!(differences.is_empty(), "{differences:#?}");
    assert!(old.exists(), "kept until the next save");
    write_save(&path, &loaded).unwrap();
    assert!(!old.exists(), "the next save replaces it");
    assert!(std::fs::read(&path).unwrap().starts_with(SAVE_MAGIC));
    // Named directly, a JSON save loads too, and the end of a game resumed
    // from one removes it (it must not come back).
    std::fs::copy("tests/fixtures/game/duel-format1.json", &old).unwrap();
    assert!(matches!(load_save(&old, &config()), Loaded::Game(_)));
    remove_save(&path);
    assert!(!old.exists() && !path.exists());
}

#[test]
fn damaged_binary_saves_are_set_aside_with_the_reason() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("save.bin");
    write_save(&path, &played_duel()).unwrap();
    let mut bytes = std::fs::read(&path).unwrap();
    let last = bytes.len() - 1;
    bytes[last] ^= 1;
    std::fs::write(&path, &bytes).unwrap();
    match load_save(&path, &config()) {
        Loaded::SetAside { reason, kept_as } => {
            assert!(
                reason.starts_with("it is damaged (its checksum"),
                "{reason}"
            );
            assert_eq!(kept_as, dir.path().join("save.bin.bad"));
            assert!(kept_as.exists() && !path.exists());
        }
        other => panic!("expected the damaged save to be set aside, got {other:?}"),
    }
    std::fs::write(&path, b"\x89PNG").unwrap();
    match load_save(&path, &config()) {
        Loaded::SetAside { reason, kept_as } => {
            assert!(reason.contains("not a fogcrawl save"), "{reason}");
            assert_eq!(kept_as, dir.path().join("save.bin.bad2"));
        }
        other => panic!("expected a foreign file to be set aside, got {other:?}"),
    }
}

#[test]
fn dying_ends_the_game_with_a_cause() {
    // Wait in place until something kills the player, on a crowded level.
    let mut game = Game::new(&GameSetup::new(Some("warrens"), 7, config())).unwrap();
    for _ in 0..5000 {
        if game.is_over() {
            break;
        }
        game.player_act(Action::Wait).unwrap();
    }
    match &game.outcome() {
        Some(Outcome::Died { cause, .. }) => assert!(cause.starts_with("killed by the ")),
        other => panic!("expected death on the warrens, got {other:?}"),
    }
    assert_eq!(game.player_act(Action::Wait), Err(Refusal::GameOver));
}
