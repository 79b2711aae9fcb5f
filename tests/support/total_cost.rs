//! f64 costs in a total order for the `pathfinding` crate, whose `astar`
//! and `dijkstra` want `Ord + Zero + Add`. Shared by the property tests and
//! the Moving AI bench (each includes this file with `#[path]`).

use std::cmp::Ordering;
use std::ops::Add;

use pathfinding::num_traits::Zero;

#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) struct Cost(pub f64);

impl Eq for Cost {}

impl PartialOrd for Cost {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for Cost {
    fn cmp(&self, other: &Self) -> Ordering {
        self.0.total_cmp(&other.0)
    }
}

impl Add for Cost {
    type Output = Self;
    #[inline]
    fn add(self, other: Self) -> Self {
        Self(self.0 + other.0)
    }
}

impl Zero for Cost {
    fn zero() -> Self {
        Self(0.0)
    }
    fn is_zero(&self) -> bool {
        self.0 == 0.0
    }
}
