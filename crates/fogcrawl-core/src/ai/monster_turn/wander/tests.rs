//! Tests of a wanderer's life: strolls a body turns back, rests.

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

use super::super::tests::{goblins_knowing, senses};
use super::super::{Body, Intent, MemberTurn};
use crate::ai::brain::{Brain, Mode};
use crate::ai::thought::Thought;
use gridpath::Pos;

/// Nobody about but a monster of its faction on `at`.
fn packmate_at(at: Pos, yields: bool) -> impl Fn(Pos) -> Body {
    move |p| {
        if p == at {
            Body::Packmate {
                yields,
                lately_swapped: false,
            }
        } else {
            Body::Empty
        }
    }
}

/// Open floor, 31 by 31.
fn open_floor() -> String {
    format!("@{}", vec![".".repeat(31); 31].join("\n")[1..].to_owned())
}

#[test]
fn a_stroll_a_body_turns_back_is_another_stroll_at_once_not_a_wait() {
    // It strolls east from 15,15 and a packmate that will not make way
    // stands on its next cell. It turns back this same turn: a stroll
    // that does not set out past the body (standing to pick again picked
    // the way past it again and again: in a corridor, two strollers face
    // to face waited on each other for good).
    let (mut faction, _) = goblins_knowing(&open_floor());
    let at = Pos::new(15, 15);
    let body = Pos::new(16, 15);
    let target = Pos::new(20, 15);
    let blocking = packmate_at(body, false);
    for far_from_player in [false, true] {
        let mut s = senses(at, &blocking);
        s.far_from_player = far_from_player;
        for seed in 0..20 {
            let mut rng = ChaCha8Rng::seed_from_u64(seed);
            let mut brain = Brain {
                mode: Mode::Wander,
                wander_target: Some(target),
                wander_until: 100.0,
                plan: (16..=20).map(|x| Pos::new(x, 15)).collect(),
                plan_goal: Some(target),
                goal: Some(target),
                came_from: Some(Pos::new(14, 15)),
                came_strolling: true,
                ..Brain::default()
            };
            let intent = MemberTurn::new(&mut faction, &mut brain, &s).think(&mut rng);
            let Intent::Step {
                to, swap: false, ..
            } = intent
            else {
                panic!("seed {seed}, far {far_from_player}: {intent:?}");
            };
            assert_ne!(to, body, "seed {seed}, far {far_from_player}");
            assert_ne!(brain.wander_target, Some(target));
        }
    }
}

#[test]
fn a_stroller_whose_every_way_goes_past_a_body_asks_it_to_pass() {
    // The east end of a corridor, a packmate on the only cell out of it
    // (loitering: it makes way). Far from the player the stroller asks to
    // pass instead of standing there for good.
    let (mut faction, _) = goblins_knowing(
        "@#######\n\
         ........\n\
         ########",
    );
    let at = Pos::new(7, 1);
    let body = Pos::new(6, 1);
    let yielding = packmate_at(body, true);
    let mut s = senses(at, &yielding);
    s.far_from_player = true;
    for seed in 0..10 {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let mut brain = Brain {
            mode: Mode::Wander,
            ..Brain::default()
        };
        let intent = MemberTurn::new(&mut faction, &mut brain, &s).think(&mut rng);
        assert_eq!(
            intent,
            Intent::Step {
                to: body,
                swap: true,
                guided: true
            },
            "seed {seed}"
        );
        assert_eq!(brain.thought, Thought::SwapsWith(body), "seed {seed}");
    }
}
