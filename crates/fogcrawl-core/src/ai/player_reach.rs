//! The player's way round it, as a faction believes the ground: one map of
//! the square round the player ([`Square`]), drawn by one walk from the
//! player's cell ([`PlayerReach`]), read by every member that weighs where
//! the player could come. It is drawn two ways, by the same search:
//!
//! - [`PlayerReach::by_time`]: the terrain table's costs at the player's
//!   speed, no step into deep water, no corner cut: how soon the player
//!   could stand next to a cell ([`PlayerReach::next_to`]). A shooter
//!   backing off weighs the cells a few of its own steps away by this:
//!   across a pool it swims, or swamp it crosses faster than the player, a
//!   cell two cells off may be out of the player's reach for a long while.
//! - [`PlayerReach::by_steps`]: every step 1, over the steps the faction's
//!   planning grid holds legal: how many steps the player needs to a cell
//!   ([`PlayerReach::steps`]). A shooter keeps its distance by this, not
//!   by the straight line: round a corridor's bend, or across a wall, the
//!   player two cells off may need four steps, and a step round the bend
//!   gains distance where the straight line says it gains none (in a maze
//!   the shooter stood and shot at two cells, then fought hand to hand
//!   once the player had walked up).
//!
//! Each is drawn once and shared by the faction's members while what it
//! was drawn from stands ([`crate::ai::faction::Faction::player_reach`],
//! [`crate::ai::faction::Faction::player_steps`]; Brogue CE builds its
//! safety maps once a turn for the same reason): the player's cell and
//! the beliefs it read. Not the player turn: a member that acts later in
//! the turn may have learnt the square anew (a door found shut, a wall
//! where the map guessed floor), and a map kept for the turn priced the
//! player's walk on what the faction no longer believed. It is scratch,
//! never saved, and reads only the faction's beliefs, never the true
//! level.

use std::cmp::Reverse;
use std::collections::BinaryHeap;

use gridpath::{DIRECTION_DELTAS, Grid, Pos};

use crate::ai::knowledge::FactionKnowledge;
use crate::world::terrain::{FLOOR_COST, Terrain};

/// Game time in thousandths of a floor step at speed 1: whole numbers, so
/// times compare by a total order.
pub(crate) type Ticks = i64;

/// Ticks in one unit of game time.
const TICKS_PER_TIME: f64 = 1000.0;

/// How far round the player (Chebyshev) the map by time reaches: a
/// shooter within two cells of the player looking four steps ahead, and
/// the cells next to those, with room for the player's walk round a wall.
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

/// The square of cells within `radius` (Chebyshev) of a centre, numbered
/// row by row: the window every layer of a [`PlayerReach`] is indexed by,
/// and the look about a noise's way costs.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub(crate) struct Square {
    centre: Pos,
    radius: i32,
}

impl Square {
    pub(crate) fn new(centre: Pos, radius: i32) -> Self {
        Self {
            centre,
            radius: radius.max(0),
        }
    }

    /// How many cells the square holds.
    pub(crate) fn len(self) -> usize {
        let side = usize::try_from(2 * self.radius + 1).unwrap_or(1);
        side * side
    }

    /// The number of `cell` in the square; `None` outside it.
    pub(crate) fn index(self, cell: Pos) -> Option<usize> {
        let (dx, dy) = (cell.x - self.centre.x, cell.y - self.centre.y);
        if dx.abs() > self.radius || dy.abs() > self.radius {
            return None;
        }
        let side = 2 * self.radius + 1;
        usize::try_from((dy + self.radius) * side + dx + self.radius).ok()
    }

    /// The cell numbered `index`.
    fn pos(self, index: usize) -> Pos {
        let side = 2 * self.radius + 1;
        let index = i32::try_from(index).unwrap_or(i32::MAX);
        Pos::new(
            self.centre.x - self.radius + index % side,
            self.centre.y - self.radius + index / side,
        )
    }
}

/// What a map was drawn from: it is drawn again when any of it changes.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
struct Drawn {
    square: Square,
    /// The version of the faction's beliefs ([`PlayerReach::by_time`]: a
    /// later version is checked against the beliefs the map read) or of
    /// its ground ([`PlayerReach::by_steps`]).
    stamp: u64,
}

