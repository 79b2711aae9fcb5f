//! Tests of the monster turn: looks, strolls, passing packmates, plans
//! kept and redone, flight.

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

use super::adopt::splice;
use super::pack::SPOT_SLACK;
use super::plan::{MAX_INVESTIGATE_WAIT_TURNS, MAX_WAIT_TURNS};
use super::wander::MIN_STROLL;
use super::*;
use crate::ai::brain::PlanSource;
use crate::ai::counters::ReplanReason;
use crate::ai::knowledge::FactionKnowledge;
use crate::ai::planner::{Finished, PlanOutcome};
use crate::ai::sight::Viewpoint;
use crate::ai::turn_outcome::{Happened, TurnOutcome, conclude};
use crate::config::MonsterConfig;
use crate::world::Level;
use crate::world::{Terrain, level};

/// Goblins that know the level drawn in `rows` (`@` marks a floor cell).
pub(super) fn goblins_knowing(rows: &str) -> (Faction, Level) {
    let config = MonsterConfig::shipped().unwrap();
    let goblins = config.faction("goblins").unwrap().clone();
    let level = level::text::parse(rows).unwrap();
    let mut faction = Faction::new(goblins.clone(), FactionKnowledge::omniscient(&level));
    faction.rebuild(goblins).unwrap();
    faction.start_turn(0.0);
    (faction, level)
}

/// Whether `cells` (a monster's cell after each turn) hold a step, its
/// step straight back, then the same step again: an A-B-A-B.
pub(super) fn paces_to_and_fro(cells: &[Pos]) -> Option<usize> {
    let moves: Vec<(Pos, Pos)> = cells
        .windows(2)
        .filter(|pair| pair[0] != pair[1])
        .map(|pair| (pair[0], pair[1]))
        .collect();
    moves
        .windows(3)
        .position(|m| m[0] == m[2] && m[1] == (m[0].1, m[0].0))
}

pub(super) fn senses<'a>(at: Pos, body_at: &'a dyn Fn(Pos) -> Body) -> Senses<'a> {
    Senses {
        actor: 1,
        at,
        now: 1.0,
        turn: 1,
        player_seen: None,
        health: 1.0,
        far_from_player: false,
        body_at,
        awaited_at: &|_| None,
        smoke_at: &|_| false,
        shooter: None,
        fight_turns: FALLBACK_FIGHT_TURNS,
    }
}

fn empty(_: Pos) -> Body {
    Body::Empty
}

#[test]
fn a_wanderer_far_from_the_player_looks_every_few_cells() {
    let (faction, _) = goblins_knowing("@......\n");
    let viewpoint = |x: i32, far_from_player: bool| Viewpoint {
        actor: 1,
        at: Pos::new(x, 0),
        now: 1.0,
        level_version: 0,
        changed_in_sight: 0,
        far_from_player,
        sees_player: false,
    };
    let brain = Brain {
        looked_from: Some((Pos::new(0, 0), 0)),
        ..Brain::default()
    };
    let radius = faction.config().map(|c| c.sight_radius);
    // Near the player: every other cell.
    assert_eq!(view_radius(&faction, &brain, &viewpoint(1, false)), None);
    assert_eq!(view_radius(&faction, &brain, &viewpoint(2, false)), radius);
    // Far from it: once it walked as far as it sees.
    let sight = radius.unwrap() as i32;
    assert_eq!(view_radius(&faction, &brain, &viewpoint(2, true)), None);
    assert_eq!(
        view_radius(&faction, &brain, &viewpoint(sight - 1, true)),
        None
    );
    assert_eq!(
        view_radius(&faction, &brain, &viewpoint(sight, true)),
        radius
    );
    // A wanderer that sees the player looks now, a step after its last
    // look: its hunt is planned next, on what its faction knows then.
    let seeing = |x: i32| Viewpoint {
        sees_player: true,
        ..viewpoint(x, false)
    };
    assert_eq!(view_radius(&faction, &brain, &seeing(1)), radius);
    // Closing in, it looks every step wherever it is.
    let hunting = Brain {
        mode: Mode::Hunt,
        ..brain
    };
    assert_eq!(view_radius(&faction, &hunting, &viewpoint(1, true)), radius);
    assert!(far_from_player(
        Pos::new(0, 0),
        Pos::new(FAR_FROM_PLAYER + 1, 3)
    ));
    assert!(!far_from_player(
        Pos::new(0, 0),
        Pos::new(FAR_FROM_PLAYER, 3)
    ));
}

#[test]
fn only_a_change_in_sight_makes_a_monster_look_again_from_where_it_stands() {
    let (faction, _) = goblins_knowing("@......\n");
    let at = Pos::new(3, 0);
    let brain = Brain {
        looked_from: Some((at, 5)),
        ..Brain::default()
    };
    let viewpoint = |changed_in_sight| Viewpoint {
        actor: 1,
        at,
        now: 1.0,
        // The level changed since (a door across the level, say).
        level_version: 9,
        changed_in_sight,
        far_from_player: false,
        sees_player: false,
    };
    assert_eq!(view_radius(&faction, &brain, &viewpoint(0)), None);
    assert_eq!(view_radius(&faction, &brain, &viewpoint(5)), None);
    let radius = faction.config().map(|c| c.sight_radius);
    assert_eq!(view_radius(&faction, &brain, &viewpoint(6)), radius);
    // A wanderer a step on looks again too once its sight changed.
    let stepped = Brain {
        looked_from: Some((Pos::new(2, 0), 5)),
        ..Brain::default()
    };
    assert_eq!(view_radius(&faction, &stepped, &viewpoint(5)), None);
    assert_eq!(view_radius(&faction, &stepped, &viewpoint(9)), radius);
}

/// A monster at 1,1 planning east along row 1 to 5,1.
/// A member investigating something east of it (a stroller would turn
/// back from a packmate instead of passing it).
fn heading_east() -> Brain {
    Brain {
        mode: Mode::Investigate,
        plan: vec![Pos::new(2, 1), Pos::new(3, 1)],
        goal: Some(Pos::new(5, 1)),
        ..Brain::default()
    }
}

/// Nobody about but one packmate at `at`.
pub(super) fn packmate_at(at: Pos, yields: bool) -> impl Fn(Pos) -> Body {
    move |p| {
        if p == at {
            Body::Packmate {
                yields,
                keeps_place: false,
                hunts: false,
            }
        } else {
            Body::Empty
        }
    }
}

#[test]
fn a_stroller_that_meets_a_packmate_strolls_elsewhere_instead_of_passing() {
    let (mut faction, _) = goblins_knowing("@.....\n......\n......");
    let mut brain = Brain {
        mode: Mode::Wander,
        wander_target: Some(Pos::new(5, 1)),
        ..heading_east()
    };
    let yielding = packmate_at(Pos::new(2, 1), true);
    let intent = MemberTurn::new(&mut faction, &mut brain, &senses(Pos::new(1, 1), &yielding))
        .step_along(Pos::new(2, 1));
    assert_eq!(intent, Intent::Wait);
    assert_eq!(brain.thought, Thought::TurnsBack(Pos::new(2, 1)));
    assert_eq!(brain.wander_target, None);
    assert!(brain.plan.is_empty());
}

/// A hunter whose way runs through the packmate fighting the player from
/// a corridor waits its turn for a cell next to the player from its
/// first turn behind it, not only once its way round stalls (twin-halls,
/// depth 5, seed 8: wolf 4 stood behind the fighter in the doorway from
/// turn 8 but queued only at turn 12, after wolf 7).
#[test]
fn a_hunter_held_behind_the_fighter_queues_from_its_first_turn_there() {
    // Hunter at 1,1, the fighter at 2,1, the player at 3,1: one wide.
    let (mut faction, _) = goblins_knowing(
        "#####\n\
         #..@#\n\
         #####",
    );
    let (at, fighter, player) = (Pos::new(1, 1), Pos::new(2, 1), Pos::new(3, 1));
    let mut brain = Brain {
        mode: Mode::Hunt,
        plan: vec![fighter, player],
        goal: Some(player),
        ..Brain::default()
    };
    let fighting = packmate_at(fighter, false);
    let mut s = senses(at, &fighting);
    s.player_seen = Some(player);
    s.now = 2.0;
    let intent = MemberTurn::new(&mut faction, &mut brain, &s).step_along(fighter);
    assert_eq!(intent, Intent::Wait);
    assert_eq!(brain.thought, Thought::BlockedByPackmate(fighter));
    // Queued at time 2 (actor 1): ahead of one that asks at time 3.
    let queued: Vec<(usize, f64)> = faction
        .spots()
        .waited_longer(usize::MAX, player, 3.0)
        .map(|(actor, w)| (actor, w.since))
        .collect();
    assert_eq!(queued, vec![(1, 2.0)]);
}

#[test]
fn a_packmate_that_makes_way_is_swapped_with_and_one_that_does_not_is_walked_round() {
    let (mut faction, _) = goblins_knowing(
        "@.....\n\
         ......\n\
         ......",
    );
    let mut brain = heading_east();
    let yielding = packmate_at(Pos::new(2, 1), true);
    let at = Pos::new(1, 1);
    assert_eq!(
        MemberTurn::new(&mut faction, &mut brain, &senses(at, &yielding))
            .step_along(Pos::new(2, 1)),
        Intent::Step {
            to: Pos::new(2, 1),
            swap: true,
            guided: true
        }
    );
    let fighting = packmate_at(Pos::new(2, 1), false);
    let Intent::Step {
        to, swap: false, ..
    } = MemberTurn::new(&mut faction, &mut brain, &senses(at, &fighting))
        .step_along(Pos::new(2, 1))
    else {
        panic!("expected a sidestep");
    };
    assert!(
        is_adjacent(to, Pos::new(3, 1)) && to != Pos::new(2, 1),
        "{to}"
    );
    assert_eq!(brain.plan[0], to, "the plan goes on from the side cell");
    assert_eq!(brain.thought, Thought::Sidesteps(to));
}

/// First come, first served for a cell on the way: the packmate that stood
/// behind the body holding it gets it when it comes free, not the one
/// that came up beside the queue since (pillar-cavern, evader, seed 4,
/// turn 115: goblin 7 stepped into 69,31 the moment goblin 4 moved on,
/// ahead of goblin 5, which had waited 9 actions behind it).
#[test]
fn a_cell_a_packmate_waited_for_is_left_to_it_when_it_comes_free() {
    // The holder just moved on west from the freed cell (3,1); the waiter
    // at 4,1 stood behind it; this member came up from the south, at 3,2,
    // its way through the freed cell.
    let (mut faction, _) = goblins_knowing(
        "#######\n\
         #....@#\n\
         ###.###\n\
         ###.###",
    );
    let (freed, waiter, at) = (Pos::new(3, 1), Pos::new(4, 1), Pos::new(3, 2));
    let arriving = || Brain {
        mode: Mode::Hunt,
        plan: vec![freed, Pos::new(2, 1)],
        goal: Some(Pos::new(1, 1)),
        ..Brain::default()
    };
    let waited = |turns| {
        move |cell: Pos| {
            (cell == waiter).then_some(crate::ai::give_way::WaitFor { cell: freed, turns })
        }
    };
    let stood_nine = waited(9);
    let step_onto_freed = Intent::Step {
        to: freed,
        swap: false,
        guided: true,
    };
    let turn = |brain: &mut Brain, faction: &mut Faction, awaited: &dyn Fn(Pos) -> Option<_>| {
        let senses = Senses {
            awaited_at: awaited,
            ..senses(at, &empty)
        };
        MemberTurn::new(faction, brain, &senses).step_along(freed)
    };
    let mut brain = arriving();
    assert_eq!(turn(&mut brain, &mut faction, &stood_nine), Intent::Wait);
    assert_eq!(brain.thought, Thought::LeavesCellToPackmate { cell: freed });
    // Nobody waited for it: it steps in.
    let mut brain = arriving();
    assert_eq!(turn(&mut brain, &mut faction, &|_| None), step_onto_freed);
    // It waited longer itself (10 stalled turns against 9): it steps in.
    let mut brain = Brain {
        stall_turns: 10,
        ..arriving()
    };
    assert_eq!(turn(&mut brain, &mut faction, &stood_nine), step_onto_freed);
    // The waiter's own turn: nobody else waits for the cell, in it goes.
    let mut waiting = Brain {
        stall_turns: 9,
        thought: Thought::BlockedByPackmate(freed),
        ..arriving()
    };
    assert_eq!(
        crate::ai::give_way::awaits(&waiting),
        Some(crate::ai::give_way::WaitFor {
            cell: freed,
            turns: 9
        })
    );
    let own = Senses {
        awaited_at: &|_| None,
        ..senses(waiter, &empty)
    };
    assert_eq!(
        MemberTurn::new(&mut faction, &mut waiting, &own).step_along(freed),
        step_onto_freed
    );
}

#[test]
fn boxed_in_by_a_fighting_packmate_it_waits_and_says_why() {
    let (mut faction, _) = goblins_knowing(
        "@#####\n\
         ......\n\
         ######",
    );
    let mut brain = Brain {
        mode: Mode::Search,
        ..heading_east()
    };
    let fighting = packmate_at(Pos::new(2, 1), false);
    let at = Pos::new(1, 1);
    let intent = MemberTurn::new(&mut faction, &mut brain, &senses(at, &fighting))
        .step_along(Pos::new(2, 1));
    assert_eq!(intent, Intent::Wait);
    assert_eq!(
        brain.thought.describe("goblins"),
        "waiting: packmate blocks 2,1"
    );
    // Three stalled turns: the next plan goes round the packmates.
    for _ in 0..STALL_PATIENCE {
        let outcome = crate::ai::TurnOutcome {
            started_at: at,
            happened: crate::ai::Happened::Waited,
            now: 1.0,
        };
        crate::ai::conclude(&mut faction, &mut brain, outcome, |_| None);
    }
    assert_eq!(faction.counters().longest_stall, STALL_PATIENCE);
    assert_eq!(
        MemberTurn::new(&mut faction, &mut brain, &senses(at, &fighting))
            .plan_problem(Pos::new(5, 1)),
        Some(ReplanReason::Stalled)
    );
}

#[test]
fn a_plan_through_a_cell_now_known_blocked_or_dearer_is_redone() {
    let (mut faction, _) = goblins_knowing(
        "@.........\n\
         ..........",
    );
    let at = Pos::new(0, 0);
    let goal = Pos::new(9, 0);
    let mut brain = Brain {
        plan: (1..=9).map(|x| Pos::new(x, 0)).collect(),
        plan_costs: vec![1.0; 9],
        plan_goal: Some(goal),
        goal: Some(goal),
        ..Brain::default()
    };
    let s = senses(at, &empty);
    assert_eq!(
        MemberTurn::new(&mut faction, &mut brain, &s).plan_problem(goal),
        None
    );
    // The "floor" two cells ahead turns out to be swamp (6 for goblins).
    faction.observe(Pos::new(2, 0), Terrain::Swamp, 1.0);
    assert_eq!(
        MemberTurn::new(&mut faction, &mut brain, &s).plan_problem(goal),
        Some(ReplanReason::CostSurprise)
    );
    // And one further on, a wall (it reaches the grid as thinking
    // begins).
    faction.observe(Pos::new(6, 0), Terrain::Wall, 1.0);
    faction.sync_view();
    assert_eq!(
        MemberTurn::new(&mut faction, &mut brain, &s).plan_problem(goal),
        Some(ReplanReason::Blocked)
    );
}

#[test]
fn a_found_path_is_joined_to_where_the_monster_stepped_meanwhile() {
    let (faction, _) = goblins_knowing("@......\n.......");
    let grid = faction.grid().unwrap();
    let path: Vec<Pos> = (0..7).map(|x| Pos::new(x, 0)).collect();
    // It stepped onto the path's second cell.
    assert_eq!(
        splice(grid, Pos::new(1, 0), &path).unwrap(),
        path[2..].to_vec()
    );
    // It stepped beside the path: it rejoins at the furthest cell next
    // to it.
    assert_eq!(
        splice(grid, Pos::new(1, 1), &path).unwrap(),
        path[2..].to_vec()
    );
    assert_eq!(splice(grid, Pos::new(6, 1), &path[..3]), None);
}

/// A field with a wall across its middle row: a hunter at 0,0, the player
/// it hunts at 15,2 beyond the wall.
const WALL_IN_THE_FIELD: &str = "@...............\n\
                                 ....#######.....\n\
                                 ................";

