//! The search itself: opening the start, the loop that expands cells within
//! a node budget (compiled once per heuristic, tracing and turn-penalty
//! choice), and whether a paused search may go on after the grid changed.
//! A*'s hot loop is [`AStar::run`]: what makes it fast is in the module
//! header of `astar.rs`.

use super::TieBreak;
use super::priority::{TIE_BITS, priority_key, priority_key_masked, tie_mask};
use super::{AStar, Query, Settled};
use crate::grid::{
    DIRECTION_DELTAS, DIRECTION_LENGTHS, DOMINATED_MOVES, Grid, Pos, SIDEWAYS_AFTER_CARDINAL,
};
use crate::heuristic::{Chebyshev, Estimate, Euclidean, Heuristic, Manhattan, Octile, Zero};
use crate::node_records::{CLOSED, GENERATION_SHIFT, PARENT_MASK};
use crate::open_list::OpenEntry;
use crate::prefetch::prefetch;
use crate::trace::TraceEvent;

/// How a slice of a search ended.
pub(super) enum Outcome {
    Found(f64),
    NoPath,
    Pending,
}

impl AStar {
    /// Whether the grid changed where the paused search `q` has looked:
    /// at a cell it reached or next to one (a cell's passability also
    /// decides its neighbours' moves), or in the cheapest cost or the
    /// uniform-cost shortcut it runs with. Otherwise every cell and move it
    /// has read is as it was, and it can go on.
    pub(super) fn changes_reach_search(&self, grid: &Grid, q: &Query) -> bool {
        if q.settled.is_some()
            || grid.min_cost() != q.min_cost
            || grid.has_uniform_cost() != q.uniform_cost
            || self.nodes.len() != grid.padded_len()
        {
            return true;
        }
        let Some(changed) = grid.changes_since(q.grid_version) else {
            return true;
        };
        let offsets = grid.offsets();
        // An overridden cell carries the stamp before it is reached, with
        // an infinite g.
        let reached = |cell: usize| {
            self.nodes.get(cell).is_some_and(|node| {
                node.tag >> GENERATION_SHIFT == self.generation && node.g.is_finite()
            })
        };
        let overridden = |cell: usize| self.overrides.iter().any(|&(c, _)| c == cell);
        // Touched cells lie within a move of the expanded span; a change
        // matters if it is touched or beside a touched cell.
        let one_move = offsets.iter().map(|o| o.unsigned_abs()).max().unwrap_or(0);
        let (lowest, highest) = q.closed_span;
        let near = |cell: usize| cell + 2 * one_move >= lowest && cell <= highest + 2 * one_move;
        for cell in changed {
            if !near(cell) {
                continue;
            }
            // An overridden cell costs what the search was told, whatever
            // the grid says now; only its passability could matter, and
            // overrides never cover impassable cells.
            if overridden(cell) && grid.costs()[cell].is_finite() {
                continue;
            }
            if reached(cell)
                || offsets
                    .iter()
                    .any(|&offset| reached(cell.wrapping_add_signed(offset)))
            {
                return true;
            }
        }
        false
    }

    /// Writes the current search's cost overrides into the node records,
    /// stamped with the search's generation but not reached (infinite g),
    /// so the search reads their cost from the record, not the grid.
    ///
    /// A space that keeps its records writes the costs alone (its copies
    /// are read whatever the stamp), and gives the cells their grid costs
    /// back before its next search.
    pub(super) fn apply_overrides(&mut self) {
        if self.pool.is_none() {
            for &(cell, cost) in &self.overrides {
                if let Some(node) = self.nodes.get_mut(cell) {
                    node.cost = cost;
                    self.overridden_copies.push(cell);
                }
            }
            return;
        }
        let stamp = self.generation << GENERATION_SHIFT;
        for &(cell, cost) in &self.overrides {
            if let Some(node) = self.nodes.get_mut(cell) {
                if node.tag != stamp {
                    self.touched.push(cell as u32);
                }
                node.cost = cost;
                node.g = f64::INFINITY;
                node.tag = stamp;
            }
        }
    }

    pub(super) fn open_start(&mut self, grid: &Grid) {
        self.shelf = None;
        self.touched.clear();
        self.fit_records(grid.padded_len());
        if self.pool.is_none() {
            self.copy_costs(grid);
        }
        self.next_generation();
        self.apply_overrides();
        self.equal_f.clear();
        self.below.clear();
        let Some(query) = self.query.filter(|q| q.settled.is_none()) else {
            self.open.reset(grid.min_cost(), 0.0);
            return;
        };
        let h = self.estimate(grid, query.start, &query);
        let f = query.options.weight * h;
        self.open.reset(grid.min_cost(), f);
        let start = &mut self.nodes[query.start];
        if self.pool.is_some() && start.tag >> GENERATION_SHIFT != self.generation {
            start.cost = grid.costs()[query.start];
            self.touched.push(query.start as u32);
        }
        start.g = 0.0;
        start.tag = self.generation << GENERATION_SHIFT;
        self.open.push(
            f,
            OpenEntry {
                key: priority_key(f, h, query.options.tie_break),
                cell: query.start as u32,
            },
        );
        self.stats.pushed += 1;
        if self.tracing {
            self.trace.events.push(TraceEvent::Open {
                cell: query.start_pos,
                g: 0.0,
                h,
                f,
                parent: None,
            });
        }
    }

