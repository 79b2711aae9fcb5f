//! Who gives way to whom: whether a monster standing where another wants
//! to step lets it trade places. The game asks this of every body next to
//! a monster that thinks (`Senses::body_at`); the policy lives here so a
//! reader finds the crowd's rules in the AI, beside the moves they shape.
//!
//! A swap is for passing, never for trading places back: a member that a
//! packmate just moved aside is not swapped straight back by it, and one
//! fighting the player or standing on the spot it holds round a goal
//! stays put.

use crate::ai::brain::{Brain, Mode};
use gridpath::Pos;

/// Game time within which two monsters that traded places do not trade
/// them back: a few turns, long enough for the one that passed to move on.
pub(crate) const SWAP_MEMORY: f64 = 6.0;

/// What stands on a cell next to the monster.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Body {
    Empty,
    Player,
    /// A member of its own faction; `yields` when it would trade places
    /// ([`gives_way`]); `lately_swapped` when it traded places with the
    /// asker within [`SWAP_MEMORY`] (not even a fleeing member swaps it
    /// straight back).
    Packmate {
        yields: bool,
        lately_swapped: bool,
    },
    /// A monster of another faction (monsters do not fight each other);
    /// as for a packmate.
    Stranger {
        yields: bool,
        lately_swapped: bool,
    },
}

/// The monster on a cell as the asker sees it: its mind (none for a
/// mindless one), where it stands, and whether it belongs to the asker's
/// faction.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Bystander<'a> {
    pub brain: Option<&'a Brain>,
    pub at: Pos,
    pub packmate: bool,
}

/// Who asks to pass: the monster, where it stands, where the player
/// stands, and the time.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Asker {
    pub actor: usize,
    pub at: Pos,
    pub player: Pos,
    pub now: f64,
}

/// Whether `mate` lets `asker` trade places with it.
///
/// - One the asker traded places with lately does not trade them back.
/// - A fleeing member is going anyway: it lets anyone else past.
/// - One fighting (next to the player) stays.
/// - One standing on the cell it holds round its goal stays.
/// - Otherwise it makes way when it has nowhere to go, is heading for the
///   asker's cell, or is stuck itself (a jam in a corridor clears by
///   trading places).
pub(crate) fn gives_way(mate: Bystander<'_>, asker: Asker) -> bool {
    if lately_swapped(mate, asker) {
        return false;
    }
    if mate.brain.is_some_and(|brain| brain.mode == Mode::Flee) {
        return true;
    }
    let engaged =
        (mate.at.x - asker.player.x).abs() <= 1 && (mate.at.y - asker.player.y).abs() <= 1;
    if engaged {
        return false;
    }
    mate.brain.is_none_or(|brain| {
        !brain.holds_spot_at(mate.at)
            && (brain.plan.first().is_none_or(|&next| next == asker.at) || brain.stall_turns > 0)
    })
}

/// Whether `mate` and the asker traded places within [`SWAP_MEMORY`].
fn lately_swapped(mate: Bystander<'_>, asker: Asker) -> bool {
    mate.brain
        .is_some_and(|brain| brain.swapped_lately_with(asker.actor, asker.now, SWAP_MEMORY))
}

/// The body `bystander` is to the asker (see [`gives_way`]).
pub(crate) fn body_of(bystander: Bystander<'_>, asker: Asker) -> Body {
    let yields = gives_way(bystander, asker);
    let lately_swapped = lately_swapped(bystander, asker);
    if bystander.packmate {
        Body::Packmate {
            yields,
            lately_swapped,
        }
    } else {
        Body::Stranger {
            yields,
            lately_swapped,
        }
    }
}
