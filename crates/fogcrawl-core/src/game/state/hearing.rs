//! What monsters hear and how they heal: fights and battered doors draw
//! those within their faction's `hearing_radius` to look (counted along
//! the way sound travels, not through walls); a member that
//! sees the player shouts it to its packmates within `shout_radius` (the
//! only way news of the player travels); members regain a hit point every
//! `regeneration_time`. A sleeper hears a noise only within
//! [`SLEEPER_HEARING`] of its reach, and wakes; the player's own steps and
//! doors are heard by the same sound model (`stealth_rules`).

use crate::ai::{Brain, Mode};
use crate::game::stealth::SLEEPER_HEARING;
use crate::world::sound::SoundReach;
use gridpath::Pos;

use super::Game;

/// Who heard a noise: how many monsters, and how many of them it draws to
/// look (a hunter hears it and hunts on).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub(super) struct Heard {
    /// Monsters that heard it.
    pub(super) heard: usize,
    /// Of those, the ones it draws: all but the hunters.
    pub(super) drawn: usize,
}

impl Game {
    /// Monsters within earshot (their faction's `hearing_radius`) that do
    /// not see the player come to look.
    pub(super) fn make_noise(&mut self, at: Pos) {
        let _heard = self.make_noise_within(at, 0);
    }

    /// Monsters that hear a noise made at `at` come to look, unless they
    /// are hunting: a noise is heard where it travels within the
    /// listener's faction's `hearing_radius`, or within `loudness` cells (a
    /// noisemaker carries further than a fight), counted along the open
    /// cells sound travels by, round walls and muffled by closed doors
    /// (`crate::world::sound`). Returns how many monsters heard it, and how
    /// many of those it draws (all but the hunters).
    pub(super) fn make_noise_within(&mut self, at: Pos, loudness: i32) -> Heard {
        self.noise_heard(at, loudness, None)
    }

    /// A noise made at `at` by the monster `maker` (a door it batters):
    /// heard as [`Self::make_noise`] by all but its maker.
    pub(super) fn make_noise_by(&mut self, at: Pos, maker: usize) {
        let _heard = self.noise_heard(at, 0, Some(maker));
    }

    /// [`Self::make_noise_within`], heard by every monster but `maker`.
    fn noise_heard(&mut self, at: Pos, loudness: i32, maker: Option<usize>) -> Heard {
        let hearing: Vec<i32> = self
            .factions
            .iter()
            .map(|f| f.config().map_or(0, |c| c.hearing_radius as i32))
            .collect();
        let reach = hearing.iter().copied().max().unwrap_or(0).max(loudness);
        let Ok(reach) = u32::try_from(reach) else {
            return Heard::default();
        };
        let mut heard = Heard::default();
        let sound = SoundReach::spread(&self.level, at, reach);
        for actor in 1..self.actors.len() {
            let Some(f) = self.faction_index_of(actor) else {
                continue;
            };
            let monster = &mut self.actors[actor];
            let radius = hearing[f].max(loudness);
            if Some(actor) == maker || !monster.is_alive() || chebyshev(monster.pos, at) > radius {
                continue;
            }
            let asleep = monster.brain.as_ref().is_some_and(|b| b.asleep);
            let heard_within = if asleep {
                f64::from(radius) * SLEEPER_HEARING
            } else {
                f64::from(radius)
            };
            if sound
                .distance_to(monster.pos)
                .is_none_or(|travelled| travelled > heard_within)
            {
                continue;
            }
            heard.heard += 1;
            if asleep {
                self.wake(actor);
            }
            if let Some(brain) = self.actors[actor].brain.as_mut()
                && brain.mode != Mode::Hunt
            {
                heard.drawn += 1;
                brain.noise = Some(at);
                self.behaviour.pack_mut().heard(actor, at);
            }
        }
        heard
    }

