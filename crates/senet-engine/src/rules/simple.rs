//! The popular web version as specified in `rules-simple.md`: dark sides
//! count, 6 for none; no mandatory stop, no blockades and no backward
//! moves; pieces bear off past 30, but from 28 and 29 only with 3 and 2.

use crate::kendall_v1::Rules;
use crate::kendall_v1::moves::{Direction, Move, MoveList, PlayError};
use crate::kendall_v1::position::{Position, PositionError};
use crate::kendall_v1::throw::{Throw, ThrowError};
use crate::model::StickSide;
use crate::rules::bits::{check_pieces, guarded, span};
use crate::rules::sticks::{StickRules, moves_of};
use crate::rules::{Kendall, RuleSetId};
use crate::square::Square;
use crate::sticks::Sticks;

/// Pieces each side starts with.
const PIECES: u8 = 5;

/// The safe squares, where a piece is defended on its own.
const SAFE: u32 = (1 << 26) | (1 << 28) | (1 << 29);

/// The most a throw moves: 6, when no stick shows its dark side.
const MAX: usize = 6;

/// Masks that depend only on the throw, worked out once.
struct ThrowMasks {
    /// Pieces this throw keeps on the board.
    stays_on_board: u32,
    /// Pieces this throw carries past 30 and off: every square from which
    /// it goes past 30, but 28 only with 3 and 29 only with 2.
    bears_off: u32,
}

const fn throw_masks(t: u32) -> ThrowMasks {
    let mut bears_off = span(31 - t, 30);
    if t != 3 {
        bears_off &= !(1 << 28);
    }
    if t != 2 {
        bears_off &= !(1 << 29);
    }
    ThrowMasks {
        stays_on_board: span(1, 30 - t),
        bears_off,
    }
}

const THROW_MASKS: [ThrowMasks; MAX + 1] = {
    let mut table = [const {
        ThrowMasks {
            stays_on_board: 0,
            bears_off: 0,
        }
    }; MAX + 1];
    let mut t = 1;
    while t <= MAX {
        table[t] = throw_masks(t as u32);
        t += 1;
    }
    table
};

/// The simple rules of the popular web version.
///
/// Five pieces a side on the top row as in the standard rules, Cone first.
/// The sticks count their dark sides, 6 when none is dark; 1, 4 and 6 throw
/// again. A piece moves forward by the throw, jumping freely; it may not
/// land on a friendly piece, nor on a defended opponent (one with a friend
/// beside it, or on 26, 28 or 29); an undefended one is swapped back. The
/// House of Water (27) sends a piece to 15, or the nearest empty square
/// below it. A move past 30 bears off, but from 28 only with 3 and from 29
/// only with 2. No move: the turn passes.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct Simple;

impl Simple {
    /// The pieces of the side to move that may move forward.
    fn forward(position: &Position, throw: Throw) -> u32 {
        let mover = position.to_move();
        let own = position.board(mover);
        let theirs = position.board(mover.opponent());
        let t = u32::from(throw.value());
        let masks = &THROW_MASKS[(t as usize).min(MAX)];
        let landing = (own & masks.stays_on_board) << t;
        ((landing & !own & !guarded(theirs, SAFE)) >> t) | (own & masks.bears_off)
    }
}

impl Rules for Simple {
    fn id(&self) -> RuleSetId {
        RuleSetId::Simple
    }

    fn pieces_per_side(&self) -> u8 {
        PIECES
    }

    fn side_letters(&self) -> [char; 2] {
        ['c', 's']
    }

    fn start(&self) -> Position {
        Kendall.start()
    }

    fn throw(&self, value: u8) -> Result<Throw, ThrowError> {
        if matches!(value, 1..=4 | 6) {
            Ok(Throw::new_unchecked(value))
        } else {
            Err(ThrowError {
                given: value.to_string(),
                allowed: "1, 2, 3, 4 or 6",
            })
        }
    }

    /// The number of dark sides up, 6 when there is none. **Decision**
    /// (spec): each stick falls dark with probability 1/2, so 1, 2, 3, 4
    /// and 6 come 4, 6, 4, 1 and 1 times in 16.
    fn score(&self, sticks: Sticks) -> Throw {
        match 4 - sticks.light_count() {
            0 => Throw::new_unchecked(6),
            darks => Throw::new_unchecked(darks),
        }
    }

    fn extra_throw(&self, throw: Throw) -> bool {
        matches!(throw.value(), 1 | 4 | 6)
    }

    fn legal_moves(&self, position: &Position, throw: Throw) -> MoveList {
        moves_of(self, position, throw)
    }

    fn explain_illegal(&self, position: &Position, throw: Throw, from: Square) -> PlayError {
        let mover = position.to_move();
        if position.piece_at(from) != Some(mover) {
            return PlayError::NoPieceOfYours { square: from };
        }
        let p = from.number();
        let d = u32::from(p) + u32::from(throw.value());
        if d > 30 {
            // Only 28 and 29 are kept from bearing off past 30.
            return PlayError::NeedsExactThrow {
                square: from,
                throw: 31 - p,
            };
        }
        let square = Square::new_unchecked(d as u8);
        match position.piece_at(square) {
            Some(side) if side == mover => PlayError::OwnPieceOnDestination { square },
            Some(_) => PlayError::ProtectedPiece { square },
            // Unreachable for a piece whose move was rejected.
            None => PlayError::NoLegalMove,
        }
    }

    fn validate(&self, position: &Position) -> Result<(), PositionError> {
        check_pieces(position, PIECES)
    }
}

impl StickRules for Simple {
    const COUNTED: StickSide = StickSide::Dark;

    fn movers(&self, position: &Position, throw: Throw) -> (u32, Direction) {
        (Simple::forward(position, throw), Direction::Forward)
    }

    /// A move past 30 is a bear-off, a move onto an opponent a swap and a
    /// move onto 27 the House of Water's, which here sends a piece where
    /// the standard rules' does (15, else the nearest empty square below).
    fn resolve(&self, position: &Position, throw: Throw, from: u32, direction: Direction) -> Move {
        Kendall::resolve(position, throw, from, direction)
    }
}