#[test]
fn hunters_follow_the_faction_s_shared_field_and_near_ones_plan_alone() {
    let (mut faction, _) = goblins_knowing(WALL_IN_THE_FIELD);
    let mut rng = ChaCha8Rng::seed_from_u64(1);
    let player = Pos::new(15, 2);
    let mut far = Brain::default();
    let mut s = senses(Pos::new(0, 0), &empty);
    s.player_seen = Some(player);
    let intent = MemberTurn::new(&mut faction, &mut far, &s).think(&mut rng);
    assert!(matches!(intent, Intent::Step { .. }), "{intent:?}");
    assert_eq!(far.thought, Thought::FollowingField { target: player });
    assert_eq!(faction.counters().shared_fields, 1);
    // A packmate elsewhere uses the same field: no new one.
    let mut other = Brain::default();
    s.at = Pos::new(2, 2);
    MemberTurn::new(&mut faction, &mut other, &s).think(&mut rng);
    assert_eq!(faction.counters().shared_fields, 1);
    assert_eq!(faction.planner_stats().searches, 0, "no A* for the hunt");
    // Within four cells it plans alone to a free cell next to the
    // player, which it holds (the open floor between them is a
    // cheapest path: no search either).
    let mut near = Brain::default();
    s.at = Pos::new(12, 2);
    s.actor = 2;
    MemberTurn::new(&mut faction, &mut near, &s).think(&mut rng);
    let beside = Pos::new(14, 2);
    assert_eq!(faction.planner_stats().straight_paths, 1);
    assert_eq!(faction.planner_stats().searches, 0);
    assert_eq!(near.thought, Thought::TakesSpotBeside { spot: beside });
    assert_eq!(near.plan.last(), Some(&beside));
    assert_eq!(near.spot, Some(beside));
    assert_eq!(faction.spots().holder(beside), Some(2));
}

#[test]
fn a_fleeing_member_trades_places_with_a_packmate_in_its_way() {
    // A corridor: the player at its west end, the hurt goblin at 3,1
    // and a packmate (hunting, not making way) at 4,1 behind it.
    let (mut faction, _) = goblins_knowing(
        "########\n\
         #@.....#\n\
         ########",
    );
    let mut rng = ChaCha8Rng::seed_from_u64(1);
    let player = Pos::new(1, 1);
    let packmate = packmate_at(Pos::new(4, 1), false);
    let mut s = senses(Pos::new(3, 1), &packmate);
    s.player_seen = Some(player);
    s.health = 0.1;
    let mut brain = Brain::default();
    let intent = MemberTurn::new(&mut faction, &mut brain, &s).think(&mut rng);
    assert_eq!(brain.mode, Mode::Flee);
    assert_eq!(
        intent,
        Intent::Step {
            to: Pos::new(4, 1),
            swap: true,
            guided: true
        }
    );
    assert_eq!(
        brain.thought.describe("goblins"),
        "fleeing from the player at 1,1: swapping past a packmate at 4,1"
    );
}

/// What a goblin at `at` on a tenth of its hit points, seeing the player
/// at `player` at time 3.5, does with hunting packmates on `packmates`:
/// it flees (asserted), and the step it takes is returned.
fn hurt_fighter_falls_back(
    faction: &mut Faction,
    player: Pos,
    at: Pos,
    packmates: [Pos; 2],
) -> Intent {
    let bodies = move |p: Pos| {
        if packmates.contains(&p) {
            Body::Packmate {
                yields: false,
                keeps_place: false,
                hunts: true,
            }
        } else {
            Body::Empty
        }
    };
    let mut rng = ChaCha8Rng::seed_from_u64(1);
    let mut s = senses(at, &bodies);
    s.player_seen = Some(player);
    s.health = 0.1;
    s.now = 3.5;
    let mut brain = Brain::default();
    let intent = MemberTurn::new(faction, &mut brain, &s).think(&mut rng);
    assert_eq!(brain.mode, Mode::Flee);
    intent
}

/// A step onto `to` on the member's plan, trading places with whoever
/// stands there.
fn trade_places(to: Pos) -> Intent {
    Intent::Step {
        to,
        swap: true,
        guided: true,
    }
}

/// A hurt fighter falling back through its packmates gives its cell next
/// to the player to the one that queued for such a cell first, when it
/// stands on another step down the safety map, not to whichever stands on
/// the map's lowest step (first come, first served: twin-halls, depth 5,
/// evader, seed 6, wolf 7 fell back through wolf 6, which had queued
/// behind it 9 actions).
#[test]
fn a_fighter_falling_back_gives_its_cell_to_the_packmate_that_queued_first() {
    // The player at 1,2; the hurt goblin fighting it at 2,2; packmates
    // on two of the three cells east of it, both queued.
    let rows = "########\n\
                #......#\n\
                #@.....#\n\
                #......#\n\
                ########";
    let (player, at) = (Pos::new(1, 2), Pos::new(2, 2));
    let (mut faction, _) = goblins_knowing(rows);
    let lowest = faction
        .flee_step(1, player, at, |_| true)
        .expect("a way down the map");
    let other = [Pos::new(3, 1), Pos::new(3, 2), Pos::new(3, 3)]
        .into_iter()
        .find(|&c| c != lowest && faction.flee_step(1, player, at, |x| x == c).is_some())
        .expect("another step down the map");
    let falls_back =
        |faction: &mut Faction| hurt_fighter_falls_back(faction, player, at, [lowest, other]);
    // Nobody queued: down the map's lowest step, through its packmate.
    assert_eq!(falls_back(&mut faction), trade_places(lowest));
    // The packmate on the other step queued at time 1, the one on the
    // lowest at 3: the first gets the cell.
    let (mut faction, _) = goblins_knowing(rows);
    for now in [1.0, 3.0] {
        faction.spots_mut().wait(7, player, other, now);
    }
    faction.spots_mut().wait(8, player, lowest, 3.0);
    assert_eq!(falls_back(&mut faction), trade_places(other));
    // Queued the other way round: the lowest step's packmate first.
    let (mut faction, _) = goblins_knowing(rows);
    for now in [1.0, 3.0] {
        faction.spots_mut().wait(8, player, lowest, now);
    }
    faction.spots_mut().wait(7, player, other, 3.0);
    assert_eq!(falls_back(&mut faction), trade_places(lowest));
}

/// The packmate that queued first may stand off the safety map's way
/// down, beside the doorway the fighter holds: the fighter still trades
/// with it onto its cell, out of the player's reach (twin-halls, depth 5,
/// seed 8: wolf 4 at 8,2 queued from turn 8 behind wolf 5 in 9,3; wolf 7
/// at 8,4, on the map's way down, queued from turn 11 and got the cell at
/// turn 15, and wolf 4 stood two more turns).
#[test]
fn a_fighter_falling_back_trades_with_the_first_in_queue_off_the_way_down() {
    // Twin-halls' west hall: the player in the doorway at 10,3, the hurt
    // goblin fighting it from 9,3; the hall's way out runs south from
    // 6,11, so the map's way down from 9,3 leads south-west.
    let rows = "##############\n\
                #.........#..#\n\
                #.........#..#\n\
                #.........@..#\n\
                #.........#..#\n\
                #.........####\n\
                #.........####\n\
                #.........####\n\
                #.........####\n\
                #.........####\n\
                #.........####\n\
                ######.#######\n\
                #............#\n\
                ##############";
    let (player, at) = (Pos::new(10, 3), Pos::new(9, 3));
    let (mut faction, _) = goblins_knowing(rows);
    let lowest = faction
        .flee_step(1, player, at, |_| true)
        .expect("a way down the map");
    let off = [Pos::new(8, 2), Pos::new(8, 4)]
        .into_iter()
        .find(|&c| c != lowest && faction.flee_step(1, player, at, |x| x == c).is_none())
        .expect("a cell beside the fighter off the map's way down");
    let falls_back =
        |faction: &mut Faction| hurt_fighter_falls_back(faction, player, at, [lowest, off]);
    // The one off the way down queued at time 1, the one on it at 3.
    for now in [1.0, 3.0] {
        faction.spots_mut().wait(7, player, off, now);
    }
    faction.spots_mut().wait(8, player, lowest, 3.0);
    assert_eq!(falls_back(&mut faction), trade_places(off));
    // The other way round: the way down's packmate first.
    let (mut faction, _) = goblins_knowing(rows);
    for now in [1.0, 3.0] {
        faction.spots_mut().wait(8, player, lowest, now);
    }
    faction.spots_mut().wait(7, player, off, 3.0);
    assert_eq!(falls_back(&mut faction), trade_places(lowest));
}

#[test]
fn cornered_it_turns_and_fights_and_out_of_sight_it_calms_down() {
    // A dead end: the hurt goblin at its east end, the player beside it.
    let (mut faction, _) = goblins_knowing(
        "######\n\
         #@...#\n\
         ######",
    );
    let mut rng = ChaCha8Rng::seed_from_u64(1);
    let player = Pos::new(3, 1);
    let at = Pos::new(4, 1);
    let mut s = senses(at, &empty);
    s.player_seen = Some(player);
    s.health = 0.1;
    let mut brain = Brain::default();
    let intent = MemberTurn::new(&mut faction, &mut brain, &s).think(&mut rng);
    assert_eq!(intent, Intent::Attack(player));
    assert_eq!(brain.mode, Mode::Hunt);
    assert!(brain.cornered_until > s.now);
    // Fled into the same dead end from news alone, with nothing in
    // sight: it stops running and goes back to its life.
    let mut brain = Brain::default();
    brain.decide(&Perception {
        at,
        now: 0.5,
        player_seen: Some(player),
        health: 0.1,
        flee_below: 0.3,
    });
    assert_eq!(brain.mode, Mode::Flee);
    s.player_seen = None;
    let intent = MemberTurn::new(&mut faction, &mut brain, &s).think(&mut rng);
    assert_ne!(brain.mode, Mode::Flee, "{intent:?}");
    assert_eq!(brain.alert, None);
    // Nobody cornered it there: at the next sight of the player, still
    // hurt, it runs (or, cornered now, fights), not hunts at leisure.
    assert!(brain.cornered_until <= s.now);
    s.now += 1.0;
    s.player_seen = Some(Pos::new(1, 1));
    // Over its flee line (0.3) but not healed.
    s.health = 0.35;
    MemberTurn::new(&mut faction, &mut brain, &s).think(&mut rng);
    assert!(brain.shaken);
    assert!(
        brain.mode == Mode::Flee || brain.cornered_until > s.now,
        "{:?}",
        brain.thought
    );
}

#[test]
fn a_step_from_a_corner_the_player_sees_it_turns_to_fight_not_into_it() {
    // A dead end the player looks down: the player at 6,1, the hurt
    // goblin at 2,1, a step out of the end cell 1,1 (it had lain low
    // there and strolled out: twin-halls seed 2 at depth 5).
    let (mut faction, _) = goblins_knowing(
        "#########\n\
         #@......#\n\
         #########",
    );
    let mut rng = ChaCha8Rng::seed_from_u64(1);
    let (player, at, end) = (Pos::new(6, 1), Pos::new(2, 1), Pos::new(1, 1));
    let mut s = senses(at, &empty);
    s.player_seen = Some(player);
    s.health = 0.1;
    // Time 1 (turn 1): it sees the player 4 cells off. Its safety map
    // runs down to 1,1 and no further, in the player's sight.
    assert!(faction.at_safety_bottom(s.turn, player, end));
    let mut brain = Brain {
        shaken: true,
        ..Brain::default()
    };
    let intent = MemberTurn::new(&mut faction, &mut brain, &s).think(&mut rng);
    // It stays out of the end cell (stepping in, it would be cornered
    // there at time 2 and walk back out to 2,1 at time 3: an A-B-A-B):
    // it turns to fight from 2,1.
    assert_ne!(
        intent,
        Intent::Step {
            to: end,
            swap: false,
            guided: true
        }
    );
    assert_eq!(brain.mode, Mode::Hunt, "{:?}", brain.thought);
    assert!(brain.cornered_until > s.now);
}

#[test]
fn a_fleeing_member_runs_on_past_the_danger_about_a_fight() {
    // A corridor: the player at its west end, where the goblins were hurt
    // (danger fills the cells about it), the hurt goblin 3 cells east.
    let (mut faction, _) = goblins_knowing(
        "##############\n\
         #@...........#\n\
         ##############",
    );
    let player = Pos::new(1, 1);
    faction.mark_danger(player, 6.0);
    faction.start_turn(0.5);
    let mut rng = ChaCha8Rng::seed_from_u64(1);
    let mut s = senses(Pos::new(4, 1), &empty);
    s.player_seen = Some(player);
    s.health = 0.1;
    let mut brain = Brain::default();
    let intent = MemberTurn::new(&mut faction, &mut brain, &s).think(&mut rng);
    assert_eq!(brain.mode, Mode::Flee);
    // East, down its safety map: the danger prices the planning grid, not
    // how soon the player reaches a cell (priced so, the map ended 3
    // cells from the player and the goblin stepped off it, unguided).
    assert_eq!(
        intent,
        Intent::Step {
            to: Pos::new(5, 1),
            swap: false,
            guided: true
        }
    );
}

#[test]
fn out_of_sight_at_the_bottom_of_its_safety_map_a_fleeing_member_lies_low() {
    // A bent corridor: the player at 1,1, the hurt goblin round the bend
    // at the dead end 1,3, the farthest walk from the player. A step east
    // would gain distance as the crow flies, but lead back toward it.
    let (mut faction, _) = goblins_knowing(
        "#######\n\
         #@....#\n\
         #####.#\n\
         #.....#\n\
         #######",
    );
    let mut rng = ChaCha8Rng::seed_from_u64(1);
    let (player, at) = (Pos::new(1, 1), Pos::new(1, 3));
    let mut brain = Brain::default();
    brain.decide(&Perception {
        at,
        now: 0.5,
        player_seen: Some(player),
        health: 0.1,
        flee_below: 0.3,
    });
    assert_eq!(brain.mode, Mode::Flee);
    // At time 1 (turn 1) it no longer sees the player: it stays on 1,3.
    let mut s = senses(at, &empty);
    s.health = 0.1;
    let intent = MemberTurn::new(&mut faction, &mut brain, &s).think(&mut rng);
    assert_eq!(intent, Intent::Wait);
    assert!(brain.loiter_until > s.now, "{:?}", brain.thought);
    assert_eq!(brain.alert, None);
}

#[test]
fn far_from_the_player_a_wanderer_strolls_its_cheapest_way_without_the_planner() {
    // Open floor, 31 by 31, nothing seen of the player.
    let rows = format!("@{}", vec![".".repeat(31); 31].join("\n")[1..].to_owned());
    let (mut faction, _) = goblins_knowing(&rows);
    let mut rng = ChaCha8Rng::seed_from_u64(3);
    let mut s = senses(Pos::new(15, 15), &empty);
    s.far_from_player = true;
    for _ in 0..10 {
        let mut brain = Brain::default();
        let intent = MemberTurn::new(&mut faction, &mut brain, &s).think(&mut rng);
        assert!(
            matches!(intent, Intent::Step { guided: true, .. }),
            "{intent:?}"
        );
        let target = brain.wander_target.unwrap();
        assert!(target.chebyshev(s.at) >= MIN_STROLL);
        assert_eq!(brain.plan.last(), Some(&target));
        let mut walked = vec![s.at];
        walked.extend_from_slice(&brain.plan);
        let cost = gridpath::path_cost(faction.grid().unwrap(), &walked).unwrap();
        // Open floor: the cheapest way to a node of its cluster's border,
        // and one step across.
        assert!(cost <= s.at.octile(target) + 2.0, "{cost}");
    }
    assert_eq!(faction.planner_stats().searches, 0);
}

#[test]
fn a_far_stroll_a_wall_now_blocks_is_dropped_for_another_without_the_planner() {
    let rows = format!("@{}", vec![".".repeat(31); 31].join("\n")[1..].to_owned());
    let (mut faction, _) = goblins_knowing(&rows);
    let mut rng = ChaCha8Rng::seed_from_u64(5);
    let mut s = senses(Pos::new(15, 15), &empty);
    s.far_from_player = true;
    let mut brain = Brain::default();
    MemberTurn::new(&mut faction, &mut brain, &s).think(&mut rng);
    assert!(brain.wander_target.is_some());
    // The faction learns a wall on the stroll's next cell.
    let next = brain.plan[0];
    faction.observe(next, Terrain::Wall, 1.0);
    faction.sync_view();
    let intent = MemberTurn::new(&mut faction, &mut brain, &s).think(&mut rng);
    assert!(
        matches!(intent, Intent::Step { guided: true, .. }),
        "{intent:?}"
    );
    assert!(!brain.plan.contains(&next), "{:?}", brain.plan);
    assert_eq!(brain.plan.last().copied(), brain.wander_target);
    assert_eq!(
        faction.planner_stats().searches,
        0,
        "no request to the planner"
    );
}

