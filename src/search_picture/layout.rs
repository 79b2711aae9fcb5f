//! Where everything goes: one panel per search (its settings above the map, its
//! figures below), side by side, under a header line and over a shared legend;
//! the map cells sized so the panels fit a picture of at most about
//! `MAP_AREA_WIDTH` x `MAP_AREA_HEIGHT` pixels (16 px cells on a small level,
//! 1 or 2 px on a 512x512 benchmark map).
//!
//! It produces a [`Scene`] and must never write a file format: the SVG and PNG
//! writers paint the same scene.

use fogcrawl_core::Level;
use gridpath::Pos;

use super::bitmap_font::{characters_fitting, text_width};
use super::cell_layer::CellLayer;
use super::colour::Rgb;
use super::legend::legend;
use super::lettering::{
    COARSE_PATH_WIDTH, MARKER_OUTLINE_WIDTH, RAW_PATH_WIDTH, SMOOTHED_PATH_WIDTH, text,
};
pub use super::lettering::{LINE_HEIGHT, TEXT_SCALE};
use super::palette::{self, CostShading};
use super::scene::{Label, Marker, MarkerForm, Point, Polyline, Scene, Shape};
use super::straight_strokes::corners;
use super::text_wrap::wrap_phrases;
use super::traced_search::{CoarseView, TracedSearch};

/// Space around the picture's content, in pixels.
pub(crate) const MARGIN: u32 = 16;
/// Space between two panels.
pub(crate) const PANEL_GAP: u32 = 32;
/// The largest cell side: beyond this a small level only gets bigger, not clearer.
pub(crate) const MAX_CELL_SIZE: u32 = 16;
/// The panels' maps together fit this width...
pub(crate) const MAP_AREA_WIDTH: u32 = 1400;
/// ...and this height (a 512-cell side gets 2 px cells alone, 1 px side by side).
pub(crate) const MAP_AREA_HEIGHT: u32 = 1024;
/// A panel is at least this wide (32 characters), so its title and figures
/// read on a tiny map.
pub(crate) const MIN_PANEL_WIDTH: u32 = 512;
/// The content is at least this wide, so the legend needs few rows.
pub(crate) const MIN_CONTENT_WIDTH: u32 = 640;
/// Between the blocks of text and the maps.
const BLOCK_GAP: u32 = 8;
/// Below this cell side a large map is pictured only where the searches went
/// (with [`ZOOM_MARGIN`] around): a 512x512 map's 2-pixel cells would hide a
/// small search under its own path.
pub(crate) const MIN_ZOOM_CELL: u32 = 6;
/// Cells of context around what the searches touched, when zoomed.
pub(crate) const ZOOM_MARGIN: i32 = 6;
/// From this cell side up each searched cell has an arrow to its parent
/// (came-from, as Red Blob Games draws it).
pub(crate) const ARROW_CELL: u32 = 20;
/// From this cell side up each searched cell prints its g, h and f (five
/// 8-pixel characters a line); a region small enough gets cells this large.
pub(crate) const NUMBER_CELL: u32 = 44;

/// Start and goal markers: radius in cells, and at least this many pixels
/// (under half a cell on large cells, so the searched cell shows around it).
const MARKER_RADIUS: (f64, f64) = (0.4, 6.0);
/// On cells of 4 pixels or more a path is at most this share of a cell wide.
const SMALL_CELL_PATH_SHARE: f64 = 0.34;
/// A marker this many pixels in radius (or more) is drawn within its cell.
const MARKER_FITS: f64 = 4.0;
/// A came-from arrow reaches this share of a cell toward the parent...
const ARROW_REACH: f64 = 0.45;
/// ...this wide: (fraction of a cell, least pixels).
const ARROW_WIDTH: (f64, f64) = (0.06, 1.0);

/// The cell side in pixels for `panels` maps of `width x height` cells side by
/// side: at most [`MAX_CELL_SIZE`], or [`NUMBER_CELL`] when the maps are small
/// enough for cells that print their numbers.
#[must_use]
pub(crate) fn cell_size(width: usize, height: usize, panels: usize) -> u32 {
    let panels = u32::try_from(panels.max(1)).unwrap_or(u32::MAX);
    let gaps = PANEL_GAP.saturating_mul(panels - 1);
    let per_panel = MAP_AREA_WIDTH.saturating_sub(gaps) / panels;
    let across = u32::try_from(width.max(1)).map_or(1, |w| per_panel / w);
    let down = u32::try_from(height.max(1)).map_or(1, |h| MAP_AREA_HEIGHT / h);
    let fits = across.min(down);
    if fits >= NUMBER_CELL {
        NUMBER_CELL
    } else {
        fits.clamp(1, MAX_CELL_SIZE)
    }
}

