//! How monsters behave in numbers, counted per faction (issue 34): every
//! change of a member's cell (a swap it underwent too) and the short loops
//! in them (A-B-A-B, A-B-C-A-B), swaps that undo the
//! pair's last swap, investigations and the waits in them, hunters that
//! queue where they could join, ranged kinds in melee, far wanderers that
//! stand about, hearing through walls and how searches end. Counted from
//! the action records ([`ActionRecord`]) and from what the game samples
//! once a player turn (surround, shared goals); `sim --json` prints each
//! under its own name (docs/SIM.md).

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use crate::ai::Mode;
use crate::ai::monster_turn::FAR_FROM_PLAYER;
use crate::game::monster_action::{Act, ActionRecord, PreviousAction};
use crate::game::percentiles::{Percentiles, percentiles};
use gridpath::Pos;

/// A melee hunter standing near the player is queueing once it stood this
/// many actions in a row with a free cell next to the player near.
pub(crate) const CROWD_WAIT_PATIENCE: u32 = 3;
/// An investigation whose walk to the noise is longer than this many
/// times the straight line heard it through walls.
pub(crate) const DETOUR_FACTOR: f64 = 2.5;
/// The attackers next to the player should be at least this share of
/// what fits (`surround_short_turns` counts the turns below it).
pub(crate) const SURROUND_SHARE: f64 = 0.75;
/// How near the player (Chebyshev, in cells) a melee hunter counts for
/// the surround samples (the game samples hunters this near).
pub(crate) const SURROUND_RADIUS: u32 = 4;
/// A surround sample is settled once every hunter in it began this many
/// of its own turns in a row within [`SURROUND_RADIUS`] of the player:
/// time to walk in and take a cell.
pub(crate) const SETTLE_TURNS: u32 = 3;

/// One faction's pack counters.
#[derive(Debug, Clone, Copy, Default, PartialEq, Serialize, Deserialize)]
pub struct PackCounters {
    /// Times a member was moved by another monster's swap.
    pub swapped: u64,
    /// Swaps that undid the same pair's previous swap (each back where it
    /// stood before), counted for the mover's faction.
    pub swap_backs: u64,
    /// A-B-A-B moves over every change of a member's cell, the swaps it
    /// made and underwent included.
    pub oscillations_with_swaps: u64,
    /// Moves that made again the move a member made three moves before,
    /// having gone round three cells (A-B-C-A-B: three cells next to each
    /// other, gone round and on), over every change of its cell as
    /// `oscillations_with_swaps` counts them: the swaps it made and
    /// underwent included, standing still no move. The three-cell
    /// A-B-A-B: once round (A-B-C-A) is a turn at a corner as often as
    /// not (a stroll's end in a nook, and back out the way it came), as
    /// a there-and-back (A-B-A) is; going round again is a loop.
    #[serde(
        default,
        deserialize_with = "crate::save_version::since_format::<11, _, _>"
    )]
    pub three_cell_loops_with_swaps: u64,
    /// Actions taken investigating a noise.
    pub investigate_actions: u64,
    /// Of those, waits.
    pub investigate_waits: u64,
    /// Of those, swaps the member made.
    pub investigate_swaps: u64,
    /// The most consecutive investigating actions of one member.
    pub longest_investigation: u32,
    /// Investigations begun: a member's first action toward a noise.
    pub investigations: u64,
    /// Of those, ones whose walk to the noise was more than
    /// [`DETOUR_FACTOR`] times the straight line, of a noise the member
    /// did not hear along the way sound travels (heard through a wall).
    pub investigations_detoured: u64,
    /// Hunting, searching or investigating actions spent waiting because a
    /// packmate stood on the way.
    pub packmate_blocked_waits: u64,
    /// Player turns on which 3 or more members investigating or searching
    /// headed for one cell.
    pub goal_pileup_turns: u64,
    /// On those turns, the members of the largest such group, summed.
    pub goal_pileup_members: u64,
    /// Player turns with 3 or more of its melee hunters within 4 cells of
    /// the player.
    pub surround_turns: u64,
    /// On those turns, its melee hunters next to the player (summed).
    pub surround_attackers: u64,
    /// On those turns, min(its melee hunters within 4 cells, free cells next
    /// to the player a blow could come from), summed.
    pub surround_room: u64,
    /// Those turns with fewer attackers than [`SURROUND_SHARE`] of the room.
    pub surround_short_turns: u64,
    /// Player turns with 3 or more settled melee hunters within 4 cells:
    /// ones that had their chance to take a cell next to the player
    /// ([`SurroundHunter::settled`]: on one, or [`SETTLE_TURNS`] turns
    /// near, acted since the player did and the player held its cell).
    /// The raw figure also counts hunters still arriving, slow ones that
    /// have not acted since, and ones a player who stepped on left behind.
    /// Until session 26 a turn counted only when every hunter was settled
    /// in the older sense (three turns near), whatever the player did.
    pub surround_settled_turns: u64,
    /// On the settled turns, its melee hunters next to the player (summed).
    pub surround_settled_attackers: u64,
    /// On the settled turns, min(settled hunters, free cells next to the
    /// player a blow could come from), summed.
    pub surround_settled_room: u64,
    /// Waits of a melee hunter standing within 2 cells of the player while
    /// a free cell next to the player was 3 steps away or fewer, every one
    /// (what `crowd_waits` and `longest_crowd_wait` are measured over).
    pub crowd_wait_actions: u64,
    /// Of those, the ones beyond the [`CROWD_WAIT_PATIENCE`]th in a row.
    pub crowd_waits: u64,
    /// The most such actions in a row by one member.
    pub longest_crowd_wait: u32,
    /// Hunting actions of ranged kinds.
    pub ranged_combat_turns: u64,
    /// Of those, begun next to the player.
    pub ranged_adjacent_turns: u64,
    /// Of those, with a free cell beside it 2 or more cells from the player.
    pub ranged_adjacent_with_room: u64,
    /// Of those, actions that ended 2 or more cells from the player.
    pub ranged_step_backs: u64,
    /// Shots fired.
    pub shots: u64,
    /// Of those, with a monster on the straight line to the player.
    pub shots_past_monsters: u64,
    /// The most shots one member fired from one cell without moving.
    pub longest_shooting_stand: u32,
    /// Wandering actions more than 48 cells from the player.
    pub far_wander_actions: u64,
    /// Of those, waits (loitering included).
    pub far_wander_waits: u64,
    /// Search episodes that ended in another mode (not by death or the end
    /// of the sim): the sum of the four below.
    pub searches_ended: u64,
    /// Of those, the ones that ended in wandering.
    pub searches_ended_wandering: u64,
    /// Of those, the ones that ended in a hunt (the player found).
    pub searches_ended_hunting: u64,
    /// Of those, the ones that ended in flight: the searcher saw the player
    /// again while too hurt (or still shaken) to fight, and ran. It found
    /// the player, as a hunt does: no search given up.
    #[serde(
        default,
        deserialize_with = "crate::save_version::since_format::<6, _, _>"
    )]
    pub searches_ended_fleeing: u64,
    /// Of those, the ones that ended going to look at a noise: the search
    /// given up (or its news gone stale) and a noise heard since.
    #[serde(
        default,
        deserialize_with = "crate::save_version::since_format::<6, _, _>"
    )]
    pub searches_ended_investigating: u64,
    /// Game time from an ended search's first action to the first action
    /// after it.
    pub search_time: Percentiles<f64>,
    /// The farthest (Chebyshev) an ended search took the member from the
    /// last known cell of the player.
    pub search_reach: Percentiles<u32>,
    /// How far (Chebyshev) from the player's last known cell each ended
    /// search ended: the cell of its last search action and the last known
    /// cell that action held. News relayed by packmates during a chase
    /// moves the cell along, and the figure follows it: counted from the
    /// cell the search began with, a goblin that followed shouts 30 cells
    /// down the pass's corridor and found the player there ended 21 cells
    /// "off" (pass seed 2 with the evader). Where it began is in
    /// [`Self::search_reach`].
    pub search_end_distance: Percentiles<u32>,
    /// Its own actions in each ended search: the search's length in the
    /// searcher's turns, whatever the ground (a wolf's step in swamp
    /// takes six times the game time of one on floor).
    pub search_turns: Percentiles<u32>,
    /// How far (Chebyshev) from the player's last known cell as it then
    /// knew it each search that ended in wandering (gave the player up)
    /// ended: the cell of its last search action and that action's
    /// `last_known` (news relayed during a chase moves the cell along).
    pub search_give_up_distance: Percentiles<u32>,
}

