//! Tests of the hierarchy: built and repaired on ASCII and random grids,
//! queried against A*.

use super::*;
use crate::{AStar, Movement, SearchOptions, path_cost, steps_are_legal};

fn options(size: usize) -> HierarchyOptions {
    HierarchyOptions { cluster_size: size }
}

#[test]
fn a_small_cluster_size_is_refused() {
    let grid = Grid::from_ascii("....", Movement::default()).unwrap();
    assert_eq!(
        Hierarchy::build(&grid, options(3)).unwrap_err(),
        HierarchyError::BadClusterSize { size: 3 }
    );
}

#[test]
fn an_open_field_is_searched_along_the_line() {
    let grid = Grid::from_fn(256, 256, Movement::default(), |_, _| Some(1.0)).unwrap();
    let mut hierarchy = Hierarchy::build(&grid, options(16)).unwrap();
    let mut search = HierarchicalSearch::new();
    let path = search
        .find_path(&mut hierarchy, &grid, Pos::new(1, 1), Pos::new(250, 200))
        .unwrap()
        .unwrap();
    let stats = search.stats();
    let optimal = 50.0 + 199.0 * std::f64::consts::SQRT_2;
    assert!(
        (path.cost - optimal).abs() < 1e-6,
        "{} against {optimal}",
        path.cost
    );
    // Diagonal ways cross borders by straight steps, so coarse costs rise a
    // little at each border and the search widens: still a small part of
    // the graph.
    assert!(
        (stats.coarse_expanded as usize) < hierarchy.node_count() / 4,
        "{stats:?}"
    );
}

/// The cheapest path by A*, for comparison.
fn optimum(grid: &Grid, start: Pos, goal: Pos) -> Option<f64> {
    AStar::new()
        .find_path(grid, start, goal, &SearchOptions::default())
        .unwrap()
        .map(|path| path.cost)
}

fn open_cells(grid: &Grid) -> Vec<Pos> {
    (0..grid.height() as i32)
        .flat_map(|y| (0..grid.width() as i32).map(move |x| Pos::new(x, y)))
        .filter(|&p| grid.is_passable(p))
        .collect()
}

/// A perfect maze (one way between any two cells) of 1-wide corridors,
/// carved by a depth-first walk from a seed.
fn perfect_maze(cells_across: usize, cells_down: usize, seed: u64) -> Grid {
    use rand::{RngExt, SeedableRng};
    let (width, height) = (2 * cells_across + 1, 2 * cells_down + 1);
    let mut open = vec![false; width * height];
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
    let mut seen = vec![false; cells_across * cells_down];
    let mut stack = vec![(0usize, 0usize)];
    seen[0] = true;
    open[width + 1] = true;
    while let Some(&(cx, cy)) = stack.last() {
        let mut next: Vec<(usize, usize)> = [(0i32, -1i32), (1, 0), (0, 1), (-1, 0)]
            .iter()
            .map(|&(dx, dy)| (cx as i32 + dx, cy as i32 + dy))
            .filter(|&(x, y)| {
                x >= 0 && y >= 0 && (x as usize) < cells_across && (y as usize) < cells_down
            })
            .map(|(x, y)| (x as usize, y as usize))
            .filter(|&(x, y)| !seen[y * cells_across + x])
            .collect();
        if next.is_empty() {
            stack.pop();
            continue;
        }
        let (nx, ny) = next.swap_remove(rng.random_range(0..next.len()));
        seen[ny * cells_across + nx] = true;
        open[(2 * ny + 1) * width + 2 * nx + 1] = true;
        open[(cy + ny + 1) * width + cx + nx + 1] = true;
        stack.push((nx, ny));
    }
    Grid::from_fn(width, height, Movement::default(), |x, y| {
        open[y as usize * width + x as usize].then_some(1.0 + f64::from((x * 7 + y * 3) % 4))
    })
    .unwrap()
}

#[test]
fn a_forced_path_costs_what_astar_finds() {
    for seed in 0..4 {
        let grid = perfect_maze(15, 12, seed);
        let mut hierarchy = Hierarchy::build(&grid, options(4)).unwrap();
        let mut search = HierarchicalSearch::new();
        let open = open_cells(&grid);
        for (i, &start) in open.iter().enumerate().step_by(17) {
            let goal = open[(i * 31 + 5) % open.len()];
            let path = search
                .find_path(&mut hierarchy, &grid, start, goal)
                .unwrap()
                .unwrap();
            let best = optimum(&grid, start, goal).unwrap();
            assert!(
                (path.cost - best).abs() < 1e-9,
                "seed {seed}: {start} -> {goal}: {} against {best}",
                path.cost
            );
        }
    }
}

