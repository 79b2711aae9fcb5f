//! The end of a run in words: what a finished game was (seed, levels,
//! turns, kills by kind, experience level, gear, a line per level with its
//! turns, kills and time, how it ended, whether the debug overlay helped, the
//! last messages and the final level as the player knew it), as a text
//! file written to the data folder's `runs/` on death or victory. Text from
//! files (monster and level names, messages) is written with its control
//! bytes escaped, as the screen shows it.
//!
//! Reads the game; never changes it. The file name carries the time it was
//! written (the only clock read here, and it decides nothing in the game).

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::io;
use std::path::{Path, PathBuf};

use crate::game::calendar::utc_date_time;
use crate::game::level_history::{level_visits, run_end_time, shown_level_times};
use crate::game::message_log::counted;
use crate::game::state::{Game, Outcome};
use crate::regular_file::write_replacing;
use crate::untrusted_text::escape_controls;
use crate::world::level::text::terrain_glyph;
use gridpath::Pos;

/// The folder in the data folder that run summaries go to.
pub const RUNS_DIR: &str = "runs";
/// How many of the last messages a summary repeats.
pub(crate) const LAST_MESSAGES: usize = 12;
/// Drawn in the summary's map for the player, and for a cell never seen.
const PLAYER_CHAR: char = '@';
const UNKNOWN_CHAR: char = ' ';

/// How a run ended, in a word (the score table's too).
pub(crate) fn outcome_word(outcome: &Outcome) -> &'static str {
    match outcome {
        Outcome::Died { .. } => "died",
        Outcome::Won { .. } => "won",
    }
}

/// How a run ended, in a phrase: "killed by the goblin", "escaped".
pub(crate) fn outcome_phrase(outcome: &Outcome) -> String {
    match outcome {
        Outcome::Died { cause, .. } => cause.clone(),
        Outcome::Won { .. } => "escaped the dungeon".to_owned(),
    }
}

/// The kills by kind, most first, as "goblin 3, rat 2" ("none" for none).
pub fn kills_by_kind(game: &Game) -> String {
    let mut kinds: Vec<(&String, &u32)> = game.stats().kills_by_kind().iter().collect();
    kinds.sort_by(|a, b| b.1.cmp(a.1).then(a.0.cmp(b.0)));
    if kinds.is_empty() {
        return "none".to_owned();
    }
    kinds
        .iter()
        .map(|(kind, count)| format!("{kind} {count}"))
        .collect::<Vec<_>>()
        .join(", ")
}

/// What the player wields and wears, and what the pack holds, in words.
pub(crate) fn gear_words(game: &Game) -> String {
    let weapon = game
        .equipment()
        .weapon
        .map_or("dagger", |kind| kind.display_name());
    let armour = game
        .equipment()
        .armour
        .map_or_else(|| "no armour".to_owned(), |kind| kind.to_string());
    let pack: Vec<String> = game
        .inventory()
        .entries()
        .into_iter()
        .map(|(_, kind, count)| crate::game::items::counted_items(kind, count))
        .collect();
    let pack = if pack.is_empty() {
        "nothing".to_owned()
    } else {
        pack.join(", ")
    };
    format!("{weapon}, {armour}; pack: {pack}")
}

/// The level names the run went through, from the one it started on to the
/// one it ended on.
pub(crate) fn levels_reached(game: &Game) -> Vec<&str> {
    let start = game.start_depth().min(game.depth());
    game.run()[start..=game.depth().min(game.run().len().saturating_sub(1))]
        .iter()
        .map(String::as_str)
        .collect()
}

/// The command line that plays this run's seed again.
pub(crate) fn play_again_command(game: &Game) -> String {
    let standard = crate::game::setup::standard_run();
    if game.run() == standard && game.start_depth() == 0 {
        format!("fogcrawl --seed {}", game.seed())
    } else {
        let level = game
            .run()
            .get(game.start_depth())
            .map_or("", String::as_str);
        format!("fogcrawl --seed {} --level {level}", game.seed())
    }
}

