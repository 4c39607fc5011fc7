//! What both record texts share: the error that names the line at fault,
//! and the escaping of a tag's value (`[Cone "Nefertari"]`).

use core::fmt;

/// What is wrong with a game text, and where.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NotationError {
    /// The 1-based line.
    pub line: usize,
    /// The 1-based turn number, when the error is in a turn.
    pub turn: Option<usize>,
    /// What is wrong.
    pub reason: String,
}

impl fmt::Display for NotationError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.turn {
            Some(turn) => write!(f, "line {}, turn {turn}: {}", self.line, self.reason),
            None => write!(f, "line {}: {}", self.line, self.reason),
        }
    }
}

impl std::error::Error for NotationError {}

/// Escapes a tag value: `\` and `"` get a backslash, line breaks become spaces.
pub(crate) fn escape(value: &str) -> String {
    let mut out = String::with_capacity(value.len());
    for c in value.chars() {
        match c {
            '\\' | '"' => {
                out.push('\\');
                out.push(c);
            }
            '\n' | '\r' => out.push(' '),
            _ => out.push(c),
        }
    }
    out
}
