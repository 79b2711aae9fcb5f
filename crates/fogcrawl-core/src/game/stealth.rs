//! Stealth: how loud the player is, sneaking, sleeping monsters, blows on
//! a monster that has not noticed the player, and what resting costs.
//! Every number the help and docs/PLAYING.md quote lives here.
//!
//! A noise's loudness is how far it carries, in cells of travel along the
//! sound model monsters hear by ([`crate::world::sound`]: round walls,
//! muffled by closed doors). An awake monster that is not hunting hears a
//! noise that reaches it within its loudness and comes to look; a sleeper
//! hears it only within [`SLEEPER_HEARING`] of that, and wakes. Sneaking
//! also halves how far a monster that has not noticed the player sees it
//! ([`SNEAK_SIGHT_SHARE`]).
//!
//! Plain data and pure rules: the game applies them
//! (`game::state::stealth_rules`); nothing here reads a monster's mind.

use serde::{Deserialize, Serialize};

use crate::world::Terrain;

/// A step at a walk: heard this many cells away.
pub const WALK_NOISE: u32 = 6;
/// A careful step (sneaking): heard this many cells away (by an awake
/// monster beside the player; never by a sleeper, even beside it).
pub const SNEAK_NOISE: u32 = 1;
/// A sneaking step takes this many times as long as a walking one.
pub const SNEAK_SLOWDOWN: f64 = 2.0;
/// A monster that has not noticed the player (it wanders, or walks to look
/// at a noise: a lure draws its eyes) notices a sneaking player only
/// within this share of its sight radius (rounded down): a goblin that
/// sees 9 cells, 4.
pub(crate) const SNEAK_SIGHT_SHARE: f64 = 0.5;
/// Crunching rubble, splashing through water or swamp, squelching in mud
/// adds this much to a step's noise.
pub const NOISY_GROUND: u32 = 3;
/// Opening or closing a door (walking through a closed one opens it).
pub const DOOR_NOISE: u32 = 4;
/// A sleeper hears a noise only within this share of its loudness: a walk
/// wakes one 3 cells away, a sneak none (half a cell), a fight
/// (each faction's `hearing_radius`, 10 by default) one within 5.
pub(crate) const SLEEPER_HEARING: f64 = 0.5;
/// A blow on a sleeping monster always hits and does this many times the
/// damage rolled.
pub const SLEEPING_DAMAGE: i32 = 3;
/// A blow on an awake monster that has not noticed the player (it
/// wanders) does this many times the damage rolled.
pub const UNAWARE_DAMAGE: i32 = 2;
/// Every this much game time the player spends waiting or resting on a
/// level draws its monsters (the nearest that is not hunting or fleeing,
/// within `REST_DRAW_REACH` along the way sound travels, with its pack:
/// `REST_DRAW_PACK`) to where the player is: resting is never free near
/// monsters. The draws grow: the n-th on a level draws the n nearest, so
/// the longer the player rests on a level the harder it is found.
pub const REST_DRAW_TIME: f64 = 100.0;
/// How far (in cells of travel along the way sound goes, round walls and
/// muffled by closed doors: `crate::world::sound`) the player's rest draws
/// a monster from; one further off, or behind rock, is not drawn.
pub(crate) const REST_DRAW_REACH: u32 = 40;
/// A monster drawn by the player's rest brings its pack: every monster of
/// its faction within this many cells of it (king moves) that is neither
/// hunting nor fleeing wakes and comes to look too.
pub(crate) const REST_DRAW_PACK: i32 = 5;

/// What made the player's last noise.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
pub enum NoiseCause {
    /// Waited, rested, picked up, drank, took the stairs: no sound.
    #[default]
    Quiet,
    Walked,
    Sneaked,
    /// Opened or closed a door.
    Door,
    /// Struck or shot at a monster: heard within each faction's
    /// `hearing_radius` (the fight rule every monster hears by).
    Fought,
}

/// How loud the player's last action was, for the side panel.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct PlayerNoise {
    /// Cells of travel it carries (0: silent).
    pub loudness: u32,
    pub cause: NoiseCause,
    /// The noisy ground the step was onto, if it added noise.
    pub ground: Option<Terrain>,
}

impl PlayerNoise {
    /// The noise of a step onto `terrain`, sneaking or not.
    pub(crate) fn step(terrain: Terrain, sneaking: bool) -> Self {
        let (base, cause) = if sneaking {
            (SNEAK_NOISE, NoiseCause::Sneaked)
        } else {
            (WALK_NOISE, NoiseCause::Walked)
        };
        let ground = is_noisy_ground(terrain).then_some(terrain);
        Self {
            loudness: base + ground.map_or(0, |_| NOISY_GROUND),
            cause,
            ground,
        }
    }

    /// The panel's words, short: "6 walk", "5 sneak +water", "0 silent".
    pub fn describe(&self) -> String {
        let what = match self.cause {
            NoiseCause::Quiet => "silent",
            NoiseCause::Walked => "walk",
            NoiseCause::Sneaked => "sneak",
            NoiseCause::Door => "door",
            NoiseCause::Fought => "fight",
        };
        let ground = match self.ground {
            Some(Terrain::ShallowWater) => " +water",
            Some(Terrain::Rubble) => " +rubble",
            Some(Terrain::Swamp) => " +swamp",
            Some(Terrain::Mud) => " +mud",
            _ => "",
        };
        format!("{} {what}{ground}", self.loudness)
    }
}

