//! What is drawn over the game: the help popup (every key, every glyph)
//! and the "terminal too small" message (the death and victory screen is
//! `run_end_view`'s).
//!
//! Widgets here only read; they never change the app or the game. They are
//! handed the data they draw, never the `App`: the app asks the help how far
//! it scrolls, so these must not depend on the app in turn.

use fogcrawl_core::{Awareness, ItemKind, MonsterKind, Terrain};
use ratatui::buffer::Buffer;
use ratatui::layout::{Alignment, Constraint, Flex, Layout, Rect};
use ratatui::style::Style;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, BorderType, Borders, Clear, Paragraph, Widget};

use crate::ui::key_bindings::{HelpSection, help_rows};
use crate::ui::map_view::PLAYER_GLYPH;
use crate::ui::overlay::Layer;
use crate::ui::overlay::legend::layer_legend;
use crate::ui::text::word_wrap;
use crate::ui::theme::{Palette, UiRole};

/// Width of the key column in the help popup.
const HELP_KEY_COLUMN: usize = 20;
/// The help popup's widest size; it shrinks to fit smaller terminals.
const HELP_MAX_WIDTH: u16 = 84;

/// A `width` x `height` rectangle centred in `area` (clipped to it).
pub(crate) fn centred(area: Rect, width: u16, height: u16) -> Rect {
    let [row] = Layout::vertical([Constraint::Length(height.min(area.height))])
        .flex(Flex::Center)
        .areas(area);
    let [rect] = Layout::horizontal([Constraint::Length(width.min(area.width))])
        .flex(Flex::Center)
        .areas(row);
    rect
}

/// Draws `lines` in a double-bordered popup `width` wide (and as tall as
/// the lines, at most `area`'s height) centred in `area`, under `title`:
/// the frame the inventory and the character sheet share.
pub(crate) fn framed_popup(
    area: Rect,
    width: u16,
    title: &'static str,
    lines: Vec<Line<'_>>,
    palette: Palette,
    buf: &mut Buffer,
) {
    let height = u16::try_from(lines.len())
        .unwrap_or(u16::MAX)
        .saturating_add(2)
        .min(area.height);
    let popup = centred(area, width, height);
    Clear.render(popup, buf);
    let block = popup_block(title.to_owned(), palette.ui(UiRole::Title), palette);
    Paragraph::new(lines).block(block).render(popup, buf);
}

fn popup_block(title: String, style: Style, palette: Palette) -> Block<'static> {
    Block::new()
        .borders(Borders::ALL)
        .border_type(BorderType::Double)
        .border_style(palette.ui(UiRole::Border))
        .title(Span::styled(title, style))
}

/// The help popup: every key and every glyph on the map. What it shows is
/// taken from the app by `App::help_popup`.
pub(crate) struct HelpPopup<'a> {
    pub palette: Palette,
    /// The debug overlay is on: the help lists its keys and marks instead.
    pub overlay_on: bool,
    /// The monster kinds of the game, for the map legend.
    pub kinds: &'a [MonsterKind],
    /// Lines scrolled down from the top (clamped when drawn).
    pub scroll: u16,
}

