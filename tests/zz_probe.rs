use fogcrawl::game::autopilot::Autopilot;
use fogcrawl::game::{Game, GameSetup};
#[test]
fn probe() {
    let config =
        fogcrawl::config::MonsterConfig::load(&fogcrawl::config::default_config_path()).unwrap();
    let level = std::env::var("PROBE_LEVEL").unwrap_or("horde".into());
    let seed: u64 = std::env::var("PROBE_SEED")
        .map(|s| s.parse().unwrap())
        .unwrap_or(1);
    let mut setup = GameSetup::new(Some(&level), seed, config);
    setup.run = vec![level.clone()];
    setup.undying_player = true;
    let mut game = Game::new(&setup).unwrap();
    let mut pilot = Autopilot::new();
    while game.stats.player_turns < 400 && !game.is_over() {
        let a = pilot.choose(&game);
        if game.player_act(a).is_err() {
            let _ = game.player_act(fogcrawl::game::Action::Wait);
        }
        for (i, actor) in game.actors.iter().enumerate().skip(1) {
            if let Some(b) = &actor.brain {
                if b.stall_turns >= 18 && actor.is_alive() {
                    let f = game.faction_index_of(i).unwrap();
                    println!(
                        "t{} actor {i} {} at {:?} goal {:?} stall {} mode {:?} plan {:?} thought {} player {:?}",
                        game.stats.player_turns,
                        game.factions[f].name(),
                        actor.pos,
                        b.goal,
                        b.stall_turns,
                        b.mode,
                        b.plan.iter().take(2).collect::<Vec<_>>(),
                        b.thought.describe(game.factions[f].name()),
                        game.player().pos
                    );
                }
            }
        }
    }
}
