//! A maze solved: A* from the top-left to the bottom-right corner, the path
//! drawn over the maze with `*`, then the same query by jump point search.
//!
//! `cargo run -p gridpath --example maze`
use gridpath::{AStar, Grid, Jps, Movement, Pos, SearchOptions};

const MAZE: &str = "\
.#.........#.......
.#.#######.#.#####.
...#.....#...#...#.
####.###.#####.#.#.
.....#.#.....#.#...
.#####.#####.#.###.
.#.....#...#.#...#.
.#.#####.#.#.###.#.
...#.....#.......#.
";

fn main() -> Result<(), Box<dyn std::error::Error>> {
    // Every cell costs the same and diagonals never cut a wall's corner:
    // what jump point search needs, so both searches can answer.
    let grid = Grid::from_ascii(MAZE, Movement::EIGHT_CONNECTED)?;
    let start = Pos::new(0, 0);
    let goal = Pos::new(grid.width() as i32 - 1, grid.height() as i32 - 1);

    let mut astar = AStar::new();
    let Some(path) = astar.find_path(&grid, start, goal, &SearchOptions::default())? else {
        println!("no way through the maze");
        return Ok(());
    };
    let stats = astar.stats();
    println!(
        "A*: {} cells, cost {:.3}, {} cells expanded",
        path.cells.len(),
        path.cost,
        stats.expanded
    );
    for (y, row) in MAZE.lines().enumerate() {
        let line: String = row
            .chars()
            .enumerate()
            .map(|(x, c)| {
                if path.cells.contains(&Pos::new(x as i32, y as i32)) {
                    '*'
                } else {
                    c
                }
            })
            .collect();
        println!("{line}");
    }

    let jps_path = Jps::new().find_path(&grid, start, goal)?;
    match jps_path {
        Some(jumped) => println!(
            "jump point search: cost {:.3} (the same optimum)",
            jumped.cost
        ),
        None => println!("jump point search: no path"),
    }
    Ok(())
}
