//! The frame around the map: the title line, the side panel (health, time,
//! level, monsters in sight), the message log and the key bar.
//!
//! Widgets here take what they draw (the game, the palette, the screen's
//! state), never the app, and change nothing.

use fogcrawl_core::{Awareness, CostProfile, Game, Message, counted, escape_controls};
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::{Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Borders, Paragraph, Widget};

use crate::ui::command::InputMode;
use crate::ui::key_bindings::bar_hints;
use crate::ui::look::{look_lines, slowed_words, terrain_name};
use crate::ui::monster_tags::monsters_nearest_first;
use crate::ui::screen_state::{Notice, NoticeKind, Overlay};
use crate::ui::text::{fill_rows, format_time, stamped_rows, truncate_with_ellipsis, word_wrap};
use crate::ui::theme::{Palette, UiRole};
use gridpath::Pos;

/// Health at or below this share of the maximum is drawn as critical.
const CRITICAL_HEALTH_SHARE: f64 = 0.3;
/// Health at or below this share of the maximum is drawn as hurt.
const HURT_HEALTH_SHARE: f64 = 0.6;
const BAR_FILLED: char = '█';
const BAR_EMPTY: char = '░';
/// How many messages the log looks back through when filling its lines.
const LOG_LOOKBACK: usize = 40;

/// A health bar of `width` cells, e.g. `██████░░░░`.
pub(crate) fn health_bar(hp: i32, max_hp: i32, width: usize) -> String {
    let share = if max_hp > 0 {
        (f64::from(hp.max(0)) / f64::from(max_hp)).clamp(0.0, 1.0)
    } else {
        0.0
    };
    let mut filled = (share * width as f64).round() as usize;
    if hp > 0 && filled == 0 && width > 0 {
        // Alive shows at least one cell.
        filled = 1;
    }
    let mut bar = String::with_capacity(width * 3);
    bar.extend(std::iter::repeat_n(BAR_FILLED, filled));
    bar.extend(std::iter::repeat_n(BAR_EMPTY, width - filled));
    bar
}

fn health_role(hp: i32, max_hp: i32) -> UiRole {
    let share = if max_hp > 0 {
        f64::from(hp) / f64::from(max_hp)
    } else {
        0.0
    };
    if share <= CRITICAL_HEALTH_SHARE {
        UiRole::HealthCritical
    } else if share <= HURT_HEALTH_SHARE {
        UiRole::HealthHurt
    } else {
        UiRole::HealthGood
    }
}

/// The header: game name, level and depth, then the level's description,
/// which fills the rest of the first row and, when the screen gives the
/// header a second row, that row too; what does not fit ends in `…`.
pub(crate) struct TitleLine<'a> {
    pub game: &'a Game,
    pub palette: Palette,
    /// Whether the debug overlay is on (its panel hides the hit points).
    pub overlay_on: bool,
}

impl TitleLine<'_> {
    /// The game name, level and depth; with the debug overlay on (its
    /// panel replaces the one with the hit points, and turns still pass),
    /// the hit points too.
    fn lead(&self) -> Line<'static> {
        let game = self.game;
        let palette = self.palette;
        let mut lead = Line::from(vec![
            Span::styled(
                " fogcrawl ",
                palette.ui(UiRole::Title).add_modifier(Modifier::REVERSED),
            ),
            Span::raw("  "),
            Span::styled(
                format!("{} ", escape_controls(&game.level().name)),
                Style::new().add_modifier(Modifier::BOLD),
            ),
            Span::styled(
                format!("(level {} of {})", game.depth() + 1, game.run().len()),
                palette.ui(UiRole::Label),
            ),
        ]);
        if self.overlay_on {
            let player = game.player();
            lead.push_span(Span::styled("  HP ", palette.ui(UiRole::Label)));
            lead.push_span(Span::styled(
                format!("{}/{}", player.hp.max(0), player.max_hp),
                palette
                    .ui(health_role(player.hp, player.max_hp))
                    .add_modifier(Modifier::BOLD),
            ));
        }
        lead
    }

    /// Whether the whole header fits on one row of `width` columns.
    pub(crate) fn fits(&self, width: u16) -> bool {
        let description = escape_controls(&self.game.level().description);
        self.lead().width() + DESCRIPTION_GAP + description.chars().count() <= usize::from(width)
    }
}

