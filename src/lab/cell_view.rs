//! How one cell of a search panel looks: its terrain, its search state
//! (open, closed, on the path, the last expanded) as a background, its
//! came-from arrow, the start and the goal, fog and influence. In large
//! cells (`v`), the cell also prints F top left, G bottom left and H bottom
//! right, as the classic A* tutorial draws them.
//!
//! Without colour the arrows, `S`/`G`, `o` for open cells and reversed path
//! cells still tell the states apart.

use std::collections::HashMap;

use gridpath::Pos;
use ratatui::style::{Color, Modifier, Style};

use crate::ui::overlay::parent_arrow;
use fogcrawl_core::Terrain;

use super::app::LabApp;
use super::recording::Recording;

/// A cell's search state at the shown point.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum State {
    Untouched,
    Open,
    Closed,
    /// The cell just expanded.
    Current,
    Path,
}

/// What a cell shows.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct CellLook {
    pub glyph: char,
    pub style: Style,
    /// F, G and H at the screen's unit, when the search reached the cell.
    pub fgh: Option<[f64; 3]>,
}

/// The search state of `pos` in `recording` with `shown` expansions shown,
/// `path` its path's cells (empty until the whole search is shown).
pub(crate) fn state_of(
    recording: &Recording,
    shown: usize,
    pos: Pos,
    path: &HashMap<Pos, Option<Pos>>,
) -> State {
    if path.contains_key(&pos) {
        return State::Path;
    }
    if recording.last_expanded(shown) == Some(pos) && !recording.is_done(shown) {
        return State::Current;
    }
    match recording.at(pos, shown) {
        Some(shown) if shown.closed => State::Closed,
        Some(_) => State::Open,
        None => State::Untouched,
    }
}

/// How `pos` looks in the panel of `recording`.
pub(crate) fn look(
    app: &LabApp,
    recording: &Recording,
    shown: usize,
    pos: Pos,
    path: &HashMap<Pos, Option<Pos>>,
) -> CellLook {
    let drawing = &app.drawing;
    let terrain = drawing.terrain(pos).unwrap_or(Terrain::Wall);
    let fogged = drawing.is_fogged(pos);
    let (terrain_glyph, terrain_style) = if fogged {
        app.palette.remembered_terrain(terrain)
    } else {
        app.palette.visible_terrain(terrain)
    };
    let state = state_of(recording, shown, pos, path);
    let values = recording.at(pos, shown).map(|s| s.values);
    let fgh = values.map(|v| [v.f * app.unit, v.g * app.unit, v.h * app.unit]);
    // On the path the arrow points back along it (between jump points
    // too, where the search never looked); elsewhere to the parent.
    let arrow = path
        .get(&pos)
        .copied()
        .flatten()
        .or_else(|| values.and_then(|v| v.parent))
        .map(|parent| arrow_toward(pos, parent));
    let colour = app.palette.has_colour();
    let mut style = terrain_style;
    let mut glyph = terrain_glyph;
    if state != State::Untouched && terrain.is_passable() || state == State::Path {
        glyph = arrow.unwrap_or(glyph);
        if !colour && state == State::Open && arrow.is_none() {
            glyph = 'o';
        }
    }
    // Bidirectional A*'s backward half (from the goal) closes in cyan.
    let backward = recording.backward.contains(&pos);
    let background = match state {
        State::Untouched => None,
        State::Open => Some(Color::Green),
        State::Closed if backward => Some(Color::Cyan),
        State::Closed => Some(Color::Blue),
        State::Current => Some(Color::Magenta),
        State::Path => Some(Color::Yellow),
    };
    if colour {
        if let Some(bg) = background {
            style = Style::new().fg(Color::Black).bg(bg);
        } else if fogged {
            style = style.bg(Color::DarkGray);
        } else if drawing.influences().danger.value(pos) > 0.0 {
            style = style.bg(Color::Red);
        } else if drawing.influences().crowding.value(pos) > 0.0 {
            style = style.bg(Color::LightMagenta);
        }
    } else {
        match state {
            State::Path | State::Current => style = style.add_modifier(Modifier::REVERSED),
            State::Closed => style = style.add_modifier(Modifier::BOLD),
            _ => {}
        }
    }
    // The searcher walks into a wall it did not know: the fog's lesson.
    if state == State::Path && !terrain.is_passable() {
        glyph = '✗';
        style = if colour {
            Style::new()
                .fg(Color::White)
                .bg(Color::Red)
                .add_modifier(Modifier::BOLD)
        } else {
            Style::new().add_modifier(Modifier::REVERSED | Modifier::BOLD)
        };
    }
    if pos == drawing.start() || pos == drawing.goal() {
        glyph = if pos == drawing.start() { 'S' } else { 'G' };
        let bg = if pos == drawing.start() {
            Color::LightGreen
        } else {
            Color::LightRed
        };
        style = if colour {
            Style::new()
                .fg(Color::Black)
                .bg(bg)
                .add_modifier(Modifier::BOLD)
        } else {
            Style::new().add_modifier(Modifier::BOLD | Modifier::REVERSED)
        };
    }
    CellLook { glyph, style, fgh }
}

/// The came-from arrow from `pos` toward `parent`; a jump point's parent
/// can be a run away, and the arrow then points along the run.
pub(crate) fn arrow_toward(pos: Pos, parent: Pos) -> char {
    let toward = Pos::new(
        pos.x + (parent.x - pos.x).signum(),
        pos.y + (parent.y - pos.y).signum(),
    );
    parent_arrow(pos, toward)
}

/// A value as a large cell prints it: whole numbers at a unit of 10 or
/// more (the tutorial's 10 and 14), one decimal otherwise; at most
/// `width` characters (`+` when it does not fit).
pub(crate) fn number(value: f64, unit: f64, width: usize) -> String {
    let text = if unit >= 10.0 || value >= 100.0 {
        format!("{value:.0}")
    } else {
        format!("{value:.1}")
    };
    if text.len() <= width {
        text
    } else {
        "+".repeat(width.min(1))
    }
}

/// The three text lines of a large cell `width` characters wide: F on the
/// first line at the left, the glyph in the middle line, G at the left and
/// H at the right of the last line.
pub(crate) fn block_lines(look: &CellLook, unit: f64, width: usize) -> [String; 3] {
    let middle = format!("{:^width$}", look.glyph);
    match look.fgh {
        Some([f, g, h]) => {
            let top = format!("{:<width$}", number(f, unit, width));
            let g = number(g, unit, width / 2);
            let h = number(h, unit, width - width / 2);
            let gap = width.saturating_sub(g.len() + h.len());
            let bottom = format!("{g}{}{h}", " ".repeat(gap));
            [top, middle, bottom]
        }
        None => [" ".repeat(width), middle, " ".repeat(width)],
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_large_cell_lays_f_g_h_out_as_the_tutorial_does() {
        let look = CellLook {
            glyph: '←',
            style: Style::new(),
            fgh: Some([40.0, 10.0, 30.0]),
        };
        let lines = block_lines(&look, 10.0, 6);
        assert_eq!(
            lines,
            [
                "40    ".to_owned(),
                "  ←   ".to_owned(),
                "10  30".to_owned()
            ]
        );
        assert_eq!(number(14.142, 10.0, 3), "14");
        assert_eq!(number(1.414, 1.0, 3), "1.4");
        assert_eq!(number(123.4, 1.0, 2), "+");
    }
}
