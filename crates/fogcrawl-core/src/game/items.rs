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
pub(crate) const DRAUGHT_HEALING: i32 = 12;
/// How far a throwing knife flies: it hits the monster aimed at (the nearest
/// in sight when none is) within this many cells (Chebyshev distance).
pub(crate) const KNIFE_RANGE: i32 = 7;
/// A thrown knife's chance to hit, in percent, and its damage range.
pub(crate) const KNIFE_ACCURACY: u32 = 85;
pub(crate) const KNIFE_DAMAGE: (i32, i32) = (3, 6);
/// How far a noisemaker flies before it lands (sooner against a wall).
pub(crate) const NOISEMAKER_RANGE: i32 = 8;
/// How far its clatter carries: monsters this close to where it lands, and
/// not hunting the player, go to look there.
pub const NOISEMAKER_HEARING: i32 = 18;
/// How far caltrops fly before they land and scatter (sooner against a
/// wall); they cover the cell they land on and the open cells beside it
/// (not diagonally).
pub(crate) const CALTROPS_RANGE: i32 = 4;
/// What a faction that knows of caltrops adds to the cost of stepping on
/// each of their cells, in floor steps: a way round of up to this many
/// extra steps is the cheaper plan.
pub const CALTROPS_PLAN_COST: f64 = 8.0;
/// Damage a monster takes treading on caltrops (never below 1 hit point:
/// caltrops lame, they do not kill).
pub(crate) const CALTROPS_DAMAGE: (i32, i32) = (1, 3);
/// Game time a monster that trod on caltrops goes slowed (see
/// [`SLOWED_FACTOR`]).
pub(crate) const CALTROPS_LIMP: f64 = 8.0;
/// How far a smoke bomb flies before it bursts (sooner against a wall).
pub(crate) const SMOKE_RANGE: i32 = 6;
/// The cloud covers the open cells within this many cells (Chebyshev) of
/// the burst.
pub(crate) const SMOKE_RADIUS: i32 = 1;
/// Game time the cloud hangs before it clears.
pub(crate) const SMOKE_DURATION: f64 = 15.0;
/// How far the wand of slowing reaches (Chebyshev), like a knife's throw.
pub(crate) const WAND_RANGE: i32 = 7;
/// Game time a monster hit by the wand goes slowed.
pub(crate) const WAND_SLOW_DURATION: f64 = 20.0;
/// A slowed monster's actions take this many times as long.
pub const SLOWED_FACTOR: f64 = 2.0;
/// What a new run starts with: one draught, for the first bad fight.
const STARTING_ITEMS: [(ItemKind, u32); 1] = [(ItemKind::HealingDraught, 1)];

// Every kind has its own letter, `a` to `z`.
const _: () = assert!(ItemKind::ALL.len() <= 26);

/// What the player carries: a count per kind.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Inventory {
    counts: BTreeMap<ItemKind, u32>,
}

