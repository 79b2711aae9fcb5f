//! What a monster knows of where the player is: the place, since when, and
//! whether it saw the player or a packmate shouted it ([`Alert`]). Its own
//! file because a monster's mind (`brain`) and the line that says why it
//! acts (`thought`) both read it.

use serde::{Deserialize, Serialize};

use gridpath::Pos;

/// How a member came to know where the player is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Source {
    /// It saw the player itself.
    Saw,
    /// A packmate (this actor) that saw the player shouted it.
    Heard(usize),
}

/// Where a member believes the player is, since when, and how it knows.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct Alert {
    pub pos: Pos,
    /// When the player was seen there.
    pub time: f64,
    pub source: Source,
}
