//! Generated faults: damaged saves (structured edits and raw byte damage,
//! in the binary format and in the JSON of format 1),
//! damaged configs applied to a running game, generated `.map` and `.scen`
//! files, and damaged level files played. Each case must end in a clear
//! error or a game that works for a few turns: never a panic, never a hang
//! (each runs in the time box). Case counts are small so the suite stays
//! quick; the runs are seeded, so a failure repeats. Each test prints how
//! its cases ended (`cargo test --test faults -- --nocapture`).

use std::collections::BTreeMap;
use std::fmt;
use std::path::Path;

use fogcrawl_core::{Game, GameSetup, MonsterConfig};
use gridpath::movingai::{MovingAiMap, ScenarioFile};
use proptest::prelude::*;
use proptest::test_runner::{Config, RngAlgorithm, TestRng, TestRunner};
use serde_json::Value;

use crate::damaged_saves::{Ending, load_and_play};
use crate::fixtures::{
    DUEL, binary_save_of, duel, duel_save_bytes, duel_save_text, play, shipped_text,
};
use crate::timebox::must_finish;

/// How many cases each generator tries.
const SAVE_EDIT_CASES: u32 = 64;
const SAVE_BYTE_CASES: u32 = 24;
const CONFIG_CASES: u32 = 40;
const MAP_CASES: u32 = 64;
const SCEN_CASES: u32 = 64;
const LEVEL_CASES: u32 = 40;

/// How the cases of one generator ended.
#[derive(Default)]
struct Tally(BTreeMap<String, u32>);

impl Tally {
    fn count(&mut self, ending: impl fmt::Display) {
        *self.0.entry(ending.to_string()).or_default() += 1;
    }
}

impl fmt::Display for Tally {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let parts: Vec<String> = self.0.iter().map(|(k, n)| format!("{n} {k}")).collect();
        write!(f, "{}", parts.join(", "))
    }
}

/// Runs `check` on `cases` values of `strategy`, seeded; fails on the first
/// case that fails (after shrinking it) and prints the tally.
fn run_cases<S: Strategy, E: fmt::Display>(
    name: &str,
    cases: u32,
    strategy: S,
    check: impl Fn(S::Value) -> Result<E, TestCaseError>,
) {
    let config = Config {
        cases,
        failure_persistence: None,
        max_shrink_iters: 64,
        ..Config::default()
    };
    let mut runner =
        TestRunner::new_with_rng(config, TestRng::deterministic_rng(RngAlgorithm::ChaCha));
    // `run` takes a `Fn`; shrinking re-runs cases, so the tally is of every
    // case tried (the same as `cases` when all pass).
    let tally = std::cell::RefCell::new(Tally::default());
    let result = runner.run(&strategy, |value| {
        let ending = check(value)?;
        tally.borrow_mut().count(ending);
        Ok(())
    });
    println!("{name}: {cases} cases: {}", tally.borrow());
    if let Err(failure) = result {
        panic!("{name}: {failure}");
    }
}

// ------------------------------------------------------------------ saves

/// Fields of a save that the game indexes by, counts on or loops over.
const SAVE_FIELDS: &[&str] = &[
    "/time",
    "/depth",
    "/run",
    "/kinds",
    "/kinds/0/max_hp",
    "/kinds/0/damage/0",
    "/kinds/0/accuracy",
    "/actors",
    "/actors/0/hp",
    "/actors/0/max_hp",
    "/actors/0/pos/x",
    "/actors/0/species",
    "/actors/0/ready_at",
    "/actors/1/hp",
    "/actors/1/pos/y",
    "/actors/1/species",
    "/actors/1/ready_at",
    "/actors/1/brain/wander_target",
    "/actors/1/brain/noise",
    "/level/width",
    "/level/height",
    "/level/cells",
    "/level/start/x",
    "/level/stairs/y",
    "/level/spawns",
    "/remembered",
    "/factions",
    "/factions/0/knowledge/width",
    "/factions/0/knowledge/believed",
    "/factions/0/knowledge/last_seen",
    "/factions/0/decayed_at",
    "/factions/0/player_sighting",
];