#[test]
fn a_stroller_turned_back_strolls_on_ahead_not_back_the_way_it_came() {
    // It stepped east onto 15,15 strolling and was turned back (its stroll
    // dropped): near the player or far, the stroll it picks next does not
    // set out back onto 14,15 (that step, and the one after it, would be
    // A-B-A-B). Open floor, 31 by 31.
    let rows = format!("@{}", vec![".".repeat(31); 31].join("\n")[1..].to_owned());
    let (mut faction, _) = goblins_knowing(&rows);
    let at = Pos::new(15, 15);
    let back = Pos::new(14, 15);
    for far_from_player in [false, true] {
        let mut s = senses(at, &empty);
        s.far_from_player = far_from_player;
        for seed in 0..20 {
            let mut rng = ChaCha8Rng::seed_from_u64(seed);
            let mut brain = Brain {
                came_from: Some(back),
                came_strolling: true,
                ..Brain::default()
            };
            let intent = MemberTurn::new(&mut faction, &mut brain, &s).think(&mut rng);
            let Intent::Step { to, .. } = intent else {
                panic!("seed {seed}, far {far_from_player}: {intent:?}");
            };
            assert_ne!(to, back, "seed {seed}, far {far_from_player}");
        }
    }
}

#[test]
fn a_stroller_at_a_dead_end_turns_back_once_it_finds_nowhere_ahead() {
    // It stepped east onto 13,1, the end of a corridor: nothing lies
    // ahead. Once a spot it draws lies behind it, it knows, and strolls
    // back out (it is never held there for good).
    let (mut faction, _) = goblins_knowing(
        "@#############\n\
         ..............\n\
         ##############",
    );
    let at = Pos::new(13, 1);
    let back = Pos::new(12, 1);
    let mut rng = ChaCha8Rng::seed_from_u64(7);
    let mut brain = Brain {
        came_from: Some(back),
        came_strolling: true,
        ..Brain::default()
    };
    // Spots drawn at random seldom fall in a corridor: many tries. With
    // nothing ahead it rests a while first (`wander::tests`, a near
    // stroller at a dead end), so time goes by: a turn of 0.8 each.
    let next = (0..200_u32)
        .map(|turn| {
            let mut s = senses(at, &empty);
            s.now = 1.0 + 0.8 * f64::from(turn);
            MemberTurn::new(&mut faction, &mut brain, &s).think(&mut rng)
        })
        .find(|intent| *intent != Intent::Wait);
    assert!(
        matches!(next, Some(Intent::Step { to, .. }) if to == back),
        "{next:?}"
    );
    assert_eq!(brain.came_from, None, "it knew nothing lay ahead");
}

#[test]
fn far_from_the_player_a_wanderer_at_a_corridor_s_bends_walks_round_them() {
    // 2,2 is a bend of a winding corridor: no straight walk from it goes
    // two steps. It strolls along the corridor instead of standing about.
    let (mut faction, _) = goblins_knowing(
        "@#######\n\
         #..#####\n\
         ##.#####\n\
         ##..####\n\
         ###.####\n\
         ###..###\n\
         ####.###\n\
         ####..##",
    );
    let mut s = senses(Pos::new(2, 2), &empty);
    s.far_from_player = true;
    for seed in 0..10 {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let mut brain = Brain::default();
        let intent = MemberTurn::new(&mut faction, &mut brain, &s).think(&mut rng);
        assert!(
            matches!(intent, Intent::Step { guided: true, .. }),
            "seed {seed}: {intent:?}"
        );
        let grid = faction.grid().unwrap();
        assert!(
            gridpath::steps_are_legal(grid, s.at, &brain.plan),
            "seed {seed}"
        );
        assert!(brain.plan.len() >= 2, "seed {seed}: {:?}", brain.plan);
    }
}

/// Goblins on an unknown 60x20 level whose searches take many turns
/// (a small budget, no heuristic), with a wall seen across the straight
/// way from the top-left corner to the bottom-right one (so reaching
/// that takes a search).
pub(super) fn slow_goblins() -> Faction {
    goblins_searching_slowly(50)
}

/// As [`slow_goblins`], with `node_budget` nodes a turn (a search takes
/// at most a third of them a turn).
fn goblins_searching_slowly(node_budget: u32) -> Faction {
    let config = MonsterConfig::shipped().unwrap();
    let mut goblins = config.faction("goblins").unwrap().clone();
    goblins.node_budget = node_budget;
    goblins.heuristic = gridpath::Heuristic::Zero;
    let mut faction = Faction::new(goblins.clone(), FactionKnowledge::new(60, 20));
    faction.rebuild(goblins).unwrap();
    for y in 1..=5 {
        faction.observe(Pos::new(10, y), Terrain::Wall, 0.0);
    }
    faction.sync_view();
    faction
}

#[test]
fn the_planning_grid_learns_a_wall_while_a_search_is_paused() {
    let mut faction = slow_goblins();
    faction.start_turn(0.0);
    let mut brain = Brain::default();
    let s = senses(Pos::new(0, 0), &empty);
    MemberTurn::new(&mut faction, &mut brain, &s).pursue(Pos::new(59, 19));
    assert!(faction.is_planning(1), "the search is paused");
    // A member sees a wall; next turn the grid knows it although the
    // search is still under way.
    faction.observe(Pos::new(30, 10), Terrain::Wall, 1.0);
    faction.start_turn(1.0);
    assert!(faction.is_planning(1));
    assert_eq!(faction.grid().unwrap().cost(Pos::new(30, 10)), None);
}

#[test]
fn a_monster_that_waits_too_long_for_its_search_gives_the_goal_up() {
    // A stroller: a member with a goal of its own takes the coarse way on
    // its last turn of patience rather than give up (see the next test).
    let mut faction = slow_goblins();
    let mut brain = Brain {
        mode: Mode::Wander,
        ..Brain::default()
    };
    // Hemmed in by strangers: no step brings it closer while it waits.
    // The goal is near enough (two clusters) for the faction's planner:
    // a far one is planned coarse first, and takes no turns of searching.
    let at = Pos::new(0, 0);
    let goal = Pos::new(30, 12);
    let hemmed = |p: Pos| {
        if is_adjacent(p, at) {
            Body::Stranger {
                yields: false,
                keeps_place: false,
                hunts: false,
            }
        } else {
            Body::Empty
        }
    };
    let s = senses(at, &hemmed);
    let mut waited = 0;
    while brain.thought != (Thought::GaveUp { goal }) {
        faction.start_turn(f64::from(waited));
        assert_eq!(
            MemberTurn::new(&mut faction, &mut brain, &s).pursue(goal),
            Intent::Wait
        );
        waited += 1;
        assert!(waited <= MAX_WAIT_TURNS + 1, "{:?}", brain.thought);
    }
    // The planner's limit (turns) or the monster's (its own turns),
    // whichever comes first.
    assert!(waited >= 2);
    assert_eq!(brain.unreachable, Some(goal));
    assert!(!faction.is_planning(1));
}

#[test]
fn an_investigator_whose_search_never_gets_its_turn_takes_the_coarse_way_before_giving_up() {
    // Caves at depth 5, seed 7: a wolf heard a fight 28 cells off by
    // walking, its search never ran in the turns its packmates' searches
    // left, and it went back to its life. Here the goblin (actor 1) stands
    // at 9,3, west of the seen wall (x 10, rows 1-5), the noise's cell
    // 13,3 behind it: no step closer as the crow flies. Three hunters
    // (actors 2-4) see the player across a lake (deep water, x 26, rows
    // 6-19) and hunt 12,13, 12,15 and 12,17: their searches, round the
    // lake with no heuristic, flood most of the level. Urgent, they run
    // before its own every turn and spend the turn's budget (300 nodes,
    // grown with the members waiting); on their third turn they take the
    // coarse way, whatever the budget has left. So its own search never
    // runs, and the coarse way at its own price (half the budget left)
    // never fits; on main it gave the noise up on its fourth turn.
    // Where everyone is: the goblin at 9,3 at each of its turns; the
    // hunters at 40,y, 39,y and 38,y (y = 13, 15, 17) at their turns 1-3,
    // stepping west while they wait, then along their coarse ways. On its
    // last turn of patience (the third) the goblin takes the coarse way,
    // whatever the budget has left, and steps off 9,3 to a neighbour.
    let mut faction = goblins_searching_slowly(300);
    for y in 6..20 {
        faction.observe(Pos::new(26, y), Terrain::DeepWater, 0.0);
    }
    faction.sync_view();
    let mut brain = Brain {
        mode: Mode::Investigate,
        ..Brain::default()
    };
    let mut hunters: Vec<(usize, Pos, Brain)> = (2..=4)
        .map(|actor| {
            let brain = Brain {
                mode: Mode::Hunt,
                ..Brain::default()
            };
            (actor, Pos::new(40, 9 + 2 * actor as i32), brain)
        })
        .collect();
    let at = Pos::new(9, 3);
    let goal = Pos::new(13, 3);
    for turn in 1..=MAX_INVESTIGATE_WAIT_TURNS + 1 {
        faction.start_turn(f64::from(turn));
        for (actor, from, hunter) in &mut hunters {
            let player = Pos::new(12, 9 + 2 * *actor as i32);
            let mut s = senses(*from, &empty);
            s.actor = *actor;
            s.turn = u64::from(turn);
            s.now = f64::from(turn);
            s.player_seen = Some(player);
            if let Intent::Step { to, .. } =
                MemberTurn::new(&mut faction, hunter, &s).pursue(player)
            {
                *from = to;
            }
        }
        let mut s = senses(at, &empty);
        s.turn = u64::from(turn);
        s.now = f64::from(turn);
        let intent = MemberTurn::new(&mut faction, &mut brain, &s).pursue(goal);
        assert_ne!(brain.thought, Thought::GaveUp { goal }, "turn {turn}");
        if let Intent::Step { to, .. } = intent {
            assert!(is_adjacent(at, to), "{to}");
            assert_eq!(turn, MAX_INVESTIGATE_WAIT_TURNS, "{:?}", brain.thought);
            assert_eq!(brain.plan_goal, Some(goal));
            return;
        }
        assert_eq!(intent, Intent::Wait, "turn {turn}: {:?}", brain.thought);
    }
    panic!("it never set out: {:?}", brain.thought);
}

#[test]
fn an_investigator_behind_a_wall_walks_the_coarse_way_instead_of_waiting_for_its_search() {
    // The goblin at 9,3 stands west of the seen wall (x 10, rows 1-5);
    // the noise it investigates lies 4 cells east, behind it. No step
    // brings it closer as the crow flies, and the faction's searches take
    // turns (no heuristic): it is at 9,3 at its first
    // turn and steps off it that same turn, along the coarse way, instead
    // of standing while its search runs (a noise gets only a few turns'
    // patience). A budget of 300 nodes: its search takes 100 of them a
    // turn and needs more; the coarse search fits in the rest.
    let mut faction = goblins_searching_slowly(300);
    let mut brain = Brain {
        mode: Mode::Investigate,
        ..Brain::default()
    };
    let at = Pos::new(9, 3);
    let goal = Pos::new(13, 3);
    let s = senses(at, &empty);
    faction.start_turn(0.0);
    let intent = MemberTurn::new(&mut faction, &mut brain, &s).pursue(goal);
    let Intent::Step {
        to, swap: false, ..
    } = intent
    else {
        panic!("it stands: {intent:?}, {:?}", brain.thought);
    };
    assert!(is_adjacent(at, to), "{to}");
    let grid = faction.grid().unwrap();
    assert!(
        gridpath::steps_are_legal(grid, at, &brain.plan),
        "{:?}",
        brain.plan
    );
    assert_eq!(brain.plan_goal, Some(goal));
    assert!(!faction.is_planning(1), "the slow search is dropped");
}

#[test]
fn an_investigator_in_a_pockets_end_walks_the_coarse_way_back_out() {
    // A pocket one cell wide (x 9, rows 3-5) in seen walls (x 8 and x 10,
    // rows 1-5; 9,2 its end); the noise at 12,1, behind its east wall. The
    // goblin stepped north from 9,4 to 9,3, a guess toward the noise, and
    // its search (no heuristic, 100 nodes a turn) runs on. At 9,3 at its
    // first turn no step brings it closer: the only way out is back onto
    // 9,4, the cell it just left. Its coarse way sets out there, a plan on
    // what the faction knows, and it takes it that same turn (stepping
    // onto 9,4) rather than stand out a noise's few turns of patience,
    // refused as pacing (barracks-doors of unseen24, depth 5, seed 3).
    let mut faction = goblins_searching_slowly(300);
    for y in 1..=5 {
        faction.observe(Pos::new(8, y), Terrain::Wall, 0.0);
        faction.observe(Pos::new(10, y), Terrain::Wall, 0.0);
    }
    faction.observe(Pos::new(9, 2), Terrain::Wall, 0.0);
    faction.sync_view();
    let at = Pos::new(9, 3);
    let back = Pos::new(9, 4);
    let mut brain = Brain {
        mode: Mode::Investigate,
        came_from: Some(back),
        ..Brain::default()
    };
    let goal = Pos::new(12, 1);
    let s = senses(at, &empty);
    faction.start_turn(1.0);
    let intent = MemberTurn::new(&mut faction, &mut brain, &s).pursue(goal);
    assert_eq!(
        intent,
        Intent::Step {
            to: back,
            swap: false,
            guided: true
        },
        "{:?}",
        brain.thought
    );
    assert!(
        matches!(
            brain.thought,
            Thought::FollowingCoarsePlan { .. } | Thought::FollowingPlan { .. }
        ),
        "{:?}",
        brain.thought
    );
    assert_eq!(brain.plan_goal, Some(goal));
    let grid = faction.grid().unwrap();
    assert!(
        gridpath::steps_are_legal(grid, at, &brain.plan),
        "{:?}",
        brain.plan
    );
}

#[test]
fn a_look_about_ends_once_a_cell_about_the_noise_proves_out_of_reach() {
    // The goblin stands on the noise at 3,2 and looks about it; its search
    // for 6,2, a cell about it, found no way there. It does not go on to
    // the next cell about the noise, and the next, a search and a wait
    // each (a wolf stood 11 actions at 60,25 of a doored level of our own,
    // its look flipping between two cells behind a door it cannot open):
    // it is done looking.
    let (mut faction, _) = goblins_knowing(
        "#########\n\
         #@......#\n\
         #.......#\n\
         #.......#\n\
         #########",
    );
    let noise = Pos::new(3, 2);
    let looking = Brain {
        mode: Mode::Investigate,
        looking_about: Some(super::look_about::LookingAbout {
            noise,
            until: 12.0,
            stood_on: [Some(noise), None, None, None],
        }),
        ..Brain::default()
    };
    let mut brain = looking.clone();
    let spot = MemberTurn::new(&mut faction, &mut brain, &senses(noise, &empty)).look_about();
    assert!(spot.is_some(), "with every cell in reach it looks on");
    let mut brain = Brain {
        unreachable: Some(Pos::new(6, 2)),
        ..looking
    };
    let spot = MemberTurn::new(&mut faction, &mut brain, &senses(noise, &empty)).look_about();
    assert_eq!(spot, None, "{:?}", brain.thought);
    assert_eq!(brain.looking_about, None);
}

/// Two rooms joined by an open door at 5,3, the player in the north one:
/// the doorway looks about.
const TWO_ROOMS_AND_A_DOOR: &str = "###########\n\
                                    #@........#\n\
                                    #.........#\n\
                                    #####'#####\n\
                                    #.........#\n\
                                    #.........#\n\
                                    ###########";

/// A member investigating `noise` that has begun to look about it (until
/// time 12), on none of the cells about it yet.
fn looking_about(noise: Pos) -> Brain {
    Brain {
        mode: Mode::Investigate,
        looking_about: Some(super::look_about::LookingAbout {
            noise,
            until: 12.0,
            stood_on: [None; 4],
        }),
        ..Brain::default()
    }
}

