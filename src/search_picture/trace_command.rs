//! `fogcrawl trace`: draw one A* search (or two, side by side) as an SVG or PNG,
//! or step through it frame by frame as an animated PNG (`--animate`).
//!
//! Takes the flags as the command line gave them (all as text, so every
//! mistake gets the same kind of one-line message), loads the level as `fogcrawl render` does, checks the two ends,
//! runs the traced searches, lays them out and writes the file the extension
//! names. It must never print or exit: it returns a report or an error for
//! `cli::trace`.

use std::fmt;
use std::path::{Path, PathBuf};

use fogcrawl_core::{CostProfile, Level, LoadedLevel, load_level, seed_note};
use gridpath::Pos;

use super::animation::{encode_apng, frame_stops, nodes_per_frame};
use super::layout::{lay_out, lay_out_upto};
use super::palette::CostShading;
use super::picture_error::PictureError;
use super::picture_format::PictureFormat;
use super::png::encode_png;
use super::raster::Canvas;
use super::scene::Scene;
use super::search_settings::{PicturedEngine, SearchSettings, SettingKey};
use super::svg::to_svg;
use super::traced_search::TracedSearch;

/// The longest map side drawn: at a pixel per cell, a 4096x4096 map is a 64 MB
/// RGBA buffer; the largest Moving AI maps (16384 a side) would take a gigabyte.
pub(crate) const MAX_PICTURED_SIDE: usize = 4096;
/// The most cells trace pictures in all: a panel's cells, counted twice
/// with `--compare` (two searches) and twice again with `--animate` (a
/// picture a frame). A traced search records every event and every
/// touched cell's values, so its memory grows with the cells it can reach:
/// the worst search (Dijkstra reaching every cell of an open map) at this
/// budget peaks under [`MEMORY_BUDGET_MB`] (figures in
/// docs/SEARCH-PICTURES.md). 2^21 cells is 1448x1448, or 4096x512.
pub(crate) const MAX_PICTURED_CELLS: usize = 1 << 21;
/// The memory trace stays under on any map it accepts.
pub(crate) const MEMORY_BUDGET_MB: usize = 1000;

/// What to draw: `fogcrawl trace`'s flags besides the level, as given (the
/// command line reads them; everything is checked here).
#[derive(Debug, Clone)]
pub struct TraceRequest<'a> {
    /// Where the search starts: `X,Y` as given.
    pub from: &'a str,
    /// Where it goes: `X,Y` as given.
    pub to: &'a str,
    /// The search settings given, setting by setting, as text.
    pub settings: Vec<(SettingKey, &'a str)>,
    /// `--compare`'s `KEY=VALUE` list, if any: a second panel.
    pub compare: Option<&'a str>,
    /// The picture to write; its extension picks the format.
    pub out: &'a Path,
    /// Step through the search frame by frame (an animated PNG).
    pub animate: bool,
    /// Seed for generated levels.
    pub seed: Option<u64>,
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
    /// An animation's frames and the expansions each step frame adds.
    pub frames: Option<(usize, usize)>,
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
        if let Some((frames, per_frame)) = self.frames {
            write!(
                f,
                "; {frames} frames, {per_frame} {} a frame",
                if per_frame == 1 { "node" } else { "nodes" }
            )?;
        }
        for panel in &self.panels {
            write!(f, "\n  {panel}")?;
        }
        Ok(())
    }
}

