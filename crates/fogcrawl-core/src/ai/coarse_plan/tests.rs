use super::*;
use gridpath::{AStar, Movement, SearchOptions, steps_are_legal};

/// Two marsh compartments (cost 5) walled apart, a corridor of floor
/// round them, a gap from each compartment to it (top left, bottom), and
/// a dry track (cost 2) in the top one.
const MARSH: &str = "\
################################################################
#..............................................................#
#..............................................................#
#..#######.#################################################...#
#..#5555555555555555555555555522555555555555555555555555555#...#
#..#5555555555555555555555555522555555555555555555555555555#...#
#..#5555555555555555555555555522555555555555555555555555555#...#
#..#5555555555555555555555555522555555555555555555555555555#...#
#..#5555555555555555555555555522555555555555555555555555555#...#
#..#5555555555555555555555555522555555555555555555555555555#...#
#..#5555555555555555555555555522555555555555555555555555555#...#
#..#5555555555555555555555555522555555555555555555555555555#...#
#..###############################################555555555#...#
#..#5555555555555555555555555555555555555555555555555555555#...#
#..#5555555555555555555555555555555555555555555555555555555#...#
#..#5555555555555555555555555555555555555555555555555555555#...#
#..#5555555555555555555555555555555555555555555555555555555#...#
#..#5555555555555555555555555555555555555555555555555555555#...#
#..#5555555555555555555555555555555555555555555555555555555#...#
#..#5555555555555555555555555555555555555555555555555555555#...#
#...5555555555555555555555555555555555555555555555555555555....#
#..#5555555555555555555555555555555555555555555555555555555#...#
#..#5555555555555555555555555555555555555555555555555555555#...#
#..#5555555555555555555555555555555555555555555555555555555#...#
#..#5555555555##############################################...#
#..#5555555555555555555555555555555555555555555555555555555#...#
#..#5555555555555555555555555555555555555555555555555555555#...#
#..#5555555555555555555555555555555555555555555555555555555#...#
#..#5555555555555555555555555555555555555555555555555555555#...#
#..#5555555555555555555555555555555555555555555555555555555#...#
#..#5555555555555555555555555555555555555555555555555555555#...#
#..#5555555555555555555555555555555555555555555555555555555#...#
#..#5555555555555555555555555555555555555555555555555555555#...#
#..#5555555555555555555555555555555555555555555555555555555#...#
#..#5555555555555555555555555555555555555555555555555555555#...#
#..#5555555555555555555555555555555555555555555555555555555#...#
#..###############################################.#########...#
#..............................................................#
#..............................................................#
################################################################";

fn marsh() -> Grid {
    Grid::from_ascii(MARSH, Movement::default()).unwrap()
}

fn cheapest(grid: &Grid, from: Pos, to: Pos) -> f64 {
    AStar::new()
        .find_path(grid, from, to, &SearchOptions::default())
        .unwrap()
        .unwrap()
        .cost
}

/// Walks far plans stretch by stretch from `from` to `goal`, checking each
/// against a far planner made afresh for it (a resumed game's): the cells
/// walked, and the cost.
fn walk(planner: &mut FarPlanner, grid: &Grid, from: Pos, goal: Pos) -> (Vec<Pos>, f64) {
    let (mut at, mut walked, mut cost) = (from, vec![from], 0.0);
    for stretch in 0..40 {
        if at == goal {
            return (walked, cost);
        }
        let (answer, spent) = planner.plan(grid, at, goal, 100_000);
        let (again, _) = FarPlanner::default().plan(grid, at, goal, 100_000);
        assert_eq!(
            answer, again,
            "stretch {stretch}: as a fresh hierarchy plans"
        );
        assert!(spent.expanded > 0);
        let FarAnswer::Plan(plan) = answer else {
            panic!("stretch {stretch} from {at:?}: {answer:?}");
        };
        let cells = &plan.path.cells;
        assert_eq!(cells[0], at);
        assert!(steps_are_legal(grid, at, &cells[1..]), "stretch {stretch}");
        let end = *cells.last().unwrap();
        assert_eq!(plan.ahead.is_empty(), end == goal);
        assert!(
            at.chebyshev(end) <= FINE_STRETCH + 1,
            "stretch {stretch}: {at:?} to {end:?} is refined only near the walker"
        );
        cost += plan.path.cost;
        walked.extend_from_slice(&cells[1..]);
        at = end;
    }
    panic!("never got there");
}

#[test]
fn a_far_goal_is_walked_stretch_by_stretch_near_the_cheapest_cost() {
    let grid = marsh();
    let (from, goal) = (Pos::new(5, 5), Pos::new(57, 34));
    assert!(from.chebyshev(goal) > FAR_GOAL);
    let mut planner = FarPlanner::default();
    let (walked, cost) = walk(&mut planner, &grid, from, goal);
    // Out by the top gap, round by the corridor, in by the bottom one:
    // the marsh costs five times the floor.
    assert!(walked.contains(&Pos::new(10, 3)), "{walked:?}");
    assert!(walked.contains(&Pos::new(50, 36)), "{walked:?}");
    let best = cheapest(&grid, from, goal);
    assert!(
        cost <= best * 1.05 + 1e-9,
        "{cost} against the cheapest {best}"
    );
    // Every stretch but the last was refined from the coarse path: more
    // than one plan, the first of them with waypoints ahead.
    let (FarAnswer::Plan(first), _) = planner.plan(&grid, from, goal, 100_000) else {
        panic!("planned once, plans again");
    };
    assert!(clusters_along(&first.ahead) >= 3, "{:?}", first.ahead);
}

