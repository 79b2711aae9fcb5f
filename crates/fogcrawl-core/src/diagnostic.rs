//! The one way fogcrawl says "this place in this file is wrong", shared by the
//! monster config and level files: the file, the 1-based line and column, the
//! field's dotted path, what is wrong, and what would be accepted.
//!
//! Every message reads `file:line:column: field: problem; accepted values: ...`
//! (the field and the accepted values left out when there are none), so a
//! user meets one dialect whichever file they got wrong. It must never lose
//! the file or the position.

use std::fmt;
use std::path::{Path, PathBuf};

/// A problem at a place in a text file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Diagnostic {
    /// The file.
    pub file: PathBuf,
    /// 1-based line.
    pub line: usize,
    /// 1-based column, in characters.
    pub column: usize,
    /// Dotted path of the field, e.g. `factions.goblins.weight`, `monsters[0].hp`
    /// or `generator.paint.swamp`; `None` for a problem with the text itself.
    pub field: Option<String>,
    /// What is wrong, e.g. `0.5 is out of range`, or a parser's own message.
    pub problem: String,
    /// What would be accepted, e.g. `1.0 to 10.0`.
    pub accepted: Option<String>,
}

impl Diagnostic {
    /// A problem with the text at `line`, `column` of `file` (no field, nothing
    /// accepted): a syntax error, in the parser's words.
    #[must_use]
    pub(crate) fn new(file: &Path, line: usize, column: usize, problem: impl Into<String>) -> Self {
        Self {
            file: file.to_owned(),
            line,
            column,
            field: None,
            problem: problem.into(),
            accepted: None,
        }
    }

    /// A field's value that is not allowed: where, which field, what is wrong
    /// with it, and what would be accepted.
    #[must_use]
    pub(crate) fn invalid(
        file: &Path,
        (line, column): (usize, usize),
        field: impl Into<String>,
        problem: impl Into<String>,
        accepted: impl Into<String>,
    ) -> Self {
        Self {
            field: Some(field.into()),
            accepted: Some(accepted.into()),
            ..Self::new(file, line, column, problem)
        }
    }
}

impl fmt::Display for Diagnostic {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}:{}: ", self.file.display(), self.line, self.column)?;
        if let Some(field) = &self.field {
            write!(f, "{field}: ")?;
        }
        f.write_str(&self.problem)?;
        if let Some(accepted) = &self.accepted {
            write!(f, "; accepted values: {accepted}")?;
        }
        Ok(())
    }
}

impl std::error::Error for Diagnostic {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_field_problem_names_file_position_field_and_accepted_values() {
        let diagnostic = Diagnostic::invalid(
            Path::new("levels/monsters.toml"),
            (12, 10),
            "factions.goblins.weight",
            "0.5 is out of range",
            "1.0 to 10.0",
        );
        assert_eq!(
            diagnostic.to_string(),
            "levels/monsters.toml:12:10: factions.goblins.weight: 0.5 is out of range; accepted values: 1.0 to 10.0"
        );
    }

    #[test]
    fn a_syntax_problem_is_the_position_and_the_message() {
        let diagnostic = Diagnostic::new(Path::new("a.toml"), 3, 1, "expected `=`");
        assert_eq!(diagnostic.to_string(), "a.toml:3:1: expected `=`");
    }
}
