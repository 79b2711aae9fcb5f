//! One faction's shared mind: its config, what it knows of the level, its
//! influence maps, the grid it plans on, its shared field, its planner and
//! its counters. Everything is private: the monster turn (`monster_turn`)
//! and the game talk to it through the methods below; the debug overlay
//! reads it through its [`FactionInspector`].

mod inspector;

use std::collections::HashMap;

pub(crate) use inspector::{FactionInspector, FactionInspectorMut};

use serde::{Deserialize, Serialize};

use crate::ai::coarse::CoarseMap;
use crate::ai::coarse_plan::{Allowance, FarAnswer, FarPlanner, MIN_FAR_BUDGET};
use crate::ai::cost_view::{CostRules, CostView, Influences};
use crate::ai::counters::FactionCounters;
use crate::ai::influence::footprint;
use crate::ai::knowledge::FactionKnowledge;
use crate::ai::planner::{Finished, PlanRequest, Planner, PlannerStats, Priority};
use crate::ai::player_reach::PlayerReach;
use crate::ai::spots::Spots;
use crate::ai::unlearned::Unlearned;
use crate::config::FactionConfig;
use crate::world::{CostProfile, Level, Terrain};
use gridpath::{
    DijkstraMap, DistanceField, Grid, GridError, Pos, Reach, SearchOptions, cheapest_straight_path,
    steps_are_legal,
};

/// How much a member's death adds to the danger map at its cell.
pub(crate) const DEATH_DANGER: f32 = 1.0;
/// How much a wound adds.
pub(crate) const WOUND_DANGER: f32 = 0.25;
/// How much an ally's body adds to crowding at its cell.
pub(crate) const BODY_CROWDING: f32 = 1.0;
/// How much each of the next cells an ally plans to cross adds.
pub(crate) const PLANNED_CROWDING: f32 = 0.5;
/// How many planned cells count as crowding.
pub(crate) const PLANNED_CELLS_CROWDED: usize = 3;
/// Brogue's flee factor: a safety map is the distance from the threat
/// times this (negative), relaxed again, so fleeing prefers open ground.
const SAFETY_FACTOR: f64 = -1.2;
/// How far (in cost) from the threat the safety map reaches: a fleeing
/// monster only needs the ground around it, and the map stays cheap on a
/// 512x512 level.
const SAFETY_RADIUS: f64 = 24.0;
/// A safety map is rebuilt at least this often (in player turns) while the
/// threat stands still, so it follows what the faction learns.
const SAFETY_REFRESH_TURNS: u64 = 8;
/// How far (in cells) the threat may move before the safety map is rebuilt.
const SAFETY_THREAT_SLACK: i32 = 2;
/// Members waiting for a plan that add one `node_budget` to a turn's budget.
const REQUESTS_PER_BUDGET_STEP: usize = 4;
/// A turn's budget grows with demand to at most this many `node_budget`s.
const MAX_BUDGET_GROWTH: u64 = 4;
/// Far strolls' allowance per turn (for those off the coarse graph, which
/// search their way onto it), in the faction's `node_budget`s.
pub(crate) const STROLL_BUDGET_SHARE: u64 = 2;
/// Cells far plans may settle pricing clusters of the coarse graph per
/// turn, in the faction's `node_budget`s: their own allowance beside the
/// planner's budget (so pricing never starves the searches of members near
/// their goals), refilled every turn. A far plan whose clusters cost more
/// waits for the rest (see [`crate::ai::coarse_plan`]).
pub(crate) const PRICING_BUDGET_SHARE: u64 = 8;
/// The share of a turn's node budget the shared field may take (the rest
/// is for individual searches, so near members never starve behind it).
const FIELD_BUDGET_SHARE: u64 = 2;
/// While a member saw the player lately ([`SIGHTING_FRESH`]), this share
/// of the faction's `node_budget` is held each turn for the searches of
/// hunters with the player in view (urgent, see
/// [`crate::ai::planner::priority_of`]): paused searches, strolls' and
/// noises' searches, far plans and the shared field spend only what lies
/// beyond it, so a hunter in plain view is never left with nothing.
const IN_VIEW_RESERVE_SHARE: u64 = 2;
/// A sighting this recent (game time) holds the reserve for the turn.
const SIGHTING_FRESH: f64 = 2.0;

/// Where a member last saw the player, and when.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub(crate) struct Sighting {
    pub pos: Pos,
    pub time: f64,
}

/// The faction's shared search toward the player's last known position.
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
struct SharedField {
    target: Option<Pos>,
    field: DistanceField,
    /// Nodes it settled this turn.
    spent_this_turn: u64,
}

/// The whole faction is saved (docs/SAVES.md), but what its config says
/// (read again on a load) and scratch no turn reads before writing: a new
/// field is saved with the rest unless it says otherwise, and a resumed
/// game plans on as if it had never stopped.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Faction {
    name: String,
    /// From the config file in force (set again on a load).
    #[serde(skip)]
    config: Option<FactionConfig>,
    knowledge: FactionKnowledge,
    player_sighting: Option<Sighting>,
    counters: FactionCounters,
    /// When the influence maps were last decayed.
    decayed_at: f64,
    influences: Influences,
    /// Cells the threat layer was last drawn around (it is redrawn, never
    /// summed, when the sighting moves).
    threat_drawn_at: Option<Pos>,
    /// The planning grid as of its last sync (its pricing rules come from
    /// the config, set again on a load).
    #[serde(with = "crate::ai::cost_view::saved_view")]
    view: Option<CostView>,
    planner: Planner,
    shared: SharedField,
    /// Cells that became cheaper (or walkable) in what the faction knows,
    /// since the start of this turn.
    cheaper_this_turn: Vec<Pos>,
    /// Scratch for [`Faction::refresh_view`]: indices of changed cells.
    #[serde(skip)]
    changed_cells: Vec<u32>,
    /// The flee map: (turn it was built, the threat it flees, map).
    safety: Option<(u64, Pos, DijkstraMap)>,
    /// The distances from the threat a safety map is made from (kept to be
    /// reused: a map resets only the cells it reached).
    #[serde(skip)]
    safety_scratch: DijkstraMap,
    /// Cells some member has looked around from since the terrain in
    /// sight of them last changed (a bit per cell): a member looking from
    /// such a cell again would learn nothing new.
    looked_from: Vec<u64>,
    /// Where a look could still teach the faction anything (built on the
    /// first look, from the level).
    unlearned: Unlearned,
    /// What the cells of the last traced search were believed and cost
    /// when it ran (for the [`FactionInspector`]; the overlay's alone, not
    /// saved).
    #[serde(skip)]
    traced: inspector::TracedBeliefs,
    /// Cells members hold round their goals (next to the player, about a
    /// noise), so the pack spreads.
    spots: Spots,
    /// Far strolls on the planning grid's coarse graph (see
    /// [`crate::ai::coarse`]): buffers and counters only, not saved.
    #[serde(skip)]
    coarse: CoarseMap,
    /// Nodes far strolls may still expand this turn (see
    /// [`Faction::far_stroll`]): their own allowance beside the planner's
    /// budget, refilled at the start of every turn (so not saved).
    #[serde(skip)]
    stroll_nodes_left: u64,
    /// Cells far plans may still settle pricing clusters this turn
    /// ([`PRICING_BUDGET_SHARE`]), refilled at the start of every turn (so
    /// not saved).
    #[serde(skip)]
    pricing_cells_left: u64,
    /// Far goals planned coarse first (see [`crate::ai::coarse_plan`]):
    /// the hierarchy of the planning grid, built on the first far plan and
    /// a function of the grid but for which clusters are priced, which is
    /// saved (since format 9; written after `view`, in its versions).
    #[serde(
        default,
        deserialize_with = "crate::save_version::since_format::<9, _, _>"
    )]
    far: FarPlanner,
    /// How soon the player could stand next to the cells round it, drawn
    /// for one player turn and shared by the faction's shooters backing
    /// off (scratch: drawn again after a load).
    #[serde(skip)]
    player_reach: PlayerReach,
    /// How many steps the player needs to the cells round it over the
    /// planning grid, shared by the faction's shooters while the player
    /// and the ground stand (scratch: drawn again after a load).
    #[serde(skip)]
    player_steps: PlayerReach,
    /// Counts the changes of which cells the planning grid holds passable
    /// (what was learned reached it, or it was built again): the map by
    /// steps is drawn again after one (scratch, as that map is).
    #[serde(skip)]
    ground_version: u64,
}

