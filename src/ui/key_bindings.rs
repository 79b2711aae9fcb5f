//! Every key binding in one table, [`KEY_BINDINGS`]: which keys, in which
//! modes, do what, how the help popup explains them and how the key bar
//! names them. Input maps key presses through it; the help popup and the
//! key bar are drawn from it, so the three cannot drift apart.
//!
//! Order matters twice: in a mode, the first binding that takes a key wins
//! (so the overlay's keys come before the playing keys they shadow), and the
//! help popup and the key bar list bindings in table order.
//!
//! Plain data: nothing here reads the terminal or changes the game.

use crossterm::event::KeyCode;

use crate::ui::command::{Command, InputMode, PAGE_LINES, Scroll};
use crate::ui::overlay::{REPLAY_JUMP, ReplayMove};
use HelpSection::{Overlay as OverlayHelp, Playing as PlayingHelp};
use InputMode::{
    DirectionPrompt, GameOver, Help, Inventory, Look, Looking, Messages, Overlay, Playing, Replay,
    Sheet, Targeting, TooSmall,
};
use fogcrawl_core::Direction;

/// The keys a binding takes and the command each stands for.
#[derive(Debug, Clone, Copy)]
pub(crate) enum Keys {
    /// These keys, all for one command.
    Same(&'static [KeyCode], Command),
    /// Each key for its own command (a pair such as `[` `]`).
    Each(&'static [(KeyCode, Command)]),
    /// These movement keys, each for the command toward its direction.
    Moving(&'static [KeyCode], fn(Direction) -> Command),
    /// Every movement key, each for the command toward its direction.
    AnyMoving(fn(Direction) -> Command),
    /// Any lowercase letter.
    AnyLetter(fn(char) -> Command),
    /// Any key at all.
    AnyKey(Command),
    /// No key: a row of the help for what the mouse does.
    Mouse,
}

/// Which part of the help popup explains a binding.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum HelpSection {
    /// The keys of the game ("Keys").
    Playing,
    /// The debug overlay's keys, shown while it is on.
    Overlay,
}

/// A binding's row in the help popup.
#[derive(Debug, Clone, Copy)]
pub(crate) struct HelpRow {
    pub section: HelpSection,
    /// The keys as the help writes them.
    pub keys: &'static str,
    pub text: &'static str,
}

/// When a key bar hint is shown: the playing bar drops some hints and
/// shortens others when the terminal is too narrow for all of them.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum BarWidth {
    Any,
    Wide,
    Narrow,
}

/// A binding's short hint on the key bar in one mode, e.g. `e explore`.
#[derive(Debug, Clone, Copy)]
pub(crate) struct BarHint {
    pub mode: InputMode,
    pub width: BarWidth,
    pub keys: &'static str,
    pub label: &'static str,
}

/// One row of the table.
#[derive(Debug, Clone, Copy)]
pub(crate) struct KeyBinding {
    /// The modes the binding works in.
    pub modes: &'static [InputMode],
    pub keys: Keys,
    pub help: Option<HelpRow>,
    pub hints: &'static [BarHint],
}

impl KeyBinding {
    /// The command `code` stands for under this binding, if it takes `code`.
    pub(crate) fn command_for(&self, code: KeyCode) -> Option<Command> {
        match self.keys {
            Keys::Same(codes, command) => codes.contains(&code).then_some(command),
            Keys::Each(pairs) => pairs
                .iter()
                .find(|(key, _)| *key == code)
                .map(|(_, command)| *command),
            Keys::Moving(codes, toward) => codes
                .contains(&code)
                .then(|| direction_of(code).map(toward))
                .flatten(),
            Keys::AnyMoving(toward) => direction_of(code).map(toward),
            Keys::AnyLetter(command) => match code {
                KeyCode::Char(letter) if letter.is_ascii_lowercase() => Some(command(letter)),
                _ => None,
            },
            Keys::AnyKey(command) => Some(command),
            Keys::Mouse => None,
        }
    }

    const fn new(modes: &'static [InputMode], keys: Keys) -> Self {
        Self {
            modes,
            keys,
            help: None,
            hints: &[],
        }
    }

