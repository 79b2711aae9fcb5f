//! What a faction's AI did, counted honestly and named for what it counts.
//! `fogcrawl sim --json` prints each under its own name (each faction's
//! report flattens them, `game::sim`); docs/SIM.md documents each field.

use serde::{Deserialize, Serialize};

/// Why a member asked for a new plan while it had one (or had followed one).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum ReplanReason {
    /// The goal moved further than the plan tolerates.
    GoalMoved,
    /// A cell ahead on the plan is now known to be blocked, or a step
    /// bumped into something.
    Blocked,
    /// The cells ahead turned out dearer than planned by more than the
    /// faction's `replan_margin`.
    CostSurprise,
    /// Newly seen ground may offer a route cheaper by the margin.
    CheaperRoute,
    /// Stood behind packmates too long: plans round them.
    Stalled,
}

/// Replans by reason.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct ReplanCounts {
    pub goal_moved: u64,
    pub blocked: u64,
    pub cost_surprise: u64,
    pub cheaper_route: u64,
    pub stalled: u64,
}

impl ReplanCounts {
    pub(crate) fn add(&mut self, reason: ReplanReason) {
        match reason {
            ReplanReason::GoalMoved => self.goal_moved += 1,
            ReplanReason::Blocked => self.blocked += 1,
            ReplanReason::CostSurprise => self.cost_surprise += 1,
            ReplanReason::CheaperRoute => self.cheaper_route += 1,
            ReplanReason::Stalled => self.stalled += 1,
        }
    }

    pub fn total(&self) -> u64 {
        self.goal_moved + self.blocked + self.cost_surprise + self.cheaper_route + self.stalled
    }
}

/// Counters of one faction over a game.
#[derive(Debug, Clone, Copy, Default, PartialEq, Serialize, Deserialize)]
pub struct FactionCounters {
    /// Shared fields started from a new target (the player's last known
    /// position): each serves every member pursuing that target.
    pub shared_fields: u64,
    /// Cells the shared fields settled (the fields' share of the budget).
    pub field_expanded: u64,
    /// Plans a member started to follow that crossed a cell its faction
    /// held as blocked when it started following them.
    pub stale_plans: u64,
    /// Attempted steps into a cell (or past a corner) the faction held as
    /// blocked at the time.
    pub known_blocked_bumps: u64,
    /// Attempted steps into a never-seen cell that turned out blocked.
    pub unknown_bumps: u64,
    /// Attempted steps into a cell believed walkable that had changed since
    /// it was seen (a door closed, say).
    pub changed_terrain_bumps: u64,
    /// The most consecutive own turns any member with a goal more than two
    /// cells away ended on the same cell without attacking or working a door.
    pub longest_stall: u32,
    pub replans: ReplanCounts,
    /// Cells whose walkability the unknown-cell policy guessed wrong, found
    /// out by sight or by a bump.
    pub wrong_guesses: u64,
    /// Steps members took.
    pub steps: u64,
    /// Views members cast into the faction's knowledge.
    #[serde(default)]
    pub views_cast: u64,
    /// Looks not cast because they could teach the faction nothing: a
    /// packmate already looked from that cell, or every cell in reach is
    /// known as it is.
    #[serde(default)]
    pub views_skipped: u64,
    /// Player turn on which a member first struck at the player.
    pub caught_on_turn: Option<u64>,
    /// Plans members asked for toward a goal more than
    /// `coarse_plan::FAR_GOAL` cells away: the player hunted from afar,
    /// its last known position searched, a noise or a shout (strolls are
    /// not counted).
    #[serde(
        default,
        deserialize_with = "crate::save_version::since_format::<5, _, _>"
    )]
    pub far_plans: u64,
    /// Far goals given up for want of a plan: the planner's turn limit
    /// ran out, or the member tired of waiting for it.
    #[serde(
        default,
        deserialize_with = "crate::save_version::since_format::<5, _, _>"
    )]
    pub far_given_up: u64,
    /// Far plans answered coarse first (`crate::ai::coarse_plan`): a
    /// stretch to walk.
    #[serde(
        default,
        deserialize_with = "crate::save_version::since_format::<5, _, _>"
    )]
    pub coarse_plans: u64,
    /// What far plans expanded, answered or not: coarse nodes, cells
    /// joining their ends to the coarse graph and refining the stretch,
    /// and cells settled pricing the clusters they reached.
    #[serde(
        default,
        deserialize_with = "crate::save_version::since_format::<5, _, _>"
    )]
    pub coarse_expanded: u64,
    /// What the repairs of the faction's hierarchy before far plans did:
    /// changed cells read, and priced clusters among them left to be
    /// priced again when a search next reaches them.
    #[serde(
        default,
        deserialize_with = "crate::save_version::since_format::<5, _, _>"
    )]
    pub coarse_cells_repaired: u64,
    #[serde(
        default,
        deserialize_with = "crate::save_version::since_format::<5, _, _>"
    )]
    pub coarse_clusters_unpriced: u64,
}
