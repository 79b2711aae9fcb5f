//! The save format's version: the one this build writes ([`SAVE_FORMAT`]),
//! the older ones it reads, and the one of the save being decoded now
//! ([`decoding_format`]).
//!
//! `postcard` is not self-describing, so a type that gained saved fields
//! reads an older save only if it knows which format it is reading: while
//! a save decodes ([`with_format`]), [`decoding_format`] says which, and a
//! field saved since format 4 (or 5 to 11) reads as its default from an older
//! save ([`since_format`]). The saved types of every layer (the world's,
//! the AI's, the game's) ask it, so it stands below them all and knows none
//! of them; the frozen shapes of older formats, which do know them, are
//! `game::save::versioned`.

use std::cell::Cell;

use serde::{Deserialize, Deserializer};

/// The format this version writes.
/// Format 3 added the run's start and the assisted mark to the game, kills
/// by kind to its counters (the end of run's summary and scores), and the
/// player's gear and experience; a format-2 save is set aside, saying so.
/// Format 4 saves the whole game: every monster's mind, each faction's
/// planning grid, paused searches, waiting requests, shared field and flee
/// map, the cells its grid has not taken in yet, the terrain changes, the
/// behaviour counts and the per-turn figures. A format-3 save still loads
/// (`game::save::versioned`), with forgetful monsters.
/// Format 5 adds where each level of the run began (the run summary's line
/// per level); a format-4 save loads, knowing only the levels after it.
/// Format 6 adds how a search ended in flight or at a noise (the pack
/// counters) and what a plan's coarse waypoints cost beyond its refined
/// stretch (a monster's mind); a format-5 save loads, those read as 0.
/// Format 7 adds the queue for a cell next to the player (who waits for
/// one, and since when: a faction's claim table) and how many turns a
/// hunter has stood without striking (a monster's mind); a format-6 save
/// loads, with nobody queued and no turns held.
/// Format 8 adds the longest frozen hunt in player turns (the behaviour
/// counters) and the player turn each monster's frozen run began; a
/// format-7 save loads, the longest read as 0 and a run under way counted
/// from the first action after the load.
/// Format 9 adds which clusters of each faction's coarse graph are priced
/// (a far plan prices only so many a turn, so what is priced is no longer
/// a function of the planning grid alone); a format-8 save loads with
/// none priced, as a new game's graph.
/// Format 10 adds the longest frozen hunt with a way in (the behaviour
/// counters: a shut-out action breaks the run) and the player turn each
/// monster's such run began; a format-9 save loads, the longest read as 0
/// and a run under way counted from the first action after the load.
/// Format 11 adds the moves that went round three cells (the pack
/// counters' `three_cell_loops_with_swaps`) and each monster's move before
/// its last two; a format-10 save loads, the count read as 0 and a loop
/// under way counted from the load on.
pub const SAVE_FORMAT: u32 = 11;
/// The oldest binary format still read.
pub(crate) const OLDEST_BINARY_FORMAT: u32 = 3;
/// The JSON format saves had before (still read).
pub const LEGACY_FORMAT: u32 = 1;

thread_local! {
    /// The format of the save being decoded on this thread.
    static DECODING: Cell<u32> = const { Cell::new(SAVE_FORMAT) };
}

/// The format of the save being decoded now (the current one outside a
/// decode).
pub(crate) fn decoding_format() -> u32 {
    DECODING.with(Cell::get)
}

/// Runs `decode` as the decoding of a save of `format`.
pub(crate) fn with_format<T>(format: u32, decode: impl FnOnce() -> T) -> T {
    /// Puts the format back as it was, even if `decode` panics.
    struct Restore(u32);
    impl Drop for Restore {
        fn drop(&mut self) {
            DECODING.with(|format| format.set(self.0));
        }
    }
    let _restore = Restore(DECODING.with(|f| f.replace(format)));
    decode()
}

/// `#[serde(default, deserialize_with = "since_format::<5, _, _>")]`: a
/// field saved since format `FORMAT`, its default in an older save (which
/// holds no bytes of it).
pub(crate) fn since_format<'de, const FORMAT: u32, D, T>(deserializer: D) -> Result<T, D::Error>
where
    D: Deserializer<'de>,
    T: Deserialize<'de> + Default,
{
    if decoding_format() >= FORMAT {
        T::deserialize(deserializer)
    } else {
        Ok(T::default())
    }
}
