//! fogcrawl's headless core: everything of the game but the terminal and
//! the command line. No terminal library is a dependency of this package, so
//! Cargo, not a comment, keeps the front end out.
//!
//! Module map (data flows one way: [`gridpath`] -> world -> ai -> game;
//! the `fogcrawl` package's cli and ui sit on top):
//! - [`gridpath`]: the grid search engine, its own package (the ground
//!   floor: it knows nothing of this package), named `gridpath` wherever
//!   it is used.
//! - [`world`]: terrain and its costs, level files, dungeon generators, field of view.
//! - [`config`]: the monster/faction config (`levels/monsters.toml`): checked, hot-reloaded.
//! - [`diagnostic`]: the one `file:line:column: field: problem; accepted values: ...`
//!   error shared by the config and level files.
//! - [`ai`]: per-faction fog knowledge, influence maps, cost views, the budgeted planner.
//! - [`game`]: game state and rules, the energy clock, saves, the headless sim.
//! - [`user_dirs`]: where the save, the log and a user's config live.
//! - [`decode_budget`]: how many grid cells a save being decoded may still claim.
//! - [`regular_file`]: reading the files the game reads only when they are regular
//!   files (never blocking on a FIFO), following symlinks to the file they name.
//! - [`untrusted_text`]: control bytes in text from files escaped before it is
//!   printed or written to a text file.
pub mod ai;
pub mod config;
pub mod decode_budget;
pub mod diagnostic;
pub mod game;
mod map_as_pairs;
pub mod regular_file;
pub mod untrusted_text;
pub mod user_dirs;
pub mod world;
