//! The Moving AI `.scen` reader, and the per-file choice of length tolerance.
//!
//! Each scenario line is `bucket map width height start_x start_y goal_x
//! goal_y optimal_length`, separated by any whitespace. The optimal length is
//! kept as written: its number of decimals tells how precisely the file was
//! printed, which decides how closely a found path must match it
//! ([`LengthPrecision`]). Nothing here may panic on any input.

use std::fmt;
use std::path::{Path, PathBuf};

use super::map::{Found, MAX_MAP_SIDE};
use super::split_lines;
use crate::Pos;

/// The fields of a scenario line, in order, as named in error messages.
/// The largest `.scen` file read: the benchmark's biggest hold a few
/// thousand lines of under 100 bytes (well under 1 MB).
pub const MAX_SCEN_FILE_BYTES: u64 = 64 << 20;
const FIELD_NAMES: [&str; 9] = [
    "bucket",
    "map",
    "width",
    "height",
    "start_x",
    "start_y",
    "goal_x",
    "goal_y",
    "optimal_length",
];

/// Decimals printed by the files that use fixed 8-decimal lengths.
const EIGHT_DECIMALS: usize = 8;
/// Decimals printed by the files that use fixed 2-decimal lengths.
const TWO_DECIMALS: usize = 2;
/// Significant digits of the files printed with C's `%g`.
const SIX_SIGNIFICANT_DIGITS: usize = 6;

/// Tolerance of 8-decimal files, and the floor of 6-significant-digit files.
const ABSOLUTE_TOLERANCE: f64 = 1e-4;
/// Relative tolerance of 6-significant-digit files: half a unit in the sixth
/// digit, so a long path's rounded length still matches.
const SIX_DIGIT_RELATIVE_TOLERANCE: f64 = 5e-6;
/// Tolerance of 2-decimal files: half a unit in the last printed decimal.
const TWO_DECIMAL_TOLERANCE: f64 = 0.005;

/// How precisely a scenario file prints its optimal lengths, which decides how
/// far a found path's length may be from the listed one.
///
/// Decided per file from the data by [`LengthPrecision::classify`]:
/// 1. every length has exactly 8 decimals: [`LengthPrecision::EightDecimals`]
///    (a file with no scenarios lands here too: there is nothing to compare);
/// 2. otherwise, every length has exactly 2 decimals: [`LengthPrecision::TwoDecimals`];
/// 3. otherwise, every length has at most 6 significant digits (decimal
///    counts then vary with the magnitude, as `%g` prints them):
///    [`LengthPrecision::SixSignificantDigits`];
/// 4. anything else is rejected rather than guessed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum LengthPrecision {
    /// Fixed 8 decimals: `|length - optimal| <= 1e-4`.
    EightDecimals,
    /// Up to 6 significant digits: `|length - optimal| <= max(1e-4, 5e-6 * optimal)`.
    SixSignificantDigits,
    /// Fixed 2 decimals: `|length - optimal| <= 0.005`.
    TwoDecimals,
}

impl LengthPrecision {
    /// How far a found length may be from `optimal` for files of this precision.
    #[must_use]
    pub fn tolerance(self, optimal: f64) -> f64 {
        match self {
            Self::EightDecimals => ABSOLUTE_TOLERANCE,
            Self::SixSignificantDigits => {
                ABSOLUTE_TOLERANCE.max(SIX_DIGIT_RELATIVE_TOLERANCE * optimal)
            }
            Self::TwoDecimals => TWO_DECIMAL_TOLERANCE,
        }
    }

    /// Whether `length` matches the listed `optimal` within [`Self::tolerance`].
    #[must_use]
    pub fn matches(self, length: f64, optimal: f64) -> bool {
        (length - optimal).abs() <= self.tolerance(optimal)
    }

