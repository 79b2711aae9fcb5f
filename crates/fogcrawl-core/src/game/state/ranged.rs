//! Monster kinds beyond the faction's plain fighter: which kind a spawn
//! becomes (by each kind's `frequency`), and shooting, for kinds with a
//! `range`. The AI decides when a shooter shoots (`Intent::Shoot`, see
//! `crate::ai::monster_turn`); the rules here say whether the shot can be
//! made: the player within range and not beside it, in the shooter's
//! sight (sight is symmetric), and no monster on the line of fire.

use rand::RngExt;

use crate::ai::faction::line_of_sight;
use crate::game::clock::action_time;
use gridpath::Pos;

use super::{Game, PLAYER};

impl Game {
    /// One of `kinds` (indices into the game's kinds, all of one faction),
    /// drawn by frequency from the game's RNG.
    pub(super) fn pick_kind(&mut self, kinds: &[usize]) -> usize {
        let weight = |k: usize| u64::from(self.kinds[k].frequency.max(1));
        let total: u64 = kinds.iter().map(|&k| weight(k)).sum();
        if kinds.len() < 2 || total == 0 {
            // The draw a one-kind faction always made: its games stay the
            // same games.
            let only = self.rng.random_range(0..kinds.len().max(1));
            return kinds.get(only).copied().unwrap_or_default();
        }
        let mut roll = self.rng.random_range(0..total);
        for &kind in kinds {
            let w = weight(kind);
            if roll < w {
                return kind;
            }
            roll -= w;
        }
        kinds[kinds.len() - 1]
    }

    /// A shooter's shot at the player on `target`, if the player stands
    /// there, within range and not beside it, the shooter sees it, and no
    /// monster stands on the line between; returns how long the shot took.
    pub(super) fn shot_at(&mut self, actor: usize, target: Pos) -> Option<f64> {
        let range = self.kind_of(&self.actors[actor])?.range;
        let (at, player) = (self.actors[actor].pos, self.actors[PLAYER].pos);
        let distance = (at.x - player.x).abs().max((at.y - player.y).abs());
        if target != player || range < 2 || distance < 2 || distance > i32::try_from(range).ok()? {
            return None;
        }
        if !self.awareness.contains(at) {
            return None;
        }
        let occupancy = &self.occupancy;
        if !line_of_sight(at, player, |cell| {
            cell != player && occupancy.at(cell).is_some()
        }) {
            return None;
        }
        self.strike(actor, PLAYER, true);
        Some(action_time(self.speed_of(actor)))
    }
}

#[cfg(test)]
mod tests {
    use crate::ai::Mode;
    use crate::game::action::Action;
    use crate::game::test_levels::game_on;

    #[test]
    fn an_archer_in_range_shoots_and_one_beside_the_player_strikes() {
        let (mut game, _dir) = game_on("##########\n#@....g.>#\n##########\n");
        let archer = game
            .kinds
            .iter()
            .position(|k| k.name == "goblin archer")
            .expect("the shipped config has an archer");
        game.actors[1].species = crate::game::actor::Species::Monster(archer);
        assert!(game.kinds[archer].is_ranged());
        for _ in 0..6 {
            if game.is_over() {
                break;
            }
            game.player_act(Action::Wait).expect("waits");
        }
        let shots = game
            .log
            .recent(40)
            .filter(|m| m.text.contains("shoots"))
            .count();
        assert!(
            shots > 0,
            "the archer shot: {:?}",
            game.log.recent(40).collect::<Vec<_>>()
        );
        assert!(
            game.actors[1].pos.x >= 6,
            "in range, it shoots rather than closes in: at {}",
            game.actors[1].pos
        );
        assert_eq!(
            game.actors[1].brain.as_ref().map(|b| b.mode),
            Some(Mode::Hunt)
        );
    }

    #[test]
    fn spawns_follow_the_kinds_frequencies() {
        let (mut game, _dir) = game_on("#####\n#@.>#\n#####\n");
        let goblins: Vec<usize> = (0..game.kinds.len())
            .filter(|&k| game.kinds[k].faction == "goblins")
            .collect();
        assert!(goblins.len() >= 2, "goblins have more than one kind");
        let picks: Vec<usize> = (0..400).map(|_| game.pick_kind(&goblins)).collect();
        for &kind in &goblins {
            let share = picks.iter().filter(|&&k| k == kind).count() as f64 / 400.0;
            let total: u32 = goblins.iter().map(|&k| game.kinds[k].frequency).sum();
            let expected = f64::from(game.kinds[kind].frequency) / f64::from(total);
            assert!(
                (share - expected).abs() < 0.1,
                "{}: {share} vs {expected}",
                game.kinds[kind].name
            );
        }
    }
}
