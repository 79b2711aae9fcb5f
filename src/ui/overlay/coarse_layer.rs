//! The overlay's coarse layer: the followed monster's faction's coarse
//! graph (see `fogcrawl_core`'s far strolls) over the true level, its
//! clusters' edges and their entrances, and the member's stroll (the way
//! it walks and where it ends, one step past an entrance).
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

/// The member's stroll, if it is wandering with a way to walk: the cells
/// still to walk, and where it ends.
pub(crate) fn route_marks(brain: &Brain) -> Vec<(Pos, char, OverlayMark)> {
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

/// What the layer's panel says of the graph: its clusters and how the
/// faction's far strolls went.
pub(crate) fn summary(faction: &Faction) -> String {
    let (strolls, lines) = faction.far_strolls();
    format!(
        "clusters of {CLUSTER_SIZE}x{CLUSTER_SIZE}; {strolls} far strolls on the graph, {lines} on a straight line"
    )
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
        assert!(summary(faction).contains("clusters of 16x16"));
    }
}