/// A search under way.
#[derive(Debug, Clone, Copy, Serialize, Deserialize)]
struct SearchUnderWay {
    began: f64,
    last_known: Option<Pos>,
    reach: u32,
    /// Its distance after its latest action from the last known cell the
    /// search began with (`last_known`).
    distance: u32,
    /// Its own actions in the search so far.
    turns: u32,
    /// Its distance after its latest action from the last known cell that
    /// action held.
    distance_from_latest: Option<u32>,
}

/// The cells next to the player a blow could come from, free or held by
/// the sample's hunters, for a surround sample.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct SurroundRoom {
    /// Every such cell (the raw sample's room).
    pub all: u32,
    /// Those a hunter can walk to without passing the player's cell (a
    /// cell a hunter holds is reached): the settled sample's room. The
    /// far side of a player in a doorway is no room for a pack of a kind
    /// that cannot open the level's other doors.
    pub reached: u32,
}

/// A melee hunter in a surround sample, as the game saw it after the
/// player's turn.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct SurroundHunter {
    /// Its actor index.
    pub id: usize,
    /// It stands next to the player where a blow is legal.
    pub placed: bool,
    /// It acted since the player did, and the player held its cell: it
    /// had a turn to step toward a cell next to a player that stood.
    pub had_time: bool,
}

impl SurroundHunter {
    /// Whether it had its chance to take a cell next to the player, given
    /// its own turns in a row begun within [`SURROUND_RADIUS`] of the
    /// player (`near_player`): it stands on one, or it had
    /// [`SETTLE_TURNS`] such turns to walk in and a turn since the player
    /// acted, which stood. An arriving hunter, a slow one that has not
    /// acted since, or one the player stepped away from is counted in the
    /// raw sample only: no placement would have put it next to the player.
    pub(crate) fn settled(self, near_player: u32) -> bool {
        self.placed || (self.had_time && near_player >= SETTLE_TURNS)
    }
}

