//! What the game notes of each monster action for the counters and the
//! action log (`sim --actions`): the record of the action, a record for a
//! monster a swap moved (every change of a monster's cell is logged), and
//! the pack figures that need the true level (free cells next to the
//! player, room to back off, the line of fire, the walk to a noise). They
//! are read from the game after the action; nothing here changes the game,
//! what any monster knows, or the RNG. Once a player turn, `sim` also asks
//! for the figures of the whole pack ([`Game::sample_packs`]).

use crate::ai::Mode;
use crate::ai::faction::line_of_sight;
use crate::ai::thought::Thought;
use crate::game::monster_action::{
    Act, ActionDetail, ActionRecord, AdjacentCause, FREE_CELL_SEARCH_STEPS, WAY_IN_SEARCH_STEPS,
    noise_walk_bound,
};
use crate::game::pack_counters::{SurroundHunter, SurroundRoom};
use crate::world::Terrain;
use gridpath::Pos;

use super::{Game, PLAYER};

/// The eight neighbours of a cell.
fn neighbours(at: Pos) -> impl Iterator<Item = Pos> {
    (-1..=1)
        .flat_map(move |dy| (-1..=1).map(move |dx| Pos::new(at.x + dx, at.y + dy)))
        .filter(move |&p| p != at)
}

fn chebyshev(a: Pos, b: Pos) -> u32 {
    a.chebyshev(b).unsigned_abs()
}

/// How near melee hunters must stand to the player to count in a
/// surround, and how many of them make a pack.
const SURROUND_RADIUS: u32 = 4;

/// How far from the player (Chebyshev, in cells) the walk of a hunter to
/// a free cell next to it is followed for the settled surround sample: as
/// far as the pack's own walk round the bodies is counted
/// (`ai::monster_turn::pack`, 6 and 2 cells).
const SURROUND_REACH: i32 = 8;

/// Where a player turn began, for the pack sample taken after it
/// ([`Game::pack_turn_start`]).
#[derive(Debug, Clone)]
pub(crate) struct PackTurnStart {
    /// The player's cell before it acted.
    player: Pos,
    /// Every actor's next turn's time then, by index.
    ready_at: Vec<f64>,
}

impl Game {
    /// Records the action `actor` (of faction `f`) just took from `at`:
    /// the behaviour counters take it in, and the action log when on; a
    /// swap also records the monster it moved.
    pub(super) fn note_action(
        &mut self,
        actor: usize,
        f: usize,
        mode: Mode,
        act: Act,
        at: Pos,
        sees_player: bool,
    ) {
        let mut detail = self.action_detail(actor, mode, act, at);
        // Only of a frozen action (the log and the frozen runs with a way
        // in read it): its search of up to WAY_IN_SEARCH_STEPS is spent
        // then alone, and frozen actions are few.
        if sees_player {
            detail.shut_out = self.shut_out(actor, mode, act, at, detail);
        }
        let me = &self.actors[actor];
        let record = ActionRecord {
            turn: self.stats.player_turns,
            time: self.time,
            id: actor,
            faction: f,
            kind: me.kind().unwrap_or_default(),
            mode,
            act,
            from: at,
            to: me.pos,
            hp: me.hp,
            max_hp: me.max_hp,
            sees_player,
            player: self.actors[PLAYER].pos,
            by: None,
            detail,
        };
        self.keep_record(record);
        if act == Act::Swap
            && let Some(partner) = self.occupancy.at(at)
            && partner != actor
        {
            self.note_swapped(partner, actor, record.to, at);
        }
    }

