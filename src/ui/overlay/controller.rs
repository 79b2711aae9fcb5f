//! The debug overlay's update code: what its keys do to a [`DebugOverlay`],
//! and how it keeps up with the game after every command and tick (a new
//! level, a dead followed monster, which monster the game traces, the
//! comparison search).
//!
//! `App` hands it the overlay's commands and carries out what it answers
//! ([`OverlayReply`]); the only thing it changes in the game is which
//! monster is traced (and a trace taken now). It never draws.

use crate::ui::command::Command;
use crate::ui::overlay::{
    BeforeReload, Comparison, DebugOverlay, ReplayMove, compare_variants, trace_identity,
};
use fogcrawl_core::{Direction, Game};
use gridpath::Pos;

/// What the app should do after an overlay command.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum OverlayReply {
    Done,
    /// Tell the player this (an information notice).
    Say(&'static str),
    /// A replay started: the game is paused, so auto-advance stops.
    Paused,
}

impl DebugOverlay {
    /// Carries out one of the overlay's commands; any other command is
    /// left alone.
    pub(crate) fn command(&mut self, command: Command, game: &mut Game) -> OverlayReply {
        match command {
            Command::ToggleOverlay => return self.toggle(game),
            Command::NextLayer => self.layer = self.layer.next(),
            Command::FollowPrevious => self.follow_step(game, false),
            Command::FollowNext => self.follow_step(game, true),
            Command::ToggleLook => self.toggle_look(game),
            Command::MoveCursor(direction) => self.move_cursor(game, direction),
            Command::FollowCursor => self.follow_cursor(game),
            Command::ToggleReplay => return self.toggle_replay(game),
            Command::Replay(step) => self.replay(game, step),
            Command::CycleCompare => self.cycle_compare(game),
            Command::TraceNow => return self.trace_now(game),
            Command::CompareOff => {
                self.compare = None;
                self.comparison = None;
            }
            _ => {}
        }
        OverlayReply::Done
    }

    /// After every command and tick: a dead followed monster is replaced,
    /// the game traces the followed monster while the overlay is on (and
    /// nothing while it is off), and the comparison follows the trace.
    pub(crate) fn sync(&mut self, game: &mut Game) {
        if self.depth != game.depth() {
            self.depth = game.depth();
            self.followed = None;
            self.replay = None;
            self.compare = None;
            self.comparison = None;
        }
        if self.on
            && self
                .followed
                .is_none_or(|f| !game.actors().get(f).is_some_and(|a| a.is_alive()))
        {
            self.followed = nearest_monster(game);
            self.replay = None;
            self.comparison = None;
        }
        let traced = self.followed.filter(|_| self.on);
        game.set_traced_monster(traced);
        // Its thinking is on screen the moment it is followed: when it has
        // no traced search yet (it follows its faction's shared field, or
        // has not planned since), the search it would run now is traced.
        if let Some(monster) = traced
            && game.traced_search(monster).is_none()
        {
            game.trace_monster_now(monster);
        }
        self.refresh_comparison(game);
    }

    fn toggle(&mut self, game: &Game) -> OverlayReply {
        self.on = !self.on;
        self.replay = None;
        self.cursor = None;
        // Compare ends with the overlay: it opens on plain searches.
        self.compare = None;
        self.comparison = None;
        if self.on {
            // The nearest monster, so the player stays in view.
            self.followed = nearest_monster(game);
            let Some(followed) = self.followed else {
                return OverlayReply::Say("Debug overlay: no living monster to follow.");
            };
            if !is_thinking(game, followed) {
                return OverlayReply::Say(
                    "Debug overlay: no monster is thinking (none heads anywhere, so none searches); following the nearest.",
                );
            }
        }
        OverlayReply::Done
    }

    fn follow(&mut self, actor: usize) {
        if self.followed != Some(actor) {
            self.followed = Some(actor);
            self.comparison = None;
            if self.replay.is_some() {
                self.replay = Some(0);
            }
        }
    }

