//! Hand-drawn layouts: the `[layout]` table of a level file, ASCII rows plus a legend,
//! turned into a checked [`Level`].
//!
//! The legend starts from the plain-text characters of [`level::text`]
//! (`#` wall, `.` floor, `@` start, `>` stairs, ...) and a file's `[layout.legend]`
//! adds or overrides entries. A layout is rejected, with the line and column to fix,
//! for ragged rows, unknown characters, a missing or doubled start or stairs, stairs the
//! start cannot reach, or a sealed-in spawn. Walkable pockets the start cannot reach are
//! allowed (a designer may want them). This module must never generate or paint.

use std::collections::BTreeMap;
use std::path::Path;

use serde::Deserialize;
use toml::Spanned;

use super::level::error::LevelError;
use super::level::{self, text::START_CHAR};
use super::level::{MAX_SPAWNS, SIDE_RANGE, pos_from_usize};
use super::source_text::{LineCol, line_col, locate};
use super::{ItemKind, Level, Pos, Terrain, connectivity};
use crate::diagnostic::Diagnostic;

/// The field every error about the drawn map names.
const MAP_FIELD: &str = "layout.map";

/// A problem with the drawn map at `at`, for the layout variants of [`LevelError`].
fn map_problem(
    file: &Path,
    at: LineCol,
    problem: impl Into<String>,
    accepted: impl Into<String>,
) -> Box<Diagnostic> {
    Box::new(Diagnostic::invalid(
        file,
        (at.line, at.column),
        MAP_FIELD,
        problem,
        accepted,
    ))
}

/// The `[layout]` table as written.
#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct LayoutSpec {
    /// The rows, best written as a `'''` literal string, one map row per line.
    pub map: Spanned<String>,
    /// Extra or overriding legend entries: one character to a meaning.
    #[serde(default)]
    pub legend: BTreeMap<String, Spanned<String>>,
}

/// What a legend character stands for.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum LegendEntry {
    /// Plain terrain.
    Terrain(Terrain),
    /// The start, on this terrain.
    Start(Terrain),
    /// The stairs down.
    Stairs,
    /// A spawn cell of a faction, on this terrain.
    Spawn(String, Terrain),
    /// An item lying on this terrain.
    Item(ItemKind, Terrain),
}

/// The accepted forms of a legend value, for error messages.
pub(crate) fn accepted_legend_values() -> String {
    format!(
        "a terrain ({}), \"start\", \"start on <terrain>\", \"stairs\", \"spawn <faction>\", \"spawn <faction> on <terrain>\", \"item <item>\" or \"item <item> on <terrain>\" (items: {})",
        Terrain::accepted_names(),
        ItemKind::accepted_names()
    )
}

/// Reads a legend value such as `"swamp"`, `"start on road"` or `"spawn goblins"`.
#[must_use]
pub(crate) fn parse_legend_value(value: &str) -> Option<LegendEntry> {
    let words: Vec<&str> = value.split_whitespace().collect();
    let terrain_after_on = |rest: &[&str]| match rest {
        [] => Some(Terrain::Floor),
        ["on", name] => Terrain::from_name(name),
        _ => None,
    };
    match words.as_slice() {
        ["start", rest @ ..] => terrain_after_on(rest).map(LegendEntry::Start),
        ["stairs"] | ["stairs_down"] => Some(LegendEntry::Stairs),
        ["spawn", faction, rest @ ..] => {
            terrain_after_on(rest).map(|t| LegendEntry::Spawn((*faction).to_owned(), t))
        }
        ["item", name, rest @ ..] => {
            let item = ItemKind::from_name(name)?;
            terrain_after_on(rest).map(|t| LegendEntry::Item(item, t))
        }
        [name] => Terrain::from_name(name).map(LegendEntry::Terrain),
        _ => None,
    }
}

/// The built-in legend: every terrain's plain-text character, and `@` for the start.
#[must_use]
pub(crate) fn default_legend() -> BTreeMap<char, LegendEntry> {
    let mut legend: BTreeMap<char, LegendEntry> = Terrain::ALL
        .into_iter()
        .map(|t| {
            let entry = if t == Terrain::StairsDown {
                LegendEntry::Stairs
            } else {
                LegendEntry::Terrain(t)
            };
            (level::text::terrain_char(t), entry)
        })
        .collect();
    legend.insert(START_CHAR, LegendEntry::Start(Terrain::Floor));
    for item in ItemKind::ALL {
        legend.insert(item.plain_char(), LegendEntry::Item(item, Terrain::Floor));
    }
    legend
}

/// One map row with where it sits in the file.
struct Row<'a> {
    text: &'a str,
    at: LineCol,
}

