//! How many steps the player needs to reach each cell near it, over the
//! ground a faction believes open (monsters aside). A shooter keeps its
//! distance by this walk, not by the straight line: round a corridor's
//! bend, or across a wall, the player two cells off may need four steps,
//! and a step round the bend gains distance where the straight line says
//! it gains none (in a maze the shooter stood and shot at two cells, then
//! fought hand to hand once the player had walked up).

use gridpath::Pos;

use super::super::NEIGHBOURS;
use crate::ai::faction::Faction;

/// Steps from the player to the cells within `radius` of it (Chebyshev),
/// a breadth-first walk over the steps the faction believes legal.
pub(super) struct PlayerWalk {
    player: Pos,
    radius: i32,
    /// Steps to each cell of the square round the player, row by row;
    /// `None` where the walk did not reach within the square.
    steps: Vec<Option<i32>>,
}

impl PlayerWalk {
    /// The walk from `player` over what `faction` believes, within `radius`.
    pub(super) fn new(faction: &Faction, player: Pos, radius: i32) -> Self {
        let side = usize::try_from(2 * radius + 1).unwrap_or(1);
        let mut walk = Self {
            player,
            radius,
            steps: vec![None; side * side],
        };
        let mut frontier = vec![player];
        walk.set(player, 0);
        let mut depth = 0;
        while !frontier.is_empty() {
            depth += 1;
            let mut next = Vec::new();
            for from in frontier {
                for &(dx, dy) in &NEIGHBOURS {
                    let to = Pos::new(from.x + dx, from.y + dy);
                    if walk.index(to).is_some()
                        && walk.steps_to(to).is_none()
                        && !faction.believes_step_blocked(from, to)
                    {
                        walk.set(to, depth);
                        next.push(to);
                    }
                }
            }
            frontier = next;
        }
        walk
    }

    /// Steps the player needs to `cell`: its walk when the walk reached
    /// it within the square, else more than the square's radius (a cell
    /// the player cannot reach nearby is far from it).
    pub(super) fn distance(&self, cell: Pos) -> i32 {
        self.steps_to(cell)
            .unwrap_or(self.radius + 1)
            .max(cell.chebyshev(self.player))
    }

    fn steps_to(&self, cell: Pos) -> Option<i32> {
        self.index(cell).and_then(|i| self.steps[i])
    }

    fn set(&mut self, cell: Pos, steps: i32) {
        if let Some(i) = self.index(cell) {
            self.steps[i] = Some(steps);
        }
    }

    fn index(&self, cell: Pos) -> Option<usize> {
        let (dx, dy) = (cell.x - self.player.x, cell.y - self.player.y);
        if dx.abs() > self.radius || dy.abs() > self.radius {
            return None;
        }
        let side = 2 * self.radius + 1;
        usize::try_from((dy + self.radius) * side + dx + self.radius).ok()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_walk_goes_round_walls_where_the_straight_line_does_not() {
        // The player at the top left; the cell below it across the wall
        // is two cells off in a straight line, eight steps round (no step
        // cuts a wall's corner).
        let faction = crate::ai::monster_turn::tests::goblins_knowing(
            "@...\n\
             ###.\n\
             ....\n",
        )
        .0;
        let walk = PlayerWalk::new(&faction, Pos::new(0, 0), 6);
        assert_eq!(walk.distance(Pos::new(3, 0)), 3);
        assert_eq!(walk.distance(Pos::new(3, 2)), 5);
        assert_eq!(walk.distance(Pos::new(0, 2)), 8);
        // Beyond the square: at least the straight line, and more than
        // the square's reach.
        let near = PlayerWalk::new(&faction, Pos::new(0, 0), 2);
        assert_eq!(near.distance(Pos::new(0, 2)), 3);
    }
}
