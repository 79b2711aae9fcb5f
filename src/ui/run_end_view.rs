//! The death and victory screen: how the run ended, its figures (the
//! experience level, the gear, a line per level), the seed,
//! whether it was assisted, where its summary was written, the high-score
//! table with this run marked, and the keys (new game, same seed, quit).
//!
//! Reads the game and the run record the app keeps; never changes them.

use ratatui::buffer::Buffer;
use ratatui::layout::{Alignment, Rect};
use ratatui::style::{Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, BorderType, Borders, Clear, Paragraph, Widget};

use crate::ui::command::InputMode;
use crate::ui::key_bindings::bar_hints;
use crate::ui::panels::weapon_name;
use crate::ui::popups::centred;
use crate::ui::text::{format_time, truncate_with_ellipsis, word_wrap};
use crate::ui::theme::{Palette, UiRole};
use fogcrawl_core::{
    Game, Outcome, RunRecord, capitalised, counted, escape_controls, kills_by_kind, level_visits,
    shown_level_times, table_lines,
};

/// The screen's widest size; it shrinks to fit smaller terminals.
const END_SCREEN_WIDTH: u16 = 78;
/// Columns of screen a box must leave on each side together before it is
/// drawn narrower than the screen (see the death box at 80x24).
const MIN_SIDE_MARGIN: u16 = 4;
/// The most score table entries shown (fewer on short terminals).
const MOST_SCORES_SHOWN: usize = 5;

/// The death or victory screen over the game.
pub(crate) struct GameOverPopup<'a> {
    pub game: &'a Game,
    pub palette: Palette,
    /// What the end of the run wrote (`None` until the app has recorded it).
    pub record: Option<&'a RunRecord>,
    /// Whether to list the screen's keys (new game, same seed, watch it
    /// again, quit): a replay shows the end with its own keys instead.
    pub keys: bool,
}

impl GameOverPopup<'_> {
    /// Title, its style, and the lines above the score table.
    fn head(&self, width: usize) -> Option<(&'static str, Style, Vec<Line<'static>>)> {
        let game = self.game;
        let palette = self.palette;
        let outcome = game.outcome()?;
        let label = palette.ui(UiRole::Label);
        let bold = Style::new().add_modifier(Modifier::BOLD);
        let (title, title_style, headline, summary) = match outcome {
            Outcome::Died { cause, time } => (
                " You died ",
                palette.ui(UiRole::Alert),
                format!("{}.", capitalised(cause)),
                format!(
                    "You survived {} time units and reached {} (level {} of {}).",
                    format_time(*time),
                    game.level().name,
                    game.depth() + 1,
                    game.run().len()
                ),
            ),
            Outcome::Won { time } => (
                " Victory ",
                palette.ui(UiRole::HealthGood),
                "You took the last stairs and left the depths alive!".to_owned(),
                format!(
                    "It took you {} time units through {}.",
                    format_time(*time),
                    counted(game.run().len() as u64, "level", "levels")
                ),
            ),
        };
        let mut lines = Vec::new();
        let mut add = |text: &str, style: Style| {
            for part in word_wrap(text, width) {
                lines.push(Line::styled(part, style).alignment(Alignment::Center));
            }
        };
        add(&headline, bold);
        add(&summary, Style::new());
        let kills = if game.stats().kills() == 0 {
            String::new()
        } else {
            format!(": {}", kills_by_kind(game))
        };
        add(
            &format!(
                "{}, {} slain{kills}.",
                counted(game.stats().player_turns(), "turn", "turns"),
                counted(game.stats().kills().into(), "monster", "monsters")
            ),
            label,
        );
        let xp = game.experience();
        // What was worn and wielded (the pack is in the summary file: a
        // won run's pack took three rows of an 80x24 screen).
        let armour = game
            .equipment()
            .armour
            .map_or_else(|| "no armour".to_owned(), |kind| kind.to_string());
        add(
            &format!(
                "Experience level {}; {}, {armour}.",
                xp.level,
                weapon_name(game)
            ),
            label,
        );
        // A line per level, as the run summary file has them, each level's
        // time rounded once with the total (`shown_level_times`).
        let visits = level_visits(game);
        let total = match outcome {
            Outcome::Died { time, .. } | Outcome::Won { time } => *time,
        };
        for (visit, time) in visits
            .iter()
            .zip(shown_level_times(&visits, game.time(), total))
        {
            add(
                &format!(
                    "{}. {}: {}, {}, time {}",
                    visit.depth + 1,
                    escape_controls(&visit.name),
                    counted(visit.turns, "turn", "turns"),
                    counted(visit.kills.into(), "kill", "kills"),
                    time
                ),
                Style::new(),
            );
        }
        let score = self
            .record
            .map_or_else(String::new, |r| format!(" Score {}.", r.score));
        let assisted = if game.is_assisted() {
            " Assisted (the debug overlay was opened)."
        } else {
            ""
        };
        add(&format!("Seed {}.{score}{assisted}", game.seed()), label);
        if let Some(record) = self.record {
            let text = match &record.summary {
                Ok(path) => format!("Summary: {}", escape_controls(&path.display().to_string())),
                Err(why) => format!("No summary: {why}."),
            };
            // A path is cut at its start, so its file name stays whole.
            lines.push(Line::styled(cut_front(&text, width), label).alignment(Alignment::Center));
        }
        Some((title, title_style, lines))
    }

    /// The score table's lines, at most `rows` of them.
    fn scores(&self, width: usize, rows: usize) -> Vec<Line<'static>> {
        let palette = self.palette;
        let label = palette.ui(UiRole::Label);
        let Some(record) = self.record else {
            return Vec::new();
        };
        let recorded = match &record.scores {
            Ok(recorded) => recorded,
            Err(why) => {
                return word_wrap(&format!("No high scores: {why}."), width)
                    .into_iter()
                    .take(rows)
                    .map(|part| Line::styled(part, palette.ui(UiRole::Alert)))
                    .collect();
            }
        };
        let mut lines = Vec::new();
        if let Some((kept, why)) = &recorded.set_aside {
            let text = format!(
                "{why}; it was kept as {} and a new table started.",
                kept.display()
            );
            for part in word_wrap(&escape_controls(&text), width) {
                lines.push(Line::styled(part, palette.ui(UiRole::Alert)));
            }
        }
        let heading = match recorded.rank {
            Some(rank) => format!("High scores: this run is #{rank}"),
            None => "High scores: this run did not make the table".to_owned(),
        };
        lines.push(Line::styled(
            heading,
            palette.ui(UiRole::Title).add_modifier(Modifier::BOLD),
        ));
        let shown = rows.saturating_sub(lines.len() + 1).min(MOST_SCORES_SHOWN);
        // The run's own line is shown even when it ranks below the rest.
        let table = &recorded.table;
        let mut table_rows = table_lines(table, shown, recorded.rank);
        if let Some(rank) = recorded.rank.filter(|&rank| rank > shown && shown > 0) {
            let own = table_lines(table, rank, Some(rank)).pop();
            table_rows.pop();
            table_rows.extend(own);
        }
        for (index, row) in table_rows.into_iter().enumerate() {
            let style = if index == 0 {
                label
            } else if row.starts_with('>') {
                palette.ui(UiRole::Notice).add_modifier(Modifier::BOLD)
            } else {
                Style::new()
            };
            lines.push(Line::styled(truncate_with_ellipsis(&row, width), style));
        }
        lines
    }
}

