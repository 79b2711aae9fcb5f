//! The screen's layout: where the title, map, side panel, message log and
//! key bar go, and where each map starts on the level, as a pure function
//! of the screen's size, the input mode, the overlay's shape, the camera
//! and the rows the header and the status line need.
//!
//! It never sees the app: the app hands it those facts
//! ([`LayoutInput`]), the screen draws in the [`ScreenLayout`] it returns,
//! and the mouse finds the cell under the pointer in the same layout
//! (`Screen::map_cell`), so a click lands on the cell drawn there.

use ratatui::layout::{Constraint, Layout, Position, Rect};
use ratatui::widgets::{Block, Borders};

use crate::ui::camera::Camera;
use crate::ui::command::InputMode;
use gridpath::Pos;

/// The smallest terminal the game is drawn in.
pub(crate) const MIN_WIDTH: u16 = 60;
pub(crate) const MIN_HEIGHT: u16 = 20;
/// The side panel's width, borders included, and on wide terminals.
const SIDE_PANEL_WIDTH: u16 = 28;
const WIDE_SIDE_PANEL_WIDTH: u16 = 34;
const WIDE_TERMINAL: u16 = 140;
/// The side panel's width while the debug overlay is on (stats, inspector).
const OVERLAY_PANEL_WIDTH: u16 = 38;
/// Message log rows on short and on tall terminals.
const SHORT_LOG_ROWS: u16 = 4;
const TALL_LOG_ROWS: u16 = 7;
/// From this many rows on, the log is taller and a long header may take
/// two rows.
pub(crate) const TALL_TERMINAL: u16 = 40;
/// Rows the header takes on tall terminals when the level's description
/// does not fit beside its name (short ones cut it with `…`).
pub(crate) const TALL_TITLE_ROWS: u16 = 2;
/// The most rows a long notice takes on the status line; the rows past the
/// first come out of the message log, so the map does not move.
pub(crate) const MOST_STATUS_ROWS: u16 = 3;

/// How the debug overlay shapes the map area.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum OverlayShape {
    /// No overlay: the map of play and the side panel.
    Off,
    /// The overlay's one map and its wider panel.
    OneMap,
    /// The overlay's search and its comparison side by side, each under a
    /// title row, a one-column gap between them.
    SideBySide,
}

/// Everything the layout depends on.
#[derive(Debug, Clone)]
pub struct LayoutInput<'a> {
    /// The whole screen.
    pub area: Rect,
    /// What keys mean now: a popup over the map takes the mouse's clicks.
    pub mode: InputMode,
    pub overlay: OverlayShape,
    /// Where the map looks.
    pub camera: &'a Camera,
    /// Rows the header needs (1, or `TALL_TITLE_ROWS` for a long one).
    pub title_rows: u16,
    /// Rows the status line needs (a long notice wraps).
    pub status_rows: u16,
}

/// One map drawn on screen: its area and the level cell at its top-left.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct MapPane {
    pub area: Rect,
    pub origin: Pos,
}

impl MapPane {
    /// The level cell drawn at `at`, if `at` is in this pane.
    fn cell_at(&self, at: Position) -> Option<Pos> {
        self.area.contains(at).then(|| {
            Pos::new(
                self.origin.x + i32::from(at.x - self.area.x),
                self.origin.y + i32::from(at.y - self.area.y),
            )
        })
    }
}

/// Where each part of the screen goes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ScreenLayout {
    pub title: Rect,
    /// The map's frame; the map itself is drawn inside its border.
    pub map_frame: Rect,
    pub side_panel: Rect,
    pub log: Rect,
    pub key_bar: Rect,
}

impl ScreenLayout {
    /// The layout of a terminal of at least the minimum size.
    pub fn new(area: Rect) -> Self {
        Self::fitted(area, false, 1, 1)
    }

    /// The layout for a header of `title_rows` and a status line of
    /// `status_rows` (its rows past the first taken from the message log,
    /// which keeps at least one), with the debug overlay's wider side
    /// panel when `overlay`.
    pub(crate) fn fitted(area: Rect, overlay: bool, title_rows: u16, status_rows: u16) -> Self {
        let log_rows = if area.height >= TALL_TERMINAL {
            TALL_LOG_ROWS
        } else {
            SHORT_LOG_ROWS
        };
        let borrowed = status_rows.saturating_sub(1).min(log_rows - 1);
        let panel_width = if overlay {
            OVERLAY_PANEL_WIDTH
        } else if area.width >= WIDE_TERMINAL {
            WIDE_SIDE_PANEL_WIDTH
        } else {
            SIDE_PANEL_WIDTH
        };
        let [title, middle, log, key_bar] = Layout::vertical([
            Constraint::Length(title_rows.max(1)),
            Constraint::Min(1),
            Constraint::Length(log_rows - borrowed),
            Constraint::Length(1 + borrowed),
        ])
        .areas(area);
        let [map_frame, side_panel] =
            Layout::horizontal([Constraint::Min(1), Constraint::Length(panel_width)]).areas(middle);
        Self {
            title,
            map_frame,
            side_panel,
            log,
            key_bar,
        }
    }

    /// Where the map itself is drawn: inside its frame's border.
    pub(crate) fn map(&self) -> Rect {
        Block::new().borders(Borders::ALL).inner(self.map_frame)
    }
}

/// The two halves of the overlay's side-by-side maps: each half's title
/// row and map, and the gap column between them.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SideBySide {
    pub titles: [Rect; 2],
    pub maps: [Rect; 2],
    pub gap: Rect,
}

