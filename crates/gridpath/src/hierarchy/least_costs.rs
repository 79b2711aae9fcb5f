//! The cheapest cell cost inside a box of the grid: the scale of an
//! admissible heuristic for a search held inside that box, tighter than
//! the grid's cheapest cost where the level's cheapest ground (a road) lies
//! elsewhere.
//!
//! Read row by row from the grid's own cost array (walls are stored as an
//! infinite cost, so a plain minimum skips them): reading it cell by cell
//! through [`Grid::cost`] before every small search cost a third of the
//! search (far strolls on a 1024x1024 level).

use crate::grid::Grid;
use crate::pos::Pos;

/// The cheapest passable cost among the cells of the box at `corner`,
/// `width` by `height` cells (clipped to the grid), or `None` when it holds
/// no passable cell. A search kept inside the box may scale its distance
/// heuristic by it and stay admissible (and consistent).
///
/// ```
/// use gridpath::{Grid, Movement, Pos, least_cost_in_box};
///
/// // A road (cost 0.5) along the top row of a 32x32 floor.
/// let grid = Grid::from_fn(32, 32, Movement::default(), |_, y| {
///     Some(if y == 0 { 0.5 } else { 1.0 })
/// })
/// .unwrap();
/// assert_eq!(least_cost_in_box(&grid, Pos::new(0, 16), 16, 16), Some(1.0));
/// assert_eq!(least_cost_in_box(&grid, Pos::new(-4, -4), 8, 8), Some(0.5));
/// assert_eq!(least_cost_in_box(&grid, Pos::new(40, 0), 8, 8), None);
/// ```
pub fn least_cost_in_box(grid: &Grid, corner: Pos, width: i32, height: i32) -> Option<f64> {
    let grid_width = i32::try_from(grid.width()).unwrap_or(i32::MAX);
    let grid_height = i32::try_from(grid.height()).unwrap_or(i32::MAX);
    let (x0, y0) = (corner.x.max(0), corner.y.max(0));
    let x1 = corner.x.saturating_add(width).min(grid_width);
    let y1 = corner.y.saturating_add(height).min(grid_height);
    if x0 >= x1 || y0 >= y1 {
        return None;
    }
    let costs = grid.costs();
    let row_length = (x1 - x0) as usize;
    let mut least = f32::INFINITY;
    for y in y0..y1 {
        let first = grid.index_of(Pos::new(x0, y));
        for &cost in &costs[first..first + row_length] {
            // Not `f32::min`: a plain comparison lets the loop vectorise.
            if cost < least {
                least = cost;
            }
        }
    }
    least.is_finite().then_some(f64::from(least))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Movement;

    /// The cheapest passable cell of the box, read cell by cell.
    fn scanned(grid: &Grid, corner: Pos, width: i32, height: i32) -> Option<f64> {
        let mut least = f64::INFINITY;
        for y in corner.y..corner.y + height {
            for x in corner.x..corner.x + width {
                if let Some(cost) = grid.cost(Pos::new(x, y)) {
                    least = least.min(cost);
                }
            }
        }
        least.is_finite().then_some(least)
    }

    #[test]
    fn it_is_the_box_s_cheapest_passable_cell_clipped_to_the_grid() {
        let mut grid = Grid::from_fn(40, 21, Movement::default(), |x, y| {
            match (x * 5 + y * 3) % 11 {
                0 => None,
                n => Some(1.0 + f64::from(n % 4)),
            }
        })
        .unwrap();
        for round in 0..30 {
            // A change every round: cheaper, dearer or a wall.
            let cell = Pos::new((round * 7) % 40, (round * 5) % 21);
            let cost = match round % 3 {
                0 => Some(0.25 + f64::from(round) / 100.0),
                1 => Some(9.0),
                _ => None,
            };
            grid.set_cost(cell, cost).unwrap();
            for (corner, w, h) in [
                (Pos::new(-4, -4), 16, 16),
                (Pos::new(3, 5), 10, 9),
                (Pos::new(30, 12), 20, 20),
                (Pos::new(0, 0), 40, 21),
                (Pos::new(cell.x, cell.y), 1, 1),
            ] {
                assert_eq!(
                    least_cost_in_box(&grid, corner, w, h),
                    scanned(&grid, corner, w, h),
                    "round {round} {corner} {w}x{h}"
                );
            }
        }
    }

    #[test]
    fn walls_and_boxes_off_the_grid_have_no_cost() {
        let grid =
            Grid::from_fn(16, 16, Movement::default(), |x, _| (x >= 8).then_some(3.0)).unwrap();
        assert_eq!(least_cost_in_box(&grid, Pos::new(0, 0), 8, 16), None);
        assert_eq!(least_cost_in_box(&grid, Pos::new(0, 0), 9, 1), Some(3.0));
        assert_eq!(least_cost_in_box(&grid, Pos::new(100, 100), 8, 8), None);
        assert_eq!(least_cost_in_box(&grid, Pos::new(-20, 0), 8, 8), None);
        assert_eq!(least_cost_in_box(&grid, Pos::new(4, 4), 0, 8), None);
    }
}
