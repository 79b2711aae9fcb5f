//! Drawing a full 200x60 frame: the whole screen (map, panel, log, key bar)
//! rendered through `Terminal::draw` into ratatui's `TestBackend`, on the
//! 200x100 `warrens`, live (what the player has seen after a few steps) and
//! with every cell remembered (the most the map ever draws), and with the
//! debug overlay on (the whole level drawn with a search). Target: under
//! 2 ms a frame. Prints the median and 99th percentile.
//!
//! Run: `cargo bench --bench render`

use std::time::{Duration, Instant};

use fogcrawl::ui::App;
use fogcrawl::ui::command::Command;
use fogcrawl::ui::theme::{ColorSupport, Palette};
use fogcrawl_core::{Direction, Game, GameSetup};
use ratatui::Terminal;
use ratatui::backend::TestBackend;

const LEVEL: &str = "warrens";
const SEED: u64 = 7;
const WIDTH: u16 = 200;
const HEIGHT: u16 = 60;
const WARMUP_FRAMES: usize = 50;
const FRAMES: usize = 500;
const TARGET: Duration = Duration::from_millis(2);

fn main() {
    let Ok(game) = Game::new(&GameSetup::new(
        Some(LEVEL),
        SEED,
        fogcrawl_core::MonsterConfig::shipped().expect("the shipped monster config loads"),
    )) else {
        eprintln!("render: cannot start {LEVEL}");
        std::process::exit(1);
    };
    let mut app = App::new(game, Palette::new(ColorSupport::TrueColor));
    for direction in [Direction::East, Direction::East, Direction::South] {
        app.update(Command::Step(direction));
    }
    let live = measure(&app);
    report("live game", live);

    // Everything remembered: the map draws every cell of the view.
    app.game.remember_whole_level();
    let remembered = measure(&app);
    report("all remembered", remembered);

    let plain = App::new(
        {
            let mut game = app.game;
            game.remember_whole_level();
            game
        },
        Palette::new(ColorSupport::None),
    );
    report("all remembered, NO_COLOR", measure(&plain));

    // The debug overlay on, following a monster, after a few turns.
    let mut overlay = plain;
    overlay.palette = Palette::new(ColorSupport::TrueColor);
    overlay.update(Command::ToggleOverlay);
    for _ in 0..5 {
        overlay.update(Command::Wait);
    }
    report("debug overlay, search layer", measure(&overlay));
}

/// Median and 99th percentile of drawing one frame.
fn measure(app: &App) -> (Duration, Duration) {
    // The test backend cannot fail (its error type is `Infallible`).
    let Ok(mut terminal) = Terminal::new(TestBackend::new(WIDTH, HEIGHT));
    let mut times = Vec::with_capacity(FRAMES);
    for frame in 0..WARMUP_FRAMES + FRAMES {
        // Clearing makes every frame a full redraw (no diff shortcut).
        let Ok(()) = terminal.clear();
        let started = Instant::now();
        let Ok(_) = terminal.draw(|f| f.render_widget(std::hint::black_box(app), f.area()));
        let elapsed = started.elapsed();
        if frame >= WARMUP_FRAMES {
            times.push(elapsed);
        }
    }
    times.sort_unstable();
    let p50 = times[times.len() / 2];
    let p99 = times[(times.len() * 99 / 100).min(times.len() - 1)];
    (p50, p99)
}

fn report(what: &str, (p50, p99): (Duration, Duration)) {
    let verdict = if p50 < TARGET { "ok" } else { "OVER TARGET" };
    println!(
        "render {WIDTH}x{HEIGHT} frame on {LEVEL} ({what}): p50 {:.3} ms, p99 {:.3} ms (target < {} ms: {verdict})",
        p50.as_secs_f64() * 1e3,
        p99.as_secs_f64() * 1e3,
        TARGET.as_millis()
    );
}
