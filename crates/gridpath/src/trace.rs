//! A record of one search, for the debug overlay: every cell opened (with its
//! g, h and f) and closed, in order, and where each time slice ended.
//!
//! Recording is switched on per search space (`AStar::set_tracing`); when it
//! is off the search loop is compiled without it. Reading a trace never
//! changes a search.

use std::collections::HashMap;

use crate::grid::Pos;

/// One thing the search did, in the order it did it.
#[derive(Debug, Clone, Copy, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum TraceEvent {
    /// A cell was put on the open list (first reached, or reached cheaper).
    Open {
        /// The cell.
        cell: Pos,
        /// The cost of the best known route from the start.
        g: f64,
        /// The heuristic's estimate to the goal.
        h: f64,
        /// What the open list ranks by: g plus the weighted h.
        f: f64,
        /// The cell the best known route comes from (`None` at the start).
        parent: Option<Pos>,
    },
    /// A cell was taken off the open list and expanded.
    Close {
        /// The cell.
        cell: Pos,
        /// What entering the cell cost the search, per unit of step
        /// length (a diagonal step paid `SQRT_2` times it): the price it
        /// was reached at, a request's own price included. Kept because
        /// the grid's prices may change while a paused search goes on,
        /// and a reader asked later would otherwise see today's. `None`
        /// in a trace read back with serde, which does not write it (a
        /// saved trace keeps the shape it had).
        #[cfg_attr(feature = "serde", serde(skip))]
        cost: Option<f64>,
    },
    /// A time slice ended here (the node budget ran out).
    SliceEnd,
}

/// The latest values the search gave a cell.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct CellValues {
    /// The cost of the best known route from the start.
    pub g: f64,
    /// The heuristic's estimate to the goal.
    pub h: f64,
    /// What the open list ranks by: g plus the weighted h.
    pub f: f64,
    /// The cell the best known route comes from (`None` at the start).
    pub parent: Option<Pos>,
    /// Whether the cell was expanded.
    pub closed: bool,
}

/// Everything one traced search did: its endpoints and its events, in order (see [`SearchTrace::cell_values`]).
#[derive(Debug, Clone, Default, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct SearchTrace {
    /// The start.
    pub start: Option<Pos>,
    /// The goal.
    pub goal: Option<Pos>,
    /// What the search did, in order.
    pub events: Vec<TraceEvent>,
}

impl SearchTrace {
    pub(crate) fn reset(&mut self, start: Pos, goal: Pos) {
        self.start = Some(start);
        self.goal = Some(goal);
        self.events.clear();
    }

    /// Cells expanded, in expansion order.
    pub fn closed_cells(&self) -> impl Iterator<Item = Pos> + '_ {
        self.events.iter().filter_map(|e| match e {
            TraceEvent::Close { cell, .. } => Some(*cell),
            _ => None,
        })
    }

    /// How many time slices the search took (1 if it was never paused).
    pub fn slices(&self) -> usize {
        1 + self
            .events
            .iter()
            .filter(|e| matches!(e, TraceEvent::SliceEnd))
            .count()
    }

    /// Every touched cell's latest values, after the first `upto` events
    /// (all of them when `upto` is `None`): the state a replay shows.
    pub fn cell_values(&self, upto: Option<usize>) -> HashMap<Pos, CellValues> {
        let end = upto.unwrap_or(self.events.len()).min(self.events.len());
        let mut cells = HashMap::new();
        for event in &self.events[..end] {
            match *event {
                TraceEvent::Open {
                    cell,
                    g,
                    h,
                    f,
                    parent,
                } => {
                    cells.insert(
                        cell,
                        CellValues {
                            g,
                            h,
                            f,
                            parent,
                            closed: false,
                        },
                    );
                }
                TraceEvent::Close { cell, .. } => {
                    if let Some(values) = cells.get_mut(&cell) {
                        values.closed = true;
                    }
                }
                TraceEvent::SliceEnd => {}
            }
        }
        cells
    }

    /// The open frontier: touched cells not yet expanded.
    pub fn open_cells(&self) -> Vec<Pos> {
        let mut open: Vec<Pos> = self
            .cell_values(None)
            .into_iter()
            .filter(|(_, v)| !v.closed)
            .map(|(p, _)| p)
            .collect();
        open.sort_unstable_by_key(|p| (p.y, p.x));
        open
    }
}
