//! The overlay's coarse layer: the followed monster's faction's coarse
//! graph (see `fogcrawl_core::ai::coarse`) over the true level, its
//! clusters' edges and their entrances, and the member's coarse path (the
//! entrances it plans to pass) with the stretch refined into cells.
//!
//! Reads the faction's graph as last brought up to date; never builds or
//! repairs it (a faction that has planned nothing far has none yet).

use crate::ai::brain::Brain;
use crate::ai::faction::Faction;
use crate::ui::overlay::{GOAL_GLYPH, RAW_PATH_GLYPH};
use crate::ui::theme::OverlayMark;
use gridpath::Pos;

/// A cell on a cluster's top or left edge.
pub const CLUSTER_EDGE_GLYPH: char = '·';
/// An entrance: a node of the coarse graph on a cluster border.
pub const ENTRANCE_GLYPH: char = '◇';
/// An entrance the followed member's coarse path passes.
pub const WAYPOINT_GLYPH: char = '◆';

/// The coarse layer's mark for `pos`, if it needs one: an entrance
/// (`entrances` holds those in view), else a cluster edge.
pub fn coarse_mark(faction: &Faction, entrances: &[Pos], pos: Pos) -> Option<(char, OverlayMark)> {
    let hierarchy = faction.coarse().hierarchy()?;
    if entrances
        .binary_search_by_key(&(pos.y, pos.x), |p| (p.y, p.x))
        .is_ok()
    {
        return Some((ENTRANCE_GLYPH, OverlayMark::Open));
    }
    let (corner, _, _) = hierarchy.cluster_bounds(hierarchy.cluster_of(pos)?);
    (pos.x == corner.x || pos.y == corner.y).then_some((CLUSTER_EDGE_GLYPH, OverlayMark::Closed(0)))
}

/// The entrances of the faction's coarse graph within the rectangle from
/// `top_left` of `width` x `height` cells, sorted by row then column.
pub fn entrances_in(faction: &Faction, top_left: Pos, width: i32, height: i32) -> Vec<Pos> {
    let Some(hierarchy) = faction.coarse().hierarchy() else {
        return Vec::new();
    };
    let inside = |p: &Pos| {
        p.x >= top_left.x
            && p.y >= top_left.y
            && p.x < top_left.x + width
            && p.y < top_left.y + height
    };
    let mut cells: Vec<Pos> = hierarchy.nodes().filter(inside).collect();
    cells.sort_unstable_by_key(|p| (p.y, p.x));
    cells.dedup();
    cells
}

/// The member's coarse path: the refined stretch it walks, then the
/// entrances it passes after it and the goal. Nothing for a plan searched
/// cell by cell.
pub fn route_marks(brain: &Brain) -> Vec<(Pos, char, OverlayMark)> {
    let Some(&goal) = brain.coarse_route.last() else {
        return Vec::new();
    };
    let mut marks: Vec<(Pos, char, OverlayMark)> = brain
        .raw_plan
        .iter()
        .map(|&cell| (cell, RAW_PATH_GLYPH, OverlayMark::RawPath))
        .collect();
    marks.extend(
        brain.coarse_route[1..brain.coarse_route.len() - 1]
            .iter()
            .map(|&cell| (cell, WAYPOINT_GLYPH, OverlayMark::SmoothPath)),
    );
    marks.push((goal, GOAL_GLYPH, OverlayMark::Endpoint));
    marks
}

/// What the layer's panel says of the graph: its size and what keeping it
/// current has cost, or that the faction has built none yet.
pub fn summary(faction: &Faction) -> String {
    let coarse = faction.coarse();
    match coarse.hierarchy() {
        None => "no coarse graph yet: built with the faction's planning grid".to_owned(),
        Some(h) => format!(
            "{} clusters of {}x{}, {} entrances; {} coarse plans, {} clusters re-priced",
            h.cluster_count(),
            h.cluster_size(),
            h.cluster_size(),
            h.node_count(),
            coarse.searches,
            coarse.repriced
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ai::knowledge::FactionKnowledge;
    use crate::config::MonsterConfig;
    use crate::world::level;

    #[test]
    fn edges_and_entrances_are_marked_once_the_graph_is_built() {
        let config = MonsterConfig::shipped().unwrap();
        let goblins = config.faction("goblins").unwrap().clone();
        let rows = format!("@{}", vec![".".repeat(40); 20].join("\n")[1..].to_owned());
        let level = level::text::parse(&rows).unwrap();
        let mut faction = Faction::new(goblins.clone(), FactionKnowledge::omniscient(&level));
        faction.rebuild(goblins).unwrap();
        // A faction builds its graph with its planning grid.
        assert!(faction.coarse().hierarchy().is_some());
        let entrances = entrances_in(&faction, Pos::new(0, 0), 40, 20);
        assert!(!entrances.is_empty());
        assert!(
            entrances
                .iter()
                .all(|p| p.x % 16 == 0 || p.x % 16 == 15 || p.y % 16 == 0 || p.y % 16 == 15)
        );
        assert_eq!(
            coarse_mark(&faction, &entrances, entrances[0]),
            Some((ENTRANCE_GLYPH, OverlayMark::Open))
        );
        let edge = Pos::new(16, 3);
        let expected = if entrances.contains(&edge) {
            ENTRANCE_GLYPH
        } else {
            CLUSTER_EDGE_GLYPH
        };
        assert_eq!(
            coarse_mark(&faction, &entrances, edge).map(|m| m.0),
            Some(expected)
        );
        assert_eq!(coarse_mark(&faction, &entrances, Pos::new(5, 5)), None);
        assert!(summary(&faction).contains("clusters of 16x16"));
    }
}
