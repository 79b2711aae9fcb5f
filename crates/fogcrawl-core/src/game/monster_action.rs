//! One monster action as the game carried it out: what `sim --actions`
//! writes (one JSON object a line) and what the behaviour counters
//! ([`crate::game::behaviour`]) are counted from. The record is made from
//! what the game already knows after the action; making it changes
//! nothing in the game.

use serde::{Deserialize, Serialize};

use crate::ai::Mode;
use gridpath::Pos;

/// What a monster's action came to.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub(crate) enum Act {
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
    /// Not an action of its own: another monster's swap moved it (the
    /// record names that monster in `by`). Its cell changed all the same,
    /// so the log shows it and the back-and-forth counts follow it.
    Swapped,
}

impl Act {
    /// Whether the monster did something other than moving or waiting
    /// (a blow or work on a door).
    pub(crate) fn acted(self) -> bool {
        matches!(self, Act::Attack | Act::Shoot | Act::Door)
    }

    /// Whether the record is an action the monster took (every record but
    /// `Swapped`, which another monster's swap made).
    pub(crate) fn is_own(self) -> bool {
        self != Act::Swapped
    }
}

/// The action log's word for a mode.
pub(crate) fn mode_label(mode: Mode) -> &'static str {
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
pub(crate) struct ActionRecord {
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
    /// For a `Swapped` record: the monster whose swap moved it.
    pub by: Option<usize>,
    /// What the monster had in mind and what the game saw around the
    /// action (the measures of packs, issue 34).
    pub detail: ActionDetail,
}

/// What a record adds for the pack measures: the monster's goals after
/// the action, and figures the game computed from the true level after
/// it (none of them changes the game or anything a monster knows). Each
/// is `None` where it does not apply.
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub(crate) struct ActionDetail {
    /// The cell it heads for (its brain's goal after the turn).
    pub goal: Option<Pos>,
    /// The noise it goes to look at, while investigating.
    pub noise: Option<Pos>,
    /// Where it last knew the player to be (seen or shouted).
    pub last_known: Option<Pos>,
    /// It waited because a packmate stands on this cell of its way.
    pub blocked_by_packmate: Option<Pos>,
    /// A wait (not a sleeper's): why it waited, the brain's thought after
    /// it as `Thought::label` names it.
    pub why: Option<&'static str>,
    /// Its kind shoots (a `range` over 1).
    pub ranged: bool,
    /// It slept through its turn (a sleeper's turn is a wait).
    pub asleep: bool,
    /// A melee hunter that stood within 2 cells of the player: steps (on
    /// the true level, round other monsters, at most
    /// [`FREE_CELL_SEARCH_STEPS`]) to the nearest free cell next to the
    /// player it could strike from; `None` when there is none that near.
    pub steps_to_free_cell: Option<u32>,
    /// For a melee hunter in view of the player that ended where it began
    /// without striking or working a door (a frozen action; the log
    /// writes it, and a shut-out action breaks a frozen run with a way in,
    /// `longest_frozen_hunt_way_in_turns`): whether
    /// it was shut out, no free cell next to the player it could strike
    /// from lying within [`WAY_IN_SEARCH_STEPS`] legal steps of its kind
    /// through cells nobody holds (every such cell held, no way round).
    pub shut_out: Option<bool>,
    /// A ranged kind that began its action next to the player: whether a
    /// free cell beside it lies 2 or more cells from the player.
    pub room_to_back_off: Option<bool>,
    /// With `room_to_back_off`: why it began next to the player.
    pub adjacent_cause: Option<AdjacentCause>,
    /// A shot: whether a monster stood on the straight line between the
    /// shooter and the player.
    pub line_of_fire_blocked: Option<bool>,
    /// The first action of an investigation: the straight-line
    /// (Chebyshev) distance to the noise.
    pub noise_line: Option<u32>,
    /// With `noise_line`: the walking distance to the noise on the true
    /// level (steps; closed doors count as open), `None` when it is more
    /// than [`noise_walk_bound`] steps.
    pub noise_walk: Option<u32>,
}

/// Why a ranged kind hunting began its action next to the player: how it
/// came there, read from its previous action (the record before this one)
/// and the game now. The first that holds, in this order.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub(crate) enum AdjacentCause {
    /// It is slowed (the wand): the player takes two steps to its one.
    Slowed,
    /// Its previous action was asleep, or it has none on this level.
    WokeAdjacent,
    /// A packmate's swap moved it since its previous action.
    SwappedIn,
    /// Its previous action ended 2 or more cells from the player: the
    /// player stepped next to it.
    ClosedByPlayer,
    /// Its previous action moved it next to the player (walking round a
    /// corner to get a line, say).
    CameRound,
    /// It stood next to the player since its previous action, with no
    /// free step 2 or more cells from the player and none even with its
    /// packmates gone (walls or water all round).
    Cornered,
    /// It stood next to the player since its previous action, and the
    /// only steps 2 or more cells from the player are held by monsters.
    BlockedByPackmate,
    /// It stood next to the player since its previous action though a
    /// free step 2 or more cells off was there.
    Stood,
}

