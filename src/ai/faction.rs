//! One faction's shared mind: its config, what it knows of the level, its
//! influence maps, the grid it plans on, its planner and its statistics.

use serde::{Deserialize, Serialize};

use crate::ai::cost_view::{CostRules, CostView, Influences};
use crate::ai::knowledge::FactionKnowledge;
use crate::ai::planner::Planner;
use crate::config::FactionConfig;
use crate::pathfinding::{DijkstraMap, GridError, Heuristic, Pos, SearchOptions};

/// How much a member's death adds to the danger map at its cell.
pub const DEATH_DANGER: f32 = 1.0;
/// How much a wound adds.
pub const WOUND_DANGER: f32 = 0.25;
/// How much an ally's body adds to crowding at its cell.
pub const BODY_CROWDING: f32 = 1.0;
/// How much each of the next cells an ally plans to cross adds.
pub const PLANNED_CROWDING: f32 = 0.5;
/// How many planned cells count as crowding.
pub const PLANNED_CELLS_CROWDED: usize = 3;
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

/// Where a member last saw the player, and when.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct Sighting {
    pub pos: Pos,
    pub time: f64,
}

/// Counters the sim prints per faction.
#[derive(Debug, Clone, Copy, Default, PartialEq, Serialize, Deserialize)]
pub struct FactionStats {
    pub replans: u64,
    pub steps: u64,
    /// Player turn on which a member first struck at the player.
    pub caught_on_turn: Option<u64>,
}

#[derive(Debug, Serialize, Deserialize)]
pub struct Faction {
    pub name: String,
    #[serde(skip)]
    pub config: Option<FactionConfig>,
    pub knowledge: FactionKnowledge,
    pub player_sighting: Option<Sighting>,
    pub stats: FactionStats,
    /// When the influence maps were last decayed.
    pub decayed_at: f64,
    #[serde(skip)]
    pub influences: Influences,
    #[serde(skip)]
    pub view: Option<CostView>,
    #[serde(skip)]
    pub planner: Planner,
    /// The flee map: (turn it was built, the threat it flees, map).
    #[serde(skip)]
    safety: Option<(u64, Pos, DijkstraMap)>,
}

impl Faction {
    pub fn new(config: FactionConfig, knowledge: FactionKnowledge) -> Self {
        let (width, height) = (knowledge.width(), knowledge.height());
        Self {
            name: config.name.clone(),
            config: Some(config),
            knowledge,
            player_sighting: None,
            stats: FactionStats::default(),
            decayed_at: 0.0,
            influences: Influences::new(width, height),
            view: None,
            planner: Planner::new(),
            safety: None,
        }
    }

    /// (Re)builds the derived state from the config and knowledge: after
    /// creation, a load, or a config reload.
    pub fn rebuild(&mut self, config: FactionConfig) -> Result<(), GridError> {
        if self.influences.danger.active_cells() == 0
            && self.influences.danger.value(Pos::new(0, 0)) == 0.0
        {
            let (w, h) = (self.knowledge.width(), self.knowledge.height());
            if self.view.is_none() {
                self.influences = Influences::new(w, h);
            }
        }
        self.knowledge.take_changes();
        self.view = Some(CostView::new(
            CostRules::from_config(&config),
            &self.knowledge,
            &self.influences,
        )?);
        self.config = Some(config);
        self.planner.cancel_all();
        self.safety = None;
        Ok(())
    }

    pub fn config(&self) -> Option<&FactionConfig> {
        self.config.as_ref()
    }

    /// The engine options this faction searches with.
    pub fn search_options(&self) -> SearchOptions {
        match &self.config {
            Some(c) => SearchOptions {
                heuristic: c.heuristic,
                weight: c.weight,
                tie_break: c.tie_break,
                turn_penalty: if c.smoothing.uses_turn_penalty() {
                    c.turn_penalty
                } else {
                    0.0
                },
            },
            None => SearchOptions::default(),
        }
    }