    /// `[` and `]`: the previous or next living monster, wrapping around.
    fn follow_step(&mut self, game: &Game, forward: bool) {
        let living: Vec<usize> = living_monsters(game).collect();
        if living.is_empty() {
            return;
        }
        let current = self
            .followed
            .and_then(|f| living.iter().position(|&l| l == f));
        let next = match (current, forward) {
            (None, _) => 0,
            (Some(i), true) => (i + 1) % living.len(),
            (Some(i), false) => (i + living.len() - 1) % living.len(),
        };
        self.follow(living[next]);
    }

    fn toggle_look(&mut self, game: &Game) {
        if self.replay.is_some() {
            return; // the replay keeps its cursor
        }
        self.cursor = match self.cursor {
            Some(_) => None,
            None => Some(self.followed_pos(game).unwrap_or(game.player().pos)),
        };
    }

    fn followed_pos(&self, game: &Game) -> Option<Pos> {
        self.followed.map(|f| game.actors()[f].pos)
    }

    /// The cursor one cell on, if that cell is on the map.
    fn move_cursor(&mut self, game: &Game, direction: Direction) {
        if let Some(cursor) = self.cursor {
            let next = direction.from(cursor);
            if game.level().terrain_at(next).is_some() {
                self.cursor = Some(next);
            }
        }
    }

    /// A click on the overlay's map: the inspector reads `cell` (the look
    /// cursor goes there) and the monster standing there is followed.
    pub(crate) fn click(&mut self, game: &Game, cell: Pos) {
        self.inspect(game, cell);
        self.follow_cursor(game);
    }

    /// A right click: the inspector reads `cell`.
    pub(crate) fn inspect(&mut self, game: &Game, cell: Pos) {
        if self.on && game.level().terrain_at(cell).is_some() {
            self.cursor = Some(cell);
        }
    }

    /// Follows the monster under the cursor (never the player).
    fn follow_cursor(&mut self, game: &Game) {
        if let Some(actor) = self.cursor.and_then(|c| game.actor_at(c))
            && actor != fogcrawl_core::PLAYER
        {
            self.follow(actor);
        }
    }

    fn toggle_replay(&mut self, game: &Game) -> OverlayReply {
        if self.replay.is_some() {
            self.replay = None;
            self.cursor = None;
            return OverlayReply::Done;
        }
        let Some(trace) = self.followed.and_then(|f| game.traced_search(f)) else {
            return OverlayReply::Say(
                "Nothing to replay yet: the followed monster has not searched since it was chosen.",
            );
        };
        self.cursor = trace.start;
        self.replay = Some(0);
        OverlayReply::Paused
    }

    /// Moves the replay; the cursor goes to the node just expanded, so its
    /// g, h and f are in the inspector.
    fn replay(&mut self, game: &Game, step: ReplayMove) {
        let Some(at) = self.replay else {
            return;
        };
        let Some(trace) = self.followed.and_then(|f| game.traced_search(f)) else {
            return;
        };
        let total = trace.closed_cells().count();
        let at = match step {
            ReplayMove::Back(n) => at.saturating_sub(n),
            ReplayMove::Forward(n) => at.saturating_add(n).min(total),
            ReplayMove::First => 0,
            ReplayMove::Last => total,
        };
        self.replay = Some(at);
        let expanded = at
            .checked_sub(1)
            .and_then(|last| trace.closed_cells().nth(last));
        self.cursor = expanded.or(trace.start);
    }

    fn cycle_compare(&mut self, game: &Game) {
        let Some(faction) = self.followed.and_then(|f| game.faction_index_of(f)) else {
            return;
        };
        // After a reload, the last variant is the config before it.
        let variants = compare_variants(game.factions()[faction].search_options()).len()
            + usize::from(self.before_reload.is_some());
        self.compare = match self.compare {
            None if variants > 0 => Some(0),
            Some(i) if i + 1 < variants => Some(i + 1),
            _ => None,
        };
        self.comparison = None;
    }

    /// After a config reload: keeps the config that was in force, so
    /// compare can show the followed monster's search under both.
    pub(crate) fn remember_reload(&mut self, before: BeforeReload) {
        self.before_reload = Some(before);
    }

