//! Level files end to end: every shipped level parses and builds, every kind of bad
//! file is rejected with a message that says where and what to fix, generated maps
//! match committed golden snapshots, and the hand-drawn levels make their point.

use std::path::{Path, PathBuf};

use fogcrawl_core::{
    CostProfile, GeneratorKind, Level, LevelError, LevelFile, LevelSource, Pos, Recipe, UNREACHED,
    generate_level as generate, level_names, reachable, render_level_text, resolve_level,
    run_order, standard_run_order, step_distances,
};

fn levels_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("levels")
}

fn shipped(name: &str) -> Level {
    let file = LevelFile::load(&levels_dir().join(format!("{name}.toml"))).expect("shipped level");
    file.build(file.choose_seed(Some(1)))
}

/// Steps (4-connected) from the level's start to `to`; [`UNREACHED`] if none or off the grid.
fn steps_from_start(level: &Level, to: Pos) -> u32 {
    let distances = step_distances(level, level.start);
    level.index(to).map_or(UNREACHED, |i| distances[i])
}

fn fixture_error(name: &str) -> String {
    let path = PathBuf::from(format!("tests/fixtures/levels/{name}.toml"));
    match LevelFile::load(&path) {
        Ok(_) => panic!("{name} should be rejected"),
        Err(err) => err.to_string(),
    }
}

#[test]
fn every_shipped_level_parses_and_builds() {
    let names = level_names(&levels_dir());
    assert!(names.len() >= 6, "only {names:?}");
    for name in &names {
        let path = levels_dir().join(format!("{name}.toml"));
        let file = LevelFile::load(&path).unwrap_or_else(|e| panic!("{e}"));
        assert!(!file.description.is_empty(), "{name} has no description");
        assert!(
            !file.description.contains('\n'),
            "{name}: description must be one line"
        );
        let level = file.build(file.choose_seed(Some(3)));
        let reach = reachable(&level, level.start);
        let reached = |pos: Pos| level.index(pos).is_some_and(|i| reach[i]);
        assert!(reached(level.stairs), "{name}: stairs unreachable");
        for cells in level.spawns.values() {
            assert!(cells.iter().all(|&p| reached(p)), "{name}: spawn sealed");
        }
    }
}

#[test]
fn the_run_order_names_shipped_levels() {
    let order = run_order(&levels_dir()).expect("run.toml");
    assert!(order.len() >= 6);
    assert_eq!(standard_run_order().expect("the run order"), order);
    for name in order {
        resolve_level(&name).unwrap_or_else(|e| panic!("{e}"));
    }
}

#[test]
fn level_arguments_resolve_by_name_or_path() {
    let by_name = resolve_level("swamp").expect("swamp by name");
    assert!(by_name.path().ends_with("levels/swamp.toml"));
    let path = "tests/fixtures/levels/no_start.toml";
    assert_eq!(
        resolve_level(path).expect("by path").path(),
        PathBuf::from(path)
    );
    let err = resolve_level("atlantis")
        .expect_err("no such level")
        .to_string();
    assert!(
        err.starts_with("no level `atlantis`: it is not a file and not in levels"),
        "{err}"
    );
    assert!(
        err.contains("one of: caves, colossus, horde, maze, pass, river, rooms, swamp, warrens"),
        "{err}"
    );
}

#[test]
fn a_fixed_seed_is_used_unless_overridden() {
    let file = LevelFile::load(&levels_dir().join("caves.toml")).expect("caves");
    assert_eq!(file.choose_seed(None), 20_261_103);
    assert_eq!(file.choose_seed(Some(5)), 5);
    assert_eq!(file.build(9), file.build(9));
    assert_ne!(file.build(9), file.build(10));
    let layout = LevelFile::load(&levels_dir().join("maze.toml")).expect("maze");
    assert!(matches!(layout.source, LevelSource::Layout(_)));
    assert_eq!(layout.build(1), layout.build(2));
}

#[test]
fn unknown_keys_are_rejected_by_name() {
    assert_eq!(
        fixture_error("unknown_key"),
        "tests/fixtures/levels/unknown_key.toml:7:1: generator.colour: unknown key; accepted \
         values: kind, width, height, seed, rooms, caves, paint, spawns, items"
    );
}

#[test]
fn unknown_generator_kinds_list_the_accepted_ones() {
    assert_eq!(
        fixture_error("bad_kind"),
        "tests/fixtures/levels/bad_kind.toml:4:8: generator.kind: unknown value \"dungeon\"; \
         accepted values: rooms, caves, mix"
    );
}

