//! Path smoothing: cost-aware line-of-sight string pulling over a path the
//! search already found, so walkers move along straight lines instead of the
//! staircases that grid searches return among equal-cost paths.
//!
//! A shortcut from one cell of the path to a later one replaces the cells in
//! between with the straight grid line joining them, and is taken only when
//! every step of the line is legal under the grid's movement rule (corner
//! rule included) and the line costs no more than what it replaces, counted
//! exactly as A* counts it: step length (1 or sqrt 2) times the cost of the
//! entered cell. The costs are whatever the caller put in the grid (terrain
//! and influence alike), so a shortcut through danger is refused when the
//! danger costs more than the detour.
//!
//! This module must never return a path that is illegal, that has other
//! endpoints, or that costs more than the path it was given; and, like the
//! rest of the engine, it must never know about monsters or terrain kinds.

use crate::grid::{DIRECTION_LENGTHS, Diagonals, Grid, Pos};
use crate::path::Path;

/// Relative slack when comparing a shortcut's cost with the cells it
/// replaces. Costs that are equal in exact arithmetic (a staircase of 1s and
/// sqrt 2s against the straight line with the same moves) can differ in the
/// last bits when summed in another order; this absorbs that and nothing
/// more. A smoothed path costs at most `1 + COST_TOLERANCE` times the raw
/// path's cost.
pub const COST_TOLERANCE: f64 = 1e-12;

/// How many steps ahead of the current waypoint a shortcut may reach. Trying
/// the furthest cell first, a waypoint costs at most this many line walks of
/// at most this many steps; on open ground the first try succeeds, so
/// smoothing is linear in the path's length. A straight stretch longer than
/// this is cut into straight pieces. Measured on 500 A* paths per Moving AI
/// map: about 20-50 ns per path cell on open maps, 150-220 ns on cluttered,
/// room and maze maps, where most tries fail.
pub const MAX_SHORTCUT_STEPS: usize = 64;

/// No direction: the two cells are not neighbours.
const NOT_A_MOVE: u8 = u8::MAX;

/// The direction index (see `grid::DIRECTION_DELTAS`) of the move by
/// `(dx, dy)`, looked up at `[dy + 1][dx + 1]`.
const DIRECTION_OF: [[u8; 3]; 3] = [
    [7, 0, 4],          // north-west, north, north-east
    [3, NOT_A_MOVE, 1], // west, (no move), east
    [6, 2, 5],          // south-west, south, south-east
];

/// The direction index of the move by `(dx, dy)`, if that is a single move.
#[inline(always)]
fn direction_of(dx: i64, dy: i64) -> Option<usize> {
    if dx.abs() > 1 || dy.abs() > 1 {
        return None;
    }
    let direction = DIRECTION_OF[(dy + 1) as usize][(dx + 1) as usize];
    (direction != NOT_A_MOVE).then_some(usize::from(direction))
}

/// A cell of the grid's padded layout that moves one step at a time: the
/// legality check and cost of a move without bounds arithmetic per step.
struct Cursor<'g> {
    masks: &'g [u8],
    costs: &'g [f32],
    offsets: &'g [isize; 8],
    index: usize,
}

impl<'g> Cursor<'g> {
    /// A cursor on `pos`, which must be inside the grid.
    fn at(grid: &'g Grid, pos: Pos) -> Self {
        Self {
            masks: grid.masks(),
            costs: grid.costs(),
            offsets: grid.offsets(),
            index: grid.index_of(pos),
        }
    }

    /// Moves by `(dx, dy)` if that is a legal single move from here (see
    /// [`Cursor::step`]), without reading what it costs.
    #[inline(always)]
    fn moves(&mut self, dx: i64, dy: i64) -> bool {
        let Some(direction) = direction_of(dx, dy) else {
            return false;
        };
        if self.masks[self.index] & (1 << direction) == 0 {
            return false;
        }
        self.index = self.index.wrapping_add_signed(self.offsets[direction]);
        true
    }

    /// Moves by `(dx, dy)` and returns what the move cost, as A* counts it;
    /// `None` (staying put) if it is not a legal single move from here (not
    /// adjacent, impassable, or against the corner rule).
    #[inline(always)]
    fn step(&mut self, dx: i64, dy: i64) -> Option<f64> {
        let direction = direction_of(dx, dy)?;
        if self.masks[self.index] & (1 << direction) == 0 {
            return None;
        }
        self.index = self.index.wrapping_add_signed(self.offsets[direction]);
        // The same product A* forms, so the sums agree to the last bit.
        Some(DIRECTION_LENGTHS[direction] * f64::from(self.costs[self.index]))
    }
}

/// The offset from `from` to `to`, without overflow.
fn delta(from: Pos, to: Pos) -> (i64, i64) {
    (
        i64::from(to.x) - i64::from(from.x),
        i64::from(to.y) - i64::from(from.y),
    )
}

