//! A* open list: a ring of coarse f buckets (a Dial queue) whose current
//! bucket is kept sorted, so entries come out in exact key order.
//!
//! Why not a heap. A* pushes keys that sit in a narrow window above the
//! smallest open f: with a consistent heuristic a step raises f by at most
//! twice its cost. A bucket per slice of f puts each entry where it belongs
//! with one multiply, and only the bucket being drained is ever sorted,
//! once, when it becomes current. On the 512x512 maze the radix heap this
//! replaced moved each entry between its buckets about four times and spent
//! a third of the search doing so; the bucket queue made that map's
//! searches 20-25% faster.
//!
//! Order. Entries leave in order of their `key` (smaller first), and among
//! equal keys newest first, which is what `TieBreak::LargerG` relies on. The
//! coarse bucket of an entry is computed from its f, the key from f rounded,
//! both rising with f, so bucket order never contradicts key order.
//!
//! Keys must be monotone: none pushed below the last one popped (see
//! [`BucketQueue::floor`]); A* sends such entries to its equal-f stack.
//! Entries whose bucket lies beyond the ring wait in an overflow list, taken
//! in when the ring reaches them, so any f range works, just slower.
//!
//! Entries are never updated in place: a cheaper route to a cell pushes a
//! new entry and the old one is skipped when popped (lazy deletion).
//!
//! Memory layout. The ring's buckets are singly linked lists threaded
//! through one arena per queue, not a vector each: a push appends to the
//! arena and links the entry at its bucket's head. In the game, searches
//! are small (about 30 nodes) and start cache-cold, and with a vector per
//! bucket nearly every push touched a cold vector header and a cold,
//! separately allocated buffer; now pushes write one sequential run and a
//! 16 KB array of heads.

use std::ops::Add;

use crate::open_list::OpenEntry;

/// Buckets in the ring. With buckets a 64th of the cheapest cell cost wide,
/// the ring spans 64 such costs above the current f, more than one step adds
/// to f on the game's terrain (at most twice the step's cost). Measured on
/// the Moving AI maps: wider buckets hold several distinct keys, and sorting
/// them cost up to a sixth of the search on the 512x512 room map; at this
/// width a bucket mostly holds one key, which the sort passes over once.
const RING: usize = 4096;
const RING_WORDS: usize = RING / 64;
/// The end of a bucket's list, and the head of an empty bucket.
const NONE: u32 = u32::MAX;
/// The arena holds every entry pushed into the ring since the last reset,
/// drained or not. Once it holds at least this many, and the entries still
/// waiting in the ring are at most a [`COMPACT_LIVE_DIVISOR`]th of it, the
/// waiting entries are copied into a fresh arena: long searches (millions
/// of pushes on Cauldron, 1024x1024) keep a few times the open list's size,
/// and the copying costs at most a third of an entry per push (a copy
/// happens only with three dropped entries, each pushed once, per kept one).
const COMPACT_MIN_ENTRIES: usize = 1 << 16;
const COMPACT_LIVE_DIVISOR: usize = 4;
/// A bucket's width, in units of the grid's cheapest cell cost.
const WIDTH_PER_MIN_COST: f64 = 1.0 / 64.0;

/// An entry of a ring bucket, with the arena index of the entry pushed into
/// the same bucket before it ([`NONE`] for the first). Flat rather than an
/// `OpenEntry` plus a link, so it packs into 16 bytes.
#[derive(Debug, Clone, Copy)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
struct RingEntry {
    key: u64,
    cell: u32,
    next: u32,
}

