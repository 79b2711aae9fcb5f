//! The `fogcrawl` command line: subcommands wire files to the library.
use std::process::ExitCode;

use clap::{ArgGroup, Args, CommandFactory, FromArgMatches, Parser, Subcommand};
use fogcrawl::config::ConfigSource;
use fogcrawl::untrusted_text::escape_controls;

#[derive(Debug, Parser)]
#[command(
    name = "fogcrawl",
    version,
    about = "A terminal roguelike whose monsters hunt with fog-aware pathfinding",
    args_conflicts_with_subcommands = true
)]
struct Cli {
    #[command(subcommand)]
    command: Option<Command>,
    /// Playing is the default: these options start a game.
    #[command(flatten)]
    play: PlayArgs,
}

/// How a game or a sim starts. Playing with no option resumes the saved
/// game; `--level`, `--map` or `--seed` start a new one, which replaces the
/// save when you quit (`sim` never reads or writes the save).
#[derive(Debug, Clone, Args)]
struct PlayArgs {
    #[command(flatten)]
    level_choice: LevelChoice,
    /// The seed every random choice flows from: same seed, same game.
    #[arg(long)]
    seed: Option<u64>,
    /// The monster and faction config [default: ./levels/monsters.toml if
    /// present, else the user's copy (`fogcrawl config` shows where), else the
    /// built-in config].
    #[arg(long, value_name = "PATH")]
    config: Option<std::path::PathBuf>,
}

/// Which level: a level file or name, or a Moving AI map.
#[derive(Debug, Clone, Args)]
struct LevelChoice {
    /// A level name (e.g. `swamp`: ./levels/swamp.toml if present, else the
    /// built-in level) or a path to a level file.
    #[arg(long)]
    level: Option<String>,
    /// A Moving AI benchmark map (`.map`) as the level; start and stairs go
    /// on walkable cells.
    #[arg(long, value_name = "FILE.map", conflicts_with = "level", value_parser = map_file)]
    map: Option<String>,
}

impl LevelChoice {
    /// The level argument: `--level`, or `--map` (a `.map` path, which the
    /// level loader reads as a Moving AI map).
    fn level_arg(&self) -> Option<&str> {
        self.level.as_deref().or(self.map.as_deref())
    }
}

impl PlayArgs {
    fn level_arg(&self) -> Option<&str> {
        self.level_choice.level_arg()
    }

    /// Where the monster config comes from: `--config`, else the default search.
    fn config_source(&self) -> ConfigSource {
        self.config
            .clone()
            .map_or_else(fogcrawl::config::default_config_source, ConfigSource::File)
    }

    /// The config in use, or a message for the user.
    fn load_config(&self) -> Result<fogcrawl::config::MonsterConfig, String> {
        self.config_source().load().map_err(|err| err.to_string())
    }
}

#[derive(Debug, Subcommand)]
enum Command {
    /// Play (the default when no subcommand is given). Without options the
    /// saved game resumes; `--level`, `--map` or `--seed` start a new game,
    /// which replaces the save when you quit.
    Play(PlayArgs),
    /// Run the game with no terminal and a scripted player; print statistics.
    Sim {
        #[command(flatten)]
        start: PlayArgs,
        /// How many player turns to play at most (per run with --runs;
        /// default 1000, or 50000 per run with --runs).
        #[arg(long)]
        turns: Option<u64>,
        /// Play this many full runs (seeds S, S+1, ... from --seed, default
        /// 0) through levels/run.toml with the scripted player and print the
        /// balance summary: wins, deaths, levels reached, turns.
        #[arg(long, value_name = "N")]
        runs: Option<usize>,
        /// Factions know the true map from the start (a baseline to compare
        /// fog-of-war planning with).
        #[arg(long)]
        omniscient: bool,
        /// Print one JSON object instead of the table (every field is
        /// documented in the README).
        #[arg(long)]
        json: bool,
        /// Also run the fog-of-war experiment first: per faction, one walker
        /// from the start to the stairs under fog and knowing everything,
        /// each walk at most this many steps (default 2000 when given bare).
        #[arg(long, value_name = "STEPS", num_args = 0..=1, default_missing_value = "2000")]
        fog_walk: Option<u64>,
        /// Blows never take the scripted player below 1 hit point, so the
        /// AI is measured over all the turns asked for (a benchmark mode).
        #[arg(long)]
        undying: bool,
        /// Start the factions' turns one after another on one core (the
        /// game is the same; a check of the parallel planning).
        #[arg(long)]
        sequential: bool,
    },
    /// Print a level as plain text, one character per cell (see levels/FORMAT.md).
    #[command(group(ArgGroup::new("source").required(true).args(["level", "map"])))]
    Render {
        #[command(flatten)]
        which: LevelChoice,
        /// Seed for generated levels (overrides the file's `seed`).
        #[arg(long)]
        seed: Option<u64>,
    },
    /// Check A* against Moving AI benchmark scenario files (.scen).
    Scen(fogcrawl::scen::ScenArgs),
    /// Draw one A* search as a picture (SVG or PNG): terrain shaded by cost,
    /// closed cells by expansion order, the open frontier, the raw and smoothed
    /// paths, start and goal, a legend and the figures (expanded, cost, µs).
    #[command(
        group(ArgGroup::new("source").required(true).args(["level", "map"])),
        after_help = TRACE_EXAMPLES
    )]
    Trace {
        #[command(flatten)]
        which: LevelChoice,
        #[command(flatten)]
        picture: fogcrawl::search_picture::TraceArgs,
    },
    /// Say where the monster config comes from, or write an editable copy.
    Config {
        /// Write the built-in config to the user's config folder (never over
        /// an existing file); games then use it and reload it when it is edited.
        #[arg(long)]
        init: bool,
    },
}