/// Splits the map into rows and finds each row's position in the file text.
fn rows<'a>(map: &'a Spanned<String>, text: &str) -> Vec<Row<'a>> {
    let mut lines: Vec<&str> = map.get_ref().lines().collect();
    // The closing ''' may be indented: a last line of spaces is not a row.
    if lines.last().is_some_and(|l| l.trim().is_empty()) {
        lines.pop();
    }
    let span = map.span();
    let mut cursor = span.start;
    let fallback = line_col(text, span.start);
    lines
        .into_iter()
        .enumerate()
        .map(|(i, row)| {
            let found = text
                .get(cursor..span.end)
                .and_then(|rest| rest.find(row))
                .map(|offset| cursor + offset);
            let at = match found {
                Some(offset) => {
                    cursor = offset + row.len();
                    line_col(text, offset)
                }
                None => LineCol {
                    line: fallback.line + 1 + i,
                    column: 1,
                },
            };
            Row { text: row, at }
        })
        .collect()
}

/// Builds the legend from the defaults and the file's entries.
fn legend(
    spec: &LayoutSpec,
    file: &Path,
    text: &str,
) -> Result<BTreeMap<char, LegendEntry>, LevelError> {
    let mut legend = default_legend();
    for (key, value) in &spec.legend {
        let invalid = |problem: String, accepted: String| {
            let at = line_col(text, value.span().start);
            LevelError::Invalid(
                Diagnostic::invalid(
                    file,
                    (at.line, at.column),
                    format!("layout.legend.\"{key}\""),
                    problem,
                    accepted,
                )
                .into(),
            )
        };
        let mut chars = key.chars();
        let (Some(ch), None) = (chars.next(), chars.next()) else {
            return Err(invalid(
                "must be a single character".into(),
                "one character per legend key, e.g. \"g\" = \"spawn goblins\"".into(),
            ));
        };
        let entry = parse_legend_value(value.get_ref()).ok_or_else(|| {
            invalid(
                format!("unknown value \"{}\"", value.get_ref()),
                accepted_legend_values(),
            )
        })?;
        legend.insert(ch, entry);
    }
    Ok(legend)
}

/// Turns a `[layout]` table into a level, checking everything the module docs list.
///
/// # Errors
/// A [`LevelError`] naming `file`, the line and column in `text`, and what is accepted.
pub(crate) fn build_layout(
    spec: &LayoutSpec,
    file: &Path,
    text: &str,
) -> Result<Level, LevelError> {
    let legend = legend(spec, file, text)?;
    let rows = rows(&spec.map, text);
    let map_at = locate(text, &["layout", "map"]);
    check_size(&rows, file)?;
    let width = rows.first().map_or(0, |r| r.text.chars().count());
    let mut painting = Painting {
        file,
        legend: &legend,
        level: Level::filled(width, rows.len(), Terrain::Wall),
        start: None,
        stairs: None,
        places: BTreeMap::new(),
        spawn_count: 0,
    };
    for (y, row) in rows.iter().enumerate() {
        let found = row.text.chars().count();
        if found != width {
            return Err(LevelError::RowLength(map_problem(
                file,
                row.at,
                format!("row {} is {found} characters wide", y + 1),
                format!("rows of exactly {width} characters (the first row's width)"),
            )));
        }
        for (x, ch) in row.text.chars().enumerate() {
            let at = LineCol {
                line: row.at.line,
                column: row.at.column + x,
            };
            painting.paint(pos_from_usize(x, y), ch, at)?;
        }
    }
    let Painting {
        mut level,
        start,
        stairs,
        places,
        ..
    } = painting;
    let Some(start) = start else {
        return Err(LevelError::NoStart(map_problem(
            file,
            map_at,
            "no start",
            "exactly one `@` cell, or a legend character whose value is \"start\"",
        )));
    };
    let Some(stairs) = stairs else {
        return Err(LevelError::NoStairs(map_problem(
            file,
            map_at,
            "no stairs",
            "exactly one `>` cell, or a legend character whose value is \"stairs\"",
        )));
    };
    level.start = start;
    level.stairs = stairs;
    let at = |pos: Pos| places.get(&pos).copied().unwrap_or(map_at);
    check_reach(&level, file, at)?;
    Ok(level)
}

/// Refuses a layout over the size limit of generated levels (rows too
/// long or too many), at the first row over it.
fn check_size(rows: &[Row<'_>], file: &Path) -> Result<(), LevelError> {
    let max_side = *SIDE_RANGE.end();
    let too_long = rows.iter().position(|r| r.text.chars().count() > max_side);
    let too_many = rows.get(max_side);
    if let Some(row) = too_long.map(|y| &rows[y]).or(too_many) {
        let (what, found) = if too_long.is_some() {
            ("row", row.text.chars().count())
        } else {
            ("layout", rows.len())
        };
        let unit = if too_long.is_some() { "cells" } else { "rows" };
        return Err(LevelError::Invalid(map_problem(
            file,
            row.at,
            format!("this {what} has {found} {unit}, over the limit of {max_side}"),
            format!("at most {max_side} rows of at most {max_side} cells"),
        )));
    }
    Ok(())
}

/// A level being painted from the drawn map, cell by cell, with what the
/// checks after it need: the start, the stairs and where each cell was
/// drawn.
struct Painting<'a> {
    file: &'a Path,
    legend: &'a BTreeMap<char, LegendEntry>,
    level: Level,
    start: Option<Pos>,
    stairs: Option<Pos>,
    places: BTreeMap<Pos, LineCol>,
    spawn_count: usize,
}

