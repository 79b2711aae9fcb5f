//! Influence maps: per-faction fields of danger (where members died or were
//! hurt), crowding (cells allies occupy or plan to cross) and the player's
//! threat. Each decays over game time; the faction's cost view adds
//! `weight x value` to the cost of entering a cell.
//!
//! Only the cells with a value are visited when decaying, so a quiet map
//! costs nothing per turn.

use crate::ai::cell_grid::CellGrid;
use crate::pathfinding::Pos;

/// Values below this are dropped to 0.
const NEGLIGIBLE: f32 = 0.01;

#[derive(Debug, Clone, Default, PartialEq)]
pub struct InfluenceMap {
    cells: CellGrid,
    values: Vec<f32>,
    /// Indices of cells with a value.
    active: Vec<u32>,
    /// Cells whose value changed since the last `take_changes`.
    changed: Vec<u32>,
}

impl InfluenceMap {
    pub fn new(width: usize, height: usize) -> Self {
        Self {
            cells: CellGrid::new(width, height),
            values: vec![0.0; width * height],
            active: Vec::new(),
            changed: Vec::new(),
        }
    }

    fn index(&self, pos: Pos) -> Option<usize> {
        self.cells.index(pos)
    }

    pub fn value(&self, pos: Pos) -> f32 {
        self.index(pos).map_or(0.0, |i| self.values[i])
    }

    /// Adds `amount` at `center`, falling off linearly to 0 just beyond
    /// `radius` (euclidean).
    pub fn stamp(&mut self, center: Pos, amount: f32, radius: u32) {
        let r = radius as i32;
        for dy in -r..=r {
            for dx in -r..=r {
                let distance = f64::from(dx * dx + dy * dy).sqrt();
                if distance > f64::from(r) + 0.5 {
                    continue;
                }
                let falloff = 1.0 - distance / (f64::from(r) + 1.0);
                let Some(i) = self.index(Pos::new(center.x + dx, center.y + dy)) else {
                    continue;
                };
                if self.values[i] == 0.0 {
                    self.active.push(i as u32);
                }
                self.values[i] += amount * falloff as f32;
                self.changed.push(i as u32);
            }
        }
    }

    /// Multiplies every value by `kept` (0..1), dropping negligible ones.
    pub fn decay(&mut self, kept: f64) {
        if self.active.is_empty() || kept >= 1.0 {
            return;
        }
        let kept = kept.max(0.0) as f32;
        let values = &mut self.values;
        let changed = &mut self.changed;
        self.active.retain(|&i| {
            let v = &mut values[i as usize];
            *v *= kept;
            if *v < NEGLIGIBLE {
                *v = 0.0;
            }
            changed.push(i);
            *v > 0.0
        });
    }

    /// How many cells carry a value.
    pub fn active_cells(&self) -> usize {
        self.active.len()
    }

    /// The largest value on the map (for the overlay's legend).
    pub fn peak(&self) -> f32 {
        self.active
            .iter()
            .map(|&i| self.values[i as usize])
            .fold(0.0, f32::max)
    }

    /// The cells whose value changed since the last call (may repeat).
    pub fn take_changes(&mut self) -> Vec<Pos> {
        self.cells.drain_positions(&mut self.changed)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stamps_fall_off_and_decay_away() {
        let mut map = InfluenceMap::new(9, 9);
        let center = Pos::new(4, 4);
        map.stamp(center, 1.0, 2);
        assert!(map.value(center) > map.value(Pos::new(5, 4)));
        assert!(map.value(Pos::new(6, 4)) > 0.0);
        assert_eq!(map.value(Pos::new(7, 4)), 0.0);
        assert_eq!(map.value(Pos::new(-1, 0)), 0.0);
        let cells = map.active_cells();
        assert!(cells > 9);
        map.decay(0.5);
        assert!((map.value(center) - 0.5).abs() < 1e-6);
        for _ in 0..20 {
            map.decay(0.5);
        }
        assert_eq!(map.active_cells(), 0);
        assert_eq!(map.value(center), 0.0);
        assert!(!map.take_changes().is_empty());
    }
}