impl Widget for GameOverPopup<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let palette = self.palette;
        // A box that would leave only a column or two of the screen's frames
        // beside it takes the whole width: slivers of the map's border
        // peeking out at its sides read as a broken screen.
        let width = if area.width.saturating_sub(END_SCREEN_WIDTH) < MIN_SIDE_MARGIN {
            area.width
        } else {
            END_SCREEN_WIDTH
        };
        let text_width = usize::from(width.saturating_sub(4)).max(1);
        let Some((title, title_style, mut lines)) = self.head(text_width) else {
            return;
        };
        // Borders, a blank row and the keys around what the table may use.
        let spare = usize::from(area.height).saturating_sub(lines.len() + 2 + 3);
        // The table takes the whole inner width: its rows are long.
        let scores = self.scores(usize::from(width.saturating_sub(2)).max(1), spare);
        if !scores.is_empty() {
            lines.push(Line::raw(""));
            lines.extend(scores);
        }
        if self.keys {
            lines.push(Line::raw(""));
            lines.push(
                game_over_keys(palette.ui(UiRole::KeyHint), palette.ui(UiRole::Label))
                    .alignment(Alignment::Center),
            );
        }
        let height = u16::try_from(lines.len())
            .unwrap_or(u16::MAX)
            .saturating_add(2);
        let popup = centred(area, width, height);
        Clear.render(popup, buf);
        Paragraph::new(lines)
            .block(
                Block::new()
                    .borders(Borders::ALL)
                    .border_type(BorderType::Double)
                    .border_style(palette.ui(UiRole::Border))
                    .title(Span::styled(
                        title,
                        title_style.add_modifier(Modifier::BOLD),
                    )),
            )
            .render(popup, buf);
    }
}

/// `text` cut to `width` columns at its front (`…` first) when too long.
fn cut_front(text: &str, width: usize) -> String {
    let count = text.chars().count();
    if count <= width {
        return text.to_owned();
    }
    let keep = width.saturating_sub(1);
    let tail: String = text.chars().skip(count - keep).collect();
    format!("…{tail}")
}

/// The death and victory screen's keys, from the key bar's hints.
fn game_over_keys(key: Style, label: Style) -> Line<'static> {
    let mut spans = Vec::new();
    for hint in bar_hints(InputMode::GameOver, true) {
        if !spans.is_empty() {
            spans.push(Span::styled("     ", label));
        }
        spans.push(Span::styled(hint.keys, key));
        spans.push(Span::styled(format!(" {}", hint.label), label));
    }
    Line::from(spans)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn long_paths_are_cut_at_their_front() {
        assert_eq!(cut_front("abc", 5), "abc");
        assert_eq!(cut_front("/a/long/path/run-1.txt", 10), "…run-1.txt");
    }
}
