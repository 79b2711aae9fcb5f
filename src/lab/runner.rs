//! Runs one search of the lab on a drawing and records it: the engine's
//! own searches with tracing on (A* sliced by the node budget exactly as
//! the game's planner slices it), and the same search untraced a few times
//! for the time figure. Nothing here draws.

use std::time::{Duration, Instant};

use gridpath::{
    AStar, BidirectionalAStar, BreadthFirst, GreedyBestFirst, Grid, IdaStar, Jps, Path, Pos,
    QueryError, SearchStatus, SearchTrace,
};

use super::algorithm::Algorithm;
use super::drawing::Drawing;
use super::pricing::{Priced, price};
use super::recording::{Ending, Recording};
use super::setup::SearchSetup;

/// How many untraced runs the time figure is the best of.
const TIMING_RUNS: usize = 3;
/// IDA* gives up after this many expansions (PathFinding.js gives it a
/// time limit): it can expand a cell again and again.
pub(crate) const IDA_NODE_LIMIT: u64 = 50_000;

/// Searches `drawing` as `setup` says and records what happened.
pub(crate) fn record(drawing: &Drawing, setup: SearchSetup) -> Recording {
    let version = drawing.version();
    let priced = match price(drawing, &setup) {
        Ok(priced) => priced,
        Err(err) => return Recording::refused(setup, err.to_string(), version),
    };
    let (start, goal) = (drawing.start(), drawing.goal());
    if let Some(why) = refusal(&priced, &setup, start, goal) {
        return Recording::refused(setup, why, version);
    }
    let grid = &priced.grid;
    let traced = run_traced(grid, &setup, start, goal);
    let (ending, trace, backward) = match traced {
        Ok(found) => found,
        Err(err) => return Recording::refused(setup, err, version),
    };
    let time = best_time(grid, &setup, start, goal);
    let mut recording = Recording::new(setup, ending, trace, Some(priced), time, version);
    recording.backward = backward.into_iter().collect();
    recording
}

/// Why the search cannot run on this drawing, if it cannot.
fn refusal(priced: &Priced, setup: &SearchSetup, start: Pos, goal: Pos) -> Option<String> {
    if setup.algorithm == Algorithm::JumpPoint
        && let Err(err) = Jps::supports(&priced.grid)
    {
        return Some(format!(
            "refused: {err}. It skips cells on that promise: paint only walls and floor, price fog as floor (x), turn influence off (i), and keep no corner cutting (d)"
        ));
    }
    for (what, pos) in [("start", start), ("goal", goal)] {
        if !priced.grid.is_passable(pos) {
            let why = if priced.belief(pos).is_none() {
                "unknown, and the policy blocks unknown cells"
            } else {
                "impassable"
            };
            return Some(format!("the {what} {pos} is {why} for the searcher"));
        }
    }
    None
}

type Traced = (Ending, SearchTrace, Vec<Pos>);

fn ending_of(path: Option<Path>) -> Ending {
    path.map_or(Ending::NoPath, Ending::Found)
}

fn query_text(err: &QueryError) -> String {
    format!("the engine refused the search: {err}")
}

/// The search with tracing on.
fn run_traced(grid: &Grid, setup: &SearchSetup, start: Pos, goal: Pos) -> Result<Traced, String> {
    let heuristic = setup.effective_heuristic();
    match setup.algorithm {
        Algorithm::AStar | Algorithm::WeightedAStar | Algorithm::Dijkstra => {
            let mut astar = AStar::new();
            astar.set_tracing(true);
            astar
                .start_search(grid, start, goal, &setup.search_options())
                .map_err(|err| query_text(&err))?;
            let budget = setup.budget.unwrap_or(usize::MAX).max(1);
            let ending = loop {
                match astar.step(grid, budget) {
                    SearchStatus::Pending => {}
                    SearchStatus::Found(path) => break Ending::Found(path),
                    SearchStatus::NoPath => break Ending::NoPath,
                }
            };
            Ok((ending, astar.trace().clone(), Vec::new()))
        }
        Algorithm::GreedyBestFirst => {
            let mut greedy = GreedyBestFirst::new();
            greedy.set_tracing(true);
            let path = greedy
                .find_path(grid, start, goal, heuristic)
                .map_err(|err| query_text(&err))?;
            Ok((ending_of(path), greedy.trace().clone(), Vec::new()))
        }
        Algorithm::BreadthFirst => {
            let mut bfs = BreadthFirst::new();
            bfs.set_tracing(true);
            let path = bfs
                .find_path(grid, start, goal)
                .map_err(|err| query_text(&err))?;
            Ok((ending_of(path), bfs.trace().clone(), Vec::new()))
        }
        Algorithm::BidirectionalAStar => {
            let mut both = BidirectionalAStar::new();
            both.set_tracing(true);
            let path = both
                .find_path(grid, start, goal, heuristic)
                .map_err(|err| query_text(&err))?;
            Ok((
                ending_of(path),
                both.trace().clone(),
                both.backward_cells().to_vec(),
            ))
        }
        Algorithm::IdaStar => {
            let mut ida = IdaStar::new();
            ida.set_tracing(true);
            let path = ida
                .find_path(grid, start, goal, heuristic, IDA_NODE_LIMIT)
                .map_err(|err| query_text(&err))?;
            let ending = if ida.gave_up() {
                Ending::GaveUp
            } else {
                ending_of(path)
            };
            Ok((ending, ida.trace().clone(), Vec::new()))
        }
        Algorithm::JumpPoint => {
            let mut jps = Jps::new();
            jps.set_tracing(true);
            let path = jps
                .find_path(grid, start, goal)
                .map_err(|err| err.to_string())?;
            Ok((ending_of(path), jps.trace().clone(), Vec::new()))
        }
    }
}