/// What the pack tracker remembers of one monster.
#[derive(Debug, Clone, Copy, Default, Serialize, Deserialize)]
struct Member {
    faction: usize,
    mode: Option<Mode>,
    noise: Option<Pos>,
    /// Its last two changes of cell, however they happened (older first).
    moves: [Option<(Pos, Pos)>; 2],
    /// Its change of cell before those two (none in a save of format 10
    /// or older: a loop under way then counts from the load on).
    #[serde(
        default,
        deserialize_with = "crate::save_version::since_format::<11, _, _>"
    )]
    move_before: Option<(Pos, Pos)>,
    investigating: u32,
    /// The last noise it heard (or was drawn to by the player's rest)
    /// along the way sound travels: an investigation of it is no walk
    /// through walls, however far round it goes.
    heard: Option<Pos>,
    crowd_waiting: u32,
    /// Its own turns in a row begun within [`SURROUND_RADIUS`] of the
    /// player.
    near_player: u32,
    shots_here: u32,
    search: Option<SearchUnderWay>,
    /// Its previous action (a swap it underwent since marked on it).
    #[serde(default)]
    previous: Option<PreviousAction>,
}

/// The samples the percentiles are taken of, per faction.
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
struct SearchSamples {
    time: Vec<f64>,
    reach: Vec<u32>,
    end_distance: Vec<u32>,
    turns: Vec<u32>,
    give_up_distance: Vec<u32>,
}

/// Counts the pack figures per faction.
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
pub(crate) struct PackTracker {
    members: Vec<Member>,
    factions: Vec<PackCounters>,
    searches: Vec<SearchSamples>,
    /// The last swap of each pair (lower id first): who moved, from, to.
    #[serde(with = "crate::map_as_pairs")]
    last_swaps: BTreeMap<(usize, usize), (usize, Pos, Pos)>,
}

/// Whether four moves in a row, each a change of cell, went A-B-C-A-B:
/// round three cells (each move beginning where the one before ended,
/// the third ending where the first began) and the first made again. A
/// there-and-back is none (A-B-A-B: the second ends where the first
/// began).
fn goes_round_again(
    first: (Pos, Pos),
    second: (Pos, Pos),
    third: (Pos, Pos),
    again: (Pos, Pos),
) -> bool {
    first.1 == second.0
        && second.1 == third.0
        && third.1 == first.0
        && second.1 != first.0
        && again == first
}

fn chebyshev(a: Pos, b: Pos) -> u32 {
    a.chebyshev(b).unsigned_abs()
}

impl PackTracker {
    /// A new level: its actors are new (the counts go on).
    pub(crate) fn new_level(&mut self) {
        self.members.clear();
        self.last_swaps.clear();
    }

    /// The counters of faction `index`.
    pub(crate) fn counters(&self, index: usize) -> PackCounters {
        let mut counters = self.factions.get(index).copied().unwrap_or_default();
        if let Some(samples) = self.searches.get(index) {
            counters.search_time = percentiles(&samples.time);
            counters.search_reach = percentiles(&samples.reach);
            counters.search_end_distance = percentiles(&samples.end_distance);
            counters.search_turns = percentiles(&samples.turns);
            counters.search_give_up_distance = percentiles(&samples.give_up_distance);
        }
        counters
    }

    fn faction(&mut self, index: usize) -> &mut PackCounters {
        if self.factions.len() <= index {
            self.factions.resize(index + 1, PackCounters::default());
            self.searches.resize(index + 1, SearchSamples::default());
        }
        &mut self.factions[index]
    }

    fn member(&mut self, id: usize) -> &mut Member {
        if self.members.len() <= id {
            self.members.resize(id + 1, Member::default());
        }
        &mut self.members[id]
    }

    /// Whether an investigating action toward `noise` by `id` begins an
    /// investigation (it was not investigating that noise before).
    pub(crate) fn begins_investigation(&self, id: usize, noise: Pos) -> bool {
        self.members
            .get(id)
            .is_none_or(|m| m.mode != Some(Mode::Investigate) || m.noise != Some(noise))
    }

    /// Monster `id` heard a noise made at `noise` along the way sound
    /// travels (`crate::world::sound`).
    pub(crate) fn heard(&mut self, id: usize, noise: Pos) {
        self.member(id).heard = Some(noise);
    }

    /// Takes one record into the counts.
    pub(crate) fn record(&mut self, action: &ActionRecord) {
        self.faction(action.faction);
        self.member(action.id);
        self.follow_cell(action);
        if action.act == Act::Swapped {
            if let Some(previous) = self.members[action.id].previous.as_mut() {
                previous.swapped = true;
            }
            self.swapped(action);
            return;
        }
        let near = chebyshev(action.from, action.player) <= SURROUND_RADIUS;
        let member = &mut self.members[action.id];
        member.near_player = if near { member.near_player + 1 } else { 0 };
        self.investigation(action);
        self.crowding(action);
        self.ranged(action);
        self.search(action);
        let counters = &mut self.factions[action.faction];
        if action.detail.blocked_by_packmate.is_some()
            && action.act == Act::Wait
            && matches!(action.mode, Mode::Hunt | Mode::Search | Mode::Investigate)
        {
            counters.packmate_blocked_waits += 1;
        }
        // A sleeper is not a wanderer standing about.
        if action.mode == Mode::Wander
            && !action.detail.asleep
            && chebyshev(action.from, action.player) > FAR_FROM_PLAYER.unsigned_abs()
        {
            counters.far_wander_actions += 1;
            counters.far_wander_waits += u64::from(action.act == Act::Wait);
        }
        let member = self.member(action.id);
        member.faction = action.faction;
        member.mode = Some(action.mode);
        member.noise = action.detail.noise;
        member.previous = Some(PreviousAction {
            ended: action.to,
            player: action.player,
            moved: action.from != action.to,
            asleep: action.detail.asleep,
            swapped: false,
        });
    }