    /// `partner` was moved from `from` to `to` by `mover`'s swap.
    fn note_swapped(&mut self, partner: usize, mover: usize, from: Pos, to: Pos) {
        let Some(f) = self.faction_index_of(partner) else {
            return;
        };
        let them = &self.actors[partner];
        let brain = them.brain.as_ref();
        let mode = brain.map_or(Mode::Wander, |b| b.mode);
        let record = ActionRecord {
            turn: self.stats.player_turns,
            time: self.time,
            id: partner,
            faction: f,
            kind: them.kind().unwrap_or_default(),
            mode,
            act: Act::Swapped,
            from,
            to,
            hp: them.hp,
            max_hp: them.max_hp,
            sees_player: false,
            player: self.actors[PLAYER].pos,
            by: Some(mover),
            detail: ActionDetail {
                goal: brain.and_then(|b| b.goal),
                noise: brain
                    .filter(|_| mode == Mode::Investigate)
                    .and_then(|b| b.noise),
                last_known: brain.and_then(|b| b.alert).map(|a| a.pos),
                ranged: self.kind_of(them).is_some_and(|k| k.is_ranged()),
                ..ActionDetail::default()
            },
        };
        self.keep_record(record);
    }

    fn keep_record(&mut self, record: ActionRecord) {
        self.behaviour.record(&record);
        if let Some(log) = self.action_log.as_mut() {
            log.push(record);
        }
    }

    /// What the record of `actor`'s action from `at` adds for the pack
    /// figures, read after the action.
    fn action_detail(&self, actor: usize, mode: Mode, act: Act, at: Pos) -> ActionDetail {
        let me = &self.actors[actor];
        let (ended, player) = (me.pos, self.actors[PLAYER].pos);
        let brain = me.brain.as_ref();
        let ranged = self.kind_of(me).is_some_and(|k| k.is_ranged());
        let noise = brain
            .filter(|_| mode == Mode::Investigate)
            .and_then(|b| b.noise);
        let mut detail = ActionDetail {
            goal: brain.and_then(|b| b.goal),
            noise,
            last_known: brain.and_then(|b| b.alert).map(|a| a.pos),
            blocked_by_packmate: brain.and_then(|b| match b.thought {
                Thought::BlockedByPackmate(cell) => Some(cell),
                _ => None,
            }),
            why: brain
                .filter(|b| act == Act::Wait && !b.asleep)
                .map(|b| b.thought.label()),
            ranged,
            asleep: brain.is_some_and(|b| b.asleep),
            ..ActionDetail::default()
        };
        if mode == Mode::Hunt && !ranged && act == Act::Wait && chebyshev(ended, player) <= 2 {
            detail.steps_to_free_cell = self.steps_to_free_cell(actor, ended, player);
        }
        if mode == Mode::Hunt && ranged && chebyshev(at, player) <= 1 {
            let room = self.room_to_back_off(actor, at, player);
            detail.room_to_back_off = Some(room);
            detail.adjacent_cause = Some(self.adjacent_cause(actor, at, player, room));
        }
        if act == Act::Shoot {
            let clear = line_of_sight(ended, player, |cell| {
                self.occupancy
                    .at(cell)
                    .is_some_and(|other| other != PLAYER && other != actor)
            });
            detail.line_of_fire_blocked = Some(!clear);
        }
        if let Some(noise) = noise
            && self.behaviour.pack().begins_investigation(actor, noise)
        {
            let line = chebyshev(at, noise);
            detail.noise_line = Some(line);
            detail.noise_walk = self.walk_to(actor, at, noise, noise_walk_bound(line));
        }
        detail
    }

    /// Whether `actor`, a melee hunter whose action (`act` in `mode` from
    /// `at`, `detail` its record so far) ended where it began without
    /// striking or working a door, was shut out: no free cell next to the
    /// player a blow could come from within [`WAY_IN_SEARCH_STEPS`] legal
    /// steps through cells nobody holds. `None` for any other action.
    fn shut_out(
        &self,
        actor: usize,
        mode: Mode,
        act: Act,
        at: Pos,
        detail: ActionDetail,
    ) -> Option<bool> {
        let (ended, player) = (self.actors[actor].pos, self.actors[PLAYER].pos);
        if mode != Mode::Hunt || detail.ranged || ended != at || act.acted() {
            return None;
        }
        let steps = detail
            .steps_to_free_cell
            .or_else(|| self.steps_to_free_cell_within(actor, ended, player, WAY_IN_SEARCH_STEPS));
        Some(steps.is_none())
    }

