//! End to end: the real `fogcrawl` binary in a detached tmux session, driven
//! by keys as a player would (`tmux send-keys`, `capture-pane`). Checks
//! moving, help, resizing, quitting, that the terminal leaves the alternate
//! screen, that the save exists and resumes, and that SIGTERM and SIGHUP
//! also save and restore.
//!
//! Without tmux these tests fail (CI must run them): set
//! `FOGCRAWL_SKIP_E2E=1` to skip them on a machine without tmux, which
//! `.ci/run` refuses to do.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use std::time::{Duration, Instant};

const BIN: &str = env!("CARGO_BIN_EXE_fogcrawl");
const WAIT: Duration = Duration::from_secs(10);
const POLL: Duration = Duration::from_millis(50);

/// Set to skip the end-to-end tests (they then say so); CI never sets it.
const SKIP_VARIABLE: &str = "FOGCRAWL_SKIP_E2E";

/// Whether the tests can run: tmux is installed. Without it they fail, so a
/// machine that cannot run them (CI above all) cannot pass them by
/// accident, unless `FOGCRAWL_SKIP_E2E` asks for a skip.
fn tmux_ready() -> bool {
    let installed = Command::new("tmux")
        .arg("-V")
        .output()
        .is_ok_and(|out| out.status.success());
    if installed {
        return true;
    }
    assert!(
        std::env::var_os(SKIP_VARIABLE).is_some(),
        "tmux is not installed, so the end-to-end tests cannot run; install it, or set {SKIP_VARIABLE}=1 to skip them"
    );
    println!("skipped: tmux is not installed and {SKIP_VARIABLE} is set");
    false
}

/// A detached tmux session on its own server socket, killed when dropped
/// (also when a check fails).
struct Session {
    socket: String,
    name: String,
}

impl Session {
    fn start(tag: &str, cols: u16, rows: u16) -> Self {
        let name = format!("fogcrawl-e2e-{tag}-{}", std::process::id());
        let session = Self {
            socket: name.clone(),
            name,
        };
        let (cols, rows) = (cols.to_string(), rows.to_string());
        session.tmux_ok(&[
            "new-session",
            "-d",
            "-s",
            &session.name,
            "-x",
            &cols,
            "-y",
            &rows,
            "bash --norc --noprofile",
        ]);
        session.tmux_ok(&["set-option", "-t", &session.name, "status", "off"]);
        session
    }

    fn tmux(&self, args: &[&str]) -> Output {
        Command::new("tmux")
            .arg("-L")
            .arg(&self.socket)
            .args(args)
            .output()
            .expect("tmux runs")
    }

