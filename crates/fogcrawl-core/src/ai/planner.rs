//! Planning within a budget: a faction's individual searches share one node
//! budget per turn, by priority, with a cap per search per turn so one long
//! search cannot hold the rest back.
//!
//! - A member asks in its own turn and its search runs at once, up to its
//!   cap (a full cap for a member with no plan or close to its goal, a
//!   quarter for one that only refines a plan it still has).
//! - A search that reaches its cap pauses in one of a few search spaces and
//!   goes on at the start of the next turn, the most urgent first.
//! - A hunter with the player in plain view is urgent (see [`priority_of`]):
//!   its search comes first, has no cap, and may spend a reserve of the
//!   turn's budget (set each turn by the faction) that nothing else may,
//!   not even spending done outside the planner ([`Planner::spend`]): a
//!   time-sliced order, so a far plan or the searches under way cannot
//!   leave it standing in view with nothing to plan with.
//! - The grid is never frozen for a paused search: it is brought up to date
//!   every turn, and the engine goes on where it stopped only when nothing
//!   the search has looked at changed (otherwise it starts over).

use std::sync::{Arc, LazyLock};
use std::time::Instant;

use crate::ai::request_queue::RequestQueue;
use gridpath::{AStar, Grid, Path, Pos, SearchOptions, SearchStatus, SearchTrace, SpacePool};
use serde::{Deserialize, Serialize};

/// Searches a faction may have paused at once (each holds 16 bytes per
/// cell of node records while it is paused).
pub(crate) const SEARCH_SLOTS: usize = 3;

/// The node records every planner's searches borrow while they run or
/// are paused: factions plan one after another, so a few level-sized sets
/// serve them all (one each was 15 sets, 250 MB, on a 1024x1024 level).
/// Which set a search gets never changes what it finds.
static SHARED_RECORDS: LazyLock<Arc<SpacePool>> = LazyLock::new(|| Arc::new(SpacePool::new()));

/// Readies the factions' shared search records for a `width x height`
/// level (16 MB written on a 1024x1024 one), which `Planner::prepare` then
/// finds ready: a game does it while it builds the level's grids.
pub(crate) fn prepare_shared_records(width: usize, height: usize) {
    SHARED_RECORDS.prepare_for(width, height);
}

/// A search space whose records come from [`SHARED_RECORDS`].
fn shared_space() -> AStar {
    AStar::sharing(Arc::clone(&SHARED_RECORDS))
}
// A plan request and its priority belong to the queue that holds them; the
// planner's users name them here too.
pub(crate) use crate::ai::request_queue::{PlanRequest, Priority};

/// Priorities below this are urgent (see [`priority_of`]): a hunter's
/// search for a player in its plain view.
const URGENT_BAND: Priority = 1 << 17;

/// The priority of a request for a member `distance` cells (octile,
/// capped) from its goal: urgent for a hunter with no plan that sees the
/// player (its search may spend the turn's reserve), then any member with
/// no plan, then one that only refines a plan it has, each band nearest
/// first.
pub(crate) fn priority_of(urgent: bool, has_plan: bool, distance: f64) -> Priority {
    let band = match (urgent, has_plan) {
        (true, false) => 0,
        (false, false) => 1,
        (_, true) => 2,
    };
    band * URGENT_BAND + distance.clamp(0.0, f64::from(u16::MAX)) as Priority
}

/// Whether a search of `priority` is urgent ([`priority_of`]).
pub(crate) fn is_urgent(priority: Priority) -> bool {
    priority < URGENT_BAND
}

/// A search may spend at most this share of the turn's budget per turn.
const CAP_SHARE: u64 = 3;
/// ...but never less than this many nodes.
const MIN_CAP: u64 = 64;
/// How much of the cap a member that still has a plan may spend at once.
const REFINE_SHARE: u64 = 4;
/// Turns a request may wait or run before it is given up: a monster never
/// waits longer than this for a plan (its goal is then dropped).
pub(crate) const MAX_SEARCH_TURNS: u64 = 4;

/// What a finished search says.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub(crate) enum PlanOutcome {
    Path(Path),
    /// No way there, as far as the faction knows.
    Unreachable,
    /// Not found within [`MAX_SEARCH_TURNS`]: too far or too costly to
    /// plan for now.
    GaveUp,
}

/// A finished search, waiting for its monster's next turn.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub(crate) struct Finished {
    pub actor: usize,
    pub from: Pos,
    pub goal: Pos,
    pub outcome: PlanOutcome,
}

