//! Reading saves of older formats with today's types.
//!
//! Which format the save being decoded has is `crate::save_version`'s
//! ([`decoding_format`]), and fields saved since format 4 (or 5) read as
//! their default from an older save through it. The two types whose saved
//! fields were picked one by one before format 4 (a monster's brain, a
//! faction) are read from an older save through their frozen format-3
//! shapes below. Those shapes
//! never change: today's `Brain` and `Faction` are saved whole, so a field
//! added to them needs nothing here (it changes the format: docs/SAVES.md).
//!
//! An older save resumes with forgetful monsters: they keep their mode,
//! stroll and what their faction knows, and plan afresh (format 3 saved no
//! more).

use serde::{Deserialize, Deserializer};

use crate::ai::{Brain, Faction, FactionCounters, FactionKnowledge, Influences, Mode, Sighting};
use crate::save_version::decoding_format;
use gridpath::Pos;

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
