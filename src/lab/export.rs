//! The lab's searches as a picture or an animation, drawn by the same code
//! as `fogcrawl trace` (`search_picture`): each recorded search becomes a
//! [`TracedSearch`] panel, side by side when two are compared.

use std::path::{Path, PathBuf};

use gridpath::{SearchStats, string_pull};

use crate::search_picture::animation::{encode_apng, frame_stops};
use crate::search_picture::layout::{lay_out, lay_out_upto};
use crate::search_picture::palette::CostShading;
use crate::search_picture::picture_format::PictureFormat;
use crate::search_picture::planning_grid::PlanningGrid;
use crate::search_picture::png::encode_png;
use crate::search_picture::raster::Canvas;
use crate::search_picture::svg::to_svg;
use crate::search_picture::{PictureError, SearchSettings, TracedSearch};
use fogcrawl_core::CostProfile;

use super::drawing::Drawing;
use super::recording::Recording;

/// What an export wrote.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Exported {
    pub path: PathBuf,
    pub bytes: usize,
    /// Frames of an animation (`None`: a still picture).
    pub frames: Option<usize>,
}

/// Writes the recorded searches to `path`: SVG or PNG by its extension,
/// or an animated PNG stepping through the searches with `animate`.
///
/// # Errors
/// A [`PictureError`] for an unknown extension, a search that did not run,
/// or a file that cannot be written.
pub(crate) fn export(
    drawing: &Drawing,
    recordings: &[&Recording],
    path: &Path,
    animate: bool,
) -> Result<Exported, PictureError> {
    let format = PictureFormat::of_path(path);
    if animate && !matches!(format, Ok(PictureFormat::Png)) {
        return Err(PictureError::AnimationNeedsPng {
            path: path.to_path_buf(),
        });
    }
    let format = format?;
    let searches: Vec<TracedSearch> = recordings
        .iter()
        .filter_map(|recording| traced(drawing, recording))
        .collect();
    if searches.is_empty() {
        return Err(PictureError::Write {
            path: path.to_path_buf(),
            source: std::io::Error::other("no search ran (a refused search has nothing to draw)"),
        });
    }
    let level = drawing.level();
    let described: Vec<String> = recordings
        .iter()
        .map(|recording| {
            format!(
                "{} ({})",
                recording.setup.describe(),
                recording.setup.unknown_name()
            )
        })
        .collect();
    let header = format!(
        "fogcrawl lab: from {} to {}; {}",
        drawing.start(),
        drawing.goal(),
        described.join(" | ")
    );
    let profile = CostProfile::default();
    let shading = CostShading::for_level(&profile, level);
    let scene = lay_out(&header, level, &shading, &searches);
    let (bytes, frames) = if animate {
        let most = searches.iter().map(|s| s.closed.len()).max().unwrap_or(0);
        let mut frames: Vec<Canvas> = frame_stops(most)
            .into_iter()
            .map(|upto| {
                Canvas::paint(&lay_out_upto(
                    &header,
                    level,
                    &shading,
                    &searches,
                    Some(upto),
                ))
            })
            .collect();
        frames.push(Canvas::paint(&scene));
        let count = frames.len();
        (encode_apng(&frames)?, Some(count))
    } else {
        let bytes = match format {
            PictureFormat::Svg => to_svg(&scene).into_bytes(),
            PictureFormat::Png => encode_png(&Canvas::paint(&scene))?,
        };
        (bytes, None)
    };
    std::fs::write(path, &bytes).map_err(|source| PictureError::Write {
        path: path.to_path_buf(),
        source,
    })?;
    Ok(Exported {
        path: path.to_path_buf(),
        bytes: bytes.len(),
        frames,
    })
}

/// A recorded search as a picture's panel (`None` if it did not run).
fn traced(drawing: &Drawing, recording: &Recording) -> Option<TracedSearch> {
    let priced = recording.priced.as_ref()?;
    let seen: Option<Vec<bool>> =
        (drawing.has_fog() && recording.setup.unknown.is_some()).then(|| {
            drawing
                .level()
                .positions()
                .map(|pos| !drawing.is_fogged(pos))
                .collect()
        });
    let planning = PlanningGrid::from_grid(priced.grid.clone(), seen);
    let trace = recording.trace.clone();
    let path = recording.path().cloned();
    let smoothed = path
        .as_ref()
        .map(|path| string_pull(&planning.grid, &path.cells))
        .unwrap_or_default();
    let smoothed_cost = path
        .as_ref()
        .and_then(|_| gridpath::path_cost(&planning.grid, &smoothed));
    let setup = recording.setup;
    Some(TracedSearch {
        settings: SearchSettings {
            heuristic: setup.effective_heuristic(),
            weight: setup.effective_weight(),
            tie_break: setup.tie_break,
            unknown: None,
            ..SearchSettings::default()
        },
        start: drawing.start(),
        goal: drawing.goal(),
        closed: trace.closed_cells().collect(),
        frontier: trace.open_cells(),
        values: trace.cell_values(None),
        stats: SearchStats {
            expanded: recording.expansions() as u64,
            ..SearchStats::default()
        },
        trace,
        path,
        smoothed,
        smoothed_cost,
        untraced_time: recording.time,
        planning,
        coarse: None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lab::presets::Preset;
    use crate::lab::runner::record;

    #[test]
    fn both_searches_of_a_preset_export_as_svg_png_and_animation() {
        let preset = Preset::named("fog").unwrap();
        let drawing = preset.drawing();
        let recordings: Vec<Recording> = preset
            .setups()
            .into_iter()
            .map(|setup| record(&drawing, setup))
            .collect();
        let refs: Vec<&Recording> = recordings.iter().collect();
        let dir = tempfile::tempdir().unwrap();
        let svg = export(&drawing, &refs, &dir.path().join("fog.svg"), false).unwrap();
        let text = std::fs::read_to_string(&svg.path).unwrap();
        assert!(
            text.starts_with("<svg") || text.starts_with("<?xml"),
            "{}",
            &text[..40]
        );
        assert!(text.contains("fogcrawl lab"));
        let png = export(&drawing, &refs, &dir.path().join("fog.png"), false).unwrap();
        assert!(png.bytes > 0 && png.frames.is_none());
        let animated = export(&drawing, &refs, &dir.path().join("fog-anim.png"), true).unwrap();
        assert!(animated.frames.unwrap_or(0) > 2);
        assert!(export(&drawing, &refs, &dir.path().join("fog.gif"), true).is_err());
    }
}
