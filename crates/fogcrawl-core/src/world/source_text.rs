//! Positions in a level file's text: byte offsets to line and column, and the span of
//! a value named by its key path.
//!
//! Used to point error messages at the exact place to fix. It must never interpret a
//! level: it only finds places in text.

use std::ops::Range;

use toml::de::{DeTable, DeValue};

/// A 1-based line and column (in characters).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct LineCol {
    /// 1-based line.
    pub line: usize,
    /// 1-based column, counted in characters.
    pub column: usize,
}

/// The line and column of byte `offset` in `text` (clamped to the text).
#[must_use]
pub(crate) fn line_col(text: &str, offset: usize) -> LineCol {
    let mut offset = offset.min(text.len());
    while !text.is_char_boundary(offset) {
        offset -= 1;
    }
    let before = &text[..offset];
    let line = before.matches('\n').count() + 1;
    let line_start = before.rfind('\n').map_or(0, |i| i + 1);
    LineCol {
        line,
        column: before[line_start..].chars().count() + 1,
    }
}

/// The byte span of the value at `path` (e.g. `["generator", "paint", "swamp"]`), or of
/// its nearest existing ancestor; `0..0` if the text does not parse or nothing matches.
#[must_use]
pub(crate) fn span_of(text: &str, path: &[&str]) -> Range<usize> {
    let Ok(root) = DeTable::parse(text) else {
        return 0..0;
    };
    let mut span = 0..0;
    let mut value = DeValue::Table(root.into_inner());
    for key in path {
        match value.get(*key) {
            Some(child) => {
                span = child.span();
                value = child.get_ref().clone();
            }
            None => break,
        }
    }
    span
}

/// [`line_col`] of [`span_of`]'s start.
#[must_use]
pub(crate) fn locate(text: &str, path: &[&str]) -> LineCol {
    line_col(text, span_of(text, path).start)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn offsets_become_lines_and_columns() {
        let text = "a = 1\nbé = 2\n";
        assert_eq!(line_col(text, 0), LineCol { line: 1, column: 1 });
        assert_eq!(line_col(text, 6), LineCol { line: 2, column: 1 });
        assert_eq!(line_col(text, 11), LineCol { line: 2, column: 5 });
        assert_eq!(line_col(text, 999).line, 3);
    }

    #[test]
    fn key_paths_are_found() {
        let text = "x = 1\n[generator]\nkind = \"rooms\"\n\n[generator.paint]\nswamp = 2.0\n";
        assert_eq!(
            locate(text, &["generator", "paint", "swamp"]),
            LineCol { line: 6, column: 9 }
        );
        assert_eq!(locate(text, &["generator", "kind"]).line, 3);
        // A missing key points at its parent.
        assert_eq!(locate(text, &["generator", "paint", "mud"]).line, 5);
    }
}
