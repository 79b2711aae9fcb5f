//! Generator recipes and the pipeline that turns a recipe and a seed into a level.
//!
//! Carve (rooms, caves, or caves with rooms over them), paint with noise, place the
//! start, join or fill pockets, put the stairs at the far end and scatter the spawns.
//! One ChaCha8 RNG seeded from the level seed makes every random choice, so the same
//! recipe and seed always give the same level. It must never read files or use a
//! global RNG.

use std::collections::BTreeMap;

use rand::{Rng, RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;
use serde::Deserialize;

use super::caves::{CavesParams, carve_caves};
use super::connectivity::{self, UNREACHED};
use super::fov::{Fov, VisibleSet};
use super::level::pos_from_usize;
use super::paint::{PaintParams, paint};
use super::rooms::{Room, RoomsParams, carve_rooms};
use super::spawn_factions::SpawnFactions;
use super::{ItemKind, Level, Pos, Terrain};

/// Pockets of fewer walkable cells than this are filled with rock instead of joined.
pub(crate) const MIN_POCKET_SIZE: usize = 12;
/// Spawns keep at least this many steps away from the start when the map allows it.
pub(crate) const MIN_SPAWN_DISTANCE: u32 = 10;
/// A spawn of a faction that a closed door stops is not placed in a pocket (cells it
/// can reach with closed doors as walls) of fewer cells than this, unless nothing else
/// is left. The bound below which the generator fills a pocket with rock as no place
/// worth keeping: a room of 3 by 4 or more (a monster closet of a real room) passes,
/// a one-cell closet between two closed doors or a corridor stub does not.
pub(crate) const MIN_ROAMING_POCKET: usize = MIN_POCKET_SIZE;
/// Fair starts: no spawn is placed where the player could see it from the start,
/// looking this far (the player's sight radius; a game test keeps the two equal).
pub(crate) const FAIR_START_SIGHT_RADIUS: u32 = 10;
/// Random probes for a walkable start cell on a cave before scanning for one.
const START_PROBES: usize = 256;
/// The open area carved when a recipe leaves almost no floor at all.
const FALLBACK_ROOM: (usize, usize) = (8, 4);

/// Which carver builds the level's shape.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum GeneratorKind {
    /// Rooms and corridors by binary space partitioning.
    Rooms,
    /// Caves by cellular automaton.
    Caves,
    /// A cave with rooms and roads carved over it.
    Mix,
}

impl GeneratorKind {
    /// The name used in level files.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            GeneratorKind::Rooms => "rooms",
            GeneratorKind::Caves => "caves",
            GeneratorKind::Mix => "mix",
        }
    }
}

impl std::fmt::Display for GeneratorKind {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

/// A generator recipe: the `[generator]` table of a level file.
#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Recipe {
    /// Which carver to run.
    pub kind: GeneratorKind,
    /// Columns.
    pub width: usize,
    /// Rows.
    pub height: usize,
    /// A fixed seed, or none for a new map each run (see `super::level::file`).
    #[serde(default)]
    pub seed: Option<u64>,
    /// Rooms parameters (used by `rooms` and `mix`).
    #[serde(default)]
    pub rooms: RoomsParams,
    /// Caves parameters (used by `caves` and `mix`).
    #[serde(default)]
    pub caves: CavesParams,
    /// Terrain painting parameters.
    #[serde(default)]
    pub paint: PaintParams,
    /// How many spawn cells each faction gets.
    #[serde(default)]
    pub spawns: BTreeMap<String, usize>,
    /// How many of each item kind lie on the level (`[generator.items]`, names as in
    /// `ItemKind::name`; checked by the level file loader).
    #[serde(default)]
    pub items: BTreeMap<String, usize>,
}

