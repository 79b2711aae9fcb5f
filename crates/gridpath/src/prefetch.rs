//! Asking the processor to start loading a value into its cache before it
//! is read: a hint that hides a cache miss behind other work.
//!
//! The one module of the engine with `unsafe`: the prefetch intrinsic is an
//! `unsafe fn`, though it never faults (see the SAFETY note below).
#![cfg_attr(
    target_arch = "x86_64",
    expect(
        unsafe_code,
        reason = "the prefetch intrinsic is an unsafe fn; a hint never faults"
    )
)]

/// Starts loading `value` into the cache, without waiting for it: a hint
/// (a no-op off x86_64) for a caller that knows which record it reads next.
/// The engine's searches use it; the game's per-cell arrays too.
#[inline(always)]
pub fn prefetch<T>(value: &T) {
    #[cfg(target_arch = "x86_64")]
    // SAFETY: a prefetch is only a hint: it never faults and reads nothing
    // into the program, and `value` is a valid reference anyway. SSE, which
    // the intrinsic needs, is part of the x86_64 baseline.
    unsafe {
        std::arch::x86_64::_mm_prefetch::<{ std::arch::x86_64::_MM_HINT_T0 }>(
            (value as *const T).cast(),
        );
    }
    #[cfg(not(target_arch = "x86_64"))]
    let _ = value;
}