/// Counters for the sim and the overlay, saved whole. The sim's report
/// gives some of them under its own names (`game::sim`, `docs/SIM.md`);
/// the others are the overlay's alone, or reported summed with others.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct PlannerStats {
    pub searches: u64,
    /// Reported in the faction's `expanded`, with its shared fields' nodes.
    pub expanded: u64,
    /// Searches that needed more than one turn.
    pub sliced_searches: u64,
    /// Paused searches that started over because the grid changed where
    /// they had looked (reported as `search_restarts`).
    pub restarts: u64,
    /// Paused searches that went on after grid changes elsewhere
    /// (reported as `searches_resumed_after_changes`).
    pub resumed_after_changes: u64,
    /// Requests given up: by the planner after [`MAX_SEARCH_TURNS`], or by
    /// the member that asked, tired of waiting ([`Planner::give_up`]).
    pub given_up: u64,
    /// Searches put back in the queue for a more urgent one.
    pub preempted: u64,
    /// Requests answered by a straight line that is a cheapest path, with
    /// no search (see [`Planner::answer_with_straight_path`]).
    pub straight_paths: u64,
}

/// What the overlay shows beside the last traced search: how long it took
/// (tracing included, summed over its slices) and what its path costs.
#[derive(Debug, Clone, Copy, Default, PartialEq, Serialize, Deserialize)]
pub struct TracedSearchSummary {
    pub micros: u64,
    /// The found path's cost; `None` when there was no way.
    pub cost: Option<f64>,
    pub expanded: u64,
}

/// What the last traced search is, so the overlay can say so: a search
/// still under way, one that finished, or a preview the overlay asked for.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) enum TraceKind {
    /// Paused, to go on next turn: `expanded` nodes so far, of at most
    /// `limit` before it is given up (its cap per turn times
    /// [`MAX_SEARCH_TURNS`]); recorded on planner turn `turn`.
    Waiting {
        expanded: u64,
        limit: u64,
        turn: u64,
    },
    /// Finished (a path, no way, or a straight line) on planner turn `turn`.
    Finished { turn: u64 },
    /// What the monster would search now, run for the overlay alone.
    #[default]
    Preview,
}

/// One search space and the search it holds (a paused search is saved
/// with it; its records are given the shared set again on a load).
#[derive(Debug, Clone, Serialize, Deserialize)]
struct Slot {
    astar: AStar,
    active: Option<Active>,
}

impl Default for Slot {
    fn default() -> Self {
        Self {
            astar: shared_space(),
            active: None,
        }
    }
}

impl Slot {
    /// Drops the search it holds, unfinished, giving its records back.
    fn drop_search(&mut self) {
        self.active = None;
        self.astar.abandon();
    }
}

#[derive(Debug, Clone, Serialize, Deserialize)]
struct Active {
    request: PlanRequest,
    asked_on: u64,
    /// Expansions counted so far (the engine's counter restarts with it).
    counted: u64,
    spent_this_turn: u64,
    turns: u32,
    traced_micros: u64,
}

/// Saved whole: the paused searches, the waiting requests, the finished
/// answers not yet collected, the turn's budget and the counters.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub(crate) struct Planner {
    slots: Vec<Slot>,
    /// Requests not started yet (no free search space), with the turn
    /// each was asked on.
    queue: RequestQueue,
    /// Turns since the planner was made.
    turn: u64,
    budget_left: u64,
    /// The part of `budget_left` only urgent searches may spend (see
    /// [`is_urgent`]): held back from the rest this turn. Not saved: every
    /// monster turn of the game, a loaded one's first too, starts with
    /// [`Planner::new_turn`], which sets it.
    #[serde(skip)]
    reserve: u64,
    cap: u64,
    finished: Vec<Finished>,
    pub stats: PlannerStats,
    /// The actor whose searches are traced for the overlay, if any.
    traced_actor: Option<usize>,
    last_trace: Option<(usize, SearchTrace)>,
    last_trace_summary: TracedSearchSummary,
    last_trace_kind: TraceKind,
    /// The cells the last traced search priced differently (its request's
    /// overrides): the inspector prices cells as the search did.
    last_trace_overrides: Vec<(Pos, f64)>,
    /// Counts the traces recorded, so a reader can tell a new one.
    trace_serial: u64,
    /// The search space previews run in (its records are shared: a
    /// level-sized space is not allocated for every preview).
    preview: AStar,
}

impl Default for Planner {
    fn default() -> Self {
        Self {
            slots: Vec::new(),
            queue: RequestQueue::default(),
            turn: 0,
            budget_left: 0,
            reserve: 0,
            cap: 0,
            finished: Vec::new(),
            stats: PlannerStats::default(),
            traced_actor: None,
            last_trace: None,
            last_trace_summary: TracedSearchSummary::default(),
            last_trace_kind: TraceKind::default(),
            last_trace_overrides: Vec::new(),
            trace_serial: 0,
            preview: shared_space(),
        }
    }
}

impl Planner {
    pub(crate) fn new() -> Self {
        Self::default()
    }

    /// A planner read from a save: its search spaces take their records
    /// from the shared set again (a pool is not saved).
    pub(crate) fn share_records(&mut self) {
        for slot in &mut self.slots {
            slot.astar.share(Arc::clone(&SHARED_RECORDS));
        }
        self.preview.share(Arc::clone(&SHARED_RECORDS));
    }

