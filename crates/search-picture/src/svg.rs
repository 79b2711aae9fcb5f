//! A [`Scene`] as SVG text: a small writer, no library.
//!
//! Kept small for large maps: each cell layer is drawn in cell units under one
//! scale transform, its cells merged into rectangles ([`CellLayer::rectangles`])
//! and written as one `<path>` per colour of `m dx dy h w v h h -w z` pieces; a
//! fully coloured layer (the terrain) lays its most common colour under
//! everything as a single rectangle and writes only the rest. A layer that
//! looks like one already written (the second panel's terrain, without fog) is
//! a `<use>` of it. Layers, paths and markers carry a `class` naming what they
//! show.
//!
//! It must never decide what is drawn: that is the layout's job.

use std::collections::BTreeMap;
use std::fmt::Write as _;

use super::bitmap_font::GLYPH_SIDE;
use super::cell_layer::{CellLayer, CellRect};
use super::colour::Rgb;
use super::scene::{Block, Label, Marker, MarkerForm, Polyline, Scene, Shape};

/// Where a line of text sits on its baseline, as a share of the font size below
/// the top of its glyphs (the bitmap font's baseline is on its seventh row of 8).
const BASELINE: f64 = 0.8;
/// The prefix of a cell layer group's `id`.
const LAYER_ID: &str = "layer-";
/// The font readers' browsers draw labels with.
const FONT_FAMILY: &str = "DejaVu Sans Mono,Menlo,Consolas,monospace";

/// The SVG document of `scene`.
#[must_use]
pub fn to_svg(scene: &Scene) -> String {
    let mut out = String::new();
    let (width, height) = (scene.width, scene.height);
    // `write!` to a String cannot fail; its Result is dropped throughout.
    let _ = writeln!(
        out,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" viewBox="0 0 {width} {height}">"#
    );
    if let Some(title) = scene.texts().next() {
        let _ = writeln!(out, "<title>{}</title>", escape(title));
    }
    let _ = writeln!(
        out,
        r#"<rect width="{width}" height="{height}" fill="{}"/>"#,
        scene.background
    );
    // Cell layers written so far, by their `id` (their index here).
    let mut written: Vec<&CellLayer> = Vec::new();
    for shape in &scene.shapes {
        match shape {
            Shape::Cells(layer) => {
                match written.iter().position(|w| w.looks_like(layer)) {
                    Some(id) => write_reuse(&mut out, layer, written[id], id),
                    None => write_layer(&mut out, layer, written.len()),
                }
                written.push(layer);
            }
            Shape::Block(block) => write_block(&mut out, block),
            Shape::Line(line) => write_line(&mut out, line),
            Shape::Marker(marker) => write_marker(&mut out, marker),
            Shape::Text(label) => write_label(&mut out, label),
        }
    }
    out.push_str("</svg>\n");
    out
}

