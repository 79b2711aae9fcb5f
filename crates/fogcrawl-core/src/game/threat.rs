//! Which monsters in view threaten the player: the one rule that lets
//! explore, rest, travel and auto-advance run past monsters that are no
//! danger (asleep, fleeing, unaware and far, or unable to reach the
//! player) and stops them the moment one approaches or notices the player.
//! A sleeper is no threat however near (it wakes only on a noise or a
//! blow: a walk past it may wake it, a sneak does not), but a command
//! stops once when one first comes into view, as DCSS does, so the player
//! can choose to sneak by or creep up on it.
//!
//! It reads only what the player could tell from the screen (who is in
//! sight, how far, what each is doing: the side panel shows the modes) and
//! what a monster's own faction believes about the way to the player. It
//! never changes the game.

use crate::ai::Mode;
use crate::game::message_log::capitalised;
use crate::game::state::Game;
use gridpath::Pos;

/// An unaware (wandering) monster nearer than this many cells (king moves)
/// counts as a threat: it may notice the player any moment and is a few
/// steps from a blow. Farther, the player may go about their business.
pub(crate) const UNAWARE_SAFE_DISTANCE: i32 = 5;

/// How a monster in view threatens the player.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Threat {
    /// It sees the player and closes in.
    Hunting,
    /// It heads for where it believes the player is.
    Searching,
    /// It heard a noise by the player (a fight) and comes to look.
    Investigating,
    /// Unaware, but within [`UNAWARE_SAFE_DISTANCE`].
    Near,
}

impl Threat {
    /// What it is doing, after its name: "hunting you".
    pub(crate) fn doing(self) -> &'static str {
        match self {
            Threat::Hunting => "hunting you",
            Threat::Searching => "searching for you",
            Threat::Investigating => "coming to look",
            Threat::Near => "so close",
        }
    }

    /// The sentence that stops a many-turn command, for a monster called
    /// `name` ("the goblin") that just became this threat.
    pub fn news(self, name: &str) -> String {
        let name = capitalised(name);
        match self {
            Threat::Hunting => format!("{name} notices you."),
            Threat::Searching | Threat::Investigating => format!("{name} approaches."),
            Threat::Near => format!("{name} is close by."),
        }
    }
}

impl Game {
    /// Whether the living monster `monster` threatens the player now. A
    /// monster is no threat when the player cannot see it, when it sleeps,
    /// when it flees,
    /// when it believes there is no way from it to the player, when it is
    /// unaware of the player (wandering) and more than
    /// `UNAWARE_SAFE_DISTANCE` cells away, or when it investigates a noise
    /// that far from the player (a thrown noisemaker) and is that far
    /// itself. Any other monster in view (hunting, searching, or near) is.
    pub(crate) fn threat(&self, monster: usize) -> Option<Threat> {
        let actor = self.actors().get(monster).filter(|a| a.is_alive())?;
        let brain = actor.brain.as_ref()?;
        let mode = brain.mode;
        let player = self.player().pos;
        if !self.is_visible(actor.pos) || mode == Mode::Flee || brain.asleep {
            return None;
        }
        if self.believes_no_way(monster, actor.pos, player) {
            return None;
        }
        let near = |pos: Pos| king_distance(pos, player) <= UNAWARE_SAFE_DISTANCE;
        match mode {
            Mode::Hunt => Some(Threat::Hunting),
            Mode::Search => Some(Threat::Searching),
            // A noise draws it, not the player: it threatens only when the
            // noise is by the player (a fight) or it comes near anyway.
            Mode::Investigate
                if near(actor.pos) || actor.brain.as_ref()?.noise.is_some_and(near) =>
            {
                Some(Threat::Investigating)
            }
            Mode::Wander if near(actor.pos) => Some(Threat::Near),
            Mode::Investigate | Mode::Wander | Mode::Flee => None,
        }
    }

    /// The threats in view, nearest first.
    pub fn threats(&self) -> Vec<(usize, Threat)> {
        let at = self.player().pos;
        let mut threats: Vec<(usize, Threat, i32)> = self
            .visible_monsters()
            .filter_map(|(index, monster)| {
                self.threat(index)
                    .map(|threat| (index, threat, king_distance(monster.pos, at)))
            })
            .collect();
        threats.sort_by_key(|&(index, _, distance)| (distance, index));
        threats
            .into_iter()
            .map(|(index, threat, _)| (index, threat))
            .collect()
    }

    /// The nearest threat that was not one in `before` (or was a lesser
    /// one: a searcher that now hunts), as the sentence that says so.
    pub fn new_threat(&self, before: &[(usize, Threat)]) -> Option<String> {
        self.threats()
            .into_iter()
            .find(|&(index, threat)| {
                !before
                    .iter()
                    .any(|&(was, old)| was == index && (old == threat || threat != Threat::Hunting))
            })
            .map(|(index, threat)| threat.news(&self.name_of(index)))
    }

    /// The sleeping monsters in view, by actor id.
    pub(crate) fn sleepers_in_view(&self) -> Vec<usize> {
        self.visible_monsters()
            .filter(|(index, _)| self.is_asleep(*index))
            .map(|(index, _)| index)
            .collect()
    }

