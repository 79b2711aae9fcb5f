//! `fogcrawl lab`: the presets' numbers on screen (snapshots on ratatui's
//! `TestBackend`), the listings, drawings saved and read back by the game
//! and by `scen`, bad input, and the real binary in tmux drawing a wall
//! with mouse drags and seeing the path change.
#![cfg(feature = "tui")]

use std::path::Path;
use std::process::Command;
use std::time::{Duration, Instant};

use fogcrawl::cli::lab::{LabArgs, lab_app, opening};
use fogcrawl::lab::app::LabApp;
use fogcrawl::lab::files::save;
use fogcrawl::lab::view::{LARGE_CELL, layout_of};
use fogcrawl::ui::theme::{ColorSupport, Palette};
use gridpath::{AStar, Grid, Jps, Movement, Pos, SearchOptions};
use ratatui::Terminal;
use ratatui::backend::TestBackend;
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;

const BIN: &str = env!("CARGO_BIN_EXE_fogcrawl");

fn args() -> LabArgs {
    LabArgs {
        preset: None,
        level: None,
        map: None,
        size: None,
        algorithm: None,
        seed: None,
        list_presets: false,
        list_algorithms: false,
    }
}

/// The lab opened on `preset`, its time figures zeroed so screens repeat.
fn preset_app(preset: &str, width: u16, height: u16) -> LabApp {
    let opening = opening(&LabArgs {
        preset: Some(preset.to_owned()),
        ..args()
    })
    .expect("a preset");
    let mut app = lab_app(opening, Palette::new(ColorSupport::None));
    app.screen = (width, height);
    for recording in &mut app.recordings {
        recording.time = Duration::ZERO;
    }
    app
}

fn draw(app: &LabApp) -> Buffer {
    let (width, height) = app.screen;
    let mut terminal = Terminal::new(TestBackend::new(width, height)).expect("a test terminal");
    terminal
        .draw(|frame| frame.render_widget(app, frame.area()))
        .expect("drawing succeeds");
    terminal.backend().buffer().clone()
}

/// The symbols of one screen row from `x`, `width` wide.
fn text_at(buf: &Buffer, x: u16, y: u16, width: u16) -> String {
    (x..x + width)
        .map(|x| buf.cell((x, y)).map_or(" ", |cell| cell.symbol()))
        .collect()
}

fn screen_text(buf: &Buffer) -> String {
    let area = buf.area;
    (area.top()..area.bottom())
        .map(|y| {
            text_at(buf, area.left(), y, area.width)
                .trim_end()
                .to_owned()
                + "\n"
        })
        .collect()
}

#[test]
fn the_tutorial_shows_f_40_g_10_h_30_right_of_the_start_after_one_expansion() {
    let app = preset_app("tutorial", 80, 24);
    assert_eq!(app.shown, 1, "one expansion in");
    let buf = draw(&app);
    let layout = layout_of(&app, Rect::new(0, 0, 80, 24)).expect("80x24 fits");
    let map = layout.maps[0];
    let start = app.drawing.start();
    // The cell right of the start, in large cells 7 across and 4 down.
    let x = map.x + u16::try_from(start.x + 1).unwrap() * LARGE_CELL.0;
    let y = map.y + u16::try_from(start.y).unwrap() * LARGE_CELL.1;
    let width = LARGE_CELL.0 - 1;
    let lines: Vec<String> = (0..3)
        .map(|line| text_at(&buf, x, y + line, width))
        .collect();
    // F top left, G bottom left, H bottom right; the arrow points home.
    assert_eq!(
        lines,
        ["40    ", "  ←   ", "10  30"],
        "\n{}",
        screen_text(&buf)
    );
    insta::assert_snapshot!(screen_text(&buf));
}

#[test]
fn the_heuristics_preset_shows_both_searches_second_expansion() {
    let app = preset_app("heuristics", 120, 40);
    let text = screen_text(&draw(&app));
    assert!(text.contains("1 A* manhattan"), "{text}");
    assert!(text.contains("2 A* chebyshev"), "{text}");
    insta::assert_snapshot!(text);
}

