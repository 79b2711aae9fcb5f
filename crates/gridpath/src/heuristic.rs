//! Distance estimates for A*: how far a cell is from the goal, at best.
//!
//! A heuristic is *admissible* when it never overestimates the true cheapest
//! cost; A* with an admissible heuristic returns optimal paths. Every estimate
//! here is multiplied by the grid's cheapest cell cost, so terrain cheaper
//! than 1 (roads) keeps it admissible. On an 8-connected grid octile,
//! euclidean, chebyshev and zero are admissible and manhattan is not; on a
//! 4-connected grid all five are.

use std::fmt;
use std::str::FromStr;

use thiserror::Error;

use crate::grid::{Diagonals, Movement};

/// Which distance estimate A* uses.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "lowercase"))]
pub enum Heuristic {
    /// Straight and diagonal moves: `max - min + sqrt2 * min`. Exact on an
    /// empty 8-connected grid; the default.
    #[default]
    Octile,
    /// `dx + dy`: exact on an empty 4-connected grid, inadmissible with
    /// diagonals.
    Manhattan,
    /// Straight-line distance.
    Euclidean,
    /// `max(dx, dy)`: diagonals priced like straight moves.
    Chebyshev,
    /// Always 0: A* becomes Dijkstra's algorithm.
    #[cfg_attr(feature = "serde", serde(alias = "dijkstra"))]
    Zero,
}

impl Heuristic {
    /// Every heuristic, in the order `--help` lists them.
    pub const ALL: [Heuristic; 5] = [
        Heuristic::Octile,
        Heuristic::Manhattan,
        Heuristic::Euclidean,
        Heuristic::Chebyshev,
        Heuristic::Zero,
    ];

    /// The estimate for a goal `dx` columns and `dy` rows away, for unit costs.
    pub fn estimate(self, dx: f64, dy: f64) -> f64 {
        let (dx, dy) = (dx.abs(), dy.abs());
        match self {
            Heuristic::Octile => Octile::estimate(dx, dy),
            Heuristic::Manhattan => Manhattan::estimate(dx, dy),
            Heuristic::Euclidean => Euclidean::estimate(dx, dy),
            Heuristic::Chebyshev => Chebyshev::estimate(dx, dy),
            Heuristic::Zero => Zero::estimate(dx, dy),
        }
    }

    /// Whether A* with this heuristic (weight 1) is optimal under `movement`.
    pub fn is_admissible_for(self, movement: Movement) -> bool {
        self != Heuristic::Manhattan || movement.diagonals == Diagonals::Never
    }

    /// The heuristic's name as written on the command line and in configs.
    pub fn name(self) -> &'static str {
        match self {
            Heuristic::Octile => "octile",
            Heuristic::Manhattan => "manhattan",
            Heuristic::Euclidean => "euclidean",
            Heuristic::Chebyshev => "chebyshev",
            Heuristic::Zero => "zero",
        }
    }
}

impl fmt::Display for Heuristic {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A heuristic name that names none (holds the name as given).
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error(
    "unknown heuristic '{0}': expected octile, manhattan, euclidean, chebyshev, zero or dijkstra"
)]
pub struct UnknownHeuristic(pub String);

impl FromStr for Heuristic {
    type Err = UnknownHeuristic;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s.to_ascii_lowercase().as_str() {
            "octile" => Ok(Heuristic::Octile),
            "manhattan" => Ok(Heuristic::Manhattan),
            "euclidean" => Ok(Heuristic::Euclidean),
            "chebyshev" => Ok(Heuristic::Chebyshev),
            "zero" | "dijkstra" => Ok(Heuristic::Zero),
            _ => Err(UnknownHeuristic(s.to_owned())),
        }
    }
}

/// A heuristic as a type, so the search loop is compiled once per heuristic
/// with the estimate inlined. `dx` and `dy` are non-negative.
pub(crate) trait Estimate {
    fn estimate(dx: f64, dy: f64) -> f64;
}

pub(crate) struct Octile;
pub(crate) struct Manhattan;
pub(crate) struct Euclidean;
pub(crate) struct Chebyshev;
pub(crate) struct Zero;

impl Estimate for Octile {
    #[inline(always)]
    fn estimate(dx: f64, dy: f64) -> f64 {
        let (low, high) = if dx < dy { (dx, dy) } else { (dy, dx) };
        (high - low) + std::f64::consts::SQRT_2 * low
    }
}

impl Estimate for Manhattan {
    #[inline(always)]
    fn estimate(dx: f64, dy: f64) -> f64 {
        dx + dy
    }
}

impl Estimate for Euclidean {
    #[inline(always)]
    fn estimate(dx: f64, dy: f64) -> f64 {
        (dx * dx + dy * dy).sqrt()
    }
}

impl Estimate for Chebyshev {
    #[inline(always)]
    fn estimate(dx: f64, dy: f64) -> f64 {
        dx.max(dy)
    }
}

impl Estimate for Zero {
    #[inline(always)]
    fn estimate(_dx: f64, _dy: f64) -> f64 {
        0.0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn estimates_for_a_knight_move() {
        let sqrt2 = std::f64::consts::SQRT_2;
        assert_eq!(Heuristic::Octile.estimate(2.0, -1.0), 1.0 + sqrt2);
        assert_eq!(Heuristic::Manhattan.estimate(2.0, 1.0), 3.0);
        assert_eq!(Heuristic::Euclidean.estimate(3.0, 4.0), 5.0);
        assert_eq!(Heuristic::Chebyshev.estimate(2.0, 1.0), 2.0);
        assert_eq!(Heuristic::Zero.estimate(2.0, 1.0), 0.0);
    }

    #[test]
    fn parses_names_and_rejects_others() {
        assert_eq!("Dijkstra".parse::<Heuristic>(), Ok(Heuristic::Zero));
        for h in Heuristic::ALL {
            assert_eq!(h.name().parse::<Heuristic>(), Ok(h));
        }
        let err = "astar".parse::<Heuristic>().unwrap_err();
        assert_eq!(
            err.to_string(),
            "unknown heuristic 'astar': expected octile, manhattan, euclidean, chebyshev, zero or dijkstra"
        );
    }

    #[test]
    fn manhattan_is_inadmissible_with_diagonals() {
        assert!(!Heuristic::Manhattan.is_admissible_for(Movement::EIGHT_CONNECTED));
        assert!(Heuristic::Manhattan.is_admissible_for(Movement::FOUR_CONNECTED));
        assert!(Heuristic::Octile.is_admissible_for(Movement::EIGHT_CONNECTED));
    }
}
