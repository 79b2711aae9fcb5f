//! The cells of each cheapest crossing of a cluster, kept beside its cost.
//!
//! Pricing finds every crossing's cells anyway (a Dijkstra from each node);
//! keeping them as one byte a step means a coarse step is refined by
//! reading them back rather than by a search, as HPA* allows ("the actual
//! paths may be cached"). A cluster of 16 x 16 with 19 nodes keeps about
//! 4 KB of steps. Pricing a cluster again replaces them with its costs.

use crate::grid::DIRECTION_DELTAS;
use crate::pos::Pos;

/// The direction opposite each direction (see `DIRECTION_DELTAS`).
pub(crate) const REVERSE: [u8; 8] = [2, 3, 0, 1, 6, 7, 4, 5];

/// Every crossing's steps in one cluster: `steps[spans[i * k + j]]` are the
/// directions of the moves from node i to node j (empty where there is no
/// way, or i == j).
#[derive(Debug, Clone, Default)]
pub(crate) struct CrossingPaths {
    steps: Vec<u8>,
    /// (first step, step count) by pair.
    spans: Vec<(u32, u32)>,
}

impl CrossingPaths {
    /// Forgets every path, ready for `k` nodes.
    pub(super) fn reset(&mut self, k: usize) {
        self.steps.clear();
        self.spans.clear();
        self.spans.resize(k * k, (0, 0));
    }

    /// Starts the path of pair `pair` (i * k + j): its steps follow with
    /// [`CrossingPaths::push`] until [`CrossingPaths::finish`].
    pub(super) fn begin(&mut self, pair: usize) {
        self.spans[pair] = (self.steps.len() as u32, 0);
    }

    pub(super) fn push(&mut self, direction: u8) {
        self.steps.push(direction);
    }

    /// Ends the path begun for `pair`; with `reversed`, its steps were
    /// pushed from the far end back (and are turned around here).
    pub(super) fn finish(&mut self, pair: usize, reversed: bool) {
        let start = self.spans[pair].0 as usize;
        if reversed {
            self.steps[start..].reverse();
        }
        self.spans[pair].1 = (self.steps.len() - start) as u32;
    }

    /// Forgets pair `pair`'s path (its steps stay until the next reset).
    pub(super) fn forget(&mut self, pair: usize) {
        self.spans[pair] = (0, 0);
    }

    /// Whether the kept way from node i (at `from`) to node j comes
    /// within `reach` cells of `cell` (Chebyshev), either end included.
    pub(super) fn passes(
        &self,
        k: usize,
        i: usize,
        j: usize,
        from: Pos,
        cell: Pos,
        reach: i32,
    ) -> bool {
        let near = |at: Pos| (at.x - cell.x).abs() <= reach && (at.y - cell.y).abs() <= reach;
        let mut at = from;
        if near(at) {
            return true;
        }
        for &direction in self.steps(k, i, j) {
            let (dx, dy) = DIRECTION_DELTAS[usize::from(direction)];
            at = Pos::new(at.x + dx, at.y + dy);
            if near(at) {
                return true;
            }
        }
        false
    }

    /// Lets go of spare capacity once a cluster is priced.
    pub(super) fn shrink(&mut self) {
        self.steps.shrink_to_fit();
        self.spans.shrink_to_fit();
    }

    /// The moves from node i to node j of a cluster of `k` nodes.
    pub(super) fn steps(&self, k: usize, i: usize, j: usize) -> &[u8] {
        match self.spans.get(i * k + j) {
            Some(&(start, count)) => self
                .steps
                .get(start as usize..(start + count) as usize)
                .unwrap_or(&[]),
            None => &[],
        }
    }

    /// Bytes held (for measuring).
    pub(super) fn bytes(&self) -> usize {
        self.steps.capacity() + self.spans.capacity() * std::mem::size_of::<(u32, u32)>()
    }
}

/// The cells visited by walking `steps` from `from` (included), appended to
/// `out`.
pub(crate) fn walk(from: Pos, steps: &[u8], out: &mut Vec<Pos>) {
    out.push(from);
    let mut at = from;
    for &direction in steps {
        let (dx, dy) = DIRECTION_DELTAS[usize::from(direction)];
        at = Pos::new(at.x + dx, at.y + dy);
        out.push(at);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn paths_are_kept_by_pair_and_turned_around_when_pushed_backwards() {
        let mut paths = CrossingPaths::default();
        paths.reset(2);
        paths.begin(1);
        paths.push(1);
        paths.push(5);
        paths.finish(1, false);
        paths.begin(2);
        paths.push(REVERSE[5]);
        paths.push(REVERSE[1]);
        paths.finish(2, true);
        assert_eq!(paths.steps(2, 0, 1), &[1, 5]);
        assert_eq!(paths.steps(2, 1, 0), &[3, 7]);
        assert!(paths.steps(2, 0, 0).is_empty());
        let mut cells = Vec::new();
        walk(Pos::new(0, 0), paths.steps(2, 0, 1), &mut cells);
        assert_eq!(cells, vec![Pos::new(0, 0), Pos::new(1, 0), Pos::new(2, 1)]);
    }

    #[test]
    fn the_reverse_table_undoes_each_move() {
        for (d, &r) in REVERSE.iter().enumerate() {
            let (a, b) = (DIRECTION_DELTAS[d], DIRECTION_DELTAS[usize::from(r)]);
            assert_eq!((a.0 + b.0, a.1 + b.1), (0, 0));
        }
    }
}
