//! fogcrawl: a terminal roguelike whose monsters hunt with fog-aware grid pathfinding.
//!
//! Module map (data flows one way: world -> ai -> pathfinding -> game -> ui):
//! - [`pathfinding`]: the generic grid search engine (A*, Dijkstra maps, islands,
//!   Moving AI benchmark readers). Knows nothing of monsters or terminals.
//! - [`world`]: terrain and its costs, level files, dungeon generators, field of view.
//! - [`config`]: the monster/faction config (`levels/monsters.toml`): checked, hot-reloaded.
pub mod config;
pub mod game;
pub mod pathfinding;
pub mod world;
