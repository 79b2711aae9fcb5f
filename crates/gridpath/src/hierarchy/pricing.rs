//! Pricing a cluster: the cheapest cost between every pair of its nodes
//! without leaving it. This is most of what building and repairing cost,
//! so it has its own tight Dijkstra: the cluster's costs and moves copied
//! once into arrays of its own size (moves that leave the cluster masked
//! off), each search stopped once every node it prices is settled, and on
//! a cluster whose passable cells all cost the same, each pair searched
//! once (a way back costs what the way there does).

mod bound;

use std::cmp::Reverse;
use std::collections::BinaryHeap;

use super::box_search::{BoxSearch, CellBox};
use super::crossing_paths::{CrossingPaths, REVERSE};
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
    /// The direction of the move that entered each cell on its cheapest way.
    came: Vec<u8>,
    generation: u32,
    /// Which node (plus one) lies on each local cell; 0: none.
    node_at: Vec<u16>,
    heap: BinaryHeap<Reverse<(u64, u32)>>,
    /// Searches from and to a changed cell, for [`Pricer::patch`].
    via: [BoxSearch; 2],
    /// For [`Pricer::bound`]: which part of the box each local cell lies
    /// in (a label from 1; 0: not found yet), each part's cells by label
    /// less one, and the cells still to visit labelling one.
    part: Vec<u32>,
    part_cells: Vec<u64>,
    part_stack: Vec<u32>,
    /// Cells settled, summed over all pricing (for measuring).
    pub settled: u64,
}

/// How much cheaper, relative, a way through a changed cell must be to
/// replace a kept one (costs summed in different orders differ a little).
const IMPROVEMENT: f64 = 1e-12;

/// A cell's number inside its box.
fn local_of(cell_box: CellBox, pos: Pos) -> usize {
    (pos.y - cell_box.y0) as usize * cell_box.width as usize + (pos.x - cell_box.x0) as usize
}

/// Which cells of `cell_box` are passable, one bit each, into `out`.
pub(crate) fn open_cells(grid: &Grid, cell_box: CellBox, out: &mut Vec<u64>) {
    let cells = (cell_box.width * cell_box.height) as usize;
    out.clear();
    out.resize(cells.div_ceil(64), 0);
    for ly in 0..cell_box.height {
        for lx in 0..cell_box.width {
            if grid.is_passable(Pos::new(cell_box.x0 + lx, cell_box.y0 + ly)) {
                let local = (ly * cell_box.width + lx) as usize;
                out[local / 64] |= 1 << (local % 64);
            }
        }
    }
}

/// Whether local cell `local` is set in bits from [`open_cells`].
pub(crate) fn is_set(bits: &[u64], local: usize) -> bool {
    bits.get(local / 64)
        .is_some_and(|word| word >> (local % 64) & 1 == 1)
}

/// A cell's number inside its box, for [`is_set`].
pub(crate) fn local_index(cell_box: CellBox, pos: Pos) -> usize {
    local_of(cell_box, pos)
}

/// The direction of a move by (dx, dy) (north for none).
fn direction_of(dx: i32, dy: i32) -> u8 {
    DIRECTION_DELTAS
        .iter()
        .position(|&delta| delta == (dx, dy))
        .unwrap_or(0) as u8
}

