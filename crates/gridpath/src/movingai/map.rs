//! The Moving AI `.map` reader: an octile header, then one character per cell.
//!
//! It reads bytes, not text, so no input can make it panic: every problem is a
//! [`MapError`] naming the file, the 1-based line (and column for a bad
//! character) and what was expected there. It never allocates more cells than
//! the file actually holds, whatever the header claims.

use std::fmt;
use std::path::{Path, PathBuf};

use super::split_lines;
use crate::GridShape;
use crate::Pos;

/// The largest width or height accepted. Moving AI's largest maps are 1024 or
/// 2048 cells a side; this bound keeps `width * height` (plus a wall border)
/// far inside `u32`, which engines use to index cells.
pub const MAX_MAP_SIDE: usize = 16_384;
/// The largest `.map` file read: the largest map (a [`MAX_MAP_SIDE`] square
/// with CRLF line ends) and a header of a few lines.
pub const MAX_MAP_FILE_BYTES: u64 = (MAX_MAP_SIDE as u64) * (MAX_MAP_SIDE as u64 + 2) + 4096;

/// The characters a map row may hold, as printed in error messages.
const ACCEPTED_TERRAIN: &str = "`.` `G` `S` `@` `O` `T` `W`";

/// What one cell of a Moving AI map holds: a letter of the `.map` format
/// and what it means to the benchmark (not a game's terrain: a game maps
/// these onto its own, as fogcrawl does for `.map` levels).
///
/// The benchmark's optimal lengths assume a ground traveller: ground and swamp
/// are passable, everything else blocks. Trees and water are not walls in the
/// world the maps come from, but a ground unit cannot enter them, and the
/// listed lengths route around them.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum MapTile {
    /// `.` or `G`: passable ground.
    Ground,
    /// `S`: swamp, passable from ground.
    Swamp,
    /// `@` or `O`: out of bounds.
    OutOfBounds,
    /// `T`: trees, impassable.
    Trees,
    /// `W`: water, not passable from ground.
    Water,
}

impl MapTile {
    /// The tile a map character stands for, or `None` for any other byte.
    #[must_use]
    pub const fn from_byte(byte: u8) -> Option<Self> {
        match byte {
            b'.' | b'G' => Some(Self::Ground),
            b'S' => Some(Self::Swamp),
            b'@' | b'O' => Some(Self::OutOfBounds),
            b'T' => Some(Self::Trees),
            b'W' => Some(Self::Water),
            _ => None,
        }
    }

    /// Whether a ground traveller may stand on this tile.
    #[must_use]
    pub const fn is_passable(self) -> bool {
        matches!(self, Self::Ground | Self::Swamp)
    }
}

/// A problem in a `.map` file. Each variant names the file and where in it.
#[derive(Debug, thiserror::Error)]
pub enum MapError {
    /// The file could not be read at all.
    #[error("cannot read map {}: {source}", path.display())]
    Io {
        /// The file.
        path: PathBuf,
        /// Why reading it failed.
        #[source]
        source: std::io::Error,
    },
    /// A header line is missing or is not what the format requires.
    #[error("{}:{line}: expected {expected}, found {found}", path.display())]
    Header {
        /// The file.
        path: PathBuf,
        /// The 1-based line of the file.
        line: usize,
        /// What the format wants there.
        expected: String,
        /// What the file holds there.
        found: Found,
    },
    /// A row holds a character that is no known terrain.
    #[error(
        "{}:{line}:{column}: unknown terrain {found}; expected one of {ACCEPTED_TERRAIN}",
        path.display()
    )]
    UnknownTerrain {
        /// The file.
        path: PathBuf,
        /// The 1-based line of the file.
        line: usize,
        /// The 1-based column of the line.
        column: usize,
        /// What the file holds there.
        found: Found,
    },
    /// A row is shorter or longer than the header's width.
    #[error(
        "{}:{line}: row {row} has {found} cells; expected {expected} (the header's width)",
        path.display()
    )]
    RowLength {
        /// The file.
        path: PathBuf,
        /// The 1-based line of the file.
        line: usize,
        /// The 1-based row of the map.
        row: usize,
        /// How many the header announced.
        expected: usize,
        /// How many the file has.
        found: usize,
    },
    /// The file ends before the header's height of rows.
    #[error(
        "{}:{line}: the file ends after {found} rows; expected {expected} (the header's height)",
        path.display()
    )]
    TooFewRows {
        /// The file.
        path: PathBuf,
        /// The 1-based line of the file.
        line: usize,
        /// How many the header announced.
        expected: usize,
        /// How many the file has.
        found: usize,
    },
    /// A non-blank line follows the last row the header announced.
    #[error(
        "{}:{line}: unexpected extra row; expected {expected} rows (the header's height) and then the end of the file",
        path.display()
    )]
    TooManyRows {
        /// The file.
        path: PathBuf,
        /// The 1-based line of the file.
        line: usize,
        /// How many the header announced.
        expected: usize,
    },
}

