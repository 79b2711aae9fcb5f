//! The `fogcrawl scen` check: runs Moving AI scenario files through our A*
//! or jump point search and judges every returned path with the
//! engine-independent checker in [`gridpath::movingai`].
//!
//! The logic lives here, in the library, so tests can run it on fixtures and
//! read its report; [`run`] turns the report into the exit code.
//! This module never changes the engine's answers: it only times and judges.

mod hierarchy_tally;

pub use hierarchy_tally::HierarchyTally;

use crate::cli::output::print_err;
use crate::untrusted_text::escape_controls;
use std::collections::HashMap;
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::{Duration, Instant};

use gridpath::movingai::{
    LengthPrecision, MapError, MovingAiMap, ScenError, Scenario, ScenarioFile, Verdict, check_path,
    judge,
};
use gridpath::{
    AStar, Grid, GridError, Heuristic, HierarchicalSearch, Hierarchy, HierarchyError,
    HierarchyOptions, Jps, JpsError, Movement, Pos, QueryError, SearchOptions,
};

/// At most this many failing lines are printed per file; the counts cover all.
const MAX_FAILURES_SHOWN: usize = 10;

/// A reported path cost may differ from the length recomputed from its cells
/// by this much, relative, before the report is called wrong: the engine sums
/// step by step, the checker multiplies step counts once.
const REPORTED_COST_RELATIVE_TOLERANCE: f64 = 1e-9;

/// The heuristics the command line offers (clap lists them in `--help`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, clap::ValueEnum)]
pub enum HeuristicArg {
    #[default]
    Octile,
    Manhattan,
    Euclidean,
    Chebyshev,
    Zero,
}

impl From<HeuristicArg> for Heuristic {
    fn from(argument: HeuristicArg) -> Self {
        match argument {
            HeuristicArg::Octile => Self::Octile,
            HeuristicArg::Manhattan => Self::Manhattan,
            HeuristicArg::Euclidean => Self::Euclidean,
            HeuristicArg::Chebyshev => Self::Chebyshev,
            HeuristicArg::Zero => Self::Zero,
        }
    }
}

/// Which search `scen` runs.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, clap::ValueEnum)]
pub enum EngineArg {
    /// Jump point search where the grid suits it (every passable cell
    /// costs the same, and it is not so cluttered that A* is faster: see
    /// [`Jps::suits`]), A* otherwise; always A* with a non-default
    /// heuristic or weight.
    #[default]
    Auto,
    /// The engine's A*, with `--heuristic` and `--weight`.
    Astar,
    /// Jump point search (octile, optimal; uniform-cost maps only).
    Jps,
    /// Two-tier planning (HPA*: clusters of 16x16 cells, a coarse search,
    /// refinement and smoothing): legal paths near the optimum, judged for
    /// legality; prints how near, and A*'s expansions against its own.
    Hierarchy,
}

/// The search a map was checked with.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Engine {
    AStar,
    Jps,
    Hierarchy,
}

impl std::fmt::Display for Engine {
    fn fmt(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        formatter.write_str(match self {
            Self::AStar => "astar",
            Self::Jps => "jps",
            Self::Hierarchy => "hierarchy",
        })
    }
}

/// `fogcrawl scen`: check A* against Moving AI scenario files.
#[derive(Debug, Clone, clap::Args)]
pub struct ScenArgs {
    /// Scenario files (`.scen`); each one's map is read from beside it.
    #[arg(required = true, value_name = "FILE.scen")]
    pub files: Vec<PathBuf>,
    /// Run only every K-th scenario line of each file (1 = all of them).
    #[arg(long, value_name = "K", default_value_t = 1, value_parser = clap::value_parser!(u64).range(1..))]
    pub every: u64,
    /// The A* heuristic.
    #[arg(long, value_enum, default_value_t = HeuristicArg::Octile)]
    pub heuristic: HeuristicArg,
    /// Heuristic weight: 1 is optimal A*, above 1 is weighted A* (at most W x optimal).
    #[arg(long, value_name = "W", default_value_t = 1.0, value_parser = parse_weight)]
    pub weight: f64,
    /// The search: `auto` picks jump point search on maps it suits and A*
    /// elsewhere.
    #[arg(long, value_enum, default_value_t = EngineArg::Auto)]
    pub engine: EngineArg,
    /// After the summary, one line per file: `timing MAP QUERIES
    /// US_PER_QUERY EXPANSIONS` (search time only, over the queries checked).
    #[arg(long)]
    pub timing: bool,
}

