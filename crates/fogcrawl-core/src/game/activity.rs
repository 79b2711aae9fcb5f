//! Commands that take many turns: rest, explore, travel (to the stairs, an
//! item or a cell) and autofight (its choices: `autofight`).
//! Each repeats one ordinary action (a wait or a step) and stops the moment
//! something happens: a monster becomes a threat (it notices the player or
//! approaches: `threat`), the player is hurt, a fight or danger is
//! reported, or the game ends. Monsters in view that are no threat
//! (fleeing, far and unaware, or with no way to the player) let it run.
//! The same loop serves the keys and the scripted player, so both play by
//! the same rules.
//!
//! Explore and travel read only what the player knows (`player_map`).

use crate::game::action::Action;
use crate::game::autofight::NO_WAY_TO_FOE;
use crate::game::message_log::{Importance, capitalised, counted};
use crate::game::player_map::{PlayerMap, Route};
use crate::game::state::{Game, Refusal};
use gridpath::Pos;

/// Below this share of its hit points (in percent) the player's autofight
/// will not start, as DCSS's `autofight_stop` option: pressing `F` over and
/// over must not walk a hurt player into death with a draught in the pack.
pub(crate) const AUTOFIGHT_LOW_HEALTH_PERCENT: i32 = 30;

/// A turn of the player's longer than this (game time: a step onto slow
/// ground) in which it was hurt stops autofight: the foe had several free
/// blows.
const SLOW_TURN: f64 = 2.0;

/// Autofight stops before a step onto slow ground that gives a threat at
/// least this many actions (`Game::step_risk`): enough to close in and
/// strike twice. A mud step gives a goblin 2, one more than a floor step,
/// and stopped autofight at every mud cell of the swamp (play21); a swamp
/// step gives a wolf 8.
const AUTOFIGHT_RISKY_ACTIONS: u32 = 3;

/// The most turns one explore or travel command takes before it hands back.
pub(crate) const STEP_LIMIT: u64 = 1000;
/// The most waits one rest takes (enough to heal fully several times over).
pub(crate) const REST_LIMIT: u64 = 1000;

/// A command that takes many turns.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Activity {
    /// Wait until healed or something happens.
    Rest,
    /// Walk to the nearest unexplored place (picking up items on the way).
    Explore,
    /// Walk to the stairs once seen.
    TravelToStairs,
    /// Walk to a cell the player has seen (a mouse click, the look cursor).
    TravelTo(Pos),
    /// Walk to the nearest item the player has seen lying on the level.
    TravelToItem,
    /// Fight the nearest monster in sight that hunts the player (else one
    /// close by, aware or not): walk up and strike until it dies, or until
    /// another threat comes, the player falls below
    /// `AUTOFIGHT_LOW_HEALTH_PERCENT` of its hit points or is hurt in a slow
    /// step (blows taken otherwise do not stop it).
    AutoFight,
}

impl Activity {
    pub fn name(self) -> &'static str {
        match self {
            Activity::Rest => "rest",
            Activity::Explore => "explore",
            Activity::TravelToStairs | Activity::TravelTo(_) | Activity::TravelToItem => "travel",
            Activity::AutoFight => "autofight",
        }
    }
}

/// Why an activity ended.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Stop {
    /// It did what it set out to do (healed, arrived, nothing left to explore).
    Done(String),
    /// Something happened; the text says what.
    Interrupted(String),
}

impl Stop {
    pub fn text(&self) -> &str {
        match self {
            Stop::Done(text) | Stop::Interrupted(text) => text,
        }
    }
}

/// What an activity did.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ActivityReport {
    pub turns: u64,
    pub stop: Stop,
}