    /// Makes a set of shared node records ready for `grid`
    /// ([`AStar::prepare`]), every page written: the first searches on a
    /// level then cost what later ones do. Sets for paused searches are
    /// taken as they are needed, zeroed, and hold the pages their searches
    /// reach.
    pub(crate) fn prepare(&mut self, grid: &Grid) {
        self.slots.resize_with(SEARCH_SLOTS, Slot::default);
        if let Some(slot) = self.slots.first_mut() {
            slot.astar.prepare(grid);
        }
    }

    /// A new turn: the budget is refilled and each search's cap with it,
    /// `reserve` nodes of it held for urgent searches.
    pub(crate) fn new_turn(&mut self, node_budget: u64, reserve: u64) {
        self.turn += 1;
        self.budget_left = node_budget;
        self.reserve = reserve.min(node_budget);
        self.cap = (node_budget / CAP_SHARE)
            .max(MIN_CAP)
            .min(node_budget.max(1));
        let turn = self.turn;
        let expired = |asked_on: u64| turn.saturating_sub(asked_on) >= MAX_SEARCH_TURNS;
        for slot in &mut self.slots {
            if let Some(active) = slot.active.as_mut() {
                active.spent_this_turn = 0;
                active.turns += 1;
                if expired(active.asked_on) {
                    let request = active.request.clone();
                    slot.drop_search();
                    self.stats.given_up += 1;
                    self.finished.push(Finished {
                        actor: request.actor,
                        from: request.from,
                        goal: request.goal,
                        outcome: PlanOutcome::GaveUp,
                    });
                }
            }
        }
        for request in self.queue.remove_expired(expired) {
            self.stats.given_up += 1;
            self.finished.push(Finished {
                actor: request.actor,
                from: request.from,
                goal: request.goal,
                outcome: PlanOutcome::GaveUp,
            });
        }
    }

    /// Spends nodes from this turn's budget on something else the faction
    /// searches (its shared field, a far plan) for a purpose of `priority`:
    /// a purpose that is not urgent never spends the reserve, even when it
    /// spent more than was left for it (a far plan may).
    pub(crate) fn spend(&mut self, nodes: u64, priority: Priority) {
        let floor = if is_urgent(priority) {
            0
        } else {
            self.reserve.min(self.budget_left)
        };
        self.budget_left = self.budget_left.saturating_sub(nodes).max(floor);
    }

    #[cfg(test)]
    pub(crate) fn budget_left(&self) -> u64 {
        self.budget_left
    }

    /// What a search of `priority` may still spend this turn: all that is
    /// left for an urgent one, what is left beyond the reserve for others.
    pub(crate) fn spendable(&self, priority: Priority) -> u64 {
        if is_urgent(priority) {
            self.budget_left
        } else {
            self.budget_left.saturating_sub(self.reserve)
        }
    }

    /// Requests waiting or under way: the members that need a plan.
    pub(crate) fn demand(&self) -> usize {
        self.queue.waiting() + self.slots.iter().filter(|s| s.active.is_some()).count()
    }

    #[cfg(test)]
    /// Searches under way, paused until a later turn.
    pub(crate) fn paused(&self) -> usize {
        self.slots.iter().filter(|s| s.active.is_some()).count()
    }

    /// Asks for a plan. A search under way toward the same goal is kept; one
    /// toward another goal is dropped for the new one.
    pub(crate) fn request(&mut self, request: PlanRequest) {
        for slot in &mut self.slots {
            if let Some(active) = &slot.active
                && active.request.actor == request.actor
            {
                if active.request.goal == request.goal {
                    return;
                }
                slot.drop_search();
            }
        }
        self.queue.remove(request.actor);
        self.finished.retain(|f| f.actor != request.actor);
        self.queue.push(request, self.turn);
    }

    /// Answers a request at once with `path`, a cheapest path its caller
    /// found without a search (a clear straight line): whatever `actor`
    /// asked before is dropped, and the path waits for it as a finished
    /// search's would.
    pub(crate) fn answer_with_straight_path(&mut self, request: &PlanRequest, path: Path) {
        self.cancel(request.actor);
        self.stats.straight_paths += 1;
        if self.traced_actor == Some(request.actor) {
            // The overlay shows what this plan took: a line, no nodes.
            let trace = SearchTrace {
                start: Some(request.from),
                goal: Some(request.goal),
                ..SearchTrace::default()
            };
            self.last_trace = Some((request.actor, trace));
            self.trace_serial += 1;
            self.last_trace_summary = TracedSearchSummary {
                micros: 0,
                cost: Some(path.cost),
                expanded: 0,
            };
            self.last_trace_kind = TraceKind::Finished { turn: self.turn };
            self.last_trace_overrides = request.overrides.clone();
        }
        self.finished.push(Finished {
            actor: request.actor,
            from: request.from,
            goal: request.goal,
            outcome: PlanOutcome::Path(path),
        });
    }

