//! The tools that play with the monsters' planning, under the rules of
//! `game::items`: caltrops a faction plans round once a member has seen
//! them, smoke that blocks sight (a hunter in it loses the player and
//! searches), the scroll that fills the player's own map, the wand that
//! slows a monster, and the lure (the noisemaker) whose landing the
//! overlay shows. What they leave on the level is [`ToolMarks`].
//!
//! A faction hears of caltrops only by sight or by treading on them: the
//! game tells it ([`crate::ai::Faction::learn_hazard`]), never its plans.

use rand::RngExt;

use crate::ai::faction::{line_of_sight, straight_line};
use crate::game::direction::Direction;
use crate::game::items::{
    CALTROPS_DAMAGE, CALTROPS_LIMP, CALTROPS_PLAN_COST, SMOKE_DURATION, SMOKE_RANGE, WAND_RANGE,
    WAND_SLOW_DURATION, throw_range,
};
use crate::game::message_log::Importance;
use crate::game::tools::{SmokeCloud, ToolMarks, caltrop_cells, smoke_cells};
use crate::world::fov::within_radius;
use crate::world::{CostProfile, ItemKind, Terrain};
use gridpath::Pos;

use super::{Game, PLAYER, Refusal, fresh_memory_epoch};
use crate::game::message_log::capitalised;

impl Game {
    /// What the player's tools left on this level.
    pub fn tools(&self) -> &ToolMarks {
        &self.tools
    }

    /// Where `item` thrown `toward` lands: up to its range, stopping before
    /// anything that blocks sight or movement.
    pub(crate) fn landing(&self, item: ItemKind, toward: Direction) -> Pos {
        let mut at = self.player().pos;
        for _ in 0..throw_range(item) {
            let next = toward.from(at);
            if !self.a_throw_passes(next) {
                break;
            }
            at = next;
        }
        at
    }

    /// Whether a thrown thing flies over `at`: nothing there blocks sight
    /// or movement.
    fn a_throw_passes(&self, at: Pos) -> bool {
        let profile = CostProfile::default();
        self.level
            .terrain_at(at)
            .is_some_and(|t| profile.is_passable(t) && !t.info().opaque)
    }

    /// Where `item` thrown at `cell` lands: on the cell, or before the
    /// first thing on the straight line that blocks sight or movement.
    /// Refused beyond the item's reach.
    pub fn landing_toward_cell(&self, item: ItemKind, cell: Pos) -> Result<Pos, Refusal> {
        let from = self.player().pos;
        let (range, distance) = (throw_range(item), from.chebyshev(cell));
        if distance > range {
            return Err(Refusal::TooFar {
                item,
                range,
                distance,
            });
        }
        Ok(straight_line(from, cell)
            .take_while(|&at| self.a_throw_passes(at))
            .last()
            .unwrap_or(from))
    }

    /// Every living monster the player sees within the wand's reach,
    /// nearest first (the lower actor id first on a tie).
    pub(crate) fn wand_targets(&self) -> Vec<usize> {
        self.targets_within(WAND_RANGE)
    }

    /// Whether smoke keeps `a` and `b` from seeing each other: one of them
    /// stands in it and they are not side by side (an opaque cell is seen
    /// like a wall is, so the cloud's own cells need this rule; lines
    /// through the cloud are blocked by field of view).
    pub(crate) fn smoke_hides(&self, a: Pos, b: Pos) -> bool {
        a.chebyshev(b) > 1 && (self.tools.smoky(a) || self.tools.smoky(b))
    }

