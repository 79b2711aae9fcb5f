//! Keys to commands: a pure mapping from a key press (and what the screen
//! is asking for) to a [`Command`], unit-tested without a terminal.
//!
//! It never touches the game or the app: `App::update` carries commands
//! out. Only key presses count; releases and repeats-as-releases are ignored.

use crossterm::event::{KeyCode, KeyEvent, KeyEventKind, KeyModifiers};

use crate::game::Direction;
use crate::ui::overlay::{REPLAY_JUMP, ReplayMove};

/// What the player asked for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Command {
    /// Step (or attack) one cell.
    Step(Direction),
    Wait,
    Descend,
    /// Open a closed door next to the player (asks which one if several).
    OpenDoor,
    /// Close an open door next to the player (asks which one if several).
    CloseDoor,
    /// Start or stop letting time run on its own.
    ToggleAutoAdvance,
    ShowHelp,
    /// Leave the popup or prompt on screen.
    Dismiss,
    /// The answer to "which way?".
    ChooseDirection(Direction),
    /// After death or victory: play again.
    NewGame,
    /// Save (if the game is on) and leave.
    Quit,
    /// Debug overlay on or off.
    ToggleOverlay,
    /// The overlay's next layer (search, belief, influence maps).
    NextLayer,
    /// Follow the previous / next living monster.
    FollowPrevious,
    FollowNext,
    /// Look cursor on or off.
    ToggleLook,
    /// Move the look cursor one cell.
    MoveCursor(Direction),
    /// Follow the monster under the cursor.
    FollowCursor,
    /// Pause and replay the followed monster's search, or resume.
    ToggleReplay,
    /// Move through the replay.
    Replay(ReplayMove),
    /// Compare with the next other heuristic or weight (then off).
    CycleCompare,
    /// Compare off at once.
    CompareOff,
    /// Trace, now, the search the followed monster would run.
    TraceNow,
    /// Rest until healed or something appears.
    Rest,
    /// Walk to the nearest unexplored place until something happens.
    Explore,
    /// Walk to the stairs, once seen, until something happens.
    Travel,
    /// Pick up what lies here.
    PickUp,
    /// The inventory screen (a letter then uses an item).
    ShowInventory,
    /// Use the item listed under this letter.
    UseLetter(char),
    /// The full message log, scrollable.
    ShowMessages,
    /// The look cursor of normal play: names what is under it.
    Look,
    /// Scroll a long screen (help, messages).
    Scroll(Scroll),
}

/// How a long screen scrolls.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Scroll {
    /// Toward the top (older messages), by this many lines.
    Up(u16),
    /// Toward the bottom (newer messages), by this many lines.
    Down(u16),
    Top,
    Bottom,
}

/// Lines a page key scrolls.
pub const PAGE_LINES: u16 = 10;

/// What the screen is waiting for, which decides what a key means.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum InputMode {
    Playing,
    /// "Open which way?": a direction or Esc.
    DirectionPrompt,
    /// The help popup: any key closes it.
    Help,
    /// The death or victory screen: `n` or `q`.
    GameOver,
    /// Playing with the debug overlay on: the playing keys and its keys.
    Overlay,
    /// The overlay's look cursor: movement keys move it.
    Look,
    /// Replaying a search, the game paused: movement keys move the cursor,
    /// `-` `=` `{` `}` `g` `G` step; no time passes.
    Replay,
    /// The inventory screen: a letter uses an item, Esc closes.
    Inventory,
    /// The message history: scroll keys scroll, Esc or `q` closes.
    Messages,
    /// The look cursor of normal play: movement keys move it; Esc, `x` or
    /// `;` leave.
    Looking,
}

