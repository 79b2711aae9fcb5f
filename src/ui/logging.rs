//! Logging to a file (tracing), never to the screen: the terminal belongs
//! to the game while it runs.
//!
//! The log is `fogcrawl.log` in the user's state folder unless `$FOGCRAWL_LOG`
//! names another file (see `user_dirs`); `RUST_LOG`
//! overrides the default filter. Control bytes are escaped on the way in, as
//! the screen escapes them.

use std::fs::OpenOptions;
use std::io::Write;
use std::path::Path;
use std::sync::Mutex;

use tracing_subscriber::EnvFilter;

use fogcrawl_core::escape_controls;

pub use fogcrawl_core::{LOG_PATH_VARIABLE, log_path};
/// What is logged when `RUST_LOG` is not set.
const DEFAULT_FILTER: &str = "fogcrawl=info";

/// Sends tracing output to the file at `path` (appending). Returns why not
/// if the file cannot be opened; the game then runs without a log.
pub fn init(path: &Path) -> Result<(), String> {
    if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
        std::fs::create_dir_all(dir)
            .map_err(|e| format!("cannot create {}: {e}", dir.display()))?;
    }
    // Opening a FIFO for writing waits for a reader: the log is only ever
    // a regular file (or made as one).
    if let Some(kind) =
        fogcrawl_core::kind_at(path).filter(|&kind| kind != fogcrawl_core::FileKind::Regular)
    {
        return Err(format!("{} is {kind}, not a regular file", path.display()));
    }
    let file = OpenOptions::new()
        .create(true)
        .append(true)
        .open(path)
        .map_err(|e| format!("cannot open {}: {e}", path.display()))?;
    let filter =
        EnvFilter::try_from_default_env().unwrap_or_else(|_| EnvFilter::new(DEFAULT_FILTER));
    tracing_subscriber::fmt()
        .with_env_filter(filter)
        .with_writer(Mutex::new(EscapingWriter(file)))
        .with_ansi(false)
        .try_init()
        .map_err(|e| format!("cannot start logging: {e}"))
}

/// Writes the log with every control character but line feed and tab
/// escaped, as the screen shows them: logged errors quote file contents
/// (a monster's name, a level's header), and `cat fogcrawl.log` must not
/// let them drive the terminal. tracing's own escaping leaves some out
/// (a carriage return, shift-out). Each event comes in one write.
struct EscapingWriter<W>(W);

impl<W: Write> Write for EscapingWriter<W> {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        self.write_all(buf)?;
        Ok(buf.len())
    }

    fn write_all(&mut self, buf: &[u8]) -> std::io::Result<()> {
        let text = String::from_utf8_lossy(buf);
        self.0.write_all(escape_controls(&text).as_bytes())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        self.0.flush()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_log_is_written_with_control_bytes_escaped() {
        let mut out = EscapingWriter(Vec::new());
        out.write_all("a \u{1b}]0;x\u{7} \r\u{e} b\tc\n".as_bytes())
            .unwrap();
        assert_eq!(
            String::from_utf8(out.0).unwrap(),
            "a \\x1b]0;x\\x07 \\x0d\\x0e b\tc\n"
        );
    }

    #[cfg(unix)]
    #[test]
    fn a_fifo_as_the_log_is_refused_without_waiting_for_a_reader() {
        let dir = tempfile::tempdir().unwrap();
        let fifo = dir.path().join("fogcrawl.log");
        let made = std::process::Command::new("mkfifo")
            .arg(&fifo)
            .status()
            .unwrap();
        assert!(made.success());
        let err = init(&fifo).unwrap_err();
        assert_eq!(
            err,
            format!(
                "{} is a FIFO (named pipe), not a regular file",
                fifo.display()
            )
        );
    }
}
