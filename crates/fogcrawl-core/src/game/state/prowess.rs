//! The player's strength as it grows over a run: the blow the player
//! strikes (base, experience, weapon), the defence their armour gives
//! against monsters' blows, experience gained from kills, and gear taken up
//! as it is found.

use crate::game::gear::{describe_gear, gear_stats};
use crate::game::message_log::Importance;
use crate::world::ItemKind;

use super::{Game, PLAYER, PLAYER_ACCURACY};
use crate::game::experience::HP_PER_LEVEL;

/// No blow is surer than this (in percent), whatever the bonuses.
const MOST_ACCURACY: i32 = 95;
/// No blow is less sure than this, whatever the armour.
const LEAST_ACCURACY: i32 = 5;

impl Game {
    /// The player's chance to hit (percent) and damage roll now.
    pub fn player_attack(&self) -> (u32, (i32, i32)) {
        let ((low, high), weapon_accuracy) = self.equipment.attack();
        let bonus = self.experience.damage_bonus();
        let accuracy = (PLAYER_ACCURACY + weapon_accuracy + self.experience.accuracy_bonus())
            .clamp(LEAST_ACCURACY, MOST_ACCURACY);
        (accuracy as u32, (low + bonus, high + bonus))
    }

    /// How many turns the player takes, on average, to fell a monster of
    /// `hp` hit points with the blow it strikes now (its chance to hit
    /// times its mean damage a turn; at least one turn). Monsters queued
    /// behind a fighting packmate weigh their wait by it: they see the
    /// player's blows land.
    pub(crate) fn turns_to_fell(&self, hp: i32) -> f64 {
        let (accuracy, (low, high)) = self.player_attack();
        let per_turn = f64::from(accuracy) / 100.0 * f64::from(low + high) / 2.0;
        if per_turn <= 0.0 {
            return f64::from(hp.max(1));
        }
        (f64::from(hp) / per_turn).max(1.0)
    }

    /// What the player's armour takes off a monster's chance to hit.
    pub fn player_defence(&self) -> u32 {
        self.equipment.defence()
    }

    /// The chance in percent that the monster `monster` hits the player
    /// (its accuracy less the player's armour).
    pub fn chance_to_hit_player(&self, monster: usize) -> u32 {
        self.blow_of(monster, PLAYER).0
    }

    /// The chance to hit and damage roll of `attacker`'s blow at `defender`.
    pub(super) fn blow_of(&self, attacker: usize, defender: usize) -> (u32, (i32, i32)) {
        match self.kind_of(&self.actors[attacker]) {
            Some(kind) => {
                let defence = if defender == PLAYER {
                    self.player_defence()
                } else {
                    0
                };
                let accuracy = i64::from(kind.accuracy) - i64::from(defence);
                (
                    accuracy.clamp(i64::from(LEAST_ACCURACY), 100) as u32,
                    kind.damage,
                )
            }
            None => self.player_attack(),
        }
    }

    /// Adds experience; a new level raises the player's hit points (and
    /// heals as much) and says so.
    pub(super) fn gain_experience(&mut self, points: u32) {
        let levels = self.experience.gain(points);
        if levels == 0 {
            return;
        }
        let gained = HP_PER_LEVEL * levels as i32;
        let player = &mut self.actors[PLAYER];
        player.max_hp += gained;
        player.hp += gained;
        let (accuracy, (low, high)) = self.player_attack();
        self.log.push(
            self.time,
            Importance::Good,
            format!(
                "You reach experience level {}: +{gained} max hp; your blows hit {accuracy}% for {low}-{high}.",
                self.experience.level
            ),
        );
    }

    /// Takes up a piece of gear just picked up when it is better than what
    /// the player has; the old piece goes into the pack. Returns whether
    /// it was taken up (it stays in the pack if not).
    pub(super) fn take_up_if_better(&mut self, kind: ItemKind) -> bool {
        if !self.equipment.would_improve(kind) {
            return false;
        }
        self.equip_from_pack(kind);
        true
    }

    /// Wields or wears `kind` from the pack; what it replaces goes back.
    pub(super) fn equip_from_pack(&mut self, kind: ItemKind) {
        if gear_stats(kind).is_none() || !self.inventory.take(kind) {
            return;
        }
        let replaced = self.equipment.equip(kind);
        if let Some(old) = replaced {
            self.inventory.add(old);
        }
        let what = describe_gear(kind).unwrap_or_default();
        let verb = match gear_stats(kind).map(|s| s.slot) {
            Some(crate::game::gear::Slot::Armour) => "put on",
            _ => "wield",
        };
        self.log.push(
            self.time,
            Importance::Good,
            format!("You {verb} the {kind} ({what})."),
        );
    }
}

#[cfg(test)]
mod tests {
    use crate::game::action::Action;
    use crate::game::test_levels::game_on;
    use crate::world::ItemKind;

    #[test]
    fn a_fight_lasts_the_monster_s_hit_points_over_the_player_s_average_blow() {
        // The starting blow: 80% to hit for 2-5, 2.8 damage a turn on
        // average. A wolf's 9 hit points last 9 / 2.8 turns; the short
        // sword's 85% for 3-6 (3.825 a turn) fells it sooner; a 1 hit
        // point rat still takes a turn.
        let (mut game, _dir) = game_on("#####\n#@.>#\n#####\n");
        let wolf = game.turns_to_fell(9);
        assert!((wolf - 9.0 / 2.8).abs() < 1e-9, "{wolf}");
        assert_eq!(game.turns_to_fell(1), 1.0);
        game.inventory.add(ItemKind::ShortSword);
        assert!(game.take_up_if_better(ItemKind::ShortSword));
        let armed = game.turns_to_fell(9);
        assert!((armed - 9.0 / 3.825).abs() < 1e-9, "{armed}");
    }

    #[test]
    fn better_gear_is_taken_up_and_changes_the_blow() {
        let (mut game, _dir) = game_on("#####\n#@.>#\n#####\n");
        let (accuracy, damage) = game.player_attack();
        assert_eq!((accuracy, damage), (80, (2, 5)));
        game.inventory.add(ItemKind::ShortSword);
        assert!(game.take_up_if_better(ItemKind::ShortSword));
        assert_eq!(game.player_attack(), (85, (3, 6)));
        assert_eq!(game.inventory.count(ItemKind::ShortSword), 0);
        game.inventory.add(ItemKind::ChainMail);
        assert!(game.take_up_if_better(ItemKind::ChainMail));
        assert_eq!(game.player_defence(), 16);
        // A worse weapon stays in the pack; using it wields it anyway.
        game.inventory.add(ItemKind::ShortSword);
        game.equipment.weapon = Some(ItemKind::WarAxe);
        assert!(!game.take_up_if_better(ItemKind::ShortSword));
        game.player_act(Action::UseItem {
            item: ItemKind::ShortSword,
            toward: None,
            at: None,
        })
        .expect("wields");
        assert_eq!(game.equipment.weapon, Some(ItemKind::ShortSword));
        assert_eq!(game.inventory.count(ItemKind::WarAxe), 1);
    }

    #[test]
    fn experience_raises_hit_points_and_the_blow() {
        let (mut game, _dir) = game_on("#####\n#@.>#\n#####\n");
        let max = game.player().max_hp;
        game.gain_experience(12);
        assert_eq!(game.experience.level, 2);
        assert_eq!(game.player().max_hp, max + super::HP_PER_LEVEL);
        assert_eq!(game.player_attack().0, 82);
        assert!(
            game.log
                .recent(1)
                .any(|m| m.text.contains("experience level 2")),
            "the level is announced"
        );
    }
}
