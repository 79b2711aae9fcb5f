//! The level map (`X`): the whole level as the player knows it on one
//! screen. A level larger than the screen is shrunk: each screen cell
//! stands for a block of level cells and shows the most telling of them
//! (you, then the stairs, a monster in sight, an item seen, ground you can
//! walk, a wall), so nothing the player needs to find is lost to the
//! shrinking. Only what the player knows is drawn, as on the map.
//!
//! Reads the game; never changes it. No time passes while it is open.

use ratatui::buffer::Buffer;
use ratatui::layout::{Position, Rect};
use ratatui::style::Style;
use ratatui::text::Span;
use ratatui::widgets::{Block, BorderType, Borders, Clear, Widget};

use crate::ui::map_view::PLAYER_GLYPH;
use crate::ui::theme::{Palette, UiRole};
use fogcrawl_core::{CostProfile, Game, Terrain, escape_controls};
use gridpath::Pos;

/// How many level cells one screen cell stands for, across and down, to
/// fit `level` (width, height) into `view` (width, height).
pub(crate) fn shrink_factor(level: (usize, usize), view: (u16, u16)) -> (usize, usize) {
    let across = level.0.div_ceil(usize::from(view.0).max(1)).max(1);
    let down = level.1.div_ceil(usize::from(view.1).max(1)).max(1);
    (across, down)
}

/// What one level cell shows on the level map, and how telling it is
/// (the most telling cell of a block is the one drawn).
fn mark_of(game: &Game, palette: Palette, pos: Pos) -> Option<(u8, char, Style)> {
    if pos == game.player().pos {
        return Some((5, PLAYER_GLYPH, palette.player()));
    }
    if !game.is_remembered(pos) {
        return None;
    }
    let terrain = game.level().terrain_at(pos)?;
    if terrain == Terrain::StairsDown {
        let (glyph, style) = palette.visible_terrain(terrain);
        return Some((4, glyph, style));
    }
    if game.is_visible(pos)
        && let Some(monster) = game.actor_at(pos)
        && let Some(kind) = game.kind_of(&game.actors()[monster])
    {
        return Some((3, kind.letter, palette.faction(&kind.faction)));
    }
    if let Some(item) = game.items_at(pos).next() {
        return Some((2, item.plain_char(), palette.ui(UiRole::Notice)));
    }
    let (glyph, style) = if game.is_visible(pos) {
        palette.visible_terrain(terrain)
    } else {
        palette.remembered_terrain(terrain)
    };
    let walkable = CostProfile::default().is_passable(terrain);
    Some((u8::from(walkable), glyph, style))
}

pub(crate) struct LevelMapPopup<'a> {
    pub game: &'a Game,
    pub palette: Palette,
}

impl Widget for LevelMapPopup<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let game = self.game;
        let level = game.level();
        let inner_size = (area.width.saturating_sub(2), area.height.saturating_sub(2));
        let (across, down) = shrink_factor((level.width(), level.height()), inner_size);
        // The map's own size on screen, centred.
        let cols = u16::try_from(level.width().div_ceil(across)).unwrap_or(u16::MAX);
        let rows = u16::try_from(level.height().div_ceil(down)).unwrap_or(u16::MAX);
        let title = if across * down > 1 {
            format!(
                " {}: the whole level, 1 cell for {across}x{down}; any key closes ",
                escape_controls(&level.name)
            )
        } else {
            format!(
                " {}: the whole level; any key closes ",
                escape_controls(&level.name)
            )
        };
        let width = (cols + 2)
            .max(u16::try_from(title.chars().count() + 2).unwrap_or(u16::MAX))
            .min(area.width);
        let popup = crate::ui::popups::centred(area, width, (rows + 2).min(area.height));
        Clear.render(popup, buf);
        let block = Block::new()
            .borders(Borders::ALL)
            .border_type(BorderType::Double)
            .border_style(self.palette.ui(UiRole::Border))
            .title(Span::styled(title, self.palette.ui(UiRole::Title)));
        let inner = block.inner(popup);
        block.render(popup, buf);
        let left = inner.x + inner.width.saturating_sub(cols) / 2;
        let mut glyph_buffer = [0u8; 4];
        for sy in 0..rows.min(inner.height) {
            for sx in 0..cols.min(inner.width) {
                let (x0, y0) = (usize::from(sx) * across, usize::from(sy) * down);
                let mut best: Option<(u8, char, Style)> = None;
                for y in y0..(y0 + down).min(level.height()) {
                    for x in x0..(x0 + across).min(level.width()) {
                        let pos = Pos::new(x as i32, y as i32);
                        if let Some(mark) = mark_of(game, self.palette, pos)
                            && best.is_none_or(|b| mark.0 > b.0)
                        {
                            best = Some(mark);
                        }
                    }
                }
                if let Some((_, glyph, style)) = best
                    && let Some(cell) = buf.cell_mut(Position::new(left + sx, inner.y + sy))
                {
                    cell.set_symbol(glyph.encode_utf8(&mut glyph_buffer))
                        .set_style(style);
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_level_that_fits_is_drawn_cell_for_cell_and_a_big_one_shrunk() {
        assert_eq!(shrink_factor((60, 20), (78, 22)), (1, 1));
        assert_eq!(shrink_factor((200, 100), (78, 22)), (3, 5));
        assert_eq!(shrink_factor((1024, 1024), (198, 58)), (6, 18));
    }
}
