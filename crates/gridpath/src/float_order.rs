//! Floats as keys: bits that sort like the values, negative ones too, so a
//! priority queue of integers orders distances and times exactly.

/// Bits of `value` whose unsigned order is the order of the values
/// (negative values first; NaN never arrives here).
///
/// ```
/// use gridpath::float_order::order_bits;
/// assert!(order_bits(-2.0) < order_bits(-1.0));
/// assert!(order_bits(-1.0) < order_bits(0.0));
/// assert!(order_bits(0.5) < order_bits(3.0));
/// ```
#[must_use]
pub fn order_bits(value: f64) -> u64 {
    let bits = value.to_bits();
    if bits >> 63 == 0 {
        bits | (1 << 63)
    } else {
        !bits
    }
}