impl Game {
    /// Runs `activity` until it is done or interrupted. Refused (no time
    /// passes) when it cannot start: a threat in view, full health for a
    /// rest, stairs not yet seen for travel.
    pub fn run_activity(
        &mut self,
        activity: Activity,
        map: &mut PlayerMap,
    ) -> Result<ActivityReport, Refusal> {
        if self.is_over() {
            return Err(Refusal::GameOver);
        }
        let (foe, limit) = self.activity_start(activity)?;
        // The monsters the fight already knows of (see `known_in_fight`).
        let mut known = Vec::new();
        let mut turns = 0;
        let stop = loop {
            if turns >= limit {
                break Stop::Done(format!(
                    "You stop to take stock after {}.",
                    counted(turns, "turn", "turns")
                ));
            }
            // Autofight stops for a threat that is new this turn; the rest
            // for a sleeper that comes into view.
            // The foe itself is no news: it turns from searching (a step
            // out of its sight) to hunting again all through a fight; nor
            // is any monster the fight already knew of.
            let threats_before = match foe {
                Some(foe) => {
                    // Each turn, not only at the start: a foe crept up on
                    // that notices the player on the way is fought at
                    // walking speed from then on.
                    self.stop_sneaking_to_fight(foe);
                    self.known_in_fight(foe, &mut known);
                    known.clone()
                }
                None => Vec::new(),
            };
            // A sleeper seen before on this level, gone from view and back,
            // is no news either.
            let sleepers_before = map.sleepers_seen(self, self.sleepers_in_view());
            let step = match foe {
                Some(foe) => self.autofight_step(foe, map),
                None => self.activity_step(activity, map),
            };
            let action = match (step, foe) {
                (Ok(action), _) => action,
                (Err(NO_WAY_TO_FOE), Some(foe)) if turns == 0 => {
                    return Err(Refusal::NoWayToFoe(self.no_way_to_foe(foe)));
                }
                (Err(NO_WAY_TO_FOE), Some(foe)) => break Stop::Done(self.no_way_to_foe(foe)),
                (Err(done), _) if turns == 0 => return Err(Refusal::NowhereToGo(done)),
                (Err(done), _) => break Stop::Done(done.to_owned()),
            };
            // Explore and travel never strike: a monster on the way (a
            // sleeper in a corridor) stops them before the bump.
            if foe.is_none()
                && let Some(monster) = self.monster_in_the_way(action)
            {
                let name = self.name_of(monster);
                if turns == 0 {
                    return Err(Refusal::Threatened {
                        name,
                        doing: "in the way",
                    });
                }
                break Stop::Interrupted(format!("{} is in the way.", capitalised(&name)));
            }
            // Nor do they walk up to a sleeper: a step within earshot of
            // one stops them, so the player chooses to sneak by (`s`),
            // creep up on it, or go another way. Autofight creeping up on
            // a foe that has not noticed the player stops so too: a
            // sneaking step into swamp beside a sleeper woke it, and the
            // 8-turn step gave it a string of free blows (lure18, seed
            // 1825: 15 hit points in one step).
            let creeping = foe.is_some_and(|foe| !self.knows_of_player(foe));
            if (foe.is_none() || creeping)
                && self.monster_in_the_way(action).is_none()
                && let Some(sleeper) = self.sleeper_a_step_would_wake(action)
            {
                // Sneaking already, the step is loud for its ground (swamp,
                // water, rubble): `s` would make it louder, not quieter.
                // Walking, `s` helps only where a sneaking step would not
                // wake it too: on noisy ground the advice to sneak sent
                // play19 round `s` and `e` between the two refusals.
                let wakes_even_sneaking = self.is_sneaking()
                    || matches!(action, Action::Move(direction)
                        if self
                            .sleepers_a_step_would_wake_if(direction.from(self.player().pos), true)
                            .contains(&sleeper));
                let news = if wakes_even_sneaking {
                    format!(
                        "A step on would wake {}, even sneaking (noisy ground): go round or strike it.",
                        self.name_of(sleeper)
                    )
                } else {
                    format!(
                        "A step on would wake {}: s sneaks past it quietly.",
                        self.name_of(sleeper)
                    )
                };
                if turns == 0 {
                    return Err(Refusal::WouldWake(news));
                }
                break Stop::Interrupted(news);
            }
            // Nor does autofight walk onto slow ground within a threat's
            // reach: a swamp step beside a hunting wolf gave it four blows,
            // 11 hit points to 2, before the slow-step stop could say so
            // (play21, seed 2101, level 3). A step by hand warns the same.
            if foe.is_some()
                && let Action::Move(direction) = action
                && let Some(risk) = self.step_risk(direction)
                && risk.actions >= AUTOFIGHT_RISKY_ACTIONS
            {
                let news = format!("{} Wait for it (.) or step by hand.", risk.warning(self));
                if turns == 0 {
                    return Err(Refusal::RiskyStep(news));
                }
                break Stop::Interrupted(news);
            }
            let hp = self.player().hp;
            let mark = self.log().pushed();
            let started = self.time();
            match self.player_act(action) {
                Ok(()) => turns += 1,
                Err(refusal) if turns == 0 => return Err(refusal),
                // The way changed under it (a door, a body): say so and stop.
                Err(refusal) => break Stop::Interrupted(refusal.to_string()),
            }
            if let Some(foe) = foe {
                if !self.actors()[foe].is_alive() {
                    break Stop::Done(format!("You have killed {}.", self.name_of(foe)));
                }
                if let Some(why) = self.fight_interruption(foe, hp, mark, started, &threats_before)
                {
                    break Stop::Interrupted(why);
                }
            } else if let Some(why) = self
                .interruption(hp, mark)
                .or_else(|| self.new_sleeper(&sleepers_before))
            {
                break Stop::Interrupted(why);
            }
            if activity == Activity::Rest && self.player().hp >= self.player().max_hp {
                break Stop::Done("You feel rested: hit points full.".to_owned());
            }
        };
        Ok(ActivityReport { turns, stop })
    }

    /// Whether `activity` may start, and if so the foe autofight goes for
    /// and the most turns it runs: refused with a threat in view (but for
    /// autofight, which needs one), or at full health for a rest.
    fn activity_start(&self, activity: Activity) -> Result<(Option<usize>, u64), Refusal> {
        // Autofight is for threats; it goes for one foe to the end.
        let foe = if activity == Activity::AutoFight {
            let player = self.player();
            if player.hp * 100 < player.max_hp * AUTOFIGHT_LOW_HEALTH_PERCENT {
                return Err(Refusal::TooHurtToAutofight {
                    hp: player.hp,
                    max_hp: player.max_hp,
                });
            }
            Some(
                self.autofight_target()
                    .ok_or_else(|| Refusal::NoFoe(self.no_foe()))?,
            )
        } else {
            if let Some(&(monster, threat)) = self.threats().first() {
                return Err(Refusal::Threatened {
                    name: self.name_of(monster),
                    doing: threat.doing(),
                });
            }
            None
        };
        let limit = match activity {
            Activity::Rest => {
                if self.player().hp >= self.player().max_hp {
                    return Err(Refusal::FullHealth);
                }
                REST_LIMIT
            }
            Activity::Explore
            | Activity::TravelToStairs
            | Activity::TravelTo(_)
            | Activity::TravelToItem
            | Activity::AutoFight => STEP_LIMIT,
        };
        Ok((foe, limit))
    }

