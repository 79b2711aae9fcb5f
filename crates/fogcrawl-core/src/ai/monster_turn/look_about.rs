//! What an investigator does once it reaches a noise and finds nobody: it
//! looks about the place a while (the cells round the noise it has not
//! seen from where it stood, nearest first, each a cell of its own that
//! packmates leave it) before it goes back to its life, as a DCSS or
//! Brogue monster searches about a noise it reached. Without it a lure
//! drew a monster only to within two cells of where it landed, and it
//! strolled off at once, often straight back toward the player
//! (`/work/notes/s18/lure18-excerpts.md`: one lure of six drew a monster
//! clean away).

use std::cmp::Reverse;
use std::collections::BinaryHeap;

use gridpath::{Grid, Pos};
use serde::{Deserialize, Serialize};

use super::pack::square;
use super::{DANGEROUS, MemberTurn};
use crate::ai::player_reach::Square;
use crate::ai::thought::Thought;

/// How far (Chebyshev, in cells) from the noise it looks about.
pub(crate) const LOOK_ABOUT_RADIUS: i32 = 4;
/// Game time it looks about before it gives the place up (a dozen steps
/// of a goblin).
pub(crate) const LOOK_ABOUT_TIME: f64 = 12.0;
/// How many of the cells it stood on while looking about it remembers.
const STOOD_ON: usize = 4;

/// A look about a noise that turned out to be nobody, in progress.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct LookingAbout {
    /// The noise it reached.
    pub noise: Pos,
    /// Game time at which it gives the place up.
    pub until: f64,
    /// The cells it last stood on while looking about, newest first: it
    /// has looked from them, and does not go back to them.
    pub stood_on: [Option<Pos>; STOOD_ON],
}

impl LookingAbout {
    /// Whether it stands on, or stood next to, `cell` lately.
    fn stood_by(&self, cell: Pos) -> bool {
        self.stood_on
            .iter()
            .flatten()
            .any(|&stood| stood.chebyshev(cell) <= 1)
    }

    /// Notes that it stands on `at` now.
    fn stands_on(&mut self, at: Pos) {
        if self.stood_on[0] != Some(at) {
            self.stood_on.rotate_right(1);
            self.stood_on[0] = Some(at);
        }
    }
}

