//! A picture as a list of simple shapes in pixel coordinates, painted in order:
//! what the layout produces and both writers consume, so the SVG and the PNG
//! show the same thing.
//!
//! It must never know about searches or levels, nor about a file format.

use super::cell_layer::CellLayer;
use super::colour::Rgb;

/// A point in pixels, (0, 0) the picture's top-left corner.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Point {
    pub x: f64,
    pub y: f64,
}

impl Point {
    /// How far this point is from the segment `from`-`to`.
    #[must_use]
    pub fn distance_to_segment(self, from: Point, to: Point) -> f64 {
        let (dx, dy) = (to.x - from.x, to.y - from.y);
        let length_squared = dx * dx + dy * dy;
        // Where the nearest point lies along the segment, 0 at `from`, 1 at `to`.
        let along = if length_squared > 0.0 {
            (((self.x - from.x) * dx + (self.y - from.y) * dy) / length_squared).clamp(0.0, 1.0)
        } else {
            0.0
        };
        (self.x - (from.x + along * dx)).hypot(self.y - (from.y + along * dy))
    }
}

/// Connected straight segments of one colour and width, with round joins and ends.
#[derive(Debug, Clone, PartialEq)]
pub struct Polyline {
    /// What the line shows, one word (the SVG element's class).
    pub name: &'static str,
    pub points: Vec<Point>,
    pub colour: Rgb,
    pub width: f64,
}

/// The form of a [`Marker`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MarkerForm {
    Disc,
    Square,
}

/// A filled disc or square with an outline, centred on a point.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Marker {
    /// What the marker shows, one word (the SVG element's class).
    pub name: &'static str,
    pub centre: Point,
    /// Half the marker's side or diameter, outline included.
    pub radius: f64,
    pub form: MarkerForm,
    pub fill: Rgb,
    pub outline: Rgb,
    pub outline_width: f64,
}

/// One line of text; `top` is the top of its glyphs, `scale` multiplies the
/// 8-pixel bitmap glyphs (see [`bitmap_font`](super::bitmap_font)).
#[derive(Debug, Clone, PartialEq)]
pub struct Label {
    pub left: u32,
    pub top: u32,
    pub scale: u32,
    pub colour: Rgb,
    pub text: String,
}

/// A filled axis-aligned rectangle in pixels.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Block {
    pub left: u32,
    pub top: u32,
    pub width: u32,
    pub height: u32,
    pub fill: Rgb,
}

/// One thing to paint.
#[derive(Debug, Clone, PartialEq)]
pub enum Shape {
    Cells(CellLayer),
    Block(Block),
    Line(Polyline),
    Marker(Marker),
    Text(Label),
}

/// A whole picture: its size, its background, and its shapes, painted in order
/// (later shapes cover earlier ones).
#[derive(Debug, Clone, PartialEq)]
pub struct Scene {
    pub width: u32,
    pub height: u32,
    pub background: Rgb,
    pub shapes: Vec<Shape>,
}

impl Scene {
    /// The cell layers named `name`, in painting order.
    pub fn cell_layers<'a>(&'a self, name: &'a str) -> impl Iterator<Item = &'a CellLayer> + 'a {
        self.shapes.iter().filter_map(move |shape| match shape {
            Shape::Cells(layer) if layer.name == name => Some(layer),
            _ => None,
        })
    }

    /// The text of every label, in painting order.
    pub fn texts(&self) -> impl Iterator<Item = &str> {
        self.shapes.iter().filter_map(|shape| match shape {
            Shape::Text(label) => Some(label.text.as_str()),
            _ => None,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn distances_to_a_segment_are_to_its_nearest_point() {
        let (from, to) = (Point { x: 0.0, y: 0.0 }, Point { x: 4.0, y: 0.0 });
        let distance = |x, y| Point { x, y }.distance_to_segment(from, to);
        assert_eq!(distance(2.0, 3.0), 3.0, "beside the middle");
        assert_eq!(distance(7.0, 4.0), 5.0, "past the end: to the end");
        assert_eq!(distance(-3.0, 0.0), 3.0, "before the start");
        assert_eq!(
            Point { x: 3.0, y: 4.0 }.distance_to_segment(from, from),
            5.0
        );
    }
}
