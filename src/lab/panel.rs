//! The lab's side panel: each search's settings and figures (expansions
//! shown of the total, open cells, budget slice, path cost and length, the
//! untraced time), then the cell under the pointer (or the cursor): its
//! terrain and what the searcher believed, danger and crowding, g, h and f,
//! the sum behind its g written out as the overlay's inspector writes it,
//! and its parent and state.

use gridpath::Pos;
use ratatui::text::{Line, Span};

use crate::ui::overlay::StepSum;
use crate::ui::theme::UiRole;

use super::app::LabApp;
use super::cell_view::arrow_toward;
use super::recording::Recording;

/// The side panel: each search's figures, then the inspected cell.
pub(crate) fn panel_lines(app: &LabApp) -> Vec<Line<'static>> {
    let mut lines = Vec::new();
    for (index, recording) in app.recordings.iter().enumerate() {
        let setup = &recording.setup;
        let shown = app.shown_for(index);
        let head = format!(
            "Search {}{}",
            index + 1,
            if app.setups.len() > 1 && index == app.selected {
                " (Tab)"
            } else {
                ""
            }
        );
        lines.push(Line::from(Span::styled(
            head,
            app.palette.ui(UiRole::Title),
        )));
        lines.push(Line::from(format!(" {}", setup.describe())));
        let influence = if setup.influence { "on" } else { "off" };
        lines.push(Line::from(format!(
            " {}; influence {influence}",
            setup.unknown_name()
        )));
        let (slice, slices) = recording.slice_of(shown);
        lines.push(Line::from(format!(
            " budget {}; slice {slice}/{slices}",
            setup.budget_name()
        )));
        lines.push(Line::from(format!(
            " expanded {}/{} open {}",
            shown,
            recording.expansions(),
            recording.open_count(shown)
        )));
        lines.push(Line::from(format!(
            " {}",
            recording.figures()[1..].join(" ")
        )));
    }
    lines.push(Line::from(""));
    lines.extend(inspector_lines(app));
    lines
}

/// The cell under the pointer (or the cursor) in the selected search.
fn inspector_lines(app: &LabApp) -> Vec<Line<'static>> {
    let pos = app.inspected();
    let drawing = &app.drawing;
    let mut lines = Vec::new();
    let terrain = drawing
        .terrain(pos)
        .map_or_else(|| "outside".to_owned(), |t| t.name().replace('_', " "));
    lines.push(Line::from(Span::styled(
        format!("Cell {},{} {terrain}", pos.x, pos.y),
        app.palette.ui(UiRole::Title),
    )));
    let Some(recording) = app.recordings.get(app.selected) else {
        return lines;
    };
    let shown = app.shown_for(app.selected);
    if drawing.is_fogged(pos) {
        let belief = match recording.setup.unknown {
            Some(policy) => format!("believed unknown ({policy})"),
            None => "fog ignored: the truth".to_owned(),
        };
        lines.push(Line::from(format!(" {belief}")));
    }
    let danger = drawing.influences().danger.value(pos);
    let crowding = drawing.influences().crowding.value(pos);
    if danger > 0.0 || crowding > 0.0 {
        lines.push(Line::from(format!(
            " danger {danger:.2} crowding {crowding:.2}"
        )));
    }
    match recording.at(pos, shown) {
        Some(here) => {
            let v = here.values;
            let unit = app.unit;
            if (unit - 1.0).abs() > f64::EPSILON {
                lines.push(Line::from(format!(
                    " F {:.0} G {:.0} H {:.0} (x{unit})",
                    v.f * unit,
                    v.g * unit,
                    v.h * unit
                )));
            }
            lines.push(Line::from(format!(
                " g {:.2} h {:.2} f {:.2}",
                v.g, v.h, v.f
            )));
            if let Some(sum) = step_sum(recording, shown, pos) {
                lines.push(Line::from(format!(" {}", sum.text())));
            }
            let parent = v.parent.map_or_else(
                || "start".to_owned(),
                |p| format!("{} {},{}", arrow_toward(pos, p), p.x, p.y),
            );
            let state = if here.closed { "closed" } else { "open" };
            lines.push(Line::from(format!(" parent {parent}  {state}")));
        }
        None => lines.push(Line::from(" not reached")),
    }
    lines
}

/// The sum behind `pos`'s g: parent's g + step x (terrain + penalty), read
/// from the priced grid the search ran on (the overlay's inspector form).
fn step_sum(recording: &Recording, shown: usize, pos: Pos) -> Option<StepSum> {
    let here = recording.at(pos, shown)?.values;
    let parent = here.parent?;
    let from = recording.at(parent, shown)?.values;
    let priced = recording.priced.as_ref()?;
    let paid = priced.grid.cost(pos)?;
    let terrain = priced.terrain_cost(pos)?;
    // A jump point's parent can be many cells away: its step is the run.
    let (dx, dy) = ((pos.x - parent.x).abs(), (pos.y - parent.y).abs());
    let (diagonal, straight) = (dx.min(dy), dx.max(dy) - dx.min(dy));
    let step = f64::from(straight) + std::f64::consts::SQRT_2 * f64::from(diagonal);
    Some(StepSum {
        parent_g: from.g,
        step,
        terrain,
        penalty: paid - terrain,
        turn: 0.0,
        g: here.g,
    })
}
