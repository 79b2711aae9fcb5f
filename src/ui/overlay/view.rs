//! Drawing the debug overlay: the map with the chosen layer painted over
//! the true level (search, belief or an influence map), the comparison side
//! by side, and the overlay's side panel (followed monster, stats, AI-time
//! sparkline, replay position, cell inspector; the legend is
//! `overlay::legend`'s).
//!
//! Everything here reads an [`OverlayScene`] (the game, the overlay's state,
//! the palette) and the traces the game recorded, never the app; it never
//! changes the game (the comparison search was run by the app). Where each
//! map starts on the level is the screen layout's, which the mouse reads too.

use std::collections::HashMap;

use ratatui::buffer::Buffer;
use ratatui::layout::{Position, Rect};
use ratatui::style::{Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Borders, Paragraph, Widget};

use crate::ui::map_view::PLAYER_GLYPH;
use crate::ui::overlay::DebugOverlay;
use crate::ui::overlay::coarse_layer;
use crate::ui::overlay::legend::layer_legend;
use crate::ui::overlay::{
    CURRENT_NODE_GLYPH, Comparison, DIFFERS_GLYPH, FALSE_OPEN_GLYPH, FIELD_GLYPH, GOAL_GLYPH,
    HEAT_GLYPHS, Layer, OPEN_GLYPH, RAW_PATH_GLYPH, SMOOTH_PATH_GLYPH, SPARKLINE_TURNS, STALE_AGE,
    START_GLYPH, UNKNOWN_GLYPH, closed_glyph, expansion_order, influence_of, inspect,
    options_label, parent_chain, replay_upto, sparkline,
};
use crate::ui::panels::labelled;
use crate::ui::screen_layout::{MapPane, SideBySide};
use crate::ui::text::{truncate_with_ellipsis, word_wrap};
use crate::ui::theme::{OverlayMark, Palette, UiRole};
use fogcrawl_core::{Game, Terrain, counted};
use gridpath::{CellValues, Pos, SearchTrace};

/// The search as the overlay shows it: the trace up to the replay point.
pub(crate) struct SearchView<'a> {
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
    pub(crate) fn new(trace: &'a SearchTrace, replay: Option<usize>) -> Self {
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
pub(crate) struct OverlayMap<'a> {
    pub scene: OverlayScene<'a>,
    /// The level cell at the map's top-left corner (the layout's).
    pub origin: Pos,
    pub layer: Layer,
    /// The search to draw on the search layer (recorded or comparison).
    pub search: Option<&'a SearchView<'a>>,
    /// Draw the followed monster's smoothed plan (not for the comparison).
    pub smoothed: bool,
}

/// What the overlay draws: the game, the overlay's state and the palette.
#[derive(Clone, Copy)]
pub(crate) struct OverlayScene<'a> {
    pub game: &'a Game,
    pub debug: &'a DebugOverlay,
    pub palette: Palette,
}

/// Where a map view draws: the buffer, the screen area and the level cell
/// at its top-left corner. Cells outside the area are skipped.
struct Canvas<'b> {
    buf: &'b mut Buffer,
    area: Rect,
    origin: Pos,
}

impl Canvas<'_> {
    /// The screen position of level cell `pos`, if it is in the area.
    fn screen_of(&self, pos: Pos) -> Option<Position> {
        let (sx, sy) = (pos.x - self.origin.x, pos.y - self.origin.y);
        if sx < 0 || sy < 0 || sx >= i32::from(self.area.width) || sy >= i32::from(self.area.height)
        {
            return None;
        }
        Some(Position::new(
            self.area.x + sx as u16,
            self.area.y + sy as u16,
        ))
    }

    fn put(&mut self, pos: Pos, glyph: char, style: Style) {
        if let Some(screen) = self.screen_of(pos)
            && let Some(cell) = self.buf.cell_mut(screen)
        {
            cell.set_char(glyph).set_style(style);
        }
    }

    /// Restyles the cell at `pos`, keeping its glyph (the cursor).
    fn restyle(&mut self, pos: Pos, style: Style) {
        if let Some(screen) = self.screen_of(pos)
            && let Some(cell) = self.buf.cell_mut(screen)
        {
            cell.set_style(style);
        }
    }
}

