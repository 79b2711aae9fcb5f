//! Pictures of one A* search (`fogcrawl trace`): the terrain shaded by cost, the
//! cells the search closed shaded by expansion order, the frontier it left open,
//! the raw and the string-pulled path, start and goal, a legend and the figures
//! (expanded, cost, µs), written as SVG or PNG; two settings side by side with
//! `--compare`.
//!
//! Module map, in the order data flows:
//! - `search_settings`: heuristic, weight, tie-break, fog; read from flags and
//!   `--compare` with the monster config's names and limits.
//! - `planning_grid`: the grid the search plans on, whole or through fog.
//! - `traced_search`: the engine's traced A* and its figures.
//! - [`palette`] and [`colour`]: what each colour means.
//! - [`layout`]: panels and text placed as a [`scene::Scene`] of simple shapes
//!   ([`cell_layer`] holds the map cells and merges them into rectangles,
//!   `legend` explains the colours, `lettering` holds the text and stroke
//!   sizes both share, [`text_wrap`] fits text to a panel,
//!   [`straight_strokes`] draws the smoothed path as straight strokes).
//! - [`svg`] writes a scene as text; [`raster`] paints it into an RGBA buffer
//!   (lettering from [`bitmap_font`]) that [`png`] encodes with the `png` crate.
//! - `animation` steps through a search frame by frame as an APNG (`--animate`).
//! - `picture_format` picks the writer from `--out`'s extension;
//!   `trace_command` is the command itself; `picture_error` its errors.
//!
//! The pathfinding engine knows nothing of pictures: this module only reads its
//! traces. Nothing here reads flags, prints or exits; `cli::trace` does.
pub(crate) mod animation;
pub mod layout;
pub(crate) mod legend;
pub(crate) mod lettering;
pub mod palette;
pub(crate) mod picture_error;
pub(crate) mod picture_format;
#[cfg(test)]
mod picture_output;
pub(crate) mod planning_grid;
pub(crate) mod search_settings;
#[cfg(test)]
mod test_fixtures;
pub(crate) mod trace_command;
pub(crate) mod traced_search;

// The drawing itself (scenes, raster, PNG, SVG, the font) is the
// `search-picture` package's; under their old names here, so the layout and
// the lab read `search_picture::scene` as before.
pub use ::search_picture::{
    bitmap_font, cell_layer, colour, png, raster, scene, straight_strokes, svg, text_wrap,
};
pub use picture_error::PictureError;
pub use search_settings::SearchSettings;
pub use trace_command::{TraceReport, TraceRequest, run_trace};
pub use traced_search::TracedSearch;
