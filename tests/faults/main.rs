//! The fault suite (issue 14): every fault class a hostile or clumsy user
//! found, each as a test, plus property tests that throw damaged saves,
//! configs, `.map`/`.scen` files and level files at the game. Every case
//! must end in a clear error or a game that works: never a panic, never a
//! hang (each case runs under a time limit, see `timebox`).
//!
//! Map: `config_install` (1, a config that cannot apply), `level_failure`
//! (3, a next level that cannot load), `damaged_saves` (4, and the bounded
//! monster turn), `set_aside_notice` (5), `save_folder` (6, unwritable
//! saves), `hot_reload` (7, a re-created folder and a symlinked config),
//! `escaping` (8, control bytes in printed errors), `save_paths` (9, a
//! save path that is a FIFO, a device, a folder or a symlink),
//! `one_game_per_save` (10, two games on one save), `file_size_limit` (11,
//! `ulimit -f` while saving), `crafted_sizes` (12, sizes no valid save
//! has, a 5 MB message), `config_limits` (13, a config become a FIFO,
//! factions, kinds and spawns without bound), `cli_limits` (14, counts out
//! of range, a closed standard error), `recordings_folder` (15, two games
//! on one recordings folder, pruning by time written and only recordings,
//! a game that cannot record), `written_files` (16, scores set aside
//! twice, control bytes in the run summary and the log),
//! `non_regular_inputs` (17, `run.toml`, level, `.map`, `.scen`,
//! recording and score files that are FIFOs or devices), `trace_memory`
//! (18, the largest map `trace` accepts, within its memory budget),
//! `resume_fidelity` (19, a resumed game is the unbroken game),
//! `properties` (the generated cases). Signals and hangups (2), a replay's
//! and a watched death's among them (issue 35), need a terminal: they are
//! in `tests/e2e_tmux.rs`. `child` runs a case again in a process of its
//! own.

mod child;
mod cli_limits;
mod config_install;
mod config_limits;
mod crafted_sizes;
mod damaged_saves;
mod escaping;
mod fixtures;
mod hot_reload;
mod level_failure;
mod non_regular_inputs;
mod properties;
mod resume_fidelity;
mod trace_memory;
mod written_files;
// These drive the terminal front end's `App`.
#[cfg(feature = "tui")]
mod file_size_limit;
#[cfg(feature = "tui")]
mod one_game_per_save;
#[cfg(feature = "tui")]
mod recordings_folder;
#[cfg(feature = "tui")]
mod save_folder;
#[cfg(feature = "tui")]
mod save_paths;
#[cfg(feature = "tui")]
mod set_aside_notice;
mod timebox;
