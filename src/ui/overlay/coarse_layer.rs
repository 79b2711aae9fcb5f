//! The overlay's coarse layer: the followed monster's faction's coarse
//! graph (see `fogcrawl_core`'s far strolls and far plans) over the true
//! level, its clusters' edges and their entrances, and the member's way:
//! its stroll (the way it walks and where it ends, one step past an
//! entrance), or a far goal's coarse plan (the refined stretch it walks,
//! then the coarse path's waypoints to the goal).
//!
//! The entrances are read off the faction's planning grid for the clusters
//! in view (`gridpath::cluster_exits`), as the strolls read them: nothing
//! is built or kept for the overlay.

use fogcrawl_core::{Brain, CLUSTER_SIZE, Faction, Mode};
use gridpath::{Pos, cluster_exits};

use crate::ui::overlay::{GOAL_GLYPH, RAW_PATH_GLYPH};
use crate::ui::theme::OverlayMark;

/// A cell on a cluster's top or left edge.
pub(crate) const CLUSTER_EDGE_GLYPH: char = '·';
/// An entrance: a node of the coarse graph on a cluster border.
pub(crate) const ENTRANCE_GLYPH: char = '◇';
/// A waypoint of the followed member's coarse path, past the stretch it
/// has refined.
pub(crate) const WAYPOINT_GLYPH: char = '◈';
/// A cell on the straight line between two waypoints of its coarse path
/// (the way is refined there only when it gets there).
pub(crate) const COARSE_STEP_GLYPH: char = '∘';

/// The side of a cluster, as a cell coordinate.
const SIDE: i32 = CLUSTER_SIZE as i32;

/// The coarse layer's mark for `pos`, if it needs one: an entrance
/// (`entrances` holds those in view), else a cluster edge.
pub(crate) fn coarse_mark(entrances: &[Pos], pos: Pos) -> Option<(char, OverlayMark)> {
    if entrances
        .binary_search_by_key(&(pos.y, pos.x), |p| (p.y, p.x))
        .is_ok()
    {
        return Some((ENTRANCE_GLYPH, OverlayMark::Open));
    }
    (pos.x % SIDE == 0 || pos.y % SIDE == 0).then_some((CLUSTER_EDGE_GLYPH, OverlayMark::Closed(0)))
}

/// The entrances of the faction's coarse graph within the rectangle from
/// `top_left` of `width` x `height` cells, sorted by row then column: both
/// cells of every transition on the borders of the clusters in view.
pub(crate) fn entrances_in(faction: &Faction, top_left: Pos, width: i32, height: i32) -> Vec<Pos> {
    let Some(grid) = faction.grid() else {
        return Vec::new();
    };
    let inside = |p: &Pos| {
        p.x >= top_left.x
            && p.y >= top_left.y
            && p.x < top_left.x + width
            && p.y < top_left.y + height
    };
    let first = |c: i32| c.max(0) / SIDE;
    let mut exits = Vec::new();
    for cy in first(top_left.y)..=first(top_left.y + height) {
        for cx in first(top_left.x)..=first(top_left.x + width) {
            let corner = Pos::new(cx * SIDE, cy * SIDE);
            // Right and below: every border in view once.
            for side in [1, 3] {
                cluster_exits(grid, CLUSTER_SIZE, corner, side, &mut exits);
            }
        }
    }
    let mut cells: Vec<Pos> = exits
        .into_iter()
        .flat_map(|(a, b)| [a, b])
        .filter(inside)
        .collect();
    cells.sort_unstable_by_key(|p| (p.y, p.x));
    cells.dedup();
    cells
}

/// The member's way: a far goal's coarse plan (see [`coarse_plan_marks`]),
/// or its stroll if it is wandering with a way to walk (the cells still
/// to walk, and where it ends).
pub(crate) fn route_marks(brain: &Brain) -> Vec<(Pos, char, OverlayMark)> {
    if brain.coarse_clusters().is_some() {
        return coarse_plan_marks(brain);
    }
    let (Mode::Wander, Some(&end)) = (brain.mode, brain.raw_plan.last()) else {
        return Vec::new();
    };
    let mut marks: Vec<(Pos, char, OverlayMark)> = brain
        .raw_plan
        .iter()
        .map(|&cell| (cell, RAW_PATH_GLYPH, OverlayMark::RawPath))
        .collect();
    marks.push((end, GOAL_GLYPH, OverlayMark::Endpoint));
    marks
}

