//! A* over any graph: nodes are numbers, and the caller says what a node's
//! neighbours are (with what each step costs) and what the rest of the way
//! from a node is estimated to cost. The grid searches elsewhere in this
//! crate are faster on grids; this one is for everything else: regions of a
//! board game, waypoints, and the coarse level of a [`Hierarchy`].
//!
//! Records are generation-stamped, grown to the largest node number seen and
//! never cleared, so a search object reused for many queries allocates
//! nothing once warm. A node whose g improves after it was closed is opened
//! again, so an inconsistent (but admissible) heuristic still gives the
//! cheapest path.
//!
//! [`Hierarchy`]: crate::Hierarchy

use std::cmp::Reverse;
use std::collections::BinaryHeap;

use crate::float_order::order_bits;

/// A graph the search can walk: a node's outgoing edges and an estimate of
/// the cost still to go from a node to the goal of the current search.
///
/// `neighbours` and `estimate` take `&mut self` so a graph may compute its
/// edges on demand and cache them.
pub trait Graph {
    /// Appends every edge out of `node` to `out` as (neighbour, cost). Costs
    /// must be finite and not negative.
    fn neighbours(&mut self, node: usize, out: &mut Vec<(usize, f64)>);
    /// An estimate of the cheapest cost from `node` to the goal; never above
    /// it for the returned path to be the cheapest. Return 0 for Dijkstra.
    fn estimate(&mut self, node: usize) -> f64;
}

/// A [`Graph`] made of two closures: see [`graph_from_fns`].
#[derive(Debug, Clone)]
pub struct FnGraph<N, H> {
    neighbours: N,
    estimate: H,
}

/// A graph given by a neighbours function and a heuristic.
///
/// ```
/// use gridpath::{GraphAStar, graph_from_fns};
///
/// // Four towns on a map of roads, not a grid: 0 Ashford, 1 Brook,
/// // 2 Crane, 3 Dunmore, with their positions for the estimate.
/// let roads: [&[(usize, f64)]; 4] = [&[(1, 4.0), (2, 2.0)], &[(3, 5.0)], &[(1, 1.0), (3, 8.0)], &[]];
/// let at: [(f64, f64); 4] = [(0.0, 0.0), (4.0, 0.0), (2.0, 1.0), (8.0, 0.0)];
/// let goal = 3;
/// let mut graph = graph_from_fns(
///     |town: usize, out: &mut Vec<(usize, f64)>| out.extend_from_slice(roads[town]),
///     |town: usize| {
///         // As the crow flies: never longer than the roads.
///         let ((x, y), (gx, gy)) = (at[town], at[goal]);
///         ((gx - x) * (gx - x) + (gy - y) * (gy - y)).sqrt()
///     },
/// );
/// let path = GraphAStar::new().find_path(&mut graph, 0, goal).expect("Dunmore is reachable");
/// // Ashford, Crane, Brook, Dunmore: 2 + 1 + 5, cheaper than the direct roads.
/// assert_eq!(path.nodes, vec![0, 2, 1, 3]);
/// assert_eq!(path.cost, 8.0);
/// ```
pub fn graph_from_fns<N, H>(neighbours: N, estimate: H) -> FnGraph<N, H>
where
    N: FnMut(usize, &mut Vec<(usize, f64)>),
    H: FnMut(usize) -> f64,
{
    FnGraph {
        neighbours,
        estimate,
    }
}

impl<N, H> Graph for FnGraph<N, H>
where
    N: FnMut(usize, &mut Vec<(usize, f64)>),
    H: FnMut(usize) -> f64,
{
    fn neighbours(&mut self, node: usize, out: &mut Vec<(usize, f64)>) {
        (self.neighbours)(node, out);
    }

    fn estimate(&mut self, node: usize) -> f64 {
        (self.estimate)(node)
    }
}

/// A path through a graph: its nodes from start to goal (both included) and
/// the sum of its edges' costs.
#[derive(Debug, Clone, PartialEq)]
pub struct GraphPath {
    /// The nodes from start to goal, both included.
    pub nodes: Vec<usize>,
    /// The sum of the edges' costs.
    pub cost: f64,
}

