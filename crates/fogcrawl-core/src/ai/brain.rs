//! A monster's mind between turns: what it is doing, what it is heading
//! for, and the path it is following. The choice of what to do is a pure
//! function of what the monster and its faction know.

use serde::{Deserialize, Serialize};

pub(crate) use crate::ai::alert::{Alert, Source};
use crate::ai::counters::ReplanReason;
use crate::ai::monster_turn::{LookingAbout, SWEEP_MIN_TURNS, SWEEP_TIME, Sweep, same_business};
use crate::ai::spots::SpotWay;
use crate::ai::thought::Thought;
use gridpath::Pos;

/// How long a faction keeps chasing a sighting of the player (game time).
pub(crate) const PURSUIT_MEMORY: f64 = 40.0;

/// What a monster is up to, shown in the side panel and the debug overlay.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Mode {
    /// Nothing to do: strolls about.
    Wander,
    /// Sees the player and closes in.
    Hunt,
    /// Goes to where its faction last saw the player.
    Search,
    /// Heard a fight and goes to look.
    Investigate,
    /// Badly hurt: runs from the player.
    Flee,
}

impl Mode {
    pub fn name(self) -> &'static str {
        match self {
            Mode::Wander => "wandering",
            Mode::Hunt => "hunting",
            Mode::Search => "searching",
            Mode::Investigate => "investigating",
            Mode::Flee => "fleeing",
        }
    }
}

/// How old (in game time) news of the player may be and still be a chase:
/// about one player turn.
pub(crate) const CHASE_NEWS_AGE: f64 = 1.0;
/// Game time a fleeing member must go without seeing its threat before it
/// calms down and goes back to its life.
pub(crate) const FLEE_CALM_TIME: f64 = 10.0;
/// Game time a cornered member (no way to gain distance) turns and fights
/// before it may flee again.
pub(crate) const CORNERED_TIME: f64 = 6.0;
/// How far past `flee_below` (a share of its hit points) a fleeing member
/// must heal before it stops fleeing for that reason.
pub(crate) const FLEE_RECOVERY: f64 = 0.25;
/// Search goals (the last known position, then spots about it) a member
/// may find out of reach, or wait too long for a plan to, before it gives
/// the search up.
pub(crate) const MAX_SEARCH_MISSES: u32 = 3;
/// Game time a member that gave a search up goes about other business
/// before it takes up news of the player again.
pub(crate) const SEARCH_GIVE_UP_TIME: f64 = 20.0;
/// How far (in cells) from the player's last known position a searcher
/// looks about once it got there and found nobody.
pub(crate) const SEARCH_SPREAD: i32 = 6;

/// What a monster perceives and remembers at the start of its turn.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) struct Perception {
    pub at: Pos,
    pub now: f64,
    /// The player's cell, if this monster sees it.
    pub player_seen: Option<Pos>,
    /// Share of hit points left, 0..=1.
    pub health: f64,
    /// Below this share of hit points it flees.
    pub flee_below: f64,
}

/// Where the plan a monster follows came from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
pub enum PlanSource {
    /// Its own A* search.
    #[default]
    Search,
    /// Downhill on its faction's shared field toward the target.
    SharedField,
}

