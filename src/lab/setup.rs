//! What one search in the lab is asked to do: the algorithm and every
//! option PathFinding.js offers (heuristic, weight, diagonal rule), plus
//! what it lacks (tie-break, how cells unknown to the searcher are priced,
//! whether painted danger and crowding count, a node budget per slice).

use gridpath::{Diagonals, Heuristic, Movement, SearchOptions, TieBreak};

use fogcrawl_core::UnknownCellPolicy;

use super::algorithm::Algorithm;

/// The weight weighted A* starts with.
pub(crate) const DEFAULT_WEIGHT: f64 = 2.0;
/// The weights the lab offers: the engine accepts 1 and above; the monster
/// config allows up to 10.
pub(crate) const WEIGHT_RANGE: (f64, f64) = (1.0, 10.0);
/// The cost the "cost" unknown-cell policy gives an unseen cell (the
/// lizardfolk's in the shipped config is 2).
pub(crate) const UNKNOWN_CELL_COST: f64 = 3.0;
/// The node budgets `b` cycles through (`None`: no budget, one slice).
pub(crate) const BUDGETS: [Option<usize>; 5] = [None, Some(5), Some(20), Some(50), Some(200)];

/// One search's settings.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct SearchSetup {
    pub algorithm: Algorithm,
    pub heuristic: Heuristic,
    /// Weighted A*'s weight on h (1 for the others).
    pub weight: f64,
    pub tie_break: TieBreak,
    pub diagonals: Diagonals,
    /// How a cell painted unknown is priced; `None` plans on the truth
    /// (the fog ignored: what an omniscient searcher does).
    pub unknown: Option<UnknownCellPolicy>,
    /// Whether painted danger and crowding add to cell costs.
    pub influence: bool,
    /// Expansions per slice: the search pauses after each, as the game's
    /// planner pauses a search at the end of a turn's budget.
    pub budget: Option<usize>,
}

impl Default for SearchSetup {
    fn default() -> Self {
        Self {
            algorithm: Algorithm::AStar,
            heuristic: Heuristic::Octile,
            weight: DEFAULT_WEIGHT,
            tie_break: TieBreak::LargerG,
            diagonals: Diagonals::NoCornerCutting,
            unknown: Some(UnknownCellPolicy::Open),
            influence: true,
            budget: None,
        }
    }
}

impl SearchSetup {
    /// The movement rule the grid is built with.
    pub fn movement(&self) -> Movement {
        Movement {
            diagonals: self.diagonals,
        }
    }

    /// The weight the search really runs with.
    pub fn effective_weight(&self) -> f64 {
        if self.algorithm.uses_weight() {
            self.weight
        } else {
            1.0
        }
    }

    /// The heuristic the search really runs with.
    pub fn effective_heuristic(&self) -> Heuristic {
        match self.algorithm {
            Algorithm::Dijkstra => Heuristic::Zero,
            Algorithm::JumpPoint => Heuristic::Octile,
            _ => self.heuristic,
        }
    }

    /// The engine's A* options for this setup.
    pub fn search_options(&self) -> SearchOptions {
        SearchOptions {
            heuristic: self.effective_heuristic(),
            weight: self.effective_weight(),
            tie_break: self.tie_break,
            turn_penalty: 0.0,
        }
    }

    /// One line saying what runs: `A* octile, larger-g, no corner cutting`.
    pub fn describe(&self) -> String {
        let mut parts = vec![self.algorithm.title().to_owned()];
        if self.algorithm.uses_heuristic() {
            parts.push(self.heuristic.name().to_owned());
        }
        if self.algorithm.uses_weight() {
            parts.push(format!("w{}", self.weight));
        }
        if self.algorithm.is_engine_astar() {
            parts.push(tie_break_name(self.tie_break).to_owned());
        }
        parts.push(diagonals_name(self.diagonals).to_owned());
        parts.join(" ")
    }

