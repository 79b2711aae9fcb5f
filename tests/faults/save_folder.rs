//! Class 6: a save folder that cannot be written. The start says so on
//! screen; quitting keeps the game running with the reason (so the player
//! can mend it), and a second quit saves to the named fallback instead of
//! losing the game.

use fogcrawl::ui::app::NoticeKind;
use fogcrawl::ui::command::Command;
use fogcrawl::ui::theme::{ColorSupport, Palette};
use fogcrawl::ui::{App, PlayOptions};
use fogcrawl_core::{Loaded, SavedTo, load_save};

use crate::fixtures::{DUEL, shipped, shipped_path};

#[test]
fn an_unwritable_save_is_told_in_game_and_the_game_falls_back_instead_of_being_lost() {
    let dir = tempfile::tempdir().expect("a temp dir");
    // A file where the save's folder should be: no one can write there,
    // root included.
    let blocker = dir.path().join("not-a-folder");
    std::fs::write(&blocker, "").unwrap();
    let options = PlayOptions {
        level: Some(DUEL.to_owned()),
        seed: Some(1),
        depth: None,
        save_path: blocker.join("save.json"),
        config: fogcrawl_core::ConfigSource::File(shipped_path()),
        fallback_save_path: dir.path().join("rescued.json"),
        recordings: None,
        data_dir: dir.path().join("data"),
    };
    let mut app = App::start(&options, Palette::new(ColorSupport::None)).expect("starts");
    let notice = app.notice().cloned().expect("told at the start");
    assert_eq!(notice.kind, NoticeKind::Alert);
    assert!(
        notice.text.contains("cannot write the save"),
        "{}",
        notice.text
    );
    assert!(notice.text.contains("rescued.json"), "{}", notice.text);

    app.update(Command::Wait);
    app.update(Command::Quit);
    assert!(!app.should_quit(), "a failed save keeps the game running");
    let notice = app.notice().cloned().expect("the failure is on screen");
    assert!(
        notice.text.contains("could not be saved"),
        "{}",
        notice.text
    );

    app.update(Command::Quit);
    assert!(app.should_quit(), "the second quit saves to the fallback");
    let saved = app.save_on_exit().expect("saved somewhere");
    let rescued = dir.path().join("rescued.json");
    assert!(
        matches!(&saved, Some(SavedTo::Fallback { path, .. }) if *path == rescued),
        "{saved:?}"
    );
    match load_save(&rescued, &shipped()) {
        Loaded::Game(game) => assert_eq!(game.time(), app.game.time()),
        _ => panic!("the fallback holds the game"),
    }
}
