//! What the player's tools left on the level: caltrops strewn on cells,
//! clouds of smoke that hang a while, monsters slowed until a time, and
//! where the last lure (a noisemaker) landed. The game's state, saved with
//! it; the rules that use it are in `state::tool_use`, the tuning numbers
//! in `game::items`.
//!
//! Belongs to one level: entering the next starts it empty. Never reads
//! what a monster knows (its faction learns of caltrops by sight, told by
//! the game).

use gridpath::Pos;
use serde::{Deserialize, Serialize};

use crate::game::items::{SLOWED_FACTOR, SMOKE_RADIUS};
use crate::world::{CostProfile, Level};

/// A cloud of smoke: the cells it veils, until when.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct SmokeCloud {
    pub cells: Vec<Pos>,
    pub until: f64,
}

/// Where the last lure landed, and when.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct LureNoise {
    pub at: Pos,
    pub time: f64,
}

/// The tools' marks on the current level.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct ToolMarks {
    /// Cells strewn with caltrops, sorted and each once.
    caltrops: Vec<Pos>,
    smoke: Vec<SmokeCloud>,
    /// Slowed monsters (actor index) and until when, by actor.
    slowed: Vec<(usize, f64)>,
    lure: Option<LureNoise>,
}

impl ToolMarks {
    pub fn caltrops(&self) -> &[Pos] {
        &self.caltrops
    }

    pub(crate) fn has_caltrops(&self, pos: Pos) -> bool {
        self.caltrops.binary_search(&pos).is_ok()
    }

    /// Strews caltrops on `cells`; returns how many were new.
    pub(crate) fn strew(&mut self, cells: &[Pos]) -> usize {
        let before = self.caltrops.len();
        self.caltrops.extend_from_slice(cells);
        self.caltrops.sort_unstable();
        self.caltrops.dedup();
        self.caltrops.len() - before
    }

    pub fn clouds(&self) -> &[SmokeCloud] {
        &self.smoke
    }

    /// Whether smoke hangs at `pos`.
    pub fn smoky(&self, pos: Pos) -> bool {
        self.smoke.iter().any(|cloud| cloud.cells.contains(&pos))
    }

    pub(crate) fn add_cloud(&mut self, cloud: SmokeCloud) {
        self.smoke.push(cloud);
    }

    /// Takes away the clouds that have cleared by `now`; returns the cells
    /// no cloud veils any more.
    pub(crate) fn clear_smoke(&mut self, now: f64) -> Vec<Pos> {
        let (cleared, hanging): (Vec<_>, Vec<_>) = std::mem::take(&mut self.smoke)
            .into_iter()
            .partition(|cloud| cloud.until <= now);
        self.smoke = hanging;
        let mut cells: Vec<Pos> = cleared
            .into_iter()
            .flat_map(|cloud| cloud.cells)
            .filter(|&pos| !self.smoky(pos))
            .collect();
        cells.sort_unstable();
        cells.dedup();
        cells
    }

    /// Slows `actor` until `until` (a later time only ever extends it).
    pub(crate) fn slow(&mut self, actor: usize, until: f64) {
        match self.slowed.iter_mut().find(|(a, _)| *a == actor) {
            Some((_, was)) => *was = was.max(until),
            None => {
                self.slowed.push((actor, until));
                self.slowed.sort_unstable_by_key(|&(a, _)| a);
            }
        }
    }

    /// Until when `actor` is slowed, if it is at `now`.
    pub fn slowed_until(&self, actor: usize, now: f64) -> Option<f64> {
        self.slowed
            .iter()
            .find(|&&(a, until)| a == actor && until > now)
            .map(|&(_, until)| until)
    }

    /// How many times as long `actor`'s action started at `now` takes.
    pub(crate) fn time_factor(&self, actor: usize, now: f64) -> f64 {
        if self.slowed_until(actor, now).is_some() {
            SLOWED_FACTOR
        } else {
            1.0
        }
    }

    /// Forgets slowings that ran out by `now`.
    pub(crate) fn wear_off(&mut self, now: f64) {
        self.slowed.retain(|&(_, until)| until > now);
    }

