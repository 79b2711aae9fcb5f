//! Gear the player finds in the levels: weapons change the damage and the
//! sureness of the player's blows, armour makes monsters' blows miss more
//! often. What is worn and wielded is [`Equipment`]; a run starts with a
//! dagger (no weapon item) and no armour.
//!
//! The rules and their tuning numbers only: the game applies them
//! (`state::prowess`), and never rolls dice here.

use serde::{Deserialize, Serialize};

use crate::world::ItemKind;

/// The dagger every run starts with: its damage and its accuracy bonus.
pub(crate) const DAGGER_DAMAGE: (i32, i32) = (2, 5);

/// Where a piece of gear goes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Slot {
    Weapon,
    Armour,
}

/// What a piece of gear does.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct GearStats {
    pub slot: Slot,
    /// A weapon's damage roll (armour: none).
    pub damage: Option<(i32, i32)>,
    /// Added to the wielder's chance to hit, in percent (may be negative).
    pub accuracy: i32,
    /// Taken off a monster's chance to hit the wearer, in percent.
    pub defence: u32,
}

/// The stats of `kind`, if it is gear.
pub(crate) fn gear_stats(kind: ItemKind) -> Option<GearStats> {
    let weapon = |damage, accuracy| GearStats {
        slot: Slot::Weapon,
        damage: Some(damage),
        accuracy,
        defence: 0,
    };
    let armour = |defence| GearStats {
        slot: Slot::Armour,
        damage: None,
        accuracy: 0,
        defence,
    };
    match kind {
        ItemKind::ShortSword => Some(weapon((3, 6), 5)),
        ItemKind::WarAxe => Some(weapon((4, 9), -5)),
        ItemKind::LeatherArmour => Some(armour(8)),
        ItemKind::ChainMail => Some(armour(16)),
        ItemKind::HealingDraught
        | ItemKind::ThrowingKnife
        | ItemKind::Noisemaker
        | ItemKind::Caltrops
        | ItemKind::SmokeBomb
        | ItemKind::ScrollOfMapping
        | ItemKind::WandOfSlowing => None,
    }
}

/// How good a piece of gear is, to tell whether one is better than another:
/// a weapon's mean damage a swing at a base chance of 80%, armour's defence.
fn worth(stats: &GearStats) -> i32 {
    match stats.damage {
        Some((low, high)) => (80 + stats.accuracy) * (low + high),
        None => stats.defence as i32,
    }
}

/// What the player wields and wears.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Equipment {
    /// `None`: the starting dagger.
    pub weapon: Option<ItemKind>,
    /// `None`: no armour.
    pub armour: Option<ItemKind>,
}

impl Equipment {
    /// What is in `slot`.
    pub(crate) fn in_slot(&self, slot: Slot) -> Option<ItemKind> {
        match slot {
            Slot::Weapon => self.weapon,
            Slot::Armour => self.armour,
        }
    }

    /// Whether `kind` is gear better than what is in its slot.
    pub(crate) fn would_improve(&self, kind: ItemKind) -> bool {
        let Some(stats) = gear_stats(kind) else {
            return false;
        };
        let current = self
            .in_slot(stats.slot)
            .and_then(gear_stats)
            .map_or_else(|| worth(&bare(stats.slot)), |s| worth(&s));
        worth(&stats) > current
    }

    /// Puts `kind` in its slot; returns what it replaced. Not gear: nothing
    /// changes and `None` is returned.
    pub(crate) fn equip(&mut self, kind: ItemKind) -> Option<ItemKind> {
        let stats = gear_stats(kind)?;
        let slot = match stats.slot {
            Slot::Weapon => &mut self.weapon,
            Slot::Armour => &mut self.armour,
        };
        slot.replace(kind)
    }

    /// The weapon's damage roll and accuracy bonus.
    pub(crate) fn attack(&self) -> ((i32, i32), i32) {
        self.weapon
            .and_then(gear_stats)
            .and_then(|s| s.damage.map(|d| (d, s.accuracy)))
            .unwrap_or((DAGGER_DAMAGE, 0))
    }

    /// What the armour takes off a monster's chance to hit.
    pub(crate) fn defence(&self) -> u32 {
        self.armour.and_then(gear_stats).map_or(0, |s| s.defence)
    }

    /// Whether each slot holds gear of that slot (a save may say otherwise).
    pub(crate) fn is_consistent(&self) -> bool {
        let fits = |kind: Option<ItemKind>, slot| {
            kind.is_none_or(|k| gear_stats(k).is_some_and(|s| s.slot == slot))
        };
        fits(self.weapon, Slot::Weapon) && fits(self.armour, Slot::Armour)
    }
}

/// An empty slot's stats: the dagger, or no armour.
fn bare(slot: Slot) -> GearStats {
    match slot {
        Slot::Weapon => GearStats {
            slot,
            damage: Some(DAGGER_DAMAGE),
            accuracy: 0,
            defence: 0,
        },
        Slot::Armour => GearStats {
            slot,
            damage: None,
            accuracy: 0,
            defence: 0,
        },
    }
}

/// One line saying what a piece of gear does ("3-7 damage, +5% to hit").
pub(crate) fn describe_gear(kind: ItemKind) -> Option<String> {
    let stats = gear_stats(kind)?;
    Some(match stats.damage {
        Some((low, high)) => format!("{low}-{high} damage, {:+}% to hit", stats.accuracy),
        None => format!("monsters' blows {}% less likely to hit", stats.defence),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn better_gear_replaces_worse_and_never_the_other_way() {
        let mut gear = Equipment::default();
        assert_eq!(gear.attack(), (DAGGER_DAMAGE, 0));
        assert!(gear.would_improve(ItemKind::ShortSword));
        assert!(gear.would_improve(ItemKind::WarAxe));
        assert!(!gear.would_improve(ItemKind::HealingDraught));
        assert_eq!(gear.equip(ItemKind::ShortSword), None);
        assert!(gear.would_improve(ItemKind::WarAxe));
        assert_eq!(gear.equip(ItemKind::WarAxe), Some(ItemKind::ShortSword));
        assert!(!gear.would_improve(ItemKind::ShortSword));
        assert_eq!(gear.attack(), ((4, 9), -5));
        assert_eq!(gear.equip(ItemKind::HealingDraught), None);
        assert!(gear.would_improve(ItemKind::LeatherArmour));
        gear.equip(ItemKind::ChainMail);
        assert!(!gear.would_improve(ItemKind::LeatherArmour));
        assert_eq!(gear.defence(), 16);
        assert!(gear.is_consistent());
    }

    #[test]
    fn gear_in_the_wrong_slot_is_told() {
        let gear = Equipment {
            weapon: Some(ItemKind::ChainMail),
            armour: None,
        };
        assert!(!gear.is_consistent());
        let gear = Equipment {
            weapon: None,
            armour: Some(ItemKind::Noisemaker),
        };
        assert!(!gear.is_consistent());
    }

    #[test]
    fn gear_is_described_and_other_items_are_not() {
        assert_eq!(
            describe_gear(ItemKind::ShortSword).as_deref(),
            Some("3-6 damage, +5% to hit")
        );
        assert_eq!(
            describe_gear(ItemKind::ChainMail).as_deref(),
            Some("monsters' blows 16% less likely to hit")
        );
        assert_eq!(describe_gear(ItemKind::ThrowingKnife), None);
    }
}