    /// Uses one of the tools (caltrops, smoke bomb, scroll, wand); the
    /// item is known to be carried.
    pub(super) fn use_tool(
        &mut self,
        item: ItemKind,
        toward: Option<Direction>,
        at: Option<Pos>,
    ) -> Result<(), Refusal> {
        match item {
            ItemKind::Caltrops => {
                let toward = toward.ok_or(Refusal::NeedsDirection)?;
                self.inventory.take(item);
                let landing = self.landing(item, toward);
                let cells = caltrop_cells(&self.level, landing);
                self.tools.strew(&cells);
                self.log.push(
                    self.time,
                    Importance::Info,
                    format!(
                        "You scatter caltrops over {} cells: monsters that see them will go round.",
                        cells.len()
                    ),
                );
                // Those who watch them land know of them at once.
                self.see_caltrops();
            }
            ItemKind::SmokeBomb => {
                // At the monster aimed at (the nearest in sight within
                // range when none is), at the player's feet, or one way.
                let me = self.player().pos;
                let in_reach: Vec<Pos> = self
                    .visible_monsters()
                    .map(|(_, monster)| monster.pos)
                    .filter(|pos| pos.chebyshev(me) <= SMOKE_RANGE)
                    .collect();
                let landing = match (at, toward) {
                    // At a monster in reach, or at the player's own feet
                    // (to hide in the cloud from shooters).
                    (Some(at), _) => Some(at)
                        .filter(|at| in_reach.contains(at) || *at == me)
                        .ok_or(Refusal::OutOfReach)?,
                    (None, Some(toward)) => self.landing(item, toward),
                    (None, None) => in_reach
                        .iter()
                        .copied()
                        .min_by_key(|pos| (pos.chebyshev(me), pos.y, pos.x))
                        .ok_or(Refusal::NoTarget)?,
                };
                self.inventory.take(item);
                let cells = smoke_cells(&self.level, landing);
                for &pos in &cells {
                    self.level.set_veiled(pos, true);
                }
                self.tools.add_cloud(SmokeCloud {
                    cells,
                    until: self.time + SMOKE_DURATION,
                });
                self.log.push(
                    self.time,
                    Importance::Info,
                    "The smoke bomb bursts into a thick cloud: nothing sees through it.",
                );
            }
            ItemKind::ScrollOfMapping => {
                self.inventory.take(item);
                self.reveal_layout();
                self.log.push(
                    self.time,
                    Importance::Good,
                    "You read the scroll of mapping: the layout of the level fills your map.",
                );
            }
            ItemKind::WandOfSlowing => {
                let targets = self.wand_targets();
                let target = match at {
                    Some(at) => self
                        .actor_at(at)
                        .filter(|monster| targets.contains(monster))
                        .ok_or(Refusal::OutOfReach)?,
                    None => targets.first().copied().ok_or(Refusal::NoTarget)?,
                };
                self.inventory.take(item);
                self.tools.slow(target, self.time + WAND_SLOW_DURATION);
                let name = self.name_of(target);
                self.log.push(
                    self.time,
                    Importance::Combat,
                    format!(
                        "You zap the wand of slowing: {name} slows to half speed. The wand crumbles."
                    ),
                );
            }
            _ => return Err(Refusal::NoSuchItem(item)),
        }
        Ok(())
    }

    /// The player's map learns every cell of the level that is open ground
    /// or rock beside it (the scroll of mapping). A new memory epoch, so
    /// maps kept from the old memory start over.
    fn reveal_layout(&mut self) {
        let level = &self.level;
        for pos in level.positions() {
            let shown = (-1..=1).any(|dy| {
                (-1..=1).any(|dx| {
                    level
                        .terrain_at(Pos::new(pos.x + dx, pos.y + dy))
                        .is_some_and(|t| t != Terrain::Wall)
                })
            });
            if shown && let Some(index) = level.index(pos) {
                self.remembered[index] = true;
            }
        }
        self.memory_epoch = fresh_memory_epoch();
    }

    /// Once per player turn, before the monsters' minds start theirs:
    /// smoke that has hung its time clears, slowings wear off, and every
    /// faction learns of the caltrops a living member can see.
    pub(super) fn tools_turn(&mut self) {
        for pos in self.tools.clear_smoke(self.time) {
            self.level.set_veiled(pos, false);
        }
        self.tools.wear_off(self.time);
        if !self.tools.caltrops().is_empty() {
            self.see_caltrops();
        }
    }