impl Widget for OverlayMap<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let origin = self.origin;
        let mut canvas = Canvas { buf, area, origin };
        self.paint_level(&mut canvas);
        if self.layer == Layer::Search {
            self.paint_shared_field(&mut canvas);
            if let Some(search) = self.search {
                self.paint_search(&mut canvas, search);
                // Start and goal under the actors: `@` and the monsters stay on top.
                paint_endpoints(&mut canvas, search, self.scene.palette);
            }
        }
        if self.layer == Layer::Coarse {
            self.paint_coarse_route(&mut canvas);
        }
        self.paint_actors(&mut canvas);
        if let (Layer::Search, Some(search)) = (self.layer, self.search)
            && !search.is_complete()
            && let Some(node) = search.current_node()
        {
            let style = self.scene.palette.overlay(OverlayMark::CurrentNode);
            canvas.put(node, CURRENT_NODE_GLYPH, style);
        }
        if let Some(cursor) = self.scene.debug.cursor {
            canvas.restyle(cursor, self.scene.palette.cursor());
        }
    }
}

impl OverlayMap<'_> {
    /// The followed monster's faction, whose knowledge the layers show.
    fn faction(&self) -> Option<&fogcrawl_core::Faction> {
        let game = &self.scene.game;
        let index = self
            .scene
            .debug
            .followed
            .and_then(|f| game.faction_index_of(f))?;
        Some(&game.factions()[index])
    }

    /// The true level, dimmed so the marks stand out, with the belief or
    /// influence layer's marks over it.
    fn paint_level(&self, canvas: &mut Canvas) {
        let game = &self.scene.game;
        let palette = self.scene.palette;
        let faction = self.faction();
        // The coarse layer's entrances in view, looked up cell by cell.
        let entrances = match (self.layer, faction) {
            (Layer::Coarse, Some(f)) => coarse_layer::entrances_in(
                f,
                canvas.origin,
                i32::from(canvas.area.width),
                i32::from(canvas.area.height),
            ),
            _ => Vec::new(),
        };
        for sy in 0..canvas.area.height {
            for sx in 0..canvas.area.width {
                let pos = Pos::new(
                    canvas.origin.x + i32::from(sx),
                    canvas.origin.y + i32::from(sy),
                );
                let Some(terrain) = game.level().terrain_at(pos) else {
                    continue;
                };
                let mark = match self.layer {
                    Layer::Search => None,
                    Layer::Belief => faction.and_then(|f| belief_mark(game, f, pos)),
                    Layer::Danger | Layer::Crowding | Layer::Threat => {
                        faction.and_then(|f| heat_mark(self.layer, f, pos, Some(terrain)))
                    }
                    Layer::Coarse => faction
                        .filter(|_| terrain.is_passable())
                        .and_then(|_| coarse_layer::coarse_mark(&entrances, pos)),
                };
                match mark {
                    Some((glyph, mark)) => canvas.put(pos, glyph, palette.overlay(mark)),
                    None => {
                        let (glyph, style) = palette.remembered_terrain(terrain);
                        canvas.put(pos, glyph, style);
                    }
                }
            }
        }
    }

    /// A monster following its faction's shared field: the cells the field
    /// has settled, under the search.
    fn paint_shared_field(&self, canvas: &mut Canvas) {
        let game = &self.scene.game;
        if let Some(monster) = self.scene.debug.followed
            && let Some(brain) = game.actors().get(monster).and_then(|a| a.brain.as_ref())
            && brain.plan_source == fogcrawl_core::PlanSource::SharedField
            && let Some((_, field)) = self.faction().and_then(|f| f.inspector().shared_field())
        {
            let style = self.scene.palette.overlay(OverlayMark::Open);
            for (pos, _) in field.settled_cells() {
                canvas.put(pos, FIELD_GLYPH, style);
            }
        }
    }

    /// Closed cells shaded by expansion order, the open frontier, the raw
    /// path (in a replay: the best way to the node being expanded) and the
    /// smoothed plan.
    fn paint_search(&self, canvas: &mut Canvas, search: &SearchView) {
        let palette = self.scene.palette;
        for (&pos, values) in &search.values {
            let (glyph, mark) = if values.closed {
                let index = search.order.get(&pos).copied().unwrap_or(0);
                let glyph = closed_glyph(index, search.total_expanded);
                let third = (index * 3) / search.total_expanded.max(1);
                (glyph, OverlayMark::Closed(third))
            } else {
                (OPEN_GLYPH, OverlayMark::Open)
            };
            canvas.put(pos, glyph, palette.overlay(mark));
        }
        let path = if search.is_complete() {
            search.found_path()
        } else {
            search
                .current_node()
                .map(|node| parent_chain(&search.values, node))
                .unwrap_or_default()
        };
        for &pos in &path {
            canvas.put(pos, RAW_PATH_GLYPH, palette.overlay(OverlayMark::RawPath));
        }
        if self.smoothed
            && search.is_complete()
            && let Some(brain) = self
                .scene
                .debug
                .followed
                .and_then(|f| self.scene.game.actors()[f].brain.as_ref())
        {
            let style = palette.overlay(OverlayMark::SmoothPath);
            for &pos in &brain.plan {
                canvas.put(pos, SMOOTH_PATH_GLYPH, style);
            }
        }
    }

    /// The followed member's coarse path, if its plan is one.
    fn paint_coarse_route(&self, canvas: &mut Canvas) {
        let game = &self.scene.game;
        if let Some(brain) = self
            .scene
            .debug
            .followed
            .and_then(|f| game.actors().get(f))
            .and_then(|a| a.brain.as_ref())
        {
            for (pos, glyph, mark) in coarse_layer::route_marks(brain) {
                canvas.put(pos, glyph, self.scene.palette.overlay(mark));
            }
        }
    }

    /// The living monsters (the followed one marked) and the player.
    fn paint_actors(&self, canvas: &mut Canvas) {
        let game = &self.scene.game;
        let palette = self.scene.palette;
        for (index, actor) in game.actors().iter().enumerate().skip(1) {
            if !actor.is_alive() {
                continue;
            }
            let Some(kind) = game.kind_of(actor) else {
                continue;
            };
            let style = if self.scene.debug.followed == Some(index) {
                palette.followed(&kind.faction)
            } else {
                palette.faction(&kind.faction)
            };
            canvas.put(actor.pos, kind.letter, style);
        }
        canvas.put(game.player().pos, PLAYER_GLYPH, palette.player());
    }
}

