//! A shooter's turn while it hunts a player it sees: it keeps its kind's
//! distance (stepping back when the player comes within it and there is
//! room, so a player one step from it is not let in), shoots only along a
//! line no monster stands on (moving to a clear line otherwise), and does
//! not stand in one cell for ever while its shots from there keep failing
//! to end the fight. Out of range, or with no line at all, it closes in as
//! any hunter does.
//!
//! Its steps back lead down its faction's safety map where they can (away
//! toward open ground, as Brogue CE's `MA_MAINTAINS_DISTANCE` monsters
//! back off, not into a dead end where it must fight hand to hand). A
//! player inside its distance with no step that keeps it in sight is left
//! out of sight (round a corner) rather than fought; and a shooter that
//! stepped back does not step straight back onto the cell it left while
//! it does not see the player (it would walk back into reach and back off
//! again, to and fro): it holds there a moment, and the player who follows
//! comes round the corner into its sight, a step or more off.

use gridpath::Pos;

use super::{Body, Intent, MemberTurn, NEIGHBOURS, chebyshev};
use crate::ai::brain::{BackedOff, Mode};
use crate::ai::faction::line_of_sight;
use crate::ai::thought::Thought;

/// Shots in a row from one cell after which a shooter moves to another
/// cell with a clear line (if it has one) before shooting again.
const SHOTS_BEFORE_MOVING: u32 = 5;

/// Game time a shooter that stepped back holds its new cell rather than
/// step straight back onto the one it left, while it does not see the
/// player: about ten of the player's steps, for a player who follows to
/// come round the corner (into its sight, a step or more off) or to go.
const HOLD_AFTER_BACKING_OFF: f64 = 10.0;

/// How a kind that shoots fights: its range and the distance it keeps
/// from the player (both in cells, Chebyshev).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Shooter {
    pub range: u32,
    pub keep_distance: u32,
}

