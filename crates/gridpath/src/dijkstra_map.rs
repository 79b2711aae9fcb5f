//! Dijkstra maps: for every cell, the cost of walking from it to the nearest
//! of several sources, over the same moves and costs as A*.
//!
//! Brogue's tool for approach, flight and influence; here also the oracle
//! the A* tests compare against. Sources may start at a value other than 0
//! (a "desirability"), so a walker heads for the cheapest total.

use crate::distances::Distances;
use crate::float_order::order_bits;
use crate::grid::{DIRECTION_LENGTHS, Grid, Pos};
use crate::open_list::{OpenEntry, OpenList};

/// A distance field over one grid, reusable across computations.
#[derive(Debug, Clone, Default)]
pub struct DijkstraMap {
    width: usize,
    height: usize,
    /// Cost to reach the nearest source, per padded cell (infinite if none).
    distances: Distances,
    /// The cells given a finite distance by the last computation: the next
    /// one resets only these, so a bounded map costs its area, not the
    /// grid's.
    reached: Vec<u32>,
    stride: usize,
    open: OpenList,
}

impl DijkstraMap {
    /// An empty map; its buffers are reused by every [`DijkstraMap::compute`].
    pub fn new() -> Self {
        Self::default()
    }

    /// Fills the map for `grid`: the cost from each cell to the cheapest
    /// source, where a source `(cell, value)` costs `value` to end at.
    /// Sources outside the grid or on impassable cells are ignored.
    ///
    /// ```
    /// use gridpath::{DijkstraMap, Grid, Movement, Pos};
    /// let grid = Grid::from_ascii("...\n.#.\n...", Movement::default()).unwrap();
    /// let mut map = DijkstraMap::new();
    /// map.compute(&grid, [(Pos::new(0, 0), 0.0)]);
    /// assert_eq!(map.distance(Pos::new(2, 0)), Some(2.0));
    /// assert_eq!(map.distance(Pos::new(1, 1)), None);
    /// ```
    pub fn compute(&mut self, grid: &Grid, sources: impl IntoIterator<Item = (Pos, f64)>) {
        self.compute_within(grid, sources, f64::INFINITY);
    }

    /// Like [`DijkstraMap::compute`], but cells whose cost would exceed
    /// `limit` are left unreached: the work stays proportional to the area
    /// within the limit, not the grid.
    pub fn compute_within(
        &mut self,
        grid: &Grid,
        sources: impl IntoIterator<Item = (Pos, f64)>,
        limit: f64,
    ) {
        let costs = grid.costs();
        self.relax_within(grid, sources, limit, |cell| f64::from(costs[cell]));
    }

    /// Like [`DijkstraMap::compute_within`], but each cell is priced by
    /// `price` instead of the grid's own cost: the grid says which moves
    /// are legal, `price(pos)` what entering `pos` costs (a traveller other
    /// than the one the grid was priced for, or the same ground without
    /// the extras the grid carries). Prices must be positive.
    ///
    /// ```
    /// use gridpath::{DijkstraMap, Grid, Movement, Pos};
    /// let grid = Grid::from_ascii("...\n.#.\n...", Movement::default()).unwrap();
    /// let mut map = DijkstraMap::new();
    /// // Every open cell at 2, whatever the grid says.
    /// map.compute_within_priced(&grid, [(Pos::new(0, 0), 0.0)], f64::INFINITY, |_| 2.0);
    /// assert_eq!(map.distance(Pos::new(2, 0)), Some(4.0));
    /// assert_eq!(map.distance(Pos::new(1, 1)), None);
    /// ```
    pub fn compute_within_priced(
        &mut self,
        grid: &Grid,
        sources: impl IntoIterator<Item = (Pos, f64)>,
        limit: f64,
        price: impl Fn(Pos) -> f64,
    ) {
        self.relax_within(grid, sources, limit, |cell| price(grid.pos_of(cell)));
    }

