//! Class 1: a config that validates but cannot apply to the running game.
//! The install is a transaction: it is refused with the reason and the
//! game runs on under the last good config; costs have a floor; a kind's new
//! hp reaches the monsters already alive.

use std::path::Path;

use fogcrawl_core::{Game, GameSetup, MonsterConfig};

use crate::fixtures::{duel, play, shipped, shipped_text};
use crate::timebox::must_finish;

/// A room with a goblin and a giant rat, so that two factions are alive.
const TWO_FACTIONS: &str = r#"description = "A goblin and a rat."

[layout]
map = '''
#########
#@..g..r#
#......>#
#########
'''

[layout.legend]
"g" = "spawn goblins"
"r" = "spawn rats"
"#;

#[test]
fn removing_a_faction_its_monsters_belong_to_is_refused_and_the_game_runs_on() {
    let dir = tempfile::tempdir().expect("a temp dir");
    let level = dir.path().join("two.toml");
    std::fs::write(&level, TWO_FACTIONS).expect("the level is written");
    let level = level.display().to_string();
    let mut without_rats = shipped();
    without_rats.factions.retain(|f| f.name != "rats");
    without_rats.monsters.retain(|m| m.faction != "rats");
    let (refusal, in_force) = must_finish("a refused reload, then play", move || {
        let mut game = Game::new(&GameSetup::new(Some(&level), 1, shipped())).expect("loads");
        let refusal = game
            .apply_config(without_rats)
            .err()
            .map(|err| err.to_string());
        // The next turns run on the last good config (they used to panic:
        // the rat's faction index pointed past the factions left).
        play(&mut game, 30);
        let in_force = game.config().is_some_and(|c| c.faction("rats").is_some())
            && game.factions().iter().any(|f| f.name() == "rats");
        (refusal, in_force)
    });
    let refusal = refusal.expect("the config cannot apply: the rat on the level has no faction");
    assert!(refusal.contains("giant rat"), "{refusal}");
    assert!(in_force, "the last good config stays whole");
}

#[test]
fn a_vanishing_terrain_cost_is_refused_with_its_bound() {
    let text = shipped_text().replace(
        "[factions.goblins.terrain_costs]",
        "[factions.goblins.terrain_costs]\nroad = 1e-300",
    );
    let error = MonsterConfig::parse(Path::new("monsters.toml"), &text)
        .err()
        .map(|err| err.to_string())
        .expect("1e-300 is below the floor of step costs");
    assert!(
        error.contains("factions.goblins.terrain_costs.road")
            && error.contains("accepted values: 0.001 to 1000.0"),
        "{error}"
    );
}

#[test]
fn a_kinds_new_hp_reaches_the_living_monsters_in_proportion() {
    let mut weaker = shipped();
    for monster in &mut weaker.monsters {
        if monster.name == "goblin" {
            monster.hp = 1;
        }
    }
    let mut game = duel();
    let before = game.actors()[1].clone();
    assert_eq!((before.hp, before.max_hp), (7, 7));
    let applied = game.apply_config(weaker).expect("a weaker goblin applies");
    let goblin = &game.actors()[1];
    assert_eq!((goblin.hp, goblin.max_hp), (1, 1), "the log said hp 7 -> 1");
    let notes = format!("{applied:?}");
    assert!(
        notes.contains("monster goblin: 1 living rescaled to max hp 1"),
        "{notes}"
    );
}
