//! Running scenario files: every selected line of a `.scen` file searched
//! with A*, jump point search or the hierarchy on its map, each answer
//! judged by [`judge`] and the outcome added up in a [`FileReport`]. The
//! one runner behind fogcrawl's `scen` command, its Moving AI test and the
//! examples.
//!
//! It never changes an engine's answers: it only times and judges them. A
//! map is searched as the benchmark defines it: 8-connected, every passable
//! cell costing 1, no corner cutting ([`unit_cost_grid`]).

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::time::Instant;

// The engine a report names is the report's; its old path stays.
pub use super::report::Engine;
use super::report::{FailedScenario, Failure, FileReport};
use super::{
    LengthPrecision, MapError, MovingAiMap, ScenError, Scenario, ScenarioFile, Verdict, check_path,
    hierarchy_tally, judge,
};
use crate::{
    AStar, Grid, GridError, HierarchicalSearch, Hierarchy, HierarchyError, HierarchyOptions, Jps,
    JpsError, Movement, Pos, QueryError, SearchOptions,
};

/// At most this many failing lines are kept per file; the counts cover all.
pub const MAX_FAILURES_KEPT: usize = 10;

/// A reported path cost may differ from the length recomputed from its cells
/// by this much, relative, before the report is called wrong: the engine sums
/// step by step, the checker multiplies step counts once.
const REPORTED_COST_RELATIVE_TOLERANCE: f64 = 1e-9;

/// Which search to run on a file's map.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum EngineChoice {
    /// Jump point search where the grid suits it ([`Jps::suits`]), A*
    /// otherwise; always A* when the search options are not the defaults.
    #[default]
    Auto,
    /// A* with the run's [`SearchOptions`].
    AStar,
    /// Jump point search (octile, optimal; maps of one cost only).
    Jps,
    /// Two-tier planning ([`HierarchicalSearch`]): legal paths near the
    /// optimum; a longer legal path is tallied, not failed.
    Hierarchy,
}

/// How a scenario run is set up.
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct ScenOptions {
    /// Run every `every`-th line (0 and 1 both mean all).
    pub every: usize,
    /// A*'s options (heuristic, weight); jump point search and the
    /// hierarchy run their own optimal octile searches.
    pub search: SearchOptions,
    /// Which search runs.
    pub engine: EngineChoice,
}

impl ScenOptions {
    /// The engine this run uses on `grid`.
    #[must_use]
    pub fn engine_for(&self, grid: &Grid) -> Engine {
        let astar_options = self.search != SearchOptions::default();
        match self.engine {
            EngineChoice::AStar => Engine::AStar,
            EngineChoice::Jps => Engine::Jps,
            EngineChoice::Hierarchy => Engine::Hierarchy,
            EngineChoice::Auto if !astar_options && Jps::suits(grid) => Engine::Jps,
            EngineChoice::Auto => Engine::AStar,
        }
    }
}

