//! A* on ASCII grids: exact costs, corners, islands, tie-breaks and
//! heuristics, sliced and resumed searches, overrides, traces, turn penalties.

use std::f64::consts::SQRT_2;

use super::*;
use crate::Movement;
use crate::heuristic::Heuristic;
use crate::smoothing::path_cost;

fn grid(rows: &str) -> Grid {
    Grid::from_ascii(rows, Movement::default()).unwrap()
}

/// The path A* finds from `start` to `goal` with the default options (the
/// test's grid must have one).
fn default_path(g: &Grid, start: Pos, goal: Pos) -> Path {
    AStar::new()
        .find_path(g, start, goal, &SearchOptions::default())
        .unwrap()
        .unwrap()
}

/// Runs a search in slices of `budget` expansions until it ends.
fn sliced_search(g: &Grid, start: Pos, goal: Pos, options: &SearchOptions, budget: usize) -> Path {
    let mut astar = AStar::new();
    astar.start_search(g, start, goal, options).unwrap();
    loop {
        match astar.step(g, budget) {
            SearchStatus::Pending => continue,
            SearchStatus::Found(path) => break path,
            SearchStatus::NoPath => panic!("lost the path with budget {budget}"),
        }
    }
}

fn cost_between(grid: &Grid, start: Pos, goal: Pos, options: &SearchOptions) -> Option<f64> {
    AStar::new()
        .find_path(grid, start, goal, options)
        .unwrap()
        .map(|p| p.cost)
}

#[test]
fn straight_and_diagonal_costs_are_exact() {
    let g = grid(".....\n.....\n.....");
    let path = default_path(&g, Pos::new(0, 0), Pos::new(4, 2));
    assert_eq!(path.cells.len(), 5);
    assert!((path.cost - (2.0 + 2.0 * SQRT_2)).abs() < 1e-12);
    assert_eq!(path.cells[0], Pos::new(0, 0));
    assert_eq!(*path.cells.last().unwrap(), Pos::new(4, 2));
}

#[test]
fn goes_around_a_swamp_when_that_is_cheaper() {
    // Straight through the 9s costs 4 * 9; around costs about 8.
    let g = grid(
        "......\n\
         .9999.\n\
         ......",
    );
    let path = default_path(&g, Pos::new(0, 1), Pos::new(5, 1));
    assert!(path.cells.iter().all(|p| p.y != 1 || p.x == 0 || p.x == 5));
    assert!((path.cost - (3.0 + 2.0 * SQRT_2)).abs() < 1e-12);
}

#[test]
fn no_corner_cutting_by_default() {
    let g = grid(
        ".#\n\
         ..",
    );
    let path = default_path(&g, Pos::new(0, 0), Pos::new(1, 1));
    assert_eq!(
        path.cells,
        vec![Pos::new(0, 0), Pos::new(0, 1), Pos::new(1, 1)]
    );
}

#[test]
fn walled_off_goal_is_no_path_without_expanding() {
    let g = grid("..#..\n..#..");
    let mut astar = AStar::new();
    let result = astar
        .find_path(
            &g,
            Pos::new(0, 0),
            Pos::new(4, 1),
            &SearchOptions::default(),
        )
        .unwrap();
    assert_eq!(result, None);
    assert!(astar.stats().rejected_by_islands);
    assert_eq!(astar.stats().expanded, 0);
}

#[test]
fn bad_endpoints_and_weights_are_error_values() {
    let g = grid("..#\n...");
    let mut astar = AStar::new();
    let options = SearchOptions::default();
    let err = astar
        .find_path(&g, Pos::new(-1, 0), Pos::new(1, 1), &options)
        .unwrap_err();
    assert_eq!(err.to_string(), "start (-1, 0) is outside the 3x2 grid");
    let err = astar
        .find_path(&g, Pos::new(0, 0), Pos::new(2, 0), &options)
        .unwrap_err();
    assert_eq!(err.to_string(), "goal (2, 0) is impassable");
    let weighted = SearchOptions {
        weight: 0.5,
        ..options
    };
    let err = astar
        .find_path(&g, Pos::new(0, 0), Pos::new(1, 1), &weighted)
        .unwrap_err();
    assert!(err.to_string().contains("at least 1"));
}

