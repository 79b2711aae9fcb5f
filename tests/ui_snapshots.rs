//! Whole screens drawn to ratatui's `TestBackend` and compared with insta
//! snapshots (text only), plus cell-style checks for colours, which
//! snapshots do not hold.

use fogcrawl::ui::App;
use fogcrawl::ui::command::Command;
use fogcrawl::ui::overlay::ReplayMove;
use fogcrawl::ui::screen::ScreenLayout;
use fogcrawl::ui::theme::{ColorSupport, Palette};
use fogcrawl_core::{Direction, Game, GameSetup, Outcome};
use ratatui::Terminal;
use ratatui::backend::TestBackend;
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::Color;

const DUEL: &str = "tests/fixtures/game/duel.toml";
const NO_COLOUR: Palette = Palette::new(ColorSupport::None);

/// The pack letter of the first `kind` the player carries.
fn pack_letter(app: &App, kind: fogcrawl_core::ItemKind) -> char {
    app.game
        .inventory()
        .letter_of(kind)
        .expect("the item is carried")
}

fn app(level: &str, seed: u64, palette: Palette) -> App {
    let game = Game::new(&GameSetup::new(
        Some(level),
        seed,
        // Every monster awake: the screens show hunts, not sleepers.
        fogcrawl_core::MonsterConfig::shipped()
            .expect("the shipped monster config loads")
            .all_awake(),
    ))
    .expect("the level loads");
    App::new(game, palette)
}

fn draw(app: &App, width: u16, height: u16) -> Terminal<TestBackend> {
    let mut terminal = Terminal::new(TestBackend::new(width, height)).expect("a test terminal");
    terminal
        .draw(|frame| frame.render_widget(app, frame.area()))
        .expect("drawing succeeds");
    terminal
}

/// The symbols of `area` in `buf`, row by row.
fn text_of(buf: &Buffer, area: Rect) -> String {
    let mut text = String::new();
    for y in area.top()..area.bottom() {
        for x in area.left()..area.right() {
            text.push_str(buf.cell((x, y)).map_or(" ", |cell| cell.symbol()));
        }
        text.push('\n');
    }
    text
}

fn map_area(width: u16, height: u16) -> Rect {
    let frame = ScreenLayout::new(Rect::new(0, 0, width, height)).map_frame;
    Rect::new(frame.x + 1, frame.y + 1, frame.width - 2, frame.height - 2)
}

#[test]
fn first_screen_duel() {
    let terminal = draw(&app(DUEL, 1, NO_COLOUR), 100, 32);
    insta::assert_snapshot!(terminal.backend());
}

#[test]
fn first_screen_swamp() {
    let terminal = draw(&app("swamp", 1, NO_COLOUR), 100, 32);
    insta::assert_snapshot!(terminal.backend());
}

#[test]
fn big_level_with_the_camera_following_the_player() {
    // The warrens (200x100) are larger than a 200x60 terminal: after a few
    // steps the camera keeps @ in view.
    let mut app = app("warrens", 7, NO_COLOUR);
    for direction in [Direction::East, Direction::East, Direction::South] {
        app.update(Command::Step(direction));
    }
    let terminal = draw(&app, 200, 60);
    let map = text_of(terminal.backend().buffer(), map_area(200, 60));
    assert!(map.contains('@'), "the player is on screen");
    insta::assert_snapshot!(terminal.backend());
}

#[test]
fn help_popup() {
    let mut app = app(DUEL, 1, NO_COLOUR);
    app.update(Command::ShowHelp);
    let terminal = draw(&app, 100, 32);
    insta::assert_snapshot!(terminal.backend());
}

#[test]
fn door_prompt_and_refusal_on_the_status_line() {
    let mut app = app(DUEL, 1, NO_COLOUR);
    app.update(Command::Step(Direction::North));
    let terminal = draw(&app, 100, 32);
    let bottom = text_of(terminal.backend().buffer(), Rect::new(0, 31, 100, 1));
    assert!(
        bottom.contains("A wall blocks the way. (no time passed)"),
        "{bottom}"
    );
}

#[test]
fn a_long_refusal_wraps_on_the_status_line_at_80x24() {
    // South, then north-east past the wall's corner: the corner rule.
    let mut app = app(DUEL, 1, NO_COLOUR);
    app.update(Command::Step(Direction::South));
    app.update(Command::Step(Direction::NorthEast));
    let notice = app
        .notice()
        .expect("the corner step is refused")
        .text
        .clone();
    assert!(
        notice.len() + " (no time passed)".len() > 80,
        "too short to need a second row: {notice}"
    );
    let terminal = draw(&app, 80, 24);
    let bottom = text_of(terminal.backend().buffer(), Rect::new(0, 22, 80, 2));
    assert!(bottom.contains("(no time passed)"), "{bottom}");
    insta::assert_snapshot!(terminal.backend());
}

#[test]
fn a_stopped_explore_says_how_long_in_words_that_fit_at_80x24() {
    let mut app = app(DUEL, 1, NO_COLOUR);
    app.update(Command::Explore);
    let terminal = draw(&app, 80, 24);
    insta::assert_snapshot!(terminal.backend());
}

#[test]
fn the_header_fits_at_80x24_and_the_seed_is_on_screen() {
    let terminal = draw(&app("swamp", 12345, NO_COLOUR), 80, 24);
    let buf = terminal.backend().buffer();
    let header = text_of(buf, Rect::new(0, 0, 80, 1));
    assert!(header.trim_end().ends_with('…'), "{header}");
    assert!(text_of(buf, buf.area).contains("Seed  12345"));
    insta::assert_snapshot!(terminal.backend());
}

#[test]
fn the_header_shows_the_whole_description_at_120x40() {
    let terminal = draw(&app("rooms", 3, NO_COLOUR), 120, 40);
    let buf = terminal.backend().buffer();
    let header = text_of(buf, Rect::new(0, 0, 120, 2));
    assert!(!header.contains('…'), "{header}");
    assert!(header.contains("painted by noise."), "{header}");
    insta::assert_snapshot!(terminal.backend());
}

#[test]
fn too_small() {
    let app = app(DUEL, 1, NO_COLOUR);
    let terminal = draw(&app, 59, 20);
    insta::assert_snapshot!(terminal.backend());
}