/// Columns between the header's lead and the description, and the second
/// row's indent.
const DESCRIPTION_GAP: usize = 2;

impl Widget for TitleLine<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let label = self.palette.ui(UiRole::Label);
        let mut first = self.lead();
        let width = usize::from(area.width);
        let mut widths = vec![width.saturating_sub(first.width() + DESCRIPTION_GAP)];
        widths.extend(
            std::iter::repeat_n(
                width.saturating_sub(DESCRIPTION_GAP),
                usize::from(area.height),
            )
            .skip(1),
        );
        let description = escape_controls(&self.game.level().description);
        let mut rows = fill_rows(&description, &widths).into_iter();
        let gap = " ".repeat(DESCRIPTION_GAP);
        if let Some(part) = rows.next().filter(|part| !part.is_empty()) {
            first.push_span(Span::styled(format!("{gap}{part}"), label));
        }
        let mut lines = vec![first];
        lines.extend(rows.map(|part| Line::styled(format!("{gap}{part}"), label)));
        Paragraph::new(lines).render(area, buf);
    }
}

/// The labels of the side panel's stats a short panel drops first, in the
/// order it drops them.
const SPARE_STATS: [&str; 6] = ["Seed  ", "Level ", "Time  ", "Step  ", "Pack  ", "Here  "];

/// Whether `line`'s first span is `label`.
fn starts_with(line: &Line<'_>, label: &str) -> bool {
    line.spans.first().is_some_and(|span| span.content == label)
}

/// The side panel: the player's state and the monsters in sight.
pub(crate) struct SidePanel<'a> {
    pub game: &'a Game,
    pub palette: Palette,
    /// The popup or prompt over the map (aiming names the cursor "Aim").
    pub overlay: Overlay,
    /// The look or aiming cursor, while looking or aiming.
    pub look_cursor: Option<Pos>,
    pub auto_advancing: bool,
    /// The monster pointed at, highlighted in the list.
    pub pointed: Option<Pos>,
    /// The map cell under the mouse pointer.
    pub hover: Option<Pos>,
    /// The path travel would take to the cell described (its length is told).
    pub travel_path: &'a [Pos],
    /// While aiming the lure: where it lands ("lands here, 6 cells away").
    pub aim_note: Option<String>,
}

impl Widget for SidePanel<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let palette = self.palette;
        let block = Block::new()
            .borders(Borders::ALL)
            .border_style(palette.ui(UiRole::Border))
            .title(Span::styled(" You ", palette.ui(UiRole::Title)));
        let inner = block.inner(area);
        block.render(area, buf);

        let width = usize::from(inner.width);
        let mut lines = self.stat_lines(width);
        lines.extend(self.pointing_lines(width));
        let rows = usize::from(inner.height);
        // A short panel gives up the lines the header or a key already
        // tells (seed, level, time, the step's cost, the pack) before the
        // look lines and the monsters in sight, which it exists for.
        for spare in SPARE_STATS {
            if lines.len() <= rows {
                break;
            }
            if let Some(at) = lines.iter().position(|line| starts_with(line, spare)) {
                lines.remove(at);
            }
        }
        if lines.len() > rows {
            lines.truncate(rows);
        }
        Paragraph::new(lines).render(inner, buf);
    }
}

