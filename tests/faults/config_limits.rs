//! Class 13: configs and levels that would take the game's memory or time
//! without bound. The watched config replaced by a FIFO during play is
//! reported as an invalid edit at once (the game loop never waits on it);
//! a config with thousands of factions or monster kinds, and a level with
//! thousands of spawns, is refused with the file, line and field.

use std::path::Path;
use std::time::{Duration, Instant};

use fogcrawl_core::{
    ConfigWatcher, LevelFile, MAX_SPAWNS, MonsterConfig, rules::MAX_FACTIONS,
    rules::MAX_MONSTER_KINDS,
};

use crate::fixtures::shipped_text;
use crate::timebox::must_finish;

/// The 1-based line of the first `needle` in `text`.
fn line_of(text: &str, needle: &str) -> usize {
    text[..text.find(needle).expect("the needle is in the text")]
        .matches('\n')
        .count()
        + 1
}

#[cfg(unix)]
#[test]
fn a_watched_config_replaced_by_a_fifo_is_an_invalid_edit_not_a_freeze() {
    let reported = must_finish("polling a config that became a FIFO", || {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("monsters.toml");
        std::fs::write(&path, shipped_text()).unwrap();
        let mut watcher = ConfigWatcher::new(&path).unwrap_or_else(|e| panic!("{e}"));
        std::fs::remove_file(&path).unwrap();
        let made = std::process::Command::new("mkfifo")
            .arg(&path)
            .status()
            .unwrap();
        assert!(made.success());
        let start = Instant::now();
        while start.elapsed() < Duration::from_secs(5) {
            if let Some(reload) = watcher.poll() {
                return format!("{reload:?}");
            }
            std::thread::sleep(Duration::from_millis(20));
        }
        "nothing reported".to_owned()
    });
    assert!(reported.contains("Invalid"), "{reported}");
    assert!(
        reported.contains("FIFO (named pipe), not a regular file"),
        "{reported}"
    );
}

#[test]
fn ten_thousand_extra_factions_are_refused_with_the_line_and_field() {
    let mut text = shipped_text();
    for n in 0..10_000 {
        text.push_str(&format!("\n[factions.extra{n}]\n"));
    }
    let path = Path::new("crowded.toml");
    let err = MonsterConfig::parse(path, &text)
        .expect_err("refused")
        .to_string();
    // The shipped five and extra0..extra10 make 16; extra11 is one too many.
    let line = line_of(&text, "[factions.extra11]");
    assert_eq!(
        err,
        format!(
            "crowded.toml:{line}:11: factions.extra11: 10005 factions are declared, more than {MAX_FACTIONS}; accepted values: at most {MAX_FACTIONS} [factions.NAME] tables"
        )
    );
}

#[test]
fn too_many_monster_kinds_are_refused_with_the_line_and_field() {
    let mut text = shipped_text();
    let shipped_kinds = text.lines().filter(|l| l.trim() == "[[monsters]]").count();
    for n in 0..200 {
        text.push_str(&format!(
            "\n[[monsters]]\nname = \"extra{n}\"\nfaction = \"goblins\"\nletter = \"x\"\nhp = 5\ndamage = [1, 2]\naccuracy = 50\n"
        ));
    }
    let err = MonsterConfig::parse(Path::new("kinds.toml"), &text)
        .expect_err("refused")
        .to_string();
    assert!(
        err.contains(&format!(
            ": monsters[{MAX_MONSTER_KINDS}]: {} monster kinds are declared, more than {MAX_MONSTER_KINDS}",
            shipped_kinds + 200
        )),
        "{err}"
    );
    assert!(err.starts_with("kinds.toml:"), "{err}");
}

#[test]
fn a_level_drawn_with_ten_thousand_spawns_is_refused_at_the_first_too_many() {
    let side = 100;
    let mut map = String::new();
    map.push_str(&format!("@>{}\n", "g".repeat(side - 2)));
    for _ in 1..side {
        map.push_str(&"g".repeat(side));
        map.push('\n');
    }
    let text = format!(
        "description = \"a crowd\"\n\n[layout]\nmap = '''\n{map}'''\n\n[layout.legend]\n\"g\" = \"spawn goblins\"\n"
    );
    let err = must_finish("loading a crowded level", move || {
        LevelFile::parse(Path::new("crowd.toml"), &text)
            .map(|_| ())
            .map_err(|e| e.to_string())
    })
    .expect_err("refused");
    // Row 1 holds 98 spawns; spawn 4097 is on map row 42, column 1.
    let spawn = MAX_SPAWNS + 1;
    let row = (spawn - (side - 2)).div_ceil(side) + 1;
    let column = (spawn - (side - 2)) - (row - 2) * side;
    assert_eq!(
        err,
        format!(
            "crowd.toml:{}:{column}: layout.map: spawn {spawn} is over the limit of {MAX_SPAWNS}; accepted values: at most {MAX_SPAWNS} spawn cells in a level",
            row + 4
        )
    );
}

#[test]
fn a_recipe_with_a_million_spawns_is_refused_with_the_line_and_field() {
    let text = "description = \"a horde\"\n\n[generator]\nkind = \"caves\"\nwidth = 64\nheight = 64\n\n[generator.spawns]\ngoblins = 1000000\n";
    let err = LevelFile::parse(Path::new("horde.toml"), text)
        .map(|_| ())
        .expect_err("refused")
        .to_string();
    assert_eq!(
        err,
        format!(
            "horde.toml:9:11: generator.spawns.goblins: 1000000 would make 1000000 spawns in all, over the limit of {MAX_SPAWNS}; accepted values: at most {MAX_SPAWNS} spawns over all factions"
        )
    );
}