/// The final level as the player knew it, in the game's symbols
/// (`≈` deep water): remembered terrain, items seen there, monsters in
/// sight and `@`; cells never seen blank. Cut to the
/// part the player saw, one line per row, trailing blanks dropped.
pub(crate) fn known_map(game: &Game) -> String {
    let level = game.level();
    let player = game.player().pos;
    let (mut low, mut high) = (player, player);
    for pos in level.positions().filter(|&pos| game.is_remembered(pos)) {
        low = Pos::new(low.x.min(pos.x), low.y.min(pos.y));
        high = Pos::new(high.x.max(pos.x), high.y.max(pos.y));
    }
    // Monsters over items over terrain.
    let mut marks: BTreeMap<Pos, char> = level
        .items
        .iter()
        .map(|&(pos, item)| (pos, item.plain_char()))
        .collect();
    marks.extend(
        game.visible_monsters().filter_map(|(_, monster)| {
            game.kind_of(monster).map(|kind| (monster.pos, kind.letter))
        }),
    );
    let mut out = String::new();
    for y in low.y..=high.y {
        let mut line = String::new();
        for x in low.x..=high.x {
            let pos = Pos::new(x, y);
            let c = if pos == player {
                PLAYER_CHAR
            } else if !game.is_remembered(pos) {
                UNKNOWN_CHAR
            } else if let Some(&mark) = marks.get(&pos) {
                mark
            } else {
                level.terrain_at(pos).map_or(UNKNOWN_CHAR, terrain_glyph)
            };
            line.push(c);
        }
        out.push_str(line.trim_end());
        out.push('\n');
    }
    out
}

/// The whole summary of a finished game (or of one still going, for the
/// tests: then it says so), with its score.
pub fn summary_text(game: &Game, score: u64) -> String {
    let mut text = String::new();
    let outcome = game.outcome().as_ref().map_or_else(
        || "still going".to_owned(),
        |o| format!("{}: {}", outcome_word(o), outcome_phrase(o)),
    );
    // Writing to a String cannot fail.
    let _ = writeln!(text, "fogcrawl run summary");
    let _ = writeln!(text);
    let _ = writeln!(text, "Outcome:   {outcome}");
    let _ = writeln!(text, "Score:     {score}");
    let assisted = if game.is_assisted() {
        "yes (the debug overlay, which shows the true level and every monster, was opened during play)"
    } else {
        "no"
    };
    let _ = writeln!(text, "Assisted:  {assisted}");
    let _ = writeln!(text, "Seed:      {}", game.seed());
    let _ = writeln!(text, "Again:     {}", play_again_command(game));
    let _ = writeln!(
        text,
        "Levels:    {} (ended on level {} of {})",
        levels_reached(game).join(" > "),
        game.depth() + 1,
        game.run().len()
    );
    let _ = writeln!(
        text,
        "Turns:     {} (game time {:.1})",
        game.stats().player_turns(),
        run_end_time(game)
    );
    let _ = writeln!(
        text,
        "Kills:     {}: {}",
        counted(game.stats().kills().into(), "monster", "monsters"),
        kills_by_kind(game)
    );
    let xp = game.experience();
    let _ = writeln!(
        text,
        "Level:     {} ({})",
        xp.level,
        counted(xp.points.into(), "experience point", "experience points")
    );
    let _ = writeln!(text, "Gear:      {}", gear_words(game));
    let _ = writeln!(text);
    let _ = writeln!(text, "Level by level:");
    let visits = level_visits(game);
    if game
        .stats()
        .level_starts()
        .first()
        .is_none_or(|first| first.depth > game.start_depth())
    {
        let _ = writeln!(
            text,
            "  (the levels before this game was resumed from an older save were not recorded)"
        );
    }
    let times = shown_level_times(&visits, game.time(), run_end_time(game));
    for (visit, time) in visits.iter().zip(times) {
        let _ = writeln!(
            text,
            "  {:>2}. {:<12} {:>5} turns  {:>3} kills  time {time}",
            visit.depth + 1,
            visit.name,
            visit.turns,
            visit.kills,
        );
    }
    let _ = writeln!(text);
    let _ = writeln!(text, "Last messages:");
    for message in game.log().recent(LAST_MESSAGES) {
        let _ = writeln!(text, "  [{:>7.1}] {}", message.time, message.text);
    }
    let _ = writeln!(text);
    let _ = writeln!(
        text,
        "The final level, {}, as you knew it ({PLAYER_CHAR} you, letters: monsters in sight, blank: never seen):",
        game.level().name
    );
    text.push_str(&known_map(game));
    // Names and messages come from config and level files: a control byte
    // in one must not drive the terminal of whoever reads the file.
    escape_controls(&text).into_owned()
}