#[test]
fn a_look_about_from_a_doorway_does_not_step_back_through_the_door() {
    // The noise was the door at 5,3 between two rooms (a skeleton broke
    // it). Standing in the doorway it picks a cell about the noise it has
    // not seen, low along the wall on one side, and steps out of the door
    // toward it. That step shows it the room it stepped into: every cell
    // there is seen now, while the ones low along the wall of the room
    // behind are not. It walks on to the cell it holds rather than turn
    // straight back through the door for them (gatehouse seed 6: a
    // skeleton at 44,4, 44,3 at turn 97, 44,4 again at turn 98).
    let (mut faction, _) = goblins_knowing(TWO_ROOMS_AND_A_DOOR);
    let noise = Pos::new(5, 3);
    let mut brain = looking_about(noise);
    // At the noise, time 1.
    let first = MemberTurn::new(&mut faction, &mut brain, &senses(noise, &empty))
        .look_about()
        .expect("a cell to look from");
    assert_ne!(first.y, noise.y, "{first}");
    // One step out of the door toward it (the only legal step that way).
    let side = (first.y - noise.y).signum();
    let out = Pos::new(noise.x, noise.y + side);
    brain.came_from = Some(noise);
    let next = MemberTurn::new(&mut faction, &mut brain, &senses(out, &empty))
        .look_about()
        .expect("it looks on");
    assert_eq!(
        (next.y - noise.y).signum(),
        side,
        "from {out} (came from the door {noise}, holding {first}) it heads for {next}: back through the door; {:?}",
        brain.thought
    );
}

#[test]
fn a_look_about_from_a_doorway_looks_ahead_before_back_the_way_it_came() {
    // It broke the door at 5,3 from the north room, where it stood seven
    // turns, and stepped into the doorway, the noise. The cells low along
    // the wall are unseen on both sides; it looks into the south room, the
    // way it was going, before it turns back (shut-cells seed 2: a
    // skeleton stepped from 44,16 into the doorway at turn 58, back to
    // 44,16 for a cell of the room it came from at 61, and through the
    // door again for the cells beyond at 64).
    let (mut faction, _) = goblins_knowing(TWO_ROOMS_AND_A_DOOR);
    let noise = Pos::new(5, 3);
    for came_from in [Pos::new(5, 2), Pos::new(5, 4)] {
        let mut brain = Brain {
            came_from: Some(came_from),
            ..looking_about(noise)
        };
        let first = MemberTurn::new(&mut faction, &mut brain, &senses(noise, &empty))
            .look_about()
            .expect("a cell to look from");
        assert_eq!(
            (first.y - noise.y).signum(),
            (noise.y - came_from.y).signum(),
            "came into the doorway from {came_from}, it looks from {first}"
        );
    }
}

#[test]
fn a_look_about_at_a_corridor_mouth_does_not_turn_back_down_the_corridor() {
    // The noise at 4,4 is the corridor's mouth below the west room; the
    // corridor runs on east and up into the east room. A step up into
    // the west room shows it that room; the east room's cells are nearer
    // as the crow flies from there than from the mouth, but the way to
    // them runs back over the mouth (shut-cells seed 2: a skeleton at
    // 44,17, 44,16 at turn 61 and 44,17 at 64). It walks on to the cell
    // it holds.
    let (mut faction, _) = goblins_knowing(
        "############\n\
         #@...###...#\n\
         #....###...#\n\
         #....###...#\n\
         ####........\n\
         ############",
    );
    let noise = Pos::new(4, 4);
    let mut brain = looking_about(noise);
    let first = MemberTurn::new(&mut faction, &mut brain, &senses(noise, &empty))
        .look_about()
        .expect("a cell to look from");
    assert!(
        first.x < 5 && first.y < 4,
        "it looks into the west room first: {first}"
    );
    let out = Pos::new(4, 3);
    brain.came_from = Some(noise);
    let next = MemberTurn::new(&mut faction, &mut brain, &senses(out, &empty))
        .look_about()
        .expect("it looks on");
    assert!(
        next.x < 5 && next.y < 4,
        "from {out} (came from {noise}, holding {first}) it heads for {next}, back down the corridor; {:?}",
        brain.thought
    );
}

#[test]
fn an_investigator_boxed_in_by_a_packmate_leaves_the_noise_to_it() {
    let (mut faction, _) = goblins_knowing(
        "@#####\n\
         ......\n\
         ######",
    );
    let mut brain = heading_east();
    let staying = packmate_at(Pos::new(2, 1), false);
    let at = Pos::new(1, 1);
    let intent =
        MemberTurn::new(&mut faction, &mut brain, &senses(at, &staying)).step_along(Pos::new(2, 1));
    assert_eq!(intent, Intent::Wait);
    assert_eq!(
        brain.thought,
        Thought::LeavesNoiseToPackmate(Pos::new(2, 1))
    );
    assert_eq!(
        brain.unreachable,
        Some(Pos::new(5, 1)),
        "its goal is dropped"
    );
}

#[test]
fn an_investigator_behind_a_stranger_that_stays_in_a_doorway_leaves_the_noise() {
    // Rooms depth 5 seed 5: a rat investigating the fight stood 8 actions
    // behind a goblin archer (another faction, never making way while it
    // fights) shooting from the only door; no step round it.
    let (mut faction, _) = goblins_knowing(
        "@#####\n\
         ......\n\
         ######",
    );
    let mut brain = heading_east();
    let archer = stranger_at(Pos::new(2, 1));
    let at = Pos::new(1, 1);
    let intent =
        MemberTurn::new(&mut faction, &mut brain, &senses(at, &archer)).step_along(Pos::new(2, 1));
    assert_eq!(intent, Intent::Wait);
    assert_eq!(
        brain.thought,
        Thought::LeavesNoiseToPackmate(Pos::new(2, 1))
    );
    assert_eq!(brain.unreachable, Some(Pos::new(5, 1)));
}

#[test]
fn an_investigator_that_left_a_noise_is_not_drawn_back_by_the_same_business() {
    // Small rooms (private level) depth 5 seed 3: a rat left a fight's
    // noise to a monster staying in its way, strolled a step back, heard
    // the next blow, stepped in again and left again: A-B-A-B eight times.
    let (mut faction, _) = goblins_knowing(
        "@#######\n\
         ........\n\
         ########",
    );
    let mut rng = ChaCha8Rng::seed_from_u64(1);
    let fighter = stranger_at(Pos::new(3, 1));
    let (at, noise) = (Pos::new(2, 1), Pos::new(6, 1));
    let s = senses(at, &fighter);
    let mut brain = Brain {
        noise: Some(noise),
        ..Brain::default()
    };
    let mut hear_and_think = |brain: &mut Brain| {
        brain.noise = Some(noise);
        for _ in 0..3 {
            MemberTurn::new(&mut faction, brain, &s).think(&mut rng);
        }
    };
    hear_and_think(&mut brain);
    assert_ne!(brain.mode, Mode::Investigate, "{:?}", brain.thought);
    assert_eq!(
        brain.investigating.map(|(_, turns)| turns),
        Some(super::pack::INVESTIGATE_PATIENCE),
        "it keeps the place in mind as done with"
    );
    // The next blow of the same fight.
    hear_and_think(&mut brain);
    assert_ne!(brain.mode, Mode::Investigate, "{:?}", brain.thought);
    assert!(
        !matches!(brain.thought, Thought::Investigates { .. }),
        "{:?}",
        brain.thought
    );
}

/// A goblin at 10,1 of a long corridor that has been investigating a noise
/// at 4,1 for `turns` of its own turns, and hears another at 20,1: not the
/// same business (ten cells off), eight cells beyond where it may look
/// from. It thinks once, and its brain is returned.
fn re_aimed_after(turns: u32) -> Brain {
    let (mut faction, _) = goblins_knowing(
        "@#########################\n\
         ..........................\n\
         ##########################",
    );
    let mut rng = ChaCha8Rng::seed_from_u64(1);
    let s = senses(Pos::new(10, 1), &empty);
    let mut brain = Brain {
        mode: Mode::Investigate,
        noise: Some(Pos::new(20, 1)),
        investigating: Some((Pos::new(4, 1), turns)),
        ..Brain::default()
    };
    MemberTurn::new(&mut faction, &mut brain, &s).think(&mut rng);
    brain
}

#[test]
fn a_noise_elsewhere_re_aims_an_investigation_without_renewing_its_patience() {
    // Shut-cells (unseen21) depth 5 seed 7, turns 60-107: a skeleton
    // followed a packmate battering doors from one to the next, its
    // patience renewed at each, 43 actions investigating in a row.
    // Twenty turns spent, ten are left: it goes to the new noise, and
    // its count goes on.
    let brain = re_aimed_after(20);
    assert_eq!(brain.mode, Mode::Investigate, "{:?}", brain.thought);
    assert_eq!(brain.investigating, Some((Pos::new(20, 1), 21)));
    assert!(
        matches!(brain.thought, Thought::Investigates { noise, .. } if noise == Pos::new(20, 1)),
        "{:?}",
        brain.thought
    );
}

#[test]
fn a_noise_too_far_for_the_patience_left_is_let_be_at_once() {
    // Twenty-five turns spent: five are left (its sixth counted now), and
    // the nearest cell it may look from is eight steps off. It lets the
    // noise be now, not after five steps toward it, and keeps the place
    // in mind as done with.
    let brain = re_aimed_after(25);
    assert_ne!(brain.mode, Mode::Investigate, "{:?}", brain.thought);
    assert_eq!(brain.noise, None);
    assert_eq!(
        brain.investigating,
        Some((Pos::new(20, 1), super::pack::INVESTIGATE_PATIENCE))
    );
}

#[test]
fn a_noise_heard_after_an_investigation_begins_a_new_one() {
    // The same twenty-five turns, but on an investigation it left (it
    // strolled since): the noise is taken up afresh, patience whole.
    let (mut faction, _) = goblins_knowing(
        "@#########################\n\
         ..........................\n\
         ##########################",
    );
    let mut rng = ChaCha8Rng::seed_from_u64(1);
    let s = senses(Pos::new(10, 1), &empty);
    let mut brain = Brain {
        mode: Mode::Wander,
        noise: Some(Pos::new(20, 1)),
        investigating: Some((Pos::new(4, 1), 25)),
        ..Brain::default()
    };
    MemberTurn::new(&mut faction, &mut brain, &s).think(&mut rng);
    assert_eq!(brain.mode, Mode::Investigate, "{:?}", brain.thought);
    assert_eq!(brain.investigating, Some((Pos::new(20, 1), 1)));
}

#[test]
fn a_stroller_that_takes_up_a_noise_behind_it_may_go_back_the_way_it_came() {
    // It strolled east from 2,1 to 3,1; a noise at 1,1, behind it, is its
    // goal now, and 2,1 the one step closer while its search runs.
    let (mut faction, _) = goblins_knowing(
        "@######\n\
         ......#\n\
         #######",
    );
    let at = Pos::new(3, 1);
    let back = Pos::new(2, 1);
    let noise = Pos::new(1, 1);
    let strolled_east = Brain {
        mode: Mode::Investigate,
        came_from: Some(back),
        came_strolling: true,
        ..Brain::default()
    };
    let mut brain = strolled_east.clone();
    let intent =
        MemberTurn::new(&mut faction, &mut brain, &senses(at, &empty)).step_while_planning(noise);
    assert_eq!(
        intent,
        Intent::Step {
            to: back,
            swap: false,
            guided: false
        }
    );
    // Had it stepped east pursuing something, it would not pace back on
    // a guess: it goes back on its faction's coarse way, a plan (see
    // an_investigator_in_a_pockets_end_walks_the_coarse_way_back_out).
    let mut brain = Brain {
        came_strolling: false,
        ..strolled_east
    };
    let intent =
        MemberTurn::new(&mut faction, &mut brain, &senses(at, &empty)).step_while_planning(noise);
    assert_eq!(
        intent,
        Intent::Step {
            to: back,
            swap: false,
            guided: true
        }
    );
    assert_ne!(brain.thought, Thought::StepsWhilePlanning { goal: noise });
    assert_eq!(brain.plan_goal, Some(noise));
}

#[test]
fn a_stroller_that_sees_the_player_steps_back_only_if_the_guess_goes_on_from_there() {
    // Caves seed 3 with the evader, turns 337-381, drawn small. The
    // player stands at 1,1, seen through the diagonal gap between the
    // walls at 1,2 and 2,1, which no step may cut. The monster strolled
    // east from 2,2 (the pocket's end) to 3,2 and sees the player: the
    // hunt's goal is 1,1 and its search for a plan runs. 2,2 is the only
    // cell closer to the player, and from 2,2 no step goes on.
    let pocket = "########\n\
                  #.######\n\
                  ##....@#\n\
                  ########";
    let player = Pos::new(1, 1);
    let at = Pos::new(3, 2);
    let back = Pos::new(2, 2);
    let strolled_east = Brain {
        mode: Mode::Hunt,
        came_from: Some(back),
        came_strolling: true,
        ..Brain::default()
    };
    let sees_player = |at| Senses {
        player_seen: Some(player),
        ..senses(at, &empty)
    };
    let (mut faction, _) = goblins_knowing(pocket);
    let mut brain = strolled_east.clone();
    let intent =
        MemberTurn::new(&mut faction, &mut brain, &sees_player(at)).step_while_planning(player);
    // It stays at 3,2 and waits for the plan (which finds the way round,
    // or none): stepping into 2,2 would lose sight of the player there,
    // and the stroll out again would make an A-B-A-B.
    assert_eq!(intent, Intent::Wait);
    assert_eq!(brain.thought, Thought::WaitsForPlan { goal: player });
    // With the gap opened at 1,2, the guess goes on from 2,2 (to 1,2, then
    // next to the player): it steps back to 2,2 at once.
    let (mut faction, _) = goblins_knowing(
        "########\n\
         #.######\n\
         #.....@#\n\
         ########",
    );
    let mut brain = strolled_east;
    let intent =
        MemberTurn::new(&mut faction, &mut brain, &sees_player(at)).step_while_planning(player);
    assert_eq!(
        intent,
        Intent::Step {
            to: back,
            swap: false,
            guided: false
        }
    );
}

/// Nobody about but a monster of another faction, fighting (never
/// making way), at `at`.
fn stranger_at(at: Pos) -> impl Fn(Pos) -> Body {
    move |p| {
        if p == at {
            Body::Stranger {
                yields: false,
                keeps_place: false,
                hunts: false,
            }
        } else {
            Body::Empty
        }
    }
}

/// The two tests of a hunter behind a fighting rat: the wall at 2,4 forbids
/// the corner cut from 3,4 to 2,3.
const NEXT_TO_A_WALL_CORNER: &str = "@......\n\
                                     .......\n\
                                     .......\n\
                                     .......\n\
                                     ..#....\n\
                                     .......";

#[test]
fn a_hunter_behind_a_fighter_goes_round_it_to_a_free_cell_beside_the_player() {
    // The player at 2,2, a rat of another faction fighting it from 3,3,
    // the goblin at 4,4 right behind the rat; the wall at 2,4 forbids the
    // corner cut from 3,4 to 2,3. Warrens seed 1 with the evader: the
    // goblin chose the cell 2,3 (as here), its search went round the rat
    // (a body costs a plan dear near the cell it heads for), but the
    // smoothed plan cut back through the rat's cell, no sidestep was
    // legal, and it waited there 7 turns, two cells from the player with
    // free cells beside the player.
    let (mut faction, _) = goblins_knowing(NEXT_TO_A_WALL_CORNER);
    let mut rng = ChaCha8Rng::seed_from_u64(1);
    let player = Pos::new(2, 2);
    let rat = stranger_at(Pos::new(3, 3));
    let mut s = senses(Pos::new(4, 4), &rat);
    s.player_seen = Some(player);
    let mut brain = Brain::default();
    let intent = MemberTurn::new(&mut faction, &mut brain, &s).think(&mut rng);
    assert!(
        matches!(intent, Intent::Step { to, .. } if to != Pos::new(3, 3)),
        "{intent:?}: {:?}, plan {:?}",
        brain.thought,
        brain.plan
    );
    assert!(!brain.plan.contains(&Pos::new(3, 3)), "{:?}", brain.plan);
}

