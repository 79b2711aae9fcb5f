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

/// A whole turn's pricing allowance of `cells`, not yet touched.
fn fresh(cells: u64) -> Allowance {
    Allowance {
        left: cells,
        whole: cells,
    }
}

/// A far plan prices the clusters its stretch crosses first, then those
/// the coarse search reaches, all out of the turn's pricing allowance and
/// never over it; it crosses the rest on estimates and walks a legal
/// stretch meanwhile. What it priced stays priced, so the plans after it
/// get further, until one crosses no cluster on estimates and takes the
/// way a plan with budget to spare takes. Out of a shared budget (coarse
/// nodes and pricing together) a plan stopped short waits instead.
#[test]
fn a_far_plan_prices_within_its_allowance_and_estimates_the_rest_until_priced() {
    let grid = marsh();
    let (from, goal) = (Pos::new(5, 5), Pos::new(57, 34));
    let (FarAnswer::Plan(wanted), _) = FarPlanner::default().plan(&grid, from, goal, 100_000)
    else {
        panic!("a plan with budget to spare");
    };
    // A cluster's pricing at most: a search from each of its nodes over
    // its 256 cells (the marsh's clusters have fewer than 16 nodes).
    let one_cluster = 16 * 256;
    // A turn's allowance holds a stretch's clusters, not the marsh's.
    let allowance = one_cluster;
    let mut planner = FarPlanner::default();
    let mut turns = 0;
    let plan = loop {
        turns += 1;
        assert!(turns < 30, "it gets there");
        let (answer, cost) =
            planner.plan_pricing_within(&grid, (from, goal), 100_000, Some(fresh(allowance)));
        assert!(
            cost.cells_priced <= allowance,
            "turn {turns}: {cost:?} over the allowance"
        );
        let FarAnswer::Plan(plan) = answer else {
            panic!("turn {turns}: a plan every turn, on estimates beyond its stretch: {answer:?}");
        };
        assert_eq!(plan.path.cells[0], from);
        assert!(steps_are_legal(&grid, from, &plan.path.cells[1..]));
        if cost.nodes_estimated == 0 {
            break plan;
        }
    };
    assert!(turns > 2, "the pricing spread over turns: {turns}");
    assert_eq!(plan, wanted);

    // Out of a shared budget: over it, no plan this turn.
    let mut planner = FarPlanner::default();
    let mut waits = 0;
    let plan = loop {
        let (answer, cost) = planner.plan(&grid, from, goal, MIN_FAR_BUDGET);
        assert!(
            cost.cells_priced <= MIN_FAR_BUDGET + one_cluster,
            "{cost:?}: the budget and one cluster"
        );
        match answer {
            FarAnswer::Plan(plan) => break plan,
            FarAnswer::OverBudget => waits += 1,
            FarAnswer::Unreachable => panic!("the goal is reachable"),
        }
        assert!(waits < 30, "it gets there");
    };
    assert!(
        waits >= 1,
        "the marsh's clusters cost more than one plan's budget"
    );
    assert_eq!(plan, wanted);
}

