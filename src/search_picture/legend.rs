//! The legend under the panels: a swatch and a label for every colour and mark a
//! panel can show, flowed into rows as wide as the picture.
//!
//! It must never place the panels: [`layout`](super::layout) does, and calls this
//! for the space below them.

use fogcrawl_core::Terrain;

use super::bitmap_font::text_width;
use super::colour::Rgb;
use super::lettering::{
    COARSE_PATH_WIDTH, LINE_HEIGHT, MARKER_OUTLINE_WIDTH, RAW_PATH_WIDTH, SMOOTHED_PATH_WIDTH,
    TEXT_SCALE, text,
};
use super::palette::{self, CostShading};
use super::scene::{Block, Marker, MarkerForm, Point, Polyline, Shape};

/// A legend swatch's height, and a plain swatch's width.
const SWATCH_SIDE: u32 = 16;
/// A swatch showing a range of colours is this wide.
const RAMP_SWATCH_WIDTH: u32 = 48;
/// A swatch showing a line is this wide.
const LINE_SWATCH_WIDTH: u32 = 28;
/// Between a swatch and its label.
const SWATCH_LABEL_GAP: u32 = 8;
/// Between one entry's label and the next entry's swatch.
const LEGEND_ENTRY_GAP: u32 = 22;
/// How many cost samples the ground swatch shows.
const GROUND_SAMPLES: usize = 8;

/// What a legend entry shows beside its label.
#[derive(Debug, Clone, PartialEq)]
enum Swatch {
    /// Colours side by side (one colour: a plain square).
    Colours(Vec<Rgb>),
    /// A stroke of a line's colour and width.
    Line(Rgb, f64),
    /// A marker.
    Marker(MarkerForm, Rgb),
}

impl Swatch {
    fn width(&self) -> u32 {
        match self {
            Swatch::Colours(colours) if colours.len() > 1 => RAMP_SWATCH_WIDTH,
            Swatch::Line(..) => LINE_SWATCH_WIDTH,
            Swatch::Colours(_) | Swatch::Marker(..) => SWATCH_SIDE,
        }
    }

    /// The swatch's shapes with its top-left corner at `(left, top)`.
    fn shapes(&self, left: u32, top: u32) -> Vec<Shape> {
        let middle = f64::from(top) + f64::from(SWATCH_SIDE) / 2.0;
        match self {
            Swatch::Colours(colours) => {
                let count = u32::try_from(colours.len().max(1)).unwrap_or(1);
                let stripe = self.width() / count;
                (0u32..)
                    .zip(colours)
                    .map(|(i, &fill)| {
                        Shape::Block(Block {
                            left: left + i * stripe,
                            top,
                            // The last stripe takes what the division left over.
                            width: if i + 1 == count {
                                self.width() - i * stripe
                            } else {
                                stripe
                            },
                            height: SWATCH_SIDE,
                            fill,
                        })
                    })
                    .collect()
            }
            Swatch::Line(colour, width) => vec![Shape::Line(Polyline {
                name: "legend",
                points: vec![
                    Point {
                        x: f64::from(left) + 3.0,
                        y: middle,
                    },
                    Point {
                        x: f64::from(left + LINE_SWATCH_WIDTH) - 3.0,
                        y: middle,
                    },
                ],
                colour: *colour,
                width: *width,
            })],
            Swatch::Marker(form, fill) => vec![Shape::Marker(Marker {
                name: "legend",
                centre: Point {
                    x: f64::from(left) + f64::from(SWATCH_SIDE) / 2.0,
                    y: middle,
                },
                radius: f64::from(SWATCH_SIDE) / 2.0,
                form: *form,
                fill: *fill,
                outline: palette::MARKER_OUTLINE,
                outline_width: MARKER_OUTLINE_WIDTH,
            })],
        }
    }
}

