//! Random grids for property tests (A*'s and the hierarchy's): sides in a
//! range, one of the given movements, cells walls, plain or of a random
//! cost. Tests only.

use proptest::prelude::*;

use crate::{Diagonals, Grid, Movement};

/// Grids of `sides` by `sides` cells moving by one of `diagonals`, whose
/// cells are a wall (weight 1), of cost 1 (weight `plain`) or of a cost
/// from 0.5 to 9 (weight 1).
pub(crate) fn random_grid(
    sides: std::ops::Range<usize>,
    diagonals: BoxedStrategy<Diagonals>,
    plain: u32,
) -> impl Strategy<Value = Grid> {
    let cell = prop_oneof![
        1 => Just(None),
        plain => Just(Some(1.0)),
        1 => (0.5f64..9.0).prop_map(Some),
    ];
    (sides.clone(), sides, diagonals).prop_flat_map(move |(width, height, diagonals)| {
        proptest::collection::vec(cell.clone(), width * height).prop_map(move |costs| {
            Grid::from_fn(width, height, Movement { diagonals }, |x, y| {
                costs[y as usize * width + x as usize]
            })
            .unwrap()
        })
    })
}