impl Pricer {
    /// Writes `crossing[i * k + j]`, the cheapest cost from node i to node
    /// j inside `cell_box` (infinite where there is none), for the `k`
    /// `nodes`, which lie in the box, and the moves of each such way into
    /// `paths`.
    pub(super) fn price(
        &mut self,
        grid: &Grid,
        cell_box: CellBox,
        nodes: &[Pos],
        crossing: &mut Vec<f64>,
        paths: &mut CrossingPaths,
    ) {
        let k = nodes.len();
        crossing.clear();
        crossing.resize(k * k, f64::INFINITY);
        paths.reset(k);
        if k == 0 {
            return;
        }
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
                    if i != j {
                        paths.begin(i * k + j);
                        straight_moves(*from, *to, four, paths);
                        paths.finish(i * k + j, false);
                    }
                }
            }
            return;
        }
        let symmetric = uniform.is_some();
        self.mark_nodes(cell_box, nodes);
        for i in 0..k {
            self.search_from_node(cell_box, nodes, i, symmetric, crossing, paths);
        }
    }

    /// Notes which local cell holds which node.
    fn mark_nodes(&mut self, cell_box: CellBox, nodes: &[Pos]) {
        let (w, h) = (cell_box.width as usize, cell_box.height as usize);
        self.node_at.clear();
        self.node_at.resize(w * h, 0);
        for (i, &node) in nodes.iter().enumerate() {
            self.node_at[local_of(cell_box, node)] = i as u16 + 1;
        }
    }

    /// The Dijkstra from node `i` over the loaded box: row i of `crossing`
    /// and its paths (with `symmetric`, the pairs (i, j > i) and their way
    /// back only). Expects `load` and `mark_nodes` for the box.
    fn search_from_node(
        &mut self,
        cell_box: CellBox,
        nodes: &[Pos],
        i: usize,
        symmetric: bool,
        crossing: &mut [f64],
        paths: &mut CrossingPaths,
    ) {
        let k = nodes.len();
        let (w, h) = (cell_box.width as usize, cell_box.height as usize);
        let offsets: [isize; 8] =
            DIRECTION_DELTAS.map(|(dx, dy)| dy as isize * w as isize + dx as isize);
        // With symmetric costs, pairs (i, j < i) were filled by j's search.
        let mut wanted = if symmetric { k - 1 - i } else { k - 1 };
        crossing[i * k + i] = 0.0;
        if wanted == 0 {
            return;
        }
        self.next_generation(w * h);
        let generation = self.generation;
        let start = local_of(cell_box, nodes[i]);
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
                    self.keep_path(cell, start, &offsets, i * k + j, paths, false);
                    if symmetric {
                        crossing[j * k + i] = g;
                        self.keep_path(cell, start, &offsets, j * k + i, paths, true);
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
                self.came[next] = d as u8;
                self.heap.push(Reverse((order_bits(next_g), next as u32)));
            }
        }
    }

    /// Brings a priced cluster's `crossing` and `paths` up to date after
    /// one cell, `changed`, changed in it (its nodes the same), without
    /// pricing it all again; `was_open`: whether that cell was passable.
    /// False when that cannot be done exactly (a wall was opened: new
    /// diagonal moves pass beside it), and the cluster must be priced.
    ///
    /// Every move a change can take away lies within one cell of it, so a
    /// kept way that keeps a cell away from it still costs what it did,
    /// and no way avoiding the cell can be cheaper than before: only the
    /// nodes whose kept ways come that near are searched from again. A
    /// new cost on a passable cell can also make ways through it cheaper:
    /// every other pair is compared with the way through the cell (one
    /// search from it and one to it).
    pub(super) fn patch(
        &mut self,
        grid: &Grid,
        cell_box: CellBox,
        nodes: &[Pos],
        (changed, was_open): (Pos, bool),
        crossing: &mut [f64],
        paths: &mut CrossingPaths,
    ) -> bool {
        let is_open = grid.is_passable(changed);
        if !was_open {
            return !is_open;
        }
        let k = nodes.len();
        // A cost change leaves every move in place; a new wall takes away
        // the moves beside it too.
        let reach = if is_open { 0 } else { 1 };
        let through: Vec<bool> = (0..k)
            .map(|i| {
                (0..k).any(|j| {
                    j != i
                        && crossing[i * k + j].is_finite()
                        && paths.passes(k, i, j, nodes[i], changed, reach)
                })
            })
            .collect();
        // Only the loaded costs and moves are wanted here, not whether they are uniform.
        let _ = self.load(grid, cell_box);
        self.mark_nodes(cell_box, nodes);
        for i in (0..k).filter(|&i| through[i]) {
            for j in 0..k {
                crossing[i * k + j] = f64::INFINITY;
                paths.forget(i * k + j);
            }
            self.search_from_node(cell_box, nodes, i, false, crossing, paths);
        }
        if !is_open || through.iter().all(|&t| t) {
            return true;
        }
        let [from_cell, to_cell] = &mut self.via;
        from_cell.dijkstra(grid, cell_box, changed, false);
        to_cell.dijkstra(grid, cell_box, changed, true);
        self.settled += std::mem::take(&mut from_cell.expanded);
        self.settled += std::mem::take(&mut to_cell.expanded);
        let mut way = Vec::new();
        for i in (0..k).filter(|&i| !through[i]) {
            let to_changed = to_cell.cost_to(nodes[i]);
            if !to_changed.is_finite() {
                continue;
            }
            for j in (0..k).filter(|&j| j != i) {
                let via = to_changed + from_cell.cost_to(nodes[j]);
                let kept = crossing[i * k + j];
                let improves = via.is_finite()
                    && (!kept.is_finite() || via < kept - IMPROVEMENT * kept.max(1.0));
                if !improves {
                    continue;
                }
                way.clear();
                to_cell.way(nodes[i], &mut way);
                way.pop();
                from_cell.way(nodes[j], &mut way);
                crossing[i * k + j] = via;
                paths.begin(i * k + j);
                for pair in way.windows(2) {
                    paths.push(direction_of(pair[1].x - pair[0].x, pair[1].y - pair[0].y));
                }
                paths.finish(i * k + j, false);
            }
        }
        true
    }

    /// Carries a priced cluster's `crossing` and `paths` over from
    /// `old_nodes` to `nodes` when its cells are as they were priced (a
    /// border's entrances moved: nodes came and went). A pair of nodes both
    /// kept keeps its cost and way, which depend on the cells alone; each
    /// new node gets one search from it and one to it instead of a search
    /// from every node. Both node lists are sorted by row then column.
    pub(super) fn renode(
        &mut self,
        grid: &Grid,
        cell_box: CellBox,
        (old_nodes, nodes): (&[Pos], &[Pos]),
        crossing: &mut Vec<f64>,
        paths: &mut CrossingPaths,
    ) {
        let (old_k, k) = (old_nodes.len(), nodes.len());
        let was: Vec<Option<usize>> = nodes
            .iter()
            .map(|p| {
                old_nodes
                    .binary_search_by_key(&(p.y, p.x), |q| (q.y, q.x))
                    .ok()
            })
            .collect();
        let old_crossing = std::mem::take(crossing);
        let old_paths = std::mem::take(paths);
        crossing.resize(k * k, f64::INFINITY);
        paths.reset(k);
        for (i, &old_i) in was.iter().enumerate() {
            crossing[i * k + i] = 0.0;
            let Some(old_i) = old_i else { continue };
            for (j, &old_j) in was.iter().enumerate() {
                let Some(old_j) = old_j.filter(|_| j != i) else {
                    continue;
                };
                crossing[i * k + j] = old_crossing[old_i * old_k + old_j];
                paths.begin(i * k + j);
                for &step in old_paths.steps(old_k, old_i, old_j) {
                    paths.push(step);
                }
                paths.finish(i * k + j, false);
            }
        }
        let [search, _] = &mut self.via;
        let mut way = Vec::new();
        for new in (0..k).filter(|&n| was[n].is_none()) {
            for backward in [false, true] {
                search.dijkstra(grid, cell_box, nodes[new], backward);
                // Pairs of two new nodes were priced by the earlier one's searches.
                for other in (0..k).filter(|&o| o != new && (was[o].is_some() || o > new)) {
                    let (i, j) = if backward { (other, new) } else { (new, other) };
                    let cost = search.cost_to(nodes[other]);
                    way.clear();
                    if !cost.is_finite() || !search.way(nodes[other], &mut way) {
                        continue;
                    }
                    crossing[i * k + j] = cost;
                    paths.begin(i * k + j);
                    for pair in way.windows(2) {
                        paths.push(direction_of(pair[1].x - pair[0].x, pair[1].y - pair[0].y));
                    }
                    paths.finish(i * k + j, false);
                }
            }
            self.settled += std::mem::take(&mut search.expanded);
        }
    }

    /// Records the moves from `start` to `end` along the search's parents
    /// as pair `pair`'s path; `backwards`: the moves from `end` to `start`
    /// (the way back, on a cluster where it costs the same).
    fn keep_path(
        &self,
        end: usize,
        start: usize,
        offsets: &[isize; 8],
        pair: usize,
        paths: &mut CrossingPaths,
        backwards: bool,
    ) {
        paths.begin(pair);
        let mut at = end;
        while at != start {
            let d = usize::from(self.came[at]);
            paths.push(if backwards { REVERSE[d] } else { d as u8 });
            at = at.wrapping_add_signed(-offsets[d]);
        }
        paths.finish(pair, !backwards);
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
            self.came.resize(cells, 0);
        }
        self.generation = self.generation.wrapping_add(1);
        if self.generation >= u32::MAX >> 1 {
            self.stamp.iter_mut().for_each(|s| *s = 0);
            self.generation = 1;
        }
    }
}

