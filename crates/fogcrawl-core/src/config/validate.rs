//! Validation: from the file as written (`raw`) to the typed config
//! ([`schema`](super::schema)), checking every range, name and cross reference and
//! filling in defaults.
//!
//! Every rejection names the file, line, column, the field's dotted path and the
//! accepted values (from [`rules`](super::rules)). Numeric fields are checked against
//! the range in their row of the field tables (`number!`, `whole!`), so a new
//! numeric field needs no check of its own here. It must never panic, whatever the
//! input, and never read files.

use std::ops::Range;
use std::path::Path;

use toml::Spanned;

use super::config_error::ConfigError;
use super::raw::{RawCost, RawFaction, RawFile, RawLayer, RawMonster, RawUnknownCells};
use super::rules::{
    self, ConfigField, FACTION_FIELDS, FactionField, FloatRange, INFLUENCE_FIELDS, IntRange,
    MONSTER_FIELDS,
};
use super::schema::{
    FactionConfig, InfluenceConfig, InfluenceLayer, MonsterConfig, MonsterKindConfig, Smoothing,
    UnknownCellPolicy,
};
use crate::diagnostic::Diagnostic;
use crate::key_path::KeyPath;
use crate::world::Terrain;
use crate::world::source_text::line_col;

/// `raw.field` of a table whose rows are `fields`, as a number in the range of its row
/// (found when the crate builds: a field without a number row does not compile), or
/// `default` when the file leaves it out. The key, the raw field and the row share
/// one name, so they cannot drift apart.
macro_rules! number {
    // A faction's field: its row is in `FACTION_FIELDS`.
    ($validator:expr, $raw:ident . $field:ident, $path:expr, $default:expr) => {
        number!($validator, FACTION_FIELDS, $raw.$field, $path, $default)
    };
    ($validator:expr, $fields:expr, $raw:ident . $field:ident, $path:expr, $default:expr) => {
        $validator.float(
            $raw.$field.as_ref(),
            &$path.key(stringify!($field)),
            const { rules::number_range(&$fields, stringify!($field)) },
            $default,
        )
    };
}

/// `raw.field` as a whole number in the range of its row; see `number!`.
macro_rules! whole {
    // A faction's field: its row is in `FACTION_FIELDS`.
    ($validator:expr, $raw:ident . $field:ident, $path:expr, $default:expr) => {
        whole!($validator, FACTION_FIELDS, $raw.$field, $path, $default)
    };
    ($validator:expr, $fields:expr, $raw:ident . $field:ident, $path:expr, $default:expr) => {
        $validator.whole(
            $raw.$field.as_ref(),
            &$path.key(stringify!($field)),
            const { rules::whole_range(&$fields, stringify!($field)) },
            $default,
        )
    };
    ($validator:expr, $fields:expr, required $raw:ident . $field:ident, $table_span:expr, $path:expr) => {
        match required!($validator, $raw.$field, $table_span, $path) {
            Ok(value) => $validator.whole(
                Some(value),
                &$path.key(stringify!($field)),
                const { rules::whole_range(&$fields, stringify!($field)) },
                0,
            ),
            Err(err) => Err(err),
        }
    };
}

/// `raw.field` of a faction as one of `names`, or `default` when the file leaves it
/// out; an unknown name is refused with the accepted values of the field's row.
macro_rules! named {
    ($validator:expr, $raw:ident . $field:ident, $path:expr, $names:expr, $default:expr) => {
        $validator.named(
            $raw.$field.as_ref(),
            &$path.key(stringify!($field)),
            $names,
            row!(FACTION_FIELDS, $field),
            $default,
        )
    };
}

/// The row of `fields` for `field` (found when the crate builds).
macro_rules! row {
    ($fields:expr, $field:ident) => {
        const { rules::row(&$fields, stringify!($field)) }
    };
}

/// `raw.field` of a `[[monsters]]` table, which must be there: if it is not, the
/// error points at the table (`table_span`) and quotes the accepted values of the row.
macro_rules! required {
    ($validator:expr, $raw:ident . $field:ident, $table_span:expr, $path:expr) => {
        $validator.required(
            $raw.$field.as_ref(),
            $table_span,
            &$path.key(stringify!($field)),
            row!(MONSTER_FIELDS, $field),
        )
    };
}