impl MemberTurn<'_> {
    /// What a shooter hunting the player it sees at `player` does, or
    /// `None` to close in as any hunter would (out of range; or next to
    /// the player with no room to step back, where it fights hand to hand).
    pub(super) fn fight_at_range(&mut self, player: Pos, shooter: Shooter) -> Option<Intent> {
        let at = self.senses.at;
        let distance = chebyshev(at, player);
        let range = i32::try_from(shooter.range).unwrap_or(i32::MAX);
        let keep = i32::try_from(shooter.keep_distance).unwrap_or(0);
        let too_near = too_near(shooter);
        // Inside its distance it backs off out of the player's sight too
        // (round a corner, rather than fight hand to hand); at its
        // distance only while it keeps the player in sight (from there it
        // can still shoot).
        let may_lose_sight = distance < too_near.max(2);
        if distance <= too_near
            && let Some(back) = self.step_back(player, range, may_lose_sight)
        {
            self.brain.shooting_from = None;
            self.brain.backed_off = Some(BackedOff {
                left: at,
                to: back,
                until: self.senses.now + HOLD_AFTER_BACKING_OFF,
            });
            self.brain.thought = Thought::KeepsDistance { to: back };
            return Some(self.plain_step(back));
        }
        if distance < 2 || distance > range {
            return None;
        }
        let shots_here = match self.brain.shooting_from {
            Some((from, shots)) if from == at => shots,
            _ => 0,
        };
        let clear = self.line_of_fire_clear(at, player);
        if clear && shots_here < SHOTS_BEFORE_MOVING {
            self.brain.shooting_from = Some((at, shots_here + 1));
            self.brain.thought = Thought::Shoots(player);
            return Some(Intent::Shoot(player));
        }
        if let Some(to) = self.clear_shot_nearby(player, range, keep.max(too_near + 1)) {
            self.brain.shooting_from = None;
            self.brain.thought = Thought::SeeksClearShot { to };
            return Some(self.plain_step(to));
        }
        if clear {
            // Nowhere else to shoot from: it keeps shooting from here.
            self.brain.shooting_from = Some((at, shots_here + 1));
            self.brain.thought = Thought::Shoots(player);
            return Some(Intent::Shoot(player));
        }
        self.brain.thought = Thought::WaitsForClearShot;
        Some(Intent::Wait)
    }

    /// A free cell a step away, further from the player: one from which
    /// the player stays within `range` and in sight as the faction
    /// believes (a clear line first, then the step down the safety map,
    /// then the furthest); else, with `may_lose_sight`, the step down the
    /// safety map if it is no nearer, else the furthest.
    fn step_back(&mut self, player: Pos, range: i32, may_lose_sight: bool) -> Option<Pos> {
        let at = self.senses.at;
        let here = chebyshev(at, player);
        let steps: Vec<Pos> = self.free_steps().collect();
        if steps.is_empty() {
            return None;
        }
        // Downhill on the safety map: away toward open ground, not into
        // a corner where the next step back is gone.
        let safer = self
            .faction
            .flee_step(self.senses.turn, player, at, None)
            .filter(|cell| steps.contains(cell));
        let away: Vec<Pos> = steps
            .into_iter()
            .filter(|&cell| chebyshev(cell, player) > here)
            .collect();
        let in_sight = away
            .iter()
            .copied()
            .filter(|&cell| chebyshev(cell, player) <= range)
            .filter(|&cell| self.faction.believes_seen_from(cell, player))
            .max_by_key(|&cell| {
                (
                    self.line_of_fire_clear(cell, player),
                    Some(cell) == safer,
                    chebyshev(cell, player),
                    std::cmp::Reverse(cell),
                )
            });
        if in_sight.is_some() || !may_lose_sight {
            return in_sight;
        }
        // Round a corner the straight-line distance may stay as it is
        // while the way the player must walk grows: the safety map knows.
        // (Only where the player must walk further: out of its sight, or
        // beside it past a corner it cannot cut. A step along its side in
        // its sight gains nothing, and the next step back would undo it.)
        if let Some(cell) = safer.filter(|&cell| {
            let distance = chebyshev(cell, player);
            distance > here
                || distance == here
                    && (!self.faction.believes_seen_from(cell, player)
                        || distance == 1 && self.faction.believes_step_blocked(player, cell))
        }) {
            return Some(cell);
        }
        away.into_iter().max_by_key(|&cell| {
            (
                Some(cell) == safer,
                chebyshev(cell, player),
                std::cmp::Reverse(cell),
            )
        })
    }

    /// `intent`, unless it steps straight back onto the cell this shooter
    /// left when it last stepped back, a moment ago or while the player
    /// was last known within a step of its distance, and it does not see
    /// the player: then it holds where it stands (it would walk back into
    /// the player's reach, see it there too near and back off again, to
    /// and fro). Out of the hold (it moved on, or the moment passed and
    /// the news moved away) the memory is dropped; a member in flight runs
    /// where it must.
    pub(super) fn hold_after_backing_off(&mut self, intent: Intent) -> Intent {
        let Some(backed) = self.brain.backed_off else {
            return intent;
        };
        if backed.left == self.senses.at {
            // It steps back this very turn.
            return intent;
        }
        // It holds a moment, and for as long as the player was last known
        // inside its distance (a player standing round the corner would
        // otherwise see it walk back into reach, and back off, over and
        // over).
        let player_near = self.brain.alert.is_some_and(|alert| {
            self.senses.shooter.is_some_and(|shooter| {
                chebyshev(alert.pos, self.senses.at) <= too_near(shooter) + 1
            })
        });
        if backed.to != self.senses.at || (self.senses.now > backed.until && !player_near) {
            self.brain.backed_off = None;
            return intent;
        }
        match intent {
            Intent::Step { to, .. }
                if to == backed.left
                    && self.senses.player_seen.is_none()
                    && self.brain.mode != Mode::Flee =>
            {
                self.brain.forget_plan();
                self.brain.thought = Thought::HoldsAfterBackingOff { left: backed.left };
                Intent::Wait
            }
            _ => intent,
        }
    }

    /// A free cell a step away with a clear line to the player within
    /// range, no nearer than `near` (beyond the distance it keeps, or it
    /// would step back from there next turn, to and fro): one no nearer
    /// the player than it stands first, then the one nearest `near`.
    fn clear_shot_nearby(&self, player: Pos, range: i32, near: i32) -> Option<Pos> {
        let here = chebyshev(self.senses.at, player);
        // Never back to the cell it came from: two cells with a line
        // would have it trade between them every few shots.
        self.free_steps()
            .filter(|&cell| Some(cell) != self.brain.came_from)
            .filter(|&cell| (near..=range).contains(&chebyshev(cell, player)))
            .filter(|&cell| self.faction.believes_seen_from(cell, player))
            .filter(|&cell| self.line_of_fire_clear(cell, player))
            .min_by_key(|&cell| {
                let distance = chebyshev(cell, player);
                (distance < here, (distance - near).abs(), cell)
            })
    }

    /// The free cells a step away that the faction believes open to step
    /// onto.
    fn free_steps(&self) -> impl Iterator<Item = Pos> + '_ {
        let at = self.senses.at;
        NEIGHBOURS
            .iter()
            .map(move |&(dx, dy)| Pos::new(at.x + dx, at.y + dy))
            .filter(|&cell| (self.senses.body_at)(cell) == Body::Empty)
            .filter(move |&cell| !self.faction.believes_step_blocked(at, cell))
    }

    /// Whether no other monster stands on the line from `from` to `target`
    /// (between them: the shooter and the player are its ends, and the
    /// shooter's own cell is no obstacle when it weighs a cell to move to).
    fn line_of_fire_clear(&self, from: Pos, target: Pos) -> bool {
        line_of_sight(from, target, |cell| {
            cell != target
                && cell != self.senses.at
                && matches!(
                    (self.senses.body_at)(cell),
                    Body::Packmate { .. } | Body::Stranger { .. }
                )
        })
    }

    /// A step onto a free cell, not along any plan.
    fn plain_step(&mut self, to: Pos) -> Intent {
        self.brain.forget_plan();
        Intent::Step {
            to,
            swap: false,
            guided: true,
        }
    }
}

