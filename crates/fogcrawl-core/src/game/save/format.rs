//! The save file's bytes (formats 3 to 8): a short header, then the game
//! encoded with `postcard` and compressed, under a CRC-32.
//!
//! ```text
//! offset  size  what
//!      0    14  magic: "FOGCRAWL-SAVE\n" (a file that starts so is ours)
//!     14     4  format number, u32 little-endian (5)
//!     18     8  length of the encoded game before compression, u64 LE
//!     26     4  CRC-32 (IEEE) of bytes 18.. to the end of the file
//!     30     …  the encoded game, compressed: since format 5 its long runs
//!               of one byte as counts (`game::save::byte_runs`), the rest
//!               LZ4 block-compressed; before, LZ4 alone
//! ```
//!
//! Why these choices (the measurements behind them are in docs/SAVES.md).
//! `postcard` writes the game's own serde types as compact binary, so no
//! second set of types has to be kept in step with the game; it is not
//! self-describing, so the types reachable from `Game` avoid
//! `#[serde(flatten)]`, `skip_serializing_if`, untagged enums and
//! `deserialize_any`. LZ4 (`lz4_flex`, pure Rust) because it is fast both
//! ways and the saves are far under budget anyway. Knowledge is written
//! packed (a byte per belief, the sighting times as one byte string, see
//! `ai::knowledge`) because element by element it was most of the encoding
//! time.
//!
//! The checksum covers everything after itself, so a flipped bit or a file
//! cut short is told apart from a save of another version and set aside,
//! never decoded into a game that only looks whole; the save check
//! (`game::save::check`) still validates what decodes.
//!
//! This module only turns a game into bytes and back: where the file lives,
//! atomic writes and setting damaged saves aside are `game::save`'s.
//!
//! Versions. `postcard` is not self-describing, so any field added to a
//! saved type changes the format: bump [`SAVE_FORMAT`], and either keep
//! reading the older format or name it in a clear refusal. Format 3 added
//! the run's start, the assisted mark, kills by kind, and the player's gear
//! and experience; a format-2 save is set aside, saying so. Fields that only
//! the config says (a kind's range and frequency) are not saved at all.
//! A committed save of the current format (`tests/save_fixture.rs` of this
//! package) fails its test on any such change; the policy is docs/SAVES.md.

use std::sync::atomic::{AtomicUsize, Ordering};

use crate::config::rules::MAX_FACTIONS;
use crate::game::save::byte_runs;
use crate::game::save::save_error::{DecodeError, EncodeError};
use crate::game::state::Game;
use crate::save_version::{OLDEST_BINARY_FORMAT, SAVE_FORMAT};
use crate::world::level::SIDE_RANGE;

/// What every save of format 2 or later starts with.
pub const MAGIC: &[u8; 14] = b"FOGCRAWL-SAVE\n";

const FORMAT_AT: usize = MAGIC.len();
const RAW_LENGTH_AT: usize = FORMAT_AT + 4;
const CHECKSUM_AT: usize = RAW_LENGTH_AT + 8;
const BODY_AT: usize = CHECKSUM_AT + 4;
/// The most bytes a decoded game may take: what the largest valid game can
/// need, with room to spare. The largest level file is 1024x1024; each cell
/// takes a byte of terrain and one of the player's map memory, and each of
/// at most [`MAX_FACTIONS`] factions keeps 5 bytes a cell of knowledge and
/// (since format 4) 10 of its planning grid: a cost, a move mask, an island
/// label and a bit of bookkeeping (influence maps, fields and searches are
/// sparse). Twice that leaves room for a Moving AI map somewhat larger and
/// for the actors. A save claiming more is refused before anything is
/// unpacked.
pub(crate) const MAX_GAME_BYTES: u64 = {
    let side = *SIDE_RANGE.end() as u64;
    2 * side * side * (2 + 15 * MAX_FACTIONS as u64)
};

/// How many cells of the engine's arrays a save may claim per decoded
/// byte (arrays written as runs or sparse claim their cells before they
/// are allocated). Each faction keeps 5 bytes a cell of knowledge, and its
/// grid (costs, moves, island labels: 3 arrays), distance field (3), flee
/// map (1) and paused searches (at most 4 sets) are each the level's size:
/// at most 11 cells per 5 bytes; 4 leaves room.
const ENGINE_CELLS_PER_BYTE: usize = 4;

/// The first format whose body holds runs of bytes ([`byte_runs`]) under
/// its LZ4 blocks.
const RUNS_SINCE: u32 = 5;

