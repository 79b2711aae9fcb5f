//! The end of `fogcrawl --help`: where files are found and the variables
//! that move them, with the paths they resolve to on this machine.

use fogcrawl_core::escape_controls;

/// The end of `--help`: where files are found and the variables that move
/// them, with the paths they resolve to now.
pub(crate) fn files_help() -> String {
    use fogcrawl_core::{
        DATA_DIR_VARIABLE, DEFAULT_KEPT, FALLBACK_PATH_VARIABLE, KEEP_VARIABLE, LOG_PATH_VARIABLE,
        RECORDINGS_DIR_VARIABLE, SAVE_PATH_VARIABLE, data_dir, default_save_path,
        fallback_save_path, kept_count, log_path, recordings_dir,
    };
    let shown =
        |path: std::path::PathBuf| escape_controls(&path.display().to_string()).into_owned();
    let user_config =
        fogcrawl_core::user_config_path().map_or_else(|| "(no home folder)".to_owned(), shown);
    // One row per variable; continuation lines line up under the text.
    let variables = [
        (SAVE_PATH_VARIABLE, "where the game is saved".to_owned()),
        (
            FALLBACK_PATH_VARIABLE,
            format!(
                "where the game goes if the save cannot be written\n(now {})",
                shown(fallback_save_path())
            ),
        ),
        (LOG_PATH_VARIABLE, "where the log of a game goes".to_owned()),
        (
            DATA_DIR_VARIABLE,
            "the data folder: the save (unless FOGCRAWL_SAVE; a save\nalready in the usual folder is still found there), run\nsummaries (runs/), recordings and the high scores\n(scores.json)".to_owned(),
        ),
        (
            RECORDINGS_DIR_VARIABLE,
            "where games are recorded (`fogcrawl replay --last`)".to_owned(),
        ),
        (
            KEEP_VARIABLE,
            format!(
                "how many recordings are kept, the last written (default {};\n0 records nothing)",
                DEFAULT_KEPT
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
        save = shown(default_save_path()),
        log = shown(log_path()),
        runs = shown(data_dir().join(fogcrawl_core::RUNS_DIR)),
        recordings = shown(recordings_dir()),
        kept = kept_count(),
    )
}
