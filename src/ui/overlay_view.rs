//! Drawing the debug overlay: the map with the chosen layer painted over
//! the true level (search, belief or an influence map), the comparison side
//! by side, and the overlay's side panel (followed monster, stats, AI-time
//! sparkline, replay position, cell inspector, legend).
//!
//! Everything here reads an `&App` and the traces the game recorded; it
//! never changes the game (the comparison search was run by `App`).

use std::collections::HashMap;

use ratatui::buffer::Buffer;
use ratatui::layout::{Constraint, Layout, Position, Rect};
use ratatui::style::{Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Borders, Paragraph, Widget};

use crate::game::Game;
use crate::pathfinding::{CellValues, Pos, SearchTrace};
use crate::ui::app::App;
use crate::ui::map_view::{PLAYER_GLYPH, camera_origin};
use crate::ui::overlay::{
    CURRENT_NODE_GLYPH, DIFFERS_GLYPH, FALSE_OPEN_GLYPH, FIELD_GLYPH, GOAL_GLYPH, HEAT_GLYPHS,
    Layer, OPEN_GLYPH, RAW_PATH_GLYPH, SMOOTH_PATH_GLYPH, SPARKLINE_TURNS, STALE_AGE, START_GLYPH,
    UNKNOWN_GLYPH, closed_glyph, expansion_order, inspect, options_label, parent_chain,
    replay_upto, sparkline,
};
use crate::ui::panels::truncate_with_ellipsis;
use crate::ui::theme::{OverlayMark, Palette, UiRole};
use crate::world::Terrain;

/// The search as the overlay shows it: the trace up to the replay point.
pub struct SearchView<'a> {
    pub trace: &'a SearchTrace,
    /// Events shown (all of them when not replaying).
    pub upto: usize,
    pub values: HashMap<Pos, CellValues>,
    /// Expanded cells shown: their place in the expansion order.
    pub order: HashMap<Pos, usize>,
    /// Expansions in the whole search (shades stay put during a replay).
    pub total_expanded: usize,
}

impl<'a> SearchView<'a> {
    pub fn new(trace: &'a SearchTrace, replay: Option<usize>) -> Self {
        let upto = replay.map_or(trace.events.len(), |k| replay_upto(trace, k));
        Self {
            trace,
            upto,
            values: trace.cell_values(Some(upto)),
            order: expansion_order(trace, upto),
            total_expanded: trace.closed_cells().count(),
        }
    }

    fn is_complete(&self) -> bool {
        self.upto >= self.trace.events.len()
    }

    /// The node expanded last in what is shown (the replay's current node).
    fn current_node(&self) -> Option<Pos> {
        let last = self.order.len().checked_sub(1)?;
        self.order
            .iter()
            .find(|(_, index)| **index == last)
            .map(|(&pos, _)| pos)
    }

    /// The path found (goal back to start), once the search is shown whole.
    fn found_path(&self) -> Vec<Pos> {
        match self.trace.goal {
            Some(goal) if self.values.get(&goal).is_some_and(|v| v.closed) => {
                parent_chain(&self.values, goal)
            }
            _ => Vec::new(),
        }
    }
}

/// One map of the overlay: the true level, the layer's marks, all living
/// monsters (the followed one underlined), the player, the cursor.
pub struct OverlayMap<'a> {
    pub app: &'a App,
    pub layer: Layer,
    /// The search to draw on the search layer (recorded or comparison).
    pub search: Option<&'a SearchView<'a>>,
    /// Draw the followed monster's smoothed plan (not for the comparison).
    pub smoothed: bool,
}

impl OverlayMap<'_> {
    /// The cell the camera centres on in a `width` x `height` view: the
    /// cursor; else midway between the player and the followed monster
    /// when both fit, so the player stays in view; else the player.
    pub fn focus(app: &App, width: u16, height: u16) -> Pos {
        let debug = app.debug();
        if let Some(cursor) = debug.cursor {
            return cursor;
        }
        let player = app.game.player().pos;
        let Some(monster) = debug.followed.map(|f| app.game.actors[f].pos) else {
            return player;
        };
        let fits = (monster.x - player.x).abs() < i32::from(width) - 2
            && (monster.y - player.y).abs() < i32::from(height) - 2;
        if fits {
            Pos::new((monster.x + player.x) / 2, (monster.y + player.y) / 2)
        } else {
            player
        }
    }
}