/// What was found where something else was expected, printed readably.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Found {
    /// The end of the file.
    EndOfFile,
    /// A line's text (lossily decoded, shortened if long).
    Text(String),
    /// A single unexpected byte.
    Byte(u8),
}

/// Error messages quote at most this many characters of a bad line.
const QUOTED_TEXT_LIMIT: usize = 40;

impl Found {
    pub(crate) fn text(bytes: &[u8]) -> Self {
        let shown = &bytes[..bytes.len().min(QUOTED_TEXT_LIMIT)];
        let mut text = String::from_utf8_lossy(shown).into_owned();
        if bytes.len() > QUOTED_TEXT_LIMIT {
            text.push_str("...");
        }
        Self::Text(text)
    }
}

impl fmt::Display for Found {
    fn fmt(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::EndOfFile => formatter.write_str("the end of the file"),
            Self::Text(text) => write!(formatter, "`{text}`"),
            Self::Byte(byte) if byte.is_ascii_graphic() || *byte == b' ' => {
                write!(formatter, "`{}`", char::from(*byte))
            }
            Self::Byte(byte) => write!(formatter, "byte 0x{byte:02X}"),
        }
    }
}

/// A Moving AI map: `width * height` cells, row by row from the top-left.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MovingAiMap {
    width: usize,
    height: usize,
    cells: Vec<MapTile>,
}

impl MovingAiMap {
    /// Reads and parses the `.map` file at `path`.
    ///
    /// # Errors
    /// [`MapError::Io`] if the file cannot be read, is not a regular file
    /// (a FIFO is refused without waiting for a writer) or holds more than
    /// [`MAX_MAP_FILE_BYTES`], otherwise any parse error of
    /// [`MovingAiMap::parse`].
    pub fn load(path: &Path) -> Result<Self, MapError> {
        let bytes =
            super::read_regular(path, MAX_MAP_FILE_BYTES).map_err(|source| MapError::Io {
                path: path.to_path_buf(),
                source,
            })?;
        Self::parse(&bytes, path)
    }

    /// Parses the contents of a `.map` file; `path` is only used in errors.
    ///
    /// Accepts LF or CRLF line ends, a missing final newline, trailing blank
    /// lines, and spaces or tabs between a header key and its value. `height`
    /// and `width` may come in either order.
    ///
    /// # Errors
    /// A [`MapError`] naming the first line that breaks the format.
    pub fn parse(contents: &[u8], path: &Path) -> Result<Self, MapError> {
        let mut numbered: Vec<(usize, &[u8])> = split_lines(contents)
            .enumerate()
            .map(|(index, line)| (index + 1, line))
            .collect();
        // Trailing blank lines (including the empty one after a final newline)
        // are not rows: dropping them makes "too few rows" mean the real end.
        while numbered
            .last()
            .is_some_and(|(_, line)| line.trim_ascii().is_empty())
        {
            numbered.pop();
        }
        let mut lines = numbered.into_iter();
        let header_error = |line: usize, expected: &str, found: Found| MapError::Header {
            path: path.to_path_buf(),
            line,
            expected: expected.to_owned(),
            found,
        };

        let (mut last_line, text) = lines.next().unwrap_or((1, b""));
        match header_pair(text) {
            Some((b"type", b"octile")) => {}
            _ => return Err(header_error(last_line, "`type octile`", found_line(text))),
        }

        let (height, width) = read_size(&mut lines, &mut last_line, header_error)?;

        let Some((map_line, text)) = lines.next() else {
            return Err(header_error(last_line + 1, "`map`", Found::EndOfFile));
        };
        if text.trim_ascii() != b"map" {
            return Err(header_error(map_line, "`map`", found_line(text)));
        }

        let cells = read_rows(&mut lines, map_line, (width, height), path)?;
        if let Some((line, _)) = lines.find(|(_, text)| !text.trim_ascii().is_empty()) {
            return Err(MapError::TooManyRows {
                path: path.to_path_buf(),
                line,
                expected: height,
            });
        }
        Ok(Self {
            width,
            height,
            cells,
        })
    }