impl HelpPopup<'_> {
    /// The rows of a help section, descriptions wrapped under their column.
    fn key_rows(section: HelpSection, width: usize, key: Style) -> Vec<Line<'static>> {
        let description_width = width.saturating_sub(HELP_KEY_COLUMN + 1);
        let mut lines = Vec::new();
        for help in help_rows(section) {
            for (row, part) in word_wrap(help.text, description_width)
                .into_iter()
                .enumerate()
            {
                let keys = if row == 0 { help.keys } else { "" };
                lines.push(Line::from(vec![
                    Span::styled(format!(" {keys:<HELP_KEY_COLUMN$}"), key),
                    Span::raw(part),
                ]));
            }
        }
        lines
    }

    /// While the debug overlay is on: its keys and every layer's marks.
    fn overlay_lines(&self, width: usize) -> Vec<Line<'static>> {
        let palette = self.palette;
        let heading = palette.ui(UiRole::Title);
        let label = palette.ui(UiRole::Label);
        let mut lines = vec![Line::from(Span::styled("Debug overlay keys", heading))];
        lines.extend(Self::key_rows(
            HelpSection::Overlay,
            width,
            palette.ui(UiRole::KeyHint),
        ));
        lines.push(Line::from(Span::styled("Marks", heading)));
        for layer in [Layer::Search, Layer::Belief, Layer::Danger] {
            let name = if layer == Layer::Danger {
                "influence"
            } else {
                layer.name()
            };
            let mut legend = layer_legend(layer, None, palette).into_iter();
            if let Some(first) = legend.next() {
                let mut spans = vec![Span::styled(format!(" {name:<10}"), label)];
                spans.extend(first.spans);
                lines.push(Line::from(spans));
            }
            for more in legend {
                let mut spans = vec![Span::raw(format!(" {:<10}", ""))];
                spans.extend(more.spans);
                lines.push(Line::from(spans));
            }
        }
        let notes = [
            "The map shows the true level and every monster; the followed one is underlined, the cursor reversed. Closed cells are shaded by when they were expanded; the inspector reads g, h, f, the arrow to the parent, terrain cost, influence penalty, belief and truth.",
            "Only the followed monster's searches are traced, and nothing is traced while the overlay is off.",
        ];
        for note in notes {
            for part in word_wrap(note, width.saturating_sub(1)) {
                lines.push(Line::styled(format!(" {part}"), label));
            }
        }
        lines
    }

    /// The popup's lines, packed and wrapped to `width` columns.
    fn lines(&self, width: usize) -> Vec<Line<'static>> {
        if self.overlay_on {
            return self.overlay_lines(width);
        }
        let palette = self.palette;
        let key = palette.ui(UiRole::KeyHint);
        let label = palette.ui(UiRole::Label);
        let heading = palette.ui(UiRole::Title);
        let mut lines: Vec<Line> = vec![Line::from(Span::styled("Keys", heading))];
        // Descriptions wrap under their own column on narrow terminals.
        lines.extend(Self::key_rows(HelpSection::Playing, width, key));
        lines.push(Line::raw(""));
        lines.push(Line::from(Span::styled("Map", heading)));
        let mut legend: Vec<Vec<Span>> = Terrain::ALL
            .into_iter()
            .map(|t| {
                let (glyph, style) = palette.visible_terrain(t);
                vec![
                    Span::styled(glyph.to_string(), style),
                    Span::styled(format!(" {}", t.name().replace('_', " ")), label),
                ]
            })
            .collect();
        legend.push(vec![
            Span::styled(PLAYER_GLYPH.to_string(), palette.player()),
            Span::styled(" you", label),
        ]);
        for item in ItemKind::ALL {
            legend.push(vec![
                Span::styled(item.plain_char().to_string(), palette.ui(UiRole::Notice)),
                Span::styled(format!(" {item}"), label),
            ]);
        }
        for kind in self.kinds {
            legend.push(vec![
                Span::styled(kind.letter.to_string(), palette.faction(&kind.faction)),
                Span::styled(format!(" {} ({})", kind.name, kind.faction), label),
            ]);
        }
        lines.extend(pack_items(legend, width));
        lines.push(Line::from(Span::styled(
            "Monsters' awareness (side panel)",
            heading,
        )));
        let marks: Vec<Vec<Span>> = Awareness::ALL
            .into_iter()
            .map(|a| {
                vec![
                    Span::styled(a.mark().to_string(), key),
                    Span::styled(format!(" {}: {}", a.word(), a.meaning()), label),
                ]
            })
            .collect();
        lines.extend(pack_items(marks, width));
        lines.push(Line::from(Span::styled(
            "Items (i, then the letter)",
            heading,
        )));
        for item in ItemKind::ALL {
            let text = format!("{item}: {}", fogcrawl_core::describe_item(item));
            for (index, part) in word_wrap(&text, width.saturating_sub(3))
                .into_iter()
                .enumerate()
            {
                let mark = if index == 0 {
                    item.plain_char().to_string()
                } else {
                    " ".to_owned()
                };
                lines.push(Line::from(vec![
                    Span::styled(format!(" {mark} "), palette.ui(UiRole::Notice)),
                    Span::styled(part, label),
                ]));
            }
        }
        let notes = [
            "Dim: remembered, not in sight now (monsters there are not shown). Blank: unknown."
                .to_owned(),
            "A move takes 1 (1.4 diagonally) x the cost of the ground entered: roads are quick, swamps slow. A step into slow ground within reach of a monster that hunts you warns first: the same key again steps."
                .to_owned(),
            "Kills give experience (Exp): each level adds hit points and surer, harder blows. Better weapons and armour are put on as you pick them up; i lists the rest."
                .to_owned(),
            stealth_note(),
            format!(
                "Colours: {} (NO_COLOR=1 turns them off). Quitting saves; starting again resumes.",
                palette.support.name()
            ),
        ];
        for note in notes {
            for part in word_wrap(&note, width.saturating_sub(1)) {
                lines.push(Line::styled(format!(" {part}"), label));
            }
        }
        lines
    }
}

