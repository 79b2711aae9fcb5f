//! Worked examples: `lab --preset NAME`, listed by `lab --list-presets`.
//! Each is a small drawing with the searches it is about, opened where the
//! lesson is (the tutorial one expansion in, with its numbers).
//!
//! The drawings use the level's plain-text characters (`#` wall, `.`
//! floor, `=` road, `%` swamp, ...) plus `S` the start, `G` the goal and
//! `?` a wall the searcher has not seen (painted unknown).

use gridpath::{Diagonals, Heuristic, Pos};

use fogcrawl_core::{Level, Terrain, UnknownCellPolicy, terrain_from_char};

use super::algorithm::Algorithm;
use super::drawing::{Brush, Drawing};
use super::setup::SearchSetup;

/// How a preset opens.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Preset {
    pub name: &'static str,
    /// One line: what it shows.
    pub summary: &'static str,
    rows: &'static [&'static str],
    /// The searches: one, or two side by side.
    setups: fn() -> Vec<SearchSetup>,
    /// Costs on screen are multiplied by this (the tutorials count a
    /// straight step as 10).
    pub unit: f64,
    /// Whether cells open large, with F, G and H printed in them.
    pub numbers: bool,
    /// Expansions shown at first (`None`: the whole search).
    pub shown: Option<usize>,
}

/// Every preset, in the order `--list-presets` prints them.
pub(crate) const PRESETS: [Preset; 5] = [
    Preset {
        name: "tutorial",
        summary: "the classic A* tutorial: a three-cell wall between start and goal, straight step 10, diagonal 14, h = Manhattan x 10, no corner cutting; one expansion in, the cell right of the start shows F 40 G 10 H 30",
        rows: &[".......", "...#...", ".S.#.G.", "...#...", "......."],
        setups: tutorial_setups,
        unit: 10.0,
        numbers: true,
        shown: Some(1),
    },
    Preset {
        name: "heuristics",
        summary: "Manhattan against diagonal distance (Chebyshev, a diagonal priced as a straight step): after the start, Manhattan expands the diagonal cell and diagonal distance the cell beside it",
        rows: &[
            "............",
            ".........G..",
            "............",
            "............",
            ".S..........",
            "............",
        ],
        setups: heuristic_setups,
        unit: 1.0,
        numbers: false,
        shown: Some(2),
    },
    Preset {
        name: "terrain",
        summary: "a swamp (cost 4) between start and goal: the road round it (cost 0.5) is longer and cheaper than the straight line",
        rows: &[
            "..===============..",
            ".=...............=.",
            "=.%%%%%%%%%%%%%%%.=",
            "S.%%%%%%%%%%%%%%%.G",
            "..%%%%%%%%%%%%%%%..",
            "...................",
        ],
        setups: terrain_setups,
        unit: 1.0,
        numbers: false,
        shown: None,
    },
    Preset {
        name: "fog",
        summary: "the searcher has not seen the wall (?): believing unknown cells open, it plans straight into it; beside it the same search on the truth goes round",
        rows: &[
            "..............",
            "......?.......",
            "......?.......",
            "S.....?......G",
            "......?.......",
            "......?.......",
            "..............",
        ],
        setups: fog_setups,
        unit: 1.0,
        numbers: false,
        shown: None,
    },
    Preset {
        name: "maze",
        summary: "a small maze: A* beside jump point search, which expands only the cells where a straight run could turn",
        rows: &[
            "###################",
            "#S....#.....#.....#",
            "#.###.#.###.#.###.#",
            "#.#...#...#...#...#",
            "#.#.#####.#####.#.#",
            "#.#.....#.....#.#.#",
            "#.#####.###.#.#.#.#",
            "#.....#.....#...#G#",
            "###################",
        ],
        setups: maze_setups,
        unit: 1.0,
        numbers: false,
        shown: None,
    },
];

fn tutorial_setups() -> Vec<SearchSetup> {
    vec![SearchSetup {
        heuristic: Heuristic::Manhattan,
        ..SearchSetup::default()
    }]
}

fn heuristic_setups() -> Vec<SearchSetup> {
    vec![
        SearchSetup {
            heuristic: Heuristic::Manhattan,
            ..SearchSetup::default()
        },
        SearchSetup {
            heuristic: Heuristic::Chebyshev,
            ..SearchSetup::default()
        },
    ]
}

fn terrain_setups() -> Vec<SearchSetup> {
    vec![
        SearchSetup::default(),
        SearchSetup {
            algorithm: Algorithm::BreadthFirst,
            ..SearchSetup::default()
        },
    ]
}

fn fog_setups() -> Vec<SearchSetup> {
    vec![
        SearchSetup {
            unknown: Some(UnknownCellPolicy::Open),
            ..SearchSetup::default()
        },
        SearchSetup {
            unknown: None,
            ..SearchSetup::default()
        },
    ]
}

fn maze_setups() -> Vec<SearchSetup> {
    vec![
        SearchSetup {
            diagonals: Diagonals::NoCornerCutting,
            ..SearchSetup::default()
        },
        SearchSetup {
            algorithm: Algorithm::JumpPoint,
            ..SearchSetup::default()
        },
    ]
}