/// Draws the search `request` describes on the level `level_arg` names (a
/// level name or file, or a Moving AI `.map`) and writes it to `request.out`.
///
/// # Errors
/// A [`PictureError`] naming the flag, level or file at fault.
pub fn run_trace(level_arg: &str, request: &TraceRequest) -> Result<TraceReport, PictureError> {
    let format = PictureFormat::of_path(request.out);
    if request.animate && !matches!(format, Ok(PictureFormat::Png)) {
        // A .gif (or anything else) asked for an animation: say what works.
        return Err(PictureError::AnimationNeedsPng {
            path: request.out.to_path_buf(),
        });
    }
    let format = format?;
    let settings = SearchSettings::from_flags(request.settings.iter().copied())?;
    let mut panels = vec![settings];
    if let Some(list) = request.compare {
        panels.push(settings.with_overrides(list)?);
    }
    if request.animate && panels.iter().any(|p| p.engine == PicturedEngine::Hierarchy) {
        return Err(PictureError::AnimationNeedsAStar);
    }
    let from = parse_cell("--from", request.from)?;
    let to = parse_cell("--to", request.to)?;

    let loaded = load_level(level_arg, request.seed)?;
    let level = &loaded.level;
    check_size(&loaded, panels.len(), request.animate)?;
    let profile = CostProfile::default();
    check_end("--from", from, level, &loaded.file.name, &profile)?;
    check_end("--to", to, level, &loaded.file.name, &profile)?;

    let searches = panels
        .into_iter()
        .map(|settings| TracedSearch::run(level, &profile, from, to, settings))
        .collect::<Result<Vec<_>, _>>()?;
    let header = format!("{}: from {from} to {to}", loaded.file.name);
    let shading = CostShading::for_level(&profile, level);
    let scene = lay_out(&header, level, &shading, &searches);
    let (bytes, frames) = if request.animate {
        animate(&header, level, &shading, &searches, &scene)?
    } else {
        let bytes = match format {
            PictureFormat::Svg => to_svg(&scene).into_bytes(),
            PictureFormat::Png => encode_png(&Canvas::paint(&scene))?,
        };
        (bytes, None)
    };
    std::fs::write(request.out, &bytes).map_err(|source| PictureError::Write {
        path: request.out.to_path_buf(),
        source,
    })?;
    Ok(TraceReport {
        out: request.out.to_path_buf(),
        format,
        bytes: bytes.len(),
        width: scene.width,
        height: scene.height,
        panels: searches
            .iter()
            .map(|search| format!("{}: {}", search.settings, search.figures().join(", ")))
            .collect(),
        seed_note: seed_note(&loaded),
        frames,
    })
}

/// An animation's frames and the nodes each adds.
type FrameCount = (usize, usize);

/// Refuses a level too large to picture, or one whose `searches` (two
/// per search when `animate`d) would pass the memory budget.
fn check_size(loaded: &LoadedLevel, searches: usize, animate: bool) -> Result<(), PictureError> {
    let level = &loaded.level;
    if level.width().max(level.height()) > MAX_PICTURED_SIDE {
        return Err(PictureError::MapTooLarge {
            level: loaded.file.name.clone(),
            width: level.width(),
            height: level.height(),
            max: MAX_PICTURED_SIDE,
        });
    }
    let weight = searches * if animate { 2 } else { 1 };
    if level.width() * level.height() * weight > MAX_PICTURED_CELLS {
        return Err(PictureError::OverMemoryBudget {
            level: loaded.file.name.clone(),
            width: level.width(),
            height: level.height(),
            panels: format!(
                "{}{}",
                if searches == 1 {
                    "one search"
                } else {
                    "two searches"
                },
                if animate { ", animated" } else { "" }
            ),
            budget: MAX_PICTURED_CELLS,
            budget_mb: MEMORY_BUDGET_MB,
        });
    }
    Ok(())
}

/// The animated PNG of `searches`: a frame per stop, the whole `scene`
/// last; with the count of frames and the nodes each adds.
fn animate(
    header: &str,
    level: &Level,
    shading: &CostShading,
    searches: &[TracedSearch],
    scene: &Scene,
) -> Result<(Vec<u8>, Option<FrameCount>), PictureError> {
    let most = searches.iter().map(|s| s.closed.len()).max().unwrap_or(0);
    let mut frames: Vec<Canvas> = frame_stops(most)
        .into_iter()
        .map(|expansions| {
            Canvas::paint(&lay_out_upto(
                header,
                level,
                shading,
                searches,
                Some(expansions),
            ))
        })
        .collect();
    frames.push(Canvas::paint(scene));
    let count = frames.len();
    Ok((encode_apng(&frames)?, Some((count, nodes_per_frame(most)))))
}

/// A cell written `X,Y` (spaces allowed around the numbers).
///
/// # Errors
/// [`PictureError::BadCell`] naming `flag`.
pub(crate) fn parse_cell(flag: &'static str, text: &str) -> Result<Pos, PictureError> {
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
