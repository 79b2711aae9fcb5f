//! Untrusted text made safe to print: file contents quoted in an error (a
//! `.map` header, a level's name, a config value) may hold control bytes,
//! and an escape sequence printed raw would clear the screen, set the
//! window title or worse. Every error that reaches the terminal, and every
//! text file the game writes (run summaries), goes through
//! [`escape_controls`] first. It lives in the core because the core writes
//! those files; the front end uses it for the screen.
//!
//! It only rewrites characters; it must never drop or reorder any, so the
//! message still says exactly what the file holds.

use std::borrow::Cow;
use std::fmt::Write;

/// `text` with every control character except line feed and tab written as
/// a visible escape (`\x1b`, `\u{9b}`). Line breaks stay, so multi-line
/// messages (a config error's caret snippet) keep their shape.
#[must_use]
pub fn escape_controls(text: &str) -> Cow<'_, str> {
    if !text.chars().any(needs_escape) {
        return Cow::Borrowed(text);
    }
    let mut escaped = String::with_capacity(text.len() + 8);
    for c in text.chars() {
        if !needs_escape(c) {
            escaped.push(c);
        } else if u32::from(c) < 0x80 {
            // Writing to a String cannot fail.
            let _ = write!(escaped, "\\x{:02x}", u32::from(c));
        } else {
            let _ = write!(escaped, "\\u{{{:x}}}", u32::from(c));
        }
    }
    Cow::Owned(escaped)
}

/// Control characters (C0, DEL, C1) and the bidirectional overrides that
/// make text read differently from what it holds.
fn needs_escape(c: char) -> bool {
    (c.is_control() && c != '\n' && c != '\t')
        || matches!(c, '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}')
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn escapes_and_carriage_returns_become_visible_and_lines_stay() {
        let text = "type \u{1b}]0;pwned\u{7}\u{1b}[2J\r\nnext\tline \u{9b}1m \u{202e}x";
        assert_eq!(
            escape_controls(text),
            "type \\x1b]0;pwned\\x07\\x1b[2J\\x0d\nnext\tline \\u{9b}1m \\u{202e}x"
        );
        assert!(matches!(escape_controls("plain: µs ✓"), Cow::Borrowed(_)));
    }
}
