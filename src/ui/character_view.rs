//! The character sheet (`C` or `@`): the player at a glance, on a screen
//! of its own: health, experience and its bonuses, the blow struck and the
//! armour worn, the quiver, the pack, and the run so far (level, turns,
//! time, kills by kind). Reads the game; never changes it. No time passes
//! while it is open.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::Widget;

use crate::ui::panels::{health_bar, labelled, weapon_name};
use crate::ui::popups::framed_popup;
use crate::ui::text::{format_time, word_wrap};
use crate::ui::theme::{Palette, UiRole};
use fogcrawl_core::{Game, ItemKind, counted, counted_items, escape_controls, kills_by_kind};

/// The sheet's widest size.
const SHEET_WIDTH: u16 = 64;
/// Columns the labels take ("Armour    ").
const LABEL_WIDTH: usize = 10;

pub(crate) struct CharacterSheet<'a> {
    pub game: &'a Game,
    pub palette: Palette,
    /// What the fire key throws.
    pub quiver: ItemKind,
}

impl CharacterSheet<'_> {
    /// The sheet's lines, wrapped to `width` columns.
    pub(crate) fn lines(&self, width: usize) -> Vec<Line<'static>> {
        let label = self.palette.ui(UiRole::Label);
        let heading = self.palette.ui(UiRole::Title);
        let mut lines = vec![Line::styled("You, the delver", heading), Line::raw("")];
        let value_width = width.saturating_sub(LABEL_WIDTH).max(1);
        for (name, value) in self.player_rows().into_iter().chain(self.run_rows()) {
            for (i, part) in word_wrap(&value, value_width).into_iter().enumerate() {
                let lead = if i == 0 { name } else { "" };
                lines.push(Line::from(vec![
                    Span::styled(format!("{lead:<LABEL_WIDTH$}"), label),
                    Span::raw(part),
                ]));
            }
        }
        if self.game.is_assisted() {
            lines.push(labelled(
                "Assisted  ",
                "the debug overlay was opened".to_owned(),
                label,
            ));
        }
        lines
    }

    /// The player: health, experience and its bonuses, the blow, the
    /// armour, the quiver and the pack.
    fn player_rows(&self) -> Vec<(&'static str, String)> {
        let game = self.game;
        let player = game.player();
        let xp = game.experience();
        let (accuracy, (low, high)) = game.player_attack();
        let weapon = weapon_name(game);
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
        // An empty quiver says so, as f does: "0 carried (f fires)" sent
        // play21 to f to be told the quiver was empty.
        let quiver = match game.inventory().count(self.quiver) {
            0 => format!(
                "empty: no {} left (throwing an item from i quivers it)",
                self.quiver
            ),
            count => format!("{}: {count} carried (f fires)", self.quiver),
        };
        let pack: Vec<String> = game
            .inventory()
            .entries()
            .into_iter()
            // "2 throwing knives", as the inventory says it (the sheet read
            // "2 throwing knife" in player18's run).
            .map(|(letter, kind, count)| format!("{letter}) {}", counted_items(kind, count)))
            .collect();
        vec![
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
        ]
    }

    /// The run so far: where, how long, the kills, the seed.
    fn run_rows(&self) -> Vec<(&'static str, String)> {
        let game = self.game;
        vec![
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
        ]
    }
}

impl Widget for CharacterSheet<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let width = SHEET_WIDTH.min(area.width);
        let lines = self.lines(usize::from(width.saturating_sub(4)));
        framed_popup(
            area,
            width,
            " Character: any key closes ",
            lines,
            self.palette,
            buf,
        );
    }
}