/// The player's walk from the centre of a [`Square`]: when it is ready on
/// each cell, and when it first stands on it (a move puts it on the cell at
/// once; its time goes by after), in [`Ticks`] for the map by time and in
/// steps for the map by steps.
#[derive(Debug, Clone, Default)]
pub(crate) struct PlayerReach {
    drawn: Drawn,
    /// When the walk is ready on each cell; `None` where it does not come
    /// within the square.
    ready: Vec<Option<Ticks>>,
    /// When the player first stands on each cell (`None` as above).
    stand: Vec<Option<Ticks>>,
    /// Whether the player can enter each cell (corners it cannot enter
    /// block a diagonal step or blow).
    open: Vec<bool>,
    /// What the map by time read of each cell: the faction's belief, or
    /// `None` off the level (empty for the map by steps).
    read: Vec<Option<Option<Terrain>>>,
}

impl PlayerReach {
    /// The map by time for the player at `player`, over what `knowledge`
    /// believes, within [`PLAYER_REACH_RADIUS`].
    pub(crate) fn by_time(knowledge: &FactionKnowledge, player: Pos) -> Self {
        let square = Square::new(player, PLAYER_REACH_RADIUS);
        let read = read_beliefs(knowledge, square);
        // The walk stays within the square.
        let enter = |pos: Pos| -> Option<f64> {
            square
                .index(pos)
                .and_then(|i| read[i])
                .and_then(player_enter_time)
        };
        let open: Vec<bool> = (0..square.len())
            .map(|i| enter(square.pos(i)).is_some())
            .collect();
        let legal = |from: Pos, to: Pos| step_legal(square, &open, from, to);
        let step = |from: Pos, to: Pos| -> Option<Ticks> {
            let cost = enter(to)?;
            legal(from, to).then_some(())?;
            Some(ticks(from.octile(to) * cost))
        };
        let (ready, stand) = walk(square, step);
        Self {
            drawn: Drawn {
                square,
                stamp: knowledge.version(),
            },
            ready,
            stand,
            open,
            read,
        }
    }

    /// Whether this map by time, round `player`, still stands on what
    /// `knowledge` believes now: drawn at its version, or at an older one
    /// that believed the same of every cell of the square (beliefs learnt
    /// elsewhere on the level move the version, not the map; it takes the
    /// new version then, and compares no more until the next).
    pub(crate) fn stands_on(&mut self, knowledge: &FactionKnowledge, player: Pos) -> bool {
        let square = Square::new(player, PLAYER_REACH_RADIUS);
        if self.drawn.square != square || self.ready.is_empty() || self.read.is_empty() {
            return false;
        }
        let version = knowledge.version();
        if self.drawn.stamp == version {
            return true;
        }
        let same = (0..square.len()).all(|i| self.read[i] == read_belief(knowledge, square.pos(i)));
        if same {
            self.drawn.stamp = version;
        }
        same
    }

    /// The map by steps for the player at `player`, within `radius`, over
    /// the steps `grid` (a faction's planning grid, at version `ground` of
    /// what the faction believes of the ground) holds legal; with no grid,
    /// the player's cell alone.
    pub(crate) fn by_steps(grid: Option<&Grid>, player: Pos, radius: i32, ground: u64) -> Self {
        let square = Square::new(player, radius);
        let open: Vec<bool> = (0..square.len())
            .map(|i| grid.is_some_and(|grid| grid.is_passable(square.pos(i))))
            .collect();
        let step = |from: Pos, to: Pos| -> Option<Ticks> {
            grid.is_some_and(|grid| grid.is_legal_step(from, to))
                .then_some(1)
        };
        let (ready, stand) = walk(square, step);
        Self {
            drawn: Drawn {
                square,
                stamp: ground,
            },
            ready,
            stand,
            open,
            read: Vec::new(),
        }
    }

    /// Whether this map was drawn round `player` within `radius` at
    /// `stamp` (the player turn, or the ground's version: see the two ways
    /// it is drawn).
    pub(crate) fn is_for(&self, player: Pos, radius: i32, stamp: u64) -> bool {
        self.drawn
            == Drawn {
                square: Square::new(player, radius),
                stamp,
            }
            && !self.ready.is_empty()
    }

