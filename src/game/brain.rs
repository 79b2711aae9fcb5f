//! A monster's mind between turns: what it is doing, what it last knew of
//! the player, and the path it is following.

use serde::{Deserialize, Serialize};

use crate::pathfinding::Pos;

/// What a monster is up to, shown in the side panel and the debug overlay.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Mode {
    /// Nothing to do: stands or strolls.
    Wander,
    /// Sees the player and closes in.
    Hunt,
    /// Lost sight of the player: goes to where it was last seen.
    Search,
}

impl Mode {
    pub fn name(self) -> &'static str {
        match self {
            Mode::Wander => "wandering",
            Mode::Hunt => "hunting",
            Mode::Search => "searching",
        }
    }
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Brain {
    pub mode: Mode,
    /// Where the player was when last seen.
    pub last_seen_player: Option<Pos>,
    /// Where a wandering monster is strolling to.
    pub wander_target: Option<Pos>,
    /// The cells still to walk, next first (derived: replanned after a load).
    #[serde(skip)]
    pub plan: Vec<Pos>,
    /// The goal the plan was made for.
    #[serde(skip)]
    pub plan_goal: Option<Pos>,
}

impl Default for Brain {
    fn default() -> Self {
        Self {
            mode: Mode::Wander,
            last_seen_player: None,
            wander_target: None,
            plan: Vec::new(),
            plan_goal: None,
        }
    }
}

impl Brain {
    /// Updates the mode from what the monster perceives this turn, and
    /// returns the cell it wants to reach (if any).
    pub fn perceive(&mut self, at: Pos, player: Option<Pos>) -> Option<Pos> {
        if let Some(player) = player {
            self.mode = Mode::Hunt;
            self.last_seen_player = Some(player);
            self.wander_target = None;
            return Some(player);
        }
        if let Some(last) = self.last_seen_player {
            if last == at {
                // Reached the spot and the trail is cold.
                self.last_seen_player = None;
            } else {
                self.mode = Mode::Search;
                return Some(last);
            }
        }
        self.mode = Mode::Wander;
        if self.wander_target == Some(at) {
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
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hunts_then_searches_then_wanders() {
        let mut brain = Brain::default();
        let here = Pos::new(1, 1);
        assert_eq!(
            brain.perceive(here, Some(Pos::new(5, 5))),
            Some(Pos::new(5, 5))
        );
        assert_eq!(brain.mode, Mode::Hunt);
        assert_eq!(brain.perceive(here, None), Some(Pos::new(5, 5)));
        assert_eq!(brain.mode, Mode::Search);
        assert_eq!(brain.perceive(Pos::new(5, 5), None), None);
        assert_eq!(brain.mode, Mode::Wander);
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
