//! The inventory screen (`i`): what the player carries, a letter per item,
//! what each does, and what lies underfoot. Reads the game; never changes it.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::Widget;

use crate::ui::popups::framed_popup;
use crate::ui::text::word_wrap;
use crate::ui::theme::{Palette, UiRole};
use fogcrawl_core::{Game, counted_items, describe_item as describe};

/// The inventory popup's widest size.
const INVENTORY_WIDTH: u16 = 64;

pub(crate) struct InventoryPopup<'a> {
    pub game: &'a Game,
    pub palette: Palette,
}

impl Widget for InventoryPopup<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let game = self.game;
        let palette = self.palette;
        let key = palette.ui(UiRole::KeyHint);
        let label = palette.ui(UiRole::Label);
        let width = INVENTORY_WIDTH.min(area.width);
        let text_width = usize::from(width.saturating_sub(6)).max(1);
        let mut lines: Vec<Line> = Vec::new();
        let entries = game.inventory().entries();
        if entries.is_empty() {
            lines.push(Line::styled("You carry nothing.", label));
        }
        for (letter, kind, count) in entries {
            let name = counted_items(kind, count);
            lines.push(Line::from(vec![
                Span::styled(format!("{letter}) "), key),
                Span::raw(name),
            ]));
            for part in word_wrap(&describe(kind), text_width) {
                lines.push(Line::styled(format!("   {part}"), label));
            }
        }
        let underfoot: Vec<String> = game
            .items_at(game.player().pos)
            .map(|item| format!("a {item}"))
            .collect();
        if !underfoot.is_empty() {
            lines.push(Line::raw(""));
            let text = format!("Here: {} (g picks up).", underfoot.join(", "));
            for part in word_wrap(&text, text_width + 3) {
                lines.push(Line::styled(part, label));
            }
        }
        framed_popup(
            area,
            width,
            " Inventory: a letter uses, Esc closes ",
            lines,
            palette,
            buf,
        );
    }
}
