//! The mouse: a pure mapping from a crossterm mouse event (and the app as
//! it was last drawn) to a [`Command`], as `input` maps keys. Pointing at a
//! map cell describes it, a left click travels there (or acts on it), a
//! right click looks at it, the wheel scrolls long screens.
//!
//! It finds the cell under the pointer with the layout and camera the
//! screen draws with (`screen::layout_of`, `map_view::cell_at`,
//! `overlay_view::overlay_cell_at`), so it never guesses. It never changes
//! the app: `App::update` carries the command out.

use crossterm::event::{MouseButton, MouseEvent, MouseEventKind};
use ratatui::layout::{Position, Rect};

use crate::ui::app::App;
use crate::ui::command::{Command, InputMode, Scroll};
use crate::ui::map_view::cell_at;
use crate::ui::overlay::view::overlay_cell_at;
use crate::ui::screen::{is_too_small, layout_of, map_area};
use gridpath::Pos;

/// Lines one turn of the wheel scrolls.
const WHEEL_LINES: u16 = 3;

/// The command a mouse event stands for, if any.
pub fn command_for_mouse(event: MouseEvent, app: &App) -> Option<Command> {
    let mode = app.input_mode();
    match event.kind {
        MouseEventKind::ScrollUp if matches!(mode, InputMode::Help | InputMode::Messages) => {
            Some(Command::Scroll(Scroll::Up(WHEEL_LINES)))
        }
        MouseEventKind::ScrollDown if matches!(mode, InputMode::Help | InputMode::Messages) => {
            Some(Command::Scroll(Scroll::Down(WHEEL_LINES)))
        }
        MouseEventKind::Moved | MouseEventKind::Drag(_) => {
            Some(Command::Pointer(event.column, event.row))
        }
        MouseEventKind::Down(MouseButton::Left) => {
            map_cell(app, event.column, event.row).map(Command::Click)
        }
        MouseEventKind::Down(MouseButton::Right) => {
            map_cell(app, event.column, event.row).map(Command::Describe)
        }
        _ => None,
    }
}

/// The level cell drawn at screen column `column`, row `row`, if the map is
/// what is there (not a popup over it, nor the panels).
pub fn map_cell(app: &App, column: u16, row: u16) -> Option<Pos> {
    let (width, height) = app.screen_size();
    let area = Rect::new(0, 0, width, height);
    if is_too_small(area)
        || matches!(
            app.input_mode(),
            InputMode::Help
                | InputMode::Messages
                | InputMode::Inventory
                | InputMode::GameOver
                | InputMode::Sheet
        )
    {
        return None;
    }
    let map = map_area(&layout_of(app, area));
    let at = Position::new(column, row);
    if app.debug().on {
        overlay_cell_at(app, map, at)
    } else {
        cell_at(&app.game, map, app.look_cursor(), at)
    }
}

/// The screen position of level cell `pos` at the app's screen size (the
/// tests point the mouse at cells).
#[cfg(test)]
pub(crate) fn screen_of(app: &App, pos: Pos) -> (u16, u16) {
    let (width, height) = app.screen_size();
    let map = map_area(&layout_of(app, Rect::new(0, 0, width, height)));
    (0..map.width)
        .flat_map(|x| (0..map.height).map(move |y| (map.x + x, map.y + y)))
        .find(|&(x, y)| map_cell(app, x, y) == Some(pos))
        .expect("the cell is on screen")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ui::app::tests::duel;
    use crossterm::event::KeyModifiers;

    fn mouse(kind: MouseEventKind, column: u16, row: u16) -> MouseEvent {
        MouseEvent {
            kind,
            column,
            row,
            modifiers: KeyModifiers::NONE,
        }
    }

    #[test]
    fn a_click_on_a_map_cell_names_that_cell_and_off_the_map_nothing() {
        let app = duel();
        let target = app.game.player().pos;
        let (x, y) = screen_of(&app, target);
        assert_eq!(
            command_for_mouse(mouse(MouseEventKind::Down(MouseButton::Left), x, y), &app),
            Some(Command::Click(target))
        );
        assert_eq!(
            command_for_mouse(
                mouse(MouseEventKind::Down(MouseButton::Right), x + 1, y),
                &app
            ),
            Some(Command::Describe(Pos::new(target.x + 1, target.y)))
        );
        assert_eq!(
            command_for_mouse(mouse(MouseEventKind::Moved, x, y), &app),
            Some(Command::Pointer(x, y))
        );
        assert_eq!(map_cell(&app, x, y), Some(target));
        // The title line is no map cell.
        assert_eq!(
            command_for_mouse(mouse(MouseEventKind::Down(MouseButton::Left), 0, 0), &app),
            None
        );
        assert_eq!(map_cell(&app, 0, 0), None);
    }

    #[test]
    fn the_wheel_scrolls_help() {
        let mut app = duel();
        app.update(Command::ShowHelp);
        assert_eq!(
            command_for_mouse(mouse(MouseEventKind::ScrollDown, 10, 10), &app),
            Some(Command::Scroll(Scroll::Down(WHEEL_LINES)))
        );
        assert_eq!(
            command_for_mouse(mouse(MouseEventKind::Down(MouseButton::Left), 10, 10), &app),
            None,
            "no map cell under the help"
        );
    }
}
