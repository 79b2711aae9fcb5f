//! `fogcrawl lab`: its flags, the listings it prints, and the start of the
//! sandbox (`crate::lab`).

use std::process::ExitCode;

use crate::cli::output::{print_err, print_out};
use crate::lab::algorithm::Algorithm;
use crate::lab::drawing::Drawing;
use crate::lab::presets::Preset;
use crate::lab::setup::SearchSetup;

/// The largest empty grid `--size` makes (a level's largest side).
pub(crate) const MAX_SIZE: usize = 1024;
/// The empty grid without `--size`: fits an 80x24 terminal beside the panel.
pub(crate) const DEFAULT_SIZE: (usize, usize) = (48, 20);

/// `fogcrawl lab`'s flags.
#[derive(Debug, Clone, clap::Args)]
#[command(group(clap::ArgGroup::new("source").args(["preset", "level", "map", "size"])))]
pub struct LabArgs {
    /// Open a worked example (see --list-presets).
    #[arg(long, value_name = "NAME")]
    pub preset: Option<String>,
    /// Start from a level: a name (e.g. `swamp`) or a level file; the
    /// search goes from its start to its stairs.
    #[arg(long)]
    pub level: Option<String>,
    /// Start from a Moving AI benchmark map (`.map`).
    #[arg(long, value_name = "FILE.map")]
    pub map: Option<String>,
    /// Start from an empty floor of this size, e.g. `60x30` (2 to 1024 a
    /// side; default 48x20).
    #[arg(long, value_name = "WxH")]
    pub size: Option<String>,
    /// The first search: astar, weighted, dijkstra, greedy, bfs,
    /// bidirectional, jps or ida (see --list-algorithms).
    #[arg(long, value_name = "NAME")]
    pub algorithm: Option<String>,
    /// Seed for generated levels.
    #[arg(long)]
    pub seed: Option<u64>,
    /// Print the presets, one a line, and exit.
    #[arg(long)]
    pub list_presets: bool,
    /// Print the searches and what each guarantees, one a line, and exit.
    #[arg(long)]
    pub list_algorithms: bool,
}

/// `--size`'s value as (width, height).
fn parse_size(text: &str) -> Result<(usize, usize), String> {
    let bad = || format!("--size {text}: expected WIDTHxHEIGHT, each 2 to {MAX_SIZE}, e.g. 60x30");
    let (w, h) = text.split_once(['x', 'X']).ok_or_else(bad)?;
    let w: usize = w.trim().parse().map_err(|_| bad())?;
    let h: usize = h.trim().parse().map_err(|_| bad())?;
    if !(2..=MAX_SIZE).contains(&w) || !(2..=MAX_SIZE).contains(&h) {
        return Err(bad());
    }
    Ok((w, h))
}

/// What the lab opens with, from the flags: the drawing, its searches,
/// the on-screen unit, large cells, and how far in.
pub struct Opening {
    pub drawing: Drawing,
    pub setups: Vec<SearchSetup>,
    pub unit: f64,
    pub numbers: bool,
    pub shown: Option<usize>,
}

/// Reads the flags into an [`Opening`], or a message for the user.
///
/// # Errors
/// A message naming the flag or file at fault.
pub fn opening(args: &LabArgs) -> Result<Opening, String> {
    let mut opening = if let Some(name) = &args.preset {
        let preset = Preset::named(name).ok_or_else(|| {
            format!(
                "--preset {name}: no such preset; the presets are {}",
                Preset::names()
            )
        })?;
        Opening {
            drawing: preset.drawing(),
            setups: preset.setups(),
            unit: preset.unit,
            numbers: preset.numbers,
            shown: preset.shown,
        }
    } else {
        let drawing = if let Some(level) = args.level.as_deref().or(args.map.as_deref()) {
            crate::lab::files::load(level, args.seed).map_err(|err| err.to_string())?
        } else {
            let (w, h) = match &args.size {
                Some(size) => parse_size(size)?,
                None => DEFAULT_SIZE,
            };
            Drawing::empty(w, h)
        };
        Opening {
            drawing,
            setups: vec![SearchSetup::default()],
            unit: 1.0,
            numbers: false,
            shown: None,
        }
    };
    if let Some(name) = &args.algorithm {
        let algorithm = Algorithm::from_name(name).ok_or_else(|| {
            let names: Vec<&str> = Algorithm::ALL.iter().map(|a| a.name()).collect();
            format!(
                "--algorithm {name}: no such search; the searches are {}",
                names.join(", ")
            )
        })?;
        if let Some(first) = opening.setups.first_mut() {
            first.algorithm = algorithm;
        }
    }
    Ok(opening)
}

/// Runs `fogcrawl lab`.
pub fn run(args: &LabArgs) -> ExitCode {
    if args.list_presets {
        return print_out(&Preset::listing());
    }
    if args.list_algorithms {
        return print_out(&Algorithm::listing());
    }
    let opening = match opening(args) {
        Ok(opening) => opening,
        Err(message) => {
            print_err(&format!("fogcrawl lab: {message}"));
            return ExitCode::FAILURE;
        }
    };
    start(opening)
}

/// The lab as `opening` says it opens (tests draw it without a terminal).
#[cfg(feature = "tui")]
pub fn lab_app(opening: Opening, palette: crate::ui::theme::Palette) -> crate::lab::app::LabApp {
    let mut app = crate::lab::app::LabApp::new(opening.drawing, opening.setups, palette);
    app.unit = opening.unit;
    app.numbers = opening.numbers;
    if let Some(shown) = opening.shown {
        app.shown = shown.min(app.most_expansions());
    }
    app
}

#[cfg(feature = "tui")]
fn start(opening: Opening) -> ExitCode {
    let app = lab_app(opening, crate::ui::theme::Palette::detect());
    match crate::lab::session::run(app) {
        Ok(end) => ExitCode::from(end.exit_status()),
        Err(err) => {
            print_err(&format!(
                "fogcrawl lab: {}",
                fogcrawl_core::escape_controls(&format!("{err:#}"))
            ));
            ExitCode::FAILURE
        }
    }
}

/// Without the `tui` feature there is no screen to draw the lab on.
#[cfg(not(feature = "tui"))]
fn start(_opening: Opening) -> ExitCode {
    print_err(
        "fogcrawl lab: this binary was built without the terminal front end (the `tui` feature); `--list-presets` and `--list-algorithms` work",
    );
    ExitCode::FAILURE
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes_parse_and_bad_ones_say_what_is_expected() {
        assert_eq!(parse_size("60x30"), Ok((60, 30)));
        assert!(parse_size("1x30").unwrap_err().contains("WIDTHxHEIGHT"));
        assert!(parse_size("big").is_err());
    }
}
