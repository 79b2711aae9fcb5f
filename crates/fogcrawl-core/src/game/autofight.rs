//! Autofight and travel to an item: the choices behind two many-turn
//! commands of `activity`. Autofight goes for the nearest monster in sight
//! that hunts the player: a blow when it stands next to the player, else a
//! step along the player's known way toward it. Travel to an item walks to
//! the nearest item the player has seen lying on the level.
//!
//! Reads the game and the player's map only (what the player knows: the
//! monsters in sight, the items seen); never changes the game.

use crate::game::action::Action;
use crate::game::direction::Direction;
use crate::game::player_map::{PlayerMap, Route};
use crate::game::state::Game;
use crate::game::threat::Threat;
use gridpath::Pos;

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
    /// a chosen blow).
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
    }

    /// One turn of autofight against `target`: a blow when it is next to
    /// the player, else a step toward it; or why there is nothing to do.
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
        match map.travel_to(self, monster.pos) {
            Route::Step(direction) => Ok(Action::Move(direction)),
            Route::Arrived | Route::NoWay => Err("You know no way to your foe."),
        }
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
    use crate::game::{Action, Direction, Refusal};
    use gridpath::Pos;

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
            Err(Refusal::NowhereToGo("No monster in sight hunts you."))
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
    fn autofight_strikes_a_fleeing_monster_at_bay_but_not_one_out_of_reach_or_asleep() {
        let (mut game, _dir) = game_on("#########\n#@g....g#\n#......>#\n#########\n");
        game.actor_mut(1).brain.as_mut().unwrap().mode = Mode::Flee;
        game.actor_mut(2).brain.as_mut().unwrap().mode = Mode::Flee;
        assert_eq!(
            game.autofight_target(),
            Some(1),
            "the fleer next to the player is struck; the far one is not chased"
        );
        let mut map = PlayerMap::new();
        assert_eq!(
            game.autofight_step(1, &mut map),
            Ok(Action::Move(Direction::East))
        );
        game.actor_mut(1).brain.as_mut().unwrap().asleep = true;
        assert_eq!(game.autofight_target(), None, "a sleeper is not struck");
        game.actor_mut(1).brain.as_mut().unwrap().asleep = false;
        game.actor_mut(1).pos = Pos::new(3, 2);
        assert_eq!(game.autofight_target(), None, "out of reach: no foe");
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