#[test]
fn a_hunter_held_up_two_cells_from_its_cell_beside_the_player_plans_round() {
    // As above, but the goblin planned its way through 3,3 before the rat
    // stepped in there (horde seed 2 with the evader: a wolf waited 5 of
    // its turns so). The step round by 3,4 cuts the wall corner 2,4, so
    // no sidestep is legal. Its cell beside the player is two cells
    // away, and a stall used to count only more than two cells from the
    // goal: it never planned again while the rat fought. Held up by a
    // body counts as a stall however near the goal, and after
    // STALL_PATIENCE turns it plans round the rat.
    let (mut faction, _) = goblins_knowing(NEXT_TO_A_WALL_CORNER);
    let mut rng = ChaCha8Rng::seed_from_u64(1);
    let (player, at, spot) = (Pos::new(2, 2), Pos::new(4, 4), Pos::new(2, 3));
    let rat = stranger_at(Pos::new(3, 3));
    let mut s = senses(at, &rat);
    s.player_seen = Some(player);
    faction.spots_mut().claim(1, spot, at);
    let mut brain = Brain {
        mode: Mode::Hunt,
        spot: Some(spot),
        goal: Some(spot),
        plan: vec![Pos::new(3, 3), spot],
        plan_goal: Some(spot),
        plan_source: PlanSource::Search,
        ..Brain::default()
    };
    for turn in 0..6 {
        let intent = MemberTurn::new(&mut faction, &mut brain, &s).think(&mut rng);
        if let Intent::Step { to, .. } = intent {
            assert_ne!(to, Pos::new(3, 3));
            assert!(
                turn >= 1,
                "the first turn it is held up: {:?}",
                brain.thought
            );
            return;
        }
        assert_eq!(intent, Intent::Wait, "{:?}", brain.thought);
        let outcome = TurnOutcome {
            started_at: at,
            happened: Happened::Waited,
            now: s.now,
        };
        conclude(&mut faction, &mut brain, outcome, |_| None);
        s.now += 1.0;
        s.turn += 1;
        faction.start_turn(s.now);
    }
    panic!("still held up behind the rat: {:?}", brain.thought);
}

#[test]
fn a_hunter_a_step_from_the_last_free_cell_beside_the_player_takes_it_over() {
    // The player at 3,1; rats of another faction fight it from every cell
    // beside it but 2,2 (r). A packmate (actor 2) claimed 2,2 from 4,3,
    // two cells off, and goes round the bodies between; the goblin at
    // 3,3 is one step from it. Warrens seed 6 with the evader: the goblin
    // waited there for room (the holder was within the octile margin)
    // while the packmate walked round.
    let map = "#######\n\
               #.r@r.#\n\
               #..rr.#\n\
               #.....#\n\
               #.....#\n\
               #######";
    let (mut faction, _) = goblins_knowing(&map.replace('r', "."));
    let rats: Vec<Pos> = map
        .lines()
        .enumerate()
        .flat_map(|(y, row)| {
            row.char_indices()
                .filter(|&(_, c)| c == 'r')
                .map(move |(x, _)| Pos::new(x as i32, y as i32))
        })
        .collect();
    let body = move |p: Pos| {
        if rats.contains(&p) {
            Body::Stranger {
                yields: false,
                keeps_place: false,
                hunts: false,
            }
        } else {
            Body::Empty
        }
    };
    let mut rng = ChaCha8Rng::seed_from_u64(1);
    let (player, at, free) = (Pos::new(3, 1), Pos::new(3, 3), Pos::new(2, 2));
    faction.spots_mut().claim(2, free, Pos::new(4, 3));
    let mut s = senses(at, &body);
    s.player_seen = Some(player);
    let mut brain = Brain::default();
    let intent = MemberTurn::new(&mut faction, &mut brain, &s).think(&mut rng);
    assert_eq!(
        faction.spots().held_by(1),
        Some(free),
        "{:?}",
        brain.thought
    );
    assert_eq!(faction.spots().holder(free), Some(1));
    assert!(
        matches!(intent, Intent::Step { to, .. } if to == free),
        "{intent:?}: {:?}",
        brain.thought
    );
}

#[test]
fn a_hunter_waiting_for_its_plan_closes_in_by_another_cell_than_the_one_it_left() {
    // Its search runs; the nearest cell toward the goal (1,1) is the one
    // it just left. It steps to the next nearest that still closes in
    // rather than stand: horde seed 8 with the evader, a wolf that left
    // a cell on its search and then saw the player beyond it stood 33
    // actions so while its faction's planner was busy.
    let mut faction = slow_goblins();
    faction.start_turn(0.0);
    let mut brain = Brain {
        mode: Mode::Hunt,
        came_from: Some(Pos::new(1, 1)),
        ..Brain::default()
    };
    let s = senses(Pos::new(0, 0), &empty);
    // Near enough for the planner's search (a far goal is planned coarse
    // first, at once).
    let intent = MemberTurn::new(&mut faction, &mut brain, &s).pursue(Pos::new(30, 12));
    assert!(faction.is_planning(1), "the search is paused");
    assert!(
        matches!(intent, Intent::Step { to, .. } if to == Pos::new(1, 0) || to == Pos::new(0, 1)),
        "{intent:?}: {:?}",
        brain.thought
    );
}

/// Two swamp compartments walled apart (a muddy track in the top one), a
/// corridor of floor round them, and a gap from each compartment to it
/// (`coarse_plan`'s marsh in the level's glyphs): 64 by 40.
const FAR_MARSH: &str = "\
################################################################
#@.............................................................#
#..............................................................#
#..#######.#################################################...#
#..#%%%%%%%%%%%%%%%%%%%%%%%%%%,,%%%%%%%%%%%%%%%%%%%%%%%%%%%#...#
#..#%%%%%%%%%%%%%%%%%%%%%%%%%%,,%%%%%%%%%%%%%%%%%%%%%%%%%%%#...#
#..#%%%%%%%%%%%%%%%%%%%%%%%%%%,,%%%%%%%%%%%%%%%%%%%%%%%%%%%#...#
#..#%%%%%%%%%%%%%%%%%%%%%%%%%%,,%%%%%%%%%%%%%%%%%%%%%%%%%%%#...#
#..#%%%%%%%%%%%%%%%%%%%%%%%%%%,,%%%%%%%%%%%%%%%%%%%%%%%%%%%#...#
#..#%%%%%%%%%%%%%%%%%%%%%%%%%%,,%%%%%%%%%%%%%%%%%%%%%%%%%%%#...#
#..#%%%%%%%%%%%%%%%%%%%%%%%%%%,,%%%%%%%%%%%%%%%%%%%%%%%%%%%#...#
#..#%%%%%%%%%%%%%%%%%%%%%%%%%%,,%%%%%%%%%%%%%%%%%%%%%%%%%%%#...#
#..###############################################%%%%%%%%%#...#
#..#%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%#...#
#..#%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%#...#
#..#%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%#...#
#..#%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%#...#
#..#%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%#...#
#..#%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%#...#
#..#%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%#...#
#...%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%....#
#..#%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%#...#
#..#%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%#...#
#..#%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%#...#
#..#%%%%%%%%%%##############################################...#
#..#%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%#...#
#..#%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%#...#
#..#%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%#...#
#..#%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%#...#
#..#%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%#...#
#..#%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%#...#
#..#%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%#...#
#..#%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%#...#
#..#%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%#...#
#..#%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%#...#
#..#%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%#...#
#..###############################################.#########...#
#..............................................................#
#..............................................................#
################################################################";

#[test]
fn a_hunter_far_from_its_goal_plans_coarse_first_and_walks_it_stretch_by_stretch() {
    let (mut faction, _) = goblins_knowing(FAR_MARSH);
    let mut brain = Brain {
        mode: Mode::Hunt,
        ..Brain::default()
    };
    // The goal 33 rows below the top corridor: wherever along it the
    // first stretch ends, the goal is still far (more than 32 cells), so
    // the way takes two coarse stretches at least.
    let (mut at, goal) = (Pos::new(5, 5), Pos::new(57, 35));
    let mut walked = vec![at];
    let mut stretches = 0;
    for turn in 0..200 {
        if at == goal {
            break;
        }
        faction.start_turn(f64::from(turn));
        let planned_before = faction.counters().coarse_plans;
        let s = senses(at, &empty);
        let intent = MemberTurn::new(&mut faction, &mut brain, &s).pursue(goal);
        if faction.counters().coarse_plans > planned_before {
            stretches += 1;
            // A stretch near it, refined; the rest of the way coarse.
            let end = *brain.raw_plan.last().unwrap();
            assert!(
                at.chebyshev(end) <= crate::ai::coarse_plan::FINE_STRETCH + 1,
                "{at:?} to {end:?}"
            );
            if end != goal {
                assert_eq!(brain.coarse_route.last(), Some(&goal));
                let Thought::FollowingCoarsePlan { clusters, .. } = brain.thought else {
                    panic!("{:?}", brain.thought);
                };
                assert!(clusters >= 1);
                assert!(
                    brain
                        .thought
                        .describe("goblins")
                        .ends_with(&format!("(coarse: {clusters} clusters, then fine)"))
                );
            }
        }
        let Intent::Step { to, .. } = intent else {
            panic!("turn {turn}: {intent:?} ({:?})", brain.thought);
        };
        let outcome = TurnOutcome {
            started_at: at,
            happened: Happened::Stepped { to },
            now: s.now,
        };
        conclude(&mut faction, &mut brain, outcome, |_| None);
        at = to;
        walked.push(at);
    }
    assert_eq!(at, goal, "got there");
    assert!(stretches >= 2, "planned again as it walked: {stretches}");
    // Out by the top gap and round by the corridor: the swamp is dear.
    let grid = faction.grid().unwrap();
    let cost = gridpath::path_cost(grid, &walked).unwrap();
    let best = gridpath::AStar::new()
        .find_path(grid, walked[0], goal, &gridpath::SearchOptions::default())
        .unwrap()
        .unwrap()
        .cost;
    assert!(cost <= best * 1.05, "{cost} against the cheapest {best}");
    // Every far ask answered at once (within two clusters of the goal, the
    // planner's search).
    assert_eq!(faction.counters().far_plans, stretches);
}

#[test]
fn a_hunter_whose_way_round_stalls_gives_its_cell_up_and_approaches_plainly() {
    // A one-wide corridor (row 4) with a loop above it. The player at 4,4
    // is fought from 3,4 by a packmate (F) that stays; the goblin at 2,4
    // takes the free cell on the far side, 5,4, and goes round the loop
    // (19 steps, dearer through the fighter). A stranger (S) stands in
    // the loop at 5,1, out of the way its plan priced, and does not make
    // way: its way round stalls. It must not hold the cell for good (the
    // frozen hunt of pack20's flanking: 60 actions): past the way's
    // length and SPOT_SLACK turns it lets the cell go, heads for the
    // player plainly, and nobody holds 5,4.
    let map = "###########\n\
               #.........#\n\
               #.#######.#\n\
               #.#######.#\n\
               #...@.....#\n\
               ###########";
    let (mut faction, _) = goblins_knowing(map);
    let mut rng = ChaCha8Rng::seed_from_u64(1);
    let (player, fighter, stranger) = (Pos::new(4, 4), Pos::new(3, 4), Pos::new(5, 1));
    let far_side = Pos::new(5, 4);
    let body = move |p: Pos| {
        if p == fighter {
            Body::Packmate {
                yields: false,
                keeps_place: true,
                hunts: false,
            }
        } else if p == stranger {
            Body::Stranger {
                yields: false,
                keeps_place: true,
                hunts: false,
            }
        } else if p == player {
            Body::Player
        } else {
            Body::Empty
        }
    };
    let mut at = Pos::new(2, 4);
    let mut brain = Brain::default();
    let mut went_round = false;
    let mut gave_up = None;
    for turn in 0..40u32 {
        let mut s = senses(at, &body);
        s.player_seen = Some(player);
        // The fighter lasts long (a hobgoblin): the way round is cheaper
        // than waiting behind it.
        s.fight_turns = 25.0;
        s.now = f64::from(turn);
        s.turn = u64::from(turn);
        faction.start_turn(s.now);
        let intent = MemberTurn::new(&mut faction, &mut brain, &s).think(&mut rng);
        // Where the goblin is at each turn: on the corridor or the loop,
        // never past the stranger nor on the far side.
        assert_ne!(at, far_side, "turn {turn}: it cannot get there");
        went_round |= at.y < 4;
        if gave_up.is_none() && faction.spots().held_by(1).is_none() {
            gave_up = Some(turn);
            assert_eq!(brain.goal, Some(player), "turn {turn}: {:?}", brain.thought);
            // The overlay says why it left the cell.
            assert_eq!(
                brain.thought,
                Thought::GivesUpSpot { spot: far_side },
                "turn {turn}"
            );
        }
        if gave_up.is_some() {
            // Given up, the cell stays free: it does not set out on the
            // same stalled way again.
            assert_eq!(faction.spots().holder(far_side), None, "turn {turn}");
        }
        let happened = match intent {
            Intent::Step { to, .. } => {
                at = to;
                Happened::Stepped { to }
            }
            _ => Happened::Waited,
        };
        let outcome = TurnOutcome {
            started_at: s.at,
            happened,
            now: s.now,
        };
        conclude(&mut faction, &mut brain, outcome, |_| None);
    }
    assert!(went_round, "it set out round the loop");
    let gave_up = gave_up.expect("it let the cell go");
    // The way round was 19 steps when its plan came: 19 + SPOT_SLACK own
    // turns at most, and at least the turns it walked.
    assert!(
        (7..=1 + 19 + SPOT_SLACK).contains(&gave_up),
        "gave up at {gave_up}"
    );
}

/// A room with two doors on its west wall (2,2 and 2,6), joined outside
/// by a one-wide corridor (column 1). The player stands at 3,2, just
/// inside the north door, which a packmate (F) fights it from: no blow
/// comes through that door but F's (the door's wall corners forbid a
/// diagonal step in), so a hunter behind F waits for F's fight to end, or
/// goes round through the south door.
const TWO_DOORS: &str = "########\n\
                         #.#....#\n\
                         #.'@...#\n\
                         #.#....#\n\
                         #.#....#\n\
                         #.#....#\n\
                         #.'....#\n\
                         #......#\n\
                         ########";

/// What the hunter at `at` (actor 1) does, F fighting from the north
/// door and packmates queued at `queued`, each fight lasting
/// `fight_turns`: its first step, and the cell it holds then. It thinks
/// turn after turn, standing still, until it steps (its plan comes within
/// a few turns); `None` if it only waits.
fn first_step_at_the_two_doors(
    at: Pos,
    queued: &[Pos],
    fight_turns: f64,
) -> (Option<Pos>, Option<Pos>, Brain) {
    let (faction, _) = goblins_knowing(TWO_DOORS);
    let (player, fighter) = (Pos::new(3, 2), Pos::new(2, 2));
    first_step_behind_a_fighter(faction, at, (player, fighter), queued, (fight_turns, 8))
}

/// What the hunter at `at` (actor 1) of `faction` does while the player
/// stands at `scene.0`, fought from `scene.1` by actor 2 (which holds that
/// cell), packmates standing at `queued` and each fight lasting
/// `fight_turns`: its first step and the cell it holds then. It thinks
/// turn after turn (`turns` of them, at times 0, 1, ...), standing still,
/// until it steps (its plan comes within a few turns); `None` if it only
/// waits. Its brain's `held_turns` tells how many turns it stood first.
fn first_step_behind_a_fighter(
    mut faction: Faction,
    at: Pos,
    (player, fighter): (Pos, Pos),
    queued: &[Pos],
    (fight_turns, turns): (f64, u32),
) -> (Option<Pos>, Option<Pos>, Brain) {
    let mut rng = ChaCha8Rng::seed_from_u64(1);
    faction.spots_mut().claim(2, fighter, fighter);
    let queued = queued.to_vec();
    let body = move |p: Pos| {
        if p == player {
            Body::Player
        } else if p == fighter || queued.contains(&p) {
            Body::Packmate {
                yields: false,
                keeps_place: true,
                hunts: false,
            }
        } else {
            Body::Empty
        }
    };
    let mut brain = Brain::default();
    for turn in 0..turns {
        let mut s = senses(at, &body);
        s.player_seen = Some(player);
        s.now = f64::from(turn);
        s.turn = u64::from(turn);
        s.fight_turns = fight_turns;
        faction.start_turn(s.now);
        let intent = MemberTurn::new(&mut faction, &mut brain, &s).think(&mut rng);
        if let Intent::Step { to, .. } = intent {
            return (Some(to), faction.spots().held_by(1), brain);
        }
        let outcome = TurnOutcome {
            started_at: at,
            happened: Happened::Waited,
            now: s.now,
        };
        conclude(&mut faction, &mut brain, outcome, |_| None);
    }
    (None, faction.spots().held_by(1), brain)
}

