//! The lab's state on screen and what every action does to it: the
//! drawing, the one or two searches and their recordings, the playback
//! cursor (how many expansions are shown), the brush, the keyboard cursor,
//! the camera, prompts and messages. Drawing never changes it; `input`
//! turns keys and mouse into [`Action`]s and [`LabApp::act`] carries them out.

use gridpath::Pos;

use super::drawing::{Brush, Drawing};
use super::recording::Recording;
use super::runner::record;
use super::setup::SearchSetup;
use crate::ui::theme::Palette;
use fogcrawl_core::Terrain;

mod prompt;
mod strokes;

pub use prompt::{Asking, Prompt};
pub use strokes::{Drag, line};

/// Expansions per animation tick, slowest first.
pub(crate) const SPEEDS: [usize; 7] = [1, 2, 5, 10, 50, 200, 2000];
/// Above this many cells, a drag re-searches when the stroke ends, not at
/// every cell (a large map's search would make drawing lag).
const LIVE_SEARCH_CELLS: usize = 40_000;

/// A search option a key changes (on the selected search).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Setting {
    Algorithm,
    Heuristic,
    WeightUp,
    WeightDown,
    TieBreak,
    Diagonals,
    Unknown,
    Influence,
    Budget,
}

/// Everything the lab can be asked to do.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Action {
    Quit,
    Help,
    /// Esc: closes help or a prompt, else quits.
    Back,
    PlayPause,
    StepForward,
    StepBack,
    /// To the next pause: the end of the budget's slice, or the end.
    NextPause,
    ToStart,
    ToEnd,
    Faster,
    Slower,
    Change(Setting),
    Compare,
    SelectOther,
    Brush(Brush),
    NextBrush,
    Numbers,
    MoveCursor(i32, i32),
    PaintAtCursor,
    EraseAtCursor,
    StartAtCursor,
    GoalAtCursor,
    FillAtCursor,
    ClearAll,
    Undo,
    Ask(Asking),
    Type(char),
    Backspace,
    /// Empties the prompt's line.
    ClearLine,
    Submit,
    /// The pointer rests on a cell (or off the map).
    Hover(Option<Pos>),
    /// A button went down on a cell: left paints (or grabs an end), right erases.
    Press(Pos, bool),
    /// The pointer dragged onto a cell.
    DragTo(Pos),
    Release,
    /// Scroll the map by cells.
    Pan(i32, i32),
    Tick,
}

/// The lab.
pub struct LabApp {
    pub drawing: Drawing,
    pub setups: Vec<SearchSetup>,
    pub recordings: Vec<Recording>,
    /// Which search the option keys change.
    pub selected: usize,
    /// Expansions shown (each search shows at most its own).
    pub shown: usize,
    pub playing: bool,
    pub speed: usize,
    pub brush: Brush,
    pub cursor: Pos,
    pub hover: Option<Pos>,
    /// The top-left cell shown.
    pub camera: Pos,
    /// Large cells with F, G, H written in them.
    pub numbers: bool,
    /// Costs on screen are multiplied by this.
    pub unit: f64,
    pub drag: Option<(Drag, Pos)>,
    pub prompt: Option<Prompt>,
    pub help: bool,
    pub message: String,
    pub quit: bool,
    pub palette: Palette,
    /// The screen size last drawn at (the mouse reads the layout from it).
    pub screen: (u16, u16),
    /// The drawing changed since the searches ran.
    stale: bool,
}

impl LabApp {
    /// A lab on `drawing` with these searches (one or two).
    pub(crate) fn new(drawing: Drawing, setups: Vec<SearchSetup>, palette: Palette) -> Self {
        let cursor = drawing.start();
        let mut app = Self {
            drawing,
            setups: if setups.is_empty() {
                vec![SearchSetup::default()]
            } else {
                setups.into_iter().take(2).collect()
            },
            recordings: Vec::new(),
            selected: 0,
            shown: usize::MAX,
            playing: false,
            speed: 2,
            brush: Brush::Terrain(Terrain::Wall),
            cursor,
            hover: None,
            camera: Pos::new(0, 0),
            numbers: false,
            unit: 1.0,
            drag: None,
            prompt: None,
            help: false,
            message: "Mouse draws (right erases), drag S or G; Space runs; . and , step; ? help"
                .to_owned(),
            quit: false,
            palette,
            screen: (80, 24),
            stale: true,
        };
        app.research();
        app
    }

