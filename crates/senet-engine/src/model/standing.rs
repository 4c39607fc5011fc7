//! The end of a game: places, scores and how it ended.

use core::fmt;

use crate::model::seat::Seat;

/// How a game ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
pub enum EndHow {
    /// A seat bore off all its pieces (the stick rule sets).
    BorneOff,
    /// A pawn passed the Gates of Aaru (Path of Peril).
    Gates,
    /// A pawn passed the Trial of the Three Gods (Path of Peril).
    Trial,
    /// A seat has no pawns left (Path of Peril).
    NoPawns,
    /// A seat bore off its third piece (Senet-modern).
    ThreeBorneOff,
    /// Only one seat is left in (Senet-modern).
    LastPlayer,
    /// A seat resigned (decided outside the rules, by a player).
    Resigned,
    /// A seat abandoned the game (decided outside the rules, by the server).
    Abandoned,
    /// A seat's clock ran out (decided outside the rules, by the server's
    /// time control).
    Time,
}

impl EndHow {
    /// Every way a game ends, of every rule set.
    pub const ALL: [EndHow; 9] = [
        EndHow::BorneOff,
        EndHow::Gates,
        EndHow::Trial,
        EndHow::NoPawns,
        EndHow::ThreeBorneOff,
        EndHow::LastPlayer,
        EndHow::Resigned,
        EndHow::Abandoned,
        EndHow::Time,
    ];

    /// The way of ending with this stable name.
    #[must_use]
    pub fn parse(text: &str) -> Option<EndHow> {
        EndHow::ALL.into_iter().find(|how| how.as_str() == text)
    }

    /// The stable text name.
    #[must_use]
    pub const fn as_str(self) -> &'static str {
        match self {
            EndHow::BorneOff => "borne_off",
            EndHow::Gates => "gates",
            EndHow::Trial => "trial",
            EndHow::NoPawns => "no_pawns",
            EndHow::ThreeBorneOff => "three_borne_off",
            EndHow::LastPlayer => "last_player",
            EndHow::Resigned => "resigned",
            EndHow::Abandoned => "abandoned",
            EndHow::Time => "time",
        }
    }
}

impl fmt::Display for EndHow {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// The final standing of a game.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Standing {
    /// Seats from first place to last.
    pub places: Vec<Seat>,
    /// Each seat's score, by seat number; empty where the rule set does not
    /// score.
    pub scores: Vec<i32>,
    /// How it ended.
    pub how: EndHow,
}

impl Standing {
    /// The winner: the seat in first place.
    #[must_use]
    pub fn winner(&self) -> Option<Seat> {
        self.places.first().copied()
    }

    /// A two-seat standing with this winner.
    #[must_use]
    pub fn two_seats(winner: Seat, how: EndHow) -> Standing {
        Standing {
            places: vec![winner, winner.next(2)],
            scores: Vec::new(),
            how,
        }
    }
}