/// At 40x12 (a phone's terminal, a split pane) the sizes stay whole on
/// their line and the way out is said: the one line of before broke
/// inside "(now / 40x12)".
#[test]
fn too_small_keeps_each_size_whole_and_says_how_to_quit() {
    let app = app(DUEL, 1, NO_COLOUR);
    let terminal = draw(&app, 40, 12);
    let text = text_of(terminal.backend().buffer(), Rect::new(0, 0, 40, 12));
    let lines: Vec<&str> = text
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty())
        .collect();
    assert_eq!(
        lines,
        [
            "terminal too small",
            "need 60x20, now 40x12",
            "the game waits; q saves and quits"
        ],
        "{text}"
    );
}

#[test]
fn tiny_terminals_do_not_panic() {
    let app = app(DUEL, 1, NO_COLOUR);
    for (width, height) in [
        (1, 1),
        (2, 1),
        (1, 3),
        (10, 2),
        (60, 19),
        (59, 40),
        (60, 20),
    ] {
        let terminal = draw(&app, width, height);
        let text = text_of(terminal.backend().buffer(), Rect::new(0, 0, width, height));
        if width < 60 || height < 20 {
            assert!(
                !text.contains('@'),
                "{width}x{height} must not draw the game"
            );
        } else {
            assert!(text.contains('@'), "{width}x{height} draws the game");
        }
    }
}

#[test]
fn death_screen() {
    // Waiting on the crowded warrens gets the player killed (deterministically).
    let mut app = app("warrens", 7, NO_COLOUR);
    for _ in 0..5000 {
        if app.game.is_over() {
            break;
        }
        app.update(Command::Wait);
    }
    assert!(
        matches!(app.game.outcome(), Some(Outcome::Died { .. })),
        "{:?}",
        app.game.outcome()
    );
    let terminal = draw(&app, 100, 32);
    insta::assert_snapshot!(terminal.backend());
}

#[test]
fn no_color_has_no_colours_and_factions_get_theirs_in_colour() {
    // Open the duel's door so the goblin down the corridor comes into sight.
    let setup = |palette| {
        let mut app = app(DUEL, 1, palette);
        app.update(Command::Step(Direction::East));
        app.update(Command::OpenDoor);
        app
    };
    let plain = setup(NO_COLOUR);
    let terminal = draw(&plain, 100, 32);
    for cell in terminal.backend().buffer().content() {
        assert_eq!((cell.fg, cell.bg), (Color::Reset, Color::Reset), "{cell:?}");
    }

    let palette = Palette::new(ColorSupport::TrueColor);
    let coloured = setup(palette);
    let (_, goblin) = coloured
        .game
        .visible_monsters()
        .next()
        .expect("the goblin is in sight through the open door");
    let terminal = draw(&coloured, 100, 32);
    let area = map_area(100, 32);
    let buf = terminal.backend().buffer();
    let goblin_cell = (area.x..area.right())
        .flat_map(|x| (area.y..area.bottom()).map(move |y| (x, y)))
        .filter_map(|pos| buf.cell(pos))
        .find(|cell| cell.symbol() == "g")
        .unwrap_or_else(|| panic!("a goblin on the map at {:?}", goblin.pos));
    assert_eq!(Some(goblin_cell.fg), palette.faction("goblins").fg);
    assert_ne!(palette.faction("goblins").fg, palette.faction("rats").fg);
}

#[test]
fn unseen_monsters_are_not_drawn() {
    // Behind the closed door the goblin is unseen: no `g` on the map.
    let app = app(DUEL, 1, NO_COLOUR);
    assert_eq!(app.game.visible_monsters().count(), 0);
    let terminal = draw(&app, 100, 32);
    let map = text_of(terminal.backend().buffer(), map_area(100, 32));
    assert!(!map.contains('g'), "{map}");
    // The goblin is there all the same, just out of sight.
    assert!(app.game.living_monsters() > 0);
}

#[test]
fn victory_screen() {
    // The duel is a run of one level: walk east through the door, fight the
    // goblin if it comes, and take the stairs in the far corner.
    let mut app = app(DUEL, 1, NO_COLOUR);
    let route = [Direction::East; 7].into_iter().chain([Direction::South]);
    for direction in route {
        let target = direction.from(app.game.player().pos);
        // Keep bumping until the step is made (an enemy in the way is attacked).
        for _ in 0..40 {
            if app.game.player().pos == target || app.game.is_over() {
                break;
            }
            app.update(Command::Step(direction));
        }
    }
    app.update(Command::Descend);
    assert!(
        matches!(app.game.outcome(), Some(Outcome::Won { .. })),
        "{:?} at {:?}",
        app.game.outcome(),
        app.game.player().pos
    );
    let terminal = draw(&app, 100, 32);
    insta::assert_snapshot!(terminal.backend());
}

const OVERLAY_LEVEL: &str = "tests/fixtures/game/overlay.toml";

/// The overlay room with the overlay on, following the goblin, after one
/// turn (the goblin sees the player and plans a traced search).
fn overlay_app(palette: Palette) -> App {
    let mut app = app(OVERLAY_LEVEL, 3, palette);
    app.update(Command::ToggleOverlay);
    app.update(Command::Wait);
    assert!(
        app.game.traced_search(1).is_some(),
        "the goblin's search was traced"
    );
    // AI time is wall-clock: pin it so no figure (even one half covered by
    // a popup, where the mask cannot see its label) depends on the machine.
    let turns = app.game.stats().ai_micros().len();
    app.game.stats_mut().set_ai_micros(vec![250; turns]);
    app
}

/// The screen as text with wall-clock figures (`µs 98`, `max 8349µs`)
/// masked as `#`, so snapshots do not depend on the machine. Lines with a
/// mask have their runs of spaces squeezed (the figures' widths vary).
fn masked_screen(terminal: &Terminal<TestBackend>) -> String {
    let area = terminal.backend().buffer().area;
    let text = text_of(terminal.backend().buffer(), area);
    text.lines()
        .map(mask_timings)
        .collect::<Vec<_>>()
        .join("\n")
}

fn mask_timings(line: &str) -> String {
    let mut out = String::with_capacity(line.len());
    let chars: Vec<char> = line.chars().collect();
    let mut i = 0;
    while i < chars.len() {
        let rest: String = chars[i..].iter().take(4).collect();
        let (prefix_len, masked) = if rest.starts_with("µs ") {
            (3, true)
        } else if rest.starts_with("max ") {
            (4, true)
        } else {
            (0, false)
        };
        // Figures may be padded to a fixed width: skip the padding.
        let mut digits_at = i + prefix_len;
        while masked && chars.get(digits_at) == Some(&' ') {
            digits_at += 1;
        }
        if masked && chars.get(digits_at).is_some_and(char::is_ascii_digit) {
            out.extend(&chars[i..i + prefix_len]);
            i = digits_at;
            while chars.get(i).is_some_and(char::is_ascii_digit) {
                i += 1;
            }
            out.push('#');
            continue;
        }
        out.push(chars[i]);
        i += 1;
    }
    if out.contains('#') && line.contains('µ') {
        let mut squeezed = String::with_capacity(out.len());
        for c in out.chars() {
            if !(c == ' ' && squeezed.ends_with(' ')) {
                squeezed.push(c);
            }
        }
        return squeezed;
    }
    out
}

