//! Class 3: a level that fails to load mid-run. The player stays where
//! they are, the reason is shown, the game (and so its save) goes on; the
//! run is won only on the last level's stairs.

use fogcrawl_core::{Action, Direction, Game, GameSetup, Refusal};

use crate::fixtures::{DUEL, shipped};
use crate::timebox::must_finish;

/// The duel's stairs, from its start: east along the corridor, then south.
fn walk_to_the_stairs(game: &mut Game) {
    for direction in [Direction::East; 7].into_iter().chain([Direction::South]) {
        let target = direction.from(game.player().pos);
        for _ in 0..40 {
            if game.player().pos == target || game.is_over() {
                break;
            }
            let _ = game.player_act(Action::Move(direction));
        }
    }
}

#[test]
fn stairs_to_a_broken_level_keep_the_player_and_the_game() {
    let dir = tempfile::tempdir().expect("a temp dir");
    let broken = dir.path().join("broken.toml");
    std::fs::write(
        &broken,
        "description = \"cut off\"\n[layout]\nmap = '''\n#@\n",
    )
    .unwrap();
    let broken = broken.display().to_string();
    let (refusal, over, depth, log) = must_finish("descending to a broken level", move || {
        let mut setup = GameSetup::new(Some(DUEL), 1, shipped());
        setup.run = vec![DUEL.to_owned(), broken];
        setup.start_depth = 0;
        let mut game = Game::new(&setup).expect("the duel loads");
        walk_to_the_stairs(&mut game);
        assert!(
            !game.is_over(),
            "the goblin should not win this duel (seed 1)"
        );
        let at = game.player().pos;
        let refusal = game.player_act(Action::Descend);
        assert_eq!(game.player().pos, at, "the player stays where they are");
        let log: Vec<String> = game.log().recent(5).map(|m| m.text.clone()).collect();
        (refusal, game.is_over(), game.depth(), log.join("\n"))
    });
    assert!(
        matches!(&refusal, Err(Refusal::StairsLeadNowhere(reason)) if reason.contains("broken.toml")),
        "{refusal:?}"
    );
    assert!(!over, "no victory: the run has a level left\n{log}");
    assert_eq!(depth, 0);
    assert!(log.contains("The stairs lead nowhere"), "{log}");
}
