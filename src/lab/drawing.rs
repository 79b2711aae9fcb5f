//! The drawing the lab searches: terrain (a fogcrawl [`Level`], so it saves
//! and loads as one), the start and the goal, which cells are painted
//! unknown to the searcher (fog), and where danger and crowding were
//! painted. Every edit keeps start and goal on passable ground; a stroke
//! (one mouse drag, one key press) is one step of undo.
//!
//! Influence is kept as the list of stamps painted, and the layers are
//! stamped again from it after every change, so erasing a stamp is exact.

use std::collections::VecDeque;

use gridpath::Pos;

use fogcrawl_core::{InfluenceLayer, Influences, Level, Terrain};

/// How many strokes undo remembers.
pub(crate) const UNDO_DEPTH: usize = 100;
/// What one click of the danger brush adds at its centre, and how far it
/// spreads (the config's default danger layer).
pub(crate) const DANGER_STAMP: (f32, u32) = (1.0, InfluenceLayer::DEFAULT_DANGER.radius);
/// The crowding brush (the config's default crowding layer).
pub(crate) const CROWDING_STAMP: (f32, u32) = (1.0, InfluenceLayer::DEFAULT_CROWDING.radius);

/// What a click or a key paints.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Brush {
    /// A terrain (a wall, a door, swamp...).
    Terrain(Terrain),
    /// Unknown to the searcher: it plans with the unknown-cell policy.
    Fog,
    /// Danger, as where monsters died: a faction avoids it.
    Danger,
    /// Crowding, as where allies stand: a faction steps round it.
    Crowding,
}

impl Brush {
    /// The brushes the number keys pick, in order (1, 2, ... 0, then more).
    pub const ALL: [Brush; 14] = [
        Brush::Terrain(Terrain::Wall),
        Brush::Terrain(Terrain::Floor),
        Brush::Terrain(Terrain::Road),
        Brush::Terrain(Terrain::Grass),
        Brush::Terrain(Terrain::Mud),
        Brush::Terrain(Terrain::Swamp),
        Brush::Terrain(Terrain::ShallowWater),
        Brush::Terrain(Terrain::ClosedDoor),
        Brush::Terrain(Terrain::OpenDoor),
        Brush::Terrain(Terrain::DeepWater),
        Brush::Terrain(Terrain::Rubble),
        Brush::Fog,
        Brush::Danger,
        Brush::Crowding,
    ];

    /// The brush's name on screen, with a terrain's cost.
    pub fn name(self) -> String {
        match self {
            Brush::Terrain(terrain) => match terrain.base_cost() {
                Some(cost) => format!("{} ({cost})", terrain.name().replace('_', " ")),
                None => terrain.name().replace('_', " "),
            },
            Brush::Fog => "unknown (fog)".to_owned(),
            Brush::Danger => "danger".to_owned(),
            Brush::Crowding => "crowding".to_owned(),
        }
    }
}

/// Which influence layer a stamp went into.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Layer {
    Danger,
    Crowding,
}

/// Everything one undo step restores.
#[derive(Debug, Clone, PartialEq)]
struct Snapshot {
    cells: Vec<Terrain>,
    start: Pos,
    goal: Pos,
    fog: Vec<bool>,
    stamps: Vec<(Layer, Pos)>,
}

/// The lab's drawing.
#[derive(Debug, Clone)]
pub struct Drawing {
    level: Level,
    start: Pos,
    goal: Pos,
    fog: Vec<bool>,
    stamps: Vec<(Layer, Pos)>,
    influences: Influences,
    undo: VecDeque<Snapshot>,
    /// Bumped by every change, so a recording can tell it is stale.
    version: u64,
}

impl Drawing {
    /// A drawing of `level` searched from `start` to `goal` (each moved to
    /// the nearest passable cell if it is not on one).
    pub fn new(level: Level, start: Pos, goal: Pos) -> Self {
        let cells = level.width() * level.height();
        let mut drawing = Self {
            influences: Influences::new(level.width(), level.height()),
            level,
            start,
            goal,
            fog: vec![false; cells],
            stamps: Vec::new(),
            undo: VecDeque::new(),
            version: 0,
        };
        drawing.start = drawing.nearest_passable(start).unwrap_or(start);
        drawing.goal = drawing.nearest_passable(goal).unwrap_or(goal);
        drawing
    }

    /// An empty floor of `width x height`, start a quarter of the way
    /// across the middle row and the goal three quarters.
    pub fn empty(width: usize, height: usize) -> Self {
        let mut level = Level::filled(width.max(2), height.max(1), Terrain::Floor);
        level.name = "lab".to_owned();
        let row = i32::try_from(height / 2).unwrap_or(0);
        let quarter = i32::try_from(width / 4).unwrap_or(0);
        let three_quarters = i32::try_from(width.max(2) * 3 / 4).unwrap_or(1);
        Self::new(level, Pos::new(quarter, row), Pos::new(three_quarters, row))
    }

