//! A Moving AI benchmark check: every scenario of a `.scen` file searched
//! with A* and judged against the benchmark's optimal length and movement
//! rules (N. Sturtevant, "Benchmarks for Grid-Based Pathfinding", 2012).
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

use gridpath::movingai::{MovingAiMap, ScenarioFile, Verdict, judge};
use gridpath::{AStar, Grid, Movement, SearchOptions};

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

/// Searches and judges every scenario of `scen`; true when all are optimal.
fn check(scen: &std::path::Path) -> Result<bool, Box<dyn std::error::Error>> {
    let file = ScenarioFile::load(scen)?;
    let Some(first) = file.scenarios().first() else {
        println!("{}: no scenarios", scen.display());
        return Ok(true);
    };
    // One map per file in practice: the first scenario's.
    let map_path = file.map_path(first);
    let map = MovingAiMap::load(&map_path)?;
    let grid = Grid::from_fn(
        map.width(),
        map.height(),
        Movement::EIGHT_CONNECTED,
        |x, y| map.is_passable(x as usize, y as usize).then_some(1.0),
    )?;
    let mut astar = AStar::new();
    let (mut optimal, mut wrong) = (0, 0);
    for scenario in file.scenarios() {
        let found = astar.find_path(
            &grid,
            scenario.start,
            scenario.goal,
            &SearchOptions::default(),
        )?;
        let cells = found.as_ref().map(|path| path.cells.as_slice());
        match judge(&map, scenario, file.precision(), cells) {
            Verdict::Optimal => optimal += 1,
            verdict => {
                wrong += 1;
                println!("{}:{}: {verdict}", scen.display(), scenario.line);
            }
        }
    }
    println!(
        "{}: {optimal} of {} scenarios optimal on {} ({}x{})",
        scen.display(),
        optimal + wrong,
        map_path.display(),
        map.width(),
        map.height()
    );
    Ok(wrong == 0)
}
