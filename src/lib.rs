//! fogcrawl: a terminal roguelike whose monsters hunt with fog-aware grid pathfinding.
//!
//! Module map (data flows one way: world -> ai -> pathfinding -> game -> ui):
//! - [`pathfinding`]: the generic grid search engine (A*, Dijkstra maps, islands,
//!   Moving AI benchmark readers). Knows nothing of monsters or terminals.
//! - [`world`]: terrain and its costs, level files, dungeon generators, field of view.
//! - [`game`]: the energy clock, actions, combat, hunting monsters, saves, the headless sim.
//! - [`ui`]: the terminal front end (ratatui): app state, input, screen, theme.
pub mod game;
pub mod pathfinding;
pub mod ui;
pub mod world;
