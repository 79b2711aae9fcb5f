//! Recordings: a game written as it goes, read back, replayed exactly,
//! checked turn by turn, and refused clearly when it is damaged, cut short
//! or made by another build.

use std::path::{Path, PathBuf};

use fogcrawl_core::{
    Action, ConfigSource, DEFAULT_HASH_EVERY, Ending, Event, Game, GameSetup, Header,
    RECORDING_MAGIC, RecordTo, RecordingError, Replayer, read_recording, run_sim_recorded,
};

fn config() -> fogcrawl_core::MonsterConfig {
    fogcrawl_core::MonsterConfig::shipped().expect("the shipped monster config loads")
}

fn setup(level: &str, seed: u64) -> GameSetup {
    let mut setup = GameSetup::new(Some(level), seed, config());
    setup.run = vec![level.to_owned()];
    setup.start_depth = 0;
    setup
}

/// Records a sim of `turns` turns on `level` into `dir`, with a hash
/// every `every` turns.
fn record(dir: &Path, level: &str, seed: u64, turns: u64, every: u64) -> PathBuf {
    let setup = setup(level, seed);
    let path = dir.join(format!("{level}-{seed}.fcrec"));
    let to = RecordTo {
        path: path.clone(),
        header: Header::new_game(&setup, &ConfigSource::BuiltIn, every),
    };
    let (report, _, failure) =
        run_sim_recorded(&setup, turns, None, Some(&to)).expect("the level plays");
    assert_eq!(failure, None);
    assert!(report.turns > 0);
    path
}

#[test]
fn a_recorded_sim_replays_and_verifies_every_turn() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let path = record(dir.path(), "rooms", 3, 150, 25);
    let recording = read_recording(&path).expect("it reads back");
    assert_eq!(recording.ending, Ending::Complete);
    assert_eq!(recording.header.seed, 3);
    assert!(
        recording
            .events
            .iter()
            .filter(|e| matches!(e, Event::Hash { .. }))
            .count()
            >= 6,
        "a hash at the start and every 25 turns"
    );
    let mut replayer = Replayer::open(&path).expect("it starts again");
    let verified = replayer.verify().expect("it replays as it was played");
    // The replayed game is the sim's game (which may end before its 150
    // turns: the player can escape).
    let mut game = Game::new(&setup("rooms", 3)).expect("the level loads");
    let mut pilot = fogcrawl_core::Autopilot::new();
    while game.stats().player_turns() < 150 && !game.is_over() {
        let action = pilot.choose(&game);
        if game.player_act(action).is_err() {
            let _ = game.player_act(Action::Wait);
        }
    }
    assert!(verified.turns >= 100, "{} turns", verified.turns);
    assert_eq!(verified.turns, game.stats().player_turns());
    assert_eq!(replayer.game().state_hash(), game.state_hash());
    assert_eq!(replayer.game().player().pos, game.player().pos);
}

#[test]
fn a_300_turn_horde_recording_is_small() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let path = record(dir.path(), "horde", 1, 300, DEFAULT_HASH_EVERY);
    let size = std::fs::metadata(&path).expect("written").len();
    assert!(size < 100_000, "{size} bytes");
}

#[test]
fn seeking_back_to_a_keyframe_gives_the_same_game_as_playing_there() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let path = record(dir.path(), "rooms", 5, 200, 20);
    let mut straight = Replayer::open(&path).expect("it starts");
    straight.seek(130).expect("forward");
    let expected = straight.game().state_hash();
    let mut seeker = Replayer::open(&path).expect("it starts");
    seeker.seek(200).expect("to the end");
    // The game may end (the player dies) before turn 200.
    let end = seeker.turn();
    assert!(end > 130, "the game lasted {end} turns");
    seeker.seek(130).expect("back to a keyframe and on");
    assert_eq!(seeker.turn(), 130);
    assert_eq!(seeker.game().state_hash(), expected);
    seeker.seek(47).expect("back between keyframes");
    seeker.seek(200).expect("and forward again");
    assert_eq!(seeker.divergence().map(ToString::to_string), None);
    assert_eq!(seeker.verify().expect("no difference").turns, end);
}

#[test]
fn past_the_byte_budget_keyframes_are_taken_less_often_and_thinned_and_seeking_stays_exact() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let path = record(dir.path(), "rooms", 5, 200, 20);
    let mut straight = Replayer::open(&path).expect("it starts");
    straight.seek(150).expect("forward");
    let expected = straight.game().state_hash();
    let mut seeker = Replayer::open(&path).expect("it starts");
    seeker.limit_keyframe_bytes(1);
    seeker.seek(200).expect("to the end");
    let kept = seeker.keyframe_turns();
    assert_eq!(
        kept,
        vec![0, 128],
        "spacing 16 (KEYFRAME_EVERY), doubled each time past the budget, and the differences off the new spacing dropped (all but the newest; the anchor at 0 stays)"
    );
    seeker.seek(150).expect("back");
    assert_eq!(seeker.game().state_hash(), expected);
}