impl Inventory {
    /// A new run's inventory.
    pub(crate) fn starting() -> Self {
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
    pub(crate) fn take(&mut self, kind: ItemKind) -> bool {
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

    /// What is carried, in [`ItemKind::ALL`] order, each with its letter as
    /// the inventory screen shows it.
    ///
    /// A kind's letter is fixed (its place in [`ItemKind::ALL`]: draughts
    /// are always `a`, the noisemaker `c`), so using the last of one kind
    /// never moves the letters of the others under a player's fingers, as
    /// DCSS keeps an item's letter. Gaps in the list are kinds not carried.
    pub fn entries(&self) -> Vec<(char, ItemKind, u32)> {
        ItemKind::ALL
            .into_iter()
            .zip('a'..='z')
            .filter(|&(kind, _)| self.count(kind) > 0)
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

    /// The letter `kind` is listed under, if it is carried.
    pub fn letter_of(&self, kind: ItemKind) -> Option<char> {
        self.entries()
            .into_iter()
            .find(|(_, carried, _)| *carried == kind)
            .map(|(letter, _, _)| letter)
    }

    #[cfg(test)]
    pub(crate) fn is_empty(&self) -> bool {
        self.counts.is_empty()
    }
}

/// What using an item asks of the player: nothing more, or a direction.
pub fn needs_direction(kind: ItemKind) -> bool {
    matches!(kind, ItemKind::Noisemaker | ItemKind::Caltrops)
}

/// Whether using an item means aiming it at a monster in sight (the
/// nearest when none is chosen).
pub fn aimed_at_monster(kind: ItemKind) -> bool {
    matches!(
        kind,
        ItemKind::ThrowingKnife | ItemKind::WandOfSlowing | ItemKind::SmokeBomb
    )
}

/// `count` items of `kind` in words: "a noisemaker", "3 throwing
/// knives", "2 bags of caltrops" (the inventory, the run summary).
pub fn counted_items(kind: ItemKind, count: u32) -> String {
    let name = kind.to_string();
    if count == 1 {
        return format!("a {name}");
    }
    let plural = match name.split_once(" of ") {
        Some((head, tail)) => format!("{head}s of {tail}"),
        None => match name.strip_suffix("knife") {
            Some(stem) => format!("{stem}knives"),
            None => format!("{name}s"),
        },
    };
    format!("{count} {plural}")
}

/// How far from the player a monster may stand to be aimed at with
/// `kind` (king moves); `None` for an item not aimed at a monster.
pub fn aim_range(kind: ItemKind) -> Option<i32> {
    match kind {
        ItemKind::ThrowingKnife => Some(KNIFE_RANGE),
        ItemKind::WandOfSlowing => Some(WAND_RANGE),
        ItemKind::SmokeBomb => Some(SMOKE_RANGE),
        _ => None,
    }
}

/// How far a thrown item flies in a direction before it lands.
pub fn throw_range(kind: ItemKind) -> i32 {
    match kind {
        ItemKind::Caltrops => CALTROPS_RANGE,
        ItemKind::SmokeBomb => SMOKE_RANGE,
        _ => NOISEMAKER_RANGE,
    }
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
            "a lure: aim at a cell up to {NOISEMAKER_RANGE} cells away (the line shows where it lands; Tab: beyond a monster); monsters that hear it (within {NOISEMAKER_HEARING}, round walls; a sleeper within half that) and are not hunting you go to look"
        ),
        ItemKind::Caltrops => format!(
            "throw up to {CALTROPS_RANGE} cells: they scatter there and beside it; monsters that see them route round, one that treads on them is hurt and slowed"
        ),
        ItemKind::SmokeBomb => format!(
            "throw at a monster in sight within {SMOKE_RANGE} cells (or one way, with none): a cloud that blocks sight for {SMOKE_DURATION} turns; a hunter in it loses you, an archer in it cannot shoot"
        ),
        ItemKind::ScrollOfMapping => {
            "read: learn the layout of the whole level (the stairs too)".to_owned()
        }
        ItemKind::WandOfSlowing => format!(
            "zap at a monster in sight (range {WAND_RANGE}): it is slowed to half speed for {WAND_SLOW_DURATION} turns"
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
pub(crate) fn healed(hp: i32, max_hp: i32) -> i32 {
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
                ('c', ItemKind::Noisemaker, 1)
            ]
        );
        assert_eq!(inventory.by_letter('c'), Some(ItemKind::Noisemaker));
        assert_eq!(inventory.by_letter('b'), None, "no knife carried");
        assert_eq!(inventory.letter_of(ItemKind::Noisemaker), Some('c'));
        assert!(inventory.take(ItemKind::Noisemaker));
        assert_eq!(inventory.count(ItemKind::Noisemaker), 0);
        assert_eq!(inventory.by_letter('c'), None);
    }

    #[test]
    fn using_up_a_kind_never_moves_the_letters_of_the_others() {
        let mut inventory = Inventory::default();
        inventory.add(ItemKind::HealingDraught);
        inventory.add(ItemKind::ThrowingKnife);
        inventory.add(ItemKind::WandOfSlowing);
        let wand_letter = inventory.letter_of(ItemKind::WandOfSlowing);
        assert!(inventory.take(ItemKind::HealingDraught));
        assert!(inventory.take(ItemKind::ThrowingKnife));
        assert_eq!(inventory.letter_of(ItemKind::WandOfSlowing), wand_letter);
        assert_eq!(
            wand_letter.and_then(|letter| inventory.by_letter(letter)),
            Some(ItemKind::WandOfSlowing)
        );
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

    #[test]
    fn counted_items_reads_as_english() {
        assert_eq!(counted_items(ItemKind::Noisemaker, 1), "a noisemaker");
        assert_eq!(
            counted_items(ItemKind::ThrowingKnife, 3),
            "3 throwing knives"
        );
        assert_eq!(counted_items(ItemKind::Caltrops, 2), "2 bags of caltrops");
        assert_eq!(
            counted_items(ItemKind::HealingDraught, 2),
            "2 healing draughts"
        );
    }
}
