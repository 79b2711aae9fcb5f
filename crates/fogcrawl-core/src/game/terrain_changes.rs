//! Where the level's terrain last changed, and when: per 16x16 block, the
//! number of the last terrain change in it; and every changed cell in
//! order (the player's known map takes them in).
//!
//! A monster's view is out of date only when the terrain changed within its
//! sight since it looked: a door opening across a 1024x1024 level must not
//! send a thousand monsters to look around again. Asking costs a few block
//! reads; recording a change, one write.

use gridpath::{GridShape, Pos};

/// Side of a block, in cells.
const BLOCK: i32 = 16;

/// Per block of the level, the number of the last terrain change in it
/// (0: none since the level began).
#[derive(Debug, Clone, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub(super) struct TerrainChanges {
    cells: GridShape,
    blocks: GridShape,
    last: Vec<u64>,
    /// The cells changed, in order (a cell changed twice is listed twice).
    in_order: Vec<Pos>,
}

impl TerrainChanges {
    /// Whether these are the books of a `width` x `height` level (a save's
    /// are checked before they are used).
    pub(super) fn fits(&self, width: usize, height: usize) -> bool {
        let fresh = Self::new(width, height);
        self.cells == fresh.cells
            && self.blocks == fresh.blocks
            && self.last.len() == fresh.last.len()
    }

    /// No changes yet on a `width x height` level.
    pub(super) fn new(width: usize, height: usize) -> Self {
        let side = BLOCK as usize;
        let blocks = GridShape::new(width.div_ceil(side), height.div_ceil(side));
        Self {
            cells: GridShape::new(width, height),
            blocks,
            last: vec![0; blocks.len()],
            in_order: Vec::new(),
        }
    }

    /// The terrain at `pos` changed; `change` numbers the change (numbers
    /// only grow). Cells off the level are ignored.
    pub(super) fn record(&mut self, pos: Pos, change: u64) {
        if !self.cells.contains(pos) {
            return;
        }
        self.in_order.push(pos);
        if let Some(block) = self.blocks.index(Pos::new(pos.x / BLOCK, pos.y / BLOCK))
            && let Some(last) = self.last.get_mut(block)
        {
            *last = (*last).max(change);
        }
    }

    /// Every cell changed on the level so far, in order.
    pub(super) fn in_order(&self) -> &[Pos] {
        &self.in_order
    }

    /// The number of the last change within `reach` cells (Chebyshev) of
    /// `at`, or of one a little further (whole blocks are kept); 0 if none.
    pub(super) fn last_near(&self, at: Pos, reach: u32) -> u64 {
        let reach = i32::try_from(reach).unwrap_or(i32::MAX);
        let (low_x, high_x) = (
            at.x.saturating_sub(reach).max(0) / BLOCK,
            at.x.saturating_add(reach) / BLOCK,
        );
        let (low_y, high_y) = (
            at.y.saturating_sub(reach).max(0) / BLOCK,
            at.y.saturating_add(reach) / BLOCK,
        );
        let high_x = high_x.min(self.blocks.width() as i32 - 1);
        let high_y = high_y.min(self.blocks.height() as i32 - 1);
        let mut last = 0;
        for y in low_y..=high_y {
            for x in low_x..=high_x {
                if let Some(block) = self.blocks.index(Pos::new(x, y)) {
                    last = last.max(self.last[block]);
                }
            }
        }
        last
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_change_is_seen_near_it_and_not_across_the_level() {
        let mut changes = TerrainChanges::new(100, 40);
        assert_eq!(changes.last_near(Pos::new(50, 20), 10), 0);
        changes.record(Pos::new(70, 5), 3);
        // Within reach of the door, or in the same block.
        assert_eq!(changes.last_near(Pos::new(62, 5), 8), 3);
        assert_eq!(changes.last_near(Pos::new(65, 2), 0), 3);
        // Far from it.
        assert_eq!(changes.last_near(Pos::new(10, 30), 10), 0);
        // The newest change near wins; an older number never lowers it.
        changes.record(Pos::new(72, 6), 7);
        changes.record(Pos::new(71, 6), 5);
        assert_eq!(changes.last_near(Pos::new(70, 5), 1), 7);
    }

    #[test]
    fn edges_and_cells_off_the_level_are_safe() {
        let mut changes = TerrainChanges::new(20, 20);
        changes.record(Pos::new(-1, 3), 1);
        changes.record(Pos::new(25, 3), 1);
        assert_eq!(changes.last_near(Pos::new(0, 0), 40), 0);
        changes.record(Pos::new(19, 19), 2);
        assert_eq!(changes.last_near(Pos::new(0, 0), 40), 2);
        assert_eq!(changes.last_near(Pos::new(-30, -30), 5), 0);
        assert_eq!(TerrainChanges::default().last_near(Pos::new(3, 3), 5), 0);
    }
}

#[cfg(test)]
mod in_the_game {
    use crate::game::test_levels::game_on;
    use crate::game::{Action, Direction, Game};

    /// Goblins in a long hall far to the west; the player by a door at the
    /// east end, far beyond their sight.
    const HALL: &str = "\
############################################################
#gg.g.................................................>....#
#.gg.......................................................#
#g.g.....................................................@+#
############################################################
";

    /// Every monster's looks so far, cast or skipped.
    fn looks(game: &Game) -> u64 {
        game.factions()
            .iter()
            .map(|f| f.counters().views_cast + f.counters().views_skipped)
            .sum()
    }

    #[test]
    fn a_door_opened_out_of_their_sight_sends_no_monster_to_look_again() {
        let (mut waiting, _a) = game_on(HALL);
        let (mut opening, _b) = game_on(HALL);
        // The goblins look around first, then the door opens.
        waiting.player_act(Action::Wait).unwrap();
        opening.player_act(Action::Wait).unwrap();
        waiting.player_act(Action::Wait).unwrap();
        opening
            .player_act(Action::OpenDoor(Direction::East))
            .unwrap();
        assert_eq!(opening.stats().terrain_changes(), 1);
        for _ in 0..3 {
            waiting.player_act(Action::Wait).unwrap();
            opening.player_act(Action::Wait).unwrap();
        }
        assert!(looks(&waiting) > 0);
        assert_eq!(looks(&opening), looks(&waiting));
    }
}