/// The legend's entries: every colour and mark a panel can show (the fog's only
/// when a search planned through fog, the hierarchy's only when it searched).
fn legend_entries(shading: &CostShading, fogged: bool, hierarchy: bool) -> Vec<(Swatch, String)> {
    let (cheapest, dearest) = shading.cost_range();
    let ground: Vec<Rgb> = (0..GROUND_SAMPLES)
        .map(|i| {
            let fraction = i as f64 / (GROUND_SAMPLES - 1) as f64;
            shading.colour_of_cost(Some(cheapest * (dearest / cheapest).powf(fraction)))
        })
        .collect();
    let mut entries = vec![
        (
            Swatch::Colours(ground),
            if cheapest < dearest {
                format!("ground, cost {cheapest} to {dearest}")
            } else {
                format!("ground, cost {cheapest}")
            },
        ),
        (
            Swatch::Colours(vec![shading.colour_of(Terrain::Wall)]),
            "wall".to_owned(),
        ),
    ];
    if fogged {
        let floor = shading.colour_of(Terrain::Floor);
        entries.push((
            Swatch::Colours(vec![palette::fogged(floor)]),
            "unseen (priced by --unknown)".to_owned(),
        ));
    }
    entries.push((
        Swatch::Colours(palette::closed_shades()),
        "closed, first to last".to_owned(),
    ));
    entries.push((
        Swatch::Colours(vec![palette::FRONTIER]),
        "open frontier".to_owned(),
    ));
    if fogged {
        entries.push((
            Swatch::Colours(vec![
                palette::over_hidden_wall(palette::FIRST_CLOSED),
                palette::over_hidden_wall(palette::FRONTIER),
            ]),
            "searched, really a wall".to_owned(),
        ));
    }
    entries.extend([
        (
            Swatch::Line(palette::RAW_PATH, RAW_PATH_WIDTH.1),
            "raw path".to_owned(),
        ),
        (
            Swatch::Line(palette::SMOOTHED_PATH, SMOOTHED_PATH_WIDTH.1),
            "smoothed path".to_owned(),
        ),
    ]);
    if hierarchy {
        entries.extend([
            (
                Swatch::Line(palette::CLUSTER_BORDER, 1.0),
                "cluster border".to_owned(),
            ),
            (
                Swatch::Colours(vec![palette::ENTRANCE]),
                "entrance (coarse node)".to_owned(),
            ),
            (
                Swatch::Line(palette::COARSE_PATH, COARSE_PATH_WIDTH.1),
                "coarse path".to_owned(),
            ),
        ]);
    }
    entries.extend([
        (
            Swatch::Marker(MarkerForm::Disc, palette::START),
            "start".to_owned(),
        ),
        (
            Swatch::Marker(MarkerForm::Square, palette::GOAL),
            "goal".to_owned(),
        ),
    ]);
    entries
}

/// The legend for pictures shaded by `shading` (with the fog's entries if a
/// search planned through fog), in rows `width` wide from `(left, top)`: its
/// shapes and its height.
pub(super) fn legend(
    shading: &CostShading,
    (fogged, hierarchy): (bool, bool),
    (left, top): (u32, u32),
    width: u32,
) -> (Vec<Shape>, u32) {
    flow(
        left,
        top,
        width,
        &legend_entries(shading, fogged, hierarchy),
    )
}

/// Entries flowed into rows `width` wide from `(left, top)`; their shapes and height.
fn flow(left: u32, top: u32, width: u32, entries: &[(Swatch, String)]) -> (Vec<Shape>, u32) {
    let mut shapes = Vec::new();
    let (mut x, mut row_top) = (left, top);
    let swatch_offset = (LINE_HEIGHT - SWATCH_SIDE) / 2;
    for (swatch, label) in entries {
        let entry_width = swatch.width() + SWATCH_LABEL_GAP + text_width(label, TEXT_SCALE);
        if x > left && x + entry_width > left + width {
            x = left;
            row_top += LINE_HEIGHT;
        }
        shapes.extend(swatch.shapes(x, row_top + swatch_offset));
        shapes.push(text(
            x + swatch.width() + SWATCH_LABEL_GAP,
            row_top,
            palette::INK,
            label,
        ));
        x += entry_width + LEGEND_ENTRY_GAP;
    }
    (shapes, row_top + LINE_HEIGHT - top)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search_picture::layout::{MARGIN, MIN_CONTENT_WIDTH};
    use fogcrawl_core::CostProfile;

    #[test]
    fn legend_rows_wrap_within_the_width() {
        let entries = legend_entries(&CostShading::new(&CostProfile::default()), true, true);
        let (shapes, height) = flow(MARGIN, 0, MIN_CONTENT_WIDTH, &entries);
        assert!(height >= 2 * LINE_HEIGHT, "this many entries need rows");
        for shape in &shapes {
            if let Shape::Text(label) = shape {
                let right = label.left + text_width(&label.text, label.scale);
                assert!(
                    right <= MARGIN + MIN_CONTENT_WIDTH,
                    "{} overflows",
                    label.text
                );
            }
        }
    }
}