#[derive(Debug, Clone)]
enum Damage {
    Number(f64),
    Whole(i64),
    Text(String),
    Null,
    Truncate(usize),
    Remove,
}

/// Mostly values of the right type (whole numbers, finite floats), which
/// parse and so reach the checks and the game; some of the wrong type.
fn damage() -> impl Strategy<Value = Damage> {
    prop_oneof![
        3 => prop_oneof![
            Just(0.0),
            Just(-1.0),
            Just(1e308),
            Just(-1e308),
            Just(f64::MIN_POSITIVE),
            Just(1e9 + 1.0),
            any::<f64>().prop_filter("JSON has no NaN or infinity", |v| v.is_finite()),
        ]
        .prop_map(Damage::Number),
        6 => prop_oneof![
            Just(0i64),
            Just(-1),
            Just(i64::from(i32::MAX)),
            Just(i64::from(i32::MIN)),
            Just(1_000_000),
            -50i64..600,
        ]
        .prop_map(Damage::Whole),
        1 => "[a-z{}\\[\\]\"0-9]{0,6}".prop_map(Damage::Text),
        1 => Just(Damage::Null),
        2 => (0usize..50).prop_map(Damage::Truncate),
        1 => Just(Damage::Remove),
    ]
}

fn apply(save: &mut Value, pointer: &str, damage: &Damage) {
    let Some(target) = save.pointer_mut(pointer) else {
        return;
    };
    match damage {
        Damage::Number(v) => *target = serde_json::json!(v),
        Damage::Whole(v) => *target = serde_json::json!(v),
        Damage::Text(v) => *target = serde_json::json!(v),
        Damage::Null => *target = Value::Null,
        Damage::Truncate(n) => match target {
            Value::Array(items) => items.truncate(*n),
            Value::Object(map) => {
                let keys: Vec<String> = map.keys().skip(*n).cloned().collect();
                for key in keys {
                    map.remove(&key);
                }
            }
            other => *other = Value::Array(Vec::new()),
        },
        Damage::Remove => {
            let (parent, key) = pointer.rsplit_once('/').unwrap_or(("", pointer));
            match save.pointer_mut(parent) {
                Some(Value::Object(map)) => {
                    map.remove(key);
                }
                Some(Value::Array(items)) => {
                    if let Ok(index) = key.parse::<usize>()
                        && index < items.len()
                    {
                        items.remove(index);
                    }
                }
                _ => {}
            }
        }
    }
}

fn ending_name(ending: &Ending) -> Result<&'static str, TestCaseError> {
    match ending {
        Ending::SetAside { reason, kept } => {
            prop_assert!(!reason.is_empty(), "a set-aside save says why");
            prop_assert!(*kept, "a set-aside save is kept: {reason}");
            Ok("set aside with a reason")
        }
        Ending::Played => Ok("loaded and played"),
        Ending::NoSave => Err(TestCaseError::fail("a written save was not found")),
        Ending::Refused(reason) => Err(TestCaseError::fail(format!(
            "a regular save file was refused as not a file: {reason}"
        ))),
    }
}

/// Each edited game is loaded as JSON (format 1) and, when the edit left it
/// a game at all, written in the binary format and loaded again: the
/// binary decoder meets the same damaged fields, and the save check must
/// catch them there too.
#[test]
fn damaged_saves_are_set_aside_or_play() {
    let base: Value = serde_json::from_str(&duel_save_text()).expect("a save is JSON");
    let edits = prop::collection::vec((prop::sample::select(SAVE_FIELDS), damage()), 1..3);
    run_cases(
        "damaged saves (edited fields)",
        SAVE_EDIT_CASES,
        edits,
        |edits| {
            let mut save = base.clone();
            for (field, damage) in &edits {
                apply(&mut save, &format!("/game{field}"), damage);
            }
            let json = serde_json::to_vec(&save).map_err(|e| TestCaseError::fail(e.to_string()))?;
            let json = ending_name(&load_and_play(json))?;
            let binary = match binary_save_of(&save) {
                Some(bytes) => ending_name(&load_and_play(bytes))?,
                None => "not a game to write",
            };
            Ok(format!("JSON {json} / binary {binary}"))
        },
    );
}

