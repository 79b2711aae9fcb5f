//! A monster's mind between turns: what it is doing, what it is heading
//! for, and the path it is following. The choice of what to do is a pure
//! function of what the monster and its faction know.

use serde::{Deserialize, Serialize};

use crate::ai::counters::ReplanReason;
use crate::ai::thought::Thought;
use crate::pathfinding::Pos;

/// How long a faction keeps chasing a sighting of the player (game time).
pub const PURSUIT_MEMORY: f64 = 40.0;

/// What a monster is up to, shown in the side panel and the debug overlay.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Mode {
    /// Nothing to do: strolls about.
    Wander,
    /// Sees the player and closes in.
    Hunt,
    /// Goes to where its faction last saw the player.
    Search,
    /// Heard a fight and goes to look.
    Investigate,
    /// Badly hurt: runs from the player.
    Flee,
}

impl Mode {
    pub fn name(self) -> &'static str {
        match self {
            Mode::Wander => "wandering",
            Mode::Hunt => "hunting",
            Mode::Search => "searching",
            Mode::Investigate => "investigating",
            Mode::Flee => "fleeing",
        }
    }
}

/// What a monster perceives and remembers at the start of its turn.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Perception {
    pub at: Pos,
    pub now: f64,
    /// The player's cell, if this monster sees it.
    pub player_seen: Option<Pos>,
    /// Where and when its faction last saw the player.
    pub faction_sighting: Option<(Pos, f64)>,
    /// Share of hit points left, 0..=1.
    pub health: f64,
    /// Below this share of hit points it flees.
    pub flee_below: f64,
}

/// Where the plan a monster follows came from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum PlanSource {
    /// Its own A* search.
    #[default]
    Search,
    /// Downhill on its faction's shared field toward the target.
    SharedField,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Brain {
    pub mode: Mode,
    /// Where a wandering monster is strolling to.
    pub wander_target: Option<Pos>,
    /// Game time after which the wander target is given up.
    #[serde(default)]
    pub wander_until: f64,
    /// A noise it heard and goes to look at.
    pub noise: Option<Pos>,
    /// The cells still to walk, next first (derived: replanned after a load).
    #[serde(skip)]
    pub plan: Vec<Pos>,
    /// The path as the search returned it, before smoothing (for the overlay).
    #[serde(skip)]
    pub raw_plan: Vec<Pos>,
    /// The goal the plan was made for.
    #[serde(skip)]
    pub plan_goal: Option<Pos>,
    /// What each planned cell cost when the plan was adopted (for cost
    /// surprises), in step with `plan`.
    #[serde(skip)]
    pub plan_costs: Vec<f64>,
    #[serde(skip)]
    pub plan_source: PlanSource,
    /// Adopted and not yet stepped on (the stale-plan check runs then).
    #[serde(skip)]
    pub plan_fresh: bool,
    /// Why the plan being searched for was asked for (counted on arrival).
    #[serde(skip)]
    pub pending_replan: Option<ReplanReason>,
    /// Own turns in a row that ended on the same cell, with a goal more
    /// than two cells away, without attacking or working a door.
    #[serde(skip)]
    pub stall_turns: u32,
    /// This turn's crowding stamps of the monster itself (centre, amount):
    /// its own searches do not shy away from them.
    #[serde(skip)]
    pub crowding_marks: Vec<(Pos, f32)>,
    /// Why it does what it does, in one line (the overlay shows it).
    #[serde(skip)]
    pub thought: Thought,
    /// The cell it heads for this turn (none when idle or fleeing).
    #[serde(skip)]
    pub goal: Option<Pos>,
    /// Player turn it last looked for a cheaper route.
    #[serde(skip)]
    pub cheaper_checked_turn: u64,
    /// It gave up searching for the player's last known position (too far
    /// to plan for): until this game time it does not search.
    #[serde(skip)]
    pub search_given_up_until: f64,
    /// Own turns in a row it has waited for its search without a plan.
    #[serde(skip)]
    pub waiting_turns: u32,
    /// Until this game time a wanderer that reached its spot loiters there
    /// before strolling on.
    #[serde(default)]
    pub loiter_until: f64,
    /// A goal its faction found no way to.
    #[serde(skip)]
    pub unreachable: Option<Pos>,
    /// Where the monster last looked around (and the level's state then).
    #[serde(skip)]
    pub looked_from: Option<(Pos, u64)>,
}

impl Default for Brain {
    fn default() -> Self {
        Self {
            mode: Mode::Wander,
            wander_target: None,
            wander_until: 0.0,
            noise: None,
            plan: Vec::new(),
            raw_plan: Vec::new(),
            plan_goal: None,
            plan_costs: Vec::new(),
            plan_source: PlanSource::Search,
            plan_fresh: false,
            pending_replan: None,
            stall_turns: 0,
            crowding_marks: Vec::new(),
            thought: Thought::default(),
            goal: None,
            cheaper_checked_turn: 0,
            search_given_up_until: 0.0,
            waiting_turns: 0,
            loiter_until: 0.0,
            unreachable: None,
            looked_from: None,
        }
    }
}

