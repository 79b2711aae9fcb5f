//! The monster config end to end: the shipped `levels/monsters.toml` parses and gives
//! each faction its character, every kind of bad file is rejected with the exact
//! message a user reads, changes are described for the message log, and the watcher
//! reloads edits (in place or by rename) within a second without reloading itself.

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use crate::config::changes::describe_changes;
use crate::{
    ConfigError, ConfigWatcher, FactionConfig, InfluenceLayer, MonsterConfig, Reload, Smoothing,
    Terrain, UnknownCellPolicy, rules,
};
use gridpath::{Heuristic, TieBreak};
use proptest::prelude::*;

fn shipped_path() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../levels/monsters.toml")
}

fn shipped() -> MonsterConfig {
    MonsterConfig::load(&shipped_path()).unwrap_or_else(|e| panic!("{e}"))
}

fn fixture_path(name: &str) -> PathBuf {
    PathBuf::from(format!("tests/fixtures/config/{name}.toml"))
}

fn fixture_error(name: &str) -> String {
    match MonsterConfig::load(&fixture_path(name)) {
        Ok(_) => panic!("{name} should be rejected"),
        Err(err) => err.to_string(),
    }
}

// ---------------------------------------------------------------- the shipped file

#[test]
fn the_shipped_config_parses_and_every_monster_has_a_faction() {
    let config = shipped();
    assert!(config.factions.len() >= 3, "{:?}", config.factions);
    let names: Vec<&str> = config.factions.iter().map(|f| f.name.as_str()).collect();
    assert_eq!(
        names,
        ["goblins", "rats", "wolves", "lizardfolk", "undead"],
        "file order"
    );
    for monster in &config.monsters {
        assert!(
            config.faction(&monster.faction).is_some(),
            "{} names faction {}",
            monster.name,
            monster.faction
        );
    }
    for faction in &config.factions {
        assert!(
            config.monsters_of(&faction.name).next().is_some(),
            "the levels spawn {}, so it needs a monster kind",
            faction.name
        );
    }
    let letters: Vec<(&str, char)> = config
        .monsters
        .iter()
        .map(|m| (m.name.as_str(), m.letter))
        .collect();
    assert_eq!(
        letters,
        [
            ("goblin", 'g'),
            ("goblin archer", 'a'),
            ("hobgoblin", 'h'),
            ("giant rat", 'r'),
            ("wolf", 'w'),
            ("lizardfolk", 'l'),
            ("lizardfolk spitter", 's'),
            ("skeleton", 'z')
        ]
    );
}

