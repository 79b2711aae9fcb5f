//! A faction's known-walkability map: what its members have seen of the
//! level, shared by all of them at once, and when each cell was last seen.
//!
//! This is the only picture of the level the faction plans on: it must never
//! be filled from the true map except by sight (or, for the omniscient
//! baseline, by explicit request).

use rayon::prelude::*;
use serde::{Deserialize, Serialize};

use crate::ai::byte_field::{ByteBuf, ByteField};
use crate::ai::changed_cells::ChangedCells;
use crate::world::{Level, Terrain};
use gridpath::spare_buffers::SparePool;
use gridpath::{GridShape, Pos};

#[derive(Debug, Clone)]
pub struct FactionKnowledge {
    cells: GridShape,
    /// What the faction believes stands in each cell; `None`: never seen.
    believed: Vec<Option<Terrain>>,
    /// Game time each cell was last seen (`NEVER_SEEN`: never), kept as
    /// the `f32`'s bits XOR `NEVER_SEEN`'s (see [`seen_bits`]): a cell never
    /// seen is all zero bits, so a new map's array is the allocator's
    /// zeroed pages, not written (nor resident) until cells are seen.
    last_seen: Vec<u32>,
    /// Cells whose belief changed since the last `drain_changes_into`, in
    /// a way that may change their price (not saved).
    changed: ChangedCells,
    /// Counts the changes of belief, of any cell, priced alike or not
    /// (not saved): a map drawn from the beliefs notes it, and checks
    /// them again only after it moves ([`Self::version`]).
    version: u64,
}

const NEVER_SEEN: f32 = -1.0;

thread_local! {
    /// Belief arrays of knowledge given up for the next read from a save
    /// (see [`FactionKnowledge::into_spares`]).
    static SPARE_BELIEFS: SparePool<Option<Terrain>> = const { SparePool::new() };
}

/// Frees the spare arrays of knowledge, and the engine's.
pub(crate) fn drop_spares() {
    SPARE_BELIEFS.with(SparePool::clear);
    gridpath::spare_buffers::drop_all();
}

/// A sighting time as stored: its bits XOR `NEVER_SEEN`'s, exactly
/// reversible, so 0 is never seen.
fn seen_bits(time: f32) -> u32 {
    time.to_bits() ^ NEVER_SEEN.to_bits()
}

/// The sighting time stored as `bits` (see [`seen_bits`]).
fn seen_time(bits: u32) -> f32 {
    f32::from_bits(bits ^ NEVER_SEEN.to_bits())
}

/// Two maps are equal when they know the same: the list of changes not yet
/// passed on to the planning grid is bookkeeping, not knowledge.
impl PartialEq for FactionKnowledge {
    fn eq(&self, other: &Self) -> bool {
        self.cells == other.cells
            && self.believed == other.believed
            && self.last_seen == other.last_seen
    }
}

impl FactionKnowledge {
    /// Knows nothing yet.
    pub fn new(width: usize, height: usize) -> Self {
        Self {
            cells: GridShape::new(width, height),
            believed: vec![None; width * height],
            last_seen: vec![0; width * height],
            changed: ChangedCells::default(),
            version: 0,
        }
    }

    /// Knows the whole level (the omniscient baseline).
    pub fn omniscient(level: &Level) -> Self {
        let mut knowledge = Self::new(level.width(), level.height());
        for pos in level.positions() {
            if let Some(terrain) = level.terrain_at(pos) {
                knowledge.observe(pos, terrain, 0.0);
            }
        }
        knowledge.changed.clear();
        knowledge
    }

    pub(crate) fn width(&self) -> usize {
        self.cells.width()
    }

    /// How many cells its per-cell arrays hold (belief, last seen): both
    /// `width * height` unless a save was damaged.
    pub(crate) fn stored_cells(&self) -> (usize, usize) {
        (self.believed.len(), self.last_seen.len())
    }

    pub(crate) fn height(&self) -> usize {
        self.cells.height()
    }

    /// The row-major index of `pos`, if inside.
    pub(crate) fn index_of(&self, pos: Pos) -> Option<usize> {
        self.index(pos)
    }

    pub(crate) fn in_bounds(&self, pos: Pos) -> bool {
        self.index(pos).is_some()
    }

    fn index(&self, pos: Pos) -> Option<usize> {
        self.cells.index(pos)
    }