    /// The goal of `actor`'s search under way (started, paused), if any.
    pub(crate) fn searching_toward(&self, actor: usize) -> Option<Pos> {
        self.slots
            .iter()
            .filter_map(|s| s.active.as_ref())
            .find(|a| a.request.actor == actor)
            .map(|a| a.request.goal)
    }

    /// Whether a search for `actor` is queued or under way.
    pub(crate) fn is_waiting(&self, actor: usize) -> bool {
        self.queue.contains(actor)
            || self
                .slots
                .iter()
                .any(|s| s.active.as_ref().is_some_and(|a| a.request.actor == actor))
    }

    /// Forgets everything queued or under way (the grid is about to change
    /// wholesale, e.g. after a config reload), and the last traced search:
    /// it ran under rules no longer in force.
    pub(crate) fn cancel_all(&mut self) {
        self.last_trace = None;
        self.last_trace_overrides.clear();
        self.trace_serial += 1;
        self.queue.clear();
        for slot in &mut self.slots {
            slot.drop_search();
        }
        self.finished.clear();
    }

    /// The actor gives its request up unanswered (it waited too long):
    /// removed, and counted as given up if it was still waiting.
    pub(crate) fn give_up(&mut self, actor: usize) {
        if self.is_waiting(actor) {
            self.stats.given_up += 1;
        }
        self.cancel(actor);
    }

    /// Removes an actor's request and result (it died).
    pub(crate) fn cancel(&mut self, actor: usize) {
        self.queue.remove(actor);
        for slot in &mut self.slots {
            if slot
                .active
                .as_ref()
                .is_some_and(|a| a.request.actor == actor)
            {
                slot.drop_search();
            }
        }
        self.finished.retain(|f| f.actor != actor);
    }

    /// Traces the searches of `actor` (for the debug overlay).
    pub(crate) fn trace_actor(&mut self, actor: Option<usize>) {
        self.traced_actor = actor;
    }

    pub(crate) fn traced_actor(&self) -> Option<usize> {
        self.traced_actor
    }

    /// The last traced search: whose it was, and what it did.
    pub(crate) fn last_trace(&self) -> Option<(usize, &SearchTrace)> {
        self.last_trace.as_ref().map(|(a, t)| (*a, t))
    }

    /// Which trace the last one is (a new number for every new trace).
    pub(crate) fn trace_serial(&self) -> u64 {
        self.trace_serial
    }

    /// Time and cost of the last traced search.
    pub(crate) fn last_trace_summary(&self) -> TracedSearchSummary {
        self.last_trace_summary
    }

    /// What the last traced search is: under way, finished, or a preview.
    pub(crate) fn last_trace_kind(&self) -> TraceKind {
        self.last_trace_kind
    }

    /// The cells the last traced search priced differently from the grid.
    pub(crate) fn last_trace_overrides(&self) -> &[(Pos, f64)] {
        &self.last_trace_overrides
    }

    /// Turns since the planner was made (one per game turn: a long action of
    /// the player's spans several).
    pub(crate) fn turn(&self) -> u64 {
        self.turn
    }

    /// Runs `actor`'s search now (starting it if it waits), within its cap
    /// and the budget left. Returns whether a result for it is waiting.
    pub(crate) fn run_for(&mut self, actor: usize, grid: &Grid, options: &SearchOptions) -> bool {
        let priority = self
            .slot_of(actor)
            .and_then(|slot| self.slots[slot].active.as_ref())
            .map(|active| active.request.priority)
            .or_else(|| self.queue.priority(actor));
        if priority.is_none_or(|priority| self.spendable(priority) == 0) {
            // Not a node could run: starting the search would copy the
            // grid into a space, perhaps bumping a search under way out of
            // it (its progress lost), for nothing.
            return self.finished.iter().any(|f| f.actor == actor);
        }
        let slot = match self.slot_of(actor) {
            Some(slot) => Some(slot),
            None => self.start_queued(actor, grid, options),
        };
        if let Some(slot) = slot {
            self.advance(slot, grid);
        }
        self.finished.iter().any(|f| f.actor == actor)
    }

    /// At the start of a turn: paused searches go on, the most urgent first,
    /// then waiting requests take free search spaces.
    pub(crate) fn run_paused(&mut self, grid: &Grid, options: &SearchOptions) {
        let mut order: Vec<(Priority, usize)> = self
            .slots
            .iter()
            .enumerate()
            .filter_map(|(i, s)| s.active.as_ref().map(|a| (a.request.priority, i)))
            .collect();
        order.sort_unstable();
        for (priority, slot) in order {
            if self.spendable(priority) == 0 {
                // Sorted most urgent first: none after it may spend more.
                return;
            }
            self.advance(slot, grid);
        }
        self.queue.sort_by_urgency();
        while self.budget_left > 0 {
            let Some(actor) = self.queue.first_actor() else {
                break;
            };
            if self
                .queue
                .priority(actor)
                .is_none_or(|priority| self.spendable(priority) == 0)
            {
                break;
            }
            match self.start_queued(actor, grid, options) {
                Some(slot) => self.advance(slot, grid),
                None => break,
            }
        }
    }

