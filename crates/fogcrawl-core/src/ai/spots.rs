//! The cells members of one faction have claimed round a common goal, so
//! a pack spreads instead of piling onto one cell: hunters claim free
//! cells next to the player (or, with none left, a place to wait out of
//! the way), investigators of a noise claim distinct spots about it. A
//! reservation table in the manner of cooperative pathfinding (Silver
//! 2005), kept for places rather than for every step in time: a claim
//! lasts while its member keeps it, and is dropped when the member claims
//! another, takes up something else, or dies.
//!
//! A claim next to the player lasts only while its holder's way there
//! goes on ([`SpotWay`]): one whose way round stalls gives the cell up
//! and approaches plainly a while, so no hunter stands frozen holding a
//! cell it cannot reach.
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

/// A hunter's way to the cell it holds next to the player: the cell, its
/// own turns spent heading there, and how many it is allowed (the way's
/// length when it took the cell, or when its first plan there came, and
/// a few more). Past them its way has stalled (a body in the way round, a
/// plan that keeps changing): it gives the cell up (`given_up_at`).
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct SpotWay {
    /// The cell next to the player it heads for.
    pub spot: Pos,
    /// Its own turns spent heading there.
    pub turns: u32,
    /// Its own turns allowed to get there.
    pub allowed: u32,
    /// Whether `allowed` counts a plan to the cell (taken once: a plan
    /// that keeps changing does not keep lengthening the allowance).
    pub planned: bool,
    /// Game time it gave the cell up, its way stalled.
    pub given_up_at: Option<f64>,
}

impl SpotWay {
    /// Heading for `spot`, `allowed` own turns to get there.
    pub(crate) fn toward(spot: Pos, allowed: u32) -> Self {
        Self {
            spot,
            turns: 0,
            allowed,
            planned: false,
            given_up_at: None,
        }
    }

    /// Whether, given up at `given_up_at`, it still approaches plainly at
    /// `now` (within `pause` game time).
    pub(crate) fn pausing(&self, now: f64, pause: f64) -> bool {
        self.given_up_at.is_some_and(|when| now - when < pause)
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
