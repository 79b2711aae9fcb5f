//! Connectivity: flood fills over walkable cells, and the pass that joins or fills
//! pockets so that every walkable cell of a generated level is reachable from the start.
//!
//! "Walkable" means passable for the default [`CostProfile`](super::CostProfile): walls
//! and deep water are not walkable, closed doors are. Fills are 4-connected, which is
//! exactly reachability for 8-connected movement without corner cutting (a diagonal
//! step needs both orthogonal cells open). This module must never pick where things
//! go (start, stairs, spawns): it only answers "can you get there" and fixes "you can't".

use std::collections::VecDeque;

use super::{Level, Pos, Terrain};
use gridpath::GridShape;

/// Marks a cell not reached by a fill.
pub const UNREACHED: u32 = u32::MAX;
const NO_PARENT: usize = usize::MAX;

/// Whether a default traveller can stand on `terrain`.
#[must_use]
#[inline]
pub fn is_walkable(terrain: Terrain) -> bool {
    terrain.is_passable()
}

/// The in-bounds 4-neighbours of a row-major index.
fn neighbours(index: usize, width: usize, height: usize) -> impl Iterator<Item = usize> {
    let (x, y) = GridShape::new(width, height).column_row(index);
    let left = (x > 0).then(|| index - 1);
    let right = (x + 1 < width).then(|| index + 1);
    let up = (y > 0).then(|| index - width);
    let down = (y + 1 < height).then(|| index + width);
    [left, right, up, down].into_iter().flatten()
}

/// Step counts (4-connected) from `from` to every walkable cell; [`UNREACHED`] elsewhere.
/// A non-walkable `from` reaches nothing but itself.
#[must_use]
pub fn step_distances(level: &Level, from: Pos) -> Vec<u32> {
    let (width, height) = (level.width(), level.height());
    let cells = level.cells();
    let mut dist = vec![UNREACHED; cells.len()];
    let Some(origin) = level.index(from) else {
        return dist;
    };
    dist[origin] = 0;
    // Breadth first: a cell is queued once at most, so the queue is a
    // list read from the front, its room taken once.
    let mut queue = Vec::with_capacity(cells.len());
    queue.push(origin);
    let mut next = 0;
    while let Some(&i) = queue.get(next) {
        next += 1;
        for n in neighbours(i, width, height) {
            if dist[n] == UNREACHED && is_walkable(cells[n]) {
                dist[n] = dist[i] + 1;
                queue.push(n);
            }
        }
    }
    dist
}

#[must_use]
pub fn reachable(level: &Level, from: Pos) -> Vec<bool> {
    step_distances(level, from)
        .into_iter()
        .map(|d| d != UNREACHED)
        .collect()
}

/// Labels each walkable cell with its component (connected region) number, numbered in
/// reading order of each region's first cell; [`UNREACHED`] for the rest. Returns the
/// labels (row-major, like [`Level::cells`]) and each component's size.
///
/// Two passes in reading order (the classic component labelling): the first
/// gives each walkable cell its west or north neighbour's provisional label,
/// joining the two in a union-find where they differ; the second numbers the
/// joined labels in order of first cell. Sequential reads, where a flood
/// fill's were scattered (a million cells on a 1024x1024 level).
#[must_use]
pub(crate) fn label_components(level: &Level) -> (Vec<u32>, Vec<usize>) {
    label_components_where(level, is_walkable)
}

