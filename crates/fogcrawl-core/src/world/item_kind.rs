//! The kinds of items that lie in a level: their names in level files and their
//! plain-text characters. Data only, like the terrain table; what an item does when
//! used is a rule of the game (`crate::game::items`), never decided here.

use std::fmt;

/// A kind of item. Ordered, so inventories list them the same way every time.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, serde::Serialize, serde::Deserialize,
)]
#[serde(rename_all = "snake_case")]
pub enum ItemKind {
    /// Drunk to heal.
    HealingDraught,
    /// Thrown at a monster in sight (aimed; the nearest when not).
    ThrowingKnife,
    /// Thrown a few cells away, where it clatters: monsters that hear it go to look.
    Noisemaker,
    /// Thrown a few cells away, where they scatter: monsters that see them
    /// (or tread on them) plan round them.
    Caltrops,
    /// Thrown a few cells away, where it bursts into a cloud that blocks
    /// sight for a while.
    SmokeBomb,
    /// Read to learn the whole level's layout (the player's own map).
    ScrollOfMapping,
    /// Zapped at a monster in sight: it moves and acts at half speed for a
    /// while.
    WandOfSlowing,
    /// A weapon: wielded, it hits harder than the dagger a run starts with.
    ShortSword,
    /// A heavier weapon: harder blows, a little less sure.
    WarAxe,
    /// Armour: worn, it makes monsters' blows miss more often.
    LeatherArmour,
    /// Heavier armour.
    ChainMail,
}

impl ItemKind {
    /// Every item kind, in inventory order.
    pub const ALL: [ItemKind; 11] = [
        ItemKind::HealingDraught,
        ItemKind::ThrowingKnife,
        ItemKind::Noisemaker,
        ItemKind::Caltrops,
        ItemKind::SmokeBomb,
        ItemKind::ScrollOfMapping,
        ItemKind::WandOfSlowing,
        ItemKind::ShortSword,
        ItemKind::WarAxe,
        ItemKind::LeatherArmour,
        ItemKind::ChainMail,
    ];

    /// The name used in level files (`snake_case`).
    #[must_use]
    pub(crate) const fn name(self) -> &'static str {
        match self {
            ItemKind::HealingDraught => "healing_draught",
            ItemKind::ThrowingKnife => "throwing_knife",
            ItemKind::Noisemaker => "noisemaker",
            ItemKind::Caltrops => "caltrops",
            ItemKind::SmokeBomb => "smoke_bomb",
            ItemKind::ScrollOfMapping => "scroll_of_mapping",
            ItemKind::WandOfSlowing => "wand_of_slowing",
            ItemKind::ShortSword => "short_sword",
            ItemKind::WarAxe => "war_axe",
            ItemKind::LeatherArmour => "leather_armour",
            ItemKind::ChainMail => "chain_mail",
        }
    }

    /// The name in messages ("a healing draught").
    #[must_use]
    pub const fn display_name(self) -> &'static str {
        match self {
            ItemKind::HealingDraught => "healing draught",
            ItemKind::ThrowingKnife => "throwing knife",
            ItemKind::Noisemaker => "noisemaker",
            ItemKind::Caltrops => "bag of caltrops",
            ItemKind::SmokeBomb => "smoke bomb",
            ItemKind::ScrollOfMapping => "scroll of mapping",
            ItemKind::WandOfSlowing => "wand of slowing",
            ItemKind::ShortSword => "short sword",
            ItemKind::WarAxe => "war axe",
            ItemKind::LeatherArmour => "leather armour",
            ItemKind::ChainMail => "chain mail",
        }
    }

    /// The character in plain-text maps and the default layout legend.
    #[must_use]
    pub const fn plain_char(self) -> char {
        match self {
            ItemKind::HealingDraught => '!',
            ItemKind::ThrowingKnife => '(',
            ItemKind::Noisemaker => '&',
            ItemKind::Caltrops => '^',
            ItemKind::SmokeBomb => ':',
            ItemKind::ScrollOfMapping => '?',
            ItemKind::WandOfSlowing => '-',
            ItemKind::ShortSword => '|',
            ItemKind::WarAxe => '/',
            ItemKind::LeatherArmour => '[',
            ItemKind::ChainMail => ']',
        }
    }

    /// The kind a level file names, if any.
    #[must_use]
    pub(crate) fn from_name(name: &str) -> Option<ItemKind> {
        Self::ALL.into_iter().find(|kind| kind.name() == name)
    }

    /// The kind drawn as `c` in plain text, if any.
    #[must_use]
    pub(crate) fn from_plain_char(c: char) -> Option<ItemKind> {
        Self::ALL.into_iter().find(|kind| kind.plain_char() == c)
    }

    /// Every name, for error messages ("healing_draught throwing_knife noisemaker").
    #[must_use]
    pub(crate) fn accepted_names() -> String {
        Self::ALL.map(ItemKind::name).join(" ")
    }
}

impl fmt::Display for ItemKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.display_name())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_and_chars_round_trip_and_differ() {
        for kind in ItemKind::ALL {
            assert_eq!(ItemKind::from_name(kind.name()), Some(kind));
            assert_eq!(ItemKind::from_plain_char(kind.plain_char()), Some(kind));
        }
        assert_eq!(ItemKind::from_name("sword"), None);
        let chars: std::collections::BTreeSet<char> =
            ItemKind::ALL.map(ItemKind::plain_char).into();
        assert_eq!(chars.len(), ItemKind::ALL.len());
    }
}