    /// What monster `id`'s previous action on this level came to, if it
    /// took one.
    pub(crate) fn previous_action(&self, id: usize) -> Option<PreviousAction> {
        self.members.get(id).and_then(|m| m.previous)
    }

    /// A-B-A-B and A-B-C-A-B over every change of cell.
    fn follow_cell(&mut self, action: &ActionRecord) {
        if action.from == action.to {
            return;
        }
        let step = (action.from, action.to);
        let member = self.member(action.id);
        let back_and_forth = matches!(
            member.moves,
            [Some(first), Some(second)] if first == step && second == (first.1, first.0)
        );
        let round_three = matches!(
            (member.move_before, member.moves),
            (Some(first), [Some(second), Some(third)]) if goes_round_again(first, second, third, step)
        );
        member.move_before = member.moves[0];
        member.moves = [member.moves[1], Some(step)];
        member.shots_here = 0;
        let counters = &mut self.factions[action.faction];
        counters.oscillations_with_swaps += u64::from(back_and_forth);
        counters.three_cell_loops_with_swaps += u64::from(round_three);
    }

    /// A member another's swap moved: counted, and checked against the
    /// pair's previous swap.
    fn swapped(&mut self, action: &ActionRecord) {
        self.factions[action.faction].swapped += 1;
        let Some(mover) = action.by else {
            return;
        };
        let partner = action.id;
        let key = (mover.min(partner), mover.max(partner));
        // The mover went from the partner's new cell to its old one.
        let (mover_from, mover_to) = (action.to, action.from);
        let undone = self.last_swaps.get(&key).is_some_and(|&(first, from, to)| {
            let again = if first == mover {
                (mover_from, mover_to)
            } else {
                (action.from, action.to)
            };
            again == (to, from)
        });
        self.last_swaps.insert(key, (mover, mover_from, mover_to));
        if undone {
            let faction = self
                .members
                .get(mover)
                .map_or(action.faction, |m| m.faction);
            self.faction(faction).swap_backs += 1;
        }
    }

    fn investigation(&mut self, action: &ActionRecord) {
        let heard = self.members[action.id].heard;
        let counters = &mut self.factions[action.faction];
        if let Some(line) = action.detail.noise_line {
            counters.investigations += 1;
            // A walk round a wall to a noise the sound came round too is
            // how it should go; one not heard that way went by the
            // straight line.
            let detoured = heard != action.detail.noise
                && action
                    .detail
                    .noise_walk
                    .is_none_or(|walk| f64::from(walk) > DETOUR_FACTOR * f64::from(line));
            counters.investigations_detoured += u64::from(detoured);
        }
        let investigating = action.mode == Mode::Investigate;
        if investigating {
            counters.investigate_actions += 1;
            counters.investigate_waits += u64::from(action.act == Act::Wait);
            counters.investigate_swaps += u64::from(action.act == Act::Swap);
        }
        let member = &mut self.members[action.id];
        member.investigating = if investigating {
            member.investigating + 1
        } else {
            0
        };
        counters.longest_investigation = counters.longest_investigation.max(member.investigating);
    }

    fn crowding(&mut self, action: &ActionRecord) {
        let queueing = action.mode == Mode::Hunt
            && !action.detail.ranged
            && action.act == Act::Wait
            && chebyshev(action.from, action.player) <= 2
            && action.detail.steps_to_free_cell.is_some();
        let member = &mut self.members[action.id];
        member.crowd_waiting = if queueing {
            member.crowd_waiting + 1
        } else {
            0
        };
        let counters = &mut self.factions[action.faction];
        counters.crowd_wait_actions += u64::from(queueing);
        if member.crowd_waiting > CROWD_WAIT_PATIENCE {
            counters.crowd_waits += 1;
        }
        counters.longest_crowd_wait = counters.longest_crowd_wait.max(member.crowd_waiting);
    }

    fn ranged(&mut self, action: &ActionRecord) {
        let counters = &mut self.factions[action.faction];
        if action.act == Act::Shoot {
            counters.shots += 1;
            counters.shots_past_monsters +=
                u64::from(action.detail.line_of_fire_blocked == Some(true));
            let member = &mut self.members[action.id];
            member.shots_here += 1;
            counters.longest_shooting_stand =
                counters.longest_shooting_stand.max(member.shots_here);
        }
        if !action.detail.ranged || action.mode != Mode::Hunt {
            return;
        }
        counters.ranged_combat_turns += 1;
        if chebyshev(action.from, action.player) > 1 {
            return;
        }
        counters.ranged_adjacent_turns += 1;
        if action.detail.room_to_back_off == Some(true) {
            counters.ranged_adjacent_with_room += 1;
            counters.ranged_step_backs += u64::from(chebyshev(action.to, action.player) >= 2);
        }
    }

