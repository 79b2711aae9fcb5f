//! Influence maps: per-faction fields of danger (where members died or were
//! hurt), crowding (cells allies occupy or plan to cross) and the player's
//! threat. Each decays over game time; the faction's cost view adds
//! `weight x value` to the cost of entering a cell.
//!
//! Only the cells with a value are visited when decaying, so a quiet map
//! costs nothing per turn. Saved sparsely: only the cells with a value.

use crate::ai::changed_cells::ChangedCells;
use serde::{Deserialize, Serialize};

use gridpath::{GridShape, Pos};

/// Values below this are dropped to 0.
const NEGLIGIBLE: f32 = 0.01;

#[derive(Debug, Clone, Default, Deserialize)]
#[serde(try_from = "SavedInfluence")]
pub struct InfluenceMap {
    cells: GridShape,
    values: Vec<f32>,
    /// Indices of cells with a value.
    active: Vec<u32>,
    /// Cells whose value changed since the last `take_changes`.
    changed: ChangedCells,
}

/// Two maps are equal when every cell holds the same value: which cells
/// changed since the grid last read them is bookkeeping.
impl PartialEq for InfluenceMap {
    fn eq(&self, other: &Self) -> bool {
        self.cells == other.cells && self.values == other.values
    }
}

impl InfluenceMap {
    pub(crate) fn new(width: usize, height: usize) -> Self {
        Self {
            cells: GridShape::new(width, height),
            values: vec![0.0; width * height],
            active: Vec::new(),
            changed: ChangedCells::default(),
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
        self.stamp_where(center, amount, radius, |_| true);
    }

    /// [`InfluenceMap::stamp`] on the cells `reaches` allows (line of sight,
    /// say).
    pub(crate) fn stamp_where(
        &mut self,
        center: Pos,
        amount: f32,
        radius: u32,
        reaches: impl Fn(Pos) -> bool,
    ) {
        for (pos, value) in footprint(center, amount, radius) {
            let Some(i) = self.index(pos) else {
                continue;
            };
            if !reaches(pos) {
                continue;
            }
            if self.values[i] == 0.0 {
                self.active.push(i as u32);
            }
            self.values[i] += value;
            self.changed.note(i as u32);
        }
    }

    /// Sets every value back to 0 (the layer is drawn anew).
    pub(crate) fn clear(&mut self) {
        for &i in &self.active {
            self.values[i as usize] = 0.0;
        }
        self.changed.note_all(&self.active);
        self.active.clear();
    }

    /// Multiplies every value by `kept` (0..1), dropping negligible ones.
    pub(crate) fn decay(&mut self, kept: f64) {
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
            changed.note(i);
            *v > 0.0
        });
    }

    /// The row-major indices of the cells that carry a value.
    pub(crate) fn active_indices(&self) -> &[u32] {
        &self.active
    }

    /// How many cells carry a value.
    pub(crate) fn active_cells(&self) -> usize {
        self.active.len()
    }

    /// The largest value on the map (for the overlay's legend).
    pub fn peak(&self) -> f32 {
        self.active
            .iter()
            .map(|&i| self.values[i as usize])
            .fold(0.0, f32::max)
    }

    /// Whether any cell changed since the last `take_changes`.
    pub(crate) fn has_changes(&self) -> bool {
        !self.changed.is_empty()
    }

    /// Moves the row-major indices of the cells whose value changed since
    /// the last call onto `indices` (may repeat).
    pub(crate) fn drain_changes_into(&mut self, indices: &mut Vec<u32>) {
        self.changed.drain_into(indices);
    }

    /// The shape of the map, to turn indices back into positions.
    pub(crate) fn shape(&self) -> GridShape {
        self.cells
    }

    /// The cells whose value changed since the last call (may repeat).
    pub(crate) fn take_changes(&mut self) -> Vec<Pos> {
        self.changed.take_positions(self.cells)
    }
}

/// What a stamp of `amount` at `center` adds to each cell it reaches.
pub(crate) fn footprint(center: Pos, amount: f32, radius: u32) -> impl Iterator<Item = (Pos, f32)> {
    let r = radius as i32;
    (-r..=r).flat_map(move |dy| {
        (-r..=r).filter_map(move |dx| {
            let distance = f64::from(dx * dx + dy * dy).sqrt();
            if distance > f64::from(r) + 0.5 {
                return None;
            }
            let falloff = 1.0 - distance / (f64::from(r) + 1.0);
            Some((
                Pos::new(center.x + dx, center.y + dy),
                amount * falloff as f32,
            ))
        })
    })
}

/// The saved form: the size and the cells with a value.
#[derive(Serialize, Deserialize)]
struct SavedInfluence {
    width: usize,
    height: usize,
    cells: Vec<(u32, f32)>,
    /// What the planning grid has not taken in yet (since format 4).
    #[serde(
        default,
        deserialize_with = "crate::save_version::since_format::<4, _, _>"
    )]
    changed: ChangedCells,
}

/// Written by hand (not `#[serde(into)]`, which would copy the whole map
/// first): only the active cells are gathered.
impl Serialize for InfluenceMap {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        SavedInfluence {
            width: self.cells.width(),
            height: self.cells.height(),
            cells: self
                .active
                .iter()
                .map(|&i| (i, self.values[i as usize]))
                .collect(),
            changed: self.changed.clone(),
        }
        .serialize(serializer)
    }
}

impl TryFrom<SavedInfluence> for InfluenceMap {
    type Error = String;

    fn try_from(saved: SavedInfluence) -> Result<Self, Self::Error> {
        // The size is checked before the map is allocated (issue 23).
        crate::decode_budget::claim_cells(saved.width, saved.height)?;
        let mut map = InfluenceMap::new(saved.width, saved.height);
        if !saved.changed.fits(map.values.len()) {
            return Err("an influence map's changed cells lie outside it".to_owned());
        }
        map.changed = saved.changed;
        for (i, value) in saved.cells {
            let slot = map
                .values
                .get_mut(i as usize)
                .ok_or_else(|| format!("influence cell {i} is outside the map"))?;
            if !(value.is_finite() && value > 0.0) {
                return Err(format!(
                    "influence value {value} at cell {i} is not positive"
                ));
            }
            if *slot == 0.0 {
                map.active.push(i);
            }
            *slot = value;
        }
        Ok(map)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn saves_only_the_cells_with_a_value_and_loads_them_back() {
        let mut map = InfluenceMap::new(30, 30);
        map.stamp(Pos::new(5, 5), 1.0, 1);
        let text = serde_json::to_string(&map).unwrap();
        assert!(text.len() < 300, "{text}");
        let mut loaded: InfluenceMap = serde_json::from_str(&text).unwrap();
        assert_eq!(loaded.value(Pos::new(5, 5)), map.value(Pos::new(5, 5)));
        assert_eq!(loaded.active_cells(), map.active_cells());
        loaded.take_changes();
        map.take_changes();
        assert_eq!(loaded, map);
    }

    #[test]
    fn a_cleared_layer_is_drawn_anew_without_summing() {
        let mut map = InfluenceMap::new(9, 9);
        for _ in 0..10 {
            map.clear();
            map.stamp(Pos::new(4, 4), 1.0, 2);
        }
        assert_eq!(map.value(Pos::new(4, 4)), 1.0);
        map.clear();
        map.stamp_where(Pos::new(4, 4), 1.0, 2, |p| p.x <= 4);
        assert_eq!(map.value(Pos::new(5, 4)), 0.0);
        assert!(map.value(Pos::new(3, 4)) > 0.0);
    }

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