#[test]
fn a_wall_across_the_way_means_no_path() {
    let grid = Grid::from_fn(40, 20, Movement::default(), |x, _| (x != 21).then_some(1.0)).unwrap();
    let mut hierarchy = Hierarchy::build(&grid, options(8)).unwrap();
    let mut search = HierarchicalSearch::new();
    assert_eq!(
        search.find_path(&mut hierarchy, &grid, Pos::new(1, 1), Pos::new(38, 18)),
        Ok(None)
    );
    assert!(
        search
            .find_path(&mut hierarchy, &grid, Pos::new(0, 0), Pos::new(21, 0))
            .is_err()
    );
}

#[test]
fn roads_across_borders_are_taken() {
    // Marsh (cost 6) everywhere but a road (cost 1) along row 13, which
    // crosses every vertical border away from the entrances' ends.
    let grid = Grid::from_fn(96, 40, Movement::default(), |_, y| {
        Some(if y == 13 { 1.0 } else { 6.0 })
    })
    .unwrap();
    let mut hierarchy = Hierarchy::build(&grid, options(16)).unwrap();
    let mut search = HierarchicalSearch::new();
    let path = search
        .find_path(&mut hierarchy, &grid, Pos::new(0, 13), Pos::new(95, 13))
        .unwrap()
        .unwrap();
    assert_eq!(path.cost, 95.0);
}

/// Repairing after changes gives the graph a fresh build gives.
#[test]
fn repair_matches_a_rebuild() {
    use rand::{RngExt, SeedableRng};
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(7);
    let mut grid = Grid::from_fn(70, 45, Movement::default(), |x, y| {
        ((x * 13 + y * 7) % 11 != 0).then_some(1.0 + f64::from((x + y) % 3))
    })
    .unwrap();
    let mut hierarchy = Hierarchy::build(&grid, options(8)).unwrap();
    hierarchy.price_all(&grid);
    for round in 0..40 {
        let changes = rng.random_range(1..6);
        for _ in 0..changes {
            let pos = Pos::new(rng.random_range(0..70), rng.random_range(0..45));
            let cost = match rng.random_range(0..3) {
                0 => None,
                1 => Some(1.0),
                _ => Some(4.0),
            };
            grid.set_cost(pos, cost).unwrap();
        }
        let stats = hierarchy.sync(&grid);
        assert!(!stats.rebuilt);
        assert!(
            stats.clusters_repriced <= 3 * changes,
            "round {round}: {stats:?}"
        );
        let mut fresh = Hierarchy::build(&grid, options(8)).unwrap();
        fresh.price_all(&grid);
        let nodes: Vec<Pos> = hierarchy.nodes().collect();
        assert_eq!(nodes, fresh.nodes().collect::<Vec<_>>(), "round {round}");
        let crossings: Vec<_> = hierarchy.crossings().collect();
        let fresh_crossings: Vec<_> = fresh.crossings().collect();
        assert_eq!(crossings.len(), fresh_crossings.len(), "round {round}");
        for (a, b) in crossings.iter().zip(&fresh_crossings) {
            assert_eq!((a.0, a.1), (b.0, b.1));
            assert!(
                (a.2 - b.2).abs() < 1e-9,
                "round {round}: {a:?} against {b:?}"
            );
        }
        for cluster in 0..hierarchy.cluster_count() {
            assert_eq!(
                hierarchy.clusters[cluster].links, fresh.clusters[cluster].links,
                "round {round}"
            );
        }
        kept_paths_walk_at_their_cost(&hierarchy, &grid, round);
    }
}

