//! One pictured search: the project's A* with tracing on, over the planning grid,
//! and what a picture shows of it (cells closed in expansion order, the frontier
//! left open, the raw and the string-pulled path) with its figures.
//!
//! With the hierarchy (`--engine hierarchy`) there is no cell-by-cell trace:
//! what is kept is its coarse side (the clusters, their entrances, the coarse
//! path) beside the refined, smoothed path and the expansions of each tier.
//!
//! The time figure is the same search run again untraced (tracing records every
//! event, which is not what a game pays), the best of a few runs on a warm search
//! space. It must never draw.

use std::collections::HashMap;
use std::time::{Duration, Instant};

use fogcrawl_core::{CostProfile, Level};
use gridpath::{
    AStar, CellValues, Grid, HierarchicalSearch, Hierarchy, HierarchyOptions, HierarchyStats, Path,
    Pos, QueryError, SearchOptions, SearchStats, SearchTrace, path_cost, string_pull,
};

use super::picture_error::PictureError;
use super::planning_grid::PlanningGrid;
use super::search_settings::{PicturedEngine, SearchSettings};

/// How many untraced runs the time figure is the best of.
const TIMING_RUNS: usize = 3;

/// What a hierarchical search shows besides its path: the coarse tier.
#[derive(Debug, Clone, PartialEq)]
pub struct CoarseView {
    /// The side of a cluster, in cells (clusters tile the level from its
    /// top-left corner).
    pub cluster_size: usize,
    /// Every entrance cell (a node of the coarse graph).
    pub entrances: Vec<Pos>,
    /// The coarse path: the start, the entrances it passed, the goal (just
    /// the ends when the near search answered).
    pub waypoints: Vec<Pos>,
    /// What each tier expanded.
    pub stats: HierarchyStats,
}

/// A finished search and what it did.
#[derive(Debug, Clone)]
pub struct TracedSearch {
    pub settings: SearchSettings,
    pub planning: PlanningGrid,
    pub start: Pos,
    pub goal: Pos,
    /// Cells expanded, first to last.
    pub closed: Vec<Pos>,
    /// Cells on the open list when the search ended, in reading order.
    pub frontier: Vec<Pos>,
    /// Every touched cell's g, h, f and parent (the came-from arrows and
    /// the numbers a picture prints where cells are large enough).
    pub values: HashMap<Pos, CellValues>,
    /// The whole trace, for an animation to step through.
    pub trace: SearchTrace,
    /// The path the search returned (`None`: no path in what the planner knew).
    pub path: Option<Path>,
    /// The path string-pulled (empty without a path).
    pub smoothed: Vec<Pos>,
    /// What walking the smoothed path costs on the planning grid.
    pub smoothed_cost: Option<f64>,
    pub stats: SearchStats,
    /// The best time of the same search untraced.
    pub untraced_time: Duration,
    /// The coarse tier, when the hierarchy searched.
    pub coarse: Option<CoarseView>,
}

impl TracedSearch {
    /// Plans from `start` to `goal` on `level` for a traveller with `profile`,
    /// as `settings` say, and records the search.
    ///
    /// # Errors
    /// [`PictureError::Grid`] for a level with no cells, [`PictureError::Query`] if
    /// the engine refuses the ends or the options (callers check those first).
    pub fn run(
        level: &Level,
        profile: &CostProfile,
        start: Pos,
        goal: Pos,
        settings: SearchSettings,
    ) -> Result<Self, PictureError> {
        let planning = match settings.unknown {
            None => PlanningGrid::whole_level(level, profile)?,
            Some(policy) => PlanningGrid::through_fog(
                level,
                profile,
                start,
                goal,
                settings.sight_radius,
                policy,
            )?,
        };
        if settings.engine == PicturedEngine::Hierarchy {
            return Self::run_hierarchy(planning, start, goal, settings);
        }
        let options = settings.search_options();
        let untraced_time = best_untraced_time(&planning.grid, start, goal, &options)?;
        let mut astar = AStar::new();
        astar.set_tracing(true);
        let path = astar.find_path(&planning.grid, start, goal, &options)?;
        let trace = astar.trace();
        let smoothed = path
            .as_ref()
            .map(|path| string_pull(&planning.grid, &path.cells))
            .unwrap_or_default();
        let smoothed_cost = path
            .as_ref()
            .and_then(|_| path_cost(&planning.grid, &smoothed));
        Ok(Self {
            settings,
            start,
            goal,
            closed: trace.closed_cells().collect(),
            frontier: trace.open_cells(),
            values: trace.cell_values(None),
            trace: trace.clone(),
            path,
            smoothed,
            smoothed_cost,
            stats: astar.stats(),
            untraced_time,
            planning,
            coarse: None,
        })
    }

