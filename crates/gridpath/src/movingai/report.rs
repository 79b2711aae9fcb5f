//! What a run of one scenario file found ([`FileReport`]): how many
//! scenarios were optimal, mismatched or illegal, the first failures, and
//! the search time and expansions behind them. Plain data filled in by the
//! runner (`runner.rs`); printing it is the caller's.

use std::path::{Path, PathBuf};
use std::time::Duration;

use super::hierarchy_tally::HierarchyTally;
use super::{LengthPrecision, Verdict};
use crate::Pos;

/// The search a map was checked with.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Engine {
    /// [`AStar`](crate::AStar).
    AStar,
    /// [`Jps`](crate::Jps).
    Jps,
    /// [`HierarchicalSearch`](crate::HierarchicalSearch).
    Hierarchy,
}

impl std::fmt::Display for Engine {
    fn fmt(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        formatter.write_str(match self {
            Self::AStar => "astar",
            Self::Jps => "jps",
            Self::Hierarchy => "hierarchy",
        })
    }
}

/// What went wrong with one scenario.
#[derive(Debug, Clone, PartialEq)]
pub enum Failure {
    /// The checker's verdict was not [`Verdict::Optimal`].
    Verdict(Verdict),
    /// The path is legal and of the listed length, but the engine reported a
    /// different cost for it.
    ReportedCost {
        /// The cost the engine reported.
        reported: f64,
        /// The cost of the path's cells.
        recomputed: f64,
    },
}

impl std::fmt::Display for Failure {
    fn fmt(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Self::Verdict(verdict) => verdict.fmt(formatter),
            Self::ReportedCost {
                reported,
                recomputed,
            } => write!(
                formatter,
                "the engine reported cost {reported}, but the path's cells sum to {recomputed}"
            ),
        }
    }
}

/// One failing scenario, for printing.
#[derive(Debug, Clone, PartialEq)]
pub struct FailedScenario {
    /// Its line in the scenario file.
    pub line: usize,
    /// Where it starts.
    pub start: Pos,
    /// Where it ends.
    pub goal: Pos,
    /// What went wrong.
    pub failure: Failure,
}

/// The outcome of one scenario file.
#[derive(Debug, Clone, PartialEq)]
pub struct FileReport {
    /// The scenario file.
    pub path: PathBuf,
    /// The name of the (first) map its scenarios ran on, without `.map`.
    pub map: String,
    /// The search used on that map.
    pub engine: Option<Engine>,
    /// How exactly the file lists its optimal lengths.
    pub precision: LengthPrecision,
    /// Scenarios searched and judged.
    pub checked: usize,
    /// Of those, the ones answered optimally.
    pub optimal: usize,
    /// Legal paths of the wrong length, missing paths, paths where none
    /// exists, and wrongly reported costs.
    pub mismatched: usize,
    /// Paths that break the movement rules or miss an endpoint.
    pub illegal: usize,
    /// Mismatched legal paths no longer than `weight` x optimal (only counted
    /// when the weight is above 1).
    pub within_weight_bound: usize,
    /// Time spent inside the engine's search, summed over queries.
    pub search_time: Duration,
    /// Cells A* expanded (jump points, for jump point search), summed over
    /// queries.
    pub expanded: u64,
    /// The first failures, in file order (at most
    /// [`MAX_FAILURES_KEPT`](super::MAX_FAILURES_KEPT)).
    pub failures: Vec<FailedScenario>,
    /// What the hierarchy engine adds up (zero for the others).
    pub hierarchy: HierarchyTally,
}

impl FileReport {
    /// An empty report for the scenario file at `path`.
    pub(super) fn new(path: &Path, precision: LengthPrecision) -> Self {
        Self {
            path: path.to_path_buf(),
            map: String::new(),
            engine: None,
            precision,
            checked: 0,
            optimal: 0,
            mismatched: 0,
            illegal: 0,
            within_weight_bound: 0,
            search_time: Duration::ZERO,
            expanded: 0,
            failures: Vec::new(),
            hierarchy: HierarchyTally::default(),
        }
    }

    /// Mean engine time per query, in microseconds.
    #[must_use]
    pub fn micros_per_query(&self) -> f64 {
        if self.checked == 0 {
            return 0.0;
        }
        self.search_time.as_secs_f64() * 1e6 / self.checked as f64
    }

    /// Engine expansions per second of engine time.
    #[must_use]
    pub fn expansions_per_second(&self) -> f64 {
        let seconds = self.search_time.as_secs_f64();
        if seconds == 0.0 {
            return 0.0;
        }
        self.expanded as f64 / seconds
    }
}