impl Recipe {
    /// A recipe with default parameters and no spawns.
    #[must_use]
    pub fn new(kind: GeneratorKind, width: usize, height: usize) -> Self {
        Self {
            kind,
            width,
            height,
            seed: None,
            rooms: RoomsParams::default(),
            caves: CavesParams::default(),
            paint: PaintParams::default(),
            spawns: BTreeMap::new(),
            items: BTreeMap::new(),
        }
    }
}

/// Builds the level for `recipe` from `seed` (the recipe's own `seed` field is the
/// caller's business). The result satisfies: every walkable cell is reachable from the
/// start, the stairs are reachable, and every spawn stands on a reachable cell.
/// Spawns are placed as for factions that open doors (see `generate_for`).
#[must_use]
pub fn generate(recipe: &Recipe, seed: u64) -> Level {
    generate_for(recipe, seed, &SpawnFactions::default())
}

/// [`generate`], placing each spawn where its faction can move (see [`place_spawns`]).
#[must_use]
pub(crate) fn generate_for(recipe: &Recipe, seed: u64, factions: &SpawnFactions) -> Level {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut level = Level::filled(recipe.width, recipe.height, Terrain::Wall);
    level.name = recipe.kind.name().to_owned();
    if recipe.width == 0 || recipe.height == 0 {
        return level;
    }
    let rooms = match recipe.kind {
        GeneratorKind::Rooms => carve_rooms(&mut level, &recipe.rooms, &mut rng),
        GeneratorKind::Caves => {
            carve_caves(&mut level, &recipe.caves, &mut rng);
            Vec::new()
        }
        GeneratorKind::Mix => {
            carve_caves(&mut level, &recipe.caves, &mut rng);
            carve_rooms(&mut level, &recipe.rooms, &mut rng)
        }
    };
    ensure_some_floor(&mut level);
    paint(&mut level, &recipe.paint, &mut rng);

    let start_room = (!rooms.is_empty()).then(|| rng.random_range(0..rooms.len()));
    level.start = match start_room {
        Some(i) => rooms[i].center(),
        None => random_walkable(&level, &mut rng),
    };
    level.set(level.start, Terrain::Floor);
    connectivity::connect_pockets(&mut level, MIN_POCKET_SIZE);

    let dist = connectivity::step_distances(&level, level.start);
    level.stairs = place_stairs(&level, &rooms, start_room, &dist);
    level.set(level.stairs, Terrain::StairsDown);
    let seen_from_start = cells_seen_from_start(&level);
    place_spawns(
        &mut level,
        &recipe.spawns,
        &dist,
        &seen_from_start,
        factions,
        &mut rng,
    );
    place_items(&mut level, &recipe.items, &dist, &mut rng);
    level
}

/// Which cells (by index) the player could see from the start.
pub(crate) fn cells_seen_from_start(level: &Level) -> Vec<bool> {
    let mut seen = vec![false; level.cells().len()];
    let mut visible = VisibleSet::new();
    Fov::new().compute_into(level, level.start, FAIR_START_SIGHT_RADIUS, &mut visible);
    for &pos in visible.cells() {
        if let Some(i) = level.index(pos) {
            seen[i] = true;
        }
    }
    seen
}

/// Lays the recipe's items on reachable walkable cells other than the start, the
/// stairs and doors, chosen by the level's RNG (after the spawns, so adding items to a
/// recipe leaves its map and spawns as they were). Unknown names were refused when
/// the file was read; any left here are skipped.
fn place_items(
    level: &mut Level,
    counts: &BTreeMap<String, usize>,
    dist: &[u32],
    rng: &mut impl Rng,
) {
    let start = level.index(level.start);
    let mut free: Vec<usize> = (0..dist.len())
        .filter(|&i| {
            dist[i] != UNREACHED
                && Some(i) != start
                && !matches!(
                    level.cells()[i],
                    Terrain::StairsDown | Terrain::ClosedDoor | Terrain::OpenDoor
                )
        })
        .collect();
    for (name, &count) in counts {
        let Some(kind) = ItemKind::from_name(name) else {
            continue;
        };
        for _ in 0..count {
            if free.is_empty() {
                return;
            }
            let i = free.swap_remove(rng.random_range(0..free.len()));
            if let Some(pos) = level.pos_of(i) {
                level.items.push((pos, kind));
            }
        }
    }
}

