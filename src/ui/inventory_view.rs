//! The inventory screen (`i`): what the player carries, a letter per item,
//! what each does, and what lies underfoot. Reads the app; never changes it.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, BorderType, Borders, Clear, Paragraph, Widget};

use crate::ui::app::App;
use crate::ui::popups::centred;
use crate::ui::text::word_wrap;
use crate::ui::theme::UiRole;
use fogcrawl_core::describe_item as describe;

/// The inventory popup's widest size.
const INVENTORY_WIDTH: u16 = 64;

pub struct InventoryPopup<'a>(pub &'a App);

impl Widget for InventoryPopup<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let app = self.0;
        let game = &app.game;
        let palette = app.palette;
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
            let name = if count == 1 {
                format!("a {kind}")
            } else {
                format!("{count} {kind}s")
            };
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
        let height = u16::try_from(lines.len())
            .unwrap_or(u16::MAX)
            .saturating_add(2);
        let popup = centred(area, width, height);
        Clear.render(popup, buf);
        let block = Block::new()
            .borders(Borders::ALL)
            .border_type(BorderType::Double)
            .border_style(palette.ui(UiRole::Border))
            .title(Span::styled(
                " Inventory: a letter uses, Esc closes ",
                palette.ui(UiRole::Title),
            ));
        Paragraph::new(lines).block(block).render(popup, buf);
    }
}
