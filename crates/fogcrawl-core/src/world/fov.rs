//! Field of view by symmetric shadowcasting (Albert Ford's algorithm,
//! <https://www.albertford.com/shadowcasting/>): if floor cell A sees floor cell B, B sees A.
//!
//! Each quadrant is scanned row by row outward from the viewer; slopes are exact
//! fractions in integers, so no float rounding breaks symmetry. Sight is limited to a
//! disc (`dx² + dy² <= r² + r`, a round-looking circle). The scratch stack is kept in
//! [`Fov`] and visible cells go to a caller's callback or [`VisibleSet`], so once warm a
//! call allocates nothing: 200 viewers a turn reuse one `Fov`. This module must never
//! decide what a viewer remembers or does with what it sees: that is the AI's job.

use super::opacity::OpacityBits;
use super::{Level, Pos};
use gridpath::GridShape;

/// A visible-cell test for a radius: the disc `dx² + dy² <= r² + r`.
#[must_use]
#[inline]
pub(crate) fn within_radius(dx: i64, dy: i64, radius: u32) -> bool {
    let r = i64::from(radius);
    dx * dx + dy * dy <= r * r + r
}

/// An exact slope `num / den` with `den > 0`.
#[derive(Debug, Clone, Copy)]
struct Slope {
    num: i64,
    den: i64,
}

/// The slope through the left edge of the tile at `(depth, col)`.
#[inline]
fn tile_slope(depth: i64, col: i64) -> Slope {
    Slope {
        num: 2 * col - 1,
        den: 2 * depth,
    }
}

/// The columns `lo..=hi` of a row (none if `lo > hi`).
#[derive(Debug, Clone, Copy)]
struct ColumnSpan {
    lo: i64,
    hi: i64,
}

impl ColumnSpan {
    /// The span's columns among the `count` (at most 64) from `first`, as bits from the
    /// lowest.
    #[inline]
    fn bits(self, first: i64, count: u32) -> u64 {
        let lo = (self.lo - first).max(0);
        let hi = (self.hi - first).min(i64::from(count) - 1);
        if lo > hi {
            return 0;
        }
        (u64::MAX >> (63 - hi)) & (u64::MAX << lo)
    }
}

/// One row of a quadrant still to scan, between two slopes.
#[derive(Debug, Clone, Copy)]
struct Row {
    depth: i64,
    start: Slope,
    end: Slope,
}

impl Row {
    /// First column: `depth * start`, rounded half up.
    #[inline]
    fn min_col(&self) -> i64 {
        (2 * self.depth * self.start.num + self.start.den).div_euclid(2 * self.start.den)
    }

    /// Last column: `depth * end`, rounded half down.
    #[inline]
    fn max_col(&self) -> i64 {
        -(self.end.den - 2 * self.depth * self.end.num).div_euclid(2 * self.end.den)
    }

    /// Whether a floor tile's centre lies inside the row's sector (the symmetry rule).
    /// The scan applies it a row at a time ([`Row::revealed_columns`]); the reference
    /// scan in the tests, a cell at a time.
    #[cfg(test)]
    fn is_symmetric(&self, col: i64) -> bool {
        col * self.start.den >= self.depth * self.start.num
            && col * self.end.den <= self.depth * self.end.num
    }

    /// The columns of this row revealed if they hold a wall, and if they hold floor.
    ///
    /// Walls are revealed within the radius (`|col| <= reach`); floor also needs its
    /// centre inside the sector (the symmetry rule, `depth * start <= col <= depth *
    /// end`), which only the row's first and last columns can miss: `min_col` rounds
    /// `depth * start` half up, so every later column lies past `depth * start` (also
    /// after the scan moves `start` to a later column's edge), and likewise before
    /// `depth * end` short of `max_col`.
    #[inline]
    fn revealed_columns(&self, min_col: i64, max_col: i64, reach: i64) -> (ColumnSpan, ColumnSpan) {
        let start_side = min_col * self.start.den >= self.depth * self.start.num;
        let end_side = max_col * self.end.den <= self.depth * self.end.num;
        let walls = ColumnSpan {
            lo: -reach,
            hi: reach,
        };
        let floors = ColumnSpan {
            lo: (min_col + i64::from(!start_side)).max(-reach),
            hi: (max_col - i64::from(!end_side)).min(reach),
        };
        (walls, floors)
    }

