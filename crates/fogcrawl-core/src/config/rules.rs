//! The rules of the monster config: every field's accepted values and default, in one
//! table that validation checks against and error messages quote.
//!
//! The fields of each table are also listed row by row (`FACTION_FIELDS`,
//! `INFLUENCE_FIELDS`, `MONSTER_FIELDS`: name, accepted values, default, how a change
//! is shown), which messages about a value of the wrong type,
//! `describe_changes` and the checks of the docs
//! (`levels/monsters.toml`, `levels/MONSTERS.md`) all read.
//!
//! A numeric row carries its range (`Accepts::Number`, `Accepts::Whole`), and the
//! validator takes the range from the row (looked up when the crate builds, see
//! `number_range`), so adding a numeric field takes a row, not a check as well.
//!
//! It must never read text or build config values: it only answers "what is allowed
//! here?" so that the check and the message can never disagree.

use crate::world::Terrain;
use gridpath::{Heuristic, TieBreak};

use super::schema::{
    FactionConfig, InfluenceLayer, MonsterKindConfig, Smoothing, UnknownCellPolicy,
};
use crate::key_path::Segment;

/// An inclusive range of numbers, optionally excluding its lower end.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct FloatRange {
    /// Smallest accepted value (or the bound just below it, if `above_min`).
    pub min: f64,
    /// Whether `min` itself is rejected.
    pub above_min: bool,
    /// Largest accepted value.
    pub max: f64,
}

impl FloatRange {
    const fn closed(min: f64, max: f64) -> Self {
        Self {
            min,
            above_min: false,
            max,
        }
    }

    /// Whether `value` is accepted (never true for NaN).
    #[must_use]
    pub fn contains(&self, value: f64) -> bool {
        let above_bottom = if self.above_min {
            value > self.min
        } else {
            value >= self.min
        };
        above_bottom && value <= self.max
    }

    /// The accepted values, as error messages and the docs say them.
    #[must_use]
    pub fn accepted(&self) -> String {
        if self.above_min {
            format!(
                "a number greater than {:?} and at most {:?}",
                self.min, self.max
            )
        } else {
            format!("{:?} to {:?}", self.min, self.max)
        }
    }
}

/// An inclusive range of whole numbers.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct IntRange {
    /// Smallest accepted value.
    pub min: i64,
    /// Largest accepted value.
    pub max: i64,
}

impl IntRange {
    /// Whether `value` is accepted.
    #[must_use]
    pub fn contains(&self, value: i64) -> bool {
        (self.min..=self.max).contains(&value)
    }

    /// The accepted values, as error messages and the docs say them.
    #[must_use]
    pub fn accepted(&self) -> String {
        format!("whole numbers {} to {}", self.min, self.max)
    }
}

