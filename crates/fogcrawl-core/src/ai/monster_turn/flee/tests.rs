//! Tests of flight: out of sight at the end of its safety map a hurt
//! member hides instead of running on.

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

use super::super::tests::goblins_knowing;
use super::*;
use crate::ai::brain::{Brain, Mode, Perception};
use crate::ai::monster_turn::{Intent, Senses};

fn nobody(_: Pos) -> Body {
    Body::Empty
}

/// A corridor 40 cells long.
const CORRIDOR: &str = "##########################################\n\
                        #@.......................................#\n\
                        ##########################################";

/// A goblin at `at`, hurt, that saw the player at 1,1 at time 0 and ran.
fn fled_from_the_west_end(at: Pos) -> Brain {
    let mut brain = Brain::default();
    brain.decide(&Perception {
        at,
        now: 0.0,
        player_seen: Some(Pos::new(1, 1)),
        health: 0.1,
        flee_below: 0.3,
    });
    assert_eq!(brain.mode, Mode::Flee);
    brain
}

fn hurt_at<'a>(at: Pos, now: f64, seen: Option<Pos>) -> Senses<'a> {
    Senses {
        actor: 1,
        at,
        now,
        turn: 1,
        player_seen: seen,
        health: 0.1,
        far_from_player: false,
        body_at: &nobody,
        shooter: None,
    }
}

#[test]
fn out_of_sight_at_the_end_of_its_safety_map_it_hides_instead_of_running_on() {
    let (mut faction, _) = goblins_knowing(CORRIDOR);
    let mut rng = ChaCha8Rng::seed_from_u64(1);
    // 25 steps from the player's last known cell: the edge of the safety
    // map, where nothing is downhill.
    let at = Pos::new(26, 1);
    let s = hurt_at(at, 3.0, None);
    let mut brain = fled_from_the_west_end(at);
    brain.fled_from = Some(Pos::new(25, 1));
    let intent = MemberTurn::new(&mut faction, &mut brain, &s).think(&mut rng);
    assert!(
        !matches!(intent, Intent::Step { guided: false, .. }),
        "no guess away from old news: {intent:?} ({:?})",
        brain.thought
    );
    assert_eq!(brain.alert, None, "it hides: {:?}", brain.thought);
    // In sight, the same cell: it runs on, a step away.
    let mut brain = fled_from_the_west_end(at);
    brain.fled_from = Some(Pos::new(25, 1));
    let s = hurt_at(at, 3.0, Some(Pos::new(1, 1)));
    let intent = MemberTurn::new(&mut faction, &mut brain, &s).think(&mut rng);
    assert_eq!(
        intent,
        Intent::Step {
            to: Pos::new(27, 1),
            swap: false,
            guided: false
        }
    );
}

#[test]
fn a_hurt_member_that_hid_near_where_it_ran_from_lies_low_until_healed() {
    let (mut faction, _) = goblins_knowing(CORRIDOR);
    let mut rng = ChaCha8Rng::seed_from_u64(1);
    let at = Pos::new(12, 1);
    let mut brain = fled_from_the_west_end(at);
    // Long out of sight: calm, still hurt; it does not stroll back.
    for turn in 0..30 {
        let now = 20.0 + f64::from(turn);
        faction.start_turn(now);
        let s = hurt_at(at, now, None);
        let intent = MemberTurn::new(&mut faction, &mut brain, &s).think(&mut rng);
        assert_eq!(brain.mode, Mode::Wander);
        assert_eq!(intent, Intent::Wait, "turn {turn}: {:?}", brain.thought);
        assert_eq!(brain.thought, Thought::LiesLow);
    }
    // Healed, it strolls back to where it ran from.
    let mut s = hurt_at(at, 60.0, None);
    s.health = 1.0;
    MemberTurn::new(&mut faction, &mut brain, &s).think(&mut rng);
    assert_eq!(brain.wander_target, Some(Pos::new(1, 1)));
}
