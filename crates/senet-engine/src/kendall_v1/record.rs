//! Game records: the turns of a game from the start position.
//!
//! The text form is one token a turn, separated by spaces: the throw, a
//! colon, then the from-square of the move or `-` for a forfeit, e.g.
//! `3:9 1:14 5:-`. Parsing checks the form only; [`Record::replay`] checks
//! every turn against a rule set.

use core::fmt;
use core::str::FromStr;

use crate::kendall_v1::Move;
use crate::kendall_v1::Rules;
use crate::kendall_v1::game::{Game, GameError};
use crate::kendall_v1::throw::{MAX_THROW, Throw};
use crate::square::Square;

/// What the player did with a throw.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "lowercase"))]
pub enum Action {
    /// Moved the piece on this square.
    Move(Square),
    /// No move was legal: the turn was forfeited.
    Forfeit,
}

/// One turn: a throw and what was done with it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Turn {
    /// The throw's value, checked against the rule set on replay.
    pub throw: u8,
    /// The move or forfeit.
    pub action: Action,
}

impl Turn {
    /// A turn from a throw and an action.
    #[must_use]
    pub const fn new(throw: Throw, action: Action) -> Turn {
        Turn {
            throw: throw.value(),
            action,
        }
    }
}

impl fmt::Display for Turn {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.action {
            Action::Move(from) => write!(f, "{}:{}", self.throw, from),
            Action::Forfeit => write!(f, "{}:-", self.throw),
        }
    }
}

/// The turns of a game, in order, from the rule set's start position.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(transparent))]
pub struct Record {
    turns: Vec<Turn>,
}

/// What is wrong with the form of a record text, and where.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RecordParseError {
    /// The 0-based index of the bad turn token.
    pub index: usize,
    /// The token.
    pub token: String,
    /// What is wrong with it.
    pub reason: &'static str,
}

impl fmt::Display for RecordParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "turn {} `{}`: {}",
            self.index + 1,
            self.token,
            self.reason
        )
    }
}

impl std::error::Error for RecordParseError {}

/// The first turn of a record that the rules reject.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ReplayError {
    /// The 0-based index of the bad turn.
    pub index: usize,
    /// The turn.
    pub turn: Turn,
    /// Why the rules reject it.
    pub error: GameError,
}

impl fmt::Display for ReplayError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "turn {} `{}`: {}", self.index + 1, self.turn, self.error)
    }
}

impl std::error::Error for ReplayError {}

impl Record {
    /// An empty record.
    #[must_use]
    pub const fn new() -> Record {
        Record { turns: Vec::new() }
    }

    /// Adds a turn at the end.
    pub fn push(&mut self, turn: Turn) {
        self.turns.push(turn);
    }

    /// The turns, first to last.
    #[must_use]
    pub fn turns(&self) -> &[Turn] {
        &self.turns
    }

    /// How many turns were played.
    #[must_use]
    pub fn len(&self) -> usize {
        self.turns.len()
    }

    /// True before the first turn.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.turns.is_empty()
    }

    /// Plays every turn from the start position, checking each against the
    /// rules, and returns the game as it stands after the last one.
    pub fn replay<R: Rules>(&self, rules: R) -> Result<Game<R>, ReplayError> {
        let mut game = Game::new(rules);
        for (index, &turn) in self.turns.iter().enumerate() {
            game.apply_turn(turn)
                .map_err(|error| ReplayError { index, turn, error })?;
        }
        Ok(game)
    }

    /// The move of every turn with its effect (`None` for a forfeit), by
    /// replaying the record from the start position.
    pub fn moves<R: Rules>(&self, rules: R) -> Result<Vec<Option<Move>>, ReplayError> {
        let mut game = Game::new(rules);
        self.turns
            .iter()
            .enumerate()
            .map(|(index, &turn)| {
                game.apply_turn(turn)
                    .map_err(|error| ReplayError { index, turn, error })
            })
            .collect()
    }
}

impl From<Vec<Turn>> for Record {
    fn from(turns: Vec<Turn>) -> Record {
        Record { turns }
    }
}

impl fmt::Display for Record {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, turn) in self.turns.iter().enumerate() {
            if i > 0 {
                f.write_str(" ")?;
            }
            write!(f, "{turn}")?;
        }
        Ok(())
    }
}

fn parse_turn(index: usize, token: &str) -> Result<Turn, RecordParseError> {
    let fail = |reason| RecordParseError {
        index,
        token: token.to_owned(),
        reason,
    };
    let (throw, action) = token
        .split_once(':')
        .ok_or_else(|| fail("expected `throw:from` or `throw:-`"))?;
    let throw = throw
        .parse::<u8>()
        .ok()
        .filter(|t| (1..=MAX_THROW).contains(t) && !throw.starts_with('+'))
        .ok_or_else(|| fail("the throw is not a number from 1 to 12"))?;
    let action = if action == "-" {
        Action::Forfeit
    } else if action.starts_with('+') {
        return Err(fail("the from-square is not a square from 1 to 30"));
    } else {
        Action::Move(
            action
                .parse::<Square>()
                .map_err(|_| fail("the from-square is not a square from 1 to 30"))?,
        )
    };
    Ok(Turn { throw, action })
}

impl FromStr for Record {
    type Err = RecordParseError;

    /// Parses the text form. Turns are separated by any whitespace.
    fn from_str(text: &str) -> Result<Self, Self::Err> {
        text.split_whitespace()
            .enumerate()
            .map(|(index, token)| parse_turn(index, token))
            .collect::<Result<Vec<_>, _>>()
            .map(Record::from)
    }
}