    /// Brings the planning grid up to date with what changed in the
    /// knowledge and influences, unless a paused search is using it.
    pub fn sync_view(&mut self) {
        if !self.planner.is_idle() {
            return;
        }
        let Some(view) = self.view.as_mut() else {
            return;
        };
        let mut cells = self.knowledge.take_changes();
        cells.extend(self.influences.danger.take_changes());
        cells.extend(self.influences.crowding.take_changes());
        cells.extend(self.influences.threat.take_changes());
        cells.sort_unstable_by_key(|p| (p.y, p.x));
        cells.dedup();
        view.refresh(&self.knowledge, &self.influences, &cells);
    }

    /// Relabels the planning grid's islands if they are stale, unless a
    /// paused search is using the grid.
    pub fn refresh_islands(&mut self) {
        if self.planner.is_idle()
            && let Some(view) = self.view.as_mut()
        {
            view.refresh_islands();
        }
    }

    /// Runs queued searches within this turn's budget, on the grid as it
    /// was synced at the start of the turn.
    pub fn pump(&mut self, position_of: impl Fn(usize) -> Option<Pos>) {
        let options = self.search_options();
        loop {
            if self.planner.is_idle() {
                let Some(view) = self.view.as_ref() else {
                    return;
                };
                if !self.planner.start_next(view.grid(), &options, &position_of) {
                    return;
                }
            }
            let Some(view) = self.view.as_ref() else {
                return;
            };
            if !self.planner.advance(view.grid()) {
                return;
            }
        }
    }

    /// Lets the influences fade for the time passed since the last call.
    pub fn decay_influences(&mut self, now: f64) {
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
        self.influences
            .threat
            .decay(layers.threat.decay.powf(elapsed));
    }

    /// A member died (or was hurt) at `pos`.
    pub fn mark_danger(&mut self, pos: Pos, amount: f32) {
        if let Some(config) = &self.config {
            let radius = config.influence.danger.radius;
            self.influences.danger.stamp(pos, amount, radius);
        }
    }

    /// Allies occupy or plan to cross these cells.
    pub fn mark_crowding(&mut self, pos: Pos, amount: f32) {
        if let Some(config) = &self.config {
            let radius = config.influence.crowding.radius;
            self.influences.crowding.stamp(pos, amount, radius);
        }
    }

    /// The player's threat around where the faction believes it is.
    pub fn mark_threat(&mut self, pos: Pos) {
        if let Some(config) = &self.config {
            let radius = config.influence.threat.radius;
            if config.influence.threat.weight > 0.0 {
                self.influences.threat.stamp(pos, 1.0, radius);
            }
        }
    }

    /// Brogue's safety map away from `threat`: stepping downhill on it
    /// leads away from the threat, toward open ground rather than into
    /// corners. Rebuilt when the threat moves or the map is a few turns old.
    pub fn safety_map(&mut self, turn: u64, threat: Pos) -> Option<&DijkstraMap> {
        let stale = self.safety.as_ref().is_none_or(|(built, from, _)| {
            *from != threat || turn.saturating_sub(*built) >= SAFETY_REFRESH_TURNS
        });
        if stale {
            let grid = self.view.as_ref()?.grid();
            let mut toward = DijkstraMap::new();
            toward.compute_within(grid, [(threat, 0.0)], SAFETY_RADIUS);
            let reach = SAFETY_RADIUS as i32 + 1;
            let mut sources = Vec::new();
            for y in threat.y - reach..=threat.y + reach {
                for x in threat.x - reach..=threat.x + reach {
                    let pos = Pos::new(x, y);
                    if let Some(d) = toward.distance(pos) {
                        sources.push((pos, d * SAFETY_FACTOR));
                    }
                }
            }
            let mut away = match self.safety.take() {
                Some((_, _, map)) => map,
                None => DijkstraMap::new(),
            };
            away.compute_within(grid, sources, 0.0);
            self.safety = Some((turn, threat, away));
        }
        self.safety.as_ref().map(|(_, _, map)| map)
    }

    /// The step away from `threat` for a member at `at` (downhill on the
    /// safety map), if any.
    pub fn flee_step(&mut self, turn: u64, threat: Pos, at: Pos) -> Option<Pos> {
        self.safety_map(turn, threat)?;
        let grid = self.view.as_ref()?.grid();
        let (_, _, safety) = self.safety.as_ref()?;
        safety.downhill(grid, at)
    }

    /// Heuristic in use, for display.
    pub fn heuristic(&self) -> Heuristic {
        self.search_options().heuristic
    }
}