impl Widget for OverlayMap<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let app = self.app;
        let game = &app.game;
        let palette = app.palette;
        let level = &game.level;
        let focus = Self::focus(app, area.width, area.height);
        let origin_x = camera_origin(level.width(), area.width, focus.x);
        let origin_y = camera_origin(level.height(), area.height, focus.y);
        let mut put = |pos: Pos, glyph: char, style: Style| {
            let (sx, sy) = (pos.x - origin_x, pos.y - origin_y);
            if sx < 0 || sy < 0 || sx >= i32::from(area.width) || sy >= i32::from(area.height) {
                return;
            }
            let screen = Position::new(area.x + sx as u16, area.y + sy as u16);
            if let Some(cell) = buf.cell_mut(screen) {
                cell.set_char(glyph).set_style(style);
            }
        };
        let faction = app
            .debug()
            .followed
            .and_then(|f| game.faction_index_of(f))
            .map(|f| &game.factions[f]);

        // The true level, dimmed so the marks stand out.
        for sy in 0..area.height {
            for sx in 0..area.width {
                let pos = Pos::new(origin_x + i32::from(sx), origin_y + i32::from(sy));
                let Some(terrain) = level.terrain_at(pos) else {
                    continue;
                };
                let (glyph, style) = palette.remembered_terrain(terrain);
                let mark = match self.layer {
                    Layer::Search => None,
                    Layer::Belief => faction.and_then(|f| belief_mark(game, f, pos)),
                    Layer::Danger | Layer::Crowding | Layer::Threat => {
                        faction.and_then(|f| heat_mark(self.layer, f, pos, Some(terrain)))
                    }
                };
                match mark {
                    Some((glyph, mark)) => put(pos, glyph, palette.overlay(mark)),
                    None => put(pos, glyph, style),
                }
            }
        }

        // A monster following its faction's shared field: the cells the
        // field has settled, under the search.
        if self.layer == Layer::Search
            && let Some(monster) = app.debug().followed
            && let Some(brain) = game.actors.get(monster).and_then(|a| a.brain.as_ref())
            && brain.plan_source == crate::ai::brain::PlanSource::SharedField
            && let Some((_, field)) = faction.and_then(|f| f.shared_field())
        {
            for (pos, _) in field.settled_cells() {
                put(pos, FIELD_GLYPH, palette.overlay(OverlayMark::Open));
            }
        }
        if let (Layer::Search, Some(search)) = (self.layer, self.search) {
            for (&pos, values) in &search.values {
                let (glyph, mark) = if values.closed {
                    let index = search.order.get(&pos).copied().unwrap_or(0);
                    let glyph = closed_glyph(index, search.total_expanded);
                    let third = (index * 3) / search.total_expanded.max(1);
                    (glyph, OverlayMark::Closed(third))
                } else {
                    (OPEN_GLYPH, OverlayMark::Open)
                };
                put(pos, glyph, palette.overlay(mark));
            }
            let path = if search.is_complete() {
                search.found_path()
            } else {
                // A replay: the best way to the node being expanded.
                search
                    .current_node()
                    .map(|node| parent_chain(&search.values, node))
                    .unwrap_or_default()
            };
            for &pos in &path {
                put(pos, RAW_PATH_GLYPH, palette.overlay(OverlayMark::RawPath));
            }
            if self.smoothed
                && search.is_complete()
                && let Some(brain) = app
                    .debug()
                    .followed
                    .and_then(|f| game.actors[f].brain.as_ref())
            {
                for &pos in &brain.plan {
                    put(
                        pos,
                        SMOOTH_PATH_GLYPH,
                        palette.overlay(OverlayMark::SmoothPath),
                    );
                }
            }
        }

        // Start and goal under the actors: `@` and the monsters stay on top.
        if let (Layer::Search, Some(search)) = (self.layer, self.search) {
            let endpoint = palette.overlay(OverlayMark::Endpoint);
            if let Some(start) = search.trace.start {
                put(start, START_GLYPH, endpoint);
            }
            if let Some(goal) = search.trace.goal {
                put(goal, GOAL_GLYPH, endpoint);
            }
        }
        for (index, actor) in game.actors.iter().enumerate().skip(1) {
            if !actor.is_alive() {
                continue;
            }
            let Some(kind) = game.kind_of(actor) else {
                continue;
            };
            let style = if app.debug().followed == Some(index) {
                palette.followed(&kind.faction)
            } else {
                palette.faction(&kind.faction)
            };
            put(actor.pos, kind.letter, style);
        }
        put(game.player().pos, PLAYER_GLYPH, palette.player());

        if let (Layer::Search, Some(search)) = (self.layer, self.search)
            && !search.is_complete()
            && let Some(node) = search.current_node()
        {
            put(
                node,
                CURRENT_NODE_GLYPH,
                palette.overlay(OverlayMark::CurrentNode),
            );
        }

        if let Some(cursor) = app.debug().cursor {
            let (sx, sy) = (cursor.x - origin_x, cursor.y - origin_y);
            if sx >= 0 && sy >= 0 && sx < i32::from(area.width) && sy < i32::from(area.height) {
                let screen = Position::new(area.x + sx as u16, area.y + sy as u16);
                if let Some(cell) = buf.cell_mut(screen) {
                    cell.set_style(palette.cursor());
                }
            }
        }
    }
}

