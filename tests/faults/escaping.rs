//! Class 8: control bytes from files never reach the terminal raw. A
//! `.map` or `.scen` file with escape sequences in it (clear the screen,
//! set the window title) is quoted in the error with the bytes escaped, by
//! every command that reads it (`render`, `sim`, `trace`, `scen`). The
//! files the game writes are class 16 (`written_files`).

use std::process::Command;

const BIN: &str = env!("CARGO_BIN_EXE_fogcrawl");
const HOSTILE: &str = "\u{1b}]0;pwned\u{7}\u{1b}[2J\u{9b}31m";

fn run(args: &[&str]) -> (String, Vec<u8>) {
    let out = Command::new(BIN)
        .args(args)
        .output()
        .expect("fogcrawl runs");
    assert!(!out.status.success(), "a hostile file is an error");
    (
        String::from_utf8_lossy(&out.stderr).into_owned(),
        out.stderr,
    )
}

fn assert_escaped(stderr: &(String, Vec<u8>)) {
    let (text, bytes) = stderr;
    assert!(
        !bytes.contains(&0x1b) && !bytes.contains(&0x07) && !text.contains('\u{9b}'),
        "raw control bytes reached the terminal: {text:?}"
    );
    assert!(
        text.contains("\\x1b"),
        "the bytes are shown escaped: {text}"
    );
}

#[test]
fn a_map_header_with_escape_sequences_is_printed_escaped() {
    let dir = tempfile::tempdir().expect("a temp dir");
    let map = dir.path().join("evil.map");
    std::fs::write(
        &map,
        format!("type {HOSTILE}\nheight 2\nwidth 2\nmap\n..\n..\n"),
    )
    .unwrap();
    let map = map.display().to_string();
    assert_escaped(&run(&["render", "--map", &map]));
    assert_escaped(&run(&["sim", "--map", &map, "--turns", "1"]));
    // Issue 35: trace printed the header's bytes raw.
    let out = dir.path().join("x.svg").display().to_string();
    assert_escaped(&run(&[
        "trace", "--map", &map, "--from", "0,0", "--to", "1,1", "--out", &out,
    ]));
}

#[test]
fn a_scenario_line_with_escape_sequences_is_printed_escaped() {
    let dir = tempfile::tempdir().expect("a temp dir");
    let scen = dir.path().join("evil.scen");
    std::fs::write(
        &scen,
        format!("version 1\n0\t{HOSTILE}\t2\t2\t0\t0\t1\t1\t1.0\n"),
    )
    .unwrap();
    assert_escaped(&run(&["scen", &scen.display().to_string()]));
}

/// In the game, file text reaches the screen through the message log and
/// the status line (a config error quotes the file): drawn escaped too.
#[cfg(feature = "tui")]
#[test]
fn control_bytes_in_game_messages_are_drawn_escaped() {
    use fogcrawl::ui::App;
    use fogcrawl::ui::theme::{ColorSupport, Palette};
    use fogcrawl_core::Importance;
    use ratatui::Terminal;
    use ratatui::backend::TestBackend;

    let mut game = crate::fixtures::duel();
    game.tell(Importance::Danger, format!("Config error: {HOSTILE}"));
    let app = App::new(game, Palette::new(ColorSupport::None));
    let mut terminal = Terminal::new(TestBackend::new(120, 40)).expect("a test terminal");
    terminal
        .draw(|frame| frame.render_widget(&app, frame.area()))
        .expect("drawn");
    let drawn: String = terminal
        .backend()
        .buffer()
        .content()
        .iter()
        .map(|cell| cell.symbol())
        .collect();
    assert!(
        !drawn.chars().any(|c| c.is_control()),
        "a control character was drawn"
    );
    assert!(
        drawn.contains("\\x1b]0;pwned"),
        "the message is drawn escaped"
    );
}