#[test]
fn a_wall_learned_across_the_way_is_planned_round_and_only_its_clusters_are_unpriced() {
    let mut grid = marsh();
    let (from, goal) = (Pos::new(5, 5), Pos::new(57, 34));
    let mut planner = FarPlanner::default();
    let (FarAnswer::Plan(before), _) = planner.plan(&grid, from, goal, 100_000) else {
        panic!("a plan");
    };
    assert!(before.path.cells.contains(&Pos::new(10, 3)));
    // The faction learns the top gap is a wall, and one cell of marsh on
    // the far side of the level dried (its cluster was never priced).
    grid.set_cost(Pos::new(10, 3), None).unwrap();
    grid.set_cost(Pos::new(56, 33), Some(1.0)).unwrap();
    let (answer, cost) = planner.plan(&grid, from, goal, 100_000);
    let FarAnswer::Plan(after) = answer else {
        panic!("another way, through the marsh");
    };
    assert_eq!(cost.cells_repaired, 2);
    assert!(
        (1..=2).contains(&cost.clusters_unpriced),
        "the gap's clusters, priced by the first plan: {cost:?}"
    );
    assert!(!after.path.cells.contains(&Pos::new(10, 3)));
    let (again, _) = FarPlanner::default().plan(&grid, from, goal, 100_000);
    assert_eq!(FarAnswer::Plan(after), again);
}

#[test]
fn a_goal_walled_off_is_unreachable_and_a_spent_budget_waits() {
    let mut grid = marsh();
    let (from, goal) = (Pos::new(5, 5), Pos::new(57, 34));
    let mut planner = FarPlanner::default();
    let (answer, cost) = planner.plan(&grid, from, goal, 0);
    assert_eq!((answer, cost), (FarAnswer::OverBudget, FarCost::default()));
    assert!(planner.hierarchy().is_none(), "nothing built for nothing");
    // Walls learned all round the goal.
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
        grid.set_cost(Pos::new(goal.x + dx, goal.y + dy), None)
            .unwrap();
    }
    let (answer, _) = planner.plan(&grid, from, goal, 100_000);
    assert_eq!(answer, FarAnswer::Unreachable);
    assert_eq!(clusters_along(&[]), 0);
    assert_eq!(
        clusters_along(&[
            Pos::new(1, 1),
            Pos::new(15, 15),
            Pos::new(16, 1),
            Pos::new(2, 2)
        ]),
        3
    );
}

/// The Chebyshev steps along `waypoints` from `from`: what the waypoints
/// beyond a stretch were reckoned at before their edges' costs.
fn straight_steps(from: Pos, waypoints: &[Pos]) -> f64 {
    let mut at = from;
    let mut steps = 0.0;
    for &waypoint in waypoints {
        steps += f64::from(at.chebyshev(waypoint));
        at = waypoint;
    }
    steps
}

#[test]
fn the_way_beyond_the_stretch_is_priced_by_the_ground_its_coarse_edges_cross() {
    let grid = marsh();
    let mut planner = FarPlanner::default();
    // Into the bottom compartment's far corner: the rest of the way, past
    // the stretch, runs the floor corridor and then wades the marsh.
    let (from, goal) = (Pos::new(61, 1), Pos::new(5, 34));
    let (FarAnswer::Plan(plan), _) = planner.plan(&grid, from, goal, 100_000) else {
        panic!("a plan");
    };
    assert!(!plan.ahead.is_empty(), "a far goal leaves waypoints ahead");
    let end = *plan.path.cells.last().unwrap();
    let best = cheapest(&grid, from, goal);
    // The stretch and the way beyond it cost what the whole way does (the
    // coarse path is near the cheapest), not a straight step a waypoint.
    let whole = plan.path.cost + plan.ahead_cost;
    assert!(
        whole >= best - 1e-9 && whole <= best * 1.05 + 1e-9,
        "{whole} against the cheapest {best}"
    );
    let straight = straight_steps(end, &plan.ahead);
    assert!(
        plan.ahead_cost > 2.0 * straight,
        "ahead {} against {straight} straight steps: the marsh is dear",
        plan.ahead_cost
    );
    // A goal at the stretch's reach leaves nothing ahead, at no cost.
    let near = Pos::new(61, 20);
    let (FarAnswer::Plan(plan), _) = planner.plan(&grid, from, near, 100_000) else {
        panic!("a plan");
    };
    assert!(plan.ahead.is_empty());
    assert_eq!(plan.ahead_cost, 0.0);
}