/// Carves a small open area in the middle when the carver left fewer than two
/// walkable cells, so start and stairs can differ.
fn ensure_some_floor(level: &mut Level) {
    let open = level
        .cells()
        .iter()
        .filter(|&&t| connectivity::is_walkable(t))
        .take(2)
        .count();
    if open >= 2 {
        return;
    }
    let (w, h) = (level.width(), level.height());
    let room_w = FALLBACK_ROOM.0.min(w.saturating_sub(2)).max(1);
    let room_h = FALLBACK_ROOM.1.min(h.saturating_sub(2)).max(1);
    let (x0, y0) = ((w - room_w) / 2, (h - room_h) / 2);
    for y in y0..y0 + room_h {
        for x in x0..x0 + room_w {
            level.set(pos_from_usize(x, y), Terrain::Floor);
        }
    }
}

/// A random walkable cell (probing, then scanning), or the middle of the map.
fn random_walkable(level: &Level, rng: &mut impl Rng) -> Pos {
    let cells = level.cells();
    for _ in 0..START_PROBES {
        let i = rng.random_range(0..cells.len());
        if connectivity::is_walkable(cells[i])
            && let Some(pos) = level.pos_of(i)
        {
            return pos;
        }
    }
    cells
        .iter()
        .position(|&t| connectivity::is_walkable(t))
        .and_then(|i| level.pos_of(i))
        .unwrap_or_else(|| pos_from_usize(level.width() / 2, level.height() / 2))
}

/// The stairs go as far (in steps) from the start as possible: the farthest other
/// room's centre on room maps, the farthest cell otherwise.
fn place_stairs(level: &Level, rooms: &[Room], start_room: Option<usize>, dist: &[u32]) -> Pos {
    let start = level.index(level.start);
    let reached = |i: usize| dist[i] != UNREACHED && Some(i) != start;
    let room_centres = rooms
        .iter()
        .enumerate()
        .filter(|&(i, _)| Some(i) != start_room)
        .filter_map(|(_, room)| level.index(room.center()))
        .filter(|&i| reached(i));
    let farthest = |cells: &mut dyn Iterator<Item = usize>| {
        cells.max_by_key(|&i| (dist[i], std::cmp::Reverse(i)))
    };
    farthest(&mut room_centres.into_iter())
        .or_else(|| farthest(&mut (0..dist.len()).filter(|&i| reached(i))))
        .and_then(|i| level.pos_of(i))
        .unwrap_or(level.start)
}

/// Scatters each faction's spawns over reachable open cells, away from the start
/// when there is room, never on the start, the stairs or a door, and never where the
/// player could see them from the start (a fair start; if nothing else is left, a
/// spawn is dropped rather than put in sight). A faction that a closed door stops is
/// placed in a pocket of at least [`MIN_ROAMING_POCKET`] cells (closed doors as walls)
/// while any such cell is free, so it is never sealed into a closet it cannot leave.
/// Until a draw lands in a smaller pocket, the draws are the same as a door-opener's.
pub(crate) fn place_spawns(
    level: &mut Level,
    counts: &BTreeMap<String, usize>,
    dist: &[u32],
    seen_from_start: &[bool],
    factions: &SpawnFactions,
    rng: &mut impl Rng,
) {
    let start = level.index(level.start);
    let usable = |level: &Level, i: usize, min_distance: u32| {
        dist[i] != UNREACHED
            && !seen_from_start[i]
            && dist[i] >= min_distance
            && !matches!(
                level.cells()[i],
                Terrain::StairsDown | Terrain::ClosedDoor | Terrain::OpenDoor
            )
            && Some(i) != start
    };
    let wanted: usize = counts.values().sum();
    let mut free: Vec<usize> = (0..dist.len())
        .filter(|&i| usable(level, i, MIN_SPAWN_DISTANCE))
        .collect();
    if free.len() < wanted {
        free = (0..dist.len()).filter(|&i| usable(level, i, 1)).collect();
    }
    let roomy = factions
        .any_stopped_by_closed_doors()
        .then(|| roomy_for_door_stopped(level));
    for (faction, &count) in counts {
        let roomy = roomy
            .as_deref()
            .filter(|_| factions.stopped_by_closed_doors(faction));
        let mut placed = Vec::with_capacity(count.min(free.len()));
        for _ in 0..count {
            if free.is_empty() {
                break;
            }
            let slot = match roomy {
                Some(roomy) => draw_roomy(&free, roomy, rng),
                None => rng.random_range(0..free.len()),
            };
            let i = free.swap_remove(slot);
            placed.extend(level.pos_of(i));
        }
        level
            .spawns
            .entry(faction.clone())
            .or_default()
            .extend(placed);
    }
}