impl Preset {
    /// The preset named `name`.
    pub(crate) fn named(name: &str) -> Option<&'static Preset> {
        PRESETS.iter().find(|preset| preset.name == name)
    }

    /// The names, comma separated (for errors).
    pub(crate) fn names() -> String {
        PRESETS
            .iter()
            .map(|preset| preset.name)
            .collect::<Vec<_>>()
            .join(", ")
    }

    /// `lab --list-presets`: one line each, name then what it shows.
    pub(crate) fn listing() -> String {
        PRESETS
            .iter()
            .map(|preset| format!("{:<11} {}\n", preset.name, preset.summary))
            .collect()
    }

    /// The searches it opens with.
    pub(crate) fn setups(&self) -> Vec<SearchSetup> {
        (self.setups)()
    }

    /// Its drawing.
    pub(crate) fn drawing(&self) -> Drawing {
        let width = self.rows.iter().map(|row| row.len()).max().unwrap_or(1);
        let mut level = Level::filled(width, self.rows.len(), Terrain::Floor);
        level.name = self.name.to_owned();
        level.description = self.summary.to_owned();
        let (mut start, mut goal) = (Pos::default(), Pos::default());
        let mut unseen = Vec::new();
        for (y, row) in self.rows.iter().enumerate() {
            for (x, c) in row.chars().enumerate() {
                let pos = Pos::new(i32::try_from(x).unwrap_or(0), i32::try_from(y).unwrap_or(0));
                let terrain = match c {
                    'S' => {
                        start = pos;
                        Terrain::Floor
                    }
                    'G' => {
                        goal = pos;
                        Terrain::Floor
                    }
                    '?' => {
                        unseen.push(pos);
                        Terrain::Wall
                    }
                    other => terrain_from_char(other).unwrap_or(Terrain::Floor),
                };
                level.set(pos, terrain);
            }
        }
        let mut drawing = Drawing::new(level, start, goal);
        for pos in unseen {
            drawing.paint(pos, Brush::Fog);
        }
        drawing
    }
}

// The presets are checked by running them, which needs the runner (a
// part of the lab's screen, feature `tui`).
#[cfg(all(test, feature = "tui"))]
mod tests {
    use super::*;
    use crate::lab::runner::record;

    #[test]
    fn every_preset_finds_its_way_and_lists_itself() {
        let listing = Preset::listing();
        for preset in &PRESETS {
            assert!(listing.contains(preset.name));
            let drawing = preset.drawing();
            for setup in preset.setups() {
                let recording = record(&drawing, setup);
                assert!(
                    recording.path().is_some(),
                    "{}: {:?}",
                    preset.name,
                    recording.ending
                );
            }
        }
        assert_eq!(Preset::named("fog").map(|p| p.name), Some("fog"));
        assert!(Preset::named("nope").is_none());
    }

    #[test]
    fn the_tutorial_numbers_after_one_expansion() {
        let preset = Preset::named("tutorial").unwrap();
        let drawing = preset.drawing();
        let recording = record(&drawing, preset.setups()[0]);
        let right = Pos::new(drawing.start().x + 1, drawing.start().y);
        let values = recording.at(right, 1).unwrap().values;
        let unit = preset.unit;
        assert_eq!(
            (
                (values.f * unit).round(),
                (values.g * unit).round(),
                (values.h * unit).round()
            ),
            (40.0, 10.0, 30.0)
        );
        let diagonal = Pos::new(drawing.start().x + 1, drawing.start().y - 1);
        let values = recording.at(diagonal, 1).unwrap().values;
        assert_eq!((values.g * unit).round(), 14.0);
        assert_eq!(
            recording.last_expanded(2),
            Some(right),
            "F 40 is expanded next"
        );
    }

    #[test]
    fn manhattan_and_diagonal_distance_expand_different_cells_second() {
        let preset = Preset::named("heuristics").unwrap();
        let drawing = preset.drawing();
        let [manhattan, diagonal] = [0, 1].map(|i| record(&drawing, preset.setups()[i]));
        let start = drawing.start();
        assert_eq!(
            manhattan.last_expanded(2),
            Some(Pos::new(start.x + 1, start.y - 1))
        );
        assert_eq!(
            diagonal.last_expanded(2),
            Some(Pos::new(start.x + 1, start.y))
        );
    }

    #[test]
    fn the_road_round_beats_the_swamp_and_the_fogged_plan_hits_the_wall() {
        let preset = Preset::named("terrain").unwrap();
        let drawing = preset.drawing();
        let astar = record(&drawing, preset.setups()[0]);
        let path = astar.path().unwrap();
        let on_road = path
            .cells
            .iter()
            .filter(|&&p| drawing.terrain(p) == Some(Terrain::Road))
            .count();
        assert!(on_road > 10, "{path:?}");
        let straight: Vec<Pos> = (0..19).map(|x| Pos::new(x, 3)).collect();
        let priced = astar.priced.as_ref().unwrap();
        let straight_cost = gridpath::path_cost(&priced.grid, &straight).unwrap();
        assert!(
            path.cost < straight_cost,
            "{} vs {straight_cost}",
            path.cost
        );

        let preset = Preset::named("fog").unwrap();
        let drawing = preset.drawing();
        let believed = record(&drawing, preset.setups()[0]);
        let truth = record(&drawing, preset.setups()[1]);
        let hits_wall = |recording: &crate::lab::recording::Recording| {
            recording
                .path()
                .unwrap()
                .cells
                .iter()
                .any(|&p| drawing.terrain(p) == Some(Terrain::Wall))
        };
        assert!(hits_wall(&believed));
        assert!(!hits_wall(&truth));
    }
}