impl SidePanel<'_> {
    /// The player's state: health, progress, time, level, the ground
    /// underfoot, the pack and the noise.
    fn stat_lines(&self, width: usize) -> Vec<Line<'static>> {
        let game = self.game;
        let palette = self.palette;
        let label = palette.ui(UiRole::Label);
        let player = game.player();
        let role = health_role(player.hp, player.max_hp);
        let hp = format!("{}/{}", player.hp.max(0), player.max_hp);
        // At the top level the row outgrew the 26 columns of an 80x24
        // panel ("HP    45/45  Lv 10 574 (to"): one space less before "Lv",
        // and no points, keep it whole.
        let mut gap = "  Lv ";
        let mut experience = experience_words(game, true);
        if 6 + hp.chars().count() + gap.len() + experience.chars().count() > width {
            gap = " Lv ";
            experience = experience_words(game, false);
        }
        let mut lines = vec![
            Line::from(vec![
                Span::styled("HP    ", label),
                Span::styled(hp, palette.ui(role).add_modifier(Modifier::BOLD)),
                Span::styled(gap, label),
                Span::raw(experience),
            ]),
            Line::from(Span::styled(
                health_bar(player.hp, player.max_hp, width),
                palette.ui(role),
            )),
        ];
        lines.extend(progress_lines(game, label));
        lines.extend([
            labelled("Time  ", format_time(game.time()), label),
            Line::from(vec![
                Span::styled("Turns ", label),
                Span::raw(game.stats().player_turns().to_string()),
                Span::styled("  Kills ", label),
                Span::raw(game.stats().kills().to_string()),
            ]),
            labelled(
                LEVEL_LABEL,
                level_words(
                    &escape_controls(&game.level().name),
                    game.depth() + 1,
                    game.run().len(),
                    width,
                ),
                label,
            ),
            labelled("Seed  ", game.seed().to_string(), label),
        ]);
        // What the player stands on and what a step onto it costs (while
        // looking, the look lines say it of the cursor's cell instead).
        if self.look_cursor.is_none()
            && let Some(terrain) = game.level().terrain_at(player.pos)
        {
            // Sneaking steps take longer: the time a step takes is shown,
            // so the line agrees with the clock (the noise line says why).
            let slowdown = if game.is_sneaking() {
                fogcrawl_core::SNEAK_SLOWDOWN
            } else {
                1.0
            };
            let step = CostProfile::default().cost(terrain).map_or_else(
                || "-".to_owned(),
                |c| {
                    let c = c * slowdown;
                    format!("{c:.1} ({:.1} diagonal)", c * std::f64::consts::SQRT_2)
                },
            );
            lines.push(labelled("Here  ", terrain_name(terrain), label));
            lines.push(labelled("Step  ", step, label));
        }
        let carried: u32 = game.inventory().entries().iter().map(|(_, _, n)| n).sum();
        let underfoot = game.items_at(player.pos).count();
        let carried = counted(carried.into(), "item", "items");
        let mut pack = format!("{carried} (i)");
        if underfoot > 0 {
            pack = format!("{carried} (i), {underfoot} here (g)");
            // "Pack  1 item (i), 1 here (g)" outgrew the 26 columns of an
            // 80x24 panel and lost its (g) (play21): the pack's key goes
            // first, as the key bar names i.
            if "Pack  ".len() + pack.chars().count() > width {
                pack = format!("{carried}, {underfoot} here (g)");
            }
        }
        lines.push(labelled("Pack  ", pack, label));
        lines.push(labelled("Noise ", noise_words(game), label));
        lines.push(Line::raw(""));
        lines
    }

    /// The look or aiming cursor's cell, auto-advance, the monsters in
    /// sight, then the cell under the mouse (below the monsters, which
    /// matter more on a short panel).
    fn pointing_lines(&self, width: usize) -> Vec<Line<'static>> {
        let mut lines = Vec::new();
        let cursor = self.look_cursor.map(|cell| {
            let heading = if let Overlay::TargetPrompt(item) = self.overlay {
                if aim_verb(item) == "Zap" {
                    "Aim (Enter zaps)"
                } else {
                    "Aim (Enter throws)"
                }
            } else {
                "Look (Esc ends)"
            };
            (cell, heading)
        });
        if let Some((cell, heading)) = cursor {
            let mut described = self.described_cell(cell, heading, width);
            // Where the lure lands, under the cell's name (before its blank).
            if let Some(note) = &self.aim_note {
                let blank = described.pop();
                for part in word_wrap(note, width) {
                    described.push(Line::styled(part, self.palette.ui(UiRole::Notice)));
                }
                described.extend(blank);
            }
            lines.extend(described);
        }
        if self.auto_advancing {
            lines.push(Line::from(Span::styled(
                "▶ AUTO-ADVANCE (a stops)",
                self.palette.ui(UiRole::Notice).add_modifier(Modifier::BOLD),
            )));
            lines.push(Line::raw(""));
        }
        lines.extend(monster_lines(self.game, self.palette, width, self.pointed));
        if let (None, Some(cell)) = (cursor, self.hover) {
            lines.push(Line::raw(""));
            lines.extend(self.described_cell(cell, "Pointer", width));
        }
        lines
    }

    /// What look says of `cell` under `heading`, and the length of the
    /// path travel would take there when one is drawn.
    fn described_cell(&self, cell: Pos, heading: &'static str, width: usize) -> Vec<Line<'static>> {
        let mut lines = vec![Line::from(Span::styled(
            heading,
            self.palette.ui(UiRole::Notice).add_modifier(Modifier::BOLD),
        ))];
        let mut texts = look_lines(self.game, cell);
        let steps = self.travel_path.len().saturating_sub(1);
        if steps > 0 {
            texts.push(format!(
                "travel: {} ({})",
                counted(steps as u64, "step", "steps"),
                if self.overlay == Overlay::Look {
                    "t goes"
                } else {
                    "click goes"
                }
            ));
        }
        for text in texts {
            for part in word_wrap(&text, width) {
                lines.push(Line::raw(part));
            }
        }
        lines.push(Line::raw(""));
        lines
    }
}

