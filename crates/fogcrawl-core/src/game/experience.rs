//! Experience: the player's growth over a run. Each monster the player
//! kills gives experience points (its maximum hit points); enough points
//! make a new experience level, which raises the player's hit points and
//! the sureness and weight of their blows.
//!
//! The rules and their tuning numbers only: the game applies them
//! (`state::prowess`).

use serde::{Deserialize, Serialize};

/// Points needed to reach level 2, 3, ...: the n-th entry is level n + 2.
const THRESHOLDS: [u32; 9] = [12, 32, 60, 100, 150, 215, 295, 390, 500];
/// The highest experience level.
pub(crate) const MAX_LEVEL: u32 = THRESHOLDS.len() as u32 + 1;
/// Maximum hit points gained per level.
pub(crate) const HP_PER_LEVEL: i32 = 3;
/// Chance to hit gained per level, in percent.
pub(crate) const ACCURACY_PER_LEVEL: i32 = 2;
/// Levels per point of extra damage (every second level adds one).
pub(crate) const LEVELS_PER_DAMAGE: u32 = 2;

/// Points and level.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Experience {
    pub points: u32,
    /// From 1 to the top experience level (`MAX_LEVEL` in this module).
    pub level: u32,
}

impl Default for Experience {
    fn default() -> Self {
        Self {
            points: 0,
            level: 1,
        }
    }
}

impl Experience {
    /// Adds `points`; returns how many levels that made.
    pub(crate) fn gain(&mut self, points: u32) -> u32 {
        self.points = self.points.saturating_add(points);
        let before = self.level;
        while let Some(next) = self.next_threshold()
            && self.points >= next
        {
            self.level += 1;
        }
        self.level - before
    }

    /// The points the next level needs (`None` at the top).
    pub fn next_threshold(&self) -> Option<u32> {
        let index = usize::try_from(self.level.checked_sub(1)?).ok()?;
        THRESHOLDS.get(index).copied()
    }

    /// Levels above the first (what the bonuses count).
    pub(crate) fn gained_levels(&self) -> u32 {
        self.level.clamp(1, MAX_LEVEL) - 1
    }

    /// The bonus to the chance to hit, in percent.
    pub fn accuracy_bonus(&self) -> i32 {
        self.gained_levels() as i32 * ACCURACY_PER_LEVEL
    }

    /// The bonus to each blow's damage.
    pub fn damage_bonus(&self) -> i32 {
        (self.gained_levels() / LEVELS_PER_DAMAGE) as i32
    }

    /// Whether the level matches the points (a save may say otherwise).
    pub(crate) fn is_consistent(&self) -> bool {
        let mut fresh = Experience::default();
        fresh.gain(self.points);
        fresh.level == self.level
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn points_make_levels_and_bonuses() {
        let mut xp = Experience::default();
        assert_eq!(xp.next_threshold(), Some(12));
        assert_eq!(xp.gain(11), 0);
        assert_eq!(xp.gain(1), 1);
        assert_eq!(xp.level, 2);
        assert_eq!((xp.accuracy_bonus(), xp.damage_bonus()), (2, 0));
        assert_eq!(xp.gain(60), 2, "two levels at once");
        assert_eq!(xp.level, 4);
        assert_eq!((xp.accuracy_bonus(), xp.damage_bonus()), (6, 1));
        assert!(xp.is_consistent());
    }

    #[test]
    fn the_top_level_is_the_last_and_points_never_overflow() {
        let mut xp = Experience::default();
        xp.gain(u32::MAX);
        xp.gain(u32::MAX);
        assert_eq!(xp.level, MAX_LEVEL);
        assert_eq!(xp.next_threshold(), None);
        assert_eq!(xp.points, u32::MAX);
    }

    #[test]
    fn a_level_that_does_not_match_its_points_is_told() {
        let xp = Experience {
            points: 0,
            level: 5,
        };
        assert!(!xp.is_consistent());
        let xp = Experience {
            points: 0,
            level: 0,
        };
        assert!(!xp.is_consistent());
        assert_eq!(xp.accuracy_bonus(), 0);
    }
}