    /// A sleeper in view that was not among `before` (the nearest), as the
    /// sentence that stops a many-turn command once: "You see a sleeping
    /// goblin."
    pub(crate) fn new_sleeper(&self, before: &[usize]) -> Option<String> {
        let at = self.player().pos;
        self.sleepers_in_view()
            .into_iter()
            .filter(|index| !before.contains(index))
            .min_by_key(|&index| (king_distance(self.actors()[index].pos, at), index))
            .map(|index| {
                let name = self.name_of(index);
                let name = name.strip_prefix("the ").unwrap_or(&name);
                format!("You see a sleeping {name}.")
            })
    }

    /// Whether `monster` believes it has no way from `from` to the player
    /// at `to`: its last search for where it believes the player is found
    /// none, or its faction's belief has the two cells open and on separate
    /// islands (a cell it has not learned is open or not by its faction's
    /// rules, so an unknown player cell answers "there may be a way").
    fn believes_no_way(&self, monster: usize, from: Pos, to: Pos) -> bool {
        let Some(faction) = self.faction_index_of(monster) else {
            return false;
        };
        let found_none = self.actors()[monster]
            .brain
            .as_ref()
            .and_then(|brain| brain.unreachable.zip(brain.alert))
            .is_some_and(|(unreachable, alert)| unreachable == alert.pos);
        found_none
            || self.factions()[faction].grid().is_some_and(|grid| {
                grid.is_passable(from) && grid.is_passable(to) && !grid.connected(from, to)
            })
    }
}

fn king_distance(a: Pos, b: Pos) -> i32 {
    (a.x - b.x).abs().max((a.y - b.y).abs())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::test_levels::{game_on, set_mode};
    use crate::game::{Action, Direction};

    /// A lit room: the player and one goblin `distance` cells east.
    fn room_with_goblin(distance: usize) -> (Game, tempfile::TempDir) {
        let floor = ".".repeat(distance - 1);
        let rest = ".".repeat(12 - distance);
        let map = format!(
            "###############\n#@{floor}g{rest}#\n#.............#\n#............>#\n###############\n"
        );
        game_on(&map)
    }

    #[test]
    fn a_monster_is_a_threat_by_what_it_does_and_how_near_it_is() {
        let (mut game, _dir) = room_with_goblin(UNAWARE_SAFE_DISTANCE as usize + 3);
        assert!(game.is_visible(game.actors()[1].pos));
        for (mode, threat) in [
            (Mode::Hunt, Some(Threat::Hunting)),
            (Mode::Search, Some(Threat::Searching)),
            (Mode::Investigate, None),
            (Mode::Wander, None),
            (Mode::Flee, None),
        ] {
            set_mode(&mut game, 1, mode);
            assert_eq!(game.threat(1), threat, "{mode:?} and far");
        }
        // Investigating a noise: by the player it is a threat, far off not.
        let player = game.player().pos;
        set_mode(&mut game, 1, Mode::Investigate);
        for (noise, threat) in [
            (
                Pos::new(player.x + 1, player.y),
                Some(Threat::Investigating),
            ),
            (Pos::new(player.x + 12, player.y + 2), None),
        ] {
            game.actor_mut(1).brain.as_mut().expect("a monster").noise = Some(noise);
            assert_eq!(game.threat(1), threat, "a noise at {noise:?}");
        }
        let (mut near, _dir) = room_with_goblin(UNAWARE_SAFE_DISTANCE as usize);
        set_mode(&mut near, 1, Mode::Wander);
        assert_eq!(near.threat(1), Some(Threat::Near));
        set_mode(&mut near, 1, Mode::Flee);
        assert_eq!(near.threat(1), None, "a fleeing monster, even near");
    }

    #[test]
    fn a_monster_its_faction_found_no_way_from_is_no_threat() {
        // A goblin set down on an islet in deep water (goblins do not swim)
        // watches the player walk by: it searches and finds no way.
        let (mut game, _dir) = game_on(
            "###############\n#@............#\n#.......WWW...#\n#.......W.W...#\n#.......WWW...#\n#g...........>#\n###############\n",
        );
        game.actor_mut(1).pos = Pos::new(9, 3);
        for _ in 0..12 {
            game.player_act(Action::Move(Direction::East))
                .expect("the way east is open");
            assert!(game.is_visible(game.actors()[1].pos));
            let brain = game.actors()[1].brain.as_ref().expect("a monster");
            assert_eq!(brain.mode, Mode::Search, "it knows where the player is");
            assert_eq!(game.threat(1), None, "at {:?}", game.player().pos);
        }
    }

    #[test]
    fn an_unseen_monster_is_no_threat() {
        let (mut game, _dir) = game_on("#######\n#@.#.g#\n#..#..#\n#....>#\n#######\n");
        set_mode(&mut game, 1, Mode::Hunt);
        assert!(!game.is_visible(game.actors()[1].pos));
        assert_eq!(game.threat(1), None);
        assert!(game.threats().is_empty());
    }

    #[test]
    fn news_names_the_monster_and_what_changed() {
        let (mut game, _dir) = room_with_goblin(3);
        set_mode(&mut game, 1, Mode::Search);
        assert_eq!(
            game.new_threat(&[]),
            Some("The goblin approaches.".to_owned())
        );
        let before = game.threats();
        assert_eq!(game.new_threat(&before), None, "no news: the same threat");
        set_mode(&mut game, 1, Mode::Hunt);
        assert_eq!(
            game.new_threat(&before),
            Some("The goblin notices you.".to_owned())
        );
    }
}
