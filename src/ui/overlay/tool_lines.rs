//! The overlay's lines on the player's tools as the followed monster meets
//! them: the caltrops its faction knows of (and plans round), the smoke it
//! stands in, its slowing, and where the last lure landed. Reads the game
//! only.

use ratatui::style::Style;
use ratatui::text::Line;

use crate::ui::look::more_turns;
use crate::ui::panels::labelled;
use crate::ui::text::word_wrap;
use fogcrawl_core::{CALTROPS_PLAN_COST, Faction, Game, SLOWED_FACTOR};

/// Nothing when no tool touches the followed monster or its faction.
pub(crate) fn tool_lines(
    game: &Game,
    actor: usize,
    faction: Option<&Faction>,
    width: usize,
    label: Style,
) -> Vec<Line<'static>> {
    let tools = game.tools();
    let now = game.time();
    let monster = &game.actors()[actor];
    let mut said: Vec<(&'static str, String)> = Vec::new();
    let strewn = tools.caltrops().len();
    let known = faction.map_or(0, |f| f.influences().hazards.len());
    if strewn > 0 || known > 0 {
        said.push((
            "caltrops ",
            format!(
                "{known} of {strewn} cells known to its faction (+{CALTROPS_PLAN_COST} a cell): it plans round those"
            ),
        ));
    }
    if tools.smoky(monster.pos) {
        said.push((
            "smoke ",
            "it stands in smoke: it sees only next to it".to_owned(),
        ));
    }
    if let Some(until) = tools.slowed_until(actor, now) {
        said.push((
            "slowed ",
            format!(
                "acts {SLOWED_FACTOR}x slower for {}",
                more_turns(until - now)
            ),
        ));
    }
    if let Some(lure) = tools.lure() {
        let drawn = monster
            .brain
            .as_ref()
            .is_some_and(|brain| brain.noise == Some(lure.at));
        said.push((
            "lure ",
            format!(
                "landed at {},{} {:.0} turns ago{}",
                lure.at.x,
                lure.at.y,
                now - lure.time,
                if drawn { ": it goes to look" } else { "" }
            ),
        ));
    }
    let mut lines = Vec::new();
    for (name, text) in said {
        for (index, part) in word_wrap(&text, width.saturating_sub(name.len()))
            .into_iter()
            .enumerate()
        {
            let lead = if index == 0 { name } else { "  " };
            lines.push(labelled(lead, part, label));
        }
    }
    lines
}