    /// Gives the per-cell arrays to `gridpath::spare_buffers`, for the
    /// knowledge read from a save in this one's place (a replay's next
    /// keyframe) to take.
    pub(crate) fn into_spares(self) {
        SPARE_BELIEFS.with(|pool| pool.give(self.believed));
        gridpath::spare_buffers::give(self.last_seen);
    }

    /// What the faction believes of every cell, row-major (`None`: never
    /// seen).
    pub(crate) fn beliefs(&self) -> &[Option<Terrain>] {
        &self.believed
    }

    /// Whether no cell is believed anything (a faction new to the level).
    pub(crate) fn knows_nothing(&self) -> bool {
        self.believed.iter().all(Option::is_none)
    }

    /// What the faction believes is at `pos` (`None`: unknown or outside).
    pub fn belief(&self, pos: Pos) -> Option<Terrain> {
        self.index(pos).and_then(|i| self.believed[i])
    }

    /// When `pos` was last seen.
    pub fn last_seen(&self, pos: Pos) -> Option<f64> {
        self.index(pos)
            .map(|i| seen_time(self.last_seen[i]))
            .filter(|&t| t >= 0.0)
            .map(f64::from)
    }

    /// A member sees `terrain` at `pos` at `time`. Returns whether the
    /// belief changed.
    pub fn observe(&mut self, pos: Pos, terrain: Terrain, time: f64) -> bool {
        self.see(pos, terrain, time, |_| false)
            .is_some_and(|before| before != Some(terrain))
    }

    /// [`Self::observe`], returning what was believed before (`None`
    /// outside the map). A changed belief is listed among the changes
    /// (cells to price again) unless `prices_alike(before)` says the cell
    /// costs what it did: a guess about unseen ground borne out by sight
    /// changes no price.
    pub(crate) fn see(
        &mut self,
        pos: Pos,
        terrain: Terrain,
        time: f64,
        prices_alike: impl FnOnce(Option<Terrain>) -> bool,
    ) -> Option<Option<Terrain>> {
        let i = self.index(pos)?;
        self.last_seen[i] = seen_bits(time as f32);
        let before = self.believed[i];
        if before != Some(terrain) {
            self.believed[i] = Some(terrain);
            self.version += 1;
            if !prices_alike(before) {
                self.changed.note(i as u32);
            }
        }
        Some(before)
    }

    /// A member sees `pos` again, known as it is: only when it was last
    /// seen changes.
    pub(crate) fn see_again(&mut self, pos: Pos, time: f64) {
        if let Some(i) = self.index(pos) {
            self.last_seen[i] = seen_bits(time as f32);
        }
    }

    /// How many beliefs have changed so far (in this run of the game: not
    /// saved). While it stands, every belief does.
    pub(crate) fn version(&self) -> u64 {
        self.version
    }

    /// How many cells the faction has seen.
    #[cfg(test)]
    pub(crate) fn known_cells(&self) -> usize {
        self.believed.iter().filter(|b| b.is_some()).count()
    }

    /// Whether any belief changed since the last `take_changes`.
    pub(crate) fn has_changes(&self) -> bool {
        !self.changed.is_empty()
    }

    /// Moves the row-major indices of the cells whose belief changed since
    /// the last call onto `indices` (may repeat): sorting indices orders
    /// the cells by row, then column, without making positions first.
    pub(crate) fn drain_changes_into(&mut self, indices: &mut Vec<u32>) {
        self.changed.drain_into(indices);
    }

    /// The shape of the map, to turn indices back into positions.
    pub(crate) fn shape(&self) -> GridShape {
        self.cells
    }

    /// The cells whose belief changed since the last call, as positions.
    pub(crate) fn take_changes(&mut self) -> Vec<Pos> {
        self.changed.take_positions(self.cells)
    }
}

/// The saved form in text (JSON): the size beside the per-cell arrays, as
/// one flat record (the JSON saves of format 1 have these four fields).
/// Written out by hand rather than with `#[serde(flatten)]`, which only
/// self-describing formats can read back, and borrowed so that saving
/// copies nothing.
#[derive(Serialize)]
struct SavedKnowledgeRef<'a> {
    width: usize,
    height: usize,
    believed: &'a [Option<Terrain>],
    last_seen: Vec<f32>,
}

#[derive(Deserialize)]
struct SavedKnowledge {
    width: usize,
    height: usize,
    believed: Vec<Option<Terrain>>,
    last_seen: Vec<f32>,
}