/// A far plan saved and loaded (the planner written and read back, the
/// grid changing meanwhile) plans on as the unbroken planner: the clusters
/// priced are priced again on the next plan, so no plan waits longer.
#[test]
fn a_far_planner_saved_and_loaded_plans_on_as_the_unbroken_one() {
    let mut grid = marsh();
    let (from, goal) = (Pos::new(5, 5), Pos::new(57, 34));
    let mut unbroken = FarPlanner::default();
    for round in 0..8 {
        let bytes = postcard::to_allocvec(&unbroken).unwrap();
        let mut loaded: FarPlanner = postcard::from_bytes(&bytes).unwrap();
        // A wall and a road learned between the save and the next plan.
        let cell = Pos::new(10 + round * 5, 20);
        grid.set_cost(cell, if round % 2 == 0 { None } else { Some(1.0) })
            .unwrap();
        let a = unbroken.plan(&grid, from, goal, MIN_FAR_BUDGET);
        let b = loaded.plan(&grid, from, goal, MIN_FAR_BUDGET);
        assert_eq!(a.0, b.0, "round {round}");
        assert_eq!(a.1.expanded, b.1.expanded, "round {round}");
        unbroken = loaded;
    }
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig { cases: 24, ..Default::default() })]

    /// On any grid, a far plan priced over as many turns as it takes
    /// refines a stretch whose every step is legal, from the member on.
    #[test]
    fn a_far_plan_priced_over_turns_refines_a_legal_stretch(
        seed in 0u32..10_000,
        budget in MIN_FAR_BUDGET..4_000,
    ) {
        let grid = Grid::from_fn(80, 64, Movement::default(), |x, y| {
            let n = (x as u32 * 7919 + y as u32 * 104_729 + seed * 31) % 23;
            match n {
                0..=2 => None,
                3..=6 => Some(5.0),
                7 => Some(0.5),
                _ => Some(1.0),
            }
        })
        .unwrap();
        let (from, goal) = (Pos::new(1, 1), Pos::new(78, 62));
        for cell in [from, goal] {
            proptest::prop_assume!(grid.is_passable(cell));
        }
        let mut planner = FarPlanner::default();
        for _ in 0..60 {
            match planner.plan(&grid, from, goal, budget).0 {
                FarAnswer::Plan(plan) => {
                    let cells = &plan.path.cells;
                    proptest::prop_assert_eq!(cells[0], from);
                    proptest::prop_assert!(steps_are_legal(&grid, from, &cells[1..]));
                    let cost = gridpath::path_cost(&grid, cells).unwrap();
                    proptest::prop_assert!((cost - plan.path.cost).abs() < 1e-6);
                    return Ok(());
                }
                FarAnswer::Unreachable => return Ok(()),
                FarAnswer::OverBudget => {}
            }
        }
        proptest::prop_assert!(false, "no plan in 60 turns");
    }
}

/// With the turn's pricing allowance spent, a far plan whose stretch would
/// cross a cluster on estimates is not made (near the member it stands on
/// prices); with the allowance to price its stretch, those clusters are
/// priced and it walks a stretch whose every step is legal, the clusters
/// beyond crossed on estimates.
#[test]
fn a_far_plans_stretch_stands_on_prices_and_only_the_way_beyond_on_estimates() {
    let grid = marsh();
    let (from, goal) = (Pos::new(5, 5), Pos::new(57, 34));
    let mut planner = FarPlanner::default();
    let spent = Allowance {
        left: 0,
        whole: 16 * 256,
    };
    let (answer, cost) = planner.plan_pricing_within(&grid, (from, goal), 100_000, Some(spent));
    assert_eq!(cost.cells_priced, 0, "nothing priced: {cost:?}");
    assert!(cost.nodes_estimated > 0, "{cost:?}");
    assert_eq!(answer, FarAnswer::OverBudget);
    let (answer, cost) =
        planner.plan_pricing_within(&grid, (from, goal), 100_000, Some(fresh(16 * 256)));
    assert!(
        cost.nodes_estimated > 0,
        "the way beyond on estimates: {cost:?}"
    );
    let FarAnswer::Plan(plan) = answer else {
        panic!("a plan: {answer:?}");
    };
    assert_eq!(plan.path.cells[0], from);
    assert!(steps_are_legal(&grid, from, &plan.path.cells[1..]));
    assert!(!plan.ahead.is_empty());
    // Every cell stands in a priced cluster but the last, a step over a
    // border onto the next cluster's node.
    let hierarchy = planner.hierarchy().unwrap();
    let cells = &plan.path.cells;
    for cell in &cells[..cells.len() - 1] {
        let cluster = hierarchy.cluster_of(*cell).unwrap();
        assert!(hierarchy.is_priced(cluster), "{cell:?} stands on prices");
    }
}