impl Painting<'_> {
    /// Paints the cell at `pos`, drawn as `ch` at `at`: refuses an unknown
    /// character, a second start or stairs, and a spawn over the limit.
    fn paint(&mut self, pos: Pos, ch: char, at: LineCol) -> Result<(), LevelError> {
        let file = self.file;
        let duplicate = |what: &str, first: Pos| {
            LevelError::Invalid(map_problem(
                file,
                at,
                format!(
                    "a second {what} (the first is at row {}, column {})",
                    first.y + 1,
                    first.x + 1
                ),
                format!("exactly one {what} cell"),
            ))
        };
        let terrain = match self.legend.get(&ch) {
            None => {
                let known = self
                    .legend
                    .keys()
                    .map(|c| format!("`{c}`"))
                    .collect::<Vec<_>>()
                    .join(" ");
                return Err(LevelError::UnknownChar(map_problem(
                    file,
                    at,
                    format!("unknown character `{ch}`"),
                    format!("{known} (or add it to [layout.legend])"),
                )));
            }
            Some(LegendEntry::Terrain(t)) => *t,
            Some(LegendEntry::Start(t)) => {
                if let Some(first) = self.start {
                    return Err(duplicate("start", first));
                }
                self.start = Some(pos);
                *t
            }
            Some(LegendEntry::Stairs) => {
                if let Some(first) = self.stairs {
                    return Err(duplicate("stairs", first));
                }
                self.stairs = Some(pos);
                Terrain::StairsDown
            }
            Some(LegendEntry::Spawn(faction, t)) => {
                self.spawn_count += 1;
                if self.spawn_count > MAX_SPAWNS {
                    let count = self.spawn_count;
                    return Err(LevelError::Invalid(map_problem(
                        file,
                        at,
                        format!("spawn {count} is over the limit of {MAX_SPAWNS}"),
                        format!("at most {MAX_SPAWNS} spawn cells in a level"),
                    )));
                }
                self.level
                    .spawns
                    .entry(faction.clone())
                    .or_default()
                    .push(pos);
                *t
            }
            Some(LegendEntry::Item(item, t)) => {
                self.level.items.push((pos, *item));
                *t
            }
        };
        self.places.insert(pos, at);
        self.level.set(pos, terrain);
        Ok(())
    }
}

/// Refuses stairs or a spawn the start cannot reach, at the cell `at`
/// says it was drawn.
fn check_reach(level: &Level, file: &Path, at: impl Fn(Pos) -> LineCol) -> Result<(), LevelError> {
    let reach = connectivity::reachable(level, level.start);
    let reached = |pos: Pos| level.index(pos).is_some_and(|i| reach[i]);
    if !reached(level.stairs) {
        return Err(LevelError::StairsUnreachable(map_problem(
            file,
            at(level.stairs),
            "stairs cannot be reached from the start",
            "stairs joined to the start by walkable cells (not wall or deep_water)",
        )));
    }
    for (faction, cells) in &level.spawns {
        if let Some(&sealed) = cells.iter().find(|&&p| !reached(p)) {
            return Err(LevelError::SpawnSealed(map_problem(
                file,
                at(sealed),
                format!("spawn of `{faction}` is sealed in (not reachable from the start)"),
                "spawns joined to the start by walkable cells",
            )));
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn legend_values_parse() {
        assert_eq!(
            parse_legend_value("swamp"),
            Some(LegendEntry::Terrain(Terrain::Swamp))
        );
        assert_eq!(
            parse_legend_value("start"),
            Some(LegendEntry::Start(Terrain::Floor))
        );
        assert_eq!(
            parse_legend_value("start on road"),
            Some(LegendEntry::Start(Terrain::Road))
        );
        assert_eq!(parse_legend_value("stairs"), Some(LegendEntry::Stairs));
        assert_eq!(
            parse_legend_value("spawn goblins on grass"),
            Some(LegendEntry::Spawn("goblins".into(), Terrain::Grass))
        );
        assert_eq!(
            parse_legend_value("item noisemaker on road"),
            Some(LegendEntry::Item(ItemKind::Noisemaker, Terrain::Road))
        );
        assert_eq!(parse_legend_value("item sword"), None);
        assert_eq!(parse_legend_value("spawn"), None);
        assert_eq!(parse_legend_value("lava"), None);
        assert_eq!(parse_legend_value("start on lava"), None);
    }

    #[test]
    fn default_legend_matches_plain_text() {
        let legend = default_legend();
        assert_eq!(legend.get(&'>'), Some(&LegendEntry::Stairs));
        assert_eq!(legend.get(&'@'), Some(&LegendEntry::Start(Terrain::Floor)));
        assert_eq!(
            legend.get(&'%'),
            Some(&LegendEntry::Terrain(Terrain::Swamp))
        );
    }
}
