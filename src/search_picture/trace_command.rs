//! `fogcrawl trace`: draw one A* search (or two, side by side) as an SVG or PNG.
//!
//! Reads the flags (all as text, so every mistake gets the same kind of one-line
//! message), loads the level as `fogcrawl render` does, checks the two ends,
//! runs the traced searches, lays them out and writes the file the extension
//! names. It must never print or exit: it returns a report or an error for
//! `main`.

use std::fmt;
use std::path::PathBuf;

use crate::pathfinding::Pos;
use crate::world::level_dir::load_level;
use crate::world::render_command::seed_note;
use crate::world::{CostProfile, Level};

use super::layout::lay_out;
use super::palette::CostShading;
use super::picture_error::PictureError;
use super::picture_format::PictureFormat;
use super::png::encode_png;
use super::raster::Canvas;
use super::search_settings::{SearchSettings, SettingKey};
use super::svg::to_svg;
use super::traced_search::TracedSearch;

/// The longest map side drawn: at a pixel per cell, a 4096x4096 map is a 64 MB
/// RGBA buffer; the largest Moving AI maps (16384 a side) would take a gigabyte.
pub const MAX_PICTURED_SIDE: usize = 4096;

/// `fogcrawl trace`'s flags besides the level.
#[derive(Debug, Clone, clap::Args)]
pub struct TraceArgs {
    /// Where the search starts: column,row, from 0,0 at the top-left. Must be a
    /// walkable cell.
    #[arg(long, value_name = "X,Y")]
    pub from: String,
    /// Where it goes: column,row. Must be a walkable cell.
    #[arg(long, value_name = "X,Y")]
    pub to: String,
    /// The A* heuristic: octile (the default), manhattan, euclidean, chebyshev,
    /// or zero (also called dijkstra: A* becomes Dijkstra's algorithm).
    #[arg(long, value_name = "H")]
    pub heuristic: Option<String>,
    /// Heuristic weight, 1 to 10: 1 (the default) is optimal A*; above 1 is
    /// weighted A*, fewer expansions for a path at most W times the cheapest.
    #[arg(long, value_name = "W")]
    pub weight: Option<String>,
    /// Which of several cells with equal f is expanded first: larger-g (the
    /// default), smaller-g or none.
    #[arg(long = "tie-break", value_name = "T")]
    pub tie_break: Option<String>,
    /// Plan through fog, as a monster faction does: the planner knows only the
    /// cells visible from --from within --sight (walls and closed doors block
    /// sight) and the goal cell; every unseen cell costs as floor (open), is a
    /// wall (blocked), or costs COST (more than 0, at most 1000). Unseen cells
    /// are drawn under a blue-grey fog. Without --unknown (or with `off`), the
    /// search plans on the whole level.
    #[arg(long, value_name = "open|blocked|COST")]
    pub unknown: Option<String>,
    /// How far the fog planner sees from --from, in cells: 1 to 40 (default 8,
    /// as in the monster config). Only with --unknown.
    #[arg(long, value_name = "R")]
    pub sight: Option<String>,
    /// Draw a second search beside the first, with these settings changed:
    /// KEY=VALUE entries separated by commas, keys heuristic, weight,
    /// tie-break, unknown (also `off`) and sight; e.g. `heuristic=manhattan,weight=2`.
    #[arg(long, value_name = "SETTINGS")]
    pub compare: Option<String>,
    /// The picture to write: FILE.svg (text) or FILE.png (pixels).
    #[arg(long, value_name = "FILE.svg|FILE.png")]
    pub out: PathBuf,
    /// Seed for generated levels (overrides the file's `seed`).
    #[arg(long)]
    pub seed: Option<u64>,
}

impl TraceArgs {
    /// The search settings the flags give, flag by flag.
    fn setting_flags(&self) -> Vec<(SettingKey, &str)> {
        [
            (SettingKey::Heuristic, &self.heuristic),
            (SettingKey::Weight, &self.weight),
            (SettingKey::TieBreak, &self.tie_break),
            (SettingKey::Unknown, &self.unknown),
            (SettingKey::Sight, &self.sight),
        ]
        .into_iter()
        .filter_map(|(key, value)| value.as_deref().map(|value| (key, value)))
        .collect()
    }
}

/// What `fogcrawl trace` made.
#[derive(Debug, Clone, PartialEq)]
pub struct TraceReport {
    pub out: PathBuf,
    pub format: PictureFormat,
    /// The file's size in bytes.
    pub bytes: usize,
    /// The picture's size in pixels (SVG: its user units).
    pub width: u32,
    pub height: u32,
    /// Each panel's settings and figures, one line each.
    pub panels: Vec<String>,
    /// Which seed a generated level used and how to get it again.
    pub seed_note: Option<String>,
}

impl fmt::Display for TraceReport {
    /// `wrote FILE (WxH, N bytes)`, then a line per panel.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "wrote {} ({}x{}, {} bytes)",
            self.out.display(),
            self.width,
            self.height,
            self.bytes
        )?;
        for panel in &self.panels {
            write!(f, "\n  {panel}")?;
        }
        Ok(())
    }
}