/// `weight`: 1 is optimal A*; the cap keeps weighted A* from turning into greedy search.
pub const HEURISTIC_WEIGHT: FloatRange = FloatRange::closed(1.0, 10.0);
/// `node_budget`: below 50 a faction could not finish even a short search in a turn.
pub(crate) const NODE_BUDGET: IntRange = IntRange {
    min: 50,
    max: 1_000_000,
};
/// `sight_radius`, in cells.
pub const SIGHT_RADIUS: IntRange = IntRange { min: 1, max: 40 };
/// `speed`: a time factor.
pub(crate) const SPEED: FloatRange = FloatRange::closed(0.1, 10.0);
/// `turn_penalty`: extra cost per change of direction.
pub(crate) const TURN_PENALTY: FloatRange = FloatRange::closed(0.0, 10.0);
/// `flee_below`: a share of max hp.
pub(crate) const FLEE_BELOW: FloatRange = FloatRange::closed(0.0, 1.0);
/// `hearing_radius` and `shout_radius`, in cells.
pub(crate) const HEARING_RADIUS: IntRange = IntRange { min: 0, max: 40 };
/// `regeneration_time`: game time per hit point regained (0 never heals).
pub(crate) const REGENERATION_TIME: FloatRange = FloatRange::closed(0.0, 10_000.0);
/// `replan_margin`: how much dearer (or cheaper) than planned a route must
/// turn out before a member plans again, as a share of the planned cost.
pub(crate) const REPLAN_MARGIN: FloatRange = FloatRange::closed(0.0, 10.0);
/// The cheapest a step may cost. Costs are stored at f32 precision, where a cost such as
/// 1e-300 rounds to 0 (which the engine rejects), and a heuristic scaled by a tiny
/// cheapest cost stops guiding the search; a thousandth of a floor step is cheap enough.
pub(crate) const MIN_STEP_COST: f64 = 1e-3;
/// A terrain cost, or the cost of an unknown cell: at least `MIN_STEP_COST` (the engine
/// needs a positive cost) and bounded, so summed path costs stay far from the search's key
/// limits.
pub const STEP_COST: FloatRange = FloatRange::closed(MIN_STEP_COST, 1000.0);
/// An influence layer's `weight`: extra step cost at full influence.
pub(crate) const INFLUENCE_WEIGHT: FloatRange = FloatRange::closed(0.0, 100.0);
/// An influence layer's `decay`: the share kept per time unit.
pub(crate) const INFLUENCE_DECAY: FloatRange = FloatRange::closed(0.0, 1.0);
/// An influence layer's `radius`, in cells.
pub(crate) const INFLUENCE_RADIUS: IntRange = IntRange { min: 0, max: 12 };
/// A monster's `hp`.
pub(crate) const HIT_POINTS: IntRange = IntRange { min: 1, max: 1000 };
/// Each end of a monster's `damage`.
pub(crate) const DAMAGE: IntRange = IntRange { min: 0, max: 100 };
/// A monster's `accuracy`, in percent.
pub(crate) const ACCURACY: IntRange = IntRange { min: 0, max: 100 };
/// A monster's `range`, in cells: 1 is melee only.
pub(crate) const RANGE: IntRange = IntRange { min: 1, max: 12 };
/// A monster's `keep_distance`, in cells: how far from the player a kind
/// with a range keeps (0: it closes in like a fighter).
pub(crate) const KEEP_DISTANCE: IntRange = IntRange { min: 0, max: 12 };
/// `keep_distance` when a monster kind does not set it: three cells, out
/// of reach of a step and a blow (a melee kind ignores it).
pub(crate) const DEFAULT_KEEP_DISTANCE: u32 = 3;
/// A monster's `frequency` among its faction's kinds.
pub(crate) const FREQUENCY: IntRange = IntRange { min: 1, max: 1000 };
/// A monster's `from_level`: the first level of a run it appears on.
pub(crate) const FROM_LEVEL: IntRange = IntRange { min: 1, max: 64 };
/// `from_level` when a monster kind does not set it: from the first level.
pub(crate) const DEFAULT_FROM_LEVEL: u32 = 1;
/// A monster's `asleep`: the chance in percent that a spawn starts asleep.
pub(crate) const ASLEEP: IntRange = IntRange { min: 0, max: 100 };
/// `asleep` when a monster kind does not set it: every spawn awake.
pub(crate) const DEFAULT_ASLEEP: u32 = 0;
/// `range` when a monster kind does not set it: melee only.
pub(crate) const DEFAULT_RANGE: u32 = 1;
/// `frequency` when a monster kind does not set it.
pub(crate) const DEFAULT_FREQUENCY: u32 = 10;

/// The most factions a config may declare. Each faction keeps a belief and a
/// sighting time for every cell of the level (5 bytes a cell, 5 MB on a
/// 1024x1024 level) and three influence maps, so the count bounds a game's
/// memory and its save; the shipped config has five.
pub const MAX_FACTIONS: usize = 16;
/// The most monster kinds a config may declare (the shipped config has five).
pub const MAX_MONSTER_KINDS: usize = 64;