#[test]
fn tracing_a_monster_as_the_overlay_does_changes_nothing() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let path = record(dir.path(), "rooms", 7, 120, 20);
    let mut replayer = Replayer::open(&path).expect("it starts");
    let mut traced = 0;
    while replayer.step().expect("a step") {
        let game = replayer.game_mut();
        let living = (1..game.actors().len()).find(|&i| game.actors()[i].is_alive());
        if let Some(monster) = living {
            game.set_traced_monster(Some(monster));
            if game.trace_monster_now(monster) {
                traced += 1;
            }
        }
    }
    assert!(traced > 0, "some monster was traced");
    assert_eq!(replayer.divergence().map(ToString::to_string), None);
}

#[test]
fn a_changed_action_is_found_on_the_turn_it_changed() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let path = record(dir.path(), "rooms", 3, 120, 50);
    let mut recording = read_recording(&path).expect("it reads");
    // Turn 60's action becomes something else.
    let index = recording
        .events
        .iter()
        .position(|e| matches!(e, Event::Act { turn: 60, .. }))
        .expect("turn 60 was played");
    let Event::Act {
        turn,
        check,
        action,
    } = recording.events[index].clone()
    else {
        unreachable!("found as an action");
    };
    let other = if action == Action::Wait {
        Action::Move(fogcrawl_core::Direction::North)
    } else {
        Action::Wait
    };
    recording.events[index] = Event::Act {
        turn,
        action: other,
        check,
    };
    let mut replayer = Replayer::new(&path, recording).expect("it starts");
    let err = replayer.verify().expect_err("it differs");
    assert!(
        matches!(err, RecordingError::Diverged { turn: 61, .. }),
        "{err}"
    );
}

/// Issue 35: verification stops at the first difference, not at the end
/// of the turn it is in (a crafted recording can pile any number of
/// events, each a whole state hash, into one turn).
#[test]
fn verification_stops_at_the_first_difference() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let path = record(dir.path(), "rooms", 3, 30, 10);
    let mut recording = read_recording(&path).expect("it reads");
    let Some(Event::Hash { turn: 0, hash }) = recording.events.first().cloned() else {
        panic!("a recording starts with the state's hash");
    };
    recording.events[0] = Event::Hash {
        turn: 0,
        hash: hash ^ 1,
    };
    let mut replayer = Replayer::new(&path, recording).expect("it starts");
    let err = replayer.verify().expect_err("it differs");
    assert!(
        matches!(err, RecordingError::Diverged { turn: 0, .. }),
        "{err}"
    );
    assert_eq!(
        replayer.turn(),
        0,
        "the player's first action was replayed after the difference"
    );
}

#[test]
fn a_truncated_recording_replays_up_to_where_it_ends() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let path = record(dir.path(), "rooms", 3, 100, 25);
    let bytes = std::fs::read(&path).expect("read");
    std::fs::write(&path, &bytes[..bytes.len() - 5]).expect("cut");
    let recording = read_recording(&path).expect("the header is whole");
    assert_eq!(recording.ending, Ending::Truncated);
    let mut replayer = Replayer::new(&path, recording).expect("it starts");
    let err = replayer.verify().expect_err("cut short");
    assert!(matches!(err, RecordingError::Truncated { .. }), "{err}");
    assert!(
        err.to_string().contains("is cut short after turn 100"),
        "{err}"
    );
    assert_eq!(
        replayer.turn(),
        100,
        "every whole turn replayed (the hash after it was cut)"
    );
    // Cut inside the header: one clear error.
    std::fs::write(&path, &bytes[..40]).expect("cut");
    let err = read_recording(&path).expect_err("no header");
    assert!(
        err.to_string().contains("header is damaged or cut short"),
        "{err}"
    );
}

#[test]
fn a_damaged_recording_says_where() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let path = record(dir.path(), "rooms", 3, 100, 25);
    let mut bytes = std::fs::read(&path).expect("read");
    // The last byte is the last record's payload (a record is its length,
    // its checksum, then its payload, and the file ends with a whole one):
    // flipped, that record fails its checksum. A byte some way back could
    // fall in a record's length and read as a cut, as it did once the
    // monsters' moves changed how long the records are.
    let last = bytes.len() - 1;
    bytes[last] ^= 0xff;
    std::fs::write(&path, &bytes).expect("damaged");
    let mut replayer = Replayer::open(&path).expect("the header is whole");
    let err = replayer.verify().expect_err("damaged");
    assert!(matches!(err, RecordingError::Damaged { .. }), "{err}");
    assert!(err.to_string().contains("fails its checksum"), "{err}");
    // Not a recording at all.
    std::fs::write(&path, b"hello").expect("written");
    let err = Replayer::open(&path).expect_err("not a recording");
    assert!(
        err.to_string().contains("is not a fogcrawl recording"),
        "{err}"
    );
}

