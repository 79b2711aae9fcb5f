//! How many grid cells a save being decoded may still claim.
//!
//! Most of a save's arrays hold their cells, so a crafted length costs only
//! the bytes that are really there. A sparse grid (an influence map saves
//! only the cells with a value) states its size instead, and a crafted one
//! could claim 100000x100000 cells and have them allocated before any check
//! sees the level. Every cell of a valid save's level takes at least a byte
//! of the decoded game, and its grids are the level's size, so while a save
//! decodes ([`with_cell_budget`]) the sparse grids together may claim no
//! more cells than a bound from the decoded bytes: one that does is refused
//! as damage before anything is allocated for it.
//!
//! Outside a decode only the level's side limit applies. This module holds
//! a counter and nothing else: it never allocates, reads or writes.

use std::cell::{Cell, RefCell};

use crate::world::Level;

/// How many cells of sparse grids a valid save may hold per decoded byte:
/// a faction's three influence maps are the level's size, and the faction
/// alone keeps 5 bytes a cell of knowledge, so 3 maps per 5 bytes of a
/// faction is well under 1 a byte; 4 leaves room.
const CELLS_PER_BYTE: usize = 4;

thread_local! {
    /// The cells the grids of the save being decoded may still claim;
    /// `None` outside a decode.
    static REMAINING: Cell<Option<usize>> = const { Cell::new(None) };
    /// Why a claim during this decode was refused: a binary decoder may
    /// keep no text of a custom error, so the save's reason is taken here.
    static REFUSED: RefCell<Option<String>> = const { RefCell::new(None) };
}

/// Runs `decode` with a budget of grid cells derived from the `bytes` of
/// the save (or its decoded game) it reads. Returns what `decode` returned
/// and, if a grid's claim was refused on the way, why.
pub(crate) fn with_cell_budget<T>(bytes: usize, decode: impl FnOnce() -> T) -> (T, Option<String>) {
    /// Puts the budget back as it was, even if `decode` panics.
    struct Restore(Option<usize>);
    impl Drop for Restore {
        fn drop(&mut self) {
            REMAINING.with(|remaining| remaining.set(self.0));
        }
    }
    let budget = bytes.saturating_mul(CELLS_PER_BYTE);
    let _restore = Restore(REMAINING.with(|remaining| remaining.replace(Some(budget))));
    REFUSED.with(|refused| refused.borrow_mut().take());
    let decoded = decode();
    (decoded, REFUSED.with(|refused| refused.borrow_mut().take()))
}

/// The number of cells of a `width` x `height` grid read from a save, if
/// it may be allocated: each side within [`Level::MAX_SIDE`], and during a
/// decode, within what is left of the budget (which it then takes).
///
/// # Errors
/// A message naming the claimed size.
pub(crate) fn claim_cells(width: usize, height: usize) -> Result<usize, String> {
    let claimed = if width > Level::MAX_SIDE || height > Level::MAX_SIDE {
        Err(format!(
            "a {width}x{height} grid is larger than any level (sides are at most {})",
            Level::MAX_SIDE
        ))
    } else {
        // Both sides are at most 2^15, so the product fits.
        let cells = width.saturating_mul(height);
        REMAINING.with(|remaining| match remaining.get() {
            Some(left) if cells > left => Err(format!(
                "a {width}x{height} grid is larger than the save can hold ({left} more cells at most)"
            )),
            Some(left) => {
                remaining.set(Some(left - cells));
                Ok(cells)
            }
            None => Ok(cells),
        })
    };
    if let Err(why) = &claimed {
        REFUSED.with(|refused| {
            refused.borrow_mut().get_or_insert_with(|| why.clone());
        });
    }
    claimed
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn grids_share_the_budget_of_the_decode_and_only_during_it() {
        let (claims, refused) = with_cell_budget(10, || {
            [claim_cells(5, 5), claim_cells(4, 4), claim_cells(0, 9)]
        });
        assert_eq!(
            refused.as_deref(),
            Some("a 4x4 grid is larger than the save can hold (15 more cells at most)")
        );
        assert_eq!(claims[0], Ok(25));
        assert!(claims[1].is_err(), "16 more cells exceed the 40 budget");
        assert_eq!(claims[2], Ok(0));
        assert_eq!(claim_cells(1000, 1000), Ok(1_000_000));
        let err = claim_cells(100_000, 100_000).unwrap_err();
        assert_eq!(
            err,
            format!(
                "a 100000x100000 grid is larger than any level (sides are at most {})",
                Level::MAX_SIDE
            )
        );
    }
}
