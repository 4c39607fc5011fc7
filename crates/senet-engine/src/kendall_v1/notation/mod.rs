//! The game-record notation (`docs/notation.md`): a PGN-like text with a
//! header of tag pairs and the turns, each naming the side, the throw and
//! the move or forfeit.
//!
//! ```text
//! [RuleSet "kendall"]
//! [Cone "Nefertari"]
//! [Spool "Akhenaten"]
//! [Result "cone borne_off"]
//!
//! 1. c 4:9 2. c 2:10 3. s 3:-
//! ```
//!
//! [`GameText::parse`] checks the form and [`GameText::replay`] checks every
//! turn against the rules; both name the line (and turn) at fault.
//! [`write_text`] is the inverse of `parse`.

use core::fmt;
use core::str::FromStr;

mod replay;
#[cfg(test)]
mod tests;
mod write;

pub use write::{write_game_text, write_text};

use crate::kendall_v1::record::{Action, Record, Turn};
use crate::kendall_v1::side::Side;
use crate::kendall_v1::throw::MAX_THROW;
use crate::model::NotationError;
use crate::rules::{Kendall, RuleSetId};
use crate::square::Square;

/// A parsed game text: its header tags, in order, and its turns.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct GameText {
    /// Tag pairs in the order they were written, e.g. `("Cone", "Nefertari")`.
    pub tags: Vec<(String, String)>,
    /// The turns.
    pub record: Record,
    /// The side each turn names, parallel to the record's turns.
    pub sides: Vec<Side>,
    /// The 1-based line each turn starts on, parallel to the record's turns.
    pub lines: Vec<usize>,
    /// The 1-based line of each tag, parallel to `tags`.
    pub tag_lines: Vec<usize>,
    /// A last throw whose move was never played (`7. s 3:?`): the game
    /// ended by resignation, abandonment or time while it waited, or is
    /// still waiting.
    pub unplayed: Option<UnplayedThrow>,
}

/// A throw written with no move after it (`3:?`): always the last turn.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct UnplayedThrow {
    /// The throw's value, checked against the rule set on replay.
    pub throw: u8,
    /// The side it names.
    pub side: Side,
    /// The 1-based line it is on.
    pub line: usize,
}

/// How a game ended, as the `Result` tag writes it (`cone borne_off`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Outcome {
    /// The winner.
    pub winner: Side,
    /// `borne_off`, `resigned`, `abandoned` or `time`.
    pub how: &'static str,
}

/// The ways a game can end: every piece borne off, a resignation, an
/// absence claimed by the other player, a clock run out.
pub const RESULT_HOWS: [&str; 4] = ["borne_off", "resigned", "abandoned", "time"];

impl FromStr for Outcome {
    type Err = String;

    fn from_str(text: &str) -> Result<Self, Self::Err> {
        let (winner, how) = text
            .split_once(' ')
            .ok_or_else(|| format!("result `{text}` is not `<winner> <how>` or `*`"))?;
        let winner = match winner {
            "cone" => Side::Cone,
            "spool" => Side::Spool,
            _ => return Err(format!("result winner `{winner}` is not `cone` or `spool`")),
        };
        let how = RESULT_HOWS
            .into_iter()
            .find(|h| *h == how)
            .ok_or_else(|| format!("result `{how}` is not one of {}", RESULT_HOWS.join(", ")))?;
        Ok(Outcome { winner, how })
    }
}

impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {}", side_word(self.winner), self.how)
    }
}

fn side_word(side: Side) -> &'static str {
    match side {
        Side::Cone => "cone",
        Side::Spool => "spool",
    }
}

fn side_letter(side: Side) -> char {
    match side {
        Side::Cone => 'c',
        Side::Spool => 's',
    }
}

/// The action of a throw whose move was never played.
const UNPLAYED: char = '?';

/// The rules whose records this notation holds (Kendall's turns of a throw
/// and a move); any other rule set is an error on `line`.
fn stick_rules(id: RuleSetId, line: usize) -> Result<Kendall, NotationError> {
    // Turns of one throw and one move hold no opening and no in-turn
    // chance: the other rule sets are written as step records.
    if id == RuleSetId::Kendall {
        Ok(Kendall)
    } else {
        Err(NotationError {
            line,
            turn: None,
            reason: format!("records of `{id}` are not written in this notation yet"),
        })
    }
}

impl GameText {
    /// The value of a tag, if present.
    #[must_use]
    pub fn tag(&self, key: &str) -> Option<&str> {
        self.tags
            .iter()
            .find(|(k, _)| k == key)
            .map(|(_, v)| v.as_str())
    }

    /// Parses the form of a game text: tag lines, then turns. Blank lines
    /// are allowed anywhere; `{…}` comments (on one line) and `;` comments
    /// (to the end of the line) in the turns are ignored.
    pub fn parse(text: &str) -> Result<GameText, NotationError> {
        let mut out = GameText::default();
        let mut in_turns = false;
        for (index, raw) in text.lines().enumerate() {
            let line_no = index + 1;
            let line = raw.trim();
            if line.is_empty() {
                continue;
            }
            if line.starts_with('[') {
                if in_turns {
                    return Err(NotationError {
                        line: line_no,
                        turn: None,
                        reason: "a tag after the turns began".to_owned(),
                    });
                }
                let (key, value) = parse_tag(line).map_err(|reason| NotationError {
                    line: line_no,
                    turn: None,
                    reason,
                })?;
                if out.tags.iter().any(|(k, _)| *k == key) {
                    return Err(NotationError {
                        line: line_no,
                        turn: None,
                        reason: format!("tag `{key}` appears twice"),
                    });
                }
                out.tags.push((key, value));
                out.tag_lines.push(line_no);
                continue;
            }
            in_turns = true;
            out.parse_turn_line(line, line_no)?;
        }
        Ok(out)
    }