#[test]
fn the_shipped_factions_have_distinct_characters() {
    let config = shipped();
    let faction = |name: &str| {
        config
            .faction(name)
            .unwrap_or_else(|| panic!("no faction {name}"))
            .clone()
    };
    let base = |terrain: Terrain| terrain.base_cost().unwrap_or(f64::INFINITY);

    let goblins = faction("goblins");
    assert_eq!(goblins.speed, 1.25);
    assert_eq!(goblins.sight_radius, 9);
    assert_eq!(goblins.unknown_cells, UnknownCellPolicy::Open);
    assert!(goblins.opens_doors);
    let goblin_water = goblins.cost_profile().cost(Terrain::ShallowWater);
    assert!(goblin_water.is_some_and(|cost| cost > base(Terrain::ShallowWater)));

    let rats = faction("rats");
    assert_eq!((rats.speed, rats.sight_radius), (1.5, 6));
    assert_eq!(rats.unknown_cells, UnknownCellPolicy::Blocked);
    assert!(!rats.opens_doors && !rats.bashes_doors);

    let wolves = faction("wolves");
    assert_eq!((wolves.speed, wolves.sight_radius), (1.5, 10));
    assert!(!wolves.opens_doors);
    let wolf_costs = wolves.cost_profile();
    for terrain in [Terrain::Swamp, Terrain::Mud] {
        assert!(wolf_costs.cost(terrain).unwrap_or(0.0) > base(terrain));
    }
    let most_afraid = config
        .factions
        .iter()
        .map(|f| f.influence.danger.weight)
        .fold(0.0, f64::max);
    assert_eq!(wolves.influence.danger.weight, most_afraid);

    let lizardfolk = faction("lizardfolk");
    assert_eq!((lizardfolk.speed, lizardfolk.sight_radius), (1.0, 8));
    assert_eq!(lizardfolk.unknown_cells, UnknownCellPolicy::Cost(2.0));
    let swim = lizardfolk.cost_profile();
    assert!(swim.is_passable(Terrain::DeepWater));
    for terrain in [Terrain::ShallowWater, Terrain::Swamp, Terrain::Mud] {
        assert!(swim.cost(terrain).unwrap_or(f64::INFINITY) < base(terrain));
    }

    let undead = faction("undead");
    assert_eq!((undead.speed, undead.sight_radius), (0.75, 7));
    assert_eq!(undead.influence.danger.weight, 0.0);
    assert!(undead.bashes_doors);
    assert!(undead.heuristic == Heuristic::Manhattan || undead.weight > 1.0);
    assert_eq!(undead.flee_below, 0.0);

    /// hp, damage, accuracy, range, from_level.
    type Stats = (i32, (i32, i32), u32, u32, u32);
    let stats: Vec<Stats> = config
        .monsters
        .iter()
        .map(|m| (m.hp, m.damage, m.accuracy, m.range, m.from_level))
        .collect();
    assert_eq!(
        stats,
        [
            (7, (1, 4), 70, 1, 1),
            (6, (1, 4), 60, 6, 2),
            (16, (2, 7), 70, 1, 3),
            (4, (1, 3), 60, 1, 1),
            (9, (2, 5), 70, 1, 1),
            (10, (2, 4), 65, 1, 1),
            (8, (2, 5), 60, 4, 5),
            (14, (2, 5), 60, 1, 1)
        ]
    );
    // Every faction's first kind spawns from the first level on.
    for faction in &config.factions {
        let first = config.monsters_of(&faction.name).next();
        assert_eq!(first.map(|m| m.from_level), Some(1), "{}", faction.name);
    }
}

/// The influence layers: the docs must name them beside the fields of
/// `rules::FACTION_FIELDS`, `INFLUENCE_FIELDS` and `MONSTER_FIELDS`.
const DOCUMENTED_LAYERS: [&str; 3] = ["danger", "crowding", "threat"];

/// Value words the docs must mention.
const DOCUMENTED_WORDS: [&str; 6] = [
    "impassable",
    "larger_g",
    "string_pull",
    "dijkstra",
    "blocked",
    "cost = ",
];

#[test]
fn every_field_is_documented_in_the_shipped_file_and_in_monsters_md() {
    let shipped_text = std::fs::read_to_string(shipped_path()).expect("shipped file");
    let comments: String = shipped_text
        .lines()
        .filter(|line| line.trim_start().starts_with('#'))
        .collect::<Vec<_>>()
        .join("\n");
    let guide = std::fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("../../levels/MONSTERS.md"),
    )
    .expect("levels/MONSTERS.md");
    use crate::{rules::FACTION_FIELDS, rules::INFLUENCE_FIELDS, rules::MONSTER_FIELDS};
    let fields = (FACTION_FIELDS.iter().map(|field| field.name))
        .chain(INFLUENCE_FIELDS.iter().map(|field| field.name))
        .chain(MONSTER_FIELDS.iter().map(|field| field.name))
        .chain(DOCUMENTED_LAYERS);
    for field in fields {
        assert!(
            comments.contains(field),
            "no comment in monsters.toml documents `{field}`"
        );
        assert!(
            guide.contains(&format!("`{field}`")),
            "MONSTERS.md does not document `{field}`"
        );
    }
    for word in DOCUMENTED_WORDS {
        assert!(
            comments.contains(word),
            "monsters.toml comments omit {word}"
        );
        assert!(guide.contains(word), "MONSTERS.md omits {word}");
    }
    for terrain in Terrain::ALL {
        assert!(
            comments.contains(terrain.name()),
            "monsters.toml comments omit {terrain}"
        );
        assert!(
            guide.contains(terrain.name()),
            "MONSTERS.md omits {terrain}"
        );
    }
}