    pub fn lure(&self) -> Option<LureNoise> {
        self.lure
    }

    pub(crate) fn note_lure(&mut self, at: Pos, time: f64) {
        self.lure = Some(LureNoise { at, time });
    }
}

/// The cells caltrops landing at `at` cover: it and the open cells beside
/// it (not diagonally), where anyone could walk.
pub(crate) fn caltrop_cells(level: &Level, at: Pos) -> Vec<Pos> {
    let profile = CostProfile::default();
    let open = |pos: Pos| {
        level
            .terrain_at(pos)
            .is_some_and(|t| profile.is_passable(t))
    };
    let mut cells: Vec<Pos> = [(0, 0), (0, -1), (1, 0), (0, 1), (-1, 0)]
        .into_iter()
        .map(|(dx, dy)| Pos::new(at.x + dx, at.y + dy))
        .filter(|&pos| open(pos))
        .collect();
    cells.sort_unstable();
    cells
}

/// The cells a smoke bomb bursting at `at` veils: those within
/// [`SMOKE_RADIUS`] that are not rock (smoke does not fill walls).
pub(crate) fn smoke_cells(level: &Level, at: Pos) -> Vec<Pos> {
    let mut cells = Vec::new();
    for dy in -SMOKE_RADIUS..=SMOKE_RADIUS {
        for dx in -SMOKE_RADIUS..=SMOKE_RADIUS {
            let pos = Pos::new(at.x + dx, at.y + dy);
            if level.terrain_at(pos).is_some_and(|t| !t.is_opaque()) {
                cells.push(pos);
            }
        }
    }
    cells.sort_unstable();
    cells
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::world::level;

    #[test]
    fn caltrops_cover_the_landing_cell_and_open_cells_beside_it() {
        let level = level::text::parse("#####\n#@..#\n#.#.#\n#####\n").unwrap();
        assert_eq!(
            caltrop_cells(&level, Pos::new(1, 1)),
            vec![Pos::new(1, 1), Pos::new(1, 2), Pos::new(2, 1)]
        );
        let mut marks = ToolMarks::default();
        assert_eq!(marks.strew(&caltrop_cells(&level, Pos::new(1, 1))), 3);
        assert_eq!(marks.strew(&[Pos::new(2, 1), Pos::new(3, 1)]), 1);
        assert!(marks.has_caltrops(Pos::new(3, 1)));
        assert!(!marks.has_caltrops(Pos::new(3, 2)));
    }

    #[test]
    fn smoke_clears_on_time_but_not_where_another_cloud_hangs() {
        let level = level::text::parse("#####\n#@..#\n#...#\n#####\n").unwrap();
        let first = smoke_cells(&level, Pos::new(1, 1));
        assert_eq!(first.len(), 4, "walls hold no smoke: {first:?}");
        let mut marks = ToolMarks::default();
        marks.add_cloud(SmokeCloud {
            cells: first,
            until: 10.0,
        });
        marks.add_cloud(SmokeCloud {
            cells: vec![Pos::new(2, 2)],
            until: 20.0,
        });
        assert!(marks.clear_smoke(9.0).is_empty());
        assert_eq!(
            marks.clear_smoke(10.0),
            vec![Pos::new(1, 1), Pos::new(1, 2), Pos::new(2, 1)]
        );
        assert!(marks.smoky(Pos::new(2, 2)));
        assert!(!marks.smoky(Pos::new(1, 1)));
    }

    #[test]
    fn a_slowing_lasts_until_its_time_and_only_grows() {
        let mut marks = ToolMarks::default();
        marks.slow(3, 20.0);
        marks.slow(3, 10.0);
        assert_eq!(marks.slowed_until(3, 5.0), Some(20.0));
        assert_eq!(marks.time_factor(3, 5.0), SLOWED_FACTOR);
        assert_eq!(marks.time_factor(4, 5.0), 1.0);
        assert_eq!(marks.slowed_until(3, 20.0), None);
        marks.wear_off(20.0);
        assert_eq!(marks.time_factor(3, 19.0), 1.0);
    }
}
