//! Writing the engine's state into a save and reading it back (feature
//! `serde`): grids, paused searches, distance fields and Dijkstra maps, so
//! a game that saves mid-search goes on after a load exactly as if it had
//! never stopped.
//!
//! Level-sized arrays are the cost. A plain array of numbers is written as
//! one byte string, little-endian (`le_array`): element by element a
//! compact encoder spends most of its time on them. An array whose cells
//! are zero but for a listed few (a distance field's touched cells, a
//! Dijkstra map's reached cells) is written as those cells alone and read
//! back into zeroed memory (`zeroed_with`): its size is claimed first,
//! against [`with_cell_limit`], so a crafted save cannot make a reader
//! allocate more than the save could hold.
//!
//! Grid versions. A grid numbers its states from a counter all grids of
//! the process share, so the same game has other numbers in another
//! process (or after other games in this one). A save numbers them anew
//! within a version space ([`save_versions_of`]): the state the grid's
//! history starts from is 1, its changes 2, 3, ... in order, its current
//! state one of those (or the next number), and any other state (one the
//! history no longer holds) 0. Every version the searches and fields on
//! that grid remember is numbered the same way, so what they compare is
//! kept, and the same game saves to the same bytes. A load
//! ([`load_versions_fresh`]) puts the numbers above a block of versions
//! reserved for it, unique in the process again.

use std::cell::{Cell, RefCell};

use serde::de::Error as _;
use serde::{Deserialize, Deserializer, Serializer};

/// The most cells a sparse array read outside [`with_cell_limit`] may
/// claim: the padded cells of the largest grid.
const DEFAULT_CELL_LIMIT: usize =
    (crate::grid_shape::MAX_GRID_SIDE + 2) * (crate::grid_shape::MAX_GRID_SIDE + 2);

thread_local! {
    /// The cells sparse arrays read on this thread may still claim.
    static CELLS_LEFT: Cell<Option<usize>> = const { Cell::new(None) };
}

/// Runs `read` with at most `cells` cells claimable by the sparse arrays
/// it reads (a save's reader derives the bound from the save's size).
pub fn with_cell_limit<T>(cells: usize, read: impl FnOnce() -> T) -> T {
    struct Restore(Option<usize>);
    impl Drop for Restore {
        fn drop(&mut self) {
            CELLS_LEFT.with(|left| left.set(self.0));
        }
    }
    let _restore = Restore(CELLS_LEFT.with(|left| left.replace(Some(cells))));
    read()
}

/// Takes `cells` from what the sparse arrays being read may still claim.
pub(crate) fn claim<E: serde::de::Error>(cells: usize) -> Result<(), E> {
    CELLS_LEFT.with(|left| {
        let available = left.get().unwrap_or(DEFAULT_CELL_LIMIT);
        if cells > available {
            return Err(E::custom(format!(
                "an array of {cells} cells is larger than the save can hold ({available} more at most)"
            )));
        }
        if left.get().is_some() {
            left.set(Some(available - cells));
        }
        Ok(())
    })
}

/// How many versions a grid read from a save reserves (its numbers from the
/// save lie below it, and every later change of any grid above it).
const VERSION_BLOCK: u64 = 1 << 32;

/// How the versions being written or read are numbered.
#[derive(Debug, Default)]
enum VersionSpace {
    /// As they are.
    #[default]
    Raw,
    /// Written relative to one grid's history.
    Saving {
        history_start: u64,
        changes: Vec<u64>,
        current: u64,
    },
    /// Read above a reserved block.
    Loading { base: u64 },
}

thread_local! {
    static VERSIONS: RefCell<VersionSpace> = const { RefCell::new(VersionSpace::Raw) };
}

/// From now on (until the next call here), versions are written relative
/// to `grid`'s history: call it before writing a grid and what searches
/// and fields on it remember.
pub fn save_versions_of(grid: &crate::Grid) {
    let (history_start, changes, current) = grid.version_history();
    VERSIONS.with(|space| {
        *space.borrow_mut() = VersionSpace::Saving {
            history_start,
            changes,
            current,
        };
    });
}

/// From now on (until the next call here), versions read are placed above
/// a newly reserved block: call it before reading a grid written after
/// [`save_versions_of`], and what searches and fields on it remember.
pub fn load_versions_fresh() {
    let base = crate::grid_version::reserve_versions(VERSION_BLOCK);
    VERSIONS.with(|space| *space.borrow_mut() = VersionSpace::Loading { base });
}

