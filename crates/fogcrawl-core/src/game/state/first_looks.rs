//! The monsters' first looks at a level they were on before the player
//! came: on entering a level each member looks around from where it
//! stands and its faction learns what it sees, before the first turn.
//!
//! A faction's looks touch only its own mind and read the level, so the
//! factions look side by side, each with its own sight scratch: the game is
//! the same as when they look one after another.

use std::time::Instant;

use rayon::prelude::*;

use crate::ai::{Brain, Sight, Viewpoint, look_around};

use super::Game;

impl Game {
    /// Every living member looks around from its cell and each faction's
    /// planning grid takes in what its members saw; the time it took is
    /// kept in [`super::GameStats::level_entry_micros`].
    pub(super) fn take_first_looks(&mut self) {
        let started = Instant::now();
        let mut lookers: Vec<Vec<(usize, Brain, Viewpoint)>> =
            vec![Vec::new(); self.factions.len()];
        for actor in 1..self.actors.len() {
            if !self.actors[actor].is_alive() {
                continue;
            }
            let Some(f) = self.faction_index_of(actor) else {
                continue;
            };
            let Some(sight_radius) = self.factions[f].config().map(|c| c.sight_radius) else {
                continue;
            };
            // A sleeper's eyes are shut.
            if self.is_asleep(actor) {
                continue;
            }
            let viewpoint = self.viewpoint(actor, sight_radius);
            if let Some(brain) = self.actors[actor].brain.take() {
                lookers[f].push((actor, brain, viewpoint));
            }
        }
        let level = &self.level;
        self.factions
            .par_iter_mut()
            .zip(lookers.par_iter_mut())
            .for_each(|(faction, members)| {
                let mut sight = Sight::new();
                for (_, brain, viewpoint) in members.iter_mut() {
                    look_around(faction, brain, level, &mut sight, viewpoint);
                }
                faction.sync_view();
            });
        for (actor, brain, _) in lookers.into_iter().flatten() {
            self.actors[actor].brain = Some(brain);
        }
        let micros = started.elapsed().as_micros().min(u128::from(u32::MAX)) as u32;
        self.stats.level_entry_micros.push(micros);
    }
}

#[cfg(test)]
mod tests {
    use std::collections::HashSet;

    use crate::ai::far_from_player;
    use crate::ai::monster_turn::FIRST_STROLL_SPREAD;
    use crate::game::Action;
    use crate::game::state::PLAYER;
    use crate::game::test_levels::game_on;
    use crate::world::fov::Fov;

    #[test]
    fn the_first_looks_on_one_core_and_on_two_make_the_same_game() {
        let config = crate::config::MonsterConfig::shipped().unwrap();
        let setup = crate::game::GameSetup::new(Some("horde"), 4, config);
        let entered = |threads: usize| {
            let pool = rayon::ThreadPoolBuilder::new()
                .num_threads(threads)
                .build()
                .unwrap();
            let game = pool.install(|| crate::game::Game::new(&setup)).unwrap();
            serde_json::to_value(&game).unwrap()
        };
        let (one, two) = (entered(1), entered(2));
        assert!(one["factions"][0]["counters"]["views_cast"].as_u64() > Some(10));
        assert_eq!(one, two);
    }

    #[test]
    fn before_the_first_turn_a_faction_knows_what_its_members_see_and_no_more() {
        // Two goblins in rooms apart: the west room's goblin cannot see
        // the east room, nor the east one the corridor's far end.
        let (game, _dir) = game_on(
            "##############################\n\
             #@.......#############.......#\n\
             #........#############...g...#\n\
             #..g.....+.................>.#\n\
             #........#############.......#\n\
             ##############################\n",
        );
        let goblin = game.actors.iter().position(|a| a.kind().is_some()).unwrap();
        let f = game.faction_index_of(goblin).unwrap();
        let faction = &game.factions[f];
        let radius = faction.config().unwrap().sight_radius;
        let mut seen = HashSet::new();
        let mut fov = Fov::new();
        for (actor, monster) in game.actors.iter().enumerate().skip(1) {
            assert_eq!(game.faction_index_of(actor), Some(f));
            fov.compute(&game.level, monster.pos, radius, |pos| {
                seen.insert(pos);
            });
        }
        assert!(seen.len() > 40, "each goblin sees its room");
        let grid = faction.grid().unwrap();
        for pos in game.level.positions() {
            let belief = faction.knowledge().belief(pos);
            if seen.contains(&pos) {
                assert_eq!(belief, game.level.terrain_at(pos), "{pos:?} was seen");
                // The planning grid took the look in: walls seen are walls.
                let wall = game.level.terrain_at(pos) == Some(crate::world::Terrain::Wall);
                assert_eq!(grid.is_passable(pos), !wall, "{pos:?} on the grid");
            } else {
                assert_eq!(belief, None, "{pos:?} was not seen");
            }
        }
        assert_eq!(faction.counters().views_cast, 2);
        assert_eq!(game.stats.level_entry_micros.len(), 1);
        assert!(game.stats.ai_micros.is_empty(), "no turn has been played");
    }

    #[test]
    fn far_wanderers_set_out_on_their_first_strolls_spread_over_the_first_turns() {
        // The player at the west end, and a hundred goblins (more than
        // FIRST_STROLL_CROWD) at the east end, more than FAR_FROM_PLAYER
        // cells off.
        let goblins = format!("{}{}{}", ".".repeat(62), "g".repeat(25), ".".repeat(9));
        let rows = [
            format!("@{}", ".".repeat(95)),
            goblins.clone(),
            goblins.clone(),
            goblins.clone(),
            goblins,
            format!("{}>", ".".repeat(95)),
        ];
        let wall = "#".repeat(98);
        let map = format!("{wall}\n#{}#\n{wall}\n", rows.join("#\n#"));
        let (mut game, _dir) = game_on(&map);
        let player = game.actors[PLAYER].pos;
        let spread = FIRST_STROLL_SPREAD;
        let mut far = Vec::new();
        for (actor, monster) in game.actors.iter().enumerate().skip(1) {
            let brain = monster.brain.as_ref().unwrap();
            assert!(far_from_player(monster.pos, player));
            // Time 0: it loiters until its turn comes, by its id.
            assert_eq!(brain.loiter_until, (actor % spread) as f64, "{actor}");
            far.push((actor, monster.pos));
        }
        assert_eq!(far.len(), 100);
        // Each stands where it stood until its turn comes, and they set out
        // on the turns their ids say, not all on the first. One still
        // loitering may be traded a cell by a stroller a body turned back
        // (it asks to pass): it has not set out until its loiter is over.
        let mut set_out = vec![None; game.actors.len()];
        while game.time < spread as f64 + 2.0 {
            game.player_act(Action::Wait).unwrap();
            for &(actor, from) in &far {
                let loitering = game.actors[actor]
                    .brain
                    .as_ref()
                    .is_some_and(|brain| brain.loiter_until > 0.0);
                if set_out[actor].is_none() && game.actors[actor].pos != from && !loitering {
                    set_out[actor] = Some(game.time);
                }
            }
        }
        let mut turns = HashSet::new();
        for &(actor, _) in &far {
            let slot = (actor % spread) as f64;
            if let Some(time) = set_out[actor] {
                assert!(time > slot, "{actor} left at {time}, before {slot}");
                turns.insert(time.floor() as u64);
            }
        }
        assert!(turns.len() >= 10, "they set out on the turns {turns:?}");
    }
}
