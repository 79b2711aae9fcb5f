//! Tests of searching: how long a searcher looks about the player's last
//! known cell, and what packmates' news does to that look.

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

use super::super::tests::{goblins_knowing, paces_to_and_fro, senses};
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

/// A brain that saw the player at `pos` at `time` itself.
fn saw(pos: Pos, time: f64) -> Brain {
    let mut brain = told(pos, time);
    brain.alert = brain.alert.map(|alert| crate::ai::alert::Alert {
        source: crate::ai::alert::Source::Saw,
        ..alert
    });
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

/// Two corridors a wall apart, joined at the east end only: the upper one
/// lies two cells from the lower as the crow flies, and over twenty steps
/// round by walking.
const TWO_CORRIDORS: &str = "################\n\
                             #@.............#\n\
                             ##############.#\n\
                             #..............#\n\
                             ################";

/// Steps (8-way, through floor) from `from` to every cell of `rows`.
fn walking_steps(rows: &str, from: Pos) -> std::collections::HashMap<Pos, i32> {
    let floor: Vec<Vec<bool>> = rows
        .lines()
        .map(|line| line.chars().map(|c| c != '#').collect())
        .collect();
    let open = |p: Pos| {
        usize::try_from(p.y)
            .ok()
            .zip(usize::try_from(p.x).ok())
            .and_then(|(y, x)| floor.get(y)?.get(x).copied())
            .unwrap_or(false)
    };
    let mut steps = std::collections::HashMap::from([(from, 0)]);
    let mut frontier = vec![from];
    while !frontier.is_empty() {
        let mut next = Vec::new();
        for cell in frontier {
            let here = steps[&cell];
            for (dx, dy) in [
                (-1, -1),
                (0, -1),
                (1, -1),
                (-1, 0),
                (1, 0),
                (-1, 1),
                (0, 1),
                (1, 1),
            ] {
                let to = Pos::new(cell.x + dx, cell.y + dy);
                if open(to) && !steps.contains_key(&to) {
                    steps.insert(to, here + 1);
                    next.push(to);
                }
            }
        }
        frontier = next;
    }
    steps
}

#[test]
fn search_spots_lie_a_short_walk_from_the_last_known_cell_not_through_a_wall() {
    // Maze seed 4: a goblin sent to a spot six cells from the last known
    // cell through a wall walked forty steps round the maze and gave the
    // search up 17 cells from the place. Here the last known cell is in
    // the lower corridor: the upper one, two cells off through the wall,
    // is no place to look about it.
    let (faction, _) = goblins_knowing(TWO_CORRIDORS);
    let around = Pos::new(3, 3);
    let at = Pos::new(10, 3);
    let steps = walking_steps(TWO_CORRIDORS, around);
    assert!(steps[&Pos::new(3, 1)] > 2 * SEARCH_SPREAD, "the fixture");
    for seed in 0..40 {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let spot =
            super::pick_search_spot(&faction, (at, None), around, None, &|_| false, &mut rng)
                .expect("a spot about the cell");
        assert!(
            steps[&spot] <= SEARCH_SPREAD,
            "seed {seed}: {spot} is {} steps from {around}",
            steps[&spot]
        );
    }
}

/// Goblins that have seen the cells of `rows` that `seen` names, and
/// nothing else (the planning grid takes the rest for open ground).
fn goblins_that_saw(rows: &str, seen: impl Fn(Pos) -> bool) -> crate::ai::faction::Faction {
    let config = crate::config::MonsterConfig::shipped().expect("the shipped config");
    let goblins = config.faction("goblins").expect("goblins").clone();
    let level = crate::world::level::text::parse(rows).expect("the fixture");
    let knowledge = crate::ai::knowledge::FactionKnowledge::new(level.width(), level.height());
    let mut faction = crate::ai::faction::Faction::new(goblins.clone(), knowledge);
    faction.rebuild(goblins).expect("the goblins' rules");
    for pos in level.positions() {
        if let Some(terrain) = level.terrain_at(pos).filter(|_| seen(pos)) {
            faction.observe(pos, terrain, 0.0);
        }
    }
    faction.start_turn(0.0);
    faction.sync_view();
    faction
}

#[test]
fn under_fog_search_spots_lie_along_the_ground_it_saw_not_through_an_unseen_wall() {
    // Maze seed 3: goblin 2 lost the player at 4,1 and was sent to 5,5,
    // four cells south through walls it had never seen (the planning grid
    // takes unseen cells for open), over thirty steps round; it walked
    // the maze for its whole look about and gave up 12 cells from 4,1.
    // Here the goblins saw both corridors but never the wall between them.
    let seen = |pos: Pos| pos.y != 2;
    let faction = goblins_that_saw(TWO_CORRIDORS, seen);
    let around = Pos::new(3, 3);
    let at = Pos::new(10, 3);
    let steps = walking_steps(TWO_CORRIDORS, around);
    assert!(steps[&Pos::new(3, 1)] > 2 * SEARCH_SPREAD, "the fixture");
    let within =
        super::cells_within_walk(faction.grid().expect("a planning grid"), around, |cell| {
            faction.knowledge().belief(cell).is_some()
        });
    assert!(within.iter().all(|cell| cell.y == 3), "{within:?}");
    for seed in 0..40 {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let spot =
            super::pick_search_spot(&faction, (at, None), around, None, &|_| false, &mut rng)
                .expect("a spot about the cell");
        assert!(
            steps.get(&spot).is_some_and(|&n| n <= SEARCH_SPREAD),
            "seed {seed}: {spot} is {:?} steps from {around}",
            steps.get(&spot)
        );
    }
    // Where it saw nothing about the place, the grid's guess is walked.
    let blind = goblins_that_saw(TWO_CORRIDORS, |pos| pos == around);
    let guessed =
        super::cells_within_walk(blind.grid().expect("a planning grid"), around, |cell| {
            blind.knowledge().belief(cell).is_some()
        });
    assert!(guessed.len() > 1, "{guessed:?}");
}

#[test]
fn a_search_spot_is_neither_next_to_the_searcher_nor_the_cell_it_left() {
    // Caves seed 2 at depth 5: a wolf that reached its spot picked the
    // cell it had just left, then the one it stood on again: A-B-A-B.
    let (faction, _) = goblins_knowing(TWO_CORRIDORS);
    let around = Pos::new(5, 3);
    let at = Pos::new(5, 3);
    let came_from = Pos::new(8, 3);
    let mut spots = std::collections::BTreeSet::new();
    for seed in 0..40 {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        if let Some(spot) = super::pick_search_spot(
            &faction,
            (at, Some(came_from)),
            around,
            None,
            &|_| false,
            &mut rng,
        ) {
            assert!(spot.chebyshev(at) > 1, "seed {seed}: {spot} is a step away");
            assert_ne!(spot, came_from, "seed {seed}: the cell it left");
            spots.insert((spot.x, spot.y));
        }
    }
    assert!(spots.len() > 1, "spots to look from: {spots:?}");
}

#[test]
fn a_searcher_in_a_corridor_looks_about_without_pacing_to_and_fro() {
    // Pass with the evader, seed 1 (turns 143 and 153): two goblins looked
    // about the last known cell 44,21 in a corridor one cell wide. One
    // reached its spot three cells west of it and drew the last known
    // cell itself as its next spot; a step on, it stood close enough to
    // see that cell, checked already, and drew a spot west again: a step
    // east and straight back, A-B-A-B. A spot is a place about the last
    // known cell, never that cell. Here the searcher is told of the
    // player at 10,1 and plays its whole look about, over many seeds.
    const CORRIDOR: &str = "#######################\n\
                            @.....................#\n\
                            #######################";
    let last_known = Pos::new(10, 1);
    for seed in 0..12 {
        let brain = told(last_known, 0.0);
        let (mut faction, _) = goblins_knowing(CORRIDOR);
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let (mut at, mut now, mut brain) = (Pos::new(14, 1), 0.5, brain);
        let mut cells = vec![at];
        let mut looked_about = false;
        while now < 40.0 {
            faction.start_turn(now);
            let s = senses_at(at, now, &nobody);
            let intent = MemberTurn::new(&mut faction, &mut brain, &s).think(&mut rng);
            if brain.mode != Mode::Search {
                break;
            }
            looked_about |= brain.sweep.is_some();
            if let Intent::Step { to, .. } = intent {
                at = to;
            }
            cells.push(at);
            now += 0.8;
        }
        assert!(looked_about, "seed {seed}: {cells:?}");
        assert_eq!(
            paces_to_and_fro(&cells),
            None,
            "seed {seed}: {:?}",
            cells.iter().map(|c| (c.x, c.y)).collect::<Vec<_>>()
        );
    }
}

/// A goblin that took up news of `last_known` (at `news_at`) and has
/// searched `turns` of its turns by `now`, the last at `now` less a turn.
fn searching_for(last_known: Pos, news_at: f64, turns: u32, now: f64) -> Brain {
    let mut brain = told(last_known, news_at);
    brain.mode = Mode::Search;
    brain.search_run = Some(super::Sweep {
        around: last_known,
        began: now - 0.8 * f64::from(turns),
        turns,
        counted_at: now - 0.8,
    });
    brain
}

#[test]
fn a_searcher_whose_way_round_outlasts_the_news_gives_up_where_it_stands_after_its_floor() {
    // Maze seed 3: a goblin at 17,25 set out for news at 11,23, six cells
    // off and over fifty steps round; it walked the maze until the news
    // went stale, 46 game time, and gave up 16 cells from the place. Here
    // the player was last known at 1,3 at time 2.5, and the searcher at
    // 1,1 is at it at 22: 28 steps round by the east end, 22.4 game time
    // at a goblin's pace, so it would arrive after the news is
    // PURSUIT_MEMORY old.
    let last_known = Pos::new(1, 3);
    let start = Pos::new(1, 1);
    let steps = walking_steps(TWO_CORRIDORS, start);
    assert!(steps[&last_known] >= 26, "the fixture");
    let (news_at, now) = (2.5, 22.0);
    let stale = news_at + crate::ai::brain::PURSUIT_MEMORY;

    // Taking the search up now, with the plan of its first turn: it does
    // not set out.
    let fresh = play_search(
        TWO_CORRIDORS,
        told(last_known, news_at),
        start,
        now,
        30.0,
        |_, _| {},
    );
    assert_eq!(fresh.gave_up_at, Some(now), "it set out: {:?}", fresh.cells);
    assert_eq!(fresh.brain.alert, None, "the news is given up with it");

    // Three turns into the search (the way looked shorter then): it looks
    // about where it stands to its floor of turns, then gives up there
    // (swamp seed 8 with the evader: walking the way round to its floor,
    // a goblin gave up 21 cells from the place).
    let under_way = play_search(
        TWO_CORRIDORS,
        searching_for(last_known, news_at, 3, now),
        start,
        now,
        30.0,
        |_, _| {},
    );
    let gave_up = under_way
        .gave_up_at
        .unwrap_or_else(|| panic!("it walked on: {:?}", under_way.cells));
    // Its turns in search mode, the one it gave up on included (the
    // floor counts as a look about's does).
    let turns = 3 + under_way.cells.len();
    assert!(
        turns >= SWEEP_MIN_TURNS as usize,
        "it searched its floor of turns first: {turns}"
    );
    assert!(
        gave_up < stale,
        "it gave up at {gave_up}, before the news went stale"
    );
    // A step while its plan is made, then no more once the plan shows the
    // way round.
    assert!(
        under_way
            .cells
            .iter()
            .all(|&cell| cell.chebyshev(start) <= 1),
        "it walked the way round: {:?}",
        under_way.cells
    );
    let end = *under_way.cells.last().expect("a cell");
    let from_place = walking_steps(TWO_CORRIDORS, last_known);
    assert!(
        from_place[&end] > SEARCH_SPREAD,
        "it gave up where it stood, on the way: {end}"
    );

    // Fresh news of the same cell (set out at 1), its own sighting: the
    // way round is walked as far as the search reaches, SEARCH_SPREAD
    // from the place, and no farther (see
    // `a_searcher_whose_way_leads_out_of_the_place_stops_at_its_edge`).
    // (Shouted, 22.4 game time of walking leaves no look about inside the
    // news' 40: it is not taken up, see
    // `shouted_news_is_taken_up_only_within_a_walk_that_leaves_the_look_about`.)
    let near = play_search(
        TWO_CORRIDORS,
        saw(last_known, 0.5),
        start,
        1.0,
        30.0,
        |_, _| {},
    );
    assert!(
        near.cells.iter().any(|cell| cell.x > start.x + 2),
        "it set out on the way round: {:?}",
        near.cells
    );
    assert!(
        near.cells
            .iter()
            .all(|cell| cell.chebyshev(last_known) <= SEARCH_SPREAD),
        "it walked out past the search's reach: {:?}",
        near.cells
    );
}

#[test]
fn a_searcher_whose_way_leads_out_of_the_place_stops_at_its_edge() {
    // Maze seed 6 with the evader, turns 294-312: a goblin lost the
    // player at 12,5, two cells off behind a wall, followed its plan 23
    // steps away and gave the search up 14 cells from the place. Here a
    // goblin at 3,1 lost the player at 1,3 at 0.5: the way there runs
    // east to the corridors' end and back, 13 cells out.
    let last_known = Pos::new(1, 3);
    let start = Pos::new(3, 1);
    let played = play_search(
        TWO_CORRIDORS,
        saw(last_known, 0.5),
        start,
        1.0,
        40.0,
        |_, _| {},
    );
    let farthest = played
        .cells
        .iter()
        .map(|cell| cell.chebyshev(last_known))
        .max()
        .unwrap_or(0);
    assert_eq!(
        farthest, SEARCH_SPREAD,
        "it went to the edge of the search's reach, no farther: {:?}",
        played.cells
    );
    let gave_up = played
        .gave_up_at
        .unwrap_or_else(|| panic!("it never gave up: {:?}", played.cells));
    // Where it stood at each time: a goblin's turn is 0.8 from 1.0; it
    // gives up on its floor of turns' last, at the edge.
    let turns = played.cells.len() - 1;
    assert!(
        turns + 1 >= SWEEP_MIN_TURNS as usize,
        "it searched its floor of turns: {turns} by {gave_up}"
    );
    assert!(
        gave_up < 1.0 + 0.8 * f64::from(SWEEP_MIN_TURNS + 1),
        "it looked about at the edge no longer than its floor: gave up at {gave_up}, {:?}",
        played.cells
    );
    let end = *played.cells.last().expect("a cell");
    assert_eq!(
        end.chebyshev(last_known),
        SEARCH_SPREAD,
        "it gave up at {end}"
    );
}

#[test]
fn a_searcher_told_of_a_chase_does_not_walk_out_of_the_place_either() {
    // Archer-grotto of unseen22, seed 4 with the evader, turns 165-181: a
    // goblin six cells from where packmates saw the player, told of it
    // turn after turn, walked its way round out of the place 20 actions
    // and gave up 18 cells from it. Here a packmate shouts the player at
    // 1,3 every turn to a goblin at 3,1 three turns into its search (on
    // its first, a walk round that leaves no look about in the news' time
    // is not set out on: see
    // `shouted_news_is_taken_up_only_within_a_walk_that_leaves_the_look_about`):
    // it goes to the edge of the place on the way round and no farther,
    // as for news of its own.
    let last_known = Pos::new(1, 3);
    let played = play_search(
        TWO_CORRIDORS,
        searching_for(last_known, 0.5, 3, 1.0),
        Pos::new(3, 1),
        1.0,
        40.0,
        |brain, now| brain.hear_of_player(last_known, now, 9),
    );
    let farthest = played
        .cells
        .iter()
        .map(|cell| cell.chebyshev(last_known))
        .max()
        .unwrap_or(0);
    assert_eq!(
        farthest, SEARCH_SPREAD,
        "it went to the edge of the place, no farther: {:?}",
        played.cells
    );
    assert!(
        played.gave_up_at.is_some(),
        "it gave up there: {:?}",
        played.cells
    );
}

/// Two pockets side by side, shut from each other by a wall.
const SHUT_POCKETS: &str = "#########\n\
                            #..#....#\n\
                            #..#....#\n\
                            #..#...@#\n\
                            #########";

#[test]
fn a_member_shut_away_from_the_place_does_not_take_the_search_up() {
    // Guard-posts of unseen25, plain player, seed 1, turn 114: a wolf shut
    // in a side room behind a door paws cannot open, told of the player at
    // 10,3, took the search up, waited four actions for plans that found
    // no way, and gave it up: a flap (11 of the level's 20 searches over
    // seeds 1-8). Here a goblin in the west pocket at 1,2 is told of the
    // player at 5,2, four cells off in the east pocket: about the place,
    // and no way there.
    let last_known = Pos::new(5, 2);
    let start = Pos::new(1, 2);
    assert!(start.chebyshev(last_known) <= SEARCH_SPREAD, "the fixture");
    let played = play_search(
        SHUT_POCKETS,
        told(last_known, 0.9),
        start,
        1.0,
        20.0,
        |_, _| {},
    );
    assert_eq!(
        played.gave_up_at,
        Some(1.0),
        "it took the search up: {:?}",
        played.cells
    );
    assert_eq!(played.brain.alert, None, "the news is dropped with it");
    // And it holds to that: news shouted again does not begin it anew
    // while it goes about its life.
    let mut brain = played.brain;
    brain.hear_of_player(last_known, 2.0, 9);
    assert_eq!(brain.alert, None, "it took the news up again at once");
    // A member in the same pocket as the place takes it up.
    let same_side = play_search(
        SHUT_POCKETS,
        told(last_known, 0.9),
        Pos::new(7, 1),
        1.0,
        5.0,
        |_, _| {},
    );
    assert_eq!(same_side.gave_up_at, None, "{:?}", same_side.cells);
}

#[test]
fn a_searcher_that_watches_a_player_it_cannot_reach_gives_it_up_after_its_look() {
    // Maze seed 3 with the evader, turns 295-329: a rat at 20,15, the
    // player in view two cells off and marked out of its reach, stood
    // idle in search mode 52 actions, one search of 54.7 game time. Here
    // a goblin in the west pocket at 2,2 sees the player at 4,2 beyond the
    // wall, out of its reach, a goblin's turn (0.8) at a time from 1.0.
    let (mut faction, _) = super::super::tests::goblins_knowing(SHUT_POCKETS);
    let mut rng = ChaCha8Rng::seed_from_u64(5);
    let (at, player) = (Pos::new(2, 2), Pos::new(4, 2));
    let mut brain = saw(player, 0.5);
    brain.unreachable = Some(player);
    let mut modes = Vec::new();
    let mut now = 1.0;
    while now < 60.0 {
        faction.start_turn(now);
        let s = Senses {
            player_seen: Some(player),
            ..senses_at(at, now, &nobody)
        };
        let _ = MemberTurn::new(&mut faction, &mut brain, &s).think(&mut rng);
        modes.push((now, brain.mode));
        now += 0.8;
    }
    let searched: Vec<f64> = modes
        .iter()
        .filter(|(_, mode)| *mode == Mode::Search)
        .map(|&(time, _)| time)
        .collect();
    let first = searched.first().copied().expect("it searched");
    let gave_up = modes
        .iter()
        .find(|&&(time, mode)| time > first && mode != Mode::Search)
        .map(|&(time, _)| time)
        .unwrap_or_else(|| panic!("it watched on: {modes:?}"));
    assert!(
        gave_up - first >= SWEEP_TIME && gave_up - first < SWEEP_TIME + 1.6,
        "it gave up after a look's length: searched from {first}, gave up at {gave_up}"
    );
    // It goes about its life for the give-up time, the player still in view.
    let back = modes
        .iter()
        .find(|&&(time, mode)| time > gave_up && mode == Mode::Search)
        .map(|&(time, _)| time);
    assert!(
        back.is_none_or(|time| time - gave_up >= crate::ai::brain::SEARCH_GIVE_UP_TIME),
        "it took the search up again at {back:?}, given up at {gave_up}"
    );
}

/// The cells a goblin archer (range 6, keeping 3 off) walks searching
/// about `last_known` on `rows`, told of it at 0.5 and setting out from
/// `start` at 1.0, a goblin's turn on floor (0.8) at a time until 16 or
/// until it stops searching, its random choices drawn from `seed`.
fn archer_searching(rows: &str, last_known: Pos, start: Pos, seed: u64) -> Vec<Pos> {
    let archer = crate::ai::monster_turn::ranged::Shooter {
        range: 6,
        keep_distance: 3,
    };
    let (mut faction, _) = goblins_knowing(rows);
    faction.note_sighting(last_known, 0.5);
    let mut brain = told(last_known, 0.5);
    brain.mode = Mode::Search;
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let (mut at, mut now) = (start, 1.0);
    let mut cells = vec![at];
    while now < 16.0 {
        faction.start_turn(now);
        let s = Senses {
            shooter: Some(archer),
            ..senses_at(at, now, &nobody)
        };
        let intent = MemberTurn::new(&mut faction, &mut brain, &s).think(&mut rng);
        if brain.mode != Mode::Search {
            break;
        }
        if let Intent::Step { to, .. } = intent {
            brain.came_from = Some(at);
            at = to;
        }
        cells.push(at);
        now += 0.8;
    }
    cells
}

/// The maze's north-west corner (maze depth 5, seed 3): the player went
/// south through the open door at 1,2 and on out of sight.
const MAZE_CORNER: &str = "##########\n\
                           #....#####\n\
                           #'#.######\n\
                           #.#......#\n\
                           #.########\n\
                           #......@##\n\
                           ##########";

#[test]
fn a_searching_archer_does_not_trade_two_cells_that_each_see_one_side_of_the_place() {
    // Maze depth 5, seed 3, turns 8-22: an archer searched about the
    // door 1,2 from 1,1 and 2,1. From 2,1 it drew a spot down the west
    // corridor (1,4), which it sees from 1,1; a step there, it saw the
    // spot, dropped it as looked at and drew one down the east way
    // (3,3), which it sees from 2,1; a step back, and the west spot,
    // out of sight again, was drawn anew: 17 A-B-A-B moves on the same
    // news. What it saw from the cell it just left it has looked at too.
    for seed in 0..12 {
        let cells = archer_searching(MAZE_CORNER, Pos::new(1, 2), Pos::new(2, 1), seed);
        assert!(cells.len() > 3, "seed {seed}: it searched {cells:?}");
        assert_eq!(
            paces_to_and_fro(&cells),
            None,
            "seed {seed}: {:?}",
            cells.iter().map(|c| (c.x, c.y)).collect::<Vec<_>>()
        );
    }
}

#[test]
fn a_searching_archer_on_a_road_one_cell_wide_walks_on_rather_than_to_and_fro() {
    // Swamp depth 5, seed 6, turns 231-232: an archer searched about 1,1
    // from the road one cell wide along the west edge. It saw every spot
    // about the place from one cell or the next, drew spots north and
    // south of it in turn and stepped to and fro between 1,5 and 1,6.
    const ROAD: &str = "#####\n\
                        #..@#\n\
                        #.###\n\
                        #.###\n\
                        #.###\n\
                        #.###\n\
                        #.###\n\
                        #.###\n\
                        #.###\n\
                        #.###\n\
                        #####";
    for seed in 0..12 {
        let cells = archer_searching(ROAD, Pos::new(1, 1), Pos::new(1, 6), seed);
        assert_eq!(
            paces_to_and_fro(&cells),
            None,
            "seed {seed}: {:?}",
            cells.iter().map(|c| (c.x, c.y)).collect::<Vec<_>>()
        );
    }
}

/// A grass field north of a wall with one gap (8,6), a room south of it:
/// the player stood in the gap and went on south (warrens depth 5, seed 2).
const FIELD_AND_GAP: &str = "##################\n\
                             #................#\n\
                             #................#\n\
                             #................#\n\
                             #................#\n\
                             #................#\n\
                             ########.#########\n\
                             #................#\n\
                             #................#\n\
                             #...............@#\n\
                             ##################";

#[test]
fn a_searching_archer_draws_no_spot_it_already_sees() {
    // Warrens depth 5, seed 2, turns 222-223: goblin archer 10 lost the
    // player at 161,11, a step south of a gap in a wall, and drew spots
    // on its own side of the wall that it saw from where it stood but a
    // cell or two beyond its range (163,5, then 165,8): it walked off
    // north-east, away from where the player went, each spot dropped as
    // looked at once in range and another seen one drawn. A spot it sees
    // shows it nothing new however far within its sight: it draws spots
    // it does not see.
    let archer = crate::ai::monster_turn::ranged::Shooter {
        range: 6,
        keep_distance: 3,
    };
    let (last_known, at) = (Pos::new(8, 6), Pos::new(3, 2));
    for seed in 0..12 {
        let (mut faction, _) = goblins_knowing(FIELD_AND_GAP);
        assert!(faction.believes_seen_from(at, last_known));
        faction.note_sighting(last_known, 0.5);
        let mut brain = saw(last_known, 0.5);
        brain.mode = Mode::Search;
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        faction.start_turn(1.0);
        let s = Senses {
            shooter: Some(archer),
            ..senses_at(at, 1.0, &nobody)
        };
        MemberTurn::new(&mut faction, &mut brain, &s).think(&mut rng);
        let spot = brain.search_spot;
        assert!(spot.is_some(), "seed {seed}: it drew no spot");
        assert!(
            spot.is_some_and(|spot| !faction.believes_seen_from(at, spot)),
            "seed {seed}: it drew {spot:?}, which it sees from {at:?}"
        );
    }
}

/// A pocket shut off from the hall: no way out of it at all.
const POCKET: &str = "############\n\
                      #.#........#\n\
                      #.#........#\n\
                      #.#.......@#\n\
                      ############";

#[test]
fn a_searcher_with_no_way_to_a_far_place_gives_the_search_up_at_once() {
    // Rooms seed 3: a rat shut in a room, told of the player 12 cells
    // off, knew no way there nor to any spot about it, and waited 30
    // turns where it stood, searching. Here a goblin in the pocket at 1,1
    // is told of the player at 9,3, 8 cells off across the wall.
    let last_known = Pos::new(9, 3);
    let start = Pos::new(1, 1);
    assert!(start.chebyshev(last_known) > SEARCH_SPREAD, "the fixture");
    let played = play_search(POCKET, told(last_known, 0.5), start, 1.0, 10.0, |_, _| {});
    assert_eq!(
        played.gave_up_at,
        Some(1.0),
        "it searched where it stood: {:?}",
        played.cells
    );
    assert_eq!(played.brain.alert, None, "the news is given up with it");
}

#[test]
fn a_searcher_sent_to_a_spot_from_afar_begins_its_look_about_the_place() {
    // Caves seed 3 with the evader: a wolf 9 cells from the last known
    // cell, its plan there slow in coming, picked a spot about it from
    // where it stood and its look about began there; the way went round,
    // the look's time ran out on the way and it gave up 16 cells from the
    // place. Here the goblin at 11,7 has the way to the last known cell
    // 1,1 given up (too slow to plan for): it picks a spot about it, and
    // its look begins once it is within SEARCH_SPREAD of the place.
    let last_known = Pos::new(1, 1);
    let (mut faction, _) = goblins_knowing(PILLARS);
    let mut rng = ChaCha8Rng::seed_from_u64(5);
    let mut brain = told(last_known, 0.5);
    brain.unreachable = Some(last_known);
    let (mut at, mut now) = (Pos::new(11, 7), 1.0);
    assert!(at.chebyshev(last_known) > SEARCH_SPREAD, "the fixture");
    let mut began_at = None;
    for _ in 0..30 {
        faction.start_turn(now);
        let s = senses_at(at, now, &nobody);
        let intent = MemberTurn::new(&mut faction, &mut brain, &s).think(&mut rng);
        assert_eq!(brain.mode, Mode::Search, "it gave up at {at}");
        if brain.sweep.is_some() {
            began_at = Some(at);
            break;
        }
        if let Intent::Step { to, .. } = intent {
            at = to;
        }
        now += 0.8;
    }
    let began_at = began_at.expect("it looked about the place");
    assert!(
        began_at.chebyshev(last_known) <= SEARCH_SPREAD,
        "its look began at {began_at}, away from the place"
    );
}

#[test]
fn a_searchers_way_is_priced_as_it_walks_it() {
    // A plan of 8 diagonal steps over floor is 11.3 straight steps' time,
    // not 8: counted a step a cell, a wolf on caves seed 3 reckoned a way
    // round shorter than it walked and gave up on it, far from the place.
    let (mut faction, _) = goblins_knowing(
        "@.........\n\
         ..........\n\
         ..........\n\
         ..........\n\
         ..........\n\
         ..........\n\
         ..........\n\
         ..........\n\
         ..........",
    );
    let at = Pos::new(0, 0);
    let goal = Pos::new(8, 8);
    let mut brain = told(goal, 0.5);
    brain.plan = (1..=8).map(|i| Pos::new(i, i)).collect();
    brain.plan_costs = vec![1.0; 8];
    brain.plan_goal = Some(goal);
    let s = senses_at(at, 1.0, &nobody);
    let mut turn = MemberTurn::new(&mut faction, &mut brain, &s);
    let way = turn.way_length(goal).expect("a way");
    assert!((way - 8.0 * std::f64::consts::SQRT_2).abs() < 1e-9, "{way}");
}

#[test]
fn a_searcher_past_its_floor_whose_plan_is_given_up_gives_the_search_up() {
    // Swamp seed 3 with the evader: a wolf's planner gave up spot after
    // spot, each shout of the moving player began the spots and misses
    // afresh, and it waited for plans 118 actions. Here a goblin hemmed
    // in by strangers, its faction's planner slow, has searched its floor
    // of turns for news of 30,12: once its plan is given up, so is the
    // search.
    let mut faction = super::super::tests::slow_goblins();
    let last_known = Pos::new(30, 12);
    let at = Pos::new(0, 0);
    let hemmed = |p: Pos| {
        if p != at && p.chebyshev(at) == 1 {
            Body::Stranger {
                yields: false,
                keeps_place: false,
                hunts: false,
            }
        } else {
            Body::Empty
        }
    };
    let mut now = 10.0;
    let mut brain = searching_for(last_known, now - 1.0, SWEEP_MIN_TURNS, now);
    let mut rng = ChaCha8Rng::seed_from_u64(5);
    let mut turns = 0;
    while brain.mode == Mode::Search {
        faction.start_turn(now);
        let s = senses_at(at, now, &hemmed);
        MemberTurn::new(&mut faction, &mut brain, &s).think(&mut rng);
        turns += 1;
        now += 0.8;
        assert!(
            turns <= 2 * super::super::plan::MAX_WAIT_TURNS + 2,
            "still searching: {:?}",
            brain.thought
        );
    }
    assert_eq!(brain.alert, None, "the news is given up with it");
}

#[test]
fn a_coarse_plans_way_beyond_its_stretch_is_priced_by_its_ground() {
    // The waypoints beyond a coarse plan's stretch are priced by their
    // coarse edges (the marsh they wade or the road they take), not a
    // straight step a waypoint: here 3 floor steps planned, then two
    // waypoints 10 cells on whose way costs 40 (a wade at four a cell).
    let (mut faction, _) = goblins_knowing(
        "@...............\n\
         ................",
    );
    let at = Pos::new(0, 0);
    let goal = Pos::new(13, 0);
    let mut brain = told(goal, 0.5);
    brain.plan = (1..=3).map(|x| Pos::new(x, 0)).collect();
    brain.plan_costs = vec![1.0; 3];
    brain.plan_goal = Some(goal);
    brain.coarse_route = vec![Pos::new(8, 0), goal];
    brain.coarse_route_cost = 40.0;
    let s = senses_at(at, 1.0, &nobody);
    let mut turn = MemberTurn::new(&mut faction, &mut brain, &s);
    let way = turn.way_length(goal).expect("a way");
    assert!((way - 43.0).abs() < 1e-9, "{way}: 3 steps and the wade");
}

#[test]
fn a_searcher_whose_way_outlasts_the_news_walks_it_while_it_leads_to_the_place() {
    // Saltmarsh-roads of unseen25, seed 4: a goblin told of the player 18
    // cells off took two steps, found its way west longer than the news
    // keeps, stood idle the rest of its floor of turns and gave up 16
    // cells from the place. Here the way is straight at the place: it
    // walks it during its floor, nearer at every step, then gives up.
    let rows = format!(
        "{}\n#@{}#\n{}",
        "#".repeat(62),
        ".".repeat(59),
        "#".repeat(62)
    );
    let (start, last_known) = (Pos::new(1, 1), Pos::new(55, 1));
    let (news_at, now) = (2.5, 22.0);
    let played = play_search(
        &rows,
        searching_for(last_known, news_at, 3, now),
        start,
        now,
        30.0,
        |_, _| {},
    );
    assert!(
        played.gave_up_at.is_some(),
        "it walked on past its floor: {:?}",
        played.cells
    );
    let end = *played.cells.last().expect("a cell");
    assert!(
        end.x >= start.x + 4,
        "it stood where it was: {:?}",
        played.cells
    );
    assert!(
        played
            .cells
            .windows(2)
            .all(|pair| pair[1].chebyshev(last_known) <= pair[0].chebyshev(last_known)),
        "a step away from the place: {:?}",
        played.cells
    );
}

#[test]
fn a_packmates_chase_is_weighed_by_the_listeners_way() {
    // Archer-grotto of unseen22, seed 4 with the evader: a goblin told of
    // the player by packmates that saw it, turn after turn, walked its way
    // round 20 actions away from the place and gave up 18 cells from it.
    // News of this very turn, shouted, over a way that takes 60 game time
    // of the news' 40: its way outlasts the news. Its own sighting of
    // this very turn it follows.
    let (mut faction, _) = goblins_knowing(&format!("@{}", ".".repeat(90)));
    let speed = faction.config().map(|c| c.speed).expect("goblins");
    let at = Pos::new(0, 0);
    let cells = (60.0 * speed).round() as i32;
    let goal = Pos::new(cells, 0);
    let now = 3.0;
    let walk = |brain: &mut Brain| {
        brain.mode = Mode::Search;
        brain.plan = (1..=cells).map(|x| Pos::new(x, 0)).collect();
        brain.plan_costs = vec![1.0; brain.plan.len()];
        brain.plan_goal = Some(goal);
    };
    let s = senses_at(at, now, &nobody);
    let mut heard = told(goal, now);
    walk(&mut heard);
    assert!(heard.chases(now).is_some(), "the fixture: a chase");
    let mut turn = MemberTurn::new(&mut faction, &mut heard, &s);
    assert!(
        turn.search_way_outlasts_news(Some(goal)),
        "a packmate's chase"
    );
    let mut seen = saw(goal, now);
    walk(&mut seen);
    let mut turn = MemberTurn::new(&mut faction, &mut seen, &s);
    assert!(
        !turn.search_way_outlasts_news(Some(goal)),
        "its own chase it follows"
    );
}

#[test]
fn shouted_news_is_taken_up_only_within_a_walk_that_leaves_the_look_about() {
    // Swamp seed 4 with the evader: a goblin told of the player 17 cells
    // off across the marsh set out round the ring road, reached the far
    // door as the news neared its end, and gave up there, 22 cells from
    // the place. A shout is heard as the crow flies; the way there is
    // walked. Here the way takes 30 game time of the news' 40: heard from
    // a packmate, too far to look about the place in time; seen itself,
    // it sets out as before.
    let (mut faction, _) = goblins_knowing(&format!("@{}", ".".repeat(80)));
    let speed = faction.config().map(|c| c.speed).expect("goblins");
    let at = Pos::new(0, 0);
    let cells = (30.0 * speed).round() as i32;
    let goal = Pos::new(cells, 0);
    let (news_at, now) = (1.0, 3.0);
    let walk = |brain: &mut Brain| {
        brain.mode = Mode::Search;
        brain.plan = (1..=cells).map(|x| Pos::new(x, 0)).collect();
        brain.plan_costs = vec![1.0; brain.plan.len()];
        brain.plan_goal = Some(goal);
    };
    let arrival = now + f64::from(cells) / speed;
    assert!(
        arrival > news_at + 40.0 - SWEEP_TIME && arrival < news_at + 40.0,
        "the fixture"
    );
    let mut heard = told(goal, news_at);
    walk(&mut heard);
    let s = senses_at(at, now, &nobody);
    let mut turn = MemberTurn::new(&mut faction, &mut heard, &s);
    assert!(
        !turn.search_way_outlasts_news(Some(goal)),
        "it gets there in the news' time"
    );
    assert!(
        turn.search_sets_out_too_late(Some(goal)),
        "but not to look about"
    );
    let mut seen = saw(goal, news_at);
    walk(&mut seen);
    let mut turn = MemberTurn::new(&mut faction, &mut seen, &s);
    assert!(
        !turn.search_sets_out_too_late(Some(goal)),
        "its own sighting it follows"
    );
}

/// A corridor forty-odd cells long: a searcher at its west end told of
/// the east end walks about thirty of its turns before it is about the
/// place, so the news, not its look about, ends the search.
const LONG_CORRIDOR: &str = "##############################################\n\
                             #@...........................................#\n\
                             ##############################################";

#[test]
fn shouts_of_the_same_place_after_the_search_began_do_not_lengthen_it() {
    // Long-galleries of unseen23, seed 3: a goblin took up news of 55,32 at
    // 328.7 and set out; a fleeing packmate watched the player stand there
    // until 330.7 and its shouts renewed the news, and the search lasted
    // 42.6 (cloister-doors of unseen25, seed 6 with the evader: a skeleton's
    // news moved a cell, 14,22 to 13,23, and its search lasted 47.6). Here:
    // it saw the player at 44,1 at 0.5 and searches from 1,1 from time 1.0
    // (a goblin's floor turn is 0.8: at 1.0 + 0.8k it is at 1+k, 1 while
    // its way is straight); until time 6 a packmate shouts the player a
    // cell from there, at 43,1, half a turn before each of its turns.
    let place = Pos::new(44, 1);
    let played = play_search(
        LONG_CORRIDOR,
        saw(place, 0.5),
        Pos::new(1, 1),
        1.0,
        80.0,
        |brain, now| {
            if now <= 6.0 {
                brain.hear_of_player(Pos::new(43, 1), now - 0.5, 9);
            }
        },
    );
    let gave_up = played.gave_up_at.expect("it gives the search up");
    let began = 1.0;
    assert!(
        gave_up - began <= crate::ai::brain::PURSUIT_MEMORY,
        "searched from {began} to {gave_up}: {:?}",
        played.cells
    );
    // Not sooner than the news of its first turn allows, but for the turn
    // its way to the spot it looks from would take past it.
    assert!(
        gave_up - began >= crate::ai::brain::PURSUIT_MEMORY - 2.0 * 0.8,
        "gave up at {gave_up}"
    );
}

#[test]
fn on_slow_ground_a_search_ends_on_its_last_turn_within_the_news() {
    // Fen-roads of unseen21, seed 3: a goblin in a swamp, 4.8 game time a
    // step, took its last search step at news 38.8 old and gave up a turn
    // later, its search 42.8 long. Here turns last 3.9 from time 1.0 (it saw
    // the player at 13,1 at 0.5; from 1,1 it walks a cell a turn, and looks
    // about from 7,1 at 24.4): past its floor of turns (its 11th, at 40.0)
    // it gives up on the turn after which its next would come past the
    // news (at 43.9).
    let place = Pos::new(13, 1);
    let turn = 3.9;
    let played = play_search_in_steps(
        LONG_CORRIDOR,
        saw(place, 0.5),
        (Pos::new(1, 1), 1.0),
        80.0,
        turn,
        |_, _| {},
    );
    let gave_up = played.gave_up_at.expect("it gives the search up");
    assert!(
        gave_up - 1.0 <= crate::ai::brain::PURSUIT_MEMORY,
        "gave up at {gave_up}"
    );
    assert!(
        gave_up + turn > 0.5 + crate::ai::brain::PURSUIT_MEMORY,
        "gave up at {gave_up}, a turn before it needed to"
    );
}

#[test]
fn on_slow_ground_a_search_lasts_its_floor_of_turns_within_the_news() {
    // Peat-causeways of unseen26, seed 2 with the evader: a wolf in the
    // bog, 7.5 game time a step, told of the player at 392.5 and again at
    // 400 of a cell three off, would give up after five turns if its search
    // were cut at 40 from its first: a flap. Here turns last 7.5 from time
    // 1.0 (it saw the player at 44,1 at 0.5), and news of 43,1 comes at 8.5:
    // the news, 40 from 8.5, keeps it to its sixth turn (38.5).
    let place = Pos::new(44, 1);
    let played = play_search_in_steps(
        LONG_CORRIDOR,
        saw(place, 0.5),
        (Pos::new(1, 1), 1.0),
        80.0,
        7.5,
        |brain, now| {
            if (now - 8.5).abs() < 1e-9 {
                brain.hear_of_player(Pos::new(43, 1), now, 9);
            }
        },
    );
    let gave_up = played.gave_up_at.expect("it gives the search up");
    assert!(gave_up > 38.5, "gave up at {gave_up}: {:?}", played.cells);
}

#[test]
fn on_slow_ground_a_search_told_from_afar_lasts_its_floor_of_turns() {
    // Fen-roads of unseen21, seed 4, turns 219-241: a goblin told of its
    // packmate's fight across the fen walked toward it 6.8 game time a
    // step; the packmate fell, its last shout went 40 old, and the goblin
    // went back to its stroll after 8 steps, 6 cells short of the place:
    // a flap. Here a packmate shouts the player at 20,1 at time 0 and a
    // cell on, at 19,1, at 14; the goblin walks from 1,1 a cell a turn,
    // 6.8 game time a turn from time 1 (it is never about the place:
    // within SEARCH_SPREAD of 19,1 only on its 13th turn, at 82.6). The
    // news is 40 old at 54, before its 9th turn (55.4): it searched 8.
    let (place, moved) = (Pos::new(20, 1), Pos::new(19, 1));
    let turn = 6.8;
    let played = play_search_in_steps(
        LONG_CORRIDOR,
        told(place, 0.0),
        (Pos::new(1, 1), 1.0),
        120.0,
        turn,
        |brain, now| {
            if (now - 14.6).abs() < 1e-9 {
                brain.hear_of_player(moved, 14.0, 9);
            }
        },
    );
    let gave_up = played.gave_up_at.expect("it gives the search up");
    // Its turns in search mode, and the one it gives up on: its floor.
    let searched = played.cells.len() - 1;
    assert!(
        searched + 1 >= super::SWEEP_MIN_TURNS as usize,
        "searched {searched} turns, giving up at {gave_up}: {:?}",
        played.cells
    );
    // Each of its turns a step on toward the place, never back.
    for pair in played.cells.windows(2) {
        assert!(
            pair[1].chebyshev(moved) < pair[0].chebyshev(moved),
            "{:?}",
            played.cells
        );
    }
    // And it does not search on past its floor with the news stale.
    assert!(
        searched <= super::SWEEP_MIN_TURNS as usize,
        "searched {searched} turns: {:?}",
        played.cells
    );
}

/// A hall of 40 by 15 cells, more ground than a member's flood
/// ([`FLOOD_CELLS`](super::super::reach::FLOOD_CELLS)) covers, and east
/// of its wall a pocket 4 cells wide, open to the hall at 41,8.
fn hall_and_pocket() -> String {
    let wall = "#".repeat(47);
    let mut rows = vec![wall.clone()];
    for y in 1..=15 {
        let first = if y == 1 { "@" } else { "." };
        let gap = if y == 8 { "." } else { "#" };
        rows.push(format!("#{first}{}{gap}....#", ".".repeat(39)));
    }
    rows.push(wall);
    rows.join("\n")
}

#[test]
fn a_member_told_of_a_place_in_closed_ground_does_not_take_the_search_up() {
    // Traced from warrens seed 5 with the evader, turn 120 (a giant rat
    // took up news of the player, stepped once while its plan ran, and
    // went back to its stroll: a flap; that player stood in a doorway,
    // which this rule leaves to the spots about it). A member whose own
    // ground is too wide to flood and whose plan is not answered at once
    // took up a place in closed ground the same way. Here a goblin in the
    // hall, whose planner has 30 nodes a turn, is told of the player in
    // the pocket just after its faction saw the way in, 41,8, closed: the
    // grid's islands are left stale by a cell that closes, so its plan is
    // not answered at once.
    let config = crate::config::MonsterConfig::shipped().unwrap();
    let mut goblins = config.faction("goblins").unwrap().clone();
    goblins.node_budget = 30;
    let level = crate::world::level::text::parse(&hall_and_pocket()).unwrap();
    let knowledge = crate::ai::knowledge::FactionKnowledge::omniscient(&level);
    let mut faction = crate::ai::faction::Faction::new(goblins.clone(), knowledge);
    faction.rebuild(goblins).unwrap();
    faction.observe(Pos::new(41, 8), crate::world::Terrain::Wall, 0.5);
    faction.sync_view();
    let mut rng = ChaCha8Rng::seed_from_u64(5);
    let (hall, pocket) = (Pos::new(20, 8), Pos::new(42, 3));
    // In the pocket; or on the way in, shut since, a cell it cannot
    // stand on: that it leaves to the spots about it.
    let (place, way_in) = (Pos::new(43, 8), Pos::new(41, 8));
    for (at, place, takes_it_up) in [
        (hall, place, false),
        (pocket, place, true),
        (hall, way_in, true),
    ] {
        faction.start_turn(1.0);
        let mut brain = told(place, 0.9);
        let s = senses_at(at, 1.0, &nobody);
        let intent = MemberTurn::new(&mut faction, &mut brain, &s).think(&mut rng);
        assert_eq!(
            brain.mode == Mode::Search,
            takes_it_up,
            "from {at:?} told of {place:?}: {:?}, {intent:?}",
            brain.mode
        );
        if !takes_it_up {
            assert_eq!(brain.alert, None, "the news is dropped with it");
        }
    }
}