/// Versions are written and read as they are again.
pub fn raw_versions() {
    VERSIONS.with(|space| *space.borrow_mut() = VersionSpace::Raw);
}

/// A version as a save writes it.
pub(crate) fn version_out(version: u64) -> u64 {
    VERSIONS.with(|space| match &*space.borrow() {
        VersionSpace::Saving {
            history_start,
            changes,
            current,
        } => {
            if version == *history_start {
                1
            } else if let Ok(at) = changes.binary_search(&version) {
                at as u64 + 2
            } else if version == *current {
                changes.len() as u64 + 2
            } else {
                0
            }
        }
        _ => version,
    })
}

/// A version as a save wrote it, numbered for this process.
pub(crate) fn version_in(saved: u64) -> u64 {
    VERSIONS.with(|space| match &*space.borrow() {
        VersionSpace::Loading { base } if saved < VERSION_BLOCK => base + saved,
        _ => {
            crate::grid_version::note_saved_version(saved);
            saved
        }
    })
}

/// `#[serde(with = "version")]`: a grid version (see the module's notes).
pub(crate) mod version {
    use super::*;

    pub(crate) fn serialize<S: Serializer>(
        version: &u64,
        serializer: S,
    ) -> Result<S::Ok, S::Error> {
        serializer.serialize_u64(version_out(*version))
    }

    pub(crate) fn deserialize<'de, D: Deserializer<'de>>(deserializer: D) -> Result<u64, D::Error> {
        Ok(version_in(u64::deserialize(deserializer)?))
    }
}

/// `#[serde(with = "change_log")]`: a grid's changes, each with the version
/// it made (see the module's notes).
///
/// In a save the log is its grid's own version space, its changes numbered
/// 2, 3, ... in order: only the cells are written, each as its distance
/// from the cell before (zigzag LEB128: a faction's view changes cells a
/// row at a time, so most take a byte), and the numbers are given back in
/// order on reading. A long game's planning grids remember hundreds of
/// thousands of changes, and a number and a cell index each were most of
/// their bytes. Outside a save the versions are written as they are.
pub(crate) mod change_log {
    use super::*;
    use serde::Serialize;

    /// How a log is written.
    #[derive(Serialize, Deserialize)]
    enum Written {
        /// The cells, in order, of changes numbered from 2.
        Numbered(#[serde(with = "super::varint_deltas")] Vec<u32>),
        /// Each change's version and cell as they are.
        Raw(Vec<(u64, u32)>),
    }

    pub(crate) fn serialize<S: Serializer>(
        log: &[(u64, u32)],
        serializer: S,
    ) -> Result<S::Ok, S::Error> {
        let saving = VERSIONS.with(|space| matches!(&*space.borrow(), VersionSpace::Saving { .. }));
        let written = if saving {
            Written::Numbered(log.iter().map(|&(_, cell)| cell).collect())
        } else {
            Written::Raw(
                log.iter()
                    .map(|&(version, cell)| (version_out(version), cell))
                    .collect(),
            )
        };
        written.serialize(serializer)
    }

