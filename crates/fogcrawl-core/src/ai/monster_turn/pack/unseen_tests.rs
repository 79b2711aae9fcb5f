//! Tests of a pack member's cell round the player when its faction knows
//! too little of the ground there.

use gridpath::Pos;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

use super::super::tests::senses;
use super::super::{Body, Intent, MemberTurn};
use crate::ai::brain::Brain;
use crate::ai::faction::Faction;
use crate::ai::knowledge::FactionKnowledge;
use crate::ai::thought::Thought;
use crate::ai::turn_outcome::{Happened, TurnOutcome, conclude};
use crate::config::MonsterConfig;
use crate::world::Level;
use crate::world::level;

/// The player (`@`, 5,3) in a room whose one way in is from the north
/// (6,2 to 8,2, off the corridor along row 1). A giant rat at 3,5, in a
/// nook south-west of the room, sees the player through the gap between
/// the wall corners 3,4 and 4,5, a diagonal no step may cut; its way in
/// is round by the west corridor and row 1, 13 steps.
const POCKET: &str = "##########\n\
                      #........#\n\
                      #.####...#\n\
                      #.#..@...#\n\
                      #.##.....#\n\
                      #...######\n\
                      #....#####\n\
                      ##########";

/// Giant rats (they plan only through cells they saw) that have seen the
/// cells of `level` that `seen` names, and nothing else.
fn rats_that_saw(level: &Level, seen: impl Fn(Pos) -> bool) -> Faction {
    let config = MonsterConfig::shipped().unwrap();
    let rats = config.faction("rats").unwrap().clone();
    let knowledge = FactionKnowledge::new(level.width(), level.height());
    let mut faction = Faction::new(rats.clone(), knowledge);
    faction.rebuild(rats).unwrap();
    for pos in level.positions().filter(|&pos| seen(pos)) {
        faction.observe(pos, level.terrain_at(pos).unwrap(), 0.0);
    }
    faction.sync_view();
    faction.start_turn(0.0);
    faction
}

/// The rats of [`POCKET`] have seen it all but the north-east (row 2 and
/// above, east of the corridor): the way into the room.
fn rats_that_never_saw_the_way_in(level: &Level) -> Faction {
    rats_that_saw(level, |pos| pos.y > 2 || pos.x < 3)
}

#[test]
fn a_rat_that_knows_no_way_to_the_player_goes_to_look_rather_than_wait_for_room() {
    // Warrens seed 3, turns 305-316: a giant rat saw the player through a
    // gap between two wall corners, knew no way round (the four cells of
    // the way in it had never seen, and plans as walls), and waited "for
    // room" 12 turns two cells from the player, though no body held a
    // cell beside it. Here it heads for 2,1, the cell from which it sees
    // the unseen cells nearest the player that it can walk to, and steps
    // off west toward it.
    let level = level::text::parse(POCKET).unwrap();
    let mut faction = rats_that_never_saw_the_way_in(&level);
    let player = Pos::new(5, 3);
    let body = move |p: Pos| {
        if p == player {
            Body::Player
        } else {
            Body::Empty
        }
    };
    let mut s = senses(Pos::new(3, 5), &body);
    s.player_seen = Some(player);
    let mut brain = Brain::default();
    let mut rng = ChaCha8Rng::seed_from_u64(1);
    let intent = MemberTurn::new(&mut faction, &mut brain, &s).think(&mut rng);
    assert_eq!(
        brain.thought,
        Thought::LooksForWayIn {
            spot: Pos::new(2, 1)
        }
    );
    assert_eq!(faction.spots().held_by(1), Some(Pos::new(2, 1)));
    assert!(
        matches!(intent, Intent::Step { to, .. } if to.x < 3),
        "{intent:?}"
    );
}

#[test]
fn a_rat_that_looks_for_the_way_in_reaches_the_player() {
    // As above, turn after turn, the rat seeing the cells next to it
    // after each step (the least a look shows): it walks round, learning
    // the way in as it goes, and strikes the player, never standing to
    // wait for room.
    let level = level::text::parse(POCKET).unwrap();
    let mut faction = rats_that_never_saw_the_way_in(&level);
    let player = Pos::new(5, 3);
    let body = move |p: Pos| {
        if p == player {
            Body::Player
        } else {
            Body::Empty
        }
    };
    let mut at = Pos::new(3, 5);
    let mut brain = Brain::default();
    let mut rng = ChaCha8Rng::seed_from_u64(1);
    for turn in 0..30u32 {
        let mut s = senses(at, &body);
        s.player_seen = Some(player);
        s.now = f64::from(turn);
        s.turn = u64::from(turn);
        faction.start_turn(s.now);
        let intent = MemberTurn::new(&mut faction, &mut brain, &s).think(&mut rng);
        assert!(
            !matches!(brain.thought, Thought::WaitsForRoom { .. }),
            "turn {turn} at {at:?}: {:?}",
            brain.thought
        );
        if let Intent::Attack(target) = intent {
            assert_eq!(target, player);
            assert_eq!(at.chebyshev(player), 1);
            return;
        }
        let happened = match intent {
            Intent::Step { to, .. } => {
                at = to;
                Happened::Stepped { to }
            }
            _ => Happened::Waited,
        };
        conclude(
            &mut faction,
            &mut brain,
            TurnOutcome {
                started_at: s.at,
                happened,
                now: s.now,
            },
            |_| None,
        );
        for dy in -1..=1 {
            for dx in -1..=1 {
                let cell = Pos::new(at.x + dx, at.y + dy);
                if let Some(terrain) = level.terrain_at(cell) {
                    faction.observe(cell, terrain, s.now);
                }
            }
        }
    }
    panic!("never reached the player: at {at:?}, {:?}", brain.thought);
}

#[test]
fn a_rat_whose_cells_beside_the_player_bodies_hold_waits_for_room() {
    // The same rat, the way in unseen as before, but every cell beside the
    // player that its faction knows it could strike from is stood on (by
    // rats of its own, fighting): room is what it lacks, and it waits for
    // it where it stands (two cells off, out of the way), as before.
    let level = level::text::parse(POCKET).unwrap();
    let mut faction = rats_that_never_saw_the_way_in(&level);
    let player = Pos::new(5, 3);
    let body = move |p: Pos| {
        if p == player {
            Body::Player
        } else if p.chebyshev(player) == 1 && p.y >= 3 {
            Body::Packmate {
                yields: false,
                keeps_place: true,
                hunts: true,
            }
        } else {
            Body::Empty
        }
    };
    let at = Pos::new(3, 5);
    let mut s = senses(at, &body);
    s.player_seen = Some(player);
    let mut brain = Brain::default();
    let mut rng = ChaCha8Rng::seed_from_u64(1);
    let intent = MemberTurn::new(&mut faction, &mut brain, &s).think(&mut rng);
    assert_eq!(intent, Intent::Wait, "{:?}", brain.thought);
    assert_eq!(brain.thought, Thought::WaitsForRoom { spot: at });
}
