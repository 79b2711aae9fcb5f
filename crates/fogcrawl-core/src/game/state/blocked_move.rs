//! Why a step was refused, in words a player can act on: a wall, deep
//! water, the edge of the map, or the corner rule (a diagonal step, and a
//! diagonal blow, needs both cells beside it open).
//!
//! Reads the level and the mover's costs; never changes anything.

use crate::world::Terrain;
use gridpath::Pos;

use super::{Game, Refusal};

impl Game {
    /// The refusal for a step from `from` to `to` that the rules forbid for
    /// the mover with navigation `profile`.
    pub(super) fn why_blocked(&self, profile: usize, from: Pos, to: Pos) -> Refusal {
        let Some(target) = self.level.terrain_at(to) else {
            return Refusal::Edge;
        };
        if self.nav.cost(profile, target).is_none() {
            return blocked_by(target);
        }
        let diagonal = from.x != to.x && from.y != to.y;
        if diagonal {
            return Refusal::Corner(self.corner_blocker(profile, from, to));
        }
        blocked_by(target)
    }

    /// The name of what stands at the corner of a diagonal step and blocks it
    /// (the first of the two side cells that is not open).
    pub(super) fn corner_blocker(&self, profile: usize, from: Pos, to: Pos) -> &'static str {
        let sides = [Pos::new(to.x, from.y), Pos::new(from.x, to.y)];
        let open = |terrain: Terrain| {
            self.nav.cost(profile, terrain).is_some() || terrain == Terrain::ClosedDoor
        };
        sides
            .into_iter()
            .find_map(|side| match self.level.terrain_at(side) {
                None => Some("edge of the map"),
                Some(terrain) if !open(terrain) => Some(terrain_words(terrain)),
                Some(_) => None,
            })
            .unwrap_or("wall")
    }
}

fn blocked_by(terrain: Terrain) -> Refusal {
    match terrain {
        Terrain::Wall => Refusal::Wall,
        Terrain::DeepWater => Refusal::DeepWater,
        other => Refusal::Impassable(terrain_words(other)),
    }
}

/// A terrain's name in a sentence ("deep water", "closed door").
pub(crate) fn terrain_words(terrain: Terrain) -> &'static str {
    match terrain {
        Terrain::Wall => "wall",
        Terrain::Floor => "floor",
        Terrain::Road => "road",
        Terrain::Grass => "grass",
        Terrain::Mud => "mud",
        Terrain::Swamp => "swamp",
        Terrain::ShallowWater => "shallow water",
        Terrain::DeepWater => "deep water",
        Terrain::Rubble => "rubble",
        Terrain::ClosedDoor => "closed door",
        Terrain::OpenDoor => "open door",
        Terrain::StairsDown => "stairs down",
    }
}

#[cfg(test)]
mod tests {
    use crate::game::test_levels::game_on;
    use crate::game::{Action, Direction, Refusal};

    #[test]
    fn each_blocked_step_says_what_blocks_it() {
        let (mut game, _dir) = game_on("#####\n#@W.#\n#..>#\n#####\n");
        assert_eq!(
            game.player_act(Action::Move(Direction::North)),
            Err(Refusal::Wall)
        );
        assert_eq!(
            game.player_act(Action::Move(Direction::East)),
            Err(Refusal::DeepWater)
        );
        let refusal = game.player_act(Action::Move(Direction::SouthEast));
        assert_eq!(refusal, Err(Refusal::Corner("deep water")));
        assert_eq!(
            refusal.unwrap_err().to_string(),
            "You cannot cut the corner: the deep water beside you blocks a diagonal step."
        );
        assert_eq!(game.time, 0.0, "refusals take no time");
    }

    #[test]
    fn a_diagonal_blow_around_a_corner_is_refused_and_says_so() {
        let (mut game, _dir) = game_on("#####\n#@#>#\n#.g.#\n#####\n");
        let refusal = game.player_act(Action::Move(Direction::SouthEast));
        assert_eq!(refusal, Err(Refusal::CornerAttack("wall")));
        assert!(
            refusal
                .unwrap_err()
                .to_string()
                .contains("attack around the corner")
        );
    }
}
