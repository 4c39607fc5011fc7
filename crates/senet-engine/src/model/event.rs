//! Events: what a step did, piece by piece, so the server, the record, the
//! browser and the replay never work a rule out again.

use crate::model::seat::Seat;
use crate::square::Square;

/// Where a piece is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case", tag = "kind"))]
pub enum Place {
    /// On a square of the board.
    Square {
        /// The square.
        square: Square,
    },
    /// In its owner's reserve, not yet (or again not) on the board.
    Reserve,
    /// Borne off: through the goal, scoring where the rule set scores.
    Off,
    /// Out of the game for good.
    Removed,
}

impl Place {
    /// The place of a square.
    #[must_use]
    pub const fn on(square: Square) -> Place {
        Place::Square { square }
    }
}

/// Why a piece went where it went.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
pub enum Why {
    /// Moved forward by the throw.
    Move,
    /// Moved backward, as the rules forced.
    Backward,
    /// Taken by an opponent and swapped onto the square the taker left.
    Swapped,
    /// Taken by an opponent and sent back to the start (the Sun).
    SentHome,
    /// Taken by an opponent and removed from the game.
    Captured,
    /// Sent on by the water (House of Water, River of Oblivion's sweep).
    Water,
    /// Sent on by a special square's effect (the Moon, the Bird, a Trial).
    Effect,
    /// Borne off.
    BorneOff,
    /// Went past the goal and bounced back.
    Bounced,
    /// Came on from the reserve.
    Entered,
    /// Removed by a choice or an effect (the Vulture, the Eye of Judgment),
    /// or because its owner is out.
    Removed,
    /// Moved by the opening (Kendall-7, Jequier).
    Opening,
}

/// One thing a step did.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case", tag = "kind"))]
pub enum Event {
    /// A piece went from one place to another.
    Piece {
        /// Its owner.
        seat: Seat,
        /// Its value (Senet-modern's dots), where pieces have one.
        value: Option<u8>,
        /// Where it was.
        from: Place,
        /// Where it is now.
        to: Place,
        /// Why.
        why: Why,
    },
    /// A seat takes a colour (by the rule set's colour index), as the
    /// openings of Kendall-7 and Jequier decide.
    Colour {
        /// The seat.
        seat: Seat,
        /// The rule set's colour index.
        colour: u8,
    },
    /// The seat could not use its throw: the turn passes.
    Pass {
        /// The seat.
        seat: Seat,
    },
    /// The same seat throws again.
    Again {
        /// The seat.
        seat: Seat,
    },
    /// The seat is out of the game (Senet-modern: it could not use its throw).
    Out {
        /// The seat.
        seat: Seat,
    },
}
