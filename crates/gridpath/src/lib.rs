//! The grid search engine: generic, headless, no game types.
//!
//! - [`pos`]: the crate's one cell position; [`grid_shape`]: the one
//!   row-major shape (position to index and back) every flat per-cell array uses.
//! - [`grid`]: cell costs, movement rules, precomputed move masks.
//! - [`heuristic`]: octile, manhattan, euclidean, chebyshev, zero.
//! - [`astar`]: reusable, budgeted, resumable, optionally traced A*.
//! - [`jps`]: jump point search, for grids where every cell costs the same.
//! - `passable_bits`: passable cells as bit rows and columns, for jumps.
//! - [`trace`]: what a search did, for the debug overlay.
//! - [`dijkstra_map`]: multi-source distance fields.
//! - [`float_order`]: floats as integer keys that sort like the values.
//! - [`distance_field`]: a distance field grown on demand and repaired as
//!   the grid changes, shared by many walkers heading for one place.
//! - [`smoothing`]: cost-aware string pulling of found paths, path costs.
//! - [`prefetch`]: a cache hint, to hide a miss behind other work.
//! - `islands`: connected components, so unreachable goals cost no search.
//! - [`movingai`]: Moving AI benchmark `.map`/`.scen` readers and a path checker.
//!
//! This module must never import game, ui, ratatui or crossterm types.
pub mod astar;
mod bucket_queue;
pub mod dijkstra_map;
pub mod distance_field;
mod distances;
pub mod float_order;
pub mod grid;
pub mod grid_shape;
pub mod heuristic;
mod islands;
pub mod jps;
pub mod movingai;
mod open_list;
mod passable_bits;
pub mod pos;
pub mod prefetch;
pub mod smoothing;
pub mod trace;

pub use astar::{
    AStar, Endpoint, Path, QueryError, SearchOptions, SearchStats, SearchStatus, TieBreak,
};
pub use dijkstra_map::DijkstraMap;
pub use distance_field::{DistanceField, FieldStats, Reach};
pub use grid::{Diagonals, Grid, GridError, Movement};
pub use grid_shape::GridShape;
pub use heuristic::Heuristic;
pub use jps::{Jps, JpsError};
pub use pos::Pos;
pub use smoothing::{
    cheapest_straight_path, path_cost, steps_are_legal, string_pull, string_pull_into,
    walkable_straight_path,
};
pub use trace::{CellValues, SearchTrace, TraceEvent};
