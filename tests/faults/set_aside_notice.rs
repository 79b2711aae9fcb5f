//! Class 5: a save set aside is told on screen (the status line and the
//! message log), and on the next start too when the start that set it
//! aside could not go on (a config the levels do not fit).

use std::path::Path;

use fogcrawl::ui::app::NoticeKind;
use fogcrawl::ui::command::Command;
use fogcrawl::ui::theme::{ColorSupport, Palette};
use fogcrawl::ui::{App, PlayOptions};

use crate::fixtures::shipped_path;

/// A config with only the undead: the standard run's first level spawns
/// goblins and rats, so no game can start under it.
const UNDEAD_ONLY: &str = r#"
[factions.undead]

[[monsters]]
name = "skeleton"
faction = "undead"
letter = "z"
hp = 14
damage = [2, 5]
accuracy = 60
"#;

fn options(dir: &Path, config: &Path) -> PlayOptions {
    PlayOptions {
        level: None,
        seed: None,
        depth: None,
        save_path: dir.join("save.json"),
        config: fogcrawl_core::ConfigSource::File(config.to_owned()),
        fallback_save_path: dir.join("rescued.json"),
        recordings: None,
        data_dir: dir.join("data"),
    }
}

fn palette() -> Palette {
    Palette::new(ColorSupport::None)
}

#[test]
fn a_save_set_aside_by_a_start_that_failed_is_told_at_the_next_start() {
    let dir = tempfile::tempdir().expect("a temp dir");
    std::fs::write(dir.path().join("save.json"), "{\"format\": 1, \"game\": 7}").unwrap();
    let undead = dir.path().join("undead.toml");
    std::fs::write(&undead, UNDEAD_ONLY).unwrap();

    // The save is set aside, then no new game can start: the start fails.
    let failed = App::start(&options(dir.path(), &undead), palette());
    assert!(
        failed.is_err(),
        "no game starts under the undead-only config"
    );
    let kept = dir.path().join("save.json.bad");
    assert!(kept.exists());

    // The next start (a good config) says where the save went and why.
    let mut app = App::start(&options(dir.path(), &shipped_path()), palette()).expect("starts");
    let notice = app.notice().cloned().expect("a notice on screen");
    assert_eq!(notice.kind, NoticeKind::Alert);
    assert!(
        notice.text.contains("could not be loaded"),
        "{}",
        notice.text
    );
    assert!(notice.text.contains("it is damaged"), "{}", notice.text);
    assert!(
        notice.text.contains(&kept.display().to_string()),
        "{}",
        notice.text
    );

    // Seen (a key was pressed): the start after that is quiet.
    app.update(Command::Wait);
    // The next start comes after this game has ended (a game holds its save).
    drop(app);
    let again = App::start(&options(dir.path(), &shipped_path()), palette()).expect("starts");
    assert_eq!(again.notice(), None);
}