    /// A member that sees the player at `player` shouts it: its packmates
    /// within its faction's `shout_radius` know where the player is from
    /// their next turn. Nobody passes the news on: it travels no further
    /// than a shout.
    pub(super) fn shout(&mut self, shouter: usize, f: usize, player: Pos) {
        let Some(radius) = self.factions[f].config().map(|c| c.shout_radius as i32) else {
            return;
        };
        if radius == 0 {
            return;
        }
        let (at, time) = (self.actors[shouter].pos, self.time);
        for actor in 1..self.actors.len() {
            if actor == shouter || chebyshev(self.actors[actor].pos, at) > radius {
                continue;
            }
            if self.faction_index_of(actor) != Some(f) || !self.actors[actor].is_alive() {
                continue;
            }
            // A sleeper hears no shout: news does not wake it.
            if self.is_asleep(actor) {
                continue;
            }
            if let Some(brain) = self.actors[actor].brain.as_mut() {
                brain.hear_of_player(player, time, shouter);
            }
        }
    }

    /// A monster regains a hit point every `regeneration_time` of game
    /// time (its faction's setting; 0 never heals).
    pub(super) fn heal_monster(&mut self, actor: usize, f: usize, brain: &mut Brain) {
        let every = self.factions[f]
            .config()
            .map_or(0.0, |c| c.regeneration_time);
        let now = self.time;
        let monster = &mut self.actors[actor];
        let since = *brain.healed_at.get_or_insert(now);
        if every <= 0.0 || monster.hp >= monster.max_hp {
            brain.healed_at = Some(now);
            return;
        }
        let healed = ((now - since) / every).floor();
        if healed >= 1.0 {
            let gained = healed.min(f64::from(monster.max_hp)) as i32;
            monster.hp = (monster.hp + gained).min(monster.max_hp);
            brain.healed_at = Some(since + healed * every);
        }
    }
}

fn chebyshev(a: Pos, b: Pos) -> i32 {
    a.chebyshev(b)
}

#[cfg(test)]
mod tests {
    use crate::game::Action;
    use crate::game::test_levels::game_on;
    use gridpath::Pos;

    /// The monster standing at `pos`.
    fn at(game: &crate::game::Game, pos: Pos) -> usize {
        (1..game.actors.len())
            .find(|&a| game.actors[a].pos == pos)
            .unwrap_or_else(|| panic!("no monster at {pos}"))
    }

    #[test]
    fn a_member_that_sees_the_player_is_heard_only_within_its_shout_radius() {
        // Goblin A (5,1) sees the player; B (13,1), 8 cells from A behind a
        // wall and a closed door, cannot see the player but hears A; C
        // (30,1) is too far.
        let (mut game, _dir) = game_on(
            "########################################\n\
             #@...g....#..g................g........#\n\
             #>........+............................#\n\
             ########################################\n",
        );
        let (a, b, c) = (
            at(&game, Pos::new(5, 1)),
            at(&game, Pos::new(13, 1)),
            at(&game, Pos::new(30, 1)),
        );
        game.player_act(Action::Wait).unwrap();
        let alert = |m: usize| game.actors[m].brain.as_ref().unwrap().alert;
        let heard = alert(b).expect("B heard A's shout");
        assert_eq!(heard.pos, Pos::new(1, 1));
        assert_eq!(heard.source, crate::ai::brain::Source::Heard(a));
        assert_eq!(alert(c), None, "C is beyond the shout");
        assert_eq!(
            alert(a).map(|alert| alert.source),
            Some(crate::ai::brain::Source::Saw)
        );
    }

    #[test]
    fn a_hurt_monster_regains_a_hit_point_every_regeneration_time() {
        // The goblin is behind a door: nothing but time passes (whatever it
        // does, the player only waits).
        let (mut game, _dir) = game_on(
            "#########\n\
             #@..+...#\n\
             #..>#.g.#\n\
             #########\n",
        );
        let goblin = at(&game, Pos::new(6, 2));
        game.actors[goblin].hp = 2;
        // Healed, it may come and fight: the player waits out its blows.
        game.undying_player = true;
        let every = game
            .config()
            .unwrap()
            .faction("goblins")
            .unwrap()
            .regeneration_time;
        while game.time < 2.0 * every + 2.0 {
            game.player_act(Action::Wait).unwrap();
        }
        assert_eq!(game.actors[goblin].hp, 4);
    }
}
