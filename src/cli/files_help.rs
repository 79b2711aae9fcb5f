//! The end of `fogcrawl --help`: where files are found and the variables
//! that move them, with the paths they resolve to on this machine.

use crate::untrusted_text::escape_controls;

/// The end of `--help`: where files are found and the variables that move
/// them, with the paths they resolve to now.
pub(crate) fn files_help() -> String {
    use crate::game::recording::library;
    use crate::game::save;
    use crate::user_dirs;
    let shown =
        |path: std::path::PathBuf| escape_controls(&path.display().to_string()).into_owned();
    let user_config =
        crate::config::user_config_path().map_or_else(|| "(no home folder)".to_owned(), shown);
    // One row per variable; continuation lines line up under the text.
    let variables = [
        (user_dirs::SAVE_PATH_VARIABLE, "where the game is saved".to_owned()),
        (
            save::FALLBACK_PATH_VARIABLE,
            format!(
                "where the game goes if the save cannot be written\n(now {})",
                shown(save::fallback_save_path())
            ),
        ),
        (user_dirs::LOG_PATH_VARIABLE, "where the log of a game goes".to_owned()),
        (
            user_dirs::DATA_DIR_VARIABLE,
            "the data folder: the save (unless FOGCRAWL_SAVE; a save\nalready in the usual folder is still found there), run\nsummaries (runs/), recordings and the high scores\n(scores.json)".to_owned(),
        ),
        (
            library::RECORDINGS_DIR_VARIABLE,
            "where games are recorded (`fogcrawl replay --last`)".to_owned(),
        ),
        (
            library::KEEP_VARIABLE,
            format!(
                "how many recordings are kept, the last written (default {};\n0 records nothing)",
                library::DEFAULT_KEPT
            ),
        ),
        ("RUST_LOG", "what is logged (default: fogcrawl=info)".to_owned()),
        ("NO_COLOR", "set and not empty: play without colours".to_owned()),
        (
            "FOGCRAWL_MOVINGAI_DIR",
            "the Moving AI benchmark folder the tests and benchmarks read".to_owned(),
        ),
        (
            "XDG_DATA_HOME",
            "the save, log and config folders on Linux and other Unix\nsystems (empty or relative values are ignored)".to_owned(),
        ),
        ("XDG_STATE_HOME", "(see XDG_DATA_HOME)".to_owned()),
        ("XDG_CONFIG_HOME", "(see XDG_DATA_HOME)".to_owned()),
    ];
    let width = variables
        .iter()
        .map(|(name, _)| name.len())
        .max()
        .unwrap_or(0)
        + 2;
    let indent = " ".repeat(width + 2);
    let variables: String = variables
        .iter()
        .map(|(name, text)| {
            format!(
                "\n  {name:<width$}{}",
                text.replace('\n', &format!("\n{indent}"))
            )
        })
        .collect();
    format!(
        "Files (searched in this order):
  levels  --level NAME: ./levels/NAME.toml, else the built-in level NAME.
          The run order: ./levels/run.toml, else the built-in one.
  config  --config PATH, else ./levels/monsters.toml, else the user's copy
          {user_config}
          (`fogcrawl config --init` writes it), else the built-in config,
          which has no file to reload.
  save    {save}
          Only playing reads or writes it; --level, --map or --seed start
          a new game, which replaces it when you quit.
  log     {log}
  runs    {runs}
          A summary of each finished run; the high scores beside it in
          scores.json (`fogcrawl scores` prints them).
  replays {recordings}
          Every game played is recorded there; the {kept} written
          last are kept (never one a running game writes).

Environment variables:{variables}",
        save = shown(save::default_save_path()),
        log = shown(user_dirs::log_path()),
        runs = shown(user_dirs::data_dir().join(crate::game::run_summary::RUNS_DIR)),
        recordings = shown(library::recordings_dir()),
        kept = library::kept_count(),
    )
}