    /// The heuristic (scaled by the grid's cheapest cost, not weighted).
    pub(super) fn estimate(&self, grid: &Grid, cell: usize, query: &Query) -> f64 {
        let pos = grid.pos_of(cell);
        let dx = f64::from(pos.x - query.goal_pos.x);
        let dy = f64::from(pos.y - query.goal_pos.y);
        grid.min_cost() * query.options.heuristic.estimate(dx, dy)
    }

    pub(super) fn advance(&mut self, grid: &Grid, node_budget: usize) -> Outcome {
        let Some(query) = self.query else {
            return Outcome::NoPath;
        };
        match query.settled {
            Some(Settled::AtGoal) => return Outcome::Found(0.0),
            Some(Settled::NoPath) => return Outcome::NoPath,
            None => {}
        }
        if node_budget > 0 {
            self.stats.slices += 1;
        }
        let turns = query.options.turn_penalty > 0.0;
        match query.options.heuristic {
            Heuristic::Octile => self.run_for::<Octile>(grid, node_budget, turns),
            Heuristic::Manhattan => self.run_for::<Manhattan>(grid, node_budget, turns),
            Heuristic::Euclidean => self.run_for::<Euclidean>(grid, node_budget, turns),
            Heuristic::Chebyshev => self.run_for::<Chebyshev>(grid, node_budget, turns),
            Heuristic::Zero => self.run_for::<Zero>(grid, node_budget, turns),
        }
    }

    /// Picks the search loop compiled for the tracing and turn-penalty
    /// choices.
    pub(super) fn run_for<E: Estimate>(
        &mut self,
        grid: &Grid,
        node_budget: usize,
        turns: bool,
    ) -> Outcome {
        match (self.tracing, turns) {
            (false, false) => self.run::<E, false, false>(grid, node_budget),
            (true, false) => self.run::<E, true, false>(grid, node_budget),
            (false, true) => self.run::<E, false, true>(grid, node_budget),
            (true, true) => self.run::<E, true, true>(grid, node_budget),
        }
    }

