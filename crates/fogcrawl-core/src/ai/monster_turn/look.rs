//! What a member sees: its look round (into its faction's knowledge, only
//! when it could show something new), how often a wanderer looks, and the
//! crowding marks a member closing in leaves for its packmates.

use gridpath::Pos;

use crate::ai::brain::{Brain, Mode};
use crate::ai::faction::{BODY_CROWDING, Faction, PLANNED_CELLS_CROWDED, PLANNED_CROWDING};
use crate::ai::sight::{Sight, Viewpoint};
use crate::world::Level;

/// Cells a wanderer walks between looks around.
const WANDER_LOOK_EVERY: i32 = 2;

/// Cells a wanderer walks between looks around. Far from the player it
/// looks again only once it has walked as far as it sees: every cell of
/// its way was then within its sight radius of a look. Out there a look
/// can only fill in its faction's map for later strolls: on colossus and
/// an unseen 1024x1024 cave level (200 turns, seeds 1-3) the factions cast
/// 30-50% fewer views than looking every 6 cells, and two to three times as
/// many steps bump into a wall nobody had seen (about 700 rather than 270
/// among 1,100 members on the cave level).
fn wander_look_every(far_from_player: bool, sight_radius: u32) -> i32 {
    if far_from_player {
        i32::try_from(sight_radius).map_or(i32::MAX, |r| r.max(WANDER_LOOK_EVERY))
    } else {
        WANDER_LOOK_EVERY
    }
}

/// The monster's field of view goes into its faction's knowledge (only
/// when it moved or the level changed since it last looked). Sight is the
/// one place the true level is read.
pub(crate) fn look_around(
    faction: &mut Faction,
    brain: &mut Brain,
    level: &Level,
    sight: &mut Sight,
    viewpoint: &Viewpoint,
) {
    let (at, level_version) = (viewpoint.at, viewpoint.level_version);
    let Some(radius) = view_radius(faction, brain, viewpoint) else {
        return;
    };
    brain.looked_from = Some((at, level_version));
    // Members share a radius: a packmate that looked from this very cell
    // since the level last changed saw all this one would; and where the
    // faction already knows every cell a look could show, it would learn
    // nothing.
    if !faction.first_look_from(at) || !faction.could_learn_near(level, at, radius) {
        faction.counters_mut().views_skipped += 1;
        return;
    }
    faction.counters_mut().views_cast += 1;
    // Cells on the quadrants' borders may be revealed twice: seeing a cell
    // again at the same moment changes nothing.
    sight.look(level, viewpoint, radius, |pos| {
        faction.look_at(pos, viewpoint.now, || level.terrain_at(pos));
    });
}

/// How far a member at `at` would look this turn, or `None` when it would
/// not look at all: it looked from here already, or it wanders and looked
/// a step ago. Asks nothing of the faction's books (see [`look_around`]).
pub(crate) fn view_radius(faction: &Faction, brain: &Brain, viewpoint: &Viewpoint) -> Option<u32> {
    let at = viewpoint.at;
    // What it saw from its last look still holds unless the terrain
    // changed in sight since (a door opening across the level does not
    // count).
    let unchanged_since = |looked_at: u64| viewpoint.changed_in_sight <= looked_at;
    if brain
        .looked_from
        .is_some_and(|(from, looked_at)| from == at && unchanged_since(looked_at))
    {
        return None;
    }
    // A wanderer (most monsters, most of the time) looks around every
    // other cell, or every few when far from the player: one step shows
    // little its last view did not, and only its next stroll could use it.
    // Monsters closing in look every step.
    let sight_radius = faction.config()?.sight_radius;
    // But one that sees the player looks now: its hunt is planned next,
    // on what its faction knows, and the player's cell may be one it
    // alone sees (maze seed 3 with the evader, turn 295: a rat stepped
    // to 20,15 a step after its last look, saw the player at 19,13, a
    // cell its faction had not seen, and rats plan only over seen cells:
    // it marked the player out of reach and watched it 20 turns).
    if brain.mode == Mode::Wander
        && !viewpoint.sees_player
        && let Some((from, looked_at)) = brain.looked_from
        && unchanged_since(looked_at)
        && from.chebyshev(at) < wander_look_every(viewpoint.far_from_player, sight_radius)
    {
        return None;
    }
    Some(sight_radius)
}

/// Once a turn, a member closing in marks its body and next cells as
/// crowding for its packmates (and remembers the marks, so its own
/// searches leave them out).
pub(crate) fn mark_presence(faction: &mut Faction, brain: &mut Brain, at: Pos) {
    let closing_in = matches!(brain.mode, Mode::Hunt | Mode::Search | Mode::Investigate);
    if !closing_in {
        brain.crowding_marks.clear();
        return;
    }
    let mut cells = vec![(at, BODY_CROWDING)];
    cells.extend(
        brain
            .plan
            .iter()
            .take(PLANNED_CELLS_CROWDED)
            .map(|&cell| (cell, PLANNED_CROWDING)),
    );
    brain.crowding_marks = faction.mark_crowding(&cells);
}
