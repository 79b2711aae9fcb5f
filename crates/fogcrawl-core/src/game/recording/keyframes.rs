//! A replay's keyframes, kept small. A keyframe is the game's save before
//! compression (`save::format::encode_raw`: 44 MB on colossus after 1,200
//! turns, 12.7 MB compressed as a save file). One in [`ANCHOR_EVERY`] is
//! kept whole (an anchor), the others as their difference from the anchor
//! before them (the `delta` module): 1.3 MB for 32 colossus turns,
//! more the further apart; all LZ4-compressed (an anchor as a save's body
//! is, its runs of one byte taken out first: `save::format::pack_raw`). A keyframe is rebuilt from
//! its anchor and one difference (a chain of differences, each from the
//! keyframe before, was smaller but took a copy of the whole game per
//! link to rebuild).
//!
//! A replay rebuilds keyframe after keyframe into the same buffers
//! ([`Scratch`]), and keeps the anchor it unpacked last: eight keyframes
//! share an anchor, so taking or rebuilding the next one mostly needs no
//! unpacking, and fresh buffers of a colossus game's 44 MB were mostly
//! page faults (two in three samples of a rebuild, a third of a step
//! back's time).
//!
//! Keyframes are taken every `every` turns as the replay first passes
//! them. Each time they hold more than their byte budget, they are taken
//! half as often from then on, the differences kept that are off the new
//! spacing are dropped (nothing else is made from a difference), and the
//! budget grows by a quarter (anchors stay: one dropped would mean taking
//! the differences after it again). The keyframes so stay evenly spaced
//! over the whole replay, so stepping back replays at most `every` turns
//! anywhere in it: when only later keyframes were spaced out, a colossus
//! replay of 1,200 turns ended 256 turns apart, and stepping back 100
//! turns replayed up to 232 of them.

use crate::config::MonsterConfig;
use crate::game::recording::delta::{self, DeltaError};

/// One keyframe in this many is kept whole; the others are rebuilt from
/// the whole one before them and their difference from it.
pub(crate) const ANCHOR_EVERY: usize = 8;

/// Where the game was at a keyframe, and its bytes.
#[derive(Debug)]
struct Entry {
    turn: u64,
    /// The next event of the recording after it.
    next: usize,
    config: MonsterConfig,
    /// For a difference, the turn of the anchor it is taken from; `None`
    /// for an anchor.
    anchor: Option<u64>,
    /// LZ4-compressed: the game's raw save bytes for an anchor (one in
    /// [`ANCHOR_EVERY`] taken), else the difference from its anchor.
    packed: Vec<u8>,
    /// The length of what `packed` unpacks to.
    unpacked: usize,
}

/// A keyframe rebuilt: the game's raw save bytes (for
/// `save::format::decode_raw`) and where it stood.
#[derive(Debug)]
pub(crate) struct Rebuilt<'a> {
    pub turn: u64,
    pub next: usize,
    pub config: &'a MonsterConfig,
    pub raw: &'a [u8],
}

/// The buffers keyframes are unpacked, rebuilt and encoded into, kept from
/// one to the next: their pages stay mapped, so a rebuild writes into
/// memory already there. The memory is what a rebuild needed anyway (an
/// anchor and a keyframe at once), only no longer given back in between.
#[derive(Debug, Default)]
struct Scratch {
    /// The anchor unpacked last, and its turn (`None`: nothing valid).
    anchor: Vec<u8>,
    anchor_turn: Option<u64>,
    /// LZ4's output: an anchor's runs of bytes, or a difference.
    unpacked: Vec<u8>,
    /// The keyframe rebuilt last, or the buffer a new one is encoded into.
    keyframe: Vec<u8>,
}

impl Scratch {
    /// The raw bytes of `anchor` (an entry kept whole), unpacked unless
    /// they are already.
    fn anchor(&mut self, anchor: &Entry) -> Result<&[u8], DeltaError> {
        if self.anchor_turn != Some(anchor.turn) {
            self.anchor_turn = None;
            crate::game::save::format::unpack_raw_into(
                &anchor.packed,
                anchor.unpacked,
                &mut self.unpacked,
                &mut self.anchor,
            )
            .ok_or_else(|| DeltaError::new("a keyframe does not unpack"))?;
            self.anchor_turn = Some(anchor.turn);
        }
        Ok(&self.anchor)
    }
}

/// A replay's keyframes, oldest first.
#[derive(Debug)]
pub(crate) struct Keyframes {
    entries: Vec<Entry>,
    /// Turns between keyframes taken from now on.
    every: u64,
    /// Packed bytes held at most before `every` doubles.
    budget: usize,
    /// Packed bytes held now.
    held: usize,
    /// Keyframes taken since the newest anchor (it included).
    since_anchor: usize,
    scratch: Scratch,
}

impl Keyframes {
    /// No keyframes yet; they will be taken every `every` turns (at least
    /// 1), doubling past `budget` bytes.
    pub(crate) fn new(every: u64, budget: usize) -> Self {
        Self {
            entries: Vec::new(),
            every: every.max(1),
            budget,
            held: 0,
            since_anchor: 0,
            scratch: Scratch::default(),
        }
    }

