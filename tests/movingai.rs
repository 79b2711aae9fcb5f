//! Moving AI benchmark files: the readers against our hand-written fixtures
//! (valid and malformed), and against the shipped benchmark set when
//! `FOGCRAWL_MOVINGAI_DIR` points at it (CI sets it to `../shared/movingai`).
//! The benchmark data is never copied into the repository. Maps also load as
//! levels (`--map FILE.map`): the last tests play and draw them.

use std::path::{Path, PathBuf};

use std::collections::BTreeMap;
use std::sync::Mutex;

use gridpath::movingai::{
    Engine, EngineChoice, LengthPrecision, MapTile, MovingAiMap, ScenOptions, Scenario,
    ScenarioFile, run_file, run_selected,
};
use gridpath::{Grid, Jps, Movement, SearchOptions};

use fogcrawl_core::{
    GameSetup, Level, MonsterConfig, Pos, UNREACHED, is_walkable, level_from_movingai, load_level,
    render_level_text, run_sim, step_distances,
};

#[path = "support/movingai_dir.rs"]
mod movingai_dir;
use movingai_dir::movingai_dir;

fn fixture(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures/movingai")
        .join(name)
}

fn map_error(name: &str) -> String {
    match MovingAiMap::load(&fixture(name)) {
        Ok(map) => panic!("{name} parsed, expected an error: {map:?}"),
        Err(error) => error.to_string(),
    }
}

fn scen_error(name: &str) -> String {
    match ScenarioFile::load(&fixture(name)) {
        Ok(file) => panic!("{name} parsed, expected an error: {file:?}"),
        Err(error) => error.to_string(),
    }
}

#[test]
fn fixture_maps_parse() {
    let tiny = MovingAiMap::load(&fixture("tiny.map")).unwrap();
    assert_eq!((tiny.width(), tiny.height()), (8, 6));
    assert!(tiny.is_passable(2, 0), "G is ground");
    assert!(tiny.is_passable(3, 3), "S is passable swamp");
    assert!(!tiny.is_passable(5, 2), "T is impassable");

    let crlf = MovingAiMap::load(&fixture("crlf_no_final_newline.map")).unwrap();
    assert_eq!((crlf.width(), crlf.height()), (3, 2));
    assert_eq!(crlf.tile(2, 1), Some(MapTile::Water));
}

#[test]
fn malformed_fixture_maps_name_file_line_and_expectation() {
    let dir = fixture("");
    let dir = dir.display();
    assert_eq!(
        map_error("unknown_terrain.map"),
        format!(
            "{dir}unknown_terrain.map:6:3: unknown terrain `#`; expected one of `.` `G` `S` `@` `O` `T` `W`"
        )
    );
    assert_eq!(
        map_error("short_row.map"),
        format!("{dir}short_row.map:6: row 2 has 3 cells; expected 4 (the header's width)")
    );
    assert_eq!(
        map_error("too_few_rows.map"),
        format!(
            "{dir}too_few_rows.map:7: the file ends after 2 rows; expected 3 (the header's height)"
        )
    );
    assert_eq!(
        map_error("too_many_rows.map"),
        format!(
            "{dir}too_many_rows.map:7: unexpected extra row; expected 2 rows (the header's height) and then the end of the file"
        )
    );
    assert_eq!(
        map_error("garbled_header.map"),
        format!("{dir}garbled_header.map:2: expected `height H` or `width W`, found `heigth 2`")
    );
    assert_eq!(
        map_error("no_such.map"),
        format!("cannot read map {dir}no_such.map: No such file or directory (os error 2)")
    );
}

#[test]
fn fixture_scenarios_parse_with_their_precision() {
    let cases = [
        ("tiny.map.scen", LengthPrecision::EightDecimals, 9),
        (
            "tiny_six_digits.scen",
            LengthPrecision::SixSignificantDigits,
            4,
        ),
        ("tiny_two_decimals.scen", LengthPrecision::TwoDecimals, 3),
        ("wrong_optimum.scen", LengthPrecision::EightDecimals, 3),
    ];
    for (name, precision, count) in cases {
        let file = ScenarioFile::load(&fixture(name)).unwrap();
        assert_eq!(file.precision(), precision, "{name}");
        assert_eq!(file.scenarios().len(), count, "{name}");
        for scenario in file.scenarios() {
            assert_eq!(file.map_path(scenario), fixture("tiny.map"), "{name}");
        }
    }
}

