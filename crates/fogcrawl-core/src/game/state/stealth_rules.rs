//! The stealth rules on the game (numbers and words in
//! [`crate::game::stealth`]): the player's actions make noise that monsters
//! hear through the sound model, sneak mode trades time for quiet, some
//! monsters start a level asleep and wake on what reaches them, a blow on
//! a monster that has not noticed the player does more, and time spent
//! waiting draws the level's monsters.

use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;

use crate::ai::Mode;
use crate::ai::thought::Thought;
use crate::game::action::Action;
use crate::game::message_log::{Importance, capitalised};
use crate::game::stealth::{
    DOOR_NOISE, NoiseCause, PlayerNoise, REST_DRAW_PACK, REST_DRAW_REACH, SLEEPER_HEARING,
    SNEAK_NOISE, SNEAK_SLOWDOWN, StealthCounters, Surprise, WALK_NOISE,
};
use crate::world::sound::SoundReach;
use crate::world::{ItemKind, Terrain};
use gridpath::Pos;

use super::{Game, PLAYER};

/// Mixed into the run's seed for the draw of who sleeps, so the draw
/// takes nothing from the game's own dice.
const SLEEP_SALT: u64 = 0x5eed_51ee_9000_0001;

impl Game {
    /// Whether the player is in sneak mode.
    pub fn is_sneaking(&self) -> bool {
        self.stealth.sneaking
    }

    /// How loud the player's last action was.
    pub fn last_noise(&self) -> PlayerNoise {
        self.stealth.last_noise
    }

    /// What stealth counted this game.
    pub(crate) fn stealth_counters(&self) -> StealthCounters {
        self.stealth.counters
    }

    /// Whether the living monster `monster` sleeps.
    pub(crate) fn is_asleep(&self, monster: usize) -> bool {
        self.actors
            .get(monster)
            .filter(|a| a.is_alive())
            .and_then(|a| a.brain.as_ref())
            .is_some_and(|b| b.asleep)
    }

    /// Sneak mode on or off: takes no time.
    pub(super) fn set_sneaking(&mut self, on: bool) {
        if self.stealth.sneaking == on {
            return;
        }
        self.stealth.sneaking = on;
        let text = if on {
            format!(
                "You move carefully: steps take {SNEAK_SLOWDOWN}x as long, are heard {SNEAK_NOISE} cell away, not {WALK_NOISE}, and the unaware see you only half as far."
            )
        } else {
            "You walk normally again.".to_owned()
        };
        self.log.push(self.time, Importance::Info, text);
    }

    /// What the player's `action`, taken from `from` (where a closed door
    /// stood on the way if `door`), sounded like, and what it costs: monsters
    /// hear it, waiting draws them. Returns the action's duration, a
    /// sneaking step's made longer.
    pub(super) fn after_player_action(
        &mut self,
        action: Action,
        from: Pos,
        door: bool,
        duration: f64,
    ) -> f64 {
        let at = self.actors[PLAYER].pos;
        let sneaking = self.stealth.sneaking;
        let mut duration = duration;
        let noise = match action {
            Action::Move(_) if at != from => {
                if sneaking {
                    duration *= SNEAK_SLOWDOWN;
                }
                let terrain = self.level.terrain_at(at).unwrap_or(Terrain::Floor);
                step_noise(terrain, sneaking, door)
            }
            Action::Move(_) => self.fight_noise(),
            Action::UseItem {
                item: ItemKind::ThrowingKnife,
                ..
            } => self.fight_noise(),
            Action::OpenDoor(_) | Action::CloseDoor(_) => door_noise(),
            _ => PlayerNoise::default(),
        };
        if sneaking {
            self.stealth.counters.sneaking_turns += 1;
        }
        self.stealth.last_noise = noise;
        if noise.loudness > 0 && noise.cause != NoiseCause::Fought {
            self.hear_player(at, noise.loudness);
        }
        if action == Action::Wait {
            let mut drew = false;
            for _ in 0..self.stealth.wait(duration) {
                for _ in 0..self.stealth.next_draw() {
                    drew |= self.draw_a_monster();
                }
            }
            // One line however many were drawn: a long wait that drew two
            // logged it twice at one time (play19, seed 1902).
            if drew {
                self.log.push(
                    self.time,
                    Importance::Info,
                    "You hear something stir: time spent here draws the level's monsters.",
                );
            }
        }
        duration
    }

