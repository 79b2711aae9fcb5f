//! `fogcrawl sim`: the same game loop with no terminal and a scripted
//! player, reporting what happened and what the AI did and cost, as one JSON
//! object (`--json`; every field is documented in docs/SIM.md) or as the
//! table `cli::sim_report` prints.

use std::io::Write;

use serde::{Serialize, Serializer};

use crate::ai::planner::PlannerStats;
use crate::ai::{FactionCounters, FogWalk, fog_walk};
use crate::game::autopilot::{Autopilot, AutopilotSkills};
use crate::game::behaviour::BehaviourCounters;
use crate::game::evader::Evader;
use crate::game::game_error::GameError;
use crate::game::pack_counters::PackCounters;
use crate::game::percentiles::{Percentiles, percentiles};
use crate::game::recording::{Header, Recorder};
use crate::game::setup::GameSetup;
use crate::game::stander::Stander;
use crate::game::state::{Game, Outcome};

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct SimReport {
    pub level: String,
    pub seed: u64,
    pub turns: u64,
    pub outcome: String,
    pub time: f64,
    pub depth: usize,
    pub monsters_alive: usize,
    pub kills: u32,
    pub searches: u64,
    pub expanded: u64,
    /// AI time per player turn, microseconds. Not deterministic.
    pub ai_micros: AiMicros,
    /// AI time on entering each level (the monsters' first looks), in
    /// microseconds, one per level entered; not part of `ai_micros`. Not
    /// deterministic.
    pub level_entry_micros: Vec<u32>,
    /// Game time each player turn lasted: the monsters act that long
    /// between two of the player's turns (a step through a swamp lasts
    /// three to four times a step on floor, and so does the AI's work).
    pub player_turn_length: Percentiles<f64>,
    /// Cells settled pricing the factions' coarse graphs (the clusters far
    /// plans reached), per player turn; `plan_max` the most by one far
    /// plan. Work on a cache a loaded game builds anew.
    pub coarse_priced: CoarsePriced,
    /// What stealth counted: sleepers, wakings, sneak attacks, monsters
    /// that heard the player or were drawn by its rests, turns sneaking.
    pub stealth: crate::game::stealth::StealthCounters,
    pub factions: Vec<FactionReport>,
}

/// AI time per player turn, in microseconds.
pub type AiMicros = Percentiles<u32>;

/// Cells settled pricing coarse graphs: per player turn, and the most by
/// one far plan.
#[derive(Debug, Clone, Copy, Default, PartialEq, Serialize)]
pub struct CoarsePriced {
    pub per_turn: Percentiles<u64>,
    pub plan_max: u64,
}

/// What one faction did in a sim.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct FactionReport {
    pub name: String,
    pub alive: usize,
    /// Nodes expanded by the faction's searches and by its shared fields.
    pub expanded: u64,
    /// What its planner counted (`ai::planner::PlannerStats`: searches,
    /// straight paths, restarts, given up), each under its report name.
    #[serde(flatten, serialize_with = "reported_planner")]
    pub planner: PlannerStats,
    /// What the faction's AI counted (`ai::counters`), each counter under
    /// its own name: a counter added there is reported here.
    #[serde(flatten, serialize_with = "reported_counters")]
    pub counters: FactionCounters,
    /// Behaviour as a player sees it, counted from every monster action.
    #[serde(flatten)]
    pub behaviour: BehaviourCounters,
    /// How it behaved in numbers (`game::pack_counters`).
    #[serde(flatten)]
    pub pack: PackCounters,
}

/// The planner's counters the report gives, under the report's names
/// (the others are the overlay's, or summed into `expanded`).
fn reported_planner<S: Serializer>(stats: &PlannerStats, serializer: S) -> Result<S::Ok, S::Error> {
    #[derive(Serialize)]
    struct Reported {
        searches: u64,
        search_restarts: u64,
        searches_resumed_after_changes: u64,
        given_up: u64,
        straight_paths: u64,
    }
    Reported {
        searches: stats.searches,
        search_restarts: stats.restarts,
        searches_resumed_after_changes: stats.resumed_after_changes,
        given_up: stats.given_up,
        straight_paths: stats.straight_paths,
    }
    .serialize(serializer)
}