/// `fogcrawl trace --help`'s examples.
const TRACE_EXAMPLES: &str = "\
Examples:
  fogcrawl trace --level swamp --from 4,7 --to 45,7 --out swamp.png
  fogcrawl trace --level maze --from 1,1 --to 59,29 --unknown open \\
      --compare unknown=off --out maze.png
  fogcrawl trace --level river --from 6,12 --to 49,18 --unknown open \\
      --compare unknown=3 --out river.svg
  fogcrawl trace --map arena.map --from 4,32 --to 47,19 \\
      --compare heuristic=dijkstra --out arena.svg";

fn main() -> ExitCode {
    let files = files_help();
    let matches = Cli::command()
        .mut_subcommand("play", |play| play.after_long_help(files.clone()))
        .after_long_help(files)
        .after_help("Files and environment variables: see --help.")
        .get_matches();
    let cli = match Cli::from_arg_matches(&matches) {
        Ok(cli) => cli,
        Err(err) => err.exit(),
    };
    match cli.command {
        None => play(&cli.play),
        Some(Command::Play(args)) => play(&args),
        Some(Command::Sim {
            start,
            turns,
            runs,
            omniscient,
            json,
            fog_walk,
            undying,
            sequential,
        }) => match runs {
            Some(runs) => sim_runs(&start, runs, turns.unwrap_or(RUN_TURN_LIMIT), json),
            None => sim(
                &start,
                turns.unwrap_or(SIM_TURN_LIMIT),
                omniscient,
                json,
                fog_walk,
                undying,
                sequential,
            ),
        },
        Some(Command::Render { which, seed }) => {
            // clap guarantees exactly one of the two.
            render(which.level_arg().unwrap_or_default(), seed)
        }
        Some(Command::Scen(arguments)) => scen(&arguments),
        Some(Command::Trace { which, picture }) => {
            // clap guarantees exactly one of the two.
            trace(which.level_arg().unwrap_or_default(), &picture)
        }
        Some(Command::Config { init }) => config(init),
    }
}

