//! Melee: a hit roll against the attacker's accuracy, then a damage roll.
//! Every roll comes from the game's seeded RNG.

use rand::RngExt;
use rand_chacha::ChaCha8Rng;

/// What an attack did.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Blow {
    Miss,
    Hit { damage: i32 },
}

/// Rolls one attack.
pub(crate) fn roll_attack(rng: &mut ChaCha8Rng, accuracy: u32, damage: (i32, i32)) -> Blow {
    if rng.random_range(0..100) >= accuracy {
        return Blow::Miss;
    }
    let (low, high) = (damage.0.min(damage.1), damage.0.max(damage.1));
    Blow::Hit {
        damage: rng.random_range(low..=high),
    }
}

#[cfg(test)]
mod tests {
    use rand::SeedableRng;

    use super::*;

    #[test]
    fn rolls_stay_in_range_and_repeat_with_the_seed() {
        let rolls = |seed| {
            let mut rng = ChaCha8Rng::seed_from_u64(seed);
            (0..200)
                .map(|_| roll_attack(&mut rng, 70, (2, 5)))
                .collect::<Vec<_>>()
        };
        let first = rolls(3);
        assert_eq!(first, rolls(3));
        assert!(first.contains(&Blow::Miss));
        assert!(first.iter().all(|b| match b {
            Blow::Miss => true,
            Blow::Hit { damage } => (2..=5).contains(damage),
        }));
    }
}