    /// The hierarchy's search on `planning`: built, queried once for the
    /// figures, then timed as the best of [`TIMING_RUNS`] queries (the first
    /// run prices the clusters it reaches; later ones find them priced, as a
    /// game's later plans would).
    fn run_hierarchy(
        planning: PlanningGrid,
        start: Pos,
        goal: Pos,
        settings: SearchSettings,
    ) -> Result<Self, PictureError> {
        let options = HierarchyOptions {
            cluster_size: settings.cluster_size,
        };
        let grid = &planning.grid;
        let mut hierarchy = Hierarchy::build(grid, options)?;
        let mut search = HierarchicalSearch::new();
        let found = search.find_path(&mut hierarchy, grid, start, goal)?;
        let stats = search.stats();
        let mut untraced_time = Duration::MAX;
        for _ in 0..TIMING_RUNS {
            let began = Instant::now();
            search.find_path(&mut hierarchy, grid, start, goal)?;
            untraced_time = untraced_time.min(began.elapsed());
        }
        let (path, waypoints) = match found {
            Some(found) => (
                Some(Path {
                    cells: found.cells,
                    cost: found.cost,
                }),
                found.coarse,
            ),
            None => (None, Vec::new()),
        };
        // The hierarchy's path is refined and smoothed already.
        let smoothed = path.as_ref().map(|p| p.cells.clone()).unwrap_or_default();
        let smoothed_cost = path.as_ref().map(|p| p.cost);
        Ok(Self {
            settings,
            start,
            goal,
            closed: Vec::new(),
            frontier: Vec::new(),
            values: HashMap::new(),
            trace: SearchTrace::default(),
            path,
            smoothed,
            smoothed_cost,
            stats: SearchStats {
                expanded: stats.expanded(),
                ..SearchStats::default()
            },
            untraced_time,
            coarse: Some(CoarseView {
                cluster_size: hierarchy.cluster_size(),
                entrances: hierarchy.nodes().collect(),
                waypoints,
                stats,
            }),
            planning,
        })
    }

    /// The figures a picture prints under the search, one short phrase each:
    /// `expanded 120`, `frontier 31`, `cost 41.36`, `smoothed 40.80`, `23 µs`.
    #[must_use]
    pub(crate) fn figures(&self) -> Vec<String> {
        let mut figures = match &self.coarse {
            None => vec![
                format!("expanded {}", self.stats.expanded),
                format!("frontier {}", self.frontier.len()),
            ],
            Some(coarse) if coarse.stats.near => vec![
                format!("expanded {}", coarse.stats.expanded()),
                "near: one search in a box, no coarse search".to_owned(),
            ],
            Some(coarse) => vec![
                format!(
                    "expanded {} (coarse {}, cells {})",
                    coarse.stats.expanded(),
                    coarse.stats.coarse_expanded,
                    coarse.stats.fine_expanded
                ),
                format!("{} entrances", coarse.entrances.len()),
            ],
        };
        if self.coarse.is_some()
            && let Some(path) = &self.path
        {
            // Refined and smoothed in one: one cost.
            figures.push(format!("cost {:.2}", path.cost));
            figures.push(format_micros(self.untraced_time));
            return figures;
        }
        match (&self.path, self.smoothed_cost) {
            (Some(path), smoothed) => {
                figures.push(format!("cost {:.2}", path.cost));
                if let Some(smoothed) = smoothed {
                    figures.push(format!("smoothed {smoothed:.2}"));
                }
            }
            (None, _) if self.stats.rejected_by_islands => {
                figures.push("no path: goal not connected".to_owned());
            }
            (None, _) => figures.push("no path".to_owned()),
        }
        figures.push(format_micros(self.untraced_time));
        figures
    }
}

/// The fastest of [`TIMING_RUNS`] untraced runs of the search on one search space
/// (the first run also sizes it, as a game's first search does).
fn best_untraced_time(
    grid: &Grid,
    start: Pos,
    goal: Pos,
    options: &SearchOptions,
) -> Result<Duration, QueryError> {
    let mut astar = AStar::new();
    let mut cells = Vec::new();
    let mut best = Duration::MAX;
    for _ in 0..TIMING_RUNS {
        let began = Instant::now();
        astar.find_path_into(grid, start, goal, options, &mut cells)?;
        best = best.min(began.elapsed());
    }
    Ok(best)
}

