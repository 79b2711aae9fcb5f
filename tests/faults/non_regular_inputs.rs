//! Class 17 (issue 35): every file the game reads besides the save and the
//! config, when it is not a regular file. `./levels/run.toml`, a level
//! file, a `.map` (given or beside a `.scen`), a recording and
//! `scores.json` as a FIFO with no writer, or as a link to `/dev/zero`
//! (and a FIFO given to `sim --record` to write into):
//! refused at once with a message naming the file and what it is, never a
//! blocked open (the game and `sim` used to wait forever on a FIFO
//! `run.toml`) and never a read without end (`/dev/zero` was read to 2.1 GB
//! and then silently ignored).

use std::path::Path;
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

const BIN: &str = env!("CARGO_BIN_EXE_fogcrawl");
/// Far longer than a refusal takes; a blocked open takes forever.
const LIMIT: Duration = Duration::from_secs(15);

/// Runs fogcrawl with `args` in `dir` and `env`; its output, or a failure
/// if it was still running after [`LIMIT`] (it is then killed, so a hang
/// leaves nothing behind).
fn run(dir: &Path, args: &[&str], env: &[(&str, &Path)]) -> Output {
    let mut child = Command::new(BIN)
        .args(args)
        .current_dir(dir)
        .envs(env.iter().copied())
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("fogcrawl starts");
    let start = Instant::now();
    loop {
        if child.try_wait().expect("waits").is_some() {
            return child.wait_with_output().expect("its output");
        }
        if start.elapsed() > LIMIT {
            let _ = child.kill();
            let _ = child.wait();
            panic!("fogcrawl {args:?} was still running after {LIMIT:?} (a hang)");
        }
        std::thread::sleep(Duration::from_millis(20));
    }
}

/// fogcrawl failed at once, saying `words` (all of them) on standard error.
fn assert_refused(output: &Output, words: &[&str]) {
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(!output.status.success(), "it went on: {stderr}");
    for word in words {
        assert!(stderr.contains(word), "{word:?} missing: {stderr}");
    }
}

#[cfg(unix)]
fn mkfifo(path: &Path) {
    let made = Command::new("mkfifo")
        .arg(path)
        .status()
        .expect("mkfifo runs");
    assert!(made.success(), "mkfifo {}", path.display());
}

#[cfg(unix)]
#[test]
fn a_run_order_that_is_a_fifo_or_a_device_is_refused_at_once() {
    let dir = tempfile::tempdir().unwrap();
    let levels = dir.path().join("levels");
    std::fs::create_dir(&levels).unwrap();
    let run_file = levels.join("run.toml");
    mkfifo(&run_file);
    let sim = ["sim", "--turns", "1", "--seed", "1"];
    assert_refused(
        &run(dir.path(), &sim, &[]),
        &["levels/run.toml", "FIFO (named pipe)"],
    );
    std::fs::remove_file(&run_file).unwrap();
    std::os::unix::fs::symlink("/dev/zero", &run_file).unwrap();
    assert_refused(
        &run(dir.path(), &sim, &[]),
        &["levels/run.toml", "device node"],
    );
}

#[cfg(unix)]
#[test]
fn level_files_that_are_fifos_are_refused_at_once() {
    let dir = tempfile::tempdir().unwrap();
    let levels = dir.path().join("levels");
    std::fs::create_dir(&levels).unwrap();
    // A level of ./levels by name, which hid the built-in one silently.
    mkfifo(&levels.join("swamp.toml"));
    assert_refused(
        &run(dir.path(), &["render", "--level", "swamp"], &[]),
        &["swamp.toml", "FIFO"],
    );
    let path = dir.path().join("mine.toml");
    mkfifo(&path);
    let path = path.display().to_string();
    assert_refused(
        &run(dir.path(), &["sim", "--turns", "1", "--level", &path], &[]),
        &["mine.toml", "FIFO"],
    );
}

#[cfg(unix)]
#[test]
fn a_map_that_is_a_fifo_or_a_device_is_refused_at_once_given_or_beside_a_scen() {
    let dir = tempfile::tempdir().unwrap();
    let map = dir.path().join("fifo.map");
    mkfifo(&map);
    let map_arg = map.display().to_string();
    assert_refused(
        &run(dir.path(), &["render", "--map", &map_arg], &[]),
        &["fifo.map", "not a regular file"],
    );
    let zero = dir.path().join("zero.map");
    std::os::unix::fs::symlink("/dev/zero", &zero).unwrap();
    let zero_arg = zero.display().to_string();
    for args in [
        &["render", "--map", &zero_arg][..],
        &[
            "trace", "--map", &zero_arg, "--from", "0,0", "--to", "1,1", "--out", "x.svg",
        ][..],
    ] {
        assert_refused(
            &run(dir.path(), args, &[]),
            &["zero.map", "not a regular file"],
        );
    }
    // A scenario naming a map beside it that is a FIFO.
    let scen = dir.path().join("beside.scen");
    std::fs::write(&scen, "version 1\n0\tfifo.map\t2\t2\t0\t0\t1\t1\t1.4142\n").unwrap();
    let scen_arg = scen.display().to_string();
    let output = run(dir.path(), &["scen", &scen_arg], &[]);
    assert!(!output.status.success());
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        stderr.contains("fifo.map") && stderr.contains("not a regular file"),
        "{stderr}"
    );
}

#[cfg(unix)]
#[test]
fn a_recording_or_a_score_table_that_is_a_fifo_is_refused_at_once() {
    let dir = tempfile::tempdir().unwrap();
    let recordings = dir.path().join("recordings");
    std::fs::create_dir(&recordings).unwrap();
    let fifo = recordings.join("game-000000000000001-seed-1.fcrec");
    mkfifo(&fifo);
    let fifo_arg = fifo.display().to_string();
    assert_refused(
        &run(dir.path(), &["replay", &fifo_arg, "--verify"], &[]),
        &["FIFO"],
    );
    // Recording a sim into it is refused, not a wait for a reader.
    let recorded = run(
        dir.path(),
        &["sim", "--turns", "1", "--seed", "1", "--record", &fifo_arg],
        &[],
    );
    let stderr = String::from_utf8_lossy(&recorded.stderr);
    assert!(stderr.contains("FIFO (named pipe)"), "{stderr}");
    // Named as a recording, it is none: --last finds no recording.
    let last = run(
        dir.path(),
        &["replay", "--last", "--verify"],
        &[("FOGCRAWL_RECORDINGS", &recordings)],
    );
    assert_refused(&last, &["no recording"]);
    let data = dir.path().join("data");
    std::fs::create_dir(&data).unwrap();
    mkfifo(&data.join("scores.json"));
    assert_refused(
        &run(dir.path(), &["scores"], &[("FOGCRAWL_DATA", &data)]),
        &["scores.json", "FIFO"],
    );
}
