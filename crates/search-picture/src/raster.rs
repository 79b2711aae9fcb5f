//! A [`Scene`] painted into an RGBA pixel buffer, for the PNG writer.
//!
//! Plain, unsmoothed painting (a pixel is inside a shape or not, judged at its
//! centre): map cells are exact squares, so the picture stays crisp and its
//! flat colours compress well. It must never encode a file format.

use super::bitmap_font::{GLYPH_SIDE, glyph};
use super::colour::Rgb;
use super::scene::{Block, Label, Marker, MarkerForm, Point, Polyline, Scene, Shape};

/// Bytes per pixel: red, green, blue, alpha.
pub const BYTES_PER_PIXEL: usize = 4;

/// An RGBA image, row-major, top row first.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Canvas {
    width: u32,
    height: u32,
    pixels: Vec<u8>,
}

impl Canvas {
    /// `scene` painted.
    #[must_use]
    pub fn paint(scene: &Scene) -> Self {
        let mut canvas = Self::filled(scene.width, scene.height, scene.background);
        for shape in &scene.shapes {
            match shape {
                Shape::Cells(layer) => {
                    for rect in layer.rectangles() {
                        let to_pixels = |cells: usize| {
                            u32::try_from(cells)
                                .unwrap_or(u32::MAX)
                                .saturating_mul(layer.cell_size)
                        };
                        canvas.fill_block(&Block {
                            left: layer.origin.0.saturating_add(to_pixels(rect.x)),
                            top: layer.origin.1.saturating_add(to_pixels(rect.y)),
                            width: to_pixels(rect.width),
                            height: to_pixels(rect.height),
                            fill: rect.colour,
                        });
                    }
                }
                Shape::Block(block) => canvas.fill_block(block),
                Shape::Line(line) => canvas.stroke(line),
                Shape::Marker(marker) => canvas.mark(marker),
                Shape::Text(label) => canvas.letter(label),
            }
        }
        canvas
    }

    /// A `width x height` canvas of one colour.
    #[must_use]
    pub fn filled(width: u32, height: u32, colour: Rgb) -> Self {
        let count = width as usize * height as usize;
        Self {
            width,
            height,
            pixels: colour.rgba().repeat(count),
        }
    }

    #[must_use]
    pub fn width(&self) -> u32 {
        self.width
    }

    #[must_use]
    pub fn height(&self) -> u32 {
        self.height
    }

    /// The RGBA bytes, row by row.
    #[must_use]
    pub fn rgba(&self) -> &[u8] {
        &self.pixels
    }

    /// The colour at `(x, y)`; `None` outside.
    #[must_use]
    pub fn pixel(&self, x: u32, y: u32) -> Option<Rgb> {
        let at = self.offset(x, y)?;
        let bytes = self.pixels.get(at..at + 3)?;
        Some(Rgb {
            red: bytes[0],
            green: bytes[1],
            blue: bytes[2],
        })
    }

    fn offset(&self, x: u32, y: u32) -> Option<usize> {
        (x < self.width && y < self.height)
            .then(|| (y as usize * self.width as usize + x as usize) * BYTES_PER_PIXEL)
    }

    fn set(&mut self, x: u32, y: u32, colour: Rgb) {
        if let Some(at) = self.offset(x, y)
            && let Some(pixel) = self.pixels.get_mut(at..at + BYTES_PER_PIXEL)
        {
            pixel.copy_from_slice(&colour.rgba());
        }
    }

    fn fill_block(&mut self, block: &Block) {
        let right = block.left.saturating_add(block.width).min(self.width);
        let bottom = block.top.saturating_add(block.height).min(self.height);
        for y in block.top..bottom {
            for x in block.left..right {
                self.set(x, y, block.fill);
            }
        }
    }

    /// Sets every pixel whose centre lies in the box `[left, right] x [top, bottom]`
    /// and satisfies `inside(centre)` to the colour it returns.
    fn fill_where(
        &mut self,
        (left, top, right, bottom): (f64, f64, f64, f64),
        mut inside: impl FnMut(Point) -> Option<Rgb>,
    ) {
        let first = |edge: f64| edge.floor().max(0.0) as u32;
        let (x_end, y_end) = (
            (right.ceil().max(0.0) as u32).min(self.width),
            (bottom.ceil().max(0.0) as u32).min(self.height),
        );
        for y in first(top)..y_end {
            for x in first(left)..x_end {
                let centre = Point {
                    x: f64::from(x) + 0.5,
                    y: f64::from(y) + 0.5,
                };
                if let Some(colour) = inside(centre) {
                    self.set(x, y, colour);
                }
            }
        }
    }