    #[inline]
    fn next(&self) -> Row {
        Row {
            depth: self.depth + 1,
            ..*self
        }
    }
}

/// A grid side as a bound for `i64` coordinates, capped so every cell inside has an
/// `i32` coordinate (cells past `i32::MAX` cannot be named by a [`Pos`] anyway).
fn coordinate_bound(side: usize) -> i64 {
    i64::try_from(side).map_or(i64::from(i32::MAX), |s| s.min(i64::from(i32::MAX)))
}

/// An on-grid coordinate as a [`Pos`] coordinate. Every on-grid coordinate fits, as
/// [`coordinate_bound`] caps the grid; the saturation is never reached.
#[inline]
fn grid_coordinate(value: i64) -> i32 {
    i32::try_from(value).unwrap_or(i32::MAX)
}

/// A row's slot in [`Fov::reach`]; rows are never deeper than the slots filled.
#[inline]
fn depth_slot(depth: i64) -> usize {
    usize::try_from(depth).unwrap_or(usize::MAX)
}

/// One quadrant of the view: how a step deeper and a step along a row move on the grid.
#[derive(Debug, Clone, Copy)]
struct Quadrant {
    /// `(dx, dy)` of one row deeper: straight away from the viewer.
    deeper: (i64, i64),
    /// `(dx, dy)` of one column along a row: `(1, 0)` or `(0, 1)`.
    along: (i64, i64),
}

/// The four quadrants, scanned in this order: north, east, south, west.
const QUADRANTS: [Quadrant; 4] = [
    Quadrant {
        deeper: (0, -1),
        along: (1, 0),
    },
    Quadrant {
        deeper: (1, 0),
        along: (0, 1),
    },
    Quadrant {
        deeper: (0, 1),
        along: (1, 0),
    },
    Quadrant {
        deeper: (-1, 0),
        along: (0, 1),
    },
];

/// Steps from `at` in direction `step` (-1, 0 or 1) before leaving `0..side`.
fn room(at: i64, step: i64, side: i64) -> i64 {
    match step {
        1 => side - 1 - at,
        -1 => at,
        _ => i64::MAX,
    }
}

/// What a scan needs to know of the level and the viewer.
#[derive(Debug, Clone, Copy)]
struct View<'level> {
    /// Which of the level's cells block sight.
    opacity: &'level OpacityBits,
    /// The grid's sides as coordinate bounds ([`coordinate_bound`]).
    w: i64,
    h: i64,
    /// The viewer, on the grid.
    ox: i64,
    oy: i64,
    radius: u32,
}

/// Reusable field-of-view scratch space. Keep one and call it for every viewer.
#[derive(Debug, Default, Clone)]
pub struct Fov {
    stack: Vec<Row>,
    /// Per depth (from 0): how far a row reaches either side within the radius, the
    /// largest `c` with `depth² + c² <= r² + r`.
    reach: Vec<i64>,
}

impl Fov {
    /// Empty scratch space; it grows on first use and is then reused.
    #[must_use]
    pub fn new() -> Self {
        Self::default()
    }

    /// Computes what a viewer at `origin` sees within `radius` on `level`, calling
    /// `reveal(pos)` for each visible cell, the origin first. Cells on the quadrant
    /// borders may be reported twice; [`VisibleSet`] removes duplicates. An origin off
    /// the grid (negative coordinates included) sees nothing.
    ///
    /// Opaque cells (walls, closed doors) block sight and are revealed when lit, so room
    /// walls show; off-grid cells block and are never revealed.
    ///
    /// Opacity is read from the level's opacity bits (`Level::opacity`), up to 64
    /// cells of a row or column a word: each quadrant's rows and columns are first cut
    /// to the part on the grid (the rest is all walls, whose effect on the scan is
    /// worked out once per row), so every bit read is of a cell on the grid.
    pub fn compute(
        &mut self,
        level: &Level,
        origin: Pos,
        radius: u32,
        mut reveal: impl FnMut(Pos),
    ) {
        let opacity = level.opacity();
        let (w, h) = (
            coordinate_bound(level.width()),
            coordinate_bound(level.height()),
        );
        let (ox, oy) = (i64::from(origin.x), i64::from(origin.y));
        if !(0..w).contains(&ox) || !(0..h).contains(&oy) {
            return;
        }
        reveal(origin);
        self.fill_reach(radius, ox, oy, w, h);
        let view = View {
            opacity,
            w,
            h,
            ox,
            oy,
            radius,
        };
        self.scan_quadrant::<0>(&view, &mut reveal);
        self.scan_quadrant::<1>(&view, &mut reveal);
        self.scan_quadrant::<2>(&view, &mut reveal);
        self.scan_quadrant::<3>(&view, &mut reveal);
    }