/// The file name of a summary written at `unix_seconds`:
/// `run-<seed>-<YYYYMMDD>-<HHMMSS>.txt` (UTC).
pub(crate) fn summary_file_name(seed: u64, unix_seconds: u64) -> String {
    let (year, month, day, hour, minute, second) = utc_date_time(unix_seconds);
    format!("run-{seed}-{year:04}{month:02}{day:02}-{hour:02}{minute:02}{second:02}.txt")
}

/// Seconds since 1970 now (0 if the clock is before it).
pub fn unix_now() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |elapsed| elapsed.as_secs())
}

/// Writes the summary into `data_dir/runs/` (temp file, then rename) and
/// returns its path; a name already taken gets `-2`, `-3`, ... so no
/// summary replaces another.
pub fn write_summary(
    data_dir: &Path,
    game: &Game,
    score: u64,
    unix_seconds: u64,
) -> io::Result<PathBuf> {
    let dir = data_dir.join(RUNS_DIR);
    let name = summary_file_name(game.seed(), unix_seconds);
    let mut path = dir.join(&name);
    let stem = name.trim_end_matches(".txt").to_owned();
    let mut copy = 1;
    while path.exists() {
        copy += 1;
        path = dir.join(format!("{stem}-{copy}.txt"));
    }
    write_replacing(&path, summary_text(game, score).as_bytes())?;
    Ok(path)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Action;
    use crate::game::Direction;
    use crate::game::test_levels::game_on;

    #[test]
    fn dates_in_file_names_are_utc_calendar_dates() {
        assert_eq!(summary_file_name(7, 0), "run-7-19700101-000000.txt");
        // 2026-11-25 19:05:09 UTC.
        assert_eq!(
            summary_file_name(42, 1_795_633_509),
            "run-42-20261125-190509.txt"
        );
        // A leap day.
        assert_eq!(
            summary_file_name(1, 951_782_400),
            "run-1-20000229-000000.txt"
        );
    }

    #[test]
    fn a_summary_names_seed_levels_turns_kills_outcome_messages_and_the_known_map() {
        let (mut game, _dir) = game_on("#######\n#@.g..#\n#....>#\n#######\n");
        for _ in 0..40 {
            if game.is_over() || game.stats().kills() > 0 {
                break;
            }
            let _ = game.player_act(Action::Move(Direction::East));
        }
        assert_eq!(game.stats().kills(), 1, "the goblin fell");
        game.mark_assisted();
        let text = summary_text(&game, 123);
        for expected in [
            "Score:     123",
            "Assisted:  yes",
            &format!("Seed:      {}", game.seed()),
            "Kills:     1 monster: goblin 1",
            "Level:     1 (",
            "Gear:      dagger, no armour; pack: a healing draught",
            "Level by level:",
            "The goblin dies.",
            "#.@...#",
        ] {
            assert!(text.contains(expected), "{expected:?} missing:\n{text}");
        }
        let line = format!(
            " 1. fixture      {:>5} turns    1 kills",
            game.stats().player_turns()
        );
        assert!(text.contains(&line), "{line:?} missing:\n{text}");
        let dir = tempfile::tempdir().unwrap();
        let first = write_summary(dir.path(), &game, 123, 0).unwrap();
        let second = write_summary(dir.path(), &game, 123, 0).unwrap();
        assert_ne!(first, second, "a second summary in the same second");
        assert_eq!(std::fs::read_to_string(&first).unwrap(), text);
        assert!(first.starts_with(dir.path().join(RUNS_DIR)));
    }

    #[test]
    fn a_summary_shows_the_game_symbols_and_escapes_control_bytes() {
        let (mut game, _dir) = game_on("#######\n#@.WW.#\n#....>#\n#######\n");
        game.tell(
            crate::game::message_log::Importance::Danger,
            "a \u{1b}]0;pwned\u{7} title".to_owned(),
        );
        let text = summary_text(&game, 1);
        assert!(text.contains("#@.≈≈.#"), "{text}");
        assert!(text.contains("a \\x1b]0;pwned\\x07 title"), "{text}");
        assert!(
            !text.chars().any(|c| c.is_control() && c != '\n'),
            "{text:?}"
        );
    }
}