#[test]
fn the_third_of_a_pack_at_a_door_goes_round_through_the_other_and_the_second_waits() {
    // Three goblins at the north door of TWO_DOORS: F in the doorway at
    // 2,2 fighting the player at 3,2, the second at 1,2 behind it, the
    // third at 1,3 behind that (its way through the door passes both).
    // A fight lasts 4 turns. The way round, down the corridor and in by
    // the south door to a free cell beside the player, is 7-8 steps.
    // The third: 2 fights to wait (about 10) against 8 steps: it goes
    // round, holding its cell beside the player, its first step south
    // (1,4) and its plan through the south door (2,6).
    let (second, third) = (Pos::new(1, 2), Pos::new(1, 3));
    let (step, held, brain) = first_step_at_the_two_doors(third, &[second], 4.0);
    assert_eq!(step, Some(Pos::new(1, 4)), "{:?}", brain.thought);
    let spot = held.expect("it keeps a cell beside the player");
    assert_eq!(spot.chebyshev(Pos::new(3, 2)), 1, "{spot:?}");
    assert!(brain.plan.contains(&Pos::new(2, 6)), "{:?}", brain.plan);
    // The way round is timed, to be given up if it stalls (its allowance
    // grows to the plan's length and SPOT_SLACK more at its next turn,
    // the plan having come after this turn's count).
    let way = brain.spot_way.expect("its way to the cell is timed");
    assert_eq!((way.spot, way.given_up_at), (spot, None), "{way:?}");
    // The second: one fight to wait (about 5) against 9 steps round: it
    // waits behind F, never setting out round.
    let (step, _, brain) = first_step_at_the_two_doors(second, &[third], 4.0);
    assert_eq!(step, None, "{:?}, plan {:?}", brain.thought, brain.plan);
    assert!(!brain.plan.contains(&Pos::new(2, 6)), "{:?}", brain.plan);
    // Long fights (a hobgoblin's, 12 turns), nobody behind it: waiting
    // one is dearer than the way round, and the second goes round too.
    let (step, _, brain) = first_step_at_the_two_doors(second, &[], 12.0);
    assert!(brain.plan.contains(&Pos::new(2, 6)), "{:?}", brain.plan);
    assert_eq!(step, Some(third), "{:?}", brain.thought);
}

#[test]
fn a_hunter_waits_for_room_only_on_a_cell_its_faction_has_seen() {
    // The player at 4,3 in a one-wide corridor, fought from both sides
    // (3,3 and 5,3); the goblin at 2,3 behind one of them. Its faction
    // knows the corridor and its walls (rows 2-4) but has never seen row
    // 1 behind the rock, which it believes open and reached past 1,2.
    // Cells there two from the player used to pass for places to wait
    // out of the way (tworoom seed 3: wolves queued in a corridor took
    // cells behind its wall as theirs). It holds none of them: with no
    // cell next to the player free and no seen place to wait, it heads
    // for the player plainly.
    let map = "#########\n\
               #.......#\n\
               #.#######\n\
               #...@...#\n\
               #########";
    let level = level::text::parse(map).unwrap();
    let config = MonsterConfig::shipped().unwrap();
    let goblins = config.faction("goblins").unwrap().clone();
    let mut faction = Faction::new(
        goblins.clone(),
        FactionKnowledge::new(level.width(), level.height()),
    );
    faction.rebuild(goblins).unwrap();
    for y in 2..5 {
        for x in 0..9 {
            let cell = Pos::new(x, y);
            faction.observe(cell, level.terrain_at(cell).unwrap(), 0.0);
        }
    }
    faction.sync_view();
    faction.start_turn(0.0);
    let (player, at) = (Pos::new(4, 3), Pos::new(2, 3));
    let fighters = [Pos::new(3, 3), Pos::new(5, 3)];
    let body = move |p: Pos| {
        if fighters.contains(&p) {
            Body::Packmate {
                yields: false,
                keeps_place: true,
                hunts: false,
            }
        } else if p == player {
            Body::Player
        } else {
            Body::Empty
        }
    };
    let mut s = senses(at, &body);
    s.player_seen = Some(player);
    let mut brain = Brain::default();
    let mut rng = ChaCha8Rng::seed_from_u64(1);
    MemberTurn::new(&mut faction, &mut brain, &s).think(&mut rng);
    assert_eq!(
        faction.spots().held_by(1),
        None,
        "{:?}, goal {:?}",
        brain.thought,
        brain.goal
    );
    assert_eq!(brain.goal, Some(player), "{:?}", brain.thought);
}

#[test]
fn a_stroller_that_gives_a_noise_up_does_not_walk_back_the_stroll_it_broke_off() {
    // Caves seed 4 (turns 257-265): wolf 7 strolled west from 24,27 to
    // 23,27 toward 29,34, heard a fight at 51,29 behind it and stepped
    // back onto 24,27 while its search ran; the planner gave the search
    // up, the wolf the noise, and it took its old stroll up again, west
    // onto 23,27: A-B-A-B. Here, in a room 25 by 15, it strolled west from
    // 6,7 to 5,7 toward 1,7, stepped back onto 6,7 toward a noise at 20,7,
    // and no plan came
    // (a spot beside the noise unreachable, as a search given up leaves
    // it). A noise it took up ended the stroll it was on: it strolls on
    // from where it stands, never back onto 5,7.
    let rows = format!("@{}", vec![".".repeat(25); 15].join("\n")[1..].to_owned());
    let (mut faction, _) = goblins_knowing(&rows);
    let noise = Pos::new(20, 7);
    let left = Pos::new(5, 7);
    for seed in 0..12 {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let mut brain = Brain {
            mode: Mode::Investigate,
            noise: Some(noise),
            investigating: Some((noise, 1)),
            unreachable: Some(Pos::new(19, 7)),
            wander_target: Some(Pos::new(1, 7)),
            wander_until: 100.0,
            came_from: Some(left),
            came_strolling: false,
            ..Brain::default()
        };
        let (mut at, mut s) = (Pos::new(6, 7), senses(Pos::new(6, 7), &empty));
        for turn in 0..6 {
            s.at = at;
            faction.start_turn(s.now);
            let intent = MemberTurn::new(&mut faction, &mut brain, &s).think(&mut rng);
            assert_eq!(brain.noise, None, "seed {seed}: it gave the noise up");
            let happened = match intent {
                Intent::Step { to, .. } => {
                    assert_ne!(to, left, "seed {seed}, turn {turn}: {:?}", brain.thought);
                    Happened::Stepped { to }
                }
                _ => Happened::Waited,
            };
            let outcome = TurnOutcome {
                started_at: at,
                happened,
                now: s.now,
            };
            conclude(&mut faction, &mut brain, outcome, |_| None);
            if let Happened::Stepped { to } = happened {
                at = to;
            }
            if at != Pos::new(6, 7) {
                break;
            }
            s.now += 1.0;
            s.turn += 1;
        }
    }
}

#[test]
fn an_idler_moved_aside_by_a_passer_does_not_stroll_off_back_onto_the_cell_it_left() {
    // Maze of one-wide corridors with loops (a level of our own, seed 2,
    // turns 152-160): rat 12 idled at 37,9 at the end of its stroll; rat
    // 3, passing west, traded places with it and put it on 38,9; its next
    // stroll set out west, back onto 37,9 (A-B-A-B, the trade
    // included). Being moved is a step for the rule against pacing: its
    // next stroll does not set out back onto the cell it was moved off.
    // Open floor, 31 by 31: the idler stood on 15,15 and was moved to
    // 14,15.
    let rows = format!("@{}", vec![".".repeat(31); 31].join("\n")[1..].to_owned());
    let (mut faction, _) = goblins_knowing(&rows);
    let (moved_off, at) = (Pos::new(15, 15), Pos::new(14, 15));
    let s = senses(at, &empty);
    let mut strolls = 0;
    for seed in 0..200 {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let mut brain = Brain::default();
        let outcome = TurnOutcome {
            started_at: moved_off,
            happened: Happened::Displaced { to: at, by: 2 },
            now: s.now,
        };
        conclude(&mut faction, &mut brain, outcome, |_| None);
        let intent = MemberTurn::new(&mut faction, &mut brain, &s).think(&mut rng);
        if let Intent::Step { to, .. } = intent {
            assert_ne!(to, moved_off, "seed {seed}: {:?}", brain.thought);
            strolls += 1;
        }
    }
    assert!(strolls > 100, "it strolled on: {strolls} of 200");
}

#[test]
fn a_stroll_whose_way_sets_out_back_the_way_it_came_is_not_walked() {
    // A maze of one-wide corridors with loops (a level of our own, seed 1,
    // turns 52-56): a goblin stepped west strolling, drew a spot that lay
    // ahead as the crow flies, and its planned way there began east, back
    // onto the cell it had left; once there, the next stroll's way began
    // west again: A-B-A-B. The picker refuses a straight stroll that
    // turns back; a planned one that does is refused when its way comes.
    // Here it stepped west from 6,1 to 5,1, and a way to 9,1 comes.
    let (mut faction, _) = goblins_knowing(
        "@##########\n\
         ...........\n\
         ###########",
    );
    let (at, back) = (Pos::new(5, 1), Pos::new(6, 1));
    let along = |xs: Vec<i32>| {
        let cells: Vec<Pos> = xs.into_iter().map(|x| Pos::new(x, 1)).collect();
        PlanOutcome::Path(gridpath::Path {
            cost: (cells.len() - 1) as f64,
            cells,
        })
    };
    let s = senses(at, &empty);
    let strolling_to = |target: Pos| Brain {
        came_from: Some(back),
        came_strolling: true,
        wander_target: Some(target),
        ..Brain::default()
    };
    let east = Pos::new(9, 1);
    let mut brain = strolling_to(east);
    let way_back = Finished {
        actor: 1,
        from: at,
        goal: east,
        outcome: along((5..=9).collect()),
    };
    MemberTurn::new(&mut faction, &mut brain, &s).adopt(way_back);
    assert!(brain.plan.is_empty(), "{:?}", brain.plan);
    assert_eq!(brain.unreachable, Some(east), "the stroll is dropped");
    // It keeps the way it came: its next stroll, this same turn, walks on
    // along the ground ahead (`wander::tests`, a near stroller whose
    // planned way sets out back).
    assert_eq!(brain.came_from, Some(back), "the next one walks on ahead");
    // A way that sets out ahead is walked.
    let west = Pos::new(1, 1);
    let mut brain = strolling_to(west);
    let way_ahead = Finished {
        actor: 1,
        from: at,
        goal: west,
        outcome: along((1..=5).rev().collect()),
    };
    MemberTurn::new(&mut faction, &mut brain, &s).adopt(way_ahead);
    assert_eq!(brain.plan.first(), Some(&Pos::new(4, 1)));
    assert_eq!(brain.came_from, Some(back));
}

/// A goblin hunter's turn at `at` on open ground (9 by 6), seeing the
/// player at `player`, with packmates that neither make way nor keep
/// their place at `mates`: its brain after the turn and what it does.
fn hunter_in_the_open(player: Pos, mates: &[Pos], at: Pos) -> (Brain, Intent) {
    let (mut faction, _) = goblins_knowing(
        "@........\n\
         .........\n\
         .........\n\
         .........\n\
         .........\n\
         .........",
    );
    let mut rng = ChaCha8Rng::seed_from_u64(1);
    let body_at = |p: Pos| {
        if p == player {
            Body::Player
        } else if mates.contains(&p) {
            Body::Packmate {
                yields: false,
                keeps_place: false,
                hunts: false,
            }
        } else {
            Body::Empty
        }
    };
    let mut s = senses(at, &body_at);
    s.player_seen = Some(player);
    let mut brain = Brain::default();
    let intent = MemberTurn::new(&mut faction, &mut brain, &s).think(&mut rng);
    (brain, intent)
}

#[test]
fn a_hunter_behind_its_packmates_heads_for_the_cell_beside_the_player_it_can_walk_round_to() {
    // The player at 4,1, three packmates in a row at 3..=5,3 and the
    // hunter behind them at 4,4. The cell next to the player nearest as
    // the crow flies, 4,2, lies straight through them (4 steps round);
    // 3,2 and 5,2 are 3 steps round them.
    let mates = [Pos::new(3, 3), Pos::new(4, 3), Pos::new(5, 3)];
    let (brain, intent) = hunter_in_the_open(Pos::new(4, 1), &mates, Pos::new(4, 4));
    let lane = Pos::new(3, 2);
    assert_eq!(brain.thought, Thought::TakesSpotBeside { spot: lane });
    assert_eq!(brain.spot, Some(lane));
    // It sets off round its packmates, not into them.
    match intent {
        Intent::Step { to, .. } => assert!(!mates.contains(&to), "{intent:?}"),
        other => panic!("it should step round its packmates: {other:?}"),
    }
}

#[test]
fn of_two_cells_beside_the_player_a_step_away_a_hunter_takes_the_one_beside_more_of_its_steps() {
    // The player at 4,2 in the open, the hunter at 6,3: 5,3 (diagonal to
    // the player, nearer as the crow flies) and 5,2 (straight beside
    // it) are each a step away. From 5,2 it is still next to the player
    // after a step to 4,1, 5,1, 4,3 or 5,3; from 5,3 only after one to
    // 4,3 or 5,2.
    let (brain, intent) = hunter_in_the_open(Pos::new(4, 2), &[], Pos::new(6, 3));
    let flank = Pos::new(5, 2);
    assert_eq!(brain.thought, Thought::TakesSpotBeside { spot: flank });
    assert!(
        matches!(intent, Intent::Step { to, .. } if to == flank),
        "{intent:?}"
    );
}

/// A room (x 9-13) with a door in its west wall at 8,1 and one in its
/// floor at 11,9; outside, a one-wide corridor from the west door runs
/// west, down column 1 and back east under the room to the floor door:
/// 33 steps from inside the west door round to the cell outside it.
const LONG_LOOP: &str = "###############\n\
                         #.......'.....#\n\
                         #.#######.....#\n\
                         #.#######.....#\n\
                         #.#######.....#\n\
                         #.#######..@..#\n\
                         #.#######.....#\n\
                         #.#######.....#\n\
                         #.#######.....#\n\
                         #.#########'###\n\
                         #...........###\n\
                         ###############";

/// What the wolf at `at` (actor 1) does with the player standing in
/// LONG_LOOP's west doorway (8,1) and a packmate (F) fighting it from the
/// room (9,1), fights lasting `fight_turns`: its first step and the cell
/// it holds then, as [`first_step_behind_a_fighter`] (`turns` of them).
fn wolf_s_first_step_behind_the_door_the_player_stands_in(
    at: Pos,
    fight_turns: f64,
    turns: u32,
) -> (Option<Pos>, Option<Pos>, Brain) {
    let config = MonsterConfig::shipped().unwrap();
    let wolves = config.faction("wolves").unwrap().clone();
    let level = level::text::parse(LONG_LOOP).unwrap();
    let mut faction = Faction::new(wolves.clone(), FactionKnowledge::omniscient(&level));
    faction.rebuild(wolves).unwrap();
    let (player, fighter) = (Pos::new(8, 1), Pos::new(9, 1));
    first_step_behind_a_fighter(faction, at, (player, fighter), &[], (fight_turns, turns))
}

#[test]
fn a_wolf_behind_the_fighter_in_the_player_s_doorway_waits_out_a_short_fight_and_goes_round_a_long_one()
 {
    // The player stands in LONG_LOOP's west doorway (8,1), fought from the
    // room by F at 9,1; the wolf at 10,2 is behind F. The door's wall
    // corners forbid a diagonal step, so no cell next to the player is
    // free on the room's side: the one free cell, 7,1 outside, is reached
    // round the loop (33 steps), or F's cell comes free when its fight
    // ends. Fights of 2 turns: it waits behind F through all 8 turns,
    // never setting out round (a plan through F and the player's cell
    // stands for that wait, and holds no cell beyond the player).
    let (step, _, brain) =
        wolf_s_first_step_behind_the_door_the_player_stands_in(Pos::new(10, 2), 2.0, 8);
    assert_eq!(step, None, "{:?}, plan {:?}", brain.thought, brain.plan);
    assert!(!brain.plan.contains(&Pos::new(11, 9)), "{:?}", brain.plan);
    // Fights of 40 turns: waiting one is dearer than the way round. It
    // holds 7,1 and sets out round at once: its first step away from the
    // door (10,3), its plan out by the floor door (11,9).
    let (step, held, brain) =
        wolf_s_first_step_behind_the_door_the_player_stands_in(Pos::new(10, 2), 40.0, 8);
    assert_eq!(held, Some(Pos::new(7, 1)), "{:?}", brain.thought);
    assert_eq!(step, Some(Pos::new(10, 3)), "{:?}", brain.thought);
    assert!(brain.plan.contains(&Pos::new(11, 9)), "{:?}", brain.plan);
}