    /// Scans quadrant `QUADRANT` of [`QUADRANTS`]; a constant, so that each quadrant's
    /// steps along and across its rows are compiled in.
    fn scan_quadrant<const QUADRANT: usize>(
        &mut self,
        view: &View<'_>,
        reveal: &mut impl FnMut(Pos),
    ) {
        let View {
            opacity,
            w,
            h,
            ox,
            oy,
            radius,
        } = *view;
        let quadrant = QUADRANTS[QUADRANT];
        let (deeper_x, deeper_y) = quadrant.deeper;
        let (along_x, along_y) = quadrant.along;
        // Rows past the grid's edge are all off-grid walls: they reveal nothing and
        // push nothing, so the scan stops at the edge.
        let max_depth = i64::from(radius).min(room(ox, deeper_x, w).min(room(oy, deeper_y, h)));
        // Columns on the grid, relative to the viewer.
        let (col_lo, col_hi) = if along_x == 1 {
            (-ox, w - 1 - ox)
        } else {
            (-oy, h - 1 - oy)
        };
        self.stack.clear();
        self.stack.push(Row {
            depth: 1,
            start: Slope { num: -1, den: 1 },
            end: Slope { num: 1, den: 1 },
        });
        while let Some(mut row) = self.stack.pop() {
            if row.depth > max_depth {
                continue;
            }
            let (min_col, max_col) = (row.min_col(), row.max_col());
            let (first, last) = (min_col.max(col_lo), max_col.min(col_hi));
            // Off-grid columns before `first` are walls.
            let mut prev_wall: Option<bool> = (min_col < first).then_some(true);
            if first <= last {
                let x = ox + deeper_x * row.depth + along_x * first;
                let y = oy + deeper_y * row.depth + along_y * first;
                let mut chunk_pos = Pos::new(grid_coordinate(x), grid_coordinate(y));
                let (step_x, step_y) = (grid_coordinate(along_x), grid_coordinate(along_y));
                let reach = self.reach.get(depth_slot(row.depth)).copied().unwrap_or(0);
                let (wall_cols, floor_cols) = row.revealed_columns(min_col, max_col, reach);
                // The row in chunks of up to 64 columns, a bit per column: first the
                // walls, then the cells revealed (in column order), then the
                // changes between wall and floor, which end or start a sector.
                let mut chunk_first = first;
                while chunk_first <= last {
                    let count = u32::try_from(last - chunk_first + 1).map_or(64, |n| n.min(64));
                    // Every column from `first` to `last` is on the grid.
                    let walls = opacity.run(
                        chunk_pos.x as usize,
                        chunk_pos.y as usize,
                        step_x,
                        step_y,
                        count,
                    );
                    let mut revealed = (walls & wall_cols.bits(chunk_first, count))
                        | (!walls & floor_cols.bits(chunk_first, count));
                    while revealed != 0 {
                        let bit = revealed.trailing_zeros().cast_signed();
                        reveal(Pos::new(
                            chunk_pos.x + step_x * bit,
                            chunk_pos.y + step_y * bit,
                        ));
                        revealed &= revealed - 1;
                    }
                    let in_chunk = u64::MAX >> (64 - count);
                    let before = (walls << 1) | u64::from(prev_wall == Some(true));
                    let mut changes = (walls ^ before) & in_chunk;
                    if prev_wall.is_none() {
                        changes &= !1;
                    }
                    while changes != 0 {
                        let bit = changes.trailing_zeros();
                        let col = chunk_first + i64::from(bit);
                        if walls & (1 << bit) != 0 {
                            let mut next = row.next();
                            next.end = tile_slope(row.depth, col);
                            self.stack.push(next);
                        } else {
                            row.start = tile_slope(row.depth, col);
                        }
                        changes &= changes - 1;
                    }
                    prev_wall = Some(walls & (1 << (count - 1)) != 0);
                    chunk_first += i64::from(count);
                    let advance = count.cast_signed();
                    chunk_pos = Pos::new(
                        chunk_pos.x.wrapping_add(step_x * advance),
                        chunk_pos.y.wrapping_add(step_y * advance),
                    );
                }
            }
            // Off-grid columns after `last` are walls: the first one ends the sector.
            if last < max_col {
                if prev_wall == Some(false) {
                    let mut next = row.next();
                    next.end = tile_slope(row.depth, last + 1);
                    self.stack.push(next);
                }
                prev_wall = Some(true);
            }
            if prev_wall == Some(false) {
                self.stack.push(row.next());
            }
        }
    }