/// LZ4 expands a block by at most about 255 times (one byte of a run
/// length per 255 bytes of output), so a longer claimed length is damage,
/// and memory is never reserved for more than the file could hold.
const MAX_EXPANSION: u64 = 255;

/// The whole save file for `game`.
pub fn encode(game: &Game) -> Result<Vec<u8>, EncodeError> {
    let raw = encode_raw(game)?;
    let body = pack_raw(&raw);
    let mut bytes = Vec::with_capacity(BODY_AT + body.len());
    bytes.extend_from_slice(MAGIC);
    bytes.extend_from_slice(&SAVE_FORMAT.to_le_bytes());
    bytes.extend_from_slice(&(raw.len() as u64).to_le_bytes());
    bytes.extend_from_slice(&[0; 4]);
    bytes.extend_from_slice(&body);
    let checksum = crc32fast::hash(&bytes[RAW_LENGTH_AT..CHECKSUM_AT]);
    let checksum = crc_continue(checksum, &bytes[BODY_AT..]);
    bytes[CHECKSUM_AT..BODY_AT].copy_from_slice(&checksum.to_le_bytes());
    Ok(bytes)
}

/// A save's body for the encoded game `raw` (of the current format): its
/// long runs of one byte taken out (`byte_runs`), the rest LZ4-packed.
/// A replay's keyframes are packed the same way.
pub fn pack_raw(raw: &[u8]) -> Vec<u8> {
    lz4_flex::block::compress(&byte_runs::pack(raw))
}

/// The encoded game in a body [`pack_raw`] made, which the caller knows
/// unpacks to `length` bytes (bytes that never left the process: a
/// replay's keyframes). `None` when it does not.
pub fn unpack_raw(body: &[u8], length: usize) -> Option<Vec<u8>> {
    let mut out = Vec::new();
    unpack_raw_into(body, length, &mut Vec::new(), &mut out)?;
    Some(out)
}

/// [`unpack_raw`] into `out` (its bytes replaced), with `runs` for the
/// bytes between LZ4 and the runs: a replay rebuilding keyframe after
/// keyframe writes into the same memory each time, where fresh buffers
/// of a colossus game's 44 MB were mostly page faults (2 of every 3
/// samples of a rebuild).
pub(crate) fn unpack_raw_into(
    body: &[u8],
    length: usize,
    runs: &mut Vec<u8>,
    out: &mut Vec<u8>,
) -> Option<()> {
    let unpacked = usize::try_from(unpacked_length(body)?).ok()?;
    runs.resize(unpacked, 0);
    let written = lz4_flex::block::decompress_into(body, runs).ok()?;
    (written == unpacked).then_some(())?;
    byte_runs::unpack_into(runs, length, out)
}

/// The game encoded (postcard) as a save of the current format holds it
/// before compression: what a replay's keyframes keep (see
/// `game::recording::keyframes`), and read back by [`decode_raw`].
pub(crate) fn encode_raw(game: &Game) -> Result<Vec<u8>, EncodeError> {
    encode_raw_into(game, Vec::new())
}

/// [`encode_raw`] into `buffer`'s memory (its bytes replaced): a replay
/// taking keyframe after keyframe writes each into the memory of the one
/// before rather than into fresh pages.
pub(crate) fn encode_raw_into(game: &Game, buffer: Vec<u8>) -> Result<Vec<u8>, EncodeError> {
    // Each faction's grid versions are numbered within its grid's history
    // as it is written (see `gridpath::saved`).
    gridpath::saved::raw_versions();
    let raw = postcard::serialize_with_flavor(game, Presized::for_game(game, buffer));
    gridpath::saved::raw_versions();
    let raw = raw?;
    LAST_RAW_LENGTH.store(raw.len(), Ordering::Relaxed);
    Ok(raw)
}

/// The length of the last game encoded: the next one (the same game a few
/// turns on, in a replay) is written into a buffer of about that size.
static LAST_RAW_LENGTH: AtomicUsize = AtomicUsize::new(0);

/// postcard's output into a `Vec` reserved from the start: grown by
/// doubling, a colossus game's 30-40 MB were copied again and again, which
/// with the fresh pages each copy touched was a third of a save's time.
/// Reserving too much costs nothing: pages never written are never touched.
struct Presized(Vec<u8>);

