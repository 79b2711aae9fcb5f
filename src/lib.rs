//! fogcrawl: a terminal roguelike whose monsters hunt with fog-aware grid pathfinding.
//!
//! Module map (data flows one way: world -> ai -> pathfinding -> game -> ui):
//! - [`pathfinding`]: the generic grid search engine (A*, Dijkstra maps, islands,
//!   smoothing, Moving AI benchmark readers). Knows nothing of monsters or terminals.
//! - [`world`]: terrain and its costs, level files, dungeon generators, field of view.
//! - [`config`]: the monster/faction config (`levels/monsters.toml`): checked, hot-reloaded.
//! - [`diagnostic`]: the one `file:line:column: field: problem; accepted values: ...`
//!   error shared by the config and level files.
//! - [`ai`]: per-faction fog knowledge, influence maps, cost views, the budgeted planner.
//! - [`game`]: game state and rules, the energy clock, saves, the headless sim.
//! - `ui`: the terminal front end (ratatui): app state, input, screen, theme. Only
//!   with the default `tui` feature: the rest builds without terminal libraries.
//! - [`user_dirs`]: where the save, the log and a user's config live.
//! - [`search_picture`]: `fogcrawl trace`, one A* search drawn as an SVG or PNG
//!   (reads the engine's traces; the engine knows nothing of it).
//! - [`cli`]: the command line (clap) and the commands' bodies: `play`, `sim`,
//!   `render`, `scen` (A* against Moving AI scenario files), `trace`, `config`.
//! - [`decode_budget`]: how many grid cells a save being decoded may still claim.
//! - [`regular_file`]: reading the save and the config only when they are regular
//!   files (never blocking on a FIFO), following symlinks to the file they name.
//! - [`untrusted_text`]: control bytes in quoted file text escaped before printing.
pub mod ai;
pub mod cli;
pub mod config;
pub mod decode_budget;
pub mod diagnostic;
pub mod game;
pub mod regular_file;
pub mod search_picture;
#[cfg(feature = "tui")]
pub mod ui;
pub mod untrusted_text;
pub mod user_dirs;
pub mod world;

/// The grid search engine: the `gridpath` package (crates/gridpath), the
/// ground floor every other module builds on.
pub use gridpath as pathfinding;
