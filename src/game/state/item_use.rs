//! Picking items up and using them, under the rules of `game::items`: a
//! draught heals, a knife is thrown at the nearest monster in sight (and is
//! lost, so knives stay scarce), a noisemaker flies a few cells and clatters
//! where it lands, sending monsters that hear it there.
//!
//! Only the player carries items; a refusal takes no time and changes
//! nothing.

use crate::ai::faction::{DEATH_DANGER, WOUND_DANGER};
use crate::game::combat::{Blow, roll_attack};
use crate::game::direction::Direction;
use crate::game::items::{
    KNIFE_ACCURACY, KNIFE_DAMAGE, KNIFE_RANGE, NOISEMAKER_HEARING, NOISEMAKER_RANGE, healed,
    needs_direction,
};
use crate::game::level_access::LevelAccess;
use crate::game::message_log::Importance;
use crate::pathfinding::Pos;
use crate::world::{CostProfile, ItemKind};

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
    /// lower actor id first on a tie (what a thrown knife hits).
    pub fn knife_target(&self) -> Option<usize> {
        let at = self.player().pos;
        self.visible_monsters()
            .map(|(index, monster)| {
                let distance = (monster.pos.x - at.x)
                    .abs()
                    .max((monster.pos.y - at.y).abs());
                (distance, index)
            })
            .filter(|&(distance, _)| distance <= KNIFE_RANGE)
            .min()
            .map(|(_, index)| index)
    }

    /// Where a noisemaker thrown `toward` lands: up to its range, stopping
    /// before anything that blocks sight or movement.
    pub fn noisemaker_landing(&self, toward: Direction) -> Pos {
        let profile = CostProfile::default();
        let mut at = self.player().pos;
        for _ in 0..NOISEMAKER_RANGE {
            let next = toward.from(at);
            let open = self
                .level
                .terrain_of(next)
                .is_some_and(|t| profile.is_passable(t) && !t.info().opaque);
            if !open {
                break;
            }
            at = next;
        }
        at
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
        }
        Ok(())
    }

    pub(super) fn use_item(
        &mut self,
        actor: usize,
        item: ItemKind,
        toward: Option<Direction>,
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
                let target = self.knife_target().ok_or(Refusal::NoTarget)?;
                self.inventory.take(item);
                self.throw_knife(target);
            }
            ItemKind::Noisemaker => {
                let toward = toward
                    .filter(|_| needs_direction(item))
                    .ok_or(Refusal::NeedsDirection)?;
                self.inventory.take(item);
                let landing = self.noisemaker_landing(toward);
                self.make_noise_within(landing, NOISEMAKER_HEARING);
                self.log.push(
                    self.time,
                    Importance::Info,
                    "You throw the noisemaker; it clatters loudly where it lands.",
                );
            }
        }
        Ok(())
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
