//! Searches held inside a rectangle of the grid: Dijkstra from a cell to
//! every cell of the box (forward, or backward to a cell), and A* between
//! two cells of it. They price a cluster's crossings, join a query's start
//! and goal to their clusters, refine coarse steps into cells and answer
//! near queries. Records are local to the box (a few thousand cells at
//! most), generation-stamped and reused.

use std::cmp::Reverse;
use std::collections::BinaryHeap;

use super::crossing_paths::REVERSE;
use crate::float_order::order_bits;
use crate::grid::{DIRECTION_DELTAS, DIRECTION_LENGTHS, Diagonals, Grid};
use crate::pos::Pos;

/// A rectangle of cells: `x0..x0 + width`, `y0..y0 + height`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct CellBox {
    pub x0: i32,
    pub y0: i32,
    pub width: i32,
    pub height: i32,
}

impl CellBox {
    pub(super) fn contains(&self, pos: Pos) -> bool {
        pos.x >= self.x0
            && pos.y >= self.y0
            && pos.x < self.x0 + self.width
            && pos.y < self.y0 + self.height
    }

    fn local(&self, pos: Pos) -> usize {
        ((pos.y - self.y0) * self.width + (pos.x - self.x0)) as usize
    }

    fn pos(&self, local: usize) -> Pos {
        let local = local as i32;
        Pos::new(self.x0 + local % self.width, self.y0 + local / self.width)
    }

    fn cells(&self) -> usize {
        (self.width * self.height) as usize
    }
}

/// No parent: the source.
const NONE: u32 = u32::MAX;

/// Reusable records for searches inside a box.
#[derive(Debug, Clone, Default)]
pub(crate) struct BoxSearch {
    g: Vec<f64>,
    parent: Vec<u32>,
    /// `generation << 1 | closed`.
    stamp: Vec<u32>,
    generation: u32,
    /// (f, then larger g first, cell): among cells of one f, the one
    /// furthest along comes out first, so on ground of one price an A* with
    /// a tight heuristic walks the line instead of filling the box.
    open: BinaryHeap<Reverse<(u64, u64, u32)>>,
    cell_box: Option<CellBox>,
    /// Whether the last search ran backward (parents lead to its source).
    backward: bool,
    /// Cells expanded since the counter was last read.
    pub expanded: u64,
    /// The most cells one search may expand (none: no limit); a search that
    /// reaches it stops without its goal.
    pub limit: Option<u64>,
    /// The cheapest cell cost A* may assume inside the box (none: the
    /// grid's [`Grid::min_cost`]); a caller that knows the box's own
    /// cheapest cost gets a tighter heuristic, still admissible there.
    pub min_cost: Option<f64>,
}

impl BoxSearch {
    fn begin(&mut self, cell_box: CellBox) {
        let cells = cell_box.cells();
        if self.g.len() < cells {
            self.g.resize(cells, 0.0);
            self.parent.resize(cells, NONE);
            self.stamp.resize(cells, 0);
        }
        self.generation = self.generation.wrapping_add(1);
        if self.generation >= u32::MAX >> 1 {
            self.stamp.iter_mut().for_each(|s| *s = 0);
            self.generation = 1;
        }
        self.open.clear();
        self.cell_box = Some(cell_box);
    }

    /// The cheapest way the last search found between its source and
    /// `pos`, appended to `out` in walking order (from the source to `pos`,
    /// or after a backward search from `pos` to the source); false (and
    /// nothing appended) where `pos` was not settled.
    pub(super) fn way(&self, pos: Pos, out: &mut Vec<Pos>) -> bool {
        let Some(cell_box) = self.cell_box else {
            return false;
        };
        if !cell_box.contains(pos) || !self.closed(cell_box.local(pos)) {
            return false;
        }
        let first = out.len();
        let mut at = cell_box.local(pos);
        out.push(pos);
        while self.parent[at] != NONE {
            at = self.parent[at] as usize;
            out.push(cell_box.pos(at));
        }
        if !self.backward {
            out[first..].reverse();
        }
        true
    }

    /// Whether the last search settled `pos` (its cost there is final).
    pub(super) fn settled(&self, pos: Pos) -> bool {
        self.cell_box
            .is_some_and(|b| b.contains(pos) && self.closed(b.local(pos)))
    }

    fn seen(&self, local: usize) -> bool {
        self.stamp[local] >> 1 == self.generation
    }

    fn closed(&self, local: usize) -> bool {
        self.stamp[local] == self.generation << 1 | 1
    }

    /// The cost found to `pos` by the last Dijkstra or A* (infinite if it
    /// was not reached or lies outside the box).
    pub(super) fn cost_to(&self, pos: Pos) -> f64 {
        match self.cell_box {
            Some(b) if b.contains(pos) && self.seen(b.local(pos)) => self.g[b.local(pos)],
            _ => f64::INFINITY,
        }
    }

    /// Dijkstra from `source` over the box: afterwards [`BoxSearch::cost_to`]
    /// gives the cheapest cost from `source` to each cell, moving inside
    /// the box only. With `backward`, the cheapest cost from each cell to
    /// `source` instead.
    pub(super) fn dijkstra(&mut self, grid: &Grid, cell_box: CellBox, source: Pos, backward: bool) {
        self.run(grid, cell_box, source, None, backward);
    }

    /// The cheapest path from `from` to `to` inside the box (cells, both
    /// ends included), and its cost.
    pub(super) fn astar(
        &mut self,
        grid: &Grid,
        cell_box: CellBox,
        from: Pos,
        to: Pos,
    ) -> Option<(Vec<Pos>, f64)> {
        self.run(grid, cell_box, from, Some(to), false);
        let local = cell_box.local(to);
        if !self.closed(local) {
            return None;
        }
        let mut cells = vec![to];
        let mut at = local;
        while self.parent[at] != NONE {
            at = self.parent[at] as usize;
            cells.push(cell_box.pos(at));
        }
        cells.reverse();
        Some((cells, self.g[local]))
    }