    /// The monster in sight that a step `action` would strike, if any.
    fn monster_in_the_way(&self, action: Action) -> Option<usize> {
        let Action::Move(direction) = action else {
            return None;
        };
        let to = direction.from(self.player().pos);
        self.actor_at(to).filter(|_| self.is_visible(to))
    }

    /// The sleeper in sight that the step `action` would wake (heard by
    /// the sound model's rule the step will be heard by: `stealth_rules`),
    /// the nearest. Every such step counts, not only one that brings the
    /// player nearer: a sleeper first seen three cells off (round a
    /// corner, or diagonally, where a walk's noise travels too far to
    /// reach it) was woken by explore's next step sideways into a straight
    /// line with it.
    fn sleeper_a_step_would_wake(&self, action: Action) -> Option<usize> {
        let Action::Move(direction) = action else {
            return None;
        };
        let to = direction.from(self.player().pos);
        let woken = self.sleepers_a_step_would_wake(to);
        self.visible_monsters()
            .filter(|(index, _)| woken.contains(index))
            .min_by_key(|&(index, monster)| (monster.pos.chebyshev(to), index))
            .map(|(index, _)| index)
    }

    /// The name of the nearest monster in sight, if any ("the goblin").
    pub(crate) fn monster_in_sight(&self) -> Option<String> {
        let at = self.player().pos;
        self.visible_monsters()
            .min_by_key(|(index, monster)| {
                let distance = (monster.pos.x - at.x)
                    .abs()
                    .max((monster.pos.y - at.y).abs());
                (distance, *index)
            })
            .map(|(index, _)| self.name_of(index))
    }

