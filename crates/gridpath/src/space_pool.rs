//! A pool of A* node records that search spaces lend each other: a space
//! made with [`AStar::sharing`](crate::AStar::sharing) holds
//! records only while its search runs or is paused. Searches that take
//! turns (a game's factions, one after another) then share a few
//! level-sized sets of records instead of holding one each.
//!
//! Records carry their own generation counter, and a search takes each
//! cell's cost from its grid when it first reaches the cell, so records
//! hold nothing of a grid or a search between searches: which set a
//! search gets never changes what it finds.

use std::sync::Mutex;

use crate::node_records::Records;

/// The free sets of node records, shared by the spaces made with
/// [`AStar::sharing`](crate::AStar::sharing) (behind an `Arc`).
#[derive(Debug, Default)]
pub struct SpacePool {
    free: Mutex<Vec<Records>>,
}

impl SpacePool {
    /// An empty pool: sets are made as searches first need them.
    pub fn new() -> Self {
        Self::default()
    }

    /// Records for `cells` padded cells: a free set of that size, else
    /// fresh zeroed ones (their pages taken as searches reach them).
    pub(crate) fn take(&self, cells: usize) -> Records {
        let mut free = self.lock();
        match free.iter().rposition(|r| r.nodes.len() == cells) {
            Some(index) => free.swap_remove(index),
            None => Records::zeroed(cells),
        }
    }

    /// Takes records back for the next search.
    pub(crate) fn give(&self, records: Records) {
        self.lock().push(records);
    }

    /// [`SpacePool::prepare`] for searches on `width x height` grids,
    /// before any such grid is built (a game readies the records while it
    /// builds its grids).
    pub fn prepare_for(&self, width: usize, height: usize) {
        self.prepare(crate::grid::padded_cells(width, height));
    }

    /// Makes sure a set of records for `cells` padded cells is free, every
    /// page written once (so the first searches take no page faults), and
    /// drops free sets of other sizes (a level of another size was left).
    pub fn prepare(&self, cells: usize) {
        let mut free = self.lock();
        free.retain(|r| r.nodes.len() == cells);
        if free.is_empty() {
            let mut records = Records::zeroed(cells);
            records.touch_all();
            free.push(records);
        }
    }

    /// How many sets of records are free now.
    pub fn free_sets(&self) -> usize {
        self.lock().len()
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, Vec<Records>> {
        // The records hold no invariant a panicking holder could break:
        // any set reads as untouched to the next search's generation.
        self.free
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
    }
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use super::*;
    use crate::{AStar, Grid, Movement, Pos, SearchOptions, SearchStatus};

    fn grid(rows: &[&str]) -> Grid {
        Grid::from_ascii(&rows.join("\n"), Movement::default()).expect("a test grid")
    }

    fn one_shot(grid: &Grid, start: Pos, goal: Pos) -> Option<f64> {
        AStar::new()
            .find_path(grid, start, goal, &SearchOptions::default())
            .expect("a valid query")
            .map(|path| path.cost)
    }

    #[test]
    fn spaces_that_share_records_find_what_spaces_of_their_own_find() {
        // Two grids of one size with different costs, so a record left
        // with the other grid's cost copy would show in the sums.
        let cheap = grid(&[
            "..........",
            ".######...",
            "..........",
            "...#####..",
            "..........",
        ]);
        let dear = grid(&[
            "..........",
            ".######.9.",
            "...9999999",
            "...#####..",
            "..9.......",
        ]);
        let (start, goal) = (Pos::new(0, 0), Pos::new(9, 4));
        let pool = Arc::new(SpacePool::new());
        let mut paused = AStar::sharing(Arc::clone(&pool));
        let mut other = AStar::sharing(Arc::clone(&pool));
        let options = SearchOptions::default();
        paused
            .start_search(&cheap, start, goal, &options)
            .expect("a valid query");
        assert_eq!(paused.step(&cheap, 3), SearchStatus::Pending);
        assert_eq!(
            pool.free_sets(),
            1,
            "a paused search keeps its records aside"
        );
        // While it is paused, the other space runs whole searches on the
        // other grid, in the same set of records.
        for _ in 0..3 {
            let found = other
                .find_path(&dear, start, goal, &options)
                .expect("a valid query")
                .map(|path| path.cost);
            assert_eq!(found, one_shot(&dear, start, goal));
            assert_eq!(pool.free_sets(), 1, "the finished search gave its set back");
        }
        // Paused again and again, with an override, it still finds what
        // one uninterrupted search finds.
        let mut status = paused.step(&cheap, 2);
        while status == SearchStatus::Pending {
            other
                .find_path(&dear, goal, start, &options)
                .expect("a valid query");
            status = paused.step(&cheap, 2);
        }
        let SearchStatus::Found(path) = status else {
            panic!("the paused search finds its way");
        };
        assert_eq!(Some(path.cost), one_shot(&cheap, start, goal));
        let dearer = [(Pos::new(1, 0), 5.0), (Pos::new(8, 2), 3.0)];
        paused
            .start_search_with_overrides(&cheap, start, goal, &options, &dearer)
            .expect("a valid query");
        let mut sliced = paused.step(&cheap, 1);
        while sliced == SearchStatus::Pending {
            other
                .find_path(&dear, start, goal, &options)
                .expect("a valid query");
            sliced = paused.step(&cheap, 1);
        }
        let mut whole = AStar::new();
        whole
            .start_search_with_overrides(&cheap, start, goal, &options, &dearer)
            .expect("a valid query");
        assert_eq!(sliced, whole.step(&cheap, usize::MAX));
        assert_eq!(pool.free_sets(), 1, "one set served both spaces");
        // An abandoned search gives its set back too.
        paused
            .start_search(&dear, start, goal, &options)
            .expect("a valid query");
        assert_eq!(pool.free_sets(), 0);
        paused.abandon();
        assert_eq!(pool.free_sets(), 1);
    }

    #[test]
    fn prepare_keeps_one_written_set_of_the_size_asked() {
        let pool = SpacePool::new();
        pool.prepare(100);
        pool.prepare(100);
        assert_eq!(pool.free_sets(), 1);
        pool.give(Records::zeroed(50));
        pool.prepare(100);
        assert_eq!(pool.free_sets(), 1, "a set of another size is dropped");
        assert_eq!(pool.take(100).nodes.len(), 100);
    }
}