    /// A level as the game plays it: from its start to its stairs.
    pub fn from_level(level: Level) -> Self {
        let (start, goal) = (level.start, level.stairs);
        Self::new(level, start, goal)
    }

    pub fn level(&self) -> &Level {
        &self.level
    }

    pub fn width(&self) -> usize {
        self.level.width()
    }

    pub fn height(&self) -> usize {
        self.level.height()
    }

    pub fn start(&self) -> Pos {
        self.start
    }

    pub fn goal(&self) -> Pos {
        self.goal
    }

    pub fn version(&self) -> u64 {
        self.version
    }

    pub fn influences(&self) -> &Influences {
        &self.influences
    }

    /// The true terrain at `pos`.
    pub fn terrain(&self, pos: Pos) -> Option<Terrain> {
        self.level.terrain_at(pos)
    }

    /// Whether `pos` is painted unknown to the searcher.
    pub fn is_fogged(&self, pos: Pos) -> bool {
        self.level
            .index(pos)
            .and_then(|i| self.fog.get(i))
            .copied()
            .unwrap_or(false)
    }

    /// Whether any cell is painted unknown.
    pub fn has_fog(&self) -> bool {
        self.fog.iter().any(|&f| f)
    }

    /// Whether any danger or crowding is painted.
    pub fn has_influence(&self) -> bool {
        !self.stamps.is_empty()
    }

    /// Starts a stroke: what follows until the next stroke is one undo.
    pub fn begin_stroke(&mut self) {
        if self.undo.len() == UNDO_DEPTH {
            self.undo.pop_front();
        }
        self.undo.push_back(self.snapshot());
    }

    /// Takes back the last stroke; false if there is none.
    pub fn undo(&mut self) -> bool {
        // A stroke that changed nothing is skipped.
        while let Some(snapshot) = self.undo.pop_back() {
            if snapshot != self.snapshot() {
                self.restore(snapshot);
                return true;
            }
        }
        false
    }

    /// Paints `brush` at `pos`; whether anything changed. A terrain a
    /// traveller cannot enter is refused under the start and the goal.
    pub fn paint(&mut self, pos: Pos, brush: Brush) -> bool {
        let Some(index) = self.level.index(pos) else {
            return false;
        };
        let changed = match brush {
            Brush::Terrain(terrain) => {
                let on_an_end = pos == self.start || pos == self.goal;
                if self.level.terrain_at(pos) == Some(terrain)
                    || (on_an_end && !terrain.is_passable())
                {
                    false
                } else {
                    self.level.set(pos, terrain);
                    true
                }
            }
            Brush::Fog => !std::mem::replace(&mut self.fog[index], true),
            Brush::Danger => self.stamp(Layer::Danger, pos),
            Brush::Crowding => self.stamp(Layer::Crowding, pos),
        };
        if changed {
            self.version += 1;
        }
        changed
    }

    /// Erases what `brush` paints at `pos`: terrain back to floor, fog
    /// lifted, the stamps of that layer centred within reach removed.
    pub fn erase(&mut self, pos: Pos, brush: Brush) -> bool {
        let Some(index) = self.level.index(pos) else {
            return false;
        };
        let changed = match brush {
            Brush::Terrain(_) => self.paint(pos, Brush::Terrain(Terrain::Floor)),
            Brush::Fog => std::mem::replace(&mut self.fog[index], false),
            Brush::Danger | Brush::Crowding => {
                let layer = if brush == Brush::Danger {
                    Layer::Danger
                } else {
                    Layer::Crowding
                };
                let before = self.stamps.len();
                self.stamps
                    .retain(|&(l, at)| l != layer || chebyshev(at, pos) > 1);
                let removed = self.stamps.len() != before;
                if removed {
                    self.restamp();
                }
                removed
            }
        };
        if changed {
            self.version += 1;
        }
        changed
    }

    /// Fills the region of cells like the one at `pos` (same terrain, 4
    /// neighbours) with `terrain`: the paint bucket.
    pub fn fill(&mut self, pos: Pos, terrain: Terrain) -> usize {
        let Some(old) = self.level.terrain_at(pos) else {
            return 0;
        };
        if old == terrain {
            return 0;
        }
        let mut filled = 0;
        let mut todo = vec![pos];
        while let Some(at) = todo.pop() {
            if self.level.terrain_at(at) != Some(old) {
                continue;
            }
            let on_an_end = at == self.start || at == self.goal;
            if on_an_end && !terrain.is_passable() {
                continue;
            }
            self.level.set(at, terrain);
            filled += 1;
            for (dx, dy) in [(1, 0), (-1, 0), (0, 1), (0, -1)] {
                todo.push(Pos::new(at.x + dx, at.y + dy));
            }
        }
        if filled > 0 {
            self.version += 1;
        }
        filled
    }

    /// Floor everywhere, no fog, no influence; start and goal stay.
    pub fn clear(&mut self) {
        for cell in self.level.cells_mut() {
            *cell = Terrain::Floor;
        }
        self.fog.fill(false);
        self.stamps.clear();
        self.restamp();
        self.version += 1;
    }