    /// The most expansions any search made.
    pub fn most_expansions(&self) -> usize {
        self.recordings
            .iter()
            .map(Recording::expansions)
            .max()
            .unwrap_or(0)
    }

    /// What `shown` means for search `index`: never past its own end.
    pub(crate) fn shown_for(&self, index: usize) -> usize {
        self.recordings
            .get(index)
            .map_or(0, |recording| self.shown.min(recording.expansions()))
    }

    /// Whether every search is shown whole.
    pub(crate) fn at_end(&self) -> bool {
        self.shown >= self.most_expansions()
    }

    /// Runs the searches again if the drawing changed, keeping the place:
    /// at the end stays at the end, otherwise the same expansion count.
    pub(crate) fn research(&mut self) {
        let was_at_end = self.recordings.is_empty() || self.at_end();
        self.recordings = self
            .setups
            .iter()
            .map(|&setup| record(&self.drawing, setup))
            .collect();
        self.stale = false;
        if was_at_end {
            self.shown = self.most_expansions();
        } else {
            self.shown = self.shown.min(self.most_expansions());
        }
    }

    /// The drawing changed: search again now, or when the stroke ends on a
    /// large map.
    fn changed(&mut self) {
        self.stale = true;
        let large = self.drawing.width() * self.drawing.height() > LIVE_SEARCH_CELLS;
        if !(large && self.drag.is_some()) {
            self.research();
        }
    }

    /// The cell the inspector reads: under the pointer, else the cursor.
    pub(crate) fn inspected(&self) -> Pos {
        self.hover.unwrap_or(self.cursor)
    }

    /// Carries out `action`.
    pub fn act(&mut self, action: Action) {
        if self.prompt.is_some() {
            self.act_in_prompt(action);
            return;
        }
        if self.help {
            // Any key closes help; the mouse and the clock go on.
            match action {
                Action::Hover(_) | Action::Tick | Action::Release => {}
                _ => {
                    self.help = false;
                    return;
                }
            }
        }
        if self.playback(action.clone()) || self.edit(action.clone()) {
            return;
        }
        match action {
            Action::Quit | Action::Back => self.quit = true,
            Action::Help => self.help = true,
            Action::Change(setting) => self.change(setting),
            Action::Compare => self.toggle_compare(),
            Action::SelectOther => {
                self.selected = (self.selected + 1) % self.setups.len();
            }
            Action::Numbers => {
                self.numbers = !self.numbers;
            }
            Action::Ask(asking) => {
                self.playing = false;
                self.prompt = Some(Prompt {
                    asking,
                    text: asking.default_answer().to_owned(),
                });
            }
            Action::Hover(pos) => self.hover = pos,
            Action::Pan(dx, dy) => {
                self.camera = Pos::new((self.camera.x + dx).max(0), (self.camera.y + dy).max(0));
            }
            _ => {}
        }
    }

    /// The search's playback: play, pause, step, jump, speed, the clock.
    /// Returns whether `action` was one of these.
    fn playback(&mut self, action: Action) -> bool {
        match action {
            Action::PlayPause => self.play_pause(),
            Action::StepForward => {
                self.playing = false;
                self.shown = self
                    .shown
                    .min(self.most_expansions())
                    .saturating_add(1)
                    .min(self.most_expansions());
            }
            Action::StepBack => {
                self.playing = false;
                self.shown = self.shown.min(self.most_expansions()).saturating_sub(1);
            }
            Action::NextPause => {
                self.playing = false;
                self.shown = self.next_pause();
            }
            Action::ToStart => {
                self.playing = false;
                self.shown = 0;
            }
            Action::ToEnd => {
                self.playing = false;
                self.shown = self.most_expansions();
            }
            Action::Faster => self.speed = (self.speed + 1).min(SPEEDS.len() - 1),
            Action::Slower => self.speed = self.speed.saturating_sub(1),
            Action::Tick => self.tick(),
            _ => return false,
        }
        true
    }