/// [`label_components`] for a traveller that can stand only where `passable` says,
/// such as one to whom a closed door is a wall.
#[must_use]
pub(crate) fn label_components_where(
    level: &Level,
    passable: impl Fn(Terrain) -> bool,
) -> (Vec<u32>, Vec<usize>) {
    let width = level.width();
    let cells = level.cells();
    let mut label = vec![UNREACHED; cells.len()];
    // Union-find over provisional labels; a label's parent is never above it.
    let mut parent: Vec<u32> = Vec::new();
    for (i, &terrain) in cells.iter().enumerate() {
        if !passable(terrain) {
            continue;
        }
        let west = if i % width == 0 {
            UNREACHED
        } else {
            label[i - 1]
        };
        let north = if i < width {
            UNREACHED
        } else {
            label[i - width]
        };
        label[i] = match (west, north) {
            (UNREACHED, UNREACHED) => {
                let new = u32::try_from(parent.len()).unwrap_or(UNREACHED - 1);
                parent.push(new);
                new
            }
            (own, UNREACHED) | (UNREACHED, own) => own,
            (own, other) => {
                if own != other {
                    let (a, b) = (root(&mut parent, own), root(&mut parent, other));
                    parent[a.max(b) as usize] = a.min(b);
                }
                own
            }
        };
    }
    // Every label straight to its root (parents below, so in one upward
    // pass), then roots numbered in order of first cell.
    for l in 0..parent.len() {
        parent[l] = parent[parent[l] as usize];
    }
    let mut number = vec![UNREACHED; parent.len()];
    let mut sizes = Vec::new();
    for l in &mut label {
        if *l == UNREACHED {
            continue;
        }
        let root = parent[*l as usize] as usize;
        if number[root] == UNREACHED {
            number[root] = u32::try_from(sizes.len()).unwrap_or(UNREACHED - 1);
            sizes.push(0);
        }
        *l = number[root];
        sizes[*l as usize] += 1;
    }
    (label, sizes)
}

/// The root of a provisional label, halving the path on the way.
fn root(parent: &mut [u32], mut label: u32) -> u32 {
    while parent[label as usize] != label {
        let grandparent = parent[parent[label as usize] as usize];
        parent[label as usize] = grandparent;
        label = grandparent;
    }
    label
}

fn carved(terrain: Terrain) -> Terrain {
    match terrain {
        Terrain::DeepWater => Terrain::ShallowWater,
        _ => Terrain::Floor,
    }
}