/// The belief layer's mark for `pos`, if it needs one.
fn belief_mark(
    game: &Game,
    faction: &crate::ai::faction::Faction,
    pos: Pos,
) -> Option<(char, OverlayMark)> {
    let truth = game.level.terrain_at(pos)?;
    let Some(belief) = faction.knowledge().belief(pos) else {
        return Some((UNKNOWN_GLYPH, OverlayMark::Unknown));
    };
    if belief != truth {
        let rules = faction.rules()?;
        let false_open =
            rules.terrain_cost(Some(belief)).is_some() && rules.terrain_cost(Some(truth)).is_none();
        return Some(if false_open {
            (FALSE_OPEN_GLYPH, OverlayMark::FalseOpen)
        } else {
            (DIFFERS_GLYPH, OverlayMark::Differs)
        });
    }
    // Only what can change goes stale (doors open, close and break): a
    // wall seen long ago is still a wall, and a digit on every explored
    // cell would hide the map.
    if !matches!(belief, Terrain::OpenDoor | Terrain::ClosedDoor) {
        return None;
    }
    let age = game.time - faction.knowledge().last_seen(pos)?;
    stale_digit(age).map(|digit| (digit, OverlayMark::Stale))
}

/// The digit a cell last seen `age` ago shows: `None` while fresh, then
/// its age in tens of time units, 9 for anything older.
pub fn stale_digit(age: f64) -> Option<char> {
    if age < STALE_AGE {
        return None;
    }
    let tens = (age / STALE_AGE).floor().clamp(1.0, 9.0) as u32;
    char::from_digit(tens, 10)
}

fn influence_of(
    layer: Layer,
    faction: &crate::ai::faction::Faction,
) -> Option<&crate::ai::influence::InfluenceMap> {
    let influences = faction.influences();
    match layer {
        Layer::Danger => Some(&influences.danger),
        Layer::Crowding => Some(&influences.crowding),
        Layer::Threat => Some(&influences.threat),
        Layer::Search | Layer::Belief => None,
    }
}

/// Which quarter of `peak` a value falls in (0 lowest).
pub fn heat_quarter(value: f32, peak: f32) -> usize {
    let share = (value / peak.max(f32::MIN_POSITIVE)).clamp(0.0, 1.0);
    ((share * HEAT_GLYPHS.len() as f32).ceil() as usize).clamp(1, HEAT_GLYPHS.len()) - 1
}

