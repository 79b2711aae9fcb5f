//! What an A* query may ask ([`SearchOptions`]: heuristic, weight,
//! tie-break, turn penalty) and why a query cannot run ([`QueryError`]).
//! Plain data: nothing here searches.

use thiserror::Error;

use crate::grid::Pos;
use crate::heuristic::Heuristic;

/// Which of several cells with equal f is expanded first.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
pub enum TieBreak {
    /// Toward larger g (the cell furthest from the start): heads for the
    /// goal and expands far fewer cells on open ground. The default. Equal-f
    /// cells are taken newest first (a cell reached later is deeper), not by
    /// comparing g: comparing g exactly measured 1.7x slower on the Moving AI
    /// maps for the same number of expansions.
    #[default]
    LargerG,
    /// Prefer the cell nearest the start (smaller g): a broader search.
    SmallerG,
}

/// How a search ranks cells.
#[derive(Debug, Clone, Copy, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct SearchOptions {
    /// The estimate of the cost still to go.
    pub heuristic: Heuristic,
    /// Multiplies the heuristic. 1 is optimal A* (with an admissible
    /// heuristic); above 1 is weighted A*: fewer expansions, and a path that
    /// costs at most `weight` times the optimum.
    pub weight: f64,
    /// Which of two cells with equal f is expanded first.
    pub tie_break: TieBreak,
    /// Added to g for every step whose direction differs from the step that
    /// entered the cell it leaves (the start has no entering step), so paths
    /// with fewer turns rank first. 0 (the default) adds nothing and runs
    /// exactly the search without the option; it must be finite and not
    /// negative.
    ///
    /// A penalty is a bias, not part of the cost: the returned
    /// [`Path::cost`](crate::Path::cost) is what walking the cells costs, without penalties.
    /// It voids the guarantees above: the path may cost more than the
    /// optimum (or than `weight` times it), trading cost for straightness.
    /// Nor is it surely the path with the least cost plus penalties: a
    /// cell is expanded once, from whichever direction reached it cheapest,
    /// as in plain A*, while the penalty depends on that direction. The g
    /// values in a [`SearchTrace`](crate::SearchTrace) include the penalties.
    pub turn_penalty: f64,
}

impl Default for SearchOptions {
    fn default() -> Self {
        Self {
            heuristic: Heuristic::Octile,
            weight: 1.0,
            tie_break: TieBreak::LargerG,
            turn_penalty: 0.0,
        }
    }
}

/// A query the engine cannot run. "No path" is not an error.
#[derive(Debug, Clone, PartialEq, Error)]
pub enum QueryError {
    /// An endpoint lies outside the grid.
    #[error("{which} {pos} is outside the {width}x{height} grid")]
    OutOfBounds {
        /// Which end of the query.
        which: Endpoint,
        /// The cell.
        pos: Pos,
        /// The grid's width.
        width: usize,
        /// The grid's height.
        height: usize,
    },
    /// An endpoint is a wall.
    #[error("{which} {pos} is impassable")]
    Impassable {
        /// Which end of the query.
        which: Endpoint,
        /// The cell.
        pos: Pos,
    },
    /// The heuristic weight is not finite or below 1.
    #[error("heuristic weight {weight} is not allowed: it must be finite and at least 1")]
    BadWeight {
        /// The weight given.
        weight: f64,
    },
    /// The turn penalty is not finite or below 0.
    #[error(
        "turn penalty {penalty} is not allowed: it must be finite and at least 0 (0 turns it off)"
    )]
    BadTurnPenalty {
        /// The penalty given.
        penalty: f64,
    },
}

/// Which end of a query an error is about.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Endpoint {
    /// The start of the query.
    Start,
    /// The goal of the query.
    Goal,
}

impl std::fmt::Display for Endpoint {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Endpoint::Start => "start",
            Endpoint::Goal => "goal",
        })
    }
}
