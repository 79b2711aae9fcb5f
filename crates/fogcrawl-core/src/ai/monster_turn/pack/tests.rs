//! Tests of a pack round the player: a hunter striking holds the cell it
//! strikes from, and a pack in a room or against a wall stands on every
//! cell next to the player it can reach.

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

use crate::ai::brain::{Brain, Mode};
use crate::ai::give_way::Body;
use crate::ai::monster_turn::tests::{goblins_knowing, senses};
use crate::ai::monster_turn::{Intent, MemberTurn};
use crate::config::MonsterConfig;
use crate::game::test_levels::set_mode;
use crate::{Action, Game, GameSetup};
use gridpath::Pos;

#[test]
fn a_hunter_striking_from_a_cell_on_its_way_round_lets_the_cell_it_held_go() {
    // The player at 3,1 against the north wall. The goblin (actor 1)
    // set out round to 4,1, east of the player, and reached 4,2, diagonal
    // to it: it strikes from there. The cell it stands on is its place;
    // 4,1 is let go, free for a packmate waiting for room.
    let map = "#######\n\
               #..@..#\n\
               #.....#\n\
               #.....#\n\
               #######";
    let (mut faction, _) = goblins_knowing(map);
    let (player, at, east) = (Pos::new(3, 1), Pos::new(4, 2), Pos::new(4, 1));
    faction.spots_mut().claim(1, east, Pos::new(4, 3));
    faction.spots_mut().wait(1, player, Pos::new(4, 3), 0.5);
    let body = move |p: Pos| {
        if p == player {
            Body::Player
        } else {
            Body::Empty
        }
    };
    let mut s = senses(at, &body);
    s.player_seen = Some(player);
    let mut brain = Brain {
        mode: Mode::Hunt,
        spot: Some(east),
        ..Brain::default()
    };
    let mut rng = ChaCha8Rng::seed_from_u64(1);
    let intent = MemberTurn::new(&mut faction, &mut brain, &s).think(&mut rng);
    assert_eq!(intent, Intent::Attack(player), "{:?}", brain.thought);
    assert_eq!(faction.spots().held_by(1), Some(at));
    assert_eq!(brain.spot, Some(at));
    assert_eq!(faction.spots().holder(east), None, "4,1 is free");
    assert_eq!(
        faction.spots().waited_longer(2, player, 1.0).count(),
        0,
        "it waits for no cell"
    );
}

/// The goblins drawn in a room (`map`) hunting a player that stands
/// (undying) where it is drawn, over `turns` player turns: the player's
/// cell, and the cells next to it goblins stand on after each turn.
fn pack_in_a_room(map: &str, turns: usize) -> (Pos, Vec<Vec<Pos>>) {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let path = dir.path().join("room.toml");
    let file = format!(
        "description = \"A room.\"\n\n[layout]\nmap = '''\n{map}'''\n\n[layout.legend]\n\"g\" = \"spawn goblins\"\n"
    );
    std::fs::write(&path, file).expect("the level file is written");
    let config = MonsterConfig::shipped()
        .expect("the shipped config loads")
        .all_awake();
    let level = path.display().to_string();
    let mut setup = GameSetup::new(Some(&level), 1, config);
    setup.run = vec![level.clone()];
    setup.undying_player = true;
    let mut game = Game::new(&setup).expect("the room plays");
    let goblins: Vec<usize> = (1..game.actors().len()).collect();
    for &goblin in &goblins {
        set_mode(&mut game, goblin, Mode::Hunt);
    }
    let player = game.player().pos;
    let mut beside = Vec::new();
    for _ in 0..turns {
        game.player_act(Action::Wait)
            .expect("waiting is never refused");
        beside.push(
            game.actors()
                .iter()
                .skip(1)
                .filter(|m| m.is_alive() && m.pos.chebyshev(player) == 1)
                .map(|m| m.pos)
                .collect(),
        );
    }
    (player, beside)
}

#[test]
fn a_pack_in_a_room_stands_all_round_the_player() {
    // Six goblins come at the player from the west side of a room. The
    // west side has three cells next to the player, north and south one
    // each: the sixth goes round to the far side, and all six stand next
    // to the player, and stay.
    let map = "#############\n\
               #...........#\n\
               #gg.........#\n\
               #gg...@.....#\n\
               #gg.........#\n\
               #...........#\n\
               #..........>#\n\
               #############\n";
    let (player, beside) = pack_in_a_room(map, 12);
    let last = beside.last().expect("turns were played");
    assert_eq!(last.len(), 6, "next to the player at the end: {last:?}");
    assert!(
        last.iter().any(|cell| cell.x > player.x),
        "one went round to the far side: {last:?}"
    );
    let first_full = beside
        .iter()
        .position(|cells| cells.len() == 6)
        .expect("the six stood round the player");
    assert!(
        beside[first_full..].iter().all(|cells| cells.len() == 6),
        "{beside:?}"
    );
}

#[test]
fn a_pack_round_a_player_against_a_wall_fills_every_cell_next_to_it() {
    // The player against the north wall at 6,1 has five cells next to it;
    // six goblins come from the south west. The one going round to the
    // east cell struck from 7,2 on its way, holding 7,1, which stood
    // empty while two packmates waited for room: four stood next to the
    // player for 20 turns. Striking from 7,2 it lets 7,1 go, a waiter
    // goes round to it, and all five cells are taken.
    let map = "#############\n\
               #.....@.....#\n\
               #...........#\n\
               #...........#\n\
               #gg.........#\n\
               #gg.........#\n\
               #gg........>#\n\
               #############\n";
    let (player, beside) = pack_in_a_room(map, 14);
    let last = beside.last().expect("turns were played");
    assert_eq!(last.len(), 5, "next to the player at the end: {last:?}");
    assert!(last.contains(&Pos::new(player.x + 1, player.y)), "{last:?}");
}