    /// The sleeping monsters a step of the player's onto `to` would wake:
    /// the noise the step makes there (louder on noisy ground, a door's
    /// noise at least through a closed door), heard along the sound model
    /// by a sleeper within [`SLEEPER_HEARING`] of its loudness, as
    /// `after_player_action` will hear it.
    pub(crate) fn sleepers_a_step_would_wake(&self, to: Pos) -> Vec<usize> {
        self.sleepers_a_step_would_wake_if(to, self.stealth.sneaking)
    }

    /// The sleepers a step onto `to` would wake were the player sneaking
    /// (`sneaking`) or walking, whichever it does now.
    pub(crate) fn sleepers_a_step_would_wake_if(&self, to: Pos, sneaking: bool) -> Vec<usize> {
        let Some(terrain) = self.level.terrain_at(to) else {
            return Vec::new();
        };
        let noise = step_noise(terrain, sneaking, terrain == Terrain::ClosedDoor);
        let sound = SoundReach::spread(&self.level, to, noise.loudness);
        let heard_within = f64::from(noise.loudness) * SLEEPER_HEARING;
        (1..self.actors.len())
            .filter(|&actor| {
                self.is_asleep(actor)
                    && sound
                        .distance_to(self.actors[actor].pos)
                        .is_some_and(|travelled| travelled <= heard_within)
            })
            .collect()
    }

    /// A fight's noise as the panel shows it: heard as far as the keenest
    /// faction's `hearing_radius`.
    fn fight_noise(&self) -> PlayerNoise {
        let loudness = self
            .factions
            .iter()
            .filter_map(|f| f.config().map(|c| c.hearing_radius))
            .max()
            .unwrap_or(0);
        PlayerNoise {
            loudness,
            cause: NoiseCause::Fought,
            ground: None,
        }
    }

    /// Monsters that hear a noise of the player's `loudness` made at `at`
    /// (along the sound model): an awake one that is not hunting comes to
    /// look; a sleeper within [`SLEEPER_HEARING`] of it wakes and looks.
    fn hear_player(&mut self, at: Pos, loudness: u32) {
        let sound = SoundReach::spread(&self.level, at, loudness);
        let reach = f64::from(loudness);
        for actor in 1..self.actors.len() {
            let monster = &self.actors[actor];
            if !monster.is_alive() || !sound.covers(monster.pos) {
                continue;
            }
            let Some(travelled) = sound.distance_to(monster.pos) else {
                continue;
            };
            let Some(asleep) = monster.brain.as_ref().map(|b| b.asleep) else {
                continue;
            };
            if asleep {
                if travelled <= reach * SLEEPER_HEARING {
                    self.wake(actor);
                    self.stealth.counters.heard_player += 1;
                    if let Some(brain) = self.actors[actor].brain.as_mut() {
                        brain.noise = Some(at);
                        self.behaviour.pack_mut().heard(actor, at);
                    }
                }
                continue;
            }
            if travelled > reach {
                continue;
            }
            if let Some(brain) = self.actors[actor].brain.as_mut()
                && brain.mode != Mode::Hunt
                && brain.noise != Some(at)
            {
                brain.noise = Some(at);
                self.stealth.counters.heard_player += 1;
                self.behaviour.pack_mut().heard(actor, at);
            }
        }
    }

