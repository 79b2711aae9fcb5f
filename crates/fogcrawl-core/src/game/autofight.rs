//! Autofight and travel to an item: the choices behind two many-turn
//! commands of `activity`. Autofight goes for the nearest monster in sight
//! that hunts the player: a blow when it stands next to the player, else a
//! knife thrown at one that shoots or flees (walking up would not catch
//! it), else a step along the player's known way toward it. Travel to an item walks to
//! the nearest item the player has seen lying on the level.
//!
//! Reads the game and the player's map only (what the player knows: the
//! monsters in sight, the items seen); never changes the game.

use crate::ai::Mode;
use crate::game::action::Action;
use crate::game::direction::Direction;
use crate::game::message_log::{Importance, capitalised};
use crate::game::player_map::{PlayerMap, Route};
use crate::game::state::Game;
use crate::game::threat::Threat;
use crate::world::ItemKind;
use gridpath::Pos;

/// What `autofight_step` answers when the player knows no way to the foe;
/// `run_activity` tells it with the foe named (`Game::no_way_to_foe`).
pub(crate) const NO_WAY_TO_FOE: &str = "You know no way to your foe.";

/// The compass word for a step of `dx`, `dy` (y grows southward): "east",
/// "north-east"; a bearing within about 22 degrees of an axis is that axis.
pub(crate) fn compass_word(dx: i32, dy: i32) -> &'static str {
    let (ax, ay) = (dx.abs(), dy.abs());
    let x = if ax * 5 < ay * 2 { 0 } else { dx.signum() };
    let y = if ay * 5 < ax * 2 { 0 } else { dy.signum() };
    match (x, y) {
        (0, -1) => "north",
        (0, 1) => "south",
        (1, 0) => "east",
        (-1, 0) => "west",
        (1, -1) => "north-east",
        (-1, -1) => "north-west",
        (1, 1) => "south-east",
        (-1, 1) => "south-west",
        _ => "here",
    }
}

/// Where `at` lies seen from `from`, as the messages say it: "beside you",
/// or "3 cells south-east" (Chebyshev cells and [`compass_word`]).
pub(crate) fn where_from(from: Pos, at: Pos) -> String {
    let distance = at.chebyshev(from);
    if distance <= 1 {
        "beside you".to_owned()
    } else {
        format!(
            "{distance} cells {}",
            compass_word(at.x - from.x, at.y - from.y)
        )
    }
}

impl Game {
    /// The monster autofight goes for: the nearest one in sight that hunts
    /// the player (the lower actor id on a tie), else the nearest that
    /// searches for the player (it comes, and it keeps explore and rest
    /// from starting), if any.
    ///
    /// Among those it picks first one it can strike from where it stands
    /// (a diagonal blow past a wall or deep water breaks the corner rule).
    /// With neither, the nearest other threat: one coming to look at a
    /// noise by the player, or an unaware one close by (explore and rest
    /// refuse to start for it, so `F` is the one key that goes on; a blow
    /// on it is a sneak attack). Else an awake monster it can strike from
    /// where it stands, whatever it is doing: a hurt one fleeing at bay
    /// next to the player is still a foe, as in DCSS (a sleeper is left to
    /// a chosen blow). Else the nearest monster in sight that flees: a
    /// fleeing foe is still a foe (player17 pressed `F` at a fleeing rat
    /// in the same room and was told no monster hunted them).
    pub(crate) fn autofight_target(&self) -> Option<usize> {
        let threats = self.threats();
        let at = self.player().pos;
        [
            Threat::Hunting,
            Threat::Searching,
            Threat::Investigating,
            Threat::Near,
        ]
        .into_iter()
        .find_map(|wanted| {
            let mut of_kind = threats.iter().filter(|&&(_, threat)| threat == wanted);
            let strikable = of_kind
                .clone()
                .find(|&&(monster, _)| self.player_can_strike(at, self.actors()[monster].pos));
            strikable.or_else(|| of_kind.next())
        })
        .map(|&(monster, _)| monster)
        .or_else(|| {
            self.visible_monsters()
                .filter(|&(index, monster)| {
                    !self.is_asleep(index) && self.player_can_strike(at, monster.pos)
                })
                .min_by_key(|&(index, _)| index)
                .map(|(index, _)| index)
        })
        .or_else(|| {
            self.visible_monsters()
                .filter(|&(index, monster)| {
                    !self.is_asleep(index)
                        && monster.brain.as_ref().is_some_and(|b| b.mode == Mode::Flee)
                })
                .min_by_key(|&(index, monster)| (monster.pos.chebyshev(at), index))
                .map(|(index, _)| index)
        })
    }