    /// Builds a map from rows of map characters, for tests and small tools.
    ///
    /// # Errors
    /// As [`MovingAiMap::parse`], with the rows numbered from line 5.
    pub fn from_rows(rows: &[&str]) -> Result<Self, MapError> {
        let width = rows.first().map_or(0, |row| row.len());
        let mut text = format!("type octile\nheight {}\nwidth {width}\nmap\n", rows.len());
        for row in rows {
            text.push_str(row);
            text.push('\n');
        }
        Self::parse(text.as_bytes(), Path::new("<rows>"))
    }

    /// Number of columns.
    #[must_use]
    pub const fn width(&self) -> usize {
        self.width
    }

    /// Number of rows.
    #[must_use]
    pub const fn height(&self) -> usize {
        self.height
    }

    /// All cells, row by row from the top-left: index `y * width + x`.
    #[must_use]
    pub fn cells(&self) -> &[MapTile] {
        &self.cells
    }

    /// The tile at column `x`, row `y`, or `None` outside the map.
    #[must_use]
    pub fn tile(&self, x: usize, y: usize) -> Option<MapTile> {
        GridShape::new(self.width, self.height)
            .index_of_column_row(x, y)
            .and_then(|index| self.cells.get(index).copied())
    }

    /// Whether a ground traveller may stand at column `x`, row `y`; cells
    /// outside the map are not passable.
    #[must_use]
    pub fn is_passable(&self, x: usize, y: usize) -> bool {
        self.tile(x, y).is_some_and(MapTile::is_passable)
    }

    /// As [`MovingAiMap::is_passable`], for a cell (one with a negative
    /// coordinate is outside the map: not passable).
    #[must_use]
    pub fn is_passable_at(&self, pos: Pos) -> bool {
        match (usize::try_from(pos.x), usize::try_from(pos.y)) {
            (Ok(x), Ok(y)) => self.is_passable(x, y),
            _ => false,
        }
    }
}

/// The `height` and `width` lines of a header, in either order, after its
/// `type` line (`last_line`, moved on as lines are read).
fn read_size<'a>(
    lines: &mut impl Iterator<Item = (usize, &'a [u8])>,
    last_line: &mut usize,
    header_error: impl Fn(usize, &str, Found) -> MapError,
) -> Result<(usize, usize), MapError> {
    let mut height = None;
    let mut width = None;
    loop {
        if let (Some(height), Some(width)) = (height, width) {
            return Ok((height, width));
        }
        let Some((line, text)) = lines.next() else {
            return Err(header_error(
                *last_line + 1,
                "`height H` and `width W`",
                Found::EndOfFile,
            ));
        };
        *last_line = line;
        let (key, value) = header_pair(text).unwrap_or((text.trim_ascii(), b""));
        let slot = match key {
            b"height" if height.is_none() => &mut height,
            b"width" if width.is_none() => &mut width,
            _ => {
                let expected = match (height, width) {
                    (Some(_), _) => "`width W`",
                    (_, Some(_)) => "`height H`",
                    (None, None) => "`height H` or `width W`",
                };
                return Err(header_error(line, expected, found_line(text)));
            }
        };
        let side = parse_side(value).ok_or_else(|| {
            let key = String::from_utf8_lossy(key);
            header_error(
                line,
                &format!("`{key}` followed by a whole number from 1 to {MAX_MAP_SIDE}"),
                found_line(text),
            )
        })?;
        *slot = Some(side);
    }
}