    /// Runs a traced search for `actor` from `from` to `goal` at once, to
    /// the end, in a search space of its own (for the debug overlay: what
    /// the monster would plan now, on its faction's current knowledge,
    /// priced with `overrides` as its own request would be). Its plan and
    /// the game are left alone; the trace becomes the last traced search.
    pub(crate) fn trace_now(
        &mut self,
        actor: usize,
        grid: &Grid,
        from: Pos,
        goal: Pos,
        options: &SearchOptions,
        overrides: &[(Pos, f64)],
    ) -> Option<TracedSearchSummary> {
        let astar = &mut self.preview;
        astar.set_tracing(true);
        let started = Instant::now();
        astar
            .start_search_with_overrides(grid, from, goal, options, overrides)
            .ok()?;
        let cost = match astar.step(grid, usize::MAX) {
            SearchStatus::Found(path) => Some(path.cost),
            SearchStatus::NoPath | SearchStatus::Pending => None,
        };
        let micros = started.elapsed().as_micros().min(u128::from(u64::MAX)) as u64;
        let summary = TracedSearchSummary {
            micros,
            cost,
            expanded: astar.stats().expanded,
        };
        self.last_trace = Some((actor, astar.trace().clone()));
        self.last_trace_summary = summary;
        self.last_trace_kind = TraceKind::Preview;
        self.last_trace_overrides = overrides.to_vec();
        self.trace_serial += 1;
        Some(summary)
    }

    /// The finished search of `actor`, if one waits.
    pub(crate) fn take_finished(&mut self, actor: usize) -> Option<Finished> {
        let index = self.finished.iter().position(|f| f.actor == actor)?;
        Some(self.finished.swap_remove(index))
    }

    fn slot_of(&self, actor: usize) -> Option<usize> {
        self.slots
            .iter()
            .position(|s| s.active.as_ref().is_some_and(|a| a.request.actor == actor))
    }

    /// Starts `actor`'s queued request in a free search space.
    fn start_queued(
        &mut self,
        actor: usize,
        grid: &Grid,
        options: &SearchOptions,
    ) -> Option<usize> {
        let priority = self.queue.priority(actor)?;
        let slot = match self.slots.iter().position(|s| s.active.is_none()) {
            Some(slot) => slot,
            None if self.slots.len() < SEARCH_SLOTS => {
                self.slots.push(Slot::default());
                self.slots.len() - 1
            }
            None => {
                // Every space is busy: the least urgent search waits again
                // if this one is more urgent, so long searches cannot hold
                // the spaces from short ones.
                let (slot, least_urgent) = self
                    .slots
                    .iter()
                    .enumerate()
                    .filter_map(|(i, s)| s.active.as_ref().map(|a| (i, a.request.priority)))
                    .max_by_key(|&(i, p)| (p, i))?;
                if least_urgent <= priority {
                    return None;
                }
                let bumped = self.slots[slot].active.take()?;
                self.stats.preempted += 1;
                self.queue.push(bumped.request, bumped.asked_on);
                slot
            }
        };
        let (request, asked_on) = self.queue.remove(actor)?;
        let traced = self.traced_actor == Some(request.actor);
        let space = &mut self.slots[slot];
        space.astar.set_tracing(traced);
        self.stats.searches += 1;
        match space.astar.start_search_with_overrides(
            grid,
            request.from,
            request.goal,
            options,
            &request.overrides,
        ) {
            Ok(()) => {
                space.active = Some(Active {
                    request,
                    asked_on,
                    counted: 0,
                    spent_this_turn: 0,
                    turns: 1,
                    traced_micros: 0,
                });
                Some(slot)
            }
            Err(_) => {
                // Standing or aiming where the faction believes no one can
                // stand: nothing to search (and the space, perhaps taken
                // from a bumped search, gives its records back).
                space.astar.abandon();
                self.finished.push(Finished {
                    actor: request.actor,
                    from: request.from,
                    goal: request.goal,
                    outcome: PlanOutcome::Unreachable,
                });
                None
            }
        }
    }