#[test]
fn a_wolf_that_has_waited_longer_than_the_way_round_goes_round() {
    // LONG_LOOP again, fights estimated at 2 turns, but F's fight goes on
    // (a player who does not fall). The wolf at 10,2 waits behind F, at
    // 10,2 from time 0, while its wait is shorter than the way round (33
    // steps); once it has waited longer, it holds 7,1 outside the door and
    // sets out round: its first step 10,3, its plan out by the floor door
    // (11,9). Priced at the fight's estimate alone it waited all 60 turns
    // (it had given 7,1 up when its way there stalled, and took it again
    // only once it had waited longer than that way was allowed).
    let (step, held, brain) =
        wolf_s_first_step_behind_the_door_the_player_stands_in(Pos::new(10, 2), 2.0, 60);
    assert_eq!(step, Some(Pos::new(10, 3)), "{:?}", brain.thought);
    assert_eq!(held, Some(Pos::new(7, 1)), "{:?}", brain.thought);
    assert!(brain.plan.contains(&Pos::new(11, 9)), "{:?}", brain.plan);
    // It stood about as long as the way round (33 steps, against the two
    // through F and the doorway plus the wait so far), and no longer than
    // a few replans past it.
    let waited = brain.held_turns;
    assert!(
        (28..=33 + 8).contains(&waited),
        "it stood {waited} turns at 10,2 first"
    );
}

/// The player stands in a doorway (3,3) of a wall across a room, fought
/// from both sides of it: by G (actor 4) from 3,2 and by F (actor 2) from
/// 3,4. The door's wall corners forbid a diagonal blow, so no other cell
/// next to the player is one to strike from (`@` marks a floor cell).
const DOORWAY_FOUGHT_FROM_BOTH_SIDES: &str = "#######\n\
                                              #@....#\n\
                                              #.....#\n\
                                              ###'###\n\
                                              #.....#\n\
                                              #.....#\n\
                                              #######";

/// One member's turn in the doorway queue scenes below: `actor` thinks on
/// player turn `turn` (its time), seeing the player at `player` and the
/// bodies `body` says, steps where its intent says when that cell is free,
/// and concludes the turn.
fn queue_member_turn(
    faction: &mut Faction,
    brain: &mut Brain,
    at: &mut Pos,
    (actor, turn, player): (usize, u32, Pos),
    body: &dyn Fn(Pos) -> Body,
    rng: &mut ChaCha8Rng,
) {
    let now = f64::from(turn);
    let mut s = senses(*at, body);
    s.actor = actor;
    s.player_seen = Some(player);
    s.now = now;
    s.turn = u64::from(turn);
    let intent = MemberTurn::new(faction, brain, &s).think(rng);
    let happened = match intent {
        Intent::Step { to, .. } if body(to) == Body::Empty => {
            *at = to;
            Happened::Stepped { to }
        }
        _ => Happened::Waited,
    };
    let outcome = TurnOutcome {
        started_at: s.at,
        happened,
        now,
    };
    conclude(faction, brain, outcome, |_| None);
    // The game tells the faction where the member stands after its move.
    faction.spots_mut().holder_stands(actor, *at);
}

/// A (actor 1) and B (actor 3) below the door of
/// DOORWAY_FOUGHT_FROM_BOTH_SIDES, F (actor 2) fighting from 3,4 until
/// time 5, G (actor 4) from 3,2 when `fought_above`: A from time 0 at
/// 2,4, B from time 2 at 4,4, B acting first in every turn. Each thinks
/// and steps where its intent says. Their cells after each turn, and who
/// holds F's cell at the end.
fn queue_below_the_door(fought_above: bool) -> (Vec<(u32, [Pos; 2])>, Option<usize>) {
    let (mut faction, _) = goblins_knowing(DOORWAY_FOUGHT_FROM_BOTH_SIDES);
    let (player, above, below) = (Pos::new(3, 3), Pos::new(3, 2), Pos::new(3, 4));
    let above_fought = fought_above;
    if above_fought {
        faction.spots_mut().claim(4, above, above);
    }
    faction.spots_mut().claim(2, below, below);
    let mut rng = ChaCha8Rng::seed_from_u64(1);
    let mut at = [Pos::new(2, 4), Pos::new(4, 4)];
    let mut brains = [Brain::default(), Brain::default()];
    let mut cells = Vec::new();
    for turn in 0..=5u32 {
        let now = f64::from(turn);
        let fighter_there = turn < 5;
        if !fighter_there {
            faction.forget_member(2);
        }
        faction.start_turn(now);
        // B (index 1, actor 3) first, from time 2; then A (index 0, actor 1).
        for (index, actor) in [(1usize, 3usize), (0, 1)] {
            if index == 1 && turn < 2 {
                continue;
            }
            let others: Vec<Pos> = (0..2)
                .filter(|&i| i != index && (i == 0 || turn >= 2))
                .map(|i| at[i])
                .collect();
            let body = |p: Pos| {
                if p == player {
                    Body::Player
                } else if (p == above && above_fought)
                    || (p == below && fighter_there)
                    || others.contains(&p)
                {
                    Body::Packmate {
                        yields: false,
                        keeps_place: true,
                        hunts: false,
                    }
                } else {
                    Body::Empty
                }
            };
            queue_member_turn(
                &mut faction,
                &mut brains[index],
                &mut at[index],
                (actor, turn, player),
                &body,
                &mut rng,
            );
        }
        cells.push((turn, at));
    }
    (cells, faction.spots().holder(below))
}

#[test]
fn the_hunter_that_waited_longest_takes_the_cell_beside_the_player_that_comes_free() {
    // A (actor 1) waits below the door from time 0 at 2,4, beside F's
    // cell; B (actor 3) comes at time 2 to 4,4, beside it on the other
    // side, and acts before A in every turn. Turn by turn each thinks and
    // steps where its intent says (both step back to a place to wait). At
    // time 5 F has fled: its cell 3,4 is free. B, first in the turn, does
    // not take it: A, waiting since 0, is a legal step from it. A does.
    // Without the queue B took it (twin-halls, depth 5, seed 8: a wolf
    // waited 16 turns while later packmates took the freed cell twice).
    let (cells, holder) = queue_below_the_door(true);
    let below = Pos::new(3, 4);
    // A steps back to wait at 2,5 at once, B to 4,5 at time 2; at time 5
    // B stays at 4,5 and A steps up into 3,4.
    let (a_waits, b_waits) = (Pos::new(2, 5), Pos::new(4, 5));
    let expected: Vec<(u32, [Pos; 2])> = vec![
        (0, [a_waits, Pos::new(4, 4)]),
        (1, [a_waits, Pos::new(4, 4)]),
        (2, [a_waits, b_waits]),
        (3, [a_waits, b_waits]),
        (4, [a_waits, b_waits]),
        (5, [below, b_waits]),
    ];
    assert_eq!(cells, expected);
    assert_eq!(holder, Some(1), "{cells:?}");
    // Nobody fights from above: 3,2 is free, but reached only through
    // the player (the wall has no other door). A holds it and stands at
    // 2,4, diagonal to the player across the door's corner, blocked by F;
    // B waits for room at 4,5 from time 2. They wait their turn all the
    // same: at time 5 B stays and A, the first, steps into 3,4. (A
    // diagonal to the player, no blow possible, waits like one further
    // off: twin-halls' wolf 4 stood so at 9,2.)
    let (cells, holder) = queue_below_the_door(false);
    let expected: Vec<(u32, [Pos; 2])> = vec![
        (0, [Pos::new(2, 4), Pos::new(4, 4)]),
        (1, [Pos::new(2, 4), Pos::new(4, 4)]),
        (2, [Pos::new(2, 4), b_waits]),
        (3, [Pos::new(2, 4), b_waits]),
        (4, [Pos::new(2, 4), b_waits]),
        (5, [below, b_waits]),
    ];
    assert_eq!(cells, expected);
    assert_eq!(holder, Some(1), "{cells:?}");
}

#[test]
fn a_plan_through_a_freed_cell_beside_the_player_leaves_it_to_the_longer_waiter() {
    // DOORWAY_FOUGHT_FROM_BOTH_SIDES with F gone: 3,4 below the door is
    // free. A (actor 1) at 2,4 has waited for a cell next to the player
    // since time 0; B (actor 3) at 4,4, hunting, its plan's next step
    // 3,4 (on to the far side, say), waits at time 5 instead of stepping
    // in: the cell is A's. So it is once A holds it. With nobody waiting
    // before it and nobody holding the cell, it steps.
    let (mut faction, _) = goblins_knowing(DOORWAY_FOUGHT_FROM_BOTH_SIDES);
    let (player, a, b, freed) = (
        Pos::new(3, 3),
        Pos::new(2, 4),
        Pos::new(4, 4),
        Pos::new(3, 4),
    );
    let body = move |p: Pos| {
        if p == player {
            Body::Player
        } else if p == a {
            Body::Packmate {
                yields: false,
                keeps_place: true,
                hunts: false,
            }
        } else {
            Body::Empty
        }
    };
    let step_of_b = |faction: &mut Faction| {
        let mut brain = Brain {
            mode: Mode::Hunt,
            goal: Some(Pos::new(3, 2)),
            plan: vec![freed],
            ..Brain::default()
        };
        let mut s = senses(b, &body);
        s.actor = 3;
        s.player_seen = Some(player);
        s.now = 5.0;
        let intent = MemberTurn::new(faction, &mut brain, &s).step_along(freed);
        (intent, brain.thought)
    };
    faction.spots_mut().wait(1, player, a, 0.0);
    faction.spots_mut().wait(1, player, a, 4.0);
    let (intent, thought) = step_of_b(&mut faction);
    assert_eq!(intent, Intent::Wait);
    assert_eq!(thought, Thought::LeavesCellToPackmate { cell: freed });
    // A, first, took the freed cell as its own and is about to step in,
    // keeping its place in the queue: B leaves it to A all the same.
    faction.spots_mut().claim(1, freed, a);
    faction.spots_mut().keep_waiting(1, player, a, 5.0);
    let (intent, thought) = step_of_b(&mut faction);
    assert_eq!(intent, Intent::Wait);
    assert_eq!(thought, Thought::LeavesCellToPackmate { cell: freed });
    // A holder that never queued keeps no cell from B's plan; nor does
    // anybody once A is gone.
    faction.spots_mut().stop_waiting(1);
    let (intent, _) = step_of_b(&mut faction);
    assert!(
        matches!(intent, Intent::Step { to, .. } if to == freed),
        "{intent:?}"
    );
    faction.spots_mut().release(1);
    let (intent, _) = step_of_b(&mut faction);
    assert!(
        matches!(intent, Intent::Step { to, .. } if to == freed),
        "{intent:?}"
    );
}

#[test]
fn a_member_that_takes_the_shared_field_drops_its_own_search() {
    // Swamp seed 4 with the evader: a goblin asked for its own search of
    // the last known cell, then followed the faction's field there along
    // the ring road; its search, left running, ran out of the planner's
    // turns, and its "given up", taken at the far door when the field
    // lagged a turn, marked the place out of reach: it turned to a spot
    // across the marsh and gave up 22 cells from the place. Once on the
    // field, the field plans its way: its own search is dropped.
    let (mut faction, _) = goblins_knowing(WALL_IN_THE_FIELD);
    let mut rng = ChaCha8Rng::seed_from_u64(1);
    let player = Pos::new(15, 2);
    let mut s = senses(Pos::new(0, 0), &empty);
    faction.request_plan(crate::ai::request_queue::PlanRequest {
        actor: s.actor,
        from: s.at,
        goal: player,
        priority: 0,
        has_plan: false,
        overrides: Vec::new(),
    });
    assert!(faction.is_planning(s.actor), "the fixture");
    s.player_seen = Some(player);
    let mut brain = Brain::default();
    MemberTurn::new(&mut faction, &mut brain, &s).think(&mut rng);
    assert_eq!(brain.thought, Thought::FollowingField { target: player });
    assert!(!faction.is_planning(s.actor), "its own search is dropped");
}

/// A (actor 1) and B (actor 3) below the door of
/// DOORWAY_FOUGHT_FROM_BOTH_SIDES, nobody above, F (actor 2) fighting
/// from 3,4 until time 5. A waits from time 0 at 2,4, a step from F's
/// cell (its wait recorded, as its own turns would), and at time 5 has
/// stepped aside to 1,4, two cells off (to let a hurt fighter out, say);
/// from then on it thinks. B comes at time 2 to 4,4, a step from F's
/// cell. A acts first in each turn. Each steps where its intent says,
/// through time 8. Returns the cells of A and B after each turn.
fn queue_with_a_waiter_two_off() -> Vec<(u32, [Pos; 2])> {
    let (mut faction, _) = goblins_knowing(DOORWAY_FOUGHT_FROM_BOTH_SIDES);
    let (player, below) = (Pos::new(3, 3), Pos::new(3, 4));
    faction.spots_mut().claim(2, below, below);
    let mut rng = ChaCha8Rng::seed_from_u64(1);
    let mut at = [Pos::new(2, 4), Pos::new(4, 4)];
    let mut brains = [Brain::default(), Brain::default()];
    let mut cells = Vec::new();
    for turn in 0..=8u32 {
        let now = f64::from(turn);
        let fighter_there = turn < 5;
        if !fighter_there {
            faction.forget_member(2);
        }
        faction.start_turn(now);
        if turn < 5 {
            faction.spots_mut().wait(1, player, at[0], now);
        }
        if turn == 5 {
            at[0] = Pos::new(1, 4);
        }
        for (index, actor) in [(0usize, 1usize), (1, 3)] {
            if (index == 0 && turn < 5) || (index == 1 && turn < 2) {
                continue;
            }
            let others: Vec<Pos> = (0..2)
                .filter(|&i| i != index && (i == 0 || turn >= 2))
                .map(|i| at[i])
                .collect();
            let body = |p: Pos| {
                if p == player {
                    Body::Player
                } else if (p == below && fighter_there) || others.contains(&p) {
                    Body::Packmate {
                        yields: false,
                        keeps_place: true,
                        hunts: false,
                    }
                } else {
                    Body::Empty
                }
            };
            queue_member_turn(
                &mut faction,
                &mut brains[index],
                &mut at[index],
                (actor, turn, player),
                &body,
                &mut rng,
            );
        }
        cells.push((turn, at));
    }
    cells
}

#[test]
fn a_waiter_two_cells_off_keeps_the_freed_cell_against_one_that_came_later() {
    // #######
    // #@....#
    // #.....#
    // ###'###   the player at 3,3 in the doorway
    // #.AFB.#   F (actor 2) fights from 3,4 until time 5; A waits at 2,4
    // #.....#   from time 0, B at 4,4 from time 2
    // #######
    // At time 5 F is gone and A has stepped aside to 1,4, two cells off
    // its cell; A heads back for it, B, a step from it, leaves it to A
    // (without the queue B stepped in at time 5 and A stood at 2,4).
    let cells = queue_with_a_waiter_two_off();
    let (a_wait, b_wait, freed) = (Pos::new(2, 4), Pos::new(4, 4), Pos::new(3, 4));
    let want: Vec<(u32, [Pos; 2])> = (0..=8)
        .map(|turn| match turn {
            0..=5 => (turn, [a_wait, b_wait]),
            _ => (turn, [freed, b_wait]),
        })
        .collect();
    assert_eq!(cells, want);
}