/// `weight` when a faction does not set it.
pub const DEFAULT_HEURISTIC_WEIGHT: f64 = 1.0;
/// `node_budget` when a faction does not set it.
pub(crate) const DEFAULT_NODE_BUDGET: u32 = 4000;
/// `sight_radius` when a faction does not set it.
pub const DEFAULT_SIGHT_RADIUS: u32 = 8;
/// `speed` when a faction does not set it.
pub(crate) const DEFAULT_SPEED: f64 = 1.0;
/// `smoothing` when a faction does not set it.
pub(crate) const DEFAULT_SMOOTHING: Smoothing = Smoothing::StringPull;
/// `unknown_cells` when a faction does not set it: optimistic.
pub(crate) const DEFAULT_UNKNOWN_CELLS: UnknownCellPolicy = UnknownCellPolicy::Open;
/// `turn_penalty` when a faction does not set it.
pub(crate) const DEFAULT_TURN_PENALTY: f64 = 0.25;
/// `opens_doors` when a faction does not set it.
pub(crate) const DEFAULT_OPENS_DOORS: bool = true;
/// `bashes_doors` when a faction does not set it.
pub(crate) const DEFAULT_BASHES_DOORS: bool = false;
/// `flee_below` when a faction does not set it.
pub(crate) const DEFAULT_FLEE_BELOW: f64 = 0.25;
/// `hearing_radius` when a faction does not set it: as far as a fight
/// carried before it was a setting.
pub(crate) const DEFAULT_HEARING_RADIUS: u32 = 10;
/// `shout_radius` when a faction does not set it.
pub(crate) const DEFAULT_SHOUT_RADIUS: u32 = 10;
/// `regeneration_time` when a faction does not set it: slow, so a fleeing
/// member is out of the fight for a while.
pub(crate) const DEFAULT_REGENERATION_TIME: f64 = 20.0;
/// `replan_margin` when a faction does not set it: a quarter dearer.
pub(crate) const DEFAULT_REPLAN_MARGIN: f64 = 0.25;

/// The word for an impassable terrain in `terrain_costs`.
pub(crate) const IMPASSABLE: &str = "impassable";
/// `unknown_cells` words; the third form is the table `{ cost = N }`.
pub const UNKNOWN_OPEN: &str = "open";
/// See [`UNKNOWN_OPEN`].
pub const UNKNOWN_BLOCKED: &str = "blocked";

/// Heuristic names as the config spells them; `dijkstra` is another name for `zero`.
pub const HEURISTIC_NAMES: [(&str, Heuristic); 6] = [
    ("octile", Heuristic::Octile),
    ("manhattan", Heuristic::Manhattan),
    ("euclidean", Heuristic::Euclidean),
    ("chebyshev", Heuristic::Chebyshev),
    ("zero", Heuristic::Zero),
    ("dijkstra", Heuristic::Zero),
];

/// Tie-break names as the config spells them.
pub const TIE_BREAK_NAMES: [(&str, TieBreak); 2] = [
    ("larger_g", TieBreak::LargerG),
    ("smaller_g", TieBreak::SmallerG),
];

/// The config name of a tie-break.
#[must_use]
pub fn tie_break_name(tie_break: TieBreak) -> &'static str {
    TIE_BREAK_NAMES
        .iter()
        .find(|(_, candidate)| *candidate == tie_break)
        .map_or("larger_g", |(name, _)| name)
}

/// Words joined for a message: `a, b, c`.
pub(crate) fn word_list<'a>(words: impl IntoIterator<Item = &'a str>) -> String {
    let mut list = String::new();
    for word in words {
        if !list.is_empty() {
            list.push_str(", ");
        }
        list.push_str(word);
    }
    list
}

/// Accepted `heuristic` values.
#[must_use]
pub fn heuristic_accepted() -> String {
    "octile, manhattan, euclidean, chebyshev, zero (or its other name, dijkstra)".to_owned()
}

/// Accepted `tie_break` values.
#[must_use]
pub(crate) fn tie_break_accepted() -> String {
    word_list(TIE_BREAK_NAMES.iter().map(|(name, _)| *name))
}

/// Accepted `smoothing` values.
#[must_use]
pub(crate) fn smoothing_accepted() -> String {
    word_list(Smoothing::NAMED.iter().map(|(name, _)| *name))
}

/// Accepted `unknown_cells` values.
#[must_use]
pub(crate) fn unknown_cells_accepted() -> String {
    format!(
        "\"{UNKNOWN_OPEN}\", \"{UNKNOWN_BLOCKED}\" or {{ cost = N }} with N {}",
        STEP_COST.accepted()
    )
}

/// Accepted values of one `terrain_costs` entry.
#[must_use]
pub(crate) fn terrain_cost_accepted() -> String {
    format!("{} or \"{IMPASSABLE}\"", STEP_COST.accepted())
}

/// Accepted keys of `terrain_costs`.
#[must_use]
pub(crate) fn terrain_names_accepted() -> String {
    Terrain::accepted_names()
}

