//! The line typed at the bottom of the lab's screen, and what it does once
//! Enter is pressed: save the drawing, open a level or map, export the
//! searches. A file that cannot be read or written becomes a message; the
//! lab goes on.

use std::path::PathBuf;

use super::super::export::export;
use super::super::files::{load, save};
use super::super::recording::Recording;
use super::{Action, LabApp};
use gridpath::Pos;

/// What a prompt is asking for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Asking {
    Save,
    Open,
    Picture,
    Animation,
}

impl Asking {
    pub(crate) fn question(self) -> &'static str {
        match self {
            Asking::Save => "Save as (.toml level or .map + .scen)",
            Asking::Open => "Open (level name, level file or .map)",
            Asking::Picture => "Export picture (.svg or .png)",
            Asking::Animation => "Export animation (.png)",
        }
    }

    pub(super) fn default_answer(self) -> &'static str {
        match self {
            Asking::Save => "lab.toml",
            Asking::Open => "",
            Asking::Picture => "lab.svg",
            Asking::Animation => "lab-search.png",
        }
    }
}

/// A line being typed at the bottom of the screen.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Prompt {
    pub asking: Asking,
    pub text: String,
}

impl LabApp {
    pub(super) fn act_in_prompt(&mut self, action: Action) {
        let Some(prompt) = self.prompt.as_mut() else {
            return;
        };
        match action {
            Action::Type(c) => prompt.text.push(c),
            Action::Backspace => {
                prompt.text.pop();
            }
            Action::ClearLine => prompt.text.clear(),
            Action::Back => self.prompt = None,
            Action::Submit => {
                if let Some(prompt) = self.prompt.take() {
                    self.answer(prompt);
                }
            }
            Action::Hover(pos) => self.hover = pos,
            Action::Tick => self.tick(),
            _ => {}
        }
    }

    /// Does what a prompt asked, with the path typed.
    fn answer(&mut self, prompt: Prompt) {
        let text = prompt.text.trim().to_owned();
        if text.is_empty() {
            self.message = "nothing typed: nothing done".to_owned();
            return;
        }
        let path = PathBuf::from(&text);
        self.message = match prompt.asking {
            Asking::Save => match save(&self.drawing, &path) {
                Ok(saved) => {
                    let files: Vec<String> = saved
                        .files
                        .iter()
                        .map(|f| f.display().to_string())
                        .collect();
                    let note = saved.note.map(|n| format!(" ({n})")).unwrap_or_default();
                    format!("saved {}{note}", files.join(" and "))
                }
                Err(err) => err.to_string(),
            },
            Asking::Open => match load(&text, None) {
                Ok(drawing) => {
                    self.drawing = drawing;
                    self.cursor = self.drawing.start();
                    self.camera = Pos::new(0, 0);
                    self.shown = usize::MAX;
                    self.recordings.clear();
                    self.research();
                    format!(
                        "opened {text}: {}x{}",
                        self.drawing.width(),
                        self.drawing.height()
                    )
                }
                Err(err) => format!("cannot open: {err}"),
            },
            Asking::Picture | Asking::Animation => {
                let recordings: Vec<&Recording> = self.recordings.iter().collect();
                match export(
                    &self.drawing,
                    &recordings,
                    &path,
                    prompt.asking == Asking::Animation,
                ) {
                    Ok(done) => match done.frames {
                        Some(frames) => format!(
                            "wrote {} ({} bytes, {frames} frames)",
                            done.path.display(),
                            done.bytes
                        ),
                        None => format!("wrote {} ({} bytes)", done.path.display(), done.bytes),
                    },
                    Err(err) => format!("export failed: {err}"),
                }
            }
        };
    }
}
