//! Checks a game read from a save before anything runs on it.
//!
//! A save that parses can still be damaged: a per-cell array cut short, a
//! position off the level, a player with no hit points, a game time so large
//! that adding a step to it changes nothing (the clock would stand still and
//! the monsters' turn would never end). Every such save is refused here with
//! a reason the player can read, so the loader sets it aside instead of the
//! game panicking or spinning on it. This module only reads the game.

use thiserror::Error;

use crate::config::rules::{ACCURACY, DAMAGE, HIT_POINTS, MAX_FACTIONS, MAX_MONSTER_KINDS};
use crate::game::actor::Species;
use crate::game::message_log::{LOG_CAPACITY, MAX_MESSAGE_BYTES};
use crate::game::state::{Game, PLAYER};
use crate::world::Level;
use crate::world::level::MAX_SPAWNS;
use crate::world::map_spawns::MAX_MONSTERS;
use gridpath::Pos;

/// The latest game time a save may hold. A game gains about one time unit
/// per turn, and the shortest action (a 0.001-cost step at speed 10) takes
/// 1e-4; below 1e9 an f64 still adds that step (its spacing there is about
/// 1e-7), so the clock always moves.
pub(crate) const MAX_GAME_TIME: f64 = 1e9;

/// What is wrong with a save that parsed.
#[derive(Debug, Clone, PartialEq, Error)]
pub enum SaveProblem {
    #[error("the level is {width}x{height}; sides must be 1 to {max}")]
    LevelSize {
        width: usize,
        height: usize,
        max: usize,
    },
    #[error("{what} holds {found} cells where the {width}x{height} level needs {expected}")]
    CellCount {
        what: String,
        found: usize,
        expected: usize,
        width: usize,
        height: usize,
    },
    #[error("{what} at {pos} is off the {width}x{height} level")]
    OffTheLevel {
        what: String,
        pos: Pos,
        width: usize,
        height: usize,
    },
    #[error(
        "{what} has {hp} of {max_hp} hp; accepted: max hp 1 to {max}, hp at most max hp{alive}"
    )]
    HitPoints {
        what: String,
        hp: i32,
        max_hp: i32,
        max: i64,
        alive: &'static str,
    },
    #[error("{what} is {value:e}; accepted: a time from 0 to {MAX_GAME_TIME:e}")]
    Time { what: String, value: f64 },
    #[error("the save is at depth {depth} of a run of {levels} levels")]
    Depth { depth: usize, levels: usize },
    #[error("the player must be the first actor and the only one: {found}")]
    Players { found: String },
    #[error("monster kind '{kind}' has {field} {value}; accepted values: {accepted}")]
    KindValue {
        kind: String,
        field: &'static str,
        value: String,
        accepted: String,
    },
    #[error("{what} is of monster kind {kind}, but the save has {kinds} kinds")]
    Kind {
        what: String,
        kind: usize,
        kinds: usize,
    },
    #[error("the save has {found} {what}; accepted: at most {max}")]
    TooMany {
        what: &'static str,
        found: usize,
        max: usize,
    },
    #[error("the player {what}; accepted: {accepted}")]
    Progress {
        what: String,
        accepted: &'static str,
    },
    #[error("message {index} of the log is {bytes} bytes long; accepted: at most {max}")]
    MessageLength {
        index: usize,
        bytes: usize,
        max: usize,
    },
}

/// Checks everything the game indexes by or counts on.
pub fn check_save(game: &Game) -> Result<(), SaveProblem> {
    check_counts(game)?;
    check_run(game)?;
    check_kinds(game)?;
    check_cells(game)?;
    check_actors(game)?;
    check_progress(game)?;
    check_times(game)
}

