//! Two-tier planning over a weighted [`Grid`], in the manner of HPA*
//! (Botea, Müller and Schaeffer, "Near Optimal Hierarchical Path-Finding",
//! 2004), carried over to cells of different costs.
//!
//! The grid is cut into square clusters. Where two clusters touch, each run
//! of open cells facing each other across the border is an entrance, and a
//! few of its cell pairs become transitions: their cells are the nodes of a
//! coarse graph. Within a cluster, every pair of its nodes is joined by the
//! cheapest cost of crossing between them without leaving the cluster,
//! worked out once and kept; across a border, a transition's two cells are
//! joined by one step. A query joins its start and goal to the nodes of
//! their clusters, searches the coarse graph with [`GraphAStar`](crate::GraphAStar), refines
//! each coarse step into cells and smooths the result
//! ([`string_pull`](crate::string_pull)): a legal grid path and its cost, near the
//! cheapest (see `crates/gridpath/README.md` for how near, measured).
//!
//! Refining needs no search: pricing a cluster keeps the cells of each
//! cheapest crossing beside its cost (a byte a step), and the first and last
//! coarse steps follow the ways the searches joining the start and goal to
//! their clusters found. So a query expands the coarse nodes and those two
//! clusters' cells, nothing more.
//!
//! What carries HPA* over to terrain costs: crossing costs are cheapest
//! costs, not distances; edges are directed (a step costs what the cell it
//! enters costs); and each entrance keeps its cheapest pair as a transition
//! besides its ends and middle, so a road that crosses a border is a node.
//!
//! When cells change, [`Hierarchy::repair`] (or [`Hierarchy::sync`], which
//! reads the grid's own change log) redoes the entrances of the borders the
//! cells lie on and re-prices only the clusters they touch. A cluster with
//! one changed cell and the same entrances is patched rather than priced
//! again: only the nodes whose kept crossings pass near the cell are
//! searched from again, and the other pairs are compared with the way
//! through the cell. A cluster whose entrances moved keeps the pairs of
//! the nodes it still has and searches from and to its new nodes only.
//!
//! ```
//! use gridpath::{Grid, Hierarchy, HierarchicalSearch, HierarchyOptions, Movement, Pos};
//!
//! let mut grid = Grid::from_fn(64, 64, Movement::default(), |x, y| {
//!     // A wall down the middle with one gap, and a marsh (cost 5) left of it.
//!     if x == 32 && y != 50 { None } else if x < 20 { Some(5.0) } else { Some(1.0) }
//! })
//! .unwrap();
//! let mut hierarchy = Hierarchy::build(&grid, HierarchyOptions::default()).unwrap();
//! let mut search = HierarchicalSearch::new();
//! let path = search
//!     .find_path(&mut hierarchy, &grid, Pos::new(30, 2), Pos::new(60, 2))
//!     .unwrap()
//!     .expect("through the gap");
//! assert!(path.cells.contains(&Pos::new(32, 50)));
//! assert!(gridpath::steps_are_legal(&grid, path.cells[0], &path.cells[1..]));
//!
//! // Open a second gap: one cell changes, two clusters are re-priced.
//! grid.set_cost(Pos::new(32, 3), Some(1.0)).unwrap();
//! let repaired = hierarchy.sync(&grid);
//! assert!(repaired.clusters_repriced <= 2);
//! let path = search.find_path(&mut hierarchy, &grid, Pos::new(30, 2), Pos::new(60, 2)).unwrap().unwrap();
//! assert!(path.cost < 35.0);
//! ```

mod box_search;
mod crossing_paths;
mod layout;
mod least_costs;
mod priced_clusters;
mod pricing;
mod query;

use thiserror::Error;

use self::crossing_paths::CrossingPaths;
use self::layout::{Layout, Transition};
use self::pricing::Pricer;
use crate::grid::{Diagonals, Grid};
use crate::pos::Pos;

pub use self::least_costs::least_cost_in_box;
pub use self::priced_clusters::PricedClusters;
pub use self::query::{
    CoarseOutcome, CoarsePlan, HierarchicalPath, HierarchicalSearch, HierarchyStats,
};

/// How a hierarchy is cut.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct HierarchyOptions {
    /// The side of a cluster, in cells (at least 4). Larger clusters mean a
    /// smaller coarse graph and costlier insertion and refinement.
    pub cluster_size: usize,
}