    /// A polyline with round joins and ends: every pixel within half the width
    /// of a segment.
    fn stroke(&mut self, line: &Polyline) {
        let radius = line.width / 2.0;
        let segments: Vec<(Point, Point)> = match line.points.as_slice() {
            [] => Vec::new(),
            [only] => vec![(*only, *only)],
            points => points.windows(2).map(|pair| (pair[0], pair[1])).collect(),
        };
        for (from, to) in segments {
            let area = (
                from.x.min(to.x) - radius,
                from.y.min(to.y) - radius,
                from.x.max(to.x) + radius,
                from.y.max(to.y) + radius,
            );
            self.fill_where(area, |centre| {
                (centre.distance_to_segment(from, to) <= radius).then_some(line.colour)
            });
        }
    }

    /// A disc or square: the fill, ringed by the outline.
    fn mark(&mut self, marker: &Marker) {
        let Point { x, y } = marker.centre;
        let radius = marker.radius;
        let area = (x - radius, y - radius, x + radius, y + radius);
        self.fill_where(area, |centre| {
            let (dx, dy) = ((centre.x - x).abs(), (centre.y - y).abs());
            let distance = match marker.form {
                MarkerForm::Disc => dx.hypot(dy),
                MarkerForm::Square => dx.max(dy),
            };
            if distance > radius {
                None
            } else if distance > radius - marker.outline_width {
                Some(marker.outline)
            } else {
                Some(marker.fill)
            }
        });
    }

    /// Text in the bitmap font, each font pixel a `scale` x `scale` block.
    fn letter(&mut self, label: &Label) {
        let advance = GLYPH_SIDE * label.scale;
        for (index, character) in (0u32..).zip(label.text.chars()) {
            let glyph_left = label.left.saturating_add(index.saturating_mul(advance));
            for (row, bits) in (0u32..).zip(glyph(character)) {
                for column in 0..GLYPH_SIDE {
                    if bits & (1 << column) != 0 {
                        self.fill_block(&Block {
                            left: glyph_left + column * label.scale,
                            top: label.top + row * label.scale,
                            width: label.scale,
                            height: label.scale,
                            fill: label.colour,
                        });
                    }
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const INK: Rgb = Rgb::hex(0x102030);
    const PAPER: Rgb = Rgb::hex(0xffffff);
    const OUTLINE: Rgb = Rgb::hex(0x804020);

    fn scene(shapes: Vec<Shape>) -> Scene {
        Scene {
            width: 40,
            height: 20,
            background: PAPER,
            shapes,
        }
    }

    #[test]
    fn blocks_are_clipped_to_the_canvas() {
        let canvas = Canvas::paint(&scene(vec![Shape::Block(Block {
            left: 30,
            top: 15,
            width: 100,
            height: 100,
            fill: INK,
        })]));
        assert_eq!(canvas.pixel(29, 15), Some(PAPER));
        assert_eq!(canvas.pixel(30, 15), Some(INK));
        assert_eq!(canvas.pixel(39, 19), Some(INK));
        assert_eq!(canvas.pixel(40, 0), None);
        assert_eq!(canvas.rgba().len(), 40 * 20 * BYTES_PER_PIXEL);
    }

    #[test]
    fn a_line_covers_its_width_around_the_segment() {
        let canvas = Canvas::paint(&scene(vec![Shape::Line(Polyline {
            name: "test",
            points: vec![Point { x: 5.0, y: 10.0 }, Point { x: 35.0, y: 10.0 }],
            colour: INK,
            width: 4.0,
        })]));
        assert_eq!(canvas.pixel(20, 8), Some(INK));
        assert_eq!(canvas.pixel(20, 11), Some(INK));
        assert_eq!(canvas.pixel(20, 13), Some(PAPER));
        assert_eq!(canvas.pixel(2, 10), Some(PAPER), "round end, not beyond");
    }

    #[test]
    fn markers_have_an_outline_around_their_fill() {
        let canvas = Canvas::paint(&scene(vec![Shape::Marker(Marker {
            name: "test",
            centre: Point { x: 10.0, y: 10.0 },
            radius: 6.0,
            form: MarkerForm::Square,
            fill: INK,
            outline: OUTLINE,
            outline_width: 1.5,
        })]));
        assert_eq!(canvas.pixel(10, 10), Some(INK));
        assert_eq!(canvas.pixel(4, 4), Some(OUTLINE), "a corner");
        assert_eq!(canvas.pixel(17, 10), Some(PAPER));
    }

    #[test]
    fn text_sets_the_glyph_pixels() {
        let canvas = Canvas::paint(&scene(vec![Shape::Text(Label {
            left: 0,
            top: 0,
            scale: 2,
            colour: INK,
            text: "|".to_owned(),
        })]));
        let inked = (0..16)
            .flat_map(|y| (0..16).map(move |x| (x, y)))
            .filter(|&(x, y)| canvas.pixel(x, y) == Some(INK))
            .count();
        let font_pixels: u32 = glyph('|').iter().map(|row| row.count_ones()).sum();
        assert_eq!(inked, font_pixels as usize * 4);
    }
}
