//! The look command of normal play (`x` or `;`): what the player knows of
//! the cell under a cursor, in words: its ground and what a step onto it
//! costs, a monster there and what it is doing, items lying there.
//!
//! Tells only what the player knows: a cell never seen is "unknown", a
//! remembered one is told as remembered, and monsters only while in sight.
//! Reads the game; never changes it.

use fogcrawl_core::{CostProfile, Game, Terrain, counted};
use gridpath::Pos;

/// The terrain's name in words ("shallow water").
pub(crate) fn terrain_name(terrain: Terrain) -> String {
    terrain.name().replace('_', " ")
}

/// What a step onto `terrain` costs the player, in words.
pub(crate) fn step_cost_words(terrain: Terrain) -> String {
    match CostProfile::default().cost(terrain) {
        Some(cost) => format!(
            "a step costs {cost:.1} ({:.1} diagonally)",
            cost * std::f64::consts::SQRT_2
        ),
        None => "you cannot walk there".to_owned(),
    }
}

/// A monster's fighting stats as the player meets them: its chance to hit
/// the player through their armour, its damage, its reach, its speed and
/// how far it sees and hears.
pub(crate) fn monster_stats(game: &Game, actor: usize) -> String {
    let Some(kind) = game.kind_of(&game.actors()[actor]) else {
        return String::new();
    };
    let reach = if kind.is_ranged() {
        format!("shoots {} cells", kind.range)
    } else {
        "melee".to_owned()
    };
    let senses = game
        .faction_index_of(actor)
        .and_then(|f| game.factions()[f].config())
        .map_or_else(String::new, |c| {
            format!(
                ", speed {}, sees {}, hears {}",
                c.speed, c.sight_radius, c.hearing_radius
            )
        });
    format!(
        "hits you {}% for {}-{}, {reach}{senses}",
        game.chance_to_hit_player(actor),
        kind.damage.0,
        kind.damage.1
    )
}

/// "slowed, 18 more turns" while a wand's slowing holds on `actor`: the
/// panel and look say it, as only the debug overlay did (play21 zapped a
/// wolf and could not tell it had worked, nor for how long).
pub(crate) fn slowed_words(game: &Game, actor: usize) -> Option<String> {
    let now = game.time();
    game.tools()
        .slowed_until(actor, now)
        .map(|until| format!("slowed, {}", more_turns(until - now)))
}

/// "1 more turn", "18 more turns": what is `left` of a spell, rounded up
/// so the last part of a turn still counts (a wolf with 0.4 turns of
/// slowing left read "1 more turns").
pub(crate) fn more_turns(left: f64) -> String {
    // `as` saturates: a negative or NaN `left` reads 0.
    let whole = left.ceil().max(0.0) as u64;
    counted(whole, "more turn", "more turns")
}

/// The lines the look command shows for `pos`.
pub(crate) fn look_lines(game: &Game, pos: Pos) -> Vec<String> {
    let mut lines = Vec::new();
    let Some(terrain) = game.level().terrain_at(pos) else {
        return vec!["outside the map".to_owned()];
    };
    let seen = game.is_visible(pos);
    if !seen && !game.is_remembered(pos) {
        return vec![format!("{},{}: unknown", pos.x, pos.y)];
    }
    let how = if seen { "" } else { " (remembered)" };
    lines.push(format!(
        "{},{}: {}{how}",
        pos.x,
        pos.y,
        terrain_name(terrain)
    ));
    lines.push(step_cost_words(terrain));
    if pos == game.player().pos {
        lines.push("you stand here".to_owned());
    } else if seen
        && let Some(actor) = game.actor_at(pos)
        && let Some(kind) = game.kind_of(&game.actors()[actor])
    {
        let monster = &game.actors()[actor];
        // Numbered when others in sight share its letter (`g2`).
        let tag = game
            .monster_tags()
            .remove(&actor)
            .filter(|tag| tag.chars().count() > 1)
            .map(|tag| format!(" {tag}"))
            .unwrap_or_default();
        let state = game.awareness_of(actor).map_or("", |a| a.word());
        lines.push(format!(
            "{}{tag} ({}): {state}, {}/{} hp",
            kind.name,
            kind.faction,
            monster.hp.max(0),
            monster.max_hp
        ));
        // Its state before its stats, which a short panel cuts first.
        lines.extend(slowed_words(game, actor));
        lines.push(monster_stats(game, actor));
        if kind.is_ranged() {
            // Its reach is tinted on the map; in words for any palette.
            let away = pos.chebyshev(game.player().pos);
            let within = if u32::try_from(away).is_ok_and(|away| away <= kind.range) {
                "within its reach"
            } else {
                "out of its reach"
            };
            lines.push(format!("you are {away} cells off: {within}"));
        }
    }
    for item in game.items_at(pos) {
        lines.push(format!("a {item} lies here"));
    }
    lines
}

#[cfg(test)]
mod tests {
    use super::*;
    use fogcrawl_core::{GameSetup, MonsterConfig};

    #[test]
    fn turns_left_are_counted_whole_and_singular_for_one() {
        assert_eq!(more_turns(0.4), "1 more turn");
        assert_eq!(more_turns(1.0), "1 more turn");
        assert_eq!(more_turns(1.2), "2 more turns");
        assert_eq!(more_turns(17.5), "18 more turns");
        assert_eq!(more_turns(-0.5), "0 more turns");
    }

    #[test]
    fn look_names_ground_cost_monsters_items_and_unknown_cells() {
        let game = Game::new(&GameSetup::new(
            Some("tests/fixtures/game/pantry.toml"),
            1,
            MonsterConfig::shipped().unwrap(),
        ))
        .unwrap();
        let at = game.player().pos;
        assert_eq!(
            look_lines(&game, at),
            [
                "1,1: floor",
                "a step costs 1.0 (1.4 diagonally)",
                "you stand here"
            ]
        );
        assert_eq!(
            look_lines(&game, Pos::new(3, 1))[2],
            "a healing draught lies here"
        );
        assert_eq!(
            look_lines(&game, Pos::new(2, 2)),
            ["2,2: shallow water", "a step costs 3.0 (4.2 diagonally)"]
        );
        let goblin = look_lines(&game, Pos::new(8, 1));
        assert!(goblin[2].starts_with("goblin (goblins): "), "{goblin:?}");
        assert_eq!(look_lines(&game, Pos::new(-1, 0)), ["outside the map"]);
    }
}