/// Draws the search `args` describe on the level `level_arg` names (a level name
/// or file, or a Moving AI `.map`) and writes it to `args.out`.
///
/// # Errors
/// A [`PictureError`] naming the flag, level or file at fault.
pub fn run_trace(level_arg: &str, args: &TraceArgs) -> Result<TraceReport, PictureError> {
    let format = PictureFormat::of_path(&args.out)?;
    let settings = SearchSettings::from_flags(args.setting_flags())?;
    let mut panels = vec![settings];
    if let Some(list) = &args.compare {
        panels.push(settings.with_overrides(list)?);
    }
    let from = parse_cell("--from", &args.from)?;
    let to = parse_cell("--to", &args.to)?;

    let loaded = load_level(level_arg, args.seed)?;
    let level = &loaded.level;
    if level.width().max(level.height()) > MAX_PICTURED_SIDE {
        return Err(PictureError::MapTooLarge {
            level: loaded.file.name.clone(),
            width: level.width(),
            height: level.height(),
            max: MAX_PICTURED_SIDE,
        });
    }
    let profile = CostProfile::default();
    check_end("--from", from, level, &loaded.file.name, &profile)?;
    check_end("--to", to, level, &loaded.file.name, &profile)?;

    let searches = panels
        .into_iter()
        .map(|settings| TracedSearch::run(level, &profile, from, to, settings))
        .collect::<Result<Vec<_>, _>>()?;
    let header = format!("{}: from {from} to {to}", loaded.file.name);
    let scene = lay_out(&header, level, &CostShading::new(&profile), &searches);
    let bytes = match format {
        PictureFormat::Svg => to_svg(&scene).into_bytes(),
        PictureFormat::Png => encode_png(&Canvas::paint(&scene))?,
    };
    std::fs::write(&args.out, &bytes).map_err(|source| PictureError::Write {
        path: args.out.clone(),
        source,
    })?;
    Ok(TraceReport {
        out: args.out.clone(),
        format,
        bytes: bytes.len(),
        width: scene.width,
        height: scene.height,
        panels: searches
            .iter()
            .map(|search| format!("{}: {}", search.settings, search.figures().join(", ")))
            .collect(),
        seed_note: seed_note(&loaded),
    })
}

/// A cell written `X,Y` (spaces allowed around the numbers).
///
/// # Errors
/// [`PictureError::BadCell`] naming `flag`.
pub fn parse_cell(flag: &'static str, text: &str) -> Result<Pos, PictureError> {
    let bad = || PictureError::BadCell {
        flag,
        value: text.to_owned(),
    };
    let (x, y) = text.split_once(',').ok_or_else(bad)?;
    let x = x.trim().parse::<i32>().map_err(|_| bad())?;
    let y = y.trim().parse::<i32>().map_err(|_| bad())?;
    Ok(Pos::new(x, y))
}

/// Checks that an end of the search is on the level and walkable.
fn check_end(
    flag: &'static str,
    pos: Pos,
    level: &Level,
    level_name: &str,
    profile: &CostProfile,
) -> Result<(), PictureError> {
    let Some(terrain) = level.terrain_at(pos) else {
        return Err(PictureError::CellOutside {
            flag,
            pos,
            width: level.width(),
            height: level.height(),
            level: level_name.to_owned(),
        });
    };
    if profile.is_passable(terrain) {
        Ok(())
    } else {
        Err(PictureError::CellNotWalkable {
            flag,
            pos,
            terrain,
            level: level_name.to_owned(),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search_picture::test_fixtures::two_rooms;

    #[test]
    fn cells_are_read_as_column_comma_row() {
        assert_eq!(parse_cell("--from", "3,7").ok(), Some(Pos::new(3, 7)));
        assert_eq!(parse_cell("--from", " 3 , 7 ").ok(), Some(Pos::new(3, 7)));
        assert_eq!(parse_cell("--to", "-1,0").ok(), Some(Pos::new(-1, 0)));
        for bad in ["3", "3;7", "x,7", "3,", "3,7,9"] {
            assert_eq!(
                parse_cell("--to", bad).expect_err("not a cell").to_string(),
                format!(
                    "--to `{bad}` is not a cell; accepted values: X,Y with two whole numbers (e.g. 3,7)"
                )
            );
        }
    }

    #[test]
    fn ends_off_the_map_or_on_a_wall_are_named() {
        let level = two_rooms();
        let profile = CostProfile::default();
        let check = |pos| check_end("--from", pos, &level, "two_rooms", &profile);
        assert!(check(Pos::new(1, 1)).is_ok());
        assert!(check(Pos::new(5, 3)).is_ok(), "a closed door can be opened");
        assert_eq!(
            check(Pos::new(12, 1)).expect_err("outside").to_string(),
            "--from (12, 1) is outside the 12x6 map `two_rooms` (columns 0 to 11, rows 0 to 5)"
        );
        assert_eq!(
            check(Pos::new(0, 0)).expect_err("a wall").to_string(),
            "--from (0, 0) is wall on `two_rooms`, which cannot be walked; pick a walkable cell"
        );
    }
}