/// Makes every walkable cell reachable from `level.start`: pockets smaller than
/// `min_pocket_size` cells are filled with wall, larger ones are joined to the start's
/// region by digging the shortest tunnel (a breadth-first search from the reached
/// region through rock and deep water). The outermost ring of cells is never dug.
/// If the start itself is not walkable it becomes floor first.
pub(crate) fn connect_pockets(level: &mut Level, min_pocket_size: usize) {
    let (width, height) = (level.width(), level.height());
    let Some(start) = level.index(level.start) else {
        return;
    };
    if !is_walkable(level.cells()[start]) {
        level.cells_mut()[start] = Terrain::Floor;
    }
    let (label, sizes) = label_components(level);
    let main = label[start];
    for (i, cell) in level.cells_mut().iter_mut().enumerate() {
        let id = label[i];
        if id != UNREACHED && id != main && sizes[id as usize] < min_pocket_size {
            *cell = Terrain::Wall;
        }
    }

    let shape = level.shape();
    let on_border = |i: usize| {
        let (x, y) = shape.column_row(i);
        x == 0 || y == 0 || x + 1 == width || y + 1 == height
    };
    let mut reached: Vec<bool> = label.iter().map(|&id| id == main).collect();
    let mut visited = reached.clone();
    let mut parent = vec![NO_PARENT; reached.len()];
    // Each cell is queued once at most: its room is taken once.
    let mut queue: VecDeque<usize> = VecDeque::with_capacity(reached.len());
    queue.extend((0..reached.len()).filter(|&i| reached[i]));
    let mut fill = Vec::new();
    while let Some(i) = queue.pop_front() {
        for n in neighbours(i, width, height) {
            if visited[n] {
                continue;
            }
            visited[n] = true;
            if !is_walkable(level.cells()[n]) {
                if !on_border(n) {
                    parent[n] = i;
                    queue.push_back(n);
                }
                continue;
            }
            // A pocket: dig back to the reached region, then take the pocket in.
            let mut dig = i;
            while !reached[dig] {
                reached[dig] = true;
                let cell = &mut level.cells_mut()[dig];
                *cell = carved(*cell);
                dig = parent[dig];
            }
            reached[n] = true;
            fill.push(n);
            while let Some(p) = fill.pop() {
                queue.push_back(p);
                for m in neighbours(p, width, height) {
                    if !reached[m] && is_walkable(level.cells()[m]) {
                        reached[m] = true;
                        visited[m] = true;
                        fill.push(m);
                    }
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use rand::{RngExt, SeedableRng};
    use rand_chacha::ChaCha8Rng;

    use super::*;
    use crate::world::level;

    /// Labels by flood fill from each unlabelled walkable cell in reading
    /// order: the definition `label_components` must match.
    fn flood_labels(level: &Level) -> (Vec<u32>, Vec<usize>) {
        let (width, height) = (level.width(), level.height());
        let cells = level.cells();
        let mut label = vec![UNREACHED; cells.len()];
        let mut sizes = Vec::new();
        for seed in 0..cells.len() {
            if label[seed] != UNREACHED || !is_walkable(cells[seed]) {
                continue;
            }
            let id = sizes.len() as u32;
            let mut stack = vec![seed];
            label[seed] = id;
            let mut size = 0;
            while let Some(i) = stack.pop() {
                size += 1;
                for n in neighbours(i, width, height) {
                    if label[n] == UNREACHED && is_walkable(cells[n]) {
                        label[n] = id;
                        stack.push(n);
                    }
                }
            }
            sizes.push(size);
        }
        (label, sizes)
    }

    #[test]
    fn components_are_labelled_as_a_flood_fill_labels_them() {
        let mut rng = ChaCha8Rng::seed_from_u64(300);
        for case in 0..300 {
            let (width, height) = (rng.random_range(1..=30), rng.random_range(1..=30));
            let walls = rng.random_range(0..80);
            let mut map = Level::filled(width, height, Terrain::Floor);
            for y in 0..height {
                for x in 0..width {
                    if rng.random_range(0..100) < walls {
                        map.set(Pos::new(x as i32, y as i32), Terrain::Wall);
                    }
                }
            }
            assert_eq!(label_components(&map), flood_labels(&map), "case {case}");
        }
    }

    fn level(text: &str) -> Level {
        level::text::parse(text).expect("valid fixture")
    }

    #[test]
    fn distances_walk_around_walls_and_deep_water() {
        let map = level(
            "\
#######
#@.#..#
#.W#..#
#.....#
#######
",
        );
        let dist = step_distances(&map, map.start);
        let at = |x, y| map.index(Pos::new(x, y)).map(|i| dist[i]);
        assert_eq!(at(4, 1), Some(7));
        assert_eq!(at(2, 2), Some(UNREACHED));
        assert_eq!(at(3, 1), Some(UNREACHED));
        assert!(
            step_distances(&map, Pos::new(-1, 1))
                .iter()
                .all(|&d| d == UNREACHED)
        );
    }

    #[test]
    fn pockets_are_joined_or_filled() {
        let mut map = level(
            "\
##########
#@..#....#
#...#....#
#####WW###
#.#..W...#
##########
",
        );
        connect_pockets(&mut map, 2);
        let reach = reachable(&map, map.start);
        for (pos, (&t, &reached)) in map.positions().zip(map.cells().iter().zip(&reach)) {
            assert_eq!(is_walkable(t), reached, "cell {pos} walkable but unreached");
        }
        // The one-cell pocket at (1, 4) is filled, the bigger ones are dug or forded to.
        assert_eq!(map.terrain_at(Pos::new(1, 4)), Some(Terrain::Wall));
        assert_eq!(
            level::text::render(&map),
            "\
##########
#@.......#
#...#....#
###.#W~###
###..W...#
##########
"
        );
    }
}
