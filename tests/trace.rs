//! `fogcrawl trace` end to end: the real binary draws searches on a Moving AI map
//! of our own (`tests/fixtures/trace/walled_field.map`: open ground split by a
//! line of trees with a gap, a few swamp cells and a pond), on a shipped level,
//! and on the benchmark's `arena.map` when `FOGCRAWL_MOVINGAI_DIR` points at the
//! benchmark set; the SVGs must be well-formed and the PNGs must decode to the
//! size the command reports. Bad input must get one line naming the problem and
//! exit status 1, never a panic.

use std::io::Write as _;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

#[path = "support/movingai_dir.rs"]
mod movingai_dir;
use movingai_dir::{MOVINGAI_DIR_VARIABLE, movingai_dir};

const BIN: &str = env!("CARGO_BIN_EXE_fogcrawl");

fn fixture_map() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/trace/walled_field.map")
}

/// Runs `fogcrawl trace` with `args`, from the crate's folder (so `--level NAME`
/// finds the shipped levels).
fn trace(args: &[&str]) -> Output {
    Command::new(BIN)
        .arg("trace")
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .expect("the binary runs")
}

fn stdout(output: &Output) -> String {
    String::from_utf8_lossy(&output.stdout).into_owned()
}

fn stderr(output: &Output) -> String {
    String::from_utf8_lossy(&output.stderr).into_owned()
}

/// Asserts success and returns the picture's size as the report gives it
/// (`wrote FILE (WxH, N bytes)`).
fn reported_size(output: &Output) -> (u32, u32) {
    assert!(
        output.status.success(),
        "trace failed: {}{}",
        stdout(output),
        stderr(output)
    );
    let report = stdout(output);
    let size = report
        .split_once('(')
        .and_then(|(_, rest)| rest.split_once(','))
        .and_then(|(size, _)| size.split_once('x'))
        .and_then(|(w, h)| Some((w.parse().ok()?, h.parse().ok()?)));
    size.unwrap_or_else(|| panic!("no size in the report: {report}"))
}

/// The element names of `xml` in document order, checked for balance: every
/// opened element is closed in order, and nothing is left open. Returns the
/// names of the elements opened (self-closing ones included).
fn balanced_elements(xml: &str) -> Vec<String> {
    let mut open: Vec<String> = Vec::new();
    let mut seen = Vec::new();
    let mut rest = xml;
    while let Some(start) = rest.find('<') {
        let end = rest[start..].find('>').expect("every tag ends") + start;
        let tag = &rest[start + 1..end];
        let name: String = tag
            .trim_start_matches('/')
            .chars()
            .take_while(|c| c.is_ascii_alphanumeric())
            .collect();
        assert!(!name.is_empty(), "a tag without a name: <{tag}>");
        if tag.starts_with('/') {
            assert_eq!(open.pop().as_deref(), Some(name.as_str()), "</{name}>");
        } else {
            seen.push(name.clone());
            if !tag.ends_with('/') {
                open.push(name);
            }
        }
        let text = &rest[end + 1
            ..rest[end + 1..]
                .find('<')
                .map_or(rest.len(), |n| n + end + 1)];
        assert!(!text.contains('>'), "an unescaped > in text: {text}");
        rest = &rest[end + 1..];
    }
    assert!(open.is_empty(), "left open: {open:?}");
    seen
}