    const fn help(mut self, section: HelpSection, keys: &'static str, text: &'static str) -> Self {
        self.help = Some(HelpRow {
            section,
            keys,
            text,
        });
        self
    }

    const fn hints(mut self, hints: &'static [BarHint]) -> Self {
        self.hints = hints;
        self
    }
}

/// The direction a movement key points: arrows, vi-keys, the numeric
/// keypad's digits, and Home/PgUp/End/PgDn for the diagonals.
pub(crate) fn direction_of(code: KeyCode) -> Option<Direction> {
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

/// The bindings of `mode`, in table order.
pub(crate) fn bindings_in(mode: InputMode) -> impl Iterator<Item = &'static KeyBinding> {
    KEY_BINDINGS
        .iter()
        .filter(move |binding| binding.modes.contains(&mode))
}

/// The help popup's rows of `section`, in table order.
pub(crate) fn help_rows(section: HelpSection) -> impl Iterator<Item = HelpRow> {
    KEY_BINDINGS
        .iter()
        .filter_map(|binding| binding.help)
        .filter(move |row| row.section == section)
}

/// The key bar's hints in `mode`: all of them where the bar is `wide`
/// enough, else the narrow set.
pub(crate) fn bar_hints(mode: InputMode, wide: bool) -> impl Iterator<Item = &'static BarHint> {
    let dropped = if wide {
        BarWidth::Narrow
    } else {
        BarWidth::Wide
    };
    KEY_BINDINGS
        .iter()
        .flat_map(|binding| binding.hints)
        .filter(move |hint| hint.mode == mode && hint.width != dropped)
}

const fn hint(mode: InputMode, keys: &'static str, label: &'static str) -> BarHint {
    BarHint {
        mode,
        width: BarWidth::Any,
        keys,
        label,
    }
}

const fn wide_hint(mode: InputMode, keys: &'static str, label: &'static str) -> BarHint {
    BarHint {
        width: BarWidth::Wide,
        ..hint(mode, keys, label)
    }
}

const fn narrow_hint(mode: InputMode, keys: &'static str, label: &'static str) -> BarHint {
    BarHint {
        width: BarWidth::Narrow,
        ..hint(mode, keys, label)
    }
}

/// Where the playing keys work: in play, and under the debug overlay.
const PLAYING_MODES: &[InputMode] = &[Playing, Overlay, Look];
/// Where the overlay's keys work.
const OVERLAY_MODES: &[InputMode] = &[Overlay, Look, Replay];