    /// Drawing on the map: brushes, the cursor's strokes, the mouse's,
    /// clearing and undoing. Returns whether `action` was one of these.
    fn edit(&mut self, action: Action) -> bool {
        match action {
            Action::Brush(brush) => {
                self.brush = brush;
                self.message = format!("brush: {}", brush.name());
            }
            Action::NextBrush => {
                let at = Brush::ALL
                    .iter()
                    .position(|&b| b == self.brush)
                    .unwrap_or(0);
                self.act(Action::Brush(Brush::ALL[(at + 1) % Brush::ALL.len()]));
            }
            Action::MoveCursor(dx, dy) => {
                let x = (self.cursor.x + dx).clamp(0, last(self.drawing.width()));
                let y = (self.cursor.y + dy).clamp(0, last(self.drawing.height()));
                self.cursor = Pos::new(x, y);
                self.hover = None;
            }
            Action::PaintAtCursor => self.stroke(self.cursor, Drag::Paint),
            Action::EraseAtCursor => self.stroke(self.cursor, Drag::Erase),
            Action::StartAtCursor => self.stroke(self.cursor, Drag::MoveStart),
            Action::GoalAtCursor => self.stroke(self.cursor, Drag::MoveGoal),
            Action::FillAtCursor => self.fill(),
            Action::ClearAll => {
                self.drawing.begin_stroke();
                self.drawing.clear();
                self.message = "cleared (u undoes)".to_owned();
                self.changed();
            }
            Action::Undo => {
                if self.drawing.undo() {
                    self.message = "undone".to_owned();
                    self.changed();
                } else {
                    self.message = "nothing to undo".to_owned();
                }
            }
            Action::Press(pos, left) => self.press(pos, left),
            Action::DragTo(pos) => self.drag_to(pos),
            Action::Release => {
                self.drag = None;
                if self.stale {
                    self.research();
                }
            }
            _ => return false,
        }
        true
    }

    /// Space: run from the start (or go on), or pause.
    fn play_pause(&mut self) {
        if self.playing {
            self.playing = false;
            return;
        }
        if self.at_end() {
            self.shown = 0;
        }
        self.playing = true;
    }

    /// The next place playback stops by itself: the end of a budget slice
    /// of any search, or the end.
    fn next_pause(&self) -> usize {
        let shown = self.shown.min(self.most_expansions());
        self.recordings
            .iter()
            .map(|recording| recording.next_pause(shown))
            .filter(|&pause| pause > shown)
            .min()
            .unwrap_or(self.most_expansions())
    }

    /// One animation tick: a few expansions, stopping where a budget ran out.
    fn tick(&mut self) {
        if !self.playing {
            return;
        }
        let pause = self.next_pause();
        let next = self.shown.saturating_add(SPEEDS[self.speed]);
        if next >= pause {
            self.shown = pause;
            self.playing = false;
            // The search whose budget ran out says which slice ended.
            let paused = self
                .recordings
                .iter()
                .find(|recording| recording.slice_ends.contains(&pause));
            if let Some(recording) = paused {
                let (slice, slices) = recording.slice_of(pause);
                self.message = format!(
                    "budget spent: paused after {pause} expansions (slice {slice} of {slices}), as the game's planner pauses a search at the end of a turn; Space goes on"
                );
            }
        } else {
            self.shown = next;
        }
    }

    fn change(&mut self, setting: Setting) {
        let Some(setup) = self.setups.get_mut(self.selected) else {
            return;
        };
        match setting {
            Setting::Algorithm => setup.algorithm = setup.algorithm.next(),
            Setting::Heuristic => setup.cycle_heuristic(),
            Setting::WeightUp => setup.change_weight(true),
            Setting::WeightDown => setup.change_weight(false),
            Setting::TieBreak => setup.cycle_tie_break(),
            Setting::Diagonals => setup.cycle_diagonals(),
            Setting::Unknown => setup.cycle_unknown(),
            Setting::Influence => setup.influence = !setup.influence,
            Setting::Budget => setup.cycle_budget(),
        }
        self.message = format!(
            "search {}: {}; {}; budget {}",
            self.selected + 1,
            setup.describe(),
            setup.unknown_name(),
            setup.budget_name()
        );
        self.shown = usize::MAX;
        self.recordings.clear();
        self.research();
    }

