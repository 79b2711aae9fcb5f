//! The terminal front end: what a player sees and presses.
//!
//! Map of the module:
//! - `session`: terminal setup and teardown, the event loop, signals,
//!   saving on the way out ([`run`] is the entry point).
//! - [`app`]: [`App`], the game plus screen state, and the update code that
//!   turns commands into game actions (the only UI code that changes the game).
//! - [`command`]: what the player can ask for and what the screen waits for;
//!   `key_bindings`: every key, in one table that input, the help popup and
//!   the key bar read; `input`: the pure key-to-[`Command`](command::Command) mapping.
//! - [`screen_layout`]: the layout, a pure function of the screen's size,
//!   the input mode, the overlay's shape and the camera, that the screen
//!   draws in and the mouse reads; `screen_state`: the popup over the map
//!   and the notice, which the app sets and the views read.
//! - [`screen`]: `impl Widget for &App`, handing each view what it draws;
//!   `map_view`: the map; `camera`: where it looks (the player and
//!   every monster in sight that fits); `panels`: title, side panel,
//!   message log, key bar; `popups`: help, death/victory, too small;
//!   `inventory_view`: the inventory; `history_view`: the message history;
//!   `level_map_view`: the whole level fitted to the screen;
//!   `character_view`: the character sheet.
//! - [`overlay`]: the debug overlay's state and pure helpers (inspector
//!   text, replay positions, the comparison search); `overlay::controller`:
//!   what its keys do and how it keeps up with the game; `overlay::view`:
//!   its map layers and side panel; `overlay::legend`: its layers' legends.
//! - [`theme`]: glyphs, colours and the palette tier (truecolor/256/16/none);
//!   `text`: word wrapping and the other plain-text helpers views share.
//! - `look`: the look command's words for a cell (ground, step cost,
//!   monster and its state, items); `monster_tags`: `g1`, `g2` for
//!   monsters in sight that share a letter.
//! - `mouse`: the pure mouse-to-[`Command`](command::Command) mapping
//!   (the cell under the pointer, from the layout the screen draws with).
//! - `run_end_view`: the death and victory screen's run record (score,
//!   summary file, the high-score table).
//! - [`logging`]: tracing to a file, never to the screen;
//!   `terminal_session`: what play's, replay's and the lab's sessions
//!   share (signals, the input thread, mouse capture, how a session ends).
//! - `replay_view`: a recording on screen (the app drawing the replayed
//!   game, with the replay's bar and keys); `replay_session`: its loop.
//!
//! Drawing never mutates, and no view imports the app: each takes what it
//! draws (the game, the palette, the screen's state), which `screen` hands
//! it; the app asks some of them (help, history, the header, the key bar)
//! how big they are, which it could not if they imported it back. The game core knows nothing
//! of this module.
pub mod app;
pub(crate) mod camera;
pub(crate) mod character_view;
pub mod command;
pub(crate) mod history_view;
pub(crate) mod input;
pub(crate) mod inventory_view;
pub(crate) mod key_bindings;
pub(crate) mod level_map_view;
pub mod logging;
pub(crate) mod look;
pub(crate) mod map_view;
pub(crate) mod monster_tags;
pub(crate) mod mouse;
pub mod overlay;
pub(crate) mod panels;
pub(crate) mod popups;
pub(crate) mod replay_session;
pub(crate) mod replay_view;
pub(crate) mod run_end_view;
pub mod screen;
pub mod screen_layout;
pub(crate) mod screen_state;
pub(crate) mod session;
pub(crate) mod terminal_session;
pub(crate) mod text;
pub mod theme;

pub use app::{App, PlayOptions};
pub use session::run;
