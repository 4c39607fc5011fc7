//! The view of a state: what a client draws (every square, each seat's
//! reserve, borne-off and removed pieces, scores, who is out, who is on
//! turn), worked out by the rules so the browser holds no rule of its own.

use crate::model::seat::Seat;

/// A piece standing on a square.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Occupant {
    /// Its owner; `None` while the opening of Kendall-7 or Jequier has not
    /// dealt the colours yet, when the pieces stand in their colours but
    /// belong to no seat.
    pub seat: Option<Seat>,
    /// Its colour, by the rule set's colour index (see
    /// [`Description::colours`](crate::Description::colours)): always known,
    /// so a board can be drawn before the colours are dealt.
    pub colour: u8,
    /// Its value (Senet-modern's dots), where pieces have one.
    pub value: Option<u8>,
}

/// A piece off the board, in one of a seat's lists.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Piece {
    /// Its value (Senet-modern's dots), where pieces have one.
    pub value: Option<u8>,
}

impl Piece {
    /// A piece with no value (every rule set but Senet-modern).
    pub const PLAIN: Piece = Piece { value: None };
}

/// One seat in a view.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct SeatView {
    /// The seat's colour (the rule set's colour index); `None` before the
    /// opening of Kendall-7 or Jequier deals the colours.
    pub colour: Option<u8>,
    /// Pieces waiting to come on (Path of Peril's reserve).
    pub reserve: Vec<Piece>,
    /// Pieces borne off, lowest value first.
    pub off: Vec<Piece>,
    /// Pieces out of the game for good, lowest value first.
    pub removed: Vec<Piece>,
    /// The seat's score so far, where the rule set scores during play
    /// (Senet-modern: the dots borne off); `None` elsewhere.
    pub score: Option<i32>,
    /// Whether the seat is out of the game (Senet-modern).
    pub out: bool,
}

/// A state as a client draws it.
///
/// Before the colours are dealt (Kendall-7's and Jequier's lot and opening)
/// the pieces on the board have a colour but no seat, and the seats' lists
/// are empty: each seat's pieces are on the board only once it has a colour.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct View {
    /// Squares 1..=30 (index 0 is square 1): the piece standing there.
    pub squares: Vec<Option<Occupant>>,
    /// One entry per seat, by seat number.
    pub seats: Vec<SeatView>,
    /// The seat on turn (throwing, moving or choosing); `None` once the
    /// game is over, and while the rules draw the lot for who opens.
    pub to_move: Option<Seat>,
}
