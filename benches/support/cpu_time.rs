//! The processor time the bench process has used, on all its threads: on
//! the shared development machine (two cores, several builds at once) the
//! clock on the wall measures the other builds as much as the code, while
//! this counts only the work done here. Linux and other Unix systems;
//! elsewhere `None`.
//!
//! `unsafe` here only: `getrusage` is a C function (see its SAFETY note).
#![cfg_attr(
    unix,
    expect(
        unsafe_code,
        reason = "getrusage is a C function; it only fills the struct it is given"
    )
)]

use std::time::Duration;

/// User and system time of this process so far, all threads.
pub(crate) fn process_cpu() -> Option<Duration> {
    #[cfg(unix)]
    {
        let mut usage = std::mem::MaybeUninit::<libc::rusage>::uninit();
        // SAFETY: `getrusage` writes a whole `rusage` into the pointer it is
        // given when it returns 0, and only reads `who`.
        let usage = unsafe {
            if libc::getrusage(libc::RUSAGE_SELF, usage.as_mut_ptr()) != 0 {
                return None;
            }
            usage.assume_init()
        };
        let time = |t: libc::timeval| {
            Duration::from_secs(u64::try_from(t.tv_sec).unwrap_or(0))
                + Duration::from_micros(u64::try_from(t.tv_usec).unwrap_or(0))
        };
        Some(time(usage.ru_utime) + time(usage.ru_stime))
    }
    #[cfg(not(unix))]
    None
}

/// Runs `work` and returns what it gave with the processor time it took
/// (zero where that cannot be read).
pub(crate) fn cpu_timed<T>(work: impl FnOnce() -> T) -> (T, Duration) {
    let before = process_cpu();
    let out = work();
    let spent = match (before, process_cpu()) {
        (Some(before), Some(after)) => after.saturating_sub(before),
        _ => Duration::ZERO,
    };
    (out, spent)
}