    /// The action an activity takes next, or why it has nothing to do (one
    /// turn of the command; the scripted player takes it turn by turn).
    pub(crate) fn activity_step(
        &self,
        activity: Activity,
        map: &mut PlayerMap,
    ) -> Result<Action, &'static str> {
        match activity {
            Activity::Rest => Ok(Action::Wait),
            Activity::Explore => {
                if self.items_at(self.player().pos).next().is_some() {
                    return Ok(Action::PickUp);
                }
                match map.explore(self) {
                    Route::Step(direction) => Ok(Action::Move(direction)),
                    Route::Arrived | Route::NoWay => {
                        Err(if self.is_remembered(self.level().stairs) {
                            "Explored all you can reach; t travels to the stairs."
                        } else {
                            "Explored all you can reach."
                        })
                    }
                }
            }
            Activity::TravelToStairs => {
                if !self.is_remembered(self.level().stairs) {
                    return Err("You have not found the stairs yet.");
                }
                match map.travel_to_stairs(self) {
                    Route::Step(direction) => Ok(Action::Move(direction)),
                    Route::Arrived => Err("You are on the stairs: > takes them."),
                    Route::NoWay => Err("You know no way to the stairs."),
                }
            }
            Activity::TravelToItem => self.item_travel_step(map),
            Activity::AutoFight => match self.autofight_target() {
                Some(foe) => self.autofight_step(foe, map),
                None => Err("No monster in sight hunts you."),
            },
            Activity::TravelTo(goal) => {
                if !self.is_remembered(goal) {
                    return Err("You have not seen that place.");
                }
                match map.travel_to(self, goal) {
                    Route::Step(direction) => Ok(Action::Move(direction)),
                    Route::Arrived => Err("You are there."),
                    Route::NoWay => Err("You know no way there."),
                }
            }
        }
    }

    /// What, since the player had `hp`, the log stood at `mark` and the
    /// clock at `started` (one turn ago), should stop autofight: what stops
    /// travel, but for the fight it is in (the threats `before` the turn,
    /// and the blows and misses of the fight). A blow taken does not stop
    /// it, as long as the foe fights on beside the player (DCSS's
    /// autofight); the player falling below
    /// [`AUTOFIGHT_LOW_HEALTH_PERCENT`] does, and so does a hurt taken
    /// during a slow step (a step into swamp gave a goblin six blows).
    fn fight_interruption(
        &self,
        foe: usize,
        hp: i32,
        mark: u64,
        started: f64,
        before: &[(usize, crate::game::threat::Threat)],
    ) -> Option<String> {
        if self.is_over() {
            return Some("The game is over.".to_owned());
        }
        let player = self.player();
        if player.hp < hp {
            if player.hp * 100 < player.max_hp * AUTOFIGHT_LOW_HEALTH_PERCENT {
                return Some(format!(
                    "You are badly hurt ({} of {} hit points).",
                    player.hp, player.max_hp
                ));
            }
            let took = self.time() - started;
            if took > SLOW_TURN {
                return Some(format!(
                    "You lose {} hit points in one slow step ({took:.1} turns long).",
                    hp - player.hp
                ));
            }
        }
        if let Some(news) = self.new_threat(before) {
            return Some(news);
        }
        // The foe's own blows are the fight; any other danger is news.
        let foe_name = capitalised(&self.name_of(foe));
        self.log()
            .since(mark)
            .find(|m| m.importance == Importance::Danger && !m.text.starts_with(&foe_name))
            .map(|m| m.text.clone())
    }

    /// What, since the player had `hp` and the log stood at `mark`, should
    /// stop a many-turn command.
    pub(crate) fn interruption(&self, hp: i32, mark: u64) -> Option<String> {
        if self.is_over() {
            return Some("The game is over.".to_owned());
        }
        // Every monster in view was no threat when the step began (or the
        // command would have stopped or not started): any threat is news.
        if let Some(news) = self.new_threat(&[]) {
            return Some(news);
        }
        if self.player().hp < hp {
            return Some("You are hurt!".to_owned());
        }
        self.log()
            .since(mark)
            .find(|m| matches!(m.importance, Importance::Danger | Importance::Combat))
            .map(|m| m.text.clone())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ai::Mode;
    use crate::game::direction::Direction;
    use crate::game::test_levels::game_on;

    #[test]
    fn explore_walks_past_the_door_until_the_goblin_becomes_a_threat() {
        let (mut game, _dir) = game_on(
            "################\n#@.....#.......#\n#......+....g..#\n#......#.......#\n#......#......>#\n################\n",
        );
        assert!(game.threats().is_empty());
        let mut map = PlayerMap::new();
        let report = game.run_activity(Activity::Explore, &mut map).unwrap();
        let Some(&(goblin, threat)) = game.threats().first() else {
            panic!("explore stops for a threat: {report:?}");
        };
        assert_eq!(
            report.stop,
            Stop::Interrupted(threat.news(&game.name_of(goblin)))
        );
        assert!(report.turns > 1);
        // Explore will not start again with the goblin a threat.
        assert_eq!(
            game.run_activity(Activity::Explore, &mut map),
            Err(Refusal::Threatened {
                name: "the goblin".to_owned(),
                doing: threat.doing(),
            })
        );
    }

    #[test]
    fn explore_runs_while_a_fleeing_monster_is_in_view() {
        let (mut game, _dir) = game_on(
            "####################\n#@.................#\n#..................#\n#..................#\n#.........g........#\n#..................#\n#.................>#\n####################\n",
        );
        game.actor_mut(1).hp = 1;
        game.actor_mut(1).brain.as_mut().unwrap().mode = Mode::Flee;
        assert!(game.is_visible(game.actors()[1].pos));
        assert_eq!(game.threat(1), None);
        let report = game
            .run_activity(Activity::Explore, &mut PlayerMap::new())
            .unwrap();
        assert!(report.turns > 1, "{report:?}");
    }

    #[test]
    fn rest_runs_with_a_far_wanderer_in_view_and_stops_when_it_comes() {
        // The goblin (sight 9) stands 10 cells off, where the player (sight
        // 10) sees it and it does not see the player.
        let (mut game, _dir) = game_on(
            "###############\n#@.........g..#\n#.............#\n#............>#\n###############\n",
        );
        game.actor_mut(0).hp = 5;
        assert!(game.is_visible(game.actors()[1].pos));
        assert_eq!(game.threat(1), None, "far and wandering");
        let report = game
            .run_activity(Activity::Rest, &mut PlayerMap::new())
            .unwrap();
        let threat = game.threat(1);
        match &report.stop {
            Stop::Interrupted(why) => {
                let threat = threat.unwrap_or_else(|| panic!("{why}: no threat"));
                assert_eq!(why, &threat.news("the goblin"));
            }
            Stop::Done(why) => panic!("the goblin never came: {why}"),
        }
        assert!(report.turns >= 1);
    }

    #[test]
    fn rest_stops_at_the_first_sight_of_a_hunting_archer_before_it_shoots() {
        // An archer behind the door comes through it; the player rests.
        let (mut game, _dir) = game_on(
            "################\n#@......#......#\n#.......+...g..#\n#.......#......#\n#.......#.....>#\n################\n",
        );
        let archer = game
            .kinds()
            .iter()
            .position(|kind| kind.range > 1 && kind.faction == "goblins")
            .expect("the shipped config has a goblin archer");
        game.actor_mut(1).species = crate::game::actor::Species::Monster(archer);
        game.actor_mut(1).brain.as_mut().unwrap().mode = Mode::Hunt;
        game.actor_mut(0).hp = 2;
        let report = game
            .run_activity(Activity::Rest, &mut PlayerMap::new())
            .unwrap();
        assert!(matches!(report.stop, Stop::Interrupted(_)), "{report:?}");
        let shots = game
            .log()
            .recent(50)
            .filter(|m| m.text.contains("shoots"))
            .count();
        assert_eq!(shots, 0, "stopped before its first shot: {report:?}");
    }

    #[test]
    fn travel_needs_the_stairs_seen_and_then_walks_there() {
        let (mut game, _dir) =
            game_on("##########\n#@.......#\n#.######.#\n#.#>.....#\n##########\n");
        let mut map = PlayerMap::new();
        assert_eq!(
            game.run_activity(Activity::TravelToStairs, &mut map),
            Err(Refusal::NowhereToGo("You have not found the stairs yet."))
        );
        let explored = game.run_activity(Activity::Explore, &mut map).unwrap();
        assert!(matches!(explored.stop, Stop::Done(_)), "{explored:?}");
        assert!(game.is_remembered(game.level().stairs));
        let report = game
            .run_activity(Activity::TravelToStairs, &mut map)
            .unwrap();
        assert_eq!(game.player().pos, Pos::new(3, 3));
        assert_eq!(
            report.stop,
            Stop::Done("You are on the stairs: > takes them.".to_owned())
        );
    }

    #[test]
    fn travel_to_a_seen_cell_walks_there_and_refuses_unseen_ones() {
        let (mut game, _dir) =
            game_on("##########\n#@.......#\n#.######.#\n#.#>.....#\n##########\n");
        let mut map = PlayerMap::new();
        let goal = Pos::new(5, 3);
        assert_eq!(
            game.run_activity(Activity::TravelTo(goal), &mut map),
            Err(Refusal::NowhereToGo("You have not seen that place."))
        );
        game.run_activity(Activity::Explore, &mut map).unwrap();
        assert!(game.is_remembered(goal));
        let report = game
            .run_activity(Activity::TravelTo(goal), &mut map)
            .unwrap();
        assert_eq!(game.player().pos, goal);
        assert_eq!(report.stop, Stop::Done("You are there.".to_owned()));
        assert_eq!(
            game.run_activity(Activity::TravelTo(goal), &mut map),
            Err(Refusal::NowhereToGo("You are there."))
        );
        assert_eq!(
            game.run_activity(Activity::TravelTo(Pos::new(0, 0)), &mut map),
            Err(Refusal::NowhereToGo("You know no way there."))
        );
    }

    #[test]
    fn explore_picks_up_what_it_finds() {
        let (mut game, _dir) = game_on("#######\n#@..(.#\n#....>#\n#######\n");
        let mut map = PlayerMap::new();
        game.run_activity(Activity::Explore, &mut map).unwrap();
        assert_eq!(
            game.inventory()
                .count(crate::world::ItemKind::ThrowingKnife),
            1
        );
        assert!(game.level().items.is_empty());
    }

    #[test]
    fn rest_heals_in_time_and_is_refused_at_full_health() {
        let (mut game, _dir) = game_on("#####\n#@.>#\n#####\n");
        let mut map = PlayerMap::new();
        assert_eq!(
            game.run_activity(Activity::Rest, &mut map),
            Err(Refusal::FullHealth)
        );
        let max = game.player().max_hp;
        game.actor_mut(0).hp = max - 3;
        let report = game.run_activity(Activity::Rest, &mut map).unwrap();
        assert_eq!(game.player().hp, max);
        assert!(matches!(report.stop, Stop::Done(_)));
        let per_point = crate::game::regeneration::TIME_PER_HIT_POINT;
        assert!(
            (game.time() - 3.0 * per_point).abs() <= 1.0,
            "three hit points take three intervals, not {}",
            game.time()
        );
    }

    #[test]
    fn a_threat_in_view_forbids_resting_and_a_fleeing_monster_does_not() {
        let (mut game, _dir) = game_on("#######\n#@...g#\n#....>#\n#######\n");
        game.actor_mut(0).hp -= 5;
        game.actor_mut(1).brain.as_mut().unwrap().mode = Mode::Wander;
        assert_eq!(
            game.run_activity(Activity::Rest, &mut PlayerMap::new()),
            Err(Refusal::Threatened {
                name: "the goblin".to_owned(),
                doing: "so close",
            })
        );
        assert_eq!(
            Refusal::Threatened {
                name: "the goblin".to_owned(),
                doing: "so close",
            }
            .to_string(),
            "Not with the goblin so close!"
        );
        game.actor_mut(1).hp = 1;
        game.actor_mut(1).brain.as_mut().unwrap().mode = Mode::Flee;
        assert!(
            game.run_activity(Activity::Rest, &mut PlayerMap::new())
                .is_ok()
        );
    }

    #[test]
    fn a_sleeper_close_by_lets_explore_and_rest_start() {
        // The goblin sleeps 2 cells south-east: no threat, however near.
        let (mut game, _dir) = game_on(
            "################\n#@.............#\n#..............#\n#..g..........>#\n################\n",
        );
        game.put_to_sleep(1);
        assert_eq!(game.threat(1), None);
        game.actor_mut(0).hp -= 5;
        let rest = game
            .run_activity(Activity::Rest, &mut PlayerMap::new())
            .expect("rest starts beside a sleeper");
        assert!(rest.turns >= 1, "{rest:?}");
        game.put_to_sleep(1);
        game.actor_mut(0).hp = game.player().max_hp;
        // Every step from here is within its earshot: a walk would wake
        // it, so explore says so; sneaking, it starts.
        assert!(matches!(
            game.run_activity(Activity::Explore, &mut PlayerMap::new()),
            Err(Refusal::WouldWake(_))
        ));
        game.player_act(Action::Sneak(true)).unwrap();
        let explore = game
            .run_activity(Activity::Explore, &mut PlayerMap::new())
            .expect("explore starts beside a sleeper");
        assert!(explore.turns >= 1, "{explore:?}");
    }

    #[test]
    fn explore_stops_once_when_a_sleeper_comes_into_view() {
        let (mut game, _dir) = game_on(
            "################\n#@.....#.......#\n#......+....g..#\n#......#.......#\n#......#......>#\n################\n",
        );
        game.put_to_sleep(1);
        game.player_act(Action::Sneak(true)).unwrap();
        let mut map = PlayerMap::new();
        let report = game.run_activity(Activity::Explore, &mut map).unwrap();
        assert_eq!(
            report.stop,
            Stop::Interrupted("You see a sleeping goblin.".to_owned())
        );
        assert!(game.is_visible(game.actors()[1].pos) && game.is_asleep(1));
        // Once seen, the sleeper stops it no more: explore goes on (the
        // player sneaks, so it sleeps on).
        let again = game.run_activity(Activity::Explore, &mut map).unwrap();
        assert!(again.turns >= 1, "{again:?}");
        assert_ne!(again.stop, report.stop);
        assert!(game.is_asleep(1));
    }

    #[test]
    fn a_sleeper_seen_once_stops_travel_no_more_when_it_comes_back_into_view() {
        // play21 (seed 2101): one sleeping giant rat stopped explore three
        // times on a level, each time it came back into view.
        let (mut game, _dir) = game_on(
            "################\n#@.....#.......#\n#......+....g..#\n#......#.......#\n#......#......>#\n################\n",
        );
        game.put_to_sleep(1);
        game.player_act(Action::Sneak(true)).unwrap();
        let mut map = PlayerMap::new();
        let report = game.run_activity(Activity::Explore, &mut map).unwrap();
        let news = Stop::Interrupted("You see a sleeping goblin.".to_owned());
        assert_eq!(report.stop, news);
        let sighted = game.player().pos;
        // Out of its sight in the west room's corner (the wall at x 7 hides
        // it but through the door), then back where it was first seen.
        let corner = Pos::new(1, 4);
        game.run_activity(Activity::TravelTo(corner), &mut map)
            .unwrap();
        assert_eq!(game.player().pos, corner);
        assert!(!game.is_visible(game.actors()[1].pos));
        let back = game
            .run_activity(Activity::TravelTo(sighted), &mut map)
            .unwrap();
        assert_ne!(back.stop, news);
        assert_eq!(game.player().pos, sighted, "{back:?}");
        assert!(game.is_visible(game.actors()[1].pos) && game.is_asleep(1));
        // The control: a map that has not seen it (as travel's was before
        // play21) stops on the same walk back.
        game.run_activity(Activity::TravelTo(corner), &mut map)
            .unwrap();
        let again = game
            .run_activity(Activity::TravelTo(sighted), &mut PlayerMap::new())
            .unwrap();
        assert_eq!(again.stop, news);
    }

    #[test]
    fn explore_and_travel_stop_before_a_step_that_would_wake_a_sleeper() {
        // The goblin sleeps at the east end of the hall; travel toward it
        // stops 4 cells off (a walking step is heard by a sleeper within
        // 3), then refuses, until the player sneaks.
        let (mut game, _dir) = game_on("###########\n#@.......g#\n#........>#\n###########\n");
        game.put_to_sleep(1);
        let mut map = PlayerMap::new();
        let goal = Pos::new(7, 1);
        let report = game
            .run_activity(Activity::TravelTo(goal), &mut map)
            .unwrap();
        let news = "A step on would wake the goblin: s sneaks past it quietly.".to_owned();
        assert_eq!(report.stop, Stop::Interrupted(news.clone()));
        assert_eq!(game.player().pos, Pos::new(5, 1));
        assert_eq!(
            game.run_activity(Activity::TravelTo(goal), &mut map),
            Err(Refusal::WouldWake(news))
        );
        game.player_act(Action::Sneak(true)).unwrap();
        let report = game
            .run_activity(Activity::TravelTo(goal), &mut map)
            .unwrap();
        assert_eq!(report.stop, Stop::Done("You are there.".to_owned()));
        assert!(game.is_asleep(1), "sneaking, it slept on");
    }

    #[test]
    fn a_sneaking_player_is_not_told_to_sneak_when_noisy_ground_would_wake_a_sleeper() {
        // Swamp between the player and the sleeping goblin, 3 cells off: a
        // sneaking step onto it is heard 4 cells away, and a sleeper wakes
        // within half that, so the first step is refused.
        let (mut game, _dir) = game_on("#########\n##@%%g.>#\n#########\n");
        game.put_to_sleep(1);
        game.player_act(Action::Sneak(true)).unwrap();
        let mut map = PlayerMap::new();
        assert_eq!(
            game.run_activity(Activity::TravelTo(Pos::new(4, 1)), &mut map),
            Err(Refusal::WouldWake(
                "A step on would wake the goblin, even sneaking (noisy ground): go round or strike it."
                    .to_owned()
            ))
        );
        assert!(game.is_sneaking() && game.is_asleep(1));
    }

    #[test]
    fn a_walking_player_is_not_told_to_sneak_when_sneaking_would_wake_the_sleeper_too() {
        // The same swamp, the player walking: `s` would not help (a
        // sneaking step onto swamp is heard 4 cells away), so the refusal
        // says to go round or strike, and sneaking then refuses alike.
        let (mut game, _dir) = game_on("#########\n##@%%g.>#\n#########\n");
        game.put_to_sleep(1);
        let mut map = PlayerMap::new();
        let news =
            "A step on would wake the goblin, even sneaking (noisy ground): go round or strike it."
                .to_owned();
        assert_eq!(
            game.run_activity(Activity::TravelTo(Pos::new(4, 1)), &mut map),
            Err(Refusal::WouldWake(news.clone()))
        );
        game.player_act(Action::Sneak(true)).unwrap();
        assert_eq!(
            game.run_activity(Activity::TravelTo(Pos::new(4, 1)), &mut map),
            Err(Refusal::WouldWake(news))
        );
        assert!(game.is_asleep(1));
    }

    #[test]
    fn autofight_creeping_up_on_a_sleeper_stops_before_a_step_that_would_wake_it() {
        // Sneaking up on an unaware goblin, the first step goes onto swamp
        // beside a sleeping goblin: heard 4 cells away, it would wake it,
        // and the slow step would give it free blows. Autofight stops.
        let map = "#########\n##@%%g.>#\n###g#####\n#########\n";
        let (mut game, _dir) = game_on(map);
        let sleeper = game.actor_at(Pos::new(3, 2)).unwrap();
        let goblin = game.actor_at(Pos::new(5, 1)).unwrap();
        game.put_to_sleep(sleeper);
        game.actor_mut(goblin).brain.as_mut().unwrap().mode = Mode::Wander;
        game.player_act(Action::Sneak(true)).unwrap();
        assert_eq!(game.autofight_target(), Some(goblin));
        let mut map_of_player = PlayerMap::new();
        assert_eq!(
            game.run_activity(Activity::AutoFight, &mut map_of_player),
            Err(Refusal::WouldWake(
                "A step on would wake the goblin g2, even sneaking (noisy ground): go round or strike it."
                    .to_owned()
            ))
        );
        assert!(game.is_asleep(sleeper) && game.player().pos == Pos::new(2, 1));
        // Against a goblin that knows of the player the sleeper is no
        // reason to stop (a fight's noise wakes it anyway), but the swamp
        // step within the hunter's reach is (play21): it would get 5
        // blows' worth of actions in the 4-turn step.
        game.actor_mut(goblin).brain.as_mut().unwrap().mode = Mode::Hunt;
        assert_eq!(
            game.run_activity(Activity::AutoFight, &mut map_of_player),
            Err(Refusal::RiskyStep(
                "Swamp: this step takes 4.0 turns; the goblin g1 gets 5 actions. Wait for it (.) or step by hand."
                    .to_owned()
            ))
        );
        assert!(game.is_asleep(sleeper) && game.player().pos == Pos::new(2, 1));
    }

    #[test]
    fn autofight_stops_before_a_slow_step_within_a_hunters_reach_and_fights_on_firm_ground() {
        // play21 (seed 2101, caves): autofight stepped into swamp toward a
        // hunting wolf, which struck four times in the one step. A
        // corridor: the player at (1,1), swamp at (2,1), the goblin at
        // (5,1) hunting.
        let (mut game, _dir) = game_on("########\n#@%..g>#\n########\n");
        let goblin = game.actor_at(Pos::new(5, 1)).unwrap();
        game.actor_mut(goblin).brain.as_mut().unwrap().mode = Mode::Hunt;
        game.actor_mut(0).hp = 100;
        game.actor_mut(0).max_hp = 100;
        let mut map = PlayerMap::new();
        let refused = game.run_activity(Activity::AutoFight, &mut map);
        assert!(
            matches!(&refused, Err(Refusal::RiskyStep(news)) if news.starts_with("Swamp: this step takes 4.0 turns; the goblin gets")),
            "{refused:?}"
        );
        assert_eq!(game.time(), 0.0, "no time passed");
        // Waiting by hand, the goblin comes through the swamp to the
        // player; autofight then strikes it from firm ground.
        for _ in 0..12 {
            if game.player_can_strike(game.player().pos, game.actors()[goblin].pos) {
                break;
            }
            game.player_act(Action::Wait).unwrap();
        }
        assert_eq!(game.player().pos, Pos::new(1, 1));
        let report = game.run_activity(Activity::AutoFight, &mut map).unwrap();
        assert!(report.turns >= 1, "{report:?}");
        assert_eq!(
            game.player().pos,
            Pos::new(1, 1),
            "it never stepped into the swamp"
        );
    }

    #[test]
    fn autofight_steps_onto_mud_that_gives_a_goblin_one_action_more() {
        // A 2-turn mud step gives a goblin (speed 1.25) 2 actions, a floor
        // step 1: one blow more at worst, not worth a stop at every mud
        // cell (play21's swamp level). The player at (1,1), mud at (2,1),
        // the goblin hunting at (4,1).
        let (mut game, _dir) = game_on("########\n#@,.g.>#\n########\n");
        let goblin = game.actor_at(Pos::new(4, 1)).unwrap();
        game.actor_mut(goblin).brain.as_mut().unwrap().mode = Mode::Hunt;
        game.actor_mut(0).hp = 100;
        game.actor_mut(0).max_hp = 100;
        let risk = game.step_risk(Direction::East).expect("mud near a hunter");
        assert_eq!(risk.actions, 2);
        let report = game
            .run_activity(Activity::AutoFight, &mut PlayerMap::new())
            .unwrap();
        assert!(report.turns >= 1, "{report:?}");
        assert!(
            !matches!(&report.stop, Stop::Interrupted(news) if news.starts_with("Mud")),
            "{report:?}"
        );
    }

    #[test]
    fn a_step_sideways_into_earshot_of_a_sleeper_seen_three_cells_off_stops_too() {
        // The goblin sleeps three cells east and one north: a walk's noise
        // (6, heard by a sleeper within 3 cells of travel) would go 3.41
        // to reach it. A step north puts the player straight in line with
        // it, three cells off, no nearer as the crow flies: heard there.
        let (mut game, _dir) =
            game_on("##########\n#....g...#\n#.@......#\n#.......>#\n##########\n");
        game.put_to_sleep(1);
        let mut map = PlayerMap::new();
        let north = Pos::new(2, 1);
        let news = "A step on would wake the goblin: s sneaks past it quietly.".to_owned();
        assert_eq!(
            game.run_activity(Activity::TravelTo(north), &mut map),
            Err(Refusal::WouldWake(news))
        );
        assert!(game.is_asleep(1));
        // The rule is the one the game hears by: taken, the step wakes it.
        game.player_act(Action::Move(Direction::North)).unwrap();
        assert!(!game.is_asleep(1), "the step north was heard");
        // Sneaking, the way is open and it sleeps on.
        let (mut game, _dir) =
            game_on("##########\n#....g...#\n#.@......#\n#.......>#\n##########\n");
        game.put_to_sleep(1);
        game.player_act(Action::Sneak(true)).unwrap();
        let report = game
            .run_activity(Activity::TravelTo(north), &mut PlayerMap::new())
            .unwrap();
        assert_eq!(report.stop, Stop::Done("You are there.".to_owned()));
        assert!(game.is_asleep(1));
    }

    #[test]
    fn autofight_fights_on_through_blows_but_stops_badly_hurt_or_hurt_in_a_slow_step() {
        use crate::game::threat::Threat;
        let (mut game, _dir) = game_on("#########\n#@g.....#\n#......>#\n#########\n");
        game.actor_mut(1).brain.as_mut().unwrap().mode = Mode::Hunt;
        let before = [(1, Threat::Hunting)];
        let max = game.player().max_hp;
        let (mark, now) = (game.log().pushed(), game.time());
        game.actor_mut(0).hp = max - 3;
        assert_eq!(
            game.fight_interruption(1, max, mark, now - 1.0, &before),
            None,
            "a blow in a plain turn: the fight goes on"
        );
        assert_eq!(
            game.fight_interruption(1, max, mark, now - 4.0, &before),
            Some("You lose 3 hit points in one slow step (4.0 turns long).".to_owned())
        );
        game.actor_mut(0).hp = 2;
        assert_eq!(
            game.fight_interruption(1, max, mark, now - 1.0, &before),
            Some(format!("You are badly hurt (2 of {max} hit points)."))
        );
    }

    #[test]
    fn autofight_goes_for_an_unaware_monster_close_by_that_stops_explore() {
        let (mut game, _dir) = game_on("#########\n#@..g...#\n#......>#\n#########\n");
        game.actor_mut(1).brain.as_mut().unwrap().mode = Mode::Wander;
        let mut map = PlayerMap::new();
        assert!(matches!(
            game.run_activity(Activity::Explore, &mut map),
            Err(Refusal::Threatened { .. })
        ));
        assert_eq!(
            game.autofight_target(),
            Some(1),
            "F is the key that goes on"
        );
        let report = game.run_activity(Activity::AutoFight, &mut map).unwrap();
        assert!(report.turns >= 1, "{report:?}");
    }

    #[test]
    fn autofight_is_not_stopped_by_its_own_foe_hunting_again() {
        // The foe stepped out of sight a moment (searching) and sees the
        // player again: news for travel, none for the fight with it.
        let (mut game, _dir) = game_on("#########\n#@..g...#\n#......>#\n#########\n");
        game.actor_mut(1).brain.as_mut().unwrap().mode = Mode::Search;
        let searching = game.threats();
        game.actor_mut(1).brain.as_mut().unwrap().mode = Mode::Hunt;
        let (hp, mark) = (game.player().hp, game.log().pushed());
        assert_eq!(
            game.new_threat(&searching),
            Some("The goblin notices you.".to_owned())
        );
        let mut before = searching;
        before.push((1, crate::game::threat::Threat::Hunting));
        assert_eq!(
            game.fight_interruption(1, hp, mark, game.time(), &before),
            None
        );
    }

    #[test]
    fn travel_stops_before_a_sleeper_in_its_way_and_never_strikes_it() {
        // The corridor's only way to the stairs is through the sleeping
        // goblin.
        let (mut game, _dir) = game_on("#########\n#@..g..>#\n#########\n");
        game.put_to_sleep(1);
        game.player_act(Action::Sneak(true)).unwrap();
        let hp = game.actors()[1].hp;
        let mut map = PlayerMap::new();
        let report = game
            .run_activity(Activity::TravelToStairs, &mut map)
            .unwrap();
        assert_eq!(
            report.stop,
            Stop::Interrupted("The goblin is in the way.".to_owned())
        );
        assert_eq!(game.player().pos, Pos::new(3, 1));
        assert_eq!(
            game.run_activity(Activity::TravelToStairs, &mut map),
            Err(Refusal::Threatened {
                name: "the goblin".to_owned(),
                doing: "in the way",
            })
        );
        assert!(game.is_asleep(1) && game.actors()[1].hp == hp, "untouched");
    }
}
