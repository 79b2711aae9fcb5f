//! How one pictured search is run: A* (heuristic, weight, tie-break) or the
//! two-tier hierarchy (its cluster size), and whether it plans on the whole
//! level or through fog (what is visible from the start within a sight radius,
//! unseen cells priced by an unknown-cell policy, as a faction plans).
//!
//! Values are read from text here, from the flags and from `--compare`'s
//! `KEY=VALUE` list alike, with the monster config's names and limits
//! ([`fogcrawl_core::rules`]), so a setting means the same in both places and in
//! the config. It must never run a search.

use std::fmt;
use std::str::FromStr;

use fogcrawl_core::{
    UnknownCellPolicy, rules, rules::DEFAULT_HEURISTIC_WEIGHT, rules::DEFAULT_SIGHT_RADIUS,
    rules::HEURISTIC_NAMES, rules::HEURISTIC_WEIGHT, rules::SIGHT_RADIUS, rules::STEP_COST,
    rules::TIE_BREAK_NAMES, rules::UNKNOWN_BLOCKED, rules::UNKNOWN_OPEN,
};
use gridpath::{Heuristic, HierarchyOptions, SearchOptions, TieBreak};

use super::picture_error::PictureError;

/// The `--unknown` / `unknown=` word for planning on the whole level (no fog).
pub(crate) const UNKNOWN_OFF: &str = "off";

/// Which search a panel pictures.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PicturedEngine {
    /// The traced A*: every cell it closed, its frontier, its paths.
    AStar,
    /// The two-tier hierarchy (`gridpath::Hierarchy`): its clusters, their
    /// entrances, the coarse path over the refined one.
    Hierarchy,
}

/// `--engine` words.
pub(crate) const ENGINE_NAMES: [(&str, PicturedEngine); 2] = [
    ("astar", PicturedEngine::AStar),
    ("hierarchy", PicturedEngine::Hierarchy),
];

/// The cluster sides `--cluster` takes, in cells.
pub(crate) const CLUSTER_SIZES: std::ops::RangeInclusive<usize> = 4..=64;

/// One search's settings.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct SearchSettings {
    pub heuristic: Heuristic,
    /// 1 is optimal A*; above 1, weighted A*.
    pub weight: f64,
    pub tie_break: TieBreak,
    /// `None`: the search knows the whole level. `Some(policy)`: it knows only
    /// what is visible from the start within `sight_radius`, and prices every
    /// other cell by `policy`.
    pub unknown: Option<UnknownCellPolicy>,
    /// How far the planner sees from the start, in cells (used with `unknown`).
    pub sight_radius: u32,
    /// A* or the hierarchy.
    pub engine: PicturedEngine,
    /// The hierarchy's cluster side (used with the hierarchy).
    pub cluster_size: usize,
}

impl Default for SearchSettings {
    /// The engine's defaults on the whole level; the config's default sight radius.
    fn default() -> Self {
        let engine = SearchOptions::default();
        Self {
            heuristic: engine.heuristic,
            weight: DEFAULT_HEURISTIC_WEIGHT,
            tie_break: engine.tie_break,
            unknown: None,
            sight_radius: DEFAULT_SIGHT_RADIUS,
            engine: PicturedEngine::AStar,
            cluster_size: HierarchyOptions::default().cluster_size,
        }
    }
}

/// A setting that can be given as a flag or in `--compare`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SettingKey {
    Heuristic,
    Weight,
    TieBreak,
    Unknown,
    Sight,
    Engine,
    Cluster,
}

impl SettingKey {
    pub(crate) const ALL: [SettingKey; 7] = [
        SettingKey::Heuristic,
        SettingKey::Weight,
        SettingKey::TieBreak,
        SettingKey::Unknown,
        SettingKey::Sight,
        SettingKey::Engine,
        SettingKey::Cluster,
    ];

    /// The key as flags and `--compare` spell it (the flag is `--` and this).
    #[must_use]
    pub(crate) const fn name(self) -> &'static str {
        match self {
            SettingKey::Heuristic => "heuristic",
            SettingKey::Weight => "weight",
            SettingKey::TieBreak => "tie-break",
            SettingKey::Unknown => "unknown",
            SettingKey::Sight => "sight",
            SettingKey::Engine => "engine",
            SettingKey::Cluster => "cluster",
        }
    }
}

impl FromStr for SettingKey {
    type Err = ();

    /// A key by name; `_` may stand for `-` (the config's spelling).
    fn from_str(text: &str) -> Result<Self, Self::Err> {
        let wanted = text.trim().to_ascii_lowercase().replace('_', "-");
        Self::ALL
            .into_iter()
            .find(|key| key.name() == wanted)
            .ok_or(())
    }
}