    /// Turns between keyframes taken from now on.
    #[cfg(test)]
    pub(crate) fn every(&self) -> u64 {
        self.every
    }

    /// Packed bytes held.
    pub(crate) fn held_bytes(&self) -> usize {
        self.held
    }

    /// The turns keyframes are kept for, oldest first.
    pub(crate) fn turns(&self) -> Vec<u64> {
        self.entries.iter().map(|entry| entry.turn).collect()
    }

    /// The newest keyframe's turn.
    pub(crate) fn newest_turn(&self) -> Option<u64> {
        self.entries.last().map(|entry| entry.turn)
    }

    /// The first keyframe's turn.
    pub(crate) fn first_turn(&self) -> Option<u64> {
        self.entries.first().map(|entry| entry.turn)
    }

    /// Whether a keyframe is due at `turn`: past the newest, on the
    /// spacing (the first one always).
    pub(crate) fn wanted_at(&self, turn: u64) -> bool {
        match self.newest_turn() {
            None => true,
            Some(newest) => turn > newest && turn.is_multiple_of(self.every),
        }
    }

    /// Keeps a keyframe at `turn` (events go on at `next`, under
    /// `config`): the game's raw save bytes, which `raw` writes into the
    /// buffer it is given (its bytes to be replaced) and hands back. They
    /// are made after the anchor is unpacked to take the difference from,
    /// so that at most two games' bytes are in memory at once.
    /// Returns whether it was kept (`raw` may give none).
    ///
    /// # Errors
    /// When the anchor does not unpack (never for bytes this store packed
    /// itself).
    pub(crate) fn push(
        &mut self,
        turn: u64,
        next: usize,
        config: MonsterConfig,
        raw: impl FnOnce(Vec<u8>) -> Option<Vec<u8>>,
    ) -> Result<bool, DeltaError> {
        let newest_anchor = self
            .entries
            .iter()
            .rposition(|entry| entry.anchor.is_none())
            .filter(|_| self.since_anchor < ANCHOR_EVERY);
        let buffer = std::mem::take(&mut self.scratch.keyframe);
        let (anchor, packed, unpacked) = match newest_anchor {
            None => {
                // The anchor unpacked is about to be replaced by this one.
                self.scratch.anchor_turn = None;
                let buffer = std::mem::replace(&mut self.scratch.anchor, buffer);
                let Some(raw) = raw(buffer) else {
                    return Ok(false);
                };
                self.since_anchor = 0;
                let packed = crate::game::save::format::pack_raw(&raw);
                let length = raw.len();
                // Kept unpacked: the next keyframes are taken from it.
                self.scratch.anchor = raw;
                self.scratch.anchor_turn = Some(turn);
                (None, packed, length)
            }
            Some(index) => {
                self.scratch.anchor(&self.entries[index])?;
                let Some(raw) = raw(buffer) else {
                    return Ok(false);
                };
                let ops = delta::diff(&self.scratch.anchor, &raw);
                self.scratch.keyframe = raw;
                let packed = lz4_flex::block::compress(&ops);
                (Some(self.entries[index].turn), packed, ops.len())
            }
        };
        self.since_anchor += 1;
        self.held += packed.len();
        self.entries.push(Entry {
            turn,
            next,
            config,
            anchor,
            packed,
            unpacked,
        });
        if self.held > self.budget {
            self.every = self.every.saturating_mul(2);
            self.budget = self.budget.saturating_add(self.budget / 4);
            self.thin_out();
        }
        Ok(true)
    }

    /// Drops the differences off the spacing (`every`), but the newest
    /// keyframe: the replay is there, and stepping back a little from it
    /// costs nothing to replay.
    fn thin_out(&mut self) {
        let every = self.every;
        let newest = self.entries.len().saturating_sub(1);
        let mut index = 0;
        self.entries.retain(|entry| {
            let keep =
                entry.anchor.is_none() || entry.turn.is_multiple_of(every) || index == newest;
            index += 1;
            keep
        });
        self.held = self.entries.iter().map(|entry| entry.packed.len()).sum();
    }

    /// Holds about `bytes` packed from now on before keyframes are taken
    /// less often.
    pub(crate) fn set_budget(&mut self, bytes: usize) {
        self.budget = bytes;
    }

