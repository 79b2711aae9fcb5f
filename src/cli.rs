//! The `fogcrawl` command line: the clap types for every subcommand and the
//! commands' bodies, which read the arguments, call the library and print
//! what it returns. `main.rs` only dispatches here.
//!
//! Everything that parses flags or prints for a user lives under this
//! module; the library core (game, ai, pathfinding, world, search_picture)
//! knows nothing of clap or of standard output.
//!
//! - [`play`]: play in the terminal (or say the front end is missing).
//! - [`sim`]: the headless sim and its balance runs (their tables are
//!   `game::sim_report`'s).
//! - [`render`]: a level as text; [`scen`]: A* against Moving AI scenarios;
//!   [`trace`]: one search drawn as a picture; [`config`]: where the monster
//!   config comes from.
//! - `files_help`: the end of `--help` (files and environment variables);
//!   `output`: writing to standard output; [`shell`]: shell completions
//!   and the manual page; [`lab`]: the search sandbox's flags and listings.

use clap::builder::TypedValueParser;
use clap::{ArgGroup, Args, CommandFactory, FromArgMatches, Parser, Subcommand};

use fogcrawl_core::ConfigSource;

pub mod config;
pub(crate) mod files_help;
pub mod lab;
pub(crate) mod output;
pub mod play;
pub mod render;
pub mod replay;
pub mod scen;
pub mod scores;
pub mod shell;
pub mod sim;
pub mod trace;

/// Refuses a `./levels/run.toml` that is there but cannot be used (a FIFO,
/// a device, a folder, too large, broken), with its message: the game and
/// the sim would otherwise play the built-in run without a word. None there
/// is fine (the built-in run order).
///
/// # Errors
/// The message naming the file and what is wrong with it.
pub(crate) fn check_run_order() -> Result<(), String> {
    fogcrawl_core::standard_run_order()
        .map(|_| ())
        .map_err(|err| err.to_string())
}

/// The command line as given, with `--help` ending in the files and
/// variables it resolves to now. Exits on bad arguments (clap's message).
pub fn parse() -> Cli {
    let files = files_help::files_help();
    let matches = Cli::command()
        .mut_subcommand("play", |play| play.after_long_help(files.clone()))
        .after_long_help(files)
        .after_help("Files and environment variables: see --help.")
        .get_matches();
    match Cli::from_arg_matches(&matches) {
        Ok(cli) => cli,
        Err(err) => err.exit(),
    }
}

#[derive(Debug, Parser)]
#[command(
    name = "fogcrawl",
    version,
    about = "A terminal roguelike whose monsters hunt with fog-aware pathfinding",
    args_conflicts_with_subcommands = true
)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Option<Command>,
    /// Playing is the default: these options start a game.
    #[command(flatten)]
    pub play: PlayArgs,
}

/// How a game or a sim starts. Playing with no option resumes the saved
/// game; `--level`, `--map` or `--seed` start a new one, which replaces the
/// save when you quit (`sim` never reads or writes the save).
#[derive(Debug, Clone, Args)]
pub struct PlayArgs {
    #[command(flatten)]
    pub level_choice: LevelChoice,
    /// The seed every random choice flows from: same seed, same game.
    #[arg(long)]
    pub seed: Option<u64>,
    /// Play as level N of a run (1 to 64), so kinds that join later
    /// (`from_level`: archers, spitters) spawn: with --level, that level
    /// as the run's Nth (its seed that of depth N; its stairs end the
    /// run); without, the standard run from its Nth level on. `sim` and
    /// play read it alike, so a sim's game can be played by hand.
    #[arg(
        long,
        value_name = "N",
        value_parser = clap::value_parser!(u64)
            .range(1..=MAX_SIM_DEPTH)
            .map(|depth| usize::try_from(depth).unwrap_or(usize::MAX))
    )]
    pub depth: Option<usize>,
    /// The monster and faction config [default: ./levels/monsters.toml if
    /// present, else the user's copy (`fogcrawl config` shows where), else the
    /// built-in config].
    #[arg(long, value_name = "PATH")]
    pub config: Option<std::path::PathBuf>,
}

/// Which level: a level file or name, or a Moving AI map.
#[derive(Debug, Clone, Args)]
pub struct LevelChoice {
    /// A level name (e.g. `swamp`: ./levels/swamp.toml if present, else the
    /// built-in level) or a path to a level file.
    #[arg(long)]
    pub level: Option<String>,
    /// A Moving AI benchmark map (`.map`) as the level; start and stairs go
    /// on walkable cells.
    #[arg(long, value_name = "FILE.map", conflicts_with = "level", value_parser = map_file)]
    pub map: Option<String>,
}

