//! The message history (`M`): every message the log keeps, oldest at the
//! top, word-wrapped, scrolled up from the newest by the app's offset.
//! Reads the app; never changes it.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, BorderType, Borders, Clear, Paragraph, Widget};

use crate::ui::app::App;
use crate::ui::panels::{format_time, word_wrap};
use crate::ui::theme::UiRole;
use crate::untrusted_text::escape_controls;

pub struct HistoryPopup<'a>(pub &'a App);

/// How far the history can scroll up in `area`: its lines past one screen.
pub fn history_scroll_limit(app: &App, area: Rect) -> u16 {
    let inner = frame().inner(area);
    let total = history_lines(app, inner.width).len();
    u16::try_from(total.saturating_sub(usize::from(inner.height))).unwrap_or(u16::MAX)
}

fn frame() -> Block<'static> {
    Block::new()
        .borders(Borders::ALL)
        .border_type(BorderType::Double)
}

/// Every kept message, word-wrapped to `width` columns under its time.
fn history_lines(app: &App, width: u16) -> Vec<Line<'static>> {
    let palette = app.palette;
    let label = palette.ui(UiRole::Label);
    let mut lines: Vec<Line> = Vec::new();
    for message in app.game.log.all() {
        let stamp = format!("{:>7} ", format_time(message.time));
        let text_width = usize::from(width).saturating_sub(stamp.len()).max(1);
        let style = palette.message(message.importance);
        // Messages quote files (config errors, level names): no raw control bytes.
        for (row, part) in word_wrap(&escape_controls(&message.text), text_width)
            .into_iter()
            .enumerate()
        {
            let prefix = if row == 0 {
                stamp.clone()
            } else {
                " ".repeat(stamp.len())
            };
            lines.push(Line::from(vec![
                Span::styled(prefix, label),
                Span::styled(part, style),
            ]));
        }
    }
    lines
}

impl Widget for HistoryPopup<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let app = self.0;
        let palette = app.palette;
        Clear.render(area, buf);
        let block = frame().border_style(palette.ui(UiRole::Border));
        let inner = block.inner(area);
        let rows = usize::from(inner.height);
        let lines = history_lines(app, inner.width);
        let total = lines.len();
        let most = total.saturating_sub(rows);
        let up = usize::from(app.messages_scroll()).min(most);
        let first = most - up;
        let title = format!(
            " Messages {}-{} of {} lines: j k PgUp PgDn scroll, Esc closes ",
            (first + 1).min(total),
            (first + rows).min(total),
            total
        );
        block
            .title(Span::styled(title, palette.ui(UiRole::Title)))
            .render(area, buf);
        let shown: Vec<Line> = lines.into_iter().skip(first).take(rows).collect();
        Paragraph::new(shown).render(inner, buf);
    }
}
