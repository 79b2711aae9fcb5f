//! Who gives way to whom: whether a monster standing where another wants
//! to step lets it trade places. The game asks this of every body next to
//! a monster that thinks (`Senses::body_at`); the policy lives here so a
//! reader finds the crowd's rules in the AI, beside the moves they shape.
//!
//! A swap is for passing, never for trading places back: a pair that
//! traded places does not trade them back while both still stand where
//! the trade left them (however long ago), nor within a few turns after;
//! one fighting the player or standing on the spot it holds round a goal
//! stays put; and one on its way somewhere is not pushed back from where
//! it goes (it would only step forward again: an A-B-A-B). A shooter is
//! never traded into a cell next to the player from one that is not: it
//! keeps its distance, and a trade would hand the player a shooter it
//! must then fight hand to hand.

use crate::ai::brain::{Brain, Mode};
use crate::ai::thought::Thought;
use gridpath::Pos;

/// Game time within which two monsters that traded places do not trade
/// them back: a few turns, long enough for the one that passed to move on.
pub(crate) const SWAP_MEMORY: f64 = 6.0;

/// What stands on a cell next to the monster.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Body {
    Empty,
    Player,
    /// A member of its own faction; `yields` when it would trade places
    /// ([`gives_way`]); `keeps_place` when not even a fleeing member trades
    /// places with it ([`keeps_place`]); `hunts` when it hunts the player
    /// (it comes for the fight: a shooter boxed in lets it past).
    Packmate {
        yields: bool,
        keeps_place: bool,
        hunts: bool,
    },
    /// A monster of another faction (monsters do not fight each other);
    /// as for a packmate.
    Stranger {
        yields: bool,
        keeps_place: bool,
        hunts: bool,
    },
}

/// The monster on a cell as the asker sees it: its mind (none for a
/// mindless one), where it stands, whether it belongs to the asker's
/// faction, and whether its kind shoots (a range over 1).
#[derive(Debug, Clone, Copy)]
pub(crate) struct Bystander<'a> {
    pub brain: Option<&'a Brain>,
    pub at: Pos,
    pub packmate: bool,
    pub shoots: bool,
}

/// Who asks to pass: the monster, where it stands, where the player
/// stands, and the time.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Asker {
    pub actor: usize,
    pub at: Pos,
    pub player: Pos,
    pub now: f64,
}

/// A member waiting for a cell its way goes through, as a packmate sees
/// it: the cell a body held when it last acted, and its own turns stalled
/// so far. First come, first served: a packmate whose way runs through the
/// cell once it comes free leaves it to one that waited longer
/// (`MemberTurn::step_along`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct WaitFor {
    pub cell: Pos,
    pub turns: u32,
}

/// What a member whose mind is `brain` waits for ([`WaitFor`]): a cell
/// of its way it stood behind at its last turn ("waiting: packmate
/// blocks"), none else.
pub(crate) fn awaits(brain: &Brain) -> Option<WaitFor> {
    match brain.thought {
        Thought::BlockedByPackmate(cell) if brain.stall_turns > 0 => Some(WaitFor {
            cell,
            turns: brain.stall_turns,
        }),
        _ => None,
    }
}

/// Whether `mate` lets `asker` trade places with it.
///
/// - One the asker traded places with lately does not trade them back.
/// - A shooter is not traded into a cell next to the player
///   ([`shooter_pushed_into_reach`]).
/// - A fleeing member is going anyway: it lets anyone else past, unless
///   the trade would put it nearer the player than it stands (a fleer
///   behind it pushing it back toward the danger: it would only step
///   away again, an A-B-A-B).
/// - One fighting (next to the player) stays.
/// - One standing on the cell it holds round its goal stays.
/// - Otherwise it makes way when it has nowhere to go, is heading for the
///   asker's cell, or is stuck itself (a jam in a corridor clears by
///   trading places). One stepping toward a goal with no plan yet (its
///   search still runs) makes way only when the asker's cell is no
///   further from that goal than its own: pushed back, it would step
///   straight forward again. A hunter stuck in a queue toward the player
///   does not let one further back pass ([`queued_for_the_player`]).
pub(crate) fn gives_way(mate: Bystander<'_>, asker: Asker) -> bool {
    if lately_swapped(mate, asker) || shooter_pushed_into_reach(mate, asker) {
        return false;
    }
    if mate.brain.is_some_and(|brain| brain.mode == Mode::Flee) {
        return !pushed_toward_player(mate, asker);
    }
    let engaged =
        (mate.at.x - asker.player.x).abs() <= 1 && (mate.at.y - asker.player.y).abs() <= 1;
    if engaged {
        return false;
    }
    mate.brain.is_none_or(|brain| {
        !brain.holds_spot_at(mate.at)
            && (goes_on_from(brain, mate.at, asker.at)
                || (brain.stall_turns > 0 && !queued_for_the_player(brain, mate.at, asker)))
    })
}

