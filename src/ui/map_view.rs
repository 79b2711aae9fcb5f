//! The map: terrain the player sees, terrain remembered (dimmed), the
//! monsters in sight and the player, through a camera that keeps `@` and
//! the monsters in sight in view on levels larger than the screen (see
//! `camera`); a monster in sight that does not fit is an arrow at the edge.
//!
//! Draws only what the player knows: unknown cells stay blank and monsters
//! out of sight are never drawn. Reads the game; never changes it.

use fogcrawl_core::{Awareness, Game};
use ratatui::buffer::{Buffer, Cell};
use ratatui::layout::{Position, Rect};
use ratatui::style::Modifier;
use ratatui::widgets::Widget;

use crate::ui::theme::{Palette, UiRole};
use gridpath::Pos;

/// The player's glyph.
pub(crate) const PLAYER_GLYPH: char = '@';
/// Drawn under the look cursor on a cell the player has never seen.
const LOOK_CURSOR_GLYPH: char = '?';
/// Drawn on a path cell with nothing else drawn there.
const PATH_GLYPH: char = '·';
/// Drawn on the cells a shot being aimed flies through.
const SHOT_GLYPH: char = '*';
/// Caltrops the player strewed (the item in the pack is drawn `^` too).
pub(crate) const CALTROPS_GLYPH: char = '^';
/// A cell smoke hangs in: nothing sees through it.
pub(crate) const SMOKE_GLYPH: char = '▒';
/// Where the last lure landed (the noisemaker's own character), drawn for
/// [`LURE_MARK_TIME`] after it lands: long enough to watch who comes.
pub(crate) const LURE_GLYPH: char = '&';
const LURE_MARK_TIME: f64 = 30.0;

/// The arrow drawn at the map's edge toward a monster in sight that the
/// view cannot hold, by the side(s) of the view it lies past.
fn edge_arrow(dx: i32, dy: i32) -> char {
    match (dx.signum(), dy.signum()) {
        (-1, -1) => '↖',
        (1, -1) => '↗',
        (-1, 1) => '↙',
        (1, 1) => '↘',
        (-1, 0) => '←',
        (1, 0) => '→',
        (0, -1) => '↑',
        _ => '↓',
    }
}

/// The map of one game, drawn with one palette.
pub(crate) struct MapView<'a> {
    pub game: &'a Game,
    pub palette: Palette,
    /// The level cell at the map's top-left corner (the screen layout's,
    /// which the mouse reads too).
    pub origin: Pos,
    /// The look cursor, drawn reversed, while the player looks around.
    pub look_cursor: Option<Pos>,
    /// The path travel would take (the player's cell first), underlined.
    pub path: &'a [Pos],
    /// The monster pointed at (the mouse, or the panel's selection),
    /// underlined.
    pub pointed: Option<Pos>,
    /// While aiming: the cells the shot flies through, the target last.
    pub shot: &'a [Pos],
    /// The cells a shooting monster looked at can shoot into, tinted.
    pub reach: &'a [Pos],
}

/// Where the map draws: the buffer, the screen area and the level cell at
/// its top-left corner. Cells past the area are skipped.
struct Sheet<'b> {
    buf: &'b mut Buffer,
    area: Rect,
    origin: Pos,
}

impl Sheet<'_> {
    /// The screen cell that shows level cell `pos`, if the area holds it.
    fn cell(&mut self, pos: Pos) -> Option<&mut Cell> {
        let (sx, sy) = (pos.x - self.origin.x, pos.y - self.origin.y);
        let inside = sx >= 0
            && sy >= 0
            && sx < i32::from(self.area.width)
            && sy < i32::from(self.area.height);
        if !inside {
            return None;
        }
        self.buf.cell_mut(Position::new(
            self.area.x + sx as u16,
            self.area.y + sy as u16,
        ))
    }
}

impl Widget for MapView<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let mut sheet = Sheet {
            buf,
            area,
            origin: self.origin,
        };
        self.paint_terrain(&mut sheet);
        self.paint_ground(&mut sheet);
        self.paint_monsters(&mut sheet);
        self.paint_marks(&mut sheet);
    }
}