    /// Whether `cell` is free for `actor` to stand on (nobody, or itself).
    fn free_for(&self, actor: usize, cell: Pos) -> bool {
        self.occupancy.at(cell).is_none_or(|other| other == actor)
    }

    /// Steps (legal moves of `actor`'s kind through cells nobody else
    /// holds) from `from` to the nearest free cell next to the player a
    /// blow could come from, if one is [`FREE_CELL_SEARCH_STEPS`] or fewer.
    fn steps_to_free_cell(&self, actor: usize, from: Pos, player: Pos) -> Option<u32> {
        self.steps_to_free_cell_within(actor, from, player, FREE_CELL_SEARCH_STEPS)
    }

    /// [`Self::steps_to_free_cell`] with the search `limit` in steps.
    fn steps_to_free_cell_within(
        &self,
        actor: usize,
        from: Pos,
        player: Pos,
        limit: u32,
    ) -> Option<u32> {
        let grid = self.nav.grid(self.profile_of(actor));
        let mut seen = std::collections::HashSet::from([from]);
        let mut frontier = vec![from];
        for steps in 0..=limit {
            if frontier
                .iter()
                .any(|&cell| chebyshev(cell, player) == 1 && grid.is_legal_step(cell, player))
            {
                return Some(steps);
            }
            let mut next = Vec::new();
            for &cell in &frontier {
                for to in neighbours(cell) {
                    if to != player
                        && !seen.contains(&to)
                        && grid.is_legal_step(cell, to)
                        && self.free_for(actor, to)
                    {
                        seen.insert(to);
                        next.push(to);
                    }
                }
            }
            if next.is_empty() {
                return None;
            }
            frontier = next;
        }
        None
    }

    /// Whether a ranged `actor` next to the player at `at` had a free cell
    /// beside it 2 or more cells from the player.
    fn room_to_back_off(&self, actor: usize, at: Pos, player: Pos) -> bool {
        let grid = self.nav.grid(self.profile_of(actor));
        neighbours(at).any(|to| {
            chebyshev(to, player) >= 2 && grid.is_legal_step(at, to) && self.free_for(actor, to)
        })
    }

    /// Why a ranged `actor` began its action at `at` next to the player
    /// ([`AdjacentCause`]), `room` saying whether it had a free step 2 or
    /// more cells off. Read before the pack counters take this action in.
    fn adjacent_cause(&self, actor: usize, at: Pos, player: Pos, room: bool) -> AdjacentCause {
        if self.tools.slowed_until(actor, self.time).is_some() {
            return AdjacentCause::Slowed;
        }
        let Some(previous) = self.behaviour.pack().previous_action(actor) else {
            return AdjacentCause::WokeAdjacent;
        };
        if previous.asleep {
            AdjacentCause::WokeAdjacent
        } else if previous.swapped {
            AdjacentCause::SwappedIn
        } else if chebyshev(previous.ended, previous.player) >= 2 {
            AdjacentCause::ClosedByPlayer
        } else if previous.moved {
            AdjacentCause::CameRound
        } else if room {
            AdjacentCause::Stood
        } else {
            let grid = self.nav.grid(self.profile_of(actor));
            let beyond_monsters =
                neighbours(at).any(|to| chebyshev(to, player) >= 2 && grid.is_legal_step(at, to));
            if beyond_monsters {
                AdjacentCause::BlockedByPackmate
            } else {
                AdjacentCause::Cornered
            }
        }
    }