    /// The search behind both: `price(cell)` is the cost of entering the
    /// padded cell `cell`.
    fn relax_within(
        &mut self,
        grid: &Grid,
        sources: impl IntoIterator<Item = (Pos, f64)>,
        limit: f64,
        price: impl Fn(usize) -> f64,
    ) {
        self.reset(grid);
        for (pos, value) in sources {
            if !grid.is_passable(pos) || !value.is_finite() || value > limit {
                continue;
            }
            let cell = grid.index_of(pos);
            if value < self.distances.get(cell) {
                if self.distances.get(cell) == f64::INFINITY {
                    self.reached.push(cell as u32);
                }
                self.distances.set(cell, value);
                self.open.push(OpenEntry {
                    key: order_bits(value),
                    cell: cell as u32,
                });
            }
        }
        let masks = grid.masks();
        let offsets = grid.offsets();
        while let Some(entry) = self.open.pop() {
            let cell = entry.cell as usize;
            let distance = self.distances.get(cell);
            if order_bits(distance) != entry.key {
                continue; // stale: a cheaper entry was already taken
            }
            // Moves are symmetric, so a neighbour that can reach this cell
            // pays the step into this cell plus this cell's distance.
            let cost = price(cell);
            let mut mask = masks[cell];
            while mask != 0 {
                let direction = mask.trailing_zeros() as usize;
                mask &= mask - 1;
                let neighbour = cell.wrapping_add_signed(offsets[direction]);
                let through = distance + DIRECTION_LENGTHS[direction] * cost;
                let known = self.distances.get(neighbour);
                if through < known && through <= limit {
                    if known == f64::INFINITY {
                        self.reached.push(neighbour as u32);
                    }
                    self.distances.set(neighbour, through);
                    self.open.push(OpenEntry {
                        key: order_bits(through),
                        cell: neighbour as u32,
                    });
                }
            }
        }
    }

    /// Makes every cell of `grid` unreached: the cells the last computation
    /// reached when the map already fits the grid, else a fresh map.
    fn reset(&mut self, grid: &Grid) {
        self.open.clear();
        let fits = self.width == grid.width()
            && self.height == grid.height()
            && self.stride == grid.stride()
            && self.distances.len() == grid.padded_len();
        if fits {
            for &cell in &self.reached {
                self.distances.set(cell as usize, f64::INFINITY);
            }
        } else {
            self.width = grid.width();
            self.height = grid.height();
            self.stride = grid.stride();
            self.distances = Distances::infinite(grid.padded_len());
        }
        self.reached.clear();
    }

    /// The cost from `pos` to the nearest source (`None` if unreachable).
    pub fn distance(&self, pos: Pos) -> Option<f64> {
        if pos.x < 0 || pos.y < 0 || pos.x as usize >= self.width || pos.y as usize >= self.height {
            return None;
        }
        let d = self
            .distances
            .get((pos.y as usize + 1) * self.stride + pos.x as usize + 1);
        d.is_finite().then_some(d)
    }

    /// Every cell the last computation reached, with its distance, in the
    /// order they were reached.
    ///
    /// ```
    /// use gridpath::{DijkstraMap, Grid, Movement, Pos};
    /// let grid = Grid::from_ascii("..#\n...", Movement::default()).unwrap();
    /// let mut map = DijkstraMap::new();
    /// map.compute_within(&grid, [(Pos::new(0, 0), 0.0)], 1.0);
    /// let near: Vec<Pos> = map.reached().map(|(pos, _)| pos).collect();
    /// assert_eq!(near.len(), 3); // the diagonal step costs more than 1
    /// assert!(near.contains(&Pos::new(1, 0)) && near.contains(&Pos::new(0, 1)));
    /// ```
    pub fn reached(&self) -> impl Iterator<Item = (Pos, f64)> + '_ {
        self.reached.iter().filter_map(|&cell| {
            let cell = cell as usize;
            let pos = Pos::new(
                (cell % self.stride) as i32 - 1,
                (cell / self.stride) as i32 - 1,
            );
            let distance = self.distances.get(cell);
            distance.is_finite().then_some((pos, distance))
        })
    }

    /// The neighbour of `pos` a walker should step to: the legal move that
    /// minimises step cost plus the neighbour's distance (`None` at a source
    /// or when nothing is cheaper than staying).
    pub fn downhill(&self, grid: &Grid, pos: Pos) -> Option<Pos> {
        self.downhill_where(grid, pos, |_| true)
    }

    /// [`DijkstraMap::downhill`] over only the neighbours `allowed` accepts.
    pub fn downhill_where(
        &self,
        grid: &Grid,
        pos: Pos,
        allowed: impl Fn(Pos) -> bool,
    ) -> Option<Pos> {
        let here = self.distance(pos)?;
        let slack = f64::EPSILON * here.abs().max(1.0);
        // Ranked by the walk's total (a tie left to the neighbour order).
        self.best_neighbour(grid, pos, allowed, |step, d| {
            (step + d < here + slack).then_some((step + d, 0.0))
        })
    }

    /// The legal neighbour of `pos` that `allowed` accepts with the lowest
    /// value, if lower than `pos`'s own: Brogue's roll down a safety map.
    /// Unlike [`DijkstraMap::downhill_where`] the step's own cost does not
    /// count against it: on a map whose sources carry their own values (a
    /// scaled and rescanned safety map), a cell that is cheaper to reach
    /// than to stay on is the way out even where the step is dear (the
    /// player's threat makes every cell about it dear to enter).
    pub fn lowest_neighbour_where(
        &self,
        grid: &Grid,
        pos: Pos,
        allowed: impl Fn(Pos) -> bool,
    ) -> Option<Pos> {
        let here = self.distance(pos)?;
        // Ranked by the value, then by the cheaper step.
        self.best_neighbour(grid, pos, allowed, |step, d| {
            (d < here).then_some((d, step))
        })
    }

    /// The legal neighbour of `pos` that `allowed` accepts with the least
    /// rank `rank(step cost, neighbour's value)` gives (compared as a pair;
    /// `None`: not a candidate). The first of equals wins.
    fn best_neighbour(
        &self,
        grid: &Grid,
        pos: Pos,
        allowed: impl Fn(Pos) -> bool,
        rank: impl Fn(f64, f64) -> Option<(f64, f64)>,
    ) -> Option<Pos> {
        grid.neighbours(pos)
            .filter(|&(next, _)| allowed(next))
            .filter_map(|(next, step)| {
                let d = self.distance(next)?;
                rank(step, d).map(|key| (next, key))
            })
            .min_by(|a, b| a.1.0.total_cmp(&b.1.0).then(a.1.1.total_cmp(&b.1.1)))
            .map(|(next, _)| next)
    }
}