    fn search(&mut self, action: &ActionRecord) {
        let member = &mut self.members[action.id];
        if action.mode == Mode::Search {
            let search = member.search.get_or_insert(SearchUnderWay {
                began: action.time,
                last_known: None,
                reach: 0,
                distance: 0,
                turns: 0,
                distance_from_latest: None,
            });
            search.turns += 1;
            search.distance_from_latest = action
                .detail
                .last_known
                .map(|known| chebyshev(action.to, known));
            if search.last_known.is_none() {
                search.last_known = action.detail.last_known;
            }
            if let Some(known) = search.last_known {
                search.distance = chebyshev(action.to, known);
                search.reach = search.reach.max(search.distance);
            }
            return;
        }
        let Some(search) = member.search.take() else {
            return;
        };
        let counters = &mut self.factions[action.faction];
        counters.searches_ended += 1;
        // Every way out of a search, each counted once: the four add up
        // to `searches_ended` (a mode added later must say where it goes).
        match action.mode {
            Mode::Wander => counters.searches_ended_wandering += 1,
            Mode::Hunt => counters.searches_ended_hunting += 1,
            Mode::Flee => counters.searches_ended_fleeing += 1,
            Mode::Investigate => counters.searches_ended_investigating += 1,
            // A search action goes on the search (returned above).
            Mode::Search => {}
        }
        let samples = &mut self.searches[action.faction];
        samples.time.push(action.time - search.began);
        samples.turns.push(search.turns);
        if action.mode == Mode::Wander
            && let Some(distance) = search.distance_from_latest
        {
            samples.give_up_distance.push(distance);
        }
        if search.last_known.is_some() {
            samples.reach.push(search.reach);
            samples
                .end_distance
                .push(search.distance_from_latest.unwrap_or(search.distance));
        }
    }

    /// One player turn's look at a faction's melee hunters within 4 cells
    /// of the player (`hunters`): how many stand next to it, and how many
    /// free cells next to it a blow could come from (or that those
    /// hunters hold). The settled sample counts the hunters that had
    /// their chance to take such a cell ([`SurroundHunter::settled`]), on
    /// turns with 3 or more of them, against the cells they can walk to
    /// ([`SurroundRoom::reached`]).
    pub(crate) fn sample_surround(
        &mut self,
        faction: usize,
        hunters: &[SurroundHunter],
        attackers: u32,
        room: SurroundRoom,
    ) {
        let count = u32::try_from(hunters.len()).unwrap_or(u32::MAX);
        if count < 3 {
            return;
        }
        let settled = hunters
            .iter()
            .filter(|hunter| {
                hunter.settled(self.members.get(hunter.id).map_or(0, |m| m.near_player))
            })
            .count();
        let settled = u32::try_from(settled).unwrap_or(u32::MAX);
        let counters = self.faction(faction);
        let fits = count.min(room.all);
        counters.surround_turns += 1;
        counters.surround_attackers += u64::from(attackers);
        counters.surround_room += u64::from(fits);
        if f64::from(attackers) < SURROUND_SHARE * f64::from(fits) {
            counters.surround_short_turns += 1;
        }
        if settled >= 3 {
            counters.surround_settled_turns += 1;
            counters.surround_settled_attackers += u64::from(attackers);
            counters.surround_settled_room += u64::from(settled.min(room.reached));
        }
    }

    /// One player turn's largest group of a faction's investigating or
    /// searching members heading for one cell.
    pub(crate) fn sample_goals(&mut self, faction: usize, largest_group: u32) {
        if largest_group < 3 {
            return;
        }
        let counters = self.faction(faction);
        counters.goal_pileup_turns += 1;
        counters.goal_pileup_members += u64::from(largest_group);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::monster_action::ActionDetail;

    fn record(id: usize, mode: Mode, act: Act, from: (i32, i32), to: (i32, i32)) -> ActionRecord {
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
            sees_player: false,
            player: Pos::new(9, 9),
            by: None,
            detail: ActionDetail::default(),
        }
    }

    /// `mover` at `a` swaps with `partner` at `b`: its action, then the
    /// record of the partner it moved.
    fn swap(tracker: &mut PackTracker, mover: usize, partner: usize, a: (i32, i32), b: (i32, i32)) {
        tracker.record(&record(mover, Mode::Hunt, Act::Swap, a, b));
        let mut moved = record(partner, Mode::Hunt, Act::Swapped, b, a);
        moved.by = Some(mover);
        tracker.record(&moved);
    }

    #[test]
    fn a_pair_trading_places_to_and_fro_swaps_back_and_oscillates() {
        let mut tracker = PackTracker::default();
        let (a, b) = ((1, 1), (2, 1));
        // 1 and 2 trade places four times, whoever asks.
        swap(&mut tracker, 1, 2, a, b);
        swap(&mut tracker, 2, 1, a, b);
        swap(&mut tracker, 1, 2, a, b);
        swap(&mut tracker, 1, 2, b, a);
        let counters = tracker.counters(0);
        assert_eq!(counters.swapped, 4);
        assert_eq!(
            counters.swap_backs, 3,
            "every swap but the first undid the last"
        );
        // Each member moved a, b, a, b: two A-B-A-B completions apiece.
        assert_eq!(counters.oscillations_with_swaps, 4);
    }

    /// `id`'s walk through `cells` in hunt steps, counted (a repeated
    /// cell is a wait).
    fn walk(tracker: &mut PackTracker, id: usize, cells: &[(i32, i32)]) {
        for pair in cells.windows(2) {
            tracker.record(&record(id, Mode::Hunt, Act::PlanStep, pair[0], pair[1]));
        }
    }