#[derive(Debug, Clone)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub(crate) struct BucketQueue {
    /// The bucket being drained, sorted by key descending (newest last
    /// among equal keys): the next entry out is at the end.
    current: Vec<OpenEntry>,
    /// Entries pushed into the current bucket after it was sorted: a small
    /// heap, newest first among equal keys, so nothing is inserted into the
    /// middle of `current` (on open maps that bucket holds thousands).
    late: LateHeap,
    /// The coarse index of `current`.
    base: u64,
    /// Bucket `c` (for `base < c < base + RING`) is the list starting at
    /// arena index `heads[c % RING]`, newest entry first.
    #[cfg_attr(feature = "serde", serde(with = "crate::saved::le_boxed"))]
    heads: Box<[u32; RING]>,
    /// The ring buckets' entries, in push order, drained ones included
    /// until the next reset or compaction.
    arena: Vec<RingEntry>,
    /// Entries waiting in the ring's lists (not yet drained).
    ring_len: usize,
    /// Bit `c % RING` is set when that ring bucket holds entries.
    #[cfg_attr(feature = "serde", serde(with = "crate::saved::le_fixed"))]
    occupied: [u64; RING_WORDS],
    /// Entries at `base + RING` or beyond, with their coarse indexes.
    overflow: Vec<(u64, OpenEntry)>,
    /// 1 / bucket width.
    per_f: f64,
    /// The last key popped: no smaller key may be pushed.
    last: u64,
    len: usize,
}

impl Default for BucketQueue {
    fn default() -> Self {
        Self {
            current: Vec::new(),
            late: LateHeap::default(),
            base: 0,
            heads: Box::new([NONE; RING]),
            arena: Vec::new(),
            ring_len: 0,
            occupied: [0; RING_WORDS],
            overflow: Vec::new(),
            per_f: 1.0 / WIDTH_PER_MIN_COST,
            last: 0,
            len: 0,
        }
    }
}

impl BucketQueue {
    /// Empties the queue for a search whose cheapest cell cost is
    /// `min_cost` (it sets the bucket width) and whose first entry will
    /// have priority `start_f`.
    pub(crate) fn reset(&mut self, min_cost: f64, start_f: f64) {
        if self.len > 0 {
            self.current.clear();
            self.late.clear();
            for (word_index, word) in self.occupied.iter_mut().enumerate() {
                let mut bits = std::mem::take(word);
                while bits != 0 {
                    let slot = word_index * 64 + bits.trailing_zeros() as usize;
                    bits &= bits - 1;
                    self.heads[slot] = NONE;
                }
            }
            self.overflow.clear();
        }
        self.arena.clear();
        self.ring_len = 0;
        let width = WIDTH_PER_MIN_COST * min_cost;
        self.per_f = if width.is_normal() { 1.0 / width } else { 1.0 };
        self.base = self.coarse(start_f);
        self.last = 0;
        self.len = 0;
    }

    /// The bucket of priority `f`: `f / width` rounded to the nearest
    /// integer, through the float's own bits (adding 2^52 leaves the
    /// integer in the low mantissa bits), which is a third of the
    /// instructions of a saturating `as u64`. Any rounding serves, as long
    /// as it never decreases with f. Clamped so a huge f stays in range;
    /// f is never negative or NaN (costs are validated).
    #[inline(always)]
    fn coarse(&self, f: f64) -> u64 {
        const TWO_POW_52: f64 = 4_503_599_627_370_496.0;
        const LIMIT: f64 = TWO_POW_52 / 2.0;
        (f * self.per_f).min(LIMIT).add(TWO_POW_52).to_bits() - TWO_POW_52.to_bits()
    }

    /// The smallest key that may still be pushed.
    pub(crate) fn floor(&self) -> u64 {
        self.last
    }

    /// Adds an entry whose priority is `f` (the key is `f` rounded, plus
    /// tie-break bits); its key must be at least [`BucketQueue::floor`].
    #[inline(always)]
    pub(crate) fn push(&mut self, f: f64, entry: OpenEntry) {
        debug_assert!(entry.key >= self.last, "bucket queue keys must be monotone");
        let coarse = self.coarse(f);
        let distance = coarse.wrapping_sub(self.base);
        self.len += 1;
        // The usual case: a bucket of the ring, after the current one.
        if distance.wrapping_sub(1) < RING as u64 - 1 {
            self.push_ring(coarse, entry);
        } else {
            self.push_outside_ring(coarse, entry);
        }
    }

    /// Links an entry at the head of ring bucket `coarse`.
    #[inline(always)]
    fn push_ring(&mut self, coarse: u64, entry: OpenEntry) {
        let slot = (coarse % RING as u64) as usize;
        let index = self.arena.len() as u32;
        // 2^32 entries would be 64 GB of arena; never reached, but a
        // wrapped index would corrupt the lists silently.
        assert!(index != NONE, "bucket queue arena full");
        self.arena.push(RingEntry {
            key: entry.key,
            cell: entry.cell,
            next: self.heads[slot],
        });
        self.heads[slot] = index;
        self.occupied[slot / 64] |= 1 << (slot % 64);
        self.ring_len += 1;
    }

