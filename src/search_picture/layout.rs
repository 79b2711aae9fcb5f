//! Where everything goes: one panel per search (its settings above the map, its
//! figures below), side by side, under a header line and over a shared legend;
//! the map cells sized so the panels fit a picture of at most about
//! [`MAP_AREA_WIDTH`] x [`MAP_AREA_HEIGHT`] pixels (16 px cells on a small level,
//! 1 or 2 px on a 512x512 benchmark map).
//!
//! It produces a [`Scene`] and must never write a file format: the SVG and PNG
//! writers paint the same scene.

use crate::pathfinding::Pos;
use crate::world::Level;

use super::bitmap_font::{characters_fitting, text_width};
use super::cell_layer::CellLayer;
use super::colour::Rgb;
use super::legend::legend;
pub use super::lettering::{LINE_HEIGHT, TEXT_SCALE};
use super::lettering::{MARKER_OUTLINE_WIDTH, RAW_PATH_WIDTH, SMOOTHED_PATH_WIDTH, text};
use super::palette::{self, CostShading};
use super::scene::{Marker, MarkerForm, Point, Polyline, Scene, Shape};
use super::straight_strokes::corners;
use super::text_wrap::wrap_phrases;
use super::traced_search::TracedSearch;

/// Space around the picture's content, in pixels.
pub const MARGIN: u32 = 16;
/// Space between two panels.
pub const PANEL_GAP: u32 = 32;
/// The largest cell side: beyond this a small level only gets bigger, not clearer.
pub const MAX_CELL_SIZE: u32 = 16;
/// The panels' maps together fit this width...
pub const MAP_AREA_WIDTH: u32 = 1400;
/// ...and this height (a 512-cell side gets 2 px cells alone, 1 px side by side).
pub const MAP_AREA_HEIGHT: u32 = 1024;
/// A panel is at least this wide (32 characters), so its title and figures
/// read on a tiny map.
pub const MIN_PANEL_WIDTH: u32 = 512;
/// The content is at least this wide, so the legend needs few rows.
pub const MIN_CONTENT_WIDTH: u32 = 640;
/// Between the blocks of text and the maps.
const BLOCK_GAP: u32 = 8;

/// Start and goal markers: radius in cells, and at least this many pixels.
const MARKER_RADIUS: (f64, f64) = (0.5, 6.0);

/// The cell side in pixels for `panels` maps of `width x height` cells side by side.
#[must_use]
pub fn cell_size(width: usize, height: usize, panels: usize) -> u32 {
    let panels = u32::try_from(panels.max(1)).unwrap_or(u32::MAX);
    let gaps = PANEL_GAP.saturating_mul(panels - 1);
    let per_panel = MAP_AREA_WIDTH.saturating_sub(gaps) / panels;
    let across = u32::try_from(width.max(1)).map_or(1, |w| per_panel / w);
    let down = u32::try_from(height.max(1)).map_or(1, |h| MAP_AREA_HEIGHT / h);
    across.min(down).clamp(1, MAX_CELL_SIZE)
}

/// Lays out `searches` (all on `level`, one panel each) under `header`.
#[must_use]
pub fn lay_out(
    header: &str,
    level: &Level,
    shading: &CostShading,
    searches: &[TracedSearch],
) -> Scene {
    let cell = cell_size(level.width(), level.height(), searches.len());
    let map_width = pixels(level.width(), cell);
    let map_height = pixels(level.height(), cell);
    let panel_width = map_width.max(MIN_PANEL_WIDTH);
    let panel_count = u32::try_from(searches.len()).unwrap_or(u32::MAX);
    let panels_width = panel_width
        .saturating_mul(panel_count)
        .saturating_add(PANEL_GAP.saturating_mul(panel_count.saturating_sub(1)));
    let content_width = panels_width
        .max(MIN_CONTENT_WIDTH)
        .max(text_width(header, TEXT_SCALE));

    let mut shapes = Vec::new();
    shapes.push(text(MARGIN, MARGIN, palette::INK, header));
    let titles_top = MARGIN + LINE_HEIGHT + BLOCK_GAP;
    let per_line = characters_fitting(panel_width, TEXT_SCALE);
    let titles: Vec<Vec<String>> = searches
        .iter()
        .map(|search| wrap_phrases(&search.settings.phrases(), "; ", per_line))
        .collect();
    let figures: Vec<Vec<String>> = searches
        .iter()
        .map(|search| wrap_phrases(&search.figures(), "  ", per_line))
        .collect();
    let lines_tall = |blocks: &[Vec<String>]| {
        let most = blocks.iter().map(Vec::len).max().unwrap_or(0);
        LINE_HEIGHT.saturating_mul(u32::try_from(most).unwrap_or(u32::MAX))
    };
    let map_top = titles_top + lines_tall(&titles) + BLOCK_GAP;
    let figures_top = map_top + map_height + BLOCK_GAP;
    let legend_top = figures_top + lines_tall(&figures) + BLOCK_GAP * 2;

    for (index, search) in searches.iter().enumerate() {
        let left = MARGIN + u32::try_from(index).unwrap_or(0) * (panel_width + PANEL_GAP);
        shapes.extend(lines(left, titles_top, palette::INK, &titles[index]));
        let map = MapPlacement {
            left,
            top: map_top,
            cell,
        };
        shapes.extend(panel_map(level, shading, search, map));
        shapes.extend(lines(left, figures_top, palette::INK, &figures[index]));
    }

    let fogged = searches.iter().any(|s| s.planning.is_fogged());
    let (legend, legend_height) = legend(shading, fogged, (MARGIN, legend_top), content_width);
    shapes.extend(legend);

    Scene {
        width: content_width + 2 * MARGIN,
        height: legend_top + legend_height + MARGIN,
        background: palette::BACKGROUND,
        shapes,
    }
}

