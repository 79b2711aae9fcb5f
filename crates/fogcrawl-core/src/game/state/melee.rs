//! Moving into a cell and fighting in it: a step, a bump into a foe or a
//! door, a blow (melee or shot), and what follows a death.

use crate::ai::{DEATH_DANGER, WOUND_DANGER};
use crate::game::combat::{Blow, roll_attack};
use crate::game::direction::Direction;
use crate::game::message_log::{Importance, capitalised};
use crate::game::navigation::PLAYER_PROFILE;
use crate::game::stealth::Surprise;
use crate::world::Terrain;
use crate::world::action_time::{action_time, move_time};
use gridpath::Pos;

use super::{Game, Outcome, PLAYER, Refusal};

impl Game {
    pub(super) fn move_or_attack(
        &mut self,
        actor: usize,
        direction: Direction,
    ) -> Result<f64, Refusal> {
        let from = self.actors[actor].pos;
        let to = direction.from(from);
        let speed = self.speed_of(actor);
        let profile = self.profile_of(actor);
        if let Some(other) = self.actor_at(to) {
            if self.actors[other].is_player() != self.actors[actor].is_player() {
                // Blows follow the corner rule like steps do.
                if direction.is_diagonal() && !self.corner_clear(profile, from, to) {
                    return Err(Refusal::CornerAttack(
                        self.corner_blocker(profile, from, to),
                    ));
                }
                self.attack(actor, other);
                return Ok(action_time(speed));
            }
            // Monsters do not swap places: wait a moment instead.
            return Ok(action_time(speed));
        }
        let grid = self.nav.grid(profile);
        if !grid.is_legal_step(from, to) {
            return Err(self.why_blocked(profile, from, to));
        }
        let Some(terrain) = self.level.terrain_at(to) else {
            return Err(Refusal::Edge);
        };
        let Some(cost) = self.nav.cost(profile, terrain) else {
            return Err(self.why_blocked(profile, from, to));
        };
        if terrain == Terrain::ClosedDoor {
            // Walking into a door opens it on the way through; its cost is
            // the time that takes.
            self.set_terrain(to, Terrain::OpenDoor);
        }
        self.actors[actor].pos = to;
        self.occupancy.moved(actor, from, to);
        if actor != PLAYER
            && let Some(f) = self.faction_index_of(actor)
        {
            self.factions[f].counters_mut().steps += 1;
            self.tread_on_caltrops(actor, f, to);
        }
        Ok(move_time(direction.length(), cost, speed))
    }

    /// Whether the player at `from` can strike a monster at `to`, a cell
    /// beside it: a diagonal blow keeps the corner rule.
    pub(crate) fn player_can_strike(&self, from: Pos, to: Pos) -> bool {
        from.chebyshev(to) == 1
            && (from.x == to.x || from.y == to.y || self.corner_clear(PLAYER_PROFILE, from, to))
    }

    /// Whether both orthogonal cells beside a diagonal step are passable.
    pub(super) fn corner_clear(&self, profile: usize, from: Pos, to: Pos) -> bool {
        let passable = |pos: Pos| {
            self.level
                .terrain_at(pos)
                .is_some_and(|t| self.nav.cost(profile, t).is_some() || t == Terrain::ClosedDoor)
        };
        passable(Pos::new(to.x, from.y)) && passable(Pos::new(from.x, to.y))
    }

    pub(super) fn attack(&mut self, attacker: usize, defender: usize) {
        self.strike(attacker, defender, false);
    }

    /// One blow or (`shot`) one missile from `attacker` at `defender`.
    pub(super) fn strike(&mut self, attacker: usize, defender: usize, shot: bool) {
        let (accuracy, damage) = self.blow_of(attacker, defender);
        let surprise = self.surprise_of(attacker, defender);
        let blow = match (roll_attack(&mut self.rng, accuracy, damage), surprise) {
            // A sleeper cannot dodge: the blow lands.
            (Blow::Miss, Some(Surprise::Asleep)) => roll_attack(&mut self.rng, 100, damage),
            (blow, _) => blow,
        };
        let blow = match (blow, surprise) {
            (Blow::Hit { damage }, Some(surprise)) => {
                self.count_surprise(surprise);
                Blow::Hit {
                    damage: surprise.damage(damage),
                }
            }
            (blow, _) => blow,
        };
        let note = match blow {
            Blow::Hit { .. } => surprise.map(Surprise::note).unwrap_or_default(),
            Blow::Miss => String::new(),
        };
        let defender_name = match surprise {
            Some(Surprise::Asleep) => self.name_of(defender).replacen("the ", "the sleeping ", 1),
            _ => self.name_of(defender),
        };
        let attacker_name = capitalised(&self.name_of(attacker));
        let player_hit = self.actors[defender].is_player();
        if player_hit && let Some(f) = self.faction_index_of(attacker) {
            let turn = self.stats.player_turns;
            self.factions[f]
                .counters_mut()
                .caught_on_turn
                .get_or_insert(turn);
        }
        self.make_noise(self.actors[defender].pos);
        // A blow wakes whom it is struck at, hit or miss.
        self.wake(defender);
        match blow {
            Blow::Miss => {
                let text = match (shot, attacker == PLAYER) {
                    (true, _) => format!("{attacker_name} shoots at {defender_name} and misses."),
                    (false, true) => format!("{attacker_name} miss {defender_name}."),
                    (false, false) => format!("{attacker_name} misses {defender_name}."),
                };
                self.log.push(self.time, Importance::Combat, text);
            }
            Blow::Hit { damage } => {
                self.actors[defender].hp -= damage;
                if player_hit && self.undying_player {
                    self.actors[defender].hp = self.actors[defender].hp.max(1);
                }
                let verb = match (shot, attacker == PLAYER) {
                    (true, _) => "shoots",
                    (false, true) => "hit",
                    (false, false) => "hits",
                };
                let importance = if player_hit {
                    Importance::Danger
                } else {
                    Importance::Combat
                };
                self.log.push(
                    self.time,
                    importance,
                    format!("{attacker_name} {verb} {defender_name} for {damage}{note}."),
                );
                let at = self.actors[defender].pos;
                if let Some(f) = self.faction_index_of(defender) {
                    let amount = if self.actors[defender].is_alive() {
                        WOUND_DANGER
                    } else {
                        DEATH_DANGER
                    };
                    self.factions[f].mark_danger(at, amount);
                }
                if !self.actors[defender].is_alive() {
                    self.on_death(attacker, defender);
                }
            }
        }
    }

    pub(super) fn on_death(&mut self, killer: usize, victim: usize) {
        self.occupancy.left(victim, self.actors[victim].pos);
        if victim == PLAYER {
            let cause = format!("killed by {}", self.name_of(killer));
            self.log
                .push(self.time, Importance::Danger, format!("You die, {cause}."));
            self.outcome = Some(Outcome::Died {
                cause,
                time: self.time,
            });
        } else {
            if killer == PLAYER {
                self.stats.kills += 1;
                if let Some(kind) = self.kind_of(&self.actors[victim]) {
                    *self
                        .stats
                        .kills_by_kind
                        .entry(kind.name.clone())
                        .or_insert(0) += 1;
                }
                let points = self.kind_of(&self.actors[victim]).map_or(0, |k| k.max_hp);
                self.gain_experience(u32::try_from(points).unwrap_or(0));
            }
            if let Some(f) = self.faction_index_of(victim) {
                self.factions[f].forget_member(victim);
            }
            let name = capitalised(&self.name_of(victim));
            self.log
                .push(self.time, Importance::Good, format!("{name} dies."));
        }
    }
}
