//! Pointing at the map, by mouse or by cursor: the cell under the pointer
//! and the path travel would take there, clicks (travel, move a cursor,
//! throw, inspect in the overlay), look's and the knife's monster cycling,
//! and acting on the cursor (travel there, throw there).
//!
//! Part of `App`'s update code: it changes the game only through
//! `Game::player_act` (travel and throws) and the overlay through its
//! controller's `click`.

use crate::ui::app::{App, NoticeKind, Overlay};
use crate::ui::monster_tags::monsters_nearest_first;
use fogcrawl_core::{Action, Activity, ItemKind, Refusal, RunRecord};
use gridpath::Pos;

/// The path travel would take to `goal`, as known when it was drawn.
#[derive(Debug, Clone, PartialEq)]
pub(super) struct TravelPreview {
    pub goal: Pos,
    /// The player's cell first, `goal` last.
    pub path: Vec<Pos>,
    /// What the path was drawn for: the player's cell and the game time.
    drawn_at: (Pos, u64),
}

impl App {
    /// The map cell under the mouse pointer, if it is over the map: worked
    /// out from the pointer's screen position each time, so it is the cell
    /// under it now, however the map has scrolled since it moved.
    pub fn hover(&self) -> Option<Pos> {
        let (column, row) = self.pointer?;
        self.screen()?.map_cell(column, row)
    }

    /// The path drawn on the map: where travel would go from here to the
    /// cell pointed at (or looked at), empty when there is none.
    pub fn travel_path(&self) -> &[Pos] {
        self.travel_preview
            .as_ref()
            .map_or(&[], |preview| preview.path.as_slice())
    }

    /// What the end of the run wrote, once it ended.
    pub fn run_record(&self) -> Option<&RunRecord> {
        self.run_record.as_ref()
    }

    /// Where the monster pointed at stands (the mouse over a monster in
    /// sight), to be highlighted on the map and in the side panel.
    pub(crate) fn pointed_monster_pos(&self) -> Option<Pos> {
        let at = self.look_cursor().or_else(|| self.hover())?;
        let actor = self.game.actor_at(at)?;
        (actor != fogcrawl_core::PLAYER && self.game.is_visible(at)).then_some(at)
    }

    /// The cell whose path is drawn: the look cursor while looking, else
    /// the cell under the mouse while playing.
    fn preview_goal(&self) -> Option<Pos> {
        if self.game.is_over() || self.debug.on {
            return None;
        }
        match self.overlay {
            Overlay::Look => self.look_cursor,
            Overlay::None => self.clicked.or_else(|| self.hover()),
            _ => None,
        }
    }

    /// Draws again the path to the cell pointed at, if it or the player
    /// moved or time passed since it was drawn.
    pub(super) fn refresh_preview(&mut self) {
        let Some(goal) = self.preview_goal() else {
            self.travel_preview = None;
            return;
        };
        let drawn_at = (self.game.player().pos, self.game.time().to_bits());
        if self
            .travel_preview
            .as_ref()
            .is_some_and(|p| p.goal == goal && p.drawn_at == drawn_at)
        {
            return;
        }
        self.travel_preview = self
            .player_map
            .path_to(&self.game, goal)
            .filter(|path| path.len() > 1)
            .map(|path| TravelPreview {
                goal,
                path,
                drawn_at,
            });
    }

    pub(super) fn set_pointer(&mut self, column: u16, row: u16) {
        self.pointer = Some((column, row));
        self.clicked = None;
        self.refresh_preview();
    }

    /// A left click on a map cell.
    pub(super) fn click(&mut self, cell: Pos) {
        if self.debug.on {
            self.debug.click(&self.game, cell);
            return;
        }
        match self.overlay {
            Overlay::Look => {
                if self.look_cursor == Some(cell) {
                    self.travel_to(cell);
                } else {
                    self.look_cursor = Some(cell);
                }
            }
            Overlay::TargetPrompt(item) => {
                let aimed = self
                    .game
                    .actor_at(cell)
                    .is_some_and(|monster| self.game.aim_targets(item).contains(&monster));
                self.look_cursor = Some(cell);
                if aimed {
                    self.throw_at(item, cell);
                }
            }
            Overlay::None if !self.game.is_over() => {
                // A click travels along the path drawn to the cell; where no
                // path is drawn yet (no motion was reported), it draws it.
                let drawn = self
                    .travel_preview
                    .as_ref()
                    .is_some_and(|preview| preview.goal == cell);
                if drawn {
                    self.clicked = None;
                    self.travel_to(cell);
                    return;
                }
                self.clicked = Some(cell);
                self.refresh_preview();
                match self.travel_preview.as_ref() {
                    Some(preview) => {
                        let steps = preview.path.len() - 1;
                        self.set_notice(
                            NoticeKind::Info,
                            format!(
                                "The way to {},{} is drawn ({}): click it again to go.",
                                cell.x,
                                cell.y,
                                fogcrawl_core::counted(steps as u64, "step", "steps")
                            ),
                        );
                    }
                    None => self.travel_to(cell),
                }
            }
            _ => {}
        }
    }

