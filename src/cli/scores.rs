//! `fogcrawl scores`: the high-score table from the data folder, best
//! first, assisted runs marked; or, with `--json`, the file's entries as
//! JSON. A damaged table is an error naming the file, line and column (the
//! file is left as it is), never a panic.

use std::process::ExitCode;

use crate::cli::output::{print_err, print_out};
use fogcrawl_core::{RUNS_DIR, ScoreTable, escape_controls, scores_path, table_lines};

/// Prints the table in `data_dir` (at most `limit` entries).
pub fn run(data_dir: &std::path::Path, limit: usize, json: bool) -> ExitCode {
    let path = scores_path(data_dir);
    let table = match ScoreTable::load(&path) {
        Ok(table) => table,
        Err(err) => {
            print_err(&format!("fogcrawl: {}", escape_controls(&err.to_string())));
            return ExitCode::FAILURE;
        }
    };
    if json {
        return match serde_json::to_string_pretty(&table.scores) {
            Ok(text) => print_out(&format!("{text}\n")),
            Err(err) => {
                print_err(&format!("fogcrawl: cannot write the scores as JSON: {err}"));
                ExitCode::FAILURE
            }
        };
    }
    if table.scores.is_empty() {
        return print_out(&format!(
            "No finished runs yet: a run's score is kept in {} when it ends in death or victory.\n",
            escape_controls(&path.display().to_string())
        ));
    }
    let mut text = format!(
        "High scores ({}; run summaries in {}):\n",
        escape_controls(&path.display().to_string()),
        escape_controls(&data_dir.join(RUNS_DIR).display().to_string())
    );
    for line in table_lines(&table, limit, None) {
        text.push_str(&escape_controls(&line));
        text.push('\n');
    }
    print_out(&text)
}