fn paint_endpoints(canvas: &mut Canvas, search: &SearchView, palette: Palette) {
    let endpoint = palette.overlay(OverlayMark::Endpoint);
    if let Some(start) = search.trace.start {
        canvas.put(start, START_GLYPH, endpoint);
    }
    if let Some(goal) = search.trace.goal {
        canvas.put(goal, GOAL_GLYPH, endpoint);
    }
}

/// The belief layer's mark for `pos`, if it needs one.
fn belief_mark(
    game: &Game,
    faction: &fogcrawl_core::Faction,
    pos: Pos,
) -> Option<(char, OverlayMark)> {
    let truth = game.level().terrain_at(pos)?;
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
    let age = game.time() - faction.knowledge().last_seen(pos)?;
    stale_digit(age).map(|digit| (digit, OverlayMark::Stale))
}

/// The digit a cell last seen `age` ago shows: `None` while fresh, then
/// its age in tens of time units, 9 for anything older.
pub(crate) fn stale_digit(age: f64) -> Option<char> {
    if age < STALE_AGE {
        return None;
    }
    let tens = (age / STALE_AGE).floor().clamp(1.0, 9.0) as u32;
    char::from_digit(tens, 10)
}

/// Which quarter of `peak` a value falls in (0 lowest).
pub(crate) fn heat_quarter(value: f32, peak: f32) -> usize {
    let share = (value / peak.max(f32::MIN_POSITIVE)).clamp(0.0, 1.0);
    ((share * HEAT_GLYPHS.len() as f32).ceil() as usize).clamp(1, HEAT_GLYPHS.len()) - 1
}

