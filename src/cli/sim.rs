//! `fogcrawl sim`: the game with no terminal and a scripted player, one
//! level's statistics or (`--runs N`) the balance of N full runs, as a
//! table or as JSON. The simulation itself is `game::sim`'s and
//! `game::balance`'s; this reads the flags and prints.

use std::fs::File;
use std::io::BufWriter;
use std::process::ExitCode;

use crate::cli::SimArgs;
use crate::cli::output::{print_err, print_out};
use fogcrawl_core::{
    AutopilotSkills, DEFAULT_HASH_EVERY, GameSetup, Header, MonsterConfig, PlayerScript, RecordTo,
    SimReport, escape_controls, versus_table,
};

/// `fogcrawl sim`: the balance of full runs (`--runs`), or one level.
pub fn run_command(args: &SimArgs) -> ExitCode {
    if let Err(message) = crate::cli::check_run_order() {
        return fail(&message);
    }
    match args.runs {
        Some(runs) => run_balance(args, runs),
        None => run(args),
    }
}

/// Says `message` on standard error (control bytes escaped) and fails.
fn fail(message: &str) -> ExitCode {
    print_err(&format!("fogcrawl: {}", escape_controls(message)));
    ExitCode::FAILURE
}

/// `fogcrawl sim`: one level (or the run) for up to `--turns` player
/// turns; with `--actions`, the monster action log goes to that file; with
/// `--versus`, the same game is played again with another config.
pub fn run(args: &SimArgs) -> ExitCode {
    let start = &args.start;
    let config = match start.load_config() {
        Ok(loaded) => loaded,
        Err(message) => return fail(&message),
    };
    let other = match args.versus.as_deref().map(MonsterConfig::load).transpose() {
        Ok(other) => other,
        Err(err) => return fail(&err.to_string()),
    };
    let turns = args.turns.unwrap_or(SIM_TURN_LIMIT);
    let setup = match sim_setup(args, config) {
        Ok(setup) => setup,
        Err(message) => return fail(&message),
    };
    let walks = match args
        .fog_walk
        .map(|steps| fogcrawl_core::run_fog_walks(&setup, steps))
    {
        Some(Ok(walks)) => Some(walks),
        Some(Err(err)) => return fail(&err.to_string()),
        None => None,
    };
    let actions = args.actions.as_deref();
    let action_path = || actions.map(|p| p.display().to_string()).unwrap_or_default();
    let mut log = match actions.map(File::create).transpose() {
        Ok(file) => file.map(BufWriter::new),
        Err(err) => {
            return fail(&format!(
                "cannot write the action log {}: {err}",
                action_path()
            ));
        }
    };
    let record = args.record.as_ref().map(|path| RecordTo {
        path: path.clone(),
        header: Header::new_game(&setup, &start.config_source(), DEFAULT_HASH_EVERY),
    });
    let script = player_script(args);
    let result = fogcrawl_core::run_sim_scripted(
        &setup,
        turns,
        script,
        log.as_mut().map(|w| w as &mut dyn std::io::Write),
        record.as_ref(),
        args.resume_every,
    );
    let (report, log_error, recording_failure) = match result {
        Ok(done) => done,
        Err(err) => return fail(&err.to_string()),
    };
    if let Some(failure) = &recording_failure {
        print_err(&format!("fogcrawl: {}", escape_controls(failure)));
    }
    if let Some(err) = &log_error {
        print_err(&format!(
            "fogcrawl: the action log {} stopped: {err}",
            escape_controls(&action_path())
        ));
    }
    let printed = match other {
        Some(other) => {
            let mut versus = setup.clone();
            versus.config = other;
            match fogcrawl_core::run_sim_scripted(&versus, turns, script, None, None, None) {
                Ok((b, _, _)) => {
                    let name = args
                        .versus
                        .as_deref()
                        .map(|p| p.display().to_string())
                        .unwrap_or_default();
                    print_versus(&report, &b, &name, args.json)
                }
                Err(err) => return fail(&err.to_string()),
            }
        }
        None if args.json => print_out(&format!("{}\n", report.to_json())),
        // The report names the level, whose name is a file stem.
        None => {
            let walks = walks.map(|w| w.to_string()).unwrap_or_default();
            print_out(&escape_controls(&format!("{report}\n{walks}")))
        }
    };
    if log_error.is_some() || recording_failure.is_some() {
        ExitCode::FAILURE
    } else {
        printed
    }
}