fn parse_weight(text: &str) -> Result<f64, String> {
    match text.parse::<f64>() {
        Ok(weight) if weight.is_finite() && weight >= 1.0 => Ok(weight),
        _ => Err(format!(
            "expected a finite number of at least 1, found `{text}`"
        )),
    }
}

/// How a scenario run is set up.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct ScenOptions {
    /// Run every `every`-th line (0 and 1 both mean all).
    pub every: usize,
    pub search: SearchOptions,
    pub engine: EngineArg,
}

impl ScenOptions {
    /// The engine this run uses on `grid`.
    fn engine_for(&self, grid: &Grid) -> Engine {
        let astar_options = self.search != SearchOptions::default();
        match self.engine {
            EngineArg::Astar => Engine::AStar,
            EngineArg::Jps => Engine::Jps,
            EngineArg::Hierarchy => Engine::Hierarchy,
            EngineArg::Auto if !astar_options && Jps::suits(grid) => Engine::Jps,
            EngineArg::Auto => Engine::AStar,
        }
    }
}

impl From<&ScenArgs> for ScenOptions {
    fn from(arguments: &ScenArgs) -> Self {
        Self {
            every: usize::try_from(arguments.every).unwrap_or(usize::MAX),
            search: SearchOptions {
                heuristic: arguments.heuristic.into(),
                weight: arguments.weight,
                ..SearchOptions::default()
            },
            engine: arguments.engine,
        }
    }
}

/// Why a scenario file could not be checked at all.
#[derive(Debug, thiserror::Error)]
pub enum ScenRunError {
    #[error(transparent)]
    Scenario(#[from] ScenError),
    #[error(transparent)]
    Map(#[from] MapError),
    #[error(
        "{}:{line}: the scenario says its map is {expected_width}x{expected_height}, but {} is {found_width}x{found_height}",
        scen.display(), map.display()
    )]
    MapSize {
        scen: PathBuf,
        line: usize,
        map: PathBuf,
        expected_width: usize,
        expected_height: usize,
        found_width: usize,
        found_height: usize,
    },
    #[error("{}: cannot build a search grid from it: {source}", map.display())]
    Grid {
        map: PathBuf,
        #[source]
        source: GridError,
    },
    #[error("{}:{line}: the engine refused the query: {source}", scen.display())]
    Query {
        scen: PathBuf,
        line: usize,
        #[source]
        source: QueryError,
    },
    #[error(
        "--engine jps runs its own optimal octile search: --heuristic and --weight apply to A* only (use --engine astar or auto)"
    )]
    JpsOptions,
    #[error(
        "--engine hierarchy runs its own octile searches: --heuristic and --weight apply to A* only (use --engine astar or auto)"
    )]
    HierarchyOptions,
    #[error("{}: cannot build its hierarchy: {source}", map.display())]
    Hierarchy {
        map: PathBuf,
        #[source]
        source: HierarchyError,
    },
    #[error("{}:{line}: the hierarchy refused the query: {source}", scen.display())]
    HierarchyQuery {
        scen: PathBuf,
        line: usize,
        #[source]
        source: QueryError,
    },
    #[error("{}:{line}: jump point search refused the query: {source}", scen.display())]
    Jps {
        scen: PathBuf,
        line: usize,
        #[source]
        source: JpsError,
    },
}

/// What went wrong with one scenario.
#[derive(Debug, Clone, PartialEq)]
pub enum Failure {
    /// The checker's verdict was not [`Verdict::Optimal`].
    Verdict(Verdict),
    /// The path is legal and of the listed length, but the engine reported a
    /// different cost for it.
    ReportedCost { reported: f64, recomputed: f64 },
}

impl std::fmt::Display for Failure {
    fn fmt(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Self::Verdict(verdict) => verdict.fmt(formatter),
            Self::ReportedCost {
                reported,
                recomputed,
            } => write!(
                formatter,
                "the engine reported cost {reported}, but the path's cells sum to {recomputed}"
            ),
        }
    }
}

/// One failing scenario, for printing.
#[derive(Debug, Clone, PartialEq)]
pub struct FailedScenario {
    pub line: usize,
    pub start: Pos,
    pub goal: Pos,
    pub failure: Failure,
}

