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
pub(crate) mod delta;
pub(crate) mod event;
pub(crate) mod fingerprint;
pub(crate) mod format;
pub(crate) mod keyframes;
pub(crate) mod library;
pub(crate) mod recording_error;
pub(crate) mod replayer;
pub(crate) mod stable_hash;
pub(crate) mod writer;

pub(crate) use event::Header;
pub(crate) use stable_hash::StableHasher;
pub(crate) use writer::Recorder;
