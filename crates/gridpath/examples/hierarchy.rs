//! Two-tier planning on a Moving AI map: the hierarchy is built once, then
//! every scenario of a `.scen` file is answered through it and compared
//! with the benchmark's optimal length and with A*'s expansions.
//!
//! `cargo run --release -p gridpath --example hierarchy [FILE.scen ...] [--size N] [--every K]`
//!
//! Without a file it answers the scenarios of the small map that ships with
//! the package (`examples/data/sample.map`); give it `.scen` files of the
//! benchmark (movingai.com/benchmarks/grids.html) for real maps.
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Instant;

use gridpath::movingai::{MovingAiMap, ScenarioFile, octile_length};
use gridpath::{
    AStar, Grid, HierarchicalSearch, Hierarchy, HierarchyOptions, Movement, SearchOptions,
    steps_are_legal,
};

fn main() -> ExitCode {
    let mut files = Vec::new();
    let mut options = HierarchyOptions::default();
    let mut every = 1;
    let mut arguments = std::env::args().skip(1);
    while let Some(argument) = arguments.next() {
        match argument.as_str() {
            "--size" => match arguments.next().and_then(|n| n.parse().ok()) {
                Some(size) => options.cluster_size = size,
                None => return usage(),
            },
            "--every" => match arguments.next().and_then(|n| n.parse().ok()) {
                Some(k) if k > 0 => every = k,
                _ => return usage(),
            },
            _ => files.push(PathBuf::from(argument)),
        }
    }
    if files.is_empty() {
        files.push(PathBuf::from(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/examples/data/sample.map.scen"
        )));
    }
    for scen in &files {
        if !scen.is_file() {
            eprintln!("no Moving AI scenario file at {}", scen.display());
            return ExitCode::FAILURE;
        }
        if let Err(error) = run(scen, options, every) {
            eprintln!("{}: {error}", scen.display());
            return ExitCode::FAILURE;
        }
    }
    ExitCode::SUCCESS
}

fn usage() -> ExitCode {
    eprintln!("usage: hierarchy [FILE.scen ...] [--size N] [--every K]");
    ExitCode::FAILURE
}

fn run(
    scen: &std::path::Path,
    options: HierarchyOptions,
    every: usize,
) -> Result<(), Box<dyn std::error::Error>> {
    let file = ScenarioFile::load(scen)?;
    let Some(first) = file.scenarios().first() else {
        return Ok(());
    };
    let map = MovingAiMap::load(&file.map_path(first))?;
    let grid = Grid::from_fn(
        map.width(),
        map.height(),
        Movement::EIGHT_CONNECTED,
        |x, y| map.is_passable(x as usize, y as usize).then_some(1.0),
    )?;
    let built = Instant::now();
    let mut hierarchy = Hierarchy::build(&grid, options)?;
    let build_ms = built.elapsed().as_secs_f64() * 1e3;
    let (mut search, mut astar) = (HierarchicalSearch::new(), AStar::new());
    let (mut queries, mut illegal, mut missing) = (0, 0, 0);
    let (mut ratio_sum, mut ratio_max, mut worst_line) = (0.0, 1.0f64, 0);
    let (mut long_astar, mut long_hierarchy, mut long_coarse) = (0u64, 0u64, 0u64);
    let (mut micros, mut astar_micros) = (0.0, 0.0);
    for scenario in file.every(every) {
        if scenario.expects_no_path() || scenario.start == scenario.goal {
            continue;
        }
        let started = Instant::now();
        let found = search.find_path(&mut hierarchy, &grid, scenario.start, scenario.goal)?;
        micros += started.elapsed().as_secs_f64() * 1e6;
        queries += 1;
        let Some(path) = found else {
            missing += 1;
            continue;
        };
        if !steps_are_legal(&grid, scenario.start, &path.cells[1..])
            || path.cells.last() != Some(&scenario.goal)
        {
            illegal += 1;
            continue;
        }
        let ratio = octile_length(&path.cells) / scenario.optimal_length;
        ratio_sum += ratio;
        if ratio > ratio_max {
            (ratio_max, worst_line) = (ratio, scenario.line);
        }
        // A* on every query, timed the same way, for the time ratio.
        let started = Instant::now();
        astar.find_path(
            &grid,
            scenario.start,
            scenario.goal,
            &SearchOptions::default(),
        )?;
        astar_micros += started.elapsed().as_secs_f64() * 1e6;
        if scenario.optimal_length > 256.0 {
            long_astar += astar.stats().expanded;
            long_hierarchy += search.stats().expanded();
            long_coarse += search.stats().coarse_expanded;
        }
    }
    println!(
        "{}: build {build_ms:.1} ms, {} nodes; {queries} queries, {:.1} µs/query (A* {:.1}, {:.2}x; the first queries price the clusters they reach), {illegal} illegal, {missing} missing; mean ratio {:.4}, max {ratio_max:.4} (line {worst_line}); long queries: A* {long_astar} / hierarchy {long_hierarchy} ({long_coarse} coarse) = {:.1}x",
        scen.display(),
        hierarchy.node_count(),
        micros / f64::from(queries.max(1)),
        astar_micros / f64::from(queries.max(1)),
        astar_micros / micros.max(1e-9),
        ratio_sum / f64::from((queries - illegal - missing).max(1)),
        long_astar as f64 / long_hierarchy.max(1) as f64,
    );
    Ok(())
}
