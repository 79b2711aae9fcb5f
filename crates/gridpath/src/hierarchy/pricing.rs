//! Pricing a cluster: the cheapest cost between every pair of its nodes
//! without leaving it. This is most of what building and repairing cost,
//! so it has its own tight Dijkstra: the cluster's costs and moves copied
//! once into arrays of its own size (moves that leave the cluster masked
//! off), each search stopped once every node it prices is settled, and on
//! a cluster whose passable cells all cost the same, each pair searched
//! once (a way back costs what the way there does).

use std::cmp::Reverse;
use std::collections::BinaryHeap;

use super::box_search::CellBox;
use crate::float_order::order_bits;
use crate::grid::{DIRECTION_DELTAS, DIRECTION_LENGTHS, Diagonals, Grid};
use crate::pos::Pos;

/// Reusable arrays for pricing clusters.
#[derive(Debug, Clone, Default)]
pub(crate) struct Pricer {
    cost: Vec<f64>,
    mask: Vec<u8>,
    g: Vec<f64>,
    /// `generation << 1 | settled`.
    stamp: Vec<u32>,
    generation: u32,
    /// Which node (plus one) lies on each local cell; 0: none.
    node_at: Vec<u16>,
    heap: BinaryHeap<Reverse<(u64, u32)>>,
    /// Cells settled, summed over all pricing (for measuring).
    pub settled: u64,
}

impl Pricer {
    /// Writes `crossing[i * k + j]`, the cheapest cost from node i to node
    /// j inside `cell_box` (infinite where there is none), for the `k`
    /// `nodes`, which lie in the box.
    pub fn price(
        &mut self,
        grid: &Grid,
        cell_box: CellBox,
        nodes: &[Pos],
        crossing: &mut Vec<f64>,
    ) {
        let k = nodes.len();
        crossing.clear();
        crossing.resize(k * k, f64::INFINITY);
        if k == 0 {
            return;
        }
        let (w, h) = (cell_box.width as usize, cell_box.height as usize);
        let uniform = self.load(grid, cell_box);
        if let Some(cost) = uniform.filter(|_| self.cost.iter().all(|c| c.is_finite())) {
            // Every move inside is legal and costs its length times `cost`:
            // the octile (or Manhattan) distance is the cheapest crossing.
            let four = grid.movement().diagonals == Diagonals::Never;
            let heuristic = if four {
                crate::Heuristic::Manhattan
            } else {
                crate::Heuristic::Octile
            };
            for (i, from) in nodes.iter().enumerate() {
                for (j, to) in nodes.iter().enumerate() {
                    let (dx, dy) = (f64::from(to.x - from.x), f64::from(to.y - from.y));
                    crossing[i * k + j] = heuristic.estimate(dx, dy) * cost;
                }
            }
            return;
        }
        let symmetric = uniform.is_some();
        self.node_at.clear();
        self.node_at.resize(w * h, 0);
        let local = |p: Pos| (p.y - cell_box.y0) as usize * w + (p.x - cell_box.x0) as usize;
        for (i, &node) in nodes.iter().enumerate() {
            self.node_at[local(node)] = i as u16 + 1;
        }
        let offsets: [isize; 8] =
            DIRECTION_DELTAS.map(|(dx, dy)| dy as isize * w as isize + dx as isize);
        for (i, &from) in nodes.iter().enumerate() {
            // With symmetric costs, pairs (i, j < i) were filled by j's search.
            let mut wanted = if symmetric { k - 1 - i } else { k - 1 };
            crossing[i * k + i] = 0.0;
            if wanted == 0 {
                continue;
            }
            self.next_generation(w * h);
            let generation = self.generation;
            let start = local(from);
            self.g[start] = 0.0;
            self.stamp[start] = generation << 1;
            self.heap.clear();
            self.heap.push(Reverse((order_bits(0.0), start as u32)));
            while let Some(Reverse((_, cell))) = self.heap.pop() {
                let cell = cell as usize;
                if self.stamp[cell] & 1 == 1 {
                    continue;
                }
                self.stamp[cell] |= 1;
                self.settled += 1;
                let g = self.g[cell];
                let node = self.node_at[cell];
                if node != 0 {
                    let j = usize::from(node - 1);
                    if j != i && (!symmetric || j > i) {
                        crossing[i * k + j] = g;
                        if symmetric {
                            crossing[j * k + i] = g;
                        }
                        wanted -= 1;
                        if wanted == 0 {
                            break;
                        }
                    }
                }
                let mut moves = self.mask[cell];
                while moves != 0 {
                    let d = moves.trailing_zeros() as usize;
                    moves &= moves - 1;
                    let next = cell.wrapping_add_signed(offsets[d]);
                    let next_g = g + DIRECTION_LENGTHS[d] * self.cost[next];
                    let stamp = self.stamp[next];
                    if stamp >> 1 == generation && (stamp & 1 == 1 || self.g[next] <= next_g) {
                        continue;
                    }
                    self.g[next] = next_g;
                    self.stamp[next] = generation << 1;
                    self.heap.push(Reverse((order_bits(next_g), next as u32)));
                }
            }
        }
    }