/// How loud the player's last action was (cells it carries), and sneak
/// mode when on.
fn noise_words(game: &Game) -> String {
    let noise = game.last_noise();
    let mut words = noise.describe();
    if game.is_sneaking() && noise.cause != fogcrawl_core::NoiseCause::Sneaked {
        words.push_str(", sneaking");
    }
    words
}

/// The experience level and points toward the next ("2 20/32"); at the
/// top level the points too when `top_points` ("10 574 (top)", else
/// "10 (top)").
fn experience_words(game: &Game, top_points: bool) -> String {
    let xp = game.experience();
    match xp.next_threshold() {
        Some(next) => format!("{} {}/{next}", xp.level, xp.points),
        None if top_points => format!("{} {} (top)", xp.level, xp.points),
        None => format!("{} (top)", xp.level),
    }
}

/// The weapon the player strikes with (a dagger when none is wielded).
pub(crate) fn weapon_name(game: &Game) -> &'static str {
    game.equipment()
        .weapon
        .map_or("dagger", |kind| kind.display_name())
}

/// The player's gear: the blow they strike (chance, damage, weapon) and
/// what their armour takes off monsters' blows.
fn progress_lines(game: &Game, label: Style) -> Vec<Line<'static>> {
    let (accuracy, (low, high)) = game.player_attack();
    let weapon = weapon_name(game);
    let armour = match game.equipment().armour {
        // As the blow's line: the figure, then the name (in parentheses
        // "leather armour" overflowed the 26 columns of an 80x24 panel).
        Some(kind) => format!("-{}% {kind}", game.player_defence()),
        None => "none".to_owned(),
    };
    vec![
        labelled(
            "Blow  ",
            format!("{accuracy}% {low}-{high} {weapon}"),
            label,
        ),
        labelled("Armour ", armour, label),
    ]
}

