//! fogcrawl's headless core: everything of the game but the terminal and
//! the command line. No terminal library is a dependency of this package, so
//! Cargo, not a comment, keeps the front end out.
//!
//! The package's face is the list of `pub use` below: the items the front
//! end (the `fogcrawl` package), the tests and the benchmarks use, each at
//! the crate's root (`fogcrawl_core::Game`). The modules are private, so an
//! item is public only if it is named here (the workspace's
//! `unreachable_pub` lint says which `pub` reaches no one).
//! `scripts/core-api-imports` rewrites old module paths to this API.
//!
//! Module map (data flows one way: `gridpath` -> world -> ai -> game; the
//! `fogcrawl` package's cli and ui sit on top):
//! - `world`: terrain and its costs, level files, dungeon generators, field of view.
//! - `config`: the monster/faction config (`levels/monsters.toml`): checked, hot-reloaded.
//! - `diagnostic`: the one `file:line:column: field: problem; accepted values: ...`
//!   error shared by the config and level files; `key_path`: the dotted field path
//!   (`generator.width`) of a shape error, from the keys serde took to it.
//! - `ai`: per-faction fog knowledge, influence maps, cost views, the budgeted planner.
//! - `game`: game state and rules, the energy clock, saves, the headless sim.
//! - `user_dirs`: where the save, the log and a user's config live.
//! - `decode_budget`: how many grid cells a save being decoded may still claim.
//! - `save_version`: the save format this build writes, and the one being decoded.
//! - `regular_file`: reading the files the game reads only when they are regular
//!   files (never blocking on a FIFO), following symlinks to the file they name.
//! - `untrusted_text`: control bytes in text from files escaped before it is
//!   printed or written to a text file.
mod ai;
mod config;
mod decode_budget;
mod diagnostic;
mod game;
mod key_path;
mod map_as_pairs;
mod regular_file;
mod save_version;
mod untrusted_text;
mod user_dirs;
mod world;

// The faction AI: what the overlay and the lab show of a faction's mind.
pub use ai::brain::{Brain, Mode, PlanSource};
pub use ai::coarse::CLUSTER_SIZE;
pub use ai::cost_view::{CostRules, Influences, PENALTY_STEP};
pub use ai::faction::{Faction, line_of_sight, search_options_of};
pub use ai::fog_walk::fog_walk;
pub use ai::influence::InfluenceMap;
pub use ai::knowledge::FactionKnowledge;
pub use ai::thought::{Thought, describe_alert, why_line};

// The monster config: loading, watching, its shipped text and its rules.
pub use config::config_error::ConfigError;
pub use config::load::{
    ConfigSource, SHIPPED_CONFIG, default_config_source, user_config_path, write_user_copy,
};
pub use config::reloader::{ConfigReloader, Installed, ReloadReport};
pub use config::rules;
pub use config::schema::{
    FactionConfig, InfluenceLayer, MonsterConfig, Smoothing, UnknownCellPolicy,
};
pub use config::watch::{ConfigWatcher, Reload};