impl MemberTurn<'_> {
    /// Begins to look about the noise at `noise`, which it has just
    /// reached (or the nearest spot it could hold that shows it).
    pub(super) fn start_looking_about(&mut self, noise: Pos) {
        self.brain.looking_about = Some(LookingAbout {
            noise,
            until: self.senses.now + LOOK_ABOUT_TIME,
            stood_on: [None; STOOD_ON],
        });
    }

    /// The cell it looks from next while it looks about the noise it
    /// reached: of the cells near the noise its faction has seen and it
    /// may hold, safe, reachable and not where it stood lately, one it has not seen from the noise
    /// or where it stood first, then one on ahead before one back the way
    /// it just came, then the nearest (it keeps the one it holds while
    /// that still serves, and for none back the way it came). `None`: it has looked long enough,
    /// a cell about the noise proved out of reach, or there is nowhere
    /// left to look from; it is done.
    pub(super) fn look_about(&mut self) -> Option<Pos> {
        let at = self.senses.at;
        let mut looking = self.brain.looking_about.take()?;
        if self.senses.now >= looking.until {
            return None;
        }
        // A cell about the noise it found no way to (a door it cannot
        // open, one another faction fights in): the cells beyond are as
        // far out of reach. Trying them one by one cost a search and a
        // wait each (a wolf stood 11 actions, its look flipping between
        // two cells behind a door: a doored level of our own, seed 4).
        if self
            .brain
            .unreachable
            .is_some_and(|cell| cell.chebyshev(looking.noise) <= LOOK_ABOUT_RADIUS)
        {
            return None;
        }
        looking.stands_on(at);
        let grid = self.faction.grid()?;
        let faction = &*self.faction;
        let seen = |cell: Pos| {
            faction.believes_seen_from(looking.noise, cell)
                || looking
                    .stood_on
                    .iter()
                    .flatten()
                    .any(|&stood| faction.believes_seen_from(stood, cell))
        };
        // A cell back the way it just came: nearer, by its faction's way
        // about the noise, to the cell its last step left than to the one
        // it stands on (the way there sets out back over that cell).
        let ways = self.brain.came_from.map(|from| {
            (
                WayCosts::about(grid, from, looking.noise),
                WayCosts::about(grid, at, looking.noise),
            )
        });
        let behind = |cell: Pos| {
            ways.as_ref()
                .is_some_and(|(back, here)| match (back.to(cell), here.to(cell)) {
                    (Some(back), Some(here)) => back < here,
                    (back, here) => back.is_some() && here.is_none(),
                })
        };
        // It looks from cells it knows: an unknown cell may be rock (a
        // goblin in a doorway waited on its search for a wall, rooms
        // seed 3), and what it has not seen is what it looks at, not from.
        let candidates: Vec<(Looked, Pos)> = square(looking.noise, LOOK_ABOUT_RADIUS)
            .filter(|&cell| faction.knowledge().belief(cell).is_some())
            .filter(|&cell| !looking.stood_by(cell))
            .filter(|&cell| faction.avoidance_at(cell) <= DANGEROUS)
            .filter(|&cell| grid.connected(at, cell))
            .filter(|&cell| self.may_hold(cell))
            .map(|cell| {
                let looked = Looked {
                    seen: seen(cell),
                    behind: behind(cell),
                };
                (looked, cell)
            })
            .collect();
        let held = self
            .brain
            .spot
            .and_then(|spot| candidates.iter().find(|&&(_, cell)| cell == spot))
            .copied();
        // Unseen first, and of those the ones ahead before the ones back
        // the way it came: a skeleton that broke a door from a room it
        // stood in for seven turns stepped into the doorway, the noise,
        // turned back into that room for a cell low along its wall and
        // then back through the door to the cells beyond (shut-cells seed
        // 2: 44,16 -> 44,17 -> 44,16 -> 44,17, turns 58-64).
        let best = candidates
            .iter()
            .copied()
            .min_by(|&(looked_a, a), &(looked_b, b)| {
                looked_a
                    .cmp(&looked_b)
                    .then(at.octile(a).total_cmp(&at.octile(b)))
                    .then(a.cmp(&b))
            });
        let spot = match (held, best) {
            // The cell it heads for keeps serving unless it turned out
            // seen while an unseen one is left, and then only for one that
            // does not lie behind it: a step out of a doorway showed the
            // room it stepped into, and the unseen cells left lay in the
            // room behind, so it stepped straight back through the door,
            // an A-B-A-B (gatehouse seed 6: a skeleton at the noise of a
            // door it broke, 44,4 -> 44,3 -> 44,4). It walks on to the
            // cell it held and turns back from there.
            (Some((held_looked, held)), Some((best_looked, _)))
                if held_looked.seen <= best_looked.seen
                    || (best_looked.behind && !held_looked.behind) =>
            {
                held
            }
            (_, Some((_, best))) => best,
            (_, None) => return None,
        };
        self.brain.looking_about = Some(looking);
        self.hold(spot);
        self.brain.thought = Thought::LooksAbout {
            noise: looking.noise,
            spot,
        };
        Some(spot)
    }
}

/// What a cell to look from is to a member looking about, in the order it
/// takes them: one it has not seen (from the noise or from where it stood)
/// before one it has, and one ahead before one back the way it just came.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
struct Looked {
    seen: bool,
    behind: bool,
}

/// How far about the noise (Chebyshev, in cells) the way to a cell to
/// look from is priced: twice the look's radius, room for a way round a
/// wall between two of its cells.
const WAY_RADIUS: i32 = 2 * LOOK_ABOUT_RADIUS;

/// The cost of the faction's cheapest way from one cell to each cell of
/// the square of [`WAY_RADIUS`] about a noise, over its planning grid's
/// legal steps and prices, without leaving the square.
struct WayCosts {
    square: Square,
    cost: Vec<Option<f64>>,
}