impl SearchSettings {
    /// The defaults with the flags that were given applied, each `(key, value)`
    /// named `--key` in messages.
    ///
    /// # Errors
    /// [`PictureError::BadSetting`] for a value the key does not take,
    /// [`PictureError::SightWithoutFog`] for a sight radius with no fog.
    pub(crate) fn from_flags<'a>(
        flags: impl IntoIterator<Item = (SettingKey, &'a str)>,
    ) -> Result<Self, PictureError> {
        let mut settings = Self::default();
        let mut sight_given = false;
        for (key, value) in flags {
            settings.apply(key, value, &format!("--{}", key.name()))?;
            sight_given |= key == SettingKey::Sight;
        }
        if sight_given && settings.unknown.is_none() {
            return Err(PictureError::SightWithoutFog {
                setting: format!("--{}", SettingKey::Sight.name()),
            });
        }
        settings.check_engine("--")?;
        Ok(settings)
    }

    /// These settings changed by `--compare`'s list, e.g. `heuristic=manhattan,weight=2`.
    ///
    /// # Errors
    /// [`PictureError::BadCompareEntry`] for an entry that is not `KEY=VALUE` with a
    /// known key, and the errors of [`SearchSettings::from_flags`].
    pub(crate) fn with_overrides(&self, list: &str) -> Result<Self, PictureError> {
        let mut settings = *self;
        let mut sight_given = false;
        let entries = list.split(',').map(str::trim).filter(|e| !e.is_empty());
        let mut any = false;
        for entry in entries {
            any = true;
            let bad_entry = || PictureError::BadCompareEntry {
                entry: entry.to_owned(),
            };
            let (key, value) = entry.split_once('=').ok_or_else(bad_entry)?;
            let key: SettingKey = key.parse().map_err(|()| bad_entry())?;
            settings.apply(key, value.trim(), &format!("--compare {}", key.name()))?;
            sight_given |= key == SettingKey::Sight;
        }
        if !any {
            return Err(PictureError::BadCompareEntry {
                entry: list.to_owned(),
            });
        }
        if sight_given && settings.unknown.is_none() {
            return Err(PictureError::SightWithoutFog {
                setting: format!("--compare {}", SettingKey::Sight.name()),
            });
        }
        settings.check_engine("--compare ")?;
        Ok(settings)
    }

    /// The hierarchy runs its own octile searches, and only it has clusters:
    /// A*'s settings with the hierarchy, or a cluster size with A*, are
    /// refused rather than silently ignored (`prefix` is `--` or
    /// `--compare `, for the message).
    fn check_engine(&self, prefix: &str) -> Result<(), PictureError> {
        let astar = Self::default();
        let hierarchy = self.engine == PicturedEngine::Hierarchy;
        let astar_changed = self.heuristic != astar.heuristic
            || self.weight != astar.weight
            || self.tie_break != astar.tie_break;
        if hierarchy && astar_changed {
            return Err(PictureError::EngineSetting {
                setting: format!("{prefix}{}", SettingKey::Engine.name()),
                reason: "the hierarchy runs its own octile searches: heuristic, weight and tie-break apply to engine astar only",
            });
        }
        if !hierarchy && self.cluster_size != astar.cluster_size {
            return Err(PictureError::EngineSetting {
                setting: format!("{prefix}{}", SettingKey::Cluster.name()),
                reason: "a cluster size only applies with engine hierarchy",
            });
        }
        Ok(())
    }