    /// `c`: a second search beside the first (jump points if the first is
    /// A*, else A*), or back to one.
    fn toggle_compare(&mut self) {
        if self.setups.len() == 2 {
            self.setups.truncate(1);
            self.selected = 0;
            self.message = "one search".to_owned();
        } else {
            let first = self.setups[0];
            let algorithm = if first.algorithm == super::algorithm::Algorithm::AStar {
                super::algorithm::Algorithm::JumpPoint
            } else {
                super::algorithm::Algorithm::AStar
            };
            self.setups.push(SearchSetup { algorithm, ..first });
            self.selected = 1;
            self.message =
                "two searches side by side; Tab picks which one the option keys change".to_owned();
        }
        let at_end = self.at_end();
        self.recordings.clear();
        self.research();
        if !at_end {
            self.shown = 0;
        }
    }
}

/// The index of the last of `count` cells, as a coordinate.
fn last(count: usize) -> i32 {
    i32::try_from(count.saturating_sub(1)).unwrap_or(i32::MAX)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ui::theme::ColorSupport;

    fn app() -> LabApp {
        LabApp::new(
            Drawing::empty(20, 9),
            vec![SearchSetup::default()],
            Palette::new(ColorSupport::None),
        )
    }

    #[test]
    fn a_dragged_wall_changes_the_path_and_undo_brings_it_back() {
        let mut lab = app();
        let before = lab.recordings[0].path().unwrap().cost;
        let x = 10;
        lab.act(Action::Press(Pos::new(x, 0), true));
        lab.act(Action::DragTo(Pos::new(x, 7)));
        lab.act(Action::Release);
        assert_eq!(
            lab.drawing.terrain(Pos::new(x, 3)),
            Some(Terrain::Wall),
            "no gaps"
        );
        let after = lab.recordings[0].path().unwrap().cost;
        assert!(after > before, "{after} vs {before}");
        lab.act(Action::Undo);
        assert_eq!(lab.recordings[0].path().unwrap().cost, before);
    }

    #[test]
    fn stepping_back_and_forth_and_a_budget_pauses_the_run() {
        let mut lab = app();
        assert!(lab.at_end());
        lab.act(Action::StepBack);
        let total = lab.most_expansions();
        assert_eq!(lab.shown, total - 1);
        lab.act(Action::ToStart);
        lab.act(Action::StepForward);
        assert_eq!(lab.shown, 1);
        lab.act(Action::Change(Setting::Budget)); // 5 a slice
        lab.act(Action::ToStart);
        lab.act(Action::PlayPause);
        for _ in 0..10 {
            lab.act(Action::Tick);
        }
        assert_eq!(lab.shown, 5, "paused at the end of the first slice");
        assert!(!lab.playing);
        assert!(lab.message.contains("slice 1 of"), "{}", lab.message);
    }

    #[test]
    fn dragging_the_goal_moves_it_and_compare_adds_jump_points() {
        let mut lab = app();
        let goal = lab.drawing.goal();
        lab.act(Action::Press(goal, true));
        lab.act(Action::DragTo(Pos::new(goal.x, goal.y - 2)));
        lab.act(Action::Release);
        assert_eq!(lab.drawing.goal(), Pos::new(goal.x, goal.y - 2));
        lab.act(Action::Compare);
        assert_eq!(lab.recordings.len(), 2);
        assert_eq!(
            lab.recordings[1].setup.algorithm,
            super::super::algorithm::Algorithm::JumpPoint
        );
        let cost = |i: usize| lab.recordings[i].path().unwrap().cost;
        assert!((cost(0) - cost(1)).abs() < 1e-9);
    }

    #[test]
    fn a_bad_file_is_a_message_and_the_lab_goes_on() {
        let mut lab = app();
        lab.act(Action::Ask(Asking::Open));
        for c in "/no/such/level.toml".chars() {
            lab.act(Action::Type(c));
        }
        // The default answer was empty for Open.
        lab.act(Action::Submit);
        assert!(lab.message.starts_with("cannot open:"), "{}", lab.message);
        assert!(
            lab.message.contains("/no/such/level.toml"),
            "{}",
            lab.message
        );
        assert!(!lab.quit);
        assert_eq!(lab.drawing.width(), 20);
    }
}
