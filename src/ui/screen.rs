//! The whole screen: lays out the title line, map, side panel, message log
//! and key bar, puts popups on top, and falls back to a "too small" message
//! below the minimum size.
//!
//! `impl Widget for &App`: drawing reads the app and can change nothing.

use ratatui::buffer::Buffer;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::text::Span;
use ratatui::widgets::{Block, Borders, Widget};

use crate::ui::app::{App, Overlay};
use crate::ui::character_view::CharacterSheet;
use crate::ui::inventory_view::InventoryPopup;
use crate::ui::level_map_view::LevelMapPopup;
use crate::ui::map_view::MapView;
use crate::ui::overlay::view::{OverlayMaps, OverlayPanel};
use crate::ui::panels::{KeyBar, MessageLog, SidePanel, TitleLine};
use crate::ui::popups::TooSmall;
use crate::ui::run_end_view::GameOverPopup;
use crate::ui::theme::UiRole;

/// The smallest terminal the game is drawn in.
pub const MIN_WIDTH: u16 = 60;
pub const MIN_HEIGHT: u16 = 20;
/// The side panel's width, borders included, and on wide terminals.
const SIDE_PANEL_WIDTH: u16 = 28;
const WIDE_SIDE_PANEL_WIDTH: u16 = 34;
const WIDE_TERMINAL: u16 = 140;
/// The side panel's width while the debug overlay is on (stats, inspector).
const OVERLAY_PANEL_WIDTH: u16 = 38;
/// Message log rows on short and on tall terminals.
const SHORT_LOG_ROWS: u16 = 4;
const TALL_LOG_ROWS: u16 = 7;
const TALL_TERMINAL: u16 = 40;
/// Rows the header takes on tall terminals when the level's description
/// does not fit beside its name (short ones cut it with `…`).
const TALL_TITLE_ROWS: u16 = 2;
/// The most rows a long notice takes on the status line; the rows past the
/// first come out of the message log, so the map does not move.
const MOST_STATUS_ROWS: u16 = 3;

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
        Self::with_overlay(area, false)
    }

    /// The layout with the debug overlay's wider side panel when `overlay`.
    pub fn with_overlay(area: Rect, overlay: bool) -> Self {
        Self::fitted(area, overlay, 1, 1)
    }

    /// The layout for a header of `title_rows` and a status line of
    /// `status_rows` (its rows past the first taken from the message log,
    /// which keeps at least one).
    pub fn fitted(area: Rect, overlay: bool, title_rows: u16, status_rows: u16) -> Self {
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
}

pub fn is_too_small(area: Rect) -> bool {
    area.width < MIN_WIDTH || area.height < MIN_HEIGHT
}

/// The layout `app` is drawn in on a screen of `area` (the mouse asks it
/// too, to tell which map cell a click is on).
pub fn layout_of(app: &App, area: Rect) -> ScreenLayout {
    let title_rows = if area.height >= TALL_TERMINAL && !TitleLine(app).fits(area.width) {
        TALL_TITLE_ROWS
    } else {
        1
    };
    let status_rows = KeyBar(app).rows(area.width, MOST_STATUS_ROWS);
    ScreenLayout::fitted(area, app.debug().on, title_rows, status_rows)
}

/// Where the map itself is drawn: inside its frame's border.
pub fn map_area(layout: &ScreenLayout) -> Rect {
    Block::new().borders(Borders::ALL).inner(layout.map_frame)
}

impl Widget for &App {
    fn render(self, area: Rect, buf: &mut Buffer) {
        if is_too_small(area) {
            TooSmall {
                need: (MIN_WIDTH, MIN_HEIGHT),
            }
            .render(area, buf);
            return;
        }
        let debug = self.debug().on;
        let layout = layout_of(self, area);
        TitleLine(self).render(layout.title, buf);

        let map_block = Block::new()
            .borders(Borders::ALL)
            .border_style(self.palette.ui(UiRole::Border))
            .title(Span::styled(
                format!(" {} ", self.game.level().name),
                self.palette.ui(UiRole::Title),
            ));
        let map_area = map_block.inner(layout.map_frame);
        map_block.render(layout.map_frame, buf);
        if debug {
            OverlayMaps(self).render(map_area, buf);
            OverlayPanel(self).render(layout.side_panel, buf);
        } else {
            let shot = self.shot_path();
            let reach = self.shooter_reach();
            MapView {
                game: &self.game,
                palette: self.palette,
                look_cursor: self.look_cursor(),
                path: self.travel_path(),
                pointed: self.pointed_monster_pos(),
                shot: &shot,
                reach: &reach,
            }
            .render(map_area, buf);
            SidePanel(self).render(layout.side_panel, buf);
        }
        MessageLog(self).render(layout.log, buf);
        KeyBar(self).render(layout.key_bar, buf);

        if self.game.is_over() && self.overlay() == Overlay::None {
            GameOverPopup {
                game: &self.game,
                palette: self.palette,
                record: self.run_record(),
                keys: !self.is_watched(),
            }
            .render(area, buf);
        }
        match self.overlay() {
            Overlay::Help => self.help_popup().render(area, buf),
            Overlay::Inventory => InventoryPopup(self).render(map_area, buf),
            Overlay::Messages => self.history_popup().render(area, buf),
            Overlay::LevelMap => LevelMapPopup(self).render(area, buf),
            Overlay::Character => CharacterSheet(self).render(area, buf),
            Overlay::None
            | Overlay::DirectionPrompt(_)
            | Overlay::ThrowPrompt(_)
            | Overlay::TargetPrompt(_)
            | Overlay::Look => {}
        }
    }
}
