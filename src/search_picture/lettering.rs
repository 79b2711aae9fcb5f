//! The sizes of text and strokes that the panels and the legend under them share,
//! so a legend swatch draws a path or a marker exactly as the panels do.
//!
//! It holds sizes and the one text shape, never a position on the picture: that is
//! [`layout`](super::layout)'s.

use super::bitmap_font::GLYPH_SIDE;
use super::colour::Rgb;
use super::scene::{Label, Shape};

/// Text is the 8-pixel font doubled: legible on a README page.
pub const TEXT_SCALE: u32 = 2;
/// One line of text with a little air.
pub const LINE_HEIGHT: u32 = GLYPH_SIDE * TEXT_SCALE + 6;

/// The raw path's width in cells, and at least this many pixels.
pub(super) const RAW_PATH_WIDTH: (f64, f64) = (0.6, 4.0);
/// The smoothed path, narrower, drawn over the raw one so both show.
pub(super) const SMOOTHED_PATH_WIDTH: (f64, f64) = (0.2, 1.5);
/// The hierarchy's coarse path: between the raw and the smoothed path's width.
pub(super) const COARSE_PATH_WIDTH: (f64, f64) = (0.35, 2.5);
/// The outline of start and goal markers, in pixels.
pub(super) const MARKER_OUTLINE_WIDTH: f64 = 1.5;

/// A label at `(left, top)`, centred in its line.
pub(super) fn text(left: u32, top: u32, colour: Rgb, text: &str) -> Shape {
    Shape::Text(Label {
        left,
        top: top + (LINE_HEIGHT - GLYPH_SIDE * TEXT_SCALE) / 2,
        scale: TEXT_SCALE,
        colour,
        text: text.to_owned(),
    })
}
