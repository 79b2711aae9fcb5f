//! A radix heap of (priority key, cell) entries: the open list of Dijkstra
//! maps, and the entry type A*'s [`BucketQueue`] holds.
//!
//! A radix heap needs every key pushed to be no smaller than the last key
//! popped ("monotone"), which Dijkstra always gives. In exchange a push is a
//! `Vec::push` and a pop moves each entry down a few buckets over its life,
//! against a binary or 4-ary heap's log n swaps per operation. A* moved on
//! to a bucket queue, where entries do not move at all (see there).
//!
//! Entries are never updated in place: a cheaper route to a cell pushes a new
//! entry and the old one is skipped when popped (lazy deletion).
//!
//! [`BucketQueue`]: crate::bucket_queue::BucketQueue

/// One open-list entry: a priority key (smaller first) and a cell.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub(crate) struct OpenEntry {
    pub key: u64,
    pub cell: u32,
}

/// Bucket 0 holds keys equal to the last popped key; bucket i > 0 holds keys
/// whose highest bit differing from it is bit i - 1.
const BUCKETS: usize = 65;

/// The `occupied` bit of a bucket (none for bucket 0, which `pop` checks
/// directly).
#[inline(always)]
fn occupied_bit(bucket: usize) -> u128 {
    (1u128 << bucket) & !1
}

#[derive(Debug, Clone)]
pub(crate) struct OpenList {
    buckets: [Vec<OpenEntry>; BUCKETS],
    /// Bit `i` is set when bucket `i` (1..=64) holds entries, so a
    /// refill finds the lowest one with one instruction instead of scanning
    /// up to 64 vector headers.
    occupied: u128,
    /// The last key popped: no smaller key may be pushed.
    last: u64,
    len: usize,
}

impl Default for OpenList {
    fn default() -> Self {
        Self {
            buckets: std::array::from_fn(|_| Vec::new()),
            occupied: 0,
            last: 0,
            len: 0,
        }
    }
}

impl OpenList {
    pub(crate) fn clear(&mut self) {
        if self.len > 0 {
            for bucket in &mut self.buckets {
                bucket.clear();
            }
        }
        self.occupied = 0;
        self.last = 0;
        self.len = 0;
    }

    #[inline(always)]
    fn bucket_of(&self, key: u64) -> usize {
        (u64::BITS - (key ^ self.last).leading_zeros()) as usize
    }

    /// Adds an entry; its key must be at least [`OpenList::floor`].
    #[inline]
    pub(crate) fn push(&mut self, entry: OpenEntry) {
        debug_assert!(entry.key >= self.last, "radix heap keys must be monotone");
        let bucket = self.bucket_of(entry.key);
        self.buckets[bucket].push(entry);
        self.occupied |= occupied_bit(bucket);
        self.len += 1;
    }

    #[inline]
    pub(crate) fn pop(&mut self) -> Option<OpenEntry> {
        if self.buckets[0].is_empty() {
            if self.len == 0 {
                return None;
            }
            self.refill_first_bucket();
        }
        self.len -= 1;
        self.buckets[0].pop()
    }

    /// Moves the smallest non-empty bucket's entries down, around its
    /// smallest key, which becomes the new floor.
    #[inline(never)]
    fn refill_first_bucket(&mut self) {
        if self.occupied == 0 {
            return;
        }
        let source = self.occupied.trailing_zeros() as usize;
        self.occupied &= !occupied_bit(source);
        let mut entries = std::mem::take(&mut self.buckets[source]);
        self.last = entries.iter().map(|e| e.key).min().unwrap_or(self.last);
        for entry in entries.drain(..) {
            let bucket = self.bucket_of(entry.key);
            self.buckets[bucket].push(entry);
            self.occupied |= occupied_bit(bucket);
        }
        // Keep the emptied vector's capacity for next time.
        self.buckets[source] = entries;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pops_in_key_order() {
        let mut open = OpenList::default();
        let keys = [51, 39, 32, 80, 17, 32, 0, 99, 25, u64::MAX, 1 << 40];
        for (i, &key) in keys.iter().enumerate() {
            open.push(OpenEntry {
                key,
                cell: i as u32,
            });
        }
        let mut popped = Vec::new();
        while let Some(e) = open.pop() {
            popped.push(e.key);
        }
        let mut sorted = keys.to_vec();
        sorted.sort();
        assert_eq!(popped, sorted);
    }

    #[test]
    fn interleaved_monotone_pushes_and_pops_stay_ordered() {
        let mut open = OpenList::default();
        let mut state = 12345u64;
        let mut last = 0;
        let mut reference = std::collections::BinaryHeap::new();
        for step in 0..2000 {
            // A small xorshift so the test needs no RNG crate.
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            if step % 3 != 2 {
                let key = last + state % 1000;
                open.push(OpenEntry { key, cell: 0 });
                reference.push(std::cmp::Reverse(key));
            } else if let Some(e) = open.pop() {
                assert_eq!(Some(std::cmp::Reverse(e.key)), reference.pop());
                assert!(e.key >= last);
                last = e.key;
            }
        }
        open.clear();
        assert_eq!(open.pop(), None);
    }
}