fn write_layer(out: &mut String, layer: &CellLayer, id: usize) {
    let (left, top) = layer.origin;
    let _ = writeln!(
        out,
        r#"<g class="{}" id="{LAYER_ID}{id}" transform="translate({left} {top}) scale({})" shape-rendering="crispEdges">"#,
        layer.name, layer.cell_size
    );
    let underlay = layer
        .is_opaque()
        .then(|| layer.most_common_colour())
        .flatten();
    if let Some(colour) = underlay {
        let _ = writeln!(
            out,
            r#"<rect width="{}" height="{}" fill="{colour}"/>"#,
            layer.width(),
            layer.height()
        );
    }
    let mut pieces: BTreeMap<Rgb, PathText> = BTreeMap::new();
    for rect in layer.rectangles() {
        if Some(rect.colour) != underlay {
            pieces.entry(rect.colour).or_default().add(&rect);
        }
    }
    for (colour, path) in pieces {
        let _ = writeln!(out, r#"<path fill="{colour}" d="{}"/>"#, path.text);
    }
    out.push_str("</g>\n");
}

/// `layer` drawn as the already written `original` (id `id`), moved to its place.
fn write_reuse(out: &mut String, layer: &CellLayer, original: &CellLayer, id: usize) {
    let offset = |to: u32, from: u32| i64::from(to) - i64::from(from);
    let _ = writeln!(
        out,
        r##"<use class="{}" href="#{LAYER_ID}{id}" x="{}" y="{}"/>"##,
        layer.name,
        offset(layer.origin.0, original.origin.0),
        offset(layer.origin.1, original.origin.1)
    );
}

/// The `d` of one colour's path: a closed rectangle per piece, each moved to
/// relative to the one before (after `z` the pen is back at the piece's corner),
/// so a large map's coordinates cost a digit or two, not four.
#[derive(Debug, Default)]
struct PathText {
    text: String,
    /// The previous piece's top-left corner, in cells.
    corner: Option<(usize, usize)>,
}

impl PathText {
    fn add(&mut self, rect: &CellRect) {
        let _ = match self.corner {
            None => write!(self.text, "M{} {}", rect.x, rect.y),
            Some((x, y)) => write!(
                self.text,
                "m{} {}",
                signed_difference(rect.x, x),
                signed_difference(rect.y, y)
            ),
        };
        let _ = write!(
            self.text,
            "h{}v{}h-{}z",
            rect.width, rect.height, rect.width
        );
        self.corner = Some((rect.x, rect.y));
    }
}

/// `to - from` as signed text.
fn signed_difference(to: usize, from: usize) -> String {
    if to >= from {
        (to - from).to_string()
    } else {
        format!("-{}", from - to)
    }
}

fn write_block(out: &mut String, block: &Block) {
    let _ = writeln!(
        out,
        r#"<rect x="{}" y="{}" width="{}" height="{}" fill="{}"/>"#,
        block.left, block.top, block.width, block.height, block.fill
    );
}

fn write_line(out: &mut String, line: &Polyline) {
    let points: Vec<String> = line
        .points
        .iter()
        .map(|p| format!("{},{}", number(p.x), number(p.y)))
        .collect();
    let _ = writeln!(
        out,
        r#"<polyline class="{}" points="{}" fill="none" stroke="{}" stroke-width="{}" stroke-linecap="round" stroke-linejoin="round"/>"#,
        line.name,
        points.join(" "),
        line.colour,
        number(line.width)
    );
}

fn write_marker(out: &mut String, marker: &Marker) {
    // SVG strokes straddle the outline; the scene's radius includes all of it.
    let inner = (marker.radius - marker.outline_width / 2.0).max(0.0);
    let (x, y) = (marker.centre.x, marker.centre.y);
    let paint = format!(
        r#"fill="{}" stroke="{}" stroke-width="{}""#,
        marker.fill,
        marker.outline,
        number(marker.outline_width)
    );
    let _ = match marker.form {
        MarkerForm::Disc => writeln!(
            out,
            r#"<circle class="{}" cx="{}" cy="{}" r="{}" {paint}/>"#,
            marker.name,
            number(x),
            number(y),
            number(inner)
        ),
        MarkerForm::Square => writeln!(
            out,
            r#"<rect class="{}" x="{}" y="{}" width="{}" height="{}" {paint}/>"#,
            marker.name,
            number(x - inner),
            number(y - inner),
            number(2.0 * inner),
            number(2.0 * inner)
        ),
    };
}

fn write_label(out: &mut String, label: &Label) {
    let size = GLYPH_SIDE * label.scale;
    let baseline = f64::from(label.top) + f64::from(size) * BASELINE;
    let _ = writeln!(
        out,
        r#"<text x="{}" y="{}" font-family="{FONT_FAMILY}" font-size="{size}" fill="{}" xml:space="preserve">{}</text>"#,
        label.left,
        number(baseline),
        label.colour,
        escape(&label.text)
    );
}

/// A coordinate as short as it can be written: whole numbers without a point,
/// others to two decimals without trailing zeros.
fn number(value: f64) -> String {
    let text = format!("{value:.2}");
    let trimmed = text.trim_end_matches('0').trim_end_matches('.');
    if trimmed == "-0" {
        "0".to_owned()
    } else {
        trimmed.to_owned()
    }
}

/// Text with XML's special characters escaped.
fn escape(text: &str) -> String {
    let mut escaped = String::with_capacity(text.len());
    for character in text.chars() {
        match character {
            '&' => escaped.push_str("&amp;"),
            '<' => escaped.push_str("&lt;"),
            '>' => escaped.push_str("&gt;"),
            '"' => escaped.push_str("&quot;"),
            other => escaped.push(other),
        }
    }
    escaped
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pieces_move_relative_to_the_one_before() {
        let mut path = PathText::default();
        for (x, y) in [(5, 7), (9, 7), (2, 8)] {
            path.add(&CellRect {
                x,
                y,
                width: 1,
                height: 1,
                colour: Rgb::hex(0),
            });
        }
        assert_eq!(path.text, "M5 7h1v1h-1zm4 0h1v1h-1zm-7 1h1v1h-1z");
    }

    #[test]
    fn numbers_are_short_and_text_is_escaped() {
        assert_eq!(number(24.0), "24");
        assert_eq!(number(24.5), "24.5");
        assert_eq!(number(1.0 / 3.0), "0.33");
        assert_eq!(number(-0.001), "0");
        assert_eq!(escape(r#"a<b & "c">"#), "a&lt;b &amp; &quot;c&quot;&gt;");
    }
}
