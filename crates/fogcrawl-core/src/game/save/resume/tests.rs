//! A resumed game is the unbroken game: saved through the real save format
//! and loaded again at any turn, every monster's mind, every faction's
//! plans and searches and every count go on exactly as they would have
//! (issue 35). The games here run side by side, one never saved, the other
//! saved and loaded at the quit points, and are compared after every turn.

use crate::ai::counters::FactionCounters;
use crate::game::save::resume::through_save;
use crate::{
    Action, Autopilot, Game, GameSetup, Mode, MonsterConfig, PlayerScript, SimReport,
    run_sim_scripted,
};
use proptest::prelude::*;

fn setup(level: &str, seed: u64) -> GameSetup {
    let config = MonsterConfig::shipped().expect("the shipped config");
    let mut setup = GameSetup::new(Some(level), seed, config);
    setup.run = vec![level.to_owned()];
    setup.start_depth = 0;
    setup.undying_player = true;
    setup
}

/// What was going on at the quit points.
#[derive(Debug, Default)]
struct Seen {
    hunting: bool,
    fleeing: bool,
    searching: bool,
    paused_search: bool,
    waiting_request: bool,
}

impl Seen {
    fn note(&mut self, game: &Game) {
        for actor in game.actors().iter().skip(1).filter(|a| a.is_alive()) {
            match actor.brain.as_ref().map(|b| b.mode) {
                Some(Mode::Hunt) => self.hunting = true,
                Some(Mode::Flee) => self.fleeing = true,
                Some(Mode::Search) => self.searching = true,
                _ => {}
            }
        }
        for faction in game.factions() {
            let (paused, waiting) = faction.searches_pending();
            self.paused_search |= paused > 0;
            self.waiting_request |= waiting > 0;
        }
    }
}

/// Plays `turns` turns of `level` twice with the scripted player: once
/// unbroken, once saved and loaded before each turn in `quits`; the two must
/// agree after every turn on every actor (mind included), and at the end on
/// every count.
fn play_side_by_side(level: &str, seed: u64, turns: u64, quits: &[u64]) -> Seen {
    let setup = setup(level, seed);
    let mut unbroken = Game::new(&setup).expect("the level plays");
    let mut resumed = Game::new(&setup).expect("the level plays");
    let (mut pilot_a, mut pilot_b) = (Autopilot::new(), Autopilot::new());
    let mut seen = Seen::default();
    for turn in 0..turns {
        if unbroken.is_over() {
            break;
        }
        if quits.contains(&turn) {
            seen.note(&resumed);
            through_save(&mut resumed).unwrap_or_else(|err| panic!("{level} turn {turn}: {err}"));
        }
        let action = pilot_a.choose(&unbroken);
        assert_eq!(
            action,
            pilot_b.choose(&resumed),
            "{level} s{seed}: the player chose alike on turn {turn}"
        );
        for (game, action) in [(&mut unbroken, action), (&mut resumed, action)] {
            if game.player_act(action).is_err() {
                let _ = game.player_act(Action::Wait);
            }
        }
        assert!(
            unbroken.actors() == resumed.actors(),
            "{level} s{seed}: the games went apart on turn {turn} (quits at {quits:?})"
        );
    }
    assert_eq!(unbroken.time(), resumed.time());
    assert_eq!(
        unbroken.stats().player_turns(),
        resumed.stats().player_turns()
    );
    for (index, (a, b)) in unbroken
        .factions()
        .iter()
        .zip(resumed.factions())
        .enumerate()
    {
        assert_eq!(
            without_cache_work(*a.counters()),
            without_cache_work(*b.counters()),
            "{level}: {} counted alike",
            a.name()
        );
        assert_eq!(
            a.planner_stats(),
            b.planner_stats(),
            "{level}: {} planned alike",
            a.name()
        );
        assert_eq!(unbroken.behaviour(index), resumed.behaviour(index));
    }
    seen
}

/// A faction's counts without the repairs of its coarse graph, a cache a
/// loaded game builds anew rather than repairs (docs/SIM.md). What its
/// far plans expanded (`coarse_expanded`, the clusters they priced
/// included) is compared: which clusters are priced is saved (format 9)
/// and priced again outside any turn, so a resumed game prices the same.
fn without_cache_work(mut counters: FactionCounters) -> FactionCounters {
    counters.coarse_cells_repaired = 0;
    counters.coarse_clusters_unpriced = 0;
    counters
}

/// A report without what a clock measured, nor the repairs of the
/// factions' coarse graphs (see [`without_cache_work`]), nor the most
/// cells one far plan priced (`coarse_priced.plan_max`): each faction's
/// planner counts it from its making, which a load is. The cells priced
/// each turn are compared.
fn untimed(mut report: SimReport) -> SimReport {
    report.ai_micros = Default::default();
    report.level_entry_micros.clear();
    report.coarse_priced.plan_max = 0;
    for faction in &mut report.factions {
        faction.counters = without_cache_work(faction.counters);
    }
    report
}

#[test]
fn sim_resuming_every_few_turns_reports_the_unbroken_game_on_every_shipped_level() {
    for level in crate::world::shipped_levels::SHIPPED_LEVELS.map(|level| level.name) {
        if level == "colossus" {
            // 1024x1024: measured with the release binary (docs/SIM.md).
            continue;
        }
        let setup = setup(level, 2);
        let (unbroken, _, _) =
            run_sim_scripted(&setup, 60, PlayerScript::Autopilot, None, None, None).expect("plays");
        let (resumed, _, _) =
            run_sim_scripted(&setup, 60, PlayerScript::Autopilot, None, None, Some(7))
                .expect("plays");
        assert_eq!(untimed(unbroken), untimed(resumed), "{level}");
    }
}

