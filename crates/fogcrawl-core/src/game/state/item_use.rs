//! Picking items up and using them, under the rules of `game::items`: a
//! draught heals, a knife is thrown at the monster aimed at (and is
//! lost, so knives stay scarce), a noisemaker flies a few cells and clatters
//! where it lands, sending monsters that hear it there.
//!
//! Only the player carries items; a refusal takes no time and changes
//! nothing.

use crate::ai::{DEATH_DANGER, WOUND_DANGER};
use crate::game::combat::{Blow, roll_attack};
use crate::game::direction::Direction;
use crate::game::items::{
    KNIFE_ACCURACY, KNIFE_DAMAGE, KNIFE_RANGE, NOISEMAKER_HEARING, aim_range, healed,
    needs_direction,
};
use crate::game::message_log::Importance;
use crate::game::stealth::SLEEPER_HEARING;
use crate::world::ItemKind;
use gridpath::Pos;

use super::{Game, PLAYER, Refusal};

impl Game {
    /// The items lying at `pos`.
    pub fn items_at(&self, pos: Pos) -> impl Iterator<Item = ItemKind> + '_ {
        self.level
            .items
            .iter()
            .filter(move |(at, _)| *at == pos)
            .map(|(_, kind)| *kind)
    }

    /// The nearest living monster the player sees within knife range, the
    /// lower actor id first on a tie (what a thrown knife hits when no
    /// target is chosen).
    pub fn knife_target(&self) -> Option<usize> {
        self.knife_targets().first().copied()
    }

    /// Every living monster the player sees within knife range, nearest
    /// first (the lower actor id first on a tie): what a knife can be
    /// thrown at.
    pub(crate) fn knife_targets(&self) -> Vec<usize> {
        self.targets_within(KNIFE_RANGE)
    }

    /// Every living monster the player sees that `item` can be aimed at
    /// (within its `aim_range`), nearest first: what `f` and the target
    /// prompt cycle through. Empty for an item not aimed at a monster.
    pub fn aim_targets(&self, item: ItemKind) -> Vec<usize> {
        aim_range(item).map_or_else(Vec::new, |range| self.targets_within(range))
    }

    /// Every living monster the player sees within `range` cells (king
    /// moves), nearest first, the lower actor id first on a tie: what a
    /// knife or the wand can be aimed at.
    pub(super) fn targets_within(&self, range: i32) -> Vec<usize> {
        let at = self.player().pos;
        let mut targets: Vec<(i32, usize)> = self
            .visible_monsters()
            .map(|(index, monster)| (monster.pos.chebyshev(at), index))
            .filter(|&(distance, _)| distance <= range)
            .collect();
        targets.sort_unstable();
        targets.into_iter().map(|(_, index)| index).collect()
    }

    pub(super) fn pick_up(&mut self, actor: usize) -> Result<(), Refusal> {
        if actor != PLAYER {
            return Err(Refusal::NothingToPickUp);
        }
        let at = self.actors[actor].pos;
        let (here, rest): (Vec<_>, Vec<_>) = self
            .level
            .items
            .iter()
            .copied()
            .partition(|(pos, _)| *pos == at);
        if here.is_empty() {
            return Err(Refusal::NothingToPickUp);
        }
        self.level.items = rest;
        for (_, kind) in here {
            self.inventory.add(kind);
            let count = self.inventory.count(kind);
            self.log.push(
                self.time,
                Importance::Good,
                format!("You pick up a {kind} (you have {count})."),
            );
            // Better gear is taken up at once; worse waits in the pack.
            self.take_up_if_better(kind);
        }
        Ok(())
    }

    pub(super) fn use_item(
        &mut self,
        actor: usize,
        item: ItemKind,
        toward: Option<Direction>,
        at: Option<Pos>,
    ) -> Result<(), Refusal> {
        if actor != PLAYER || self.inventory.count(item) == 0 {
            return Err(Refusal::NoSuchItem(item));
        }
        match item {
            ItemKind::HealingDraught => {
                let player = &mut self.actors[PLAYER];
                let before = player.hp;
                player.hp = healed(player.hp, player.max_hp);
                let gained = player.hp - before;
                self.inventory.take(item);
                self.log.push(
                    self.time,
                    Importance::Good,
                    format!("You drink the healing draught and feel better (+{gained} hp)."),
                );
            }
            ItemKind::ThrowingKnife => {
                let target = match at {
                    // A chosen target must be a monster in sight and range.
                    Some(at) => self
                        .actor_at(at)
                        .filter(|monster| self.knife_targets().contains(monster))
                        .ok_or(Refusal::OutOfReach)?,
                    None => self.knife_target().ok_or(Refusal::NoTarget)?,
                };
                self.inventory.take(item);
                self.throw_knife(target);
            }
            ItemKind::Noisemaker => {
                let landing = match (at, toward.filter(|_| needs_direction(item))) {
                    (Some(cell), _) => self.landing_toward_cell(item, cell)?,
                    (None, Some(toward)) => self.landing(item, toward),
                    (None, None) => return Err(Refusal::NeedsDirection),
                };
                if landing == self.player().pos {
                    return Err(Refusal::WouldLandAtYourFeet(item));
                }
                self.inventory.take(item);
                let heard = self.make_noise_within(landing, NOISEMAKER_HEARING);
                self.tools.note_lure(landing, self.time);
                // Whether anyone heard is what the player throws it to
                // learn: a lure out of everyone's hearing is wasted.
                // A hunter hears it and hunts on: "something stirs" then
                // promised what did not happen (play30).
                let text = if heard.heard == 0 {
                    "You throw the noisemaker; it clatters where it lands (marked &), but nothing is near enough to hear it."
                } else if heard.drawn == 0 {
                    "You throw the noisemaker; it clatters loudly where it lands (marked &), but what hears it is hunting you and pays it no heed."
                } else {
                    "You throw the noisemaker; it clatters loudly where it lands (marked &), and something stirs at the sound."
                };
                self.log.push(self.time, Importance::Info, text);
                self.tell_sleeper_unstirred(landing);
            }
            ItemKind::Caltrops
            | ItemKind::SmokeBomb
            | ItemKind::ScrollOfMapping
            | ItemKind::WandOfSlowing => self.use_tool(item, toward, at)?,
            ItemKind::ShortSword
            | ItemKind::WarAxe
            | ItemKind::LeatherArmour
            | ItemKind::ChainMail => self.equip_from_pack(item),
        }
        Ok(())
    }

    /// After a lure landed at `landing`: a sleeper in view that an awake
    /// monster there would have heard (within the lure's reach) but that
    /// slept on is named, with the rule: play19 threw one 8-9 cells from
    /// a sleeping goblin, read only that nothing heard it, and took the
    /// lure's 18 cells for a sleeper's reach too.
    fn tell_sleeper_unstirred(&mut self, landing: Pos) {
        let unstirred = self
            .sleepers_in_view()
            .into_iter()
            .filter(|&sleeper| self.actors[sleeper].pos.chebyshev(landing) <= NOISEMAKER_HEARING)
            .min_by_key(|&sleeper| (self.actors[sleeper].pos.chebyshev(landing), sleeper));
        let Some(sleeper) = unstirred else {
            return;
        };
        let name = self.name_of(sleeper);
        let name = name.strip_prefix("the ").unwrap_or(&name);
        let half = (f64::from(NOISEMAKER_HEARING) * SLEEPER_HEARING).floor();
        self.log.push(
            self.time,
            Importance::Info,
            format!(
                "The sleeping {name} does not stir: a sleeper hears a lure only within {half} cells, round walls."
            ),
        );
    }

    fn throw_knife(&mut self, target: usize) {
        let at = self.actors[target].pos;
        let name = self.name_of(target);
        self.make_noise(at);
        match roll_attack(&mut self.rng, KNIFE_ACCURACY, KNIFE_DAMAGE) {
            Blow::Miss => self.log.push(
                self.time,
                Importance::Combat,
                format!("Your knife misses {name}."),
            ),
            Blow::Hit { damage } => {
                self.actors[target].hp -= damage;
                self.log.push(
                    self.time,
                    Importance::Combat,
                    format!("Your knife hits {name} for {damage}."),
                );
                if let Some(f) = self.faction_index_of(target) {
                    let amount = if self.actors[target].is_alive() {
                        WOUND_DANGER
                    } else {
                        DEATH_DANGER
                    };
                    self.factions[f].mark_danger(at, amount);
                }
                if !self.actors[target].is_alive() {
                    self.on_death(PLAYER, target);
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::ai::Mode;
    use crate::game::items::DRAUGHT_HEALING;
    use crate::game::test_levels::game_on;
    use crate::game::{Action, Direction, Refusal};
    use crate::world::ItemKind;
    use gridpath::Pos;

    fn use_item(item: ItemKind, toward: Option<Direction>) -> Action {
        Action::UseItem {
            item,
            toward,
            at: None,
        }
    }

    #[test]
    fn picking_up_takes_a_turn_and_everything_here() {
        let (mut game, _dir) = game_on("#######\n#@!(.>#\n#######\n");
        assert_eq!(
            game.player_act(Action::PickUp),
            Err(Refusal::NothingToPickUp)
        );
        game.player_act(Action::Move(Direction::East)).unwrap();
        let time = game.time;
        game.player_act(Action::PickUp).unwrap();
        assert!(game.time > time);
        assert_eq!(
            game.inventory.count(ItemKind::HealingDraught),
            2,
            "one carried from the start"
        );
        assert_eq!(game.items_at(Pos::new(2, 1)).count(), 0);
        assert_eq!(game.items_at(Pos::new(3, 1)).count(), 1);
    }

    #[test]
    fn a_draught_heals_and_is_used_up() {
        let (mut game, _dir) = game_on("#####\n#@.>#\n#####\n");
        game.actors[0].hp = 3;
        game.player_act(use_item(ItemKind::HealingDraught, None))
            .unwrap();
        assert_eq!(game.player().hp, 3 + DRAUGHT_HEALING);
        assert_eq!(
            game.player_act(use_item(ItemKind::HealingDraught, None)),
            Err(Refusal::NoSuchItem(ItemKind::HealingDraught))
        );
    }

    #[test]
    fn a_knife_needs_a_monster_in_sight_and_hurts_it() {
        let (mut game, _dir) = game_on("#########\n#@.....g#\n#......>#\n#########\n");
        assert_eq!(
            game.player_act(use_item(ItemKind::ThrowingKnife, None)),
            Err(Refusal::NoSuchItem(ItemKind::ThrowingKnife))
        );
        game.inventory.add(ItemKind::ThrowingKnife);
        game.inventory.add(ItemKind::ThrowingKnife);
        let goblin = game
            .knife_target()
            .expect("the goblin is in sight and range");
        let full = game.actors[goblin].max_hp;
        for _ in 0..2 {
            if game
                .player_act(use_item(ItemKind::ThrowingKnife, None))
                .is_err()
            {
                break;
            }
        }
        assert_eq!(game.inventory.count(ItemKind::ThrowingKnife), 0);
        let log: Vec<&str> = game.log.all().map(|m| m.text.as_str()).collect();
        assert!(log.iter().any(|m| m.starts_with("Your knife")), "{log:?}");
        let hurt = game.actors[goblin].hp < full;
        assert_eq!(hurt, log.iter().any(|m| m.starts_with("Your knife hits")));
    }

    #[test]
    fn a_noisemaker_thrown_into_the_wall_beside_the_player_is_refused() {
        // North of the player is wall: the lure would clatter at its feet.
        let (mut game, _dir) = game_on("##########\n#@.......#\n#.......>#\n##########\n");
        game.inventory.add(ItemKind::Noisemaker);
        let time = game.time;
        assert_eq!(
            game.player_act(use_item(ItemKind::Noisemaker, Some(Direction::North))),
            Err(Refusal::WouldLandAtYourFeet(ItemKind::Noisemaker))
        );
        assert_eq!(
            game.inventory.count(ItemKind::Noisemaker),
            1,
            "still in the pack"
        );
        assert_eq!(game.time, time, "no time passed");
        assert!(game.tools().lure().is_none(), "no lure marked");
        game.player_act(use_item(ItemKind::Noisemaker, Some(Direction::East)))
            .unwrap();
        assert_eq!(game.inventory.count(ItemKind::Noisemaker), 0);
    }

    #[test]
    fn a_noisemaker_aimed_at_a_cell_lands_there_or_before_the_wall_on_the_way() {
        let (mut game, _dir) = game_on(
            "##############\n#@...........#\n#.....#......#\n#.....#.....>#\n##############\n",
        );
        // The line to 9,3 crosses the wall at 6,2: the lure drops at 5,2.
        assert_eq!(
            game.landing_toward_cell(ItemKind::Noisemaker, Pos::new(9, 3)),
            Ok(Pos::new(5, 2))
        );
        assert_eq!(
            game.landing_toward_cell(ItemKind::Noisemaker, Pos::new(12, 1)),
            Err(Refusal::TooFar {
                item: ItemKind::Noisemaker,
                range: 8,
                distance: 11
            })
        );
        game.inventory.add(ItemKind::Noisemaker);
        game.player_act(Action::UseItem {
            item: ItemKind::Noisemaker,
            toward: None,
            at: Some(Pos::new(4, 3)),
        })
        .unwrap();
        assert_eq!(
            game.tools().lure().map(|lure| lure.at),
            Some(Pos::new(4, 3))
        );
        assert_eq!(game.inventory.count(ItemKind::Noisemaker), 0);
    }

    #[test]
    fn a_noisemaker_sends_monsters_that_hear_it_to_look() {
        // The goblin sits out of sight beyond the wall; the noisemaker lands
        // eight cells east, near it.
        let (mut game, _dir) = game_on(
            "####################\n#@.................#\n#..................#\n##########+#########\n#.........g.......>#\n####################\n",
        );
        game.inventory.add(ItemKind::Noisemaker);
        assert_eq!(
            game.player_act(use_item(ItemKind::Noisemaker, None)),
            Err(Refusal::NeedsDirection)
        );
        assert_eq!(
            game.landing(ItemKind::Noisemaker, Direction::East),
            Pos::new(9, 1)
        );
        let goblin = (1..game.actors.len())
            .find(|&a| game.actors[a].is_alive())
            .unwrap();
        game.player_act(use_item(ItemKind::Noisemaker, Some(Direction::East)))
            .unwrap();
        let brain = game.actors[goblin].brain.as_ref().unwrap();
        assert!(
            brain.noise == Some(Pos::new(9, 1)) || brain.mode == Mode::Investigate,
            "the goblin heard it: {brain:?}"
        );
        assert_eq!(game.inventory.count(ItemKind::Noisemaker), 0);
    }

    #[test]
    fn a_sleeper_in_view_out_of_a_lures_half_reach_is_said_not_to_stir() {
        // The sleeping goblin is 15 cells from where the lure lands: an
        // awake one would hear it (18), a sleeper only within 9.
        let (mut game, _dir) = game_on(
            "########################\n\
             #......................#\n\
             #..g......@............#\n\
             #.....................>#\n\
             ########################\n",
        );
        let goblin = (1..game.actors.len())
            .find(|&a| game.actors[a].is_alive())
            .unwrap();
        game.put_to_sleep(goblin);
        assert!(game.is_visible(game.actors[goblin].pos));
        game.inventory.add(ItemKind::Noisemaker);
        game.player_act(Action::UseItem {
            item: ItemKind::Noisemaker,
            toward: None,
            at: Some(Pos::new(18, 2)),
        })
        .unwrap();
        assert!(game.is_asleep(goblin));
        let last = game.log().all().last().map(|m| m.text.clone());
        assert_eq!(
            last.as_deref(),
            Some(
                "The sleeping goblin does not stir: a sleeper hears a lure only within 9 cells, round walls."
            )
        );
        // Within 9 it wakes, and nothing is said of sleeping.
        game.inventory.add(ItemKind::Noisemaker);
        game.player_act(Action::UseItem {
            item: ItemKind::Noisemaker,
            toward: None,
            at: Some(Pos::new(6, 2)),
        })
        .unwrap();
        assert!(!game.is_asleep(goblin));
        let last = game.log().all().last().map(|m| m.text.clone()).unwrap();
        assert!(!last.contains("does not stir"), "{last}");
        // The throw is told before the waking it caused (play21 read them
        // the other way round).
        let said: Vec<String> = game.log().all().map(|m| m.text.clone()).collect();
        let thrown = said
            .iter()
            .rposition(|t| t.starts_with("You throw the noisemaker"));
        let woke = said.iter().rposition(|t| t == "The goblin wakes up.");
        assert!(
            matches!((thrown, woke), (Some(thrown), Some(woke)) if thrown < woke),
            "{said:?}"
        );
    }

    #[test]
    fn a_knife_goes_to_the_chosen_monster_and_not_out_of_range() {
        // Two goblins in sight: the near one at 3, the far one at 6 cells.
        let (mut game, _dir) = game_on("##########\n#@..g..g.#\n#.......>#\n##########\n");
        game.inventory.add(ItemKind::ThrowingKnife);
        let targets = game.knife_targets();
        assert_eq!(targets.len(), 2, "{targets:?}");
        assert_eq!(game.knife_target(), Some(targets[0]));
        let far = targets[1];
        let far_pos = game.actors[far].pos;
        assert_eq!(far_pos, Pos::new(7, 1));
        assert_eq!(
            game.player_act(Action::UseItem {
                item: ItemKind::ThrowingKnife,
                toward: None,
                at: Some(Pos::new(2, 2)),
            }),
            Err(Refusal::OutOfReach),
            "no monster there"
        );
        game.player_act(Action::UseItem {
            item: ItemKind::ThrowingKnife,
            toward: None,
            at: Some(far_pos),
        })
        .unwrap();
        let log: Vec<&str> = game.log.all().map(|m| m.text.as_str()).collect();
        assert!(log.iter().any(|m| m.starts_with("Your knife")), "{log:?}");
        assert_eq!(game.inventory.count(ItemKind::ThrowingKnife), 0);
    }
}