    /// Wakes the sleeping monster `actor` (nothing if it is awake). The
    /// player is told after the action that woke it (`tell_woken`).
    pub(super) fn wake(&mut self, actor: usize) {
        let Some(brain) = self.actors[actor].brain.as_mut().filter(|b| b.asleep) else {
            return;
        };
        brain.asleep = false;
        brain.thought = Thought::Idle;
        self.stealth.counters.woken += 1;
        let seen = self.visible.contains(self.actors[actor].pos);
        self.woken_untold.push((actor, seen));
    }

    /// Tells the player of the sleepers the action just taken woke, that
    /// they saw wake and that still live, after the action's own messages:
    /// the log read "The goblin wakes up." before the blow or the lure that
    /// woke it, and a sleeper killed in its sleep "woke up" first (play21,
    /// seed 2101).
    pub(super) fn tell_woken(&mut self) {
        for (actor, seen) in std::mem::take(&mut self.woken_untold) {
            if seen && self.actors[actor].is_alive() {
                let text = format!("{} wakes up.", capitalised(&self.name_of(actor)));
                self.log.push(self.time, Importance::Info, text);
            }
        }
    }

    /// Whether the player's blow finds `defender` asleep or unaware (a
    /// wanderer): `None` for any other attacker or state.
    pub(super) fn surprise_of(&self, attacker: usize, defender: usize) -> Option<Surprise> {
        if attacker != PLAYER {
            return None;
        }
        let brain = self.actors.get(defender)?.brain.as_ref()?;
        if brain.asleep {
            Some(Surprise::Asleep)
        } else if brain.mode == Mode::Wander {
            Some(Surprise::Unaware)
        } else {
            None
        }
    }

    /// Whether `monster` knows of the player: a blow from the player would
    /// not surprise it (it is neither asleep nor wandering unaware).
    pub(crate) fn knows_of_player(&self, monster: usize) -> bool {
        self.surprise_of(PLAYER, monster).is_none()
    }

    /// Counts a surprise blow.
    pub(super) fn count_surprise(&mut self, surprise: Surprise) {
        let counters = &mut self.stealth.counters;
        match surprise {
            Surprise::Asleep => counters.sneak_attacks_asleep += 1,
            Surprise::Unaware => counters.sneak_attacks_unaware += 1,
        }
    }

    /// On a level's start: each monster sleeps with its kind's `asleep`
    /// chance, drawn from the run's seed and the level (not the game's
    /// dice). A sleeper takes no first look.
    pub(super) fn put_some_to_sleep(&mut self) {
        self.stealth.enter_level();
        let depth = u64::try_from(self.depth).unwrap_or(u64::MAX);
        let mut dice = ChaCha8Rng::seed_from_u64(
            self.seed ^ SLEEP_SALT ^ depth.wrapping_mul(0x9e37_79b9_7f4a_7c15),
        );
        for actor in 1..self.actors.len() {
            let chance = self
                .kind_of(&self.actors[actor])
                .map_or(0, |kind| kind.asleep);
            let roll: u32 = dice.random_range(0..100);
            if roll >= chance {
                continue;
            }
            if let Some(brain) = self.actors[actor].brain.as_mut() {
                brain.asleep = true;
                brain.thought = Thought::Asleep;
                self.stealth.counters.asleep_at_start += 1;
            }
        }
    }