/// Everything a monster's mind holds is saved (docs/SAVES.md): a resumed
/// game goes on as if it had never stopped. A new field is saved with the
/// rest, which changes the save format (the fixture test says so).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Brain {
    pub mode: Mode,
    /// Where a wandering monster is strolling to.
    pub wander_target: Option<Pos>,
    /// Game time after which the wander target is given up.
    pub wander_until: f64,
    /// A noise it heard and goes to look at.
    pub noise: Option<Pos>,
    /// The cells still to walk, next first.
    pub plan: Vec<Pos>,
    /// The path as the search returned it, before smoothing (for the overlay).
    pub raw_plan: Vec<Pos>,
    /// A far goal's plan is refined only for the stretch ahead
    /// (`crate::ai::coarse_plan`): the coarse path's waypoints beyond it,
    /// the goal last (empty for a plan refined all the way). The overlay
    /// draws them and the "why" line counts their clusters.
    pub coarse_route: Vec<Pos>,
    /// What the way along `coarse_route` costs from the plan's last cell on
    /// the faction's planning grid (the coarse edges' costs, the ground
    /// they cross): a searcher reckons by it whether it gets there in time.
    #[serde(
        default,
        deserialize_with = "crate::save_version::since_format::<6, _, _>"
    )]
    pub coarse_route_cost: f64,
    /// The goal the plan was made for.
    pub plan_goal: Option<Pos>,
    /// What each planned cell cost when the plan was adopted (for cost
    /// surprises), in step with `plan`.
    pub plan_costs: Vec<f64>,
    pub plan_source: PlanSource,
    /// Adopted and not yet stepped on (the stale-plan check runs then).
    pub plan_fresh: bool,
    /// Why the plan being searched for was asked for (counted on arrival).
    pub pending_replan: Option<ReplanReason>,
    /// Own turns in a row that ended on the same cell, with a goal more
    /// than two cells away, without attacking or working a door.
    pub stall_turns: u32,
    /// This turn's crowding stamps of the monster itself (centre, amount):
    /// its own searches do not shy away from them.
    pub crowding_marks: Vec<(Pos, f32)>,
    /// Why it does what it does, in one line (the overlay shows it).
    pub thought: Thought,
    /// The cell it heads for this turn (none when idle or fleeing).
    pub goal: Option<Pos>,
    /// Player turn it last looked for a cheaper route.
    pub cheaper_checked_turn: u64,
    /// It gave up searching for the player's last known position (too far
    /// to plan for): until this game time it does not search.
    pub search_given_up_until: f64,
    /// Own turns in a row it has waited for its search without a plan.
    pub waiting_turns: u32,
    /// Own turns in a row it hunted and ended where it began without
    /// striking or working a door, however near its goal: how long it has
    /// waited so far behind the bodies in its way. Its search prices
    /// waiting behind them at no less than that
    /// (`plan_overrides`).
    #[serde(
        default,
        deserialize_with = "crate::save_version::since_format::<7, _, _>"
    )]
    pub held_turns: u32,
    /// The stall count at which it last asked for a plan round the bodies
    /// beside it (it asks again only after another few stalled turns).
    pub detour_asked_at: u32,
    /// Until this game time a wanderer that reached its spot loiters there
    /// before strolling on.
    pub loiter_until: f64,
    /// How far (Chebyshev, start to end) the strolls it set out on since
    /// it last loitered went: it loiters once they add up to a stroll's
    /// worth, not at the end of every short one.
    pub strolled: u32,
    /// A goal its faction found no way to.
    pub unreachable: Option<Pos>,
    /// Where the monster last looked around (and the level's state then).
    pub looked_from: Option<(Pos, u64)>,
    /// Where it believes the player is: seen, or heard from a packmate
    /// (knowledge travels by sight and shouts, not across the faction).
    pub alert: Option<Alert>,
    /// A cell near the player's last known position it searches, once it
    /// got there and found nobody.
    pub search_spot: Option<Pos>,
    /// Until this game time a cornered member fights instead of fleeing.
    pub cornered_until: f64,
    /// Game time it last healed a hit point (or began to).
    pub healed_at: Option<f64>,
    /// Search goals it found out of reach since
    /// it last learned where the player is.
    pub search_misses: u32,
    /// Its look about the player's last known cell, once it got there and
    /// found nobody: it gives the search up when the look is over.
    pub sweep: Option<Sweep>,
    /// The search under way, from its first turn in search mode (its
    /// `around` is the last known cell it began with): how many of its
    /// turns it has searched, the way to the place included. None out of
    /// search mode.
    pub search_run: Option<Sweep>,
    /// The cell its last flight step left, while it flees: no flight step
    /// goes straight back onto it.
    pub fled_from: Option<Pos>,
    /// Where it last knew the player when it calmed down from flight still
    /// hurt: once healed it strolls back there (wounded wolves return).
    pub comes_back_to: Option<Pos>,
    /// The cell its last step left: a guess toward a goal, or a step down
    /// a shared field that may be older than what it saw, never goes
    /// straight back onto it (its own plan may).
    pub came_from: Option<Pos>,
    /// Whether it left `came_from` strolling: once it takes up a goal
    /// (a noise behind it, the player), a guess may go back that way.
    pub came_strolling: bool,
    /// It fled and has not healed since: the sight of the player sends it
    /// running again even above `flee_below`, until healed (a wounded
    /// wolf does not come back to fight one hit point over the line).
    pub shaken: bool,
    /// The cell it holds round its goal: a free cell next to the player, a
    /// place to wait for one out of the way, or a spot about a noise.
    /// Packmates choose other cells (its faction's `Spots` hold the same
    /// claim).
    pub spot: Option<Pos>,
    /// The monster it last traded places with, when, and the cells the
    /// trade left each on: neither swaps the other straight back (a swap
    /// is for passing).
    pub swapped_with: Option<LastSwap>,
    /// The noise it is investigating, and its own turns spent in this
    /// run of investigating (a noise elsewhere heard on the way re-aims
    /// the run and does not start the count over).
    pub investigating: Option<(Pos, u32)>,
    /// It reached the noise it investigates and found nobody: it looks
    /// about the place a while.
    pub looking_about: Option<LookingAbout>,
    /// The cell a shooter last shot from, and its shots in a row from
    /// there.
    pub shooting_from: Option<(Pos, u32)>,
    /// The cells a shooter last shot from before it moved on, newest
    /// first: its next firing cell is another (it would otherwise trade
    /// between two, or walk back to the end of a row and stand there).
    pub fired_from: [Option<Pos>; 3],
    /// When it last stepped aside to let a packmate reach the player.
    pub stepped_aside_at: Option<f64>,
    /// Its way to the cell it holds next to the player (own turns spent,
    /// turns allowed), or when it last gave such a cell up because the
    /// way stalled (`SpotWay`, in `ai/spots.rs`).
    pub spot_way: Option<SpotWay>,
    /// A shooter that stepped back from the player: the cell it left, and
    /// until when it does not step straight back onto it.
    pub backed_off: Option<BackedOff>,
    /// It sleeps: it neither looks nor moves until a noise that reaches it
    /// or a blow wakes it (`crate::game::stealth`).
    pub asleep: bool,
    /// Game time of the turn it is taking (or took last), and of the one
    /// before: news it saw itself at its previous turn is still a chase
    /// (`Brain::chases`), however long its turns take.
    pub turn_at: f64,
    pub previous_turn_at: f64,
}