/// Accepted values of a true-or-false field.
pub(crate) const BOOLEAN_ACCEPTED: &str = "true, false";
/// Accepted `letter` values.
pub(crate) const LETTER_ACCEPTED: &str = "one ASCII letter, a-z or A-Z";
/// Accepted `damage` values.
#[must_use]
pub(crate) fn damage_accepted() -> String {
    format!(
        "[min, max] with {} <= min <= max <= {}",
        DAMAGE.min, DAMAGE.max
    )
}

/// The accepted values of a faction field (see [`FACTION_FIELDS`]).
#[must_use]
pub(crate) fn faction_field_accepted(field: &str) -> Option<String> {
    faction_field(field).map(ConfigField::accepted)
}

/// The accepted values of an influence layer's field (see [`INFLUENCE_FIELDS`]).
#[must_use]
pub(crate) fn influence_field_accepted(field: &str) -> Option<String> {
    field_named(&INFLUENCE_FIELDS, field).map(ConfigField::accepted)
}

/// The accepted values of a monster field (see [`MONSTER_FIELDS`]).
#[must_use]
pub(crate) fn monster_field_accepted(field: &str) -> Option<String> {
    field_named(&MONSTER_FIELDS, field).map(ConfigField::accepted)
}

// ---- The fields of each table, one row each ----

/// The old and new value of one field of two configs (factions, layers, monster
/// kinds), as the message log shows them, when they differ.
pub(crate) type FieldChange<T> = fn(&T, &T) -> Option<(String, String)>;

/// What a field accepts. Numbers carry their range, which validation checks and
/// messages quote; other values are checked by validation's own code (names, tables,
/// letters, pairs) and described here for the messages.
#[derive(Debug, Clone, Copy)]
pub(crate) enum Accepts {
    /// A number in this range.
    Number(FloatRange),
    /// A whole number in this range.
    Whole(IntRange),
    /// Anything else, in words.
    Described(fn() -> String),
}

impl Accepts {
    /// The accepted values, as error messages and the docs say them.
    #[must_use]
    pub(crate) fn accepted(&self) -> String {
        match self {
            Accepts::Number(range) => range.accepted(),
            Accepts::Whole(range) => range.accepted(),
            Accepts::Described(words) => words(),
        }
    }
}

/// One field of a config table whose validated form is `T`.
#[derive(Debug)]
pub struct ConfigField<T: 'static> {
    /// The key, as the file spells it.
    pub name: &'static str,
    /// The accepted values.
    pub(crate) accepts: Accepts,
    /// The value a table gets when it does not set the field, as the docs say it
    /// (without quotes or backticks); `None` for required fields, for sub-tables (whose
    /// entries each have their own defaults) and for influence layers (whose defaults
    /// differ per layer).
    pub default: Option<fn() -> String>,
    /// The old and new value, as the message log shows them, when the field differs;
    /// `None` for the sub-tables (described entry by entry) and a monster's name (which
    /// says which kind it is).
    pub change: Option<FieldChange<T>>,
}

impl<T> ConfigField<T> {
    /// The accepted values, as error messages and the docs say them.
    #[must_use]
    pub(crate) fn accepted(&self) -> String {
        self.accepts.accepted()
    }
}

/// One field of a `[factions.NAME]` table.
pub type FactionField = ConfigField<FactionConfig>;

/// The field called `name` of `fields`.
fn field_named<T>(
    fields: &'static [ConfigField<T>],
    name: &str,
) -> Option<&'static ConfigField<T>> {
    fields.iter().find(|field| field.name == name)
}

/// Whether two names are equal, in a `const fn` (where `==` on `str` is not allowed).
const fn same_name(a: &str, b: &str) -> bool {
    let (a, b) = (a.as_bytes(), b.as_bytes());
    if a.len() != b.len() {
        return false;
    }
    let mut at = 0;
    while at < a.len() {
        if a[at] != b[at] {
            return false;
        }
        at += 1;
    }
    true
}

/// The row of `fields` called `name`, for validation. Meant for a `const` block, where
/// a name with no row stops the build (`cargo build` or `test`; `cargo check` does not
/// evaluate it) instead of failing while a player loads a file.
#[must_use]
#[expect(
    clippy::panic,
    reason = "evaluated in const blocks: a missing row is a build error"
)]
pub(crate) const fn row<T>(
    fields: &'static [ConfigField<T>],
    name: &str,
) -> &'static ConfigField<T> {
    let mut at = 0;
    while at < fields.len() {
        if same_name(fields[at].name, name) {
            return &fields[at];
        }
        at += 1;
    }
    panic!("no row of the config field table has this name")
}

