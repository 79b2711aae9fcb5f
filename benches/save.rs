//! Saving and loading a 1024x1024 game: `colossus` (1,000 monsters) after
//! 30 turns of the scripted player (`FOGCRAWL_BENCH_SAVE_TURNS=N` for N
//! turns: 1200 is a long game, whose factions have seen much more), in the
//! binary format the game writes and, for comparison, in the JSON of
//! format 1 it still reads. Prints the size of each file first, then the
//! processor time (all threads, best of 5) of a save and of a whole load,
//! which the other work on a shared machine does not inflate as it does
//! the clock. Targets (issue 35): under 8 MB on disk, under 150 ms to save
//! and to load.
//!
//! - `save_binary`: `write_save` (encode, compress, checksum, temp file,
//!   fsync, rename).
//! - `decode_binary`: the file's bytes to a checked game (`save::decode`
//!   and the save check), without rebuilding the derived state.
//! - `load_binary`: `load_save` whole: read, decode, check, and
//!   `Game::after_load` (planning grids, navigation, sight).
//! - `save_json`, `load_json`: the same for a save of format 1.
//!
//! Run: `cargo bench --bench save`

use std::path::PathBuf;
use std::sync::LazyLock;

use divan::Bencher;
use fogcrawl_core::{
    Action, Autopilot, Game, GameSetup, Loaded, MonsterConfig, check_save, decode_save as decode,
    load_save, write_save,
};

/// The level saved.
const LEVEL: &str = "colossus";
/// Player turns played before saving, so the factions know some ground.
const TURNS: u64 = 30;
/// Set to play another number of turns before saving.
const TURNS_VARIABLE: &str = "FOGCRAWL_BENCH_SAVE_TURNS";

#[path = "support/cpu_time.rs"]
mod cpu_time;

fn turns() -> u64 {
    std::env::var(TURNS_VARIABLE)
        .ok()
        .and_then(|turns| turns.parse().ok())
        .unwrap_or(TURNS)
}

fn config() -> MonsterConfig {
    MonsterConfig::shipped().expect("the shipped config loads")
}

static GAME: LazyLock<Game> = LazyLock::new(|| {
    let mut setup = GameSetup::new(Some(LEVEL), 1, config());
    setup.run = vec![LEVEL.to_owned()];
    setup.start_depth = 0;
    setup.undying_player = true;
    let mut game = Game::new(&setup).expect("colossus starts");
    let mut pilot = Autopilot::new();
    let turns = turns();
    while game.stats().player_turns() < turns && !game.is_over() {
        let action = pilot.choose(&game);
        if game.player_act(action).is_err() {
            let _ = game.player_act(Action::Wait);
        }
    }
    game
});

/// A folder for the files, removed at the end of `main`.
static DIR: LazyLock<tempfile::TempDir> =
    LazyLock::new(|| tempfile::tempdir().expect("a temp dir"));

fn binary_path() -> PathBuf {
    DIR.path().join("save.bin")
}

fn json_path() -> PathBuf {
    DIR.path().join("save.json")
}

/// A save of format 1, as the game wrote it before format 2.
#[derive(serde::Serialize)]
struct JsonSave<'a> {
    format: u32,
    game: &'a Game,
}

fn json_bytes(game: &Game) -> Vec<u8> {
    serde_json::to_vec(&JsonSave { format: 1, game }).expect("JSON out")
}

/// Writes as `write_save` did for format 1: a temp file, fsync, rename.
fn write_json(path: &std::path::Path, game: &Game) {
    use std::io::Write;
    let mut temp = tempfile::NamedTempFile::new_in(DIR.path()).expect("a temp file");
    temp.write_all(&json_bytes(game)).expect("written");
    temp.as_file().sync_all().expect("synced");
    temp.persist(path).expect("renamed");
}

fn main() {
    write_save(&binary_path(), &GAME).expect("the binary save is written");
    write_json(&json_path(), &GAME);
    let size = |path: PathBuf| std::fs::metadata(path).map_or(0, |m| m.len());
    println!(
        "{LEVEL} after {} turns: binary save {} bytes, JSON save (format 1) {} bytes",
        GAME.stats().player_turns(),
        size(binary_path()),
        size(json_path())
    );
    let config = config();
    let best = |work: &dyn Fn()| {
        (0..5)
            .map(|_| cpu_time::cpu_timed(work).1)
            .min()
            .unwrap_or_default()
            .as_secs_f64()
            * 1000.0
    };
    let save = best(&|| write_save(&binary_path(), &GAME).expect("saved"));
    let load = best(&|| {
        let Loaded::Game(game) = load_save(&binary_path(), &config) else {
            panic!("the save loads")
        };
        drop(game);
    });
    println!("processor time, best of 5: save {save:.1} ms, whole load {load:.1} ms");
    divan::main();
    // A static is never dropped: the folder is removed by hand.
    let _ = std::fs::remove_dir_all(DIR.path());
}

#[divan::bench(sample_count = 10, sample_size = 1)]
fn save_binary(bencher: Bencher) {
    let game = &*GAME;
    let path = DIR.path().join("save-bench.bin");
    bencher.bench(|| write_save(&path, game).expect("saved"));
}

#[divan::bench(sample_count = 10, sample_size = 1)]
fn decode_binary(bencher: Bencher) {
    let bytes = std::fs::read(binary_path()).expect("the save is there");
    bencher.bench(|| {
        let game = decode(&bytes).expect("decodes");
        check_save(&game).expect("checks");
        game
    });
}

#[divan::bench(sample_count = 5, sample_size = 1)]
fn load_binary(bencher: Bencher) {
    let config = config();
    bencher.bench(|| match load_save(&binary_path(), &config) {
        Loaded::Game(game) => game,
        _ => panic!("the save loads"),
    });
}

#[divan::bench(sample_count = 3, sample_size = 1)]
fn save_json(bencher: Bencher) {
    let game = &*GAME;
    let path = DIR.path().join("save-bench.json");
    bencher.bench(|| write_json(&path, game));
}

#[divan::bench(sample_count = 3, sample_size = 1)]
fn load_json(bencher: Bencher) {
    let config = config();
    bencher.bench(|| match load_save(&json_path(), &config) {
        Loaded::Game(game) => game,
        _ => panic!("the save loads"),
    });
}
