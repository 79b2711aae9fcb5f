//! The monster action log (`sim --actions`) against the behaviour counters
//! of `sim --json`: every counter the log can show is counted again here,
//! from the log's JSON lines alone, with code of its own; and the log
//! changes nothing in the game.

use std::collections::BTreeMap;

use fogcrawl_core::{GameSetup, SimReport, run_sim_logged};
use serde_json::Value;

fn config() -> fogcrawl_core::MonsterConfig {
    fogcrawl_core::MonsterConfig::shipped().expect("the shipped monster config loads")
}

/// Plays `level` and returns the report and the log's lines.
fn logged(level: &str, seed: u64, turns: u64) -> (SimReport, Vec<Value>) {
    let mut setup = GameSetup::new(Some(level), seed, config());
    setup.run = vec![level.to_owned()];
    setup.undying_player = true;
    let mut out = Vec::new();
    let (report, error) = run_sim_logged(&setup, turns, Some(&mut out)).expect("the level plays");
    assert!(error.is_none());
    let lines = String::from_utf8(out)
        .expect("the log is UTF-8")
        .lines()
        .map(|line| serde_json::from_str(line).expect("each line is a JSON object"))
        .collect();
    (report, lines)
}

/// The counters as this test reads them from the log.
#[derive(Debug, Default, PartialEq, Eq)]
struct Recount {
    plan_steps: u64,
    greedy_steps: u64,
    swaps: u64,
    flee_turns: u64,
    flee_parked: u64,
    flee_started: u64,
    flee_ended: u64,
    oscillations: u64,
    search_episodes: u64,
    search_flaps: u64,
    longest_frozen_hunt: u64,
    longest_frozen_hunt_turns: u64,
    longest_frozen_hunt_way_in_turns: u64,
    // The pack figures the log shows (issue 34).
    swapped: u64,
    swap_backs: u64,
    oscillations_with_swaps: u64,
    three_cell_loops_with_swaps: u64,
    investigate_actions: u64,
    investigate_waits: u64,
    investigate_swaps: u64,
    longest_investigation: u64,
    investigations: u64,
    investigations_detoured: u64,
    far_wander_actions: u64,
    far_wander_waits: u64,
    // How searches ended: the mode of the action after a search's last.
    searches_ended: u64,
    searches_ended_wandering: u64,
    searches_ended_hunting: u64,
    searches_ended_fleeing: u64,
    searches_ended_investigating: u64,
}

fn pos(v: &Value) -> (i64, i64) {
    let coordinate = |i: usize| v[i].as_i64().expect("a position is [x, y]");
    (coordinate(0), coordinate(1))
}

/// Reads a field the log always has.
fn field<'a, T>(line: &'a Value, name: &str, read: impl Fn(&'a Value) -> Option<T>) -> T {
    read(&line[name]).unwrap_or_else(|| panic!("{name} missing or mistyped in {line}"))
}

