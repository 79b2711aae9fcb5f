//! When the scripted player reaches for a tool, on what the screen shows
//! (monsters in sight, their state, its own map and pack): a wand at the
//! nearest hunter, caltrops thrown between it and what is coming, smoke
//! when hurt with nothing to drink, the lure thrown away from itself when
//! it must rest with a wanderer in sight, the scroll on a level whose
//! stairs it has not seen. Off with `sim --no-tools` (the measure of what
//! the tools are worth).

use crate::ai::Mode;
use crate::game::action::Action;
use crate::game::direction::Direction;
use crate::game::items::{CALTROPS_RANGE, SMOKE_RANGE, WAND_RANGE};
use crate::game::state::Game;
use crate::world::ItemKind;
use gridpath::Pos;

/// Below this share of its hit points, with no draught left, it throws
/// smoke on a hunter and goes on out of its sight.
const SMOKE_BELOW: f64 = 0.35;

/// A monster in sight, nearest first, with its state.
struct Seen {
    at: Pos,
    distance: i32,
    mode: Mode,
}

fn monsters_in_sight(game: &Game) -> Vec<Seen> {
    let me = game.player().pos;
    let mut seen: Vec<(i32, usize, Seen)> = game
        .visible_monsters()
        .filter_map(|(index, monster)| {
            let mode = monster.brain.as_ref()?.mode;
            let distance = monster.pos.chebyshev(me);
            Some((
                distance,
                index,
                Seen {
                    at: monster.pos,
                    distance,
                    mode,
                },
            ))
        })
        .collect();
    seen.sort_by_key(|(distance, index, _)| (*distance, *index));
    seen.into_iter().map(|(_, _, seen)| seen).collect()
}

/// The one of the eight directions nearest the way from `from` to `to`.
fn toward(from: Pos, to: Pos) -> Option<Direction> {
    let wanted = ((to.x - from.x).signum(), (to.y - from.y).signum());
    Direction::ALL
        .into_iter()
        .find(|direction| direction.delta() == wanted)
}

fn throw(item: ItemKind, direction: Direction) -> Action {
    Action::UseItem {
        item,
        toward: Some(direction),
        at: None,
    }
}

/// Smoke against a monster coming at the player (hunting, searching or
/// investigating), not yet next to it, before anything else: a shooter
/// that has it in its sights, or a hunter when it is hurt with nothing to
/// drink.
pub(super) fn urgent(game: &Game, health: f64) -> Option<Action> {
    let has = |kind| game.inventory().count(kind) > 0;
    let seen = monsters_in_sight(game);
    let coming = seen.iter().find(|s| {
        matches!(s.mode, Mode::Hunt | Mode::Search | Mode::Investigate) && s.distance >= 2
    })?;
    // Smoke on a shooter that has the player in its sights (it cannot
    // shoot from the cloud), or on the nearest hunter when hurt with
    // nothing to drink.
    if has(ItemKind::SmokeBomb) {
        let shooter = seen.iter().find(|s| {
            s.mode == Mode::Hunt
                && (3..=SMOKE_RANGE).contains(&s.distance)
                && !game.tools().smoky(s.at)
                && game
                    .actor_at(s.at)
                    .and_then(|a| game.kind_of(&game.actors()[a]))
                    .is_some_and(|kind| kind.is_ranged())
        });
        let desperate = (health < SMOKE_BELOW && !has(ItemKind::HealingDraught))
            .then_some(coming)
            .filter(|c| {
                c.mode == Mode::Hunt && c.distance <= SMOKE_RANGE && !game.tools().smoky(c.at)
            });
        if let Some(target) = shooter.or(desperate) {
            return Some(Action::UseItem {
                item: ItemKind::SmokeBomb,
                toward: None,
                at: Some(target.at),
            });
        }
    }
    None
}

/// The wand or caltrops, where it would otherwise wait for a monster
/// coming at it (no knife to throw, no shooter to charge): a turn that
/// costs nothing it would have done.
pub(super) fn instead_of_waiting(game: &Game) -> Option<Action> {
    let has = |kind| game.inventory().count(kind) > 0;
    let me = game.player().pos;
    let seen = monsters_in_sight(game);
    let coming = seen.iter().find(|s| {
        matches!(s.mode, Mode::Hunt | Mode::Search | Mode::Investigate) && s.distance >= 2
    })?;
    let hunters = seen.iter().filter(|s| s.mode == Mode::Hunt).count();
    // The wand for a pack, or a hunter that is hard to kill.
    if has(ItemKind::WandOfSlowing) && coming.mode == Mode::Hunt && coming.distance <= WAND_RANGE {
        let tough = game
            .actor_at(coming.at)
            .is_some_and(|a| game.actors()[a].hp * 2 >= game.player().hp);
        let slowed = game
            .actor_at(coming.at)
            .is_some_and(|a| game.tools().slowed_until(a, game.time()).is_some());
        if (hunters >= 2 || tough) && !slowed {
            return Some(Action::UseItem {
                item: ItemKind::WandOfSlowing,
                toward: None,
                at: Some(coming.at),
            });
        }
    }
    if has(ItemKind::Caltrops) && coming.distance <= CALTROPS_RANGE + 1 {
        let direction = toward(me, coming.at)?;
        let landing = game.landing(ItemKind::Caltrops, direction);
        let between = landing != me
            && landing.chebyshev(coming.at) < coming.distance
            && landing.chebyshev(me) < coming.distance;
        if between && !game.tools().has_caltrops(landing) {
            return Some(throw(ItemKind::Caltrops, direction));
        }
    }
    None
}

/// A tool when nothing is coming: the scroll when it wants to rest with
/// no draught left on a level whose stairs it has not seen (it heads for
/// them rather than explore hurt; read at once, it skipped the levels'
/// fights and gear and won less), the lure thrown far from itself when it
/// wants to rest and a wanderer is in sight.
pub(super) fn when_calm(game: &Game, wants_rest: bool) -> Option<Action> {
    let has = |kind| game.inventory().count(kind) > 0;
    if wants_rest
        && !has(ItemKind::HealingDraught)
        && has(ItemKind::ScrollOfMapping)
        && !game.is_remembered(game.level().stairs)
    {
        return Some(Action::UseItem {
            item: ItemKind::ScrollOfMapping,
            toward: None,
            at: None,
        });
    }
    if !wants_rest || !has(ItemKind::Noisemaker) || game.tools().lure().is_some() {
        return None;
    }
    let me = game.player().pos;
    let wanderer = monsters_in_sight(game)
        .into_iter()
        .find(|s| s.mode == Mode::Wander)?;
    // Where it lands farthest from the player, and no nearer the player
    // than the wanderer stands: it draws the wanderer away.
    Direction::ALL
        .into_iter()
        .map(|direction| (direction, game.landing(ItemKind::Noisemaker, direction)))
        .filter(|(_, landing)| landing.chebyshev(me) > wanderer.distance)
        .max_by_key(|(_, landing)| landing.chebyshev(me))
        .map(|(direction, _)| throw(ItemKind::Noisemaker, direction))
}