/// How near a monster that sees `sight_radius` cells notices a sneaking
/// player it has not noticed yet.
pub(crate) fn sneaking_sight(sight_radius: u32) -> u32 {
    (f64::from(sight_radius) * SNEAK_SIGHT_SHARE).floor() as u32
}

/// Ground that makes a step louder.
pub(crate) fn is_noisy_ground(terrain: Terrain) -> bool {
    matches!(
        terrain,
        Terrain::Rubble | Terrain::ShallowWater | Terrain::Swamp | Terrain::Mud
    )
}

/// How a monster was caught when the player struck it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Surprise {
    Asleep,
    Unaware,
}

impl Surprise {
    /// The damage of a blow that rolled `damage`.
    pub(crate) fn damage(self, damage: i32) -> i32 {
        match self {
            Surprise::Asleep => damage.saturating_mul(SLEEPING_DAMAGE),
            Surprise::Unaware => damage.saturating_mul(UNAWARE_DAMAGE),
        }
    }

    /// What the hit message adds.
    pub(crate) fn note(self) -> String {
        match self {
            Surprise::Asleep => {
                format!(", a sneak attack on a sleeper (x{SLEEPING_DAMAGE} damage)")
            }
            Surprise::Unaware => {
                format!(", a sneak attack: it had not noticed you (x{UNAWARE_DAMAGE} damage)")
            }
        }
    }
}

/// What stealth counted in a game (`sim --json`'s `stealth`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct StealthCounters {
    /// Monsters that started a level asleep.
    pub asleep_at_start: u32,
    /// Sleepers woken (by a noise, a blow, or resting's draw).
    pub woken: u32,
    /// Player blows on a sleeping monster.
    pub sneak_attacks_asleep: u32,
    /// Player blows on an awake monster that had not noticed the player.
    pub sneak_attacks_unaware: u32,
    /// Monsters that heard the player's own steps or doors and came to
    /// look (or woke).
    pub heard_player: u32,
    /// Monsters drawn to the player by time spent waiting or resting.
    pub drawn_by_rest: u32,
    /// Player turns taken sneaking.
    pub sneaking_turns: u64,
}

/// The player's stealth state, saved with the game.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub(crate) struct Stealth {
    /// Sneak mode: steps are slower and quieter.
    pub sneaking: bool,
    /// The player's last action's noise.
    pub last_noise: PlayerNoise,
    /// Waiting and resting time on this level not yet paid for with a
    /// monster drawn (see [`REST_DRAW_TIME`]).
    pub idle_time: f64,
    /// Draws made on this level: the next draws one more monster.
    pub draws_here: u32,
    pub counters: StealthCounters,
}

impl Stealth {
    /// Adds `waited` game time of waiting; returns how many monsters that
    /// draws now.
    pub(crate) fn wait(&mut self, waited: f64) -> u32 {
        if !waited.is_finite() || waited <= 0.0 {
            return 0;
        }
        self.idle_time += waited;
        let draws = (self.idle_time / REST_DRAW_TIME).floor();
        self.idle_time -= draws * REST_DRAW_TIME;
        draws as u32
    }

    /// How many monsters the next draw on this level draws (the n-th
    /// draws n), counting it made.
    pub(crate) fn next_draw(&mut self) -> u32 {
        self.draws_here = self.draws_here.saturating_add(1);
        self.draws_here
    }

    /// A new level: time waited on the last one draws nobody here, and
    /// its draws start again at one.
    pub(crate) fn enter_level(&mut self) {
        self.idle_time = 0.0;
        self.draws_here = 0;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sneaking_is_quieter_and_rough_ground_louder() {
        assert_eq!(
            PlayerNoise::step(Terrain::Floor, false).loudness,
            WALK_NOISE
        );
        assert_eq!(
            PlayerNoise::step(Terrain::Floor, true).loudness,
            SNEAK_NOISE
        );
        let splash = PlayerNoise::step(Terrain::ShallowWater, true);
        assert_eq!(splash.loudness, SNEAK_NOISE + NOISY_GROUND);
        assert_eq!(splash.describe(), "4 sneak +water");
        assert_eq!(PlayerNoise::default().describe(), "0 silent");
        // A sneak wakes no sleeper, even beside it; a walk 3 cells off.
        let sleeper_reach = f64::from(SNEAK_NOISE) * SLEEPER_HEARING;
        assert!(sleeper_reach < 1.0);
        assert!(f64::from(WALK_NOISE) * SLEEPER_HEARING >= 3.0);
    }

    #[test]
    fn waiting_draws_a_monster_every_rest_draw_time() {
        let mut stealth = Stealth::default();
        assert_eq!(stealth.wait(REST_DRAW_TIME - 1.0), 0);
        assert_eq!(stealth.wait(1.0), 1);
        assert_eq!(stealth.wait(REST_DRAW_TIME * 2.5), 2);
        stealth.enter_level();
        assert_eq!(stealth.wait(REST_DRAW_TIME * 0.6), 0);
        assert_eq!(stealth.wait(f64::NAN), 0);
    }

    #[test]
    fn each_draw_on_a_level_draws_one_more_until_the_next_level() {
        let mut stealth = Stealth::default();
        let sizes: Vec<u32> = (0..4).map(|_| stealth.next_draw()).collect();
        assert_eq!(sizes, [1, 2, 3, 4]);
        stealth.enter_level();
        assert_eq!(stealth.next_draw(), 1);
    }

    #[test]
    fn surprise_multiplies_the_damage_rolled() {
        assert_eq!(Surprise::Asleep.damage(3), 9);
        assert_eq!(Surprise::Unaware.damage(3), 6);
        assert!(Surprise::Asleep.note().contains("x3"));
    }
}
