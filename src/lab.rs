//! `fogcrawl lab`: a sandbox for grid search in the terminal, in the manner
//! of PathFinding.js. Draw walls and terrain with the mouse or the keys,
//! drag the start and the goal, paint cells unknown to the searcher and
//! paint danger and crowding, then watch any of the engine's searches step
//! by step (and back), alone or two side by side, and export them as the
//! pictures `fogcrawl trace` draws.
//!
//! Module map, in the order data flows:
//! - `algorithm`: the searches and what each guarantees
//!   (`--list-algorithms`); `setup`: one search's options.
//! - `drawing`: what is searched (terrain, ends, fog, influence, undo);
//!   `pricing`: its cells priced as the game's planner prices them.
//! - `runner`: runs a search with tracing into a `recording::Recording`,
//!   which plays it back expansion by expansion.
//! - `presets`: the tutorials' worked examples (`--preset`,
//!   `--list-presets`); [`files`]: levels and maps in and out;
//!   `export`: pictures and animations.
//! - With the `tui` feature (the searches run, play back and export only
//!   on the lab's screen), the runner, the recording, the pricing and the
//!   export, and the screen: [`app`] (state and what each
//!   action does; editing strokes and the prompt in its children),
//!   `input` (keys and mouse to actions), [`view`], `panel` and
//!   `cell_view` (drawing), `session` (the terminal and its loop).
//!
//! Nothing here changes the engine's answers: it records and shows them.
pub(crate) mod algorithm;
#[cfg(feature = "tui")]
pub mod app;
#[cfg(feature = "tui")]
pub(crate) mod cell_view;
pub(crate) mod drawing;
#[cfg(feature = "tui")]
pub(crate) mod export;
pub mod files;
#[cfg(feature = "tui")]
pub(crate) mod input;
#[cfg(feature = "tui")]
pub(crate) mod panel;
pub(crate) mod presets;
#[cfg(feature = "tui")]
pub(crate) mod pricing;
#[cfg(feature = "tui")]
pub(crate) mod recording;
#[cfg(feature = "tui")]
pub(crate) mod runner;
#[cfg(feature = "tui")]
pub(crate) mod session;
pub(crate) mod setup;
#[cfg(feature = "tui")]
pub mod view;