    /// Decides a file's precision from its lengths as written (see the type's
    /// documentation for the rule); `path` is only used in the error.
    ///
    /// # Errors
    /// [`ScenError::Precision`] when the lengths follow none of the three patterns.
    pub fn classify(scenarios: &[Scenario], path: &Path) -> Result<Self, ScenError> {
        let all_have = |decimals: usize| {
            scenarios
                .iter()
                .all(|scenario| scenario.optimal_length_decimals() == decimals)
        };
        if all_have(EIGHT_DECIMALS) {
            return Ok(Self::EightDecimals);
        }
        if all_have(TWO_DECIMALS) {
            return Ok(Self::TwoDecimals);
        }
        let too_precise = scenarios
            .iter()
            .find(|scenario| scenario.optimal_length_significant_digits() > SIX_SIGNIFICANT_DIGITS);
        let Some(too_precise) = too_precise else {
            return Ok(Self::SixSignificantDigits);
        };
        // Name a line that disagrees with the too-precise one, so the user
        // sees the two ways of printing side by side.
        let differing = scenarios
            .iter()
            .find(|scenario| {
                scenario.optimal_length_decimals() != too_precise.optimal_length_decimals()
            })
            .unwrap_or(too_precise);
        Err(ScenError::Precision {
            path: path.to_path_buf(),
            line: too_precise.line,
            found: too_precise.optimal_length_text.clone(),
            other_line: differing.line,
            other_found: differing.optimal_length_text.clone(),
        })
    }
}

impl fmt::Display for LengthPrecision {
    fn fmt(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
        formatter.write_str(match self {
            Self::EightDecimals => "8 decimals",
            Self::SixSignificantDigits => "6 significant digits",
            Self::TwoDecimals => "2 decimals",
        })
    }
}

/// A problem in a `.scen` file. Each variant names the file and the line.
#[derive(Debug, thiserror::Error)]
pub enum ScenError {
    /// The file could not be read at all.
    #[error("cannot read scenario file {}: {source}", path.display())]
    Io {
        /// The file.
        path: PathBuf,
        /// Why reading it failed.
        #[source]
        source: std::io::Error,
    },
    /// The first line is not `version 1` or `version 1.0`.
    #[error("{}:{line}: expected `version 1` or `version 1.0`, found {found}", path.display())]
    Version {
        /// The file.
        path: PathBuf,
        /// The 1-based line of the file.
        line: usize,
        /// What the file holds there.
        found: Found,
    },
    /// A scenario line does not hold nine fields.
    #[error(
        "{}:{line}: expected 9 fields separated by whitespace (bucket map width height start_x start_y goal_x goal_y optimal_length), found {found}",
        path.display()
    )]
    FieldCount {
        /// The file.
        path: PathBuf,
        /// The 1-based line of the file.
        line: usize,
        /// How many fields the line has.
        found: usize,
    },
    /// One field of a scenario line holds something it may not.
    #[error("{}:{line}: field `{field}`: expected {expected}, found {found}", path.display())]
    Field {
        /// The file.
        path: PathBuf,
        /// The 1-based line of the file.
        line: usize,
        /// The field's name.
        field: &'static str,
        /// What the format wants there.
        expected: String,
        /// What the file holds there.
        found: Found,
    },
    /// The optimal lengths follow no precision pattern the tolerance rules know.
    #[error(
        "{}:{line}: cannot tell how precisely the optimal lengths are printed: `{found}` has more than 6 significant digits, but line {other_line} has `{other_found}`; expected every length with 8 decimals, every length with 2 decimals, or every length with at most 6 significant digits",
        path.display()
    )]
    Precision {
        /// The file.
        path: PathBuf,
        /// The 1-based line of the file.
        line: usize,
        /// The length as written.
        found: String,
        /// A line whose length is printed with another precision.
        other_line: usize,
        /// That line's length as written.
        other_found: String,
    },
}

/// One line of a scenario file: a query and its listed optimal length.
#[derive(Debug, Clone, PartialEq)]
pub struct Scenario {
    /// The 1-based line of the file this scenario came from.
    pub line: usize,
    /// The difficulty bucket (the optimal length divided by 4, rounded down,
    /// in most files).
    pub bucket: u32,
    /// The map column as written, perhaps a path such as `maps/sc1/Cauldron.map`.
    pub map_name: String,
    /// The map's width as the scenario states it.
    pub map_width: usize,
    /// The map's height as the scenario states it.
    pub map_height: usize,
    /// Where the path starts.
    pub start: Pos,
    /// Where it must end.
    pub goal: Pos,
    /// The listed optimal length, parsed.
    pub optimal_length: f64,
    /// The listed optimal length exactly as written, which tells its precision.
    pub optimal_length_text: String,
}

impl Scenario {
    /// Whether the scenario says there is no path: an optimal length of 0
    /// between two different cells.
    #[must_use]
    pub fn expects_no_path(&self) -> bool {
        self.optimal_length == 0.0 && self.start != self.goal
    }

    /// Digits after the decimal point in the length as written.
    #[must_use]
    pub fn optimal_length_decimals(&self) -> usize {
        self.optimal_length_text
            .split_once('.')
            .map_or(0, |(_, decimals)| decimals.len())
    }