impl LevelChoice {
    /// The level argument: `--level`, or `--map` (a `.map` path, which the
    /// level loader reads as a Moving AI map).
    pub fn level_arg(&self) -> Option<&str> {
        self.level.as_deref().or(self.map.as_deref())
    }
}

impl PlayArgs {
    pub(crate) fn level_arg(&self) -> Option<&str> {
        self.level_choice.level_arg()
    }

    /// Where the monster config comes from: `--config`, else the default search.
    pub(crate) fn config_source(&self) -> ConfigSource {
        self.config
            .clone()
            .map_or_else(fogcrawl_core::default_config_source, ConfigSource::File)
    }

    /// The config in use, or a message for the user.
    pub(crate) fn load_config(&self) -> Result<fogcrawl_core::MonsterConfig, String> {
        self.config_source().load().map_err(|err| err.to_string())
    }
}

/// `fogcrawl sim`'s flags.
#[derive(Debug, Args)]
pub struct SimArgs {
    #[command(flatten)]
    pub start: PlayArgs,
    /// How many player turns to play at most (per run with --runs;
    /// default 1000, or 50000 per run with --runs), 0 to 10000000.
    #[arg(long, value_parser = clap::value_parser!(u64).range(0..=MAX_TURNS))]
    pub turns: Option<u64>,
    /// Play this many full runs (seeds S, S+1, ... from --seed, default
    /// 0) through levels/run.toml with the scripted player and print the
    /// balance summary: wins, deaths, levels reached, turns (1 to 10000).
    #[arg(
        long,
        value_name = "N",
        conflicts_with = "depth",
        // Within MAX_RUNS, so the conversion to usize never saturates.
        value_parser = clap::value_parser!(u64)
            .range(1..=MAX_RUNS)
            .map(|runs| usize::try_from(runs).unwrap_or(usize::MAX))
    )]
    pub runs: Option<usize>,
    /// Factions know the true map from the start (a baseline to compare
    /// fog-of-war planning with).
    #[arg(long)]
    pub omniscient: bool,
    /// Print one JSON object instead of the table (every field is
    /// documented in docs/SIM.md).
    #[arg(long)]
    pub json: bool,
    /// Also run the fog-of-war experiment first: per faction, one walker
    /// from the start to the stairs under fog and knowing everything,
    /// each walk at most this many steps (default 2000 when given bare;
    /// 1 to 1000000).
    #[arg(
        long,
        value_name = "STEPS",
        num_args = 0..=1,
        default_missing_value = "2000",
        value_parser = clap::value_parser!(u64).range(1..=MAX_FOG_WALK_STEPS)
    )]
    pub fog_walk: Option<u64>,
    /// Blows never take the scripted player below 1 hit point, so the
    /// AI is measured over all the turns asked for (a benchmark mode).
    #[arg(long)]
    pub undying: bool,
    /// Start the factions' turns and cast the monsters' views on all
    /// cores (the same game; slower than one core on a 2-core machine,
    /// see docs/SIM.md).
    #[arg(long)]
    pub parallel: bool,
    /// Write every monster action to FILE as JSON Lines, in the order
    /// they happen (fields in docs/SIM.md); the game is
    /// the same with and without it.
    #[arg(long, value_name = "FILE")]
    pub actions: Option<std::path::PathBuf>,
    /// Also play the same game (seed, level, flags) with the monster config
    /// OTHER.toml and print both: the tables one after the other and the
    /// behaviour side by side, or with --json `{"a": ..., "b": ...}` (A the
    /// config in use, B OTHER).
    #[arg(long, value_name = "OTHER.toml")]
    pub versus: Option<std::path::PathBuf>,
    /// Write a recording of the game to FILE (`fogcrawl replay FILE`
    /// plays it back; `--verify` checks it).
    #[arg(long, value_name = "FILE")]
    pub record: Option<std::path::PathBuf>,
    /// The scripted player: `autopilot` (the default: explores, fights
    /// what comes), `evader` (breaks line of sight when hunted, hides
    /// behind doors and corners, comes back), so searches and giving up
    /// are measured, or `stander` (holds its ground while hunted), so a
    /// pack's surround is measured round a player who does not walk away
    /// (see docs/SIM.md).
    #[arg(long, value_name = "SCRIPT", default_value = "autopilot", conflicts_with = "runs",
          value_parser = ["autopilot", "evader", "stander"])]
    pub player: String,
    /// The scripted autopilot never sneaks nor creeps up on sleeping
    /// monsters (with or without --runs), so what sneaking is worth is
    /// measured (see docs/SIM.md).
    #[arg(long)]
    pub no_sneak: bool,
    /// Every K player turns, save the game through the real save format
    /// and load it again, as quitting and starting again would; the game
    /// and its report are the same as without it (timings aside: see
    /// docs/SIM.md). 1 to 10000000; not with --runs.
    #[arg(long, value_name = "K", conflicts_with = "runs",
          value_parser = clap::value_parser!(u64).range(1..=MAX_TURNS))]
    pub resume_every: Option<u64>,
    /// The scripted player leaves the tools in its pack (caltrops, smoke
    /// bombs, the wand of slowing, the lure, the scroll of mapping): with
    /// --runs, the balance without them, to weigh what they are worth
    /// (docs/SIM.md).
    #[arg(long)]
    pub no_tools: bool,
}