/// Asserts the file is an SVG of the reported size with both paths and ends.
fn assert_valid_svg(path: &Path, size: (u32, u32)) {
    let svg = std::fs::read_to_string(path).expect("the SVG was written");
    assert!(svg.starts_with("<svg "), "{}", &svg[..svg.len().min(80)]);
    let elements = balanced_elements(&svg);
    assert_eq!(elements.first().map(String::as_str), Some("svg"));
    assert!(svg.contains(&format!(r#"width="{}" height="{}""#, size.0, size.1)));
    for class in ["terrain", "closed", "frontier"] {
        assert!(
            svg.contains(&format!(r#"<g class="{class}""#)),
            "no {class} layer"
        );
    }
    for mark in [
        r#"class="raw-path""#,
        r#"class="smoothed-path""#,
        r#"class="start""#,
        r#"class="goal""#,
    ] {
        assert!(svg.contains(mark), "no {mark}");
    }
}

/// Decodes a PNG with the `png` crate: its size and RGBA bytes.
fn decode_png(path: &Path) -> (u32, u32, Vec<u8>) {
    let file = std::fs::File::open(path).expect("the PNG was written");
    let decoder = png::Decoder::new(std::io::BufReader::new(file));
    let mut reader = decoder.read_info().expect("a PNG header");
    let mut pixels = vec![0; reader.output_buffer_size().expect("a sane size")];
    let info = reader.next_frame(&mut pixels).expect("the image decodes");
    assert_eq!(info.color_type, png::ColorType::Rgba);
    pixels.truncate(info.buffer_size());
    (info.width, info.height, pixels)
}

/// Draws one search to an SVG and a PNG; checks both.
fn draw_both(level_args: &[&str], search_args: &[&str]) {
    let dir = tempfile::tempdir().expect("a temporary folder");
    for extension in ["svg", "png"] {
        let out = dir.path().join(format!("search.{extension}"));
        let out_text = out.to_string_lossy().into_owned();
        let mut args: Vec<&str> = level_args.to_vec();
        args.extend(search_args);
        args.extend(["--out", &out_text]);
        let output = trace(&args);
        let size = reported_size(&output);
        if extension == "svg" {
            assert_valid_svg(&out, size);
        } else {
            let (width, height, pixels) = decode_png(&out);
            assert_eq!((width, height), size);
            assert_eq!(pixels.len(), width as usize * height as usize * 4);
        }
    }
}

#[test]
fn a_moving_ai_map_of_our_own_draws_as_svg_and_png() {
    let map = fixture_map().to_string_lossy().into_owned();
    draw_both(&["--map", &map], &["--from", "1,1", "--to", "18,8"]);
}

#[test]
fn a_shipped_level_draws_two_heuristics_side_by_side() {
    draw_both(
        &["--level", "maze"],
        &[
            "--from",
            "1,1",
            "--to",
            "59,29",
            "--compare",
            "heuristic=dijkstra",
        ],
    );
}

#[test]
fn a_hierarchical_search_draws_its_coarse_path_over_the_fine_one() {
    draw_both(
        &["--level", "maze"],
        &[
            "--from",
            "1,1",
            "--to",
            "59,29",
            "--compare",
            "engine=hierarchy,cluster=8",
        ],
    );
    let dir = tempfile::tempdir().expect("a temporary folder");
    let out = dir.path().join("two-tiers.svg");
    let out_text = out.to_string_lossy().into_owned();
    // The hierarchy alone: its own marks, and no raw path (it has no trace).
    let output = trace(&[
        "--level",
        "maze",
        "--from",
        "1,1",
        "--to",
        "59,29",
        "--engine",
        "hierarchy",
        "--cluster",
        "8",
        "--out",
        &out_text,
    ]);
    assert!(output.status.success(), "{}", stderr(&output));
    let report = stdout(&output);
    assert!(report.contains("hierarchy, 8x8 clusters"), "{report}");
    let svg = std::fs::read_to_string(&out).expect("the SVG");
    assert!(!svg.contains("class=\"raw-path\""));
    for class in [
        "cluster-border",
        "entrance",
        "coarse-path",
        "smoothed-path",
        "start",
        "goal",
    ] {
        assert!(
            svg.contains(&format!("class=\"{class}\"")),
            "no {class} in the SVG"
        );
    }
}

#[test]
fn fog_planning_draws_and_reports_both_policies() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let out = dir.path().join("fog.svg");
    let map = fixture_map().to_string_lossy().into_owned();
    let output = trace(&[
        "--map",
        &map,
        "--from",
        "1,1",
        "--to",
        "18,8",
        "--unknown",
        "open",
        "--sight",
        "4",
        "--compare",
        "unknown=blocked",
        "--out",
        &out.to_string_lossy(),
    ]);
    let size = reported_size(&output);
    assert_valid_svg(&out, size);
    let report = stdout(&output);
    assert!(
        report.contains("fog: sight 4, unseen open")
            && report.contains("fog: sight 4, unseen blocked"),
        "{report}"
    );
    // Blocked fog from a corner that sees only its own side of the trees: no path.
    assert!(report.contains("no path"), "{report}");
    let svg = std::fs::read_to_string(&out).expect("written");
    assert!(svg.contains("unseen (priced by --unknown)"));
}

#[test]
fn the_benchmark_arena_draws_when_the_benchmark_set_is_there() {
    let Some(dir) = movingai_dir() else { return };
    let arena = dir.join("arena.map");
    assert!(arena.is_file(), "{} is missing", arena.display());
    let arena = arena.to_string_lossy().into_owned();
    // The arena benchmark's last scenario.
    draw_both(
        &["--map", &arena],
        &["--from", "4,32", "--to", "47,19", "--weight", "2"],
    );
}

/// Runs `args` expecting failure: exit status 1 and one line on stderr that starts
/// `fogcrawl trace: ` and contains `expected`; no output file.
fn assert_refused(args: &[&str], expected: &str) {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let out = dir.path().join("never.svg");
    let out_text = out.to_string_lossy().into_owned();
    let mut all: Vec<&str> = args.to_vec();
    if !args.contains(&"--out") {
        all.extend(["--out", &out_text]);
    }
    let output = trace(&all);
    let message = stderr(&output);
    assert_eq!(output.status.code(), Some(1), "{args:?}: {message}");
    assert_eq!(message.lines().count(), 1, "one line: {message}");
    assert!(message.starts_with("fogcrawl trace: "), "{message}");
    assert!(message.contains(expected), "{expected:?} not in {message}");
    assert!(!message.contains("panicked"));
    assert!(!out.exists(), "nothing is written");
}

#[test]
fn bad_input_gets_one_line_and_status_one() {
    let map = fixture_map().to_string_lossy().into_owned();
    let on_map = |extra: &[&'static str]| -> Vec<String> {
        let mut args = vec!["--map".to_owned(), map.clone()];
        args.extend(extra.iter().map(|s| (*s).to_owned()));
        args
    };
    let refuse = |args: Vec<String>, expected: &str| {
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        assert_refused(&args, expected);
    };
    assert_refused(
        &["--level", "no_such_level", "--from", "1,1", "--to", "2,2"],
        "no level `no_such_level`",
    );
    let garbled =
        Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/movingai/garbled_header.map");
    assert_refused(
        &[
            "--map",
            &garbled.to_string_lossy(),
            "--from",
            "1,1",
            "--to",
            "2,2",
        ],
        "garbled_header.map:2:",
    );
    refuse(
        on_map(&["--from", "20,1", "--to", "18,8"]),
        "--from (20, 1) is outside the 20x10 map `walled_field`",
    );
    refuse(
        on_map(&["--from", "1,1", "--to", "9,1"]),
        "--to (9, 1) is wall on `walled_field`",
    );
    refuse(
        on_map(&["--from", "1,1", "--to", "15,2"]),
        "--to (15, 2) is deep_water on `walled_field`",
    );
    refuse(
        on_map(&["--from", "1;1", "--to", "18,8"]),
        "--from `1;1` is not a cell",
    );
    refuse(
        on_map(&[
            "--from",
            "1,1",
            "--to",
            "18,8",
            "--out",
            "/nonexistent-folder/x.svg",
        ]),
        "cannot write /nonexistent-folder/x.svg",
    );
    refuse(
        on_map(&["--from", "1,1", "--to", "18,8", "--out", "picture.jpg"]),
        "unknown picture format `.jpg`",
    );
    refuse(
        on_map(&["--from", "1,1", "--to", "18,8", "--weight", "0.5"]),
        "--weight `0.5` is not allowed",
    );
    refuse(
        on_map(&["--from", "1,1", "--to", "18,8", "--compare", "speed=2"]),
        "--compare `speed=2` names no setting",
    );
    refuse(
        on_map(&["--from", "1,1", "--to", "18,8", "--unknown", "maybe"]),
        "--unknown `maybe` is not allowed",
    );
}

#[test]
fn a_map_too_wide_to_draw_is_refused_before_any_search() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let wide = dir.path().join("wide.map");
    let row = ".".repeat(4097);
    std::fs::write(
        &wide,
        format!("type octile\nheight 1\nwidth 4097\nmap\n{row}\n"),
    )
    .expect("the map is written");
    assert_refused(
        &[
            "--map",
            &wide.to_string_lossy(),
            "--from",
            "0,0",
            "--to",
            "4096,0",
        ],
        "`wide` is 4097x1 cells; trace draws maps of at most 4096 cells a side",
    );
}

#[test]
fn help_explains_fog_planning_and_compare() {
    let output = trace(&["--help"]);
    assert!(output.status.success());
    let help = stdout(&output);
    for phrase in [
        "--unknown <open|blocked|COST>",
        "visible from --from within --sight",
        "--compare <SETTINGS>",
        "heuristic=manhattan,weight=2",
        "--engine <astar|hierarchy>",
        "coarse path drawn over the refined one",
        "--out <FILE.svg|FILE.png>",
    ] {
        assert!(help.contains(phrase), "{phrase:?} not in help:\n{help}");
    }
}

/// The commands under `Examples:` in `fogcrawl trace --help`, continuation lines
/// joined, each as its arguments after `fogcrawl trace`.
fn help_examples() -> Vec<Vec<String>> {
    let help = stdout(&trace(&["--help"]));
    let (_, examples) = help.split_once("Examples:").expect("help has examples");
    let joined = examples.replace("\\\n", " ");
    joined
        .lines()
        .map(str::split_whitespace)
        .filter_map(|mut words| {
            (words.next() == Some("fogcrawl") && words.next() == Some("trace"))
                .then(|| words.map(str::to_owned).collect())
        })
        .collect()
}

#[test]
fn the_examples_in_help_run() {
    let examples = help_examples();
    assert!(examples.len() >= 3, "{examples:?}");
    let movingai = movingai_dir();
    let dir = tempfile::tempdir().expect("a temporary folder");
    for mut args in examples {
        if let Some(at) = args.iter().position(|a| a == "--out") {
            args[at + 1] = dir
                .path()
                .join(&args[at + 1])
                .to_string_lossy()
                .into_owned();
        }
        if let Some(at) = args.iter().position(|a| a == "--map") {
            // The example names a benchmark map by its file name.
            let Some(movingai) = &movingai else {
                let _ = writeln!(
                    std::io::stderr(),
                    "skipped {args:?}: {MOVINGAI_DIR_VARIABLE} is not set"
                );
                continue;
            };
            args[at + 1] = movingai.join(&args[at + 1]).to_string_lossy().into_owned();
        }
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        let output = trace(&args);
        assert!(
            output.status.success(),
            "{args:?}: {}{}",
            stdout(&output),
            stderr(&output)
        );
    }
}

/// Under fog on a Moving AI map every closed cell shows in the picture: the
/// painted pixels of the closed layer are counted cell by cell against the
/// trace (none hidden under the fog, the paths or the markers).
#[test]
fn every_closed_cell_shows_under_fog_on_a_benchmark_map() {
    use fogcrawl::search_picture::layout::lay_out;
    use fogcrawl::search_picture::palette::CostShading;
    use fogcrawl::search_picture::raster::Canvas;
    use fogcrawl::search_picture::{SearchSettings, TracedSearch};

    let Some(dir) = movingai_dir() else { return };
    let map = dir.join("AR0011SR.map");
    let loaded =
        fogcrawl_core::load_level(&map.to_string_lossy(), None).expect("the benchmark map loads");
    let level = &loaded.level;
    let profile = fogcrawl_core::CostProfile::default();
    let settings = SearchSettings {
        unknown: Some(fogcrawl_core::UnknownCellPolicy::Open),
        ..SearchSettings::default()
    };
    // Scenarios of the benchmark's own file, across walls the fog hides.
    for (from, to) in [
        ((244, 370), (359, 376)),
        ((210, 395), (87, 201)),
        ((395, 208), (218, 333)),
    ] {
        let (from, to) = (
            gridpath::Pos::new(from.0, from.1),
            gridpath::Pos::new(to.0, to.1),
        );
        let search = TracedSearch::run(level, &profile, from, to, settings).expect("a search");
        assert!(search.closed.len() > 100, "{}", search.closed.len());
        let scene = lay_out(
            "AR0011SR",
            level,
            &CostShading::for_level(&profile, level),
            std::slice::from_ref(&search),
        );
        let canvas = Canvas::paint(&scene);
        let closed = scene.cell_layers("closed").next().expect("a closed layer");
        assert_eq!(closed.painted_count(), search.closed.len(), "all in view");
        let side = closed.cell_size;
        // On small cells the start and goal markers are drawn larger than
        // their cells, to be found at all: cells wholly under one are
        // counted apart (a handful at most).
        let markers: Vec<(f64, f64, f64)> = scene
            .shapes
            .iter()
            .filter_map(|shape| match shape {
                fogcrawl::search_picture::scene::Shape::Marker(m)
                    if m.name == "start" || m.name == "goal" =>
                {
                    Some((m.centre.x, m.centre.y, m.radius))
                }
                _ => None,
            })
            .collect();
        let under_marker = |left: u32, top: u32| {
            markers.iter().any(|&(x, y, r)| {
                f64::from(left) >= x - r
                    && f64::from(left + side) <= x + r
                    && f64::from(top) >= y - r
                    && f64::from(top + side) <= y + r
            })
        };
        let mut covered = 0;
        let mut visible = 0;
        for y in 0..closed.height() {
            for x in 0..closed.width() {
                let local = gridpath::Pos::new(x as i32, y as i32);
                let Some(colour) = closed.colour_at(local) else {
                    continue;
                };
                let (left, top) = (
                    closed.origin.0 + x as u32 * side,
                    closed.origin.1 + y as u32 * side,
                );
                let shows = (top..top + side)
                    .any(|py| (left..left + side).any(|px| canvas.pixel(px, py) == Some(colour)));
                if !shows && under_marker(left, top) {
                    covered += 1;
                    continue;
                }
                visible += usize::from(shows);
            }
        }
        assert!(covered <= 8, "{covered} cells under the markers");
        assert_eq!(
            visible + covered,
            search.closed.len(),
            "{from} to {to}: {visible} of {} closed cells show ({side}px cells)",
            search.closed.len()
        );
    }
}
