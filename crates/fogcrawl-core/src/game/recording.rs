//! Every game is a recording: the header (build, seed, levels, config) and
//! the player's inputs with their turns, written as the game goes; a
//! replay starts the same game again and feeds it the same inputs, so the
//! monsters think everything again and the overlay can explain any turn.
//!
//! - [`event`]: what a recording holds; [`format`](mod@format): the file's records,
//!   checksummed, and reading them back (damage and truncation included).
//! - [`fingerprint`]: level hashes and the config's text for the header.
//! - [`writer`]: [`Recorder`], which writes a game's recording as it goes.
//! - [`replayer`]: [`Replayer`], which plays one back, checks it, seeks.
//! - [`keyframes`]: where seeking back starts, kept small as the
//!   [`delta`] of each from the one before.
//! - [`library`]: the recordings folder and which recordings are kept.
//! - [`stable_hash`]: the platform-independent hash the checks use.
//!
//! Never imports a terminal crate: `fogcrawl replay --verify` and the
//! tests run it headless.
pub mod delta;
pub mod event;
pub mod fingerprint;
pub mod format;
pub mod keyframes;
pub mod library;
pub mod recording_error;
pub mod replayer;
pub mod stable_hash;
pub mod writer;

pub use event::{Event, Header, LevelPrint, Start};
pub use format::{Ending, Recording, parse_recording, read_recording};
pub use recording_error::RecordingError;
pub use replayer::{Replayer, Verified};
pub use stable_hash::{StableHasher, hash_bytes};
pub use writer::{DEFAULT_HASH_EVERY, Recorder};
