//! An upper bound on what pricing a cluster settles, worked out from the
//! cluster's cells as they are, in one pass over them: for a caller that
//! prices clusters out of an allowance and must know before it starts
//! whether one fits.
//!
//! [`Pricer::price`] settles no cell on a cluster open and of one cost
//! (its crossings are straight lines), and otherwise runs one Dijkstra
//! from each node it prices from: every node on mixed ground, every node
//! but the last on ground of one cost (a way back costs what the way
//! there does). A Dijkstra settles each cell it reaches at most once, and
//! reaches only the cells joined to its node inside the cluster, so the
//! bound is the sum, over those nodes, of the cells of the node's part of
//! the cluster (its cells joined by moves either way: never fewer than
//! the search can reach). Walls and walled-off corners are not counted,
//! nor the nodes a search never runs from. What the bound cannot see is
//! where a search stops early (its last wanted node settled): on mixed
//! ground the last node is often across the cluster, so little is left,
//! and on ground of one cost the later searches want fewer nodes (see
//! the README's two-tier section for the bound against real pricing).

use super::Pricer;
use crate::grid::{DIRECTION_DELTAS, Grid};
use crate::hierarchy::box_search::CellBox;
use crate::hierarchy::crossing_paths::REVERSE;
use crate::pos::Pos;

/// No part of the cluster found yet for this cell.
const UNLABELLED: u32 = 0;

impl Pricer {
    /// An upper bound on the cells [`Pricer::price`] settles for `nodes`
    /// in `cell_box` on `grid` as it is now (see the module documentation).
    pub(in crate::hierarchy) fn bound(
        &mut self,
        grid: &Grid,
        cell_box: CellBox,
        nodes: &[Pos],
    ) -> u64 {
        let k = nodes.len();
        // One node or none: no pair to price, no search.
        if k < 2 {
            return 0;
        }
        let uniform = self.load(grid, cell_box);
        if uniform.is_some() && self.cost.iter().all(|c| c.is_finite()) {
            return 0;
        }
        // On ground of one cost the last node's pairs were all priced by
        // the searches before it.
        let searched = if uniform.is_some() { k - 1 } else { k };
        let (w, h) = (cell_box.width as usize, cell_box.height as usize);
        self.part.clear();
        self.part.resize(w * h, UNLABELLED);
        self.part_cells.clear();
        let mut bound = 0;
        for &node in &nodes[..searched] {
            let local = (node.y - cell_box.y0) as usize * w + (node.x - cell_box.x0) as usize;
            if self.part[local] == UNLABELLED {
                let cells = self.label_part(local, w);
                self.part_cells.push(cells);
            }
            bound += self.part_cells[self.part[local] as usize - 1];
        }
        bound
    }

    /// Labels the part of the loaded box that local cell `start` lies in
    /// (cells joined by an in-box move in either direction) with the next
    /// label; its number of cells.
    fn label_part(&mut self, start: usize, w: usize) -> u64 {
        let label = self.part_cells.len() as u32 + 1;
        let offsets: [isize; 8] =
            DIRECTION_DELTAS.map(|(dx, dy)| dy as isize * w as isize + dx as isize);
        self.part[start] = label;
        self.part_stack.clear();
        self.part_stack.push(start as u32);
        let mut cells = 0;
        while let Some(cell) = self.part_stack.pop() {
            let cell = cell as usize;
            cells += 1;
            for (d, &offset) in offsets.iter().enumerate() {
                // In the box either way: a move out of it is masked off.
                let out = self.mask[cell] >> d & 1 == 1;
                let next = cell.wrapping_add_signed(offset);
                let inward = !out
                    && inside(cell, d, w, self.mask.len())
                    && self.mask[next] >> REVERSE[d] & 1 == 1;
                if (out || inward) && self.part[next] == UNLABELLED {
                    self.part[next] = label;
                    self.part_stack.push(next as u32);
                }
            }
        }
        cells
    }
}