    #[test]
    fn a_member_going_round_three_cells_loops_and_a_walk_or_a_there_and_back_does_not() {
        // ...   Member 1 circles A B C (1,1 2,1 2,2), as the spitter of
        // .AB   river (depth 5, seed 4) went round 22,12 23,11 22,11;
        // ..C   2 walks straight, 3 goes there and back, 4 round a square,
        //       5 into a nook and out.
        let mut tracker = PackTracker::default();
        walk(&mut tracker, 1, &[(1, 1), (2, 1), (2, 2), (1, 1)]);
        assert_eq!(
            tracker.counters(0).three_cell_loops_with_swaps,
            0,
            "once round may be a turn at a corner"
        );
        // On round: the fourth move makes the first again, and every move
        // after it goes on round.
        walk(&mut tracker, 1, &[(1, 1), (2, 1), (2, 2)]);
        assert_eq!(tracker.counters(0).three_cell_loops_with_swaps, 2);
        walk(&mut tracker, 2, &[(1, 5), (2, 5), (3, 5), (4, 5), (5, 6)]);
        walk(&mut tracker, 3, &[(1, 7), (2, 7), (1, 7), (2, 7), (1, 7)]);
        walk(
            &mut tracker,
            4,
            &[(5, 1), (6, 1), (6, 2), (5, 2), (5, 1), (6, 1)],
        );
        // A nook: in by two orthogonal steps, out by the diagonal, on.
        walk(&mut tracker, 5, &[(8, 3), (7, 3), (7, 2), (8, 3), (9, 3)]);
        let counters = tracker.counters(0);
        assert_eq!(
            counters.three_cell_loops_with_swaps, 2,
            "no walk of 2, 3, 4 or 5"
        );
        assert_eq!(counters.oscillations_with_swaps, 2, "3's there and back");
    }

    #[test]
    fn a_loop_closed_by_a_swap_counts_and_standing_still_is_no_move() {
        // Member 1 steps 1,1 -> 2,1, waits, steps to 2,2; member 2 swaps
        // it back onto 1,1, and it steps on to 2,1: round three cells and
        // on, one of the moves undergone.
        let mut tracker = PackTracker::default();
        walk(&mut tracker, 1, &[(1, 1), (2, 1), (2, 1), (2, 1), (2, 2)]);
        swap(&mut tracker, 2, 1, (1, 1), (2, 2));
        walk(&mut tracker, 1, &[(1, 1), (1, 1), (2, 1)]);
        let counters = tracker.counters(0);
        assert_eq!(counters.three_cell_loops_with_swaps, 1);
        assert_eq!(
            counters.oscillations_with_swaps, 0,
            "member 2 went 1,1 -> 2,2 once"
        );
    }

    #[test]
    fn a_swap_with_another_partner_undoes_nothing() {
        let mut tracker = PackTracker::default();
        swap(&mut tracker, 1, 2, (1, 1), (2, 1));
        swap(&mut tracker, 1, 3, (2, 1), (1, 1));
        assert_eq!(tracker.counters(0).swap_backs, 0);
    }

    #[test]
    fn investigations_count_their_waits_swaps_detours_and_longest_run() {
        let mut tracker = PackTracker::default();
        let mut first = record(1, Mode::Investigate, Act::PlanStep, (1, 1), (2, 1));
        first.detail.noise = Some(Pos::new(6, 1));
        first.detail.noise_line = Some(5);
        first.detail.noise_walk = Some(13);
        assert!(tracker.begins_investigation(1, Pos::new(6, 1)));
        tracker.record(&first);
        assert!(!tracker.begins_investigation(1, Pos::new(6, 1)));
        assert!(tracker.begins_investigation(1, Pos::new(7, 1)));
        tracker.record(&record(1, Mode::Investigate, Act::Wait, (2, 1), (2, 1)));
        tracker.record(&record(1, Mode::Investigate, Act::Swap, (2, 1), (3, 1)));
        tracker.record(&record(1, Mode::Wander, Act::Wait, (3, 1), (3, 1)));
        tracker.record(&record(1, Mode::Investigate, Act::Wait, (3, 1), (3, 1)));
        let counters = tracker.counters(0);
        assert_eq!(counters.investigate_actions, 4);
        assert_eq!(counters.investigate_waits, 2);
        assert_eq!(counters.investigate_swaps, 1);
        assert_eq!(counters.longest_investigation, 3);
        assert_eq!(counters.investigations, 1);
        assert_eq!(counters.investigations_detoured, 1, "13 steps > 2.5 x 5");
    }

    #[test]
    fn a_noise_heard_round_a_wall_is_walked_round_it_without_a_detour() {
        let mut tracker = PackTracker::default();
        tracker.heard(1, Pos::new(6, 1));
        let mut first = record(1, Mode::Investigate, Act::PlanStep, (1, 1), (2, 1));
        first.detail.noise = Some(Pos::new(6, 1));
        first.detail.noise_line = Some(5);
        first.detail.noise_walk = Some(13);
        tracker.record(&first);
        // Heard one noise, sent to another (nothing heard there): a detour.
        let mut second = record(2, Mode::Investigate, Act::PlanStep, (1, 3), (2, 3));
        tracker.heard(2, Pos::new(9, 9));
        second.detail.noise = Some(Pos::new(6, 3));
        second.detail.noise_line = Some(5);
        second.detail.noise_walk = Some(13);
        tracker.record(&second);
        let counters = tracker.counters(0);
        assert_eq!(counters.investigations, 2);
        assert_eq!(counters.investigations_detoured, 1);
    }

    #[test]
    fn a_hunter_queueing_near_a_free_cell_counts_after_three_turns() {
        let mut tracker = PackTracker::default();
        let mut wait = record(1, Mode::Hunt, Act::Wait, (7, 9), (7, 9));
        wait.detail.steps_to_free_cell = Some(2);
        for _ in 0..5 {
            tracker.record(&wait);
        }
        tracker.record(&record(1, Mode::Hunt, Act::Attack, (7, 9), (7, 9)));
        tracker.record(&wait);
        let counters = tracker.counters(0);
        assert_eq!(counters.crowd_wait_actions, 6, "every such wait");
        assert_eq!(counters.crowd_waits, 2);
        assert_eq!(counters.longest_crowd_wait, 5);
    }

