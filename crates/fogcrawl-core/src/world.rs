//! The world: terrain with costs, levels, level files, seeded dungeon generators, field of view.
//!
//! Everything here is headless data and never imports a terminal library; glyphs and
//! colours belong to the UI. Map of the module:
//! - [`terrain`]: the terrain table (cost, passability, opacity).
//! - [`cost_profile`]: per-traveller cost overrides and the cheapest cost.
//! - [`level`]: the level grid with start, stairs and spawns, addressed by the engine's
//!   [`Pos`] (signed: off-grid and negative positions simply read as `None`).
//! - [`level::text`]: the plain-text form (one character per cell) for `render` and tests.
//! - [`connectivity`]: flood fills and the pass that leaves no walkable cell unreachable.
//! - [`rooms`], [`caves`], [`paint`]: the carvers and the noise painter;
//!   [`generate`]: recipes and the pipeline (carve, paint, connect, place).
//! - [`level::file`]: the TOML level format (`levels/FORMAT.md`), checked;
//!   [`layout`]: hand-drawn maps; [`level::error`]: errors with file, line, column;
//!   [`source_text`]: positions in a file; [`level::source`]: a path read as a level
//!   file or a Moving AI map; [`level::dir`]: `--level` resolution and
//!   the run order; [`shipped_levels`]: the levels built into the binary;
//!   [`render_command`]: `fogcrawl render`.
//! - [`movingai_level`]: Moving AI benchmark `.map` files as levels (`--map`);
//!   [`map_spawns`]: their default spawn rule.
//! - [`fov`]: symmetric shadowcasting field of view.
//! - [`sound`]: how far a noise carries along open cells (not through rock).
//! - [`opacity`]: which cells block sight, as bits along rows and columns (what the
//!   field of view reads).
//! - [`item_kind`]: the kinds of items a level can hold (names, plain-text characters).
//!
//! For the pathfinding engine, [`Level::cost_grid`] builds the search grid a traveller
//! with a given [`CostProfile`] sees; [`Level::cost_at`] is the same cost view one cell
//! at a time, in the shape of the engine's cost function:
//!
//! ```
//! use gridpath::{AStar, Movement, SearchOptions};
//! use fogcrawl_core::{CostProfile, Pos, parse_level_text};
//!
//! let level = parse_level_text("#####\n#@=>#\n#####\n").expect("a valid grid");
//! let profile = CostProfile::default();
//! assert_eq!(level.cost_at(Pos::new(1, 1), &profile), Some(1.0)); // floor under the start
//! assert_eq!(level.cost_at(Pos::new(2, 1), &profile), Some(0.5)); // road
//! assert_eq!(level.cost_at(Pos::new(0, 0), &profile), None); // wall: impassable
//! assert_eq!(level.cost_at(Pos::new(-1, 0), &profile), None); // off the grid
//!
//! let grid = level.cost_grid(&profile, Movement::default()).expect("a level with cells");
//! assert_eq!(grid.min_cost(), 0.5); // the heuristic's scale: the cheapest terrain
//! let path = AStar::new()
//!     .find_path(&grid, level.start, level.stairs, &SearchOptions::default())
//!     .expect("start and stairs are passable")
//!     .expect("the stairs are reachable");
//! assert_eq!(path.cost, 1.5); // road, then stairs
//! ```
pub(crate) mod action_time;
pub(crate) mod caves;
pub(crate) mod connectivity;
pub(crate) mod cost_profile;
pub(crate) mod fov;
pub(crate) mod generate;
pub(crate) mod item_kind;
pub(crate) mod layout;
pub(crate) mod level;
pub(crate) mod map_spawns;
pub(crate) mod movingai_level;
pub(crate) mod opacity;
pub(crate) mod paint;
pub(crate) mod render_command;
pub(crate) mod rooms;
pub(crate) mod shipped_levels;
pub(crate) mod sound;
pub(crate) mod source_text;
pub(crate) mod spawn_factions;
pub(crate) mod terrain;

pub(crate) use cost_profile::CostProfile;
/// The crate's one cell position: the pathfinding engine's, so no conversions are needed.
pub(crate) use gridpath::Pos;
pub(crate) use item_kind::ItemKind;
pub(crate) use level::Level;
pub(crate) use terrain::Terrain;
