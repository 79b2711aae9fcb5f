//! The hierarchy's part of the Moving AI bench: on each dev map its build
//! time, its time per query beside our A*'s (same queries), its paths'
//! cost over the listed optimum and A*'s expansions over its own; then on a
//! 1024x1024 grid of mixed costs, building it, pricing every cluster, and
//! repairing it after one cell changes.

use std::hint::black_box;
use std::time::{Duration, Instant};

use gridpath::movingai::octile_length;
use gridpath::{
    AStar, Grid, HierarchicalSearch, Hierarchy, HierarchyOptions, Movement, Pos, SearchOptions,
};

/// One dev map's queries: (start, goal, listed optimal length).
pub(crate) struct HierarchyQueries<'a> {
    pub name: &'a str,
    pub grid: &'a Grid,
    pub queries: Vec<(Pos, Pos, f64)>,
}

/// Prints one line per map and a total line.
pub(crate) fn hierarchy_section(maps: &[HierarchyQueries<'_>]) {
    println!(
        "hierarchy (16x16 clusters; a warm-up pass prices the clusters first, then the best of 3 timed passes):"
    );
    println!(
        "  {:<16} {:>8} {:>9} {:>9} {:>10} {:>9} {:>9} {:>9}",
        "map", "build ms", "hpa µs/q", "A* µs/q", "A*/hpa", "mean", "max", "exp ratio"
    );
    let (mut astar, mut search) = (AStar::new(), HierarchicalSearch::new());
    for map in maps {
        let started = Instant::now();
        let Ok(mut hierarchy) = Hierarchy::build(map.grid, HierarchyOptions::default()) else {
            println!("  {:<16} cannot build", map.name);
            continue;
        };
        let build = started.elapsed();
        let (mut ratio_sum, mut ratio_max, mut paths) = (0.0, 1.0f64, 0usize);
        let (mut astar_expanded, mut hpa_expanded) = (0u64, 0u64);
        for &(start, goal, optimal) in &map.queries {
            let found = search
                .find_path(&mut hierarchy, map.grid, start, goal)
                .ok()
                .flatten();
            if let (Some(path), true) = (found, optimal > 0.0) {
                let ratio = octile_length(&path.cells) / optimal;
                (ratio_sum, ratio_max, paths) =
                    (ratio_sum + ratio, ratio_max.max(ratio), paths + 1);
                if optimal > 256.0 {
                    hpa_expanded += search.stats().expanded();
                    let _ = astar.find_path(map.grid, start, goal, &SearchOptions::default());
                    astar_expanded += astar.stats().expanded;
                }
            }
        }
        let mut best_hpa = Duration::MAX;
        let mut best_astar = Duration::MAX;
        for _ in 0..3 {
            let started = Instant::now();
            for &(start, goal, _) in &map.queries {
                black_box(search.find_path(&mut hierarchy, map.grid, start, goal).ok());
            }
            best_hpa = best_hpa.min(started.elapsed());
            let started = Instant::now();
            for &(start, goal, _) in &map.queries {
                black_box(
                    astar
                        .find_path(map.grid, start, goal, &SearchOptions::default())
                        .ok(),
                );
            }
            best_astar = best_astar.min(started.elapsed());
        }
        let per_query = |time: Duration| time.as_secs_f64() * 1e6 / map.queries.len().max(1) as f64;
        println!(
            "  {:<16} {:>8.2} {:>9.1} {:>9.1} {:>9.2}x {:>9.4} {:>9.4} {:>9.1}",
            map.name,
            build.as_secs_f64() * 1e3,
            per_query(best_hpa),
            per_query(best_astar),
            best_astar.as_secs_f64() / best_hpa.as_secs_f64(),
            ratio_sum / paths.max(1) as f64,
            ratio_max,
            astar_expanded as f64 / hpa_expanded.max(1) as f64,
        );
    }
    repair_section();
}

/// A 1024x1024 grid of costs 1 to 4 with one cell in nine a wall, the same
/// every run (a fixed hash, no random source).
fn mixed_grid() -> Option<Grid> {
    Grid::from_fn(1024, 1024, Movement::EIGHT_CONNECTED, |x, y| {
        let hash = (x as u32).wrapping_mul(73_856_093) ^ (y as u32).wrapping_mul(19_349_663);
        let hash = hash ^ (hash >> 13);
        (!hash.is_multiple_of(9)).then_some(1.0 + f64::from(hash % 4))
    })
    .ok()
}

/// Build, price-all and one-cell repair times on the 1024x1024 grid.
fn repair_section() {
    let Some(mut grid) = mixed_grid() else {
        return;
    };
    let started = Instant::now();
    let Ok(mut hierarchy) = Hierarchy::build(&grid, HierarchyOptions::default()) else {
        return;
    };
    let build = started.elapsed();
    let started = Instant::now();
    hierarchy.price_all(&grid);
    let priced = started.elapsed();
    // 400 changes spread over the grid, each repaired alone: borders and
    // cluster insides alike, walls raised and cells re-priced.
    let (mut total, mut worst, mut repriced) = (Duration::ZERO, Duration::ZERO, 0);
    let changes = 400;
    for i in 0..changes {
        let pos = Pos::new((i * 397 + 11) % 1024, (i * 211 + 5) % 1024);
        let cost = match i % 3 {
            0 => None,
            1 => Some(1.0),
            _ => Some(7.0),
        };
        if grid.set_cost(pos, cost).is_err() {
            continue;
        }
        let started = Instant::now();
        repriced += hierarchy.sync(&grid).clusters_repriced;
        let took = started.elapsed();
        total += took;
        worst = worst.max(took);
    }
    println!(
        "hierarchy on a 1024x1024 grid of mixed costs: build {:.1} ms ({} nodes), pricing every cluster {:.1} ms, one-cell repair mean {:.1} µs, max {:.1} µs ({:.2} clusters re-priced a change)",
        build.as_secs_f64() * 1e3,
        hierarchy.node_count(),
        priced.as_secs_f64() * 1e3,
        total.as_secs_f64() * 1e6 / f64::from(changes),
        worst.as_secs_f64() * 1e6,
        repriced as f64 / f64::from(changes),
    );
}
