//! Node records: a search's state for one cell in 16 bytes (g, a word with
//! the generation stamp, closed bit and parent direction, and a copy of the
//! cell's cost), and a level-sized set of them with its generation counter
//! ([`Records`]). A* keeps or borrows a set; a [`SpacePool`] lends sets to
//! searches that take turns. Its own file because both read it.
//!
//! [`SpacePool`]: crate::SpacePool

/// Per-cell search state: 16 bytes, one quarter of a cache line. All-zero
/// bits are a valid `Node` (g 0.0, tag 0, cost 0.0), which the derive of
/// `Zeroable` checks field by field: records are allocated zeroed.
#[derive(Debug, Clone, Copy, Default, bytemuck::Zeroable)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[repr(C)]
pub(crate) struct Node {
    pub(crate) g: f64,
    /// `generation << GENERATION_SHIFT | CLOSED? | parent direction`.
    pub(crate) tag: u32,
    /// A copy of the grid's cost of entering this cell (or the search's
    /// override), so looking at a neighbour touches one cache line, not
    /// two. A space that keeps its records copies every cell's cost and
    /// keeps the copies up to date; in a sharing space a copy is valid only
    /// while `tag` holds the current generation (a search takes it from
    /// the grid when it first reaches the cell).
    pub(crate) cost: f32,
}

/// The node records of a search space and the generation they were last
/// stamped with: they travel together (a record's stamp means something
/// only beside its own counter), between spaces through a [`SpacePool`].
#[derive(Debug, Clone, Default)]
pub(crate) struct Records {
    pub(crate) nodes: Vec<Node>,
    pub(crate) generation: u32,
}

impl Records {
    /// Records for `cells` padded cells, allocated zeroed: pages no search
    /// reaches are never written, so they take no memory.
    pub(crate) fn zeroed(cells: usize) -> Self {
        Self {
            nodes: bytemuck::allocation::zeroed_vec(cells),
            generation: 0,
        }
    }

    /// Writes every record once, so the first searches in them take no
    /// page faults (better while a level is made than mid-turn).
    pub(crate) fn touch_all(&mut self) {
        for node in &mut self.nodes {
            node.tag = 0;
        }
        self.generation = 0;
    }
}

pub(crate) const PARENT_MASK: u32 = 0b111;
pub(crate) const CLOSED: u32 = 0b1000;
pub(crate) const GENERATION_SHIFT: u32 = 4;
pub(crate) const MAX_GENERATION: u32 = u32::MAX >> GENERATION_SHIFT;
