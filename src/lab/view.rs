//! The lab on screen: a title line, one map panel per search (side by side
//! when comparing, each with its settings above it), the side panel
//! (`panel`), the message line and the key bar, and the help popup. The map
//! pans: the camera is the top-left cell shown, kept on the cursor.
//!
//! [`layout_of`] and `cell_at` are what the mouse reads too, so a click
//! lands on the cell drawn under it. Drawing never changes the app.

use gridpath::Pos;
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::{Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Clear, Paragraph, Widget, Wrap};

use crate::ui::theme::UiRole;

use super::app::{LabApp, SPEEDS};
use super::cell_view::{block_lines, look};
use super::panel::panel_lines;
use super::recording::{Ending, Recording};

/// The side panel's width.
pub(crate) const PANEL_WIDTH: u16 = 30;
/// Below this the lab says the terminal is too small.
pub(crate) const MIN_SIZE: (u16, u16) = (60, 16);
/// A large cell: 6 characters and a gap across, 3 lines and a gap down.
pub const LARGE_CELL: (u16, u16) = (7, 4);

/// Where everything goes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Layout {
    pub title: Rect,
    /// Per search: its settings line, then its map.
    pub headers: Vec<Rect>,
    pub maps: Vec<Rect>,
    pub panel: Rect,
    pub status: Rect,
    pub keys: Rect,
}

/// The layout for `app` on `area`, `None` when it is too small.
pub fn layout_of(app: &LabApp, area: Rect) -> Option<Layout> {
    if area.width < MIN_SIZE.0 || area.height < MIN_SIZE.1 {
        return None;
    }
    let title = Rect::new(area.x, area.y, area.width, 1);
    let status = Rect::new(area.x, area.bottom() - 2, area.width, 1);
    let keys = Rect::new(area.x, area.bottom() - 1, area.width, 1);
    let middle_top = area.y + 1;
    let middle_height = area.height - 3;
    let panel = Rect::new(
        area.right() - PANEL_WIDTH,
        middle_top,
        PANEL_WIDTH,
        middle_height,
    );
    let maps_width = area.width - PANEL_WIDTH - 1;
    let count = u16::try_from(app.setups.len().max(1)).unwrap_or(1);
    let each = (maps_width + 1) / count - 1;
    let mut headers = Vec::new();
    let mut maps = Vec::new();
    for i in 0..count {
        let x = area.x + i * (each + 1);
        headers.push(Rect::new(x, middle_top, each, 1));
        maps.push(Rect::new(x, middle_top + 1, each, middle_height - 1));
    }
    Some(Layout {
        title,
        headers,
        maps,
        panel,
        status,
        keys,
    })
}

/// The size of one cell on screen.
pub(crate) fn cell_size(app: &LabApp) -> (u16, u16) {
    if app.numbers { LARGE_CELL } else { (1, 1) }
}

/// How many cells a map panel shows across and down.
pub(crate) fn cells_shown(app: &LabApp, map: Rect) -> (i32, i32) {
    let (w, h) = cell_size(app);
    (i32::from(map.width / w), i32::from(map.height / h))
}

/// The panel and the cell drawn at screen `column`, `row`, if a map is there.
pub(crate) fn cell_at(app: &LabApp, column: u16, row: u16) -> Option<(usize, Pos)> {
    let (width, height) = app.screen;
    let layout = layout_of(app, Rect::new(0, 0, width, height))?;
    let (w, h) = cell_size(app);
    layout.maps.iter().enumerate().find_map(|(panel, map)| {
        let inside = column >= map.x && column < map.right() && row >= map.y && row < map.bottom();
        if !inside {
            return None;
        }
        let pos = Pos::new(
            app.camera.x + i32::from((column - map.x) / w),
            app.camera.y + i32::from((row - map.y) / h),
        );
        app.drawing.level().in_bounds(pos).then_some((panel, pos))
    })
}