/// The best of [`TIMING_RUNS`] untraced runs of the same search, in one go
/// (no budget: what the search itself costs).
fn best_time(grid: &Grid, setup: &SearchSetup, start: Pos, goal: Pos) -> Duration {
    let heuristic = setup.effective_heuristic();
    let mut astar = AStar::new();
    let mut jps = Jps::new();
    let mut best = Duration::MAX;
    for _ in 0..TIMING_RUNS {
        let began = Instant::now();
        // The answers were recorded already; only the time matters here.
        let _ = match setup.algorithm {
            Algorithm::AStar | Algorithm::WeightedAStar | Algorithm::Dijkstra => astar
                .find_path(grid, start, goal, &setup.search_options())
                .map(|_| ()),
            Algorithm::GreedyBestFirst => GreedyBestFirst::new()
                .find_path(grid, start, goal, heuristic)
                .map(|_| ()),
            Algorithm::BreadthFirst => BreadthFirst::new().find_path(grid, start, goal).map(|_| ()),
            Algorithm::BidirectionalAStar => BidirectionalAStar::new()
                .find_path(grid, start, goal, heuristic)
                .map(|_| ()),
            Algorithm::JumpPoint => {
                let _ = jps.find_path(grid, start, goal);
                Ok(())
            }
            Algorithm::IdaStar => IdaStar::new()
                .find_path(grid, start, goal, heuristic, IDA_NODE_LIMIT)
                .map(|_| ()),
        };
        best = best.min(began.elapsed());
    }
    best
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lab::drawing::Brush;
    use fogcrawl_core::Terrain;

    fn walled() -> Drawing {
        let mut drawing = Drawing::empty(12, 7);
        for y in 1..6 {
            drawing.paint(Pos::new(6, y), Brush::Terrain(Terrain::Wall));
        }
        drawing
    }

    #[test]
    fn every_optimal_search_agrees_on_the_cost_and_the_others_find_a_path() {
        let drawing = walled();
        let optimum = record(&drawing, SearchSetup::default())
            .path()
            .unwrap()
            .cost;
        for algorithm in Algorithm::ALL {
            let setup = SearchSetup {
                algorithm,
                ..SearchSetup::default()
            };
            let recording = record(&drawing, setup);
            let path = recording
                .path()
                .unwrap_or_else(|| panic!("{algorithm}: {:?}", recording.ending));
            let optimal = matches!(
                algorithm,
                Algorithm::AStar
                    | Algorithm::Dijkstra
                    | Algorithm::BidirectionalAStar
                    | Algorithm::JumpPoint
                    | Algorithm::IdaStar
            );
            if optimal {
                assert!((path.cost - optimum).abs() < 1e-9, "{algorithm}");
            } else {
                assert!(path.cost >= optimum - 1e-9, "{algorithm}");
            }
            assert!(recording.expansions() > 0, "{algorithm}");
            let last = recording.expansions();
            assert!(recording.at(drawing.goal(), last).is_some(), "{algorithm}");
        }
    }

    #[test]
    fn a_budget_slices_the_search_without_changing_it() {
        let drawing = walled();
        let whole = record(&drawing, SearchSetup::default());
        let sliced = record(
            &drawing,
            SearchSetup {
                budget: Some(5),
                ..SearchSetup::default()
            },
        );
        assert_eq!(whole.path(), sliced.path());
        assert_eq!(whole.expansions(), sliced.expansions());
        let (_, slices) = sliced.slice_of(0);
        assert_eq!(slices, sliced.expansions().div_ceil(5));
        assert_eq!(sliced.next_pause(0), 5);
        assert_eq!(sliced.next_pause(5), 10);
    }

    #[test]
    fn painted_danger_bends_the_path_unless_influence_is_off() {
        let mut drawing = Drawing::empty(21, 9);
        let centre = Pos::new(10, drawing.start().y);
        drawing.paint(centre, Brush::Danger);
        let weighed = record(&drawing, SearchSetup::default());
        let path = &weighed.path().unwrap().cells;
        assert!(!path.contains(&centre), "{path:?}");
        let ignored = record(
            &drawing,
            SearchSetup {
                influence: false,
                ..SearchSetup::default()
            },
        );
        assert!(ignored.path().unwrap().cells.contains(&centre));
    }

    #[test]
    fn jump_points_refuse_mixed_costs_and_say_why() {
        let mut drawing = walled();
        drawing.paint(Pos::new(2, 2), Brush::Terrain(Terrain::Swamp));
        let recording = record(
            &drawing,
            SearchSetup {
                algorithm: Algorithm::JumpPoint,
                ..SearchSetup::default()
            },
        );
        match &recording.ending {
            Ending::Refused(why) => assert!(why.contains("cost the same"), "{why}"),
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn stepping_back_shows_the_search_as_it_was() {
        let drawing = walled();
        let recording = record(&drawing, SearchSetup::default());
        let start = drawing.start();
        assert!(recording.at(start, 0).is_some_and(|s| !s.closed));
        assert!(recording.at(start, 1).is_some_and(|s| s.closed));
        assert_eq!(recording.last_expanded(1), Some(start));
        assert!(recording.open_count(1) >= 3);
        let neighbour = Pos::new(start.x + 1, start.y);
        assert!(recording.at(neighbour, 0).is_none(), "not reached yet");
        assert_eq!(recording.at(neighbour, 1).map(|s| s.values.g), Some(1.0));
    }
}
