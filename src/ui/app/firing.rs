//! Ranged play: the fire key and its quiver, the line a shot would fly
//! along while aiming, and the reach of a shooting monster looked at.
//!
//! The quiver is the item the fire key throws: a throwing knife until the
//! player throws something else from the pack (the last item thrown stays
//! quivered). `f` aims it at the nearest monster in range (Tab cycles,
//! Enter or `f` throws), or asks which way for a noisemaker.
//!
//! Part of `App`'s update code: it changes the game only through the
//! throw it starts (`pointing`'s `throw_at`); the lines it computes for the
//! map are read-only.

use std::cell::RefCell;

use crate::ui::app::{App, NoticeKind, Overlay};
use fogcrawl_core::{ItemKind, line_of_sight, needs_direction};
use gridpath::Pos;

/// The cells strictly between `from` and `to` on the straight line a shot
/// flies along (the monsters' own line of fire), `to` last.
pub(super) fn shot_line(from: Pos, to: Pos) -> Vec<Pos> {
    let cells = RefCell::new(Vec::new());
    line_of_sight(from, to, |cell| {
        cells.borrow_mut().push(cell);
        false
    });
    let mut cells = cells.into_inner();
    if from != to {
        cells.push(to);
    }
    cells
}

impl App {
    /// What the fire key throws.
    pub(crate) fn quiver(&self) -> ItemKind {
        self.quiver
    }

    /// `f`: throws the quivered item (knives if it ran out and knives are
    /// carried), aiming first; refused, with no time passing, when there is
    /// nothing to throw.
    pub(super) fn fire(&mut self) {
        let carried = |item| self.game.inventory().count(item) > 0;
        let item = if carried(self.quiver) {
            self.quiver
        } else if carried(ItemKind::ThrowingKnife) {
            ItemKind::ThrowingKnife
        } else {
            self.set_notice(
                NoticeKind::Refusal,
                format!(
                    "Your quiver is empty: you carry no {}. (Throwing an item from the pack, i, quivers it.)",
                    self.quiver
                ),
            );
            return;
        };
        self.quiver = item;
        if needs_direction(item) {
            self.overlay = Overlay::ThrowPrompt(item);
        } else {
            self.aim(item);
        }
    }

    /// While aiming: the cells the shot would fly through to the cursor,
    /// the target's cell last (drawn on the map).
    pub(crate) fn shot_path(&self) -> Vec<Pos> {
        match (self.overlay, self.look_cursor) {
            (Overlay::TargetPrompt(_), Some(cursor)) => shot_line(self.game.player().pos, cursor),
            _ => Vec::new(),
        }
    }

    /// The shooting monster looked at or aimed at (the cursor, else the
    /// mouse, on a monster in sight that shoots), and the cells it can
    /// shoot into that the player sees: within its range, with nothing
    /// opaque between. Empty when no shooter is looked at.
    pub(crate) fn shooter_reach(&self) -> Vec<Pos> {
        let Some(at) = self.pointed_monster_pos() else {
            return Vec::new();
        };
        let Some(range) = self
            .game
            .actor_at(at)
            .and_then(|monster| self.game.kind_of(&self.game.actors()[monster]))
            .filter(|kind| kind.is_ranged())
            .map(|kind| i32::try_from(kind.range).unwrap_or(i32::MAX))
        else {
            return Vec::new();
        };
        let level = self.game.level();
        let mut reach = Vec::new();
        for y in at.y - range..=at.y + range {
            for x in at.x - range..=at.x + range {
                let cell = Pos::new(x, y);
                if cell != at
                    && self.game.is_visible(cell)
                    && line_of_sight(at, cell, |between| level.is_opaque(between))
                {
                    reach.push(cell);
                }
            }
        }
        reach
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ui::app::tests::{duel, pack_letter};
    use crate::ui::command::{Command, InputMode};
    use fogcrawl_core::Direction;

    #[test]
    fn a_shot_line_runs_from_beside_the_thrower_to_the_target() {
        let from = Pos::new(1, 1);
        assert_eq!(
            shot_line(from, Pos::new(4, 1)),
            vec![Pos::new(2, 1), Pos::new(3, 1), Pos::new(4, 1)]
        );
        assert_eq!(
            shot_line(from, Pos::new(3, 3)).last(),
            Some(&Pos::new(3, 3))
        );
        assert!(shot_line(from, from).is_empty());
    }

    #[test]
    fn fire_aims_the_quiver_and_refuses_with_nothing_to_throw() {
        let mut app = duel();
        app.update(Command::Fire);
        assert_eq!(app.input_mode(), InputMode::Playing);
        assert!(
            app.notice()
                .is_some_and(|n| n.text.contains("quiver is empty")),
            "{:?}",
            app.notice()
        );
        // Open the door: the goblin comes into sight down the corridor.
        app.update(Command::Step(Direction::East));
        app.update(Command::OpenDoor);
        app.game.inventory_mut().add(ItemKind::ThrowingKnife);
        app.update(Command::Fire);
        let Some(goblin) = app.game.knife_target() else {
            assert_eq!(app.input_mode(), InputMode::Playing, "nothing in range");
            return;
        };
        assert_eq!(app.input_mode(), InputMode::Targeting);
        let at = app.game.actors()[goblin].pos;
        let path = app.shot_path();
        assert_eq!(path.last(), Some(&at), "the line ends on the target");
        assert!(!path.contains(&app.game.player().pos));
        app.update(Command::Confirm);
        assert_eq!(app.game.inventory().count(ItemKind::ThrowingKnife), 0);
        assert!(app.shot_path().is_empty(), "thrown: no line");
    }

    #[test]
    fn a_noisemaker_thrown_from_the_pack_is_quivered() {
        let mut app = duel();
        app.game.inventory_mut().add(ItemKind::Noisemaker);
        app.game.inventory_mut().add(ItemKind::Noisemaker);
        let letter = pack_letter(&app, ItemKind::Noisemaker);
        app.update(Command::ShowInventory);
        app.update(Command::UseLetter(letter));
        app.update(Command::ChooseDirection(Direction::South));
        assert_eq!(app.quiver(), ItemKind::Noisemaker);
        app.update(Command::Fire);
        assert_eq!(app.input_mode(), InputMode::DirectionPrompt);
        app.update(Command::ChooseDirection(Direction::South));
        assert_eq!(app.game.inventory().count(ItemKind::Noisemaker), 0);
    }

    #[test]
    fn smoke_with_no_monster_in_reach_asks_which_way_to_throw_it() {
        // The duel's goblin is behind the closed door: nothing in reach.
        let mut app = duel();
        app.game.inventory_mut().add(ItemKind::SmokeBomb);
        assert!(app.game.aim_targets(ItemKind::SmokeBomb).is_empty());
        let letter = pack_letter(&app, ItemKind::SmokeBomb);
        app.update(Command::ShowInventory);
        app.update(Command::UseLetter(letter));
        assert_eq!(app.input_mode(), InputMode::DirectionPrompt);
        app.update(Command::ChooseDirection(Direction::West));
        assert_eq!(app.game.inventory().count(ItemKind::SmokeBomb), 0);
        assert!(!app.game.tools().clouds().is_empty(), "the cloud bursts");
    }
}