#[test]
fn malformed_fixture_scenarios_name_file_line_field_and_expectation() {
    let dir = fixture("");
    let dir = dir.display();
    assert_eq!(
        scen_error("bad_version.scen"),
        format!(
            "{dir}bad_version.scen:1: expected `version 1` or `version 1.0`, found `version 2`"
        )
    );
    assert_eq!(
        scen_error("bad_field.scen"),
        format!(
            "{dir}bad_field.scen:3: field `start_y`: expected a row from 0 to 5 (height - 1), found `zero`"
        )
    );
    assert_eq!(
        scen_error("too_few_fields.scen"),
        format!(
            "{dir}too_few_fields.scen:2: expected 9 fields separated by whitespace (bucket map width height start_x start_y goal_x goal_y optimal_length), found 8"
        )
    );
}

/// The README's table: each shipped scenario file, its line count and the
/// precision its lengths are printed with.
const SHIPPED_SCENARIOS: [(&str, usize, LengthPrecision); 9] = [
    ("arena", 130, LengthPrecision::EightDecimals),
    ("rmtst01", 470, LengthPrecision::SixSignificantDigits),
    ("arena2", 910, LengthPrecision::EightDecimals),
    ("8room_000", 2140, LengthPrecision::EightDecimals),
    ("random512-10-0", 1780, LengthPrecision::EightDecimals),
    ("maze512-4-0", 10510, LengthPrecision::EightDecimals),
    ("maze512-32-9", 8010, LengthPrecision::EightDecimals),
    ("AR0011SR", 1280, LengthPrecision::TwoDecimals),
    ("Cauldron", 4000, LengthPrecision::SixSignificantDigits),
];

#[test]
fn shipped_scenario_files_get_the_readme_precision_and_their_maps_load() {
    let Some(dir) = movingai_dir() else { return };
    for (name, count, precision) in SHIPPED_SCENARIOS {
        let path = dir.join(format!("{name}.map.scen"));
        let file = ScenarioFile::load(&path).unwrap_or_else(|error| panic!("{error}"));
        assert_eq!(file.precision(), precision, "{name}");
        assert_eq!(file.scenarios().len(), count, "{name}");
        let map_path = file.map_path(&file.scenarios()[0]);
        let map = MovingAiMap::load(&map_path).unwrap_or_else(|error| panic!("{error}"));
        for scenario in file.scenarios() {
            assert_eq!(
                (scenario.map_width, scenario.map_height),
                (map.width(), map.height()),
                "{name} line {}",
                scenario.line
            );
            assert!(
                map.is_passable_at(scenario.start),
                "{name} line {}",
                scenario.line
            );
            assert!(
                map.is_passable_at(scenario.goal),
                "{name} line {}",
                scenario.line
            );
        }
    }
}

/// Scenario lines sampled per file. The 512x512 mazes' long buckets take tens
/// of milliseconds per query in a debug build, so a sample, not every line,
/// keeps `cargo test` to seconds; `fogcrawl scen` runs them all.
const SAMPLED_LINES_PER_FILE: usize = 40;

/// Up to [`SAMPLED_LINES_PER_FILE`] lines spread over the file's whole bucket
/// range: evenly spaced buckets, always the first and the last (all buckets
/// when there are few enough), and as many evenly spaced lines from each
/// chosen bucket as the budget allows (at least one).
fn bucket_sample(file: &ScenarioFile) -> Vec<&Scenario> {
    let mut buckets: BTreeMap<u32, Vec<&Scenario>> = BTreeMap::new();
    for scenario in file.scenarios() {
        buckets.entry(scenario.bucket).or_default().push(scenario);
    }
    let buckets: Vec<Vec<&Scenario>> = buckets.into_values().collect();
    let chosen_count = buckets.len().min(SAMPLED_LINES_PER_FILE);
    let lines_per_bucket = (SAMPLED_LINES_PER_FILE / chosen_count.max(1)).max(1);
    let mut sample = Vec::new();
    for choice in 0..chosen_count {
        let bucket = &buckets[spread(choice, chosen_count, buckets.len())];
        let take = lines_per_bucket.min(bucket.len());
        sample.extend((0..take).map(|pick| bucket[spread(pick, take, bucket.len())]));
    }
    sample
}

