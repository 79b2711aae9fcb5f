//! Items the player carries and what each does: the rules and their tuning
//! numbers. The game applies them (`state::item_use`); the kinds themselves
//! (names, level-file characters) are world data ([`ItemKind`]).
//!
//! Never draws and never rolls dice itself: effects that need chance take
//! the game's seeded RNG.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use crate::world::ItemKind;

/// Hit points a healing draught restores (never above the maximum).
pub const DRAUGHT_HEALING: i32 = 12;
/// How far a throwing knife flies: it hits the monster aimed at (the nearest
/// in sight when none is) within this many cells (Chebyshev distance).
pub const KNIFE_RANGE: i32 = 7;
/// A thrown knife's chance to hit, in percent, and its damage range.
pub const KNIFE_ACCURACY: u32 = 85;
pub const KNIFE_DAMAGE: (i32, i32) = (3, 6);
/// How far a noisemaker flies before it lands (sooner against a wall).
pub const NOISEMAKER_RANGE: i32 = 8;
/// How far its clatter carries: monsters this close to where it lands, and
/// not hunting the player, go to look there.
pub const NOISEMAKER_HEARING: i32 = 18;
/// What a new run starts with: one draught, for the first bad fight.
const STARTING_ITEMS: [(ItemKind, u32); 1] = [(ItemKind::HealingDraught, 1)];

/// What the player carries: a count per kind.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Inventory {
    counts: BTreeMap<ItemKind, u32>,
}

impl Inventory {
    /// A new run's inventory.
    pub fn starting() -> Self {
        let mut inventory = Self::default();
        for (kind, count) in STARTING_ITEMS {
            for _ in 0..count {
                inventory.add(kind);
            }
        }
        inventory
    }

    pub fn add(&mut self, kind: ItemKind) {
        *self.counts.entry(kind).or_insert(0) += 1;
    }

    /// Takes one `kind` out; false if there was none.
    pub fn take(&mut self, kind: ItemKind) -> bool {
        match self.counts.get_mut(&kind) {
            Some(count) if *count > 0 => {
                *count -= 1;
                if *count == 0 {
                    self.counts.remove(&kind);
                }
                true
            }
            _ => false,
        }
    }

    pub fn count(&self, kind: ItemKind) -> u32 {
        self.counts.get(&kind).copied().unwrap_or(0)
    }

    /// What is carried, in [`ItemKind::ALL`] order, each with its letter
    /// (`a`, `b`, ...) as the inventory screen shows it.
    pub fn entries(&self) -> Vec<(char, ItemKind, u32)> {
        ItemKind::ALL
            .into_iter()
            .filter(|&kind| self.count(kind) > 0)
            .zip('a'..='z')
            .map(|(kind, letter)| (letter, kind, self.count(kind)))
            .collect()
    }

    /// The kind listed under `letter`, if any.
    pub fn by_letter(&self, letter: char) -> Option<ItemKind> {
        self.entries()
            .into_iter()
            .find(|(l, _, _)| *l == letter)
            .map(|(_, kind, _)| kind)
    }

    pub fn is_empty(&self) -> bool {
        self.counts.is_empty()
    }
}

/// What using an item asks of the player: nothing more, or a direction.
pub fn needs_direction(kind: ItemKind) -> bool {
    kind == ItemKind::Noisemaker
}

/// One line saying what an item does, for the inventory screen.
pub fn describe(kind: ItemKind) -> String {
    match kind {
        ItemKind::HealingDraught => format!("drink: heals {DRAUGHT_HEALING} hit points"),
        ItemKind::ThrowingKnife => format!(
            "throw at a monster in sight you aim at (range {KNIFE_RANGE}, {}-{} damage)",
            KNIFE_DAMAGE.0, KNIFE_DAMAGE.1
        ),
        ItemKind::Noisemaker => format!(
            "throw up to {NOISEMAKER_RANGE} cells: monsters within {NOISEMAKER_HEARING} that are not hunting you go to look"
        ),
        ItemKind::ShortSword | ItemKind::WarAxe => format!(
            "wield: {}",
            crate::game::gear::describe_gear(kind).unwrap_or_default()
        ),
        ItemKind::LeatherArmour | ItemKind::ChainMail => format!(
            "wear: {}",
            crate::game::gear::describe_gear(kind).unwrap_or_default()
        ),
    }
}

/// Hit points after drinking a draught.
pub fn healed(hp: i32, max_hp: i32) -> i32 {
    (hp + DRAUGHT_HEALING).min(max_hp).max(hp)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_go_up_and_down_and_letters_follow_the_kinds() {
        let mut inventory = Inventory::default();
        assert!(inventory.is_empty());
        assert!(!inventory.take(ItemKind::Noisemaker));
        inventory.add(ItemKind::Noisemaker);
        inventory.add(ItemKind::HealingDraught);
        inventory.add(ItemKind::HealingDraught);
        assert_eq!(
            inventory.entries(),
            vec![
                ('a', ItemKind::HealingDraught, 2),
                ('b', ItemKind::Noisemaker, 1)
            ]
        );
        assert_eq!(inventory.by_letter('b'), Some(ItemKind::Noisemaker));
        assert!(inventory.take(ItemKind::Noisemaker));
        assert_eq!(inventory.count(ItemKind::Noisemaker), 0);
        assert_eq!(inventory.by_letter('b'), None);
    }

    #[test]
    fn a_draught_heals_up_to_the_maximum_only() {
        assert_eq!(healed(5, 30), 5 + DRAUGHT_HEALING);
        assert_eq!(healed(25, 30), 30);
        assert_eq!(healed(31, 30), 31, "never lowers hit points");
    }

    #[test]
    fn a_new_run_carries_one_draught() {
        assert_eq!(Inventory::starting().count(ItemKind::HealingDraught), 1);
    }
}