#[test]
fn a_faction_with_no_monsters_is_fine_and_missing_fields_take_their_defaults() {
    let config = MonsterConfig::load(&fixture_path("faction_without_monsters"))
        .unwrap_or_else(|e| panic!("{e}"));
    let undead = config.faction("undead").expect("undead");
    assert_eq!(config.monsters_of("undead").count(), 0);
    assert_eq!(undead.heuristic, Heuristic::Octile);
    assert_eq!(undead.weight, rules::DEFAULT_HEURISTIC_WEIGHT);
    assert_eq!(undead.tie_break, TieBreak::LargerG);
    assert_eq!(undead.unknown_cells, UnknownCellPolicy::Open);
    assert_eq!(undead.node_budget, rules::DEFAULT_NODE_BUDGET);
    assert_eq!(undead.sight_radius, rules::DEFAULT_SIGHT_RADIUS);
    assert_eq!(undead.speed, rules::DEFAULT_SPEED);
    assert_eq!(undead.smoothing, rules::DEFAULT_SMOOTHING);
    assert!(undead.smoothing.uses_string_pull() && !undead.smoothing.uses_turn_penalty());
    assert_eq!(undead.turn_penalty, rules::DEFAULT_TURN_PENALTY);
    assert_eq!(undead.opens_doors, rules::DEFAULT_OPENS_DOORS);
    assert_eq!(undead.bashes_doors, rules::DEFAULT_BASHES_DOORS);
    assert_eq!(undead.flee_below, rules::DEFAULT_FLEE_BELOW);
    assert!(undead.terrain_costs.is_empty());
    assert_eq!(undead.influence.danger, InfluenceLayer::DEFAULT_DANGER);
    assert_eq!(undead.influence.crowding, InfluenceLayer::DEFAULT_CROWDING);
    assert_eq!(undead.influence.threat, InfluenceLayer::DEFAULT_THREAT);
}

#[test]
fn influence_layers_take_defaults_field_by_field_and_costs_keep_file_order() {
    let text = r#"
[factions.wolves.terrain_costs]
swamp = 8.0
mud = 3
deep_water = "impassable"
wall = 50

[factions.wolves.influence]
danger = { weight = 8.0 }
"#;
    let config =
        MonsterConfig::parse(Path::new("inline.toml"), text).unwrap_or_else(|e| panic!("{e}"));
    let wolves = config.faction("wolves").expect("wolves");
    assert_eq!(
        wolves.terrain_costs,
        [
            (Terrain::Swamp, Some(8.0)),
            (Terrain::Mud, Some(3.0)),
            (Terrain::DeepWater, None),
            (Terrain::Wall, Some(50.0))
        ]
    );
    let danger = wolves.influence.danger;
    assert_eq!(danger.weight, 8.0);
    assert_eq!(danger.decay, InfluenceLayer::DEFAULT_DANGER.decay);
    assert_eq!(danger.radius, InfluenceLayer::DEFAULT_DANGER.radius);
}

// ---------------------------------------------------------------- invalid files

#[test]
fn a_toml_syntax_error_gives_tomls_message_with_line_and_column() {
    assert_eq!(
        fixture_error("syntax_error"),
        "tests/fixtures/config/syntax_error.toml:2:18: unclosed table, expected `]`"
    );
}

