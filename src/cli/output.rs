//! Writing a command's output to standard output, and its errors to
//! standard error, without ever panicking: either may be a closed pipe
//! (`fogcrawl sim | head`, `fogcrawl sim 2>&1 | true`) or a full disk, and
//! `println!`/`eprintln!` panic on a failed write.
//!
//! Both escape control bytes ([`escape_controls`]) whatever the command
//! gives them: text from files (a `.map` header, a level's or a monster's
//! name, a message) is quoted in outputs and errors alike, and no command
//! must be able to forget to escape it. Escaping is idempotent, so text a
//! command escaped already comes out the same.

use std::io::Write;
use std::process::ExitCode;

use fogcrawl_core::escape_controls;

/// Writes to standard output; a closed pipe (`fogcrawl sim | head`) ends the
/// command quietly instead of panicking.
pub(crate) fn print_out(text: &str) -> ExitCode {
    match std::io::stdout()
        .lock()
        .write_all(escape_controls(text).as_bytes())
    {
        Ok(()) => ExitCode::SUCCESS,
        Err(err) if err.kind() == std::io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
        Err(err) => {
            print_err(&format!("fogcrawl: cannot write the output: {err}"));
            ExitCode::FAILURE
        }
    }
}

/// Writes `line` and a newline to standard error. When standard error is
/// closed or full there is nowhere left to say anything, so a failed write
/// is ignored (the exit status still tells).
pub(crate) fn print_err(line: &str) {
    let _ = writeln!(std::io::stderr().lock(), "{}", escape_controls(line));
}
