//! The map as the player knows it, and the ways across it that explore and
//! travel take: a Dijkstra map (Brogue's tool) over the cells the player has
//! seen, with the player's own terrain costs, flowing down to the goals.
//!
//! Built only from what the player knows (remembered cells, items seen
//! there, the stairs once seen), never from the true level beyond that: an
//! unseen cell is a wall to it, and what lies past a door it has not looked
//! through is unknown.
//!
//! The known map and its frontier are kept from one step to the next and
//! take in only the cells the player has newly seen: a step of explore on a
//! 1024x1024 level does not rebuild a level-sized grid. The map starts over
//! on another level, another game, or a change of terrain.

use crate::game::direction::Direction;
use crate::game::state::Game;
use crate::world::CostProfile;
use gridpath::{DijkstraMap, Grid, Movement, Pos};

/// Where explore wants to go: items first (an item costs this much less to
/// walk to than a frontier as far away), else the nearest unexplored edge.
const ITEM_PULL: f64 = 4.0;

/// Cells compared at once when looking for what the player newly saw.
const SEEN_CHUNK: usize = 256;

/// Reusable buffers for the player's routes, and the map as the player
/// knows it.
#[derive(Debug, Default)]
pub struct PlayerMap {
    distances: DijkstraMap,
    profile: CostProfile,
    known: Option<KnownMap>,
    /// The sleepers explore, travel and rest have had in view on the level
    /// of the memory epoch held, and that epoch: each stops them once, not
    /// each time it comes back into view (play21: one sleeping giant rat
    /// stopped explore three times on a level).
    sleepers_seen: (u64, Vec<usize>),
}

/// Where a route leads next.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Route {
    /// Step this way.
    Step(Direction),
    /// Already at the goal.
    Arrived,
    /// No known way to any goal.
    NoWay,
}

/// The grid of what the player knows, and its frontier, as of the player's
/// memory in one epoch (see [`Game::player_memory`]).
#[derive(Debug)]
struct KnownMap {
    epoch: u64,
    /// How many of the epoch's terrain changes the grid holds.
    terrain_taken: usize,
    grid: Grid,
    /// The player's memory the grid holds, cell by cell.
    seen: Vec<bool>,
    /// Per cell: known, passable and beside a cell never seen.
    on_frontier: Vec<bool>,
    /// The frontier's cells in row order, and perhaps cells that have left
    /// it since (dropped when the goals are next taken).
    frontier: Vec<usize>,
}

impl PlayerMap {
    pub fn new() -> Self {
        Self::default()
    }

    /// Notes the sleepers `in_view` now as seen; returns every sleeper seen
    /// on this level so far (another level or game starts the list anew).
    pub(crate) fn sleepers_seen(&mut self, game: &Game, in_view: Vec<usize>) -> Vec<usize> {
        let (epoch, _) = game.player_memory();
        let (held, seen) = &mut self.sleepers_seen;
        if *held != epoch {
            *held = epoch;
            seen.clear();
        }
        for sleeper in in_view {
            if !seen.contains(&sleeper) {
                seen.push(sleeper);
            }
        }
        seen.clone()
    }

    /// The next step toward the nearest unexplored frontier or seen item.
    pub(crate) fn explore(&mut self, game: &Game) -> Route {
        let Some(known) = catch_up(&mut self.known, &self.profile, game) else {
            return Route::NoWay;
        };
        let mut goals = known.frontier_goals(game);
        goals.extend(
            game.level()
                .items
                .iter()
                .filter(|(pos, _)| game.is_remembered(*pos) && known.grid.is_passable(*pos))
                .map(|(pos, _)| (*pos, -ITEM_PULL)),
        );
        route(&mut self.distances, game, &known.grid, goals)
    }

    /// The next step toward the stairs, if the player has seen them.
    pub(crate) fn travel_to_stairs(&mut self, game: &Game) -> Route {
        let stairs = game.level().stairs;
        if !game.is_remembered(stairs) {
            return Route::NoWay;
        }
        let Some(known) = catch_up(&mut self.known, &self.profile, game) else {
            return Route::NoWay;
        };
        route(&mut self.distances, game, &known.grid, vec![(stairs, 0.0)])
    }