    /// Time spent waiting draws a monster: the nearest living one (along
    /// the way sound travels, round walls and muffled by closed doors,
    /// within [`REST_DRAW_REACH`]) that is neither hunting nor fleeing nor
    /// already coming to the player's cell wakes if asleep and comes to
    /// look where the player is, and with it its pack: the monsters of its
    /// faction within [`REST_DRAW_PACK`] cells of it that are neither
    /// hunting nor fleeing. One the sound of it cannot reach (behind rock,
    /// or further) is not drawn: it would come through the wall. Returns
    /// whether one was drawn (the caller says so, once per wait).
    fn draw_a_monster(&mut self) -> bool {
        let at = self.actors[PLAYER].pos;
        let sound = SoundReach::spread(&self.level, at, REST_DRAW_REACH);
        let drawn = (1..self.actors.len())
            .filter(|&actor| self.may_be_drawn(actor, at) && sound.covers(self.actors[actor].pos))
            .filter_map(|actor| Some((sound.distance_to(self.actors[actor].pos)?, actor)))
            .min_by(|a, b| a.0.total_cmp(&b.0).then(a.1.cmp(&b.1)))
            .map(|(_, actor)| actor);
        let Some(actor) = drawn else {
            return false;
        };
        let from = self.actors[actor].pos;
        let faction = self.faction_index_of(actor);
        let pack: Vec<usize> = (1..self.actors.len())
            .filter(|&mate| {
                mate == actor
                    || (self.faction_index_of(mate) == faction
                        && self.actors[mate].pos.chebyshev(from) <= REST_DRAW_PACK
                        && self.may_be_drawn(mate, at))
            })
            .collect();
        for member in pack {
            self.wake(member);
            if let Some(brain) = self.actors[member].brain.as_mut() {
                brain.noise = Some(at);
            }
            self.behaviour.pack_mut().heard(member, at);
            self.stealth.counters.drawn_by_rest += 1;
        }
        true
    }

    /// Whether the player's rest at `at` may draw monster `actor`: alive,
    /// neither hunting nor fleeing, not already coming to `at`.
    fn may_be_drawn(&self, actor: usize, at: Pos) -> bool {
        let monster = &self.actors[actor];
        monster.is_alive()
            && monster
                .brain
                .as_ref()
                .is_some_and(|b| !matches!(b.mode, Mode::Hunt | Mode::Flee) && b.noise != Some(at))
    }
}

/// The noise of a step onto `terrain`, sneaking or not, through a closed
/// door if `door` (which sounds at least as loud as opening it).
fn step_noise(terrain: Terrain, sneaking: bool, door: bool) -> PlayerNoise {
    let step = PlayerNoise::step(terrain, sneaking);
    if door && step.loudness < DOOR_NOISE {
        door_noise()
    } else {
        step
    }
}

fn door_noise() -> PlayerNoise {
    PlayerNoise {
        loudness: DOOR_NOISE,
        cause: NoiseCause::Door,
        ground: None,
    }
}

#[cfg(test)]
mod tests {
    use crate::config::MonsterConfig;
    use crate::game::stealth::REST_DRAW_TIME;
    use crate::game::test_levels::game_on;
    use crate::game::{Action, Direction, Game, GameSetup};
    use crate::world::ItemKind;
    use gridpath::Pos;

    /// The monster standing at `pos`.
    fn at(game: &Game, pos: Pos) -> usize {
        (1..game.actors.len())
            .find(|&a| game.actors[a].pos == pos)
            .unwrap_or_else(|| panic!("no monster at {pos}"))
    }

    fn sleep(game: &mut Game, monster: usize) {
        game.actors[monster]
            .brain
            .as_mut()
            .expect("a monster")
            .asleep = true;
    }

    /// A room; the sleeper lies three rows below the player's walk along
    /// the top.
    const ROOM: &str = "############\n\
                        #@.........#\n\
                        #..........#\n\
                        #..........#\n\
                        #.....g....#\n\
                        #>.........#\n\
                        ############\n";

    /// Walks the player east along the top row to its end; returns the
    /// nearest it came to the sleeper's bed (6,4) while the sleeper slept,
    /// and whether it slept throughout.
    fn walk_past(game: &mut Game, sleeper: usize) -> (i32, bool) {
        let bed = Pos::new(6, 4);
        let mut nearest = i32::MAX;
        for _ in 0..9 {
            game.player_act(Action::Move(Direction::East)).unwrap();
            nearest = nearest.min(game.player().pos.chebyshev(bed));
            if !game.is_asleep(sleeper) {
                return (nearest, false);
            }
        }
        (nearest, true)
    }