#[test]
fn start_equal_to_goal_is_a_one_cell_path() {
    let g = grid("...");
    let path = default_path(&g, Pos::new(1, 0), Pos::new(1, 0));
    assert_eq!(path.cells, vec![Pos::new(1, 0)]);
    assert_eq!(path.cost, 0.0);
}

#[test]
fn cheap_roads_keep_the_heuristic_admissible() {
    // A road of cost 1 shown as '.', floor of cost 2 as '2': with the
    // heuristic scaled by the cheapest cost the detour is found.
    let g = Grid::from_fn(7, 3, Movement::default(), |x, y| {
        Some(if y == 0 || x == 0 || x == 6 { 0.5 } else { 2.0 })
    })
    .unwrap();
    let options = SearchOptions::default();
    let found = cost_between(&g, Pos::new(0, 2), Pos::new(6, 2), &options).unwrap();
    let dijkstra = cost_between(
        &g,
        Pos::new(0, 2),
        Pos::new(6, 2),
        &SearchOptions {
            heuristic: Heuristic::Zero,
            ..options
        },
    )
    .unwrap();
    assert!((found - dijkstra).abs() < 1e-12, "{found} vs {dijkstra}");
}

/// A goal behind walls with two ways in, one past a costly cell: the
/// heuristics and tie-breaks disagree on which cells to try first.
fn walled_garden() -> (Grid, Pos, Pos) {
    let g = grid(
        "..........\n\
         .####.###.\n\
         .#......#.\n\
         .#.####.#.\n\
         ...#..3...",
    );
    (g, Pos::new(0, 4), Pos::new(5, 4))
}

#[test]
fn every_tie_break_and_heuristic_finds_the_optimum() {
    let (g, start, goal) = walled_garden();
    let optimum = cost_between(
        &g,
        start,
        goal,
        &SearchOptions {
            heuristic: Heuristic::Zero,
            ..SearchOptions::default()
        },
    )
    .unwrap();
    for heuristic in [
        Heuristic::Octile,
        Heuristic::Euclidean,
        Heuristic::Chebyshev,
    ] {
        for tie_break in [TieBreak::LargerG, TieBreak::SmallerG] {
            let options = SearchOptions {
                heuristic,
                tie_break,
                ..SearchOptions::default()
            };
            let found = cost_between(&g, start, goal, &options).unwrap();
            assert!((found - optimum).abs() < 1e-9, "{heuristic} {tie_break:?}");
        }
    }
}

/// Corridors that wind back on themselves past a swampy cell, and the
/// two bottom corners they join: many equal-f ties and a long way round.
fn winding_corridors() -> (Grid, Pos, Pos) {
    let g = grid(
        "...........\n\
         .#########.\n\
         .#.......#.\n\
         .#.#####.#.\n\
         ...#...#...\n\
         ####.#.####\n\
         ....2#.....",
    );
    (g, Pos::new(0, 6), Pos::new(10, 6))
}

#[test]
fn sliced_search_matches_one_shot() {
    let (g, start, goal) = winding_corridors();
    let options = SearchOptions::default();
    let one_shot = AStar::new()
        .find_path(&g, start, goal, &options)
        .unwrap()
        .unwrap();
    for budget in 1..6 {
        let path = sliced_search(&g, start, goal, &options, budget);
        assert_eq!(path, one_shot, "budget {budget}");
    }
}

#[test]
fn a_changed_grid_restarts_a_paused_search() {
    let mut g = grid(".....\n.....\n.....");
    let mut astar = AStar::new();
    astar
        .start_search(
            &g,
            Pos::new(0, 1),
            Pos::new(4, 1),
            &SearchOptions::default(),
        )
        .unwrap();
    assert_eq!(astar.step(&g, 1), SearchStatus::Pending);
    g.set_cost(Pos::new(2, 0), None).unwrap();
    g.set_cost(Pos::new(2, 1), None).unwrap();
    let SearchStatus::Found(path) = astar.step(&g, 1000) else {
        panic!("expected a path on the changed grid");
    };
    assert!(path.cells.contains(&Pos::new(2, 2)));
    assert_eq!(astar.stats().restarts, 1);
}