    /// The next step toward the nearest item the player has seen lying
    /// on the level.
    pub(crate) fn travel_to_item(&mut self, game: &Game) -> Route {
        let Some(known) = catch_up(&mut self.known, &self.profile, game) else {
            return Route::NoWay;
        };
        let goals = game
            .level()
            .items
            .iter()
            .filter(|(pos, _)| game.is_remembered(*pos) && known.grid.is_passable(*pos))
            .map(|(pos, _)| (*pos, 0.0))
            .collect();
        route(&mut self.distances, game, &known.grid, goals)
    }

    /// The next step toward `goal`, a cell the player has seen and can
    /// stand on.
    pub(crate) fn travel_to(&mut self, game: &Game, goal: Pos) -> Route {
        let Some(known) = catch_up(&mut self.known, &self.profile, game) else {
            return Route::NoWay;
        };
        if !known.grid.is_passable(goal) {
            return Route::NoWay;
        }
        route(&mut self.distances, game, &known.grid, vec![(goal, 0.0)])
    }

    /// The cells travel to `goal` walks through, the player's cell first
    /// and `goal` last, over what the player knows; `None` when the player
    /// knows no way there (the path drawn before travel starts).
    pub fn path_to(&mut self, game: &Game, goal: Pos) -> Option<Vec<Pos>> {
        let known = catch_up(&mut self.known, &self.profile, game)?;
        if !known.grid.is_passable(goal) {
            return None;
        }
        let mut at = game.player().pos;
        if at == goal {
            return Some(vec![at]);
        }
        self.distances.compute(&known.grid, vec![(goal, 0.0)]);
        self.distances.distance(at)?;
        let mut path = vec![at];
        while at != goal {
            let next = self.distances.downhill(&known.grid, at)?;
            // Downhill always lowers the distance; a path longer than the
            // level would be a loop, never followed.
            if next == at || path.len() > game.level().width() * game.level().height() {
                return None;
            }
            path.push(next);
            at = next;
        }
        Some(path)
    }
}

/// The known map brought up to the player's memory: the cells seen, and the
/// cells whose terrain changed, since it was last brought up are priced
/// again, and the frontier around them checked again; on another level or
/// game it is built anew.
fn catch_up<'a>(
    known: &'a mut Option<KnownMap>,
    profile: &CostProfile,
    game: &Game,
) -> Option<&'a mut KnownMap> {
    let (epoch, changed) = game.player_memory();
    let holds = known.as_mut().is_some_and(|map| {
        map.epoch == epoch
            && map.terrain_taken <= changed.len()
            && map.take_in(profile, game, &changed[map.terrain_taken..])
    });
    if !holds {
        *known = KnownMap::build(profile, game, epoch, changed.len());
    }
    known.as_mut()
}

fn route(distances: &mut DijkstraMap, game: &Game, known: &Grid, goals: Vec<(Pos, f64)>) -> Route {
    let at = game.player().pos;
    if goals.is_empty() {
        return Route::NoWay;
    }
    if goals.iter().any(|&(goal, _)| goal == at) {
        return Route::Arrived;
    }
    distances.compute(known, goals);
    if distances.distance(at).is_none() {
        return Route::NoWay;
    }
    match distances
        .downhill(known, at)
        .and_then(|next| Direction::between(at, next))
    {
        Some(direction) => Route::Step(direction),
        None => Route::Arrived,
    }
}

/// What the player's grid charges for `pos`: its terrain's cost, or a wall
/// where the player has never looked.
fn known_cost(profile: &CostProfile, game: &Game, pos: Pos) -> Option<f64> {
    if !game.is_remembered(pos) {
        return None;
    }
    game.level().terrain_at(pos).and_then(|t| profile.cost(t))
}

