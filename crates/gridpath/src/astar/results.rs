//! What a search gives back: how a `step` ended ([`SearchStatus`]) and what
//! it counted ([`SearchStats`]); and how a finished search turns its
//! records into the path's cells and cost.

use super::AStar;
use crate::grid::{Grid, Pos};
use crate::node_records::PARENT_MASK;
use crate::path::Path;
use crate::smoothing::path_cost;

/// What one `step` of a search ended with.
#[derive(Debug, Clone, PartialEq)]
pub enum SearchStatus {
    /// The goal was reached; the search is over.
    Found(Path),
    /// Every reachable cell was expanded without reaching the goal, or no
    /// search is running; the search is over.
    NoPath,
    /// The node budget ran out; call `step` again to go on.
    Pending,
}

/// Counters for the current (or last) search.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct SearchStats {
    /// Cells expanded (closed).
    pub expanded: u64,
    /// Entries put on the open list or the equal-f stack.
    pub pushed: u64,
    /// `step` calls that did work.
    pub slices: u32,
    /// The grid changed under a paused search near the cells it had
    /// reached, so it started over.
    pub restarts: u32,
    /// The grid changed under a paused search only away from the cells it
    /// had reached, so it went on where it stopped.
    pub resumed_after_changes: u32,
    /// Answered "no path" from the islands, without a search.
    pub rejected_by_islands: bool,
}

impl AStar {
    /// Walks parent directions back from the goal.
    pub(super) fn reconstruct(&self, grid: &Grid, cells: &mut Vec<Pos>) {
        cells.clear();
        let Some(query) = self.query else {
            return;
        };
        let offsets = grid.offsets();
        let mut cell = query.goal;
        cells.push(query.goal_pos);
        while cell != query.start {
            let direction = (self.nodes[cell].tag & PARENT_MASK) as usize;
            cell = cell.wrapping_add_signed(-offsets[direction]);
            cells.push(grid.pos_of(cell));
        }
        cells.reverse();
    }

    /// What walking the found `cells` costs. Without a turn penalty that is
    /// the goal's g, summed step by step in the same order [`path_cost`]
    /// sums; with one, g also holds the penalties and the cells are priced
    /// again.
    pub(super) fn walking_cost(&self, grid: &Grid, cells: &[Pos], g: f64) -> f64 {
        if self.query.is_none_or(|q| q.options.turn_penalty <= 0.0) {
            return g;
        }
        let cost = path_cost(grid, cells);
        // Always legal: each step is a move the search took from a mask.
        debug_assert!(cost.is_some(), "a found path has an illegal step");
        cost.unwrap_or(g)
    }
}
