//! A cell position on a level grid.
//!
//! Only coordinates: it must never carry terrain, costs or bounds knowledge.

use std::fmt;

/// A cell: column `x` from the left, row `y` from the top, both 0-based.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
pub struct Pos {
    /// Column, 0 at the left edge.
    pub x: usize,
    /// Row, 0 at the top edge.
    pub y: usize,
}

impl Pos {
    /// A position from its column and row.
    #[must_use]
    pub const fn new(x: usize, y: usize) -> Self {
        Self { x, y }
    }
}

impl fmt::Display for Pos {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "({}, {})", self.x, self.y)
    }
}
