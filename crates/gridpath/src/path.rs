//! A found path ([`Path`]): what every search here returns (A*, jump
//! points, the teaching searches, the straight lines of smoothing). Its own
//! file because all of them, and smoothing, read it.

use crate::grid::Pos;

/// A found path: its cells from start to goal (both included) and what
/// walking them costs (step lengths times entered cell costs, as
/// [`path_cost`](crate::path_cost) counts them; never including turn penalties).
#[derive(Debug, Clone, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Path {
    /// The cells from start to goal, both included.
    pub cells: Vec<Pos>,
    /// What walking the cells costs.
    pub cost: f64,
}
