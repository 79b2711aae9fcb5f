//! Class 14: subcommand arguments and output. A count out of range is
//! refused by the parser with the flag and the accepted range (never a
//! capacity overflow or an 800 GB allocation), and an error printed to a
//! closed standard error ends the command with status 1, not a panic.

use std::process::Command;

use crate::timebox::must_finish;

const BIN: &str = env!("CARGO_BIN_EXE_fogcrawl");

/// Runs fogcrawl with `args` in the time box: its status and standard error.
fn run(args: &'static [&'static str]) -> (Option<i32>, String) {
    must_finish("fogcrawl with out-of-range arguments", move || {
        let out = Command::new(BIN)
            .args(args)
            .output()
            .expect("fogcrawl runs");
        (
            out.status.code(),
            String::from_utf8_lossy(&out.stderr).into_owned(),
        )
    })
}

#[test]
fn out_of_range_counts_are_refused_by_the_parser() {
    for (args, flag, range) in [
        (
            &["sim", "--runs", "18446744073709551615"][..],
            "--runs <N>",
            "1..=10000",
        ),
        (
            &["sim", "--runs", "100000000000"][..],
            "--runs <N>",
            "1..=10000",
        ),
        (&["sim", "--runs", "0"][..], "--runs <N>", "1..=10000"),
        (
            &["sim", "--turns", "99999999999"][..],
            "--turns <TURNS>",
            "0..=10000000",
        ),
        (
            &["sim", "--fog-walk", "18446744073709551615"][..],
            "--fog-walk [<STEPS>]",
            "1..=1000000",
        ),
    ] {
        let (status, stderr) = run(args);
        assert_eq!(status, Some(2), "{args:?}: {stderr}");
        assert!(
            stderr.contains(&format!("for '{flag}'")) && stderr.contains(range),
            "{args:?}: {stderr}"
        );
    }
}

/// `fogcrawl sim --level nosuch 2>&1 | true`: the error goes to a pipe
/// whose reader is gone (the wait makes sure of it), so the write fails
/// with EPIPE, where `eprintln!` panicked (status 101).
#[cfg(unix)]
#[test]
fn an_error_to_a_closed_standard_error_is_no_panic() {
    let dir = tempfile::tempdir().expect("a temp dir");
    let status_file = dir.path().join("status");
    let read_back = status_file.clone();
    must_finish("fogcrawl with its output closed", move || {
        Command::new("sh")
            .arg("-c")
            .arg("{ sleep 0.3; \"$0\" sim --level nosuch; echo $? > \"$1\"; } 2>&1 | true")
            .arg(BIN)
            .arg(&status_file)
            .status()
            .expect("sh runs")
    });
    let status = std::fs::read_to_string(read_back).expect("the status was noted");
    assert_eq!(
        status.trim(),
        "1",
        "the error ends the command, no panic (101)"
    );
}
