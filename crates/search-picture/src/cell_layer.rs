//! A layer of coloured map cells (terrain, closed cells, the frontier), and its
//! merging into few rectangles: equal colours along a row become one run, and
//! equal runs in the rows below grow it into a rectangle. A 512x512 map is
//! then a few thousand rectangles instead of a quarter of a million cells,
//! which keeps the SVG small.
//!
//! It must never decide colours (the layout does) nor write any format.

use gridpath::{GridShape, Pos};

use super::colour::Rgb;

/// Cells of one map, each coloured or left transparent, drawn `cell_size` pixels a
/// side with the top-left cell at `origin`.
#[derive(Debug, Clone, PartialEq)]
pub struct CellLayer {
    /// What the layer shows, one word (the SVG group's class).
    pub name: &'static str,
    /// Pixel position of the top-left corner of cell (0, 0).
    pub origin: (u32, u32),
    /// Pixels per cell side.
    pub cell_size: u32,
    width: usize,
    height: usize,
    cells: Vec<Option<Rgb>>,
}

/// Cells of one colour that form a rectangle, in cells.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CellRect {
    pub x: usize,
    pub y: usize,
    pub width: usize,
    pub height: usize,
    pub colour: Rgb,
}

impl CellLayer {
    /// A transparent `width x height` layer.
    #[must_use]
    pub fn new(
        name: &'static str,
        origin: (u32, u32),
        cell_size: u32,
        width: usize,
        height: usize,
    ) -> Self {
        Self {
            name,
            origin,
            cell_size,
            width,
            height,
            cells: vec![None; width * height],
        }
    }

    /// Columns of cells.
    #[must_use]
    pub fn width(&self) -> usize {
        self.width
    }

    /// Rows of cells.
    #[must_use]
    pub fn height(&self) -> usize {
        self.height
    }

    fn index(&self, pos: Pos) -> Option<usize> {
        GridShape::new(self.width, self.height).index(pos)
    }

    /// Whether `other` shows the same cells at the same size, wherever it is drawn
    /// (two panels over one level share their terrain unless fog differs).
    #[must_use]
    pub fn looks_like(&self, other: &CellLayer) -> bool {
        self.name == other.name
            && self.cell_size == other.cell_size
            && self.width == other.width
            && self.height == other.height
            && self.cells == other.cells
    }

    /// Colours the cell at `pos`; a cell outside the layer is ignored.
    pub fn paint(&mut self, pos: Pos, colour: Rgb) {
        if let Some(cell) = self.index(pos).and_then(|i| self.cells.get_mut(i)) {
            *cell = Some(colour);
        }
    }

    /// The colour of the cell at `pos` (`None`: transparent or outside).
    #[must_use]
    pub fn colour_at(&self, pos: Pos) -> Option<Rgb> {
        self.index(pos)
            .and_then(|i| self.cells.get(i).copied().flatten())
    }

    /// How many cells are coloured.
    #[must_use]
    pub fn painted_count(&self) -> usize {
        self.cells.iter().flatten().count()
    }

    /// Whether every cell is coloured (so a writer may lay one colour under all).
    #[must_use]
    pub fn is_opaque(&self) -> bool {
        self.cells.iter().all(Option::is_some)
    }

    /// The colour covering the most cells, the first in colour order on a tie.
    #[must_use]
    pub fn most_common_colour(&self) -> Option<Rgb> {
        let mut counts = std::collections::BTreeMap::new();
        for colour in self.cells.iter().flatten() {
            *counts.entry(*colour).or_insert(0usize) += 1;
        }
        counts
            .into_iter()
            .max_by(|a, b| a.1.cmp(&b.1).then(b.0.cmp(&a.0)))
            .map(|(colour, _)| colour)
    }

    /// The coloured cells as rectangles of one colour, covering each coloured cell
    /// exactly once, in the order their top rows appear.
    #[must_use]
    pub fn rectangles(&self) -> Vec<CellRect> {
        let mut done: Vec<CellRect> = Vec::new();
        // Rectangles that reached the previous row and may grow into this one,
        // keyed by their run (x, width, colour).
        let mut growing: Vec<CellRect> = Vec::new();
        for (y, row) in self.cells.chunks(self.width.max(1)).enumerate() {
            let mut next_growing = Vec::new();
            for (x, width, colour) in runs(row) {
                let above = growing
                    .iter()
                    .position(|r| r.x == x && r.width == width && r.colour == colour);
                match above {
                    Some(index) => {
                        let mut rect = growing.swap_remove(index);
                        rect.height += 1;
                        next_growing.push(rect);
                    }
                    None => next_growing.push(CellRect {
                        x,
                        y,
                        width,
                        height: 1,
                        colour,
                    }),
                }
            }
            done.append(&mut growing);
            growing = next_growing;
        }
        done.append(&mut growing);
        done.sort_by_key(|r| (r.y, r.x));
        done
    }
}

