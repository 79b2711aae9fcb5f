//! A member's next step: along its plan, round or through a packmate in
//! the way, or (while its search runs) a guess toward the goal.

use gridpath::Pos;

use super::pack::INVESTIGATE_PATIENCE;
use super::{Body, Intent, MemberTurn, NEIGHBOURS, is_adjacent};
use crate::ai::brain::{Mode, PlanSource};
use crate::ai::thought::Thought;

impl MemberTurn<'_> {
    /// The next step along the monster's plan, round or through packmates.
    pub(super) fn step_along(&mut self, next: Pos) -> Intent {
        let at = self.senses.at;
        if self.faction.believes_step_blocked(at, next) {
            self.brain.forget_plan();
            return match self.greedy_step(self.brain.goal.unwrap_or(next)) {
                Some(step) => Intent::Step {
                    to: step,
                    swap: false,
                    guided: false,
                },
                None => Intent::Wait,
            };
        }
        if self.brain.plan_fresh {
            // Starts to follow this plan: count it if it crosses a cell the
            // faction holds as blocked (the checks above should make it never).
            self.brain.plan_fresh = false;
            if self
                .brain
                .plan
                .iter()
                .any(|&cell| self.faction.believes_blocked(cell))
            {
                self.faction.counters_mut().stale_plans += 1;
            }
        }
        match (self.senses.body_at)(next) {
            Body::Empty if self.owed_to_a_packmate(next) || self.awaited_by_a_packmate(next) => {
                self.brain.thought = Thought::LeavesCellToPackmate { cell: next };
                Intent::Wait
            }
            Body::Empty => Intent::Step {
                to: next,
                swap: false,
                guided: true,
            },
            Body::Player => Intent::Attack(next),
            Body::Packmate { .. } | Body::Stranger { .. }
                if self.brain.mode == Mode::Wander
                    && self.brain.plan_source == PlanSource::Search
                    && self.turned_back_from != Some(next) =>
            {
                // A stroll has nowhere it must be: rather than push past
                // (and be pushed back on the way home, pacing in a
                // corridor), it strolls somewhere else (unless every way
                // goes past this body: then it asks to pass, below).
                self.brain.wander_target = None;
                self.brain.forget_plan();
                self.brain.thought = Thought::TurnsBack(next);
                Intent::Wait
            }
            Body::Packmate { yields: true, .. } | Body::Stranger { yields: true, .. } => {
                self.brain.thought = Thought::SwapsWith(next);
                Intent::Step {
                    to: next,
                    swap: true,
                    guided: true,
                }
            }
            Body::Packmate { yields: false, .. } | Body::Stranger { yields: false, .. } => {
                match self.sidestep(next) {
                    Some(side) => {
                        self.brain.thought = Thought::Sidesteps(side);
                        Intent::Step {
                            to: side,
                            swap: false,
                            guided: true,
                        }
                    }
                    None if self.brain.mode == Mode::Investigate => {
                        // A packmate that stays in the way is nearer the
                        // noise: it looks for the pack, and this one goes
                        // back to its life this same turn (`think` drops a
                        // goal given up) instead of queueing behind it. So
                        // does one of another faction that stays (fighting
                        // in a doorway, the noise's own business: rooms
                        // depth 5 seed 5, a rat stood 8 actions behind a
                        // goblin archer shooting from a door).
                        self.brain.unreachable = Some(self.brain.goal.unwrap_or(next));
                        // Done with the place: the same business heard
                        // again does not draw it back (`pack_goal`).
                        self.brain.investigating = self
                            .brain
                            .investigating
                            .map(|(noise, _)| (noise, INVESTIGATE_PATIENCE));
                        self.brain.thought = Thought::LeavesNoiseToPackmate(next);
                        Intent::Wait
                    }
                    None => {
                        self.queue_behind_fighter(next);
                        self.brain.thought = Thought::BlockedByPackmate(next);
                        Intent::Wait
                    }
                }
            }
        }
    }

    /// A hunter that stands behind a packmate on `next`, a cell next to
    /// the player it waits to strike from (its way runs through the
    /// fighter), waits its turn for a cell next to the player from now,
    /// first come, first served ([`Spots::wait`]), as one that waits for
    /// room does: not only once its way round is given up as stalled.
    /// Else a fighter that falls back gives its cell to one that queued
    /// later (twin-halls, depth 5, seed 8: wolf 4 stood behind wolf 5 in
    /// the doorway from turn 8, and joined the queue at turn 12 when its
    /// way round stalled; wolf 7, waiting for room since turn 11, took
    /// the cell when wolf 5 fell back at turn 15, and wolf 4 stood on).
    ///
    /// [`Spots::wait`]: crate::ai::spots::Spots::wait
    fn queue_behind_fighter(&mut self, next: Pos) {
        let Some(player) = self.senses.player_seen else {
            return;
        };
        if self.brain.mode == Mode::Hunt
            && self.senses.shooter.is_none()
            && next.chebyshev(player) == 1
            && self.can_strike_from(next, player)
        {
            let (actor, at, now) = (self.senses.actor, self.senses.at, self.senses.now);
            self.faction.spots_mut().wait(actor, player, at, now);
        }
    }

    /// Whether `next`, a free cell next to the player its plan steps into
    /// (a hunter that cannot strike yet, its plan through the doorway's
    /// near cell to the far side, say), is a packmate's that has waited
    /// longer for a cell next to the player and stands a step from it
    /// ([`Self::waiter_first`]), or that a packmate that began waiting
    /// before it holds (the longest waiter took it as its cell the moment
    /// it came free, and walks to it, keeping its place in the queue; a
    /// holder that never queued keeps no cell from a plan: that stood
    /// hunters beside a free cell on twin-halls, depth 5, seed 8, 7
    /// turns): first come, first served, whatever way the cell is taken
    /// (three-doors, stander, seed 4: a wolf whose plan ran through the
    /// freed cell stepped in ahead of one that had waited 15 turns beside
    /// it; and at turn 55 a wolf approaching plainly stepped into the cell
    /// the one that had waited 35 turns had just taken).
    fn owed_to_a_packmate(&self, next: Pos) -> bool {
        let Some(player) = self.senses.player_seen else {
            return false;
        };
        self.brain.mode == Mode::Hunt
            && self.senses.shooter.is_none()
            && next.chebyshev(player) == 1
            && !self.strikes_from_here(player)
            && self.can_strike_from(next, player)
            && (self.waiter_first(next, player) || self.holder_queued_first(next, player))
    }

    /// Whether `next`, a free cell its way goes through, is one a packmate
    /// a legal step from it waited for, stalled longer than this member
    /// (it stood behind the body that held it: [`WaitFor`]): first come,
    /// first served for a cell on the way, as for one next to the player
    /// ([`Self::owed_to_a_packmate`]). A goblin that came up beside the
    /// queue stepped into the cell the moment its holder moved on, ahead
    /// of the packmate that had stood 9 actions behind it
    /// (pillar-cavern, evader, seed 4, turn 115: goblin 7 took 69,31,
    /// goblin 5's wait behind goblin 4 crossing the swamp).
    ///
    /// [`WaitFor`]: crate::ai::give_way::WaitFor
    fn awaited_by_a_packmate(&self, next: Pos) -> bool {
        let at = self.senses.at;
        let waited = self.brain.stall_turns;
        NEIGHBOURS
            .iter()
            .map(|&(dx, dy)| Pos::new(next.x + dx, next.y + dy))
            .filter(|&cell| cell != at)
            .any(|cell| {
                (self.senses.awaited_at)(cell).is_some_and(|wait| {
                    wait.cell == next
                        && wait.turns > waited
                        && !self.faction.believes_step_blocked(cell, next)
                })
            })
    }

    /// A free cell beside the monster from which its plan goes on (next to the
    /// cell after the blocked one), or nearer the goal.
    fn sidestep(&mut self, blocked: Pos) -> Option<Pos> {
        let at = self.senses.at;
        let rejoin = self.brain.plan.get(1).copied();
        let goal = self.brain.goal?;
        let here = at.octile(goal);
        let side = NEIGHBOURS
            .iter()
            .map(|&(dx, dy)| Pos::new(at.x + dx, at.y + dy))
            .filter(|&cell| cell != blocked)
            .filter(|&cell| (self.senses.body_at)(cell) == Body::Empty)
            .filter(|&cell| !self.faction.believes_step_blocked(at, cell))
            .filter(|&cell| match rejoin {
                Some(rejoin) => {
                    is_adjacent(cell, rejoin) && !self.faction.believes_step_blocked(cell, rejoin)
                }
                None => cell.octile(goal) < here,
            })
            .min_by(|&a, &b| a.octile(goal).total_cmp(&b.octile(goal)).then(a.cmp(&b)))?;
        if rejoin.is_some() && !self.brain.plan.is_empty() {
            self.brain.plan[0] = side;
            if let Some(cost) = self.brain.plan_costs.first_mut() {
                *cost = self
                    .faction
                    .rules()
                    .and_then(|r| r.terrain_cost(self.faction.knowledge().belief(side)))
                    .unwrap_or(*cost);
            }
        }
        Some(side)
    }

    /// While the search runs: a step closer to the goal over ground the
    /// faction believes walkable, if one exists; never straight back to
    /// the cell it left (pacing), unless it left it strolling and has a
    /// goal now (a noise behind it: colossus seed 7, a goblin at the end
    /// of a stroll stood three turns, its only step toward the noise the
    /// cell it had just left, until it lost interest). The cell it left
    /// is passed over, not the guess given up: when it was the nearest,
    /// the next nearest that still closes in is taken (horde seed 8 with
    /// the evader: a wolf that stepped off a cell on its search, then saw
    /// the player beyond it, stood 33 actions seeing the player while its
    /// faction's planner, busy on a big level, had no plan for it).
    ///
    /// Left strolling, the cell it left is taken back only if the guess
    /// goes on from there: a step from it still closes in on the goal (or
    /// it is the goal). A dead end toward the goal is passed over, and it
    /// waits for the plan instead (caves seed 3 with the evader, turns
    /// 337-381: a wolf strolling out of a pocket saw the player through a
    /// diagonal gap no step may cut, stepped back into the pocket's end,
    /// lost sight, gave up and strolled out again, 8 A-B-A-B moves).
    pub(super) fn step_while_planning(&mut self, goal: Pos) -> Intent {
        let paced_back = self
            .brain
            .came_from
            .filter(|&back| !self.brain.came_strolling || !self.guess_goes_on_from(back, goal));
        match self.greedy_step_avoiding(goal, paced_back) {
            Some(next) => {
                self.brain.thought = Thought::StepsWhilePlanning { goal };
                Intent::Step {
                    to: next,
                    swap: false,
                    guided: false,
                }
            }
            None if self.brain.mode == Mode::Investigate
                && self.has_free_step()
                && self.plan_coarse_now(goal, false) =>
            {
                // An investigator with no step closer while its search
                // runs takes the coarse way, answered at once, rather than
                // stand: a noise gets little patience (a few turns), and a
                // search slower than that left it standing, then giving the
                // noise up (caves seed 2: a wolf in a pocket heard a fight
                // 24 cells off, stood 2 of its 5 investigating actions and
                // went back to its life). Its way may set out back onto
                // the cell it just left, the only way out of a pocket's end
                // its guess or its stroll led it into: refused as pacing,
                // it stood out its patience there (barracks-doors of
                // unseen24 at depth 5, seed 3: a goblin that stepped north
                // into a room's corner toward a noise 8 cells off stood two
                // turns there, and its search was given up).
                match self.brain.plan.first().copied() {
                    Some(next) => self.follow_plan_to(goal, next),
                    None => Intent::Wait,
                }
            }
            None => {
                self.brain.thought = Thought::WaitsForPlan { goal };
                Intent::Wait
            }
        }
    }

    /// Whether a guess toward `goal` that took the monster onto `cell` could
    /// go on from there: `cell` is the goal, or one of its neighbours other
    /// than the monster's own cell is closer to the goal (as the crow flies)
    /// and a step to it is legal as far as the faction knows. Bodies are
    /// not asked about: they move.
    fn guess_goes_on_from(&self, cell: Pos, goal: Pos) -> bool {
        if cell == goal {
            return true;
        }
        let Some(grid) = self.faction.grid() else {
            return false;
        };
        let there = cell.octile(goal);
        grid.neighbours(cell)
            .map(|(next, _)| next)
            .filter(|&next| next != self.senses.at && next.octile(goal) < there)
            .any(|next| !self.faction.believes_step_blocked(cell, next))
    }

    /// Whether a legal step onto a free cell is open to it at all.
    fn has_free_step(&self) -> bool {
        let at = self.senses.at;
        NEIGHBOURS
            .iter()
            .map(|&(dx, dy)| Pos::new(at.x + dx, at.y + dy))
            .any(|cell| {
                (self.senses.body_at)(cell) == Body::Empty
                    && !self.faction.believes_blocked(cell)
                    && !self.faction.believes_step_blocked(at, cell)
            })
    }

    /// The free neighbour that brings the monster closest to `goal` (as the
    /// crow flies) over ground its faction believes walkable.
    fn greedy_step(&self, goal: Pos) -> Option<Pos> {
        self.greedy_step_avoiding(goal, None)
    }

    /// As [`Self::greedy_step`], never onto `avoid`.
    fn greedy_step_avoiding(&self, goal: Pos, avoid: Option<Pos>) -> Option<Pos> {
        let at = self.senses.at;
        let grid = self.faction.grid()?;
        let here = at.octile(goal);
        // Cheapest test first: only the few neighbours closer to the goal are
        // asked about walls and bodies.
        grid.neighbours(at)
            .map(|(next, _)| (next, next.octile(goal)))
            .filter(|&(next, d)| d < here && Some(next) != avoid)
            .filter(|&(next, _)| !self.faction.believes_step_blocked(at, next))
            .filter(|&(next, _)| matches!((self.senses.body_at)(next), Body::Empty | Body::Player))
            .min_by(|a, b| a.1.total_cmp(&b.1).then(a.0.cmp(&b.0)))
            .map(|(next, _)| next)
    }
}