/// Bytes of a save overwritten at random and the file perhaps cut short.
fn byte_damage(len: usize) -> impl Strategy<Value = (Vec<(usize, u8)>, Option<usize>)> {
    (
        prop::collection::vec((0..len, any::<u8>()), 0..6),
        prop::option::of(0..len),
    )
}

fn damage_bytes(base: &[u8], (flips, cut): (Vec<(usize, u8)>, Option<usize>)) -> Vec<u8> {
    let mut bytes = base.to_vec();
    for (at, byte) in flips {
        bytes[at] = byte;
    }
    if let Some(cut) = cut {
        bytes.truncate(cut);
    }
    bytes
}

/// The save as the game writes it: the checksum finds the damage, so every
/// changed save is set aside with a reason.
#[test]
fn byte_damaged_saves_are_set_aside_or_play() {
    let base = duel_save_bytes();
    run_cases(
        "damaged saves (bytes)",
        SAVE_BYTE_CASES,
        byte_damage(base.len()),
        |damage| {
            let bytes = damage_bytes(&base, damage);
            let unchanged = bytes == base;
            let ending = ending_name(&load_and_play(bytes))?;
            prop_assert!(
                unchanged || ending != "loaded and played",
                "a changed binary save loaded"
            );
            Ok(ending)
        },
    );
}

#[test]
fn byte_damaged_json_saves_are_set_aside_or_play() {
    let base = duel_save_text().into_bytes();
    run_cases(
        "damaged JSON saves (bytes)",
        SAVE_BYTE_CASES,
        byte_damage(base.len()),
        |damage| ending_name(&load_and_play(damage_bytes(&base, damage))),
    );
}

// ---------------------------------------------------------------- configs

/// A config text edit: a number replaced, a line dropped, or a line added.
#[derive(Debug, Clone)]
enum ConfigEdit {
    Number(prop::sample::Index, String),
    DropLine(prop::sample::Index),
    AddLine(prop::sample::Index, String),
}

fn config_edit() -> impl Strategy<Value = ConfigEdit> {
    let number = prop_oneof![
        Just("0".to_owned()),
        Just("-1".to_owned()),
        Just("1e-300".to_owned()),
        Just("0.001".to_owned()),
        Just("1e300".to_owned()),
        Just("nan".to_owned()),
        Just("inf".to_owned()),
        Just("99999999999999999999".to_owned()),
        any::<f32>().prop_map(|v| v.to_string()),
        (-5i64..2000).prop_map(|v| v.to_string()),
    ];
    let line = prop_oneof![
        Just("[factions.ghosts]".to_owned()),
        Just("[[monsters]]".to_owned()),
        Just("hp = 0".to_owned()),
        Just("faction = \"nobody\"".to_owned()),
        Just("mud = \"impassable\"".to_owned()),
        "[a-z_]{1,8} = [0-9.\"a-z]{0,5}",
        "[\\x00-\\x7f]{0,12}",
    ];
    prop_oneof![
        (any::<prop::sample::Index>(), number).prop_map(|(i, n)| ConfigEdit::Number(i, n)),
        any::<prop::sample::Index>().prop_map(ConfigEdit::DropLine),
        (any::<prop::sample::Index>(), line).prop_map(|(i, l)| ConfigEdit::AddLine(i, l)),
    ]
}

fn edit_config(text: &str, edit: &ConfigEdit) -> String {
    let lines: Vec<&str> = text.lines().collect();
    match edit {
        ConfigEdit::Number(index, value) => {
            // Lines that set a number (not comments).
            let numeric: Vec<usize> = (0..lines.len())
                .filter(|&i| {
                    !lines[i].trim_start().starts_with('#')
                        && lines[i].contains('=')
                        && lines[i].chars().any(|c| c.is_ascii_digit())
                })
                .collect();
            let mut out: Vec<String> = lines.iter().map(|l| (*l).to_owned()).collect();
            if !numeric.is_empty() {
                let at = numeric[index.index(numeric.len())];
                let (key, _) = out[at].split_once('=').unwrap_or((lines[at], ""));
                out[at] = format!("{key}= {value}");
            }
            out.join("\n")
        }
        ConfigEdit::DropLine(index) => {
            let at = index.index(lines.len());
            let mut out = lines.clone();
            out.remove(at);
            out.join("\n")
        }
        ConfigEdit::AddLine(index, line) => {
            let at = index.index(lines.len());
            let mut out: Vec<&str> = lines.clone();
            out.insert(at, line);
            out.join("\n")
        }
    }
}