impl Default for Brain {
    fn default() -> Self {
        Self {
            mode: Mode::Wander,
            wander_target: None,
            wander_until: 0.0,
            noise: None,
            plan: Vec::new(),
            raw_plan: Vec::new(),
            coarse_route: Vec::new(),
            coarse_route_cost: 0.0,
            plan_goal: None,
            plan_costs: Vec::new(),
            plan_source: PlanSource::Search,
            plan_fresh: false,
            pending_replan: None,
            stall_turns: 0,
            crowding_marks: Vec::new(),
            thought: Thought::default(),
            goal: None,
            cheaper_checked_turn: 0,
            search_given_up_until: 0.0,
            waiting_turns: 0,
            held_turns: 0,
            detour_asked_at: 0,
            loiter_until: 0.0,
            strolled: 0,
            unreachable: None,
            looked_from: None,
            alert: None,
            search_spot: None,
            cornered_until: 0.0,
            healed_at: None,
            search_misses: 0,
            sweep: None,
            search_run: None,
            fled_from: None,
            comes_back_to: None,
            came_from: None,
            came_strolling: false,
            shaken: false,
            spot: None,
            swapped_with: None,
            investigating: None,
            looking_about: None,
            spot_way: None,
            shooting_from: None,
            fired_from: [None; 3],
            stepped_aside_at: None,
            backed_off: None,
            asleep: false,
            turn_at: 0.0,
            previous_turn_at: 0.0,
        }
    }
}

impl Brain {
    /// Learns of the player from a packmate's shout (seen at `pos` at
    /// `time`): kept if newer than what it knew, and not while it goes
    /// about other business after giving a search up (or calming down from
    /// flight): news held through that would be stale when taken up.
    pub(crate) fn hear_of_player(&mut self, pos: Pos, time: f64, from: usize) {
        if time < self.search_given_up_until {
            return;
        }
        // What it saw there itself stays its own sighting, and a member
        // in flight runs from what it saw (its calm comes with time out
        // of its own sight, not with a packmate's news).
        let own_news = self.mode == Mode::Flee
            || self
                .alert
                .is_some_and(|alert| alert.source == Source::Saw && alert.pos == pos);
        if !own_news && self.alert.is_none_or(|alert| alert.time < time) {
            // News of the cell it already searches about is no news of
            // where to look: the spot it heads for and its look about go
            // on (a shout a turn reset both, and a searcher told of the
            // same cell again and again searched there as long as the
            // shouts came: maze with the evader).
            let same_place = self.alert.is_some_and(|alert| alert.pos == pos);
            self.alert = Some(Alert {
                pos,
                time,
                source: Source::Heard(from),
            });
            if !same_place {
                self.look_afresh();
            }
        }
    }

    /// Where the player is, if its news of the player is fresh enough to be
    /// a chase rather than a search: a packmate sees the player now, or it
    /// lost sight of the player this very turn (at a door's edge): it saw
    /// the player itself at its previous turn, however long that turn took
    /// (a wolf on grass takes 1.18 game time a step: counted in game time
    /// alone, its own sighting a turn ago was already a search, and on
    /// caves seed 4 it stepped in, lost sight, searched from a safer spot,
    /// saw the player again and stepped in, 15 times).
    pub(crate) fn chases(&self, now: f64) -> Option<Pos> {
        self.alert
            .filter(|alert| {
                now - alert.time <= CHASE_NEWS_AGE
                    || (alert.source == Source::Saw
                        && self.previous_turn_at > 0.0
                        && alert.time >= self.previous_turn_at)
            })
            .map(|alert| alert.pos)
    }

    /// When news of the player (`alert`) stops keeping the search under
    /// way: [`PURSUIT_MEMORY`] after the news, or after the search's first
    /// turn if that came first and the news is still of the place the
    /// search began with (within [`SEARCH_SPREAD`] of it). Shouts of the
    /// same place renewed the news and the search with it: a goblin told
    /// of 55,32 at 328.7, which a fleeing packmate watched the player
    /// stand on until 330.7, searched 42.6 game time (long-galleries of
    /// unseen23, seed 3, turns 292-334). News of another place is another
    /// search's and counts from itself.
    pub(crate) fn search_deadline(&self, alert: Alert) -> f64 {
        let since = self
            .search_run
            .filter(|run| run.around.chebyshev(alert.pos) <= SEARCH_SPREAD)
            .map_or(alert.time, |run| run.began.min(alert.time));
        since + PURSUIT_MEMORY
    }

    /// Whether news of the player (`alert`) keeps the search under way at
    /// `now`: a chase always; a search under way, before its floor of
    /// turns ([`SWEEP_MIN_TURNS`]), however old the news: a search lasts
    /// its floor, the way there included (on slow ground 40 game time is
    /// five to eight of a goblin's or a wolf's turns, and a search cut to
    /// them is a flap: a goblin told from afar of its packmate's fight
    /// walked 8 steps across the fen toward it, 6.8 game time a step, and
    /// turned back to its stroll 6 cells short, fen-roads of unseen21 seed
    /// 4, turns 219-241; a wolf across the bog likewise on saltmarsh-roads
    /// of unseen25 at depth 5, seed 7, turns 15-46); past it, if its next
    /// turn, as long after this one as this one came after its last, comes
    /// by the search's deadline ([`Self::search_deadline`]). A search that
    /// looked on past the deadline ended a whole turn late on slow ground:
    /// a goblin in a swamp (4.8 game time a step) searched 42.8 after news
    /// of 40 (fen-roads of unseen21, seed 3, turns 335-345). Not yet
    /// counted a turn, the search keeps news up to [`PURSUIT_MEMORY`] old.
    fn search_news_keeps(&self, alert: Alert, now: f64) -> bool {
        if now - alert.time <= CHASE_NEWS_AGE {
            return true;
        }
        match self.search_run {
            None => now - alert.time <= PURSUIT_MEMORY,
            Some(run) if run.turns < SWEEP_MIN_TURNS => true,
            Some(run) => now + (now - run.counted_at).max(0.0) <= self.search_deadline(alert),
        }
    }

