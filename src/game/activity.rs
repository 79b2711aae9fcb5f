//! Commands that take many turns: rest, explore and travel to the stairs.
//! Each repeats one ordinary action (a wait or a step) and stops the moment
//! something happens: a monster comes into view, the player is hurt, a
//! fight or danger is reported, or the game ends. The same loop serves the
//! keys and the scripted player, so both play by the same rules.
//!
//! Explore and travel read only what the player knows (`player_map`).

use crate::game::action::Action;
use crate::game::message_log::Importance;
use crate::game::player_map::{PlayerMap, Route};
use crate::game::state::{Game, Refusal};

/// The most turns one explore or travel command takes before it hands back.
pub const STEP_LIMIT: u64 = 1000;
/// The most waits one rest takes (enough to heal fully several times over).
pub const REST_LIMIT: u64 = 1000;

/// A command that takes many turns.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Activity {
    /// Wait until healed or something happens.
    Rest,
    /// Walk to the nearest unexplored place (picking up items on the way).
    Explore,
    /// Walk to the stairs once seen.
    TravelToStairs,
}

impl Activity {
    pub fn name(self) -> &'static str {
        match self {
            Activity::Rest => "rest",
            Activity::Explore => "explore",
            Activity::TravelToStairs => "travel",
        }
    }
}

/// Why an activity ended.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Stop {
    /// It did what it set out to do (healed, arrived, nothing left to explore).
    Done(String),
    /// Something happened; the text says what.
    Interrupted(String),
}

impl Stop {
    pub fn text(&self) -> &str {
        match self {
            Stop::Done(text) | Stop::Interrupted(text) => text,
        }
    }
}

/// What an activity did.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ActivityReport {
    pub turns: u64,
    pub stop: Stop,
}

impl Game {
    /// Runs `activity` until it is done or interrupted. Refused (no time
    /// passes) when it cannot start: a monster in sight, full health for a
    /// rest, stairs not yet seen for travel.
    pub fn run_activity(
        &mut self,
        activity: Activity,
        map: &mut PlayerMap,
    ) -> Result<ActivityReport, Refusal> {
        if self.is_over() {
            return Err(Refusal::GameOver);
        }
        if let Some(name) = self.monster_in_sight() {
            return Err(Refusal::MonsterInSight(name));
        }
        let limit = match activity {
            Activity::Rest => {
                if self.player().hp >= self.player().max_hp {
                    return Err(Refusal::FullHealth);
                }
                REST_LIMIT
            }
            Activity::Explore | Activity::TravelToStairs => STEP_LIMIT,
        };
        let mut turns = 0;
        let stop = loop {
            if turns >= limit {
                break Stop::Done(format!("You stop to take stock after {turns} turns."));
            }
            let action = match self.activity_step(activity, map) {
                Ok(action) => action,
                Err(done) if turns == 0 => return Err(Refusal::NowhereToGo(done)),
                Err(done) => break Stop::Done(done.to_owned()),
            };
            let hp = self.player().hp;
            let mark = self.log.pushed();
            self.player_act(action)?;
            turns += 1;
            if let Some(why) = self.interruption(hp, mark) {
                break Stop::Interrupted(why);
            }
            if activity == Activity::Rest && self.player().hp >= self.player().max_hp {
                break Stop::Done("You feel rested: hit points full.".to_owned());
            }
        };
        Ok(ActivityReport { turns, stop })
    }

    /// The name of the nearest monster in sight, if any ("the goblin").
    pub fn monster_in_sight(&self) -> Option<String> {
        let at = self.player().pos;
        self.visible_monsters()
            .min_by_key(|(index, monster)| {
                let distance = (monster.pos.x - at.x)
                    .abs()
                    .max((monster.pos.y - at.y).abs());
                (distance, *index)
            })
            .map(|(index, _)| self.name_of(index))
    }

    /// The action an activity takes next, or why it has nothing to do (one
    /// turn of the command; the scripted player takes it turn by turn).
    pub fn activity_step(
        &self,
        activity: Activity,
        map: &mut PlayerMap,
    ) -> Result<Action, &'static str> {
        match activity {
            Activity::Rest => Ok(Action::Wait),
            Activity::Explore => {
                if self.items_at(self.player().pos).next().is_some() {
                    return Ok(Action::PickUp);
                }
                match map.explore(self) {
                    Route::Step(direction) => Ok(Action::Move(direction)),
                    Route::Arrived | Route::NoWay => {
                        Err(if self.is_remembered(self.level.stairs) {
                            "Explored all you can reach; t travels to the stairs."
                        } else {
                            "Explored all you can reach."
                        })
                    }
                }
            }
            Activity::TravelToStairs => {
                if !self.is_remembered(self.level.stairs) {
                    return Err("You have not found the stairs yet.");
                }
                match map.travel_to_stairs(self) {
                    Route::Step(direction) => Ok(Action::Move(direction)),
                    Route::Arrived => Err("You are on the stairs: > takes them."),
                    Route::NoWay => Err("You know no way to the stairs."),
                }
            }
        }
    }

    /// What, since the player had `hp` and the log stood at `mark`, should
    /// stop a many-turn command.
    pub fn interruption(&self, hp: i32, mark: u64) -> Option<String> {
        if self.is_over() {
            return Some("The game is over.".to_owned());
        }
        if let Some(name) = self.monster_in_sight() {
            return Some(format!("You see {name}."));
        }
        if self.player().hp < hp {
            return Some("You are hurt!".to_owned());
        }
        self.log
            .since(mark)
            .find(|m| matches!(m.importance, Importance::Danger | Importance::Combat))
            .map(|m| m.text.clone())
    }
}
