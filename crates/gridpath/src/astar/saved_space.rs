//! A search space in a save: the paused search it holds (its query, open
//! list and the records of the cells it touched), never the level-sized set
//! of records a sharing space borrows, nor its pool: a loaded space is given
//! its pool again ([`AStar::share`]). A space that keeps its own records
//! is saved without its search (it starts none after a load).

use super::*;
use crate::node_records::GENERATION_SHIFT;
use serde::{Deserialize, Deserializer, Serialize, Serializer};

#[derive(Serialize)]
struct SpaceRef<'a> {
    touched: &'a [u32],
    shelf: Option<(usize, Vec<Node>)>,
    open: &'a BucketQueue,
    equal_f: &'a [u32],
    below: &'a std::collections::BinaryHeap<std::cmp::Reverse<(u64, u32)>>,
    query: Option<Query>,
    overrides: &'a [(usize, f32)],
    stats: SearchStats,
    tracing: bool,
    trace: &'a SearchTrace,
}

#[derive(Deserialize)]
struct Space {
    touched: Vec<u32>,
    shelf: Option<(usize, Vec<Node>)>,
    open: BucketQueue,
    equal_f: Vec<u32>,
    below: std::collections::BinaryHeap<std::cmp::Reverse<(u64, u32)>>,
    query: Option<Query>,
    overrides: Vec<(usize, f32)>,
    stats: SearchStats,
    tracing: bool,
    trace: SearchTrace,
}

impl Serialize for AStar {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        // A search running in a borrowed set (not shelved yet) is saved
        // as shelving would keep it.
        let shelf = match (&self.shelf, self.pool.is_some() && !self.nodes.is_empty()) {
            (Some(shelf), _) => Some(shelf.clone()),
            (None, true) => Some((
                self.nodes.len(),
                self.touched
                    .iter()
                    .filter_map(|&cell| self.nodes.get(cell as usize).copied())
                    .collect(),
            )),
            (None, false) => None,
        };
        // A record's generation stamp names the borrowed set it was in
        // (which depends on what else the process searched): going on
        // stamps the records anew and reads only the bits below it, so
        // only those are saved, and the same search saves alike.
        let low_bits = (1 << GENERATION_SHIFT) - 1;
        let shelf = shelf.map(|(cells, kept): (usize, Vec<Node>)| {
            let kept = kept
                .into_iter()
                .map(|node| Node {
                    tag: node.tag & low_bits,
                    ..node
                })
                .collect();
            (cells, kept)
        });
        let kept = self.pool.is_some() && self.query.is_some();
        SpaceRef {
            touched: if kept { &self.touched } else { &[] },
            shelf: if kept { shelf } else { None },
            open: &self.open,
            equal_f: &self.equal_f,
            below: &self.below,
            query: if kept { self.query } else { None },
            overrides: &self.overrides,
            stats: self.stats,
            tracing: self.tracing,
            trace: &self.trace,
        }
        .serialize(serializer)
    }
}

impl<'de> Deserialize<'de> for AStar {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let space = Space::deserialize(deserializer)?;
        let touched_records = space.shelf.as_ref().map_or(0, |(_, kept)| kept.len());
        if space.shelf.is_some() && touched_records != space.touched.len() {
            return Err(serde::de::Error::custom(format!(
                "a paused search keeps {touched_records} records for {} cells",
                space.touched.len()
            )));
        }
        if let Some((cells, _)) = &space.shelf {
            crate::saved::claim::<D::Error>(*cells)?;
            if space.touched.iter().any(|&cell| cell as usize >= *cells) {
                return Err(serde::de::Error::custom(
                    "a paused search touched a cell outside its grid",
                ));
            }
        }
        Ok(Self {
            touched: space.touched,
            // A search with no records to go on from is dropped.
            query: space.query.filter(|_| space.shelf.is_some()),
            shelf: space.shelf,
            open: space.open,
            equal_f: space.equal_f,
            below: space.below,
            overrides: space.overrides,
            stats: space.stats,
            tracing: space.tracing,
            trace: space.trace,
            ..Self::default()
        })
    }
}
