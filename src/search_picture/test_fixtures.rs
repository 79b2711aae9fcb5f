//! The small traced searches the picture tests draw, kept once for all of them.

use fogcrawl_core::{CostProfile, Level, parse_level_text};

use super::layout::lay_out;
use super::palette::CostShading;
use super::scene::Scene;
use super::search_settings::SearchSettings;
use super::traced_search::TracedSearch;

/// Two rooms joined by a door in the wall between them; the stairs in the right one.
pub(super) const TWO_ROOMS: &str = "\
############
#@...#.....#
#....#.....#
#....+...>.#
#....#.....#
############
";

/// [`TWO_ROOMS`] as a level.
pub(super) fn two_rooms() -> Level {
    parse_level_text(TWO_ROOMS).expect("a valid fixture")
}

/// One search per settings from the start to the stairs of [`TWO_ROOMS`].
pub(super) fn two_rooms_searches(settings: &[SearchSettings]) -> Vec<TracedSearch> {
    let level = two_rooms();
    settings
        .iter()
        .map(|&s| {
            TracedSearch::run(
                &level,
                &CostProfile::default(),
                level.start,
                level.stairs,
                s,
            )
            .expect("start and stairs are walkable")
        })
        .collect()
}

/// The picture of [`two_rooms_searches`], headed `two rooms`.
pub(super) fn two_rooms_scene(settings: &[SearchSettings]) -> (Scene, Vec<TracedSearch>) {
    let searches = two_rooms_searches(settings);
    let shading = CostShading::for_level(&CostProfile::default(), &two_rooms());
    let scene = lay_out("two rooms", &two_rooms(), &shading, &searches);
    (scene, searches)
}
