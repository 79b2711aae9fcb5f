//! World benchmarks: level generation at 200x100 and 512x512, and field of view for
//! 200 viewers on a 200x100 cave. Run with `cargo bench --bench world`.
//! Targets: 200x100 well under 20 ms, 512x512 under 200 ms, 200 FOVs under 2 ms.

use divan::Bencher;
use fogcrawl_core::{
    Fov, GeneratorKind, Level, Pos, Recipe, VisibleSet, generate_level as generate, reachable,
};

/// Viewers per turn in the FOV benchmark.
const VIEWERS: usize = 200;
/// Sight radius in the FOV benchmark.
const SIGHT_RADIUS: u32 = 12;

fn main() {
    divan::main();
}

const KINDS: [GeneratorKind; 3] = [
    GeneratorKind::Rooms,
    GeneratorKind::Caves,
    GeneratorKind::Mix,
];

#[divan::bench(args = KINDS)]
fn generate_200x100(bencher: Bencher, kind: GeneratorKind) {
    let recipe = Recipe::new(kind, 200, 100);
    let mut seed = 0;
    bencher.bench_local(|| {
        seed += 1;
        generate(&recipe, seed)
    });
}

#[divan::bench(args = KINDS, sample_count = 20)]
fn generate_512x512(bencher: Bencher, kind: GeneratorKind) {
    let recipe = Recipe::new(kind, 512, 512);
    let mut seed = 0;
    bencher.bench_local(|| {
        seed += 1;
        generate(&recipe, seed)
    });
}

/// `VIEWERS` walkable cells spread over the level, reachable from the start.
fn viewers(level: &Level) -> Vec<Pos> {
    let reach = reachable(level, level.start);
    let open: Vec<usize> = (0..reach.len()).filter(|&i| reach[i]).collect();
    let stride = (open.len() / VIEWERS).max(1);
    open.iter()
        .step_by(stride)
        .take(VIEWERS)
        .filter_map(|&i| level.pos_of(i))
        .collect()
}

#[divan::bench]
fn fov_200_viewers_radius_12_on_200x100_cave(bencher: Bencher) {
    let level = generate(&Recipe::new(GeneratorKind::Caves, 200, 100), 1);
    let viewers = viewers(&level);
    assert_eq!(viewers.len(), VIEWERS);
    let mut fov = Fov::new();
    let mut visible = VisibleSet::new();
    bencher.bench_local(|| {
        let mut seen = 0;
        for &viewer in &viewers {
            fov.compute_into(&level, viewer, SIGHT_RADIUS, &mut visible);
            seen += visible.cells().len();
        }
        seen
    });
}
