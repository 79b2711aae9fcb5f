//! Monster kinds beyond the faction's plain fighter: which kind a spawn
//! becomes (by each kind's `frequency`), and shooting, for kinds with a
//! `range`. The AI decides when a shooter shoots (`Intent::Shoot`, see
//! `crate::ai::monster_turn`); the rules here say whether the shot can be
//! made: the player within range and not beside it, in the shooter's
//! sight (sight is symmetric), and no monster on the line of fire.

use rand::RngExt;

use crate::ai::faction::line_of_sight;
use crate::world::action_time::action_time;
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
    use gridpath::Pos;

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

    #[test]
    fn an_archer_in_a_doorway_does_not_back_into_the_nook_beside_the_player() {
        // Two doors side by side between two rooms; deep water fills the
        // cells in front of the west door, so the player at 4,3 reaches
        // it only round through the corridor (the way in is a diagonal,
        // and no step enters a door diagonally). The archer hunts from the
        // east door, 6,4: two cells off in a straight line, eight steps by
        // the player's walk. The west door, 5,4, is further by the walk
        // but next to the player: from there it could neither shoot nor
        // back off, so it closed in as a hunter, back to 6,4, and backed
        // into the nook again (corridor-doors depth 5 seed 7: 18 A-B-A-B
        // moves in 16 turns). The player waits at 4,3 every turn; the
        // archer stays at 6,4 and shoots from there.
        let (mut game, _dir) = game_on(
            "###########\n\
             #.........#\n\
             ###'####'##\n\
             #>.,@##%~%#\n\
             #%~~W''g%,#\n\
             #%~~W##%..#\n\
             ###########\n",
        );
        crate::game::test_levels::hunting_archer(&mut game, 1);
        let (from, door) = (game.actors[1].pos, Pos::new(6, 4));
        game.occupancy.moved(1, from, door);
        game.actors[1].pos = door;
        game.undying_player = true;
        let player = game.actors[0].pos;
        let mut cells = vec![door];
        for _ in 0..12 {
            game.player_act(Action::Wait).expect("waits");
            assert_eq!(game.actors[0].pos, player, "the player stays");
            cells.push(game.actors[1].pos);
        }
        assert!(
            cells.iter().all(|&cell| cell.chebyshev(player) >= 2),
            "never next to the player: {cells:?}"
        );
        let moves: Vec<(Pos, Pos)> = cells
            .windows(2)
            .filter(|pair| pair[0] != pair[1])
            .map(|pair| (pair[0], pair[1]))
            .collect();
        assert!(
            !moves
                .windows(3)
                .any(|m| m[0] == m[2] && m[1] == (m[0].1, m[0].0)),
            "no step, step back and step again: {cells:?}"
        );
        assert!(
            game.log.recent(40).any(|m| m.text.contains("shoots")),
            "it shoots from the door"
        );
    }
}
