//! Class 15 (issue 35): the recordings folder, shared by every game the
//! player runs, perhaps two at once on different saves. Pruning never
//! removes a recording another running game still writes, nor a file that
//! is not a recording (whatever its name); "newest" (pruning, `replay
//! --last`) is the recording written last, not the latest name; a game
//! that cannot record (a full disk, a file-size limit) leaves no empty
//! file behind, and `replay --last` then plays the game before it.

use std::path::{Path, PathBuf};
use std::process::Command;

use fogcrawl::ui::App;
use fogcrawl::ui::app::RecordingOptions;
use fogcrawl::ui::command::Command as GameCommand;
use fogcrawl::ui::theme::{ColorSupport, Palette};
use fogcrawl_core::{Replayer, newest_recording, recordings_in};

use crate::child::{child_dir, run_case, said};
use crate::fixtures::DUEL;
use crate::save_paths::options;
use crate::timebox::must_finish;

const BIN: &str = env!("CARGO_BIN_EXE_fogcrawl");

/// A new game of the duel on its own save `dir/NAME/save.bin`, recording
/// into `recordings`, keeping `keep`.
fn start_game(dir: &Path, name: &str, seed: u64, recordings: &Path, keep: usize) -> App {
    let save = dir.join(name).join("save.bin");
    let mut options = options(&save, Some(DUEL));
    options.seed = Some(seed);
    options.recordings = Some(RecordingOptions {
        dir: recordings.to_owned(),
        keep,
    });
    App::start(&options, Palette::new(ColorSupport::None)).expect("the game starts")
}

/// A recording of 20 turns of the duel made by `fogcrawl sim --record`.
fn sim_recording(path: &Path) {
    let level = Path::new(env!("CARGO_MANIFEST_DIR")).join(DUEL);
    let made = Command::new(BIN)
        .args(["sim", "--seed", "9", "--turns", "20", "--level"])
        .arg(level)
        .arg("--record")
        .arg(path)
        .output()
        .expect("fogcrawl sim runs");
    assert!(made.status.success(), "{made:?}");
}

/// Sets `path`'s modification time (without following a link) to 2020.
fn written_long_ago(path: &Path) {
    let when = std::time::UNIX_EPOCH + std::time::Duration::from_secs(1_577_836_800);
    std::fs::File::options()
        .write(true)
        .open(path)
        .and_then(|file| file.set_modified(when))
        .expect("the time is set");
}

#[test]
fn a_recording_another_game_still_writes_is_never_pruned() {
    must_finish("two games at once on one recordings folder", || {
        let dir = tempfile::tempdir().unwrap();
        let recordings = dir.path().join("recordings");
        let mut first = start_game(dir.path(), "first", 1, &recordings, 2);
        let held = first.recording_path().expect("recording").to_owned();
        // Other games on other saves come and go, each pruning to 2.
        for seed in 2..=5 {
            drop(start_game(
                dir.path(),
                &format!("other{seed}"),
                seed,
                &recordings,
                2,
            ));
        }
        assert!(
            held.exists(),
            "the recording of a game still running was pruned"
        );
        first.update(GameCommand::Wait);
        let turns = first.game.stats().player_turns();
        drop(first);
        let mut replayer = Replayer::open(&held).expect("it reads");
        assert_eq!(replayer.verify().expect("whole").turns, turns);
    });
}

#[cfg(unix)]
#[test]
fn newest_is_the_recording_written_last_and_only_recordings_are_pruned() {
    must_finish("pruning by time written", || {
        let dir = tempfile::tempdir().unwrap();
        let recordings = dir.path().join("recordings");
        std::fs::create_dir_all(&recordings).unwrap();
        // A real recording whose name says it is from the far future, but
        // written long ago.
        let future = recordings.join("game-999999999999999-seed-9.fcrec");
        sim_recording(&future);
        written_long_ago(&future);
        // Files named as recordings that are none: notes, and a link to a
        // file outside the folder.
        let notes = recordings.join("game-000000000000001-seed-1.fcrec");
        std::fs::write(&notes, "the player's notes").unwrap();
        let outside = dir.path().join("elsewhere.txt");
        std::fs::write(&outside, "not the game's").unwrap();
        let link = recordings.join("game-000000000000002-seed-2.fcrec");
        std::os::unix::fs::symlink(&outside, &link).unwrap();

        let app = start_game(dir.path(), "played", 4, &recordings, 1);
        let played = app.recording_path().expect("recording").to_owned();
        drop(app);
        assert_eq!(
            newest_recording(&recordings),
            Some(played.clone()),
            "the game just played is the newest"
        );
        assert!(notes.exists(), "a file that is no recording was pruned");
        assert!(
            std::fs::symlink_metadata(&link).is_ok(),
            "a link was pruned"
        );
        assert!(!future.exists(), "the oldest written recording goes");
        assert_eq!(recordings_in(&recordings), [played]);
    });
}

/// In a file-size limit too small for a recording's header (as a full
/// disk would be), the game starts unrecorded, leaves no file, and `replay
/// --last` plays the recording before it.
#[cfg(unix)]
#[test]
fn a_game_that_cannot_record_leaves_no_file_and_last_plays_the_one_before() {
    if let Some(dir) = child_dir() {
        let app = start_game(&dir, "played", 3, &dir.join("recordings"), 5);
        let notice = app.notice().map(|n| n.text.clone()).unwrap_or_default();
        println!("recording: {:?}; notice: {notice}", app.recording_path());
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let recordings = dir.path().join("recordings");
    std::fs::create_dir_all(&recordings).unwrap();
    let before: PathBuf = recordings.join("game-000000000000001-seed-9.fcrec");
    sim_recording(&before);
    let name =
        "recordings_folder::a_game_that_cannot_record_leaves_no_file_and_last_plays_the_one_before";
    // 512-byte blocks: the save lock fits, a recording's header does not.
    let output = run_case(name, dir.path(), "ulimit -f 1");
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert!(output.status.success(), "{}", said(&output));
    assert!(
        stdout.contains("recording: None; notice: This game is not recorded"),
        "{}",
        said(&output)
    );
    let left: Vec<_> = std::fs::read_dir(&recordings)
        .unwrap()
        .flatten()
        .map(|entry| entry.path())
        .collect();
    assert_eq!(left, [before], "the failed recording left a file");
    let replayed = Command::new(BIN)
        .args(["replay", "--last", "--verify"])
        .env("FOGCRAWL_RECORDINGS", &recordings)
        .output()
        .expect("fogcrawl replay runs");
    let said_out = String::from_utf8_lossy(&replayed.stdout);
    assert!(
        replayed.status.success() && said_out.starts_with("verified: "),
        "{replayed:?}"
    );
}