/// Whether the move `d` from local cell `cell` of a box `w` wide and
/// `cells` in all stays inside it.
fn inside(cell: usize, d: usize, w: usize, cells: usize) -> bool {
    let (x, y) = ((cell % w) as isize, (cell / w) as isize);
    let (dx, dy) = DIRECTION_DELTAS[d];
    let (nx, ny) = (x + dx as isize, y + dy as isize);
    nx >= 0 && ny >= 0 && (nx as usize) < w && ((ny as usize) * w + nx as usize) < cells
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use crate::hierarchy::{Hierarchy, HierarchyOptions};
    use crate::{Diagonals, Grid, Movement};

    /// Every cluster's bound, then what pricing it really settled, on a
    /// hierarchy of `grid` cut in clusters of `size`.
    fn bounds_and_pricing(grid: &Grid, size: usize) -> Vec<(u64, u64)> {
        let options = HierarchyOptions { cluster_size: size };
        let mut hierarchy = Hierarchy::build(grid, options).unwrap();
        (0..hierarchy.cluster_count())
            .map(|cluster| {
                let bound = hierarchy.pricing_bound(grid, cluster);
                (bound, hierarchy.price_cluster(grid, cluster))
            })
            .collect()
    }

    /// Open ground of one cost is priced by straight lines (nothing
    /// settled, a bound of 0); walls on it leave a search from every node
    /// but the last, over its side of the wall; mixed ground a search from
    /// every node over all the cluster's open cells.
    #[test]
    fn the_bound_counts_the_searches_pricing_runs_over_the_cells_they_can_reach() {
        let rows = [
            // One cost, open: 0.
            "........\n........\n........\n........\n........\n........\n........\n........",
            // One cost, a wall across row 4 from the left edge to x = 6.
            "........\n........\n........\n........\n#######.\n........\n........\n........",
            // Two costs, open.
            ".2......\n........\n........\n........\n........\n........\n........\n........",
        ];
        for (case, rows) in rows.iter().enumerate() {
            // Two clusters side by side: the left one, 8 by 8, has nodes
            // on its right border only.
            let text: String = rows.lines().map(|row| format!("{row}........\n")).collect();
            let grid = Grid::from_ascii(text.trim_end(), Movement::default()).unwrap();
            let mut hierarchy =
                Hierarchy::build(&grid, HierarchyOptions { cluster_size: 8 }).unwrap();
            let nodes = hierarchy
                .nodes()
                .filter(|&n| hierarchy.cluster_of(n) == Some(0))
                .count() as u64;
            assert!(nodes >= 2, "case {case}: {nodes} nodes");
            let bound = hierarchy.pricing_bound(&grid, 0);
            let expected = match case {
                0 => 0,
                1 => (nodes - 1) * (64 - 7),
                _ => nodes * 64,
            };
            assert_eq!(bound, expected, "case {case}");
            let settled = hierarchy.price_cluster(&grid, 0);
            assert!(settled <= bound, "case {case}: {settled} over {bound}");
        }
    }

    /// A part of the cluster walled off from every node is not counted:
    /// a search never reaches it.
    #[test]
    fn a_walled_off_room_is_not_counted() {
        let left = [
            "##......", "..#.....", ".2#.....", "###.....", "........", "........", "........",
            "........",
        ];
        let text: String = left.iter().map(|row| format!("{row}........\n")).collect();
        let grid = Grid::from_ascii(text.trim_end(), Movement::default()).unwrap();
        let mut hierarchy = Hierarchy::build(&grid, HierarchyOptions { cluster_size: 8 }).unwrap();
        let nodes = hierarchy
            .nodes()
            .filter(|&n| hierarchy.cluster_of(n) == Some(0))
            .count() as u64;
        // 64 cells, 7 walls, 4 cells in the room.
        assert_eq!(hierarchy.pricing_bound(&grid, 0), nodes * (64 - 7 - 4));
    }

    /// The bound is forgotten when the cluster's cells change: a new wall
    /// is counted out at once.
    #[test]
    fn the_bound_follows_the_cells() {
        let mut grid = Grid::from_fn(16, 8, Movement::default(), |x, y| {
            Some(if (x + y) % 3 == 0 { 2.0 } else { 1.0 })
        })
        .unwrap();
        let mut hierarchy = Hierarchy::build(&grid, HierarchyOptions { cluster_size: 8 }).unwrap();
        let before = hierarchy.pricing_bound(&grid, 0);
        grid.set_cost(crate::Pos::new(3, 3), None).unwrap();
        let after = hierarchy.pricing_bound(&grid, 0);
        let settled = hierarchy.price_cluster(&grid, 0);
        assert!(after < before, "{after} against {before}");
        assert!(settled <= after);
    }

    fn random_grid() -> impl Strategy<Value = Grid> {
        let diagonals = prop_oneof![Just(Diagonals::Never), Just(Diagonals::NoCornerCutting)];
        crate::test_grids::random_grid(4..40, diagonals.boxed(), 4)
    }

    /// Walls, or one cost with walls (few walls, so ground of one cost
    /// with parts walled off is common).
    fn one_cost_grid() -> impl Strategy<Value = Grid> {
        (
            4usize..40,
            4usize..40,
            proptest::collection::vec(prop::bool::weighted(0.2), 40 * 40),
        )
            .prop_map(|(w, h, walls)| {
                Grid::from_fn(w, h, Movement::default(), |x, y| {
                    (!walls[y as usize * 40 + x as usize]).then_some(1.0)
                })
                .unwrap()
            })
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(300))]

        /// Pricing never settles more cells than the bound, on weighted
        /// grids with walls of every kind of cluster.
        #[test]
        fn pricing_never_settles_more_than_the_bound(g in random_grid(), size in 4usize..10) {
            for (cluster, (bound, settled)) in bounds_and_pricing(&g, size).into_iter().enumerate() {
                prop_assert!(settled <= bound, "cluster {}: {} over {}", cluster, settled, bound);
            }
        }

        /// Nor on ground of one cost, walled, where pricing searches from
        /// all nodes but one.
        #[test]
        fn pricing_one_cost_ground_never_settles_more_than_the_bound(
            g in one_cost_grid(),
            size in 4usize..10,
        ) {
            for (cluster, (bound, settled)) in bounds_and_pricing(&g, size).into_iter().enumerate() {
                prop_assert!(settled <= bound, "cluster {}: {} over {}", cluster, settled, bound);
            }
        }
    }
}