/// Which cells (by index) lie in a pocket of at least [`MIN_ROAMING_POCKET`] cells for a
/// traveller to whom a closed door is a wall.
fn roomy_for_door_stopped(level: &Level) -> Vec<bool> {
    let (label, sizes) = connectivity::label_components_where(level, |t| {
        connectivity::is_walkable(t) && t != Terrain::ClosedDoor
    });
    label
        .iter()
        .map(|&l| l != UNREACHED && sizes[l as usize] >= MIN_ROAMING_POCKET)
        .collect()
}

/// A slot of `free` whose cell is roomy: the plain draw if it lands on one, else a
/// second draw among the roomy cells (the plain draw when none is left). Either way
/// every roomy cell is as likely, and spawns stay where the plain draw put them until
/// the first that would have gone into a closet.
fn draw_roomy(free: &[usize], roomy: &[bool], rng: &mut impl Rng) -> usize {
    let slot = rng.random_range(0..free.len());
    if roomy[free[slot]] {
        return slot;
    }
    let slots: Vec<usize> = (0..free.len()).filter(|&k| roomy[free[k]]).collect();
    if slots.is_empty() {
        slot
    } else {
        slots[rng.random_range(0..slots.len())]
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::world::level;

    fn check_invariants(level: &Level) {
        let reach = connectivity::reachable(level, level.start);
        for (pos, (&t, &reached)) in level.positions().zip(level.cells().iter().zip(&reach)) {
            assert_eq!(
                connectivity::is_walkable(t),
                reached,
                "{} at {} walkable but unreached:\n{}",
                t,
                pos,
                level::text::render(level)
            );
        }
        assert_eq!(level.terrain_at(level.stairs), Some(Terrain::StairsDown));
        assert_ne!(level.start, level.stairs);
        let seen = cells_seen_from_start(level);
        for cells in level.spawns.values() {
            for &p in cells {
                assert!(
                    level.index(p).is_some_and(|i| reach[i]),
                    "spawn at {p} sealed in"
                );
                assert!(
                    level.index(p).is_some_and(|i| !seen[i]),
                    "spawn at {p} in sight of the start"
                );
            }
        }
        for &(p, _) in &level.items {
            assert!(
                level.index(p).is_some_and(|i| reach[i]),
                "item at {p} sealed in"
            );
        }
    }

    /// A start room; a room of 32 cells behind a closed door; a one-cell closet
    /// between two closed doors (`+.+`); a pocket of 8 cells behind it.
    const CLOSET: &str = "\
##################
#@.+........###..#
#..#........###..#
####........+.+..#
####........###..#
##################
";

    /// Where `count` rats spawn in [`CLOSET`] when a closed door stops them or not.
    fn rats_in_closet_fixture(stopped: bool, count: usize, seed: u64) -> Vec<Pos> {
        let mut level = level::text::parse(CLOSET).expect("valid fixture");
        let dist = connectivity::step_distances(&level, level.start);
        let seen = cells_seen_from_start(&level);
        let counts = BTreeMap::from([("rats".to_owned(), count)]);
        let factions = SpawnFactions::new([("rats", stopped)]);
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        place_spawns(&mut level, &counts, &dist, &seen, &factions, &mut rng);
        level.spawns.get("rats").cloned().unwrap_or_default()
    }

    fn in_big_room(pos: Pos) -> bool {
        (4..=11).contains(&pos.x)
    }

    #[test]
    fn a_faction_doors_stop_is_not_sealed_into_a_closet() {
        let mut openers_in_small_pockets = 0;
        for seed in 0..32 {
            let rats = rats_in_closet_fixture(true, 4, seed);
            assert_eq!(rats.len(), 4);
            assert!(
                rats.iter().all(|&p| in_big_room(p)),
                "seed {seed}: {rats:?} outside the room of 32 cells"
            );
            let openers = rats_in_closet_fixture(false, 4, seed);
            openers_in_small_pockets += openers.iter().filter(|&&p| !in_big_room(p)).count();
        }
        // The rule, not the fixture, keeps them out: a door-opener lands in the
        // closet or the pocket behind it about half the time.
        assert!(openers_in_small_pockets > 32, "{openers_in_small_pockets}");
    }

    #[test]
    fn a_closet_is_used_when_nothing_else_is_left() {
        // 19 cells are 10 steps from the start; 10 of them in the room of 32.
        let rats = rats_in_closet_fixture(true, 15, 5);
        assert_eq!(rats.len(), 15);
        assert_eq!(rats.iter().filter(|&&p| in_big_room(p)).count(), 10);
    }

    #[test]
    fn recipes_lay_their_items_without_changing_the_map() {
        let mut recipe = Recipe::new(GeneratorKind::Rooms, 60, 30);
        recipe.spawns.insert("goblins".into(), 4);
        let plain = generate(&recipe, 3);
        recipe.items.insert("healing_draught".into(), 2);
        recipe.items.insert("noisemaker".into(), 1);
        let stocked = generate(&recipe, 3);
        assert_eq!(plain.cells(), stocked.cells());
        assert_eq!(plain.spawns, stocked.spawns);
        let count = |kind| stocked.items.iter().filter(|(_, k)| *k == kind).count();
        assert_eq!(count(ItemKind::HealingDraught), 2);
        assert_eq!(count(ItemKind::Noisemaker), 1);
        check_invariants(&stocked);
    }

    #[test]
    fn every_kind_keeps_its_promises() {
        for kind in [
            GeneratorKind::Rooms,
            GeneratorKind::Caves,
            GeneratorKind::Mix,
        ] {
            for seed in 0..8 {
                let mut recipe = Recipe::new(kind, 60, 30);
                recipe.spawns.insert("goblins".into(), 5);
                recipe.spawns.insert("rats".into(), 3);
                let level = generate(&recipe, seed);
                check_invariants(&level);
                assert_eq!(level.spawns["goblins"].len(), 5);
            }
        }
    }

    #[test]
    fn same_seed_same_level() {
        let recipe = Recipe::new(GeneratorKind::Mix, 80, 40);
        assert_eq!(generate(&recipe, 42), generate(&recipe, 42));
        assert_ne!(generate(&recipe, 42), generate(&recipe, 43));
    }

    #[test]
    fn degenerate_recipes_still_make_a_level() {
        let mut recipe = Recipe::new(GeneratorKind::Caves, 20, 10);
        recipe.caves.fill = 1.0;
        recipe.spawns.insert("crowd".into(), 500);
        check_invariants(&generate(&recipe, 1));
        let mut tiny = Recipe::new(GeneratorKind::Rooms, 3, 3);
        tiny.paint.deep_water = 1.0;
        let level = generate(&tiny, 1);
        assert_eq!(level.width(), 3);
    }
}
