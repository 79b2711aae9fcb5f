//! The hierarchy's pricing bound (`Hierarchy::pricing_bound`) against what
//! pricing really settles, cluster by cluster, on the Moving AI maps when
//! `FOGCRAWL_MOVINGAI_DIR` points at them (CI sets it to
//! `../shared/movingai`): as drawn (ground of one cost, walled), and
//! weighted (each open cell a cost from 1 to 4 by a fixed hash, as the
//! engine's benchmarks weight grids). A far plan prices a cluster only
//! while its bound fits its allowance, so a bound below the real pricing
//! would let it go over.
//!
//! `cargo test --release --test pricing_bound -- --nocapture` prints, per
//! map, the real pricing over the bound summed over its clusters, and the
//! cluster where the two come closest.

use std::path::Path;

use gridpath::movingai::{MovingAiMap, unit_cost_grid};
use gridpath::{Grid, Hierarchy, HierarchyOptions};

#[path = "support/movingai_dir.rs"]
mod movingai_dir;
use movingai_dir::movingai_dir;

/// The game's cluster side.
const CLUSTER_SIZE: usize = 16;

/// What pricing settled against the bound over one map's clusters.
#[derive(Debug, Default)]
struct Tally {
    clusters: u64,
    settled: u64,
    bound: u64,
    /// The bound before session 30: a search from every node over every
    /// cell of the cluster, walls included.
    box_bound: u64,
    /// The largest share of its bound one cluster settled.
    closest: f64,
}

/// Bounds every cluster of `grid`, then prices it, asserting pricing
/// never settles more than the bound.
fn tally(name: &str, grid: &Grid) -> Tally {
    let options = HierarchyOptions {
        cluster_size: CLUSTER_SIZE,
    };
    let mut hierarchy = Hierarchy::build(grid, options).expect("a grid without corner cutting");
    let mut tally = Tally::default();
    for cluster in 0..hierarchy.cluster_count() {
        let bound = hierarchy.pricing_bound(grid, cluster);
        let settled = hierarchy.price_cluster(grid, cluster);
        assert!(
            settled <= bound,
            "{name}: cluster {cluster} settled {settled}, over its bound {bound}"
        );
        tally.clusters += 1;
        tally.settled += settled;
        tally.bound += bound;
        let (_, width, height) = hierarchy.cluster_bounds(cluster);
        let nodes = hierarchy
            .nodes()
            .filter(|&node| hierarchy.cluster_of(node) == Some(cluster))
            .count();
        tally.box_bound += (nodes * width * height) as u64;
        if bound > 0 {
            tally.closest = tally.closest.max(settled as f64 / bound as f64);
        }
    }
    tally
}

/// The map's open cells at a cost from 1 to 4 each, by a fixed hash.
fn weighted(map: &MovingAiMap, unit: &Grid) -> Grid {
    Grid::from_fn(map.width(), map.height(), unit.movement(), |x, y| {
        let open = map.is_passable(x as usize, y as usize);
        let hash = (x as u32).wrapping_mul(73_856_093) ^ (y as u32).wrapping_mul(19_349_663);
        let hash = hash ^ (hash >> 13);
        open.then_some(1.0 + f64::from(hash % 4))
    })
    .expect("the map's own sides")
}

#[test]
fn pricing_never_settles_more_than_the_bound_on_the_moving_ai_maps() {
    let Some(dir) = movingai_dir() else {
        return;
    };
    let mut maps: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|entry| entry.unwrap().path())
        .filter(|path| path.extension().is_some_and(|e| e == "map"))
        .collect();
    maps.sort();
    assert!(!maps.is_empty(), "no .map in {}", dir.display());
    for path in &maps {
        let name = Path::new(path).file_stem().unwrap().to_string_lossy();
        let map = MovingAiMap::load(path).unwrap();
        let unit = unit_cost_grid(&map).unwrap();
        for (kind, grid) in [
            ("as drawn", unit.clone()),
            ("weighted", weighted(&map, &unit)),
        ] {
            let t = tally(&format!("{name} ({kind})"), &grid);
            eprintln!(
                "{name:>16} {kind:>8}: {} clusters, settled {} of a bound {} ({:.2}; of every node over every cell {:.2}), closest cluster {:.2}",
                t.clusters,
                t.settled,
                t.bound,
                t.settled as f64 / t.bound.max(1) as f64,
                t.settled as f64 / t.box_bound.max(1) as f64,
                t.closest,
            );
        }
    }
}
