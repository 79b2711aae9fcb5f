//! What `sim --json` prints and what reads it, against the docs: every key
//! of a short sim's JSON (and of `sim --runs --json`) is named in the docs,
//! and every key `scripts/pack-report` reads is a key the sim prints and
//! the docs name. The script reads a faction's counters with a default of
//! 0 (so it still runs on an older binary): a key misspelt there, or
//! renamed in the game, would read 0 silently and make a figure look good.

use std::collections::BTreeSet;
use std::path::Path;

use fogcrawl_core::{AutopilotSkills, GameSetup, MonsterConfig, play_runs, run_sim};
use serde_json::Value;

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

fn read(path: &str) -> String {
    std::fs::read_to_string(root().join(path)).unwrap_or_else(|err| panic!("{path}: {err}"))
}

fn config() -> MonsterConfig {
    MonsterConfig::shipped().expect("the shipped monster config loads")
}

/// Every key of `value` at any depth, but not the keys of the maps named
/// in `data_maps` (their keys are data: a level number, an item's name).
fn keys(value: &Value, data_maps: &[&str], out: &mut BTreeSet<String>) {
    match value {
        Value::Object(map) => {
            for (key, inner) in map {
                out.insert(key.clone());
                if !data_maps.contains(&key.as_str()) {
                    keys(inner, data_maps, out);
                }
            }
        }
        Value::Array(items) => items.iter().for_each(|item| keys(item, data_maps, out)),
        _ => {}
    }
}

/// Whether `doc` names the field `name` as the field tables do: in code,
/// alone (`` `name` ``), as an array (`` `name[]``) or as a field of an
/// array's items (`` [].name` ``).
fn documented(doc: &str, name: &str) -> bool {
    [
        format!("`{name}`"),
        format!("`{name}[]"),
        format!("[].{name}`"),
    ]
    .iter()
    .any(|written| doc.contains(written))
}

/// The keys of a short sim's JSON on a shipped level (the scripted player
/// undying, so every faction counts something).
fn sim_keys() -> BTreeSet<String> {
    let mut setup = GameSetup::new(Some("horde"), 1, config());
    setup.undying_player = true;
    let report = run_sim(&setup, 40).expect("the level plays");
    let json: Value = serde_json::from_str(&report.to_json()).expect("the report is JSON");
    assert!(
        json["factions"].as_array().is_some_and(|f| !f.is_empty()),
        "the sim reports its factions"
    );
    let mut names = BTreeSet::new();
    keys(&json, &[], &mut names);
    names
}

#[test]
fn every_key_of_a_short_sim_is_documented_in_sim_md() {
    let doc = read("docs/SIM.md");
    let names = sim_keys();
    assert!(names.contains("searches_ended_fleeing"), "{names:?}");
    let missing: Vec<&String> = names.iter().filter(|n| !documented(&doc, n)).collect();
    assert!(missing.is_empty(), "docs/SIM.md does not name {missing:?}");
}

#[test]
fn every_key_of_sim_runs_is_documented() {
    // docs/SIM.md names what `--runs` adds; docs/MONSTER-CONFIG.md
    // ("Balance") the summary.
    let docs = read("docs/SIM.md") + &read("docs/MONSTER-CONFIG.md");
    let report =
        play_runs(None, 1, 1, &config(), 30, 1, AutopilotSkills::default()).expect("a run plays");
    let json: Value = serde_json::from_str(&report.to_json()).expect("the report is JSON");
    let mut names = BTreeSet::new();
    keys(
        &json,
        &["depth_reached", "deaths_by_level", "pack"],
        &mut names,
    );
    assert!(names.contains("results"), "{names:?}");
    let missing: Vec<&String> = names.iter().filter(|n| !documented(&docs, n)).collect();
    assert!(missing.is_empty(), "the docs do not name {missing:?}");
}

/// The keys `scripts/pack-report` reads from a report or a faction: each
/// string literal used as a subscript (`f["key"]`), with `.get("key"`, as
/// `total(report, "key")`, or tested with `"key" in`.
fn keys_pack_report_reads(script: &str) -> BTreeSet<String> {
    // The code after the module docstring.
    let code = script.splitn(3, "\"\"\"").nth(2).unwrap_or_default();
    let mut found = BTreeSet::new();
    let mut rest = code;
    while let Some(open) = rest.find('"') {
        let before = &rest[..open];
        let after = &rest[open + 1..];
        let Some(close) = after.find('"') else {
            break;
        };
        let literal = &after[..close];
        let tail = &after[close + 1..];
        let is_name = !literal.is_empty()
            && literal
                .chars()
                .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_');
        let total_arg = before
            .rfind("total(")
            .is_some_and(|at| !before[at..].contains(')') && before.ends_with(", "));
        let read = before.ends_with('[') && tail.starts_with(']')
            || before.ends_with(".get(")
            || total_arg
            || tail.starts_with(" in ");
        if is_name && read {
            found.insert(literal.to_owned());
        }
        rest = tail;
    }
    found
}

#[test]
fn the_pack_report_scan_finds_subscripts_gets_totals_and_membership_tests() {
    let script = "\"\"\"doc: f[\"not_this\"]\"\"\"\n\
        total(r, \"a_total\") + f[\"a_sub\"][\"p50\"] + f.get(\"a_get\", 0)\n\
        if \"a_member\" in f else parser.add_argument(\"--seeds\", default=\"1-8\")\n\
        print(\"levels\") and x[\"Label %\"]";
    let found: Vec<String> = keys_pack_report_reads(script).into_iter().collect();
    assert_eq!(
        found,
        ["a_get", "a_member", "a_sub", "a_total", "p50"].map(str::to_owned)
    );
}

#[test]
fn every_key_pack_report_reads_is_printed_by_the_sim_and_documented() {
    let doc = read("docs/SIM.md");
    let read_keys = keys_pack_report_reads(&read("scripts/pack-report"));
    // The figures of issue 34 read some thirty counters; a scan that finds
    // few is broken.
    for key in [
        "searches_ended_fleeing",
        "surround_room",
        "search_time",
        "p50",
    ] {
        assert!(
            read_keys.contains(key),
            "the scan misses {key}: {read_keys:?}"
        );
    }
    assert!(read_keys.len() >= 30, "{read_keys:?}");
    let printed = sim_keys();
    let unknown: Vec<&String> = read_keys.difference(&printed).collect();
    assert!(
        unknown.is_empty(),
        "scripts/pack-report reads keys `sim --json` does not print: {unknown:?}"
    );
    let missing: Vec<&String> = read_keys.iter().filter(|n| !documented(&doc, n)).collect();
    assert!(missing.is_empty(), "docs/SIM.md does not name {missing:?}");
}