impl Faction {
    pub(crate) fn new(config: FactionConfig, knowledge: FactionKnowledge) -> Self {
        let (width, height) = (knowledge.width(), knowledge.height());
        let name = config.name.clone();
        Self {
            config: Some(config),
            ..Self::forgetful(
                name,
                knowledge,
                None,
                FactionCounters::default(),
                0.0,
                Influences::new(width, height),
            )
        }
    }

    /// A faction read from a save of format 3 or older, which kept only its
    /// knowledge, sighting, counters and influences: it plans afresh once
    /// its config is installed ([`Faction::rebuild`]).
    pub(crate) fn forgetful(
        name: String,
        knowledge: FactionKnowledge,
        player_sighting: Option<Sighting>,
        counters: FactionCounters,
        decayed_at: f64,
        influences: Influences,
    ) -> Self {
        Self {
            name,
            config: None,
            knowledge,
            player_sighting,
            counters,
            decayed_at,
            influences,
            threat_drawn_at: None,
            view: None,
            planner: Planner::new(),
            shared: SharedField::default(),
            cheaper_this_turn: Vec::new(),
            changed_cells: Vec::new(),
            safety: None,
            safety_scratch: DijkstraMap::new(),
            looked_from: Vec::new(),
            unlearned: Unlearned::default(),
            traced: inspector::TracedBeliefs::default(),
            spots: Spots::default(),
            coarse: CoarseMap::default(),
            stroll_nodes_left: 0,
            pricing_cells_left: 0,
            far: FarPlanner::default(),
            player_reach: PlayerReach::default(),
            player_steps: PlayerReach::default(),
            ground_version: 0,
        }
    }

    /// Gives the faction's largest arrays (knowledge, planning grid) to
    /// `gridpath::spare_buffers`, for the faction read from a save in its
    /// place to take: a replay's next keyframe writes into memory already
    /// mapped rather than fresh pages.
    pub(crate) fn into_spares(self) {
        self.knowledge.into_spares();
        if let Some(view) = self.view {
            view.into_spares();
        }
    }

    /// A faction read whole from a save goes on under `config` (the one it
    /// was saved under): its planning grid gets its pricing rules back and
    /// its search spaces their shared records. Nothing it knows, plans or
    /// has paused changes. False if it has no planning grid of the level's
    /// size to go on with (the caller then rebuilds it).
    pub(crate) fn resume(&mut self, config: FactionConfig) -> bool {
        let (w, h) = (self.knowledge.width(), self.knowledge.height());
        let Some(view) = self.view.as_mut() else {
            return false;
        };
        if view.grid().width() != w || view.grid().height() != h || !self.influences.fit(w, h) {
            return false;
        }
        view.rules = CostRules::from_config(&config);
        self.ground_version += 1;
        self.config = Some(config);
        self.planner.share_records();
        true
    }

    /// (Re)builds the derived state from the config and knowledge: after
    /// creation, a load, or a config reload.
    pub(crate) fn rebuild(&mut self, config: FactionConfig) -> Result<(), GridError> {
        self.rebuild_with(config, None)
    }

    /// [`Faction::rebuild`] with a cost view already built from this
    /// faction's knowledge and influences under `config` (a config install
    /// builds one to see that it can, and a 1024x1024 grid is not cheap).
    /// A view of another size is not used.
    pub(crate) fn rebuild_with(
        &mut self,
        config: FactionConfig,
        built: Option<CostView>,
    ) -> Result<(), GridError> {
        let (w, h) = (self.knowledge.width(), self.knowledge.height());
        let mut built = built.filter(|view| view.grid().width() == w && view.grid().height() == h);
        if !self.influences.fit(w, h) {
            self.influences = Influences::new(w, h);
            // The view was priced with the influences just replaced.
            built = None;
        }
        self.knowledge.take_changes();
        self.influences.danger.take_changes();
        self.influences.crowding.take_changes();
        self.influences.threat.take_changes();
        self.ground_version += 1;
        self.view = Some(match built {
            Some(view) => view,
            None => CostView::new(
                CostRules::from_config(&config),
                &self.knowledge,
                &self.influences,
            )?,
        });
        self.config = Some(config);
        self.planner.cancel_all();
        // Node records for the first searches, written before any turn
        // (the factions share them: see `Planner::prepare`).
        if let Some(view) = &self.view {
            self.planner.prepare(view.grid());
        }
        self.shared = SharedField::default();
        self.safety = None;
        self.far.reset();
        Ok(())
    }

    /// Starts the faction over on a new level, knowing `knowledge`.
    pub(crate) fn enter_level(
        &mut self,
        knowledge: FactionKnowledge,
        now: f64,
    ) -> Result<(), GridError> {
        let (w, h) = (knowledge.width(), knowledge.height());
        self.knowledge = knowledge;
        self.player_sighting = None;
        self.decayed_at = now;
        self.influences = Influences::new(w, h);
        self.threat_drawn_at = None;
        self.looked_from.clear();
        self.spots = Spots::default();
        // Counted again for the new level, on the first look at the latest.
        self.unlearned = Unlearned::default();
        if let Some(config) = self.config.clone() {
            self.rebuild(config)?;
        }
        Ok(())
    }

    pub fn name(&self) -> &str {
        &self.name
    }

    pub fn config(&self) -> Option<&FactionConfig> {
        self.config.as_ref()
    }

    pub fn knowledge(&self) -> &FactionKnowledge {
        &self.knowledge
    }

    pub fn influences(&self) -> &Influences {
        &self.influences
    }

    /// How the faction prices cells (none before the first rebuild).
    pub fn rules(&self) -> Option<&CostRules> {
        self.view.as_ref().map(|v| &v.rules)
    }

    /// The grid the faction plans on, as of its last sync.
    pub fn grid(&self) -> Option<&Grid> {
        self.view.as_ref().map(|v| v.grid())
    }

    /// What danger and the player's threat add to the cost of `pos` for
    /// this faction (0 without rules).
    pub(crate) fn avoidance_at(&self, pos: Pos) -> f64 {
        self.rules()
            .map_or(0.0, |rules| rules.avoidance(&self.influences, pos))
    }

    /// What standing on `pos` costs a searcher that knows the player was
    /// last at `believed`: the faction's threat weight when the player, as
    /// last seen, could see `pos` (within the threat radius, nothing the
    /// faction believes opaque between), else 0. The threat layer itself
    /// fades within a few turns of a sighting; a search goes on for tens.
    pub(crate) fn players_eye_at(&self, pos: Pos, believed: Pos) -> f64 {
        let Some(layer) = self.config.as_ref().map(|c| c.influence.threat) else {
            return 0.0;
        };
        let (dx, dy) = (i64::from(pos.x - believed.x), i64::from(pos.y - believed.y));
        let radius = i64::from(layer.radius);
        if layer.weight <= 0.0 || dx * dx + dy * dy > radius * radius {
            return 0.0;
        }
        if self.believes_in_sight(believed, pos) {
            layer.weight
        } else {
            0.0
        }
    }

