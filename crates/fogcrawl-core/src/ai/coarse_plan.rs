//! Far goals: a player hunted from afar, the last known position searched,
//! a noise or a shout heard from far off. Counted for now (`far_plans`,
//! `far_given_up` in `sim --json`); planned by the faction's planner as
//! near ones are.

use crate::ai::coarse::CLUSTER_SIZE;

/// A goal further than this (Chebyshev, in cells) from the member is far:
/// two clusters. Nearer, the hierarchy's own query answers with one fine
/// search in a box round both ends, as the coarse graph would only add
/// detours through entrances there; further, a fine search's cost grows
/// with the area between the ends, a coarse one's with the clusters along
/// the way.
pub(crate) const FAR_GOAL: i32 = 2 * CLUSTER_SIZE as i32;
