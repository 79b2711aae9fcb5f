//! How a search space handles its node records (`node_records.rs`): fits
//! a set to a grid, stamps a new generation instead of clearing, copies
//! costs in, and in a space sharing a [`SpacePool`](crate::SpacePool)
//! shelves a paused search's records and gives the set back.

use super::AStar;
use crate::grid::Grid;
use crate::node_records::{GENERATION_SHIFT, MAX_GENERATION, Node, Records};

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