/// The end of `--help`: where files are found and the variables that move
/// them, with the paths they resolve to now.
fn files_help() -> String {
    use fogcrawl::game::save;
    use fogcrawl::user_dirs;
    let shown =
        |path: std::path::PathBuf| escape_controls(&path.display().to_string()).into_owned();
    let user_config =
        fogcrawl::config::user_config_path().map_or_else(|| "(no home folder)".to_owned(), shown);
    // One row per variable; continuation lines line up under the text.
    let variables = [
        (user_dirs::SAVE_PATH_VARIABLE, "where the game is saved".to_owned()),
        (
            save::FALLBACK_PATH_VARIABLE,
            format!(
                "where the game goes if the save cannot be written\n(now {})",
                shown(save::fallback_save_path())
            ),
        ),
        (user_dirs::LOG_PATH_VARIABLE, "where the log of a game goes".to_owned()),
        ("RUST_LOG", "what is logged (default: fogcrawl=info)".to_owned()),
        ("NO_COLOR", "set and not empty: play without colours".to_owned()),
        (
            "FOGCRAWL_MOVINGAI_DIR",
            "the Moving AI benchmark folder the tests and benchmarks read".to_owned(),
        ),
        (
            "XDG_DATA_HOME",
            "the save, log and config folders on Linux and other Unix\nsystems (empty or relative values are ignored)".to_owned(),
        ),
        ("XDG_STATE_HOME", "(see XDG_DATA_HOME)".to_owned()),
        ("XDG_CONFIG_HOME", "(see XDG_DATA_HOME)".to_owned()),
    ];
    let width = variables
        .iter()
        .map(|(name, _)| name.len())
        .max()
        .unwrap_or(0)
        + 2;
    let indent = " ".repeat(width + 2);
    let variables: String = variables
        .iter()
        .map(|(name, text)| {
            format!(
                "\n  {name:<width$}{}",
                text.replace('\n', &format!("\n{indent}"))
            )
        })
        .collect();
    format!(
        "Files (searched in this order):
  levels  --level NAME: ./levels/NAME.toml, else the built-in level NAME.
          The run order: ./levels/run.toml, else the built-in one.
  config  --config PATH, else ./levels/monsters.toml, else the user's copy
          {user_config}
          (`fogcrawl config --init` writes it), else the built-in config,
          which has no file to reload.
  save    {save}
          Only playing reads or writes it; --level, --map or --seed start
          a new game, which replaces it when you quit.
  log     {log}

Environment variables:{variables}",
        save = shown(save::default_save_path()),
        log = shown(user_dirs::log_path()),
    )
}

/// `--map`'s value: a path ending in `.map`, so the level loader reads it as
/// a Moving AI map and not as a level file.
fn map_file(arg: &str) -> Result<String, String> {
    if fogcrawl::world::movingai_level::is_movingai_map(std::path::Path::new(arg)) {
        Ok(arg.to_owned())
    } else {
        Err("expected a Moving AI map file ending in `.map` (use --level for level files)".into())
    }
}

/// Plays in the terminal. Without options the saved game resumes; an
/// explicit `--level`, `--map` or `--seed` starts a new game instead (which
/// replaces the save when you quit).
#[cfg(feature = "tui")]
fn play(args: &PlayArgs) -> ExitCode {
    let options = fogcrawl::ui::PlayOptions {
        level: args.level_arg().map(str::to_owned),
        seed: args.seed,
        save_path: fogcrawl::game::save::default_save_path(),
        config: args.config_source(),
        fallback_save_path: fogcrawl::game::save::fallback_save_path(),
    };
    match fogcrawl::ui::run(&options) {
        Ok(end) => ExitCode::from(end.exit_status()),
        Err(err) => {
            eprintln!("fogcrawl: {}", escape_controls(&format!("{err:#}")));
            ExitCode::FAILURE
        }
    }
}

/// Without the `tui` feature there is nothing to play on.
#[cfg(not(feature = "tui"))]
fn play(_args: &PlayArgs) -> ExitCode {
    eprintln!(
        "fogcrawl: this binary was built without the terminal front end (the `tui` feature), so it cannot play; `fogcrawl sim`, `render` and `scen` work"
    );
    ExitCode::FAILURE
}

/// `fogcrawl config`: where the monster config comes from; with `--init`,
/// writes the built-in config to the user's config folder.
fn config(init: bool) -> ExitCode {
    let Some(user_copy) = fogcrawl::config::user_config_path() else {
        eprintln!("fogcrawl: there is no home folder, so no user config folder");
        return ExitCode::FAILURE;
    };
    let user_copy_shown = escape_controls(&user_copy.display().to_string()).into_owned();
    if init {
        return match fogcrawl::config::write_user_copy(&user_copy) {
            Ok(()) => print_out(&format!(
                "fogcrawl: wrote the built-in monster config to {user_copy_shown}; edit it, even while playing\n"
            )),
            Err(err) => {
                eprintln!("fogcrawl: {}", escape_controls(&err.to_string()));
                ExitCode::FAILURE
            }
        };
    }
    let in_use = fogcrawl::config::default_config_source();
    let hint = if in_use == ConfigSource::BuiltIn {
        "\n(`fogcrawl config --init` writes an editable copy there)"
    } else {
        ""
    };
    print_out(&format!(
        "monster config: {}\nsearched: ./levels/monsters.toml, then {user_copy_shown}, then the built-in config{hint}\n",
        escape_controls(&in_use.to_string())
    ))
}

