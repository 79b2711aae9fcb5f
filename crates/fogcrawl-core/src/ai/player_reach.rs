//! How soon the player could stand next to each cell near it, walking the
//! ground a faction believes is there (monsters aside) as the player walks
//! it: the terrain table's costs at the player's speed, no step into deep
//! water, no corner cut. A shooter backing off weighs the cells a few of
//! its own steps away by this ([`crate::ai::monster_turn`]'s ranged turn):
//! across a pool it swims, or swamp it crosses faster than the player, a
//! cell two cells off may be out of the player's reach for a long while.
//!
//! One map per faction and player turn, shared by every shooter of the
//! faction (Brogue CE builds its safety maps once a turn for the same
//! reason); it is scratch, never saved, and reads only the faction's
//! beliefs, never the true level.

use std::cmp::Reverse;
use std::collections::BinaryHeap;

use gridpath::{DIRECTION_DELTAS, Pos};

use crate::ai::knowledge::FactionKnowledge;
use crate::world::terrain::{FLOOR_COST, Terrain};

/// Game time in thousandths of a floor step at speed 1: whole numbers, so
/// times compare by a total order.
pub(crate) type Ticks = i64;

/// Ticks in one unit of game time.
const TICKS_PER_TIME: f64 = 1000.0;

/// How far round the player (Chebyshev) the map reaches: a shooter within
/// two cells of the player looking four steps ahead, and the cells next to
/// those, with room for the player's walk round a wall.
pub(crate) const PLAYER_REACH_RADIUS: i32 = 10;

/// `time` in [`Ticks`], rounded.
pub(crate) fn ticks(time: f64) -> Ticks {
    #[expect(
        clippy::cast_possible_truncation,
        reason = "a walk of a few hundred time units, rounded to thousandths"
    )]
    let whole = (time * TICKS_PER_TIME).round() as Ticks;
    whole
}

/// The player's time to enter `terrain` (`None`: it cannot), at speed 1.
fn player_enter_time(belief: Option<Terrain>) -> Option<f64> {
    match belief {
        Some(terrain) => terrain.base_cost(),
        // Unknown ground may be floor: the player may walk it.
        None => Some(FLOOR_COST),
    }
}

/// When the player, standing at `player` and ready to act now, could first
/// stand on each cell of the square of [`PLAYER_REACH_RADIUS`] round it (a
/// move puts it on the cell at once; its time goes by after), and so when
/// it could first stand next to a cell with a legal blow.
#[derive(Debug, Clone, Default)]
pub(crate) struct PlayerReach {
    player: Pos,
    /// The player turn it was drawn for.
    turn: u64,
    /// Earliest time the player stands on each cell, row by row over the
    /// square; `None` where its walk does not come within the square.
    stand: Vec<Option<Ticks>>,
    /// Whether the player can enter each cell (corners it cannot enter
    /// block a diagonal step or blow).
    open: Vec<bool>,
}

impl PlayerReach {
    /// The map for the player at `player` on player turn `turn`, over
    /// what `knowledge` believes.
    pub(crate) fn new(knowledge: &FactionKnowledge, player: Pos, turn: u64) -> Self {
        let side = usize::try_from(2 * PLAYER_REACH_RADIUS + 1).unwrap_or(1);
        let mut reach = Self {
            player,
            turn,
            stand: vec![None; side * side],
            open: vec![false; side * side],
        };
        let enter = |pos: Pos| -> Option<f64> {
            knowledge
                .in_bounds(pos)
                .then(|| player_enter_time(knowledge.belief(pos)))
                .flatten()
        };
        for (i, open) in reach.open.iter_mut().enumerate() {
            *open = enter(pos_of(player, i)).is_some();
        }
        // Dijkstra over the time the player is ready again on each cell;
        // it stands on a cell from the moment it was ready on the one
        // before.
        let mut ready: Vec<Option<Ticks>> = vec![None; side * side];
        let mut frontier = BinaryHeap::new();
        if let Some(i) = reach.index(player) {
            ready[i] = Some(0);
            reach.stand[i] = Some(0);
            frontier.push(Reverse((0, player.y, player.x)));
        }
        while let Some(Reverse((time, y, x))) = frontier.pop() {
            let from = Pos::new(x, y);
            let Some(at) = reach.index(from) else {
                continue;
            };
            if ready[at].is_some_and(|known| known < time) {
                continue;
            }
            for &(dx, dy) in &DIRECTION_DELTAS {
                let to = Pos::new(from.x + dx, from.y + dy);
                let (Some(i), Some(cost)) = (reach.index(to), enter(to)) else {
                    continue;
                };
                if !reach.step_legal(from, to) {
                    continue;
                }
                if reach.stand[i].is_none_or(|known| time < known) {
                    reach.stand[i] = Some(time);
                }
                let length = if dx != 0 && dy != 0 {
                    std::f64::consts::SQRT_2
                } else {
                    1.0
                };
                let done = time + ticks(length * cost);
                if ready[i].is_none_or(|known| done < known) {
                    ready[i] = Some(done);
                    frontier.push(Reverse((done, to.y, to.x)));
                }
            }
        }
        reach
    }

