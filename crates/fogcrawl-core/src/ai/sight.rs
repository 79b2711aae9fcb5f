//! Casting monsters' views, on all cores where it pays.
//!
//! A view depends only on the level and where the viewer stands, so the
//! views the monsters about to act will cast can be computed side by side
//! before their turns ([`Sight::foresee`]). Each monster then takes its
//! foreseen view if it still stands where it stood and the level has not
//! changed since; otherwise (it was swapped aside, a door opened) it casts
//! its view then, as it always could. What a faction learns, and in which
//! order, is the same either way: only where the work runs changes.

use rayon::prelude::*;

use crate::world::Level;
use crate::world::fov::Fov;
use gridpath::Pos;

/// Where and when a monster looks from.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) struct Viewpoint {
    /// The looking actor (the key of its foreseen view).
    pub actor: usize,
    pub at: Pos,
    /// Game time of the look.
    pub now: f64,
    /// The number of the level's last terrain change at the look.
    pub level_version: u64,
    /// The number of the last terrain change within the viewer's sight of
    /// `at` (0 if none): a view cast since then is still true.
    pub changed_in_sight: u64,
    /// Whether the viewer is far from the player (it then looks less often
    /// while it wanders).
    pub far_from_player: bool,
    /// Whether the viewer sees the player this turn (it then looks, even
    /// as a wanderer that looked a step ago).
    pub sees_player: bool,
}

/// A view one monster will want: who, from where, how far.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct ViewRequest {
    pub actor: usize,
    pub at: Pos,
    pub radius: u32,
}

#[derive(Debug, Clone, Default)]
struct ForeseenView {
    at: Pos,
    level_version: u64,
    /// The cells revealed, in the order the cast reveals them (border
    /// cells may repeat).
    cells: Vec<Pos>,
}

/// The views cast this turn and the scratch to cast more.
#[derive(Debug, Clone, Default)]
pub(crate) struct Sight {
    fov: Fov,
    /// Per actor: its foreseen view, if one was cast this turn.
    foreseen: Vec<Option<ForeseenView>>,
}

impl Sight {
    pub(crate) fn new() -> Self {
        Self::default()
    }

    /// Casts the requested views side by side, for the monsters to take on
    /// their turns. Views foreseen earlier and not taken are dropped.
    pub(crate) fn foresee(&mut self, level: &Level, level_version: u64, requests: &[ViewRequest]) {
        for slot in &mut self.foreseen {
            *slot = None;
        }
        let views: Vec<(usize, ForeseenView)> = requests
            .par_iter()
            .map_init(Fov::new, |fov, request| {
                let mut cells = Vec::new();
                cast(fov, level, request.at, request.radius, |pos| {
                    cells.push(pos)
                });
                let view = ForeseenView {
                    at: request.at,
                    level_version,
                    cells,
                };
                (request.actor, view)
            })
            .collect();
        for (actor, view) in views {
            if self.foreseen.len() <= actor {
                self.foreseen.resize(actor + 1, None);
            }
            self.foreseen[actor] = Some(view);
        }
    }

    /// Reveals what the viewer sees within `radius`, one cell at a time:
    /// its foreseen view when that still holds, else a view cast now.
    pub(crate) fn look(
        &mut self,
        level: &Level,
        viewpoint: &Viewpoint,
        radius: u32,
        reveal: impl FnMut(Pos),
    ) {
        let foreseen = self
            .foreseen
            .get_mut(viewpoint.actor)
            .and_then(Option::take)
            .filter(|view| {
                view.at == viewpoint.at && viewpoint.changed_in_sight <= view.level_version
            });
        match foreseen {
            Some(view) => view.cells.into_iter().for_each(reveal),
            None => cast(&mut self.fov, level, viewpoint.at, radius, reveal),
        }
    }
}

/// One view by shadowcasting on the true level.
fn cast(fov: &mut Fov, level: &Level, at: Pos, radius: u32, reveal: impl FnMut(Pos)) {
    fov.compute(level, at, radius, reveal);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::world::{Terrain, level};

    fn cave() -> Level {
        level::text::parse(
            "##########\n\
             #@...#...#\n\
             #.##.+.#.#\n\
             #....#...#\n\
             ##########\n",
        )
        .expect("fixture")
    }

    fn looked(sight: &mut Sight, level: &Level, viewpoint: &Viewpoint) -> Vec<Pos> {
        let mut cells = Vec::new();
        sight.look(level, viewpoint, 6, |pos| cells.push(pos));
        cells
    }

    #[test]
    fn a_foreseen_view_is_the_view_cast_on_the_turn() {
        let level = cave();
        let at = Pos::new(1, 1);
        let viewpoint = Viewpoint {
            actor: 3,
            at,
            now: 0.0,
            level_version: 7,
            changed_in_sight: 0,
            far_from_player: false,
            sees_player: false,
        };
        let cast_now = looked(&mut Sight::new(), &level, &viewpoint);
        let mut sight = Sight::new();
        let request = ViewRequest {
            actor: 3,
            at,
            radius: 6,
        };
        sight.foresee(&level, 7, &[request]);
        assert_eq!(looked(&mut sight, &level, &viewpoint), cast_now);
    }

    #[test]
    fn a_view_foreseen_elsewhere_or_before_a_change_is_cast_again() {
        let mut level = cave();
        let request = ViewRequest {
            actor: 1,
            at: Pos::new(4, 2),
            radius: 6,
        };
        let mut sight = Sight::new();
        sight.foresee(&level, 1, &[request]);
        // The door opened after the views were foreseen.
        level.set(Pos::new(5, 2), Terrain::OpenDoor);
        let viewpoint = Viewpoint {
            actor: 1,
            at: Pos::new(4, 2),
            now: 0.0,
            level_version: 2,
            changed_in_sight: 2,
            far_from_player: false,
            sees_player: false,
        };
        let seen = looked(&mut sight, &level, &viewpoint);
        assert!(seen.contains(&Pos::new(6, 2)), "sees through the open door");
        // Foreseen from one cell, looking from another.
        sight.foresee(&level, 2, &[request]);
        let moved = Viewpoint {
            at: Pos::new(1, 1),
            ..viewpoint
        };
        let cast_now = looked(&mut Sight::new(), &level, &moved);
        assert_eq!(looked(&mut sight, &level, &moved), cast_now);
    }
}