/// The outcome of one scenario file.
#[derive(Debug, Clone, PartialEq)]
pub struct FileReport {
    pub path: PathBuf,
    /// The name of the (first) map its scenarios ran on, without `.map`.
    pub map: String,
    /// The search used on that map.
    pub engine: Option<Engine>,
    pub precision: LengthPrecision,
    pub checked: usize,
    pub optimal: usize,
    /// Legal paths of the wrong length, missing paths, paths where none
    /// exists, and wrongly reported costs.
    pub mismatched: usize,
    /// Paths that break the movement rules or miss an endpoint.
    pub illegal: usize,
    /// Mismatched legal paths no longer than `weight` x optimal (only counted
    /// when the weight is above 1).
    pub within_weight_bound: usize,
    /// Time spent inside the engine's `find_path_into`, summed over queries.
    pub search_time: Duration,
    /// Cells A* expanded (jump points, for jump point search), summed over
    /// queries.
    pub expanded: u64,
    /// The first failures, in file order (at most `MAX_FAILURES_SHOWN`).
    pub failures: Vec<FailedScenario>,
    /// What the hierarchy engine adds up (zero for the others).
    pub hierarchy: HierarchyTally,
}

impl FileReport {
    fn new(path: &Path, precision: LengthPrecision) -> Self {
        Self {
            path: path.to_path_buf(),
            map: String::new(),
            engine: None,
            precision,
            checked: 0,
            optimal: 0,
            mismatched: 0,
            illegal: 0,
            within_weight_bound: 0,
            search_time: Duration::ZERO,
            expanded: 0,
            failures: Vec::new(),
            hierarchy: HierarchyTally::default(),
        }
    }

    /// Mean engine time per query, in microseconds.
    #[must_use]
    pub fn micros_per_query(&self) -> f64 {
        if self.checked == 0 {
            return 0.0;
        }
        self.search_time.as_secs_f64() * 1e6 / self.checked as f64
    }

    /// `timing MAP QUERIES US_PER_QUERY EXPANSIONS`: search time only, over
    /// the queries checked.
    #[must_use]
    pub fn timing_line(&self) -> String {
        format!(
            "timing {} {} {:.2} {}",
            escape_controls(&self.map),
            self.checked,
            self.micros_per_query(),
            self.expanded
        )
    }

