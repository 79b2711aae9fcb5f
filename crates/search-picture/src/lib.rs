//! The pictures of grid searches: a [`scene::Scene`] of cell layers,
//! blocks, lines, markers and bitmap text, painted to pixels
//! ([`raster::Canvas`], written as PNG by [`png`]) or written as SVG
//! ([`svg`]), with the 8x8 font they letter in ([`bitmap_font`]).
//!
//! It knows grids (the engine's `Pos` and `GridShape`) and colours, never a
//! game: what a scene shows (terrain, searches, legends) is laid out by the
//! game's `fogcrawl trace` and its lab, which depend on this package, never
//! the other way round.
//!
//! - [`colour`]: RGB colours and their mixing; [`cell_layer`]: one colour
//!   per grid cell, run-length packed; [`scene`]: the shapes of a picture;
//!   [`straight_strokes`]: a path's corners.
//! - [`raster`]: a scene painted to pixels; [`png`]: pixels to PNG bytes;
//!   [`svg`]: a scene written as SVG; [`text_wrap`]: words into lines.
pub mod bitmap_font;
pub mod cell_layer;
pub mod colour;
pub mod png;
pub mod raster;
pub mod scene;
pub mod straight_strokes;
pub mod svg;
pub mod text_wrap;