/// The part of the level a picture shows, in cells.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Window {
    pub left: i32,
    pub top: i32,
    pub width: usize,
    pub height: usize,
}

impl Window {
    /// The whole level.
    #[must_use]
    pub(crate) fn whole(level: &Level) -> Self {
        Self {
            left: 0,
            top: 0,
            width: level.width(),
            height: level.height(),
        }
    }

    /// The whole level, unless its cells would be smaller than
    /// [`MIN_ZOOM_CELL`]: then what the searches touched (closed, frontier,
    /// ends) with [`ZOOM_MARGIN`] cells around, if that is smaller.
    #[must_use]
    pub(crate) fn for_searches(level: &Level, searches: &[TracedSearch]) -> Self {
        let whole = Self::whole(level);
        if cell_size(level.width(), level.height(), searches.len()) >= MIN_ZOOM_CELL {
            return whole;
        }
        // The hierarchy traces no cells: its path stands for where it went.
        let touched = searches.iter().flat_map(|search| {
            search
                .closed
                .iter()
                .chain(&search.frontier)
                .chain(search.coarse.iter().flat_map(|_| search.smoothed.iter()))
                .copied()
                .chain([search.start, search.goal])
        });
        let Some((low, high)) = touched.fold(None, |span: Option<(Pos, Pos)>, pos| {
            Some(match span {
                None => (pos, pos),
                Some((low, high)) => (
                    Pos::new(low.x.min(pos.x), low.y.min(pos.y)),
                    Pos::new(high.x.max(pos.x), high.y.max(pos.y)),
                ),
            })
        }) else {
            return whole;
        };
        let right = i32::try_from(level.width()).unwrap_or(i32::MAX) - 1;
        let bottom = i32::try_from(level.height()).unwrap_or(i32::MAX) - 1;
        let (left, top) = ((low.x - ZOOM_MARGIN).max(0), (low.y - ZOOM_MARGIN).max(0));
        let (last_x, last_y) = (
            (high.x + ZOOM_MARGIN).min(right),
            (high.y + ZOOM_MARGIN).min(bottom),
        );
        let window = Self {
            left,
            top,
            width: usize::try_from(last_x - left + 1).unwrap_or(0),
            height: usize::try_from(last_y - top + 1).unwrap_or(0),
        };
        if window.width * window.height < whole.width * whole.height {
            window
        } else {
            whole
        }
    }

    /// Whether `pos` is in the window.
    #[must_use]
    pub(crate) fn contains(self, pos: Pos) -> bool {
        self.local(pos).is_some()
    }

    /// `pos` relative to the window's top-left cell, if it is inside.
    fn local(self, pos: Pos) -> Option<Pos> {
        let local = Pos::new(pos.x - self.left, pos.y - self.top);
        let inside = local.x >= 0
            && local.y >= 0
            && usize::try_from(local.x).is_ok_and(|x| x < self.width)
            && usize::try_from(local.y).is_ok_and(|y| y < self.height);
        inside.then_some(local)
    }

    /// The level cells in the window, row by row.
    fn positions(self) -> impl Iterator<Item = Pos> {
        let (w, h) = (
            i32::try_from(self.width).unwrap_or(0),
            i32::try_from(self.height).unwrap_or(0),
        );
        (0..h).flat_map(move |y| (0..w).map(move |x| Pos::new(self.left + x, self.top + y)))
    }
}

/// Lays out `searches` (all on `level`, one panel each) under `header`.
#[must_use]
pub fn lay_out(
    header: &str,
    level: &Level,
    shading: &CostShading,
    searches: &[TracedSearch],
) -> Scene {
    lay_out_upto(header, level, shading, searches, None)
}

