//! When the scripted player reaches for a tool, on what the screen shows
//! (monsters in sight, their state, its own map and pack): a wand at the
//! nearest hunter, caltrops thrown between it and what is coming, smoke
//! when hurt with nothing to drink, the lure aimed at a cell beyond
//! monsters coming to look (a pack of them, or any when it is hurt) or a
//! wanderer in sight when it must rest, the scroll on a level whose
//! stairs it has not seen. Off with `sim --no-tools` (the measure of what
//! the tools are worth).

use crate::ai::Mode;
use crate::game::action::Action;
use crate::game::direction::Direction;
use crate::game::items::{CALTROPS_RANGE, NOISEMAKER_RANGE, SMOKE_RANGE, WAND_RANGE};
use crate::game::state::Game;
use crate::world::ItemKind;
use gridpath::Pos;

/// Below this share of its hit points, with no draught left, it throws
/// smoke on a hunter and goes on out of its sight.
const SMOKE_BELOW: f64 = 0.35;
/// Below this share of its hit points it lures away even one monster
/// coming to look (at or above, only two or more: a lone one is a fight
/// it wins, and experience).
const LURE_ONE_BELOW: f64 = 0.75;
/// A lure lands at least this many cells (king moves) from the player: a
/// monster that went to look nearer would see it.
const LURE_AWAY: i32 = 5;
/// Game time a lure it threw keeps drawing: it throws no second one
/// before (the map's `&` lasts as long).
const LURE_FRESH: f64 = 30.0;

/// A monster in sight, nearest first, with its state.
pub(super) struct Seen {
    pub(super) at: Pos,
    pub(super) distance: i32,
    pub(super) mode: Mode,
}

