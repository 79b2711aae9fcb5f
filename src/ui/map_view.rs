//! The map: terrain the player sees, terrain remembered (dimmed), the
//! monsters in sight and the player, through a camera that keeps `@` and
//! the monsters in sight in view on levels larger than the screen (see
//! `camera`); a monster in sight that does not fit is an arrow at the edge.
//!
//! Draws only what the player knows: unknown cells stay blank and monsters
//! out of sight are never drawn. Reads the game; never changes it.

use crate::game::awareness::Awareness;
use ratatui::buffer::Buffer;
use ratatui::layout::{Position, Rect};
use ratatui::style::Modifier;
use ratatui::widgets::Widget;

use crate::game::Game;
use crate::ui::camera::view_origin;
use crate::ui::theme::{Palette, UiRole};
use gridpath::Pos;

/// The player's glyph.
pub const PLAYER_GLYPH: char = '@';
/// Drawn under the look cursor on a cell the player has never seen.
const LOOK_CURSOR_GLYPH: char = '?';
/// Drawn on a path cell with nothing else drawn there.
const PATH_GLYPH: char = '·';
/// Drawn on the cells a shot being aimed flies through.
const SHOT_GLYPH: char = '*';
/// Caltrops the player strewed (the item in the pack is drawn `^` too).
pub const CALTROPS_GLYPH: char = '^';
/// A cell smoke hangs in: nothing sees through it.
pub const SMOKE_GLYPH: char = '▒';

/// Where the view's top-left corner lies on one axis of the level: centred
/// when the level fits, else following `player` and stopping at the edges.
pub fn camera_origin(level_len: usize, view_len: u16, player: i32) -> i32 {
    let level_len = i32::try_from(level_len).unwrap_or(i32::MAX);
    let view_len = i32::from(view_len);
    if level_len <= view_len {
        -((view_len - level_len) / 2)
    } else {
        (player - view_len / 2).clamp(0, level_len - view_len)
    }
}

/// The level cell drawn at screen position `at` when the map of `game`
/// fills `area` with the look `cursor` (if any) in view, if `at` is on a
/// cell of the level (the mouse's question).
pub fn cell_at(game: &Game, area: Rect, cursor: Option<Pos>, at: Position) -> Option<Pos> {
    if !area.contains(at) {
        return None;
    }
    let origin = view_origin(game, area.width, area.height, cursor);
    let pos = Pos::new(
        origin.x + i32::from(at.x - area.x),
        origin.y + i32::from(at.y - area.y),
    );
    game.level().terrain_at(pos).map(|_| pos)
}

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
pub struct MapView<'a> {
    pub game: &'a Game,
    pub palette: Palette,
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

impl Widget for MapView<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let game = self.game;
        let level = game.level();
        let player = game.player().pos;
        let origin = view_origin(game, area.width, area.height, self.look_cursor);
        let (origin_x, origin_y) = (origin.x, origin.y);
        let to_screen = |x: i32, y: i32| -> Option<Position> {
            let (sx, sy) = (x - origin_x, y - origin_y);
            let inside =
                sx >= 0 && sy >= 0 && sx < i32::from(area.width) && sy < i32::from(area.height);
            inside.then(|| Position::new(area.x + sx as u16, area.y + sy as u16))
        };

        let mut glyph_buffer = [0u8; 4];
        for sy in 0..area.height {
            let y = origin_y + i32::from(sy);
            for sx in 0..area.width {
                let x = origin_x + i32::from(sx);
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
                if let Some(cell) = buf.cell_mut(Position::new(area.x + sx, area.y + sy)) {
                    cell.set_symbol(glyph.encode_utf8(&mut glyph_buffer))
                        .set_style(style);
                }
            }
        }

        // A shooter's reach, under everything drawn on the ground.
        if let Some(tint) = self.palette.ui(UiRole::Reach).fg {
            for &pos in self.reach {
                if let Some(cell) = to_screen(pos.x, pos.y).and_then(|p| buf.cell_mut(p)) {
                    cell.set_bg(tint);
                }
            }
        }
        // Items the player has seen stay where it saw them.
        for &(pos, item) in &level.items {
            if !game.is_remembered(pos) {
                continue;
            }
            if let Some(cell) = to_screen(pos.x, pos.y).and_then(|p| buf.cell_mut(p)) {
                cell.set_char(item.plain_char())
                    .set_style(self.palette.ui(UiRole::Notice));
            }
        }
        // The player's own tools: caltrops it strewed, smoke it threw.
        for &pos in game.tools().caltrops() {
            if let Some(cell) = to_screen(pos.x, pos.y).and_then(|p| buf.cell_mut(p)) {
                cell.set_char(CALTROPS_GLYPH)
                    .set_style(self.palette.ui(UiRole::Notice));
            }
        }
        for cloud in game.tools().clouds() {
            for &pos in &cloud.cells {
                if let Some(cell) = to_screen(pos.x, pos.y).and_then(|p| buf.cell_mut(p)) {
                    cell.set_char(SMOKE_GLYPH)
                        .set_style(self.palette.ui(UiRole::Label));
                }
            }
        }
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
            if let Some(cell) =
                to_screen(monster.pos.x, monster.pos.y).and_then(|p| buf.cell_mut(p))
            {
                cell.set_char(kind.letter).set_style(style);
                continue;
            }
            // In sight but past the view's edge (the view is shorter than
            // the player's sight): an arrow on the edge, toward it.
            let (sx, sy) = (monster.pos.x - origin_x, monster.pos.y - origin_y);
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
            if let Some(cell) = buf.cell_mut(edge) {
                cell.set_char(edge_arrow(dx, dy)).set_style(style);
            }
        }
        if let Some(cell) = to_screen(player.x, player.y).and_then(|p| buf.cell_mut(p)) {
            cell.set_char(PLAYER_GLYPH).set_style(self.palette.player());
        }
        // The path travel would take: its cells underlined and marked, past
        // the player's own; a cell with nothing drawn on it gets a dot.
        for &pos in self.path.iter().skip(1) {
            if let Some(cell) = to_screen(pos.x, pos.y).and_then(|p| buf.cell_mut(p)) {
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
            if let Some(cell) = to_screen(pos.x, pos.y).and_then(|p| buf.cell_mut(p)) {
                if !seen_monster {
                    cell.set_char(SHOT_GLYPH);
                }
                cell.set_style(self.palette.ui(UiRole::Path));
            }
        }
        if let Some(pos) = self.pointed
            && let Some(cell) = to_screen(pos.x, pos.y).and_then(|p| buf.cell_mut(p))
        {
            cell.modifier.insert(Modifier::UNDERLINED | Modifier::BOLD);
        }
        if let Some(cursor) = self.look_cursor
            && let Some(cell) = to_screen(cursor.x, cursor.y).and_then(|p| buf.cell_mut(p))
        {
            if cell.symbol() == " " {
                cell.set_char(LOOK_CURSOR_GLYPH);
            }
            cell.modifier.insert(Modifier::REVERSED);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn small_levels_are_centred() {
        assert_eq!(camera_origin(10, 20, 3), -5);
        assert_eq!(camera_origin(20, 20, 3), 0);
    }

    #[test]
    fn the_camera_follows_the_player_and_stops_at_edges() {
        assert_eq!(camera_origin(200, 50, 2), 0);
        assert_eq!(camera_origin(200, 50, 100), 75);
        assert_eq!(camera_origin(200, 50, 199), 150);
    }
}
