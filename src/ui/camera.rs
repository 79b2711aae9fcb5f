//! Where the map view looks: the level cell at the view's top-left corner.
//!
//! The view follows the player, but a small terminal (80x24 gives the map
//! 50x16 cells) is shorter than the player's sight: a monster 8 rows below
//! the player would be listed "in sight" and not drawn. So the camera moves
//! off centre just as far as it must to bring in, in order, the look cursor,
//! the player, then the monsters in sight nearest first; a monster that
//! cannot fit beside the ones before it is left out (the map marks it with
//! an arrow at its edge, see `map_view`). On each axis on its own, so a
//! monster far to the side costs nothing on the other axis.
//!
//! Pure: reads the game, changes nothing. The map, the mouse and look's
//! cursor all ask here, so a click lands on the cell drawn under it.

use crate::game::Game;
use gridpath::Pos;

/// The range of origins (first cell drawn) on one axis that keeps every
/// point taken so far in view.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Window {
    low: i32,
    high: i32,
}

impl Window {
    /// Every origin that keeps the view inside the level; a level shorter
    /// than the view has one origin, the one that centres it.
    fn of_level(level_len: i32, view_len: i32) -> Self {
        if level_len <= view_len {
            let centred = -((view_len - level_len) / 2);
            Self {
                low: centred,
                high: centred,
            }
        } else {
            Self {
                low: 0,
                high: level_len - view_len,
            }
        }
    }

    /// The window narrowed to keep `at` in view too, if that leaves any.
    fn keeping(self, at: i32, view_len: i32) -> Option<Self> {
        let low = self.low.max(at - view_len + 1);
        let high = self.high.min(at);
        (low <= high).then_some(Self { low, high })
    }
}

/// The origin on one axis: as near to centring `centre` as the window of
/// the points in `wanted` (taken in order, each only if it still fits
/// beside the ones before) allows.
fn fit_axis(level_len: usize, view_len: u16, centre: i32, wanted: &[i32]) -> i32 {
    let level_len = i32::try_from(level_len).unwrap_or(i32::MAX);
    let view_len = i32::from(view_len).max(1);
    let mut window = Window::of_level(level_len, view_len);
    for &at in wanted {
        if let Some(narrower) = window.keeping(at, view_len) {
            window = narrower;
        }
    }
    (centre - view_len / 2).clamp(window.low, window.high)
}

/// The level cell drawn at the top-left corner of a `width` x `height`
/// view of `game`'s map, centred on the player as far as keeping the look
/// `cursor` (if any, first), the player and the monsters in sight allows.
pub fn view_origin(game: &Game, width: u16, height: u16, cursor: Option<Pos>) -> Pos {
    let level = game.level();
    let player = game.player().pos;
    let mut wanted: Vec<Pos> = cursor.into_iter().collect();
    wanted.push(player);
    let mut monsters: Vec<(i32, usize, Pos)> = game
        .visible_monsters()
        .map(|(index, monster)| (monster.pos.chebyshev(player), index, monster.pos))
        .collect();
    monsters.sort_unstable_by_key(|&(distance, index, _)| (distance, index));
    wanted.extend(monsters.into_iter().map(|(_, _, pos)| pos));
    // Centred on the player, as far as the rest allows: looking moves the
    // view only when the cursor would leave it.
    let centre = player;
    let xs: Vec<i32> = wanted.iter().map(|pos| pos.x).collect();
    let ys: Vec<i32> = wanted.iter().map(|pos| pos.y).collect();
    Pos::new(
        fit_axis(level.width(), width, centre.x, &xs),
        fit_axis(level.height(), height, centre.y, &ys),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_level_that_fits_is_centred_whatever_is_wanted() {
        assert_eq!(fit_axis(10, 20, 3, &[3, 9]), -5);
        assert_eq!(fit_axis(20, 20, 3, &[3]), 0);
    }

    #[test]
    fn the_player_alone_is_centred_and_the_edges_stop_the_view() {
        assert_eq!(fit_axis(200, 50, 2, &[2]), 0);
        assert_eq!(fit_axis(200, 50, 100, &[100]), 75);
        assert_eq!(fit_axis(200, 50, 199, &[199]), 150);
    }

    #[test]
    fn the_view_moves_just_far_enough_to_bring_in_a_monster() {
        // A 15-row view centred on row 20 shows rows 13-27: a monster on
        // row 28 moves it one row down, to 14-28, the player still in it.
        assert_eq!(fit_axis(60, 15, 20, &[20]), 13);
        assert_eq!(fit_axis(60, 15, 20, &[20, 28]), 14);
        // One above and one below, 14 rows apart: both fit.
        assert_eq!(fit_axis(60, 15, 20, &[20, 27, 13]), 13);
    }

    #[test]
    fn a_monster_that_cannot_fit_beside_the_nearer_ones_is_left_out() {
        // Rows 12 and 28 are 17 apart: the nearer (28, taken first) stays.
        assert_eq!(fit_axis(60, 15, 20, &[20, 28, 12]), 14);
        // The first wanted point (the look cursor) beats the player.
        assert_eq!(fit_axis(60, 15, 40, &[40, 20]), 33);
    }
}