fn heat_mark(
    layer: Layer,
    faction: &fogcrawl_core::Faction,
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
pub(crate) struct OverlayMaps<'a> {
    pub scene: OverlayScene<'a>,
    /// Where the maps go and start (the screen layout's): one, or the
    /// comparison's two.
    pub panes: &'a [MapPane],
    /// The halves' title rows and gap, when side by side.
    pub side_by_side: Option<SideBySide>,
}

impl Widget for OverlayMaps<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let scene = self.scene;
        let debug = scene.debug;
        let recorded = debug.followed.and_then(|f| scene.game.traced_search(f));
        let view = recorded.map(|trace| SearchView::new(trace, debug.replay));
        let comparison = debug
            .comparison
            .as_ref()
            .filter(|_| debug.layer == Layer::Search);
        match (comparison, self.side_by_side, self.panes) {
            (Some(comparison), Some(halves), [left, right]) => {
                self.render_side_by_side(view.as_ref(), comparison, halves, [*left, *right], buf);
            }
            _ => {
                let origin = self
                    .panes
                    .first()
                    .map_or(Pos::new(0, 0), |pane| pane.origin);
                OverlayMap {
                    scene,
                    origin,
                    layer: debug.layer,
                    search: view.as_ref(),
                    smoothed: true,
                }
                .render(area, buf);
            }
        }
    }
}

impl OverlayMaps<'_> {
    /// The recorded search on the left, the comparison on the right, each
    /// under a title with its options, expansions and cost.
    fn render_side_by_side(
        &self,
        view: Option<&SearchView>,
        comparison: &Comparison,
        halves: SideBySide,
        panes: [MapPane; 2],
        buf: &mut Buffer,
    ) {
        let scene = self.scene;
        let palette = scene.palette;
        let gap = halves.gap;
        let border = palette.ui(UiRole::Border);
        for y in gap.top()..gap.bottom() {
            if let Some(cell) = buf.cell_mut(Position::new(gap.x, y)) {
                cell.set_char('│').set_style(border);
            }
        }
        let other = SearchView::new(&comparison.trace, None);
        // Config A/B: the left panel is the search now under the config in
        // force, not the recorded one.
        let now = comparison
            .config_ab
            .as_ref()
            .map(|ab| SearchView::new(&ab.now, None));
        let (left_title, left_view, smoothed) = match (&comparison.config_ab, now.as_ref()) {
            (Some(ab), Some(now)) => (
                format!(
                    "now: {} exp {} cost {}",
                    options_label(&comparison.own),
                    ab.now_expanded,
                    cost_text(ab.now_cost)
                ),
                Some(now),
                false,
            ),
            _ => (self.recorded_title(view), view, true),
        };
        let [left_row, right_row] = halves.titles;
        let [left, right] = panes;
        for (title_row, pane, title, search, smoothed) in [
            (left_row, left, left_title, left_view, smoothed),
            (
                right_row,
                right,
                comparison_title(comparison),
                Some(&other),
                false,
            ),
        ] {
            Paragraph::new(Line::styled(
                truncate_with_ellipsis(&title, usize::from(title_row.width)),
                palette.ui(UiRole::Title),
            ))
            .render(title_row, buf);
            OverlayMap {
                scene,
                origin: pane.origin,
                layer: Layer::Search,
                search,
                smoothed,
            }
            .render(pane.area, buf);
        }
    }

    /// The recorded search's title: its faction's options and its figures.
    fn recorded_title(&self, view: Option<&SearchView>) -> String {
        let game = self.scene.game;
        let faction = self
            .scene
            .debug
            .followed
            .and_then(|f| game.faction_index_of(f))
            .map(|f| &game.factions()[f]);
        let own = faction.map(|f| f.search_options());
        let summary = faction.map(|f| f.inspector().last_trace_summary());
        format!(
            "{} exp {} cost {}",
            own.as_ref().map_or_else(String::new, options_label),
            view.map_or(0, |v| v.total_expanded),
            cost_text(summary.and_then(|s| s.cost)),
        )
    }
}

fn comparison_title(comparison: &Comparison) -> String {
    let before = if comparison.config_ab.is_some() {
        "before: "
    } else {
        ""
    };
    format!(
        "{before}{} exp {} cost {}",
        options_label(&comparison.options),
        comparison.expanded,
        cost_text(comparison.cost),
    )
}