/// What the move from `from` to `to` costs, as A* counts it, or `None` if it
/// is not a legal single move (not adjacent, outside, impassable, or against
/// the corner rule).
fn step_cost(grid: &Grid, from: Pos, to: Pos) -> Option<f64> {
    if !grid.in_bounds(from) {
        return None;
    }
    let (dx, dy) = delta(from, to);
    Cursor::at(grid, from).step(dx, dy)
}

/// Whether walking from `from` through `cells` in turn takes only legal
/// single moves (adjacent, passable, corner rule kept): the check of
/// [`path_cost`] without the sum, one mask read per step. No cells: true.
pub fn steps_are_legal(grid: &Grid, from: Pos, cells: &[Pos]) -> bool {
    if cells.is_empty() {
        return true;
    }
    if !grid.in_bounds(from) {
        return false;
    }
    let mut cursor = Cursor::at(grid, from);
    let mut at = from;
    cells.iter().all(|&cell| {
        let (dx, dy) = delta(at, cell);
        at = cell;
        cursor.moves(dx, dy)
    })
}

/// What walking `path` costs: the sum, from the start, of each step's
/// length (1 or sqrt 2) times the cost of the cell it enters, exactly as
/// A* sums it (an A* path's cost is reproduced to the last bit).
///
/// `None` if any step is not a legal move under the grid's movement rule,
/// or a one-cell path stands on an impassable or outside cell. An empty path
/// costs 0.
///
/// ```
/// use gridpath::{Grid, Movement, Pos, path_cost};
/// let grid = Grid::from_ascii(".3\n.#", Movement::default()).unwrap();
/// let (a, b, c) = (Pos::new(0, 1), Pos::new(0, 0), Pos::new(1, 0));
/// assert_eq!(path_cost(&grid, &[a, b, c]), Some(1.0 + 3.0));
/// // The diagonal would cut the wall's corner.
/// assert_eq!(path_cost(&grid, &[a, c]), None);
/// ```
pub fn path_cost(grid: &Grid, path: &[Pos]) -> Option<f64> {
    match path {
        [] => Some(0.0),
        [only] => grid.is_passable(*only).then_some(0.0),
        _ => path.windows(2).try_fold(0.0, |sum, step| {
            Some(sum + step_cost(grid, step[0], step[1])?)
        }),
    }
}

/// Smooths a path by cost-aware string pulling: see [`string_pull_into`].
///
/// ```
/// use gridpath::{Grid, Movement, Pos, path_cost, string_pull};
/// let grid = Grid::from_ascii(
///     "......\n\
///      ......\n\
///      ......",
///     Movement::default(),
/// ).unwrap();
/// let draw = |path: &[Pos]| -> String {
///     (0..3)
///         .map(|y| (0..6)
///             .map(|x| if path.contains(&Pos::new(x, y)) { '*' } else { '.' })
///             .collect::<String>())
///         .collect::<Vec<_>>()
///         .join("\n")
/// };
/// // Three steps east, then two south-east: one of many cheapest paths.
/// let raw: Vec<Pos> = [(0, 0), (1, 0), (2, 0), (3, 0), (4, 1), (5, 2)]
///     .map(|(x, y)| Pos::new(x, y))
///     .to_vec();
/// assert_eq!(draw(&raw), "****..\n\
///                         ....*.\n\
///                         .....*");
/// let smooth = string_pull(&grid, &raw);
/// // The straight line between the ends, with the same moves and cost.
/// assert_eq!(draw(&smooth), "**....\n\
///                            ..**..\n\
///                            ....**");
/// let (before, after) = (path_cost(&grid, &raw).unwrap(), path_cost(&grid, &smooth).unwrap());
/// assert!((before - after).abs() < 1e-12);
/// ```
pub fn string_pull(grid: &Grid, path: &[Pos]) -> Vec<Pos> {
    let mut out = Vec::with_capacity(path.len());
    string_pull_into(grid, path, &mut out);
    out
}

/// Smooths `path`, writing the result into `out` (cleared first); allocates
/// nothing once `out` has room for the result.
///
/// `path` must be legal: consecutive cells are single moves allowed by the
/// grid's movement rule (as [`path_cost`] checks). The result has the same
/// first and last cell, is itself a legal step-by-step path, and is made of
/// straight grid lines (Bresenham lines with diagonal moves, or their
/// 4-connected form under [`Diagonals::Never`]) between few waypoints.
///
/// From each waypoint the furthest later cell of `path` (at most
/// [`MAX_SHORTCUT_STEPS`] ahead) whose straight line is legal and costs no
/// more than the cells it replaces becomes the next waypoint; if there is
/// none, the path's own next step is kept. So the result never costs more
/// than `path` beyond float rounding: `path_cost(result) <= path_cost(path) *
/// (1 + COST_TOLERANCE)`, checked before returning.
///
/// A `path` that is not legal (or any path whose smoothing would break the
/// guarantee) is copied to `out` unchanged.
pub fn string_pull_into(grid: &Grid, path: &[Pos], out: &mut Vec<Pos>) {
    out.clear();
    let Some(raw_cost) = path_cost(grid, path) else {
        out.extend_from_slice(path);
        return;
    };
    if path.len() <= 2 || pull(grid, path, out).is_none() {
        out.clear();
        out.extend_from_slice(path);
        return;
    }
    if path_cost(grid, out).is_none_or(|cost| cost > raw_cost * (1.0 + COST_TOLERANCE)) {
        // Each shortcut was checked against the cells it replaces, summed
        // from its own waypoint; the whole path summed in one go rounds
        // differently, so the promise is checked on that sum too.
        out.clear();
        out.extend_from_slice(path);
    }
}

