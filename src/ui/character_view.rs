//! The character sheet (`C` or `@`): the player at a glance, on a screen
//! of its own: health, experience and its bonuses, the blow struck and the
//! armour worn, the quiver, the pack, and the run so far (level, turns,
//! time, kills by kind). Reads the app; never changes it. No time passes
//! while it is open.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, BorderType, Borders, Clear, Paragraph, Widget};

use crate::game::message_log::counted;
use crate::game::run_summary::kills_by_kind;
use crate::ui::app::App;
use crate::ui::panels::{health_bar, labelled};
use crate::ui::popups::centred;
use crate::ui::text::{format_time, word_wrap};
use crate::ui::theme::UiRole;
use crate::untrusted_text::escape_controls;

/// The sheet's widest size.
const SHEET_WIDTH: u16 = 64;
/// Columns the labels take ("Armour    ").
const LABEL_WIDTH: usize = 10;

pub struct CharacterSheet<'a>(pub &'a App);

impl CharacterSheet<'_> {
    /// The sheet's lines, wrapped to `width` columns.
    pub fn lines(&self, width: usize) -> Vec<Line<'static>> {
        let app = self.0;
        let game = &app.game;
        let label = app.palette.ui(UiRole::Label);
        let heading = app.palette.ui(UiRole::Title);
        let player = game.player();
        let xp = game.experience();
        let (accuracy, (low, high)) = game.player_attack();
        let weapon = game
            .equipment()
            .weapon
            .map_or("dagger", |kind| kind.display_name());
        let armour = match game.equipment().armour {
            Some(kind) => format!(
                "{kind}: takes {}% off monsters' chance to hit",
                game.player_defence()
            ),
            None => "none".to_owned(),
        };
        let next = match xp.next_threshold() {
            Some(next) => format!("{} of {next} points to level {}", xp.points, xp.level + 1),
            None => format!("{} points (the top level)", xp.points),
        };
        let quiver = format!(
            "{}: {} carried (f fires)",
            app.quiver(),
            game.inventory().count(app.quiver())
        );
        let pack: Vec<String> = game
            .inventory()
            .entries()
            .into_iter()
            .map(|(letter, kind, count)| format!("{letter}) {count} {kind}"))
            .collect();
        let rows: Vec<(&'static str, String)> = vec![
            (
                "Health",
                format!(
                    "{}/{} {}",
                    player.hp.max(0),
                    player.max_hp,
                    health_bar(player.hp, player.max_hp, 10)
                ),
            ),
            ("Level", format!("{}: {next}", xp.level)),
            (
                "Bonuses",
                format!(
                    "+{}% to hit, +{} damage (from experience)",
                    xp.accuracy_bonus(),
                    xp.damage_bonus()
                ),
            ),
            (
                "Blow",
                format!("{accuracy}% to hit, {low}-{high} damage ({weapon})"),
            ),
            ("Armour", armour),
            ("Quiver", quiver),
            (
                "Pack",
                if pack.is_empty() {
                    "nothing".to_owned()
                } else {
                    pack.join(", ")
                },
            ),
            (
                "Dungeon",
                format!(
                    "{}, level {} of {}",
                    escape_controls(&game.level().name),
                    game.depth() + 1,
                    game.run().len()
                ),
            ),
            (
                "Turns",
                format!(
                    "{} (game time {})",
                    game.stats().player_turns(),
                    format_time(game.time())
                ),
            ),
            (
                "Kills",
                format!(
                    "{}: {}",
                    counted(game.stats().kills().into(), "monster", "monsters"),
                    kills_by_kind(game)
                ),
            ),
            ("Seed", game.seed().to_string()),
        ];
        let mut lines = vec![Line::styled("You, the delver", heading), Line::raw("")];
        let value_width = width.saturating_sub(LABEL_WIDTH).max(1);
        for (name, value) in rows {
            for (i, part) in word_wrap(&value, value_width).into_iter().enumerate() {
                let lead = if i == 0 { name } else { "" };
                lines.push(Line::from(vec![
                    Span::styled(format!("{lead:<LABEL_WIDTH$}"), label),
                    Span::raw(part),
                ]));
            }
        }
        if app.game.is_assisted() {
            lines.push(labelled(
                "Assisted  ",
                "the debug overlay was opened".to_owned(),
                label,
            ));
        }
        lines
    }
}

impl Widget for CharacterSheet<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let palette = self.0.palette;
        let width = SHEET_WIDTH.min(area.width);
        let lines = self.lines(usize::from(width.saturating_sub(4)));
        let height = u16::try_from(lines.len())
            .unwrap_or(u16::MAX)
            .saturating_add(2)
            .min(area.height);
        let popup = centred(area, width, height);
        Clear.render(popup, buf);
        let block = Block::new()
            .borders(Borders::ALL)
            .border_type(BorderType::Double)
            .border_style(palette.ui(UiRole::Border))
            .title(Span::styled(
                " Character: any key closes ",
                palette.ui(UiRole::Title),
            ));
        Paragraph::new(lines).block(block).render(popup, buf);
    }
}