fn cost_text(cost: Option<f64>) -> String {
    cost.map_or_else(|| "none".to_owned(), |c| format!("{c:.2}"))
}

/// The overlay's side panel.
pub(crate) struct OverlayPanel<'a>(pub OverlayScene<'a>);

impl OverlayPanel<'_> {
    fn lines(&self, width: usize) -> Vec<Line<'static>> {
        let scene = self.0;
        let game = scene.game;
        let debug = scene.debug;
        let label = scene.palette.ui(UiRole::Label);
        let Some(actor) = debug.followed.filter(|&f| f < game.actors().len()) else {
            return vec![Line::styled("No monster to follow.", label)];
        };
        let faction = game.faction_index_of(actor).map(|f| &game.factions()[f]);
        let trace = game.traced_search(actor);
        let mut lines = self.monster_lines(actor, faction, width);
        lines.extend(crate::ui::overlay::tool_lines::tool_lines(
            game,
            actor,
            faction,
            width,
            scene.palette.ui(UiRole::Label),
        ));
        lines.extend(self.search_lines(trace, faction, width));
        lines.push(self.ai_time_line(width));
        if let (Some(step), Some(trace)) = (debug.replay, trace) {
            lines.push(Line::styled(
                format!(
                    "REPLAY node {step}/{} (paused)",
                    trace.closed_cells().count()
                ),
                scene
                    .palette
                    .ui(UiRole::Notice)
                    .add_modifier(Modifier::BOLD),
            ));
        }
        if let Some(comparison) = &debug.comparison {
            let waiting = matches!(
                game.traced_search_shown(actor),
                Some(fogcrawl_core::SearchShown::Waiting { .. })
            );
            let recorded = (!waiting).then(|| {
                (
                    trace.map_or(0, |t| t.closed_cells().count() as u64),
                    faction.and_then(|f| f.inspector().last_trace_summary().cost),
                )
            });
            lines.extend(self.comparison_lines(comparison, recorded, width));
        }
        lines.push(Line::styled(
            "─ inspector ─",
            scene.palette.ui(UiRole::Border),
        ));
        lines.extend(self.inspector_lines(actor, trace));
        lines.push(Line::styled("─ legend ─", scene.palette.ui(UiRole::Border)));
        lines.extend(layer_legend(debug.layer, faction, scene.palette));
        lines
    }

    /// Who is followed: its name and faction, state, place and health,
    /// and what it thinks.
    fn monster_lines(
        &self,
        actor: usize,
        faction: Option<&fogcrawl_core::Faction>,
        width: usize,
    ) -> Vec<Line<'static>> {
        let game = self.0.game;
        let palette = self.0.palette;
        let label = palette.ui(UiRole::Label);
        let monster = &game.actors()[actor];
        let mut lines = Vec::new();
        if let Some(kind) = game.kind_of(monster) {
            lines.push(Line::from(vec![
                Span::styled(kind.letter.to_string(), palette.followed(&kind.faction)),
                Span::raw(" "),
                Span::styled(kind.name.clone(), Style::new().add_modifier(Modifier::BOLD)),
                Span::styled(
                    format!(" ({})", kind.faction),
                    palette.faction(&kind.faction),
                ),
            ]));
        }
        let mode = state_label(monster.brain.as_ref());
        lines.push(Line::from(vec![
            Span::styled("state ", label),
            Span::raw(format!(
                "{mode}  at {},{}  hp {}",
                monster.pos.x,
                monster.pos.y,
                monster.hp.max(0)
            )),
        ]));
        if let (Some(brain), Some(faction)) = (monster.brain.as_ref(), faction) {
            let caller = |actor: usize| match game.actors().get(actor) {
                Some(mate) => format!("{} at {},{}", game.name_of(actor), mate.pos.x, mate.pos.y),
                None => "a packmate".to_owned(),
            };
            let knows = fogcrawl_core::describe_alert(brain.alert, game.time(), caller);
            lines.extend(thinking_lines(brain, faction, &knows, width, label));
        }
        lines
    }
    /// The followed monster's last search: expansions, time and cost, then
    /// its faction's options, slices and replans.
    fn search_lines(
        &self,
        trace: Option<&SearchTrace>,
        faction: Option<&fogcrawl_core::Faction>,
        width: usize,
    ) -> Vec<Line<'static>> {
        let label = self.0.palette.ui(UiRole::Label);
        let summary = faction.map(|f| f.inspector().last_trace_summary());
        let mut lines = Vec::new();
        let shown = self
            .0
            .debug
            .followed
            .and_then(|f| self.0.game.traced_search_shown(f));
        if let Some(shown) = shown {
            for part in word_wrap(&shown.label(), width) {
                lines.push(Line::styled(part, self.0.palette.ui(UiRole::Notice)));
            }
        }
        match trace {
            Some(trace) => {
                let mut spans = Vec::new();
                spans.extend(stat(
                    "expanded",
                    trace.closed_cells().count().to_string(),
                    label,
                ));
                // Fixed width: wall-clock figures must not shift the rest of the line.
                let micros = format!("{:>5}", summary.map_or(0, |s| s.micros));
                spans.extend(stat("  µs", micros, label));
                let cost = cost_text(summary.and_then(|s| s.cost));
                spans.extend(stat("  cost", cost, label));
                lines.push(Line::from(spans));
            }
            None => lines.push(Line::styled("no search: nothing to head for", label)),
        }
        if let Some(faction) = faction {
            let options = faction.search_options();
            let mut spans = vec![Span::raw(options_label(&options))];
            let slices = trace.map_or(0, SearchTrace::slices).to_string();
            spans.extend(stat("  slices", slices, label));
            let replans = faction.counters().replans.total().to_string();
            spans.extend(stat("  replans", replans, label));
            lines.push(Line::from(spans));
        }
        lines
    }

    /// The AI's time per turn as a sparkline, with its peak.
    fn ai_time_line(&self, width: usize) -> Line<'static> {
        let palette = self.0.palette;
        let label = palette.ui(UiRole::Label);
        let ai = self.0.game.stats().ai_micros();
        let peak = ai
            .iter()
            .rev()
            .take(SPARKLINE_TURNS)
            .max()
            .copied()
            .unwrap_or(0);
        let peak_text = format!(" max {peak}µs");
        let spark_width = width.saturating_sub(3 + peak_text.chars().count());
        Line::from(vec![
            Span::styled("AI ", label),
            Span::styled(
                sparkline(ai, spark_width.min(SPARKLINE_TURNS)),
                palette.ui(UiRole::KeyHint),
            ),
            Span::styled(peak_text, label),
        ])
    }

    /// The comparison search's options and figures, and what differs
    /// between the two panels.
    fn comparison_lines(
        &self,
        comparison: &Comparison,
        recorded: Option<(u64, Option<f64>)>,
        width: usize,
    ) -> Vec<Line<'static>> {
        let label = self.0.palette.ui(UiRole::Label);
        let mut spans = vec![Span::raw(" ")];
        spans.extend(stat("expanded", comparison.expanded.to_string(), label));
        spans.extend(stat("  µs", format!("{:>5}", comparison.micros), label));
        spans.extend(stat("  cost", cost_text(comparison.cost), label));
        let mut lines = vec![
            Line::from(vec![
                Span::styled("vs ", label),
                Span::raw(if comparison.config_ab.is_some() {
                    format!("before reload: {}", options_label(&comparison.options))
                } else {
                    options_label(&comparison.options)
                }),
            ]),
            Line::from(spans),
        ];
        for difference in comparison.differences(recorded) {
            for part in word_wrap(&difference, width) {
                lines.push(Line::styled(part, label));
            }
        }
        lines
    }

    /// What the cursor's cell holds for the followed monster's search (up
    /// to the replay point), or how to get a cursor.
    fn inspector_lines(&self, actor: usize, trace: Option<&SearchTrace>) -> Vec<Line<'static>> {
        let debug = self.0.debug;
        let Some(cursor) = debug.cursor else {
            let label = self.0.palette.ui(UiRole::Label);
            return vec![Line::styled("x: a look cursor reads any cell", label)];
        };
        let values = trace.map(|t| {
            let upto = debug.replay.map(|k| replay_upto(t, k));
            t.cell_values(upto)
        });
        inspect(self.0.game, Some(actor), values.as_ref(), cursor)
            .into_iter()
            .map(Line::raw)
            .collect()
    }
}