    #[test]
    fn a_sleeping_goblin_stays_asleep_when_the_player_sneaks_by_at_distance_3() {
        let (mut game, _dir) = game_on(ROOM);
        let goblin = at(&game, Pos::new(6, 4));
        sleep(&mut game, goblin);
        game.player_act(Action::Sneak(true)).unwrap();
        assert_eq!(game.stats().player_turns(), 0, "sneak mode takes no time");
        let (nearest, slept) = walk_past(&mut game, goblin);
        assert_eq!(nearest, 3);
        assert!(slept, "sneaking by, it slept on");
        assert_eq!(game.last_noise().describe(), "1 sneak");
        assert_eq!(game.awareness_of(goblin).map(|a| a.word()), Some("asleep"));
        let why = crate::ai::thought::why_line(
            &game.actors[goblin].brain.as_ref().unwrap().thought,
            crate::ai::Mode::Wander,
            "goblins",
        );
        assert!(why.starts_with("asleep"), "{why}");

        // Walking the same way wakes it.
        let (mut game, _dir) = game_on(ROOM);
        sleep(&mut game, goblin);
        let (nearest, slept) = walk_past(&mut game, goblin);
        assert_eq!(nearest, 3);
        assert!(!slept, "walking by at 3 cells wakes it");
        assert_eq!(game.stealth_counters().woken, 1);
    }

    #[test]
    fn a_sleeping_goblin_wakes_when_the_player_fights_next_to_it() {
        // The player stands between the sleeper (6,4) and an awake goblin
        // (8,4) and strikes the awake one.
        let (mut game, _dir) = game_on(
            "############\n\
             #..........#\n\
             #..........#\n\
             #..........#\n\
             #.....g.g..#\n\
             #>........@#\n\
             ############\n",
        );
        let (sleeper, awake) = (at(&game, Pos::new(6, 4)), at(&game, Pos::new(8, 4)));
        sleep(&mut game, sleeper);
        game.actor_mut(0).pos = Pos::new(7, 5);
        assert!(game.is_asleep(sleeper));
        game.player_act(Action::Move(Direction::NorthEast)).unwrap();
        assert_eq!(
            game.last_noise().cause,
            crate::game::stealth::NoiseCause::Fought
        );
        assert!(!game.is_asleep(sleeper), "the fight beside it woke it");
        assert!(!game.is_asleep(awake));
    }

    #[test]
    fn a_blow_on_a_sleeper_always_lands_for_triple_damage_and_says_so() {
        let (mut game, _dir) = game_on(ROOM);
        let goblin = at(&game, Pos::new(6, 4));
        sleep(&mut game, goblin);
        game.actors[goblin].hp = 100;
        game.actors[goblin].max_hp = 100;
        game.actor_mut(0).pos = Pos::new(6, 3);
        game.player_act(Action::Move(Direction::South)).unwrap();
        let hit = game
            .log()
            .all()
            .map(|m| m.text.clone())
            .find(|t| t.contains("sleeping goblin"))
            .expect("the hit is reported");
        assert!(hit.contains("x3 damage"), "{hit}");
        assert!(
            game.actors[goblin].hp <= 100 - 3,
            "at least 3x the least roll"
        );
        assert_eq!(game.stealth_counters().sneak_attacks_asleep, 1);
        assert!(!game.is_asleep(goblin), "the blow woke it");
    }

    /// The log's lines since `mark`, oldest first.
    fn said_since(game: &Game, mark: u64) -> Vec<String> {
        game.log().since(mark).map(|m| m.text.clone()).collect()
    }