#[test]
fn overlay_search_layer() {
    let app = overlay_app(NO_COLOUR);
    insta::assert_snapshot!(masked_screen(&draw(&app, 100, 32)));
}

#[test]
fn overlay_belief_layer() {
    let mut app = overlay_app(NO_COLOUR);
    app.update(Command::NextLayer);
    insta::assert_snapshot!(masked_screen(&draw(&app, 100, 32)));
}

#[test]
fn overlay_influence_layers() {
    let mut app = overlay_app(NO_COLOUR);
    // A goblin was hurt beside the swamp: the danger map has a stamp.
    let goblins = app.game.faction_index_of(1).expect("the goblin's faction");
    app.game
        .faction_mut(goblins)
        .mark_danger(gridpath::Pos::new(8, 4), 1.0);
    app.update(Command::NextLayer);
    for layer in ["danger", "crowding", "threat"] {
        app.update(Command::NextLayer);
        let screen = masked_screen(&draw(&app, 100, 32));
        assert!(
            screen.contains(&format!("Overlay: influence: {layer}")),
            "{screen}"
        );
        insta::assert_snapshot!(format!("overlay_influence_{layer}"), screen);
    }
}

#[test]
fn overlay_coarse_layer_draws_a_far_plan_and_says_it_is_coarse() {
    let mut app = overlay_app(NO_COLOUR);
    // The goblin, as a far hunt leaves it (forged: the room is too small
    // for a goal two clusters off): a refined stretch, then the coarse
    // path's waypoints to the goal.
    let cell = gridpath::Pos::new;
    let goal = cell(19, 2);
    let brain = app.game.actor_mut(1).brain.as_mut().expect("a monster");
    brain.mode = fogcrawl_core::Mode::Hunt;
    brain.raw_plan = vec![cell(10, 6), cell(11, 6), cell(12, 6), cell(13, 6)];
    brain.plan = brain.raw_plan.clone();
    brain.coarse_route = vec![cell(15, 5), cell(16, 5), goal];
    brain.plan_goal = Some(goal);
    brain.thought = fogcrawl_core::Thought::FollowingCoarsePlan { goal, clusters: 2 };
    for _ in 0..5 {
        app.update(Command::NextLayer);
    }
    let screen = masked_screen(&draw(&app, 100, 32));
    assert!(screen.contains("Overlay: coarse"), "{screen}");
    assert!(screen.contains("(coarse: 2"), "{screen}");
    insta::assert_snapshot!(screen);
}

#[test]
fn overlay_replay_with_the_inspector() {
    let mut app = overlay_app(NO_COLOUR);
    app.update(Command::ToggleReplay);
    let time = app.game.time();
    for _ in 0..5 {
        app.update(Command::Replay(ReplayMove::Forward(1)));
    }
    // Movement keys move the cursor, not the player: no time passes.
    app.update(Command::MoveCursor(Direction::West));
    app.update(Command::MoveCursor(Direction::East));
    assert_eq!(app.game.time(), time, "a replay pauses the game");
    let screen = masked_screen(&draw(&app, 100, 32));
    assert!(screen.contains("REPLAY node 5/"), "{screen}");
    assert!(screen.contains("g ") && screen.contains(" h ") && screen.contains(" f "));
    insta::assert_snapshot!(screen);
}

#[test]
fn overlay_compare_side_by_side() {
    let mut app = overlay_app(NO_COLOUR);
    // The first variant is the first other heuristic (manhattan).
    app.update(Command::CycleCompare);
    let screen = masked_screen(&draw(&app, 100, 32));
    assert!(screen.contains("vs manhattan w1.0"), "{screen}");
    insta::assert_snapshot!(screen);
}

#[test]
fn overlay_help_lists_its_keys_and_marks() {
    let mut app = overlay_app(NO_COLOUR);
    app.update(Command::ShowHelp);
    let screen = masked_screen(&draw(&app, 100, 32));
    for key in ["Tab", "[ ]", "- =", "{ }", "g G"] {
        assert!(screen.contains(key), "{key}: {screen}");
    }
    insta::assert_snapshot!(screen);
}

#[test]
fn overlay_in_colour_and_without() {
    // Without colour the marks are glyphs alone; in 16 colours they are
    // coloured too, and the glyphs are the same.
    let plain = overlay_app(NO_COLOUR);
    let terminal = draw(&plain, 100, 32);
    for cell in terminal.backend().buffer().content() {
        assert_eq!((cell.fg, cell.bg), (Color::Reset, Color::Reset), "{cell:?}");
    }
    let ansi = overlay_app(Palette::new(ColorSupport::Ansi16));
    let coloured = draw(&ansi, 100, 32);
    let map = map_area(100, 32);
    assert_eq!(
        text_of(terminal.backend().buffer(), map),
        text_of(coloured.backend().buffer(), map)
    );
    let open = (map.x..map.right())
        .flat_map(|x| (map.y..map.bottom()).map(move |y| (x, y)))
        .filter_map(|pos| coloured.backend().buffer().cell(pos))
        .find(|cell| cell.symbol() == "o")
        .expect("an open cell on the map");
    assert_eq!(open.fg, Color::LightGreen);
}

const PANTRY: &str = "tests/fixtures/game/pantry.toml";

#[test]
fn inventory_screen_at_80x24() {
    // Step onto the draught and pick it up, then open the inventory.
    let mut app = app(PANTRY, 1, NO_COLOUR);
    app.update(Command::Step(Direction::East));
    app.update(Command::Step(Direction::East));
    app.update(Command::PickUp);
    app.update(Command::ShowInventory);
    let terminal = draw(&app, 80, 24);
    let screen = text_of(terminal.backend().buffer(), Rect::new(0, 0, 80, 24));
    assert!(screen.contains("a) 2 healing draughts"), "{screen}");
    insta::assert_snapshot!(terminal.backend());
}

