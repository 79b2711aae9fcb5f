//! `fogcrawl sim`: the game with no terminal and a scripted player, one
//! level's statistics or (`--runs N`) the balance of N full runs, as a
//! table or as JSON. The simulation itself is `game::sim`'s and
//! `game::balance`'s; this reads the flags and prints.

use std::fs::File;
use std::io::BufWriter;
use std::path::Path;
use std::process::ExitCode;

use crate::cli::PlayArgs;
use crate::cli::output::{print_err, print_out};
use crate::untrusted_text::escape_controls;

/// `fogcrawl sim`: one level (or the run) for up to `turns` player turns;
/// with `actions`, the monster action log goes to that file.
#[expect(
    clippy::too_many_arguments,
    reason = "one per sim flag; an arguments struct is the workspace issue's (#28)"
)]
pub fn run(
    start: &PlayArgs,
    turns: u64,
    omniscient: bool,
    json: bool,
    fog_walk: Option<u64>,
    undying: bool,
    parallel: bool,
    actions: Option<&Path>,
) -> ExitCode {
    let config = match start.load_config() {
        Ok(loaded) => loaded,
        Err(message) => {
            print_err(&format!("fogcrawl: {}", escape_controls(&message)));
            return ExitCode::FAILURE;
        }
    };
    let seed = start
        .seed
        .unwrap_or_else(crate::world::level_file::fresh_seed);
    let mut setup = crate::game::GameSetup::new(start.level_arg(), seed, config);
    setup.omniscient = omniscient;
    setup.undying_player = undying;
    setup.parallel_planning = parallel;
    if let Some(level) = start.level_arg() {
        // A sim measures one level: it ends on that level's stairs.
        setup.run = vec![level.to_owned()];
        setup.start_depth = 0;
    }
    let walks = match fog_walk.map(|steps| crate::game::sim::run_fog_walks(&setup, steps)) {
        Some(Ok(walks)) => Some(walks),
        Some(Err(err)) => {
            print_err(&format!("fogcrawl: {err}"));
            return ExitCode::FAILURE;
        }
        None => None,
    };
    let mut log = match actions.map(File::create).transpose() {
        Ok(file) => file.map(BufWriter::new),
        Err(err) => {
            let path = actions.map(|p| p.display().to_string()).unwrap_or_default();
            eprintln!(
                "fogcrawl: cannot write the action log {}: {err}",
                escape_controls(&path)
            );
            return ExitCode::FAILURE;
        }
    };
    let result = crate::game::sim::run_sim_logged(
        &setup,
        turns,
        log.as_mut().map(|w| w as &mut dyn std::io::Write),
    );
    let mut log_failed = false;
    let result = result.map(|(report, log_error)| {
        if let Some(err) = log_error {
            let path = actions.map(|p| p.display().to_string()).unwrap_or_default();
            eprintln!(
                "fogcrawl: the action log {} stopped: {err}",
                escape_controls(&path)
            );
            log_failed = true;
        }
        report
    });
    let printed = match result {
        Ok(report) if json => print_out(&format!("{}\n", report.to_json())),
        // The report names the level, whose name is a file stem.
        Ok(report) => {
            let walks = walks.map(|w| w.to_string()).unwrap_or_default();
            print_out(&escape_controls(&format!("{report}\n{walks}")))
        }
        Err(err) => {
            print_err(&format!("fogcrawl: {}", escape_controls(&err.to_string())));
            ExitCode::FAILURE
        }
    };
    if log_failed {
        ExitCode::FAILURE
    } else {
        printed
    }
}

/// `sim`'s turn limit for one level.
pub const SIM_TURN_LIMIT: u64 = 1000;
/// `sim --runs`'s turn limit for each full run.
pub const RUN_TURN_LIMIT: u64 = 50_000;

/// `sim --runs N`: N full seeded runs with the scripted player.
pub fn run_balance(start: &PlayArgs, runs: usize, turns: u64, json: bool) -> ExitCode {
    let config = match start.load_config() {
        Ok(loaded) => loaded,
        Err(message) => {
            print_err(&format!("fogcrawl: {}", escape_controls(&message)));
            return ExitCode::FAILURE;
        }
    };
    let threads = std::thread::available_parallelism().map_or(1, std::num::NonZero::get);
    let report = crate::game::balance::play_runs(
        start.level_arg(),
        start.seed.unwrap_or(0),
        runs,
        &config,
        turns,
        threads,
    );
    match report {
        Ok(report) if json => print_out(&format!("{}\n", report.to_json())),
        Ok(report) => print_out(&format!("{report}\n")),
        Err(err) => {
            print_err(&format!("fogcrawl: {}", escape_controls(&err.to_string())));
            ExitCode::FAILURE
        }
    }
}
