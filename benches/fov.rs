//! Field of view as the monster AI casts it: views of radius 6, 8 and 10
//! from thousands of floor cells spread over `colossus` (1024x1024 caves
//! and rooms), each view's cells pushed to a list in reveal order, as
//! `ai::sight` keeps them. Prints nanoseconds per view (the median and the
//! best of several rounds; the machine's speed wanders, so compare runs
//! made side by side) and the cells revealed per view.
//!
//! Run: `cargo bench --bench fov`

use std::hint::black_box;
use std::path::Path;
use std::time::Instant;

use fogcrawl_core::{Fov, Level, LevelFile, Pos, shipped_level};

/// The level the views are cast on.
const LEVEL: &str = "colossus";
/// Viewers, spread evenly over the level's clear cells.
const VIEWERS: usize = 20_000;
/// Sight radii timed: monsters see 6 to 10 cells.
const RADII: [u32; 3] = [6, 8, 10];
/// Timed rounds per radius; each casts every viewer's view once.
const ROUNDS: usize = 9;

fn main() {
    let Some(shipped) = shipped_level(LEVEL) else {
        eprintln!("fov bench: no shipped level {LEVEL}");
        std::process::exit(1);
    };
    let file = match LevelFile::parse(Path::new(LEVEL), shipped.text) {
        Ok(file) => file,
        Err(err) => {
            eprintln!("fov bench: {err}");
            std::process::exit(1);
        }
    };
    let level = file.build(file.choose_seed(None));
    let viewers = viewers(&level);
    let mut fov = Fov::new();
    let mut cells = Vec::new();
    for radius in RADII {
        let mut round_nanos = Vec::with_capacity(ROUNDS);
        let mut revealed = 0;
        for _ in 0..ROUNDS {
            revealed = 0;
            let started = Instant::now();
            for &viewer in &viewers {
                cells.clear();
                cast(&mut fov, &level, viewer, radius, &mut cells);
                revealed += black_box(&cells).len();
            }
            round_nanos.push(started.elapsed().as_nanos() as f64 / viewers.len() as f64);
        }
        round_nanos.sort_by(f64::total_cmp);
        println!(
            "fov on {LEVEL}, radius {radius}, {} viewers: median {:.0} ns/view, best {:.0} ns/view ({:.1} cells revealed per view)",
            viewers.len(),
            round_nanos[ROUNDS / 2],
            round_nanos[0],
            revealed as f64 / viewers.len() as f64
        );
    }
}

/// One view, its cells in reveal order (repeats included).
fn cast(fov: &mut Fov, level: &Level, at: Pos, radius: u32, cells: &mut Vec<Pos>) {
    fov.compute(level, at, radius, |pos| cells.push(pos));
}

/// `VIEWERS` clear cells, evenly spaced in row-major order.
fn viewers(level: &Level) -> Vec<Pos> {
    let clear: Vec<Pos> = level
        .positions()
        .filter(|&pos| !level.is_opaque(pos))
        .collect();
    let stride = (clear.len() / VIEWERS).max(1);
    clear.into_iter().step_by(stride).take(VIEWERS).collect()
}
