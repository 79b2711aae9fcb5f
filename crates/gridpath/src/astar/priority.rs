//! The open list's key: f and the tie-break packed into one `u64`, whose
//! order is the order of expansion (A*'s, and jump point search's).

use super::TieBreak;

/// Low bits of f's float pattern left out of the priority key. Keeping 33
/// mantissa bits makes f values equal to 1.2e-10 relative compare equal, so
/// the tie-break sees the ties that float rounding would otherwise hide
/// (g + sqrt2 plus h - sqrt2 rarely rounds back to the same f). A path found
/// this way costs at most (1 + 2^-33) times the optimum.
const F_DROPPED_BITS: u32 = 19;
/// Bits of the key below f that hold the tie-break: the top bits of h's
/// float pattern (exponent and 8 mantissa bits). `LargerG` leaves them 0 so
/// equal-f entries share a key and come out of the queue newest first.
pub(crate) const TIE_BITS: u32 = 20;
const TIE_MASK: u64 = (1 << TIE_BITS) - 1;

/// The open-list priority of a cell: f, then the tie-break, in one `u64`
/// (for non-negative floats the bit pattern orders like the value).
/// Larger h at equal f means smaller g.
#[inline(always)]
pub(super) fn priority_key(f: f64, h: f64, tie_break: TieBreak) -> u64 {
    priority_key_masked(f, h, tie_mask(tie_break))
}

/// Which tie bits a tie-break keeps: all of them for `SmallerG`, none
/// otherwise. Worked out once per search, so the loop has no `match`.
pub(super) fn tie_mask(tie_break: TieBreak) -> u64 {
    match tie_break {
        TieBreak::SmallerG => TIE_MASK,
        TieBreak::LargerG => 0,
    }
}

/// An open-list key for searches that break f ties toward larger g
/// (smaller h) by the key itself rather than by push order, as jump point
/// search does on a radix heap: f above the top bits of h.
#[inline(always)]
pub(crate) fn priority_key_larger_g_first(f: f64, h: f64) -> u64 {
    let f_part = (f.to_bits() >> F_DROPPED_BITS) << TIE_BITS;
    f_part | (h.to_bits() >> (63 - TIE_BITS))
}

/// [`priority_key`] with the tie-break given as its [`tie_mask`].
#[inline(always)]
pub(super) fn priority_key_masked(f: f64, h: f64, tie_mask: u64) -> u64 {
    let f_part = (f.to_bits() >> F_DROPPED_BITS) << TIE_BITS;
    let h_part = h.to_bits() >> (63 - TIE_BITS);
    f_part | (!h_part & tie_mask)
}
