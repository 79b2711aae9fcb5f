//! Moving AI benchmark: our jump point search, our A* and
//! `pathfinding::prelude::astar` side by side on the dev maps listed in
//! `docs/ENGINE-NOTES.md`, same queries, same rules (8-connected, no corner
//! cutting, exact f64 costs), octile heuristic for all. Every answer is
//! checked before anything is timed: the engines must agree on each cost
//! (1e-9 relative) and match the scenario's optimum.
//!
//! Run with `cargo bench --bench movingai`. The data folder comes from
//! `FOGCRAWL_MOVINGAI_DIR`, or `../shared/movingai` relative to the package.
//! The last line is always `total speedup vs pathfinding::astar: X.XXx`
//! (sum of the peer's times over the sum of our A*'s); the two before it
//! give jump point search's total against our A* and against the peer.
//! Before the table, the hierarchy (two-tier planning) on the same queries,
//! and its build and repair times on a 1024x1024 grid.

use std::f64::consts::SQRT_2;
use std::hint::black_box;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::{Duration, Instant};

use gridpath::movingai::{MovingAiMap, ScenarioFile, unit_cost_grid};
use gridpath::{AStar, Grid, Jps, Pos, SearchOptions};

const MOVINGAI_DIR_VARIABLE: &str = "FOGCRAWL_MOVINGAI_DIR";
const DEFAULT_MOVINGAI_DIR: &str = "../shared/movingai";
/// The dev maps of `docs/ENGINE-NOTES.md`, in its order.
const DEV_MAPS: [&str; 6] = [
    "arena",
    "rmtst01",
    "arena2",
    "8room_000",
    "random512-10-0",
    "maze512-4-0",
];
/// Evenly spaced scenarios per map in the speed comparison.
const QUERIES_PER_MAP: usize = 500;
/// Evenly spaced scenarios per map in the tracing section: recording every
/// open and close is heavy on the 512x512 maps, and the overhead is a ratio.
const TRACE_QUERIES_PER_MAP: usize = 100;
/// Timed runs per engine and map: at least the minimum, then more until a
/// run set has taken `MIN_MEASURED_TIME`, never more than the maximum. The
/// best run counts: on a shared machine noise only ever adds time.
const MIN_TIMED_RUNS: usize = 2;
const MAX_TIMED_RUNS: usize = 7;
const MIN_MEASURED_TIME: Duration = Duration::from_millis(300);
/// Costs summed in different orders may differ by this much, relative.
const RELATIVE_TOLERANCE: f64 = 1e-9;

#[path = "support/hierarchy_section.rs"]
mod hierarchy_section;
use hierarchy_section::{HierarchyQueries, hierarchy_section};

#[path = "../tests/support/total_cost.rs"]
mod total_cost;
use total_cost::Cost;

/// One move for the peer: where it goes and, for a diagonal, the two cells
/// it passes between, as offsets in the peer's padded layout.
#[derive(Debug, Clone, Copy)]
struct PeerMove {
    offset: isize,
    length: f64,
    /// Offsets of the two orthogonal neighbours a diagonal needs; both 0 for
    /// a cardinal move, which makes the corner test read the (passable)
    /// current cell and pass.
    sides: [isize; 2],
}

/// The peer's view of a map. To keep the comparison fair the peer gets what
/// a careful user of `pathfinding::astar` would write: nodes are `u32` cell
/// indices (cheap to hash and copy) into a layout padded with a wall border
/// (no bounds checks), the 8 moves with their offsets, lengths and corner
/// cells are precomputed once per map, and successors are a lazy iterator
/// over that array (no allocation per call). What it does not get are our
/// engine's own tricks: per-cell move masks, flat generation-stamped node
/// records, the 4-ary heap and the equal-f stack.
struct PeerGrid {
    stride: usize,
    passable: Vec<bool>,
    moves: [PeerMove; 8],
}

impl PeerGrid {
    fn new(map: &MovingAiMap) -> Self {
        let stride = map.width() + 2;
        let mut passable = vec![false; stride * (map.height() + 2)];
        for y in 0..map.height() {
            for x in 0..map.width() {
                passable[(y + 1) * stride + x + 1] = map.is_passable(x, y);
            }
        }
        let row = stride as isize;
        let cardinal = |offset| PeerMove {
            offset,
            length: 1.0,
            sides: [0, 0],
        };
        let diagonal = |dx: isize, dy: isize| PeerMove {
            offset: dy * row + dx,
            length: SQRT_2,
            sides: [dx, dy * row],
        };
        Self {
            stride,
            passable,
            moves: [
                cardinal(-row),
                cardinal(1),
                cardinal(row),
                cardinal(-1),
                diagonal(1, -1),
                diagonal(1, 1),
                diagonal(-1, 1),
                diagonal(-1, -1),
            ],
        }
    }

