//! Planning within a budget: a faction's search requests wait in a fair
//! (first come, first served) queue and share one node budget per turn. A
//! search that runs out of budget is paused and resumed next turn from where
//! it stopped (the engine's `step(budget)`), so a hundred monsters never
//! stall a turn. While a search is paused its grid is left untouched.

use std::collections::VecDeque;
use std::time::Instant;

use crate::pathfinding::{AStar, Grid, Path, Pos, SearchOptions, SearchStatus, SearchTrace};

/// A monster asks for a path.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PlanRequest {
    pub actor: usize,
    pub goal: Pos,
}

/// What a finished search says.
#[derive(Debug, Clone, PartialEq)]
pub enum PlanOutcome {
    Path(Path),
    /// No way there, as far as the faction knows.
    Unreachable,
}

/// Counters for the sim and the overlay.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct PlannerStats {
    pub searches: u64,
    pub expanded: u64,
    /// Searches that needed more than one turn's budget.
    pub sliced_searches: u64,
}

/// What the overlay shows beside the last traced search: how long it took
/// (tracing included, summed over its slices) and what its path costs.
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub struct TracedSearchSummary {
    pub micros: u64,
    /// The found path's cost; `None` when there was no way.
    pub cost: Option<f64>,
}

/// The search now under way.
#[derive(Debug, Clone, Copy)]
struct Active {
    request: PlanRequest,
    counted: u64,
    slices: u32,
    /// Search time so far, measured only for the traced actor.
    traced_micros: u64,
}

#[derive(Debug, Default)]
pub struct Planner {
    astar: AStar,
    queue: VecDeque<PlanRequest>,
    active: Option<Active>,
    budget_left: u64,
    finished: Vec<(usize, Pos, PlanOutcome)>,
    pub stats: PlannerStats,
    /// The actor whose searches are traced for the overlay, if any.
    traced_actor: Option<usize>,
    last_trace: Option<(usize, SearchTrace)>,
    last_trace_summary: TracedSearchSummary,
}

impl Planner {
    pub fn new() -> Self {
        Self::default()
    }

    /// A new turn: the budget is refilled.
    pub fn new_turn(&mut self, node_budget: u64) {
        self.budget_left = node_budget;
    }

    /// Queues a request (an actor already waiting keeps its place, with
    /// its new goal; one being searched for keeps its search).
    pub fn request(&mut self, request: PlanRequest) {
        if self
            .active
            .is_some_and(|a| a.request.actor == request.actor)
        {
            return;
        }
        if let Some(queued) = self.queue.iter_mut().find(|r| r.actor == request.actor) {
            queued.goal = request.goal;
            return;
        }
        self.queue.push_back(request);
    }

    /// Whether a search for `actor` is under way (the monster should hold
    /// still so the search's start stays where it is).
    pub fn is_searching_for(&self, actor: usize) -> bool {
        self.active.is_some_and(|a| a.request.actor == actor)
    }

    pub fn is_waiting(&self, actor: usize) -> bool {
        self.is_searching_for(actor) || self.queue.iter().any(|r| r.actor == actor)
    }

    pub fn is_idle(&self) -> bool {
        self.active.is_none()
    }

    /// Forgets everything queued or under way (the grid is about to change
    /// wholesale, e.g. after a config reload).
    pub fn cancel_all(&mut self) {
        self.queue.clear();
        self.active = None;
    }

    /// Removes an actor's request (it died).
    pub fn cancel(&mut self, actor: usize) {
        self.queue.retain(|r| r.actor != actor);
        if self.active.is_some_and(|a| a.request.actor == actor) {
            self.active = None;
        }
    }

    /// Traces the searches of `actor` (for the debug overlay).
    pub fn trace_actor(&mut self, actor: Option<usize>) {
        self.traced_actor = actor;
    }

    /// The last traced search: whose it was, and what it did.
    pub fn last_trace(&self) -> Option<(usize, &SearchTrace)> {
        self.last_trace.as_ref().map(|(a, t)| (*a, t))
    }

    /// Time and cost of the last traced search.
    pub fn last_trace_summary(&self) -> TracedSearchSummary {
        self.last_trace_summary
    }

    /// Takes the next queued request and starts its search on `grid` from
    /// the actor's current cell; returns false when the queue is empty or
    /// the budget is spent.
    pub fn start_next(
        &mut self,
        grid: &Grid,
        options: &SearchOptions,
        position_of: impl Fn(usize) -> Option<Pos>,
    ) -> bool {
        if self.active.is_some() || self.budget_left == 0 {
            return false;
        }
        while let Some(request) = self.queue.pop_front() {
            let Some(from) = position_of(request.actor) else {
                continue;
            };
            self.astar
                .set_tracing(self.traced_actor == Some(request.actor));
            self.stats.searches += 1;
            match self.astar.start_search(grid, from, request.goal, options) {
                Ok(()) => {
                    self.active = Some(Active {
                        request,
                        counted: 0,
                        slices: 0,
                        traced_micros: 0,
                    });
                    return true;
                }
                Err(_) => {
                    // Standing or aiming where the faction believes no one
                    // can stand: nothing to search.
                    self.finished
                        .push((request.actor, request.goal, PlanOutcome::Unreachable));
                }
            }
        }
        false
    }