    /// Pushes into the current bucket (or, for an f rounded into the key a
    /// hair under it, still the current bucket) or into the overflow list.
    #[inline(never)]
    fn push_outside_ring(&mut self, coarse: u64, entry: OpenEntry) {
        if coarse <= self.base {
            self.insert_current(entry);
        } else {
            self.overflow.push((coarse, entry));
        }
    }

    /// Puts an entry into the current bucket: on top of the sorted run when
    /// no key there is smaller and the late heap is empty (the usual case),
    /// else on the late heap. So every late entry is newer than every entry
    /// of the run, which is how `pop` breaks ties between the two.
    #[inline]
    fn insert_current(&mut self, entry: OpenEntry) {
        match self.current.last() {
            Some(tail) if tail.key >= entry.key && self.late.is_empty() => {
                self.current.push(entry);
            }
            None if self.late.is_empty() => self.current.push(entry),
            _ => self.late.push(entry),
        }
    }

    #[inline]
    pub(crate) fn pop(&mut self) -> Option<OpenEntry> {
        let entry = if self.late.is_empty() {
            // The usual case: the sorted bucket alone.
            match self.current.pop() {
                Some(entry) => entry,
                None => {
                    if self.len == 0 {
                        return None;
                    }
                    self.advance();
                    self.current.pop()?
                }
            }
        } else {
            self.pop_with_late()?
        };
        self.len -= 1;
        self.last = entry.key;
        Some(entry)
    }

    /// Pops when the late heap holds entries: its entries are newer than
    /// the sorted bucket's, so they win ties.
    #[inline(never)]
    fn pop_with_late(&mut self) -> Option<OpenEntry> {
        match (self.current.last(), self.late.peek_key()) {
            (Some(tail), Some(late)) if late > tail.key => self.current.pop(),
            (Some(_), None) => self.current.pop(),
            (_, Some(_)) => self.late.pop(),
            (None, None) => None,
        }
    }

    /// Makes the next non-empty bucket current and sorts it.
    #[inline(never)]
    fn advance(&mut self) {
        let next = match (self.next_ring_bucket(), self.overflow_min()) {
            (Some(ring), Some(far)) => ring.min(far),
            (Some(ring), None) => ring,
            (None, Some(far)) => far,
            (None, None) => return,
        };
        self.base = next;
        if self
            .overflow_min()
            .is_some_and(|far| far - next < RING as u64)
        {
            self.take_in_overflow();
        }
        let slot = (next % RING as u64) as usize;
        self.occupied[slot / 64] &= !(1 << (slot % 64));
        // `current` is empty here. The list runs newest first; reversed, it
        // is in push order, which the stable sort below turns into newest
        // last among equal keys.
        let mut index = std::mem::replace(&mut self.heads[slot], NONE);
        while index != NONE {
            let ring_entry = self.arena[index as usize];
            self.current.push(OpenEntry {
                key: ring_entry.key,
                cell: ring_entry.cell,
            });
            index = ring_entry.next;
        }
        self.current.reverse();
        self.ring_len -= self.current.len();
        if self.arena.len() >= COMPACT_MIN_ENTRIES
            && self.ring_len * COMPACT_LIVE_DIVISOR <= self.arena.len()
        {
            self.compact();
        }
        // Stable, so equal keys keep push order and the newest is last;
        // usually one run of equal keys, which the sort sees in one pass.
        self.current.sort_by_key(|e| std::cmp::Reverse(e.key));
    }

    /// Copies the entries still waiting in the ring into a fresh arena,
    /// each bucket's list kept in its order, and drops the drained ones.
    #[cold]
    fn compact(&mut self) {
        let mut arena = Vec::with_capacity(self.ring_len * 2);
        for (word_index, &word) in self.occupied.iter().enumerate() {
            let mut bits = word;
            while bits != 0 {
                let slot = word_index * 64 + bits.trailing_zeros() as usize;
                bits &= bits - 1;
                let mut index = self.heads[slot];
                self.heads[slot] = arena.len() as u32;
                while index != NONE {
                    let ring_entry = self.arena[index as usize];
                    index = ring_entry.next;
                    let next = if index == NONE {
                        NONE
                    } else {
                        arena.len() as u32 + 1
                    };
                    arena.push(RingEntry { next, ..ring_entry });
                }
            }
        }
        debug_assert_eq!(arena.len(), self.ring_len);
        self.arena = arena;
    }

