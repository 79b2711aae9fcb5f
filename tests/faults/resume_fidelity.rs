//! Class 15 (issue 35): a save loses nothing of the game. Loaded from its
//! file, a game goes on exactly as the one that never stopped: a monster
//! hunting, searching or fleeing at the save is still at it, with the same
//! plan, after the load; and a save that names a recording outside the
//! recordings folder never makes the game write there.

use fogcrawl_core::{
    Action, Autopilot, Game, GameSetup, Loaded, Mode, load_save, run_recording, write_save,
};

use crate::fixtures::shipped;
use crate::timebox::must_finish;

fn horde(seed: u64) -> Game {
    let mut setup = GameSetup::new(Some("horde"), seed, shipped());
    setup.run = vec!["horde".to_owned()];
    setup.start_depth = 0;
    setup.undying_player = true;
    Game::new(&setup).expect("horde plays")
}

fn turn(game: &mut Game, pilot: &mut Autopilot) {
    let action = pilot.choose(game);
    if game.player_act(action).is_err() {
        let _ = game.player_act(Action::Wait);
    }
}

fn busy_monsters(game: &Game) -> usize {
    game.actors()
        .iter()
        .skip(1)
        .filter(|a| a.is_alive())
        .filter(|a| {
            a.brain.as_ref().is_some_and(|b| {
                matches!(
                    b.mode,
                    Mode::Hunt | Mode::Search | Mode::Flee | Mode::Investigate
                )
            })
        })
        .count()
}

/// On main before format 4, an eighth of the monsters hunting, searching,
/// investigating or fleeing at a save were wandering a turn after the load.
#[test]
fn monsters_busy_at_a_save_are_as_busy_after_the_load() {
    must_finish("saving and loading busy monsters", || {
        let dir = tempfile::tempdir().expect("a temp dir");
        let path = dir.path().join("save.bin");
        let mut checked = 0;
        for seed in 1..=2 {
            let mut game = horde(seed);
            let mut pilot = Autopilot::new();
            // One save in each stretch of 15 turns, at its first turn
            // with a monster busy (a fixed turn found none busy once the
            // monsters' moves changed).
            let mut saved_in_stretch = None;
            for at in 0..75 {
                turn(&mut game, &mut pilot);
                let stretch = at / 15;
                if saved_in_stretch == Some(stretch) || busy_monsters(&game) == 0 {
                    continue;
                }
                saved_in_stretch = Some(stretch);
                write_save(&path, &game).expect("saved");
                let Loaded::Game(mut loaded) = load_save(&path, &shipped()) else {
                    panic!("the save loads");
                };
                assert!(
                    loaded.actors() == game.actors(),
                    "seed {seed} turn {at}: minds as saved"
                );
                let mut unbroken = game.clone();
                let (mut a, mut b) = (Autopilot::new(), Autopilot::new());
                for _ in 0..3 {
                    turn(&mut unbroken, &mut a);
                    turn(&mut loaded, &mut b);
                }
                assert!(
                    loaded.actors() == unbroken.actors(),
                    "seed {seed} turn {at}: the loaded game went another way"
                );
                checked += busy_monsters(&game);
            }
        }
        assert!(checked > 0, "some monsters were busy at the saves");
    });
}

#[test]
fn a_save_naming_a_recording_outside_the_folder_never_writes_there() {
    must_finish("a save naming a recording elsewhere", || {
        let dir = tempfile::tempdir().expect("a temp dir");
        let recordings = dir.path().join("recordings");
        std::fs::create_dir(&recordings).expect("the folder");
        let outside = dir.path().join("game-1.fcrec");
        std::fs::write(&outside, b"not the game's").expect("a file outside");
        let mut game = horde(1);
        for name in [
            "../game-1.fcrec",
            "/etc/passwd",
            "game-1.txt",
            "notes.fcrec",
            "",
        ] {
            game.set_recording_name(Some(name.to_owned()));
            assert_eq!(run_recording(&recordings, &game), None, "{name:?}");
        }
        assert_eq!(
            std::fs::read(&outside).expect("still there"),
            b"not the game's"
        );
    });
}