    #[test]
    fn a_sleeper_struck_awake_is_told_to_wake_after_the_blow() {
        // play21 (seed 2101) read "The goblin wakes up." before "You hit
        // the sleeping goblin": the effect before its cause.
        let (mut game, _dir) = game_on(ROOM);
        let goblin = at(&game, Pos::new(6, 4));
        sleep(&mut game, goblin);
        game.actors[goblin].hp = 100;
        game.actors[goblin].max_hp = 100;
        // The player stands at (6,3), the sleeper just south at (6,4).
        game.actor_mut(0).pos = Pos::new(6, 3);
        assert!(game.is_visible(Pos::new(6, 4)));
        let mark = game.log().pushed();
        game.player_act(Action::Move(Direction::South)).unwrap();
        let said = said_since(&game, mark);
        let hit = said
            .iter()
            .position(|t| t.starts_with("You hit the sleeping goblin"));
        let woke = said.iter().position(|t| t == "The goblin wakes up.");
        assert!(
            matches!((hit, woke), (Some(hit), Some(woke)) if hit < woke),
            "{said:?}"
        );
        assert_eq!(said.iter().filter(|t| t.contains("wakes up")).count(), 1);
    }

    #[test]
    fn a_sleeper_killed_in_its_sleep_is_never_said_to_wake() {
        let (mut game, _dir) = game_on(ROOM);
        let goblin = at(&game, Pos::new(6, 4));
        sleep(&mut game, goblin);
        game.actors[goblin].hp = 1;
        game.actor_mut(0).pos = Pos::new(6, 3);
        let woken = game.stealth_counters().woken;
        let mark = game.log().pushed();
        game.player_act(Action::Move(Direction::South)).unwrap();
        let said = said_since(&game, mark);
        assert!(!game.actors[goblin].is_alive(), "{said:?}");
        assert!(said.iter().any(|t| t == "The goblin dies."), "{said:?}");
        assert!(!said.iter().any(|t| t.contains("wakes up")), "{said:?}");
        // The rule is as it was: the blow still counts as a waking.
        assert_eq!(game.stealth_counters().woken, woken + 1);
    }

    #[test]
    fn a_knife_thrown_at_a_sleeper_does_plain_damage_and_wakes_it() {
        // As in Brogue and DCSS, the sneak attack is a blow in melee: a
        // missile rolls its plain damage and to-hit, and wakes its mark.
        let (mut game, _dir) = game_on(ROOM);
        let goblin = at(&game, Pos::new(6, 4));
        game.actors[goblin].hp = 100;
        game.actors[goblin].max_hp = 100;
        let (least, most) = crate::game::items::KNIFE_DAMAGE;
        let mut hit = None;
        for _ in 0..10 {
            sleep(&mut game, goblin);
            let before = game.actors[goblin].hp;
            game.inventory.add(ItemKind::ThrowingKnife);
            game.player_act(Action::UseItem {
                item: ItemKind::ThrowingKnife,
                toward: None,
                at: None,
            })
            .unwrap();
            assert!(!game.is_asleep(goblin), "the knife woke it, hit or miss");
            if game.actors[goblin].hp < before {
                hit = Some(before - game.actors[goblin].hp);
                break;
            }
        }
        let damage = hit.expect("one knife in ten hits (85% each)");
        assert!((least..=most).contains(&damage), "plain damage: {damage}");
        assert_eq!(game.stealth_counters().sneak_attacks_asleep, 0);
    }

    #[test]
    fn waiting_draws_the_nearest_monster_to_the_player() {
        let (mut game, _dir) = game_on(
            "####################\n\
             #@.......#.........#\n\
             #........#.........#\n\
             #>.......+.......g.#\n\
             ####################\n",
        );
        let goblin = at(&game, Pos::new(17, 3));
        sleep(&mut game, goblin);
        game.undying_player = true;
        while game.time < REST_DRAW_TIME + 1.0 {
            game.player_act(Action::Wait).unwrap();
        }
        assert_eq!(game.stealth_counters().drawn_by_rest, 1);
        assert!(!game.is_asleep(goblin), "drawn, it woke");
        assert_eq!(game.last_noise().describe(), "0 silent");
    }

