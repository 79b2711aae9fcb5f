//! Keys and the mouse to [`Action`]s: a pure mapping (the app as last drawn
//! tells where the map cells are). The keys are listed, with what they do,
//! in `view::HELP`, which the help popup and docs/LAB.md show.

use crossterm::event::{
    KeyCode, KeyEvent, KeyEventKind, KeyModifiers, MouseButton, MouseEvent, MouseEventKind,
};

use super::app::{Action, Asking, LabApp, Setting};
use super::drawing::Brush;
use super::view::cell_at;
use fogcrawl_core::Terrain;

/// Lines the wheel pans the map.
const WHEEL_CELLS: i32 = 3;

/// The action a key stands for, if any.
pub(crate) fn action_for_key(key: KeyEvent, app: &LabApp) -> Option<Action> {
    if key.kind == KeyEventKind::Release {
        return None;
    }
    if key.modifiers.contains(KeyModifiers::CONTROL) && key.code == KeyCode::Char('c') {
        return Some(Action::Quit);
    }
    if app.prompt.is_some() {
        if key.modifiers.contains(KeyModifiers::CONTROL) {
            // Ctrl-U clears the line, as shells do; other chords type nothing.
            return (key.code == KeyCode::Char('u')).then_some(Action::ClearLine);
        }
        return match key.code {
            KeyCode::Enter => Some(Action::Submit),
            KeyCode::Esc => Some(Action::Back),
            KeyCode::Backspace => Some(Action::Backspace),
            KeyCode::Char(c) => Some(Action::Type(c)),
            _ => None,
        };
    }
    let action = match key.code {
        KeyCode::Esc => Action::Back,
        KeyCode::Char('q') => Action::Quit,
        KeyCode::Char('?') => Action::Help,
        KeyCode::Char(' ') => Action::PlayPause,
        KeyCode::Char('.') => Action::StepForward,
        KeyCode::Char(',') => Action::StepBack,
        KeyCode::Char('>') => Action::NextPause,
        KeyCode::Home => Action::ToStart,
        KeyCode::End => Action::ToEnd,
        KeyCode::Char('+' | '=') => Action::Faster,
        KeyCode::Char('-') => Action::Slower,
        KeyCode::Char('a') => Action::Change(Setting::Algorithm),
        KeyCode::Char('h') => Action::Change(Setting::Heuristic),
        KeyCode::Char('w') => Action::Change(Setting::WeightUp),
        KeyCode::Char('W') => Action::Change(Setting::WeightDown),
        KeyCode::Char('t') => Action::Change(Setting::TieBreak),
        KeyCode::Char('d') => Action::Change(Setting::Diagonals),
        KeyCode::Char('x') => Action::Change(Setting::Unknown),
        KeyCode::Char('i') => Action::Change(Setting::Influence),
        KeyCode::Char('b') => Action::Change(Setting::Budget),
        KeyCode::Char('c') => Action::Compare,
        KeyCode::Tab => Action::SelectOther,
        KeyCode::Char('m') => Action::NextBrush,
        KeyCode::Char(digit @ '0'..='9') => Action::Brush(brush_for_digit(digit)),
        KeyCode::Char('v') => Action::Numbers,
        KeyCode::Up => Action::MoveCursor(0, -1),
        KeyCode::Down => Action::MoveCursor(0, 1),
        KeyCode::Left => Action::MoveCursor(-1, 0),
        KeyCode::Right => Action::MoveCursor(1, 0),
        KeyCode::Enter => Action::PaintAtCursor,
        KeyCode::Delete | KeyCode::Backspace => Action::EraseAtCursor,
        KeyCode::Char('s') => Action::StartAtCursor,
        KeyCode::Char('g') => Action::GoalAtCursor,
        KeyCode::Char('f') => Action::FillAtCursor,
        KeyCode::Char('K') => Action::ClearAll,
        KeyCode::Char('u') => Action::Undo,
        KeyCode::Char('S') => Action::Ask(Asking::Save),
        KeyCode::Char('O') => Action::Ask(Asking::Open),
        KeyCode::Char('e') => Action::Ask(Asking::Picture),
        KeyCode::Char('E') => Action::Ask(Asking::Animation),
        _ => return None,
    };
    Some(action)
}

/// The brush a number key picks: 1 wall ... 8 door, 9 fog, 0 danger.
pub(crate) fn brush_for_digit(digit: char) -> Brush {
    match digit {
        '1' => Brush::Terrain(Terrain::Wall),
        '2' => Brush::Terrain(Terrain::Floor),
        '3' => Brush::Terrain(Terrain::Road),
        '4' => Brush::Terrain(Terrain::Grass),
        '5' => Brush::Terrain(Terrain::Mud),
        '6' => Brush::Terrain(Terrain::Swamp),
        '7' => Brush::Terrain(Terrain::ShallowWater),
        '8' => Brush::Terrain(Terrain::ClosedDoor),
        '9' => Brush::Fog,
        _ => Brush::Danger,
    }
}

/// The action a mouse event stands for, if any.
pub(crate) fn action_for_mouse(event: MouseEvent, app: &LabApp) -> Option<Action> {
    let cell = cell_at(app, event.column, event.row).map(|(_, pos)| pos);
    match event.kind {
        MouseEventKind::Moved => Some(Action::Hover(cell)),
        MouseEventKind::Down(MouseButton::Left) => cell.map(|pos| Action::Press(pos, true)),
        MouseEventKind::Down(MouseButton::Right) => cell.map(|pos| Action::Press(pos, false)),
        MouseEventKind::Drag(_) => cell.map(Action::DragTo),
        MouseEventKind::Up(_) => Some(Action::Release),
        MouseEventKind::ScrollUp => Some(Action::Pan(0, -WHEEL_CELLS)),
        MouseEventKind::ScrollDown => Some(Action::Pan(0, WHEEL_CELLS)),
        MouseEventKind::ScrollLeft => Some(Action::Pan(-WHEEL_CELLS, 0)),
        MouseEventKind::ScrollRight => Some(Action::Pan(WHEEL_CELLS, 0)),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lab::drawing::Drawing;
    use crate::lab::setup::SearchSetup;
    use crate::ui::theme::{ColorSupport, Palette};
    use crossterm::event::KeyEventState;
    use gridpath::Pos;

    fn key(code: KeyCode) -> KeyEvent {
        KeyEvent {
            code,
            modifiers: KeyModifiers::NONE,
            kind: KeyEventKind::Press,
            state: KeyEventState::NONE,
        }
    }

    #[test]
    fn keys_and_clicks_reach_the_cells_drawn() {
        let mut app = LabApp::new(
            Drawing::empty(20, 8),
            vec![SearchSetup::default()],
            Palette::new(ColorSupport::None),
        );
        app.screen = (80, 24);
        assert_eq!(
            action_for_key(key(KeyCode::Char(' ')), &app),
            Some(Action::PlayPause)
        );
        assert_eq!(
            action_for_key(key(KeyCode::Char('1')), &app),
            Some(Action::Brush(Brush::Terrain(Terrain::Wall)))
        );
        // The map starts below the title and the search's header line.
        let click = MouseEvent {
            kind: MouseEventKind::Down(MouseButton::Left),
            column: 3,
            row: 4,
            modifiers: KeyModifiers::NONE,
        };
        assert_eq!(
            action_for_mouse(click, &app),
            Some(Action::Press(Pos::new(3, 2), true))
        );
        app.act(Action::Ask(Asking::Save));
        assert_eq!(
            action_for_key(key(KeyCode::Char('q')), &app),
            Some(Action::Type('q'))
        );
    }
}