/// `name value`, the name in the label style.
/// The label of the panel's level line.
const LEVEL_LABEL: &str = "Level ";

/// "flint-cave… (5 of 5)": the level's name, cut to leave room for where
/// it stands in the run in a panel `width` wide. The name went first and
/// the place was cut off ("Level flint-caverns (5 of"), which is the half
/// of the line a player reads it for.
fn level_words(name: &str, depth: usize, levels: usize, width: usize) -> String {
    let place = format!(" ({depth} of {levels})");
    let room = width.saturating_sub(LEVEL_LABEL.len() + place.len());
    format!("{}{place}", truncate_with_ellipsis(name, room))
}

pub(crate) fn labelled(name: &'static str, value: String, label: Style) -> Line<'static> {
    Line::from(vec![Span::styled(name, label), Span::raw(value)])
}

/// Two lines per monster in sight, nearest first: its tag (the letter, and
/// a number when others in sight share it), name, faction; then health and
/// what it is doing. The one `pointed` at (the cursor or the mouse is on
/// it) is marked with `▶` and drawn reversed.
fn monster_lines(
    game: &Game,
    palette: Palette,
    width: usize,
    pointed: Option<Pos>,
) -> Vec<Line<'static>> {
    let label = palette.ui(UiRole::Label);
    let tags = game.monster_tags();
    let seen: Vec<(usize, &fogcrawl_core::Actor)> = monsters_nearest_first(game)
        .into_iter()
        .map(|index| (index, &game.actors()[index]))
        .collect();
    let mut lines = vec![Line::from(Span::styled(
        match seen.len() {
            0 => "Nothing in sight".to_owned(),
            n => format!("In sight: {}", counted(n as u64, "monster", "monsters")),
        },
        label,
    ))];
    for (index, monster) in seen {
        let Some(kind) = game.kind_of(monster) else {
            continue;
        };
        let faction_style = palette.faction(&kind.faction);
        let is_pointed = pointed == Some(monster.pos);
        let tag = tags
            .get(&index)
            .cloned()
            .unwrap_or_else(|| kind.letter.to_string());
        let (marker, tag_style) = if is_pointed {
            ("▶", faction_style.add_modifier(Modifier::REVERSED))
        } else {
            (" ", faction_style)
        };
        let awareness = game
            .awareness_of(index)
            .map_or(String::new(), |a| format!("{} {}", a.mark(), a.word()));
        lines.push(Line::from(vec![
            Span::styled(marker, palette.ui(UiRole::Notice)),
            Span::styled(tag, tag_style),
            Span::raw(" "),
            Span::styled(kind.name.clone(), Style::new().add_modifier(Modifier::BOLD)),
            Span::styled(
                format!(" ({})", kind.faction),
                faction_style.remove_modifier(Modifier::BOLD),
            ),
        ]));
        let bar_width = width.saturating_sub(2).min(6);
        lines.push(Line::from(vec![
            Span::raw("  "),
            Span::styled(
                health_bar(monster.hp, monster.max_hp, bar_width),
                palette.ui(health_role(monster.hp, monster.max_hp)),
            ),
            Span::raw(format!(" {}/{} ", monster.hp.max(0), monster.max_hp)),
            Span::styled(awareness, awareness_style(game, index, palette)),
        ]));
        if let Some(slowed) = slowed_words(game, index) {
            lines.push(Line::styled(
                format!("  {slowed}"),
                palette.ui(UiRole::Notice),
            ));
        }
    }
    lines
}

/// Hunting stands out; the rest in the label style.
fn awareness_style(game: &Game, monster: usize, palette: Palette) -> Style {
    match game.awareness_of(monster) {
        Some(Awareness::Hunting) => palette.ui(UiRole::Alert).add_modifier(Modifier::BOLD),
        Some(Awareness::Noticed | Awareness::Searching) => palette.ui(UiRole::Notice),
        _ => palette.ui(UiRole::Label),
    }
}

