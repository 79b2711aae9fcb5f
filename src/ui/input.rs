//! Keys to commands: a pure mapping from a key press (and what the screen
//! is asking for) to a [`Command`] through the table of
//! [`key_bindings`](crate::ui::key_bindings), unit-tested without a terminal.
//!
//! It never touches the game or the app: `App::update` carries commands
//! out. Only key presses count; releases and repeats-as-releases are ignored.

use crossterm::event::{KeyCode, KeyEvent, KeyEventKind, KeyModifiers};

use crate::ui::command::{Command, InputMode};
use crate::ui::key_bindings::bindings_in;

/// The command a key press stands for in `mode`, if any: the first binding
/// of the mode that takes the key.
pub(crate) fn command_for_key(key: KeyEvent, mode: InputMode) -> Option<Command> {
    if key.kind != KeyEventKind::Press {
        return None;
    }
    if key.modifiers.contains(KeyModifiers::CONTROL) && key.code == KeyCode::Char('c') {
        return Some(Command::Quit);
    }
    bindings_in(mode).find_map(|binding| binding.command_for(key.code))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ui::command::{PAGE_LINES, Scroll};
    use crate::ui::key_bindings::{HelpSection, help_rows};
    use crate::ui::overlay::{REPLAY_JUMP, ReplayMove};
    use fogcrawl_core::Direction;

    fn press(code: KeyCode) -> KeyEvent {
        KeyEvent::new(code, KeyModifiers::NONE)
    }

    fn play(code: KeyCode) -> Option<Command> {
        command_for_key(press(code), InputMode::Playing)
    }

    #[test]
    fn arrows_vi_keys_numpad_and_paging_keys_agree() {
        let groups = [
            (
                Direction::North,
                [KeyCode::Up, KeyCode::Char('k'), KeyCode::Char('8')],
            ),
            (
                Direction::South,
                [KeyCode::Down, KeyCode::Char('j'), KeyCode::Char('2')],
            ),
            (
                Direction::West,
                [KeyCode::Left, KeyCode::Char('h'), KeyCode::Char('4')],
            ),
            (
                Direction::East,
                [KeyCode::Right, KeyCode::Char('l'), KeyCode::Char('6')],
            ),
            (
                Direction::NorthWest,
                [KeyCode::Home, KeyCode::Char('y'), KeyCode::Char('7')],
            ),
            (
                Direction::NorthEast,
                [KeyCode::PageUp, KeyCode::Char('u'), KeyCode::Char('9')],
            ),
            (
                Direction::SouthWest,
                [KeyCode::End, KeyCode::Char('b'), KeyCode::Char('1')],
            ),
            (
                Direction::SouthEast,
                [KeyCode::PageDown, KeyCode::Char('n'), KeyCode::Char('3')],
            ),
        ];
        for (direction, keys) in groups {
            for key in keys {
                assert_eq!(play(key), Some(Command::Step(direction)), "{key:?}");
            }
        }
    }

    #[test]
    fn actions_and_quitting() {
        assert_eq!(play(KeyCode::Char('.')), Some(Command::Wait));
        assert_eq!(play(KeyCode::Char('5')), Some(Command::Wait));
        assert_eq!(play(KeyCode::Char('>')), Some(Command::Descend));
        assert_eq!(play(KeyCode::Char('o')), Some(Command::OpenDoor));
        assert_eq!(play(KeyCode::Char('c')), Some(Command::CloseDoor));
        assert_eq!(play(KeyCode::Char('a')), Some(Command::ToggleAutoAdvance));
        assert_eq!(play(KeyCode::Char('?')), Some(Command::ShowHelp));
        assert_eq!(play(KeyCode::Char('q')), Some(Command::Quit));
        assert_eq!(
            play(KeyCode::Esc),
            Some(Command::Dismiss),
            "Esc in play quits nothing"
        );
        assert_eq!(play(KeyCode::Char('x')), Some(Command::Look));
        assert_eq!(play(KeyCode::Char(';')), Some(Command::Look));
        assert_eq!(play(KeyCode::Char('e')), Some(Command::Explore));
        assert_eq!(play(KeyCode::Char('t')), Some(Command::Travel));
        assert_eq!(play(KeyCode::Char('R')), Some(Command::Rest));
        assert_eq!(play(KeyCode::Char('Z')), Some(Command::Rest));
        assert_eq!(play(KeyCode::Char('g')), Some(Command::PickUp));
        assert_eq!(play(KeyCode::Char(',')), Some(Command::PickUp));
        assert_eq!(play(KeyCode::Char('i')), Some(Command::ShowInventory));
        assert_eq!(play(KeyCode::Char('M')), Some(Command::ShowMessages));
        let ctrl_c = KeyEvent::new(KeyCode::Char('c'), KeyModifiers::CONTROL);
        for mode in [
            InputMode::Playing,
            InputMode::DirectionPrompt,
            InputMode::Help,
            InputMode::GameOver,
        ] {
            assert_eq!(command_for_key(ctrl_c, mode), Some(Command::Quit));
        }
    }

    #[test]
    fn long_screens_scroll_and_close() {
        let help = |code| command_for_key(press(code), InputMode::Help);
        assert_eq!(
            help(KeyCode::Char('j')),
            Some(Command::Scroll(Scroll::Down(1)))
        );
        assert_eq!(
            help(KeyCode::PageUp),
            Some(Command::Scroll(Scroll::Up(PAGE_LINES)))
        );
        assert_eq!(help(KeyCode::Char('z')), Some(Command::Dismiss));
        let messages = |code| command_for_key(press(code), InputMode::Messages);
        assert_eq!(
            messages(KeyCode::End),
            Some(Command::Scroll(Scroll::Bottom))
        );
        assert_eq!(messages(KeyCode::Esc), Some(Command::Dismiss));
        assert_eq!(messages(KeyCode::Char('z')), None);
    }

    #[test]
    fn the_inventory_takes_letters_and_look_takes_directions() {
        let inventory = |code| command_for_key(press(code), InputMode::Inventory);
        assert_eq!(inventory(KeyCode::Char('b')), Some(Command::UseLetter('b')));
        assert_eq!(inventory(KeyCode::Esc), Some(Command::Dismiss));
        let look = |code| command_for_key(press(code), InputMode::Looking);
        assert_eq!(
            look(KeyCode::Char('y')),
            Some(Command::MoveCursor(Direction::NorthWest))
        );
        assert_eq!(look(KeyCode::Char(';')), Some(Command::Dismiss));
        assert_eq!(look(KeyCode::Char('.')), None, "looking lets no time pass");
    }

    #[test]
    fn releases_are_ignored() {
        let mut release = press(KeyCode::Char('l'));
        release.kind = KeyEventKind::Release;
        assert_eq!(command_for_key(release, InputMode::Playing), None);
    }

    #[test]
    fn prompt_takes_a_direction_or_esc() {
        let prompt = |code| command_for_key(press(code), InputMode::DirectionPrompt);
        assert_eq!(
            prompt(KeyCode::Char('y')),
            Some(Command::ChooseDirection(Direction::NorthWest))
        );
        assert_eq!(prompt(KeyCode::Esc), Some(Command::Dismiss));
        assert_eq!(prompt(KeyCode::Char('.')), None);
    }

    #[test]
    fn game_over_keys_and_help() {
        let over = |code| command_for_key(press(code), InputMode::GameOver);
        assert_eq!(over(KeyCode::Char('n')), Some(Command::NewGame));
        assert_eq!(over(KeyCode::Char('q')), Some(Command::Quit));
        assert_eq!(over(KeyCode::Char('l')), None);
        assert_eq!(
            command_for_key(press(KeyCode::Char('x')), InputMode::Help),
            Some(Command::Dismiss)
        );
    }

    #[test]
    fn help_names_every_playing_key() {
        let help: String = help_rows(HelpSection::Playing)
            .map(|row| row.keys)
            .collect::<Vec<_>>()
            .join(" ");
        for key in [
            "h", "j", "k", "l", "y", "u", "b", "n", ".", ">", "o", "c", "a", "?", "q", "e", "t",
            "R", "Z", "g", ",", "i", "x", ";", "M",
        ] {
            assert!(
                help.split_whitespace().any(|word| word == key),
                "{key} missing"
            );
        }
        for key in [
            "Home", "PgUp", "End", "PgDn", "Esc", "Ctrl-C", "arrows", "5",
        ] {
            assert!(help.contains(key), "{key} missing");
        }
    }

    #[test]
    fn tab_opens_the_overlay_and_overlay_keys_add_to_the_playing_keys() {
        assert_eq!(play(KeyCode::Tab), Some(Command::ToggleOverlay));
        let overlay = |code| command_for_key(press(code), InputMode::Overlay);
        assert_eq!(overlay(KeyCode::Tab), Some(Command::ToggleOverlay));
        // Esc leaves the overlay; it never quits from there.
        assert_eq!(overlay(KeyCode::Esc), Some(Command::ToggleOverlay));
        assert_eq!(overlay(KeyCode::Char('v')), Some(Command::NextLayer));
        assert_eq!(overlay(KeyCode::Char('[')), Some(Command::FollowPrevious));
        assert_eq!(overlay(KeyCode::Char(']')), Some(Command::FollowNext));
        assert_eq!(overlay(KeyCode::Char('x')), Some(Command::ToggleLook));
        assert_eq!(overlay(KeyCode::Char('p')), Some(Command::ToggleReplay));
        assert_eq!(overlay(KeyCode::Char('m')), Some(Command::CycleCompare));
        assert_eq!(overlay(KeyCode::Char('N')), Some(Command::CompareOff));
        assert_eq!(overlay(KeyCode::Char('r')), Some(Command::TraceNow));
        // The vi-key `n` still moves inside the overlay.
        assert_ne!(overlay(KeyCode::Char('n')), Some(Command::CompareOff));
        // The game goes on underneath.
        assert_eq!(
            overlay(KeyCode::Char('l')),
            Some(Command::Step(Direction::East))
        );
        assert_eq!(overlay(KeyCode::Char('.')), Some(Command::Wait));
    }

    #[test]
    fn look_mode_moves_the_cursor_and_follows() {
        let look = |code| command_for_key(press(code), InputMode::Look);
        assert_eq!(
            look(KeyCode::Char('h')),
            Some(Command::MoveCursor(Direction::West))
        );
        assert_eq!(
            look(KeyCode::PageDown),
            Some(Command::MoveCursor(Direction::SouthEast))
        );
        assert_eq!(look(KeyCode::Enter), Some(Command::FollowCursor));
        assert_eq!(look(KeyCode::Char('f')), Some(Command::FollowCursor));
        assert_eq!(look(KeyCode::Esc), Some(Command::ToggleLook));
        assert_eq!(look(KeyCode::Char('x')), Some(Command::ToggleLook));
        assert_eq!(look(KeyCode::Char('.')), Some(Command::Wait));
    }

    #[test]
    fn replay_steps_and_takes_no_playing_keys() {
        let replay = |code| command_for_key(press(code), InputMode::Replay);
        assert_eq!(
            replay(KeyCode::Char('-')),
            Some(Command::Replay(ReplayMove::Back(1)))
        );
        for forward in ['=', '+'] {
            assert_eq!(
                replay(KeyCode::Char(forward)),
                Some(Command::Replay(ReplayMove::Forward(1)))
            );
        }
        assert_eq!(
            replay(KeyCode::Char('{')),
            Some(Command::Replay(ReplayMove::Back(REPLAY_JUMP)))
        );
        assert_eq!(
            replay(KeyCode::Char('}')),
            Some(Command::Replay(ReplayMove::Forward(REPLAY_JUMP)))
        );
        assert_eq!(
            replay(KeyCode::Char('g')),
            Some(Command::Replay(ReplayMove::First))
        );
        assert_eq!(
            replay(KeyCode::Char('G')),
            Some(Command::Replay(ReplayMove::Last))
        );
        assert_eq!(
            replay(KeyCode::Char('l')),
            Some(Command::MoveCursor(Direction::East))
        );
        assert_eq!(replay(KeyCode::Esc), Some(Command::ToggleReplay));
        assert_eq!(replay(KeyCode::Char('p')), Some(Command::ToggleReplay));
        // Paused: no time can pass.
        for key in ['.', '>', 'o', 'c', 'a'] {
            assert_eq!(replay(KeyCode::Char(key)), None, "{key}");
        }
    }

    #[test]
    fn overlay_help_names_every_overlay_key() {
        let help: Vec<&str> = help_rows(HelpSection::Overlay)
            .flat_map(|row| row.keys.split_whitespace())
            .collect();
        for key in [
            "Tab", "v", "[", "]", "x", "p", "-", "=", "{", "}", "g", "G", "m",
        ] {
            assert!(help.contains(&key), "{key} missing");
        }
        let described: String = help_rows(HelpSection::Overlay)
            .map(|row| row.text)
            .collect();
        for word in ["Enter", "Esc", "+", " f "] {
            assert!(described.contains(word), "{word} missing");
        }
        // The main help points to the overlay.
        assert!(help_rows(HelpSection::Playing).any(|row| row.keys == "Tab"));
    }
}