    /// Sets `key` from `value`; `setting` names it in the error.
    fn apply(&mut self, key: SettingKey, value: &str, setting: &str) -> Result<(), PictureError> {
        let bad = |accepted: String| PictureError::BadSetting {
            setting: setting.to_owned(),
            value: value.to_owned(),
            accepted,
        };
        let word = value.trim().to_ascii_lowercase();
        match key {
            SettingKey::Heuristic => {
                self.heuristic = HEURISTIC_NAMES
                    .iter()
                    .find(|(name, _)| *name == word)
                    .map(|(_, heuristic)| *heuristic)
                    .ok_or_else(|| bad(rules::heuristic_accepted()))?;
            }
            SettingKey::Weight => {
                self.weight = word
                    .parse::<f64>()
                    .ok()
                    .filter(|&weight| HEURISTIC_WEIGHT.contains(weight))
                    .ok_or_else(|| bad(HEURISTIC_WEIGHT.accepted()))?;
            }
            SettingKey::TieBreak => {
                let config_spelling = word.replace('-', "_");
                self.tie_break = TIE_BREAK_NAMES
                    .iter()
                    .find(|(name, _)| *name == config_spelling)
                    .map(|(_, tie_break)| *tie_break)
                    .ok_or_else(|| bad(tie_break_accepted()))?;
            }
            SettingKey::Unknown => {
                self.unknown = match word.as_str() {
                    UNKNOWN_OPEN => Some(UnknownCellPolicy::Open),
                    UNKNOWN_BLOCKED => Some(UnknownCellPolicy::Blocked),
                    UNKNOWN_OFF => None,
                    number => Some(UnknownCellPolicy::Cost(
                        number
                            .parse::<f64>()
                            .ok()
                            .filter(|&cost| STEP_COST.contains(cost))
                            .ok_or_else(|| bad(unknown_accepted()))?,
                    )),
                };
            }
            SettingKey::Sight => {
                self.sight_radius = word
                    .parse::<i64>()
                    .ok()
                    .filter(|&radius| SIGHT_RADIUS.contains(radius))
                    .and_then(|radius| u32::try_from(radius).ok())
                    .ok_or_else(|| bad(SIGHT_RADIUS.accepted()))?;
            }
            SettingKey::Engine => {
                self.engine = ENGINE_NAMES
                    .iter()
                    .find(|(name, _)| *name == word)
                    .map(|(_, engine)| *engine)
                    .ok_or_else(|| bad("astar, hierarchy".to_owned()))?;
            }
            SettingKey::Cluster => {
                self.cluster_size = word
                    .parse::<usize>()
                    .ok()
                    .filter(|size| CLUSTER_SIZES.contains(size))
                    .ok_or_else(|| {
                        bad(format!(
                            "whole numbers {} to {}",
                            CLUSTER_SIZES.start(),
                            CLUSTER_SIZES.end()
                        ))
                    })?;
            }
        }
        Ok(())
    }

    /// The engine's options for these settings.
    #[must_use]
    pub(crate) fn search_options(&self) -> SearchOptions {
        SearchOptions {
            heuristic: self.heuristic,
            weight: self.weight,
            tie_break: self.tie_break,
            ..SearchOptions::default()
        }
    }
}

/// Tie-breaks as flags spell them (`larger-g`); the config's `larger_g` is also read.
fn tie_break_accepted() -> String {
    TIE_BREAK_NAMES
        .iter()
        .map(|(name, _)| name.replace('_', "-"))
        .collect::<Vec<_>>()
        .join(", ")
}

/// Accepted `--unknown` values.
fn unknown_accepted() -> String {
    format!(
        "{UNKNOWN_OPEN} (unseen cells cost as floor), {UNKNOWN_BLOCKED} (unseen cells are walls), a cost for every unseen cell ({}), or {UNKNOWN_OFF} (no fog: the whole level is known)",
        STEP_COST.accepted()
    )
}

impl SearchSettings {
    /// How these settings read in a panel's title, in two phrases: the search
    /// (`octile, weight 1, ties larger-g`) and what it knows (`whole level known`,
    /// or `fog: sight 8, unseen open`).
    #[must_use]
    pub(crate) fn phrases(&self) -> [String; 2] {
        let search = match self.engine {
            PicturedEngine::AStar => format!(
                "{}, weight {}, ties {}",
                self.heuristic,
                self.weight,
                rules::tie_break_name(self.tie_break).replace('_', "-")
            ),
            PicturedEngine::Hierarchy => format!("hierarchy, {0}x{0} clusters", self.cluster_size),
        };
        let knowledge = match self.unknown {
            None => "whole level known".to_owned(),
            Some(policy) => format!("fog: sight {}, unseen {policy}", self.sight_radius),
        };
        [search, knowledge]
    }
}