    /// Runs the search under way within the budget left this turn. Returns
    /// true when it finished (its outcome is waiting in `take_finished`).
    pub fn advance(&mut self, grid: &Grid) -> bool {
        let Some(mut active) = self.active else {
            return false;
        };
        if self.budget_left == 0 {
            return false;
        }
        let traced = self.traced_actor == Some(active.request.actor);
        // The clock is read only for the traced actor: untraced searches
        // cost exactly what they did before the overlay existed.
        let started = traced.then(Instant::now);
        let status = self.astar.step(grid, self.budget_left as usize);
        if let Some(started) = started {
            let micros = started.elapsed().as_micros().min(u128::from(u64::MAX)) as u64;
            active.traced_micros += micros;
        }
        let expanded = self.astar.stats().expanded;
        let spent = expanded - active.counted;
        active.counted = expanded;
        active.slices += 1;
        self.budget_left = self.budget_left.saturating_sub(spent.max(1));
        self.stats.expanded += spent;
        let outcome = match status {
            SearchStatus::Pending => {
                self.active = Some(active);
                return false;
            }
            SearchStatus::Found(path) => PlanOutcome::Path(path),
            SearchStatus::NoPath => PlanOutcome::Unreachable,
        };
        if active.slices > 1 {
            self.stats.sliced_searches += 1;
        }
        if traced {
            self.last_trace = Some((active.request.actor, self.astar.trace().clone()));
            self.last_trace_summary = TracedSearchSummary {
                micros: active.traced_micros,
                cost: match &outcome {
                    PlanOutcome::Path(path) => Some(path.cost),
                    PlanOutcome::Unreachable => None,
                },
            };
        }
        self.active = None;
        self.finished
            .push((active.request.actor, active.request.goal, outcome));
        true
    }

    /// Finished outcomes (actor, goal, outcome), oldest first.
    pub fn take_finished(&mut self) -> Vec<(usize, Pos, PlanOutcome)> {
        std::mem::take(&mut self.finished)
    }

    pub fn budget_left(&self) -> u64 {
        self.budget_left
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::pathfinding::Movement;

    fn corridor() -> Grid {
        Grid::from_ascii(
            &format!("{}\n{}", ".".repeat(60), ".".repeat(60)),
            Movement::default(),
        )
        .unwrap()
    }

    #[test]
    fn a_search_larger_than_the_budget_finishes_over_several_turns_with_the_same_path() {
        let grid = corridor();
        let options = SearchOptions {
            heuristic: crate::pathfinding::Heuristic::Zero,
            ..SearchOptions::default()
        };
        let one_shot = AStar::new()
            .find_path(&grid, Pos::new(0, 0), Pos::new(59, 1), &options)
            .unwrap()
            .unwrap();
        let mut planner = Planner::new();
        planner.request(PlanRequest {
            actor: 3,
            goal: Pos::new(59, 1),
        });
        let mut turns = 0;
        let outcome = loop {
            turns += 1;
            planner.new_turn(10);
            planner.start_next(&grid, &options, |_| Some(Pos::new(0, 0)));
            assert!(
                planner.is_searching_for(3) || !planner.take_finished().is_empty() || turns > 1
            );
            if planner.advance(&grid) {
                break planner.take_finished().pop().unwrap();
            }
            assert!(turns < 1000);
        };
        assert!(
            turns > 1,
            "the budget should have cut the search into slices"
        );
        assert_eq!(outcome, (3, Pos::new(59, 1), PlanOutcome::Path(one_shot)));
        assert_eq!(planner.stats.sliced_searches, 1);
    }

    #[test]
    fn requests_are_served_first_come_first_served() {
        let grid = corridor();
        let options = SearchOptions::default();
        let mut planner = Planner::new();
        for actor in [5, 2, 9] {
            planner.request(PlanRequest {
                actor,
                goal: Pos::new(10, 0),
            });
        }
        planner.request(PlanRequest {
            actor: 2,
            goal: Pos::new(12, 0),
        });
        let mut order = Vec::new();
        for _ in 0..10 {
            planner.new_turn(1_000);
            while planner.start_next(&grid, &options, |_| Some(Pos::new(0, 0))) {
                planner.advance(&grid);
            }
            order.extend(planner.take_finished().into_iter().map(|(a, _, _)| a));
        }
        assert_eq!(order, vec![5, 2, 9]);
    }
}