// The game: its state and rules, saves, recordings, scores and the sim.
pub use game::action::Action;
pub use game::activity::{Activity, Stop};
pub use game::actor::Actor;
pub use game::autopilot::{Autopilot, AutopilotSkills};
pub use game::awareness::Awareness;
pub use game::balance::play_runs;
pub use game::direction::Direction;
pub use game::experience::Experience;
pub use game::game_error::GameError;
pub use game::items::{
    CALTROPS_PLAN_COST, NOISEMAKER_HEARING, SLOWED_FACTOR, aim_range, aimed_at_monster,
    counted_items, describe as describe_item, needs_direction, throw_range,
};
pub use game::level_history::{LevelVisit, level_visits, run_end_time, shown_level_times};
pub use game::message_log::{Importance, Message, MessageLog, capitalised, counted};
pub use game::monster_kind::MonsterKind;
pub use game::percentiles::percentiles;
pub use game::player_map::PlayerMap;
pub use game::recording::event::{Event, Header};
pub use game::recording::fingerprint::config_text;
pub use game::recording::format::{Ending, MAGIC as RECORDING_MAGIC, read_recording};
pub use game::recording::library::{
    DEFAULT_KEPT, KEEP_VARIABLE, RECORDINGS_DIR_VARIABLE, kept_count, newest_recording,
    prune as prune_recordings, recordings_dir, recordings_in,
};
pub use game::recording::recording_error::RecordingError;
pub use game::recording::replayer::Replayer;
pub use game::recording::writer::{DEFAULT_HASH_EVERY, Recorder, run_recording};
pub use game::run_record::{RunRecord, record_run};
pub use game::run_summary::{RUNS_DIR, kills_by_kind, summary_text, unix_now, write_summary};
pub use game::save::check::check_save;
pub use game::save::file_size_signal::ignore_file_size_signal;
pub use game::save::format::{
    MAGIC as SAVE_MAGIC, decode as decode_save_format, encode as encode_save_format,
    is_binary_save, pack_raw as pack_save_body, unpack_raw as unpack_save_body,
};
pub use game::save::lock::{LockError, SaveLock, lock_save};
pub use game::save::notice::{
    clear as clear_save_notice, leave as leave_save_notice, read as read_save_notice,
};
pub use game::save::rescue::{SaveFailure, SavedTo, save_or_rescue};
pub use game::save::save_error::SaveError;
pub use game::save::{
    FALLBACK_PATH_VARIABLE, Loaded, check_save_path, check_writable, decode as decode_save,
    default_save_path, fallback_save_path, load_save, remove_save, write_save,
};
pub use game::scores::{ScoreEntry, ScoreTable, record as record_score, scores_path, table_lines};
pub use game::search_shown::SearchShown;
pub use game::setup::{DepthPastRun, GameSetup};
pub use game::sim::{
    AiMicros, PlayerScript, RecordTo, SimReport, run_fog_walks, run_sim, run_sim_logged,
    run_sim_recorded, run_sim_scripted,
};
pub use game::sim_report::versus_table;
pub use game::state::{Game, Outcome, PLAYER, PLAYER_MAX_HP, Refusal};
pub use game::stealth::{
    DOOR_NOISE, NOISY_GROUND, NoiseCause, REST_DRAW_TIME, SLEEPING_DAMAGE, SNEAK_NOISE,
    SNEAK_SLOWDOWN, UNAWARE_DAMAGE, WALK_NOISE,
};
#[cfg(any(test, feature = "test-support"))]
pub use game::test_levels::game_on;

// The save format's version.
pub use save_version::{LEGACY_FORMAT, SAVE_FORMAT};

// Reading only regular files.
pub use regular_file::{FileKind, kind_at};

// Text from files, escaped before it is shown.
pub use untrusted_text::escape_controls;

// Where the save, the log and a user's config live.
pub use user_dirs::{DATA_DIR_VARIABLE, LOG_PATH_VARIABLE, SAVE_PATH_VARIABLE, data_dir, log_path};

// Levels: terrain, files, generators, field of view (and the engine's `Pos`).
pub use gridpath::Pos;
pub use world::connectivity::{UNREACHED, is_walkable, reachable, step_distances};
pub use world::cost_profile::CostProfile;
pub use world::fov::{Fov, VisibleSet};
pub use world::generate::{GeneratorKind, Recipe, generate as generate_level};
pub use world::item_kind::ItemKind;
pub use world::level::dir::{
    LoadedLevel, level_names, load_level, resolve_level, run_order, standard_run_order,
};
pub use world::level::error::LevelError;
pub use world::level::file::{LevelFile, LevelSource, fresh_seed};
pub use world::level::text::{
    parse as parse_level_text, render as render_level_text, terrain_char, terrain_from_char,
    terrain_glyph,
};
pub use world::level::{Level, MAX_SPAWNS, SIDE_RANGE};
pub use world::movingai_level::{is_movingai_map, level_from_movingai};
pub use world::render_command::{render_level, seed_note};
pub use world::shipped_levels::shipped_level;
pub use world::terrain::Terrain;