#[derive(Debug, Subcommand)]
pub enum Command {
    /// Play (the default when no subcommand is given). Without options the
    /// saved game resumes; `--level`, `--map` or `--seed` start a new game,
    /// which replaces the save when you quit.
    Play(PlayArgs),
    /// Run the game with no terminal and a scripted player; print statistics.
    Sim(SimArgs),
    /// Print a level as plain text, one character per cell (see levels/FORMAT.md).
    #[command(group(ArgGroup::new("source").required(true).args(["level", "map"])))]
    Render {
        #[command(flatten)]
        which: LevelChoice,
        /// Seed for generated levels (overrides the file's `seed`).
        #[arg(long)]
        seed: Option<u64>,
    },
    /// Check A* or jump point search against Moving AI benchmark scenario files (.scen).
    Scen(scen::ScenArgs),
    /// Draw one A* search as a picture (SVG or PNG): terrain shaded by cost,
    /// closed cells by expansion order, the open frontier, the raw and smoothed
    /// paths, start and goal, a legend and the figures (expanded, cost, µs).
    #[command(
        group(ArgGroup::new("source").required(true).args(["level", "map"])),
        after_help = trace::TRACE_EXAMPLES
    )]
    Trace {
        #[command(flatten)]
        which: LevelChoice,
        #[command(flatten)]
        picture: trace::TraceArgs,
    },
    /// Play a recorded game back (every game played is recorded; see
    /// docs/PLAYING.md), or check that it replays as it was played (--verify).
    Replay(replay::ReplayArgs),
    /// A sandbox for grid search: draw a map with the mouse, run any of
    /// the engine's searches step by step (and back), compare two side by
    /// side, paint fog and influence, export pictures (docs/LAB.md).
    Lab(lab::LabArgs),
    /// Print the high-score table (finished runs, best first; assisted runs
    /// marked). It lives in the data folder (FOGCRAWL_DATA overrides it),
    /// beside the run summaries in runs/.
    Scores {
        /// Show at most this many runs.
        #[arg(long, default_value_t = 20)]
        limit: usize,
        /// Print the entries as JSON instead of a table.
        #[arg(long)]
        json: bool,
    },
    /// Say where the monster config comes from, or write an editable copy.
    Config {
        /// Write the built-in config to the user's config folder (never over
        /// an existing file); games then use it and reload it when it is edited.
        #[arg(long)]
        init: bool,
    },
    /// Print a completion script for SHELL, e.g.
    /// `fogcrawl completions bash > ~/.local/share/bash-completion/completions/fogcrawl`.
    Completions {
        /// The shell the script is for.
        shell: clap_complete::Shell,
    },
    /// Print the manual page (roff), e.g. `fogcrawl man > fogcrawl.1; man ./fogcrawl.1`.
    Man,
}

/// The most player turns `sim --turns` plays (per run with `--runs`): a
/// billion would run for days, and each turn keeps a few bytes of timings.
pub(crate) const MAX_TURNS: u64 = 10_000_000;
/// The most full runs `sim --runs` plays: each keeps its result until the
/// summary, and 10,000 runs of the shipped levels already take hours.
pub(crate) const MAX_RUNS: u64 = 10_000;
/// The deepest level `sim --depth` plays as (the deepest `from_level`).
pub(crate) const MAX_SIM_DEPTH: u64 = 64;
/// The longest walk `sim --fog-walk` takes.
pub(crate) const MAX_FOG_WALK_STEPS: u64 = 1_000_000;

/// `--map`'s value: a path ending in `.map`, so the level loader reads it as
/// a Moving AI map and not as a level file.
fn map_file(arg: &str) -> Result<String, String> {
    if fogcrawl_core::is_movingai_map(std::path::Path::new(arg)) {
        Ok(arg.to_owned())
    } else {
        Err("expected a Moving AI map file ending in `.map` (use --level for level files)".into())
    }
}
