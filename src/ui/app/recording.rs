//! The app's recording of the game being played: started with each game
//! (new or resumed), fed after every key and every auto-advance turn,
//! told of config reloads, and named when the game ends. A recording that
//! cannot be written is reported once and the game goes on.

use std::path::{Path, PathBuf};

use crate::ui::app::{App, NoticeKind};
use fogcrawl_core::{
    ConfigSource, DEFAULT_HASH_EVERY, Header, Importance, Recorder, config_text,
    prune_recordings as prune, run_recording,
};

/// Where play writes recordings, and how many it keeps.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RecordingOptions {
    /// The recordings folder (`recordings/` in the data folder).
    pub dir: PathBuf,
    /// The newest this many recordings are kept; 0 records nothing.
    pub keep: usize,
}

/// The recording under way, and how to start the next.
#[derive(Debug)]
pub(super) struct AppRecording {
    options: RecordingOptions,
    source: ConfigSource,
    recorder: Option<Recorder>,
}

impl AppRecording {
    pub(super) fn new(options: RecordingOptions, source: ConfigSource) -> Self {
        Self {
            options,
            source,
            recorder: None,
        }
    }
}

impl App {
    /// Starts recording the game now on screen: a new game from its seed,
    /// a resumed one from where it was resumed.
    pub(super) fn begin_recording(&mut self, resumed: bool) {
        let Some(recording) = self.recording.as_mut() else {
            return;
        };
        recording.recorder = None;
        if recording.options.keep == 0 {
            return;
        }
        let dir = recording.options.dir.clone();
        // One recording per run: a game resumed whole goes on writing the
        // run's recording, so replaying it covers the run across quits.
        if resumed && let Some(path) = run_recording(&dir, &self.game) {
            match Recorder::append(&path, &mut self.game) {
                Ok(recorder) => {
                    tracing::info!(recording = %path.display(), "recording goes on");
                    prune(&dir, recording.options.keep, Some(&path));
                    recording.recorder = Some(recorder);
                    return;
                }
                Err(reason) => {
                    tracing::info!(%reason, "a new recording starts from the save");
                }
            }
        }
        let header = if resumed {
            Header::resumed(&self.game, &recording.source, DEFAULT_HASH_EVERY)
                .map_err(|err| err.to_string())
        } else {
            Ok(new_game_header(&self.game, &recording.source))
        };
        let started = header.and_then(|header| {
            Recorder::start_new_in(&dir, &header, &mut self.game).map_err(|err| err.to_string())
        });
        match started {
            Ok(recorder) => {
                tracing::info!(recording = %recorder.path().display(), "recording");
                prune(&dir, recording.options.keep, Some(recorder.path()));
                recording.recorder = Some(recorder);
            }
            Err(reason) => {
                tracing::warn!(%reason, "playing without a recording");
                let text = format!("This game is not recorded: {reason}.");
                self.game.tell(Importance::Danger, text.clone());
                self.set_notice(NoticeKind::Alert, text);
            }
        }
    }

    /// Writes what the game did since the last call.
    pub(super) fn record(&mut self) {
        let Some(recorder) = self.recording.as_mut().and_then(|r| r.recorder.as_mut()) else {
            return;
        };
        recorder.catch_up(&mut self.game);
        if let Some(failure) = recorder.take_failure() {
            self.game.tell(Importance::Danger, failure.clone());
            self.set_notice(NoticeKind::Alert, failure);
        }
    }

    /// Records a config reload just applied (or refused), with the text
    /// of the file as it is now if that is the config applied.
    pub(super) fn record_config_reload(&mut self, watched: Option<&Path>) {
        let Some(recorder) = self.recording.as_mut().and_then(|r| r.recorder.as_mut()) else {
            return;
        };
        let text = watched.and_then(|path| {
            let config = self.game.config()?;
            config_text(&ConfigSource::File(path.to_owned()), config)
        });
        recorder.config_reloaded(&mut self.game, text);
        self.record();
    }

    /// The recording of the game on screen, while one is written.
    pub fn recording_path(&self) -> Option<&Path> {
        self.recording
            .as_ref()
            .and_then(|r| r.recorder.as_ref())
            .map(Recorder::path)
    }

    /// `w` on the death or victory screen: asks the session to replay the
    /// end.
    pub(super) fn ask_to_watch_death(&mut self) {
        if !self.game.is_over() {
            return;
        }
        if self.recording_path().is_some() {
            self.watch_death_requested = true;
        } else {
            self.set_notice(NoticeKind::Refusal, "This game was not recorded.");
        }
    }

    /// The recording to replay the death from, once, if `w` asked for it.
    pub(crate) fn take_watch_death(&mut self) -> Option<PathBuf> {
        if !std::mem::take(&mut self.watch_death_requested) {
            return None;
        }
        self.record();
        self.recording_path().map(Path::to_owned)
    }

    /// Says `text` on the status line.
    pub(crate) fn say(&mut self, text: &str) {
        self.set_notice(NoticeKind::Alert, text);
    }