fn heat_mark(
    layer: Layer,
    faction: &crate::ai::faction::Faction,
    pos: Pos,
    game_terrain: Option<Terrain>,
) -> Option<(char, OverlayMark)> {
    // Heat never covers a wall: the map stays readable under it.
    if game_terrain.is_some_and(Terrain::is_opaque) {
        return None;
    }
    let map = influence_of(layer, faction)?;
    let value = map.value(pos);
    if value <= 0.0 {
        return None;
    }
    let quarter = heat_quarter(value, map.peak());
    Some((HEAT_GLYPHS[quarter], OverlayMark::Heat(quarter)))
}

/// The map area with the overlay: one map, or on the search layer with a
/// comparison, the recorded search and the re-run side by side.
pub struct OverlayMaps<'a>(pub &'a App);

impl Widget for OverlayMaps<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let app = self.0;
        let debug = app.debug();
        let recorded = debug.followed.and_then(|f| app.game.traced_search(f));
        let view = recorded.map(|trace| SearchView::new(trace, debug.replay));
        let comparison = debug
            .comparison
            .as_ref()
            .filter(|_| debug.layer == Layer::Search);
        let Some(comparison) = comparison else {
            OverlayMap {
                app,
                layer: debug.layer,
                search: view.as_ref(),
                smoothed: true,
            }
            .render(area, buf);
            return;
        };
        let palette = app.palette;
        let [left, gap, right] = Layout::horizontal([
            Constraint::Fill(1),
            Constraint::Length(1),
            Constraint::Fill(1),
        ])
        .areas(area);
        let border = palette.ui(UiRole::Border);
        for y in gap.top()..gap.bottom() {
            if let Some(cell) = buf.cell_mut(Position::new(gap.x, y)) {
                cell.set_char('│').set_style(border);
            }
        }
        let faction = debug.followed.and_then(|f| app.game.faction_index_of(f));
        let own = faction.map(|f| app.game.factions[f].search_options());
        let summary = debug
            .followed
            .and_then(|f| app.game.faction_index_of(f))
            .map(|f| app.game.factions[f].last_trace_summary());
        let left_title = format!(
            "{} exp {} cost {}",
            own.as_ref().map_or_else(String::new, options_label),
            view.as_ref().map_or(0, |v| v.total_expanded),
            cost_text(summary.and_then(|s| s.cost)),
        );
        let right_title = format!(
            "{} exp {} cost {}",
            options_label(&comparison.options),
            comparison.expanded,
            cost_text(comparison.cost),
        );
        let other = SearchView::new(&comparison.trace, None);
        for (half, title, search, smoothed) in [
            (left, left_title, view.as_ref(), true),
            (right, right_title, Some(&other), false),
        ] {
            let [title_row, map] =
                Layout::vertical([Constraint::Length(1), Constraint::Fill(1)]).areas(half);
            Paragraph::new(Line::styled(
                truncate_with_ellipsis(&title, usize::from(title_row.width)),
                palette.ui(UiRole::Title),
            ))
            .render(title_row, buf);
            OverlayMap {
                app,
                layer: Layer::Search,
                search,
                smoothed,
            }
            .render(map, buf);
        }
    }
}

fn cost_text(cost: Option<f64>) -> String {
    cost.map_or_else(|| "none".to_owned(), |c| format!("{c:.2}"))
}

/// The overlay's side panel.
pub struct OverlayPanel<'a>(pub &'a App);