    /// At each turn of autofight against `foe`: a player sneaking toward a
    /// foe that knows of them (not asleep, not wandering unaware, or no
    /// longer) stops sneaking, and the log says so. Sneaking only slows the walk up (a
    /// goblin struck twice in one 2.8-turn sneaking step, 18 to 8 hp, in
    /// player18's run) and there is no sneak attack on a foe that is
    /// aware. Against a sleeper or an unaware one the player goes on
    /// sneaking: the quiet walk up is what earns the sneak attack.
    pub(crate) fn stop_sneaking_to_fight(&mut self, foe: usize) {
        if !self.is_sneaking() || !self.knows_of_player(foe) {
            return;
        }
        let name = self.name_of(foe);
        self.tell(
            Importance::Info,
            format!("You stop sneaking to fight {name}: it knows you are here."),
        );
        // Sneak mode off takes no time and cannot be refused.
        let _ = self.player_act(Action::Sneak(false));
    }

    /// The monsters autofight treats as already known, so their turning
    /// from searching to hunting (a step out of their sight and back) is
    /// no news: the foe and every threat seen since the fight began.
    /// `known` carries them from turn to turn; it comes back with each new
    /// threat of this turn added.
    pub(crate) fn known_in_fight(&self, foe: usize, known: &mut Vec<(usize, Threat)>) {
        let now = self.threats();
        for monster in std::iter::once(foe).chain(now.iter().map(|&(monster, _)| monster)) {
            if !known.iter().any(|&(seen, _)| seen == monster) {
                // Marked hunting: `new_threat` reports only a monster
                // missing from the list or one that turns to hunting.
                known.push((monster, Threat::Hunting));
            }
        }
    }

    /// Why autofight has no foe: no monster in sight hunts the player. The
    /// nearest sleeper in sight is named, with where it lies and how to take
    /// it, for autofight leaves a sleeper to a chosen blow and explore stops
    /// short of it: beside a sleeping goblin 3 cells off that explore would
    /// not pass, play30 read only "No monster in sight hunts you.".
    pub(crate) fn no_foe(&self) -> String {
        const NO_HUNTER: &str = "No monster in sight hunts you.";
        let from = self.player().pos;
        let Some((sleeper, at)) = self
            .visible_monsters()
            .filter(|&(index, _)| self.is_asleep(index))
            .map(|(index, monster)| (index, monster.pos))
            .min_by_key(|&(index, at)| (at.chebyshev(from), index))
        else {
            return NO_HUNTER.to_owned();
        };
        let lies = where_from(from, at);
        format!(
            "{NO_HUNTER} {} sleeps {lies}: strike it by hand for a sneak attack, or s sneaks past it.",
            capitalised(&self.name_of(sleeper))
        )
    }

    /// Why autofight cannot walk to `foe`: its name and where it stands
    /// ("You know no way to the goblin, 7 cells north-east at 31,6: ..."),
    /// where player17 read only "You know no way to your foe.".
    pub(crate) fn no_way_to_foe(&self, foe: usize) -> String {
        let (at, from) = (self.actors()[foe].pos, self.player().pos);
        let distance = at.chebyshev(from);
        let bearing = compass_word(at.x - from.x, at.y - from.y);
        format!(
            "You know no way to {}, {distance} cells {bearing} at {},{}: step toward it by hand (explore and travel stop while it is in sight), or wait for it.",
            self.name_of(foe),
            at.x,
            at.y
        )
    }

