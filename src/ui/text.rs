//! Plain-text helpers every view shares: word wrapping, cutting to a width,
//! the game-time format.
//!
//! Pure functions of their arguments: they know no `App` and no widget, so
//! any view (and the app's scroll limits) can use them without tying the
//! views and the app into a loop.

use unicode_width::{UnicodeWidthChar, UnicodeWidthStr};

use fogcrawl_core::escape_controls;

/// The columns `text` takes on screen: a CJK character or most emoji take
/// two, a combining mark none (the measure ratatui draws by).
fn columns(text: &str) -> usize {
    text.width()
}

/// The columns one character takes (a control character, escaped before
/// any text is wrapped, counts as none).
fn char_columns(character: char) -> usize {
    character.width().unwrap_or(0)
}

/// The longest start of `text` that fits in `width` columns, and the rest.
/// At least one character goes first, so a character wider than the line
/// still moves the text on.
fn split_at_columns(text: &str, width: usize) -> (&str, &str) {
    let mut used = 0;
    for (index, character) in text.char_indices() {
        let next = used + char_columns(character);
        if next > width && index > 0 {
            return text.split_at(index);
        }
        used = next;
    }
    (text, "")
}

/// `12.5` style game time.
pub(crate) fn format_time(time: f64) -> String {
    format!("{time:.1}")
}

/// A logged message's rows at `width` columns: `(margin, text)`, the margin
/// being the game time on the first row and as many spaces under it, so the
/// wrapped text lines up. Messages quote files (config errors, level names),
/// so control bytes are escaped.
pub(crate) fn stamped_rows(time: f64, text: &str, width: usize) -> Vec<(String, String)> {
    let stamp = format!("{:>7} ", format_time(time));
    let text_width = width.saturating_sub(stamp.len()).max(1);
    let indent = " ".repeat(stamp.len());
    word_wrap(&escape_controls(text), text_width)
        .into_iter()
        .enumerate()
        .map(|(row, part)| {
            (
                if row == 0 {
                    stamp.clone()
                } else {
                    indent.clone()
                },
                part,
            )
        })
        .collect()
}

/// `text` cut to at most `width` columns, ending in `…` if cut (at a
/// word boundary when there is one).
pub(crate) fn truncate_with_ellipsis(text: &str, width: usize) -> String {
    if columns(text) <= width {
        return text.to_owned();
    }
    if width < 2 {
        return String::new();
    }
    let (cut, rest) = split_at_columns(text, width - 1);
    // A cut that falls just before a space keeps its last word whole.
    let at_word_end = rest.chars().next().is_some_and(char::is_whitespace);
    let cut = match cut.rfind(' ') {
        Some(space) if space > 0 && !at_word_end => cut[..space].trim_end().to_owned(),
        _ => cut.trim_end().to_owned(),
    };
    format!("{cut}…")
}

/// `text` laid word by word into rows of the given widths (a row ends
/// where the next word would not fit); what is left for the last row is
/// cut there with `…`. As many rows as the text needs, at most
/// `widths.len()`.
pub(crate) fn fill_rows(text: &str, widths: &[usize]) -> Vec<String> {
    let words: Vec<&str> = text.split_whitespace().collect();
    let mut rows = Vec::new();
    let mut next = 0;
    for (row, &width) in widths.iter().enumerate() {
        if next >= words.len() {
            break;
        }
        if row + 1 == widths.len() {
            rows.push(truncate_with_ellipsis(&words[next..].join(" "), width));
            break;
        }
        let mut line = String::new();
        let mut line_len = 0;
        while let Some(word) = words.get(next) {
            let word_len = columns(word);
            let needed = if line_len == 0 {
                word_len
            } else {
                line_len + 1 + word_len
            };
            if needed > width {
                break;
            }
            if line_len > 0 {
                line.push(' ');
            }
            line.push_str(word);
            line_len = needed;
            next += 1;
        }
        rows.push(line);
    }
    rows
}

/// Splits `text` into lines of at most `width` columns at spaces
/// (breaking words longer than a line), measured as the screen draws them.
pub(crate) fn word_wrap(text: &str, width: usize) -> Vec<String> {
    let width = width.max(1);
    let mut lines = Vec::new();
    let mut current = String::new();
    let mut current_len = 0;
    for word in text.split_whitespace() {
        let mut word = word;
        while columns(word) > width {
            if current_len > 0 {
                lines.push(std::mem::take(&mut current));
                current_len = 0;
            }
            let (line, rest) = split_at_columns(word, width);
            lines.push(line.to_owned());
            word = rest;
        }
        let word_len = columns(word);
        let needed = if current_len == 0 {
            word_len
        } else {
            current_len + 1 + word_len
        };
        if needed > width && current_len > 0 {
            lines.push(std::mem::take(&mut current));
            current_len = 0;
        }
        if current_len > 0 {
            current.push(' ');
            current_len += 1;
        }
        current.push_str(word);
        current_len += word_len;
    }
    if current_len > 0 || lines.is_empty() {
        lines.push(current);
    }
    lines
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn long_text_is_cut_at_a_word_with_an_ellipsis() {
        assert_eq!(
            truncate_with_ellipsis("a swamp costs more", 18),
            "a swamp costs more"
        );
        assert_eq!(truncate_with_ellipsis("a swamp costs more", 12), "a swamp…");
        assert_eq!(truncate_with_ellipsis("swamps", 4), "swa…");
        assert_eq!(truncate_with_ellipsis("a swamp costs", 8), "a swamp…");
        assert_eq!(truncate_with_ellipsis("swamps", 1), "");
    }

    #[test]
    fn text_fills_rows_of_given_widths_and_the_last_is_cut() {
        assert_eq!(
            fill_rows("the swamp costs more than the road", &[10, 20]),
            ["the swamp", "costs more than the…"]
        );
        assert_eq!(
            fill_rows("the swamp costs more", &[10, 20]),
            ["the swamp", "costs more"]
        );
        assert_eq!(fill_rows("short", &[10, 20, 20]), ["short"]);
        assert_eq!(fill_rows("", &[10]), Vec::<String>::new());
    }

    #[test]
    fn words_wrap_at_spaces_and_long_words_break() {
        assert_eq!(
            word_wrap("the goblin hits you", 10),
            ["the goblin", "hits you"]
        );
        assert_eq!(word_wrap("abcdefghij", 4), ["abcd", "efgh", "ij"]);
        assert_eq!(word_wrap("", 5), [""]);
    }

    #[test]
    fn wide_characters_wrap_and_cut_by_the_columns_they_take() {
        // Each of these takes two columns: three fit in six, not six.
        assert_eq!(
            word_wrap("洞窟の奥 ゴブリン", 6),
            ["洞窟の", "奥", "ゴブリ", "ン"]
        );
        // A combining accent takes none: four characters, three columns.
        assert_eq!(word_wrap("é e\u{301}", 3), ["é e\u{301}"]);
        assert_eq!(truncate_with_ellipsis("ゴブリンが来る", 7), "ゴブリ…");
        assert_eq!(fill_rows("洞窟 の奥", &[5, 5]), ["洞窟", "の奥"]);
        // A character wider than the line still gets a line of its own.
        assert_eq!(word_wrap("洞", 1), ["洞"]);
    }

    #[test]
    fn message_rows_carry_the_time_then_line_up_under_it() {
        assert_eq!(
            stamped_rows(2.5, "the goblin hits you", 18),
            [
                ("    2.5 ".to_owned(), "the goblin".to_owned()),
                ("        ".to_owned(), "hits you".to_owned()),
            ]
        );
    }
}