    /// Fills `reach` for `radius`, up to the deepest row on the grid from `(ox, oy)`.
    fn fill_reach(&mut self, radius: u32, ox: i64, oy: i64, w: i64, h: i64) {
        let radius_sq = i64::from(radius) * i64::from(radius) + i64::from(radius);
        let deepest = i64::from(radius).min(ox.max(oy).max(w - 1 - ox).max(h - 1 - oy));
        self.reach.clear();
        let mut reach = i64::from(radius);
        for depth in 0..=deepest {
            while depth * depth + reach * reach > radius_sq {
                reach -= 1;
            }
            self.reach.push(reach);
        }
    }

    /// Computes a viewer's sight on `level` into `out` (cleared first).
    pub fn compute_into(&mut self, level: &Level, origin: Pos, radius: u32, out: &mut VisibleSet) {
        out.reset(level.width(), level.height());
        self.compute(level, origin, radius, |pos| out.insert(pos));
    }
}

/// The cells one viewer sees: a list plus an O(1) membership test. Clearing is O(1)
/// (a generation stamp, never a full wipe), so one set can serve many viewers in turn.
#[derive(Debug, Default, Clone)]
pub struct VisibleSet {
    shape: GridShape,
    stamps: Vec<u32>,
    generation: u32,
    cells: Vec<Pos>,
}

impl VisibleSet {
    /// An empty set; it sizes itself on first use.
    #[must_use]
    pub fn new() -> Self {
        Self::default()
    }

    /// Empties the set for a `width x height` grid.
    pub(crate) fn reset(&mut self, width: usize, height: usize) {
        self.cells.clear();
        let shape = GridShape::new(width, height);
        let len = shape.len();
        if self.shape != shape || self.stamps.len() != len || self.generation == u32::MAX {
            self.shape = shape;
            self.stamps.clear();
            self.stamps.resize(len, 0);
            self.generation = 0;
        }
        self.generation += 1;
    }

    /// The stamp slot of `pos`; `None` off the grid, negative coordinates included.
    #[inline]
    fn index(&self, pos: Pos) -> Option<usize> {
        self.shape.index(pos)
    }

    /// Adds a cell (ignored if already present or off the grid).
    #[inline]
    pub(crate) fn insert(&mut self, pos: Pos) {
        let Some(i) = self.index(pos) else {
            return;
        };
        if let Some(stamp) = self.stamps.get_mut(i)
            && *stamp != self.generation
        {
            *stamp = self.generation;
            self.cells.push(pos);
        }
    }

    /// Whether `pos` is visible.
    #[must_use]
    #[inline]
    pub fn contains(&self, pos: Pos) -> bool {
        self.index(pos)
            .and_then(|i| self.stamps.get(i))
            .is_some_and(|&s| s == self.generation)
    }

    /// The visible cells, each once, in discovery order.
    #[must_use]
    pub fn cells(&self) -> &[Pos] {
        &self.cells
    }
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::*;
    use crate::world::level::pos_from_usize;
    use crate::world::{Terrain, level};

    /// Marks what the `@` in `text` sees: visible cells keep their character, the rest
    /// become `?`.
    fn sight(text: &str, radius: u32) -> String {
        let level = level::text::parse(text).expect("valid fixture");
        let mut visible = VisibleSet::new();
        Fov::new().compute_into(&level, level.start, radius, &mut visible);
        let mut out = String::new();
        for (y, line) in text.lines().enumerate() {
            for (x, c) in line.chars().enumerate() {
                out.push(if visible.contains(pos_from_usize(x, y)) {
                    c
                } else {
                    '?'
                });
            }
            out.push('\n');
        }
        out
    }