/// [`lay_out`], with each search shown as it stood after its first `upto`
/// expansions (an animation's frame; `None`, or all of them: the whole
/// search, with its paths). The layout (window, cell size, text) is the
/// whole search's, so every frame has the same size.
#[must_use]
pub(crate) fn lay_out_upto(
    header: &str,
    level: &Level,
    shading: &CostShading,
    searches: &[TracedSearch],
    upto: Option<usize>,
) -> Scene {
    let window = Window::for_searches(level, searches);
    let mut header_phrases = vec![header.to_owned()];
    if window != Window::whole(level) {
        header_phrases.push(format!(
            "showing columns {}-{}, rows {}-{} (where the search went)",
            window.left,
            window.left + i32::try_from(window.width).unwrap_or(0) - 1,
            window.top,
            window.top + i32::try_from(window.height).unwrap_or(0) - 1,
        ));
    }
    let cell = cell_size(window.width, window.height, searches.len());
    let map_width = pixels(window.width, cell);
    let map_height = pixels(window.height, cell);
    let panel_width = map_width.max(MIN_PANEL_WIDTH);
    let panel_count = u32::try_from(searches.len()).unwrap_or(u32::MAX);
    let panels_width = panel_width
        .saturating_mul(panel_count)
        .saturating_add(PANEL_GAP.saturating_mul(panel_count.saturating_sub(1)));
    // The header wraps between its phrases to the panels' width; a phrase
    // wider than that widens the picture.
    let header_lines = wrap_phrases(
        &header_phrases,
        "; ",
        characters_fitting(panels_width.max(MIN_CONTENT_WIDTH), TEXT_SCALE),
    );
    let content_width = header_lines
        .iter()
        .map(|line| text_width(line, TEXT_SCALE))
        .fold(panels_width.max(MIN_CONTENT_WIDTH), u32::max);

    let mut shapes = lines(MARGIN, MARGIN, palette::INK, &header_lines);
    let header_height = LINE_HEIGHT.saturating_mul(u32::try_from(header_lines.len()).unwrap_or(1));
    let titles_top = MARGIN + header_height + BLOCK_GAP;
    let per_line = characters_fitting(panel_width, TEXT_SCALE);
    let titles: Vec<Vec<String>> = searches
        .iter()
        .map(|search| wrap_phrases(&search.settings.phrases(), "; ", per_line))
        .collect();
    let figures: Vec<Vec<String>> = searches
        .iter()
        .enumerate()
        .map(|(index, search)| {
            let mut figures = search.figures();
            // Two panels that searched alike say so, rather than look alike
            // for no reason given (a weight changes nothing where the
            // estimate is exact, as on open unseen ground).
            if index > 0 && !search.closed.is_empty() && searches[0].closed == search.closed {
                figures.push("the same cells closed as the first panel".to_owned());
            }
            wrap_phrases(&figures, "  ", per_line)
        })
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
            window,
        };
        shapes.extend(panel_map(level, shading, search, map, upto));
        shapes.extend(lines(left, figures_top, palette::INK, &figures[index]));
    }

    let fogged = searches.iter().any(|s| s.planning.is_fogged());
    let hierarchy = searches.iter().any(|s| s.coarse.is_some());
    let (legend, legend_height) = legend(
        shading,
        (fogged, hierarchy),
        (MARGIN, legend_top),
        content_width,
    );
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
    window: Window,
}

impl MapPlacement {
    /// The centre of cell `pos`, in pixels.
    fn centre(self, pos: Pos) -> Point {
        let cell = f64::from(self.cell);
        Point {
            x: f64::from(self.left) + (f64::from(pos.x - self.window.left) + 0.5) * cell,
            y: f64::from(self.top) + (f64::from(pos.y - self.window.top) + 0.5) * cell,
        }
    }

    /// A transparent layer over the map.
    fn layer(self, name: &'static str) -> CellLayer {
        CellLayer::new(
            name,
            (self.left, self.top),
            self.cell,
            self.window.width,
            self.window.height,
        )
    }

    /// Colours level cell `pos` of `layer`, if it is in the window.
    fn paint(self, layer: &mut CellLayer, pos: Pos, colour: Rgb) {
        if let Some(local) = self.window.local(pos) {
            layer.paint(local, colour);
        }
    }

    /// `(fraction of a cell, least pixels)` as pixels for this cell size.
    fn scaled(self, (cells, least): (f64, f64)) -> f64 {
        (f64::from(self.cell) * cells).max(least)
    }