/// A yes-or-no field, `default` when the file leaves it out.
fn flag(value: Option<&Spanned<bool>>, default: bool) -> bool {
    value.map_or(default, |value| *value.get_ref())
}

/// Checks one file's raw content; knows the file name and text for messages.
pub(super) struct Validator<'a> {
    file: &'a Path,
    text: &'a str,
}

type Checked<T> = Result<T, ConfigError>;

impl<'a> Validator<'a> {
    pub(super) fn new(file: &'a Path, text: &'a str) -> Self {
        Self { file, text }
    }

    /// The typed config, or the first problem found.
    pub(super) fn config(&self, raw: &RawFile) -> Checked<MonsterConfig> {
        let factions = self.factions(raw)?;
        let monsters = self.monsters(raw, &factions)?;
        Ok(MonsterConfig { factions, monsters })
    }

    /// An [`ConfigError::Invalid`] at the start of `span`.
    pub(super) fn invalid(
        &self,
        span: Range<usize>,
        field: &KeyPath,
        problem: impl Into<String>,
        accepted: impl Into<String>,
    ) -> ConfigError {
        let at = line_col(self.text, span.start);
        ConfigError::Invalid(
            Diagnostic::invalid(
                self.file,
                (at.line, at.column),
                field.to_string(),
                problem,
                accepted,
            )
            .into(),
        )
    }

    /// The value as the user wrote it, for messages (`11` rather than `11.0`).
    fn written(&self, span: Range<usize>) -> &str {
        self.text.get(span).map_or("this value", str::trim)
    }

    fn out_of_range(&self, span: Range<usize>, field: &KeyPath, accepted: String) -> ConfigError {
        let problem = format!("{} is out of range", self.written(span.clone()));
        self.invalid(span, field, problem, accepted)
    }

    fn float(
        &self,
        value: Option<&Spanned<f64>>,
        field: &KeyPath,
        range: FloatRange,
        default: f64,
    ) -> Checked<f64> {
        let Some(value) = value else {
            return Ok(default);
        };
        if range.contains(*value.get_ref()) {
            Ok(*value.get_ref())
        } else {
            Err(self.out_of_range(value.span(), field, range.accepted()))
        }
    }

    fn whole<T: TryFrom<i64>>(
        &self,
        value: Option<&Spanned<i64>>,
        field: &KeyPath,
        range: IntRange,
        default: T,
    ) -> Checked<T> {
        let Some(value) = value else {
            return Ok(default);
        };
        let number = *value.get_ref();
        match T::try_from(number) {
            Ok(converted) if range.contains(number) => Ok(converted),
            _ => Err(self.out_of_range(value.span(), field, range.accepted())),
        }
    }

    fn named<T: Copy>(
        &self,
        value: Option<&Spanned<String>>,
        field: &KeyPath,
        names: &[(&str, T)],
        row: &FactionField,
        default: T,
    ) -> Checked<T> {
        let Some(value) = value else {
            return Ok(default);
        };
        names
            .iter()
            .find(|(name, _)| name == value.get_ref())
            .map(|&(_, named)| named)
            .ok_or_else(|| {
                let problem = format!("unknown value {:?}", value.get_ref());
                self.invalid(value.span(), field, problem, row.accepted())
            })
    }

