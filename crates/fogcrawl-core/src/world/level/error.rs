//! Errors from reading level files, each telling the user what to fix: the file, the
//! line and column, the field, and the accepted values.
//!
//! It must never hide the file or position: every variant that comes from a file's
//! content carries a [`Diagnostic`], the format the monster config shares
//! (`file:line:column: field: problem; accepted values: ...`). Moving AI
//! `.map` files keep their reader's messages unchanged (`file:line:`, with the column
//! for a bad character); a map that parses but has no room for a start and stairs is a
//! whole-file problem, so its message starts with `file:`.

use std::path::PathBuf;

use thiserror::Error;

use crate::diagnostic::Diagnostic;

use gridpath::movingai::MapError;

/// What went wrong with a level file or a `--level` argument.
#[derive(Debug, Error)]
pub enum LevelError {
    /// The file could not be read.
    #[error("{}: cannot read the level file: {source}", file.display())]
    Io {
        /// The file.
        file: PathBuf,
        /// Why.
        #[source]
        source: std::io::Error,
    },
    /// The run order (`levels/run.toml`) is there but could not be read.
    #[error("{}: cannot read the run order: {source}", file.display())]
    RunOrder {
        /// The file.
        file: PathBuf,
        /// Why.
        #[source]
        source: std::io::Error,
    },
    /// `--level` named neither a file nor a level in a levels folder.
    #[error(
        "no level `{name}`: it is not a file and not in {searched}; accepted values: a path to a .toml level file or a Moving AI .map file, or one of: {available}"
    )]
    NotFound {
        /// The argument as given.
        name: String,
        /// The folders searched.
        searched: String,
        /// Level names found there.
        available: String,
    },
    /// TOML syntax errors, in the parser's words.
    #[error(transparent)]
    Syntax(Box<Diagnostic>),
    /// A well-formed value that is not allowed, or a file not shaped as a level (an
    /// unknown key, a value of the wrong type, a missing field); the field is a
    /// dotted path such as `generator.paint.swamp`.
    #[error(transparent)]
    Invalid(Box<Diagnostic>),
    /// A `layout.map` row whose width differs from the first row's.
    #[error(transparent)]
    RowLength(Box<Diagnostic>),
    /// A `layout.map` character with no legend entry.
    #[error(transparent)]
    UnknownChar(Box<Diagnostic>),
    /// A layout with no start cell.
    #[error(transparent)]
    NoStart(Box<Diagnostic>),
    /// A layout with no stairs cell.
    #[error(transparent)]
    NoStairs(Box<Diagnostic>),
    /// Stairs that cannot be walked to from the start (at the stairs).
    #[error(transparent)]
    StairsUnreachable(Box<Diagnostic>),
    /// A spawn that cannot be walked to from the start (at the spawn).
    #[error(transparent)]
    SpawnSealed(Box<Diagnostic>),
    /// A Moving AI `.map` file that cannot be read or parsed: the reader's own message
    /// (file, line, what was expected there), unchanged.
    #[error(transparent)]
    MovingAiMap(#[from] MapError),
    /// A Moving AI map with no two connected walkable cells for the start and stairs.
    #[error(
        "{}: no room for a start and stairs: the largest connected walkable region has {largest_region} cell(s); accepted values: a map with at least {min_region} walkable cells (`.`, `G` or `S`) joined by straight steps",
        file.display()
    )]
    NoRoomOnMap {
        /// The file.
        file: PathBuf,
        /// Cells in the largest connected walkable region (0 if nothing is walkable).
        largest_region: usize,
        /// The fewest it needs (carried here so this error imports no loader's limits).
        min_region: usize,
    },
}