#[test]
fn the_maze_at_80x24_and_its_jump_points() {
    let app = preset_app("maze", 80, 24);
    let text = screen_text(&draw(&app));
    assert!(text.contains("jump point search"), "{text}");
    insta::assert_snapshot!(text);
}

#[test]
fn the_fog_preset_marks_the_step_into_the_unseen_wall() {
    let app = preset_app("fog", 80, 24);
    let text = screen_text(&draw(&app));
    assert!(text.contains('✗'), "{text}");
    insta::assert_snapshot!(text);
}

#[test]
fn in_colour_the_path_is_yellow_and_closed_cells_blue() {
    let mut app = preset_app("tutorial", 80, 24);
    app.palette = Palette::new(ColorSupport::Ansi16);
    app.numbers = false;
    app.shown = app.most_expansions();
    let buf = draw(&app);
    let map = layout_of(&app, Rect::new(0, 0, 80, 24)).unwrap().maps[0];
    let path = app.recordings[0].path().unwrap().cells.clone();
    let cell = |pos: Pos| {
        buf.cell((
            map.x + u16::try_from(pos.x).unwrap(),
            map.y + u16::try_from(pos.y).unwrap(),
        ))
        .unwrap()
        .clone()
    };
    // Between the ends: yellow; the start and goal keep their own colours.
    for &pos in &path[1..path.len() - 1] {
        assert_eq!(cell(pos).bg, ratatui::style::Color::Yellow, "{pos}");
    }
    let closed_off_path = (0..7)
        .flat_map(|x| (0..5).map(move |y| Pos::new(x, y)))
        .find(|pos| {
            !path.contains(pos)
                && app.recordings[0]
                    .at(*pos, app.shown)
                    .is_some_and(|shown| shown.closed)
        })
        .expect("a closed cell off the path");
    assert_eq!(cell(closed_off_path).bg, ratatui::style::Color::Blue);
}

#[test]
fn the_help_fits_80x24_every_key_on_it() {
    let mut app = preset_app("tutorial", 80, 24);
    app.act(fogcrawl::lab::app::Action::Help);
    let text = screen_text(&draw(&app));
    for (keys, what) in fogcrawl::lab::view::HELP {
        assert!(
            text.contains(&format!("{keys:<13}{what}")),
            "{keys}: {what}\n{text}"
        );
    }
}

#[test]
fn jump_point_traces_close_what_they_expand_and_find_a_star_s_cost() {
    let grid = Grid::from_ascii(
        "..........\n\
         .####.###.\n\
         .#......#.\n\
         .#.####.#.\n\
         ..........",
        Movement::default(),
    )
    .unwrap();
    let (start, goal) = (Pos::new(0, 0), Pos::new(4, 2));
    let mut jps = Jps::new();
    jps.set_tracing(true);
    let path = jps.find_path(&grid, start, goal).unwrap().unwrap();
    let astar = AStar::new()
        .find_path(&grid, start, goal, &SearchOptions::default())
        .unwrap()
        .unwrap();
    assert!((path.cost - astar.cost).abs() < 1e-9);
    let trace = jps.trace();
    assert_eq!(trace.closed_cells().count() as u64, jps.stats().expanded);
    assert_eq!(trace.closed_cells().last(), Some(goal));
    let untraced = Jps::new().find_path(&grid, start, goal).unwrap().unwrap();
    assert_eq!(untraced, path, "tracing changes nothing");
}

#[test]
fn the_listings_print_every_preset_and_search() {
    let presets = Command::new(BIN)
        .args(["lab", "--list-presets"])
        .output()
        .unwrap();
    assert!(presets.status.success());
    let presets = String::from_utf8_lossy(&presets.stdout);
    for name in ["tutorial", "heuristics", "terrain", "fog", "maze"] {
        assert!(presets.lines().any(|l| l.starts_with(name)), "{presets}");
    }
    let searches = Command::new(BIN)
        .args(["lab", "--list-algorithms"])
        .output()
        .unwrap();
    let searches = String::from_utf8_lossy(&searches.stdout);
    assert_eq!(searches.lines().count(), 8, "{searches}");
    assert!(searches.contains("not optimal"), "{searches}");
    assert!(searches.contains("same"), "{searches}");
}

