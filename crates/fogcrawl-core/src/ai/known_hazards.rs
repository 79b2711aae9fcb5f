//! Hazards a faction knows of: cells the player made dearer to cross
//! (caltrops strewn on them), each with the extra cost a member pays in
//! its plans to step there. Part of the faction's influences, so the
//! planning grid prices them as it prices danger: a member that saw the
//! caltrops (or whose packmate did) plans round them when a way round
//! costs less, and the rest walk on, unknowing, and learn by stepping.
//!
//! Never filled from the true level: the game tells the faction of a
//! hazard only when a member sees or treads on it.

use gridpath::{GridShape, Pos};
use serde::{Deserialize, Serialize};

/// The hazards known to one faction, sorted by row then column, and those
/// the planning grid has not priced yet.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct KnownHazards {
    /// Each known hazard cell and the extra cost of stepping on it.
    cells: Vec<(Pos, f64)>,
    /// Cells whose extra cost changed since the grid last took them in.
    changed: Vec<Pos>,
}

fn row_order(pos: Pos) -> (i32, i32) {
    (pos.y, pos.x)
}

impl KnownHazards {
    /// Learns (or relearns) that stepping on `pos` costs `extra` more;
    /// returns whether that was news.
    pub(crate) fn learn(&mut self, pos: Pos, extra: f64) -> bool {
        match self
            .cells
            .binary_search_by_key(&row_order(pos), |&(p, _)| row_order(p))
        {
            Ok(i) if self.cells[i].1 == extra => false,
            Ok(i) => {
                self.cells[i].1 = extra;
                self.changed.push(pos);
                true
            }
            Err(i) => {
                self.cells.insert(i, (pos, extra));
                self.changed.push(pos);
                true
            }
        }
    }

    /// The extra cost of stepping on `pos` (0 where no hazard is known).
    pub(crate) fn extra(&self, pos: Pos) -> f64 {
        if self.cells.is_empty() {
            return 0.0;
        }
        self.cells
            .binary_search_by_key(&row_order(pos), |&(p, _)| row_order(p))
            .map_or(0.0, |i| self.cells[i].1)
    }

    /// Every known hazard cell, in row order.
    pub(crate) fn cells(&self) -> impl Iterator<Item = Pos> + '_ {
        self.cells.iter().map(|&(pos, _)| pos)
    }

    pub(crate) fn is_empty(&self) -> bool {
        self.cells.is_empty()
    }

    pub fn len(&self) -> usize {
        self.cells.len()
    }

    pub(crate) fn has_changes(&self) -> bool {
        !self.changed.is_empty()
    }

    /// Moves the row-major indices (on a map of `shape`) of the cells whose
    /// cost changed onto `indices`; cells off the map are dropped.
    pub(crate) fn drain_changes_into(&mut self, shape: GridShape, indices: &mut Vec<u32>) {
        indices.extend(
            self.changed
                .drain(..)
                .filter_map(|pos| shape.index(pos))
                .map(|index| index as u32),
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ai::planner::{PlanOutcome, PlanRequest};
    use crate::ai::{Faction, FactionKnowledge};
    use crate::config::MonsterConfig;

    /// The goblins' plan from `from` to `goal` on the level `rows`, all of
    /// it known, after they learn of caltrops on `caltrops`.
    fn plan_knowing(rows: &str, from: Pos, goal: Pos, caltrops: &[Pos]) -> Vec<Pos> {
        let config = MonsterConfig::shipped().unwrap();
        let goblins = config.faction("goblins").unwrap().clone();
        let level = crate::world::level::text::parse(rows).unwrap();
        let mut faction = Faction::new(goblins.clone(), FactionKnowledge::omniscient(&level));
        faction.rebuild(goblins).unwrap();
        for &pos in caltrops {
            assert!(faction.learn_hazard(pos, 8.0));
        }
        faction.start_turn(0.0);
        faction.request_plan(PlanRequest {
            actor: 1,
            from,
            goal,
            priority: 0,
            has_plan: false,
            overrides: Vec::new(),
        });
        let finished = faction.plan_now(1).expect("a small level: planned at once");
        match finished.outcome {
            PlanOutcome::Path(path) => path.cells,
            other => panic!("no path: {other:?}"),
        }
    }

    #[test]
    fn the_plan_goes_round_caltrops_the_faction_knows_of() {
        // The straight way runs along the bottom row; the way round, over
        // the wall, is four steps longer.
        let rows = "@.........\n\
                    .########.\n\
                    ..........\n";
        let (from, goal) = (Pos::new(0, 2), Pos::new(9, 2));
        let caltrops = [Pos::new(4, 2), Pos::new(5, 2)];
        let unknowing = plan_knowing(rows, from, goal, &[]);
        assert!(
            caltrops.iter().all(|c| unknowing.contains(c)),
            "not known: straight over them {unknowing:?}"
        );
        let knowing = plan_knowing(rows, from, goal, &caltrops);
        assert!(
            knowing.iter().all(|c| !caltrops.contains(c)),
            "known: round them {knowing:?}"
        );
        assert!(
            knowing.iter().any(|c| c.y == 0),
            "over the top: {knowing:?}"
        );
        // With no way round, caltrops slow the way but do not close it.
        let corridor = "@.........\n";
        let through = plan_knowing(corridor, Pos::new(0, 0), Pos::new(9, 0), &[Pos::new(4, 0)]);
        assert!(through.contains(&Pos::new(4, 0)), "{through:?}");
    }

    #[test]
    fn hazards_are_learned_once_and_priced_by_cell() {
        let mut hazards = KnownHazards::default();
        assert_eq!(hazards.extra(Pos::new(1, 1)), 0.0);
        assert!(hazards.learn(Pos::new(3, 1), 8.0));
        assert!(hazards.learn(Pos::new(1, 2), 8.0));
        assert!(!hazards.learn(Pos::new(3, 1), 8.0), "no news");
        assert_eq!(hazards.extra(Pos::new(3, 1)), 8.0);
        assert_eq!(hazards.extra(Pos::new(2, 1)), 0.0);
        assert_eq!(
            hazards.cells().collect::<Vec<_>>(),
            vec![Pos::new(3, 1), Pos::new(1, 2)],
            "row order"
        );
        let mut indices = Vec::new();
        hazards.drain_changes_into(GridShape::new(5, 3), &mut indices);
        assert_eq!(indices, vec![8, 11]);
        assert!(!hazards.has_changes());
    }
}