#[test]
fn a_change_away_from_a_paused_search_lets_it_go_on_as_a_fresh_search_would() {
    // Not all one cost (a change would void the uniform-cost shortcut).
    let rows = [
        ".".repeat(40),
        ".".repeat(40),
        format!("3{}", ".".repeat(39)),
    ]
    .join("\n");
    let mut g = grid(&rows);
    let (start, goal) = (Pos::new(0, 1), Pos::new(39, 1));
    let options = SearchOptions::default();
    let mut astar = AStar::new();
    astar.start_search(&g, start, goal, &options).unwrap();
    assert_eq!(astar.step(&g, 5), SearchStatus::Pending);
    // Far ahead of everything the search has reached: a swamp and a wall.
    g.set_cost(Pos::new(30, 1), Some(4.0)).unwrap();
    g.set_cost(Pos::new(31, 0), None).unwrap();
    let SearchStatus::Found(resumed) = astar.step(&g, 10_000) else {
        panic!("expected a path");
    };
    assert_eq!(astar.stats().restarts, 0);
    assert_eq!(astar.stats().resumed_after_changes, 1);
    let resumed_expanded = astar.stats().expanded;
    let mut fresh = AStar::new();
    let fresh_path = fresh.find_path(&g, start, goal, &options).unwrap().unwrap();
    assert_eq!(resumed, fresh_path);
    assert_eq!(resumed_expanded, fresh.stats().expanded);
    assert!(
        !resumed.cells.contains(&Pos::new(30, 1)),
        "the swamp is avoided"
    );
}

#[test]
fn overrides_price_cells_for_one_search_only() {
    let g = grid(".....\n.....\n.....");
    let (start, goal) = (Pos::new(0, 1), Pos::new(4, 1));
    let options = SearchOptions::default();
    let mut astar = AStar::new();
    let dear = [(Pos::new(2, 1), 9.0), (Pos::new(2, 0), 0.01)];
    astar
        .start_search_with_overrides(&g, start, goal, &options, &dear)
        .unwrap();
    let SearchStatus::Found(around) = astar.step(&g, 1000) else {
        panic!("expected a path");
    };
    assert!(!around.cells.contains(&Pos::new(2, 1)));
    // An override under the grid's cheapest cost is raised to it.
    assert_eq!(around.cost, 4.0 + 2.0 * (SQRT_2 - 1.0));
    let straight = astar.find_path(&g, start, goal, &options).unwrap().unwrap();
    assert_eq!(straight.cost, 4.0);
    assert!(straight.cells.contains(&Pos::new(2, 1)));
}

#[test]
fn weighted_searches_stay_best_first_where_f_drops() {
    // With a weight above 1, f falls along a straight run to the goal;
    // entries below the last f taken must still come out smallest
    // first (a last-in-first-out stack made the search depth-first and
    // its paths zig-zag at nearly `weight` times the optimum).
    let rows = vec![".".repeat(40); 30].join("\n");
    let g = grid(&rows);
    let (start, goal) = (Pos::new(0, 0), Pos::new(39, 21));
    let optimal = cost_between(&g, start, goal, &SearchOptions::default()).unwrap();
    for weight in [1.5, 2.0, 5.0] {
        for heuristic in [Heuristic::Octile, Heuristic::Manhattan] {
            let options = SearchOptions {
                weight,
                heuristic,
                ..SearchOptions::default()
            };
            let cost = cost_between(&g, start, goal, &options).unwrap();
            assert!(
                cost <= optimal * 1.05,
                "{heuristic:?} weight {weight}: {cost} against {optimal}"
            );
        }
    }
}

#[test]
fn trace_records_open_and_closed_cells() {
    let g = grid("...\n.#.\n...");
    let mut astar = AStar::new();
    astar.set_tracing(true);
    let path = astar
        .find_path(
            &g,
            Pos::new(0, 0),
            Pos::new(2, 2),
            &SearchOptions::default(),
        )
        .unwrap()
        .unwrap();
    let trace = astar.trace();
    let closed: Vec<Pos> = trace.closed_cells().collect();
    assert_eq!(closed.first(), Some(&Pos::new(0, 0)));
    assert_eq!(closed.last(), Some(&Pos::new(2, 2)));
    assert_eq!(closed.len() as u64, astar.stats().expanded);
    let values = trace.cell_values(None);
    let goal = values[&Pos::new(2, 2)];
    assert!((goal.g - path.cost).abs() < 1e-12);
    assert_eq!(goal.h, 0.0);
    assert!(goal.closed);
    // Tracing changes nothing about the result.
    let untraced = default_path(&g, Pos::new(0, 0), Pos::new(2, 2));
    assert_eq!(untraced, path);
}

