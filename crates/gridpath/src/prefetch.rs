//! Asking the processor to start loading a value into its cache before it
//! is read: a hint that hides a cache miss behind other work.

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
