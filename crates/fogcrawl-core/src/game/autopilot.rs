//! A scripted player for `fogcrawl sim` and the tests. It plays with the
//! commands a person has and on what a person knows: each turn it takes one
//! turn of explore, travel or rest (`Game::activity_step`, the same step the
//! keys take), picks up what it stands on, drinks or throws an item, or
//! fights. It reads only what the screen shows: the map it has seen,
//! monsters in sight and their state and stats (look), its own hit points,
//! gear and pack. Better gear in the pack is put on; hurt with a foe in
//! sight it drinks; from a monster that shoots it steps behind cover and
//! lets it come round (`cover`), else charges it rather than wait for it
//! (along the way round a wall corner it knows: `charge`).
//! Unless told not to
//! ([`AutopilotSkills`], `sim --no-sneak`, `sim --no-tools`), it sneaks
//! past a monster asleep near its way with no awake one close, creeps up
//! on a lone sleeper to strike it (triple damage) without stepping where
//! it would be heard (`sneak_policy`), and uses the tools (wand,
//! caltrops, smoke, lure, scroll: `tool_use`).

use crate::ai::Mode;
use crate::game::action::Action;
use crate::game::activity::Activity;
use crate::game::direction::Direction;
use crate::game::items::DRAUGHT_HEALING;
use crate::game::player_map::PlayerMap;
use crate::game::state::Game;
use crate::world::{CostProfile, ItemKind, Terrain};
use gridpath::Pos;

mod charge;
mod cover;
mod fight_odds;
mod hard_fight;
mod sneak_policy;
mod tool_use;

use charge::charge_shooter;
use sneak_policy::{sneaking_pays, stalk_sleeper};

/// Below this share of its hit points it drinks a draught in a fight.
const DRINK_BELOW: f64 = 0.35;
/// With no monster in sight it rests below this share of its hit points.
const REST_BELOW: f64 = 0.75;
/// It takes the stairs only at or above this share (else it rests first).
const DESCEND_ABOVE: f64 = 0.75;
/// Turns it waits for a monster to come before it goes on without it (one
/// may hunt it from across water it cannot cross).
const PATIENCE: u32 = 12;
/// Turns it creeps toward one sleeper before giving up on it (a wall may
/// stand between).
const STALK_PATIENCE: u32 = 12;
/// It creeps up on a sleeper only at or above this share of its hit points.
const STALK_ABOVE: f64 = 0.9;
/// Game time it waits behind cover (or in its own smoke) for a shooter it
/// hid from to come round to it, unless something comes first.
const LURK_TIME: f64 = 10.0;
/// Steps behind cover it takes between blows before it gives up hiding
/// and charges (a shooter circling a pillar would keep it hiding).
const COVER_STEPS: u32 = 4;

/// The scripted player's reusable buffers and its patience.
#[derive(Debug, Default)]
pub struct Autopilot {
    map: PlayerMap,
    /// Turns spent waiting for a monster in a row.
    waited: u32,
    /// It never sneaks (`sim --no-sneak`): the measure of what sneaking
    /// is worth.
    no_sneaking: bool,
    /// The sleeper it creeps up on (level, monster) and its turns at it.
    stalking: Option<((usize, usize), u32)>,
    /// Sleepers it gave up creeping up on (a wall or water between): it
    /// never tries them again, so it does not walk to and fro.
    gave_up: Vec<(usize, usize)>,
    /// Leaves the tools in the pack (`sim --no-tools`).
    skip_tools: bool,
    /// Until when (game time) it waits where it hid from a shooter.
    lurk_until: f64,
    /// Steps behind cover since its last blow.
    cover_steps: u32,
}

/// What the scripted player may do beyond exploring and fighting: sneak
/// (and creep up on sleepers), and use the tools. Both by default.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct AutopilotSkills {
    pub sneaks: bool,
    pub tools: bool,
}

impl Default for AutopilotSkills {
    fn default() -> Self {
        Self {
            sneaks: true,
            tools: true,
        }
    }
}

impl Autopilot {
    pub fn new() -> Self {
        Self::default()
    }

    /// A scripted player with only the `skills` asked for: what sneaking
    /// or the tools (caltrops, smoke bombs, the wand, the lure, the
    /// scroll) are worth is the difference.
    pub fn with_skills(skills: AutopilotSkills) -> Self {
        Self {
            no_sneaking: !skills.sneaks,
            skip_tools: !skills.tools,
            ..Self::default()
        }
    }

