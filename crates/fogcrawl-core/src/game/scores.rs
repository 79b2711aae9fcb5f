//! The high-score table: one entry per finished run, best first, kept in
//! `scores.json` in the data folder (`fogcrawl scores` prints it; the death
//! and victory screens show it).
//!
//! The score counts what a run achieved: [`LEVEL_POINTS`] for each level
//! entered, [`KILL_POINTS`] for each monster slain, [`VICTORY_POINTS`] for
//! escaping; fewer turns win a tie. Assisted runs (the debug overlay was
//! opened) are kept and marked, never hidden.
//!
//! The file is replaced whole (temp file, then rename), so a crash leaves the
//! old table or the new one. A damaged file is never a panic: reading it
//! says which file, line and column and what was wrong; recording a run
//! over it keeps it aside as `scores.json.bad` (`.bad2`, `.bad3`, ... when
//! that name is taken: an earlier table set aside is never replaced) and
//! starts a new table.

use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};
use thiserror::Error;

use crate::game::run_summary::{levels_reached, outcome_phrase, outcome_word};
use crate::game::state::Game;
use crate::regular_file::{ReadError, read_capped_text, set_aside_path, write_replacing};

/// The table's file name in the data folder.
pub(crate) const SCORES_FILE_NAME: &str = "scores.json";
/// The format this version writes and reads.
pub(crate) const SCORES_FORMAT: u32 = 1;
/// Points for each level of the run entered (the first included).
pub(crate) const LEVEL_POINTS: u64 = 100;
/// Points for each monster the player slew.
pub(crate) const KILL_POINTS: u64 = 10;
/// Points for taking the last stairs.
pub(crate) const VICTORY_POINTS: u64 = 500;
/// How many entries the table keeps.
pub(crate) const MAX_ENTRIES: usize = 100;
/// The largest score file read (far above what 100 entries take).
const MAX_FILE_BYTES: u64 = 1 << 20;

/// One finished run in the table.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ScoreEntry {
    pub score: u64,
    /// "died" or "won".
    pub outcome: String,
    /// "killed by the goblin", "escaped the dungeon".
    pub cause: String,
    pub seed: u64,
    /// The level the run ended on, and its place in the run (1-based).
    pub level: String,
    pub depth: usize,
    pub run_length: usize,
    pub turns: u64,
    pub kills: u32,
    /// The debug overlay was opened during play.
    pub assisted: bool,
    /// When the run ended, in seconds since 1970 (UTC).
    pub ended_at: u64,
    /// The run summary's file name in `runs/`, if one was written.
    #[serde(default)]
    pub summary: Option<String>,
}

impl ScoreEntry {
    /// The entry for a finished game, ended at `ended_at`.
    pub(crate) fn of(game: &Game, ended_at: u64, summary: Option<String>) -> Self {
        let (outcome, cause) = game.outcome().as_ref().map_or_else(
            || ("unfinished".to_owned(), String::new()),
            |o| (outcome_word(o).to_owned(), outcome_phrase(o)),
        );
        Self {
            score: score_of(game),
            outcome,
            cause,
            seed: game.seed(),
            level: game.level().name.clone(),
            depth: game.depth() + 1,
            run_length: game.run().len(),
            turns: game.stats().player_turns(),
            kills: game.stats().kills(),
            assisted: game.is_assisted(),
            ended_at,
            summary,
        }
    }

    /// Better first: higher score, then fewer turns, then earlier.
    fn rank_key(&self) -> (std::cmp::Reverse<u64>, u64, u64) {
        (std::cmp::Reverse(self.score), self.turns, self.ended_at)
    }
}

/// What a game scores (see the module's notes).
pub(crate) fn score_of(game: &Game) -> u64 {
    let levels = levels_reached(game).len() as u64;
    let won = matches!(game.outcome(), Some(crate::game::Outcome::Won { .. }));
    levels * LEVEL_POINTS
        + u64::from(game.stats().kills()) * KILL_POINTS
        + if won { VICTORY_POINTS } else { 0 }
}

/// The table, best first.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ScoreTable {
    pub format: u32,
    pub scores: Vec<ScoreEntry>,
}

/// Why the table could not be read or written. Each names the file.
#[derive(Debug, Error)]
pub enum ScoresError {
    #[error("the score file {path} could not be read: {source}")]
    Read { path: PathBuf, source: ReadError },
    #[error(
        "the score file {path} is damaged: line {line}, column {column}: {reason} (move it away to start a new table)"
    )]
    Damaged {
        path: PathBuf,
        line: usize,
        column: usize,
        reason: String,
    },
    #[error(
        "the score file {path} is in format {found}; this version reads format {SCORES_FORMAT}"
    )]
    Format { path: PathBuf, found: u32 },
    #[error("the score file {path} could not be written: {source}")]
    Write {
        path: PathBuf,
        source: std::io::Error,
    },
}