impl Default for HierarchyOptions {
    fn default() -> Self {
        Self { cluster_size: 16 }
    }
}

/// Why a hierarchy could not be built.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum HierarchyError {
    /// The cluster side is below 4 or above the grid's largest side.
    #[error("cluster size {size} is not allowed: it must be 4 to 4096")]
    BadClusterSize {
        /// The size given.
        size: usize,
    },
    /// The grid lets walkers cut corners, so a way between clusters could
    /// cross a border only diagonally, which the coarse graph does not hold.
    #[error(
        "a hierarchy needs a grid without corner cutting (four-connected or eight-connected without cutting corners)"
    )]
    CornerCutting,
}

/// A link from a node to the node across a border.
#[derive(Debug, Clone, Copy, PartialEq)]
struct Link {
    cluster: u32,
    local: u32,
    /// What the step onto the other node costs (the cell it enters).
    cost: f64,
}

/// One cluster's part of the coarse graph.
#[derive(Debug, Clone, Default)]
struct Cluster {
    /// Its transition cells, sorted by row then column.
    nodes: Vec<Pos>,
    /// `links[link_start[i]..link_start[i + 1]]` leave node `i`.
    link_start: Vec<u32>,
    links: Vec<Link>,
    /// `crossing[i * k + j]`: the cheapest cost from node i to node j
    /// inside the cluster (infinite: no way inside it); valid once `priced`.
    crossing: Vec<f64>,
    /// The cells of each crossing, found with its cost.
    paths: CrossingPaths,
    /// Which of its cells were passable when it was priced, a bit each
    /// (a repair must know whether a changed cell was a wall).
    open: Vec<u64>,
    /// Whether `crossing` is worked out: clusters are priced when a search
    /// first reaches them (or by [`Hierarchy::price_all`]), and re-priced
    /// by repairs once they are.
    priced: bool,
    /// Its pricing bound as of its cells and nodes now, once asked for
    /// ([`Hierarchy::pricing_bound`]; forgotten when a repair touches it).
    bound: Option<u64>,
}

/// What a repair did.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct RepairStats {
    /// Changed cells read.
    pub cells: usize,
    /// Borders whose entrances were found again.
    pub borders_redone: usize,
    /// Clusters whose crossing costs were worked out again (wholly, or
    /// patched for the one cell that changed in them).
    pub clusters_repriced: usize,
    /// Whether the whole hierarchy was rebuilt (the grid's change log did
    /// not reach back to the state the hierarchy was built from).
    pub rebuilt: bool,
    /// Priced clusters left unpriced instead, to be priced again when a
    /// search next reaches them ([`Hierarchy::set_pricing_on_demand`]).
    pub clusters_unpriced: usize,
}

/// The coarse graph of a grid: see the module documentation.
#[derive(Debug, Clone)]
pub struct Hierarchy {
    layout: Layout,
    borders: Vec<Vec<Transition>>,
    clusters: Vec<Cluster>,
    /// `offsets[c]`: the number of the first node of cluster `c` in the
    /// coarse search; `offsets[clusters]` the count of all nodes.
    offsets: Vec<u32>,
    /// Each coarse node's cell and cluster, by node number (the coarse
    /// search reads them for every edge it looks at).
    node_cells: Vec<Pos>,
    node_clusters: Vec<u32>,
    /// The grid state this hierarchy describes.
    version: u64,
    /// Reused by pricing.
    pricer: Pricer,
    /// Whether a repair patches a cluster with one changed cell rather
    /// than pricing it again (see [`Hierarchy::set_patching`]).
    patching: bool,
    /// Whether a repair leaves the clusters it would price again unpriced,
    /// for the next search that reaches them (see
    /// [`Hierarchy::set_pricing_on_demand`]).
    on_demand: bool,
}