    /// The walking distance in steps from `from` to `to` on the true level
    /// for `actor`'s kind, closed doors counting as open (it opens or
    /// batters them), if it is `bound` steps or fewer.
    fn walk_to(&self, actor: usize, from: Pos, to: Pos, bound: u32) -> Option<u32> {
        let profile = self.profile_of(actor);
        let walkable = |cell: Pos| {
            cell == to
                || self.level.terrain_at(cell).is_some_and(|terrain| {
                    terrain == Terrain::ClosedDoor || self.nav.cost(profile, terrain).is_some()
                })
        };
        let reach = i32::try_from(bound).unwrap_or(i32::MAX / 4);
        let side = 2 * reach + 1;
        let index = |cell: Pos| {
            let (dx, dy) = (cell.x - from.x + reach, cell.y - from.y + reach);
            (dx >= 0 && dy >= 0 && dx < side && dy < side)
                .then(|| usize::try_from(dy * side + dx).unwrap_or(usize::MAX))
        };
        let cells = usize::try_from(side).unwrap_or(0).pow(2);
        let mut seen = vec![false; cells];
        if let Some(i) = index(from) {
            seen[i] = true;
        }
        let mut frontier = vec![from];
        for steps in 0..=bound {
            if frontier.contains(&to) {
                return Some(steps);
            }
            let mut next = Vec::new();
            for &cell in &frontier {
                for step in neighbours(cell) {
                    let corner_ok =
                        walkable(Pos::new(step.x, cell.y)) && walkable(Pos::new(cell.x, step.y));
                    let Some(i) = index(step) else {
                        continue;
                    };
                    if !seen[i] && walkable(step) && corner_ok {
                        seen[i] = true;
                        next.push(step);
                    }
                }
            }
            if next.is_empty() {
                return None;
            }
            frontier = next;
        }
        None
    }

    /// Where the turn a pack sample is taken after begins: the player's
    /// cell and every actor's next turn's time, before the player acts
    /// (`sim` takes it, then lets the player act, then calls
    /// [`Self::sample_packs`]). Kept by the caller for one turn: nothing
    /// saved.
    pub(crate) fn pack_turn_start(&self) -> PackTurnStart {
        PackTurnStart {
            player: self.actors[PLAYER].pos,
            ready_at: self.actors.iter().map(|actor| actor.ready_at).collect(),
        }
    }

    /// Which cells a hunter of faction `f` among `hunters` can walk to
    /// without passing the player's cell: legal steps for the faction's
    /// way of moving (a closed door is a wall to a kind that cannot open
    /// it), through bodies (they move), within [`SURROUND_REACH`] cells of
    /// the player. A free cell next to a player in a doorway that only
    /// the far side reaches is no room for a pack on this side.
    fn reached_round_player(
        &self,
        f: usize,
        player: Pos,
        hunters: &[usize],
    ) -> impl Fn(Pos) -> bool + use<> {
        let grid = self.nav.grid(f + 1);
        let side = 2 * SURROUND_REACH + 1;
        let index = move |cell: Pos| {
            let (dx, dy) = (
                cell.x - player.x + SURROUND_REACH,
                cell.y - player.y + SURROUND_REACH,
            );
            ((0..side).contains(&dx) && (0..side).contains(&dy))
                .then(|| usize::try_from(dy * side + dx).ok())
                .flatten()
        };
        let mut seen = vec![false; usize::try_from(side * side).unwrap_or(0)];
        let mut frontier: Vec<Pos> = hunters.iter().map(|&a| self.actors[a].pos).collect();
        for &cell in &frontier {
            if let Some(i) = index(cell) {
                seen[i] = true;
            }
        }
        while let Some(cell) = frontier.pop() {
            for step in neighbours(cell) {
                let Some(i) = index(step) else { continue };
                if !seen[i] && step != player && grid.is_legal_step(cell, step) {
                    seen[i] = true;
                    frontier.push(step);
                }
            }
        }
        move |cell: Pos| index(cell).is_some_and(|i| seen[i])
    }

