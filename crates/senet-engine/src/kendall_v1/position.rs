//! Positions: where the pieces stand and whose throw it is.
//!
//! As shakmaty's `Setup` and `Position`: a [`Setup`] is any arrangement
//! (what text or a caller's squares give, unchecked), and a [`Position`] is
//! only made from one through a check ([`Position::try_from`],
//! [`crate::kendall_v1::Rules::position`]) or by the rules themselves. So
//! every `Position` has at most [`MAX_PIECES`] pieces a side, on squares of
//! the board, never two on one square, and its moves always fit a
//! [`crate::kendall_v1::MoveList`]: move generation has no invalid case.

use core::fmt;

use crate::kendall_v1::moves::MAX_MOVES;
use crate::kendall_v1::side::Side;
use crate::square::{BOARD_SQUARES, Square};

/// The most pieces a side has under any stick rule set (Kendall-7's seven):
/// the bound every [`Position`] keeps.
pub const MAX_PIECES: u8 = 7;

// One move per piece: a checked position's moves always fit a move list.
const _: () = assert!(MAX_PIECES as usize <= MAX_MOVES);

/// Bits 1..=30: one bit per square.
pub(crate) const BOARD_MASK: u32 = ((1u32 << BOARD_SQUARES) - 1) << 1;

/// Any arrangement of pieces and a side to throw, not checked: what
/// untrusted input (position text, a caller's squares) becomes first.
///
/// Bit `n` of a board is square `n`. A setup may hold anything, two pieces
/// on a square or bits off the board; [`Position::try_from`] says what is
/// wrong with it, and a rule set's [`crate::kendall_v1::Rules::position`]
/// checks it against that rule set too.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Setup {
    /// The squares Cone (the first colour) holds, as a bitboard.
    pub cone: u32,
    /// The squares Spool (the second colour) holds, as a bitboard.
    pub spool: u32,
    /// The side to throw.
    pub to_move: Side,
}

impl Setup {
    /// A setup from the squares each side holds, and the side to throw.
    #[must_use]
    pub fn from_squares(cone: &[Square], spool: &[Square], to_move: Side) -> Setup {
        let board = |squares: &[Square]| squares.iter().fold(0, |acc, sq| acc | sq.bit());
        Setup {
            cone: board(cone),
            spool: board(spool),
            to_move,
        }
    }

    /// Parses position text (`cscscscscs.................... c`) with the
    /// given letters for the two sides. Only the form is checked here.
    pub(crate) fn parse_text(text: &str, letters: [char; 2]) -> Result<Setup, PositionError> {
        let chars: Vec<char> = text.chars().collect();
        if chars.len() != usize::from(BOARD_SQUARES) + 2 {
            return Err(PositionError::WrongLength { found: chars.len() });
        }
        let side_of = |c: char| Side::ALL.into_iter().find(|s| letters[s.index()] == c);
        let mut boards = [0u32; 2];
        for (number, &c) in (1..=BOARD_SQUARES).zip(&chars) {
            if c == '.' {
                continue;
            }
            let side = side_of(c).ok_or(PositionError::BadSquare {
                square: number,
                found: c,
            })?;
            boards[side.index()] |= 1 << number;
        }
        let separator = chars[usize::from(BOARD_SQUARES)];
        if separator != ' ' {
            return Err(PositionError::MissingSeparator { found: separator });
        }
        let side_char = chars[usize::from(BOARD_SQUARES) + 1];
        let to_move = side_of(side_char).ok_or(PositionError::BadSide { found: side_char })?;
        Ok(Setup {
            cone: boards[0],
            spool: boards[1],
            to_move,
        })
    }
}

impl TryFrom<Setup> for Position {
    type Error = PositionError;

    /// The checks every stick rule set shares: pieces only on squares of
    /// the board, at most one a square, at most [`MAX_PIECES`] a side.
    fn try_from(setup: Setup) -> Result<Position, PositionError> {
        let boards = [setup.cone, setup.spool];
        for side in Side::ALL {
            let off_board = boards[side.index()] & !BOARD_MASK;
            if off_board != 0 {
                return Err(PositionError::OffBoard {
                    bit: off_board.trailing_zeros() as u8,
                });
            }
            let found = boards[side.index()].count_ones() as u8;
            if found > MAX_PIECES {
                return Err(PositionError::TooManyPieces {
                    side,
                    found,
                    allowed: MAX_PIECES,
                });
            }
        }
        let shared = setup.cone & setup.spool;
        if shared != 0 {
            return Err(PositionError::SharedSquare {
                square: shared.trailing_zeros() as u8,
            });
        }
        Ok(Position {
            boards,
            to_move: setup.to_move,
        })
    }
}

impl From<Position> for Setup {
    fn from(position: Position) -> Setup {
        Setup {
            cone: position.boards[0],
            spool: position.boards[1],
            to_move: position.to_move,
        }
    }
}

/// A position before a throw: the pieces of each side on the board, and the
/// side to throw. Pieces not on the board have been borne off. Always a
/// checked one ([`Setup`]): made by the rules or through a check.
///
/// Stored as one 32-bit board per side (bit `n` is square `n`), which keeps
/// move generation to a handful of shifts and masks.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Position {
    boards: [u32; 2],
    to_move: Side,
}

