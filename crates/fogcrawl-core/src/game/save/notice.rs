//! The note left beside a save that was set aside, so that the player is
//! told on screen where it went and why, even when the game that set it
//! aside could not start (a config the save and the levels do not fit) and
//! the news would otherwise reach only the log.
//!
//! The note is a small text file, `save.bin.notice` beside the save. It is
//! shown at every start until the player has seen it in a running game.

use std::path::{Path, PathBuf};

use crate::regular_file::{FileKind, kind_at, read_capped_text};

/// The longest note read back: a note is one message.
const NOTE_LIMIT: u64 = 64 * 1024;

/// The note's path for the save at `save`.
pub(crate) fn notice_path(save: &Path) -> PathBuf {
    let mut name = save.file_name().unwrap_or_default().to_os_string();
    name.push(".notice");
    save.with_file_name(name)
}

/// Leaves the note. A note that cannot be written is no reason to stop: the
/// message is shown on screen this time anyway.
pub fn leave(save: &Path, text: &str) {
    let path = notice_path(save);
    // Opening a FIFO for writing would block: only a file is written.
    if kind_at(&path).is_some_and(|kind| kind != FileKind::Regular) {
        tracing::warn!(note = %path.display(), "the set-aside note's place is not a file");
        return;
    }
    if let Err(err) = std::fs::write(path, text) {
        tracing::warn!(%err, "cannot leave the set-aside note");
    }
}

/// The note left by an earlier start, if any.
pub fn read(save: &Path) -> Option<String> {
    read_capped_text(&notice_path(save), NOTE_LIMIT)
        .ok()
        .filter(|text| !text.trim().is_empty())
}

/// Removes the note once the player has seen it.
pub fn clear(save: &Path) {
    let path = notice_path(save);
    if kind_at(&path) == Some(FileKind::Regular) {
        let _ = std::fs::remove_file(path);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_note_is_read_until_it_is_cleared() {
        let dir = tempfile::tempdir().unwrap();
        let save = dir.path().join("save.bin");
        assert_eq!(notice_path(&save), dir.path().join("save.bin.notice"));
        assert_eq!(read(&save), None);
        leave(&save, "kept as save.bin.bad");
        assert_eq!(read(&save).as_deref(), Some("kept as save.bin.bad"));
        clear(&save);
        assert_eq!(read(&save), None);
    }
}
