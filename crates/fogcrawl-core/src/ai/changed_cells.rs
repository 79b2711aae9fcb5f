//! The cells of a level-sized map (a faction's knowledge, an influence
//! layer) changed since its reader, the faction's planning grid, last
//! caught up: row-major indices, in the order they changed, repeats kept.

use gridpath::{GridShape, Pos};

/// Changed cells, by row-major index, waiting for the planning grid.
#[derive(Debug, Clone, Default, serde::Serialize, serde::Deserialize)]
pub(super) struct ChangedCells(Vec<u32>);

impl ChangedCells {
    /// Notes that the cell at row-major `index` changed.
    pub(super) fn note(&mut self, index: u32) {
        self.0.push(index);
    }

    /// Whether every cell noted lies among the first `cells` (a save's
    /// cells are checked before anything indexes with them).
    pub(super) fn fits(&self, cells: usize) -> bool {
        self.0.iter().all(|&index| (index as usize) < cells)
    }

    /// Notes every cell of `indices`.
    pub(super) fn note_all(&mut self, indices: &[u32]) {
        self.0.extend_from_slice(indices);
    }

    /// Forgets every change (a map built whole has none to pass on).
    pub(super) fn clear(&mut self) {
        self.0.clear();
    }

    pub(super) fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// Moves the indices onto `indices` (sorting them orders the cells by
    /// row, then column, without making positions first).
    pub(super) fn drain_into(&mut self, indices: &mut Vec<u32>) {
        indices.append(&mut self.0);
    }

    /// Takes the changes as positions on a map of `shape`.
    pub(super) fn take_positions(&mut self, shape: GridShape) -> Vec<Pos> {
        self.0
            .drain(..)
            .map(|index| shape.pos(index as usize))
            .collect()
    }
}
