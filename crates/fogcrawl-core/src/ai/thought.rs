//! Why a monster does what it does, in one line: the debug overlay shows it
//! beside the monster's plan.

use crate::ai::alert::{Alert, Source};
use gridpath::Pos;

/// The reason behind a monster's last action.
#[derive(Debug, Clone, Copy, PartialEq, Default, serde::Serialize, serde::Deserialize)]
pub enum Thought {
    /// Nothing to do and nowhere to stroll.
    #[default]
    Idle,
    /// Rests where its stroll ended before strolling on.
    Loiters,
    /// Strikes at the player beside it.
    Attacking(Pos),
    /// Steps downhill on its faction's shared field toward the target.
    FollowingField { target: Pos },
    /// Walks its own planned path.
    FollowingPlan { goal: Pos },
    /// Its search is under way; it steps toward the goal meanwhile.
    StepsWhilePlanning { goal: Pos },
    /// Its search is under way and no step brings it closer.
    WaitsForPlan { goal: Pos },
    /// A packmate stands on the next cell and nothing else helps.
    BlockedByPackmate(Pos),
    /// Trades places with a packmate that was in the way.
    SwapsWith(Pos),
    /// A stroller met a monster on its way: it strolls elsewhere instead
    /// of pushing past.
    TurnsBack(Pos),
    /// Goes round a packmate that was in the way.
    Sidesteps(Pos),
    /// No way to the goal on what its faction knows.
    NoPath { goal: Pos },
    /// Its search for the goal took too long: it turns to something else.
    GaveUp { goal: Pos },
    /// Runs from the player; its last step (down the faction's safety map,
    /// or straight away off it) was onto `to` (`None`: no step gains
    /// distance from here). The overlay shows it after the step, so it
    /// names where the member went, not a target ahead.
    Flees { from: Pos, to: Option<Pos> },
    /// Runs from the player and trades places with a packmate in its way.
    FleesPast { from: Pos, mate: Pos },
    /// Could gain no distance from the player: turns and fights.
    Cornered { by: Pos },
    /// Reached the player's last known position and found nobody: looks
    /// about near it.
    SearchesAbout { spot: Pos },
    /// Batters a closed door.
    Bashes(Pos),
    /// Goes to the free cell it holds next to the player (packmates take
    /// the others, and go round to the far side when the near side is
    /// full).
    TakesSpotBeside { spot: Pos },
    /// Its way to the cell it held next to the player stalled: it lets the
    /// cell go and approaches plainly a while.
    GivesUpSpot { spot: Pos },
    /// Every cell next to the player is held: it waits for room at a cell
    /// it holds out of the way.
    WaitsForRoom { spot: Pos },
    /// Steps to another cell next to the player so that a packmate queued
    /// behind it can reach the player too.
    StepsAside { to: Pos },
    /// Heard a noise and goes to a spot it holds about it (packmates take
    /// others).
    Investigates { noise: Pos, spot: Pos },
    /// Reached the noise and found nobody: looks about it from a cell it
    /// holds near it, one it has not seen yet first.
    LooksAbout { noise: Pos, spot: Pos },
    /// A shooter: steps back to keep its distance from the player.
    KeepsDistance { to: Pos },
    /// A shooter: shoots at the player along a clear line.
    Shoots(Pos),
    /// A shooter: moves to a cell with a clear line (a monster stands on
    /// its line, or its shots from one cell kept missing).
    SeeksClearShot { to: Pos },
    /// A shooter: no clear line to the player and no cell a few steps
    /// away gives one.
    WaitsForClearShot,
    /// A shooter that stepped back from the player a moment ago, out of
    /// its sight now: it holds rather than step back onto `left`, the
    /// cell it left (into the player's reach again).
    HoldsAfterBackingOff { left: Pos },
    /// A shooter that backed off round a corner from the player, who
    /// still waits there (at `player`) once its hold is over: it gives the
    /// search up rather than walk back into reach.
    LeavesStandoff { player: Pos },
    /// Sleeps: neither looks nor moves until a noise or a blow wakes it.
    Asleep,
    /// An investigator with a monster in its way that stays there (a
    /// packmate nearer the noise, or one of another faction fighting in a
    /// doorway): it leaves the noise to that one and goes back to its
    /// life instead of queueing.
    LeavesNoiseToPackmate(Pos),
    /// Hurt, it hid where it could run no further and nothing is in
    /// sight: it lies low a while instead of strolling back into view.
    LiesLow,
    /// Walks the refined first stretch of a far goal's coarse plan: the
    /// rest crosses `clusters` clusters of its faction's coarse graph, to be
    /// refined as it gets there.
    FollowingCoarsePlan { goal: Pos, clusters: u16 },
    /// A cell next to the player came free a step away, but a packmate
    /// has waited longer for one and stands a step from it: it leaves the
    /// cell to that packmate (first come, first served). After the older
    /// ones, so a saved thought of an older game keeps its number.
    LeavesCellToPackmate { cell: Pos },
    /// Knows no way to a cell next to the player, and its faction never
    /// saw cells about the player (it plans them as walls): it goes to a
    /// cell it holds from which it sees them. Last of the variants: a
    /// save holds a thought by its place in this list (format 10's saves
    /// read the same).
    LooksForWayIn { spot: Pos },
}