    fn cell(&self, pos: Pos) -> u32 {
        ((pos.y as usize + 1) * self.stride + pos.x as usize + 1) as u32
    }

    #[inline]
    fn successors(&self, cell: u32) -> impl Iterator<Item = (u32, Cost)> + '_ {
        let cell = cell as usize;
        self.moves.iter().filter_map(move |step| {
            let next = cell.wrapping_add_signed(step.offset);
            let legal = self.passable[next]
                && self.passable[cell.wrapping_add_signed(step.sides[0])]
                && self.passable[cell.wrapping_add_signed(step.sides[1])];
            legal.then_some((next as u32, Cost(step.length)))
        })
    }

    #[inline]
    fn octile(&self, cell: u32, goal: u32) -> Cost {
        let stride = self.stride as u32;
        let dx = f64::from((cell % stride).abs_diff(goal % stride));
        let dy = f64::from((cell / stride).abs_diff(goal / stride));
        let (low, high) = if dx < dy { (dx, dy) } else { (dy, dx) };
        Cost((high - low) + SQRT_2 * low)
    }

    fn find_cost(&self, start: u32, goal: u32) -> Option<f64> {
        pathfinding::prelude::astar(
            &start,
            |&cell| self.successors(cell),
            |&cell| self.octile(cell, goal),
            |&cell| cell == goal,
        )
        .map(|(_, cost)| cost.0)
    }
}

struct Query {
    line: usize,
    start: Pos,
    goal: Pos,
    peer_start: u32,
    peer_goal: u32,
    optimal: f64,
    expects_no_path: bool,
}

struct BenchMap {
    name: &'static str,
    grid: Grid,
    peer: PeerGrid,
    /// Scenarios with their precision's tolerance, evenly spaced over the file.
    queries: Vec<(Query, f64)>,
}

fn load(dir: &Path, name: &'static str, count: usize) -> Result<BenchMap, String> {
    let scen_path = dir.join(format!("{name}.map.scen"));
    let file = ScenarioFile::load(&scen_path).map_err(|error| error.to_string())?;
    let first = file
        .scenarios()
        .first()
        .ok_or_else(|| format!("{}: no scenarios", scen_path.display()))?;
    let map = MovingAiMap::load(&file.map_path(first)).map_err(|error| error.to_string())?;
    let grid = unit_cost_grid(&map).map_err(|error| error.to_string())?;
    let peer = PeerGrid::new(&map);
    let scenarios = file.scenarios();
    let taken = count.min(scenarios.len());
    let queries = (0..taken)
        .map(|index| &scenarios[index * scenarios.len() / taken])
        .map(|scenario| {
            let (start, goal) = (scenario.start, scenario.goal);
            let query = Query {
                line: scenario.line,
                start,
                goal,
                peer_start: peer.cell(start),
                peer_goal: peer.cell(goal),
                optimal: scenario.optimal_length,
                expects_no_path: scenario.expects_no_path(),
            };
            (query, file.precision().tolerance(scenario.optimal_length))
        })
        .collect();
    Ok(BenchMap {
        name,
        grid,
        peer,
        queries,
    })
}

fn close(a: f64, b: f64) -> bool {
    (a - b).abs() <= RELATIVE_TOLERANCE * a.abs().max(b.abs()).max(1.0)
}

/// Runs every query through the three engines once (this is also the
/// warm-up) and checks they agree with each other and with the listed
/// optimum.
fn verify(bench: &BenchMap, astar: &mut AStar, jps: &mut Jps) -> Result<(), String> {
    let options = SearchOptions::default();
    for (query, tolerance) in &bench.queries {
        let ours = astar
            .find_path(&bench.grid, query.start, query.goal, &options)
            .map_err(|error| format!("{} line {}: {error}", bench.name, query.line))?
            .map(|path| path.cost);
        let peer = bench.peer.find_cost(query.peer_start, query.peer_goal);
        let jumped = jps
            .find_path(&bench.grid, query.start, query.goal)
            .map_err(|error| format!("{} line {}: {error}", bench.name, query.line))?
            .map(|path| path.cost);
        let same = |a: Option<f64>, b: Option<f64>| match (a, b) {
            (Some(a), Some(b)) => close(a, b),
            (None, None) => true,
            _ => false,
        };
        let agree = same(ours, peer) && same(ours, jumped);
        let listed = if query.expects_no_path {
            ours.is_none()
        } else {
            ours.is_some_and(|cost| (cost - query.optimal).abs() <= *tolerance)
        };
        if !agree || !listed {
            return Err(format!(
                "{} line {}: ours {ours:?}, jps {jumped:?}, pathfinding::astar {peer:?}, listed {}",
                bench.name, query.line, query.optimal
            ));
        }
    }
    Ok(())
}

