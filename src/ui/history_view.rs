//! The message history (`M`): every message the log keeps, oldest at the
//! top, word-wrapped, scrolled up from the newest by the app's offset.
//!
//! It draws the log it is handed, never the `App`: the app asks it how far
//! the history scrolls, so it must not depend on the app in turn.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, BorderType, Borders, Clear, Paragraph, Widget};

use crate::ui::text::stamped_rows;
use crate::ui::theme::{Palette, UiRole};
use fogcrawl_core::{MessageLog, counted};

/// The history popup: what it shows, taken from the app by `App::history_popup`.
pub(crate) struct HistoryPopup<'a> {
    pub log: &'a MessageLog,
    pub palette: Palette,
    /// Lines scrolled up from the newest message (clamped when drawn).
    pub scroll: u16,
}

impl HistoryPopup<'_> {
    /// How far the history can scroll up in `area`: its lines past one screen.
    pub(crate) fn scroll_limit(&self, area: Rect) -> u16 {
        let inner = frame().inner(area);
        let total = self.lines(inner.width).len();
        u16::try_from(total.saturating_sub(usize::from(inner.height))).unwrap_or(u16::MAX)
    }

    /// Every kept message, word-wrapped to `width` columns under its time.
    fn lines(&self, width: u16) -> Vec<Line<'static>> {
        let palette = self.palette;
        let label = palette.ui(UiRole::Label);
        let mut lines: Vec<Line> = Vec::new();
        for message in self.log.all() {
            let style = palette.message(message.importance);
            for (margin, part) in stamped_rows(message.time, &message.text, usize::from(width)) {
                lines.push(Line::from(vec![
                    Span::styled(margin, label),
                    Span::styled(part, style),
                ]));
            }
        }
        lines
    }
}

fn frame() -> Block<'static> {
    Block::new()
        .borders(Borders::ALL)
        .border_type(BorderType::Double)
}

impl Widget for HistoryPopup<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let palette = self.palette;
        Clear.render(area, buf);
        let block = frame().border_style(palette.ui(UiRole::Border));
        let inner = block.inner(area);
        let rows = usize::from(inner.height);
        let lines = self.lines(inner.width);
        let total = lines.len();
        let most = total.saturating_sub(rows);
        let up = usize::from(self.scroll).min(most);
        let first = most - up;
        let title = format!(
            " Messages {}-{} of {}: j k PgUp PgDn scroll, Esc closes ",
            (first + 1).min(total),
            (first + rows).min(total),
            counted(total as u64, "line", "lines")
        );
        block
            .title(Span::styled(title, palette.ui(UiRole::Title)))
            .render(area, buf);
        let shown: Vec<Line> = lines.into_iter().skip(first).take(rows).collect();
        Paragraph::new(shown).render(inner, buf);
    }
}
