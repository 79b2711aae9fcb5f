//! A member's turn as part of a pack: the cell it heads for when packmates
//! head for the same goal. Hunters near the player take distinct free
//! cells next to it (going round to the far side when the near side is
//! full) or wait for room out of the way; one next to the player steps
//! aside when a packmate queued behind it could then reach the player too
//! (Brogue CE's swarming); investigators of one noise take distinct spots
//! about it, go to the noise itself when they can, and look about it a
//! while once there (`look_about`).
//!
//! The claims live in the faction's [`Spots`](crate::ai::spots::Spots);
//! a member re-chooses every turn, keeping the cell it holds while it
//! still serves, so the pack settles instead of trading cells.

use std::ops::ControlFlow;

use gridpath::Pos;

use super::{Body, DANGEROUS, Intent, MemberTurn, NEIGHBOURS, is_adjacent};
use crate::ai::alert::Source;
use crate::ai::brain::Mode;
use crate::ai::spots::SpotWay;
use crate::ai::thought::Thought;

/// Hunters this close to the player (Chebyshev, in cells) head for a cell
/// of their own next to it instead of for the player's cell.
const SURROUND_RADIUS: i32 = 6;
/// How much closer (octile cells) a member must be to a cell another
/// holds (than the holder stands now) before it takes the cell over; the
/// holder chooses again. Round the bodies ([`CLAIM_STEPS`]) for a cell
/// next to the player.
const CLAIM_MARGIN: f64 = 1.0;
/// How many fewer legal steps round the bodies a member must need to a
/// cell next to the player another holds (than the holder needs from
/// where it stands now) before it takes the cell over. One is enough for
/// a cell to change hands at most once while the bodies stand: both
/// judge from where they stand now, and the one that took it is the
/// nearer by a step each of them takes.
const CLAIM_STEPS: u32 = 1;
/// A held cell is kept unless another is closer by this much (octile
/// cells): a member does not switch cells for a small gain.
const KEEP_MARGIN: f64 = 1.5;
/// A held cell next to the player is kept unless another is this many
/// legal steps nearer round the bodies ([`MemberTurn::steps_round_bodies`]).
const KEEP_STEPS: u32 = 1;
/// How far from the player (Chebyshev, in cells) a hunter that knows no
/// way to a cell beside it looks at cells its faction never saw
/// ([`MemberTurn::look_for_way_in`]): as far as it takes a cell of its
/// own round the player ([`SURROUND_RADIUS`]).
const INSIGHT_RADIUS: i32 = SURROUND_RADIUS;
/// How far past [`SURROUND_RADIUS`] (Chebyshev, from the player) the walk
/// round the bodies to the cells next to the player is counted.
const ROUND_BODIES_REACH: i32 = 2;
/// Of a cell's eight neighbours, how many must be open to the faction's
/// knowledge for a member to wait there: it keeps out of corridors and
/// doorways, where it would block the way (Brogue's monsters avoid
/// corridors when they hunt in packs).
const OPEN_NEIGHBOURS_TO_WAIT: usize = 5;
/// Game time after stepping aside during which it does not step aside
/// again (it fights a while first).
const STEP_ASIDE_PAUSE: f64 = 4.0;
/// Own turns a hunter is allowed, beyond its way's length, to reach the
/// cell it holds next to the player: past them its way has stalled and it
/// gives the cell up (a goblin going round held its cell while its way
/// round stood still, 60 actions on a cavern level: pack20, reverted).
pub(super) const SPOT_SLACK: u32 = 3;
/// Game time a hunter that gave up its cell next to the player approaches
/// plainly (toward the player, behind its packmates) before it takes a
/// cell next to it again.
pub(super) const SURROUND_PAUSE: f64 = 6.0;
/// How far from a noise (Chebyshev, in cells) an investigator may stand
/// and look at where it was made.
pub(super) const INVESTIGATE_SPREAD: i32 = 2;
/// Own turns an investigator gives noises in a row before it loses
/// interest: a new noise heard on the way re-aims it and does not renew
/// its patience (see [`same_business`] and `Brain::decide`).
pub(super) const INVESTIGATE_PATIENCE: u32 = 30;

/// Whether a noise at `noise` is the same business as one heard at
/// `heard`: a fight moves about, and its next blow lands near the last.
pub(crate) fn same_business(heard: Pos, noise: Pos) -> bool {
    heard.chebyshev(noise) <= 2 * INVESTIGATE_SPREAD
}

/// What an investigator makes of a noise this turn.
enum Investigation {
    /// It heads for this spot about the noise.
    GoTo(Pos),
    /// It saw where the noise was made, or gave it up (`lost_interest`:
    /// its patience with this business ran out, or it left it to a
    /// monster staying in its way): it is done.
    Done { lost_interest: bool },
}

/// How a pack's rules end a member's choice of goal early.
pub(super) enum PackTurn {
    /// It does this (waits for room, out of the way).
    Acts(Intent),
    /// It is done with the noise it investigated: it chooses again.
    DecideAgain,
}