/// `cells` cells of `cell` pixels.
fn pixels(cells: usize, cell: u32) -> u32 {
    u32::try_from(cells).map_or(u32::MAX, |c| c.saturating_mul(cell))
}

/// Where a panel's map goes.
#[derive(Debug, Clone, Copy)]
struct MapPlacement {
    left: u32,
    top: u32,
    cell: u32,
}

impl MapPlacement {
    /// The centre of cell `pos`, in pixels.
    fn centre(self, pos: Pos) -> Point {
        let cell = f64::from(self.cell);
        Point {
            x: f64::from(self.left) + (f64::from(pos.x) + 0.5) * cell,
            y: f64::from(self.top) + (f64::from(pos.y) + 0.5) * cell,
        }
    }

    /// A transparent layer over the map.
    fn layer(self, name: &'static str, level: &Level) -> CellLayer {
        CellLayer::new(
            name,
            (self.left, self.top),
            self.cell,
            level.width(),
            level.height(),
        )
    }

    /// `(fraction of a cell, least pixels)` as pixels for this cell size.
    fn scaled(self, (cells, least): (f64, f64)) -> f64 {
        (f64::from(self.cell) * cells).max(least)
    }
}

/// One search drawn over its map: terrain (fogged where unseen), closed cells,
/// frontier, the two paths, start and goal.
fn panel_map(
    level: &Level,
    shading: &CostShading,
    search: &TracedSearch,
    map: MapPlacement,
) -> Vec<Shape> {
    let mut terrain = map.layer("terrain", level);
    for (pos, &ground) in level.positions().zip(level.cells()) {
        let colour = shading.colour_of(ground);
        let seen = search.planning.is_seen(pos);
        terrain.paint(
            pos,
            if seen {
                colour
            } else {
                palette::fogged(colour)
            },
        );
    }
    // A searched cell that is really impassable was unseen ground to the planner.
    let is_wall = |pos: Pos| {
        level
            .terrain_at(pos)
            .is_none_or(|ground| shading.is_impassable(ground))
    };
    let searched = |colour: Rgb, pos: Pos| {
        if is_wall(pos) {
            palette::over_hidden_wall(colour)
        } else {
            colour
        }
    };
    let mut closed = map.layer("closed", level);
    for (rank, &pos) in search.closed.iter().enumerate() {
        let shade = palette::closed_shade(rank, search.closed.len());
        closed.paint(pos, searched(shade, pos));
    }
    let mut frontier = map.layer("frontier", level);
    for &pos in &search.frontier {
        frontier.paint(pos, searched(palette::FRONTIER, pos));
    }
    let mut shapes = vec![
        Shape::Cells(terrain),
        Shape::Cells(closed),
        Shape::Cells(frontier),
    ];
    if let Some(path) = &search.path {
        shapes.push(Shape::Line(Polyline {
            name: "raw-path",
            points: path.cells.iter().map(|&pos| map.centre(pos)).collect(),
            colour: palette::RAW_PATH,
            width: map.scaled(RAW_PATH_WIDTH),
        }));
        shapes.push(Shape::Line(Polyline {
            name: "smoothed-path",
            points: corners(&search.smoothed)
                .into_iter()
                .map(|pos| map.centre(pos))
                .collect(),
            colour: palette::SMOOTHED_PATH,
            width: map.scaled(SMOOTHED_PATH_WIDTH),
        }));
    }
    let marker = |name, pos, form, fill| {
        Shape::Marker(Marker {
            name,
            centre: map.centre(pos),
            radius: map.scaled(MARKER_RADIUS),
            form,
            fill,
            outline: palette::MARKER_OUTLINE,
            outline_width: MARKER_OUTLINE_WIDTH,
        })
    };
    shapes.push(marker(
        "start",
        search.start,
        MarkerForm::Disc,
        palette::START,
    ));
    shapes.push(marker(
        "goal",
        search.goal,
        MarkerForm::Square,
        palette::GOAL,
    ));
    shapes
}

