//! Installing a monster config into a game: at the start, after a load, and
//! on every hot reload.
//!
//! The install is a transaction. Everything that can fail (kinds without a
//! faction, planning grids a faction's costs cannot build, the navigation
//! grids) is built from the new config first, beside the running game; only
//! when all of it succeeded is the game changed, in steps that cannot fail.
//! A config that cannot apply leaves the game exactly as it was, so the last
//! good config stays whole and the next turn runs on it.
//!
//! Living monsters and a changed kind: damage, accuracy and letter are read
//! from the kind on every use, so they apply at once; hit points are scaled,
//! so that a monster keeps its share of health (a goblin at 6 of 9 hp becomes
//! 1 of 1 when the kind's hp becomes 1, and 2 of 3 when it becomes 3).

use rayon::prelude::*;

use crate::ai::planner::prepare_shared_records;
use crate::ai::{CostRules, CostView, Faction, FactionKnowledge, faction_profile};
use crate::config::MonsterConfig;
use crate::game::game_error::GameError;
use crate::game::monster_kind::MonsterKind;
use crate::game::navigation::Navigation;
use crate::world::CostProfile;
use gridpath::GridError;

use super::Game;

/// What an install did beyond swapping the config, for the message log.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ConfigApplied {
    /// One line per kind whose living monsters had their hp rescaled.
    pub notes: Vec<String>,
}

/// Per faction of a config: the index of the existing faction it continues,
/// its planning grid, and the blank knowledge the grid was priced from for
/// a faction new to the game.
type TrialViews = (
    Vec<Option<usize>>,
    Vec<CostView>,
    Vec<Option<FactionKnowledge>>,
);

impl Game {
    /// Installs `config`: kinds (matched by name, so existing monsters keep
    /// their kind), factions (matched by name, keeping their knowledge) and
    /// everything derived from them. On an error nothing has changed.
    pub(super) fn install_config(
        &mut self,
        config: MonsterConfig,
    ) -> Result<ConfigApplied, GameError> {
        // 1. Build: nothing below may change `self` until every step passed.
        let (kinds, kind_factions) = self.kinds_under(&config)?;
        let grid_error = |source| GameError::Grid {
            level: self.level.name.clone(),
            source,
        };
        let mut profiles = vec![CostProfile::default()];
        profiles.extend(config.factions.iter().map(faction_profile));
        // The navigation grids and the faction views are each a grid of the
        // whole level (eleven of 1M cells on colossus, most of the time a
        // load or a new level takes); none reads what another builds, so
        // they are built side by side on all cores.
        // The factions' shared search records are readied meanwhile (a
        // level's worth to write, which the rebuilds below would otherwise
        // wait on).
        let level = &self.level;
        let ((nav, ()), trial) = rayon::join(
            move || {
                rayon::join(
                    || Navigation::new(level, profiles),
                    || prepare_shared_records(level.width(), level.height()),
                )
            },
            || self.trial_views(&config),
        );
        let (continues, views, blank) = trial.map_err(grid_error)?;
        let nav = nav.map_err(grid_error)?;

        // 2. Swap. The trial builds above used the same inputs, so the
        // rebuilds below succeed; should one fail all the same, the error is
        // reported and the factions already rebuilt keep the new config.
        let (factions, rebuilt) = self.continued_factions(&config, continues, views, blank);
        let applied = self.rescale_living_monsters(&kinds);
        self.kinds = kinds;
        self.kind_factions = kind_factions;
        self.factions = factions;
        // Where each faction could still learn by looking, counted now
        // rather than on its members' first turn (a pass over the level).
        let level = &self.level;
        self.factions
            .par_iter_mut()
            .for_each(|faction| faction.prepare_sight(level));
        self.config_print = super::config_print(&config);
        self.config = Some(config);
        self.nav = nav;
        for actor in self.actors.iter_mut() {
            if let Some(brain) = actor.brain.as_mut() {
                brain.forget_plan();
                brain.looked_from = None;
            }
        }
        rebuilt.map(|()| applied)
    }

    /// The kinds under `config` (matched by name, so existing monsters keep
    /// their kind) and the index in `config` of each kind's faction.
    fn kinds_under(
        &self,
        config: &MonsterConfig,
    ) -> Result<(Vec<MonsterKind>, Vec<usize>), GameError> {
        let mut kinds = self.kinds.clone();
        for kind in &config.monsters {
            let updated = MonsterKind::from(kind);
            match kinds.iter_mut().find(|k| k.name == kind.name) {
                Some(existing) => *existing = updated,
                None => kinds.push(updated),
            }
        }
        // A kind dropped from the config keeps its monsters (they are indexed
        // by kind), so its faction must still exist.
        let kind_factions = kinds
            .iter()
            .map(|kind| {
                config
                    .factions
                    .iter()
                    .position(|f| f.name == kind.faction)
                    .ok_or_else(|| GameError::KindWithoutFaction {
                        kind: kind.name.clone(),
                        faction: kind.faction.clone(),
                    })
            })
            .collect::<Result<Vec<usize>, _>>()?;
        Ok((kinds, kind_factions))
    }