/// Why a monster does what it does (wrapped to the panel), what it knows of
/// the player and how (seen, or heard from which packmate), its goal and
/// plan, and the shared field it follows, if it does.
fn thinking_lines(
    brain: &fogcrawl_core::Brain,
    faction: &fogcrawl_core::Faction,
    knows: &str,
    width: usize,
    label: Style,
) -> Vec<Line<'static>> {
    let mut lines = Vec::new();
    // Why it does what it does, wrapped to the panel.
    let why = fogcrawl_core::why_line(&brain.thought, brain.mode, faction.name());
    for (index, part) in word_wrap(&why, width.saturating_sub(4))
        .into_iter()
        .enumerate()
    {
        let lead = if index == 0 { "why " } else { "    " };
        lines.push(Line::from(vec![Span::styled(lead, label), Span::raw(part)]));
    }
    // What it knows, wrapped too: a packmate's news names the caller.
    for (index, part) in word_wrap(knows, width.saturating_sub(6))
        .into_iter()
        .enumerate()
    {
        let lead = if index == 0 { "knows " } else { "      " };
        lines.push(Line::from(vec![Span::styled(lead, label), Span::raw(part)]));
    }
    let goal = brain
        .goal
        .map_or_else(|| "none".to_owned(), |g| format!("{},{}", g.x, g.y));
    lines.push(labelled(
        "goal ",
        format!(
            "{goal}  plan {}",
            counted(brain.plan.len() as u64, "cell", "cells")
        ),
        label,
    ));
    if let Some(spot) = brain.spot {
        lines.push(labelled(
            "holds ",
            format!("{},{}: packmates go elsewhere", spot.x, spot.y),
            label,
        ));
    }
    if brain.plan_source == fogcrawl_core::PlanSource::SharedField
        && let Some((target, field)) = faction.inspector().shared_field()
    {
        let settled = field.settled_cells().count();
        let text = format!(
            "from {},{}  {} settled",
            target.x,
            target.y,
            counted(settled as u64, "cell", "cells")
        );
        lines.push(labelled("field ", text, label));
    }
    lines
}

