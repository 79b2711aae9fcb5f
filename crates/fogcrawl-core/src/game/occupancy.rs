//! Who stands where: a cell-indexed map of living actors, so "who is on
//! this cell" costs the same with a thousand monsters as with one.
//!
//! Derived state: rebuilt from the actors at the start of every player
//! turn (so a save, a level change or a test that moves actors by hand
//! never leaves it wrong for long) and kept up to date by the moves,
//! swaps and deaths of the turn.

use crate::game::actor::Actor;
use gridpath::{GridShape, Pos};

/// No one on the cell.
const EMPTY: u32 = u32::MAX;

#[derive(Debug, Clone, Default)]
pub(super) struct Occupancy {
    shape: GridShape,
    cells: Vec<u32>,
    /// Every cell written an actor since the last rebuild (a superset of
    /// the occupied cells): a rebuild clears these, not the whole level.
    written: Vec<usize>,
}

impl Occupancy {
    /// The map of `actors` on a `width` x `height` level.
    pub(super) fn rebuild(&mut self, width: usize, height: usize, actors: &[Actor]) {
        let shape = GridShape::new(width, height);
        if self.shape != shape || self.cells.len() != shape.len() {
            self.shape = shape;
            self.cells = vec![EMPTY; shape.len()];
            self.written.clear();
        } else {
            for cell in self.written.drain(..) {
                self.cells[cell] = EMPTY;
            }
        }
        for (index, actor) in actors.iter().enumerate() {
            if actor.is_alive()
                && let Some(cell) = self.index(actor.pos)
                && self.cells[cell] == EMPTY
            {
                self.cells[cell] = index as u32;
                self.written.push(cell);
            }
        }
    }

    fn index(&self, pos: Pos) -> Option<usize> {
        self.shape.index(pos)
    }

    /// Starts loading who stands around `pos` into the cache, for a caller
    /// that will ask soon.
    pub(super) fn prefetch(&self, pos: Pos) {
        if let Some(cell) = self.index(pos) {
            gridpath::prefetch(&self.cells[cell]);
        }
    }

    /// The actor on `pos`, if any.
    pub(super) fn at(&self, pos: Pos) -> Option<usize> {
        self.index(pos)
            .map(|cell| self.cells[cell])
            .filter(|&actor| actor != EMPTY)
            .map(|actor| actor as usize)
    }

    /// `actor` moved from `from` to `to`.
    pub(super) fn moved(&mut self, actor: usize, from: Pos, to: Pos) {
        if let Some(cell) = self.index(from)
            && self.cells[cell] == actor as u32
        {
            self.cells[cell] = EMPTY;
        }
        if let Some(cell) = self.index(to) {
            self.cells[cell] = actor as u32;
            self.written.push(cell);
        }
    }

    /// `actor` died on `pos`.
    pub(super) fn left(&mut self, actor: usize, pos: Pos) {
        if let Some(cell) = self.index(pos)
            && self.cells[cell] == actor as u32
        {
            self.cells[cell] = EMPTY;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::actor::Species;

    fn actor(x: i32, y: i32, hp: i32) -> Actor {
        Actor {
            species: Species::Player,
            pos: Pos::new(x, y),
            hp,
            max_hp: 5,
            ready_at: 0.0,
            brain: None,
        }
    }

    #[test]
    fn finds_the_living_and_follows_moves_and_deaths() {
        let actors = [actor(0, 0, 5), actor(2, 1, 5), actor(3, 1, 0)];
        let mut map = Occupancy::default();
        map.rebuild(4, 2, &actors);
        assert_eq!(map.at(Pos::new(2, 1)), Some(1));
        assert_eq!(map.at(Pos::new(3, 1)), None, "the dead stand nowhere");
        assert_eq!(map.at(Pos::new(-1, 0)), None);
        map.moved(1, Pos::new(2, 1), Pos::new(1, 1));
        assert_eq!(map.at(Pos::new(2, 1)), None);
        assert_eq!(map.at(Pos::new(1, 1)), Some(1));
        map.left(1, Pos::new(1, 1));
        assert_eq!(map.at(Pos::new(1, 1)), None);
    }

    #[test]
    fn a_rebuild_forgets_every_cell_the_turn_wrote() {
        let mut actors = [actor(0, 0, 5), actor(2, 1, 5)];
        let mut map = Occupancy::default();
        map.rebuild(4, 2, &actors);
        map.moved(1, Pos::new(2, 1), Pos::new(3, 1));
        map.moved(1, Pos::new(3, 1), Pos::new(3, 0));
        // The actors moved by hand (as a load or a test does).
        actors[1].pos = Pos::new(1, 1);
        map.rebuild(4, 2, &actors);
        for pos in GridShape::new(4, 2).positions() {
            let expected = match (pos.x, pos.y) {
                (0, 0) => Some(0),
                (1, 1) => Some(1),
                _ => None,
            };
            assert_eq!(map.at(pos), expected, "{pos:?}");
        }
    }
}