    /// One turn of autofight against `target`: a blow when it is next to
    /// the player, else a knife when it shoots or flees (`throws_at`),
    /// else a step toward it; or why there is nothing to do.
    pub(crate) fn autofight_step(
        &self,
        target: usize,
        map: &mut PlayerMap,
    ) -> Result<Action, &'static str> {
        let monster = &self.actors()[target];
        if !monster.is_alive() {
            return Err("Your foe is dead.");
        }
        if !self.is_visible(monster.pos) {
            return Err("Your foe is out of sight.");
        }
        let at = self.player().pos;
        if self.player_can_strike(at, monster.pos)
            && let Some(direction) = Direction::between(at, monster.pos)
        {
            return Ok(Action::Move(direction));
        }
        if self.throws_at(target) {
            return Ok(Action::UseItem {
                item: ItemKind::ThrowingKnife,
                toward: None,
                at: Some(monster.pos),
            });
        }
        match map.travel_to(self, monster.pos) {
            Route::Step(direction) => Ok(Action::Move(direction)),
            Route::Arrived | Route::NoWay => Err(NO_WAY_TO_FOE),
        }
    }

    /// Whether autofight throws a knife at `foe` rather than walk up to
    /// it: the player carries one, the foe is in its range, and walking
    /// up would not catch it, for it shoots the player (and keeps its
    /// distance) or flees. DCSS's autofight fires the quiver at range the
    /// same way; here autofight chased a kiting archer 21 turns with 8
    /// knives in the pack (play19). A foe that comes to the player is
    /// met with a blow, as before: a knife does less than a blade.
    fn throws_at(&self, foe: usize) -> bool {
        let monster = &self.actors()[foe];
        let shoots = self.kind_of(monster).is_some_and(|kind| kind.is_ranged());
        let runs = monster
            .brain
            .as_ref()
            .is_some_and(|brain| brain.mode == Mode::Flee || (shoots && brain.mode == Mode::Hunt));
        runs && self.inventory().count(ItemKind::ThrowingKnife) > 0
            && self.knife_targets().contains(&foe)
    }

    /// One turn of travel to the nearest item the player has seen.
    pub(crate) fn item_travel_step(&self, map: &mut PlayerMap) -> Result<Action, &'static str> {
        if self.items_at(self.player().pos).next().is_some() {
            return Err("Something lies here: g picks it up.");
        }
        match map.travel_to_item(self) {
            Route::Step(direction) => Ok(Action::Move(direction)),
            Route::Arrived => Err("Something lies here: g picks it up."),
            // Items seen with no known way to them (across water, through
            // a window): say so, rather than that there are none.
            Route::NoWay if self.remembered_items().next().is_some() => {
                Err("You know no way yet to the items you have seen: e explores on.")
            }
            Route::NoWay => Err("You know of no item you can reach."),
        }
    }

    /// The items lying on the level where the player has seen them.
    fn remembered_items(&self) -> impl Iterator<Item = Pos> + '_ {
        self.level()
            .items
            .iter()
            .map(|&(pos, _)| pos)
            .filter(|&pos| self.is_remembered(pos))
    }
}

#[cfg(test)]
mod tests {
    use crate::ai::Mode;
    use crate::game::activity::{AUTOFIGHT_LOW_HEALTH_PERCENT, Activity, Stop};
    use crate::game::player_map::PlayerMap;
    use crate::game::test_levels::game_on;
    use crate::game::threat::Threat;
    use crate::game::{Action, Direction, Refusal};
    use crate::world::ItemKind;
    use gridpath::Pos;

    #[test]
    fn autofight_with_no_foe_names_a_sleeper_in_sight_and_how_to_take_it() {
        let (mut game, _dir) = game_on("#########\n#@.....>#\n#...g...#\n#########\n");
        let mut map = PlayerMap::new();
        game.put_to_sleep(1);
        assert!(game.is_visible(game.actors()[1].pos));
        assert_eq!(
            game.run_activity(Activity::AutoFight, &mut map),
            Err(Refusal::NoFoe(
                "No monster in sight hunts you. The goblin sleeps 3 cells east: strike \
                 it by hand for a sneak attack, or s sneaks past it."
                    .into()
            ))
        );
        game.actor_mut(1).pos = Pos::new(2, 2);
        assert!(game.no_foe().contains("The goblin sleeps beside you:"));
        assert!(game.is_asleep(1), "refused: no time passed, it sleeps on");
    }

