//! A Moving AI benchmark check: every scenario of a `.scen` file searched
//! with A* and judged against the benchmark's optimal length and movement
//! rules (N. Sturtevant, "Benchmarks for Grid-Based Pathfinding", 2012).
//!
//! `cargo run -p gridpath --example movingai [FILE.scen | FOLDER]`
//!
//! Without an argument it reads `arena.map.scen` from the folder in
//! `FOGCRAWL_MOVINGAI_DIR`, else `../shared/movingai`. The benchmark files
//! are not part of this package: when they are absent it says so and exits.
use std::path::PathBuf;
use std::process::ExitCode;

use gridpath::movingai::{MovingAiMap, ScenarioFile, Verdict, judge};
use gridpath::{AStar, Grid, Movement, SearchOptions};

fn main() -> ExitCode {
    let given = std::env::args_os().nth(1).map(PathBuf::from);
    let folder = std::env::var_os("FOGCRAWL_MOVINGAI_DIR")
        .map_or_else(|| PathBuf::from("../shared/movingai"), PathBuf::from);
    let scen = match given {
        Some(path) if path.is_dir() => path.join("arena.map.scen"),
        Some(path) => path,
        None => folder.join("arena.map.scen"),
    };
    if !scen.is_file() {
        println!(
            "no Moving AI scenario file at {}: download the benchmark (movingai.com/benchmarks/grids.html) and pass a .scen file or its folder",
            scen.display()
        );
        return ExitCode::SUCCESS;
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