    #[test]
    fn cannot_see_around_a_corner() {
        let map = "\
#######
#@....#
#####.#
    #.#
    #.#
";
        assert_eq!(
            sight(&map.replace(' ', "#"), 10),
            "\
#######
#@....#
#####?#
???????
???????
"
        );
    }

    #[test]
    fn a_pillar_casts_a_shadow() {
        let map = "\
...........
...........
.@..#......
...........
...........
";
        assert_eq!(
            sight(map, 20),
            "\
...........
........???
.@..#??????
........???
...........
"
        );
    }

    #[test]
    fn closed_doors_block_and_open_doors_do_not() {
        let map = "\
#########
#@..+...#
#...'...#
#########
";
        assert_eq!(
            sight(map, 20),
            "\
#####????
#@..+????
#...'...#
#########
"
        );
    }

    #[test]
    fn sight_stops_at_the_radius() {
        let map = "\
.........
.........
.........
.........
....@....
.........
.........
.........
.........
";
        assert_eq!(
            sight(map, 2),
            "\
?????????
?????????
???...???
??.....??
??..@..??
??.....??
???...???
?????????
?????????
"
        );
    }

    #[test]
    fn visible_set_reuses_its_buffers() {
        let level = level::text::parse("@..\n...\n").expect("valid fixture");
        let mut fov = Fov::new();
        let mut visible = VisibleSet::new();
        fov.compute_into(&level, level.start, 5, &mut visible);
        assert_eq!(visible.cells().len(), 6);
        fov.compute_into(&level, level.start, 0, &mut visible);
        assert_eq!(visible.cells(), &[Pos::new(0, 0)]);
        assert!(!visible.contains(Pos::new(1, 0)));
        assert!(!visible.contains(Pos::new(-1, 0)));
        assert!(!visible.contains(Pos::new(0, 2)));
    }

    #[test]
    fn a_viewer_off_the_grid_sees_nothing() {
        let level = level::text::parse("@..\n...\n").expect("valid fixture");
        let mut fov = Fov::new();
        let mut visible = VisibleSet::new();
        for origin in [
            Pos::new(-1, 0),
            Pos::new(0, -1),
            Pos::new(3, 0),
            Pos::new(i32::MIN, i32::MAX),
        ] {
            fov.compute_into(&level, origin, 5, &mut visible);
            assert!(visible.cells().is_empty(), "{origin}");
        }
        visible.insert(Pos::new(-1, -1));
        assert!(visible.cells().is_empty());
    }

    /// The scan as it was before it read the level's cells directly: every tile's
    /// coordinates checked against the grid, opacity through a closure. The reference
    /// the fast scan must match call for call.
    fn reference_compute(
        width: usize,
        height: usize,
        origin: Pos,
        radius: u32,
        is_opaque: impl Fn(i32, i32) -> bool,
        mut reveal: impl FnMut(Pos),
    ) {
        // dx = a*depth + b*col, dy = c*depth + d*col: north, east, south, west.
        const REFERENCE_QUADRANTS: [(i64, i64, i64, i64); 4] =
            [(0, 1, -1, 0), (1, 0, 0, 1), (0, 1, 1, 0), (-1, 0, 0, 1)];
        let (w, h) = (coordinate_bound(width), coordinate_bound(height));
        let (ox, oy) = (i64::from(origin.x), i64::from(origin.y));
        if !(0..w).contains(&ox) || !(0..h).contains(&oy) {
            return;
        }
        reveal(origin);
        let max_depth = i64::from(radius);
        let mut stack = Vec::new();
        for (a, b, c, d) in REFERENCE_QUADRANTS {
            let cell = |depth: i64, col: i64| {
                let (dx, dy) = (a * depth + b * col, c * depth + d * col);
                let (x, y) = (ox + dx, oy + dy);
                if (0..w).contains(&x) && (0..h).contains(&y) {
                    Some((i32::try_from(x).ok()?, i32::try_from(y).ok()?, dx, dy))
                } else {
                    None
                }
            };
            stack.push(Row {
                depth: 1,
                start: Slope { num: -1, den: 1 },
                end: Slope { num: 1, den: 1 },
            });
            while let Some(mut row) = stack.pop() {
                if row.depth > max_depth {
                    continue;
                }
                let mut prev_wall: Option<bool> = None;
                for col in row.min_col()..=row.max_col() {
                    let tile = cell(row.depth, col);
                    let wall = tile.is_none_or(|(x, y, _, _)| is_opaque(x, y));
                    if let Some((x, y, dx, dy)) = tile
                        && (wall || row.is_symmetric(col))
                        && within_radius(dx, dy, radius)
                    {
                        reveal(Pos::new(x, y));
                    }
                    if prev_wall == Some(true) && !wall {
                        row.start = tile_slope(row.depth, col);
                    }
                    if prev_wall == Some(false) && wall {
                        let mut next = row.next();
                        next.end = tile_slope(row.depth, col);
                        stack.push(next);
                    }
                    prev_wall = Some(wall);
                }
                if prev_wall == Some(false) {
                    stack.push(row.next());
                }
            }
        }
    }