/// Whether `brain`, standing at `at`, hunts the player and stands nearer
/// it than the asker: in a queue toward the fight (a one-wide corridor
/// behind the one fighting), where trading places only puts it a cell
/// back, to step forward again the moment the way clears (tworoom, a
/// level of a room with two doors: three wolves in a corridor traded
/// places 11 times in 14 turns, an A-B-A-B each). Its stall is the
/// queue's, not a jam a trade would clear.
fn queued_for_the_player(brain: &Brain, at: Pos, asker: Asker) -> bool {
    brain.mode == Mode::Hunt && at.chebyshev(asker.player) < asker.at.chebyshev(asker.player)
}

/// Whether a member at `at` whose mind is `brain` would go on from
/// `to` (the asker's cell) if moved there: it is its next planned cell;
/// or, with no plan, it has no goal it is stepping toward (none, or one
/// it found it cannot reach), or `to` is no further from that goal and
/// not the cell its last step toward it left. Pushed back onto that
/// cell, it steps forward again once its way comes: a wolf that guessed
/// its way west along a walled road toward the player below it stood
/// waiting for its plan as near the player as the cell behind it, was
/// traded back there by the packmate behind, and walked west again on
/// the plan that came (swamp with the evader, seed 7, turn 28: an
/// A-B-A-B between 17,1 and 16,1).
fn goes_on_from(brain: &Brain, at: Pos, to: Pos) -> bool {
    if let Some(&next) = brain.plan.first() {
        return next == to;
    }
    match brain.goal {
        Some(goal) if brain.unreachable != Some(goal) => {
            to.chebyshev(goal) <= at.chebyshev(goal) && brain.came_from != Some(to)
        }
        _ => true,
    }
}

/// Whether `mate` and the asker traded places within [`SWAP_MEMORY`], or
/// both still stand where their last trade left them (trading again
/// would only undo it).
fn lately_swapped(mate: Bystander<'_>, asker: Asker) -> bool {
    mate.brain.is_some_and(|brain| {
        brain.swapped_lately_with(asker.actor, asker.now, SWAP_MEMORY)
            || brain.swapped_with.is_some_and(|swap| {
                swap.with == asker.actor
                    && swap.left_me_at == mate.at
                    && swap.left_them_at == asker.at
            })
    })
}

/// Whether trading places with the asker would put `mate` nearer the
/// player than it stands.
fn pushed_toward_player(mate: Bystander<'_>, asker: Asker) -> bool {
    asker.at.chebyshev(asker.player) < mate.at.chebyshev(asker.player)
}

/// Whether `mate` shoots and the trade would put it next to the player
/// from a cell that is not: a fleeing rat ran into a dead end past a
/// goblin archer standing two cells from the player, and the trade left
/// the archer beside the player with no step back (maze at depth 5, seed
/// 8, turn 160: then 5 of its turns next to the player, 3 cornered).
fn shooter_pushed_into_reach(mate: Bystander<'_>, asker: Asker) -> bool {
    mate.shoots && asker.at.chebyshev(asker.player) <= 1 && mate.at.chebyshev(asker.player) > 1
}

/// Whether not even a fleeing asker trades places with `mate`: they
/// traded places lately ([`lately_swapped`]: it would undo the trade),
/// `mate` shoots and the trade would put it next to the player
/// ([`shooter_pushed_into_reach`]), or `mate` flees too and the trade
/// would put it nearer the player (it would only step away again: an
/// A-B-A-B, two hurt goblins in a corridor on pass seed 2).
fn keeps_place(mate: Bystander<'_>, asker: Asker) -> bool {
    lately_swapped(mate, asker)
        || shooter_pushed_into_reach(mate, asker)
        || (mate.brain.is_some_and(|brain| brain.mode == Mode::Flee)
            && pushed_toward_player(mate, asker))
}