/// The distance (Chebyshev) at or within which a shooter steps back: its
/// kept distance, for a player one step further would be inside it (so a
/// shooter as fast as the player it kites never lets it close in), but
/// never its whole range (it must shoot from somewhere), and at least
/// next to it.
fn too_near(shooter: Shooter) -> i32 {
    let keep = i32::try_from(shooter.keep_distance).unwrap_or(0);
    let range = i32::try_from(shooter.range).unwrap_or(i32::MAX);
    keep.min(range - 1).max(1)
}

#[cfg(test)]
mod tests {
    use rand::SeedableRng;
    use rand_chacha::ChaCha8Rng;

    use super::*;
    use crate::ai::brain::Brain;
    use crate::ai::faction::Faction;
    use crate::ai::monster_turn::Senses;

    /// The goblins of the monster turn's tests, without the level.
    fn goblins_knowing(rows: &str) -> Faction {
        crate::ai::monster_turn::tests::goblins_knowing(rows).0
    }

    const ARCHER: Shooter = Shooter {
        range: 6,
        keep_distance: 3,
    };

    /// What an archer at `at` does about the player it sees at `player`,
    /// with a packmate standing at `mate` (if any).
    fn decide(faction: &mut Faction, at: Pos, player: Pos, mate: Option<Pos>) -> Intent {
        decide_with(faction, &mut Brain::default(), at, (player, true), mate)
    }

    /// What an archer at `at` with the mind `brain` does, the player
    /// standing at `player.0`, seen if `player.1`.
    fn decide_with(
        faction: &mut Faction,
        brain: &mut Brain,
        at: Pos,
        (player, seen): (Pos, bool),
        mate: Option<Pos>,
    ) -> Intent {
        let body_at = move |pos: Pos| {
            if pos == player {
                Body::Player
            } else if Some(pos) == mate {
                Body::Packmate {
                    yields: false,
                    lately_swapped: false,
                }
            } else {
                Body::Empty
            }
        };
        let senses = Senses {
            actor: 1,
            at,
            now: 1.0,
            turn: 1,
            player_seen: seen.then_some(player),
            health: 1.0,
            far_from_player: false,
            body_at: &body_at,
            shooter: Some(ARCHER),
        };
        let mut rng = ChaCha8Rng::seed_from_u64(1);
        MemberTurn::new(faction, brain, &senses).think(&mut rng)
    }

    /// An L-shaped corridor: along the top, then down the right side.
    const CORNER: &str = "@.....\n\
                          #####.\n\
                          #####.\n\
                          #####.\n\
                          #####.\n";

    const ROOM: &str = "@.........\n\
                        ..........\n\
                        ..........\n\
                        ..........\n\
                        ..........\n";

    #[test]
    fn an_archer_next_to_the_player_steps_back_when_there_is_room() {
        let mut faction = goblins_knowing(ROOM);
        let (at, player) = (Pos::new(4, 2), Pos::new(3, 2));
        match decide(&mut faction, at, player, None) {
            Intent::Step { to, .. } => assert!(chebyshev(to, player) > 1, "to {to}"),
            other => panic!("it should step back, not {other:?}"),
        }
        // Against a wall with no room, it fights hand to hand.
        let mut cornered = goblins_knowing("@#\n.#\n");
        assert_eq!(
            decide(&mut cornered, Pos::new(0, 1), Pos::new(0, 0), None),
            Intent::Attack(Pos::new(0, 0))
        );
    }