    /// A level of `width x height` cells of random terrain (walls and closed doors
    /// block sight) with a viewer anywhere from three cells off each edge.
    fn level_and_viewer() -> impl Strategy<Value = (Level, Pos)> {
        (1usize..40, 1usize..40, 0.0..0.7f64).prop_flat_map(|(width, height, wall_share)| {
            let terrain = prop_oneof![
                1 => Just(Terrain::ClosedDoor),
                1 => Just(Terrain::OpenDoor),
                1 => Just(Terrain::ShallowWater),
            ];
            let cell = (
                proptest::bool::weighted(wall_share),
                proptest::bool::weighted(0.1),
                terrain,
            )
                .prop_map(|(wall, other, terrain)| match (wall, other) {
                    (true, _) => Terrain::Wall,
                    (false, true) => terrain,
                    (false, false) => Terrain::Floor,
                });
            let (w, h) = (
                pos_from_usize(width, height).x,
                pos_from_usize(width, height).y,
            );
            (
                proptest::collection::vec(cell, width * height),
                -3..w + 3,
                -3..h + 3,
            )
                .prop_map(move |(cells, x, y)| {
                    let mut level = Level::filled(width, height, Terrain::Floor);
                    level.cells_mut().copy_from_slice(&cells);
                    (level, Pos::new(x, y))
                })
        })
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(2000))]
        #[test]
        fn reveals_the_same_cells_in_the_same_order_as_the_reference(
            (level, origin) in level_and_viewer(),
            radius in 0u32..16,
        ) {
            let mut expected = Vec::new();
            reference_compute(level.width(), level.height(), origin, radius,
                |x, y| level.is_opaque(Pos::new(x, y)),
                |pos| expected.push(pos));
            let mut revealed = Vec::new();
            Fov::new().compute(&level, origin, radius, |pos| revealed.push(pos));
            prop_assert_eq!(revealed, expected, "viewer {} radius {}", origin, radius);
        }
    }

    fn grid() -> impl Strategy<Value = (usize, Vec<bool>)> {
        (3usize..10).prop_flat_map(|w| {
            (3usize..10).prop_flat_map(move |h| {
                (
                    Just(w),
                    proptest::collection::vec(proptest::bool::weighted(0.3), w * h),
                )
            })
        })
    }

    proptest! {
        #[test]
        fn sight_is_symmetric_between_clear_cells((width, walls) in grid(), radius in 1u32..12) {
            let height = walls.len() / width;
            let mut level = Level::filled(width, height, Terrain::Floor);
            for (cell, &wall) in level.cells_mut().iter_mut().zip(&walls) {
                if wall {
                    *cell = Terrain::Wall;
                }
            }
            let mut fov = Fov::new();
            let mut seen = vec![vec![false; walls.len()]; walls.len()];
            for (origin, row) in level.positions().zip(&mut seen) {
                if level.is_opaque(origin) {
                    continue;
                }
                fov.compute(&level, origin, radius,
                    |p| if let Some(i) = level.index(p) { row[i] = true });
            }
            for a in 0..walls.len() {
                for b in 0..walls.len() {
                    if !walls[a] && !walls[b] {
                        prop_assert_eq!(seen[a][b], seen[b][a], "cells {} and {}", a, b);
                    }
                }
            }
        }
    }
}
