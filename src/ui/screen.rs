//! The whole screen: draws the title line, map, side panel, message log
//! and key bar where the layout (`screen_layout`) puts them, popups on top,
//! and a "too small" message below the minimum size.
//!
//! `impl Widget for &App`: the one place that reads the app to hand each
//! view what it draws; drawing can change nothing.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::Span;
use ratatui::widgets::{Block, Borders, Widget};

use crate::ui::app::App;
use crate::ui::character_view::CharacterSheet;
use crate::ui::inventory_view::InventoryPopup;
use crate::ui::level_map_view::LevelMapPopup;
use crate::ui::map_view::MapView;
use crate::ui::overlay::view::{OverlayMaps, OverlayPanel, OverlayScene};
use crate::ui::panels::{MessageLog, SidePanel};
use crate::ui::popups::TooSmall;
use crate::ui::run_end_view::GameOverPopup;
use crate::ui::screen_layout::{MIN_HEIGHT, MIN_WIDTH, Screen};
use crate::ui::screen_state::Overlay;
use crate::ui::theme::UiRole;

pub use crate::ui::screen_layout::ScreenLayout;

impl Widget for &App {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let Some(screen) = self.screen_in(area) else {
            TooSmall {
                need: (MIN_WIDTH, MIN_HEIGHT),
            }
            .render(area, buf);
            return;
        };
        let layout = screen.parts;
        self.title_line().render(layout.title, buf);
        let map_block = Block::new()
            .borders(Borders::ALL)
            .border_style(self.palette.ui(UiRole::Border))
            .title(Span::styled(
                format!(" {} ", self.game.level().name),
                self.palette.ui(UiRole::Title),
            ));
        map_block.render(layout.map_frame, buf);
        if self.debug().on {
            render_overlay(self, &screen, buf);
        } else {
            render_play(self, &screen, buf);
        }
        MessageLog {
            game: &self.game,
            palette: self.palette,
        }
        .render(layout.log, buf);
        self.key_bar().render(layout.key_bar, buf);
        render_popups(self, &screen, area, buf);
    }
}

/// The debug overlay's maps and its panel.
fn render_overlay(app: &App, screen: &Screen, buf: &mut Buffer) {
    let scene = OverlayScene {
        game: &app.game,
        debug: app.debug(),
        palette: app.palette,
    };
    OverlayMaps {
        scene,
        panes: &screen.panes,
        side_by_side: screen.side_by_side,
    }
    .render(screen.map, buf);
    OverlayPanel(scene).render(screen.parts.side_panel, buf);
}

/// The map of play and the side panel.
fn render_play(app: &App, screen: &Screen, buf: &mut Buffer) {
    let shot = app.shot_path();
    let reach = app.shooter_reach();
    let pointed = app.pointed_monster_pos();
    MapView {
        game: &app.game,
        palette: app.palette,
        origin: screen.main_pane().origin,
        look_cursor: app.look_cursor(),
        path: app.travel_path(),
        pointed,
        shot: &shot,
        reach: &reach,
        landing: app.lure_landing().and_then(|(_, landing)| landing.ok()),
    }
    .render(screen.map, buf);
    SidePanel {
        game: &app.game,
        palette: app.palette,
        overlay: app.overlay(),
        look_cursor: app.look_cursor(),
        auto_advancing: app.is_auto_advancing(),
        pointed,
        hover: app.hover(),
        travel_path: app.travel_path(),
        aim_note: app.aim_note(),
    }
    .render(screen.parts.side_panel, buf);
}

/// The end of the game and whatever popup is open, over the rest.
fn render_popups(app: &App, screen: &Screen, area: Rect, buf: &mut Buffer) {
    let (game, palette) = (&app.game, app.palette);
    if game.is_over() && app.overlay() == Overlay::None {
        GameOverPopup {
            game,
            palette,
            record: app.run_record(),
            keys: !app.is_watched(),
        }
        .render(area, buf);
    }
    match app.overlay() {
        Overlay::Help => app.help_popup().render(area, buf),
        Overlay::Inventory => InventoryPopup { game, palette }.render(screen.map, buf),
        Overlay::Messages => app.history_popup().render(area, buf),
        Overlay::LevelMap => LevelMapPopup { game, palette }.render(area, buf),
        Overlay::Character => CharacterSheet {
            game,
            palette,
            quiver: app.quiver(),
        }
        .render(area, buf),
        Overlay::None
        | Overlay::DirectionPrompt(_)
        | Overlay::ThrowPrompt(_)
        | Overlay::TargetPrompt(_)
        | Overlay::Look => {}
    }
}
