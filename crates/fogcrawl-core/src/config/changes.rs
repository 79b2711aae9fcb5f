//! What changed between two configs, as lines for the message log
//! (`goblins: weight 1 -> 1.5`, `monster added: ogre`).
//!
//! It must never decide what a change means for the game: it only describes it.

use std::fmt::Display;

use crate::world::Terrain;

use super::rules::{ConfigField, FACTION_FIELDS, INFLUENCE_FIELDS, MONSTER_FIELDS};
use super::schema::{FactionConfig, InfluenceLayer, MonsterConfig, MonsterKindConfig};

/// One line per changed value, faction or monster kind; empty when the configs are
/// equal. Factions first (added, removed, then changed fields in file order), then
/// monster kinds the same way. Order changes alone are not reported.
#[must_use]
pub(crate) fn describe_changes(old: &MonsterConfig, new: &MonsterConfig) -> Vec<String> {
    let mut lines = Vec::new();
    for faction in &new.factions {
        match old.faction(&faction.name) {
            None => lines.push(format!("faction added: {}", faction.name)),
            Some(before) => faction_changes(before, faction, &mut lines),
        }
    }
    for faction in &old.factions {
        if new.faction(&faction.name).is_none() {
            lines.push(format!("faction removed: {}", faction.name));
        }
    }
    for monster in &new.monsters {
        match old.monster(&monster.name) {
            None => lines.push(format!("monster added: {}", monster.name)),
            Some(before) => monster_changes(before, monster, &mut lines),
        }
    }
    for monster in &old.monsters {
        if new.monster(&monster.name).is_none() {
            lines.push(format!("monster removed: {}", monster.name));
        }
    }
    lines
}

/// Pushes `owner: field old -> new` when the values differ.
fn compare<T: PartialEq + Display>(
    owner: &str,
    field: &str,
    old: T,
    new: T,
    lines: &mut Vec<String>,
) {
    if old != new {
        lines.push(format!("{owner}: {field} {old} -> {new}"));
    }
}

fn faction_changes(old: &FactionConfig, new: &FactionConfig, lines: &mut Vec<String>) {
    let owner = new.name.as_str();
    field_changes(owner, "", &FACTION_FIELDS, old, new, lines);
    for terrain in Terrain::ALL {
        compare(
            owner,
            &format!("terrain_costs.{terrain}"),
            terrain_cost_text(old, terrain),
            terrain_cost_text(new, terrain),
            lines,
        );
    }
    for (layer, before, after) in [
        ("danger", old.influence.danger, new.influence.danger),
        ("crowding", old.influence.crowding, new.influence.crowding),
        ("threat", old.influence.threat, new.influence.threat),
    ] {
        layer_changes(owner, layer, before, after, lines);
    }
}

/// A terrain's cost for a faction as the log shows it: the override, or `default`.
fn terrain_cost_text(faction: &FactionConfig, terrain: Terrain) -> String {
    match faction
        .terrain_costs
        .iter()
        .rev()
        .find(|(t, _)| *t == terrain)
    {
        None => "default".to_owned(),
        Some((_, None)) => "impassable".to_owned(),
        Some((_, Some(cost))) => cost.to_string(),
    }
}

fn layer_changes(
    owner: &str,
    layer: &str,
    old: InfluenceLayer,
    new: InfluenceLayer,
    lines: &mut Vec<String>,
) {
    field_changes(
        owner,
        &format!("influence.{layer}."),
        &INFLUENCE_FIELDS,
        &old,
        &new,
        lines,
    );
}

fn monster_changes(old: &MonsterKindConfig, new: &MonsterKindConfig, lines: &mut Vec<String>) {
    let owner = format!("monster {}", new.name);
    field_changes(&owner, "", &MONSTER_FIELDS, old, new, lines);
}

/// Pushes `owner: {prefix}field old -> new` for each of `fields` whose value differs.
fn field_changes<T>(
    owner: &str,
    prefix: &str,
    fields: &[ConfigField<T>],
    old: &T,
    new: &T,
    lines: &mut Vec<String>,
) {
    for field in fields {
        if let Some((before, after)) = field.change.and_then(|change| change(old, new)) {
            lines.push(format!(
                "{owner}: {prefix}{} {before} -> {after}",
                field.name
            ));
        }
    }
}
