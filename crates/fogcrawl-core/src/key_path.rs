//! Dotted key paths (`factions.goblins.weight`, `monsters[2].hp`): building them for
//! messages, and naming the field of a shape error from the path serde took to it
//! (`serde_path_to_error`).
//!
//! It must never interpret values: it only maps serde's path and toml's spans in the
//! parsed file (never parsed again here) to keys.

use std::fmt;
use std::ops::Range;

use toml::Spanned;
use toml::de::{DeTable, DeValue};

/// One step of a key path.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Segment {
    /// A table key.
    Key(String),
    /// A 0-based array position.
    Index(usize),
}

/// A path of keys and array positions from the top of the file.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub(crate) struct KeyPath(pub Vec<Segment>);

impl KeyPath {
    /// The path with `key` appended.
    #[must_use]
    pub(crate) fn key(&self, key: &str) -> KeyPath {
        let mut segments = self.0.clone();
        segments.push(Segment::Key(key.to_owned()));
        KeyPath(segments)
    }

    /// The path with array position `index` appended.
    #[must_use]
    pub(crate) fn index(&self, index: usize) -> KeyPath {
        let mut segments = self.0.clone();
        segments.push(Segment::Index(index));
        KeyPath(segments)
    }

    /// A path from the top of the file.
    #[must_use]
    pub(crate) fn root(key: &str) -> KeyPath {
        KeyPath::default().key(key)
    }
}

/// Whether `key` can be written bare in TOML (else it is shown quoted).
fn is_bare_key(key: &str) -> bool {
    !key.is_empty()
        && key
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '-')
}

impl fmt::Display for KeyPath {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.0.is_empty() {
            return f.write_str("(top level)");
        }
        for (position, segment) in self.0.iter().enumerate() {
            match segment {
                Segment::Key(key) => {
                    if position > 0 {
                        f.write_str(".")?;
                    }
                    if is_bare_key(key) {
                        f.write_str(key)?;
                    } else {
                        write!(f, "{key:?}")?;
                    }
                }
                Segment::Index(index) => write!(f, "[{index}]")?,
            }
        }
        Ok(())
    }
}

/// The key of the map entries `toml::Spanned` reads a value through: not a key of the
/// file.
const SPANNED_FIELD_PREFIX: &str = "$__serde_spanned_private_";

/// The key path of a shape error, from the path serde took to it and the parsed file
/// `root`. A table key that serde read as a spanned value (its path says only "some
/// key") is named from `root`: the entry whose text holds byte `offset`, where toml
/// reported the error. The path stops at a step it cannot follow.
#[must_use]
pub(crate) fn from_serde(
    serde_path: &serde_path_to_error::Path,
    root: &DeTable<'_>,
    offset: usize,
) -> KeyPath {
    use serde_path_to_error::Segment as Step;
    let mut path = KeyPath::default();
    let mut table = Some(root);
    let mut value: Option<&DeValue<'_>> = None;
    for step in serde_path {
        let next = match step {
            Step::Map { key } if key.starts_with(SPANNED_FIELD_PREFIX) => continue,
            Step::Map { key } | Step::Enum { variant: key } => {
                path = path.key(key);
                table.and_then(|table| table.get(key.as_str()))
            }
            Step::Seq { index } => {
                path = path.index(*index);
                match value {
                    Some(DeValue::Array(items)) => items.get(*index),
                    _ => None,
                }
            }
            Step::Unknown => {
                let Some((key, entry)) = table.and_then(|table| {
                    table.iter().find(|(key, entry)| {
                        holds(key.span(), offset) || value_holds(entry, offset)
                    })
                }) else {
                    break;
                };
                path = path.key(key.get_ref());
                Some(entry)
            }
        };
        value = next.map(Spanned::get_ref);
        table = match value {
            Some(DeValue::Table(inner)) => Some(inner),
            _ => None,
        };
    }
    path
}

/// Whether `span` holds byte `offset` (an empty span at the offset does: toml points
/// at an empty table's end).
fn holds(span: Range<usize>, offset: usize) -> bool {
    span.contains(&offset) || span.start == offset
}