#[test]
fn an_unknown_key_is_named_with_the_accepted_keys() {
    assert_eq!(
        fixture_error("unknown_key"),
        "tests/fixtures/config/unknown_key.toml:4:1: factions.goblins.wieght: unknown key; \
         accepted values: heuristic, weight, tie_break, unknown_cells, node_budget, \
         sight_radius, speed, smoothing, turn_penalty, opens_doors, bashes_doors, flee_below, \
         hearing_radius, shout_radius, regeneration_time, replan_margin, terrain_costs, influence"
    );
    assert_eq!(
        fixture_error("unknown_layer_key"),
        "tests/fixtures/config/unknown_layer_key.toml:3:40: \
         factions.wolves.influence.danger.range: unknown key; accepted values: weight, decay, radius"
    );
}

#[test]
fn an_out_of_range_number_names_its_range() {
    assert_eq!(
        fixture_error("out_of_range"),
        "tests/fixtures/config/out_of_range.toml:4:10: factions.goblins.weight: 0.5 is out of \
         range; accepted values: 1.0 to 10.0"
    );
    assert_eq!(
        fixture_error("unknown_cells_cost"),
        "tests/fixtures/config/unknown_cells_cost.toml:3:26: \
         factions.lizardfolk.unknown_cells.cost: 0 is out of range; accepted values: 0.001 \
         to 1000.0"
    );
}

#[test]
fn an_unknown_heuristic_lists_the_heuristics() {
    assert_eq!(
        fixture_error("unknown_heuristic"),
        "tests/fixtures/config/unknown_heuristic.toml:3:13: factions.goblins.heuristic: unknown \
         value \"astar\"; accepted values: octile, manhattan, euclidean, chebyshev, zero (or its \
         other name, dijkstra)"
    );
}

#[test]
fn an_unknown_terrain_lists_the_terrains() {
    assert_eq!(
        fixture_error("unknown_terrain"),
        "tests/fixtures/config/unknown_terrain.toml:7:1: factions.goblins.terrain_costs.lava: \
         unknown terrain \"lava\"; accepted values: wall, floor, road, grass, mud, swamp, \
         shallow_water, deep_water, rubble, closed_door, open_door, stairs_down"
    );
}

#[test]
fn a_monster_of_an_undeclared_faction_lists_the_factions() {
    assert_eq!(
        fixture_error("undeclared_faction"),
        "tests/fixtures/config/undeclared_faction.toml:7:11: monsters[0].faction: no faction \
         \"orcs\" is declared; accepted values: goblins"
    );
}

#[test]
fn a_letter_must_be_one_ascii_letter() {
    assert_eq!(
        fixture_error("bad_letter"),
        "tests/fixtures/config/bad_letter.toml:7:10: monsters[0].letter: \"gb\" is not one ASCII \
         letter; accepted values: one ASCII letter, a-z or A-Z"
    );
}

#[test]
fn damage_min_above_max_is_rejected() {
    assert_eq!(
        fixture_error("damage_reversed"),
        "tests/fixtures/config/damage_reversed.toml:9:10: monsters[0].damage: min 5 is greater \
         than max 3; accepted values: [min, max] with 0 <= min <= max <= 100"
    );
}

#[test]
fn a_missing_required_field_points_at_its_table() {
    assert_eq!(
        fixture_error("missing_field"),
        "tests/fixtures/config/missing_field.toml:12:1: monsters[1].hp: missing required field; \
         accepted values: whole numbers 1 to 1000"
    );
}

#[test]
fn no_factions_at_all_is_an_error() {
    assert_eq!(
        fixture_error("no_factions"),
        "tests/fixtures/config/no_factions.toml:1:1: factions: no faction is declared; accepted \
         values: one or more [factions.NAME] tables"
    );
}

#[test]
fn a_value_of_the_wrong_type_names_the_accepted_values() {
    assert_eq!(
        fixture_error("wrong_type"),
        "tests/fixtures/config/wrong_type.toml:3:9: factions.goblins.speed: string \"fast\" is \
         the wrong type; accepted values: 0.1 to 10.0"
    );
}

