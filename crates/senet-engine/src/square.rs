//! Squares of the 30-square board.

use core::fmt;
use core::str::FromStr;

/// Number of squares on the board.
pub const BOARD_SQUARES: u8 = 30;

/// A square of the board, numbered 1..=30 along the S-shaped path.
///
/// Row 1 is squares 1–10 left to right, row 2 is 11–20 right to left and
/// row 3 is 21–30 left to right. A `Square` is always in range: the only ways
/// to make one are checked.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(try_from = "u8", into = "u8"))]
pub struct Square(u8);

/// A number that is not a square of the board.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SquareError {
    /// What was given.
    pub given: String,
}

impl fmt::Display for SquareError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "`{}` is not a square: squares are 1 to 30", self.given)
    }
}

impl std::error::Error for SquareError {}

impl Square {
    /// The square with this number, if it is on the board.
    #[must_use]
    pub const fn new(number: u8) -> Option<Square> {
        if number >= 1 && number <= BOARD_SQUARES {
            Some(Square(number))
        } else {
            None
        }
    }

    /// Builds a square from a number the engine already knows is in range.
    pub(crate) const fn new_unchecked(number: u8) -> Square {
        debug_assert!(number >= 1 && number <= BOARD_SQUARES);
        Square(number)
    }

    /// The square's number, 1..=30.
    #[must_use]
    pub const fn number(self) -> u8 {
        self.0
    }

    /// The single bit that stands for this square in a bitboard.
    pub(crate) const fn bit(self) -> u32 {
        1 << self.0
    }

    /// Every square, from 1 to 30.
    pub fn all() -> impl Iterator<Item = Square> {
        (1..=BOARD_SQUARES).map(Square)
    }

    /// Row (1..=3) and column (1..=10, left to right) of the square on the
    /// 3×10 grid, following the S-shaped path.
    #[must_use]
    pub const fn grid(self) -> (u8, u8) {
        let row = (self.0 - 1) / 10 + 1;
        let offset = (self.0 - 1) % 10;
        let column = if row == 2 { 10 - offset } else { offset + 1 };
        (row, column)
    }
}

impl TryFrom<u8> for Square {
    type Error = SquareError;

    fn try_from(number: u8) -> Result<Self, Self::Error> {
        Square::new(number).ok_or(SquareError {
            given: number.to_string(),
        })
    }
}

impl From<Square> for u8 {
    fn from(square: Square) -> u8 {
        square.0
    }
}

impl FromStr for Square {
    type Err = SquareError;

    fn from_str(text: &str) -> Result<Self, Self::Err> {
        text.parse::<u8>()
            .ok()
            .and_then(Square::new)
            .ok_or_else(|| SquareError {
                given: text.to_owned(),
            })
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}
