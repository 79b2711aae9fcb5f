//! What a run of the hierarchy over scenario files adds up (`fogcrawl scen
//! --engine hierarchy`, the benchmark): each path's cost over the listed
//! optimum, and over the queries longer than 256 cells, A*'s expansions
//! against the hierarchy's (coarse and fine together). Its summary line has
//! one fixed form, which fogcrawl's CI reads.

use super::octile_length;
use crate::Pos;

/// Queries whose optimal length is above this many cells count toward the
/// expansions ratio.
pub const LONG_QUERY: f64 = 256.0;

/// Sums over the paths the hierarchy found.
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct HierarchyTally {
    /// Paths found where the scenario lists one (optimal length above 0).
    pub paths: usize,
    /// The sum of their lengths over the listed optima.
    pub ratio_sum: f64,
    /// The largest of their lengths over the listed optimum.
    pub ratio_max: f64,
    /// Legal paths longer than the optimum beyond the file's tolerance (not
    /// failures for this engine).
    pub longer: usize,
    /// Over queries longer than [`LONG_QUERY`]: A*'s expansions.
    pub long_astar_expanded: u64,
    /// Over queries longer than [`LONG_QUERY`]: the hierarchy's expansions.
    pub long_hierarchy_expanded: u64,
    /// Time spent building hierarchies, in seconds.
    pub build_seconds: f64,
}

impl HierarchyTally {
    /// Counts one found path of `cells` for a scenario with `optimal` length.
    pub fn add_path(&mut self, cells: &[Pos], optimal: f64) {
        if optimal <= 0.0 {
            return;
        }
        let ratio = octile_length(cells) / optimal;
        self.paths += 1;
        self.ratio_sum += ratio;
        self.ratio_max = self.ratio_max.max(ratio);
    }

    /// Adds another file's sums.
    pub fn merge(&mut self, other: &Self) {
        self.paths += other.paths;
        self.ratio_sum += other.ratio_sum;
        self.ratio_max = self.ratio_max.max(other.ratio_max);
        self.longer += other.longer;
        self.long_astar_expanded += other.long_astar_expanded;
        self.long_hierarchy_expanded += other.long_hierarchy_expanded;
        self.build_seconds += other.build_seconds;
    }

    /// The mean cost ratio (1 with no paths).
    #[must_use]
    pub fn mean_ratio(&self) -> f64 {
        if self.paths == 0 {
            1.0
        } else {
            self.ratio_sum / self.paths as f64
        }
    }

    /// A*'s expansions over the hierarchy's on long queries (0 with none).
    #[must_use]
    pub fn expansions_ratio(&self) -> f64 {
        if self.long_hierarchy_expanded == 0 {
            0.0
        } else {
            self.long_astar_expanded as f64 / self.long_hierarchy_expanded as f64
        }
    }

    /// `hierarchy: N queries, mean cost ratio R, max cost ratio M, expansions ratio E`.
    #[must_use]
    pub fn summary_line(&self) -> String {
        format!(
            "hierarchy: {} queries, mean cost ratio {:.4}, max cost ratio {:.4}, expansions ratio {:.1}",
            self.paths,
            self.mean_ratio(),
            self.ratio_max.max(1.0),
            self.expansions_ratio()
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_summary_line_has_its_fixed_form() {
        let mut tally = HierarchyTally::default();
        tally.add_path(
            &[Pos::new(0, 0), Pos::new(1, 0), Pos::new(2, 1)],
            2.0_f64.sqrt() + 1.0,
        );
        tally.add_path(
            &[
                Pos::new(0, 0),
                Pos::new(1, 0),
                Pos::new(2, 0),
                Pos::new(2, 1),
            ],
            2.0_f64.sqrt() + 1.0,
        );
        tally.long_astar_expanded = 1000;
        tally.long_hierarchy_expanded = 80;
        assert_eq!(
            tally.summary_line(),
            "hierarchy: 2 queries, mean cost ratio 1.1213, max cost ratio 1.2426, expansions ratio 12.5"
        );
    }
}
