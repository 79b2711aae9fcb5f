//! Whether a member's faction knows a way from where it stands to a
//! place, by a bounded flood of its planning grid (unseen cells as its
//! members plan through them): a way found, the ground it stands on
//! closed off from the place, or too much ground to say. The grid's
//! islands cannot say it: split by walls seen after they were labelled,
//! they answer "maybe connected".
//!
//! A hunter's mark of the player out of reach (`Brain::unreachable`) is
//! judged afresh by it whenever the member sees the player: a way learned
//! since clears it, and a player who stepped about on ground closed off
//! from the member stays out of reach. Never reads the true level.

use gridpath::{Grid, Pos};

use super::MemberTurn;
use crate::ai::brain::{Mode, SEARCH_SPREAD};

/// Cells a member's flood of its planning grid visits at most: a side
/// room behind a door it cannot open is a few dozen cells; past this
/// many it takes a way out to be there.
pub(super) const FLOOD_CELLS: usize = 512;

/// What a bounded flood of a planning grid says of the way to a place.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum FloodReach {
    /// The flood came to the place: the grid holds a way there.
    Reached,
    /// The ground the flood began on is closed ([`FLOOD_CELLS`] cells at
    /// most) and the place lies outside it: no way there.
    ShutAway,
    /// The flood visited [`FLOOD_CELLS`] cells without coming to the
    /// place: it cannot say.
    TooFar,
}

/// Floods `grid` from `at` until it comes to `place` or has visited
/// [`FLOOD_CELLS`] cells.
pub(super) fn flood_reach(grid: &Grid, at: Pos, place: Pos) -> FloodReach {
    if at == place {
        return FloodReach::Reached;
    }
    let mut visited = std::collections::HashSet::from([at]);
    let mut frontier = vec![at];
    while let Some(cell) = frontier.pop() {
        for (next, _) in grid.neighbours(cell) {
            if next == place {
                return FloodReach::Reached;
            }
            if visited.insert(next) {
                if visited.len() > FLOOD_CELLS {
                    return FloodReach::TooFar;
                }
                frontier.push(next);
            }
        }
    }
    FloodReach::ShutAway
}