    /// The coarse index of the first occupied ring bucket after `base`,
    /// scanning the occupancy bits a word at a time and wrapping once.
    fn next_ring_bucket(&self) -> Option<u64> {
        let start = (self.base % RING as u64) as usize + 1;
        let mut offset = 0;
        // `base`'s own slot, one short of a full turn, is always empty.
        while offset < RING - 1 {
            let slot = (start + offset) % RING;
            let bits = self.occupied[slot / 64] >> (slot % 64);
            if bits != 0 {
                let distance = offset + bits.trailing_zeros() as usize;
                return (distance < RING - 1).then(|| self.base + 1 + distance as u64);
            }
            offset += 64 - slot % 64;
        }
        None
    }

    fn overflow_min(&self) -> Option<u64> {
        self.overflow.iter().map(|&(coarse, _)| coarse).min()
    }

    /// Moves overflow entries that now fall inside the ring into it.
    /// Swap removals reorder the list, so equal keys taken in together need
    /// not leave newest first. Kept as it was: A* reaches the overflow only
    /// when one step raises f by more than the ring spans (64 of the
    /// cheapest cell cost), and changing it would change the game.
    fn take_in_overflow(&mut self) {
        let base = self.base;
        let mut index = 0;
        while index < self.overflow.len() {
            let (coarse, entry) = self.overflow[index];
            if coarse - base < RING as u64 {
                self.overflow.swap_remove(index);
                self.push_ring(coarse, entry);
            } else {
                index += 1;
            }
        }
    }
}

/// A 4-ary min-heap on (key, newest first), for the few entries that land
/// in the current bucket under keys already sorted there.
#[derive(Debug, Clone, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
struct LateHeap {
    entries: Vec<(OpenEntry, u32)>,
    pushes: u32,
}

const ARITY: usize = 4;

impl LateHeap {
    fn clear(&mut self) {
        self.entries.clear();
        self.pushes = 0;
    }

    fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    fn peek_key(&self) -> Option<u64> {
        self.entries.first().map(|(entry, _)| entry.key)
    }

    /// Smaller key first; among equal keys the later push.
    #[inline(always)]
    fn before(a: &(OpenEntry, u32), b: &(OpenEntry, u32)) -> bool {
        (a.0.key, !a.1) < (b.0.key, !b.1)
    }

    fn push(&mut self, entry: OpenEntry) {
        self.pushes = self.pushes.wrapping_add(1);
        let item = (entry, self.pushes);
        let mut hole = self.entries.len();
        self.entries.push(item);
        while hole > 0 {
            let parent = (hole - 1) / ARITY;
            if !Self::before(&item, &self.entries[parent]) {
                break;
            }
            self.entries[hole] = self.entries[parent];
            hole = parent;
        }
        self.entries[hole] = item;
    }

    fn pop(&mut self) -> Option<OpenEntry> {
        let last = self.entries.pop()?;
        let Some(&top) = self.entries.first() else {
            return Some(last.0);
        };
        let len = self.entries.len();
        let mut hole = 0;
        loop {
            let first_child = hole * ARITY + 1;
            if first_child >= len {
                break;
            }
            let end = (first_child + ARITY).min(len);
            let mut best = first_child;
            for child in first_child + 1..end {
                if Self::before(&self.entries[child], &self.entries[best]) {
                    best = child;
                }
            }
            if !Self::before(&self.entries[best], &last) {
                break;
            }
            self.entries[hole] = self.entries[best];
            hole = best;
        }
        self.entries[hole] = last;
        Some(top.0)
    }
}

#[cfg(test)]
mod tests {
    use std::cmp::Reverse;
    use std::collections::BinaryHeap;

    use super::*;

    /// Keys as A* makes them: a non-negative f's bit pattern orders like f.
    fn key_of(f: f64) -> u64 {
        f.to_bits()
    }

