//! The crate's one cell position, in a file of its own at the bottom of the
//! engine so every module that needs it (grids, shapes, levels) can import it
//! without importing each other.

use std::fmt;

/// A cell position: `x` is the column, `y` the row, (0, 0) the top-left.
/// Signed so callers can do neighbour arithmetic; negative values are simply
/// out of bounds.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Pos {
    /// The column.
    pub x: i32,
    /// The row.
    pub y: i32,
}

impl Pos {
    /// The cell in column `x`, row `y`.
    pub const fn new(x: i32, y: i32) -> Self {
        Self { x, y }
    }

    /// Steps between this cell and `other` when diagonal steps count as
    /// one (the Chebyshev distance).
    ///
    /// ```
    /// use gridpath::Pos;
    /// assert_eq!(Pos::new(1, 1).chebyshev(Pos::new(4, -1)), 3);
    /// ```
    pub const fn chebyshev(self, other: Pos) -> i32 {
        let (dx, dy) = ((self.x - other.x).abs(), (self.y - other.y).abs());
        if dx > dy { dx } else { dy }
    }

    /// The length of the straight way from this cell to `other` when a
    /// straight step is 1 long and a diagonal one sqrt 2 (the octile
    /// distance): for a neighbour, the length of the step to it.
    ///
    /// ```
    /// use gridpath::Pos;
    /// assert_eq!(Pos::new(0, 0).octile(Pos::new(0, 1)), 1.0);
    /// assert_eq!(Pos::new(0, 0).octile(Pos::new(1, 1)), std::f64::consts::SQRT_2);
    /// assert_eq!(Pos::new(1, 1).octile(Pos::new(4, 0)), 2.0 + std::f64::consts::SQRT_2);
    /// ```
    pub fn octile(self, other: Pos) -> f64 {
        crate::Heuristic::Octile.estimate(f64::from(self.x - other.x), f64::from(self.y - other.y))
    }
}

impl fmt::Display for Pos {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "({}, {})", self.x, self.y)
    }
}