    /// The player's next action.
    pub fn choose(&mut self, game: &Game) -> Action {
        let player = game.player();
        let at = player.pos;
        let health = f64::from(player.hp) / f64::from(player.max_hp.max(1));
        let has = |kind| game.inventory().count(kind) > 0;
        let drink = Action::UseItem {
            item: ItemKind::HealingDraught,
            toward: None,
            at: None,
        };
        let sneak = !self.no_sneaking && sneaking_pays(game);
        if sneak != game.is_sneaking() {
            return Action::Sneak(sneak);
        }
        if let Some(gear) = better_gear_in_pack(game) {
            return Action::UseItem {
                item: gear,
                toward: None,
                at: None,
            };
        }
        // Hurt with a foe in sight, it drinks, whatever else it does: runs
        // died to archers with six draughts in the pack, since it drank
        // only beside a foe or while waiting for one to come. It drinks
        // before a fight it would lose (`fight_odds`) as soon as the
        // draught would not be wasted, not at its last hit points.
        let room_to_heal = player.hp + DRAUGHT_HEALING <= player.max_hp;
        if has(ItemKind::HealingDraught)
            && foe_in_sight(game)
            && (health < DRINK_BELOW || (room_to_heal && fight_odds::would_lose(game)))
        {
            return drink;
        }
        if !self.skip_tools
            && let Some(action) = hard_fight::in_a_losing_fight(game)
        {
            return action;
        }
        if let Some(direction) = adjacent_enemy(game, at) {
            self.waited = 0;
            self.cover_steps = 0;
            return Action::Move(direction);
        }
        if let Some(action) = self.out_of_fire(game, at) {
            return action;
        }
        if let Some(mode) = nearest_monster_mode(game) {
            let coming = matches!(mode, Mode::Hunt | Mode::Search | Mode::Investigate);
            if coming && self.waited < PATIENCE {
                if !self.skip_tools
                    && let Some(action) = tool_use::urgent(game, health)
                {
                    return action;
                }
                if !self.skip_tools
                    && let Some(action) = tool_use::lure_the_curious(game, health)
                {
                    return action;
                }
                if has(ItemKind::ThrowingKnife) && game.knife_target().is_some() {
                    return Action::UseItem {
                        item: ItemKind::ThrowingKnife,
                        toward: None,
                        at: None,
                    };
                }
                // Waiting for a shooter only lets it shoot: close in,
                // round the corner if need be (`charge`).
                if let Some(direction) = charge_shooter(game, at, &mut self.map) {
                    return Action::Move(direction);
                }
                if !self.skip_tools
                    && let Some(action) = tool_use::instead_of_waiting(game)
                {
                    return action;
                }
                // Let it come: fight where it stands rather than walk into
                // its friends.
                self.waited += 1;
                return Action::Wait;
            }
            // A wanderer or a fleeing monster: go on with the level.
        } else {
            self.waited = 0;
            if game.time() < self.lurk_until {
                // Hidden from a shooter: let it come round the corner.
                return Action::Wait;
            }
        }
        if game.items_at(at).next().is_some() {
            return Action::PickUp;
        }
        if !self.no_sneaking
            && health >= STALK_ABOVE
            && let Some(direction) = self.stalk(game, at)
        {
            return Action::Move(direction);
        }
        if !self.skip_tools
            && let Some(action) = tool_use::when_calm(game, health < REST_BELOW)
        {
            return action;
        }
        let sees_monster = game.monster_in_sight().is_some();
        if !sees_monster && health < REST_BELOW {
            return Action::Wait;
        }
        if game.level().terrain_at(at) == Some(Terrain::StairsDown) {
            return if health >= DESCEND_ABOVE {
                Action::Descend
            } else {
                Action::Wait
            };
        }
        for activity in [Activity::TravelToStairs, Activity::Explore] {
            if let Ok(action) = game.activity_step(activity, &mut self.map) {
                return action;
            }
        }
        Action::Wait
    }

    /// Out of a shooter's line of fire, when one hunting the player has
    /// it in its sights and is not next to be struck: a step behind cover
    /// (`cover`), else (with the tools) the wand at it so it cannot keep
    /// its distance, or smoke at the player's feet; then it waits
    /// [`LURK_TIME`] for the shooter to come to it.
    fn out_of_fire(&mut self, game: &Game, at: Pos) -> Option<Action> {
        let shooters = cover::shooters_with_a_line(game, at);
        if shooters.is_empty() {
            return None;
        }
        if self.cover_steps < COVER_STEPS
            && let Some(direction) = cover::step_out_of_fire(game, at, &shooters)
        {
            self.cover_steps += 1;
            self.lurk_until = game.time() + LURK_TIME;
            return Some(Action::Move(direction));
        }
        if self.skip_tools {
            return None;
        }
        let action = tool_use::against_shooter(game, &shooters)?;
        if matches!(
            action,
            Action::UseItem {
                item: ItemKind::SmokeBomb,
                ..
            }
        ) {
            self.lurk_until = game.time() + LURK_TIME;
        }
        Some(action)
    }

