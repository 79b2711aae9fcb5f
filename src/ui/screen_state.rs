//! What the screen shows besides the game: the popup or prompt over the
//! map ([`Overlay`]) and the one-line notice on the status line.
//!
//! Plain state that the app sets and the views read; the views need it
//! without the app, so it lives here rather than in `app`.

use fogcrawl_core::{Action, Direction, ItemKind};

/// Which door action a direction prompt is asking about.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DoorAction {
    Open,
    Close,
}

impl DoorAction {
    pub(crate) fn action(self, direction: Direction) -> Action {
        match self {
            DoorAction::Open => Action::OpenDoor(direction),
            DoorAction::Close => Action::CloseDoor(direction),
        }
    }

    pub(crate) fn verb(self) -> &'static str {
        match self {
            DoorAction::Open => "Open",
            DoorAction::Close => "Close",
        }
    }
}

/// What is drawn over the map, if anything.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Overlay {
    None,
    Help,
    DirectionPrompt(DoorAction),
    /// "Throw which way?" for an item that needs a direction.
    ThrowPrompt(ItemKind),
    /// Aiming an item at a monster (the target: `App::look_cursor`).
    TargetPrompt(ItemKind),
    Inventory,
    Messages,
    /// The look cursor of normal play (where it is: `App::look_cursor`).
    Look,
    /// The whole level as the player knows it.
    LevelMap,
    /// The character sheet.
    Character,
}

/// How a one-line notice should look.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum NoticeKind {
    /// An action was refused or had nothing to act on: no time passed.
    Refusal,
    /// Information about the interface (auto-advance on or off, ...).
    Info,
    /// Something the player must not miss (auto-advance stopped by a blow).
    Alert,
}

/// A one-line message on the status line, gone after the next key.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Notice {
    pub text: String,
    pub kind: NoticeKind,
}
