//! Class 11: a file-size limit while saving (`ulimit -f`). The write past
//! the limit fails with an error instead of SIGXFSZ killing the game: the
//! game keeps running and says why, the old save is as it was, and no
//! temporary file is left beside it. Run in a child process, where the
//! limit cannot touch the other cases.

use fogcrawl::ui::App;
use fogcrawl::ui::command::Command;
use fogcrawl::ui::theme::{ColorSupport, Palette};
use fogcrawl_core::write_save;

use crate::child::{child_dir, run_case, said};
use crate::fixtures::duel;
use crate::save_paths::options;

/// The limit, in the shell's 512-byte blocks: the lock and the write probe
/// fit, a save of the duel does not.
const LIMIT_BLOCKS: u32 = 1;

#[cfg(unix)]
#[test]
fn a_save_past_the_file_size_limit_fails_and_keeps_the_game_and_the_old_save() {
    if let Some(dir) = child_dir() {
        // The child: resume, play a turn and quit under the limit.
        let save = dir.join("save.bin");
        let mut app = App::start(&options(&save, None), Palette::new(ColorSupport::None))
            .expect("the game starts");
        app.update(Command::Wait);
        app.update(Command::Quit);
        let notice = app.notice().map(|n| n.text.clone()).unwrap_or_default();
        println!("quit: {}; notice: {notice}", app.should_quit());
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let save = dir.path().join("save.bin");
    write_save(&save, &duel()).unwrap();
    let old = std::fs::read(&save).unwrap();
    assert!(
        old.len() > 512 * LIMIT_BLOCKS as usize,
        "the save ({} bytes) must exceed the limit",
        old.len()
    );
    let name = "file_size_limit::a_save_past_the_file_size_limit_fails_and_keeps_the_game_and_the_old_save";
    let output = run_case(name, dir.path(), &format!("ulimit -f {LIMIT_BLOCKS}"));
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert!(output.status.success(), "{}", said(&output));
    assert!(
        stdout.contains("quit: false; notice: The game could not be saved"),
        "{}",
        said(&output)
    );
    assert!(stdout.contains("File too large"), "{}", said(&output));
    assert_eq!(std::fs::read(&save).unwrap(), old, "the old save is whole");
    let mut left: Vec<String> = std::fs::read_dir(dir.path())
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    left.sort();
    assert_eq!(
        left,
        ["save.bin", "save.bin.lock"],
        "no temporary file left"
    );
}
