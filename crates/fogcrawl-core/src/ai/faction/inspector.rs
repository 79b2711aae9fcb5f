//! The debug overlay's window into a faction: the last traced search (whose
//! it was, what kind, what the faction believed and paid where it went),
//! the shared field, and the grid it would plan on under another config;
//! and the overlay's two controls (whose searches are traced, a trace now).
//! The monster turn never comes through here, and nothing here changes a
//! rule or a plan.

use std::collections::HashMap;

use super::{Faction, own_crowding_prices};
use crate::ai::cost_view::{CostRules, CostView};
use crate::ai::knowledge::FactionKnowledge;
use crate::ai::planner::{Planner, TraceKind, TracedSearchSummary};
use crate::config::FactionConfig;
use crate::world::Terrain;
use gridpath::{DistanceField, Grid, GridError, Pos, SearchTrace, TraceEvent};

/// Reads what the overlay shows of a faction ([`Faction::inspector`]).
#[derive(Debug, Clone, Copy)]
pub struct FactionInspector<'a> {
    pub(super) faction: &'a Faction,
}

/// The overlay's controls of a faction's tracing
/// ([`Faction::inspector_mut`]): they change what is recorded, never a plan.
#[derive(Debug)]
pub(crate) struct FactionInspectorMut<'a> {
    pub(super) faction: &'a mut Faction,
}

/// What the faction believed of each cell the last traced search reached
/// when it ran, and what the search paid to enter it (the inspector reads
/// this, not today's belief and prices: a closed cell's price as the trace
/// kept it when the search expanded it), and which trace that was. Kept by
/// the faction, which notes it whenever its planner may have recorded a trace.
#[derive(Debug, Clone, Default)]
pub(super) struct TracedBeliefs {
    /// The planner's trace serial these cells belong to.
    serial: u64,
    cells: HashMap<Pos, TracedCell>,
}

/// A cell of the last traced search, as that search saw it.
#[derive(Debug, Clone, Copy, PartialEq)]
struct TracedCell {
    belief: Option<Terrain>,
    /// What entering it cost the search (its request's override, or the
    /// grid's price, as the engine stores it); `None` if impassable.
    cost: Option<f64>,
}

impl TracedBeliefs {
    /// Keeps what the faction believes of the cells of a newly recorded
    /// trace, as it stands now that the search ran (nothing to do when
    /// `planner` recorded none since the last call).
    pub(super) fn note(
        &mut self,
        planner: &Planner,
        grid: Option<&Grid>,
        knowledge: &FactionKnowledge,
    ) {
        let serial = planner.trace_serial();
        if self.serial == serial {
            return;
        }
        let mut cells = HashMap::new();
        let overrides: HashMap<Pos, f64> = planner.last_trace_overrides().iter().copied().collect();
        if let Some((_, trace)) = planner.last_trace() {
            for event in &trace.events {
                // A closed cell's price is the one the search paid, kept in
                // the trace: a paused search priced its first cells turns
                // ago, and the influences have faded since. A cell only
                // opened (or a trace read back from a save) is priced as
                // the grid prices it now.
                let (cell, paid) = match *event {
                    TraceEvent::Open { cell, .. } => (cell, None),
                    TraceEvent::Close { cell, cost } => (cell, cost),
                    TraceEvent::SliceEnd => continue,
                };
                let belief = knowledge.belief(cell);
                let cost = match (paid, cells.get(&cell)) {
                    (Some(paid), _) => Some(paid),
                    (None, Some(&TracedCell { cost, .. })) => cost,
                    (None, None) => grid.and_then(|grid| searched_cost(grid, &overrides, cell)),
                };
                cells.insert(cell, TracedCell { belief, cost });
            }
        }
        *self = Self { serial, cells };
    }
}

impl<'a> FactionInspector<'a> {
    /// What the faction believed of `pos` when the last traced search ran
    /// (`None` when that search did not reach it).
    pub fn belief_when_traced(&self, pos: Pos) -> Option<Option<Terrain>> {
        self.faction.traced.cells.get(&pos).map(|cell| cell.belief)
    }

    /// What entering `pos` cost the last traced search (`None` when that
    /// search did not reach it): the terrain's cost plus the influence
    /// penalty in the planner's steps of 1/8, or its request's own price.
    pub fn cost_when_traced(&self, pos: Pos) -> Option<Option<f64>> {
        self.faction.traced.cells.get(&pos).map(|cell| cell.cost)
    }

