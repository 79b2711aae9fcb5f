//! Monster AI: each faction plans only on what its members have seen, with
//! influence maps steering it away from where kin died, packs spreading
//! out, a shared field for the hunt and a per-turn node budget shared by
//! priority, so no turn stalls and no monster freezes.
//!
//! - [`monster_turn`]: the monster turn: perception and faction in, an
//!   [`monster_turn::Intent`] out; the game applies it.
//! - [`brain`]: a monster's mind between turns (mode, goal, plan);
//!   [`alert`]: what it knows of where the player is.
//! - [`give_way`]: who gives way to whom (the crowd's swap rules).
//! - [`spots`]: the cells members hold round a common goal, so a pack
//!   spreads (surrounding the player, spreading round a noise).
//! - [`turn_outcome`]: what came of a monster's action, and what its mind
//!   concludes from it.
//! - [`thought`]: why a monster does what it does, in one line.
//! - [`faction`]: one faction's shared mind (knowledge, influences, grid,
//!   shared field, planner, counters), behind methods; the debug overlay
//!   reads it through a [`FactionInspector`].
//! - [`counters`]: what a faction's AI did, named for what it counts.
//! - `byte_field`: per-cell arrays saved as one byte string.
//! - [`knowledge`]: the faction's known-walkability (fog) map.
//! - [`sight`]: monsters' views, cast side by side before their turns.
//! - [`unlearned`]: where a look could still teach the faction anything
//!   (views that cannot are skipped).
//! - [`influence`]: danger, crowding and threat maps.
//! - [`cost_view`]: the engine grid a faction plans on, built from the two.
//! - [`planner`]: budgeted, prioritised, capped individual searches.
//! - [`player_reach`]: the player's way round it, one map of the square
//!   round the player: how soon it could stand next to each cell by its
//!   own walk, or how many steps it needs (a shooter backing off weighs
//!   its way by these).
//! - [`coarse`]: far strolls on the planning grid's coarse graph (its
//!   clusters and their entrances).
//! - [`coarse_plan`]: far goals (hunts, searches, noises from afar)
//!   planned coarse first on the faction's hierarchy, refined near the member.
//! - `request_queue`: the planner's waiting requests, looked up by actor.
//! - [`fog_walk`](mod@fog_walk): a controlled fog-of-war experiment (fog vs omniscient
//!   walker), on the same monster-turn functions.
//!
//! Never reads the true level to plan (sight and bumps are how it learns),
//! and never imports a terminal crate.
pub(crate) mod alert;
pub(crate) mod brain;
mod byte_field;
mod changed_cells;
pub(crate) mod coarse;
pub(crate) mod coarse_plan;
pub(crate) mod cost_view;
pub(crate) mod counters;
pub(crate) mod faction;
pub(crate) mod fog_walk;
pub(crate) mod give_way;
pub(crate) mod influence;
pub(crate) mod knowledge;
pub(crate) mod known_hazards;
pub(crate) mod monster_turn;
pub(crate) mod planner;
pub(crate) mod player_reach;
mod request_queue;
pub(crate) mod sight;
pub(crate) mod spots;
pub(crate) mod thought;
pub(crate) mod turn_outcome;
pub(crate) mod unlearned;

// What the game uses of the AI, named here so `game` never reaches into a
// submodule: the AI can move things between its files without touching it.
pub(crate) use brain::{Brain, Mode};
pub(crate) use cost_view::{CostRules, CostView, Influences, faction_profile};
pub(crate) use counters::FactionCounters;
pub(crate) use faction::{DEATH_DANGER, Faction, Sighting, WOUND_DANGER};
pub(crate) use fog_walk::{FogWalk, fog_walk};
pub(crate) use give_way::{Asker, Body, Bystander};
pub(crate) use knowledge::FactionKnowledge;
pub(crate) use monster_turn::{
    Intent, MemberTurn, Senses, Shooter, far_from_player, is_far_wanderer, look_around,
    mark_presence, stagger_first_stroll, view_radius,
};
pub(crate) use sight::{Sight, ViewRequest, Viewpoint};
pub(crate) use turn_outcome::{Happened, TurnOutcome, conclude};

#[cfg(test)]
mod tests;