fn recount(lines: &[Value]) -> BTreeMap<String, Recount> {
    let mut by_actor: BTreeMap<u64, Vec<&Value>> = BTreeMap::new();
    for line in lines {
        by_actor
            .entry(field(line, "id", Value::as_u64))
            .or_default()
            .push(line);
    }
    let mut factions: BTreeMap<String, Recount> = BTreeMap::new();
    for actions in by_actor.values() {
        let faction = field(actions[0], "faction", Value::as_str).to_owned();
        let c = factions.entry(faction).or_default();
        let mut previous_mode = "";
        let mut search_length = 0;
        let mut frozen = 0;
        let mut frozen_since = 0;
        let mut way_in_since = None;
        let mut moves: Vec<((i64, i64), (i64, i64))> = Vec::new();
        let mut every_move: Vec<((i64, i64), (i64, i64))> = Vec::new();
        let mut investigating = 0;
        for action in actions {
            let mode = field(action, "mode", Value::as_str);
            let act = field(action, "act", Value::as_str);
            let (from, to) = (pos(&action["from"]), pos(&action["to"]));
            if from != to {
                every_move.push((from, to));
                if let [.., a, b, c2] = every_move.as_slice()
                    && a == c2
                    && *b == (a.1, a.0)
                {
                    c.oscillations_with_swaps += 1;
                }
                // Round three cells and on: the move of three moves ago
                // made again, the moves between joined end to start.
                if let [.., a, b, c3, d] = every_move.as_slice()
                    && d == a
                    && c3.1 == a.0
                    && a.1 == b.0
                    && b.1 == c3.0
                    && b.1 != a.0
                {
                    c.three_cell_loops_with_swaps += 1;
                }
            }
            if act == "swapped" {
                c.swapped += 1;
                continue;
            }
            if mode == "investigate" {
                c.investigate_actions += 1;
                c.investigate_waits += u64::from(act == "wait");
                c.investigate_swaps += u64::from(act == "swap");
                investigating += 1;
            } else {
                investigating = 0;
            }
            c.longest_investigation = c.longest_investigation.max(investigating);
            if let Some(line) = action["noise_line"].as_u64() {
                c.investigations += 1;
                let walk = action["noise_walk"].as_u64();
                c.investigations_detoured +=
                    u64::from(walk.is_none_or(|walk| walk as f64 > 2.5 * line as f64));
            }
            let player = pos(&action["player"]);
            let asleep = action["asleep"].as_bool().unwrap_or(false);
            if mode == "wander"
                && !asleep
                && (from.0 - player.0).abs().max((from.1 - player.1).abs()) > 48
            {
                c.far_wander_actions += 1;
                c.far_wander_waits += u64::from(act == "wait");
            }
            match act {
                "plan_step" => c.plan_steps += 1,
                "greedy_step" => c.greedy_steps += 1,
                "swap" => c.swaps += 1,
                _ => {}
            }
            if mode == "flee" {
                c.flee_turns += 1;
                c.flee_parked += u64::from(from == to && act != "attack");
                c.flee_started += u64::from(previous_mode != "flee");
            } else if previous_mode == "flee" {
                c.flee_ended += 1;
            }
            if mode == "search" {
                if previous_mode != "search" {
                    c.search_episodes += 1;
                    search_length = 0;
                }
                search_length += 1;
            } else if previous_mode == "search" {
                c.search_flaps += u64::from(mode == "wander" && search_length <= 8);
                c.searches_ended += 1;
                match mode {
                    "wander" => c.searches_ended_wandering += 1,
                    "hunt" => c.searches_ended_hunting += 1,
                    "flee" => c.searches_ended_fleeing += 1,
                    "investigate" => c.searches_ended_investigating += 1,
                    other => panic!("a search ended in mode {other}"),
                }
            }
            previous_mode = mode;
            if from != to {
                moves.push((from, to));
                if let [.., a, b, c2] = moves.as_slice()
                    && a == c2
                    && *b == (a.1, a.0)
                {
                    c.oscillations += 1;
                }
            }
            let stands = mode == "hunt"
                && field(action, "sees_player", Value::as_bool)
                && from == to
                && !matches!(act, "attack" | "shoot" | "door");
            frozen = if stands { frozen + 1 } else { 0 };
            c.longest_frozen_hunt = c.longest_frozen_hunt.max(frozen);
            // In player turns: from the turn of the run's first action to
            // this one's, both counted.
            let turn = field(action, "turn", Value::as_u64);
            if frozen == 1 {
                frozen_since = turn;
            }
            if stands {
                c.longest_frozen_hunt_turns =
                    c.longest_frozen_hunt_turns.max(turn - frozen_since + 1);
            }
            // The runs of a hunter with a way in: a shut-out action breaks
            // them.
            let way_in = stands && action["shut_out"].as_bool() != Some(true);
            way_in_since = way_in.then(|| way_in_since.unwrap_or(turn));
            if let Some(since) = way_in_since {
                c.longest_frozen_hunt_way_in_turns =
                    c.longest_frozen_hunt_way_in_turns.max(turn - since + 1);
            }
        }
    }
    count_swap_backs(lines, &mut factions);
    factions
}