    /// A path's width: [`MapPlacement::scaled`], but on cells of
    /// 4 pixels or more never wider than the path's share of a cell, so the searched cells under it still show at their edges.
    fn path_width(self, width: (f64, f64)) -> f64 {
        if self.cell >= NUMBER_CELL {
            // Thin enough to leave the numbers readable beside it.
            return f64::from(self.cell) * width.0 / 3.0;
        }
        let scaled = self.scaled(width);
        if self.cell >= 4 {
            // A third of a cell at most: the closed cells along the path
            // keep most of their colour.
            scaled.min(f64::from(self.cell) * width.0.min(SMALL_CELL_PATH_SHARE))
        } else {
            scaled
        }
    }
}

/// What a panel shows of a search: everything, or (an animation's frame) the
/// state after its first `upto` trace events.
struct Shown {
    closed: Vec<Pos>,
    frontier: Vec<Pos>,
    values: std::collections::HashMap<Pos, gridpath::CellValues>,
    whole: bool,
}

impl Shown {
    fn of(search: &TracedSearch, expansions: Option<usize>) -> Self {
        // The events up to (not including) the next expansion, so a frame
        // shows the cells the last one opened.
        let upto = expansions.map(|wanted| {
            let mut seen = 0;
            search
                .trace
                .events
                .iter()
                .position(|event| {
                    let close = matches!(event, gridpath::TraceEvent::Close { .. });
                    let stop = close && seen == wanted;
                    seen += usize::from(close);
                    stop
                })
                .unwrap_or(search.trace.events.len())
        });
        match upto {
            Some(upto) if upto < search.trace.events.len() => {
                let values = search.trace.cell_values(Some(upto));
                let closed: Vec<Pos> = search
                    .trace
                    .events
                    .iter()
                    .take(upto)
                    .filter_map(|event| match *event {
                        gridpath::TraceEvent::Close { cell, .. } => Some(cell),
                        _ => None,
                    })
                    .collect();
                let mut frontier: Vec<Pos> = values
                    .iter()
                    .filter(|(_, v)| !v.closed)
                    .map(|(&p, _)| p)
                    .collect();
                frontier.sort_unstable_by_key(|p| (p.y, p.x));
                Self {
                    closed,
                    frontier,
                    values,
                    whole: false,
                }
            }
            _ => Self {
                closed: search.closed.clone(),
                frontier: search.frontier.clone(),
                values: search.values.clone(),
                whole: true,
            },
        }
    }
}

/// One search drawn over its map: terrain (fogged where unseen), closed cells,
/// frontier, came-from arrows and numbers where cells are large enough, the two
/// paths, start and goal.
fn panel_map(
    level: &Level,
    shading: &CostShading,
    search: &TracedSearch,
    map: MapPlacement,
    upto: Option<usize>,
) -> Vec<Shape> {
    let shown = Shown::of(search, upto);
    let mut shapes = searched_cells(level, shading, search, &shown, map);
    shapes.extend(came_from_and_numbers(&shown, map));
    if let Some(coarse) = &search.coarse {
        shapes.extend(clusters_and_entrances(coarse, map));
    }
    shapes.extend(path_lines(search, shown.whole, map));
    shapes.extend(end_markers(search, map));
    shapes
}

