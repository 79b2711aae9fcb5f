//! `fogcrawl render`: a level as plain text, one character per cell.

use std::process::ExitCode;

use crate::cli::output::{print_err, print_out};
use fogcrawl_core::escape_controls;

/// Prints the level `level` names (generated with `seed` if given).
pub fn run(level: &str, seed: Option<u64>) -> ExitCode {
    match fogcrawl_core::render_level(level, seed) {
        Ok(rendered) => {
            if let Some(note) = rendered.seed_note {
                print_err(&escape_controls(&note));
            }
            print_out(&rendered.text)
        }
        Err(err) => {
            print_err(&format!("fogcrawl: {}", escape_controls(&err.to_string())));
            ExitCode::FAILURE
        }
    }
}
