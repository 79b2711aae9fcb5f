//! Level-sized arrays handed from a game being replaced to the one read in
//! its place. A replay loading keyframe after keyframe on a 1024x1024 level
//! dropped every faction's planning grid (costs, moves, island labels: 9
//! MB a grid) and read the same arrays again into fresh memory: the kernel
//! unmapped the old pages, then cleared and mapped new ones. Arrays given
//! here ([`give`]) are taken by the next arrays of their type read from a
//! save ([`take`]), which overwrite them whole; [`drop_all`] frees what was
//! not taken.
//!
//! The spares are per thread (a load reads on the thread that released the
//! game). Without any, [`take`] allocates as `Vec::with_capacity` does.

use std::cell::RefCell;

/// Arrays smaller than this are neither kept nor looked for: their memory
/// comes from the allocator's own, not from fresh pages.
const WORTH_KEEPING_BYTES: usize = 256 * 1024;

/// Spare arrays of one type, kept for a thread (a `thread_local!`): the
/// engine keeps one for each of its own types ([`Spare`]), a game may keep
/// its own for others.
#[derive(Debug, Default)]
pub struct SparePool<T> {
    spares: RefCell<Vec<Vec<T>>>,
}

impl<T> SparePool<T> {
    /// No spares yet.
    pub const fn new() -> Self {
        Self {
            spares: RefCell::new(Vec::new()),
        }
    }

    /// Keeps `array`'s memory for the next [`SparePool::take`] (a small
    /// array is simply dropped).
    pub fn give(&self, array: Vec<T>) {
        if worth_keeping::<T>(array.capacity()) {
            self.spares.borrow_mut().push(array);
        }
    }

    /// An empty array with room for `len` elements: the smallest spare
    /// that has it, else a new one.
    pub fn take(&self, len: usize) -> Vec<T> {
        let spare = if worth_keeping::<T>(len) {
            let mut spares = self.spares.borrow_mut();
            spares
                .iter()
                .enumerate()
                .filter(|(_, spare)| spare.capacity() >= len)
                .min_by_key(|(_, spare)| spare.capacity())
                .map(|(index, _)| index)
                .map(|best| spares.swap_remove(best))
        } else {
            None
        };
        match spare {
            Some(mut array) => {
                array.clear();
                array
            }
            None => Vec::with_capacity(len),
        }
    }

    /// Frees the spares.
    pub fn clear(&self) {
        *self.spares.borrow_mut() = Vec::new();
    }

    /// How many spares are kept.
    pub fn len(&self) -> usize {
        self.spares.borrow().len()
    }

    /// Whether none is.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

/// A type the engine keeps spare arrays of, one pool per thread.
pub trait Spare: Sized + 'static {
    /// Runs `with` on this thread's pool for this type.
    fn with_pool<R>(with: impl FnOnce(&SparePool<Self>) -> R) -> R;
}

macro_rules! spare {
    ($($t:ty => $name:ident),*) => {$(
        thread_local! {
            static $name: SparePool<$t> = const { SparePool::new() };
        }
        impl Spare for $t {
            fn with_pool<R>(with: impl FnOnce(&SparePool<Self>) -> R) -> R {
                $name.with(with)
            }
        }
    )*};
}
spare!(u8 => SPARE_U8, u32 => SPARE_U32, f32 => SPARE_F32);

fn worth_keeping<T>(elements: usize) -> bool {
    elements.saturating_mul(std::mem::size_of::<T>()) >= WORTH_KEEPING_BYTES
}

/// Keeps `array`'s memory for the next [`take`] of its type on this thread.
pub fn give<T: Spare>(array: Vec<T>) {
    T::with_pool(|pool| pool.give(array));
}

/// An empty array with room for `len` elements: this thread's smallest
/// spare of the type that has it, else a new one.
pub fn take<T: Spare>(len: usize) -> Vec<T> {
    T::with_pool(|pool| pool.take(len))
}

/// Frees this thread's spare arrays of the engine's own types.
pub fn drop_all() {
    u8::with_pool(SparePool::clear);
    u32::with_pool(SparePool::clear);
    f32::with_pool(SparePool::clear);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_given_array_is_taken_back_by_the_next_that_fits() {
        drop_all();
        let big = vec![7u32; 100_000];
        let address = big.as_ptr();
        give(big);
        // Too large for the spare: new memory.
        let larger = take::<u32>(200_000);
        assert_ne!(larger.as_ptr(), address);
        let taken = take::<u32>(90_000);
        assert!(taken.is_empty() && taken.capacity() >= 90_000);
        assert_eq!(taken.as_ptr(), address);
        // Taken once only.
        let again = take::<u32>(90_000);
        assert_ne!(again.as_ptr(), address);
        // Small arrays are not kept.
        give(vec![1u8; 10]);
        assert!(u8::with_pool(SparePool::is_empty));
        give(vec![1.0f32; 100_000]);
        assert_eq!(f32::with_pool(SparePool::len), 1);
        drop_all();
        assert!(f32::with_pool(SparePool::is_empty));
    }
}