/// Where the table lives in `data_dir`.
pub fn scores_path(data_dir: &Path) -> PathBuf {
    data_dir.join(SCORES_FILE_NAME)
}

impl ScoreTable {
    /// Reads the table at `path`; no file is an empty table.
    pub fn load(path: &Path) -> Result<Self, ScoresError> {
        let text = match read_capped_text(path, MAX_FILE_BYTES) {
            Ok(text) => text,
            Err(ReadError::NotFound) => return Ok(Self::empty()),
            Err(source) => {
                return Err(ScoresError::Read {
                    path: path.to_owned(),
                    source,
                });
            }
        };
        let table: Self = serde_json::from_str(&text).map_err(|err| ScoresError::Damaged {
            path: path.to_owned(),
            line: err.line(),
            column: err.column(),
            reason: strip_position(&err.to_string()),
        })?;
        if table.format != SCORES_FORMAT {
            return Err(ScoresError::Format {
                path: path.to_owned(),
                found: table.format,
            });
        }
        Ok(table)
    }

    pub fn empty() -> Self {
        Self {
            format: SCORES_FORMAT,
            scores: Vec::new(),
        }
    }

    /// Adds `entry` in its place; returns its rank (1 = best), or `None`
    /// when it fell off the end of a full table.
    pub fn insert(&mut self, entry: ScoreEntry) -> Option<usize> {
        let at = self
            .scores
            .partition_point(|other| other.rank_key() <= entry.rank_key());
        self.scores.insert(at, entry);
        self.scores.truncate(MAX_ENTRIES);
        (at < MAX_ENTRIES).then_some(at + 1)
    }

    /// Writes the table to `path` (temp file, then rename).
    pub fn save(&self, path: &Path) -> Result<(), ScoresError> {
        let failed = |source| ScoresError::Write {
            path: path.to_owned(),
            source,
        };
        let mut text =
            serde_json::to_string_pretty(self).map_err(|err| failed(std::io::Error::other(err)))?;
        text.push('\n');
        write_replacing(path, text.as_bytes()).map_err(failed)
    }
}

/// serde_json ends its messages with " at line L column C", which the
/// error says already.
fn strip_position(message: &str) -> String {
    match message.rfind(" at line ") {
        Some(at) => message[..at].to_owned(),
        None => message.to_owned(),
    }
}

/// What recording a run did to the table.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Recorded {
    pub table: ScoreTable,
    /// The run's rank in the table (1 = best), if it made the table.
    pub rank: Option<usize>,
    /// The damaged file was kept under this name and a new table started.
    pub set_aside: Option<(PathBuf, String)>,
}

/// Adds `entry` to the table at `path` and writes it back. A damaged table
/// is kept aside as `<path>.bad` (or `.bad2`, ... if taken; said so) and a new one started; a
/// table that cannot be read or written is an error, and nothing changes.
pub fn record(path: &Path, entry: ScoreEntry) -> Result<Recorded, ScoresError> {
    let (mut table, set_aside) = match ScoreTable::load(path) {
        Ok(table) => (table, None),
        Err(err @ (ScoresError::Damaged { .. } | ScoresError::Format { .. })) => {
            let kept = set_aside_path(path);
            std::fs::rename(path, &kept).map_err(|source| ScoresError::Write {
                path: path.to_owned(),
                source,
            })?;
            (ScoreTable::empty(), Some((kept, err.to_string())))
        }
        Err(err) => return Err(err),
    };
    let rank = table.insert(entry);
    table.save(path)?;
    Ok(Recorded {
        table,
        rank,
        set_aside,
    })
}

/// The table as text: a header and one line per entry, best first, at most
/// `limit` entries; `highlight` (a rank) is marked with `>`.
pub fn table_lines(table: &ScoreTable, limit: usize, highlight: Option<usize>) -> Vec<String> {
    let mut lines = vec![format!(
        " {:>2} {:>5} {:<4} {:>5} {:>5} {:>5} {:>10} {}",
        "#", "score", "end", "depth", "kills", "turns", "seed", "how"
    )];
    for (index, entry) in table.scores.iter().take(limit).enumerate() {
        let rank = index + 1;
        let mark = if highlight == Some(rank) { '>' } else { ' ' };
        let assisted = if entry.assisted { " (assisted)" } else { "" };
        lines.push(format!(
            "{mark}{rank:>2} {:>5} {:<4} {:>5} {:>5} {:>5} {:>10} {}{assisted}",
            entry.score,
            entry.outcome,
            format!("{}/{}", entry.depth, entry.run_length),
            entry.kills,
            entry.turns,
            entry.seed,
            entry.cause,
        ));
    }
    lines
}

