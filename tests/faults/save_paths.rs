//! Class 9: a save path that is not a regular file. A FIFO (even one fed
//! an endless stream), a device, a folder with files in it: the game says
//! what is there and does not start, and never opens it for a blocking
//! read, reads it without end, or renames it aside. A symlinked save (kept
//! in a synced folder) is written through: the link stays and its target
//! holds the game, a dangling link too.

use std::path::{Path, PathBuf};
use std::process::Command;

use fogcrawl::ui::command::Command as GameCommand;
use fogcrawl::ui::theme::{ColorSupport, Palette};
use fogcrawl::ui::{App, PlayOptions};
use fogcrawl_core::{ConfigSource, Loaded, load_save, write_save};

use crate::fixtures::{duel, duel_save_text, shipped, shipped_path};
use crate::timebox::must_finish;

pub(crate) fn options(save_path: &Path, level: Option<&str>) -> PlayOptions {
    PlayOptions {
        level: level.map(str::to_owned),
        seed: level.map(|_| 1),
        depth: None,
        save_path: save_path.to_owned(),
        config: ConfigSource::File(shipped_path()),
        fallback_save_path: save_path.with_file_name("rescued.bin"),
        recordings: None,
        data_dir: save_path.with_file_name("data"),
    }
}

/// Starts a game on `save` (resuming it), waits a turn and quits, all in
/// the time box: the game time it saved, or why it did not start.
pub(crate) fn play_a_turn(save: PathBuf) -> Result<f64, String> {
    must_finish("starting a game on the save", move || {
        let mut app = App::start(&options(&save, None), Palette::new(ColorSupport::None))
            .map_err(|err| err.to_string())?;
        app.update(GameCommand::Wait);
        app.update(GameCommand::Quit);
        assert!(app.should_quit(), "the game saved and quit");
        Ok(app.game.time())
    })
}

/// Names in `dir`, sorted.
fn names(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .expect("the folder is readable")
        .map(|entry| {
            let entry = entry.expect("an entry");
            entry.file_name().to_string_lossy().into_owned()
        })
        .collect();
    names.sort();
    names
}

fn mkfifo(path: &Path) {
    let made = Command::new("mkfifo")
        .arg(path)
        .status()
        .expect("mkfifo runs");
    assert!(made.success(), "mkfifo {}", path.display());
}

#[cfg(unix)]
fn is_fifo(path: &Path) -> bool {
    use std::os::unix::fs::FileTypeExt;
    std::fs::symlink_metadata(path).is_ok_and(|m| m.file_type().is_fifo())
}

#[cfg(unix)]
#[test]
fn a_fifo_save_is_refused_at_once_and_left_alone_in_either_format() {
    for name in ["save.bin", "save.json"] {
        let dir = tempfile::tempdir().unwrap();
        let save = dir.path().join(name);
        mkfifo(&save);
        let err = play_a_turn(save.clone()).expect_err("no game on a FIFO");
        assert!(
            err.contains("is a FIFO (named pipe): fogcrawl keeps its save only in a regular file"),
            "{err}"
        );
        assert!(is_fifo(&save), "the FIFO is left where it was");
        assert_eq!(names(dir.path()), [name], "nothing renamed or made");
    }
}

#[cfg(unix)]
#[test]
fn a_fifo_fed_an_endless_stream_is_never_read() {
    let dir = tempfile::tempdir().unwrap();
    let save = dir.path().join("save.bin");
    mkfifo(&save);
    // A writer that never stops (it waits for a reader, then streams zeros).
    let mut feeder = Command::new("sh")
        .arg("-c")
        .arg("exec cat /dev/zero > \"$0\"")
        .arg(&save)
        .spawn()
        .expect("sh runs");
    let started = play_a_turn(save.clone());
    let _ = feeder.kill();
    let _ = feeder.wait();
    let err = started.expect_err("no game on a FIFO");
    assert!(err.contains("is a FIFO"), "{err}");
    assert!(is_fifo(&save), "the FIFO is left where it was");
}