/// Pushes the moves of a straight way from `from` to `to` on open ground
/// of one cost: diagonal moves first, then straight ones (straight only
/// with `four`), which is as cheap as any way there.
fn straight_moves(from: Pos, to: Pos, four: bool, paths: &mut CrossingPaths) {
    let (mut x, mut y) = (from.x, from.y);
    while (x, y) != (to.x, to.y) {
        let (sx, sy) = ((to.x - x).signum(), (to.y - y).signum());
        let (dx, dy) = if four {
            if sx != 0 { (sx, 0) } else { (0, sy) }
        } else {
            (sx, sy)
        };
        paths.push(direction_of(dx, dy));
        (x, y) = (x + dx, y + dy);
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
    use crate::smoothing::path_cost;

    /// The pricer agrees with a plain Dijkstra in the box, on a cluster
    /// with mixed costs (directed) and one with walls and one cost.
    #[test]
    fn prices_agree_with_dijkstra() {
        for rows in [
            ".3..#..\n..9#...\n.#.....\n....2..\n#......",
            "..#....\n..#.##.\n.......\n.###...\n.......",
            ".......\n.......\n.......\n.......\n.......",
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
            let mut paths = CrossingPaths::default();
            Pricer::default().price(&grid, cell_box, &nodes, &mut crossing, &mut paths);
            let mut search = BoxSearch::default();
            let k = nodes.len();
            for (i, &from) in nodes.iter().enumerate() {
                search.dijkstra(&grid, cell_box, from, false);
                for (j, &to) in nodes.iter().enumerate() {
                    let expected = search.cost_to(to);
                    let found = crossing[i * k + j];
                    let close = (found - expected).abs() < 1e-4 || found == expected;
                    assert!(close, "{rows}: {from} -> {to}: {found} against {expected}");
                    if i != j && found.is_finite() {
                        // The kept cells walk from one node to the other at that cost.
                        let mut cells = Vec::new();
                        crate::hierarchy::crossing_paths::walk(
                            from,
                            paths.steps(k, i, j),
                            &mut cells,
                        );
                        assert_eq!(cells.last(), Some(&to), "{rows}: {from} -> {to}");
                        assert!(cells.iter().all(|&c| cell_box.contains(c)));
                        let walked = path_cost(&grid, &cells).expect("legal steps");
                        assert!(
                            (walked - found).abs() < 1e-9,
                            "{rows}: {from} -> {to}: {walked}"
                        );
                    }
                }
            }
        }
    }
}