    /// Each faction learns of the caltrops any living member sees now
    /// (within its sight radius, on a clear line of the true level, not
    /// through smoke).
    fn see_caltrops(&mut self) {
        let caltrops = self.tools.caltrops().to_vec();
        for actor in 1..self.actors.len() {
            let Some(f) = self.faction_index_of(actor) else {
                continue;
            };
            let monster = &self.actors[actor];
            let Some(radius) = self.factions[f].config().map(|c| c.sight_radius) else {
                continue;
            };
            if !monster.is_alive() {
                continue;
            }
            let from = monster.pos;
            let hazards = &self.factions[f].influences().hazards;
            let opaque = |pos: Pos| self.level.is_opaque(pos) || self.tools.smoky(pos);
            let seen: Vec<Pos> = caltrops
                .iter()
                .copied()
                .filter(|&cell| hazards.extra(cell) == 0.0)
                .filter(|&cell| {
                    within_radius(
                        i64::from(cell.x - from.x),
                        i64::from(cell.y - from.y),
                        radius,
                    ) && !self.smoke_hides(from, cell)
                        && line_of_sight(from, cell, opaque)
                })
                .collect();
            if seen.is_empty() {
                continue;
            }
            for &cell in &seen {
                self.factions[f].learn_hazard(cell, CALTROPS_PLAN_COST);
            }
            if self.visible.contains(from) {
                let name = capitalised(&self.name_of(actor));
                self.log.push(
                    self.time,
                    Importance::Info,
                    format!("{name} spots your caltrops."),
                );
            }
        }
    }

    /// A monster that stepped onto caltrops is hurt (never below 1 hit
    /// point) and slowed, and its faction knows of them from now on.
    pub(super) fn tread_on_caltrops(&mut self, actor: usize, f: usize, to: Pos) {
        if actor == PLAYER || !self.tools.has_caltrops(to) {
            return;
        }
        let damage = self.rng.random_range(CALTROPS_DAMAGE.0..=CALTROPS_DAMAGE.1);
        let monster = &mut self.actors[actor];
        let before = monster.hp;
        monster.hp = (monster.hp - damage).max(1).min(before);
        let lost = before - monster.hp;
        self.tools.slow(actor, self.time + CALTROPS_LIMP);
        self.factions[f].learn_hazard(to, CALTROPS_PLAN_COST);
        let name = capitalised(&self.name_of(actor));
        self.say_if_seen(
            to,
            Importance::Combat,
            format!("{name} treads on your caltrops (-{lost} hp) and limps."),
        );
    }