    /// A right click on a map cell: look at it (in the overlay, inspect it).
    pub(super) fn describe(&mut self, cell: Pos) {
        if self.debug.on {
            self.debug.inspect(&self.game, cell);
            return;
        }
        match self.overlay {
            Overlay::None if !self.game.is_over() => {
                self.look_cursor = Some(cell);
                self.overlay = Overlay::Look;
            }
            Overlay::Look | Overlay::TargetPrompt(_) => self.look_cursor = Some(cell),
            _ => {}
        }
    }

    /// Tab while looking or aiming: the cursor to the next (or previous)
    /// monster, nearest first; aiming goes only through those in range.
    pub(super) fn cycle_monster(&mut self, forward: bool) {
        let monsters = match self.overlay {
            Overlay::Look => monsters_nearest_first(&self.game),
            Overlay::TargetPrompt(item) => self.game.aim_targets(item),
            _ => return,
        };
        if monsters.is_empty() {
            self.set_notice(NoticeKind::Refusal, "No monster is in sight.");
            return;
        }
        let current = self
            .look_cursor
            .and_then(|at| self.game.actor_at(at))
            .and_then(|actor| monsters.iter().position(|&m| m == actor));
        let next = match (current, forward) {
            (None, true) => 0,
            (None, false) => monsters.len() - 1,
            (Some(i), true) => (i + 1) % monsters.len(),
            (Some(i), false) => (i + monsters.len() - 1) % monsters.len(),
        };
        self.look_cursor = Some(self.game.actors()[monsters[next]].pos);
    }

    /// Enter while looking: travel to the cursor; while aiming: throw there.
    pub(super) fn confirm(&mut self) {
        let Some(cursor) = self.look_cursor else {
            return;
        };
        match self.overlay {
            Overlay::Look => self.travel_to(cursor),
            Overlay::TargetPrompt(item) => self.throw_at(item, cursor),
            _ => {}
        }
    }

    /// Starts aiming `item` at the nearest monster in its reach; with none,
    /// smoke asks which way to throw it and the rest are refused.
    pub(super) fn aim(&mut self, item: ItemKind) {
        match self.game.aim_targets(item).first() {
            Some(&target) => {
                self.look_cursor = Some(self.game.actors()[target].pos);
                self.overlay = Overlay::TargetPrompt(item);
            }
            // Smoke needs no monster: with none in reach it is thrown one
            // way, as caltrops are (a cloud to break a line of sight).
            None if item == ItemKind::SmokeBomb => {
                self.overlay = Overlay::ThrowPrompt(item);
            }
            None => {
                self.overlay = Overlay::None;
                let text = self
                    .out_of_range(item)
                    .unwrap_or_else(|| Refusal::NoTarget.to_string());
                self.set_notice(NoticeKind::Refusal, text);
            }
        }
    }

    /// Why nothing can be aimed at when a monster is in sight but beyond
    /// the item's reach (the panel lists it, so "no monster in sight"
    /// would be wrong): the nearest one, how far, and the reach.
    fn out_of_range(&self, item: ItemKind) -> Option<String> {
        let range = fogcrawl_core::aim_range(item)?;
        let at = self.game.player().pos;
        let (distance, monster) = self
            .game
            .visible_monsters()
            .map(|(_, monster)| (monster.pos.chebyshev(at), monster))
            .min_by_key(|&(distance, _)| distance)?;
        let name = self
            .game
            .kind_of(monster)
            .map_or("monster", |kind| kind.name.as_str());
        Some(format!(
            "The {name} is out of range: {distance} cells away, and the {item} reaches {range}."
        ))
    }

    fn throw_at(&mut self, item: ItemKind, at: Pos) {
        self.overlay = Overlay::None;
        self.act(Action::UseItem {
            item,
            toward: None,
            at: Some(at),
        });
    }

