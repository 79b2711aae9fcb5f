//! A level file's shape errors (an unknown key, a value of the wrong type, an
//! unknown generator kind, a missing field) told as every other level error is:
//! the field's dotted path and what it accepts, at the key's place in the file
//! (`rooms.toml:4:9: generator.width: string "80" is the wrong type; accepted
//! values: 16 to 1024`), where the player read toml's words alone (`invalid
//! type: string "80", expected usize`), with no field.
//!
//! It must never check values: the ranges are checked in `file.rs` once the
//! file has its shape; this only names what each field accepts.

use std::path::Path;

use toml::de::DeTable;

use super::error::LevelError;
use super::file::{FREQUENCY_RANGE, MAX_SPAWNS, ROOM_SIDE_RANGE, SIDE_RANGE, SMOOTHING_RANGE};
use crate::diagnostic::Diagnostic;
use crate::key_path::{self, KeyPath, Segment, key_span, one_line, plain_list};
use crate::world::layout::accepted_legend_values;
use crate::world::source_text::line_col;

/// The error for a file whose text is TOML but whose shape is not a level's.
pub(super) fn shape_error(
    file: &Path,
    text: &str,
    root: &DeTable<'_>,
    error: &serde_path_to_error::Error<toml::de::Error>,
) -> LevelError {
    let span = error.inner().span().unwrap_or(0..0);
    let mut field = key_path::from_serde(error.path(), root, span.start);
    let message = one_line(error.inner().message());
    let invalid = |at: usize, field: &KeyPath, problem: String, accepted: String| {
        let at = line_col(text, at);
        LevelError::Invalid(
            Diagnostic::invalid(
                file,
                (at.line, at.column),
                field.to_string(),
                problem,
                accepted,
            )
            .into(),
        )
    };

    if let Some(rest) = message.strip_prefix("unknown field `")
        && let Some((key, expected)) = rest.split_once('`')
    {
        if field.0.last() != Some(&Segment::Key(key.to_owned())) {
            field = field.key(key);
        }
        let at = key_span(root, &field).map_or(span.start, |key_at| key_at.start);
        return invalid(at, &field, "unknown key".into(), plain_list(expected));
    }
    if let Some(rest) = message.strip_prefix("unknown variant `")
        && let Some((value, expected)) = rest.split_once('`')
    {
        return invalid(
            span.start,
            &field,
            format!("unknown value \"{value}\""),
            plain_list(expected),
        );
    }
    let accepted = accepted_at(&field);
    if let Some((found, expected)) = key_path::wrong_value(&message) {
        let accepted = accepted.unwrap_or_else(|| expected.to_owned());
        return invalid(span.start, &field, found, accepted);
    }
    if let Some(rest) = message.strip_prefix("missing field `")
        && let Some((key, _)) = rest.split_once('`')
    {
        let missing = field.key(key);
        let accepted = accepted_at(&missing).unwrap_or_else(|| "see levels/FORMAT.md".into());
        return invalid(
            span.start,
            &missing,
            "missing required field".into(),
            accepted,
        );
    }
    let accepted = accepted.unwrap_or_else(|| "see levels/FORMAT.md".into());
    invalid(span.start, &field, message, accepted)
}

