//! Runs one case of this test binary again in a child process, for what a
//! case cannot do in the shared test process: a file-size limit (`ulimit
//! -f`), or measuring the memory a load takes at its peak.
//!
//! The case runs its child part when [`CHILD_VARIABLE`] is set (the child
//! reports on standard output) and its parent part otherwise; both parts
//! assert, so the case never passes without doing its work.

use std::process::{Command, Output};

/// Set in the child: the folder it works in.
pub(crate) const CHILD_VARIABLE: &str = "FOGCRAWL_FAULT_CHILD";

/// The folder a child case works in, if this process is the child.
pub(crate) fn child_dir() -> Option<std::path::PathBuf> {
    std::env::var_os(CHILD_VARIABLE).map(std::path::PathBuf::from)
}

/// Runs the case `name` (its full path in this binary) in a child through
/// `sh -c "{shell_setup}; exec ..."`, with `dir` as its folder.
pub(crate) fn run_case(name: &str, dir: &std::path::Path, shell_setup: &str) -> Output {
    let exe = std::env::current_exe().expect("the test binary's path");
    Command::new("sh")
        .arg("-c")
        .arg(format!(
            "{shell_setup}; exec \"$0\" --exact \"$1\" --nocapture --test-threads 1"
        ))
        .arg(exe)
        .arg(name)
        .env(CHILD_VARIABLE, dir)
        .output()
        .expect("sh runs")
}

/// The child's standard output and error, for messages.
pub(crate) fn said(output: &Output) -> String {
    format!(
        "status {:?}\nstdout:\n{}\nstderr:\n{}",
        output.status,
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr)
    )
}
