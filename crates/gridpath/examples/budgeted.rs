//! A budgeted search resumed across frames: a game that may spend only so
//! many expansions per frame starts a search, steps it a slice per frame,
//! and gets exactly the path one uninterrupted search finds. Halfway, a wall
//! goes up: the paused search notices the changed grid by itself.
//!
//! `cargo run -p gridpath --example budgeted`
use gridpath::{AStar, Grid, Movement, Pos, SearchOptions, SearchStatus};

/// Expansions a frame may spend on this search.
const BUDGET_PER_FRAME: usize = 40;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    // An open 60x30 field, every cell costing 1, with a swamp (cost 5) in
    // the middle.
    let (width, height) = (60, 30);
    let mut grid = Grid::from_fn(width, height, Movement::EIGHT_CONNECTED, |x, y| {
        let swamp = (20..40).contains(&x) && (5..25).contains(&y);
        Some(if swamp { 5.0 } else { 1.0 })
    })?;
    let (start, goal) = (Pos::new(2, 15), Pos::new(57, 15));
    let options = SearchOptions::default();

    let mut search = AStar::new();
    search.start_search(&grid, start, goal, &options)?;
    let mut frame = 0;
    let path = loop {
        frame += 1;
        if frame == 3 {
            // The world changes between two frames: a wall across the top.
            for x in 10..50 {
                grid.set_cost(Pos::new(x, 3), None)?;
            }
            println!("frame {frame}: a wall went up while the search was paused");
        }
        match search.step(&grid, BUDGET_PER_FRAME) {
            SearchStatus::Pending => {
                println!(
                    "frame {frame}: {} cells expanded so far",
                    search.stats().expanded
                );
            }
            SearchStatus::Found(path) => break Some(path),
            SearchStatus::NoPath => break None,
        }
    };
    let Some(path) = path else {
        println!("no path");
        return Ok(());
    };
    let stats = search.stats();
    println!(
        "found in frame {frame}: {} cells, cost {:.3}; {} slices; after the grid changed: {} restarts, {} resumed where it stopped",
        path.cells.len(),
        path.cost,
        stats.slices,
        stats.restarts,
        stats.resumed_after_changes
    );

    // The same query in one go gives the same path.
    let whole = AStar::new()
        .find_path(&grid, start, goal, &options)?
        .ok_or("the one-go search found no path")?;
    assert_eq!(whole, path, "slicing a search never changes its answer");
    println!("one uninterrupted search finds the same path");
    Ok(())
}
