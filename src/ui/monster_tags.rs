//! Telling monsters in sight apart: when two or more share a letter, each
//! gets a number after it (`g1`, `g2`), in actor order, so the side panel,
//! look and the knife's aim can name the one meant. A lone letter stays a
//! letter. Numbers hold while the same monsters stay in sight.
//!
//! Reads the game; never changes it.

use std::collections::BTreeMap;

use fogcrawl_core::Game;

/// The tag of each monster in sight (actor index to `g` or `g2`).
pub(crate) fn monster_tags(game: &Game) -> BTreeMap<usize, String> {
    let mut by_letter: BTreeMap<char, Vec<usize>> = BTreeMap::new();
    for (index, monster) in game.visible_monsters() {
        if let Some(kind) = game.kind_of(monster) {
            by_letter.entry(kind.letter).or_default().push(index);
        }
    }
    let mut tags = BTreeMap::new();
    for (letter, mut actors) in by_letter {
        actors.sort_unstable();
        let numbered = actors.len() > 1;
        for (n, actor) in actors.into_iter().enumerate() {
            let tag = if numbered {
                format!("{letter}{}", n + 1)
            } else {
                letter.to_string()
            };
            tags.insert(actor, tag);
        }
    }
    tags
}

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
        let tags = monster_tags(&game);
        let letters: Vec<&str> = order.iter().map(|a| tags[a].as_str()).collect();
        assert_eq!(letters.len(), 2);
        let mut sorted = letters.clone();
        sorted.sort_unstable();
        assert_eq!(sorted, ["g1", "g2"], "numbered in actor order");
    }
}
