//! Judging a found path against a Moving AI scenario, independently of any
//! search engine.
//!
//! The length is recomputed from the path's cells (a cardinal step costs 1, a
//! diagonal sqrt 2) instead of trusting a cost the engine reports, and every
//! step is checked against the benchmark's movement rules, so a checker bug
//! cannot hide an engine bug by sharing its arithmetic.

use std::f64::consts::SQRT_2;
use std::fmt;

use super::map::MovingAiMap;
use super::scenario::{LengthPrecision, Scenario};
use crate::Pos;

/// Why a path breaks the benchmark's movement rules.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum IllegalPath {
    /// The path has no cells.
    #[error("the path has no cells")]
    Empty,
    /// The path does not start at the scenario's start.
    #[error("the path starts at {found}, not at the start {expected}")]
    WrongStart {
        /// Where the path should be.
        expected: Pos,
        /// Where it is.
        found: Pos,
    },
    /// The path does not end at the scenario's goal.
    #[error("the path ends at {found}, not at the goal {expected}")]
    WrongEnd {
        /// Where the path should be.
        expected: Pos,
        /// Where it is.
        found: Pos,
    },
    /// Two consecutive cells are not neighbours.
    #[error("step {step} goes from {from} to {to}, which are not neighbours")]
    NotAdjacent {
        /// The index of the step's cell in the path (0 is the first cell).
        step: usize,
        /// The cell the step leaves.
        from: Pos,
        /// The cell the step enters.
        to: Pos,
    },
    /// A cell of the path is not passable.
    #[error("step {step} stands on {at}, which is not passable")]
    Impassable {
        /// The index of the step's cell in the path (0 is the first cell).
        step: usize,
        /// The cell stood on.
        at: Pos,
    },
    /// A diagonal step passes a blocked corner.
    #[error("step {step} goes diagonally from {from} to {to} past a blocked corner")]
    CutsCorner {
        /// The index of the step's cell in the path (0 is the first cell).
        step: usize,
        /// The cell the step leaves.
        from: Pos,
        /// The cell the step enters.
        to: Pos,
    },
}

/// The outcome of one scenario.
#[derive(Debug, Clone, PartialEq)]
pub enum Verdict {
    /// A legal path of the listed length, or no path where none exists.
    Optimal,
    /// A legal path of another length, a path where none should exist
    /// (`optimal` 0), or no path (`found` is `None`) where one exists.
    Mismatched {
        /// The length of the path found, or `None` for no path.
        found: Option<f64>,
        /// The listed optimal length.
        optimal: f64,
    },
    /// A path that breaks the movement rules.
    Illegal(IllegalPath),
}

impl fmt::Display for Verdict {
    fn fmt(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Optimal => formatter.write_str("optimal"),
            Self::Mismatched {
                found: Some(length),
                optimal,
            } => write!(
                formatter,
                "found a path of length {length:.8}, listed optimum {optimal}"
            ),
            Self::Mismatched {
                found: None,
                optimal,
            } => write!(formatter, "found no path, listed optimum {optimal}"),
            Self::Illegal(reason) => write!(formatter, "illegal path: {reason}"),
        }
    }
}

/// The length of a sequence of king moves: 1 per cardinal step, sqrt 2 per
/// diagonal step. Counting steps first and multiplying once keeps the sum
/// exact up to one rounding, whatever the path's length.
#[must_use]
pub fn octile_length(cells: &[Pos]) -> f64 {
    let (cardinal, diagonal) =
        cells
            .windows(2)
            .fold((0_u32, 0_u32), |(cardinal, diagonal), step| {
                if step[0].x != step[1].x && step[0].y != step[1].y {
                    (cardinal, diagonal + 1)
                } else {
                    (cardinal + 1, diagonal)
                }
            });
    f64::from(cardinal) + f64::from(diagonal) * SQRT_2
}

