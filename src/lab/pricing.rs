//! What the searcher pays for each cell of a drawing, priced as the game's
//! planner prices a faction's view (`ai::cost_view`): the believed
//! terrain's cost (a cell painted unknown priced by the unknown-cell
//! policy) plus the painted danger and crowding, weighed as the monster
//! config weighs them by default, in steps of the planner's penalty step.
//! The lab builds a `FactionKnowledge` and asks the game's `CostRules`, so
//! the numbers are the game's own.

use gridpath::{Grid, GridError, Pos};

use fogcrawl_core::{
    CostProfile, CostRules, FactionKnowledge, InfluenceLayer, Terrain, UnknownCellPolicy,
};

use super::drawing::Drawing;
use super::setup::SearchSetup;

/// The rules the searcher prices cells by: the default traveller's terrain
/// costs, the setup's unknown-cell policy, and the config's default danger
/// and crowding weights (0 when influence is off).
pub(crate) fn cost_rules(setup: &SearchSetup) -> CostRules {
    let weights = if setup.influence {
        [
            InfluenceLayer::DEFAULT_DANGER.weight,
            InfluenceLayer::DEFAULT_CROWDING.weight,
            0.0,
        ]
    } else {
        [0.0; 3]
    };
    CostRules {
        profile: CostProfile::default(),
        unknown: setup.unknown.unwrap_or(UnknownCellPolicy::Open),
        weights,
    }
}

/// What the searcher believes: every cell as it is, except those painted
/// unknown (unless the setup plans on the truth).
pub(crate) fn knowledge(drawing: &Drawing, setup: &SearchSetup) -> FactionKnowledge {
    let level = drawing.level();
    if setup.unknown.is_none() || !drawing.has_fog() {
        return FactionKnowledge::omniscient(level);
    }
    let mut knowledge = FactionKnowledge::new(level.width(), level.height());
    for pos in level.positions() {
        if !drawing.is_fogged(pos)
            && let Some(terrain) = level.terrain_at(pos)
        {
            knowledge.observe(pos, terrain, 0.0);
        }
    }
    knowledge
}

/// The planning grid and the beliefs it was priced from.
pub struct Priced {
    pub grid: Grid,
    pub knowledge: FactionKnowledge,
    pub rules: CostRules,
}

impl Priced {
    /// The terrain the searcher believed at `pos` (`None`: unknown).
    pub(crate) fn belief(&self, pos: Pos) -> Option<Terrain> {
        self.knowledge.belief(pos)
    }

    /// The terrain part of `pos`'s price.
    pub(crate) fn terrain_cost(&self, pos: Pos) -> Option<f64> {
        self.rules.terrain_cost(self.belief(pos))
    }
}

/// Prices every cell of `drawing` for `setup`.
///
/// # Errors
/// [`GridError`] if the drawing has no cells.
pub(crate) fn price(drawing: &Drawing, setup: &SearchSetup) -> Result<Priced, GridError> {
    let rules = cost_rules(setup);
    let knowledge = knowledge(drawing, setup);
    let influences = drawing.influences();
    let grid = Grid::from_fn(
        drawing.width(),
        drawing.height(),
        setup.movement(),
        |x, y| rules.cost(&knowledge, influences, Pos::new(x, y)),
    )?;
    Ok(Priced {
        grid,
        knowledge,
        rules,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lab::drawing::Brush;

    #[test]
    fn fog_is_priced_by_the_policy_and_danger_adds_its_weight() {
        let mut drawing = Drawing::empty(10, 5);
        let fogged = Pos::new(5, 0);
        drawing.paint(fogged, Brush::Terrain(Terrain::Wall));
        drawing.paint(fogged, Brush::Fog);
        let mut setup = SearchSetup::default();
        let open = price(&drawing, &setup).unwrap();
        assert_eq!(open.grid.cost(fogged), Some(1.0), "believed floor");
        setup.unknown = Some(UnknownCellPolicy::Blocked);
        assert_eq!(price(&drawing, &setup).unwrap().grid.cost(fogged), None);
        setup.unknown = None;
        assert_eq!(
            price(&drawing, &setup).unwrap().grid.cost(fogged),
            None,
            "the truth: a wall"
        );

        let danger = Pos::new(2, 4);
        drawing.paint(danger, Brush::Danger);
        let priced = price(&drawing, &setup).unwrap();
        let cost = priced.grid.cost(danger).unwrap();
        assert_eq!(cost, 1.0 + InfluenceLayer::DEFAULT_DANGER.weight);
        setup.influence = false;
        assert_eq!(
            price(&drawing, &setup).unwrap().grid.cost(danger),
            Some(1.0)
        );
    }
}