/// What the counters remember of a monster's previous action, to tell
/// why a shooter begins one next to the player ([`AdjacentCause`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) struct PreviousAction {
    /// Where it ended.
    pub ended: Pos,
    /// The player's cell then.
    pub player: Pos,
    /// It changed cell (by its own step).
    pub moved: bool,
    /// It slept through it.
    pub asleep: bool,
    /// A packmate's swap moved it after it.
    pub swapped: bool,
}

/// How far the search for a free cell next to the player goes, in steps.
pub(crate) const FREE_CELL_SEARCH_STEPS: u32 = 3;

/// How far the search for any way in goes ([`ActionDetail::shut_out`]),
/// in steps: a way round longer than this counts as none (pass's bridge
/// has a way round of over 100 steps, twin-halls' loop about 30).
pub(crate) const WAY_IN_SEARCH_STEPS: u32 = 64;

/// The longest walk to a noise that is measured, given the straight line.
pub(crate) fn noise_walk_bound(line: u32) -> u32 {
    (4 * line).max(line + 20)
}

/// An [`ActionRecord`] as the log line spells it (names, not indices).
#[derive(Debug, Serialize)]
pub(crate) struct ActionLine<'a> {
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
    #[serde(skip_serializing_if = "Option::is_none")]
    pub by: Option<usize>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub goal: Option<[i32; 2]>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub noise: Option<[i32; 2]>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub last_known: Option<[i32; 2]>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub blocked_by_packmate: Option<[i32; 2]>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub why: Option<&'static str>,
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub ranged: bool,
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub asleep: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub steps_to_free_cell: Option<u32>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub shut_out: Option<bool>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub room_to_back_off: Option<bool>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub adjacent_cause: Option<AdjacentCause>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub line_of_fire_blocked: Option<bool>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub noise_line: Option<u32>,
    /// Written whenever `noise_line` is (null: further than measured).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub noise_walk: Option<Option<u32>>,
}

/// A cell as the log spells it.
fn xy(pos: Pos) -> [i32; 2] {
    [pos.x, pos.y]
}

impl ActionRecord {
    /// The log line, given the faction's and the kind's names.
    pub(crate) fn line<'a>(&self, faction: &'a str, kind: &'a str) -> ActionLine<'a> {
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
            by: self.by,
            goal: self.detail.goal.map(xy),
            noise: self.detail.noise.map(xy),
            last_known: self.detail.last_known.map(xy),
            blocked_by_packmate: self.detail.blocked_by_packmate.map(xy),
            why: self.detail.why,
            ranged: self.detail.ranged,
            asleep: self.detail.asleep,
            steps_to_free_cell: self.detail.steps_to_free_cell,
            shut_out: self.detail.shut_out,
            room_to_back_off: self.detail.room_to_back_off,
            adjacent_cause: self.detail.adjacent_cause,
            line_of_fire_blocked: self.detail.line_of_fire_blocked,
            noise_line: self.detail.noise_line,
            noise_walk: self.detail.noise_line.map(|_| self.detail.noise_walk),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ai::thought::Thought;

    /// Wolf 7 fleeing on turn 3 at 2.5, a greedy step from 1,2 to 2,2 at
    /// 1 of its 9 hit points, seeing the player at 4,4; nothing more.
    fn fleeing_wolf() -> ActionRecord {
        ActionRecord {
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
            by: None,
            detail: ActionDetail::default(),
        }
    }

    #[test]
    fn a_line_has_exactly_the_documented_fields() {
        let record = fleeing_wolf();
        let json = serde_json::to_string(&record.line("wolves", "wolf")).unwrap();
        assert_eq!(
            json,
            r#"{"turn":3,"time":2.5,"id":7,"faction":"wolves","kind":"wolf","mode":"flee","act":"greedy_step","from":[1,2],"to":[2,2],"hp":1,"max_hp":9,"sees_player":true,"player":[4,4]}"#
        );
    }

    #[test]
    fn a_swapped_record_names_the_mover_and_an_unmeasured_walk_is_null() {
        let record = ActionRecord {
            mode: Mode::Investigate,
            act: Act::Swapped,
            sees_player: false,
            by: Some(5),
            detail: ActionDetail {
                noise: Some(Pos::new(9, 9)),
                noise_line: Some(7),
                ..ActionDetail::default()
            },
            ..fleeing_wolf()
        };
        let json = serde_json::to_string(&record.line("wolves", "wolf")).unwrap();
        assert!(
            json.ends_with(
                r#""act":"swapped","from":[1,2],"to":[2,2],"hp":1,"max_hp":9,"sees_player":false,"player":[4,4],"by":5,"noise":[9,9],"noise_line":7,"noise_walk":null}"#
            ),
            "{json}"
        );
    }

    #[test]
    fn a_wait_says_why() {
        let record = ActionRecord {
            mode: Mode::Hunt,
            act: Act::Wait,
            to: Pos::new(1, 2),
            hp: 9,
            detail: ActionDetail {
                why: Some(Thought::BlockedByPackmate(Pos::new(2, 2)).label()),
                ..ActionDetail::default()
            },
            ..fleeing_wolf()
        };
        let json = serde_json::to_string(&record.line("wolves", "wolf")).unwrap();
        assert!(
            json.ends_with(r#""player":[4,4],"why":"blocked_by_packmate"}"#),
            "{json}"
        );
    }
}