/// The newest messages that fit, oldest at the top, word-wrapped, each
/// prefixed with the game time it happened at.
pub(crate) struct MessageLog<'a> {
    pub game: &'a Game,
    pub palette: Palette,
}

impl Widget for MessageLog<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let rows = usize::from(area.height);
        if rows == 0 || area.width == 0 {
            return;
        }
        let palette = self.palette;
        let label = palette.ui(UiRole::Label);
        let messages: Vec<&Message> = self.game.log().recent(LOG_LOOKBACK.max(rows)).collect();
        let newest_time = messages.last().map(|m| m.time);
        let mut lines: Vec<Line> = Vec::with_capacity(rows);
        for message in messages.iter().rev() {
            let mut style = palette.message(message.importance);
            if Some(message.time) != newest_time {
                // Older turns fade a little, so the latest news stands out.
                style = style.remove_modifier(Modifier::BOLD);
            } else {
                style = style.add_modifier(Modifier::BOLD);
            }
            let rows_of_message =
                stamped_rows(message.time, &message.text, usize::from(area.width));
            for (margin, part) in rows_of_message.into_iter().rev() {
                lines.push(Line::from(vec![
                    Span::styled(margin, label),
                    Span::styled(part, style),
                ]));
            }
            if lines.len() >= rows {
                break;
            }
        }
        lines.truncate(rows);
        lines.reverse();
        Paragraph::new(lines).render(area, buf);
    }
}

/// What a refusal adds after its notice.
const NO_TIME_PASSED: &str = "(no time passed)";

/// The bottom line: a notice or prompt if there is one, else the keys. A
/// notice too long for one row wraps onto up to `rows` rows (the screen
/// takes them from the message log).
pub(crate) struct KeyBar<'a> {
    pub palette: Palette,
    /// The popup or prompt over the map (a direction prompt is asked here).
    pub overlay: Overlay,
    pub notice: Option<&'a Notice>,
    /// Whose keys the bar lists: the look cursor's, the game over
    /// screen's, the replay's, the overlay's, else play's (popups such as
    /// help keep the bar of the screen beneath them).
    pub mode: InputMode,
}

impl KeyBar<'_> {
    /// The rows the status line needs at `width` columns, at most `most`.
    pub(crate) fn rows(&self, width: u16, most: u16) -> u16 {
        self.notice_lines(width, most)
            .map_or(1, |lines| u16::try_from(lines.len()).unwrap_or(most))
    }

    /// The notice, word-wrapped into at most `most` rows of `width`
    /// columns (a leading space on each), if there is a notice to show.
    fn notice_lines(&self, width: u16, most: u16) -> Option<Vec<Line<'static>>> {
        if matches!(
            self.overlay,
            Overlay::DirectionPrompt(_) | Overlay::ThrowPrompt(_)
        ) {
            return None;
        }
        let notice = self.notice?;
        let palette = self.palette;
        let style = palette.ui(match notice.kind {
            NoticeKind::Refusal | NoticeKind::Alert => UiRole::Alert,
            NoticeKind::Info => UiRole::Notice,
        });
        let text_width = usize::from(width).saturating_sub(1).max(1);
        let most = usize::from(most.max(1));
        let text = escape_controls(&notice.text);
        let mut rows = fill_rows(&text, &vec![text_width; most]);
        if rows.is_empty() {
            rows.push(String::new());
        }
        let mut lines: Vec<Line<'static>> = rows
            .iter()
            .map(|row| Line::from(Span::styled(format!(" {row}"), style)))
            .collect();
        if notice.kind == NoticeKind::Refusal {
            let suffix = Span::styled(format!(" {NO_TIME_PASSED}"), palette.ui(UiRole::Label));
            let last_len = rows.last().map_or(0, |row| row.chars().count());
            if last_len + suffix.width() <= text_width {
                if let Some(last) = lines.last_mut() {
                    last.push_span(suffix);
                }
            } else if lines.len() < most {
                lines.push(Line::from(suffix));
            } else if let (Some(last), Some(row)) = (lines.last_mut(), rows.last()) {
                let room = text_width.saturating_sub(suffix.width());
                *last = Line::from(vec![
                    Span::styled(format!(" {}", truncate_with_ellipsis(row, room)), style),
                    suffix,
                ]);
            }
        }
        Some(lines)
    }
}