/// The range of the number field `name` of `fields` (see [`row`]; a field of another
/// kind stops the build too).
#[must_use]
#[expect(
    clippy::panic,
    reason = "evaluated in const blocks: a field of another kind is a build error"
)]
pub(crate) const fn number_range<T>(fields: &'static [ConfigField<T>], name: &str) -> FloatRange {
    match row(fields, name).accepts {
        Accepts::Number(range) => range,
        Accepts::Whole(_) | Accepts::Described(_) => panic!("this config field is not a number"),
    }
}

/// The range of the whole-number field `name` of `fields` (see [`number_range`]).
#[must_use]
#[expect(
    clippy::panic,
    reason = "evaluated in const blocks: a field of another kind is a build error"
)]
pub(crate) const fn whole_range<T>(fields: &'static [ConfigField<T>], name: &str) -> IntRange {
    match row(fields, name).accepts {
        Accepts::Whole(range) => range,
        Accepts::Number(_) | Accepts::Described(_) => {
            panic!("this config field is not a whole number")
        }
    }
}

/// A field holding one value: what it accepts ([`Accepts`]), default (an `Option`),
/// and a change compared on the typed values and shown by `show` (their `Display`
/// unless given).
macro_rules! value_field {
    ($name:ident, $accepts:expr, $default:expr) => {
        value_field!($name, $accepts, $default, ToString::to_string)
    };
    ($name:ident, $accepts:expr, $default:expr, $show:expr) => {
        ConfigField {
            name: stringify!($name),
            accepts: $accepts,
            default: $default,
            change: Some(|old, new| {
                (old.$name != new.$name).then(|| ($show(&old.$name), $show(&new.$name)))
            }),
        }
    };
}

/// Every faction field, in the order the docs list them and the log reports changes.
pub(crate) const FACTION_FIELDS: [FactionField; 18] = [
    value_field!(
        heuristic,
        Accepts::Described(heuristic_accepted),
        Some(|| Heuristic::default().to_string())
    ),
    value_field!(
        weight,
        Accepts::Number(HEURISTIC_WEIGHT),
        Some(|| format!("{DEFAULT_HEURISTIC_WEIGHT:?}"))
    ),
    value_field!(
        tie_break,
        Accepts::Described(tie_break_accepted),
        Some(|| tie_break_name(TieBreak::default()).to_owned()),
        |value: &TieBreak| tie_break_name(*value).to_owned()
    ),
    value_field!(
        unknown_cells,
        Accepts::Described(unknown_cells_accepted),
        Some(|| DEFAULT_UNKNOWN_CELLS.to_string())
    ),
    value_field!(
        node_budget,
        Accepts::Whole(NODE_BUDGET),
        Some(|| DEFAULT_NODE_BUDGET.to_string())
    ),
    value_field!(
        sight_radius,
        Accepts::Whole(SIGHT_RADIUS),
        Some(|| DEFAULT_SIGHT_RADIUS.to_string())
    ),
    value_field!(
        speed,
        Accepts::Number(SPEED),
        Some(|| format!("{DEFAULT_SPEED:?}"))
    ),
    value_field!(
        smoothing,
        Accepts::Described(smoothing_accepted),
        Some(|| DEFAULT_SMOOTHING.to_string())
    ),
    value_field!(
        turn_penalty,
        Accepts::Number(TURN_PENALTY),
        Some(|| format!("{DEFAULT_TURN_PENALTY:?}"))
    ),
    value_field!(
        opens_doors,
        Accepts::Described(|| BOOLEAN_ACCEPTED.to_owned()),
        Some(|| DEFAULT_OPENS_DOORS.to_string())
    ),
    value_field!(
        bashes_doors,
        Accepts::Described(|| BOOLEAN_ACCEPTED.to_owned()),
        Some(|| DEFAULT_BASHES_DOORS.to_string())
    ),
    value_field!(
        flee_below,
        Accepts::Number(FLEE_BELOW),
        Some(|| format!("{DEFAULT_FLEE_BELOW:?}"))
    ),
    value_field!(
        hearing_radius,
        Accepts::Whole(HEARING_RADIUS),
        Some(|| DEFAULT_HEARING_RADIUS.to_string())
    ),
    value_field!(
        shout_radius,
        Accepts::Whole(HEARING_RADIUS),
        Some(|| DEFAULT_SHOUT_RADIUS.to_string())
    ),
    value_field!(
        regeneration_time,
        Accepts::Number(REGENERATION_TIME),
        Some(|| format!("{DEFAULT_REGENERATION_TIME:?}"))
    ),
    value_field!(
        replan_margin,
        Accepts::Number(REPLAN_MARGIN),
        Some(|| format!("{DEFAULT_REPLAN_MARGIN:?}"))
    ),
    FactionField {
        name: "terrain_costs",
        accepts: Accepts::Described(|| {
            format!(
                "a table of terrain = cost, with terrains {} and costs {}",
                terrain_names_accepted(),
                terrain_cost_accepted()
            )
        }),
        default: None,
        change: None,
    },
    FactionField {
        name: "influence",
        accepts: Accepts::Described(|| {
            "a table with optional danger, crowding and threat layers".to_owned()
        }),
        default: None,
        change: None,
    },
];