impl SideBySide {
    pub(crate) fn of(area: Rect) -> Self {
        let [left, gap, right] = Layout::horizontal([
            Constraint::Fill(1),
            Constraint::Length(1),
            Constraint::Fill(1),
        ])
        .areas(area);
        let split = |half: Rect| -> [Rect; 2] {
            Layout::vertical([Constraint::Length(1), Constraint::Fill(1)]).areas(half)
        };
        let [left_title, left_map] = split(left);
        let [right_title, right_map] = split(right);
        Self {
            titles: [left_title, right_title],
            maps: [left_map, right_map],
            gap,
        }
    }
}

/// The whole screen laid out: the parts, the maps drawn and whether the
/// mouse reaches them.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Screen {
    pub parts: ScreenLayout,
    /// The map area inside its frame.
    pub map: Rect,
    /// The maps drawn in it: one, or the overlay's two side by side.
    pub panes: Vec<MapPane>,
    /// The overlay's halves, when side by side.
    pub side_by_side: Option<SideBySide>,
    /// Whether a popup covers the map (help, the inventory, a sheet...):
    /// then no click lands on it.
    map_covered: bool,
    level: (usize, usize),
}

/// Whether a screen of `area` is below the minimum size.
pub(crate) fn is_too_small(area: Rect) -> bool {
    area.width < MIN_WIDTH || area.height < MIN_HEIGHT
}

/// The screen laid out from `input`; `None` below the minimum size.
pub(crate) fn lay_out(input: &LayoutInput<'_>) -> Option<Screen> {
    if is_too_small(input.area) {
        return None;
    }
    let parts = ScreenLayout::fitted(
        input.area,
        input.overlay != OverlayShape::Off,
        input.title_rows,
        input.status_rows,
    );
    let map = parts.map();
    let pane = |area: Rect| MapPane {
        area,
        origin: input.camera.origin(area.width, area.height),
    };
    let side_by_side = (input.overlay == OverlayShape::SideBySide).then(|| SideBySide::of(map));
    let panes = match &side_by_side {
        Some(halves) => halves.maps.iter().map(|&half| pane(half)).collect(),
        None => vec![pane(map)],
    };
    Some(Screen {
        parts,
        map,
        panes,
        side_by_side,
        map_covered: matches!(
            input.mode,
            InputMode::Help
                | InputMode::Messages
                | InputMode::Inventory
                | InputMode::GameOver
                | InputMode::Sheet
        ),
        level: input.camera.level_size(),
    })
}

impl Screen {
    /// The level cell drawn at screen column `column`, row `row`, if the
    /// map is what is there (not a popup over it, nor the panels).
    pub fn map_cell(&self, column: u16, row: u16) -> Option<Pos> {
        if self.map_covered {
            return None;
        }
        let at = Position::new(column, row);
        let pos = self.panes.iter().find_map(|pane| pane.cell_at(at))?;
        let (width, height) = self.level;
        let on_level = usize::try_from(pos.x).is_ok_and(|x| x < width)
            && usize::try_from(pos.y).is_ok_and(|y| y < height);
        on_level.then_some(pos)
    }

    /// The screen position (column, row) where level cell `pos` is drawn,
    /// if it is (the tests point the mouse at cells).
    #[cfg(test)]
    pub(crate) fn position_of(&self, pos: Pos) -> Option<(u16, u16)> {
        let map = self.map;
        (0..map.width)
            .flat_map(|x| (0..map.height).map(move |y| (map.x + x, map.y + y)))
            .find(|&(x, y)| self.map_cell(x, y) == Some(pos))
    }

    /// The first map's pane (the map of play, or the overlay's left one).
    pub(crate) fn main_pane(&self) -> MapPane {
        self.panes.first().copied().unwrap_or(MapPane {
            area: self.map,
            origin: Pos::new(0, 0),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use fogcrawl_core::{Game, GameSetup};

    fn game() -> Game {
        Game::new(&GameSetup::new(
            Some("tests/fixtures/game/duel.toml"),
            1,
            fogcrawl_core::MonsterConfig::shipped().unwrap(),
        ))
        .unwrap()
    }

    fn input(camera: &Camera, mode: InputMode, overlay: OverlayShape) -> LayoutInput<'_> {
        LayoutInput {
            area: Rect::new(0, 0, 80, 24),
            mode,
            overlay,
            camera,
            title_rows: 1,
            status_rows: 1,
        }
    }

    #[test]
    fn the_mouse_finds_the_cell_drawn_under_it_and_nothing_off_the_map() {
        let game = game();
        let camera = Camera::playing(&game, None);
        let screen = lay_out(&input(&camera, InputMode::Playing, OverlayShape::Off)).unwrap();
        let pane = screen.main_pane();
        let player = game.player().pos;
        let column = u16::try_from(player.x - pane.origin.x).unwrap() + pane.area.x;
        let row = u16::try_from(player.y - pane.origin.y).unwrap() + pane.area.y;
        assert_eq!(screen.map_cell(column, row), Some(player));
        assert_eq!(screen.map_cell(0, 0), None, "the title line");
        let covered = lay_out(&input(&camera, InputMode::Help, OverlayShape::Off)).unwrap();
        assert_eq!(covered.map_cell(column, row), None, "help covers the map");
    }

    #[test]
    fn side_by_side_maps_are_two_panes_and_a_small_screen_none() {
        let game = game();
        let camera = Camera::overlay(&game, None, None);
        let screen = lay_out(&input(
            &camera,
            InputMode::Overlay,
            OverlayShape::SideBySide,
        ))
        .unwrap();
        assert_eq!(screen.panes.len(), 2);
        assert!(screen.panes[0].area.right() < screen.panes[1].area.x);
        let mut small = input(&camera, InputMode::Overlay, OverlayShape::OneMap);
        small.area = Rect::new(0, 0, MIN_WIDTH - 1, MIN_HEIGHT);
        assert_eq!(lay_out(&small), None);
    }
}
