//! The workspace's promises that no compiler checks: one minimum Rust
//! version that every dependency in the lock file can build with, and
//! documentation whose relative links all lead somewhere.

use std::path::{Path, PathBuf};
use std::process::Command;

/// The repository root (this package's folder).
fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// `major.minor` of a `rust-version`, for comparing.
fn version(text: &str) -> (u32, u32) {
    let mut parts = text
        .split('.')
        .map(|part| part.parse::<u32>().expect("a number"));
    (
        parts.next().expect("a major version"),
        parts.next().unwrap_or(0),
    )
}

/// The MSRV check that runs on any toolchain: every package of the
/// workspace declares the same `rust-version`, and no locked dependency
/// declares a newer one. (Clippy's `incompatible_msrv` lint, which CI
/// denies, reads the same field and flags standard library items newer than
/// it; `.ci/run` builds with that toolchain itself when it is installed.)
#[test]
fn every_package_declares_one_rust_version_and_no_dependency_needs_a_newer_one() {
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".to_owned());
    let output = Command::new(cargo)
        .args(["metadata", "--locked", "--format-version", "1"])
        .current_dir(root())
        .output()
        .expect("cargo metadata runs");
    assert!(
        output.status.success(),
        "cargo metadata failed: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    let metadata: serde_json::Value =
        serde_json::from_slice(&output.stdout).expect("cargo metadata prints JSON");
    let members: Vec<&str> = metadata["workspace_members"]
        .as_array()
        .expect("a member list")
        .iter()
        .map(|id| id.as_str().expect("an id"))
        .collect();
    let packages = metadata["packages"].as_array().expect("a package list");
    let ours: Vec<(&str, &str)> = packages
        .iter()
        .filter(|package| members.contains(&package["id"].as_str().expect("an id")))
        .map(|package| {
            let name = package["name"].as_str().expect("a name");
            let rust_version = package["rust_version"]
                .as_str()
                .unwrap_or_else(|| panic!("package {name} declares no rust-version"));
            (name, rust_version)
        })
        .collect();
    assert_eq!(ours.len(), 4, "the workspace's packages: {ours:?}");
    let msrv = ours[0].1;
    assert!(
        ours.iter().all(|(_, rust_version)| *rust_version == msrv),
        "the packages declare different rust-versions: {ours:?}"
    );
    let too_new: Vec<String> = packages
        .iter()
        .filter_map(|package| {
            let rust_version = package["rust_version"].as_str()?;
            (version(rust_version) > version(msrv)).then(|| {
                format!(
                    "{} {} needs Rust {rust_version}",
                    package["name"], package["version"]
                )
            })
        })
        .collect();
    assert!(
        too_new.is_empty(),
        "locked dependencies need a newer Rust than our rust-version {msrv}: {too_new:?}"
    );
}

/// Every Markdown file a reader is pointed at: the front page, the
/// changelog, the engine's README and everything under docs/.
fn documents() -> Vec<PathBuf> {
    let mut files = vec![
        root().join("README.md"),
        root().join("CONTRIBUTING.md"),
        root().join("CHANGELOG.md"),
        root().join("crates/gridpath/README.md"),
    ];
    let mut folders = vec![root().join("docs")];
    while let Some(folder) = folders.pop() {
        for entry in std::fs::read_dir(&folder).expect("docs/ is readable") {
            let path = entry.expect("a folder entry").path();
            if path.is_dir() {
                folders.push(path);
            } else if path.extension().is_some_and(|extension| extension == "md") {
                files.push(path);
            }
        }
    }
    files.sort();
    files
}

/// The targets of a Markdown file's links and images: `[text](target)`,
/// `![alt](target)` and `src="target"`, outside code blocks.
fn link_targets(text: &str) -> Vec<(usize, String)> {
    let mut targets = Vec::new();
    let mut in_code = false;
    for (index, line) in text.lines().enumerate() {
        if line.trim_start().starts_with("```") {
            in_code = !in_code;
            continue;
        }
        if in_code {
            continue;
        }
        for (opening, closing) in [("](", ')'), ("src=\"", '"')] {
            let mut rest = line;
            while let Some(start) = rest.find(opening) {
                rest = &rest[start + opening.len()..];
                if let Some(end) = rest.find(closing) {
                    targets.push((index + 1, rest[..end].to_owned()));
                    rest = &rest[end..];
                }
            }
        }
    }
    targets
}

#[test]
fn every_relative_link_in_the_readme_and_the_docs_resolves() {
    let mut broken = Vec::new();
    let mut checked = 0;
    for file in documents() {
        let text = std::fs::read_to_string(&file).expect("a readable document");
        for (line, target) in link_targets(&text) {
            let target = target.split_whitespace().next().unwrap_or("");
            if target.is_empty()
                || target.starts_with('#')
                || target.contains("://")
                || target.starts_with("mailto:")
            {
                continue;
            }
            let path = target.split('#').next().unwrap_or(target);
            checked += 1;
            let folder = file.parent().expect("a file in a folder");
            if !folder.join(path).exists() {
                broken.push(format!("{}:{line}: {target}", file.display()));
            }
        }
    }
    assert!(checked > 0, "no relative links found: the scan is broken");
    assert!(
        broken.is_empty(),
        "links to nothing:\n{}",
        broken.join("\n")
    );
}

/// The folders a guide's file names are read from: a name such as
/// `ai/brain.rs` is the core's, `view.rs` beside `overlay/` the front end's.
const GUIDE_BASES: [&str; 7] = [
    "",
    "crates/fogcrawl-core/src",
    "crates/fogcrawl-core/src/ai",
    "crates/fogcrawl-core/src/ai/monster_turn",
    "crates/gridpath/src",
    "src/ui",
    "docs",
];

/// Names the guides use to state a rule ("`foo.rs` beside `foo/`, never
/// `mod.rs`"), not files.
const RULE_EXAMPLES: [&str; 3] = ["foo.rs", "foo/", "mod.rs"];

/// The file and folder names in a guide's `code spans`: words ending in
/// `.rs`, `.md`, `.toml` or `/`, without spaces or wildcards, outside the
/// project (`../shared`) left out.
fn named_files(text: &str) -> Vec<(usize, String)> {
    let mut names = Vec::new();
    for (index, line) in text.lines().enumerate() {
        for (position, span) in line.split('`').enumerate() {
            let is_file = [".rs", ".md", ".toml", "/"]
                .iter()
                .any(|ending| span.ends_with(ending));
            if position % 2 == 1
                && is_file
                && !span.contains([' ', '*', '<'])
                && !span.starts_with("../")
                && !RULE_EXAMPLES.contains(&span)
            {
                names.push((index + 1, span.to_owned()));
            }
        }
    }
    names
}

/// The guides walk through the code by file name: a file moved or renamed
/// without its guide fails here.
#[test]
fn every_file_the_guides_name_exists() {
    let mut missing = Vec::new();
    let mut checked = 0;
    for guide in ["docs/ARCHITECTURE.md", "CONTRIBUTING.md"] {
        let text = std::fs::read_to_string(root().join(guide)).expect("a readable guide");
        for (line, name) in named_files(&text) {
            checked += 1;
            if !GUIDE_BASES
                .iter()
                .any(|base| root().join(base).join(&name).exists())
            {
                missing.push(format!("{guide}:{line}: {name}"));
            }
        }
    }
    assert!(
        checked > 40,
        "only {checked} file names found: the scan is broken"
    );
    assert!(
        missing.is_empty(),
        "the guides name files that do not exist:\n{}",
        missing.join("\n")
    );
}

#[test]
fn the_guide_scan_finds_file_names_in_code_spans_only() {
    let text = "The turn (`game/state.rs`, `ai/`) and `levels/*.toml`, \
                `../shared/X.md`, `Game::perform`, plain.rs";
    let names: Vec<String> = named_files(text).into_iter().map(|(_, n)| n).collect();
    assert_eq!(names, ["game/state.rs", "ai/"]);
}

#[test]
fn the_link_scan_finds_links_images_and_sources_but_not_code() {
    let text = "See [the format](docs/level-format.md#legend) and ![map](a.png).\n\
                <img src=\"b.png\" alt=\"x\">\n```\n[not](a-link.md)\n```\n";
    let targets: Vec<String> = link_targets(text).into_iter().map(|(_, t)| t).collect();
    assert_eq!(targets, ["docs/level-format.md#legend", "a.png", "b.png"]);
}

#[test]
fn the_front_page_stays_short() {
    let readme = std::fs::read_to_string(root().join("README.md")).expect("README.md");
    let lines = readme.lines().count();
    assert!(
        lines <= 200,
        "README.md has {lines} lines; the reference belongs in docs/"
    );
}

/// `.ci/same-game` compares `sim --json` without the wall-clock fields: the
/// ones docs/SIM.md calls "not deterministic". A new clock field must be
/// added to both, or the script would call every change a different game.
#[test]
fn same_game_drops_exactly_the_fields_the_sim_docs_call_not_deterministic() {
    let script = std::fs::read_to_string(root().join(".ci/same-game")).expect(".ci/same-game");
    let line = script
        .lines()
        .find(|line| line.starts_with("timing_keys="))
        .expect("a timing_keys= line in .ci/same-game");
    let mut in_script: Vec<&str> = line
        .trim_start_matches("timing_keys=")
        .trim_matches('"')
        .split_whitespace()
        .collect();
    let docs = std::fs::read_to_string(root().join("docs/SIM.md")).expect("docs/SIM.md");
    let mut in_docs: Vec<&str> = docs
        .lines()
        .filter(|line| line.starts_with("| `") && line.contains("not deterministic"))
        .filter_map(|line| line.split('`').nth(1))
        .collect();
    in_script.sort_unstable();
    in_docs.sort_unstable();
    assert!(
        !in_docs.is_empty(),
        "docs/SIM.md names no clock field: the scan is broken"
    );
    assert_eq!(
        in_script, in_docs,
        ".ci/same-game's timing_keys against docs/SIM.md"
    );
}
