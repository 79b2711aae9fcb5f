//! A faction's known-walkability map: what its members have seen of the
//! level, shared by all of them at once, and when each cell was last seen.
//!
//! This is the only picture of the level the faction plans on: it must never
//! be filled from the true map except by sight (or, for the omniscient
//! baseline, by explicit request).

use serde::{Deserialize, Serialize};

use crate::ai::cell_grid::CellGrid;
use crate::pathfinding::Pos;
use crate::world::{Level, Terrain};

#[derive(Debug, Clone, Deserialize)]
#[serde(from = "SavedKnowledge")]
pub struct FactionKnowledge {
    cells: CellGrid,
    /// What the faction believes stands in each cell; `None`: never seen.
    believed: Vec<Option<Terrain>>,
    /// Game time each cell was last seen; negative: never.
    last_seen: Vec<f32>,
    /// Cells whose belief changed since the last `take_changes`.
    #[serde(skip)]
    changed: Vec<u32>,
}

const NEVER_SEEN: f32 = -1.0;

/// Two maps are equal when they know the same: the list of changes not yet
/// passed on to the planning grid is bookkeeping, not knowledge.
impl PartialEq for FactionKnowledge {
    fn eq(&self, other: &Self) -> bool {
        self.cells == other.cells
            && self.believed == other.believed
            && self.last_seen == other.last_seen
    }
}

impl FactionKnowledge {
    /// Knows nothing yet.
    pub fn new(width: usize, height: usize) -> Self {
        Self {
            cells: CellGrid::new(width, height),
            believed: vec![None; width * height],
            last_seen: vec![NEVER_SEEN; width * height],
            changed: Vec::new(),
        }
    }

    /// Knows the whole level (the omniscient baseline).
    pub fn omniscient(level: &Level) -> Self {
        let mut knowledge = Self::new(level.width(), level.height());
        for pos in level.positions() {
            if let Some(terrain) = level.terrain_at(pos.x, pos.y) {
                knowledge.observe(pos, terrain, 0.0);
            }
        }
        knowledge.changed.clear();
        knowledge
    }

    pub fn width(&self) -> usize {
        self.cells.width()
    }

    /// How many cells its per-cell arrays hold (belief, last seen): both
    /// `width * height` unless a save was damaged.
    pub fn stored_cells(&self) -> (usize, usize) {
        (self.believed.len(), self.last_seen.len())
    }

    pub fn height(&self) -> usize {
        self.cells.height()
    }

    /// The row-major index of `pos`, if inside.
    pub fn index_of(&self, pos: Pos) -> Option<usize> {
        self.index(pos)
    }

    pub fn in_bounds(&self, pos: Pos) -> bool {
        self.index(pos).is_some()
    }

    fn index(&self, pos: Pos) -> Option<usize> {
        self.cells.index(pos)
    }

    /// What the faction believes is at `pos` (`None`: unknown or outside).
    pub fn belief(&self, pos: Pos) -> Option<Terrain> {
        self.index(pos).and_then(|i| self.believed[i])
    }

    /// When `pos` was last seen.
    pub fn last_seen(&self, pos: Pos) -> Option<f64> {
        self.index(pos)
            .map(|i| self.last_seen[i])
            .filter(|&t| t >= 0.0)
            .map(f64::from)
    }

    /// A member sees `terrain` at `pos` at `time`. Returns whether the
    /// belief changed.
    pub fn observe(&mut self, pos: Pos, terrain: Terrain, time: f64) -> bool {
        let Some(i) = self.index(pos) else {
            return false;
        };
        self.last_seen[i] = time as f32;
        match self.believed[i] {
            Some(old) if old == terrain => false,
            _ => {
                self.believed[i] = Some(terrain);
                self.changed.push(i as u32);
                true
            }
        }
    }

    /// How many cells the faction has seen.
    pub fn known_cells(&self) -> usize {
        self.believed.iter().filter(|b| b.is_some()).count()
    }

    /// The cells whose belief changed since the last call, as positions.
    pub fn take_changes(&mut self) -> Vec<Pos> {
        self.cells.drain_positions(&mut self.changed)
    }
}

/// The saved form: the size beside the per-cell arrays, as one flat record
/// (the JSON saves of format 1 have these four fields). Written out by
/// hand rather than with `#[serde(flatten)]`, which only self-describing
/// formats can read back, and borrowed so that saving copies nothing.
#[derive(Serialize)]
struct SavedKnowledgeRef<'a> {
    width: usize,
    height: usize,
    believed: &'a [Option<Terrain>],
    last_seen: &'a [f32],
}

#[derive(Deserialize)]
struct SavedKnowledge {
    width: usize,
    height: usize,
    believed: Vec<Option<Terrain>>,
    last_seen: Vec<f32>,
}

impl Serialize for FactionKnowledge {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        SavedKnowledgeRef {
            width: self.cells.width(),
            height: self.cells.height(),
            believed: &self.believed,
            last_seen: &self.last_seen,
        }
        .serialize(serializer)
    }
}

/// Arrays of the wrong length are kept as they are: the save check
/// (`game::save_check`) refuses them with a reason.
impl From<SavedKnowledge> for FactionKnowledge {
    fn from(saved: SavedKnowledge) -> Self {
        Self {
            cells: CellGrid::new(saved.width, saved.height),
            believed: saved.believed,
            last_seen: saved.last_seen,
            changed: Vec::new(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn learns_by_sight_and_remembers_when() {
        let mut knowledge = FactionKnowledge::new(4, 3);
        let door = Pos::new(2, 1);
        assert_eq!(knowledge.belief(door), None);
        assert!(knowledge.observe(door, Terrain::OpenDoor, 5.0));
        assert!(!knowledge.observe(door, Terrain::OpenDoor, 6.0));
        assert_eq!(knowledge.last_seen(door), Some(6.0));
        // The player closed it since.
        assert!(knowledge.observe(door, Terrain::ClosedDoor, 9.0));
        assert_eq!(knowledge.take_changes(), vec![door, door]);
        assert!(knowledge.take_changes().is_empty());
        knowledge.observe(Pos::new(0, 0), Terrain::Wall, 10.0);
        assert_eq!(knowledge.known_cells(), 2);
        assert_eq!(knowledge.belief(Pos::new(-1, 0)), None);
    }
}