#[cfg(unix)]
#[test]
fn a_save_linked_to_a_device_is_refused_and_neither_is_renamed() {
    let dir = tempfile::tempdir().unwrap();
    let save = dir.path().join("save.bin");
    std::os::unix::fs::symlink("/dev/null", &save).unwrap();
    let err = play_a_turn(save.clone()).expect_err("no game on a device");
    assert!(err.contains("is a device node"), "{err}");
    assert_eq!(std::fs::read_link(&save).unwrap(), Path::new("/dev/null"));
    assert_eq!(names(dir.path()), ["save.bin"], "nothing renamed or made");
    let null = std::fs::metadata("/dev/null").unwrap();
    assert!(
        !null.is_file() && !null.is_dir(),
        "/dev/null is still a device"
    );
}

#[test]
fn a_folder_as_the_save_path_is_named_and_left_as_it_is() {
    let dir = tempfile::tempdir().unwrap();
    let folder = dir.path().join("saves");
    std::fs::create_dir(&folder).unwrap();
    std::fs::write(folder.join("notes.txt"), "mine").unwrap();
    let err = play_a_turn(folder.clone()).expect_err("no game on a folder");
    assert!(
        err.contains(&format!(
            "is a folder: set FOGCRAWL_SAVE to a file in it, such as {}/save.bin",
            folder.display()
        )),
        "{err}"
    );
    assert_eq!(names(dir.path()), ["saves"], "the folder keeps its name");
    assert_eq!(names(&folder), ["notes.txt"]);
}

#[cfg(unix)]
#[test]
fn a_symlinked_save_is_resumed_and_written_through_the_link() {
    let dir = tempfile::tempdir().unwrap();
    let synced = dir.path().join("synced");
    std::fs::create_dir(&synced).unwrap();
    let target = synced.join("fogcrawl.bin");
    write_save(&target, &duel()).unwrap();
    let link = dir.path().join("save.bin");
    std::os::unix::fs::symlink(&target, &link).unwrap();

    let time = play_a_turn(link.clone()).expect("the game resumes through the link");
    assert_eq!(std::fs::read_link(&link).unwrap(), target, "the link stays");
    match load_save(&target, &shipped()) {
        Loaded::Game(game) => assert_eq!(game.time(), time, "the target holds the new game"),
        other => panic!("the target holds no game: {other:?}"),
    }
    assert_eq!(names(&synced), ["fogcrawl.bin", "fogcrawl.bin.lock"]);
}

#[cfg(unix)]
#[test]
fn a_dangling_symlink_gets_its_target_made() {
    let dir = tempfile::tempdir().unwrap();
    let target = dir.path().join("elsewhere.bin");
    let link = dir.path().join("save.bin");
    std::os::unix::fs::symlink(&target, &link).unwrap();
    let time = play_a_turn(link.clone()).expect("a new game starts");
    assert_eq!(std::fs::read_link(&link).unwrap(), target, "the link stays");
    match load_save(&target, &shipped()) {
        Loaded::Game(game) => assert_eq!(game.time(), time),
        other => panic!("the target holds no game: {other:?}"),
    }
}

/// A damaged save behind a link is set aside beside its target, and the
/// link keeps pointing where it did.
#[cfg(unix)]
#[test]
fn a_damaged_save_behind_a_link_is_set_aside_where_it_lives() {
    let dir = tempfile::tempdir().unwrap();
    let target = dir.path().join("real.json");
    std::fs::write(&target, duel_save_text().replace("\"seed\"", "\"sead\"")).unwrap();
    let link = dir.path().join("save.json");
    std::os::unix::fs::symlink(&target, &link).unwrap();
    match load_save(&link, &shipped()) {
        Loaded::SetAside { kept_as, .. } => {
            assert_eq!(kept_as, dir.path().join("real.json.bad"));
        }
        other => panic!("not set aside: {other:?}"),
    }
    assert_eq!(std::fs::read_link(&link).unwrap(), target);
}