impl MemberTurn<'_> {
    /// Judges afresh whether the player it sees is out of its reach, for
    /// a melee member that holds a cell out of reach (`Brain::unreachable`)
    /// or holds off the player (searching, or about its life after giving
    /// the player up); a shooter shoots what it sees, and a hunter with no
    /// mark has asked its planner nothing it could not answer. By what its
    /// faction knows now ([`flood_reach`]):
    /// - a way to the player clears a mark of the player's cell: the mark
    ///   was judged on a map since learned further (a door seen open) or
    ///   given for the planner's budget, and nothing else clears it while
    ///   the player holds the cell (unseen22's wolf-den at depth 5, seed
    ///   2, turns 116-127: a wolf two cells from the player watched it 17
    ///   actions, idle in search mode);
    /// - a player on ground closed off from the member is out of reach
    ///   wherever it steps on it: the mark follows it, and the member does
    ///   not take a hunt up again at each step the player takes (the mark
    ///   is one cell);
    /// - on ground too wide to say, a player within [`SEARCH_SPREAD`] of
    ///   the cell found out of reach is taken as still out of reach while
    ///   the member watches it (searching) or goes about its life after
    ///   giving it up (`Brain::search_given_up_until`): in the manner of
    ///   DCSS, a monster that cannot reach its target leaves it, and
    ///   comes back to it only when the target has gone somewhere else.
    pub(super) fn judge_reach_of_player(&mut self) {
        let Some(player) = self.senses.player_seen else {
            return;
        };
        // Held off: watching the player (searching while it sees it), or
        // about its life after giving it up (a stroll's plan since may
        // have cleared the mark).
        let held_off =
            self.brain.mode == Mode::Search || self.senses.now < self.brain.search_given_up_until;
        let mark = self.brain.unreachable;
        if self.senses.shooter.is_some() || (mark.is_none() && !held_off) {
            return;
        }
        let Some(grid) = self.faction.grid() else {
            return;
        };
        match flood_reach(grid, self.senses.at, player) {
            FloodReach::Reached => {
                if mark == Some(player) {
                    self.brain.unreachable = None;
                }
            }
            FloodReach::ShutAway => self.brain.unreachable = Some(player),
            FloodReach::TooFar => {
                if held_off && mark.is_some_and(|cell| cell.chebyshev(player) <= SEARCH_SPREAD) {
                    self.brain.unreachable = Some(player);
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use rand::SeedableRng;
    use rand_chacha::ChaCha8Rng;

    use super::super::tests::{goblins_knowing, senses};
    use super::super::{Body, MemberTurn, Senses};
    use crate::ai::alert::{Alert, Source};
    use crate::ai::brain::{Brain, Mode};
    use gridpath::Pos;

    fn nobody(_: Pos) -> Body {
        Body::Empty
    }

    /// A west pocket (1..2) walled off from the east room (4..7).
    const POCKET_AND_ROOM: &str = "#########\n\
                                   #..#....#\n\
                                   #..#....#\n\
                                   #..#...@#\n\
                                   #########";

    /// A goblin that saw the player at `player` at `time` and holds
    /// `marked` out of its reach.
    fn marked(player: Pos, time: f64, marked: Pos) -> Brain {
        Brain {
            alert: Some(Alert {
                pos: player,
                time,
                source: Source::Saw,
            }),
            unreachable: Some(marked),
            ..Brain::default()
        }
    }

    /// The modes of a goblin at `at` on `rows` whose mind is `brain`, a
    /// goblin's turn (0.8) at a time from 1.0 until `until`, seeing the
    /// player at `player_at(now)`.
    fn modes_seeing(
        rows: &str,
        mut brain: Brain,
        at: Pos,
        until: f64,
        player_at: impl Fn(f64) -> Pos,
    ) -> Vec<(f64, Mode)> {
        let (mut faction, _) = goblins_knowing(rows);
        let mut rng = ChaCha8Rng::seed_from_u64(5);
        let mut modes = Vec::new();
        let mut now = 1.0;
        while now < until {
            faction.start_turn(now);
            let s = Senses {
                now,
                player_seen: Some(player_at(now)),
                ..senses(at, &nobody)
            };
            let _ = MemberTurn::new(&mut faction, &mut brain, &s).think(&mut rng);
            modes.push((now, brain.mode));
            now += 0.8;
        }
        modes
    }

    #[test]
    fn a_player_marked_out_of_reach_on_ground_with_a_way_to_it_is_hunted() {
        // Wolf-den of unseen22 at depth 5, seed 2, turns 116-127: a wolf
        // two cells from the player, its planner's way to a cell beside
        // the player given up for the budget, took the player as out of
        // reach and watched it 17 actions. Here the goblin at 4,1 in the
        // east room, at time 1.0, holds the player's cell 6,3 out of
        // reach, as if judged on a map it has learned further since: the
        // room is open between them, and it hunts.
        let player = Pos::new(6, 3);
        let modes = modes_seeing(
            POCKET_AND_ROOM,
            marked(player, 0.5, player),
            Pos::new(4, 1),
            1.5,
            |_| player,
        );
        assert_eq!(modes, vec![(1.0, Mode::Hunt)]);
    }

    #[test]
    fn a_player_out_of_reach_stays_so_as_it_steps_about_its_own_ground() {
        // The goblin in the west pocket at 2,2 from time 1.0 found the
        // player at 4,2 beyond the wall out of reach. The player then
        // paces the east room's west side, a cell a turn: 4,1 at 1.0, 4,2
        // at 1.8, 4,3 at 2.6, 4,2 at 3.4 and so on. Each cell is one the
        // goblin knows no way to: it never takes the hunt up, and gives
        // the player up after its look (it went from search to hunt at
        // every step the player took, the mark being one cell).
        let pace = [
            Pos::new(4, 1),
            Pos::new(4, 2),
            Pos::new(4, 3),
            Pos::new(4, 2),
        ];
        let modes = modes_seeing(
            POCKET_AND_ROOM,
            marked(Pos::new(4, 2), 0.5, Pos::new(4, 2)),
            Pos::new(2, 2),
            60.0,
            |now| {
                let turn = ((now - 1.0) / 0.8).round();
                pace[turn as usize % pace.len()]
            },
        );
        assert!(
            modes.iter().all(|&(_, mode)| mode != Mode::Hunt),
            "it hunted a player it knows no way to: {modes:?}"
        );
        assert!(
            modes.iter().any(|&(_, mode)| mode == Mode::Wander),
            "it went back to its life: {modes:?}"
        );
    }
}