    #[test]
    fn a_drawn_monster_brings_its_pack_and_the_second_draw_two_more() {
        // Three goblins together far off (one drawn brings the two within
        // REST_DRAW_PACK of it); two more apart, each out of the others'
        // reach: the second draw takes both.
        let (mut game, _dir) = game_on(
            "##############################\n\
             #@...........................#\n\
             #.......................g.g..#\n\
             #>.......g........g.......g..#\n\
             ##############################\n",
        );
        let pack = [
            at(&game, Pos::new(24, 2)),
            at(&game, Pos::new(26, 2)),
            at(&game, Pos::new(26, 3)),
        ];
        let near = at(&game, Pos::new(9, 3));
        let middle = at(&game, Pos::new(18, 3));
        for goblin in pack.into_iter().chain([near, middle]) {
            sleep(&mut game, goblin);
        }
        game.undying_player = true;
        while game.time < REST_DRAW_TIME + 1.0 {
            game.player_act(Action::Wait).unwrap();
        }
        // The first draw: the nearest alone (no packmate within reach).
        assert_eq!(game.stealth_counters().drawn_by_rest, 1);
        assert!(!game.is_asleep(near));
        assert!(game.is_asleep(middle));
        game.actors[near].hp = 0;
        while game.time < 2.0 * REST_DRAW_TIME + 1.0 {
            game.player_act(Action::Wait).unwrap();
        }
        // The second draws two: the middle one, then the nearest of the
        // three, who brings the other two.
        assert!(!game.is_asleep(middle));
        for goblin in pack {
            assert!(!game.is_asleep(goblin), "the pack came with it");
        }
        assert_eq!(game.stealth_counters().drawn_by_rest, 5);
        // Each draw is said once, however many it drew: the second (two
        // drawn) was logged twice at one time (play19, seed 1902).
        let stirs: Vec<f64> = game
            .log()
            .all()
            .filter(|m| m.text.starts_with("You hear something stir"))
            .map(|m| m.time)
            .collect();
        assert_eq!(stirs.len(), 2, "one line a draw: {stirs:?}");
    }

    #[test]
    fn the_draw_is_the_nearest_along_the_way_sound_travels_not_through_rock() {
        // The goblin at 4,1 is 3 cells off in a straight line but about 12
        // round the wall; the one at 6,7 is 6 off and about as far round
        // it (and 6 from the other: not its pack, REST_DRAW_PACK).
        let (mut game, _dir) = game_on(
            "###########\n\
             #@.#g.....#\n\
             #..#......#\n\
             #..#......#\n\
             #..#......#\n\
             #..#......#\n\
             #..#......#\n\
             #>....g...#\n\
             ###########\n",
        );
        let behind_the_wall = at(&game, Pos::new(4, 1));
        let round_the_corner = at(&game, Pos::new(6, 7));
        sleep(&mut game, behind_the_wall);
        sleep(&mut game, round_the_corner);
        game.undying_player = true;
        while game.time < REST_DRAW_TIME + 1.0 {
            game.player_act(Action::Wait).unwrap();
        }
        assert_eq!(game.stealth_counters().drawn_by_rest, 1);
        assert!(!game.is_asleep(round_the_corner), "drawn, it woke");
        assert!(game.is_asleep(behind_the_wall));
    }

    #[test]
    fn a_monster_four_cells_off_through_rock_and_fifty_round_it_is_not_drawn() {
        // Sound goes round the wall (down, along, up and back): further
        // than REST_DRAW_REACH.
        let (mut game, _dir) = game_on(
            "##############################\n\
             #@.>#g.......................#\n\
             #...########################.#\n\
             #............................#\n\
             ##############################\n",
        );
        let sealed = at(&game, Pos::new(5, 1));
        sleep(&mut game, sealed);
        game.undying_player = true;
        while game.time < REST_DRAW_TIME + 1.0 {
            game.player_act(Action::Wait).unwrap();
        }
        assert_eq!(game.stealth_counters().drawn_by_rest, 0);
        assert!(game.is_asleep(sealed));
    }