    fn tmux_ok(&self, args: &[&str]) -> String {
        let out = self.tmux(args);
        assert!(
            out.status.success(),
            "tmux {args:?} failed: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        String::from_utf8_lossy(&out.stdout).into_owned()
    }

    /// Types a shell command line and presses Enter.
    fn run_line(&self, line: &str) {
        self.tmux_ok(&["send-keys", "-t", &self.name, "-l", line]);
        self.tmux_ok(&["send-keys", "-t", &self.name, "Enter"]);
    }

    /// Presses keys (tmux key names: `l`, `?`, `Escape`, `C-c`).
    fn keys(&self, keys: &[&str]) {
        for key in keys {
            self.tmux_ok(&["send-keys", "-t", &self.name, key]);
            std::thread::sleep(POLL);
        }
    }

    fn screen(&self) -> String {
        self.tmux_ok(&["capture-pane", "-p", "-t", &self.name])
    }

    fn resize(&self, cols: u16, rows: u16) {
        let (cols, rows) = (cols.to_string(), rows.to_string());
        self.tmux_ok(&["resize-window", "-t", &self.name, "-x", &cols, "-y", &rows]);
    }

    fn alternate_on(&self) -> bool {
        self.tmux_ok(&["display", "-p", "-t", &self.name, "#{alternate_on}"])
            .trim()
            != "0"
    }

    /// Waits until `check` holds for the screen; fails with the screen.
    fn wait_until(&self, what: &str, check: impl Fn(&str) -> bool) -> String {
        let start = Instant::now();
        loop {
            let screen = self.screen();
            if check(&screen) {
                return screen;
            }
            assert!(
                start.elapsed() < WAIT,
                "waited {WAIT:?} for {what}; the screen:\n{screen}"
            );
            std::thread::sleep(POLL);
        }
    }

    fn wait_for(&self, text: &str) -> String {
        self.wait_until(&format!("'{text}'"), |screen| screen.contains(text))
    }

    fn wait_gone(&self, text: &str) -> String {
        self.wait_until(&format!("'{text}' to go"), |screen| !screen.contains(text))
    }

    fn wait_restored(&self) {
        let start = Instant::now();
        while self.alternate_on() {
            assert!(
                start.elapsed() < WAIT,
                "the terminal stayed in the alternate screen; the screen:\n{}",
                self.screen()
            );
            std::thread::sleep(POLL);
        }
    }
}

impl Drop for Session {
    fn drop(&mut self) {
        let _ = self.tmux(&["kill-session", "-t", &self.name]);
    }
}

/// The command line that starts the game with its files in `dir`, writing
/// its process id to `dir/pid` first (so a test can signal it).
/// A copy of the shipped monster config in `dir` in which no kind starts
/// asleep (for tests of what an acting monster shows), and its path.
fn awake_config(dir: &Path) -> std::path::PathBuf {
    let config = dir.join("awake-monsters.toml");
    let awake: String = fogcrawl_core::SHIPPED_CONFIG
        .lines()
        .map(|line| {
            if line.starts_with("asleep =") {
                "asleep = 0\n".to_owned()
            } else {
                format!("{line}\n")
            }
        })
        .collect();
    std::fs::write(&config, awake).expect("a config with nobody asleep");
    config
}

fn game_command(dir: &Path, args: &str) -> String {
    game_command_saving_to(dir, &dir.join("save.json"), args)
}

/// [`game_command`] with the save at `save`; the fallback save is
/// `dir/rescued.json`, the log `dir/fogcrawl.log` and the recordings
/// `dir/recordings/`.
fn game_command_saving_to(dir: &Path, save: &Path, args: &str) -> String {
    let log = dir.join("fogcrawl.log");
    let pid = dir.join("pid");
    let rescued = dir.join("rescued.json");
    let data = dir.join("data");
    format!(
        "sh -c 'echo $$ > {pid}; exec env FOGCRAWL_SAVE={save} FOGCRAWL_FALLBACK_SAVE={rescued} FOGCRAWL_LOG={log} FOGCRAWL_DATA={data} FOGCRAWL_RECORDINGS={recordings} {BIN} {args}'",
        pid = pid.display(),
        recordings = dir.join("recordings").display(),
        save = save.display(),
        rescued = rescued.display(),
        log = log.display(),
        data = data.display(),
    )
}

fn save_path(dir: &Path) -> PathBuf {
    dir.join("save.json")
}

#[test]
fn play_help_resize_quit_and_resume() {
    if !tmux_ready() {
        return;
    }
    let dir = tempfile::tempdir().expect("a temp dir");
    let session = Session::start("play", 100, 32);
    session.run_line(&game_command(dir.path(), "--level swamp --seed 1"));
    session.wait_for("Turns 0");
    assert!(session.alternate_on(), "the game uses the alternate screen");

    // Move: the turn counter goes up.
    session.keys(&["l"]);
    session.wait_for("Turns 1");
    session.keys(&["Down"]);
    session.wait_for("Turns 2");

    // Help lists the keys (scrolling when it does not fit); any other key
    // closes it.
    session.keys(&["?"]);
    let help = session.wait_for("key closes");
    for expected in [
        "Home PgUp End PgDn",
        "save and quit",
        "auto-advance",
        "stairs down",
    ] {
        assert!(help.contains(expected), "help lacks '{expected}':\n{help}");
    }
    session.keys(&["Escape"]);
    session.wait_gone("key closes");
    assert!(session.alternate_on(), "Esc closes help, it does not quit");

    // Too small, then back: keys pressed while the game cannot be seen
    // do nothing (the turn count below is still 2).
    session.resize(50, 15);
    session.wait_for("terminal too small");
    session.keys(&["l", "e", "R"]);
    session.wait_for("q saves and quits");
    session.resize(100, 32);
    session.wait_for("Turns 2");

    // Quit: saved, terminal restored.
    session.keys(&["q"]);
    session.wait_restored();
    session.wait_for("game saved to");
    assert!(save_path(dir.path()).exists(), "quitting saves");

    // Start again without options: the game resumes.
    session.run_line(&game_command(dir.path(), ""));
    session.wait_for("resumed");
    session.wait_for("Turns 2");
    session.keys(&["C-c"]);
    session.wait_restored();
    assert!(save_path(dir.path()).exists());
}

/// The screen position (column, row, from 0) of the first `c` on `screen`
/// inside the map's frame (left of the side panel).
fn find_on_map(screen: &str, c: char) -> Option<(usize, usize)> {
    screen.lines().enumerate().skip(1).find_map(|(row, line)| {
        if !line.starts_with('│') {
            return None; // the title, the frame's edges, the log
        }
        line.chars()
            .enumerate()
            .skip(1)
            .take_while(|&(_, ch)| ch != '│' && ch != '┐')
            .find(|&(_, ch)| ch == c)
            .map(|(column, _)| (column, row))
    })
}

/// Issue 24: a mouse click on a map cell travels there. tmux passes SGR
/// mouse reports typed into the pane to the game as a terminal would: a
/// motion report (the path is drawn), then a press and a release.
#[test]
fn a_mouse_click_on_a_cell_travels_there_and_the_terminal_is_released() {
    if !tmux_ready() {
        return;
    }
    let dir = tempfile::tempdir().expect("a temp dir");
    let session = Session::start("mouse", 100, 32);
    session.run_line(&game_command(dir.path(), "--level swamp --seed 1"));
    let screen = session.wait_for("Turns 0");
    // The throwing knife lies a few steps from the start on this seed.
    let (column, row) = find_on_map(&screen, '(').expect("the knife is on the map");
    let (player_column, player_row) = find_on_map(&screen, '@').expect("the player is on the map");
    assert!(
        column.abs_diff(player_column) + row.abs_diff(player_row) >= 3,
        "the knife is some steps away"
    );
    // SGR reports count from 1.
    let (x, y) = (column + 1, row + 1);
    for report in [
        format!("\x1b[<35;{x};{y}M"),
        format!("\x1b[<0;{x};{y}M"),
        format!("\x1b[<0;{x};{y}m"),
    ] {
        session.tmux_ok(&["send-keys", "-t", &session.name, "-l", &report]);
        std::thread::sleep(POLL);
    }
    let screen = session.wait_for("You are there.");
    // The pointer still rests on the cell clicked, and the panel says who
    // stands on it.
    assert!(screen.contains("you stand here"), "{screen}");
    assert!(screen.contains("Turns "), "{screen}");
    assert!(!screen.contains("Turns 0 "), "time passed: {screen}");
    assert_eq!(
        find_on_map(&screen, '('),
        None,
        "the player stands on the knife's cell:\n{screen}"
    );
    session.keys(&["q"]);
    session.wait_restored();
    // Mouse reporting was turned off on the way out: the shell's screen
    // takes a click as no text.
    let mouse_any = session.tmux_ok(&["display", "-p", "-t", &session.name, "#{mouse_any_flag}"]);
    assert_eq!(mouse_any.trim(), "0", "mouse reporting left on");
}

fn signal_saves_and_restores(signal: &str) {
    if !tmux_ready() {
        return;
    }
    let dir = tempfile::tempdir().expect("a temp dir");
    let session = Session::start(&signal.to_lowercase(), 100, 32);
    session.run_line(&game_command(dir.path(), "--level swamp --seed 2"));
    session.wait_for("Turns 0");
    session.keys(&["l"]);
    session.wait_for("Turns 1");
    let pid = std::fs::read_to_string(dir.path().join("pid")).expect("the pid file");
    let status = Command::new("kill")
        .args([&format!("-{signal}"), pid.trim()])
        .status()
        .expect("kill runs");
    assert!(status.success());
    session.wait_restored();
    assert!(save_path(dir.path()).exists(), "{signal} saves the game");
    let mouse_any = session.tmux_ok(&["display", "-p", "-t", &session.name, "#{mouse_any_flag}"]);
    assert_eq!(mouse_any.trim(), "0", "{signal} left mouse reporting on");
    let log = std::fs::read_to_string(dir.path().join("fogcrawl.log")).expect("the log file");
    assert!(log.contains("ended by a signal"), "{log}");
}

#[test]
fn sigterm_saves_and_restores_the_terminal() {
    signal_saves_and_restores("TERM");
}

#[test]
fn sighup_saves_and_restores_the_terminal() {
    signal_saves_and_restores("HUP");
}

/// Issue 23: past a file-size limit (`ulimit -f`, with a log already over
/// it, so even the first log line is a write past the limit) SIGXFSZ no
/// longer kills the game: quitting says the save failed and plays on, and
/// SIGTERM restores the terminal, says why nothing was saved and leaves no
/// temporary file.
#[test]
fn a_file_size_limit_fails_the_save_without_killing_the_game() {
    if !tmux_ready() {
        return;
    }
    let dir = tempfile::tempdir().expect("a temp dir");
    std::fs::write(dir.path().join("fogcrawl.log"), vec![b'.'; 4096]).expect("a long log");
    let session = Session::start("fsize", 120, 32);
    session.run_line(&format!(
        "ulimit -f 1; {}",
        game_command(dir.path(), "--level swamp --seed 2")
    ));
    session.wait_for("Turns 0");
    session.keys(&["l"]);
    session.wait_for("Turns 1");
    session.keys(&["q"]);
    session.wait_for("File too large");
    assert!(
        session.alternate_on(),
        "the game plays on after a failed save"
    );
    let pid = std::fs::read_to_string(dir.path().join("pid")).expect("the pid file");
    let status = Command::new("kill")
        .args(["-TERM", pid.trim()])
        .status()
        .expect("kill runs");
    assert!(status.success());
    session.wait_restored();
    session.wait_for("the game could not be saved");
    let left: Vec<String> = std::fs::read_dir(dir.path())
        .expect("readable")
        .flatten()
        .map(|entry| entry.file_name().to_string_lossy().into_owned())
        .filter(|name| name.starts_with(".tmp"))
        .collect();
    assert!(left.is_empty(), "temporary files left: {left:?}");
}

/// The `g 1.00 h 2.00 f 3.00` line of the cell inspector, as numbers.
fn inspector_values(screen: &str) -> Option<(f64, f64, f64)> {
    screen.lines().find_map(|line| {
        let at = line.find("g ")?;
        let words: Vec<&str> = line[at..].split_whitespace().collect();
        match words.as_slice() {
            ["g", g, "h", h, "f", f, ..] => {
                let f = f.trim_end_matches('│');
                Some((g.parse().ok()?, h.parse().ok()?, f.parse().ok()?))
            }
            _ => None,
        }
    })
}

#[test]
fn overlay_follows_a_monster_and_steps_its_search() {
    if !tmux_ready() {
        return;
    }
    let dir = tempfile::tempdir().expect("a temp dir");
    let level = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/game/overlay.toml");
    let session = Session::start("overlay", 100, 32);
    session.run_line(&game_command(
        dir.path(),
        &format!(
            "--level {} --seed 3 --config {}",
            level.display(),
            awake_config(dir.path()).display()
        ),
    ));
    session.wait_for("Turns 0");

    // Tab: the overlay follows the nearest monster; ] picks the next one
    // (the room has only the goblin, so it stays).
    session.keys(&["Tab"]);
    session.wait_for("Overlay: search");
    session.keys(&["]"]);
    session.wait_for("goblin (goblins)");
    // A turn passes: the goblin sees the player and its search is traced.
    session.keys(&["."]);
    let screen = session.wait_for("expanded");
    assert!(screen.contains("µs") && screen.contains("cost"), "{screen}");

    // Replay it node by node: the game pauses, the cursor reads each node.
    session.keys(&["p"]);
    session.wait_for("REPLAY node 0/");
    session.keys(&["=", "=", "="]);
    let screen = session.wait_for("REPLAY node 3/");
    assert!(screen.contains("PAUSED"), "{screen}");
    let (g, h, f) =
        inspector_values(&screen).unwrap_or_else(|| panic!("no g/h/f in the inspector:\n{screen}"));
    assert!(g > 0.0 && h >= 0.0, "{screen}");
    assert!((g + h - f).abs() < 0.02, "f = g + h at weight 1:\n{screen}");
    session.keys(&["-"]);
    session.wait_for("REPLAY node 2/");
    // Paused: waiting does nothing until the replay ends.
    session.keys(&["."]);
    session.wait_for("REPLAY node 2/");
    session.keys(&["p"]);
    session.wait_gone("REPLAY node");
    session.keys(&["Tab"]);
    session.wait_for("Turns 1");
    session.keys(&["q"]);
    session.wait_restored();
}

/// Saves `text` to `path` the way editors do: a new file renamed over it.
fn save_like_an_editor(path: &Path, text: &str) {
    let temporary = path.with_extension("toml.swp");
    std::fs::write(&temporary, text).expect("the edit is written");
    std::fs::rename(&temporary, path).expect("the edit replaces the file");
}

#[test]
fn editing_the_monster_config_while_playing_takes_effect_or_says_why_not() {
    if !tmux_ready() {
        return;
    }
    let dir = tempfile::tempdir().expect("a temp dir");
    let config = dir.path().join("monsters.toml");
    let shipped = fogcrawl_core::SHIPPED_CONFIG.to_owned();
    std::fs::write(&config, &shipped).expect("a copy of the config");
    let session = Session::start("config", 160, 40);
    let args = format!("--level swamp --seed 1 --config {}", config.display());
    session.run_line(&game_command(dir.path(), &args));
    session.wait_for("Turns 0");

    // A good edit: the goblins plan with weighted A* from now on.
    let goblins = shipped.find("[factions.goblins]").expect("a goblins table");
    let weight = goblins
        + shipped[goblins..]
            .find("weight = 1.0")
            .expect("a goblin weight");
    let mut edited = shipped.clone();
    edited.replace_range(weight..weight + "weight = 1.0".len(), "weight = 1.5");
    save_like_an_editor(&config, &edited);
    let screen = session.wait_for("Config reloaded");
    assert!(screen.contains("goblins: weight 1 -> 1.5"), "{screen}");

    // A bad edit: an error naming the field, and the last good config stays.
    let mut broken = edited.clone();
    broken.replace_range(weight..weight + "weight = 1.5".len(), "weight = 0.5");
    save_like_an_editor(&config, &broken);
    let screen = session.wait_for("keeping the last good config");
    assert!(screen.contains("factions.goblins.weight"), "{screen}");
    assert!(screen.contains("out of range"), "{screen}");

    // The game goes on, and quits cleanly.
    session.keys(&["l"]);
    session.wait_for("Turns 1");
    session.keys(&["q"]);
    session.wait_restored();
}

// ------------------------------------------------------------------ faults
// Issue 14, class 2 (signals and hangups), and the on-screen side of
// classes 5 and 6. The rest of the fault suite runs headless in
// `tests/faults/`.

/// The duel fixture: a quick start with a monster on the level.
fn duel_args(seed: u64) -> String {
    let level = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/game/duel.toml");
    format!("--level {} --seed {seed}", level.display())
}

fn game_pid(dir: &Path) -> String {
    std::fs::read_to_string(dir.join("pid"))
        .expect("the pid file")
        .trim()
        .to_owned()
}

fn send_signal(pid: &str, signal: &str) {
    let status = Command::new("kill")
        .args([&format!("-{signal}"), pid])
        .status()
        .expect("kill runs");
    assert!(status.success(), "kill -{signal} {pid}");
}

/// Waits until the process is gone (a hangup leaves no screen to watch).
fn wait_exited(pid: &str) {
    let start = Instant::now();
    while Path::new(&format!("/proc/{pid}")).exists() {
        assert!(start.elapsed() < WAIT, "the game {pid} is still running");
        std::thread::sleep(POLL);
    }
}

fn log_text(dir: &Path) -> String {
    std::fs::read_to_string(dir.join("fogcrawl.log")).expect("the log file")
}

/// Starts the duel, takes a turn, sends `signals` with `gap` between them,
/// and checks: saved once, terminal restored, exit status `status`.
fn signals_save_once_and_restore(tag: &str, signals: &[&str], gap: Duration, status: u8) {
    if !tmux_ready() {
        return;
    }
    let dir = tempfile::tempdir().expect("a temp dir");
    let session = Session::start(tag, 100, 32);
    session.run_line(&game_command(dir.path(), &duel_args(2)));
    session.wait_for("Turns 0");
    session.keys(&["."]);
    session.wait_for("Turns 1");
    let pid = game_pid(dir.path());
    for (i, signal) in signals.iter().enumerate() {
        if i > 0 {
            std::thread::sleep(gap);
        }
        send_signal(&pid, signal);
    }
    session.wait_restored();
    session.run_line("echo \"exit status $?\"");
    session.wait_for(&format!("exit status {status}"));
    let screen = session.screen();
    assert!(screen.contains("game saved to"), "{screen}");
    assert!(save_path(dir.path()).exists(), "{signals:?} save the game");
    let log = log_text(dir.path());
    assert_eq!(log.matches(" saved").count(), 1, "saved once:\n{log}");
    assert!(log.contains("ended by a signal"), "{log}");
}

#[test]
fn two_terms_within_50_ms_save_once_and_restore() {
    signals_save_once_and_restore("term2", &["TERM", "TERM"], Duration::from_millis(20), 143);
}

#[test]
fn int_then_hup_save_once_and_restore() {
    signals_save_once_and_restore("inthup", &["INT", "HUP"], Duration::from_millis(5), 130);
}

/// Closing the terminal: the pane's shell gets SIGHUP and passes it on to
/// the game, which the kernel has already hung up on too. Every time, the
/// game is saved.
#[test]
fn closing_the_terminal_saves_the_game_every_time() {
    if !tmux_ready() {
        return;
    }
    for attempt in 0..4 {
        let dir = tempfile::tempdir().expect("a temp dir");
        let session = Session::start(&format!("close{attempt}"), 100, 32);
        session.run_line(&game_command(dir.path(), &duel_args(attempt)));
        session.wait_for("Turns 0");
        session.keys(&["."]);
        session.wait_for("Turns 1");
        let pid = game_pid(dir.path());
        session.tmux_ok(&["kill-session", "-t", &session.name]);
        wait_exited(&pid);
        assert!(
            save_path(dir.path()).exists(),
            "closing the terminal lost the game (attempt {attempt}):\n{}",
            log_text(dir.path())
        );
    }
}

#[test]
fn a_damaged_save_is_told_on_screen() {
    if !tmux_ready() {
        return;
    }
    let dir = tempfile::tempdir().expect("a temp dir");
    std::fs::write(save_path(dir.path()), "{\"format\": 1, \"game\": []}").expect("a bad save");
    let session = Session::start("setaside", 160, 40);
    session.run_line(&game_command(dir.path(), ""));
    let screen = session.wait_for("could not be loaded");
    assert!(screen.contains("save.json.bad"), "where it went:\n{screen}");
    session.keys(&["q"]);
    session.wait_restored();
}

#[test]
fn an_unwritable_save_is_told_in_game_and_rescued() {
    if !tmux_ready() {
        return;
    }
    let dir = tempfile::tempdir().expect("a temp dir");
    // A file where the save's folder should be: unwritable, even for root.
    let blocker = dir.path().join("blocker");
    std::fs::write(&blocker, "").expect("the blocker");
    let save = blocker.join("save.json");
    let session = Session::start("unwritable", 160, 40);
    session.run_line(&game_command_saving_to(dir.path(), &save, &duel_args(1)));
    session.wait_for("cannot write the save");
    session.keys(&["."]);
    session.wait_for("Turns 1");
    // Quitting fails to save: the game goes on and says so.
    session.keys(&["q"]);
    session.wait_for("could not be saved");
    assert!(session.alternate_on(), "the game is still running");
    // Again: the game goes to the fallback, named on exit.
    session.keys(&["q"]);
    session.wait_restored();
    let screen = session.wait_for("instead");
    assert!(screen.contains("rescued.json"), "{screen}");
    assert!(dir.path().join("rescued.json").exists());
}

/// A player who installed the binary: started from an empty folder, with
/// empty `XDG_*` variables (which count as unset) and no save override, the
/// game plays the built-in levels, saves under `~/.local/share/fogcrawl/`,
/// logs under `~/.local/state/fogcrawl/`, and leaves the folder empty.
#[cfg(all(unix, not(target_os = "macos")))]
#[test]
fn playing_from_an_empty_folder_saves_in_the_users_data_folder() {
    if !tmux_ready() {
        return;
    }
    let root = tempfile::tempdir().expect("a temp dir");
    let (empty, home) = (root.path().join("empty"), root.path().join("home"));
    std::fs::create_dir(&empty).expect("an empty folder");
    std::fs::create_dir(&home).expect("a home folder");
    let session = Session::start("installed", 120, 40);
    session.run_line(&format!(
        "cd '{}' && env -u FOGCRAWL_SAVE -u FOGCRAWL_LOG HOME='{}' XDG_DATA_HOME= XDG_STATE_HOME= {BIN} --seed 5",
        empty.display(),
        home.display()
    ));
    session.wait_for("Turns 0");
    assert!(session.screen().contains("rooms (level 1 of 7)"));
    session.keys(&["l"]);
    session.wait_for("Turns 1");
    session.keys(&["q"]);
    session.wait_restored();
    let save = home.join(".local/share/fogcrawl/save.bin");
    session.wait_for(&format!("game saved to {}", save.display()));
    assert!(save.is_file(), "no save at {}", save.display());
    assert!(home.join(".local/state/fogcrawl/fogcrawl.log").is_file());
    let left: Vec<_> = std::fs::read_dir(&empty)
        .expect("readable")
        .flatten()
        .map(|entry| entry.file_name())
        .collect();
    assert!(left.is_empty(), "files left in the folder: {left:?}");
}

#[test]
fn explore_picks_up_a_draught_that_the_inventory_uses() {
    if !tmux_ready() {
        return;
    }
    let dir = tempfile::tempdir().expect("a temp dir");
    let level = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/game/stash.toml");
    let session = Session::start("items", 80, 24);
    session.run_line(&game_command(
        dir.path(),
        &format!("--level {} --seed 1", level.display()),
    ));
    session.wait_for("Turns 0");
    session.wait_for("Pack  1 item");

    // Explore opens the door, walks to the draught and picks it up, then
    // says there is nothing left to explore.
    session.keys(&["e"]);
    session.wait_for("Explored all you can reach");
    session.wait_for("You pick up a healing draught");
    session.wait_for("Pack  2 items");

    // The inventory lists it under a letter; the letter drinks one.
    session.keys(&["i"]);
    session.wait_for("a) 2 healing draughts");
    session.keys(&["a"]);
    session.wait_for("You drink the healing draught");
    session.wait_for("Pack  1 item");

    // Travel to the stairs, then take them: the one-level run is won.
    session.keys(&["t"]);
    session.wait_for("You are on the stairs");
    session.keys(&[">"]);
    session.wait_for("Victory");
    session.keys(&["q"]);
    session.wait_restored();
}

/// The overlay shows a hunting monster's thinking the moment it opens, at
/// 80x24: why it does what it does, and its search's `expanded` and `cost`,
/// with no turn passing for a replan.
#[test]
fn the_overlay_shows_a_hunting_monster_s_search_at_once() {
    if !tmux_ready() {
        return;
    }
    let dir = tempfile::tempdir().expect("a temp dir");
    let level = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/game/overlay.toml");
    let session = Session::start("overlay-now", 80, 24);
    session.run_line(&game_command(
        dir.path(),
        &format!(
            "--level {} --seed 3 --config {}",
            level.display(),
            awake_config(dir.path()).display()
        ),
    ));
    session.wait_for("Turns 0");
    // One wait: the goblin sees the player and starts to hunt.
    session.keys(&["."]);
    session.wait_for("Turns 1");
    session.keys(&["Tab"]);
    let screen = session.wait_for("expanded");
    assert!(screen.contains("cost"), "{screen}");
    assert!(screen.contains("why following the goblins"), "{screen}");
    // Esc leaves the overlay, not the game, and no time passed.
    session.keys(&["Escape"]);
    let screen = session.wait_for("Turns 1");
    assert!(!screen.contains("Turns 2"), "{screen}");
    session.keys(&["q"]);
    session.wait_restored();
}

#[test]
fn a_game_played_replays_with_seeking_and_the_overlay() {
    if !tmux_ready() {
        return;
    }
    let dir = tempfile::tempdir().expect("a temp dir");
    let session = Session::start("replay", 100, 32);
    session.run_line(&game_command(dir.path(), "--level swamp --seed 1"));
    session.wait_for("Turns 0");
    for (key, turns) in [
        ("l", "Turns 1"),
        ("Down", "Turns 2"),
        ("l", "Turns 3"),
        (".", "Turns 4"),
    ] {
        session.keys(&[key]);
        session.wait_for(turns);
    }
    session.keys(&["q"]);
    session.wait_restored();
    session.wait_for("game saved to");

    // The last game, from its start: the screen says it is a replay.
    let replay = |args: &str| {
        format!(
            "env FOGCRAWL_RECORDINGS={} {BIN} replay {args}",
            dir.path().join("recordings").display()
        )
    };
    session.run_line(&replay("--last"));
    session.wait_for("REPLAY");
    session.wait_for("turn 0/4 paused");
    // Seek: to the end, one back, a turn forward, back to the start.
    session.keys(&["End"]);
    session.wait_for("turn 4/4");
    session.keys(&[","]);
    session.wait_for("turn 3/4");
    session.keys(&["Home"]);
    session.wait_for("turn 0/4");
    session.keys(&["."]);
    session.wait_for("turn 1/4");
    // The overlay works on the replayed turn, as in play.
    session.keys(&["Tab"]);
    session.wait_for("Overlay: search");
    session.keys(&["End"]);
    let screen = session.wait_for("turn 4/4");
    assert!(screen.contains("Overlay: search"), "{screen}");
    // Play to the end: the replay stops there.
    session.keys(&["Home", " "]);
    session.wait_for("The end of the recording.");
    session.keys(&["q"]);
    session.wait_restored();

    session.run_line(&replay("--last --verify"));
    session.wait_for("verified: 4 turns");
}

/// Issue 35: `fogcrawl replay` ends on SIGTERM, SIGINT and SIGHUP as play
/// does: the terminal leaves the alternate screen and the exit status is
/// 128 + the signal's number (it used to stay on the alternate screen).
#[test]
fn a_replay_ends_on_signals_and_restores_the_terminal() {
    if !tmux_ready() {
        return;
    }
    let dir = tempfile::tempdir().expect("a temp dir");
    let recording = dir.path().join("duel.fcrec");
    let level = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/game/duel.toml");
    let made = Command::new(BIN)
        .args(["sim", "--seed", "1", "--turns", "20", "--level"])
        .arg(&level)
        .arg("--record")
        .arg(&recording)
        .output()
        .expect("fogcrawl sim runs");
    assert!(made.status.success(), "{made:?}");
    for (signal, status) in [("TERM", 143), ("INT", 130), ("HUP", 129)] {
        let session = Session::start(&format!("replay{}", signal.to_lowercase()), 100, 32);
        session.run_line(&format!(
            "sh -c 'echo $$ > {pid}; exec {BIN} replay {recording}'",
            pid = dir.path().join("pid").display(),
            recording = recording.display()
        ));
        session.wait_for("REPLAY");
        send_signal(&game_pid(dir.path()), signal);
        session.wait_restored();
        session.run_line("echo \"exit status $?\"");
        session.wait_for(&format!("exit status {status}"));
    }
}

/// Issue 35: SIGTERM while watching a death from the death screen (`w`)
/// ends the game at once, restoring the terminal with status 143; it was
/// ignored until `q`.
#[test]
fn a_signal_while_watching_a_death_ends_the_game_and_restores_the_terminal() {
    if !tmux_ready() {
        return;
    }
    let dir = tempfile::tempdir().expect("a temp dir");
    let session = Session::start("deathsignal", 100, 32);
    let level = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/game/deathtrap.toml");
    session.run_line(&game_command(
        dir.path(),
        &format!("--level {} --seed 1", level.display()),
    ));
    session.wait_for("Turns 0");
    let start = Instant::now();
    while !session.screen().contains("You died") {
        assert!(start.elapsed() < WAIT, "{}", session.screen());
        session.keys(&["."]);
        std::thread::sleep(Duration::from_millis(200));
    }
    session.keys(&["w"]);
    session.wait_for("space play");
    send_signal(&game_pid(dir.path()), "TERM");
    session.wait_restored();
    session.run_line("echo \"exit status $?\"");
    session.wait_for("exit status 143");
}

/// Waits until the screen stays the same for a few polls in a row (a key
/// that runs several turns, like explore, has finished) and returns it.
fn settled(session: &Session) -> String {
    let start = Instant::now();
    let mut last = session.screen();
    let mut same = 0;
    while same < 6 {
        assert!(start.elapsed() < WAIT, "the screen never settled:\n{last}");
        std::thread::sleep(POLL);
        let now = session.screen();
        if now == last {
            same += 1;
        } else {
            same = 0;
            last = now;
        }
    }
    last
}

/// Plays `keys` one at a time, each until the screen settles.
fn play_keys(session: &Session, keys: &[&str]) {
    for key in keys {
        session.keys(&[key]);
        settled(session);
    }
}

/// The screen's rows, with the message a resumed game adds to its log
/// ("Welcome back: your game was resumed from ...") blanked: the map, the
/// side panel (hit points, turns, kills, every monster in view and what it
/// is doing) and every other message must be the same.
fn game_rows(screen: &str) -> Vec<String> {
    // The resumed game's log has one line more ("Welcome back"), which
    // moves the log's other lines up a row: it and blank rows are left out.
    // So are the paths of the run's summary and recording on an end
    // screen: each play has its own temp dir, and the names hold the
    // wall clock.
    screen
        .lines()
        .filter(|line| !line.contains("Welcome back"))
        .filter(|line| !line.contains("/tmp"))
        .map(|line| line.trim_end().to_owned())
        .filter(|line| !line.is_empty())
        .collect()
}

/// Whether a screen row is a line of the message log: a game time (as
/// `18.9`) and the message.
fn is_log_line(row: &str) -> bool {
    let trimmed = row.trim_start();
    let time: String = trimmed
        .chars()
        .take_while(|c| c.is_ascii_digit() || *c == '.')
        .collect();
    time.contains('.') && trimmed[time.len()..].starts_with(' ') && !row.starts_with(trimmed)
}

/// Issue 35: quitting and resuming mid-game changes nothing. The same keys
/// are played twice on seed 101, once unbroken and once with a quit and a
/// restart in the middle (two goblins are about by then, one hunting, one
/// searching); the screens after the last key are the same, row for row
/// (on main before format 4 they differed in hit points and kills).
#[test]
fn a_quit_and_resume_mid_game_plays_on_as_the_unbroken_game() {
    if !tmux_ready() {
        return;
    }
    let first: [&str; 10] = ["e", "h", ".", ".", "e", "k", "k", ".", ".", "."];
    let second: [&str; 7] = [".", "e", ".", ".", "h", ".", "."];
    let play = |tag: &str, quit: bool| -> String {
        let dir = tempfile::tempdir().expect("a temp dir");
        let session = Session::start(tag, 80, 24);
        let save = dir.path().join("save.bin");
        session.run_line(&game_command_saving_to(dir.path(), &save, "--seed 101"));
        session.wait_for("Turns 0");
        settled(&session);
        play_keys(&session, &first);
        if quit {
            session.keys(&["q"]);
            session.wait_restored();
            session.wait_for("game saved to");
            session.tmux_ok(&["send-keys", "-t", &session.name, "clear", "Enter"]);
            session.run_line(&game_command_saving_to(dir.path(), &save, ""));
            session.wait_for("resumed");
            settled(&session);
        }
        play_keys(&session, &second);
        let screen = settled(&session);
        session.keys(&["q"]);
        session.wait_restored();
        screen
    };
    let unbroken = play("unbroken", false);
    let resumed = play("resumed", true);
    let (mut a, b) = (game_rows(&unbroken), game_rows(&resumed));
    // The "Welcome back" line the resumed log holds pushed its oldest line
    // out of the log's rows; when no message came after it to push that
    // line out of the unbroken log too (it depends on how the monsters
    // moved), the unbroken screen shows it alone: it is left out.
    if a.len() == b.len() + 1
        && let Some(oldest) = (0..a.len()).find(|&row| is_log_line(&a[row]))
        && a.iter().filter(|line| is_log_line(line)).count()
            == b.iter().filter(|line| is_log_line(line)).count() + 1
    {
        a.remove(oldest);
    }
    let differing: Vec<usize> = (0..a.len().max(b.len()))
        .filter(|&row| a.get(row) != b.get(row))
        .collect();
    assert!(
        differing.is_empty(),
        "rows {differing:?} differ:\nunbroken:\n{unbroken}\nresumed:\n{resumed}"
    );
    // The game went on to the last key, or ended the same in both (since
    // abab22's monster moves, a goblin kills the player on turn 23).
    assert!(
        unbroken.contains("Turns") || unbroken.contains("You died"),
        "{unbroken}"
    );
}
