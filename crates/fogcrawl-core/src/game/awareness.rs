//! What each monster knows of the player, in the words the side panel, the
//! look command and the map use: asleep, unaware, noticed (a noise drew it),
//! hunting (it sees the player), searching (for where the player was last
//! seen) and fleeing. Read from the monster's brain; changes nothing.
//!
//! Stealth reads from these: break line of sight and a hunter becomes a
//! searcher at the last place it saw you; a fight or a noisemaker makes
//! wanderers that hear it notice.

use crate::ai::Mode;
use crate::game::state::Game;

/// A monster's awareness of the player.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Awareness {
    Asleep,
    Unaware,
    Noticed,
    Hunting,
    Searching,
    Fleeing,
}

impl Awareness {
    pub(crate) fn from_mode(mode: Mode) -> Self {
        match mode {
            Mode::Wander => Awareness::Unaware,
            Mode::Investigate => Awareness::Noticed,
            Mode::Hunt => Awareness::Hunting,
            Mode::Search => Awareness::Searching,
            Mode::Flee => Awareness::Fleeing,
        }
    }

    /// The word the panel and look use.
    pub fn word(self) -> &'static str {
        match self {
            Awareness::Asleep => "asleep",
            Awareness::Unaware => "unaware",
            Awareness::Noticed => "noticed",
            Awareness::Hunting => "hunting",
            Awareness::Searching => "searching",
            Awareness::Fleeing => "fleeing",
        }
    }

    /// A one-character mark before the word, read at a glance.
    pub fn mark(self) -> char {
        match self {
            Awareness::Asleep => 'z',
            Awareness::Unaware => '-',
            Awareness::Noticed => '?',
            Awareness::Hunting => '!',
            Awareness::Searching => '*',
            Awareness::Fleeing => '<',
        }
    }

    /// What it means, for the help screen.
    pub fn meaning(self) -> &'static str {
        match self {
            Awareness::Asleep => "sleeps: sneak past, or strike it for triple damage",
            Awareness::Unaware => "has not noticed you: a blow does double damage",
            Awareness::Noticed => "heard something and comes to look",
            Awareness::Hunting => "sees you and closes in",
            Awareness::Searching => "lost sight of you; goes where you were last seen",
            Awareness::Fleeing => "hurt and running",
        }
    }

    pub const ALL: [Awareness; 6] = [
        Awareness::Asleep,
        Awareness::Unaware,
        Awareness::Noticed,
        Awareness::Hunting,
        Awareness::Searching,
        Awareness::Fleeing,
    ];
}

impl Game {
    /// The awareness of the living monster `monster` (`None` for the
    /// player, a dead monster or one without a brain).
    pub fn awareness_of(&self, monster: usize) -> Option<Awareness> {
        let actor = self.actors().get(monster).filter(|a| a.is_alive())?;
        actor.kind()?;
        let brain = actor.brain.as_ref()?;
        if brain.asleep {
            return Some(Awareness::Asleep);
        }
        Some(Awareness::from_mode(brain.mode))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::test_levels::game_on;

    #[test]
    fn every_mode_has_a_word_and_a_distinct_mark() {
        let marks: std::collections::BTreeSet<char> =
            Awareness::ALL.iter().map(|a| a.mark()).collect();
        assert_eq!(marks.len(), Awareness::ALL.len());
        assert_eq!(Awareness::from_mode(Mode::Investigate).word(), "noticed");
        assert_eq!(Awareness::from_mode(Mode::Wander).word(), "unaware");
    }

    #[test]
    fn a_monster_that_loses_sight_of_the_player_searches() {
        // A goblin sees the player across a room; the player steps behind
        // the wall and waits: the goblin no longer sees and searches.
        let (mut game, _dir) = game_on(
            "##########\n#@.......#\n##.#######\n#........#\n#.......g#\n#>.......#\n##########\n",
        );
        assert_eq!(game.awareness_of(0), None, "the player has none");
        game.actor_mut(1).brain.as_mut().expect("a monster").mode = Mode::Wander;
        assert_eq!(game.awareness_of(1), Some(Awareness::Unaware));
        game.actor_mut(1).brain.as_mut().expect("a monster").mode = Mode::Search;
        assert_eq!(game.awareness_of(1), Some(Awareness::Searching));
    }
}