    fn run(
        &mut self,
        grid: &Grid,
        cell_box: CellBox,
        source: Pos,
        goal: Option<Pos>,
        backward: bool,
    ) {
        self.begin(cell_box);
        self.backward = backward;
        if !cell_box.contains(source) || !grid.is_passable(source) {
            return;
        }
        let heuristic = if grid.movement().diagonals == Diagonals::Never {
            crate::Heuristic::Manhattan
        } else {
            crate::Heuristic::Octile
        };
        let min_cost = self.min_cost.unwrap_or_else(|| grid.min_cost());
        let estimate = |pos: Pos| match goal {
            Some(goal) => {
                heuristic.estimate(f64::from(goal.x - pos.x), f64::from(goal.y - pos.y)) * min_cost
            }
            None => 0.0,
        };
        let goal_local = goal
            .filter(|g| cell_box.contains(*g))
            .map(|g| cell_box.local(g));
        let (masks, costs, offsets) = (grid.masks(), grid.costs(), grid.offsets());
        let start = cell_box.local(source);
        self.g[start] = 0.0;
        self.parent[start] = NONE;
        self.stamp[start] = self.generation << 1;
        self.open.push(Reverse((
            order_bits(estimate(source)),
            u64::MAX,
            start as u32,
        )));
        let mut left = self.limit.unwrap_or(u64::MAX);
        while let Some(Reverse((_, _, local))) = self.open.pop() {
            let local = local as usize;
            if self.closed(local) {
                continue;
            }
            if left == 0 {
                return;
            }
            left -= 1;
            self.stamp[local] |= 1;
            self.expanded += 1;
            if Some(local) == goal_local {
                return;
            }
            let pos = cell_box.pos(local);
            let padded = grid.index_of(pos);
            let g = self.g[local];
            for d in 0..8 {
                let (dx, dy) = DIRECTION_DELTAS[d];
                let next = Pos::new(pos.x + dx, pos.y + dy);
                if !cell_box.contains(next) {
                    continue;
                }
                let next_padded = padded.wrapping_add_signed(offsets[d]);
                let step = if backward {
                    // The move next -> pos, which enters pos: the reverse
                    // direction of d out of next.
                    let reverse = REVERSE[d];
                    if masks[next_padded] & (1 << reverse) == 0 {
                        continue;
                    }
                    DIRECTION_LENGTHS[d] * f64::from(costs[padded])
                } else {
                    if masks[padded] & (1 << d) == 0 {
                        continue;
                    }
                    DIRECTION_LENGTHS[d] * f64::from(costs[next_padded])
                };
                let next_local = cell_box.local(next);
                let next_g = g + step;
                if self.seen(next_local)
                    && (self.closed(next_local) || self.g[next_local] <= next_g)
                {
                    continue;
                }
                self.g[next_local] = next_g;
                self.parent[next_local] = local as u32;
                self.stamp[next_local] = self.generation << 1;
                let f = next_g + estimate(next);
                self.open.push(Reverse((
                    order_bits(f),
                    u64::MAX - order_bits(next_g),
                    next_local as u32,
                )));
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Movement;
    use crate::smoothing::path_cost;

    fn whole(grid: &Grid) -> CellBox {
        CellBox {
            x0: 0,
            y0: 0,
            width: grid.width() as i32,
            height: grid.height() as i32,
        }
    }

    #[test]
    fn astar_in_a_box_stays_inside_it() {
        let grid = Grid::from_ascii(
            "......\n\
             .####.\n\
             ......",
            Movement::default(),
        )
        .unwrap();
        let mut search = BoxSearch::default();
        let (cells, cost) = search
            .astar(&grid, whole(&grid), Pos::new(0, 1), Pos::new(5, 1))
            .unwrap();
        assert_eq!(path_cost(&grid, &cells), Some(cost));
        // The top row only: the bottom is outside the box, the walls block.
        let top = CellBox {
            x0: 0,
            y0: 0,
            width: 6,
            height: 2,
        };
        let (cells, _) = search
            .astar(&grid, top, Pos::new(0, 1), Pos::new(5, 1))
            .unwrap();
        assert!(cells.iter().all(|c| top.contains(*c)));
        let middle = CellBox {
            x0: 0,
            y0: 1,
            width: 6,
            height: 1,
        };
        assert!(
            search
                .astar(&grid, middle, Pos::new(0, 1), Pos::new(5, 1))
                .is_none()
        );
    }

    #[test]
    fn backward_dijkstra_prices_the_way_to_the_source() {
        let grid = Grid::from_ascii("1.9\n.5.\n1.1", Movement::default()).unwrap();
        let mut forward = BoxSearch::default();
        let mut backward = BoxSearch::default();
        let target = Pos::new(2, 0);
        backward.dijkstra(&grid, whole(&grid), target, true);
        for y in 0..3 {
            for x in 0..3 {
                let from = Pos::new(x, y);
                forward.dijkstra(&grid, whole(&grid), from, false);
                let there = forward.cost_to(target);
                assert!((there - backward.cost_to(from)).abs() < 1e-9, "{from}");
                // Both searches' ways walk from `from` to the target at that cost.
                for search in [&forward, &backward] {
                    let mut way = Vec::new();
                    assert!(search.way(if search.backward { from } else { target }, &mut way));
                    assert_eq!((way[0], way[way.len() - 1]), (from, target));
                    assert!((path_cost(&grid, &way).unwrap() - there).abs() < 1e-9);
                }
            }
        }
    }
}
