//! Per-cell distances that are infinite until set, and cost nothing until
//! then: all-zero bits stand for infinity, so a new array is zeroed memory
//! the system maps page by page on first touch. A field that reaches a few
//! thousand cells of a 1024x1024 grid writes a few pages, not 8 MB, the
//! first time it is used (a whole-grid fill in the middle of a turn).

/// Bits of `f64::INFINITY`: a stored value is the distance's bits XOR these.
const INFINITY_BITS: u64 = f64::INFINITY.to_bits();

/// Distances for a number of cells, all infinite at first.
#[derive(Debug, Clone, Default)]
pub(crate) struct Distances {
    stored: Vec<u64>,
}

impl Distances {
    /// `len` infinite distances (zeroed memory: no writes).
    pub(crate) fn infinite(len: usize) -> Self {
        Self {
            stored: vec![0; len],
        }
    }

    /// The stored bits (zero for an infinite distance), for a save.
    #[cfg(feature = "serde")]
    pub(crate) fn stored(&self) -> &[u64] {
        &self.stored
    }

    /// Distances from bits [`Distances::stored`] gave.
    #[cfg(feature = "serde")]
    pub(crate) fn from_stored(stored: Vec<u64>) -> Self {
        Self { stored }
    }

    pub(crate) fn len(&self) -> usize {
        self.stored.len()
    }

    /// The distance of `cell` (infinite if never set). Panics past the end.
    #[inline]
    pub(crate) fn get(&self, cell: usize) -> f64 {
        f64::from_bits(self.stored[cell] ^ INFINITY_BITS)
    }

    /// Sets the distance of `cell`. Panics past the end.
    #[inline]
    pub(crate) fn set(&mut self, cell: usize, distance: f64) {
        self.stored[cell] = distance.to_bits() ^ INFINITY_BITS;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn distances_start_infinite_and_keep_what_is_set() {
        let mut distances = Distances::infinite(4);
        assert_eq!(distances.len(), 4);
        assert!((0..4).all(|cell| distances.get(cell) == f64::INFINITY));
        for (cell, value) in [(0, 0.0), (1, -2.5), (2, 1e300), (3, f64::INFINITY)] {
            distances.set(cell, value);
            assert_eq!(distances.get(cell), value);
        }
        distances.set(1, f64::INFINITY);
        assert_eq!(distances.get(1), f64::INFINITY);
        assert_eq!(Distances::default().len(), 0);
    }
}