    fn travel_to(&mut self, cell: Pos) {
        self.overlay = Overlay::None;
        self.run_activity(Activity::TravelTo(cell));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ui::app::tests::{duel, pack_letter};
    use crate::ui::command::{Command, InputMode};
    use crate::ui::theme::{ColorSupport, Palette};
    use fogcrawl_core::{Direction, Game, GameSetup, MonsterConfig};

    /// The screen position of level cell `pos` on the app's screen.
    fn screen_of(app: &App, pos: Pos) -> (u16, u16) {
        app.screen()
            .and_then(|screen| screen.position_of(pos))
            .expect("the cell is on screen")
    }

    #[test]
    fn pointing_draws_the_path_and_a_click_travels_along_it() {
        let mut app = duel();
        let start = app.game.player().pos;
        let goal = Direction::East.from(start);
        let (column, row) = screen_of(&app, goal);
        app.update(Command::Pointer(column, row));
        assert_eq!(app.hover(), Some(goal));
        assert_eq!(app.travel_path(), &[start, goal]);
        app.update(Command::Click(goal));
        assert_eq!(app.game.player().pos, goal);
        assert!(
            app.travel_path().is_empty(),
            "arrived: nothing left to draw"
        );
    }

    #[test]
    fn a_click_with_no_path_drawn_draws_it_first_then_travels() {
        let mut app = duel();
        let start = app.game.player().pos;
        let goal = Direction::South.from(start);
        app.update(Command::Click(goal));
        assert_eq!(app.game.player().pos, start, "the first click draws");
        assert_eq!(app.travel_path(), &[start, goal]);
        assert!(
            app.notice()
                .is_some_and(|n| n.text.contains("click it again")),
            "{:?}",
            app.notice()
        );
        app.update(Command::Click(goal));
        assert_eq!(app.game.player().pos, goal);
    }

    #[test]
    fn look_travels_to_its_cursor_and_a_right_click_looks() {
        let mut app = duel();
        let start = app.game.player().pos;
        let goal = Direction::East.from(start);
        app.update(Command::Describe(goal));
        assert_eq!(app.input_mode(), InputMode::Looking);
        assert_eq!(app.look_cursor(), Some(goal));
        assert_eq!(app.travel_path(), &[start, goal]);
        app.update(Command::Confirm);
        assert_eq!(app.game.player().pos, goal);
        assert_eq!(app.input_mode(), InputMode::Playing);
    }

    #[test]
    fn a_monster_in_sight_beyond_reach_is_named_out_of_range() {
        // A goblin 10 cells down a lit corridor: in sight, past a knife's 7.
        let game = Game::new(&GameSetup::new(
            Some("tests/fixtures/game/far_goblin.toml"),
            1,
            MonsterConfig::shipped().unwrap(),
        ))
        .unwrap();
        let mut app = App::new(game, Palette::new(ColorSupport::None));
        assert_eq!(app.game.visible_monsters().count(), 1, "the goblin is seen");
        app.game.inventory_mut().add(ItemKind::ThrowingKnife);
        app.update(Command::Fire);
        assert_eq!(app.input_mode(), InputMode::Playing);
        let notice = app.notice().map(|n| n.text.clone()).unwrap_or_default();
        assert_eq!(
            notice,
            "The goblin is out of range: 10 cells away, and the throwing knife reaches 7."
        );
    }

    #[test]
    fn the_knife_is_aimed_tab_cycles_and_esc_cancels() {
        let mut app = duel();
        // Open the door: the goblin comes into sight down the corridor.
        app.update(Command::Step(Direction::East));
        app.update(Command::OpenDoor);
        let goblin = app.game.knife_target();
        app.game.inventory_mut().add(ItemKind::ThrowingKnife);
        let letter = pack_letter(&app, ItemKind::ThrowingKnife);
        app.update(Command::ShowInventory);
        app.update(Command::UseLetter(letter));
        let Some(goblin) = goblin else {
            assert_eq!(app.input_mode(), InputMode::Playing, "nothing to aim at");
            return;
        };
        assert_eq!(app.input_mode(), InputMode::Targeting);
        let at = app.game.actors()[goblin].pos;
        assert_eq!(app.look_cursor(), Some(at));
        app.update(Command::NextMonster);
        assert_eq!(app.look_cursor(), Some(at), "the only one in range");
        app.update(Command::Dismiss);
        assert_eq!(app.input_mode(), InputMode::Playing);
        assert_eq!(app.game.inventory().count(ItemKind::ThrowingKnife), 1);
        app.update(Command::ShowInventory);
        app.update(Command::UseLetter(letter));
        app.update(Command::Confirm);
        assert_eq!(app.game.inventory().count(ItemKind::ThrowingKnife), 0);
    }

    #[test]
    fn opening_the_overlay_marks_the_game_assisted() {
        let mut app = duel();
        assert!(!app.game.is_assisted());
        app.update(Command::ToggleOverlay);
        app.update(Command::ToggleOverlay);
        assert!(app.game.is_assisted());
    }
}