    pub(crate) fn deserialize<'de, D: Deserializer<'de>>(
        deserializer: D,
    ) -> Result<Vec<(u64, u32)>, D::Error> {
        Ok(match Written::deserialize(deserializer)? {
            Written::Numbered(cells) => cells
                .into_iter()
                .enumerate()
                .map(|(at, cell)| (version_in(at as u64 + 2), cell))
                .collect(),
            Written::Raw(log) => log
                .into_iter()
                .map(|(version, cell)| (version_in(version), cell))
                .collect(),
        })
    }
}

/// Appends `value` as LEB128: seven bits a byte, low bits first. (The
/// game's save writes its byte runs with it too.)
pub fn put_varint(out: &mut Vec<u8>, mut value: u64) {
    while value >= 0x80 {
        out.push((value as u8) | 0x80);
        value >>= 7;
    }
    out.push(value as u8);
}

/// The LEB128 number at `bytes[*at..]`, moving `at` past it; `None` when
/// the bytes end inside it or it overflows 64 bits.
pub fn take_varint(bytes: &[u8], at: &mut usize) -> Option<u64> {
    let mut value = 0u64;
    for shift in (0..64).step_by(7) {
        let byte = *bytes.get(*at)?;
        *at += 1;
        value |= u64::from(byte & 0x7f).checked_shl(shift)?;
        if byte & 0x80 == 0 {
            return Some(value);
        }
    }
    None
}

/// `cells` as their differences, each from the one before (zigzag
/// LEB128), in one byte string.
fn delta_bytes(cells: &[u32]) -> Vec<u8> {
    let mut out = Vec::with_capacity(cells.len() + cells.len() / 2);
    let mut last = 0i64;
    for &cell in cells {
        let step = i64::from(cell) - last;
        put_varint(&mut out, ((step << 1) ^ (step >> 63)) as u64);
        last = i64::from(cell);
    }
    out
}

/// The cells [`delta_bytes`] wrote, or what is wrong with the bytes.
fn cells_from_deltas(bytes: &[u8]) -> Result<Vec<u32>, String> {
    let mut cells = Vec::with_capacity(bytes.len());
    let (mut at, mut last) = (0, 0i64);
    while at < bytes.len() {
        let zigzag = take_varint(bytes, &mut at).ok_or("a cell list ends inside a number")?;
        let step = (zigzag >> 1) as i64 ^ -((zigzag & 1) as i64);
        last = last.wrapping_add(step);
        let cell = u32::try_from(last)
            .map_err(|_| format!("cell {last} of a change log is out of range"))?;
        cells.push(cell);
    }
    Ok(cells)
}

/// `#[serde(with = "varint_deltas")]`: cell indices as one byte string of
/// their differences ([`delta_bytes`]).
pub(crate) mod varint_deltas {
    use super::*;

    pub(crate) fn serialize<S: Serializer>(
        cells: &[u32],
        serializer: S,
    ) -> Result<S::Ok, S::Error> {
        serializer.serialize_bytes(&delta_bytes(cells))
    }

    pub(crate) fn deserialize<'de, D: Deserializer<'de>>(
        deserializer: D,
    ) -> Result<Vec<u32>, D::Error> {
        let Bytes(bytes) = Bytes::deserialize(deserializer)?;
        // Each cell takes a byte at least: claimed before it is allocated.
        claim::<D::Error>(bytes.len())?;
        cells_from_deltas(&bytes).map_err(D::Error::custom)
    }
}

/// A number stored little-endian in a byte string.
pub(crate) trait LeNumber: Copy + Default {
    const SIZE: usize;
    fn put(self, out: &mut Vec<u8>);
    fn take(bytes: &[u8]) -> Self;
}

macro_rules! le_number {
    ($($t:ty),*) => {$(
        impl LeNumber for $t {
            const SIZE: usize = std::mem::size_of::<$t>();
            fn put(self, out: &mut Vec<u8>) {
                out.extend_from_slice(&self.to_le_bytes());
            }
            fn take(bytes: &[u8]) -> Self {
                let mut raw = [0; std::mem::size_of::<$t>()];
                raw.copy_from_slice(bytes);
                <$t>::from_le_bytes(raw)
            }
        }
    )*};
}
le_number!(u8, u32, u64, f32, i64);

impl LeNumber for isize {
    const SIZE: usize = 8;
    fn put(self, out: &mut Vec<u8>) {
        (self as i64).put(out);
    }
    fn take(bytes: &[u8]) -> Self {
        i64::take(bytes) as isize
    }
}

fn to_bytes<T: LeNumber>(values: &[T]) -> Vec<u8> {
    let mut out = Vec::with_capacity(values.len() * T::SIZE);
    for &value in values {
        value.put(&mut out);
    }
    out
}

/// The numbers in `bytes`, or an error if they do not divide evenly.
fn from_bytes<T: LeNumber, E: serde::de::Error>(bytes: &[u8]) -> Result<Vec<T>, E> {
    if !bytes.len().is_multiple_of(T::SIZE) {
        return Err(E::custom(format!(
            "an array of {}-byte numbers takes {} bytes",
            T::SIZE,
            bytes.len()
        )));
    }
    Ok(bytes.chunks_exact(T::SIZE).map(T::take).collect())
}

/// A byte string borrowed from the reader's input where it can be.
struct Bytes(Vec<u8>);

impl<'de> Deserialize<'de> for Bytes {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct Visitor;
        impl<'de> serde::de::Visitor<'de> for Visitor {
            type Value = Bytes;
            fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str("a byte string")
            }
            fn visit_bytes<E: serde::de::Error>(self, v: &[u8]) -> Result<Bytes, E> {
                Ok(Bytes(v.to_vec()))
            }
            fn visit_byte_buf<E: serde::de::Error>(self, v: Vec<u8>) -> Result<Bytes, E> {
                Ok(Bytes(v))
            }
            fn visit_seq<A: serde::de::SeqAccess<'de>>(
                self,
                mut seq: A,
            ) -> Result<Bytes, A::Error> {
                let mut out = Vec::new();
                while let Some(byte) = seq.next_element::<u8>()? {
                    out.push(byte);
                }
                Ok(Bytes(out))
            }
        }
        deserializer.deserialize_bytes(Visitor)
    }
}

