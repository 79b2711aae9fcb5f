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
//! Pure: [`Camera`] reads the game once into plain data; the screen's
//! layout asks it where each map starts, and the map, the overlay and the
//! mouse all read that layout, so a click lands on the cell drawn under it.

use fogcrawl_core::Game;
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

/// Where the map looks, as plain data: what the camera must keep in view,
/// read from the game once, so the layout can place the map (and the mouse
/// find a cell) without the game or the app.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Camera {
    /// The level's width and height in cells.
    level: (usize, usize),
    aim: Aim,
}

/// What the camera follows.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Aim {
    /// Normal play: centred on `player` as far as keeping `wanted` in
    /// view allows (the look cursor, the player, then the monsters in
    /// sight nearest first).
    Play { player: Pos, wanted: Vec<Pos> },
    /// The debug overlay: its cursor; else midway between the player and
    /// the followed monster when both fit; else the followed monster.
    Overlay {
        cursor: Option<Pos>,
        player: Pos,
        followed: Option<Pos>,
    },
}

impl Camera {
    /// The camera of normal play, keeping the look `cursor` (if any,
    /// first), the player and the monsters in sight in view.
    pub(crate) fn playing(game: &Game, cursor: Option<Pos>) -> Self {
        let player = game.player().pos;
        let mut wanted: Vec<Pos> = cursor.into_iter().collect();
        wanted.push(player);
        let mut monsters: Vec<(i32, usize, Pos)> = game
            .visible_monsters()
            .map(|(index, monster)| (monster.pos.chebyshev(player), index, monster.pos))
            .collect();
        monsters.sort_unstable_by_key(|&(distance, index, _)| (distance, index));
        wanted.extend(monsters.into_iter().map(|(_, _, pos)| pos));
        Self {
            level: (game.level().width(), game.level().height()),
            aim: Aim::Play { player, wanted },
        }
    }

    /// The debug overlay's camera: on its `cursor`, else on the player and
    /// the `followed` monster (an index into the game's actors).
    pub(crate) fn overlay(game: &Game, cursor: Option<Pos>, followed: Option<usize>) -> Self {
        Self {
            level: (game.level().width(), game.level().height()),
            aim: Aim::Overlay {
                cursor,
                player: game.player().pos,
                followed: followed.and_then(|f| game.actors().get(f)).map(|a| a.pos),
            },
        }
    }

    /// The level's width and height in cells.
    pub(crate) fn level_size(&self) -> (usize, usize) {
        self.level
    }

    /// The level cell drawn at the top-left corner of a `width` x `height`
    /// view.
    pub(crate) fn origin(&self, width: u16, height: u16) -> Pos {
        let (level_width, level_height) = self.level;
        match &self.aim {
            Aim::Play { player, wanted } => {
                // Centred on the player, as far as the rest allows: looking
                // moves the view only when the cursor would leave it.
                let xs: Vec<i32> = wanted.iter().map(|pos| pos.x).collect();
                let ys: Vec<i32> = wanted.iter().map(|pos| pos.y).collect();
                Pos::new(
                    fit_axis(level_width, width, player.x, &xs),
                    fit_axis(level_height, height, player.y, &ys),
                )
            }
            Aim::Overlay { .. } => {
                let focus = self.focus(width, height);
                Pos::new(
                    camera_origin(level_width, width, focus.x),
                    camera_origin(level_height, height, focus.y),
                )
            }
        }
    }

    /// The cell the overlay's camera centres on in a `width` x `height`
    /// view (following a monster off screen moves the view to it); the
    /// player in normal play.
    pub(crate) fn focus(&self, width: u16, height: u16) -> Pos {
        match &self.aim {
            Aim::Play { player, .. } => *player,
            Aim::Overlay {
                cursor: Some(cursor),
                ..
            } => *cursor,
            Aim::Overlay {
                player,
                followed: None,
                ..
            } => *player,
            Aim::Overlay {
                player,
                followed: Some(monster),
                ..
            } => {
                let fits = (monster.x - player.x).abs() < i32::from(width) - 2
                    && (monster.y - player.y).abs() < i32::from(height) - 2;
                if fits {
                    Pos::new((monster.x + player.x) / 2, (monster.y + player.y) / 2)
                } else {
                    *monster
                }
            }
        }
    }
}

/// Where the view's top-left corner lies on one axis of the level: centred
/// when the level fits, else following `player` and stopping at the edges.
pub(crate) fn camera_origin(level_len: usize, view_len: u16, player: i32) -> i32 {
    let level_len = i32::try_from(level_len).unwrap_or(i32::MAX);
    let view_len = i32::from(view_len);
    if level_len <= view_len {
        -((view_len - level_len) / 2)
    } else {
        (player - view_len / 2).clamp(0, level_len - view_len)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use fogcrawl_core::{GameSetup, MonsterConfig};

    #[test]
    fn the_overlay_camera_keeps_the_player_in_view() {
        let game = Game::new(&GameSetup::new(
            Some("tests/fixtures/game/duel.toml"),
            1,
            MonsterConfig::shipped().unwrap(),
        ))
        .unwrap();
        let player = game.player().pos;
        let goblin = (0..game.actors().len())
            .find(|&index| game.actors()[index].pos != player)
            .expect("the goblin");
        let near = game.actors()[goblin].pos;
        let camera = Camera::overlay(&game, None, Some(goblin));
        assert_eq!(
            camera.focus(60, 20),
            Pos::new((near.x + player.x) / 2, (near.y + player.y) / 2),
            "both fit: midway"
        );
        // Too far apart for the view: the monster followed.
        assert_eq!(camera.focus(4, 4), near);
    }

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

    #[test]
    fn small_levels_are_centred() {
        assert_eq!(camera_origin(10, 20, 3), -5);
        assert_eq!(camera_origin(20, 20, 3), 0);
    }

    #[test]
    fn the_camera_follows_the_player_and_stops_at_edges() {
        assert_eq!(camera_origin(200, 50, 2), 0);
        assert_eq!(camera_origin(200, 50, 100), 75);
        assert_eq!(camera_origin(200, 50, 199), 150);
    }
}