/// The body `bystander` is to the asker (see [`gives_way`]).
pub(crate) fn body_of(bystander: Bystander<'_>, asker: Asker) -> Body {
    let yields = gives_way(bystander, asker);
    let keeps_place = keeps_place(bystander, asker);
    let hunts = bystander
        .brain
        .is_some_and(|brain| brain.mode == Mode::Hunt);
    if bystander.packmate {
        Body::Packmate {
            yields,
            keeps_place,
            hunts,
        }
    } else {
        Body::Stranger {
            yields,
            keeps_place,
            hunts,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ai::brain::LastSwap;

    /// The cells of `mark` in an ASCII sketch (`a` the asker, `m` the
    /// packmate in its way, `G` the packmate's goal, `@` the player).
    fn cell(sketch: &str, mark: char) -> Pos {
        sketch
            .lines()
            .enumerate()
            .find_map(|(y, row)| row.find(mark).map(|x| Pos::new(x as i32, y as i32)))
            .expect("the mark is drawn")
    }

    fn asker(sketch: &str, now: f64) -> Asker {
        Asker {
            actor: 1,
            at: cell(sketch, 'a'),
            player: cell(sketch, '@'),
            now,
        }
    }

    fn mate<'a>(sketch: &str, brain: &'a Brain) -> Bystander<'a> {
        Bystander {
            brain: Some(brain),
            at: cell(sketch, 'm'),
            packmate: true,
            shoots: false,
        }
    }

    #[test]
    fn a_packmate_stepping_toward_its_goal_without_a_plan_is_not_pushed_back() {
        // The packmate steps east toward G while its search runs: the
        // asker behind it would push it back a cell (swamp seed 6: a wolf
        // swapped back stepped forward again, an A-B-A-B).
        let sketch = "#########\n\
                      #am....G#\n\
                      #########\n\
                      @";
        let brain = Brain {
            mode: Mode::Search,
            goal: Some(cell(sketch, 'G')),
            ..Brain::default()
        };
        assert!(!gives_way(mate(sketch, &brain), asker(sketch, 10.0)));
        // Heading back toward the asker's side, it lets it pass.
        let brain = Brain {
            goal: Some(cell(sketch, 'a')),
            ..brain
        };
        assert!(gives_way(mate(sketch, &brain), asker(sketch, 10.0)));
        // With no goal, or one it cannot reach, it has nowhere to be.
        let idle = Brain::default();
        assert!(gives_way(mate(sketch, &idle), asker(sketch, 10.0)));
        let stuck = Brain {
            unreachable: Some(cell(sketch, 'G')),
            ..brain
        };
        assert!(gives_way(mate(sketch, &stuck), asker(sketch, 10.0)));
    }

    #[test]
    fn a_packmate_waiting_for_its_plan_is_not_pushed_back_onto_the_cell_it_came_from() {
        // A walled road above the player's ground: m guessed its way west
        // from a's cell toward G and waits there for its plan; a's cell
        // is as near G as its own. Traded back there, it walked west again
        // on the plan that came (swamp with the evader, seed 7, turn 28).
        let sketch = "#########\n\
                      #.ma.....\n\
                      #########\n\
                      ..G......\n\
                      @";
        let waiting = Brain {
            mode: Mode::Search,
            goal: Some(cell(sketch, 'G')),
            came_from: Some(cell(sketch, 'a')),
            thought: Thought::WaitsForPlan {
                goal: cell(sketch, 'G'),
            },
            ..Brain::default()
        };
        assert!(!gives_way(mate(sketch, &waiting), asker(sketch, 10.0)));
        // Come from elsewhere, the asker's cell is no step back.
        let from_west = Brain {
            came_from: Some(Pos::new(1, 1)),
            ..waiting.clone()
        };
        assert!(gives_way(mate(sketch, &from_west), asker(sketch, 10.0)));
        // Stuck there a while, it lets the asker past (a jam clears).
        let stuck = Brain {
            stall_turns: 2,
            ..waiting
        };
        assert!(gives_way(mate(sketch, &stuck), asker(sketch, 10.0)));
    }

    #[test]
    fn a_hunter_queued_toward_the_player_is_not_passed_by_one_further_back() {
        // Three wolves in a one-wide corridor, the first fighting the
        // player; m, stuck behind it, is asked to pass by a behind it.
        // Trading would put m a cell back, to step forward again: an
        // A-B-A-B (tworoom seed 1, turns 95-108).
        let sketch = "########\n\
                      #@fma..#\n\
                      ########";
        let queued = Brain {
            mode: Mode::Hunt,
            goal: Some(cell(sketch, '@')),
            stall_turns: 2,
            ..Brain::default()
        };
        assert!(!gives_way(mate(sketch, &queued), asker(sketch, 10.0)));
        // A stuck member on its own business lets it pass (a jam clears).
        let stuck = Brain {
            mode: Mode::Wander,
            goal: Some(Pos::new(6, 1)),
            plan: vec![Pos::new(2, 1)],
            ..queued.clone()
        };
        assert!(gives_way(mate(sketch, &stuck), asker(sketch, 10.0)));
        // So does a stuck hunter the asker would take nearer the player.
        let sketch = "########\n\
                      #@.am..#\n\
                      ########";
        assert!(gives_way(mate(sketch, &queued), asker(sketch, 10.0)));
    }

    #[test]
    fn a_fleeing_packmate_is_not_pushed_back_toward_the_player() {
        // Two hurt goblins flee west along a corridor; the one behind (a,
        // nearer the player) asks to pass the one ahead (m). Trading would
        // put m a cell nearer the player, and it stepped straight away
        // again: an A-B-A-B (pass seed 2, turns 127-129).
        let sketch = "#########\n\
                      #.ma...@#\n\
                      #########";
        let fleeing = Brain {
            mode: Mode::Flee,
            ..Brain::default()
        };
        assert!(!gives_way(mate(sketch, &fleeing), asker(sketch, 10.0)));
        assert_eq!(
            body_of(mate(sketch, &fleeing), asker(sketch, 10.0)),
            Body::Packmate {
                yields: false,
                keeps_place: true,
                hunts: false
            },
            "not even a fleeing asker pushes it back"
        );
        // A hunter coming from further off passes a fleer heading away:
        // the trade takes the fleer away from the player.
        let sketch = "#########\n\
                      #.am...@#\n\
                      #########";
        assert!(gives_way(mate(sketch, &fleeing), asker(sketch, 10.0)));
        assert!(!keeps_place(mate(sketch, &fleeing), asker(sketch, 10.0)));
    }

    #[test]
    fn a_shooter_is_not_traded_into_a_cell_next_to_the_player() {
        // A pocket off a corridor; the player stands at its mouth. A hurt
        // rat (a) flees into the pocket past a goblin archer (m) two cells
        // from the player: the trade would leave the archer beside the
        // player with no step back (maze at depth 5, seed 8, turn 160).
        let sketch = "###\n\
                      #m#\n\
                      #a#\n\
                      #.@\n\
                      #.#\n\
                      ###";
        let archer = Brain {
            mode: Mode::Wander,
            ..Brain::default()
        };
        let shooter = Bystander {
            shoots: true,
            packmate: false,
            ..mate(sketch, &archer)
        };
        let fleeing_rat = asker(sketch, 10.0);
        assert!(!gives_way(shooter, fleeing_rat));
        assert_eq!(
            body_of(shooter, fleeing_rat),
            Body::Stranger {
                yields: false,
                keeps_place: true,
                hunts: false
            },
            "not even a fleeing asker pushes a shooter next to the player"
        );
        // A fighter in its place is traded there: it comes for the fight.
        let fighter = Bystander {
            shoots: false,
            ..shooter
        };
        assert!(!keeps_place(fighter, fleeing_rat));
        assert!(gives_way(fighter, fleeing_rat));
        // A shooter already next to the player (the asker two cells off)
        // may be traded away from it.
        let sketch = "###\n\
                      #a#\n\
                      #m#\n\
                      #.@\n\
                      #.#\n\
                      ###";
        let beside = Bystander {
            shoots: true,
            ..mate(sketch, &archer)
        };
        assert!(!shooter_pushed_into_reach(beside, asker(sketch, 10.0)));
    }

    #[test]
    fn a_pair_that_traded_places_does_not_trade_them_back_while_both_stay_put() {
        // Long ago the asker traded places with m, leaving m on its cell
        // and itself on a's; both have stood still since. Trading again
        // would undo it (a small-rooms level, seed 7: a hurt goblin swapped
        // a packmate back 8.5 time units later, past the few turns'
        // memory).
        let sketch = "#######\n\
                      #.ma..#\n\
                      #######\n\
                      @";
        let (a, m) = (cell(sketch, 'a'), cell(sketch, 'm'));
        let fleeing = Brain {
            mode: Mode::Flee,
            swapped_with: Some(LastSwap {
                with: 1,
                when: 1.0,
                left_me_at: m,
                left_them_at: a,
            }),
            ..Brain::default()
        };
        let later = asker(sketch, 1.0 + 10.0 * SWAP_MEMORY);
        assert!(lately_swapped(mate(sketch, &fleeing), later));
        assert!(!gives_way(mate(sketch, &fleeing), later));
        assert_eq!(
            body_of(mate(sketch, &fleeing), later),
            Body::Packmate {
                yields: false,
                keeps_place: true,
                hunts: false
            }
        );
        // Once either has moved on, an old trade is history.
        let moved_on = Brain {
            swapped_with: Some(LastSwap {
                left_me_at: Pos::new(1, 1),
                ..fleeing.swapped_with.expect("set above")
            }),
            ..fleeing.clone()
        };
        assert!(!lately_swapped(mate(sketch, &moved_on), later));
        assert!(gives_way(mate(sketch, &moved_on), later));
    }
}