/// Swaps that put a pair back where it stood before its previous swap,
/// for the mover's faction, read from the `swapped` records in log order.
fn count_swap_backs(lines: &[Value], factions: &mut BTreeMap<String, Recount>) {
    let mut faction_of: BTreeMap<u64, String> = BTreeMap::new();
    // Per pair: where each of the two stood after their last swap.
    let mut last: BTreeMap<(u64, u64), BTreeMap<u64, (i64, i64)>> = BTreeMap::new();
    for line in lines {
        let id = field(line, "id", Value::as_u64);
        let faction = field(line, "faction", Value::as_str).to_owned();
        faction_of.insert(id, faction);
        if field(line, "act", Value::as_str) != "swapped" {
            continue;
        }
        let mover = field(line, "by", Value::as_u64);
        let (from, to) = (pos(&line["from"]), pos(&line["to"]));
        // Before this swap the partner stood on `from`, the mover on `to`.
        let pair = (id.min(mover), id.max(mover));
        // It undoes the last swap when both stand where that one left
        // them (it then traded the same two cells the other way).
        let undone = last
            .get(&pair)
            .is_some_and(|after| after.get(&id) == Some(&from) && after.get(&mover) == Some(&to));
        last.insert(pair, BTreeMap::from([(id, to), (mover, from)]));
        if undone {
            let faction = faction_of.get(&mover).cloned().unwrap_or_default();
            factions.entry(faction).or_default().swap_backs += 1;
        }
    }
}

#[test]
fn the_behaviour_counters_are_what_the_action_log_shows() {
    for (level, seed) in [("horde", 1), ("warrens", 2), ("swamp", 3)] {
        let (report, lines) = logged(level, seed, 150);
        assert!(lines.len() > 100, "{level}: {} actions", lines.len());
        let counted = recount(&lines);
        for faction in &report.factions {
            let b = &faction.behaviour;
            let from_report = Recount {
                plan_steps: b.plan_steps,
                greedy_steps: b.greedy_steps,
                swaps: b.swaps,
                flee_turns: b.flee_turns,
                flee_parked: b.flee_parked,
                flee_started: b.flee_episodes.started,
                flee_ended: b.flee_episodes.ended,
                oscillations: b.oscillations,
                search_episodes: b.search_episodes,
                search_flaps: b.search_flaps,
                longest_frozen_hunt: u64::from(b.longest_frozen_hunt),
                longest_frozen_hunt_turns: u64::from(b.longest_frozen_hunt_turns),
                longest_frozen_hunt_way_in_turns: u64::from(b.longest_frozen_hunt_way_in_turns),
                swapped: faction.pack.swapped,
                swap_backs: faction.pack.swap_backs,
                oscillations_with_swaps: faction.pack.oscillations_with_swaps,
                three_cell_loops_with_swaps: faction.pack.three_cell_loops_with_swaps,
                investigate_actions: faction.pack.investigate_actions,
                investigate_waits: faction.pack.investigate_waits,
                investigate_swaps: faction.pack.investigate_swaps,
                longest_investigation: u64::from(faction.pack.longest_investigation),
                investigations: faction.pack.investigations,
                investigations_detoured: faction.pack.investigations_detoured,
                far_wander_actions: faction.pack.far_wander_actions,
                far_wander_waits: faction.pack.far_wander_waits,
                searches_ended: faction.pack.searches_ended,
                searches_ended_wandering: faction.pack.searches_ended_wandering,
                searches_ended_hunting: faction.pack.searches_ended_hunting,
                searches_ended_fleeing: faction.pack.searches_ended_fleeing,
                searches_ended_investigating: faction.pack.searches_ended_investigating,
            };
            let from_log = counted.get(&faction.name);
            assert_eq!(
                from_log.unwrap_or(&Recount::default()),
                &from_report,
                "{level} seed {seed}, {}",
                faction.name
            );
        }
    }
}