/// Gear in the right slots, and an experience level its points make.
fn check_progress(game: &Game) -> Result<(), SaveProblem> {
    if !game.equipment().is_consistent() {
        return Err(SaveProblem::Progress {
            what: format!(
                "wields {:?} and wears {:?}",
                game.equipment().weapon,
                game.equipment().armour
            ),
            accepted: "a weapon (short sword, war axe) or none, and armour (leather armour, chain mail) or none",
        });
    }
    if !game.experience().is_consistent() {
        return Err(SaveProblem::Progress {
            what: format!(
                "is at experience level {} with {} points",
                game.experience().level,
                game.experience().points
            ),
            accepted: "the level its points make",
        });
    }
    Ok(())
}

/// The counts the game's memory and each turn's time grow with, within
/// what a config or a level file may hold, before anything runs on them.
fn check_counts(game: &Game) -> Result<(), SaveProblem> {
    let spawns = game.level().spawns.values().map(Vec::len).sum::<usize>();
    let most_monsters = MAX_SPAWNS.saturating_add(MAX_MONSTERS);
    let messages = game.log().len();
    for (what, found, max) in [
        ("factions", game.factions().len(), MAX_FACTIONS),
        ("monster kinds", game.kinds().len(), MAX_MONSTER_KINDS),
        ("spawns on its level", spawns, MAX_SPAWNS),
        // Spawns on the level, and a map level's own monsters; the player.
        ("actors", game.actors().len(), most_monsters + 1),
        ("messages in its log", messages, LOG_CAPACITY),
    ] {
        if found > max {
            return Err(SaveProblem::TooMany { what, found, max });
        }
    }
    if let Some((index, message)) = game
        .log()
        .all()
        .enumerate()
        .find(|(_, message)| message.text.len() > MAX_MESSAGE_BYTES)
    {
        return Err(SaveProblem::MessageLength {
            index: index + 1,
            bytes: message.text.len(),
            max: MAX_MESSAGE_BYTES,
        });
    }
    Ok(())
}

fn check_run(game: &Game) -> Result<(), SaveProblem> {
    if game.depth() >= game.run().len() {
        return Err(SaveProblem::Depth {
            depth: game.depth() + 1,
            levels: game.run().len(),
        });
    }
    Ok(())
}

/// A kind the config no longer has keeps its saved values, so they must be
/// ones the config would accept.
fn check_kinds(game: &Game) -> Result<(), SaveProblem> {
    for kind in game.kinds() {
        let (low, high) = kind.damage;
        let problem = if !HIT_POINTS.contains(i64::from(kind.max_hp)) {
            Some(("hp", kind.max_hp.to_string(), HIT_POINTS.accepted()))
        } else if !(DAMAGE.contains(i64::from(low))
            && DAMAGE.contains(i64::from(high))
            && low <= high)
        {
            Some((
                "damage",
                format!("[{low}, {high}]"),
                format!("min <= max, each {}", DAMAGE.accepted()),
            ))
        } else if !ACCURACY.contains(i64::from(kind.accuracy)) {
            Some(("accuracy", kind.accuracy.to_string(), ACCURACY.accepted()))
        } else {
            None
        };
        if let Some((field, value, accepted)) = problem {
            return Err(SaveProblem::KindValue {
                kind: kind.name.clone(),
                field,
                value,
                accepted,
            });
        }
    }
    Ok(())
}