/// What the field at `path` accepts, as levels/FORMAT.md says it; `None`
/// for a path no level file has.
fn accepted_at(path: &KeyPath) -> Option<String> {
    let keys: Vec<&str> = path
        .0
        .iter()
        .map(|segment| match segment {
            Segment::Key(key) => key.as_str(),
            Segment::Index(_) => "",
        })
        .collect();
    let range = |start: &dyn std::fmt::Display, end: &dyn std::fmt::Display| {
        Some(format!("{start} to {end}"))
    };
    match keys.as_slice() {
        ["description"] => Some("one line of text in quotes".into()),
        ["generator"] => Some("a [generator] table (see levels/FORMAT.md)".into()),
        ["layout"] => Some("a [layout] table with a map and an optional legend".into()),
        ["generator", "kind"] => Some("rooms, caves, mix".into()),
        ["generator", "width" | "height"] => range(SIDE_RANGE.start(), SIDE_RANGE.end()),
        ["generator", "seed"] => Some(format!("a whole number, 0 to {}", u64::MAX)),
        [
            "generator",
            "rooms" | "caves" | "paint" | "spawns" | "items",
        ] => Some("a table (see levels/FORMAT.md)".into()),
        ["generator", "rooms", "min_room" | "max_room"] => {
            range(ROOM_SIDE_RANGE.start(), ROOM_SIDE_RANGE.end())
        }
        ["generator", "rooms", "loops" | "doors" | "closed_doors"]
        | ["generator", "caves", "fill"]
        | [
            "generator",
            "paint",
            "deep_water" | "shallow_water" | "swamp" | "mud" | "grass" | "rubble",
        ] => Some("0.0 to 1.0".into()),
        ["generator", "caves", "smoothing"] => {
            range(SMOOTHING_RANGE.start(), SMOOTHING_RANGE.end())
        }
        ["generator", "paint", "frequency"] => {
            range(FREQUENCY_RANGE.start(), FREQUENCY_RANGE.end())
        }
        ["generator", "spawns", _] => Some(format!(
            "a whole number of spawn cells, 0 to {MAX_SPAWNS} over all factions"
        )),
        ["generator", "items", _] => Some("a whole number of items, 0 or more".into()),
        ["layout", "map"] => Some("the map's rows in a ''' literal string, one row a line".into()),
        ["layout", "legend"] => Some("a table of one character to a meaning".into()),
        ["layout", "legend", _] => Some(accepted_legend_values()),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use std::path::Path;

    use crate::world::level::file::LevelFile;

    /// The message a user reads for level file `text` (named `l.toml`).
    fn error_of(text: &str) -> String {
        LevelFile::parse(Path::new("l.toml"), text)
            .expect_err("a bad level file")
            .to_string()
    }

    const HEAD: &str = "description = \"x\"\n[generator]\nkind = \"rooms\"\n";

    #[test]
    fn a_value_of_the_wrong_type_names_its_field_and_range() {
        assert_eq!(
            error_of(&format!("{HEAD}width = \"80\"\nheight = 20\n")),
            "l.toml:4:9: generator.width: string \"80\" is the wrong type; accepted values: \
             16 to 1024"
        );
        assert_eq!(
            error_of(&format!("{HEAD}width = -10\nheight = 20\n")),
            "l.toml:4:9: generator.width: integer `-10` is not accepted; accepted values: \
             16 to 1024"
        );
        assert_eq!(
            error_of(&format!(
                "{HEAD}width = 20\nheight = 20\n[generator.paint]\nswamp = \"lots\"\n"
            )),
            "l.toml:7:9: generator.paint.swamp: string \"lots\" is the wrong type; \
             accepted values: 0.0 to 1.0"
        );
        assert_eq!(
            error_of(&format!(
                "{HEAD}width = 20\nheight = 20\n[generator.spawns]\ngoblins = 2.5\n"
            )),
            "l.toml:7:11: generator.spawns.goblins: floating point `2.5` is the wrong type; \
             accepted values: a whole number of spawn cells, 0 to 4096 over all factions"
        );
    }

    #[test]
    fn an_unknown_key_or_kind_lists_the_accepted_ones() {
        assert_eq!(
            error_of(&format!("{HEAD}widht = 20\nheight = 20\n")),
            "l.toml:4:1: generator.widht: unknown key; accepted values: kind, width, height, \
             seed, rooms, caves, paint, spawns, items"
        );
        assert_eq!(
            error_of("description = \"x\"\n[generator]\nkind = \"cavez\"\n"),
            "l.toml:3:8: generator.kind: unknown value \"cavez\"; accepted values: rooms, \
             caves, mix"
        );
    }

    #[test]
    fn a_missing_field_or_a_layout_written_as_text_is_named() {
        let missing = error_of(&format!("{HEAD}width = 20\n"));
        assert!(
            missing
                .contains("generator.height: missing required field; accepted values: 16 to 1024"),
            "{missing}"
        );
        assert_eq!(
            error_of("description = \"x\"\nlayout = \"\"\"\n#@>#\n\"\"\"\n"),
            "l.toml:2:10: layout: string \"#@>#\\n\" is the wrong type; accepted values: a \
             [layout] table with a map and an optional legend"
        );
    }
}