/// A faction's counters as the report gives them: every one under its own
/// name but `field_expanded`, which the report counts in `expanded` (the
/// nodes its searches and its shared fields expanded).
fn reported_counters<S: Serializer>(
    counters: &FactionCounters,
    serializer: S,
) -> Result<S::Ok, S::Error> {
    let mut fields = serde_json::to_value(counters).map_err(serde::ser::Error::custom)?;
    if let Some(fields) = fields.as_object_mut() {
        fields.remove("field_expanded");
    }
    fields.serialize(serializer)
}

/// One walker per faction from the start to the stairs, under fog and
/// knowing everything (`sim --fog-walk`).
#[derive(Debug, Clone, PartialEq)]
pub struct WalkReport {
    pub walks: Vec<(String, FogWalk, FogWalk)>,
}

impl SimReport {
    /// The report as one JSON object.
    pub fn to_json(&self) -> String {
        // Plain data with string keys: encoding cannot fail.
        serde_json::to_string_pretty(self).unwrap_or_default()
    }
}

/// Plays up to `turns` player turns with the autopilot.
pub fn run_sim(setup: &GameSetup, turns: u64) -> Result<SimReport, GameError> {
    run_sim_logged(setup, turns, None).map(|(report, _)| report)
}

/// Plays up to `turns` player turns with the autopilot; with `actions`,
/// writes every monster action to it as a JSON line (the game is the same
/// either way). A failed write stops the log, not the game, and is
/// returned beside the report.
pub fn run_sim_logged(
    setup: &GameSetup,
    turns: u64,
    actions: Option<&mut dyn Write>,
) -> Result<(SimReport, Option<std::io::Error>), GameError> {
    run_sim_recorded(setup, turns, actions, None).map(|(report, error, _)| (report, error))
}

/// Where `sim --record` writes its recording, and what its header says.
#[derive(Debug, Clone)]
pub struct RecordTo {
    pub path: std::path::PathBuf,
    pub header: Header,
}

/// [`run_sim_logged`], also writing a recording of the game with `record`
/// (the autopilot's actions, flushed every turn). A recording that cannot
/// be started or written stops, not the game: why is the third result.
pub fn run_sim_recorded(
    setup: &GameSetup,
    turns: u64,
    actions: Option<&mut dyn Write>,
    record: Option<&RecordTo>,
) -> Result<(SimReport, Option<std::io::Error>, Option<String>), GameError> {
    run_sim_scripted(setup, turns, PlayerScript::Autopilot, actions, record, None)
}

/// Which scripted player plays a sim (`sim --player`).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub enum PlayerScript {
    /// Explores, fights what comes, takes the stairs
    /// (`crate::game::autopilot`).
    #[default]
    Autopilot,
    /// The autopilot with some skills taken away (`sim --no-sneak`,
    /// `sim --no-tools`): what they are worth is the difference.
    AutopilotWith(AutopilotSkills),
    /// Explores, and breaks contact with hunters: hides, then comes back
    /// (`crate::game::evader`).
    Evader,
    /// Explores, and holds its ground while hunted: strikes a hunter
    /// beside it, else waits (`crate::game::stander`).
    Stander,
}

/// The scripted player of a sim.
enum Pilot {
    Autopilot(Autopilot),
    Evader(Evader),
    Stander(Stander),
}

impl Pilot {
    fn new(script: PlayerScript) -> Self {
        match script {
            PlayerScript::Autopilot => Pilot::Autopilot(Autopilot::new()),
            PlayerScript::AutopilotWith(skills) => Pilot::Autopilot(Autopilot::with_skills(skills)),
            PlayerScript::Evader => Pilot::Evader(Evader::new()),
            PlayerScript::Stander => Pilot::Stander(Stander::new()),
        }
    }

    fn choose(&mut self, game: &Game) -> crate::game::Action {
        match self {
            Pilot::Autopilot(pilot) => pilot.choose(game),
            Pilot::Evader(pilot) => pilot.choose(game),
            Pilot::Stander(pilot) => pilot.choose(game),
        }
    }
}