/// One cell at a time on the cluster borders, where a change moves the
/// entrances: clusters whose nodes moved keep their other pairs and search
/// from and to the new nodes only, and still match a fresh build.
#[test]
fn border_changes_carry_kept_pairs_over_to_new_nodes() {
    use rand::{RngExt, SeedableRng};
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(11);
    let mut grid = Grid::from_fn(96, 64, Movement::default(), |x, y| {
        ((x * 5 + y * 11) % 13 != 0).then_some(1.0 + f64::from((x * y) % 4))
    })
    .unwrap();
    let mut hierarchy = Hierarchy::build(&grid, options(16)).unwrap();
    hierarchy.price_all(&grid);
    let pricing_all = hierarchy.cells_settled_pricing();
    let mut settled_repairing = 0;
    for round in 0..80 {
        let along = rng.random_range(0..64);
        let across = 16 * rng.random_range(1..4) - rng.random_range(0..2);
        let pos = if round % 2 == 0 {
            Pos::new(along, across)
        } else {
            Pos::new(across, along)
        };
        let cost = match rng.random_range(0..3) {
            0 => None,
            1 => Some(1.0),
            _ => Some(4.0),
        };
        grid.set_cost(pos, cost).unwrap();
        let before = hierarchy.cells_settled_pricing();
        hierarchy.sync(&grid);
        settled_repairing += hierarchy.cells_settled_pricing() - before;
        let mut fresh = Hierarchy::build(&grid, options(16)).unwrap();
        fresh.price_all(&grid);
        assert_eq!(
            hierarchy.nodes().collect::<Vec<_>>(),
            fresh.nodes().collect::<Vec<_>>(),
            "round {round}"
        );
        for (a, b) in hierarchy.crossings().zip(fresh.crossings()) {
            assert_eq!((a.0, a.1), (b.0, b.1), "round {round}");
            assert!(
                (a.2 - b.2).abs() < 1e-9,
                "round {round}: {a:?} against {b:?}"
            );
        }
        assert_eq!(hierarchy.crossings().count(), fresh.crossings().count());
        kept_paths_walk_at_their_cost(&hierarchy, &grid, round);
    }
    // Pricing whole every cluster whose nodes moved settled 3.7 times the
    // cells that pricing all 24 clusters once does (measured); carrying
    // the kept pairs over, 2.4 times.
    assert!(
        settled_repairing < pricing_all * 3,
        "{settled_repairing} cells settled repairing, {pricing_all} pricing all"
    );
}

/// Every kept crossing path of every priced cluster is a legal walk inside
/// the cluster from one node to the other, costing the crossing's cost.
fn kept_paths_walk_at_their_cost(hierarchy: &Hierarchy, grid: &Grid, round: usize) {
    let mut cells = Vec::new();
    for (number, cluster) in hierarchy.clusters.iter().enumerate() {
        if !cluster.priced {
            continue;
        }
        let cell_box = hierarchy.layout.cluster_box(number);
        let k = cluster.nodes.len();
        for i in 0..k {
            for j in (0..k).filter(|&j| j != i) {
                let cost = cluster.crossing[i * k + j];
                if !cost.is_finite() {
                    continue;
                }
                cells.clear();
                crossing_paths::walk(cluster.nodes[i], cluster.paths.steps(k, i, j), &mut cells);
                let (from, to) = (cluster.nodes[i], cluster.nodes[j]);
                assert_eq!(cells.last(), Some(&to), "round {round}: {from} -> {to}");
                assert!(cells.iter().all(|&c| cell_box.contains(c)), "round {round}");
                let walked = crate::smoothing::path_cost(grid, &cells);
                assert!(
                    walked.is_some_and(|w| (w - cost).abs() < 1e-9),
                    "round {round}: {from} -> {to}: walked {walked:?} against {cost}"
                );
            }
        }
    }
}

mod properties {
    use proptest::prelude::*;

    use super::*;

    fn random_grid() -> impl Strategy<Value = Grid> {
        let four = prop_oneof![Just(Diagonals::Never), Just(Diagonals::NoCornerCutting)];
        crate::test_grids::random_grid(4..34, four.boxed(), 4)
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(300))]

        /// Every path is legal, joins the ends, is priced truly and never
        /// costs less than the optimum; it exists exactly when one does.
        #[test]
        fn paths_are_legal_and_never_below_the_optimum(
            g in random_grid(),
            ends in proptest::collection::vec((any::<prop::sample::Index>(), any::<prop::sample::Index>()), 6),
            size in 4usize..7,
        ) {
            let open = open_cells(&g);
            prop_assume!(!open.is_empty());
            let mut hierarchy = Hierarchy::build(&g, options(size)).unwrap();
            let mut search = HierarchicalSearch::new();
            for (a, b) in ends {
                let (start, goal) = (*a.get(&open), *b.get(&open));
                let found = search.find_path(&mut hierarchy, &g, start, goal).unwrap();
                let best = optimum(&g, start, goal);
                prop_assert_eq!(found.is_some(), best.is_some(), "{} -> {}", start, goal);
                let (Some(path), Some(best)) = (found, best) else { continue };
                prop_assert_eq!(path.cells.first(), Some(&start));
                prop_assert_eq!(path.cells.last(), Some(&goal));
                prop_assert!(steps_are_legal(&g, start, &path.cells[1..]));
                prop_assert_eq!(crate::path_cost(&g, &path.cells), Some(path.cost));
                prop_assert!(path.cost >= best * (1.0 - 1e-9), "{} against {}", path.cost, best);
            }
        }
    }
}

