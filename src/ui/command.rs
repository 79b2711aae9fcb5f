//! What the player can ask for ([`Command`]) and what the screen is waiting
//! for ([`InputMode`]): the words that key bindings, input and the app share.
//!
//! Plain data: nothing here reads keys or changes the game.

use crate::ui::overlay::ReplayMove;
use fogcrawl_core::Direction;
use gridpath::Pos;

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
    /// After death or victory: replay the last turns (following the
    /// killer after a death).
    WatchDeath,
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
    /// Sneak mode on or off: slower, quieter steps.
    ToggleSneak,
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
    /// The mouse pointer moved to this screen column and row: the side
    /// panel describes the map cell under it (whichever cell that is as the
    /// map scrolls) and the path travel would take there is drawn.
    Pointer(u16, u16),
    /// A left click on a map cell: travel there (once its path is drawn),
    /// move a cursor there, throw at the monster there, or in the overlay
    /// inspect the cell and follow the monster there.
    Click(Pos),
    /// A right click on a map cell: look at it.
    Describe(Pos),
    /// Look or aim at the next / previous monster (nearest first).
    NextMonster,
    PreviousMonster,
    /// Act on the cursor: travel there (look), throw there (aiming).
    Confirm,
    /// After death or victory: play the same seed again.
    SameSeed,
    /// Fire the quivered item: aim at the nearest monster in range (Tab
    /// cycles, Enter throws), aim a noisemaker at a cell, or ask which way
    /// for caltrops.
    Fire,
    /// Fight the nearest monster in sight that hunts the player.
    AutoFight,
    /// Walk to the nearest item seen lying on the level.
    TravelToItem,
    /// The whole level as the player knows it, fitted to the screen.
    ShowLevelMap,
    /// The character sheet: health, experience, gear, pack, the run.
    ShowCharacter,
}

impl Command {
    /// Whether this is one of the debug overlay's commands, which
    /// `overlay::controller` carries out (and a replay lets through: they
    /// only look).
    #[must_use]
    pub(crate) fn is_overlay(self) -> bool {
        matches!(
            self,
            Self::ToggleOverlay
                | Self::NextLayer
                | Self::FollowPrevious
                | Self::FollowNext
                | Self::ToggleLook
                | Self::MoveCursor(_)
                | Self::FollowCursor
                | Self::ToggleReplay
                | Self::Replay(_)
                | Self::CycleCompare
                | Self::CompareOff
                | Self::TraceNow
        )
    }

    /// Whether the command can let game time pass (the player acts, or
    /// auto-advance starts): a paused replay refuses these.
    #[must_use]
    pub(crate) fn lets_time_pass(self) -> bool {
        matches!(
            self,
            Self::Step(_)
                | Self::Wait
                | Self::Descend
                | Self::OpenDoor
                | Self::CloseDoor
                | Self::ToggleAutoAdvance
                | Self::Rest
                | Self::ToggleSneak
                | Self::Explore
                | Self::Travel
                | Self::PickUp
                | Self::UseLetter(_)
                | Self::Confirm
                | Self::Fire
                | Self::AutoFight
                | Self::TravelToItem
        )
    }
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
    /// Aiming a throwing knife (Tab picks the next monster in range) or a
    /// noisemaker (Tab: the spot behind the next monster; the cursor moves
    /// anywhere): Enter throws, Esc cancels.
    Targeting,
    /// A screen of its own (the level map, the character sheet): any key
    /// closes it; no time passes.
    Sheet,
    /// The terminal is below the minimum size, so the game is not drawn:
    /// only `q` (and Ctrl-C) work, so no key acts on a game the player
    /// cannot see (play31 shrank the terminal to 40x12, pressed `l` twice
    /// and came back to a hobgoblin's blows).
    TooSmall,
}
