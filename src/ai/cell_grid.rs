//! Row-major indexing of the AI's per-cell maps (knowledge, influence): one
//! place that turns a position into an index and back, with bounds.

use serde::{Deserialize, Serialize};

use crate::pathfinding::Pos;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct CellGrid {
    width: usize,
    height: usize,
}

impl CellGrid {
    pub fn new(width: usize, height: usize) -> Self {
        Self { width, height }
    }

    pub fn width(&self) -> usize {
        self.width
    }

    pub fn height(&self) -> usize {
        self.height
    }

    pub fn len(&self) -> usize {
        self.width * self.height
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The index of `pos`, `None` outside (negative coordinates included).
    pub fn index(&self, pos: Pos) -> Option<usize> {
        (pos.x >= 0
            && pos.y >= 0
            && (pos.x as usize) < self.width
            && (pos.y as usize) < self.height)
            .then(|| pos.y as usize * self.width + pos.x as usize)
    }

    /// The position of index `index`.
    pub fn pos(&self, index: usize) -> Pos {
        Pos::new((index % self.width) as i32, (index / self.width) as i32)
    }

    /// Drains a list of changed indices into positions.
    pub fn drain_positions(&self, changed: &mut Vec<u32>) -> Vec<Pos> {
        changed.drain(..).map(|i| self.pos(i as usize)).collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn indices_and_positions_round_trip_within_bounds() {
        let grid = CellGrid::new(4, 3);
        assert_eq!(grid.index(Pos::new(3, 2)), Some(11));
        assert_eq!(grid.pos(11), Pos::new(3, 2));
        assert_eq!(grid.index(Pos::new(4, 0)), None);
        assert_eq!(grid.index(Pos::new(-1, 0)), None);
        let mut changed = vec![0, 5];
        assert_eq!(
            grid.drain_positions(&mut changed),
            vec![Pos::new(0, 0), Pos::new(1, 1)]
        );
        assert!(changed.is_empty());
    }
}
