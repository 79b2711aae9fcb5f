//! Rooms and corridors: binary space partitioning carves rooms, roads link them, and
//! doors mark where a road enters a room.
//!
//! Splits the map into leaves, puts one room in each, joins the two halves of every
//! split with an L-shaped road, and adds a few extra roads for loops (so there is more
//! than one way round). It must never paint terrain, place the start or the stairs, or
//! touch a global RNG: all randomness comes from the caller's RNG.

use rand::{Rng, RngExt};
use serde::Deserialize;

use super::level::pos_from_usize;
use super::{Level, Pos, Terrain};

/// Cells between a room and the edge of its leaf (the wall left between rooms).
const LEAF_MARGIN: usize = 1;
/// How many rooms ahead (in partition order, so nearby) a loop road may reach.
const LOOP_SEARCH: usize = 6;

/// Parameters of the rooms generator (`[generator.rooms]` in a level file).
#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct RoomsParams {
    /// Smallest room side, in floor cells.
    pub min_room: usize,
    /// Largest room side, in floor cells.
    pub max_room: usize,
    /// Chance (0 to 1) that a room gets an extra road to a nearby room, making loops.
    pub loops: f64,
    /// Chance (0 to 1) that a road entering a room through its wall gets a door.
    pub doors: f64,
    /// Chance (0 to 1) that a door starts closed.
    pub closed_doors: f64,
}

impl Default for RoomsParams {
    fn default() -> Self {
        Self {
            min_room: 4,
            max_room: 10,
            loops: 0.3,
            doors: 0.7,
            closed_doors: 0.5,
        }
    }
}

/// A room's floor rectangle.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Room {
    /// Left column of the floor.
    pub x: usize,
    /// Top row of the floor.
    pub y: usize,
    /// Floor columns.
    pub width: usize,
    /// Floor rows.
    pub height: usize,
}

impl Room {
    /// The middle cell of the floor.
    #[must_use]
    pub(crate) fn center(&self) -> Pos {
        pos_from_usize(self.x + self.width / 2, self.y + self.height / 2)
    }

    fn distance_sq(&self, other: Pos) -> u64 {
        let c = self.center();
        let dx = u64::from(c.x.abs_diff(other.x));
        let dy = u64::from(c.y.abs_diff(other.y));
        dx * dx + dy * dy
    }
}

/// A rectangle of the partition.
#[derive(Debug, Clone, Copy)]
struct Leaf {
    x: usize,
    y: usize,
    width: usize,
    height: usize,
}

/// A uniform pick in `lo..=hi`, or `lo` when the range is empty.
fn pick(rng: &mut impl Rng, lo: usize, hi: usize) -> usize {
    if hi > lo {
        rng.random_range(lo..=hi)
    } else {
        lo
    }
}

/// Carver state shared by the recursion.
struct Carver<'a, R: Rng> {
    level: &'a mut Level,
    params: &'a RoomsParams,
    rng: &'a mut R,
    rooms: Vec<Room>,
    in_room: Vec<bool>,
}