/// A figure of the panel: `name value`, the name in the label style.
fn stat(name: &'static str, value: String, label: Style) -> [Span<'static>; 2] {
    [Span::styled(format!("{name} "), label), Span::raw(value)]
}

impl Widget for OverlayPanel<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let palette = self.0.palette;
        let title = format!(" Overlay: {} ", self.0.debug.layer.name());
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

/// The state line's word for a monster's mind: its mode, but "asleep" for
/// a sleeper (its mode is what it will do on waking), none for the mindless.
fn state_label(brain: Option<&fogcrawl_core::Brain>) -> &'static str {
    brain.map_or("", |b| if b.asleep { "asleep" } else { b.mode.name() })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_sleeper_is_shown_asleep_not_in_the_mode_it_wakes_to() {
        let mut brain = fogcrawl_core::Brain {
            mode: fogcrawl_core::Mode::Wander,
            ..fogcrawl_core::Brain::default()
        };
        assert_eq!(state_label(Some(&brain)), "wandering");
        brain.asleep = true;
        assert_eq!(state_label(Some(&brain)), "asleep");
        assert_eq!(state_label(None), "");
    }

    #[test]
    fn only_doors_go_stale_on_the_belief_layer() {
        let config = fogcrawl_core::MonsterConfig::shipped().unwrap();
        let setup =
            fogcrawl_core::GameSetup::new(Some("tests/fixtures/game/corridor.toml"), 1, config);
        let mut game = Game::new(&setup).unwrap();
        let (floor, door) = (Pos::new(1, 1), Pos::new(3, 1));
        game.faction_mut(0).observe(floor, Terrain::Floor, 0.0);
        game.faction_mut(0).observe(door, Terrain::ClosedDoor, 0.0);
        game.set_time(45.0);
        let faction = &game.factions()[0];
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