impl Presized {
    /// Room for `game`: the last game's length and a quarter, or for a
    /// first save, what its level-sized arrays take (a byte a cell of
    /// terrain and of map memory, 5 of each faction's knowledge) and a
    /// little more for its planning grids.
    fn for_game(game: &Game, mut buffer: Vec<u8>) -> Self {
        let cells = game.level().width() * game.level().height();
        let arrays = cells.saturating_mul(3 + 6 * game.factions().len());
        let last = LAST_RAW_LENGTH.load(Ordering::Relaxed);
        buffer.clear();
        buffer.reserve(arrays.max(last + last / 4));
        Self(buffer)
    }
}

impl postcard::ser_flavors::Flavor for Presized {
    type Output = Vec<u8>;

    fn try_extend(&mut self, data: &[u8]) -> postcard::Result<()> {
        self.0.extend_from_slice(data);
        Ok(())
    }

    fn try_push(&mut self, data: u8) -> postcard::Result<()> {
        self.0.push(data);
        Ok(())
    }

    fn finalize(self) -> postcard::Result<Vec<u8>> {
        Ok(self.0)
    }
}

/// The game in `raw`, the encoding [`encode_raw`] made (of the current
/// format), with every size it claims checked as a file's are. For bytes
/// that never left the process (a replay's keyframes): no header, checksum
/// or compression to check. Not yet checked (see `game::save::check`).
pub(crate) fn decode_raw(raw: &[u8]) -> Result<Game, DecodeError> {
    decode_body(raw, SAVE_FORMAT)
}

/// Whether `bytes` are a save of this kind (they start with the magic).
pub fn is_binary_save(bytes: &[u8]) -> bool {
    bytes.starts_with(MAGIC)
}

/// The game in a save file that starts with [`MAGIC`]. The game is not
/// checked yet (see `game::save::check`) and its derived state is not built.
pub fn decode(bytes: &[u8]) -> Result<Game, DecodeError> {
    if !is_binary_save(bytes) {
        return Err(DecodeError::NotASave(
            "it does not start with the fogcrawl save header".to_owned(),
        ));
    }
    if bytes.len() < BODY_AT {
        return Err(DecodeError::Damaged(format!(
            "it ends inside its header, after {} bytes",
            bytes.len()
        )));
    }
    let format = u32::from_le_bytes(field(bytes, FORMAT_AT));
    if !(OLDEST_BINARY_FORMAT..=SAVE_FORMAT).contains(&format) {
        return Err(DecodeError::Format {
            found: u64::from(format),
        });
    }
    let raw_length = u64::from_le_bytes(field(bytes, RAW_LENGTH_AT));
    let stored = u32::from_le_bytes(field(bytes, CHECKSUM_AT));
    let body = &bytes[BODY_AT..];
    let computed = crc_continue(crc32fast::hash(&bytes[RAW_LENGTH_AT..CHECKSUM_AT]), body);
    if computed != stored {
        return Err(DecodeError::Damaged(format!(
            "its checksum is {computed:08x} where the file says {stored:08x}: bytes were changed or the file was cut short"
        )));
    }
    // Before format 5 the body was LZ4 alone, which unpacks to at most
    // 255 times its size; since, the runs it holds may claim more (up to
    // the largest game, below).
    let most = if format >= RUNS_SINCE {
        u64::MAX
    } else {
        (body.len() as u64).saturating_mul(MAX_EXPANSION)
    };
    let Some(raw_length) = usize::try_from(raw_length)
        .ok()
        .filter(|_| raw_length <= most)
    else {
        return Err(DecodeError::Damaged(format!(
            "it claims {raw_length} bytes of game in {} compressed bytes",
            body.len()
        )));
    };
    if raw_length as u64 > MAX_GAME_BYTES {
        return Err(DecodeError::Damaged(format!(
            "it claims {raw_length} bytes of game, more than the {MAX_GAME_BYTES} the largest game needs"
        )));
    }
    // What the blocks unpack to is known before memory is taken for it:
    // walking the blocks costs no allocation. Before format 5 that is the
    // game, whose length the header claims.
    let cut_short = || {
        DecodeError::Damaged(
            "its compressed game does not unpack: the blocks are cut short".to_owned(),
        )
    };
    let unpacked = unpacked_length(body).ok_or_else(cut_short)?;
    let wrong_length = |length: u64| {
        DecodeError::Damaged(format!(
            "its game unpacks to {length} bytes where the header says {raw_length}"
        ))
    };
    if format < RUNS_SINCE && unpacked != raw_length as u64 {
        return Err(wrong_length(unpacked));
    }
    let unpacked = usize::try_from(unpacked).map_err(|_| wrong_length(unpacked))?;
    let lz4 = lz4_flex::block::decompress(body, unpacked).map_err(|err| {
        DecodeError::Damaged(format!("its compressed game does not unpack: {err}"))
    })?;
    if lz4.len() != unpacked {
        return Err(wrong_length(lz4.len() as u64));
    }
    if format < RUNS_SINCE {
        return decode_body(&lz4, format);
    }
    // The runs claim their length before it is taken, as the blocks do.
    let damaged_runs = || DecodeError::Damaged("its game's runs of bytes are damaged".to_owned());
    let length = byte_runs::unpacked_length(&lz4).ok_or_else(damaged_runs)?;
    if length != raw_length as u64 {
        return Err(wrong_length(length));
    }
    let raw = byte_runs::unpack(&lz4, raw_length).ok_or_else(damaged_runs)?;
    drop(lz4);
    decode_body(&raw, format)
}

