//! Moving AI Lab grid benchmarks: readers for `.map` and `.scen` files, and a
//! checker that judges a returned path against a scenario's optimal length.
//!
//! This is test and benchmark plumbing: the readers and the checker never
//! search; the runner searches with the engine's own searches and judges
//! what they return, changing none of it. The rules it checks are the benchmark's own (see
//! <https://movingai.com/benchmarks/formats.html>): 8-connected moves, cardinal steps cost 1,
//! diagonal steps sqrt 2, no corner cutting, optimal length 0 with distinct
//! endpoints meaning "no path". Nothing here may panic on any input file.
//!
//! - [`map`]: [`MovingAiMap`] and its [`MapTile`]s.
//! - [`scenario`]: [`ScenarioFile`], its [`Scenario`] lines and the
//!   [`LengthPrecision`] that decides each file's tolerance.
//! - [`check`]: [`check_path`] (legality and length) and [`judge`] (the verdict).
//! - [`runner`]: [`run_file`] and [`run_selected`], a scenario file searched
//!   and judged line by line into a [`FileReport`] ([`report`]); the
//!   hierarchy's extra sums in a [`HierarchyTally`] ([`hierarchy_tally`]).

pub mod check;
pub mod hierarchy_tally;
pub mod map;
pub mod report;
pub mod runner;
pub mod scenario;

pub use check::{IllegalPath, Verdict, check_path, judge, octile_length};
pub use hierarchy_tally::HierarchyTally;
pub use map::{MapError, MapTile, MovingAiMap};
pub use report::{FailedScenario, Failure, FileReport};
pub use runner::{
    Engine, EngineChoice, MAX_FAILURES_KEPT, ScenOptions, ScenRunError, run_file, run_selected,
    unit_cost_grid,
};
pub use scenario::{LengthPrecision, ScenError, Scenario, ScenarioFile};

/// The bytes of the regular file at `path`, if it holds at most `limit`.
///
/// A benchmark file may be anything a path can name: a FIFO (whose open
/// blocks until a writer comes, and a writer may stream forever), a device
/// such as `/dev/zero` (which never ends), a folder. So the type is checked
/// before the file is opened (this package has no way to open without
/// blocking), again on the open file, and at most `limit` bytes are read.
fn read_regular(path: &std::path::Path, limit: u64) -> std::io::Result<Vec<u8>> {
    use std::io::Read;
    let refuse = |what: &str| Err(std::io::Error::new(std::io::ErrorKind::InvalidInput, what));
    let is_regular = |metadata: &std::fs::Metadata| metadata.file_type().is_file();
    if !is_regular(&std::fs::metadata(path)?) {
        return refuse("it is not a regular file (a folder, a FIFO or a device?)");
    }
    let file = std::fs::File::open(path)?;
    let metadata = file.metadata()?;
    if !is_regular(&metadata) {
        return refuse("it is not a regular file (a folder, a FIFO or a device?)");
    }
    let too_large = |len: u64| {
        refuse(&format!(
            "it holds {len} bytes, more than the {limit} a file of this kind can need"
        ))
    };
    if metadata.len() > limit {
        return too_large(metadata.len());
    }
    let mut bytes = Vec::new();
    file.take(limit.saturating_add(1)).read_to_end(&mut bytes)?;
    let read = u64::try_from(bytes.len()).unwrap_or(u64::MAX);
    if read > limit {
        return too_large(read);
    }
    Ok(bytes)
}

/// Splits file contents into lines on `\n`, dropping a `\r` before it, so LF
/// and CRLF files read the same. A final newline yields one empty last line,
/// which both readers treat as blank.
fn split_lines(contents: &[u8]) -> impl Iterator<Item = &[u8]> {
    contents
        .split(|&byte| byte == b'\n')
        .map(|line| line.strip_suffix(b"\r").unwrap_or(line))
}
