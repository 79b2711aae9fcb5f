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
pub enum TraceEvent {
    /// A cell was put on the open list (first reached, or reached cheaper).
    Open {
        cell: Pos,
        g: f64,
        h: f64,
        f: f64,
        parent: Option<Pos>,
    },
    /// A cell was taken off the open list and expanded.
    Close { cell: Pos },
    /// A time slice ended here (the node budget ran out).
    SliceEnd,
}

/// The latest values the search gave a cell.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct CellValues {
    pub g: f64,
    pub h: f64,
    pub f: f64,
    pub parent: Option<Pos>,
    pub closed: bool,
}

#[derive(Debug, Clone, Default, PartialEq)]
pub struct SearchTrace {
    pub start: Option<Pos>,
    pub goal: Option<Pos>,
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
            TraceEvent::Close { cell } => Some(*cell),
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
                TraceEvent::Close { cell } => {
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
