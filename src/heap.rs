//! How the process's allocator treats large blocks: a game on a 1024x1024
//! level makes and drops many level-sized arrays (grids, labels, search
//! records; several megabytes each) while a level is made or loaded.
//!
//! glibc's malloc serves a large block from its own mapping and unmaps it
//! when freed, but only until the first such block is freed: it then raises
//! its threshold to that block's size (up to 32 MB), so later level-sized
//! blocks come from its arenas, whose freed memory it keeps. On `colossus`
//! that kept 90 MB of dropped arrays resident for the whole game (peak RSS
//! 256 MB against 164 MB with the threshold fixed; the game the same).
//!
//! A fresh mapping is filled a 4 KB page at a time, one page fault each,
//! and a level-sized array is a thousand of them: on `colossus` faults were
//! two fifths of loading a save. So the process's allocator
//! ([`LargeBlocks`]) asks the kernel to back large blocks with 2 MB pages
//! where it can (Linux's transparent huge pages, in their `madvise` mode),
//! except blocks asked for zeroed: those (influence layers, sighting times)
//! are written only here and there, and a 2 MB page for each touched spot
//! would make them resident whole.

use std::alloc::{GlobalAlloc, Layout, System};

/// Blocks at least this large get a mapping of their own (glibc's default
/// threshold, before it moves).
const OWN_MAPPING_BYTES: i32 = 128 * 1024;

/// Fixes the allocator's threshold for giving large blocks a mapping of
/// their own, so dropped level-sized arrays go back to the system. Call it
/// once, first thing in `main`. Does nothing where the allocator is not
/// glibc's.
pub fn return_large_blocks() {
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    // SAFETY: `mallopt` only sets a tuning parameter of the allocator; it
    // runs before any other thread exists, and any value is safe.
    unsafe {
        libc::mallopt(libc::M_MMAP_THRESHOLD, OWN_MAPPING_BYTES);
    }
}

/// Blocks of at least this many bytes (and whole 2 MB pages inside them)
/// are offered huge pages.
const HUGE_PAGE_BYTES: usize = 2 * 1024 * 1024;

/// The process's allocator: the system's, with a hint on large blocks
/// (see the module notes).
pub struct LargeBlocks;

#[global_allocator]
static ALLOCATOR: LargeBlocks = LargeBlocks;

// SAFETY: every call is passed on to `System` unchanged; the hint only
// tells the kernel how to back pages of a block just handed out.
unsafe impl GlobalAlloc for LargeBlocks {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        // SAFETY: the caller's contract for `alloc`, passed on.
        let block = unsafe { System.alloc(layout) };
        offer_huge_pages(block, layout.size());
        block
    }

    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        // SAFETY: the caller's contract for `alloc_zeroed`, passed on.
        unsafe { System.alloc_zeroed(layout) }
    }

    unsafe fn dealloc(&self, block: *mut u8, layout: Layout) {
        // SAFETY: the caller's contract for `dealloc`, passed on.
        unsafe { System.dealloc(block, layout) }
    }

    unsafe fn realloc(&self, block: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        // SAFETY: the caller's contract for `realloc`, passed on.
        let moved = unsafe { System.realloc(block, layout, new_size) };
        offer_huge_pages(moved, new_size);
        moved
    }
}

/// Asks the kernel to back the whole 2 MB pages of a block of `size` bytes
/// at `block` with huge pages. A hint only: a refusal changes nothing.
fn offer_huge_pages(block: *mut u8, size: usize) {
    if block.is_null() || size < HUGE_PAGE_BYTES {
        return;
    }
    #[cfg(target_os = "linux")]
    {
        let start = (block as usize).next_multiple_of(HUGE_PAGE_BYTES);
        let end = (block as usize + size) / HUGE_PAGE_BYTES * HUGE_PAGE_BYTES;
        if end > start {
            // SAFETY: the range lies inside the block just allocated, and
            // `MADV_HUGEPAGE` changes only how its pages are backed, never
            // their contents.
            unsafe {
                libc::madvise(
                    start as *mut libc::c_void,
                    end - start,
                    libc::MADV_HUGEPAGE,
                );
            }
        }
    }
}