/// What is wrong with a position text or a position, and where.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PositionError {
    /// The text is not 30 squares, a space and a side.
    WrongLength {
        /// Characters found.
        found: usize,
    },
    /// A square holds a character that is neither a piece nor `.`.
    BadSquare {
        /// The square (1..=30) whose character is wrong.
        square: u8,
        /// The character found there.
        found: char,
    },
    /// Character 31 must be a single space.
    MissingSeparator {
        /// The character found instead.
        found: char,
    },
    /// The last character does not name a side.
    BadSide {
        /// The character found.
        found: char,
    },
    /// A side has more pieces on the board than the rule set gives it.
    TooManyPieces {
        /// The side.
        side: Side,
        /// Pieces found on the board.
        found: u8,
        /// Pieces the rule set gives each side.
        allowed: u8,
    },
    /// A piece stands on a square where no piece can rest (the House of Water).
    PieceCannotRest {
        /// The square.
        square: u8,
    },
    /// A board has a bit that is no square of the board.
    OffBoard {
        /// The lowest such bit.
        bit: u8,
    },
    /// Both sides have a piece on the same square.
    SharedSquare {
        /// The lowest such square.
        square: u8,
    },
}

impl fmt::Display for PositionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PositionError::WrongLength { found } => write!(
                f,
                "position text has {found} characters; expected 32: 30 squares, a space and the side to throw"
            ),
            PositionError::BadSquare { square, found } => write!(
                f,
                "square {square} (character {square}) is `{found}`; expected a piece letter or `.`"
            ),
            PositionError::MissingSeparator { found } => {
                write!(f, "character 31 is `{found}`; expected a space")
            }
            PositionError::BadSide { found } => {
                write!(f, "character 32 is `{found}`; expected the side to throw")
            }
            PositionError::TooManyPieces {
                side,
                found,
                allowed,
            } => write!(
                f,
                "{side} has {found} pieces on the board; at most {allowed} are allowed"
            ),
            PositionError::OffBoard { bit } => {
                write!(
                    f,
                    "bit {bit} of a board is not a square: squares are 1 to 30"
                )
            }
            PositionError::SharedSquare { square } => {
                write!(f, "square {square} holds a piece of each side")
            }
            PositionError::PieceCannotRest { square } => {
                write!(
                    f,
                    "square {square} holds a piece, but no piece can rest there"
                )
            }
        }
    }
}

impl std::error::Error for PositionError {}

impl Position {
    /// A position from boards the rules made (from a checked position or a
    /// start), which keep every bound a [`Position`] has.
    pub(crate) const fn from_boards(boards: [u32; 2], to_move: Side) -> Position {
        Position { boards, to_move }
    }

    /// The side to throw.
    #[must_use]
    pub const fn to_move(&self) -> Side {
        self.to_move
    }

    /// The same pieces with another side to throw.
    #[must_use]
    pub const fn with_to_move(mut self, side: Side) -> Position {
        self.to_move = side;
        self
    }

    pub(crate) const fn board(&self, side: Side) -> u32 {
        self.boards[side.index()]
    }

    /// The squares a side holds as a bitboard: bit `n` is set when the side
    /// has a piece on square `n` (bit 0 is never set). For evaluations that
    /// work on whole boards at once.
    ///
    /// ```
    /// use senet_engine::Kendall;
    /// use senet_engine::kendall_v1::{Rules, Side};
    ///
    /// let start = Kendall.start();
    /// assert_eq!(start.bitboard(Side::Cone), 0b10_1010_1010);
    /// assert_eq!(start.bitboard(Side::Spool), 0b101_0101_0100);
    /// ```
    #[must_use]
    pub const fn bitboard(&self, side: Side) -> u32 {
        self.board(side)
    }

    pub(crate) fn set_board(&mut self, side: Side, board: u32) {
        self.boards[side.index()] = board;
    }

    /// Which side's piece stands on a square, if any.
    #[must_use]
    pub const fn piece_at(&self, square: Square) -> Option<Side> {
        let bit = square.bit();
        if self.boards[0] & bit != 0 {
            Some(Side::Cone)
        } else if self.boards[1] & bit != 0 {
            Some(Side::Spool)
        } else {
            None
        }
    }

    /// The squares a side holds, lowest first.
    pub fn squares(&self, side: Side) -> impl Iterator<Item = Square> + use<> {
        squares_of(self.board(side))
    }

    /// How many pieces a side has on the board.
    #[must_use]
    pub const fn on_board(&self, side: Side) -> u8 {
        self.boards[side.index()].count_ones() as u8
    }

    /// Writes position text with the given letters for the two sides.
    pub(crate) fn write_text(&self, letters: [char; 2]) -> String {
        let mut text: String = Square::all()
            .map(|sq| match self.piece_at(sq) {
                Some(side) => letters[side.index()],
                None => '.',
            })
            .collect();
        text.push(' ');
        text.push(letters[self.to_move.index()]);
        text
    }
}

/// The squares of a bitboard, lowest first.
pub(crate) fn squares_of(mut board: u32) -> impl Iterator<Item = Square> {
    board &= BOARD_MASK;
    core::iter::from_fn(move || {
        if board == 0 {
            return None;
        }
        let number = board.trailing_zeros() as u8;
        board &= board - 1;
        Some(Square::new_unchecked(number))
    })
}

impl fmt::Display for Position {
    /// The standard text form with `c` and `s`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.write_text(['c', 's']))
    }
}

impl fmt::Debug for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Position({self})")
    }
}
