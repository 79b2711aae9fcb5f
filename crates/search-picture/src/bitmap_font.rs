//! The PNG writer's lettering: the public-domain 8x8 bitmap font of the
//! `font8x8` crate (ASCII and Latin-1, so `µ` is there), drawn at a whole-number
//! scale, and the text widths the layout needs to place words.
//!
//! The SVG writer uses the reader's monospace font instead; the layout measures
//! with these metrics, the wider of the two, so text fits in both.

use font8x8::legacy::{BASIC_LEGACY, LATIN_LEGACY};

/// Pixels per glyph side at scale 1 (glyphs are square and advance by their width).
pub const GLYPH_SIDE: u32 = 8;

/// The first code point of `font8x8`'s Latin-1 table (no-break space).
const LATIN_FIRST: u32 = 0xa0;

/// The glyph drawn for a character the font lacks.
const MISSING: char = '?';

/// The 8 rows of `character`'s glyph, top first; bit 0 of a row is its leftmost pixel.
/// A character outside ASCII and Latin-1 draws as `?`.
#[must_use]
pub fn glyph(character: char) -> [u8; 8] {
    let code = u32::from(character);
    let found = if code < 0x80 {
        BASIC_LEGACY.get(code as usize)
    } else {
        code.checked_sub(LATIN_FIRST)
            .and_then(|offset| LATIN_LEGACY.get(offset as usize))
    };
    match found {
        Some(rows) => *rows,
        None => BASIC_LEGACY[MISSING as usize],
    }
}

/// The width in pixels of `text` drawn at `scale`.
#[must_use]
pub fn text_width(text: &str, scale: u32) -> u32 {
    let characters = u32::try_from(text.chars().count()).unwrap_or(u32::MAX);
    characters.saturating_mul(GLYPH_SIDE * scale)
}

/// How many characters at `scale` fit in `width` pixels (at least one, so a very
/// narrow panel still gets its words, one per line).
#[must_use]
pub fn characters_fitting(width: u32, scale: u32) -> usize {
    let per_character = (GLYPH_SIDE * scale).max(1);
    usize::try_from(width / per_character).map_or(usize::MAX, |n| n.max(1))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ascii_and_latin_glyphs_come_from_the_font() {
        assert_eq!(glyph(' '), [0; 8]);
        assert_ne!(glyph('A'), [0; 8]);
        assert_ne!(glyph('µ'), [0; 8], "the micro sign of the µs figure");
        assert_ne!(glyph('µ'), glyph('u'));
    }

    #[test]
    fn characters_outside_the_font_draw_as_a_question_mark() {
        assert_eq!(glyph('→'), glyph('?'));
        assert_eq!(
            glyph('\u{9f}'),
            glyph('?'),
            "a C1 control, below Latin-1's table"
        );
    }

    #[test]
    fn widths_count_characters_not_bytes() {
        assert_eq!(text_width("12 µs", 2), 5 * 16);
        assert_eq!(characters_fitting(100, 2), 6);
        assert_eq!(characters_fitting(3, 2), 1);
    }
}
