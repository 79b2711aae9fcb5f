//! Class 7: hot reload follows the file. It survives the config's folder
//! being deleted and re-created, and it follows a symlinked config when
//! the link's target is edited.

use std::path::Path;
use std::time::{Duration, Instant};

use fogcrawl_core::{ConfigWatcher, Reload};

use crate::fixtures::shipped_text;

/// The shipped config with the goblins' heuristic weight set to `weight`.
fn with_goblin_weight(weight: &str) -> String {
    let text = shipped_text();
    let goblins = text.find("[factions.goblins]").expect("a goblins table");
    let at = goblins
        + text[goblins..]
            .find("weight = 1.0")
            .expect("a goblin weight");
    let mut edited = text.clone();
    edited.replace_range(at..at + "weight = 1.0".len(), &format!("weight = {weight}"));
    edited
}

/// Polls until the goblins plan with `weight`, for at most three seconds.
fn wait_for_weight(watcher: &mut ConfigWatcher, weight: f64) -> Result<(), String> {
    let start = Instant::now();
    let mut seen = Vec::new();
    while start.elapsed() < Duration::from_secs(3) {
        match watcher.poll() {
            Some(Reload::Changed { config, .. })
                if config.faction("goblins").map(|f| f.weight) == Some(weight) =>
            {
                return Ok(());
            }
            Some(other) => seen.push(format!("{other:?}")),
            None => {}
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    Err(format!("weight {weight} never arrived; saw {seen:?}"))
}

fn write(path: &Path, text: &str) {
    std::fs::write(path, text).expect("the config is written");
}

#[test]
fn reload_survives_the_folder_being_deleted_and_re_created() {
    let dir = tempfile::tempdir().expect("a temp dir");
    let folder = dir.path().join("config");
    std::fs::create_dir(&folder).unwrap();
    let path = folder.join("monsters.toml");
    write(&path, &with_goblin_weight("1.0"));
    let mut watcher = ConfigWatcher::new(&path).unwrap_or_else(|e| panic!("{e}"));

    write(&path, &with_goblin_weight("1.5"));
    wait_for_weight(&mut watcher, 1.5).unwrap_or_else(|e| panic!("before: {e}"));

    std::fs::remove_dir_all(&folder).unwrap();
    // The watcher notices the loss (it may report the file unreadable).
    std::thread::sleep(Duration::from_millis(500));
    while watcher.poll().is_some() {}
    std::fs::create_dir(&folder).unwrap();
    write(&path, &with_goblin_weight("2.0"));
    wait_for_weight(&mut watcher, 2.0).unwrap_or_else(|e| panic!("after re-creating: {e}"));
    // And later edits keep coming.
    write(&path, &with_goblin_weight("2.5"));
    wait_for_weight(&mut watcher, 2.5).unwrap_or_else(|e| panic!("a later edit: {e}"));
}

#[cfg(unix)]
#[test]
fn reload_follows_a_symlinked_config() {
    let dir = tempfile::tempdir().expect("a temp dir");
    let real_folder = dir.path().join("real");
    let link_folder = dir.path().join("link");
    std::fs::create_dir(&real_folder).unwrap();
    std::fs::create_dir(&link_folder).unwrap();
    let target = real_folder.join("monsters.toml");
    write(&target, &with_goblin_weight("1.0"));
    let link = link_folder.join("monsters.toml");
    std::os::unix::fs::symlink(&target, &link).unwrap();
    let mut watcher = ConfigWatcher::new(&link).unwrap_or_else(|e| panic!("{e}"));

    write(&target, &with_goblin_weight("3.0"));
    wait_for_weight(&mut watcher, 3.0).unwrap_or_else(|e| panic!("editing the target: {e}"));
}