/// The string pulling itself, into an empty `out`. `None` if a step of
/// `path` turns out illegal (the caller has checked it is not).
fn pull(grid: &Grid, path: &[Pos], out: &mut Vec<Pos>) -> Option<()> {
    let four_connected = grid.movement().diagonals == Diagonals::Never;
    // replaced_cost[k]: what the path costs from the waypoint to k cells
    // after it, summed from the waypoint like a line's cost is.
    let mut replaced_cost = [0.0; MAX_SHORTCUT_STEPS + 1];
    let last = path.len() - 1;
    let mut waypoint = 0;
    out.push(path[0]);
    while waypoint < last {
        let reach = (last - waypoint).min(MAX_SHORTCUT_STEPS);
        let mut cursor = Cursor::at(grid, path[waypoint]);
        let mut sum = 0.0;
        for k in 1..=reach {
            let (dx, dy) = delta(path[waypoint + k - 1], path[waypoint + k]);
            sum += cursor.step(dx, dy)?;
            replaced_cost[k] = sum;
        }
        let kept = out.len();
        let mut next = waypoint + 1;
        for k in (2..=reach).rev() {
            let budget = replaced_cost[k] * (1.0 + COST_TOLERANCE);
            if push_line_within(
                grid,
                path[waypoint],
                path[waypoint + k],
                budget,
                four_connected,
                out,
            ) {
                next = waypoint + k;
                break;
            }
            out.truncate(kept);
        }
        if next == waypoint + 1 {
            out.push(path[next]);
        }
        waypoint = next;
    }
    Some(())
}

/// The straight grid line from `from` to `goal` (both included), when it is
/// a cheapest path: every step legal and the whole line costing no more
/// than any path could, the grid's cheapest cost times the distance in
/// moves (octile, or Manhattan on a four-connected grid: the bound the
/// search's heuristic rests on). A search would return a path of the same
/// cost, perhaps another of the ties; this one is found by walking the line
/// once. `None` when the line is blocked or dearer, or an end is outside.
///
/// ```
/// use gridpath::{Grid, Movement, Pos, cheapest_straight_path};
/// let grid = Grid::from_ascii("....\n.3..\n....", Movement::default()).unwrap();
/// let path = cheapest_straight_path(&grid, Pos::new(0, 2), Pos::new(3, 2)).unwrap();
/// assert_eq!((path.cells.len(), path.cost), (4, 3.0));
/// // The diagonal crosses the 3: a detour round it costs less.
/// assert!(cheapest_straight_path(&grid, Pos::new(0, 0), Pos::new(2, 2)).is_none());
/// ```
pub fn cheapest_straight_path(grid: &Grid, from: Pos, goal: Pos) -> Option<Path> {
    if !grid.in_bounds(from) || !grid.in_bounds(goal) || !grid.is_passable(from) {
        return None;
    }
    let four_connected = grid.movement().diagonals == Diagonals::Never;
    let (dx, dy) = delta(from, goal);
    let (long, short) = (dx.abs().max(dy.abs()), dx.abs().min(dy.abs()));
    let moves = if four_connected {
        (long + short) as f64
    } else {
        from.octile(goal)
    };
    let bound = grid.min_cost() * moves * (1.0 + COST_TOLERANCE);
    let mut cells = vec![from];
    if !push_line_within(grid, from, goal, bound, four_connected, &mut cells) {
        return None;
    }
    let cost = path_cost(grid, &cells)?;
    Some(Path { cells, cost })
}

/// The straight grid line from `from` to `goal` (both included) when every
/// step of it is legal, whatever it costs: a walk with no search, not a
/// cheapest path (see [`cheapest_straight_path`] for one). `None` when the
/// line is blocked or an end is outside.
///
/// ```
/// use gridpath::{Grid, Movement, Pos, walkable_straight_path};
/// let grid = Grid::from_ascii("....\n.3..\n..#.", Movement::default()).unwrap();
/// let path = walkable_straight_path(&grid, Pos::new(0, 0), Pos::new(2, 2));
/// assert_eq!(path, None, "the wall at 2,2 is the goal");
/// let path = walkable_straight_path(&grid, Pos::new(0, 0), Pos::new(2, 1)).unwrap();
/// assert_eq!(path.cells.len(), 3);
/// ```
pub fn walkable_straight_path(grid: &Grid, from: Pos, goal: Pos) -> Option<Path> {
    if !grid.in_bounds(from) || !grid.in_bounds(goal) || !grid.is_passable(from) {
        return None;
    }
    let four_connected = grid.movement().diagonals == Diagonals::Never;
    let mut cells = vec![from];
    if !push_line_within(grid, from, goal, f64::INFINITY, four_connected, &mut cells) {
        return None;
    }
    let cost = path_cost(grid, &cells)?;
    Some(Path { cells, cost })
}