/// A duration in microseconds: a decimal below 10 µs, whole numbers above.
fn format_micros(time: Duration) -> String {
    let micros = time.as_secs_f64() * 1e6;
    if micros < 10.0 {
        format!("{micros:.1} µs")
    } else {
        format!("{micros:.0} µs")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search_picture::test_fixtures::two_rooms_searches;
    use fogcrawl_core::UnknownCellPolicy;
    use gridpath::Heuristic;

    fn run(settings: SearchSettings) -> TracedSearch {
        two_rooms_searches(&[settings]).remove(0)
    }

    #[test]
    fn the_trace_matches_the_engine() {
        let search = run(SearchSettings::default());
        let path = search.path.as_ref().expect("the door leads through");
        assert_eq!(path.cells.first(), Some(&search.start));
        assert_eq!(path.cells.last(), Some(&search.goal));
        assert_eq!(search.closed.len() as u64, search.stats.expanded);
        assert_eq!(search.closed.first(), Some(&search.start));
        assert!(
            search
                .frontier
                .iter()
                .all(|cell| !search.closed.contains(cell))
        );
        assert_eq!(search.smoothed.first(), Some(&search.start));
        assert_eq!(search.smoothed.last(), Some(&search.goal));
        let smoothed_cost = search.smoothed_cost.expect("a legal smoothed path");
        assert!(smoothed_cost <= path.cost * (1.0 + 1e-12));
        assert!(
            search
                .path
                .as_ref()
                .is_some_and(|p| p.cells.contains(&Pos::new(5, 3)))
        );
    }

    #[test]
    fn dijkstra_expands_more_than_octile() {
        let octile = run(SearchSettings::default());
        let dijkstra = run(SearchSettings {
            heuristic: Heuristic::Zero,
            ..SearchSettings::default()
        });
        assert!(dijkstra.stats.expanded > octile.stats.expanded);
        let cost = |search: &TracedSearch| search.path.as_ref().map(|p| p.cost);
        assert_eq!(cost(&octile), cost(&dijkstra), "both are optimal");
    }

    #[test]
    fn a_blocked_fog_hides_the_door_and_there_is_no_path() {
        let search = run(SearchSettings {
            unknown: Some(UnknownCellPolicy::Blocked),
            sight_radius: 2,
            ..SearchSettings::default()
        });
        assert!(search.path.is_none());
        assert!(search.smoothed.is_empty());
        assert!(search.planning.is_fogged());
        let figures = search.figures();
        assert!(
            figures.iter().any(|f| f.starts_with("no path")),
            "{figures:?}"
        );
    }

    #[test]
    fn the_hierarchy_keeps_its_coarse_path_over_a_legal_refined_one() {
        use crate::search_picture::search_settings::PicturedEngine;
        let astar = run(SearchSettings::default());
        let search = run(SearchSettings {
            engine: PicturedEngine::Hierarchy,
            cluster_size: 4,
            ..SearchSettings::default()
        });
        let coarse = search.coarse.as_ref().expect("the hierarchy's tier");
        let path = search.path.as_ref().expect("through the door");
        assert_eq!(path.cells.first(), Some(&search.start));
        assert_eq!(path.cells.last(), Some(&search.goal));
        assert!(gridpath::steps_are_legal(
            &search.planning.grid,
            search.start,
            &path.cells[1..]
        ));
        let optimal = astar.path.as_ref().map_or(0.0, |p| p.cost);
        assert!(path.cost >= optimal - 1e-9);
        assert_eq!(coarse.waypoints.first(), Some(&search.start));
        assert_eq!(coarse.waypoints.last(), Some(&search.goal));
        assert!(!coarse.entrances.is_empty());
        assert!(search.closed.is_empty(), "no cell-by-cell trace");
        let figures = search.figures();
        assert!(figures[0].starts_with("expanded "), "{figures:?}");
        assert!(
            figures.iter().any(|f| f.starts_with("cost ")),
            "{figures:?}"
        );
    }

    #[test]
    fn figures_name_expansions_cost_and_time() {
        let search = run(SearchSettings::default());
        let figures = search.figures();
        assert_eq!(figures[0], format!("expanded {}", search.stats.expanded));
        assert_eq!(figures[1], format!("frontier {}", search.frontier.len()));
        assert!(figures[2].starts_with("cost "), "{figures:?}");
        assert!(figures[3].starts_with("smoothed "), "{figures:?}");
        assert!(
            figures.last().is_some_and(|f| f.ends_with(" µs")),
            "{figures:?}"
        );
        assert_eq!(format_micros(Duration::from_nanos(2_340)), "2.3 µs");
        assert_eq!(format_micros(Duration::from_micros(1_234)), "1234 µs");
    }
}