impl MapView<'_> {
    /// The terrain the player sees, and dimmed, what it remembers.
    fn paint_terrain(&self, sheet: &mut Sheet<'_>) {
        let game = self.game;
        let level = game.level();
        let area = sheet.area;
        let mut glyph_buffer = [0u8; 4];
        for sy in 0..area.height {
            let y = sheet.origin.y + i32::from(sy);
            for sx in 0..area.width {
                let x = sheet.origin.x + i32::from(sx);
                let Some(terrain) = level.terrain_at(Pos::new(x, y)) else {
                    continue;
                };
                let pos = Pos::new(x, y);
                let (glyph, style) = if game.is_visible(pos) {
                    self.palette.visible_terrain(terrain)
                } else if game.is_remembered(pos) {
                    self.palette.remembered_terrain(terrain)
                } else {
                    continue;
                };
                if let Some(cell) = sheet.buf.cell_mut(Position::new(area.x + sx, area.y + sy)) {
                    cell.set_symbol(glyph.encode_utf8(&mut glyph_buffer))
                        .set_style(style);
                }
            }
        }
    }

    /// What lies on the ground: a shooter's reach (under everything), the
    /// items seen, the player's caltrops and smoke, and where the last lure
    /// landed.
    fn paint_ground(&self, sheet: &mut Sheet<'_>) {
        let game = self.game;
        if let Some(tint) = self.palette.ui(UiRole::Reach).fg {
            for &pos in self.reach {
                if let Some(cell) = sheet.cell(pos) {
                    cell.set_bg(tint);
                }
            }
        }
        // Items the player has seen stay where it saw them.
        for &(pos, item) in &game.level().items {
            if !game.is_remembered(pos) {
                continue;
            }
            if let Some(cell) = sheet.cell(pos) {
                cell.set_char(item.plain_char())
                    .set_style(self.palette.ui(UiRole::Notice));
            }
        }
        // The player's own tools: caltrops it strewed, smoke it threw.
        for &pos in game.tools().caltrops() {
            if let Some(cell) = sheet.cell(pos) {
                cell.set_char(CALTROPS_GLYPH)
                    .set_style(self.palette.ui(UiRole::Notice));
            }
        }
        for cloud in game.tools().clouds() {
            for &pos in &cloud.cells {
                if let Some(cell) = sheet.cell(pos) {
                    cell.set_char(SMOKE_GLYPH)
                        .set_style(self.palette.ui(UiRole::Label));
                }
            }
        }
        // The lure's landing, while monsters may still be on their way.
        if let Some(lure) = game.tools().lure()
            && game.time() - lure.time <= LURE_MARK_TIME
            && let Some(cell) = sheet.cell(lure.at)
        {
            cell.set_char(LURE_GLYPH)
                .set_style(self.palette.ui(UiRole::Notice));
        }
    }

    /// The monsters in sight; one past the view's edge is an arrow there.
    fn paint_monsters(&self, sheet: &mut Sheet<'_>) {
        let game = self.game;
        let area = sheet.area;
        for (index, monster) in game.visible_monsters() {
            let Some(kind) = game.kind_of(monster) else {
                continue;
            };
            // A monster that hunts the player is drawn reversed: it is the
            // one coming (the side panel names every monster's awareness).
            let mut style = self.palette.faction(&kind.faction);
            if game.awareness_of(index) == Some(Awareness::Hunting) {
                style = style.add_modifier(Modifier::REVERSED);
            }
            if let Some(cell) = sheet.cell(monster.pos) {
                cell.set_char(kind.letter).set_style(style);
                continue;
            }
            // In sight but past the view's edge (the view is shorter than
            // the player's sight): an arrow on the edge, toward it.
            let (sx, sy) = (
                monster.pos.x - sheet.origin.x,
                monster.pos.y - sheet.origin.y,
            );
            let (width, height) = (i32::from(area.width), i32::from(area.height));
            if width == 0 || height == 0 {
                continue;
            }
            let (dx, dy) = (
                if sx < 0 { -1 } else { i32::from(sx >= width) },
                if sy < 0 { -1 } else { i32::from(sy >= height) },
            );
            let edge = Position::new(
                area.x + sx.clamp(0, width - 1) as u16,
                area.y + sy.clamp(0, height - 1) as u16,
            );
            if let Some(cell) = sheet.buf.cell_mut(edge) {
                cell.set_char(edge_arrow(dx, dy)).set_style(style);
            }
        }
    }

    /// The player, then over everything: the travel path, the shot's line,
    /// the monster pointed at and the look cursor.
    fn paint_marks(&self, sheet: &mut Sheet<'_>) {
        let game = self.game;
        if let Some(cell) = sheet.cell(game.player().pos) {
            cell.set_char(PLAYER_GLYPH).set_style(self.palette.player());
        }
        // The path travel would take: its cells underlined and marked, past
        // the player's own; a cell with nothing drawn on it gets a dot.
        for &pos in self.path.iter().skip(1) {
            if let Some(cell) = sheet.cell(pos) {
                if cell.symbol() == " " {
                    cell.set_char(PATH_GLYPH);
                }
                cell.set_style(self.palette.ui(UiRole::Path));
                cell.modifier.insert(Modifier::UNDERLINED);
            }
        }
        // The shot's line: a star on each cell it flies over (a monster in
        // sight on the way stays drawn), the target under the cursor.
        for &pos in self.shot.iter().take(self.shot.len().saturating_sub(1)) {
            let seen_monster = game.actor_at(pos).is_some() && game.is_visible(pos);
            if let Some(cell) = sheet.cell(pos) {
                if !seen_monster {
                    cell.set_char(SHOT_GLYPH);
                }
                cell.set_style(self.palette.ui(UiRole::Path));
            }
        }
        if let Some(cell) = self.pointed.and_then(|pos| sheet.cell(pos)) {
            cell.modifier.insert(Modifier::UNDERLINED | Modifier::BOLD);
        }
        if let Some(cell) = self.look_cursor.and_then(|pos| sheet.cell(pos)) {
            if cell.symbol() == " " {
                cell.set_char(LOOK_CURSOR_GLYPH);
            }
            cell.modifier.insert(Modifier::REVERSED);
        }
    }
}
