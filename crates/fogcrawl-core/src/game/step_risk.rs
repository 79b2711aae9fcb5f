//! The cost of a step into slow ground while a monster is near: how long
//! the step takes and how many actions the most dangerous monster in view
//! gets meanwhile. The UI asks before such a step; the side panel and the
//! prompt say the numbers. Reads the game; changes nothing.

use crate::game::direction::Direction;
use crate::game::state::Game;
use crate::world::action_time::{action_time, move_time};
use crate::world::{CostProfile, Terrain};

/// Ground dearer than this per step is slow enough to warn about (mud is
/// 2, grass 1.25).
pub(crate) const SLOW_GROUND_COST: f64 = 1.5;

/// What a slow step would give a monster.
#[derive(Debug, Clone, PartialEq)]
pub struct StepRisk {
    pub terrain: Terrain,
    /// Game time the step takes.
    pub time: f64,
    /// The monster that gets the most actions and can reach the player's
    /// new cell with them.
    pub monster: usize,
    /// Whole actions it gets during the step.
    pub actions: u32,
}

impl StepRisk {
    /// The warning, e.g. "Swamp: this step takes 4.0 turns; the wolf gets
    /// 6 actions."
    pub fn warning(&self, game: &Game) -> String {
        let ground = self.terrain.name().replace('_', " ");
        let mut ground_chars = ground.chars();
        let ground = match ground_chars.next() {
            Some(first) => first.to_uppercase().chain(ground_chars).collect(),
            None => String::new(),
        };
        let actions = if self.actions == 1 {
            "1 action".to_owned()
        } else {
            format!("{} actions", self.actions)
        };
        format!(
            "{ground}: this step takes {:.1} turns; {} gets {actions}.",
            self.time,
            game.name_of(self.monster)
        )
    }
}

impl Game {
    /// The risk of stepping `direction` now: `None` unless the cell is slow
    /// ground the player can enter and a threatening monster in view
    /// (`Game::threat`) could reach the cell and strike within the step.
    pub fn step_risk(&self, direction: Direction) -> Option<StepRisk> {
        let at = self.player().pos;
        let to = direction.from(at);
        let terrain = self.level().terrain_at(to)?;
        let cost = CostProfile::default().cost(terrain)?;
        if cost <= SLOW_GROUND_COST || self.actor_at(to).is_some() {
            return None;
        }
        let time = move_time(direction.length(), cost, 1.0);
        self.threats()
            .into_iter()
            .filter_map(|(monster, _)| {
                let actor = &self.actors()[monster];
                let speed = self
                    .faction_index_of(monster)
                    .and_then(|f| self.factions()[f].config().map(|c| c.speed))?;
                // A slowed monster (the wand) acts half as often: play21
                // was told a slowed wolf got 6 actions in a swamp step.
                let action = action_time(speed) * self.tools().time_factor(monster, self.time());
                let actions = (time / action).floor() as u32;
                let distance = (actor.pos.x - to.x).abs().max((actor.pos.y - to.y).abs());
                // It needs distance - 1 steps to stand beside the cell,
                // then one more action to strike (a shooter strikes from
                // where it stands, within range).
                let range = self.kind_of(actor).map_or(1, |k| k.range.max(1));
                let steps = (distance - i32::try_from(range).unwrap_or(1)).max(0);
                let reaches = u32::try_from(steps).is_ok_and(|s| s < actions);
                reaches.then_some((actions, monster))
            })
            .max_by_key(|&(actions, monster)| (actions, std::cmp::Reverse(monster)))
            .map(|(actions, monster)| StepRisk {
                terrain,
                time,
                monster,
                actions,
            })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ai::Mode;
    use crate::game::test_levels::game_on;

    #[test]
    fn a_swamp_step_beside_a_hunter_is_a_risk_and_a_floor_step_is_not() {
        let (mut game, _dir) = game_on("########\n#@%..g.#\n#......#\n#.....>#\n########\n");
        game.actor_mut(1).brain.as_mut().expect("a monster").mode = Mode::Hunt;
        let risk = game
            .step_risk(Direction::East)
            .expect("swamp near a hunter");
        assert_eq!(risk.terrain, Terrain::Swamp);
        assert_eq!(risk.monster, 1);
        assert!((risk.time - 4.0).abs() < 1e-9);
        assert_eq!(risk.actions, 5, "a goblin at speed 1.25 in 4 turns");
        assert_eq!(
            risk.warning(&game),
            "Swamp: this step takes 4.0 turns; the goblin gets 5 actions."
        );
        assert_eq!(game.step_risk(Direction::South), None, "floor is not slow");
        game.actor_mut(1).brain.as_mut().expect("a monster").mode = Mode::Flee;
        assert_eq!(game.step_risk(Direction::East), None, "a fleeing goblin");
    }

    #[test]
    fn a_slowed_hunter_gets_half_the_actions_in_a_slow_step() {
        // play21 was told a slowed wolf got 6 actions in a swamp step.
        let (mut game, _dir) = game_on("########\n#@%..g.#\n#......#\n#.....>#\n########\n");
        game.actor_mut(1).brain.as_mut().expect("a monster").mode = Mode::Hunt;
        assert_eq!(game.step_risk(Direction::East).map(|r| r.actions), Some(5));
        // Slowed, a goblin's action takes 1.6, not 0.8: 2 actions in the
        // 4-turn step, too few to come 2 cells and strike.
        game.slow_until(1, 20.0);
        assert_eq!(game.step_risk(Direction::East), None);
        // One cell nearer, it would: 2 actions, a step and a blow.
        game.actor_mut(1).pos = gridpath::Pos::new(4, 1);
        assert_eq!(game.step_risk(Direction::East).map(|r| r.actions), Some(2));
    }
}