#[test]
fn a_shooter_waiting_a_cloud_out_on_its_own_cell_holds_it_and_keeps_it() {
    // A room; a smoke cloud over the player's last known cell 3,2 and
    // round it; the archer searching at 7,2, four cells off (in its range
    // of 6, beyond its distance of 3): it waits the cloud out there.
    let (mut faction, _) = goblins_knowing(
        "@.........\n\
         ..........\n\
         ..........\n\
         ..........\n\
         ..........",
    );
    let (last_known, at) = (Pos::new(3, 2), Pos::new(7, 2));
    let cloud = [
        last_known,
        Pos::new(2, 2),
        Pos::new(4, 2),
        Pos::new(3, 1),
        Pos::new(3, 3),
    ];
    let smoke_at = |pos: Pos| cloud.contains(&pos);
    let mut rng = ChaCha8Rng::seed_from_u64(1);
    let mut brain = Brain::default();
    // Time 0.5: it saw the player on 3,2, who then threw the smoke.
    brain.decide(&Perception {
        at,
        now: 0.5,
        player_seen: Some(last_known),
        health: 1.0,
        flee_below: 0.3,
    });
    // Times 1 to 8 (turns 1 to 8): it stays on 7,2 and says why.
    for turn in 1..=8 {
        let s = Senses {
            now: turn as f64,
            turn,
            smoke_at: &smoke_at,
            shooter: Some(Shooter {
                range: 6,
                keep_distance: 3,
            }),
            ..senses(at, &empty)
        };
        let intent = MemberTurn::new(&mut faction, &mut brain, &s).think(&mut rng);
        assert_eq!(intent, Intent::Wait, "turn {turn}");
        assert_eq!(brain.mode, Mode::Search, "turn {turn}");
        assert_eq!(brain.thought, Thought::WaitsForClearShot, "turn {turn}");
        // Its own cell is no goal out of reach: it keeps it.
        assert_ne!(brain.unreachable, Some(at), "turn {turn}");
        // A packmate passing from 8,2 at time 8.5 (it never traded places
        // with it) goes round: the archer does not make way, so is not
        // pushed off its cell to step back on.
        let passer = crate::ai::give_way::Asker {
            actor: 2,
            at: Pos::new(8, 2),
            player: last_known,
            now: turn as f64 + 0.5,
        };
        let holder = crate::ai::give_way::Bystander {
            brain: Some(&brain),
            at,
            packmate: true,
            shoots: true,
        };
        assert!(
            !crate::ai::give_way::gives_way(holder, passer),
            "turn {turn}"
        );
    }
}

#[test]
fn in_a_room_a_fleer_keeps_out_of_the_corner_the_player_sees_but_runs_on_where_it_can() {
    // A room 5 by 3; the hurt goblin (its first turn in flight) sees the
    // player, at time 1 (turn 1), in each of three scenes.
    let room = "#######\n\
                #@....#\n\
                #.....#\n\
                #.....#\n\
                #######";
    let corner = Pos::new(1, 1);
    // Each scene with a faction of its own.
    let turn_of = |at: Pos, player: Pos| {
        let (mut faction, _) = goblins_knowing(room);
        let mut rng = ChaCha8Rng::seed_from_u64(1);
        let mut s = senses(at, &empty);
        s.player_seen = Some(player);
        s.health = 0.1;
        let mut brain = Brain::default();
        let intent = MemberTurn::new(&mut faction, &mut brain, &s).think(&mut rng);
        (intent, brain)
    };
    // On 1,2 or 2,1, two cells from the player: the corner 1,1 is the
    // only cell further off, in the player's view. It does not step in
    // (to be cornered there at time 2 and come out at time 3): it turns
    // to fight now.
    for (at, player) in [
        (Pos::new(1, 2), Pos::new(3, 2)),
        (Pos::new(2, 1), Pos::new(4, 2)),
    ] {
        let (intent, brain) = turn_of(at, player);
        assert!(
            !matches!(intent, Intent::Step { to, .. } if to == corner),
            "from {at}: {intent:?}"
        );
        assert_eq!(brain.mode, Mode::Hunt, "from {at}: {:?}", brain.thought);
    }
    // On 3,2 with the player on 2,2: the room's far side is two steps
    // and more away, so a step east leaves it further to run: it runs.
    let (intent, brain) = turn_of(Pos::new(3, 2), Pos::new(2, 2));
    assert_eq!(brain.mode, Mode::Flee, "{:?}", brain.thought);
    assert!(
        matches!(intent, Intent::Step { to, .. } if to.x == 4),
        "{intent:?}"
    );
}

/// A hall below a doorway, deep enough for a hunter to walk in from five
/// cells off.
const DOORWAY_OVER_A_DEEP_HALL: &str = "#######\n\
                                        #@....#\n\
                                        #.....#\n\
                                        ###'###\n\
                                        #.....#\n\
                                        #.....#\n\
                                        #.....#\n\
                                        #.....#\n\
                                        #.....#\n\
                                        #######";

#[test]
fn a_hunter_still_walking_in_joins_the_doorway_queue_behind_one_already_there() {
    // #######
    // #@....#
    // #.....#
    // ###'###   the player at 3,3 in the doorway
    // #.AF..#   F (actor 2) fights from 3,4 all along; A (actor 3) stands
    // #.....#   at 2,4 from time 1, diagonal to the player across the
    // #.....#   door's corner (no blow from there)
    // #.....#
    // #..B..#   B (actor 1) at 3,8, five cells off, from time 0
    // #######
    // Nobody fights above: 3,2 is reached only through the player, so no
    // hunter has a cell next to the player to walk to. B acts first in
    // every turn. Walking in from five cells off, B is not yet waiting:
    // it joins the queue when it stands within 2 cells of the player
    // (QUEUE_REACH), after A, who came later but stood at the door first.
    // Before the limit B queued at time 0, five cells off, ahead of A
    // (twin-halls, depth 5, seed 8: wolf 6 ahead of wolf 4).
    let (mut faction, _) = goblins_knowing(DOORWAY_OVER_A_DEEP_HALL);
    let (player, below) = (Pos::new(3, 3), Pos::new(3, 4));
    faction.spots_mut().claim(2, below, below);
    let mut rng = ChaCha8Rng::seed_from_u64(1);
    // B (index 0, actor 1), then A (index 1, actor 3).
    let mut at = [Pos::new(3, 8), Pos::new(2, 4)];
    let mut brains = [Brain::default(), Brain::default()];
    let mut cells = Vec::new();
    let mut queue = Vec::new();
    for turn in 0..=5u32 {
        let now = f64::from(turn);
        faction.start_turn(now);
        for (index, actor) in [(0usize, 1usize), (1, 3)] {
            if index == 1 && turn < 1 {
                continue;
            }
            let others: Vec<Pos> = (0..2)
                .filter(|&i| i != index && (i == 0 || turn >= 1))
                .map(|i| at[i])
                .collect();
            let body = |p: Pos| {
                if p == player {
                    Body::Player
                } else if p == below || others.contains(&p) {
                    Body::Packmate {
                        yields: false,
                        keeps_place: true,
                        hunts: false,
                    }
                } else {
                    Body::Empty
                }
            };
            queue_member_turn(
                &mut faction,
                &mut brains[index],
                &mut at[index],
                (actor, turn, player),
                &body,
                &mut rng,
            );
        }
        // Who is ahead of B in the queue, and whether B waits at all.
        let ahead_of_b: Vec<usize> = faction
            .spots()
            .waited_longer(1, player, now)
            .map(|(waiter, _)| waiter)
            .collect();
        let b_waits = faction
            .spots()
            .waited_longer(usize::MAX, player, now)
            .any(|(waiter, _)| waiter == 1);
        cells.push((turn, at));
        queue.push((turn, b_waits, ahead_of_b));
    }
    // B steps in a cell a turn up to 3,5, two cells off behind F, and
    // waits there from time 3; A waits at 2,4 from time 1.
    let (b_in, a_at) = (Pos::new(3, 5), Pos::new(2, 4));
    let want_cells: Vec<(u32, [Pos; 2])> = vec![
        (0, [Pos::new(3, 7), a_at]),
        (1, [Pos::new(3, 6), a_at]),
        (2, [b_in, a_at]),
        (3, [b_in, a_at]),
        (4, [b_in, a_at]),
        (5, [b_in, a_at]),
    ];
    assert_eq!(cells, want_cells);
    // B is in the queue from the turn it acts two cells off (time 3), and
    // A is ahead of it from the turn A's wait began before B's (time 2).
    let want_queue: Vec<(u32, bool, Vec<usize>)> = vec![
        (0, false, vec![]),
        (1, false, vec![]),
        (2, false, vec![3]),
        (3, true, vec![3]),
        (4, true, vec![3]),
        (5, true, vec![3]),
    ];
    assert_eq!(queue, want_queue, "{cells:?}");
}

#[test]
fn a_hunter_going_round_to_its_cell_goes_on_once_the_wall_hides_the_player() {
    // Rooms depth 5, seed 3 (turns 104-108): the player at 3,4 in a
    // corridor between two rooms. Packmates hold both cells beside it:
    // 4,4, taken by one (P) standing in the east room's door (5,4) on its
    // way in, and 2,4 by one coming from the west. The goblin at 6,4,
    // inside that door, sees the player and takes a place to wait in the
    // west room, round by the north door (5,1): P stands in the door. Its
    // first step north (6,3) puts the wall between it and the player: it
    // searches, and P has stepped on out of the doorway. Dropping its
    // place for the player's own cell, the short way back through the
    // door sent it back to 6,4, where it saw the player and took the place
    // again: to and fro. It goes on round, never back onto 6,4, and
    // reaches the west room.
    let map = "##########\n\
               #....'...#\n\
               #....#...#\n\
               ##.###...#\n\
               #..@.'...#\n\
               ##########";
    let (mut faction, _) = goblins_knowing(map);
    let mut rng = ChaCha8Rng::seed_from_u64(1);
    let (player, walker, start) = (Pos::new(3, 4), Pos::new(5, 4), Pos::new(6, 4));
    assert!(faction.spots_mut().claim(2, Pos::new(4, 4), walker));
    assert!(faction.spots_mut().claim(3, Pos::new(2, 4), Pos::new(1, 4)));
    // P in the doorway on the first turn only.
    let body_at = |turn: u32| {
        move |p: Pos| {
            if turn == 0 && p == walker {
                Body::Packmate {
                    yields: false,
                    keeps_place: false,
                    hunts: true,
                }
            } else if p == player {
                Body::Player
            } else {
                Body::Empty
            }
        }
    };
    // It sees the player along the corridor's row and from the west room's
    // west end (over 2,3); the wall hides it from the rest.
    let sees = |at: Pos| at.y == 4 || at.x <= 2;
    let mut at = start;
    let mut cells = vec![at];
    let mut hidden_turns = 0;
    let mut brain = Brain::default();
    for turn in 0..12u32 {
        let body = body_at(turn);
        let mut s = senses(at, &body);
        s.player_seen = sees(at).then_some(player);
        hidden_turns += u32::from(!sees(at));
        s.now = f64::from(turn);
        s.turn = u64::from(turn);
        faction.start_turn(s.now);
        faction.note_sighting(player, s.now);
        let intent = MemberTurn::new(&mut faction, &mut brain, &s).think(&mut rng);
        let happened = match intent {
            Intent::Step { to, .. } => {
                at = to;
                Happened::Stepped { to }
            }
            _ => Happened::Waited,
        };
        // Where it is after each turn: never back at the door it left.
        assert!(
            cells.len() == 1 || at != start,
            "turn {turn}: back at {at:?} ({:?}, goal {:?})",
            brain.thought,
            brain.goal
        );
        cells.push(at);
        let outcome = TurnOutcome {
            started_at: s.at,
            happened,
            now: s.now,
        };
        conclude(&mut faction, &mut brain, outcome, |_| None);
    }
    assert!(hidden_turns >= 2, "it set out round: {cells:?}");
    assert_eq!(paces_to_and_fro(&cells), None, "{cells:?}");
    assert!(
        cells.iter().any(|c| c.x <= 4 && c.y <= 2),
        "it reached the west room: {cells:?}"
    );
}

/// The player stands in a doorway (4,2) of a wall across a room, fought
/// from the west by F at 3,2; the door's wall corners forbid a diagonal
/// blow, so the only other cell to strike from is 5,2, east of the door,
/// reached from the west room round by the gap at 4,4 (`@` marks a floor
/// cell).
const DOORWAY_WITH_A_WAY_ROUND: &str = "##########\n\
                                        #...#....#\n\
                                        #...@....#\n\
                                        #...#....#\n\
                                        #........#\n\
                                        #...#....#\n\
                                        ##########";

/// Whether `actor`, standing at `at` with the player in the doorway of
/// DOORWAY_WITH_A_WAY_ROUND and F fighting from 3,2, takes over the cell east of the door that actor 7 holds
/// (claimed from 1,5, standing at `holder_at`) in its turn.
fn takes_east_cell_over(actor: usize, at: Pos, holder_at: Pos) -> bool {
    let (mut faction, _) = goblins_knowing(DOORWAY_WITH_A_WAY_ROUND);
    let (player, fighter, east) = (Pos::new(4, 2), Pos::new(3, 2), Pos::new(5, 2));
    faction.spots_mut().claim(2, fighter, fighter);
    assert!(faction.spots_mut().claim(7, east, Pos::new(1, 5)));
    faction.spots_mut().holder_stands(7, holder_at);
    let body = |p: Pos| {
        if p == player {
            Body::Player
        } else if p == fighter || p == holder_at {
            Body::Packmate {
                yields: false,
                keeps_place: true,
                hunts: true,
            }
        } else {
            Body::Empty
        }
    };
    let mut rng = ChaCha8Rng::seed_from_u64(1);
    let (mut brain, mut at) = (Brain::default(), at);
    queue_member_turn(
        &mut faction,
        &mut brain,
        &mut at,
        (actor, 1, player),
        &body,
        &mut rng,
    );
    faction.spots().holder(east) == Some(actor)
}

#[test]
fn a_cell_beside_the_player_is_taken_over_only_by_one_nearer_round_the_bodies_than_its_holder_now()
{
    // Twin-halls of unseen24, depth 5, seed 8 (turns 16-18): a wolf in
    // the west room, diagonal to the player across the door's wall
    // corner, took the cell beyond the door over from a packmate already
    // on its way round (nearer it as the crow flies, 2.4 cells against
    // 5.2, but 7 steps round against 6), and the cells changed hands
    // again as the bodies moved: the packmate turned back.
    //
    // 6 at 3,1 (7 steps round) does not take the cell from 7 at 1,5 (6).
    assert!(!takes_east_cell_over(6, Pos::new(3, 1), Pos::new(1, 5)));
    // 5 at 7,3 in the east room (2 steps) is nearer than 7 at 1,5.
    assert!(takes_east_cell_over(5, Pos::new(7, 3), Pos::new(1, 5)));
    // But not than 7 where it stands now, through the gap at 5,4 (2 steps,
    // as many): a take-over is judged against the holder's cell now, not
    // the cell it chose from, so the cell does not change hands twice as
    // the holder comes on.
    assert!(!takes_east_cell_over(5, Pos::new(7, 3), Pos::new(5, 4)));
    // One a legal step from it beats a holder further off.
    assert!(takes_east_cell_over(5, Pos::new(6, 3), Pos::new(5, 4)));
}

/// A lane along the top, a hall below it, joined by a doorway at 3,2 and a
/// gap at 12,2.
const LANE_AND_HALL: &str = "################\n\
                             #..............#\n\
                             ###.########.###\n\
                             #..............#\n\
                             #..............#\n\
                             #..............#\n\
                             #..............#\n\
                             #@.............#\n\
                             ################";

#[test]
fn a_shared_field_from_a_cell_out_of_reach_does_not_put_the_target_out_of_reach() {
    // Kiln-lanes of open31 with the evader, seed 8, turn 213: the faction's
    // field was kept from the doorway 25,4 the player had stood in, shut
    // since, for news of the player a step beyond it at 25,3 (a field is
    // kept for a target within FIELD_RETARGET of its source); out of reach
    // from the shut doorway, it put 25,3 out of reach too, and wolf 24 at
    // 24,12 drew spot after spot about a place it reached round by the
    // lane all the same.
    let (doorway, target, at) = (Pos::new(3, 2), Pos::new(3, 1), Pos::new(3, 7));
    let (mut faction, _) = goblins_knowing(LANE_AND_HALL);
    assert!(doorway.chebyshev(target) <= super::plan::FIELD_RETARGET);
    assert!(at.chebyshev(target) > super::plan::NEAR_TARGET);
    // The field from the doorway, the player seen in it.
    assert!(matches!(
        faction.reach_shared_field(doorway, at),
        gridpath::Reach::Settled(_)
    ));
    // Shut since: the faction sees a wall there now.
    faction.observe(doorway, Terrain::Wall, 0.5);
    faction.start_turn(1.0);
    let mut brain = Brain::default();
    let s = senses(at, &empty);
    let intent = MemberTurn::new(&mut faction, &mut brain, &s).follow_shared_field(target);
    assert_ne!(
        brain.unreachable,
        Some(target),
        "the lane was taken for out of reach: {intent:?}, {:?}",
        brain.thought
    );
    assert!(
        matches!(intent, Intent::Step { .. }),
        "it sets out round by the gap: {intent:?}, {:?}",
        brain.thought
    );
}
