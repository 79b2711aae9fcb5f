//! Monster AI: each faction plans only on what its members have seen, with
//! influence maps steering it away from where kin died, packs spreading
//! out, and a shared per-turn node budget so no turn stalls.
//!
//! - [`cell_grid`]: row-major indexing shared by the per-cell maps.
//! - [`knowledge`]: the faction's known-walkability (fog) map.
//! - [`influence`]: danger, crowding and threat maps that decay over time.
//! - [`cost_view`]: the engine grid a faction plans on, built from the two.
//! - [`planner`]: time-sliced, budgeted, fair search queue.
//! - [`faction`]: one faction's shared state and statistics.
//! - [`fog_walk`]: a controlled fog-of-war experiment (fog vs omniscient walker).
//!
//! Never reads the true level to plan, and never imports a terminal crate.
pub mod cell_grid;
pub mod cost_view;
pub mod faction;
pub mod fog_walk;
pub mod influence;
pub mod knowledge;
pub mod planner;
