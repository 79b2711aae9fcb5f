//! Which clusters of a [`Hierarchy`] are priced, as of which grid state:
//! the one part of a hierarchy repaired on demand that is not a function
//! of the grid it describes (its borders, nodes and links are, and so is
//! every priced cluster's crossings, with patching off), but of which
//! searches ran on it.
//!
//! A game whose searches may price only so many cells a turn (the rest
//! next turn) plays on what is priced; saving this beside the grid (its
//! version in the save's version space, feature `serde`) lets a loaded
//! game build the hierarchy again with the same clusters priced
//! ([`Hierarchy::restore_priced`]), so it plays on as the unbroken one.

use super::Hierarchy;
use crate::grid::Grid;

/// Which clusters a hierarchy had priced, as of which grid state (see the
/// module documentation).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct PricedClusters {
    /// The grid state the hierarchy was last brought up to date with.
    #[cfg_attr(feature = "serde", serde(with = "crate::saved::version"))]
    version: u64,
    /// The priced clusters, by number, in order.
    clusters: Vec<u32>,
}

impl PricedClusters {
    /// How many clusters were priced.
    pub fn len(&self) -> usize {
        self.clusters.len()
    }

    /// Whether no cluster was priced.
    pub fn is_empty(&self) -> bool {
        self.clusters.is_empty()
    }
}

impl Hierarchy {
    /// Which clusters are priced now, as of the grid state the hierarchy
    /// was last brought up to date with.
    pub fn priced_clusters(&self) -> PricedClusters {
        PricedClusters {
            version: self.version,
            clusters: (0..self.clusters.len() as u32)
                .filter(|&cluster| self.clusters[cluster as usize].priced)
                .collect(),
        }
    }

    /// Prices the clusters `priced` names that a repair on demand from its
    /// grid state to `grid`'s would have left priced: those with no
    /// changed cell, nor a changed cell on a border they share (the clusters
    /// a repair on demand leaves unpriced are a function of the changed
    /// cells alone). None when `grid`'s record of changes does not reach
    /// back to that state (a repair would have rebuilt the hierarchy).
    /// For a hierarchy just built from `grid`, pricing on demand and not
    /// patching: it then has the clusters priced that the hierarchy
    /// `priced` was taken from would have once brought up to date with
    /// `grid`, with the same crossings. The cells this settles are not
    /// counted in [`Hierarchy::cells_settled_pricing`] (they rebuild what
    /// was priced before). Returns how many clusters it priced.
    pub fn restore_priced(&mut self, grid: &Grid, priced: &PricedClusters) -> usize {
        if !self.is_current(grid) || priced.clusters.is_empty() {
            return 0;
        }
        let Some(changed) = grid.changes_since(priced.version) else {
            return 0;
        };
        let mut dirty = vec![false; self.clusters.len()];
        for index in changed {
            for cluster in self.clusters_dirtied_by(grid.pos_of(index)) {
                dirty[cluster] = true;
            }
        }
        let settled = self.pricer.settled;
        let mut count = 0;
        for &cluster in &priced.clusters {
            let cluster = cluster as usize;
            if cluster < self.clusters.len() && !dirty[cluster] {
                self.ensure_priced(grid, cluster);
                count += 1;
            }
        }
        self.pricer.settled = settled;
        count
    }
}
