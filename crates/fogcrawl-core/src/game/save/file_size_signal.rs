//! Ignoring SIGXFSZ, so a save written past the file-size limit fails
//! with an error the game handles instead of killing the process.
//!
//! The one module of the core with `unsafe`: `signal` is a C function (see
//! its SAFETY note).
#![cfg_attr(
    unix,
    expect(
        unsafe_code,
        reason = "libc::signal is a C function; SIG_IGN runs no code of ours"
    )
)]

/// Makes a write past the file-size limit (`ulimit -f`) fail with an error
/// (`EFBIG`) instead of killing the process, which is what SIGXFSZ does by
/// default: the save then takes the fallback path like any failed write,
/// the terminal is restored and the temporary file removed. Call it before
/// a game starts; Unix only (elsewhere there is no such signal).
pub fn ignore_file_size_signal() {
    #[cfg(unix)]
    // SAFETY: installing SIG_IGN runs no code of ours in the handler, and
    // nothing else in the process handles SIGXFSZ.
    unsafe {
        libc::signal(libc::SIGXFSZ, libc::SIG_IGN);
    }
}