/// Appends the cells of the straight line from `from` (excluded) to `to`
/// (included) to `out`, if every step is legal and the line costs at most
/// `budget`. Returns whether it did; on `false`, `out` may hold part of the
/// line.
fn push_line_within(
    grid: &Grid,
    from: Pos,
    to: Pos,
    budget: f64,
    four_connected: bool,
    out: &mut Vec<Pos>,
) -> bool {
    let mut cost = 0.0;
    let mut at = from;
    let mut cursor = Cursor::at(grid, from);
    for cell in GridLine::new(from, to, four_connected) {
        let (dx, dy) = delta(at, cell);
        let Some(step) = cursor.step(dx, dy) else {
            return false;
        };
        cost += step;
        if cost > budget {
            return false; // costs are positive: the rest only adds
        }
        out.push(cell);
        at = cell;
    }
    true
}

/// The cells of the straight grid line from one cell to another, the first
/// excluded and the last included.
///
/// With diagonals it is the Bresenham line: `max(|dx|, |dy|)` steps, one
/// along the major axis each, the minor coordinate rounded (halves away from
/// the start) to the exact line. Without, it is the 4-connected line:
/// `|dx| + |dy|` cardinal steps, each crossing whichever cell edge the exact
/// line crosses first (the horizontal step on a tie).
#[derive(Debug, Clone)]
struct GridLine {
    from: Pos,
    /// Absolute extent along x and y.
    length_x: i64,
    length_y: i64,
    /// Direction of travel along x and y (-1, 0 or 1).
    sign_x: i32,
    sign_y: i32,
    /// Steps taken along x and y so far.
    done_x: i64,
    done_y: i64,
    /// With diagonals: `(2 k minor + major) mod 2 major` after k major
    /// steps, so the minor coordinate is `round(k minor / major)` without a
    /// division per step.
    rounding: i64,
    four_connected: bool,
}

impl GridLine {
    fn new(from: Pos, to: Pos, four_connected: bool) -> Self {
        let dx = i64::from(to.x) - i64::from(from.x);
        let dy = i64::from(to.y) - i64::from(from.y);
        Self {
            from,
            length_x: dx.abs(),
            length_y: dy.abs(),
            sign_x: dx.signum() as i32,
            sign_y: dy.signum() as i32,
            done_x: 0,
            done_y: 0,
            rounding: dx.abs().max(dy.abs()),
            four_connected,
        }
    }
}

impl Iterator for GridLine {
    type Item = Pos;

    fn next(&mut self) -> Option<Pos> {
        let (nx, ny) = (self.length_x, self.length_y);
        if self.done_x == nx && self.done_y == ny {
            return None;
        }
        if self.four_connected {
            // The exact line crosses the next vertical cell edge at
            // t = (2 done_x + 1) / 2 nx and the next horizontal one at
            // t = (2 done_y + 1) / 2 ny; step across the earlier. Once one
            // axis is done its crossing compares as later, so no overshoot.
            if (2 * self.done_x + 1) * ny <= (2 * self.done_y + 1) * nx {
                self.done_x += 1;
            } else {
                self.done_y += 1;
            }
        } else {
            let (major, minor) = if nx >= ny {
                (&mut self.done_x, &mut self.done_y)
            } else {
                (&mut self.done_y, &mut self.done_x)
            };
            let (major_length, minor_length) = (nx.max(ny), nx.min(ny));
            *major += 1;
            self.rounding += 2 * minor_length;
            if self.rounding >= 2 * major_length {
                self.rounding -= 2 * major_length;
                *minor += 1;
            }
        }
        // Offsets never exceed the i32 distance between two Pos values'
        // coordinates, so they fit once added back to `from`.
        Some(Pos::new(
            (i64::from(self.from.x) + i64::from(self.sign_x) * self.done_x) as i32,
            (i64::from(self.from.y) + i64::from(self.sign_y) * self.done_y) as i32,
        ))
    }
}

#[cfg(test)]
mod tests {
    use std::f64::consts::SQRT_2;

    use proptest::prelude::*;

    use super::*;
    use crate::{AStar, Heuristic, Movement, SearchOptions};

    fn cells(points: &[(i32, i32)]) -> Vec<Pos> {
        points.iter().map(|&(x, y)| Pos::new(x, y)).collect()
    }

    fn cost(grid: &Grid, path: &[Pos]) -> f64 {
        path_cost(grid, path).expect("a legal path")
    }