/// The command a key press stands for in `mode`, if any.
pub fn command_for_key(key: KeyEvent, mode: InputMode) -> Option<Command> {
    if key.kind != KeyEventKind::Press {
        return None;
    }
    if key.modifiers.contains(KeyModifiers::CONTROL) && key.code == KeyCode::Char('c') {
        return Some(Command::Quit);
    }
    match mode {
        InputMode::Playing => playing_command(key.code),
        InputMode::DirectionPrompt => match key.code {
            KeyCode::Esc | KeyCode::Char('q') => Some(Command::Dismiss),
            code => direction_of(code).map(Command::ChooseDirection),
        },
        InputMode::Help => scroll_of(key.code)
            .map(Command::Scroll)
            .or(Some(Command::Dismiss)),
        InputMode::Messages => match key.code {
            KeyCode::Esc | KeyCode::Char('q' | 'M') | KeyCode::Enter => Some(Command::Dismiss),
            code => scroll_of(code).map(Command::Scroll),
        },
        InputMode::Inventory => match key.code {
            KeyCode::Esc | KeyCode::Char('i') => Some(Command::Dismiss),
            KeyCode::Char(letter) if letter.is_ascii_lowercase() => {
                Some(Command::UseLetter(letter))
            }
            _ => None,
        },
        InputMode::Looking => {
            if let Some(direction) = direction_of(key.code) {
                return Some(Command::MoveCursor(direction));
            }
            match key.code {
                KeyCode::Esc | KeyCode::Char('x' | ';' | 'q') => Some(Command::Dismiss),
                _ => None,
            }
        }
        InputMode::GameOver => match key.code {
            KeyCode::Char('n') => Some(Command::NewGame),
            KeyCode::Char('q') | KeyCode::Esc => Some(Command::Quit),
            _ => None,
        },
        // Esc leaves the overlay, never the game (q still quits).
        InputMode::Overlay if key.code == KeyCode::Esc => Some(Command::ToggleOverlay),
        InputMode::Overlay => overlay_command(key.code).or_else(|| playing_command(key.code)),
        InputMode::Look => {
            if let Some(direction) = direction_of(key.code) {
                return Some(Command::MoveCursor(direction));
            }
            match key.code {
                KeyCode::Esc => Some(Command::ToggleLook),
                KeyCode::Enter | KeyCode::Char('f') => Some(Command::FollowCursor),
                code => overlay_command(code).or_else(|| playing_command(code)),
            }
        }
        InputMode::Replay => {
            if let Some(direction) = direction_of(key.code) {
                return Some(Command::MoveCursor(direction));
            }
            match key.code {
                KeyCode::Char('-') => Some(Command::Replay(ReplayMove::Back(1))),
                KeyCode::Char('=' | '+') => Some(Command::Replay(ReplayMove::Forward(1))),
                KeyCode::Char('{') => Some(Command::Replay(ReplayMove::Back(REPLAY_JUMP))),
                KeyCode::Char('}') => Some(Command::Replay(ReplayMove::Forward(REPLAY_JUMP))),
                KeyCode::Char('g') => Some(Command::Replay(ReplayMove::First)),
                KeyCode::Char('G') => Some(Command::Replay(ReplayMove::Last)),
                KeyCode::Esc => Some(Command::ToggleReplay),
                KeyCode::Enter | KeyCode::Char('f') => Some(Command::FollowCursor),
                KeyCode::Char('?') => Some(Command::ShowHelp),
                KeyCode::Char('q') => Some(Command::Quit),
                code => overlay_command(code),
            }
        }
    }
}

/// The keys the overlay adds in every overlay mode.
fn overlay_command(code: KeyCode) -> Option<Command> {
    match code {
        KeyCode::Tab => Some(Command::ToggleOverlay),
        KeyCode::Char('v') => Some(Command::NextLayer),
        KeyCode::Char('[') => Some(Command::FollowPrevious),
        KeyCode::Char(']') => Some(Command::FollowNext),
        KeyCode::Char('x') => Some(Command::ToggleLook),
        KeyCode::Char('p') => Some(Command::ToggleReplay),
        KeyCode::Char('m') => Some(Command::CycleCompare),
        KeyCode::Char('N') => Some(Command::CompareOff),
        KeyCode::Char('r') => Some(Command::TraceNow),
        _ => None,
    }
}

fn playing_command(code: KeyCode) -> Option<Command> {
    if let Some(direction) = direction_of(code) {
        return Some(Command::Step(direction));
    }
    match code {
        KeyCode::Char('.' | '5') => Some(Command::Wait),
        KeyCode::Char('>') => Some(Command::Descend),
        KeyCode::Char('o') => Some(Command::OpenDoor),
        KeyCode::Char('c') => Some(Command::CloseDoor),
        KeyCode::Char('a') => Some(Command::ToggleAutoAdvance),
        KeyCode::Char('?') => Some(Command::ShowHelp),
        KeyCode::Char('q') | KeyCode::Esc => Some(Command::Quit),
        KeyCode::Tab => Some(Command::ToggleOverlay),
        KeyCode::Char('R' | 'Z') => Some(Command::Rest),
        KeyCode::Char('e') => Some(Command::Explore),
        KeyCode::Char('t') => Some(Command::Travel),
        KeyCode::Char('g' | ',') => Some(Command::PickUp),
        KeyCode::Char('i') => Some(Command::ShowInventory),
        KeyCode::Char('M') => Some(Command::ShowMessages),
        KeyCode::Char('x' | ';') => Some(Command::Look),
        _ => None,
    }
}

/// The scroll a key asks for on a long screen.
fn scroll_of(code: KeyCode) -> Option<Scroll> {
    match code {
        KeyCode::Up | KeyCode::Char('k' | '8') => Some(Scroll::Up(1)),
        KeyCode::Down | KeyCode::Char('j' | '2') => Some(Scroll::Down(1)),
        KeyCode::PageUp | KeyCode::Char('u' | '9') => Some(Scroll::Up(PAGE_LINES)),
        KeyCode::PageDown | KeyCode::Char(' ' | 'd' | '3') => Some(Scroll::Down(PAGE_LINES)),
        KeyCode::Home | KeyCode::Char('g') => Some(Scroll::Top),
        KeyCode::End | KeyCode::Char('G') => Some(Scroll::Bottom),
        _ => None,
    }
}