impl OverlayPanel<'_> {
    fn lines(&self, width: usize) -> Vec<Line<'static>> {
        let app = self.0;
        let game = &app.game;
        let debug = app.debug();
        let palette = app.palette;
        let label = palette.ui(UiRole::Label);
        let bold = Style::new().add_modifier(Modifier::BOLD);
        let mut lines = Vec::new();
        let followed = debug.followed.filter(|&f| f < game.actors.len());
        let Some(actor) = followed else {
            lines.push(Line::styled("No monster to follow.", label));
            return lines;
        };
        let monster = &game.actors[actor];
        if let Some(kind) = game.kind_of(monster) {
            lines.push(Line::from(vec![
                Span::styled(kind.letter.to_string(), palette.followed(&kind.faction)),
                Span::raw(" "),
                Span::styled(kind.name.clone(), bold),
                Span::styled(
                    format!(" ({})", kind.faction),
                    palette.faction(&kind.faction),
                ),
            ]));
        }
        let mode = monster.brain.as_ref().map_or("", |b| b.mode.name());
        lines.push(Line::from(vec![
            Span::styled("state ", label),
            Span::raw(format!(
                "{mode}  at {},{}  hp {}",
                monster.pos.x,
                monster.pos.y,
                monster.hp.max(0)
            )),
        ]));
        let faction = game.faction_index_of(actor).map(|f| &game.factions[f]);
        if let (Some(brain), Some(faction)) = (monster.brain.as_ref(), faction) {
            // Why it does what it does, wrapped to the panel.
            let why = brain.thought.describe(faction.name());
            for (index, part) in wrap_words(&why, width.saturating_sub(4))
                .into_iter()
                .enumerate()
            {
                let lead = if index == 0 { "why " } else { "    " };
                lines.push(Line::from(vec![Span::styled(lead, label), Span::raw(part)]));
            }
            let goal = brain
                .goal
                .map_or_else(|| "none".to_owned(), |g| format!("{},{}", g.x, g.y));
            lines.push(Line::from(vec![
                Span::styled("goal ", label),
                Span::raw(format!("{goal}  plan {} cells", brain.plan.len())),
            ]));
            if brain.plan_source == crate::ai::brain::PlanSource::SharedField
                && let Some((target, field)) = faction.shared_field()
            {
                lines.push(Line::from(vec![
                    Span::styled("field ", label),
                    Span::raw(format!(
                        "from {},{}  {} cells settled",
                        target.x,
                        target.y,
                        field.settled_cells().count()
                    )),
                ]));
            }
        }
        let trace = game.traced_search(actor);
        let summary = faction.map(|f| f.last_trace_summary());
        let stat = |name: &'static str, value: String| {
            [Span::styled(format!("{name} "), label), Span::raw(value)]
        };
        match trace {
            Some(trace) => {
                let mut spans = Vec::new();
                spans.extend(stat("expanded", trace.closed_cells().count().to_string()));
                // Fixed width: wall-clock figures must not shift the rest of the line.
                spans.extend(stat(
                    "  µs",
                    format!("{:>5}", summary.map_or(0, |s| s.micros)),
                ));
                spans.extend(stat("  cost", cost_text(summary.and_then(|s| s.cost))));
                lines.push(Line::from(spans));
            }
            None => lines.push(Line::styled("no search: nothing to head for", label)),
        }
        if let Some(faction) = faction {
            let options = faction.search_options();
            let mut spans = vec![Span::raw(options_label(&options))];
            spans.extend(stat(
                "  slices",
                trace.map_or(0, SearchTrace::slices).to_string(),
            ));
            spans.extend(stat(
                "  replans",
                faction.counters().replans.total().to_string(),
            ));
            lines.push(Line::from(spans));
        }
        let ai = &game.stats.ai_micros;
        let peak = ai
            .iter()
            .rev()
            .take(SPARKLINE_TURNS)
            .max()
            .copied()
            .unwrap_or(0);
        let peak_text = format!(" max {peak}µs");
        let spark_width = width.saturating_sub(3 + peak_text.chars().count());
        lines.push(Line::from(vec![
            Span::styled("AI ", label),
            Span::styled(
                sparkline(ai, spark_width.min(SPARKLINE_TURNS)),
                palette.ui(UiRole::KeyHint),
            ),
            Span::styled(peak_text, label),
        ]));
        if let (Some(step), Some(trace)) = (debug.replay, trace) {
            lines.push(Line::styled(
                format!(
                    "REPLAY node {step}/{} (paused)",
                    trace.closed_cells().count()
                ),
                palette.ui(UiRole::Notice).add_modifier(Modifier::BOLD),
            ));
        }
        if let Some(comparison) = &debug.comparison {
            lines.push(Line::from(vec![
                Span::styled("vs ", label),
                Span::raw(options_label(&comparison.options)),
            ]));
            let mut spans = vec![Span::raw(" ")];
            spans.extend(stat("expanded", comparison.expanded.to_string()));
            spans.extend(stat("  µs", format!("{:>5}", comparison.micros)));
            spans.extend(stat("  cost", cost_text(comparison.cost)));
            lines.push(Line::from(spans));
        }
        lines.push(Line::styled("─ inspector ─", palette.ui(UiRole::Border)));
        match debug.cursor {
            Some(cursor) => {
                let values = trace.map(|t| {
                    let upto = debug.replay.map(|k| replay_upto(t, k));
                    t.cell_values(upto)
                });
                for text in inspect(game, Some(actor), values.as_ref(), cursor) {
                    lines.push(Line::raw(text));
                }
            }
            None => lines.push(Line::styled("x: a look cursor reads any cell", label)),
        }
        lines.push(Line::styled("─ legend ─", palette.ui(UiRole::Border)));
        for item in layer_legend(debug.layer, faction, palette) {
            lines.push(item);
        }
        lines
    }
}

