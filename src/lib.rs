//! fogcrawl: a terminal roguelike whose monsters hunt with fog-aware grid pathfinding.
//!
//! Four packages, each built on the ones below (Cargo enforces the order):
//! - `gridpath` (crates/gridpath), used by its own name: the generic
//!   grid search engine (A*, jump points, Dijkstra maps, islands, smoothing,
//!   Moving AI benchmark readers). Knows nothing of monsters or terminals.
//! - `fogcrawl-core` (crates/fogcrawl-core), used by its own name
//!   (`fogcrawl_core::Game`): the world, the monster config, the AI and the
//!   game's rules, exported item by item from its lib.rs. Headless: no
//!   terminal library.
//! - this package, the `fogcrawl` binary and its library:
//!   - `ui`: the terminal front end (ratatui): app state, input, screen, theme. Only
//!     with the default `tui` feature: the rest builds without terminal libraries.
//!   - [`search_picture`]: `fogcrawl trace`, one A* search laid out from a
//!     level (reads the engine's traces; the engine knows nothing of it) and
//!     drawn as an SVG or PNG by the `search-picture` package
//!     (crates/search-picture), which knows grids and never the game.
//!   - [`cli`]: the command line (clap) and the commands' bodies: `play`, `sim`,
//!     `render`, `scen` (A* against Moving AI scenario files), `trace`, `config`.
//!   - [`lab`]: `fogcrawl lab`, the search sandbox (its screen only with `tui`).
//!   - [`heap`]: the allocator's treatment of level-sized blocks (freed ones go back).
pub mod cli;
pub mod heap;
pub mod lab;
pub mod search_picture;
#[cfg(feature = "tui")]
pub mod ui;