impl Hierarchy {
    /// The hierarchy of `grid`: clusters, entrances and links. A cluster's
    /// crossing costs are worked out when a search first reaches it (see
    /// [`Hierarchy::price_all`] to work them all out now).
    pub fn build(grid: &Grid, options: HierarchyOptions) -> Result<Self, HierarchyError> {
        let size = options.cluster_size;
        if !(4..=4096).contains(&size) {
            return Err(HierarchyError::BadClusterSize { size });
        }
        if !matches!(
            grid.movement().diagonals,
            Diagonals::Never | Diagonals::NoCornerCutting
        ) {
            return Err(HierarchyError::CornerCutting);
        }
        let layout = Layout::new(grid.width(), grid.height(), size);
        let mut hierarchy = Self {
            layout,
            borders: vec![Vec::new(); layout.borders()],
            clusters: vec![Cluster::default(); layout.clusters()],
            offsets: Vec::new(),
            node_cells: Vec::new(),
            node_clusters: Vec::new(),
            version: grid.version(),
            pricer: Pricer::default(),
            patching: true,
            on_demand: false,
        };
        for border in 0..layout.borders() {
            layout.transitions(grid, border, &mut hierarchy.borders[border]);
        }
        for cluster in 0..layout.clusters() {
            hierarchy.gather_nodes(cluster);
        }
        for cluster in 0..layout.clusters() {
            hierarchy.relink(grid, cluster);
        }
        hierarchy.renumber();
        Ok(hierarchy)
    }

    /// Brings the hierarchy up to date with `grid` from the grid's own
    /// record of which cells changed since the state it was built or last
    /// synced from (rebuilding it all if that record does not reach back).
    /// `grid` must be the grid it was built from, or a clone of it.
    pub fn sync(&mut self, grid: &Grid) -> RepairStats {
        if grid.version() == self.version {
            return RepairStats::default();
        }
        let changed: Option<Vec<Pos>> = grid
            .changes_since(self.version)
            .map(|cells| cells.map(|index| grid.pos_of(index)).collect());
        match changed {
            Some(cells) => self.repair(grid, cells),
            None => {
                let options = HierarchyOptions {
                    cluster_size: self.layout.size as usize,
                };
                if let Ok(rebuilt) = Self::build(grid, options) {
                    let (patching, on_demand) = (self.patching, self.on_demand);
                    *self = rebuilt;
                    self.patching = patching;
                    self.on_demand = on_demand;
                }
                RepairStats {
                    cells: grid.width() * grid.height(),
                    borders_redone: self.borders.len(),
                    clusters_repriced: self.clusters.len(),
                    rebuilt: true,
                    clusters_unpriced: 0,
                }
            }
        }
    }

