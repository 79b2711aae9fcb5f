//! The monster AI measured on shipped levels: fog of war against an
//! omniscient baseline.

use fogcrawl::ai::fog_walk::fog_walk;
use fogcrawl::config::MonsterConfig;
use fogcrawl::world::level_dir::load_level;

const STEP_LIMIT: u64 = 20_000;

#[test]
fn on_the_maze_an_optimistic_walker_searches_less_but_walks_more() {
    let level = load_level("maze", Some(1)).unwrap().level;
    let config = MonsterConfig::shipped().unwrap();
    // The undead assume unseen ground is open (and plan with a weighted
    // heuristic): under fog each search is cheaper, but they walk into dead
    // ends the omniscient walker never enters.
    let undead = config.faction("undead").unwrap();
    let fog = fog_walk(&level, undead, level.start, level.stairs, false, STEP_LIMIT).unwrap();
    let omniscient = fog_walk(&level, undead, level.start, level.stairs, true, STEP_LIMIT).unwrap();
    assert!(fog.arrived && omniscient.arrived);
    assert!(
        fog.expanded_per_search() < omniscient.expanded_per_search(),
        "fog {fog:?} vs omniscient {omniscient:?}"
    );
    assert!(
        fog.steps > omniscient.steps,
        "fog {fog:?} vs omniscient {omniscient:?}"
    );
    assert!(fog.discoveries > 0);
    assert_eq!(omniscient.discoveries, 0);
    assert_eq!(omniscient.searches, 1);
}

#[test]
fn every_optimistic_walker_walks_more_under_fog_on_the_maze() {
    let level = load_level("maze", Some(1)).unwrap().level;
    let config = MonsterConfig::shipped().unwrap();
    for name in ["goblins", "lizardfolk", "undead"] {
        let faction = config.faction(name).unwrap();
        let fog = fog_walk(
            &level,
            faction,
            level.start,
            level.stairs,
            false,
            STEP_LIMIT,
        )
        .unwrap();
        let omniscient =
            fog_walk(&level, faction, level.start, level.stairs, true, STEP_LIMIT).unwrap();
        assert!(fog.arrived, "{name}");
        assert!(
            fog.steps > omniscient.steps,
            "{name}: fog {fog:?} vs omniscient {omniscient:?}"
        );
    }
}