/// Checks that `cells` walks legally from `start` to `goal` on `map` and
/// returns its octile length.
///
/// # Errors
/// The first rule the path breaks, as an [`IllegalPath`].
pub fn check_path(
    map: &MovingAiMap,
    start: Pos,
    goal: Pos,
    cells: &[Pos],
) -> Result<f64, IllegalPath> {
    let (Some(&first), Some(&last)) = (cells.first(), cells.last()) else {
        return Err(IllegalPath::Empty);
    };
    if first != start {
        return Err(IllegalPath::WrongStart {
            expected: start,
            found: first,
        });
    }
    if last != goal {
        return Err(IllegalPath::WrongEnd {
            expected: goal,
            found: last,
        });
    }
    if !map.is_passable_at(first) {
        return Err(IllegalPath::Impassable { step: 0, at: first });
    }
    for (index, pair) in cells.windows(2).enumerate() {
        let (from, to) = (pair[0], pair[1]);
        let step = index + 1;
        let dx = from.x.abs_diff(to.x);
        let dy = from.y.abs_diff(to.y);
        if dx > 1 || dy > 1 || (dx == 0 && dy == 0) {
            return Err(IllegalPath::NotAdjacent { step, from, to });
        }
        if !map.is_passable_at(to) {
            return Err(IllegalPath::Impassable { step, at: to });
        }
        // Under the benchmark's rule a diagonal needs both cells it passes
        // between: (to.x, from.y) and (from.x, to.y).
        if dx == 1
            && dy == 1
            && !(map.is_passable_at(Pos::new(to.x, from.y))
                && map.is_passable_at(Pos::new(from.x, to.y)))
        {
            return Err(IllegalPath::CutsCorner { step, from, to });
        }
    }
    Ok(octile_length(cells))
}

/// Judges what a search returned for `scenario`: `found` is the path's cells,
/// or `None` when the search reported that no path exists.
#[must_use]
pub fn judge(
    map: &MovingAiMap,
    scenario: &Scenario,
    precision: LengthPrecision,
    found: Option<&[Pos]>,
) -> Verdict {
    let optimal = scenario.optimal_length;
    let Some(cells) = found else {
        return if scenario.expects_no_path() {
            Verdict::Optimal
        } else {
            Verdict::Mismatched {
                found: None,
                optimal,
            }
        };
    };
    match check_path(map, scenario.start, scenario.goal, cells) {
        Err(reason) => Verdict::Illegal(reason),
        Ok(length) if !scenario.expects_no_path() && precision.matches(length, optimal) => {
            Verdict::Optimal
        }
        Ok(length) => Verdict::Mismatched {
            found: Some(length),
            optimal,
        },
    }
}

#[cfg(test)]
mod tests {
    use std::path::Path;

    use super::super::ScenarioFile;
    use super::*;

    fn points(cells: &[(i32, i32)]) -> Vec<Pos> {
        cells.iter().map(|&(x, y)| Pos::new(x, y)).collect()
    }

    /// ```text
    /// ....
    /// .T..
    /// ....
    /// @@@.
    /// ```
    fn map() -> MovingAiMap {
        MovingAiMap::from_rows(&["....", ".T..", "....", "@@@."]).unwrap()
    }

    fn scenario(line: &str) -> (Scenario, LengthPrecision) {
        let file = ScenarioFile::parse(
            format!("version 1\n{line}\n").as_bytes(),
            Path::new("t.scen"),
        )
        .unwrap();
        (file.scenarios()[0].clone(), file.precision())
    }

    #[test]
    fn octile_length_counts_cardinal_and_diagonal_steps() {
        assert_eq!(octile_length(&points(&[(0, 0)])), 0.0);
        let length = octile_length(&points(&[(0, 0), (1, 0), (2, 1), (3, 2), (3, 3)]));
        assert!((length - (2.0 + 2.0 * SQRT_2)).abs() < 1e-12);
    }

    #[test]
    fn accepts_a_legal_path_and_returns_its_length() {
        let cells = points(&[(0, 0), (1, 0), (2, 0), (3, 1), (3, 2), (3, 3)]);
        let length = check_path(&map(), Pos::new(0, 0), Pos::new(3, 3), &cells);
        assert_eq!(length, Ok(4.0 + SQRT_2));
    }

