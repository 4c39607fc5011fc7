//! Moves, lists of legal moves, and why a move is illegal.

use core::fmt;

use crate::model::Reason;
use crate::square::Square;

/// Where a move takes its piece, before any House of Water effect.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "lowercase"))]
pub enum Destination {
    /// A square of the board.
    Square(Square),
    /// Off the board: the piece is borne off.
    Off,
}

impl fmt::Display for Destination {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Destination::Square(square) => write!(f, "{square}"),
            Destination::Off => f.write_str("off"),
        }
    }
}

/// Which way a piece moves.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "lowercase"))]
pub enum Direction {
    /// Forward by the throw.
    Forward,
    /// A forced move backward.
    Backward,
}

/// What happens where the piece lands.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case", tag = "kind"))]
pub enum Effect {
    /// Nothing more: the piece rests on its destination.
    None,
    /// The opponent piece on the destination is captured: it goes to the
    /// square the mover left.
    Capture,
    /// The destination is the House of Water: the piece is sent on to
    /// `rebirth`.
    Water {
        /// Where the piece ends up.
        rebirth: Square,
    },
    /// The piece leaves the board.
    BearOff,
}

/// A legal move, as the rule set generated it.
///
/// Moves are only made by a rule set for a position and a throw, so holding
/// one means it was legal there; to play a move, name its `from` square.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Move {
    /// The square the piece leaves.
    pub from: Square,
    /// Where the piece goes, before any House of Water effect.
    pub to: Destination,
    /// Forward, or a forced backward move.
    pub direction: Direction,
    /// What happens there.
    pub effect: Effect,
}

impl Move {
    /// The square the piece finally rests on, or `None` when borne off.
    #[must_use]
    pub const fn lands_on(&self) -> Option<Square> {
        match (self.effect, self.to) {
            (Effect::Water { rebirth }, _) => Some(rebirth),
            (_, Destination::Square(square)) => Some(square),
            (_, Destination::Off) => None,
        }
    }
}

/// Most moves a position can offer: one per piece, and no stick rule set
/// gives a side more than seven.
pub const MAX_MOVES: usize = 8;

/// The legal moves for one position and throw, sorted by from-square.
#[derive(Clone, Copy, PartialEq, Eq)]
pub struct MoveList {
    moves: [Option<Move>; MAX_MOVES],
    len: u8,
}

impl MoveList {
    pub(crate) const fn new() -> MoveList {
        MoveList {
            moves: [None; MAX_MOVES],
            len: 0,
        }
    }

    /// Fills an empty list with the moves of the pieces on the squares of
    /// `froms` (a bitboard of the side to move's pieces), lowest first, each
    /// worked out by `resolve`. A checked position's side has at most
    /// [`crate::kendall_v1::MAX_PIECES`] pieces, which a list holds, so
    /// every piece finds its slot.
    #[inline]
    pub(crate) fn fill(&mut self, froms: u32, mut resolve: impl FnMut(u32) -> Move) {
        debug_assert!(froms.count_ones() as usize <= MAX_MOVES);
        let mut rest = froms;
        for slot in &mut self.moves {
            if rest == 0 {
                break;
            }
            *slot = Some(resolve(rest.trailing_zeros()));
            self.len += 1;
            rest &= rest - 1;
        }
    }

    /// How many legal moves there are.
    #[must_use]
    pub const fn len(&self) -> usize {
        self.len as usize
    }

    /// True when no move is legal: the turn is forfeited.
    #[must_use]
    pub const fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The moves, lowest from-square first.
    pub fn iter(&self) -> impl Iterator<Item = Move> + '_ {
        self.moves.iter().take(self.len()).flatten().copied()
    }

    /// The move of the piece on `from`, if it has one.
    #[must_use]
    pub fn find(&self, from: Square) -> Option<Move> {
        self.iter().find(|mv| mv.from == from)
    }

    /// The `index`-th move.
    #[must_use]
    pub fn get(&self, index: usize) -> Option<Move> {
        self.moves.get(index).copied().flatten()
    }
}

impl Default for MoveList {
    /// An empty list.
    fn default() -> MoveList {
        MoveList::new()
    }
}

impl fmt::Debug for MoveList {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}

