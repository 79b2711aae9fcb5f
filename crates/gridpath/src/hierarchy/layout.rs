//! Where the clusters and their borders lie, and the entrances on a border:
//! the runs of open cell pairs facing each other across it, and the
//! transition cells chosen on each run.
//!
//! Clusters are `size` x `size` squares from the top-left (the last row and
//! column of clusters may be narrower). A border joins two side by side
//! (vertical borders, numbered first) or one above the other (horizontal).

use super::box_search::CellBox;
use crate::grid::Grid;
use crate::pos::Pos;

/// One crossing of a border: `a` in the left or upper cluster, `b` the cell
/// beside it in the right or lower one. Both are passable and each is one
/// legal step from the other.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Transition {
    pub a: Pos,
    pub b: Pos,
}

/// The geometry of the clusters over a grid.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Layout {
    pub size: i32,
    pub width: i32,
    pub height: i32,
    /// Clusters per row.
    pub across: i32,
    /// Rows of clusters.
    pub down: i32,
}

impl Layout {
    pub(super) fn new(width: usize, height: usize, size: usize) -> Self {
        let (width, height, size) = (width as i32, height as i32, size as i32);
        Self {
            size,
            width,
            height,
            across: (width + size - 1) / size,
            down: (height + size - 1) / size,
        }
    }

    pub(super) fn clusters(&self) -> usize {
        (self.across * self.down) as usize
    }

    pub(super) fn cluster_of(&self, pos: Pos) -> usize {
        ((pos.y / self.size) * self.across + pos.x / self.size) as usize
    }

    pub(super) fn cluster_box(&self, cluster: usize) -> CellBox {
        let (cx, cy) = (cluster as i32 % self.across, cluster as i32 / self.across);
        let (x0, y0) = (cx * self.size, cy * self.size);
        CellBox {
            x0,
            y0,
            width: self.size.min(self.width - x0),
            height: self.size.min(self.height - y0),
        }
    }

    fn vertical_borders(&self) -> usize {
        ((self.across - 1) * self.down) as usize
    }

    pub(super) fn borders(&self) -> usize {
        self.vertical_borders() + (self.across * (self.down - 1)) as usize
    }

    /// The two clusters a border joins: left or upper first.
    pub(super) fn border_clusters(&self, border: usize) -> (usize, usize) {
        let vertical = self.vertical_borders();
        if border < vertical {
            let (row, column) = (
                border as i32 / (self.across - 1),
                border as i32 % (self.across - 1),
            );
            let left = (row * self.across + column) as usize;
            (left, left + 1)
        } else {
            let upper = border - vertical;
            (upper, upper + self.across as usize)
        }
    }

    /// The borders of a cluster (at most four).
    pub(super) fn borders_of(&self, cluster: usize) -> impl Iterator<Item = usize> + use<> {
        let (cx, cy) = (cluster as i32 % self.across, cluster as i32 / self.across);
        let across = self.across;
        let vertical = self.vertical_borders() as i32;
        let vertical_at = move |x: i32, y: i32| y * (across - 1) + x;
        let horizontal_at = move |x: i32, y: i32| vertical + y * across + x;
        [
            (cx > 0).then(|| vertical_at(cx - 1, cy)),
            (cx + 1 < self.across).then(|| vertical_at(cx, cy)),
            (cy > 0).then(|| horizontal_at(cx, cy - 1)),
            (cy + 1 < self.down).then(|| horizontal_at(cx, cy)),
        ]
        .into_iter()
        .flatten()
        .map(|b| b as usize)
    }

    /// A cluster's border with the cluster to its left (side 0), right
    /// (1), above (2) or below (3), if there is one.
    pub(super) fn border_on_side(&self, cluster: usize, side: usize) -> Option<usize> {
        let (cx, cy) = (cluster as i32 % self.across, cluster as i32 / self.across);
        let vertical = self.vertical_borders() as i32;
        let border = match side {
            0 if cx > 0 => cy * (self.across - 1) + cx - 1,
            1 if cx + 1 < self.across => cy * (self.across - 1) + cx,
            2 if cy > 0 => vertical + (cy - 1) * self.across + cx,
            3 if cy + 1 < self.down => vertical + cy * self.across + cx,
            _ => return None,
        };
        Some(border as usize)
    }