/// Every field of an influence layer (`danger`, `crowding`, `threat`), in the order
/// the docs list them and the log reports changes.
pub(crate) const INFLUENCE_FIELDS: [ConfigField<InfluenceLayer>; 3] = [
    value_field!(weight, Accepts::Number(INFLUENCE_WEIGHT), None),
    value_field!(decay, Accepts::Number(INFLUENCE_DECAY), None),
    value_field!(radius, Accepts::Whole(INFLUENCE_RADIUS), None),
];

/// Every field of a `[[monsters]]` table, in the order the docs list them and the log
/// reports changes. All but `range`, `keep_distance`, `frequency`, `from_level` and
/// `asleep` are required.
pub(crate) const MONSTER_FIELDS: [ConfigField<MonsterKindConfig>; 11] = [
    ConfigField {
        name: "name",
        accepts: Accepts::Described(|| "a non-empty name, unique among monsters".to_owned()),
        default: None,
        change: None,
    },
    value_field!(
        faction,
        Accepts::Described(|| "the name of a [factions.NAME] table".to_owned()),
        None
    ),
    value_field!(
        letter,
        Accepts::Described(|| LETTER_ACCEPTED.to_owned()),
        None
    ),
    value_field!(hp, Accepts::Whole(HIT_POINTS), None),
    value_field!(
        damage,
        Accepts::Described(damage_accepted),
        None,
        |damage: &(i32, i32)| { format!("{}-{}", damage.0, damage.1) }
    ),
    value_field!(accuracy, Accepts::Whole(ACCURACY), None),
    value_field!(
        range,
        Accepts::Whole(RANGE),
        Some(|| DEFAULT_RANGE.to_string())
    ),
    value_field!(
        keep_distance,
        Accepts::Whole(KEEP_DISTANCE),
        Some(|| DEFAULT_KEEP_DISTANCE.to_string())
    ),
    value_field!(
        frequency,
        Accepts::Whole(FREQUENCY),
        Some(|| DEFAULT_FREQUENCY.to_string())
    ),
    value_field!(
        from_level,
        Accepts::Whole(FROM_LEVEL),
        Some(|| DEFAULT_FROM_LEVEL.to_string())
    ),
    value_field!(
        asleep,
        Accepts::Whole(ASLEEP),
        Some(|| DEFAULT_ASLEEP.to_string())
    ),
];

/// The faction field called `name`.
#[must_use]
pub(crate) fn faction_field(name: &str) -> Option<&'static FactionField> {
    field_named(&FACTION_FIELDS, name)
}

