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
    match manual_page() {
        Ok(page) => print_all(page.as_bytes()),
        Err(err) => {
            eprintln!("fogcrawl: cannot render the manual page: {err}");
            ExitCode::FAILURE
        }
    }
}

/// The manual page: clap's sections, then KEYS (the key table the help
/// popup is drawn from), FILES and ENVIRONMENT (what `--help` ends with,
/// with the paths they resolve to now).
fn manual_page() -> std::io::Result<String> {
    let mut page = Vec::new();
    clap_mangen::Man::new(Cli::command()).render(&mut page)?;
    let mut page = String::from_utf8(page).map_err(std::io::Error::other)?;
    page.push_str(&keys_section());
    let files = crate::cli::files_help::files_help();
    let (files, environment) = files
        .split_once("\n\nEnvironment variables:")
        .unwrap_or((&files, ""));
    let files = files
        .strip_prefix("Files (searched in this order):")
        .unwrap_or(files);
    for (title, text) in [("FILES", files), ("ENVIRONMENT", environment)] {
        page.push_str(&format!(".SH {title}\n.nf\n"));
        for line in text.trim_matches('\n').lines() {
            page.push_str(&roff_line(line));
            page.push('\n');
        }
        page.push_str(".fi\n");
    }
    Ok(page)
}

/// The KEYS section: each key of the help popup and what it does.
#[cfg(feature = "tui")]
fn keys_section() -> String {
    use crate::ui::key_bindings::{HelpSection, help_rows};
    let mut section = ".SH KEYS\n".to_owned();
    for (heading, rows) in [
        ("Playing", HelpSection::Playing),
        ("The debug overlay (Tab)", HelpSection::Overlay),
    ] {
        section.push_str(&format!(".SS {heading}\n"));
        for row in help_rows(rows) {
            section.push_str(&format!(
                ".TP\n\\fB{}\\fR\n{}\n",
                roff_line(row.keys),
                roff_line(row.text)
            ));
        }
    }
    section
}

/// A headless build has no keys: it says so.
#[cfg(not(feature = "tui"))]
fn keys_section() -> String {
    ".SH KEYS\nThis build has no terminal front end (the `tui` feature), so it has no keys.\n"
        .to_owned()
}

/// `text` as one line of roff: backslashes written as `\e`, and a line
/// that would start with a control character (`.` or `'`) starts with
/// `\&` first.
fn roff_line(text: &str) -> String {
    let text = text.replace('\\', "\\e");
    if text.starts_with(['.', '\'']) {
        format!("\\&{text}")
    } else {
        text
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
        let page = manual_page().expect("renders");
        assert!(
            page.starts_with(".ie") || page.starts_with(".TH"),
            "not roff: {}",
            &page[..40]
        );
        assert!(page.contains(".TH fogcrawl 1"));
        assert!(page.contains("sim"));
        for section in [".SH KEYS", ".SH FILES", ".SH ENVIRONMENT"] {
            assert!(page.contains(section), "no {section}");
        }
        assert!(page.contains("FOGCRAWL_DATA"));
        assert!(page.contains("./levels/run.toml"));
        assert_eq!(roff_line(".hidden"), "\\&.hidden");
        assert_eq!(roff_line("a\\b"), "a\\eb");
    }
}