#[test]
fn bad_flags_and_files_say_what_is_wrong() {
    for (flags, expected) in [
        (vec!["lab", "--preset", "nope"], "no such preset"),
        (
            vec!["lab", "--level", "/no/such/level.toml"],
            "/no/such/level.toml",
        ),
        (vec!["lab", "--size", "3"], "WIDTHxHEIGHT"),
        (vec!["lab", "--algorithm", "dfs"], "no such search"),
    ] {
        let out = Command::new(BIN).args(&flags).output().unwrap();
        assert!(!out.status.success(), "{flags:?}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains(expected), "{flags:?}: {err}");
    }
}

#[test]
fn a_drawing_saved_loads_in_the_game_and_in_scen() {
    let dir = tempfile::tempdir().unwrap();
    let mut app = preset_app("maze", 80, 24);
    // A wall erased with the right button: a shortcut.
    app.act(fogcrawl::lab::app::Action::Press(Pos::new(6, 1), false));
    app.act(fogcrawl::lab::app::Action::Release);
    let level = dir.path().join("drawn.toml");
    save(&app.drawing, &level).unwrap();
    let render = Command::new(BIN)
        .args(["render", "--level"])
        .arg(&level)
        .output()
        .unwrap();
    assert!(
        render.status.success(),
        "{}",
        String::from_utf8_lossy(&render.stderr)
    );
    let rendered = String::from_utf8_lossy(&render.stdout);
    assert_eq!(
        rendered.lines().nth(1).map(|l| &l[..8]),
        Some("#@......"),
        "{rendered}"
    );
    let sim = Command::new(BIN)
        .args(["sim", "--turns", "20", "--seed", "1", "--level"])
        .arg(&level)
        .output()
        .unwrap();
    assert!(
        sim.status.success(),
        "{}",
        String::from_utf8_lossy(&sim.stderr)
    );

    let map = dir.path().join("drawn.map");
    let saved = save(&app.drawing, &map).unwrap();
    let scen = &saved.files[1];
    assert!(scen.to_string_lossy().ends_with("drawn.map.scen"));
    let checked = Command::new(BIN).arg("scen").arg(scen).output().unwrap();
    let report = String::from_utf8_lossy(&checked.stdout);
    assert!(
        checked.status.success(),
        "{report}{}",
        String::from_utf8_lossy(&checked.stderr)
    );
    assert!(
        report.contains("1 optimal, 0 mismatched, 0 illegal"),
        "{report}"
    );
    let play = Command::new(BIN)
        .args(["render", "--map"])
        .arg(&map)
        .output()
        .unwrap();
    assert!(
        play.status.success(),
        "{}",
        String::from_utf8_lossy(&play.stderr)
    );
}

// ---- the real binary in tmux ----

/// Whether tmux is here (the e2e tests' rule: fail without it unless
/// `FOGCRAWL_SKIP_E2E` is set).
fn tmux_ready() -> bool {
    let installed = Command::new("tmux")
        .arg("-V")
        .output()
        .is_ok_and(|out| out.status.success());
    if !installed {
        assert!(
            std::env::var_os("FOGCRAWL_SKIP_E2E").is_some(),
            "tmux is not installed; install it or set FOGCRAWL_SKIP_E2E=1"
        );
    }
    installed
}

struct Tmux {
    socket: String,
}

impl Tmux {
    fn run(&self, args: &[&str]) -> String {
        let out = Command::new("tmux")
            .arg("-L")
            .arg(&self.socket)
            .args(args)
            .output()
            .expect("tmux runs");
        assert!(
            out.status.success(),
            "tmux {args:?}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        String::from_utf8_lossy(&out.stdout).into_owned()
    }

    fn screen(&self) -> String {
        self.run(&["capture-pane", "-p", "-t", "lab"])
    }

    fn wait_until(&self, what: &str, check: impl Fn(&str) -> bool) -> String {
        let began = Instant::now();
        loop {
            let screen = self.screen();
            if check(&screen) {
                return screen;
            }
            assert!(
                began.elapsed() < Duration::from_secs(15),
                "waited for {what}:\n{screen}"
            );
            std::thread::sleep(Duration::from_millis(50));
        }
    }

    /// Types SGR mouse reports (1-based column and row), as a terminal sends them.
    fn mouse(&self, reports: &[String]) {
        for report in reports {
            self.run(&["send-keys", "-t", "lab", "-l", report]);
            std::thread::sleep(Duration::from_millis(40));
        }
    }
}

impl Drop for Tmux {
    fn drop(&mut self) {
        let _ = Command::new("tmux")
            .args(["-L", &self.socket, "kill-server"])
            .output();
    }
}

/// The `cost N` figure of the first search on the panel.
fn first_cost(screen: &str) -> Option<f64> {
    screen.lines().find_map(|line| {
        let at = line.find(" cost ")?;
        line[at + 6..].split_whitespace().next()?.parse().ok()
    })
}

#[test]
fn a_wall_dragged_with_the_mouse_in_tmux_changes_the_path_and_the_mouse_is_released() {
    if !tmux_ready() {
        return;
    }
    let tmux = Tmux {
        socket: format!("fogcrawl-lab-e2e-{}", std::process::id()),
    };
    tmux.run(&[
        "new-session",
        "-d",
        "-s",
        "lab",
        "-x",
        "80",
        "-y",
        "24",
        "bash --norc --noprofile",
    ]);
    tmux.run(&["set-option", "-t", "lab", "status", "off"]);
    let command = format!("{BIN} lab --size 40x15");
    tmux.run(&["send-keys", "-t", "lab", "-l", &command]);
    tmux.run(&["send-keys", "-t", "lab", "Enter"]);
    let screen = tmux.wait_until("the lab", |s| {
        s.contains("fogcrawl lab") && s.contains("cost ")
    });
    let before = first_cost(&screen).expect("a cost on the panel");
    assert_eq!(before, 20.0, "straight across: {screen}");
    // Column 20 of the drawing, rows 1 to 13: the map starts on screen
    // row 2 (title, search line), column 0; SGR counts from 1.
    let x = 21;
    let mut reports = vec![format!("\x1b[<0;{x};4M")];
    for row in [6, 9, 12, 15] {
        reports.push(format!("\x1b[<32;{x};{row}M"));
    }
    reports.push(format!("\x1b[<0;{x};15m"));
    tmux.mouse(&reports);
    let screen = tmux.wait_until("a longer path", |s| {
        first_cost(s).is_some_and(|c| c > before)
    });
    let wall_rows = screen
        .lines()
        .skip(3)
        .take(12)
        .filter(|line| line.chars().nth(20) == Some('#'))
        .count();
    assert_eq!(wall_rows, 12, "a wall with no gaps:\n{screen}");
    // Step back and forth through the new search.
    tmux.run(&["send-keys", "-t", "lab", "Home"]);
    tmux.wait_until("the start of the search", |s| s.contains("step 0/"));
    tmux.run(&["send-keys", "-t", "lab", "."]);
    tmux.wait_until("one step", |s| s.contains("step 1/"));
    tmux.run(&["send-keys", "-t", "lab", "q"]);
    let began = Instant::now();
    while tmux
        .run(&["display", "-p", "-t", "lab", "#{alternate_on}"])
        .trim()
        != "0"
    {
        assert!(
            began.elapsed() < Duration::from_secs(15),
            "the terminal stayed in the alternate screen:\n{}",
            tmux.screen()
        );
        std::thread::sleep(Duration::from_millis(50));
    }
    let mouse = tmux.run(&["display", "-p", "-t", "lab", "#{mouse_any_flag}"]);
    assert_eq!(mouse.trim(), "0", "mouse reporting was turned off");
    assert!(Path::new(BIN).exists());
}
