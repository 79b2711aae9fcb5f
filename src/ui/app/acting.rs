//! The player's actions from keys: a step (warned before slow ground
//! within a threat's reach), a door, an item from the pack, the long
//! activities (explore, travel, rest, autofight) and auto-advance's turns.
//!
//! Part of `App`'s update code: it changes the game only through
//! `Game::player_act` and `Game::run_activity`.

use crate::ui::app::{App, DoorAction, NoticeKind, Overlay};
use fogcrawl_core::{Action, Activity, Direction, Importance, Stop, counted, needs_direction};

impl App {
    /// One auto-advance step: the player waits while the monsters move.
    /// Stops by itself when the player gets hurt or the game ends.
    pub(crate) fn tick(&mut self) {
        if !self.auto_advance
            || self.overlay != Overlay::None
            || self.debug.replay.is_some()
            || self.game.is_over()
        {
            return;
        }
        let hp_before = self.game.player().hp;
        let mark = self.game.log().pushed();
        // Monsters already a threat when it was turned on were watched on
        // purpose; a new threat (or a searcher turning hunter) stops it.
        let threats_before = self.game.threats();
        self.act_keeping_auto_advance(Action::Wait);
        let why = if self.game.player().hp < hp_before {
            Some("You are hurt!".to_owned())
        } else if let Some(news) = self.game.new_threat(&threats_before) {
            Some(news)
        } else {
            self.game
                .log()
                .since(mark)
                .find(|m| m.importance == Importance::Danger)
                .map(|m| m.text.clone())
        };
        if self.auto_advance
            && let Some(why) = why
        {
            self.auto_advance = false;
            self.set_notice(NoticeKind::Alert, format!("Auto-advance stopped. {why}"));
        }
        self.debug.sync(&mut self.game);
        self.record();
        self.refresh_preview();
    }

    /// Explore, travel or rest: many turns, until done or something happens.
    pub(super) fn run_activity(&mut self, activity: Activity) {
        self.auto_advance = false;
        match self.game.run_activity(activity, &mut self.player_map) {
            Ok(report) => {
                let kind = match report.stop {
                    Stop::Done(_) => NoticeKind::Info,
                    Stop::Interrupted(_) => NoticeKind::Alert,
                };
                let text = stop_notice(activity, report.turns, &report.stop, self.game.is_over());
                // Every stop reaches the history, not only the alarms: "Your
                // foe is out of sight." went by on the status line (play31).
                self.game.tell(Importance::Info, text.clone());
                self.set_notice(kind, text);
                if self.game.is_over() {
                    self.handle_ending();
                }
            }
            Err(refusal) => self.set_notice(NoticeKind::Refusal, refusal.to_string()),
        }
    }

    /// A letter on the inventory screen: use that item, asking which way
    /// first if it is thrown at a place.
    pub(super) fn use_letter(&mut self, letter: char) {
        let Some(item) = self.game.inventory().by_letter(letter) else {
            self.set_notice(
                NoticeKind::Refusal,
                format!("No item is listed under {letter}."),
            );
            return;
        };
        if super::lure_aim::aimed_at_cell(item) {
            self.quiver = item;
            self.aim_at_cell(item);
            return;
        }
        if needs_direction(item) {
            self.quiver = item;
            self.overlay = Overlay::ThrowPrompt(item);
            return;
        }
        if fogcrawl_core::aimed_at_monster(item) {
            self.quiver = item;
            self.aim(item);
            return;
        }
        self.overlay = Overlay::None;
        self.act(Action::UseItem {
            item,
            toward: None,
            at: None,
        });
    }

    pub(super) fn toggle_auto_advance(&mut self) {
        if self.game.is_over() {
            return;
        }
        self.auto_advance = !self.auto_advance;
        if self.auto_advance {
            self.set_notice(
                NoticeKind::Info,
                "Auto-advance: time runs while you watch. Press a or any action key to stop.",
            );
        } else {
            self.set_notice(NoticeKind::Info, "Auto-advance stopped.");
        }
    }

