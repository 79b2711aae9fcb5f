//! What the end of a run leaves behind: its summary in the data folder's
//! `runs/` and its line in the high-score table, written once on death or
//! victory. Failures are reported in words, never a panic, and never stop
//! the end screen from showing.

use std::path::{Path, PathBuf};

use crate::game::run_summary::write_summary;
use crate::game::scores::{Recorded, ScoreEntry, record, score_of, scores_path};
use crate::game::state::Game;

/// The end of one run, as the end screen shows it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RunRecord {
    pub score: u64,
    /// Where the summary was written, or why it was not.
    pub summary: Result<PathBuf, String>,
    /// The table with this run in it, or why it could not be kept.
    pub scores: Result<Recorded, String>,
}

/// Why nothing is written for a game with no data folder (tests).
pub(crate) const NO_DATA_FOLDER: &str = "this game keeps no files";

/// Writes the summary and records the score of the finished `game` in
/// `data_dir` (nothing is written without one), at `now` (seconds since
/// 1970).
pub fn record_run(game: &Game, data_dir: Option<&Path>, now: u64) -> RunRecord {
    let score = score_of(game);
    let Some(dir) = data_dir else {
        return RunRecord {
            score,
            summary: Err(NO_DATA_FOLDER.to_owned()),
            scores: Err(NO_DATA_FOLDER.to_owned()),
        };
    };
    let summary = write_summary(dir, game, score, now).map_err(|err| {
        format!(
            "the run summary could not be written to {}: {err}",
            dir.display()
        )
    });
    let file_name = summary.as_ref().ok().and_then(|path| {
        path.file_name()
            .map(|name| name.to_string_lossy().into_owned())
    });
    let scores = record(&scores_path(dir), ScoreEntry::of(game, now, file_name))
        .map_err(|err| err.to_string());
    RunRecord {
        score,
        summary,
        scores,
    }
}