/// Whether `value`, or a key or value within it, holds byte `offset` (a table's
/// header and its keys lie apart in the text).
fn value_holds(value: &Spanned<DeValue<'_>>, offset: usize) -> bool {
    holds(value.span(), offset)
        || match value.get_ref() {
            DeValue::Table(table) => table
                .iter()
                .any(|(key, inner)| holds(key.span(), offset) || value_holds(inner, offset)),
            DeValue::Array(items) => items.iter().any(|item| value_holds(item, offset)),
            _ => false,
        }
}

/// The span of the last key of `path` in the parsed file `root` (its value's span for
/// an array position); `None` if the path is not there.
#[must_use]
pub(crate) fn key_span(root: &DeTable<'_>, path: &KeyPath) -> Option<Range<usize>> {
    let mut table = Some(root);
    let mut value: Option<&DeValue<'_>> = None;
    let mut span = None;
    for segment in &path.0 {
        let (child_span, child) = match (segment, value) {
            (Segment::Key(key), _) => {
                let (found_key, child) = table?.get_key_value(key.as_str())?;
                (found_key.span(), child)
            }
            (Segment::Index(index), Some(DeValue::Array(items))) => {
                let item = items.get(*index)?;
                (item.span(), item)
            }
            (Segment::Index(_), _) => return None,
        };
        span = Some(child_span);
        value = Some(child.get_ref());
        table = match child.get_ref() {
            DeValue::Table(inner) => Some(inner),
            _ => None,
        };
    }
    span
}

/// toml's message on one line (it sometimes adds an `expected ...` line).
#[must_use]
pub(crate) fn one_line(message: &str) -> String {
    message
        .lines()
        .map(str::trim)
        .filter(|line| !line.is_empty())
        .collect::<Vec<_>>()
        .join("; ")
}

/// `a, b, c` from serde's "one of `a`, `b`, `c`" list of expected names.
#[must_use]
pub(crate) fn plain_list(serde_expected: &str) -> String {
    let mut list = String::new();
    for (index, name) in serde_expected.split('`').skip(1).step_by(2).enumerate() {
        if index > 0 {
            list.push_str(", ");
        }
        list.push_str(name);
    }
    list
}

/// serde's "invalid type: FOUND, expected EXPECTED" (or "invalid value: ...")
/// read as what was found with its verdict (`string "80" is the wrong type`)
/// and what serde expected, for a message that names the field's accepted
/// values instead when it knows them; `None` for another message.
#[must_use]
pub(crate) fn wrong_value(message: &str) -> Option<(String, &str)> {
    [
        ("invalid type: ", "is the wrong type"),
        ("invalid value: ", "is not accepted"),
    ]
    .into_iter()
    .find_map(|(prefix, verdict)| {
        let (found, expected) = message.strip_prefix(prefix)?.rsplit_once(", expected ")?;
        Some((format!("{found} {verdict}"), expected))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_wrong_type_or_value_is_read_as_what_was_found_and_what_was_expected() {
        assert_eq!(
            wrong_value("invalid type: string \"80\", expected usize"),
            Some(("string \"80\" is the wrong type".to_owned(), "usize"))
        );
        assert_eq!(
            wrong_value("invalid value: integer `-1`, expected u32"),
            Some(("integer `-1` is not accepted".to_owned(), "u32"))
        );
        assert_eq!(wrong_value("missing field `width`"), None);
    }

    #[test]
    fn paths_print_dotted_with_indices_and_quoted_keys() {
        let path = KeyPath::root("monsters").index(2).key("hp");
        assert_eq!(path.to_string(), "monsters[2].hp");
        let odd = KeyPath::root("factions").key("deep ones").key("weight");
        assert_eq!(odd.to_string(), "factions.\"deep ones\".weight");
        assert_eq!(KeyPath::default().to_string(), "(top level)");
    }

    #[test]
    fn a_key_is_found_in_the_parsed_file() {
        let text = "[factions.goblins]\nweight = 2.0\n\n[[monsters]]\nname = \"a\"\n\n[[monsters]]\nhp = 3\n";
        let root = DeTable::parse(text).expect("TOML");
        let weight = KeyPath::root("factions").key("goblins").key("weight");
        assert_eq!(key_span(root.get_ref(), &weight), Some(19..25));
        let hp = KeyPath::root("monsters").index(1).key("hp");
        assert_eq!(
            key_span(root.get_ref(), &hp),
            text.find("hp").map(|at| at..at + 2)
        );
        assert_eq!(
            key_span(root.get_ref(), &KeyPath::root("monsters").index(5)),
            None
        );
    }
}