fn check_cells(game: &Game) -> Result<(), SaveProblem> {
    let level = game.level();
    let (width, height) = (level.width(), level.height());
    if width == 0 || height == 0 || width > Level::MAX_SIDE || height > Level::MAX_SIDE {
        return Err(SaveProblem::LevelSize {
            width,
            height,
            max: Level::MAX_SIDE,
        });
    }
    let expected = width * height;
    let count = |what: &str, found: usize| {
        if found == expected {
            Ok(())
        } else {
            Err(SaveProblem::CellCount {
                what: what.to_owned(),
                found,
                expected,
                width,
                height,
            })
        }
    };
    count("the level's terrain", level.stored_cells())?;
    count("the player's map memory", game.remembered().len())?;
    for faction in game.factions() {
        let knowledge = faction.knowledge();
        let what = format!("faction {}'s knowledge", faction.name());
        count(&what, knowledge.width().saturating_mul(knowledge.height()))?;
        let (believed, last_seen) = knowledge.stored_cells();
        count(&format!("{what} (beliefs)"), believed)?;
        count(&format!("{what} (sightings)"), last_seen)?;
        if let Some(sighting) = faction.sighting() {
            on_level(
                level,
                &format!("faction {}'s sighting", faction.name()),
                sighting.pos,
            )?;
        }
    }
    on_level(level, "the level's start", level.start)?;
    on_level(level, "the level's stairs", level.stairs)?;
    for (faction, cells) in &level.spawns {
        for &pos in cells {
            on_level(level, &format!("a {faction} spawn"), pos)?;
        }
    }
    // Items are drawn and picked up where they lie: off the level, they
    // could never be reached (and drawing reads their cell).
    for &(pos, item) in &level.items {
        on_level(level, &format!("a {item}"), pos)?;
    }
    Ok(())
}

fn on_level(level: &Level, what: &str, pos: Pos) -> Result<(), SaveProblem> {
    if level.terrain_at(pos).is_some() {
        Ok(())
    } else {
        Err(SaveProblem::OffTheLevel {
            what: what.to_owned(),
            pos,
            width: level.width(),
            height: level.height(),
        })
    }
}

fn check_actors(game: &Game) -> Result<(), SaveProblem> {
    let players: Vec<usize> = (0..game.actors().len())
        .filter(|&i| game.actors()[i].is_player())
        .collect();
    if players != [PLAYER] {
        let found = match players.as_slice() {
            [] => "there is none".to_owned(),
            [only] => format!("it is actor {only}"),
            many => format!("there are {}", many.len()),
        };
        return Err(SaveProblem::Players { found });
    }
    for (index, actor) in game.actors().iter().enumerate() {
        let what = if index == PLAYER {
            "the player".to_owned()
        } else {
            format!("monster {index}")
        };
        if let Species::Monster(kind) = actor.species
            && kind >= game.kinds().len()
        {
            return Err(SaveProblem::Kind {
                what,
                kind,
                kinds: game.kinds().len(),
            });
        }
        let max_ok = HIT_POINTS.contains(i64::from(actor.max_hp));
        // The dead stay in the list; only the player must be alive.
        let alive_needed = index == PLAYER;
        if !max_ok || actor.hp > actor.max_hp || (alive_needed && !actor.is_alive()) {
            return Err(SaveProblem::HitPoints {
                what,
                hp: actor.hp,
                max_hp: actor.max_hp,
                max: HIT_POINTS.max,
                alive: if alive_needed { " and above 0" } else { "" },
            });
        }
        if !actor.is_alive() {
            continue;
        }
        on_level(game.level(), &what, actor.pos)?;
        time(&format!("{what}'s next turn"), actor.ready_at)?;
        if let Some(brain) = &actor.brain {
            for (name, pos) in [
                ("wander target", brain.wander_target),
                ("noise", brain.noise),
            ] {
                if let Some(pos) = pos {
                    on_level(game.level(), &format!("{what}'s {name}"), pos)?;
                }
            }
        }
    }
    Ok(())
}

fn check_times(game: &Game) -> Result<(), SaveProblem> {
    time("the game time", game.time())?;
    for faction in game.factions() {
        time(
            &format!("faction {}'s decay time", faction.name()),
            faction.decayed_at(),
        )?;
        if let Some(sighting) = faction.sighting() {
            time(
                &format!("faction {}'s sighting time", faction.name()),
                sighting.time,
            )?;
        }
    }
    Ok(())
}

fn time(what: &str, value: f64) -> Result<(), SaveProblem> {
    if (0.0..=MAX_GAME_TIME).contains(&value) {
        Ok(())
    } else {
        Err(SaveProblem::Time {
            what: what.to_owned(),
            value,
        })
    }
}
