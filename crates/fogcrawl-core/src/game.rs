//! The game: levels in a run, actors on an energy clock where time is
//! terrain, combat, monsters that hunt with the pathfinding engine, saves,
//! and the headless simulation. The player's side: items and their rules
//! ([`items`]), slow healing ([`regeneration`]), the many-turn commands
//! explore, travel and rest ([`activity`]) over the player's own map
//! ([`player_map`]), the scripted player ([`autopilot`]) and the balance
//! measure over many seeded runs ([`balance`]). What the tools (caltrops,
//! smoke, the wand, the lure) left on the level: [`tools`]. The end of a run: its
//! summary ([`run_summary`]), the high-score table ([`scores`]), both
//! written when a run ends ([`run_record`]).
//!
//! Never imports ratatui or crossterm: the UI reads this state, and `sim`
//! runs it with no terminal at all.
pub mod action;
pub mod activity;
pub mod actor;
pub mod autofight;
pub mod autopilot;
pub mod awareness;
pub mod balance;
pub mod behaviour;
pub mod calendar;
pub mod clock;
pub mod combat;
pub mod direction;
pub mod evader;
pub mod experience;
pub mod gear;
pub mod items;
pub mod level_history;
pub mod message_log;
pub mod monster_action;
pub mod monster_kind;
pub mod navigation;
mod occupancy;
pub mod pack_counters;
pub mod player_map;
pub mod recording;
pub mod regeneration;
pub mod run_record;
pub mod run_summary;
pub mod save;
pub mod scores;
pub mod search_shown;
pub mod setup;
pub mod sim;
pub mod sim_report;
pub mod state;
pub mod stealth;
pub mod step_risk;
mod terrain_changes;
#[cfg(any(test, feature = "test-support"))]
pub mod test_levels;
pub mod threat;
pub mod tools;
pub mod turn_guard;

pub use action::Action;
pub use direction::Direction;
pub use setup::GameSetup;
pub use state::{Game, GameError, Outcome, Refusal};
