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

/// What stands on a cell next to the monster.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Body {
    Empty,
    Player,
    /// A member of its own faction; `yields` when it would trade places
    /// ([`gives_way`]).
    Packmate {
        yields: bool,
    },
    /// A monster of another faction (monsters do not fight each other);
    /// `yields` as for a packmate.
    Stranger {
        yields: bool,
    },
}

/// The monster on a cell as the asker sees it: its mind (none for a
/// mindless one), where it stands, and whether it belongs to the asker's
/// faction.
#[derive(Debug, Clone, Copy)]
pub struct Bystander<'a> {
    pub brain: Option<&'a Brain>,
    pub at: Pos,
    pub packmate: bool,
}

/// Whether `mate`, standing at `mate.at`, lets the monster `asker` at
/// `asker_at` trade places with it, the player standing at `player`.
///
/// - A fleeing member is going anyway: it lets anyone past.
/// - One fighting (next to the player) stays.
/// - One the asker itself moved aside last does not go straight back.
/// - One standing on the spot it holds round its goal stays.
/// - Otherwise it makes way when it has nowhere to go, is heading for the
///   asker's cell, or is stuck itself (a jam in a corridor clears by
///   trading places).
pub fn gives_way(mate: Bystander<'_>, asker: usize, asker_at: Pos, player: Pos) -> bool {
    let _ = asker;
    if mate.brain.is_some_and(|brain| brain.mode == Mode::Flee) {
        return true;
    }
    let engaged = (mate.at.x - player.x).abs() <= 1 && (mate.at.y - player.y).abs() <= 1;
    if engaged {
        return false;
    }
    mate.brain.is_none_or(|brain| {
        brain.plan.first().is_none_or(|&next| next == asker_at) || brain.stall_turns > 0
    })
}

/// The body `bystander` is to the asker (see [`gives_way`]).
pub fn body_of(bystander: Bystander<'_>, asker: usize, asker_at: Pos, player: Pos) -> Body {
    let yields = gives_way(bystander, asker, asker_at, player);
    if bystander.packmate {
        Body::Packmate { yields }
    } else {
        Body::Stranger { yields }
    }
}