    /// Brings the hierarchy up to date after the cells `changed` changed in
    /// `grid` (their cost or whether they are passable): the borders they
    /// lie on get their entrances found again, and only the clusters they
    /// lie in, or whose entrances changed, are re-priced.
    pub fn repair(&mut self, grid: &Grid, changed: impl IntoIterator<Item = Pos>) -> RepairStats {
        let layout = self.layout;
        let mut stats = RepairStats::default();
        let mut dirty_clusters: Vec<usize> = Vec::new();
        let mut dirty_borders: Vec<usize> = Vec::new();
        // (cluster, cell) for every changed cell, to patch a cluster with
        // one changed cell rather than price it again.
        let mut changed_in: Vec<(usize, Pos)> = Vec::new();
        for pos in changed {
            if !grid.in_bounds(pos) {
                continue;
            }
            stats.cells += 1;
            if self.on_demand {
                // Both sides of its borders as well, whether or not their
                // entrances moved: which clusters a repair on demand leaves
                // unpriced is then a function of the changed cells alone
                // (see `Hierarchy::restore_priced`).
                dirty_clusters.extend(self.clusters_dirtied_by(pos));
            } else {
                dirty_clusters.push(layout.cluster_of(pos));
            }
            changed_in.push((layout.cluster_of(pos), pos));
            dirty_borders.extend(layout.borders_at(pos));
        }
        changed_in.sort_unstable_by_key(|&(cluster, pos)| (cluster, pos.y, pos.x));
        changed_in.dedup();
        dirty_borders.sort_unstable();
        dirty_borders.dedup();
        // Clusters whose links must be read again: both sides of every
        // redone border (a transition moved, or the cost of stepping onto
        // one changed).
        let mut relinked: Vec<usize> = Vec::new();
        let mut scratch = Vec::new();
        for &border in &dirty_borders {
            layout.transitions(grid, border, &mut scratch);
            let (a, b) = layout.border_clusters(border);
            relinked.extend([a, b]);
            if scratch != self.borders[border] {
                std::mem::swap(&mut self.borders[border], &mut scratch);
                dirty_clusters.extend([a, b]);
            }
        }
        stats.borders_redone = dirty_borders.len();
        dirty_clusters.sort_unstable();
        dirty_clusters.dedup();
        // Every cluster whose cells or nodes changed is among them.
        for &cluster in &dirty_clusters {
            self.clusters[cluster].bound = None;
        }
        relinked.sort_unstable();
        relinked.dedup();
        let mut renumber = false;
        // (cluster, its nodes before) for every cluster whose nodes changed.
        let mut regathered: Vec<(usize, Vec<Pos>)> = Vec::new();
        for &cluster in &dirty_clusters {
            if let Some(old_nodes) = self.gather_nodes(cluster) {
                renumber = true;
                regathered.push((cluster, old_nodes));
                // Its neighbours' links into it name its nodes by number.
                relinked.extend(layout.borders_of(cluster).map(|border| {
                    let (a, b) = layout.border_clusters(border);
                    if a == cluster { b } else { a }
                }));
            }
        }
        relinked.extend(dirty_clusters.iter().copied());
        relinked.sort_unstable();
        relinked.dedup();
        for &cluster in &relinked {
            self.relink(grid, cluster);
        }
        for &cluster in &dirty_clusters {
            if !self.clusters[cluster].priced {
                continue;
            }
            if self.on_demand {
                // Priced again when a search next reaches it: a cluster
                // whose cells change turn after turn costs nothing until
                // a way through it is wanted.
                self.clusters[cluster].priced = false;
                stats.clusters_unpriced += 1;
                continue;
            }
            let first = changed_in.partition_point(|&(c, _)| c < cluster);
            let inside = &changed_in[first..changed_in.partition_point(|&(c, _)| c <= cluster)];
            let old_nodes = regathered
                .iter()
                .find(|(c, _)| *c == cluster)
                .map(|(_, nodes)| nodes.as_slice());
            match (old_nodes, inside) {
                // Its nodes and cells are as they were (a neighbour's
                // transition moved): nothing to price.
                (None, []) => continue,
                (None, &[(_, cell)]) if self.patching => self.patch(grid, cluster, cell),
                // Its cells are as they were, its nodes not.
                (Some(old_nodes), []) if self.patching => {
                    self.renode(grid, cluster, old_nodes);
                }
                // Both: the nodes first, on the cells as they are now (the
                // pairs kept are still priced on the cells as they were),
                // then the one changed cell.
                (Some(old_nodes), &[(_, cell)]) if self.patching => {
                    self.renode(grid, cluster, old_nodes);
                    self.patch(grid, cluster, cell);
                }
                _ => self.reprice(grid, cluster),
            }
            stats.clusters_repriced += 1;
        }
        if renumber {
            self.renumber();
        }
        self.version = grid.version();
        stats
    }

    /// The side of a cluster.
    pub fn cluster_size(&self) -> usize {
        self.layout.size as usize
    }

    /// How many clusters there are.
    pub fn cluster_count(&self) -> usize {
        self.clusters.len()
    }

    /// How many nodes the coarse graph has.
    pub fn node_count(&self) -> usize {
        self.offsets.last().map_or(0, |&n| n as usize)
    }

    /// The cluster `pos` lies in (a number below [`Hierarchy::cluster_count`]),
    /// or `None` outside the grid.
    pub fn cluster_of(&self, pos: Pos) -> Option<usize> {
        let inside =
            pos.x >= 0 && pos.y >= 0 && pos.x < self.layout.width && pos.y < self.layout.height;
        inside.then(|| self.layout.cluster_of(pos))
    }

    /// A cluster's cells: its top-left cell, width and height.
    pub fn cluster_bounds(&self, cluster: usize) -> (Pos, usize, usize) {
        let b = self.layout.cluster_box(cluster);
        (Pos::new(b.x0, b.y0), b.width as usize, b.height as usize)
    }