    #[test]
    fn autofight_needs_a_hunter_then_walks_up_and_strikes_it() {
        let (mut game, _dir) = game_on("#########\n#@.....g#\n#......>#\n#########\n");
        let mut map = PlayerMap::new();
        game.actor_mut(1).brain.as_mut().unwrap().mode = Mode::Wander;
        assert_eq!(game.autofight_target(), None, "it does not hunt");
        game.actor_mut(1).brain.as_mut().unwrap().mode = Mode::Search;
        assert_eq!(
            game.autofight_target(),
            Some(1),
            "it searches for the player"
        );
        game.actor_mut(1).brain.as_mut().unwrap().mode = Mode::Wander;
        assert_eq!(
            game.run_activity(Activity::AutoFight, &mut map),
            Err(Refusal::NoFoe("No monster in sight hunts you.".into()))
        );
        game.actor_mut(1).brain.as_mut().unwrap().mode = Mode::Hunt;
        assert_eq!(game.autofight_target(), Some(1));
        let step = game.autofight_step(1, &mut map).unwrap();
        assert_eq!(step, Action::Move(Direction::East), "toward it");
        game.actor_mut(1).pos = Pos::new(2, 1);
        assert_eq!(
            game.autofight_step(1, &mut map),
            Ok(Action::Move(Direction::East)),
            "a blow: it stands east"
        );
    }

    #[test]
    fn autofight_strikes_a_fleeing_monster_at_bay_and_chases_one_in_sight_but_no_sleeper() {
        let (mut game, _dir) = game_on("#########\n#@g....g#\n#......>#\n#########\n");
        game.actor_mut(1).brain.as_mut().unwrap().mode = Mode::Flee;
        game.actor_mut(2).brain.as_mut().unwrap().mode = Mode::Flee;
        assert_eq!(
            game.autofight_target(),
            Some(1),
            "the fleer next to the player is struck first"
        );
        let mut map = PlayerMap::new();
        assert_eq!(
            game.autofight_step(1, &mut map),
            Ok(Action::Move(Direction::East))
        );
        game.actor_mut(1).brain.as_mut().unwrap().asleep = true;
        assert_eq!(
            game.autofight_target(),
            Some(2),
            "a sleeper is not struck; the far fleer in sight is still a foe"
        );
        game.actor_mut(2).brain.as_mut().unwrap().mode = Mode::Wander;
        assert_eq!(game.autofight_target(), None, "a far wanderer is no foe");
        game.actor_mut(2).brain.as_mut().unwrap().mode = Mode::Flee;
        game.actor_mut(1).brain.as_mut().unwrap().asleep = false;
        game.actor_mut(1).pos = Pos::new(3, 2);
        assert_eq!(game.autofight_target(), Some(1), "the nearer fleer");
        assert_eq!(
            game.autofight_step(1, &mut map),
            Ok(Action::Move(Direction::East)),
            "a step toward it"
        );
    }

    #[test]
    fn autofight_stops_sneaking_against_a_foe_that_knows_but_not_against_an_unaware_one() {
        let (mut game, _dir) = game_on("#########\n#@...g..#\n#......>#\n#########\n");
        game.player_act(Action::Sneak(true)).unwrap();
        game.actor_mut(1).brain.as_mut().unwrap().mode = Mode::Wander;
        game.stop_sneaking_to_fight(1);
        assert!(game.is_sneaking(), "creeping up on the unaware: sneak on");
        game.actor_mut(1).brain.as_mut().unwrap().mode = Mode::Hunt;
        let mut map = PlayerMap::new();
        let started = game.time();
        game.run_activity(Activity::AutoFight, &mut map).unwrap();
        assert!(!game.is_sneaking(), "sneaking stopped for the fight");
        assert!(
            game.log()
                .since(0)
                .any(|m| m.text == "You stop sneaking to fight the goblin: it knows you are here."),
            "the log says so"
        );
        assert!(
            game.time() - started < 2.0 * game.stats().player_turns() as f64,
            "walked up at walking speed"
        );
    }

