//! Everything that can stop `fogcrawl trace` from drawing, each as one line that
//! names the flag or file at fault and what would be accepted.
//!
//! It must never hide the level loader's messages: those pass through unchanged.

use std::path::PathBuf;

use thiserror::Error;

use fogcrawl_core::{LevelError, Terrain};
use gridpath::{GridError, Pos, QueryError};

/// Why a search picture could not be made.
#[derive(Debug, Error)]
pub enum PictureError {
    /// `--from` or `--to` is not `X,Y`.
    #[error(
        "{flag} `{value}` is not a cell; accepted values: X,Y with two whole numbers (e.g. 3,7)"
    )]
    BadCell { flag: &'static str, value: String },
    /// `--from` or `--to` lies off the map.
    #[error("{flag} {pos} is outside the {width}x{height} map `{level}` (columns 0 to {last_x}, rows 0 to {last_y})", last_x = width.saturating_sub(1), last_y = height.saturating_sub(1))]
    CellOutside {
        flag: &'static str,
        pos: Pos,
        width: usize,
        height: usize,
        level: String,
    },
    /// `--from` or `--to` is a cell nobody can walk on.
    #[error("{flag} {pos} is {terrain} on `{level}`, which cannot be walked; pick a walkable cell")]
    CellNotWalkable {
        flag: &'static str,
        pos: Pos,
        terrain: Terrain,
        level: String,
    },
    /// A search setting (a flag or a `--compare` entry) with a value it does not take.
    #[error("{setting} `{value}` is not allowed; accepted values: {accepted}")]
    BadSetting {
        setting: String,
        value: String,
        accepted: String,
    },
    /// A `--compare` entry that names no setting.
    #[error(
        "--compare `{entry}` names no setting; accepted: KEY=VALUE entries separated by commas, keys heuristic, weight, tie-break, unknown, sight (e.g. heuristic=manhattan,weight=2)"
    )]
    BadCompareEntry { entry: String },
    /// `--sight` without fog: it would change nothing.
    #[error(
        "{setting} only applies with --unknown (planning on what is seen from --from); add --unknown open, blocked or a cost"
    )]
    SightWithoutFog { setting: String },
    /// `--out`'s extension names no picture format.
    #[error("--out {}: unknown picture format `{extension}`; accepted: a file name ending in .svg or .png", path.display())]
    UnknownFormat { path: PathBuf, extension: String },
    /// The map is too large to draw at a pixel per cell.
    #[error(
        "`{level}` is {width}x{height} cells; trace draws maps of at most {max} cells a side (a pixel per cell)"
    )]
    MapTooLarge {
        level: String,
        width: usize,
        height: usize,
        max: usize,
    },
    /// The searches asked for would take more memory than trace allows.
    #[error(
        "`{level}` is {width}x{height} cells and {panels}; trace pictures at most {budget} cells in all (a panel's cells, twice with --compare, twice again with --animate), so its memory stays under {budget_mb} MB at any search: pick a smaller map, or leave out --compare or --animate"
    )]
    OverMemoryBudget {
        level: String,
        width: usize,
        height: usize,
        /// "one search", "two searches, animated"...
        panels: String,
        budget: usize,
        budget_mb: usize,
    },
    /// The level could not be found, read or built (its own message).
    /// A setting that does not go with the engine chosen.
    #[error("{setting}: {reason}")]
    EngineSetting {
        setting: String,
        reason: &'static str,
    },

    #[error(
        "--animate steps through A*'s expansions: the hierarchy's search is pictured whole (leave out --animate, or use engine astar)"
    )]
    AnimationNeedsAStar,

    #[error("cannot build the hierarchy: {0}")]
    Hierarchy(#[from] gridpath::HierarchyError),

    #[error(transparent)]
    Level(#[from] LevelError),
    /// The level's search grid could not be built.
    #[error("cannot build the search grid: {0}")]
    Grid(#[from] GridError),
    /// The engine refused the query (after the checks above, only a bug does this).
    #[error("the search could not run: {0}")]
    Query(#[from] QueryError),
    /// `--animate` with an output that cannot hold an animation.
    #[error("--animate writes an animated PNG (APNG): --out {} must end in .png", path.display())]
    AnimationNeedsPng { path: PathBuf },
    /// An animation's frames came out of different sizes (a bug).
    #[error("cannot animate: frame {frame} is not the size of the first")]
    FrameSize { frame: usize },
    /// The picture is too large for the PNG encoder.
    #[error("cannot encode the PNG: {0}")]
    Encode(#[from] png::EncodingError),
    /// The picture could not be written.
    #[error("cannot write {}: {source}", path.display())]
    Write {
        path: PathBuf,
        #[source]
        source: std::io::Error,
    },
}