    #[test]
    fn an_unaware_goblin_sees_a_sneaking_player_only_half_as_far() {
        // Six cells apart in an open room: a goblin sees 9 cells, 4 of a
        // sneaking player it has not noticed.
        let map = "##########\n\
                   #@.......#\n\
                   #........#\n\
                   #......g.#\n\
                   #>.......#\n\
                   ##########\n";
        let mode_after_a_wait = |sneak: bool| {
            let (mut game, _dir) = game_on(map);
            let goblin = at(&game, Pos::new(7, 3));
            game.actor_mut(0).pos = Pos::new(1, 3);
            game.player_act(Action::Sneak(sneak)).unwrap();
            game.player_act(Action::Wait).unwrap();
            game.actors[goblin].brain.as_ref().unwrap().mode
        };
        assert_eq!(mode_after_a_wait(true), crate::ai::Mode::Wander);
        assert_eq!(mode_after_a_wait(false), crate::ai::Mode::Hunt);
    }

    #[test]
    fn a_goblin_a_lure_draws_past_a_sneaking_player_keeps_its_eyes_on_the_noise() {
        // The lure lands at 8,1; the goblin walks to it from 8,6, seven
        // cells from the player at 1,6: within its sight (9), but a
        // sneaking player it has not noticed it sees only within 4, and it
        // goes on to look at the noise.
        let map = "############\n\
                   #..........#\n\
                   #..........#\n\
                   #..........#\n\
                   #..........#\n\
                   #..........#\n\
                   #@......g..#\n\
                   #>.........#\n\
                   ############\n";
        let after_the_lure = |sneak: bool| {
            let (mut game, _dir) = game_on(map);
            let goblin = at(&game, Pos::new(8, 6));
            game.actors[goblin].brain.as_mut().unwrap().mode = crate::ai::Mode::Wander;
            game.player_act(Action::Sneak(sneak)).unwrap();
            game.inventory.add(ItemKind::Noisemaker);
            game.player_act(Action::UseItem {
                item: ItemKind::Noisemaker,
                toward: None,
                at: Some(Pos::new(8, 1)),
            })
            .unwrap();
            let mut modes = Vec::new();
            for _ in 0..2 {
                game.player_act(Action::Wait).unwrap();
                let brain = game.actors[goblin].brain.as_ref().unwrap();
                modes.push((brain.mode, brain.noise, game.actors[goblin].pos));
            }
            modes
        };
        let sneaking = after_the_lure(true);
        assert!(
            sneaking
                .iter()
                .all(|&(mode, noise, _)| mode == crate::ai::Mode::Investigate
                    && noise == Some(Pos::new(8, 1))),
            "{sneaking:?}"
        );
        let walking = after_the_lure(false);
        assert!(
            walking
                .iter()
                .all(|&(mode, _, _)| mode == crate::ai::Mode::Hunt),
            "{walking:?}"
        );
    }

    #[test]
    fn who_sleeps_at_a_level_start_follows_the_seed_and_each_kind_s_chance() {
        let sleepers = |seed: u64, chance: u32| {
            let mut config = MonsterConfig::shipped().unwrap();
            for kind in &mut config.monsters {
                kind.asleep = chance;
            }
            let game = Game::new(&GameSetup::new(Some("horde"), seed, config)).unwrap();
            (1..game.actors.len())
                .filter(|&a| game.is_asleep(a))
                .collect::<Vec<_>>()
        };
        assert_eq!(sleepers(3, 50), sleepers(3, 50));
        assert_ne!(sleepers(3, 50), sleepers(4, 50));
        assert!(sleepers(3, 0).is_empty());
        let all = sleepers(3, 100);
        assert!(!all.is_empty() && !sleepers(3, 50).is_empty());
        assert!(sleepers(3, 50).len() < all.len());
    }
}