    /// `r`: traces now the search the followed monster would run.
    fn trace_now(&self, game: &mut Game) -> OverlayReply {
        if let Some(monster) = self.followed.filter(|_| self.on)
            && !game.trace_monster_now(monster)
        {
            return OverlayReply::Say("Nothing to re-plan: the followed monster has no goal.");
        }
        OverlayReply::Done
    }

    fn refresh_comparison(&mut self, game: &Game) {
        let (Some(variant), Some(actor), true) = (self.compare, self.followed, self.on) else {
            self.comparison = None;
            return;
        };
        let Some(faction) = game.faction_index_of(actor) else {
            return;
        };
        let variants = compare_variants(game.factions()[faction].search_options());
        if variant == variants.len()
            && let Some(before) = &self.before_reload
        {
            let monster = &game.actors()[actor];
            let stamp = (actor, monster.pos, game.time().to_bits());
            let current = self
                .comparison
                .as_ref()
                .and_then(|c| c.config_ab.as_ref())
                .is_some_and(|ab| ab.stamp == stamp);
            if !current {
                self.comparison = Comparison::config_ab(game, actor, before);
            }
            return;
        }
        let Some(options) = variants.get(variant).copied() else {
            self.comparison = None;
            return;
        };
        let Some(trace) = game.traced_search(actor) else {
            self.comparison = None;
            return;
        };
        let current = self.comparison.as_ref().is_some_and(|c| {
            c.config_ab.is_none() && c.options == options && c.source == trace_identity(trace)
        });
        if !current {
            self.comparison = Comparison::run(game, actor, trace, options);
        }
    }
}

/// The living monster nearest the player (fewest steps) that is thinking
/// (it heads somewhere, with a plan or a search), else the nearest idle
/// one, if any: the overlay opens on a thought, not on a loiterer.
fn nearest_monster(game: &Game) -> Option<usize> {
    let player = game.player().pos;
    living_monsters(game).min_by_key(|&index| {
        let pos = game.actors()[index].pos;
        (
            !is_thinking(game, index),
            (pos.x - player.x).abs().max((pos.y - player.y).abs()),
            index,
        )
    })
}

/// Whether a monster heads somewhere (a goal, so a plan or a search).
pub(crate) fn is_thinking(game: &Game, monster: usize) -> bool {
    game.actors()
        .get(monster)
        .and_then(|m| m.brain.as_ref())
        .is_some_and(|b| b.goal.is_some())
}

