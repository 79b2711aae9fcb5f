//! One monster action as the game carried it out: what `sim --actions`
//! writes (one JSON object a line) and what the behaviour counters
//! ([`crate::game::behaviour`]) are counted from. The record is made from
//! what the game already knows after the action; making it changes
//! nothing in the game.

use serde::Serialize;

use crate::ai::Mode;
use gridpath::Pos;

/// What a monster's action came to.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Act {
    /// A step along a finished plan, a shared field or the safety map.
    PlanStep,
    /// A step toward the goal taken without one (while its search runs).
    GreedyStep,
    /// Traded places with another monster.
    Swap,
    /// Stood still.
    Wait,
    /// Struck at the player.
    Attack,
    /// Shot at the player from afar (a kind with a range).
    Shoot,
    /// Battered or broke a door.
    Door,
    /// Anything else: a step the true level refused (it learned a wall).
    Other,
}

impl Act {
    /// Whether the monster did something other than moving or waiting
    /// (a blow or work on a door).
    pub fn acted(self) -> bool {
        matches!(self, Act::Attack | Act::Shoot | Act::Door)
    }

    /// Whether the action was a move (a step or a swap).
    pub fn moved(self) -> bool {
        matches!(self, Act::PlanStep | Act::GreedyStep | Act::Swap)
    }
}

/// The action log's word for a mode.
pub fn mode_label(mode: Mode) -> &'static str {
    match mode {
        Mode::Wander => "wander",
        Mode::Hunt => "hunt",
        Mode::Search => "search",
        Mode::Investigate => "investigate",
        Mode::Flee => "flee",
    }
}

/// One monster action, with indices where the log line has names.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct ActionRecord {
    /// The player-turn number (as `sim --turns` counts them).
    pub turn: u64,
    /// Game time when it acted.
    pub time: f64,
    /// The actor's index: stable for the level.
    pub id: usize,
    /// Index into the game's factions.
    pub faction: usize,
    /// Index into the game's monster kinds.
    pub kind: usize,
    /// The mode it acted in.
    pub mode: Mode,
    pub act: Act,
    pub from: Pos,
    pub to: Pos,
    pub hp: i32,
    pub max_hp: i32,
    pub sees_player: bool,
    pub player: Pos,
}

/// An [`ActionRecord`] as the log line spells it (names, not indices).
#[derive(Debug, Serialize)]
pub struct ActionLine<'a> {
    pub turn: u64,
    pub time: f64,
    pub id: usize,
    pub faction: &'a str,
    pub kind: &'a str,
    pub mode: &'static str,
    pub act: Act,
    pub from: [i32; 2],
    pub to: [i32; 2],
    pub hp: i32,
    pub max_hp: i32,
    pub sees_player: bool,
    pub player: [i32; 2],
}

impl ActionRecord {
    /// The log line, given the faction's and the kind's names.
    pub fn line<'a>(&self, faction: &'a str, kind: &'a str) -> ActionLine<'a> {
        ActionLine {
            turn: self.turn,
            time: self.time,
            id: self.id,
            faction,
            kind,
            mode: mode_label(self.mode),
            act: self.act,
            from: [self.from.x, self.from.y],
            to: [self.to.x, self.to.y],
            hp: self.hp,
            max_hp: self.max_hp,
            sees_player: self.sees_player,
            player: [self.player.x, self.player.y],
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_line_has_exactly_the_documented_fields() {
        let record = ActionRecord {
            turn: 3,
            time: 2.5,
            id: 7,
            faction: 0,
            kind: 1,
            mode: Mode::Flee,
            act: Act::GreedyStep,
            from: Pos::new(1, 2),
            to: Pos::new(2, 2),
            hp: 1,
            max_hp: 9,
            sees_player: true,
            player: Pos::new(4, 4),
        };
        let json = serde_json::to_string(&record.line("wolves", "wolf")).unwrap();
        assert_eq!(
            json,
            r#"{"turn":3,"time":2.5,"id":7,"faction":"wolves","kind":"wolf","mode":"flee","act":"greedy_step","from":[1,2],"to":[2,2],"hp":1,"max_hp":9,"sees_player":true,"player":[4,4]}"#
        );
    }
}