    /// Its search goal was out of reach (not merely slow to plan for):
    /// it tries another spot about the last known position, and after
    /// [`MAX_SEARCH_MISSES`] gives the search up (and the news with it).
    pub(crate) fn miss_search_goal(&mut self, now: f64) {
        self.search_spot = None;
        self.search_misses += 1;
        if self.search_misses > MAX_SEARCH_MISSES {
            self.give_up_search(now);
        }
    }

    /// News of another place to look: the spot it headed for, the misses
    /// counted toward giving up and its look about the old place all go.
    fn look_afresh(&mut self) {
        self.search_spot = None;
        self.search_misses = 0;
        self.sweep = None;
    }

    /// Gives the search up, and the news with it, for
    /// [`SEARCH_GIVE_UP_TIME`]: it goes about its life meanwhile. A noise
    /// it heard before is given up too: it was of the trouble it searched
    /// for and gave up (maze seed 3 at depth 5: an archer searched about
    /// 1,2 for 20 game time, gave the player up and went on to look at a
    /// noise it had heard there, no closer to its life).
    pub(crate) fn give_up_search(&mut self, now: f64) {
        self.search_spot = None;
        self.sweep = None;
        self.alert = None;
        self.noise = None;
        self.search_given_up_until = now + SEARCH_GIVE_UP_TIME;
    }

    /// Whether it still flees: hurt, its threat seen lately, not cornered.
    fn keeps_fleeing(&self, p: &Perception) -> bool {
        let seen_lately = self
            .alert
            .is_some_and(|a| a.source == Source::Saw && p.now - a.time <= FLEE_CALM_TIME);
        let recovered = p.health >= (p.flee_below + FLEE_RECOVERY).min(1.0);
        seen_lately && !recovered && p.now >= self.cornered_until
    }

    /// Chooses what to do this turn; returns the cell to head for (for
    /// `Flee`, the cell to run from).
    pub(crate) fn decide(&mut self, p: &Perception) -> Option<Pos> {
        if p.now > self.turn_at {
            self.previous_turn_at = self.turn_at;
            self.turn_at = p.now;
        }
        if let Some(player) = p.player_seen {
            self.comes_back_to = None;
            self.alert = Some(Alert {
                pos: player,
                time: p.now,
                source: Source::Saw,
            });
            self.look_afresh();
        }
        let fleeing = self.mode == Mode::Flee;
        let healed = p.health >= (p.flee_below + FLEE_RECOVERY).min(1.0);
        if healed {
            self.shaken = false;
        }
        let starts_fleeing = (p.health < p.flee_below || self.shaken)
            && p.player_seen.is_some()
            && p.now >= self.cornered_until;
        if (fleeing || starts_fleeing) && self.keeps_fleeing(p) {
            self.mode = Mode::Flee;
            self.shaken = true;
            self.noise = None;
            return self.alert.map(|a| a.pos);
        }
        if fleeing && !healed {
            // Calm again but not healed: it goes back to its life away
            // from the player until it sees the player again (not to a
            // search of news that has gone cold while it hid), and comes
            // back to where it fled from once healed.
            self.comes_back_to = self.alert.map(|a| a.pos);
            self.alert = None;
            self.search_given_up_until = p.now + PURSUIT_MEMORY;
        }
        if healed
            && p.player_seen.is_none()
            && let Some(pos) = self.comes_back_to.take()
        {
            // Healed: it strolls back to where it fled from, and hunts
            // again if the player is about.
            self.wander_target = Some(pos);
            self.wander_until = p.now + PURSUIT_MEMORY;
            self.loiter_until = 0.0;
        }
        if let Some(player) = p.player_seen
            && self.unreachable != Some(player)
        {
            self.mode = Mode::Hunt;
            self.noise = None;
            self.wander_target = None;
            return Some(player);
        }
        // News too old to look about for a sweep's length begins no
        // search (a rat that lay low after its flight took its news up 35
        // units old and dropped it four moves on, a flap: warrens seed 7
        // with the evader); a look about under way lasts its floor of
        // turns even as its news goes stale (swamp seed 3: eight slow
        // moves in the swamp, then the news was 40 units old).
        let searching = self.mode == Mode::Search;
        let fresh = self.alert.filter(|alert| {
            let age = p.now - alert.time;
            // The floor is the search's, the way there included: a look
            // begun late, after a long way to the place, does not keep
            // news past its age (caves seed 3 at depth 5: a wolf that
            // walked 13 cells to the place began its look there, and kept
            // its news 53 game time).
            let sweeping = self
                .sweep
                .is_some_and(|sweep| sweep.around == alert.pos && sweep.turns < SWEEP_MIN_TURNS)
                && self
                    .search_run
                    .is_none_or(|run| run.turns < SWEEP_MIN_TURNS);
            sweeping
                || if searching {
                    self.search_news_keeps(*alert, p.now)
                } else {
                    age <= PURSUIT_MEMORY - SWEEP_TIME
                }
        });
        if fresh.is_none() {
            if searching && self.alert.is_some() {
                // A search ended by its news going stale ends as one given
                // up does: the noise heard with it goes too.
                self.noise = None;
            }
            self.alert = None;
            self.search_spot = None;
            self.sweep = None;
        }
        if let Some(alert) = fresh
            && p.now >= self.search_given_up_until
        {
            if alert.pos == p.at && self.search_spot.is_none() {
                // Got there and found nobody: it looks about (the caller
                // picks a spot near the last known position).
                self.mode = Mode::Search;
                return None;
            }
            let goal = self.search_spot.unwrap_or(alert.pos);
            if goal == p.at {
                self.search_spot = None;
                self.mode = Mode::Search;
                return None;
            }
            self.mode = Mode::Search;
            if self.unreachable == Some(goal) {
                // Out of reach: the caller picks another spot about it.
                self.search_spot = None;
                return None;
            }
            return Some(goal);
        }
        if let Some(noise) = self.noise_to_investigate() {
            if self.mode != Mode::Investigate {
                // Taken up afresh: a new run of investigating, its
                // patience whole. Only the count of the same business
                // is kept: of a place it lost interest in, the next blow
                // of that fight does not draw it back.
                self.investigating = self
                    .investigating
                    .filter(|&(heard, _)| same_business(heard, noise));
            }
            self.mode = Mode::Investigate;
            return Some(noise);
        }
        self.mode = Mode::Wander;
        if self.wander_target == Some(p.at)
            || self.wander_target.is_some() && self.wander_target == self.unreachable
            || p.now > self.wander_until
        {
            self.wander_target = None;
        }
        self.wander_target
    }

