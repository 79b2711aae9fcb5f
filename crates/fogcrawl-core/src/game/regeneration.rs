//! Slow regeneration: the player heals one hit point for every
//! [`TIME_PER_HIT_POINT`] units of game time that pass, so resting works
//! but costs time, and time is when monsters wander and search (and a
//! rest draws them: `game::stealth::REST_DRAW_TIME`). Slow enough that a
//! fight's wounds carry into the next one: walking a level heals little,
//! and a rest to full draws most of the level, so a fight avoided (the
//! lure, smoke, caltrops, the wand) is hit points kept, which is what
//! makes the tools worth carrying.
//!
//! Pure bookkeeping of elapsed time; the game calls it after each player
//! action with that action's duration.

use serde::{Deserialize, Serialize};

/// Game time to heal one hit point: a full 25 hit points takes 1,500 time.
pub(crate) const TIME_PER_HIT_POINT: f64 = 60.0;

/// Time banked toward the next hit point.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub(crate) struct Regeneration {
    banked: f64,
}

impl Regeneration {
    /// Hit points after `elapsed` more time. Nothing banks while at full
    /// health, so a rest does not store healing for later.
    pub(crate) fn heal(&mut self, hp: i32, max_hp: i32, elapsed: f64) -> i32 {
        if hp <= 0 || hp >= max_hp || !elapsed.is_finite() || elapsed <= 0.0 {
            self.banked = 0.0;
            return hp;
        }
        self.banked += elapsed;
        let whole = (self.banked / TIME_PER_HIT_POINT).floor();
        self.banked -= whole * TIME_PER_HIT_POINT;
        let gained = whole as i32;
        let healed = hp.saturating_add(gained).min(max_hp);
        if healed == max_hp {
            self.banked = 0.0;
        }
        healed
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_hit_point_per_interval_and_none_past_the_maximum() {
        let mut regeneration = Regeneration::default();
        let mut hp = regeneration.heal(10, 30, TIME_PER_HIT_POINT - 1.0);
        assert_eq!(hp, 10, "not yet a full interval");
        hp = regeneration.heal(hp, 30, 1.0);
        assert_eq!(hp, 11);
        hp = regeneration.heal(hp, 30, TIME_PER_HIT_POINT * 100.0);
        assert_eq!(hp, 30);
    }

    #[test]
    fn nothing_banks_at_full_health_or_when_dead() {
        let mut regeneration = Regeneration::default();
        assert_eq!(regeneration.heal(30, 30, 50.0), 30);
        assert_eq!(
            regeneration.heal(29, 30, 1.0),
            29,
            "the wait at full health was not banked"
        );
        assert_eq!(regeneration.heal(0, 30, 50.0), 0);
    }
}