    /// Runs the search in `slot` within its cap and the budget left.
    fn advance(&mut self, slot: usize, grid: &Grid) {
        let Some(mut active) = self.slots[slot].active.take() else {
            return;
        };
        let cap = if active.request.has_plan {
            (self.cap / REFINE_SHARE).max(MIN_CAP.min(self.cap))
        } else if is_urgent(active.request.priority) {
            // A hunter with the player in view acts on its plan this turn:
            // no cap holds it back for later (greedy steps meanwhile).
            u64::MAX
        } else {
            self.cap
        };
        let allowance = cap
            .saturating_sub(active.spent_this_turn)
            .min(self.spendable(active.request.priority));
        if allowance == 0 {
            self.slots[slot].active = Some(active);
            return;
        }
        // A search begun before its monster was followed has no trace of
        // its own: the overlay is not handed the trace its space kept of
        // an earlier one (it showed another search's cells, closed at
        // prices of turns before, as the one under way).
        let traced =
            self.traced_actor == Some(active.request.actor) && self.slots[slot].astar.is_tracing();
        let space = &mut self.slots[slot].astar;
        // The clock is read only for the traced actor: untraced searches
        // cost exactly what they did before the overlay existed.
        let started = traced.then(Instant::now);
        let before = space.stats();
        let status = space.step(grid, allowance as usize);
        let after = space.stats();
        if let Some(started) = started {
            let micros = started.elapsed().as_micros().min(u128::from(u64::MAX)) as u64;
            active.traced_micros += micros;
        }
        if after.restarts > before.restarts {
            self.stats.restarts += 1;
            active.counted = 0;
        }
        if after.resumed_after_changes > before.resumed_after_changes {
            self.stats.resumed_after_changes += 1;
        }
        let spent = after.expanded.saturating_sub(active.counted).max(1);
        active.counted = after.expanded;
        active.spent_this_turn += spent;
        self.budget_left = self.budget_left.saturating_sub(spent);
        self.stats.expanded += spent;
        let outcome = match status {
            SearchStatus::Pending => {
                if traced {
                    // The overlay shows the search it waits on, as far as
                    // it has got, and says so.
                    self.last_trace = Some((active.request.actor, space.trace().clone()));
                    self.trace_serial += 1;
                    self.last_trace_summary = TracedSearchSummary {
                        micros: active.traced_micros,
                        cost: None,
                        expanded: after.expanded,
                    };
                    self.last_trace_kind = TraceKind::Waiting {
                        expanded: after.expanded,
                        limit: cap.saturating_mul(MAX_SEARCH_TURNS),
                        turn: self.turn,
                    };
                    self.last_trace_overrides = active.request.overrides.clone();
                }
                self.slots[slot].active = Some(active);
                return;
            }
            SearchStatus::Found(path) => PlanOutcome::Path(path),
            SearchStatus::NoPath => PlanOutcome::Unreachable,
        };
        if active.turns > 1 {
            self.stats.sliced_searches += 1;
        }
        if traced {
            self.last_trace = Some((active.request.actor, space.trace().clone()));
            self.trace_serial += 1;
            self.last_trace_summary = TracedSearchSummary {
                micros: active.traced_micros,
                cost: match &outcome {
                    PlanOutcome::Path(path) => Some(path.cost),
                    PlanOutcome::Unreachable | PlanOutcome::GaveUp => None,
                },
                expanded: after.expanded,
            };
            self.last_trace_kind = TraceKind::Finished { turn: self.turn };
            self.last_trace_overrides = active.request.overrides.clone();
        }
        self.finished.push(Finished {
            actor: active.request.actor,
            from: active.request.from,
            goal: active.request.goal,
            outcome,
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use gridpath::Movement;

    fn corridor() -> Grid {
        Grid::from_ascii(
            &format!("{}\n{}", ".".repeat(60), ".".repeat(60)),
            Movement::default(),
        )
        .unwrap()
    }

    /// Wide open ground: a Dijkstra search across it takes thousands of nodes.
    fn field() -> Grid {
        Grid::from_ascii(&vec![".".repeat(60); 40].join("\n"), Movement::default()).unwrap()
    }

    /// Dijkstra's order (no estimate), so searches across open ground take
    /// as many nodes as the area they cover.
    fn dijkstra() -> SearchOptions {
        SearchOptions {
            heuristic: gridpath::Heuristic::Zero,
            ..SearchOptions::default()
        }
    }

    /// A request that is not urgent, `priority` within its band.
    fn ask(actor: usize, goal: Pos, has_plan: bool, priority: Priority) -> PlanRequest {
        PlanRequest {
            actor,
            from: Pos::new(0, 0),
            goal,
            priority: URGENT_BAND + priority,
            has_plan,
            overrides: Vec::new(),
        }
    }

    #[test]
    fn a_search_begun_before_its_monster_was_followed_passes_for_no_other_s_trace() {
        let grid = field();
        let options = dijkstra();
        let mut planner = Planner::new();
        // Turn 1: actor 1 is followed; its search from (0,0) to (3,0)
        // finishes at once, traced, in the first search space.
        planner.trace_actor(Some(1));
        planner.new_turn(300, 0);
        planner.request(ask(1, Pos::new(3, 0), false, 0));
        assert!(planner.run_for(1, &grid, &options));
        planner.take_finished(1);
        let first = planner
            .last_trace()
            .map(|(actor, trace)| (actor, trace.goal));
        assert_eq!(first, Some((1, Some(Pos::new(3, 0)))));
        // Turn 2: no one is followed; actor 2's far search, to (59,39),
        // begins in that space untraced and pauses at its cap.
        planner.trace_actor(None);
        planner.new_turn(300, 0);
        planner.request(ask(2, Pos::new(59, 39), false, 0));
        assert!(!planner.run_for(2, &grid, &options));
        // Turn 3: actor 2 is followed now, its search goes on and pauses
        // again. Its space kept no trace of it, and actor 1's old one is
        // not handed on as actor 2's search under way.
        planner.trace_actor(Some(2));
        planner.new_turn(300, 0);
        planner.run_paused(&grid, &options);
        assert!(planner.is_waiting(2));
        let shown = planner
            .last_trace()
            .map(|(actor, trace)| (actor, trace.goal));
        assert_eq!(shown, first, "no trace of actor 2's search under way");
        // Its next search, begun while followed, is traced: the trace is
        // its own, from (0,0) to (5,0).
        planner.cancel(2);
        planner.request(ask(2, Pos::new(5, 0), false, 0));
        assert!(planner.run_for(2, &grid, &options));
        let own = planner
            .last_trace()
            .map(|(actor, trace)| (actor, trace.goal));
        assert_eq!(own, Some((2, Some(Pos::new(5, 0)))));
    }

    #[test]
    fn a_search_larger_than_its_cap_finishes_over_several_turns_with_the_same_path() {
        let grid = corridor();
        let options = dijkstra();
        let one_shot = AStar::new()
            .find_path(&grid, Pos::new(0, 0), Pos::new(59, 1), &options)
            .unwrap()
            .unwrap();
        let mut planner = Planner::new();
        planner.request(ask(3, Pos::new(59, 1), false, 0));
        let mut turns = 0;
        let finished = loop {
            turns += 1;
            planner.new_turn(300, 0);
            planner.run_paused(&grid, &options);
            if planner.run_for(3, &grid, &options) {
                break planner.take_finished(3).unwrap();
            }
            assert!(turns < 1000);
        };
        assert!(turns > 1, "the cap should have cut the search into slices");
        assert_eq!(finished.outcome, PlanOutcome::Path(one_shot));
        assert_eq!(planner.stats.sliced_searches, 1);
    }

    #[test]
    fn one_long_search_cannot_hold_the_others_back() {
        let grid = field();
        let options = dijkstra();
        let mut planner = Planner::new();
        planner.new_turn(600, 0);
        // A far goal first: it spends its cap (a third) and pauses...
        planner.request(ask(1, Pos::new(59, 39), false, 50));
        assert!(!planner.run_for(1, &grid, &options));
        assert!(planner.budget_left() >= 400);
        // ...so a short search asked after it still runs this turn.
        planner.request(ask(2, Pos::new(3, 0), false, 3));
        assert!(planner.run_for(2, &grid, &options));
        assert!(matches!(
            planner.take_finished(2).unwrap().outcome,
            PlanOutcome::Path(_)
        ));
        assert!(planner.is_waiting(1));
    }

    #[test]
    fn a_member_that_still_has_a_plan_spends_a_smaller_share() {
        let grid = corridor();
        let options = dijkstra();
        let mut planner = Planner::new();
        planner.new_turn(1200, 0);
        planner.request(ask(1, Pos::new(59, 1), true, 0));
        planner.run_for(1, &grid, &options);
        assert_eq!(planner.budget_left(), 1200 - 400 / 4);
    }

    #[test]
    fn a_search_that_takes_too_many_turns_is_given_up() {
        let grid = field();
        let options = dijkstra();
        let mut planner = Planner::new();
        planner.new_turn(64, 0);
        planner.request(ask(1, Pos::new(59, 39), false, 0));
        let mut turns = 1;
        while !planner.run_for(1, &grid, &options) {
            planner.new_turn(64, 0);
            turns += 1;
        }
        assert_eq!(
            turns,
            MAX_SEARCH_TURNS + 1,
            "asked on turn 1, given up on turn 1 + MAX"
        );
        assert_eq!(
            planner.take_finished(1).unwrap().outcome,
            PlanOutcome::GaveUp
        );
        assert_eq!(planner.stats.given_up, 1);
    }

    #[test]
    fn with_the_budget_spent_a_search_waits_without_bumping_one_under_way() {
        let grid = field();
        let options = dijkstra();
        let mut planner = Planner::new();
        planner.new_turn(3 * 64, 0);
        // Three far searches fill the spaces and spend the turn's budget.
        for actor in 1..=3 {
            planner.request(ask(actor, Pos::new(59, 39), false, 9));
            assert!(!planner.run_for(actor, &grid, &options));
        }
        assert_eq!(planner.budget_left(), 0);
        // A more urgent one asked now could not run a node this turn: it
        // waits in the queue, and no search loses its space (or progress).
        planner.request(ask(4, Pos::new(2, 0), false, 1));
        assert!(!planner.run_for(4, &grid, &options));
        assert_eq!(planner.stats.searches, 3);
        assert_eq!(planner.stats.preempted, 0);
        assert!(planner.is_waiting(4));
        assert!((1..=3).all(|actor| planner.slot_of(actor).is_some()));
        assert!(planner.slot_of(4).is_none());
    }

    #[test]
    fn paused_searches_resume_by_priority() {
        let grid = field();
        let options = dijkstra();
        let mut planner = Planner::new();
        planner.new_turn(200, 0);
        for (actor, priority) in [(1, 9), (2, 1)] {
            planner.request(ask(actor, Pos::new(59, 39), false, priority));
            planner.run_for(actor, &grid, &options);
        }
        // Next turn the budget only covers one cap: the urgent one gets it.
        planner.new_turn(64, 0);
        planner.run_paused(&grid, &options);
        assert_eq!(planner.budget_left(), 0);
        let spent = |actor| {
            planner.slots[planner.slot_of(actor).unwrap()]
                .active
                .as_ref()
                .unwrap()
                .spent_this_turn
        };
        assert_eq!(spent(2), 64);
        assert_eq!(spent(1), 0);
    }

    #[test]
    fn a_hunter_in_view_searches_on_the_reserve_the_others_left() {
        let grid = field();
        let options = dijkstra();
        let mut planner = Planner::new();
        planner.new_turn(600, 300);
        // Three far searches that are not urgent spend all but the reserve.
        for actor in 1..=3 {
            planner.request(ask(actor, Pos::new(59, 39), false, 9));
            assert!(!planner.run_for(actor, &grid, &options));
        }
        assert_eq!(planner.budget_left(), 300);
        assert_eq!(
            planner.spendable(ask(9, Pos::new(0, 0), false, 0).priority),
            0
        );
        // A hunter with the player in view, 3 cells off, is planned at once.
        let hunter = PlanRequest {
            priority: priority_of(true, false, 3.0),
            ..ask(4, Pos::new(3, 0), false, 0)
        };
        planner.request(hunter);
        assert!(planner.run_for(4, &grid, &options));
        assert!(matches!(
            planner.take_finished(4).unwrap().outcome,
            PlanOutcome::Path(_)
        ));
    }

    #[test]
    fn a_search_that_is_not_urgent_waits_at_the_turn_s_start_for_the_reserve() {
        let grid = field();
        let options = dijkstra();
        let mut planner = Planner::new();
        planner.new_turn(3 * 64, 0);
        planner.request(ask(1, Pos::new(59, 39), false, 9));
        assert!(!planner.run_for(1, &grid, &options));
        // Next turn the whole budget is the reserve: the paused search
        // does not go on, and keeps its space and progress.
        planner.new_turn(128, 128);
        planner.run_paused(&grid, &options);
        assert_eq!(planner.budget_left(), 128);
        assert!(planner.slot_of(1).is_some());
    }

    #[test]
    fn a_hunter_in_view_is_not_held_to_a_third_of_the_budget() {
        let grid = field();
        let options = dijkstra();
        // Dijkstra's order to 20 cells off settles about a quarter disc
        // of radius 20: more than a third of 600, less than 600.
        let goal = Pos::new(20, 0);
        let mut planner = Planner::new();
        planner.new_turn(600, 0);
        planner.request(PlanRequest {
            priority: priority_of(true, false, 20.0),
            ..ask(1, goal, false, 0)
        });
        assert!(planner.run_for(1, &grid, &options), "found in one turn");
        assert!(planner.budget_left() < 600 - 600 / CAP_SHARE);
        // The same search for a member that does not see the player waits.
        let mut planner = Planner::new();
        planner.new_turn(600, 0);
        planner.request(ask(1, goal, false, 20));
        assert!(!planner.run_for(1, &grid, &options), "capped at a third");
    }

    #[test]
    fn spending_that_is_not_urgent_never_cuts_into_the_reserve() {
        let mut planner = Planner::new();
        planner.new_turn(700, 350);
        // A far plan may spend more than the turn holds...
        planner.spend(2800, Priority::MAX);
        // ...but the hunters in view keep their reserve.
        assert_eq!(planner.budget_left(), 350);
        assert_eq!(planner.spendable(Priority::MAX), 0);
        let urgent = priority_of(true, false, 5.0);
        assert_eq!(planner.spendable(urgent), 350);
        planner.spend(100, urgent);
        assert_eq!(planner.budget_left(), 250);
    }

    #[test]
    fn a_hunter_in_view_comes_first_then_members_with_no_plan_then_refinements() {
        let far_hunter = priority_of(true, false, 60.0);
        let near_stroller = priority_of(false, false, 1.0);
        let near_refining = priority_of(false, true, 1.0);
        assert!(far_hunter < near_stroller && near_stroller < near_refining);
        assert!(is_urgent(far_hunter));
        assert!(!is_urgent(near_stroller) && !is_urgent(near_refining));
        // A hunter in view that only refines a plan it has is not urgent.
        assert!(!is_urgent(priority_of(true, true, 1.0)));
    }
}
