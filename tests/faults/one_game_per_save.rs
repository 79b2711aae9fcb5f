//! Class 10: two games on one save. The second game to start on a save
//! says that it is in use (which process, since when) and does not start,
//! so it can never overwrite the first one's play; once the first game
//! ends, or if it crashed, the save is free.

use fogcrawl::ui::App;
use fogcrawl::ui::theme::{ColorSupport, Palette};
use fogcrawl_core::write_save;

use crate::fixtures::duel;
use crate::save_paths::options;
use crate::timebox::must_finish;

#[test]
fn a_second_game_on_a_save_in_use_is_refused_with_who_holds_it() {
    must_finish("two games on one save", || {
        let dir = tempfile::tempdir().unwrap();
        let save = dir.path().join("save.bin");
        write_save(&save, &duel()).unwrap();
        let palette = || Palette::new(ColorSupport::None);
        let first = App::start(&options(&save, None), palette()).expect("the first game starts");
        for level in [None, Some(crate::fixtures::DUEL)] {
            let err = App::start(&options(&save, level), palette())
                .err()
                .expect("a second game on the save is refused")
                .to_string();
            assert!(
                err.contains(&format!(
                    "is in use by another game (process {}, started 20",
                    std::process::id()
                )),
                "{err}"
            );
            assert!(err.contains("Quit that game first"), "{err}");
        }
        let time = first.game.time();
        drop(first);
        let again = App::start(&options(&save, None), palette()).expect("free once it ended");
        assert_eq!(again.game.time(), time, "the save was not touched");
    });
}

#[test]
fn a_lock_left_by_a_crashed_game_does_not_block_the_next_start() {
    must_finish("a start after a crash", || {
        let dir = tempfile::tempdir().unwrap();
        let save = dir.path().join("save.bin");
        write_save(&save, &duel()).unwrap();
        // What a game killed with SIGKILL leaves: the file, no lock on it.
        std::fs::write(dir.path().join("save.bin.lock"), "pid 4000000\nstarted 1\n").unwrap();
        let app = App::start(&options(&save, None), Palette::new(ColorSupport::None))
            .expect("the stale lock file does not block");
        // The new game holds the save now, and says so in the file.
        let holder = std::fs::read_to_string(dir.path().join("save.bin.lock")).unwrap();
        assert!(
            holder.starts_with(&format!("pid {}\n", std::process::id())),
            "{holder}"
        );
        drop(app);
    });
}
