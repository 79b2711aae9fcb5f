//! Dotted key paths (`factions.goblins.weight`, `monsters[2].hp`): building them for
//! messages, and finding the one at a byte offset of a config file.
//!
//! Used to name the field of an error that toml reports only by position. It must never
//! interpret values: it only maps places in the text to keys.

use std::fmt;
use std::ops::Range;

use toml::de::{DeTable, DeValue};

/// One step of a key path.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Segment {
    /// A table key.
    Key(String),
    /// A 0-based array position.
    Index(usize),
}

/// A path of keys and array positions from the top of the file.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct KeyPath(pub Vec<Segment>);

impl KeyPath {
    /// The path with `key` appended.
    #[must_use]
    pub fn key(&self, key: &str) -> KeyPath {
        let mut segments = self.0.clone();
        segments.push(Segment::Key(key.to_owned()));
        KeyPath(segments)
    }

    /// The path with array position `index` appended.
    #[must_use]
    pub fn index(&self, index: usize) -> KeyPath {
        let mut segments = self.0.clone();
        segments.push(Segment::Index(index));
        KeyPath(segments)
    }

    /// A path from the top of the file.
    #[must_use]
    pub fn root(key: &str) -> KeyPath {
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

/// The path of the innermost key or value whose text holds byte `offset`; the empty
/// path if the text does not parse or the offset is outside every key and value.
#[must_use]
pub fn path_at(text: &str, offset: usize) -> KeyPath {
    let Ok(root) = DeTable::parse(text) else {
        return KeyPath::default();
    };
    let mut best = Best {
        path: KeyPath::default(),
        width: usize::MAX,
        offset,
    };
    visit_table(root.get_ref(), &KeyPath::default(), &mut best);
    best.path
}

/// The span of the last key of `path` in `text` (its value's span for an array
/// position); `None` if the text does not parse or the path is not there.
#[must_use]
pub fn key_span(text: &str, path: &KeyPath) -> Option<Range<usize>> {
    let root = DeTable::parse(text).ok()?;
    let mut value = DeValue::Table(root.into_inner());
    let mut span = None;
    for segment in &path.0 {
        let (child_span, child) = match (segment, &value) {
            (Segment::Key(key), DeValue::Table(table)) => {
                let (found_key, child) = table.get_key_value(key.as_str())?;
                (found_key.span(), child.get_ref().clone())
            }
            (Segment::Index(index), DeValue::Array(items)) => {
                let item = items.get(*index)?;
                (item.span(), item.get_ref().clone())
            }
            _ => return None,
        };
        span = Some(child_span);
        value = child;
    }
    span
}

/// The narrowest span found so far that holds the offset.
struct Best {
    path: KeyPath,
    width: usize,
    offset: usize,
}

impl Best {
    fn consider(&mut self, span: Range<usize>, path: &KeyPath) {
        // A span may be empty at the offset (toml points at an empty table's end).
        let holds = span.contains(&self.offset) || span.start == self.offset;
        if holds && span.len() < self.width {
            self.width = span.len();
            self.path = path.clone();
        }
    }
}

fn visit_table(table: &DeTable<'_>, path: &KeyPath, best: &mut Best) {
    for (key, value) in table {
        let child = path.key(key.get_ref());
        best.consider(key.span(), &child);
        best.consider(value.span(), &child);
        visit_value(value.get_ref(), &child, best);
    }
}

fn visit_value(value: &DeValue<'_>, path: &KeyPath, best: &mut Best) {
    match value {
        DeValue::Table(table) => visit_table(table, path, best),
        DeValue::Array(items) => {
            for (index, item) in items.iter().enumerate() {
                let child = path.index(index);
                best.consider(item.span(), &child);
                visit_value(item.get_ref(), &child, best);
            }
        }
        _ => {}
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn paths_print_dotted_with_indices_and_quoted_keys() {
        let path = KeyPath::root("monsters").index(2).key("hp");
        assert_eq!(path.to_string(), "monsters[2].hp");
        let odd = KeyPath::root("factions").key("deep ones").key("weight");
        assert_eq!(odd.to_string(), "factions.\"deep ones\".weight");
        assert_eq!(KeyPath::default().to_string(), "(top level)");
    }

    #[test]
    fn the_innermost_key_at_an_offset_is_found() {
        let text = "[factions.goblins]\nweight = 2.0\n\n[[monsters]]\nname = \"a\"\n\n[[monsters]]\nhp = 3\n";
        let at = |needle: &str| path_at(text, text.find(needle).unwrap_or(0)).to_string();
        assert_eq!(at("2.0"), "factions.goblins.weight");
        assert_eq!(at("weight"), "factions.goblins.weight");
        assert_eq!(at("hp"), "monsters[1].hp");
        assert_eq!(at("\"a\""), "monsters[0].name");
        assert_eq!(path_at("not = [toml", 3), KeyPath::default());
        let weight = KeyPath::root("factions").key("goblins").key("weight");
        assert_eq!(key_span(text, &weight), Some(19..25));
        assert_eq!(key_span(text, &KeyPath::root("monsters").index(5)), None);
    }
}
