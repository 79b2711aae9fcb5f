//! The plain-text form of a level: one ASCII character per cell.
//!
//! Used by `fogcrawl render`, golden snapshots, test fixtures and as the default legend of
//! hand-drawn layouts. It is the plain-text form only, never the UI's theme: the terminal
//! front end picks its own glyphs and colours.
//!
//! | char | meaning        | char | meaning       |
//! |------|----------------|------|---------------|
//! | `#`  | wall           | `~`  | shallow water |
//! | `.`  | floor          | `W`  | deep water    |
//! | `=`  | road           | `*`  | rubble        |
//! | `"`  | grass          | `+`  | closed door   |
//! | `,`  | mud            | `'`  | open door     |
//! | `%`  | swamp          | `>`  | stairs down   |
//! | `@`  | start (on floor) | `a`-`z` | a spawn (faction's first letter, on floor) |
//! | `!`  | healing draught (on floor) | `(` | throwing knife (on floor) |
//! | `&`  | noisemaker (on floor) | `^` | caltrops (on floor) |
//! | `:`  | smoke bomb (on floor) | `?` | scroll of mapping (on floor) |
//! | `-`  | wand of slowing (on floor) |  |  |

use crate::world::{ItemKind, Level, Pos, Terrain};

/// The character for the player's start.
pub(crate) const START_CHAR: char = '@';
/// Drawn for a spawn whose faction name does not start with an ASCII letter.
pub(crate) const FALLBACK_SPAWN_CHAR: char = 's';

/// The plain-text character of a terrain.
#[must_use]
pub const fn terrain_char(terrain: Terrain) -> char {
    match terrain {
        Terrain::Wall => '#',
        Terrain::Floor => '.',
        Terrain::Road => '=',
        Terrain::Grass => '"',
        Terrain::Mud => ',',
        Terrain::Swamp => '%',
        Terrain::ShallowWater => '~',
        Terrain::DeepWater => 'W',
        Terrain::Rubble => '*',
        Terrain::ClosedDoor => '+',
        Terrain::OpenDoor => '\'',
        Terrain::StairsDown => '>',
    }
}

/// The character the game shows for `terrain` (the screen, the run
/// summary): the level-file character, except deep water, shown as `≈`
/// so it reads as water and not as a letter.
#[must_use]
pub const fn terrain_glyph(terrain: Terrain) -> char {
    match terrain {
        Terrain::DeepWater => '≈',
        other => terrain_char(other),
    }
}

/// The terrain drawn as `c`, if any.
#[must_use]
pub fn terrain_from_char(c: char) -> Option<Terrain> {
    Terrain::ALL.into_iter().find(|&t| terrain_char(t) == c)
}

/// The character drawn for a spawn of `faction`: its first letter, lower-cased.
#[must_use]
pub(crate) fn spawn_char(faction: &str) -> char {
    match faction.chars().next() {
        Some(c) if c.is_ascii_alphabetic() => c.to_ascii_lowercase(),
        _ => FALLBACK_SPAWN_CHAR,
    }
}

/// Draws the level, one line per row, each ending in `\n`. Markers (start, spawns)
/// are drawn over their cell's terrain; the stairs are terrain already.
#[must_use]
pub fn render(level: &Level) -> String {
    let mut chars: Vec<char> = level.cells().iter().map(|&t| terrain_char(t)).collect();
    let mut mark = |pos: Pos, c: char| {
        if let Some(i) = level.index(pos) {
            chars[i] = c;
        }
    };
    for (faction, cells) in &level.spawns {
        for &pos in cells {
            mark(pos, spawn_char(faction));
        }
    }
    for &(pos, item) in &level.items {
        mark(pos, item.plain_char());
    }
    mark(level.start, START_CHAR);
    let mut out = String::with_capacity((level.width() + 1) * level.height());
    for row in chars.chunks(level.width().max(1)) {
        out.extend(row);
        out.push('\n');
    }
    out
}

/// Reads the plain-text form back: terrain characters, `@` for the start (on floor) and
/// a lower-case letter for a spawn of the faction named by that letter (on floor).
/// Returns `None` for ragged rows, unknown characters or a missing start. Meant for
/// fixtures and snapshots; level files use `super::file`, which reports errors.
#[must_use]
pub fn parse(text: &str) -> Option<Level> {
    let rows: Vec<&str> = text.lines().filter(|r| !r.is_empty()).collect();
    let width = rows.first()?.chars().count();
    let mut level = Level::filled(width, rows.len(), Terrain::Wall);
    if rows.iter().any(|row| row.chars().count() != width) {
        return None;
    }
    let mut start = None;
    let chars = rows.iter().flat_map(|row| row.chars());
    for (pos, c) in level.positions().zip(chars) {
        let terrain = if c == START_CHAR {
            start = Some(pos);
            Terrain::Floor
        } else if c.is_ascii_lowercase() {
            level.spawns.entry(c.to_string()).or_default().push(pos);
            Terrain::Floor
        } else if let Some(item) = ItemKind::from_plain_char(c) {
            level.items.push((pos, item));
            Terrain::Floor
        } else {
            terrain_from_char(c)?
        };
        if terrain == Terrain::StairsDown {
            level.stairs = pos;
        }
        level.set(pos, terrain);
    }
    level.start = start?;
    Some(level)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_terrain_has_a_distinct_char() {
        for t in Terrain::ALL {
            assert_eq!(terrain_from_char(terrain_char(t)), Some(t));
            assert!(!terrain_char(t).is_ascii_lowercase());
            assert_ne!(terrain_char(t), START_CHAR);
        }
    }

    #[test]
    fn render_and_parse_round_trip() {
        let text = "\
#########
#@.=\",%~#
#W*+'>.g#
#########
";
        let level = parse(text).expect("valid fixture");
        assert_eq!(level.start, Pos::new(1, 1));
        assert_eq!(level.stairs, Pos::new(5, 2));
        assert_eq!(level.spawns["g"], vec![Pos::new(7, 2)]);
        assert_eq!(level.terrain_at(Pos::new(2, 2)), Some(Terrain::Rubble));
        assert_eq!(render(&level), text);
    }

    #[test]
    fn bad_text_is_rejected() {
        assert!(parse("#.#\n##\n").is_none());
        assert!(parse("#?#\n").is_none());
        assert!(parse("...\n").is_none());
    }
}