    #[test]
    fn rejects_each_broken_rule() {
        let map = map();
        let start = Pos::new(0, 0);
        let check = |goal: (i32, i32), cells: &[(i32, i32)]| {
            check_path(&map, start, Pos::new(goal.0, goal.1), &points(cells))
                .unwrap_err()
                .to_string()
        };
        assert_eq!(check((0, 0), &[]), "the path has no cells");
        assert_eq!(
            check((1, 0), &[(0, 1), (1, 0)]),
            "the path starts at (0, 1), not at the start (0, 0)"
        );
        assert_eq!(
            check((2, 0), &[(0, 0), (1, 0)]),
            "the path ends at (1, 0), not at the goal (2, 0)"
        );
        assert_eq!(
            check((2, 0), &[(0, 0), (2, 0)]),
            "step 1 goes from (0, 0) to (2, 0), which are not neighbours"
        );
        assert_eq!(
            check((0, 0), &[(0, 0), (0, 0)]),
            "step 1 goes from (0, 0) to (0, 0), which are not neighbours"
        );
        assert_eq!(
            check((1, 1), &[(0, 0), (1, 1)]),
            "step 1 stands on (1, 1), which is not passable"
        );
        assert_eq!(
            check((2, 2), &[(0, 0), (1, 0), (2, 1), (2, 2)]),
            "step 2 goes diagonally from (1, 0) to (2, 1) past a blocked corner"
        );
        assert_eq!(
            check(
                (3, 4),
                &[
                    (0, 0),
                    (1, 0),
                    (2, 0),
                    (3, 0),
                    (3, 1),
                    (3, 2),
                    (3, 3),
                    (3, 4)
                ]
            ),
            "step 7 stands on (3, 4), which is not passable"
        );
        let blocked_start = check_path(&map, Pos::new(1, 1), Pos::new(1, 1), &points(&[(1, 1)]));
        assert_eq!(
            blocked_start,
            Err(IllegalPath::Impassable {
                step: 0,
                at: Pos::new(1, 1)
            })
        );
    }

    #[test]
    fn judges_lengths_missing_paths_and_expected_absences() {
        let map = map();
        let path = points(&[(0, 0), (1, 0), (2, 0), (3, 1), (3, 2), (3, 3)]);
        let (listed, precision) = scenario("0 m.map 4 4 0 0 3 3 5.41421356");
        assert_eq!(
            judge(&map, &listed, precision, Some(&path)),
            Verdict::Optimal
        );

        let (wrong, precision) = scenario("0 m.map 4 4 0 0 3 3 5.00000000");
        let verdict = judge(&map, &wrong, precision, Some(&path));
        assert_eq!(
            verdict.to_string(),
            "found a path of length 5.41421356, listed optimum 5"
        );
        assert_eq!(
            judge(&map, &wrong, precision, None).to_string(),
            "found no path, listed optimum 5"
        );

        let (none, precision) = scenario("0 m.map 4 4 0 0 3 3 0");
        assert_eq!(judge(&map, &none, precision, None), Verdict::Optimal);
        assert!(matches!(
            judge(&map, &none, precision, Some(&path)),
            Verdict::Mismatched { found: Some(_), optimal } if optimal == 0.0
        ));

        let (same_cell, precision) = scenario("0 m.map 4 4 2 2 2 2 0");
        let stay = points(&[(2, 2)]);
        assert_eq!(
            judge(&map, &same_cell, precision, Some(&stay)),
            Verdict::Optimal
        );
        assert!(matches!(
            judge(&map, &same_cell, precision, None),
            Verdict::Mismatched { found: None, .. }
        ));

        let corner_cut = points(&[(0, 0), (1, 0), (2, 1), (2, 2), (3, 3)]);
        assert!(matches!(
            judge(&map, &listed, precision, Some(&corner_cut)),
            Verdict::Illegal(IllegalPath::CutsCorner { step: 2, .. })
        ));
    }
}