    /// Every node's cell (transition cells), cluster by cluster.
    pub fn nodes(&self) -> impl Iterator<Item = Pos> + '_ {
        self.clusters.iter().flat_map(|c| c.nodes.iter().copied())
    }

    /// Every pair of nodes joined inside a priced cluster, with the
    /// cheapest cost from the first to the second (both directions are
    /// listed).
    pub fn crossings(&self) -> impl Iterator<Item = (Pos, Pos, f64)> + '_ {
        self.clusters.iter().flat_map(|c| {
            let k = c.nodes.len();
            (0..k * k).filter_map(move |ij| {
                let (i, j) = (ij / k, ij % k);
                let cost = c.crossing.get(ij).copied().unwrap_or(f64::INFINITY);
                (i != j && cost.is_finite()).then(|| (c.nodes[i], c.nodes[j], cost))
            })
        })
    }

    /// Whether a repair may patch a cluster in which one cell changed, or
    /// whose nodes moved keeping the pairs it still has (the default), or
    /// must price it again. Patching is cheaper, but
    /// among ways of equal cost it can keep another one than pricing the
    /// cluster afresh would, and its sums can differ in the last bits.
    /// Without it every kept crossing is a function of the grid alone: a
    /// hierarchy built again from the same grid (after loading a saved
    /// game, say) answers every query exactly as the repaired one.
    pub fn set_patching(&mut self, on: bool) {
        self.patching = on;
    }

    /// Whether a repair prices again at once the priced clusters whose
    /// cells or nodes changed (the default), or leaves them unpriced until
    /// a search next reaches them, as a new hierarchy's clusters are. On
    /// demand suits a grid that changes in many places between searches
    /// (a game's, where monsters crowd cells every turn): a cluster is
    /// priced once for the searches that need it, not once per change.
    /// Pricing a cluster afresh is a function of the grid alone, so with
    /// patching off a hierarchy repaired on demand answers every query
    /// exactly as one built from the same grid.
    pub fn set_pricing_on_demand(&mut self, on: bool) {
        self.on_demand = on;
    }

    /// Whether the hierarchy describes `grid`'s current state.
    pub fn is_current(&self, grid: &Grid) -> bool {
        self.version == grid.version()
    }

    // ---- building blocks ----

    /// Collects a cluster's nodes from its borders' transitions; the nodes
    /// it had before, if they changed.
    fn gather_nodes(&mut self, cluster: usize) -> Option<Vec<Pos>> {
        let mut nodes: Vec<Pos> = Vec::new();
        for border in self.layout.borders_of(cluster) {
            let (a, _) = self.layout.border_clusters(border);
            nodes.extend(
                self.borders[border]
                    .iter()
                    .map(|t| if a == cluster { t.a } else { t.b }),
            );
        }
        nodes.sort_unstable_by_key(|p| (p.y, p.x));
        nodes.dedup();
        (nodes != self.clusters[cluster].nodes)
            .then(|| std::mem::replace(&mut self.clusters[cluster].nodes, nodes))
    }

    /// The local number of the node at `pos` in `cluster`.
    fn local_of(&self, cluster: usize, pos: Pos) -> Option<usize> {
        self.clusters[cluster]
            .nodes
            .binary_search_by_key(&(pos.y, pos.x), |p| (p.y, p.x))
            .ok()
    }

    /// Finds the links out of every node of `cluster` again.
    fn relink(&mut self, grid: &Grid, cluster: usize) {
        let mut link_start = Vec::with_capacity(self.clusters[cluster].nodes.len() + 1);
        let mut links = Vec::new();
        for &node in &self.clusters[cluster].nodes {
            link_start.push(links.len() as u32);
            for border in self.layout.borders_of(cluster) {
                let (a, b) = self.layout.border_clusters(border);
                for t in &self.borders[border] {
                    let (here, there, other) = if a == cluster {
                        (t.a, t.b, b)
                    } else {
                        (t.b, t.a, a)
                    };
                    if here != node {
                        continue;
                    }
                    if let (Some(local), Some(cost)) =
                        (self.local_of(other, there), grid.cost(there))
                    {
                        links.push(Link {
                            cluster: other as u32,
                            local: local as u32,
                            cost,
                        });
                    }
                }
            }
        }
        link_start.push(links.len() as u32);
        let entry = &mut self.clusters[cluster];
        entry.link_start = link_start;
        entry.links = links;
    }

    /// Works out the crossing costs of `cluster` again.
    fn reprice(&mut self, grid: &Grid, cluster: usize) {
        let cell_box = self.layout.cluster_box(cluster);
        let entry = &mut self.clusters[cluster];
        self.pricer.price(
            grid,
            cell_box,
            &entry.nodes,
            &mut entry.crossing,
            &mut entry.paths,
        );
        entry.paths.shrink();
        pricing::open_cells(grid, cell_box, &mut entry.open);
        entry.priced = true;
    }

    /// Carries a priced cluster whose cells are unchanged over to its new
    /// nodes (it had `old_nodes`).
    fn renode(&mut self, grid: &Grid, cluster: usize, old_nodes: &[Pos]) {
        let cell_box = self.layout.cluster_box(cluster);
        let entry = &mut self.clusters[cluster];
        self.pricer.renode(
            grid,
            cell_box,
            (old_nodes, &entry.nodes),
            &mut entry.crossing,
            &mut entry.paths,
        );
        entry.paths.shrink();
    }

    /// Brings a priced cluster whose nodes are unchanged up to date after
    /// one cell in it changed.
    fn patch(&mut self, grid: &Grid, cluster: usize, cell: Pos) {
        let cell_box = self.layout.cluster_box(cluster);
        let entry = &mut self.clusters[cluster];
        let local = pricing::local_index(cell_box, cell);
        let patched = self.pricer.patch(
            grid,
            cell_box,
            &entry.nodes,
            (cell, pricing::is_set(&entry.open, local)),
            &mut entry.crossing,
            &mut entry.paths,
        );
        if patched {
            let bit = 1u64 << (local % 64);
            if grid.is_passable(cell) {
                entry.open[local / 64] |= bit;
            } else {
                entry.open[local / 64] &= !bit;
            }
        } else {
            self.reprice(grid, cluster);
        }
    }

    /// The clusters a change of the cell `pos` leaves unpriced in a repair
    /// on demand: its own, and the other side of every border it lies on.
    fn clusters_dirtied_by(&self, pos: Pos) -> impl Iterator<Item = usize> + use<> {
        let layout = self.layout;
        let own = layout.cluster_of(pos);
        std::iter::once(own).chain(layout.borders_at(pos).map(move |border| {
            let (a, b) = layout.border_clusters(border);
            if a == own { b } else { a }
        }))
    }

    /// An upper bound on the cells pricing `cluster` settles on `grid` as
    /// it is (the hierarchy brought up to date with it first; 0 for no
    /// such cluster): the cells of each node's part of the cluster, summed
    /// over the nodes pricing searches from (none on open ground of one
    /// cost, all but one on walled ground of one cost). Walls, the cells
    /// walled off from a node and the nodes no search runs from are not
    /// counted; the cells a search leaves once its last node is settled
    /// are (few on mixed ground: the last node is often across the
    /// cluster). For a caller that prices clusters out of an allowance
    /// ([`Hierarchy::price_cluster`]) and must not go over it. Worked out
    /// in one pass over the cluster's cells and kept until they or its
    /// nodes change.
    ///
    /// ```
    /// use gridpath::{Grid, Hierarchy, HierarchyOptions, Movement};
    ///
    /// // Two prices of ground, a wall across the left cluster's middle.
    /// let grid = Grid::from_fn(32, 16, Movement::default(), |x, y| {
    ///     if y == 8 && x < 15 { None } else { Some(if (x + y) % 3 == 0 { 2.0 } else { 1.0 }) }
    /// })
    /// .unwrap();
    /// let mut hierarchy = Hierarchy::build(&grid, HierarchyOptions::default()).unwrap();
    /// let bound = hierarchy.pricing_bound(&grid, 0);
    /// let settled = hierarchy.price_cluster(&grid, 0);
    /// assert!(settled > 0 && settled <= bound);
    /// // Never more than a search from each node over every open cell.
    /// let nodes = hierarchy.nodes().filter(|&n| hierarchy.cluster_of(n) == Some(0)).count();
    /// assert!(bound <= nodes as u64 * (16 * 16 - 15));
    /// ```
    pub fn pricing_bound(&mut self, grid: &Grid, cluster: usize) -> u64 {
        self.sync(grid);
        let Some(entry) = self.clusters.get(cluster) else {
            return 0;
        };
        if let Some(bound) = entry.bound {
            return bound;
        }
        let cell_box = self.layout.cluster_box(cluster);
        let bound = self.pricer.bound(grid, cell_box, &entry.nodes);
        self.clusters[cluster].bound = Some(bound);
        bound
    }

    /// Whether `cluster` is priced (its crossings current with the grid
    /// the hierarchy was last brought up to date with).
    pub fn is_priced(&self, cluster: usize) -> bool {
        self.clusters.get(cluster).is_some_and(|c| c.priced)
    }

    /// Prices `cluster` now if it is not yet (the hierarchy brought up to
    /// date with `grid` first); the cells that settled (0 if it was
    /// priced, or there is no such cluster). For a caller that must have
    /// certain clusters priced whatever its budget says (the ones a walker
    /// is about to cross).
    pub fn price_cluster(&mut self, grid: &Grid, cluster: usize) -> u64 {
        self.sync(grid);
        if cluster >= self.clusters.len() {
            return 0;
        }
        let settled = self.pricer.settled;
        self.ensure_priced(grid, cluster);
        self.pricer.settled - settled
    }

    /// Prices `cluster` if it is not yet.
    fn ensure_priced(&mut self, grid: &Grid, cluster: usize) {
        if !self.clusters[cluster].priced {
            self.reprice(grid, cluster);
        }
    }

    /// Works out every cluster's crossing costs now, rather than when
    /// searches first reach them (brings the hierarchy up to date first).
    pub fn price_all(&mut self, grid: &Grid) {
        self.sync(grid);
        for cluster in 0..self.clusters.len() {
            self.ensure_priced(grid, cluster);
        }
    }

    /// Grid cells settled while pricing clusters, since the hierarchy was
    /// built (a measure of what pricing cost).
    pub fn cells_settled_pricing(&self) -> u64 {
        self.pricer.settled
    }

    /// Bytes held by the kept crossing paths of priced clusters (for
    /// measuring what caching them costs).
    pub fn path_bytes(&self) -> usize {
        self.clusters.iter().map(|c| c.paths.bytes()).sum()
    }

    /// The cells of the kept cheapest crossing from node `from` to node
    /// `to` of one priced cluster, appended to `out` (both ends included);
    /// false (and nothing appended) where none is kept.
    fn kept_crossing(&self, from: Pos, to: Pos, out: &mut Vec<Pos>) -> bool {
        let Some(cluster) = self.cluster_of(from) else {
            return false;
        };
        let entry = &self.clusters[cluster];
        if !entry.priced || self.cluster_of(to) != Some(cluster) {
            return false;
        }
        let (Some(i), Some(j)) = (self.local_of(cluster, from), self.local_of(cluster, to)) else {
            return false;
        };
        let k = entry.nodes.len();
        if i == j || !entry.crossing[i * k + j].is_finite() {
            return false;
        }
        crossing_paths::walk(from, entry.paths.steps(k, i, j), out);
        true
    }

    /// Numbers the nodes of all clusters in one sequence.
    fn renumber(&mut self) {
        self.offsets.clear();
        self.node_cells.clear();
        self.node_clusters.clear();
        for (number, cluster) in self.clusters.iter().enumerate() {
            self.offsets.push(self.node_cells.len() as u32);
            self.node_cells.extend_from_slice(&cluster.nodes);
            self.node_clusters
                .extend(std::iter::repeat_n(number as u32, cluster.nodes.len()));
        }
        self.offsets.push(self.node_cells.len() as u32);
    }

    /// The cluster and local number of coarse node `node`.
    fn split(&self, node: usize) -> (usize, usize) {
        let cluster = self.node_clusters[node] as usize;
        (cluster, node - self.offsets[cluster] as usize)
    }

    fn layout(&self) -> Layout {
        self.layout
    }
}