impl<R: Rng> Carver<'_, R> {
    /// Partitions `leaf`, carves its rooms and joins its halves; returns the range of
    /// room indices inside it (rooms are pushed in partition order, so it is contiguous).
    fn split(&mut self, leaf: Leaf) -> std::ops::Range<usize> {
        let min_leaf = self.params.min_room + 2 * LEAF_MARGIN;
        let max_leaf = self.params.max_room + 2 * LEAF_MARGIN;
        let can_cut_x = leaf.width >= 2 * min_leaf;
        let can_cut_y = leaf.height >= 2 * min_leaf;
        let wants_cut = leaf.width > max_leaf || leaf.height > max_leaf;
        if !wants_cut || !(can_cut_x || can_cut_y) {
            return self.carve_room(leaf);
        }
        // Cut across the longer side so leaves stay roughly square.
        let cut_x = can_cut_x && (!can_cut_y || leaf.width >= leaf.height);
        let (first, second) = if cut_x {
            let at = pick(self.rng, min_leaf, leaf.width - min_leaf);
            (
                Leaf { width: at, ..leaf },
                Leaf {
                    x: leaf.x + at,
                    width: leaf.width - at,
                    ..leaf
                },
            )
        } else {
            let at = pick(self.rng, min_leaf, leaf.height - min_leaf);
            (
                Leaf { height: at, ..leaf },
                Leaf {
                    y: leaf.y + at,
                    height: leaf.height - at,
                    ..leaf
                },
            )
        };
        let left = self.split(first);
        let right = self.split(second);
        // Join the room of the first half nearest the second half's middle with the
        // room of the second half nearest to it.
        let target = pos_from_usize(second.x + second.width / 2, second.y + second.height / 2);
        if let Some(a) = self.nearest(left.clone(), target)
            && let Some(b) = self.nearest(right.clone(), self.rooms[a].center())
        {
            self.road(self.rooms[a].center(), self.rooms[b].center());
        }
        left.start..right.end
    }

    fn nearest(&self, range: std::ops::Range<usize>, to: Pos) -> Option<usize> {
        range.min_by_key(|&i| self.rooms[i].distance_sq(to))
    }

    fn carve_room(&mut self, leaf: Leaf) -> std::ops::Range<usize> {
        let room_space = |side: usize| side.saturating_sub(2 * LEAF_MARGIN).max(1);
        let max_w = self.params.max_room.min(room_space(leaf.width));
        let max_h = self.params.max_room.min(room_space(leaf.height));
        let width = pick(self.rng, self.params.min_room.min(max_w), max_w);
        let height = pick(self.rng, self.params.min_room.min(max_h), max_h);
        let x = pick(
            self.rng,
            leaf.x + LEAF_MARGIN,
            (leaf.x + leaf.width).saturating_sub(LEAF_MARGIN + width),
        );
        let y = pick(
            self.rng,
            leaf.y + LEAF_MARGIN,
            (leaf.y + leaf.height).saturating_sub(LEAF_MARGIN + height),
        );
        let room = Room {
            x,
            y,
            width,
            height,
        };
        for ry in y..y + height {
            for rx in x..x + width {
                let pos = pos_from_usize(rx, ry);
                if let Some(i) = self.level.index(pos) {
                    self.in_room[i] = true;
                    self.level.set(pos, Terrain::Floor);
                }
            }
        }
        let index = self.rooms.len();
        self.rooms.push(room);
        index..index + 1
    }

    /// An L-shaped road between two cells; room floors it crosses stay floor.
    fn road(&mut self, from: Pos, to: Pos) {
        let bend = if self.rng.random_bool(0.5) {
            Pos::new(to.x, from.y)
        } else {
            Pos::new(from.x, to.y)
        };
        for (a, b) in [(from, bend), (bend, to)] {
            for y in a.y.min(b.y)..=a.y.max(b.y) {
                for x in a.x.min(b.x)..=a.x.max(b.x) {
                    let pos = Pos::new(x, y);
                    if self.level.index(pos).is_some_and(|i| !self.in_room[i]) {
                        self.level.set(pos, Terrain::Road);
                    }
                }
            }
        }
    }

    fn add_loops(&mut self) {
        for i in 0..self.rooms.len() {
            if !self.rng.random_bool(self.params.loops) {
                continue;
            }
            let here = self.rooms[i].center();
            let ahead = (i + 2)..(i + 2 + LOOP_SEARCH).min(self.rooms.len());
            if let Some(j) = self.nearest(ahead, here) {
                self.road(here, self.rooms[j].center());
            }
        }
    }

    /// Puts doors where a road crosses a room's surrounding wall ring.
    fn add_doors(&mut self) {
        for room in self.rooms.clone() {
            // The floor spans `first..past` on each axis; the wall ring lies just outside.
            let first = pos_from_usize(room.x, room.y);
            let past = pos_from_usize(room.x + room.width, room.y + room.height);
            let (left, top, right, bottom) = (first.x - 1, first.y - 1, past.x, past.y);
            let horizontal = (first.x..right).flat_map(|x| [(x, top), (x, bottom)]);
            let vertical = (first.y..bottom).flat_map(|y| [(left, y), (right, y)]);
            for (x, y) in horizontal.chain(vertical) {
                self.maybe_door(x, y, y == top || y == bottom);
            }
        }
    }

    fn maybe_door(&mut self, x: i32, y: i32, on_horizontal_side: bool) {
        if self.level.terrain_at(Pos::new(x, y)) != Some(Terrain::Road) {
            return;
        }
        // A road cell is on the level, so its neighbours' coordinates cannot overflow.
        let is_wall = |x: i32, y: i32| self.level.terrain_at(Pos::new(x, y)) == Some(Terrain::Wall);
        let framed = if on_horizontal_side {
            is_wall(x - 1, y) && is_wall(x + 1, y)
        } else {
            is_wall(x, y - 1) && is_wall(x, y + 1)
        };
        if framed && self.rng.random_bool(self.params.doors) {
            let door = if self.rng.random_bool(self.params.closed_doors) {
                Terrain::ClosedDoor
            } else {
                Terrain::OpenDoor
            };
            self.level.set(Pos::new(x, y), door);
        }
    }
}

