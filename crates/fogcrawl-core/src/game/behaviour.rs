//! The monsters' behaviour as a player would see it, counted per faction
//! from each action the game carries out ([`ActionRecord`]): how many
//! moves followed a plan and how many were guesses, how long fleeing
//! monsters stood still, whether flight ended, back-and-forth steps,
//! searches abandoned at once, hunters frozen in view. `sim --json` prints
//! these (docs/SIM.md documents each) and a test counts them again from
//! the action log (`sim --actions`).

use serde::{Deserialize, Serialize};

use crate::ai::Mode;
use crate::game::monster_action::{Act, ActionRecord};
use crate::game::pack_counters::{PackCounters, PackTracker};
use gridpath::Pos;

/// A search episode this many actions long or shorter that ends in
/// wandering is a flap: the member took the search up and dropped it.
pub(crate) const SEARCH_FLAP_ACTIONS: u32 = 8;

/// Flee episodes begun and ended.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Episodes {
    /// Runs of consecutive flee actions by one monster that began.
    pub started: u64,
    /// Those followed by an action in another mode (the monster stopped
    /// fleeing; one that died or was still fleeing at the end did not).
    pub ended: u64,
}

/// One faction's behaviour counters.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct BehaviourCounters {
    /// Steps along a finished plan, a shared field or the safety map.
    pub plan_steps: u64,
    /// Steps toward a goal taken without a plan (while a search ran).
    pub greedy_steps: u64,
    /// Places traded with another monster.
    pub swaps: u64,
    /// Actions taken in flight.
    pub flee_turns: u64,
    /// Flee actions that ended where they began, without attacking.
    pub flee_parked: u64,
    pub flee_episodes: Episodes,
    /// Moves that completed an A-B-A-B pattern (a step back onto the cell
    /// it came from, then forward again), counted over each monster's
    /// moves.
    pub oscillations: u64,
    /// Runs of consecutive search actions by one monster that began.
    pub search_episodes: u64,
    /// Search episodes of at most [`SEARCH_FLAP_ACTIONS`] actions that
    /// ended in wandering.
    pub search_flaps: u64,
    /// The most consecutive actions any member hunting and seeing the
    /// player ended where it began without attacking or working a door.
    pub longest_frozen_hunt: u32,
    /// The most player turns one such run of frozen actions spanned: from
    /// the player turn of its first action to that of its last, both
    /// counted. What a player sees, and what issue 34's "frozen hunts at
    /// most 8 turns" counts: a rat acts about twice a player turn, a
    /// goblin by a player wading through swamp several times, and a
    /// slowed hunter's one action spans two.
    #[serde(
        default,
        deserialize_with = "crate::save_version::since_format::<8, _, _>"
    )]
    pub longest_frozen_hunt_turns: u32,
    /// [`Self::longest_frozen_hunt_turns`] over the runs of a hunter that
    /// had a way in: a frozen action of a melee hunter shut out (no free
    /// cell next to the player a blow could come from within
    /// `WAY_IN_SEARCH_STEPS` legal steps of its kind through cells nobody
    /// holds: a queue behind the fighter in a doorway) ends the run as a
    /// move would, and begins none. The other reading of issue 34's
    /// "frozen hunts": a hunter that could have walked in and did not.
    #[serde(
        default,
        deserialize_with = "crate::save_version::since_format::<10, _, _>"
    )]
    pub longest_frozen_hunt_way_in_turns: u32,
}

/// What the tracker remembers of one monster between its actions.
#[derive(Debug, Clone, Copy, Default, Serialize, Deserialize)]
struct Recent {
    mode: Option<Mode>,
    /// Actions in the current search episode.
    search_run: u32,
    /// Its last two moves (older first).
    moves: [Option<(Pos, Pos)>; 2],
    /// Consecutive frozen hunt actions.
    frozen: u32,
    /// The player turn of the first of them (none in a save of format 7
    /// or older: a run under way then counts from the first action after
    /// the load).
    #[serde(
        default,
        deserialize_with = "crate::save_version::since_format::<8, _, _>"
    )]
    frozen_since: Option<u64>,
    /// The player turn of the first frozen action of its current run with
    /// a way in (none in a save of format 9 or older: a run under way
    /// then counts from the first action after the load).
    #[serde(
        default,
        deserialize_with = "crate::save_version::since_format::<10, _, _>"
    )]
    way_in_since: Option<u64>,
}