    /// Moves the start to `pos` if it is passable and not the goal.
    pub fn move_start(&mut self, pos: Pos) -> bool {
        self.move_end(pos, true)
    }

    /// Moves the goal to `pos` if it is passable and not the start.
    pub fn move_goal(&mut self, pos: Pos) -> bool {
        self.move_end(pos, false)
    }

    fn move_end(&mut self, pos: Pos, start: bool) -> bool {
        let other = if start { self.goal } else { self.start };
        let passable = self.level.terrain_at(pos).is_some_and(Terrain::is_passable);
        let current = if start { self.start } else { self.goal };
        if !passable || pos == other || pos == current {
            return false;
        }
        if start {
            self.start = pos;
        } else {
            self.goal = pos;
        }
        self.version += 1;
        true
    }

    /// Adds a stamp unless the same one is there already.
    fn stamp(&mut self, layer: Layer, pos: Pos) -> bool {
        if self.stamps.contains(&(layer, pos)) {
            return false;
        }
        self.stamps.push((layer, pos));
        self.restamp();
        true
    }

    /// The influence layers stamped again from the list.
    fn restamp(&mut self) {
        self.influences = Influences::new(self.width(), self.height());
        for &(layer, at) in &self.stamps {
            match layer {
                Layer::Danger => self
                    .influences
                    .danger
                    .stamp(at, DANGER_STAMP.0, DANGER_STAMP.1),
                Layer::Crowding => {
                    self.influences
                        .crowding
                        .stamp(at, CROWDING_STAMP.0, CROWDING_STAMP.1);
                }
            }
        }
    }

    fn snapshot(&self) -> Snapshot {
        Snapshot {
            cells: self.level.cells().to_vec(),
            start: self.start,
            goal: self.goal,
            fog: self.fog.clone(),
            stamps: self.stamps.clone(),
        }
    }

    fn restore(&mut self, snapshot: Snapshot) {
        self.level.cells_mut().copy_from_slice(&snapshot.cells);
        self.start = snapshot.start;
        self.goal = snapshot.goal;
        self.fog = snapshot.fog;
        self.stamps = snapshot.stamps;
        self.restamp();
        self.version += 1;
    }

    /// The passable cell nearest `pos` (in rings), if any.
    fn nearest_passable(&self, pos: Pos) -> Option<Pos> {
        let passable = |p: Pos| self.level.terrain_at(p).is_some_and(Terrain::is_passable);
        let reach = i32::try_from(self.width().max(self.height())).unwrap_or(i32::MAX);
        (0..=reach).find_map(|r| {
            (-r..=r)
                .flat_map(|dy| (-r..=r).map(move |dx| Pos::new(pos.x + dx, pos.y + dy)))
                .filter(|p| chebyshev(*p, pos) == r)
                .find(|&p| passable(p))
        })
    }
}

fn chebyshev(a: Pos, b: Pos) -> i32 {
    (a.x - b.x).abs().max((a.y - b.y).abs())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn walls_never_cover_the_ends_and_undo_takes_a_stroke_back() {
        let mut drawing = Drawing::empty(10, 5);
        let (start, goal) = (drawing.start(), drawing.goal());
        drawing.begin_stroke();
        assert!(!drawing.paint(start, Brush::Terrain(Terrain::Wall)));
        assert!(drawing.paint(Pos::new(5, 1), Brush::Terrain(Terrain::Wall)));
        assert!(drawing.paint(Pos::new(5, 2), Brush::Terrain(Terrain::Wall)));
        drawing.begin_stroke();
        assert!(drawing.move_goal(Pos::new(9, 0)));
        assert!(!drawing.move_goal(Pos::new(5, 1)), "not onto a wall");
        assert!(drawing.undo());
        assert_eq!(drawing.goal(), goal);
        assert!(drawing.undo());
        assert_eq!(drawing.terrain(Pos::new(5, 1)), Some(Terrain::Floor));
        assert!(!drawing.undo());
    }

    #[test]
    fn influence_erases_exactly_and_fill_stops_at_other_ground() {
        let mut drawing = Drawing::empty(12, 6);
        let at = Pos::new(6, 3);
        assert!(drawing.paint(at, Brush::Danger));
        assert!(drawing.influences().danger.value(at) > 0.0);
        assert!(drawing.erase(at, Brush::Danger));
        assert_eq!(drawing.influences().danger.value(at), 0.0);
        for y in 0..6 {
            drawing.paint(Pos::new(2, y), Brush::Terrain(Terrain::Wall));
        }
        let filled = drawing.fill(Pos::new(0, 0), Terrain::Swamp);
        assert_eq!(filled, 2 * 6, "the two columns left of the wall");
        assert!(drawing.paint(Pos::new(8, 1), Brush::Fog));
        assert!(drawing.is_fogged(Pos::new(8, 1)));
        drawing.clear();
        assert!(!drawing.has_fog() && !drawing.has_influence());
    }
}