#[test]
fn a_paused_search_s_trace_keeps_the_price_each_closed_cell_was_reached_at() {
    // A road (0.5) along the top row, dearer ground (3) below, and the
    // cell (3, 1) priced 9 for this search alone. The search pauses after
    // four nodes; then the grid's prices far from what it reached change
    // (the goal's corner), and it goes on where it stopped.
    let costs = |x: i32, y: i32| match (x, y) {
        (_, 0) => Some(0.5),
        _ => Some(3.0),
    };
    let mut g = Grid::from_fn(12, 3, Movement::default(), costs).unwrap();
    let (start, goal) = (Pos::new(0, 1), Pos::new(11, 2));
    let mut astar = AStar::new();
    astar.set_tracing(true);
    let own = [(Pos::new(3, 1), 9.0)];
    astar
        .start_search_with_overrides(&g, start, goal, &SearchOptions::default(), &own)
        .unwrap();
    assert_eq!(astar.step(&g, 4), SearchStatus::Pending);
    g.set_cost(Pos::new(10, 2), Some(1.0)).unwrap();
    let SearchStatus::Found(path) = astar.step(&g, 1000) else {
        panic!("expected a path");
    };
    let trace = astar.trace();
    let values = trace.cell_values(None);
    let mut closed = 0;
    for event in &trace.events {
        let TraceEvent::Close { cell, cost } = *event else {
            continue;
        };
        let paid = cost.unwrap();
        let expected = match own.iter().find(|&&(c, _)| c == cell) {
            Some(&(_, price)) => price,
            None => g.cost(cell).unwrap(),
        };
        assert_eq!(paid, expected, "{cell}");
        // The price kept is the one g was summed with.
        if let Some(parent) = values[&cell].parent {
            let step = if parent.x != cell.x && parent.y != cell.y {
                SQRT_2
            } else {
                1.0
            };
            let sum = values[&parent].g + step * paid;
            assert!((sum - values[&cell].g).abs() < 1e-9, "{cell}");
        }
        closed += 1;
    }
    assert!(closed > 4 && trace.slices() == 2, "{closed} closed");
    assert!((values[&goal].g - path.cost).abs() < 1e-9);
}

#[test]
fn weighted_search_stays_within_its_bound() {
    let g = grid(
        "..........\n\
         .########.\n\
         ..........\n\
         ########..\n\
         ..........",
    );
    let (start, goal) = (Pos::new(0, 0), Pos::new(0, 4));
    let optimum = cost_between(&g, start, goal, &SearchOptions::default()).unwrap();
    for weight in [1.5, 2.0, 5.0] {
        let options = SearchOptions {
            weight,
            ..SearchOptions::default()
        };
        let found = cost_between(&g, start, goal, &options).unwrap();
        assert!(found <= weight * optimum + 1e-9 && found >= optimum - 1e-9);
    }
}

#[test]
fn a_search_space_moved_to_another_grid_uses_its_costs() {
    // Same size, different costs: the search space must not keep the
    // first grid's copy of the costs.
    let cheap_middle = grid("...\n...\n...");
    let costly_middle = grid("...\n.9.\n...");
    let options = SearchOptions::default();
    let (start, goal) = (Pos::new(0, 1), Pos::new(2, 1));
    let mut astar = AStar::new();
    let first = astar
        .find_path(&cheap_middle, start, goal, &options)
        .unwrap()
        .unwrap();
    assert_eq!(first.cost, 2.0);
    let second = astar
        .find_path(&costly_middle, start, goal, &options)
        .unwrap()
        .unwrap();
    let fresh = AStar::new()
        .find_path(&costly_middle, start, goal, &options)
        .unwrap()
        .unwrap();
    assert_eq!(second, fresh);
    assert!((second.cost - 2.0 * std::f64::consts::SQRT_2).abs() < 1e-12);
    // And back, after editing the first grid.
    let mut edited = cheap_middle.clone();
    edited.set_cost(Pos::new(1, 0), None).unwrap();
    let third = astar
        .find_path(&edited, start, goal, &options)
        .unwrap()
        .unwrap();
    assert_eq!(third.cost, 2.0);
    let around = astar
        .find_path(&costly_middle, start, goal, &options)
        .unwrap()
        .unwrap();
    assert_eq!(around, fresh);
}

