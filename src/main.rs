//! The `fogcrawl` binary: parses the command line and hands each subcommand
//! to its body in `fogcrawl::cli`.
use std::process::ExitCode;

use fogcrawl::cli::{self, Command};

fn main() -> ExitCode {
    fogcrawl::heap::return_large_blocks();
    let parsed = cli::parse();
    match parsed.command {
        None => cli::play::run(&parsed.play),
        Some(Command::Play(args)) => cli::play::run(&args),
        Some(Command::Sim(args)) => cli::sim::run_command(&args),
        // clap guarantees exactly one of `--level` and `--map`.
        Some(Command::Render { which, seed }) => {
            cli::render::run(which.level_arg().unwrap_or_default(), seed)
        }
        Some(Command::Scen(arguments)) => cli::scen::run(&arguments),
        Some(Command::Trace { which, picture }) => {
            cli::trace::run(which.level_arg().unwrap_or_default(), &picture)
        }
        Some(Command::Replay(args)) => cli::replay::run(&args),
        Some(Command::Lab(args)) => cli::lab::run(&args),
        Some(Command::Config { init }) => cli::config::run(init),
        Some(Command::Completions { shell }) => cli::shell::completions(shell),
        Some(Command::Man) => cli::shell::man(),
        Some(Command::Scores { limit, json }) => {
            cli::scores::run(&fogcrawl_core::data_dir(), limit, json)
        }
    }
}