#[test]
fn every_line_has_exactly_the_documented_fields_and_moves_are_steps() {
    let (report, lines) = logged("horde", 2, 60);
    let fields = [
        "turn",
        "time",
        "id",
        "faction",
        "kind",
        "mode",
        "act",
        "from",
        "to",
        "hp",
        "max_hp",
        "sees_player",
        "player",
    ];
    // Present only where they apply (docs/SIM.md).
    let optional = [
        "by",
        "goal",
        "noise",
        "last_known",
        "blocked_by_packmate",
        "why",
        "ranged",
        "steps_to_free_cell",
        "room_to_back_off",
        "line_of_fire_blocked",
        "noise_line",
        "noise_walk",
        "asleep",
    ];
    let mut last_time = 0.0;
    let mut swapped = 0;
    for line in &lines {
        let object = line.as_object().unwrap();
        let mut keys: Vec<&str> = object
            .keys()
            .map(String::as_str)
            .filter(|key| !optional.contains(key))
            .collect();
        keys.sort_unstable();
        let mut expected = fields.to_vec();
        expected.sort_unstable();
        assert_eq!(keys, expected);
        assert_eq!(
            line["act"] == "swapped",
            object.contains_key("by"),
            "`by` names the mover in a swapped record, and only there: {line}"
        );
        swapped += usize::from(line["act"] == "swapped");
        assert_eq!(
            object.contains_key("why"),
            line["act"] == "wait" && !object.contains_key("asleep"),
            "`why` says why a monster awake waited, and only there: {line}"
        );
        let time = line["time"].as_f64().unwrap();
        assert!(time >= last_time, "in the order they happen");
        last_time = time;
        assert!(line["turn"].as_u64().unwrap() <= report.turns);
        let (from, to) = (pos(&line["from"]), pos(&line["to"]));
        let act = line["act"].as_str().unwrap();
        let moved = (from.0 - to.0).abs().max((from.1 - to.1).abs());
        match act {
            "plan_step" | "greedy_step" | "swap" | "swapped" => assert_eq!(moved, 1, "{line}"),
            "wait" | "attack" | "shoot" | "door" | "other" => assert_eq!(moved, 0, "{line}"),
            other => panic!("unknown act {other}"),
        }
        assert!(
            ["wander", "hunt", "search", "investigate", "flee"]
                .contains(&line["mode"].as_str().unwrap())
        );
    }
    let swaps = lines.iter().filter(|line| line["act"] == "swap").count();
    assert_eq!(
        swapped, swaps,
        "every swap moved a partner, and the log says so"
    );
}

#[test]
fn the_log_changes_nothing_in_the_game() {
    let mut setup = GameSetup::new(Some("warrens"), 5, config());
    setup.run = vec!["warrens".to_owned()];
    let (mut quiet, _) = run_sim_logged(&setup, 120, None).unwrap();
    let (mut logged, _) = run_sim_logged(&setup, 120, Some(&mut std::io::sink())).unwrap();
    // Timings aside, the same game.
    quiet.ai_micros = Default::default();
    logged.ai_micros = Default::default();
    quiet.level_entry_micros.clear();
    logged.level_entry_micros.clear();
    assert_eq!(quiet, logged);
}

/// Runs the `fogcrawl` binary with `args`; returns its standard output.
fn fogcrawl(args: &[&str]) -> String {
    let output = std::process::Command::new(env!("CARGO_BIN_EXE_fogcrawl"))
        .args(args)
        .output()
        .expect("fogcrawl runs");
    assert!(
        output.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    String::from_utf8(output.stdout).expect("UTF-8 output")
}

/// A sim report's JSON without the wall-clock figures.
fn without_timings(mut report: Value) -> Value {
    if let Some(object) = report.as_object_mut() {
        object.remove("ai_micros");
        object.remove("level_entry_micros");
    }
    report
}

#[test]
fn versus_the_same_config_plays_the_same_game_twice_and_another_config_differs() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let shipped = fogcrawl_core::SHIPPED_CONFIG;
    let same = dir.path().join("same.toml");
    std::fs::write(&same, shipped).expect("written");
    let run = |other: &std::path::Path| -> Value {
        let text = fogcrawl(&[
            "sim",
            "--level",
            "warrens",
            "--seed",
            "3",
            "--turns",
            "80",
            "--undying",
            "--json",
            "--versus",
            other.to_str().expect("a UTF-8 path"),
        ]);
        serde_json::from_str(&text).expect("one JSON object")
    };
    let both = run(&same);
    assert_eq!(
        without_timings(both["a"].clone()),
        without_timings(both["b"].clone())
    );
    // Short-sighted goblins: the same seed plays another game.
    let short_sighted = dir.path().join("short_sighted.toml");
    std::fs::write(
        &short_sighted,
        shipped.replace("sight_radius = 9", "sight_radius = 3"),
    )
    .expect("written");
    let both = run(&short_sighted);
    assert_ne!(
        without_timings(both["a"].clone()),
        without_timings(both["b"].clone())
    );
}

#[test]
fn sim_actions_writes_the_log_file_the_cli_names() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let log = dir.path().join("actions.jsonl");
    fogcrawl(&[
        "sim",
        "--level",
        "horde",
        "--seed",
        "1",
        "--turns",
        "20",
        "--actions",
        log.to_str().expect("a UTF-8 path"),
    ]);
    let text = std::fs::read_to_string(&log).expect("the log was written");
    assert!(text.lines().count() > 100);
    for line in text.lines() {
        let value: Value = serde_json::from_str(line).expect("a JSON line");
        assert!(value["act"].is_string());
    }
}