impl fmt::Display for SearchSettings {
    /// The two `SearchSettings::phrases` on one line, joined by `; `.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.phrases().join("; "))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn flags(list: &[(SettingKey, &'static str)]) -> Result<SearchSettings, PictureError> {
        SearchSettings::from_flags(list.iter().copied())
    }

    #[test]
    fn no_flags_give_the_engine_defaults_on_the_whole_level() {
        let settings = flags(&[]).expect("defaults");
        assert_eq!(settings, SearchSettings::default());
        assert_eq!(settings.search_options(), SearchOptions::default());
        assert_eq!(
            settings.to_string(),
            "octile, weight 1, ties larger-g; whole level known"
        );
    }

    #[test]
    fn flags_take_the_config_names_and_limits() {
        let settings = flags(&[
            (SettingKey::Heuristic, "Dijkstra"),
            (SettingKey::Weight, "2.5"),
            (SettingKey::TieBreak, "smaller-g"),
            (SettingKey::Unknown, "3"),
            (SettingKey::Sight, "12"),
        ])
        .expect("valid flags");
        assert_eq!(settings.heuristic, Heuristic::Zero);
        assert_eq!(settings.weight, 2.5);
        assert_eq!(settings.tie_break, TieBreak::SmallerG);
        assert_eq!(settings.unknown, Some(UnknownCellPolicy::Cost(3.0)));
        assert_eq!(settings.sight_radius, 12);
        assert_eq!(
            settings.to_string(),
            "zero, weight 2.5, ties smaller-g; fog: sight 12, unseen cost 3"
        );
        let blocked = flags(&[(SettingKey::Unknown, "blocked")]).expect("valid");
        assert_eq!(blocked.unknown, Some(UnknownCellPolicy::Blocked));
        assert_eq!(blocked.sight_radius, DEFAULT_SIGHT_RADIUS);
    }

    #[test]
    fn bad_values_name_the_flag_and_the_accepted_values() {
        let message = |list| flags(list).expect_err("a bad value").to_string();
        assert_eq!(
            message(&[(SettingKey::Weight, "0.5")]),
            "--weight `0.5` is not allowed; accepted values: 1.0 to 10.0"
        );
        assert_eq!(
            message(&[(SettingKey::TieBreak, "random")]),
            "--tie-break `random` is not allowed; accepted values: larger-g, smaller-g"
        );
        assert!(
            message(&[(SettingKey::Heuristic, "taxicab")])
                .starts_with("--heuristic `taxicab` is not allowed; accepted values: octile,")
        );
        assert!(
            message(&[(SettingKey::Unknown, "-1")]).contains("blocked (unseen cells are walls)")
        );
        assert_eq!(
            message(&[(SettingKey::Unknown, "open"), (SettingKey::Sight, "0")]),
            "--sight `0` is not allowed; accepted values: whole numbers 1 to 40"
        );
        assert!(
            message(&[(SettingKey::Sight, "5")]).starts_with("--sight only applies with --unknown")
        );
    }

    #[test]
    fn compare_overrides_some_settings_and_keeps_the_rest() {
        let base =
            flags(&[(SettingKey::Unknown, "open"), (SettingKey::Sight, "6")]).expect("valid flags");
        let other = base
            .with_overrides("heuristic=manhattan, weight=2")
            .expect("valid list");
        assert_eq!(other.heuristic, Heuristic::Manhattan);
        assert_eq!(other.weight, 2.0);
        assert_eq!(other.unknown, base.unknown);
        assert_eq!(other.sight_radius, 6);
        let whole_level = base.with_overrides("unknown=off").expect("valid list");
        assert_eq!(whole_level.unknown, None);
        let tie = base
            .with_overrides("tie_break=smaller_g")
            .expect("config spelling");
        assert_eq!(tie.tie_break, TieBreak::SmallerG);
    }

    #[test]
    fn the_hierarchy_takes_a_cluster_size_and_refuses_astar_settings() {
        let settings = flags(&[
            (SettingKey::Engine, "hierarchy"),
            (SettingKey::Cluster, "8"),
        ])
        .expect("valid flags");
        assert_eq!(settings.engine, PicturedEngine::Hierarchy);
        assert_eq!(settings.cluster_size, 8);
        assert_eq!(
            settings.to_string(),
            "hierarchy, 8x8 clusters; whole level known"
        );
        let compared = SearchSettings::default()
            .with_overrides("engine=hierarchy")
            .expect("valid list");
        assert_eq!(compared.engine, PicturedEngine::Hierarchy);
        let message = |list| flags(list).expect_err("refused").to_string();
        assert!(
            message(&[(SettingKey::Engine, "hierarchy"), (SettingKey::Weight, "2")])
                .starts_with("--engine: the hierarchy runs its own octile searches")
        );
        assert_eq!(
            message(&[(SettingKey::Cluster, "8")]),
            "--cluster: a cluster size only applies with engine hierarchy"
        );
        assert_eq!(
            message(&[(SettingKey::Engine, "jps")]),
            "--engine `jps` is not allowed; accepted values: astar, hierarchy"
        );
        assert_eq!(
            message(&[
                (SettingKey::Engine, "hierarchy"),
                (SettingKey::Cluster, "3")
            ]),
            "--cluster `3` is not allowed; accepted values: whole numbers 4 to 64"
        );
    }

    #[test]
    fn bad_compare_lists_say_what_a_list_looks_like() {
        let base = SearchSettings::default();
        let message = |list| {
            base.with_overrides(list)
                .expect_err("a bad list")
                .to_string()
        };
        assert!(message("manhattan").starts_with("--compare `manhattan` names no setting;"));
        assert!(message("speed=2").starts_with("--compare `speed=2` names no setting;"));
        assert!(message(" , ").starts_with("--compare ` , ` names no setting;"));
        assert_eq!(
            message("weight=x"),
            "--compare weight `x` is not allowed; accepted values: 1.0 to 10.0"
        );
        assert!(message("sight=4").starts_with("--compare sight only applies with --unknown"));
    }
}