/// Lines of text one under the other from `(left, top)`.
fn lines(left: u32, top: u32, colour: Rgb, texts: &[String]) -> Vec<Shape> {
    (0u32..)
        .zip(texts)
        .map(|(row, line)| text(left, top + row * LINE_HEIGHT, colour, line))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::config::UnknownCellPolicy;
    use crate::pathfinding::Heuristic;
    use crate::search_picture::search_settings::SearchSettings;
    use crate::search_picture::test_fixtures::two_rooms_scene;
    use crate::world::{CostProfile, Terrain};

    #[test]
    fn cells_shrink_as_maps_grow_but_stay_at_least_a_pixel() {
        assert_eq!(cell_size(12, 6, 1), MAX_CELL_SIZE);
        assert_eq!(cell_size(512, 512, 1), 2);
        assert_eq!(cell_size(512, 512, 2), 1);
        assert_eq!(cell_size(61, 31, 2), 11);
        assert_eq!(cell_size(5000, 10, 1), 1);
    }

    #[test]
    fn a_512_map_makes_a_picture_of_reasonable_size() {
        let cell = cell_size(512, 512, 2);
        let width = 2 * pixels(512, cell) + PANEL_GAP + 2 * MARGIN;
        assert!(width <= MAP_AREA_WIDTH + 2 * MARGIN, "{width}");
    }

    #[test]
    fn each_panel_draws_its_own_search_cell_for_cell() {
        let settings = [
            SearchSettings::default(),
            SearchSettings {
                heuristic: Heuristic::Zero,
                ..SearchSettings::default()
            },
        ];
        let (scene, searches) = two_rooms_scene(&settings);
        let closed: Vec<&CellLayer> = scene.cell_layers("closed").collect();
        let frontier: Vec<&CellLayer> = scene.cell_layers("frontier").collect();
        assert_eq!(closed.len(), 2);
        for (layer, search) in closed.iter().zip(&searches) {
            assert_eq!(layer.painted_count(), search.closed.len());
            assert_eq!(
                layer.colour_at(search.closed[0]),
                Some(palette::FIRST_CLOSED),
                "the start is expanded first"
            );
        }
        for (layer, search) in frontier.iter().zip(&searches) {
            assert_eq!(layer.painted_count(), search.frontier.len());
        }
        assert!(closed[0].origin.0 < closed[1].origin.0, "side by side");
        let texts: Vec<&str> = scene.texts().collect();
        for search in &searches {
            let expanded = format!("expanded {}", search.stats.expanded);
            assert!(texts.iter().any(|t| t.contains(&expanded)), "{texts:?}");
        }
        assert!(texts.contains(&"two rooms"));
        // A narrow panel's title wraps between its phrases.
        assert!(
            texts.contains(&"octile, weight 1, ties larger-g"),
            "{texts:?}"
        );
        assert!(
            texts.contains(&"zero, weight 1, ties larger-g"),
            "{texts:?}"
        );
        assert!(texts.contains(&"whole level known"), "{texts:?}");
        assert!(
            !texts.iter().any(|t| t.contains("unseen")),
            "no fog, no fog legend"
        );
        assert!(scene.width >= MIN_CONTENT_WIDTH + 2 * MARGIN);
    }

    #[test]
    fn fog_tints_unseen_terrain_and_adds_its_legend() {
        let (scene, searches) = two_rooms_scene(&[SearchSettings {
            unknown: Some(UnknownCellPolicy::Open),
            sight_radius: 3,
            ..SearchSettings::default()
        }]);
        let terrain = scene
            .cell_layers("terrain")
            .next()
            .expect("a terrain layer");
        let shading = CostShading::new(&CostProfile::default());
        let floor = shading.colour_of(Terrain::Floor);
        assert_eq!(terrain.colour_at(Pos::new(2, 2)), Some(floor), "seen");
        assert_eq!(
            terrain.colour_at(Pos::new(8, 1)),
            Some(palette::fogged(floor)),
            "behind the wall"
        );
        assert!(searches[0].planning.is_fogged());
        assert!(scene.texts().any(|t| t == "unseen (priced by --unknown)"));
    }

    #[test]
    fn the_paths_and_ends_are_drawn_through_cell_centres() {
        let (scene, searches) = two_rooms_scene(&[SearchSettings::default()]);
        let raw = scene
            .shapes
            .iter()
            .find_map(|shape| match shape {
                Shape::Line(line) if line.name == "raw-path" => Some(line),
                _ => None,
            })
            .expect("a raw path");
        let path = searches[0].path.as_ref().expect("a path");
        assert_eq!(raw.points.len(), path.cells.len());
        let cell = f64::from(MAX_CELL_SIZE);
        let first = raw.points[0];
        let terrain = scene.cell_layers("terrain").next().expect("terrain");
        assert_eq!(first.x, f64::from(terrain.origin.0) + 1.5 * cell);
        assert_eq!(first.y, f64::from(terrain.origin.1) + 1.5 * cell);
        let markers: Vec<&str> = scene
            .shapes
            .iter()
            .filter_map(|shape| match shape {
                Shape::Marker(marker) => Some(marker.name),
                _ => None,
            })
            .collect();
        assert!(markers.contains(&"start") && markers.contains(&"goal"));
    }
}
