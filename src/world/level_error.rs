//! Errors from reading level files, each telling the user what to fix: the file, the
//! line and column, the field, and the accepted values.
//!
//! It must never hide the file or position: every variant that comes from a file's
//! content carries both, and its message starts with `file:line:column:`. Moving AI
//! `.map` files keep their reader's messages unchanged (`file:line:`, with the column
//! for a bad character); a map that parses but has no room for a start and stairs is a
//! whole-file problem, so its message starts with `file:`.

use std::path::PathBuf;

use thiserror::Error;

use crate::pathfinding::movingai::MapError;

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
    /// TOML syntax or type errors, and unknown keys (toml names the key and the
    /// accepted ones).
    #[error("{}:{line}:{column}: {message}", file.display())]
    Syntax {
        /// The file.
        file: PathBuf,
        /// 1-based line.
        line: usize,
        /// 1-based column.
        column: usize,
        /// The parser's message.
        message: String,
    },
    /// A well-formed value that is not allowed.
    #[error("{}:{line}:{column}: `{field}` {problem}; accepted values: {accepted}", file.display())]
    Invalid {
        /// The file.
        file: PathBuf,
        /// 1-based line.
        line: usize,
        /// 1-based column.
        column: usize,
        /// Dotted path of the field, e.g. `generator.paint.swamp`.
        field: String,
        /// What is wrong with it.
        problem: String,
        /// What would be accepted.
        accepted: String,
    },
    /// A layout row whose width differs from the first row's.
    #[error(
        "{}:{line}:{column}: `layout.map` row {row} is {found} characters wide; accepted values: rows of exactly {expected} characters (the first row's width)",
        file.display()
    )]
    RowLength {
        /// The file.
        file: PathBuf,
        /// 1-based line of the row.
        line: usize,
        /// 1-based column where the row starts.
        column: usize,
        /// 1-based row number in the map.
        row: usize,
        /// The row's width.
        found: usize,
        /// The first row's width.
        expected: usize,
    },
    /// A layout character with no legend entry.
    #[error(
        "{}:{line}:{column}: `layout.map` has unknown character `{ch}`; accepted values: {accepted} (or add it to [layout.legend])",
        file.display()
    )]
    UnknownChar {
        /// The file.
        file: PathBuf,
        /// 1-based line.
        line: usize,
        /// 1-based column.
        column: usize,
        /// The character.
        ch: char,
        /// The characters the legend knows.
        accepted: String,
    },
    /// A layout with no start cell.
    #[error(
        "{}:{line}:{column}: `layout.map` has no start; accepted values: exactly one `@` cell, or a legend character whose value is \"start\"",
        file.display()
    )]
    NoStart {
        /// The file.
        file: PathBuf,
        /// 1-based line of the map.
        line: usize,
        /// 1-based column of the map.
        column: usize,
    },
    /// A layout with no stairs cell.
    #[error(
        "{}:{line}:{column}: `layout.map` has no stairs; accepted values: exactly one `>` cell, or a legend character whose value is \"stairs\"",
        file.display()
    )]
    NoStairs {
        /// The file.
        file: PathBuf,
        /// 1-based line of the map.
        line: usize,
        /// 1-based column of the map.
        column: usize,
    },
    /// Stairs that cannot be walked to from the start.
    #[error(
        "{}:{line}:{column}: `layout.map` stairs cannot be reached from the start; accepted values: stairs joined to the start by walkable cells (not wall or deep_water)",
        file.display()
    )]
    StairsUnreachable {
        /// The file.
        file: PathBuf,
        /// 1-based line of the stairs.
        line: usize,
        /// 1-based column of the stairs.
        column: usize,
    },
    /// A spawn that cannot be walked to from the start.
    #[error(
        "{}:{line}:{column}: `layout.map` spawn of `{faction}` is sealed in (not reachable from the start); accepted values: spawns joined to the start by walkable cells",
        file.display()
    )]
    SpawnSealed {
        /// The file.
        file: PathBuf,
        /// 1-based line of the spawn.
        line: usize,
        /// 1-based column of the spawn.
        column: usize,
        /// The spawn's faction.
        faction: String,
    },
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