#[test]
fn search_space_is_reused_across_grid_sizes() {
    let mut astar = AStar::new();
    let big = grid(&".........\n".repeat(9));
    let small = grid("...\n...");
    for _ in 0..3 {
        assert!(
            astar
                .find_path(
                    &big,
                    Pos::new(0, 0),
                    Pos::new(8, 8),
                    &SearchOptions::default()
                )
                .unwrap()
                .is_some()
        );
        assert!(
            astar
                .find_path(
                    &small,
                    Pos::new(0, 0),
                    Pos::new(2, 1),
                    &SearchOptions::default()
                )
                .unwrap()
                .is_some()
        );
    }
    assert_eq!(AStar::BYTES_PER_CELL, 16);
}

fn direction_changes(cells: &[Pos]) -> usize {
    let moves: Vec<(i32, i32)> = cells
        .windows(2)
        .map(|w| (w[1].x - w[0].x, w[1].y - w[0].y))
        .collect();
    moves.windows(2).filter(|m| m[0] != m[1]).count()
}

fn with_turn_penalty(options: SearchOptions, turn_penalty: f64) -> SearchOptions {
    SearchOptions {
        turn_penalty,
        ..options
    }
}

#[test]
fn a_turn_penalty_straightens_paths_and_reports_their_true_cost() {
    // A goal a knight's move (scaled) away on open ground: every path
    // of 5 diagonal and 5 straight moves is a cheapest one. The default
    // options already return one with a single turn; these zig-zag.
    let g = grid(&"................\n".repeat(9));
    let (start, goal) = (Pos::new(1, 1), Pos::new(11, 6));
    let optimum = 5.0 + 5.0 * SQRT_2;
    for (heuristic, tie_break) in [
        (Heuristic::Euclidean, TieBreak::LargerG),
        (Heuristic::Octile, TieBreak::SmallerG),
        (Heuristic::Zero, TieBreak::LargerG),
    ] {
        let options = SearchOptions {
            heuristic,
            tie_break,
            ..SearchOptions::default()
        };
        let mut astar = AStar::new();
        let plain = astar.find_path(&g, start, goal, &options).unwrap().unwrap();
        let straight = astar
            .find_path(&g, start, goal, &with_turn_penalty(options, 0.1))
            .unwrap()
            .unwrap();
        let (before, after) = (
            direction_changes(&plain.cells),
            direction_changes(&straight.cells),
        );
        assert!(
            after < before,
            "{heuristic} {tie_break:?}: {before} -> {after}"
        );
        assert_eq!(after, 1, "{heuristic} {tie_break:?}");
        // The reported cost is the cells' cost, without the 0.1 paid for
        // the turn; here that is still the optimum.
        assert_eq!(path_cost(&g, &straight.cells), Some(straight.cost));
        assert!((straight.cost - optimum).abs() < 1e-12, "{}", straight.cost);
        assert!((plain.cost - optimum).abs() < 1e-12);
    }
}

#[test]
fn a_turn_penalty_may_trade_cost_for_straightness() {
    // Around the 2 costs 4 + 2 sqrt 2 (about 6.83) with three turns;
    // through it 7 with none.
    let g = grid(".......\n...2...\n.......");
    let (start, goal) = (Pos::new(0, 1), Pos::new(6, 1));
    let mut astar = AStar::new();
    let plain = astar
        .find_path(&g, start, goal, &SearchOptions::default())
        .unwrap()
        .unwrap();
    assert!((plain.cost - (4.0 + 2.0 * SQRT_2)).abs() < 1e-12);
    let small = with_turn_penalty(SearchOptions::default(), 0.01);
    let nudged = astar.find_path(&g, start, goal, &small).unwrap().unwrap();
    assert_eq!(nudged.cost, plain.cost);
    let large = with_turn_penalty(SearchOptions::default(), 0.1);
    let straight = astar.find_path(&g, start, goal, &large).unwrap().unwrap();
    assert_eq!(direction_changes(&straight.cells), 0);
    assert_eq!(straight.cost, 7.0);
}