    /// Asserts everything `string_pull` promises about `smooth`.
    fn assert_smoothing_of(grid: &Grid, raw: &[Pos], smooth: &[Pos]) {
        assert_eq!(smooth.first(), raw.first());
        assert_eq!(smooth.last(), raw.last());
        let Some(after) = path_cost(grid, smooth) else {
            panic!("smoothed path {smooth:?} is not legal (from {raw:?})");
        };
        let before = cost(grid, raw);
        assert!(
            after <= before * (1.0 + COST_TOLERANCE),
            "smoothing raised the cost from {before} to {after}: {raw:?} -> {smooth:?}"
        );
    }

    #[test]
    fn lines_reach_their_end_in_the_fewest_adjacent_steps() {
        for dx in -7..=7 {
            for dy in -7..=7 {
                let from = Pos::new(3, -2);
                let to = Pos::new(3 + dx, -2 + dy);
                let eight: Vec<Pos> = GridLine::new(from, to, false).collect();
                let four: Vec<Pos> = GridLine::new(from, to, true).collect();
                assert_eq!(eight.len() as i32, dx.abs().max(dy.abs()));
                // The minor offset is the exact one rounded, halves away
                // from the start.
                let (major, minor) = (dx.abs().max(dy.abs()), dx.abs().min(dy.abs()));
                for (k, cell) in (1..).zip(&eight) {
                    let (ox, oy) = ((cell.x - from.x).abs(), (cell.y - from.y).abs());
                    let got = if dx.abs() >= dy.abs() { oy } else { ox };
                    assert_eq!(got, (2 * k * minor + major) / (2 * major), "{from} -> {to}");
                }
                assert_eq!(four.len() as i32, dx.abs() + dy.abs());
                for (line, max_step) in [(&eight, 1), (&four, 0)] {
                    assert_eq!(line.last().copied().unwrap_or(from), to);
                    let mut at = from;
                    for &cell in line.iter() {
                        let (sx, sy) = ((cell.x - at.x).abs(), (cell.y - at.y).abs());
                        assert!(sx <= 1 && sy <= 1 && sx + sy >= 1, "{from} -> {to}");
                        assert!(sx.min(sy) <= max_step, "{from} -> {to}: diagonal step");
                        at = cell;
                    }
                }
            }
        }
    }

    #[test]
    fn lines_stay_near_the_exact_line() {
        // Every cell of a line is within half a cell of the segment, measured
        // along the minor axis (8-connected) or in both (4-connected).
        let to = Pos::new(11, 4);
        for cell in GridLine::new(Pos::new(0, 0), to, false) {
            let exact_y = f64::from(cell.x) * 4.0 / 11.0;
            assert!((f64::from(cell.y) - exact_y).abs() <= 0.5);
        }
        for cell in GridLine::new(Pos::new(0, 0), to, true) {
            let exact_y = f64::from(cell.x) * 4.0 / 11.0;
            assert!((f64::from(cell.y) - exact_y).abs() < 1.0, "{cell}");
        }
    }

    #[test]
    fn path_cost_checks_every_step() {
        let grid = Grid::from_ascii("..#\n.2.\n...", Movement::default()).unwrap();
        let p = |x, y| Pos::new(x, y);
        assert_eq!(path_cost(&grid, &[]), Some(0.0));
        assert_eq!(path_cost(&grid, &[p(0, 0)]), Some(0.0));
        assert_eq!(path_cost(&grid, &[p(2, 0)]), None);
        assert_eq!(path_cost(&grid, &[p(9, 9)]), None);
        assert_eq!(
            path_cost(&grid, &[p(0, 0), p(1, 1), p(2, 2)]),
            Some(2.0 * SQRT_2 + SQRT_2)
        );
        // Not adjacent, standing still, into a wall, cutting its corner.
        assert_eq!(path_cost(&grid, &[p(0, 0), p(2, 2)]), None);
        assert_eq!(path_cost(&grid, &[p(0, 0), p(0, 0)]), None);
        assert_eq!(path_cost(&grid, &[p(1, 0), p(2, 0)]), None);
        assert_eq!(path_cost(&grid, &[p(1, 0), p(2, 1)]), None);
        assert_eq!(path_cost(&grid, &[p(i32::MAX, 0), p(i32::MIN, 0)]), None);
    }

    #[test]
    fn path_cost_reproduces_the_cost_a_star_reports() {
        let grid = Grid::from_ascii(
            "..3....7\n\
             .#..2#..\n\
             .#.9..#.\n\
             ...#....",
            Movement::default(),
        )
        .unwrap();
        let path = AStar::new()
            .find_path(
                &grid,
                Pos::new(0, 3),
                Pos::new(7, 0),
                &SearchOptions::default(),
            )
            .unwrap()
            .unwrap();
        assert_eq!(path_cost(&grid, &path.cells), Some(path.cost));
    }

