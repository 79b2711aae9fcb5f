//! Cost profiles: how long each terrain takes to enter for one kind of traveller.
//!
//! A profile starts from the terrain table's base costs and overrides some of them
//! (a swimmer crosses water cheaply, a ghost ignores mud). It must never know about
//! factions, monsters or config files: it is only a resolved per-terrain cost table.

use thiserror::Error;

use super::Terrain;

/// Resolved movement costs for every terrain; `None` means impassable.
#[derive(Debug, Clone, PartialEq)]
pub struct CostProfile {
    costs: [Option<f64>; Terrain::COUNT],
}

/// A rejected cost override.
#[derive(Debug, Clone, PartialEq, Error)]
#[error("cost for {terrain} must be a finite number greater than 0, got {cost}")]
pub struct InvalidCost {
    /// The terrain whose cost was being set.
    pub terrain: Terrain,
    /// The rejected value.
    pub cost: f64,
}

impl Default for CostProfile {
    /// The terrain table's base costs.
    fn default() -> Self {
        Self {
            costs: Terrain::ALL.map(Terrain::base_cost),
        }
    }
}

impl CostProfile {
    /// Time to enter `terrain`; `None` if this traveller cannot enter it.
    #[must_use]
    #[inline]
    pub fn cost(&self, terrain: Terrain) -> Option<f64> {
        self.costs[terrain.index()]
    }

    /// Whether this traveller can enter `terrain`.
    #[must_use]
    #[inline]
    pub fn is_passable(&self, terrain: Terrain) -> bool {
        self.costs[terrain.index()].is_some()
    }

    /// Overrides the cost of `terrain`: `Some(cost)` (finite, > 0) or `None` for impassable.
    ///
    /// # Errors
    /// `InvalidCost` if the cost is not finite or not greater than zero.
    pub(crate) fn set_cost(
        &mut self,
        terrain: Terrain,
        cost: Option<f64>,
    ) -> Result<(), InvalidCost> {
        if let Some(value) = cost
            && !(value.is_finite() && value > 0.0)
        {
            return Err(InvalidCost {
                terrain,
                cost: value,
            });
        }
        self.costs[terrain.index()] = cost;
        Ok(())
    }

    /// Builder form of `CostProfile::set_cost`.
    ///
    /// # Errors
    /// `InvalidCost` if the cost is not finite or not greater than zero.
    pub fn with_cost(mut self, terrain: Terrain, cost: Option<f64>) -> Result<Self, InvalidCost> {
        self.set_cost(terrain, cost)?;
        Ok(self)
    }

    /// The cheapest cost over passable terrains, used to keep A* heuristics admissible
    /// (a heuristic counting steps must be multiplied by it). `None` if nothing is passable.
    #[must_use]
    pub(crate) fn min_cost(&self) -> Option<f64> {
        self.costs.iter().flatten().copied().reduce(f64::min)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn default_profile_uses_the_table() {
        let profile = CostProfile::default();
        for t in Terrain::ALL {
            assert_eq!(profile.cost(t), t.base_cost());
        }
        assert_eq!(profile.min_cost(), Some(0.5));
    }

    #[test]
    fn a_swimmer_crosses_deep_water() {
        let swimmer = CostProfile::default()
            .with_cost(Terrain::DeepWater, Some(1.5))
            .and_then(|p| p.with_cost(Terrain::ShallowWater, Some(0.25)))
            .expect("valid costs");
        assert_eq!(swimmer.cost(Terrain::DeepWater), Some(1.5));
        assert!(swimmer.is_passable(Terrain::DeepWater));
        assert_eq!(swimmer.min_cost(), Some(0.25));
    }

    #[test]
    fn bad_costs_are_rejected() {
        let mut profile = CostProfile::default();
        for bad in [0.0, -1.0, f64::NAN, f64::INFINITY] {
            assert!(profile.set_cost(Terrain::Floor, Some(bad)).is_err());
        }
        assert_eq!(profile.cost(Terrain::Floor), Some(1.0));
        let err = profile.set_cost(Terrain::Mud, Some(-2.0)).unwrap_err();
        assert_eq!(
            err.to_string(),
            "cost for mud must be a finite number greater than 0, got -2"
        );
    }

    #[test]
    fn nothing_passable_has_no_min_cost() {
        let mut profile = CostProfile::default();
        for t in Terrain::ALL {
            profile.set_cost(t, None).expect("None is always valid");
        }
        assert_eq!(profile.min_cost(), None);
    }
}
