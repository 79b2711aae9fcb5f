//! Connected components ("islands") of a grid's passable cells, so a query
//! between two islands is answered "no path" without a search.
//!
//! Under every corner rule but `Diagonals::Always`, a legal diagonal move
//! implies a path through an orthogonal neighbour, so islands are the
//! 4-connected regions; with `Always` they are 8-connected. Labels are kept
//! up to date cell by cell: opening a cell merges its neighbours' islands
//! (relabelling the smaller ones), closing one relabels its island only when
//! the ring of cells around it shows it might have been split.

//! Islands see the grid only as its padded cost slice and the index offsets
//! of the 8 moves, so they import nothing from the grid that owns them.

/// No island: the cell is impassable.
const NO_ISLAND: u32 = 0;

/// Ring of the 8 neighbours in clockwise order, as direction indices into
/// `DIRECTION_DELTAS`: N, NE, E, SE, S, SW, W, NW.
const RING: [usize; 8] = [0, 4, 1, 5, 2, 6, 3, 7];

#[derive(Debug, Clone, Default)]
pub(crate) struct Islands {
    /// Island label per padded cell (`NO_ISLAND` for impassable cells).
    labels: Vec<u32>,
    /// Cell count per label; index 0 unused.
    sizes: Vec<u32>,
    /// Number of labels with at least one cell.
    live: usize,
    /// Offsets of the cells an island spreads to (4 or 8 of them).
    spread: Vec<isize>,
    /// Offsets of all 8 neighbours, by direction index (for the split test).
    neighbour_offsets: [isize; 8],
    eight_connected: bool,
    /// Cells relabelled so far (a measure of the work islands cost).
    work: u64,
}

impl Islands {
    pub(crate) fn empty(padded_cells: usize) -> Self {
        Self {
            labels: vec![NO_ISLAND; padded_cells],
            sizes: vec![0],
            ..Self::default()
        }
    }

    /// Labels the passable (finite-cost) cells of a padded cost slice.
    /// `offsets` are the index offsets of the 8 moves, cardinals first;
    /// `eight_connected` when every diagonal is legal (`Diagonals::Always`).
    pub(crate) fn build(costs: &[f64], offsets: &[isize; 8], eight_connected: bool) -> Self {
        let spread = if eight_connected {
            offsets.to_vec()
        } else {
            offsets[..4].to_vec()
        };
        let mut islands = Self {
            labels: vec![NO_ISLAND; costs.len()],
            sizes: vec![0],
            live: 0,
            spread,
            neighbour_offsets: *offsets,
            eight_connected,
            work: 0,
        };
        let mut stack = Vec::new();
        for index in 0..costs.len() {
            if costs[index].is_finite() && islands.labels[index] == NO_ISLAND {
                let label = islands.new_label();
                islands.flood(costs, index, NO_ISLAND, label, &mut stack);
            }
        }
        islands
    }

    pub(crate) fn same(&self, a: usize, b: usize) -> bool {
        self.labels[a] != NO_ISLAND && self.labels[a] == self.labels[b]
    }

    pub(crate) fn count(&self) -> usize {
        self.live
    }

    /// Cells relabelled since these islands were built.
    pub(crate) fn work(&self) -> u64 {
        self.work
    }

    pub(crate) fn add_work(&mut self, cells: u64) {
        self.work += cells;
    }

    /// The labels after the passability of cell `index` flipped in `costs`
    /// (the same padded layout, offsets and connectivity as at the build).
    /// Islands that were never built ([`Islands::empty`]) must be built by
    /// the caller instead.
    pub(crate) fn after_change(mut self, costs: &[f64], index: usize) -> Self {
        let mut stack = Vec::new();
        if costs[index].is_finite() {
            self.open_cell(costs, index, &mut stack);
        } else {
            self.close_cell(costs, index, &mut stack);
        }
        self
    }

    /// Whether these islands were only made [`Islands::empty`] and never built.
    pub(crate) fn is_unbuilt(&self) -> bool {
        self.spread.is_empty()
    }