    #[test]
    fn ranged_kinds_adjacent_step_backs_and_shots() {
        let mut tracker = PackTracker::default();
        let mut backs = record(1, Mode::Hunt, Act::PlanStep, (8, 9), (7, 9));
        backs.detail.ranged = true;
        backs.detail.room_to_back_off = Some(true);
        tracker.record(&backs);
        let mut stays = record(1, Mode::Hunt, Act::Attack, (8, 9), (8, 9));
        stays.detail.ranged = true;
        stays.detail.room_to_back_off = Some(false);
        tracker.record(&stays);
        let mut shot = record(1, Mode::Hunt, Act::Shoot, (6, 9), (6, 9));
        shot.detail.ranged = true;
        shot.detail.line_of_fire_blocked = Some(true);
        tracker.record(&shot);
        tracker.record(&shot);
        let counters = tracker.counters(0);
        assert_eq!(counters.ranged_combat_turns, 4);
        assert_eq!(counters.ranged_adjacent_turns, 2);
        assert_eq!(counters.ranged_adjacent_with_room, 1);
        assert_eq!(counters.ranged_step_backs, 1);
        assert_eq!(counters.shots, 2);
        assert_eq!(counters.shots_past_monsters, 2);
        assert_eq!(counters.longest_shooting_stand, 2);
    }

    #[test]
    fn each_way_out_of_a_search_is_counted_once_and_they_add_up() {
        // Five searchers about the last known cell 1,1, the player back at
        // 9,9: each ends its search its own way, the fifth not yet.
        let mut tracker = PackTracker::default();
        let ways_out = [
            (1, Mode::Wander, Act::PlanStep),
            (2, Mode::Hunt, Act::PlanStep),
            // Saw the player again, hurt: it runs (maze seed 2, depth 5,
            // the evader: a hobgoblin at 8 of 16 hit points, turn 208).
            (3, Mode::Flee, Act::PlanStep),
            (4, Mode::Investigate, Act::PlanStep),
        ];
        for id in 1..=5 {
            let mut search = record(id, Mode::Search, Act::PlanStep, (2, 2), (2, 3));
            search.detail.last_known = Some(Pos::new(1, 1));
            tracker.record(&search);
        }
        for (id, mode, act) in ways_out {
            tracker.record(&record(id, mode, act, (2, 3), (3, 3)));
        }
        let counters = tracker.counters(0);
        assert_eq!(counters.searches_ended, 4, "the fifth search goes on");
        let parts = [
            counters.searches_ended_wandering,
            counters.searches_ended_hunting,
            counters.searches_ended_fleeing,
            counters.searches_ended_investigating,
        ];
        assert_eq!(parts, [1, 1, 1, 1]);
        assert_eq!(parts.iter().sum::<u64>(), counters.searches_ended);
        assert_eq!(
            counters.search_give_up_distance.max, 2,
            "only the one that wandered gave the player up: 2,3 from 1,1"
        );
    }

    #[test]
    fn an_ended_search_gives_its_time_reach_and_what_followed() {
        let mut tracker = PackTracker::default();
        let mut search = record(1, Mode::Search, Act::PlanStep, (1, 1), (2, 1));
        search.detail.last_known = Some(Pos::new(1, 1));
        search.time = 10.0;
        tracker.record(&search);
        search.from = Pos::new(2, 1);
        search.to = Pos::new(5, 1);
        search.time = 14.0;
        tracker.record(&search);
        let mut after = record(1, Mode::Wander, Act::Wait, (5, 1), (5, 1));
        after.time = 25.0;
        tracker.record(&after);
        let counters = tracker.counters(0);
        assert_eq!(counters.searches_ended, 1);
        assert_eq!(counters.searches_ended_wandering, 1);
        assert_eq!(counters.search_time.p50, 15.0);
        assert_eq!(counters.search_reach.max, 4);
        assert_eq!(counters.search_turns.p50, 2);
        assert_eq!(counters.search_give_up_distance.p50, 4);
    }

    #[test]
    fn a_search_that_ends_in_a_hunt_gives_no_give_up_distance_and_an_ended_search_counts_from_its_latest_news()
     {
        // A chase relayed by shouts: the last known cell moves on with the
        // player. Where it was found is no give-up; where it gave up counts
        // from the cell it last knew.
        let mut tracker = PackTracker::default();
        let mut search = record(1, Mode::Search, Act::PlanStep, (1, 1), (2, 1));
        search.detail.last_known = Some(Pos::new(1, 1));
        tracker.record(&search);
        tracker.record(&record(1, Mode::Hunt, Act::PlanStep, (2, 1), (3, 1)));
        search.from = Pos::new(3, 1);
        search.to = Pos::new(9, 1);
        tracker.record(&search);
        search.from = Pos::new(9, 1);
        search.to = Pos::new(10, 1);
        search.detail.last_known = Some(Pos::new(12, 1));
        tracker.record(&search);
        tracker.record(&record(1, Mode::Wander, Act::Wait, (10, 1), (10, 1)));
        let counters = tracker.counters(0);
        assert_eq!(counters.searches_ended, 2);
        assert_eq!(counters.search_reach.max, 9, "from where it began");
        assert_eq!(
            counters.search_end_distance.max, 2,
            "ended 10,1, two from 12,1, the cell its last search action knew"
        );
        assert_eq!(
            counters.search_end_distance.p50, 1,
            "the first search ended hunting at 2,1, a cell from 1,1"
        );
        assert_eq!(counters.search_give_up_distance.max, 2);
        assert_eq!(counters.search_give_up_distance.p50, 2);
        assert_eq!(counters.search_turns.max, 2);
    }