/// The game in `raw`, the unpacked body of a save of `format`.
fn decode_body(raw: &[u8], format: u32) -> Result<Game, DecodeError> {
    // No grid in the game may claim more cells than it has bytes (each
    // cell of its level takes one), so a crafted size is refused before an
    // influence map is allocated for it.
    // The engine's sparse arrays (distance fields, flee maps, paused
    // searches) claim their cells against the same bound.
    let cell_limit = raw.len().saturating_mul(ENGINE_CELLS_PER_BYTE);
    let (decoded, refused) = crate::decode_budget::with_cell_budget(raw.len(), || {
        crate::save_version::with_format(format, || {
            gridpath::saved::with_cell_limit(cell_limit, || {
                gridpath::saved::raw_versions();
                let game = postcard::take_from_bytes::<Game>(raw);
                gridpath::saved::raw_versions();
                game
            })
        })
    });
    // postcard keeps no text of a custom error: the budget says what it was.
    let (game, rest) = decoded.map_err(|err| {
        DecodeError::Damaged(format!(
            "its game does not decode: {}",
            refused.unwrap_or_else(|| err.to_string())
        ))
    })?;
    if !rest.is_empty() {
        return Err(DecodeError::Damaged(format!(
            "{} bytes follow the game",
            rest.len()
        )));
    }
    Ok(game)
}

/// How many bytes an LZ4 block unpacks to, found by walking its sequences
/// without writing them; `None` if it ends inside a sequence. Each sequence
/// is a token (literal count in the high 4 bits, match length - 4 in the
/// low 4; 15 means more length bytes follow, each adding up to 255), the
/// literals, and unless it is the last, a 2-byte match offset.
fn unpacked_length(block: &[u8]) -> Option<u64> {
    fn extended(block: &[u8], at: &mut usize, mut length: u64) -> Option<u64> {
        if length == 15 {
            loop {
                let byte = *block.get(*at)?;
                *at += 1;
                length += u64::from(byte);
                if byte != 255 {
                    break;
                }
            }
        }
        Some(length)
    }
    let mut at = 0;
    let mut total: u64 = 0;
    while at < block.len() {
        let token = block[at];
        at += 1;
        let literals = extended(block, &mut at, u64::from(token >> 4))?;
        at = at.checked_add(usize::try_from(literals).ok()?)?;
        if at > block.len() {
            return None;
        }
        total = total.checked_add(literals)?;
        if at == block.len() {
            return Some(total);
        }
        // The match offset, then its length.
        at += 2;
        if at > block.len() {
            return None;
        }
        let matched = extended(block, &mut at, u64::from(token & 15))?;
        total = total.checked_add(matched + 4)?;
    }
    Some(total)
}

/// The `N` bytes of the header at `at` (the caller checked the length).
fn field<const N: usize>(bytes: &[u8], at: usize) -> [u8; N] {
    let mut out = [0; N];
    out.copy_from_slice(&bytes[at..at + N]);
    out
}