/// Carves rooms, roads and doors into `level` (inside its outer ring, which stays as it
/// is) and returns the rooms in partition order. Cells outside rooms and roads are left
/// untouched, so this can run over a cave (the "mix" generator).
pub(crate) fn carve_rooms(
    level: &mut Level,
    params: &RoomsParams,
    rng: &mut impl Rng,
) -> Vec<Room> {
    let (width, height) = (level.width(), level.height());
    if width < 3 || height < 3 {
        return Vec::new();
    }
    let in_room = vec![false; width * height];
    let mut carver = Carver {
        level,
        params,
        rng,
        rooms: Vec::new(),
        in_room,
    };
    carver.split(Leaf {
        x: 1,
        y: 1,
        width: width - 2,
        height: height - 2,
    });
    carver.add_loops();
    carver.add_doors();
    carver.rooms
}

#[cfg(test)]
mod tests {
    use rand::SeedableRng;
    use rand_chacha::ChaCha8Rng;

    use super::*;
    use crate::world::connectivity;

    #[test]
    fn rooms_are_carved_inside_the_border_and_all_linked() {
        let mut level = Level::filled(60, 30, Terrain::Wall);
        let mut rng = ChaCha8Rng::seed_from_u64(7);
        let rooms = carve_rooms(&mut level, &RoomsParams::default(), &mut rng);
        assert!(rooms.len() >= 4, "only {} rooms", rooms.len());
        for x in 0..60 {
            assert_eq!(level.terrain_at(Pos::new(x, 0)), Some(Terrain::Wall));
            assert_eq!(level.terrain_at(Pos::new(x, 29)), Some(Terrain::Wall));
        }
        let reach = connectivity::reachable(&level, rooms[0].center());
        for room in &rooms {
            assert!(
                level.index(room.center()).is_some_and(|i| reach[i]),
                "room {room:?} not linked"
            );
        }
        assert!(level.cells().contains(&Terrain::Road));
    }

    #[test]
    fn same_seed_same_rooms() {
        let carve = |seed| {
            let mut level = Level::filled(80, 40, Terrain::Wall);
            let mut rng = ChaCha8Rng::seed_from_u64(seed);
            carve_rooms(&mut level, &RoomsParams::default(), &mut rng);
            level
        };
        assert_eq!(carve(3), carve(3));
        assert_ne!(carve(3), carve(4));
    }
}