#[test]
fn sliced_search_with_a_turn_penalty_matches_one_shot() {
    let (g, start, goal) = winding_corridors();
    for tie_break in [TieBreak::LargerG, TieBreak::SmallerG] {
        let options = SearchOptions {
            tie_break,
            turn_penalty: 0.3,
            ..SearchOptions::default()
        };
        let one_shot = AStar::new()
            .find_path(&g, start, goal, &options)
            .unwrap()
            .unwrap();
        assert_eq!(path_cost(&g, &one_shot.cells), Some(one_shot.cost));
        for budget in 1..6 {
            let path = sliced_search(&g, start, goal, &options, budget);
            assert_eq!(path, one_shot, "{tie_break:?}, budget {budget}");
        }
    }
}

#[test]
fn a_zero_turn_penalty_changes_nothing() {
    let (g, start, goal) = walled_garden();
    let mut astar = AStar::new();
    astar.set_tracing(true);
    let reference = astar
        .find_path(&g, start, goal, &SearchOptions::default())
        .unwrap();
    let (stats, trace) = (astar.stats(), astar.trace().clone());
    for zero in [0.0, -0.0] {
        let options = with_turn_penalty(SearchOptions::default(), zero);
        assert_eq!(
            astar.find_path(&g, start, goal, &options).unwrap(),
            reference
        );
        assert_eq!(astar.stats(), stats);
        assert_eq!(astar.trace(), &trace);
    }
}

#[test]
fn a_bad_turn_penalty_is_an_error_value() {
    let g = grid("...");
    let mut astar = AStar::new();
    for penalty in [-0.5, f64::NAN, f64::INFINITY] {
        let options = with_turn_penalty(SearchOptions::default(), penalty);
        let err = astar
            .find_path(&g, Pos::new(0, 0), Pos::new(2, 0), &options)
            .unwrap_err();
        assert!(matches!(err, QueryError::BadTurnPenalty { .. }));
        assert!(
            err.to_string()
                .ends_with("is not allowed: it must be finite and at least 0 (0 turns it off)"),
            "{err}"
        );
    }
}

mod turn_penalty_properties {
    use proptest::prelude::*;

    use super::*;
    use crate::Diagonals;

    fn random_grid() -> impl Strategy<Value = Grid> {
        let diagonals = prop_oneof![
            Just(Diagonals::Never),
            Just(Diagonals::NoCornerCutting),
            Just(Diagonals::Always),
        ];
        crate::test_grids::random_grid(2..14, diagonals.boxed(), 3)
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(300))]

        #[test]
        fn penalized_paths_are_legal_and_priced_truly(
            g in random_grid(),
            ends in (any::<prop::sample::Index>(), any::<prop::sample::Index>()),
            turn_penalty in 0.0f64..3.0,
            weight in prop_oneof![Just(1.0), Just(2.0)],
            budget in 1usize..20,
        ) {
            let open: Vec<Pos> = (0..g.height() as i32)
                .flat_map(|y| (0..g.width() as i32).map(move |x| Pos::new(x, y)))
                .filter(|&p| g.is_passable(p))
                .collect();
            prop_assume!(!open.is_empty());
            let (start, goal) = (*ends.0.get(&open), *ends.1.get(&open));
            let options = SearchOptions { weight, turn_penalty, ..SearchOptions::default() };
            let mut astar = AStar::new();
            let found = astar.find_path(&g, start, goal, &options).unwrap();
            let optimum = astar.find_path(&g, start, goal, &SearchOptions::default()).unwrap();
            prop_assert_eq!(found.is_some(), optimum.is_some());
            let (Some(path), Some(optimum)) = (found, optimum) else {
                return Ok(());
            };
            prop_assert_eq!(path.cells.first(), Some(&start));
            prop_assert_eq!(path.cells.last(), Some(&goal));
            prop_assert_eq!(path_cost(&g, &path.cells), Some(path.cost));
            prop_assert!(path.cost >= optimum.cost * (1.0 - 1e-12));
            astar.start_search(&g, start, goal, &options).unwrap();
            let sliced = loop {
                match astar.step(&g, budget) {
                    SearchStatus::Pending => continue,
                    SearchStatus::Found(sliced) => break sliced,
                    SearchStatus::NoPath => panic!("lost the path"),
                }
            };
            prop_assert_eq!(sliced, path);
        }
    }
}
