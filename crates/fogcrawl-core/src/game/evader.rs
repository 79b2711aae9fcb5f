//! A scripted player that escapes (`sim --player evader`): it explores as
//! the autopilot does, but when a monster hunts it in sight it runs where
//! the hunters cannot see it and it gets first (round corners, through
//! doors it closes behind it), hides there until nothing has hunted it in
//! sight for a while, then walks back to where the chase began and goes on.
//! So the monsters' search for a player they lost, and their giving up, are
//! measured (`search_time`, `search_reach`, `searches_ended_wandering` in
//! `sim --json`). Like the autopilot it acts on what a player knows: the
//! cells it has seen and the monsters in sight.

use std::collections::{HashMap, VecDeque};

use crate::ai::Mode;
use crate::ai::faction::line_of_sight;
use crate::game::action::Action;
use crate::game::autopilot::Autopilot;
use crate::game::direction::Direction;
use crate::game::state::Game;
use crate::world::{CostProfile, Terrain};
use gridpath::Pos;

/// How far (in steps) it looks for a hiding place.
const ESCAPE_REACH: i32 = 25;
/// Player turns with no hunter in sight before it leaves its hiding place.
const HIDE_TURNS: u32 = 40;
/// Player turns it walks back toward where the chase began before it goes
/// on exploring from wherever it got to.
const RETURN_TURNS: u32 = 60;
/// Steps of a walk back it plans at most.
const RETURN_REACH: i32 = 60;
/// Player turns in a row it runs from hunters in sight before it gives
/// the escape up (a hunter across water may watch it for ever) ...
const ESCAPE_PATIENCE: u32 = 30;
/// ... and plays as the autopilot for this many turns.
const CALM_TURNS: u32 = 30;

/// What the evader is doing.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Phase {
    /// Exploring as the autopilot does.
    Explore,
    /// Running from hunters in sight; the chase began at `origin`.
    Escape { origin: Pos },
    /// Out of sight: waits, `quiet` turns without a hunter in sight so far.
    Hide { origin: Pos, quiet: u32 },
    /// Walks back toward `origin` for `left` more turns.
    Return { origin: Pos, left: u32 },
}

/// The escaping scripted player.
#[derive(Debug)]
pub(crate) struct Evader {
    pilot: Autopilot,
    phase: Phase,
    /// The cell it stood on before its last step (a door it may close).
    came_from: Option<Pos>,
    last_at: Option<Pos>,
    /// Turns in a row spent escaping.
    escaping: u32,
    /// Turns left of playing as the autopilot after an escape given up.
    calm: u32,
}

impl Default for Evader {
    fn default() -> Self {
        Self::new()
    }
}

/// Cells the player can walk on as it knows them: seen, and passable (a
/// closed door opens as it steps in).
fn walkable(game: &Game, cell: Pos) -> bool {
    game.is_remembered(cell)
        && game
            .level()
            .terrain_at(cell)
            .is_some_and(|t| t == Terrain::ClosedDoor || CostProfile::default().is_passable(t))
}

/// Whether a step from `from` to `to` keeps the corner rule.
fn corner_ok(game: &Game, from: Pos, to: Pos) -> bool {
    from.x == to.x
        || from.y == to.y
        || walkable(game, Pos::new(to.x, from.y)) && walkable(game, Pos::new(from.x, to.y))
}

/// The cells reached from some starts: each with its steps and the cell
/// it was reached from, in the order reached (so choices among them do not
/// depend on hashing).
struct Flood {
    order: Vec<Pos>,
    cells: HashMap<Pos, (i32, Pos)>,
}

impl Flood {
    /// Steps from `starts` over walkable cells no monster holds (but the
    /// starts), at most `reach` steps.
    fn new(game: &Game, starts: &[Pos], reach: i32) -> Self {
        let mut flood = Self {
            order: starts.to_vec(),
            cells: starts.iter().map(|&s| (s, (0, s))).collect(),
        };
        let mut queue: VecDeque<Pos> = starts.iter().copied().collect();
        while let Some(cell) = queue.pop_front() {
            let steps = flood.cells.get(&cell).map_or(reach, |&(steps, _)| steps);
            if steps >= reach {
                continue;
            }
            for direction in Direction::ALL {
                let to = direction.from(cell);
                if flood.cells.contains_key(&to)
                    || !walkable(game, to)
                    || !corner_ok(game, cell, to)
                    || game.actor_at(to).is_some_and(|a| a != 0)
                {
                    continue;
                }
                flood.cells.insert(to, (steps + 1, cell));
                flood.order.push(to);
                queue.push_back(to);
            }
        }
        flood
    }

