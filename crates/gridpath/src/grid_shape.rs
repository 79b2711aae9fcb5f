//! The crate's one row-major shape: a `width x height` rectangle of cells
//! stored row by row, cell (x, y) at index `y * width + x`. Levels, per-cell
//! AI maps, field-of-view stamps, occupancy and picture layers all index
//! their flat arrays through it, so the arithmetic and its bounds checks are
//! written once.
//!
//! It holds no cells, only the size, and is `Copy`; every method is small and
//! inlined, so it costs what the hand-written arithmetic did. The engine's
//! own [`Grid`](super::Grid) stores cells with a wall border (a different,
//! padded layout) and uses a shape only for its bounds.

use crate::pos::Pos;

/// The largest side a grid may have (keeps padded indices inside u32).
pub const MAX_GRID_SIDE: usize = 1 << 15;

/// The size of a row-major grid of cells.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct GridShape {
    width: usize,
    height: usize,
}

impl GridShape {
    /// The shape of a `width` x `height` grid.
    #[must_use]
    #[inline]
    pub const fn new(width: usize, height: usize) -> Self {
        Self { width, height }
    }

    /// Cells in a row.
    #[must_use]
    #[inline]
    pub const fn width(&self) -> usize {
        self.width
    }

    /// Rows.
    #[must_use]
    #[inline]
    pub const fn height(&self) -> usize {
        self.height
    }

    /// How many cells the shape holds.
    #[must_use]
    #[inline]
    pub const fn len(&self) -> usize {
        self.width * self.height
    }

    /// Whether the shape holds no cell.
    #[must_use]
    #[inline]
    pub const fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Whether `pos` lies inside (negative coordinates never do).
    #[must_use]
    #[inline]
    pub fn contains(&self, pos: Pos) -> bool {
        self.index(pos).is_some()
    }

    /// The row-major index of `pos`, `None` outside (negative coordinates
    /// included).
    #[must_use]
    #[inline]
    pub fn index(&self, pos: Pos) -> Option<usize> {
        self.index_of_column_row(usize::try_from(pos.x).ok()?, usize::try_from(pos.y).ok()?)
    }

    /// The row-major index of column `x`, row `y` counted as `usize` (as
    /// generators and text rows count them), `None` outside.
    #[must_use]
    #[inline]
    pub fn index_of_column_row(&self, x: usize, y: usize) -> Option<usize> {
        (x < self.width && y < self.height).then(|| y * self.width + x)
    }

    /// The column and row of `index`, counted as `usize`. The shape must not
    /// be empty; an index past the end gives a row past the last.
    #[must_use]
    #[inline]
    pub fn column_row(&self, index: usize) -> (usize, usize) {
        (index % self.width, index / self.width)
    }

    /// The position of `index`. The shape must not be empty. Coordinates past
    /// `i32::MAX` saturate (off every grid), which a valid index never reaches:
    /// sides are capped far below it.
    #[must_use]
    #[inline]
    pub fn pos(&self, index: usize) -> Pos {
        let (x, y) = self.column_row(index);
        Pos::new(saturating_coordinate(x), saturating_coordinate(y))
    }

    /// Every position, row by row (the order of the indices).
    pub fn positions(&self) -> impl Iterator<Item = Pos> + use<> {
        let (width, height) = (
            saturating_coordinate(self.width),
            saturating_coordinate(self.height),
        );
        (0..height).flat_map(move |y| (0..width).map(move |x| Pos::new(x, y)))
    }
}

/// `value` as a coordinate, `i32::MAX` (off every grid) if it does not fit.
#[inline]
fn saturating_coordinate(value: usize) -> i32 {
    i32::try_from(value).unwrap_or(i32::MAX)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn indices_and_positions_round_trip_within_bounds() {
        let shape = GridShape::new(4, 3);
        assert_eq!(shape.len(), 12);
        assert_eq!(shape.index(Pos::new(3, 2)), Some(11));
        assert_eq!(shape.pos(11), Pos::new(3, 2));
        assert_eq!(shape.column_row(6), (2, 1));
        assert_eq!(shape.index(Pos::new(4, 0)), None);
        assert_eq!(shape.index(Pos::new(0, 3)), None);
        assert_eq!(shape.index(Pos::new(-1, 0)), None);
        assert!(shape.contains(Pos::new(0, 0)) && !shape.contains(Pos::new(0, -1)));
        let in_order: Vec<usize> = shape.positions().filter_map(|p| shape.index(p)).collect();
        assert_eq!(in_order, (0..12).collect::<Vec<_>>());
    }

    #[test]
    fn an_empty_shape_contains_nothing() {
        let shape = GridShape::default();
        assert!(shape.is_empty());
        assert_eq!(shape.index(Pos::new(0, 0)), None);
        assert_eq!(shape.positions().count(), 0);
    }
}