    fn parse_turn_line(&mut self, line: &str, line_no: usize) -> Result<(), NotationError> {
        let line = line.split_once(';').map_or(line, |(before, _)| before);
        // Drop `{…}` comments.
        let mut cleaned = String::with_capacity(line.len());
        let mut depth = false;
        for c in line.chars() {
            match (c, depth) {
                ('{', false) => depth = true,
                ('}', true) => {
                    depth = false;
                    cleaned.push(' ');
                }
                ('}', false) => {
                    return Err(NotationError {
                        line: line_no,
                        turn: None,
                        reason: "`}` without `{`".to_owned(),
                    });
                }
                (_, true) => {}
                (_, false) => cleaned.push(c),
            }
        }
        if depth {
            return Err(NotationError {
                line: line_no,
                turn: None,
                reason: "a `{` comment is not closed on its line".to_owned(),
            });
        }
        let mut words = cleaned.split_whitespace();
        while let Some(number) = words.next() {
            let expected = self.record.len() + 1;
            let fail = |reason: String| NotationError {
                line: line_no,
                turn: Some(expected),
                reason,
            };
            if self.unplayed.is_some() {
                return Err(fail(format!(
                    "a turn after the unplayed throw `{}:{UNPLAYED}`, which must be the last",
                    expected - 1
                )));
            }
            let n = number
                .strip_suffix('.')
                .and_then(|n| n.parse::<usize>().ok())
                .ok_or_else(|| {
                    fail(format!(
                        "expected the turn number `{expected}.`, found `{number}`"
                    ))
                })?;
            if n != expected {
                return Err(fail(format!(
                    "turn number `{number}` is out of order: expected `{expected}.`"
                )));
            }
            let side = match words.next() {
                Some("c") => Side::Cone,
                Some("s") => Side::Spool,
                Some(other) => {
                    return Err(fail(format!("side `{other}` is not `c` or `s`")));
                }
                None => return Err(fail("the side is missing".to_owned())),
            };
            let token = words
                .next()
                .ok_or_else(|| fail("the throw and move are missing".to_owned()))?;
            if let Some(throw) = token
                .strip_suffix(UNPLAYED)
                .and_then(|t| t.strip_suffix(':'))
            {
                let turn = parse_turn(&format!("{throw}:-")).map_err(fail)?;
                self.unplayed = Some(UnplayedThrow {
                    throw: turn.throw,
                    side,
                    line: line_no,
                });
                continue;
            }
            let turn = parse_turn(token).map_err(fail)?;
            self.record.push(turn);
            self.sides.push(side);
            self.lines.push(line_no);
        }
        Ok(())
    }

    /// The `Result` tag, if present and not `*`.
    pub fn outcome(&self) -> Result<Option<Outcome>, NotationError> {
        match self.tag("Result") {
            None | Some("*") => Ok(None),
            Some(text) => text.parse().map(Some).map_err(|reason| NotationError {
                line: self.tag_line("Result"),
                turn: None,
                reason,
            }),
        }
    }

    fn tag_line(&self, key: &str) -> usize {
        self.tags
            .iter()
            .position(|(k, _)| k == key)
            .and_then(|i| self.tag_lines.get(i).copied())
            .unwrap_or(1)
    }
}

/// Parses `[Key "value"]`.
fn parse_tag(line: &str) -> Result<(String, String), String> {
    let inner = line
        .strip_prefix('[')
        .and_then(|l| l.strip_suffix(']'))
        .ok_or_else(|| "a tag must look like `[Name \"value\"]`".to_owned())?;
    let (key, rest) = inner
        .split_once(' ')
        .ok_or_else(|| "a tag must look like `[Name \"value\"]`".to_owned())?;
    if key.is_empty()
        || !key.starts_with(|c: char| c.is_ascii_alphabetic())
        || !key.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
    {
        return Err(format!("tag name `{key}` must be letters, digits and `_`"));
    }
    let quoted = rest
        .trim()
        .strip_prefix('"')
        .and_then(|r| r.strip_suffix('"'))
        .ok_or_else(|| format!("the value of tag `{key}` must be in double quotes"))?;
    let mut value = String::with_capacity(quoted.len());
    let mut chars = quoted.chars();
    while let Some(c) = chars.next() {
        match c {
            '\\' => match chars.next() {
                Some(e @ ('\\' | '"')) => value.push(e),
                _ => return Err(format!("bad escape in the value of tag `{key}`")),
            },
            '"' => return Err(format!("unescaped `\"` in the value of tag `{key}`")),
            _ => value.push(c),
        }
    }
    Ok((key.to_owned(), value))
}

/// Parses `throw:from` or `throw:-`.
fn parse_turn(token: &str) -> Result<Turn, String> {
    let (throw, action) = token
        .split_once(':')
        .ok_or_else(|| format!("`{token}` is not `throw:from` or `throw:-`"))?;
    let throw = throw
        .parse::<u8>()
        .ok()
        .filter(|t| (1..=MAX_THROW).contains(t) && throw.bytes().all(|b| b.is_ascii_digit()))
        .ok_or_else(|| format!("in `{token}` the throw is not a number from 1 to {MAX_THROW}"))?;
    let action = if action == "-" {
        Action::Forfeit
    } else {
        let square = action
            .bytes()
            .all(|b| b.is_ascii_digit())
            .then(|| action.parse::<Square>().ok())
            .flatten()
            .ok_or_else(|| format!("in `{token}` the from-square is not a square from 1 to 30"))?;
        Action::Move(square)
    };
    Ok(Turn { throw, action })
}