    /// Significant digits in the length as written: all digits after any
    /// leading zeros, trailing zeros included (they were printed).
    #[must_use]
    pub fn optimal_length_significant_digits(&self) -> usize {
        self.optimal_length_text
            .bytes()
            .filter(u8::is_ascii_digit)
            .skip_while(|&digit| digit == b'0')
            .count()
    }

    /// The map's file name: the last component of the map column, whether it
    /// is written with `/` or `\`.
    #[must_use]
    pub fn map_file_name(&self) -> &str {
        self.map_name
            .rsplit(['/', '\\'])
            .next()
            .unwrap_or(&self.map_name)
    }
}

/// A parsed `.scen` file.
#[derive(Debug, Clone, PartialEq)]
pub struct ScenarioFile {
    path: PathBuf,
    scenarios: Vec<Scenario>,
    precision: LengthPrecision,
}

impl ScenarioFile {
    /// Reads and parses the scenario file at `path`.
    ///
    /// # Errors
    /// [`ScenError::Io`] if the file cannot be read, is not a regular file
    /// (a FIFO is refused without waiting for a writer) or holds more than
    /// [`MAX_SCEN_FILE_BYTES`], otherwise any error of
    /// [`ScenarioFile::parse`].
    pub fn load(path: &Path) -> Result<Self, ScenError> {
        let bytes =
            super::read_regular(path, MAX_SCEN_FILE_BYTES).map_err(|source| ScenError::Io {
                path: path.to_path_buf(),
                source,
            })?;
        Self::parse(&bytes, path)
    }

    /// Parses the contents of a scenario file. `path` names the file in errors
    /// and locates its maps (see [`ScenarioFile::map_path`]).
    ///
    /// Accepts LF or CRLF, a missing final newline, blank lines, and any run of
    /// spaces or tabs between fields.
    ///
    /// # Errors
    /// A [`ScenError`] naming the first bad line and field.
    pub fn parse(contents: &[u8], path: &Path) -> Result<Self, ScenError> {
        let mut lines = split_lines(contents)
            .enumerate()
            .map(|(index, line)| (index + 1, line));
        let (version_line, version) = lines.next().unwrap_or((1, b""));
        let mut version_words = version
            .split(u8::is_ascii_whitespace)
            .filter(|word| !word.is_empty());
        let is_version_one = matches!(
            (
                version_words.next(),
                version_words.next(),
                version_words.next()
            ),
            (Some(b"version"), Some(b"1" | b"1.0"), None)
        );
        if !is_version_one {
            return Err(ScenError::Version {
                path: path.to_path_buf(),
                line: version_line,
                found: Found::text(version),
            });
        }

        let mut scenarios = Vec::new();
        for (line, text) in lines {
            if text.trim_ascii().is_empty() {
                continue;
            }
            scenarios.push(parse_scenario(line, text, path)?);
        }
        let precision = LengthPrecision::classify(&scenarios, path)?;
        Ok(Self {
            path: path.to_path_buf(),
            scenarios,
            precision,
        })
    }

    /// The file this was read from.
    #[must_use]
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// All scenarios, in file order.
    #[must_use]
    pub fn scenarios(&self) -> &[Scenario] {
        &self.scenarios
    }

    /// How precisely this file prints its lengths.
    #[must_use]
    pub const fn precision(&self) -> LengthPrecision {
        self.precision
    }

    /// Where a scenario's map lives: beside this scenario file, under the map
    /// column's file name (directories in the column are ignored, since the
    /// benchmark's own folder layout is rarely reproduced).
    #[must_use]
    pub fn map_path(&self, scenario: &Scenario) -> PathBuf {
        let folder = self.path.parent().unwrap_or_else(|| Path::new(""));
        folder.join(scenario.map_file_name())
    }

    /// Every `step`-th scenario, starting with the first (`step` 0 counts as 1).
    pub fn every(&self, step: usize) -> impl Iterator<Item = &Scenario> {
        self.scenarios.iter().step_by(step.max(1))
    }
}

