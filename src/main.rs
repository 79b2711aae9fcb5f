//! The `fogcrawl` command line: subcommands wire files to the library.
use std::process::ExitCode;

use clap::{Args, Parser, Subcommand};

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

/// Where a game starts.
#[derive(Debug, Clone, Args)]
struct PlayArgs {
    /// A level name in levels/ (e.g. `swamp`) or a path to a level file.
    #[arg(long)]
    level: Option<String>,
    /// The seed every random choice flows from: same seed, same game.
    #[arg(long)]
    seed: Option<u64>,
    /// The monster and faction config (default: levels/monsters.toml).
    #[arg(long, value_name = "PATH")]
    config: Option<std::path::PathBuf>,
}

impl PlayArgs {
    /// The config file in use and its contents, or a message for the user.
    fn load_config(&self) -> Result<(std::path::PathBuf, fogcrawl::config::MonsterConfig), String> {
        let path = self
            .config
            .clone()
            .unwrap_or_else(fogcrawl::config::default_config_path);
        let config = fogcrawl::config::MonsterConfig::load(&path).map_err(|err| err.to_string())?;
        Ok((path, config))
    }
}

#[derive(Debug, Subcommand)]
enum Command {
    /// Play (the default when no subcommand is given).
    Play(PlayArgs),
    /// Run the game with no terminal and a scripted player; print statistics.
    Sim {
        #[command(flatten)]
        start: PlayArgs,
        /// How many player turns to play at most.
        #[arg(long, default_value_t = 1000)]
        turns: u64,
        /// Factions know the true map from the start (a baseline to compare
        /// fog-of-war planning with).
        #[arg(long)]
        omniscient: bool,
    },
    /// Print a level as plain text, one character per cell (see levels/FORMAT.md).
    Render {
        /// A level name in levels/ (e.g. `swamp`) or a path to a level file.
        #[arg(long)]
        level: String,
        /// Seed for generated levels (overrides the file's `seed`).
        #[arg(long)]
        seed: Option<u64>,
    },
    /// Check A* against Moving AI benchmark scenario files (.scen).
    Scen(fogcrawl::scen::ScenArgs),
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    match cli.command {
        None => play(&cli.play),
        Some(Command::Play(args)) => play(&args),
        Some(Command::Sim {
            start,
            turns,
            omniscient,
        }) => sim(&start, turns, omniscient),
        Some(Command::Render { level, seed }) => render(&level, seed),
        Some(Command::Scen(arguments)) => scen(&arguments),
    }
}

fn play(_args: &PlayArgs) -> ExitCode {
    println!("fogcrawl: the terminal front end is not built yet; try `fogcrawl sim`.");
    ExitCode::SUCCESS
}

fn sim(start: &PlayArgs, turns: u64, omniscient: bool) -> ExitCode {
    let (_, config) = match start.load_config() {
        Ok(loaded) => loaded,
        Err(message) => {
            eprintln!("fogcrawl: {message}");
            return ExitCode::FAILURE;
        }
    };
    let seed = start
        .seed
        .unwrap_or_else(fogcrawl::world::level_file::fresh_seed);
    let mut setup = fogcrawl::game::GameSetup::new(start.level.as_deref(), seed, config);
    setup.omniscient = omniscient;
    if let Some(level) = &start.level {
        // A sim measures one level: it ends on that level's stairs.
        setup.run = vec![level.clone()];
        setup.start_depth = 0;
    }
    match fogcrawl::game::sim::run_sim(&setup, turns) {
        Ok(report) => {
            println!("{report}");
            ExitCode::SUCCESS
        }
        Err(err) => {
            eprintln!("fogcrawl: {err}");
            ExitCode::FAILURE
        }
    }
}

fn render(level: &str, seed: Option<u64>) -> ExitCode {
    match fogcrawl::world::render_command::render_level(level, seed) {
        Ok(rendered) => {
            if let Some(note) = rendered.seed_note {
                eprintln!("{note}");
            }
            print!("{}", rendered.text);
            ExitCode::SUCCESS
        }
        Err(err) => {
            eprintln!("fogcrawl: {err}");
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