/// The game a sim plays: the level (or the run) and seed asked for, at
/// `--depth`, with the flags that change how it is played.
fn sim_setup(args: &SimArgs, config: MonsterConfig) -> Result<GameSetup, String> {
    let start = &args.start;
    let seed = start.seed.unwrap_or_else(fogcrawl_core::fresh_seed);
    let mut setup = GameSetup::new(start.level_arg(), seed, config);
    setup.omniscient = args.omniscient;
    setup.undying_player = args.undying;
    setup.parallel_planning = args.parallel;
    if let Some(level) = start.level_arg() {
        // A sim measures one level: it ends on that level's stairs. At
        // `--depth N` it is the last of a run of N of it, so it is played
        // as the Nth level and its stairs still end the run.
        setup
            .play_at_depth(Some(level), start.depth.unwrap_or(1))
            .map_err(|err| err.to_string())?;
    } else if let Some(depth) = start.depth {
        setup
            .play_at_depth(None, depth)
            .map_err(|err| err.to_string())?;
    }
    Ok(setup)
}

/// Who plays: the evader, the stander, or the autopilot (with
/// `--no-sneak` or `--no-tools`, without those skills).
fn player_script(args: &SimArgs) -> PlayerScript {
    if args.player == "evader" {
        PlayerScript::Evader
    } else if args.player == "stander" {
        PlayerScript::Stander
    } else if args.no_sneak || args.no_tools {
        PlayerScript::AutopilotWith(AutopilotSkills {
            sneaks: !args.no_sneak,
            tools: !args.no_tools,
        })
    } else {
        PlayerScript::Autopilot
    }
}

/// `sim --versus`: both reports, as `{"a": ..., "b": ...}` or as the two
/// tables and the behaviour side by side.
fn print_versus(a: &SimReport, b: &SimReport, other: &str, json: bool) -> ExitCode {
    if json {
        let both = serde_json::json!({ "a": a, "b": b });
        let text = serde_json::to_string_pretty(&both).unwrap_or_default();
        return print_out(&format!("{text}\n"));
    }
    let text = format!(
        "== A: the config in use\n{a}\n== B: {other}\n{b}\n{}",
        versus_table(a, b)
    );
    print_out(&escape_controls(&text))
}

/// `sim`'s turn limit for one level.
pub(crate) const SIM_TURN_LIMIT: u64 = 1000;
/// `sim --runs`'s turn limit for each full run.
pub const RUN_TURN_LIMIT: u64 = 50_000;

/// `sim --runs N`: N full seeded runs with the scripted player.
pub fn run_balance(args: &SimArgs, runs: usize) -> ExitCode {
    let (start, json) = (&args.start, args.json);
    let turns = args.turns.unwrap_or(RUN_TURN_LIMIT);
    let config = match start.load_config() {
        Ok(loaded) => loaded,
        Err(message) => {
            print_err(&format!("fogcrawl: {}", escape_controls(&message)));
            return ExitCode::FAILURE;
        }
    };
    let threads = std::thread::available_parallelism().map_or(1, std::num::NonZero::get);
    let report = fogcrawl_core::play_runs(
        start.level_arg(),
        start.seed.unwrap_or(0),
        runs,
        &config,
        turns,
        threads,
        AutopilotSkills {
            sneaks: !args.no_sneak,
            tools: !args.no_tools,
        },
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