    /// The search loop, compiled once per heuristic, tracing choice and
    /// turn-penalty choice: with `TURNS` false (no penalty) the penalty code
    /// is not in the loop at all.
    ///
    /// Turn penalties and the open list. A penalty only ever adds to a
    /// neighbour's g, so its key is at least what it would be without one.
    /// With a consistent heuristic and weight 1, f never drops from a cell
    /// to a neighbour (`h(cell) <= step + h(next) <= step + penalty +
    /// h(next)`), so every key pushed has f >= `f_bound`, the f last taken
    /// from the queue, just as without penalties. Where that fails (weights
    /// above 1, inconsistent heuristics) nothing rests on it: the push rule
    /// below sends any key with f under `f_bound` or under the queue's floor
    /// to the `below` heap, so the queue stays monotone whatever g holds;
    /// `below` gives back its smallest key, which is under every other, and
    /// the equal-f stack only holds f == `f_bound`, no more than any queued
    /// key. Either way what is expanded next is a minimum of the open list.
    /// Penalties change which cells take which route, never the soundness
    /// of either rule.
    #[inline(never)]
    pub(super) fn run<E: Estimate, const TRACE: bool, const TURNS: bool>(
        &mut self,
        grid: &Grid,
        node_budget: usize,
    ) -> Outcome {
        let Some(query) = self.query.as_mut() else {
            return Outcome::NoPath;
        };
        let masks = grid.masks();
        let offsets = *grid.offsets();
        let splitter = grid.cell_splitter();
        let uniform = grid.has_uniform_cost();
        let nodes = &mut self.nodes[..masks.len()];
        let costs = grid.costs();
        // A sharing space takes costs as cells are first reached (and
        // notes which it touched); one that keeps its records has copies.
        let sharing = self.pool.is_some();
        let touched = &mut self.touched;
        let generation = self.generation;
        let goal = query.goal;
        let (goal_x, goal_y) = splitter.split(goal);
        let h_scale = grid.min_cost();
        let f_scale = h_scale * query.options.weight;
        let tie_break = query.options.tie_break;
        let tie_mask = tie_mask(tie_break);
        let use_equal_f_stack = tie_break == TieBreak::LargerG;
        let turn_penalty = query.options.turn_penalty;
        let start = query.start;
        let mut f_bound = query.f_bound;
        let (mut lowest_closed, mut highest_closed) = query.closed_span;
        let mut expanded = 0usize;
        let mut pushed = 0u64;

        let outcome = loop {
            if expanded == node_budget {
                break Outcome::Pending;
            }
            let cell = if let Some(std::cmp::Reverse((_, cell))) = self.below.pop() {
                cell as usize
            } else if let Some(cell) = self.equal_f.pop() {
                cell as usize
            } else if let Some(entry) = self.open.pop() {
                f_bound = entry.key >> TIE_BITS;
                entry.cell as usize
            } else {
                break Outcome::NoPath;
            };
            let node = &mut nodes[cell];
            if node.tag & CLOSED != 0 {
                continue; // a stale entry: the cell was expanded already
            }
            node.tag |= CLOSED;
            lowest_closed = lowest_closed.min(cell);
            highest_closed = highest_closed.max(cell);
            let g = node.g;
            // The direction this cell was entered by, and what turning away
            // from it costs (nothing at the start, which was not entered).
            let entered = (node.tag & PARENT_MASK) as usize;
            let penalty_here = if TURNS && cell != start {
                turn_penalty
            } else {
                0.0
            };
            expanded += 1;
            if TRACE {
                self.trace.events.push(TraceEvent::Close {
                    cell: grid.pos_of(cell),
                    cost: Some(f64::from(nodes[cell].cost)),
                });
            }
            if cell == goal {
                break Outcome::Found(g);
            }
            let (x, y) = splitter.split(cell);
            let mut mask = masks[cell];
            // Skip the moves the parent made pointless (it relaxed those
            // cells no dearer): the same search, a third fewer looks.
            if !TURNS && cell != start {
                mask &= !DOMINATED_MOVES[entered];
                if uniform && entered < 4 {
                    let parent = cell.wrapping_add_signed(-offsets[entered]);
                    let parent_mask = masks[parent];
                    for (sideways, diagonal) in SIDEWAYS_AFTER_CARDINAL[entered] {
                        mask &= !(((parent_mask >> diagonal) & 1) << sideways);
                    }
                }
            }
            while mask != 0 {
                let direction = mask.trailing_zeros() as usize;
                mask &= mask - 1;
                let next = cell.wrapping_add_signed(offsets[direction]);
                let neighbour = &mut nodes[next];
                if sharing && neighbour.tag >> GENERATION_SHIFT != generation {
                    // First reached by this search: its cost copy is taken
                    // now (the record is about to be stamped below).
                    neighbour.cost = costs[next];
                    touched.push(next as u32);
                }
                let mut next_g = g + DIRECTION_LENGTHS[direction] * f64::from(neighbour.cost);
                if TURNS && direction != entered {
                    next_g += penalty_here;
                }
                if neighbour.tag >> GENERATION_SHIFT == generation
                    && (neighbour.tag & CLOSED != 0 || next_g >= neighbour.g)
                {
                    continue;
                }
                neighbour.g = next_g;
                neighbour.tag = (generation << GENERATION_SHIFT) | direction as u32;
                // Ask for the record two cells on in this direction: the one
                // `next` will reach when expanded, often not yet touched by
                // this search and cold on a large map (on the 512x512 maze
                // this saved 8% of the search time), and in a sharing space
                // its cost, which the search reads from the grid when it
                // first reaches it.
                let ahead = next
                    .wrapping_add_signed(2 * offsets[direction])
                    .min(nodes.len() - 1);
                prefetch(&nodes[ahead]);
                if sharing {
                    prefetch(&costs[ahead]);
                }
                let (dx, dy) = DIRECTION_DELTAS[direction];
                let h_dx = f64::from((x + dx - goal_x).abs());
                let h_dy = f64::from((y + dy - goal_y).abs());
                let estimate = E::estimate(h_dx, h_dy);
                let f = next_g + f_scale * estimate;
                let key = priority_key_masked(f, estimate, tie_mask);
                pushed += 1;
                // Keys the queue may not take (not above the last one popped)
                // are minima already: expand them next, from the stack.
                let key_f = key >> TIE_BITS;
                if key_f < f_bound || key < self.open.floor() {
                    // Below everything queued: taken smallest first, so
                    // the search stays best-first even where f drops.
                    self.below.push(std::cmp::Reverse((key, next as u32)));
                } else if use_equal_f_stack && key_f == f_bound {
                    self.equal_f.push(next as u32);
                } else {
                    self.open.push(
                        f,
                        OpenEntry {
                            key,
                            cell: next as u32,
                        },
                    );
                }
                if TRACE {
                    let (px, py) = (x - 1, y - 1);
                    self.trace.events.push(TraceEvent::Open {
                        cell: Pos::new(px + dx, py + dy),
                        g: next_g,
                        h: h_scale * estimate,
                        f,
                        parent: Some(Pos::new(px, py)),
                    });
                }
            }
        };
        query.f_bound = f_bound;
        query.closed_span = (lowest_closed, highest_closed);
        self.stats.expanded += expanded as u64;
        self.stats.pushed += pushed;
        outcome
    }
}