impl Widget for KeyBar<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let palette = self.palette;
        let key = palette.ui(UiRole::KeyHint);
        let label = palette.ui(UiRole::Label);
        let prompt = match self.overlay {
            Overlay::DirectionPrompt(door) => Some(door.verb().to_owned()),
            Overlay::TargetPrompt(_) => None,
            Overlay::ThrowPrompt(item) => Some(format!("Throw the {item}")),
            _ => None,
        };
        if let Some(lines) = self.notice_lines(area.width, area.height) {
            Paragraph::new(lines).render(area, buf);
            return;
        }
        let line = if let Some(verb) = prompt {
            Line::from(vec![
                Span::styled(
                    format!(" {verb} which way? "),
                    palette.ui(UiRole::Alert).add_modifier(Modifier::REVERSED),
                ),
                Span::styled("  direction key", key),
                Span::styled(" to choose, ", label),
                Span::styled("Esc", key),
                Span::styled(" to cancel", label),
            ])
        } else {
            let mode = self.mode;
            let lead = if mode == InputMode::Replay {
                vec![
                    Span::styled(
                        " PAUSED ",
                        palette.ui(UiRole::Notice).add_modifier(Modifier::REVERSED),
                    ),
                    Span::raw(" "),
                ]
            } else if let Overlay::TargetPrompt(item) = self.overlay {
                vec![
                    Span::styled(
                        format!(" {} the {item} at? ", aim_verb(item)),
                        palette.ui(UiRole::Alert).add_modifier(Modifier::REVERSED),
                    ),
                    Span::raw(" "),
                ]
            } else {
                vec![Span::raw(" ")]
            };
            let hints = |wide: bool| {
                let mut spans = lead.clone();
                for hint in bar_hints(mode, wide) {
                    spans.push(Span::styled(hint.keys, key));
                    spans.push(Span::styled(format!(" {}  ", hint.label), label));
                }
                Line::from(spans)
            };
            let full = hints(true);
            if full.width() <= usize::from(area.width) {
                full
            } else {
                // Narrow terminals: the essentials; help lists the rest.
                hints(false)
            }
        };
        Paragraph::new(line).render(area, buf);
    }
}

/// What aiming an item does to it: a wand is zapped, the rest are thrown.
fn aim_verb(item: fogcrawl_core::ItemKind) -> &'static str {
    if item == fogcrawl_core::ItemKind::WandOfSlowing {
        "Zap"
    } else {
        "Throw"
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_long_level_name_is_cut_before_its_place_in_the_run() {
        // The 26 columns of an 80x24 panel.
        assert_eq!(
            level_words("flint-caverns", 5, 5, 26),
            "flint-cave… (5 of 5)"
        );
        assert_eq!(
            LEVEL_LABEL.len() + level_words("infirmary-bays", 1, 1, 26).chars().count(),
            26
        );
        assert_eq!(level_words("caves", 3, 7, 26), "caves (3 of 7)");
        assert_eq!(
            level_words("flint-caverns", 5, 5, 40),
            "flint-caverns (5 of 5)"
        );
    }

    #[test]
    fn health_bars_round_and_never_hide_the_living() {
        assert_eq!(health_bar(30, 30, 4), "████");
        assert_eq!(health_bar(15, 30, 4), "██░░");
        assert_eq!(health_bar(1, 30, 4), "█░░░");
        assert_eq!(health_bar(0, 30, 4), "░░░░");
        assert_eq!(health_bar(-3, 30, 2), "░░");
    }
}