/// One timed pass of our engine over every `step`-th query: (time, cells expanded).
fn time_ours(
    bench: &BenchMap,
    astar: &mut AStar,
    step: usize,
    cells: &mut Vec<Pos>,
) -> (Duration, u64) {
    let options = SearchOptions::default();
    let mut expanded = 0;
    let started = Instant::now();
    for (query, _) in bench.queries.iter().step_by(step) {
        let cost = astar.find_path_into(&bench.grid, query.start, query.goal, &options, cells);
        black_box(cost.ok());
        expanded += astar.stats().expanded;
    }
    (started.elapsed(), expanded)
}

/// One timed pass of jump point search over every query: (time, jump
/// points expanded).
fn time_jps(bench: &BenchMap, jps: &mut Jps, cells: &mut Vec<Pos>) -> (Duration, u64) {
    let mut expanded = 0;
    let started = Instant::now();
    for (query, _) in &bench.queries {
        let cost = jps.find_path_into(&bench.grid, query.start, query.goal, cells);
        black_box(cost.ok());
        expanded += jps.stats().expanded;
    }
    (started.elapsed(), expanded)
}

fn time_peer(bench: &BenchMap) -> Duration {
    let started = Instant::now();
    for (query, _) in &bench.queries {
        black_box(bench.peer.find_cost(query.peer_start, query.peer_goal));
    }
    started.elapsed()
}

/// Best time of `run` over the timed runs (see [`MIN_TIMED_RUNS`]).
fn best_of(mut run: impl FnMut() -> Duration) -> Duration {
    let mut best = Duration::MAX;
    let mut total = Duration::ZERO;
    for done in 1..=MAX_TIMED_RUNS {
        let time = run();
        best = best.min(time);
        total += time;
        if done >= MIN_TIMED_RUNS && total >= MIN_MEASURED_TIME {
            break;
        }
    }
    best
}

fn micros_per_query(time: Duration, queries: usize) -> f64 {
    time.as_secs_f64() * 1e6 / queries.max(1) as f64
}

fn tracing_section(maps: &[BenchMap]) {
    println!(
        "tracing on vs off (our engine, up to {TRACE_QUERIES_PER_MAP} evenly spaced scenarios per map, best run):"
    );
    let mut cells = Vec::new();
    let (mut total_off, mut total_on) = (Duration::ZERO, Duration::ZERO);
    for bench in maps {
        // Every step-th of the (already evenly spaced) queries, so the subset
        // still spans the whole file rather than its short first lines.
        let step = bench.queries.len().div_ceil(TRACE_QUERIES_PER_MAP).max(1);
        let queries = bench.queries.len().div_ceil(step);
        let mut astar = AStar::new();
        time_ours(bench, &mut astar, step, &mut cells);
        let off = best_of(|| time_ours(bench, &mut astar, step, &mut cells).0);
        astar.set_tracing(true);
        time_ours(bench, &mut astar, step, &mut cells);
        let on = best_of(|| time_ours(bench, &mut astar, step, &mut cells).0);
        total_off += off;
        total_on += on;
        println!(
            "  {:<16} off {:>9.1} µs/query   on {:>9.1} µs/query   overhead {:>+6.1}%",
            bench.name,
            micros_per_query(off, queries),
            micros_per_query(on, queries),
            overhead_percent(off, on)
        );
    }
    println!(
        "  {:<16} overhead {:+.1}%",
        "total",
        overhead_percent(total_off, total_on)
    );
}

fn overhead_percent(off: Duration, on: Duration) -> f64 {
    (on.as_secs_f64() / off.as_secs_f64().max(f64::MIN_POSITIVE) - 1.0) * 100.0
}