    /// Whether this map was drawn for the player at `player` on turn `turn`.
    pub(crate) fn is_for(&self, player: Pos, turn: u64) -> bool {
        self.player == player && self.turn == turn && !self.stand.is_empty()
    }

    /// The earliest time the player could stand next to `cell` with a legal
    /// blow on it (0 when it stands there now); `None` when its walk does
    /// not come next to it within the map's square (across deep water, say).
    pub(crate) fn next_to(&self, cell: Pos) -> Option<Ticks> {
        DIRECTION_DELTAS
            .iter()
            .map(|&(dx, dy)| Pos::new(cell.x + dx, cell.y + dy))
            .filter(|&from| self.step_legal(from, cell))
            .filter_map(|from| self.index(from).and_then(|i| self.stand[i]))
            .min()
    }

    /// Whether a step or a blow from `from` to `to`, side by side, cuts no
    /// corner the player cannot enter (beyond the square: open, as far as
    /// the map knows).
    fn step_legal(&self, from: Pos, to: Pos) -> bool {
        let open = |pos: Pos| self.index(pos).is_none_or(|i| self.open[i]);
        from.x == to.x
            || from.y == to.y
            || open(Pos::new(to.x, from.y)) && open(Pos::new(from.x, to.y))
    }

    fn index(&self, cell: Pos) -> Option<usize> {
        let (dx, dy) = (cell.x - self.player.x, cell.y - self.player.y);
        let radius = PLAYER_REACH_RADIUS;
        if dx.abs() > radius || dy.abs() > radius {
            return None;
        }
        usize::try_from((dy + radius) * (2 * radius + 1) + dx + radius).ok()
    }
}

/// The cell at `index` of the square round `player`.
fn pos_of(player: Pos, index: usize) -> Pos {
    let side = 2 * PLAYER_REACH_RADIUS + 1;
    let index = i32::try_from(index).unwrap_or(i32::MAX);
    Pos::new(
        player.x - PLAYER_REACH_RADIUS + index % side,
        player.y - PLAYER_REACH_RADIUS + index / side,
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The map from the top left cell of `rows`, as the goblins know it.
    fn reach_from_corner(rows: &str) -> PlayerReach {
        let level = crate::world::level::text::parse(rows).expect("a level");
        PlayerReach::new(&FactionKnowledge::omniscient(&level), Pos::new(0, 0), 1)
    }

    #[test]
    fn the_player_stands_next_to_a_cell_by_its_walk_round_walls() {
        // The player at the top left. It stands next to (1, 0) now, and
        // next to (3, 0) once on (2, 0): after one floor step, at 1.
        let reach = reach_from_corner(
            "@...\n\
             ###.\n\
             ....\n",
        );
        assert_eq!(reach.next_to(Pos::new(1, 0)), Some(0));
        assert_eq!(reach.next_to(Pos::new(3, 0)), Some(ticks(1.0)));
        // Below it across the wall, (0, 2): next to it is (1, 2), and the
        // walk goes round the wall with no corner cut, (1,0) (2,0) (3,0)
        // (3,1) (3,2) (2,2) (1,2): it stands there after six floor steps.
        assert_eq!(reach.next_to(Pos::new(0, 2)), Some(ticks(6.0)));
    }

    #[test]
    fn the_player_walks_by_the_ground_and_never_into_deep_water() {
        // Along a corridor of floor the player stands next to the fifth
        // cell after three steps; through shallow water (3 a step), at 9.
        let floor = reach_from_corner("@....\n#####\n");
        let water = reach_from_corner("@~~~~\n#####\n");
        assert_eq!(floor.next_to(Pos::new(4, 0)), Some(ticks(2.0)));
        assert_eq!(water.next_to(Pos::new(4, 0)), Some(ticks(6.0)));
        // Deep water it cannot enter: the cells beyond it are out of reach.
        let river = reach_from_corner(
            "@.WW.\n\
             ..WW.\n",
        );
        assert_eq!(river.next_to(Pos::new(4, 0)), None);
        assert_eq!(river.next_to(Pos::new(2, 0)), Some(0));
    }
}
