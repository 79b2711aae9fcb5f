//! The `fogcrawl scen` command: its flags, and the report of a run over
//! Moving AI scenario files, printed for a user and turned into the exit
//! code. The runner itself (search, judge, add up) is the engine's
//! [`gridpath::movingai::run_file`], shared with the Moving AI test and the
//! engine's examples; this module only chooses, prints and decides.
//! It never changes the engine's answers.

use crate::cli::output::print_err;
use fogcrawl_core::escape_controls;
use std::io::{self, Write};
use std::path::PathBuf;
use std::process::ExitCode;

use gridpath::movingai::{EngineChoice, FileReport, HierarchyTally, ScenOptions, run_file};
use gridpath::{Heuristic, SearchOptions};

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
    /// [`gridpath::Jps::suits`]), A* otherwise; always A* with a non-default
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

impl From<EngineArg> for EngineChoice {
    fn from(argument: EngineArg) -> Self {
        match argument {
            EngineArg::Auto => Self::Auto,
            EngineArg::Astar => Self::AStar,
            EngineArg::Jps => Self::Jps,
            EngineArg::Hierarchy => Self::Hierarchy,
        }
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

impl From<&ScenArgs> for ScenOptions {
    fn from(arguments: &ScenArgs) -> Self {
        Self {
            every: usize::try_from(arguments.every).unwrap_or(usize::MAX),
            search: SearchOptions {
                heuristic: arguments.heuristic.into(),
                weight: arguments.weight,
                ..SearchOptions::default()
            },
            engine: arguments.engine.into(),
        }
    }
}

/// The engine's A* options go to A* alone: jump point search and the
/// hierarchy run their own optimal octile searches.
const JPS_OPTIONS: &str = "--engine jps runs its own optimal octile search: --heuristic and --weight apply to A* only (use --engine astar or auto)";
const HIERARCHY_OPTIONS: &str = "--engine hierarchy runs its own octile searches: --heuristic and --weight apply to A* only (use --engine astar or auto)";

/// The outcome of a whole `scen` run.
#[derive(Debug, Default)]
pub struct ScenReport {
    pub files: Vec<FileReport>,
    /// Files that could not be checked (and flags that could not be used
    /// together), each with why.
    pub errors: Vec<String>,
}

impl ScenReport {
    #[must_use]
    pub(crate) fn checked(&self) -> usize {
        self.files.iter().map(|file| file.checked).sum()
    }

    #[must_use]
    pub(crate) fn optimal(&self) -> usize {
        self.files.iter().map(|file| file.optimal).sum()
    }

    #[must_use]
    pub(crate) fn mismatched(&self) -> usize {
        self.files.iter().map(|file| file.mismatched).sum()
    }

    #[must_use]
    pub(crate) fn illegal(&self) -> usize {
        self.files.iter().map(|file| file.illegal).sum()
    }

    #[must_use]
    pub(crate) fn hierarchy(&self) -> HierarchyTally {
        let mut tally = HierarchyTally::default();
        for file in &self.files {
            tally.merge(&file.hierarchy);
        }
        tally
    }

    #[must_use]
    pub(crate) fn within_weight_bound(&self) -> usize {
        self.files.iter().map(|file| file.within_weight_bound).sum()
    }

    /// Whether every file was checked and every scenario was optimal.
    #[must_use]
    pub(crate) fn passed(&self) -> bool {
        self.errors.is_empty() && self.mismatched() == 0 && self.illegal() == 0
    }

    /// The run's last line, always in this exact form.
    #[must_use]
    pub(crate) fn summary_line(&self) -> String {
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
/// line last. Returns the report; the caller turns `ScenReport::passed`
/// into the exit code.
///
/// # Errors
/// Only if writing to `out` or `err` fails.
pub(crate) fn run_command(
    arguments: &ScenArgs,
    out: &mut impl Write,
    err: &mut impl Write,
) -> io::Result<ScenReport> {
    let options = ScenOptions::from(arguments);
    let mut report = ScenReport::default();
    let refused = match arguments.engine {
        _ if options.search == SearchOptions::default() => None,
        EngineArg::Jps => Some(JPS_OPTIONS),
        EngineArg::Hierarchy => Some(HIERARCHY_OPTIONS),
        EngineArg::Auto | EngineArg::Astar => None,
    };
    if let Some(error) = refused {
        writeln!(err, "error: {error}")?;
        report.errors.push(error.to_owned());
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
                let error = escape_controls(&error.to_string()).into_owned();
                writeln!(err, "error: {error}")?;
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
    if arguments.engine == EngineArg::Hierarchy {
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
            writeln!(out, "{}", timing_line(file))?;
        }
    }
    Ok(report)
}

/// `timing MAP QUERIES US_PER_QUERY EXPANSIONS`: search time only, over
/// the queries checked.
#[must_use]
pub(crate) fn timing_line(file: &FileReport) -> String {
    format!(
        "timing {} {} {:.2} {}",
        escape_controls(&file.map),
        file.checked,
        file.micros_per_query(),
        file.expanded
    )
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
    use gridpath::movingai::Engine;
    use std::path::Path;

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
