//! One byte string as its difference from another: a replay keeps most of
//! its keyframes so (see [`keyframes`](super::keyframes)). Two keyframes a
//! few dozen turns apart are the same game's encodings, nearly all the
//! same bytes: the level, what each faction knew and still knows, its
//! planning grid. What differs is mostly changed in place (a sighting
//! time, a position, a hit point), with a few insertions and removals
//! where a list grew or shrank (a plan, a paused search, the message log).
//!
//! The difference is a list of operations read in order, with a cursor
//! into the base:
//! - copy N: the next N bytes of the base (the cursor moves on N);
//! - replace N: N bytes written out (the cursor moves on N as well, so a
//!   change in place keeps the two strings aligned);
//! - seek D: the cursor moves by D, forward or back (bytes inserted or
//!   removed: found again by looking the target's next bytes up among
//!   the base's blocks).
//!
//! Each operation is a tag byte and LEB128 varints; the caller compresses
//! the whole (the replaced bytes of a change in place are mostly the high
//! bytes of similar numbers).

use thiserror::Error;

/// A run of equal bytes shorter than this is written as replaced bytes:
/// a copy costs its tag and length, and in repetitive bytes (a number
/// repeated, a list shifted by an insertion) short runs agree by chance
/// where the two strings are out of step, and would keep them so.
const MIN_COPY: usize = 32;
/// The base is indexed by blocks of this many bytes; after this many
/// replaced bytes in a row, the target's next bytes are looked up among
/// them (the two may have fallen out of step).
const BLOCK: usize = 64;
/// In a long run of replaced bytes, the target's next bytes are looked up
/// at each of `BLOCK` places (enough to meet any shift) in every this many:
/// a run of changes in place (a region seen again, every sighting time
/// new) then costs little more than its bytes.
const RESYNC_SPAN: usize = 4 * BLOCK;

const COPY: u8 = 0;
const REPLACE: u8 = 1;
const SEEK_FORWARD: u8 = 2;
const SEEK_BACK: u8 = 3;