    /// A step toward a lone sleeper to strike it, unless it gave up on
    /// that one after [`STALK_PATIENCE`] turns.
    fn stalk(&mut self, game: &Game, at: Pos) -> Option<Direction> {
        let (monster, direction) = stalk_sleeper(game, at, &self.gave_up)?;
        let key = (game.depth(), monster);
        let turns = match self.stalking {
            Some((stalked, turns)) if stalked == key => turns + 1,
            _ => 1,
        };
        if turns > STALK_PATIENCE {
            self.gave_up.push(key);
            self.stalking = None;
            return None;
        }
        self.stalking = Some((key, turns));
        Some(direction)
    }
}

/// The state of the nearest monster in sight (the side panel shows it).
fn nearest_monster_mode(game: &Game) -> Option<Mode> {
    let at = game.player().pos;
    game.visible_monsters()
        .min_by_key(|(index, monster)| {
            let distance = (monster.pos.x - at.x)
                .abs()
                .max((monster.pos.y - at.y).abs());
            (distance, *index)
        })
        .and_then(|(_, monster)| monster.brain.as_ref().map(|brain| brain.mode))
}

/// Whether a monster in sight hunts, searches for or comes at the player
/// (the side panel shows the modes).
fn foe_in_sight(game: &Game) -> bool {
    game.visible_monsters().any(|(_, monster)| {
        monster
            .brain
            .as_ref()
            .is_some_and(|b| matches!(b.mode, Mode::Hunt | Mode::Search | Mode::Investigate))
    })
}

/// Gear in the pack better than what is worn or wielded.
fn better_gear_in_pack(game: &Game) -> Option<ItemKind> {
    game.inventory()
        .entries()
        .into_iter()
        .map(|(_, kind, _)| kind)
        .find(|&kind| game.equipment().would_improve(kind))
}

/// A step from `at` nearer to `target` onto open, empty ground that
/// `allowed`, cheapest first.
fn step_toward(
    game: &Game,
    at: Pos,
    target: Pos,
    allowed: impl Fn(Pos) -> bool,
) -> Option<Direction> {
    let distance = |a: Pos, b: Pos| (a.x - b.x).abs().max((a.y - b.y).abs());
    let now = distance(target, at);
    Direction::ALL
        .into_iter()
        .filter_map(|direction| {
            let (to, cost) = open_step(game, at, direction)?;
            (distance(target, to) < now && allowed(to)).then_some((
                distance(target, to),
                cost,
                direction,
            ))
        })
        .min_by(|a, b| a.0.cmp(&b.0).then(a.1.total_cmp(&b.1)))
        .map(|(_, _, direction)| direction)
}

/// Where a step from `at` in `direction` lands and what it costs, if the
/// player may take it: onto passable ground no one stands on, past no
/// wall corner.
fn open_step(game: &Game, at: Pos, direction: Direction) -> Option<(Pos, f64)> {
    let to = direction.from(at);
    let cost = CostProfile::default().cost(game.level().terrain_at(to)?)?;
    let corner_ok = !direction.is_diagonal()
        || (is_open(game, Pos::new(to.x, at.y)) && is_open(game, Pos::new(at.x, to.y)));
    (corner_ok && game.actor_at(to).is_none()).then_some((to, cost))
}

fn adjacent_enemy(game: &Game, at: Pos) -> Option<Direction> {
    game.visible_monsters()
        .filter_map(|(_, monster)| Direction::between(at, monster.pos))
        .find(|direction| {
            let to = direction.from(at);
            // Attacks follow the corner rule too.
            !direction.is_diagonal()
                || (is_open(game, Pos::new(to.x, at.y)) && is_open(game, Pos::new(at.x, to.y)))
        })
}

fn is_open(game: &Game, pos: Pos) -> bool {
    game.level()
        .terrain_at(pos)
        .is_some_and(|t| CostProfile::default().is_passable(t) || t == Terrain::ClosedDoor)
}
