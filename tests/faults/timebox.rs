//! Runs a piece of a fault test on a thread of its own with a time limit,
//! so that a hang fails the test with a message instead of stalling the
//! suite, and a panic fails it with what it said.

use std::sync::mpsc::{self, RecvTimeoutError};
use std::time::Duration;

/// Generous for one damaged input in a debug build; a hang takes forever.
pub(crate) const CASE_LIMIT: Duration = Duration::from_secs(30);

/// `work()`'s result, or a failure naming `what` if it panicked or took
/// longer than `limit` (its thread is then left behind; the test fails).
pub(crate) fn within<T: Send + 'static>(
    limit: Duration,
    what: &str,
    work: impl FnOnce() -> T + Send + 'static,
) -> Result<T, String> {
    let (sender, receiver) = mpsc::channel();
    let worker = std::thread::spawn(move || {
        let _ = sender.send(work());
    });
    match receiver.recv_timeout(limit) {
        Ok(value) => Ok(value),
        Err(RecvTimeoutError::Timeout) => {
            Err(format!("{what}: still running after {limit:?} (a hang)"))
        }
        Err(RecvTimeoutError::Disconnected) => {
            let message = match worker.join() {
                Err(payload) => payload
                    .downcast_ref::<String>()
                    .cloned()
                    .or_else(|| payload.downcast_ref::<&str>().map(|s| (*s).to_owned()))
                    .unwrap_or_else(|| "a panic".to_owned()),
                Ok(()) => "ended without a result".to_owned(),
            };
            Err(format!("{what}: panicked: {message}"))
        }
    }
}

/// [`within`] with [`CASE_LIMIT`], failing the test on a hang or panic.
pub(crate) fn must_finish<T: Send + 'static>(
    what: &str,
    work: impl FnOnce() -> T + Send + 'static,
) -> T {
    within(CASE_LIMIT, what, work).unwrap_or_else(|failure| panic!("{failure}"))
}
