//! A Moving AI benchmark check: every scenario of a `.scen` file searched
//! with A* and judged against the benchmark's optimal length and movement
//! rules (N. Sturtevant, "Benchmarks for Grid-Based Pathfinding", 2012),
//! through the engine's scenario runner (`gridpath::movingai::run_file`).
//!
//! `cargo run -p gridpath --example movingai [FILE.scen | FOLDER]`
//!
//! Without an argument it checks the small map that ships with the package
//! (`examples/data/sample.map`, 64x48, with 60 scenarios in the benchmark's
//! format); give it a `.scen` file of the benchmark
//! (movingai.com/benchmarks/grids.html), or a folder holding
//! `arena.map.scen`, to check a real one.
use std::path::PathBuf;
use std::process::ExitCode;

use gridpath::movingai::{EngineChoice, ScenOptions, run_file};

/// The scenarios shipped beside this example, found from the package's
/// own folder so the example runs wherever the package was unpacked.
const SAMPLE: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/examples/data/sample.map.scen");

fn main() -> ExitCode {
    let scen = match std::env::args_os().nth(1).map(PathBuf::from) {
        Some(path) if path.is_dir() => path.join("arena.map.scen"),
        Some(path) => path,
        None => PathBuf::from(SAMPLE),
    };
    if !scen.is_file() {
        eprintln!(
            "no Moving AI scenario file at {}: pass a .scen file or the folder holding arena.map.scen",
            scen.display()
        );
        return ExitCode::FAILURE;
    }
    match check(&scen) {
        Ok(true) => ExitCode::SUCCESS,
        Ok(false) => ExitCode::FAILURE,
        Err(error) => {
            eprintln!("{error}");
            ExitCode::FAILURE
        }
    }
}

/// Searches and judges every scenario of `scen` with the engine's scenario
/// runner; true when all are optimal.
fn check(scen: &std::path::Path) -> Result<bool, Box<dyn std::error::Error>> {
    let options = ScenOptions {
        engine: EngineChoice::AStar,
        ..ScenOptions::default()
    };
    let report = run_file(scen, &options)?;
    for failed in &report.failures {
        println!("{}:{}: {}", scen.display(), failed.line, failed.failure);
    }
    println!(
        "{}: {} of {} scenarios optimal on {}.map, {:.1} µs a query",
        scen.display(),
        report.optimal,
        report.checked,
        report.map,
        report.micros_per_query()
    );
    Ok(report.optimal == report.checked)
}
