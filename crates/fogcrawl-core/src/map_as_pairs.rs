//! A map saved as a list of (key, value) pairs: JSON (the format-1 save,
//! and the tests that compare whole games as JSON) takes only string keys,
//! and a cell or a pair of actors is not one. Use it as
//! `#[serde(with = "crate::map_as_pairs")]` on a `BTreeMap` field; the
//! pairs come out in key order, so the same map writes the same bytes.

use std::collections::BTreeMap;

use serde::{Deserialize, Deserializer, Serialize, Serializer};

/// Writes `map` as a sequence of its (key, value) pairs, in key order.
pub(crate) fn serialize<S, K, V>(map: &BTreeMap<K, V>, serializer: S) -> Result<S::Ok, S::Error>
where
    S: Serializer,
    K: Serialize,
    V: Serialize,
{
    serializer.collect_seq(map.iter())
}

/// Reads a sequence of (key, value) pairs back into a map.
pub(crate) fn deserialize<'de, D, K, V>(deserializer: D) -> Result<BTreeMap<K, V>, D::Error>
where
    D: Deserializer<'de>,
    K: Deserialize<'de> + Ord,
    V: Deserialize<'de>,
{
    Vec::<(K, V)>::deserialize(deserializer).map(|pairs| pairs.into_iter().collect())
}