    fn steps(&self, cell: Pos) -> Option<i32> {
        self.cells.get(&cell).map(|&(steps, _)| steps)
    }

    /// The first step from the start toward `target`.
    fn first_step(&self, target: Pos) -> Option<Pos> {
        let mut cell = target;
        loop {
            let &(steps, parent) = self.cells.get(&cell)?;
            if steps <= 1 {
                return (steps == 1).then_some(cell);
            }
            cell = parent;
        }
    }
}

fn chebyshev(a: Pos, b: Pos) -> i32 {
    a.chebyshev(b)
}

impl Evader {
    pub(crate) fn new() -> Self {
        Self {
            pilot: Autopilot::new(),
            phase: Phase::Explore,
            came_from: None,
            last_at: None,
            escaping: 0,
            calm: 0,
        }
    }

    /// The player's next action.
    pub(crate) fn choose(&mut self, game: &Game) -> Action {
        let at = game.player().pos;
        if self.last_at != Some(at) {
            self.came_from = self.last_at;
            self.last_at = Some(at);
        }
        let hunters: Vec<Pos> = game
            .visible_monsters()
            .filter(|(_, m)| m.brain.as_ref().is_some_and(|b| b.mode == Mode::Hunt))
            .map(|(_, m)| m.pos)
            .collect();
        if self.calm > 0 {
            self.calm -= 1;
            return self.pilot.choose(game);
        }
        if hunters.is_empty() {
            self.escaping = 0;
        } else if self.escaping >= ESCAPE_PATIENCE {
            self.escaping = 0;
            self.calm = CALM_TURNS;
            self.phase = Phase::Explore;
            return self.pilot.choose(game);
        } else {
            self.escaping += 1;
            let origin = match self.phase {
                Phase::Explore => at,
                Phase::Escape { origin }
                | Phase::Hide { origin, .. }
                | Phase::Return { origin, .. } => origin,
            };
            self.phase = Phase::Escape { origin };
            return self.escape(game, at, &hunters);
        }
        match self.phase {
            Phase::Explore => self.pilot.choose(game),
            Phase::Escape { origin } => {
                self.phase = Phase::Hide { origin, quiet: 0 };
                Action::Wait
            }
            Phase::Hide { origin, quiet } => {
                if quiet + 1 >= HIDE_TURNS {
                    self.phase = Phase::Return {
                        origin,
                        left: RETURN_TURNS,
                    };
                } else {
                    self.phase = Phase::Hide {
                        origin,
                        quiet: quiet + 1,
                    };
                }
                Action::Wait
            }
            Phase::Return { origin, left } => {
                let step = (at != origin && left > 0)
                    .then(|| Flood::new(game, &[at], RETURN_REACH).first_step(origin))
                    .flatten();
                match step.and_then(|to| Direction::between(at, to)) {
                    Some(direction) => {
                        self.phase = Phase::Return {
                            origin,
                            left: left - 1,
                        };
                        Action::Move(direction)
                    }
                    None => {
                        self.phase = Phase::Explore;
                        self.pilot.choose(game)
                    }
                }
            }
        }
    }