/// The `index`-th of `count` evenly spaced positions in `0..len`, first and
/// last included.
fn spread(index: usize, count: usize, len: usize) -> usize {
    if count <= 1 {
        0
    } else {
        index * (len - 1) / (count - 1)
    }
}

#[test]
fn bucket_sample_spans_first_to_last_bucket_within_budget() {
    let mut text = String::from("version 1\n");
    for bucket in 0..100 {
        for _ in 0..3 {
            text.push_str(&format!("{bucket} m.map 9 9 0 0 1 1 1.00000000\n"));
        }
    }
    let file = ScenarioFile::parse(text.as_bytes(), Path::new("sample.scen")).unwrap();
    let sample = bucket_sample(&file);
    assert_eq!(sample.len(), SAMPLED_LINES_PER_FILE);
    assert_eq!(sample.first().map(|scenario| scenario.bucket), Some(0));
    assert_eq!(sample.last().map(|scenario| scenario.bucket), Some(99));

    let few = ScenarioFile::load(&fixture("tiny.map.scen")).unwrap();
    let buckets: std::collections::BTreeSet<u32> = bucket_sample(&few)
        .iter()
        .map(|scenario| scenario.bucket)
        .collect();
    assert_eq!(buckets.len(), 3, "every bucket of a small file");
    assert_eq!(bucket_sample(&few).len(), 9, "and all of its lines");
}