/// The camera that keeps `app.cursor` in view, moving as little as it can.
pub(crate) fn camera_following(app: &LabApp) -> Pos {
    let (width, height) = app.screen;
    let Some(layout) = layout_of(app, Rect::new(0, 0, width, height)) else {
        return app.camera;
    };
    let Some(map) = layout.maps.first() else {
        return app.camera;
    };
    let (across, down) = cells_shown(app, *map);
    let follow = |camera: i32, cursor: i32, shown: i32, total: usize| {
        let total = i32::try_from(total).unwrap_or(i32::MAX);
        let mut camera = camera;
        if cursor < camera {
            camera = cursor;
        } else if cursor >= camera + shown {
            camera = cursor - shown + 1;
        }
        camera.clamp(0, (total - shown).max(0))
    };
    Pos::new(
        follow(app.camera.x, app.cursor.x, across, app.drawing.width()),
        follow(app.camera.y, app.cursor.y, down, app.drawing.height()),
    )
}

impl Widget for &LabApp {
    fn render(self, area: Rect, buf: &mut Buffer) {
        Clear.render(area, buf);
        let Some(layout) = layout_of(self, area) else {
            Paragraph::new(format!(
                "terminal too small for the lab: it needs {}x{}",
                MIN_SIZE.0, MIN_SIZE.1
            ))
            .wrap(Wrap { trim: true })
            .render(area, buf);
            return;
        };
        title_line(self).render(layout.title, buf);
        for (index, recording) in self.recordings.iter().enumerate() {
            if let (Some(header), Some(map)) = (layout.headers.get(index), layout.maps.get(index)) {
                header_line(self, index, recording).render(*header, buf);
                draw_map(self, recording, index, *map, buf);
            }
        }
        Paragraph::new(panel_lines(self))
            .wrap(Wrap { trim: false })
            .render(layout.panel, buf);
        status_line(self).render(layout.status, buf);
        key_line(self).render(layout.keys, buf);
        if self.help {
            draw_help(self, area, buf);
        }
    }
}

fn title_line(app: &LabApp) -> Line<'static> {
    let name = &app.drawing.level().name;
    let name = if name.is_empty() {
        "drawing"
    } else {
        name.as_str()
    };
    let play = if app.playing {
        format!("RUNNING x{}", SPEEDS[app.speed])
    } else if app.at_end() {
        "DONE".to_owned()
    } else {
        "PAUSED".to_owned()
    };
    Line::from(vec![
        Span::styled("fogcrawl lab", app.palette.ui(UiRole::Title)),
        Span::raw(format!(
            "  {name} {}x{}  step {}/{}  {play}  brush {}",
            app.drawing.width(),
            app.drawing.height(),
            app.shown.min(app.most_expansions()),
            app.most_expansions(),
            app.brush.name()
        )),
    ])
}

fn header_line(app: &LabApp, index: usize, recording: &Recording) -> Line<'static> {
    let mark = if app.setups.len() > 1 && index == app.selected {
        "▶"
    } else {
        " "
    };
    let style = if index == app.selected {
        app.palette.ui(UiRole::KeyHint)
    } else {
        Style::new()
    };
    Line::from(Span::styled(
        format!("{mark}{} {}", index + 1, recording.setup.describe()),
        style,
    ))
}

fn draw_map(app: &LabApp, recording: &Recording, index: usize, map: Rect, buf: &mut Buffer) {
    let shown = app.shown_for(index);
    let path = if recording.is_done(shown) {
        recording.path_cells()
    } else {
        Default::default()
    };
    let (across, down) = cells_shown(app, map);
    let (cell_w, cell_h) = cell_size(app);
    for dy in 0..down {
        for dx in 0..across {
            let pos = Pos::new(app.camera.x + dx, app.camera.y + dy);
            if !app.drawing.level().in_bounds(pos) {
                continue;
            }
            let mut cell = look(app, recording, shown, pos, &path);
            if pos == app.cursor && app.hover.is_none() {
                cell.style = cell.style.add_modifier(Modifier::REVERSED);
            }
            let (Ok(dx16), Ok(dy16)) = (u16::try_from(dx), u16::try_from(dy)) else {
                continue;
            };
            let x = map.x + dx16 * cell_w;
            let y = map.y + dy16 * cell_h;
            if app.numbers {
                let width = usize::from(cell_w - 1);
                for (line, text) in block_lines(&cell, app.unit, width).iter().enumerate() {
                    let line = u16::try_from(line).unwrap_or(0);
                    buf.set_stringn(x, y + line, text, width, cell.style);
                }
            } else {
                buf.set_stringn(x, y, cell.glyph.to_string(), 1, cell.style);
            }
        }
    }
    if let Ending::Refused(why) = &recording.ending {
        // As many lines as the reason takes wrapped (and one for ragged
        // ends), the drawing still in view below.
        let width = usize::from(map.width.max(1));
        let lines = u16::try_from(why.chars().count() / width + 2).unwrap_or(u16::MAX);
        let note = Rect::new(map.x, map.y, map.width, map.height.min(lines));
        Clear.render(note, buf);
        Paragraph::new(why.clone())
            .wrap(Wrap { trim: true })
            .style(app.palette.ui(UiRole::Alert))
            .render(note, buf);
    }
}

