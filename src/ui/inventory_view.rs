//! The inventory screen (`i`): what the player carries, a letter per item,
//! what each does, and what lies underfoot. Reads the game; never changes it.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::Widget;

use crate::ui::popups::framed_popup;
use crate::ui::text::{truncate_with_ellipsis, word_wrap};
use crate::ui::theme::{Palette, UiRole};
use fogcrawl_core::{Game, counted_items, describe_item as describe};

/// The inventory popup's widest size.
const INVENTORY_WIDTH: u16 = 64;

/// How much of each item's description the popup has room for.
#[derive(Clone, Copy)]
enum Fit {
    Whole,
    OneLine,
    NameOnly,
}

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
        let entries = game.inventory().entries();
        let underfoot: Vec<String> = game
            .items_at(game.player().pos)
            .map(|item| format!("a {item}"))
            .collect();
        let mut tail: Vec<Line> = Vec::new();
        if !underfoot.is_empty() {
            tail.push(Line::raw(""));
            let text = format!("Here: {} (g picks up).", underfoot.join(", "));
            for part in word_wrap(&text, text_width + 3) {
                tail.push(Line::styled(part, label));
            }
        }
        // Every item's letter must show: at 80x24 five items' whole
        // descriptions filled the popup and hid the wand's (play21), and
        // seven hid letters. Too tall, each description is cut to a line,
        // then left out.
        let rows = usize::from(area.height.saturating_sub(2));
        let mut lines: Vec<Line> = Vec::new();
        for fit in [Fit::Whole, Fit::OneLine, Fit::NameOnly] {
            lines.clear();
            if entries.is_empty() {
                lines.push(Line::styled("You carry nothing.", label));
            }
            for &(letter, kind, count) in &entries {
                lines.push(Line::from(vec![
                    Span::styled(format!("{letter}) "), key),
                    Span::raw(counted_items(kind, count)),
                ]));
                let description = describe(kind);
                let parts = match fit {
                    Fit::Whole => word_wrap(&description, text_width),
                    Fit::OneLine => vec![truncate_with_ellipsis(&description, text_width)],
                    Fit::NameOnly => Vec::new(),
                };
                for part in parts {
                    lines.push(Line::styled(format!("   {part}"), label));
                }
            }
            if lines.len() + tail.len() <= rows {
                break;
            }
        }
        lines.extend(tail);
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
