//! A shooter's turn while it hunts a player it sees: it keeps its kind's
//! distance (stepping back when the player comes within it and there is
//! room, so a player one step from it is not let in), shoots only along a
//! line no monster stands on (moving to a clear line otherwise), and does
//! not stand in one cell for ever while its shots from there keep failing
//! to end the fight. Out of range, or with no line at all, it closes in as
//! any hunter does.

use gridpath::Pos;

use super::{Body, Intent, MemberTurn, NEIGHBOURS, chebyshev};
use crate::ai::faction::line_of_sight;
use crate::ai::thought::Thought;

/// Shots in a row from one cell after which a shooter moves to another
/// cell with a clear line (if it has one) before shooting again.
const SHOTS_BEFORE_MOVING: u32 = 5;

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
        if distance <= too_near
            && let Some(back) = self.step_back(player, range)
        {
            self.brain.shooting_from = None;
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

    /// A free cell a step away, further from the player, from which the
    /// player stays within `range` and in sight as the faction believes:
    /// a clear line first, then the furthest from the player.
    fn step_back(&self, player: Pos, range: i32) -> Option<Pos> {
        let at = self.senses.at;
        let here = chebyshev(at, player);
        // Only where it still sees the player: a step out of sight would
        // lose the player, and the search would bring it straight back
        // (back and forth round a corner: tried, it made A-B-A-B moves).
        self.free_steps()
            .filter(|&cell| chebyshev(cell, player) > here && chebyshev(cell, player) <= range)
            .filter(|&cell| self.faction.believes_seen_from(cell, player))
            // A step back always ends two cells off or more, where smoke
            // over either end hides the player: out of sight, its search
            // would bring it straight back in (an archer bobbing at the
            // edge of the player's cloud: A-B-A-B moves).
            .filter(|&cell| !(self.senses.smoke_at)(cell) && !(self.senses.smoke_at)(player))
            .max_by_key(|&cell| {
                (
                    self.line_of_fire_clear(cell, player),
                    chebyshev(cell, player),
                    std::cmp::Reverse(cell),
                )
            })
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
        decide_by_smoke(faction, at, player, mate, &[])
    }

    /// As [`decide`], with smoke over the cells `smoke`.
    fn decide_by_smoke(
        faction: &mut Faction,
        at: Pos,
        player: Pos,
        mate: Option<Pos>,
        smoke: &[Pos],
    ) -> Intent {
        let smoke_at = |pos: Pos| smoke.contains(&pos);
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
            player_seen: Some(player),
            health: 1.0,
            far_from_player: false,
            body_at: &body_at,
            smoke_at: &smoke_at,
            shooter: Some(ARCHER),
        };
        let mut brain = Brain::default();
        let mut rng = ChaCha8Rng::seed_from_u64(1);
        MemberTurn::new(faction, &mut brain, &senses).think(&mut rng)
    }

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
    fn an_archer_beside_a_player_in_smoke_fights_rather_than_step_out_of_sight() {
        // The player stands in a smoke cloud: from any cell a step back the
        // archer would lose it (a cloud hides all but what is side by side)
        // and its search would bring it back, to and fro. It fights.
        let mut faction = goblins_knowing(ROOM);
        let (at, player) = (Pos::new(4, 2), Pos::new(3, 2));
        assert_eq!(
            decide_by_smoke(&mut faction, at, player, None, &[player]),
            Intent::Attack(player)
        );
        // Smoke over two of the three cells behind it: it steps back to the
        // one clear of the cloud.
        let behind = [Pos::new(5, 1), Pos::new(5, 2)];
        match decide_by_smoke(&mut faction, at, player, None, &behind) {
            Intent::Step { to, .. } => assert_eq!(to, Pos::new(5, 3)),
            other => panic!("it should step back clear of the smoke, not {other:?}"),
        }
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