/// The saved form in a binary format (the save file): a byte per belief
/// (0 never seen, else 1 + the terrain's index) and the sighting times as
/// little-endian 4-byte numbers, each written in one piece. Two million
/// cells a faction on a 1024x1024 level: element by element, they were
/// most of the time a save took to encode and decode.
///
/// Since format 5 each time is written as it is kept (the `f32`'s bits
/// XOR `NEVER_SEEN`'s, see [`seen_bits`]) XOR the cell's before it in row
/// order ([`xor_with_previous`]); formats up to 4 wrote the `f32` itself,
/// -1.0 for never seen. Cells never seen (most of a level) and cells seen
/// at the same moment as the one before (a whole view at once) are then
/// zero bytes: one long run to LZ4, packed and unpacked as fast as memory
/// is filled, where -1.0's repeated 4-byte pattern was unpacked a few bytes
/// at a time (most of a colossus load's time), and a view seen again
/// changes the bytes at its edges rather than all of its cells (a replay's
/// keyframes are differences: see `game::recording::delta`).
#[derive(Serialize)]
struct PackedKnowledgeRef<'a> {
    width: usize,
    height: usize,
    believed: ByteField<'a>,
    last_seen: ByteField<'a>,
    /// What the planning grid has not taken in yet (since format 4).
    changed: &'a ChangedCells,
}

#[derive(Deserialize)]
struct PackedKnowledge<'a> {
    width: usize,
    height: usize,
    #[serde(borrow)]
    believed: ByteBuf<'a>,
    #[serde(borrow)]
    last_seen: ByteBuf<'a>,
    #[serde(
        default,
        deserialize_with = "crate::save_version::since_format::<4, _, _>"
    )]
    changed: ChangedCells,
}

const NEVER_SEEN_BYTE: u8 = 0;

impl Serialize for FactionKnowledge {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let (width, height) = (self.cells.width(), self.cells.height());
        if serializer.is_human_readable() {
            return SavedKnowledgeRef {
                width,
                height,
                believed: &self.believed,
                last_seen: self.last_seen.iter().copied().map(seen_time).collect(),
            }
            .serialize(serializer);
        }
        let believed: Vec<u8> = self
            .believed
            .iter()
            .map(|belief| belief.map_or(NEVER_SEEN_BYTE, |t| t.index() as u8 + 1))
            .collect();
        let last_seen = xor_with_previous(&self.last_seen);
        PackedKnowledgeRef {
            width,
            height,
            believed: ByteField(&believed),
            last_seen: ByteField(&last_seen),
            changed: &self.changed,
        }
        .serialize(serializer)
    }
}

impl<'de> Deserialize<'de> for FactionKnowledge {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        if deserializer.is_human_readable() {
            return SavedKnowledge::deserialize(deserializer).map(Self::from);
        }
        Self::try_from(PackedKnowledge::deserialize(deserializer)?)
            .map_err(serde::de::Error::custom)
    }
}

/// Arrays of the wrong length are kept as they are: the save check
/// (`game::save_check`) refuses them with a reason.
impl From<SavedKnowledge> for FactionKnowledge {
    fn from(saved: SavedKnowledge) -> Self {
        Self {
            cells: GridShape::new(saved.width, saved.height),
            believed: saved.believed,
            last_seen: saved.last_seen.into_iter().map(seen_bits).collect(),
            changed: ChangedCells::default(),
            version: 0,
        }
    }
}

impl TryFrom<PackedKnowledge<'_>> for FactionKnowledge {
    type Error = String;

    fn try_from(packed: PackedKnowledge<'_>) -> Result<Self, Self::Error> {
        let bytes = &packed.believed.0;
        if let Some(&byte) = bytes
            .iter()
            .find(|&&byte| usize::from(byte) > Terrain::COUNT)
        {
            return Err(format!(
                "a faction believes in terrain {byte}, which no terrain is"
            ));
        }
        // Every byte checked above: 0 never seen, else 1 + a terrain index.
        // Five factions' 5 MB of a 1024x1024 level, written fresh (page
        // faults, mostly) as a save is read: converted on all cores.
        // Into a spare array where there is one (a replay's next keyframe:
        // see `gridpath::spare_buffers`).
        let mut believed = SPARE_BELIEFS.with(|pool| pool.take(bytes.len()));
        believed.par_extend(
            bytes
                .par_iter()
                .map(|&byte| usize::from(byte).checked_sub(1).map(|t| Terrain::ALL[t])),
        );
        let times = &packed.last_seen.0;
        if !times.len().is_multiple_of(4) {
            return Err(format!(
                "a faction's sighting times are {} bytes, not a whole number of times",
                times.len()
            ));
        }
        let last_seen = if crate::save_version::decoding_format() >= 5 {
            undo_xor_with_previous(times)
        } else {
            // The `f32` itself, kept as its bits XOR `NEVER_SEEN`'s.
            times
                .par_chunks_exact(4)
                .map(|time| {
                    u32::from_le_bytes([time[0], time[1], time[2], time[3]]) ^ NEVER_SEEN.to_bits()
                })
                .collect()
        };
        if !packed
            .changed
            .fits(packed.width.saturating_mul(packed.height))
        {
            return Err("a faction's changed cells lie outside its level".to_owned());
        }
        Ok(Self {
            cells: GridShape::new(packed.width, packed.height),
            believed,
            last_seen,
            changed: packed.changed,
            version: 0,
        })
    }
}

