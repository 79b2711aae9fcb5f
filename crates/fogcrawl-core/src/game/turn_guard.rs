//! A bound on the monsters' part of a turn.
//!
//! The monsters act until the player is ready again, which always comes
//! while every action takes time and the player is alive. A damaged state
//! (a clock so large that adding a step changes nothing, a player with no
//! hit points whose death was never recorded) breaks that, and the loop
//! would spin forever with the game deaf to every key. The guard turns such
//! a spin into an error the player sees, long before anyone would notice a
//! stall, and far above what any real turn takes.

use thiserror::Error;

/// Monster actions in one player turn before the turn is stopped. A slow
/// player (a swamp step takes 4) among 200 fast monsters (speed 10) makes
/// about 8,000; this is well above that.
pub(crate) const MAX_MONSTER_ACTIONS: u32 = 50_000;
/// Monster actions in a row without the clock moving before the turn is
/// stopped: every action takes time, so even a few hundred means it stands.
pub(crate) const MAX_ACTIONS_WITHOUT_TIME: u32 = 1_000;

/// Why the monsters' turn was stopped.
#[derive(Debug, Clone, PartialEq, Error)]
pub(crate) enum TurnStall {
    #[error(
        "the monsters' turn was stopped after {MAX_MONSTER_ACTIONS} actions without the player's turn coming"
    )]
    TooManyActions,
    #[error(
        "the monsters' turn was stopped: the clock stood at {time:.3e} for {MAX_ACTIONS_WITHOUT_TIME} actions"
    )]
    ClockStands { time: f64 },
}

/// Counts the monster actions of one player turn.
#[derive(Debug, Clone, Copy)]
pub(crate) struct TurnGuard {
    actions: u32,
    standing: u32,
    last_time: f64,
}

impl TurnGuard {
    /// A guard for a turn starting at `time` (the clock the first monster
    /// action is compared with).
    pub(crate) fn new(time: f64) -> Self {
        Self {
            actions: 0,
            standing: 0,
            last_time: time,
        }
    }

    /// Called before each monster action, with the clock at that action.
    pub(crate) fn check(&mut self, time: f64) -> Result<(), TurnStall> {
        self.actions += 1;
        // Progress is a clock that differs from the last action's; a clock
        // behind the turn's start is fine (monsters catching up).
        if time == self.last_time {
            self.standing += 1;
        } else {
            self.standing = 0;
        }
        self.last_time = time;
        if self.standing >= MAX_ACTIONS_WITHOUT_TIME {
            return Err(TurnStall::ClockStands { time });
        }
        if self.actions >= MAX_MONSTER_ACTIONS {
            return Err(TurnStall::TooManyActions);
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_clock_that_stands_is_stopped_and_a_moving_one_is_not() {
        let mut guard = TurnGuard::new(0.0);
        for step in 1..=MAX_ACTIONS_WITHOUT_TIME * 2 {
            assert_eq!(guard.check(f64::from(step) * 0.5), Ok(()));
        }
        let mut standing = TurnGuard::new(1e308);
        let stopped = (0..MAX_ACTIONS_WITHOUT_TIME + 1).find_map(|_| standing.check(1e308).err());
        assert_eq!(stopped, Some(TurnStall::ClockStands { time: 1e308 }));
    }

    #[test]
    fn too_many_actions_are_stopped_even_while_time_passes() {
        let mut guard = TurnGuard::new(0.0);
        let stopped = (1..=MAX_MONSTER_ACTIONS).find_map(|n| guard.check(f64::from(n)).err());
        assert_eq!(stopped, Some(TurnStall::TooManyActions));
    }
}