fn parse_scenario(line: usize, text: &[u8], path: &Path) -> Result<Scenario, ScenError> {
    let fields: Vec<&[u8]> = text
        .split(u8::is_ascii_whitespace)
        .filter(|field| !field.is_empty())
        .collect();
    let Ok(fields) = <[&[u8]; 9]>::try_from(fields.as_slice()) else {
        return Err(ScenError::FieldCount {
            path: path.to_path_buf(),
            line,
            found: fields.len(),
        });
    };
    let field_error = |index: usize, expected: String| ScenError::Field {
        path: path.to_path_buf(),
        line,
        field: FIELD_NAMES[index],
        expected,
        found: Found::text(fields[index]),
    };
    let whole = |index: usize, range: std::ops::RangeInclusive<usize>, expected: &str| {
        parse_whole(fields[index])
            .filter(|value| range.contains(value))
            .ok_or_else(|| field_error(index, expected.to_owned()))
    };

    let bucket = parse_whole(fields[0])
        .and_then(|bucket| u32::try_from(bucket).ok())
        .ok_or_else(|| field_error(0, "a whole number".to_owned()))?;
    let map_name = String::from_utf8_lossy(fields[1]).into_owned();
    if map_name.ends_with(['/', '\\']) {
        return Err(field_error(1, "a map file name".to_owned()));
    }
    let side = format!("a whole number from 1 to {MAX_MAP_SIDE}");
    let map_width = whole(2, 1..=MAX_MAP_SIDE, &side)?;
    let map_height = whole(3, 1..=MAX_MAP_SIDE, &side)?;
    let column = format!("a column from 0 to {} (width - 1)", map_width - 1);
    let row = format!("a row from 0 to {} (height - 1)", map_height - 1);
    // Within the map (whose side is at most MAX_MAP_SIDE), so an `i32`
    // holds it; a value that did not would be out of range all the same.
    let coordinate = |index: usize, side: usize, expected: &str| {
        whole(index, 0..=side - 1, expected).and_then(|value| {
            i32::try_from(value).map_err(|_| field_error(index, expected.to_owned()))
        })
    };
    let start = Pos::new(
        coordinate(4, map_width, &column)?,
        coordinate(5, map_height, &row)?,
    );
    let goal = Pos::new(
        coordinate(6, map_width, &column)?,
        coordinate(7, map_height, &row)?,
    );
    let length_text = fields[8];
    let optimal_length = parse_decimal(length_text)
        .ok_or_else(|| field_error(8, "a non-negative decimal number such as 12.5".to_owned()))?;
    Ok(Scenario {
        line,
        bucket,
        map_name,
        map_width,
        map_height,
        start,
        goal,
        optimal_length,
        optimal_length_text: String::from_utf8_lossy(length_text).into_owned(),
    })
}

fn parse_whole(text: &[u8]) -> Option<usize> {
    if text.is_empty() || !text.iter().all(u8::is_ascii_digit) {
        return None;
    }
    std::str::from_utf8(text).ok()?.parse().ok()
}