#[test]
fn sampled_shipped_scenarios_are_optimal_and_legal() {
    let Some(dir) = movingai_dir() else { return };
    let mut paths: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap_or_else(|error| panic!("cannot list {}: {error}", dir.display()))
        .map(|entry| entry.unwrap().path())
        .filter(|path| {
            path.extension()
                .is_some_and(|extension| extension == "scen")
        })
        .collect();
    paths.sort();
    assert!(!paths.is_empty(), "no .scen files in {}", dir.display());

    // The engine CI's `fogcrawl scen` runs: jump point search where it
    // suits the map, A* elsewhere.
    let options = ScenOptions {
        every: 1,
        search: SearchOptions::default(),
        engine: EngineChoice::Auto,
    };
    // The big maps dominate; checking files on every core keeps the test's
    // wall time near that of the slowest file.
    let queue = Mutex::new(paths.clone());
    let outcomes = Mutex::new(Vec::new());
    let workers = std::thread::available_parallelism().map_or(1, |count| count.get());
    std::thread::scope(|scope| {
        for _ in 0..workers {
            scope.spawn(|| {
                while let Some(path) = queue.lock().unwrap().pop() {
                    let file = ScenarioFile::load(&path).unwrap_or_else(|error| panic!("{error}"));
                    let outcome = run_selected(&file, bucket_sample(&file), &options)
                        .map_err(|error| error.to_string());
                    outcomes.lock().unwrap().push((path, outcome));
                }
            });
        }
    });

    let mut outcomes = outcomes.into_inner().unwrap();
    outcomes.sort_by(|a, b| a.0.cmp(&b.0));
    assert_eq!(outcomes.len(), paths.len());
    let mut problems = Vec::new();
    for (path, outcome) in outcomes {
        match outcome {
            Err(error) => problems.push(error),
            Ok(report) => {
                assert!(report.checked > 0, "{}: nothing sampled", path.display());
                for failed in &report.failures {
                    problems.push(format!(
                        "{}:{}: {} -> {}: {}",
                        path.display(),
                        failed.line,
                        failed.start,
                        failed.goal,
                        failed.failure
                    ));
                }
                if report.optimal != report.checked {
                    problems.push(format!(
                        "{}: {} of {} sampled scenarios optimal",
                        path.display(),
                        report.optimal,
                        report.checked
                    ));
                }
            }
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

/// The dev maps of `docs/ENGINE-NOTES.md` (the speed comparisons' maps).
const DEV_MAPS: [&str; 6] = [
    "arena",
    "rmtst01",
    "arena2",
    "8room_000",
    "random512-10-0",
    "maze512-4-0",
];

/// Every how many scenario lines the jump point search check runs: the
/// lines `fogcrawl scen --every 5` times, 3188 of them over the dev maps.
const JPS_CHECK_EVERY: usize = 5;

#[test]
fn jump_point_search_is_optimal_on_every_fifth_dev_scenario() {
    let Some(dir) = movingai_dir() else { return };
    let options = ScenOptions {
        every: JPS_CHECK_EVERY,
        search: SearchOptions::default(),
        engine: EngineChoice::Jps,
    };
    // Popped from the end: the largest maps first, one per core.
    let queue = Mutex::new(DEV_MAPS.to_vec());
    let problems = Mutex::new(Vec::new());
    let workers = std::thread::available_parallelism().map_or(1, |count| count.get());
    std::thread::scope(|scope| {
        for _ in 0..workers {
            scope.spawn(|| {
                while let Some(name) = queue.lock().unwrap().pop() {
                    let path = dir.join(format!("{name}.map.scen"));
                    let found = match run_file(&path, &options) {
                        Err(error) => vec![error.to_string()],
                        Ok(report) => {
                            let mut found: Vec<String> = report
                                .failures
                                .iter()
                                .map(|failed| {
                                    format!(
                                        "{name}:{}: {} -> {}: {}",
                                        failed.line, failed.start, failed.goal, failed.failure
                                    )
                                })
                                .collect();
                            if report.engine != Some(Engine::Jps) {
                                found.push(format!("{name}: ran {:?}", report.engine));
                            }
                            if report.checked == 0 || report.optimal != report.checked {
                                found.push(format!(
                                    "{name}: {} of {} scenarios optimal",
                                    report.optimal, report.checked
                                ));
                            }
                            found
                        }
                    };
                    problems.lock().unwrap().extend(found);
                }
            });
        }
    });
    let problems = problems.into_inner().unwrap();
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

#[test]
fn auto_runs_astar_only_on_the_cluttered_dev_map() {
    let Some(dir) = movingai_dir() else { return };
    for name in DEV_MAPS {
        let map = MovingAiMap::load(&dir.join(format!("{name}.map")))
            .unwrap_or_else(|error| panic!("{error}"));
        let grid = Grid::from_fn(
            map.width(),
            map.height(),
            Movement::EIGHT_CONNECTED,
            |x, y| map.is_passable(x as usize, y as usize).then_some(1.0),
        )
        .unwrap();
        assert_eq!(
            Jps::suits(&grid),
            name != "random512-10-0",
            "{name}: jump point share {}",
            Jps::jump_point_share(&grid)
        );
    }
}

// Moving AI maps as levels.

fn load_map_level(name: &str) -> Result<Level, String> {
    let path = fixture(name);
    let arg = path.to_str().expect("fixture paths are UTF-8");
    load_level(arg, Some(1))
        .map(|loaded| loaded.level)
        .map_err(|error| error.to_string())
}

/// Whether the level's stairs are walkable and reachable from its walkable start.
fn stairs_reachable(level: &Level) -> bool {
    let start = level.index(level.start).expect("start on the map");
    let stairs = level.index(level.stairs).expect("stairs on the map");
    let steps = step_distances(level, level.start);
    is_walkable(level.cells()[start])
        && is_walkable(level.cells()[stairs])
        && level.start != level.stairs
        && steps[stairs] != UNREACHED
}

/// `level.map` drawn as a level: the right-hand region is the larger (16 cells
/// to 15), so the start is its first cell, not the map's first open cell.
const LEVEL_MAP_TEXT: &str = "\
############
#.....#@.%.#
#.###.#.##.#
#.#.W.WW.%.#
#...#.#>##.#
#####.#....#
#..#######.#
############
";

#[test]
fn a_hand_written_map_loads_as_a_level() {
    let level = load_map_level("level.map").unwrap_or_else(|error| panic!("{error}"));
    assert_eq!(level.name, "level");
    assert_eq!(level.description, "Moving AI map level (12x8)");
    assert_eq!(
        (level.start, level.stairs),
        (Pos::new(7, 1), Pos::new(7, 4))
    );
    assert!(stairs_reachable(&level));
    assert!(level.spawns.is_empty());
    assert_eq!(render_level_text(&level), LEVEL_MAP_TEXT);
    let reseeded = load_level(fixture("level.map").to_str().unwrap(), Some(2));
    assert_eq!(reseeded.map(|loaded| loaded.level).ok(), Some(level));
}

#[test]
fn a_bad_map_keeps_the_readers_file_and_line() {
    let dir = fixture("");
    let dir = dir.display();
    assert_eq!(
        load_map_level("unknown_terrain.map").expect_err("a bad character"),
        format!(
            "{dir}unknown_terrain.map:6:3: unknown terrain `#`; expected one of `.` `G` `S` `@` `O` `T` `W`"
        )
    );
    assert_eq!(
        load_map_level("short_row.map").expect_err("a short row"),
        format!("{dir}short_row.map:6: row 2 has 3 cells; expected 4 (the header's width)")
    );
    assert_eq!(
        load_map_level("no_walkable.map").expect_err("nowhere to stand"),
        format!(
            "{dir}no_walkable.map: no room for a start and stairs: the largest connected walkable \
             region has 0 cell(s); accepted values: a map with at least 2 walkable cells \
             (`.`, `G` or `S`) joined by straight steps"
        )
    );
}

#[test]
fn a_map_is_played_by_the_sim_like_any_level() {
    let path = fixture("level.map");
    let config = MonsterConfig::shipped().expect("config");
    let setup = GameSetup::new(path.to_str(), 1, config);
    assert_eq!(setup.run, [path.to_str().unwrap()]);
    let report = run_sim(&setup, 50).unwrap_or_else(|error| panic!("{error}"));
    assert_eq!(report.level, "level");
}

fn fogcrawl(arguments: &[&str]) -> std::process::Output {
    std::process::Command::new(env!("CARGO_BIN_EXE_fogcrawl"))
        .args(arguments)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .expect("fogcrawl runs")
}

#[test]
fn render_and_sim_take_a_map_on_the_command_line() {
    let map = "tests/fixtures/movingai/level.map";
    let render = fogcrawl(&["render", "--map", map]);
    assert!(render.status.success(), "{render:?}");
    assert_eq!(String::from_utf8_lossy(&render.stdout), LEVEL_MAP_TEXT);
    // `--level` takes a `.map` path too: `--map` only says which kind it is.
    let as_level = fogcrawl(&["render", "--level", map]);
    assert_eq!(as_level.stdout, render.stdout);

    let sim = fogcrawl(&["sim", "--map", map, "--seed", "1", "--turns", "20"]);
    assert!(sim.status.success(), "{sim:?}");

    let both = fogcrawl(&["render", "--map", map, "--level", "swamp"]);
    assert!(!both.status.success());
    assert!(
        String::from_utf8_lossy(&both.stderr).contains("cannot be used with"),
        "{both:?}"
    );
    let not_a_map = fogcrawl(&["sim", "--map", "levels/swamp.toml"]);
    assert!(!not_a_map.status.success());
    assert!(
        String::from_utf8_lossy(&not_a_map.stderr)
            .contains("expected a Moving AI map file ending in `.map`"),
        "{not_a_map:?}"
    );
    let bad = fogcrawl(&["render", "--map", "tests/fixtures/movingai/short_row.map"]);
    assert!(!bad.status.success());
    assert_eq!(
        String::from_utf8_lossy(&bad.stderr),
        "fogcrawl: tests/fixtures/movingai/short_row.map:6: row 2 has 3 cells; expected 4 (the header's width)\n"
    );
}

#[test]
fn the_benchmark_arena_loads_as_a_level() {
    let Some(dir) = movingai_dir() else { return };
    let path = dir.join("arena.map");
    let map = MovingAiMap::load(&path).unwrap_or_else(|error| panic!("{error}"));
    let level = level_from_movingai(&path).unwrap_or_else(|error| panic!("{error}"));
    assert_eq!((level.width(), level.height()), (map.width(), map.height()));
    assert_eq!(level.description, "Moving AI map arena (49x49)");
    assert!(stairs_reachable(&level));
    // Every cell keeps the map's walkability (the stairs go on a walkable one).
    for (index, (&terrain, &cell)) in level.cells().iter().zip(map.cells()).enumerate() {
        assert_eq!(is_walkable(terrain), cell.is_passable(), "cell {index}");
    }
}
