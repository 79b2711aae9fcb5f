//! The searches the lab runs, each with its name and what it promises:
//! `lab --list-algorithms` prints [`Algorithm::listing`].
//!
//! The two-tier hierarchy (HPA*) is not here yet: it is being added to the
//! engine. When `gridpath` has it, it becomes one more variant of
//! [`Algorithm`], one more row of [`Algorithm::ALL`], and one more arm of
//! `runner::record` (its trace gives the playback what every search gives).

use std::fmt;

/// One search the lab can run and step through.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Algorithm {
    /// A* with the chosen heuristic and weight 1.
    #[default]
    AStar,
    /// A* with the heuristic weighted above 1.
    WeightedAStar,
    /// A* with a zero heuristic.
    Dijkstra,
    /// Expands by the heuristic alone.
    GreedyBestFirst,
    /// Expands in the order cells were reached: fewest steps.
    BreadthFirst,
    /// A* from both ends at once.
    BidirectionalAStar,
    /// Jump point search: uniform costs, no corner cutting.
    JumpPoint,
    /// Iterative deepening A*: depth-first passes bounded by f.
    IdaStar,
}

impl Algorithm {
    /// Every search, in the order the lab cycles through them.
    pub const ALL: [Algorithm; 8] = [
        Algorithm::AStar,
        Algorithm::WeightedAStar,
        Algorithm::Dijkstra,
        Algorithm::GreedyBestFirst,
        Algorithm::BreadthFirst,
        Algorithm::BidirectionalAStar,
        Algorithm::JumpPoint,
        Algorithm::IdaStar,
    ];

    /// The short name the screen and `--algorithm` use.
    pub const fn name(self) -> &'static str {
        match self {
            Algorithm::AStar => "astar",
            Algorithm::WeightedAStar => "weighted",
            Algorithm::Dijkstra => "dijkstra",
            Algorithm::GreedyBestFirst => "greedy",
            Algorithm::BreadthFirst => "bfs",
            Algorithm::BidirectionalAStar => "bidirectional",
            Algorithm::JumpPoint => "jps",
            Algorithm::IdaStar => "ida",
        }
    }

    /// The name a person reads.
    pub const fn title(self) -> &'static str {
        match self {
            Algorithm::AStar => "A*",
            Algorithm::WeightedAStar => "weighted A*",
            Algorithm::Dijkstra => "Dijkstra",
            Algorithm::GreedyBestFirst => "greedy best-first",
            Algorithm::BreadthFirst => "breadth-first",
            Algorithm::BidirectionalAStar => "bidirectional A*",
            Algorithm::JumpPoint => "jump point search",
            Algorithm::IdaStar => "IDA*",
        }
    }

    /// What it guarantees and which costs it takes, in one line.
    pub const fn guarantee(self) -> &'static str {
        match self {
            Algorithm::AStar => {
                "optimal with an admissible heuristic (all but manhattan with diagonals); any cell costs"
            }
            Algorithm::WeightedAStar => {
                "a path at most W times the cheapest (admissible heuristic); any cell costs"
            }
            Algorithm::Dijkstra => {
                "optimal; any cell costs; expands every cell cheaper than the goal"
            }
            Algorithm::GreedyBestFirst => {
                "not optimal (ignores what the way costs); any cell costs; often quickest"
            }
            Algorithm::BreadthFirst => {
                "fewest steps, not least cost (ignores cell costs); optimal only on uniform 4-connected grids"
            }
            Algorithm::BidirectionalAStar => {
                "optimal with an admissible heuristic; any cell costs; searches from both ends"
            }
            Algorithm::JumpPoint => {
                "optimal (octile); only where every passable cell costs the same, 8-connected without corner cutting"
            }
            Algorithm::IdaStar => {
                "optimal with an admissible heuristic; any cell costs; no open list, so it expands cells again and again (gives up after 50000)"
            }
        }
    }

    /// Whether the heuristic setting changes what it does.
    pub const fn uses_heuristic(self) -> bool {
        matches!(
            self,
            Algorithm::AStar
                | Algorithm::WeightedAStar
                | Algorithm::GreedyBestFirst
                | Algorithm::BidirectionalAStar
                | Algorithm::IdaStar
        )
    }

    /// Whether the weight setting changes what it does.
    pub const fn uses_weight(self) -> bool {
        matches!(self, Algorithm::WeightedAStar)
    }

    /// Whether it runs on the engine's A* (budgets, tie-breaks, slices).
    pub const fn is_engine_astar(self) -> bool {
        matches!(
            self,
            Algorithm::AStar | Algorithm::WeightedAStar | Algorithm::Dijkstra
        )
    }

    /// The next one in [`Algorithm::ALL`], wrapping.
    pub fn next(self) -> Self {
        let at = Self::ALL.iter().position(|&a| a == self).unwrap_or(0);
        Self::ALL[(at + 1) % Self::ALL.len()]
    }

    /// Looks one up by [`Algorithm::name`].
    pub fn from_name(name: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|a| a.name() == name)
    }

    /// `lab --list-algorithms`: one line per search, name then promise.
    pub fn listing() -> String {
        let mut out = String::new();
        for algorithm in Self::ALL {
            out.push_str(&format!(
                "{:<14} {:<18} {}\n",
                algorithm.name(),
                algorithm.title(),
                algorithm.guarantee()
            ));
        }
        out
    }
}

impl fmt::Display for Algorithm {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.title())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_algorithm_is_listed_once_by_a_unique_name() {
        let listing = Algorithm::listing();
        assert_eq!(listing.lines().count(), Algorithm::ALL.len());
        for algorithm in Algorithm::ALL {
            assert_eq!(Algorithm::from_name(algorithm.name()), Some(algorithm));
            assert!(listing.contains(algorithm.guarantee()));
        }
        let mut cycled = Algorithm::AStar;
        for _ in 0..Algorithm::ALL.len() {
            cycled = cycled.next();
        }
        assert_eq!(cycled, Algorithm::AStar);
    }
}
