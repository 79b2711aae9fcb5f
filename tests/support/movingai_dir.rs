//! Where the Moving AI benchmark set is: `FOGCRAWL_MOVINGAI_DIR` (CI sets it to
//! `../shared/movingai`). Shared by the tests that read it (each includes this
//! file with `#[path]`); the benchmark data is never copied into the repository.

use std::io::Write as _;
use std::path::PathBuf;

pub(crate) const MOVINGAI_DIR_VARIABLE: &str = "FOGCRAWL_MOVINGAI_DIR";

/// The benchmark folder, or `None` (after saying so) when the variable is
/// unset. A variable naming a missing folder is a broken setup, not a skip.
pub(crate) fn movingai_dir() -> Option<PathBuf> {
    let Some(dir) = std::env::var_os(MOVINGAI_DIR_VARIABLE) else {
        // Written to stderr directly, not through `eprintln!`, so the test
        // harness does not capture it: a skip must be visible in the log.
        let _ = writeln!(
            std::io::stderr(),
            "skipped: {MOVINGAI_DIR_VARIABLE} is not set (CI sets it to ../shared/movingai)"
        );
        return None;
    };
    let dir = PathBuf::from(dir);
    assert!(
        dir.is_dir(),
        "{MOVINGAI_DIR_VARIABLE} is set to {}, which is not a folder",
        dir.display()
    );
    Some(dir)
}
