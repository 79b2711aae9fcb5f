//! Games on hand-drawn ASCII maps, for the rules' tests: the map is written
//! to a level file in a temporary folder (kept alive with the game).

use crate::config::MonsterConfig;
use crate::game::{Game, GameSetup};

/// A one-level game on `map` (the layout characters of `levels/FORMAT.md`,
/// `g` a goblin spawn), seed 1, with the shipped monster config but every
/// monster awake at the start (a test puts one to sleep by hand: the rules
/// it tests then do not hang on the seed's draw of sleepers).
pub fn game_on(map: &str) -> (Game, tempfile::TempDir) {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let path = dir.path().join("fixture.toml");
    let file = format!(
        "description = \"A test map.\"\n\n[layout]\nmap = '''\n{map}'''\n\n[layout.legend]\n\"g\" = \"spawn goblins\"\n"
    );
    std::fs::write(&path, file).expect("the level file is written");
    let config = MonsterConfig::shipped()
        .expect("the shipped config loads")
        .all_awake();
    let setup = GameSetup::new(Some(&path.display().to_string()), 1, config);
    (Game::new(&setup).expect("the test map plays"), dir)
}

/// Makes monster `monster` of `game` a goblin archer hunting the player
/// (the shipped config's archer), for tests of play against shooters.
#[cfg(test)]
pub(crate) fn hunting_archer(game: &mut Game, monster: usize) {
    let archer = game
        .kinds()
        .iter()
        .position(|kind| kind.name == "goblin archer")
        .expect("the shipped config has an archer");
    game.actor_mut(monster).species = crate::game::actor::Species::Monster(archer);
    set_mode(game, monster, crate::ai::Mode::Hunt);
}

/// Puts monster `monster` of `game` in `mode` (hunting, wandering, ...), as
/// if its brain had chosen it.
#[cfg(test)]
pub(crate) fn set_mode(game: &mut Game, monster: usize, mode: crate::ai::Mode) {
    game.actor_mut(monster)
        .brain
        .as_mut()
        .expect("a monster")
        .mode = mode;
}