/// How a budgeted graph search ended.
#[derive(Debug, Clone, PartialEq)]
pub enum GraphSearchOutcome {
    /// The cheapest path (given an admissible estimate).
    Found(GraphPath),
    /// The goal cannot be reached from the start.
    NoPath,
    /// The node budget ran out first.
    OverBudget,
}

/// One node's record: valid only while `generation` is the search's.
#[derive(Debug, Clone, Copy, Default)]
struct Record {
    g: f64,
    parent: u32,
    generation: u32,
    closed: bool,
}

/// A reusable A* search over [`Graph`]s.
#[derive(Debug, Clone, Default)]
pub struct GraphAStar {
    records: Vec<Record>,
    generation: u32,
    /// (f key, g key, node), smallest first: lowest f, then largest g.
    open: BinaryHeap<Reverse<(u64, u64, u32)>>,
    edges: Vec<(usize, f64)>,
    expanded: u64,
}

/// The order of f: rounded to about 2^-32 relative, so sums that are
/// equal but for float noise tie, and ties go to the larger g (the node
/// nearer the goal), as on grids: with an octile estimate, most nodes
/// near the straight line tie.
fn f_key(f: f64) -> u64 {
    order_bits(f) & !((1 << 20) - 1)
}

/// Larger g first among equal f.
fn g_key(g: f64) -> u64 {
    u64::MAX - order_bits(g)
}

/// No parent: the start.
const NO_PARENT: u32 = u32::MAX;

impl GraphAStar {
    /// A search with no records yet.
    pub fn new() -> Self {
        Self::default()
    }

    /// Nodes expanded by the last search.
    pub fn expanded(&self) -> u64 {
        self.expanded
    }

    /// The cheapest path from `start` to `goal`, or `None` if there is none.
    pub fn find_path(
        &mut self,
        graph: &mut impl Graph,
        start: usize,
        goal: usize,
    ) -> Option<GraphPath> {
        match self.find_path_within(graph, start, goal, usize::MAX) {
            GraphSearchOutcome::Found(path) => Some(path),
            GraphSearchOutcome::NoPath | GraphSearchOutcome::OverBudget => None,
        }
    }

    /// [`GraphAStar::find_path`], expanding at most `node_budget` nodes.
    /// Node numbers must fit in `u32` (less one).
    pub fn find_path_within(
        &mut self,
        graph: &mut impl Graph,
        start: usize,
        goal: usize,
        node_budget: usize,
    ) -> GraphSearchOutcome {
        self.begin();
        self.expanded = 0;
        *self.record_mut(start) = Record {
            g: 0.0,
            parent: NO_PARENT,
            generation: self.generation,
            closed: false,
        };
        let h = graph.estimate(start);
        self.open
            .push(Reverse((f_key(h), g_key(0.0), start as u32)));
        let mut edges = std::mem::take(&mut self.edges);
        let outcome = loop {
            let Some(Reverse((key, _, node))) = self.open.pop() else {
                break GraphSearchOutcome::NoPath;
            };
            let node = node as usize;
            let record = self.records[node];
            if record.closed {
                continue;
            }
            // A stale entry: the node was pushed again with a lower f.
            let f = record.g + graph.estimate(node);
            if f_key(f) < key {
                continue;
            }
            if node == goal {
                break GraphSearchOutcome::Found(self.path_to(goal));
            }
            if self.expanded as usize >= node_budget {
                break GraphSearchOutcome::OverBudget;
            }
            self.expanded += 1;
            self.records[node].closed = true;
            edges.clear();
            graph.neighbours(node, &mut edges);
            for &(next, step) in &edges {
                let g = record.g + step;
                let generation = self.generation;
                let slot = self.record_mut(next);
                // Float noise (the same sum in another order) is no
                // improvement: without the slack, a closed node could be
                // opened again for a gain of 1e-15.
                if slot.generation == generation && slot.g <= g + g.abs() * 1e-12 {
                    continue;
                }
                *slot = Record {
                    g,
                    parent: node as u32,
                    generation,
                    closed: false,
                };
                let f = g + graph.estimate(next);
                self.open.push(Reverse((f_key(f), g_key(g), next as u32)));
            }
        };
        self.edges = edges;
        outcome
    }

    /// A new generation: every record reads as untouched.
    fn begin(&mut self) {
        self.open.clear();
        self.generation = self.generation.wrapping_add(1);
        if self.generation == 0 {
            self.records.iter_mut().for_each(|r| *r = Record::default());
            self.generation = 1;
        }
    }