/// The stretch first, and never over what is left: a far plan with a
/// small allowance prices the clusters its stretch crosses, nearest first,
/// and no other; with too little for even those it waits, the ones it
/// could price kept, and the next turn's allowance goes on from them. The
/// turn's first far plan, on an allowance not yet touched, prices its
/// stretch while any is left, at most one cluster past it.
#[test]
fn a_far_plan_prices_its_stretch_first_and_never_over_what_is_left() {
    let grid = marsh();
    // On the corridor at its cluster's east edge: the stretch east along
    // it crosses the next two clusters.
    let (from, goal) = (Pos::new(15, 1), Pos::new(57, 34));
    // The clusters the stretch crosses, as a planner with budget to spare
    // walks it: the ones a plan with no allowance would guess.
    let mut spare = FarPlanner::default();
    spare.plan_pricing_within(&grid, (from, goal), 100_000, Some(fresh(0)));
    let mut hierarchy = spare.hierarchy().unwrap().clone();
    let Ok(CoarseOutcome::Found(plan)) = HierarchicalSearch::new().find_coarse_path_pricing_within(
        &mut hierarchy,
        &grid,
        (from, goal),
        100_000,
        0,
    ) else {
        panic!("a plan on estimates");
    };
    let waypoints = plan.waypoints;
    let stretch = guessed_clusters(&hierarchy, &waypoints);
    assert!(
        stretch.len() >= 2,
        "the stretch crosses clusters: {stretch:?}"
    );
    let bounds: Vec<u64> = stretch
        .iter()
        .map(|&cluster| hierarchy.pricing_bound(&grid, cluster))
        .collect();
    let stretch_bound: u64 = bounds.iter().sum();

    // Just the stretch's bound: the stretch is priced, nothing else, and
    // the plan made this turn.
    let mut planner = FarPlanner::default();
    let allowance = Allowance {
        left: stretch_bound,
        whole: 100 * stretch_bound,
    };
    let (answer, cost) = planner.plan_pricing_within(&grid, (from, goal), 100_000, Some(allowance));
    assert!(cost.cells_priced <= stretch_bound, "{cost:?}");
    let FarAnswer::Plan(plan) = answer else {
        panic!("the stretch fits: {answer:?}");
    };
    assert!(steps_are_legal(&grid, from, &plan.path.cells[1..]));
    let hierarchy = planner.hierarchy().unwrap();
    for &cluster in &stretch {
        assert!(hierarchy.is_priced(cluster), "{cluster} priced first");
    }

    // Less than the stretch's: the nearest cluster priced, no plan this
    // turn; the next turn goes on from it.
    let mut planner = FarPlanner::default();
    let allowance = Allowance {
        left: bounds[0],
        whole: 100 * stretch_bound,
    };
    let (answer, cost) = planner.plan_pricing_within(&grid, (from, goal), 100_000, Some(allowance));
    assert!(cost.cells_priced <= bounds[0], "{cost:?}");
    assert_eq!(answer, FarAnswer::OverBudget);
    let hierarchy = planner.hierarchy().unwrap();
    assert!(hierarchy.is_priced(stretch[0]), "the nearest first");
    assert!(!hierarchy.is_priced(stretch[1]), "and no further");

    // An allowance under one cluster's bound: spent from already this
    // turn, nothing is priced; not yet touched (the turn's first far
    // plan), the nearest cluster is priced whatever its bound, and no
    // more once the allowance is spent.
    let small = bounds.iter().min().unwrap() - 1;
    let mut planner = FarPlanner::default();
    let touched = Allowance {
        left: small - 1,
        whole: small,
    };
    let (answer, cost) = planner.plan_pricing_within(&grid, (from, goal), 100_000, Some(touched));
    assert_eq!(cost.cells_priced, 0, "{cost:?}");
    assert_eq!(answer, FarAnswer::OverBudget);
    let (answer, cost) =
        planner.plan_pricing_within(&grid, (from, goal), 100_000, Some(fresh(small)));
    assert!(
        cost.cells_priced <= small + bounds[0],
        "{cost:?}: at most one cluster past it"
    );
    let hierarchy = planner.hierarchy().unwrap();
    assert!(hierarchy.is_priced(stretch[0]), "the nearest whatever");
    if cost.cells_priced >= small {
        assert!(!hierarchy.is_priced(stretch[1]), "none once spent");
        assert_eq!(answer, FarAnswer::OverBudget);
    }
}