/// A Dijkstra map in a save: its distances only at the cells it reached
/// (the rest are infinite, stored as zero), read back into zeroed memory.
/// Its open list is empty between computations and is not saved.
#[cfg(feature = "serde")]
mod saved_map {
    use super::*;
    use crate::saved::{values_at, zeroed_with};
    use serde::{Deserialize, Deserializer, Serialize, Serializer};

    #[derive(Serialize, Deserialize)]
    struct Map {
        width: usize,
        height: usize,
        stride: usize,
        cells: usize,
        reached: Vec<u32>,
        distances: Vec<u64>,
    }

    impl Serialize for DijkstraMap {
        fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
            Map {
                width: self.width,
                height: self.height,
                stride: self.stride,
                cells: self.distances.len(),
                reached: self.reached.clone(),
                distances: values_at(self.distances.stored(), &self.reached),
            }
            .serialize(serializer)
        }
    }

    impl<'de> Deserialize<'de> for DijkstraMap {
        fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
            let m = Map::deserialize(deserializer)?;
            let distances = if m.cells == 0 {
                Distances::default()
            } else {
                Distances::from_stored(zeroed_with(m.cells, &m.reached, &m.distances)?)
            };
            Ok(Self {
                width: m.width,
                height: m.height,
                distances,
                reached: m.reached,
                stride: m.stride,
                open: OpenList::default(),
            })
        }
    }
}

#[cfg(test)]
mod tests {
    use std::f64::consts::SQRT_2;

    use super::*;
    use crate::Movement;

    #[test]
    fn priced_by_the_grid_s_own_costs_it_is_the_plain_map_and_reached_lists_it() {
        let grid = Grid::from_ascii(".3..\n.#2.\n....", Movement::default()).unwrap();
        let source = [(Pos::new(0, 0), 0.0)];
        let mut plain = DijkstraMap::new();
        plain.compute_within(&grid, source, 4.0);
        let mut priced = DijkstraMap::new();
        priced.compute_within_priced(&grid, source, 4.0, |pos| grid.cost(pos).unwrap());
        let mut reached: Vec<(Pos, f64)> = priced.reached().collect();
        reached.sort_by_key(|&(pos, _)| (pos.y, pos.x));
        let mut expected = Vec::new();
        for y in 0..3 {
            for x in 0..4 {
                let pos = Pos::new(x, y);
                assert_eq!(priced.distance(pos), plain.distance(pos), "{pos:?}");
                if let Some(d) = plain.distance(pos) {
                    expected.push((pos, d));
                }
            }
        }
        assert_eq!(reached, expected);
        // Priced at half a step, the same limit reaches twice as far.
        priced.compute_within_priced(&grid, source, 1.0, |_| 0.5);
        assert_eq!(priced.distance(Pos::new(0, 2)), Some(1.0));
        assert_eq!(plain.distance(Pos::new(0, 2)), Some(2.0));
    }

