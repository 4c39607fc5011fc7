//! What the store's writes take: a new room, game and step, how a game
//! ended.

use senet_engine::{EndHow, RuleSetId};
use uuid::Uuid;

use super::WriteError;
use super::names::GameStatus;

/// A game about to be stored (see [`Store::create_room`], [`Store::create_game`]).
#[derive(Debug, Clone, Copy)]
pub struct NewGame<'a> {
    /// Game id.
    pub id: Uuid,
    /// Its room's code.
    pub room_code: &'a str,
    /// 1 for a room's first game, then 2, 3… for rematches.
    pub game_no: i32,
    /// The rule set.
    pub rule_set: RuleSetId,
    /// One entry per seat, seat 0 first; None = open. Its length is the seat count.
    pub players: &'a [Option<Uuid>],
    /// Each seat's client seed (`docs/fairness.md`), seat 0 first; `""`
    /// for none (and for open seats). Missing entries count as `""`.
    pub client_seeds: &'a [&'a str],
    /// The game's secret server seed and its commitment.
    pub fairness: Option<(&'a [u8], &'a str)>,
}

impl NewGame<'_> {
    /// How the game is stored: playing once every seat is filled, else waiting.
    #[must_use]
    pub fn status(&self) -> GameStatus {
        if self.players.iter().all(Option::is_some) {
            GameStatus::Playing
        } else {
            GameStatus::Waiting
        }
    }

    /// The seat count, checked: 1 to 4 seats.
    pub(super) fn seat_count(&self) -> Result<i16, WriteError> {
        match self.players.len() {
            n @ 1..=4 => Ok(i16::try_from(n).unwrap_or(4)),
            n => Err(invalid(format!("a game has 1 to 4 seats, not {n}"))),
        }
    }
}

/// A room to store with its first game (see [`Store::create_room`]).
#[derive(Debug, Clone, Copy)]
pub struct NewRoom<'a> {
    /// The room's code.
    pub code: &'a str,
    /// The rule set.
    pub rule_set: RuleSetId,
    /// Listed in the lobby.
    pub public: bool,
    /// The player who created it.
    pub creator: Uuid,
    /// Whether its games are rated (`crate::ratings`).
    pub rated: bool,
    /// Its first game (`game.room_code` should be `code`; `code` is stored).
    pub game: NewGame<'a>,
}

/// A step about to be stored.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NewStep {
    /// The deciding seat; `None` for a chance step.
    pub seat: Option<u8>,
    /// The step's text (`LDLL`, `d4`, `0:9`, `2:resign`, …), stored as it is.
    pub text: String,
}

impl NewStep {
    /// The row of a table entry.
    pub fn of(played: &crate::table::Played) -> NewStep {
        NewStep {
            seat: played.entry.seat().map(senet_engine::Seat::number),
            text: played.entry.to_string(),
        }
    }
}

/// How a game ended, as stored: `games.end_how` and each seat's place,
/// score and colour.
#[derive(Debug, Clone, Copy)]
pub struct StoredEnd<'a> {
    /// How it ended.
    pub how: EndHow,
    /// Seats from first place to last.
    pub places: &'a [u8],
    /// Scores by seat number; empty where the rule set does not score.
    pub scores: &'a [i32],
    /// Colour index by seat number where the rule set dealt colours; may be empty.
    pub colours: &'a [Option<u8>],
}

/// One seat's row of an end: (seat, place, score, colour).
pub(super) type SeatEnd = (i16, Option<i16>, Option<i32>, Option<i16>);

impl StoredEnd<'_> {
    /// What to write to each seat the end names, checked: seats 0 to 3,
    /// none placed twice.
    pub(super) fn seat_rows(&self) -> Result<Vec<SeatEnd>, WriteError> {
        let mut seen = [false; 4];
        for &seat in self.places {
            match seen.get_mut(usize::from(seat)) {
                Some(seen) if !*seen => *seen = true,
                _ => return Err(invalid(format!("bad places {:?}", self.places))),
            }
        }
        let named = self
            .places
            .len()
            .max(self.scores.len())
            .max(self.colours.len());
        if named > 4 {
            return Err(invalid("an end names at most 4 seats".to_owned()));
        }
        Ok((0..named)
            .map(|seat| {
                let place = self
                    .places
                    .iter()
                    .position(|&s| usize::from(s) == seat)
                    .map(|i| i16::try_from(i + 1).unwrap_or(i16::MAX));
                (
                    i16::try_from(seat).unwrap_or(i16::MAX),
                    place,
                    self.scores.get(seat).copied(),
                    self.colours.get(seat).copied().flatten().map(i16::from),
                )
            })
            .collect())
    }
}

/// A write refused before its transaction began: nothing is stored.
pub(super) fn invalid(message: String) -> WriteError {
    WriteError::NotCommitted(sqlx::Error::InvalidArgument(message))
}