    /// Lays the smoke of a loaded game on its level again (the level's
    /// opacity is derived, not saved).
    pub(super) fn lay_smoke_again(&mut self) {
        let cells: Vec<Pos> = self
            .tools
            .clouds()
            .iter()
            .flat_map(|cloud| cloud.cells.iter().copied())
            .collect();
        for pos in cells {
            self.level.set_veiled(pos, true);
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::ai::Mode;
    use crate::game::items::{CALTROPS_PLAN_COST, SLOWED_FACTOR};
    use crate::game::test_levels::game_on;
    use crate::game::{Action, Direction, Game, Refusal};
    use crate::world::{ItemKind, Terrain};
    use gridpath::Pos;

    fn throw(item: ItemKind, toward: Direction) -> Action {
        Action::UseItem {
            item,
            toward: Some(toward),
            at: None,
        }
    }

    fn the_goblin(game: &Game) -> usize {
        (1..game.actors.len())
            .find(|&a| game.actors[a].is_alive())
            .expect("a goblin")
    }

    fn messages(game: &Game) -> Vec<String> {
        game.log.all().map(|m| m.text.clone()).collect()
    }

    #[test]
    fn caltrops_seen_landing_raise_the_cost_of_their_cells_in_the_faction_plans() {
        // The goblin looks down the hall at the caltrops landing 4 cells
        // east of the player; the goblins behind the wall see nothing.
        let (mut game, _dir) = game_on(
            "#############\n\
             #@..........#\n\
             #..........g#\n\
             ##########..#\n\
             #g.......+.>#\n\
             #############\n",
        );
        game.inventory.add(ItemKind::Caltrops);
        assert_eq!(
            game.player_act(Action::UseItem {
                item: ItemKind::Caltrops,
                toward: None,
                at: None
            }),
            Err(Refusal::NeedsDirection)
        );
        assert_eq!(
            game.landing(ItemKind::Caltrops, Direction::East),
            Pos::new(5, 1)
        );
        game.player_act(throw(ItemKind::Caltrops, Direction::East))
            .unwrap();
        let strewn = vec![
            Pos::new(5, 1),
            Pos::new(4, 1),
            Pos::new(6, 1),
            Pos::new(5, 2),
        ];
        let mut sorted = strewn.clone();
        sorted.sort_unstable();
        assert_eq!(
            game.tools().caltrops(),
            sorted.as_slice(),
            "the wall above holds none"
        );
        let goblins = &game.factions[0];
        for &cell in &strewn {
            assert_eq!(goblins.influences().hazards.extra(cell), CALTROPS_PLAN_COST);
            let grid = goblins.grid().unwrap();
            assert_eq!(
                grid.cost(cell),
                Some(1.0 + CALTROPS_PLAN_COST),
                "the planning grid prices {cell}"
            );
        }
        assert!(
            messages(&game)
                .iter()
                .any(|m| m.starts_with("You scatter caltrops")),
            "{:?}",
            messages(&game)
        );
    }

    #[test]
    fn a_monster_that_treads_on_unknown_caltrops_is_hurt_slowed_and_its_faction_learns() {
        let (mut game, _dir) = game_on("#########\n#@......#\n#......g#\n#......>#\n#########\n");
        let goblin = the_goblin(&game);
        // Strewn where the goblin will step, by hand: nobody saw them land.
        let next = Pos::new(6, 2);
        game.tools.strew(&[next]);
        game.actors[goblin].hp = 2;
        let before = game.time;
        game.tread_on_caltrops(goblin, 0, next);
        assert_eq!(game.actors[goblin].hp, 1, "lamed, never killed");
        assert_eq!(
            game.tools.time_factor(goblin, before),
            SLOWED_FACTOR,
            "it limps"
        );
        assert_eq!(
            game.factions[0].influences().hazards.extra(next),
            CALTROPS_PLAN_COST
        );
        assert!(
            messages(&game)
                .iter()
                .any(|m| m.contains("treads on your caltrops")),
            "{:?}",
            messages(&game)
        );
    }

    #[test]
    fn a_hunter_in_smoke_loses_sight_of_the_player_and_searches() {
        let map = "##############\n\
                   #............#\n\
                   #.@......g...#\n\
                   #............#\n\
                   #...........>#\n\
                   ##############\n";
        let hunting = |game: &Game| {
            let goblin = the_goblin(game);
            game.actors[goblin].brain.as_ref().map(|b| b.mode)
        };
        // Without smoke it hunts on.
        let (mut plain, _a) = game_on(map);
        plain.player_act(Action::Wait).unwrap();
        assert_eq!(hunting(&plain), Some(Mode::Hunt));
        plain.player_act(Action::Wait).unwrap();
        assert_eq!(hunting(&plain), Some(Mode::Hunt));
        // The cloud bursts on the hunter: in it, it sees nothing.
        let (mut game, _b) = game_on(map);
        game.inventory.add(ItemKind::SmokeBomb);
        game.player_act(Action::Wait).unwrap();
        assert_eq!(hunting(&game), Some(Mode::Hunt));
        let goblin = the_goblin(&game);
        let landing = game.landing(ItemKind::SmokeBomb, Direction::East);
        assert!(
            game.actors[goblin].pos.chebyshev(landing) <= 1,
            "the cloud covers the hunter at {} (burst at {landing})",
            game.actors[goblin].pos
        );
        game.player_act(throw(ItemKind::SmokeBomb, Direction::East))
            .unwrap();
        assert!(game.tools().smoky(landing));
        assert!(
            !game.visible.contains(Pos::new(landing.x + 2, landing.y)),
            "nor does the player see through"
        );
        assert_eq!(hunting(&game), Some(Mode::Search), "lost the player");
    }

    #[test]
    fn an_archer_cannot_shoot_a_player_hidden_in_smoke_at_its_feet() {
        // A goblin archer hunts the player from 5 cells east; the player
        // throws smoke at its own feet and waits in the cloud.
        let (mut game, _dir) = game_on(
            "##############\n#............#\n#.@....g.....#\n#............#\n#...........>#\n##############\n",
        );
        let archer = game
            .kinds
            .iter()
            .position(|k| k.name == "goblin archer")
            .expect("the shipped config has an archer");
        let goblin = the_goblin(&game);
        game.actors[goblin].species = crate::game::actor::Species::Monster(archer);
        game.inventory.add(ItemKind::SmokeBomb);
        game.player_act(Action::Wait).unwrap();
        let me = game.player().pos;
        game.player_act(Action::UseItem {
            item: ItemKind::SmokeBomb,
            toward: None,
            at: Some(me),
        })
        .expect("smoke at one's own feet");
        assert!(game.tools().smoky(me));
        let hp = game.player().hp;
        // Shots before the cloud (it hunted the player in plain sight) do
        // not count.
        let shots_so_far = |game: &Game| {
            game.log
                .recent(40)
                .filter(|m| m.text.contains("shoots"))
                .count()
        };
        let before = shots_so_far(&game);
        for _ in 0..4 {
            game.player_act(Action::Wait).unwrap();
        }
        let shots = shots_so_far(&game) - before;
        let mode = game.actors[goblin].brain.as_ref().map(|b| b.mode);
        let near = game.actors[goblin].pos.chebyshev(me) <= 1;
        assert!(
            shots == 0 || near,
            "no shot into the cloud from afar: {shots} shots, {mode:?}"
        );
        // It waits the cloud out from its distance rather than walk in.
        assert!(!near, "it walked into the cloud, next to the player");
        assert!(game.player().hp == hp || near, "unhurt from afar");
        assert_ne!(
            mode,
            Some(Mode::Hunt).filter(|_| !near),
            "it lost the player"
        );
    }

    #[test]
    fn a_lure_out_of_anyones_hearing_says_so() {
        // Nobody on the level to hear it.
        let (mut game, _dir) = game_on("############\n#@.........#\n#.........>#\n############\n");
        game.inventory.add(ItemKind::Noisemaker);
        game.player_act(throw(ItemKind::Noisemaker, Direction::East))
            .unwrap();
        let last = messages(&game).last().cloned().unwrap_or_default();
        assert!(last.contains("nothing is near enough to hear it"), "{last}");
        // With the goblin alive and near, something stirs.
        let (mut game, _dir) = game_on("############\n#@......g..#\n#.........>#\n############\n");
        game.inventory.add(ItemKind::Noisemaker);
        game.player_act(throw(ItemKind::Noisemaker, Direction::East))
            .unwrap();
        // (The goblin's noticing the player may follow it in the log.)
        let said = messages(&game);
        assert!(
            said.iter().any(|m| m.contains("something stirs")),
            "{said:?}"
        );
        // A goblin that hunts the player hears it and hunts on: no stir.
        let (mut game, _dir) = game_on("############\n#@......g..#\n#.........>#\n############\n");
        game.actor_mut(1).brain.as_mut().unwrap().mode = Mode::Hunt;
        game.inventory.add(ItemKind::Noisemaker);
        game.player_act(throw(ItemKind::Noisemaker, Direction::East))
            .unwrap();
        let said = messages(&game);
        assert!(
            said.iter()
                .any(|m| m.ends_with("but what hears it is hunting you and pays it no heed.")),
            "{said:?}"
        );
        assert!(
            !said.iter().any(|m| m.contains("something stirs")),
            "{said:?}"
        );
    }

    #[test]
    fn smoke_clears_after_its_time_and_sight_comes_back() {
        let (mut game, _dir) = game_on("##########\n#@.......#\n#.......>#\n##########\n");
        game.inventory.add(ItemKind::SmokeBomb);
        game.player_act(throw(ItemKind::SmokeBomb, Direction::East))
            .unwrap();
        let beyond = Pos::new(8, 1);
        assert!(!game.visible.contains(beyond));
        while game.time < crate::game::items::SMOKE_DURATION + 1.0 {
            game.player_act(Action::Wait).unwrap();
        }
        assert!(game.tools().clouds().is_empty());
        assert!(game.visible.contains(beyond));
    }

    #[test]
    fn the_scroll_of_mapping_fills_the_players_map() {
        let (mut game, _dir) =
            game_on("############\n#@...#.....#\n#....+.....#\n#....#....>#\n############\n");
        let stairs = Pos::new(10, 3);
        let index = game.level.index(stairs).unwrap();
        assert!(!game.remembered[index]);
        game.inventory.add(ItemKind::ScrollOfMapping);
        game.player_act(Action::UseItem {
            item: ItemKind::ScrollOfMapping,
            toward: None,
            at: None,
        })
        .unwrap();
        assert!(game.remembered[index], "the stairs are on the map");
        assert_eq!(game.inventory.count(ItemKind::ScrollOfMapping), 0);
    }

    #[test]
    fn the_wand_slows_a_monster_in_sight_to_half_speed() {
        let (mut game, _dir) = game_on("##########\n#@....g..#\n#.......>#\n##########\n");
        game.inventory.add(ItemKind::WandOfSlowing);
        let goblin = the_goblin(&game);
        game.player_act(Action::UseItem {
            item: ItemKind::WandOfSlowing,
            toward: None,
            at: None,
        })
        .unwrap();
        assert_eq!(game.tools.time_factor(goblin, game.time), SLOWED_FACTOR);
        assert_eq!(
            game.player_act(Action::UseItem {
                item: ItemKind::WandOfSlowing,
                toward: None,
                at: None,
            }),
            Err(Refusal::NoSuchItem(ItemKind::WandOfSlowing)),
            "it crumbled"
        );
        // Slowed, it closes in more slowly than an unslowed one does.
        let (mut plain, _other) = game_on("##########\n#@....g..#\n#.......>#\n##########\n");
        plain.player_act(Action::Wait).unwrap();
        for _ in 0..2 {
            game.player_act(Action::Wait).unwrap();
            plain.player_act(Action::Wait).unwrap();
        }
        let distance = |g: &Game| g.actors[goblin].pos.chebyshev(g.player().pos);
        assert!(
            distance(&game) > distance(&plain),
            "slowed {} against {}",
            distance(&game),
            distance(&plain)
        );
    }

    #[test]
    fn a_lure_lands_where_the_overlay_shows_it() {
        let (mut game, _dir) = game_on("############\n#@.........#\n#.........>#\n############\n");
        game.inventory.add(ItemKind::Noisemaker);
        game.player_act(throw(ItemKind::Noisemaker, Direction::East))
            .unwrap();
        let lure = game.tools().lure().expect("noted");
        assert_eq!(lure.at, Pos::new(9, 1));
    }

    #[test]
    fn smoke_on_a_door_stays_when_the_door_is_shut_and_opened_again() {
        // The cloud bursts on the sleeping goblin past the open door (east
        // of the player) and fills the doorway; the player shuts the door
        // and opens it again inside the cloud's time.
        let (mut game, _dir) = game_on("############\n#...@'g....#\n#.........>#\n############\n");
        let door = Pos::new(5, 1);
        let goblin = the_goblin(&game);
        game.actors[goblin]
            .brain
            .as_mut()
            .expect("a monster")
            .asleep = true;
        game.inventory.add(ItemKind::SmokeBomb);
        game.player_act(Action::UseItem {
            item: ItemKind::SmokeBomb,
            toward: None,
            at: Some(Pos::new(6, 1)),
        })
        .unwrap();
        // What field of view reads: the door cell's sight-blocking bit.
        let veiled = |game: &Game| game.level.opacity().run(5, 1, 1, 0, 1) & 1 == 1;
        assert!(game.tools().smoky(door) && veiled(&game));
        game.player_act(Action::CloseDoor(Direction::East)).unwrap();
        game.player_act(Action::OpenDoor(Direction::East)).unwrap();
        assert_eq!(game.level.terrain_at(door), Some(Terrain::OpenDoor));
        assert!(game.tools().smoky(door), "the cloud still hangs there");
        assert!(veiled(&game), "and still blocks sight");
    }

    #[test]
    fn each_aimed_item_reaches_as_far_as_its_range() {
        // A goblin 7 cells east: a knife or the wand reaches it, smoke
        // (range 6) does not.
        let (game, _dir) = game_on("##########\n#@......g#\n#.......>#\n##########\n");
        assert_eq!(game.aim_targets(ItemKind::ThrowingKnife), vec![1]);
        assert_eq!(game.aim_targets(ItemKind::WandOfSlowing), vec![1]);
        assert!(game.aim_targets(ItemKind::SmokeBomb).is_empty());
        assert!(game.aim_targets(ItemKind::Noisemaker).is_empty());
    }
}