    /// The noise it goes to look at, if any. It forgets one it cannot
    /// reach; and one that fled and is not healed keeps away from trouble:
    /// a noise near the player it ran from would only bring it back into
    /// sight and send it running again, to and fro. One it stands on it
    /// keeps: it looks about it (`monster_turn::look_about`) and drops it
    /// when done.
    fn noise_to_investigate(&mut self) -> Option<Pos> {
        let noise = self.noise?;
        if self.unreachable == Some(noise) || self.shaken {
            self.noise = None;
            return None;
        }
        Some(noise)
    }

    /// Whether the plan, walked from `at`, no longer leads to `goal`:
    /// none, or made for a goal that has moved further than a quarter of
    /// the remaining way, or than a quarter of the way to `goal` as the
    /// crow flies. The plan's length alone let a long way to an old goal
    /// stand for a new goal a few steps off: a goblin that took up the
    /// player two cells off kept a 150-step plan to 27,11, fourteen cells
    /// from the new goal, and walked it south-west 23 steps (maze seed 6
    /// with the evader, turns 294-312).
    pub(crate) fn needs_plan_for(&self, at: Pos, goal: Pos) -> bool {
        let Some(planned) = self.plan_goal else {
            return true;
        };
        if self.plan.is_empty() {
            return true;
        }
        let drift = planned.chebyshev(goal);
        let remaining = i32::try_from(self.plan.len()).unwrap_or(i32::MAX);
        let tolerance = (remaining.min(at.chebyshev(goal)) / 4).max(1);
        drift > tolerance || (drift > 0 && self.plan.len() <= 2)
    }

    /// The clusters its plan's coarse waypoints lie in beyond the stretch it
    /// walks, when its plan toward its goal is coarse (see `coarse_route`).
    pub fn coarse_clusters(&self) -> Option<u16> {
        let planned = self.plan_goal?;
        (!self.plan.is_empty() && self.coarse_route.last() == Some(&planned)).then(|| {
            let clusters = crate::ai::coarse_plan::clusters_along(&self.coarse_route);
            u16::try_from(clusters).unwrap_or(u16::MAX)
        })
    }

    /// Whether it holds the cell it stands on, `at`, round its goal.
    pub(crate) fn holds_spot_at(&self, at: Pos) -> bool {
        self.spot == Some(at)
    }

    /// Whether it traded places with `other` less than `memory` game time
    /// before `now`.
    pub(crate) fn swapped_lately_with(&self, other: usize, now: f64, memory: f64) -> bool {
        self.swapped_with
            .is_some_and(|swap| swap.with == other && now - swap.when < memory)
    }

    /// Takes `waypoints` as the coarse waypoints beyond its plan's refined
    /// stretch, the way along them costing `cost` (empty and 0 for a plan
    /// refined all the way): the two are set and dropped together.
    pub(crate) fn set_coarse_route(&mut self, waypoints: Vec<Pos>, cost: f64) {
        self.coarse_route = waypoints;
        self.coarse_route_cost = cost;
    }

    /// Drops the plan (it was contradicted or blocked).
    pub(crate) fn forget_plan(&mut self) {
        self.plan.clear();
        self.raw_plan.clear();
        self.set_coarse_route(Vec::new(), 0.0);
        self.plan_costs.clear();
        self.plan_goal = None;
        self.plan_fresh = false;
    }

    /// Steps onto the plan's first cell: it is walked.
    pub(crate) fn advance_plan(&mut self) {
        if !self.plan.is_empty() {
            self.plan.remove(0);
        }
        if !self.plan_costs.is_empty() {
            self.plan_costs.remove(0);
        }
        self.plan_fresh = false;
    }
}

/// A monster's last trade of places: with whom, when, and the cells the
/// trade left it and its partner on.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct LastSwap {
    pub with: usize,
    pub when: f64,
    pub left_me_at: Pos,
    pub left_them_at: Pos,
}