/// Why a scenario file could not be checked at all.
#[derive(Debug, thiserror::Error)]
pub enum ScenRunError {
    /// The scenario file could not be read.
    #[error(transparent)]
    Scenario(#[from] ScenError),
    /// A map could not be read.
    #[error(transparent)]
    Map(#[from] MapError),
    /// A line's map size is not its map's.
    #[error(
        "{}:{line}: the scenario says its map is {expected_width}x{expected_height}, but {} is {found_width}x{found_height}",
        scen.display(), map.display()
    )]
    MapSize {
        /// The scenario file.
        scen: PathBuf,
        /// Its line.
        line: usize,
        /// The map the line names.
        map: PathBuf,
        /// The width the line says.
        expected_width: usize,
        /// The height the line says.
        expected_height: usize,
        /// The map's width.
        found_width: usize,
        /// The map's height.
        found_height: usize,
    },
    /// The map makes no search grid (too large, say).
    #[error("{}: cannot build a search grid from it: {source}", map.display())]
    Grid {
        /// The map.
        map: PathBuf,
        /// Why.
        #[source]
        source: GridError,
    },
    /// A* refused a query (an endpoint outside the map, say).
    #[error("{}:{line}: the engine refused the query: {source}", scen.display())]
    Query {
        /// The scenario file.
        scen: PathBuf,
        /// Its line.
        line: usize,
        /// Why.
        #[source]
        source: QueryError,
    },
    /// The map's hierarchy could not be built.
    #[error("{}: cannot build its hierarchy: {source}", map.display())]
    Hierarchy {
        /// The map.
        map: PathBuf,
        /// Why.
        #[source]
        source: HierarchyError,
    },
    /// The hierarchy refused a query.
    #[error("{}:{line}: the hierarchy refused the query: {source}", scen.display())]
    HierarchyQuery {
        /// The scenario file.
        scen: PathBuf,
        /// Its line.
        line: usize,
        /// Why.
        #[source]
        source: QueryError,
    },
    /// Jump point search refused a query.
    #[error("{}:{line}: jump point search refused the query: {source}", scen.display())]
    Jps {
        /// The scenario file.
        scen: PathBuf,
        /// Its line.
        line: usize,
        /// Why.
        #[source]
        source: JpsError,
    },
}

/// The benchmark's grid of `map`: 8-connected, every passable cell costing 1
/// (the movement rules forbid corner cutting, as [`Movement::EIGHT_CONNECTED`]
/// does).
///
/// # Errors
/// A [`GridError`] if the map is too large for a grid.
pub fn unit_cost_grid(map: &MovingAiMap) -> Result<Grid, GridError> {
    Grid::from_fn(
        map.width(),
        map.height(),
        Movement::EIGHT_CONNECTED,
        |x, y| {
            // The grid's coordinates come from its own 0..width/height loops,
            // which fit in i32 (the map reader caps sides), so they are never
            // negative here; a negative one would read as impassable.
            let (Ok(x), Ok(y)) = (usize::try_from(x), usize::try_from(y)) else {
                return None;
            };
            map.is_passable(x, y).then_some(1.0)
        },
    )
}

/// A map loaded for a scenario file, with the engine's grid built from it.
struct LoadedMap {
    map: MovingAiMap,
    grid: Grid,
    engine: Engine,
    /// Built when the engine is the hierarchy.
    hierarchy: Option<Hierarchy>,
    build_seconds: f64,
}

fn load_map(path: &Path, options: &ScenOptions) -> Result<LoadedMap, ScenRunError> {
    let map = MovingAiMap::load(path)?;
    let grid = unit_cost_grid(&map).map_err(|source| ScenRunError::Grid {
        map: path.to_path_buf(),
        source,
    })?;
    let engine = options.engine_for(&grid);
    let started = Instant::now();
    let hierarchy = match engine {
        Engine::Hierarchy => Some(
            Hierarchy::build(&grid, HierarchyOptions::default()).map_err(|source| {
                ScenRunError::Hierarchy {
                    map: path.to_path_buf(),
                    source,
                }
            })?,
        ),
        Engine::AStar | Engine::Jps => None,
    };
    Ok(LoadedMap {
        map,
        grid,
        engine,
        hierarchy,
        build_seconds: started.elapsed().as_secs_f64(),
    })
}

/// Checks one scenario file: loads it and its map(s), runs the selected
/// lines through the chosen search, and judges each answer.
///
/// ```
/// use std::path::Path;
/// use gridpath::movingai::{ScenOptions, run_file};
///
/// let scen = Path::new(env!("CARGO_MANIFEST_DIR")).join("examples/data/sample.map.scen");
/// let report = run_file(&scen, &ScenOptions::default()).expect("a readable sample");
/// assert_eq!((report.checked, report.optimal), (60, 60));
/// ```
///
/// # Errors
/// A [`ScenRunError`] if the file or a map cannot be read, a map's size
/// disagrees with a line, or the engine refuses a query (for example an
/// impassable start).
pub fn run_file(path: &Path, options: &ScenOptions) -> Result<FileReport, ScenRunError> {
    let file = ScenarioFile::load(path)?;
    run_selected(&file, file.every(options.every), options)
}

