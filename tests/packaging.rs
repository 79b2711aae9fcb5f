//! The binary as a user who installed it meets it: started from an empty
//! folder, with no checkout in sight, it still finds its levels and config
//! (built in), and puts its files in the user's folders, not the current one.

use std::path::PathBuf;
use std::process::{Command, Output};

const BIN: &str = env!("CARGO_BIN_EXE_fogcrawl");

/// An empty working folder and a home folder of its own.
struct Sandbox {
    _root: tempfile::TempDir,
    work: PathBuf,
    home: PathBuf,
}

impl Sandbox {
    fn new() -> Sandbox {
        let root = tempfile::tempdir().expect("a temp dir");
        let work = root.path().join("empty");
        let home = root.path().join("home");
        std::fs::create_dir(&work).expect("the working folder");
        std::fs::create_dir(&home).expect("the home folder");
        Sandbox {
            _root: root,
            work,
            home,
        }
    }

    /// Runs the binary in the empty folder. The XDG variables are set but
    /// empty, which the XDG spec says counts as unset.
    fn run(&self, args: &[&str]) -> Output {
        Command::new(BIN)
            .args(args)
            .current_dir(&self.work)
            .env("HOME", &self.home)
            .env("XDG_DATA_HOME", "")
            .env("XDG_STATE_HOME", "")
            .env("XDG_CONFIG_HOME", "relative/is/ignored/too")
            .env_remove("FOGCRAWL_SAVE")
            .env_remove("FOGCRAWL_LOG")
            .env_remove("FOGCRAWL_FALLBACK_SAVE")
            .output()
            .expect("the binary runs")
    }

    fn empty_folder_is_still_empty(&self) {
        let left: Vec<_> = std::fs::read_dir(&self.work)
            .expect("readable")
            .flatten()
            .map(|entry| entry.file_name())
            .collect();
        assert!(
            left.is_empty(),
            "files left in the working folder: {left:?}"
        );
    }
}

fn stdout(output: &Output) -> String {
    assert!(
        output.status.success(),
        "status {:?}\nstdout: {}\nstderr: {}",
        output.status,
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr)
    );
    String::from_utf8_lossy(&output.stdout).into_owned()
}

#[test]
fn render_and_sim_work_from_an_empty_folder() {
    let sandbox = Sandbox::new();
    let built_in = stdout(&sandbox.run(&["render", "--level", "caves", "--seed", "4"]));
    // In the checkout, `./levels` has the same file: both must draw the same.
    let from_checkout = Command::new(BIN)
        .args(["render", "--level", "caves", "--seed", "4"])
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .expect("the binary runs");
    assert_eq!(built_in, stdout(&from_checkout));
    assert!(
        built_in.contains('@') && built_in.contains('>'),
        "{built_in}"
    );

    let report = stdout(&sandbox.run(&["sim", "--turns", "30", "--seed", "1", "--json"]));
    let report: serde_json::Value = serde_json::from_str(&report).expect("JSON");
    assert!(report.is_object(), "{report}");

    let missing = sandbox.run(&["render", "--level", "atlantis"]);
    assert!(!missing.status.success());
    let message = String::from_utf8_lossy(&missing.stderr);
    assert!(
        message.contains("not in levels or the built-in levels") && message.contains("swamp"),
        "{message}"
    );
    sandbox.empty_folder_is_still_empty();
}

#[test]
fn a_levels_folder_in_the_working_folder_overrides_a_built_in_level() {
    let sandbox = Sandbox::new();
    let levels = sandbox.work.join("levels");
    std::fs::create_dir(&levels).expect("a levels folder");
    std::fs::write(
        levels.join("swamp.toml"),
        "description = \"A tiny swamp.\"\n[layout]\nmap = '''\n#####\n#@.>#\n#####\n'''\n",
    )
    .expect("a level");
    assert_eq!(
        stdout(&sandbox.run(&["render", "--level", "swamp"])),
        "#####\n#@.>#\n#####\n"
    );
}

#[cfg(all(unix, not(target_os = "macos")))]
#[test]
fn empty_xdg_variables_count_as_unset_and_the_log_goes_to_the_state_folder() {
    let sandbox = Sandbox::new();
    let help = stdout(&sandbox.run(&["--help"]));
    let home = sandbox.home.display().to_string();
    for expected in [
        format!("{home}/.local/share/fogcrawl/save.bin"),
        format!("{home}/.local/state/fogcrawl/fogcrawl.log"),
        format!("{home}/.config/fogcrawl/monsters.toml"),
    ] {
        assert!(help.contains(&expected), "{expected} not in:\n{help}");
    }
    for variable in [
        "FOGCRAWL_SAVE",
        "FOGCRAWL_FALLBACK_SAVE",
        "FOGCRAWL_LOG",
        "RUST_LOG",
        "NO_COLOR",
        "FOGCRAWL_MOVINGAI_DIR",
    ] {
        assert!(help.contains(variable), "{variable} not in:\n{help}");
    }
}

#[cfg(all(unix, not(target_os = "macos")))]
#[test]
fn config_init_writes_a_user_copy_that_is_used_from_then_on() {
    let sandbox = Sandbox::new();
    let before = stdout(&sandbox.run(&["config"]));
    assert!(
        before.starts_with("monster config: the built-in monster config"),
        "{before}"
    );
    stdout(&sandbox.run(&["config", "--init"]));
    let copy = sandbox.home.join(".config/fogcrawl/monsters.toml");
    assert_eq!(
        std::fs::read_to_string(&copy).expect("the user copy"),
        fogcrawl_core::SHIPPED_CONFIG
    );
    let after = stdout(&sandbox.run(&["config"]));
    assert!(
        after.starts_with(&format!("monster config: {}", copy.display())),
        "{after}"
    );
    // A second --init never overwrites the user's edits.
    assert!(!sandbox.run(&["config", "--init"]).status.success());
    sandbox.empty_folder_is_still_empty();
}

#[test]
fn sim_help_does_not_say_the_save_is_replaced() {
    let sandbox = Sandbox::new();
    let help = stdout(&sandbox.run(&["sim", "--help"]));
    assert!(!help.contains("replace"), "{help}");
    assert!(help.contains("--level"), "{help}");
}

#[cfg(not(feature = "tui"))]
#[test]
fn without_the_terminal_front_end_playing_says_so() {
    let sandbox = Sandbox::new();
    let output = sandbox.run(&["play"]);
    assert!(!output.status.success());
    let message = String::from_utf8_lossy(&output.stderr);
    assert!(
        message.contains("built without the terminal front end"),
        "{message}"
    );
}
