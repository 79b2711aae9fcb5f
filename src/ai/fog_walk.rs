//! A controlled experiment on fog of war: one walker of a faction crosses a
//! level, planning only on what it has seen (its faction's unknown-cell
//! policy fills the rest), looking around after every step, replanning when
//! what it sees contradicts its plan and learning from every bump. The same
//! walk with the whole level known is the omniscient baseline.
//!
//! In a maze an optimistic walker's searches are short (it believes the way
//! is open) but it walks into dead ends; the omniscient walker searches the
//! maze's real corridors and walks straight there.

use crate::ai::cost_view::{CostRules, CostView, Influences};
use crate::ai::knowledge::FactionKnowledge;
use crate::config::FactionConfig;
use crate::pathfinding::{AStar, GridError, Pos, SearchOptions};
use crate::world::Level;
use crate::world::fov::{Fov, VisibleSet};

/// What one walk cost.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct FogWalk {
    pub searches: u64,
    pub expanded: u64,
    pub steps: u64,
    /// Cells that contradicted the plan's assumptions.
    pub discoveries: u64,
    pub arrived: bool,
}

impl FogWalk {
    pub fn expanded_per_search(&self) -> f64 {
        if self.searches == 0 {
            0.0
        } else {
            self.expanded as f64 / self.searches as f64
        }
    }
}

/// Walks from `from` to `to` on `level` as a member of the faction
/// `config` describes, giving up after `max_steps`.
pub fn fog_walk(
    level: &Level,
    config: &FactionConfig,
    from: Pos,
    to: Pos,
    omniscient: bool,
    max_steps: u64,
) -> Result<FogWalk, GridError> {
    let rules = CostRules::from_config(config);
    let mut knowledge = if omniscient {
        FactionKnowledge::omniscient(level)
    } else {
        FactionKnowledge::new(level.width(), level.height())
    };
    let influences = Influences::new(level.width(), level.height());
    let mut fov = Fov::new();
    let mut seen = VisibleSet::new();
    let mut astar = AStar::new();
    let options = SearchOptions {
        heuristic: config.heuristic,
        weight: config.weight,
        tie_break: config.tie_break,
        turn_penalty: 0.0,
    };
    let mut walk = FogWalk::default();
    let mut at = from;
    let look = |at: Pos,
                knowledge: &mut FactionKnowledge,
                fov: &mut Fov,
                seen: &mut VisibleSet,
                walk: &mut FogWalk| {
        fov.compute_into(level, at, config.sight_radius, seen);
        for &pos in seen.cells() {
            if let Some(terrain) = level.terrain_at(pos.x, pos.y) {
                let belief = knowledge.belief(pos);
                if belief != Some(terrain)
                    && rules.terrain_cost(belief).is_some()
                        != rules.terrain_cost(Some(terrain)).is_some()
                {
                    walk.discoveries += 1;
                }
                knowledge.observe(pos, terrain, 0.0);
            }
        }
    };
    look(at, &mut knowledge, &mut fov, &mut seen, &mut walk);
    knowledge.take_changes();
    let mut view = CostView::new(rules.clone(), &knowledge, &influences)?;
    let mut plan: Vec<Pos> = Vec::new();
    while at != to && walk.steps < max_steps {
        let contradicted = plan
            .iter()
            .any(|&cell| rules.terrain_cost(knowledge.belief(cell)).is_none());
        if plan.is_empty() || contradicted {
            let changes = knowledge.take_changes();
            view.refresh(&knowledge, &influences, &changes);
            walk.searches += 1;
            let found = astar.find_path(view.grid(), at, to, &options);
            walk.expanded += astar.stats().expanded;
            match found {
                Ok(Some(path)) => plan = path.cells[1..].to_vec(),
                _ => return Ok(walk),
            }
        }
        let next = plan.remove(0);
        let walkable = level
            .terrain_at(next.x, next.y)
            .is_some_and(|t| rules.terrain_cost(Some(t)).is_some());
        let corner_ok = next.x == at.x
            || next.y == at.y
            || [Pos::new(next.x, at.y), Pos::new(at.x, next.y)]
                .iter()
                .all(|&c| {
                    level
                        .terrain_at(c.x, c.y)
                        .is_some_and(|t| rules.terrain_cost(Some(t)).is_some())
                });
        if walkable && corner_ok {
            at = next;
            walk.steps += 1;
        } else {
            for cell in [next, Pos::new(next.x, at.y), Pos::new(at.x, next.y)] {
                if let Some(t) = level.terrain_at(cell.x, cell.y)
                    && knowledge.belief(cell) != Some(t)
                {
                    knowledge.learn_from_bump(cell, t, 0.0);
                    walk.discoveries += 1;
                }
            }
            plan.clear();
        }
        look(at, &mut knowledge, &mut fov, &mut seen, &mut walk);
    }
    walk.arrived = at == to;
    Ok(walk)
}