/// Counts behaviour per faction from the actions as they happen (saved:
/// a resumed game counts on).
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
pub(crate) struct BehaviourTracker {
    recent: Vec<Recent>,
    factions: Vec<BehaviourCounters>,
    pack: PackTracker,
}

impl BehaviourTracker {
    /// A new level: its actors are new (the counts go on).
    pub(crate) fn new_level(&mut self) {
        self.recent.clear();
        self.pack.new_level();
    }

    /// The counters of faction `index` (zero if it never acted).
    pub(crate) fn counters(&self, index: usize) -> BehaviourCounters {
        self.factions.get(index).copied().unwrap_or_default()
    }

    /// The pack figures of faction `index` (`game::pack_counters`).
    pub(crate) fn pack_counters(&self, index: usize) -> PackCounters {
        self.pack.counters(index)
    }

    /// The pack figures, for what the game samples once a player turn.
    pub(crate) fn pack_mut(&mut self) -> &mut PackTracker {
        &mut self.pack
    }

    /// The pack figures (whether an action begins an investigation).
    pub(crate) fn pack(&self) -> &PackTracker {
        &self.pack
    }

    /// Takes one record into the counts: an action, or a member moved by
    /// another's swap (which only the pack figures count: it took no
    /// action of its own).
    pub(crate) fn record(&mut self, action: &ActionRecord) {
        self.pack.record(action);
        if !action.act.is_own() {
            return;
        }
        if self.recent.len() <= action.id {
            self.recent.resize(action.id + 1, Recent::default());
        }
        if self.factions.len() <= action.faction {
            self.factions
                .resize(action.faction + 1, BehaviourCounters::default());
        }
        let recent = &mut self.recent[action.id];
        let counters = &mut self.factions[action.faction];
        match action.act {
            Act::PlanStep => counters.plan_steps += 1,
            Act::GreedyStep => counters.greedy_steps += 1,
            Act::Swap => counters.swaps += 1,
            Act::Wait | Act::Attack | Act::Shoot | Act::Door | Act::Other | Act::Swapped => {}
        }
        let previous = recent.mode;
        let stood = action.from == action.to;
        // Flight.
        if action.mode == Mode::Flee {
            counters.flee_turns += 1;
            if stood && !matches!(action.act, Act::Attack | Act::Shoot) {
                counters.flee_parked += 1;
            }
            if previous != Some(Mode::Flee) {
                counters.flee_episodes.started += 1;
            }
        } else if previous == Some(Mode::Flee) {
            counters.flee_episodes.ended += 1;
        }
        // Searches.
        if action.mode == Mode::Search {
            if previous != Some(Mode::Search) {
                counters.search_episodes += 1;
                recent.search_run = 0;
            }
            recent.search_run += 1;
        } else if previous == Some(Mode::Search) {
            if action.mode == Mode::Wander && recent.search_run <= SEARCH_FLAP_ACTIONS {
                counters.search_flaps += 1;
            }
            recent.search_run = 0;
        }
        recent.mode = Some(action.mode);
        // Back and forth.
        if !stood {
            let step = (action.from, action.to);
            if let [Some(first), Some(second)] = recent.moves
                && first == step
                && second == (first.1, first.0)
            {
                counters.oscillations += 1;
            }
            recent.moves = [recent.moves[1], Some(step)];
        }
        // A hunter in view that goes nowhere.
        let frozen =
            action.mode == Mode::Hunt && action.sees_player && stood && !action.act.acted();
        recent.frozen = if frozen { recent.frozen + 1 } else { 0 };
        counters.longest_frozen_hunt = counters.longest_frozen_hunt.max(recent.frozen);
        let turns = run_turns(&mut recent.frozen_since, frozen, action.turn);
        counters.longest_frozen_hunt_turns = counters.longest_frozen_hunt_turns.max(turns);
        // The same runs, a shut-out action breaking them.
        let with_way_in = frozen && action.detail.shut_out != Some(true);
        let turns = run_turns(&mut recent.way_in_since, with_way_in, action.turn);
        counters.longest_frozen_hunt_way_in_turns =
            counters.longest_frozen_hunt_way_in_turns.max(turns);
    }
}