    /// What the last traced search is: under way, finished, or a preview.
    pub(crate) fn last_trace_kind(&self) -> TraceKind {
        self.faction.planner.last_trace_kind()
    }

    /// The cells the last traced search priced differently from the grid
    /// (the member's own crowding left out, packmates to go round).
    pub fn last_trace_overrides(&self) -> &'a [(Pos, f64)] {
        self.faction.planner.last_trace_overrides()
    }

    /// The last traced search: whose it was, and what it did.
    pub fn last_trace(&self) -> Option<(usize, &'a SearchTrace)> {
        self.faction.planner.last_trace()
    }

    /// The last traced search in figures (nodes, cost, ...).
    pub fn last_trace_summary(&self) -> TracedSearchSummary {
        self.faction.planner.last_trace_summary()
    }

    /// The planner's turn count (one per game turn), which the turns of
    /// [`TraceKind`] count in.
    pub(crate) fn planner_turn(&self) -> u64 {
        self.faction.planner.turn()
    }

    /// The goal of `actor`'s search under way, if one is.
    pub(crate) fn searching_toward(&self, actor: usize) -> Option<Pos> {
        self.faction.planner.searching_toward(actor)
    }

    /// The shared field's target and settled cells.
    pub fn shared_field(&self) -> Option<(Pos, &'a DistanceField)> {
        let shared = &self.faction.shared;
        shared.target.map(|t| (t, &shared.field))
    }

    /// The grid this faction would plan on under `config` (its knowledge
    /// and influences as they are, priced by that config's rules), and the
    /// prices a member with crowding `marks` would give its own footprint
    /// there: what a member would search under another config (the
    /// overlay's config A/B).
    pub fn grid_under(
        &self,
        config: &FactionConfig,
        marks: &[(Pos, f32)],
    ) -> Result<(Grid, Vec<(Pos, f64)>), GridError> {
        let faction = self.faction;
        let rules = CostRules::from_config(config);
        let view = CostView::new(rules.clone(), &faction.knowledge, &faction.influences)?;
        let grid = view.grid().clone();
        let overrides = own_crowding_prices(
            config,
            &rules,
            &grid,
            (&faction.knowledge, &faction.influences),
            marks,
        );
        Ok((grid, overrides))
    }
}

impl FactionInspectorMut<'_> {
    /// Traces the searches of `actor` (`None`: nobody's).
    pub(crate) fn trace_actor(&mut self, actor: Option<usize>) {
        self.faction.planner.trace_actor(actor);
    }

    /// Traces at once the search `actor` would run now from `from` to
    /// `goal`, priced with its request's `overrides` (the overlay's "think
    /// now"); changes nothing else.
    pub(crate) fn trace_now(
        &mut self,
        actor: usize,
        from: Pos,
        goal: Pos,
        overrides: &[(Pos, f64)],
    ) -> Option<TracedSearchSummary> {
        let faction = &mut *self.faction;
        let options = faction.search_options();
        let grid = faction.view.as_ref()?.grid();
        let summary = faction
            .planner
            .trace_now(actor, grid, from, goal, &options, overrides);
        faction.note_trace_beliefs();
        summary
    }
}

/// What a search priced with `overrides` pays to enter `cell` of `grid`,
/// as the engine stores it: an override is raised to the grid's cheapest
/// cost, and prices are kept as `f32`.
fn searched_cost(grid: &Grid, overrides: &HashMap<Pos, f64>, cell: Pos) -> Option<f64> {
    let grid_cost = grid.cost(cell)?;
    let cost = match overrides.get(&cell) {
        Some(&own) if own.is_finite() => own.max(grid.min_cost()),
        _ => grid_cost,
    };
    Some(f64::from(cost as f32))
}

#[cfg(test)]
mod tests {
    use super::super::tests::goblins;
    use super::*;
    use crate::ai::planner::PlanRequest;
    use crate::config::MonsterConfig;

    /// Goblins that know `rows`, with a node budget of `budget` a turn and
    /// danger that keeps `decay` of itself per unit of time (the shipped
    /// turn penalty left out, so a cell's g is its parent's and a step).
    fn slow_goblins(rows: &str, budget: u32, decay: f64) -> Faction {
        let config = MonsterConfig::shipped().unwrap();
        let mut goblins = config.faction("goblins").unwrap().clone();
        goblins.node_budget = budget;
        goblins.influence.danger.decay = decay;
        goblins.turn_penalty = 0.0;
        let level = crate::world::level::text::parse(rows).unwrap();
        let knowledge = FactionKnowledge::omniscient(&level);
        let mut faction = Faction::new(goblins.clone(), knowledge);
        faction.rebuild(goblins).unwrap();
        faction
    }