impl Thought {
    /// Its name in the action log (`sim --actions`, the `why` of a
    /// wait): the variant's name in snake case.
    pub(crate) fn label(&self) -> &'static str {
        match self {
            Thought::Idle => "idle",
            Thought::Loiters => "loiters",
            Thought::Attacking(..) => "attacking",
            Thought::FollowingField { .. } => "following_field",
            Thought::FollowingPlan { .. } => "following_plan",
            Thought::StepsWhilePlanning { .. } => "steps_while_planning",
            Thought::WaitsForPlan { .. } => "waits_for_plan",
            Thought::BlockedByPackmate(..) => "blocked_by_packmate",
            Thought::SwapsWith(..) => "swaps_with",
            Thought::TurnsBack(..) => "turns_back",
            Thought::Sidesteps(..) => "sidesteps",
            Thought::NoPath { .. } => "no_path",
            Thought::GaveUp { .. } => "gave_up",
            Thought::Flees { .. } => "flees",
            Thought::FleesPast { .. } => "flees_past",
            Thought::Cornered { .. } => "cornered",
            Thought::SearchesAbout { .. } => "searches_about",
            Thought::Bashes(..) => "bashes",
            Thought::TakesSpotBeside { .. } => "takes_spot_beside",
            Thought::GivesUpSpot { .. } => "gives_up_spot",
            Thought::WaitsForRoom { .. } => "waits_for_room",
            Thought::LooksForWayIn { .. } => "looks_for_way_in",
            Thought::LeavesCellToPackmate { .. } => "leaves_cell_to_packmate",
            Thought::StepsAside { .. } => "steps_aside",
            Thought::Investigates { .. } => "investigates",
            Thought::LooksAbout { .. } => "looks_about",
            Thought::KeepsDistance { .. } => "keeps_distance",
            Thought::Shoots(..) => "shoots",
            Thought::SeeksClearShot { .. } => "seeks_clear_shot",
            Thought::WaitsForClearShot => "waits_for_clear_shot",
            Thought::HoldsAfterBackingOff { .. } => "holds_after_backing_off",
            Thought::LeavesStandoff { .. } => "leaves_standoff",
            Thought::Asleep => "asleep",
            Thought::LeavesNoiseToPackmate(..) => "leaves_noise_to_packmate",
            Thought::LiesLow => "lies_low",
            Thought::FollowingCoarsePlan { .. } => "following_coarse_plan",
        }
    }

    /// The line the overlay shows, naming the faction where it matters.
    pub(crate) fn describe(&self, faction: &str) -> String {
        match *self {
            Thought::Idle => "idle: nothing to do and nowhere to stroll".to_owned(),
            Thought::Loiters => "loitering where its stroll ended".to_owned(),
            Thought::Attacking(at) => format!("attacking at {}", at_text(at)),
            Thought::FollowingField { target } => format!(
                "following the {faction}' shared field to the player's last known position {}",
                at_text(target)
            ),
            Thought::FollowingPlan { goal } => format!("following its plan to {}", at_text(goal)),
            Thought::FollowingCoarsePlan { goal, clusters } => format!(
                "following its plan to {} (coarse: {clusters} clusters, then fine)",
                at_text(goal)
            ),
            Thought::StepsWhilePlanning { goal } => format!(
                "planning a route to {}; stepping closer meanwhile",
                at_text(goal)
            ),
            Thought::WaitsForPlan { goal } => {
                format!("waiting: its search for {} is under way", at_text(goal))
            }
            Thought::BlockedByPackmate(at) => format!("waiting: packmate blocks {}", at_text(at)),
            Thought::SwapsWith(at) => format!("swapping places with a packmate at {}", at_text(at)),
            Thought::TurnsBack(at) => format!(
                "strolling elsewhere: a monster at {} is in the way",
                at_text(at)
            ),
            Thought::Sidesteps(at) => format!("sidestepping a packmate to {}", at_text(at)),
            Thought::NoPath { goal } => format!(
                "no path: {} not connected in what the {faction} know",
                at_text(goal)
            ),
            Thought::GaveUp { goal } => format!(
                "gave up planning for {}: too far to plan for now",
                at_text(goal)
            ),
            Thought::Flees { from, to: Some(to) } => format!(
                "fleeing from the player at {}: its last step away was to {}",
                at_text(from),
                at_text(to)
            ),
            Thought::Flees { from, to: None } => format!(
                "fleeing from the player at {}: no step gains distance",
                at_text(from)
            ),
            Thought::FleesPast { from, mate } => format!(
                "fleeing from the player at {}: swapping past a packmate at {}",
                at_text(from),
                at_text(mate)
            ),
            Thought::Cornered { by } => format!(
                "cornered by the player at {}: turns and fights",
                at_text(by)
            ),
            Thought::SearchesAbout { spot } => format!(
                "searching about the player's last known position: looking at {}",
                at_text(spot)
            ),
            Thought::Bashes(at) => format!("battering the door at {}", at_text(at)),
            Thought::TakesSpotBeside { spot } => {
                format!("surrounding the player: holds {} next to it", at_text(spot))
            }
            Thought::GivesUpSpot { spot } => format!(
                "its way to {} next to the player stalled: lets it go, approaches plainly",
                at_text(spot)
            ),
            Thought::WaitsForRoom { spot } => format!(
                "waiting for room next to the player at {}, out of the way",
                at_text(spot)
            ),
            Thought::LooksForWayIn { spot } => format!(
                "knows no way to the player: goes to {} to see the ground about it",
                at_text(spot)
            ),
            Thought::LeavesCellToPackmate { cell } => format!(
                "leaving {} next to the player to a packmate that waited longer",
                at_text(cell)
            ),
            Thought::StepsAside { to } => format!(
                "stepping aside to {} so a packmate can reach the player",
                at_text(to)
            ),
            Thought::Investigates { noise, spot } => format!(
                "investigating a noise at {}: holds {} about it",
                at_text(noise),
                at_text(spot)
            ),
            Thought::LooksAbout { noise, spot } => format!(
                "looking about the noise at {}: nobody there; looks from {} next",
                at_text(noise),
                at_text(spot)
            ),
            Thought::KeepsDistance { to } => {
                format!("keeping its distance: steps back to {}", at_text(to))
            }
            Thought::Shoots(at) => format!("shooting at {}", at_text(at)),
            Thought::SeeksClearShot { to } => {
                format!("moving to {} for a clear shot", at_text(to))
            }
            Thought::WaitsForClearShot => {
                "waiting: no clear line to the player from here or a few steps away".to_owned()
            }
            Thought::HoldsAfterBackingOff { left } => format!(
                "holding: it backed off from {}, and will not walk straight back into reach",
                at_text(left)
            ),
            Thought::LeavesStandoff { player } => format!(
                "gave up the search: the player waits round the corner at {}, within reach",
                at_text(player)
            ),
            Thought::Asleep => {
                "asleep: unaware of you; a noise that reaches it, or a blow, wakes it".to_owned()
            }
            Thought::LeavesNoiseToPackmate(at) => format!(
                "leaving the noise to the monster at {}, which stays in the way",
                at_text(at)
            ),
            Thought::LiesLow => "lying low: hurt, hidden, nothing in sight".to_owned(),
        }
    }
}