/// Keeps `since`, the player turn a run of actions began on, over one more
/// action on `turn` (`in_run`: whether it belongs to the run), and gives
/// the player turns the run now spans, first to last both counted (0 out
/// of a run).
fn run_turns(since: &mut Option<u64>, in_run: bool, turn: u64) -> u32 {
    *since = if in_run {
        Some(since.unwrap_or(turn))
    } else {
        None
    };
    since.map_or(0, |since| {
        u32::try_from(turn.saturating_sub(since).saturating_add(1)).unwrap_or(u32::MAX)
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::monster_action::ActionDetail;

    fn action(id: usize, mode: Mode, act: Act, from: (i32, i32), to: (i32, i32)) -> ActionRecord {
        ActionRecord {
            turn: 1,
            time: 1.0,
            id,
            faction: 0,
            kind: 0,
            mode,
            act,
            from: Pos::new(from.0, from.1),
            to: Pos::new(to.0, to.1),
            hp: 5,
            max_hp: 5,
            sees_player: true,
            player: Pos::new(9, 9),
            by: None,
            detail: ActionDetail::default(),
        }
    }

    #[test]
    fn a_back_and_forth_walk_counts_each_completed_a_b_a_b() {
        let mut tracker = BehaviourTracker::default();
        let (a, b) = ((1, 1), (2, 1));
        for (from, to) in [(a, b), (b, a), (a, b), (b, a), (a, (1, 2))] {
            tracker.record(&action(1, Mode::Wander, Act::PlanStep, from, to));
            // Waits between moves do not break the pattern.
            tracker.record(&action(1, Mode::Wander, Act::Wait, to, to));
        }
        let counters = tracker.counters(0);
        assert_eq!(counters.oscillations, 2, "ABAB and BABA");
        assert_eq!(counters.plan_steps, 5);
    }

    #[test]
    fn flight_episodes_parking_and_their_end() {
        let mut tracker = BehaviourTracker::default();
        let at = (3, 3);
        tracker.record(&action(2, Mode::Flee, Act::PlanStep, at, (4, 3)));
        tracker.record(&action(2, Mode::Flee, Act::Wait, (4, 3), (4, 3)));
        tracker.record(&action(2, Mode::Flee, Act::Attack, (4, 3), (4, 3)));
        tracker.record(&action(2, Mode::Wander, Act::Wait, (4, 3), (4, 3)));
        tracker.record(&action(2, Mode::Flee, Act::Wait, (4, 3), (4, 3)));
        let counters = tracker.counters(0);
        assert_eq!(counters.flee_turns, 4);
        assert_eq!(counters.flee_parked, 2, "the blow is not parking");
        assert_eq!(
            counters.flee_episodes,
            Episodes {
                started: 2,
                ended: 1
            }
        );
    }

    #[test]
    fn a_short_search_that_ends_in_wandering_is_a_flap_and_a_long_one_is_not() {
        let mut tracker = BehaviourTracker::default();
        let still = (1, 1);
        for _ in 0..SEARCH_FLAP_ACTIONS {
            tracker.record(&action(1, Mode::Search, Act::Wait, still, still));
        }
        tracker.record(&action(1, Mode::Wander, Act::Wait, still, still));
        for _ in 0..=SEARCH_FLAP_ACTIONS {
            tracker.record(&action(1, Mode::Search, Act::Wait, still, still));
        }
        tracker.record(&action(1, Mode::Wander, Act::Wait, still, still));
        // A short search that turns into a hunt is no flap.
        tracker.record(&action(1, Mode::Search, Act::Wait, still, still));
        tracker.record(&action(1, Mode::Hunt, Act::Attack, still, still));
        let counters = tracker.counters(0);
        assert_eq!(counters.search_episodes, 3);
        assert_eq!(counters.search_flaps, 1);
    }

    #[test]
    fn a_hunter_standing_in_view_is_frozen_until_it_moves_or_strikes() {
        let mut tracker = BehaviourTracker::default();
        let still = (1, 1);
        for _ in 0..3 {
            tracker.record(&action(1, Mode::Hunt, Act::Wait, still, still));
        }
        tracker.record(&action(1, Mode::Hunt, Act::Attack, still, still));
        tracker.record(&action(1, Mode::Hunt, Act::Wait, still, still));
        assert_eq!(tracker.counters(0).longest_frozen_hunt, 3);
    }

    /// The same run read in player turns: a rat that stands four of its
    /// actions over turns 7 and 8 (two a turn) stood two turns; a slowed
    /// goblin whose three actions fall on turns 20, 22 and 24 stood five.
    #[test]
    fn a_frozen_run_in_player_turns_spans_its_first_to_its_last_action() {
        let mut tracker = BehaviourTracker::default();
        let still = (1, 1);
        let at_turn = |id, turn, act| ActionRecord {
            turn,
            ..action(id, Mode::Hunt, act, still, still)
        };
        for turn in [7, 7, 8, 8] {
            tracker.record(&at_turn(1, turn, Act::Wait));
        }
        tracker.record(&at_turn(1, 9, Act::Attack));
        assert_eq!(tracker.counters(0).longest_frozen_hunt, 4);
        assert_eq!(tracker.counters(0).longest_frozen_hunt_turns, 2);
        for turn in [20, 22, 24] {
            tracker.record(&at_turn(2, turn, Act::Wait));
        }
        // A blow ends the run; the next wait begins another.
        tracker.record(&at_turn(2, 25, Act::Attack));
        tracker.record(&at_turn(2, 26, Act::Wait));
        let counters = tracker.counters(0);
        assert_eq!(counters.longest_frozen_hunt, 4, "the rat's four actions");
        assert_eq!(counters.longest_frozen_hunt_turns, 5, "turns 20 to 24");
    }

    /// A wolf queued behind the fighter in a doorway stands turns 10-15:
    /// shut out on 10-12 (every cell next to the player held, no way
    /// round), with a way in on 13-15 (a cell came free, and was a
    /// packmate's that waited longer). Frozen for 6 turns; with a way in,
    /// 3. A shut-out action inside a run with a way in breaks it, and a
    /// shooter's hold (never shut out: no `shut_out` at all) counts.
    #[test]
    fn a_frozen_run_with_a_way_in_is_broken_by_a_shut_out_action() {
        let mut tracker = BehaviourTracker::default();
        let still = (1, 1);
        let waits = |id, turn, shut_out| ActionRecord {
            turn,
            detail: ActionDetail {
                shut_out,
                ..ActionDetail::default()
            },
            ..action(id, Mode::Hunt, Act::Wait, still, still)
        };
        for turn in 10..=15 {
            tracker.record(&waits(1, turn, Some(turn <= 12)));
        }
        let counters = tracker.counters(0);
        assert_eq!(counters.longest_frozen_hunt_turns, 6, "turns 10 to 15");
        assert_eq!(
            counters.longest_frozen_hunt_way_in_turns, 3,
            "turns 13 to 15"
        );
        // Wolf 2: a way in on 20-21, shut out on 22, a way in on 23.
        for (turn, shut_out) in [(20, false), (21, false), (22, true), (23, false)] {
            tracker.record(&waits(2, turn, Some(shut_out)));
        }
        assert_eq!(tracker.counters(0).longest_frozen_hunt_way_in_turns, 3);
        // A shooter holding turns 30-33.
        for turn in 30..=33 {
            tracker.record(&waits(3, turn, None));
        }
        let counters = tracker.counters(0);
        assert_eq!(
            counters.longest_frozen_hunt_way_in_turns, 4,
            "turns 30 to 33"
        );
        assert_eq!(counters.longest_frozen_hunt_turns, 6);
    }
}
