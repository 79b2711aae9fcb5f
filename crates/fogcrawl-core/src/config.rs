//! The monster config, `levels/monsters.toml`: how each faction plans, senses and
//! moves, and the kinds of monster that belong to it. Read, checked, and hot-reloaded.
//!
//! Map of the module:
//! - [`schema`]: the validated types the AI reads ([`MonsterConfig`], [`FactionConfig`], ...).
//! - [`load`]: finding ([`default_config_source`]: a file or the built-in config) and
//!   reading the file
//!   ([`MonsterConfig::load`], [`MonsterConfig::parse`]).
//! - `raw` (private): the file as written, with every value's position; `validate`
//!   (private): ranges, names and cross references; [`rules`]: each field's accepted
//!   values and default.
//! - [`config_error`]: [`ConfigError`], whose message names file, line, column, field
//!   and accepted values (its field paths from the crate's `key_path`).
//! - [`changes`]: [`describe_changes`] for the message log; [`watch`]: [`ConfigWatcher`];
//!   [`reloader`]: [`ConfigReloader`], hot reload's "keep the last good config" policy.
//!
//! Every field is documented in `levels/MONSTERS.md` and in the shipped file itself.
//! This module must never import a terminal library nor know how the AI uses a value.
//!
//! ```
//! use std::path::Path;
//! use fogcrawl_core::MonsterConfig;
//!
//! let text = r#"
//! [factions.goblins]
//! weight = 1.5
//!
//! [[monsters]]
//! name = "goblin"
//! faction = "goblins"
//! letter = "g"
//! hp = 7
//! damage = [1, 3]
//! accuracy = 70
//! "#;
//! let config = MonsterConfig::parse(Path::new("monsters.toml"), text).expect("valid");
//! assert_eq!(config.faction("goblins").map(|f| f.weight), Some(1.5));
//!
//! let error = MonsterConfig::parse(Path::new("monsters.toml"), &text.replace("1.5", "0.5"))
//!     .expect_err("weight below 1");
//! assert_eq!(
//!     error.to_string(),
//!     "monsters.toml:3:10: factions.goblins.weight: 0.5 is out of range; accepted values: 1.0 to 10.0"
//! );
//! ```

pub(crate) mod changes;
pub(crate) mod config_error;
pub(crate) mod load;
mod raw;
pub(crate) mod reloader;
pub mod rules;
pub(crate) mod schema;
mod validate;
pub(crate) mod watch;

pub(crate) use config_error::ConfigError;
pub(crate) use load::{ConfigSource, SHIPPED_CONFIG};
pub(crate) use schema::{FactionConfig, MonsterConfig, MonsterKindConfig, UnknownCellPolicy};

#[cfg(test)]
mod tests;
