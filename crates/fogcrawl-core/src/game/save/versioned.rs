//! Reading saves of older formats with today's types.
//!
//! `postcard` is not self-describing, so a type that gained saved fields
//! reads an older save only if it knows which format it is reading: while
//! a save decodes ([`with_format`]), [`decoding_format`] says which.
//! Fields saved since format 4 (or 5) read as their default from an older
//! save ([`since_format`]), and the two types whose saved fields were picked
//! one by one before format 4 (a monster's brain, a faction) are read from
//! an older save through their frozen format-3 shapes below. Those shapes
//! never change: today's `Brain` and `Faction` are saved whole, so a field
//! added to them needs nothing here (it changes the format: docs/SAVES.md).
//!
//! An older save resumes with forgetful monsters: they keep their mode,
//! stroll and what their faction knows, and plan afresh (format 3 saved no
//! more).

use std::cell::Cell;

use serde::{Deserialize, Deserializer};

use crate::ai::{Brain, Faction, FactionCounters, FactionKnowledge, Influences, Mode, Sighting};
use crate::game::save::format::SAVE_FORMAT;
use gridpath::Pos;

thread_local! {
    /// The format of the save being decoded on this thread.
    static DECODING: Cell<u32> = const { Cell::new(SAVE_FORMAT) };
}

/// The format of the save being decoded now (the current one outside a
/// decode).
pub(crate) fn decoding_format() -> u32 {
    DECODING.with(Cell::get)
}

/// Runs `decode` as the decoding of a save of `format`.
pub(crate) fn with_format<T>(format: u32, decode: impl FnOnce() -> T) -> T {
    /// Puts the format back as it was, even if `decode` panics.
    struct Restore(u32);
    impl Drop for Restore {
        fn drop(&mut self) {
            DECODING.with(|format| format.set(self.0));
        }
    }
    let _restore = Restore(DECODING.with(|f| f.replace(format)));
    decode()
}

/// `#[serde(default, deserialize_with = "since_format::<5, _, _>")]`: a
/// field saved since format `FORMAT`, its default in an older save (which
/// holds no bytes of it).
pub(crate) fn since_format<'de, const FORMAT: u32, D, T>(deserializer: D) -> Result<T, D::Error>
where
    D: Deserializer<'de>,
    T: Deserialize<'de> + Default,
{
    if decoding_format() >= FORMAT {
        T::deserialize(deserializer)
    } else {
        Ok(T::default())
    }
}

/// A monster's brain as formats 1 to 3 saved it.
#[derive(Deserialize)]
struct BrainFormat3 {
    mode: Mode,
    wander_target: Option<Pos>,
    #[serde(default)]
    wander_until: f64,
    noise: Option<Pos>,
    #[serde(default)]
    loiter_until: f64,
}

impl From<BrainFormat3> for Brain {
    fn from(old: BrainFormat3) -> Self {
        Self {
            mode: old.mode,
            wander_target: old.wander_target,
            wander_until: old.wander_until,
            noise: old.noise,
            loiter_until: old.loiter_until,
            ..Self::default()
        }
    }
}

/// `#[serde(deserialize_with = "brain")]` on an actor's brain.
pub(crate) fn brain<'de, D: Deserializer<'de>>(deserializer: D) -> Result<Option<Brain>, D::Error> {
    if decoding_format() >= 4 {
        Option::<Brain>::deserialize(deserializer)
    } else {
        Ok(Option::<BrainFormat3>::deserialize(deserializer)?.map(Brain::from))
    }
}

/// A faction as formats 1 to 3 saved it.
#[derive(Deserialize)]
struct FactionFormat3 {
    name: String,
    knowledge: FactionKnowledge,
    player_sighting: Option<Sighting>,
    #[serde(default)]
    counters: FactionCounters,
    decayed_at: f64,
    #[serde(default)]
    influences: Influences,
}

/// `#[serde(deserialize_with = "factions")]` on the game's factions.
pub(crate) fn factions<'de, D: Deserializer<'de>>(
    deserializer: D,
) -> Result<Vec<Faction>, D::Error> {
    if decoding_format() >= 4 {
        Vec::<Faction>::deserialize(deserializer)
    } else {
        Ok(Vec::<FactionFormat3>::deserialize(deserializer)?
            .into_iter()
            .map(|old| {
                Faction::forgetful(
                    old.name,
                    old.knowledge,
                    old.player_sighting,
                    old.counters,
                    old.decayed_at,
                    old.influences,
                )
            })
            .collect())
    }
}