    /// The borders `pos` lies against (a cell on a cluster's edge row or
    /// column, facing a neighbouring cluster).
    pub(super) fn borders_at(&self, pos: Pos) -> impl Iterator<Item = usize> + use<> {
        let cluster = self.cluster_of(pos);
        let cell_box = self.cluster_box(cluster);
        let layout = *self;
        let (lx, ly) = (pos.x - cell_box.x0, pos.y - cell_box.y0);
        let edges = [
            lx == 0,
            lx == cell_box.width - 1,
            ly == 0,
            ly == cell_box.height - 1,
        ];
        let (cx, cy) = (cluster as i32 % self.across, cluster as i32 / self.across);
        let neighbours = [(cx - 1, cy), (cx + 1, cy), (cx, cy - 1), (cx, cy + 1)];
        layout.borders_of(cluster).filter(move |&border| {
            let (first, second) = layout.border_clusters(border);
            let other = if first == cluster { second } else { first } as i32;
            let at = (other % layout.across, other / layout.across);
            neighbours
                .iter()
                .zip(edges)
                .any(|(&n, edge)| edge && n == at)
        })
    }

    /// The transitions of a border on `grid`, into `out` (cleared first).
    ///
    /// Each run of open pairs gets transitions at places that keep coarse
    /// paths close to the cheapest ones: its middle when it is narrow, its
    /// two ends (where paths round a corner) when it is wider, the middle as
    /// well when it is wide, and always its cheapest pair (a road crossing
    /// the border), which is what carries HPA* over to terrain costs.
    ///
    /// It allocates nothing (a run is its first pair's number, its length
    /// and its cheapest pair): far walkers read a cluster's borders this
    /// way at every stroll, and a build reads every border.
    pub(super) fn transitions(&self, grid: &Grid, border: usize, out: &mut Vec<Transition>) {
        out.clear();
        let (first, second) = self.border_clusters(border);
        let (a_box, b_box) = (self.cluster_box(first), self.cluster_box(second));
        let vertical = border < self.vertical_borders();
        let length = if vertical { a_box.height } else { a_box.width };
        let pair = |i: i32| {
            if vertical {
                let y = a_box.y0 + i;
                (
                    Pos::new(a_box.x0 + a_box.width - 1, y),
                    Pos::new(b_box.x0, y),
                )
            } else {
                let x = a_box.x0 + i;
                (
                    Pos::new(x, a_box.y0 + a_box.height - 1),
                    Pos::new(x, b_box.y0),
                )
            }
        };
        // The open run so far: its first pair, its length, and its
        // cheapest pair (the first of the cheapest) with that pair's cost;
        // and the cost of its first pair.
        let mut run: Option<(i32, i32, i32, f64, f64)> = None;
        let flush = |run: &mut Option<(i32, i32, i32, f64, f64)>, out: &mut Vec<Transition>| {
            let Some((start, len, cheapest, cheapest_cost, first_cost)) = run.take() else {
                return;
            };
            let mut picks: [Option<i32>; 4] = [None; 4];
            if len <= 3 {
                picks[0] = Some(len / 2);
            } else {
                picks[0] = Some(0);
                picks[1] = Some(len - 1);
                if len >= 8 {
                    picks[2] = Some(len / 2);
                }
            }
            // What the first pick costs: the run's first pair, or its
            // middle on a narrow run (read again, it is one of three).
            let pick_cost = match picks[0] {
                Some(0) | None => first_cost,
                Some(i) => {
                    let (a, b) = pair(start + i);
                    grid.cost(a).unwrap_or(f64::INFINITY) + grid.cost(b).unwrap_or(f64::INFINITY)
                }
            };
            if cheapest_cost < pick_cost {
                picks[3] = Some(cheapest);
            }
            let mut chosen = picks;
            chosen.sort_unstable();
            let mut last = None;
            for i in chosen.into_iter().flatten() {
                if last == Some(i) {
                    continue;
                }
                last = Some(i);
                let (a, b) = pair(start + i);
                out.push(Transition { a, b });
            }
        };
        for i in 0..length {
            let (a, b) = pair(i);
            match (grid.cost(a), grid.cost(b)) {
                (Some(ca), Some(cb)) if grid.is_legal_step(a, b) && grid.is_legal_step(b, a) => {
                    let cost = ca + cb;
                    match run.as_mut() {
                        Some((start, len, cheapest, cheapest_cost, _)) => {
                            if cost.total_cmp(cheapest_cost).is_lt() {
                                *cheapest = i - *start;
                                *cheapest_cost = cost;
                            }
                            *len += 1;
                        }
                        None => run = Some((i, 1, 0, cost, cost)),
                    }
                }
                _ => flush(&mut run, out),
            }
        }
        flush(&mut run, out);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Movement;

    #[test]
    fn clusters_and_borders_cover_a_ragged_grid() {
        let layout = Layout::new(10, 7, 4);
        assert_eq!((layout.across, layout.down, layout.clusters()), (3, 2, 6));
        assert_eq!(
            layout.cluster_box(2),
            CellBox {
                x0: 8,
                y0: 0,
                width: 2,
                height: 4
            }
        );
        assert_eq!(
            layout.cluster_box(5),
            CellBox {
                x0: 8,
                y0: 4,
                width: 2,
                height: 3
            }
        );
        // Two vertical borders per row, three horizontal ones.
        assert_eq!(layout.borders(), 2 * 2 + 3);
        assert_eq!(layout.border_clusters(0), (0, 1));
        assert_eq!(layout.border_clusters(3), (4, 5));
        assert_eq!(layout.border_clusters(4), (0, 3));
        let of_4: Vec<usize> = layout.borders_of(4).collect();
        assert_eq!(of_4, vec![2, 3, 5]);
        for cluster in 0..layout.clusters() {
            for border in layout.borders_of(cluster) {
                let (a, b) = layout.border_clusters(border);
                assert!(a == cluster || b == cluster);
            }
        }
        // (3, 3) is the corner of cluster 0: against its right and lower borders.
        let at: Vec<usize> = layout.borders_at(Pos::new(3, 3)).collect();
        assert_eq!(at, vec![0, 4]);
        assert_eq!(layout.borders_at(Pos::new(1, 1)).count(), 0);
    }

    #[test]
    fn runs_get_transitions_at_their_middle_ends_and_cheapest_pair() {
        // A 4-wide border column between x = 3 and x = 4: rows 0-1 open
        // (a run of 2), row 2 walled, rows 3-11 open with a road (1) in row 9.
        let rows = "....|....\n\
                    ....|....\n\
                    ...#|#...\n\
                    ....|....\n\
                    ....|....\n\
                    ....|....\n\
                    ....|....\n\
                    ....|....\n\
                    ....|....\n\
                    ...1|1...\n\
                    ....|....\n\
                    ....|....";
        let grid = Grid::from_fn(8, 12, Movement::default(), |x, y| {
            let row: Vec<char> = rows
                .lines()
                .nth(y as usize)
                .unwrap()
                .replace('|', "")
                .chars()
                .collect();
            match row[x as usize] {
                '#' => None,
                '1' => Some(1.0),
                _ => Some(2.0),
            }
        })
        .unwrap();
        let layout = Layout::new(8, 12, 4);
        let mut out = Vec::new();
        // Border 0 joins clusters 0 and 1 (rows 0-3); border 1: rows 4-7; border 2: rows 8-11.
        layout.transitions(&grid, 0, &mut out);
        let rows_of: Vec<i32> = out.iter().map(|t| t.a.y).collect();
        assert_eq!(rows_of, vec![1, 3]);
        layout.transitions(&grid, 2, &mut out);
        let rows_of: Vec<i32> = out.iter().map(|t| t.a.y).collect();
        // Rows 8-11: the ends 8 and 11, and the road in row 9.
        assert_eq!(rows_of, vec![8, 9, 11]);
        assert!(out.iter().all(|t| t.a.x == 3 && t.b.x == 4));
    }
}
