//! What the app hands the screen: the facts its layout is a function of
//! (size, input mode, the overlay's shape, the camera, the rows the header
//! and the status line need), the layout itself, and the header's and the
//! status line's views, whose sizes the layout depends on.
//!
//! The layout (`screen_layout`) never sees the app; the app asks it here,
//! and so does the mouse (through [`App::screen`]) and the screen that
//! draws, so all three agree on where each cell is.

use ratatui::layout::Rect;

use crate::ui::app::App;
use crate::ui::camera::Camera;
use crate::ui::command::InputMode;
use crate::ui::overlay::Layer;
use crate::ui::panels::{KeyBar, TitleLine};
use crate::ui::screen_layout::{
    LayoutInput, MOST_STATUS_ROWS, OverlayShape, Screen, TALL_TERMINAL, TALL_TITLE_ROWS, lay_out,
};
use crate::ui::screen_state::Overlay;

impl App {
    /// Where the map looks: the overlay's camera while it is on, else
    /// play's (keeping the look cursor in view).
    pub(crate) fn camera(&self) -> Camera {
        if self.debug.on {
            Camera::overlay(&self.game, self.debug.cursor, self.debug.followed)
        } else {
            Camera::playing(&self.game, self.look_cursor())
        }
    }

    /// How the debug overlay shapes the map area.
    pub(crate) fn overlay_shape(&self) -> OverlayShape {
        if !self.debug.on {
            OverlayShape::Off
        } else if self.debug.comparison.is_some() && self.debug.layer == Layer::Search {
            OverlayShape::SideBySide
        } else {
            OverlayShape::OneMap
        }
    }

    /// The header as it stands.
    pub(crate) fn title_line(&self) -> TitleLine<'_> {
        TitleLine {
            game: &self.game,
            palette: self.palette,
            overlay_on: self.debug.on,
        }
    }

    /// The status line as it stands: a notice, a prompt or the keys.
    pub(crate) fn key_bar(&self) -> KeyBar<'_> {
        KeyBar {
            palette: self.palette,
            overlay: self.overlay,
            notice: self.notice.as_ref(),
            mode: self.bar_mode(),
        }
    }

    /// Whose keys the key bar lists: the look cursor's, the game over
    /// screen's, the replay's, the overlay's (with or without its cursor),
    /// else play's. Popups such as help keep the bar of the screen beneath
    /// them.
    fn bar_mode(&self) -> InputMode {
        if self.overlay == Overlay::Look {
            InputMode::Looking
        } else if matches!(self.overlay, Overlay::TargetPrompt(_)) {
            InputMode::Targeting
        } else if self.game.is_over() {
            InputMode::GameOver
        } else if self.debug.replay.is_some() {
            InputMode::Replay
        } else if self.debug.on && self.debug.cursor.is_some() {
            InputMode::Look
        } else if self.debug.on {
            InputMode::Overlay
        } else {
            InputMode::Playing
        }
    }

    /// The screen laid out on `area`; `None` when it is too small.
    pub(crate) fn screen_in(&self, area: Rect) -> Option<Screen> {
        let title_rows = if area.height >= TALL_TERMINAL && !self.title_line().fits(area.width) {
            TALL_TITLE_ROWS
        } else {
            1
        };
        let camera = self.camera();
        lay_out(&LayoutInput {
            area,
            mode: self.input_mode(),
            overlay: self.overlay_shape(),
            camera: &camera,
            title_rows,
            status_rows: self.key_bar().rows(area.width, MOST_STATUS_ROWS),
        })
    }

    /// The screen laid out at the terminal's size when last drawn.
    pub fn screen(&self) -> Option<Screen> {
        let (width, height) = self.screen_size;
        self.screen_in(Rect::new(0, 0, width, height))
    }
}