/// `#[serde(with = "le_array")]`: a `Vec` of numbers as one byte string.
pub(crate) mod le_array {
    use super::*;

    pub(crate) fn serialize<T: LeNumber, S: Serializer>(
        values: &[T],
        serializer: S,
    ) -> Result<S::Ok, S::Error> {
        serializer.serialize_bytes(&to_bytes(values))
    }

    pub(crate) fn deserialize<'de, T: LeNumber, D: Deserializer<'de>>(
        deserializer: D,
    ) -> Result<Vec<T>, D::Error> {
        let Bytes(bytes) = Bytes::deserialize(deserializer)?;
        from_bytes(&bytes)
    }
}

/// `#[serde(with = "le_runs")]`: a level-sized `Vec` of numbers that runs
/// long on one value (a grid's costs and island labels: ground nobody has
/// seen is priced alike, an island is one label) as one byte string of
/// runs, each the value (little-endian) then its length (LEB128: a
/// well-explored level has hundreds of thousands of short runs, and a
/// 4-byte length beside each was most of a long game's save). A million
/// cells of a 1024x1024 grid take a few thousand to a few hundred thousand
/// runs, so the save neither writes nor compresses megabytes of repeats.
/// The cells a save's runs add up to are claimed before they are
/// allocated.
pub(crate) mod le_runs {
    use super::*;

    pub(crate) fn serialize<T: LeNumber + PartialEq, S: Serializer>(
        values: &[T],
        serializer: S,
    ) -> Result<S::Ok, S::Error> {
        let mut out = Vec::new();
        let mut cells = values.iter();
        if let Some(&first) = cells.next() {
            let (mut value, mut run) = (first, 1u64);
            for &next in cells {
                if next == value {
                    run += 1;
                } else {
                    value.put(&mut out);
                    put_varint(&mut out, run);
                    (value, run) = (next, 1);
                }
            }
            value.put(&mut out);
            put_varint(&mut out, run);
        }
        serializer.serialize_bytes(&out)
    }

    /// The array is written into a spare one where there is one
    /// ([`spare_buffers`](crate::spare_buffers)): a replay's next keyframe.
    pub(crate) fn deserialize<
        'de,
        T: LeNumber + crate::spare_buffers::Spare,
        D: Deserializer<'de>,
    >(
        deserializer: D,
    ) -> Result<Vec<T>, D::Error> {
        let Bytes(bytes) = Bytes::deserialize(deserializer)?;
        let bytes = bytes.as_slice();
        let runs = || {
            let mut at = 0;
            std::iter::from_fn(move || {
                if at >= bytes.len() {
                    return None;
                }
                let value = bytes.get(at..at + T::SIZE).map(T::take);
                at += T::SIZE;
                Some(value.zip(take_varint(bytes, &mut at)))
            })
        };
        let cells = runs().try_fold(0usize, |total, run| {
            let (_, run) = run.ok_or("runs of numbers end inside a run")?;
            let run = usize::try_from(run).map_err(|_| "runs longer than memory")?;
            total.checked_add(run).ok_or("runs longer than memory")
        });
        let cells = cells.map_err(D::Error::custom)?;
        claim::<D::Error>(cells)?;
        let mut out = crate::spare_buffers::take(cells);
        for (value, run) in runs().flatten() {
            out.resize(out.len() + run as usize, value);
        }
        Ok(out)
    }
}

/// `#[serde(with = "le_boxed")]`: a boxed array of numbers as one byte string.
pub(crate) mod le_boxed {
    use super::*;

