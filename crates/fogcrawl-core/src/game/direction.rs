//! The eight compass directions a step, an attack or a door action can take.

use serde::{Deserialize, Serialize};

use gridpath::Pos;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Direction {
    North,
    NorthEast,
    East,
    SouthEast,
    South,
    SouthWest,
    West,
    NorthWest,
}

impl Direction {
    pub(crate) const ALL: [Direction; 8] = [
        Direction::North,
        Direction::NorthEast,
        Direction::East,
        Direction::SouthEast,
        Direction::South,
        Direction::SouthWest,
        Direction::West,
        Direction::NorthWest,
    ];

    /// Column and row change of one step.
    pub(crate) const fn delta(self) -> (i32, i32) {
        match self {
            Direction::North => (0, -1),
            Direction::NorthEast => (1, -1),
            Direction::East => (1, 0),
            Direction::SouthEast => (1, 1),
            Direction::South => (0, 1),
            Direction::SouthWest => (-1, 1),
            Direction::West => (-1, 0),
            Direction::NorthWest => (-1, -1),
        }
    }

    pub const fn is_diagonal(self) -> bool {
        let (dx, dy) = self.delta();
        dx != 0 && dy != 0
    }

    /// The cell one step from `pos`.
    pub const fn from(self, pos: Pos) -> Pos {
        let (dx, dy) = self.delta();
        Pos::new(pos.x + dx, pos.y + dy)
    }

    /// The direction of a single step from `from` to `to`, if they touch.
    pub fn between(from: Pos, to: Pos) -> Option<Direction> {
        let delta = (to.x - from.x, to.y - from.y);
        Direction::ALL.into_iter().find(|d| d.delta() == delta)
    }

    /// Length of the step: 1 straight, sqrt 2 diagonal.
    pub(crate) fn length(self) -> f64 {
        if self.is_diagonal() {
            std::f64::consts::SQRT_2
        } else {
            1.0
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn between_inverts_from() {
        let origin = Pos::new(5, 5);
        for d in Direction::ALL {
            assert_eq!(Direction::between(origin, d.from(origin)), Some(d));
        }
        assert_eq!(Direction::between(origin, Pos::new(7, 5)), None);
        assert_eq!(Direction::between(origin, origin), None);
    }
}
