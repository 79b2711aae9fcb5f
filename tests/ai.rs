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
    assert!(fog.wrong_guesses > 0);
    assert_eq!(omniscient.wrong_guesses, 0);
    // Walking into dead ends costs real game time, not only steps.
    assert!(
        fog.time > omniscient.time,
        "fog {fog:?} vs omniscient {omniscient:?}"
    );
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

/// Whether a path crosses the pass: the one-cell-high gap through the ridge
/// (row 9, columns 26 to 33 of `levels/pass.toml`).
fn crosses_the_pass(path: &[fogcrawl::pathfinding::Pos]) -> bool {
    path.iter().any(|p| p.y == 9 && (26..=33).contains(&p.x))
}

#[test]
fn on_the_pass_deaths_at_the_chokepoint_send_the_faction_round_until_the_danger_fades() {
    use fogcrawl::ai::faction::{DEATH_DANGER, Faction};
    use fogcrawl::ai::knowledge::FactionKnowledge;
    use fogcrawl::pathfinding::{AStar, Pos};

    let level = load_level("pass", Some(1)).unwrap().level;
    let config = MonsterConfig::shipped().unwrap();
    let goblins = config.faction("goblins").unwrap().clone();
    let mut faction = Faction::new(goblins.clone(), FactionKnowledge::omniscient(&level));
    faction.rebuild(goblins).unwrap();
    let (west, east) = (Pos::new(10, 9), Pos::new(50, 9));
    let mut astar = AStar::new();
    let options = faction.search_options();
    let mut plan = |faction: &mut Faction| {
        faction.sync_view();
        let grid = faction.grid().unwrap();
        astar
            .find_path(grid, west, east, &options)
            .unwrap()
            .unwrap()
    };

    let calm = plan(&mut faction);
    assert!(
        crosses_the_pass(&calm.cells),
        "with no danger the pass is the way"
    );

    // Goblins die all along the gap.
    for x in (26..=33).step_by(2) {
        for _ in 0..3 {
            faction.mark_danger(Pos::new(x, 9), DEATH_DANGER);
        }
    }
    let wary = plan(&mut faction);
    assert!(
        !crosses_the_pass(&wary.cells),
        "the tunnel detour is now cheaper than the danger"
    );
    // The detour is longer than the pass but cheaper than pass + penalty.
    assert!(
        wary.cells.len() > calm.cells.len() + 10,
        "{} vs {}",
        wary.cells.len(),
        calm.cells.len()
    );

    // Time passes and the danger fades: back through the pass.
    faction.decay_influences(400.0);
    let forgotten = plan(&mut faction);
    assert!(
        crosses_the_pass(&forgotten.cells),
        "once the danger decays the pass is taken again"
    );
    assert_eq!(forgotten.cells, calm.cells);
}
