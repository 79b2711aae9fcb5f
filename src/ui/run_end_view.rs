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
    table_lines,
};

/// The screen's widest size; it shrinks to fit smaller terminals.
const END_SCREEN_WIDTH: u16 = 78;
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
        // time rounded once with the total (see `level_times`).
        let visits = level_visits(game);
        let total = match outcome {
            Outcome::Died { time, .. } | Outcome::Won { time } => *time,
        };
        let spans: Vec<f64> = visits.iter().map(|visit| visit.time).collect();
        for (visit, time) in visits.iter().zip(level_times(&spans, game.time(), total)) {
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
        let width = END_SCREEN_WIDTH.min(area.width);
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

/// Each level's time as the end screen writes it, given the game time
/// spent on each (`spans`, the last counted up to the clock `now`) and the
/// time the run ended (`total`, which the clock may have passed: a death
/// at 345.9 was followed by a log line at 346.0): the clock at each
/// arrival is rounded to a tenth as `format_time` rounds, and each line is
/// the difference, the last ending at `total`. So the lines add up to the
/// total above them, and a one-level run's line is the total.
fn level_times(spans: &[f64], now: f64, total: f64) -> Vec<String> {
    // Tenths of a time unit, as `format_time` shows it.
    let tenths = |time: f64| -> i64 {
        let shown = format_time(time);
        let (whole, tenth) = shown.split_once('.').unwrap_or((&shown, "0"));
        let whole: i64 = whole.parse().unwrap_or(0);
        let tenth: i64 = tenth.parse().unwrap_or(0);
        if shown.starts_with('-') {
            whole * 10 - tenth
        } else {
            whole * 10 + tenth
        }
    };
    let mut clock = now - spans.iter().sum::<f64>();
    let mut previous = tenths(clock);
    spans
        .iter()
        .enumerate()
        .map(|(index, span)| {
            clock += span;
            let end = if index + 1 == spans.len() {
                tenths(total)
            } else {
                tenths(clock)
            };
            let spent = (end - previous).max(0);
            previous = end;
            format!("{}.{}", spent / 10, spent % 10)
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn level_times_add_up_to_the_total_shown() {
        // Each 48.64 alone reads 48.6; together the run took 97.3.
        assert_eq!(
            level_times(&[48.64, 48.64], 97.28, 97.28),
            vec!["48.6".to_owned(), "48.7".to_owned()]
        );
        assert_eq!(format_time(97.28), "97.3");
        // One level: its line is the total, whatever the float noise.
        let span = 97.35 - 0.000_000_1;
        assert_eq!(level_times(&[span], span, 97.35), vec![format_time(97.35)]);
        // The clock ran on past the death (seed 1812 at 120x40: died at
        // 1976.8, the clock at 1976.9): the lines still add up to 1976.8.
        assert_eq!(
            level_times(&[1266.4, 450.1, 260.4], 1976.9, 1976.8),
            vec!["1266.4".to_owned(), "450.1".to_owned(), "260.3".to_owned()]
        );
        assert_eq!(
            level_times(&[345.95], 345.95, 345.92),
            vec![format_time(345.92)]
        );
        assert!(level_times(&[], 5.0, 5.0).is_empty());
    }

    #[test]
    fn long_paths_are_cut_at_their_front() {
        assert_eq!(cut_front("abc", 5), "abc");
        assert_eq!(cut_front("/a/long/path/run-1.txt", 10), "…run-1.txt");
    }
}