#[test]
fn out_of_range_values_name_the_field_and_range() {
    assert_eq!(
        fixture_error("out_of_range"),
        "tests/fixtures/levels/out_of_range.toml:9:9: generator.paint.swamp: 1.5 is out of range; \
         accepted values: 0.0 to 1.0"
    );
    assert_eq!(
        fixture_error("too_small"),
        "tests/fixtures/levels/too_small.toml:5:9: generator.width: 8 is out of range; \
         accepted values: 16 to 1024"
    );
}

#[test]
fn a_file_must_be_a_recipe_or_a_layout() {
    assert_eq!(
        fixture_error("neither"),
        "tests/fixtures/levels/neither.toml:1:1: generator/layout: both are missing; \
         accepted values: exactly one of a [generator] table or a [layout] table"
    );
}

#[test]
fn a_short_row_names_its_line() {
    assert_eq!(
        fixture_error("row_length"),
        "tests/fixtures/levels/row_length.toml:7:1: layout.map: row 3 is 6 characters wide; \
         accepted values: rows of exactly 7 characters (the first row's width)"
    );
}

#[test]
fn an_unknown_character_names_its_line_and_column() {
    let err = fixture_error("unknown_char");
    assert!(
        err.starts_with(
            "tests/fixtures/levels/unknown_char.toml:6:4: layout.map: unknown character `$`; \
             accepted values: `!` `\"` `#` `%` `&` `'` `(` `*` `+` `,` `-` `.` `/` `:` `=` `>` `?` `@` `W` `[` `]` `^` `|` `~`"
        ),
        "{err}"
    );
}

#[test]
fn a_bad_legend_value_lists_the_accepted_forms() {
    let err = fixture_error("bad_legend");
    assert!(
        err.starts_with(
            "tests/fixtures/levels/bad_legend.toml:11:7: layout.legend.\"L\": unknown value \
             \"lava\"; accepted values: a terrain (wall, floor, road,"
        ),
        "{err}"
    );
}

#[test]
fn a_layout_needs_a_start_and_stairs() {
    assert_eq!(
        fixture_error("no_start"),
        "tests/fixtures/levels/no_start.toml:4:7: layout.map: no start; accepted values: \
         exactly one `@` cell, or a legend character whose value is \"start\""
    );
    assert_eq!(
        fixture_error("no_stairs"),
        "tests/fixtures/levels/no_stairs.toml:4:7: layout.map: no stairs; accepted values: \
         exactly one `>` cell, or a legend character whose value is \"stairs\""
    );
}

#[test]
fn unreachable_stairs_and_sealed_spawns_are_rejected() {
    assert_eq!(
        fixture_error("stairs_unreachable"),
        "tests/fixtures/levels/stairs_unreachable.toml:6:7: layout.map: stairs cannot be \
         reached from the start; accepted values: stairs joined to the start by walkable cells \
         (not wall or deep_water)"
    );
    assert_eq!(
        fixture_error("spawn_sealed"),
        "tests/fixtures/levels/spawn_sealed.toml:8:2: layout.map: spawn of `goblins` is sealed \
         in (not reachable from the start); accepted values: spawns joined to the start by \
         walkable cells"
    );
}

#[test]
fn a_missing_file_is_named() {
    let err = LevelFile::load(Path::new("tests/fixtures/levels/nope.toml")).expect_err("missing");
    assert!(matches!(err, LevelError::Io { .. }));
    assert!(
        err.to_string()
            .starts_with("tests/fixtures/levels/nope.toml: cannot read")
    );
}

#[test]
fn generated_maps_match_their_golden_snapshots() {
    for kind in [
        GeneratorKind::Rooms,
        GeneratorKind::Caves,
        GeneratorKind::Mix,
    ] {
        for seed in [1, 2] {
            let mut recipe = Recipe::new(kind, 60, 24);
            recipe.spawns.insert("goblins".into(), 4);
            let text = render_level_text(&generate(&recipe, seed));
            insta::assert_snapshot!(format!("generated_{}_seed_{seed}", kind.name()), text);
        }
    }
}

#[test]
fn shipped_generated_levels_match_their_golden_snapshots() {
    for name in ["rooms", "caves"] {
        insta::assert_snapshot!(
            format!("shipped_{name}_seed_1"),
            render_level_text(&shipped(name))
        );
    }
}

/// Dijkstra over 4-connected moves with exact costs (every terrain cost is a multiple
/// of 1/4, so quarter units are integers). Returns (cost in quarters, steps).
fn cheapest(level: &Level, profile: &CostProfile, from: Pos, to: Pos) -> Option<(u64, Vec<Pos>)> {
    let quarters = |p: &Pos| level.cost_at(*p, profile).map(|c| (c * 4.0).round() as u64);
    let successors = |p: &Pos| {
        let mut next = Vec::new();
        for (dx, dy) in [(1, 0), (-1, 0), (0, 1), (0, -1)] {
            let n = Pos::new(p.x + dx, p.y + dy);
            if let Some(c) = quarters(&n) {
                next.push((n, c));
            }
        }
        next
    };
    pathfinding::prelude::dijkstra(&from, successors, |p| *p == to).map(|(path, cost)| (cost, path))
}