    /// Whether a member at `at` sees `pos`, as far as the faction knows:
    /// within its sight radius, nothing it believes opaque between.
    pub(crate) fn believes_seen_from(&self, at: Pos, pos: Pos) -> bool {
        let radius = self.config.as_ref().map_or(0, |c| c.sight_radius);
        crate::world::fov::within_radius(i64::from(pos.x - at.x), i64::from(pos.y - at.y), radius)
            && self.believes_in_sight(at, pos)
    }

    /// Whether nothing the faction believes opaque stands between `from`
    /// and `to` (however far apart).
    pub(crate) fn believes_in_sight(&self, from: Pos, to: Pos) -> bool {
        let knowledge = &self.knowledge;
        line_of_sight(from, to, |cell| {
            knowledge.belief(cell).is_some_and(|t| t.is_opaque())
        })
    }

    pub fn counters(&self) -> &FactionCounters {
        &self.counters
    }

    pub(crate) fn counters_mut(&mut self) -> &mut FactionCounters {
        &mut self.counters
    }

    #[cfg(test)]
    /// Searches paused until a later turn, and requests waiting for one.
    pub(crate) fn searches_pending(&self) -> (usize, usize) {
        let paused = self.planner.paused();
        (paused, self.planner.demand() - paused)
    }

    pub(crate) fn planner_stats(&self) -> PlannerStats {
        self.planner.stats
    }

    /// When the influence maps were last decayed.
    pub(crate) fn decayed_at(&self) -> f64 {
        self.decayed_at
    }

    pub(crate) fn sighting(&self) -> Option<Sighting> {
        self.player_sighting
    }

    /// A member sees the player at `pos`.
    pub(crate) fn note_sighting(&mut self, pos: Pos, time: f64) {
        self.player_sighting = Some(Sighting { pos, time });
    }

    /// The trail is cold: a member reached the sighting and found nothing.
    pub(crate) fn forget_sighting(&mut self) {
        self.player_sighting = None;
    }

    /// The engine options this faction searches with.
    pub fn search_options(&self) -> SearchOptions {
        self.config
            .as_ref()
            .map_or_else(SearchOptions::default, search_options_of)
    }

    /// A member sees `terrain` at `pos`. Returns whether the faction had
    /// guessed its walkability wrong (counted as a wrong guess).
    pub fn observe(&mut self, pos: Pos, terrain: Terrain, time: f64) -> bool {
        // Every cell of every view comes through here: one look-up. Most
        // cells seen first are the floor the faction guessed unseen
        // ground to be: nothing to price again.
        let rules = self.view.as_ref().map(|v| &v.rules);
        let prices_alike = |before: Option<Terrain>| {
            rules.is_some_and(|r| r.terrain_cost(before) == r.terrain_cost(Some(terrain)))
        };
        let Some(before) = self.knowledge.see(pos, terrain, time, prices_alike) else {
            return false;
        };
        if before == Some(terrain) {
            return false;
        }
        self.unlearned.learned(pos);
        let wrong = self.rules().is_some_and(|rules| {
            rules.terrain_cost(before).is_some() != rules.terrain_cost(Some(terrain)).is_some()
        });
        if wrong {
            self.counters.wrong_guesses += 1;
        }
        wrong
    }

    /// A member sees the cell at `pos`, whose true terrain `truth` reads
    /// (the true level): [`Faction::observe`], but where the faction's
    /// books say it believes the truth there already, only the time it was
    /// seen changes and the level is not read. Returns whether the faction
    /// had guessed its walkability wrong.
    pub(crate) fn look_at(
        &mut self,
        pos: Pos,
        time: f64,
        truth: impl FnOnce() -> Option<Terrain>,
    ) -> bool {
        if !self.unlearned.may_teach(pos) {
            self.knowledge.see_again(pos, time);
            return false;
        }
        truth().is_some_and(|terrain| self.observe(pos, terrain, time))
    }

    /// The omniscient baseline is told of a change (no guess involved).
    pub(crate) fn know(&mut self, pos: Pos, terrain: Terrain, time: f64) {
        self.knowledge.observe(pos, terrain, time);
        self.unlearned.learned(pos);
    }

    /// Counts where the faction could still learn by looking (see
    /// [`Unlearned`]), unless already counted.
    pub(crate) fn prepare_sight(&mut self, level: &Level) {
        if !self.unlearned.is_built() {
            self.unlearned = Unlearned::build(level, &self.knowledge);
        }
    }

    /// Whether a member looking from `at` could learn anything: some cell
    /// it might see within `radius` is unknown or believed wrong. A view
    /// that could not is not worth computing (see [`Unlearned`]).
    pub(crate) fn could_learn_near(&mut self, level: &Level, at: Pos, radius: u32) -> bool {
        self.prepare_sight(level);
        level.is_opaque(at) || !self.unlearned.nothing_near(at, radius)
    }

    /// Notes that a member looks around from `pos`; returns false when one
    /// already did since the terrain in sight last changed (the view would
    /// teach the faction nothing new, so it need not be computed).
    pub(crate) fn first_look_from(&mut self, pos: Pos) -> bool {
        let words = (self.knowledge.width() * self.knowledge.height()).div_ceil(64);
        if self.looked_from.len() != words {
            self.looked_from.clear();
            self.looked_from.resize(words, 0);
        }
        let Some(index) = self.knowledge.index_of(pos) else {
            return false;
        };
        let first = !self.has_looked_from(pos);
        self.looked_from[index / 64] |= 1u64 << (index % 64);
        first
    }

    /// Whether a member looked around from `pos` since the terrain in sight
    /// of it last changed.
    fn has_looked_from(&self, pos: Pos) -> bool {
        self.knowledge.index_of(pos).is_some_and(|index| {
            self.looked_from
                .get(index / 64)
                .is_some_and(|word| word & (1u64 << (index % 64)) != 0)
        })
    }

    /// Whether a member's look from `at` might teach the faction anything,
    /// asked ahead of its turn (changes nothing; see [`Self::first_look_from`]
    /// and [`Self::could_learn_near`] for the answer on the turn).
    pub(crate) fn might_learn_from(&self, at: Pos, radius: u32) -> bool {
        !self.has_looked_from(at) && !self.unlearned.nothing_near(at, radius)
    }

    /// The terrain at `pos` changed: views from cells in sight of it are
    /// worth taking again.
    pub(crate) fn terrain_changed_at(&mut self, level: &Level, pos: Pos) {
        self.unlearned.terrain_changed(level, &self.knowledge, pos);
        let radius = self.config.as_ref().map_or(0, |c| c.sight_radius) as i32;
        for y in pos.y - radius..=pos.y + radius {
            for x in pos.x - radius..=pos.x + radius {
                if let Some(index) = self.knowledge.index_of(Pos::new(x, y))
                    && let Some(word) = self.looked_from.get_mut(index / 64)
                {
                    *word &= !(1u64 << (index % 64));
                }
            }
        }
    }

    /// Whether the faction holds `pos` as blocked (known impassable to it,
    /// or unknown under a "blocked" policy).
    pub(crate) fn believes_blocked(&self, pos: Pos) -> bool {
        match self.rules() {
            Some(rules) => {
                !self.knowledge.in_bounds(pos)
                    || rules.terrain_cost(self.knowledge.belief(pos)).is_none()
            }
            None => true,
        }
    }

    /// Whether the faction holds the step `from` -> `to` as blocked: the
    /// cell, or for a diagonal either corner it passes. Asked of the
    /// planning grid's moves (one read where the beliefs take three), so
    /// it answers for what members had seen at the grid's last sync
    /// ([`Faction::sync_view`], the start of every member's thinking).
    /// Cells that are not side by side are no step: blocked.
    pub(crate) fn believes_step_blocked(&self, from: Pos, to: Pos) -> bool {
        self.grid().is_none_or(|grid| !grid.is_legal_step(from, to))
    }