#[test]
fn budgets_bound_the_searches() {
    // A marsh (cost 5) with a road (cost 1) two rows off the line.
    let grid = Grid::from_fn(96, 40, Movement::default(), |_, y| {
        Some(if y == 12 { 1.0 } else { 5.0 })
    })
    .unwrap();
    let mut hierarchy = Hierarchy::build(&grid, options(16)).unwrap();
    let mut search = HierarchicalSearch::new();
    let (start, goal) = (Pos::new(2, 10), Pos::new(20, 10));
    // The near search alone, in a box 4 cells wider: the road is in it.
    let near = search
        .find_near_path(&hierarchy, &grid, (start, goal), 4, 10_000)
        .unwrap()
        .unwrap();
    assert_eq!(Some(near.cost), optimum(&grid, start, goal));
    assert!(near.cells.contains(&Pos::new(10, 12)));
    // Too small a budget finds nothing, and says so.
    assert_eq!(
        search
            .find_near_path(&hierarchy, &grid, (start, goal), 4, 5)
            .unwrap(),
        None
    );
    assert!(search.stats().fine_expanded <= 5);
    // Ends further apart than two clusters are not near.
    let far = Pos::new(90, 10);
    assert_eq!(
        search
            .find_near_path(&hierarchy, &grid, (start, far), 4, 10_000)
            .unwrap(),
        None
    );
    // The whole query within a budget: found with room, none without.
    assert!(
        search
            .find_path_within(&mut hierarchy, &grid, start, far, 100_000)
            .unwrap()
            .is_some()
    );
    assert_eq!(
        search
            .find_path_within(&mut hierarchy, &grid, start, far, 3)
            .unwrap(),
        None
    );
    // The coarse search keeps to it; joining the ends each search one cluster.
    assert!(search.stats().coarse_expanded <= 3);
    assert!(search.stats().fine_expanded <= 2 * 16 * 16);
}

/// A walker refining the coarse plan step by step gets each crossing from
/// the kept cells, without a search, at the crossing's cost; after a change
/// the hierarchy has not caught up with, it searches instead.
#[test]
fn refining_a_step_reads_the_kept_crossing() {
    let mut grid = Grid::from_fn(48, 48, Movement::default(), |x, y| {
        ((x * 7 + y * 3) % 10 != 5).then_some(1.0 + f64::from((x * y) % 3))
    })
    .unwrap();
    let mut hierarchy = Hierarchy::build(&grid, options(8)).unwrap();
    let mut search = HierarchicalSearch::new();
    let CoarseOutcome::Found(plan) = search
        .find_coarse_path(
            &mut hierarchy,
            &grid,
            Pos::new(1, 1),
            Pos::new(46, 45),
            usize::MAX,
        )
        .unwrap()
    else {
        panic!("a coarse plan");
    };
    let inner: Vec<(Pos, Pos)> = plan.waypoints[1..plan.waypoints.len() - 1]
        .windows(2)
        .map(|pair| (pair[0], pair[1]))
        .filter(|&(from, to)| hierarchy.cluster_of(from) == hierarchy.cluster_of(to))
        .collect();
    assert!(!inner.is_empty(), "{plan:?}");
    for &(from, to) in &inner {
        let before = search.stats().fine_expanded;
        let cells = search.refine_step(&hierarchy, &grid, from, to).unwrap();
        assert_eq!(search.stats().fine_expanded, before, "no search");
        assert_eq!((cells[0], cells[cells.len() - 1]), (from, to));
        assert!(steps_are_legal(&grid, from, &cells[1..]));
        let kept = hierarchy
            .crossings()
            .find(|&(a, b, _)| (a, b) == (from, to))
            .map(|(_, _, cost)| cost)
            .unwrap();
        let walked = crate::smoothing::path_cost(&grid, &cells).unwrap();
        assert!((walked - kept).abs() < 1e-9);
    }
    let (from, to) = inner[0];
    let far = Pos::new(if from.x == 0 { 47 } else { 0 }, 47);
    grid.set_cost(far, Some(9.0)).unwrap();
    let before = search.stats().fine_expanded;
    let cells = search.refine_step(&hierarchy, &grid, from, to).unwrap();
    assert!(
        search.stats().fine_expanded > before,
        "searched: not current"
    );
    assert!(steps_are_legal(&grid, from, &cells[1..]));
}