impl WayCosts {
    fn about(grid: &Grid, from: Pos, noise: Pos) -> Self {
        let square = Square::new(noise, WAY_RADIUS);
        let mut ways = WayCosts {
            square,
            cost: vec![None; square.len()],
        };
        let mut frontier = BinaryHeap::new();
        if let Some(start) = ways.index(from) {
            ways.cost[start] = Some(0.0);
            frontier.push(Reverse((0.0f64.to_bits(), from.x, from.y)));
        }
        // Costs are positive, so their bits sort as the costs do.
        while let Some(Reverse((bits, x, y))) = frontier.pop() {
            let (cell, so_far) = (Pos::new(x, y), f64::from_bits(bits));
            if ways.to(cell).is_some_and(|best| best < so_far) {
                continue;
            }
            for (next, step) in grid.neighbours(cell) {
                let Some(index) = ways.index(next) else {
                    continue;
                };
                let cost = so_far + step;
                if ways.cost[index].is_none_or(|best| cost < best) {
                    ways.cost[index] = Some(cost);
                    frontier.push(Reverse((cost.to_bits(), next.x, next.y)));
                }
            }
        }
        ways
    }

    fn index(&self, cell: Pos) -> Option<usize> {
        self.square.index(cell)
    }

    /// The cost of the way to `cell`; `None` when the square holds none.
    fn to(&self, cell: Pos) -> Option<f64> {
        self.index(cell).and_then(|index| self.cost[index])
    }
}

#[cfg(test)]
mod tests {
    use gridpath::Pos;

    use crate::ai::Mode;
    use crate::ai::thought::{Thought, why_line};
    use crate::game::Action;
    use crate::game::Direction;
    use crate::game::test_levels::game_on;
    use crate::world::ItemKind;

    #[test]
    fn a_goblin_a_lure_draws_looks_about_the_noise_while_a_sneaking_player_slips_past() {
        // The lure lands at 8,1, seven cells north of the goblin at 8,8;
        // the player, seven cells west of it and sneaking (an unaware
        // goblin sees a sneaking player only within 4 of its 9 cells),
        // slips down and east along the bottom wall while the goblin
        // walks to the noise and looks about it.
        let map = "########################\n\
                   #.....................>#\n\
                   #......................#\n\
                   #......................#\n\
                   #......................#\n\
                   #......................#\n\
                   #......................#\n\
                   #......................#\n\
                   #@......g..............#\n\
                   #......................#\n\
                   #......................#\n\
                   #......................#\n\
                   ########################\n";
        let (mut game, _dir) = game_on(map);
        let goblin = (1..game.actors().len())
            .find(|&a| game.actors()[a].pos == Pos::new(8, 8))
            .expect("the goblin");
        let noise = Pos::new(8, 1);
        game.player_act(Action::Sneak(true)).expect("sneaks");
        game.inventory_mut().add(ItemKind::Noisemaker);
        game.player_act(Action::UseItem {
            item: ItemKind::Noisemaker,
            toward: None,
            at: Some(noise),
        })
        .expect("throws");
        let mut reached = None;
        let mut trail = Vec::new();
        for step in 0..30 {
            let way = if step < 3 {
                Direction::SouthEast
            } else {
                Direction::East
            };
            game.player_act(Action::Move(way)).expect("sneaks on");
            let pos = game.actors()[goblin].pos;
            let brain = game.actors()[goblin].brain.as_ref().expect("a monster");
            trail.push((
                game.time(),
                game.actors()[0].pos,
                pos,
                brain.mode,
                brain.thought,
            ));
            assert_eq!(brain.mode, Mode::Investigate, "{trail:?}");
            if reached.is_none() && matches!(brain.thought, Thought::LooksAbout { .. }) {
                // It went to the noise itself, not merely within sight of it.
                let looking = brain.looking_about.expect("looking about");
                assert!(looking.stood_on.contains(&Some(noise)), "{trail:?}");
                reached = Some(game.time());
            }
            if reached.is_some_and(|when| game.time() >= when + 8.0) {
                break;
            }
        }
        assert!(reached.is_some(), "it looks about the noise: {trail:?}");
        let brain = game.actors()[goblin].brain.as_ref().expect("a monster");
        let at = game.actors()[goblin].pos;
        assert!(
            at.chebyshev(noise) <= super::LOOK_ABOUT_RADIUS,
            "{at} {trail:?}"
        );
        assert!(
            matches!(brain.thought, Thought::LooksAbout { noise: n, .. } if n == noise),
            "{trail:?}"
        );
        let why = why_line(&brain.thought, brain.mode, "goblins");
        assert!(why.starts_with("looking about the noise at 8,1"), "{why}");
    }
}