/// The legend of one layer, a line or two.
pub fn layer_legend(
    layer: Layer,
    faction: Option<&crate::ai::faction::Faction>,
    palette: Palette,
) -> Vec<Line<'static>> {
    let label = palette.ui(UiRole::Label);
    let mark = |glyph: String, mark: OverlayMark, text: &str| {
        [
            Span::styled(glyph, palette.overlay(mark)),
            Span::styled(format!(" {text} "), label),
        ]
    };
    match layer {
        Layer::Search => {
            let mut first = Vec::new();
            first.extend(mark(
                crate::ui::overlay::CLOSED_GLYPHS.iter().collect(),
                OverlayMark::Closed(1),
                "closed 1st→last",
            ));
            first.extend(mark(OPEN_GLYPH.to_string(), OverlayMark::Open, "open"));
            let mut second = Vec::new();
            second.extend(mark(
                RAW_PATH_GLYPH.to_string(),
                OverlayMark::RawPath,
                "raw",
            ));
            second.extend(mark(
                SMOOTH_PATH_GLYPH.to_string(),
                OverlayMark::SmoothPath,
                "smoothed",
            ));
            second.extend(mark(
                CURRENT_NODE_GLYPH.to_string(),
                OverlayMark::CurrentNode,
                "node",
            ));
            second.extend(mark("S G".to_owned(), OverlayMark::Endpoint, ""));
            second.extend(mark(FIELD_GLYPH.to_string(), OverlayMark::Open, "field"));
            vec![Line::from(first), Line::from(second)]
        }
        Layer::Belief => {
            let mut first = Vec::new();
            first.extend(mark(
                UNKNOWN_GLYPH.to_string(),
                OverlayMark::Unknown,
                "unknown",
            ));
            first.extend(mark(
                FALSE_OPEN_GLYPH.to_string(),
                OverlayMark::FalseOpen,
                "thought open",
            ));
            first.extend(mark(
                DIFFERS_GLYPH.to_string(),
                OverlayMark::Differs,
                "other",
            ));
            let second = mark(
                "1-9".to_owned(),
                OverlayMark::Stale,
                "stale door: seen 10s ago",
            );
            vec![Line::from(first), Line::from(second.to_vec())]
        }
        Layer::Danger | Layer::Crowding | Layer::Threat => {
            let peak = faction
                .and_then(|f| influence_of(layer, f))
                .map_or(0.0, |m| m.peak());
            if peak <= 0.0 {
                let mut spans = Vec::new();
                for (quarter, glyph) in HEAT_GLYPHS.iter().enumerate() {
                    spans.push(Span::styled(
                        glyph.to_string(),
                        palette.overlay(OverlayMark::Heat(quarter)),
                    ));
                }
                spans.push(Span::styled(" quarters of the peak; blank 0", label));
                let mut lines = vec![Line::from(spans)];
                if faction.is_some() {
                    lines.push(Line::styled("(this map is empty now)", label));
                }
                return lines;
            }
            let mut spans = Vec::new();
            for (quarter, glyph) in HEAT_GLYPHS.iter().enumerate() {
                let upper = peak * (quarter as f32 + 1.0) / HEAT_GLYPHS.len() as f32;
                spans.extend(mark(
                    glyph.to_string(),
                    OverlayMark::Heat(quarter),
                    &format!("≤{upper:.2}"),
                ));
            }
            vec![
                Line::from(spans),
                Line::styled(format!("quarters of the peak {peak:.2}; blank 0"), label),
            ]
        }
    }
}