#[test]
fn without_patching_a_repaired_hierarchy_keeps_exactly_a_fresh_ones_ways() {
    use rand::{RngExt, SeedableRng};
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(11);
    let mut grid = Grid::from_fn(48, 40, Movement::default(), |x, y| {
        ((x * 5 + y * 3) % 13 != 0).then_some(1.0 + f64::from((x * y) % 4) * 0.5)
    })
    .unwrap();
    let mut hierarchy = Hierarchy::build(&grid, options(8)).unwrap();
    hierarchy.set_patching(false);
    hierarchy.price_all(&grid);
    let mut ways = (Vec::new(), Vec::new());
    for round in 0..30 {
        // One changed cell a round: the case patching would take.
        let pos = Pos::new(rng.random_range(0..48), rng.random_range(0..40));
        let cost = [None, Some(1.0), Some(3.5)][rng.random_range(0..3)];
        grid.set_cost(pos, cost).unwrap();
        hierarchy.sync(&grid);
        let mut fresh = Hierarchy::build(&grid, options(8)).unwrap();
        fresh.price_all(&grid);
        let pairs: Vec<(Pos, Pos, f64)> = hierarchy.crossings().collect();
        assert_eq!(
            pairs,
            fresh.crossings().collect::<Vec<_>>(),
            "round {round}"
        );
        for (from, to, _) in pairs {
            ways.0.clear();
            ways.1.clear();
            assert!(hierarchy.kept_crossing(from, to, &mut ways.0));
            assert!(fresh.kept_crossing(from, to, &mut ways.1));
            assert_eq!(ways.0, ways.1, "round {round}: {from:?} to {to:?}");
        }
    }
}

#[test]
fn priced_on_demand_a_repaired_hierarchy_finds_a_fresh_ones_paths_and_prices_only_what_it_reaches()
{
    use rand::{RngExt, SeedableRng};
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(5);
    let mut grid = Grid::from_fn(64, 48, Movement::default(), |x, y| {
        ((x * 7 + y * 5) % 11 != 0).then_some(1.0 + f64::from((x + 2 * y) % 3) * 0.75)
    })
    .unwrap();
    let mut hierarchy = Hierarchy::build(&grid, options(8)).unwrap();
    hierarchy.set_patching(false);
    hierarchy.set_pricing_on_demand(true);
    let (mut kept, mut fresh_search) = (HierarchicalSearch::new(), HierarchicalSearch::new());
    let (start, goal) = (Pos::new(1, 1), Pos::new(62, 46));
    for (x, y) in [start, goal].map(|p| (p.x, p.y)) {
        grid.set_cost(Pos::new(x, y), Some(1.0)).unwrap();
    }
    for round in 0..25 {
        for _ in 0..6 {
            let pos = Pos::new(rng.random_range(2..62), rng.random_range(2..46));
            let cost = [None, Some(1.0), Some(4.0)][rng.random_range(0..3)];
            grid.set_cost(pos, cost).unwrap();
        }
        let settled = hierarchy.cells_settled_pricing();
        let stats = hierarchy.sync(&grid);
        assert_eq!(
            stats.clusters_repriced, 0,
            "round {round}: nothing priced now"
        );
        assert_eq!(hierarchy.cells_settled_pricing(), settled);
        let mut fresh = Hierarchy::build(&grid, options(8)).unwrap();
        let ours = kept.find_path(&mut hierarchy, &grid, start, goal).unwrap();
        let theirs = fresh_search
            .find_path(&mut fresh, &grid, start, goal)
            .unwrap();
        assert_eq!(ours, theirs, "round {round}");
        if let Some(path) = ours {
            assert!(steps_are_legal(&grid, start, &path.cells[1..]));
        }
    }
}