    fn entry(f: f64, cell: u32) -> OpenEntry {
        OpenEntry {
            key: key_of(f),
            cell,
        }
    }

    fn drain(queue: &mut BucketQueue) -> Vec<u32> {
        std::iter::from_fn(|| queue.pop()).map(|e| e.cell).collect()
    }

    #[test]
    fn pops_in_f_order_across_buckets_and_the_overflow() {
        let mut queue = BucketQueue::default();
        queue.reset(1.0, 0.0);
        // 0.002 apart shares a bucket; 1e6 is far beyond the ring.
        let fs = [5.0, 0.0, 3.25, 1e6, 3.252, 70.0, 0.5, 1e6 + 0.5, 64.5];
        for (cell, &f) in fs.iter().enumerate() {
            queue.push(f, entry(f, cell as u32));
        }
        let mut order: Vec<u32> = (0..fs.len() as u32).collect();
        order.sort_by(|&a, &b| fs[a as usize].total_cmp(&fs[b as usize]));
        assert_eq!(drain(&mut queue), order);
        assert_eq!(queue.pop(), None);
    }

    #[test]
    fn equal_keys_come_out_newest_first() {
        let mut queue = BucketQueue::default();
        queue.reset(1.0, 2.0);
        for cell in 0..4 {
            queue.push(2.0, entry(2.0, cell));
        }
        for cell in 4..7 {
            queue.push(9.0, entry(9.0, cell));
        }
        assert_eq!(drain(&mut queue), [3, 2, 1, 0, 6, 5, 4]);
    }

    #[test]
    fn a_key_pushed_under_the_sorted_current_bucket_still_comes_out_in_order() {
        let mut queue = BucketQueue::default();
        queue.reset(1.0, 10.0);
        // One bucket (a 64th wide) holding three keys, made current by
        // the first pop; then keys between them arrive, one equal to a key
        // already there (the newer leaves first).
        for (cell, f) in [(0, 10.001), (1, 10.003), (2, 10.005)] {
            queue.push(f, entry(f, cell));
        }
        assert_eq!(queue.pop().map(|e| e.cell), Some(0));
        queue.push(10.002, entry(10.002, 3));
        queue.push(10.004, entry(10.004, 4));
        queue.push(10.003, entry(10.003, 5));
        assert_eq!(drain(&mut queue), [3, 5, 1, 4, 2]);
    }

    #[test]
    fn a_long_search_keeps_its_arena_near_the_open_lists_size() {
        let mut queue = BucketQueue::default();
        queue.reset(1.0, 0.0);
        // A wave front of about 2,000 open entries moving across 2,000
        // buckets: four million pushes in all.
        for bucket in 0..2000u32 {
            let f = f64::from(bucket) / 64.0;
            for cell in 0..2000 {
                queue.push(f + 1.0, entry(f + 1.0, cell));
            }
            for _ in 0..2000 {
                queue.pop();
            }
        }
        let bound = COMPACT_MIN_ENTRIES.max(queue.ring_len * COMPACT_LIVE_DIVISOR * 2);
        assert!(
            queue.arena.capacity() <= bound,
            "arena of {} for {} waiting",
            queue.arena.capacity(),
            queue.ring_len
        );
    }

    #[test]
    fn reset_empties_every_part() {
        let mut queue = BucketQueue::default();
        queue.reset(1.0, 0.0);
        for (cell, f) in [(0, 0.0), (1, 0.01), (2, 7.0), (3, 1e9)] {
            queue.push(f, entry(f, cell));
        }
        queue.pop();
        queue.push(0.005, entry(0.005, 4));
        queue.reset(0.5, 3.0);
        assert_eq!(queue.pop(), None);
        queue.push(3.0, entry(3.0, 9));
        assert_eq!(drain(&mut queue), [9]);
    }

