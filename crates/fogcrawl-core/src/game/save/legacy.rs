//! Reading the saves of format 1: the whole game as one JSON object,
//! `{"format": 1, "game": {...}}`. Games saved before the binary format
//! (`game::save::format`) still load once; the next save writes the current format (3).
//! This module never writes: the JSON form is only read.

use serde::Deserialize;

use crate::game::save::save_error::DecodeError;
use crate::game::state::Game;
use crate::save_version::LEGACY_FORMAT;

#[derive(Deserialize)]
struct SaveIn {
    format: u64,
    game: serde_json::Value,
}

/// Whether `bytes` may be a JSON save: the first byte that is not white
/// space opens an object.
pub(crate) fn looks_like_json(bytes: &[u8]) -> bool {
    bytes
        .iter()
        .find(|b| !b.is_ascii_whitespace())
        .is_some_and(|&b| b == b'{')
}

/// The game in a JSON save. The format number is read before the game, so a
/// save of another format is named as such, not as damaged.
pub(crate) fn decode(bytes: &[u8]) -> Result<Game, DecodeError> {
    let save: SaveIn =
        serde_json::from_slice(bytes).map_err(|err| DecodeError::NotASave(err.to_string()))?;
    if save.format != u64::from(LEGACY_FORMAT) {
        return Err(DecodeError::Format { found: save.format });
    }
    // As in the binary format: no grid may claim more cells than the save
    // has bytes, each level cell taking at least one.
    let (decoded, _) = crate::decode_budget::with_cell_budget(bytes.len(), || {
        crate::save_version::with_format(LEGACY_FORMAT, || serde_json::from_value(save.game))
    });
    decoded.map_err(|err| DecodeError::Damaged(err.to_string()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn json_is_told_by_its_first_byte() {
        assert!(looks_like_json(b" \n{\"format\": 1}"));
        assert!(!looks_like_json(b"FOGCRAWL-SAVE\n"));
        assert!(!looks_like_json(b""));
    }

    #[test]
    fn another_format_and_a_damaged_game_are_told_apart() {
        assert_eq!(
            decode(br#"{"format": 999, "game": {}}"#).err(),
            Some(DecodeError::Format { found: 999 })
        );
        let err = decode(br#"{"format": 1, "game": 7}"#).expect_err("damaged");
        assert!(err.to_string().starts_with("it is damaged ("), "{err}");
        let err = decode(b"{ not json").expect_err("not a save");
        assert!(
            err.to_string().starts_with("it is not a fogcrawl save"),
            "{err}"
        );
    }
}