#[test]
fn a_clusters_exits_are_its_nodes_and_its_ways_stay_inside_it() {
    // Clusters of 4: a wall splits the top-left cluster's bottom row.
    let grid = Grid::from_ascii(
        "\
........
........
........
##.#....
........
........",
        Movement::default(),
    )
    .unwrap();
    let hierarchy = Hierarchy::build(&grid, options(4)).unwrap();
    let at = Pos::new(1, 1);
    let cluster = hierarchy.cluster_of(at).unwrap();
    let mut exits = Vec::new();
    for side in 0..4 {
        cluster_exits(&grid, 4, at, side, &mut exits);
    }
    let mut inside: Vec<Pos> = exits.iter().map(|&(node, _)| node).collect();
    inside.sort_unstable_by_key(|p| (p.y, p.x));
    inside.dedup();
    assert_eq!(inside, hierarchy.clusters[cluster].nodes);
    let mut search = HierarchicalSearch::new();
    for (node, across) in exits {
        assert_ne!(hierarchy.cluster_of(across), Some(cluster));
        assert!(grid.is_legal_step(node, across));
        let way = search.way_in_cluster(&grid, 4, at, node).unwrap();
        assert_eq!((way[0], *way.last().unwrap()), (at, node));
        assert!(steps_are_legal(&grid, at, &way[1..]));
        assert!(
            way.iter()
                .all(|&c| hierarchy.cluster_of(c) == Some(cluster))
        );
        assert!(search.stats().fine_expanded > 0);
    }
    // Across clusters, or off the grid: none.
    assert!(
        search
            .way_in_cluster(&grid, 4, at, Pos::new(6, 1))
            .is_none()
    );
    exits = Vec::new();
    cluster_exits(&grid, 4, Pos::new(-1, 0), 1, &mut exits);
    cluster_exits(&grid, 4, at, 0, &mut exits);
    assert!(exits.is_empty(), "nothing left of the first cluster");
    let layout = Layout::new(8, 6, 4);
    for cluster in 0..layout.clusters() {
        let mut sides: Vec<usize> = (0..4)
            .filter_map(|side| layout.border_on_side(cluster, side))
            .collect();
        sides.sort_unstable();
        assert_eq!(sides, layout.borders_of(cluster).collect::<Vec<_>>());
    }
}

#[test]
fn a_cluster_walled_off_is_flooded_once_for_every_node_beyond_the_wall() {
    // One 8x8 cluster cut in two by a wall down column 3: from the west
    // part, no cell of the east part can be reached inside it.
    let rows = "...#....\n".repeat(8);
    let mut grid = Grid::from_ascii(rows.trim_end(), Movement::default()).unwrap();
    let mut search = HierarchicalSearch::new();
    let from = Pos::new(1, 1);
    assert_eq!(search.way_in_cluster(&grid, 8, from, Pos::new(6, 1)), None);
    let flooded = search.stats().fine_expanded;
    assert_eq!(flooded, 3 * 8, "every cell west of the wall");
    // Another node beyond the wall: answered from the flood, no search.
    assert_eq!(search.way_in_cluster(&grid, 8, from, Pos::new(7, 6)), None);
    assert_eq!(search.stats().fine_expanded, 0);
    assert_eq!(search.stats().fine_recalled, flooded);
    // A node the flood reached is searched again, and found.
    let way = search
        .way_in_cluster(&grid, 8, from, Pos::new(2, 7))
        .unwrap();
    assert!(steps_are_legal(&grid, from, &way[1..]));
    assert!(search.stats().fine_expanded > 0);
    // The wall opened: the grid changed, so it searches again and finds
    // the way the flood could not.
    assert_eq!(search.way_in_cluster(&grid, 8, from, Pos::new(6, 1)), None);
    grid.set_cost(Pos::new(3, 4), Some(1.0)).unwrap();
    let way = search
        .way_in_cluster(&grid, 8, from, Pos::new(7, 6))
        .unwrap();
    assert!(steps_are_legal(&grid, from, &way[1..]));
    assert_eq!(search.stats().fine_recalled, 0);
}