#[test]
fn smaller_mistakes_name_their_field_too() {
    let error = |text: &str| match MonsterConfig::parse(Path::new("m.toml"), text) {
        Ok(_) => panic!("should be rejected:\n{text}"),
        Err(err) => err.to_string(),
    };
    let goblins = "[factions.goblins]\n";
    let monster = "[[monsters]]\nname = \"goblin\"\nfaction = \"goblins\"\nletter = \"g\"\nhp = 7\naccuracy = 70\n";
    assert_eq!(
        error(&format!("{goblins}sight_radius = -1\n")),
        "m.toml:2:16: factions.goblins.sight_radius: -1 is out of range; accepted values: whole numbers 1 to 40"
    );
    assert_eq!(
        error(&format!("{goblins}node_budget = 10.5\n")),
        "m.toml:2:15: factions.goblins.node_budget: floating point `10.5` is the wrong type; accepted values: whole numbers 50 to 1000000"
    );
    assert_eq!(
        error(&format!("{goblins}speed = nan\n")),
        "m.toml:2:9: factions.goblins.speed: nan is out of range; accepted values: 0.1 to 10.0"
    );
    assert_eq!(
        error(&format!("{goblins}unknown_cells = \"fog\"\n")),
        "m.toml:2:17: factions.goblins.unknown_cells: unknown value \"fog\"; accepted values: \"open\", \"blocked\" or { cost = N } with N 0.001 to 1000.0"
    );
    assert_eq!(
        error(&format!("{goblins}unknown_cells = {{ price = 2 }}\n")),
        "m.toml:2:19: factions.goblins.unknown_cells.price: unknown key; accepted values: cost"
    );
    assert_eq!(
        error(&format!(
            "{goblins}[factions.goblins.terrain_costs]\nmud = 0\n"
        )),
        "m.toml:3:7: factions.goblins.terrain_costs.mud: 0 is out of range; accepted values: 0.001 to 1000.0 or \"impassable\""
    );
    assert_eq!(
        error(&format!(
            "{goblins}[factions.goblins.terrain_costs]\nmud = \"slow\"\n"
        )),
        "m.toml:3:7: factions.goblins.terrain_costs.mud: unknown value \"slow\"; accepted values: 0.001 to 1000.0 or \"impassable\""
    );
    assert_eq!(
        error(&format!("{goblins}smoothing = \"spline\"\n")),
        "m.toml:2:13: factions.goblins.smoothing: unknown value \"spline\"; accepted values: none, string_pull, turn_penalty, both"
    );
    assert_eq!(
        error(&format!("{goblins}tie_break = \"random\"\n")),
        "m.toml:2:13: factions.goblins.tie_break: unknown value \"random\"; accepted values: larger_g, smaller_g"
    );
    // `none` behaved exactly like `larger_g`; it is refused, not ignored.
    assert_eq!(
        error(&format!("{goblins}tie_break = \"none\"\n")),
        "m.toml:2:13: factions.goblins.tie_break: unknown value \"none\"; accepted values: larger_g, smaller_g"
    );
    assert_eq!(
        error(&format!(
            "{goblins}[factions.goblins.influence]\nthreat = {{ decay = 1.5 }}\n"
        )),
        "m.toml:3:20: factions.goblins.influence.threat.decay: 1.5 is out of range; accepted values: 0.0 to 1.0"
    );
    assert_eq!(
        error(&format!("{goblins}{monster}damage = [1, 2, 3]\n")),
        "m.toml:8:10: monsters[0].damage: has 3 numbers instead of 2; accepted values: [min, max] with 0 <= min <= max <= 100"
    );
    assert_eq!(
        error(&format!("{goblins}{monster}damage = [1, 1.5]\n")),
        "m.toml:8:14: monsters[0].damage[1]: floating point `1.5` is the wrong type; accepted values: [min, max] with 0 <= min <= max <= 100"
    );
    assert_eq!(
        error(&format!(
            "{goblins}{monster}damage = [1, 2]\n{monster}damage = [1, 2]\n"
        )),
        "m.toml:10:8: monsters[1].name: \"goblin\" is already the name of monsters[0]; accepted values: a name unique among monsters"
    );
    assert_eq!(
        error("[factions]\n"),
        "m.toml:1:1: factions: no faction is declared; accepted values: one or more [factions.NAME] tables"
    );
    assert_eq!(
        error(&format!("{goblins}[ogres]\n")),
        "m.toml:2:2: ogres: unknown key; accepted values: factions, monsters"
    );
}