impl MemberTurn<'_> {
    /// The goal a member's packmates leave it, from the goal it chose
    /// (`goal`) while it hunts the player it sees (`hunted`): a cell of
    /// its own round the player or about a noise, or the goal unchanged
    /// (holding no cell).
    pub(super) fn pack_goal(
        &mut self,
        hunted: Option<Pos>,
        goal: Option<Pos>,
    ) -> ControlFlow<PackTurn, Option<Pos>> {
        let at = self.senses.at;
        if self.brain.mode != Mode::Investigate {
            self.brain.looking_about = None;
        }
        match (hunted, self.brain.mode, goal) {
            (Some(player), _, _)
                if self.senses.shooter.is_none() && at.chebyshev(player) <= SURROUND_RADIUS =>
            {
                if let Some(spot) = self.surround_spot(player) {
                    if spot == at {
                        // Waiting for room, out of the way.
                        self.brain.goal = Some(spot);
                        self.brain.forget_plan();
                        return ControlFlow::Break(PackTurn::Acts(Intent::Wait));
                    }
                    return ControlFlow::Continue(Some(spot));
                }
            }
            (_, Mode::Investigate, Some(noise)) => match self.investigate(noise) {
                Investigation::GoTo(spot) => return ControlFlow::Continue(Some(spot)),
                Investigation::Done { lost_interest } => {
                    self.brain.noise = None;
                    // Lost interest, it keeps the place in mind as done
                    // with: the same business heard again (a fight's next
                    // blow) does not draw it back, to leave it again and
                    // step to and fro (an A-B-A-B: a rat left the noise to
                    // a fighter in its way, strolled a step back, heard
                    // the next blow). A noise elsewhere starts afresh.
                    self.brain.investigating = lost_interest
                        .then(|| {
                            self.brain
                                .investigating
                                .map(|(at, _)| (at, INVESTIGATE_PATIENCE))
                        })
                        .flatten();
                    // Taking the noise up ended the stroll it was on: it
                    // strolls on from where it stands (a new stroll never
                    // sets out back the way it came), not back along the
                    // old one. A wolf that strolled west, stepped back east
                    // toward a noise and got no plan to it walked its old
                    // stroll west again, A-B-A-B (caves seed 4).
                    self.brain.wander_target = None;
                    self.release_spot();
                    return ControlFlow::Break(PackTurn::DecideAgain);
                }
            },
            _ => {
                if let Some(spot) = self.spot_kept_out_of_sight() {
                    // A step round a wall hid the player: it goes on to
                    // the cell it took round the player's cell.
                    return ControlFlow::Continue(Some(spot));
                }
                self.release_spot();
                self.faction.spots_mut().stop_waiting(self.senses.actor);
                // A way that is no longer walked is no longer timed (a
                // pause after giving a cell up runs on).
                if self
                    .brain
                    .spot_way
                    .is_some_and(|way| way.given_up_at.is_none())
                {
                    self.brain.spot_way = None;
                }
            }
        }
        ControlFlow::Continue(goal)
    }

    /// The cell a hunter near the player heads for: a free cell next to
    /// the player no packmate holds (the one it holds while it still
    /// serves), else a place out of the way two cells from the player to
    /// wait for room. Claims it. `None` when there is neither.
    ///
    /// One whose way to its cell next to the player stalled
    /// ([`Self::way_goes_on`]) lets the cell go and, for
    /// [`SURROUND_PAUSE`], holds none: `None`, the plain approach.
    pub(super) fn surround_spot(&mut self, player: Pos) -> Option<Pos> {
        if self
            .brain
            .spot_way
            .is_some_and(|way| way.pausing(self.senses.now, SURROUND_PAUSE))
        {
            self.release_spot();
            // Its way round stalled: it still waits its turn for a cell,
            // and its plain approach does not step into a freed cell a
            // packmate has waited longer for.
            let (actor, at, now) = (self.senses.actor, self.senses.at, self.senses.now);
            if !self.strikes_from_here(player) {
                self.faction.spots_mut().wait(actor, player, at, now);
                let owed = ring(player, 1).find(|&cell| {
                    is_adjacent(at, cell)
                        && (self.senses.body_at)(cell) == Body::Empty
                        && !self.faction.believes_step_blocked(at, cell)
                        && self.can_strike_from(cell, player)
                        && self.waiter_first(cell, player)
                });
                if let Some(cell) = owed {
                    self.brain.thought = Thought::LeavesCellToPackmate { cell };
                    return Some(at);
                }
            }
            return None;
        }
        // The cell it gave up is not taken again (it would set out on
        // the same stalled way: round a loop and back, holding it), until
        // it has stood waiting longer than that way was allowed: then
        // waiting is dearer than the way (`Brain::held_turns`), and it
        // may take the cell again and go round.
        let held_turns = self.brain.held_turns;
        let given_up = self
            .brain
            .spot_way
            .filter(|way| way.given_up_at.is_some() && held_turns <= way.allowed)
            .map(|way| way.spot);
        let beside: Vec<Pos> = ring(player, 1)
            .filter(|&cell| self.can_strike_from(cell, player) && self.may_hold(cell))
            .filter(|&cell| given_up != Some(cell))
            .filter(|&cell| !self.waiter_first(cell, player))
            .collect();
        let (chosen, reached) = self.choose_beside(player, &beside);
        // With no cell next to the player it can walk to round the bodies
        // (none free, or only through the player: the far side of a
        // doorway with no way round) it waits its turn for one, first
        // come, first served; with one it waits no more.
        let (actor, at, now) = (self.senses.actor, self.senses.at, self.senses.now);
        if !reached && !self.strikes_from_here(player) {
            self.faction.spots_mut().wait(actor, player, at, now);
        } else if !self.strikes_from_here(player) {
            // On its way to a freed cell it keeps its place in the queue
            // (three-doors, stander, seed 5: wolf 5, waiting since turn 14,
            // set out from two cells off for the cell wolf 1 left and lost
            // it to wolf 4, which had come three turns before).
            self.faction
                .spots_mut()
                .keep_waiting(actor, player, at, now);
        } else {
            self.faction.spots_mut().stop_waiting(actor);
        }
        if let Some(spot) = chosen {
            if !self.way_goes_on(spot) {
                self.release_spot();
                // What the way was allowed stays: waiting longer than that,
                // it may take the cell again.
                let allowed = self.brain.spot_way.map_or(0, |way| way.allowed);
                self.brain.spot_way = Some(SpotWay {
                    given_up_at: Some(self.senses.now),
                    ..SpotWay::toward(spot, allowed)
                });
                self.brain.thought = Thought::GivesUpSpot { spot };
                return None;
            }
            self.hold(spot);
            self.brain.thought = Thought::TakesSpotBeside { spot };
            return Some(spot);
        }
        if self
            .brain
            .spot_way
            .is_some_and(|way| way.given_up_at.is_none())
        {
            // Waiting for room is no way to a cell beside the player.
            self.brain.spot_way = None;
        }
        // Room is wanting when bodies hold the cells beside the player a
        // blow could come from; a way is, when such a cell stands free and
        // it knows no way there, or when none is held and the cells are
        // missing from what its faction knows.
        let room_held = ring(player, 1).any(|cell| {
            self.can_strike_from(cell, player)
                && ((self.senses.body_at)(cell) != Body::Empty
                    || self
                        .faction
                        .spots()
                        .holder(cell)
                        .is_some_and(|holder| holder != actor))
        });
        if (!beside.is_empty() || !room_held)
            && square(player, INSIGHT_RADIUS).any(|cell| self.unseen_and_shut(cell))
        {
            // Cells about the player its faction never saw, which it plans
            // as walls: the way in may lie there. Waiting for room is for
            // cells that bodies hold; it goes to look instead, or, with
            // nowhere to look from, approaches plainly (with no way known
            // to the player either, it takes it as out of reach).
            self.faction.spots_mut().stop_waiting(actor);
            let spot = self.look_for_way_in(player);
            match spot {
                Some(spot) => {
                    self.hold(spot);
                    self.brain.thought = Thought::LooksForWayIn { spot };
                }
                None => self.release_spot(),
            }
            return spot;
        }
        let waiting: Vec<Pos> = ring(player, 2)
            .filter(|&cell| self.known_open(cell) && self.may_hold(cell) && self.open_around(cell))
            .collect();
        let spot = self.choose(&waiting)?;
        self.hold(spot);
        self.brain.thought = Thought::WaitsForRoom { spot };
        Some(spot)
    }

    /// The cell round the player a hunter holds and keeps heading for once
    /// its way there hides the player from it: it searches, on news it
    /// saw itself of a cell within two of the spot (nothing newer heard
    /// since), and has not reached the spot. Losing sight a step round a
    /// wall is no news that the player moved; dropping the spot for the
    /// player's cell sent it back the way it came, where it saw the player
    /// and took the spot again (rooms depth 5, seed 3, turns 104-108: a
    /// giant rat in the doorway of the room east of a corridor the player
    /// stood in, a packmate fighting it there, set out north round to a
    /// place to wait in the room west of it, and stepped to and fro
    /// between 52,29 and 52,28, three A-B-A-B moves). `None` when the
    /// spot is out of reach, taken or stood on, or it is there.
    fn spot_kept_out_of_sight(&self) -> Option<Pos> {
        if self.brain.mode != Mode::Search || self.senses.player_seen.is_some() {
            return None;
        }
        let spot = self.brain.spot?;
        let seen = self
            .brain
            .alert
            .filter(|alert| alert.source == Source::Saw)?
            .pos;
        (spot != self.senses.at
            && spot.chebyshev(seen) <= 2
            && self.brain.unreachable != Some(spot)
            && self.may_hold(spot))
        .then_some(spot)
    }

    /// Whether it stands where a blow at the player can land: next to it,
    /// with no wall corner between (one diagonal to a player in a doorway
    /// waits like one further off).
    pub(super) fn strikes_from_here(&self, player: Pos) -> bool {
        let at = self.senses.at;
        at.chebyshev(player) == 1 && self.can_strike_from(at, player)
    }

    /// Whether `cell`, next to the player and free, is a packmate's to take
    /// first: one that began waiting for a cell next to the player before
    /// this member did (or at all, when this one does not wait) stands a
    /// legal step from it ([`Spots::waited_longer`]). Of those that queue
    /// at a doorway, the longest waiting takes the cell that comes free,
    /// whatever their order in the turn.
    ///
    /// [`Spots::waited_longer`]: crate::ai::spots::Spots::waited_longer
    pub(super) fn waiter_first(&self, cell: Pos, player: Pos) -> bool {
        let (actor, at, now) = (self.senses.actor, self.senses.at, self.senses.now);
        if cell == at || self.brain.spot == Some(cell) {
            return false;
        }
        self.faction
            .spots()
            .waited_longer(actor, player, now)
            .any(|(_, waiter)| {
                is_adjacent(waiter.at, cell)
                    && !self.faction.believes_step_blocked(waiter.at, cell)
                    && matches!((self.senses.body_at)(waiter.at), Body::Packmate { .. })
            })
    }

    /// Whether `cell`, next to the player, is held by a packmate that
    /// began waiting for a cell next to the player before this member and
    /// walks to it keeping its place in the queue ([`Self::waiter_first`]
    /// for one a step from it). Not when this member stands between them
    /// (next to both): in a corridor the holder's way runs through it, and
    /// leaving the cell would stand both (maze, depth 5, seed 1: a goblin
    /// left the cell before it to the one behind it for 6 turns).
    pub(super) fn holder_queued_first(&self, cell: Pos, player: Pos) -> bool {
        let (actor, at, now) = (self.senses.actor, self.senses.at, self.senses.now);
        let spots = self.faction.spots();
        let Some(holder) = spots.holder(cell).filter(|&holder| holder != actor) else {
            return false;
        };
        spots.waited_longer(actor, player, now).any(|(waiter, w)| {
            waiter == holder && !(is_adjacent(at, w.at) && is_adjacent(at, cell))
        })
    }

    /// Whether its way to `spot`, the cell next to the player it heads
    /// for, goes on: it stands there, or has spent no more of its own
    /// turns on the way than the way's length when it took the cell (or,
    /// once, when its first plan there came) and [`SPOT_SLACK`] more.
    /// Counts this turn against the allowance.
    fn way_goes_on(&mut self, spot: Pos) -> bool {
        let at = self.senses.at;
        if spot == at {
            self.brain.spot_way = None;
            return true;
        }
        let mut way = match self.brain.spot_way {
            Some(way) if way.spot == spot && way.given_up_at.is_none() => way,
            _ => SpotWay::toward(spot, at.chebyshev(spot).unsigned_abs() + SPOT_SLACK),
        };
        let planned = (self.brain.plan_goal == Some(spot) && !self.brain.plan.is_empty())
            .then(|| u32::try_from(self.brain.plan.len()).unwrap_or(u32::MAX));
        if !way.planned
            && let Some(steps) = planned
        {
            way.allowed = way
                .allowed
                .max(way.turns.saturating_add(steps).saturating_add(SPOT_SLACK));
            way.planned = true;
        }
        way.turns += 1;
        self.brain.spot_way = Some(way);
        way.turns <= way.allowed
    }

    /// A melee member about to strike the player from where it stands: the
    /// cell it stands on is its place round the player, and the one it
    /// held elsewhere is let go for a packmate. It strikes from the first
    /// cell next to the player its way reaches, and a cell further round
    /// that it kept stood empty, held: a goblin going round to the far
    /// side of a player against a wall struck from the cell diagonal to
    /// it, holding the free cell beside the player, and two packmates
    /// waited for room the whole fight. It waits for no cell any more.
    pub(super) fn hold_where_it_strikes(&mut self) {
        let at = self.senses.at;
        if self.brain.spot != Some(at) {
            self.hold(at);
        }
        self.faction.spots_mut().stop_waiting(self.senses.actor);
    }

    /// A member next to the player, about to strike: the cell it steps to
    /// instead, still next to the player, when a packmate queued behind
    /// it (two cells from the player, or next to it across a wall corner
    /// no blow crosses, with no free cell next to the player a legal step
    /// away) could then take its place.
    pub(super) fn make_room(&mut self, player: Pos) -> Option<Pos> {
        let at = self.senses.at;
        let now = self.senses.now;
        if self
            .brain
            .stepped_aside_at
            .is_some_and(|when| now - when < STEP_ASIDE_PAUSE)
        {
            return None;
        }
        let queued = NEIGHBOURS
            .iter()
            .map(|&(dx, dy)| Pos::new(at.x + dx, at.y + dy))
            .filter(|&cell| match cell.chebyshev(player) {
                2 => true,
                // Beside the player but round a corner: it cannot strike
                // from there (a corridor's mouth diagonal to the player).
                1 => self.faction.believes_step_blocked(cell, player),
                _ => false,
            })
            .filter(|&cell| matches!((self.senses.body_at)(cell), Body::Packmate { .. }))
            .any(|mate| !self.has_free_cell_beside(mate, player));
        if !queued {
            return None;
        }
        let to = ring(player, 1)
            .filter(|&cell| cell != at && is_adjacent(cell, at))
            .filter(|&cell| (self.senses.body_at)(cell) == Body::Empty)
            .filter(|&cell| !self.faction.believes_step_blocked(at, cell))
            .filter(|&cell| self.can_strike_from(cell, player) && self.may_hold(cell))
            .min()?;
        self.brain.stepped_aside_at = Some(now);
        self.hold(to);
        self.brain.thought = Thought::StepsAside { to };
        Some(to)
    }

    /// What an investigator of the noise at `noise` does this turn: heads
    /// for a spot it holds about the noise (one its faction believes shows
    /// the noise's cell, and not where kin died), or is done (it stands
    /// where it sees the noise's cell from close by, its patience ran out,
    /// or no spot about it is free and safe).
    fn investigate(&mut self, noise: Pos) -> Investigation {
        let at = self.senses.at;
        // One run of investigating is one investigation: a noise near the
        // one it investigates is the same business (a fight moves about),
        // and a noise elsewhere heard on the way re-aims it; either way
        // its patience goes on. Only a run taken up afresh begins it anew
        // (`Brain::decide` keeps no count from an earlier run but a place
        // done with). Renewed at each new noise, a skeleton followed a
        // packmate battering doors from one to the next, four noises and
        // 43 actions in a row (shut-cells of unseen21, depth 5, seed 7,
        // turns 60-107).
        let before = self.brain.investigating;
        let turns = before.map_or(1, |(_, turns)| turns + 1);
        self.brain.investigating = Some((noise, turns));
        // Re-aimed at a noise elsewhere farther (as the crow flies) than
        // the patience it has left could take it to look, it lets it be
        // at once rather than walk toward it and give up on the way: a
        // turn is a step at most, and it looks from within
        // INVESTIGATE_SPREAD. A run taken up afresh walks its way (the
        // player's rest draws from farther than its patience).
        let re_aimed = before.is_some_and(|(heard, _)| !same_business(heard, noise));
        let left = INVESTIGATE_PATIENCE.saturating_sub(turns) + 1;
        let too_far = re_aimed
            && u32::try_from(at.chebyshev(noise) - INVESTIGATE_SPREAD)
                .is_ok_and(|line| line > left);
        // No plan came to a spot about it (it gave up waiting, or found
        // none): another spot beside that one would only start the same
        // wait again (a goblin drawn from 26 cells away stood 18 turns).
        let gave_up_on_it = self
            .brain
            .unreachable
            .is_some_and(|cell| cell.chebyshev(noise) <= INVESTIGATE_SPREAD);
        if turns > INVESTIGATE_PATIENCE || too_far || gave_up_on_it {
            return Investigation::Done {
                lost_interest: turns > INVESTIGATE_PATIENCE || too_far,
            };
        }
        // Reached and found nobody: it looks about the place a while.
        if self
            .brain
            .looking_about
            .is_some_and(|looking| looking.noise.chebyshev(noise) <= 2 * INVESTIGATE_SPREAD)
        {
            return self.looked_about();
        }
        self.brain.looking_about = None;
        let grid = self.faction.grid();
        let spots: Vec<Pos> = square(noise, INVESTIGATE_SPREAD)
            .filter(|&cell| self.faction.avoidance_at(cell) <= DANGEROUS)
            .filter(|&cell| self.may_hold(cell))
            .filter(|&cell| cell == noise || self.faction.believes_seen_from(cell, noise))
            .filter(|&cell| grid.is_some_and(|g| g.connected(at, cell)))
            .collect();
        // The noise itself when it may hold it (a spot beside it on the
        // way, equal by the octile sum, left it two cells short); else on
        // the way first: the spot that adds least to the walk, nearer the
        // noise among equals.
        let best = spots.contains(&noise).then_some(noise).or_else(|| {
            spots.iter().copied().min_by(|&a, &b| {
                let cost = |c: Pos| at.octile(c) + c.octile(noise);
                cost(a)
                    .total_cmp(&cost(b))
                    .then(a.octile(noise).total_cmp(&b.octile(noise)))
                    .then(a.cmp(&b))
            })
        });
        let held = self
            .brain
            .spot
            .filter(|spot| spots.contains(spot) && spot.chebyshev(noise) <= INVESTIGATE_SPREAD);
        let spot = match (held, best) {
            (Some(held), Some(best))
                if at.octile(held) + held.octile(noise)
                    <= at.octile(best) + best.octile(noise) + KEEP_MARGIN =>
            {
                held
            }
            (_, Some(best)) => best,
            (Some(held), None) => held,
            // Nowhere about it is safe and free to look from (kin died
            // there, or the pack holds every spot): it lets it be.
            (None, None) => {
                return Investigation::Done {
                    lost_interest: false,
                };
            }
        };
        if spot == at {
            // It stands on the noise, or on the nearest spot about it it
            // could hold: it looks about.
            self.start_looking_about(noise);
            return self.looked_about();
        }
        self.hold(spot);
        self.brain.thought = Thought::Investigates { noise, spot };
        Investigation::GoTo(spot)
    }

    /// Where its look about the noise takes it next, or done.
    fn looked_about(&mut self) -> Investigation {
        match self.look_about() {
            Some(spot) => Investigation::GoTo(spot),
            None => Investigation::Done {
                lost_interest: false,
            },
        }
    }

    /// Lets go of the cell it holds, if any.
    pub(super) fn release_spot(&mut self) {
        if self.brain.spot.take().is_some() {
            self.faction.spots_mut().release(self.senses.actor);
        }
    }

    /// Holds `cell` (taking it over from a packmate further away).
    pub(super) fn hold(&mut self, cell: Pos) {
        let actor = self.senses.actor;
        let spots = self.faction.spots_mut();
        if !spots.free_for(cell, actor)
            && let Some(holder) = spots.holder(cell)
        {
            spots.release(holder);
        }
        spots.claim(actor, cell, self.senses.at);
        self.brain.spot = Some(cell);
    }

    /// Whether it may hold `cell`: the faction believes it walkable, no
    /// other monster stands there, and no packmate holds it (unless this
    /// member is clearly nearer than the holder stands now, in legal steps
    /// round the bodies for a cell next to the player, or a step from it
    /// where the holder is not).
    pub(super) fn may_hold(&self, cell: Pos) -> bool {
        let at = self.senses.at;
        if cell != at && (self.senses.body_at)(cell) != Body::Empty {
            return false;
        }
        if self.faction.believes_blocked(cell) || self.brain.unreachable == Some(cell) {
            return false;
        }
        let spots = self.faction.spots();
        // One legal step from the cell beats a holder that chose it from
        // further: the octile margin alone let a packmate two cells off,
        // going round the bodies between, keep a cell beside the player
        // while this one waited a step from it (warrens seed 6, evader).
        // But not one that waited its turn longer than this one and now
        // walks to the cell that came free: first come, first served.
        let actor = self.senses.actor;
        let one_step = is_adjacent(at, cell) && !self.faction.believes_step_blocked(at, cell);
        let queued_first = self
            .senses
            .player_seen
            .is_some_and(|player| self.holder_queued_first(cell, player));
        spots.free_for(cell, actor)
            || spots.holder_at(cell).is_some_and(|holder_at| {
                let nearer = self
                    .nearer_round_bodies(cell, holder_at)
                    .unwrap_or_else(|| at.octile(cell) + CLAIM_MARGIN < holder_at.octile(cell));
                nearer || (one_step && holder_at.chebyshev(cell) > 1 && !queued_first)
            })
    }

    /// For `cell` next to the player it sees, held by a packmate standing
    /// at `holder_at`: whether this member is nearer it in legal steps
    /// round the bodies ([`CLAIM_STEPS`] fewer), judged from where
    /// both stand now; `None` when neither is reached round them (or the
    /// cell is not next to the player), to judge as the crow flies. As
    /// the crow flies, a wolf across a doorway from the player took the
    /// cell beyond it from a packmate already on its way round, though
    /// its own way round was as long (twin-halls of unseen24, depth 5,
    /// seed 8).
    fn nearer_round_bodies(&self, cell: Pos, holder_at: Pos) -> Option<bool> {
        let player = self
            .senses
            .player_seen
            .filter(|&player| cell.chebyshev(player) == 1)?;
        let mine = self.steps_round_bodies_from(self.senses.at, player, &[cell])[0];
        let theirs = self.steps_round_bodies_from(holder_at, player, &[cell])[0];
        match (mine, theirs) {
            (Some(mine), Some(theirs)) => Some(mine + CLAIM_STEPS <= theirs),
            (Some(_), None) => Some(true),
            (None, Some(_)) => Some(false),
            (None, None) => None,
        }
    }

    /// Of `cells`, the one to head for: the nearest, but the one it holds
    /// while no other is clearly nearer; reachable on what the faction
    /// knows.
    fn choose(&self, cells: &[Pos]) -> Option<Pos> {
        let at = self.senses.at;
        let grid = self.faction.grid()?;
        let reachable = |cell: &&Pos| grid.connected(at, **cell);
        let nearest = cells
            .iter()
            .filter(reachable)
            .min_by(|&&a, &&b| at.octile(a).total_cmp(&at.octile(b)).then(a.cmp(&b)))
            .copied()?;
        match self.brain.spot {
            Some(held)
                if cells.contains(&held) && at.octile(held) <= at.octile(nearest) + KEEP_MARGIN =>
            {
                Some(held)
            }
            _ => Some(nearest),
        }
    }

    /// Of `cells` next to the player, the one to head for: the one it
    /// reaches in fewest legal steps round the bodies standing about
    /// (packmates and strangers alike); among equals the one next to
    /// most of the cells the player can step to
    /// ([`Self::stays_beside`]), then the nearer as the crow flies; the one it holds while no other is more than
    /// [`KEEP_STEPS`] nearer. As the crow flies ([`Self::choose`]) when
    /// none is reached round them near the player (a queue in a
    /// corridor: only through the bodies). Nearest as the crow flies
    /// sent a goblin behind two others toward the cell beyond them
    /// while one it could walk to round them lay free (horde seed 3,
    /// evader, turns 179-181).
    ///
    /// Also whether any of `cells` is reached round the bodies.
    fn choose_beside(&self, player: Pos, cells: &[Pos]) -> (Option<Pos>, bool) {
        let at = self.senses.at;
        let walks = self.steps_round_bodies(player, cells);
        let walk_to = |cell: Pos| {
            cells
                .iter()
                .position(|&c| c == cell)
                .and_then(|index| walks[index])
        };
        let Some((nearest, steps)) = cells
            .iter()
            .filter_map(|&cell| walk_to(cell).map(|steps| (cell, steps)))
            .min_by(|&(a, sa), &(b, sb)| {
                sa.cmp(&sb)
                    .then(
                        self.stays_beside(b, player)
                            .cmp(&self.stays_beside(a, player)),
                    )
                    .then(at.octile(a).total_cmp(&at.octile(b)))
                    .then(a.cmp(&b))
            })
        else {
            return (self.choose(cells), false);
        };
        match self
            .brain
            .spot
            .and_then(|held| Some((held, walk_to(held)?)))
        {
            Some((held, held_steps)) if held_steps <= steps + KEEP_STEPS => (Some(held), true),
            _ => (Some(nearest), true),
        }
    }

    /// How many of the free cells the player can step to lie next to
    /// `cell`: a hunter there is still next to the player after such a
    /// step. A cell straight beside the player is next to four of them
    /// in the open, one diagonal to it two, so a pack fanned out on the
    /// flanks stays on the player as it backs away.
    fn stays_beside(&self, cell: Pos, player: Pos) -> usize {
        ring(player, 1)
            .filter(|&step| step != cell && step.chebyshev(cell) == 1)
            .filter(|&step| (self.senses.body_at)(step) == Body::Empty)
            .filter(|&step| {
                !self.faction.believes_blocked(step)
                    && !self.faction.believes_step_blocked(player, step)
            })
            .count()
    }

    /// Legal steps from where it stands to each of `cells`, through cells
    /// its faction believes walkable on which no other body stands,
    /// counted within [`ROUND_BODIES_REACH`] cells past
    /// [`SURROUND_RADIUS`] of the player; `None` for a cell not reached
    /// there.
    fn steps_round_bodies(&self, player: Pos, cells: &[Pos]) -> Vec<Option<u32>> {
        self.steps_round_bodies_from(self.senses.at, player, cells)
    }

    /// [`Self::steps_round_bodies`] from `at` (a packmate's cell: the body
    /// there is the walker's own).
    fn steps_round_bodies_from(&self, at: Pos, player: Pos, cells: &[Pos]) -> Vec<Option<u32>> {
        let radius = SURROUND_RADIUS + ROUND_BODIES_REACH;
        let side = 2 * radius + 1;
        let index = |cell: Pos| {
            let (dx, dy) = (cell.x - player.x + radius, cell.y - player.y + radius);
            ((0..side).contains(&dx) && (0..side).contains(&dy))
                .then(|| usize::try_from(dy * side + dx).ok())
                .flatten()
        };
        let mut walks = vec![None; cells.len()];
        let Some(start) = index(at) else {
            return walks;
        };
        let mut steps: Vec<Option<u32>> = vec![None; usize::try_from(side * side).unwrap_or(0)];
        steps[start] = Some(0);
        let mut frontier = std::collections::VecDeque::from([at]);
        let mut left = cells.len();
        while let Some(cell) = frontier.pop_front() {
            let Some(here) = index(cell).and_then(|i| steps[i]) else {
                continue;
            };
            if let Some(k) = cells.iter().position(|&c| c == cell)
                && walks[k].is_none()
            {
                walks[k] = Some(here);
                left -= 1;
                if left == 0 {
                    break;
                }
            }
            for (dx, dy) in NEIGHBOURS {
                let next = Pos::new(cell.x + dx, cell.y + dy);
                let Some(i) = index(next) else { continue };
                if steps[i].is_some()
                    || self.faction.believes_blocked(next)
                    || (self.senses.body_at)(next) != Body::Empty
                    || self.faction.believes_step_blocked(cell, next)
                {
                    continue;
                }
                steps[i] = Some(here + 1);
                frontier.push_back(next);
            }
        }
        walks
    }

    /// Whether a blow at the player can land from `cell`: walkable as far
    /// as the faction knows, and the step onto the player legal from it
    /// (no wall corner between).
    pub(super) fn can_strike_from(&self, cell: Pos, player: Pos) -> bool {
        !self.faction.believes_blocked(cell) && !self.faction.believes_step_blocked(cell, player)
    }

    /// Whether the packmate at `mate` has a free cell next to the player
    /// one step from it.
    fn has_free_cell_beside(&self, mate: Pos, player: Pos) -> bool {
        ring(player, 1).any(|cell| {
            is_adjacent(cell, mate)
                && (self.senses.body_at)(cell) == Body::Empty
                && !self.faction.believes_step_blocked(mate, cell)
                && self.can_strike_from(cell, player)
        })
    }

    /// Whether enough of the cell's neighbours are known open for a
    /// member to wait there without blocking a corridor or a doorway.
    fn open_around(&self, cell: Pos) -> bool {
        NEIGHBOURS
            .iter()
            .filter(|&&(dx, dy)| self.known_open(Pos::new(cell.x + dx, cell.y + dy)))
            .count()
            >= OPEN_NEIGHBOURS_TO_WAIT
    }

    /// Whether its faction has never seen `cell`, on the level, and takes
    /// it for a wall (`unknown_cells = "blocked"`): its members plan no
    /// way through it, though one may be there.
    fn unseen_and_shut(&self, cell: Pos) -> bool {
        let knowledge = self.faction.knowledge();
        knowledge.in_bounds(cell)
            && knowledge.belief(cell).is_none()
            && self.faction.believes_blocked(cell)
    }

    /// Where a hunter that knows no way to any cell beside the player
    /// goes to see the cells about the player its faction never saw
    /// ([`Self::unseen_and_shut`], within [`INSIGHT_RADIUS`] of it): a
    /// cell it may hold, next to such a cell (a look from there shows
    /// it), that it walks to round the bodies; the one beside the unseen
    /// cell nearest the player, then the one fewest steps off. In the
    /// manner of frontier exploration: each look shows cells the next
    /// plan may pass, until a way in is known or none is left to look
    /// for. A giant rat on warrens (seed 3, turns 305-316) saw the player
    /// through a gap between two wall corners and, knowing no way round,
    /// waited for room 12 turns two cells from it while the cells beside
    /// the player stood free and the way in, four cells it had never
    /// seen, lay five steps off. `None` when there is no such cell.
    fn look_for_way_in(&self, player: Pos) -> Option<Pos> {
        let at = self.senses.at;
        let mut looks: Vec<(Pos, i32)> = Vec::new();
        for unseen in square(player, INSIGHT_RADIUS).filter(|&cell| self.unseen_and_shut(cell)) {
            let nearness = unseen.chebyshev(player);
            for (dx, dy) in NEIGHBOURS {
                let cell = Pos::new(unseen.x + dx, unseen.y + dy);
                if cell == at || !self.known_open(cell) || !self.may_hold(cell) {
                    continue;
                }
                match looks.iter_mut().find(|(c, _)| *c == cell) {
                    Some((_, best)) => *best = (*best).min(nearness),
                    None => looks.push((cell, nearness)),
                }
            }
        }
        let cells: Vec<Pos> = looks.iter().map(|&(cell, _)| cell).collect();
        let walks = self.steps_round_bodies(player, &cells);
        looks
            .iter()
            .zip(walks)
            .filter_map(|(&(cell, nearness), steps)| Some((cell, nearness, steps?)))
            .min_by(|a, b| a.1.cmp(&b.1).then(a.2.cmp(&b.2)).then(a.0.cmp(&b.0)))
            .map(|(cell, _, _)| cell)
    }

    /// Whether its faction has seen `cell` and believes it walkable. A
    /// place to wait out of the way must be one: an unseen cell behind a
    /// corridor's wall is believed open, and wolves queued in a one-wide
    /// corridor took such cells two rows off, behind the rock, as their
    /// places to wait (tworoom seed 3, turns 69-74).
    fn known_open(&self, cell: Pos) -> bool {
        self.faction.knowledge().belief(cell).is_some() && !self.faction.believes_blocked(cell)
    }
}

/// The cells exactly `radius` cells (Chebyshev) from `center`, row by row.
fn ring(center: Pos, radius: i32) -> impl Iterator<Item = Pos> {
    square(center, radius).filter(move |&cell| cell.chebyshev(center) == radius)
}

/// The cells within `radius` cells (Chebyshev) of `center`, row by row.
pub(super) fn square(center: Pos, radius: i32) -> impl Iterator<Item = Pos> {
    (-radius..=radius).flat_map(move |dy| {
        (-radius..=radius).map(move |dx| Pos::new(center.x + dx, center.y + dy))
    })
}

#[cfg(test)]
mod tests;
#[cfg(test)]
mod unseen_tests;
