//! Telling monsters in sight apart: the core's `Game::monster_tags` gives
//! each a tag (`g1`, `g2` when two or more share a letter, in actor order),
//! which the side panel, look, the knife's aim and the messages use; this
//! file orders the monsters in sight for the panel and the aim.
//!
//! Reads the game; never changes it.

use fogcrawl_core::Game;

/// The monsters in sight, nearest first (the lower actor first on a tie):
/// the side panel's order, and the order Tab goes through.
pub(crate) fn monsters_nearest_first(game: &Game) -> Vec<usize> {
    let player = game.player().pos;
    let mut seen: Vec<(i32, usize)> = game
        .visible_monsters()
        .map(|(index, monster)| {
            let distance = (monster.pos.x - player.x)
                .abs()
                .max((monster.pos.y - player.y).abs());
            (distance, index)
        })
        .collect();
    seen.sort_unstable();
    seen.into_iter().map(|(_, index)| index).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use fogcrawl_core::game_on;

    #[test]
    fn same_letters_are_numbered_and_lone_ones_are_not() {
        let (game, _dir) = game_on("##########\n#@..g.g..#\n#.......>#\n##########\n");
        let order = monsters_nearest_first(&game);
        assert_eq!(order.len(), 2);
        let tags = game.monster_tags();
        let letters: Vec<&str> = order.iter().map(|a| tags[a].as_str()).collect();
        assert_eq!(letters.len(), 2);
        let mut sorted = letters.clone();
        sorted.sort_unstable();
        assert_eq!(sorted, ["g1", "g2"], "numbered in actor order");
    }

    #[test]
    fn messages_name_a_monster_by_its_tag_when_two_share_a_letter() {
        let (game, _dir) = game_on("##########\n#@..g.g..#\n#.......>#\n##########\n");
        let tags = game.monster_tags();
        for (&actor, tag) in &tags {
            assert_eq!(game.name_of(actor), format!("the goblin {tag}"));
        }
        let (lone, _dir) = game_on("##########\n#@..g....#\n#.......>#\n##########\n");
        let (goblin, _) = lone.visible_monsters().next().expect("the goblin is seen");
        assert_eq!(
            lone.name_of(goblin),
            "the goblin",
            "a lone one keeps its name"
        );
    }
}