    /// At the end of a game: says where its recording is.
    pub(super) fn name_recording(&mut self) {
        self.record();
        let Some(path) = self.recording_path() else {
            return;
        };
        let text = format!(
            "This game was recorded to {}: `fogcrawl replay --last` plays it back (attach it to a bug report).",
            path.display()
        );
        self.game.tell(Importance::System, text);
    }
}

/// The header of a game that has just started.
fn new_game_header(game: &fogcrawl_core::Game, source: &ConfigSource) -> Header {
    let setup = fogcrawl_core::GameSetup {
        run: game.run().to_vec(),
        start_depth: game.depth(),
        seed: game.seed(),
        config: game
            .config()
            .cloned()
            .unwrap_or_else(|| fogcrawl_core::MonsterConfig {
                factions: Vec::new(),
                monsters: Vec::new(),
            }),
        omniscient: game.is_omniscient(),
        undying_player: game.is_undying(),
        parallel_planning: false,
    };
    Header::new_game(&setup, source, DEFAULT_HASH_EVERY)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ui::app::PlayOptions;
    use crate::ui::command::Command;
    use crate::ui::theme::{ColorSupport, Palette};
    use fogcrawl_core::Replayer;

    const DUEL: &str = "tests/fixtures/game/duel.toml";

    fn options(dir: &Path, seed: Option<u64>) -> PlayOptions {
        PlayOptions {
            level: seed.map(|_| DUEL.to_owned()),
            seed,
            depth: None,
            save_path: dir.join("save.bin"),
            config: ConfigSource::BuiltIn,
            fallback_save_path: dir.join("rescued.bin"),
            data_dir: dir.join("data"),
            recordings: Some(RecordingOptions {
                dir: dir.join("recordings"),
                keep: 2,
            }),
        }
    }

    #[test]
    fn a_game_played_is_recorded_and_replays_as_played() {
        let dir = tempfile::tempdir().expect("a temporary folder");
        let palette = Palette::new(ColorSupport::None);
        let mut app = App::start(&options(dir.path(), Some(4)), palette).expect("starts");
        // A refused step (a wall), steps, a wait, auto-advance and explore.
        for command in [
            Command::Step(fogcrawl_core::Direction::North),
            Command::Step(fogcrawl_core::Direction::East),
            Command::Wait,
            Command::ToggleAutoAdvance,
        ] {
            app.update(command);
        }
        for _ in 0..3 {
            app.tick();
        }
        app.update(Command::Explore);
        let path = app.recording_path().expect("recording").to_owned();
        let (turns, hash) = (app.game.stats().player_turns(), app.game.state_hash());
        assert!(turns >= 5, "{turns} turns");
        app.save_on_exit().expect("saved");
        drop(app);
        let mut replayer = Replayer::open(&path).expect("it reads");
        assert_eq!(replayer.verify().expect("as played").turns, turns);
        assert_eq!(replayer.game().state_hash(), hash);

        // Resumed: the run's recording goes on (one recording per run), and
        // replaying it covers the game before and after the quit.
        let mut app = App::start(&options(dir.path(), None), palette).expect("resumes");
        app.update(Command::Explore);
        app.update(Command::Wait);
        let second = app.recording_path().expect("recording").to_owned();
        assert_eq!(second, path);
        let (turns_now, hash) = (app.game.stats().player_turns(), app.game.state_hash());
        assert!(turns_now > turns, "the resumed game was played");
        drop(app);
        let mut replayer = Replayer::open(&second).expect("it reads");
        assert_eq!(replayer.first_turn(), 0);
        assert_eq!(replayer.verify().expect("as played").turns, turns_now);
        assert_eq!(replayer.game().state_hash(), hash);
    }

    #[test]
    fn only_the_newest_recordings_are_kept() {
        let dir = tempfile::tempdir().expect("a temporary folder");
        let palette = Palette::new(ColorSupport::None);
        for seed in 1..=4 {
            let app = App::start(&options(dir.path(), Some(seed)), palette).expect("starts");
            drop(app);
        }
        let kept = fogcrawl_core::recordings_in(&dir.path().join("recordings"));
        assert_eq!(kept.len(), 2, "{kept:?}");
    }

    #[test]
    fn a_recording_that_cannot_be_written_is_said_once_and_the_game_goes_on() {
        let dir = tempfile::tempdir().expect("a temporary folder");
        let blocker = dir.path().join("file");
        std::fs::write(&blocker, b"not a folder").expect("written");
        let mut options = options(dir.path(), Some(1));
        options.recordings = Some(RecordingOptions {
            dir: blocker.join("recordings"),
            keep: 5,
        });
        let mut app = App::start(&options, Palette::new(ColorSupport::None)).expect("starts");
        let notice = app.notice().map(|n| n.text.clone()).unwrap_or_default();
        assert!(notice.starts_with("This game is not recorded:"), "{notice}");
        app.update(Command::Wait);
        assert_eq!(app.game.stats().player_turns(), 1, "the game goes on");
        assert_eq!(app.recording_path(), None);
    }
}