    /// Whether the faction holds any step of the walk from `from` through
    /// `cells` as blocked: [`Faction::believes_step_blocked`] for each, in
    /// one pass over the grid's moves.
    pub(crate) fn believes_walk_blocked(&self, from: Pos, cells: &[Pos]) -> bool {
        !cells.is_empty()
            && self
                .grid()
                .is_none_or(|grid| !steps_are_legal(grid, from, cells))
    }

    /// Once per game turn (a long action of the player's spans several:
    /// `Game::run_monsters`): influences fade, the threat is redrawn, the
    /// budget refills, the planning grid catches up with what members saw,
    /// and paused searches go on, the most urgent first.
    pub(crate) fn start_turn(&mut self, now: f64) {
        self.decay_influences(now);
        if let Some(sighting) = self.player_sighting {
            self.draw_threat(sighting.pos);
        }
        let base = self.config.as_ref().map_or(0, |c| u64::from(c.node_budget));
        let in_view_lately = self
            .player_sighting
            .is_some_and(|sighting| now - sighting.time <= SIGHTING_FRESH);
        let reserve = if in_view_lately {
            base / IN_VIEW_RESERVE_SHARE
        } else {
            0
        };
        self.planner
            .new_turn(turn_budget(base, self.planner.demand()), reserve);
        self.shared.spent_this_turn = 0;
        self.stroll_nodes_left = base.saturating_mul(STROLL_BUDGET_SHARE);
        self.pricing_cells_left = base.saturating_mul(PRICING_BUDGET_SHARE);
        self.cheaper_this_turn.clear();
        self.sync_view();
        // The grid's islands are never relabelled wholesale (a flood of the
        // whole level, a spike on a big map): cells that open join islands
        // at once, and a region split by newly seen walls answers "maybe"
        // (a search finds out) until the next level.
        let options = self.search_options();
        if let Some(view) = self.view.as_ref() {
            self.planner.run_paused(view.grid(), &options);
        }
        self.note_trace_beliefs();
    }

    /// Brings the planning grid up to date with what changed in the
    /// knowledge and influences, and repairs the shared field. Paused
    /// searches are never a reason to wait: the engine checks what changed
    /// against what each has looked at.
    pub(crate) fn sync_view(&mut self) {
        let Some(view) = self.view.as_mut() else {
            return;
        };
        let influences = &self.influences;
        let felt_anything = influences.danger.has_changes()
            || influences.crowding.has_changes()
            || influences.threat.has_changes()
            || influences.hazards.has_changes();
        // Only what was learned changes which cells are passable: an
        // influence adds to a price, never blocks.
        if self.knowledge.has_changes() {
            self.ground_version += 1;
        }
        if self.knowledge.has_changes() || felt_anything {
            Self::refresh_view(
                view,
                &mut self.knowledge,
                &mut self.influences,
                &mut self.cheaper_this_turn,
                &mut self.changed_cells,
            );
        }
        if self.shared.target.is_some() {
            self.shared.field.repair(view.grid());
        }
    }

    /// Re-prices the cells whose belief or influence changed: first what
    /// was learned, then what was felt, each in row order and each cell
    /// once. The changes are kept as row-major indices, sorted and
    /// deduplicated in `changed_cells` (kept between calls), which orders
    /// them as sorting their positions by (row, column) would.
    fn refresh_view(
        view: &mut CostView,
        knowledge: &mut FactionKnowledge,
        influences: &mut Influences,
        cheaper_this_turn: &mut Vec<Pos>,
        changed_cells: &mut Vec<u32>,
    ) {
        // Knowledge and influences cover the level alike (see
        // `rebuild_with`): one shape turns either's indices into cells.
        let shape = knowledge.shape();
        sorted_changes(changed_cells, |cells| knowledge.drain_changes_into(cells));
        let learned = changed_cells.iter().map(|&i| shape.pos(i as usize));
        let cheaper = view.refresh(knowledge, influences, learned);
        cheaper_this_turn.extend(cheaper);
        sorted_changes(changed_cells, |cells| {
            influences.danger.drain_changes_into(cells);
            influences.crowding.drain_changes_into(cells);
            influences.threat.drain_changes_into(cells);
            influences.hazards.drain_changes_into(shape, cells);
        });
        let felt = changed_cells.iter().map(|&i| shape.pos(i as usize));
        view.refresh(knowledge, influences, felt);
    }

    /// Cells that became cheaper in what the faction knows this turn.
    pub(crate) fn cheaper_this_turn(&self) -> &[Pos] {
        &self.cheaper_this_turn
    }

    /// Lets the influences fade for the time passed since the last call.
    pub(crate) fn decay_influences(&mut self, now: f64) {
        let Some(config) = &self.config else {
            return;
        };
        let elapsed = (now - self.decayed_at).max(0.0);
        self.decayed_at = now;
        if elapsed == 0.0 {
            return;
        }
        let layers = &config.influence;
        self.influences
            .danger
            .decay(layers.danger.decay.powf(elapsed));
        self.influences
            .crowding
            .decay(layers.crowding.decay.powf(elapsed));
        // The threat fades too once drawn, and is drawn anew (not added
        // to) when the sighting moves.
        self.influences
            .threat
            .decay(layers.threat.decay.powf(elapsed));
    }

    /// A member saw (or trod on) a hazard at `pos` that costs `extra` more
    /// to cross: the planning grid prices it from the next sync. Returns
    /// whether the faction did not know it yet.
    pub(crate) fn learn_hazard(&mut self, pos: Pos, extra: f64) -> bool {
        self.influences.hazards.learn(pos, extra)
    }

    /// A member died (or was hurt) at `pos`.
    pub fn mark_danger(&mut self, pos: Pos, amount: f32) {
        if let Some(config) = &self.config {
            let radius = config.influence.danger.radius;
            self.influences.danger.stamp(pos, amount, radius);
        }
    }

    /// A member occupies or plans to cross these cells: returns the stamps
    /// made, so the member's own searches can leave them out.
    pub(crate) fn mark_crowding(&mut self, cells: &[(Pos, f32)]) -> Vec<(Pos, f32)> {
        let Some(config) = &self.config else {
            return Vec::new();
        };
        if config.influence.crowding.weight <= 0.0 {
            return Vec::new();
        }
        let radius = config.influence.crowding.radius;
        for &(pos, amount) in cells {
            self.influences.crowding.stamp(pos, amount, radius);
        }
        cells.to_vec()
    }

    /// The cost each cell of a member's own crowding stamps would have
    /// without them: its searches do not shy away from its own body and
    /// route.
    pub fn own_crowding_overrides(&self, marks: &[(Pos, f32)]) -> Vec<(Pos, f64)> {
        let (Some(config), Some(grid), Some(rules)) = (&self.config, self.grid(), self.rules())
        else {
            return Vec::new();
        };
        own_crowding_prices(
            config,
            rules,
            grid,
            (&self.knowledge, &self.influences),
            marks,
        )
    }

    /// The player's threat around `believed`, drawn anew (never summed) on
    /// the cells the faction believes can see it.
    fn draw_threat(&mut self, believed: Pos) {
        let Some(config) = &self.config else {
            return;
        };
        let layer = config.influence.threat;
        if layer.weight <= 0.0 || self.threat_drawn_at == Some(believed) {
            return;
        }
        self.threat_drawn_at = Some(believed);
        self.influences.threat.clear();
        let knowledge = &self.knowledge;
        let opaque = |pos: Pos| knowledge.belief(pos).is_some_and(|t| t.is_opaque());
        self.influences
            .threat
            .stamp_where(believed, 1.0, layer.radius, |pos| {
                line_of_sight(believed, pos, opaque)
            });
    }