/// The stealth rules in one paragraph, with the game's own numbers.
fn stealth_note() -> String {
    use fogcrawl_core::{
        DOOR_NOISE, NOISY_GROUND, REST_DRAW_TIME, SLEEPING_DAMAGE, SNEAK_NOISE, SNEAK_SLOWDOWN,
        UNAWARE_DAMAGE, WALK_NOISE,
    };
    format!(
        "Noise (panel): a step is heard {WALK_NOISE} cells away, sneaking (s) {SNEAK_NOISE} at {SNEAK_SLOWDOWN}x the time, and the unaware see you only within half their sight; rubble, water, swamp, mud +{NOISY_GROUND}; a door {DOOR_NOISE}; a fight 10. Sound goes round walls; closed doors muffle it. A sleeper (z) wakes on a noise within half that, or a blow; a blow on it always hits for x{SLEEPING_DAMAGE} damage, on an unaware one x{UNAWARE_DAMAGE}. Every {REST_DRAW_TIME} time spent waiting or resting draws the nearest monster to you."
    )
}

/// Lays out legend items (each a few spans) left to right, two spaces
/// apart, starting a new line when the next item would not fit.
fn pack_items(items: Vec<Vec<Span<'static>>>, width: usize) -> Vec<Line<'static>> {
    const GAP: usize = 2;
    let mut lines = Vec::new();
    let mut current: Vec<Span> = vec![Span::raw(" ")];
    let mut used = 1;
    for item in items {
        let item_width: usize = item.iter().map(Span::width).sum();
        if used > 1 && used + GAP + item_width > width {
            lines.push(Line::from(std::mem::replace(
                &mut current,
                vec![Span::raw(" ")],
            )));
            used = 1;
        }
        if used > 1 {
            current.push(Span::raw("  "));
            used += GAP;
        }
        used += item_width;
        current.extend(item);
    }
    if used > 1 {
        lines.push(Line::from(current));
    }
    lines
}

fn height_for(lines: usize) -> u16 {
    u16::try_from(lines).unwrap_or(u16::MAX)
}

impl HelpPopup<'_> {
    /// How far the help can scroll in `area`: its lines past what the popup shows.
    pub(crate) fn scroll_limit(&self, area: Rect) -> u16 {
        let width = HELP_MAX_WIDTH.min(area.width);
        let total = height_for(self.lines(usize::from(width.saturating_sub(2))).len());
        let rows = total.min(area.height.saturating_sub(2));
        total.saturating_sub(rows)
    }
}

impl Widget for HelpPopup<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let palette = self.palette;
        let width = HELP_MAX_WIDTH.min(area.width);
        let lines = self.lines(usize::from(width.saturating_sub(2)));
        let popup = centred(area, width, height_for(lines.len()).saturating_add(2));
        Clear.render(popup, buf);
        // On short terminals the help scrolls; the title says where it is.
        let rows = popup.height.saturating_sub(2);
        let total = height_for(lines.len());
        let most = total.saturating_sub(rows);
        let offset = self.scroll.min(most);
        let title = if most == 0 {
            " Help: any key closes ".to_owned()
        } else {
            format!(
                " Help {}-{} of {}: j k PgUp PgDn scroll, any other key closes ",
                offset + 1,
                (offset + rows).min(total),
                total
            )
        };
        let block = popup_block(title, palette.ui(UiRole::Title), palette);
        Paragraph::new(lines)
            .block(block)
            .scroll((offset, 0))
            .render(popup, buf);
    }
}

/// Shown instead of the game when the terminal is below the minimum size.
pub(crate) struct TooSmall {
    pub need: (u16, u16),
}

impl Widget for TooSmall {
    fn render(self, area: Rect, buf: &mut Buffer) {
        // One line each, so a narrow terminal breaks between them, not
        // inside a size; and the way out, since no other key works here.
        let said = [
            "terminal too small".to_owned(),
            format!(
                "need {}x{}, now {}x{}",
                self.need.0, self.need.1, area.width, area.height
            ),
            "the game waits; q saves and quits".to_owned(),
        ];
        let lines: Vec<Line> = said
            .iter()
            .flat_map(|text| word_wrap(text, usize::from(area.width)))
            .map(Line::raw)
            .collect();
        let height = height_for(lines.len());
        Paragraph::new(lines)
            .alignment(Alignment::Center)
            .render(centred(area, area.width, height), buf);
    }
}
