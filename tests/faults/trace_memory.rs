//! Class 18 (issue 35): `trace` and its memory. Tracing records every event
//! of a search and every touched cell, so a worst search on the largest map
//! trace drew (4096x4096, Dijkstra over the open map) peaked at 5.4 GB and
//! was killed under a 3 GB limit. Now trace takes a map only within its
//! cell budget (counting a second panel and an animation), under which the
//! worst search stays below 1 GB (measured in docs/SEARCH-PICTURES.md); a
//! map past it is refused at once, saying the budget and what to leave out.

use std::process::Command;

use std::time::Duration;

use crate::timebox::within;

const BIN: &str = env!("CARGO_BIN_EXE_fogcrawl");

/// An open Moving AI map `width` x `height` at `path`.
fn open_map(path: &std::path::Path, width: usize, height: usize) {
    let mut text = format!("type octile\nheight {height}\nwidth {width}\nmap\n");
    let row = ".".repeat(width);
    for _ in 0..height {
        text.push_str(&row);
        text.push('\n');
    }
    std::fs::write(path, text).expect("the map is written");
}

/// Drawing a map of two million cells takes a debug build about 17 s on a
/// quiet machine and past 30 s on a loaded one: this case alone gets more
/// than the usual limit, which is there to catch hangs, not slow drawing.
const DRAWING_LIMIT: Duration = Duration::from_secs(180);

fn trace(args: Vec<String>) -> (bool, String) {
    within(DRAWING_LIMIT, "fogcrawl trace", move || {
        let out = Command::new(BIN)
            .arg("trace")
            .args(&args)
            .output()
            .expect("fogcrawl runs");
        (
            out.status.success(),
            String::from_utf8_lossy(&out.stderr).into_owned(),
        )
    })
    .unwrap_or_else(|failure| panic!("{failure}"))
}

#[test]
fn a_map_past_the_memory_budget_is_refused_and_one_within_is_drawn() {
    let dir = tempfile::tempdir().expect("a temp dir");
    let args = |map: &std::path::Path, extra: &[&str]| {
        let mut args: Vec<String> = ["--map", &map.display().to_string()]
            .iter()
            .chain(&["--from", "1,1", "--to", "8,8"])
            .map(|s| (*s).to_owned())
            .collect();
        args.extend(extra.iter().map(|s| (*s).to_owned()));
        args.push("--out".to_owned());
        args.push(dir.path().join("out.png").display().to_string());
        args
    };
    let big = dir.path().join("big.map");
    open_map(&big, 4096, 4096);
    let (drawn, stderr) = trace(args(&big, &[]));
    assert!(!drawn, "a 4096x4096 map was drawn past the budget");
    assert!(
        stderr.contains(
            "`big` is 4096x4096 cells and one search; trace pictures at most 2097152 cells in all"
        ) && stderr.contains("under 1000 MB"),
        "{stderr}"
    );
    // Within it alone, past it with a second panel.
    let wide = dir.path().join("wide.map");
    open_map(&wide, 4096, 512);
    let (drawn, stderr) = trace(args(&wide, &[]));
    assert!(drawn, "{stderr}");
    let (drawn, stderr) = trace(args(&wide, &["--compare", "heuristic=manhattan"]));
    assert!(!drawn);
    assert!(stderr.contains("and two searches;"), "{stderr}");
}
