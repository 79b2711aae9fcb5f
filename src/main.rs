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

/// Where a game starts. With neither option, `play` resumes the saved game
/// (`$FOGCRAWL_SAVE` overrides where it lives); with either, a new game
/// starts and replaces the save when you quit.
#[derive(Debug, Clone, Args)]
struct PlayArgs {
    /// A level name in levels/ (e.g. `swamp`) or a path to a level file.
    /// Starts a new game (the saved one is replaced when you quit).
    #[arg(long)]
    level: Option<String>,
    /// The seed every random choice flows from: same seed, same game.
    /// Starts a new game (the saved one is replaced when you quit).
    #[arg(long)]
    seed: Option<u64>,
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
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    match cli.command {
        None => play(&cli.play),
        Some(Command::Play(args)) => play(&args),
        Some(Command::Sim { start, turns }) => sim(&start, turns),
        Some(Command::Render { level, seed }) => render(&level, seed),
    }
}

/// Plays in the terminal. Without options the saved game resumes; an
/// explicit `--level` or `--seed` starts a new game instead (which replaces
/// the save when you quit).
fn play(args: &PlayArgs) -> ExitCode {
    let options = fogcrawl::ui::PlayOptions {
        level: args.level.clone(),
        seed: args.seed,
        save_path: fogcrawl::game::save::default_save_path(),
    };
    match fogcrawl::ui::run(&options) {
        Ok(()) => ExitCode::SUCCESS,
        Err(err) => {
            eprintln!("fogcrawl: {err:#}");
            ExitCode::FAILURE
        }
    }
}

fn sim(start: &PlayArgs, turns: u64) -> ExitCode {
    let seed = start
        .seed
        .unwrap_or_else(fogcrawl::world::level_file::fresh_seed);
    let setup = fogcrawl::game::GameSetup::new(start.level.as_deref(), seed);
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