impl KnownMap {
    /// The level as the player knows it: cells never seen are walls.
    fn build(profile: &CostProfile, game: &Game, epoch: u64, terrain_taken: usize) -> Option<Self> {
        let level = game.level();
        let grid = Grid::from_fn(
            level.width(),
            level.height(),
            Movement::default(),
            |x, y| known_cost(profile, game, Pos::new(x, y)),
        )
        .ok()?;
        let mut map = Self {
            epoch,
            terrain_taken,
            grid,
            seen: game.remembered().to_vec(),
            on_frontier: vec![false; game.remembered().len()],
            frontier: Vec::new(),
        };
        for pos in level.positions() {
            map.recheck_frontier(game, pos);
        }
        Some(map)
    }

    /// Takes in the cells the player has seen since, and the remembered
    /// cells among `changed` (terrain changed since); false if the memory
    /// lost a cell: the map must be built anew.
    fn take_in(&mut self, profile: &CostProfile, game: &Game, changed: &[Pos]) -> bool {
        let memory = game.remembered();
        if memory.len() != self.seen.len() {
            return false;
        }
        let mut newly_seen = Vec::new();
        for (chunk, (old, new)) in self
            .seen
            .chunks(SEEN_CHUNK)
            .zip(memory.chunks(SEEN_CHUNK))
            .enumerate()
        {
            if old == new {
                continue;
            }
            for (i, (&was, &is)) in old.iter().zip(new).enumerate() {
                match (was, is) {
                    (false, true) => newly_seen.push(chunk * SEEN_CHUNK + i),
                    (true, false) => return false,
                    _ => {}
                }
            }
        }
        self.terrain_taken += changed.len();
        let shape = game.level().shape();
        let mut cells: Vec<Pos> = newly_seen.iter().map(|&i| shape.pos(i)).collect();
        cells.extend(
            changed
                .iter()
                .copied()
                .filter(|&pos| game.is_remembered(pos)),
        );
        if cells.is_empty() {
            return true;
        }
        for &index in &newly_seen {
            self.seen[index] = true;
        }
        let prices = cells
            .iter()
            .map(|&pos| (pos, known_cost(profile, game, pos)));
        if self.grid.set_costs_deferring_islands(prices).is_err() {
            return false;
        }
        // A cell newly seen (or changed) may join the frontier or leave it;
        // so may its neighbours.
        for &pos in &cells {
            self.recheck_frontier(game, pos);
            for direction in Direction::ALL {
                self.recheck_frontier(game, direction.from(pos));
            }
        }
        true
    }

    /// Sets whether `pos` is on the frontier: known passable, beside a cell
    /// of the level never seen.
    fn recheck_frontier(&mut self, game: &Game, pos: Pos) {
        let Some(index) = game.level().index(pos) else {
            return;
        };
        let on = self.grid.is_passable(pos)
            && Direction::ALL.iter().any(|d| {
                let next = d.from(pos);
                game.level().terrain_at(next).is_some() && !game.is_remembered(next)
            });
        if on && !self.on_frontier[index] {
            self.frontier.push(index);
        }
        self.on_frontier[index] = on;
    }