    /// Once a player turn (`sim` calls it after each, with where the turn
    /// began: [`Self::pack_turn_start`]): per faction, its melee hunters
    /// within 4 cells of the player against the free cells next to it,
    /// and its largest group of investigators and searchers heading for
    /// one cell. Reads the game; changes nothing in it.
    ///
    /// Of the hunters, the ones that had their chance to take a cell next
    /// to the player this turn count in the settled sample: one on such a
    /// cell, and one that acted since the player did (its next turn's time
    /// moved on) while the player held its cell. A hunter that has not
    /// acted since (a slow step through mud, the wand) or that the player
    /// stepped away from could not be next to it, whatever the pack's
    /// placement (docs/SIM.md, `surround_settled_turns`).
    pub(crate) fn sample_packs(&mut self, start: &PackTurnStart) {
        let player = self.actors[PLAYER].pos;
        let player_held = start.player == player;
        for f in 0..self.factions.len() {
            let grid = self.nav.grid(f + 1);
            let melee_hunter = |a: usize| {
                let actor = &self.actors[a];
                actor.is_alive()
                    && self.faction_index_of(a) == Some(f)
                    && actor.brain.as_ref().is_some_and(|b| b.mode == Mode::Hunt)
                    && !self.kind_of(actor).is_some_and(|k| k.is_ranged())
            };
            let hunters: Vec<usize> = (1..self.actors.len())
                .filter(|&a| {
                    chebyshev(self.actors[a].pos, player) <= SURROUND_RADIUS && melee_hunter(a)
                })
                .collect();
            let mut room = 0;
            let mut reached_room = 0;
            let mut attackers = 0;
            let reached = self.reached_round_player(f, player, &hunters);
            for cell in neighbours(player) {
                if !grid.is_legal_step(cell, player) {
                    continue;
                }
                match self.occupancy.at(cell) {
                    None => {
                        room += 1;
                        reached_room += u32::from(reached(cell));
                    }
                    Some(a) if hunters.contains(&a) => {
                        room += 1;
                        reached_room += 1;
                        attackers += 1;
                    }
                    Some(_) => {}
                }
            }
            let mut goals: Vec<Pos> = (1..self.actors.len())
                .filter(|&a| self.actors[a].is_alive() && self.faction_index_of(a) == Some(f))
                .filter_map(|a| self.actors[a].brain.as_ref())
                .filter(|b| matches!(b.mode, Mode::Investigate | Mode::Search))
                .filter_map(|b| b.goal)
                .collect();
            goals.sort_unstable();
            let largest = goals
                .chunk_by(|a, b| a == b)
                .map(<[Pos]>::len)
                .max()
                .unwrap_or(0);
            let chances: Vec<SurroundHunter> = hunters
                .iter()
                .map(|&id| {
                    let at = self.actors[id].pos;
                    let acted = start
                        .ready_at
                        .get(id)
                        .is_none_or(|&ready_at| ready_at != self.actors[id].ready_at);
                    SurroundHunter {
                        id,
                        placed: chebyshev(at, player) == 1 && grid.is_legal_step(at, player),
                        had_time: acted && player_held,
                    }
                })
                .collect();
            let pack = self.behaviour.pack_mut();
            pack.sample_surround(
                f,
                &chances,
                attackers,
                SurroundRoom {
                    all: room,
                    reached: reached_room,
                },
            );
            pack.sample_goals(f, u32::try_from(largest).unwrap_or(u32::MAX));
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::ai::Mode;
    use crate::game::Action;
    use crate::game::monster_action::WAY_IN_SEARCH_STEPS;
    use crate::game::test_levels::{game_on, set_mode};
    use gridpath::Pos;

    use super::PLAYER;

    /// The goblins standing on `cells`, set hunting, and their faction.
    fn hunting_goblins(game: &mut crate::game::Game, cells: &[(i32, i32)]) -> (Vec<usize>, usize) {
        let goblins: Vec<usize> = cells
            .iter()
            .map(|&(x, y)| game.actor_at(Pos::new(x, y)).expect("a goblin"))
            .collect();
        for &goblin in &goblins {
            set_mode(game, goblin, Mode::Hunt);
        }
        let faction = game.faction_index_of(goblins[0]).expect("a faction");
        (goblins, faction)
    }

    #[test]
    fn the_walk_to_a_noise_goes_round_the_wall_the_straight_line_crosses() {
        // The goblin at 3,1 hears 5,1 two cells away; the wall in column 4
        // makes it 8 steps (no corner cut round 4,3).
        let (game, _dir) = game_on(
            "#########\n\
             #@.g#...#\n\
             #...#...#\n\
             #...#...#\n\
             #......>#\n\
             #########\n",
        );
        let goblin = game.actor_at(Pos::new(3, 1)).expect("the goblin");
        let (from, noise) = (Pos::new(3, 1), Pos::new(5, 1));
        assert_eq!(game.walk_to(goblin, from, noise, 20), Some(8));
        assert_eq!(
            game.walk_to(goblin, from, noise, 7),
            None,
            "beyond the bound"
        );
    }

    #[test]
    fn free_cells_next_to_the_player_and_room_to_back_off() {
        // The player in a dead end at 1,1: its free neighbours are 2,1,
        // 1,2 and 2,2. The goblin at 3,1 is one step from 2,1 or 2,2.
        let (mut game, _dir) = game_on(
            "######\n\
             #@.g.#\n\
             #....#\n\
             #...>#\n\
             ######\n",
        );
        let player = Pos::new(1, 1);
        let goblin = game.actor_at(Pos::new(3, 1)).expect("the goblin");
        assert_eq!(
            game.steps_to_free_cell(goblin, Pos::new(3, 1), player),
            Some(1)
        );
        // Next to the player at 2,1 it has room: 3,1 is 2 cells away.
        let at = Pos::new(2, 1);
        game.actors[goblin].pos = at;
        game.rebuild_occupancy();
        assert_eq!(game.steps_to_free_cell(goblin, at, player), Some(0));
        assert!(game.room_to_back_off(goblin, at, player));
    }
    #[test]
    fn only_hunters_that_had_their_chance_make_the_settled_surround_sample() {
        // The player at 3,2 with three goblins hunting it: 4,2 next to it,
        // 6,2 and 6,3 three cells off.
        let (mut game, _dir) = game_on(
            "##########\n\
             #........#\n\
             #..@g.g..#\n\
             #.....g..#\n\
             #.......>#\n\
             ##########\n",
        );
        let (goblins, faction) = hunting_goblins(&mut game, &[(4, 2), (6, 2), (6, 3)]);
        // The player came from 2,2 this turn: the two behind had no chance
        // to stand next to it; only the one next to it counts, too few.
        let mut start = game.pack_turn_start();
        start.player = Pos::new(2, 2);
        game.sample_packs(&start);
        let counters = game.pack_counters(faction);
        assert_eq!(
            (counters.surround_turns, counters.surround_short_turns),
            (1, 1)
        );
        assert_eq!(counters.surround_settled_turns, 0);
        // The player held its cell, but no goblin has acted since: the
        // same.
        let start = game.pack_turn_start();
        game.sample_packs(&start);
        assert_eq!(game.pack_counters(faction).surround_turns, 2);
        assert_eq!(game.pack_counters(faction).surround_settled_turns, 0);
        // The two walk in next to it (3,1 and 2,3): three placed, after a
        // step of the player's from 2,2, make a settled sample, not short.
        game.actor_mut(goblins[1]).pos = Pos::new(3, 1);
        game.actor_mut(goblins[2]).pos = Pos::new(2, 3);
        game.rebuild_occupancy();
        let mut start = game.pack_turn_start();
        start.player = Pos::new(2, 2);
        game.sample_packs(&start);
        let counters = game.pack_counters(faction);
        assert_eq!(counters.surround_settled_turns, 1);
        assert_eq!(
            (
                counters.surround_settled_attackers,
                counters.surround_settled_room
            ),
            (3, 3)
        );
        assert_eq!(counters.surround_short_turns, 2);
    }
    #[test]
    fn the_far_side_of_a_doorway_the_pack_cannot_walk_to_is_no_room_for_it() {
        // The player holds the gap in the wall at 5,2: a blow comes from
        // 4,2 or 6,2 only (the diagonals cut the wall's corners), and the
        // goblins on the west side reach 6,2 only through the player.
        let (mut game, _dir) = game_on(
            "###########\n\
             #..g.#....#\n\
             #...g@....#\n\
             #..g.#....#\n\
             #....#...>#\n\
             ###########\n",
        );
        let (_, faction) = hunting_goblins(&mut game, &[(3, 1), (4, 2), (3, 3)]);
        // Four turns of the player's standing: each goblin begins its
        // turns near it, the one at 4,2 strikes, the others wait for room.
        for _ in 0..4 {
            let start = game.pack_turn_start();
            game.player_act(Action::Wait).expect("the player waits");
            game.sample_packs(&start);
        }
        assert_eq!(game.actors[PLAYER].pos, Pos::new(5, 2), "it held the gap");
        let counters = game.pack_counters(faction);
        assert!(counters.surround_settled_turns >= 1, "{counters:?}");
        // Raw: one attacker of min(3 hunters, 2 cells): short every turn.
        assert_eq!(counters.surround_short_turns, counters.surround_turns);
        // Settled: the one cell this side is taken: nothing short.
        assert_eq!(
            counters.surround_settled_attackers, counters.surround_settled_room,
            "{counters:?}"
        );
    }

    #[test]
    fn a_hunter_behind_the_only_cell_next_to_the_player_is_shut_out_unless_a_way_goes_round() {
        // The player at 1,1 at the end of a corridor: 2,1 is the only cell
        // next to it, and goblin A holds it; goblin B at 3,1 behind A has
        // no way in.
        let (game, _dir) = game_on(
            "########\n\
             #@gg..>#\n\
             ########\n",
        );
        let player = Pos::new(1, 1);
        let b = game.actor_at(Pos::new(3, 1)).expect("goblin B");
        assert_eq!(
            game.steps_to_free_cell_within(b, Pos::new(3, 1), player, WAY_IN_SEARCH_STEPS),
            None
        );
        // A loop opens 1,2 below the player: B's way round runs east and
        // back along row 3, 11 steps with no corner cut (4,1 5,1 6,1 6,2
        // 6,3 5,3 4,3 3,3 2,3 1,3 1,2). Beyond the 3 steps of the queue
        // figure, within the search for a way in.
        let (game, _dir) = game_on(
            "########\n\
             #@gg...#\n\
             #.####.#\n\
             #......#\n\
             #>######\n\
             ########\n",
        );
        let b = game.actor_at(Pos::new(3, 1)).expect("goblin B");
        assert_eq!(game.steps_to_free_cell(b, Pos::new(3, 1), player), None);
        assert_eq!(
            game.steps_to_free_cell_within(b, Pos::new(3, 1), player, WAY_IN_SEARCH_STEPS),
            Some(11)
        );
    }

    #[test]
    fn a_hunter_beside_a_player_in_a_notch_is_shut_out_while_the_one_straight_cell_is_held() {
        // The player at 3,4 in a notch of the wall: of the three cells
        // above it only 3,3 is a legal blow, 2,3 and 4,3 cutting the wall
        // corners 2,4 and 4,4 (peat-causeways, unseen26, `--player evader`,
        // seed 2, turns 68-76: wolf 14 waited shut out at 6,60 while a
        // lizardfolk, then wolf 12, held 4,61 above the player at 4,62).
        // Goblin A holds 3,3; goblin B at 3,2 stands a step from the free
        // 2,3 and 4,3, and is shut out all the same.
        let (game, _dir) = game_on(
            "#######\n\
             #....>#\n\
             #..g..#\n\
             #..g..#\n\
             ###@###\n\
             #######\n",
        );
        let player = Pos::new(3, 4);
        let b = game.actor_at(Pos::new(3, 2)).expect("goblin B");
        assert_eq!(
            game.steps_to_free_cell_within(b, Pos::new(3, 2), player, WAY_IN_SEARCH_STEPS),
            None
        );
        // With A gone, B steps onto 3,3 and strikes from there.
        let (game, _dir) = game_on(
            "#######\n\
             #....>#\n\
             #..g..#\n\
             #.....#\n\
             ###@###\n\
             #######\n",
        );
        let b = game.actor_at(Pos::new(3, 2)).expect("goblin B");
        assert_eq!(
            game.steps_to_free_cell_within(b, Pos::new(3, 2), player, WAY_IN_SEARCH_STEPS),
            Some(1)
        );
    }
}