pub(super) fn monsters_in_sight(game: &Game) -> Vec<Seen> {
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
pub(super) fn toward(from: Pos, to: Pos) -> Option<Direction> {
    let wanted = ((to.x - from.x).signum(), (to.y - from.y).signum());
    Direction::ALL
        .into_iter()
        .find(|direction| direction.delta() == wanted)
}

pub(super) fn throw(item: ItemKind, direction: Direction) -> Action {
    Action::UseItem {
        item,
        toward: Some(direction),
        at: None,
    }
}

/// Whether the monster at `at` shoots.
pub(super) fn shoots(game: &Game, at: Pos) -> bool {
    game.actor_at(at)
        .and_then(|a| game.kind_of(&game.actors()[a]))
        .is_some_and(|kind| kind.is_ranged())
}

/// Whether the monster at `at` has half the player's hit points or more:
/// a fight with it is long.
fn tough(game: &Game, at: Pos) -> bool {
    game.actor_at(at)
        .is_some_and(|a| game.actors()[a].hp * 2 >= game.player().hp)
}

/// Whether the monster at `at` is slowed now.
pub(super) fn slowed(game: &Game, at: Pos) -> bool {
    game.actor_at(at)
        .is_some_and(|a| game.tools().slowed_until(a, game.time()).is_some())
}

pub(super) fn zap(at: Pos) -> Action {
    Action::UseItem {
        item: ItemKind::WandOfSlowing,
        toward: None,
        at: Some(at),
    }
}

/// Smoke on the nearest hunter when the player is hurt with nothing to
/// drink, before anything else: it loses sight of the player, who goes
/// on out of its sight.
pub(super) fn urgent(game: &Game, health: f64) -> Option<Action> {
    let has = |kind| game.inventory().count(kind) > 0;
    if !has(ItemKind::SmokeBomb) || health >= SMOKE_BELOW || has(ItemKind::HealingDraught) {
        return None;
    }
    let target = monsters_in_sight(game).into_iter().find(|s| {
        s.mode == Mode::Hunt && (2..=SMOKE_RANGE).contains(&s.distance) && !game.tools().smoky(s.at)
    })?;
    Some(Action::UseItem {
        item: ItemKind::SmokeBomb,
        toward: None,
        at: Some(target.at),
    })
}

/// Against shooters that have the player in their sights with no cover
/// beside it (`shooters`, from `cover`): the wand at the nearest one, so
/// it cannot step back as fast as the player closes in (none when it is
/// slowed already: then the player charges), or, with two or more, smoke
/// at the player's own feet (no shooter sees into the cloud, so they come
/// to look, within reach of a blow).
pub(super) fn against_shooter(game: &Game, shooters: &[Pos]) -> Option<Action> {
    let has = |kind| game.inventory().count(kind) > 0;
    let me = game.player().pos;
    let nearest = *shooters
        .iter()
        .min_by_key(|s| (s.chebyshev(me), s.y, s.x))?;
    let lone = shooters.len() == 1;
    if lone && slowed(game, nearest) {
        return None;
    }
    if has(ItemKind::WandOfSlowing) && lone && nearest.chebyshev(me) <= WAND_RANGE {
        return Some(zap(nearest));
    }
    if has(ItemKind::SmokeBomb) && !game.tools().smoky(me) {
        return Some(Action::UseItem {
            item: ItemKind::SmokeBomb,
            toward: None,
            at: Some(me),
        });
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
    if has(ItemKind::WandOfSlowing)
        && coming.mode == Mode::Hunt
        && coming.distance <= WAND_RANGE
        && (hunters >= 2 || tough(game, coming.at))
        && !slowed(game, coming.at)
    {
        return Some(zap(coming.at));
    }
    // Caltrops only in the way of a hunter that walks up to strike: a
    // shooter keeps its distance, and a searcher may never come.
    if has(ItemKind::Caltrops)
        && coming.mode == Mode::Hunt
        && !shoots(game, coming.at)
        && coming.distance <= CALTROPS_RANGE + 1
    {
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

/// A tool when nothing is coming: the scroll on a level whose stairs it
/// has not seen, when it wants to rest with no draught left (it heads for
/// them rather than explore hurt; read at once on every level, it skipped
/// the levels' fights and gear and won less) or on the run's last level
/// (nothing below to grow for: the warrens' archers killed runs that
/// died there with the scroll unread), the lure thrown far from itself
/// when it wants to rest and a wanderer is in sight.
pub(super) fn when_calm(game: &Game, wants_rest: bool) -> Option<Action> {
    let has = |kind| game.inventory().count(kind) > 0;
    let last_level = game.depth() + 1 >= game.run().len();
    if (last_level || (wants_rest && !has(ItemKind::HealingDraught)))
        && has(ItemKind::ScrollOfMapping)
        && !game.is_remembered(game.level().stairs)
    {
        return Some(Action::UseItem {
            item: ItemKind::ScrollOfMapping,
            toward: None,
            at: None,
        });
    }
    if !wants_rest {
        return None;
    }
    let wanderer = monsters_in_sight(game)
        .into_iter()
        .find(|s| s.mode == Mode::Wander)?;
    lure_beyond(game, &[wanderer.at])
}

/// The lure, where it would otherwise wait for monsters coming to look
/// (searching, or drawn by a noise: not hunting, so they go where it
/// clatters): two or more, or one while it is hurt. None while one of
/// them hunts (a hunter pays the lure no heed and the rest follow it).
pub(super) fn lure_the_curious(game: &Game, health: f64) -> Option<Action> {
    let seen = monsters_in_sight(game);
    if seen.iter().any(|s| s.mode == Mode::Hunt) {
        return None;
    }
    let curious: Vec<Pos> = seen
        .iter()
        .filter(|s| matches!(s.mode, Mode::Search | Mode::Investigate) && s.distance >= 2)
        .map(|s| s.at)
        .collect();
    let enough = match curious.len() {
        0 => false,
        1 => health < LURE_ONE_BELOW,
        _ => true,
    };
    if enough {
        lure_beyond(game, &curious)
    } else {
        None
    }
}

/// The lure aimed at a cell that draws the monsters at `monsters` away:
/// one it lands on (nothing in the way), at least [`LURE_AWAY`] from the
/// player, that each of them is nearer than the player is (so their way
/// there leads from the player, not past it); of those, one on the far
/// side from the stairs if it can (the player's way on stays clear), then
/// the farthest from the player.
fn lure_beyond(game: &Game, monsters: &[Pos]) -> Option<Action> {
    let fresh = game
        .tools()
        .lure()
        .is_some_and(|lure| game.time() - lure.time < LURE_FRESH);
    if monsters.is_empty() || game.inventory().count(ItemKind::Noisemaker) == 0 || fresh {
        return None;
    }
    let me = game.player().pos;
    let stairs = game.level().stairs;
    let mut best: Option<((bool, i32, i32, i32), Pos)> = None;
    for dy in -NOISEMAKER_RANGE..=NOISEMAKER_RANGE {
        for dx in -NOISEMAKER_RANGE..=NOISEMAKER_RANGE {
            let cell = Pos::new(me.x + dx, me.y + dy);
            let away = cell.chebyshev(me);
            if away < LURE_AWAY
                || game.landing_toward_cell(ItemKind::Noisemaker, cell) != Ok(cell)
                || !monsters.iter().all(|m| m.chebyshev(cell) < away)
            {
                continue;
            }
            let off_the_way = cell.chebyshev(stairs) > me.chebyshev(stairs);
            // The first best in scan order wins a tie: the same game.
            let score = (off_the_way, away, -cell.y, -cell.x);
            if best.is_none_or(|(b, _)| score > b) {
                best = Some((score, cell));
            }
        }
    }
    best.map(|(_, cell)| Action::UseItem {
        item: ItemKind::Noisemaker,
        toward: None,
        at: Some(cell),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::config::MonsterConfig;
    use crate::game::autopilot::cover::shooters_with_a_line;
    use crate::game::autopilot::{Autopilot, AutopilotSkills};
    use crate::game::setup::GameSetup;
    use crate::game::test_levels::{game_on, hunting_archer};

    #[test]
    fn shot_at_in_the_open_it_zaps_a_lone_archer_then_charges_it() {
        let (mut game, _dir) = game_on(
            "############\n#..........#\n#...@....g.#\n#..........#\n#.........>#\n############\n",
        );
        hunting_archer(&mut game, 1);
        game.inventory_mut().add(ItemKind::WandOfSlowing);
        game.inventory_mut().add(ItemKind::SmokeBomb);
        let archer = game.actors()[1].pos;
        let shooters = shooters_with_a_line(&game, game.player().pos);
        assert_eq!(against_shooter(&game, &shooters), Some(zap(archer)));
        assert_eq!(Autopilot::new().choose(&game), zap(archer));
        // Without its tools it charges.
        let no_tools = AutopilotSkills {
            sneaks: true,
            tools: false,
        };
        assert!(matches!(
            Autopilot::with_skills(no_tools).choose(&game),
            Action::Move(Direction::East | Direction::NorthEast | Direction::SouthEast)
        ));
        game.player_act(zap(archer)).expect("zapped");
        let shooters = shooters_with_a_line(&game, game.player().pos);
        if !shooters.is_empty() {
            assert_eq!(against_shooter(&game, &shooters), None, "slowed: charge");
        }
    }

    #[test]
    fn shot_at_by_two_archers_in_the_open_it_hides_in_smoke_at_its_feet() {
        let (mut game, _dir) = game_on(
            "############\n#........g.#\n#...@......#\n#........g.#\n#.........>#\n############\n",
        );
        hunting_archer(&mut game, 1);
        hunting_archer(&mut game, 2);
        game.inventory_mut().add(ItemKind::WandOfSlowing);
        game.inventory_mut().add(ItemKind::SmokeBomb);
        let me = game.player().pos;
        let shooters = shooters_with_a_line(&game, me);
        assert_eq!(shooters.len(), 2);
        let smoke = Action::UseItem {
            item: ItemKind::SmokeBomb,
            toward: None,
            at: Some(me),
        };
        assert_eq!(against_shooter(&game, &shooters), Some(smoke));
        let mut pilot = Autopilot::new();
        assert_eq!(pilot.choose(&game), smoke);
        game.player_act(smoke).expect("smoke at its feet");
        // In the cloud it sees no one and waits there for them to come.
        assert_eq!(pilot.choose(&game), Action::Wait);
    }

    #[test]
    fn the_lure_goes_beyond_a_pack_coming_to_look_and_not_before_a_hunter() {
        let (mut game, _dir) = game_on(
            "####################\n#..................#\n#>.@......g........#\n#.........g........#\n#..................#\n####################\n",
        );
        game.inventory_mut().add(ItemKind::Noisemaker);
        for goblin in [1, 2] {
            game.actor_mut(goblin)
                .brain
                .as_mut()
                .expect("a monster")
                .mode = Mode::Investigate;
        }
        let me = game.player().pos;
        let goblins = [game.actors()[1].pos, game.actors()[2].pos];
        let Some(Action::UseItem {
            item: ItemKind::Noisemaker,
            toward: None,
            at: Some(cell),
        }) = lure_the_curious(&game, 1.0)
        else {
            panic!("two coming to look: the lure");
        };
        let away = cell.chebyshev(me);
        assert!(away >= LURE_AWAY, "{cell} too near the player");
        assert!(
            goblins.iter().all(|g| g.chebyshev(cell) < away),
            "{cell} is past the player"
        );
        let stairs = game.level().stairs;
        assert!(
            cell.chebyshev(stairs) > me.chebyshev(stairs),
            "{cell} is on the way to the stairs"
        );
        assert_eq!(
            game.landing_toward_cell(ItemKind::Noisemaker, cell),
            Ok(cell)
        );
        // The scripted player throws it rather than wait for them.
        assert_eq!(
            Autopilot::new().choose(&game),
            lure_the_curious(&game, 1.0).expect("the lure")
        );
        // One alone is a fight it takes while healthy, and lures while hurt.
        game.actor_mut(2).brain.as_mut().expect("a monster").mode = Mode::Wander;
        assert_eq!(lure_the_curious(&game, 1.0), None);
        assert!(lure_the_curious(&game, 0.5).is_some());
        // A hunter pays the lure no heed.
        game.actor_mut(2).brain.as_mut().expect("a monster").mode = Mode::Hunt;
        assert_eq!(lure_the_curious(&game, 0.5), None);
    }

    #[test]
    fn on_the_runs_last_level_it_reads_the_scroll_at_once_and_not_before() {
        // The stairs (7,3) lie out of sight behind the wall at x = 4.
        let (mut game, _dir) = game_on(
            "##############\n\
             #@..#........#\n\
             #...#.######.#\n\
             #...#.#>.....#\n\
             #.....########\n\
             ##############\n",
        );
        game.inventory_mut().add(ItemKind::ScrollOfMapping);
        assert_eq!(game.run().len(), 1, "a level played alone is the last");
        assert!(!game.is_remembered(game.level().stairs));
        let read = Action::UseItem {
            item: ItemKind::ScrollOfMapping,
            toward: None,
            at: None,
        };
        assert_eq!(when_calm(&game, false), Some(read));
        assert_eq!(Autopilot::new().choose(&game), read);
        game.player_act(read).expect("read");
        assert!(game.is_remembered(game.level().stairs));
        assert_eq!(when_calm(&game, false), None, "the stairs are known");
        // On the standard run's first level it keeps the scroll while it
        // is healthy: the levels below want the fights and the gear.
        let config = MonsterConfig::shipped().expect("the shipped config");
        let mut first = Game::new(&GameSetup::new(None, 1, config)).expect("a run");
        first.inventory_mut().add(ItemKind::ScrollOfMapping);
        assert!(first.run().len() > 1);
        assert!(!first.is_remembered(first.level().stairs));
        assert_eq!(when_calm(&first, false), None);
    }

    #[test]
    fn caltrops_go_before_a_hunter_but_not_before_a_searcher() {
        let (mut game, _dir) = game_on("############\n#@....g....#\n#.........>#\n############\n");
        game.inventory_mut().add(ItemKind::Caltrops);
        game.actor_mut(1).brain.as_mut().expect("a monster").mode = Mode::Search;
        assert_eq!(instead_of_waiting(&game), None, "a searcher may never come");
        game.actor_mut(1).brain.as_mut().expect("a monster").mode = Mode::Hunt;
        assert_eq!(
            instead_of_waiting(&game),
            Some(throw(ItemKind::Caltrops, Direction::East))
        );
    }
}
