//! The debug overlay's legends: what each layer's glyphs mean, for the
//! overlay's side panel and the help popup.
//!
//! Reads a palette and a faction's influence peak; never changes anything.

use ratatui::text::{Line, Span};

use crate::ui::overlay::coarse_layer::{
    self, CLUSTER_EDGE_GLYPH, COARSE_STEP_GLYPH, ENTRANCE_GLYPH, WAYPOINT_GLYPH,
};
use crate::ui::overlay::{
    CLOSED_GLYPHS, CURRENT_NODE_GLYPH, DIFFERS_GLYPH, FALSE_OPEN_GLYPH, FIELD_GLYPH, HEAT_GLYPHS,
    Layer, OPEN_GLYPH, RAW_PATH_GLYPH, SMOOTH_PATH_GLYPH, UNKNOWN_GLYPH, influence_of,
};
use crate::ui::theme::{OverlayMark, Palette, UiRole};

/// The legend of one layer, a line or two.
pub(crate) fn layer_legend(
    layer: Layer,
    faction: Option<&fogcrawl_core::Faction>,
    palette: Palette,
) -> Vec<Line<'static>> {
    match layer {
        Layer::Search => search_legend(palette),
        Layer::Coarse => coarse_legend(faction, palette),
        Layer::Belief => belief_legend(palette),
        Layer::Danger | Layer::Crowding | Layer::Threat => {
            let peak = faction
                .and_then(|f| influence_of(layer, f))
                .map_or(0.0, |m| m.peak());
            influence_legend(peak, faction.is_some(), palette)
        }
    }
}

/// A legend entry: the glyph in its mark's style, then what it means.
fn legend_mark(
    palette: Palette,
    glyph: String,
    mark: OverlayMark,
    text: &str,
) -> [Span<'static>; 2] {
    [
        Span::styled(glyph, palette.overlay(mark)),
        Span::styled(format!(" {text} "), palette.ui(UiRole::Label)),
    ]
}

fn search_legend(palette: Palette) -> Vec<Line<'static>> {
    let mark =
        |glyph: String, mark: OverlayMark, text: &str| legend_mark(palette, glyph, mark, text);
    let mut first = Vec::new();
    first.extend(mark(
        CLOSED_GLYPHS.iter().collect(),
        OverlayMark::Closed(1),
        "closed 1st→last",
    ));
    first.extend(mark(OPEN_GLYPH.to_string(), OverlayMark::Open, "open"));
    let mut second = Vec::new();
    second.extend(mark(
        RAW_PATH_GLYPH.to_string(),
        OverlayMark::RawPath,
        "raw",
    ));
    second.extend(mark(
        SMOOTH_PATH_GLYPH.to_string(),
        OverlayMark::SmoothPath,
        "smoothed",
    ));
    second.extend(mark(
        CURRENT_NODE_GLYPH.to_string(),
        OverlayMark::CurrentNode,
        "node",
    ));
    second.extend(mark("S G".to_owned(), OverlayMark::Endpoint, ""));
    second.extend(mark(FIELD_GLYPH.to_string(), OverlayMark::Open, "field"));
    vec![Line::from(first), Line::from(second)]
}

fn coarse_legend(faction: Option<&fogcrawl_core::Faction>, palette: Palette) -> Vec<Line<'static>> {
    let mark =
        |glyph: String, mark: OverlayMark, text: &str| legend_mark(palette, glyph, mark, text);
    let mut first = Vec::new();
    first.extend(mark(
        CLUSTER_EDGE_GLYPH.to_string(),
        OverlayMark::Closed(0),
        "cluster edge",
    ));
    first.extend(mark(
        ENTRANCE_GLYPH.to_string(),
        OverlayMark::Open,
        "entrance",
    ));
    let mut second = Vec::new();
    second.extend(mark(
        RAW_PATH_GLYPH.to_string(),
        OverlayMark::RawPath,
        "stroll or stretch",
    ));
    second.extend(mark("G".to_owned(), OverlayMark::Endpoint, "its end"));
    let mut third = Vec::new();
    third.extend(mark(
        COARSE_STEP_GLYPH.to_string(),
        OverlayMark::RawPath,
        "coarse path",
    ));
    third.extend(mark(
        WAYPOINT_GLYPH.to_string(),
        OverlayMark::Endpoint,
        "waypoint",
    ));
    let mut lines = vec![Line::from(first), Line::from(second), Line::from(third)];
    if let Some(faction) = faction {
        lines.push(Line::styled(
            coarse_layer::summary(faction),
            palette.ui(UiRole::Label),
        ));
    }
    lines
}

fn belief_legend(palette: Palette) -> Vec<Line<'static>> {
    let mark =
        |glyph: String, mark: OverlayMark, text: &str| legend_mark(palette, glyph, mark, text);
    let mut first = Vec::new();
    first.extend(mark(
        UNKNOWN_GLYPH.to_string(),
        OverlayMark::Unknown,
        "unknown",
    ));
    first.extend(mark(
        FALSE_OPEN_GLYPH.to_string(),
        OverlayMark::FalseOpen,
        "thought open",
    ));
    first.extend(mark(
        DIFFERS_GLYPH.to_string(),
        OverlayMark::Differs,
        "other",
    ));
    let second = mark(
        "1-9".to_owned(),
        OverlayMark::Stale,
        "stale door: seen 10s ago",
    );
    vec![Line::from(first), Line::from(second.to_vec())]
}

/// The heat glyphs with the upper bound of each quarter of `peak`; with
/// no peak (an empty map, or no faction), the glyphs alone.
fn influence_legend(peak: f32, has_faction: bool, palette: Palette) -> Vec<Line<'static>> {
    let label = palette.ui(UiRole::Label);
    if peak <= 0.0 {
        let mut spans = Vec::new();
        for (quarter, glyph) in HEAT_GLYPHS.iter().enumerate() {
            spans.push(Span::styled(
                glyph.to_string(),
                palette.overlay(OverlayMark::Heat(quarter)),
            ));
        }
        spans.push(Span::styled(" quarters of the peak; blank 0", label));
        let mut lines = vec![Line::from(spans)];
        if has_faction {
            lines.push(Line::styled("(this map is empty now)", label));
        }
        return lines;
    }
    let mut spans = Vec::new();
    for (quarter, glyph) in HEAT_GLYPHS.iter().enumerate() {
        let upper = peak * (quarter as f32 + 1.0) / HEAT_GLYPHS.len() as f32;
        spans.extend(legend_mark(
            palette,
            glyph.to_string(),
            OverlayMark::Heat(quarter),
            &format!("≤{upper:.2}"),
        ));
    }
    vec![
        Line::from(spans),
        Line::styled(format!("quarters of the peak {peak:.2}; blank 0"), label),
    ]
}