/// The exits of the cluster `pos` lies in on one side, for clusters of
/// `cluster_size` cells over `grid`: each transition on its border with
/// the cluster to its left (`side` 0), right (1), above (2) or below (3),
/// as (its cell inside the cluster, the cell one step across the border),
/// in order along the border, appended to `out`. They are nodes a
/// [`Hierarchy`] built from `grid` would give the cluster, worked out from
/// the grid alone (that border's cells read, nothing else): for a walker
/// that wants the coarse graph's nodes round it without a hierarchy kept
/// current. Nothing when there is no cluster on that side, `pos` is off
/// the grid or the size is below 4.
pub fn cluster_exits(
    grid: &Grid,
    cluster_size: usize,
    pos: Pos,
    side: usize,
    out: &mut Vec<(Pos, Pos)>,
) {
    if cluster_size < 4 || !grid.in_bounds(pos) {
        return;
    }
    let layout = Layout::new(grid.width(), grid.height(), cluster_size);
    let cluster = layout.cluster_of(pos);
    let Some(border) = layout.border_on_side(cluster, side) else {
        return;
    };
    let mut transitions = Vec::new();
    layout.transitions(grid, border, &mut transitions);
    let (a, _) = layout.border_clusters(border);
    out.extend(
        transitions
            .iter()
            .map(|t| if a == cluster { (t.a, t.b) } else { (t.b, t.a) }),
    );
}

#[cfg(test)]
#[path = "hierarchy/tests.rs"]
mod tests;