/// Checks the `selected` scenarios of an already parsed `file` (for example a
/// sample of its buckets); `options.every` is not applied again.
///
/// # Errors
/// As [`run_file`], except for reading the scenario file itself.
pub fn run_selected<'file>(
    file: &'file ScenarioFile,
    selected: impl IntoIterator<Item = &'file Scenario>,
    options: &ScenOptions,
) -> Result<FileReport, ScenRunError> {
    let path = file.path();
    let mut report = FileReport::new(path, file.precision());
    // Scenario files name one map in practice, but nothing in the format
    // forbids several, so maps are cached by path.
    let mut maps: HashMap<PathBuf, LoadedMap> = HashMap::new();
    let mut astar = AStar::new();
    let mut jps = Jps::new();
    let mut hierarchical = HierarchicalSearch::new();
    let mut cells: Vec<Pos> = Vec::new();

    for scenario in selected {
        let map_path = file.map_path(scenario);
        let loaded = match maps.entry(map_path) {
            std::collections::hash_map::Entry::Occupied(entry) => entry.into_mut(),
            std::collections::hash_map::Entry::Vacant(entry) => {
                let loaded = load_map(entry.key(), options)?;
                if report.engine.is_none() {
                    report.engine = Some(loaded.engine);
                    report.map = map_name(entry.key());
                }
                report.hierarchy.build_seconds += loaded.build_seconds;
                entry.insert(loaded)
            }
        };
        check_map_size(path, scenario, &file.map_path(scenario), &loaded.map)?;

        let (start, goal) = (scenario.start, scenario.goal);
        let found = match loaded.engine {
            Engine::AStar => {
                let started = Instant::now();
                let found =
                    astar.find_path_into(&loaded.grid, start, goal, &options.search, &mut cells);
                report.search_time += started.elapsed();
                report.expanded += astar.stats().expanded;
                found.map_err(|source| ScenRunError::Query {
                    scen: path.to_path_buf(),
                    line: scenario.line,
                    source,
                })?
            }
            Engine::Jps => {
                let started = Instant::now();
                let found = jps.find_path_into(&loaded.grid, start, goal, &mut cells);
                report.search_time += started.elapsed();
                report.expanded += jps.stats().expanded;
                found.map_err(|source| ScenRunError::Jps {
                    scen: path.to_path_buf(),
                    line: scenario.line,
                    source,
                })?
            }
            Engine::Hierarchy => run_hierarchical(
                loaded,
                scenario,
                &mut hierarchical,
                &mut astar,
                &mut report,
                &mut cells,
            )
            .map_err(|source| ScenRunError::HierarchyQuery {
                scen: path.to_path_buf(),
                line: scenario.line,
                source,
            })?,
        };
        report.checked += 1;
        let path_cells = found.map(|_| cells.as_slice());
        let failure = match judge(&loaded.map, scenario, file.precision(), path_cells) {
            Verdict::Optimal => found.zip(path_cells).and_then(|(reported, cells)| {
                reported_cost_failure(reported, cells, &loaded.map, scenario)
            }),
            verdict => Some(Failure::Verdict(verdict)),
        };
        tally(&mut report, loaded.engine, scenario, options, failure);
    }
    Ok(report)
}

/// Adds one judged scenario to the report.
fn tally(
    report: &mut FileReport,
    engine: Engine,
    scenario: &Scenario,
    options: &ScenOptions,
    failure: Option<Failure>,
) {
    let failure = match failure {
        // A legal path above the optimum is what this engine trades
        // for its speed: counted, not failed.
        Some(Failure::Verdict(Verdict::Mismatched {
            found: Some(_),
            optimal,
        })) if engine == Engine::Hierarchy && optimal > 0.0 => {
            report.hierarchy.longer += 1;
            None
        }
        failure => {
            if failure.is_none() {
                report.optimal += 1;
            }
            failure
        }
    };
    match &failure {
        None => {}
        Some(Failure::Verdict(Verdict::Illegal(_))) => report.illegal += 1,
        Some(failure) => {
            report.mismatched += 1;
            if is_within_weight_bound(failure, scenario, report.precision, options.search.weight) {
                report.within_weight_bound += 1;
            }
        }
    }
    if let Some(failure) = failure
        && report.failures.len() < MAX_FAILURES_KEPT
    {
        report.failures.push(FailedScenario {
            line: scenario.line,
            start: scenario.start,
            goal: scenario.goal,
            failure,
        });
    }
}