fn living_monsters(game: &Game) -> impl Iterator<Item = usize> + '_ {
    (1..game.actors().len()).filter(|&i| game.actors()[i].is_alive())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ui::app::App;
    use crate::ui::app::tests::duel;
    use crate::ui::command::InputMode;

    #[test]
    fn a_click_in_the_overlay_inspects_the_cell_and_follows_the_monster_there() {
        let mut app = duel();
        app.update(Command::ToggleOverlay);
        let goblin = living_monsters(&app.game)
            .next()
            .expect("the duel's goblin");
        let at = app.game.actors()[goblin].pos;
        let player = app.game.player().pos;
        app.update(Command::Click(player));
        assert_eq!(app.debug().cursor, Some(player));
        assert_eq!(app.input_mode(), InputMode::Look);
        app.update(Command::Click(at));
        assert_eq!(app.debug().cursor, Some(at));
        assert_eq!(app.debug().followed, Some(goblin));
    }

    #[test]
    fn the_overlay_opens_on_the_nearest_thinking_monster_before_a_nearer_idle_one() {
        let (mut game, _dir) = fogcrawl_core::game_on(
            "############\n\
             #@.g.....g.#\n\
             #.........>#\n\
             ############\n",
        );
        let (near, far) = (
            (1..game.actors().len())
                .find(|&a| game.actors()[a].pos == Pos::new(3, 1))
                .unwrap(),
            (1..game.actors().len())
                .find(|&a| game.actors()[a].pos == Pos::new(9, 1))
                .unwrap(),
        );
        for (monster, goal) in [(near, None), (far, Some(Pos::new(5, 2)))] {
            game.actor_mut(monster).brain.as_mut().unwrap().goal = goal;
        }
        assert_eq!(nearest_monster(&game), Some(far));
        // Nobody thinking: the nearest.
        game.actor_mut(far).brain.as_mut().unwrap().goal = None;
        assert_eq!(nearest_monster(&game), Some(near));
    }

    #[test]
    fn the_overlay_traces_only_while_it_is_on() {
        let mut app = duel();
        app.update(Command::ToggleOverlay);
        assert_eq!(app.input_mode(), InputMode::Overlay);
        let goblin = app.debug().followed.expect("the duel's goblin is followed");
        let traced = |app: &App| {
            app.game
                .factions()
                .iter()
                .filter(|f| f.inspector().last_trace().is_some())
                .count()
        };
        for _ in 0..10 {
            app.update(Command::Wait);
        }
        assert!(
            app.game.traced_search(goblin).is_some(),
            "its search was traced"
        );
        app.update(Command::ToggleOverlay);
        assert_eq!(app.input_mode(), InputMode::Playing);
        // Off: a new game's searches are not traced at all.
        let mut quiet = duel();
        for _ in 0..10 {
            quiet.update(Command::Wait);
        }
        assert_eq!(traced(&quiet), 0);
    }

    #[test]
    fn a_replay_pauses_and_the_cursor_reads_the_node_just_expanded() {
        let mut app = duel();
        app.update(Command::ToggleOverlay);
        for _ in 0..10 {
            app.update(Command::Wait);
        }
        let time = app.game.time();
        app.update(Command::ToggleReplay);
        assert_eq!(app.input_mode(), InputMode::Replay);
        app.update(Command::Replay(ReplayMove::Forward(2)));
        let goblin = app.debug().followed.unwrap();
        let second = app
            .game
            .traced_search(goblin)
            .unwrap()
            .closed_cells()
            .nth(1);
        assert!(second.is_some(), "the traced search expanded two nodes");
        assert_eq!(app.debug().cursor, second);
        app.update(Command::Replay(ReplayMove::Back(1)));
        assert_eq!(app.debug().replay, Some(1));
        app.update(Command::Replay(ReplayMove::Back(9)));
        assert_eq!(app.debug().replay, Some(0));
        app.update(Command::Wait);
        assert_eq!(app.game.time(), time, "no time passes during a replay");
        app.update(Command::ToggleReplay);
        assert_eq!(app.input_mode(), InputMode::Overlay);
        app.update(Command::Wait);
        assert!(app.game.time() > time);
    }

    #[test]
    fn brackets_cycle_through_living_monsters_and_compare_leaves_the_game_alone() {
        let mut app = duel();
        app.update(Command::ToggleOverlay);
        let first = app.debug().followed;
        app.update(Command::FollowNext);
        assert_eq!(app.debug().followed, first, "the duel has one monster");
        for _ in 0..10 {
            app.update(Command::Wait);
        }
        let before = format!("{:?}", app.game.actors());
        app.update(Command::CycleCompare);
        let comparison = app.debug().comparison.clone().expect("a comparison ran");
        assert_ne!(comparison.options, app.game.factions()[0].search_options());
        assert_eq!(format!("{:?}", app.game.actors()), before);
        app.update(Command::ToggleLook);
        assert_eq!(app.input_mode(), InputMode::Look);
        let at = app.debug().cursor.unwrap();
        app.update(Command::MoveCursor(Direction::West));
        assert_eq!(app.debug().cursor, Some(Direction::West.from(at)));
    }

    #[test]
    fn compare_ends_with_its_key_the_overlay_and_the_level() {
        let mut app = duel();
        app.update(Command::ToggleOverlay);
        app.update(Command::CycleCompare);
        assert!(app.debug().compare.is_some());
        app.update(Command::CompareOff);
        assert_eq!(app.debug().compare, None, "N turns it off at once");
        app.update(Command::CycleCompare);
        app.update(Command::ToggleOverlay);
        app.update(Command::ToggleOverlay);
        assert_eq!(app.debug().compare, None, "closing the overlay ends it");
        // A new level: compare ends and the nearest monster is followed.
        app.update(Command::CycleCompare);
        app.game.set_depth(app.game.depth() + 1);
        app.update(Command::Wait);
        assert_eq!(app.debug().compare, None, "a new level ends it");
        assert_eq!(app.debug().followed, nearest_monster(&app.game));
    }
}
