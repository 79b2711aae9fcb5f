//! The checks every search runs on a query before it starts: both ends on
//! the grid and passable. One place, so the searches that are not A* (greedy
//! best-first, breadth-first, bidirectional) refuse exactly what A* refuses,
//! with the same [`QueryError`].

use crate::astar::{Endpoint, QueryError};
use crate::grid::{Grid, Pos};

/// `Ok` when `start` and `goal` are passable cells of `grid`.
pub(crate) fn check_endpoints(grid: &Grid, start: Pos, goal: Pos) -> Result<(), QueryError> {
    for (which, pos) in [(Endpoint::Start, start), (Endpoint::Goal, goal)] {
        if !grid.in_bounds(pos) {
            return Err(QueryError::OutOfBounds {
                which,
                pos,
                width: grid.width(),
                height: grid.height(),
            });
        }
        if !grid.is_passable(pos) {
            return Err(QueryError::Impassable { which, pos });
        }
    }
    Ok(())
}