/// The `height` rows of `width` tiles after the `map` line (`map_line`).
fn read_rows<'a>(
    lines: &mut impl Iterator<Item = (usize, &'a [u8])>,
    map_line: usize,
    (width, height): (usize, usize),
    path: &Path,
) -> Result<Vec<MapTile>, MapError> {
    // Grows with the rows actually present, so a lying header cannot make
    // us allocate more than the file holds.
    let mut cells = Vec::new();
    let mut last_line = map_line;
    for row in 0..height {
        let Some((line, text)) = lines.next() else {
            return Err(MapError::TooFewRows {
                path: path.to_path_buf(),
                line: last_line + 1,
                expected: height,
                found: row,
            });
        };
        last_line = line;
        if text.len() != width {
            // A bad character is the more useful message when the row is
            // long because of it, so look for one first.
            if let Some(error) = unknown_terrain(text, line, path) {
                return Err(error);
            }
            return Err(MapError::RowLength {
                path: path.to_path_buf(),
                line,
                row: row + 1,
                expected: width,
                found: text.len(),
            });
        }
        for (column, &byte) in text.iter().enumerate() {
            let tile = MapTile::from_byte(byte).ok_or_else(|| MapError::UnknownTerrain {
                path: path.to_path_buf(),
                line,
                column: column + 1,
                found: Found::Byte(byte),
            })?;
            cells.push(tile);
        }
    }
    Ok(cells)
}

/// Splits `key value` on the first run of spaces or tabs.
fn header_pair(line: &[u8]) -> Option<(&[u8], &[u8])> {
    let line = line.trim_ascii();
    let split = line.iter().position(|byte| matches!(byte, b' ' | b'\t'))?;
    let (key, rest) = line.split_at(split);
    Some((key, rest.trim_ascii()))
}

fn parse_side(value: &[u8]) -> Option<usize> {
    if value.is_empty() || !value.iter().all(u8::is_ascii_digit) {
        return None;
    }
    let side: usize = std::str::from_utf8(value).ok()?.parse().ok()?;
    (1..=MAX_MAP_SIDE).contains(&side).then_some(side)
}

fn found_line(text: &[u8]) -> Found {
    Found::text(text)
}