#[test]
fn damaged_configs_are_refused_or_apply_to_a_running_game() {
    let base = shipped_text();
    let edits = prop::collection::vec(config_edit(), 1..4);
    run_cases("damaged configs", CONFIG_CASES, edits, |edits| {
        let mut text = base.clone();
        for edit in &edits {
            text = edit_config(&text, edit);
        }
        let ending =
            must_finish(
                "parsing and applying a damaged config",
                move || match MonsterConfig::parse(Path::new("monsters.toml"), &text) {
                    Err(err) => {
                        let message = err.to_string();
                        if message.starts_with("monsters.toml") {
                            Ok("refused with file and position")
                        } else {
                            Err(format!("an error that does not name the file: {message}"))
                        }
                    }
                    Ok(config) => {
                        let mut game = duel();
                        let applied = game.apply_config(config);
                        play(&mut game, 6);
                        Ok(match applied {
                            Ok(_) => "applied and played",
                            Err(_) => "valid, refused by the game, played on",
                        })
                    }
                },
            );
        ending.map_err(TestCaseError::fail)
    });
}

// ------------------------------------------------------- Moving AI files

/// A `.map` file: mostly well formed (the header matches the rows), with
/// damage on top: a wrong size, a bad type, odd glyphs, control bytes.
fn map_text() -> impl Strategy<Value = Vec<u8>> {
    let glyph = prop_oneof![
        24 => Just('.'),
        4 => Just('@'),
        3 => Just('T'),
        1 => Just('G'),
        1 => Just('S'),
        1 => Just('W'),
        1 => Just('O'),
    ];
    let bad_glyph = prop::option::weighted(
        0.25,
        (
            any::<prop::sample::Index>(),
            prop::sample::select(vec!['#', 'x', '\u{1b}', '\u{0}']),
        ),
    );
    (3usize..24, 3usize..24)
        .prop_flat_map(move |(width, height)| {
            (
                prop::collection::vec(prop::collection::vec(glyph.clone(), width), height),
                prop::option::weighted(0.25, (0usize..40, 0usize..40)),
                prop_oneof![3 => Just("octile".to_owned()), 1 => "[a-z\\x1b]{0,8}"],
                bad_glyph.clone(),
                any::<bool>(),
            )
        })
        .prop_map(|(mut rows, wrong_size, kind, bad, crlf)| {
            if let Some((at, glyph)) = bad {
                let row = at.index(rows.len());
                let column = at.index(rows[row].len());
                rows[row][column] = glyph;
            }
            let end = if crlf { "\r\n" } else { "\n" };
            let (width, height) = wrong_size.unwrap_or((rows[0].len(), rows.len()));
            let mut text =
                format!("type {kind}{end}height {height}{end}width {width}{end}map{end}");
            for row in rows {
                text.extend(row);
                text.push_str(end);
            }
            text.into_bytes()
        })
}

#[test]
fn generated_maps_are_refused_or_played() {
    run_cases("generated .map files", MAP_CASES, map_text(), |bytes| {
        let ending = must_finish("parsing and playing a generated map", move || {
            if MovingAiMap::parse(&bytes, Path::new("case.map")).is_err() {
                return "refused";
            }
            let dir = tempfile::tempdir().expect("a temp dir");
            let path = dir.path().join("case.map");
            std::fs::write(&path, &bytes).expect("the map is written");
            let setup = GameSetup::new(
                Some(&path.display().to_string()),
                1,
                crate::fixtures::shipped(),
            );
            match Game::new(&setup) {
                Ok(mut game) => {
                    play(&mut game, 4);
                    "parsed and played"
                }
                Err(_) => "parsed, refused as a level",
            }
        });
        Ok(ending)
    });
}