/// The direction a movement key points: arrows, vi-keys, the numeric
/// keypad's digits, and Home/PgUp/End/PgDn for the diagonals.
pub fn direction_of(code: KeyCode) -> Option<Direction> {
    use Direction::{East, North, NorthEast, NorthWest, South, SouthEast, SouthWest, West};
    Some(match code {
        KeyCode::Up | KeyCode::Char('k' | '8') => North,
        KeyCode::Down | KeyCode::Char('j' | '2') => South,
        KeyCode::Left | KeyCode::Char('h' | '4') => West,
        KeyCode::Right | KeyCode::Char('l' | '6') => East,
        KeyCode::Home | KeyCode::Char('y' | '7') => NorthWest,
        KeyCode::PageUp | KeyCode::Char('u' | '9') => NorthEast,
        KeyCode::End | KeyCode::Char('b' | '1') => SouthWest,
        KeyCode::PageDown | KeyCode::Char('n' | '3') => SouthEast,
        _ => return None,
    })
}

/// Every key, for the help popup: (keys, what they do). Kept next to the
/// mapping so the two cannot drift apart unnoticed (a test checks them).
pub const KEY_HELP: &[(&str, &str)] = &[
    (
        "arrows  h j k l",
        "move west, south, north, east (into a monster: attack)",
    ),
    (
        "y u b n",
        "move north-west, north-east, south-west, south-east",
    ),
    ("numpad 1-9", "move (7 8 9 / 4 6 / 1 2 3); 5 waits"),
    ("Home PgUp End PgDn", "move NW, NE, SW, SE"),
    (". or 5", "wait a moment"),
    (">", "take the stairs down (stand on them)"),
    ("o / c", "open / close a door next to you"),
    (
        "e",
        "explore: walk to the nearest unexplored place (stops when a monster appears)",
    ),
    (
        "t",
        "travel to the stairs once seen (stops when a monster appears)",
    ),
    ("R  Z", "rest until healed or something appears"),
    ("g  ,", "pick up what lies here"),
    (
        "i",
        "inventory: a letter uses an item (a draught heals, a knife or noisemaker is thrown)",
    ),
    (
        "x  ;",
        "look: move a cursor to name ground, step cost, monsters and items",
    ),
    ("M", "message history (j k PgUp PgDn scroll, Esc closes)"),
    ("a", "auto-advance: let time run while you watch"),
    (
        "?",
        "this help (j k PgUp PgDn scroll, any other key closes it)",
    ),
    ("q  Esc  Ctrl-C", "save and quit"),
    ("n", "new game (on the death or victory screen)"),
    (
        "Tab",
        "debug overlay: see monsters think (? while it is on lists its keys and marks)",
    ),
];

/// The debug overlay's keys, shown by the help popup while the overlay is
/// on (a test checks them against the mapping).
pub const OVERLAY_KEY_HELP: &[(&str, &str)] = &[
    ("Tab", "overlay off (the playing keys work as ever)"),
    (
        "v",
        "next layer: search, belief, influence danger / crowding / threat",
    ),
    ("[ ]", "follow the previous / next living monster"),
    (
        "x",
        "look cursor: movement keys move it, f or Enter follows the monster under it, x or Esc leaves",
    ),
    (
        "p",
        "pause and replay the search node by node (no time passes); p or Esc resumes",
    ),
    ("- =", "replay: one node back / forward (+ works too)"),
    ("{ }", "replay: ten nodes back / forward"),
    ("g G", "replay: first / last node"),
    (
        "m",
        "compare: re-run the search with the next other heuristic or weight, side by side (then off)",
    ),
    ("N", "compare off"),
    (
        "r",
        "re-plan: trace now the search the followed monster would run (no time passes)",
    ),
];

#[cfg(test)]
mod tests {
    use super::*;

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
        assert_eq!(play(KeyCode::Esc), Some(Command::Quit));
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
        let help: String = KEY_HELP
            .iter()
            .map(|(keys, _)| *keys)
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
        let help: Vec<&str> = OVERLAY_KEY_HELP
            .iter()
            .flat_map(|(keys, _)| keys.split_whitespace())
            .collect();
        for key in [
            "Tab", "v", "[", "]", "x", "p", "-", "=", "{", "}", "g", "G", "m",
        ] {
            assert!(help.contains(&key), "{key} missing");
        }
        let described: String = OVERLAY_KEY_HELP.iter().map(|(_, what)| *what).collect();
        for word in ["Enter", "Esc", "+", " f "] {
            assert!(described.contains(word), "{word} missing");
        }
        // The main help points to the overlay.
        assert!(KEY_HELP.iter().any(|(keys, _)| *keys == "Tab"));
    }
}
