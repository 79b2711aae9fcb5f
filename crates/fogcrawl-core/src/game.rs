//! The game: levels in a run, actors on an energy clock where time is
//! terrain, combat, monsters that hunt with the pathfinding engine, saves,
//! and the headless simulation. The player's side: items and their rules
//! ([`items`]), slow healing ([`regeneration`]), the many-turn commands
//! explore, travel and rest ([`activity`]) over the player's own map
//! ([`player_map`]), the scripted players ([`autopilot`], and for `sim`
//! [`evader`] and [`stander`]) and the balance
//! measure over many seeded runs ([`balance`]). What the tools (caltrops,
//! smoke, the wand, the lure) left on the level: [`tools`]. The end of a run: its
//! summary ([`run_summary`]), the high-score table ([`scores`]), both
//! written when a run ends ([`run_record`]).
//!
//! Never imports ratatui or crossterm: the UI reads this state, and `sim`
//! runs it with no terminal at all.
pub(crate) mod action;
pub(crate) mod activity;
pub(crate) mod actor;
pub(crate) mod autofight;
pub(crate) mod autopilot;
pub(crate) mod awareness;
pub(crate) mod balance;
pub(crate) mod behaviour;
pub(crate) mod calendar;
pub(crate) mod clock;
pub(crate) mod combat;
pub(crate) mod direction;
pub(crate) mod evader;
pub(crate) mod experience;
pub(crate) mod game_error;
pub(crate) mod gear;
pub(crate) mod items;
pub(crate) mod level_history;
pub(crate) mod message_log;
pub(crate) mod monster_action;
pub(crate) mod monster_kind;
pub(crate) mod navigation;
mod occupancy;
pub(crate) mod pack_counters;
pub(crate) mod percentiles;
pub(crate) mod player_map;
pub(crate) mod recording;
pub(crate) mod regeneration;
pub(crate) mod run_record;
pub(crate) mod run_summary;
pub(crate) mod save;
pub(crate) mod scores;
pub(crate) mod search_shown;
pub(crate) mod setup;
pub(crate) mod sim;
pub(crate) mod sim_report;
pub(crate) mod stander;
pub(crate) mod state;
pub(crate) mod stealth;
pub(crate) mod step_risk;
mod terrain_changes;
#[cfg(any(test, feature = "test-support"))]
pub(crate) mod test_levels;
pub(crate) mod threat;
pub(crate) mod tools;
pub(crate) mod turn_guard;

pub(crate) use action::Action;
pub(crate) use state::Outcome;
// Short paths for the tests (and `test_levels`), which name these often.
#[cfg(test)]
pub(crate) use {direction::Direction, state::Refusal};
#[cfg(any(test, feature = "test-support"))]
pub(crate) use {setup::GameSetup, state::Game};