    fn open_cell(&mut self, costs: &[f64], index: usize, stack: &mut Vec<usize>) {
        let mut neighbour_labels: Vec<u32> = self
            .spread
            .iter()
            .map(|&o| self.labels[index.wrapping_add_signed(o)])
            .filter(|&l| l != NO_ISLAND)
            .collect();
        neighbour_labels.sort_unstable();
        neighbour_labels.dedup();
        let Some(&largest) = neighbour_labels
            .iter()
            .max_by_key(|&&l| (self.sizes[l as usize], l))
        else {
            let label = self.new_label();
            self.labels[index] = label;
            self.sizes[label as usize] = 1;
            return;
        };
        self.labels[index] = largest;
        self.sizes[largest as usize] += 1;
        for &o in &self.spread.clone() {
            let neighbour = index.wrapping_add_signed(o);
            let label = self.labels[neighbour];
            if label != NO_ISLAND && label != largest {
                self.flood(costs, neighbour, label, largest, stack);
            }
        }
    }

    fn close_cell(&mut self, costs: &[f64], index: usize, stack: &mut Vec<usize>) {
        let old = self.labels[index];
        if old == NO_ISLAND {
            return;
        }
        self.labels[index] = NO_ISLAND;
        self.sizes[old as usize] -= 1;
        if self.sizes[old as usize] == 0 {
            self.live -= 1;
            return;
        }
        if !self.eight_connected && !self.may_split(costs, index) {
            return;
        }
        // Give every part of the old island that a neighbour reaches a label
        // of its own; `flood` retires the old label once it has no cells.
        for &o in &self.spread.clone() {
            let neighbour = index.wrapping_add_signed(o);
            if self.labels[neighbour] == old {
                let label = self.new_label();
                self.flood(costs, neighbour, old, label, stack);
            }
        }
    }

    /// Whether closing the cell at `index` might split its 4-connected island:
    /// false when its passable orthogonal neighbours stay linked around the
    /// ring of its 8 neighbours.
    fn may_split(&self, costs: &[f64], index: usize) -> bool {
        let offsets = &self.neighbour_offsets;
        let open: [bool; 8] =
            RING.map(|d| costs[index.wrapping_add_signed(offsets[d])].is_finite());
        let orthogonal_open = (0..8).step_by(2).filter(|&i| open[i]).count();
        if orthogonal_open <= 1 {
            return false;
        }
        // Count runs of open ring cells that contain an orthogonal neighbour.
        let Some(start) = (0..8).find(|&i| !open[i]) else {
            return false;
        };
        let mut runs_with_orthogonal = 0;
        let mut in_run = false;
        let mut run_has_orthogonal = false;
        for step in 1..=8 {
            let i = (start + step) % 8;
            if open[i] {
                in_run = true;
                run_has_orthogonal |= i % 2 == 0;
            } else if in_run {
                runs_with_orthogonal += usize::from(run_has_orthogonal);
                in_run = false;
                run_has_orthogonal = false;
            }
        }
        runs_with_orthogonal > 1
    }

    fn new_label(&mut self) -> u32 {
        self.sizes.push(0);
        self.live += 1;
        (self.sizes.len() - 1) as u32
    }

    /// Gives label `to` to every cell labelled `from` reachable from `seed`.
    fn flood(&mut self, costs: &[f64], seed: usize, from: u32, to: u32, stack: &mut Vec<usize>) {
        let mut moved = 0u32;
        self.labels[seed] = to;
        moved += 1;
        stack.clear();
        stack.push(seed);
        while let Some(cell) = stack.pop() {
            for &o in &self.spread {
                let next = cell.wrapping_add_signed(o);
                if self.labels[next] == from && costs[next].is_finite() {
                    self.labels[next] = to;
                    moved += 1;
                    stack.push(next);
                }
            }
        }
        if from != NO_ISLAND {
            self.sizes[from as usize] -= moved;
            if self.sizes[from as usize] == 0 {
                self.live -= 1;
            }
        }
        self.sizes[to as usize] += moved;
        self.work += u64::from(moved);
    }
}

#[cfg(test)]
mod tests {
    use crate::pathfinding::{Diagonals, Grid, Movement, Pos};

    #[test]
    fn separate_rooms_are_separate_islands() {
        let grid = Grid::from_ascii("..#..\n..#..\n#####\n.....", Movement::default()).unwrap();
        assert_eq!(grid.island_count(), 3);
        assert!(grid.connected(Pos::new(0, 0), Pos::new(1, 1)));
        assert!(!grid.connected(Pos::new(0, 0), Pos::new(3, 0)));
        assert!(!grid.connected(Pos::new(0, 0), Pos::new(2, 0)));
    }