#[test]
fn another_version_or_another_level_is_refused() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let path = record(dir.path(), "rooms", 3, 20, 25);
    let mut recording = read_recording(&path).expect("it reads");
    recording.header.build_version = "0.0.1".to_owned();
    let err = Replayer::new(&path, recording.clone()).expect_err("another build");
    assert!(
        err.to_string()
            .contains("was recorded by fogcrawl 0.0.1; this is fogcrawl"),
        "{err}"
    );
    recording.header.build_version = env!("CARGO_PKG_VERSION").to_owned();
    recording.header.levels[0].hash ^= 1;
    let err = Replayer::new(&path, recording).expect_err("another level file");
    assert!(matches!(err, RecordingError::LevelDiffers { .. }), "{err}");
    // Another format version.
    let mut bytes = std::fs::read(&path).expect("read");
    bytes[RECORDING_MAGIC.len()] = 9;
    std::fs::write(&path, &bytes).expect("written");
    let err = read_recording(&path).expect_err("another format");
    assert!(
        err.to_string()
            .contains("is a recording of format 9; this fogcrawl reads format 1"),
        "{err}"
    );
}

#[test]
fn a_resumed_save_is_recorded_from_where_it_was_resumed() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    // Undying: a dead player's game is not saved (the save would be set
    // aside as inconsistent), and whether the scripted player lives 40
    // turns is beside the point here.
    let mut setup = setup("rooms", 11);
    setup.undying_player = true;
    let mut game = Game::new(&setup).expect("loads");
    let mut pilot = fogcrawl_core::Autopilot::new();
    let mut play = |game: &mut Game, turns: u64| {
        while game.stats().player_turns() < turns && !game.is_over() {
            let action = pilot.choose(game);
            if game.player_act(action).is_err() {
                let _ = game.player_act(Action::Wait);
            }
        }
    };
    play(&mut game, 40);
    let save = dir.path().join("save.bin");
    fogcrawl_core::write_save(&save, &game).expect("saved");
    let loaded = fogcrawl_core::load_save(&save, &config());
    let fogcrawl_core::Loaded::Game(resumed) = loaded else {
        if let fogcrawl_core::Loaded::SetAside { reason, .. } = loaded {
            panic!("the save loads: {reason}");
        }
        panic!("the save loads");
    };
    let mut resumed = *resumed;
    let path = dir.path().join("resumed.fcrec");
    let header = Header::resumed(&resumed, &ConfigSource::BuiltIn, 10).expect("the game encodes");
    let mut recorder =
        fogcrawl_core::Recorder::start(&path, &header, &mut resumed).expect("starts");
    play(&mut resumed, 100);
    recorder.catch_up(&mut resumed);
    let mut replayer = Replayer::open(&path).expect("it starts from the save");
    assert_eq!(replayer.first_turn(), 40);
    let verified = replayer.verify().expect("it replays");
    // Every turn played since the resume, however many the game lasted
    // (the scripted player may fall before turn 100).
    let played = resumed.stats().player_turns() - 40;
    assert!(played > 0, "turns were played after the resume");
    assert_eq!(verified.turns, played);
    assert_eq!(replayer.game().state_hash(), resumed.state_hash());
}

/// Plays `turns` more turns of `game` with the scripted player.
fn play_on(game: &mut Game, pilot: &mut fogcrawl_core::Autopilot, turns: u64) {
    let until = game.stats().player_turns() + turns;
    while game.stats().player_turns() < until && !game.is_over() {
        let action = pilot.choose(game);
        if game.player_act(action).is_err() {
            let _ = game.player_act(Action::Wait);
        }
    }
}

#[test]
fn a_config_reload_is_recorded_and_replayed_or_refused_when_it_was_not_captured() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let mut setup = setup("rooms", 9);
    // The scripted player must live the 50 turns the test records (with
    // sleepers and sneaking, this seed's dies on turn 7).
    setup.undying_player = true;
    let mut game = Game::new(&setup).expect("loads");
    let path = dir.path().join("reload.fcrec");
    let header = Header::new_game(&setup, &ConfigSource::BuiltIn, 10);
    let mut recorder = fogcrawl_core::Recorder::start(&path, &header, &mut game).expect("starts");
    let mut pilot = fogcrawl_core::Autopilot::new();
    play_on(&mut game, &mut pilot, 25);
    // Every faction twice as fast from turn 25.
    let text = fogcrawl_core::SHIPPED_CONFIG.replace("speed = 1.", "speed = 2.");
    let faster = fogcrawl_core::MonsterConfig::parse(Path::new("monsters.toml"), &text)
        .expect("still valid");
    assert_ne!(faster, config());
    game.apply_config(faster).expect("applies");
    recorder.config_reloaded(&mut game, Some(text));
    play_on(&mut game, &mut pilot, 25);
    recorder.catch_up(&mut game);
    let mut replayer = Replayer::open(&path).expect("it reads");
    assert_eq!(replayer.verify().expect("as played").turns, 50);
    assert_eq!(replayer.game().state_hash(), game.state_hash());

    // A reload whose text could not be read back stops the replay there.
    let mut recording = read_recording(&path).expect("it reads");
    for event in &mut recording.events {
        if let Event::Config { text, .. } = event {
            *text = None;
        }
    }
    let mut replayer = Replayer::new(&path, recording).expect("it starts");
    let err = replayer.verify().expect_err("no config to go on with");
    assert!(
        matches!(err, RecordingError::ConfigMissing { turn: 25, .. }),
        "{err}"
    );
    assert_eq!(replayer.turn(), 25);
}
