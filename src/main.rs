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
    }
}
