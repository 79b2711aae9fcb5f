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
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub(crate) struct Islands {
    /// Island label per padded cell (`NO_ISLAND` for impassable cells).
    #[cfg_attr(feature = "serde", serde(with = "crate::saved::le_runs"))]
    labels: Vec<u32>,
    /// Cell count per label; index 0 unused.
    #[cfg_attr(feature = "serde", serde(with = "crate::saved::le_array"))]
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
    /// Gives the labels to [`spare_buffers`](crate::spare_buffers) (see
    /// `Grid::into_spares`).
    pub(crate) fn into_spares(self) {
        crate::spare_buffers::give(self.labels);
    }

    pub(crate) fn empty(padded_cells: usize) -> Self {
        Self {
            labels: vec![NO_ISLAND; padded_cells],
            sizes: vec![0],
            ..Self::default()
        }
    }

    /// Labels every island of a padded cost slice in two passes over its
    /// rows (the classic two-pass component labelling, by runs): the first
    /// cuts each row into runs of passable cells and joins each run to the
    /// runs of the row above it touches (overlapping; or one cell apart
    /// diagonally when 8-connected) in a union-find of provisional labels;
    /// the second gives each island its label in the order its first cell
    /// comes, so the labels are the ones a flood fill from each unlabelled
    /// cell in turn gives, and writes them a run at a time. A run per
    /// stretch of open ground instead of a label lookup per cell: every
    /// grid built (1M cells on a 1024x1024 level, five planning grids when
    /// a game loads) labels its islands.
    pub(crate) fn build(costs: &[f32], offsets: &[isize; 8], eight_connected: bool) -> Self {
        let spread = if eight_connected {
            offsets.to_vec()
        } else {
            offsets[..4].to_vec()
        };
        // The padded rows lie side by side: the north neighbour is a row
        // back.
        let stride = offsets[0].unsigned_abs().max(1);
        // How far sideways a run reaches into the row above.
        let reach = usize::from(eight_connected);
        let mut runs: Vec<Run> = Vec::new();
        // Union-find over provisional labels (index 0 unused); a label's
        // parent is never above it (unions link the higher root to the
        // lower).
        let mut parent: Vec<u32> = vec![NO_ISLAND];
        // The previous row's runs, and where that row starts.
        let mut above = 0..0;
        for (row_number, row) in costs.chunks(stride).enumerate() {
            let row_start = row_number * stride;
            let above_start = row_start.saturating_sub(stride);
            let here = runs.len();
            let mut scan = above.start;
            let mut x = 0;
            while let Some(gap) = row[x..].iter().position(|cost| cost.is_finite()) {
                let start = x + gap;
                let end = row[start..]
                    .iter()
                    .position(|cost| !cost.is_finite())
                    .map_or(row.len(), |length| start + length);
                x = end;
                // Runs above that end before this one can touch it touch no
                // later run of this row either.
                while scan < above.end && runs[scan].end - above_start + reach <= start {
                    scan += 1;
                }
                let mut own = NO_ISLAND;
                let mut touching = scan;
                while touching < above.end && runs[touching].start - above_start < end + reach {
                    let label = runs[touching].label;
                    if own == NO_ISLAND {
                        own = label;
                    } else if label != own {
                        union(&mut parent, own, label);
                    }
                    touching += 1;
                }
                if own == NO_ISLAND {
                    own = parent.len() as u32;
                    parent.push(own);
                }
                runs.push(Run {
                    start: row_start + start,
                    end: row_start + end,
                    label: own,
                });
            }
            above = here..runs.len();
        }
        // Every provisional label straight to its root (parents below, so
        // one pass upward resolves them all), then roots numbered in order
        // of first cell, written a run at a time.
        for label in 1..parent.len() {
            parent[label] = parent[parent[label] as usize];
        }
        let mut final_label = vec![NO_ISLAND; parent.len()];
        let mut sizes: Vec<u32> = vec![0];
        // Asked for zeroed (`NO_ISLAND` is 0) and written only where runs
        // lie: the pages of walls between them are never touched, so a grid
        // of few passable cells (a faction that takes unknown ground as
        // blocked) keeps its labels out of memory.
        let mut labels: Vec<u32> = vec![NO_ISLAND; costs.len()];
        for run in &runs {
            let root = parent[run.label as usize] as usize;
            if final_label[root] == NO_ISLAND {
                final_label[root] = sizes.len() as u32;
                sizes.push(0);
            }
            let label = final_label[root];
            labels[run.start..run.end].fill(label);
            sizes[label as usize] += (run.end - run.start) as u32;
        }
        Self {
            labels,
            live: sizes.len() - 1,
            work: sizes.iter().map(|&size| u64::from(size)).sum(),
            sizes,
            spread,
            neighbour_offsets: *offsets,
            eight_connected,
        }
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
    pub(crate) fn after_change(mut self, costs: &[f32], index: usize) -> Self {
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

    fn open_cell(&mut self, costs: &[f32], index: usize, stack: &mut Vec<usize>) {
        // The distinct islands beside the cell (at most 8: no allocation,
        // as this runs for every cell a faction sees open up).
        let mut beside = [NO_ISLAND; 8];
        let mut count = 0;
        for &o in &self.spread {
            let label = self.labels[index.wrapping_add_signed(o)];
            if label != NO_ISLAND && !beside[..count].contains(&label) {
                beside[count] = label;
                count += 1;
            }
        }
        let Some(&largest) = beside[..count]
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
        for at in 0..self.spread.len() {
            let neighbour = index.wrapping_add_signed(self.spread[at]);
            let label = self.labels[neighbour];
            if label != NO_ISLAND && label != largest {
                self.flood(costs, neighbour, label, largest, stack);
            }
        }
    }

    fn close_cell(&mut self, costs: &[f32], index: usize, stack: &mut Vec<usize>) {
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
        for at in 0..self.spread.len() {
            let neighbour = index.wrapping_add_signed(self.spread[at]);
            if self.labels[neighbour] == old {
                let label = self.new_label();
                self.flood(costs, neighbour, old, label, stack);
            }
        }
    }

    /// Whether closing the cell at `index` might split its 4-connected island:
    /// false when its passable orthogonal neighbours stay linked around the
    /// ring of its 8 neighbours.
    fn may_split(&self, costs: &[f32], index: usize) -> bool {
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
    fn flood(&mut self, costs: &[f32], seed: usize, from: u32, to: u32, stack: &mut Vec<usize>) {
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

/// The root of provisional label `label`, halving the path on the way.
/// A stretch of passable cells in one row: padded indices `start..end`,
/// and its provisional label.
struct Run {
    start: usize,
    end: usize,
    label: u32,
}

/// Joins the sets of two provisional labels, the higher root linked to
/// the lower (so a label's parent is never above it).
fn union(parent: &mut [u32], a: u32, b: u32) {
    let (a, b) = (find(parent, a), find(parent, b));
    let (low, high) = (a.min(b), a.max(b));
    parent[high as usize] = low;
}

fn find(parent: &mut [u32], mut label: u32) -> u32 {
    while parent[label as usize] != label {
        let grandparent = parent[parent[label as usize] as usize];
        parent[label as usize] = grandparent;
        label = grandparent;
    }
    label
}

#[cfg(test)]
mod tests {
    use super::{Islands, NO_ISLAND};
    use crate::{Diagonals, Grid, Movement, Pos};

    fn built(grid: &Grid) -> Islands {
        let eight = grid.movement().diagonals == Diagonals::Always;
        Islands::build(grid.costs(), grid.offsets(), eight)
    }

    /// Labels by flood fill from each unlabelled passable cell in
    /// row-major order: the reference the two-pass build must equal.
    fn flood_labels(grid: &Grid) -> Islands {
        let mut islands = built(grid);
        islands.labels.fill(NO_ISLAND);
        islands.sizes = vec![0];
        islands.live = 0;
        islands.work = 0;
        let mut stack = Vec::new();
        for index in 0..grid.padded_len() {
            if grid.costs()[index].is_finite() && islands.labels[index] == NO_ISLAND {
                let label = islands.new_label();
                islands.flood(grid.costs(), index, NO_ISLAND, label, &mut stack);
            }
        }
        islands
    }

    #[test]
    fn the_two_pass_build_labels_as_a_flood_fill_does() {
        // A fixed linear congruential sequence: the same grids every run.
        let mut state = 0x2545_f491_4f6c_dd1du64;
        let mut next = move |below: u64| {
            state = state
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1_442_695_040_888_963_407);
            (state >> 33) % below
        };
        for case in 0..300 {
            let (width, height) = (1 + next(24) as usize, 1 + next(24) as usize);
            let walls = next(70);
            let rows: Vec<String> = (0..height)
                .map(|_| {
                    (0..width)
                        .map(|_| if next(100) < walls { '#' } else { '.' })
                        .collect()
                })
                .collect();
            for diagonals in [
                Diagonals::Never,
                Diagonals::NoCornerCutting,
                Diagonals::AtMostOneBlocked,
                Diagonals::Always,
            ] {
                let grid = Grid::from_ascii(&rows.join("\n"), Movement { diagonals }).unwrap();
                let (built, flooded) = (built(&grid), flood_labels(&grid));
                let what = format!("case {case}, {diagonals:?}:\n{}", rows.join("\n"));
                assert_eq!(built.labels, flooded.labels, "{what}");
                assert_eq!(built.sizes, flooded.sizes, "{what}");
                assert_eq!(
                    (built.live, built.work),
                    (flooded.live, flooded.work),
                    "{what}"
                );
            }
        }
    }

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
