//! How far a noise carries on the true level: sound travels along open
//! cells, round corners and down corridors, not through rock. A noise's
//! reach is a small Dijkstra search from where it was made, bounded by how
//! far it could be heard at all, over a window of the level round it.
//!
//! - A step costs its length, as walking does (1 straight, sqrt 2
//!   diagonally); a diagonal step needs both cells beside it open, so
//!   sound does not slip between two walls touching at a corner.
//! - Walls stop sound. A closed door muffles it: passing one costs
//!   [`CLOSED_DOOR_MUFFLE`] cells of distance more, so a fight heard 10
//!   cells away through open ground is heard only 4 cells past a closed
//!   door. Water, rubble and every other open ground carry it like floor.
//!
//! Never reads what any monster knows: hearing is a sense, like sight, and
//! the one other place besides sight where the true level reaches the AI.

use std::cmp::Reverse;
use std::collections::BinaryHeap;

use gridpath::Pos;

use crate::world::{Level, Terrain};

/// Extra distance a noise travels to pass a closed door (a door muffles,
/// it does not silence).
pub(crate) const CLOSED_DOOR_MUFFLE: f64 = 6.0;

/// The distance a noise made at one cell travels to each cell within
/// `reach` of it (in cells of walking distance), along open ground.
#[derive(Debug, Clone)]
pub(crate) struct SoundReach {
    origin: Pos,
    radius: i32,
    side: usize,
    /// Distance per window cell; infinite where the noise does not reach.
    distance: Vec<f64>,
}

impl SoundReach {
    /// How a noise made at `origin` carries over `level`, out to `reach`
    /// cells of travel.
    pub(crate) fn spread(level: &Level, origin: Pos, reach: u32) -> Self {
        let radius = i32::try_from(reach).unwrap_or(i32::MAX / 4).min(1 << 12);
        let side = (2 * radius + 1) as usize;
        let mut sound = Self {
            origin,
            radius,
            side,
            distance: vec![f64::INFINITY; side * side],
        };
        let Some(start) = sound.index(origin) else {
            return sound;
        };
        if level.terrain_at(origin).is_none() {
            return sound;
        }
        let limit = f64::from(reach);
        sound.distance[start] = 0.0;
        let mut frontier = BinaryHeap::new();
        frontier.push((Reverse(Ordered(0.0)), origin.x, origin.y));
        while let Some((Reverse(Ordered(so_far)), x, y)) = frontier.pop() {
            let here = Pos::new(x, y);
            let Some(index) = sound.index(here) else {
                continue;
            };
            if so_far > sound.distance[index] {
                continue;
            }
            for (dx, dy) in STEPS {
                let next = Pos::new(x + dx, y + dy);
                let Some(next_index) = sound.index(next) else {
                    continue;
                };
                let Some(muffle) = carries(level, next) else {
                    continue;
                };
                if dx != 0
                    && dy != 0
                    && (carries(level, Pos::new(x + dx, y)).is_none()
                        || carries(level, Pos::new(x, y + dy)).is_none())
                {
                    continue;
                }
                let through = so_far + here.octile(next) + muffle;
                if through <= limit && through < sound.distance[next_index] {
                    sound.distance[next_index] = through;
                    frontier.push((Reverse(Ordered(through)), next.x, next.y));
                }
            }
        }
        sound
    }

    /// How far the noise travelled to reach `pos`, if it did.
    pub(crate) fn distance_to(&self, pos: Pos) -> Option<f64> {
        self.index(pos)
            .map(|index| self.distance[index])
            .filter(|d| d.is_finite())
    }

    /// Whether `pos` could be within reach at all (inside the window).
    pub(crate) fn covers(&self, pos: Pos) -> bool {
        (pos.x - self.origin.x).abs() <= self.radius && (pos.y - self.origin.y).abs() <= self.radius
    }

    fn index(&self, pos: Pos) -> Option<usize> {
        let (dx, dy) = (pos.x - self.origin.x, pos.y - self.origin.y);
        if dx.abs() > self.radius || dy.abs() > self.radius {
            return None;
        }
        let (col, row) = ((dx + self.radius) as usize, (dy + self.radius) as usize);
        Some(row * self.side + col)
    }
}

/// Whether sound passes through `pos`, and the extra distance it costs
/// there; `None` for rock and off the level.
fn carries(level: &Level, pos: Pos) -> Option<f64> {
    match level.terrain_at(pos)? {
        Terrain::Wall => None,
        Terrain::ClosedDoor => Some(CLOSED_DOOR_MUFFLE),
        _ => Some(0.0),
    }
}

const STEPS: [(i32, i32); 8] = [
    (0, -1),
    (1, 0),
    (0, 1),
    (-1, 0),
    (1, -1),
    (1, 1),
    (-1, 1),
    (-1, -1),
];

/// A distance in the frontier: finite and never NaN, so ordered totally.
#[derive(Debug, Clone, Copy, PartialEq)]
struct Ordered(f64);

impl Eq for Ordered {}

impl PartialOrd for Ordered {
    fn partial_cmp(&self, other: &Self) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for Ordered {
    fn cmp(&self, other: &Self) -> std::cmp::Ordering {
        self.0.total_cmp(&other.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::world::level;

    fn reach(rows: &str, from: Pos, reach: u32) -> SoundReach {
        let level = level::text::parse(rows).unwrap();
        SoundReach::spread(&level, from, reach)
    }

    #[test]
    fn sound_goes_round_a_wall_not_through_it() {
        // Two rooms side by side, joined only far to the south: through the
        // wall the listener is 2 cells away, round it 12.
        let rows = "#######\n\
                    #..#.@#\n\
                    #..#..#\n\
                    #..#..#\n\
                    #..#..#\n\
                    #.....#\n\
                    #######\n";
        let sound = reach(rows, Pos::new(2, 1), 20);
        let listener = Pos::new(4, 1);
        let travelled = sound.distance_to(listener).expect("it carries round");
        assert!(travelled > 6.0, "round the wall, not through: {travelled}");
        let short = reach(rows, Pos::new(2, 1), 5);
        assert_eq!(short.distance_to(listener), None, "too far round");
        assert_eq!(short.distance_to(Pos::new(3, 1)), None, "rock");
    }

    #[test]
    fn a_closed_door_muffles_and_an_open_one_does_not() {
        let closed = reach("#######\n#..+..#\n#####@#\n", Pos::new(1, 1), 20);
        let open = reach("#######\n#..'..#\n#####@#\n", Pos::new(1, 1), 20);
        let listener = Pos::new(5, 1);
        assert_eq!(open.distance_to(listener), Some(4.0));
        assert_eq!(closed.distance_to(listener), Some(4.0 + CLOSED_DOOR_MUFFLE));
    }

    #[test]
    fn sound_does_not_slip_between_walls_touching_at_a_corner() {
        let sound = reach("####\n#.##\n##@#\n####\n", Pos::new(1, 1), 10);
        assert_eq!(sound.distance_to(Pos::new(2, 2)), None);
    }
}
