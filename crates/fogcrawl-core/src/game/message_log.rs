//! The message log: what happened, newest last, with the game time it
//! happened at. Bounded, so a long game never grows it without end.

use std::collections::VecDeque;

use serde::{Deserialize, Serialize};

/// How many messages the log keeps.
pub(crate) const LOG_CAPACITY: usize = 500;
/// The longest message kept, in bytes; a longer one is cut (at a character
/// boundary, ending in `...`). A message is drawn on every frame, so its
/// length bounds a frame's time; the game's own messages are a line or
/// two, a config reload listing every change a few KB.
pub(crate) const MAX_MESSAGE_BYTES: usize = 4096;

/// How much a message matters, for the UI's colour and the sim's output.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Importance {
    Info,
    Combat,
    Danger,
    Good,
    System,
}

/// `text` with its first letter a capital, for a name that starts a
/// sentence ("the goblin hits you" -> "The goblin hits you"). The one
/// capitalising rule: the log's sentences and the screens' use it.
#[must_use]
pub fn capitalised(text: &str) -> String {
    let mut chars = text.chars();
    match chars.next() {
        Some(first) => first.to_uppercase().chain(chars).collect(),
        None => String::new(),
    }
}

/// `count` and its noun, singular for one: "1 turn", "2 turns".
pub fn counted(count: u64, singular: &str, plural: &str) -> String {
    format!("{count} {}", if count == 1 { singular } else { plural })
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Message {
    pub time: f64,
    pub text: String,
    pub importance: Importance,
}

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct MessageLog {
    messages: VecDeque<Message>,
    /// Every message ever pushed, kept or not: lets a caller ask what was
    /// said since it last looked.
    #[serde(default)]
    pushed: u64,
}

impl MessageLog {
    pub(crate) fn push(&mut self, time: f64, importance: Importance, text: impl Into<String>) {
        if self.messages.len() == LOG_CAPACITY {
            self.messages.pop_front();
        }
        let mut text = text.into();
        if text.len() > MAX_MESSAGE_BYTES {
            const CUT: &str = "...";
            let mut end = MAX_MESSAGE_BYTES - CUT.len();
            while !text.is_char_boundary(end) {
                end -= 1;
            }
            text.truncate(end);
            text.push_str(CUT);
        }
        self.messages.push_back(Message {
            time,
            text,
            importance,
        });
        self.pushed += 1;
    }

    /// How many messages were ever pushed (a mark for [`MessageLog::since`]).
    pub fn pushed(&self) -> u64 {
        self.pushed
    }

    /// The messages pushed after `mark` (that are still kept), oldest first.
    pub fn since(&self, mark: u64) -> impl Iterator<Item = &Message> {
        let count = usize::try_from(self.pushed.saturating_sub(mark)).unwrap_or(usize::MAX);
        self.recent(count)
    }

    /// Every kept message, oldest first.
    pub fn all(&self) -> impl Iterator<Item = &Message> {
        self.messages.iter()
    }

    /// The newest `count` messages, oldest first.
    pub fn recent(&self, count: usize) -> impl Iterator<Item = &Message> {
        self.messages
            .iter()
            .skip(self.messages.len().saturating_sub(count))
    }

    pub(crate) fn len(&self) -> usize {
        self.messages.len()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_say_one_turn_and_two_turns() {
        assert_eq!(counted(0, "turn", "turns"), "0 turns");
        assert_eq!(counted(1, "turn", "turns"), "1 turn");
        assert_eq!(counted(2, "monster", "monsters"), "2 monsters");
    }

    #[test]
    fn a_long_message_is_cut_to_the_limit_at_a_character_boundary() {
        let mut log = MessageLog::default();
        log.push(0.0, Importance::Info, "é".repeat(MAX_MESSAGE_BYTES));
        let text = &log.recent(1).next().unwrap().text;
        assert!(text.len() <= MAX_MESSAGE_BYTES, "{}", text.len());
        assert!(text.ends_with("é..."));
    }

    #[test]
    fn keeps_the_newest_messages() {
        let mut log = MessageLog::default();
        for i in 0..LOG_CAPACITY + 5 {
            log.push(i as f64, Importance::Info, format!("m{i}"));
        }
        assert_eq!(log.len(), LOG_CAPACITY);
        let recent: Vec<&str> = log.recent(2).map(|m| m.text.as_str()).collect();
        assert_eq!(
            recent,
            [
                format!("m{}", LOG_CAPACITY + 3),
                format!("m{}", LOG_CAPACITY + 4)
            ]
        );
        let mark = log.pushed();
        log.push(0.0, Importance::Danger, "new");
        let since: Vec<&str> = log.since(mark).map(|m| m.text.as_str()).collect();
        assert_eq!(since, ["new"]);
        assert_eq!(log.all().count(), LOG_CAPACITY);
    }
}