    /// Steps the player needs to `cell` by the map by steps: its walk when
    /// the walk reached it within the square, else more than the square's
    /// radius (a cell the player cannot reach nearby is far from it); never
    /// fewer than the straight line.
    pub(crate) fn steps(&self, cell: Pos) -> i32 {
        let square = self.drawn.square;
        let walked = square
            .index(cell)
            .and_then(|i| self.ready[i])
            .and_then(|steps| i32::try_from(steps).ok());
        walked
            .unwrap_or(square.radius + 1)
            .max(cell.chebyshev(square.centre))
    }

    /// The earliest the player could stand next to `cell` with a legal
    /// blow on it (0 when it stands there now); `None` when its walk does
    /// not come next to it within the map's square (across deep water, say).
    pub(crate) fn next_to(&self, cell: Pos) -> Option<Ticks> {
        let square = self.drawn.square;
        DIRECTION_DELTAS
            .iter()
            .map(|&(dx, dy)| Pos::new(cell.x + dx, cell.y + dy))
            .filter(|&from| step_legal(square, &self.open, from, cell))
            .filter_map(|from| square.index(from).and_then(|i| self.stand[i]))
            .min()
    }
}

/// What `knowledge` believes of each cell of `square` (`None` off the
/// level), numbered as the square numbers them.
fn read_beliefs(knowledge: &FactionKnowledge, square: Square) -> Vec<Option<Option<Terrain>>> {
    (0..square.len())
        .map(|i| read_belief(knowledge, square.pos(i)))
        .collect()
}

/// What `knowledge` believes of `pos`, `None` off the level: what the map
/// by time reads of a cell, and checks again in [`PlayerReach::stands_on`].
fn read_belief(knowledge: &FactionKnowledge, pos: Pos) -> Option<Option<Terrain>> {
    knowledge.in_bounds(pos).then(|| knowledge.belief(pos))
}

/// Whether a step or a blow from `from` to `to`, side by side, cuts no
/// corner the player cannot enter, by `open` over `square` (beyond the
/// square: open, as far as the map knows).
fn step_legal(square: Square, open: &[bool], from: Pos, to: Pos) -> bool {
    let open = |pos: Pos| square.index(pos).is_none_or(|i| open[i]);
    from.x == to.x || from.y == to.y || open(Pos::new(to.x, from.y)) && open(Pos::new(from.x, to.y))
}