/// The accepted values at a place in the file, for messages about values of the wrong
/// type; `None` where the schema has nothing to say.
#[must_use]
pub(crate) fn accepted_at(path: &[Segment]) -> Option<String> {
    use Segment::{Index, Key};
    match path {
        [Key(root)] if root == "factions" => Some("one or more [factions.NAME] tables".to_owned()),
        [Key(root)] if root == "monsters" => Some("[[monsters]] tables".to_owned()),
        [Key(root), Key(_)] if root == "factions" => {
            Some("a table of faction fields (see levels/MONSTERS.md)".to_owned())
        }
        [Key(root), Key(_), Key(field)] if root == "factions" => faction_field_accepted(field),
        [Key(root), Key(_), Key(table), Key(_)]
            if root == "factions" && table == "terrain_costs" =>
        {
            Some(terrain_cost_accepted())
        }
        [Key(root), Key(_), Key(field), Key(cost)]
            if root == "factions" && field == "unknown_cells" && cost == "cost" =>
        {
            Some(STEP_COST.accepted())
        }
        [Key(root), Key(_), Key(table), Key(_)] if root == "factions" && table == "influence" => {
            let fields: Vec<String> = INFLUENCE_FIELDS
                .iter()
                .map(|field| format!("{} = {}", field.name, field.accepted()))
                .collect();
            Some(format!("{{ {} }}, each optional", fields.join(", ")))
        }
        [Key(root), Key(_), Key(table), Key(_), Key(field)]
            if root == "factions" && table == "influence" =>
        {
            influence_field_accepted(field)
        }
        [Key(root), Index(_), Key(field), ..] if root == "monsters" => {
            monster_field_accepted(field)
        }
        [Key(root), Index(_)] if root == "monsters" => {
            Some("a table of monster fields (see levels/MONSTERS.md)".to_owned())
        }
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::config::MonsterConfig;

    const CONFIG_DOCS: &str = include_str!("../../../../levels/MONSTERS.md");

    #[test]
    fn every_field_has_a_row_in_the_docs_with_its_default() {
        for field in &FACTION_FIELDS {
            let row_start = format!("| `{}` |", field.name);
            let row = CONFIG_DOCS
                .lines()
                .find(|line| line.starts_with(&row_start))
                .unwrap_or_else(|| panic!("levels/MONSTERS.md has no row for `{}`", field.name));
            let Some(default) = field.default else {
                continue;
            };
            let documented = row
                .trim_end_matches('|')
                .rsplit('|')
                .next()
                .unwrap_or_default()
                .replace(['`', '"'], "");
            assert_eq!(documented.trim(), default(), "default of `{}`", field.name);
        }
    }

    /// Defaults are not checked when a file leaves a field out, so the table checks
    /// them here: a default outside its own range would be a config no file could write.
    #[test]
    fn every_numeric_default_is_in_its_rows_range() {
        for field in &FACTION_FIELDS {
            let Some(default) = field.default.map(|default| default()) else {
                continue;
            };
            let accepted = match field.accepts {
                Accepts::Number(range) => range.contains(default.parse().unwrap()),
                Accepts::Whole(range) => range.contains(default.parse().unwrap()),
                Accepts::Described(_) => continue,
            };
            assert!(accepted, "default {default} of `{}`", field.name);
        }
        for layer in [
            InfluenceLayer::DEFAULT_DANGER,
            InfluenceLayer::DEFAULT_CROWDING,
            InfluenceLayer::DEFAULT_THREAT,
        ] {
            assert!(number_range(&INFLUENCE_FIELDS, "weight").contains(layer.weight));
            assert!(number_range(&INFLUENCE_FIELDS, "decay").contains(layer.decay));
            let radius = i64::from(layer.radius);
            assert!(whole_range(&INFLUENCE_FIELDS, "radius").contains(radius));
        }
    }

    /// The names of `FactionConfig`'s fields (but `name`), from a pattern without `..`:
    /// a new field stops this compiling until it is named here, and the test below then
    /// asks for its row in the table.
    macro_rules! faction_config_fields {
        ($($field:ident),* $(,)?) => {{
            let FactionConfig { name: _, $($field: _),* } = MonsterConfig::parse(
                std::path::Path::new("monsters.toml"),
                "[factions.goblins]\n",
            )
            .expect("a faction with every field left out is valid")
            .factions[0]
                .clone();
            [$(stringify!($field)),*]
        }};
    }

    #[test]
    fn the_table_names_every_field_of_the_validated_struct_once() {
        let mut fields = faction_config_fields!(
            heuristic,
            weight,
            tie_break,
            unknown_cells,
            node_budget,
            sight_radius,
            speed,
            smoothing,
            turn_penalty,
            opens_doors,
            bashes_doors,
            flee_below,
            hearing_radius,
            shout_radius,
            regeneration_time,
            replan_margin,
            terrain_costs,
            influence,
        )
        .to_vec();
        fields.sort_unstable();
        let mut listed: Vec<&str> = FACTION_FIELDS.iter().map(|field| field.name).collect();
        listed.sort_unstable();
        assert_eq!(listed, fields);
    }
}
