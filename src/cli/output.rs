//! Writing a command's output to standard output.

use std::process::ExitCode;

/// Writes to standard output; a closed pipe (`fogcrawl sim | head`) ends the
/// command quietly instead of panicking.
pub fn print_out(text: &str) -> ExitCode {
    use std::io::Write;
    match std::io::stdout().lock().write_all(text.as_bytes()) {
        Ok(()) => ExitCode::SUCCESS,
        Err(err) if err.kind() == std::io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
        Err(err) => {
            eprintln!("fogcrawl: cannot write the output: {err}");
            ExitCode::FAILURE
        }
    }
}