    /// The factions of `config`, in its order: an existing one taken out of
    /// the game where it continues (index in `continues`), else a new one on
    /// its blank knowledge; each rebuilt with its trial view. With them the
    /// first rebuild's error, if one failed (the others are rebuilt all the
    /// same).
    fn continued_factions(
        &mut self,
        config: &MonsterConfig,
        continues: Vec<Option<usize>>,
        views: Vec<CostView>,
        mut blank: Vec<Option<FactionKnowledge>>,
    ) -> (Vec<Faction>, Result<(), GameError>) {
        let mut old: Vec<Option<Faction>> = std::mem::take(&mut self.factions)
            .into_iter()
            .map(Some)
            .collect();
        let mut factions = Vec::with_capacity(config.factions.len());
        for ((faction_config, existing), blank) in
            config.factions.iter().zip(continues).zip(&mut blank)
        {
            let faction = existing
                .and_then(|index| old.get_mut(index).and_then(Option::take))
                .unwrap_or_else(|| {
                    let knowledge = blank.take().unwrap_or_else(|| self.fresh_knowledge());
                    Faction::new(faction_config.clone(), knowledge)
                });
            factions.push(faction);
        }
        // Each rebuild touches only its own faction (filling its search
        // spaces is most of a load's work): side by side on all cores.
        let rebuilt = factions
            .par_iter_mut()
            .zip(&config.factions)
            .zip(views)
            .map(|((faction, faction_config), view)| {
                faction.rebuild_with(faction_config.clone(), Some(view))
            })
            .collect::<Vec<_>>()
            .into_iter()
            .find_map(Result::err)
            .map_or(Ok(()), |source| {
                Err(GameError::Grid {
                    level: self.level.name.clone(),
                    source,
                })
            });
        (factions, rebuilt)
    }

    /// Which existing faction each of `config`'s continues (same name, same
    /// level size), and a trial build of its planning grid (kept: the swap
    /// installs it rather than building it again).
    /// The planning grid each faction of `config` would have: with an
    /// existing faction of the same name (its index given) from what it
    /// knows, else from a blank knowledge, handed on for the new faction to
    /// start with (building it again costs a level-sized fill).
    fn trial_views(&self, config: &MonsterConfig) -> Result<TrialViews, GridError> {
        let (width, height) = (self.level.width(), self.level.height());
        // Each faction's grid is a whole level's worth of cells (1M on
        // colossus): they are built side by side on all cores.
        let built: Vec<(Option<usize>, CostView, Option<FactionKnowledge>)> = config
            .factions
            .par_iter()
            .map(|faction_config| {
                let existing = self.factions.iter().position(|f| {
                    f.name() == faction_config.name
                        && f.knowledge().width() == width
                        && f.knowledge().height() == height
                });
                let rules = CostRules::from_config(faction_config);
                Ok(match existing {
                    Some(index) => {
                        let faction = &self.factions[index];
                        let view = CostView::new(rules, faction.knowledge(), faction.influences())?;
                        (existing, view, None)
                    }
                    None => {
                        let knowledge = self.fresh_knowledge();
                        let influences = crate::ai::Influences::new(width, height);
                        let view = CostView::new(rules, &knowledge, &influences)?;
                        (existing, view, Some(knowledge))
                    }
                })
            })
            .collect::<Result<_, GridError>>()?;
        let mut trial = (Vec::new(), Vec::new(), Vec::new());
        for (existing, view, blank) in built {
            trial.0.push(existing);
            trial.1.push(view);
            trial.2.push(blank);
        }
        Ok(trial)
    }

    /// Living monsters of a kind whose hp changed keep their share of
    /// health under the new maximum (at least 1 hp: a reload kills no one).
    fn rescale_living_monsters(&mut self, kinds: &[MonsterKind]) -> ConfigApplied {
        let mut applied = ConfigApplied::default();
        for (index, kind) in kinds.iter().enumerate() {
            let mut rescaled = 0usize;
            for actor in self.actors.iter_mut().skip(1) {
                if actor.kind() != Some(index) || !actor.is_alive() || actor.max_hp == kind.max_hp {
                    continue;
                }
                actor.hp = scaled_hp(actor.hp, actor.max_hp, kind.max_hp);
                actor.max_hp = kind.max_hp;
                rescaled += 1;
            }
            if rescaled > 0 {
                applied.notes.push(format!(
                    "monster {}: {rescaled} living rescaled to max hp {} (hp in proportion)",
                    kind.name, kind.max_hp
                ));
            }
        }
        applied
    }
}

/// `hp` of `old_max` as the same share of `new_max`, rounded up, within
/// 1..=`new_max`.
fn scaled_hp(hp: i32, old_max: i32, new_max: i32) -> i32 {
    let share = i64::from(hp.max(0)) * i64::from(new_max.max(1));
    let scaled = (share + i64::from(old_max.max(1)) - 1) / i64::from(old_max.max(1));
    i32::try_from(scaled)
        .unwrap_or(new_max)
        .clamp(1, new_max.max(1))
}

#[cfg(test)]
mod tests {
    use super::scaled_hp;

    #[test]
    fn hp_keeps_its_share_and_never_reaches_zero() {
        assert_eq!(scaled_hp(6, 9, 3), 2);
        assert_eq!(scaled_hp(9, 9, 1), 1);
        assert_eq!(scaled_hp(1, 9, 1), 1);
        assert_eq!(scaled_hp(4, 8, 16), 8);
        assert_eq!(scaled_hp(9, 9, 18), 18);
    }
}