#[test]
fn an_unreadable_file_says_which() {
    match MonsterConfig::load(Path::new("tests/fixtures/config/no_such_file.toml")) {
        Err(ConfigError::Io { file, .. }) => {
            assert_eq!(file, Path::new("tests/fixtures/config/no_such_file.toml"));
        }
        other => panic!("expected an Io error, got {other:?}"),
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    /// Whatever is cut from or pasted into the shipped file, parsing returns (never
    /// panics), and a rejection starts with `file:line:column:`.
    #[test]
    fn no_input_panics_and_every_error_has_a_position(
        cut_at in 0usize..12_000,
        cut_len in 0usize..40,
        paste in "[a-z_=\\[\\]{}\"., 0-9\n-]{0,12}",
    ) {
        let text = std::fs::read_to_string(shipped_path()).expect("shipped file");
        let mut bytes = text.into_bytes();
        let start = cut_at.min(bytes.len());
        let end = (start + cut_len).min(bytes.len());
        bytes.splice(start..end, paste.bytes());
        let edited = String::from_utf8_lossy(&bytes).into_owned();
        if let Err(err) = MonsterConfig::parse(Path::new("m.toml"), &edited) {
            let message = err.to_string();
            let mut parts = message.splitn(4, ':');
            prop_assert_eq!(parts.next(), Some("m.toml"));
            let line = parts.next().and_then(|l| l.parse::<usize>().ok());
            let column = parts.next().and_then(|c| c.parse::<usize>().ok());
            prop_assert!(line.is_some_and(|l| l >= 1), "{}", message);
            prop_assert!(column.is_some_and(|c| c >= 1), "{}", message);
        }
    }
}

// ---------------------------------------------------------------- describe_changes

#[test]
fn equal_configs_have_no_changes() {
    assert!(describe_changes(&shipped(), &shipped()).is_empty());
}

#[test]
fn changes_are_described_one_line_each() {
    fn faction<'a>(config: &'a mut MonsterConfig, name: &str) -> &'a mut FactionConfig {
        let index = config
            .factions
            .iter()
            .position(|f| f.name == name)
            .expect("faction");
        &mut config.factions[index]
    }
    let old = shipped();
    let mut new = old.clone();
    faction(&mut new, "goblins").weight = 1.5;
    faction(&mut new, "wolves").unknown_cells = UnknownCellPolicy::Blocked;
    faction(&mut new, "lizardfolk").unknown_cells = UnknownCellPolicy::Cost(3.0);
    faction(&mut new, "goblins").terrain_costs =
        vec![(Terrain::ShallowWater, Some(4.0)), (Terrain::Mud, None)];
    faction(&mut new, "undead").influence.danger.weight = 2.0;
    faction(&mut new, "rats").heuristic = Heuristic::Zero;
    faction(&mut new, "rats").tie_break = TieBreak::SmallerG;
    faction(&mut new, "rats").smoothing = Smoothing::Both;
    new.monsters[0].damage = (2, 4);
    let mut ogre = new.monsters[0].clone();
    ogre.name = "ogre".to_owned();
    new.monsters.push(ogre);
    new.monsters.retain(|m| m.name != "skeleton");
    let mut orcs = new.factions[0].clone();
    orcs.name = "orcs".to_owned();
    new.factions.push(orcs);

    assert_eq!(
        describe_changes(&old, &new),
        [
            "goblins: weight 1 -> 1.5",
            "goblins: terrain_costs.mud default -> impassable",
            "goblins: terrain_costs.swamp 6 -> default",
            "goblins: terrain_costs.shallow_water 6 -> 4",
            "rats: heuristic octile -> zero",
            "rats: tie_break larger_g -> smaller_g",
            "rats: smoothing none -> both",
            "wolves: unknown_cells open -> blocked",
            "lizardfolk: unknown_cells cost 2 -> cost 3",
            "undead: influence.danger.weight 0 -> 2",
            "faction added: orcs",
            "monster goblin: damage 1-4 -> 2-4",
            "monster added: ogre",
            "monster removed: skeleton",
        ]
    );
    let mut without_rats = old.clone();
    without_rats.factions.retain(|f| f.name != "rats");
    assert_eq!(
        describe_changes(&old, &without_rats),
        ["faction removed: rats"]
    );
}