    #[test]
    fn autofight_stops_sneaking_once_the_foe_it_crept_up_on_notices() {
        // horde seed 2 (play30): F crept toward an unaware goblin 4 cells
        // off; it noticed the player at once and the sneaking steps, twice
        // as long, gave it the first blows.
        let (mut game, _dir) = game_on("#########\n#@...g..#\n#......>#\n#########\n");
        game.player_act(Action::Sneak(true)).unwrap();
        game.actor_mut(1).brain.as_mut().unwrap().mode = Mode::Wander;
        let mut map = PlayerMap::new();
        let report = game.run_activity(Activity::AutoFight, &mut map).unwrap();
        assert!(game.knows_of_player(1), "it noticed: {report:?}");
        assert!(!game.is_sneaking(), "sneaking stopped once it knew");
        assert!(
            game.log()
                .since(0)
                .any(|m| m.text == "You stop sneaking to fight the goblin: it knows you are here."),
            "the log says so"
        );
    }

    #[test]
    fn autofight_is_not_stopped_by_another_known_monster_flipping_search_and_hunt() {
        let (mut game, _dir) = game_on("#########\n#@..g..g#\n#......>#\n#########\n");
        game.actor_mut(1).brain.as_mut().unwrap().mode = Mode::Hunt;
        game.actor_mut(2).brain.as_mut().unwrap().mode = Mode::Search;
        let mut known = Vec::new();
        game.known_in_fight(1, &mut known);
        // The other goblin loses and finds the player again, turn by turn.
        for mode in [Mode::Hunt, Mode::Search, Mode::Hunt] {
            game.actor_mut(2).brain.as_mut().unwrap().mode = mode;
            assert_eq!(game.new_threat(&known), None, "{mode:?}: no news");
            game.known_in_fight(1, &mut known);
        }
        // What the fight's list held before: the threats of the turn, the
        // other goblin as searching, so its hunting again was news.
        let mut before = vec![(2, Threat::Searching)];
        before.push((1, Threat::Hunting));
        assert_eq!(
            game.new_threat(&before),
            Some("The goblin g2 notices you.".to_owned())
        );
    }

    #[test]
    fn autofight_throws_knives_at_an_archer_or_a_fleer_out_of_reach_and_walks_up_to_others() {
        let (mut game, _dir) = game_on(
            "##########\n\
             #@.......#\n\
             #....g...#\n\
             #.......>#\n\
             ##########\n",
        );
        let goblin = game.actors()[1].species;
        crate::game::test_levels::hunting_archer(&mut game, 1);
        let knives = game.inventory().count(ItemKind::ThrowingKnife);
        for _ in 0..knives {
            game.inventory_mut().take(ItemKind::ThrowingKnife);
        }
        let mut map = PlayerMap::new();
        let step = game.autofight_step(1, &mut map);
        assert!(matches!(step, Ok(Action::Move(_))), "no knife: walk up");
        game.inventory_mut().add(ItemKind::ThrowingKnife);
        let throw = Ok(Action::UseItem {
            item: ItemKind::ThrowingKnife,
            toward: None,
            at: Some(Pos::new(5, 2)),
        });
        assert_eq!(game.autofight_step(1, &mut map), throw, "it shoots: throw");
        game.actor_mut(1).brain.as_mut().unwrap().mode = Mode::Flee;
        assert_eq!(game.autofight_step(1, &mut map), throw, "it flees: throw");
        // A goblin that comes to the player is met with a blade.
        game.actor_mut(1).species = goblin;
        game.actor_mut(1).brain.as_mut().unwrap().mode = Mode::Hunt;
        assert_eq!(game.autofight_step(1, &mut map), step, "it comes: walk up");
        // Next to the player, a blow, knife or not.
        crate::game::test_levels::hunting_archer(&mut game, 1);
        game.actor_mut(1).pos = Pos::new(2, 2);
        assert_eq!(
            game.autofight_step(1, &mut map),
            Ok(Action::Move(Direction::SouthEast))
        );
    }

    #[test]
    fn autofight_with_no_known_way_names_the_foe_and_where_it_is() {
        let (game, _dir) = game_on("#########\n#@......#\n#.....g>#\n#########\n");
        assert_eq!(
            game.no_way_to_foe(1),
            "You know no way to the goblin, 5 cells east at 6,2: step toward it by hand (explore and travel stop while it is in sight), or wait for it."
        );
        assert_eq!(super::compass_word(1, -1), "north-east");
        assert_eq!(super::compass_word(5, -1), "east");
        assert_eq!(super::compass_word(-1, 5), "south");
    }