    /// The debug overlay's reader of this faction: the last traced search,
    /// the shared field, the grid under another config.
    pub fn inspector(&self) -> FactionInspector<'_> {
        FactionInspector { faction: self }
    }

    /// The debug overlay's controls of this faction's tracing.
    pub(crate) fn inspector_mut(&mut self) -> FactionInspectorMut<'_> {
        FactionInspectorMut { faction: self }
    }

    /// Keeps what the faction believes of the cells of a newly recorded
    /// trace (for the inspector), as it stands now that the search ran.
    fn note_trace_beliefs(&mut self) {
        let grid = self.view.as_ref().map(CostView::grid);
        self.traced.note(&self.planner, grid, &self.knowledge);
    }

    /// Asks for an individual plan. When the straight line to the goal is a cheapest
    /// path on the grid (every step open, every cell at the cheapest cost)
    /// it is the answer at once: no search could do better. Requests with
    /// their own pricing (overrides) or a turn penalty always search.
    pub(crate) fn request_plan(&mut self, request: PlanRequest) {
        let straight = (request.overrides.is_empty() && self.search_options().turn_penalty == 0.0)
            .then(|| self.grid())
            .flatten()
            .and_then(|grid| cheapest_straight_path(grid, request.from, request.goal));
        match straight {
            Some(path) => {
                let traced = self.planner.traced_actor() == Some(request.actor);
                self.planner.answer_with_straight_path(&request, path);
                if traced {
                    self.note_trace_beliefs();
                }
            }
            None => self.planner.request(request),
        }
    }

    pub(crate) fn is_planning(&self, actor: usize) -> bool {
        self.planner.is_waiting(actor)
    }

    /// Runs `actor`'s search now, within its share of the budget, and
    /// hands over its result if it finished (now or earlier).
    pub(crate) fn plan_now(&mut self, actor: usize) -> Option<Finished> {
        let options = self.search_options();
        if let Some(view) = self.view.as_ref() {
            self.planner.run_for(actor, view.grid(), &options);
        }
        if self.planner.traced_actor() == Some(actor) {
            self.note_trace_beliefs();
        }
        self.planner.take_finished(actor)
    }

    /// The result of `actor`'s search, if one finished and waits.
    pub(crate) fn take_finished_plan(&mut self, actor: usize) -> Option<Finished> {
        self.planner.take_finished(actor)
    }

    /// A far wanderer's stroll from `at`, on the faction's coarse graph
    /// (see [`CoarseMap::far_stroll`]): its cells from `at` to an end no
    /// more dangerous than `most_avoided` (where kin died, where the
    /// player's eye falls), or `None`. A wanderer off the graph searches
    /// its way onto it from the strolls' allowance ([`STROLL_BUDGET_SHARE`]
    /// times the faction's `node_budget` a turn, beside the planner's: a
    /// thousand far strollers must not starve the searches near the
    /// player, nor these them); on the graph a stroll costs no search.
    pub(crate) fn far_stroll(
        &mut self,
        at: Pos,
        most_avoided: f64,
        rng: &mut impl rand::Rng,
    ) -> Option<Vec<Pos>> {
        self.spend_stroll_allowance(most_avoided, |coarse, grid, accept, nodes| {
            coarse.far_stroll(grid, at, rng, accept, nodes)
        })
        .flatten()
    }

    /// A far wanderer's stroll from `at` when it has no other ahead of
    /// `came_from` (see [`CoarseMap::way_ahead`]): the cheapest way to a
    /// cell near it that does not pass `came_from`, through no cell
    /// avoided more than `most_avoided` nor one `free` refuses (a body
    /// stands there: walked round, the way would be a detour), out of the
    /// same allowance as far strolls; `None` when there is none (it
    /// rests).
    pub(crate) fn way_ahead(
        &mut self,
        at: Pos,
        came_from: Pos,
        most_avoided: f64,
        free: &dyn Fn(Pos) -> bool,
        rng: &mut impl rand::Rng,
    ) -> Option<Vec<Pos>> {
        self.spend_stroll_allowance(most_avoided, |coarse, grid, accept, nodes| {
            let open = |cell: Pos| accept(cell) && free(cell);
            coarse.way_ahead(grid, at, came_from, rng, &open, nodes)
        })
        .flatten()
    }

    /// `walk` (a far wanderer's, chosen without pricing the ground), or
    /// the cheapest way to its end near it where that is cheaper and goes
    /// nowhere avoided more than `most_avoided` (see
    /// [`crate::ai::coarse::CoarseMap::cheapest_way`]), out of the same
    /// allowance as far strolls.
    pub(crate) fn cheapest_walk(&mut self, walk: Vec<Pos>, most_avoided: f64) -> Vec<Pos> {
        // Without a planning grid there is nothing to price it on.
        if self.view.is_none() {
            return walk;
        }
        self.spend_stroll_allowance(most_avoided, |coarse, grid, accept, nodes| {
            coarse.cheapest_way(grid, walk, &accept, nodes)
        })
        .unwrap_or_default()
    }

    /// Runs `search` on the faction's coarse map over its planning grid,
    /// with a test for cells avoided no more than `most_avoided` and what
    /// is left of the far strolls' node allowance this turn, and takes the
    /// nodes it spent off the allowance: `None` without a planning grid.
    fn spend_stroll_allowance<R>(
        &mut self,
        most_avoided: f64,
        search: impl FnOnce(&mut CoarseMap, &Grid, &dyn Fn(Pos) -> bool, u64) -> (R, u64),
    ) -> Option<R> {
        let Faction {
            view,
            coarse,
            influences,
            stroll_nodes_left,
            ..
        } = self;
        let view = view.as_ref()?;
        let accept = |cell: Pos| view.rules.avoidance(influences, cell) <= most_avoided;
        let (answer, spent) = search(coarse, view.grid(), &accept, *stroll_nodes_left);
        *stroll_nodes_left = stroll_nodes_left.saturating_sub(spent);
        Some(answer)
    }

    /// A plan toward the far goal `goal` for a member at `from`, coarse
    /// first (see [`crate::ai::coarse_plan`]): the refined first stretch
    /// and the coarse waypoints beyond it, no way there, or not this turn.
    /// The cells it settles pricing clusters come out of the turn's
    /// pricing allowance ([`PRICING_BUDGET_SHARE`]; over it, not this
    /// turn, the clusters priced kept for the next try); the rest of its
    /// cost, every node and cell, out of the turn's node
    /// budget; it is tried only with enough of it left (half the
    /// faction's `node_budget`, at most [`MIN_FAR_BUDGET`]), and its
    /// coarse search may then spend up to the most a turn's budget grows
    /// to ([`MAX_BUDGET_GROWTH`] times `node_budget`), leaving the turn
    /// nothing more to spend: a far plan is asked for once per stretch,
    /// not every turn. With `lagging` (a hunter whose own search for a
    /// target in plain view has run its turns with no plan), it is tried
    /// whatever is left: the shared field and the searches under way may
    /// spend every turn's budget before its turn, and it would stand.
    pub(crate) fn plan_far(&mut self, from: Pos, goal: Pos, lagging: bool) -> FarAnswer {
        let (Some(view), Some(config)) = (self.view.as_ref(), self.config.as_ref()) else {
            return FarAnswer::Unreachable;
        };
        let left = self.planner.spendable(Priority::MAX);
        let base = u64::from(config.node_budget);
        if left < MIN_FAR_BUDGET.min(base / 2) && !lagging {
            return FarAnswer::OverBudget;
        }
        // Once tried, the coarse search may go on to what the planner's
        // busiest turn holds: stopped short it would be asked again, and
        // its nodes spent for nothing.
        let limit = left.max(base.saturating_mul(MAX_BUDGET_GROWTH));
        let allowance = Allowance {
            left: self.pricing_cells_left,
            whole: base.saturating_mul(PRICING_BUDGET_SHARE),
        };
        let (answer, cost) =
            self.far
                .plan_pricing_within(view.grid(), (from, goal), limit, Some(allowance));
        self.pricing_cells_left = self.pricing_cells_left.saturating_sub(cost.cells_priced);
        // Never out of the reserve for hunters in view, however far over.
        self.planner
            .spend(cost.expanded - cost.cells_priced, Priority::MAX);
        let counters = &mut self.counters;
        counters.coarse_expanded += cost.expanded;
        counters.coarse_clusters_unpriced += cost.clusters_unpriced;
        counters.coarse_cells_repaired += cost.cells_repaired;
        if matches!(answer, FarAnswer::Plan(_)) {
            counters.coarse_plans += 1;
        }
        answer
    }

    /// Drops `actor`'s search under way or queued, if any (its goal is now
    /// planned another way), not counted as given up.
    pub(crate) fn cancel_plan(&mut self, actor: usize) {
        self.planner.cancel(actor);
    }

    /// Cells settled pricing clusters of the coarse graph by the faction's
    /// far plans since it was made or loaded, and the most by one plan
    /// (work on a cache, not saved: see `ai::coarse_plan`).
    pub fn coarse_cells_priced(&self) -> (u64, u64) {
        self.far.cells_priced()
    }

    /// Far strolls walked on the coarse graph, and on a straight line when
    /// the graph gave none (the overlay's coarse layer says them).
    pub fn far_strolls(&self) -> (u64, u64) {
        (self.coarse.strolls, self.coarse.lines)
    }

    /// The cells members hold round their goals.
    pub(crate) fn spots(&self) -> &Spots {
        &self.spots
    }

    /// The cells members hold, to claim or release one.
    pub(crate) fn spots_mut(&mut self) -> &mut Spots {
        &mut self.spots
    }

    /// A member died: its search and its spot are dropped.
    pub(crate) fn forget_member(&mut self, actor: usize) {
        self.planner.cancel(actor);
        self.spots.release(actor);
        self.spots.stop_waiting(actor);
    }

    /// A member tired of waiting for its search: dropped, counted as given
    /// up.
    pub fn give_up_plan(&mut self, actor: usize) {
        self.planner.give_up(actor);
    }

    /// The shared field toward `target`: a member at `at` asks how far it
    /// is. The field is started afresh for a new target, repaired as
    /// knowledge changes, and grown only as far as members need, within
    /// the turn's budget.
    pub(crate) fn reach_shared_field(&mut self, target: Pos, at: Pos) -> Reach {
        let Some(view) = self.view.as_ref() else {
            return Reach::Unreachable;
        };
        let grid = view.grid();
        if self.shared.target != Some(target) {
            self.shared.field.reset(grid, &[(target, 0.0)]);
            self.shared.target = Some(target);
            self.counters.shared_fields += 1;
        }
        let share = self
            .config
            .as_ref()
            .map_or(0, |c| u64::from(c.node_budget) / FIELD_BUDGET_SHARE);
        // Beyond the reserve: a hunter in view the field has not reached
        // searches on its own out of the reserve.
        let budget = self
            .planner
            .spendable(Priority::MAX)
            .min(share.saturating_sub(self.shared.spent_this_turn));
        let (reach, spent) = self.shared.field.reach(grid, at, budget);
        self.shared.spent_this_turn += spent;
        self.planner.spend(spent, Priority::MAX);
        self.counters.field_expanded += spent;
        reach
    }

    /// The route down the shared field from `at` (up to `limit` cells).
    pub(crate) fn shared_route(&self, at: Pos, limit: usize) -> Vec<Pos> {
        match self.grid() {
            Some(grid) => self.shared.field.route(grid, at, limit),
            None => Vec::new(),
        }
    }

    /// The shared field's price of the way from `at` to its target, if
    /// the field leads to `target` and has settled `at` (its cost units: a
    /// step on floor is one).
    pub(crate) fn shared_distance(&self, target: Pos, at: Pos) -> Option<f64> {
        (self.shared.target == Some(target))
            .then(|| self.shared.field.distance(at))
            .flatten()
    }

    /// The cell the shared field leads to, once one was started.
    pub(crate) fn shared_target(&self) -> Option<Pos> {
        self.shared.target
    }

    /// Brogue's safety map away from `threat`: stepping downhill on it
    /// leads away from the threat, toward open ground rather than into
    /// corners. Rebuilt when the threat moves or the map is a few turns old.
    ///
    /// Priced on the ground alone, as Brogue's two cost maps are: how soon
    /// the threat reaches a cell at the base terrain costs (the player's),
    /// and the way there at the faction's own terrain costs (and the
    /// caltrops it knows of). Not on the planning grid: its influences make
    /// every cell about a fight dear to enter (danger where kin were hurt,
    /// the player's threat), so the map's far rim, and its bottom, came to
    /// lie two or three cells from the player (swamp seed 3, turns 121-140:
    /// a wolf at 1 hit point 2 cells from the player paced 44,5 -> 43,4 ->
    /// 44,4 -> 44,5 eight times, its flight a step off the map and back).
    fn safety_map(&mut self, turn: u64, threat: Pos) -> Option<&DijkstraMap> {
        // Rebuilt when the threat moved more than a step or two, or the map
        // is a few turns old: fleeing needs the lie of the land, not the
        // threat's exact cell.
        let stale = self.safety.as_ref().is_none_or(|(built, from, _)| {
            (from.x - threat.x).abs().max((from.y - threat.y).abs()) > SAFETY_THREAT_SLACK
                || turn.saturating_sub(*built) >= SAFETY_REFRESH_TURNS
        });
        if stale {
            let view = self.view.as_ref()?;
            let (grid, rules) = (view.grid(), &view.rules);
            let (knowledge, hazards) = (&self.knowledge, &self.influences.hazards);
            let threat_profile = CostProfile::default();
            // A cell the faction has not seen is floor to the threat (the
            // grid already says whether the faction takes it as open); one
            // the threat cannot enter (deep water) it never reaches.
            let threat_price = |pos: Pos| {
                threat_profile
                    .cost(knowledge.belief(pos).unwrap_or(Terrain::Floor))
                    .unwrap_or(f64::INFINITY)
            };
            // Never through the threat's own cell (Brogue forbids it too).
            let own_price = |pos: Pos| {
                if pos == threat {
                    return f64::INFINITY;
                }
                rules
                    .terrain_cost(knowledge.belief(pos))
                    .or_else(|| grid.cost(pos))
                    .unwrap_or(f64::INFINITY)
                    + hazards.extra(pos)
            };
            let toward = &mut self.safety_scratch;
            toward.compute_within_priced(grid, [(threat, 0.0)], SAFETY_RADIUS, threat_price);
            // Every cell the threat reaches within the radius, however
            // far in cells: a road at half a floor step's cost reaches
            // twice as far (a square of the radius's side cut the map
            // short there, and beyond its edge the map rose again: swamp
            // seed 3, a wolf fleeing along the north road was led back
            // toward the player, turn 140).
            let sources: Vec<(Pos, f64)> = toward
                .reached()
                .map(|(pos, d)| (pos, d * SAFETY_FACTOR))
                .collect();
            let mut away = match self.safety.take() {
                Some((_, _, map)) => map,
                None => DijkstraMap::new(),
            };
            away.compute_within_priced(grid, sources, 0.0, own_price);
            self.safety = Some((turn, threat, away));
        }
        self.safety.as_ref().map(|(_, _, map)| map)
    }

    /// The step away from `threat` for a member at `at` (downhill on the
    /// safety map), if any, onto a cell `allowed` accepts (the caller's
    /// bar on the cell its last flight step left: as the threat moves the
    /// map can tilt back and forth, and a step straight back would make it
    /// run A-B-A-B), never onto the threat itself.
    pub(crate) fn flee_step(
        &mut self,
        turn: u64,
        threat: Pos,
        at: Pos,
        allowed: impl Fn(Pos) -> bool,
    ) -> Option<Pos> {
        self.safety_map(turn, threat)?;
        let grid = self.view.as_ref()?.grid();
        let (_, _, safety) = self.safety.as_ref()?;
        safety.lowest_neighbour_where(grid, at, |cell| cell != threat && allowed(cell))
    }

    /// How soon the player at `player` could stand next to the cells
    /// round it, as the faction believes the ground ([`PlayerReach`]):
    /// drawn again only when the player or what the faction believes of
    /// the square round it changes, for every shooter that asks.
    pub(crate) fn player_reach(&mut self, player: Pos) -> &PlayerReach {
        if !self.player_reach.stands_on(&self.knowledge, player) {
            self.player_reach = PlayerReach::by_time(&self.knowledge, player);
        }
        &self.player_reach
    }

    /// How many steps the player at `player` needs to the cells within
    /// `radius` of it over the planning grid ([`PlayerReach::by_steps`]):
    /// drawn again only when the player, the radius or the ground the grid
    /// holds passable changes, for every shooter that asks.
    pub(crate) fn player_steps(&mut self, player: Pos, radius: i32) -> &PlayerReach {
        if !self
            .player_steps
            .is_for(player, radius, self.ground_version)
        {
            self.player_steps =
                PlayerReach::by_steps(self.grid(), player, radius, self.ground_version);
        }
        &self.player_steps
    }

    /// Whether `at` lies at the bottom of the safety map away from
    /// `threat`: on the map, with no neighbour lower (nowhere safer within
    /// a step). Brogue's fleeing monster stays put there.
    pub(crate) fn at_safety_bottom(&mut self, turn: u64, threat: Pos, at: Pos) -> bool {
        self.safety_map(turn, threat)
            .is_some_and(|map| map.distance(at).is_some())
            && self.flee_step(turn, threat, at, |_| true).is_none()
    }
}