    /// Copies the box's costs and in-box moves; the one cost every
    /// passable cell has, if they all have the same.
    fn load(&mut self, grid: &Grid, cell_box: CellBox) -> Option<f64> {
        let (w, h) = (cell_box.width as usize, cell_box.height as usize);
        self.cost.clear();
        self.mask.clear();
        let (costs, masks) = (grid.costs(), grid.masks());
        let mut only: Option<f32> = None;
        let mut mixed = false;
        for ly in 0..h {
            let row = grid.index_of(Pos::new(cell_box.x0, cell_box.y0 + ly as i32));
            for lx in 0..w {
                let cost = costs[row + lx];
                if cost.is_finite() {
                    match only {
                        None => only = Some(cost),
                        Some(seen) if seen != cost => mixed = true,
                        Some(_) => {}
                    }
                }
                self.cost.push(f64::from(cost));
                self.mask.push(masks[row + lx] & inside_moves(lx, ly, w, h));
            }
        }
        if mixed { None } else { only.map(f64::from) }
    }

    fn next_generation(&mut self, cells: usize) {
        if self.g.len() < cells {
            self.g.resize(cells, 0.0);
            self.stamp.resize(cells, 0);
        }
        self.generation = self.generation.wrapping_add(1);
        if self.generation >= u32::MAX >> 1 {
            self.stamp.iter_mut().for_each(|s| *s = 0);
            self.generation = 1;
        }
    }
}

/// The moves out of local cell (lx, ly) that stay inside a w x h box.
fn inside_moves(lx: usize, ly: usize, w: usize, h: usize) -> u8 {
    let mut mask = 0u8;
    for (d, &(dx, dy)) in DIRECTION_DELTAS.iter().enumerate() {
        let (x, y) = (lx as isize + dx as isize, ly as isize + dy as isize);
        if x >= 0 && y >= 0 && (x as usize) < w && (y as usize) < h {
            mask |= 1 << d;
        }
    }
    mask
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Movement;
    use crate::hierarchy::box_search::BoxSearch;

    /// The pricer agrees with a plain Dijkstra in the box, on a cluster
    /// with mixed costs (directed) and one with walls and one cost.
    #[test]
    fn prices_agree_with_dijkstra() {
        for rows in [
            ".3..#..\n..9#...\n.#.....\n....2..\n#......",
            "..#....\n..#.##.\n.......\n.###...\n.......",
        ] {
            let grid = Grid::from_ascii(rows, Movement::default()).unwrap();
            let cell_box = CellBox {
                x0: 0,
                y0: 0,
                width: 7,
                height: 5,
            };
            let nodes: Vec<Pos> = [(0, 0), (6, 0), (0, 3), (6, 4), (3, 4), (1, 0)]
                .iter()
                .map(|&(x, y)| Pos::new(x, y))
                .filter(|&p| grid.is_passable(p))
                .collect();
            let mut crossing = Vec::new();
            Pricer::default().price(&grid, cell_box, &nodes, &mut crossing);
            let mut search = BoxSearch::default();
            let k = nodes.len();
            for (i, &from) in nodes.iter().enumerate() {
                search.dijkstra(&grid, cell_box, from, false);
                for (j, &to) in nodes.iter().enumerate() {
                    let expected = search.cost_to(to);
                    let found = crossing[i * k + j];
                    let close = (found - expected).abs() < 1e-4 || found == expected;
                    assert!(close, "{rows}: {from} -> {to}: {found} against {expected}");
                }
            }
        }
    }
}
