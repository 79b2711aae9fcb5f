//! The numbers that tell grid states apart: one counter shared by every
//! grid, so no two states ever get the same version (search spaces compare
//! versions to know what changed). Its own file so that the save format
//! (`saved`), which reserves and notes versions, need not import the grid.

use std::sync::atomic::{AtomicU64, Ordering};

/// The source of grid versions: shared by all grids so that no two grid
/// states get the same number.
static NEXT_VERSION: AtomicU64 = AtomicU64::new(1);

pub(crate) fn next_version() -> u64 {
    NEXT_VERSION.fetch_add(1, Ordering::Relaxed)
}

/// Reserves `count` versions no grid state had or will have (a grid read
/// from a save numbers its states among them).
#[cfg(feature = "serde")]
pub(crate) fn reserve_versions(count: u64) -> u64 {
    NEXT_VERSION.fetch_add(count, Ordering::Relaxed)
}

/// A version read from a save with no version space: versions given out
/// from now on come after it.
#[cfg(feature = "serde")]
pub(crate) fn note_saved_version(version: u64) {
    NEXT_VERSION.fetch_max(version.saturating_add(1), Ordering::Relaxed);
}
