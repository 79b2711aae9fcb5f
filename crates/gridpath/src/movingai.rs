//! Moving AI Lab grid benchmarks: readers for `.map` and `.scen` files, and a
//! checker that judges a returned path against a scenario's optimal length.
//!
//! This is test and benchmark plumbing: it reads files and judges paths, it
//! never searches. The rules it checks are the benchmark's own (see
//! <https://movingai.com/benchmarks/formats.html>): 8-connected moves, cardinal steps cost 1,
//! diagonal steps sqrt 2, no corner cutting, optimal length 0 with distinct
//! endpoints meaning "no path". Nothing here may panic on any input file.
//!
//! - [`map`]: [`MovingAiMap`] and its [`MapTile`]s.
//! - [`scenario`]: [`ScenarioFile`], its [`Scenario`] lines and the
//!   [`LengthPrecision`] that decides each file's tolerance.
//! - [`check`]: [`check_path`] (legality and length) and [`judge`] (the verdict).

pub mod check;
pub mod map;
pub mod scenario;

pub use check::{IllegalPath, Verdict, check_path, judge, octile_length};
pub use map::{MapError, MapTile, MovingAiMap};
pub use scenario::{LengthPrecision, ScenError, Scenario, ScenarioFile};

/// Splits file contents into lines on `\n`, dropping a `\r` before it, so LF
/// and CRLF files read the same. A final newline yields one empty last line,
/// which both readers treat as blank.
fn split_lines(contents: &[u8]) -> impl Iterator<Item = &[u8]> {
    contents
        .split(|&byte| byte == b'\n')
        .map(|line| line.strip_suffix(b"\r").unwrap_or(line))
}
