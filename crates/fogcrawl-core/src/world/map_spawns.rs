//! The default spawn rule for Moving AI maps (`--map`), which carry no monsters of
//! their own: one monster per [`CELLS_PER_MONSTER`] walkable cells the start can
//! reach, at least one and at most [`MAX_MONSTERS`], the factions taken in turn,
//! placed like a generator's spawns (reachable, away from the start, never in its
//! sight), every choice from a ChaCha8 RNG seeded with the level seed.
//!
//! It only adds spawn cells; it never moves or reshapes the map's cells.

use std::collections::BTreeMap;

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

use super::Level;
use super::connectivity::{self, UNREACHED};
use super::generate::{cells_seen_from_start, place_spawns};
use super::spawn_factions::SpawnFactions;

/// Walkable cells (reachable from the start) per monster.
pub(crate) const CELLS_PER_MONSTER: usize = 250;
/// The most monsters a map gets, however large.
pub(crate) const MAX_MONSTERS: usize = 40;

/// Adds the default spawns to a map level that has none, spread over `factions`
/// (names, in turn; each placed where it can move, see [`place_spawns`]). A level
/// with spawns, or no factions, is left as it is.
pub(crate) fn add_default_spawns(level: &mut Level, factions: &SpawnFactions, seed: u64) {
    let names = factions.names();
    if !level.spawns.is_empty() || names.is_empty() {
        return;
    }
    let dist = connectivity::step_distances(level, level.start);
    let reachable = dist.iter().filter(|&&d| d != UNREACHED).count();
    let monsters = (reachable / CELLS_PER_MONSTER).clamp(1, MAX_MONSTERS);
    let mut counts: BTreeMap<String, usize> = BTreeMap::new();
    for faction in names.iter().cycle().take(monsters) {
        *counts.entry(faction.clone()).or_insert(0) += 1;
    }
    let seen = cells_seen_from_start(level);
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    place_spawns(level, &counts, &dist, &seen, factions, &mut rng);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::world::{Pos, Terrain};

    #[test]
    fn a_big_open_map_gets_monsters_out_of_sight_by_the_rule() {
        let mut level = Level::filled(60, 60, Terrain::Floor);
        level.start = Pos::new(0, 0);
        level.stairs = Pos::new(59, 59);
        let factions = SpawnFactions::new([("goblins", false), ("rats", true)]);
        add_default_spawns(&mut level, &factions, 4);
        let placed: usize = level.spawns.values().map(Vec::len).sum();
        assert_eq!(placed, (60 * 60 - 1) / CELLS_PER_MONSTER);
        assert_eq!(level.spawns["goblins"].len(), placed.div_ceil(2));
        let seen = cells_seen_from_start(&level);
        for cells in level.spawns.values() {
            for &pos in cells {
                assert!(!seen[level.index(pos).unwrap()], "{pos} in sight");
            }
        }
        let mut again = Level::filled(60, 60, Terrain::Floor);
        again.start = level.start;
        again.stairs = level.stairs;
        add_default_spawns(&mut again, &factions, 4);
        assert_eq!(again.spawns, level.spawns, "same seed, same spawns");
    }
}
