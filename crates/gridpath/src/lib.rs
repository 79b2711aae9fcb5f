//! Grid pathfinding: budgeted, resumable A*, jump point search, Dijkstra
//! maps, repairable distance fields, string pulling, and readers and a path
//! checker for the Moving AI grid benchmarks. Generic and headless: it
//! knows nothing of games or terminals (it is the ground floor of the
//! fogcrawl roguelike, whose packages use it by this name).
//!
//! ```
//! use gridpath::{AStar, Grid, Movement, Pos, SearchOptions};
//!
//! // `#` a wall, `.` costs 1, a digit that much (`Grid::from_fn` takes
//! // any cost function).
//! let grid = Grid::from_ascii("....\n.##.\n.9..", Movement::default()).expect("a valid grid");
//! let path = AStar::new()
//!     .find_path(&grid, Pos::new(0, 1), Pos::new(3, 1), &SearchOptions::default())
//!     .expect("the endpoints are passable cells")
//!     .expect("a path exists");
//! assert_eq!(path.cells.first(), Some(&Pos::new(0, 1)));
//! assert_eq!(path.cells.last(), Some(&Pos::new(3, 1)));
//! // Over the top (never cutting past a wall's corner), not through the 9.
//! assert_eq!(path.cost, 5.0);
//! ```
//!
//! The modules:
//! - [`pos`]: the one cell position; [`grid_shape`]: the one row-major
//!   shape (position to index and back) every flat per-cell array uses.
//! - [`grid`]: cell costs, movement rules, precomputed move masks.
//! - [`heuristic`]: octile, manhattan, euclidean, chebyshev, zero.
//! - [`astar`]: reusable, budgeted, resumable, optionally traced A*.
//! - [`jps`]: jump point search, for grids where every cell costs the same.
//! - [`greedy`], [`breadth_first`], [`bidirectional`], [`ida_star`]: greedy
//!   best-first, breadth-first, bidirectional A* and iterative deepening A*,
//!   traced like A* (the lab shows them beside it; the game plans with A*).
//! - [`graph_search`]: A* over any graph (a neighbours function and a
//!   heuristic).
//! - [`hierarchy`]: two-tier planning (HPA* over cell costs): clusters,
//!   entrances, cached crossing costs, coarse search, refinement, repair.
//! - [`trace`]: what a search did, for drawing it.
//! - [`dijkstra_map`]: multi-source distance fields.
//! - [`distance_field`]: a distance field grown on demand and repaired as
//!   the grid changes, shared by many walkers heading for one place.
//! - [`smoothing`]: cost-aware string pulling of found paths, path costs.
//! - [`movingai`]: Moving AI benchmark `.map`/`.scen` readers and a path checker.
//! - [`which_search`]: which search to use for what (a page of docs with
//!   examples, no code).
//!
//! Features: `serde` derives `Serialize`/`Deserialize` for [`Pos`] and
//! [`GridShape`] and `Deserialize` for [`Heuristic`] and [`TieBreak`]
//! (off by default).
//!
//! This package must never depend on game, terminal or command-line crates.
#![deny(missing_docs)]

pub mod astar;
pub mod bidirectional;
pub mod breadth_first;
mod bucket_queue;
pub mod dijkstra_map;
pub mod distance_field;
mod distances;
mod endpoints;
mod float_order;
pub mod graph_search;
pub mod greedy;
pub mod grid;
pub mod grid_shape;
mod grid_version;
pub mod heuristic;
pub mod hierarchy;
pub mod ida_star;
mod islands;
pub mod jps;
pub mod movingai;
mod node_records;
mod open_list;
mod passable_bits;
mod path;
pub mod pos;
mod prefetch;
#[cfg(feature = "serde")]
pub mod saved;
pub mod smoothing;
mod space_pool;
pub mod spare_buffers;
#[cfg(test)]
mod test_grids;
pub mod trace;
#[doc = include_str!("../docs/which-search.md")]
pub mod which_search {}

pub use astar::{
    AStar, Endpoint, Path, QueryError, SearchOptions, SearchStats, SearchStatus, TieBreak,
};
pub use bidirectional::BidirectionalAStar;
pub use breadth_first::BreadthFirst;
pub use dijkstra_map::DijkstraMap;
pub use distance_field::{DistanceField, FieldStats, Reach};
pub use graph_search::{FnGraph, Graph, GraphAStar, GraphPath, GraphSearchOutcome, graph_from_fns};
pub use greedy::GreedyBestFirst;
pub use grid::{DIRECTION_DELTAS, Diagonals, Grid, GridError, Movement};
pub use grid_shape::GridShape;
pub use heuristic::Heuristic;
pub use hierarchy::{
    CoarseOutcome, CoarsePlan, HierarchicalPath, HierarchicalSearch, Hierarchy, HierarchyError,
    HierarchyOptions, HierarchyStats, PricedClusters, RepairStats, cluster_exits,
    least_cost_in_box,
};
pub use ida_star::IdaStar;
pub use jps::{Jps, JpsError};
pub use pos::Pos;
pub use prefetch::prefetch;
pub use smoothing::{
    cheapest_straight_path, path_cost, steps_are_legal, string_pull, string_pull_into,
    walkable_straight_path,
};
pub use space_pool::SpacePool;
pub use trace::{CellValues, SearchTrace, TraceEvent};

/// The README's example, run as a doc test.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeExample;