/// Every key binding of the game, in the order of the help and the key bar.
pub(crate) const KEY_BINDINGS: &[KeyBinding] = &[
    // The debug overlay's keys, before the playing keys they shadow.
    // Esc leaves the overlay, never the game (q still quits).
    KeyBinding::new(&[Overlay], Keys::Same(&[KeyCode::Esc], Command::ToggleOverlay)),
    KeyBinding::new(&[Look, Looking, Targeting], Keys::AnyMoving(Command::MoveCursor)).hints(&[
        hint(Look, "hjkl", "cursor"),
        hint(Looking, "hjkl", "cursor"),
        hint(Targeting, "hjkl", "cursor"),
    ]),
    KeyBinding::new(&[Look], Keys::Same(&[KeyCode::Esc], Command::ToggleLook)),
    KeyBinding::new(
        &[Look, Replay],
        Keys::Same(&[KeyCode::Enter, KeyCode::Char('f')], Command::FollowCursor),
    )
    .hints(&[hint(Look, "f", "follow")]),
    KeyBinding::new(OVERLAY_MODES, Keys::Same(&[KeyCode::Tab], Command::ToggleOverlay))
        .help(OverlayHelp, "Tab", "overlay off (the playing keys work as ever)")
        .hints(&[hint(Overlay, "Tab", "off")]),
    KeyBinding::new(OVERLAY_MODES, Keys::Same(&[KeyCode::Char('x')], Command::ToggleLook))
        .help(
            OverlayHelp,
            "x",
            "look cursor: movement keys move it, f or Enter follows the monster under it, x or Esc leaves",
        )
        .hints(&[hint(Overlay, "x", "look"), hint(Look, "x", "done")]),
    KeyBinding::new(OVERLAY_MODES, Keys::Same(&[KeyCode::Char('v')], Command::NextLayer))
        .help(
            OverlayHelp,
            "v",
            "next layer: search, belief, influence danger / crowding / threat",
        )
        .hints(&[hint(Overlay, "v", "layer"), hint(Look, "v", "layer")]),
    KeyBinding::new(
        OVERLAY_MODES,
        Keys::Each(&[
            (KeyCode::Char('['), Command::FollowPrevious),
            (KeyCode::Char(']'), Command::FollowNext),
        ]),
    )
    .help(OverlayHelp, "[ ]", "follow the previous / next living monster")
    .hints(&[hint(Overlay, "[ ]", "monster"), hint(Look, "[ ]", "monster")]),
    KeyBinding::new(&[Overlay, Look], Keys::Same(&[KeyCode::Char('p')], Command::ToggleReplay))
        .help(
            OverlayHelp,
            "p",
            "pause and replay the search node by node (no time passes); p or Esc resumes",
        )
        .hints(&[hint(Overlay, "p", "replay"), hint(Look, "p", "replay")]),
    KeyBinding::new(
        &[Replay],
        Keys::Each(&[
            (KeyCode::Char('-'), Command::Replay(ReplayMove::Back(1))),
            (KeyCode::Char('='), Command::Replay(ReplayMove::Forward(1))),
            (KeyCode::Char('+'), Command::Replay(ReplayMove::Forward(1))),
        ]),
    )
    .help(OverlayHelp, "- =", "replay: one node back / forward (+ works too)")
    .hints(&[hint(Replay, "- =", "node")]),
    KeyBinding::new(
        &[Replay],
        Keys::Each(&[
            (KeyCode::Char('{'), Command::Replay(ReplayMove::Back(REPLAY_JUMP))),
            (KeyCode::Char('}'), Command::Replay(ReplayMove::Forward(REPLAY_JUMP))),
        ]),
    )
    .help(OverlayHelp, "{ }", "replay: ten nodes back / forward")
    .hints(&[hint(Replay, "{ }", "x10")]),
    KeyBinding::new(
        &[Replay],
        Keys::Each(&[
            (KeyCode::Char('g'), Command::Replay(ReplayMove::First)),
            (KeyCode::Char('G'), Command::Replay(ReplayMove::Last)),
        ]),
    )
    .help(OverlayHelp, "g G", "replay: first / last node")
    .hints(&[hint(Replay, "g G", "ends")]),
    KeyBinding::new(&[Replay], Keys::AnyMoving(Command::MoveCursor))
        .hints(&[hint(Replay, "hjkl", "cursor")]),
    KeyBinding::new(OVERLAY_MODES, Keys::Same(&[KeyCode::Char('m')], Command::CycleCompare))
        .help(
            OverlayHelp,
            "m",
            "compare: re-run the search with the next other heuristic or weight, side by side (then off)",
        )
        .hints(&[
            hint(Overlay, "m", "compare"),
            hint(Look, "m", "compare"),
            hint(Replay, "m", "compare"),
        ]),
    KeyBinding::new(OVERLAY_MODES, Keys::Same(&[KeyCode::Char('N')], Command::CompareOff))
        .help(OverlayHelp, "N", "compare off"),
    KeyBinding::new(OVERLAY_MODES, Keys::Same(&[KeyCode::Char('r')], Command::TraceNow)).help(
        OverlayHelp,
        "r",
        "re-plan: trace now the search the followed monster would run (no time passes)",
    ),
    KeyBinding::new(
        &[Replay],
        Keys::Same(&[KeyCode::Char('p'), KeyCode::Esc], Command::ToggleReplay),
    )
    .hints(&[hint(Replay, "p", "resume")]),
    // The playing keys.
    KeyBinding::new(
        PLAYING_MODES,
        Keys::Moving(
            &[
                KeyCode::Left,
                KeyCode::Down,
                KeyCode::Up,
                KeyCode::Right,
                KeyCode::Char('h'),
                KeyCode::Char('j'),
                KeyCode::Char('k'),
                KeyCode::Char('l'),
            ],
            Command::Step,
        ),
    )
    .help(
        PlayingHelp,
        "arrows  h j k l",
        "move west, south, north, east (into a monster: attack)",
    )
    .hints(&[
        wide_hint(Playing, "hjkl yubn ←↑→↓", "move"),
        narrow_hint(Playing, "hjkl", "move"),
    ]),
    KeyBinding::new(
        PLAYING_MODES,
        Keys::Moving(
            &[
                KeyCode::Char('y'),
                KeyCode::Char('u'),
                KeyCode::Char('b'),
                KeyCode::Char('n'),
            ],
            Command::Step,
        ),
    )
    .help(
        PlayingHelp,
        "y u b n",
        "move north-west, north-east, south-west, south-east",
    ),
    KeyBinding::new(
        PLAYING_MODES,
        Keys::Moving(
            &[
                KeyCode::Char('7'),
                KeyCode::Char('8'),
                KeyCode::Char('9'),
                KeyCode::Char('4'),
                KeyCode::Char('6'),
                KeyCode::Char('1'),
                KeyCode::Char('2'),
                KeyCode::Char('3'),
            ],
            Command::Step,
        ),
    )
    .help(PlayingHelp, "numpad 1-9", "move (7 8 9 / 4 6 / 1 2 3); 5 waits"),
    KeyBinding::new(
        PLAYING_MODES,
        Keys::Moving(
            &[
                KeyCode::Home,
                KeyCode::PageUp,
                KeyCode::End,
                KeyCode::PageDown,
            ],
            Command::Step,
        ),
    )
    .help(PlayingHelp, "Home PgUp End PgDn", "move NW, NE, SW, SE"),
    KeyBinding::new(
        PLAYING_MODES,
        Keys::Same(&[KeyCode::Char('.'), KeyCode::Char('5')], Command::Wait),
    )
    .help(PlayingHelp, ". or 5", "wait a moment")
    .hints(&[wide_hint(Playing, ".", "wait")]),
    KeyBinding::new(PLAYING_MODES, Keys::Same(&[KeyCode::Char('e')], Command::Explore))
        .help(
            PlayingHelp,
            "e",
            "explore: walk to the nearest unexplored place (stops for a threat or a new sleeper)",
        )
        .hints(&[hint(Playing, "e", "explore")]),
    KeyBinding::new(PLAYING_MODES, Keys::Same(&[KeyCode::Char('t')], Command::Travel))
        .help(
            PlayingHelp,
            "t",
            "travel to the stairs once seen (stops for a threat)",
        )
        .hints(&[hint(Playing, "t", "travel")]),
    KeyBinding::new(
        PLAYING_MODES,
        Keys::Same(&[KeyCode::Char('R'), KeyCode::Char('Z')], Command::Rest),
    )
    .help(PlayingHelp, "R  Z", "rest until healed or a monster is a threat (every 100 time waited draws a monster)")
    .hints(&[hint(Playing, "R", "rest")]),
    KeyBinding::new(
        PLAYING_MODES,
        Keys::Same(&[KeyCode::Char('g'), KeyCode::Char(',')], Command::PickUp),
    )
    .help(PlayingHelp, "g  ,", "pick up what lies here"),
    KeyBinding::new(PLAYING_MODES, Keys::Same(&[KeyCode::Char('i')], Command::ShowInventory))
        .help(
            PlayingHelp,
            "i",
            "inventory: a letter uses an item (a draught heals; a knife is aimed at a monster, a noisemaker at a cell)",
        )
        .hints(&[hint(Playing, "i", "items")]),
    KeyBinding::new(PLAYING_MODES, Keys::Same(&[KeyCode::Char('>')], Command::Descend))
        .help(PlayingHelp, ">", "take the stairs down (stand on them)")
        .hints(&[wide_hint(Playing, ">", "stairs")]),
    KeyBinding::new(
        PLAYING_MODES,
        Keys::Each(&[
            (KeyCode::Char('o'), Command::OpenDoor),
            (KeyCode::Char('c'), Command::CloseDoor),
        ]),
    )
    .help(PlayingHelp, "o / c", "open / close a door next to you"),
    KeyBinding::new(
        PLAYING_MODES,
        Keys::Same(&[KeyCode::Char('x'), KeyCode::Char(';')], Command::Look),
    )
    .help(
        PlayingHelp,
        "x  ;",
        "look: move a cursor to name ground, step cost, monsters and items",
    )
    .hints(&[wide_hint(Playing, "x", "look")]),
    KeyBinding::new(
        &[Looking, Targeting],
        Keys::Each(&[
            (KeyCode::Tab, Command::NextMonster),
            (KeyCode::BackTab, Command::PreviousMonster),
            (KeyCode::Char(']'), Command::NextMonster),
            (KeyCode::Char('['), Command::PreviousMonster),
        ]),
    )
    .help(
        PlayingHelp,
        "Tab  Shift-Tab",
        "look or aim: next / previous monster ([ ]); a lure: behind it",
    )
    .hints(&[hint(Looking, "Tab", "monster"), hint(Targeting, "Tab", "next")]),
    KeyBinding::new(
        &[Looking],
        Keys::Same(&[KeyCode::Enter, KeyCode::Char('t')], Command::Confirm),
    )
    .help(
        PlayingHelp,
        "t  Enter",
        "looking: travel to the cursor (stops for a threat)",
    )
    .hints(&[hint(Looking, "t", "travel")]),
    KeyBinding::new(
        &[Targeting],
        Keys::Same(
            &[KeyCode::Enter, KeyCode::Char('t'), KeyCode::Char('f')],
            Command::Confirm,
        ),
    )
    .help(
        PlayingHelp,
        "f  Enter",
        "aiming: throw or zap at the cursor (a lure lands at the &)",
    )
    .hints(&[hint(Targeting, "Enter", "fire")]),
    KeyBinding::new(
        &[Targeting],
        Keys::Same(&[KeyCode::Esc, KeyCode::Char('q')], Command::Dismiss),
    )
    .hints(&[hint(Targeting, "Esc", "cancel")]),
    // The mouse: rows of the help only (see `ui::mouse`).
    KeyBinding::new(&[], Keys::Mouse).help(
        PlayingHelp,
        "mouse click",
        "travel along the path drawn as you point (no motion reported: click twice); looking or aiming: move the cursor, or throw",
    ),
    KeyBinding::new(&[], Keys::Mouse).help(
        PlayingHelp,
        "mouse point",
        "describe the cell under the pointer; right click: look at it",
    ),
    KeyBinding::new(&[], Keys::Mouse).help(
        OverlayHelp,
        "mouse click",
        "inspect the cell clicked (look cursor) and follow the monster there",
    ),
    KeyBinding::new(PLAYING_MODES, Keys::Same(&[KeyCode::Char('M')], Command::ShowMessages))
        .help(
            PlayingHelp,
            "M",
            "message history (j k PgUp PgDn scroll, Esc closes)",
        )
        .hints(&[wide_hint(Playing, "M", "log")]),
    KeyBinding::new(
        PLAYING_MODES,
        Keys::Same(&[KeyCode::Char('a')], Command::ToggleAutoAdvance),
    )
    .help(PlayingHelp, "a", "auto-advance: let time run while you watch"),
    KeyBinding::new(
        &[Playing, Overlay, Look, Replay],
        Keys::Same(&[KeyCode::Char('?')], Command::ShowHelp),
    )
    .help(
        PlayingHelp,
        "?",
        "this help (j k PgUp PgDn scroll, any other key closes it)",
    )
    .hints(&[
        wide_hint(Playing, "?", "help"),
        narrow_hint(Playing, "?", "all keys"),
        hint(Overlay, "?", "keys"),
        hint(Look, "?", "keys"),
        hint(Replay, "?", "keys"),
    ]),
    KeyBinding::new(&[GameOver], Keys::Same(&[KeyCode::Char('n')], Command::NewGame))
        .help(PlayingHelp, "n", "new game (on the death or victory screen)")
        .hints(&[hint(GameOver, "n", "new game")]),
    KeyBinding::new(&[GameOver], Keys::Same(&[KeyCode::Char('r')], Command::SameSeed))
        .help(
            PlayingHelp,
            "r",
            "play the same seed again (on the death or victory screen)",
        )
        .hints(&[hint(GameOver, "r", "same seed")]),
    // Ctrl-C quits in every mode too (see `input::command_for_key`).
    KeyBinding::new(
        &[Playing, Overlay, Look, Replay, GameOver, TooSmall],
        Keys::Same(&[KeyCode::Char('q')], Command::Quit),
    )
    .help(PlayingHelp, "q  Ctrl-C", "save and quit")
    .hints(&[
        wide_hint(Playing, "q", "save & quit"),
        narrow_hint(Playing, "q", "quit"),
        hint(GameOver, "q", "quit"),
    ]),
    // Esc in play closes nothing and quits nothing: a roguelike player
    // presses it out of habit after a menu (player17 saved and quit so).
    KeyBinding::new(&[Playing], Keys::Same(&[KeyCode::Esc], Command::Dismiss)).help(
        PlayingHelp,
        "Esc",
        "close a menu or prompt (it never quits: q does)",
    ),
    KeyBinding::new(&[GameOver], Keys::Same(&[KeyCode::Esc], Command::Quit)),
    KeyBinding::new(&[GameOver], Keys::Same(&[KeyCode::Char('w')], Command::WatchDeath))
        .help(
            PlayingHelp,
            "w",
            "replay the end (after a death: following your killer)",
        )
        .hints(&[hint(GameOver, "w", "watch it again")]),
    // Issue 37's keys, after quitting so the help's first page still says
    // how to quit.
    KeyBinding::new(PLAYING_MODES, Keys::Same(&[KeyCode::Char('s')], Command::ToggleSneak))
        .help(
            PlayingHelp,
            "s",
            "sneak on/off: steps take 2x as long, are heard 1 cell away, not 6, and the unaware see you only half as far",
        )
        .hints(&[wide_hint(Playing, "s", "sneak")]),
    KeyBinding::new(PLAYING_MODES, Keys::Same(&[KeyCode::Char('T')], Command::TravelToItem))
        .help(
            PlayingHelp,
            "T",
            "travel to the nearest item you have seen lying about (stops for a threat)",
        ),
    KeyBinding::new(PLAYING_MODES, Keys::Same(&[KeyCode::Char('f')], Command::Fire))
        .help(
            PlayingHelp,
            "f",
            "fire the quiver (knives; the item last thrown from i): aim, Tab next, Enter or f throws",
        )
        .hints(&[hint(Playing, "f", "fire")]),
    KeyBinding::new(PLAYING_MODES, Keys::Same(&[KeyCode::Char('F')], Command::AutoFight))
        .help(
            PlayingHelp,
            "F",
            "autofight: walk up to the nearest monster hunting (else searching for, else close to) you, or strike one at bay next to you, until it dies (stops when badly hurt, hurt in a slow step, before a slow step within a hunter's reach, or when a new threat comes)",
        )
        .hints(&[wide_hint(Playing, "F", "fight")]),
    KeyBinding::new(PLAYING_MODES, Keys::Same(&[KeyCode::Char('X')], Command::ShowLevelMap))
        .help(
            PlayingHelp,
            "X",
            "the whole level as you know it, on one screen (any key closes)",
        ),
    KeyBinding::new(
        PLAYING_MODES,
        Keys::Same(&[KeyCode::Char('C'), KeyCode::Char('@')], Command::ShowCharacter),
    )
    .help(
        PlayingHelp,
        "C  @",
        "character sheet: health, experience, gear, quiver, pack, the run (any key closes)",
    ),
    KeyBinding::new(&[Playing], Keys::Same(&[KeyCode::Tab], Command::ToggleOverlay)).help(
        PlayingHelp,
        "Tab",
        "debug overlay: see monsters think (? while it is on lists its keys and marks)",
    ),
    // Prompts and screens of their own.
    KeyBinding::new(&[DirectionPrompt], Keys::AnyMoving(Command::ChooseDirection)),
    KeyBinding::new(
        &[DirectionPrompt],
        Keys::Same(&[KeyCode::Esc, KeyCode::Char('q')], Command::Dismiss),
    ),
    KeyBinding::new(
        &[Looking],
        Keys::Same(
            &[
                KeyCode::Esc,
                KeyCode::Char('x'),
                KeyCode::Char(';'),
                KeyCode::Char('q'),
            ],
            Command::Dismiss,
        ),
    )
    .hints(&[hint(Looking, "Esc", "done")]),
    KeyBinding::new(
        &[Messages],
        Keys::Same(
            &[
                KeyCode::Esc,
                KeyCode::Char('q'),
                KeyCode::Char('M'),
                KeyCode::Enter,
            ],
            Command::Dismiss,
        ),
    ),
    KeyBinding::new(
        &[Inventory],
        Keys::Same(&[KeyCode::Esc, KeyCode::Char('i')], Command::Dismiss),
    ),
    KeyBinding::new(&[Inventory], Keys::AnyLetter(Command::UseLetter)),
    KeyBinding::new(
        &[Help, Messages],
        Keys::Each(&[
            (KeyCode::Up, Command::Scroll(Scroll::Up(1))),
            (KeyCode::Char('k'), Command::Scroll(Scroll::Up(1))),
            (KeyCode::Char('8'), Command::Scroll(Scroll::Up(1))),
            (KeyCode::Down, Command::Scroll(Scroll::Down(1))),
            (KeyCode::Char('j'), Command::Scroll(Scroll::Down(1))),
            (KeyCode::Char('2'), Command::Scroll(Scroll::Down(1))),
            (KeyCode::PageUp, Command::Scroll(Scroll::Up(PAGE_LINES))),
            (KeyCode::Char('u'), Command::Scroll(Scroll::Up(PAGE_LINES))),
            (KeyCode::Char('9'), Command::Scroll(Scroll::Up(PAGE_LINES))),
            (KeyCode::PageDown, Command::Scroll(Scroll::Down(PAGE_LINES))),
            (KeyCode::Char(' '), Command::Scroll(Scroll::Down(PAGE_LINES))),
            (KeyCode::Char('d'), Command::Scroll(Scroll::Down(PAGE_LINES))),
            (KeyCode::Char('3'), Command::Scroll(Scroll::Down(PAGE_LINES))),
            (KeyCode::Home, Command::Scroll(Scroll::Top)),
            (KeyCode::Char('g'), Command::Scroll(Scroll::Top)),
            (KeyCode::End, Command::Scroll(Scroll::Bottom)),
            (KeyCode::Char('G'), Command::Scroll(Scroll::Bottom)),
        ]),
    ),
    // The help popup: any other key closes it.
    KeyBinding::new(&[Help], Keys::AnyKey(Command::Dismiss)),
    // The level map and the character sheet: any key closes them.
    KeyBinding::new(&[Sheet], Keys::AnyKey(Command::Dismiss)),
];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_hint_is_for_a_mode_its_binding_works_in() {
        for binding in KEY_BINDINGS {
            for hint in binding.hints {
                assert!(binding.modes.contains(&hint.mode), "{hint:?}");
            }
        }
    }

    #[test]
    fn the_playing_movement_rows_hold_every_movement_key_once() {
        let listed: Vec<KeyCode> = KEY_BINDINGS
            .iter()
            .filter_map(|binding| match binding.keys {
                Keys::Moving(codes, _) => Some(codes),
                _ => None,
            })
            .flatten()
            .copied()
            .collect();
        // Four arrows, eight vi-keys, eight keypad digits, four paging keys.
        assert_eq!(listed.len(), 24);
        for code in &listed {
            assert!(direction_of(*code).is_some(), "{code:?}");
            assert_eq!(listed.iter().filter(|other| *other == code).count(), 1);
        }
    }
}
