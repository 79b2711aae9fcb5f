//! Tests of searching: how long a searcher looks about the player's last
//! known cell, and what packmates' news does to that look.

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

use super::super::tests::{goblins_knowing, senses};
use super::super::{Body, Intent, MemberTurn, Senses};
use super::{SWEEP_MIN_TURNS, SWEEP_TIME};
use crate::ai::brain::{Brain, Mode, SEARCH_SPREAD};
use gridpath::Pos;

fn nobody(_: Pos) -> Body {
    Body::Empty
}

/// What a goblin at `at` senses at game time `now`, the player out of
/// its sight.
fn senses_at<'a>(at: Pos, now: f64, body_at: &'a dyn Fn(Pos) -> Body) -> Senses<'a> {
    Senses {
        now,
        ..senses(at, body_at)
    }
}

/// A brain told by packmate 9 that the player was at `pos` at `time`.
fn told(pos: Pos, time: f64) -> Brain {
    let mut brain = Brain::default();
    brain.hear_of_player(pos, time, 9);
    brain
}

/// A hall with two pillars: cells behind them come into and out of view
/// as a searcher walks about.
const PILLARS: &str = "#############\n\
                       #@..........#\n\
                       #..#.....#..#\n\
                       #..#.....#..#\n\
                       #...........#\n\
                       #..#.....#..#\n\
                       #..#.....#..#\n\
                       #...........#\n\
                       #############";

/// What a search came to, turn by turn.
struct Played {
    /// Its cell after each of its turns.
    cells: Vec<Pos>,
    /// The game time it first looked about the last known cell.
    looked_about_at: Option<f64>,
    /// The game time of its first turn out of search mode.
    gave_up_at: Option<f64>,
    /// Its turns since it first looked about the last known cell.
    turns_looking: u32,
    brain: Brain,
}

/// Plays a goblin searcher with `brain` from `at` at game time `now`, a
/// goblin's turn on floor (0.8) at a time for `span` game time or until it
/// stops searching; before each turn `shout(brain, now)` may tell it news.
fn play_search(
    rows: &str,
    brain: Brain,
    at: Pos,
    now: f64,
    span: f64,
    shout: impl Fn(&mut Brain, f64),
) -> Played {
    play_search_in_steps(rows, brain, (at, now), span, 0.8, shout)
}

/// [`play_search`] with turns `turn` game time long.
fn play_search_in_steps(
    rows: &str,
    mut brain: Brain,
    (mut at, mut now): (Pos, f64),
    span: f64,
    turn: f64,
    shout: impl Fn(&mut Brain, f64),
) -> Played {
    let (mut faction, _) = goblins_knowing(rows);
    let mut rng = ChaCha8Rng::seed_from_u64(5);
    let mut cells = vec![at];
    let (mut looked_about_at, mut gave_up_at, mut turns_looking) = (None, None, 0);
    let end = now + span;
    while now < end {
        shout(&mut brain, now);
        faction.start_turn(now);
        let s = senses_at(at, now, &nobody);
        let intent = MemberTurn::new(&mut faction, &mut brain, &s).think(&mut rng);
        if brain.mode != Mode::Search {
            gave_up_at = Some(now);
            break;
        }
        if looked_about_at.is_none() && brain.sweep.is_some() {
            looked_about_at = Some(now);
        }
        if looked_about_at.is_some() {
            turns_looking += 1;
        }
        if let Intent::Step { to, .. } = intent {
            at = to;
        }
        cells.push(at);
        now += turn;
    }
    Played {
        cells,
        looked_about_at,
        gave_up_at,
        turns_looking,
        brain,
    }
}

#[test]
fn a_searcher_gives_the_place_up_after_its_look_about_while_shouts_of_it_go_on() {
    // Maze with the evader (seeds 2, 5, 8): a search lasted as long as the
    // news, 40 time units, and more when packmates shouted the same cell
    // again (each shout also sent the searcher to a new spot). Here a
    // packmate shouts the cell every turn: the searcher still looks about
    // it only for its sweep, near it, then goes back to its life.
    let last_known = Pos::new(6, 4);
    let played = play_search(
        PILLARS,
        told(last_known, 0.5),
        Pos::new(1, 1),
        1.0,
        60.0,
        |brain, now| brain.hear_of_player(last_known, now - 0.5, 9),
    );
    let looked = played.looked_about_at.expect("it looked about the cell");
    let gave_up = played.gave_up_at.unwrap_or_else(|| {
        panic!(
            "it searched on, looked about since {looked}: {:?}",
            played.cells
        )
    });
    assert!(
        gave_up <= looked + SWEEP_TIME + 0.8,
        "gave up at {gave_up}, looked about since {looked}"
    );
    assert!(gave_up >= looked + SWEEP_TIME, "gave up at {gave_up}");
    assert_eq!(played.brain.alert, None, "the news is given up with it");
    for cell in &played.cells[played.cells.len() / 2..] {
        assert!(
            cell.chebyshev(last_known) <= SEARCH_SPREAD,
            "{cell} is about the last known cell: {:?}",
            played.cells
        );
    }
}

#[test]
fn news_of_another_cell_begins_another_look_about_and_news_of_the_same_cell_does_not() {
    let last_known = Pos::new(6, 4);
    let played = play_search(
        PILLARS,
        told(last_known, 0.5),
        last_known,
        1.0,
        4.0,
        |_, _| {},
    );
    let mut brain = played.brain;
    let sweep = brain.sweep.expect("it looks about the cell it stands on");
    let spot = brain.search_spot;
    assert!(spot.is_some(), "a spot to look from");
    // The same cell again, newer: the look and the spot go on.
    brain.hear_of_player(last_known, 4.0, 7);
    assert_eq!(brain.sweep, Some(sweep));
    assert_eq!(brain.search_spot, spot);
    assert_eq!(brain.alert.map(|alert| alert.time), Some(4.0));
    // Older news of another cell is no news.
    brain.hear_of_player(Pos::new(10, 6), 3.0, 7);
    assert_eq!(brain.sweep, Some(sweep));
    // Newer news of another cell: a new search, begun afresh.
    brain.hear_of_player(Pos::new(10, 6), 5.0, 7);
    assert_eq!(brain.sweep, None);
    assert_eq!(brain.search_spot, None);
    assert_eq!(brain.alert.map(|alert| alert.pos), Some(Pos::new(10, 6)));
}

#[test]
fn on_slow_ground_a_searcher_still_looks_about_for_a_number_of_its_turns() {
    // Swamp with the evader (seed 3): a goblin's turn in swamp lasts about
    // five times one on floor, and a look about of game time alone gave
    // it five looks before it gave up (a flap). Turns here last 4: the
    // sweep's game time passes in five of them; it looks for its floor of
    // turns all the same (shouts of the same cell keep the news fresh, so
    // only the look about can end the search).
    let last_known = Pos::new(6, 4);
    let played = play_search_in_steps(
        PILLARS,
        told(last_known, 0.5),
        (last_known, 1.0),
        80.0,
        4.0,
        |brain, now| brain.hear_of_player(last_known, now - 0.5, 9),
    );
    assert!(played.gave_up_at.is_some(), "{:?}", played.cells);
    assert!(
        played.turns_looking >= SWEEP_MIN_TURNS,
        "it looked about {} turns",
        played.turns_looking
    );
    assert!(played.turns_looking <= SWEEP_MIN_TURNS + 1);
}