#[test]
fn the_panel_names_what_lies_underfoot_and_its_key_at_80x24() {
    // Stand on the draught with one item in the pack, then ten:
    // "Pack  1 item (i), 1 here (g)" took 28 of the 26 columns and lost
    // the (g) that says how to pick it up (play21); the key bar names i.
    let mut app = app(PANTRY, 1, NO_COLOUR);
    app.update(Command::Step(Direction::East));
    app.update(Command::Step(Direction::East));
    let panel = |app: &App| {
        let terminal = draw(app, 80, 24);
        text_of(terminal.backend().buffer(), Rect::new(52, 0, 28, 24))
    };
    // The run starts with a draught in the pack.
    let screen = panel(&app);
    assert!(screen.contains("Pack  1 item, 1 here (g)"), "{screen}");
    for _ in 0..9 {
        app.game
            .inventory_mut()
            .add(fogcrawl_core::ItemKind::ThrowingKnife);
    }
    let screen = panel(&app);
    assert!(screen.contains("Pack  10 items, 1 here (g)"), "{screen}");
}

#[test]
fn a_full_pack_shows_every_letter_at_80x24() {
    // Five items' whole descriptions filled the 14 rows of the popup and
    // hid the wand's (play21, seed 2101); seven would hide letters. Each
    // description is cut to a line when all do not fit.
    let mut app = app(PANTRY, 1, NO_COLOUR);
    let carried = [
        fogcrawl_core::ItemKind::HealingDraught,
        fogcrawl_core::ItemKind::ThrowingKnife,
        fogcrawl_core::ItemKind::Noisemaker,
        fogcrawl_core::ItemKind::Caltrops,
        fogcrawl_core::ItemKind::SmokeBomb,
        fogcrawl_core::ItemKind::ScrollOfMapping,
        fogcrawl_core::ItemKind::WandOfSlowing,
    ];
    for kind in carried {
        app.game.inventory_mut().add(kind);
    }
    app.update(Command::ShowInventory);
    let terminal = draw(&app, 80, 24);
    let screen = text_of(terminal.backend().buffer(), Rect::new(0, 0, 80, 24));
    for kind in carried {
        let letter = pack_letter(&app, kind);
        assert!(
            screen.contains(&format!("{letter}) ")),
            "{letter}:\n{screen}"
        );
    }
    assert!(screen.contains("g) a wand of slowing"), "{screen}");
    // A wider terminal has room for every description whole.
    let terminal = draw(&app, 120, 40);
    let wide = text_of(terminal.backend().buffer(), map_area(120, 40));
    assert!(!wide.contains('…'), "{wide}");
    insta::assert_snapshot!(screen);
}

#[test]
fn look_screen_names_the_goblin_and_its_state() {
    let mut app = app(PANTRY, 1, NO_COLOUR);
    app.update(Command::Look);
    for _ in 0..7 {
        app.update(Command::MoveCursor(Direction::East));
    }
    let terminal = draw(&app, 80, 24);
    let screen = text_of(terminal.backend().buffer(), Rect::new(0, 0, 80, 24));
    assert!(screen.contains("goblin (goblins):"), "{screen}");
    insta::assert_snapshot!(terminal.backend());
}

#[test]
fn message_history_scrolls_through_the_whole_log() {
    let mut app = app(DUEL, 1, NO_COLOUR);
    // Hardier than a new run's player: the goblin's blows fill more than
    // the popup's rows before the fight ends.
    app.game.actor_mut(0).max_hp = 40;
    app.game.actor_mut(0).hp = 40;
    for _ in 0..40 {
        app.update(Command::Step(Direction::North));
        app.update(Command::Wait);
    }
    app.update(Command::ShowMessages);
    let newest = draw(&app, 80, 24);
    let newest_text = text_of(newest.backend().buffer(), Rect::new(0, 0, 80, 24));
    app.update(Command::Scroll(fogcrawl::ui::command::Scroll::Top));
    let oldest = draw(&app, 80, 24);
    let oldest_text = text_of(oldest.backend().buffer(), Rect::new(0, 0, 80, 24));
    assert!(oldest_text.contains("You enter duel"), "{oldest_text}");
    assert_ne!(oldest_text, newest_text, "the history scrolls");
    insta::assert_snapshot!(oldest.backend());
}

#[test]
fn help_fits_80x24_by_scrolling_to_every_key() {
    let mut app = app(DUEL, 1, NO_COLOUR);
    app.update(Command::ShowHelp);
    let mut seen = String::new();
    for _ in 0..10 {
        let terminal = draw(&app, 80, 24);
        seen.push_str(&text_of(
            terminal.backend().buffer(),
            Rect::new(0, 0, 80, 24),
        ));
        app.update(Command::Scroll(fogcrawl::ui::command::Scroll::Down(
            fogcrawl::ui::command::PAGE_LINES,
        )));
    }
    for key in [
        "explore",
        "travel",
        "rest until healed",
        "pick up",
        "inventory",
        "look",
        "message history",
        "Tab",
    ] {
        assert!(seen.contains(key), "help at 80x24 never shows '{key}'");
    }
}

/// A data folder of its own for a test, under `target/`, emptied first, so
/// the paths on screen are the same on every machine.
fn fresh_data_dir(name: &str) -> std::path::PathBuf {
    let dir = std::path::PathBuf::from("target/snapshot-data").join(name);
    let _ = std::fs::remove_dir_all(&dir);
    dir
}

/// Three earlier runs in the score table, one of them assisted.
fn earlier_scores(dir: &std::path::Path) {
    let entry = |score: u64, seed: u64, assisted: bool, outcome: &str, cause: &str| {
        fogcrawl_core::ScoreEntry {
            score,
            outcome: outcome.to_owned(),
            cause: cause.to_owned(),
            seed,
            level: "caves".to_owned(),
            depth: 3,
            run_length: 7,
            turns: 900,
            kills: 6,
            assisted,
            ended_at: 1_795_000_000,
            summary: None,
        }
    };
    let mut table = fogcrawl_core::ScoreTable::empty();
    table.insert(entry(1460, 11, false, "won", "escaped the dungeon"));
    table.insert(entry(360, 12, true, "died", "killed by the wolf"));
    table.insert(entry(40, 13, false, "died", "killed by the rat"));
    table
        .save(&fogcrawl_core::scores_path(dir))
        .expect("the table is written");
}