    /// The frontier as goals, in row order (the order the Dijkstra map has
    /// always been given them in); the list is tidied on the way.
    fn frontier_goals(&mut self, game: &Game) -> Vec<(Pos, f64)> {
        let on_frontier = &self.on_frontier;
        self.frontier.retain(|&index| on_frontier[index]);
        self.frontier.sort_unstable();
        self.frontier.dedup();
        let shape = game.level().shape();
        self.frontier
            .iter()
            .map(|&index| (shape.pos(index), 0.0))
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Action;
    use crate::game::test_levels::game_on;

    /// The kept map's grid and frontier, cell by cell, against one built
    /// from scratch from the same memory.
    fn assert_same_as_built(kept: &mut PlayerMap, game: &Game) {
        let profile = CostProfile::default();
        let (epoch, changed) = game.player_memory();
        let mut built = KnownMap::build(&profile, game, epoch, changed.len()).unwrap();
        let kept = catch_up(&mut kept.known, &kept.profile, game).unwrap();
        for pos in game.level().positions() {
            assert_eq!(kept.grid.cost(pos), built.grid.cost(pos), "{pos}");
            assert_eq!(
                kept.grid.neighbours(pos).collect::<Vec<_>>(),
                built.grid.neighbours(pos).collect::<Vec<_>>(),
                "{pos}"
            );
        }
        assert_eq!(kept.frontier_goals(game), built.frontier_goals(game));
    }

    #[test]
    fn the_kept_map_takes_in_what_the_player_sees_and_doors_as_a_new_one_would() {
        let (mut game, _dir) = game_on(
            "####################\n\
             #@....#......#.....#\n\
             #.....+..~~..+.....#\n\
             #.....#......#..>..#\n\
             ####################\n",
        );
        let mut map = PlayerMap::new();
        let mut doors_worked = 0;
        for _ in 0..60 {
            assert_same_as_built(&mut map, &game);
            // Doors beside the player are opened and shut again as it goes.
            let action = match (
                game.adjacent_doors(true).first(),
                game.adjacent_doors(false).first(),
            ) {
                (Some(&door), _) if doors_worked % 2 == 0 => Action::OpenDoor(door),
                (_, Some(&door)) if doors_worked % 2 == 1 && game.player().pos.x > 7 => {
                    Action::CloseDoor(door)
                }
                _ => match map.explore(&game) {
                    Route::Step(direction) => Action::Move(direction),
                    Route::Arrived | Route::NoWay => Action::Wait,
                },
            };
            if matches!(action, Action::OpenDoor(_) | Action::CloseDoor(_)) {
                doors_worked += 1;
            }
            if game.player_act(action).is_err() {
                game.player_act(Action::Wait).unwrap();
            }
            if game.is_over() {
                break;
            }
        }
        assert!(
            game.stats().terrain_changes() >= 2,
            "the walk worked doors: {doors_worked} by hand, {} in all",
            game.stats().terrain_changes()
        );
        assert!(game.is_remembered(game.level().stairs), "it explored");
        assert_same_as_built(&mut map, &game);
    }

    #[test]
    fn after_a_load_the_kept_map_still_takes_in_doors() {
        let (game, _dir) = game_on(
            "##########\n\
             #@.+....>#\n\
             ##########\n",
        );
        let json = serde_json::to_string(&game).unwrap();
        let mut game: Game = serde_json::from_str(&json).unwrap();
        game.after_load(crate::config::MonsterConfig::shipped().unwrap())
            .unwrap();
        let mut map = PlayerMap::new();
        assert_same_as_built(&mut map, &game);
        game.player_act(Action::Move(crate::game::Direction::East))
            .unwrap();
        game.player_act(Action::OpenDoor(crate::game::Direction::East))
            .unwrap();
        assert_eq!(game.stats().terrain_changes(), 1);
        assert_eq!(
            game.player_memory().1.len(),
            1,
            "the load keeps counting changes"
        );
        assert_same_as_built(&mut map, &game);
    }

    #[test]
    fn the_path_to_a_seen_cell_runs_from_the_player_to_it_and_unseen_cells_have_none() {
        let (mut game, _dir) = game_on(
            "##########\n\
             #@.......#\n\
             #.######.#\n\
             #.#>.....#\n\
             ##########\n",
        );
        let mut map = PlayerMap::new();
        let goal = Pos::new(8, 3);
        assert_eq!(map.path_to(&game, goal), None, "not seen yet");
        // Along the top row: the east corridor is in sight from its end.
        for _ in 0..7 {
            game.player_act(Action::Move(Direction::East)).unwrap();
        }
        assert!(game.is_remembered(goal));
        let path = map.path_to(&game, goal).expect("a known way");
        assert_eq!(path.first(), Some(&game.player().pos));
        assert_eq!(path.last(), Some(&goal));
        for pair in path.windows(2) {
            assert!(Direction::between(pair[0], pair[1]).is_some(), "{path:?}");
        }
        assert!(matches!(map.travel_to(&game, goal), Route::Step(_)));
        assert_eq!(map.path_to(&game, Pos::new(0, 0)), None, "a wall");
        assert_eq!(
            map.path_to(&game, game.player().pos),
            Some(vec![game.player().pos])
        );
    }
}
