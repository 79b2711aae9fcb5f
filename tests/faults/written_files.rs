//! Class 16 (issue 35): the text files the game writes besides the save.
//! A second damaged score table is set aside beside the first
//! (`scores.json.bad2`), never over it; control bytes from config and
//! level text (a monster's name, a message) are escaped in the run summary
//! and the log as the screen escapes them, so `cat` of either never drives
//! the terminal; the summary draws the level in the game's symbols.

use fogcrawl_core::{
    Importance, ScoreEntry, record_score as record, scores_path, summary_text, write_summary,
};

/// Escape sequences (set the title, clear the screen, a C1 CSI), a
/// carriage return and shift-out (the line-drawing character set).
const HOSTILE: &str = "\u{1b}]0;pwned\u{7}\u{1b}[2J\u{9b}31m\r\u{e}";

fn entry() -> ScoreEntry {
    ScoreEntry {
        score: 100,
        outcome: "died".to_owned(),
        cause: "killed by the goblin".to_owned(),
        seed: 1,
        level: "rooms".to_owned(),
        depth: 1,
        run_length: 7,
        turns: 10,
        kills: 0,
        assisted: false,
        ended_at: 0,
        summary: None,
    }
}

/// `text` with every character written as a TOML `\uXXXX` escape.
fn toml_escaped(text: &str) -> String {
    text.chars()
        .map(|c| format!("\\u{:04X}", u32::from(c)))
        .collect()
}

/// No control character but line feed and tab.
fn assert_no_controls(what: &str, text: &str) {
    assert!(
        !text
            .chars()
            .any(|c| c.is_control() && c != '\n' && c != '\t'),
        "raw control bytes in {what}: {text:?}"
    );
}

#[test]
fn a_second_damaged_score_table_never_replaces_the_first_set_aside() {
    let dir = tempfile::tempdir().unwrap();
    let path = scores_path(dir.path());
    std::fs::write(&path, "the first damaged table").unwrap();
    record(&path, entry()).expect("recorded over a new table");
    std::fs::write(&path, "the second damaged table").unwrap();
    let recorded = record(&path, entry()).expect("recorded over a new table");
    let first = dir.path().join("scores.json.bad");
    assert_eq!(
        std::fs::read_to_string(&first).unwrap(),
        "the first damaged table",
        "the first table set aside was replaced"
    );
    let (second, _) = recorded.set_aside.expect("set aside");
    assert_ne!(second, first);
    assert_eq!(
        std::fs::read_to_string(&second).unwrap(),
        "the second damaged table"
    );
}

#[test]
fn a_run_summary_escapes_control_bytes_and_draws_the_game_symbols() {
    let config = crate::fixtures::shipped_text().replace(
        "name = \"goblin\"",
        &format!("name = \"goblin{}\"", toml_escaped(HOSTILE)),
    );
    assert!(config.contains("\\u001B"), "the goblin was renamed");
    let dir = tempfile::tempdir().unwrap();
    let config_path = dir.path().join("monsters.toml");
    std::fs::write(&config_path, config).unwrap();
    let config = fogcrawl_core::MonsterConfig::load(&config_path).expect("the config loads");
    let level = dir.path().join("pool.toml");
    std::fs::write(
        &level,
        "description = \"A pool.\"\n[layout]\nmap = '''\n########\n#@.WW.g#\n#.....>#\n########\n'''\n[layout.legend]\n\"g\" = \"spawn goblins\"\n",
    )
    .unwrap();
    let level = level.display().to_string();
    let mut game =
        fogcrawl_core::Game::new(&fogcrawl_core::GameSetup::new(Some(&level), 1, config))
            .expect("the level plays");
    crate::fixtures::play(&mut game, 6);
    game.tell(Importance::Danger, format!("A message: {HOSTILE}"));
    let text = summary_text(&game, 1);
    assert_no_controls("the summary", &text);
    assert!(text.contains("A message: \\x1b]0;pwned"), "{text}");
    assert!(
        text.contains("@.≈≈"),
        "deep water drawn as the game does: {text}"
    );
    let written = write_summary(dir.path(), &game, 1, 0).expect("written");
    assert_no_controls(
        "the summary file",
        &std::fs::read_to_string(written).unwrap(),
    );
}

/// The log, written in a child process (logging is set up once a process).
#[cfg(feature = "tui")]
#[test]
fn the_log_escapes_control_bytes() {
    use crate::child::{child_dir, run_case, said};
    if let Some(dir) = child_dir() {
        fogcrawl::ui::logging::init(&dir.join("fogcrawl.log")).expect("logging starts");
        // The default filter logs the game's own targets.
        tracing::warn!(target: "fogcrawl::faults", name = HOSTILE, "a monster called {HOSTILE}");
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let output = run_case(
        "written_files::the_log_escapes_control_bytes",
        dir.path(),
        "true",
    );
    assert!(output.status.success(), "{}", said(&output));
    let log = std::fs::read_to_string(dir.path().join("fogcrawl.log")).expect("the log");
    assert!(log.contains("a monster called"), "{log}");
    assert_no_controls("the log", &log);
}
