//! The `fogcrawl` command line: subcommands wire files to the library.
use std::process::ExitCode;

use clap::{Parser, Subcommand};

#[derive(Debug, Parser)]
#[command(
    name = "fogcrawl",
    version,
    about = "A terminal roguelike whose monsters hunt with fog-aware pathfinding"
)]
struct Cli {
    #[command(subcommand)]
    command: Option<Command>,
}

#[derive(Debug, Subcommand)]
enum Command {
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
        None => {
            println!(
                "fogcrawl: the playable game is not built yet; see README.md for what works today."
            );
            ExitCode::SUCCESS
        }
        Some(Command::Scen(arguments)) => {
            match fogcrawl::scen::run_command(
                &arguments,
                &mut std::io::stdout().lock(),
                &mut std::io::stderr().lock(),
            ) {
                Ok(report) if report.passed() => ExitCode::SUCCESS,
                Ok(_) => ExitCode::FAILURE,
                Err(error) => {
                    eprintln!("fogcrawl scen: cannot write the report: {error}");
                    ExitCode::FAILURE
                }
            }
        }
        Some(Command::Render { level, seed }) => {
            match fogcrawl::world::render_command::render_level(&level, seed) {
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
    }
}