/// The engine options a faction with `config` searches with.
pub fn search_options_of(config: &FactionConfig) -> SearchOptions {
    SearchOptions {
        heuristic: config.heuristic,
        weight: config.weight,
        tie_break: config.tie_break,
        turn_penalty: if config.smoothing.uses_turn_penalty() {
            config.turn_penalty
        } else {
            0.0
        },
    }
}

/// The cost each cell of a member's own crowding stamps (`marks`) would
/// have without them, under `config` and `rules` on `grid`.
fn own_crowding_prices(
    config: &FactionConfig,
    rules: &CostRules,
    grid: &Grid,
    (knowledge, influences): (&FactionKnowledge, &Influences),
    marks: &[(Pos, f32)],
) -> Vec<(Pos, f64)> {
    let weight = config.influence.crowding.weight;
    if marks.is_empty() || weight <= 0.0 {
        return Vec::new();
    }
    let radius = config.influence.crowding.radius;
    let mut own: HashMap<Pos, f32> = HashMap::new();
    for &(center, amount) in marks {
        for (pos, value) in footprint(center, amount, radius) {
            *own.entry(pos).or_default() += value;
        }
    }
    let mut overrides: Vec<(Pos, f64)> = own
        .into_iter()
        .filter_map(|(pos, value)| {
            grid.cost(pos)?;
            let others = (influences.crowding.value(pos) - value).max(0.0);
            let without = rules.cost_with_crowding(knowledge, influences, pos, others)?;
            Some((pos, without))
        })
        .collect();
    overrides.sort_unstable_by_key(|&(pos, _)| (pos.y, pos.x));
    overrides
}