/// [`run_sim_recorded`] with the scripted player `script`; with
/// `resume_every` K, the game is saved through the real save format and
/// loaded again every K player turns (`sim --resume-every`), as a player
/// quitting and starting again would: the report must be the unbroken
/// game's (timings aside).
pub fn run_sim_scripted(
    setup: &GameSetup,
    turns: u64,
    script: PlayerScript,
    mut actions: Option<&mut dyn Write>,
    record: Option<&RecordTo>,
    resume_every: Option<u64>,
) -> Result<(SimReport, Option<std::io::Error>, Option<String>), GameError> {
    let mut game = Game::new(setup)?;
    game.log_actions(actions.is_some());
    let mut recording_failure = None;
    let mut recorder = match record.map(|to| Recorder::start(&to.path, &to.header, &mut game)) {
        Some(Ok(recorder)) => Some(recorder),
        Some(Err(err)) => {
            recording_failure = Some(err.to_string());
            None
        }
        None => None,
    };
    let mut pilot = Pilot::new(script);
    let mut write_error = None;
    while game.stats().player_turns() < turns && !game.is_over() {
        let action = pilot.choose(&game);
        let turn_start = game.pack_turn_start();
        if game.player_act(action).is_err() {
            // The pilot chose something the rules refuse: let time pass.
            let _ = game.player_act(crate::game::Action::Wait);
        }
        // The pack figures of the turn (reads the game, changes nothing).
        game.sample_packs(&turn_start);
        if let Some(recorder) = recorder.as_mut() {
            recorder.catch_up(&mut game);
            if let Some(failure) = recorder.take_failure() {
                recording_failure = Some(failure);
            }
        }
        if let Some(out) = actions.as_deref_mut()
            && let Err(err) = write_actions(&mut game, out)
        {
            write_error = Some(err);
            actions = None;
            game.log_actions(false);
        }
        if let Some(every) = resume_every.filter(|&every| every > 0)
            && game.stats().player_turns().is_multiple_of(every)
            && !game.is_over()
        {
            crate::game::save::resume::through_save(&mut game)
                .map_err(|err| GameError::Resume(Box::new(err)))?;
        }
    }
    if let Some(out) = actions
        && let Err(err) = out.flush()
    {
        write_error = Some(err);
    }
    Ok((report(&game), write_error, recording_failure))
}

/// Writes the monster actions since the last call as JSON lines.
fn write_actions(game: &mut Game, out: &mut dyn Write) -> std::io::Result<()> {
    for record in game.take_actions() {
        let faction = game.factions().get(record.faction).map_or("", |f| f.name());
        let kind = game
            .kinds()
            .get(record.kind)
            .map_or("", |k| k.name.as_str());
        serde_json::to_writer(&mut *out, &record.line(faction, kind))?;
        out.write_all(b"\n")?;
    }
    Ok(())
}

/// The fog-of-war experiment on the starting level: per faction, one
/// walker from the start to the stairs under fog and knowing everything,
/// each walk at most `max_steps` turns.
pub fn run_fog_walks(setup: &GameSetup, max_steps: u64) -> Result<WalkReport, GameError> {
    let level = setup.build_level(setup.start_depth)?;
    let mut walks = Vec::new();
    for faction in &setup.config.factions {
        let walk = |omniscient| {
            fog_walk(
                &level,
                faction,
                level.start,
                level.stairs,
                omniscient,
                max_steps,
            )
        };
        if let (Ok(fog), Ok(omni)) = (walk(false), walk(true)) {
            walks.push((faction.name.clone(), fog, omni));
        }
    }
    Ok(WalkReport { walks })
}

