//! Monster AI: each faction plans only on what its members have seen, with
//! influence maps steering it away from where kin died, packs spreading
//! out, a shared field for the hunt and a per-turn node budget shared by
//! priority, so no turn stalls and no monster freezes.
//!
//! - [`monster_turn`]: the monster turn: perception and faction in, an
//!   [`monster_turn::Intent`] out; the game applies it.
//! - [`brain`]: a monster's mind between turns (mode, goal, plan).
//! - [`thought`]: why a monster does what it does, in one line.
//! - [`faction`]: one faction's shared mind (knowledge, influences, grid,
//!   shared field, planner, counters), behind methods.
//! - [`counters`]: what a faction's AI did, named for what it counts.
//! - [`cell_grid`]: row-major indexing shared by the per-cell maps.
//! - `byte_field`: per-cell arrays saved as one byte string.
//! - [`knowledge`]: the faction's known-walkability (fog) map.
//! - [`influence`]: danger, crowding and threat maps.
//! - [`cost_view`]: the engine grid a faction plans on, built from the two.
//! - [`planner`]: budgeted, prioritised, capped individual searches.
//! - [`fog_walk`]: a controlled fog-of-war experiment (fog vs omniscient
//!   walker), on the same monster-turn functions.
//!
//! Never reads the true level to plan (sight and bumps are how it learns),
//! and never imports a terminal crate.
pub mod brain;
mod byte_field;
pub mod cell_grid;
pub mod cost_view;
pub mod counters;
pub mod faction;
pub mod fog_walk;
pub mod influence;
pub mod knowledge;
pub mod monster_turn;
pub mod planner;
pub mod thought;