    #[test]
    fn a_staircase_on_open_ground_becomes_a_straight_line_of_equal_cost() {
        let grid = Grid::from_ascii(&"............\n".repeat(8), Movement::default()).unwrap();
        // East and south-east moves in a worst order: all the diagonals
        // first, then all the straight moves, then back.
        let raw = cells(&[
            (0, 0),
            (1, 1),
            (2, 2),
            (3, 3),
            (4, 3),
            (5, 3),
            (6, 3),
            (7, 3),
            (8, 4),
            (9, 5),
            (10, 6),
            (11, 6),
        ]);
        let smooth = string_pull(&grid, &raw);
        assert_smoothing_of(&grid, &raw, &smooth);
        let line: Vec<Pos> = std::iter::once(raw[0])
            .chain(GridLine::new(raw[0], raw[11], false))
            .collect();
        assert_eq!(smooth, line);
        assert!((cost(&grid, &smooth) - cost(&grid, &raw)).abs() < 1e-12);
    }

    #[test]
    fn an_a_star_path_on_open_ground_becomes_one_straight_line() {
        let grid =
            Grid::from_ascii(&"....................\n".repeat(9), Movement::default()).unwrap();
        let (start, goal) = (Pos::new(1, 1), Pos::new(18, 7));
        let raw = AStar::new()
            .find_path(&grid, start, goal, &SearchOptions::default())
            .unwrap()
            .unwrap();
        let smooth = string_pull(&grid, &raw.cells);
        assert_smoothing_of(&grid, &raw.cells, &smooth);
        let line: Vec<Pos> = std::iter::once(start)
            .chain(GridLine::new(start, goal, false))
            .collect();
        assert_eq!(smooth, line);
        assert!((cost(&grid, &smooth) - raw.cost).abs() < 1e-12);
    }

    #[test]
    fn a_shortcut_across_costly_cells_is_refused() {
        // Straight along the middle row crosses four 9s; around costs 4 +
        // 2 sqrt 2 and stays.
        let grid = Grid::from_ascii(
            ".......\n\
             .99999.\n\
             .......",
            Movement::default(),
        )
        .unwrap();
        let raw = cells(&[(0, 1), (1, 0), (2, 0), (3, 0), (4, 0), (5, 0), (6, 1)]);
        let smooth = string_pull(&grid, &raw);
        assert_eq!(smooth, raw);
        // With cheap cells in the middle the same shortcut is taken.
        let cheap = Grid::from_ascii(".......\n.......\n.......", Movement::default()).unwrap();
        let straight = string_pull(&cheap, &raw);
        assert_smoothing_of(&cheap, &raw, &straight);
        assert!(straight.iter().all(|p| p.y == 1), "{straight:?}");
    }

    #[test]
    fn a_shortcut_is_taken_when_the_costly_cell_is_cheaper_than_the_detour() {
        // Around the middle cell costs 2 sqrt 2 - 2 (about 0.83) more than a
        // straight walk on plain ground; through it costs its cost - 1 more.
        let with_middle = |middle: f64| {
            Grid::from_fn(5, 3, Movement::default(), |x, y| {
                Some(if (x, y) == (2, 1) { middle } else { 1.0 })
            })
            .unwrap()
        };
        let raw = cells(&[(0, 1), (1, 1), (2, 0), (3, 1), (4, 1)]);
        let grid = with_middle(1.5);
        let smooth = string_pull(&grid, &raw);
        assert_smoothing_of(&grid, &raw, &smooth);
        assert_eq!(smooth, cells(&[(0, 1), (1, 1), (2, 1), (3, 1), (4, 1)]));
        assert!(cost(&grid, &smooth) < cost(&grid, &raw));
        // At 2 the detour is cheaper: it stays (perhaps as another line of
        // the same cost).
        let grid = with_middle(2.0);
        let smooth = string_pull(&grid, &raw);
        assert_smoothing_of(&grid, &raw, &smooth);
        assert!(!smooth.contains(&Pos::new(2, 1)), "{smooth:?}");
    }

    #[test]
    fn a_shortcut_that_would_cut_a_wall_corner_is_refused() {
        // From (0,1) the cheaper diagonal to (1,0) passes the wall's corner.
        let rows = "...\n.#.";
        let raw = cells(&[(0, 1), (0, 0), (1, 0), (2, 0)]);
        let strict = Grid::from_ascii(rows, Movement::default()).unwrap();
        assert_eq!(string_pull(&strict, &raw), raw);
        for diagonals in [Diagonals::AtMostOneBlocked, Diagonals::Always] {
            let lenient = Grid::from_ascii(rows, Movement { diagonals }).unwrap();
            let smooth = string_pull(&lenient, &raw);
            assert_smoothing_of(&lenient, &raw, &smooth);
            assert_eq!(smooth, cells(&[(0, 1), (1, 0), (2, 0)]), "{diagonals:?}");
        }
    }

    #[test]
    fn a_shortcut_through_a_wall_is_refused() {
        let grid = Grid::from_ascii(
            "......\n\
             ..##..\n\
             ......",
            Movement::default(),
        )
        .unwrap();
        let raw = cells(&[(0, 1), (1, 0), (2, 0), (3, 0), (4, 0), (5, 1)]);
        let smooth = string_pull(&grid, &raw);
        assert_smoothing_of(&grid, &raw, &smooth);
        assert!(smooth.iter().all(|&p| grid.is_passable(p)));
    }