    #[test]
    fn the_inspector_shows_the_prices_a_search_paid_while_the_danger_faded() {
        // A wall between the goblin (1, 2) and its goal (13, 2): no straight
        // way, so a search, and at 12 nodes a turn one of several turns.
        // Danger at (3, 2) keeps 0.7 of itself per unit of time; the turns
        // are 3 apart, so it fades to a third between slices.
        let rows = "\
            ...............\n\
            .......#.......\n\
            .@.....#.......\n\
            .......#.......\n\
            ...............";
        let mut faction = slow_goblins(rows, 12, 0.7);
        let (from, goal) = (Pos::new(1, 2), Pos::new(13, 2));
        faction.mark_danger(Pos::new(3, 2), 1.0);
        // Time 0: the first slice, priced with the danger fresh.
        faction.start_turn(0.0);
        faction.inspector_mut().trace_actor(Some(1));
        faction.request_plan(PlanRequest {
            actor: 1,
            from,
            goal,
            priority: 0,
            has_plan: false,
            overrides: Vec::new(),
        });
        let mut finished = faction.plan_now(1);
        assert!(finished.is_none(), "the search did not pause");
        let at_first: HashMap<Pos, f64> = faction
            .inspector()
            .last_trace()
            .unwrap()
            .1
            .closed_cells()
            .filter_map(|cell| Some((cell, faction.inspector().cost_when_traced(cell)??)))
            .collect();
        // Times 3, 6, ...: the danger fades and the search goes on (or
        // starts over where a price it read changed) to the goal.
        let mut turn = 0;
        while finished.is_none() {
            turn += 1;
            assert!(turn <= 4, "the search did not finish");
            faction.start_turn(3.0 * f64::from(turn));
            finished = faction.plan_now(1);
        }
        // Time 9, the look: the danger has faded again since the search.
        faction.start_turn(9.0 + 3.0 * f64::from(turn));
        let grid = faction.grid().unwrap();
        let faded = at_first
            .iter()
            .filter(|&(&cell, &then)| grid.cost(cell).is_some_and(|now| now < then))
            .count();
        assert!(faded > 0, "no price of {at_first:?} faded");
        // Every closed cell's g is its parent's plus the step at the price
        // the inspector shows: the one kept in the trace.
        let inspector = faction.inspector();
        let (_, trace) = inspector.last_trace().unwrap();
        let values = trace.cell_values(None);
        let (mut checked, mut dearer_than_now) = (0, 0);
        for event in &trace.events {
            let TraceEvent::Close { cell, cost } = *event else {
                continue;
            };
            let shown = inspector.cost_when_traced(cell).flatten();
            assert_eq!(shown, cost, "{cell}");
            let Some(parent) = values[&cell].parent else {
                continue; // the start
            };
            let (paid, g) = (shown.unwrap(), values[&cell].g);
            let sum = values[&parent].g + parent.octile(cell) * paid;
            assert!((sum - g).abs() < 1e-9, "{cell}: g {g} but {sum}");
            dearer_than_now += usize::from(grid.cost(cell).is_some_and(|now| now < paid));
            checked += 1;
        }
        assert!(checked >= 8, "{checked} cells checked");
        assert!(
            dearer_than_now > 0,
            "no cell the search paid for costs less now"
        );
    }

    #[test]
    fn the_inspector_reads_beliefs_as_the_traced_search_saw_them() {
        let mut faction = goblins("@......\n.......\n.......");
        faction.inspector_mut().trace_actor(Some(4));
        assert!(
            faction
                .inspector_mut()
                .trace_now(4, Pos::new(0, 1), Pos::new(6, 1), &[])
                .is_some()
        );
        let cell = Pos::new(3, 1);
        let believed = |faction: &Faction| faction.inspector().belief_when_traced(cell);
        assert_eq!(believed(&faction), Some(Some(Terrain::Floor)));
        // Later a wall is seen there: the trace still reads "floor then".
        faction.observe(cell, Terrain::Wall, 2.0);
        assert_eq!(believed(&faction), Some(Some(Terrain::Floor)));
        assert_eq!(faction.knowledge().belief(cell), Some(Terrain::Wall));
    }
}