/// The runs of equal colour in one row: (first column, length, colour).
fn runs(row: &[Option<Rgb>]) -> Vec<(usize, usize, Rgb)> {
    let mut runs: Vec<(usize, usize, Rgb)> = Vec::new();
    for (x, cell) in row.iter().enumerate() {
        let Some(colour) = *cell else { continue };
        match runs.last_mut() {
            Some((start, length, last)) if *last == colour && *start + *length == x => {
                *length += 1;
            }
            _ => runs.push((x, 1, colour)),
        }
    }
    runs
}

#[cfg(test)]
mod tests {
    use super::*;

    const RED: Rgb = Rgb::hex(0xff0000);
    const BLUE: Rgb = Rgb::hex(0x0000ff);

    /// A layer drawn from text: `r` red, `b` blue, anything else transparent.
    fn layer(rows: &str) -> CellLayer {
        let lines: Vec<&str> = rows.lines().collect();
        let width = lines.first().map_or(0, |l| l.len());
        let mut layer = CellLayer::new("test", (0, 0), 1, width, lines.len());
        for (y, line) in lines.iter().enumerate() {
            for (x, c) in line.chars().enumerate() {
                let pos = Pos::new(x as i32, y as i32);
                match c {
                    'r' => layer.paint(pos, RED),
                    'b' => layer.paint(pos, BLUE),
                    _ => {}
                }
            }
        }
        layer
    }

    /// Every coloured cell of `layer` is covered by exactly one rectangle of its colour.
    fn assert_exact_cover(layer: &CellLayer) {
        let mut covered = vec![0u32; layer.width() * layer.height()];
        for rect in layer.rectangles() {
            for y in rect.y..rect.y + rect.height {
                for x in rect.x..rect.x + rect.width {
                    let pos = Pos::new(x as i32, y as i32);
                    assert_eq!(layer.colour_at(pos), Some(rect.colour), "{pos}");
                    covered[y * layer.width() + x] += 1;
                }
            }
        }
        for (i, count) in covered.iter().enumerate() {
            let expected = u32::from(layer.cells[i].is_some());
            assert_eq!(*count, expected, "cell {i}");
        }
    }

    #[test]
    fn equal_runs_in_following_rows_merge_into_one_rectangle() {
        let layer = layer("rrr.b\nrrr.b\nrr..b\n");
        let rects = layer.rectangles();
        assert_eq!(
            rects,
            vec![
                CellRect {
                    x: 0,
                    y: 0,
                    width: 3,
                    height: 2,
                    colour: RED
                },
                CellRect {
                    x: 4,
                    y: 0,
                    width: 1,
                    height: 3,
                    colour: BLUE
                },
                CellRect {
                    x: 0,
                    y: 2,
                    width: 2,
                    height: 1,
                    colour: RED
                },
            ]
        );
        assert_exact_cover(&layer);
    }

    #[test]
    fn a_checkerboard_covers_every_cell_once() {
        let layer = layer("rbrb.\nbrbr.\n.rrbb\nbbbbb\n");
        assert_exact_cover(&layer);
        assert_eq!(layer.painted_count(), 17);
        assert!(!layer.is_opaque());
    }

    #[test]
    fn the_most_common_colour_wins_and_ties_go_to_the_lower_colour() {
        assert_eq!(layer("rrb\nbbr\n").most_common_colour(), Some(BLUE));
        assert_eq!(layer("rrb\nbbb\n").most_common_colour(), Some(BLUE));
        assert_eq!(layer("rrr\nrbb\n").most_common_colour(), Some(RED));
        assert_eq!(layer("...\n").most_common_colour(), None);
        assert!(layer("rb\nbr\n").is_opaque());
    }

    #[test]
    fn layers_look_alike_by_their_cells_not_their_place() {
        let here = layer("rb\nbr\n");
        let mut there = here.clone();
        there.origin = (100, 0);
        assert!(here.looks_like(&there));
        there.paint(Pos::new(0, 0), BLUE);
        assert!(!here.looks_like(&there));
    }

    #[test]
    fn painting_outside_the_layer_is_ignored() {
        let mut layer = CellLayer::new("test", (0, 0), 1, 2, 2);
        layer.paint(Pos::new(2, 0), RED);
        layer.paint(Pos::new(-1, 1), RED);
        assert_eq!(layer.painted_count(), 0);
        assert_eq!(layer.colour_at(Pos::new(5, 5)), None);
    }
}