/// Parses `digits` or `digits.digits` only: no sign, exponent, `inf` or `NaN`,
/// so the number of decimals is always meaningful.
fn parse_decimal(text: &[u8]) -> Option<f64> {
    let (whole, decimals) = match text.iter().position(|&byte| byte == b'.') {
        Some(dot) => (&text[..dot], &text[dot + 1..]),
        None => (text, &b"0"[..]),
    };
    let all_digits = |part: &[u8]| !part.is_empty() && part.iter().all(u8::is_ascii_digit);
    if !all_digits(whole) || !all_digits(decimals) {
        return None;
    }
    let value: f64 = std::str::from_utf8(text).ok()?.parse().ok()?;
    value.is_finite().then_some(value)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(text: &str) -> Result<ScenarioFile, ScenError> {
        ScenarioFile::parse(text.as_bytes(), Path::new("dir/test.scen"))
    }

    fn error_text(text: &str) -> String {
        match parse(text) {
            Ok(file) => panic!("expected an error, parsed {file:?}"),
            Err(error) => error.to_string(),
        }
    }

    #[test]
    fn reads_tab_separated_lines() {
        let file = parse(
            "version 1\n0\tarena.map\t49\t49\t19\t26\t19\t29\t3.00000000\n\
             1\tarena.map\t49\t49\t44\t30\t43\t28\t2.41421356\n",
        )
        .unwrap();
        assert_eq!(file.precision(), LengthPrecision::EightDecimals);
        let [first, second] = file.scenarios() else {
            panic!("expected two scenarios, got {:?}", file.scenarios());
        };
        assert_eq!(first.line, 2);
        assert_eq!(first.bucket, 0);
        assert_eq!(first.map_name, "arena.map");
        assert_eq!((first.map_width, first.map_height), (49, 49));
        assert_eq!(first.start, Pos::new(19, 26));
        assert_eq!(first.goal, Pos::new(19, 29));
        assert_eq!(first.optimal_length, 3.0);
        assert_eq!(first.optimal_length_text, "3.00000000");
        assert_eq!(second.line, 3);
        assert_eq!(second.bucket, 1);
        assert_eq!(file.map_path(first), Path::new("dir/arena.map"));
    }

    #[test]
    fn reads_spaces_crlf_blank_lines_version_1_0_and_map_paths() {
        let file = parse(
            "version 1.0\r\n\r\n61 maps/bgmaps/AR0011SR.map 512 512 210 395 87 201 244.95\r\n   \r\n\
             33  maps\\bgmaps\\AR0011SR.map \t512 512 244 370 359 376 132.40",
        )
        .unwrap();
        assert_eq!(file.precision(), LengthPrecision::TwoDecimals);
        let lines: Vec<usize> = file
            .scenarios()
            .iter()
            .map(|scenario| scenario.line)
            .collect();
        assert_eq!(lines, [3, 5]);
        for scenario in file.scenarios() {
            assert_eq!(scenario.map_file_name(), "AR0011SR.map");
            assert_eq!(file.map_path(scenario), Path::new("dir/AR0011SR.map"));
        }
        assert_eq!(file.scenarios()[1].optimal_length, 132.4);
    }

    #[test]
    fn a_map_column_without_folder_resolves_beside_a_bare_file_name() {
        let file = ScenarioFile::parse(b"version 1\n0 a.map 1 1 0 0 0 0 0\n", Path::new("x.scen"))
            .unwrap();
        assert_eq!(file.map_path(&file.scenarios()[0]), Path::new("a.map"));
    }

    #[test]
    fn classifies_precision_from_the_written_lengths() {
        let precision = |lengths: &[&str]| {
            let mut text = String::from("version 1\n");
            for length in lengths {
                text.push_str(&format!("0 m.map 9 9 0 0 1 1 {length}\n"));
            }
            parse(&text).map(|file| file.precision())
        };
        assert_eq!(
            precision(&["1.41421356", "0.00000000"]).unwrap(),
            LengthPrecision::EightDecimals
        );
        assert_eq!(
            precision(&["244.95", "1.00"]).unwrap(),
            LengthPrecision::TwoDecimals
        );
        // `%g` output, as rmtst01 and Cauldron print it.
        assert_eq!(
            precision(&["2.41421", "3", "1600.53", "184.142", "0"]).unwrap(),
            LengthPrecision::SixSignificantDigits
        );
        assert_eq!(precision(&[]).unwrap(), LengthPrecision::EightDecimals);
        assert_eq!(
            precision(&["1.5", "2.41421356"]).unwrap_err().to_string(),
            "dir/test.scen:3: cannot tell how precisely the optimal lengths are printed: `2.41421356` has more than 6 significant digits, but line 2 has `1.5`; expected every length with 8 decimals, every length with 2 decimals, or every length with at most 6 significant digits"
        );
    }

    #[test]
    fn tolerances_follow_the_readme() {
        use LengthPrecision::*;
        assert!(EightDecimals.matches(2.414_213_56 + 0.9e-4, 2.414_213_56));
        assert!(!EightDecimals.matches(2.414_213_56 + 1.1e-4, 2.414_213_56));
        assert!(TwoDecimals.matches(244.954, 244.95));
        assert!(!TwoDecimals.matches(244.956, 244.95));
        // Short paths get the absolute floor, long ones the relative bound.
        assert!(SixSignificantDigits.matches(2.414_213_56, 2.41421));
        assert!(!SixSignificantDigits.matches(2.4144, 2.41421));
        assert!(SixSignificantDigits.matches(1600.537, 1600.53));
        assert!(!SixSignificantDigits.matches(1600.54, 1600.53));
    }

    #[test]
    fn expects_no_path_only_for_zero_between_distinct_cells() {
        let file = parse(
            "version 1\n0 m.map 9 9 1 1 1 1 0\n0 m.map 9 9 1 1 2 1 0\n0 m.map 9 9 1 1 2 1 1\n",
        )
        .unwrap();
        let expects: Vec<bool> = file
            .scenarios()
            .iter()
            .map(Scenario::expects_no_path)
            .collect();
        assert_eq!(expects, [false, true, false]);
    }

    #[test]
    fn every_takes_evenly_spaced_lines() {
        let mut text = String::from("version 1\n");
        for index in 0..7 {
            text.push_str(&format!("{index} m.map 9 9 0 0 1 1 1\n"));
        }
        let file = parse(&text).unwrap();
        let buckets: Vec<u32> = file.every(3).map(|scenario| scenario.bucket).collect();
        assert_eq!(buckets, [0, 3, 6]);
        assert_eq!(file.every(0).count(), 7);
    }

    #[test]
    fn rejects_a_bad_version_line() {
        assert_eq!(
            error_text("version 2\n"),
            "dir/test.scen:1: expected `version 1` or `version 1.0`, found `version 2`"
        );
        assert_eq!(
            error_text(""),
            "dir/test.scen:1: expected `version 1` or `version 1.0`, found ``"
        );
        assert_eq!(
            error_text("0 m.map 9 9 0 0 1 1 1\n"),
            "dir/test.scen:1: expected `version 1` or `version 1.0`, found `0 m.map 9 9 0 0 1 1 1`"
        );
    }

    #[test]
    fn rejects_the_wrong_number_of_fields() {
        assert_eq!(
            error_text("version 1\n0 m.map 9 9 0 0 1 1\n"),
            "dir/test.scen:2: expected 9 fields separated by whitespace (bucket map width height start_x start_y goal_x goal_y optimal_length), found 8"
        );
        assert_eq!(
            error_text("version 1\n0 m.map 9 9 0 0 1 1 1 extra\n"),
            "dir/test.scen:2: expected 9 fields separated by whitespace (bucket map width height start_x start_y goal_x goal_y optimal_length), found 10"
        );
    }

    #[test]
    fn rejects_bad_fields_naming_them() {
        let cases = [
            (
                "x m.map 9 9 0 0 1 1 1",
                "field `bucket`: expected a whole number, found `x`",
            ),
            (
                "0 m.map 0 9 0 0 1 1 1",
                "field `width`: expected a whole number from 1 to 16384, found `0`",
            ),
            (
                "0 m.map 9 -9 0 0 1 1 1",
                "field `height`: expected a whole number from 1 to 16384, found `-9`",
            ),
            (
                "0 m.map 9 9 9 0 1 1 1",
                "field `start_x`: expected a column from 0 to 8 (width - 1), found `9`",
            ),
            (
                "0 m.map 9 5 0 5 1 1 1",
                "field `start_y`: expected a row from 0 to 4 (height - 1), found `5`",
            ),
            (
                "0 m.map 9 9 0 0 1.5 1 1",
                "field `goal_x`: expected a column from 0 to 8 (width - 1), found `1.5`",
            ),
            (
                "0 m.map 9 9 0 0 1 99999999999999999999999 1",
                "field `goal_y`: expected a row from 0 to 8 (height - 1), found `99999999999999999999999`",
            ),
            (
                "0 m.map 9 9 0 0 1 1 -1",
                "field `optimal_length`: expected a non-negative decimal number such as 12.5, found `-1`",
            ),
            (
                "0 m.map 9 9 0 0 1 1 NaN",
                "field `optimal_length`: expected a non-negative decimal number such as 12.5, found `NaN`",
            ),
            (
                "0 m.map 9 9 0 0 1 1 1e3",
                "field `optimal_length`: expected a non-negative decimal number such as 12.5, found `1e3`",
            ),
            (
                "0 m.map 9 9 0 0 1 1 1.",
                "field `optimal_length`: expected a non-negative decimal number such as 12.5, found `1.`",
            ),
            (
                "0 maps/ 9 9 0 0 1 1 1",
                "field `map`: expected a map file name, found `maps/`",
            ),
        ];
        for (line, expected) in cases {
            assert_eq!(
                error_text(&format!("version 1\n\n{line}\n")),
                format!("dir/test.scen:3: {expected}"),
                "{line}"
            );
        }
    }

    #[test]
    fn rejects_arbitrary_bytes_without_panicking() {
        let inputs: [&[u8]; 5] = [
            b"\xff\xfe\x00",
            b"version 1\n\xff \xff 1 1 0 0 0 0 0\n",
            b"version 1\n0 m.map 1 1 0 0 0 0 \xff\n",
            b"version\n",
            b"\n\n\n",
        ];
        for input in inputs {
            assert!(
                ScenarioFile::parse(input, Path::new("bytes.scen")).is_err(),
                "{input:?}"
            );
        }
    }
}