fn unknown_terrain(text: &[u8], line: usize, path: &Path) -> Option<MapError> {
    let column = text
        .iter()
        .position(|&byte| MapTile::from_byte(byte).is_none())?;
    Some(MapError::UnknownTerrain {
        path: path.to_path_buf(),
        line,
        column: column + 1,
        found: Found::Byte(text[column]),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(text: &str) -> Result<MovingAiMap, MapError> {
        MovingAiMap::parse(text.as_bytes(), Path::new("test.map"))
    }

    fn error_text(text: &str) -> String {
        match parse(text) {
            Ok(map) => panic!("expected an error, parsed {map:?}"),
            Err(error) => error.to_string(),
        }
    }

    const SMALL: &str = "type octile\nheight 2\nwidth 3\nmap\n.G@\nSTW\n";

    #[test]
    fn reads_every_terrain_character() {
        let map = parse(SMALL).unwrap();
        assert_eq!((map.width(), map.height()), (3, 2));
        assert_eq!(map.tile(0, 0), Some(MapTile::Ground));
        assert_eq!(map.tile(1, 0), Some(MapTile::Ground));
        assert_eq!(map.tile(2, 0), Some(MapTile::OutOfBounds));
        assert_eq!(map.tile(0, 1), Some(MapTile::Swamp));
        assert_eq!(map.tile(1, 1), Some(MapTile::Trees));
        assert_eq!(map.tile(2, 1), Some(MapTile::Water));
        assert_eq!(map.tile(3, 0), None);
        assert_eq!(map.tile(0, 2), None);
        let passable: Vec<bool> = (0..2)
            .flat_map(|y| (0..3).map(move |x| (x, y)))
            .map(|(x, y)| map.is_passable(x, y))
            .collect();
        assert_eq!(passable, [true, true, false, true, false, false]);
        assert!(!map.is_passable(usize::MAX, 0));
    }

    #[test]
    fn accepts_crlf_missing_final_newline_tabs_and_swapped_header() {
        let expected = parse(SMALL).unwrap();
        for variant in [
            "type octile\r\nheight 2\r\nwidth 3\r\nmap\r\n.G@\r\nSTW\r\n",
            "type octile\nheight 2\nwidth 3\nmap\n.G@\nSTW",
            "type\toctile\nheight\t2\nwidth  \t3\nmap\n.G@\nSTW\n\n\r\n",
            "type octile\nwidth 3\nheight 2\nmap\n.G@\nSTW\n",
            "type octile\nheight 2\nwidth 3\nmap\nG.O\nSTW\n",
        ] {
            let map = parse(variant).unwrap_or_else(|error| panic!("{variant:?}: {error}"));
            assert_eq!(map.width(), expected.width());
            assert_eq!(map.height(), expected.height());
            let passable = |map: &MovingAiMap| -> Vec<bool> {
                map.cells()
                    .iter()
                    .map(|terrain| terrain.is_passable())
                    .collect()
            };
            assert_eq!(passable(&map), passable(&expected), "{variant:?}");
        }
    }

    #[test]
    fn rejects_a_wrong_or_missing_type_line() {
        assert_eq!(
            error_text("type tile\nheight 1\nwidth 1\nmap\n.\n"),
            "test.map:1: expected `type octile`, found `type tile`"
        );
        assert_eq!(
            error_text(""),
            "test.map:1: expected `type octile`, found ``"
        );
    }

    #[test]
    fn rejects_a_garbled_size() {
        assert_eq!(
            error_text("type octile\nheight two\nwidth 1\nmap\n.\n"),
            "test.map:2: expected `height` followed by a whole number from 1 to 16384, found `height two`"
        );
        assert_eq!(
            error_text("type octile\nheight 1\nwidth 0\nmap\n.\n"),
            "test.map:3: expected `width` followed by a whole number from 1 to 16384, found `width 0`"
        );
        assert_eq!(
            error_text("type octile\nheight 1\nheight 1\nmap\n.\n"),
            "test.map:3: expected `width W`, found `height 1`"
        );
        assert_eq!(
            error_text("type octile\nheight 99999999999999999999999\nwidth 1\nmap\n"),
            "test.map:2: expected `height` followed by a whole number from 1 to 16384, found `height 99999999999999999999999`"
        );
        assert_eq!(
            error_text("type octile\nheight 1"),
            "test.map:3: expected `height H` and `width W`, found the end of the file"
        );
    }

    #[test]
    fn rejects_a_missing_map_line() {
        assert_eq!(
            error_text("type octile\nheight 1\nwidth 1\n.\n"),
            "test.map:4: expected `map`, found `.`"
        );
        assert_eq!(
            error_text("type octile\nheight 1\nwidth 1\n"),
            "test.map:4: expected `map`, found the end of the file"
        );
    }

    #[test]
    fn rejects_an_unknown_character_with_its_column() {
        assert_eq!(
            error_text("type octile\nheight 2\nwidth 3\nmap\n...\n.#.\n"),
            "test.map:6:2: unknown terrain `#`; expected one of `.` `G` `S` `@` `O` `T` `W`"
        );
        assert_eq!(
            error_text("type octile\nheight 1\nwidth 3\nmap\n..\u{e9}\n"),
            "test.map:5:3: unknown terrain byte 0xC3; expected one of `.` `G` `S` `@` `O` `T` `W`"
        );
    }

    #[test]
    fn rejects_rows_of_the_wrong_length() {
        assert_eq!(
            error_text("type octile\nheight 2\nwidth 3\nmap\n...\n..\n"),
            "test.map:6: row 2 has 2 cells; expected 3 (the header's width)"
        );
        assert_eq!(
            error_text("type octile\nheight 2\nwidth 3\nmap\n....\n...\n"),
            "test.map:5: row 1 has 4 cells; expected 3 (the header's width)"
        );
    }

    #[test]
    fn rejects_too_few_or_too_many_rows() {
        assert_eq!(
            error_text("type octile\nheight 3\nwidth 2\nmap\n..\n..\n"),
            "test.map:7: the file ends after 2 rows; expected 3 (the header's height)"
        );
        assert_eq!(
            error_text("type octile\nheight 1\nwidth 2\nmap\n..\n\n..\n"),
            "test.map:7: unexpected extra row; expected 1 rows (the header's height) and then the end of the file"
        );
    }

    #[test]
    fn a_huge_header_allocates_nothing_before_failing() {
        assert_eq!(
            error_text("type octile\nheight 16384\nwidth 16384\nmap\n"),
            "test.map:5: the file ends after 0 rows; expected 16384 (the header's height)"
        );
    }

    #[test]
    fn from_rows_builds_the_same_map_as_parse() {
        let map = MovingAiMap::from_rows(&[".G@", "STW"]).unwrap();
        assert_eq!(map, parse(SMALL).unwrap());
    }
}