    /// The newest keyframe at or before `turn` (the first if none is).
    ///
    /// # Errors
    /// As [`Keyframes::push`].
    pub(crate) fn rebuild_at(&mut self, turn: u64) -> Result<Option<Rebuilt<'_>>, DeltaError> {
        let index = self
            .entries
            .iter()
            .rposition(|entry| entry.turn <= turn)
            .unwrap_or(0);
        if index >= self.entries.len() {
            return Ok(None);
        }
        self.rebuild_raw(index)?;
        let entry = &self.entries[index];
        let raw = match entry.anchor {
            None => &self.scratch.anchor,
            Some(_) => &self.scratch.keyframe,
        };
        Ok(Some(Rebuilt {
            turn: entry.turn,
            next: entry.next,
            config: &entry.config,
            raw,
        }))
    }

    /// Rebuilds the raw bytes of entry `index`: an anchor into the
    /// scratch's anchor, a difference into its keyframe (its anchor
    /// unpacked, and the difference applied).
    fn rebuild_raw(&mut self, index: usize) -> Result<(), DeltaError> {
        let entry = &self.entries[index];
        let Some(anchor) = entry.anchor else {
            self.scratch.anchor(entry)?;
            return Ok(());
        };
        let anchor = self
            .entries
            .iter()
            .find(|kept| kept.turn == anchor && kept.anchor.is_none())
            .ok_or_else(|| DeltaError::new("a keyframe's anchor is not kept"))?;
        self.scratch.anchor(anchor)?;
        let Scratch {
            anchor,
            unpacked,
            keyframe,
            ..
        } = &mut self.scratch;
        unpack_into(entry, unpacked)?;
        delta::apply(anchor, unpacked, keyframe)
    }
}

/// A difference's operations, into `ops` (its bytes replaced).
fn unpack_into(entry: &Entry, ops: &mut Vec<u8>) -> Result<(), DeltaError> {
    let failed = |_| DeltaError::new("a keyframe does not unpack");
    ops.resize(entry.unpacked, 0);
    let written = lz4_flex::block::decompress_into(&entry.packed, ops).map_err(failed)?;
    if written != entry.unpacked {
        return Err(DeltaError::new("a keyframe does not unpack"));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn config() -> MonsterConfig {
        MonsterConfig::shipped().expect("the shipped config")
    }

    /// The bytes of "turn" `n`: a long string changing a little each turn,
    /// growing now and then.
    fn raw_at(n: u64) -> Vec<u8> {
        let mut raw: Vec<u8> = (0..20_000u32).flat_map(|i| (i / 7).to_le_bytes()).collect();
        for step in 0..n {
            let at = (step as usize * 7_919) % raw.len();
            raw[at] = raw[at].wrapping_add(1);
            if step % 5 == 0 {
                raw.splice(at..at, step.to_le_bytes());
            }
        }
        raw
    }

    #[test]
    fn every_keyframe_is_rebuilt_exactly_from_its_anchor_and_difference() {
        let config = config();
        let mut keyframes = Keyframes::new(4, usize::MAX);
        let turns: Vec<u64> = (0..=160).filter(|t| t % 4 == 0).collect();
        for (next, &turn) in turns.iter().enumerate() {
            assert!(keyframes.wanted_at(turn));
            let kept = keyframes
                .push(turn, next, config.clone(), |_| Some(raw_at(turn)))
                .expect("kept");
            assert!(kept);
            assert!(!keyframes.wanted_at(turn));
        }
        assert!(turns.len() > 2 * ANCHOR_EVERY);
        for (next, &turn) in turns.iter().enumerate() {
            let rebuilt = keyframes
                .rebuild_at(turn + 2)
                .expect("rebuilt")
                .expect("there are keyframes");
            assert_eq!((rebuilt.turn, rebuilt.next), (turn, next));
            assert_eq!(rebuilt.raw, raw_at(turn).as_slice(), "turn {turn}");
        }
        // Differences are small beside whole keyframes.
        let whole = lz4_flex::block::compress(&raw_at(160)).len();
        assert!(
            keyframes.held_bytes() < 8 * whole,
            "{}",
            keyframes.held_bytes()
        );
    }

    #[test]
    fn past_the_budget_the_differences_off_the_new_spacing_are_dropped() {
        let config = config();
        // Room for about three whole keyframes: the spacing doubles a few
        // times on the way.
        let whole = lz4_flex::block::compress(&raw_at(0)).len();
        let mut keyframes = Keyframes::new(4, 3 * whole);
        let mut next = 0;
        for turn in 0..=400 {
            if keyframes.wanted_at(turn) {
                keyframes
                    .push(turn, next, config.clone(), |_| Some(raw_at(turn)))
                    .expect("kept");
                next += 1;
            }
        }
        let every = keyframes.every();
        assert!(every > 4, "the budget was passed");
        let turns = keyframes.turns();
        // Evenly spaced from the start: no gap wider than the spacing but
        // where an anchor was kept off it.
        for pair in turns.windows(2) {
            assert!(pair[1] - pair[0] <= every, "{turns:?} every {every}");
        }
        for &turn in &turns {
            let rebuilt = keyframes.rebuild_at(turn).expect("rebuilt").expect("kept");
            assert_eq!(rebuilt.turn, turn);
            assert_eq!(rebuilt.raw, raw_at(turn).as_slice(), "turn {turn}");
        }
    }

    #[test]
    fn past_the_budget_keyframes_are_taken_half_as_often() {
        let mut keyframes = Keyframes::new(10, 1);
        assert!(
            keyframes
                .rebuild_at(5)
                .expect("nothing to rebuild")
                .is_none()
        );
        let kept = keyframes
            .push(0, 0, config(), |_| Some(raw_at(0)))
            .expect("kept");
        assert!(kept);
        assert_eq!(keyframes.every(), 20);
        assert!(!keyframes.wanted_at(10));
        assert!(keyframes.wanted_at(20));
    }
}