    pub(crate) fn serialize<T: LeNumber, const N: usize, S: Serializer>(
        values: &[T; N],
        serializer: S,
    ) -> Result<S::Ok, S::Error> {
        serializer.serialize_bytes(&to_bytes(values.as_slice()))
    }

    pub(crate) fn deserialize<'de, T: LeNumber, const N: usize, D: Deserializer<'de>>(
        deserializer: D,
    ) -> Result<Box<[T; N]>, D::Error> {
        let Bytes(bytes) = Bytes::deserialize(deserializer)?;
        let values: Vec<T> = from_bytes(&bytes)?;
        let found = values.len();
        values
            .into_boxed_slice()
            .try_into()
            .map_err(|_| D::Error::custom(format!("an array of {N} numbers holds {found}")))
    }
}

/// `#[serde(with = "le_fixed")]`: an array of numbers as one byte string.
pub(crate) mod le_fixed {
    use super::*;

    pub(crate) fn serialize<T: LeNumber, const N: usize, S: Serializer>(
        values: &[T; N],
        serializer: S,
    ) -> Result<S::Ok, S::Error> {
        le_boxed::serialize(values, serializer)
    }

    pub(crate) fn deserialize<'de, T: LeNumber, const N: usize, D: Deserializer<'de>>(
        deserializer: D,
    ) -> Result<[T; N], D::Error> {
        le_boxed::deserialize(deserializer).map(|boxed: Box<[T; N]>| *boxed)
    }
}

/// The values of `array` at `cells`, in that order (for a sparse array).
pub(crate) fn values_at<T: Copy>(array: &[T], cells: &[u32]) -> Vec<T> {
    cells
        .iter()
        .filter_map(|&cell| array.get(cell as usize).copied())
        .collect()
}

/// A zeroed array of `len` cells with `values` written at `cells`; its
/// size is claimed first (see [`with_cell_limit`]).
pub(crate) fn zeroed_with<T: Copy + bytemuck::Zeroable, E: serde::de::Error>(
    len: usize,
    cells: &[u32],
    values: &[T],
) -> Result<Vec<T>, E> {
    if cells.len() != values.len() {
        return Err(E::custom(format!(
            "{} cells are listed with {} values",
            cells.len(),
            values.len()
        )));
    }
    claim::<E>(len)?;
    let mut array: Vec<T> = bytemuck::allocation::zeroed_vec(len);
    for (&cell, &value) in cells.iter().zip(values) {
        let slot = array
            .get_mut(cell as usize)
            .ok_or_else(|| E::custom(format!("cell {cell} lies outside an array of {len}")))?;
        *slot = value;
    }
    Ok(array)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn varints_read_back_what_was_written_and_refuse_a_cut_one() {
        let values = [
            0,
            1,
            127,
            128,
            300,
            16_383,
            16_384,
            u64::from(u32::MAX),
            u64::MAX,
        ];
        let mut bytes = Vec::new();
        for &value in &values {
            put_varint(&mut bytes, value);
        }
        // One byte for 0..128, two for 128..16384.
        assert_eq!(bytes.len(), 1 + 1 + 1 + 2 + 2 + 2 + 3 + 5 + 10);
        let mut at = 0;
        for &value in &values {
            assert_eq!(take_varint(&bytes, &mut at), Some(value));
        }
        assert_eq!(at, bytes.len());
        let mut at = 0;
        assert_eq!(take_varint(&[0x80, 0x80], &mut at), None);
        // Eleven bytes of continuation overflow 64 bits.
        let mut at = 0;
        assert_eq!(take_varint(&[0xff; 11], &mut at), None);
    }

    #[test]
    fn a_change_log_s_cells_take_a_byte_each_along_a_row() {
        // A row of a 1026-wide padded grid seen left to right, then a cell
        // far back, then the largest index.
        let mut cells: Vec<u32> = (5_000..5_040).collect();
        cells.extend([17, u32::MAX, 0]);
        let bytes = delta_bytes(&cells);
        assert_eq!(bytes.len(), 2 + 39 + 2 + 5 + 5, "{bytes:?}");
        assert_eq!(cells_from_deltas(&bytes), Ok(cells));
        assert!(cells_from_deltas(&[0x80]).is_err());
        // A first step below zero is no cell.
        assert!(cells_from_deltas(&[0x01]).is_err());
    }
}
