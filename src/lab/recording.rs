//! One search as the lab plays it back: the engine's trace of every open
//! and close, indexed so any point of it can be shown at once. Stepping
//! forward or back only moves a cursor (how many expansions are shown);
//! nothing is searched again.
//!
//! With `k` expansions shown, the screen shows every event before the
//! `k+1`-th expansion: the `k`-th cell closed and the cells it opened (the
//! overlay's replay stops at the same place).

use std::collections::{HashMap, HashSet};
use std::time::Duration;

use gridpath::{CellValues, Path, Pos, SearchTrace, TraceEvent};

use super::pricing::Priced;
use super::setup::SearchSetup;

/// How a recorded search ended.
#[derive(Debug, Clone, PartialEq)]
pub enum Ending {
    /// It reached the goal.
    Found(Path),
    /// It ran out of cells: no path in what the searcher believed.
    NoPath,
    /// It could not run, and why (JPS on mixed costs, a walled end...).
    Refused(String),
    /// It stopped at its node limit (IDA*) without an answer.
    GaveUp,
}

/// A cell's values as the search left them at some point.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Shown {
    pub values: CellValues,
    /// Whether it was expanded by then.
    pub closed: bool,
}

/// A whole search, recorded.
pub struct Recording {
    pub setup: SearchSetup,
    pub ending: Ending,
    pub trace: SearchTrace,
    /// The priced grid the search ran on (the inspector reads it).
    pub priced: Option<Priced>,
    /// Event index of each expansion, in order.
    closes: Vec<usize>,
    /// Each touched cell's (event index, values) whenever it was opened or
    /// re-priced, in order.
    history: HashMap<Pos, Vec<(usize, CellValues)>>,
    /// Each expanded cell's first expansion number (0 first).
    closed_at: HashMap<Pos, usize>,
    /// Expansions done when each slice but the last ended (a budget ran out).
    pub slice_ends: Vec<usize>,
    /// Cells the backward half of a bidirectional search reached.
    pub backward: HashSet<Pos>,
    /// The same search untraced, best of a few runs.
    pub time: Duration,
    /// The drawing's version the search ran on.
    pub drawing_version: u64,
}

impl Recording {
    /// Indexes `trace`.
    pub(crate) fn new(
        setup: SearchSetup,
        ending: Ending,
        trace: SearchTrace,
        priced: Option<Priced>,
        time: Duration,
        drawing_version: u64,
    ) -> Self {
        let mut closes = Vec::new();
        let mut history: HashMap<Pos, Vec<(usize, CellValues)>> = HashMap::new();
        let mut closed_at = HashMap::new();
        let mut slice_ends = Vec::new();
        for (index, event) in trace.events.iter().enumerate() {
            match *event {
                TraceEvent::Open {
                    cell,
                    g,
                    h,
                    f,
                    parent,
                } => history.entry(cell).or_default().push((
                    index,
                    CellValues {
                        g,
                        h,
                        f,
                        parent,
                        closed: false,
                    },
                )),
                TraceEvent::Close { cell, .. } => {
                    closed_at.entry(cell).or_insert(closes.len());
                    closes.push(index);
                }
                TraceEvent::SliceEnd => slice_ends.push(closes.len()),
            }
        }
        Self {
            setup,
            ending,
            trace,
            priced,
            closes,
            history,
            closed_at,
            slice_ends,
            backward: HashSet::new(),
            time,
            drawing_version,
        }
    }

    /// A search that could not run.
    pub(crate) fn refused(setup: SearchSetup, why: String, drawing_version: u64) -> Self {
        Self::new(
            setup,
            Ending::Refused(why),
            SearchTrace::default(),
            None,
            Duration::ZERO,
            drawing_version,
        )
    }

    /// How many expansions the search made.
    pub(crate) fn expansions(&self) -> usize {
        self.closes.len()
    }

    /// The events shown with `shown` expansions.
    fn upto(&self, shown: usize) -> usize {
        self.closes
            .get(shown)
            .copied()
            .unwrap_or(self.trace.events.len())
    }

    /// `pos` as the search left it with `shown` expansions shown.
    pub fn at(&self, pos: Pos, shown: usize) -> Option<Shown> {
        let end = self.upto(shown);
        let history = self.history.get(&pos)?;
        let before = history.partition_point(|&(index, _)| index < end);
        let (_, values) = *history.get(before.checked_sub(1)?)?;
        let closed = self.closed_at.get(&pos).is_some_and(|&n| n < shown);
        Some(Shown {
            values: CellValues { closed, ..values },
            closed,
        })
    }

    /// The cell of the `shown`-th expansion (the last one shown).
    pub(crate) fn last_expanded(&self, shown: usize) -> Option<Pos> {
        let index = *self.closes.get(shown.checked_sub(1)?)?;
        match self.trace.events.get(index) {
            Some(TraceEvent::Close { cell, .. }) => Some(*cell),
            _ => None,
        }
    }

    /// Open cells (reached, not expanded) with `shown` expansions shown.
    pub(crate) fn open_count(&self, shown: usize) -> usize {
        let end = self.upto(shown);
        self.history
            .iter()
            .filter(|(pos, history)| {
                history.first().is_some_and(|&(index, _)| index < end)
                    && self.closed_at.get(pos).is_none_or(|&n| n >= shown)
            })
            .count()
    }

    /// Whether the whole search is shown (its path then is).
    pub(crate) fn is_done(&self, shown: usize) -> bool {
        shown >= self.expansions()
    }

    /// The path found, if any.
    pub fn path(&self) -> Option<&Path> {
        match &self.ending {
            Ending::Found(path) => Some(path),
            _ => None,
        }
    }

    /// The slice (from 1) that `shown` expansions fall in, and how many.
    pub(crate) fn slice_of(&self, shown: usize) -> (usize, usize) {
        let done = self.slice_ends.iter().filter(|&&end| end < shown).count();
        (done + 1, self.slice_ends.len() + 1)
    }

    /// The next pause after `shown` expansions: the end of the slice it is
    /// in (or the end of the search).
    pub(crate) fn next_pause(&self, shown: usize) -> usize {
        self.slice_ends
            .iter()
            .copied()
            .find(|&end| end > shown)
            .unwrap_or(self.expansions())
    }

    /// The path's cells, each with the cell before it on the path (the
    /// start with none); empty without a path.
    pub(crate) fn path_cells(&self) -> HashMap<Pos, Option<Pos>> {
        let Some(path) = self.path() else {
            return HashMap::new();
        };
        let mut cells = HashMap::new();
        let mut previous = None;
        for &cell in &path.cells {
            cells.entry(cell).or_insert(previous);
            previous = Some(cell);
        }
        cells
    }

    /// The figures a panel prints: expanded, cost, length, time.
    pub(crate) fn figures(&self) -> Vec<String> {
        let mut figures = vec![format!("expanded {}", self.expansions())];
        match &self.ending {
            Ending::Found(path) => {
                figures.push(format!("cost {:.2}", path.cost));
                figures.push(format!("length {}", path.cells.len().saturating_sub(1)));
            }
            Ending::NoPath => figures.push("no path".to_owned()),
            Ending::Refused(_) => figures.push("refused".to_owned()),
            Ending::GaveUp => figures.push("gave up".to_owned()),
        }
        figures.push(format_time(self.time));
        figures
    }
}

/// A duration in microseconds, as `fogcrawl trace` prints it.
pub(crate) fn format_time(time: Duration) -> String {
    let micros = time.as_secs_f64() * 1e6;
    if micros < 10.0 {
        format!("{micros:.1} µs")
    } else {
        format!("{micros:.0} µs")
    }
}