#[test]
fn in_the_swamp_the_cheapest_way_is_the_long_way() {
    let level = shipped("swamp");
    let profile = CostProfile::default();
    let (cost, path) = cheapest(&level, &profile, level.start, level.stairs).expect("path");
    let steps = path.len() - 1;
    let shortest = steps_from_start(&level, level.stairs);
    assert!(
        2 * steps as u32 > 3 * shortest,
        "{steps} steps vs shortest {shortest}"
    );
    // The straight line crosses the swamp: more than twice the cost of the road around.
    let straight: u64 = (level.start.x + 1..=level.stairs.x)
        .filter_map(|x| level.cost_at(Pos::new(x, level.start.y), &profile))
        .map(|c| (c * 4.0) as u64)
        .sum();
    assert!(
        cost * 2 < straight,
        "road {cost} vs straight {straight} (quarters)"
    );
}

#[test]
fn the_pass_has_one_chokepoint_and_a_long_detour() {
    let mut level = shipped("pass");
    let through = steps_from_start(&level, level.stairs);
    // Wall up the middle of the pass: the stairs stay reachable, but far away.
    level.set(Pos::new(30, 9), fogcrawl_core::Terrain::Wall);
    let around = steps_from_start(&level, level.stairs);
    assert_ne!(around, UNREACHED);
    assert!(around > 2 * through, "detour {around} vs pass {through}");
}

#[test]
fn at_the_river_walkers_take_the_bridge_and_swimmers_the_water() {
    let level = shipped("river");
    let walker = CostProfile::default();
    let (_, path) = cheapest(&level, &walker, level.start, level.stairs).expect("walkable");
    let shortest = steps_from_start(&level, level.stairs);
    assert!(
        path.iter().any(|p| p.y == 2),
        "the cheapest walk should cross the bridge"
    );
    assert!(
        path.len() - 1 > shortest as usize,
        "the bridge is the long way round"
    );
    let swimmer = CostProfile::default()
        .with_cost(fogcrawl_core::Terrain::DeepWater, Some(0.5))
        .and_then(|p| p.with_cost(fogcrawl_core::Terrain::ShallowWater, Some(0.5)))
        .expect("valid costs");
    let mid_river = level
        .positions()
        .filter(|p| p.y == level.start.y)
        .find(|&p| level.terrain_at(p) == Some(fogcrawl_core::Terrain::DeepWater))
        .expect("the river crosses the start's row");
    assert!(cheapest(&level, &walker, level.start, mid_river).is_none());
    assert!(cheapest(&level, &swimmer, level.start, mid_river).is_some());
}

#[test]
fn the_maze_has_dead_ends() {
    let level = shipped("maze");
    // Off the grid counts as closed, so border cells need no special case.
    let open = |x: i32, y: i32| {
        level
            .terrain_at(Pos::new(x, y))
            .is_some_and(|t| t.is_passable())
    };
    let dead_ends = level
        .positions()
        .filter(|p| open(p.x, p.y))
        .filter(|&Pos { x, y }| {
            [
                open(x - 1, y),
                open(x + 1, y),
                open(x, y - 1),
                open(x, y + 1),
            ]
            .iter()
            .filter(|&&o| o)
            .count()
                == 1
        })
        .count();
    assert!(dead_ends >= 10, "only {dead_ends} dead ends");
}

#[test]
fn hand_drawn_layouts_get_the_generated_size_limit_with_the_line_named() {
    let dir = tempfile::tempdir().unwrap();
    let layout = |name: &str, rows: &[String]| {
        let path = dir.path().join(name);
        let text = format!(
            "description = \"too big\"\n[layout]\nmap = '''\n{}\n'''\n",
            rows.join("\n")
        );
        std::fs::write(&path, text).unwrap();
        LevelFile::load(&path)
            .map(|file| file.build(1))
            .expect_err("over the limit")
            .to_string()
    };
    let mut wide = vec!["#".repeat(1100); 5];
    wide[1] = format!("#@{}>#", ".".repeat(1096));
    let err = layout("wide.toml", &wide);
    assert!(err.contains("wide.toml:4:1"), "{err}");
    assert!(err.contains("1100 cells, over the limit of 1024"), "{err}");
    let mut tall = vec!["#...#".to_owned(); 1100];
    tall[0] = "#@.>#".to_owned();
    let err = layout("tall.toml", &tall);
    assert!(err.contains("tall.toml:1028:1"), "{err}");
    assert!(err.contains("1100 rows, over the limit of 1024"), "{err}");
}
