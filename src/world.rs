//! The world: terrain with costs, levels, level files, seeded dungeon generators, field of view.
//!
//! Everything here is headless data and never imports a terminal library; glyphs and
//! colours belong to the UI. Map of the module:
//! - [`terrain`]: the terrain table (cost, passability, opacity).
//! - [`cost_profile`]: per-traveller cost overrides and the cheapest cost.
//! - [`pos`], [`level`]: a cell position; the level grid with start, stairs and spawns.
//! - [`level_text`]: the plain-text form (one character per cell) for `render` and tests.
//! - [`connectivity`]: flood fills and the pass that leaves no walkable cell unreachable.
//! - [`rooms`], [`caves`], [`paint`]: the carvers and the noise painter;
//!   [`generate`]: recipes and the pipeline (carve, paint, connect, place).
//! - [`level_file`]: the TOML level format (`levels/FORMAT.md`), checked;
//!   [`layout`]: hand-drawn maps; [`level_error`]: errors with file, line, column;
//!   [`source_text`]: positions in a file; [`level_dir`]: `--level` resolution and
//!   the run order; [`render_command`]: `fogcrawl render`.
//! - [`fov`]: symmetric shadowcasting field of view.
//!
//! For the pathfinding engine, a level's cost view is
//! `|x, y| level.cost_at(x, y, &profile)` and the heuristic scale is
//! `profile.min_cost()`:
//!
//! ```
//! use fogcrawl::world::{CostProfile, level_text};
//!
//! let level = level_text::parse("#####\n#@=>#\n#####\n").expect("a valid grid");
//! let profile = CostProfile::default();
//! let cost = |x: usize, y: usize| level.cost_at(x, y, &profile);
//! assert_eq!(cost(1, 1), Some(1.0)); // floor under the start
//! assert_eq!(cost(2, 1), Some(0.5)); // road
//! assert_eq!(cost(0, 0), None); // wall: impassable
//! assert_eq!(profile.min_cost(), Some(0.5)); // scale for an admissible heuristic
//! ```
pub mod caves;
pub mod connectivity;
pub mod cost_profile;
pub mod fov;
pub mod generate;
pub mod layout;
pub mod level;
pub mod level_dir;
pub mod level_error;
pub mod level_file;
pub mod level_text;
pub mod paint;
pub mod pos;
pub mod render_command;
pub mod rooms;
pub mod source_text;
pub mod terrain;

pub use cost_profile::{CostProfile, InvalidCost};
pub use level::Level;
pub use pos::Pos;
pub use terrain::Terrain;
