//! Floats as keys: bits that sort like the values, negative ones too, so a
//! priority queue of integers orders distances and times exactly.

/// Bits of `value` whose unsigned order is the order of the values
/// (negative values first; NaN never arrives here).
#[must_use]
pub(crate) fn order_bits(value: f64) -> u64 {
    let bits = value.to_bits();
    if bits >> 63 == 0 {
        bits | (1 << 63)
    } else {
        !bits
    }
}

#[cfg(test)]
mod tests {
    use super::order_bits;

    #[test]
    fn the_bits_sort_like_the_values() {
        assert!(order_bits(-2.0) < order_bits(-1.0));
        assert!(order_bits(-1.0) < order_bits(0.0));
        assert!(order_bits(0.5) < order_bits(3.0));
    }
}