#[cfg(test)]
mod tests {
    use super::*;

    fn entry(score: u64, turns: u64, assisted: bool) -> ScoreEntry {
        ScoreEntry {
            score,
            outcome: "died".to_owned(),
            cause: "killed by the goblin".to_owned(),
            seed: score,
            level: "rooms".to_owned(),
            depth: 1,
            run_length: 7,
            turns,
            kills: 2,
            assisted,
            ended_at: 0,
            summary: None,
        }
    }

    #[test]
    fn entries_rank_by_score_then_fewer_turns() {
        let mut table = ScoreTable::empty();
        assert_eq!(table.insert(entry(100, 50, false)), Some(1));
        assert_eq!(table.insert(entry(300, 80, false)), Some(1));
        assert_eq!(table.insert(entry(100, 20, true)), Some(2));
        let order: Vec<(u64, u64)> = table.scores.iter().map(|e| (e.score, e.turns)).collect();
        assert_eq!(order, [(300, 80), (100, 20), (100, 50)]);
        let lines = table_lines(&table, 10, Some(2));
        assert!(lines[2].starts_with("> 2   100 died"), "{lines:?}");
        assert!(
            lines[2].ends_with("killed by the goblin (assisted)"),
            "{lines:?}"
        );
        for _ in 0..MAX_ENTRIES {
            table.insert(entry(500, 1, false));
        }
        assert_eq!(table.scores.len(), MAX_ENTRIES);
        assert_eq!(table.insert(entry(1, 1, false)), None, "off the end");
    }

    #[test]
    fn the_table_is_written_whole_and_read_back() {
        let dir = tempfile::tempdir().unwrap();
        let path = scores_path(&dir.path().join("new folder"));
        assert_eq!(ScoreTable::load(&path).unwrap(), ScoreTable::empty());
        let recorded = record(&path, entry(200, 10, false)).unwrap();
        assert_eq!(recorded.rank, Some(1));
        assert_eq!(recorded.set_aside, None);
        record(&path, entry(400, 10, false)).unwrap();
        let table = ScoreTable::load(&path).unwrap();
        assert_eq!(table.scores.len(), 2);
        assert_eq!(table.scores[0].score, 400);
        let left: Vec<_> = std::fs::read_dir(path.parent().unwrap())
            .unwrap()
            .flatten()
            .map(|e| e.file_name())
            .collect();
        assert_eq!(left, [SCORES_FILE_NAME], "no temporary file is left");
    }

    #[test]
    fn a_damaged_table_is_named_with_line_and_column_and_kept_aside_on_record() {
        let dir = tempfile::tempdir().unwrap();
        let path = scores_path(dir.path());
        std::fs::write(
            &path,
            "{\"format\": 1,\n \"scores\": [ {\"score\": \"lots\"} ]}\n",
        )
        .unwrap();
        let err = ScoreTable::load(&path).unwrap_err();
        let text = err.to_string();
        assert!(text.contains(&path.display().to_string()), "{text}");
        assert!(text.contains("line 2, column"), "{text}");
        assert!(text.contains("invalid type"), "{text}");
        let recorded = record(&path, entry(100, 1, false)).unwrap();
        let (kept, why) = recorded.set_aside.expect("the damaged file was kept aside");
        assert_eq!(kept, dir.path().join("scores.json.bad"));
        assert!(why.contains("damaged"), "{why}");
        assert!(kept.exists());
        assert_eq!(ScoreTable::load(&path).unwrap().scores.len(), 1);
        // A second damaged table goes beside the first, never over it.
        std::fs::write(&path, "second damage").unwrap();
        let recorded = record(&path, entry(100, 1, false)).unwrap();
        let (second, _) = recorded.set_aside.expect("kept aside too");
        assert_eq!(second, dir.path().join("scores.json.bad2"));
        assert_eq!(std::fs::read_to_string(&second).unwrap(), "second damage");
        assert!(std::fs::read_to_string(&kept).unwrap().contains("lots"));
    }

    #[test]
    fn a_folder_or_another_format_is_an_error_not_a_panic() {
        let dir = tempfile::tempdir().unwrap();
        let path = scores_path(dir.path());
        std::fs::create_dir(&path).unwrap();
        let err = ScoreTable::load(&path).unwrap_err().to_string();
        assert!(err.contains("not a regular file"), "{err}");
        assert!(record(&path, entry(1, 1, false)).is_err());
        assert!(path.is_dir(), "a folder is left alone");
        std::fs::remove_dir(&path).unwrap();
        std::fs::write(&path, "{\"format\": 9, \"scores\": []}").unwrap();
        let err = ScoreTable::load(&path).unwrap_err().to_string();
        assert!(err.contains("format 9"), "{err}");
    }
}