// ---------------------------------------------------------------- hot reload

/// A small valid config; `WEIGHT` is replaced to make edits.
const WATCHED: &str = "[factions.goblins]\nweight = WEIGHT\nspeed = 1.25\n\n[[monsters]]\nname = \"goblin\"\nfaction = \"goblins\"\nletter = \"g\"\nhp = 7\ndamage = [1, 3]\naccuracy = 70\n";

fn watched_text(weight: &str) -> String {
    WATCHED.replace("WEIGHT", weight)
}

/// A temporary folder holding `monsters.toml` with weight 1.0, watched.
fn watched_config() -> (tempfile::TempDir, PathBuf, ConfigWatcher) {
    let dir = tempfile::tempdir().expect("temp dir");
    let path = dir.path().join("monsters.toml");
    std::fs::write(&path, watched_text("1.0")).expect("write");
    let watcher = ConfigWatcher::new(&path).unwrap_or_else(|e| panic!("{e}"));
    (dir, path, watcher)
}

/// Polls like a game loop (every 20 ms) for up to `limit`.
fn poll_for(watcher: &mut ConfigWatcher, limit: Duration) -> Option<(Reload, Duration)> {
    let start = Instant::now();
    while start.elapsed() < limit {
        if let Some(reload) = watcher.poll() {
            return Some((reload, start.elapsed()));
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    None
}

fn expect_change(watcher: &mut ConfigWatcher) -> (MonsterConfig, Vec<String>) {
    match poll_for(watcher, Duration::from_secs(3)) {
        Some((Reload::Changed { config, changes }, after)) => {
            assert!(
                after < Duration::from_secs(1),
                "noticed only after {after:?}"
            );
            (config, changes)
        }
        Some((Reload::Invalid(err), _)) => panic!("unexpected error: {err}"),
        None => panic!("no reload within 3 s"),
    }
}

/// Polls for 1.5 s (reading the file now and then, as `cat` or the game might) and
/// asserts nothing is reported.
fn expect_quiet(watcher: &mut ConfigWatcher, path: &Path) {
    let start = Instant::now();
    while start.elapsed() < Duration::from_millis(1500) {
        let _ = std::fs::read_to_string(path).expect("readable");
        if let Some(reload) = watcher.poll() {
            panic!("nothing changed, yet poll gave {reload:?}");
        }
        std::thread::sleep(Duration::from_millis(20));
    }
}

#[test]
fn an_edit_in_place_is_reloaded_within_a_second() {
    let (_dir, path, mut watcher) = watched_config();
    std::fs::write(&path, watched_text("2.25")).expect("write");
    let (config, changes) = expect_change(&mut watcher);
    assert_eq!(config.faction("goblins").map(|f| f.weight), Some(2.25));
    assert_eq!(changes, ["goblins: weight 1 -> 2.25"]);
    assert_eq!(watcher.config(), &config);
}

#[test]
fn a_save_by_rename_is_reloaded_within_a_second() {
    let (dir, path, mut watcher) = watched_config();
    let temporary = dir.path().join(".monsters.toml.swp");
    std::fs::write(&temporary, watched_text("3.5")).expect("write");
    std::fs::rename(&temporary, &path).expect("rename");
    let (_, changes) = expect_change(&mut watcher);
    assert_eq!(changes, ["goblins: weight 1 -> 3.5"]);
    // And the watch survives the rename: a second save is seen too.
    std::fs::write(&temporary, watched_text("4.75")).expect("write");
    std::fs::rename(&temporary, &path).expect("rename");
    let (_, changes) = expect_change(&mut watcher);
    assert_eq!(changes, ["goblins: weight 3.5 -> 4.75"]);
}

#[test]
fn reading_the_file_does_not_trigger_a_reload() {
    let (_dir, path, mut watcher) = watched_config();
    expect_quiet(&mut watcher, &path);
    std::fs::write(&path, watched_text("1.5")).expect("write");
    expect_change(&mut watcher);
    expect_quiet(&mut watcher, &path);
}

#[test]
fn an_invalid_edit_is_reported_once_and_the_last_good_config_kept() {
    let (_dir, path, mut watcher) = watched_config();
    let good = watcher.config().clone();
    std::fs::write(&path, watched_text("0.5")).expect("write");
    match poll_for(&mut watcher, Duration::from_secs(3)) {
        Some((Reload::Invalid(err), after)) => {
            assert!(
                after < Duration::from_secs(1),
                "noticed only after {after:?}"
            );
            let message = err.to_string();
            assert!(
                message.ends_with(
                    "monsters.toml:2:10: factions.goblins.weight: 0.5 is out of range; accepted values: 1.0 to 10.0"
                ),
                "{message}"
            );
        }
        other => panic!("expected the error, got {other:?}"),
    }
    assert_eq!(watcher.config(), &good, "the last good config stays");
    expect_quiet(&mut watcher, &path);

    // Fixed back to what it was: valid again, nothing to change.
    std::fs::write(&path, watched_text("1.0")).expect("write");
    let (config, changes) = expect_change(&mut watcher);
    assert_eq!(config, good);
    assert!(changes.is_empty(), "{changes:?}");
}

#[test]
fn a_same_size_edit_right_after_the_start_is_seen() {
    // Same length, and likely within the clock tick of the first write: only the
    // write event tells the watcher to look.
    let (_dir, path, mut watcher) = watched_config();
    std::fs::write(&path, watched_text("2.0")).expect("write");
    let (_, changes) = expect_change(&mut watcher);
    assert_eq!(changes, ["goblins: weight 1 -> 2"]);
}

#[test]
fn touching_the_file_changes_nothing() {
    let (_dir, path, mut watcher) = watched_config();
    let file = std::fs::File::options()
        .write(true)
        .open(&path)
        .expect("open");
    file.set_modified(std::time::SystemTime::now() + Duration::from_secs(5))
        .expect("touch");
    drop(file);
    assert!(poll_for(&mut watcher, Duration::from_millis(800)).is_none());
}

#[test]
fn a_comment_edit_changes_nothing() {
    let (_dir, path, mut watcher) = watched_config();
    std::fs::write(&path, format!("# tuned\n{}", watched_text("1.0"))).expect("write");
    assert!(poll_for(&mut watcher, Duration::from_millis(800)).is_none());
}

#[test]
fn the_watcher_needs_a_valid_file_to_start() {
    let dir = tempfile::tempdir().expect("temp dir");
    let path = dir.path().join("monsters.toml");
    std::fs::write(&path, watched_text("0.5")).expect("write");
    assert!(matches!(
        ConfigWatcher::new(&path),
        Err(ConfigError::Invalid(_))
    ));
    assert!(matches!(
        ConfigWatcher::new(&dir.path().join("absent.toml")),
        Err(ConfigError::Io { .. })
    ));
}
