//! Recordings (issue 26): what seeking back costs in a long game, and what
//! recording costs a sim.
//!
//! - `seek_back_1000_turns`: a replay of `horde` (the scripted player,
//!   undying) standing on turn 2,099 seeks to turn 1,099: the keyframe of
//!   turn 1,000 is copied and 99 turns are replayed, the worst case with a
//!   keyframe every 100 turns. Target: under 200 ms.
//! - `sim_300_turns` and `sim_300_turns_recorded`: the same 300-turn sim
//!   of `horde` without and with a recording written (and flushed every
//!   turn) to a temporary file. Target: under 2% apart.
//!
//! Run: `cargo bench --bench replay`

use std::path::PathBuf;
use std::sync::LazyLock;

use divan::Bencher;
use fogcrawl_core::{
    ConfigSource, DEFAULT_HASH_EVERY, GameSetup, Header, MonsterConfig, RecordTo, Replayer,
    run_sim_recorded,
};

const LEVEL: &str = "horde";
/// The long game's length, and where seeking starts and ends.
const LONG_GAME: u64 = 2_200;
const FROM: u64 = 2_099;
const TO: u64 = 1_099;
/// The sims compared.
const SIM_TURNS: u64 = 300;

fn setup() -> GameSetup {
    let config = MonsterConfig::shipped().expect("the shipped config loads");
    let mut setup = GameSetup::new(Some(LEVEL), 1, config);
    setup.run = vec![LEVEL.to_owned()];
    setup.start_depth = 0;
    setup.undying_player = true;
    setup
}

static DIR: LazyLock<tempfile::TempDir> =
    LazyLock::new(|| tempfile::tempdir().expect("a temp dir"));

fn record_to(name: &str) -> RecordTo {
    RecordTo {
        path: DIR.path().join(name),
        header: Header::new_game(&setup(), &ConfigSource::BuiltIn, DEFAULT_HASH_EVERY),
    }
}

/// The long game's recording.
static LONG: LazyLock<PathBuf> = LazyLock::new(|| {
    let to = record_to("long.fcrec");
    let (report, _, failure) =
        run_sim_recorded(&setup(), LONG_GAME, None, Some(&to)).expect("horde plays");
    assert_eq!(failure, None);
    assert!(report.turns > FROM, "the undying player plays on");
    let size = std::fs::metadata(&to.path).map_or(0, |m| m.len());
    println!("{LONG_GAME}-turn horde recording: {size} bytes");
    to.path
});

fn main() {
    divan::main();
}

#[divan::bench(sample_count = 10, sample_size = 1)]
fn seek_back_1000_turns(bencher: Bencher) {
    let mut replayer = Replayer::open(&LONG).expect("it reads");
    replayer
        .seek(LONG_GAME)
        .expect("to the end: every keyframe made");
    // Forward to the start point between samples (not timed), back in them.
    let replayer = std::cell::RefCell::new(replayer);
    bencher
        .with_inputs(|| replayer.borrow_mut().seek(FROM).expect("forward"))
        .bench_local_values(|()| {
            let mut replayer = replayer.borrow_mut();
            replayer.seek(TO).expect("back");
            assert_eq!(replayer.turn(), TO);
        });
}

#[divan::bench(sample_count = 10, sample_size = 1)]
fn sim_300_turns() {
    run_sim_recorded(&setup(), SIM_TURNS, None, None).expect("horde plays");
}

#[divan::bench(sample_count = 10, sample_size = 1)]
fn sim_300_turns_recorded() {
    let to = record_to("sim.fcrec");
    run_sim_recorded(&setup(), SIM_TURNS, None, Some(&to)).expect("horde plays");
}