fn report(game: &Game) -> SimReport {
    let outcome = match &game.outcome() {
        None => "still exploring".to_owned(),
        Some(Outcome::Died { cause, .. }) => format!("died, {cause}"),
        Some(Outcome::Won { .. }) => "escaped the dungeon".to_owned(),
    };
    let (searches, expanded) = game.search_counts();
    SimReport {
        level: game.level().name.clone(),
        seed: game.seed(),
        turns: game.stats().player_turns(),
        outcome,
        time: game.time(),
        depth: game.depth() + 1,
        monsters_alive: game.living_monsters(),
        kills: game.stats().kills(),
        searches,
        expanded,
        ai_micros: percentiles(game.stats().ai_micros()),
        level_entry_micros: game.stats().level_entry_micros().to_vec(),
        player_turn_length: percentiles(game.stats().player_turn_lengths()),
        coarse_priced: CoarsePriced {
            per_turn: percentiles(game.stats().coarse_priced()),
            plan_max: game
                .factions()
                .iter()
                .map(|faction| faction.coarse_cells_priced().1)
                .max()
                .unwrap_or(0),
        },
        stealth: game.stealth_counters(),
        factions: game
            .factions()
            .iter()
            .enumerate()
            .map(|(index, faction)| {
                let stats = faction.planner_stats();
                let counters: &FactionCounters = faction.counters();
                FactionReport {
                    name: faction.name().to_owned(),
                    alive: (1..game.actors().len())
                        .filter(|&a| {
                            game.actors()[a].is_alive() && game.faction_index_of(a) == Some(index)
                        })
                        .count(),
                    expanded: stats.expanded + counters.field_expanded,
                    planner: stats,
                    counters: *counters,
                    behaviour: game.behaviour(index),
                    pack: game.pack_counters(index),
                }
            })
            .collect(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A report with one faction, every figure zero.
    fn empty_report() -> SimReport {
        SimReport {
            level: "arena".to_owned(),
            seed: 1,
            turns: 0,
            outcome: "unfinished".to_owned(),
            time: 0.0,
            depth: 1,
            monsters_alive: 0,
            kills: 0,
            searches: 0,
            expanded: 0,
            ai_micros: AiMicros::default(),
            level_entry_micros: Vec::new(),
            player_turn_length: Percentiles::default(),
            coarse_priced: CoarsePriced::default(),
            stealth: crate::game::stealth::StealthCounters::default(),
            factions: vec![FactionReport {
                name: "goblins".to_owned(),
                alive: 0,
                expanded: 0,
                planner: PlannerStats::default(),
                counters: FactionCounters::default(),
                behaviour: BehaviourCounters::default(),
                pack: PackCounters::default(),
            }],
        }
    }

    /// Every key of `value`, at any depth.
    fn keys(value: &serde_json::Value, out: &mut Vec<String>) {
        match value {
            serde_json::Value::Object(map) => {
                for (key, inner) in map {
                    out.push(key.clone());
                    keys(inner, out);
                }
            }
            serde_json::Value::Array(items) => items.iter().for_each(|item| keys(item, out)),
            _ => {}
        }
    }

    #[test]
    fn every_faction_counter_is_reported_under_its_own_name() {
        let report: serde_json::Value =
            serde_json::from_str(&empty_report().to_json()).expect("the report is JSON");
        let faction = report["factions"][0]
            .as_object()
            .expect("a faction is an object");
        let counters = serde_json::to_value(FactionCounters::default()).expect("plain data");
        let counters = counters.as_object().expect("the counters are an object");
        for name in counters.keys().filter(|name| *name != "field_expanded") {
            assert!(faction.contains_key(name), "counter {name} is not reported");
        }
        assert!(
            !faction.contains_key("field_expanded"),
            "the shared fields' nodes are reported within `expanded`"
        );
    }

    #[test]
    fn every_json_field_is_documented_in_sim_md() {
        let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../docs/SIM.md");
        let doc = std::fs::read_to_string(path).expect("docs/SIM.md is readable");
        let report: serde_json::Value =
            serde_json::from_str(&empty_report().to_json()).expect("the report is JSON");
        let mut names = Vec::new();
        keys(&report, &mut names);
        let missing: Vec<&String> = names
            .iter()
            .filter(|name| {
                // A faction's fields are written `factions[].name`.
                ![
                    format!("`{name}`"),
                    format!("`{name}[]"),
                    format!("[].{name}`"),
                ]
                .iter()
                .any(|written| doc.contains(written))
            })
            .collect();
        assert!(missing.is_empty(), "docs/SIM.md does not name {missing:?}");
    }
}