/// The walk from the centre of `square` within it (Dijkstra), each step
/// priced by `step` (`None`: no step): when the walk is ready on each cell,
/// and when it first stands on it (from the moment it was ready on the
/// cell before).
fn walk(
    square: Square,
    step: impl Fn(Pos, Pos) -> Option<Ticks>,
) -> (Vec<Option<Ticks>>, Vec<Option<Ticks>>) {
    let mut ready: Vec<Option<Ticks>> = vec![None; square.len()];
    let mut stand: Vec<Option<Ticks>> = vec![None; square.len()];
    // Cells taken from the frontier: their times are final (and a cell's
    // first step from a taken cell set its standing time, the earliest),
    // so no step onto them is priced again.
    let mut settled = vec![false; square.len()];
    let mut frontier = BinaryHeap::new();
    let start = square.centre;
    if let Some(i) = square.index(start) {
        ready[i] = Some(0);
        stand[i] = Some(0);
        frontier.push(Reverse((0, start.y, start.x)));
    }
    while let Some(Reverse((time, y, x))) = frontier.pop() {
        let from = Pos::new(x, y);
        let Some(at) = square.index(from) else {
            continue;
        };
        if settled[at] || ready[at].is_some_and(|known| known < time) {
            continue;
        }
        settled[at] = true;
        for &(dx, dy) in &DIRECTION_DELTAS {
            let to = Pos::new(from.x + dx, from.y + dy);
            let Some(i) = square.index(to).filter(|&i| !settled[i]) else {
                continue;
            };
            let Some(cost) = step(from, to) else {
                continue;
            };
            if stand[i].is_none_or(|known| time < known) {
                stand[i] = Some(time);
            }
            let done = time + cost;
            if ready[i].is_none_or(|known| done < known) {
                ready[i] = Some(done);
                frontier.push(Reverse((done, to.y, to.x)));
            }
        }
    }
    (ready, stand)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The map by time from the top left cell of `rows`, as the goblins
    /// know it.
    fn reach_from_corner(rows: &str) -> PlayerReach {
        let level = crate::world::level::text::parse(rows).expect("a level");
        PlayerReach::by_time(&FactionKnowledge::omniscient(&level), Pos::new(0, 0))
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
    fn the_map_by_time_is_drawn_again_when_its_square_is_learnt_anew_and_only_then() {
        // The player at the top left of a corridor; the faction believes
        // the row below walls. From its cell at 0, the player stands next
        // to (4,0) after two floor steps, at 2.
        let level = crate::world::level::text::parse(
            "@....\n\
             #####\n",
        )
        .expect("a level");
        let mut knowledge = FactionKnowledge::omniscient(&level);
        let player = Pos::new(0, 0);
        let mut reach = PlayerReach::by_time(&knowledge, player);
        assert_eq!(reach.next_to(Pos::new(4, 0)), Some(ticks(2.0)));
        // Later in the same player turn a member finds (2,0) a wall (the
        // map guessed floor): the player's way along the corridor is gone,
        // and the map kept for the turn still had it reach (4,0) at 2.
        knowledge.observe(Pos::new(2, 0), Terrain::Wall, 0.5);
        assert!(!reach.stands_on(&knowledge, player));
        let reach = PlayerReach::by_time(&knowledge, player);
        assert_eq!(reach.next_to(Pos::new(4, 0)), None);
        // What it learns outside the square (ten cells round the player)
        // moves the beliefs' version, not the map.
        let wide =
            crate::world::level::text::parse(&format!("@{}\n", ".".repeat(14))).expect("a level");
        let mut knowledge = FactionKnowledge::omniscient(&wide);
        let mut far = PlayerReach::by_time(&knowledge, player);
        knowledge.observe(Pos::new(13, 0), Terrain::Mud, 0.5);
        assert!(far.stands_on(&knowledge, player));
        // A step of the player's is another square: drawn again.
        assert!(!far.stands_on(&knowledge, Pos::new(1, 0)));
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

    #[test]
    fn the_steps_go_round_walls_where_the_straight_line_does_not() {
        // The player at the top left; the cell below it across the wall
        // is two cells off in a straight line, eight steps round (no step
        // cuts a wall's corner).
        let level = crate::world::level::text::parse(
            "@...\n\
             ###.\n\
             ....\n",
        )
        .expect("a level");
        let config = crate::config::MonsterConfig::shipped().expect("the shipped config");
        let goblins = config.faction("goblins").expect("goblins").clone();
        let mut faction =
            crate::ai::faction::Faction::new(goblins.clone(), FactionKnowledge::omniscient(&level));
        faction.rebuild(goblins).expect("a planning grid");
        let steps = |radius| PlayerReach::by_steps(faction.grid(), Pos::new(0, 0), radius, 0);
        let walk = steps(6);
        assert_eq!(walk.steps(Pos::new(3, 0)), 3);
        assert_eq!(walk.steps(Pos::new(3, 2)), 5);
        assert_eq!(walk.steps(Pos::new(0, 2)), 8);
        // Beyond the square: at least the straight line, and more than
        // the square's reach.
        assert_eq!(steps(2).steps(Pos::new(0, 2)), 3);
    }

    #[test]
    fn the_square_numbers_its_cells_row_by_row() {
        // A square of radius 1 round (5, 5): (4, 4) is its first cell,
        // (6, 6) its ninth and last; (7, 5) lies outside.
        let square = Square::new(Pos::new(5, 5), 1);
        assert_eq!(square.len(), 9);
        assert_eq!(square.index(Pos::new(4, 4)), Some(0));
        assert_eq!(square.index(Pos::new(6, 6)), Some(8));
        assert_eq!(square.index(Pos::new(7, 5)), None);
        for i in 0..square.len() {
            assert_eq!(square.index(square.pos(i)), Some(i));
        }
    }
}
