//! What an actor can do with its turn.

use serde::{Deserialize, Serialize};

use crate::game::direction::Direction;
use crate::world::ItemKind;
use gridpath::Pos;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Action {
    /// Step one cell; into an enemy it is an attack, into a closed door it
    /// opens the door on the way through.
    Move(Direction),
    /// Let a moment pass.
    Wait,
    /// Take the stairs down (only standing on them).
    Descend,
    /// Open the closed door in that direction without stepping.
    OpenDoor(Direction),
    /// Close the open door in that direction (if nobody stands in it).
    CloseDoor(Direction),
    /// Pick up everything lying where the actor stands.
    PickUp,
    /// Use a carried item: a draught is drunk, a knife thrown at the
    /// monster standing `at` (the nearest in range when `None`), a
    /// noisemaker thrown at the cell `at` or else `toward` a direction.
    UseItem {
        item: ItemKind,
        toward: Option<Direction>,
        #[serde(default)]
        at: Option<Pos>,
    },
    /// Sneak mode on or off (the player's only): steps are slower and
    /// quieter (`crate::game::stealth`). Takes no time.
    Sneak(bool),
}
