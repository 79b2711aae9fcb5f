//! `fogcrawl completions SHELL` and `fogcrawl man`: the shell completion
//! script and the manual page, both made from the clap types, so they never
//! drift from the command line.

use std::io::Write;
use std::process::ExitCode;

use clap::CommandFactory;

use crate::cli::Cli;

/// Prints the completion script for `shell`.
pub fn completions(shell: clap_complete::Shell) -> ExitCode {
    let mut command = Cli::command();
    let mut script = Vec::new();
    clap_complete::generate(shell, &mut command, "fogcrawl", &mut script);
    print_all(&script)
}

/// Prints the manual page, in roff.
pub fn man() -> ExitCode {
    let mut page = Vec::new();
    match clap_mangen::Man::new(Cli::command()).render(&mut page) {
        Ok(()) => print_all(&page),
        Err(err) => {
            eprintln!("fogcrawl: cannot render the manual page: {err}");
            ExitCode::FAILURE
        }
    }
}

/// Writes `bytes` to standard output; a closed pipe or a full disk is a
/// message and a failure status, not a panic.
fn print_all(bytes: &[u8]) -> ExitCode {
    let mut out = std::io::stdout().lock();
    match out.write_all(bytes).and_then(|()| out.flush()) {
        Ok(()) => ExitCode::SUCCESS,
        Err(err) if err.kind() == std::io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
        Err(err) => {
            eprintln!("fogcrawl: cannot write to standard output: {err}");
            ExitCode::FAILURE
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_bash_script_completes_every_subcommand() {
        let mut command = Cli::command();
        let mut script = Vec::new();
        clap_complete::generate(
            clap_complete::Shell::Bash,
            &mut command,
            "fogcrawl",
            &mut script,
        );
        let script = String::from_utf8(script).expect("a UTF-8 script");
        for subcommand in [
            "play",
            "sim",
            "render",
            "scen",
            "trace",
            "replay",
            "scores",
            "config",
            "completions",
            "man",
        ] {
            assert!(
                script.contains(subcommand),
                "no `{subcommand}` in the bash script"
            );
        }
    }

    #[test]
    fn the_manual_page_is_roff_naming_the_commands() {
        let mut page = Vec::new();
        clap_mangen::Man::new(Cli::command())
            .render(&mut page)
            .expect("renders");
        let page = String::from_utf8(page).expect("a UTF-8 page");
        assert!(
            page.starts_with(".ie") || page.starts_with(".TH"),
            "not roff: {}",
            &page[..40]
        );
        assert!(page.contains(".TH fogcrawl 1"));
        assert!(page.contains("sim"));
    }
}