/// Far plans priced across saves count alike: horde, seed 3, its far
/// plans pricing clusters from turn 90 on (two plans by turn 120, 5,285
/// cells for the larger), saved and loaded every 7 turns, reports the
/// unbroken game's `coarse_expanded` and cells priced each turn.
#[test]
fn far_plans_priced_across_saves_count_as_in_the_unbroken_game() {
    let setup = setup("horde", 3);
    let (unbroken, _, _) =
        run_sim_scripted(&setup, 120, PlayerScript::Autopilot, None, None, None).expect("plays");
    let (resumed, _, _) =
        run_sim_scripted(&setup, 120, PlayerScript::Autopilot, None, None, Some(7)).expect("plays");
    let expanded = |report: &SimReport| -> u64 {
        report
            .factions
            .iter()
            .map(|faction| faction.counters.coarse_expanded)
            .sum()
    };
    assert!(expanded(&unbroken) > 0, "the premise: far plans were made");
    assert!(
        unbroken.coarse_priced.per_turn.max > 0,
        "the premise: they priced clusters"
    );
    assert_eq!(expanded(&unbroken), expanded(&resumed));
    assert_eq!(
        unbroken.coarse_priced.per_turn,
        resumed.coarse_priced.per_turn
    );
    assert_eq!(untimed(unbroken), untimed(resumed));
}

#[test]
fn a_quit_with_monsters_hunting_fleeing_searching_and_mid_search_changes_nothing() {
    // Horde, seed 1: wolves hunt and flee, the factions have searches
    // paused and requests wait; rooms, seed 3: monsters hunting, fleeing
    // and searching, searches paused. (Warrens, seed 1, caught the waiting
    // requests until far wanderers walked their corridors instead of
    // asking the planner for a spot; rooms 1 caught monsters searching
    // until session 25's wanderers and queue sent it down another path: a
    // probe of rooms 1-3, maze, warrens, caves, swamp 1 and horde 2 found
    // rooms 3 catching all but the waiting requests.)
    let quits: Vec<u64> = (1..120).step_by(3).collect();
    let horde = play_side_by_side("horde", 1, 120, &quits);
    let rooms = play_side_by_side("rooms", 3, 120, &quits);
    let seen = Seen {
        hunting: horde.hunting || rooms.hunting,
        fleeing: horde.fleeing || rooms.fleeing,
        searching: horde.searching || rooms.searching,
        paused_search: horde.paused_search || rooms.paused_search,
        waiting_request: horde.waiting_request || rooms.waiting_request,
    };
    assert!(
        seen.hunting
            && seen.fleeing
            && seen.searching
            && seen.paused_search
            && seen.waiting_request,
        "the quits must catch monsters hunting, fleeing and searching, and searches under way: {seen:?}"
    );
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 4, ..ProptestConfig::default() })]

    #[test]
    fn quitting_at_any_turns_changes_nothing(
        level in prop::sample::select(vec!["horde", "warrens", "caves", "river"]),
        seed in 1u64..5,
        quits in prop::collection::vec(0u64..60, 1..4),
    ) {
        play_side_by_side(level, seed, 60, &quits);
    }
}

/// One recording per run: a game saved and resumed twice goes on writing
/// the recording it started, and replaying that recording from the new
/// game checks every turn across both quits.
#[test]
fn a_run_with_two_quits_is_one_recording_that_verifies_every_turn() {
    use crate::{
        ConfigSource, DEFAULT_HASH_EVERY, Header, Loaded, Recorder, Replayer, load_save,
        run_recording, write_save,
    };

    let dir = tempfile::tempdir().expect("a temporary folder");
    let recordings = dir.path().join("recordings");
    std::fs::create_dir(&recordings).expect("the recordings folder");
    let save = dir.path().join("save.bin");
    let setup = setup("horde", 3);
    let config = setup.config.clone();
    let mut game = Game::new(&setup).expect("horde plays");
    let path = recordings.join("game-20261126-000000-3.fcrec");
    let header = Header::new_game(&setup, &ConfigSource::BuiltIn, DEFAULT_HASH_EVERY);
    let mut recorder = Recorder::start(&path, &header, &mut game).expect("recording starts");
    let mut pilot = Autopilot::new();
    for segment in 0..3 {
        for _ in 0..30 {
            let action = pilot.choose(&game);
            if game.player_act(action).is_err() {
                let _ = game.player_act(Action::Wait);
            }
            recorder.catch_up(&mut game);
        }
        if segment == 2 {
            break;
        }
        // Quit: the save is written and the process ends.
        write_save(&save, &game).expect("saved");
        drop(recorder);
        game = match load_save(&save, &config) {
            Loaded::Game(game) => *game,
            _ => panic!("the save loads"),
        };
        assert!(game.resumed_whole());
        let again = run_recording(&recordings, &game).expect("the save names its recording");
        assert_eq!(again, path);
        recorder = Recorder::append(&again, &mut game).expect("the recording goes on");
    }
    drop(recorder);
    let files: Vec<_> = std::fs::read_dir(&recordings).expect("listed").collect();
    assert_eq!(files.len(), 1, "one recording for the run");
    let verified = Replayer::open(&path)
        .expect("the recording opens")
        .verify()
        .expect("every turn replays as recorded");
    assert_eq!(verified.turns, game.stats().player_turns());
    // 90 choices, less the ones that took no turn (sneaking on or off).
    assert!(
        (80..=90).contains(&verified.turns),
        "{} turns",
        verified.turns
    );
    assert!(verified.hashes >= 3, "the state is checked at each resume");
}