    pub(super) fn door(&mut self, door: DoorAction) {
        self.auto_advance = false;
        let candidates = self.game.adjacent_doors(door == DoorAction::Open);
        match candidates.as_slice() {
            [] => {
                let text = match door {
                    DoorAction::Open => "There is no closed door next to you.",
                    DoorAction::Close => "There is no open door next to you.",
                };
                self.set_notice(NoticeKind::Refusal, text);
            }
            [only] => self.act(door.action(*only)),
            _ => self.overlay = Overlay::DirectionPrompt(door),
        }
    }

    /// A step from a key. A step into slow ground within reach of a
    /// threatening monster waits for the same key again (`confirmed`),
    /// saying what it costs (see `Game::step_risk`).
    pub(super) fn step(&mut self, direction: Direction, confirmed: bool) {
        if !confirmed && let Some(risk) = self.game.step_risk(direction) {
            self.pending_step = Some(direction);
            self.auto_advance = false;
            self.set_notice(
                NoticeKind::Alert,
                format!(
                    "{} Same key again to step; any other key stays.",
                    risk.warning(&self.game)
                ),
            );
            return;
        }
        self.act(Action::Move(direction));
    }

    /// A player action from a key: stops auto-advance first.
    pub(super) fn act(&mut self, action: Action) {
        self.auto_advance = false;
        self.act_keeping_auto_advance(action);
    }

    pub(super) fn act_keeping_auto_advance(&mut self, action: Action) {
        match self.game.player_act(action) {
            Ok(()) => {
                if self.game.is_over() {
                    self.handle_ending();
                }
            }
            Err(refusal) => self.set_notice(NoticeKind::Refusal, refusal.to_string()),
        }
    }

    /// A direction given to a prompt: the door's, or the throw's.
    pub(super) fn choose_direction(&mut self, direction: Direction) {
        match self.overlay {
            Overlay::DirectionPrompt(door) => {
                self.overlay = Overlay::None;
                self.act(door.action(direction));
            }
            Overlay::ThrowPrompt(item) => {
                self.overlay = Overlay::None;
                self.act(Action::UseItem {
                    item,
                    toward: Some(direction),
                    at: None,
                });
            }
            _ => {}
        }
    }
}

/// What the status line says when a many-turn command ends: how long it
/// ran and why it stopped; or, when the game ended in it, only that (the
/// end of the game is no stop of a command: "You stop (autofight for 1
/// turn): The game is over." read oddly on the death screen).
fn stop_notice(activity: Activity, turns: u64, stop: &Stop, game_over: bool) -> String {
    if game_over {
        return "The game is over.".to_owned();
    }
    format!(
        "You stop ({} for {}): {}",
        activity.name(),
        counted(turns, "turn", "turns"),
        stop.text()
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ui::app::tests::corridor;
    use crate::ui::command::Command;

    #[test]
    fn a_command_that_stops_when_done_tells_the_history_why() {
        let mut app = corridor();
        app.update(Command::Explore);
        let notice = app.notice().cloned().expect("explore says why it stopped");
        assert_eq!(notice.kind, NoticeKind::Info, "{}", notice.text);
        let last = app.game.log().recent(1).next().map(|m| m.text.clone());
        assert_eq!(last.as_deref(), Some(notice.text.as_str()));
    }

    #[test]
    fn a_command_that_ends_in_death_says_only_that_the_game_is_over() {
        let over = Stop::Interrupted("The game is over.".to_owned());
        assert_eq!(
            stop_notice(Activity::AutoFight, 1, &over, true),
            "The game is over."
        );
        let hurt = Stop::Interrupted("You are badly hurt (5 of 20 hit points).".to_owned());
        assert_eq!(
            stop_notice(Activity::AutoFight, 3, &hurt, false),
            "You stop (autofight for 3 turns): You are badly hurt (5 of 20 hit points)."
        );
    }
}