    /// A step away from the hunters in sight toward a cell they cannot
    /// see and it reaches first; a door just passed is closed behind it;
    /// cornered, it fights.
    fn escape(&mut self, game: &Game, at: Pos, hunters: &[Pos]) -> Action {
        let nearest = hunters
            .iter()
            .map(|&h| chebyshev(h, at))
            .min()
            .unwrap_or(i32::MAX);
        if let Some(door) = self.came_from
            && chebyshev(door, at) == 1
            && game.level().terrain_at(door) == Some(Terrain::OpenDoor)
            && game.actor_at(door).is_none()
            && hunters.iter().all(|&h| chebyshev(h, door) >= 2)
            && let Some(direction) = Direction::between(at, door)
        {
            self.came_from = None;
            return Action::CloseDoor(direction);
        }
        let mine = Flood::new(game, &[at], ESCAPE_REACH);
        let theirs = Flood::new(game, hunters, ESCAPE_REACH + 10);
        let their_steps = |cell: Pos| theirs.steps(cell).unwrap_or(ESCAPE_REACH + 11);
        let opaque = |cell: Pos| game.level().terrain_at(cell).is_none_or(|t| t.is_opaque());
        let best = mine
            .order
            .iter()
            .filter_map(|&cell| Some((cell, mine.steps(cell)?)))
            .filter(|&(cell, steps)| steps > 0 && cell != at)
            .map(|(cell, steps)| {
                let hidden = hunters.iter().all(|&h| !line_of_sight(h, cell, opaque));
                let margin = their_steps(cell) - steps;
                (
                    (
                        hidden && margin > 0,
                        margin.min(6),
                        their_steps(cell),
                        -steps,
                    ),
                    cell,
                )
            })
            .max_by(|a, b| a.0.cmp(&b.0).then(b.1.cmp(&a.1)));
        let step = best.and_then(|(_, target)| mine.first_step(target));
        if let Some(direction) = step.and_then(|to| Direction::between(at, to)) {
            // A step that runs into a hunter's reach is no escape: fight.
            let into = direction.from(at);
            if nearest > 1 || hunters.iter().all(|&h| chebyshev(h, into) > 1) {
                return Action::Move(direction);
            }
        }
        // Cornered: strike a hunter next to it that a blow can reach (the
        // corner rule holds for blows too), else wait. A blow across a wall
        // corner is refused and the turn passes as a wait: in a pocket
        // behind one goblin, with another diagonal across the corner, it
        // aimed at that one for 26 turns and never hurt the one in front,
        // which so never fell back (archer-grottos, evader, seed 7).
        hunters
            .iter()
            .filter(|&&h| chebyshev(h, at) == 1 && corner_ok(game, at, h))
            .find_map(|&h| Direction::between(at, h))
            .map_or(Action::Wait, Action::Move)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::test_levels::game_on;

    #[test]
    fn it_runs_round_the_corner_out_of_a_hunters_sight() {
        // The goblin at 8,1 sees the player at 3,1 down the corridor; the
        // way out of its sight is south, round the corner at 3,2.
        let (mut game, _dir) = game_on(
            "##########\n\
             #..@....g#\n\
             ###.######\n\
             ###.#>####\n\
             ###...####\n\
             ##########\n",
        );
        game.remember_whole_level();
        let goblin = game.actor_at(Pos::new(8, 1)).expect("the goblin");
        let mut evader = Evader::new();
        let hunters = [game.actors()[goblin].pos];
        let action = evader.escape(&game, game.player().pos, &hunters);
        assert_eq!(action, Action::Move(Direction::South), "{action:?}");
    }

    #[test]
    fn cornered_it_strikes_the_hunter_a_blow_can_reach() {
        // The player at 7,3 stands in the mouth of a pocket whose only way
        // in is its own cell: goblin A at 7,4 south of it, goblin B at 8,4
        // diagonal to it across the wall corner at 8,3, where no blow goes
        // (archer-grottos, evader, seed 7: goblins 8 and 1 at 65,4 and 66,4,
        // the player at 65,3). The pocket's far end, west, is no further
        // from the goblins than from it, and the way there starts at 6,3,
        // next to A: no step gets away. Cornered, it strikes A (south),
        // never B (south-east, a blow the corner rule refuses, which passes
        // as a wait).
        let (mut game, _dir) = game_on(
            "###############\n\
             #######.#######\n\
             #######..######\n\
             ##.....@#######\n\
             ##...##gg....>#\n\
             ###############\n",
        );
        game.remember_whole_level();
        let a = game.actor_at(Pos::new(7, 4)).expect("goblin A");
        let b = game.actor_at(Pos::new(8, 4)).expect("goblin B");
        let mut evader = Evader::new();
        // B first, as a lower actor index lists it in the game.
        let hunters = [game.actors()[b].pos, game.actors()[a].pos];
        let action = evader.escape(&game, game.player().pos, &hunters);
        assert_eq!(action, Action::Move(Direction::South), "{action:?}");
        assert!(
            game.player_act(action).is_ok(),
            "the blow at A is one the rules allow"
        );
    }
}
