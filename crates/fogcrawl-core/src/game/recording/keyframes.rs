//! A replay's keyframes, kept small. A keyframe is the game's save before
//! compression (`save::format::encode_raw`: 44 MB on colossus after 1,200
//! turns, 12.7 MB compressed as a save file). One in [`ANCHOR_EVERY`] is
//! kept whole (an anchor), the others as their difference from the anchor
//! before them (the `delta` module): 1.3 MB for 32 colossus turns,
//! more the further apart; all LZ4-compressed. A keyframe is rebuilt from
//! its anchor and one difference (a chain of differences, each from the
//! keyframe before, was smaller but took a copy of the whole game per
//! link to rebuild).
//!
//! Keyframes are taken every `every` turns as the replay first passes
//! them. Each time they hold more than their byte budget, later ones are
//! taken half as often and the budget grows by a quarter (those kept stay:
//! an anchor dropped would mean taking the differences after it again).

use crate::config::MonsterConfig;
use crate::game::recording::delta::{self, DeltaError};

/// One keyframe in this many is kept whole; the others are rebuilt from
/// the whole one before them and their difference from it.
pub const ANCHOR_EVERY: usize = 8;

/// Where the game was at a keyframe, and its bytes.
#[derive(Debug)]
struct Entry {
    turn: u64,
    /// The next event of the recording after it.
    next: usize,
    config: MonsterConfig,
    /// LZ4-compressed: the game's raw save bytes for an anchor (every
    /// [`ANCHOR_EVERY`]-th), else the difference from that anchor.
    packed: Vec<u8>,
    /// The length of what `packed` unpacks to.
    unpacked: usize,
}

/// A keyframe rebuilt: the game's raw save bytes (for
/// `save::format::decode_raw`) and where it stood.
#[derive(Debug)]
pub struct Rebuilt<'a> {
    pub turn: u64,
    pub next: usize,
    pub config: &'a MonsterConfig,
    pub raw: Vec<u8>,
}

/// A replay's keyframes, oldest first.
#[derive(Debug)]
pub struct Keyframes {
    entries: Vec<Entry>,
    /// Turns between keyframes taken from now on.
    every: u64,
    /// Packed bytes held at most before `every` doubles.
    budget: usize,
    /// Packed bytes held now.
    held: usize,
}

impl Keyframes {
    /// No keyframes yet; they will be taken every `every` turns (at least
    /// 1), doubling past `budget` bytes.
    pub fn new(every: u64, budget: usize) -> Self {
        Self {
            entries: Vec::new(),
            every: every.max(1),
            budget,
            held: 0,
        }
    }

    /// Turns between keyframes taken from now on.
    pub fn every(&self) -> u64 {
        self.every
    }

    /// Packed bytes held.
    pub fn held_bytes(&self) -> usize {
        self.held
    }

    /// The turns keyframes are kept for, oldest first.
    pub fn turns(&self) -> Vec<u64> {
        self.entries.iter().map(|entry| entry.turn).collect()
    }

    /// The newest keyframe's turn.
    pub fn newest_turn(&self) -> Option<u64> {
        self.entries.last().map(|entry| entry.turn)
    }

    /// The first keyframe's turn.
    pub fn first_turn(&self) -> Option<u64> {
        self.entries.first().map(|entry| entry.turn)
    }

    /// Whether a keyframe is due at `turn`: past the newest, on the
    /// spacing (the first one always).
    pub fn wanted_at(&self, turn: u64) -> bool {
        match self.newest_turn() {
            None => true,
            Some(newest) => turn > newest && turn.is_multiple_of(self.every),
        }
    }

    /// Keeps a keyframe at `turn` (events go on at `next`, under
    /// `config`): the game's raw save bytes, which `raw` makes. They are
    /// made after the anchor is unpacked to take the difference from, so
    /// that at most two games' bytes are in memory at once.
    /// Returns whether it was kept (`raw` may give none).
    ///
    /// # Errors
    /// When the anchor does not unpack (never for bytes this store packed
    /// itself).
    pub fn push(
        &mut self,
        turn: u64,
        next: usize,
        config: MonsterConfig,
        raw: impl FnOnce() -> Option<Vec<u8>>,
    ) -> Result<bool, DeltaError> {
        let (packed, unpacked) = if self.entries.len().is_multiple_of(ANCHOR_EVERY) {
            let Some(raw) = raw() else {
                return Ok(false);
            };
            (lz4_flex::block::compress(&raw), raw.len())
        } else {
            let anchor = self.entries.len() - self.entries.len() % ANCHOR_EVERY;
            let base = unpack(&self.entries[anchor])?;
            let Some(raw) = raw() else {
                return Ok(false);
            };
            let ops = delta::diff(&base, &raw);
            (lz4_flex::block::compress(&ops), ops.len())
        };
        self.held += packed.len();
        self.entries.push(Entry {
            turn,
            next,
            config,
            packed,
            unpacked,
        });
        if self.held > self.budget {
            self.every = self.every.saturating_mul(2);
            self.budget = self.budget.saturating_add(self.budget / 4);
        }
        Ok(true)
    }

    /// Holds about `bytes` packed from now on before keyframes are taken
    /// less often.
    pub fn set_budget(&mut self, bytes: usize) {
        self.budget = bytes;
    }

    /// The newest keyframe at or before `turn` (the first if none is).
    ///
    /// # Errors
    /// As [`Keyframes::push`].
    pub fn rebuild_at(&self, turn: u64) -> Result<Option<Rebuilt<'_>>, DeltaError> {
        let index = self
            .entries
            .iter()
            .rposition(|entry| entry.turn <= turn)
            .unwrap_or(0);
        let Some(entry) = self.entries.get(index) else {
            return Ok(None);
        };
        Ok(Some(Rebuilt {
            turn: entry.turn,
            next: entry.next,
            config: &entry.config,
            raw: self.rebuild_raw(index)?,
        }))
    }

    /// The raw bytes of entry `index`: its anchor unpacked, and unless it
    /// is the anchor, its difference from it applied.
    fn rebuild_raw(&self, index: usize) -> Result<Vec<u8>, DeltaError> {
        let anchor = index - index % ANCHOR_EVERY;
        let raw = unpack(&self.entries[anchor])?;
        if index == anchor {
            return Ok(raw);
        }
        let ops = unpack(&self.entries[index])?;
        let mut rebuilt = Vec::with_capacity(raw.len());
        delta::apply(&raw, &ops, &mut rebuilt)?;
        Ok(rebuilt)
    }
}

fn unpack(entry: &Entry) -> Result<Vec<u8>, DeltaError> {
    lz4_flex::block::decompress(&entry.packed, entry.unpacked)
        .map_err(|_| DeltaError::new("a keyframe does not unpack"))
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
                .push(turn, next, config.clone(), || Some(raw_at(turn)))
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
            assert_eq!(rebuilt.raw, raw_at(turn), "turn {turn}");
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
    fn past_the_budget_keyframes_are_taken_half_as_often() {
        let mut keyframes = Keyframes::new(10, 1);
        assert!(
            keyframes
                .rebuild_at(5)
                .expect("nothing to rebuild")
                .is_none()
        );
        let kept = keyframes
            .push(0, 0, config(), || Some(raw_at(0)))
            .expect("kept");
        assert!(kept);
        assert_eq!(keyframes.every(), 20);
        assert!(!keyframes.wanted_at(10));
        assert!(keyframes.wanted_at(20));
    }
}