/// The terrain (fogged where the planner had not seen it), the closed
/// cells shaded by when they closed, and the frontier.
fn searched_cells(
    level: &Level,
    shading: &CostShading,
    search: &TracedSearch,
    shown: &Shown,
    map: MapPlacement,
) -> Vec<Shape> {
    let mut terrain = map.layer("terrain");
    for pos in map.window.positions() {
        let Some(ground) = level.terrain_at(pos) else {
            continue;
        };
        let colour = shading.colour_of(ground);
        let seen = search.planning.is_seen(pos);
        map.paint(
            &mut terrain,
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
    // The shades run over the whole search, so a frame's cells keep the
    // colour they will have at the end.
    let mut closed = map.layer("closed");
    for (rank, &pos) in shown.closed.iter().enumerate() {
        let shade = palette::closed_shade(rank, search.closed.len());
        map.paint(&mut closed, pos, searched(shade, pos));
    }
    let mut frontier = map.layer("frontier");
    for &pos in &shown.frontier {
        map.paint(&mut frontier, pos, searched(palette::FRONTIER, pos));
    }
    vec![
        Shape::Cells(terrain),
        Shape::Cells(closed),
        Shape::Cells(frontier),
    ]
}

/// The paths once the search is `whole`: the raw and the smoothed one; for
/// the hierarchy, the refined path and the coarse one over it.
fn path_lines(search: &TracedSearch, whole: bool, map: MapPlacement) -> Vec<Shape> {
    let smoothed = || {
        Shape::Line(Polyline {
            name: "smoothed-path",
            points: corners(&search.smoothed)
                .into_iter()
                .map(|pos| map.centre(pos))
                .collect(),
            colour: palette::SMOOTHED_PATH,
            width: map.path_width(SMOOTHED_PATH_WIDTH),
        })
    };
    let mut shapes = Vec::new();
    if whole
        && let Some(path) = &search.path
        && search.coarse.is_none()
    {
        shapes.push(Shape::Line(Polyline {
            name: "raw-path",
            points: path.cells.iter().map(|&pos| map.centre(pos)).collect(),
            colour: palette::RAW_PATH,
            width: map.path_width(RAW_PATH_WIDTH),
        }));
        shapes.push(smoothed());
    }
    if let Some(coarse) = &search.coarse
        && search.path.is_some()
    {
        // The refined path (already smoothed), then the coarse one over it.
        shapes.push(smoothed());
        shapes.push(Shape::Line(Polyline {
            name: "coarse-path",
            points: coarse
                .waypoints
                .iter()
                .map(|&pos| map.centre(pos))
                .collect(),
            colour: palette::COARSE_PATH,
            width: map.path_width(COARSE_PATH_WIDTH),
        }));
    }
    shapes
}

/// The start's disc and the goal's square.
fn end_markers(search: &TracedSearch, map: MapPlacement) -> [Shape; 2] {
    // On cells large enough the marker leaves a ring of its cell showing;
    // on small ones it is drawn larger than the cell, to be found at all.
    let fitted = if map.cell >= NUMBER_CELL {
        // Small enough to leave the cell's numbers around it.
        f64::from(map.cell) * MARKER_RADIUS.0 / 2.0
    } else {
        f64::from(map.cell) * MARKER_RADIUS.0
    };
    let radius = if fitted >= MARKER_FITS {
        fitted
    } else {
        map.scaled(MARKER_RADIUS)
    };
    let marker = |name, pos, form, fill| {
        Shape::Marker(Marker {
            name,
            centre: map.centre(pos),
            radius,
            form,
            fill,
            outline: palette::MARKER_OUTLINE,
            outline_width: MARKER_OUTLINE_WIDTH,
        })
    };
    [
        marker("start", search.start, MarkerForm::Disc, palette::START),
        marker("goal", search.goal, MarkerForm::Square, palette::GOAL),
    ]
}

/// The hierarchy's cluster borders (lines along the cell edges where one
/// cluster meets the next, within the window) and its entrances (a small
/// square on each).
fn clusters_and_entrances(coarse: &CoarseView, map: MapPlacement) -> Vec<Shape> {
    let window = map.window;
    let size = i32::try_from(coarse.cluster_size)
        .unwrap_or(i32::MAX)
        .max(1);
    let cell = f64::from(map.cell);
    let (width, height) = (
        i32::try_from(window.width).unwrap_or(0),
        i32::try_from(window.height).unwrap_or(0),
    );
    let edge_x = |x: i32| f64::from(map.left) + f64::from(x - window.left) * cell;
    let edge_y = |y: i32| f64::from(map.top) + f64::from(y - window.top) * cell;
    let line_width = (cell / 8.0).max(1.0);
    let border = |points: Vec<Point>| {
        Shape::Line(Polyline {
            name: "cluster-border",
            points,
            colour: palette::CLUSTER_BORDER,
            width: line_width,
        })
    };
    let mut shapes = Vec::new();
    let first_x = (window.left / size + 1) * size;
    for x in (first_x..window.left + width).step_by(coarse.cluster_size.max(1)) {
        shapes.push(border(vec![
            Point {
                x: edge_x(x),
                y: edge_y(window.top),
            },
            Point {
                x: edge_x(x),
                y: edge_y(window.top + height),
            },
        ]));
    }
    let first_y = (window.top / size + 1) * size;
    for y in (first_y..window.top + height).step_by(coarse.cluster_size.max(1)) {
        shapes.push(border(vec![
            Point {
                x: edge_x(window.left),
                y: edge_y(y),
            },
            Point {
                x: edge_x(window.left + width),
                y: edge_y(y),
            },
        ]));
    }
    let radius = (cell * 0.3).max(1.0);
    shapes.extend(
        coarse
            .entrances
            .iter()
            .filter(|&&pos| window.contains(pos))
            .map(|&pos| {
                Shape::Marker(Marker {
                    name: "entrance",
                    centre: map.centre(pos),
                    radius,
                    form: MarkerForm::Square,
                    fill: palette::ENTRANCE,
                    outline: palette::ENTRANCE,
                    outline_width: 0.0,
                })
            }),
    );
    shapes
}

/// Where cells are at least [`ARROW_CELL`] pixels: an arrow from each
/// searched cell toward its parent; at least [`NUMBER_CELL`]: its g, h and f.
fn came_from_and_numbers(shown: &Shown, map: MapPlacement) -> Vec<Shape> {
    let mut shapes = Vec::new();
    if map.cell < ARROW_CELL {
        return shapes;
    }
    let mut cells: Vec<(&Pos, &gridpath::CellValues)> = shown.values.iter().collect();
    cells.sort_unstable_by_key(|(p, _)| (p.y, p.x));
    let reach = f64::from(map.cell) * ARROW_REACH;
    // Under the numbers the arrows are pale, so the digits read over them.
    let colour = if map.cell >= NUMBER_CELL {
        palette::CAME_FROM_UNDER_NUMBERS
    } else {
        palette::CAME_FROM
    };
    for &(&pos, values) in &cells {
        let Some(parent) = values.parent else {
            continue;
        };
        if !map.window.contains(pos) {
            continue;
        }
        let (from, toward) = (map.centre(pos), map.centre(parent));
        let (dx, dy) = (toward.x - from.x, toward.y - from.y);
        let length = dx.hypot(dy).max(f64::MIN_POSITIVE);
        let tip = Point {
            x: from.x + dx / length * reach,
            y: from.y + dy / length * reach,
        };
        // A stroke and a dot at its tip: the arrow points at the parent.
        shapes.push(Shape::Line(Polyline {
            name: "came-from",
            points: vec![from, tip],
            colour,
            width: map.scaled(ARROW_WIDTH),
        }));
        shapes.push(Shape::Marker(Marker {
            name: "came-from",
            centre: tip,
            radius: map.scaled(ARROW_WIDTH) * 1.2,
            form: MarkerForm::Disc,
            fill: colour,
            outline: colour,
            outline_width: 0.0,
        }));
    }
    if map.cell < NUMBER_CELL {
        return shapes;
    }
    for &(&pos, values) in &cells {
        if !map.window.contains(pos) {
            continue;
        }
        let centre = map.centre(pos);
        let left = (centre.x - f64::from(map.cell) / 2.0) as u32 + 2;
        let top = (centre.y - f64::from(map.cell) / 2.0) as u32 + 2;
        let row = (map.cell - 4) / 3;
        for (line, (name, value)) in [("g", values.g), ("h", values.h), ("f", values.f)]
            .into_iter()
            .enumerate()
        {
            shapes.push(Shape::Text(Label {
                left,
                top: top + u32::try_from(line).unwrap_or(0) * row,
                scale: 1,
                colour: palette::INK,
                text: format!("{name}{}", short_number(value)),
            }));
        }
    }
    shapes
}

/// A search value in at most four characters: `3.4`, `12.4`, `123`.
fn short_number(value: f64) -> String {
    if value < 99.95 {
        format!("{value:.1}")
    } else {
        format!("{value:.0}")
    }
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
    use crate::search_picture::search_settings::SearchSettings;
    use crate::search_picture::test_fixtures::two_rooms_scene;
    use crate::search_picture::traced_search::TracedSearch;
    use fogcrawl_core::{CostProfile, Terrain, UnknownCellPolicy};
    use gridpath::Heuristic;

    #[test]
    fn cells_shrink_as_maps_grow_but_stay_at_least_a_pixel() {
        assert_eq!(cell_size(12, 6, 1), NUMBER_CELL, "room for g, h and f");
        assert_eq!(cell_size(40, 20, 1), MAX_CELL_SIZE);
        assert_eq!(cell_size(512, 512, 1), 2);
        assert_eq!(cell_size(512, 512, 2), 1);
        assert_eq!(cell_size(61, 31, 2), 11);
        assert_eq!(cell_size(5000, 10, 1), 1);
    }

    #[test]
    fn large_cells_print_g_h_f_and_point_to_their_parents() {
        let (scene, searches) = two_rooms_scene(&[SearchSettings::default()]);
        let search = &searches[0];
        let texts: Vec<&str> = scene.texts().collect();
        let start = search.values[&search.start];
        assert_eq!(start.g, 0.0);
        assert!(texts.contains(&"g0.0"), "{texts:?}");
        for (pos, values) in &search.values {
            let f = format!("f{}", short_number(values.f));
            assert!(texts.contains(&f.as_str()), "{pos}: {f}");
        }
        let arrows = scene
            .shapes
            .iter()
            .filter(|shape| matches!(shape, Shape::Line(line) if line.name == "came-from"))
            .count();
        let with_parent = search
            .values
            .values()
            .filter(|v| v.parent.is_some())
            .count();
        assert_eq!(
            arrows, with_parent,
            "one arrow per searched cell but the start"
        );
        assert_eq!(short_number(3.44), "3.4");
        assert_eq!(short_number(123.4), "123");
    }

    #[test]
    fn the_legend_s_cost_range_is_the_pictured_grid_s() {
        let level = fogcrawl_core::parse_level_text("@....\n.....\n....>").expect("a level");
        let shading = CostShading::for_level(&CostProfile::default(), &level);
        assert_eq!(shading.cost_range(), (1.0, 1.0));
        let scene = lay_out("field", &level, &shading, &[]);
        assert!(
            scene.texts().any(|t| t == "ground, cost 1"),
            "every cell costs 1"
        );
        let (scene, _) = two_rooms_scene(&[SearchSettings::default()]);
        assert!(
            !scene.texts().any(|t| t.contains("0.5 to 4")),
            "no road nor swamp in the two rooms"
        );
    }

    #[test]
    fn a_large_map_is_pictured_where_the_search_went() {
        let rows: Vec<String> = (0..300).map(|_| ".".repeat(300)).collect();
        let mut text = rows.join("\n");
        text.replace_range(0..1, "@");
        text.replace_range(310..311, ">");
        let level = fogcrawl_core::parse_level_text(&text).expect("a level");
        let profile = CostProfile::default();
        let search = TracedSearch::run(
            &level,
            &profile,
            Pos::new(0, 0),
            Pos::new(9, 1),
            SearchSettings::default(),
        )
        .expect("a search");
        let window = Window::for_searches(&level, std::slice::from_ref(&search));
        assert_eq!((window.left, window.top), (0, 0));
        assert!(window.width < 30 && window.height < 30, "{window:?}");
        let scene = lay_out(
            "big",
            &level,
            &CostShading::for_level(&profile, &level),
            &[search],
        );
        let header = scene.texts().take(3).collect::<Vec<_>>().join(" ");
        assert!(header.contains("rows 0-"), "{header}");
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
        let shading = CostShading::for_level(
            &CostProfile::default(),
            &crate::search_picture::test_fixtures::two_rooms(),
        );
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
        let terrain = scene.cell_layers("terrain").next().expect("terrain");
        let cell = f64::from(terrain.cell_size);
        let first = raw.points[0];
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

    #[test]
    fn the_hierarchy_draws_clusters_entrances_and_its_coarse_path_over_the_fine_one() {
        use crate::search_picture::search_settings::PicturedEngine;
        let hierarchy = SearchSettings {
            engine: PicturedEngine::Hierarchy,
            cluster_size: 4,
            ..SearchSettings::default()
        };
        let (scene, searches) = two_rooms_scene(&[SearchSettings::default(), hierarchy]);
        let named = |name: &str| {
            scene
                .shapes
                .iter()
                .enumerate()
                .filter(|(_, shape)| match shape {
                    Shape::Line(line) => line.name == name,
                    Shape::Marker(marker) => marker.name == name,
                    _ => false,
                })
                .map(|(index, _)| index)
                .collect::<Vec<_>>()
        };
        // The 12x6 level in 4x4 clusters: borders at x = 4 and 8, y = 4.
        assert_eq!(named("cluster-border").len(), 3);
        let coarse = searches[1].coarse.as_ref().expect("the coarse tier");
        assert_eq!(named("entrance").len(), coarse.entrances.len());
        let coarse_lines = named("coarse-path");
        assert_eq!(coarse_lines.len(), 1, "only the hierarchy's panel");
        let fine = named("smoothed-path");
        assert_eq!(fine.len(), 2, "both panels");
        assert!(
            coarse_lines[0] > fine[1],
            "the coarse path is drawn over the fine one"
        );
        assert!(scene.texts().any(|t| t == "coarse path"));
        assert!(scene.texts().any(|t| t.contains("hierarchy, 4x4 clusters")));
    }
}