/// The screen as text with the summary file's time stamp masked (it says
/// when the test ran).
fn stamped_screen(terminal: &Terminal<TestBackend>, app: &App) -> String {
    let area = terminal.backend().buffer().area;
    let mut text = text_of(terminal.backend().buffer(), area);
    let record = app.run_record().expect("the run was recorded");
    let path = record.summary.as_ref().expect("the summary was written");
    let name = path
        .file_name()
        .expect("a file name")
        .to_string_lossy()
        .into_owned();
    let seed_part = format!("run-{}-", app.game.seed());
    assert!(text.contains(&name), "the summary's file is named:\n{text}");
    let stamp = &name[seed_part.len()..seed_part.len() + 15];
    text = text.replace(stamp, "YYYYMMDD-HHMMSS");
    text
}

#[test]
fn death_screen_with_summary_and_scores_at_80x24() {
    let data = fresh_data_dir("death");
    earlier_scores(&data);
    let mut app = app("warrens", 7, NO_COLOUR);
    app.set_data_dir(data.clone());
    for _ in 0..5000 {
        if app.game.is_over() {
            break;
        }
        app.update(Command::Wait);
    }
    assert!(matches!(app.game.outcome(), Some(Outcome::Died { .. })));
    let terminal = draw(&app, 80, 24);
    let screen = stamped_screen(&terminal, &app);
    // The run's gear, experience level and a line per level, as in the
    // summary file (issue 37): the level's line counts the game's turns.
    let level_line = format!(
        "7. warrens: {} turns, 0 kills",
        app.game.stats().player_turns()
    );
    for expected in [
        "High scores: this run is #",
        "r same seed",
        "(assisted)",
        "Summary:",
        "Experience level 1; dagger, no armour",
        level_line.as_str(),
    ] {
        assert!(screen.contains(expected), "{expected:?} missing:\n{screen}");
    }
    insta::assert_snapshot!(screen);
    // The summary names the seed and the cause; the table holds the run.
    let record = app.run_record().expect("recorded");
    let summary =
        std::fs::read_to_string(record.summary.as_ref().expect("written")).expect("readable");
    assert!(summary.contains("Seed:      7"), "{summary}");
    assert!(summary.contains("Outcome:   died: killed by"), "{summary}");
    let table = fogcrawl_core::ScoreTable::load(&fogcrawl_core::scores_path(&data))
        .expect("the table reads back");
    assert_eq!(table.scores.len(), 4);
    // Shown by a replay, the end offers the replay's keys, not a new game,
    // the same seed or watching it again.
    // (The replay writes its own key bar over the app's bottom row.)
    app.watched_in_replay();
    let watched = stamped_screen(&draw(&app, 80, 24), &app);
    let popup: String = watched
        .lines()
        .filter(|line| line.contains('║'))
        .collect::<Vec<_>>()
        .join("\n");
    assert!(popup.contains("High scores: this run is #"), "{watched}");
    for offered in ["r same seed", "n new game", "w watch"] {
        assert!(!popup.contains(offered), "{offered:?} offered:\n{watched}");
    }
}

#[test]
fn victory_screen_assisted_at_120x40_and_the_same_seed_again() {
    let data = fresh_data_dir("victory");
    let mut app = app(DUEL, 1, NO_COLOUR);
    app.set_data_dir(data);
    // A look at the overlay marks the run assisted.
    app.update(Command::ToggleOverlay);
    app.update(Command::ToggleOverlay);
    win_the_duel(&mut app);
    assert!(matches!(app.game.outcome(), Some(Outcome::Won { .. })));
    let terminal = draw(&app, 120, 40);
    let screen = stamped_screen(&terminal, &app);
    assert!(screen.contains("Assisted"), "{screen}");
    insta::assert_snapshot!(screen);
    app.update(Command::SameSeed);
    assert!(!app.game.is_over());
    assert_eq!(app.game.seed(), 1);
    assert!(!app.game.is_assisted(), "a new run starts unassisted");
    assert_eq!(app.game.level().name, "duel");
}

#[test]
fn a_damaged_score_table_is_named_on_the_end_screen() {
    let data = fresh_data_dir("damaged");
    std::fs::create_dir_all(&data).expect("the folder");
    std::fs::write(
        fogcrawl_core::scores_path(&data),
        "{\"format\": 1, \"scores\": [}",
    )
    .expect("a damaged table");
    let mut app = app(DUEL, 1, NO_COLOUR);
    app.set_data_dir(data.clone());
    win_the_duel(&mut app);
    assert!(app.game.is_over());
    let terminal = draw(&app, 100, 32);
    let screen = text_of(terminal.backend().buffer(), Rect::new(0, 0, 100, 32));
    assert!(screen.contains("is damaged: line"), "{screen}");
    assert!(screen.contains("scores.json.bad"), "{screen}");
    assert!(data.join("scores.json.bad").exists());
}

