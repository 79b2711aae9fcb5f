//! How the process's allocator treats large blocks: a game on a 1024x1024
//! level makes and drops many level-sized arrays (grids, labels, search
//! records; several megabytes each) while a level is made or loaded.
//!
//! glibc's malloc serves a large block from its own mapping and unmaps it
//! when freed, but only until the first such block is freed: it then raises
//! its threshold to that block's size (up to 32 MB), so later level-sized
//! blocks come from its arenas, whose freed memory it keeps. On `colossus`
//! that kept 90 MB of dropped arrays resident for the whole game (peak RSS
//! 256 MB against 164 MB with the threshold fixed; the game the same).
//!
//! `unsafe` here only: `mallopt` is a C function (see its SAFETY note).
#![cfg_attr(
    all(target_os = "linux", target_env = "gnu"),
    expect(
        unsafe_code,
        reason = "mallopt is a C function; it only sets a tuning parameter"
    )
)]

/// Blocks at least this large get a mapping of their own (glibc's default
/// threshold, before it moves).
const OWN_MAPPING_BYTES: i32 = 128 * 1024;

/// Fixes the allocator's threshold for giving large blocks a mapping of
/// their own, so dropped level-sized arrays go back to the system. Call it
/// once, first thing in `main`. Does nothing where the allocator is not
/// glibc's.
pub fn return_large_blocks() {
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    // SAFETY: `mallopt` only sets a tuning parameter of the allocator; it
    // runs before any other thread exists, and any value is safe.
    unsafe {
        libc::mallopt(libc::M_MMAP_THRESHOLD, OWN_MAPPING_BYTES);
    }
}