/// A far goal's coarse plan: the refined stretch still to walk, each
/// waypoint of the coarse path beyond it with the straight line from the
/// one before (the way between is refined only when the member gets
/// there), and the goal.
fn coarse_plan_marks(brain: &Brain) -> Vec<(Pos, char, OverlayMark)> {
    let mut marks: Vec<(Pos, char, OverlayMark)> = brain
        .raw_plan
        .iter()
        .map(|&cell| (cell, RAW_PATH_GLYPH, OverlayMark::RawPath))
        .collect();
    let mut from = brain.raw_plan.last().copied();
    for &waypoint in &brain.coarse_route {
        if let Some(from) = from {
            marks.extend(
                between(from, waypoint).map(|cell| (cell, COARSE_STEP_GLYPH, OverlayMark::RawPath)),
            );
        }
        marks.push((waypoint, WAYPOINT_GLYPH, OverlayMark::Endpoint));
        from = Some(waypoint);
    }
    if let Some(&goal) = brain.coarse_route.last() {
        marks.push((goal, GOAL_GLYPH, OverlayMark::Endpoint));
    }
    marks
}

/// The cells strictly between `a` and `b` on the straight line joining
/// them (rounded to the nearest cell).
fn between(a: Pos, b: Pos) -> impl Iterator<Item = Pos> {
    let steps = (b.x - a.x).abs().max((b.y - a.y).abs());
    (1..steps).map(move |i| {
        let t = f64::from(i) / f64::from(steps);
        let along =
            |from: i32, to: i32| (f64::from(from) + t * f64::from(to - from)).round() as i32;
        Pos::new(along(a.x, b.x), along(a.y, b.y))
    })
}

/// What the layer's panel says of the graph (one line of the panel): the
/// faction's far strolls on it (and those on a straight line, when it
/// gave none), and the far goals it planned on it coarse first.
pub(crate) fn summary(faction: &Faction) -> String {
    let (strolls, lines) = faction.far_strolls();
    let far = faction.counters().coarse_plans;
    format!("far: {strolls} strolls ({lines} lines), {far} plans")
}

#[cfg(test)]
mod tests {
    use super::*;
    use fogcrawl_core::{Game, GameSetup, MonsterConfig};

    #[test]
    fn edges_and_entrances_are_marked_from_the_planning_grid() {
        // A faction that knows the rooms level (the core makes factions
        // only for a game).
        let config = MonsterConfig::shipped().unwrap();
        let mut setup = GameSetup::new(Some("levels/rooms.toml"), 2, config);
        setup.omniscient = true;
        let game = Game::new(&setup).unwrap();
        let faction = &game.factions()[0];
        let entrances = entrances_in(faction, Pos::new(0, 0), 40, 20);
        assert!(!entrances.is_empty());
        assert!(
            entrances
                .iter()
                .all(|p| p.x % 16 == 0 || p.x % 16 == 15 || p.y % 16 == 0 || p.y % 16 == 15)
        );
        assert_eq!(
            coarse_mark(&entrances, entrances[0]),
            Some((ENTRANCE_GLYPH, OverlayMark::Open))
        );
        let edge = Pos::new(16, 3);
        let expected = if entrances.contains(&edge) {
            ENTRANCE_GLYPH
        } else {
            CLUSTER_EDGE_GLYPH
        };
        assert_eq!(coarse_mark(&entrances, edge).map(|m| m.0), Some(expected));
        assert_eq!(coarse_mark(&entrances, Pos::new(5, 5)), None);
        assert_eq!(summary(faction), "far: 0 strolls (0 lines), 0 plans");
    }

    #[test]
    fn a_coarse_plan_is_marked_stretch_then_waypoints_then_goal() {
        let cell = |x, y| Pos::new(x, y);
        let stretch = vec![cell(1, 1), cell(2, 1)];
        let mut brain = Brain {
            mode: Mode::Hunt,
            raw_plan: stretch.clone(),
            plan: stretch,
            coarse_route: vec![cell(6, 1), cell(6, 4)],
            plan_goal: Some(cell(6, 4)),
            ..Brain::default()
        };
        let marks = route_marks(&brain);
        let glyph_at = |pos: Pos| {
            marks
                .iter()
                .rev()
                .find(|(p, _, _)| *p == pos)
                .map(|&(_, glyph, _)| glyph)
        };
        assert_eq!(glyph_at(cell(2, 1)), Some(RAW_PATH_GLYPH));
        assert_eq!(glyph_at(cell(4, 1)), Some(COARSE_STEP_GLYPH));
        assert_eq!(glyph_at(cell(6, 1)), Some(WAYPOINT_GLYPH));
        assert_eq!(glyph_at(cell(6, 3)), Some(COARSE_STEP_GLYPH));
        assert_eq!(glyph_at(cell(6, 4)), Some(GOAL_GLYPH));
        // A plan toward another goal than the route's: not coarse.
        brain.plan_goal = Some(cell(9, 9));
        assert!(route_marks(&brain).is_empty());
    }
}