#[test]
fn the_panel_numbers_same_letter_monsters_and_marks_the_one_looked_at_at_100x40() {
    let dir = std::env::temp_dir().join(format!("fogcrawl-two-goblins-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a folder");
    let level = dir.join("two.toml");
    std::fs::write(
        &level,
        "description = \"Two goblins.\"\n\n[layout]\nmap = '''\n############\n#@...g..g..#\n#.........>#\n############\n'''\n\n[layout.legend]\n\"g\" = \"spawn goblins\"\n",
    )
    .expect("the level");
    let mut app = app(&level.display().to_string(), 1, NO_COLOUR);
    app.update(Command::Look);
    app.update(Command::NextMonster);
    app.update(Command::NextMonster);
    let terminal = draw(&app, 100, 40);
    let screen = text_of(terminal.backend().buffer(), Rect::new(0, 0, 100, 40));
    assert!(screen.contains("g1 goblin"), "{screen}");
    assert!(
        screen.contains("▶g2 goblin") || screen.contains("▶g1 goblin"),
        "{screen}"
    );
    // Only the level's name (a temporary path) differs between machines.
    let name = app.game.level().name.clone();
    insta::assert_snapshot!(screen.replace(&name, "two"));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn aiming_the_knife_names_the_target_at_80x24() {
    let mut app = app(DUEL, 1, NO_COLOUR);
    app.update(Command::Step(Direction::East));
    app.update(Command::OpenDoor);
    app.game
        .inventory_mut()
        .add(fogcrawl_core::ItemKind::ThrowingKnife);
    let letter = pack_letter(&app, fogcrawl_core::ItemKind::ThrowingKnife);
    app.update(Command::ShowInventory);
    app.update(Command::UseLetter(letter));
    let terminal = draw(&app, 80, 24);
    let screen = text_of(terminal.backend().buffer(), Rect::new(0, 0, 80, 24));
    assert!(screen.contains("Throw the throwing knife at?"), "{screen}");
    assert!(screen.contains("Aim (Enter throws)"), "{screen}");
    insta::assert_snapshot!(screen);
}

#[test]
fn aiming_the_wand_says_zap_not_throw_at_80x24() {
    let mut app = app(DUEL, 1, NO_COLOUR);
    app.update(Command::Step(Direction::East));
    app.update(Command::OpenDoor);
    app.game
        .inventory_mut()
        .add(fogcrawl_core::ItemKind::WandOfSlowing);
    let letter = pack_letter(&app, fogcrawl_core::ItemKind::WandOfSlowing);
    app.update(Command::ShowInventory);
    app.update(Command::UseLetter(letter));
    let terminal = draw(&app, 80, 24);
    let screen = text_of(terminal.backend().buffer(), Rect::new(0, 0, 80, 24));
    assert!(screen.contains("Zap the wand of slowing at?"), "{screen}");
    assert!(screen.contains("Aim (Enter zaps)"), "{screen}");
    assert!(screen.contains("Enter fire"), "{screen}");
    assert!(!screen.contains("Throw the wand"), "{screen}");
}

#[test]
fn a_slowed_monster_says_so_in_the_panel_and_under_look_at_80x24() {
    // Only the debug overlay told a wand's slowing, and opening it marks
    // the run assisted: play21 zapped a wolf and could not see it work.
    let mut app = app(DUEL, 1, NO_COLOUR);
    app.update(Command::Step(Direction::East));
    app.update(Command::OpenDoor);
    app.game
        .inventory_mut()
        .add(fogcrawl_core::ItemKind::WandOfSlowing);
    let letter = pack_letter(&app, fogcrawl_core::ItemKind::WandOfSlowing);
    app.update(Command::ShowInventory);
    app.update(Command::UseLetter(letter));
    app.update(Command::Confirm);
    let screen = |app: &App| {
        let terminal = draw(app, 80, 24);
        text_of(terminal.backend().buffer(), Rect::new(0, 0, 80, 24))
    };
    let zapped = screen(&app);
    assert!(zapped.contains("slows to half speed"), "{zapped}");
    assert!(zapped.contains("  slowed, "), "{zapped}");
    assert!(zapped.contains(" more turns"), "{zapped}");
    assert!(!app.game.is_assisted(), "no overlay was needed");
    // Look at it: the look lines say it too.
    app.update(Command::Look);
    app.update(Command::NextMonster);
    let looked = screen(&app);
    assert!(looked.contains("slowed, "), "{looked}");
}

/// Walks the duel east through the door (fighting the goblin if it comes)
/// and takes the stairs in the far corner.
fn win_the_duel(app: &mut App) {
    let route = [Direction::East; 7].into_iter().chain([Direction::South]);
    for direction in route {
        let target = direction.from(app.game.player().pos);
        for _ in 0..40 {
            if app.game.player().pos == target || app.game.is_over() {
                break;
            }
            app.update(Command::Step(direction));
        }
    }
    app.update(Command::Descend);
}

#[test]
fn pointing_with_the_mouse_describes_the_cell_and_draws_the_path_at_100x32() {
    let mut app = app("swamp", 1, NO_COLOUR);
    app.set_screen_size(100, 32);
    let start = app.game.player().pos;
    let goal = gridpath::Pos::new(start.x + 3, start.y + 2);
    let screen = app.screen().expect("100x32 is big enough");
    let (column, row) = (0..100)
        .flat_map(|x| (0..32).map(move |y| (x, y)))
        .find(|&(x, y)| screen.map_cell(x, y) == Some(goal))
        .expect("the cell is on screen");
    app.update(Command::Pointer(column, row));
    assert_eq!(app.hover(), Some(goal));
    let path = app.travel_path().to_vec();
    assert_eq!(path.first(), Some(&start));
    assert_eq!(path.last(), Some(&goal));
    let terminal = draw(&app, 100, 32);
    let buf = terminal.backend().buffer();
    // The path's cells are underlined on the map (snapshots hold no styles).
    let underlined = (0..100u16)
        .flat_map(|x| (0..32u16).map(move |y| (x, y)))
        .filter(|&pos| {
            buf.cell(pos)
                .is_some_and(|cell| cell.modifier.contains(ratatui::style::Modifier::UNDERLINED))
        })
        .count();
    assert_eq!(underlined, path.len() - 1, "one mark per step");
    let screen = text_of(buf, Rect::new(0, 0, 100, 32));
    assert!(screen.contains("Pointer"), "{screen}");
    assert!(screen.contains("travel: 3 steps (click"), "{screen}");
    insta::assert_snapshot!(screen);
}

/// Plays the rooms level with the overlay on, following each monster in
/// turn, with searches cut small (64 nodes a turn) so some wait across
/// turns, and returns the first whole screen drawn under each label.
fn screens_under_each_label() -> Vec<(String, String)> {
    let mut config =
        fogcrawl_core::MonsterConfig::shipped().expect("the shipped monster config loads");
    for faction in &mut config.factions {
        faction.node_budget = 64;
    }
    let game =
        Game::new(&GameSetup::new(Some("levels/rooms.toml"), 2, config)).expect("the level loads");
    let mut app = App::new(game, NO_COLOUR);
    app.update(Command::ToggleOverlay);
    let mut screens: Vec<(String, String)> = Vec::new();
    for turn in 0..400 {
        if turn % 4 == 0 {
            app.update(Command::FollowNext);
        }
        app.update(Command::Wait);
        let Some(shown) = app
            .debug()
            .followed
            .and_then(|f| app.game.traced_search_shown(f))
        else {
            continue;
        };
        let kind = format!("{shown:?}");
        let kind = kind.split([' ', '{']).next().unwrap_or("").to_owned();
        if screens.iter().any(|(k, _)| *k == kind) {
            continue;
        }
        let turns = app.game.stats().ai_micros().len();
        app.game.stats_mut().set_ai_micros(vec![250; turns]);
        let screen = masked_screen(&draw(&app, 100, 32));
        // The label may wrap in the panel: its first words are on a line.
        let label = shown.label();
        let opening: Vec<&str> = label.split(' ').take(3).collect();
        assert!(screen.contains(&opening.join(" ")), "{label}: {screen}");
        screens.push((kind.clone(), screen));
        if kind == "Waiting"
            && !screens.iter().any(|(k, _)| k == "Unfinished")
            && let Some(monster) = app.debug().followed
        {
            // Tired of waiting, it gives the search up: what is drawn is
            // now its last search, unfinished.
            let faction = app.game.faction_index_of(monster).expect("a faction");
            app.game.faction_mut(faction).give_up_plan(monster);
            let shown = app.game.traced_search_shown(monster).expect("still traced");
            let screen = masked_screen(&draw(&app, 100, 32));
            assert!(screen.contains("unfinished"), "{shown:?}: {screen}");
            screens.push(("Unfinished".to_owned(), screen));
        }
        if screens.len() == 4 {
            break;
        }
    }
    screens
}

#[test]
fn overlay_labels_say_which_search_is_drawn() {
    let screens = screens_under_each_label();
    let kinds: Vec<&str> = screens.iter().map(|(k, _)| k.as_str()).collect();
    for kind in ["Waiting", "Finished", "Unfinished", "Preview"] {
        assert!(kinds.contains(&kind), "no {kind} label in {kinds:?}");
    }
    for (kind, screen) in screens {
        insta::assert_snapshot!(format!("overlay_label_{}", kind.to_lowercase()), screen);
    }
}

const BOG: &str = "tests/fixtures/game/bog.toml";

/// Sets the mode of monster `index` (what its awareness is read from).
fn set_mode(app: &mut App, index: usize, mode: fogcrawl_core::Mode) {
    app.game
        .actor_mut(index)
        .brain
        .as_mut()
        .expect("a monster has a brain")
        .mode = mode;
}

#[test]
fn side_panel_shows_awareness_experience_and_gear() {
    let mut app = app(BOG, 1, NO_COLOUR);
    set_mode(&mut app, 1, fogcrawl_core::Mode::Hunt);
    app.game.equipment_mut().weapon = Some(fogcrawl_core::ItemKind::ShortSword);
    let terminal = draw(&app, 80, 24);
    let screen = text_of(terminal.backend().buffer(), Rect::new(0, 0, 80, 24));
    for words in ["! hunting", "Lv 1 0/12", "short sword", "Armour none"] {
        assert!(screen.contains(words), "{words} missing:\n{screen}");
    }
    insta::assert_snapshot!(terminal.backend());
    set_mode(&mut app, 1, fogcrawl_core::Mode::Wander);
    let calm = draw(&app, 80, 24);
    let screen = text_of(calm.backend().buffer(), Rect::new(0, 0, 80, 24));
    assert!(screen.contains("- unaware"), "{screen}");
}

#[test]
fn the_panel_fits_leather_armour_and_gives_a_sneaking_step_its_time_at_80x24() {
    let mut app = app(DUEL, 1, NO_COLOUR);
    app.game.equipment_mut().armour = Some(fogcrawl_core::ItemKind::LeatherArmour);
    let panel = |app: &App| {
        let terminal = draw(app, 80, 24);
        text_of(terminal.backend().buffer(), Rect::new(52, 0, 28, 24))
    };
    let screen = panel(&app);
    // "-8% (leather armour)" took 27 of the 26 columns and lost its ")".
    assert!(screen.contains("Armour -8% leather armour"), "{screen}");
    assert!(screen.contains("Step  1.0 (1.4 diagonal)"), "{screen}");
    app.update(Command::ToggleSneak);
    assert!(app.game.is_sneaking());
    let screen = panel(&app);
    // The step takes twice the time while sneaking, as the clock shows.
    assert!(screen.contains("Step  2.0 (2.8 diagonal)"), "{screen}");
}

#[test]
fn the_panel_keeps_hit_points_and_experience_whole_at_the_top_level_at_80x24() {
    let mut app = app(DUEL, 1, NO_COLOUR);
    let first_row = |app: &App| {
        let terminal = draw(app, 80, 24);
        text_of(terminal.backend().buffer(), Rect::new(52, 2, 28, 1))
    };
    // A new run's row keeps its two spaces before "Lv".
    let row = first_row(&app);
    assert!(row.contains("HP    18/18  Lv 1 0/12"), "{row}");
    *app.game.experience_mut() = fogcrawl_core::Experience {
        points: 228,
        level: 7,
    };
    app.game.actor_mut(0).max_hp = 36;
    app.game.actor_mut(0).hp = 35;
    // 25 characters: it fits as it is.
    let row = first_row(&app);
    assert!(row.contains("HP    35/36  Lv 7 228/295"), "{row}");
    *app.game.experience_mut() = fogcrawl_core::Experience {
        points: 574,
        level: 10,
    };
    app.game.actor_mut(0).max_hp = 45;
    app.game.actor_mut(0).hp = 45;
    // Was "HP    45/45  Lv 10 574 (to", cut at the panel's edge.
    let row = first_row(&app);
    assert!(row.contains("HP    45/45 Lv 10 (top)"), "{row}");
}

#[test]
fn a_slow_step_within_reach_of_a_hunter_warns_and_the_same_key_steps() {
    let mut app = app(BOG, 1, NO_COLOUR);
    set_mode(&mut app, 1, fogcrawl_core::Mode::Hunt);
    let start = app.game.player().pos;
    app.update(Command::Step(Direction::East));
    assert_eq!(app.game.player().pos, start, "no step yet");
    assert_eq!(app.game.time(), 0.0, "no time passed");
    let terminal = draw(&app, 80, 24);
    let screen = text_of(terminal.backend().buffer(), Rect::new(0, 0, 80, 24));
    assert!(
        screen.contains("Swamp: this step takes 4.0 turns; the goblin gets 5"),
        "{screen}"
    );
    insta::assert_snapshot!(terminal.backend());
    // Any other key forgets the warning; the step warns again.
    app.update(Command::ShowHelp);
    app.update(Command::Dismiss);
    app.update(Command::Step(Direction::East));
    assert_eq!(app.game.player().pos, start, "warned again");
    app.update(Command::Step(Direction::East));
    assert_eq!(app.game.player().pos.x, start.x + 1, "the same key steps");
}

const TALL: &str = "tests/fixtures/game/tall.toml";

/// The level cells of monsters the side panel lists, and the map's text.
fn listed_monsters_are_drawn(app: &App, width: u16, height: u16) -> String {
    let terminal = draw(app, width, height);
    let map = text_of(terminal.backend().buffer(), map_area(width, height));
    let listed: Vec<char> = app
        .game
        .visible_monsters()
        .filter_map(|(_, monster)| app.game.kind_of(monster).map(|kind| kind.letter))
        .collect();
    assert!(!listed.is_empty(), "a monster is in sight");
    for letter in listed {
        assert!(map.contains(letter), "{letter} is drawn:\n{map}");
    }
    terminal.backend().to_string()
}

#[test]
fn at_80x24_a_goblin_eight_rows_below_is_drawn_on_the_map() {
    let app = app(TALL, 1, NO_COLOUR);
    let player = app.game.player().pos;
    let (_, goblin) = app
        .game
        .visible_monsters()
        .next()
        .expect("the goblin is in sight");
    assert_eq!(goblin.pos.y - player.y, 8);
    let screen = listed_monsters_are_drawn(&app, 80, 24);
    insta::assert_snapshot!(screen);
}

#[test]
fn at_80x24_the_look_cursor_stays_on_the_map() {
    let mut app = app(TALL, 1, NO_COLOUR);
    app.update(Command::Look);
    for _ in 0..14 {
        app.update(Command::MoveCursor(Direction::North));
    }
    let cursor = app.look_cursor().expect("looking");
    let terminal = draw(&app, 80, 24);
    let map = map_area(80, 24);
    let drawn = (map.top()..map.bottom()).any(|y| {
        (map.left()..map.right()).any(|x| {
            terminal
                .backend()
                .buffer()
                .cell((x, y))
                .is_some_and(|cell| cell.modifier.contains(ratatui::style::Modifier::REVERSED))
        })
    });
    assert!(drawn, "the cursor at {cursor:?} is drawn");
}

#[test]
fn the_level_map_shrinks_the_warrens_onto_80x24() {
    let mut app = app("warrens", 7, NO_COLOUR);
    app.update(Command::Explore);
    app.update(Command::ShowLevelMap);
    let terminal = draw(&app, 80, 24);
    let screen = terminal.backend().to_string();
    assert!(
        screen.contains("the whole level, 1 cell for 3x5"),
        "{screen}"
    );
    assert!(screen.contains('@'), "{screen}");
    insta::assert_snapshot!(screen);
    assert_eq!(app.input_mode(), fogcrawl::ui::command::InputMode::Sheet);
    app.update(Command::Dismiss);
    assert_eq!(app.input_mode(), fogcrawl::ui::command::InputMode::Playing);
}

#[test]
fn the_character_sheet_at_80x24() {
    let mut app = app(DUEL, 1, NO_COLOUR);
    for _ in 0..2 {
        app.game
            .inventory_mut()
            .add(fogcrawl_core::ItemKind::ThrowingKnife);
    }
    app.update(Command::ShowCharacter);
    let terminal = draw(&app, 80, 24);
    let screen = text_of(terminal.backend().buffer(), Rect::new(0, 0, 80, 24));
    assert!(screen.contains("2 throwing knives"), "{screen}");
    insta::assert_snapshot!(terminal.backend());
}

#[test]
fn the_character_sheet_says_an_empty_quiver_is_empty() {
    // "Quiver    throwing knife: 0 carried (f fires)" sent play21 to f,
    // which said the quiver was empty.
    let mut app = app(DUEL, 1, NO_COLOUR);
    app.update(Command::ShowCharacter);
    let terminal = draw(&app, 80, 24);
    let screen = text_of(terminal.backend().buffer(), Rect::new(0, 0, 80, 24));
    assert!(
        screen.contains("Quiver    empty: no throwing knife left"),
        "{screen}"
    );
    assert!(!screen.contains("0 carried"), "{screen}");
}

#[test]
fn at_80x24_a_monster_in_sight_past_the_edge_is_an_arrow_there() {
    // Goblins 9 rows above and below: 19 rows, and the map shows 16.
    let app = app("tests/fixtures/game/tall_pair.toml", 1, NO_COLOUR);
    assert_eq!(app.game.visible_monsters().count(), 2, "both in sight");
    let terminal = draw(&app, 80, 24);
    let map = text_of(terminal.backend().buffer(), map_area(80, 24));
    assert_eq!(map.matches('g').count(), 1, "one fits:\n{map}");
    assert_eq!(
        map.matches('↑').count() + map.matches('↓').count(),
        1,
        "{map}"
    );
    insta::assert_snapshot!(terminal.backend());
}

#[test]
fn a_thrown_lure_is_marked_where_it_lands_and_the_log_says_whether_it_was_heard() {
    use fogcrawl_core::ItemKind;
    let mut app = app(DUEL, 1, NO_COLOUR);
    app.game.inventory_mut().add(ItemKind::Noisemaker);
    let map = map_area(80, 24);
    let before = text_of(draw(&app, 80, 24).backend().buffer(), map);
    assert!(!before.contains('&'), "{before}");
    let letter = pack_letter(&app, ItemKind::Noisemaker);
    app.update(Command::ShowInventory);
    app.update(Command::UseLetter(letter));
    app.update(Command::MoveCursor(Direction::South));
    app.update(Command::Confirm);
    assert_eq!(app.game.tools().lure().map(|l| l.at.y), Some(2));
    let after = text_of(draw(&app, 80, 24).backend().buffer(), map);
    assert!(after.contains('&'), "the landing is marked:\n{after}");
    let said = app
        .game
        .log()
        .recent(1)
        .map(|m| m.text.clone())
        .collect::<String>();
    assert!(
        said.contains("(marked &)") && said.contains("something stirs"),
        "{said}"
    );
}

#[test]
fn aiming_the_lure_draws_where_it_lands_at_80x24() {
    use fogcrawl_core::ItemKind;
    let mut app = app("tests/fixtures/game/lure_room.toml", 1, NO_COLOUR);
    app.game.inventory_mut().add(ItemKind::Noisemaker);
    let letter = pack_letter(&app, ItemKind::Noisemaker);
    app.update(Command::ShowInventory);
    app.update(Command::UseLetter(letter));
    // Tab's spot: past the goblin, on the line from the player, 8 cells off.
    let terminal = draw(&app, 80, 24);
    let screen = text_of(terminal.backend().buffer(), Rect::new(0, 0, 80, 24));
    assert!(screen.contains("Throw the noisemaker at?"), "{screen}");
    assert!(screen.contains("lands here, 8 cells"), "{screen}");
    assert!(
        screen.contains("@**g****&"),
        "the line ends on the landing:\n{screen}"
    );
    insta::assert_snapshot!(screen);
    // Into the wall above: the line stops short of it, and says so.
    app.update(Command::MoveCursor(Direction::North));
    app.update(Command::MoveCursor(Direction::North));
    let terminal = draw(&app, 80, 24);
    let screen = text_of(terminal.backend().buffer(), Rect::new(0, 0, 80, 24));
    assert!(screen.contains("lands short"), "{screen}");
    insta::assert_snapshot!("aiming_the_lure_into_a_wall_at_80x24", screen);
}
