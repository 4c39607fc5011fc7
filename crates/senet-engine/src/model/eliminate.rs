//! Why a seat cannot be eliminated ([`crate::RuleSet::eliminate`]): a
//! resignation or an abandonment is decided outside the rules, but in a
//! game of three or four seats the rules say how the others play on.

use core::fmt;

use crate::model::seat::Seat;

/// Why the rules refused to eliminate a seat. The state is unchanged.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum EliminateError {
    /// The game is over.
    GameOver,
    /// The game has no such seat.
    NotAtTable(Seat),
    /// The seat is out already.
    AlreadyOut(Seat),
    /// A game of two seats does not play on without one: it ends outside
    /// the rules, the other seat winning
    /// (`Standing::two_seats(other, EndHow::Resigned)` or
    /// `EndHow::Abandoned`).
    TwoSeats,
}

impl EliminateError {
    /// A stable machine-readable code.
    #[must_use]
    pub const fn code(self) -> &'static str {
        match self {
            EliminateError::GameOver => "game_over",
            EliminateError::NotAtTable(_) => "not_at_table",
            EliminateError::AlreadyOut(_) => "already_out",
            EliminateError::TwoSeats => "two_seats",
        }
    }
}

impl fmt::Display for EliminateError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            EliminateError::GameOver => f.write_str("the game is over"),
            EliminateError::NotAtTable(seat) => write!(f, "the game has no seat {seat}"),
            EliminateError::AlreadyOut(seat) => write!(f, "seat {seat} is out already"),
            EliminateError::TwoSeats => {
                f.write_str("a game of two seats does not play on without one: the other seat wins")
            }
        }
    }
}

impl std::error::Error for EliminateError {}