#[test]
fn sim_depth_plays_a_level_as_a_later_level_of_the_run_where_archers_join() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let log = dir.path().join("actions.jsonl");
    let kinds = |depth: &str| {
        let text = fogcrawl(&[
            "sim",
            "--level",
            "horde",
            "--seed",
            "1",
            "--turns",
            "30",
            "--undying",
            "--json",
            "--depth",
            depth,
            "--actions",
            log.to_str().expect("a UTF-8 path"),
        ]);
        let report: Value = serde_json::from_str(&text).expect("one JSON object");
        let log = std::fs::read_to_string(&log).expect("the log was written");
        let kinds: std::collections::BTreeSet<String> = log
            .lines()
            .map(|line| serde_json::from_str::<Value>(line).expect("a JSON line"))
            .map(|line| line["kind"].as_str().unwrap_or_default().to_owned())
            .collect();
        (report["depth"].as_u64(), kinds)
    };
    let (depth, alone) = kinds("1");
    assert_eq!(depth, Some(1));
    assert!(!alone.contains("goblin archer"), "{alone:?}");
    let (depth, deeper) = kinds("3");
    assert_eq!(depth, Some(3));
    assert!(deeper.contains("goblin archer"), "{deeper:?}");
}

#[test]
fn sim_player_evader_and_stander_play_their_own_games_the_same_each_time() {
    let run = |player: &str| -> Value {
        let text = fogcrawl(&[
            "sim",
            "--level",
            "rooms",
            "--seed",
            "1",
            "--turns",
            "150",
            "--undying",
            "--json",
            "--player",
            player,
        ]);
        without_timings(serde_json::from_str(&text).expect("one JSON object"))
    };
    let evader = run("evader");
    assert_eq!(evader, run("evader"), "same seed, same game");
    let autopilot = run("autopilot");
    assert_ne!(evader, autopilot, "another player, another game");
    // The stander too: it holds its ground where the autopilot would not.
    let stander = run("stander");
    assert_eq!(stander, run("stander"), "same seed, same game");
    assert_ne!(stander, autopilot, "another player, another game");
}

/// Swamp as a run's fifth level, seed 8: goblins 1 and 3 queue two cells
/// from a player in the room's east door (47,7), every cell next to it a
/// blow can come from held, turns 98-103 (docs/SIM.md, session 30). Their
/// frozen runs count in `longest_frozen_hunt_turns` (6 turns) and not in
/// `longest_frozen_hunt_way_in_turns`, which the log's `shut_out` breaks;
/// both as the log recounts them.
#[test]
fn a_queue_with_no_way_round_is_frozen_but_not_frozen_with_a_way_in() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let log = dir.path().join("actions.jsonl");
    let text = fogcrawl(&[
        "sim",
        "--level",
        "swamp",
        "--seed",
        "8",
        "--depth",
        "5",
        "--turns",
        "110",
        "--undying",
        "--json",
        "--actions",
        log.to_str().expect("a UTF-8 path"),
    ]);
    let report: Value = serde_json::from_str(&text).expect("one JSON object");
    let lines: Vec<Value> = std::fs::read_to_string(&log)
        .expect("the log was written")
        .lines()
        .map(|line| serde_json::from_str(line).expect("a JSON line"))
        .collect();
    let counted = recount(&lines);
    let goblins = report["factions"]
        .as_array()
        .expect("factions")
        .iter()
        .find(|f| f["name"] == "goblins")
        .expect("the goblins");
    let recounted = &counted["goblins"];
    let read = |name: &str| goblins[name].as_u64().expect("a count");
    assert_eq!(read("longest_frozen_hunt_turns"), 6, "turns 98-103");
    assert_eq!(
        read("longest_frozen_hunt_turns"),
        recounted.longest_frozen_hunt_turns
    );
    assert_eq!(
        read("longest_frozen_hunt_way_in_turns"),
        recounted.longest_frozen_hunt_way_in_turns
    );
    assert!(
        read("longest_frozen_hunt_way_in_turns") < 3,
        "the queue's runs were shut out: {}",
        read("longest_frozen_hunt_way_in_turns")
    );
}
