//! Tracing one monster's searches for the debug overlay: which planner
//! records, the search it would run now, and what it last searched.
//! Changes no rule.

use crate::ai::planner::TraceKind;
use crate::game::search_shown::SearchShown;

use super::{Game, PLAYER};

impl Game {
    /// Traces the searches of `monster` alone, for the debug overlay (its
    /// faction's planner records them; every other planner records
    /// nothing). `None` switches tracing off everywhere. Changes no rule.
    pub fn set_traced_monster(&mut self, monster: Option<usize>) {
        let traced_faction = monster
            .filter(|&m| m < self.actors.len())
            .and_then(|m| self.faction_index_of(m));
        for (index, faction) in self.factions.iter_mut().enumerate() {
            let actor = if traced_faction == Some(index) {
                monster
            } else {
                None
            };
            faction.inspector_mut().trace_actor(actor);
        }
    }

    /// Traces at once the search `monster` would run now toward its goal,
    /// on its faction's current knowledge (the overlay shows it the moment
    /// it opens). No time passes and no plan changes. Returns whether there
    /// was a goal to search for.
    pub fn trace_monster_now(&mut self, monster: usize) -> bool {
        let Some(actor) = self.actors.get(monster).filter(|a| a.is_alive()) else {
            return false;
        };
        let from = actor.pos;
        let Some(goal) = actor.brain.as_ref().and_then(|b| b.goal.or(b.plan_goal)) else {
            return false;
        };
        let Some(faction) = self.faction_index_of(monster) else {
            return false;
        };
        self.factions[faction].sync_view();
        // Priced as its own request would be: its crowding left out, and
        // after a stall the monsters beside it to go round.
        let fight_turns = self
            .kind_of(&self.actors[monster])
            .map_or(crate::ai::monster_turn::FALLBACK_FIGHT_TURNS, |kind| {
                self.turns_to_fell(kind.max_hp)
            });
        let overrides = match self.actors[monster].brain.as_ref() {
            Some(brain) => crate::ai::monster_turn::plan_overrides(
                &self.factions[faction],
                brain,
                from,
                fight_turns,
                |cell| {
                    self.actor_at(cell)
                        .is_some_and(|other| other != PLAYER && other != monster)
                },
            ),
            None => Vec::new(),
        };
        self.factions[faction]
            .inspector_mut()
            .trace_now(monster, from, goal, &overrides)
            .is_some()
    }

    /// What the last traced search of `actor` is, for the overlay's label:
    /// the search it waits on, its last one (and on which player turn), or
    /// a preview of what it would search now.
    pub fn traced_search_shown(&self, actor: usize) -> Option<SearchShown> {
        let trace = self.traced_search(actor)?;
        let faction = self.factions[self.faction_index_of(actor)?].inspector();
        let now = faction.planner_turn();
        let turn_of = |turn: u64| {
            self.stats
                .player_turns
                .saturating_sub(now.saturating_sub(turn))
        };
        Some(match faction.last_trace_kind() {
            // Still the search under way, not one dropped for a new goal.
            TraceKind::Waiting {
                expanded, limit, ..
            } if trace.goal.is_some() && faction.searching_toward(actor) == trace.goal => {
                SearchShown::Waiting { expanded, limit }
            }
            TraceKind::Waiting { turn, .. } => SearchShown::Unfinished {
                turn: turn_of(turn),
            },
            TraceKind::Finished { turn } => SearchShown::Finished {
                turn: turn_of(turn),
            },
            TraceKind::Preview => SearchShown::Preview,
        })
    }

    /// The last traced search of `actor`, if its faction recorded one.
    pub fn traced_search(&self, actor: usize) -> Option<&gridpath::SearchTrace> {
        if actor >= self.actors.len() {
            return None;
        }
        let faction = self.faction_index_of(actor)?;
        self.factions[faction]
            .inspector()
            .last_trace()
            .filter(|(traced, _)| *traced == actor)
            .map(|(_, trace)| trace)
    }
}
