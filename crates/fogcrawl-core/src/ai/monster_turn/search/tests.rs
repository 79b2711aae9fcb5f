//! Tests of the search for a lost player: spots by the walk, a bounded
//! look about, then back to its life; a corner it just lost sight at.

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

use super::super::tests::goblins_knowing;
use super::*;
use crate::ai::brain::{Alert, Brain, Mode, SWEEP_TIME};
use crate::ai::monster_turn::{Intent, Senses};

/// Two rooms side by side, the wall between them open only at the
/// bottom row: 4,1 and 6,1 are two columns apart and thirteen steps.
const TWO_ROOMS: &str = "#############\n\
                         #....#......#\n\
                         #....#......#\n\
                         #....#......#\n\
                         #....#......#\n\
                         #....#......#\n\
                         #....#......#\n\
                         #@..........#\n\
                         #############";

fn nobody(_: Pos) -> Body {
    Body::Empty
}

fn senses_at<'a>(at: Pos, now: f64, body_at: &'a dyn Fn(Pos) -> Body) -> Senses<'a> {
    Senses {
        actor: 1,
        at,
        now,
        turn: now as u64,
        player_seen: None,
        health: 1.0,
        far_from_player: false,
        body_at,
        shooter: None,
    }
}

/// A member told (by packmate 9) the player stood at `pos` at `time`.
fn told(pos: Pos, time: f64) -> Brain {
    let mut brain = Brain::default();
    brain.hear_of_player(pos, time, 9);
    brain
}

#[test]
fn a_searcher_looks_where_the_player_could_have_walked_not_through_a_wall() {
    let last_known = Pos::new(4, 1);
    let reach: Vec<Pos> = {
        let (faction, _) = goblins_knowing(TWO_ROOMS);
        cells_within_steps(&faction, last_known, SEARCH_SPREAD)
            .into_iter()
            .map(|(cell, _)| cell)
            .collect()
    };
    assert!(!reach.contains(&Pos::new(6, 1)), "behind the wall");
    for seed in 0..24 {
        let (mut faction, _) = goblins_knowing(TWO_ROOMS);
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let mut brain = told(last_known, 0.5);
        // It stands on the last known cell and finds nobody.
        let s = senses_at(last_known, 1.0, &nobody);
        MemberTurn::new(&mut faction, &mut brain, &s).think(&mut rng);
        assert_eq!(brain.mode, Mode::Search);
        let spot = brain.search_spot.expect("a spot to look at");
        assert!(
            reach.contains(&spot),
            "seed {seed}: {spot:?} is no walk of {SEARCH_SPREAD} from {last_known:?}"
        );
    }
}

#[test]
fn a_searcher_looks_about_for_a_short_while_then_goes_back_to_its_life() {
    let (mut faction, _) = goblins_knowing(TWO_ROOMS);
    let mut rng = ChaCha8Rng::seed_from_u64(3);
    let last_known = Pos::new(3, 3);
    let mut brain = told(last_known, 0.5);
    let mut at = last_known;
    let mut now = 1.0;
    let mut spots = Vec::new();
    // News lasts PURSUIT_MEMORY (40); the look about far less.
    while brain.alert.is_some() && now < 1.0 + SWEEP_TIME + 4.0 {
        faction.start_turn(now);
        let s = senses_at(at, now, &nobody);
        let intent = MemberTurn::new(&mut faction, &mut brain, &s).think(&mut rng);
        if let Intent::Step { to, .. } = intent {
            at = to;
        }
        if let Some(spot) = brain.search_spot
            && spots.last() != Some(&spot)
        {
            spots.push(spot);
        }
        now += 1.0;
    }
    assert_eq!(brain.alert, None, "it gave the search up: {spots:?}");
    assert_ne!(brain.mode, Mode::Search);
    assert!(now <= 1.0 + SWEEP_TIME + 2.0, "within the sweep: {now}");
    assert!(!spots.is_empty(), "it looked about first");
    assert!(
        last_known.chebyshev(at) <= SEARCH_SPREAD,
        "it ended near the last known cell: {at:?}"
    );
    // Packmates' shouts of the same news do not send it back at once.
    brain.hear_of_player(last_known, 0.5, 9);
    assert_eq!(brain.alert, None);
}

#[test]
fn a_searcher_that_just_lost_sight_of_the_player_goes_to_look_round_the_corner() {
    // The player stood at 6,3 a moment ago and the threat it makes (and
    // kin that died there) lie on that cell: a search of old news keeps
    // to cover, but one that saw the player there a goblin's turn ago
    // goes there, as the hunt it was (rooms seed 7: it turned back to
    // cover, saw the player again, stepped in, lost it, to and fro).
    let (mut faction, _) = goblins_knowing(TWO_ROOMS);
    let mut rng = ChaCha8Rng::seed_from_u64(1);
    let last_known = Pos::new(3, 4);
    faction.mark_danger(last_known, 50.0);
    assert!(faction.avoidance_at(last_known) > DANGEROUS);
    let at = Pos::new(3, 1);
    // The faction's latest sighting: nobody found the trail cold yet.
    faction.note_sighting(last_known, 10.0 - 1.3);
    let s = senses_at(at, 10.0, &nobody);
    let mut brain = Brain {
        mode: Mode::Hunt,
        alert: Some(Alert {
            pos: last_known,
            time: 10.0 - 1.3,
            source: Source::Saw,
        }),
        ..Brain::default()
    };
    MemberTurn::new(&mut faction, &mut brain, &s).think(&mut rng);
    assert_eq!(brain.mode, Mode::Search);
    assert_eq!(brain.goal, Some(last_known), "{:?}", brain.thought);
    // Older news of the same cell, heard: it keeps to cover.
    let mut heard = told(last_known, 10.0 - 5.0);
    MemberTurn::new(&mut faction, &mut heard, &s).think(&mut rng);
    assert_ne!(heard.goal, Some(last_known));
}
