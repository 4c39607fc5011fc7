//! Seats: the players of a game, numbered from 0 in turn order.

use core::fmt;

/// The most seats any rule set has (Senet-modern with four players).
pub const MAX_SEATS: u8 = 4;

/// A seat at the table, numbered `0..seats`. Colours (Cone and Spool, White
/// and Black, P1–P4) are a rule set's; a seat is just its place in turn order.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(transparent))]
pub struct Seat(u8);

impl Seat {
    /// Seat 0, who starts unless a rule set's opening decides otherwise.
    pub const FIRST: Seat = Seat(0);

    /// The seat with this number, if a game can have it.
    #[must_use]
    pub const fn new(number: u8) -> Option<Seat> {
        if number < MAX_SEATS {
            Some(Seat(number))
        } else {
            None
        }
    }

    /// The seat number, from 0.
    #[must_use]
    pub const fn number(self) -> u8 {
        self.0
    }

    /// The seat number as an index into per-seat arrays.
    #[must_use]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The next seat in turn order at a table of `seats`.
    #[must_use]
    pub const fn next(self, seats: u8) -> Seat {
        Seat((self.0 + 1) % seats)
    }

    /// Every seat of a table of `seats`, in turn order.
    pub fn all(seats: u8) -> impl Iterator<Item = Seat> {
        (0..seats.min(MAX_SEATS)).map(Seat)
    }
}

impl fmt::Display for Seat {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}
