//! The hierarchy's build and repair on a 1024x1024 grid of mixed costs (one
//! cell in nine a wall, costs 1 to 4: about 19 nodes a cluster, a hard case
//! for pricing), beside A* on the same grid in the same run, so the times
//! can be quoted as ratios on a machine whose speed wanders.
//!
//! `cargo bench -p gridpath --bench hierarchy` (no data needed). Prints the
//! build (best of 5), pricing every cluster, then 400 one-cell changes
//! spread over the grid, each repaired alone by `Hierarchy::sync`: walls
//! raised, cells made cheaper and dearer, on borders and inside clusters.

use std::hint::black_box;
use std::time::{Duration, Instant};

use gridpath::{AStar, Grid, Hierarchy, HierarchyOptions, Movement, Pos, SearchOptions};

/// The grid's side.
const SIDE: i32 = 1024;
/// One-cell changes repaired.
const CHANGES: i32 = 400;
/// A* queries timed for the comparison.
const ASTAR_QUERIES: i32 = 20;
/// Times each repair is measured (the best counts).
const REPEATS: usize = 5;
/// Builds timed (the best counts: noise on a shared machine only adds).
const BUILDS: usize = 5;

/// The same grid every run (a fixed hash, no random source); the same as
/// the workspace's `movingai` bench uses.
fn mixed_grid() -> Option<Grid> {
    Grid::from_fn(
        SIDE as usize,
        SIDE as usize,
        Movement::EIGHT_CONNECTED,
        |x, y| {
            let hash = (x as u32).wrapping_mul(73_856_093) ^ (y as u32).wrapping_mul(19_349_663);
            let hash = hash ^ (hash >> 13);
            (!hash.is_multiple_of(9)).then_some(1.0 + f64::from(hash % 4))
        },
    )
    .ok()
}

/// Mean µs of an A* query between cells 200 to 400 apart on `grid`.
fn astar_micros(grid: &Grid) -> f64 {
    let mut astar = AStar::new();
    let mut total = Duration::ZERO;
    let mut timed = 0u32;
    for i in 0..ASTAR_QUERIES {
        let start = Pos::new((i * 131 + 7) % 600, (i * 89 + 3) % 600);
        let goal = Pos::new(start.x + 200 + i * 7, start.y + 150 + i * 5);
        if !grid.is_passable(start) || !grid.is_passable(goal) {
            continue;
        }
        let started = Instant::now();
        black_box(
            astar
                .find_path(grid, start, goal, &SearchOptions::default())
                .ok(),
        );
        total += started.elapsed();
        timed += 1;
    }
    total.as_secs_f64() * 1e6 / f64::from(timed.max(1))
}

fn main() {
    let Some(mut grid) = mixed_grid() else {
        eprintln!("the bench grid could not be made");
        return;
    };
    let astar_before = astar_micros(&grid);
    let mut build = Duration::MAX;
    let mut built = None;
    for _ in 0..BUILDS {
        let started = Instant::now();
        let hierarchy = Hierarchy::build(&grid, HierarchyOptions::default());
        build = build.min(started.elapsed());
        built = hierarchy.ok();
    }
    let Some(mut hierarchy) = built else {
        eprintln!("the hierarchy could not be built");
        return;
    };
    let started = Instant::now();
    hierarchy.price_all(&grid);
    let priced = started.elapsed();
    // Each change is timed REPEATS times (made, repaired, undone, repaired
    // untimed) and its best time kept: the same work each time, so the
    // best is the repair without the preemptions of a loaded machine. The
    // change is then made for good, and the next one lands on that grid.
    let mut times = Vec::new();
    let mut first_times = Vec::new();
    let mut repriced = 0;
    for i in 0..CHANGES {
        let pos = Pos::new((i * 397 + 11) % SIDE, (i * 211 + 5) % SIDE);
        let cost = match i % 3 {
            0 => None,
            1 => Some(1.0),
            _ => Some(7.0),
        };
        let before = grid.cost(pos);
        let mut best = Duration::MAX;
        for repeat in 0..REPEATS {
            if grid.set_cost(pos, cost).is_err() {
                break;
            }
            let started = Instant::now();
            let stats = hierarchy.sync(&grid);
            let took = started.elapsed();
            best = best.min(took);
            if repeat == 0 {
                repriced += stats.clusters_repriced;
                first_times.push(took);
            }
            if repeat + 1 < REPEATS {
                let _ = grid.set_cost(pos, before);
                hierarchy.sync(&grid);
            }
        }
        if best != Duration::MAX {
            times.push(best);
        }
    }
    let astar_after = astar_micros(&grid);
    let astar = (astar_before + astar_after) / 2.0;
    let micros = |d: &Duration| d.as_secs_f64() * 1e6;
    let summary = |times: &mut Vec<Duration>| {
        times.sort_unstable();
        let mean = times.iter().map(micros).sum::<f64>() / times.len().max(1) as f64;
        let median = times.get(times.len() / 2).map_or(0.0, micros);
        let worst = times.last().map_or(0.0, micros);
        (mean, median, worst)
    };
    let (mean, median, worst) = summary(&mut times);
    let (first_mean, first_median, first_worst) = summary(&mut first_times);
    println!(
        "1024x1024 mixed costs: {} clusters, {} nodes; kept crossing paths {:.1} MB",
        hierarchy.cluster_count(),
        hierarchy.node_count(),
        hierarchy.path_bytes() as f64 / 1e6
    );
    println!(
        "A* query (200-400 cells apart, mean of {ASTAR_QUERIES} before and after): {astar:.0} µs"
    );
    println!(
        "build {:.1} ms ({:.2}x an A* query); pricing every cluster {:.1} ms",
        build.as_secs_f64() * 1e3,
        build.as_secs_f64() * 1e6 / astar,
        priced.as_secs_f64() * 1e3
    );
    println!(
        "one-cell repair, best of {REPEATS}: mean {mean:.0} µs ({:.3}x an A* query), median {median:.0} µs, max {worst:.0} µs; {:.2} clusters re-priced a change",
        mean / astar,
        repriced as f64 / f64::from(CHANGES)
    );
    println!(
        "one-cell repair, first try: mean {first_mean:.0} µs ({:.3}x an A* query), median {first_median:.0} µs, max {first_worst:.0} µs",
        first_mean / astar
    );
}
