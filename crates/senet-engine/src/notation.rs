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

use crate::game::Game;
use crate::record::{Action, Record, Turn};
use crate::rules::{Kendall, RuleSetId, Rules};
use crate::side::Side;
use crate::square::Square;
use crate::throw::{MAX_THROW, Throw};

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

/// How a game ended, as the `Result` tag writes it (`cone borne_off`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Outcome {
    /// The winner.
    pub winner: Side,
    /// `borne_off`, `resigned` or `abandoned`.
    pub how: &'static str,
}

/// The ways a game can end.
pub const RESULT_HOWS: [&str; 3] = ["borne_off", "resigned", "abandoned"];

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
        let how = RESULT_HOWS.into_iter().find(|h| *h == how).ok_or_else(|| {
            format!("result `{how}` is not one of borne_off, resigned, abandoned")
        })?;
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

/// Writes a game text: the tags, a blank line, then the turns, several to a
/// line. The side of each turn is found by replaying the record under the
/// `RuleSet` tag's rules (Kendall when absent); a record the rules reject is
/// an error.
pub fn write_text(tags: &[(&str, &str)], record: &Record) -> Result<String, NotationError> {
    write_game_text(tags, record, None)
}

/// [`write_text`] with, after the turns, the throw the game ended on before
/// its move was played (`3:?`), when there is one: a game resigned,
/// abandoned or lost on time right after a throw keeps that throw.
pub fn write_game_text(
    tags: &[(&str, &str)],
    record: &Record,
    unplayed: Option<Throw>,
) -> Result<String, NotationError> {
    let rule_set = tags
        .iter()
        .find(|(k, _)| *k == "RuleSet")
        .map_or("kendall", |(_, v)| *v);
    let id = RuleSetId::from_str(rule_set).map_err(|e| NotationError {
        line: 1,
        turn: None,
        reason: e.to_string(),
    })?;
    let (sides, to_move) = sides_of(id, record)?;
    let mut out = String::new();
    for (key, value) in tags {
        out.push_str(&format!("[{key} \"{}\"]\n", escape(value)));
    }
    out.push('\n');
    let mut tokens: Vec<String> = record
        .turns()
        .iter()
        .zip(&sides)
        .enumerate()
        .map(|(i, (turn, side))| format!("{}. {} {turn}", i + 1, side_letter(*side)))
        .collect();
    if let Some(throw) = unplayed {
        tokens.push(format!(
            "{}. {} {}:{UNPLAYED}",
            record.len() + 1,
            side_letter(to_move),
            throw.value()
        ));
    }
    let mut line_len = 0;
    for token in tokens {
        if line_len > 0 && line_len + 1 + token.len() > 79 {
            out.push('\n');
            line_len = 0;
        } else if line_len > 0 {
            out.push(' ');
            line_len += 1;
        }
        out.push_str(&token);
        line_len += token.len();
    }
    if line_len > 0 {
        out.push('\n');
    }
    Ok(out)
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

/// The side that plays each turn, by replaying the record, and the side to
/// throw after the last.
fn sides_of(id: RuleSetId, record: &Record) -> Result<(Vec<Side>, Side), NotationError> {
    let mut game = Game::new(stick_rules(id, 1)?);
    let mut sides = Vec::with_capacity(record.len());
    for (i, turn) in record.turns().iter().enumerate() {
        sides.push(game.position().to_move());
        game.apply_turn(*turn).map_err(|e| NotationError {
            line: 1,
            turn: Some(i + 1),
            reason: format!("`{turn}`: {e}"),
        })?;
    }
    Ok((sides, game.position().to_move()))
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

    /// Replays every turn under the `RuleSet` tag's rules (Kendall when
    /// absent), checking that each turn names the side to move and is legal,
    /// and that the `Result` tag agrees with the final position: a
    /// `borne_off` result needs the game won by that side; a `resigned` or
    /// `abandoned` one a game not yet over. An unplayed last throw must
    /// name the side to move and be a throw the rules can give with a
    /// legal move (else it is a forfeit, `-`), in a game not over. Returns
    /// the game after the last turn (the unplayed throw is no turn).
    pub fn replay(&self) -> Result<Game<Kendall>, NotationError> {
        let id = match self.tag("RuleSet") {
            None => RuleSetId::Kendall,
            Some(name) => RuleSetId::from_str(name).map_err(|e| NotationError {
                line: self.tag_line("RuleSet"),
                turn: None,
                reason: e.to_string(),
            })?,
        };
        let outcome = self.outcome()?;
        let mut game = Game::new(stick_rules(id, self.tag_line("RuleSet"))?);
        for (i, turn) in self.record.turns().iter().enumerate() {
            let fail = |reason: String| NotationError {
                line: self.lines.get(i).copied().unwrap_or(0),
                turn: Some(i + 1),
                reason,
            };
            let to_move = game.position().to_move();
            if game.winner().is_some() {
                return Err(fail("the game was already over".to_owned()));
            }
            if self.sides.get(i).copied() != Some(to_move) {
                return Err(fail(format!(
                    "the turn names the wrong side: {} is to move",
                    side_word(to_move)
                )));
            }
            game.apply_turn(*turn)
                .map_err(|e| fail(format!("`{turn}` is refused: {e}")))?;
        }
        if let Some(unplayed) = self.unplayed {
            self.check_unplayed(&game, unplayed)?;
        }
        if let Some(outcome) = outcome {
            let line = self.tag_line("Result");
            let winner = game.winner();
            let fail = |reason: String| NotationError {
                line,
                turn: None,
                reason,
            };
            match (outcome.how, winner) {
                ("borne_off", Some(w)) if w == outcome.winner => {}
                ("borne_off", _) => {
                    return Err(fail(format!(
                        "the result says {} bore off every piece, but the turns do not end so",
                        side_word(outcome.winner)
                    )));
                }
                (_, Some(w)) => {
                    return Err(fail(format!(
                        "the result says `{outcome}`, but {} bore off every piece",
                        side_word(w)
                    )));
                }
                (_, None) => {}
            }
        }
        Ok(game)
    }
}

impl GameText {
    /// Checks the unplayed last throw against the game after the turns.
    fn check_unplayed(
        &self,
        game: &Game<Kendall>,
        unplayed: UnplayedThrow,
    ) -> Result<(), NotationError> {
        let fail = |reason: String| NotationError {
            line: unplayed.line,
            turn: Some(self.record.len() + 1),
            reason,
        };
        let token = format!("{}:{UNPLAYED}", unplayed.throw);
        if game.winner().is_some() {
            return Err(fail("the game was already over".to_owned()));
        }
        let to_move = game.position().to_move();
        if unplayed.side != to_move {
            return Err(fail(format!(
                "the turn names the wrong side: {} is to move",
                side_word(to_move)
            )));
        }
        let throw = Kendall
            .throw(unplayed.throw)
            .map_err(|e| fail(format!("`{token}` is refused: {e}")))?;
        if Kendall.legal_moves(&game.position(), throw).is_empty() {
            return Err(fail(format!(
                "`{token}` is refused: the throw has no legal move, so it is a forfeit (`{}:-`)",
                unplayed.throw
            )));
        }
        Ok(())
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