/// A turn's node budget: the faction's `node_budget`, grown by a share of
/// it for every [`REQUESTS_PER_BUDGET_STEP`] members waiting for a plan, up
/// to [`MAX_BUDGET_GROWTH`] times. Counted in nodes, never in time, so the
/// same seed plays the same game on any machine.
fn turn_budget(node_budget: u64, waiting: usize) -> u64 {
    let steps = (waiting / REQUESTS_PER_BUDGET_STEP) as u64;
    node_budget.saturating_mul((1 + steps).min(MAX_BUDGET_GROWTH))
}

/// Fills `cells` with the changed cell indices `drain` hands over, sorted
/// (cells by row, then column) and each once.
fn sorted_changes(cells: &mut Vec<u32>, drain: impl FnOnce(&mut Vec<u32>)) {
    cells.clear();
    drain(cells);
    cells.sort_unstable();
    cells.dedup();
}

/// Whether nothing opaque stands strictly between `from` and `to` on the
/// straight line (Bresenham).
pub fn line_of_sight(from: Pos, to: Pos, opaque: impl Fn(Pos) -> bool) -> bool {
    straight_line(from, to)
        .take_while(|&cell| cell != to)
        .all(|cell| !opaque(cell))
}

/// The cells of the straight line (Bresenham) from `from` to `to`, without
/// `from` and ending with `to`: the cells a thrown thing or a look crosses.
pub(crate) fn straight_line(from: Pos, to: Pos) -> impl Iterator<Item = Pos> {
    let (dx, dy) = ((to.x - from.x).abs(), -(to.y - from.y).abs());
    let (sx, sy) = ((to.x - from.x).signum(), (to.y - from.y).signum());
    let (mut x, mut y, mut error) = (from.x, from.y, dx + dy);
    std::iter::from_fn(move || {
        if (x, y) == (to.x, to.y) {
            return None;
        }
        let doubled = 2 * error;
        if doubled >= dy {
            error += dy;
            x += sx;
        }
        if doubled <= dx {
            error += dx;
            y += sy;
        }
        Some(Pos::new(x, y))
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::config::MonsterConfig;

    pub(super) fn goblins(rows: &str) -> Faction {
        let config = MonsterConfig::shipped().unwrap();
        let mut goblins = config.faction("goblins").unwrap().clone();
        goblins.influence.threat.weight = 1.0;
        goblins.influence.threat.radius = 3;
        let level = crate::world::level::text::parse(rows).unwrap();
        let mut faction = Faction::new(goblins.clone(), FactionKnowledge::omniscient(&level));
        faction.rebuild(goblins).unwrap();
        faction
    }

    #[test]
    fn a_reserve_for_hunters_in_view_is_held_only_while_the_player_was_seen_lately() {
        let mut faction = goblins(
            "@.......\n\
             ........",
        );
        let base = u64::from(faction.config().unwrap().node_budget);
        // Nobody saw the player: everything is for everyone.
        faction.start_turn(1.0);
        assert_eq!(faction.planner.spendable(Priority::MAX), base);
        // A member saw it at 1.5: the next turn holds a reserve back...
        faction.note_sighting(Pos::new(0, 0), 1.5);
        faction.start_turn(2.0);
        let urgent = crate::ai::planner::priority_of(true, false, 3.0);
        assert_eq!(faction.planner.spendable(urgent), base);
        assert_eq!(
            faction.planner.spendable(Priority::MAX),
            base - base / IN_VIEW_RESERVE_SHARE
        );
        // ...as long as the sighting is fresh.
        faction.start_turn(1.5 + SIGHTING_FRESH + 1.0);
        assert_eq!(faction.planner.spendable(Priority::MAX), base);
    }

    #[test]
    fn looking_where_the_books_say_nothing_is_wrong_learns_what_observing_does() {
        let mut level = crate::world::level::text::parse(
            "@.....#.....\n\
             ..~~..+..#..\n\
             ......#.....\n\
             ####..#..,,.",
        )
        .unwrap();
        let config = MonsterConfig::shipped().unwrap();
        let rats = config.faction("rats").unwrap().clone();
        let fresh = || {
            let mut faction = Faction::new(
                rats.clone(),
                FactionKnowledge::new(level.width(), level.height()),
            );
            faction.rebuild(rats.clone()).unwrap();
            faction
        };
        // One looks through its books, the other observes every cell.
        let (mut booked, mut plain) = (fresh(), fresh());
        booked.prepare_sight(&level);
        let mut fov = crate::world::fov::Fov::new();
        let mut look = |level: &Level, booked: &mut Faction, plain: &mut Faction, at, time| {
            let mut cells = Vec::new();
            fov.compute(level, at, 6, |pos| cells.push(pos));
            for pos in cells {
                let a = booked.look_at(pos, time, || level.terrain_at(pos));
                let b = level
                    .terrain_at(pos)
                    .is_some_and(|terrain| plain.observe(pos, terrain, time));
                assert_eq!(a, b, "{pos}");
            }
        };
        for (step, at) in [(0, 0), (2, 1), (4, 2), (2, 1), (9, 0)]
            .into_iter()
            .enumerate()
        {
            look(
                &level,
                &mut booked,
                &mut plain,
                Pos::new(at.0, at.1),
                step as f64,
            );
        }
        // The door opens: the books count its neighbours again.
        let door = Pos::new(6, 1);
        level.set(door, Terrain::OpenDoor);
        booked.terrain_changed_at(&level, door);
        plain.terrain_changed_at(&level, door);
        look(&level, &mut booked, &mut plain, Pos::new(4, 1), 7.0);
        look(&level, &mut booked, &mut plain, Pos::new(8, 1), 8.0);
        assert_eq!(booked.knowledge(), plain.knowledge());
        assert_eq!(
            booked.counters().wrong_guesses,
            plain.counters().wrong_guesses
        );
        assert!(booked.knowledge().belief(Pos::new(10, 3)).is_some());
    }

    #[test]
    fn a_clear_straight_way_is_a_plan_at_once_and_a_blocked_one_is_searched() {
        let mut faction = goblins(
            "@.......\n\
             ....#...\n\
             ........",
        );
        faction.start_turn(0.0);
        faction.inspector_mut().trace_actor(Some(1));
        let ask = |goal: Pos| PlanRequest {
            actor: 1,
            from: Pos::new(0, 1),
            goal,
            priority: 0,
            has_plan: false,
            overrides: Vec::new(),
        };
        faction.request_plan(ask(Pos::new(3, 1)));
        let finished = faction.take_finished_plan(1).expect("answered at once");
        let crate::ai::planner::PlanOutcome::Path(path) = finished.outcome else {
            panic!("a path, not {:?}", finished.outcome);
        };
        assert_eq!(
            path.cells,
            (0..=3).map(|x| Pos::new(x, 1)).collect::<Vec<_>>()
        );
        assert_eq!(path.cost, 3.0);
        assert_eq!(faction.planner_stats().straight_paths, 1);
        // The overlay, tracing it, shows a line that took no search.
        let summary = faction.inspector().last_trace_summary();
        assert_eq!((summary.expanded, summary.cost), (0, Some(3.0)));
        assert_eq!(
            faction
                .inspector()
                .last_trace()
                .map(|(actor, t)| (actor, t.start, t.events.len())),
            Some((1, Some(Pos::new(0, 1)), 0))
        );
        // Straight through the wall at (4, 1): a search, paused or done.
        faction.request_plan(ask(Pos::new(7, 1)));
        assert_eq!(faction.planner_stats().straight_paths, 1);
        assert!(faction.is_planning(1));
    }

    #[test]
    fn the_heuristic_scale_is_the_cheapest_cell_held_not_the_cheapest_terrain() {
        let mut faction = goblins("@...\n....\n");
        let scale = |f: &Faction| f.grid().map(Grid::min_cost);
        assert_eq!(scale(&faction), Some(1.0), "no road known: floor");
        faction.observe(Pos::new(2, 1), Terrain::Road, 1.0);
        faction.sync_view();
        let road = faction
            .rules()
            .and_then(|r| r.terrain_cost(Some(Terrain::Road)));
        assert!(road.is_some_and(|road| road < 1.0));
        assert_eq!(scale(&faction), road, "a road seen lowers it");
    }

    #[test]
    fn a_layer_of_another_size_is_replaced_on_rebuild_and_changes_still_price() {
        let mut faction = goblins("@...\n....\n");
        // As a damaged save could bring it: one layer of another size.
        faction.influences.crowding = crate::ai::influence::InfluenceMap::new(9, 9);
        let config = faction.config().cloned().unwrap();
        faction.rebuild(config).unwrap();
        assert!(faction.influences.fit(4, 2));
        faction.influences.crowding.stamp(Pos::new(1, 1), 8.0, 0);
        faction.sync_view();
        let cost = |f: &Faction| f.grid().and_then(|g| g.cost(Pos::new(1, 1)));
        let fresh = goblins("@...\n....\n");
        assert!(cost(&faction) > cost(&fresh));
    }

    #[test]
    fn a_faction_that_knows_one_level_still_looks_around_the_next() {
        let rows = "@........\n\
                    ....#....\n\
                    .........";
        let mut faction = goblins(rows);
        let level = crate::world::level::text::parse(rows).unwrap();
        faction.prepare_sight(&level);
        let at = Pos::new(2, 1);
        assert!(
            !faction.could_learn_near(&level, at, 8),
            "it knows all of this level"
        );
        // The next level is the same size, and unknown.
        let next = crate::world::level::text::parse(
            "@...#....\n\
             ....#....\n\
             ....#....",
        )
        .unwrap();
        faction
            .enter_level(FactionKnowledge::new(9, 3), 10.0)
            .unwrap();
        assert!(faction.could_learn_near(&next, at, 8));
    }

    #[test]
    fn the_threat_is_bounded_and_stops_at_walls() {
        let mut faction = goblins(
            "@........\n\
             ....#....\n\
             .........",
        );
        for turn in 0..20 {
            faction.note_sighting(Pos::new(2, 1), f64::from(turn));
            faction.start_turn(f64::from(turn));
        }
        // Set, not summed: twenty turns of sightings leave at most what
        // one stamp gives (it fades while the player stands still).
        let here = faction.influences().threat.value(Pos::new(2, 1));
        assert!(here > 0.0 && here <= 1.0, "{here}");
        assert!(faction.influences().threat.value(Pos::new(3, 1)) > 0.0);
        // Behind the wall, out of sight of the player's cell.
        assert_eq!(faction.influences().threat.value(Pos::new(5, 1)), 0.0);
    }

    #[test]
    fn own_crowding_is_left_out_of_the_member_s_own_search_costs() {
        let mut faction = goblins("@......\n.......\n.......");
        let marks = faction.mark_crowding(&[(Pos::new(3, 1), BODY_CROWDING)]);
        faction.sync_view();
        let grid = faction.grid().unwrap();
        assert!(grid.cost(Pos::new(4, 1)).unwrap() > 1.0, "others shy away");
        let overrides = faction.own_crowding_overrides(&marks);
        assert!(!overrides.is_empty());
        for (pos, cost) in overrides {
            assert!((cost - 1.0).abs() < 1e-6, "{pos}: {cost}");
        }
    }

    #[test]
    fn line_of_sight_is_blocked_by_what_stands_between() {
        let wall = |p: Pos| p == Pos::new(2, 0);
        assert!(!line_of_sight(Pos::new(0, 0), Pos::new(4, 0), wall));
        assert!(line_of_sight(Pos::new(0, 0), Pos::new(2, 0), wall));
        assert!(line_of_sight(Pos::new(0, 1), Pos::new(4, 1), wall));
    }
}