/// A difference that does not apply to its base: never one this module
/// wrote for that base.
#[derive(Debug, Error, PartialEq, Eq)]
#[error("a replay keyframe cannot be rebuilt: {0}")]
pub(crate) struct DeltaError(&'static str);

impl DeltaError {
    pub(crate) fn new(what: &'static str) -> Self {
        Self(what)
    }
}

/// The operations that make `target` from `base`.
pub(crate) fn diff(base: &[u8], target: &[u8]) -> Vec<u8> {
    let index = BlockIndex::new(base);
    let mut ops = Vec::new();
    let (mut t, mut b) = (0usize, 0usize);
    while t < target.len() {
        let same = common_prefix(&target[t..], base.get(b..).unwrap_or_default());
        if same >= MIN_COPY || (same > 0 && t + same == target.len()) {
            push_op(&mut ops, COPY, same as u64);
            t += same;
            b += same;
            continue;
        }
        // Replaced bytes, until the two agree again where they stand, or
        // the target's next bytes are found elsewhere in the base.
        let start = t;
        let mut seek_to = None;
        while t < target.len() {
            t += 1;
            b += 1;
            let rest = &target[t..];
            if common_prefix(rest, base.get(b..).unwrap_or_default()) >= MIN_COPY.min(rest.len()) {
                break;
            }
            let run = t - start;
            if run >= BLOCK
                && (run - BLOCK) % RESYNC_SPAN < BLOCK
                && let Some(found) = index.find(base, rest)
            {
                seek_to = Some(found);
                break;
            }
        }
        push_op(&mut ops, REPLACE, (t - start) as u64);
        ops.extend_from_slice(&target[start..t]);
        if let Some(found) = seek_to {
            if found >= b {
                push_op(&mut ops, SEEK_FORWARD, (found - b) as u64);
            } else {
                push_op(&mut ops, SEEK_BACK, (b - found) as u64);
            }
            b = found;
        }
    }
    ops
}

/// Makes the target of `ops` from `base` into `out` (cleared first, its
/// memory reused).
///
/// # Errors
/// When `ops` were not written by [`diff`] for this base.
pub(crate) fn apply(base: &[u8], ops: &[u8], out: &mut Vec<u8>) -> Result<(), DeltaError> {
    out.clear();
    let mut at = 0;
    let mut b = 0usize;
    while at < ops.len() {
        let tag = ops[at];
        at += 1;
        let n = usize::try_from(read_varint(ops, &mut at)?)
            .map_err(|_| DeltaError("a length is too large"))?;
        match tag {
            COPY => {
                let end = b
                    .checked_add(n)
                    .filter(|&end| end <= base.len())
                    .ok_or(DeltaError("a copy runs past the base"))?;
                out.extend_from_slice(&base[b..end]);
                b = end;
            }
            REPLACE => {
                let end = at
                    .checked_add(n)
                    .filter(|&end| end <= ops.len())
                    .ok_or(DeltaError("replaced bytes run past the end"))?;
                out.extend_from_slice(&ops[at..end]);
                at = end;
                b = b.saturating_add(n);
            }
            SEEK_FORWARD => b = b.saturating_add(n),
            SEEK_BACK => {
                b = b
                    .checked_sub(n)
                    .ok_or(DeltaError("a seek goes before the base"))?
            }
            _ => return Err(DeltaError("an unknown operation")),
        }
    }
    Ok(())
}

fn push_op(ops: &mut Vec<u8>, tag: u8, mut n: u64) {
    ops.push(tag);
    loop {
        let byte = (n & 0x7f) as u8;
        n >>= 7;
        if n == 0 {
            ops.push(byte);
            return;
        }
        ops.push(byte | 0x80);
    }
}

fn read_varint(ops: &[u8], at: &mut usize) -> Result<u64, DeltaError> {
    let mut value = 0u64;
    for shift in (0..64).step_by(7) {
        let byte = *ops.get(*at).ok_or(DeltaError("it ends inside a length"))?;
        *at += 1;
        value |= u64::from(byte & 0x7f) << shift;
        if byte & 0x80 == 0 {
            return Ok(value);
        }
    }
    Err(DeltaError("a length is too long"))
}

/// How many bytes `a` and `b` share from their start, 8 at a time.
fn common_prefix(a: &[u8], b: &[u8]) -> usize {
    let len = a.len().min(b.len());
    let mut at = 0;
    while at + 8 <= len {
        let x = word(a, at) ^ word(b, at);
        if x != 0 {
            return at + (x.trailing_zeros() / 8) as usize;
        }
        at += 8;
    }
    while at < len && a[at] == b[at] {
        at += 1;
    }
    at
}

fn word(bytes: &[u8], at: usize) -> u64 {
    let mut word = [0; 8];
    word.copy_from_slice(&bytes[at..at + 8]);
    u64::from_le_bytes(word)
}

/// A block's key: its first 16 bytes, mixed.
fn key(bytes: &[u8]) -> u64 {
    let mixed = word(bytes, 0).wrapping_mul(0x9e37_79b9_7f4a_7c15) ^ word(bytes, 8);
    mixed.wrapping_mul(0xff51_afd7_ed55_8ccd).rotate_left(29)
}

/// The base's whole blocks by key, so bytes the target has moved can be
/// found again: an open-addressed table of block starts (one probe is
/// mostly one cache miss; a sorted list cost twenty).
struct BlockIndex {
    /// 1 + the start of a block, or 0 for an empty slot; a power of two
    /// long, at most half full.
    slots: Vec<u32>,
}

impl BlockIndex {
    fn new(base: &[u8]) -> Self {
        let blocks = base.len() / BLOCK;
        let mut slots = vec![0u32; (2 * blocks).next_power_of_two().max(2)];
        let mask = slots.len() - 1;
        for (i, block) in base.chunks_exact(BLOCK).enumerate() {
            // Offsets fit a u32: a save is far below 4 GB (`MAX_GAME_BYTES`).
            let Ok(stored) = u32::try_from(i * BLOCK + 1) else {
                break;
            };
            let key = key(block);
            let mut slot = key as usize & mask;
            loop {
                match slots[slot] {
                    0 => {
                        slots[slot] = stored;
                        break;
                    }
                    // Equal blocks (runs of zeros): the first is enough.
                    taken if self_key(base, taken) == key => break,
                    _ => slot = (slot + 1) & mask,
                }
            }
        }
        Self { slots }
    }

    /// Where in `base` a whole block equal to the start of `rest` begins.
    fn find(&self, base: &[u8], rest: &[u8]) -> Option<usize> {
        let wanted = rest.get(..BLOCK)?;
        let key = key(wanted);
        let mask = self.slots.len() - 1;
        let mut slot = key as usize & mask;
        loop {
            match self.slots[slot] {
                0 => return None,
                taken if self_key(base, taken) == key => {
                    let at = taken as usize - 1;
                    return (&base[at..at + BLOCK] == wanted).then_some(at);
                }
                _ => slot = (slot + 1) & mask,
            }
        }
    }
}

/// The key of the block a slot holds (1 + its start).
fn self_key(base: &[u8], stored: u32) -> u64 {
    let at = stored as usize - 1;
    key(&base[at..at + BLOCK])
}

#[cfg(test)]
mod tests {
    use super::*;

    fn round_trip(base: &[u8], target: &[u8]) -> usize {
        let ops = diff(base, target);
        let mut out = Vec::new();
        apply(base, &ops, &mut out).expect("applies");
        assert_eq!(out, target);
        ops.len()
    }

    /// Bytes that do not repeat (a simple generator, seeded).
    fn noise(len: usize, seed: u64) -> Vec<u8> {
        let mut state = seed;
        (0..len)
            .map(|_| {
                state = state
                    .wrapping_mul(6_364_136_223_846_793_005)
                    .wrapping_add(1_442_695_040_888_963_407);
                (state >> 56) as u8
            })
            .collect()
    }

    #[test]
    fn the_same_bytes_are_one_copy() {
        let base = noise(100_000, 1);
        assert!(round_trip(&base, &base) <= 4);
        assert_eq!(round_trip(&[], &[]), 0);
        round_trip(&base, &[]);
        round_trip(&[], &base[..100]);
    }

    #[test]
    fn changes_in_place_cost_about_what_changed() {
        let base = noise(200_000, 2);
        let mut target = base.clone();
        for at in (0..target.len()).step_by(997) {
            target[at] ^= 0x5a;
        }
        let size = round_trip(&base, &target);
        // 201 changed bytes, each a replace of one and a copy after it.
        assert!(size < 201 * 8, "{size}");
    }

    #[test]
    fn insertions_and_removals_are_found_again() {
        let base = noise(300_000, 3);
        let mut target = base[..1_000].to_vec();
        target.extend_from_slice(&noise(500, 4));
        target.extend_from_slice(&base[1_000..150_000]);
        target.extend_from_slice(&base[150_700..]);
        // The 500 bytes inserted, and a few hundred replaced before each
        // change is found.
        let size = round_trip(&base, &target);
        assert!(size < 2_000, "{size}");
        // The other way round.
        round_trip(&target, &base);
    }

    #[test]
    fn runs_of_zeros_and_short_strings_round_trip() {
        let mut base = vec![0u8; 50_000];
        base.extend_from_slice(&noise(1_000, 5));
        let mut target = vec![0u8; 30_000];
        target.extend_from_slice(&noise(700, 6));
        target.extend_from_slice(&base);
        round_trip(&base, &target);
        round_trip(b"abcdefgh", b"abcXefghij");
        round_trip(b"abc", b"xyz");
    }

    #[test]
    fn a_difference_for_another_base_is_refused_not_applied_wrongly() {
        let base = noise(10_000, 7);
        let mut target = base.clone();
        target.extend_from_slice(b"more");
        let ops = diff(&base, &target);
        let mut out = Vec::new();
        let err = apply(&base[..5_000], &ops, &mut out).expect_err("too short a base");
        assert_eq!(err, DeltaError("a copy runs past the base"));
        let err = apply(&base, &ops[..ops.len() - 2], &mut out).expect_err("cut short");
        assert_eq!(err, DeltaError("replaced bytes run past the end"));
        assert_eq!(
            apply(&base, &[9, 1], &mut out),
            Err(DeltaError("an unknown operation"))
        );
    }
}