    /// The record of `node`, made fresh if it is from an older search.
    fn record_mut(&mut self, node: usize) -> &mut Record {
        if node >= self.records.len() {
            self.records.resize(node + 1, Record::default());
        }
        let generation = self.generation;
        let record = &mut self.records[node];
        if record.generation != generation {
            *record = Record {
                g: f64::INFINITY,
                parent: NO_PARENT,
                generation,
                closed: false,
            };
        }
        record
    }

    /// The path to `goal` by parent links.
    fn path_to(&self, goal: usize) -> GraphPath {
        let mut nodes = vec![goal];
        let mut at = goal;
        while self.records[at].parent != NO_PARENT {
            at = self.records[at].parent as usize;
            nodes.push(at);
        }
        nodes.reverse();
        GraphPath {
            nodes,
            cost: self.records[goal].g,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A ring of `n` nodes, each joined to the next (cost 1) and to the one
    /// after next (`skip`: worth it over two steps of 1 when below 2).
    fn ring(n: usize, skip: f64) -> impl FnMut(usize, &mut Vec<(usize, f64)>) {
        move |node, out| {
            out.push(((node + 1) % n, 1.0));
            out.push(((node + 2) % n, skip));
        }
    }

    #[test]
    fn dijkstra_on_a_ring_takes_the_cheaper_skips() {
        let mut graph = graph_from_fns(ring(10, 1.5), |_| 0.0);
        let path = GraphAStar::new().find_path(&mut graph, 0, 6).unwrap();
        assert_eq!(path.nodes, vec![0, 2, 4, 6]);
        assert_eq!(path.cost, 4.5);
        let mut graph = graph_from_fns(ring(10, 3.0), |_| 0.0);
        let path = GraphAStar::new().find_path(&mut graph, 0, 3).unwrap();
        assert_eq!(path.cost, 3.0);
        assert_eq!(path.nodes.len(), 4);
    }

    #[test]
    fn an_unreachable_goal_is_no_path_and_a_small_budget_is_over_budget() {
        let mut search = GraphAStar::new();
        let mut graph = graph_from_fns(
            |n: usize, out: &mut Vec<_>| out.push(((n + 1) % 5, 1.0)),
            |_| 0.0,
        );
        assert_eq!(
            search.find_path_within(&mut graph, 0, 7, 100),
            GraphSearchOutcome::NoPath
        );
        assert_eq!(
            search.find_path_within(&mut graph, 0, 4, 2),
            GraphSearchOutcome::OverBudget
        );
        assert!(matches!(
            search.find_path_within(&mut graph, 0, 4, 4),
            GraphSearchOutcome::Found(_)
        ));
    }

    #[test]
    fn the_start_is_its_own_path() {
        let mut graph = graph_from_fns(ring(4, 1.5), |_| 0.0);
        let path = GraphAStar::new().find_path(&mut graph, 2, 2).unwrap();
        assert_eq!((path.nodes, path.cost), (vec![2], 0.0));
    }

    #[test]
    fn an_inconsistent_estimate_still_finds_the_cheapest_path() {
        // 0 -> 1 -> 3 costs 2; 0 -> 2 -> 3 costs 3; node 1 looks far.
        let edges: [&[(usize, f64)]; 4] = [
            &[(1, 1.0), (2, 1.0)],
            &[(3, 1.0)],
            &[(1, 0.1), (3, 2.0)],
            &[],
        ];
        let estimate = [0.0, 1.0, 0.0, 0.0];
        let mut graph = graph_from_fns(
            |n: usize, out: &mut Vec<_>| out.extend_from_slice(edges[n]),
            |n: usize| estimate[n],
        );
        let path = GraphAStar::new().find_path(&mut graph, 0, 3).unwrap();
        assert_eq!(path.cost, 2.0);
    }

    #[test]
    fn many_searches_reuse_the_records() {
        let mut search = GraphAStar::new();
        for goal in 0..50 {
            let mut graph = graph_from_fns(ring(50, 1.5), |_| 0.0);
            let path = search.find_path(&mut graph, 0, goal).unwrap();
            assert_eq!(path.nodes.last(), Some(&goal));
        }
    }
}