/// The timed table: jump points, our A* and `pathfinding::astar` on each
/// map (the best of several alternating runs), and the totals.
fn speed_section(maps: &[BenchMap], astar: &mut AStar, jps: &mut Jps) {
    println!(
        "{:<16} {:>7} {:>10} {:>10} {:>10} {:>8} {:>8} {:>8} {:>12}",
        "map",
        "queries",
        "jps µs/q",
        "A* µs/q",
        "peer µs/q",
        "A*/jps",
        "peer/jps",
        "peer/A*",
        "A* M exp/s"
    );
    let mut cells = Vec::new();
    let mut total_jps = Duration::ZERO;
    let (mut total_ours, mut total_peer) = (Duration::ZERO, Duration::ZERO);
    for bench in maps {
        let queries = bench.queries.len();
        let mut expanded = 0;
        // Alternate the engines run by run, so a burst of load from other
        // processes hits all of them rather than one.
        let mut best_jps = Duration::MAX;
        let mut best_ours = Duration::MAX;
        let mut best_peer = Duration::MAX;
        let mut spent = Duration::ZERO;
        for done in 1..=MAX_TIMED_RUNS {
            let (jumped, _) = time_jps(bench, jps, &mut cells);
            let (ours, ours_expanded) = time_ours(bench, astar, 1, &mut cells);
            let peer = time_peer(bench);
            expanded = ours_expanded;
            best_jps = best_jps.min(jumped);
            best_ours = best_ours.min(ours);
            best_peer = best_peer.min(peer);
            spent += jumped + ours + peer;
            if done >= MIN_TIMED_RUNS && spent >= MIN_MEASURED_TIME {
                break;
            }
        }
        total_jps += best_jps;
        total_ours += best_ours;
        total_peer += best_peer;
        println!(
            "{:<16} {:>7} {:>10.1} {:>10.1} {:>10.1} {:>7.2}x {:>7.2}x {:>7.2}x {:>12.2}",
            bench.name,
            queries,
            micros_per_query(best_jps, queries),
            micros_per_query(best_ours, queries),
            micros_per_query(best_peer, queries),
            best_ours.as_secs_f64() / best_jps.as_secs_f64(),
            best_peer.as_secs_f64() / best_jps.as_secs_f64(),
            best_peer.as_secs_f64() / best_ours.as_secs_f64(),
            expanded as f64 / best_ours.as_secs_f64() / 1e6
        );
    }
    println!(
        "total jps speedup vs our A*: {:.2}x",
        total_ours.as_secs_f64() / total_jps.as_secs_f64()
    );
    println!(
        "total jps speedup vs pathfinding::astar: {:.2}x",
        total_peer.as_secs_f64() / total_jps.as_secs_f64()
    );
    println!(
        "total speedup vs pathfinding::astar: {:.2}x",
        total_peer.as_secs_f64() / total_ours.as_secs_f64()
    );
}

fn main() -> ExitCode {
    let dir = std::env::var_os(MOVINGAI_DIR_VARIABLE)
        .map_or_else(|| PathBuf::from(DEFAULT_MOVINGAI_DIR), PathBuf::from);
    let mut maps = Vec::new();
    for name in DEV_MAPS {
        match load(&dir, name, QUERIES_PER_MAP) {
            Ok(bench) => maps.push(bench),
            Err(error) => {
                eprintln!(
                    "movingai bench: {error} (set {MOVINGAI_DIR_VARIABLE} to the benchmark folder)"
                );
                return ExitCode::FAILURE;
            }
        }
    }
    println!(
        "movingai bench: {}, up to {QUERIES_PER_MAP} evenly spaced scenarios per dev map, octile, no corner cutting",
        dir.display()
    );

    // One search space for every map, as the engine is meant to be used:
    // `verify` checks each map's answers after the switch (a reuse bug once
    // returned the previous map's costs here), and warms the space up.
    let mut astar = AStar::new();
    let mut jps = Jps::new();
    for bench in &maps {
        if let Err(error) = verify(bench, &mut astar, &mut jps) {
            eprintln!("movingai bench: answers disagree: {error}");
            return ExitCode::FAILURE;
        }
    }
    println!("checked: all three engines agree on every cost and match every listed optimum");

    tracing_section(&maps);
    let queries: Vec<HierarchyQueries<'_>> = maps
        .iter()
        .map(|bench| HierarchyQueries {
            name: bench.name,
            grid: &bench.grid,
            queries: bench
                .queries
                .iter()
                .map(|(query, _)| (query.start, query.goal, query.optimal))
                .collect(),
        })
        .collect();
    hierarchy_section(&queries);
    speed_section(&maps, &mut astar, &mut jps);
    ExitCode::SUCCESS
}
