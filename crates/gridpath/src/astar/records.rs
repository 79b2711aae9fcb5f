//! A search space's node records: 16 bytes a cell, stamped with a
//! generation instead of being cleared, kept by the space or lent by a
//! [`SpacePool`](crate::SpacePool); and how a space fits, stamps, shelves and gives back its
//! records.

use super::AStar;
use crate::grid::Grid;

/// Per-cell search state: 16 bytes, one quarter of a cache line.
#[derive(Debug, Clone, Copy, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[repr(C)]
pub(crate) struct Node {
    pub(super) g: f64,
    /// `generation << GENERATION_SHIFT | CLOSED? | parent direction`.
    pub(super) tag: u32,
    /// A copy of the grid's cost of entering this cell (or the search's
    /// override), so looking at a neighbour touches one cache line, not
    /// two. A space that keeps its records copies every cell's cost and
    /// keeps the copies up to date; in a sharing space a copy is valid only
    /// while `tag` holds the current generation (a search takes it from
    /// the grid when it first reaches the cell).
    pub(super) cost: f32,
}

// SAFETY: all-zero bits are a valid `Node` (g 0.0, tag 0, cost 0.0), and
// `Node` has no padding (8 + 4 + 4 bytes, `repr(C)`).
unsafe impl bytemuck::Zeroable for Node {}

/// The node records of a search space and the generation they were last
/// stamped with: they travel together (a record's stamp means something
/// only beside its own counter), between spaces through a [`SpacePool`].
#[derive(Debug, Clone, Default)]
pub(crate) struct Records {
    pub(crate) nodes: Vec<Node>,
    pub(crate) generation: u32,
}

impl Records {
    /// Records for `cells` padded cells, allocated zeroed: pages no search
    /// reaches are never written, so they take no memory.
    pub(crate) fn zeroed(cells: usize) -> Self {
        Self {
            nodes: bytemuck::allocation::zeroed_vec(cells),
            generation: 0,
        }
    }

    /// Writes every record once, so the first searches in them take no
    /// page faults (better while a level is made than mid-turn).
    pub(crate) fn touch_all(&mut self) {
        for node in &mut self.nodes {
            node.tag = 0;
        }
        self.generation = 0;
    }
}

pub(super) const PARENT_MASK: u32 = 0b111;
pub(super) const CLOSED: u32 = 0b1000;
pub(super) const GENERATION_SHIFT: u32 = 4;
const MAX_GENERATION: u32 = u32::MAX >> GENERATION_SHIFT;

impl AStar {
    /// A sharing space pauses: the records its search touched are copied
    /// out and the set goes back to the pool.
    pub(super) fn shelve(&mut self) {
        if self.pool.is_none() || self.nodes.is_empty() {
            return;
        }
        let kept = self
            .touched
            .iter()
            .map(|&cell| self.nodes[cell as usize])
            .collect();
        self.shelf = Some((self.nodes.len(), kept));
        self.release_records();
    }

    /// The paused search goes on: its records are written into a set from
    /// the pool, stamped with that set's next generation (every other
    /// record of the set then reads as untouched, as it did before).
    pub(super) fn unshelve(&mut self) {
        let Some((cells, kept)) = self.shelf.take() else {
            return;
        };
        self.fit_records(cells);
        self.next_generation();
        let stamp = self.generation << GENERATION_SHIFT;
        let low_bits = (1 << GENERATION_SHIFT) - 1;
        for (&cell, node) in self.touched.iter().zip(kept) {
            self.nodes[cell as usize] = Node {
                tag: stamp | (node.tag & low_bits),
                ..node
            };
        }
    }

    /// Moves to a new generation (clearing every stamp when the counter
    /// would overflow): every record reads as untouched.
    pub(super) fn next_generation(&mut self) {
        if self.generation >= MAX_GENERATION {
            for node in &mut self.nodes {
                node.tag = 0;
            }
            self.generation = 0;
        }
        self.generation += 1;
    }

    /// Gives the records to the pool (a sharing space with no search).
    pub(super) fn release_records(&mut self) {
        if let Some(pool) = &self.pool
            && !self.nodes.is_empty()
        {
            pool.give(Records {
                nodes: std::mem::take(&mut self.nodes),
                generation: self.generation,
            });
            self.generation = 0;
        }
    }

    /// Makes sure this space has records for `padded_len` cells: its own,
    /// one from its pool, or fresh zeroed ones.
    pub(super) fn fit_records(&mut self, padded_len: usize) {
        if self.nodes.len() == padded_len {
            return;
        }
        let records = match self.pool.clone() {
            Some(pool) => {
                self.release_records();
                pool.take(padded_len)
            }
            None => Records::zeroed(padded_len),
        };
        self.nodes = records.nodes;
        self.generation = records.generation;
        self.copied_version = 0;
        self.overridden_copies.clear();
    }

    /// In a space that keeps its records: brings their cost copies up to
    /// the grid's state (the cells changed since the last copy, or all of
    /// them), first giving back their grid costs to cells a past search
    /// overrode.
    pub(super) fn copy_costs(&mut self, grid: &Grid) {
        let costs = grid.costs();
        for cell in self.overridden_copies.drain(..) {
            if let (Some(node), Some(&cost)) = (self.nodes.get_mut(cell), costs.get(cell)) {
                node.cost = cost;
            }
        }
        if self.copied_version == grid.version() {
            return;
        }
        match grid.changes_since(self.copied_version) {
            Some(changed) if self.copied_version != 0 => {
                for cell in changed {
                    self.nodes[cell].cost = costs[cell];
                }
            }
            _ => {
                for (node, &cost) in self.nodes.iter_mut().zip(costs) {
                    node.cost = cost;
                }
            }
        }
        self.copied_version = grid.version();
    }
}
