//! The levels that ship with fogcrawl, built into the binary so that a copied
//! or installed binary plays from any folder. A `./levels` folder in the
//! working directory still comes first (see [`level::dir`](super::level::dir)):
//! it is how people who make levels try them without rebuilding.
//!
//! The table is written out by hand, not generated, so a new level is one
//! line here; a test checks that it matches the `levels/` folder exactly.

/// A level file compiled into the binary.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ShippedLevel {
    /// The level's name (its file stem in `levels/`).
    pub name: &'static str,
    /// The file's text.
    pub text: &'static str,
}

/// How the path of a built-in file is shown in messages: never a real file,
/// so nobody goes looking for it on disk.
pub(crate) const BUILT_IN_PREFIX: &str = "<built-in>";

macro_rules! shipped {
    ($($name:literal),* $(,)?) => {
        [$(ShippedLevel {
            name: $name,
            text: include_str!(concat!("../../../../levels/", $name, ".toml")),
        }),*]
    };
}

/// Every level in `levels/`, by name.
pub(crate) const SHIPPED_LEVELS: [ShippedLevel; 9] = shipped!(
    "caves", "colossus", "horde", "maze", "pass", "river", "rooms", "swamp", "warrens",
);

/// `levels/run.toml`: the order the shipped levels are played in.
pub(crate) const SHIPPED_RUN: &str = include_str!("../../../../levels/run.toml");

/// The built-in level called `name`, if there is one.
#[must_use]
pub fn shipped_level(name: &str) -> Option<&'static ShippedLevel> {
    SHIPPED_LEVELS.iter().find(|level| level.name == name)
}