impl Widget for OverlayPanel<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let palette = self.0.palette;
        let title = format!(" Overlay: {} ", self.0.debug().layer.name());
        let block = Block::new()
            .borders(Borders::ALL)
            .border_style(palette.ui(UiRole::Border))
            .title(Span::styled(title, palette.ui(UiRole::Title)));
        let inner = block.inner(area);
        block.render(area, buf);
        let mut lines = self.lines(usize::from(inner.width));
        lines.truncate(usize::from(inner.height));
        Paragraph::new(lines).render(inner, buf);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_doors_go_stale_on_the_belief_layer() {
        let config = crate::config::MonsterConfig::shipped().unwrap();
        let setup =
            crate::game::GameSetup::new(Some("tests/fixtures/game/corridor.toml"), 1, config);
        let mut game = Game::new(&setup).unwrap();
        let (floor, door) = (Pos::new(1, 1), Pos::new(3, 1));
        game.factions[0].observe(floor, Terrain::Floor, 0.0);
        game.factions[0].observe(door, Terrain::ClosedDoor, 0.0);
        game.time = 45.0;
        let faction = &game.factions[0];
        assert_eq!(
            belief_mark(&game, faction, floor),
            None,
            "floor never goes stale"
        );
        assert_eq!(
            belief_mark(&game, faction, door),
            Some(('4', OverlayMark::Stale))
        );
    }

    #[test]
    fn stale_cells_show_their_age_in_tens() {
        assert_eq!(stale_digit(3.0), None);
        assert_eq!(stale_digit(10.0), Some('1'));
        assert_eq!(stale_digit(47.5), Some('4'));
        assert_eq!(stale_digit(500.0), Some('9'));
    }

    #[test]
    fn heat_falls_in_quarters_of_the_peak() {
        assert_eq!(heat_quarter(0.1, 1.0), 0);
        assert_eq!(heat_quarter(0.25, 1.0), 0);
        assert_eq!(heat_quarter(0.3, 1.0), 1);
        assert_eq!(heat_quarter(1.0, 1.0), 3);
        assert_eq!(heat_quarter(2.0, 1.0), 3);
    }
}

/// `text` broken into lines of at most `width` characters at spaces (a word
/// longer than the width gets a line of its own).
fn wrap_words(text: &str, width: usize) -> Vec<String> {
    let mut lines: Vec<String> = Vec::new();
    let mut line = String::new();
    for word in text.split(' ') {
        let needed = line.chars().count() + usize::from(!line.is_empty()) + word.chars().count();
        if !line.is_empty() && needed > width.max(1) {
            lines.push(std::mem::take(&mut line));
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(word);
    }
    if !line.is_empty() {
        lines.push(line);
    }
    lines
}

#[cfg(test)]
mod wrap_tests {
    use super::wrap_words;

    #[test]
    fn words_wrap_at_the_width() {
        assert_eq!(
            wrap_words("following the goblins' shared field", 16),
            ["following the", "goblins' shared", "field"]
        );
        assert_eq!(
            wrap_words("a verylongword b", 4),
            ["a", "verylongword", "b"]
        );
    }
}
