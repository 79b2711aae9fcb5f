//! Tests of a wanderer's life: strolls a body turns back, rests.

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

use super::super::tests::{goblins_knowing, paces_to_and_fro, packmate_at, senses};
use super::super::{Body, Intent, MemberTurn};
use crate::ai::brain::{Brain, Mode};
use crate::ai::coarse::MIN_GRAPH_STROLL;
use crate::ai::thought::Thought;
use gridpath::{AStar, Pos, SearchOptions, path_cost, steps_are_legal};

/// Open floor, 31 by 31.
fn open_floor() -> String {
    format!("@{}", vec![".".repeat(31); 31].join("\n")[1..].to_owned())
}

/// A stroll from `at` along `plan` ends at `target`, steps only where
/// steps are legal, and costs at most 1.5 times the cheapest way there
/// (`seed` names the case).
fn assert_a_cheap_stroll(
    faction: &crate::ai::faction::Faction,
    at: Pos,
    plan: &[Pos],
    target: Pos,
    seed: u64,
) {
    let grid = faction.grid().unwrap();
    let walk: Vec<Pos> = std::iter::once(at).chain(plan.iter().copied()).collect();
    assert_eq!(walk.last(), Some(&target), "seed {seed}");
    assert!(steps_are_legal(grid, at, &walk[1..]), "seed {seed}");
    let cost = path_cost(grid, &walk).unwrap();
    let cheapest = AStar::new()
        .find_path(grid, at, target, &SearchOptions::default())
        .unwrap()
        .unwrap()
        .cost;
    assert!(
        cost <= 1.5 * cheapest + 1e-9,
        "seed {seed}: {walk:?} costs {cost}, the cheapest {cheapest}"
    );
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
fn a_stroller_a_body_turns_back_goes_neither_past_it_nor_back_the_way_it_came() {
    // A room under a corridor, a doorway between them (3,1). The
    // stroller stepped in from the doorway onto 3,2 and strolls east; a
    // packmate that will not make way stands on 4,2. Turned back, it
    // strolls on in the room: back out through the doorway it went to
    // and fro between the room and the doorway (door-halls of unseen22,
    // seed 1, turn 23).
    let (mut faction, _) = goblins_knowing(
        "@...............\n\
         ###.############\n\
         #...........####\n\
         #...........####\n\
         #...........####\n\
         #...........####\n\
         ################",
    );
    let at = Pos::new(3, 2);
    let back = Pos::new(3, 1);
    let body = Pos::new(4, 2);
    let target = Pos::new(10, 2);
    let blocking = packmate_at(body, false);
    for far_from_player in [false, true] {
        let mut s = senses(at, &blocking);
        s.far_from_player = far_from_player;
        for seed in 0..40 {
            let mut rng = ChaCha8Rng::seed_from_u64(seed);
            let mut brain = Brain {
                mode: Mode::Wander,
                wander_target: Some(target),
                wander_until: 100.0,
                plan: (4..=10).map(|x| Pos::new(x, 2)).collect(),
                plan_goal: Some(target),
                goal: Some(target),
                came_from: Some(back),
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
            assert_ne!(to, back, "seed {seed}, far {far_from_player}");
        }
    }
}

#[test]
fn a_stroller_turned_back_in_a_corridor_asks_the_body_to_pass_rather_than_go_back() {
    // A corridor closed at both ends; the stroller stepped west from 9,1
    // onto 8,1 and strolls on west, a packmate that makes way on 7,1.
    // Back east it met the body at the other end and came back again, to
    // and fro (barracks-doors of unseen24 with the evader, seed 1, turns
    // 339-343): it asks the body to pass.
    let (mut faction, _) = goblins_knowing(
        "@###########\n\
         #..........#\n\
         ############",
    );
    let at = Pos::new(8, 1);
    let back = Pos::new(9, 1);
    let body = Pos::new(7, 1);
    let target = Pos::new(2, 1);
    let yielding = packmate_at(body, true);
    for far_from_player in [false, true] {
        let mut s = senses(at, &yielding);
        s.far_from_player = far_from_player;
        for seed in 0..10 {
            let mut rng = ChaCha8Rng::seed_from_u64(seed);
            let mut brain = Brain {
                mode: Mode::Wander,
                wander_target: Some(target),
                wander_until: 100.0,
                plan: (2..=7).rev().map(|x| Pos::new(x, 1)).collect(),
                plan_goal: Some(target),
                goal: Some(target),
                came_from: Some(back),
                came_strolling: true,
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
                "seed {seed}, far {far_from_player}"
            );
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

/// A room of 5 by 4 cells shut in by walls (its doors closed to a kind
/// that cannot open them), inside an 8 by 7 drawing.
const SMALL_ROOM: &str = "@#######\n\
                          ########\n\
                          ##.....#\n\
                          ##.....#\n\
                          ##.....#\n\
                          ##.....#\n\
                          ########";

#[test]
fn a_far_wanderer_strolls_on_after_a_short_stroll_and_loiters_once_it_strolled_a_while() {
    // It just got to the end of a stroll of 2 cells in a small room: it
    // strolls on, not stands (a loiter after every short stroll left
    // such wanderers standing about most of their actions). Once its
    // strolls add up to a stroll's worth, it loiters, for a while only.
    let (mut faction, _) = goblins_knowing(SMALL_ROOM);
    let at = Pos::new(4, 3);
    let mut s = senses(at, &|_| Body::Empty);
    s.far_from_player = true;
    for seed in 0..10 {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let arrived = Brain {
            mode: Mode::Wander,
            plan_goal: Some(at),
            strolled: 2,
            ..Brain::default()
        };
        let mut brain = arrived.clone();
        let intent = MemberTurn::new(&mut faction, &mut brain, &s).think(&mut rng);
        assert!(
            matches!(intent, Intent::Step { guided: true, .. }),
            "seed {seed}: {intent:?}"
        );
        assert!(brain.strolled > 2, "seed {seed}: its strolls add up");
        let mut brain = Brain {
            strolled: MIN_GRAPH_STROLL.unsigned_abs(),
            ..arrived
        };
        let intent = MemberTurn::new(&mut faction, &mut brain, &s).think(&mut rng);
        assert_eq!(intent, Intent::Loiter, "seed {seed}");
        assert!(brain.loiter_until > s.now && brain.loiter_until <= s.now + 24.0);
        assert_eq!(brain.strolled, 0);
    }
}

#[test]
fn a_far_wanderer_with_nowhere_to_stroll_rests_a_while_instead_of_waiting_each_turn() {
    // Shut in on one cell: no stroll. It loiters (one action for a
    // while) and looks again after, instead of a wait and a pick every
    // turn.
    let (mut faction, _) = goblins_knowing("@####\n#####\n##.##\n#####");
    let at = Pos::new(2, 2);
    let mut s = senses(at, &|_| Body::Empty);
    s.far_from_player = true;
    let mut rng = ChaCha8Rng::seed_from_u64(1);
    let mut brain = Brain {
        mode: Mode::Wander,
        ..Brain::default()
    };
    let intent = MemberTurn::new(&mut faction, &mut brain, &s).think(&mut rng);
    assert_eq!(intent, Intent::Loiter);
    assert_eq!(brain.thought, Thought::Loiters);
    assert!(brain.loiter_until > s.now && brain.loiter_until <= s.now + 24.0);
    // Its rest over, it looks again (and, still shut in, rests again).
    s.now = brain.loiter_until;
    let intent = MemberTurn::new(&mut faction, &mut brain, &s).think(&mut rng);
    assert_eq!(intent, Intent::Loiter);
    assert!(brain.loiter_until > s.now);
}

#[test]
fn a_far_wanderer_whose_every_walk_ends_behind_it_goes_back_the_cheapest_way() {
    // A small room it just stepped into from the west: walks along the
    // ground turn round the room and end behind it, and the cheapest way
    // to such an end sets out back. It walks no detour round the room:
    // its stroll costs at most half again the cheapest way to its end
    // (walked as drawn, such a walk cost two to five times it).
    let (mut faction, _) = goblins_knowing(SMALL_ROOM);
    let at = Pos::new(3, 3);
    let mut s = senses(at, &|_| Body::Empty);
    s.far_from_player = true;
    let mut strolls = 0;
    for seed in 0..20 {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let mut brain = Brain {
            mode: Mode::Wander,
            came_from: Some(Pos::new(2, 3)),
            ..Brain::default()
        };
        let intent = MemberTurn::new(&mut faction, &mut brain, &s).think(&mut rng);
        let Some(target) = brain.wander_target else {
            assert_eq!(intent, Intent::Loiter, "seed {seed}");
            continue;
        };
        strolls += 1;
        assert_a_cheap_stroll(&faction, at, &brain.raw_plan, target, seed);
    }
    assert!(strolls >= 10, "it strolls: {strolls} of 20");
}

#[test]
fn a_far_wanderer_in_a_closet_of_four_cells_neither_paces_two_nor_stands() {
    // On a level of cramped cells behind shut doors (made to check the
    // game, not shipped; seed 2, turns 39-60) a far rat in a closet of two
    // by two cells drew walks round the closet, each ending on the cell it
    // had just left; it went back its cheapest way, a step, and from there
    // the same: 73 A-B-A-B moves in 400 turns. Played over many turns, it
    // never paces, and it does not stand still either.
    const CLOSET: &str = "######\n\
                          #@.###\n\
                          #..###\n\
                          ######";
    let (mut faction, _) = goblins_knowing(CLOSET);
    for seed in 0..10 {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let mut at = Pos::new(1, 1);
        let mut brain = Brain {
            mode: Mode::Wander,
            ..Brain::default()
        };
        let mut cells = vec![at];
        for turn in 0..40 {
            let now = f64::from(turn);
            faction.start_turn(now);
            let mut s = senses(at, &|_| Body::Empty);
            s.now = now;
            s.far_from_player = true;
            let intent = MemberTurn::new(&mut faction, &mut brain, &s).think(&mut rng);
            if let Intent::Step { to, .. } = intent {
                brain.came_from = Some(at);
                at = to;
            }
            cells.push(at);
        }
        assert_eq!(paces_to_and_fro(&cells), None, "seed {seed}: {cells:?}");
        let moves = cells.windows(2).filter(|pair| pair[0] != pair[1]).count();
        assert!(moves >= 10, "seed {seed}: it stood: {cells:?}");
    }
}

/// Plays a far wanderer from `at` for `turns` turns (a time unit each),
/// stepping where it steps: the cells it stood on each turn, and its
/// strolls (the cells of each run of steps toward one wander target).
fn play_far_wanderer(
    faction: &mut crate::ai::faction::Faction,
    at: Pos,
    turns: u32,
    rng: &mut ChaCha8Rng,
) -> (Vec<Pos>, Vec<Vec<Pos>>) {
    let mut at = at;
    let mut brain = Brain {
        mode: Mode::Wander,
        ..Brain::default()
    };
    let mut cells = vec![at];
    let mut strolls: Vec<Vec<Pos>> = Vec::new();
    let mut walking = None;
    for turn in 0..turns {
        let now = f64::from(turn);
        faction.start_turn(now);
        let mut s = senses(at, &|_| Body::Empty);
        s.now = now;
        s.far_from_player = true;
        let intent = MemberTurn::new(faction, &mut brain, &s).think(rng);
        if let Intent::Step { to, .. } = intent {
            if walking != brain.wander_target || strolls.is_empty() {
                strolls.push(vec![at]);
                walking = brain.wander_target;
            }
            if let Some(stroll) = strolls.last_mut() {
                stroll.push(to);
            }
            brain.came_from = Some(at);
            at = to;
        } else {
            walking = None;
        }
        cells.push(at);
    }
    (cells, strolls)
}

#[test]
fn a_far_wanderer_shut_in_a_closet_walks_no_round_of_its_rim() {
    // A wolf shut in a cell of three by three (its doors shut, and wolves
    // open none: barracks of shut cells, seed 3, wolf 17 from 19,3 round
    // the rim by 19,2, 17,2, 17,4 to 19,4, turns 20-31) walked round the
    // rim to a cell beside where it began, four to thirteen times the
    // cheapest way between its ends, again and again. Played over many
    // turns, each of its strolls is a cheapest way (at most half again
    // dearer), it never paces, and it moves.
    const CLOSET: &str = "#######\n\
                          #@..###\n\
                          #...###\n\
                          #...###\n\
                          #######";
    let (mut faction, _) = goblins_knowing(CLOSET);
    let mut strolled = 0;
    for seed in 0..10 {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let (cells, strolls) = play_far_wanderer(&mut faction, Pos::new(2, 2), 80, &mut rng);
        assert_eq!(paces_to_and_fro(&cells), None, "seed {seed}: {cells:?}");
        let grid = faction.grid().unwrap();
        for stroll in &strolls {
            let (from, to) = (stroll[0], stroll[stroll.len() - 1]);
            let walked = path_cost(grid, stroll).unwrap();
            let cheapest = AStar::new()
                .find_path(grid, from, to, &SearchOptions::default())
                .unwrap()
                .map_or(0.0, |path| path.cost);
            assert!(
                walked <= 1.5 * cheapest + 1e-9,
                "seed {seed}: {stroll:?} costs {walked}, the cheapest {cheapest}"
            );
        }
        strolled += strolls.len();
        let moves = cells.windows(2).filter(|pair| pair[0] != pair[1]).count();
        assert!(moves >= 10, "seed {seed}: it stood: {cells:?}");
    }
    assert!(strolled >= 30, "it strolls: {strolled} strolls");
}

#[test]
fn a_way_ahead_in_a_closet_never_goes_over_a_packmate_resting_mid_closet() {
    // Two rats in a cell of three by three, one resting in the middle
    // (a closet far east of the start, played at 80x24, seed 5): the
    // other's cheapest way across the closet went over the resting one,
    // and walked round it, the way was a round of the rim. Its way ahead
    // goes round no body: with the middle free some ways cross it, with
    // a body there none does, and each is still a cheapest way past it.
    const CLOSET: &str = "#######\n\
                          #@..###\n\
                          #...###\n\
                          #...###\n\
                          #######";
    let (mut faction, _) = goblins_knowing(CLOSET);
    let (at, back, middle) = (Pos::new(1, 1), Pos::new(2, 1), Pos::new(2, 2));
    let mut crossed = 0;
    for seed in 0..20_u32 {
        faction.start_turn(f64::from(seed));
        let seed = u64::from(seed);
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let way = faction.way_ahead(at, back, 1.0, &|_| true, &mut rng);
        crossed += usize::from(way.is_some_and(|way| way.contains(&middle)));
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let way = faction
            .way_ahead(at, back, 1.0, &|cell| cell != middle, &mut rng)
            .unwrap();
        assert!(
            !way.contains(&middle) && !way.contains(&back),
            "seed {seed}: {way:?}"
        );
        assert!(
            steps_are_legal(faction.grid().unwrap(), at, &way[1..]),
            "seed {seed}"
        );
    }
    assert!(crossed > 0, "with the middle free, a way crosses it");
}

#[test]
fn a_hurt_member_lying_low_in_a_dead_end_does_not_stroll_back_into_sight_and_flee_again() {
    // Maze with the evader, seed 2, turns 253-295 (and depth 5, seed 6):
    // a goblin at 2 of 7 hit points fled into the dead end 9,19 and lay
    // low there; the player stood on at 11,21, in sight of the dead end's
    // mouth 9,20. Its rest over, every stroll out of the dead end began
    // back onto 9,20: a step there, the player in sight, it fled back, lay
    // low, and again, 6 A-B-A-B moves on the same news. Here the dead end
    // is 2,1, its mouth 2,2 in sight of the player at 4,3 (the dead end
    // out of it); the member is hurt and does not heal. Shaken, near the
    // player, it lies low on rather than set out back the way it came.
    const DEAD_END: &str = "#######\n\
                            ##.####\n\
                            ##.####\n\
                            ##..@.#\n\
                            #######";
    let (mut faction, _) = goblins_knowing(DEAD_END);
    let (player, dead_end, mouth) = (Pos::new(4, 3), Pos::new(2, 1), Pos::new(2, 2));
    assert!(
        faction.believes_seen_from(mouth, player),
        "the mouth is in sight"
    );
    assert!(
        !faction.believes_seen_from(dead_end, player),
        "the dead end is not"
    );
    let body_at = |cell: Pos| {
        if cell == player {
            Body::Player
        } else {
            Body::Empty
        }
    };
    for seed in 0..8 {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let mut brain = Brain::default();
        let (mut at, mut now) = (mouth, 1.0);
        let mut cells = vec![at];
        while now < 80.0 {
            faction.start_turn(now);
            let seen = faction.believes_seen_from(at, player).then_some(player);
            if seen.is_some() {
                faction.note_sighting(player, now);
            }
            let mut s = senses(at, &body_at);
            s.now = now;
            s.turn = (now / 0.8) as u64;
            s.player_seen = seen;
            s.health = 0.2;
            let intent = MemberTurn::new(&mut faction, &mut brain, &s).think(&mut rng);
            if let Intent::Step { to, .. } = intent {
                brain.came_from = Some(at);
                at = to;
            }
            cells.push(at);
            now += 0.8;
        }
        assert!(cells.contains(&dead_end), "seed {seed}: it fled {cells:?}");
        assert_eq!(
            paces_to_and_fro(&cells),
            None,
            "seed {seed}: {:?}",
            cells.iter().map(|c| (c.x, c.y)).collect::<Vec<_>>()
        );
    }
}

/// A one-wide corridor from 1,1 to 29,1 and, from its middle 15,1, a side
/// passage down to 15,13 (rock about both), inside a 31 by 15 drawing.
fn corridor_with_a_side_passage() -> String {
    (0..15)
        .map(|y| {
            (0..31)
                .map(|x| match (x, y) {
                    (0, 0) => '@',
                    (1..=29, 1) | (15, 2..=13) => '.',
                    _ => '#',
                })
                .collect::<String>()
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// A wanderer that just strolled to `at` from `came_from`.
fn arrived_from(at: Pos, came_from: Pos) -> Brain {
    Brain {
        mode: Mode::Wander,
        came_from: Some(came_from),
        came_strolling: true,
        plan_goal: Some(at),
        ..Brain::default()
    }
}

/// Plays a near wanderer (no body about, the player out of the way) at
/// `at`, come from `came_from`, for up to `turns` turns of 0.8 game time:
/// its cell after each, from `at`.
fn near_wanderer_cells(drawing: &str, at: Pos, came_from: Pos, turns: u32, seed: u64) -> Vec<Pos> {
    let (mut faction, _) = goblins_knowing(drawing);
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut brain = arrived_from(at, came_from);
    let mut at = at;
    let mut cells = vec![at];
    for turn in 0..turns {
        let now = 1.0 + 0.8 * f64::from(turn);
        faction.start_turn(now);
        let mut s = senses(at, &|_| Body::Empty);
        s.now = now;
        s.turn = u64::from(turn) + 1;
        if let Intent::Step { to, .. } =
            MemberTurn::new(&mut faction, &mut brain, &s).think(&mut rng)
        {
            brain.came_from = Some(at);
            at = to;
        }
        cells.push(at);
    }
    cells
}

#[test]
fn a_near_stroller_come_up_a_side_passage_walks_on_along_the_corridor() {
    // Maze seed 1, turns 169-171 (and seed 2, 124-131): a rat near the
    // player came up a side passage (33,2) onto the maze's top corridor
    // (33,1). Its spots drawn at random fell on rock or behind it, so it
    // concluded nothing lay ahead, forgot the way it came and stepped back
    // down: an A-B-A-B. Here it stands where the side passage meets the
    // corridor, come up it: its first step is along the corridor, east or
    // west, and its stroll costs no more than half again the cheapest way
    // to its end.
    let drawing = corridor_with_a_side_passage();
    let (at, back) = (Pos::new(15, 1), Pos::new(15, 2));
    let (faction, _) = goblins_knowing(&drawing);
    let grid = faction.grid().unwrap();
    for seed in 0..20 {
        let cells = near_wanderer_cells(&drawing, at, back, 12, seed);
        let walked: Vec<Pos> = cells.iter().copied().fold(Vec::new(), |mut walked, cell| {
            if walked.last() != Some(&cell) {
                walked.push(cell);
            }
            walked
        });
        assert!(walked.len() > 1, "seed {seed}: it stood: {cells:?}");
        assert_ne!(walked[1], back, "seed {seed}: back down: {cells:?}");
        assert_eq!(walked[1].y, 1, "seed {seed}: {cells:?}");
        // Its stroll along the corridor goes on, never back over a cell.
        let leg: Vec<Pos> = walked.iter().copied().take_while(|c| c.y == 1).collect();
        let end = *leg.last().unwrap();
        let cheapest = AStar::new()
            .find_path(grid, at, end, &SearchOptions::default())
            .unwrap()
            .unwrap()
            .cost;
        assert!(
            path_cost(grid, &leg).unwrap() <= 1.5 * cheapest + 1e-9,
            "seed {seed}: {leg:?}"
        );
        assert_eq!(paces_to_and_fro(&cells), None, "seed {seed}: {cells:?}");
    }
}

#[test]
fn a_near_stroller_whose_planned_way_sets_out_back_walks_on_ahead_at_once() {
    // Shut-cells (unseen21) at depth 5, seed 3, turns 219-220: a rat come
    // west from 36,14 to 35,14 drew a spot whose way set out back east. It
    // dropped the stroll and, with the way it came forgotten, drew another
    // (33,7) whose way set out back too, and stepped back: A-B-A-B. Here it
    // stepped west along a corridor from 21,1 to 20,1 and strolls to 25,1,
    // behind it: the way there sets out back. It walks on west this same
    // turn, and still knows the way it came.
    let drawing = corridor_with_a_side_passage();
    let (at, back, behind) = (Pos::new(20, 1), Pos::new(21, 1), Pos::new(25, 1));
    let empty = |_: Pos| Body::Empty;
    let s = senses(at, &empty);
    for seed in 0..20 {
        let (mut faction, _) = goblins_knowing(&drawing);
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let mut brain = Brain {
            mode: Mode::Wander,
            wander_target: Some(behind),
            wander_until: 100.0,
            came_from: Some(back),
            came_strolling: true,
            ..Brain::default()
        };
        let intent = MemberTurn::new(&mut faction, &mut brain, &s).think(&mut rng);
        assert!(
            matches!(intent, Intent::Step { to, .. } if to == Pos::new(19, 1)),
            "seed {seed}: {intent:?} ({:?})",
            brain.thought
        );
        assert_eq!(brain.came_from, Some(back), "seed {seed}");
    }
}

#[test]
fn a_near_stroller_at_a_dead_end_rests_there_then_goes_back() {
    // Nothing lies ahead at the end of a dead end (1,1, come from 2,1):
    // it rests a while where it stands (a creature may rest), not a wait
    // and a pick every turn, and then goes back out, once: no A-B-A-B.
    let drawing = "@#########\n\
                   #.........\n\
                   ##########";
    let (mut faction, _) = goblins_knowing(drawing);
    let (at, back) = (Pos::new(1, 1), Pos::new(2, 1));
    let empty = |_: Pos| Body::Empty;
    let s = senses(at, &empty);
    let mut rng = ChaCha8Rng::seed_from_u64(1);
    let mut brain = arrived_from(at, back);
    let intent = MemberTurn::new(&mut faction, &mut brain, &s).think(&mut rng);
    assert_eq!(intent, Intent::Wait);
    assert_eq!(brain.thought, Thought::Loiters);
    assert!(
        brain.loiter_until > s.now,
        "it rests: {}",
        brain.loiter_until
    );
    for seed in 0..10 {
        let cells = near_wanderer_cells(drawing, at, back, 40, seed);
        assert!(cells.contains(&back), "seed {seed}: it stayed: {cells:?}");
        assert_eq!(paces_to_and_fro(&cells), None, "seed {seed}: {cells:?}");
    }
}

#[test]
fn a_near_stroller_in_a_closet_of_four_cells_walks_round_rather_than_pace_two() {
    // Shut-cells (unseen21) at depth 5, seed 1, turns 9-23: a rat near the
    // player shut in a closet of two by two cells (doors it cannot open)
    // found every walk's cheapest way set out back, rested, went back a
    // step, rested, and stepped again: A-B-A-B. It walks round the closet
    // as a far one does, resting between its strolls.
    const CLOSET: &str = "######\n\
                          #@.###\n\
                          #..###\n\
                          ######";
    let (at, back) = (Pos::new(2, 2), Pos::new(2, 1));
    for seed in 0..10 {
        let cells = near_wanderer_cells(CLOSET, at, back, 60, seed);
        assert_eq!(paces_to_and_fro(&cells), None, "seed {seed}: {cells:?}");
        let moves = cells.windows(2).filter(|pair| pair[0] != pair[1]).count();
        assert!(moves >= 6, "seed {seed}: it stood: {cells:?}");
    }
}

#[test]
fn a_near_stroller_round_a_pillar_walks_no_round_dearer_than_its_way() {
    // Rooms seeds 1-4: a rat near the player walked round a room as
    // drawn, a closet's round, and ended beside where it began (55,15 to
    // 55,16 in 10 moves, seed 1 turn 330): 6 of 92 wandering legs cost
    // over 1.5 times the cheapest way between their ends. Here a ring of
    // 12 cells round a pillar; it came north from 1,4 to 1,3, and the way
    // to its stroll's spot, 3,4, set out back: it walks on. A walk round
    // the ring ends behind it; every stroll it takes costs at most half
    // again the cheapest way to its end.
    const RING: &str = "@#####\n\
                        #....#\n\
                        #.##.#\n\
                        #.##.#\n\
                        #....#\n\
                        ######";
    let (at, back, behind) = (Pos::new(1, 3), Pos::new(1, 4), Pos::new(3, 4));
    let s = senses(at, &|_| Body::Empty);
    let mut strolls = 0;
    for seed in 0..40 {
        let (mut faction, _) = goblins_knowing(RING);
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let mut brain = Brain {
            wander_target: Some(behind),
            wander_until: 100.0,
            ..arrived_from(at, back)
        };
        MemberTurn::new(&mut faction, &mut brain, &s).think(&mut rng);
        let Some(target) = brain.wander_target.filter(|&t| t != behind) else {
            continue;
        };
        strolls += 1;
        assert_a_cheap_stroll(&faction, at, &brain.raw_plan, target, seed);
    }
    assert!(strolls >= 10, "it strolls: {strolls} of 40");
}

#[test]
fn only_a_wanderer_far_from_the_player_waits_its_turn_for_a_first_stroll() {
    use super::{FIRST_STROLL_SPREAD, stagger_first_stroll};
    use crate::ai::monster_turn::FAR_FROM_PLAYER;
    let player = Pos::new(0, 0);
    let far = Pos::new(FAR_FROM_PLAYER + 1, 3);
    let near = Pos::new(FAR_FROM_PLAYER, 3);
    let actor = FIRST_STROLL_SPREAD + 5;
    // Entered at time 7: the far wanderer loiters 5 turns (its id's
    // remainder), the near one and a hunter set out at once.
    let mut wanderer = Brain::default();
    stagger_first_stroll(&mut wanderer, actor, far, player, 7.0, true);
    assert_eq!(wanderer.loiter_until, 12.0);
    let mut near_one = Brain::default();
    stagger_first_stroll(&mut near_one, actor, near, player, 7.0, true);
    assert_eq!(near_one.loiter_until, 0.0);
    let mut hunter = Brain {
        mode: Mode::Hunt,
        ..Brain::default()
    };
    stagger_first_stroll(&mut hunter, actor, far, player, 7.0, true);
    assert_eq!(hunter.loiter_until, 0.0);
    // On a level with few far wanderers, none waits.
    let mut few = Brain::default();
    stagger_first_stroll(&mut few, actor, far, player, 7.0, false);
    assert_eq!(few.loiter_until, 0.0);
}