/// A shooter's step back from the player: the cell it left, the cell it
/// stepped to, and the game time until which, still standing there, it
/// does not step back onto the cell it left (out of sight of the player it
/// backed away from, it would walk straight back into reach, and back
/// off again: to and fro).
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct BackedOff {
    pub left: Pos,
    pub to: Pos,
    pub until: f64,
    /// Where it last saw the player a step beyond its range while it
    /// held, and the player turn it first saw it there: a player that
    /// stays there a whole turn is neither coming on nor going, and the
    /// shooter steps in to shoot rather than hold.
    pub beyond: Option<(Pos, u64)>,
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sees(player: Option<Pos>, health: f64) -> Perception {
        Perception {
            at: Pos::new(1, 1),
            now: 10.0,
            player_seen: player,
            health,
            flee_below: 0.3,
        }
    }

    /// A brain that heard from packmate 9 the player was at `pos` at `time`.
    fn heard(pos: Pos, time: f64) -> Brain {
        let mut brain = Brain::default();
        brain.hear_of_player(pos, time, 9);
        brain
    }

    #[test]
    fn hunts_searches_investigates_and_wanders() {
        let mut brain = Brain::default();
        let player = Pos::new(5, 5);
        assert_eq!(brain.decide(&sees(Some(player), 1.0)), Some(player));
        assert_eq!(brain.mode, Mode::Hunt);
        // Out of sight: it searches where it saw the player.
        assert_eq!(brain.decide(&sees(None, 1.0)), Some(player));
        assert_eq!(brain.mode, Mode::Search);
        // An old sighting is forgotten.
        let mut brain = heard(player, -100.0);
        brain.noise = Some(Pos::new(8, 2));
        assert_eq!(brain.decide(&sees(None, 1.0)), Some(Pos::new(8, 2)));
        assert_eq!(brain.mode, Mode::Investigate);
        assert_eq!(brain.alert, None);
        brain.noise = None;
        assert_eq!(brain.decide(&sees(None, 1.0)), None);
        assert_eq!(brain.mode, Mode::Wander);
    }

    #[test]
    fn a_search_given_up_or_gone_stale_goes_back_to_wandering_not_to_a_noise_heard_with_it() {
        // Given up after its look about: no noise heard before is looked at.
        let player = Pos::new(5, 5);
        let mut brain = heard(player, 9.0);
        assert_eq!(brain.decide(&sees(None, 1.0)), Some(player));
        assert_eq!(brain.mode, Mode::Search);
        brain.noise = Some(Pos::new(8, 2));
        brain.give_up_search(10.0);
        assert_eq!(brain.decide(&sees(None, 1.0)), None);
        assert_eq!(brain.mode, Mode::Wander);
        // Its news gone stale while it searched: the same.
        let mut brain = heard(player, 9.0);
        assert_eq!(brain.decide(&sees(None, 1.0)), Some(player));
        brain.noise = Some(Pos::new(8, 2));
        let later = Perception {
            now: 9.0 + PURSUIT_MEMORY + 1.0,
            ..sees(None, 1.0)
        };
        assert_eq!(brain.decide(&later), None);
        assert_eq!(brain.mode, Mode::Wander);
        // A noise heard after the search is looked at.
        brain.noise = Some(Pos::new(8, 2));
        assert_eq!(brain.decide(&later), Some(Pos::new(8, 2)));
        assert_eq!(brain.mode, Mode::Investigate);
    }

    #[test]
    fn only_a_member_that_saw_or_heard_of_the_player_searches() {
        let player = Pos::new(5, 5);
        let mut deaf = Brain::default();
        assert_eq!(deaf.decide(&sees(None, 1.0)), None);
        assert_eq!(deaf.mode, Mode::Wander);
        let mut told = heard(player, 9.0);
        assert_eq!(told.decide(&sees(None, 1.0)), Some(player));
        assert_eq!(told.mode, Mode::Search);
        // An older shout does not overwrite newer news.
        told.hear_of_player(Pos::new(2, 2), 3.0, 4);
        assert_eq!(told.alert.map(|a| a.pos), Some(player));
    }

    #[test]
    fn news_about_a_player_turn_old_is_a_chase_and_older_news_a_search() {
        let player = Pos::new(5, 5);
        let fresh = heard(player, 9.5);
        assert_eq!(fresh.chases(10.0), Some(player));
        assert_eq!(fresh.chases(9.5 + CHASE_NEWS_AGE), Some(player));
        assert_eq!(fresh.chases(9.6 + CHASE_NEWS_AGE), None);
        assert_eq!(Brain::default().chases(10.0), None);
    }

    #[test]
    fn its_own_sighting_at_its_previous_turn_is_a_chase_however_long_the_turn() {
        // A wolf on grass: its turns are 1.2 game time apart, more than
        // CHASE_NEWS_AGE (1.0). It saw the player at 10.0, lost sight at 11.2:
        // a chase; one turn later, at 12.4, a search.
        let at = |player: Option<Pos>, now: f64| Perception {
            now,
            ..sees(player, 1.0)
        };
        let player = Pos::new(5, 5);
        let mut wolf = Brain::default();
        assert_eq!(wolf.decide(&at(Some(player), 8.8)), Some(player));
        wolf.decide(&at(Some(player), 10.0));
        wolf.decide(&at(None, 11.2));
        assert_eq!(wolf.chases(11.2), Some(player));
        wolf.decide(&at(None, 12.4));
        assert_eq!(wolf.chases(12.4), None);
        // News a packmate shouted is a chase only while about a player
        // turn old, as before.
        let mut told = heard(player, 10.0);
        told.decide(&at(None, 10.5));
        told.decide(&at(None, 11.2));
        assert_eq!(told.chases(11.2), None);
    }

    #[test]
    fn a_searcher_that_reaches_the_last_known_position_looks_about() {
        let mut brain = heard(Pos::new(1, 1), 9.0);
        // It stands there: mode search, the caller picks a spot near it.
        assert_eq!(brain.decide(&sees(None, 1.0)), None);
        assert_eq!(brain.mode, Mode::Search);
        brain.search_spot = Some(Pos::new(4, 2));
        assert_eq!(brain.decide(&sees(None, 1.0)), Some(Pos::new(4, 2)));
        assert_eq!(brain.mode, Mode::Search);
        // Once the trail is cold it wanders.
        let mut later = sees(None, 1.0);
        later.now = 9.0 + PURSUIT_MEMORY + 1.0;
        assert_eq!(brain.decide(&later), None);
        assert_eq!(brain.mode, Mode::Wander);
        assert_eq!(brain.search_spot, None);
    }

    #[test]
    fn flight_begins_in_sight_and_ends_out_of_sight_healed_or_cornered() {
        let player = Pos::new(2, 2);
        let mut brain = Brain::default();
        assert_eq!(brain.decide(&sees(Some(player), 0.2)), Some(player));
        assert_eq!(brain.mode, Mode::Flee);
        // Out of sight a moment: it still runs.
        let mut p = sees(None, 0.2);
        p.now = 10.0 + FLEE_CALM_TIME / 2.0;
        assert_eq!(brain.decide(&p), Some(player));
        assert_eq!(brain.mode, Mode::Flee);
        // Out of sight long enough: calm, still hurt, it keeps away.
        p.now = 10.0 + FLEE_CALM_TIME + 1.0;
        assert_eq!(brain.decide(&p), None);
        assert_eq!(brain.mode, Mode::Wander);
        assert_eq!(brain.alert, None);
        // Calm and healing (past flee_below, short of flee_below +
        // FLEE_RECOVERY): it goes back to its life too, not to a search
        // of the place it fled from.
        let mut brain = Brain::default();
        brain.decide(&sees(Some(player), 0.2));
        let mut healing = sees(None, 0.3 + FLEE_RECOVERY / 2.0);
        healing.now = 10.0 + FLEE_CALM_TIME + 1.0;
        assert_eq!(brain.decide(&healing), None);
        assert_eq!(brain.mode, Mode::Wander);
        assert_eq!(brain.alert, None);
        // Healed out of sight: it strolls back to where it fled from.
        healing.health = 0.3 + FLEE_RECOVERY;
        healing.now += 50.0;
        assert_eq!(brain.decide(&healing), Some(player));
        assert_eq!(brain.mode, Mode::Wander);
        // Healed past flee_below + FLEE_RECOVERY while in view: it hunts.
        let mut brain = Brain::default();
        brain.decide(&sees(Some(player), 0.2));
        assert_eq!(brain.decide(&sees(Some(player), 0.6)), Some(player));
        assert_eq!(brain.mode, Mode::Hunt);
        // Cornered: it fights for a while.
        let mut brain = Brain::default();
        brain.decide(&sees(Some(player), 0.2));
        brain.cornered_until = 10.0 + CORNERED_TIME;
        assert_eq!(brain.decide(&sees(Some(player), 0.2)), Some(player));
        assert_eq!(brain.mode, Mode::Hunt);
    }

    /// A member that fled from the player at `player` and has since calmed
    /// out of sight, healing but not healed; with its last perception.
    fn fled_and_calmed_while_hurt(player: Pos) -> (Brain, Perception) {
        let mut brain = Brain::default();
        brain.decide(&sees(Some(player), 0.2));
        let mut calm = sees(None, 0.3 + FLEE_RECOVERY / 2.0);
        calm.now = 10.0 + FLEE_CALM_TIME + 1.0;
        brain.decide(&calm);
        (brain, calm)
    }

    #[test]
    fn a_member_that_fled_runs_again_on_sight_until_healed() {
        let player = Pos::new(2, 2);
        let (mut brain, calm) = fled_and_calmed_while_hurt(player);
        assert_eq!(brain.mode, Mode::Wander);
        // The player again, one step over flee_below: it runs, not fights.
        let mut again = sees(Some(player), 0.3 + FLEE_RECOVERY / 2.0);
        again.now = calm.now + 1.0;
        assert_eq!(brain.decide(&again), Some(player));
        assert_eq!(brain.mode, Mode::Flee);
        // Healed: the player in view is prey again.
        let mut healed = sees(Some(player), 0.3 + FLEE_RECOVERY);
        healed.now = again.now + 1.0;
        assert_eq!(brain.decide(&healed), Some(player));
        assert_eq!(brain.mode, Mode::Hunt);
        assert!(!brain.shaken);
    }

    #[test]
    fn a_member_that_fled_does_not_go_to_look_at_noises_until_healed() {
        let (mut brain, mut calm) = fled_and_calmed_while_hurt(Pos::new(2, 2));
        brain.noise = Some(Pos::new(3, 3));
        calm.now += 1.0;
        brain.decide(&calm);
        assert_eq!(brain.mode, Mode::Wander);
        assert_eq!(brain.noise, None);
        // Healed, a noise draws it again.
        let mut healed = sees(None, 0.3 + FLEE_RECOVERY);
        healed.now = calm.now + 1.0;
        brain.decide(&healed);
        brain.noise = Some(Pos::new(3, 3));
        assert_eq!(brain.decide(&healed), Some(Pos::new(3, 3)));
        assert_eq!(brain.mode, Mode::Investigate);
    }

    #[test]
    fn a_fleeing_member_runs_from_what_it_saw_not_from_packmates_news() {
        let player = Pos::new(2, 2);
        let mut brain = Brain::default();
        brain.decide(&sees(Some(player), 0.2));
        assert_eq!(brain.mode, Mode::Flee);
        brain.hear_of_player(Pos::new(3, 3), 11.0, 9);
        assert_eq!(
            brain.alert.map(|a| (a.pos, a.source)),
            Some((player, Source::Saw))
        );
        // A hunter keeps its own sighting of the same cell, too.
        let mut hunter = Brain::default();
        hunter.decide(&sees(Some(player), 1.0));
        hunter.hear_of_player(player, 10.5, 9);
        assert_eq!(hunter.alert.map(|a| a.source), Some(Source::Saw));
        // A sighting elsewhere, newer, is news.
        hunter.hear_of_player(Pos::new(3, 3), 10.5, 9);
        assert_eq!(hunter.alert.map(|a| a.source), Some(Source::Heard(9)));
    }

    #[test]
    fn a_wander_target_is_given_up_once_its_time_is_past() {
        let mut brain = Brain {
            wander_target: Some(Pos::new(9, 9)),
            wander_until: 30.0,
            ..Brain::default()
        };
        let mut p = sees(None, 1.0);
        assert_eq!(brain.decide(&p), Some(Pos::new(9, 9)));
        p.now = 31.0;
        assert_eq!(brain.decide(&p), None, "expired: a new stroll is picked");
        assert_eq!(brain.wander_target, None);
    }

    #[test]
    fn news_too_old_to_look_about_begins_no_search_but_a_search_under_way_keeps_it() {
        // Warrens seed 7 with the evader: a rat that lay low after its
        // flight took up news 35 units old, and dropped it four moves on.
        let player = Pos::new(5, 5);
        let mut late = heard(player, 9.0);
        let mut p = sees(None, 1.0);
        p.now = 9.0 + PURSUIT_MEMORY - SWEEP_TIME + 1.0;
        assert_eq!(late.decide(&p), None);
        assert_eq!(late.mode, Mode::Wander);
        assert_eq!(late.alert, None);
        // One already searching keeps it until it is stale.
        let mut searching = heard(player, 9.0);
        p.now = 10.0;
        assert_eq!(searching.decide(&p), Some(player));
        p.now = 9.0 + PURSUIT_MEMORY - 1.0;
        assert_eq!(searching.decide(&p), Some(player));
        assert_eq!(searching.mode, Mode::Search);
        // A look about the cell under way lasts its floor of turns past
        // that.
        searching.sweep = Some(Sweep {
            around: player,
            began: p.now - 1.0,
            turns: 2,
            counted_at: p.now,
        });
        p.now = 9.0 + PURSUIT_MEMORY + 5.0;
        assert_eq!(searching.decide(&p), Some(player));
        searching.sweep = searching.sweep.map(|sweep| Sweep {
            turns: SWEEP_MIN_TURNS,
            ..sweep
        });
        assert_eq!(searching.decide(&p), None);
        assert_eq!(searching.alert, None);
    }

    #[test]
    fn a_search_given_up_is_not_taken_up_again_until_its_time() {
        let mut brain = heard(Pos::new(5, 5), 9.0);
        brain.search_given_up_until = 50.0;
        assert_eq!(brain.decide(&sees(None, 1.0)), None);
        assert_eq!(brain.mode, Mode::Wander);
        brain.search_given_up_until = 0.0;
        assert_eq!(brain.decide(&sees(None, 1.0)), Some(Pos::new(5, 5)));
        assert_eq!(brain.mode, Mode::Search);
    }

    #[test]
    fn replans_only_when_the_goal_drifts_far() {
        let mut brain = Brain {
            plan: (0..20).map(|x| Pos::new(x, 0)).collect(),
            plan_goal: Some(Pos::new(20, 0)),
            ..Brain::default()
        };
        let at = Pos::new(0, 0);
        assert!(!brain.needs_plan_for(at, Pos::new(21, 1)));
        assert!(brain.needs_plan_for(at, Pos::new(30, 0)));
        brain.plan.truncate(2);
        assert!(brain.needs_plan_for(at, Pos::new(21, 0)));
    }

    /// The cells marked `*` (then `P`, the planned goal) in order from
    /// `@` along a one-cell-wide corridor, and the cells `@`, `P`, `G`.
    fn corridor_plan(rows: &str) -> (Vec<Pos>, Pos, Pos, Pos) {
        let grid: Vec<Vec<char>> = rows.lines().map(|l| l.trim().chars().collect()).collect();
        let find = |c: char| {
            grid.iter()
                .enumerate()
                .find_map(|(y, row)| {
                    row.iter()
                        .position(|&r| r == c)
                        .map(|x| Pos::new(x as i32, y as i32))
                })
                .unwrap()
        };
        let (at, planned, goal) = (find('@'), find('P'), find('G'));
        let mark = |p: Pos| {
            grid.get(p.y as usize)
                .and_then(|r| r.get(p.x as usize))
                .copied()
        };
        let mut plan = Vec::new();
        let mut from = at;
        while from != planned {
            let next = [(1, 0), (-1, 0), (0, 1), (0, -1)]
                .iter()
                .map(|&(dx, dy)| Pos::new(from.x + dx, from.y + dy))
                .find(|&p| matches!(mark(p), Some('*' | 'P')) && !plan.contains(&p) && p != at)
                .unwrap();
            plan.push(next);
            from = next;
        }
        (plan, at, planned, goal)
    }

    #[test]
    fn a_long_plan_to_an_old_goal_is_not_kept_for_a_new_goal_close_by() {
        // A goblin at @ took a 13-step plan (the `*`s) to P; its goal is
        // now G, two steps north, three cells from P. A quarter of the
        // plan (3) would keep it: it would walk 13 steps round the wall
        // for a goal two steps off. A quarter of the way to G is under a
        // cell: it plans again.
        let (plan, at, planned, goal) = corridor_plan(
            "#######\n\
             #G#*P##\n\
             #.#*###\n\
             #@#*#\n\
             #*#*#\n\
             #*#*#\n\
             #*#*#\n\
             #***#\n\
             #####",
        );
        assert_eq!(plan.len(), 13);
        let brain = Brain {
            plan,
            plan_goal: Some(planned),
            ..Brain::default()
        };
        assert!(brain.needs_plan_for(at, goal));
        // Far from the goal, the same drift is the player moving: kept.
        let far = Pos::new(at.x + 20, at.y + 20);
        assert!(!brain.needs_plan_for(far, goal));
    }
}