fn sim(
    start: &PlayArgs,
    turns: u64,
    omniscient: bool,
    json: bool,
    fog_walk: Option<u64>,
    undying: bool,
    sequential: bool,
) -> ExitCode {
    let config = match start.load_config() {
        Ok(loaded) => loaded,
        Err(message) => {
            eprintln!("fogcrawl: {}", escape_controls(&message));
            return ExitCode::FAILURE;
        }
    };
    let seed = start
        .seed
        .unwrap_or_else(fogcrawl::world::level_file::fresh_seed);
    let mut setup = fogcrawl::game::GameSetup::new(start.level_arg(), seed, config);
    setup.omniscient = omniscient;
    setup.undying_player = undying;
    setup.parallel_planning = !sequential;
    if let Some(level) = start.level_arg() {
        // A sim measures one level: it ends on that level's stairs.
        setup.run = vec![level.to_owned()];
        setup.start_depth = 0;
    }
    let walks = match fog_walk.map(|steps| fogcrawl::game::sim::run_fog_walks(&setup, steps)) {
        Some(Ok(walks)) => Some(walks),
        Some(Err(err)) => {
            eprintln!("fogcrawl: {err}");
            return ExitCode::FAILURE;
        }
        None => None,
    };
    match fogcrawl::game::sim::run_sim(&setup, turns) {
        Ok(report) if json => print_out(&format!("{}\n", report.to_json())),
        // The report names the level, whose name is a file stem.
        Ok(report) => {
            let walks = walks.map(|w| w.to_string()).unwrap_or_default();
            print_out(&escape_controls(&format!("{report}\n{walks}")))
        }
        Err(err) => {
            eprintln!("fogcrawl: {}", escape_controls(&err.to_string()));
            ExitCode::FAILURE
        }
    }
}

/// `sim`'s turn limit for one level.
const SIM_TURN_LIMIT: u64 = 1000;
/// `sim --runs`'s turn limit for each full run.
const RUN_TURN_LIMIT: u64 = 50_000;

/// `sim --runs N`: N full seeded runs with the scripted player.
fn sim_runs(start: &PlayArgs, runs: usize, turns: u64, json: bool) -> ExitCode {
    let config = match start.load_config() {
        Ok(loaded) => loaded,
        Err(message) => {
            eprintln!("fogcrawl: {}", escape_controls(&message));
            return ExitCode::FAILURE;
        }
    };
    let threads = std::thread::available_parallelism().map_or(1, std::num::NonZero::get);
    let report = fogcrawl::game::balance::play_runs(
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
            eprintln!("fogcrawl: {}", escape_controls(&err.to_string()));
            ExitCode::FAILURE
        }
    }
}

fn render(level: &str, seed: Option<u64>) -> ExitCode {
    match fogcrawl::world::render_command::render_level(level, seed) {
        Ok(rendered) => {
            if let Some(note) = rendered.seed_note {
                eprintln!("{}", escape_controls(&note));
            }
            print_out(&rendered.text)
        }
        Err(err) => {
            eprintln!("fogcrawl: {}", escape_controls(&err.to_string()));
            ExitCode::FAILURE
        }
    }
}

fn scen(arguments: &fogcrawl::scen::ScenArgs) -> ExitCode {
    let report = fogcrawl::scen::run_command(
        arguments,
        &mut std::io::stdout().lock(),
        &mut std::io::stderr().lock(),
    );
    match report {
        Ok(report) if report.passed() => ExitCode::SUCCESS,
        Ok(_) => ExitCode::FAILURE,
        Err(error) => {
            eprintln!("fogcrawl scen: cannot write the report: {error}");
            ExitCode::FAILURE
        }
    }
}

fn trace(level: &str, picture: &fogcrawl::search_picture::TraceArgs) -> ExitCode {
    match fogcrawl::search_picture::run_trace(level, picture) {
        Ok(report) => {
            if let Some(note) = &report.seed_note {
                eprintln!("{note}");
            }
            print_out(&format!("{report}\n"))
        }
        Err(err) => {
            eprintln!("fogcrawl trace: {err}");
            ExitCode::FAILURE
        }
    }
}

/// Writes to standard output; a closed pipe (`fogcrawl sim | head`) ends the
/// command quietly instead of panicking.
fn print_out(text: &str) -> ExitCode {
    use std::io::Write;
    match std::io::stdout().lock().write_all(text.as_bytes()) {
        Ok(()) => ExitCode::SUCCESS,
        Err(err) if err.kind() == std::io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
        Err(err) => {
            eprintln!("fogcrawl: cannot write the output: {err}");
            ExitCode::FAILURE
        }
    }
}