    /// Engine expansions per second of engine time.
    #[must_use]
    pub fn expansions_per_second(&self) -> f64 {
        let seconds = self.search_time.as_secs_f64();
        if seconds == 0.0 {
            return 0.0;
        }
        self.expanded as f64 / seconds
    }
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
    let grid = Grid::from_fn(
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
    .map_err(|source| ScenRunError::Grid {
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

/// Checks one scenario file: loads it and its map(s), runs the selected lines
/// through A*, and judges each answer.
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
        let failure = match failure {
            // A legal path above the optimum is what this engine trades
            // for its speed: counted, not failed.
            Some(Failure::Verdict(Verdict::Mismatched {
                found: Some(_),
                optimal,
            })) if loaded.engine == Engine::Hierarchy && optimal > 0.0 => {
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
                if is_within_weight_bound(
                    failure,
                    scenario,
                    file.precision(),
                    options.search.weight,
                ) {
                    report.within_weight_bound += 1;
                }
            }
        }
        if let Some(failure) = failure
            && report.failures.len() < MAX_FAILURES_SHOWN
        {
            report.failures.push(FailedScenario {
                line: scenario.line,
                start: scenario.start,
                goal: scenario.goal,
                failure,
            });
        }
    }
    Ok(report)
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

/// The outcome of a whole `scen` run.
#[derive(Debug, Default)]
pub struct ScenReport {
    pub files: Vec<FileReport>,
    /// Files that could not be checked, with why.
    pub errors: Vec<ScenRunError>,
}

impl ScenReport {
    #[must_use]
    pub fn checked(&self) -> usize {
        self.files.iter().map(|file| file.checked).sum()
    }

    #[must_use]
    pub fn optimal(&self) -> usize {
        self.files.iter().map(|file| file.optimal).sum()
    }

    #[must_use]
    pub fn mismatched(&self) -> usize {
        self.files.iter().map(|file| file.mismatched).sum()
    }

    #[must_use]
    pub fn illegal(&self) -> usize {
        self.files.iter().map(|file| file.illegal).sum()
    }

    #[must_use]
    pub fn hierarchy(&self) -> HierarchyTally {
        let mut tally = HierarchyTally::default();
        for file in &self.files {
            tally.merge(&file.hierarchy);
        }
        tally
    }

    #[must_use]
    pub fn within_weight_bound(&self) -> usize {
        self.files.iter().map(|file| file.within_weight_bound).sum()
    }

    /// Whether every file was checked and every scenario was optimal.
    #[must_use]
    pub fn passed(&self) -> bool {
        self.errors.is_empty() && self.mismatched() == 0 && self.illegal() == 0
    }

    /// The run's last line, always in this exact form.
    #[must_use]
    pub fn summary_line(&self) -> String {
        format!(
            "checked {} scenarios: {} optimal, {} mismatched, {} illegal",
            self.checked(),
            self.optimal(),
            self.mismatched(),
            self.illegal()
        )
    }
}

/// Runs `fogcrawl scen`: checks every file, writing one block per file to
/// `out` (errors to `err`), then the weight line if any, then the summary
/// line last. Returns the report; the caller turns [`ScenReport::passed`]
/// into the exit code.
///
/// # Errors
/// Only if writing to `out` or `err` fails.
pub fn run_command(
    arguments: &ScenArgs,
    out: &mut impl Write,
    err: &mut impl Write,
) -> io::Result<ScenReport> {
    let options = ScenOptions::from(arguments);
    let mut report = ScenReport::default();
    let refused = match options.engine {
        _ if options.search == SearchOptions::default() => None,
        EngineArg::Jps => Some(ScenRunError::JpsOptions),
        EngineArg::Hierarchy => Some(ScenRunError::HierarchyOptions),
        EngineArg::Auto | EngineArg::Astar => None,
    };
    if let Some(error) = refused {
        writeln!(err, "error: {error}")?;
        report.errors.push(error);
        writeln!(out, "{}", report.summary_line())?;
        return Ok(report);
    }
    for path in &arguments.files {
        match run_file(path, &options) {
            Ok(file) => {
                write_file_report(&file, out)?;
                report.files.push(file);
            }
            Err(error) => {
                // File text quoted in the error may hold control bytes.
                writeln!(err, "error: {}", escape_controls(&error.to_string()))?;
                report.errors.push(error);
            }
        }
    }
    if options.search.weight > 1.0 {
        writeln!(
            out,
            "weight {}: {} of {} mismatched paths are suboptimal but within {} x optimal",
            options.search.weight,
            report.within_weight_bound(),
            report.mismatched(),
            options.search.weight
        )?;
    }
    if options.engine == EngineArg::Hierarchy {
        let tally = report.hierarchy();
        writeln!(
            out,
            "hierarchy: {} legal paths longer than the optimum (not failures for this engine); built in {:.1} ms in all",
            tally.longer,
            tally.build_seconds * 1e3
        )?;
        writeln!(out, "{}", tally.summary_line())?;
    }
    if !report.errors.is_empty() {
        writeln!(
            out,
            "{} of {} files could not be checked (see the errors above)",
            report.errors.len(),
            arguments.files.len()
        )?;
    }
    writeln!(out, "{}", report.summary_line())?;
    if arguments.timing {
        for file in &report.files {
            writeln!(out, "{}", file.timing_line())?;
        }
    }
    Ok(report)
}

fn write_file_report(file: &FileReport, out: &mut impl Write) -> io::Result<()> {
    let engine = file
        .engine
        .map_or_else(String::new, |engine| format!(", {engine}"));
    writeln!(
        out,
        "{}: {} scenarios (lengths to {}{engine}), {:.1} µs/query, {:.2} M expansions/s",
        escape_controls(&file.path.display().to_string()),
        file.checked,
        file.precision,
        file.micros_per_query(),
        file.expansions_per_second() / 1e6
    )?;
    for failed in &file.failures {
        writeln!(
            out,
            "  line {}: {} -> {}: {}",
            failed.line,
            failed.start,
            failed.goal,
            escape_controls(&failed.failure.to_string())
        )?;
    }
    let failing = file.mismatched + file.illegal;
    if failing > file.failures.len() {
        writeln!(
            out,
            "  ... and {} more failing lines",
            failing - file.failures.len()
        )?;
    }
    Ok(())
}

/// `fogcrawl scen`: checks the files and fails unless every scenario passed.
pub fn run(arguments: &ScenArgs) -> ExitCode {
    let report = run_command(
        arguments,
        &mut std::io::stdout().lock(),
        &mut std::io::stderr().lock(),
    );
    match report {
        Ok(report) if report.passed() => ExitCode::SUCCESS,
        Ok(_) => ExitCode::FAILURE,
        Err(error) => {
            print_err(&format!("fogcrawl scen: cannot write the report: {error}"));
            ExitCode::FAILURE
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn fixture(name: &str) -> PathBuf {
        Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("tests/fixtures/movingai")
            .join(name)
    }

    fn arguments(files: &[&str]) -> ScenArgs {
        ScenArgs {
            files: files.iter().map(|name| fixture(name)).collect(),
            every: 1,
            heuristic: HeuristicArg::Octile,
            weight: 1.0,
            engine: EngineArg::Auto,
            timing: false,
        }
    }

    fn run(arguments: &ScenArgs) -> (ScenReport, String, String) {
        let mut out = Vec::new();
        let mut err = Vec::new();
        let report = run_command(arguments, &mut out, &mut err).unwrap();
        (
            report,
            String::from_utf8(out).unwrap(),
            String::from_utf8(err).unwrap(),
        )
    }

    #[test]
    fn fixture_scenarios_are_all_optimal_with_every_heuristic_but_manhattan() {
        for heuristic in [
            HeuristicArg::Octile,
            HeuristicArg::Euclidean,
            HeuristicArg::Chebyshev,
            HeuristicArg::Zero,
        ] {
            let mut arguments = arguments(&[
                "tiny.map.scen",
                "tiny_six_digits.scen",
                "tiny_two_decimals.scen",
            ]);
            arguments.heuristic = heuristic;
            let (report, out, err) = run(&arguments);
            assert!(report.passed(), "{heuristic:?}:\n{out}{err}");
            assert_eq!(
                out.lines().last(),
                Some("checked 16 scenarios: 16 optimal, 0 mismatched, 0 illegal"),
                "{heuristic:?}"
            );
            assert_eq!(err, "");
        }
    }

    #[test]
    fn a_wrong_optimum_is_mismatched_and_fails_the_run() {
        let (report, out, _) = run(&arguments(&["wrong_optimum.scen"]));
        assert!(!report.passed());
        let lines: Vec<&str> = out.lines().collect();
        assert_eq!(
            lines[1],
            "  line 3: (2, 3) -> (6, 3): found a path of length 4.00000000, listed optimum 3"
        );
        assert_eq!(
            lines.last(),
            Some(&"checked 3 scenarios: 2 optimal, 1 mismatched, 0 illegal")
        );
    }

    #[test]
    fn every_k_runs_evenly_spaced_lines() {
        let mut arguments = arguments(&["tiny.map.scen"]);
        arguments.every = 4;
        let (report, out, _) = run(&arguments);
        assert_eq!(report.checked(), 3, "lines 1, 5 and 9 of 9:\n{out}");
        assert!(report.passed());
    }

    #[test]
    fn weighted_search_reports_its_bound_before_the_strict_summary() {
        let mut arguments = arguments(&["tiny.map.scen"]);
        arguments.weight = 2.5;
        let (report, out, _) = run(&arguments);
        let lines: Vec<&str> = out.lines().collect();
        let [.., weight_line, summary] = lines.as_slice() else {
            panic!("too few lines:\n{out}");
        };
        assert_eq!(
            *weight_line,
            format!(
                "weight 2.5: {} of {} mismatched paths are suboptimal but within 2.5 x optimal",
                report.within_weight_bound(),
                report.mismatched()
            )
        );
        assert_eq!(report.within_weight_bound(), report.mismatched());
        assert_eq!(*summary, report.summary_line());
        assert_eq!(report.illegal(), 0);
    }

    #[test]
    fn malformed_and_missing_files_are_reported_and_fail_the_run() {
        let (report, out, err) = run(&arguments(&[
            "bad_field.scen",
            "missing_map.scen",
            "map_size_mismatch.scen",
            "tiny.map.scen",
        ]));
        assert!(!report.passed());
        let dir = fixture("");
        let dir = dir.display();
        assert_eq!(
            err,
            format!(
                "error: {dir}bad_field.scen:3: field `start_y`: expected a row from 0 to 5 (height - 1), found `zero`\n\
                 error: cannot read map {dir}nowhere.map: No such file or directory (os error 2)\n\
                 error: {dir}map_size_mismatch.scen:2: the scenario says its map is 8x7, but {dir}tiny.map is 8x6\n"
            )
        );
        let lines: Vec<&str> = out.lines().collect();
        assert_eq!(
            lines[lines.len() - 2..],
            [
                "3 of 4 files could not be checked (see the errors above)",
                "checked 9 scenarios: 9 optimal, 0 mismatched, 0 illegal"
            ]
        );
    }

    #[test]
    fn every_engine_finds_the_fixture_optima_and_says_which_ran() {
        for (engine, ran) in [
            (EngineArg::Astar, Some("astar")),
            (EngineArg::Jps, Some("jps")),
            (EngineArg::Auto, None),
        ] {
            let mut arguments = arguments(&[
                "tiny.map.scen",
                "tiny_six_digits.scen",
                "tiny_two_decimals.scen",
            ]);
            arguments.engine = engine;
            let (report, out, err) = run(&arguments);
            assert!(report.passed(), "{engine:?}:\n{out}{err}");
            assert_eq!(
                out.lines().last(),
                Some("checked 16 scenarios: 16 optimal, 0 mismatched, 0 illegal"),
                "{engine:?}"
            );
            if let Some(ran) = ran {
                assert!(
                    out.lines()
                        .next()
                        .is_some_and(|line| line.contains(&format!("8 decimals, {ran})"))),
                    "{engine:?}:\n{out}"
                );
            }
        }
    }

    #[test]
    fn auto_runs_astar_when_asked_for_a_heuristic_or_weight_and_jps_refuses() {
        let mut arguments = arguments(&["tiny.map.scen"]);
        arguments.weight = 1.5;
        let (report, out, _) = run(&arguments);
        assert_eq!(report.files[0].engine, Some(Engine::AStar), "{out}");
        arguments.engine = EngineArg::Jps;
        let (report, out, err) = run(&arguments);
        assert!(!report.passed());
        assert_eq!(
            err,
            "error: --engine jps runs its own optimal octile search: --heuristic and --weight \
             apply to A* only (use --engine astar or auto)\n"
        );
        assert_eq!(
            out,
            "checked 0 scenarios: 0 optimal, 0 mismatched, 0 illegal\n"
        );
    }

    #[test]
    fn timing_prints_a_line_per_file_after_the_summary() {
        let mut arguments = arguments(&["tiny.map.scen", "tiny_six_digits.scen"]);
        arguments.timing = true;
        arguments.engine = EngineArg::Jps;
        let (report, out, _) = run(&arguments);
        assert!(report.passed());
        let lines: Vec<&str> = out.lines().collect();
        let [.., summary, first, second] = lines.as_slice() else {
            panic!("too few lines:\n{out}");
        };
        assert_eq!(*summary, report.summary_line());
        for (line, queries) in [(first, 9), (second, 4)] {
            let fields: Vec<&str> = line.split(' ').collect();
            assert_eq!(fields.len(), 5, "{line}");
            assert_eq!(fields[..3], ["timing", "tiny", &queries.to_string()]);
            assert!(fields[3].parse::<f64>().is_ok_and(|us| us >= 0.0), "{line}");
            assert!(
                fields[4].parse::<u64>().is_ok_and(|expanded| expanded > 0),
                "{line}"
            );
        }
    }

    #[test]
    fn the_hierarchy_engine_prints_its_line_before_the_summary() {
        let mut arguments = arguments(&["tiny.map.scen", "tiny_six_digits.scen"]);
        arguments.engine = EngineArg::Hierarchy;
        let (report, out, err) = run(&arguments);
        assert!(report.passed(), "{out}{err}");
        assert_eq!(report.files[0].engine, Some(Engine::Hierarchy));
        let lines: Vec<&str> = out.lines().collect();
        let hierarchy_line = lines[lines.len() - 2];
        assert!(
            hierarchy_line.starts_with("hierarchy: ")
                && hierarchy_line.contains(" queries, mean cost ratio "),
            "{out}"
        );
        assert!(
            lines[lines.len() - 1].ends_with(" 0 mismatched, 0 illegal"),
            "{out}"
        );
        arguments.weight = 2.0;
        let (report, _, err) = run(&arguments);
        assert!(!report.passed());
        assert!(
            err.contains("--engine hierarchy runs its own octile searches"),
            "{err}"
        );
    }

    #[test]
    fn weights_below_one_are_rejected_by_the_parser() {
        assert!(parse_weight("0.5").is_err());
        assert!(parse_weight("NaN").is_err());
        assert_eq!(parse_weight("1.5"), Ok(1.5));
    }
}