    /// The unknown-cell policy in words.
    pub fn unknown_name(&self) -> String {
        match self.unknown {
            None => "truth (fog ignored)".to_owned(),
            Some(policy) => format!("unknown {policy}"),
        }
    }

    /// The budget in words.
    pub fn budget_name(&self) -> String {
        self.budget
            .map_or_else(|| "none".to_owned(), |nodes| format!("{nodes}/slice"))
    }

    /// The next heuristic, wrapping.
    pub fn cycle_heuristic(&mut self) {
        let at = Heuristic::ALL
            .iter()
            .position(|&h| h == self.heuristic)
            .unwrap_or(0);
        self.heuristic = Heuristic::ALL[(at + 1) % Heuristic::ALL.len()];
    }

    /// The next diagonal rule: never, no corner cutting, at most one
    /// blocked, always (PathFinding.js's four).
    pub fn cycle_diagonals(&mut self) {
        self.diagonals = match self.diagonals {
            Diagonals::Never => Diagonals::NoCornerCutting,
            Diagonals::NoCornerCutting => Diagonals::AtMostOneBlocked,
            Diagonals::AtMostOneBlocked => Diagonals::Always,
            Diagonals::Always => Diagonals::Never,
        };
    }

    /// The other tie-break.
    pub fn cycle_tie_break(&mut self) {
        self.tie_break = match self.tie_break {
            TieBreak::LargerG => TieBreak::SmallerG,
            TieBreak::SmallerG => TieBreak::LargerG,
        };
    }

    /// The next unknown-cell policy: open, blocked, a cost, the truth.
    pub fn cycle_unknown(&mut self) {
        self.unknown = match self.unknown {
            Some(UnknownCellPolicy::Open) => Some(UnknownCellPolicy::Blocked),
            Some(UnknownCellPolicy::Blocked) => Some(UnknownCellPolicy::Cost(UNKNOWN_CELL_COST)),
            Some(UnknownCellPolicy::Cost(_)) => None,
            None => Some(UnknownCellPolicy::Open),
        };
    }

    /// The next budget of [`BUDGETS`].
    pub fn cycle_budget(&mut self) {
        let at = BUDGETS.iter().position(|&b| b == self.budget).unwrap_or(0);
        self.budget = BUDGETS[(at + 1) % BUDGETS.len()];
    }

    /// Weight up or down by a half, within [`WEIGHT_RANGE`].
    pub fn change_weight(&mut self, up: bool) {
        let step = if up { 0.5 } else { -0.5 };
        self.weight = (self.weight + step).clamp(WEIGHT_RANGE.0, WEIGHT_RANGE.1);
    }
}

/// The tie-break in words.
pub(crate) const fn tie_break_name(tie_break: TieBreak) -> &'static str {
    match tie_break {
        TieBreak::LargerG => "larger-g",
        TieBreak::SmallerG => "smaller-g",
    }
}

/// The diagonal rule in words.
pub(crate) const fn diagonals_name(diagonals: Diagonals) -> &'static str {
    match diagonals {
        Diagonals::Never => "no diagonals",
        Diagonals::NoCornerCutting => "no corner cutting",
        Diagonals::AtMostOneBlocked => "cut one corner",
        Diagonals::Always => "diagonals always",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cycles_come_back_round_and_the_weight_stays_in_range() {
        let mut setup = SearchSetup::default();
        let before = setup;
        for _ in 0..Heuristic::ALL.len() {
            setup.cycle_heuristic();
        }
        for _ in 0..4 {
            setup.cycle_diagonals();
            setup.cycle_unknown();
        }
        for _ in 0..BUDGETS.len() {
            setup.cycle_budget();
        }
        setup.cycle_tie_break();
        setup.cycle_tie_break();
        assert_eq!(setup, before);
        for _ in 0..40 {
            setup.change_weight(true);
        }
        assert_eq!(setup.weight, WEIGHT_RANGE.1);
        assert_eq!(setup.effective_weight(), 1.0, "A* runs at weight 1");
    }
}
