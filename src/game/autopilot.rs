//! A scripted player for `fogcrawl sim` and the tests: it plays on what it
//! has seen, like a person would. It fights what stands next to it, walks to
//! the stairs once it has seen them, and otherwise explores toward the
//! nearest unseen ground.

use crate::game::action::Action;
use crate::game::direction::Direction;
use crate::game::level_access::LevelAccess;
use crate::game::state::Game;
use crate::pathfinding::{DijkstraMap, Grid, Movement, Pos};
use crate::world::{CostProfile, Terrain};

/// Reusable buffers, so a long sim does not allocate every turn.
#[derive(Debug, Default)]
pub struct Autopilot {
    distances: DijkstraMap,
    profile: CostProfile,
}

impl Autopilot {
    pub fn new() -> Self {
        Self::default()
    }

    /// The player's next action.
    pub fn choose(&mut self, game: &Game) -> Action {
        let at = game.player().pos;
        if let Some(direction) = self.adjacent_enemy(game, at) {
            return Action::Move(direction);
        }
        if game.level.terrain_of(at) == Some(Terrain::StairsDown) {
            return Action::Descend;
        }
        let Some(known) = self.known_grid(game) else {
            return Action::Wait;
        };
        let stairs = game.level.stairs;
        let goals: Vec<(Pos, f64)> = if game.is_remembered(stairs) && known.connected(at, stairs) {
            vec![(stairs, 0.0)]
        } else {
            frontier(game, &known)
        };
        if goals.is_empty() {
            return Action::Wait;
        }
        self.distances.compute(&known, goals);
        match self
            .distances
            .downhill(&known, at)
            .and_then(|next| Direction::between(at, next))
        {
            Some(direction) => Action::Move(direction),
            None => Action::Wait,
        }
    }

    fn adjacent_enemy(&self, game: &Game, at: Pos) -> Option<Direction> {
        game.visible_monsters()
            .filter_map(|(_, monster)| Direction::between(at, monster.pos))
            .find(|direction| {
                let to = direction.from(at);
                // Attacks follow the corner rule too.
                !direction.is_diagonal()
                    || (is_open(game, Pos::new(to.x, at.y)) && is_open(game, Pos::new(at.x, to.y)))
            })
    }

    /// The map as the player knows it: unseen cells are walls.
    fn known_grid(&self, game: &Game) -> Option<Grid> {
        let level = &game.level;
        Grid::from_fn(
            level.width(),
            level.height(),
            Movement::default(),
            |x, y| {
                let pos = Pos::new(x, y);
                if !game.is_remembered(pos) {
                    return None;
                }
                level.terrain_of(pos).and_then(|t| self.profile.cost(t))
            },
        )
        .ok()
    }
}

fn is_open(game: &Game, pos: Pos) -> bool {
    game.level
        .terrain_of(pos)
        .is_some_and(|t| CostProfile::default().is_passable(t))
}

/// Known passable cells next to unseen ones, reachable from the player.
fn frontier(game: &Game, known: &Grid) -> Vec<(Pos, f64)> {
    let at = game.player().pos;
    let mut cells = Vec::new();
    for y in 0..game.level.height() as i32 {
        for x in 0..game.level.width() as i32 {
            let pos = Pos::new(x, y);
            if known.is_passable(pos)
                && known.connected(at, pos)
                && Direction::ALL.iter().any(|d| {
                    let next = d.from(pos);
                    game.level.terrain_of(next).is_some() && !game.is_remembered(next)
                })
            {
                cells.push((pos, 0.0));
            }
        }
    }
    cells
}
