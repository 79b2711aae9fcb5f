//! Runs of one byte value taken out of a save's encoded game before LZ4
//! packs it, and put back after it unpacks.
//!
//! A big level's game is mostly long runs of one byte: ground nobody has
//! seen, sighting times never set or set all at once (see
//! `ai::knowledge`). LZ4 packs a run as copies of the bytes a short
//! distance back, and `lz4_flex`'s safe decoder unpacks such a copy a byte
//! at a time: on colossus (1024x1024) 20 of the 32 MB of a save's game
//! were unpacked so, most of a load's time. Written here as a count and a
//! byte, a run is put back as fast as memory is filled, and LZ4 only sees
//! what is left.
//!
//! The stream is a list of pieces, each: a LEB128 count of literal bytes,
//! those bytes, a LEB128 run length, and (when that is not zero) the byte
//! repeated. It ends with its last piece.

use gridpath::saved::{put_varint, take_varint};

/// Runs shorter than this stay literal bytes: LZ4 packs them well enough,
/// and cutting the literals often would cost more than it saves.
const MIN_RUN: usize = 32;

/// `raw` with its long runs of one byte written as a count and the byte.
pub(crate) fn pack(raw: &[u8]) -> Vec<u8> {
    let mut out = Vec::with_capacity(raw.len() / 4);
    let mut literal_from = 0;
    let mut at = 0;
    while at < raw.len() {
        let end = run_end(raw, at);
        if end - at >= MIN_RUN {
            piece(&mut out, &raw[literal_from..at], end - at, raw[at]);
            literal_from = end;
        }
        at = end;
    }
    if literal_from < raw.len() || out.is_empty() {
        piece(&mut out, &raw[literal_from..], 0, 0);
    }
    out
}

/// Where the run of `raw[at]` that starts at `at` ends (8 bytes at a time
/// through long runs).
fn run_end(raw: &[u8], at: usize) -> usize {
    let byte = raw[at];
    let word = [byte; 8];
    let mut end = at + 1;
    while end + 8 <= raw.len() && raw[end..end + 8] == word {
        end += 8;
    }
    while end < raw.len() && raw[end] == byte {
        end += 1;
    }
    end
}

fn piece(out: &mut Vec<u8>, literals: &[u8], run: usize, byte: u8) {
    put_varint(out, literals.len() as u64);
    out.extend_from_slice(literals);
    put_varint(out, run as u64);
    if run > 0 {
        out.push(byte);
    }
}

/// One piece read: its literal bytes, then the run after them.
struct Piece<'a> {
    literals: &'a [u8],
    run: u64,
    byte: u8,
}

/// The pieces of `packed` in order; an `Err` ends it where it is damaged.
fn pieces(packed: &[u8]) -> impl Iterator<Item = Result<Piece<'_>, ()>> + '_ {
    let mut at = 0;
    let mut failed = false;
    std::iter::from_fn(move || {
        if failed || at >= packed.len() {
            return None;
        }
        let next = (|| {
            let count = usize::try_from(take_varint(packed, &mut at)?).ok()?;
            let literals = packed.get(at..at.checked_add(count)?)?;
            at += count;
            let run = take_varint(packed, &mut at)?;
            let byte = if run > 0 {
                let byte = *packed.get(at)?;
                at += 1;
                byte
            } else {
                0
            };
            Some(Piece {
                literals,
                run,
                byte,
            })
        })();
        failed = next.is_none();
        Some(next.ok_or(()))
    })
}

/// How many bytes `packed` unpacks to, found without unpacking it; `None`
/// when it is not a stream [`pack`] wrote.
pub(crate) fn unpacked_length(packed: &[u8]) -> Option<u64> {
    pieces(packed).try_fold(0u64, |total, piece| {
        let piece = piece.ok()?;
        total
            .checked_add(piece.literals.len() as u64)?
            .checked_add(piece.run)
    })
}

/// The bytes [`pack`] made `packed` from. The caller checks their length
/// with [`unpacked_length`] first (and may refuse it) and passes it as
/// `length`; `None` when `packed` is damaged or holds another length.
pub(crate) fn unpack(packed: &[u8], length: usize) -> Option<Vec<u8>> {
    let mut out = Vec::with_capacity(length);
    unpack_into(packed, length, &mut out)?;
    Some(out)
}

/// [`unpack`] into `out`, whose bytes it replaces (its memory is kept:
/// see `save::format::unpack_raw_into`).
pub(crate) fn unpack_into(packed: &[u8], length: usize, out: &mut Vec<u8>) -> Option<()> {
    out.clear();
    out.reserve(length);
    for piece in pieces(packed) {
        let piece = piece.ok()?;
        let run = usize::try_from(piece.run).ok()?;
        if out.len() + piece.literals.len() + run > length {
            return None;
        }
        out.extend_from_slice(piece.literals);
        out.resize(out.len() + run, piece.byte);
    }
    (out.len() == length).then_some(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn long_runs_become_a_count_and_come_back() {
        let mut raw = vec![7u8; 3];
        raw.extend(std::iter::repeat_n(0, 1000));
        raw.extend(b"abc");
        raw.extend(std::iter::repeat_n(9, 31));
        raw.extend(std::iter::repeat_n(200, 40));
        let packed = pack(&raw);
        // 7 7 7, a run of 1000 zeros, "abc" and 31 nines, a run of 40.
        assert_eq!(packed.len(), (1 + 3 + 2 + 1) + (1 + 34 + 1 + 1));
        assert_eq!(unpacked_length(&packed), Some(raw.len() as u64));
        assert_eq!(unpack(&packed, raw.len()), Some(raw));
    }

    #[test]
    fn short_and_empty_inputs_come_back() {
        for raw in [Vec::new(), vec![1], vec![0; 32], (0..=255).collect()] {
            let packed = pack(&raw);
            assert_eq!(unpacked_length(&packed), Some(raw.len() as u64), "{raw:?}");
            assert_eq!(unpack(&packed, raw.len()).as_ref(), Some(&raw));
        }
    }

    #[test]
    fn damage_and_a_wrong_length_are_refused() {
        let raw: Vec<u8> = (0..100u8).chain(std::iter::repeat_n(5, 100)).collect();
        let packed = pack(&raw);
        assert_eq!(unpack(&packed, raw.len() + 1), None);
        assert_eq!(unpack(&packed, raw.len() - 1), None);
        assert_eq!(unpacked_length(&packed[..packed.len() - 1]), None);
        assert_eq!(unpacked_length(&[0xff; 11]), None);
        // A run of 2^63 bytes is refused before any memory is taken.
        let huge = [0, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x40, 0];
        assert_eq!(unpacked_length(&huge), Some(1 << 62));
        assert_eq!(unpack(&huge, 10), None);
    }
}