    /// Against a reference heap on (key, newest first), with monotone
    /// pushes as A* makes them: some in the current bucket, most a few
    /// buckets on, a few beyond the ring; cheapest cost 0.5, so buckets are
    /// 1/128 wide.
    #[test]
    fn matches_a_reference_heap_under_interleaved_monotone_pushes() {
        let mut queue = BucketQueue::default();
        queue.reset(0.5, 0.0);
        let mut reference = BinaryHeap::new();
        let mut state = 0x9E37_79B9_7F4A_7C15u64;
        let mut floor = 0.0f64;
        for step in 0..20_000u32 {
            // xorshift: no RNG crate needed for a fixed stream.
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            if step % 5 < 3 {
                let above = match state % 100 {
                    0 => 40.0 + (state >> 32) as f64 / 1e6,
                    1..=20 => 0.0,
                    21..=40 => ((state >> 40) % 8) as f64 / 2048.0,
                    _ => ((state >> 40) % 300) as f64 / 64.0,
                };
                let f = floor + above;
                queue.push(f, entry(f, step));
                reference.push((Reverse(key_of(f)), step));
            } else {
                let got = queue.pop();
                let want = reference.pop();
                assert_eq!(
                    got.map(|e| (e.cell, f64::from_bits(e.key))),
                    want.map(|(k, cell)| (cell, f64::from_bits(k.0))),
                    "step {step}"
                );
                if let Some(e) = got {
                    floor = f64::from_bits(e.key);
                }
            }
        }
        while let Some((_, cell)) = reference.pop() {
            assert_eq!(queue.pop().map(|e| e.cell), Some(cell));
        }
        assert_eq!(queue.pop(), None);
    }

    /// One step of the property test below: push at a distance above the
    /// last key popped, or pop.
    #[derive(Debug, Clone)]
    enum Step {
        /// Above the floor by this many 1/1024ths: 0 lands in the current
        /// bucket, small values in it or just after, up to 8 costs later
        /// (inside the ring at every cheapest cost tested).
        Push(u32),
        /// Further (up to 1024 costs, beyond the ring into the overflow),
        /// made unique by the push's number: equal keys
        /// that wait in the overflow together enter the ring in the order
        /// `take_in_overflow`'s swap removals leave them, not necessarily
        /// newest first (see there).
        PushFar(u32),
        Pop,
    }

    fn step() -> impl proptest::strategy::Strategy<Value = Step> {
        use proptest::prelude::*;
        prop_oneof![
            3 => Just(Step::Pop),
            2 => Just(Step::Push(0)),
            3 => (0u32..16).prop_map(Step::Push),
            3 => (0u32..8192).prop_map(Step::Push),
            1 => (60_000u32..1 << 20).prop_map(Step::PushFar),
        ]
    }

    proptest::proptest! {
        /// Against the order the queue promises, kept as a plain sorted
        /// list: key ascending, newest first among equal keys. Pushes land
        /// in the bucket being drained, in ring buckets and beyond the
        /// ring, interleaved with pops; keys repeat often.
        #[test]
        fn pops_in_key_order_newest_first_like_a_sorted_model(
            steps in proptest::collection::vec(step(), 1..600),
            min_cost in proptest::sample::select(vec![0.25, 1.0, 3.0]),
        ) {
            let mut queue = BucketQueue::default();
            queue.reset(min_cost, 0.0);
            // (key, push number), kept sorted so the next to leave is first.
            let mut model: Vec<(u64, u32)> = Vec::new();
            let mut floor = 0.0f64;
            let mut pushes = 0u32;
            let check_pop = |queue: &mut BucketQueue, model: &mut Vec<(u64, u32)>| {
                let want = (!model.is_empty()).then(|| model.remove(0));
                let got = queue.pop().map(|e| (e.key, e.cell));
                assert_eq!(got, want);
                got
            };
            for step in steps {
                let f = match step {
                    Step::Push(above) => floor + f64::from(above) / 1024.0,
                    Step::PushFar(above) => {
                        floor + f64::from(above) / 1024.0 + f64::from(pushes) / 1024.0 / 1024.0
                    }
                    Step::Pop => {
                        if let Some((key, _)) = check_pop(&mut queue, &mut model) {
                            floor = f64::from_bits(key);
                        }
                        continue;
                    }
                };
                let key = key_of(f);
                queue.push(f, entry(f, pushes));
                let at = model
                    .iter()
                    .position(|&(k, _)| k >= key)
                    .unwrap_or(model.len());
                model.insert(at, (key, pushes));
                pushes += 1;
            }
            while check_pop(&mut queue, &mut model).is_some() {}
        }
    }
}