    #[test]
    fn an_archer_steps_back_at_its_distance_before_the_player_is_inside_it() {
        // The player three cells off, the archer's kept distance: one step
        // more and it would be inside it, so the archer backs off now (it
        // used to shoot and let the player close in).
        let mut faction = goblins_knowing(ROOM);
        let (at, player) = (Pos::new(6, 2), Pos::new(3, 2));
        match decide(&mut faction, at, player, None) {
            Intent::Step { to, .. } => assert_eq!(chebyshev(to, player), 4, "to {to}"),
            other => panic!("it should step back, not {other:?}"),
        }
        // Beyond its distance it shoots.
        let far = Pos::new(7, 2);
        assert_eq!(
            decide(&mut faction, far, player, None),
            Intent::Shoot(player)
        );
    }

    #[test]
    fn an_archer_at_a_corridor_corner_backs_round_it_rather_than_fight() {
        // The player beside it at the corner: no step keeps the player in
        // sight, but the safety map leads down the corridor (it used to
        // fight hand to hand here).
        let mut faction = goblins_knowing(CORNER);
        let (at, player) = (Pos::new(5, 0), Pos::new(4, 0));
        match decide(&mut faction, at, player, None) {
            Intent::Step { to, .. } => assert_eq!(to, Pos::new(5, 1)),
            other => panic!("it should back round the corner, not {other:?}"),
        }
        // Two cells off, the step round the corner would leave it in the
        // player's sight as far off (no gain, and its next step back would
        // undo it): it shoots while it can.
        let mut faction = goblins_knowing(CORNER);
        let player = Pos::new(3, 0);
        assert_eq!(
            decide(&mut faction, at, player, None),
            Intent::Shoot(player)
        );
    }

    #[test]
    fn an_archer_that_backed_round_a_corner_holds_rather_than_walk_back() {
        // It stepped from the corner (5,0) round it to (5,1); the player
        // it last saw at (3,0) is out of its sight now. Its search would
        // take it straight back to the corner, into reach (and it would
        // back off again: to and fro); it holds.
        let mut faction = goblins_knowing(CORNER);
        let (left, at, player) = (Pos::new(5, 0), Pos::new(5, 1), Pos::new(3, 0));
        faction.note_sighting(player, 0.5);
        let mut brain = Brain {
            mode: Mode::Hunt,
            alert: Some(crate::ai::brain::Alert {
                pos: player,
                time: 0.5,
                source: crate::ai::brain::Source::Saw,
            }),
            came_from: Some(left),
            backed_off: Some(BackedOff {
                left,
                to: at,
                until: 0.5 + HOLD_AFTER_BACKING_OFF,
            }),
            ..Brain::default()
        };
        assert_eq!(
            decide_with(&mut faction, &mut brain, at, (player, false), None),
            Intent::Wait
        );
        assert_eq!(brain.thought, Thought::HoldsAfterBackingOff { left });
        // The moment over, it holds while the player was last known
        // within a step of its distance (round the corner)...
        let over = BackedOff {
            left,
            to: at,
            until: 0.5,
        };
        let mut near = Brain {
            backed_off: Some(over),
            ..brain.clone()
        };
        assert_eq!(
            decide_with(&mut faction, &mut near, at, (player, false), None),
            Intent::Wait
        );
        // ...and searches as any member does once the news is further off.
        let mut brain = Brain {
            backed_off: Some(over),
            alert: Some(crate::ai::brain::Alert {
                pos: Pos::new(0, 0),
                time: 0.5,
                source: crate::ai::brain::Source::Saw,
            }),
            ..brain
        };
        faction.note_sighting(Pos::new(0, 0), 0.5);
        assert_ne!(
            decide_with(&mut faction, &mut brain, at, (Pos::new(0, 0), false), None),
            Intent::Wait
        );
        assert_eq!(brain.backed_off, None);
    }

    #[test]
    fn an_archer_never_shoots_through_a_packmate_and_moves_to_a_clear_line() {
        let mut faction = goblins_knowing(ROOM);
        let (at, player) = (Pos::new(6, 2), Pos::new(2, 2));
        assert_eq!(
            decide(&mut faction, at, player, None),
            Intent::Shoot(player),
            "a clear line: it shoots"
        );
        let mate = Pos::new(4, 2);
        match decide(&mut faction, at, player, Some(mate)) {
            Intent::Shoot(_) => panic!("it shot through its packmate"),
            Intent::Step { to, .. } => {
                assert!(
                    line_of_sight(to, player, |cell| cell == mate),
                    "it moved to {to}, from where the line still crosses {mate}"
                );
            }
            Intent::Wait => {}
            other => panic!("unexpected {other:?}"),
        }
    }
}
