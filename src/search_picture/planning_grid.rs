//! The grid a pictured search plans on: the whole level priced by a cost profile,
//! or, with fog, only what the planner has seen from the start. Cells visible
//! from the start within the sight radius (the project's field of view, so walls
//! and closed doors hide what is behind them) cost what their terrain costs;
//! every other cell is priced by the unknown-cell policy, as a faction prices
//! what it has never seen (`open`: as floor, `blocked`: impassable, or a cost).
//! The goal's own cell is always known: it is where the planner was told to go.
//!
//! Heuristics are scaled by the cheapest cell of the grid itself. A game grid
//! declares its traveller's cheapest terrain instead (road, 0.5), because cells
//! can change under it; a pictured grid never changes, so its own cheapest cell
//! keeps every heuristic admissible, and a map without roads (every Moving AI
//! map) is not searched with estimates cut in half, as `fogcrawl scen` searches
//! it too.
//!
//! It must never draw, and never search: it only builds the grid and remembers
//! which cells were seen, so the picture can fog the rest.

use fogcrawl_core::{CostProfile, Fov, Level, Terrain, UnknownCellPolicy, VisibleSet};
use gridpath::{Grid, GridError, Movement, Pos};

/// A search grid and what its planner had seen.
#[derive(Debug, Clone)]
pub struct PlanningGrid {
    pub grid: Grid,
    /// Row-major: whether the planner knew each cell. `None`: it knew them all.
    seen: Option<Vec<bool>>,
}

impl PlanningGrid {
    /// The whole level as a traveller with `profile` sees it.
    ///
    /// # Errors
    /// [`GridError`] for a level with no cells.
    pub fn whole_level(level: &Level, profile: &CostProfile) -> Result<Self, GridError> {
        let grid = Grid::from_fn(
            level.width(),
            level.height(),
            Movement::default(),
            |x, y| level.cost_at(Pos::new(x, y), profile),
        )?;
        Ok(Self { grid, seen: None })
    }

    /// The level as a planner standing at `start` knows it: what it sees within
    /// `sight_radius`, plus the `goal` cell; other cells priced by `unknown`.
    ///
    /// # Errors
    /// [`GridError`] for a level with no cells.
    pub fn through_fog(
        level: &Level,
        profile: &CostProfile,
        start: Pos,
        goal: Pos,
        sight_radius: u32,
        unknown: UnknownCellPolicy,
    ) -> Result<Self, GridError> {
        let mut visible = VisibleSet::new();
        Fov::new().compute_into(level, start, sight_radius, &mut visible);
        let seen: Vec<bool> = level
            .positions()
            .map(|pos| pos == goal || visible.contains(pos))
            .collect();
        let width = level.width();
        let unseen_cost = unseen_cell_cost(unknown, profile);
        let grid = Grid::from_fn(width, level.height(), Movement::default(), |x, y| {
            let known = level
                .index(Pos::new(x, y))
                .and_then(|i| seen.get(i).copied())
                .unwrap_or(false);
            if known {
                level.cost_at(Pos::new(x, y), profile)
            } else {
                unseen_cost
            }
        })?;
        Ok(Self {
            grid,
            seen: Some(seen),
        })
    }

    /// A grid priced elsewhere (the lab's drawing, say), with the cells its
    /// planner knew (row-major; `None`: all of them).
    #[must_use]
    pub fn from_grid(grid: Grid, seen: Option<Vec<bool>>) -> Self {
        Self { grid, seen }
    }

    /// Whether the planner knew the cell at `pos` (always, without fog).
    #[must_use]
    pub fn is_seen(&self, pos: Pos) -> bool {
        let Some(seen) = &self.seen else { return true };
        self.grid
            .shape()
            .index(pos)
            .and_then(|index| seen.get(index).copied())
            .unwrap_or(false)
    }

    /// Whether the search planned through fog.
    #[must_use]
    pub fn is_fogged(&self) -> bool {
        self.seen.is_some()
    }
}

/// What a cell nobody has seen costs under `policy` (`None`: impassable), as the
/// faction AI prices it: `open` is floor for this traveller.
fn unseen_cell_cost(policy: UnknownCellPolicy, profile: &CostProfile) -> Option<f64> {
    match policy {
        UnknownCellPolicy::Open => profile.cost(Terrain::Floor),
        UnknownCellPolicy::Blocked => None,
        UnknownCellPolicy::Cost(cost) => Some(cost),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use fogcrawl_core::parse_level_text;

    /// A room the planner stands in, a wall with a gap, and a swamp beyond it.
    const ROOM_AND_BEYOND: &str = "\
##########
#@...#%%%#
#....#%%%#
#.........
#....#%%>#
##########
";

    fn level() -> Level {
        parse_level_text(ROOM_AND_BEYOND).expect("valid fixture")
    }

    #[test]
    fn the_whole_level_is_priced_by_its_terrain() {
        let level = level();
        let planning = PlanningGrid::whole_level(&level, &CostProfile::default()).expect("a level");
        assert!(!planning.is_fogged());
        assert!(planning.is_seen(Pos::new(7, 1)));
        assert_eq!(planning.grid.cost(Pos::new(7, 1)), Some(4.0), "swamp");
        assert_eq!(planning.grid.cost(Pos::new(5, 1)), None, "wall");
        assert_eq!(
            planning.grid.min_cost(),
            1.0,
            "the map's cheapest, not road's"
        );
    }

    #[test]
    fn behind_the_wall_is_unseen_and_priced_by_the_policy() {
        let level = level();
        let profile = CostProfile::default();
        let (start, goal) = (level.start, level.stairs);
        let fog = |policy| {
            PlanningGrid::through_fog(&level, &profile, start, goal, 8, policy).expect("a level")
        };
        let behind = Pos::new(7, 1);
        let open = fog(UnknownCellPolicy::Open);
        assert!(open.is_fogged());
        assert!(open.is_seen(Pos::new(3, 2)), "inside the room");
        assert!(open.is_seen(Pos::new(5, 1)), "the room's wall is lit");
        assert!(!open.is_seen(behind), "behind the wall");
        assert!(open.is_seen(goal), "the goal is always known");
        assert_eq!(open.grid.cost(behind), Some(1.0), "open: priced as floor");
        assert_eq!(open.grid.cost(goal), Some(1.0), "the stairs, as they are");
        assert_eq!(fog(UnknownCellPolicy::Blocked).grid.cost(behind), None);
        assert_eq!(
            fog(UnknownCellPolicy::Cost(2.5)).grid.cost(behind),
            Some(2.5)
        );
        assert_eq!(
            fog(UnknownCellPolicy::Open).grid.cost(Pos::new(9, 4)),
            Some(1.0),
            "an unseen wall is open ground to an optimist"
        );
        assert_eq!(
            open.grid.min_cost(),
            1.0,
            "no road here: floor is the cheapest"
        );
        let cheap_unknown = fog(UnknownCellPolicy::Cost(0.25));
        assert_eq!(
            cheap_unknown.grid.min_cost(),
            0.25,
            "unseen cells count too"
        );
    }

    #[test]
    fn a_short_sight_sees_less() {
        let level = level();
        let near = PlanningGrid::through_fog(
            &level,
            &CostProfile::default(),
            level.start,
            level.stairs,
            1,
            UnknownCellPolicy::Blocked,
        )
        .expect("a level");
        assert!(near.is_seen(Pos::new(2, 2)));
        assert!(!near.is_seen(Pos::new(4, 3)), "beyond one cell");
        assert!(!near.is_seen(Pos::new(-1, 0)));
    }
}
