//! A game written through the save format and read back in the same
//! process, as quitting and starting again would: `sim --resume-every`
//! proves with it that a resumed game plays on exactly as the unbroken one,
//! and a replay keeps its keyframes as saves. What belongs to the session
//! rather than the game (the action and input logs being taken, planning on
//! all cores) stays with the session.

use crate::config::MonsterConfig;
use crate::game::game_error::ResumeError;
use crate::game::save::check::check_save;
use crate::game::save::format;
use crate::game::state::Game;

/// The game in save `bytes` (of the current format), checked and set up
/// under `config`, as a load from a file does.
///
/// # Errors
/// Why the bytes are no game that can go on.
pub(crate) fn load_bytes(bytes: &[u8], config: &MonsterConfig) -> Result<Game, ResumeError> {
    let mut game = format::decode(bytes)?;
    check_save(&game).map_err(|problem| ResumeError::Inconsistent(problem.to_string()))?;
    game.after_load(config.clone())?;
    Ok(game)
}

/// Writes `game` into a save's bytes and replaces it with what loading them
/// gives, keeping the session's logs and settings.
///
/// # Errors
/// Why the game could not go through its save; `game` is then unchanged.
pub(crate) fn through_save(game: &mut Game) -> Result<(), ResumeError> {
    let config = game.config().cloned().ok_or(ResumeError::NoConfig)?;
    let bytes = format::encode(game)?;
    let mut loaded = load_bytes(&bytes, &config)?;
    loaded.take_session_from(game);
    *game = loaded;
    Ok(())
}

#[cfg(test)]
mod tests;