    /// A required field's value, or a "missing" error at the start of its table
    /// quoting the accepted values of the field's `row`.
    fn required<'v, T>(
        &self,
        value: Option<&'v Spanned<T>>,
        table_span: Range<usize>,
        field: &KeyPath,
        row: &ConfigField<MonsterKindConfig>,
    ) -> Checked<&'v Spanned<T>> {
        value.ok_or_else(|| {
            self.invalid(table_span, field, "missing required field", row.accepted())
        })
    }

    fn factions(&self, raw: &RawFile) -> Checked<Vec<FactionConfig>> {
        let field = KeyPath::root("factions");
        let accepted = "one or more [factions.NAME] tables";
        let Some(table) = &raw.factions else {
            return Err(self.invalid(0..0, &field, "no faction is declared", accepted));
        };
        if table.get_ref().is_empty() {
            return Err(self.invalid(table.span(), &field, "no faction is declared", accepted));
        }
        let mut in_file_order: Vec<_> = table.get_ref().iter().collect();
        in_file_order.sort_by_key(|(name, _)| name.span().start);
        // Each faction keeps a belief for every cell of the level: the count
        // bounds the game's memory (checked before anything is built).
        if let Some((name, _)) = in_file_order.get(rules::MAX_FACTIONS) {
            return Err(self.invalid(
                name.span(),
                &field.key(name.get_ref()),
                format!(
                    "{} factions are declared, more than {}",
                    in_file_order.len(),
                    rules::MAX_FACTIONS
                ),
                format!("at most {} [factions.NAME] tables", rules::MAX_FACTIONS),
            ));
        }
        in_file_order
            .into_iter()
            .map(|(name, faction)| self.faction(name, faction.get_ref()))
            .collect()
    }

    fn faction(&self, name: &Spanned<String>, raw: &RawFaction) -> Checked<FactionConfig> {
        let path = KeyPath::root("factions").key(name.get_ref());
        if name.get_ref().trim().is_empty() {
            return Err(self.invalid(
                name.span(),
                &path,
                "a faction name must not be empty",
                "a name such as goblins",
            ));
        }
        Ok(FactionConfig {
            name: name.get_ref().clone(),
            heuristic: named!(
                self,
                raw.heuristic,
                path,
                &rules::HEURISTIC_NAMES,
                gridpath::Heuristic::default()
            )?,
            weight: number!(self, raw.weight, path, rules::DEFAULT_HEURISTIC_WEIGHT)?,
            tie_break: named!(
                self,
                raw.tie_break,
                path,
                &rules::TIE_BREAK_NAMES,
                gridpath::TieBreak::default()
            )?,
            unknown_cells: self.unknown_cells(raw, &path.key("unknown_cells"))?,
            node_budget: whole!(self, raw.node_budget, path, rules::DEFAULT_NODE_BUDGET)?,
            sight_radius: whole!(self, raw.sight_radius, path, rules::DEFAULT_SIGHT_RADIUS)?,
            speed: number!(self, raw.speed, path, rules::DEFAULT_SPEED)?,
            smoothing: named!(
                self,
                raw.smoothing,
                path,
                &Smoothing::NAMED,
                rules::DEFAULT_SMOOTHING
            )?,
            turn_penalty: number!(self, raw.turn_penalty, path, rules::DEFAULT_TURN_PENALTY)?,
            opens_doors: flag(raw.opens_doors.as_ref(), rules::DEFAULT_OPENS_DOORS),
            bashes_doors: flag(raw.bashes_doors.as_ref(), rules::DEFAULT_BASHES_DOORS),
            flee_below: number!(self, raw.flee_below, path, rules::DEFAULT_FLEE_BELOW)?,
            hearing_radius: whole!(
                self,
                raw.hearing_radius,
                path,
                rules::DEFAULT_HEARING_RADIUS
            )?,
            shout_radius: whole!(self, raw.shout_radius, path, rules::DEFAULT_SHOUT_RADIUS)?,
            regeneration_time: number!(
                self,
                raw.regeneration_time,
                path,
                rules::DEFAULT_REGENERATION_TIME
            )?,
            replan_margin: number!(self, raw.replan_margin, path, rules::DEFAULT_REPLAN_MARGIN)?,
            terrain_costs: self.terrain_costs(raw, &path.key("terrain_costs"))?,
            influence: self.influence(raw, &path.key("influence"))?,
        })
    }

    fn unknown_cells(&self, raw: &RawFaction, path: &KeyPath) -> Checked<UnknownCellPolicy> {
        let Some(value) = &raw.unknown_cells else {
            return Ok(rules::DEFAULT_UNKNOWN_CELLS);
        };
        match value.get_ref() {
            RawUnknownCells::Word(word) if word == rules::UNKNOWN_OPEN => {
                Ok(UnknownCellPolicy::Open)
            }
            RawUnknownCells::Word(word) if word == rules::UNKNOWN_BLOCKED => {
                Ok(UnknownCellPolicy::Blocked)
            }
            RawUnknownCells::Word(word) => Err(self.invalid(
                value.span(),
                path,
                format!("unknown value {word:?}"),
                row!(FACTION_FIELDS, unknown_cells).accepted(),
            )),
            RawUnknownCells::Cost(cost) => self
                .float(Some(cost), &path.key("cost"), rules::STEP_COST, 0.0)
                .map(UnknownCellPolicy::Cost),
        }
    }

    fn terrain_costs(
        &self,
        raw: &RawFaction,
        path: &KeyPath,
    ) -> Checked<Vec<(Terrain, Option<f64>)>> {
        let Some(table) = &raw.terrain_costs else {
            return Ok(Vec::new());
        };
        let mut in_file_order: Vec<_> = table.get_ref().iter().collect();
        in_file_order.sort_by_key(|(name, _)| name.span().start);
        in_file_order
            .into_iter()
            .map(|(name, cost)| {
                let field = path.key(name.get_ref());
                let terrain = Terrain::from_name(name.get_ref()).ok_or_else(|| {
                    self.invalid(
                        name.span(),
                        &field,
                        format!("unknown terrain {:?}", name.get_ref()),
                        rules::terrain_names_accepted(),
                    )
                })?;
                let cost = match cost.get_ref() {
                    RawCost::Number(number) if rules::STEP_COST.contains(*number) => Some(*number),
                    RawCost::Number(_) => {
                        return Err(self.out_of_range(
                            cost.span(),
                            &field,
                            rules::terrain_cost_accepted(),
                        ));
                    }
                    RawCost::Word(word) if word == rules::IMPASSABLE => None,
                    RawCost::Word(word) => {
                        return Err(self.invalid(
                            cost.span(),
                            &field,
                            format!("unknown value {word:?}"),
                            rules::terrain_cost_accepted(),
                        ));
                    }
                };
                Ok((terrain, cost))
            })
            .collect()
    }

    fn influence(&self, raw: &RawFaction, path: &KeyPath) -> Checked<InfluenceConfig> {
        let defaults = InfluenceConfig::default();
        let Some(influence) = &raw.influence else {
            return Ok(defaults);
        };
        let influence = influence.get_ref();
        Ok(InfluenceConfig {
            danger: self.layer(
                influence.danger.as_ref(),
                &path.key("danger"),
                defaults.danger,
            )?,
            crowding: self.layer(
                influence.crowding.as_ref(),
                &path.key("crowding"),
                defaults.crowding,
            )?,
            threat: self.layer(
                influence.threat.as_ref(),
                &path.key("threat"),
                defaults.threat,
            )?,
        })
    }

    fn layer(
        &self,
        raw: Option<&Spanned<RawLayer>>,
        path: &KeyPath,
        default: InfluenceLayer,
    ) -> Checked<InfluenceLayer> {
        let Some(layer) = raw else {
            return Ok(default);
        };
        let layer = layer.get_ref();
        Ok(InfluenceLayer {
            weight: number!(self, INFLUENCE_FIELDS, layer.weight, path, default.weight)?,
            decay: number!(self, INFLUENCE_FIELDS, layer.decay, path, default.decay)?,
            radius: whole!(self, INFLUENCE_FIELDS, layer.radius, path, default.radius)?,
        })
    }

    fn monsters(
        &self,
        raw: &RawFile,
        factions: &[FactionConfig],
    ) -> Checked<Vec<MonsterKindConfig>> {
        let Some(list) = &raw.monsters else {
            return Ok(Vec::new());
        };
        if let Some(extra) = list.get_ref().get(rules::MAX_MONSTER_KINDS) {
            return Err(self.invalid(
                extra.span(),
                &KeyPath::root("monsters").index(rules::MAX_MONSTER_KINDS),
                format!(
                    "{} monster kinds are declared, more than {}",
                    list.get_ref().len(),
                    rules::MAX_MONSTER_KINDS
                ),
                format!("at most {} [[monsters]] tables", rules::MAX_MONSTER_KINDS),
            ));
        }
        let mut monsters: Vec<MonsterKindConfig> = Vec::with_capacity(list.get_ref().len());
        for (index, monster) in list.get_ref().iter().enumerate() {
            let path = KeyPath::root("monsters").index(index);
            let checked = self.monster(monster, &path, factions)?;
            if let Some(first) = monsters.iter().position(|m| m.name == checked.name) {
                let name_span = monster
                    .get_ref()
                    .name
                    .as_ref()
                    .map_or(monster.span(), Spanned::span);
                return Err(self.invalid(
                    name_span,
                    &path.key("name"),
                    format!(
                        "{:?} is already the name of monsters[{first}]",
                        checked.name
                    ),
                    "a name unique among monsters",
                ));
            }
            monsters.push(checked);
        }
        Ok(monsters)
    }

    fn monster(
        &self,
        monster: &Spanned<RawMonster>,
        path: &KeyPath,
        factions: &[FactionConfig],
    ) -> Checked<MonsterKindConfig> {
        let table_span = monster.span();
        let raw = monster.get_ref();
        let name = required!(self, raw.name, table_span.clone(), path)?;
        if name.get_ref().trim().is_empty() {
            return Err(self.invalid(
                name.span(),
                &path.key("name"),
                "a monster name must not be empty",
                row!(MONSTER_FIELDS, name).accepted(),
            ));
        }
        let faction = required!(self, raw.faction, table_span.clone(), path)?;
        if !factions.iter().any(|f| &f.name == faction.get_ref()) {
            return Err(self.invalid(
                faction.span(),
                &path.key("faction"),
                format!("no faction {:?} is declared", faction.get_ref()),
                rules::word_list(factions.iter().map(|f| f.name.as_str())),
            ));
        }
        let letter = required!(self, raw.letter, table_span.clone(), path)?;
        let mut chars = letter.get_ref().chars();
        let letter_char = match (chars.next(), chars.next()) {
            (Some(only), None) if only.is_ascii_alphabetic() => only,
            _ => {
                return Err(self.invalid(
                    letter.span(),
                    &path.key("letter"),
                    format!("{:?} is not one ASCII letter", letter.get_ref()),
                    row!(MONSTER_FIELDS, letter).accepted(),
                ));
            }
        };
        let hp = whole!(self, MONSTER_FIELDS, required raw.hp, table_span.clone(), path)?;
        let damage = required!(self, raw.damage, table_span.clone(), path)?;
        let damage = self.damage(damage, &path.key("damage"))?;
        let accuracy = whole!(self, MONSTER_FIELDS, required raw.accuracy, table_span, path)?;
        let range = whole!(self, MONSTER_FIELDS, raw.range, path, rules::DEFAULT_RANGE)?;
        let keep_distance = whole!(
            self,
            MONSTER_FIELDS,
            raw.keep_distance,
            path,
            rules::DEFAULT_KEEP_DISTANCE
        )?;
        if keep_distance > range.max(1)
            && let Some(written) = raw.keep_distance.as_ref()
        {
            return Err(self.invalid(
                written.span(),
                &path.key("keep_distance"),
                format!("{keep_distance} is more than the kind's range {range}"),
                format!("a whole number from 0 to its range ({range})"),
            ));
        }
        let keep_distance = keep_distance.min(range);
        let frequency = whole!(
            self,
            MONSTER_FIELDS,
            raw.frequency,
            path,
            rules::DEFAULT_FREQUENCY
        )?;
        let from_level = whole!(
            self,
            MONSTER_FIELDS,
            raw.from_level,
            path,
            rules::DEFAULT_FROM_LEVEL
        )?;
        let asleep = whole!(
            self,
            MONSTER_FIELDS,
            raw.asleep,
            path,
            rules::DEFAULT_ASLEEP
        )?;
        Ok(MonsterKindConfig {
            name: name.get_ref().clone(),
            faction: faction.get_ref().clone(),
            letter: letter_char,
            hp,
            damage,
            accuracy,
            range,
            keep_distance,
            frequency,
            from_level,
            asleep,
        })
    }

    fn damage(&self, damage: &Spanned<Vec<Spanned<i64>>>, path: &KeyPath) -> Checked<(i32, i32)> {
        let [min, max] = damage.get_ref().as_slice() else {
            let count = damage.get_ref().len();
            return Err(self.invalid(
                damage.span(),
                path,
                format!("has {count} numbers instead of 2"),
                row!(MONSTER_FIELDS, damage).accepted(),
            ));
        };
        let min_value: i32 = self.whole(Some(min), &path.index(0), rules::DAMAGE, 0)?;
        let max_value: i32 = self.whole(Some(max), &path.index(1), rules::DAMAGE, 0)?;
        if min_value > max_value {
            return Err(self.invalid(
                damage.span(),
                path,
                format!("min {min_value} is greater than max {max_value}"),
                row!(MONSTER_FIELDS, damage).accepted(),
            ));
        }
        Ok((min_value, max_value))
    }
}