/// A `.scen` file: mostly well-formed lines (bucket, map, size, start,
/// goal, optimal length), some fields replaced by damage.
fn scen_text() -> impl Strategy<Value = Vec<u8>> {
    let damaged_field = prop_oneof![
        Just("-1".to_owned()),
        Just("1.5e308".to_owned()),
        Just("nan".to_owned()),
        Just(String::new()),
        "[a-z.\\x1b]{0,6}",
    ];
    let line = (
        0u32..4,
        prop::sample::select(vec!["arena.map", "a b.map", "../x.map", "\u{1b}.map"]),
        (
            1u32..600,
            1u32..600,
            0u32..600,
            0u32..600,
            0u32..600,
            0u32..600,
        ),
        0.0f64..900.0,
        prop::option::weighted(0.1, (0usize..9, damaged_field)),
        prop::bool::weighted(0.05),
    )
        .prop_map(
            |(bucket, map, (w, h, sx, sy, gx, gy), length, damage, drop_last)| {
                let mut fields: Vec<String> = vec![
                    bucket.to_string(),
                    map.to_owned(),
                    w.to_string(),
                    h.to_string(),
                    (sx % w).to_string(),
                    (sy % h).to_string(),
                    (gx % w).to_string(),
                    (gy % h).to_string(),
                    format!("{length:.8}"),
                ];
                if let Some((at, value)) = damage {
                    fields[at] = value;
                }
                if drop_last {
                    fields.pop();
                }
                fields.join("\t")
            },
        );
    (
        prop_oneof![4 => Just("version 1".to_owned()), 1 => Just("version 1.0".to_owned()), 1 => "[a-z0-9 .]{0,10}"],
        prop::collection::vec(line, 0..8),
    )
        .prop_map(|(version, lines)| {
            let mut text = version;
            for line in lines {
                text.push('\n');
                text.push_str(&line);
            }
            text.into_bytes()
        })
}

#[test]
fn generated_scenarios_are_refused_or_read() {
    run_cases("generated .scen files", SCEN_CASES, scen_text(), |bytes| {
        let ending =
            must_finish(
                "parsing a generated scenario file",
                move || match ScenarioFile::parse(&bytes, Path::new("case.scen")) {
                    Ok(_) => "read",
                    Err(err) if err.to_string().contains("case.scen") => "refused naming the file",
                    Err(_) => "refused without the file name",
                },
            );
        prop_assert_ne!(ending, "refused without the file name");
        Ok(ending)
    });
}

// ------------------------------------------------------------ level files

fn level_edit() -> impl Strategy<Value = Vec<(prop::sample::Index, char)>> {
    let glyph = prop::sample::select(vec![
        '#', '.', '@', '>', '+', '%', '=', 'g', '~', 'x', '\n', ' ', '\'', '"', '[', '\u{1b}',
    ]);
    prop::collection::vec((any::<prop::sample::Index>(), glyph), 1..6)
}

#[test]
fn damaged_level_files_are_refused_or_played() {
    let base = std::fs::read_to_string(DUEL).expect("the duel fixture");
    run_cases("damaged level files", LEVEL_CASES, level_edit(), |edits| {
        let mut chars: Vec<char> = base.chars().collect();
        for (index, glyph) in edits {
            let at = index.index(chars.len());
            chars[at] = glyph;
        }
        let text: String = chars.into_iter().collect();
        let ending = must_finish("loading and playing a damaged level", move || {
            let dir = tempfile::tempdir().expect("a temp dir");
            let path = dir.path().join("case.toml");
            std::fs::write(&path, text).expect("the level is written");
            let setup = GameSetup::new(
                Some(&path.display().to_string()),
                1,
                crate::fixtures::shipped(),
            );
            match Game::new(&setup) {
                Ok(mut game) => {
                    play(&mut game, 6);
                    Ok("loaded and played")
                }
                // The file (`case.toml`) or the level it holds (`'case'`).
                Err(err) if err.to_string().contains("case") => Ok("refused naming the level"),
                Err(err) => Err(format!("an error that does not name the file: {err}")),
            }
        });
        ending.map_err(TestCaseError::fail)
    });
}