#[test]
fn a_way_in_a_box_round_a_walk_is_the_cheapest_there_and_never_dearer_than_the_walk() {
    // A straight walk east along the marsh row; dry ground two rows up,
    // behind a wall with one gap each end, and nothing dry below.
    let grid = Grid::from_ascii(
        "..........\n\
         .########.\n\
         9999999999\n\
         ##########",
        Movement::default(),
    )
    .unwrap();
    let walk: Vec<Pos> = (0..10).map(|x| Pos::new(x, 2)).collect();
    let walked = path_cost(&grid, &walk).unwrap();
    let mut search = HierarchicalSearch::new();
    // No room round the walk: the walk is the straight way over the box's
    // cheapest ground, a cheapest way already, given back with no search.
    let way = search.way_in_box(&grid, &walk, 0, 1.0).unwrap();
    assert_eq!(way, walk);
    assert_eq!(search.stats().fine_expanded, 0);
    // Two rows of room: round by the dry top row, the cheapest there is.
    let way = search.way_in_box(&grid, &walk, 2, 1.0).unwrap();
    assert!(
        search.stats().fine_expanded > 0,
        "the cells it expanded are counted"
    );
    assert_eq!((way[0], *way.last().unwrap()), (walk[0], walk[9]));
    assert!(steps_are_legal(&grid, way[0], &way[1..]));
    assert!(way.iter().all(|cell| cell.y <= 2), "inside the box");
    let cost = path_cost(&grid, &way).unwrap();
    assert!(cost < walked, "{cost} against {walked}");
    let optimal = optimum(&grid, walk[0], walk[9]).unwrap();
    assert!((cost - optimal).abs() < 1e-9, "{cost} against {optimal}");
    // Nothing to walk: nothing found.
    assert_eq!(search.way_in_box(&grid, &[], 2, 1.0), None);
    // A straight walk over the box's cheapest ground is a cheapest way
    // already: itself, no search.
    let top: Vec<Pos> = (0..10).map(|x| Pos::new(x, 0)).collect();
    assert_eq!(search.way_in_box(&grid, &top, 2, 1.0), Some(top));
    assert_eq!(search.stats().fine_expanded, 0);
    // The marsh walk costs 9 times the straight way over the dry ground:
    // with a slack of 1.5 it is searched, and the way found (the search
    // weighted by the slack) costs at most 1.5 times the cheapest; with a
    // slack of 9 it is kept as it is.
    let way = search.way_in_box(&grid, &walk, 2, 1.5).unwrap();
    assert!(path_cost(&grid, &way).unwrap() <= 1.5 * optimal + 1e-9);
    assert_eq!(search.way_in_box(&grid, &walk, 2, 9.0), Some(walk));
    assert_eq!(search.stats().fine_expanded, 0);
}

/// A maze of marsh (`5`), road (`1`) and walls, 96 by 48: six clusters of
/// 16 across, three down, every cluster priced by a search of its cells.
fn walled_marsh() -> Grid {
    Grid::from_fn(96, 48, Movement::default(), |x, y| {
        if (x % 16 == 8 && y % 24 > 3) || (y % 16 == 12 && x % 20 < 14) {
            None
        } else if (x + 2 * y) % 7 == 0 {
            Some(1.0)
        } else {
            Some(if x / 8 % 2 == 0 { 5.0 } else { 2.0 })
        }
    })
    .unwrap()
}

/// A coarse query prices clusters within its node budget (coarse nodes and
/// cells settled pricing together), all but the first cluster it prices
/// fitting what is left: stopped short it answers over budget, keeps what
/// it priced, and asked again gets further, until it finds the plan an
/// unbounded query finds.
#[test]
fn a_coarse_query_prices_within_its_budget_and_goes_on_where_it_stopped() {
    let grid = walled_marsh();
    let (from, to) = (Pos::new(1, 1), Pos::new(94, 46));
    let mut unbounded = Hierarchy::build(&grid, options(16)).unwrap();
    let mut search = HierarchicalSearch::new();
    let CoarseOutcome::Found(wanted) = search
        .find_coarse_path(&mut unbounded, &grid, from, to, usize::MAX)
        .unwrap()
    else {
        panic!("a way across");
    };
    assert!(search.stats().cells_priced > 3_000, "pricing is most of it");

    let mut hierarchy = Hierarchy::build(&grid, options(16)).unwrap();
    let budget = 1_500;
    let largest_cluster = (0..hierarchy.cluster_count())
        .map(|cluster| hierarchy.pricing_bound(&grid, cluster))
        .max()
        .unwrap();
    let mut tries = 0;
    let plan = loop {
        tries += 1;
        assert!(tries < 50, "it gets there");
        let priced_before = (0..hierarchy.cluster_count())
            .filter(|&c| hierarchy.is_priced(c))
            .count();
        let outcome = search
            .find_coarse_path(&mut hierarchy, &grid, from, to, budget)
            .unwrap();
        let stats = search.stats();
        let spent = stats.coarse_expanded + stats.cells_priced;
        assert!(
            spent <= budget as u64 + largest_cluster,
            "try {tries}: {spent} over {budget} and one cluster"
        );
        match outcome {
            CoarseOutcome::Found(plan) => break plan,
            CoarseOutcome::OverBudget => {
                assert!(stats.pricing_stopped, "try {tries}: stopped by pricing");
                let priced_after = (0..hierarchy.cluster_count())
                    .filter(|&c| hierarchy.is_priced(c))
                    .count();
                assert!(priced_after > priced_before, "try {tries}: headway");
            }
            CoarseOutcome::NoPath => panic!("try {tries}: no way"),
        }
    };
    assert!(tries > 2, "spread over tries: {tries}");
    assert_eq!(plan, wanted, "the plan an unbounded query finds");
}

