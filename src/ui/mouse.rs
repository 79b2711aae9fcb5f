//! The mouse: a pure mapping from a crossterm mouse event (with the input
//! mode and the screen as laid out) to a [`Command`], as `input` maps keys.
//! Pointing at a map cell describes it, a left click travels there (or
//! acts on it), a right click looks at it, the wheel scrolls long screens.
//!
//! It finds the cell under the pointer in the layout the screen draws with
//! (`screen_layout::Screen::map_cell`), so it never guesses. It never sees
//! or changes the app: `App::update` carries the command out.

use crossterm::event::{MouseButton, MouseEvent, MouseEventKind};

use crate::ui::command::{Command, InputMode, Scroll};
use crate::ui::screen_layout::Screen;

/// Lines one turn of the wheel scrolls.
const WHEEL_LINES: u16 = 3;

/// The command a mouse event stands for, if any, in input `mode` on
/// `screen` (`None` when the terminal is too small to draw it).
pub(crate) fn command_for_mouse(
    event: MouseEvent,
    mode: InputMode,
    screen: Option<&Screen>,
) -> Option<Command> {
    let map_cell = || screen.and_then(|screen| screen.map_cell(event.column, event.row));
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
        MouseEventKind::Down(MouseButton::Left) => map_cell().map(Command::Click),
        MouseEventKind::Down(MouseButton::Right) => map_cell().map(Command::Describe),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ui::app::App;
    use crate::ui::app::tests::duel;
    use crossterm::event::KeyModifiers;
    use gridpath::Pos;

    fn command(event: MouseEvent, app: &App) -> Option<Command> {
        command_for_mouse(event, app.input_mode(), app.screen().as_ref())
    }

    fn map_cell(app: &App, column: u16, row: u16) -> Option<Pos> {
        app.screen()?.map_cell(column, row)
    }

    /// The screen position of level cell `pos` on the app's screen.
    fn screen_of(app: &App, pos: Pos) -> (u16, u16) {
        app.screen()
            .and_then(|screen| screen.position_of(pos))
            .expect("the cell is on screen")
    }

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
            command(mouse(MouseEventKind::Down(MouseButton::Left), x, y), &app),
            Some(Command::Click(target))
        );
        assert_eq!(
            command(
                mouse(MouseEventKind::Down(MouseButton::Right), x + 1, y),
                &app
            ),
            Some(Command::Describe(Pos::new(target.x + 1, target.y)))
        );
        assert_eq!(
            command(mouse(MouseEventKind::Moved, x, y), &app),
            Some(Command::Pointer(x, y))
        );
        assert_eq!(map_cell(&app, x, y), Some(target));
        // The title line is no map cell.
        assert_eq!(
            command(mouse(MouseEventKind::Down(MouseButton::Left), 0, 0), &app),
            None
        );
        assert_eq!(map_cell(&app, 0, 0), None);
    }

    #[test]
    fn the_wheel_scrolls_help() {
        let mut app = duel();
        app.update(Command::ShowHelp);
        assert_eq!(
            command(mouse(MouseEventKind::ScrollDown, 10, 10), &app),
            Some(Command::Scroll(Scroll::Down(WHEEL_LINES)))
        );
        assert_eq!(
            command(mouse(MouseEventKind::Down(MouseButton::Left), 10, 10), &app),
            None,
            "no map cell under the help"
        );
    }
}
