//! The smoothed path drawn as what string pulling made it: straight strokes
//! between waypoints. The engine returns the pulled path cell by cell (each
//! stretch a grid line), and a stroke through every cell centre would draw those
//! lines as staircases; here each run of cells lying within half a cell of one
//! straight segment, as a grid line's cells do, is drawn as that segment.
//!
//! It only chooses which cells a stroke passes through, never moves one: every
//! cell of the path stays within half a cell of the drawn line.

use gridpath::Pos;

use super::scene::Point;

/// How far (in cells) a cell may lie from the segment drawn over it: a grid
/// line's cells lie at most half a cell from the exact line.
const HALF_CELL: f64 = 0.5 + 1e-9;

/// The cells of `path` a stroke bends at: its first and last cell, and from each
/// kept cell the furthest later cell such that every cell between lies within half
/// a cell of the straight segment joining the two.
#[must_use]
pub fn corners(path: &[Pos]) -> Vec<Pos> {
    let Some(&first) = path.first() else {
        return Vec::new();
    };
    let mut kept = vec![first];
    let mut anchor = 0;
    while anchor + 1 < path.len() {
        let mut end = anchor + 1;
        for candidate in anchor + 2..path.len() {
            let fits = path[anchor + 1..candidate]
                .iter()
                .all(|&cell| distance_to_segment(cell, path[anchor], path[candidate]) <= HALF_CELL);
            if !fits {
                break;
            }
            end = candidate;
        }
        kept.push(path[end]);
        anchor = end;
    }
    kept
}

/// How far the centre of `cell` is from the segment `from`-`to`, in cells.
fn distance_to_segment(cell: Pos, from: Pos, to: Pos) -> f64 {
    let point = |pos: Pos| Point {
        x: f64::from(pos.x),
        y: f64::from(pos.y),
    };
    point(cell).distance_to_segment(point(from), point(to))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cells(list: &[(i32, i32)]) -> Vec<Pos> {
        list.iter().map(|&(x, y)| Pos::new(x, y)).collect()
    }

    #[test]
    fn a_grid_line_is_one_stroke() {
        let line = cells(&[(0, 0), (1, 0), (2, 1), (3, 1), (4, 2), (5, 2), (6, 3)]);
        assert_eq!(corners(&line), cells(&[(0, 0), (6, 3)]));
    }

    #[test]
    fn a_turn_is_kept() {
        let elbow = cells(&[(0, 0), (1, 0), (2, 0), (2, 1), (2, 2)]);
        assert_eq!(corners(&elbow), cells(&[(0, 0), (2, 0), (2, 2)]));
    }

    #[test]
    fn every_cell_stays_within_half_a_cell_of_its_stroke() {
        let path = cells(&[
            (0, 0),
            (1, 1),
            (2, 1),
            (3, 1),
            (4, 2),
            (4, 3),
            (4, 4),
            (3, 5),
            (2, 5),
        ]);
        let kept = corners(&path);
        assert_eq!(kept.first(), path.first());
        assert_eq!(kept.last(), path.last());
        for cell in &path {
            let near = kept
                .windows(2)
                .any(|pair| distance_to_segment(*cell, pair[0], pair[1]) <= HALF_CELL);
            assert!(near, "{cell} is off every stroke of {kept:?}");
        }
        assert!(kept.len() < path.len());
    }

    #[test]
    fn short_paths_are_kept_whole() {
        assert!(corners(&[]).is_empty());
        assert_eq!(corners(&cells(&[(3, 3)])), cells(&[(3, 3)]));
        assert_eq!(corners(&cells(&[(3, 3), (4, 4)])), cells(&[(3, 3), (4, 4)]));
    }
}
