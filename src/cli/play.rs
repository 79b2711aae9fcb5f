//! `fogcrawl play` (the default): a game in the terminal.

use crate::cli::output::print_err;
use std::process::ExitCode;

use crate::cli::PlayArgs;
#[cfg(feature = "tui")]
use fogcrawl_core::escape_controls;

/// Plays in the terminal. Without options the saved game resumes; an
/// explicit `--level`, `--map`, `--seed` or `--depth` starts a new game instead (which
/// replaces the save when you quit).
#[cfg(feature = "tui")]
pub fn run(args: &PlayArgs) -> ExitCode {
    if let Err(message) = crate::cli::check_run_order() {
        print_err(&format!("fogcrawl: {}", escape_controls(&message)));
        return ExitCode::FAILURE;
    }
    let options = crate::ui::PlayOptions {
        level: args.level_arg().map(str::to_owned),
        seed: args.seed,
        depth: args.depth,
        save_path: fogcrawl_core::default_save_path(),
        config: args.config_source(),
        fallback_save_path: fogcrawl_core::fallback_save_path(),
        recordings: Some(crate::ui::app::RecordingOptions {
            dir: fogcrawl_core::recordings_dir(),
            keep: fogcrawl_core::kept_count(),
        }),
        data_dir: fogcrawl_core::data_dir(),
    };
    match crate::ui::run(&options) {
        Ok(end) => ExitCode::from(end.exit_status()),
        Err(err) => {
            print_err(&format!(
                "fogcrawl: {}",
                escape_controls(&format!("{err:#}"))
            ));
            ExitCode::FAILURE
        }
    }
}

/// Without the `tui` feature there is nothing to play on.
#[cfg(not(feature = "tui"))]
pub fn run(_args: &PlayArgs) -> ExitCode {
    print_err(
        "fogcrawl: this binary was built without the terminal front end (the `tui` feature), so it cannot play; `fogcrawl sim`, `render` and `scen` work",
    );
    ExitCode::FAILURE
}