/// A hierarchy built again from the grid, with the clusters priced that
/// another had priced as of an older state of it (a saved game, loaded),
/// has the same clusters priced as that one brought up to date, and
/// answers budgeted queries exactly as it does.
#[test]
fn restored_pricing_answers_as_the_hierarchy_it_was_taken_from() {
    let mut grid = walled_marsh();
    let (from, to) = (Pos::new(1, 1), Pos::new(94, 46));
    let mut kept = Hierarchy::build(&grid, options(16)).unwrap();
    kept.set_patching(false);
    kept.set_pricing_on_demand(true);
    let mut search = HierarchicalSearch::new();
    let change = |grid: &mut Grid, round: i32| {
        for k in 0..6 {
            let cell = Pos::new((round * 29 + k * 13) % 96, (round * 11 + k * 7) % 48);
            if cell != from && cell != to && grid.is_passable(cell) {
                grid.set_cost(cell, Some(1.0 + f64::from((round + k) % 4)))
                    .unwrap();
            }
        }
    };
    for round in 0..12 {
        // The unbroken hierarchy's pricing, saved before this round's
        // changes, and a hierarchy built again after them.
        let saved = kept.priced_clusters();
        change(&mut grid, round);
        let mut loaded = Hierarchy::build(&grid, options(16)).unwrap();
        loaded.set_patching(false);
        loaded.set_pricing_on_demand(true);
        loaded.restore_priced(&grid, &saved);
        kept.sync(&grid);
        for cluster in 0..kept.cluster_count() {
            assert_eq!(
                kept.is_priced(cluster),
                loaded.is_priced(cluster),
                "round {round}, cluster {cluster}"
            );
        }
        let mut other = HierarchicalSearch::new();
        let a = search.find_coarse_path(&mut kept, &grid, from, to, 2_000);
        let a_stats = search.stats();
        let b = other.find_coarse_path(&mut loaded, &grid, from, to, 2_000);
        assert_eq!(a, b, "round {round}");
        assert_eq!(a_stats, other.stats(), "round {round}");
    }
    // Nothing is restored when the grid's record of changes no longer
    // reaches back to the saved state (a repair would rebuild).
    let saved = kept.priced_clusters();
    assert!(!saved.is_empty());
    for round in 0..2_000 {
        change(&mut grid, round);
    }
    let mut loaded = Hierarchy::build(&grid, options(16)).unwrap();
    assert_eq!(loaded.restore_priced(&grid, &saved), 0);
}

/// Out of a pricing budget of its own a coarse query never settles more
/// than it: a cluster is priced only while its bound fits what is left
/// (with 0, none is), the ones it cannot price are crossed on estimates,
/// and a cluster priced stays priced for the next query.
#[test]
fn a_coarse_query_never_prices_over_its_own_budget() {
    let grid = walled_marsh();
    let (from, to) = (Pos::new(1, 1), Pos::new(94, 46));
    let mut hierarchy = Hierarchy::build(&grid, options(16)).unwrap();
    let mut search = HierarchicalSearch::new();
    let smallest = (0..hierarchy.cluster_count())
        .map(|cluster| hierarchy.pricing_bound(&grid, cluster))
        .filter(|&bound| bound > 0)
        .min()
        .unwrap();
    for budget in [0, smallest - 1, smallest, 3 * smallest] {
        let outcome = search
            .find_coarse_path_pricing_within(&mut hierarchy, &grid, (from, to), usize::MAX, budget)
            .unwrap();
        let stats = search.stats();
        assert!(
            stats.cells_priced <= budget,
            "{budget}: priced {}",
            stats.cells_priced
        );
        assert!(
            matches!(outcome, CoarseOutcome::Found(_)),
            "{budget}: on estimates"
        );
        if budget < smallest {
            assert_eq!(stats.cells_priced, 0, "{budget}: no cluster fits");
            assert!(stats.nodes_estimated > 0);
        }
    }
    assert!(
        (0..hierarchy.cluster_count()).any(|cluster| hierarchy.is_priced(cluster)),
        "what fitted stays priced"
    );
}