    #[test]
    fn surround_and_goal_samples_need_a_pack_of_three() {
        let mut tracker = PackTracker::default();
        tracker.sample_surround(0, &hunters(&[1, 2], true), 1, room(5));
        tracker.sample_surround(0, &hunters(&[1, 2, 3, 4], true), 1, room(3));
        tracker.sample_goals(0, 2);
        tracker.sample_goals(0, 4);
        let counters = tracker.counters(0);
        assert_eq!(counters.surround_turns, 1);
        assert_eq!(counters.surround_attackers, 1);
        assert_eq!(counters.surround_room, 3);
        assert_eq!(counters.surround_short_turns, 1);
        assert_eq!(counters.goal_pileup_turns, 1);
        assert_eq!(counters.goal_pileup_members, 4);
    }

    /// Room next to the player, every cell of it reached.
    fn room(cells: u32) -> SurroundRoom {
        SurroundRoom {
            all: cells,
            reached: cells,
        }
    }

    /// Hunters by id, none next to the player, each having acted since
    /// the player did while it held its cell (`had_time`) or not.
    fn hunters(ids: &[usize], had_time: bool) -> Vec<SurroundHunter> {
        ids.iter()
            .map(|&id| SurroundHunter {
                id,
                placed: false,
                had_time,
            })
            .collect()
    }

    #[test]
    fn a_surround_sample_counts_the_hunters_that_had_three_turns_near() {
        // The player at 9,9: hunters 1 and 2 began three turns in a row
        // within 4 cells of it, hunter 3 came from 20 cells off and has
        // had one turn near.
        let mut tracker = PackTracker::default();
        for _ in 0..3 {
            tracker.record(&record(1, Mode::Hunt, Act::Attack, (8, 9), (8, 9)));
            tracker.record(&record(2, Mode::Hunt, Act::Wait, (7, 9), (7, 9)));
        }
        tracker.record(&record(3, Mode::Hunt, Act::PlanStep, (20, 9), (12, 9)));
        tracker.record(&record(3, Mode::Hunt, Act::PlanStep, (12, 9), (11, 9)));
        let mut sample = hunters(&[1, 2, 3], true);
        sample[0].placed = true;
        tracker.sample_surround(0, &sample, 1, room(8));
        let counters = tracker.counters(0);
        assert_eq!(
            (counters.surround_turns, counters.surround_settled_turns),
            (1, 0),
            "two of three settled: no settled sample"
        );
        // Two turns more near the player: every hunter had time to walk in.
        tracker.record(&record(3, Mode::Hunt, Act::PlanStep, (11, 9), (10, 9)));
        tracker.record(&record(3, Mode::Hunt, Act::Attack, (10, 9), (10, 9)));
        sample[2].placed = true;
        tracker.sample_surround(0, &sample, 2, room(8));
        let counters = tracker.counters(0);
        assert_eq!(counters.surround_turns, 2);
        assert_eq!(counters.surround_settled_turns, 1);
        assert_eq!(counters.surround_settled_attackers, 2);
        assert_eq!(counters.surround_settled_room, 3);
        assert_eq!(counters.surround_attackers, 3);
    }

    #[test]
    fn a_hunter_left_behind_or_not_yet_acted_is_no_settled_sample_but_one_placed_is() {
        // Four hunters three turns near the player. Time 1: the player
        // stepped (or they have not acted since it did): only the two on
        // cells next to it had their chance, too few for a settled sample.
        // Time 2: the player stood and all acted: all four count, and two
        // of four placed with 8 cells free is short in both samples.
        let mut tracker = PackTracker::default();
        for _ in 0..3 {
            for id in 1..=4 {
                tracker.record(&record(id, Mode::Hunt, Act::Wait, (7, 9), (7, 9)));
            }
        }
        let mut sample = hunters(&[1, 2, 3, 4], false);
        sample[0].placed = true;
        sample[1].placed = true;
        tracker.sample_surround(0, &sample, 2, room(8));
        let counters = tracker.counters(0);
        assert_eq!(
            (counters.surround_turns, counters.surround_short_turns),
            (1, 1)
        );
        assert_eq!(counters.surround_settled_turns, 0, "two had their chance");
        for hunter in &mut sample {
            hunter.had_time = true;
        }
        tracker.sample_surround(0, &sample, 2, room(8));
        let counters = tracker.counters(0);
        assert_eq!(counters.surround_settled_turns, 1);
        assert_eq!(
            (
                counters.surround_settled_attackers,
                counters.surround_settled_room
            ),
            (2, 4)
        );
        // A third placed, the player stepped: the two behind it are not
        // counted, and the three placed fill the settled sample.
        sample[2].placed = true;
        for hunter in &mut sample {
            hunter.had_time = false;
        }
        tracker.sample_surround(0, &sample, 3, room(8));
        let counters = tracker.counters(0);
        assert_eq!(counters.surround_settled_turns, 2);
        assert_eq!(
            (
                counters.surround_settled_attackers,
                counters.surround_settled_room
            ),
            (5, 7)
        );
        assert_eq!(
            counters.surround_short_turns, 2,
            "the raw sample: 3 of 4 is not short"
        );
    }
}
