//! The file as written: serde types that mirror `monsters.toml` key for key, with the
//! position of every value (`toml::Spanned`) so validation can point at it.
//!
//! Unknown keys are rejected here (`deny_unknown_fields`) and every field is optional,
//! so that missing fields and out-of-range values are reported by
//! `validate` with the field's path and the accepted values. This
//! module must never check ranges or apply defaults.

use std::collections::BTreeMap;
use std::fmt;

use serde::Deserialize;
use serde::de::{self, Deserializer, MapAccess, Visitor};
use toml::Spanned;

/// A table keyed by name, each key with its position.
pub(super) type SpannedTable<T> = BTreeMap<Spanned<String>, Spanned<T>>;

/// The whole file.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct RawFile {
    pub factions: Option<Spanned<SpannedTable<RawFaction>>>,
    pub monsters: Option<Spanned<Vec<Spanned<RawMonster>>>>,
}

/// One `[factions.NAME]` table.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct RawFaction {
    pub heuristic: Option<Spanned<String>>,
    pub weight: Option<Spanned<f64>>,
    pub tie_break: Option<Spanned<String>>,
    pub unknown_cells: Option<Spanned<RawUnknownCells>>,
    pub node_budget: Option<Spanned<i64>>,
    pub sight_radius: Option<Spanned<i64>>,
    pub speed: Option<Spanned<f64>>,
    pub smoothing: Option<Spanned<String>>,
    pub turn_penalty: Option<Spanned<f64>>,
    pub opens_doors: Option<Spanned<bool>>,
    pub bashes_doors: Option<Spanned<bool>>,
    pub flee_below: Option<Spanned<f64>>,
    pub hearing_radius: Option<Spanned<i64>>,
    pub shout_radius: Option<Spanned<i64>>,
    pub regeneration_time: Option<Spanned<f64>>,
    pub replan_margin: Option<Spanned<f64>>,
    pub terrain_costs: Option<Spanned<SpannedTable<RawCost>>>,
    pub influence: Option<Spanned<RawInfluence>>,
}

/// `[factions.NAME.influence]`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct RawInfluence {
    pub danger: Option<Spanned<RawLayer>>,
    pub crowding: Option<Spanned<RawLayer>>,
    pub threat: Option<Spanned<RawLayer>>,
}

/// One influence layer, e.g. `danger = { weight = 4.0, decay = 0.98, radius = 3 }`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct RawLayer {
    pub weight: Option<Spanned<f64>>,
    pub decay: Option<Spanned<f64>>,
    pub radius: Option<Spanned<i64>>,
}

/// One `[[monsters]]` table.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct RawMonster {
    pub name: Option<Spanned<String>>,
    pub faction: Option<Spanned<String>>,
    pub letter: Option<Spanned<String>>,
    pub hp: Option<Spanned<i64>>,
    pub damage: Option<Spanned<Vec<Spanned<i64>>>>,
    pub accuracy: Option<Spanned<i64>>,
    pub range: Option<Spanned<i64>>,
    pub keep_distance: Option<Spanned<i64>>,
    pub frequency: Option<Spanned<i64>>,
    pub from_level: Option<Spanned<i64>>,
    pub asleep: Option<Spanned<i64>>,
}

/// `unknown_cells`: a word (`"open"`, `"blocked"`, checked later) or `{ cost = N }`.
#[derive(Debug)]
pub(super) enum RawUnknownCells {
    Word(String),
    Cost(Spanned<f64>),
}

impl<'de> Deserialize<'de> for RawUnknownCells {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct UnknownCellsVisitor;

        impl<'de> Visitor<'de> for UnknownCellsVisitor {
            type Value = RawUnknownCells;

            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("\"open\", \"blocked\" or { cost = N }")
            }

            fn visit_str<E: de::Error>(self, word: &str) -> Result<Self::Value, E> {
                Ok(RawUnknownCells::Word(word.to_owned()))
            }

            fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Self::Value, A::Error> {
                let mut cost = None;
                while let Some(key) = map.next_key::<String>()? {
                    if key != "cost" || cost.is_some() {
                        return Err(de::Error::unknown_field(&key, &["cost"]));
                    }
                    cost = Some(map.next_value::<Spanned<f64>>()?);
                }
                cost.map(RawUnknownCells::Cost)
                    .ok_or_else(|| de::Error::missing_field("cost"))
            }
        }

        deserializer.deserialize_any(UnknownCellsVisitor)
    }
}

/// A `terrain_costs` value: a number (checked later) or a word (`"impassable"`).
#[derive(Debug)]
pub(super) enum RawCost {
    Number(f64),
    Word(String),
}

impl<'de> Deserialize<'de> for RawCost {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct CostVisitor;

        impl Visitor<'_> for CostVisitor {
            type Value = RawCost;

            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("a number or \"impassable\"")
            }

            fn visit_f64<E: de::Error>(self, number: f64) -> Result<Self::Value, E> {
                Ok(RawCost::Number(number))
            }

            // Costs are small; an integer too big for f64 is out of range anyway.
            fn visit_i64<E: de::Error>(self, number: i64) -> Result<Self::Value, E> {
                Ok(RawCost::Number(number as f64))
            }

            fn visit_str<E: de::Error>(self, word: &str) -> Result<Self::Value, E> {
                Ok(RawCost::Word(word.to_owned()))
            }
        }

        deserializer.deserialize_any(CostVisitor)
    }
}