    #[test]
    fn four_connected_paths_are_pulled_into_four_connected_lines() {
        let grid = Grid::from_ascii(&"........\n".repeat(6), Movement::FOUR_CONNECTED).unwrap();
        // An L: all the way east, then all the way south.
        let mut raw = cells(&[(0, 0)]);
        raw.extend((1..8).map(|x| Pos::new(x, 0)));
        raw.extend((1..6).map(|y| Pos::new(7, y)));
        let smooth = string_pull(&grid, &raw);
        assert_smoothing_of(&grid, &raw, &smooth);
        let line: Vec<Pos> = std::iter::once(raw[0])
            .chain(GridLine::new(raw[0], Pos::new(7, 5), true))
            .collect();
        assert_eq!(smooth, line);
        assert_eq!(cost(&grid, &smooth), 12.0);
        // A wall in the way keeps the corner it forces.
        let walled = Grid::from_ascii(
            "....\n\
             ###.\n\
             ....",
            Movement::FOUR_CONNECTED,
        )
        .unwrap();
        let raw = cells(&[(0, 0), (1, 0), (2, 0), (3, 0), (3, 1), (3, 2), (2, 2)]);
        let smooth = string_pull(&walled, &raw);
        assert_eq!(smooth, raw);
    }

    #[test]
    fn tiny_and_degenerate_paths_come_back_unchanged() {
        let grid = Grid::from_ascii("...\n...", Movement::default()).unwrap();
        assert_eq!(string_pull(&grid, &[]), Vec::<Pos>::new());
        let one = cells(&[(1, 1)]);
        assert_eq!(string_pull(&grid, &one), one);
        let two = cells(&[(1, 1), (2, 0)]);
        assert_eq!(string_pull(&grid, &two), two);
        // Start == goal from A*.
        let path = AStar::new()
            .find_path(
                &grid,
                Pos::new(2, 1),
                Pos::new(2, 1),
                &SearchOptions::default(),
            )
            .unwrap()
            .unwrap();
        assert_eq!(string_pull(&grid, &path.cells), vec![Pos::new(2, 1)]);
    }

    #[test]
    fn an_illegal_path_is_returned_unchanged() {
        let grid = Grid::from_ascii("....\n.#..\n....", Movement::default()).unwrap();
        let jumps = cells(&[(0, 0), (2, 0), (3, 0), (3, 1), (3, 2)]);
        assert_eq!(string_pull(&grid, &jumps), jumps);
        let through_wall = cells(&[(0, 1), (1, 1), (2, 1), (3, 1)]);
        assert_eq!(string_pull(&grid, &through_wall), through_wall);
    }

    #[test]
    fn long_paths_are_smoothed_in_bounded_pieces() {
        // A zig-zag much longer than the lookahead, along a corridor.
        let grid = Grid::from_ascii(
            &format!("{}\n", ".".repeat(300)).repeat(2),
            Movement::default(),
        )
        .unwrap();
        let raw: Vec<Pos> = (0..300).map(|x| Pos::new(x, x % 2)).collect();
        let mut smooth = Vec::new();
        string_pull_into(&grid, &raw, &mut smooth);
        assert_smoothing_of(&grid, &raw, &smooth);
        assert!(cost(&grid, &smooth) < cost(&grid, &raw) * 0.8);
        // The buffer is reused: a second call writes over the first.
        string_pull_into(&grid, &raw[..3], &mut smooth);
        assert_smoothing_of(&grid, &raw[..3], &smooth);
        assert_eq!(smooth.len(), 3);
    }

    /// A random grid: walls and costs 1 to 9, under a random corner rule.
    fn random_grid() -> impl Strategy<Value = Grid> {
        let diagonals = prop_oneof![
            Just(Diagonals::Never),
            Just(Diagonals::NoCornerCutting),
            Just(Diagonals::AtMostOneBlocked),
            Just(Diagonals::Always),
        ];
        (2usize..18, 2usize..18, diagonals, 0u32..40).prop_flat_map(
            |(width, height, diagonals, wall_percent)| {
                let cell = prop_oneof![
                    wall_percent => Just(None),
                    (100 - wall_percent) => prop_oneof![
                        3 => Just(Some(1.0)),
                        1 => (1u32..10).prop_map(|c| Some(f64::from(c))),
                        1 => (0.1f64..20.0).prop_map(Some),
                    ],
                ];
                proptest::collection::vec(cell, width * height).prop_map(move |costs| {
                    Grid::from_fn(width, height, Movement { diagonals }, |x, y| {
                        costs[y as usize * width + x as usize]
                    })
                    .unwrap()
                })
            },
        )
    }

