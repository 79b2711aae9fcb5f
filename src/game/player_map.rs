//! The map as the player knows it, and the ways across it that explore and
//! travel take: a Dijkstra map (Brogue's tool) over the cells the player has
//! seen, with the player's own terrain costs, flowing down to the goals.
//!
//! Built only from what the player knows (remembered cells, items seen
//! there, the stairs once seen), never from the true level beyond that: an
//! unseen cell is a wall to it, and what lies past a door it has not looked
//! through is unknown.

use crate::game::direction::Direction;
use crate::game::state::Game;
use crate::pathfinding::{DijkstraMap, Grid, Movement, Pos};
use crate::world::CostProfile;

/// Where explore wants to go: items first (an item costs this much less to
/// walk to than a frontier as far away), else the nearest unexplored edge.
const ITEM_PULL: f64 = 4.0;

/// Reusable buffers for the player's routes.
#[derive(Debug, Default)]
pub struct PlayerMap {
    distances: DijkstraMap,
    profile: CostProfile,
}

/// Where a route leads next.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Route {
    /// Step this way.
    Step(Direction),
    /// Already at the goal.
    Arrived,
    /// No known way to any goal.
    NoWay,
}

impl PlayerMap {
    pub fn new() -> Self {
        Self::default()
    }

    /// The next step toward the nearest unexplored frontier or seen item.
    pub fn explore(&mut self, game: &Game) -> Route {
        let Some(known) = self.known_grid(game) else {
            return Route::NoWay;
        };
        let mut goals = frontier(game, &known);
        goals.extend(
            game.level
                .items
                .iter()
                .filter(|(pos, _)| game.is_remembered(*pos) && known.is_passable(*pos))
                .map(|(pos, _)| (*pos, -ITEM_PULL)),
        );
        self.route(game, &known, goals)
    }

    /// The next step toward the stairs, if the player has seen them.
    pub fn travel_to_stairs(&mut self, game: &Game) -> Route {
        let stairs = game.level.stairs;
        if !game.is_remembered(stairs) {
            return Route::NoWay;
        }
        let Some(known) = self.known_grid(game) else {
            return Route::NoWay;
        };
        self.route(game, &known, vec![(stairs, 0.0)])
    }

    fn route(&mut self, game: &Game, known: &Grid, goals: Vec<(Pos, f64)>) -> Route {
        let at = game.player().pos;
        if goals.is_empty() {
            return Route::NoWay;
        }
        if goals.iter().any(|&(goal, _)| goal == at) {
            return Route::Arrived;
        }
        self.distances.compute(known, goals);
        if self.distances.distance(at).is_none() {
            return Route::NoWay;
        }
        match self
            .distances
            .downhill(known, at)
            .and_then(|next| Direction::between(at, next))
        {
            Some(direction) => Route::Step(direction),
            None => Route::Arrived,
        }
    }

    /// The level as the player knows it: cells never seen are walls.
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
                level.terrain_at(pos).and_then(|t| self.profile.cost(t))
            },
        )
        .ok()
    }
}

/// Known passable cells next to cells never seen.
fn frontier(game: &Game, known: &Grid) -> Vec<(Pos, f64)> {
    game.level
        .positions()
        .filter(|&pos| {
            known.is_passable(pos)
                && Direction::ALL.iter().any(|d| {
                    let next = d.from(pos);
                    game.level.terrain_at(next).is_some() && !game.is_remembered(next)
                })
        })
        .map(|pos| (pos, 0.0))
        .collect()
}