fn status_line(app: &LabApp) -> Line<'static> {
    match &app.prompt {
        Some(prompt) => Line::from(vec![
            Span::styled(
                format!("{}: ", prompt.asking.question()),
                app.palette.ui(UiRole::KeyHint),
            ),
            Span::raw(format!("{}_", prompt.text)),
            Span::raw("  (Enter: go, Esc: cancel)"),
        ]),
        None => Line::from(app.message.clone()),
    }
}

fn key_line(app: &LabApp) -> Line<'static> {
    Line::from(Span::styled(
        "Space run . step , back a algo c compare 1-0 brush u undo S save ? help q quit",
        app.palette.ui(UiRole::KeyHint),
    ))
}

/// Every key, for the help popup and the docs.
pub const HELP: &[(&str, &str)] = &[
    ("mouse left", "paint the brush; drag S or G to move them"),
    ("mouse right", "erase (terrain to floor, fog, influence)"),
    (
        "arrows",
        "move the cursor (the map pans); the wheel pans too",
    ),
    ("Enter / Del", "paint / erase at the cursor"),
    ("s g f", "start / goal at the cursor; fill its region"),
    (
        "1-9 0 m",
        "brush: wall floor road grass mud swamp water door fog",
    ),
    ("", "danger; m: the next (open door, deep water, crowding)"),
    ("K / u", "clear all / undo"),
    ("Space", "run the search (again from the start), pause"),
    (". / ,", "step one expansion / step back"),
    (
        "> Home End",
        "to the next budget pause / the start / the end",
    ),
    ("+ / -", "run faster / slower"),
    ("a / h", "the search / the heuristic"),
    ("w / W", "weight up / down (weighted A*)"),
    ("t / d", "tie-break / diagonal rule"),
    (
        "x / i",
        "unknown cells (open, blocked, 3, truth) / influence",
    ),
    ("b", "node budget per slice: none 5 20 50 200"),
    ("c / Tab", "compare two searches / pick the one keys change"),
    (
        "v",
        "large cells: F top left, G bottom left, H bottom right",
    ),
    ("S / O", "save (.toml level, .map + .scen) / open"),
    (
        "e / E",
        "export a picture (.svg .png) / an animation (.png)",
    ),
    ("q Esc Ctrl-C", "quit"),
];

fn draw_help(app: &LabApp, area: Rect, buf: &mut Buffer) {
    let width = area.width.min(78);
    let height = area
        .height
        .min(u16::try_from(HELP.len() + 3).unwrap_or(u16::MAX));
    let popup = Rect::new(
        area.x + (area.width - width) / 2,
        area.y + (area.height - height) / 2,
        width,
        height,
    );
    Clear.render(popup, buf);
    let mut lines = vec![Line::from(Span::styled(
        "fogcrawl lab keys (any key closes)",
        app.palette.ui(UiRole::Title),
    ))];
    for (keys, what) in HELP {
        lines.push(Line::from(vec![
            Span::styled(format!("{keys:<13}"), app.palette.ui(UiRole::KeyHint)),
            Span::raw((*what).to_owned()),
        ]));
    }
    Paragraph::new(lines).render(popup, buf);
}
