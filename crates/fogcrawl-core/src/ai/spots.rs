//! The cells members of one faction have claimed round a common goal, so
//! a pack spreads instead of piling onto one cell: hunters claim free
//! cells next to the player (or, with none left, a place to wait out of
//! the way), investigators of a noise claim distinct spots about it. A
//! reservation table in the manner of cooperative pathfinding (Silver
//! 2005), kept for places rather than for every step in time: a claim
//! lasts while its member keeps it, and is dropped when the member claims
//! another, takes up something else, or dies.
//!
//! Never changes what the faction believes of the level: a claim only
//! keeps packmates from choosing the same cell.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use gridpath::Pos;

/// Claimed cells, both ways: who holds a cell (and where it stood when it
/// last chose it), and which cell a member holds.
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
pub(crate) struct Spots {
    #[serde(with = "crate::map_as_pairs")]
    holder: BTreeMap<Pos, (usize, Pos)>,
    #[serde(with = "crate::map_as_pairs")]
    held: BTreeMap<usize, Pos>,
}

impl Spots {
    /// The member holding `cell`, if any.
    pub(crate) fn holder(&self, cell: Pos) -> Option<usize> {
        self.holder.get(&cell).map(|&(actor, _)| actor)
    }

    /// Where the member holding `cell` stood when it last chose it.
    pub(crate) fn holder_was_at(&self, cell: Pos) -> Option<Pos> {
        self.holder.get(&cell).map(|&(_, from)| from)
    }

    /// The cell `actor` holds, if any.
    #[cfg(test)]
    pub(crate) fn held_by(&self, actor: usize) -> Option<Pos> {
        self.held.get(&actor).copied()
    }

    /// Whether `cell` is free for `actor` to claim: nobody holds it, or it
    /// does itself.
    pub(crate) fn free_for(&self, cell: Pos, actor: usize) -> bool {
        self.holder(cell).is_none_or(|holder| holder == actor)
    }

    /// `actor`, standing at `from`, claims `cell` (dropping any other cell
    /// it held). Returns false, claiming nothing, when another member
    /// holds it.
    pub(crate) fn claim(&mut self, actor: usize, cell: Pos, from: Pos) -> bool {
        if !self.free_for(cell, actor) {
            return false;
        }
        self.release(actor);
        self.holder.insert(cell, (actor, from));
        self.held.insert(actor, cell);
        true
    }

    /// `actor` holds nothing any more.
    pub(crate) fn release(&mut self, actor: usize) {
        if let Some(cell) = self.held.remove(&actor) {
            self.holder.remove(&cell);
        }
    }

    /// How many cells are held.
    #[cfg(test)]
    pub(crate) fn len(&self) -> usize {
        self.held.len()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_cell_has_one_holder_and_a_member_holds_one_cell() {
        let mut spots = Spots::default();
        let (a, b) = (Pos::new(1, 1), Pos::new(2, 1));
        let from = Pos::new(5, 5);
        assert!(spots.claim(7, a, from));
        assert!(!spots.claim(8, a, from), "7 holds it");
        assert!(spots.free_for(a, 7));
        assert_eq!(spots.holder_was_at(a), Some(from));
        assert!(spots.claim(7, b, from), "7 moves its claim");
        assert_eq!(spots.holder(a), None);
        assert_eq!(spots.held_by(7), Some(b));
        assert!(spots.claim(8, a, from));
        spots.release(7);
        assert_eq!(spots.holder(b), None);
        assert_eq!(spots.len(), 1);
    }
}
