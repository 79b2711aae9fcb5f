//! Replays at scale (issue 35): a 1,200-turn recording of `colossus`
//! (1024x1024, 1,000 monsters; the scripted player, undying), replayed to
//! its end, then stepped back 100 turns at a time. Keyframes are saves, so
//! the replay's memory is its game and a megabyte or so a keyframe.
//! Targets: under 300 MB resident at the most, each step back under 200 ms.
//! Each step's processor time (all threads) is printed beside its time on
//! the clock, which a busy machine inflates.
//!
//! The recording is made by a child process (the same binary), so the peak
//! printed is the replay's own.
//!
//! Run: `cargo bench --bench replay_colossus`. With
//! `FOGCRAWL_BENCH_RECORDING=FILE` it replays that recording instead of
//! making one (a recording made once, for profiling the replay alone:
//! `fogcrawl sim --level colossus --seed 1 --turns 1200 --undying --record
//! FILE`).

use std::time::Instant;

#[path = "support/cpu_time.rs"]
mod cpu_time;

use fogcrawl_core::{
    ConfigSource, DEFAULT_HASH_EVERY, GameSetup, Header, MonsterConfig, RecordTo, Replayer,
    run_sim_recorded,
};

const LEVEL: &str = "colossus";
const TURNS: u64 = 1_200;
const STEP_BACK: u64 = 100;
/// Set in the child: where to write the recording.
const RECORD_TO: &str = "FOGCRAWL_BENCH_RECORD_TO";
/// Set to replay a recording made before rather than make one.
const RECORDING: &str = "FOGCRAWL_BENCH_RECORDING";

fn setup() -> GameSetup {
    let config = MonsterConfig::shipped().expect("the shipped config loads");
    let mut setup = GameSetup::new(Some(LEVEL), 1, config);
    setup.run = vec![LEVEL.to_owned()];
    setup.start_depth = 0;
    setup.undying_player = true;
    setup
}

/// The process's peak resident memory so far, in MB (Linux).
fn peak_mb() -> Option<f64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|line| line.starts_with("VmHWM:"))?;
    let kb: f64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kb / 1024.0)
}

fn main() {
    // As the game does: dropped level-sized arrays go back to the system.
    fogcrawl::heap::return_large_blocks();
    if let Some(path) = std::env::var_os(RECORD_TO) {
        let to = RecordTo {
            path: path.into(),
            header: Header::new_game(&setup(), &ConfigSource::BuiltIn, DEFAULT_HASH_EVERY),
        };
        run_sim_recorded(&setup(), TURNS, None, Some(&to)).expect("colossus plays");
        return;
    }
    let dir = tempfile::tempdir().expect("a temp dir");
    let path = match std::env::var_os(RECORDING) {
        Some(path) => path.into(),
        None => {
            let path = dir.path().join("colossus.fcrec");
            let exe = std::env::current_exe().expect("this bench's path");
            let status = std::process::Command::new(exe)
                .env(RECORD_TO, &path)
                .status()
                .expect("the recording child runs");
            assert!(status.success(), "the recording child failed");
            path
        }
    };
    let size = std::fs::metadata(&path).map_or(0, |m| m.len());
    println!("{LEVEL}: {TURNS}-turn recording, {size} bytes");

    let started = Instant::now();
    let mut replayer = Replayer::open(&path).expect("the recording opens");
    println!(
        "opened in {:.0} ms (peak so far {:.0} MB)",
        started.elapsed().as_secs_f64() * 1000.0,
        peak_mb().unwrap_or(0.0)
    );
    let started = Instant::now();
    replayer.seek(TURNS).expect("to the end");
    println!(
        "to the end (turn {}) in {:.2} s, {} keyframes kept in {:.1} MB (peak so far {:.0} MB)",
        replayer.turn(),
        started.elapsed().as_secs_f64(),
        replayer.keyframe_turns().len(),
        replayer.keyframe_bytes() as f64 / f64::from(1 << 20),
        peak_mb().unwrap_or(0.0)
    );
    println!("keyframes at turns {:?}", replayer.keyframe_turns());
    let mut times = Vec::new();
    let mut cpu = Vec::new();
    let mut at = replayer.turn();
    while at >= STEP_BACK + STEP_BACK {
        let started = Instant::now();
        let ((), spent) = cpu_time::cpu_timed(|| replayer.seek(at - STEP_BACK).expect("back"));
        times.push(started.elapsed().as_secs_f64() * 1000.0);
        cpu.push(spent.as_secs_f64() * 1000.0);
        at = replayer.turn();
    }
    let worst = |times: &[f64]| times.iter().copied().fold(0.0, f64::max);
    let mean = |times: &[f64]| times.iter().sum::<f64>() / times.len().max(1) as f64;
    println!(
        "{} steps back of {STEP_BACK} turns: mean {:.0} ms, worst {:.0} ms (processor time, all threads: mean {:.0} ms, worst {:.0} ms)",
        times.len(),
        mean(&times),
        worst(&times),
        mean(&cpu),
        worst(&cpu)
    );
    if let Some(peak) = peak_mb() {
        println!("peak resident memory of the replay: {peak:.0} MB");
    }
}
