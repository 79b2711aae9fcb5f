//! The world: terrain with costs, level files, seeded dungeon generators, field of view.
