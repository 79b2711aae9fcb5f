//! Editing the drawing with the mouse and the keys: a stroke is one press
//! (a click, a drag, a key) and one step of undo; a drag paints every cell
//! on the line between two pointer reports, so a quick drag leaves no gaps;
//! a press on the start or the goal drags it instead.

use gridpath::Pos;

use super::super::drawing::Brush;
use super::LabApp;

/// What a mouse drag is doing.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Drag {
    Paint,
    Erase,
    MoveStart,
    MoveGoal,
}

impl LabApp {
    /// A one-cell stroke from the keyboard.
    pub(super) fn stroke(&mut self, pos: Pos, drag: Drag) {
        self.drawing.begin_stroke();
        if self.apply(pos, drag) {
            self.changed();
        }
    }

    /// Applies one cell of a drag; whether the drawing changed.
    fn apply(&mut self, pos: Pos, drag: Drag) -> bool {
        match drag {
            Drag::Paint => self.drawing.paint(pos, self.brush),
            Drag::Erase => self.drawing.erase(pos, self.brush),
            Drag::MoveStart => self.drawing.move_start(pos),
            Drag::MoveGoal => self.drawing.move_goal(pos),
        }
    }

    pub(super) fn fill(&mut self) {
        let Brush::Terrain(terrain) = self.brush else {
            self.message = "fill paints a terrain: pick one with 1-8 first".to_owned();
            return;
        };
        self.drawing.begin_stroke();
        let filled = self.drawing.fill(self.cursor, terrain);
        self.message = format!("filled {filled} cells with {}", self.brush.name());
        if filled > 0 {
            self.changed();
        }
    }

    pub(super) fn press(&mut self, pos: Pos, left: bool) {
        self.cursor = pos;
        let drag = if !left {
            Drag::Erase
        } else if pos == self.drawing.start() {
            Drag::MoveStart
        } else if pos == self.drawing.goal() {
            Drag::MoveGoal
        } else {
            Drag::Paint
        };
        self.drawing.begin_stroke();
        self.drag = Some((drag, pos));
        if self.apply(pos, drag) {
            self.changed();
        }
    }

    /// Paints every cell on the straight line from the last drag cell, so a
    /// quick drag leaves no gaps.
    pub(super) fn drag_to(&mut self, pos: Pos) {
        let Some((drag, from)) = self.drag else {
            self.hover = Some(pos);
            return;
        };
        self.hover = Some(pos);
        self.cursor = pos;
        let mut changed = false;
        match drag {
            Drag::MoveStart | Drag::MoveGoal => changed |= self.apply(pos, drag),
            Drag::Paint | Drag::Erase => {
                for cell in line(from, pos).into_iter().skip(1) {
                    changed |= self.apply(cell, drag);
                }
            }
        }
        self.drag = Some((drag, pos));
        if changed {
            self.changed();
        }
    }
}

/// The cells of a straight line from `a` to `b`, both included (Bresenham).
pub fn line(a: Pos, b: Pos) -> Vec<Pos> {
    let (dx, dy) = ((b.x - a.x).abs(), -(b.y - a.y).abs());
    let (sx, sy) = ((b.x - a.x).signum(), (b.y - a.y).signum());
    let mut error = dx + dy;
    let mut at = a;
    let mut cells = vec![a];
    while at != b {
        let doubled = 2 * error;
        if doubled >= dy {
            error += dy;
            at.x += sx;
        }
        if doubled <= dx {
            error += dx;
            at.y += sy;
        }
        cells.push(at);
    }
    cells
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_have_no_gaps() {
        let cells = line(Pos::new(0, 0), Pos::new(5, 2));
        assert_eq!(cells.first(), Some(&Pos::new(0, 0)));
        assert_eq!(cells.last(), Some(&Pos::new(5, 2)));
        for pair in cells.windows(2) {
            assert!((pair[0].x - pair[1].x).abs() <= 1 && (pair[0].y - pair[1].y).abs() <= 1);
        }
    }
}