/// The overlay's "why" line for a member in `mode` thinking `thought`: a
/// wanderer has not noticed the player, and says so first.
pub fn why_line(thought: &Thought, mode: crate::ai::Mode, faction: &str) -> String {
    let why = thought.describe(faction);
    if mode == crate::ai::Mode::Wander && *thought != Thought::Asleep {
        format!("unaware of you: {why}")
    } else {
        why
    }
}

/// What a member knows of the player and how it came to know it, in one
/// line (the overlay shows it under the "why"). News from a packmate's
/// call names the caller by `caller` ("the giant rat at 54,13"): play19
/// read "heard #13" as the player's own noise heard, where actor 13 had
/// seen the player and called it.
pub fn describe_alert(alert: Option<Alert>, now: f64, caller: impl Fn(usize) -> String) -> String {
    match alert {
        None => "nothing of the player".to_owned(),
        Some(Alert { pos, time, source }) => {
            let ago = (now - time).max(0.0);
            match source {
                Source::Saw => format!("player at {}: saw it {ago:.0} ago", at_text(pos)),
                Source::Heard(from) => format!(
                    "player at {}: a call from {}, which saw the player there {ago:.0} ago",
                    at_text(pos),
                    caller(from)
                ),
            }
        }
    }
}

fn at_text(pos: Pos) -> String {
    format!("{},{}", pos.x, pos.y)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_sleeper_and_a_wanderer_say_they_have_not_noticed_the_player() {
        use crate::ai::Mode;
        assert!(why_line(&Thought::Asleep, Mode::Wander, "goblins").starts_with("asleep:"));
        assert_eq!(
            why_line(&Thought::Loiters, Mode::Wander, "goblins"),
            "unaware of you: loitering where its stroll ended"
        );
        assert_eq!(
            why_line(&Thought::Shoots(Pos::new(1, 2)), Mode::Hunt, "goblins"),
            "shooting at 1,2"
        );
    }

    #[test]
    fn news_from_a_packmate_names_the_caller_not_an_actor_number() {
        let alert = Alert {
            pos: Pos::new(53, 12),
            time: 9.0,
            source: Source::Heard(13),
        };
        let line = describe_alert(Some(alert), 10.0, |actor| format!("the rat #{actor}"));
        assert_eq!(
            line,
            "player at 53,12: a call from the rat #13, which saw the player there 1 ago"
        );
    }

    #[test]
    fn lines_name_the_cell_and_the_faction() {
        assert_eq!(
            Thought::BlockedByPackmate(Pos::new(42, 8)).describe("goblins"),
            "waiting: packmate blocks 42,8"
        );
        assert_eq!(
            Thought::NoPath {
                goal: Pos::new(3, 4)
            }
            .describe("goblins"),
            "no path: 3,4 not connected in what the goblins know"
        );
        assert!(
            Thought::FollowingField {
                target: Pos::new(1, 2)
            }
            .describe("wolves")
            .starts_with("following the wolves' shared field")
        );
    }
}