    #[test]
    fn diagonal_squeeze_connects_only_when_always_allowed() {
        let rows = ".#\n#.";
        let strict = Grid::from_ascii(rows, Movement::default()).unwrap();
        assert_eq!(strict.island_count(), 2);
        let loose = Grid::from_ascii(
            rows,
            Movement {
                diagonals: Diagonals::Always,
            },
        )
        .unwrap();
        assert_eq!(loose.island_count(), 1);
    }

    #[test]
    fn closing_a_door_splits_and_opening_merges() {
        let mut grid = Grid::from_ascii("...#...\n.......\n...#...", Movement::default()).unwrap();
        assert_eq!(grid.island_count(), 1);
        let door = Pos::new(3, 1);
        grid.set_cost(door, None).unwrap();
        assert_eq!(grid.island_count(), 2);
        assert!(!grid.connected(Pos::new(0, 0), Pos::new(6, 2)));
        grid.set_cost(door, Some(1.0)).unwrap();
        assert_eq!(grid.island_count(), 1);
        assert!(grid.connected(Pos::new(0, 0), Pos::new(6, 2)));
    }

    #[test]
    fn closing_a_cell_in_open_ground_keeps_one_island() {
        let mut grid = Grid::from_ascii(".....\n.....\n.....", Movement::default()).unwrap();
        grid.set_cost(Pos::new(2, 1), None).unwrap();
        assert_eq!(grid.island_count(), 1);
        // A ring: closing one more cell of a loop keeps it whole.
        let mut ring = Grid::from_ascii("...\n.#.\n...", Movement::default()).unwrap();
        ring.set_cost(Pos::new(1, 0), None).unwrap();
        assert_eq!(ring.island_count(), 1);
        ring.set_cost(Pos::new(1, 2), None).unwrap();
        assert_eq!(ring.island_count(), 2);
    }

    #[test]
    fn batched_changes_match_a_rebuild() {
        let rows = ".........\n.........\n.........\n.........";
        let mut grid = Grid::from_ascii(rows, Movement::default()).unwrap();
        // A wall across the middle, one cell at a time: many splits.
        let wall: Vec<(Pos, Option<f64>)> = (0..9).map(|x| (Pos::new(x, 2), None)).collect();
        grid.set_costs(wall).unwrap();
        if !grid.islands_are_current() {
            // Stale islands say "maybe", never a wrong "no".
            assert!(grid.connected(Pos::new(0, 0), Pos::new(0, 3)));
            grid.refresh_islands();
        }
        assert_eq!(grid.island_count(), 2);
        assert!(!grid.connected(Pos::new(0, 0), Pos::new(0, 3)));
        grid.set_costs([(Pos::new(4, 2), Some(1.0))]).unwrap();
        assert_eq!(grid.island_count(), 1);
        let mut rebuilt = grid.clone();
        rebuilt.rebuild_islands();
        assert_eq!(rebuilt.island_count(), grid.island_count());
    }

    #[test]
    fn incremental_labels_match_a_rebuild() {
        let mut grid = Grid::from_ascii(
            "......\n.####.\n.#..#.\n.#..#.\n......",
            Movement::default(),
        )
        .unwrap();
        let changes = [
            (0, 2, None),
            (5, 2, None),
            (1, 2, Some(1.0)),
            (3, 4, None),
            (3, 1, Some(2.0)),
        ];
        for (x, y, cost) in changes {
            grid.set_cost(Pos::new(x, y), cost).unwrap();
            let mut rebuilt = grid.clone();
            rebuilt.rebuild_islands();
            assert_eq!(grid.island_count(), rebuilt.island_count());
            for ay in 0..5 {
                for ax in 0..6 {
                    for by in 0..5 {
                        for bx in 0..6 {
                            let (a, b) = (Pos::new(ax, ay), Pos::new(bx, by));
                            assert_eq!(grid.connected(a, b), rebuilt.connected(a, b), "{a} {b}");
                        }
                    }
                }
            }
        }
    }
}