/// The CRC-32 of what `crc` covered followed by `more`.
fn crc_continue(crc: u32, more: &[u8]) -> u32 {
    let mut hasher = crc32fast::Hasher::new_with_initial(crc);
    hasher.update(more);
    hasher.finalize()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::config::MonsterConfig;
    use crate::game::GameSetup;

    fn duel_bytes() -> Vec<u8> {
        let config = MonsterConfig::shipped().expect("the shipped config");
        let game = Game::new(&GameSetup::new(
            Some(concat!(
                env!("CARGO_MANIFEST_DIR"),
                "/../../tests/fixtures/game/duel.toml"
            )),
            1,
            config,
        ))
        .expect("the duel");
        encode(&game).expect("encodes")
    }

    #[test]
    fn a_save_starts_with_the_header_and_decodes_to_the_same_bytes() {
        let bytes = duel_bytes();
        assert!(bytes.starts_with(b"FOGCRAWL-SAVE\n\x0b\0\0\0"));
        let game = decode(&bytes).expect("decodes");
        assert_eq!(encode(&game).expect("encodes"), bytes);
    }

    #[test]
    fn damage_anywhere_after_the_format_is_caught_by_the_checksum() {
        let bytes = duel_bytes();
        for at in [RAW_LENGTH_AT, CHECKSUM_AT + 1, BODY_AT, bytes.len() - 1] {
            let mut damaged = bytes.clone();
            damaged[at] ^= 0x10;
            let err = decode(&damaged).expect_err("damage is found");
            assert!(err.to_string().contains("checksum"), "{err}");
        }
        let err = decode(&bytes[..bytes.len() / 2]).expect_err("a cut is found");
        assert!(err.to_string().contains("cut short"), "{err}");
        let err = decode(&bytes[..20]).expect_err("a cut header is found");
        assert_eq!(
            err.to_string(),
            "it is damaged (it ends inside its header, after 20 bytes)"
        );
    }

    #[test]
    fn another_format_number_is_named() {
        let mut bytes = duel_bytes();
        bytes[FORMAT_AT] = 12;
        assert_eq!(
            decode(&bytes).err(),
            Some(DecodeError::Format { found: 12 })
        );
        assert_eq!(
            DecodeError::Format { found: 12 }.to_string(),
            "it was written in save format 12, this version reads formats 1 and 3 to 11"
        );
    }

    #[test]
    fn the_unpacked_length_is_found_without_unpacking() {
        for raw in [
            Vec::new(),
            b"abc".to_vec(),
            vec![0; 100_000],
            (0..70_000u32).flat_map(u32::to_le_bytes).collect(),
        ] {
            let block = lz4_flex::block::compress(&raw);
            assert_eq!(unpacked_length(&block), Some(raw.len() as u64));
            if block.len() > 1 {
                assert_eq!(unpacked_length(&block[..block.len() / 2]), None);
            }
        }
    }

    /// A game's bytes under a correct checksum, claiming `claimed` bytes
    /// unpacked.
    fn with_claim(body: &[u8], claimed: u64) -> Vec<u8> {
        let mut bytes = Vec::new();
        bytes.extend_from_slice(MAGIC);
        bytes.extend_from_slice(&SAVE_FORMAT.to_le_bytes());
        bytes.extend_from_slice(&claimed.to_le_bytes());
        bytes.extend_from_slice(&[0; 4]);
        bytes.extend_from_slice(body);
        let checksum = crc_continue(crc32fast::hash(&bytes[RAW_LENGTH_AT..CHECKSUM_AT]), body);
        bytes[CHECKSUM_AT..BODY_AT].copy_from_slice(&checksum.to_le_bytes());
        bytes
    }

    #[test]
    fn a_claim_beyond_the_largest_game_or_what_the_blocks_hold_is_refused() {
        // 2.2 MB that does not pack: 512 MB is within 255 times the body.
        let mut state: u64 = 1;
        let noise: Vec<u8> = (0..2_200_000)
            .map(|_| {
                state = state
                    .wrapping_mul(6_364_136_223_846_793_005)
                    .wrapping_add(1);
                (state >> 56) as u8
            })
            .collect();
        let body = pack_raw(&noise);
        let err = decode(&with_claim(&body, 512 << 20)).expect_err("refused");
        assert!(
            err.to_string().contains("more than the") && err.to_string().contains("largest game"),
            "{err}"
        );
        // Within the cap, but more than the blocks hold.
        let err = decode(&with_claim(&body, 150 << 20)).expect_err("refused");
        assert!(
            err.to_string().contains(&format!(
                "unpacks to {} bytes where the header says {}",
                noise.len(),
                150 << 20
            )),
            "{err}"
        );
    }

    #[test]
    fn a_claimed_length_beyond_what_the_body_can_hold_is_refused_before_unpacking() {
        let mut bytes = duel_bytes();
        bytes[RAW_LENGTH_AT..CHECKSUM_AT].copy_from_slice(&u64::MAX.to_le_bytes());
        let checksum = crc_continue(
            crc32fast::hash(&bytes[RAW_LENGTH_AT..CHECKSUM_AT]),
            &bytes[BODY_AT..],
        );
        bytes[CHECKSUM_AT..BODY_AT].copy_from_slice(&checksum.to_le_bytes());
        let err = decode(&bytes).expect_err("refused");
        assert!(err.to_string().contains("claims"), "{err}");
    }
}