/// Answers one scenario through the map's hierarchy into `cells`, timing
/// it, and tallies its cost ratio and (on long queries) A*'s expansions
/// against its own. The reported cost, as for the other engines.
fn run_hierarchical(
    loaded: &mut LoadedMap,
    scenario: &Scenario,
    search: &mut HierarchicalSearch,
    astar: &mut AStar,
    report: &mut FileReport,
    cells: &mut Vec<Pos>,
) -> Result<Option<f64>, QueryError> {
    let Some(hierarchy) = loaded.hierarchy.as_mut() else {
        return Ok(None);
    };
    let (start, goal) = (scenario.start, scenario.goal);
    let started = Instant::now();
    let found = search.find_path(hierarchy, &loaded.grid, start, goal)?;
    report.search_time += started.elapsed();
    report.expanded += search.stats().expanded();
    cells.clear();
    let Some(path) = found else {
        return Ok(None);
    };
    cells.extend_from_slice(&path.cells);
    report.hierarchy.add_path(cells, scenario.optimal_length);
    if scenario.optimal_length > hierarchy_tally::LONG_QUERY {
        astar.find_path(&loaded.grid, start, goal, &SearchOptions::default())?;
        report.hierarchy.long_astar_expanded += astar.stats().expanded;
        report.hierarchy.long_hierarchy_expanded += search.stats().expanded();
    }
    Ok(Some(path.cost))
}

/// A map's file name without its `.map` ending, for the timing lines.
fn map_name(map_path: &Path) -> String {
    let name = map_path
        .file_name()
        .map_or_else(String::new, |name| name.to_string_lossy().into_owned());
    if let Some(stem) = name.strip_suffix(".map") {
        return stem.to_owned();
    }
    name
}

fn check_map_size(
    scen: &Path,
    scenario: &Scenario,
    map_path: &Path,
    map: &MovingAiMap,
) -> Result<(), ScenRunError> {
    if (scenario.map_width, scenario.map_height) == (map.width(), map.height()) {
        return Ok(());
    }
    Err(ScenRunError::MapSize {
        scen: scen.to_path_buf(),
        line: scenario.line,
        map: map_path.to_path_buf(),
        expected_width: scenario.map_width,
        expected_height: scenario.map_height,
        found_width: map.width(),
        found_height: map.height(),
    })
}

/// A legal, optimal-length path whose reported cost disagrees with its cells.
fn reported_cost_failure(
    reported: f64,
    cells: &[Pos],
    map: &MovingAiMap,
    scenario: &Scenario,
) -> Option<Failure> {
    let recomputed = check_path(map, scenario.start, scenario.goal, cells).ok()?;
    let tolerance = REPORTED_COST_RELATIVE_TOLERANCE * recomputed.max(1.0);
    ((reported - recomputed).abs() > tolerance).then_some(Failure::ReportedCost {
        reported,
        recomputed,
    })
}

/// Whether a mismatch is the expected price of weighted A*: a legal path no
/// longer than `weight` times the optimum (plus the file's tolerance).
fn is_within_weight_bound(
    failure: &Failure,
    scenario: &Scenario,
    precision: LengthPrecision,
    weight: f64,
) -> bool {
    let Failure::Verdict(Verdict::Mismatched {
        found: Some(length),
        optimal,
    }) = *failure
    else {
        return false;
    };
    weight > 1.0
        && !scenario.expects_no_path()
        && length <= weight * optimal + precision.tolerance(optimal)
}