/// Why a piece cannot move with this throw.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PlayError {
    /// The game is over: nobody throws or moves any more.
    GameOver,
    /// No piece of the side to move stands on that square.
    NoPieceOfYours {
        /// The square named.
        square: Square,
    },
    /// The move would jump past the House of Happiness (26) without stopping.
    MustStopOnHappiness,
    /// The move would go past the end of the board: pieces bear off only
    /// with the exact throw from the allowed squares.
    Overshoots,
    /// An opponent blockade (three or more pieces in a row) is in the way.
    Blockade {
        /// A blockade square the move would pass.
        at: Square,
    },
    /// A piece of the mover's own side stands on the destination.
    OwnPieceOnDestination {
        /// The destination.
        square: Square,
    },
    /// The opponent piece on the destination is protected.
    ProtectedPiece {
        /// The destination.
        square: Square,
    },
    /// No forward move is legal and this piece has no empty square behind it.
    NoEmptySquareBehind,
    /// No move is legal with this throw: the turn must be forfeited.
    NoLegalMove,
    /// The move would go past square 30, and this rule set has no way off
    /// but landing exactly on 30 (Jequier).
    PastTheEnd,
    /// The piece stands on a square it bears off from only with one exact
    /// throw (28 with 3 and 29 with 2 in the simple rules).
    NeedsExactThrow {
        /// The piece's square.
        square: Square,
        /// The throw it needs.
        throw: u8,
    },
    /// A piece bears off only while every piece of its side is in the exit
    /// row, 21 to 30 (Jequier).
    NotAllInExitRow,
    /// No piece can move forward, and this piece cannot move back by the
    /// full throw: the square there is taken or off the board (Jequier).
    CannotMoveBack,
    /// The side's first move must be made with the piece on this square
    /// (White's piece on 9 in Jequier).
    FirstMoveFrom {
        /// The square of the piece that must move.
        square: Square,
    },
    /// A move is legal with this throw, so the turn cannot be forfeited.
    MustMove,
}

impl PlayError {
    /// The rules' reason, for every error but [`PlayError::GameOver`]
    /// (which is no reason about a piece: the game is over).
    #[must_use]
    pub const fn reason(&self) -> Option<Reason> {
        Some(match self {
            PlayError::GameOver => return None,
            PlayError::NoPieceOfYours { .. } => Reason::NoPieceOfYours,
            PlayError::MustStopOnHappiness => Reason::MustStopOnHappiness,
            PlayError::Overshoots => Reason::Overshoots,
            PlayError::Blockade { .. } => Reason::Blockade,
            PlayError::OwnPieceOnDestination { .. } => Reason::OwnPieceOnDestination,
            PlayError::ProtectedPiece { .. } => Reason::ProtectedPiece,
            PlayError::NoEmptySquareBehind => Reason::NoEmptySquareBehind,
            PlayError::NoLegalMove => Reason::NoLegalMove,
            PlayError::PastTheEnd => Reason::PastTheEnd,
            PlayError::NeedsExactThrow { .. } => Reason::NeedsExactThrow,
            PlayError::NotAllInExitRow => Reason::NotAllInExitRow,
            PlayError::CannotMoveBack => Reason::CannotMoveBack,
            PlayError::FirstMoveFrom { .. } => Reason::FirstMoveFrom,
            PlayError::MustMove => Reason::MustMove,
        })
    }

    /// A stable machine-readable code, for the wire and for logs: the
    /// reason's code ([`Reason::code`]), or `game_over`.
    #[must_use]
    pub const fn code(&self) -> &'static str {
        match self.reason() {
            Some(reason) => reason.code(),
            None => "game_over",
        }
    }
}

impl fmt::Display for PlayError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PlayError::GameOver => f.write_str("the game is over"),
            PlayError::NoPieceOfYours { square } => {
                write!(f, "no piece of the side to move stands on square {square}")
            }
            PlayError::MustStopOnHappiness => f.write_str(
                "a piece must stop on the House of Happiness (26) before going beyond it",
            ),
            PlayError::Overshoots => f.write_str(
                "the move goes past the end of the board: pieces bear off only from 28 with 3, 29 with 2 or 30 with 1",
            ),
            PlayError::Blockade { at } => {
                write!(f, "an opponent blockade on square {at} is in the way")
            }
            PlayError::OwnPieceOnDestination { square } => {
                write!(f, "your own piece stands on square {square}")
            }
            PlayError::ProtectedPiece { square } => {
                write!(f, "the opponent piece on square {square} is protected")
            }
            PlayError::NoEmptySquareBehind => f.write_str(
                "no forward move is legal, and this piece has no empty square behind it to move back to",
            ),
            PlayError::NoLegalMove => {
                f.write_str("no move is legal with this throw; the turn is forfeited")
            }
            PlayError::MustMove => {
                f.write_str("a move is legal with this throw, so the turn cannot be forfeited")
            }
            PlayError::PastTheEnd => f.write_str(
                "the move goes past square 30: a piece leaves only by landing exactly on 30",
            ),
            PlayError::NeedsExactThrow { square, throw } => {
                write!(f, "a piece on {square} bears off only with exactly {throw}")
            }
            PlayError::NotAllInExitRow => f.write_str(
                "a piece bears off only while every piece of its side is in row 3 (21 to 30)",
            ),
            PlayError::CannotMoveBack => f.write_str(
                "no piece can move forward, and this piece cannot move back by the full throw onto an empty square",
            ),
            PlayError::FirstMoveFrom { square } => {
                write!(f, "the first move must be made with the piece on {square}")
            }
        }
    }
}

impl std::error::Error for PlayError {}