/// Each number XOR the one before it (the first as it is), little-endian:
/// equal neighbours give zero bytes.
fn xor_with_previous(values: &[u32]) -> Vec<u8> {
    let mut out = Vec::with_capacity(4 * values.len());
    let mut previous = 0;
    for &value in values {
        out.extend_from_slice(&(value ^ previous).to_le_bytes());
        previous = value;
    }
    out
}

/// The numbers [`xor_with_previous`] wrote into `bytes` (a multiple of 4),
/// in a spare array where there is one.
fn undo_xor_with_previous(bytes: &[u8]) -> Vec<u32> {
    let mut previous = 0;
    let mut values = gridpath::spare_buffers::take(bytes.len() / 4);
    values.extend(bytes.chunks_exact(4).map(|chunk| {
        previous ^= u32::from_le_bytes([chunk[0], chunk[1], chunk[2], chunk[3]]);
        previous
    }));
    values
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn learns_by_sight_and_remembers_when() {
        let mut knowledge = FactionKnowledge::new(4, 3);
        let door = Pos::new(2, 1);
        assert_eq!(knowledge.belief(door), None);
        assert!(knowledge.observe(door, Terrain::OpenDoor, 5.0));
        assert!(!knowledge.observe(door, Terrain::OpenDoor, 6.0));
        assert_eq!(knowledge.last_seen(door), Some(6.0));
        // The player closed it since.
        assert!(knowledge.observe(door, Terrain::ClosedDoor, 9.0));
        assert_eq!(knowledge.take_changes(), vec![door, door]);
        assert!(knowledge.take_changes().is_empty());
        knowledge.observe(Pos::new(0, 0), Terrain::Wall, 10.0);
        assert_eq!(knowledge.known_cells(), 2);
        assert_eq!(knowledge.belief(Pos::new(-1, 0)), None);
    }

    #[test]
    fn sighting_times_are_written_as_changes_from_the_cell_before() {
        let values = [0, 0, 7, 7, 7, 0x8000_0001, 0, u32::MAX];
        let bytes = xor_with_previous(&values);
        let words: Vec<u32> = bytes
            .chunks_exact(4)
            .map(|c| u32::from_le_bytes([c[0], c[1], c[2], c[3]]))
            .collect();
        assert_eq!(words, [0, 0, 7, 0, 0, 0x8000_0006, 0x8000_0001, u32::MAX]);
        assert_eq!(undo_xor_with_previous(&bytes), values);
    }

    #[test]
    fn a_binary_save_packs_the_cells_and_reads_them_back() {
        let mut knowledge = FactionKnowledge::new(3, 2);
        knowledge.observe(Pos::new(1, 1), Terrain::ClosedDoor, 4.5);
        let bytes = postcard::to_allocvec(&knowledge).unwrap();
        // Size, then 6 belief bytes and 24 time bytes, each with a length,
        // then the one cell the planning grid has not taken in yet (a
        // count and the cell's index).
        assert_eq!(bytes.len(), 2 + 1 + 6 + 1 + 24 + 2);
        let back: FactionKnowledge = postcard::from_bytes(&bytes).unwrap();
        assert_eq!(back, knowledge);
        assert_eq!(back.belief(Pos::new(1, 1)), Some(Terrain::ClosedDoor));
        assert_eq!(back.last_seen(Pos::new(1, 1)), Some(4.5));
        // A belief byte past the last terrain is damage, not a panic.
        let mut damaged = bytes.clone();
        damaged[3] = 200;
        let err = postcard::from_bytes::<FactionKnowledge>(&damaged).unwrap_err();
        assert!(matches!(err, postcard::Error::SerdeDeCustom), "{err}");
    }
}