impl Brain {
    /// Chooses what to do this turn; returns the cell to head for (for
    /// `Flee`, the cell to run from).
    pub fn decide(&mut self, p: &Perception) -> Option<Pos> {
        let fresh = p
            .faction_sighting
            .filter(|&(_, time)| p.now - time <= PURSUIT_MEMORY);
        if p.health < p.flee_below
            && let Some(threat) = p.player_seen.or(fresh.map(|(pos, _)| pos))
        {
            self.mode = Mode::Flee;
            return Some(threat);
        }
        if let Some(player) = p.player_seen {
            self.mode = Mode::Hunt;
            self.noise = None;
            self.wander_target = None;
            return Some(player);
        }
        if let Some((pos, _)) = fresh
            && pos != p.at
            && self.unreachable != Some(pos)
            && p.now >= self.search_given_up_until
        {
            self.mode = Mode::Search;
            return Some(pos);
        }
        if let Some(noise) = self.noise {
            if noise == p.at || self.unreachable == Some(noise) {
                self.noise = None;
            } else {
                self.mode = Mode::Investigate;
                return Some(noise);
            }
        }
        self.mode = Mode::Wander;
        if self.wander_target == Some(p.at)
            || self.wander_target.is_some() && self.wander_target == self.unreachable
            || p.now > self.wander_until
        {
            self.wander_target = None;
        }
        self.wander_target
    }

    /// Whether the plan no longer leads to `goal`: none, or made for a goal
    /// that has moved further than a quarter of the remaining way.
    pub fn needs_plan_for(&self, goal: Pos) -> bool {
        let Some(planned) = self.plan_goal else {
            return true;
        };
        if self.plan.is_empty() {
            return true;
        }
        let drift = (planned.x - goal.x).abs().max((planned.y - goal.y).abs());
        let tolerance = (self.plan.len() / 4).max(1) as i32;
        drift > tolerance || (drift > 0 && self.plan.len() <= 2)
    }

    /// Drops the plan (it was contradicted or blocked).
    pub fn forget_plan(&mut self) {
        self.plan.clear();
        self.raw_plan.clear();
        self.plan_costs.clear();
        self.plan_goal = None;
        self.plan_fresh = false;
    }

    /// Steps onto the plan's first cell: it is walked.
    pub fn advance_plan(&mut self) {
        if !self.plan.is_empty() {
            self.plan.remove(0);
        }
        if !self.plan_costs.is_empty() {
            self.plan_costs.remove(0);
        }
        self.plan_fresh = false;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sees(player: Option<Pos>, sighting: Option<(Pos, f64)>, health: f64) -> Perception {
        Perception {
            at: Pos::new(1, 1),
            now: 10.0,
            player_seen: player,
            faction_sighting: sighting,
            health,
            flee_below: 0.3,
        }
    }

    #[test]
    fn hunts_searches_investigates_and_wanders() {
        let mut brain = Brain::default();
        let player = Pos::new(5, 5);
        assert_eq!(
            brain.decide(&sees(Some(player), Some((player, 10.0)), 1.0)),
            Some(player)
        );
        assert_eq!(brain.mode, Mode::Hunt);
        assert_eq!(
            brain.decide(&sees(None, Some((player, 9.0)), 1.0)),
            Some(player)
        );
        assert_eq!(brain.mode, Mode::Search);
        // An old sighting is forgotten.
        brain.noise = Some(Pos::new(8, 2));
        assert_eq!(
            brain.decide(&sees(None, Some((player, -100.0)), 1.0)),
            Some(Pos::new(8, 2))
        );
        assert_eq!(brain.mode, Mode::Investigate);
        brain.noise = None;
        assert_eq!(brain.decide(&sees(None, None, 1.0)), None);
        assert_eq!(brain.mode, Mode::Wander);
    }

    #[test]
    fn flees_when_badly_hurt_and_the_player_is_near() {
        let mut brain = Brain::default();
        let player = Pos::new(2, 2);
        assert_eq!(brain.decide(&sees(Some(player), None, 0.2)), Some(player));
        assert_eq!(brain.mode, Mode::Flee);
        // Hurt but nothing to flee from: it wanders.
        assert_eq!(brain.decide(&sees(None, None, 0.2)), None);
        assert_eq!(brain.mode, Mode::Wander);
    }

    #[test]
    fn a_wander_target_is_given_up_once_its_time_is_past() {
        let mut brain = Brain {
            wander_target: Some(Pos::new(9, 9)),
            wander_until: 30.0,
            ..Brain::default()
        };
        let mut p = sees(None, None, 1.0);
        assert_eq!(brain.decide(&p), Some(Pos::new(9, 9)));
        p.now = 31.0;
        assert_eq!(brain.decide(&p), None, "expired: a new stroll is picked");
        assert_eq!(brain.wander_target, None);
    }

    #[test]
    fn a_search_given_up_is_not_taken_up_again_until_its_time() {
        let mut brain = Brain {
            search_given_up_until: 50.0,
            ..Brain::default()
        };
        let sighting = Some((Pos::new(5, 5), 9.0));
        assert_eq!(brain.decide(&sees(None, sighting, 1.0)), None);
        assert_eq!(brain.mode, Mode::Wander);
        brain.search_given_up_until = 0.0;
        assert_eq!(
            brain.decide(&sees(None, sighting, 1.0)),
            Some(Pos::new(5, 5))
        );
        assert_eq!(brain.mode, Mode::Search);
    }

    #[test]
    fn replans_only_when_the_goal_drifts_far() {
        let mut brain = Brain {
            plan: (0..20).map(|x| Pos::new(x, 0)).collect(),
            plan_goal: Some(Pos::new(20, 0)),
            ..Brain::default()
        };
        assert!(!brain.needs_plan_for(Pos::new(21, 1)));
        assert!(brain.needs_plan_for(Pos::new(30, 0)));
        brain.plan.truncate(2);
        assert!(brain.needs_plan_for(Pos::new(21, 0)));
    }
}