    #[test]
    fn autofight_will_not_start_below_its_share_of_hit_points() {
        let (mut game, _dir) = game_on("#########\n#@g.....#\n#......>#\n#########\n");
        game.actor_mut(1).brain.as_mut().unwrap().mode = Mode::Hunt;
        let max_hp = game.player().max_hp;
        let mut map = PlayerMap::new();
        game.actor_mut(0).hp = max_hp * AUTOFIGHT_LOW_HEALTH_PERCENT / 100 - 1;
        let hp = game.player().hp;
        assert_eq!(
            game.run_activity(Activity::AutoFight, &mut map),
            Err(Refusal::TooHurtToAutofight { hp, max_hp })
        );
        game.actor_mut(0).hp = max_hp;
        assert!(
            game.run_activity(Activity::AutoFight, &mut map).is_ok(),
            "healthy, it fights"
        );
    }

    #[test]
    fn autofight_fights_on_through_blows_until_the_foe_dies_in_one_press() {
        let (mut game, _dir) = game_on("#########\n#@.g....#\n#......>#\n#########\n");
        game.actor_mut(1).brain.as_mut().unwrap().mode = Mode::Hunt;
        let mut map = PlayerMap::new();
        let report = game.run_activity(Activity::AutoFight, &mut map).unwrap();
        assert_eq!(
            report.stop,
            Stop::Done("You have killed the goblin.".to_owned()),
            "one press, hurt or not (hp {} of {})",
            game.player().hp,
            game.player().max_hp
        );
        assert!(report.turns >= 2, "walked up and struck: {report:?}");
    }

    #[test]
    fn travel_to_an_item_walks_to_the_nearest_one_seen() {
        let (mut game, _dir) = game_on("#########\n#@...!.(#\n#......>#\n#########\n");
        let mut map = PlayerMap::new();
        let report = game.run_activity(Activity::TravelToItem, &mut map).unwrap();
        assert_eq!(game.player().pos, Pos::new(5, 1), "{report:?}");
        assert_eq!(
            report.stop,
            Stop::Done("Something lies here: g picks it up.".to_owned())
        );
        game.player_act(Action::PickUp).unwrap();
        game.run_activity(Activity::TravelToItem, &mut map).unwrap();
        assert_eq!(game.player().pos, Pos::new(7, 1));
        game.player_act(Action::PickUp).unwrap();
        assert_eq!(
            game.run_activity(Activity::TravelToItem, &mut map),
            Err(Refusal::NowhereToGo("You know of no item you can reach."))
        );
    }

    #[test]
    fn travel_to_an_item_seen_across_water_says_no_way_is_known_yet() {
        // The knife lies beyond deep water: seen, but no known way there.
        let (mut game, _dir) = game_on("#########\n#@..W.(.#\n#...W...#\n#>..W...#\n#########\n");
        assert!(game.is_remembered(Pos::new(6, 1)));
        assert_eq!(
            game.run_activity(Activity::TravelToItem, &mut PlayerMap::new()),
            Err(Refusal::NowhereToGo(
                "You know no way yet to the items you have seen: e explores on."
            ))
        );
    }

    #[test]
    fn autofight_strikes_the_foe_it_can_reach_past_the_corner_rule() {
        // Two hunting goblins beside the player in a pool: one north-west
        // across deep water (no diagonal blow), one north.
        let (mut game, _dir) = game_on("#######\n#gg...#\n#W@...#\n#....>#\n#######\n");
        for goblin in [1, 2] {
            game.actor_mut(goblin).brain.as_mut().unwrap().mode = Mode::Hunt;
        }
        let north_west = (1..=2)
            .find(|&g| game.actors()[g].pos == Pos::new(1, 1))
            .unwrap();
        let north = 3 - north_west;
        assert!(!game.player_can_strike(Pos::new(2, 2), Pos::new(1, 1)));
        assert_eq!(game.autofight_target(), Some(north));
        let mut map = PlayerMap::new();
        assert_eq!(
            game.autofight_step(north, &mut map),
            Ok(Action::Move(Direction::North))
        );
        // Made to go for the other, it steps rather than strike past water.
        assert_ne!(
            game.autofight_step(north_west, &mut map),
            Ok(Action::Move(Direction::NorthWest))
        );
    }
}