    fn passable_cells(grid: &Grid) -> Vec<Pos> {
        (0..grid.height() as i32)
            .flat_map(|y| (0..grid.width() as i32).map(move |x| Pos::new(x, y)))
            .filter(|&p| grid.is_passable(p))
            .collect()
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(400))]

        #[test]
        fn smoothing_a_star_paths_keeps_them_legal_and_never_dearer(
            grid in random_grid(),
            ends in (any::<prop::sample::Index>(), any::<prop::sample::Index>()),
            weight in prop_oneof![Just(1.0), Just(1.5), Just(4.0)],
            heuristic in prop_oneof![
                Just(Heuristic::Octile),
                Just(Heuristic::Manhattan),
                Just(Heuristic::Zero),
            ],
        ) {
            let open = passable_cells(&grid);
            prop_assume!(!open.is_empty());
            let (start, goal) = (*ends.0.get(&open), *ends.1.get(&open));
            let options = SearchOptions { heuristic, weight, ..SearchOptions::default() };
            let mut astar = AStar::new();
            let Some(raw) = astar.find_path(&grid, start, goal, &options).unwrap() else {
                return Ok(());
            };
            prop_assert_eq!(path_cost(&grid, &raw.cells), Some(raw.cost));
            let smooth = string_pull(&grid, &raw.cells);
            assert_smoothing_of(&grid, &raw.cells, &smooth);
            // No legal path beats the optimum: a check on path_cost itself.
            let dijkstra = SearchOptions { heuristic: Heuristic::Zero, ..SearchOptions::default() };
            let optimum = astar.find_path(&grid, start, goal, &dijkstra).unwrap().unwrap().cost;
            prop_assert!(cost(&grid, &smooth) >= optimum * (1.0 - COST_TOLERANCE));
            // Smoothing a smoothed path changes nothing for the worse.
            let again = string_pull(&grid, &smooth);
            assert_smoothing_of(&grid, &smooth, &again);
        }

        #[test]
        fn steps_are_legal_where_a_path_has_a_cost(
            grid in random_grid(),
            picks in proptest::collection::vec((any::<prop::sample::Index>(), 0usize..9), 1..12),
        ) {
            // Walks of neighbours (index 0-7) and of jumps anywhere (8),
            // through walls and off corners alike.
            let cells: Vec<Pos> = (0..grid.height() as i32)
                .flat_map(|y| (0..grid.width() as i32).map(move |x| Pos::new(x, y)))
                .collect();
            let mut walk = vec![*picks[0].0.get(&cells)];
            for &(pick, how) in &picks[1..] {
                let at = walk[walk.len() - 1];
                walk.push(match how {
                    0..=7 => {
                        let (dx, dy) = crate::grid::DIRECTION_DELTAS[how];
                        Pos::new(at.x + dx, at.y + dy)
                    }
                    _ => *pick.get(&cells),
                });
            }
            prop_assert_eq!(
                steps_are_legal(&grid, walk[0], &walk[1..]),
                walk.len() == 1 || path_cost(&grid, &walk).is_some()
            );
        }

        #[test]
        fn a_straight_path_is_offered_only_when_it_is_a_cheapest_one(
            grid in random_grid(),
            ends in (any::<prop::sample::Index>(), any::<prop::sample::Index>()),
        ) {
            let open = passable_cells(&grid);
            prop_assume!(!open.is_empty());
            let (start, goal) = (*ends.0.get(&open), *ends.1.get(&open));
            let Some(line) = cheapest_straight_path(&grid, start, goal) else {
                return Ok(());
            };
            prop_assert_eq!(line.cells.first(), Some(&start));
            prop_assert_eq!(line.cells.last(), Some(&goal));
            prop_assert_eq!(path_cost(&grid, &line.cells), Some(line.cost));
            let dijkstra = SearchOptions { heuristic: Heuristic::Zero, ..SearchOptions::default() };
            let optimum = AStar::new()
                .find_path(&grid, start, goal, &dijkstra)
                .unwrap()
                .expect("a straight path is a path")
                .cost;
            prop_assert!(
                (line.cost - optimum).abs() <= optimum * 1e-9,
                "line {} against optimum {}", line.cost, optimum
            );
        }

        #[test]
        fn smoothing_random_walks_keeps_them_legal_and_never_dearer(
            grid in random_grid(),
            first in any::<prop::sample::Index>(),
            choices in proptest::collection::vec(any::<prop::sample::Index>(), 0..120),
        ) {
            // Random walks are far from optimal: many shortcuts to check.
            let open = passable_cells(&grid);
            prop_assume!(!open.is_empty());
            let mut walk = vec![*first.get(&open)];
            for choice in &choices {
                let at = walk[walk.len() - 1];
                let moves: Vec<Pos> = grid.neighbours(at).map(|(p, _)| p).collect();
                if moves.is_empty() {
                    break;
                }
                walk.push(*choice.get(&moves));
            }
            let smooth = string_pull(&grid, &walk);
            assert_smoothing_of(&grid, &walk, &smooth);
        }
    }
}