    #[test]
    fn distances_follow_terrain_costs_into_cells() {
        let grid = Grid::from_ascii(".3.\n...", Movement::default()).unwrap();
        let mut map = DijkstraMap::new();
        map.compute(&grid, [(Pos::new(2, 0), 0.0)]);
        // From (0,0) to (2,0): two diagonals under the 3 (passing a costly
        // cell's corner is legal; only walls block diagonals).
        assert!((map.distance(Pos::new(0, 0)).unwrap() - 2.0 * SQRT_2).abs() < 1e-12);
        // Leaving the 3 costs only the cell entered.
        assert_eq!(map.distance(Pos::new(1, 0)), Some(1.0));
    }

    #[test]
    fn the_lowest_neighbour_is_taken_however_dear_the_step() {
        // A safety map's shape: every cell a source, valued lower the
        // further west, on ground dear to enter. No step pays for itself,
        // yet west is the way down.
        let grid = Grid::from_ascii("5555", Movement::default()).unwrap();
        let mut map = DijkstraMap::new();
        map.compute(&grid, (0..4).map(|x| (Pos::new(x, 0), f64::from(x) - 4.0)));
        let east = Pos::new(3, 0);
        assert_eq!(map.downhill(&grid, east), None);
        assert_eq!(
            map.lowest_neighbour_where(&grid, east, |_| true),
            Some(Pos::new(2, 0))
        );
        assert_eq!(
            map.lowest_neighbour_where(&grid, east, |cell| cell != Pos::new(2, 0)),
            None
        );
        // At the bottom there is nowhere lower.
        assert_eq!(
            map.lowest_neighbour_where(&grid, Pos::new(0, 0), |_| true),
            None
        );
    }

    #[test]
    fn several_sources_and_starting_values() {
        let grid = Grid::from_ascii(".......", Movement::default()).unwrap();
        let mut map = DijkstraMap::new();
        map.compute(&grid, [(Pos::new(0, 0), 0.0), (Pos::new(6, 0), -2.0)]);
        assert_eq!(map.distance(Pos::new(2, 0)), Some(2.0));
        assert_eq!(map.distance(Pos::new(3, 0)), Some(1.0));
        assert_eq!(map.downhill(&grid, Pos::new(3, 0)), Some(Pos::new(4, 0)));
        assert_eq!(map.downhill(&grid, Pos::new(6, 0)), None);
    }

    #[test]
    fn a_limit_bounds_the_filled_area() {
        let grid = Grid::from_ascii("..........", Movement::default()).unwrap();
        let mut map = DijkstraMap::new();
        map.compute_within(&grid, [(Pos::new(0, 0), 0.0)], 3.0);
        assert_eq!(map.distance(Pos::new(3, 0)), Some(3.0));
        assert_eq!(map.distance(Pos::new(4, 0)), None);
    }

    #[test]
    fn a_reused_map_forgets_what_it_reached_before() {
        let rows = "\
.........
.###.....
.........
.....#...
.........";
        let grid = Grid::from_ascii(rows, Movement::default()).unwrap();
        let other = Grid::from_ascii(".....\n.....", Movement::default()).unwrap();
        let mut reused = DijkstraMap::new();
        reused.compute(&grid, [(Pos::new(0, 0), 0.0)]);
        reused.compute_within(&other, [(Pos::new(4, 1), 0.0)], 2.0);
        for (source, limit) in [((8, 4), 3.0), ((0, 0), 2.5), ((4, 2), f64::INFINITY)] {
            let source = (Pos::new(source.0, source.1), 0.0);
            reused.compute_within(&grid, [source], limit);
            let mut fresh = DijkstraMap::new();
            fresh.compute_within(&grid, [source], limit);
            for y in -1..6 {
                for x in -1..10 {
                    let pos = Pos::new(x, y);
                    assert_eq!(
                        reused.distance(pos),
                        fresh.distance(pos),
                        "{pos} from {source:?}"
                    );
                }
            }
        }
    }

    #[test]
    fn unreachable_and_outside_cells_have_no_distance() {
        let grid = Grid::from_ascii("..#..", Movement::default()).unwrap();
        let mut map = DijkstraMap::new();
        map.compute(&grid, [(Pos::new(0, 0), 0.0), (Pos::new(2, 0), 0.0)]);
        assert_eq!(map.distance(Pos::new(4, 0)), None);
        assert_eq!(map.distance(Pos::new(-1, 0)), None);
        assert_eq!(map.distance(Pos::new(1, 0)), Some(1.0));
    }
}
