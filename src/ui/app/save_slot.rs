//! The game's save: where it goes, the fallback when that fails, this
//! game's lock on it, the failures of saving on quit, and the note of a
//! save set aside, which the player has seen once a key is pressed.
//!
//! The app holds one `SaveSlot` (none in tests, which save nowhere) and
//! asks it to save, to remove the save when the run ends, and what to tell
//! the player; the save files themselves are the core's (`game::save`).

use std::path::{Path, PathBuf};

use fogcrawl_core::{
    Game, GameError, LockError, SaveError, SaveFailure, SaveLock, SavedTo, check_save_path,
    check_writable, clear_save_notice, lock_save, remove_save, save_or_rescue, write_save,
};

pub(crate) struct SaveSlot {
    path: PathBuf,
    /// Where the game goes when `path` fails (see `save::rescue`).
    fallback: PathBuf,
    /// This game's hold on its save; released when the slot is dropped
    /// or the process ends. `None` where no lock could be taken.
    _lock: Option<SaveLock>,
    /// Failed saves on quitting: the first keeps the game running so the
    /// player can mend the folder, the next one falls back.
    quit_failures: u32,
    /// A set-aside note is on screen: the next key means it was seen.
    note_on_screen: bool,
}

impl SaveSlot {
    /// Claims the save at `path` for this game: a FIFO, a device or a
    /// folder there is refused before anything reads, renames or replaces
    /// it, and so is a save another game holds (its play would be
    /// overwritten). Where no lock can be taken the game plays on
    /// unlocked, and the second value says so for the player.
    pub(crate) fn claim(path: &Path, fallback: &Path) -> Result<(Self, Option<String>), GameError> {
        check_save_path(path)?;
        let (lock, alert) = match lock_save(path) {
            Ok(lock) => (Some(lock), None),
            Err(err @ LockError::InUse { .. }) => return Err(SaveError::from(err).into()),
            Err(err) => {
                // No lock where the save cannot be written either: the
                // writability check says so; else the game plays unlocked.
                tracing::warn!(%err, "playing without a lock on the save");
                (
                    None,
                    Some(format!(
                        "{err}; another game could resume this save at the same time."
                    )),
                )
            }
        };
        let slot = Self {
            path: path.to_owned(),
            fallback: fallback.to_owned(),
            _lock: lock,
            quit_failures: 0,
            note_on_screen: false,
        };
        Ok((slot, alert))
    }

    /// A note about a save set aside is on screen until the next key.
    pub(crate) fn show_note(&mut self) {
        self.note_on_screen = true;
    }

    /// A key was pressed: a note on screen was seen and is not shown again.
    pub(crate) fn key_pressed(&mut self) {
        if std::mem::take(&mut self.note_on_screen) {
            clear_save_notice(&self.path);
        }
    }

    /// Saves `game` to the save, or else to the fallback.
    pub(crate) fn save_or_rescue(&self, game: &Game) -> Result<SavedTo, SaveFailure> {
        let saved = save_or_rescue(&self.path, &self.fallback, game)?;
        tracing::info!(save = %saved.path().display(), time = game.time(), "saved");
        Ok(saved)
    }

    /// Whether quitting has not failed to save yet: then `q` writes the
    /// save alone, and a failure keeps the game running.
    pub(crate) fn first_quit(&self) -> bool {
        self.quit_failures == 0
    }

    /// Writes `game` to the save (no fallback).
    pub(crate) fn write(&self, game: &Game) -> Result<SavedTo, SaveError> {
        write_save(&self.path, game).map(|()| SavedTo::Save(self.path.clone()))
    }

    /// Saving on quit failed for `reason`: counts it and says what the
    /// player can do (mend it and press `q` again, which falls back).
    pub(crate) fn quit_failed(&mut self, reason: &str) -> String {
        let first_try = self.first_quit();
        self.quit_failures += 1;
        tracing::error!(%reason, "saving on quit failed; playing on");
        if first_try {
            format!(
                "The game could not be saved: {reason}. Playing on: mend it and press q again (if it fails again, the game goes to {}).",
                self.fallback.display()
            )
        } else {
            format!("The game could not be saved anywhere: {reason}. Playing on.")
        }
    }

    /// The run is over: its save goes.
    pub(crate) fn remove(&self) {
        remove_save(&self.path);
    }

    /// Why the save cannot be written, if it cannot, in words for the
    /// player (the game plays on and quitting falls back).
    pub(crate) fn unwritable(&self) -> Option<String> {
        check_writable(&self.path).err().map(|err| {
            tracing::error!(%err, "the save cannot be written");
            format!(
                "{err}. Playing on: mend it before you quit, or the game is saved to {}.",
                self.fallback.display()
            )
        })
    }
}
